"""Who sits where: turn order, partners, and what a seat is called.

Each fact has one home here, so a reducer check, a deal, a tutorial sentence and
a table heading cannot come to disagree (``tests/test_one_home.py`` finds a copy
restated elsewhere). Seats are numbered 0..n-1 in turn order.

>>> first_to_play(dealer=3, players=4), next_dealer(3, 4)
(0, 0)
>>> sides_of(4), side_of(3, 4), partner_of(1, 4), partner_of(1, 3)
([(0, 2), (1, 3)], 1, 3, None)
>>> seat_name(("Dana", "Ravi"), 1), seat_name(("Dana", "Ravi"), 2), seat_name((), 0, capital=True)
('Ravi', 'seat 2', 'Seat 0')
"""

from __future__ import annotations

from typing import Sequence

from .i18n import _

__all__ = ["next_seat", "first_to_play", "next_dealer", "dealer_before", "sides_of", "side_of", "partner_of",
           "seat_name"]


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``; the last seat is followed by seat 0."""
    return (seat + 1) % players


def first_to_play(dealer: int, players: int) -> int:
    """The seat after the dealer plays first (and is the starter who gets 19 cards where there is one)."""
    return next_seat(dealer, players)


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the next seat each hand, a dead hand's fresh deal included."""
    return next_seat(dealer, players)


def dealer_before(first: int, players: int) -> int:
    """The dealer whose deal has ``first`` play first: the seat before it."""
    return (first - 1) % players


def sides_of(players: int) -> list[tuple[int, ...]]:
    """Seats per side: partners 0+2 and 1+3 at four players, everyone alone otherwise."""
    if players == 4:
        return [(0, 2), (1, 3)]
    return [(i,) for i in range(players)]


def side_of(seat: int, players: int) -> int:
    """The side ``seat`` plays for (its own seat number when everyone plays alone)."""
    return seat % 2 if players == 4 else seat


def partner_of(seat: int, players: int) -> int | None:
    """The partner opposite ``seat`` at four players; nobody at two or three."""
    return (seat + 2) % 4 if players == 4 else None


def seat_name(players: Sequence[str], seat: int, *, capital: bool = False) -> str:
    """The player's name, else ``seat N`` (``Seat N`` to start a sentence) for a seat with no name."""
    if 0 <= seat < len(players) and players[seat]:
        return players[seat]
    # two whole templates, not one word chosen into another: Arabic has no capitals but may differ in form
    return (_("Seat {seat}") if capital else _("seat {seat}")).format(seat=seat)
