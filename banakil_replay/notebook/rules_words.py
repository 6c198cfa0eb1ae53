"""The rule sets' differences in words, for a reader who has not met the engine's knob names.

:func:`rules_in_words` is :func:`~banakil_replay.rules.differences` with each knob asked as a
question and each value said in the course's words (lesson 8): the knob names and their sources
stay in the README's table, for developers. A knob or value with no words here falls back to the
engine's name, so a new knob still shows (and a test notices it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..rules import RULESETS, differences, format_knob

if TYPE_CHECKING:  # only for annotations: pandas is imported when the table is built
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = ["QUESTIONS", "VALUES", "rules_in_words"]

#: Each knob on which the rule sets differ, as the question it answers.
QUESTIONS: dict[str, str] = {
    "player_counts": "how many play",
    "opening": "how a hand starts",
    "ace_low": "may the ace play low (A-2-3)?",
    "ace_value": "what an ace is worth",
    "discard_limit": "which card taken from the pile may not go back the same turn",
    "partner_melds": "when you may add to your partner's melds",
    "two_movement": "how a 2 in a run may move",
    "joker_movement": "how a joker in a run may move",
    "joker_swap": "which card may take a joker's place",
    "max_run_length": "the longest run",
    "thirteenth_card_two": "may a 2 stay as a 13th card?",
    "go_out_without_discard": "may you go out by melding every card?",
    "empty_stock": "when the stock runs out",
    "max_reshuffles": "how often the pile becomes a new stock",
    "team_scoring": "a partnership's score",
    "meld_credit": "whom the cards on the table count for",
    "finished_without_opening": "going out without ever melding scores",
    "all_at_once": "going out all at once scores",
    "cold_hand_values": "a cold hand's value (opponents melded / not)",
    "cold_hand_at_least": "is the cold hand's value a minimum?",
    "rounding": "half points",
    "targets": "the target",
    "match_end": "when the match ends",
    "tiebreak_gap": "the lead that wins when both pass the target",
}

#: Each knob value in words.
VALUES: dict[str, str] = {
    "upcard": "one card turned up to start the pile",
    "starter_19": "the starter gets a 19th card",
    "lone_top_card": "a card taken alone",
    "any_taken": "any card taken",
    "after_own_meld": "once you have melded",
    "always": "at any time",
    "free": "anywhere the run stays valid",
    "low_or_high_end": "to an end, when its card is laid",
    "slide_to_open_end": "slides to an open end",
    "locked": "it stays where it was laid",
    "valid_result": "any natural card that keeps the meld valid",
    "exact_card": "only the card it stands for",
    "dead_unscored": "a dead hand: nobody scores",
    "reshuffle_then_scored": "the pile becomes a new stock (twice), then the hand is scored",
    "out_goer": "the player who went out; the other side adds its two and subtracts his partner",
    "sum": "each side adds its two players",
    "laid_cards": "20 plus every card the side laid; the others lose their hands",
    "meld_area": "his meld area",
    "cards_laid": "whoever laid them",
    "flat": "the dhamoon: a flat 40 for the player",
    "team_minimum": "a cold hand: a value for the side",
    "none": "nothing special",
    "side_total": "rounded once per side",
    "per_player": "rounded for each player",
    "first_to_reach": "after the hand in which a side reaches the target; the higher total wins",
    "gap_tiebreak": "when a side alone passes the target, or leads by more than the gap",
}


def _words(knob: str, value: Any, rules: str) -> str:
    if knob.startswith("cold_hand") and RULESETS[rules].all_at_once != "team_minimum":
        return "(no cold hand)"
    if knob == "max_reshuffles":
        return "never" if value == 0 else f"at most {value} times a hand"
    if knob == "rounding" and value == "none":
        return "kept"
    if knob == "finished_without_opening" and value is None:
        return "no such case"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return VALUES.get(value, value)
    return format_knob(value).replace("p: ", " players: ").replace("1.5", "1½")


def rules_in_words(names: Sequence[str] = tuple(RULESETS)) -> "pd.DataFrame":
    """One row per rule on which the named rule sets differ: the question, then each rule set's answer in words."""
    import pandas as pd  # deferred on purpose: pandas is heavy and only the tables need it

    rows = [{"rule": QUESTIONS.get(row["knob"], row["knob"]), **{n: _words(row["knob"], row[n], n) for n in names}}
            for row in differences(tuple(names))]
    return pd.DataFrame(rows, columns=["rule", *names]).set_index("rule")
