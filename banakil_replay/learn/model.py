"""What every exercise is made of: what it shows, how an answer is read, and the feedback.

An exercise is a frozen value: a question in words, the cards and facts it concerns
(:class:`Shown`, display-neutral so a terminal and a notebook draw the same thing), the rule
set in force, and :meth:`Exercise.check`, which reads one line of answer and judges it with the
engine. Feedback never carries a hand-written rule: each :class:`Reason` is an engine refusal
(its sentence, :class:`~banakil_replay.rulebook.Rule` and source) or a fact the engine computed,
its rule cited from the sources the rule set in force rests on (:func:`~banakil_replay.citations.cite`).

>>> parse_yes_no(" Y ")
True
>>> parse_card_answer("none"), parse_card_answer("7h, 8H")
((), (Card('7H'), Card('8H')))
>>> parse_number("36½")
36.5
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Iterable, Literal, TypeVar

from ..cards import Card, card_run, parse_cards
from ..citations import cite
from ..errors import IllegalMoveError, MalformedInputError
from ..i18n import N_, _, pgettext
from ..rulebook import Rule
from ..rules import Ruleset

AnswerForm = Literal["yes_no", "cards", "number", "count_or_no", "side"]

#: What to type, as a question says it (marked for the catalog: said in the reader's language by ``form_words``).
FORM_WORDS: dict[str, str] = {
    "yes_no": N_("yes or no"),
    "cards": N_("card codes such as 7H 8H 9H, or none"),
    "number": N_("a number, such as 37 or -5.5"),
    "count_or_no": N_("a number of cards, or no"),
    "side": N_("a seat or side number, or none"),
}
# The answer words, in every language the catalog speaks, whatever the language now: an Arabic reader told
# to type "نعم أو لا" (a Persian one "بله یا نه") may type either, and an answer keeps its meaning if the
# language changes mid-question.
_YES = ("yes", "y", "نعم", "بله", "آری")
_NO = ("no", "n", "لا", "نه", "خیر")
_NONE = ("none", "-", "nothing", "لا شيء", "لاشيء", "هیچ", "هیچ\u200cکدام")
_NOBODY = ("none", "nobody", "no", "لا أحد", "لا شيء", "لا", "هیچ\u200cکس", "هیچ کس", "هیچ", "نه", "خیر")

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Shown:
    """One thing an exercise shows: a labelled group of cards, a line of facts, or both."""

    label: str
    cards: tuple[Card, ...] = ()
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "cards": [c.code for c in self.cards], "text": self.text}


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an answer is right or wrong: the engine's sentence, the rule it follows, its source."""

    text: str
    rule: Rule | None = None
    source: str = ""

    @classmethod
    def of(cls, text: str, rule: Rule | None, rules: Ruleset, source: str = "") -> "Reason":
        """``text`` following ``rule``, cited from the sources of ``rules`` (``source`` without a rule)."""
        return cls(text, rule, cite(rules, rule) if rule is not None else source)

    @classmethod
    def refused(cls, err: IllegalMoveError, rules: Ruleset) -> "Reason":
        """The engine's own refusal, word for word, its rule cited from the sources of ``rules``."""
        return cls.of(str(err), err.rule, rules, err.source)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "rule": self.rule.id if self.rule else None, "source": self.source}


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer: right or not, with the reasons (engine sentences) and extra lines."""

    right: bool
    reasons: tuple[Reason, ...] = ()
    explain: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        return self.reasons[0].text if self.reasons else ""

    @property
    def rule(self) -> Rule | None:
        return self.reasons[0].rule if self.reasons else None

    @property
    def source(self) -> str:
        return self.reasons[0].source if self.reasons else ""

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "reasons": [r.to_json() for r in self.reasons], "explain": list(self.explain)}


# ------------------------------------------------------------------ answers
def _words(text: str) -> str:
    return text.strip().lower()


def parse_yes_no(text: str) -> bool:
    word = _words(text)
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise MalformedInputError(_("answer yes or no, not {text!r}").format(text=text.strip()))


def parse_card_answer(text: str) -> tuple[Card, ...]:
    """Card codes (the card parser's message on a bad one); ``none`` or ``-`` for no cards."""
    if _words(text) in _NONE:
        return ()
    cards = parse_cards(text)
    if not cards:
        raise MalformedInputError(_("type card codes such as 7H 8H 9H, or none"))
    return cards


def parse_number(text: str) -> float:
    raw = text.strip().replace(",", ".").replace("−", "-")
    half = raw.endswith("½")  # the guide writes halves as ½: 1½, -5½
    if half:
        raw = raw[:-1] + ("0" if raw[:-1] in ("", "-", "+") else "")
    try:
        value = float(raw)
    except ValueError:
        raise MalformedInputError(_("answer a number such as 37 or -5.5, not {text!r}").format(text=text.strip())) from None
    if half:
        value += -0.5 if raw.startswith("-") else 0.5
    if not math.isfinite(value):
        raise MalformedInputError(_("answer a finite number, not {text!r}").format(text=text.strip()))
    return value


def _whole(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise MalformedInputError(_("answer {what}, not {text!r}").format(what=_(what), text=text.strip())) from None


def parse_count_or_no(text: str) -> int | None:
    """A number of cards (at least 1), or None for ``no``."""
    if _words(text) in _NO:
        return None
    count = _whole(text, FORM_WORDS["count_or_no"])
    if count < 1:
        raise MalformedInputError(_("a number of cards is at least 1, not {count}").format(count=count))
    return count


def parse_side(text: str, sides: int) -> int | None:
    """A side (seat) number below ``sides``, or None for ``none``."""
    if _words(text) in _NOBODY:
        return None
    side = _whole(text, FORM_WORDS["side"])
    if not 0 <= side < sides:
        raise MalformedInputError(_("there is no side {side}: the sides are numbered 0 to {last}").format(
            side=side, last=sides - 1))
    return side


# ---------------------------------------------------------------- exercises
@dataclass(frozen=True)
class Exercise(ABC, Generic[A]):
    """One question, its position and rule set, and how an answer to it is judged.

    ``id`` is stable (the same seed gives the same ids), so progress can name what was done;
    ``origin`` says where the position comes from (a source's example, or a self-play deal).
    """

    id: str
    rules: Ruleset
    origin: str

    kind: ClassVar[str]
    form: ClassVar[AnswerForm]

    @property
    @abstractmethod
    def question(self) -> str:
        """The question in words (one sentence, ending with what to type)."""

    @abstractmethod
    def shows(self) -> tuple[Shown, ...]:
        """The cards and facts the question is about, in the order to show them."""

    @abstractmethod
    def parse(self, text: str) -> A:
        """The answer read from one line, or :class:`MalformedInputError` saying what to type."""

    @abstractmethod
    def judge(self, answer: A) -> Feedback:
        """Right or wrong, with the engine's reasons."""

    @abstractmethod
    def hint(self) -> str:
        """A nudge built from the rule set in force (and the position), not the answer."""

    @abstractmethod
    def solution(self) -> str:
        """The right answer in words, with why."""

    @abstractmethod
    def answer_text(self) -> str:
        """The right answer as a learner would type it."""

    def check(self, text: str) -> Feedback:
        """Read and judge one line; :class:`MalformedInputError` when it cannot be read (retry)."""
        return self.judge(self.parse(text))

    @property
    def form_words(self) -> str:
        return _(FORM_WORDS[self.form])

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "rules": self.rules.name, "origin": self.origin,
                "question": self.question, "form": self.form, "shows": [s.to_json() for s in self.shows()]}


def names(cards: Iterable[Card]) -> str:
    """Cards as a learner reads them: ``7♥ 8♥ 9♥``, or ``none``."""
    return card_run(cards) or pgettext("no cards", "none")


def typed(cards: Iterable[Card]) -> str:
    """Cards as a learner types them: ``7H 8H 9H``, or ``none`` (in any language's word the answer reader takes)."""
    return " ".join(c.code for c in cards) or pgettext("answer", "none")


def num(x: float) -> str:
    """A score as text: 37, 36.5, -5."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


__all__ = ["AnswerForm", "FORM_WORDS", "Shown", "Reason", "Feedback", "Exercise", "parse_yes_no",
           "parse_card_answer", "parse_number", "parse_count_or_no", "parse_side", "names", "typed", "num"]
