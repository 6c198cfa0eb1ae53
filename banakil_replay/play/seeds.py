"""Every seed a game, a bot or a lesson is given, derived in one place.

A seed fixes what a recorded game holds (its deals, its reshuffles, a random
bot's moves) and what a lesson draws, so each derivation is written once, here,
and never changed: logs already written and learners' saved progress depend on
the numbers. A new derivation uses :func:`derived_seed`.

>>> derived_seed(3, "deal", 1) == derived_seed("3", "deal", "1")
True
>>> seat_seed(5, 2)
42
"""

from __future__ import annotations

import hashlib
import random

#: seats per game in :func:`seat_seed`'s numbering: more than any table has, so no two (game, seat) pairs meet
_SEATS = 8


def derived_seed(*parts: object) -> int:
    """A 63-bit seed that depends on ``parts`` alone (the same on every machine and Python run)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game seeded ``seed`` (the self-played games record its moves)."""
    return seed * _SEATS + seat


def lesson_seed(*parts: object) -> int:
    """A 31-bit seed that depends on ``parts`` alone, for the exercises a lesson draws from play."""
    return random.Random("/".join(map(str, parts))).randrange(2 ** 31)


__all__ = ["derived_seed", "seat_seed", "lesson_seed"]
