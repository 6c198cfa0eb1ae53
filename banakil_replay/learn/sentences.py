"""Hint sentences about scoring, the match and wild cards, each built from the rule set in force.

The sentences about moves live in :mod:`banakil_replay.play.rule_text`; these add what the
exercises need beyond moves (card values, a hand's score, the end of a match, how wild cards
move). Each is a :class:`Sentence`: the text, which says no number the rule set does not hold,
and the sources of the knobs it reads under the rule set in force (for feedback to cite).

>>> from ..rules import get_ruleset
>>> card_values(get_ruleset("classic")).text
'a 3 to 6 counts ½, a 7 to K 1, an ace 1½, a 2 2 and a joker 4'
>>> match_end(get_ruleset("eram"), 4).text
'a side that alone reaches 202 wins; when both reach it, the higher wins only with a lead of more than 5, otherwise play goes on'
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ACE_RANK, JOKER, TWO_RANK, Card
from ..citations import cite
from ..i18n import _
from ..play.rule_text import never_melded_score
from ..rules import Ruleset


class Sentence(NamedTuple):
    text: str
    source: str


def half(x: float) -> str:
    """Points as the guide writes them: ½, 1½, 4, -20."""
    whole, rest = divmod(abs(x), 1)
    sign = "-" if x < 0 else ""
    if rest == 0.5:
        return f"{sign}{int(whole) if whole else ''}½"
    return f"{sign}{abs(x):g}"


def sources(rules: Ruleset, *knobs: str) -> str:
    """The sources of these knobs under ``rules``: only what the rule set in force rests on."""
    return cite(rules, *knobs)


def card_values(rules: Ruleset) -> Sentence:
    v = rules.value
    text = _("a 3 to 6 counts {low}, a 7 to K {high}, an ace {ace}, a 2 {two} and a joker {joker}").format(
        low=half(v(Card(3, "H"))), high=half(v(Card(7, "H"))), ace=half(v(Card(ACE_RANK, "H"))),
        two=half(v(Card(TWO_RANK, "H"))), joker=half(v(JOKER)))
    return Sentence(text, sources(rules, "card_values", "ace_value"))


def hand_score(rules: Ruleset, players: int) -> Sentence:
    """How one player's (and, at four, one side's) hand score is made under ``rules``."""
    parts: list[str] = []
    knobs = ["going_out_bonus", "rounding"]
    if rules.team_scoring == "laid_cards" and players == 4:
        parts.append(_("the side that went out scores {bonus} plus every card its two players laid this hand; "
                       "each player of the other side loses the points he holds").format(
                           bonus=half(rules.going_out_bonus)))
        knobs.append("team_scoring")
    elif rules.team_scoring == "laid_cards":
        parts.append(_("the player who went out scores {bonus} plus every card he laid; the other loses the "
                       "points he holds").format(bonus=half(rules.going_out_bonus)))
    else:
        parts.append((_("a player scores his meld area minus the points still in his hand, plus {bonus} if he "
                        "went out") if rules.meld_credit == "meld_area" else
                      _("a player scores the cards he laid himself minus the points still in his hand, plus {bonus} "
                        "if he went out")).format(bonus=half(rules.going_out_bonus)))
        flat = never_melded_score(rules)
        if flat is not None:
            parts.append(_("a player who never melded scores a flat {score} instead").format(score=half(flat)))
            knobs.append("never_melded")
        if rules.finished_without_opening is not None:
            parts.append(_("one who went out only by adding to melds scores {score}").format(
                score=half(rules.finished_without_opening)))
            knobs.append("finished_without_opening")
        if players == 4:
            knobs += ["team_scoring", "meld_credit"]
            parts.append(_("the side that went out scores only the out-goer's score; the other side adds its two "
                           "scores and subtracts the out-goer's partner's") if rules.team_scoring == "out_goer"
                         else _("each side adds its two players' scores"))
    if rules.all_at_once == "flat":
        flat_text = (_("going out all at once with nothing laid before (a dhamoon) scores a flat {score} while "
                       "none of the other three has a meld on the table")
                     if players == 4 and rules.dhamoon_needs_others_unmelded else
                     _("going out all at once with nothing laid before (a dhamoon) scores a flat {score}"))
        parts.append(flat_text.format(score=half(rules.all_at_once_value)))
        knobs += ["all_at_once", "all_at_once_value"]
    elif rules.all_at_once == "team_minimum":
        low, high = rules.cold_hand_values
        cold = (_("going out all at once (a cold hand) scores the side {low} if the opponents had melded, {high} "
                  "if not, or its ordinary total when higher, and the opponents 0") if rules.cold_hand_at_least else
                _("going out all at once (a cold hand) scores the side {low} if the opponents had melded, {high} "
                  "if not, and the opponents 0"))
        parts.append(cold.format(low=half(low), high=half(high)))
        knobs += ["cold_hand_values", "cold_hand_at_least"]
    parts.append({"side_total": _("half points are rounded once per side, in the side's favour (36.5 to 37, "
                                  "-5.5 to -5)"),
                  "per_player": _("each player's score is rounded in his favour on its own (2.5 held costs 2)"),
                  "none": _("half points are kept")}[rules.rounding])
    return Sentence(_("; ").join(parts), sources(rules, *knobs))


def match_end(rules: Ruleset, players: int) -> Sentence:
    t = rules.target(players)
    if rules.match_end == "gap_tiebreak":
        text = _("a side that alone reaches {target} wins; when both reach it, the higher wins only with a lead "
                 "of more than {gap}, otherwise play goes on").format(target=t, gap=rules.tiebreak_gap)
    else:
        text = _("the match ends after the first hand in which a total reaches {target}; the higher total wins, "
                 "even if both sides passed it, and a tie at the top plays on").format(target=t)
    return Sentence(text, sources(rules, "targets", "match_end"))


def wild_movement(rules: Ruleset) -> Sentence:
    two = {
        "free": _("a 2 in a run may move to make room, as long as the run stays valid"),
        "slide_to_open_end": _("a 2 stays put until the card it stands for is laid; then it slides to an open end"),
        "low_or_high_end": _("a 2 stays put until the card it stands for is laid; then it goes to the low end, or "
                             "to the high end if the run holds a 3"),
    }[rules.two_movement]
    joker = (_("a joker moves like that too") if rules.joker_movement == "free"
             else _("a joker keeps the card it stands for"))
    return Sentence(_("; ").join((two, joker)), sources(rules, "two_movement", "joker_movement"))


__all__ = ["Sentence", "half", "sources", "card_values", "hand_score", "match_end", "wild_movement"]
