"""Learn Banakil: exercises that the rules engine checks and explains.

Seven kinds of exercise (:data:`KINDS`): is this a meld, make a meld, which cards may go on this
meld, what may you not discard now, taking from the pile, score this hand, who won this match.
Each is a frozen :class:`Exercise`: a question, what it shows, the rule set in force, and
``check(line)``, whose :class:`Feedback` is the engine's own verdict and reason (a refusal's
sentence, rule and source; a hand's working). Exercises come from the sources' examples and
from seeded self-play (:func:`exercises`); a :class:`Session` asks them one by one and keeps the
score, and a learner's progress goes to a small JSON file (:func:`save_progress`).

Nothing here prints or reads: the ``learn`` command (``cli/learn.py``) and the notebooks drive it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names of _LAZY, for type checkers (tests/test_learn.py keeps the two the same)
    from .course import KINDS as KINDS, exercises as exercises
    from .model import Exercise as Exercise, Feedback as Feedback, Reason as Reason, Shown as Shown
    from .session import (
        LearnerProgress as LearnerProgress, Session as Session, load_progress as load_progress,
        save_progress as save_progress,
    )

# Loaded on first use: the course pulls in the exercises, the bots and the search, which a
# command that only lists the kinds (``--help``) must not pay for (see :mod:`.kind_names`).
_LAZY: dict[str, str] = {"KINDS": "course", "exercises": "course", "Exercise": "model", "Feedback": "model",
                         "Reason": "model", "Shown": "model", "LearnerProgress": "session", "Session": "session",
                         "load_progress": "session", "save_progress": "session"}

__all__ = list(_LAZY)


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value  # once loaded, a plain attribute
    return value
