"""Can one deck hold these hands? The cards a hand's seats are said to have laid and held, counted together.

A hand entered by its cards (the ``score`` command, a score sheet) names every card the
seats melded and still hold; those all come out of one 106-card deck (two of every card,
two jokers), so a hand that names a card more often than that was mistyped. The check is
pure so every edge that takes such a hand (the reducer's ``hand_recorded``, the ``score``
and ``sheet`` commands, ``SheetWidget``) refuses it with the same sentence.

>>> from .cards import parse_cards
>>> deck_overflow([parse_cards("3H 3H"), parse_cards("3H 4H")])
'3♥ is named 3 times (seat 0: 2, seat 1: 1); the deck holds 2 of each card'
>>> deck_overflow([parse_cards("JK JK"), parse_cards("")]) is None
True
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from .cards import CARD_INDEX, Card, card_run, full_deck
from .errors import MalformedInputError
from .i18n import _
from .seats import seat_name

__all__ = ["check_in_deck", "deck_overflow"]


def deck_overflow(seats: Sequence[Iterable[Card]], names: Sequence[str] | None = None) -> str | None:
    """None when one deck holds every seat's cards together; else which card is named too often, in a sentence.

    ``seats``: per seat, every card it is said to have (melded and in hand); ``names``
    the seats' names in the sentence (a seat without one is ``seat 0``, ``seat 1``, ... as everywhere).
    """
    per_seat = [Counter(cards) for cards in seats]
    named = sum(per_seat, Counter[Card]())
    over = named - full_deck()
    if not over:
        return None
    card = min(over, key=CARD_INDEX.__getitem__)  # the first in deck order: the same sentence every time
    if len(per_seat) == 1 and names is None:
        return _("{card} is named {count} times; the deck holds 2 of each card").format(card=card_run(card),
                                                                                         count=named[card])
    shares = _(", ").join(_("{seat}: {count}").format(seat=seat_name(names or (), i), count=c[card])
                          for i, c in enumerate(per_seat) if c[card])
    return _("{card} is named {count} times ({shares}); the deck holds 2 of each card").format(
        card=card_run(card), count=named[card], shares=shares)


def check_in_deck(cards: Iterable[Card]) -> None:
    """Refuse one list of cards (a hand to solve) that names a card more often than the deck holds it."""
    too_many = deck_overflow([cards])
    if too_many:
        raise MalformedInputError(too_many)
