"""Cards: code parsing, the 106-card deck, point values per rule set, rendering.

Sources (``shared/seeds``): 000 (equipment, scoring table), 004 (card values;
Jawaker item 4: aces count 1), 002 (card point value table), 003 (10 wilds;
2 = 2 and joker = 4; ace value not listed, the preset uses 1).
"""

from __future__ import annotations

from collections import Counter

import pytest

from banakil_replay.cards import (
    JOKER,
    Card,
    deck_list,
    full_deck,
    parse_card,
    parse_cards,
    point_value,
)
from banakil_replay.errors import BanakilError, MalformedInputError
from banakil_replay.rules import get_ruleset

SUITS = "CDHS"
NATURAL_CODES = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


# ------------------------------------------------------------------ parsing
@pytest.mark.parametrize("rank", NATURAL_CODES + ["2"])
@pytest.mark.parametrize("suit", list(SUITS))
def test_canonical_codes_round_trip(rank: str, suit: str) -> None:
    card = parse_card(rank + suit)
    assert card.code == rank + suit
    assert str(card) == rank + suit
    assert parse_card(card.code) == card


@pytest.mark.parametrize(
    "text, code",
    [
        ("10H", "10H"),
        ("TH", "10H"),  # T for ten
        ("th", "10H"),  # lower case
        ("Tc", "10C"),
        ("10s", "10S"),
        ("ah", "AH"),
        ("qd", "QD"),
        ("jc", "JC"),
        ("2c", "2C"),
        (" 7H ", "7H"),  # surrounding blanks ignored
        ("A♠", "AS"),  # suit symbols
        ("10♥", "10H"),
        ("T♦", "10D"),
        ("3♣", "3C"),
        ("k♠", "KS"),
        ("2♦", "2D"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("Jk", "JK"),
    ],
)
def test_accepted_spellings(text: str, code: str) -> None:
    assert parse_card(text).code == code


def test_ten_spellings_are_one_card() -> None:
    assert parse_card("10H") == parse_card("TH") == parse_card("th") == parse_card("10♥") == Card(10, "H")


def test_joker_and_wild_flags() -> None:
    jk = parse_card("JK")
    assert jk == JOKER and jk.is_joker and jk.is_wild and not jk.is_natural and not jk.is_two
    two = parse_card("2S")
    assert two.is_two and two.is_wild and not two.is_joker and not two.is_natural
    for code in ("3C", "10D", "JH", "AS"):
        card = parse_card(code)
        assert card.is_natural and not card.is_wild


def test_ranks() -> None:
    assert parse_card("AS").rank == 14
    assert parse_card("KS").rank == 13
    assert parse_card("3S").rank == 3
    assert parse_card("2S").rank == 2
    assert parse_card("JK").rank == 0


def test_parse_card_passes_cards_through() -> None:
    card = Card(7, "H")
    assert parse_card(card) is card


def test_parse_cards_string_and_list() -> None:
    expected = (Card(10, "C"), JOKER, Card(2, "H"))
    assert parse_cards("10C JK 2H") == expected
    assert parse_cards("10C, JK, 2H") == expected
    assert parse_cards("tc,jk,2h") == expected
    assert parse_cards(["10♣", "JK", "2♥"]) == expected
    assert parse_cards([Card(10, "C"), "jk", "2h"]) == expected
    assert parse_cards("") == ()


def test_cards_are_values() -> None:
    """Two copies of one card are equal and hash alike (the deck is a multiset)."""
    assert parse_card("7H") == parse_card("7h")
    assert len({parse_card("7H"), parse_card("7♥"), Card(7, "H")}) == 1
    assert Counter(parse_cards("7H 7H JK JK")) == Counter({Card(7, "H"): 2, JOKER: 2})


@pytest.mark.parametrize(
    "bad",
    ["1H", "11H", "0S", "ZH", "10X", "7Z", "H", "7", "J", "KK", "AHH", "10", "1♥", "2", "XX", "JKR", "♥"],
)
def test_bad_codes_raise_malformed_naming_the_code(bad: str) -> None:
    with pytest.raises(MalformedInputError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value) or bad in str(info.value)
    assert isinstance(info.value, BanakilError) and isinstance(info.value, ValueError)


def test_empty_code_is_malformed() -> None:
    with pytest.raises(MalformedInputError):
        parse_card("")


def test_bad_code_inside_a_list_names_that_code() -> None:
    with pytest.raises(MalformedInputError, match="9X"):
        parse_cards("7H 8H 9X")


@pytest.mark.parametrize("value", [7, None, 3.5, ("7", "H")])
def test_non_string_code_is_malformed(value: object) -> None:
    with pytest.raises(MalformedInputError):
        parse_card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("rank, suit", [(1, "H"), (15, "H"), (7, "X"), (7, ""), (0, "H")])
def test_impossible_card_values_are_malformed(rank: int, suit: str) -> None:
    with pytest.raises(MalformedInputError):
        Card(rank, suit)


# --------------------------------------------------------------------- deck
def test_deck_has_106_cards() -> None:
    """000 / 004 / 002 / 003: two 52-card packs plus two jokers, 106 cards."""
    deck = full_deck()
    assert sum(deck.values()) == 106
    assert len(deck_list()) == 106


def test_deck_two_of_every_card_and_two_jokers() -> None:
    deck = full_deck()
    for suit in SUITS:
        for rank in NATURAL_CODES + ["2"]:
            assert deck[parse_card(rank + suit)] == 2, rank + suit
    assert deck[JOKER] == 2
    assert len(deck) == 53  # 52 distinct cards and the joker


def test_deck_wilds() -> None:
    """003: all eight 2s and both jokers, 10 wilds in all; 96 natural cards."""
    cards = deck_list()
    assert sum(c.is_two for c in cards) == 8
    assert sum(c.is_joker for c in cards) == 2
    assert sum(c.is_wild for c in cards) == 10
    assert sum(c.is_natural for c in cards) == 96


def test_deck_list_matches_multiset_and_is_sorted() -> None:
    cards = deck_list()
    assert Counter(cards) == full_deck()
    assert cards == sorted(cards)


# ------------------------------------------------------------- point values
CLASSIC_VALUES = {
    "3H": 0.5, "4C": 0.5, "5D": 0.5, "6S": 0.5,
    "7H": 1, "8C": 1, "9D": 1, "10S": 1, "JH": 1, "QC": 1, "KD": 1,
    "AS": 1.5, "2H": 2, "JK": 4,
}


@pytest.mark.parametrize("code, value", sorted(CLASSIC_VALUES.items()))
def test_classic_point_values(code: str, value: float) -> None:
    """000 scoring table and 004 card values: 3-6 half, 7-K one, ace 1.5, 2 two, joker four."""
    card = parse_card(code)
    assert point_value(card) == value
    assert get_ruleset("classic").value(card) == value
    assert get_ruleset("classic-sum").value(card) == value


@pytest.mark.parametrize("ruleset", ["jawaker", "eram", "kroot"])
@pytest.mark.parametrize("code, value", sorted({**CLASSIC_VALUES, "AS": 1}.items()))
def test_ace_counts_one_outside_classic(ruleset: str, code: str, value: float) -> None:
    """004 Jawaker 4 and 002: the ace counts 1; the rest as classic (003 lists 2 = 2, joker = 4)."""
    assert get_ruleset(ruleset).value(parse_card(code)) == value


@pytest.mark.parametrize("ruleset, ace", [("classic", 1.5), ("classic-sum", 1.5), ("jawaker", 1.0),
                                           ("eram", 1.0), ("kroot", 1.0)])
def test_ace_value_per_ruleset(ruleset: str, ace: float) -> None:
    rules = get_ruleset(ruleset)
    assert rules.ace_value == ace
    for suit in SUITS:
        assert rules.value(Card(14, suit)) == ace


def test_wild_counts_its_own_value() -> None:
    """000/003: a wild counts 2 or 4 whatever it stands for."""
    for name in ("classic", "jawaker", "eram", "kroot"):
        rules = get_ruleset(name)
        assert rules.value(parse_card("2C")) == 2
        assert rules.value(JOKER) == 4


def test_whole_deck_value_classic() -> None:
    # per suit and pack: 4 x 0.5 + 7 x 1 + 1.5 + 2 = 12.5; 8 packs-suits -> 100; two jokers 8
    assert sum(point_value(c) for c in deck_list()) == 108


def test_kroot_example_hand_values() -> None:
    """003 scoring example: 6♦ 8♣ K♠ hold 2.5; a joker and 4♥ hold 4.5."""
    kroot = get_ruleset("kroot")
    assert sum(kroot.value(c) for c in parse_cards("6D 8C KS")) == 2.5
    assert sum(kroot.value(c) for c in parse_cards("JK 4H")) == 4.5


def test_dana_spades_run_value() -> None:
    """000 worked hand: 10-J-Q-K-A of spades is 5.5 (ace 1.5)."""
    assert sum(point_value(c) for c in parse_cards("10S JS QS KS AS")) == 5.5


# ---------------------------------------------------------------- rendering
@pytest.mark.parametrize(
    "code, symbol",
    [("10H", "10♥"), ("AS", "A♠"), ("3C", "3♣"), ("QD", "Q♦"), ("2H", "2♥"), ("JK", "🃏")],
)
def test_unicode_symbols(code: str, symbol: str) -> None:
    assert parse_card(code).symbol == symbol


def test_symbol_parses_back() -> None:
    for card in full_deck():
        assert parse_card(card.symbol) == card
        assert parse_card(card.code.lower()) == card


def test_repr_and_colour() -> None:
    assert repr(parse_card("th")) == "Card('10H')"
    assert parse_card("QD").is_red and parse_card("2H").is_red
    assert not parse_card("AS").is_red and not parse_card("3C").is_red


def test_every_spelling_listed_is_read_and_nothing_else_near_it() -> None:
    from banakil_replay.cards import CARD_SPELLINGS

    assert {"10C", "TC", "10♣", "10♧", "JK", "JOKER", "🃏"} <= CARD_SPELLINGS
    for spelling in CARD_SPELLINGS:
        assert parse_card(spelling.lower()) == parse_card(spelling)
    assert "1C" not in CARD_SPELLINGS and "11C" not in CARD_SPELLINGS
