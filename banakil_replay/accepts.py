"""What a rule knob accepts: one small checker per kind of value.

Every ``Ruleset`` knob declares one of these; an override (from a log's
``match_started.options`` or from ``get_ruleset(name, options)``) is parsed by
it before it reaches the engine, so a wrong type, an unknown name or an
out-of-range number is refused at the door with a sentence saying what is
allowed, and never crashes deep inside scoring or melds.

>>> Number(0, 10).parse(1.5)
1.5
>>> Number(0, 10, integer=True).parse(-1)
Traceback (most recent call last):
...
ValueError: a whole number from 0 to 10
>>> Choice(("side_total", "none")).describe()
"one of 'side_total', 'none'"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .i18n import _


class Accepts(Protocol):
    """Parses one override value into the knob's own type, or raises ``ValueError(describe())``."""

    def parse(self, value: Any) -> Any: ...

    def describe(self) -> str: ...


def short_repr(value: Any, limit: int = 60) -> str:
    """A value as the user wrote it, cut short: a hostile log may hold a megabyte in one field."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        return _("a value too long to show")
    return text if len(text) <= limit else text[:limit] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class Flag:
    def parse(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError(self.describe())
        return value

    def describe(self) -> str:
        return _("true or false")


@dataclass(frozen=True)
class Number:
    lo: float
    hi: float
    integer: bool = False
    optional: bool = False  # null (None) allowed: "no special case"

    def parse(self, value: Any) -> Any:
        if value is None and self.optional:
            return None
        # bounds are checked before any conversion, so 10**400 is refused rather than overflowing
        if not _is_number(value) or not (self.lo <= value <= self.hi):  # NaN fails the comparison too
            raise ValueError(self.describe())
        if self.integer:
            if not float(value).is_integer():
                raise ValueError(self.describe())
            return int(value)
        return float(value)

    def describe(self) -> str:
        lo, hi = _num(self.lo), _num(self.hi)
        if self.integer:
            text = _("a whole number from {lo} to {hi} or null") if self.optional else _("a whole number from {lo} to {hi}")
        else:
            text = _("a number from {lo} to {hi} or null") if self.optional else _("a number from {lo} to {hi}")
        return text.format(lo=lo, hi=hi)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@dataclass(frozen=True)
class Choice:
    names: tuple[str, ...]

    def parse(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.names:
            raise ValueError(self.describe())
        return value

    def describe(self) -> str:
        return _("one of {names}").format(names=", ".join(repr(n) for n in self.names))  # the names are data


@dataclass(frozen=True)
class Text:
    max_length: int = 200

    def parse(self, value: Any) -> str:
        if not isinstance(value, str) or len(value) > self.max_length:
            raise ValueError(self.describe())
        return value

    def describe(self) -> str:
        return _("a text of at most {count} characters").format(count=self.max_length)


def _each(spec: Accepts, value: Any, least: int, most: int, parse: Callable[[Any], Any]) -> list[Any]:
    """The items of a JSON list of ``least`` to ``most`` items, each parsed; any misfit is refused as a whole."""
    if not isinstance(value, (list, tuple)) or not least <= len(value) <= most:
        raise ValueError(spec.describe())
    try:
        return [parse(v) for v in value]
    except ValueError:
        raise ValueError(spec.describe()) from None


@dataclass(frozen=True)
class Pair:
    """Two values of one kind, as a JSON list of two."""

    item: Number

    def parse(self, value: Any) -> tuple[Any, Any]:
        first, second = _each(self, value, 2, 2, self.item.parse)
        return (first, second)

    def describe(self) -> str:
        # whole sentences, not the item's phrase put into a frame: a language whose predicate takes a case
        # (Arabic's accusative after "takes") says the outer phrase in it and the inner one as it stands
        item = self.item
        assert not item.optional, "a null item would need sentences of its own; no knob has one"
        text = (_("a list of two numbers, each a whole number from {lo} to {hi}") if item.integer else
                _("a list of two numbers, each a number from {lo} to {hi}"))
        return text.format(lo=_num(item.lo), hi=_num(item.hi))


@dataclass(frozen=True)
class DistinctInts:
    """A non-empty list of distinct whole numbers in a range, kept sorted."""

    lo: int
    hi: int

    def parse(self, value: Any) -> tuple[int, ...]:
        out = sorted(_each(self, value, 1, self.hi - self.lo + 1, Number(self.lo, self.hi, integer=True).parse))
        if len(set(out)) != len(out):
            raise ValueError(self.describe())
        return tuple(out)

    def describe(self) -> str:
        return _("a non-empty list of different whole numbers from {lo} to {hi}").format(lo=self.lo, hi=self.hi)


@dataclass(frozen=True)
class PairsByKey:
    """A list of [key, value] pairs with distinct keys (targets per player count), kept sorted."""

    key: Number
    value: Number
    example: str

    def parse(self, value: Any) -> tuple[tuple[Any, Any], ...]:
        def pair(p: Any) -> tuple[Any, Any]:
            k, v = _each(self, p, 2, 2, lambda x: x)
            return (self.key.parse(k), self.value.parse(v))

        pairs = _each(self, value, 1, 10, pair)
        if len({k for k, _ in pairs}) != len(pairs):
            raise ValueError(self.describe())
        return tuple(sorted(pairs))

    def describe(self) -> str:
        key, value = self.key, self.value  # whole sentences, one per kind of key and value (see Pair)
        assert not (key.optional or value.optional), "a null key or value would need sentences of its own"
        if key.integer and value.integer:
            text = _("a list of pairs such as {example}: first a whole number from {key_lo} to {key_hi} (each once), "
                     "then a whole number from {lo} to {hi}")
        elif key.integer:
            text = _("a list of pairs such as {example}: first a whole number from {key_lo} to {key_hi} (each once), "
                     "then a number from {lo} to {hi}")
        elif value.integer:
            text = _("a list of pairs such as {example}: first a number from {key_lo} to {key_hi} (each once), "
                     "then a whole number from {lo} to {hi}")
        else:
            text = _("a list of pairs such as {example}: first a number from {key_lo} to {key_hi} (each once), "
                     "then a number from {lo} to {hi}")
        return text.format(example=self.example, key_lo=_num(key.lo), key_hi=_num(key.hi), lo=_num(value.lo),
                           hi=_num(value.hi))
