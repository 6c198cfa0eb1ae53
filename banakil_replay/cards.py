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
>>> card_name(parse_card("7H")), card_name(JOKER)
('seven of hearts', 'joker')
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from operator import attrgetter
from typing import Iterable

from .errors import MalformedInputError
from .i18n import N_, _, ltr_run

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES: dict[str, str] = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
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
#: Ranks in words (English; :func:`card_name` says them in the reader's language).
RANK_NAMES: dict[int, str] = {
    2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"),
    9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace"),
}
_RANK_FROM_CODE: dict[str, int] = {v: k for k, v in RANK_CODES.items()}
_RANK_FROM_CODE["T"] = 10
_SUIT_FROM_SYMBOL: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
_SUIT_FROM_SYMBOL.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


def suit_name(suit: str) -> str:
    """A suit in words, in the reader's language (``H`` -> hearts, كبة)."""
    return _(SUIT_NAMES[suit])


def card_name(card: "Card") -> str:
    """A card in words, in the reader's language: seven of hearts, سبعة كبة; the codes stay as typed."""
    if card.is_joker:
        return _("joker")
    return _("{rank} of {suit}").format(rank=_(RANK_NAMES[card.rank]), suit=suit_name(card.suit))


def rank_code(rank: int) -> str:
    """The code of a rank; rank 1 is an ace played low (ERAM)."""
    return "A" if rank == 1 else RANK_CODES[rank]


class Card:
    """One playing card. ``rank`` is 2..14 (ace 14) or 0 for a joker.

    Cards are immutable and interned: ``Card(7, "H") is Card(7, "H")``. Equal
    cards are the same object, so hashing and comparing them costs what it does
    for any object, which matters on the replay's hot path; the flags below are
    computed once per card kind.
    """

    __slots__ = ("rank", "suit", "code", "symbol", "is_joker", "is_two", "is_wild", "is_natural", "_key")
    _interned: dict[tuple[int, str], "Card"] = {}

    rank: int
    suit: str
    code: str
    symbol: str
    is_joker: bool
    is_two: bool
    is_wild: bool
    is_natural: bool
    _key: tuple[int, str]

    def __new__(cls, rank: int, suit: str = "") -> "Card":
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if rank == JOKER_RANK:
            if suit:
                raise MalformedInputError(f"a joker has no suit, got {suit!r}")
        elif rank not in RANK_CODES or suit not in SUITS:
            raise MalformedInputError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = object.__new__(cls)
        joker, two = rank == JOKER_RANK, rank == TWO_RANK
        for name, value in (("rank", rank), ("suit", suit), ("_key", key),
                            ("code", "JK" if joker else RANK_CODES[rank] + suit),
                            # Unicode rendering for display, such as 10♥ or 🃏
                            ("symbol", "🃏" if joker else RANK_CODES[rank] + SUIT_SYMBOLS[suit]),
                            ("is_joker", joker), ("is_two", two), ("is_wild", joker or two),
                            ("is_natural", not (joker or two))):
            object.__setattr__(card, name, value)
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cards are immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[type, tuple[int, str]]:
        return (Card, (self.rank, self.suit))  # copies and pickles come back as the interned card

    # Equal cards are one object, so equality is identity, as without these two. They are spelled
    # out because the ordering below, written in Python, makes every comparison of two different
    # cards a Python-level one: without them ``==`` would try ``__eq__`` both ways round before
    # falling back to identity, and a search of a hand (``index``, ``in``, ``remove``) would cost
    # twice as much. The hash stays the identity's, computed in C.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return False if type(other) is Card else NotImplemented

    def __ne__(self, other: object) -> bool:
        if self is other:
            return False
        return True if type(other) is Card else NotImplemented

    __hash__ = object.__hash__

    def __lt__(self, other: "Card") -> bool:
        return self._key < other._key

    def __le__(self, other: "Card") -> bool:
        return self._key <= other._key

    def __gt__(self, other: "Card") -> bool:
        return self._key > other._key

    def __ge__(self, other: "Card") -> bool:
        return self._key >= other._key

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


JOKER = Card(JOKER_RANK)

#: ``sorted(cards, key=card_order)`` sorts as ``sorted(cards)`` does, without a Python-level
#: comparison per pair: the solver and the playouts sort hands millions of times.
card_order = attrgetter("_key")


#: Every way a joker may be written (after upper-casing).
JOKER_CODES: tuple[str, ...] = ("JK", "JOKER", "🃏", "★")


@lru_cache(maxsize=512)
def _parse(text: str) -> Card:
    raw = text.strip()
    code = raw.upper()
    if code in JOKER_CODES:
        return JOKER
    if len(code) < 2:
        raise MalformedInputError(_("unknown card code {code}: too short (expected e.g. 7H, 10S, AD, 2C, JK)")
                                 .format(code=repr(text)))
    suit = _SUIT_FROM_SYMBOL.get(code[-1], code[-1])
    rank = _RANK_FROM_CODE.get(code[:-1])
    if suit not in SUITS:
        raise MalformedInputError(_("unknown card code {code}: suit {suit} is not one of C D H S ♣ ♦ ♥ ♠")
                                 .format(code=repr(text), suit=repr(code[-1])))
    if rank is None:
        raise MalformedInputError(_("unknown card code {code}: rank {rank} is not one of 2-10 T J Q K A")
                                 .format(code=repr(text), rank=repr(code[:-1])))
    return Card(rank, suit)


#: Every way of writing a card :func:`parse_card` reads, upper case (it reads any case, and spaces around).
CARD_SPELLINGS: frozenset[str] = frozenset(
    {rank + suit for rank in _RANK_FROM_CODE for suit in (*SUITS, *_SUIT_FROM_SYMBOL)} | set(JOKER_CODES))


def parse_card(text: str | Card) -> Card:
    """Read one card code; a bad code raises :class:`MalformedInputError` naming it.

    >>> parse_card("10H"), parse_card("JK").is_joker
    (Card('10H'), True)
    >>> parse_card("1H")
    Traceback (most recent call last):
    banakil_replay.errors.MalformedInputError: unknown card code '1H': rank '1' is not one of 2-10 T J Q K A
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise MalformedInputError(_("a card code must be a string, got {kind} {value}")
                                  .format(kind=type(text).__name__, value=repr(text)))
    return _parse(text)


def parse_cards(codes: Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several card codes; a string is split on whitespace and commas.

    >>> parse_cards("7H 8H, 9H")
    (Card('7H'), Card('8H'), Card('9H'))
    """
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return tuple(parse_card(c) for c in codes)


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def symbols(cards: Iterable[Card]) -> str:
    """Cards as a sentence shows them, in the order given: ``7♥ 8♥ 9♥``."""
    return " ".join(c.symbol for c in cards)


def card_run(cards: "Card | Iterable[Card] | str") -> str:
    """Cards as a field of a sentence said now: the one way a sentence takes a run of cards.

    A card, cards (their symbols, in the order given) or a run already written out (a meld's
    description, card codes) is held left to right in a right-to-left language (``ltr_run``), so an
    Arabic sentence shows ``7♥ 8♥ 9♥`` in its order; English gets the plain symbols. Call it when the
    sentence is said (in the language in force then), never when data is built: JSON, logs and the
    codes a command reads take :func:`symbols` or codes.

    >>> from .i18n import language
    >>> with language("en"):
    ...     card_run(parse_cards("7H 8H")), card_run(parse_card("JK"))
    ('7♥ 8♥', '🃏')
    """
    if isinstance(cards, str):
        return ltr_run(cards)
    one = getattr(cards, "symbol", None)  # a card, by what it has (a doctest's fresh import makes a second Card class)
    return ltr_run(one if isinstance(one, str) else symbols(cards))  # type: ignore[arg-type]


def full_deck() -> Counter[Card]:
    """The 106-card deck as a multiset: two of every natural and every 2, two jokers.

    >>> deck = full_deck()
    >>> sum(deck.values()), deck[parse_card("JK")], deck[parse_card("2C")]
    (106, 2, 2)
    """
    deck: Counter[Card] = Counter()
    for suit in SUITS:
        for rank in RANK_CODES:
            deck[Card(rank, suit)] = 2
    deck[JOKER] = 2
    return deck


#: Every distinct card once (52 naturals and 2s, then the joker), and each card's index in it:
#: a multiset of cards fits in a tuple of 53 counts (fast to copy, hashable).
CARD_KINDS: tuple[Card, ...] = tuple(sorted(full_deck()))
CARD_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARD_KINDS)}


def counts_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """A multiset of cards as a tuple of counts indexed by :data:`CARD_INDEX`."""
    out = [0] * len(CARD_KINDS)
    for c in cards:
        out[CARD_INDEX[c]] += 1
    return tuple(out)


def deck_left(hands: Iterable[Iterable[Card]], upcard: Card | None = None,
              stock: Iterable[Card] | None = None) -> tuple[int, ...] | None:
    """The deck's cards left after dealing ``hands`` and turning ``upcard`` up, as counts by
    :data:`CARD_INDEX`; None when a card was dealt more often than the deck holds it, or when
    ``stock`` (if given) is not exactly the cards left. Counted in lists of the 54 kinds' counts
    (a deal is counted at every hand's start: :class:`Counter` arithmetic cost three times as much).
    """
    index = CARD_INDEX
    left = [2] * len(CARD_KINDS)  # the deck: two of every kind
    for cards in hands:
        for c in cards:
            left[index[c]] -= 1
    if upcard is not None:
        left[index[upcard]] -= 1
    if min(left) < 0:
        return None
    if stock is not None:
        given = [0] * len(CARD_KINDS)
        for c in stock:
            given[index[c]] += 1
        if given != left:
            return None
    return tuple(left)


def deck_list() -> list[Card]:
    """The deck as a sorted list of 106 cards (shuffle it yourself, with your own RNG)."""
    return sorted(full_deck().elements())


def point_value(card: Card, ace_value: float = 1.5) -> float:
    """A card's points: 3-6 half a point, 7-K one, ace per rule set, 2 two, joker four.

    Sources: 000 (scoring table), 004 (card values), 002 (card point values).
    A wild card always counts its own value, never that of the card it stands for.

    >>> [point_value(parse_card(c)) for c in ("5D", "KS", "AS", "2C", "JK")]
    [0.5, 1.0, 1.5, 2.0, 4.0]
    """
    r = card.rank
    if r == JOKER_RANK:
        return 4.0
    if r == TWO_RANK:
        return 2.0
    if r == ACE_RANK:
        return ace_value
    return 0.5 if r <= 6 else 1.0


def difference_words(given: Counter[Card], expected: Counter[Card]) -> str:
    """Which cards ``given`` has too few or too many of, against ``expected``, in words.

    >>> difference_words(Counter(parse_cards("3H 3H 4H")), Counter(parse_cards("3H 5H")))
    'it lacks 5♥ and it has 3♥ 4♥ too many'
    """
    def listed(cards: Counter[Card]) -> str:
        return card_run(sorted(cards.elements(), key=CARD_INDEX.__getitem__))

    extra, missing = given - expected, expected - given
    if missing and extra:
        return _("it lacks {missing} and it has {extra} too many").format(missing=listed(missing), extra=listed(extra))
    if missing:
        return _("it lacks {missing}").format(missing=listed(missing))
    return _("it has {extra} too many").format(extra=listed(extra)) if extra else ""
