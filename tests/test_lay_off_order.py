"""A lay-off of several cards is the same as laying them one at a time (004's 13th-card 2 included).

The rule is one function (``melds._apply``): cards join a meld one by one in whatever order works,
each step under the rule set's wild movement. These tests check it from the outside, through the
public ``verify_meld`` / ``verify_lay_off``.
"""

from __future__ import annotations

import itertools
import random

import pytest

from banakil_replay.errors import IllegalMoveError
from banakil_replay.melds import Meld, thirteenth_card_allowed, verify_lay_off, verify_meld
from banakil_replay.rules import RULESETS, get_ruleset

HEARTS = [f"{r}H" for r in "3 4 5 6 7 8 9 10 J Q K A".split()]


def attempt(meld: Meld, cards: list[str], rules_name: str) -> Meld | None:
    try:
        return verify_lay_off(meld, cards, get_ruleset(rules_name))
    except IllegalMoveError:
        return None


def one_by_one(meld: Meld, cards: tuple[str, ...], rules_name: str) -> Meld | None:
    for card in cards:
        got = attempt(meld, [card], rules_name)
        if got is None:
            return None
        meld = got
    return meld


@pytest.mark.parametrize("rules_name", ["classic", "jawaker"])
def test_the_13th_card_two_is_reached_the_same_way_at_once_or_one_by_one(rules_name: str) -> None:
    rules = get_ruleset(rules_name)
    all_at_once = verify_meld(HEARTS + ["2S"], rules)
    assert all_at_once.positions[-1] is None and all_at_once.cards[-1].code == "2S"
    eleven_and_two = verify_meld([c for c in HEARTS if c != "7H"] + ["2S"], rules)
    assert thirteenth_card_allowed(eleven_and_two, rules)
    joined = verify_lay_off(eleven_and_two, ["7H"], rules)
    assert (joined.cards, joined.positions) == (all_at_once.cards, all_at_once.positions)
    three_to_king = verify_meld(HEARTS[:-1], rules)
    both = verify_lay_off(three_to_king, ["AH", "2S"], rules)  # as if the 2 came first, then the ace
    assert (both.cards, both.positions) == (all_at_once.cards, all_at_once.positions)
    assert one_by_one(three_to_king, ("2S", "AH"), rules_name) is not None
    complete = verify_meld(HEARTS, rules)
    assert not thirteenth_card_allowed(complete, rules)
    with pytest.raises(IllegalMoveError, match="a complete run takes no 2"):
        verify_lay_off(complete, ["2S"], rules)
    assert one_by_one(three_to_king, ("AH", "2S"), rules_name) is None  # the order that cannot work


def test_no_13th_card_where_the_rule_set_has_none() -> None:
    kroot = get_ruleset("kroot")
    eleven_and_two = verify_meld([c for c in HEARTS if c != "7H"] + ["2S"], kroot)
    assert not thirteenth_card_allowed(eleven_and_two, kroot)
    with pytest.raises(IllegalMoveError):
        verify_lay_off(eleven_and_two, ["7H"], kroot)


def test_a_displaced_two_may_have_a_card_laid_below_it_in_the_same_lay_off() -> None:
    # Jawaker (004): 9H displaces the 2 to the low end (5); 4H then goes below it. Laid at once
    # this was refused, since the 2 did not end at the low end of the final run.
    jawaker = get_ruleset("jawaker")
    meld = verify_meld(["6H", "7H", "8H", "2S", "10H", "JH", "QH"], jawaker)
    got = verify_lay_off(meld, ["9H", "KH", "4H"], jawaker)
    assert got.codes == ["4H", "2S", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    assert got.stands_for_codes()[1] == "5H"
    assert one_by_one(meld, ("9H", "4H", "KH"), "jawaker") is not None


@pytest.mark.parametrize("rules_name", sorted(RULESETS))
def test_whatever_one_by_one_reaches_laying_at_once_reaches_too(rules_name: str) -> None:
    rng = random.Random(7)
    rules = get_ruleset(rules_name)
    checked = 0
    while checked < 600:
        lo = rng.randint(0, 11)
        hi = rng.randint(lo, 11)
        naturals = HEARTS[lo:hi + 1]
        dropped = set(rng.sample(naturals, rng.randint(0, min(2, len(naturals) - 1))))
        base = [c for c in naturals if c not in dropped] + rng.choice([[], ["2S"], ["JK"], ["2S", "JK"]])
        try:
            meld = verify_meld(base, rules)
        except IllegalMoveError:
            continue
        pool = [c for c in HEARTS if c not in base] + ["2C"] + ([] if "JK" in base else ["JK"])
        added = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
        checked += 1
        orders = [o for o in itertools.permutations(added) if one_by_one(meld, o, rules_name) is not None]
        at_once = attempt(meld, added, rules_name)
        if orders:
            assert at_once is not None, (rules_name, meld.codes, added)
            reached = one_by_one(meld, orders[0], rules_name)
            assert reached is not None and sorted(reached.codes) == sorted(at_once.codes)
        elif rules_name in ("classic", "classic-sum"):
            # wilds move freely: nothing is reachable at once that no order reaches
            assert at_once is None, (rules_name, meld.codes, added)


def test_a_long_hostile_lay_off_gets_an_answer() -> None:
    rules = get_ruleset("eram")
    meld = verify_meld(["5H", "6H", "2S"], rules)
    with pytest.raises(IllegalMoveError, match="a run holds at most"):
        verify_lay_off(meld, HEARTS[:2] + HEARTS[4:] + ["JK"], rules)  # 13 cards with a joker
    got = verify_lay_off(meld, HEARTS[:2] + HEARTS[4:], rules)  # ten cards, one at a time
    assert len(got.cards) == 13
