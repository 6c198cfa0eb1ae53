"""The solver is exact: checked against brute force on small hands, and on the go-out question."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from banakil_replay.cards import deck_list, parse_cards
from banakil_replay.melds import analyze_meld, verify_meld
from banakil_replay.rules import get_ruleset
from banakil_replay.play.search.solver import best_partition, go_out

DECK = deck_list()
RULES = [get_ruleset(n) for n in ("classic", "eram", "jawaker")]


def brute_best(hand: tuple, rules) -> float:  # type: ignore[no-untyped-def]
    """Most points meldable as disjoint new melds, trying every subset (small hands only)."""
    hand = tuple(sorted(hand))
    if len(hand) < 3:
        return 0.0
    first, rest = hand[0], hand[1:]
    best = brute_best(rest, rules)  # the first card stays in hand
    for size in range(2, len(rest) + 1):
        for others in set(combinations(rest, size)):
            meld = (first,) + others
            if analyze_meld(meld, rules).valid:
                left = list((Counter(rest) - Counter(others)).elements())
                best = max(best, sum(map(rules.value, meld)) + brute_best(tuple(left), rules))
    return best


# hands drawn from a few suits and ranks so that melds are common
SMALL_POOL = [c for c in DECK if c.is_wild or (c.suit in "HS" and c.rank in (3, 4, 5, 6, 7, 13, 14))
              or (c.rank in (3, 14))]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(range(len(SMALL_POOL))), min_size=3, max_size=8, unique=True),
       st.sampled_from(range(len(RULES))))
def test_best_partition_is_optimal(idx: list[int], r: int) -> None:
    rules = RULES[r]
    hand = tuple(SMALL_POOL[i] for i in idx)
    part = best_partition(hand, rules)
    assert part.value == brute_best(hand, rules)
    assert Counter(c for m in part.melds for c in m.cards) + Counter(part.left) == Counter(hand)
    for m in part.melds:
        verify_meld(m.cards, rules)


def test_adversarial_hand_goes_out() -> None:
    rules = get_ruleset("classic")
    hand = parse_cards("2C 2D 2H 2S 2C 2D JK JK 3H 5H 7H 9H JH KH 3S 5S 7S 9S JS")
    out, how = go_out(hand, rules)
    assert out and not how.left  # six 2s and both jokers fill every gap
    assert sum(len(m) for m in how.melds) == 19


def test_go_out_uses_table_and_needs_a_discard_under_kroot() -> None:
    classic, kroot = get_ruleset("classic"), get_ruleset("kroot")
    table = [(1, verify_meld(parse_cards("JC QC KC"), classic))]
    out, how = go_out(parse_cards("7H 8H 9H AC"), classic, table)
    assert out and how.lay_offs == ((1, parse_cards(["AC"])[0]),) and not how.left
    out, how = go_out(parse_cards("7H 8H 9H"), kroot)
    assert not out  # 003: going out means discarding a last card
    out, how = go_out(parse_cards("7H 8H 9H KD"), kroot)
    assert out and [c.code for c in how.left] == ["KD"]
