"""Error types, by kind of failure.

Following python-chess, malformed input, illegal play and ambiguous input are
separate ``ValueError`` subclasses so callers can catch exactly what they mean.
Every message quotes the offending input and says where it came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rulebook import Rule


class BanakilError(ValueError):
    """Base class of every error raised by banakil-replay."""


class MalformedInputError(BanakilError):
    """Input that cannot be read at all: a bad card code, a broken log line."""


class IllegalMoveError(BanakilError):
    """Well-formed input that the rule set forbids.

    ``rule`` is the :class:`~.rulebook.Rule` broken and ``source`` the rule files it
    comes from (the rule's own, or a narrower one for this case), so the reducer, the
    options list and explanations quote the same rule.
    """

    def __init__(self, message: str, *, rule: "Rule | None" = None, source: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.source = source if source is not None else (rule.source if rule is not None else "")

    def prefixed(self, prefix: str) -> "IllegalMoveError":
        """The same refusal (same rule and source) with ``prefix`` saying what was tried."""
        return IllegalMoveError(prefix + str(self), rule=self.rule, source=self.source)

    @property
    def rule_id(self) -> str:
        return self.rule.id if self.rule is not None else ""

    @property
    def reason(self) -> str:
        return str(self)


class ReplayError(IllegalMoveError):
    """An event the rules (or the log's own sequence) forbid, located by seq."""

    def __init__(self, seq: int, event_type: str, reason: str, *, rule: Rule | None = None,
                 source: str | None = None) -> None:
        source = source if source is not None else (rule.source if rule else "")
        where = f" [{rule.title}: {source}]" if rule else ""
        super().__init__(f"seq {seq}: {event_type}: {reason}{where}", rule=rule, source=source)
        self.seq, self.event_type, self.bare_reason = seq, event_type, reason


class MalformedEventError(ReplayError, MalformedInputError):
    """An event this engine cannot read at all (a bad rule set or rule option), located by seq.

    Both kinds at once: ``validate`` reports it as an invalid log at its seq, while commands that
    need a game to work on treat it as bad input.
    """


class AmbiguousInputError(BanakilError):
    """Input that is legal in more than one way where the way matters."""


class UnknownRulesetError(BanakilError):
    """A rule set name that is not registered."""
