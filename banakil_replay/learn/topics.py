"""What each exercise asks about, and the lesson that teaches it: so a lesson asks only what it taught.

A topic is one idea a question leans on (scoring a plain hand, rounding, partnerships, ...).
:data:`TOPICS` names the lesson of the course (``notebooks/NN_*.ipynb``) that teaches each one;
:func:`topics_of` reads the topics off an exercise, from what it shows (a four-player hand needs
partnerships, a hand whose side score is rounded needs rounding); :func:`taught_by` is every topic
taught up to a lesson. ``exercises(..., lesson=N)`` yields only exercises within ``taught_by(N)``.

>>> sorted(taught_by(1))
['hand-score']
>>> TOPICS["partnerships"]
7
"""

from __future__ import annotations

from typing import Any, Iterable

from ..i18n import N_, _
from .meld_exercises import IsMeld, LayOff, MakeMeld
from .model import Exercise
from .score_exercises import MatchWinner, ScoreHand
from .turn_exercises import Discard, TakePile

#: Each topic, and the lesson that teaches it.
TOPICS: dict[str, int] = {
    "hand-score": 1,     # melds minus hand, +20 for going out (lesson 1's worked hand)
    "melds": 2,          # runs, sets, wild cards
    "turn": 3,           # draw, meld, discard: after a draw from the stock any card may go
    "pile": 4,           # taking from the pile, and the card you may not throw back
    "adding": 5,         # adding to melds, wild cards that move, swapping a joker
    "rounding": 6,       # half points rounded once per side
    "never-melded": 6,   # the flat -20
    "all-at-once": 6,    # the dhamoon, and seats that had no turn
    "dead-hand": 6,      # the stock ran out
    "partnerships": 7,   # four players as two sides
    "match": 10,         # when a match ends and who wins
}

LESSONS = range(1, 11)  # the lessons that teach rules (lesson 11, playing well, teaches none)

#: The lesson that teaches the rule line of each kind of option (``play.rule_text.RULE_SENTENCES``): an
#: options panel shown in an earlier lesson says that line is a preview.
RULE_LESSON: dict[str, int] = {"meld": 2, "draw": 3, "discard": 3, "take": 4, "lay_off": 5, "joker_swap": 5,
                               "reshuffle": 8}
#: Each kind's rule as a preview names it (marked for the catalog: :func:`previewed` says it in the reader's language).
RULE_NAMES: dict[str, str] = {"meld": N_("what makes a meld"), "draw": N_("drawing"), "discard": N_("discarding"),
                              "take": N_("taking from the discard pile"), "lay_off": N_("adding to a meld"),
                              "joker_swap": N_("swapping a joker"), "reshuffle": N_("a new stock from the pile")}
#: Words an option's explanation may use that lean on a later lesson: the words, the idea, its lesson.
PREVIEW_WORDS: tuple[tuple[str, str, int], ...] = (
    ("flat -", N_("the flat score of a player who never melded"), 6),
)


def previewed(lesson: int, kinds: Iterable[str], said: Iterable[str]) -> list[str]:
    """What a panel in ``lesson`` shows from later lessons: the rule lines of option ``kinds``, and the ideas
    that the explanations ``said`` lean on, each with the lesson that teaches it (in course order).

    >>> previewed(1, ["meld", "draw"], ["no more risk of the flat -20 for melding nothing"])
    ['what makes a meld (lesson 2)', 'drawing (lesson 3)', 'the flat score of a player who never melded (lesson 6)']
    >>> previewed(6, ["meld"], ["no more risk of the flat -20"])
    []
    """
    found = {(RULE_LESSON[k], RULE_NAMES[k]) for k in kinds if RULE_LESSON.get(k, 0) > lesson}
    text = " ".join(said)
    found |= {(n, idea) for words, idea, n in PREVIEW_WORDS if n > lesson and words in text}
    return [_("{idea} (lesson {lesson})").format(idea=_(idea), lesson=n) for n, idea in sorted(found)]


def taught_by(lesson: int) -> frozenset[str]:
    """Every topic taught in ``lesson`` and the lessons before it."""
    return frozenset(t for t, n in TOPICS.items() if n <= lesson)


def _score_topics(ex: ScoreHand) -> set[str]:
    """At two or three players a side is one seat, and only that seat's score is asked: the others'
    never-melded or half points do not enter it. At four every seat may enter a side's score."""
    hand = ex.hand
    out = {"hand-score"}
    seats = range(hand.n) if hand.n == 4 else [ex.side]
    if hand.n == 4:
        out.add("partnerships")
    if any(not hand.seats[i].opened for i in seats):
        out.add("never-melded")
    if hand.all_at_once or any(not s.had_turn for s in hand.seats):
        out.add("all-at-once")
    if hand.went_out is None:
        out.add("dead-hand")
    points = ex.score().seats
    if any(not float(points[i]).is_integer() for i in seats):
        out.add("rounding")  # a half point in the score asked about: rounded (or, under ERAM, kept)
    return out


def topics_of(ex: Exercise[Any]) -> frozenset[str]:
    """The topics ``ex`` leans on (every kind's own, and what its position adds)."""
    if isinstance(ex, (IsMeld, MakeMeld)):
        found = {"melds"}
    elif isinstance(ex, LayOff):
        found = {"melds", "adding"}
    elif isinstance(ex, Discard):
        found = {"turn", "pile"} if ex.state.this_turn.took_count else {"turn"}
    elif isinstance(ex, TakePile):
        found = {"turn", "pile"}
    elif isinstance(ex, ScoreHand):
        found = _score_topics(ex)
    elif isinstance(ex, MatchWinner):
        found = {"match"} | ({"partnerships"} if ex.players == 4 else set())
    else:
        raise TypeError(f"no topics known for exercise kind {ex.kind!r}")
    return frozenset(found)


def lesson_of(ex: Exercise[Any]) -> int:
    """The first lesson after which ``ex`` may be asked."""
    return max(TOPICS[t] for t in topics_of(ex))


__all__ = ["TOPICS", "LESSONS", "RULE_LESSON", "RULE_NAMES", "PREVIEW_WORDS", "previewed", "taught_by", "topics_of", "lesson_of"]
