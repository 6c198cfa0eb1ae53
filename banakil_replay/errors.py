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
command line, the text table and the widgets alike:

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
                 reason: str | None = None) -> None:
        super().__init__(message, reason=reason)
        self.rule = rule
        self.source = source if source is not None else (rule.source if rule is not None else "")

    def prefixed(self, prefix: str) -> IllegalMoveError:
        """The same refusal (same rule and source) with ``prefix`` saying what was tried."""
        return IllegalMoveError(prefix + str(self), rule=self.rule, source=self.source)


class ReplayError(IllegalMoveError):
    """An event the rules (or the log's own sequence) forbid, located by seq."""

    def __init__(self, seq: int, event_type: str, reason: str, *, rule: Rule | None = None,
                 source: str | None = None) -> None:
        self.seq, self.event_type = seq, event_type
        source = source if source is not None else (rule.source if rule is not None else "")
        super().__init__(_located(seq, event_type, reason, rule, source), rule=rule, source=source, reason=reason)


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


def _located(seq: int, event_type: str, reason: str, rule: Rule | None, source: str) -> str:
    return f"seq {seq}: {event_type}: {reason}" + (f" [{rule.title}: {source}]" if rule is not None else "")


def render(err: BanakilError, *, seq: bool = True, event_type: bool = True, rule_id: bool = False,
           place: bool = False) -> str:
    """``err`` in words: ``seq N: type: reason [rule: source]``, leaving out what the reader knows.

    ``seq=False`` when the seq is printed apart (``validate``), ``event_type=False`` when the
    player has just made the move; ``rule_id`` adds the rule's id for looking it up. A read
    error (no rule to cite) is its reason, after its seq when asked for; ``place`` adds where
    in the file it lies, for a reader who will open the file (``reason (line 3, byte 40)``).
    """
    head = (f"seq {err.seq}: " if seq and err.seq is not None else "") + \
        (f"{err.event_type}: " if event_type and err.event_type else "")
    rule = err.rule if err.cites_rule else None
    tag = "" if rule is None else f" [{rule.title}{f' (rule {rule.id})' if rule_id else ''}: {err.source}]"
    where = f" ({err.place})" if place and err.place else ""
    return head + err.reason + where + tag
