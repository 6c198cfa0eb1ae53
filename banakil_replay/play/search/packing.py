"""The searches' multiset of cards as one int, and each candidate meld's place in it.

The partition and cover searches (``solver.py``) hold the cards left as one int: FIELD bits per
card kind, a count with a guard bit on top. Laying a meld is one subtraction, and a cleared guard
bit means the hand lacked a card. Every card kind has its field at a fixed place, in the order the
searches visit the cards of any hand, so what a candidate meld needs, its lowest card and its
points are worked out once and remembered: the playouts meet the same candidates hand after hand.
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import CARD_KINDS, Card, card_order
from ...rules import Ruleset

FIELD = 5  # bits per card kind in the search's packed multiset: counts up to 15 (eight 2s fit)
GUARD = 1 << (FIELD - 1)


Tries = list[list[tuple[int, float, int]]]


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


#: Each card kind's place in the search's multiset: card order, or the wild cards after every natural.
IN_ORDER: dict[Card, int] = {c: i for i, c in enumerate(sorted(CARD_KINDS, key=card_order))}
WILD_LAST: dict[Card, int] = {c: i for i, c in enumerate(sorted(CARD_KINDS, key=lambda c: (c.is_wild, card_order(c))))}
UNITS: list[int] = [1 << (FIELD * i) for i in range(len(CARD_KINDS))]  # one card of each kind
GUARDS: int = sum(GUARD << (FIELD * i) for i in range(len(CARD_KINDS)))
SHAPES: dict[tuple[bool, Ruleset], dict[tuple[Card, ...], tuple[int, int, float]]] = {}
SHAPES_LIMIT = 1 << 16  # candidate melds remembered per rule set and order (emptied when full)
NO_TRIES: list[tuple[int, float, int]] = []  # shared by the kinds no meld starts at: never added to


__all__ = ["FIELD", "GUARD", "GUARDS", "IN_ORDER", "WILD_LAST", "UNITS", "NO_TRIES", "Tries", "tables", "worths"]
