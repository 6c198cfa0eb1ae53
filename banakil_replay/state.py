"""The immutable engine state the reducer folds a log into.

Every replay step yields a new :class:`GameState`; nothing is mutated, so a
list of states can feed a slider or a DataFrame directly. Cards in hands keep
the order they arrived in; the discard pile lists its top card last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import msgspec

from .cards import CARD_KINDS, Card
from .events import Annotated, Event
from .melds import Meld
from .rules import Ruleset
from .scoring import HandScore, MatchStatus, tidy
from .seats import partner_of, side_of, sides_of

Phase = Literal["setup", "draw", "meld", "over"]


class TableMeld(msgspec.Struct, frozen=True, gc=False):
    """A meld on the table: its number in the hand, its owner, and who laid each card."""

    id: int
    owner: int
    meld: Meld
    laid_by: tuple[int, ...]  # parallel to meld.cards: the seat that put each card down

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.meld.cards


class Turn(NamedTuple):
    """What the player to act has done so far this turn (for the discard rule and cold hands).

    A named tuple rather than a dataclass: one is made for nearly every event, and tuples are
    built in C.
    """

    picked_up: bool = False  # drew from the stock or took from the pile: the turn's first step is done
    taken: tuple[Card, ...] = ()  # cards taken from the pile this turn
    took_count: int = 0
    restricted: tuple[Card, ...] = ()  # taken cards that may not be discarded, still in hand
    laid_before: bool = False  # had this seat laid anything before this turn started?


#: The turn record at the start of a turn, for a seat that has or has not laid cards this hand
#: (one of each, shared: a turn starts for nearly every discard).
FRESH_TURN = Turn()
FRESH_TURN_LAID = Turn(laid_before=True)
#: The turn record after a draw from the stock (shared too: one is needed for every draw).
DREW = Turn(picked_up=True)
DREW_LAID = Turn(picked_up=True, laid_before=True)


class GameState(msgspec.Struct, frozen=True, gc=False):
    """The whole game after some prefix of the log.

    A frozen :class:`msgspec.Struct`: its fields live in slots, so the copy each event makes
    (:meth:`evolve`) is one C-level copy of 30 pointers, not a dict of 30 entries. Every field
    is an immutable value (tuples, frozen records), shared between the states that did not change
    it; no field refers back to a state, so the garbage collector need not track states.
    A state is numbered once, right after it is made, with :func:`set_seq` (never
    ``object.__setattr__``, which a Struct refuses).
    """

    seq: int = -1
    rules: Ruleset | None = None
    players: tuple[str, ...] = ()
    hand_no: int = 0
    dealer: int | None = None  # None until the first deal (a cut decides the first dealer)
    turn: int = 0
    phase: Phase = "setup"
    hands: tuple[tuple[Card, ...], ...] = ()
    melds: tuple[TableMeld, ...] = ()
    discard: tuple[Card, ...] = ()
    stock: tuple[Card, ...] | None = None  # known order, top first
    stock_count: int = 0
    unseen: tuple[int, ...] = ()  # the stock as a multiset, counts by cards.CARD_INDEX (always known)
    this_turn: Turn = FRESH_TURN
    opened: tuple[bool, ...] = ()  # laid a new meld of his own this hand
    laid_any: tuple[bool, ...] = ()  # laid any card this hand (meld, lay-off or swap)
    had_turn: tuple[bool, ...] = ()  # has been the player to act this hand (the no-turn variant)
    reshuffles: int = 0
    first_turn: bool = False  # the starter's first action (no draw under starter_19)
    went_out: int | None = None
    all_at_once: bool = False  # the hand's out-goer laid his whole hand in that one turn
    hand_score: HandScore | None = None
    history: tuple[tuple[Any, ...], ...] = ()  # side scores of each finished hand
    totals: tuple[Any, ...] = ()
    match_over: bool = False
    winner: int | None = None
    # the score sheet after ``history`` (totals, match_over and winner are its figures), carried so the
    # next hand's end adds its one row (scoring.match_status_of); None until a hand has ended
    match: MatchStatus | None = None
    banked: bool = False
    struck: tuple[int, ...] = ()  # numbers of the hands struck (hand_struck): they count for nobody
    format_minor: int = 0  # the log's minor format version: what it requires can grow with it

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def in_hand(self) -> bool:
        """A hand is being played (cards dealt, nobody out yet)."""
        return self.phase in ("draw", "meld")

    def meld_by_id(self, meld_id: int) -> TableMeld | None:
        for m in self.melds:
            if m.id == meld_id:
                return m
        return None

    def census(self) -> Counter[Card]:
        """Every card of the hand in play: hands, melds, pile and stock (106 while a hand is on)."""
        cards: Counter[Card] = Counter()
        for hand in self.hands:
            cards.update(hand)
        for m in self.melds:
            cards.update(m.cards)
        cards.update(self.discard)
        cards.update(self.unseen_counter())
        return cards

    def unseen_counter(self) -> Counter[Card]:
        return Counter({CARD_KINDS[i]: k for i, k in enumerate(self.unseen) if k})

    def partner(self, seat: int) -> int | None:
        return partner_of(seat, self.n)

    def side(self, seat: int) -> int:
        return side_of(seat, self.n)

    def to_json(self) -> dict[str, Any]:
        """The ``replay --json`` view (see README and docs/event-log.md)."""
        n_sides = len(sides_of(self.n)) if self.n else 0
        return {
            "seq": self.seq,
            "hand": self.hand_no,
            "turn": self.turn,
            "phase": self.phase if self.phase in ("draw", "meld") else "over",
            "hands": [[c.code for c in h] for h in self.hands],
            "melds": [{"id": m.id, "owner": m.owner, "cards": m.meld.codes,
                       "stands_for": {str(i): c for i, c in m.meld.stands_for_codes().items() if c}}
                      for m in self.melds],
            "discard": [c.code for c in self.discard],
            "stock": self.stock_count,
            "hand_scores": [tidy(s) for s in self.hand_score.sides] if self.hand_score else None,
            "totals": [tidy(t) for t in self.totals] if self.totals else [0] * n_sides,
            "winner": self.winner,
        }

    def evolve(self, **changes: Any) -> "GameState":
        """A copy with some fields changed (the reducer's hot path: one C-level copy)."""
        return _replace(self, **changes)


_replace = msgspec.structs.replace
#: ``evolve(state, **changes)``: :meth:`GameState.evolve` without the method call (the reducer's).
evolve = msgspec.structs.replace
#: ``set_seq(state, seq)``: numbers a state nobody else holds yet (the reducer and the playouts
#: number the state they just made). The slot's own descriptor: the frozen Struct refuses setattr.
set_seq = GameState.__dict__["seq"].__set__


@dataclass(frozen=True)
class Replay:
    """Every state of a replayed log: ``states[i]`` is the state after event ``i``."""

    events: tuple[Event, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1] if self.states else GameState()

    def at(self, seq: int) -> GameState:
        if not 0 <= seq < len(self.states):
            raise IndexError(f"seq {seq} is outside this log (0..{len(self.states) - 1})")
        return self.states[seq]

    @property
    def annotations(self) -> tuple[Annotated, ...]:
        return tuple(e for e in self.events if isinstance(e, Annotated))

    def annotations_at(self, seq: int) -> list[Annotated]:
        return [a for a in self.annotations if a.at == seq]

    def __len__(self) -> int:
        return len(self.states)
