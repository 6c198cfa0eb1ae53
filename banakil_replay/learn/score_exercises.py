"""Exercises about the score: score this hand, who won this match.

``scoring.score_hand`` decides a hand's score and gives its working (``HandScore.explain``);
``scoring.match_status`` decides whether a match is over and who won it. The exercises' own words are
catalog templates, said in the language spoken when they are asked for; the working is the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, pgettext
from ..play.rule_text import never_melded_score
from ..rulebook import Rule
from ..rules import Ruleset
from ..scoring import HandInput, HandScore, MatchStatus, Number, match_status, score_hand
from ..seats import partner_of, side_of, sides_of
from .model import Exercise, Feedback, Reason, Shown, num, parse_number, parse_side
from .sentences import card_values, hand_score, match_end, sources


def side_name(side: int, players: int, short: bool = False) -> str:
    """``side 0 (seats 0 and 2)`` at four players (``side 0`` when ``short``), ``seat 1`` otherwise."""
    if players == 4:
        a, b = sides_of(players)[side]
        return (_("side {side}").format(side=side) if short else
                _("side {side} (seats {a} and {b})").format(side=side, a=a, b=b))
    return _("seat {seat}").format(seat=side)


def score_sources(rules: Ruleset, hand: HandInput) -> str:
    """The sources, under ``rules``, of the knobs this hand's score turns on (not of every scoring rule)."""
    knobs = ["rounding"]
    if hand.went_out is not None:
        knobs.append("going_out_bonus")
    if any(not s.opened for s in hand.seats) and never_melded_score(rules) is not None:
        knobs.append("never_melded")
    if hand.n == 4:
        knobs.append("team_scoring")
    if hand.all_at_once and rules.all_at_once != "none":
        knobs.append("cold_hand_values" if rules.all_at_once == "team_minimum" else "all_at_once")
    return sources(rules, *knobs)


@dataclass(frozen=True)
class ScoreHand(Exercise[float]):
    """What does this side score for this finished hand?"""

    hand: HandInput
    side: int
    seat_names: tuple[str, ...] = ()

    kind = "score-hand"
    form = "number"

    def _seat(self, i: int) -> str:
        name = self.seat_names[i] if i < len(self.seat_names) else ""
        return _("seat {seat} ({name})").format(seat=i, name=name) if name else _("seat {seat}").format(seat=i)

    @property
    def question(self) -> str:
        return _("What does {side} score for this hand? Type a number.").format(
            side=side_name(self.side, self.hand.n))

    def shows(self) -> tuple[Shown, ...]:
        area = self.rules.meld_credit == "meld_area"
        sep = pgettext("clause separator", "; ")
        out: list[Shown] = []
        for i, s in enumerate(self.hand.seats):
            notes = []
            if self.hand.went_out == i:
                notes.append(_("went out all at once") if self.hand.all_at_once else _("went out"))
            if not s.opened:
                notes.append(_("never melded"))
            if not s.had_turn:
                notes.append(_("had no turn"))
            seat = self._seat(i)
            if s.melded_cards is not None and s.in_hand_cards is not None:
                credit = _("{seat}, meld area") if area else _("{seat}, cards laid")
                out.append(Shown(credit.format(seat=seat), s.melded_cards, sep.join(notes)))
                out.append(Shown(_("{seat}, in hand").format(seat=seat), s.in_hand_cards))
            else:
                text = (_("{melded} points in his meld area, {held} in hand") if area else
                        _("{melded} points in the cards he laid, {held} in hand")).format(
                    melded=num(s.melded), held=num(s.in_hand))
                out.append(Shown(seat, (), sep.join([text] + notes)))
        if self.hand.went_out is None:
            out.append(Shown(_("nobody went out"), (), _("the stock ran out")))
        return tuple(out)

    def parse(self, text: str) -> float:
        return parse_number(text)

    def score(self) -> HandScore:
        return score_hand(self.rules, self.hand)

    def expected(self) -> Number:
        return self.score().sides[self.side]

    def judge(self, answer: float) -> Feedback:
        score, want = self.score(), self.expected()
        who = side_name(self.side, self.hand.n)
        working = tuple(score.explain) + self._sum_line(score)
        source = score_sources(self.rules, self.hand)
        if abs(answer - want) < 1e-9:
            return Feedback(True, (Reason(_("{who} scores {points}").format(who=who, points=num(want)), None, source),),
                            working)
        wrong = _("{who} does not score {points}; the engine's working:").format(who=who, points=num(answer))
        return Feedback(False, (Reason(wrong, None, source),), working)

    def _sum_line(self, score: HandScore) -> tuple[str, ...]:
        """The asked side's figures added up to the answer, saying where rounding changed the sum."""
        hand, rules, side = self.hand, self.rules, self.side
        if score.dead or score.cold_hand or not score.seats:
            return ()  # a dead hand and a cold hand's flat score have no sum to show
        raw, n, out = score.seats, hand.n, hand.went_out
        terms: list[tuple[int, float]]  # (+1 or -1, a seat's score)
        if n < 4:
            terms = [(1, raw[side])]
        elif rules.team_scoring == "out_goer" and out is not None and (partner := partner_of(out, n)) is not None:
            terms = [(1, raw[out])] if side == side_of(out, n) else (
                [(1, raw[i]) for i in sides_of(n)[side]] + [(-1, raw[partner])])
        else:
            terms = [(1, raw[i]) for i in sides_of(n)[side]]
        total, want = sum(sign * t for sign, t in terms), score.sides[side]

        def shown(t: float) -> str:
            return num(t) if t >= 0 else f"({num(t)})"

        added = shown(terms[0][1]) + "".join(f" {'+' if sign > 0 else '-'} {shown(t)}" for sign, t in terms[1:])
        sum_said = f"{added} = {num(total)}" if len(terms) > 1 else num(total)  # arithmetic: the same in any language
        who = side_name(side, n, short=True)
        if abs(total - want) < 1e-9:
            return (_("So {who}: {sum}.").format(who=who, sum=sum_said),)
        how = (_("So {who}: {sum}, each player's score rounded in his favour: {points} [{sources}].")
               if rules.rounding == "per_player" else
               _("So {who}: {sum}, rounded in the side's favour: {points} [{sources}].") if n == 4 else
               _("So {who}: {sum}, rounded in the player's favour: {points} [{sources}]."))
        return (how.format(who=who, sum=sum_said, points=num(want), sources=sources(rules, "rounding")),)

    def hint(self) -> str:
        return _("Card values: {values}. The score: {score}.").format(
            values=card_values(self.rules).text, score=hand_score(self.rules, self.hand.n).text)

    def solution(self) -> str:
        return _("{answer}: {why}").format(answer=num(self.expected()), why=" ".join(self.score().explain))

    def answer_text(self) -> str:
        return num(self.expected())


@dataclass(frozen=True)
class MatchWinner(Exercise[int | None]):
    """Who has won this match, after these hands? (none while it goes on)"""

    players: int
    rows: tuple[tuple[Number, ...], ...]

    kind = "match-winner"
    form = "side"

    @property
    def sides(self) -> int:
        return len(sides_of(self.players))

    def status(self) -> MatchStatus:
        return match_status(self.rules, self.players, self.rows)

    @property
    def question(self) -> str:
        asked = (_("Here is the score sheet of a match to {target}, one line per hand (side 0 is seats 0 and 2, side 1 "
                   "seats 1 and 3). Who has won it? Type the winner's number, or none if the match goes on.")
                 if self.players == 4 else
                 _("Here is the score sheet of a match to {target}, one line per hand. Who has won it? Type the "
                   "winner's number, or none if the match goes on."))
        return asked.format(target=self.rules.target(self.players))

    def shows(self) -> tuple[Shown, ...]:
        def line(values: tuple[Number, ...]) -> str:
            return pgettext("list separator", ", ").join(
                _("{side}: {score}").format(side=side_name(i, self.players, short=True), score=num(v))
                for i, v in enumerate(values))

        return tuple(Shown(_("hand {hand}").format(hand=k + 1), (), line(row)) for k, row in enumerate(self.rows)) + (
            Shown(pgettext("score sheet", "totals"), (), line(self.status().totals)),)

    def parse(self, text: str) -> int | None:
        return parse_side(text, self.sides)

    def _reason(self) -> Reason:
        st = self.status()
        t = st.target
        source = match_end(self.rules, self.players).source
        if st.winner is not None:
            text = _("{side} has won with {points} (target {target})").format(
                side=side_name(st.winner, self.players), points=num(st.totals[st.winner]), target=t)
        elif st.tiebreak:
            first, second = sorted(st.totals, reverse=True)[:2]
            text = (_("no side has won yet: the top totals are equal, so play goes on") if first == second else
                    _("no side has won yet: more than one side has reached {target} and the lead is {lead}, not more "
                      "than {gap}, so play goes on").format(target=t, lead=num(first - second),
                                                             gap=self.rules.tiebreak_gap))
        else:
            text = _("no side has won yet: nobody has reached {target}").format(target=t)
        return Reason(text, Rule.MATCH_END, source)

    def judge(self, answer: int | None) -> Feedback:
        return Feedback(answer == self.status().winner, (self._reason(),))

    def hint(self) -> str:
        return _("The end of a match: {end}.").format(end=match_end(self.rules, self.players).text)

    def solution(self) -> str:
        return _("{answer}: {why}").format(answer=self.answer_text(), why=self._reason().text)

    def answer_text(self) -> str:
        winner = self.status().winner
        return pgettext("answer", "none") if winner is None else str(winner)


__all__ = ["ScoreHand", "MatchWinner", "side_name", "score_sources"]
