"""Cards, card codes and the 106-card deck.

A card is an immutable value: two copies of the seven of hearts are equal, and
the deck is a multiset (two 52-card packs plus two jokers).

Codes read: ``3H`` .. ``10H`` .. ``AH``, ``2C``, ``JK``; ``T`` for ten, any
letter case and the suit symbols are accepted too. Codes written are always the
canonical upper-case form (``10H``, ``JK``).

>>> parse_card("th")
Card('10H')
>>> parse_card("A♠").code
'AS'
>>> parse_card("JK").is_wild
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from .errors import MalformedInputError

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset({"D", "H"})

JOKER_RANK = 0
TWO_RANK = 2
ACE_RANK = 14
#: Natural ranks in run order, 3 lowest and ace highest.
NATURAL_RANKS: tuple[int, ...] = tuple(range(3, 15))

RANK_CODES: dict[int, str] = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}
_RANK_FROM_CODE: dict[str, int] = {v: k for k, v in RANK_CODES.items()}
_RANK_FROM_CODE["T"] = 10
_SUIT_FROM_SYMBOL: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
_SUIT_FROM_SYMBOL.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


def rank_code(rank: int) -> str:
    """The code of a rank; rank 1 is an ace played low (ERAM)."""
    return "A" if rank == 1 else RANK_CODES[rank]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is 2..14 (ace 14) or 0 for a joker."""

    rank: int
    suit: str = ""

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit:
                raise MalformedInputError(f"a joker has no suit, got {self.suit!r}")
        elif self.rank not in RANK_CODES or self.suit not in SUITS:
            raise MalformedInputError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def code(self) -> str:
        return "JK" if self.rank == JOKER_RANK else RANK_CODES[self.rank] + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_two(self) -> bool:
        return self.rank == TWO_RANK

    @property
    def is_wild(self) -> bool:
        return self.rank in (JOKER_RANK, TWO_RANK)

    @property
    def is_natural(self) -> bool:
        return not self.is_wild

    @property
    def symbol(self) -> str:
        """Unicode rendering for display, such as ``10♥`` or ``🃏``."""
        if self.is_joker:
            return "🃏"
        return RANK_CODES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


JOKER = Card(JOKER_RANK)


@lru_cache(maxsize=512)
def _parse(text: str) -> Card:
    raw = text.strip()
    code = raw.upper()
    if code in ("JK", "JOKER", "🃏", "★"):
        return JOKER
    if len(code) < 2:
        raise MalformedInputError(f"unknown card code {text!r}: too short (expected e.g. 7H, 10S, AD, 2C, JK)")
    suit = _SUIT_FROM_SYMBOL.get(code[-1], code[-1])
    rank = _RANK_FROM_CODE.get(code[:-1])
    if suit not in SUITS:
        raise MalformedInputError(f"unknown card code {text!r}: suit {code[-1]!r} is not one of C D H S ♣ ♦ ♥ ♠")
    if rank is None:
        raise MalformedInputError(f"unknown card code {text!r}: rank {code[:-1]!r} is not one of 2-10 T J Q K A")
    return Card(rank, suit)


def parse_card(text: str | Card) -> Card:
    """Read one card code; a bad code raises :class:`MalformedInputError` naming it."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise MalformedInputError(f"a card code must be a string, got {type(text).__name__} {text!r}")
    return _parse(text)


def parse_cards(codes: Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several card codes; a string is split on whitespace and commas."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return tuple(parse_card(c) for c in codes)


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def full_deck() -> Counter[Card]:
    """The 106-card deck as a multiset: two of every natural and every 2, two jokers."""
    deck: Counter[Card] = Counter()
    for suit in SUITS:
        for rank in RANK_CODES:
            deck[Card(rank, suit)] = 2
    deck[JOKER] = 2
    return deck


def deck_list() -> list[Card]:
    """The deck as a sorted list of 106 cards (shuffle it yourself, with your own RNG)."""
    return sorted(full_deck().elements())


def point_value(card: Card, ace_value: float = 1.5) -> float:
    """A card's points: 3-6 half a point, 7-K one, ace per rule set, 2 two, joker four.

    Sources: 000 (scoring table), 004 (card values), 002 (card point values).
    A wild card always counts its own value, never that of the card it stands for.
    """
    r = card.rank
    if r == JOKER_RANK:
        return 4.0
    if r == TWO_RANK:
        return 2.0
    if r == ACE_RANK:
        return ace_value
    return 0.5 if r <= 6 else 1.0
