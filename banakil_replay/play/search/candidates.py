"""Fast enumeration of the new melds a hand can make.

Used by the options list and the go-out solver. Every candidate is a card
tuple in layout order; legality is still decided by ``melds.verify_meld`` (and
by the reducer), this module only proposes.

What is enumerated: every run window of length 3..``max_len`` inside the
rule set's bounds whose missing positions the hand's wild cards can fill (at
most one 2 and one joker), with extra wilds placed at either end; and every
set of 3s or aces of distinct suits, with or without the joker. Two choices
are left out on purpose, because they are seldom better and would swamp a
learner's list: a wild standing in a spot whose natural card the hand holds
(meld the natural and keep the wild), and a second copy of the same 2 (all 2s
play alike; the first in hand order stands for them). The solver asks for the
first separately (:func:`stand_in_candidates`): it matters when that natural
is needed in another meld.
"""

from __future__ import annotations

from itertools import combinations
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from ...cards import ACE_RANK, JOKER, SUITS, Card, card_order
from ...melds import SET_RANKS
from ...rules import Ruleset



def run_candidates(hand: Sequence[Card], rules: Ruleset, max_len: int | None = None,
                   must_use: Iterable[Card] = (), every_two: bool = False) -> list[tuple[Card, ...]]:
    """Runs the hand can lay, in layout order (naturals never replaced by a wild).

    ``every_two`` tries each distinct 2 the hand holds (the solver needs that,
    since two 2s can serve two melds); otherwise one 2 stands for them all.
    """
    if every_two:
        twos = sorted({c for c in hand if c.is_two})
        if len(twos) > 1:
            out: list[tuple[Card, ...]] = []
            for two in twos:
                rest = [c for c in hand if not c.is_two or c == two]
                out.extend(run_candidates(rest, rules, max_len, must_use))
            return out
    out = []
    for suit_runs in _by_suit(hand, rules, max_len, _suit_runs):
        out.extend(suit_runs)
    if must_use:
        need = set(must_use)
        out = [c for c in out if need & set(c)]
    return out


def stand_in_candidates(hand: Sequence[Card], rules: Ruleset, max_len: int | None = None
                        ) -> list[tuple[Card, ...]]:
    """The runs :func:`run_candidates` leaves out: a wild standing where a natural the hand holds
    would go.

    The solver needs them when that natural is spent elsewhere: JK 2♣ K♥ and
    JK 2♣ A♥ use both wilds twice and K♥ once. One natural always stays (a
    meld needs one).
    """
    out: list[tuple[Card, ...]] = []
    for suit_runs in _by_suit(hand, rules, max_len, _suit_stand_ins):
        out.extend(suit_runs)
    return out


SuitRuns = Callable[[str, int, tuple[Card, ...], int, int, bool], tuple[tuple[Card, ...], ...]]


def _by_suit(hand: Sequence[Card], rules: Ruleset, max_len: int | None, runs: SuitRuns
             ) -> list[tuple[tuple[Card, ...], ...]]:
    """``runs`` of each suit the hand holds naturals of, in suit order.

    A suit's runs depend only on the ranks held in it and the wilds, and the solver and the
    playouts ask about hands that differ in one card or two: each suit's answer is remembered.
    """
    two: Card | None = None  # the lowest 2 held (card order) stands for them all
    joker: Card | None = None
    held: dict[str, int] = {}  # each suit's ranks held, as bits (1 << rank): a cheap key to remember by
    for c in hand:  # one pass: this runs for every hand the playouts meet
        if c.is_natural:
            held[c.suit] = held.get(c.suit, 0) | 1 << c.rank
        elif c.is_joker:
            joker = c
        elif two is None or card_order(c) < card_order(two):
            two = c
    wilds = (two, joker) if two is not None and joker is not None else (two,) if two is not None \
        else (joker,) if joker is not None else ()
    limit = min(max_len or rules.max_run_length, rules.max_run_length)
    return [runs(suit, held[suit], wilds, limit, rules.low_rank, rules.ace_low) for suit in SUITS if suit in held]


@lru_cache(maxsize=1 << 15)
def _suit_runs(suit: str, ranks: int, wilds: tuple[Card, ...], limit: int, low: int,
               ace_low: bool) -> tuple[tuple[Card, ...], ...]:
    return _in_suit(suit, wilds, _rank_runs(ranks, len(wilds), limit, low, ace_low))


@lru_cache(maxsize=1 << 15)
def _suit_stand_ins(suit: str, ranks: int, wilds: tuple[Card, ...], limit: int, low: int,
                    ace_low: bool) -> tuple[tuple[Card, ...], ...]:
    return _in_suit(suit, wilds, _rank_stand_ins(ranks, len(wilds), limit, low, ace_low))


# A run's layout as positions (1 for a low ace) and wild slots (-1 for the first wild, -2 for the
# second): the same in every suit, so it is worked out once for the four.
Layout = tuple[int, ...]
_SLOTS = [-1, -2]
_IN_SUIT = {suit: {p: Card(ACE_RANK if p == 1 else p, suit) for p in range(1, ACE_RANK + 1)} for suit in SUITS}


def _in_suit(suit: str, wilds: tuple[Card, ...], layouts: tuple[Layout, ...]) -> tuple[tuple[Card, ...], ...]:
    cards: dict[int, Card] = {**_IN_SUIT[suit], **{slot: w for slot, w in zip(_SLOTS, wilds)}}
    place = cards.__getitem__
    return tuple(tuple(map(place, layout)) for layout in layouts)


@lru_cache(maxsize=1 << 13)
def _rank_runs(ranks: int, n_wilds: int, limit: int, low: int, ace_low: bool) -> tuple[Layout, ...]:
    out = []
    for window, _naturals, missing in _rank_windows(ranks, n_wilds, limit, low, ace_low):
        for assign in _assignments(missing, _SLOTS[:n_wilds]):
            out.append(tuple(assign.get(p) or p for p in window))
    return tuple(out)


@lru_cache(maxsize=1 << 13)
def _rank_stand_ins(ranks: int, n_wilds: int, limit: int, low: int, ace_low: bool
                    ) -> tuple[Layout, ...]:
    out = []
    for window, naturals, missing in _rank_windows(ranks, n_wilds, limit, low, ace_low):
        spare = n_wilds - len(missing)
        for k in range(1, min(spare, len(naturals) - 1) + 1):
            for extra in combinations(naturals, k):
                for assign in _assignments(sorted(missing + list(extra)), _SLOTS[:n_wilds]):
                    out.append(tuple(assign.get(p) or p for p in window))
    return tuple(out)


def _rank_windows(ranks: int, n_wilds: int, limit: int, low: int, ace_low: bool
                  ) -> Iterator[tuple[range, list[int], list[int]]]:
    """Each run window the wilds can complete, given the ranks held in one suit (bit ``1 << rank``
    for each): (positions, the positions held, the positions missing)."""
    held = ranks | 2 if ace_low and ranks >> ACE_RANK & 1 else ranks  # a low ace holds position 1 too
    if held.bit_count() + n_wilds < 3:
        return
    # a window's count of held positions is one AND and a bit count
    for lo in range(low, ACE_RANK - 1):
        for length in range(3, limit + 1):
            hi = lo + length - 1
            if hi > ACE_RANK:
                break
            if lo <= 1 and hi >= ACE_RANK:
                break  # one ace cannot play both low and high
            have = (held & (((1 << length) - 1) << lo)).bit_count()
            if length - have > n_wilds:
                break  # a longer window from here misses as many positions or more
            if not have:
                continue
            window = range(lo, hi + 1)
            yield window, [p for p in window if held >> p & 1], [p for p in window if not held >> p & 1]


T = TypeVar("T")


def _assignments(missing: list[int], wilds: Sequence[T]) -> list[dict[int, T]]:
    if not missing:
        return [{}]
    if len(missing) == 1:
        return [{missing[0]: w} for w in wilds]
    a, b = missing
    return [{a: wilds[0], b: wilds[1]}, {a: wilds[1], b: wilds[0]}]


def set_candidates(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Sets of 3s or aces of distinct suits the hand can lay, with or without its joker."""
    held: dict[int, frozenset[str]] = {}
    joker = False
    for c in hand:  # one pass; the sets themselves depend only on the suits held and are remembered
        if c.rank in SET_RANKS:
            held[c.rank] = held.get(c.rank, frozenset()) | {c.suit}
        elif c.is_joker:
            joker = True
    if not held:
        return []
    return list(_sets(held.get(SET_RANKS[0], frozenset()), held.get(SET_RANKS[1], frozenset()), joker))


@lru_cache(maxsize=1 << 10)
def _sets(low: frozenset[str], high: frozenset[str], joker: bool) -> tuple[tuple[Card, ...], ...]:
    """The set candidates of a hand holding 3s (``low``) and aces (``high``) of these suits."""
    out: list[tuple[Card, ...]] = []
    for rank, held in zip(SET_RANKS, (low, high)):
        cards = [Card(rank, s) for s in sorted(held)]
        for k in (3, 4):
            out.extend(combinations(cards, k))
        if joker:
            for k in (2, 3):
                out.extend(tuple(c) + (JOKER,) for c in combinations(cards, k))
    return tuple(out)


def meld_candidates(hand: Sequence[Card], rules: Ruleset, max_run: int | None = None,
                    every_two: bool = False) -> list[tuple[Card, ...]]:
    """Every candidate new meld (runs then sets), in layout order."""
    return run_candidates(hand, rules, max_run, every_two=every_two) + set_candidates(hand)
