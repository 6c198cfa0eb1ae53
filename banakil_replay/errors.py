"""Error types, by kind of failure, and the one way to put an error in words.

Following python-chess, the kinds are few and each is raised: input that cannot be
read (:class:`MalformedInputError`) and play the rules forbid
(:class:`IllegalMoveError`), both ``ValueError`` subclasses, so callers catch exactly
what they mean. An event of a log that the fold refuses is located by seq: a
:class:`ReplayError` (the rules forbid it) or a :class:`MalformedEventError` (it names
rules this engine cannot read); no error is of two kinds, so no caller has to catch
in a set order.

Every error keeps its parts: ``reason`` (the bare why) and, where known, ``seq``,
``event_type``, ``rule`` and ``source``. :func:`render` puts them in words for the
command line, the text table and the widgets alike.

The reason is said in the language current when the error is made (the sentence is built where
the facts are known, and only when something is refused: a valid event asks the catalog for
nothing); the frame around it (``seq N``, the rule's title) is said when the error is put in
words (``str(err)`` when it is made, :func:`render` when called). ``source`` stays English data (``play --json`` prints it); ``source_said`` is that
citation in the reader's words, given by whoever can say it (the reducer), else the source itself:

>>> from .rulebook import Rule
>>> err = ReplayError(7, "discarded", "seat 1 does not hold 7H", rule=Rule.CARDS_FROM_HAND, source="000 (Play)")
>>> str(err)
'seq 7: discarded: seat 1 does not hold 7H [cards come from the hand: 000 (Play)]'
>>> render(err, seq=False, event_type=False, rule_id=True)
'seat 1 does not hold 7H [cards come from the hand (rule cards-from-hand): 000 (Play)]'
>>> err.reason, err.seq, err.rule is Rule.CARDS_FROM_HAND
('seat 1 does not hold 7H', 7, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .i18n import _, pgettext

if TYPE_CHECKING:
    from .rulebook import Rule

__all__ = ["BanakilError", "MalformedInputError", "UnknownRulesetError", "IllegalMoveError", "ReplayError",
           "MalformedEventError", "render"]


class BanakilError(ValueError):
    """Base class of every error raised by banakil-replay.

    ``str(err)`` is the whole message; ``reason`` the bare why. The parts a kind does
    not know stay None (``seq``, ``event_type``, ``rule``) or empty (``source``).
    """

    seq: int | None = None
    event_type: str | None = None
    rule: Rule | None = None
    source: str = ""
    source_said: str | None = None  # the source in the reader's words, when known; else ``source`` is shown
    cites_rule: ClassVar[bool] = False  # a refusal names its rule and source when rendered; a read error does not

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason

    @property
    def rule_id(self) -> str:
        return self.rule.id if self.rule is not None else ""

    @property
    def place(self) -> str:
        """Where in a file the error lies (``line 3, byte 40``) for a kind that knows; else empty."""
        return ""


class MalformedInputError(BanakilError):
    """Input that cannot be read at all: a bad card code, a broken log line."""


class UnknownRulesetError(MalformedInputError):
    """A rule set name that is not registered."""


class IllegalMoveError(BanakilError):
    """Well-formed input that the rule set forbids.

    ``rule`` is the :class:`~.rulebook.Rule` broken and ``source`` the rule files it
    comes from (the rule's own, or a narrower one for this case), so the reducer, the
    options list and explanations quote the same rule.
    """

    cites_rule = True

    def __init__(self, message: str, *, rule: Rule | None = None, source: str | None = None,
                 reason: str | None = None, source_said: str | None = None) -> None:
        super().__init__(message, reason=reason)
        self.rule = rule
        self.source = source if source is not None else (rule.source if rule is not None else "")
        self.source_said = source_said


class ReplayError(IllegalMoveError):
    """An event the rules (or the log's own sequence) forbid, located by seq."""

    def __init__(self, seq: int, event_type: str, reason: str, *, rule: Rule | None = None,
                 source: str | None = None, source_said: str | None = None) -> None:
        self.seq, self.event_type = seq, event_type
        source = source if source is not None else (rule.source if rule is not None else "")
        said = source if source_said is None else source_said
        super().__init__(_located(seq, event_type, reason, rule, said), rule=rule, source=source, reason=reason,
                         source_said=source_said)


class MalformedEventError(MalformedInputError):
    """An event this engine cannot read at all (a bad rule set or rule option), located by seq.

    ``validate`` reports it as an invalid log at its seq (as it does a :class:`ReplayError`);
    commands that need a game to work on treat it as the bad input it is.
    """

    cites_rule = True

    def __init__(self, seq: int, event_type: str, reason: str, *, rule: Rule | None = None,
                 source: str | None = None) -> None:
        self.seq, self.event_type, self.rule = seq, event_type, rule
        self.source = source if source is not None else (rule.source if rule is not None else "")
        super().__init__(_located(seq, event_type, reason, rule, self.source), reason=reason)


def _title(rule: Rule) -> str:
    # rulebook_words.title, which this module cannot import (the rulebook imports the errors): the same
    # context, so both ask the catalog for one message
    return pgettext("rule title", rule.title)


def _located(seq: int, event_type: str, reason: str, rule: Rule | None, source: str) -> str:
    located = _("seq {seq}: {event_type}: {reason}").format(seq=seq, event_type=event_type, reason=reason)
    return located + (_(" [{rule}: {source}]").format(rule=_title(rule), source=source) if rule is not None else "")


def render(err: BanakilError, *, seq: bool = True, event_type: bool = True, rule_id: bool = False,
           place: bool = False) -> str:
    """``err`` in words: ``seq N: type: reason [rule: source]``, leaving out what the reader knows.

    ``seq=False`` when the seq is printed apart (``validate``), ``event_type=False`` when the
    player has just made the move; ``rule_id`` adds the rule's id for looking it up. A read
    error (no rule to cite) is its reason, after its seq when asked for; ``place`` adds where
    in the file it lies, for a reader who will open the file (``reason (line 3, byte 40)``).
    """
    head = (_("seq {seq}: ").format(seq=err.seq) if seq and err.seq is not None else "") + \
        (f"{err.event_type}: " if event_type and err.event_type else "")  # the event's type is data, as logged
    rule = err.rule if err.cites_rule else None
    source = err.source if err.source_said is None else err.source_said
    if rule is None:
        tag = ""
    elif rule_id:
        tag = _(" [{rule} (rule {id}): {source}]").format(rule=_title(rule), id=rule.id, source=source)
    else:
        tag = _(" [{rule}: {source}]").format(rule=_title(rule), source=source)
    where = f" ({err.place})" if place and err.place else ""
    return head + err.reason + where + tag
