"""Going out: lay everything, or lay all but one card and discard it (003: Kroot always discards).

Hand-built Kroot hands, the discard limit, and the go-out answer checked against a
brute-force search of every way to play the turn (melds, lay-offs, joker swaps).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from banakil_replay.events import Discarded
from banakil_replay.play.search.going_out import could_go_out, go_out_plan
from banakil_replay.cards import JOKER, Card, deck_list, parse_cards
from banakil_replay.errors import IllegalMoveError
from banakil_replay.events import FORMAT
from banakil_replay.melds import Meld, analyze_meld, verify_joker_swap, verify_lay_off, verify_meld
from banakil_replay.reducer import replay
from banakil_replay.rules import Ruleset, get_ruleset
from banakil_replay.play.search.solver import Partition, go_out, strays

KROOT, CLASSIC = get_ruleset("kroot"), get_ruleset("classic")
RULES = [get_ruleset(n) for n in ("classic", "eram", "jawaker", "kroot")]


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


def check_plan(hand: tuple[Card, ...], rules: Ruleset, table: list[tuple[int, Meld]], how: Partition,
               restricted: tuple[Card, ...] = ()) -> None:
    """The plan replays card by card: swaps, melds and lay-offs all legal, every card accounted for."""
    tab = dict(table)
    held = Counter(hand)
    for mid, card in how.swaps:
        tab[mid] = verify_joker_swap(tab[mid], card, rules)
        held[card] -= 1
        held[JOKER] += 1
    for m in how.melds:
        verify_meld(m.cards, rules)
        held.subtract(m.cards)
    for mid, card in how.lay_offs:
        tab[mid] = verify_lay_off(tab[mid], [card], rules)
        held[card] -= 1
    assert +held == Counter(how.left) and min(held.values(), default=0) >= 0
    need = not rules.go_out_without_discard
    assert len(how.left) == 1 if need else len(how.left) <= 1
    assert not (set(how.left) & set(restricted))


# ------------------------------------------------------------- hand-built
def test_two_melds_and_a_loose_card_go_out_under_kroot() -> None:
    out, how = go_out(parse_cards("7H 8H 9H 3C 3D 3S KD"), KROOT)
    assert out and codes(how.left) == ["KD"] and len(how.melds) == 2


def test_a_hand_of_exact_three_card_melds_cannot_go_out_under_kroot() -> None:
    hand = parse_cards("7H 8H 9H 3C 3D 3S")
    assert go_out(hand, CLASSIC)[0]  # classic may meld the lot with no discard
    out, how = go_out(hand, KROOT)
    assert not out  # 003: one card must stay for the discard, and no meld can spare one


def test_a_meld_that_can_spare_a_card_keeps_it_for_the_discard() -> None:
    hand = parse_cards("7H 8H 9H 10H 3C 3D 3S")
    out, how = go_out(hand, KROOT)
    assert out and codes(how.left) in (["7H"], ["10H"])
    check_plan(hand, KROOT, [], how)
    # a set of four threes spares a three, the cheapest discard (half a point against 1 for a ten)
    hand = parse_cards("8H 9H 10H 3C 3D 3S 3H")
    out, how = go_out(hand, KROOT)
    assert out and how.left[0].rank == 3
    check_plan(hand, KROOT, [], how)


def test_a_card_laid_off_can_be_kept_instead() -> None:
    table = [(1, verify_meld(parse_cards("JC QC KC"), KROOT))]
    hand = parse_cards("7H 8H 9H AC")
    out, how = go_out(hand, KROOT, table)
    assert out and len(how.left) == 1
    check_plan(hand, KROOT, table, how)


def test_the_discard_limit_is_honoured() -> None:
    hand = parse_cards("3H 4H 5H 6H 7H")
    out, how = go_out(hand, KROOT)
    assert out and codes(how.left) == ["3H"]  # the cheapest card goes
    out, how = go_out(hand, KROOT, restricted=parse_cards("3H"))
    assert out and codes(how.left) == ["7H"]  # 3H was taken from the pile: it must be laid
    check_plan(hand, KROOT, [], how, parse_cards("3H"))
    # a lone card left that may not be thrown back is no way out, under any rules
    for rules in (KROOT, CLASSIC):
        assert not go_out(parse_cards("7H 8H 9H KD"), rules, restricted=parse_cards("KD"))[0]
    out, how = go_out(parse_cards("7H 8H 9H 10H JH"), KROOT, restricted=parse_cards("7H"))
    assert out and codes(how.left) == ["JH"]


def test_a_wild_taken_from_the_pile_stands_in_for_the_natural_held_back() -> None:
    hand = parse_cards("7H 8H 9H 2C")
    out, how = go_out(hand, KROOT, restricted=parse_cards("2C"))
    assert out and how.left[0].is_natural and any(c.is_two for m in how.melds for c in m.cards)
    check_plan(hand, KROOT, [], how, parse_cards("2C"))


def test_strays() -> None:
    assert codes(tuple(strays(parse_cards("7H 8H 9H KD QS"), KROOT))) == ["KD", "QS"]
    assert not could_go_out(parse_cards("7H 8H 9H KD QS"), KROOT, [])
    # a second 2 is no stray while the hand has a run it could stand in
    assert strays(parse_cards("5H 6H 7H 2C 8S 9S 2D KC"), CLASSIC) == list(parse_cards("KC"))
    # a 2 never plays in a set, so with sets only it is a stray
    assert strays(parse_cards("3C 3D 3S 2H"), CLASSIC) == list(parse_cards("2H"))


def test_the_bot_plan_goes_out_under_kroot_where_the_old_solver_said_no() -> None:
    # Kroot 1v1: seat 0 starts with 19 cards: six three-card melds and one four-card run
    hand0 = "7H 8H 9H 10H 3C 3D 3S AC AD AS 4S 5S 6S 9C 10C JC 5D 6D 7D"
    deck = Counter(deck_list()) - Counter(parse_cards(hand0))
    rest = sorted(deck.elements())
    log = [{"seq": 0, "type": "match_started", "format": FORMAT, "rules": "kroot", "players": ["A", "B"]},
           {"seq": 1, "type": "hand_started", "hand": 1, "dealer": 1, "hands": [hand0.split(), codes(tuple(rest[:18]))],
            "stock": codes(tuple(rest[18:]))}]
    state = replay(log).final
    steps = go_out_plan(state)
    assert steps is not None and isinstance(steps[-1], Discarded)
    assert steps[-1].card.code in ("7H", "10H")


# ------------------------------------------------------------- brute force
def brute_out(hand: tuple[Card, ...], rules: Ruleset, table: tuple[Meld, ...], restricted: frozenset[Card]) -> bool:
    """Every way to play the turn: any valid meld of any cards, any one-card lay-off (onto the
    table or a meld just laid), and a joker swap, which like the solver it tries only first."""
    need = not rules.go_out_without_discard

    @lru_cache(maxsize=None)
    def can(hand: tuple[Card, ...], table: tuple[Meld, ...], may_swap: bool) -> bool:
        if not hand:
            return not need
        if len(hand) == 1 and hand[0] not in restricted:
            return True
        for pos, meld in enumerate(table):
            for card in set(hand):
                rest = list(hand)
                rest.remove(card)
                try:
                    grown = verify_lay_off(meld, [card], rules)
                except IllegalMoveError:
                    grown = None
                if grown is not None and can(tuple(rest), table[:pos] + (grown,) + table[pos + 1:], False):
                    return True
                if may_swap and JOKER in meld.cards and card.is_natural:
                    try:
                        swapped = verify_joker_swap(meld, card, rules)
                    except IllegalMoveError:
                        continue
                    if can(tuple(sorted(rest + [JOKER])), table[:pos] + (swapped,) + table[pos + 1:], False):
                        return True
        for size in range(3, len(hand) + 1):
            for cards in set(combinations(hand, size)):
                check = analyze_meld(cards, rules)
                if check.valid and check.meld is not None:
                    rest = list((Counter(hand) - Counter(cards)).elements())
                    if can(tuple(sorted(rest)), table + (check.meld,), False):
                        return True
        return False

    return can(tuple(sorted(hand)), table, True)


SMALL_POOL = [c for c in deck_list() if c.is_wild or (c.suit in "HS" and c.rank in (3, 4, 5, 6, 7, 13, 14))
              or (c.rank in (3, 14))]
TABLE_MELDS = ["8H 9H 10H", "3C 3D 3S", "5S JK 7S", "QH KH AH", "AC AD JK"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(SMALL_POOL))), min_size=1, max_size=7, unique=True),
       st.sampled_from(range(len(RULES))), st.data())
def test_go_out_matches_brute_force_without_a_table(idx: list[int], r: int, data: st.DataObject) -> None:
    rules = RULES[r]
    hand = tuple(SMALL_POOL[i] for i in idx)
    restricted = frozenset(data.draw(st.lists(st.sampled_from(hand), max_size=2)))
    out, how = go_out(hand, rules, restricted=restricted)
    assert out == brute_out(hand, rules, (), restricted)
    if out:
        check_plan(hand, rules, [], how, tuple(restricted))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(range(len(SMALL_POOL))), min_size=1, max_size=5, unique=True),
       st.lists(st.sampled_from(range(len(TABLE_MELDS))), min_size=1, max_size=2, unique=True),
       st.sampled_from(range(len(RULES))))
def test_go_out_with_a_table_is_sound(idx: list[int], t: list[int], r: int) -> None:
    rules = RULES[r]
    hand = tuple(SMALL_POOL[i] for i in idx)
    table = [(k + 1, verify_meld(parse_cards(TABLE_MELDS[i]), rules)) for k, i in enumerate(t)]
    out, how = go_out(hand, rules, table)
    truth = brute_out(hand, rules, tuple(m for _, m in table), frozenset())
    if out:
        check_plan(hand, rules, table, how)
    assert truth or not out
    assert could_go_out(hand, rules, table) or not truth  # the bots' cheap filter never hides a way out


def test_go_out_with_a_table_finds_nearly_every_brute_force_out() -> None:
    """Lay-offs are not searched exhaustively against every partition: a card that fits only
    after a card the best partition melds was laid off first can be missed (2♣ onto 5♠ JK 7♠
    makes room for 3♠, so JK 3♣ 3♠ + lay-offs goes out, not 2♣ JK A♣). Measured on a fixed
    sample: about 1 way out in 1,000 is missed."""
    rng = random.Random(9)
    outs = found = 0
    for _ in range(1200):
        rules = rng.choice(RULES)
        hand = tuple(rng.sample(SMALL_POOL, rng.randint(1, 6)))
        melds = rng.sample(TABLE_MELDS, rng.randint(1, 2))
        table = [(k + 1, verify_meld(parse_cards(m), rules)) for k, m in enumerate(melds)]
        if brute_out(hand, rules, tuple(m for _, m in table), frozenset()):
            outs += 1
            found += go_out(hand, rules, table)[0]
    assert outs > 300 and found >= outs - 2
