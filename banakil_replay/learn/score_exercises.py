"""Exercises about the score: score this hand, who won this match.

``scoring.score_hand`` decides a hand's score and gives its working (``HandScore.explain``);
``scoring.match_status`` decides whether a match is over and who won it.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        return f"side {side}" if short else f"side {side} (seats {a} and {b})"
    return f"seat {side}"


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
        return f"seat {i}" + (f" ({name})" if name else "")

    @property
    def question(self) -> str:
        return f"What does {side_name(self.side, self.hand.n)} score for this hand? Type a number."

    def shows(self) -> tuple[Shown, ...]:
        credit = "meld area" if self.rules.meld_credit == "meld_area" else "cards laid"
        out: list[Shown] = []
        for i, s in enumerate(self.hand.seats):
            notes = []
            if self.hand.went_out == i:
                notes.append("went out all at once" if self.hand.all_at_once else "went out")
            if not s.opened:
                notes.append("never melded")
            if not s.had_turn:
                notes.append("had no turn")
            if s.melded_cards is not None and s.in_hand_cards is not None:
                out.append(Shown(f"{self._seat(i)}, {credit}", s.melded_cards, "; ".join(notes)))
                out.append(Shown(f"{self._seat(i)}, in hand", s.in_hand_cards))
            else:
                laid = "his meld area" if self.rules.meld_credit == "meld_area" else "the cards he laid"
                text = f"{num(s.melded)} points in {laid}, {num(s.in_hand)} in hand"
                out.append(Shown(self._seat(i), (), "; ".join([text] + notes)))
        if self.hand.went_out is None:
            out.append(Shown("nobody went out", (), "the stock ran out"))
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
            return Feedback(True, (Reason(f"{who} scores {num(want)}", None, source),), working)
        return Feedback(False, (Reason(f"{who} does not score {num(answer)}; the engine's working:", None, source),),
                        working)

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
        line = f"So {side_name(side, n, short=True)}: " + (f"{added} = {num(total)}" if len(terms) > 1 else num(total))
        if abs(total - want) < 1e-9:
            return (line + ".",)
        how = ("each player's score rounded in his favour" if rules.rounding == "per_player"
               else "rounded in the side's favour" if n == 4 else "rounded in the player's favour")
        return (f"{line}, {how}: {num(want)} [{sources(rules, 'rounding')}].",)

    def hint(self) -> str:
        return (f"Card values: {card_values(self.rules).text}. The score: "
                f"{hand_score(self.rules, self.hand.n).text}.")

    def solution(self) -> str:
        return f"{num(self.expected())}: " + " ".join(self.score().explain)

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
        teams = " (side 0 is seats 0 and 2, side 1 seats 1 and 3)" if self.players == 4 else ""
        return (f"Here is the score sheet of a match to {self.rules.target(self.players)}, one line per hand{teams}. "
                "Who has won it? Type the winner's number, or none if the match goes on.")

    def shows(self) -> tuple[Shown, ...]:
        def line(values: tuple[Number, ...]) -> str:
            return ", ".join(f"{side_name(i, self.players, short=True)}: {num(v)}" for i, v in enumerate(values))

        return tuple(Shown(f"hand {k + 1}", (), line(row)) for k, row in enumerate(self.rows)) + (
            Shown("totals", (), line(self.status().totals)),)

    def parse(self, text: str) -> int | None:
        return parse_side(text, self.sides)

    def _reason(self) -> Reason:
        st = self.status()
        t = st.target
        source = match_end(self.rules, self.players).source
        if st.winner is not None:
            text = f"{side_name(st.winner, self.players)} has won with {num(st.totals[st.winner])} (target {t})"
        elif st.tiebreak:
            first, second = sorted(st.totals, reverse=True)[:2]
            why = ("the top totals are equal" if first == second else
                   f"more than one side has reached {t} and the lead is {num(first - second)}, not more than "
                   f"{self.rules.tiebreak_gap}")
            text = f"no side has won yet: {why}, so play goes on"
        else:
            text = f"no side has won yet: nobody has reached {t}"
        return Reason(text, Rule.MATCH_END, source)

    def judge(self, answer: int | None) -> Feedback:
        return Feedback(answer == self.status().winner, (self._reason(),))

    def hint(self) -> str:
        return f"The end of a match: {match_end(self.rules, self.players).text}."

    def solution(self) -> str:
        winner = self.status().winner
        return ("none" if winner is None else str(winner)) + ": " + self._reason().text

    def answer_text(self) -> str:
        winner = self.status().winner
        return "none" if winner is None else str(winner)


__all__ = ["ScoreHand", "MatchWinner", "side_name", "score_sources"]
