"""The rule sets' differences in words, for a reader who has not met the engine's knob names.

:func:`rules_in_words` is :func:`~banakil_replay.rules.differences` with each knob asked as a
question and each value said in the course's words (lesson 8): the knob names and their sources
stay in the README's table, for developers. A knob or value with no words here falls back to the
engine's name, so a new knob still shows (and a test notices it).

The questions and answers are said in the reader's language when the table is built (the tables mark
them for the catalog); the rule sets' names, the columns, stay as typed, as everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..i18n import N_, _, ngettext, pgettext
from ..rules import RULESETS, differences, format_knob

if TYPE_CHECKING:  # only for annotations: pandas is imported when the table is built
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = ["QUESTIONS", "VALUES", "rules_in_words"]

#: Each knob on which the rule sets differ, as the question it answers.
QUESTIONS: dict[str, str] = {
    "player_counts": N_("how many play"),
    "opening": N_("how a hand starts"),
    "ace_low": N_("may the ace play low (A-2-3)?"),
    "ace_value": N_("what an ace is worth"),
    "discard_limit": N_("which card taken from the pile may not go back the same turn"),
    "partner_melds": N_("when you may add to your partner's melds"),
    "two_movement": N_("how a 2 in a run may move"),
    "joker_movement": N_("how a joker in a run may move"),
    "joker_swap": N_("which card may take a joker's place"),
    "max_run_length": N_("the longest run"),
    "thirteenth_card_two": N_("may a 2 stay as a 13th card?"),
    "go_out_without_discard": N_("may you go out by melding every card?"),
    "empty_stock": N_("when the stock runs out"),
    "max_reshuffles": N_("how often the pile becomes a new stock"),
    "team_scoring": N_("a partnership's score"),
    "meld_credit": N_("whom the cards on the table count for"),
    "finished_without_opening": N_("going out without ever melding scores"),
    "all_at_once": N_("going out all at once scores"),
    "cold_hand_values": N_("a cold hand's value (opponents melded / not)"),
    "cold_hand_at_least": N_("is the cold hand's value a minimum?"),
    "rounding": N_("half points"),
    "targets": N_("the target"),
    "match_end": N_("when the match ends"),
    "tiebreak_gap": N_("the lead that wins when both pass the target"),
}

#: Each knob value in words.
VALUES: dict[str, str] = {
    "upcard": N_("one card turned up to start the pile"),
    "starter_19": N_("the starter gets a 19th card"),
    "lone_top_card": N_("a card taken alone"),
    "any_taken": N_("any card taken"),
    "after_own_meld": N_("once you have melded"),
    "always": N_("at any time"),
    "free": N_("anywhere the run stays valid"),
    "low_or_high_end": N_("to an end, when its card is laid"),
    "slide_to_open_end": N_("slides to an open end"),
    "locked": N_("it stays where it was laid"),
    "valid_result": N_("any natural card that keeps the meld valid"),
    "exact_card": N_("only the card it stands for"),
    "dead_unscored": N_("a dead hand: nobody scores"),
    "reshuffle_then_scored": N_("the pile becomes a new stock (twice), then the hand is scored"),
    "out_goer": N_("the player who went out; the other side adds its two and subtracts his partner"),
    "sum": N_("each side adds its two players"),
    "laid_cards": N_("20 plus every card the side laid; the others lose their hands"),
    "meld_area": N_("his meld area"),
    "cards_laid": N_("whoever laid them"),
    "flat": N_("the dhamoon: a flat 40 for the player"),
    "team_minimum": N_("a cold hand: a value for the side"),
    "none": N_("nothing special"),
    "side_total": N_("rounded once per side"),
    "per_player": N_("rounded for each player"),
    "first_to_reach": N_("after the hand in which a side reaches the target; the higher total wins"),
    "gap_tiebreak": N_("when a side alone passes the target, or leads by more than the gap"),
}


def _said(value: Any) -> str:
    """A number, a list of numbers or (players, target) pairs, in the reader's words (English: as the
    engine's table writes them, with "players" for "p")."""
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return pgettext("list separator", ", ").join(
            ngettext("{players} player: {target}", "{players} players: {target}", a).format(players=a, target=b)
            for a, b in value)
    if isinstance(value, tuple):
        return pgettext("list separator", ", ").join(_said(v) for v in value)
    return format_knob(value).replace("1.5", "1½")


def _words(knob: str, value: Any, rules: str) -> str:
    if knob.startswith("cold_hand") and RULESETS[rules].all_at_once != "team_minimum":
        return _("(no cold hand)")
    if knob == "max_reshuffles":
        # English says "times" for one as well (as it always has); Arabic picks its form by the count
        return pgettext("how often", "never") if value == 0 else ngettext(
            "at most {n} times a hand", "at most {n} times a hand", value).format(n=value)
    if knob == "rounding" and value == "none":
        return _("kept")
    if knob == "finished_without_opening" and value is None:
        return _("no such case")
    if isinstance(value, bool):
        return pgettext("answer", "yes") if value else pgettext("answer", "no")
    if isinstance(value, str):
        return _(VALUES[value]) if value in VALUES else value
    return _said(value)


def rules_in_words(names: Sequence[str] = tuple(RULESETS)) -> "pd.DataFrame":
    """One row per rule on which the named rule sets differ: the question, then each rule set's answer in words."""
    import pandas as pd  # deferred on purpose: pandas is heavy and only the tables need it

    rule = pgettext("table column", "rule")
    rows = [{rule: _(QUESTIONS[row["knob"]]) if row["knob"] in QUESTIONS else row["knob"],
             **{n: _words(row["knob"], row[n], n) for n in names}}
            for row in differences(tuple(names))]
    return pd.DataFrame(rows, columns=[rule, *names]).set_index(rule)
