"""The exercise kinds' names, apart from the exercises themselves.

The ``learn`` command lists them in its ``--kind`` help at parse time, so this module imports
nothing: importing the course would load the exercises, the bots and the search for
``banakil-replay --help``. :data:`~.course.KINDS` holds one kind per name here, in this order
(``tests/test_learn.py`` keeps the two the same).
"""

from __future__ import annotations

KIND_NAMES: tuple[str, ...] = ("is-meld", "make-meld", "lay-off", "discard", "take-pile", "score-hand",
                               "match-winner")

__all__ = ["KIND_NAMES"]
