"""Error types, by kind of failure.

Following python-chess, malformed input, illegal play and ambiguous input are
separate ``ValueError`` subclasses so callers can catch exactly what they mean.
Every message quotes the offending input and says where it came from.
"""

from __future__ import annotations


class BanakilError(ValueError):
    """Base class of every error raised by banakil-replay."""


class MalformedInputError(BanakilError):
    """Input that cannot be read at all: a bad card code, a broken log line."""


class IllegalMoveError(BanakilError):
    """Well-formed input that the rule set forbids.

    ``rule`` names the rule broken and ``source`` the rule file it comes from,
    so the reducer, the options list and explanations quote the same reason.
    """

    def __init__(self, message: str, *, rule: str = "", source: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.source = source

    @property
    def reason(self) -> str:
        return str(self)


class AmbiguousInputError(BanakilError):
    """Input that is legal in more than one way where the way matters."""


class UnknownRulesetError(BanakilError):
    """A rule set name that is not registered."""
