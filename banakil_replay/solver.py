"""The go-out solver and the best partition of a hand into melds.

``best_partition`` packs a hand into disjoint new melds for the most points
(the rest is deadwood that counts against the player). ``go_out`` asks whether
a hand can be emptied this turn, counting lay-offs onto melds on the table and
joker swaps, and how.

Both are exact searches over the candidate melds of ``candidates.py`` (runs up
to 5 long are enough: a longer run splits into runs of 3 to 5 with the same
cards), memoised on the multiset of cards left, so a 19-card hand with both
jokers and several 2s is answered in milliseconds.

>>> from .rules import get_ruleset
>>> from .cards import parse_cards
>>> p = best_partition(parse_cards("7H 8H 9H 3C 3D 3S KD"), get_ruleset("classic"))
>>> [m.codes for m in p.melds], [c.code for c in p.left]
([['3C', '3D', '3S'], ['7H', '8H', '9H']], ['KD'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from .candidates import meld_candidates
from .cards import JOKER, Card
from .errors import IllegalMoveError
from .melds import Meld, verify_joker_swap, verify_lay_off, verify_meld
from .rules import Ruleset

MAX_RUN_IN_PARTITION = 5
FIELD = 5  # bits per card kind in the search's packed multiset: counts up to 15 (eight 2s fit)
GUARD = 1 << (FIELD - 1)


@dataclass(frozen=True)
class Partition:
    """Melds chosen from a hand, cards left over, and what was melded in points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    value: float
    lay_offs: tuple[tuple[int, Card], ...] = ()  # (meld id on the table, card)
    swaps: tuple[tuple[int, Card], ...] = ()  # (meld id on the table, card given for the joker)
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, object]:
        return {
            "melds": [m.codes for m in self.melds],
            "stands_for": [{str(i): c for i, c in m.stands_for_codes().items() if c} for m in self.melds],
            "lay_offs": [{"meld": mid, "card": c.code} for mid, c in self.lay_offs],
            "joker_swaps": [{"meld": mid, "card": c.code} for mid, c in self.swaps],
            "left": [c.code for c in self.left],
            "melded_value": self.value,
        }


def _search(hand: Sequence[Card], rules: Ruleset, prefer_fewest_left: bool) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Exact search: which candidate melds to lay, and which cards stay in hand.

    Every 2 plays alike in a meld whatever its suit, so the search sees them as
    one card kind (a far smaller space) and real 2s are handed out at the end.
    """
    real_twos = sorted(c for c in hand if c.is_two)
    if real_twos:
        hand = [real_twos[0] if c.is_two else c for c in hand]
    order = sorted(set(hand))
    index = {c: i for i, c in enumerate(order)}
    cands = meld_candidates(hand, rules, MAX_RUN_IN_PARTITION)
    # The multiset of cards left is one int, FIELD bits per card kind with a guard bit on
    # top: subtracting a meld is one subtraction, and a cleared guard bit means the hand
    # lacked a card. The search spends its time there, so this is its hot path.
    guards = sum(GUARD << (FIELD * i) for i in range(len(order)))
    need: list[int] = []
    by_card: list[list[int]] = [[] for _ in order]
    for k, m in enumerate(cands):
        need.append(sum(1 << (FIELD * index[c]) for c in m))
        by_card[min(index[c] for c in m)].append(k)  # tried when its lowest card is the first left
    value = [sum(rules.value(c) for c in m) for m in cands]
    start = guards + sum(1 << (FIELD * index[c]) for c in hand)
    leave = (-1.0, 0.0) if prefer_fewest_left else (0.0, 0.0)
    memo: dict[int, tuple[tuple[float, float], tuple[int, ...]]] = {}

    def best(left: int) -> tuple[tuple[float, float], tuple[int, ...]]:
        found = memo.get(left)
        if found is not None:
            return found
        counts = left & ~guards
        if not counts:
            return (0.0, 0.0), ()
        i = ((counts & -counts).bit_length() - 1) // FIELD
        # leave one copy of card i in hand ...
        (a, b), picks = best(left - (1 << (FIELD * i)))
        top = ((a + leave[0], b), picks)
        # ... or lay a meld whose lowest card is card i
        for k in by_card[i]:
            rest = left - need[k]
            if rest & guards == guards:
                (a2, b2), p2 = best(rest)
                score = (a2, b2 + value[k]) if prefer_fewest_left else (a2 + value[k], b2)
                if score > top[0]:
                    top = (score, (k,) + p2)
        memo[left] = top
        return top

    _, picks = best(start)
    spare = list(real_twos)
    chosen = [tuple(spare.pop(0) if c.is_two else c for c in cands[k]) for k in picks]
    left = Counter(c for c in hand if not c.is_two)
    for m in chosen:
        left.subtract(c for c in m if not c.is_two)
    return chosen, sorted(list(left.elements()) + spare)


def best_partition(hand: Sequence[Card], rules: Ruleset) -> Partition:
    """The most points a hand can meld at once, as new melds only."""
    chosen, left = _search(hand, rules, prefer_fewest_left=False)
    melds = tuple(verify_meld(m, rules) for m in chosen)
    return Partition(melds, tuple(left), sum(rules.value(c) for m in chosen for c in m))


def go_out(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]] = (),
           *, must_discard: bool | None = None) -> tuple[bool, Partition]:
    """Can this hand be emptied this turn (after the draw), and how?

    ``table`` lists the melds this seat may add to (own and, where allowed,
    partner melds) as ``(meld id, meld)``. Joker swaps are tried first (each
    brings a joker into the hand), then the fewest-cards-left partition, then
    lay-offs of what is left. The hand goes out when nothing is left, or one
    card is left to discard (always required when ``must_discard``).
    """
    need_discard = (not rules.go_out_without_discard) if must_discard is None else must_discard
    best: tuple[bool, Partition] | None = None
    for swap_hand, swaps, table_now in _swap_variants(hand, rules, table):
        chosen, left = _search(swap_hand, rules, prefer_fewest_left=True)
        melds = tuple(verify_meld(m, rules) for m in chosen)
        left, lay_offs = _lay_off_leftovers(left, rules, table_now)
        value = sum(rules.value(c) for m in chosen for c in m) + sum(rules.value(c) for _, c in lay_offs)
        part = Partition(melds, tuple(left), value, tuple(lay_offs), tuple(swaps))
        out = len(left) == 1 or (len(left) == 0 and not need_discard)
        if len(left) == 0 and need_discard:
            out = False
        key = (out, -len(left), value)
        if best is None or key > (best[0], -len(best[1].left), best[1].value):
            best = (out, part)
    assert best is not None
    return best


def _swap_variants(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]
                   ) -> list[tuple[list[Card], list[tuple[int, Card]], list[tuple[int, Meld]]]]:
    variants: list[tuple[list[Card], list[tuple[int, Card]], list[tuple[int, Meld]]]] = [(list(hand), [], list(table))]
    for pos, (mid, meld) in enumerate(table):
        if JOKER not in meld.cards:
            continue
        for card in sorted({c for c in hand if c.is_natural}):
            try:
                new = verify_joker_swap(meld, card, rules)
            except IllegalMoveError:
                continue
            h = list(hand)
            h.remove(card)
            h.append(JOKER)
            t = list(table)
            t[pos] = (mid, new)
            variants.append((h, [(mid, card)], t))
    return variants


def _lay_off_leftovers(left: list[Card], rules: Ruleset, table: list[tuple[int, Meld]]
                       ) -> tuple[list[Card], list[tuple[int, Card]]]:
    """Greedily add leftover cards to the table melds, repeating while anything fits."""
    left = list(left)
    table = list(table)
    done: list[tuple[int, Card]] = []
    progress = True
    while progress and left:
        progress = False
        for card in list(left):
            for pos, (mid, meld) in enumerate(table):
                try:
                    new = verify_lay_off(meld, [card], rules)
                except IllegalMoveError:
                    continue
                table[pos] = (mid, new)
                left.remove(card)
                done.append((mid, card))
                progress = True
                break
    return left, done
