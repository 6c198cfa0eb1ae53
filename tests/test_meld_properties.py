"""Property tests for melds (hypothesis), run under every rule set preset.

* A valid meld stays valid after any legal lay-off (and after any legal joker swap):
  the result re-validates with ``analyze_meld`` and keeps every old card.
* A meld's arrangement agrees with its cards: it holds exactly the input multiset, a
  run's positions are consecutive, naturals sit at their own rank, and no wild stands
  for a card a natural in the meld already is.
* No meld ever holds two 2s or two jokers (or no natural card).

Rules behind the invariants: 000 "Play"; 004 runs / sets (the 13th-card 2 of 004
is the only run longer than ``max_run_length``); 002 §3-4; 003 "Melds".
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from banakil_replay.cards import JOKER, Card
from banakil_replay.errors import IllegalMoveError
from banakil_replay.melds import Meld, analyze_meld, verify_joker_swap, verify_lay_off, verify_meld
from banakil_replay.rules import Ruleset, get_ruleset

PRESETS = ["classic", "classic-sum", "jawaker", "eram", "kroot"]
SUITS = "CDHS"
ACE = 14
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ALL_CARDS = [Card(r, s) for s in SUITS for r in range(2, 15)] + [JOKER]
DECK_COPIES = 2


def natural_at(position: int, suit: str) -> Card:
    return Card(ACE if position == 1 else position, suit)


# ------------------------------------------------------------------ strategies
@st.composite
def valid_runs(draw: st.DrawFn, rules: Ruleset) -> list[Card]:
    """Cards of a run that is valid by construction, in a random order."""
    suit = draw(st.sampled_from(SUITS))
    n = draw(st.integers(3, rules.max_run_length))
    lo = draw(st.integers(rules.low_rank, ACE - n + 1))
    positions = list(range(lo, lo + n))
    # position 2 exists only with the ace low (ERAM); no natural card plays there
    must_be_wild = [p for p in positions if p == 2]
    wild_kinds = draw(st.sampled_from([(), ("two",), ("joker",), ("two", "joker")]))
    assume(len(wild_kinds) >= len(must_be_wild))
    free = [p for p in positions if p not in must_be_wild]
    extra = len(wild_kinds) - len(must_be_wild)
    assume(len(free) - extra >= 1)  # at least one natural card
    wild_positions = must_be_wild + draw(
        st.lists(st.sampled_from(free), min_size=extra, max_size=extra, unique=True)) if extra else must_be_wild
    wild_cards = [Card(2, draw(st.sampled_from(SUITS))) if k == "two" else JOKER for k in wild_kinds]
    cards = [natural_at(p, suit) for p in positions if p not in wild_positions] + wild_cards
    return draw(st.permutations(cards))


@st.composite
def valid_sets(draw: st.DrawFn) -> list[Card]:
    rank = draw(st.sampled_from([3, ACE]))
    joker = draw(st.booleans())
    k = draw(st.integers(2 if joker else 3, 3 if joker else 4))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=k, max_size=k, unique=True))
    cards = [Card(rank, s) for s in suits] + ([JOKER] if joker else [])
    return draw(st.permutations(cards))


def valid_melds(rules: Ruleset) -> st.SearchStrategy[list[Card]]:
    return st.one_of(valid_runs(rules), valid_sets())


def related_cards(meld: list[Card]) -> st.SearchStrategy[Card]:
    """Cards likely to matter for a meld: its suit, its set rank, wilds, or anything."""
    suits = {c.suit for c in meld if c.is_natural}
    ranks = {c.rank for c in meld if c.is_natural}
    near = [c for c in ALL_CARDS if c.is_natural and (c.suit in suits or c.rank in ranks)]
    wild = [JOKER] + [Card(2, s) for s in SUITS]
    return st.one_of(st.sampled_from(near), st.sampled_from(wild), st.sampled_from(ALL_CARDS))


def useful_cards(meld: Meld, rules: Ruleset) -> list[Card]:
    """Cards with a fair chance to join this meld: naturals at and around its ends, the cards
    its wilds stand for, the missing suits of a set, and every wild."""
    out = [JOKER] + [Card(2, s) for s in SUITS]
    out += [t for t in meld.stands_for().values() if t is not None]
    if meld.kind == "set":
        out += [Card(meld.positions[0], s) for s in SUITS]
    else:
        placed = [p for p in meld.positions if p is not None]
        ends = [placed[0] - 1, placed[-1] + 1] * 2  # the likeliest fits, weighted double
        for p in list(range(placed[0] - 2, placed[-1] + 3)) + ends:
            if rules.low_rank <= p <= ACE and p != 2:
                out.append(natural_at(p, meld.suit))
        out += [t for t in meld.stands_for().values() if t is not None]
    return out


def cards_for(meld: Meld, rules: Ruleset, naturals_only: bool = False) -> st.SearchStrategy[Card]:
    """Mostly useful cards (three draws in four), sometimes any card at all."""
    useful = [c for c in useful_cards(meld, rules) if c.is_natural or not naturals_only]
    return st.one_of(st.sampled_from(useful), st.sampled_from(useful), st.sampled_from(useful),
                     st.sampled_from(ALL_CARDS))


def fits_deck(cards: list[Card]) -> bool:
    return all(n <= DECK_COPIES for n in Counter(cards).values())


# ------------------------------------------------------------------ invariants
def check_invariants(meld: Meld, rules: Ruleset, cards: list[Card] | tuple[Card, ...]) -> None:
    """Everything a meld on the table must satisfy."""
    assert Counter(meld.cards) == Counter(cards), "the meld holds exactly its input cards"
    assert len(meld.positions) == len(meld.cards)
    twos = [c for c in meld.cards if c.is_two]
    jokers = [c for c in meld.cards if c.is_joker]
    naturals = [c for c in meld.cards if c.is_natural]
    assert len(twos) <= 1, f"two 2s in {meld.describe()}"
    assert len(jokers) <= 1, f"two jokers in {meld.describe()}"
    assert naturals, "a meld needs a natural card"
    assert len(meld) >= 3
    stands = meld.stands_for()
    assert set(stands) == {i for i, c in enumerate(meld.cards) if c.is_wild}

    if meld.kind == "set":
        rank = naturals[0].rank
        assert rank in (3, ACE)
        assert all(c.rank == rank for c in naturals)
        assert not twos, "a 2 is never part of a set"
        assert 3 <= len(meld) <= 4
        assert all(p == rank for p in meld.positions)
        assert len(set(meld.set_suits)) == len(meld), "every card of a set is a different suit"
        for c, s in zip(meld.cards, meld.set_suits):
            if c.is_natural:
                assert c.suit == s
        natural_codes = {c for c in naturals}
        for i, target in stands.items():
            assert target is not None and target.rank == rank and target not in natural_codes
        return

    assert meld.kind == "run"
    assert meld.suit in SUITS and all(c.suit == meld.suit for c in naturals)
    placed = [p for p in meld.positions if p is not None]
    assert placed == list(range(placed[0], placed[0] + len(placed))), f"positions not consecutive: {meld.positions}"
    assert placed[0] >= rules.low_rank and placed[-1] <= ACE
    thirteenth = [i for i, p in enumerate(meld.positions) if p is None]
    if thirteenth:
        # 004: only a 2 kept as a 13th card beside all 12 naturals 3..A
        assert rules.thirteenth_card_two
        assert len(thirteenth) == 1 and meld.cards[thirteenth[0]].is_two
        assert thirteenth[0] == len(meld) - 1
        assert sorted(c.rank for c in naturals) == list(range(3, ACE + 1))
        assert len(meld) == rules.max_run_length + 1
        assert stands[thirteenth[0]] is None
    else:
        assert len(meld) <= rules.max_run_length
    for c, p in zip(meld.cards, meld.positions):
        if c.is_natural:
            assert p == c.rank or (rules.ace_low and c.rank == ACE and p == 1), \
                f"{c.code} sits at position {p} in {meld.describe()}"
        elif p == 2:
            assert rules.ace_low
    for i, target in stands.items():
        if target is None:
            continue
        assert target not in naturals, f"wild {meld.cards[i].code} duplicates natural {target.code}"
        assert target.suit == meld.suit
    targets = [t for t in stands.values() if t is not None]
    assert len(targets) == len(set(targets))


def revalidates(meld: Meld, rules: Ruleset) -> None:
    """The meld's cards are a valid meld of the same kind, in this very order too."""
    again = analyze_meld(meld.cards, rules)
    assert again.valid, f"{meld.describe()} no longer validates: {again.reason}"
    assert again.kind == meld.kind
    pinned = analyze_meld(meld.cards, rules, meld.cards)
    assert pinned.valid, f"the layout {meld.codes} is not a valid layout: {pinned.reason}"
    assert pinned.meld.codes == meld.codes
    check_invariants(again.meld, rules, meld.cards)


# ------------------------------------------------------------------ properties
@pytest.mark.parametrize("preset", PRESETS)
def test_constructed_melds_are_valid(preset: str) -> None:
    rules = get_ruleset(preset)

    @SETTINGS
    @given(valid_melds(rules))
    def run(cards: list[Card]) -> None:
        check = analyze_meld(cards, rules)
        assert check.valid, f"{[c.code for c in cards]}: {check.reason}"
        check_invariants(check.meld, rules, cards)
        # validity does not depend on the order the cards are given in
        shuffled = list(cards)
        random.Random(len(cards)).shuffle(shuffled)
        assert analyze_meld(shuffled, rules).valid

    run()


@pytest.mark.parametrize("preset", PRESETS)
def test_lay_offs_keep_melds_valid(preset: str) -> None:
    rules = get_ruleset(preset)

    @SETTINGS
    @given(valid_melds(rules), st.data())
    def run(cards: list[Card], data: st.DataObject) -> None:
        meld = verify_meld(cards, rules)
        check_invariants(meld, rules, cards)
        for _ in range(data.draw(st.integers(1, 8), label="lay-offs")):
            size = data.draw(st.sampled_from([1, 1, 1, 2, 3]), label="size")
            added = data.draw(st.lists(cards_for(meld, rules), min_size=size, max_size=size), label="added")
            if not fits_deck(list(meld.cards) + added):
                continue
            try:
                new = verify_lay_off(meld, added, rules)
            except IllegalMoveError as err:
                assert str(err), "a refusal carries a reason"
                continue
            # keeps every old card, plus exactly the added ones
            assert Counter(new.cards) == Counter(meld.cards) + Counter(added)
            assert new.kind == meld.kind
            if new.kind == "run":
                assert new.suit == meld.suit
            check_invariants(new, rules, list(meld.cards) + added)
            revalidates(new, rules)
            meld = new

    run()


@pytest.mark.parametrize("preset", PRESETS)
def test_joker_swaps_keep_melds_valid(preset: str) -> None:
    rules = get_ruleset(preset)

    @SETTINGS
    @given(valid_melds(rules).filter(lambda cs: JOKER in cs), st.data())
    def run(cards: list[Card], data: st.DataObject) -> None:
        meld = verify_meld(cards, rules)
        card = data.draw(cards_for(meld, rules, naturals_only=True), label="swapped in")
        try:
            new = verify_joker_swap(meld, card, rules)
        except IllegalMoveError as err:
            assert str(err)
            return
        assert card.is_natural
        expected = Counter(meld.cards) - Counter([JOKER]) + Counter([card])
        assert Counter(new.cards) == expected
        assert JOKER not in new.cards
        assert new.kind == meld.kind
        check_invariants(new, rules, list(expected.elements()))
        revalidates(new, rules)
        if rules.joker_swap == "exact_card" and meld.kind == "run":
            (joker_target,) = [t for i, t in meld.stands_for().items() if meld.cards[i].is_joker]
            assert card == joker_target
            # the natural takes the joker's spot; the rest of the layout is unchanged
            assert new.positions == meld.positions

    run()


@pytest.mark.parametrize("preset", PRESETS)
def test_any_accepted_card_list_is_a_proper_meld(preset: str) -> None:
    """Whatever cards are offered, an accepted meld has at most one 2 and one joker,
    a natural card, and an arrangement consistent with its cards."""
    rules = get_ruleset(preset)

    @st.composite
    def card_lists(draw: st.DrawFn) -> list[Card]:
        seed = draw(valid_melds(rules))
        pool = related_cards(seed)
        base = draw(st.lists(st.sampled_from(seed), max_size=len(seed), unique=True))
        return base + draw(st.lists(pool, min_size=max(0, 3 - len(base)), max_size=5))

    @SETTINGS
    @given(card_lists())
    def run(cards: list[Card]) -> None:
        check = analyze_meld(cards, rules)  # never raises for an illegal meld
        if sum(c.is_two for c in cards) > 1 or sum(c.is_joker for c in cards) > 1:
            assert not check.valid and "only one" in check.reason
        if check.valid:
            check_invariants(check.meld, rules, cards)
            assert check.reason is None
            js = check.to_json()
            assert js["arrangement"] == check.meld.codes
        else:
            assert check.meld is None and check.reason
            with pytest.raises(IllegalMoveError):
                verify_meld(cards, rules)

    run()


@pytest.mark.parametrize("preset", PRESETS)
@given(data=st.data())
@SETTINGS
def test_second_wild_of_a_kind_never_joins(preset: str, data: st.DataObject) -> None:
    """No lay-off ever puts a second 2 or a second joker into a meld."""
    rules = get_ruleset(preset)
    cards = data.draw(valid_melds(rules))
    meld = verify_meld(cards, rules)
    if any(c.is_two for c in meld.cards):
        extra = Card(2, data.draw(st.sampled_from(SUITS)))
        with pytest.raises(IllegalMoveError):
            verify_lay_off(meld, [extra], rules)
    if JOKER in meld.cards:
        with pytest.raises(IllegalMoveError):
            verify_lay_off(meld, [JOKER], rules)
    if meld.kind == "set":
        with pytest.raises(IllegalMoveError):
            verify_lay_off(meld, [Card(2, data.draw(st.sampled_from(SUITS)))], rules)


@pytest.mark.parametrize("preset", PRESETS)
def test_natural_at_an_open_end_always_joins(preset: str) -> None:
    """Completeness: the next natural card at either open end of a run short of the maximum,
    or a natural of a missing suit on a set short of four, is always accepted, under every
    rule set, without moving any wild."""
    rules = get_ruleset(preset)

    @SETTINGS
    @given(valid_melds(rules), st.data())
    def run(cards: list[Card], data: st.DataObject) -> None:
        meld = verify_meld(cards, rules)
        if meld.kind == "set":
            rank = meld.positions[0]
            present = {c.suit for c in meld.cards if c.is_natural}
            missing = [Card(rank, s) for s in SUITS if s not in present]
            if len(meld) < 4 and missing:
                card = data.draw(st.sampled_from(missing))
                new = verify_lay_off(meld, [card], rules)
                assert len(new) == len(meld) + 1
            return
        placed = [p for p in meld.positions if p is not None]
        if len(meld) >= rules.max_run_length:
            return
        ends = [p for p in (placed[0] - 1, placed[-1] + 1) if rules.low_rank <= p <= ACE and p != 2]
        naturals = [c for c in meld.cards if c.is_natural]
        ends = [p for p in ends if natural_at(p, meld.suit) not in naturals]
        if not ends:
            return
        p = data.draw(st.sampled_from(ends))
        new = verify_lay_off(meld, [natural_at(p, meld.suit)], rules)
        for wild in (c for c in meld.cards if c.is_wild):
            assert new.wild_position(wild) == meld.wild_position(wild), "no wild needed to move"

    run()
