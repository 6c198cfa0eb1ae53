"""The searches' multiset of cards as one int, each candidate meld's place in it, and the searches.

The partition and cover searches (``solver.py``) hold the cards left as one int: FIELD bits per
card kind, a count with a guard bit on top. Laying a meld is one subtraction, and a cleared guard
bit means the hand lacked a card. Every card kind has its field at a fixed place, in the order the
searches visit the cards of any hand, so what a candidate meld needs, its lowest card and its
points are worked out once and remembered: the playouts meet the same candidates hand after hand.
:func:`best_points` and :func:`best_pair` search that int for the best layout.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from ...cards import CARD_KINDS, Card, card_order
from ...rules import Ruleset

FIELD = 5  # bits per card kind in the search's packed multiset: counts up to 15 (eight 2s fit)
GUARD = 1 << (FIELD - 1)


Tries = list[list[tuple[int, float, int]]]
Score = tuple[float, float]


@lru_cache(maxsize=64)
def worths(rules: Ruleset) -> dict[Card, float]:
    """Every card kind's points under ``rules``, asked once: the searches add them up by the million."""
    return {c: rules.value(c) for c in CARD_KINDS}


def tables(wilds_last: bool, cands: list[tuple[Card, ...]], rules: Ruleset) -> Tries:
    """Each card kind's melds as (cards needed, points, number), tried when that card is the lowest left.

    Card kinds sit at their place in :data:`IN_ORDER`, or in :data:`WILD_LAST` when the search
    takes naturals first. The searches spend their time here, so this is their hot path.
    """
    shapes = SHAPES.get((wilds_last, rules))
    if shapes is None or len(shapes) >= SHAPES_LIMIT:
        shapes = SHAPES[wilds_last, rules] = {}
    index, worth = (WILD_LAST if wilds_last else IN_ORDER), worths(rules)
    tries: Tries = [NO_TRIES] * len(index)  # a list of its own only for a kind that has melds
    for k, m in enumerate(cands):
        shape = shapes.get(m)
        if shape is None:
            shape = shapes[m] = (min(map(index.__getitem__, m)), sum(UNITS[index[c]] for c in m),
                                 sum(map(worth.__getitem__, m)))
        low, need, points = shape
        row = tries[low]
        if row is NO_TRIES:
            row = tries[low] = []
        row.append((need, points, k))
    return tries


def best_points(start: int, guards: int, tries: Tries) -> tuple[float, tuple[int, ...]]:
    """The search of ``solver._pack`` when keeping a card costs nothing: the most points melded, and
    the candidates picked (numbers), for the multiset ``start``.

    The same search as :func:`best_pair` with its score's second part always 0, so a bare float
    stands for the pair and the same melds win the same ties; the memo is looked up before
    recursing, which spares most calls. The partition of every playout hand comes through here.
    """
    # each multiset's best: (points, the multiset it leads to, the candidate laid or -1 for a card kept);
    # the picks are read back along the chain at the end, not built as tuples at every better option
    memo: dict[int, tuple[float, int, int]] = {}
    counted = ~guards
    units = UNITS
    end = (0.0, 0, -1)

    def best(left: int) -> tuple[float, int, int]:
        counts = left & counted
        if not counts:
            return end
        i = ((counts & -counts).bit_length() - 1) // FIELD
        top_r = left - units[i]  # leave one copy of card i in hand ...
        top_a, top_k = (memo.get(top_r) or best(top_r))[0], -1
        for nk, vk, k in tries[i]:  # ... or lay a meld whose lowest card is card i
            rest = left - nk
            if rest & guards == guards:
                a2 = (memo.get(rest) or best(rest))[0] + vk
                if a2 > top_a:
                    top_a, top_r, top_k = a2, rest, k
        found = (top_a, top_r, top_k)
        memo[left] = found
        return found

    points, left, k = best(start)
    return points, _read_back(memo, left, k, counted)


def _read_back(memo: Mapping[int, tuple[object, int, int]], left: int, k: int, counted: int) -> tuple[int, ...]:
    """The candidates a search picked, read along its chain of best choices from the start's
    (``left``, ``k``): each memo entry names the multiset its choice leads to and the candidate
    laid there (-1: a card kept)."""
    picks: list[int] = []
    while True:
        if k >= 0:
            picks.append(k)
        if not left & counted:
            return tuple(picks)
        _, left, k = memo[left]


def best_pair(start: int, guards: int, tries: Tries, leave: list[float]) -> tuple[Score, tuple[int, ...]]:
    """The search of ``solver._pack`` with a cost for each card kept (``leave``): first the fewest
    (costliest) cards kept, then the most points melded."""
    memo: dict[int, tuple[Score, int, int]] = {}  # as in best_points, with a score pair
    counted = ~guards
    units = UNITS
    end = ((0.0, 0.0), 0, -1)

    def best(left: int) -> tuple[Score, int, int]:
        counts = left & counted
        if not counts:
            return end
        i = ((counts & -counts).bit_length() - 1) // FIELD
        top_r, top_k = left - units[i], -1  # leave one copy of card i ...
        a, b = (memo.get(top_r) or best(top_r))[0]
        top: Score = (a + leave[i], b)
        for nk, vk, k in tries[i]:  # ... or lay a meld whose lowest card is card i
            rest = left - nk
            if rest & guards == guards:
                a2, b2 = (memo.get(rest) or best(rest))[0]
                score = (a2, b2 + vk)
                if score > top:
                    top, top_r, top_k = score, rest, k
        found = (top, top_r, top_k)
        memo[left] = found
        return found

    score, left, k = best(start)
    return score, _read_back(memo, left, k, counted)


#: Each card kind's place in the search's multiset: card order, or the wild cards after every natural.
IN_ORDER: dict[Card, int] = {c: i for i, c in enumerate(sorted(CARD_KINDS, key=card_order))}
WILD_LAST: dict[Card, int] = {c: i for i, c in enumerate(sorted(CARD_KINDS, key=lambda c: (c.is_wild, card_order(c))))}
UNITS: list[int] = [1 << (FIELD * i) for i in range(len(CARD_KINDS))]  # one card of each kind
GUARDS: int = sum(GUARD << (FIELD * i) for i in range(len(CARD_KINDS)))
SHAPES: dict[tuple[bool, Ruleset], dict[tuple[Card, ...], tuple[int, int, float]]] = {}
SHAPES_LIMIT = 1 << 16  # candidate melds remembered per rule set and order (emptied when full)
NO_TRIES: list[tuple[int, float, int]] = []  # shared by the kinds no meld starts at: never added to


__all__ = ["FIELD", "GUARD", "GUARDS", "IN_ORDER", "WILD_LAST", "UNITS", "NO_TRIES", "Score", "Tries", "best_pair",
           "best_points", "tables", "worths"]
