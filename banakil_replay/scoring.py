"""Scoring one hand, and a match as a running score sheet.

A hand is scored from what each seat is credited with (``melded``: its meld
area under classic rules, the cards it laid itself under ERAM and Kroot) and
what it still holds (``in_hand``), given either as point values or as card
lists. Every step of the computation is kept as a :class:`Line` in ``HandScore.working``, said in
the reader's language when ``HandScore.explain`` is read, so notebooks can show the arithmetic (and a
state scored once reads in any language).

>>> from .rules import get_ruleset
>>> hs = score_hand(get_ruleset("classic"), HandInput.from_values(
...     2, went_out=0, seats=[(16.5, 0), (10.5, 7.5)]))
>>> hs.seats, hs.sides
([36.5, 3.0], [37, 3])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

from . import accepts
from .cards import Card, deck_list, parse_cards
from .deck_holds import deck_overflow
from .errors import MalformedInputError
from .citation_words import said
from .citations import cite
from .i18n import N_, _, ngettext
from .rules import Ruleset
from .seats import partner_of, seat_name, side_of, sides_of

Number = int | float


def round_in_favour(x: float) -> int:
    """Nearest whole number, a half going the scorer's way: 36.5 -> 37, -5.5 -> -5.

    Source: 000 (Scoring), 004 (rounding), 003 (2.5 in hand costs 2).
    """
    return math.floor(x + 0.5)


def tidy(x: float) -> Number:
    """A whole float as an int, for readable JSON (37.0 -> 37, 10.5 stays)."""
    return int(x) if float(x).is_integer() else x


@dataclass(frozen=True, slots=True)
class SeatInput:
    """One seat at the end of a hand."""

    melded: float
    in_hand: float
    opened: bool
    melded_cards: tuple[Card, ...] | None = None
    in_hand_cards: tuple[Card, ...] | None = None
    had_turn: bool = True  # False: somebody went out before this seat ever played (a variant scores 0)


@dataclass(frozen=True)
class HandInput:
    """Everything a hand score depends on, in the ``score`` command's terms."""

    n: int  # how many play: 2, 3 or 4 (the JSON's "players")
    went_out: int | None
    all_at_once: bool
    seats: tuple[SeatInput, ...]

    @classmethod
    def from_values(cls, players: int, *, went_out: int | None,
                    seats: Sequence[tuple[float, float] | tuple[float, float, bool]],
                    all_at_once: bool = False) -> "HandInput":
        built = []
        for s in seats:
            melded, in_hand = float(s[0]), float(s[1])
            opened = bool(s[2]) if len(s) > 2 else melded > 0
            built.append(SeatInput(melded, in_hand, opened))
        return cls(players, went_out, all_at_once, tuple(built)).checked()

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Ruleset, table: int | None = None, *,
                  count_copies: bool = True) -> "HandInput":
        """Read the ``score`` command's input object (see README); errors name the field.

        ``table``: the number of players at a table the hand was played at (a score sheet's);
        ``players`` may then be left out, and any other number is refused. A hand no deck
        could hold is refused; ``count_copies=False`` leaves the copies of each card to a
        caller that reports them itself (the worked examples' card check).
        """
        if not isinstance(data, Mapping):
            raise MalformedInputError(_("score input must be a JSON object"))
        players = data.get("players", table)
        if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
            raise MalformedInputError(_("'players' must be 2, 3 or 4, got {value}").format(value=repr(players)))
        if table is not None and players != table:
            raise MalformedInputError(_("'players' is {players}, but the table has {table} players").format(
                players=players, table=table))
        went_out = data.get("went_out")
        if went_out is not None and (not isinstance(went_out, int) or isinstance(went_out, bool)):
            raise MalformedInputError(_("'went_out' must be a seat number or null, got {value}").format(
                value=repr(went_out)))
        all_at_once = data.get("all_at_once", False)
        if not isinstance(all_at_once, bool):
            raise MalformedInputError(_("'all_at_once' must be true or false, got {value}").format(
                value=repr(all_at_once)))
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list):
            raise MalformedInputError(_("'seats' must be a list with one object per seat"))
        seats = []
        for i, s in enumerate(raw_seats):
            where = f"seats[{i}]"  # a path into the input, as typed
            if not isinstance(s, Mapping):
                raise MalformedInputError(_("{where} must be an object").format(where=where))
            if "melded_cards" in s or "in_hand_cards" in s:
                mc = _cards_field(s, "melded_cards", where)
                hc = _cards_field(s, "in_hand_cards", where)
                m, h = sum(map(rules.value, mc)), sum(map(rules.value, hc))
                cards: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None] = (mc, hc)
            else:
                m, h = _number(s, "melded", where), _number(s, "in_hand", where)
                cards = (None, None)
            opened = _flag(s, "opened", m > 0, where)
            had_turn = _flag(s, "had_turn", True, where)
            seats.append(SeatInput(m, h, opened, *cards, had_turn=had_turn))
        return _in_the_deck(cls(players, went_out, all_at_once, tuple(seats)).checked(), rules, count_copies)

    def checked(self) -> "HandInput":
        if len(self.seats) != self.n:
            raise MalformedInputError(ngettext("{players} players but {count} seat given",
                                               "{players} players but {count} seats given", len(self.seats)).format(
                                                   players=self.n, count=len(self.seats)))
        if self.went_out is not None and not 0 <= self.went_out < self.n:
            raise MalformedInputError(_("'went_out' seat {seat} is not a seat of {players} players").format(
                seat=self.went_out, players=self.n))
        if self.all_at_once and self.went_out is None:
            raise MalformedInputError(_("'all_at_once' needs a seat that went out"))
        return self


def _in_the_deck(hand: HandInput, rules: Ruleset, count_copies: bool = True) -> HandInput:
    """Refuse a hand no deal could leave: more copies of a card than the deck holds, more points than
    all its cards are worth, or cards left in the hand of the seat that went out (going out empties it)."""
    named = [(s.melded_cards or ()) + (s.in_hand_cards or ()) for s in hand.seats]
    too_many = deck_overflow(named, [f"seats[{i}]" for i in range(len(named))]) if count_copies else None
    if too_many:  # 200 A♠ would score, and win a match, though no deck holds them
        raise MalformedInputError(too_many)
    worth = sum(rules.value(c) for c in deck_list())
    points = sum(abs(s.melded) + abs(s.in_hand) for s in hand.seats)
    if points > worth:
        raise MalformedInputError(_("'seats' together hold {points} points, but all 106 cards of the deck are "
                                    "worth {worth} under {rules} rules").format(
                                        points=f"{points:g}", worth=f"{worth:g}", rules=rules.name))
    out = hand.went_out
    if out is not None and (hand.seats[out].in_hand or hand.seats[out].in_hand_cards):
        raise MalformedInputError(_("seats[{seat}] went out, so it holds no cards, but its in_hand is {points} "
                                    "points").format(seat=out, points=f"{hand.seats[out].in_hand:g}"))
    return hand


def _cards_field(s: Mapping[str, Any], key: str, where: str) -> tuple[Card, ...]:
    val = s.get(key, [])
    if not isinstance(val, list):
        raise MalformedInputError(_("{where} must be a list of card codes").format(where=f"{where}.{key}"))
    try:
        return parse_cards(val)
    except MalformedInputError as e:
        raise MalformedInputError(f"{where}.{key}: {e}") from None  # the path, then the card's own sentence


def _flag(s: Mapping[str, Any], key: str, default: bool, where: str) -> bool:
    val = s.get(key, default)
    if not isinstance(val, bool):
        raise MalformedInputError(_("{where} must be true or false, got {value}").format(where=f"{where}.{key}",
                                                                                     value=repr(val)))
    return val


_POINTS = accepts.Number(-1000, 1000)  # far beyond any hand (106 cards are worth under 150), and no overflow


def _number(s: Mapping[str, Any], key: str, where: str) -> float:
    try:
        return float(_POINTS.parse(s.get(key)))
    except ValueError as e:
        raise MalformedInputError(_("{where} must be {accepts}, got {value}").format(
            where=f"{where}.{key}", accepts=e, value=accepts.short_repr(s.get(key)))) from None


# How one seat's raw score was reached: what an explanation of the hand may say about that seat.
Basis = Literal[
    "counted",          # melded minus held (plus the going-out bonus for the seat that went out)
    "never_melded",     # melded nothing: the flat never_melded score, the hand not counted
    "no_turn",          # the variant: no turn before the hand ended, 0
    "finished_unopened",  # went out by adding cards only (002): finished_without_opening
    "all_at_once",      # the flat dhamoon (000, 004)
    "laid",             # Kroot's winning side: the cards the seat laid (+ the bonus for the out-goer)
    "held",             # Kroot's losing side: minus the cards the seat holds
    "dead",             # a dead hand: nobody scores
    "recorded",         # a hand recorded by its result: no working is known
]


@dataclass(frozen=True)
class Seat:
    """A seat named in the working: said as its player's name, else ``Seat N`` in the reader's language."""

    names: tuple[str, ...]
    seat: int
    start: bool = True

    def __str__(self) -> str:
        return seat_name(self.names, self.seat, capital=self.start)


@dataclass(frozen=True)
class Cited:
    """A citation in the working, kept as :func:`~.citations.cite` wrote it and said in the reader's words."""

    text: str

    def __str__(self) -> str:
        return said(self.text)


@dataclass(frozen=True)
class Line:
    """One line of a hand's working: a sentence marked for the catalog and its fields, said when read.

    A hand is scored on every hand's end; the catalog is asked only when someone reads the working.
    """

    text: str
    fields: tuple[tuple[str, object], ...] = ()

    def said(self) -> str:
        return _(self.text).format(**{name: str(value) for name, value in self.fields})


def line(text: str, **fields: object) -> Line:
    return Line(text, tuple(fields.items()))


@dataclass(frozen=True)
class HandScore:
    """Raw per-seat scores, per-side scores after team combination and rounding.

    ``basis[i]`` says how seat ``i``'s raw score was reached and ``cold_hand`` whether the side scores
    were replaced by a cold hand's (opponents 0): sentences about a hand are built from these, so they
    say what the rule set in force did, never what the classic rules would have.
    """

    seats: list[float]  # each seat's points (the JSON's "players")
    sides: list[Number]
    working: list[Line] = field(default_factory=list)
    dead: bool = False
    basis: tuple[Basis, ...] = ()
    cold_hand: bool = False

    @property
    def explain(self) -> list[str]:
        """The working, line by line, in the reader's language."""
        return [ln.said() for ln in self.working]

    def to_json(self) -> dict[str, Any]:
        return {"players": [tidy(p) for p in self.seats], "sides": [tidy(s) for s in self.sides]}


def _fmt(x: float) -> str:
    return f"{tidy(x)}"


def score_hand(rules: Ruleset, hand: HandInput, names: Sequence[str] = ()) -> HandScore:
    """Score one finished hand under ``rules``. Pure; see the module docstring.

    ``names`` (the players, in seat order) name the seats in ``explain``; without them a seat is
    ``Seat 0``, ``Seat 1`` ...

    >>> from .rules import get_ruleset
    >>> score = score_hand(get_ruleset("classic"), HandInput.from_values(2, went_out=1, seats=[(4, 6.5), (12, 0)]))
    >>> score.seats, score.sides
    ([-2.5, 32.0], [-2, 32])
    """
    who = Names(names)
    cited = _citer(rules)
    rules.check_players(hand.n)
    n = hand.n
    if hand.went_out is None and rules.empty_stock == "dead_unscored":
        return HandScore([0.0] * n, [0] * len(sides_of(n)),
                         [line(N_("The stock ran out before anyone went out: the hand is dead and nobody scores it "
                                  "[{sources}]."), sources=cited("empty_stock"))],
                         dead=True, basis=tuple("dead" for _ in range(n)))
    if rules.team_scoring == "laid_cards":
        raw, sides, notes = _laid_cards(rules, hand, cited)
        basis: list[Basis] = ["laid" if hand.went_out is not None and side_of(i, n) == side_of(hand.went_out, n)
                              else "held" for i in range(n)]
    else:
        raw, notes, basis = _seat_scores(rules, hand, who, cited)
        sides, more = _combine(rules, hand, raw, who, cited)
        notes += more
    cold, more = _cold_hand(rules, hand, raw, sides, cited)
    notes += more
    return HandScore(raw, cold, notes, basis=tuple(basis), cold_hand=bool(more))


def _others_melded(hand: HandInput, seats: Iterable[int]) -> bool:
    return any(hand.seats[i].opened or hand.seats[i].melded > 0 for i in seats)


class Names:
    """A seat's name in the working: the player's name when known, else ``Seat N`` (``seat N`` mid-sentence)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(str(n) for n in names)

    def __call__(self, seat: int, start: bool = True) -> Seat:
        return Seat(self.names, seat, start)


Citer = Callable[..., Cited]


def _citer(rules: Ruleset) -> Citer:
    def cited(*topics: str) -> Cited:
        return Cited(cite(rules, *topics))
    return cited


def _seat_scores(rules: Ruleset, hand: HandInput, who: Names,
                 cited: Citer) -> tuple[list[float], list[Line], list[Basis]]:
    raw: list[float] = []
    notes: list[Line] = []
    basis: list[Basis] = []
    for i, s in enumerate(hand.seats):
        out = hand.went_out == i
        basis.append("counted")
        if not s.opened:
            if out and rules.finished_without_opening is not None:
                basis[i] = "finished_unopened"
                raw.append(float(rules.finished_without_opening))
                notes.append(line(N_("{who} went out by adding cards only, never melding one of his own: {score} "
                                     "[{sources}]."), who=who(i), score=_fmt(rules.finished_without_opening),
                                  sources=cited("finished_without_opening")))
            elif rules.no_turn_scores_zero and not s.had_turn:
                basis[i] = "no_turn"
                raw.append(0.0)
                notes.append(line(N_("{who} never had a turn before the hand ended: 0 instead of {score} "
                                     "[{sources}]."), who=who(i), score=_fmt(rules.never_melded),
                                  sources=cited("no_turn_scores_zero")))
            else:
                basis[i] = "never_melded"
                raw.append(float(rules.never_melded))
                notes.append(line(N_("{who} melded nothing: flat {score}, hand not counted."), who=who(i),
                                  score=_fmt(rules.never_melded)))
            continue
        if out and hand.all_at_once and rules.all_at_once == "flat":
            others = [j for j in range(hand.n) if j != i]
            if hand.n < 4 or not rules.dhamoon_needs_others_unmelded or not _others_melded(hand, others):
                basis[i] = "all_at_once"
                raw.append(float(rules.all_at_once_value))
                notes.append(line(N_("{who} went out all at once (dhamoon): flat {score} [{sources}]."), who=who(i),
                                  score=_fmt(rules.all_at_once_value),
                                  sources=cited("all_at_once", "all_at_once_value")))
                continue
            notes.append(line(N_("{who} went out all at once, but another player had melded, so it is scored the "
                                 "ordinary way [{sources}]."), who=who(i),
                              sources=cited("dhamoon_needs_others_unmelded")))
        score = s.melded - s.in_hand + (rules.going_out_bonus if out else 0)
        raw.append(score)
        if out:
            notes.append(line(N_("{who}: {melded} melded - {in_hand} in hand + {bonus} for going out = {score}."),
                              who=who(i), melded=_fmt(s.melded), in_hand=_fmt(s.in_hand),
                              bonus=_fmt(rules.going_out_bonus), score=_fmt(score)))
        else:
            notes.append(line(N_("{who}: {melded} melded - {in_hand} in hand = {score}."), who=who(i),
                              melded=_fmt(s.melded), in_hand=_fmt(s.in_hand), score=_fmt(score)))
    return raw, notes, basis


def _round_side(rules: Ruleset, members: Sequence[float]) -> Number:
    if rules.rounding == "side_total":
        return round_in_favour(sum(members))
    if rules.rounding == "per_player":
        return sum(round_in_favour(m) for m in members)
    return tidy(sum(members))


def _combine(rules: Ruleset, hand: HandInput, raw: list[float], who: Names,
             cited: Citer) -> tuple[list[Number], list[Line]]:
    n = hand.n
    if n < 4:
        return [_round_side(rules, [r]) for r in raw], []
    out = hand.went_out
    if rules.team_scoring == "out_goer" and out is not None:
        partner = partner_of(out, n)
        assert partner is not None  # four players: two sides of two
        out_side = side_of(out, n)
        other = 1 - out_side
        a, b = sides_of(n)[other]
        totals: list[list[float]] = [[], []]
        totals[out_side] = [raw[out]]
        totals[other] = [raw[a], raw[b], -raw[partner]]
        note = line(N_("Side {side} scores only {who}'s score {score}; side {other} adds {first} and {second} "
                       "({first_score} + {second_score}) and subtracts {partner}'s {partner_score} [{sources}]."),
                    side=out_side, who=who(out, False), score=_fmt(raw[out]), other=other, first=who(a, False),
                    second=who(b, False), first_score=_fmt(raw[a]), second_score=_fmt(raw[b]),
                    partner=who(partner, False), partner_score=_fmt(raw[partner]), sources=cited("team_scoring"))
        return [_round_side(rules, t) for t in totals], [note]
    sides = [_round_side(rules, [raw[i] for i in members]) for members in sides_of(n)]
    return sides, [line(N_("Each side adds its two players' scores [{sources}]."), sources=cited("team_scoring"))]


def _laid_cards(rules: Ruleset, hand: HandInput, cited: Citer) -> tuple[list[float], list[Number], list[Line]]:
    """Kroot (003): winners score 20 + every card their side laid; each loser loses his hand."""
    n, out = hand.n, hand.went_out
    raw: list[float] = []
    for i, s in enumerate(hand.seats):
        if out is not None and side_of(i, n) == side_of(out, n):
            raw.append(s.melded + (rules.going_out_bonus if i == out else 0))
        else:
            raw.append(-s.in_hand)
    sides = [_round_side(rules, [raw[i] for i in members]) for members in sides_of(n)]
    notes = [line(N_("Winners (side {side}) score {bonus} + the cards they laid; losers lose the value of their "
                     "hands, each rounded in his favour [{sources}]."), side=side_of(out, n),
                  bonus=_fmt(rules.going_out_bonus), sources=cited("team_scoring", "rounding"))] if out is not None else []
    return raw, sides, notes


def _cold_hand(rules: Ruleset, hand: HandInput, raw: list[float], sides: list[Number],
               cited: Citer) -> tuple[list[Number], list[Line]]:
    out = hand.went_out
    if rules.all_at_once != "team_minimum" or out is None or not hand.all_at_once:
        return sides, []
    n = hand.n
    mine = side_of(out, n)
    opponents = [i for i in range(n) if side_of(i, n) != mine]
    melded = _others_melded(hand, opponents)
    value = rules.cold_hand_values[0 if melded else 1]
    new: list[Number] = [0 for _ in sides]
    best: Number = tidy(value)
    if rules.cold_hand_at_least and sides[mine] > value:
        best = sides[mine]
    new[mine] = best
    said_as = _COLD_HAND[melded, rules.cold_hand_at_least]
    return new, [line(said_as, side=mine, value=_fmt(value), best=_fmt(best),
                      sources=cited("cold_hand_values", "cold_hand_at_least"))]


# (the opponents had melded, the value is a minimum): one whole sentence each
_COLD_HAND = {
    (True, False): N_("Cold hand: the opponents had melded, so side {side} scores {value} (here {best}) and the "
                      "opponents 0 [{sources}]."),
    (True, True): N_("Cold hand: the opponents had melded, so side {side} scores at least {value} (here {best}) and "
                     "the opponents 0 [{sources}]."),
    (False, False): N_("Cold hand: the opponents had melded nothing, so side {side} scores {value} (here {best}) and "
                       "the opponents 0 [{sources}]."),
    (False, True): N_("Cold hand: the opponents had melded nothing, so side {side} scores at least {value} (here "
                      "{best}) and the opponents 0 [{sources}]."),
}


# ------------------------------------------------------------------- match
@dataclass(frozen=True)
class MatchStatus:
    """A running score sheet after some hands."""

    target: int
    hands: tuple[tuple[Number, ...], ...]
    entered: tuple[tuple[Number, ...], ...]
    totals: tuple[Number, ...]
    carried: tuple[Number, ...]
    over: bool
    winner: int | None
    tiebreak: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "totals": [tidy(t) for t in self.totals], "over": self.over,
                "winner": self.winner, "tiebreak": self.tiebreak,
                "entered": [[tidy(x) for x in row] for row in self.entered],
                "carried": [tidy(c) for c in self.carried]}


def sheet_entries(scores: Sequence[Number], debt: Number = 0) -> tuple[list[Number], Number]:
    """Score-sheet carry (000): negatives enter as 0 and their shortfall comes off later positives.

    >>> sheet_entries([-20, 26])
    ([0, 6], 0)
    >>> sheet_entries([-20, 5])
    ([0, 0], 15)
    """
    entered: list[Number] = []
    for s in scores:
        if s < 0:
            debt += -s
            entered.append(0)
        else:
            entered.append(tidy(max(0, s - debt)))
            debt = max(0, debt - s)
    return entered, tidy(debt)


def _entered(rules: Ruleset, k: int, row: Sequence[Number], over: bool, debts: list[Number]) -> list[Number]:
    """What the sheet enters for hand ``k``'s side scores ``row`` (``debts``, one shortfall a side, carried
    on in place under ``sheet_carry``); refused when the row has the wrong number of sides or the match
    was ``over``. One step of both :func:`match_status` and :func:`match_status_after`."""
    n_sides = len(debts)
    if len(row) != n_sides:
        raise MalformedInputError(ngettext("hand {hand} has {count} side score, expected {sides}",
                                           "hand {hand} has {count} side scores, expected {sides}",
                                           len(row)).format(hand=k + 1, count=len(row), sides=n_sides))
    if over:
        raise MalformedInputError(_("hand {hand} was played after the match had ended").format(hand=k + 1))
    if not rules.sheet_carry:
        return list(row)
    entries = []
    for s in range(n_sides):
        (e,), debts[s] = sheet_entries([row[s]], debts[s])
        entries.append(e)
    return entries


def match_status(rules: Ruleset, players: int, hand_sides: Sequence[Sequence[Number]]) -> MatchStatus:
    """Totals, target and winner after these hands' side scores, under the rule set's end rule.

    >>> from .rules import get_ruleset
    >>> status = match_status(get_ruleset("classic"), 2, [[37, 3], [20, 150]])
    >>> status.totals, status.target, status.over, status.winner
    ((57, 153), 150, True, 1)
    """
    target = rules.target(players)
    n_sides = len(sides_of(players))
    totals = [0.0] * n_sides
    debts: list[Number] = [0] * n_sides
    entered_rows: list[tuple[Number, ...]] = []
    over, winner, tiebreak = False, None, False
    for k, row in enumerate(hand_sides):
        entries = _entered(rules, k, row, over, debts)
        entered_rows.append(tuple(entries))
        totals = [t + e for t, e in zip(totals, entries)]
        over, winner, tiebreak = _decide(rules, target, totals)
    return MatchStatus(target, tuple(tuple(r) for r in hand_sides), tuple(entered_rows),
                       tuple(tidy(t) for t in totals), tuple(debts), over, winner, tiebreak)


def match_status_after(rules: Ruleset, players: int, before: MatchStatus, row: Sequence[Number]) -> MatchStatus:
    """``match_status(rules, players, before.hands + (row,))`` from ``before``, the status after the
    hands before ``row``, in one step instead of one per hand (the reducer's, at every hand's end).

    The step of :func:`match_status`'s loop: its totals start from ``before.totals``, the same numbers
    (whole ones as ints, which add up alike), and the carried shortfalls from ``before.carried``.
    """
    debts = list(before.carried)
    entries = _entered(rules, len(before.hands), row, before.over, debts)
    totals = [t + e for t, e in zip(before.totals, entries)]
    over, winner, tiebreak = _decide(rules, before.target, totals)
    return MatchStatus(before.target, before.hands + (tuple(row),), before.entered + (tuple(entries),),
                       tuple(tidy(t) for t in totals), tuple(debts), over, winner, tiebreak)


def match_status_of(rules: Ruleset, players: int, before: MatchStatus | None,
                    hand_sides: Sequence[Sequence[Number]]) -> MatchStatus:
    """``match_status(rules, players, hand_sides)``, by one step (:func:`match_status_after`) from
    ``before`` when it is the status, under these rules, after every row of ``hand_sides`` but the last:
    the one the fold carries (``GameState.match``), so a hand's end does not re-add every hand before it.
    Without it (None, or a status of other hands) every hand is added up.

    >>> from .rules import get_ruleset
    >>> rules = get_ruleset("classic")
    >>> first = match_status_of(rules, 2, None, [(37, 3)])
    >>> match_status_of(rules, 2, first, [(37, 3), (20, 150)]) == match_status(rules, 2, [(37, 3), (20, 150)])
    True
    """
    if before is not None and before.hands == tuple(hand_sides[:-1]):
        return match_status_after(rules, players, before, hand_sides[-1])
    return match_status(rules, players, hand_sides)


def _decide(rules: Ruleset, target: int, totals: Sequence[float]) -> tuple[bool, int | None, bool]:
    reached = [i for i, t in enumerate(totals) if t >= target]
    if not reached:
        return False, None, False
    ranked = sorted(range(len(totals)), key=lambda i: -totals[i])
    top, second = ranked[0], ranked[1]
    if rules.match_end == "gap_tiebreak" and len(reached) >= 2:
        if totals[top] - totals[second] > rules.tiebreak_gap:
            return True, top, False
        return False, None, True  # 002: tie-break deals until the gap exceeds it
    if totals[top] == totals[second]:
        return False, None, True  # a tie at the top: play on
    return True, top, False
