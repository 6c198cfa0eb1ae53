"""What one seat may know: an honest view of the game for bots, hints and the play table.

OpenSpiel gives each player an *information state*; this is Banakil's. A seat
sees its own hand, the table (melds, who laid what), the discard pile, how many
cards every hand and the stock hold, the scores, and the hand's public moves: a
draw from the stock without its card, a take from the pile with the cards taken
(they were face up), a reshuffle without the new order. From those moves it
also knows some cards of the other hands for certain: the cards a seat took from
the pile and has not laid or thrown since, and a joker it swapped off the table.

Everything else (the other hands, the stock order) is hidden. Two game states
that differ only in hidden cards give the same :class:`Observation`, so a bot
that decides from it cannot cheat. When a decision needs a whole
:class:`GameState` (the options generator and the reducer work on one),
:meth:`Observation.sample` deals the unseen cards out at random, consistently
with what the seat knows, and :meth:`Observation.stand_in` deals them in a
fixed order: the legal moves of the seat to act do not depend on hidden cards,
so every such state lists the same options.

>>> import json
>>> from importlib.resources import files
>>> from ..reducer import replay
>>> path = files("banakil_replay").parent / "sample_games" / "classic_dana_ravi.jsonl"
>>> rp = replay([json.loads(line) for line in open(path)])
>>> obs = observe(rp.at(2), 0, rp.events[:3])   # Dana after her first draw
>>> len(obs.hand), obs.hand_sizes, obs.stock_count
(19, (19, 18), 68)
>>> sum(obs.unseen().values())   # Ravi's 18 cards and the stock: 106 - 19 - 1 in the pile
86
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Sequence, TypeVar

from msgspec.structs import replace  # events are msgspec Structs

from ..cards import JOKER, Card, card_order, counts_of, full_deck
from ..events import Discarded, Drew, Event, HandStarted, JokerSwapped, LaidOff, Melded, Reshuffled, Took
from ..state import GameState
from .moves import Move, is_move, move_json

DECK: Counter[Card] = full_deck()
E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know at one moment; equal for states that differ only in hidden cards."""

    seat: int
    public: GameState  # the state with every hidden card removed: other hands empty, no stock order
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]  # per seat: cards it surely holds (empty for ``seat``: see ``hand``)
    moves: tuple[Move, ...] = ()  # this hand's public moves, in order

    # the public facts most callers want, by name
    @property
    def hand(self) -> tuple[Card, ...]:
        return self.public.hands[self.seat] if self.public.hands else ()

    @property
    def seq(self) -> int:
        return self.public.seq

    @property
    def turn(self) -> int:
        return self.public.turn

    @property
    def phase(self) -> str:
        return self.public.phase

    @property
    def stock_count(self) -> int:
        return self.public.stock_count

    @property
    def in_hand(self) -> bool:
        return self.public.in_hand

    def side(self, seat: int | None = None) -> int:
        return self.public.side(self.seat if seat is None else seat)

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot place: the other hands (less their known cards) and the stock."""
        seen: Counter[Card] = Counter(self.hand)
        for m in self.public.melds:
            seen.update(m.cards)
        seen.update(self.public.discard)
        for cards in self.known:
            seen.update(cards)
        return DECK - seen

    # ------------------------------------------------------------- states
    @cached_property
    def _unseen_in_order(self) -> tuple[Card, ...]:
        """The unseen cards in card order, sorted once: every deal sampled for a decision starts there."""
        return tuple(sorted(self.unseen().elements(), key=card_order))

    def sample(self, rng: random.Random | None) -> GameState:
        """A whole state this seat cannot tell from the real one: each other hand gets its known
        cards and the rest at random from the unseen cards, the stock what is left, shuffled.

        With ``rng`` None the unseen cards go out in card order (see :meth:`stand_in`).
        After an ERAM reshuffle the new stock's cards are drawn from the unseen cards like the
        rest, though a seat that remembers the pile knows them: a small loss of knowledge,
        never a look at hidden cards.
        """
        pub = self.public
        if not pub.in_hand:
            return pub
        pool = list(self._unseen_in_order)
        if rng is not None:
            rng.shuffle(pool)
        hands = list(pub.hands)
        for j in range(pub.n):
            if j == self.seat:
                continue
            need = self.hand_sizes[j] - len(self.known[j])
            hands[j] = self.known[j] + tuple(pool[:need])
            pool = pool[need:]
        if len(pool) != pub.stock_count:
            raise ValueError(f"seq {pub.seq}: the unseen cards ({len(pool)} left for the stock) do not match "
                             f"the stock's {pub.stock_count}: the history does not lead to this state")
        stock = tuple(pool)
        return pub.evolve(hands=tuple(hands), stock=stock, unseen=counts_of(stock))

    def stand_in(self) -> GameState:
        """A whole state for the options generator and the reducer, the unseen cards dealt in card
        order: it depends on the observation alone, and lists the same options as the real state."""
        return self.sample(None)

    def to_json(self) -> dict[str, Any]:
        """The ``play --json`` view of what the seat knows."""
        pub = self.public
        return {
            "seat": self.seat, "seq": pub.seq, "hand_no": pub.hand_no, "turn": pub.turn,
            "phase": pub.phase if pub.in_hand else "over",
            "hand": [c.code for c in self.hand], "hand_sizes": list(self.hand_sizes),
            "known": [[c.code for c in k] for k in self.known],
            "melds": [{"id": m.id, "owner": m.owner, "cards": m.meld.codes} for m in pub.melds],
            "discard": [c.code for c in pub.discard], "stock": pub.stock_count,
            "moves": [move_json(m) for m in self.moves],
        }


# ------------------------------------------------------------------ building
def this_hand(history: Sequence[Event]) -> Sequence[Event]:
    """The events of the hand in play: from its ``hand_started`` on (empty if there is none)."""
    for i in range(len(history) - 1, -1, -1):
        if isinstance(history[i], HandStarted):
            return history[i:]
    return ()


def seen_by(event: E, seat: int | None) -> E:
    """``event`` as ``seat`` saw it at the table (``None``: as every seat saw it): a draw by another
    seat without its card, a reshuffle without the new order, a deal without the stock's order and
    with every other seat's hand left empty. Every other event is seen whole."""
    if isinstance(event, Drew):
        return replace(event, card=None) if event.card is not None and event.seat != seat else event
    if isinstance(event, Reshuffled):
        return replace(event, stock=None) if event.stock is not None else event
    if isinstance(event, HandStarted):
        return replace(event, stock=None, hands=tuple(h if i == seat else () for i, h in enumerate(event.hands)))
    return event


def _public_move(ev: Move, pile: list[Card]) -> Move:
    """The move as every seat saw it (:func:`seen_by`), and a take shows its cards: they were face up."""
    if isinstance(ev, Took):
        return replace(ev, cards=tuple(pile[len(pile) - ev.count:]))
    return seen_by(ev, None)


def _leave(known: list[Card], cards: Sequence[Card]) -> None:
    for c in cards:
        if c in known:
            known.remove(c)


class PublicRecord:
    """The hand in play as every seat saw it, kept up to date one event at a time.

    Its public moves, the cards each seat surely holds, and the pile. A seat surely
    holds what it took from the pile, less what it laid or threw since (a lower
    bound: a second copy it was dealt is not counted), plus a joker it swapped off
    the table. A ``hand_started`` event starts the record afresh. A match driver
    keeps one and adds each event as it is played, so an observation costs the
    same late in a long hand as early.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.moves: list[Move] = []
        self.known: list[list[Card]] = []
        self.pile: list[Card] = []
        self._start(None)

    def _start(self, upcard: Card | None) -> None:
        self.moves = []
        self.known = [[] for _ in range(self.n)]
        self.pile = [upcard] if upcard is not None else []

    def add(self, ev: Event) -> None:
        if isinstance(ev, HandStarted):
            self._start(ev.upcard)
            return
        if not is_move(ev):
            return
        pile, known = self.pile, self.known
        self.moves.append(_public_move(ev, pile))
        if isinstance(ev, Took):
            taken = pile[len(pile) - ev.count:]
            del pile[len(pile) - ev.count:]
            known[ev.seat].extend(taken)
        elif isinstance(ev, (Melded, LaidOff)):
            _leave(known[ev.seat], ev.cards)
        elif isinstance(ev, JokerSwapped):
            _leave(known[ev.seat], [ev.card])
            known[ev.seat].append(JOKER)
        elif isinstance(ev, Discarded):
            _leave(known[ev.seat], [ev.card])
            pile.append(ev.card)
        elif isinstance(ev, Reshuffled):
            del pile[:-1]


def public_history(history: Sequence[Event], n: int) -> PublicRecord:
    """The :class:`PublicRecord` of the hand in play at the end of ``history``."""
    record = PublicRecord(n)
    for ev in this_hand(history):
        record.add(ev)
    return record


def observe(state: GameState, seat: int, history: Sequence[Event] | PublicRecord = ()) -> Observation:
    """What ``seat`` may know at ``state``.

    ``history`` is the log up to ``state`` (typed events; only the hand in play is read), or
    a :class:`PublicRecord` kept up to date with it. Without it the observation has no
    public moves and no known cards of other hands: still honest, only less informed. A
    history that does not lead to ``state`` (its pile differs) is refused with ``ValueError``.
    """
    if not 0 <= seat < max(state.n, 1):
        raise ValueError(f"seat {seat} is not a seat of this game (seats 0..{state.n - 1})")
    n = state.n
    moves: tuple[Move, ...] = ()
    known: list[list[Card]] = [[] for _ in range(n)]
    if state.in_hand and (isinstance(history, PublicRecord) or history):
        record = history if isinstance(history, PublicRecord) else public_history(history, n)
        moves, known, pile = tuple(record.moves), [list(k) for k in record.known], record.pile
        if tuple(pile) != state.discard:
            raise ValueError(f"seq {state.seq}: the history given does not lead to this state (its pile differs)")
    if n:
        known[seat] = []  # its own hand is shown whole
    sizes = tuple(len(h) for h in state.hands)
    hands = tuple(h if j == seat else () for j, h in enumerate(state.hands))
    public = state.evolve(hands=hands, stock=None, unseen=(0,) * len(state.unseen))
    return Observation(seat, public, sizes, tuple(tuple(sorted(k)) for k in known), moves)


__all__ = ["Observation", "PublicRecord", "observe", "public_history", "seen_by", "this_hand"]
