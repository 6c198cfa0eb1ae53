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

from .course import KINDS, exercises
from .model import Exercise, Feedback, Reason, Shown
from .session import LearnerProgress, Session, load_progress, save_progress

__all__ = ["KINDS", "exercises", "Exercise", "Feedback", "Reason", "Shown", "LearnerProgress", "Session",
           "load_progress", "save_progress"]
