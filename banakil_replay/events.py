"""Event log v1: the typed, immutable events a game log is made of.

A log is a list of JSON objects (one per line on disk, see ``store.py`` and
``docs/event-log.md``). :func:`parse_event` turns one object into a frozen,
typed event and checks every field's type, naming the seq and field on error.
Unknown extra fields are allowed and ignored here (the store keeps them).

Events are past-tense facts: the deal and every draw are recorded, so the
reducer needs no randomness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union

from .cards import Card, parse_card
from .errors import MalformedInputError

FORMAT_NAME = "banakil-replay"
FORMAT_MAJOR = 1
FORMAT = f"{FORMAT_NAME}/{FORMAT_MAJOR}"
MAX_ANNOTATION = 10_000  # characters; longer notes belong in a file of their own
MAX_NAME = 200


class EventError(MalformedInputError):
    """An event object that is not a well-formed v1 event."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message if seq is None else f"seq {seq}: {message}")
        self.seq = seq


@dataclass(frozen=True, slots=True)
class MatchStarted:
    seq: int
    format: str
    rules: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    type = "match_started"


@dataclass(frozen=True, slots=True)
class HandStarted:
    seq: int
    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None = None
    stock: tuple[Card, ...] | None = None
    type = "hand_started"


@dataclass(frozen=True, slots=True)
class Drew:
    seq: int
    seat: int
    card: Card | None = None
    type = "drew"


@dataclass(frozen=True, slots=True)
class Took:
    seq: int
    seat: int
    count: int
    cards: tuple[Card, ...] | None = None
    type = "took"


@dataclass(frozen=True, slots=True)
class Melded:
    seq: int
    seat: int
    cards: tuple[Card, ...]
    arrangement: tuple[Card, ...] | None = None
    type = "melded"


@dataclass(frozen=True, slots=True)
class LaidOff:
    seq: int
    seat: int
    meld: int
    cards: tuple[Card, ...]
    arrangement: tuple[Card, ...] | None = None
    type = "laid_off"


@dataclass(frozen=True, slots=True)
class JokerSwapped:
    seq: int
    seat: int
    meld: int
    card: Card
    type = "joker_swapped"


@dataclass(frozen=True, slots=True)
class Discarded:
    seq: int
    seat: int
    card: Card
    type = "discarded"


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The pile but its top card became the new stock (ERAM, 002); order optional."""

    seq: int
    stock: tuple[Card, ...] | None = None
    type = "reshuffled"


@dataclass(frozen=True, slots=True)
class HandScored:
    seq: int
    scores: tuple[float, ...]
    type = "hand_scored"


@dataclass(frozen=True, slots=True)
class Annotated:
    seq: int
    at: int
    text: str
    author: str = ""
    type = "annotated"


@dataclass(frozen=True, slots=True)
class MatchBanked:
    seq: int
    type = "match_banked"


Event = Union[MatchStarted, HandStarted, Drew, Took, Melded, LaidOff, JokerSwapped, Discarded,
              Reshuffled, HandScored, Annotated, MatchBanked]


# ------------------------------------------------------------------ parsing
class _Reader:
    """Typed field access on one event object; every error names seq and field."""

    def __init__(self, obj: Mapping[str, Any], seq: int) -> None:
        self.obj, self.seq = obj, seq

    def fail(self, msg: str) -> EventError:
        return EventError(f"{self.obj.get('type')}: {msg}", self.seq)

    def integer(self, key: str, *, minimum: int = 0, optional: bool = False) -> Any:
        val = self.obj.get(key)
        if val is None and optional:
            return None
        if isinstance(val, bool) or not isinstance(val, int):
            raise self.fail(f"field {key!r} must be a whole number, got {val!r}")
        if val < minimum:
            raise self.fail(f"field {key!r} must be at least {minimum}, got {val}")
        return val

    def text(self, key: str, *, optional: bool = False, limit: int = MAX_NAME) -> Any:
        val = self.obj.get(key)
        if val is None and optional:
            return None
        if not isinstance(val, str):
            raise self.fail(f"field {key!r} must be a string, got {type(val).__name__}")
        if len(val) > limit:
            raise self.fail(f"field {key!r} is {len(val)} characters long; the limit is {limit}")
        return val

    def card(self, key: str, *, optional: bool = False) -> Card | None:
        val = self.obj.get(key)
        if val is None and optional:
            return None
        return self.required_card(key)

    def required_card(self, key: str) -> Card:
        val: Any = self.obj.get(key)  # parse_card names whatever is wrong with it
        try:
            return parse_card(val)
        except MalformedInputError as e:
            raise self.fail(f"field {key!r}: {e}") from None

    def cards(self, key: str, *, optional: bool = False, value: Any = None) -> tuple[Card, ...] | None:
        val = self.obj.get(key) if value is None else value
        if val is None and optional:
            return None
        if not isinstance(val, list):
            raise self.fail(f"field {key!r} must be a list of card codes")
        if len(val) > 106:
            raise self.fail(f"field {key!r} lists {len(val)} cards; the deck has 106")
        out = []
        for i, code in enumerate(val):
            try:
                out.append(parse_card(code))
            except MalformedInputError as e:
                raise self.fail(f"field {key!r}[{i}]: {e}") from None
        return tuple(out)


def _match_started(r: _Reader) -> MatchStarted:
    fmt = r.text("format")
    check_format(fmt, r.seq)
    rules = r.text("rules", optional=True) or "classic"
    players = r.obj.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise r.fail("field 'players' must be a list of player names")
    if not 2 <= len(players) <= 4:
        raise r.fail(f"Banakil is played by 2 to 4 players, not {len(players)}")
    if any(len(p) > MAX_NAME for p in players):
        raise r.fail(f"a player name is longer than {MAX_NAME} characters")
    options = r.obj.get("options") or {}
    if not isinstance(options, dict):
        raise r.fail("field 'options' must be an object of rule knobs")
    return MatchStarted(r.seq, fmt, rules, tuple(players), dict(options))


def _hand_started(r: _Reader) -> HandStarted:
    hands = r.obj.get("hands")
    if not isinstance(hands, list) or not 2 <= len(hands) <= 4:
        raise r.fail("field 'hands' must be a list with one list of card codes per seat")
    dealt = tuple(r.cards(f"hands[{i}]", value=h) or () for i, h in enumerate(hands))
    return HandStarted(r.seq, r.integer("hand", minimum=1), r.integer("dealer"), dealt,
                       r.card("upcard", optional=True), r.cards("stock", optional=True))


def _scores(r: _Reader) -> HandScored:
    val = r.obj.get("scores")
    if not isinstance(val, list) or not val or any(
            isinstance(x, bool) or not isinstance(x, (int, float)) or x != x or abs(x) > 1e6 for x in val):
        raise r.fail("field 'scores' must be a list of numbers, one per side")
    return HandScored(r.seq, tuple(float(x) for x in val))


_PARSERS: dict[str, Callable[[_Reader], Event]] = {
    "match_started": _match_started,
    "hand_started": _hand_started,
    "drew": lambda r: Drew(r.seq, r.integer("seat"), r.card("card", optional=True)),
    "took": lambda r: Took(r.seq, r.integer("seat"), r.integer("count", minimum=1), r.cards("cards", optional=True)),
    "melded": lambda r: Melded(r.seq, r.integer("seat"), r.cards("cards") or (), r.cards("arrangement", optional=True)),
    "laid_off": lambda r: LaidOff(r.seq, r.integer("seat"), r.integer("meld", minimum=1), r.cards("cards") or (),
                                  r.cards("arrangement", optional=True)),
    "joker_swapped": lambda r: JokerSwapped(r.seq, r.integer("seat"), r.integer("meld", minimum=1), r.required_card("card")),
    "discarded": lambda r: Discarded(r.seq, r.integer("seat"), r.required_card("card")),
    "reshuffled": lambda r: Reshuffled(r.seq, r.cards("stock", optional=True)),
    "hand_scored": _scores,
    "annotated": lambda r: Annotated(r.seq, r.integer("at"), r.text("text", limit=MAX_ANNOTATION),
                                     r.text("author", optional=True) or ""),
    "match_banked": lambda r: MatchBanked(r.seq),
}
EVENT_TYPES = tuple(_PARSERS)

_FORMAT_RE = re.compile(r"^banakil-replay/([0-9]{1,9})(?:\.([0-9]{1,9}))?$")  # [0-9], not \d, which also takes other scripts' digits


def check_format(fmt: str, seq: int | None = 0) -> int:
    """The major version of a format string; unknown names or majors are errors."""
    m = _FORMAT_RE.match(fmt or "")
    if not m:
        raise EventError(f"unknown log format {fmt!r}; expected 'banakil-replay/1'", seq)
    major = int(m.group(1))
    if major != FORMAT_MAJOR:
        raise EventError(f"log format {fmt!r} has major version {major}; this version of banakil-replay "
                         f"reads version {FORMAT_MAJOR}", seq)
    return major


def parse_event(obj: Any, expected_seq: int | None = None) -> Event:
    """One JSON object -> a typed event, or :class:`EventError` naming seq and field."""
    if not isinstance(obj, dict):
        raise EventError(f"an event must be a JSON object, got {type(obj).__name__}", expected_seq)
    seq = obj.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise EventError(f"field 'seq' must be a whole number, got {seq!r}", expected_seq)
    if expected_seq is not None and seq != expected_seq:
        # located by position: the event at this place in the log is the one that is wrong
        raise EventError(f"seq must run 0, 1, 2, ... without gaps: expected {expected_seq}, got {seq}",
                         expected_seq)
    kind = obj.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise EventError(f"unknown event type {kind!r}; known: {', '.join(EVENT_TYPES)}", seq)
    return parser(_Reader(obj, seq))


def event_to_json(event: Event) -> dict[str, Any]:
    """The canonical JSON object of a typed event (cards as codes, None fields left out)."""
    out: dict[str, Any] = {"seq": event.seq, "type": event.type}
    for name in event.__dataclass_fields__:
        if name in ("seq",):
            continue
        val = getattr(event, name)
        if val is None or (name == "options" and not val):  # optional fields left out, as a log writes them
            continue
        if isinstance(val, Card):
            val = val.code
        elif isinstance(val, tuple) and val and isinstance(val[0], tuple):
            val = [[c.code for c in h] for h in val]
        elif isinstance(val, tuple) and val and isinstance(val[0], Card):
            val = [c.code for c in val]
        elif isinstance(val, tuple):
            val = list(val)
        elif isinstance(val, Mapping):
            val = dict(val)
        out[name] = val
    return out
