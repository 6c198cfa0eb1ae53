"""A fast playing policy over the reducer, for playing sampled hands out to their end.

The expert bot (``expert.py``) values a move by playing the hand out many
times from a sampled state; what it needs from the players it imagines is
speed and sense, not subtlety. Every seat plays the same simple policy:

- draw phase: take the pile's top card when it is wild or makes a meld with
  two cards of the hand, else draw from the stock (or turn the pile into a new
  stock where the rules allow, when the stock is empty);
- meld phase: go out whenever the solver finds a way (``going_out.go_out_plan``);
  else lay every meld of the hand's best split (``solver.best_partition``),
  add each natural card that fits a meld within reach, and discard the card
  worth least kept: the most points among those that work with the fewest
  other cards, never a wild while a natural can go.

Every move is applied by the reducer's own handlers, so the rules are the
rules; a move the reducer refuses is skipped. No options list and no ranking
are built: a whole hand plays out in a few milliseconds.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from ...cards import Card, card_order
from ...state import set_seq  # the playouts number the states they make
from ...errors import IllegalMoveError
from ...events import Discarded, Drew, Event, LaidOff, Melded, Reshuffled, Took
from ...fast_melds import fit_or_none
from ...melds import SET_RANKS, Meld
from ...limits import may_discard
from ...reducer import HANDLERS
from ...state import GameState
from ..search.candidates import meld_candidates
from ..search.going_out import go_out_plan, reachable_melds
from ..coach.hints import melds_worth
from ..moves import alike
from ...rules import Ruleset
from ..search.solver import Partition, addable, best_partition

MAX_ROLLOUT_EVENTS = 3_000  # a hand that long is a loop; it is scored as dead


@lru_cache(maxsize=1 << 14)
def _partition(hand: tuple[Card, ...], rules: Ruleset) -> Partition:
    return best_partition(hand, rules)


def partition(hand: Sequence[Card], rules: Ruleset) -> Partition:
    """``solver.best_partition``, remembered: playouts of one decision meet the same hands many times."""
    return _partition(tuple(sorted(hand, key=card_order)), rules)


def step(state: GameState, event: Event) -> GameState:
    """The state after ``event`` (numbered here), by the reducer's handler: no seq check to pay for."""
    new = HANDLERS[type(event)](state, event)
    new = new if new is not state else state.evolve()
    set_seq(new, state.seq + 1)
    return new


def _try(state: GameState, event: Event) -> GameState | None:
    try:
        return step(state, event)
    except IllegalMoveError:
        return None


# ------------------------------------------------------------------ draw phase
def makes_meld(card: Card, hand: Sequence[Card]) -> bool:
    """Would ``card`` make a meld with two cards of ``hand`` (or one and a wild)? A quick test, not a proof."""
    if card.is_wild:
        return True
    wilds = sum(c.is_wild for c in hand)
    if card.rank in SET_RANKS:
        suits = {c.suit for c in hand if c.rank == card.rank and c.is_natural and c.suit != card.suit}
        if len(suits) + min(wilds, 1) >= 2:  # a 2 never fills a set, but a joker may; close enough
            return True
    near = {c.rank for c in hand if c.is_natural and c.suit == card.suit and 0 < abs(c.rank - card.rank) <= 2}
    r = card.rank
    if {r - 1, r + 1} <= near or {r - 2, r - 1} <= near or {r + 1, r + 2} <= near:
        return True
    return bool(wilds) and bool(near)


def draw_move(state: GameState) -> Event:
    """The policy's draw: the top of the pile if it makes a meld, else the stock."""
    seat, seq = state.turn, state.seq + 1
    pile = state.discard
    if pile and makes_meld(pile[-1], state.hands[seat]):
        return Took(seq, seat, 1, (pile[-1],))
    if state.stock_count == 0:
        return Reshuffled(seq)  # the reducer refuses it where the rules have no reshuffle left
    return Drew(seq, seat)


# ------------------------------------------------------------------ meld phase
@lru_cache(maxsize=1 << 14)
def _meld_order(hand: tuple[Card, ...], rules: Ruleset) -> tuple[tuple[Card, ...], ...]:
    part = _partition(hand, rules)  # ``hand`` is sorted already
    if not part.melds:
        return ()  # any meld would be a split with a meld in it
    best = frozenset(alike(m.cards) for m in part.melds)
    cands = list(dict.fromkeys(meld_candidates(hand, rules)))
    worth = dict(zip(cands, melds_worth(cands, rules, best)))
    return tuple(sorted(cands, key=worth.__getitem__, reverse=True))


def meld_order(hand: Sequence[Card], rules: Ruleset) -> tuple[tuple[Card, ...], ...]:
    """The melds the hand could lay next, best first as the hints rank them (``hints.meld_worth``);
    empty when the hand holds no meld. A player melds the best one, then looks again at what is left."""
    return _meld_order(tuple(sorted(hand, key=card_order)), rules)


def discard_choice(state: GameState) -> Card:
    """The card the policy throws: most points among the loneliest, a wild only when nothing else may go."""
    rules = state.rules
    assert rules is not None
    seat = state.turn
    hand = state.hands[seat]
    allowed = [c for c in dict.fromkeys(hand) if may_discard(state.this_turn, c)]
    naturals = [c for c in allowed if c.is_natural] or allowed

    held: dict[tuple[str, int], int] = {}  # naturals by suit and rank, counted once for every card asked
    for d in hand:
        if d.is_natural:
            held[d.suit, d.rank] = held.get((d.suit, d.rank), 0) + 1

    def keep_worth(c: Card) -> tuple[float, Card]:
        # the naturals of its suit up to two ranks away (another kind: a copy of c is not company) ...
        suit, rank, get = c.suit, c.rank, held.get
        near = get((suit, rank - 2), 0) + get((suit, rank - 1), 0) + get((suit, rank + 1), 0) + get((suit, rank + 2), 0)
        if c.rank in SET_RANKS:  # ... and for a 3 or an ace, its rank in the other suits
            near += sum(n for (suit, rank), n in held.items() if rank == c.rank and suit != c.suit)
        return (0.8 * near - rules.value(c), c)

    return min(naturals, key=keep_worth)


def finish_turn(state: GameState, moves: list[Event] | None = None) -> GameState:
    """The rest of the acting seat's meld phase: out if it can, else meld, add to melds and discard.

    The events played are appended to ``moves`` when it is given.
    """
    plan = go_out_plan(state)
    if plan:
        for ev in plan:
            state = _play(state, ev, moves)
        return state
    rules = state.rules
    assert rules is not None
    seat = state.turn
    while state.in_hand:  # one meld at a time, then look again at what is left
        hand = tuple(sorted(state.hands[seat], key=card_order))  # sorted once: the caches' key
        for cards in _meld_order(hand, rules):
            ev = Melded(state.seq + 1, seat, cards)
            new = _try(state, ev)
            if new is not None:
                state = _play(state, ev, moves, new)
                break
        else:
            break  # nothing (more) to meld
        if _was_the_only_meld(hand, cards, rules):
            break
    if not state.in_hand:
        return state
    state = _lay_off(state, seat, moves)
    if not state.in_hand:
        return state
    return _play(state, Discarded(state.seq + 1, seat, discard_choice(state)), moves)


def _was_the_only_meld(hand: Sequence[Card], cards: tuple[Card, ...], rules: Ruleset) -> bool:
    """Was ``cards`` the one meld of the hand's best split? Then what is left holds no meld: a meld
    in it would have made a split worth more (every meld is worth points), so looking again would
    find nothing; the playouts skip that search. (2s play alike, so any 2 may be the one laid.)"""
    melds = partition(hand, rules).melds
    return len(melds) == 1 and alike(melds[0].cards) == alike(cards)


def _play(state: GameState, ev: Event, moves: list[Event] | None, new: GameState | None = None) -> GameState:
    if moves is not None:
        moves.append(ev)
    return new if new is not None else step(state, ev)


def _lay_off(state: GameState, seat: int, moves: list[Event] | None) -> GameState:
    rules = state.rules
    assert rules is not None
    table = reachable_melds(state, seat)
    if not table:
        return state
    hand = state.hands[seat]
    for card, fits in zip(list(hand), addable(hand, rules, table)):
        if not fits or card.is_wild or len(state.hands[seat]) <= 1:
            continue
        for mid, meld in table:
            if fit_or_none(meld, card, rules) is None:  # the reducer still decides; this spares it the hopeless
                continue
            ev = LaidOff(state.seq + 1, seat, mid, (card,))
            new = _try(state, ev)
            if new is not None:
                state = _play(state, ev, moves, new)
                break
        if not state.in_hand:
            break
    return state


def policy_move(state: GameState) -> Event:
    """The policy's next event at ``state`` (the seat to act's), as a bot would play it."""
    if state.phase == "draw":
        return draw_move(state)
    moves: list[Event] = []
    finish_turn(state, moves)
    return moves[0]


# ------------------------------------------------------------------ whole hands
def play_out(state: GameState, rng: random.Random, seat: int | None = None) -> GameState:
    """Play the hand in progress with the policy to its end (a finished or a dead hand), or, with
    ``seat``, until that seat has played its next turn: a round of the table and one turn more."""
    start = state.seq
    again = False  # has ``seat`` begun its next turn?
    while state.in_hand and state.seq - start <= MAX_ROLLOUT_EVENTS:
        if state.phase == "draw":
            if state.turn == seat:
                again = True
            elif again:
                break
            ev = draw_move(state)
            if isinstance(ev, Reshuffled):
                pile = list(state.discard[:-1])
                rng.shuffle(pile)
                ev = Reshuffled(ev.seq, tuple(pile))
            new = _try(state, ev)
            if new is None:  # no reshuffle left: cannot happen, the last discard ends such a hand
                break
            state = new
        else:
            state = finish_turn(state)
    return state


__all__ = ["partition", "step", "makes_meld", "draw_move", "discard_choice", "finish_turn", "policy_move", "play_out", "MAX_ROLLOUT_EVENTS"]
