"""Event log v1: the one definition of the events a game log is made of.

Each event type is a frozen :class:`msgspec.Struct`, tagged by its ``"type"``
field. These classes are the whole description of an event: the typed decoder
(JSON bytes or objects to events, every error naming the seq and the field
path), the store's reader (``log/reading.py``, which adds the checks that span
lines) and the shipped JSON Schema (:func:`json_schema`, written to
``event-log-v1.schema.json`` by ``tools/make_schema.py``; a test keeps the two
equal) all come from them. Unknown extra fields are allowed and ignored here
(the store keeps them). See ``docs/event-log.md``.

Events are past-tense facts: the deal and every draw are recorded, so the
reducer needs no randomness.
"""

from __future__ import annotations

import json
import re
import typing
from typing import Any, ClassVar, Union

import msgspec
from msgspec import Meta, Struct

# the private tables are what parse_card reads with: the schema pattern is built from them
from .cards import _RANK_FROM_CODE, _SUIT_FROM_SYMBOL, JOKER_CODES, SUITS, Card, full_deck, parse_card
from .errors import MalformedInputError
from .i18n import N_, _, ngettext
from .rulebook import Rule
from .rules import RULESETS

FORMAT_NAME = "banakil-replay"
FORMAT_MAJOR = 1
#: The newest minor version this reader knows. Minor versions only add (an event type, an optional
#: field, a requirement of the logs that declare them): docs/event-log.md (Versions) says what each
#: added. 1.1: hand_recorded, and hand_scored.hand. 1.2: hand_struck.
FORMAT_MINOR = 2
#: What banakil-replay's own game writers declare: they write nothing that changed after 1.0.
FORMAT = f"{FORMAT_NAME}/{FORMAT_MAJOR}"
#: The version docs/event-log.md describes, which a writer following it declares.
FORMAT_LATEST = f"{FORMAT}.{FORMAT_MINOR}"
MAX_ANNOTATION = 10_000  # characters; longer notes belong in a file of their own
MAX_NAME = 200
MAX_CARDS = 106  # the deck: no list of cards is longer
#: The optional tamper-evidence field every event may carry (see ``store.chain_hash``).
CHAIN_PATTERN = "[0-9a-f]{64}"


class EventError(MalformedInputError):
    """An event object that is not a well-formed v1 event; ``rule`` says which rule of the format it breaks."""

    def __init__(self, message: str, seq: int | None = None, rule: Rule = Rule.EVENT_FIELDS) -> None:
        super().__init__(message if seq is None else _("seq {seq}: {reason}").format(seq=seq, reason=message))
        self.reason = message
        self.seq = seq
        self.rule = rule


class FormatError(MalformedInputError):
    """A ``format`` value this version cannot read. ``major`` is None when it names no banakil-replay format."""

    def __init__(self, reason: str, major: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.major = major


# ------------------------------------------------------------------ field kinds
def _any_case(text: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.upper() != c.lower() else re.escape(c) for c in text)


def _card_pattern() -> str:
    """What :func:`cards.parse_card` reads, as a regular expression (a test checks the two agree).

    Built from the tables parse_card reads with; letter case is spelled out as ``[Hh]``
    because JSON Schema's regular expressions have no flag for it.
    """
    ranks = "|".join(_any_case(r) for r in sorted(_RANK_FROM_CODE, key=lambda r: (-len(r), r)))
    suits = "".join(sorted({c for s in SUITS for c in (s, s.lower())} | set(_SUIT_FROM_SYMBOL)))
    jokers = "|".join(_any_case(j) for j in JOKER_CODES)
    return rf"^\s*(?:(?:{ranks})[{suits}]|{jokers})\s*$"


CARD_SCHEMA: dict[str, Any] = {
    "type": "string", "pattern": _card_pattern(),
    "description": "a card code: 3H..10H..AH, 2C, JK; T for ten, any letter case, suit symbols accepted",
}
_CANONICAL: dict[str, Card] = {card.code: card for card in full_deck()}


def _dec_hook(kind: type, value: Any) -> Any:
    # msgspec calls this for the one type it does not know (Card is the only one), once per
    # card: canonical codes are one dict lookup, anything else goes through parse_card,
    # whose error names the code.
    if kind is Card:
        try:
            return _CANONICAL[value]  # nearly every card: the code as the log writer writes it
        except (KeyError, TypeError):  # another spelling, or not a string (unhashable ones too)
            pass
    if kind is not Card:
        raise NotImplementedError(f"no decoder for {kind!r}")
    if not isinstance(value, str):
        raise ValueError("Expected `card`")  # msgspec adds the path; _field_error says what was found
    return parse_card(value)


def _schema_hook(kind: type) -> dict[str, Any]:
    if kind is Card:
        return dict(CARD_SCHEMA)
    raise NotImplementedError(f"no schema for {kind!r}")


Seq = typing.Annotated[int, Meta(ge=0, description=N_("0, 1, 2, ... without gaps; line L holds seq L-1"))]
Seat = typing.Annotated[int, Meta(ge=0, extra_json_schema={"maximum": 3},
                                  description=N_("0..n-1 in turn order; the reducer checks it against the table"))]
MeldNo = typing.Annotated[int, Meta(ge=1, description=N_("melds of a hand are numbered 1, 2, 3 ... as they are made"))]
HandNo = typing.Annotated[int, Meta(ge=1)]
Cards = typing.Annotated[tuple[Card, ...], Meta(max_length=MAX_CARDS)]
Name = typing.Annotated[str, Meta(max_length=MAX_NAME)]
Score = typing.Annotated[float, Meta(ge=-1e6, le=1e6)]


def _doc(text: str) -> Meta:
    """A field's description: the schema, docs/event-log.md and error messages quote it."""
    return Meta(description=text)


# ------------------------------------------------------------------ the events
class _Event(Struct, frozen=True, tag_field="type"):
    seq: Seq
    type: ClassVar[str]  # the tag, set below from each class's own


class MatchStarted(_Event, frozen=True, tag="match_started", kw_only=True):
    """First event of every log: the format version, the rule set and the players."""

    format: typing.Annotated[str, Meta(
        description=N_("the format version the log is written to: banakil-replay/1.1"),
        extra_json_schema={"pattern": rf"^{re.escape(FORMAT_NAME)}/{FORMAT_MAJOR}(\.[0-9]{{1,9}})?$"})]
    rules: typing.Annotated[str, Meta(max_length=MAX_NAME, description=N_("rule set preset name"),
                                      # the reducer refuses other names, with the list of known ones
                                      extra_json_schema={"enum": list(RULESETS)})] = "classic"
    players: typing.Annotated[tuple[Name, ...], Meta(
        min_length=2, max_length=4, description=N_("player names in seat order: seat 0 first"))]
    options: typing.Annotated[dict[str, Any], Meta(
        description=N_("rule knob overrides for this match: knob name to value"))] = {}


class HandStarted(_Event, frozen=True, tag="hand_started"):
    """A deal: every seat's cards; the player after the dealer plays first."""

    hand: typing.Annotated[HandNo, _doc(N_("the hand's number: 1, then one more than the last hand played or recorded"))]
    dealer: typing.Annotated[Seat, _doc(N_("the seat that dealt; the player after it plays first"))]
    hands: typing.Annotated[tuple[Cards, ...], Meta(
        min_length=2, max_length=4, description=N_("the cards dealt, one list per seat, indexed by seat"))]
    upcard: typing.Annotated[Card | None, _doc(N_("the card turned up to start the discard pile (upcard rule sets only)"))] = None
    stock: typing.Annotated[Cards | None, Meta(
        description=N_("the undealt cards in stock order, top first, when known"))] = None


class Drew(_Event, frozen=True, tag="drew"):
    """A card drawn from the stock; ``card`` may be left out when the stock order is known."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that drew"))]
    card: typing.Annotated[Card | None, _doc(N_("the card drawn; may be left out while the log gives the stock order"))] = None


class Took(_Event, frozen=True, tag="took"):
    """The top ``count`` cards of the discard pile; ``cards``, when given, is checked."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that took"))]
    count: typing.Annotated[int, Meta(ge=1, description=N_("how many cards, from the top of the pile down"))]
    cards: typing.Annotated[Cards | None, _doc(N_("the cards taken, in any order (checked against the pile)"))] = None


class Melded(_Event, frozen=True, tag="melded"):
    """A new meld; ``arrangement`` pins its layout exactly."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that melds"))]
    cards: typing.Annotated[Cards, _doc(N_("the cards of the new meld, from the seat's hand"))]
    arrangement: typing.Annotated[Cards | None, _doc(N_("the meld's exact layout: the same cards in table order"))] = None


class LaidOff(_Event, frozen=True, tag="laid_off"):
    """Cards added to an own or partner meld."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that adds the cards"))]
    meld: typing.Annotated[MeldNo, _doc(N_("the meld added to"))]
    cards: typing.Annotated[Cards, _doc(N_("the cards added, from the seat's hand"))]
    arrangement: typing.Annotated[Cards | None, _doc(N_("the whole meld's exact layout after the cards join it"))] = None


class JokerSwapped(_Event, frozen=True, tag="joker_swapped"):
    """``card`` takes a joker's place in a meld; the joker goes to the seat's hand."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that swaps"))]
    meld: typing.Annotated[MeldNo, _doc(N_("the meld holding the joker"))]
    card: typing.Annotated[Card, _doc(N_("the natural card, from the seat's hand, that takes the joker's place"))]


class Discarded(_Event, frozen=True, tag="discarded"):
    """A card onto the pile; ends the turn."""

    seat: typing.Annotated[Seat, _doc(N_("the seat that discards"))]
    card: typing.Annotated[Card, _doc(N_("the card put on top of the pile"))]


class Reshuffled(_Event, frozen=True, tag="reshuffled"):
    """The pile but its top card became the new stock (ERAM, 002); order optional."""

    stock: typing.Annotated[Cards | None, _doc(N_("the new stock in order, top first, when known"))] = None


class HandScored(_Event, frozen=True, tag="hand_scored"):
    """A hand not played in the log, recorded by its result only: one score per side."""

    scores: typing.Annotated[tuple[Score, ...], Meta(min_length=1, description=N_("one score per side, side 0 first"))]
    hand: typing.Annotated[HandNo | None, _doc(N_("the number of the hand recorded: the next hand (required from format 1.1)"))] = None


class HandRecorded(_Event, frozen=True, tag="hand_recorded"):
    """A hand recorded by its inputs, as a score sheet takes it (format 1.1).

    ``input`` is the ``score`` command's input object; the reducer reads it with
    ``scoring.HandInput.from_json``, as ``match_started.options`` is read with the
    rule set's knobs, and scores it under the log's rules.
    """

    input: typing.Annotated[dict[str, Any], Meta(description=(
        N_("the score command's input: went_out (a seat or null), all_at_once, and seats, one object per "
        "seat with melded and in_hand points, or melded_cards and in_hand_cards; players may be left "
        "out (it is the table's). Checked and scored by the reducer")))]
    hand: typing.Annotated[HandNo | None, _doc(
        N_("the number of the hand recorded; when given it must be the next hand, so a hand sent twice is "
        "refused rather than counted twice (the sheet command always writes it)"))] = None


class Annotated(_Event, frozen=True, tag="annotated"):
    """A note on an earlier event; never changes the game."""

    at: typing.Annotated[int, Meta(ge=0, description=N_("the seq of the event the note is about (an earlier one)"))]
    text: typing.Annotated[str, Meta(max_length=MAX_ANNOTATION, description=N_("the note, plain text"))]
    author: typing.Annotated[Name, _doc(N_("who wrote it"))] = ""


class HandStruck(_Event, frozen=True, tag="hand_struck"):
    """A finished hand taken back, as a score sheet strikes a line (format 1.2): the hand stays in the
    log and on the sheet, marked struck, and counts for nobody from here on. Nothing is rewritten."""

    hand: typing.Annotated[HandNo, _doc(N_("the number of the hand struck: a finished hand not struck before"))]
    reason: typing.Annotated[str, Meta(max_length=MAX_ANNOTATION, description=N_("why, in plain text (optional)"))] = ""


class MatchBanked(_Event, frozen=True, tag="match_banked"):
    """Marks the end of a match whose winner is decided."""


Event = Union[MatchStarted, HandStarted, Drew, Took, Melded, LaidOff, JokerSwapped, Discarded,
              Reshuffled, HandScored, HandRecorded, HandStruck, Annotated, MatchBanked]
EVENT_CLASSES: tuple[type[_Event], ...] = typing.get_args(Event)
for _cls in EVENT_CLASSES:
    _cls.type = str(_cls.__struct_config__.tag)
_BY_TYPE: dict[str, type[_Event]] = {cls.type: cls for cls in EVENT_CLASSES}
EVENT_TYPES = tuple(_BY_TYPE)

_JSON_DECODER = msgspec.json.Decoder(Event, dec_hook=_dec_hook)


def is_event(value: object) -> bool:
    """Is ``value`` a typed event (as opposed to its JSON object)?"""
    return isinstance(value, _Event)


#: One JSON text straight to a typed event, or a :mod:`msgspec` error. This is only the
#: shape of one event: the store's reader adds the checks msgspec does not make
#: (duplicate keys, nesting depth and others, see ``log/reading._fast_event``) and those
#: that span lines. (The decoder's own method: this runs once per line of every log.)
decode_json: typing.Callable[[bytes], Event] = _JSON_DECODER.decode
#: Events from JSON lines (one value after another, separated by whitespace): one call for many lines.
decode_json_lines: typing.Callable[[bytes], list[Event]] = _JSON_DECODER.decode_lines


# ------------------------------------------------------------------ format versions
# [0-9], not \d, which also takes other scripts' digits (and int() would read them)
_FORMAT_RE = re.compile(r"(?P<name>[^/]*)/(?P<major>[0-9]{1,9})(?:\.(?P<minor>[0-9]{1,9}))?")


def _brief(value: object, limit: int = 60) -> str:
    text = repr(value)  # hostile values can be megabytes long: quote a prefix
    return text if len(text) <= limit else text[: limit - 3] + "..."


def value_words(value: object, limit: int = 60) -> str:
    """A JSON value as a message quotes it: ``null``, ``the string "0"``, ``1.5``, ``an array``."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        text = _brief(value, limit)  # repr: an int past Python's digit limit is cut, not converted
        return text
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return _("the string {text}").format(text=text if len(text) <= limit else text[: limit - 4] + '..."')
    return json_kind(value)


def json_kind(value: object) -> str:
    """What kind of JSON value this is, for messages: "an array", "null" ..."""
    if isinstance(value, bool):
        return _("a boolean")
    kind = _JSON_KINDS.get(type(value))
    return type(value).__name__ if kind is None else _(kind)


_JSON_KINDS: dict[type, str] = {dict: N_("an object"), list: N_("an array"), str: N_("a string"), int: N_("an integer"),
                                float: N_("a number"), type(None): "null"}  # null is JSON's own word


def format_major(value: object) -> int:
    """The major version in a ``format`` value such as ``"banakil-replay/1.2"``, readable or not.

    Raises :class:`FormatError` when the value names no banakil-replay format.
    """
    if not isinstance(value, str):
        raise FormatError(_('"format" must be a string like {latest}, not {value}').format(
            latest=repr(FORMAT_LATEST), value=value_words(value)))
    match = _FORMAT_RE.fullmatch(value)
    if match is None or match["name"] != FORMAT_NAME:
        raise FormatError(_('"format" {value} is not a {name} format (expected something like {latest})').format(
            value=_brief(value), name=FORMAT_NAME, latest=repr(FORMAT_LATEST)))
    return int(match["major"])


def format_minor(value: str) -> int:
    """The minor version of a readable ``format`` value: ``"banakil-replay/1"`` is 1.0, so 0."""
    match = _FORMAT_RE.fullmatch(value)
    return int(match["minor"]) if match is not None and match["minor"] else 0


def newer_hint(minor: int) -> str:
    """For an error in a log of a newer minor version: what that may mean ("" for a log this version knows)."""
    if minor <= FORMAT_MINOR:
        return ""
    return _(" (the log is format {format}, newer than the {latest} this {name} reads: a newer {name} may know "
             "it)").format(format=f"{FORMAT}.{minor}", latest=FORMAT_LATEST, name=FORMAT_NAME)


def check_format(value: object) -> int:
    """:func:`format_major`, and a :class:`FormatError` naming the major version unless this version reads it."""
    major = format_major(value)
    if major != FORMAT_MAJOR:
        if major > FORMAT_MAJOR:
            why = _("the log is newer, upgrade {name} to read it").format(name=FORMAT_NAME)
        else:
            why = _("there is no converter from older major versions")
        raise FormatError(_("unknown log format major version {major} (format {value}): this {name} reads major "
                            "version {reads}; {why}").format(major=major, value=_brief(value), name=FORMAT_NAME,
                                                             reads=FORMAT_MAJOR, why=why), major)
    return major


# ------------------------------------------------------------------ objects <-> events
def parse_event(obj: Any, expected_seq: int | None = None) -> Event:
    """One JSON object -> a typed event, or :class:`EventError` naming the seq, the field and the rule."""
    if not isinstance(obj, dict):
        raise EventError(_("an event must be a JSON object, not {kind}").format(kind=json_kind(obj)), expected_seq)
    seq = obj.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise EventError(_("field `seq` must be a whole number, got {value}").format(value=value_words(seq)),
                         expected_seq)
    if expected_seq is not None and seq != expected_seq:
        # located by position: the event at this place in the log is the one that is wrong
        raise EventError(_("seq must run 0, 1, 2, ... without gaps: expected {want}, got {seq}").format(
            want=expected_seq, seq=seq), expected_seq, Rule.CONTIGUOUS_SEQ)
    kind = obj.get("type")
    cls = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventError(_("unknown event type {kind}; known: {known}").format(
            kind=_brief(kind), known=", ".join(EVENT_TYPES)), seq, Rule.EVENT_TYPES)  # the types are data
    try:
        if cls is MatchStarted:
            if "format" not in obj:
                raise FormatError(_("required field `format` is missing (the format version, such as "
                                    "{latest})").format(latest=repr(FORMAT_LATEST)))
            check_format(obj["format"])  # a log of another version fails by its version, not its fields
        event = typing.cast(Event, msgspec.convert(obj, cls, dec_hook=_dec_hook))
    except FormatError as e:
        raise EventError(f"{kind}: {e.reason}", seq, Rule.FORMAT_VERSION) from None
    except msgspec.ValidationError as e:
        raise EventError(f"{kind}: {_field_error(cls, obj, str(e))}", seq) from None
    return event


# msgspec's error texts, which _field_error puts in the format's own words. They name the
# field path (`$.cards[1]`) and what was expected; the value found is read from the object.
_MISSING_RE = re.compile(r"Object missing required field `(?P<field>[^`]*)`(?: - at `\$(?P<path>[^`]*)`)?")
_EXPECTED_RE = re.compile(r"Expected `(?P<want>[^`]*)`(?P<limit>[^,]*?)(?:, got `[^`]*`)? - at `\$(?P<path>[^`]*)`")
_AT_RE = re.compile(r"(?P<why>.*) - at `\$(?P<path>[^`]*)`", re.S)
_LIMIT_RE = re.compile(r"\s*(?P<length>of length )?(?P<op>>=|<=|>|<)\s*(?P<n>\S+)")
_STEP_RE = re.compile(r"\.(?P<key>\w+)|\[(?P<index>[0-9]+)\]")

# What a field's value may be, said whole: one sentence per kind of value and shape of limit (issue
# 27), never a kind put into a frame, so a language that inflects the predicate (Arabic's accusative
# after "must be") and agrees it with its limit says each one as a sentence of its own.
_MUST_BE = {
    "int": N_("field `{field}` must be a whole number, got {got}"),
    "float": N_("field `{field}` must be a number, got {got}"),
    "str": N_("field `{field}` must be a string, got {got}"),
    "array": N_("field `{field}` must be an array, got {got}"),
    "object": N_("field `{field}` must be an object, got {got}"),
    "bool": N_("field `{field}` must be true or false, got {got}"),
    "card": N_("field `{field}` must be a card code such as 7H, 10S, 2C or JK, got {got}"),
}
_MUST_BE_BOUNDED = {  # a number with a bound, by kind and msgspec's operator
    ("int", ">="): N_("field `{field}` must be a whole number of at least {number}, got {got}"),
    ("int", "<="): N_("field `{field}` must be a whole number of at most {number}, got {got}"),
    ("int", ">"): N_("field `{field}` must be a whole number of more than {number}, got {got}"),
    ("int", "<"): N_("field `{field}` must be a whole number of less than {number}, got {got}"),
    ("float", ">="): N_("field `{field}` must be a number of at least {number}, got {got}"),
    ("float", "<="): N_("field `{field}` must be a number of at most {number}, got {got}"),
    ("float", ">"): N_("field `{field}` must be a number of more than {number}, got {got}"),
    ("float", "<"): N_("field `{field}` must be a number of less than {number}, got {got}"),
}
_MUST_HAVE_LENGTH: dict[tuple[str, str], typing.Callable[[int], str]] = {  # a string or an array with a length limit
    ("str", ">="): lambda n: ngettext("field `{field}` must be a string with at least {count} character, got {got}",
                                      "field `{field}` must be a string with at least {count} characters, got {got}", n),
    ("str", "<="): lambda n: ngettext("field `{field}` must be a string with at most {count} character, got {got}",
                                      "field `{field}` must be a string with at most {count} characters, got {got}", n),
    ("str", ">"): lambda n: ngettext("field `{field}` must be a string with more than {count} character, got {got}",
                                     "field `{field}` must be a string with more than {count} characters, got {got}", n),
    ("str", "<"): lambda n: ngettext("field `{field}` must be a string with less than {count} character, got {got}",
                                     "field `{field}` must be a string with less than {count} characters, got {got}", n),
    ("array", ">="): lambda n: ngettext("field `{field}` must be an array with at least {count} item, got {got}",
                                        "field `{field}` must be an array with at least {count} items, got {got}", n),
    ("array", "<="): lambda n: ngettext("field `{field}` must be an array with at most {count} item, got {got}",
                                        "field `{field}` must be an array with at most {count} items, got {got}", n),
    ("array", ">"): lambda n: ngettext("field `{field}` must be an array with more than {count} item, got {got}",
                                       "field `{field}` must be an array with more than {count} items, got {got}", n),
    ("array", "<"): lambda n: ngettext("field `{field}` must be an array with less than {count} item, got {got}",
                                       "field `{field}` must be an array with less than {count} items, got {got}", n),
}


def _count(text: str) -> int:
    """The count a catalog plural is chosen by, for a limit msgspec wrote (a whole number but for a stray float)."""
    return int(text) if text.isdigit() else 2


def _must_be(want: str, limit: str, field: str, got: str) -> str:
    """The sentence for a value that is not what ``want`` (msgspec's kind) with ``limit`` allows."""
    fields = {"field": field, "got": got}
    match = _LIMIT_RE.fullmatch(limit) if limit else None
    if match is not None:
        number = match["n"].removesuffix(".0")
        if match["length"] and (want, match["op"]) in _MUST_HAVE_LENGTH:
            return _MUST_HAVE_LENGTH[want, match["op"]](_count(number)).format(count=number, **fields)
        if not match["length"] and (want, match["op"]) in _MUST_BE_BOUNDED:
            return _(_MUST_BE_BOUNDED[want, match["op"]]).format(number=number, **fields)
    elif not limit and want in _MUST_BE:
        return _(_MUST_BE[want]).format(**fields)
    # a kind no schema of ours asks for today (a union such as `int | null`): msgspec's own words, as data
    return _("field `{field}` must be {kind}, got {got}").format(kind=f"{want}{limit}", **fields)


def _got_length(value: str | list[Any]) -> str:
    """A string or an array that breaks a length limit, with its length: "an array of 1 item"."""
    if isinstance(value, str):
        return ngettext("a string of {count} character", "a string of {count} characters", len(value)).format(
            count=len(value))
    return ngettext("an array of {count} item", "an array of {count} items", len(value)).format(count=len(value))


def _at(obj: Any, path: str) -> tuple[bool, Any]:
    """The value at a msgspec path such as ``.cards[1]`` (without its ``$``), if there is one."""
    value = obj
    for step in _STEP_RE.finditer(path):
        if step["key"] is not None and isinstance(value, dict) and step["key"] in value:
            value = value[step["key"]]
        elif step["index"] is not None and isinstance(value, list) and int(step["index"]) < len(value):
            value = value[int(step["index"])]
        else:
            return False, None
    return True, value


def _field_doc(cls: type, name: str) -> str:
    """`` (the field's description)``, the outermost one where aliases nest (or "")."""
    hint = typing.get_type_hints(cls, include_extras=True).get(name)
    for meta in reversed(typing.get_args(hint)[1:]):  # Annotated's metadata; nested ones are flattened
        if isinstance(meta, Meta) and meta.description:
            return _(" ({description})").format(description=_(meta.description))  # marked where it is written
    return ""


def _field_error(cls: type, obj: Any, text: str) -> str:
    """msgspec's message about ``obj`` as an event of ``cls``, saying the field, what it takes and what it holds."""
    missing = _MISSING_RE.fullmatch(text)
    if missing is not None:
        name = missing["field"]
        return _("required field `{field}` is missing{description}").format(
            field=(missing["path"] or "").lstrip(".") + name, description=_field_doc(cls, name))
    expected = _EXPECTED_RE.fullmatch(text)
    if expected is not None:
        path, want, limit = expected["path"], expected["want"], expected["limit"]
        found, value = _at(obj, path)
        got = value_words(value) if found else _("something else")
        if found and "of length" in limit and isinstance(value, (str, list)):
            got = _got_length(value)
        return _must_be(want, limit, path.lstrip("."), got)
    other = _AT_RE.fullmatch(text)  # our own checks, such as a card code's
    if other is not None:
        return _("field `{field}`: {reason}").format(field=other["path"].lstrip("."), reason=other["why"])
    return text


def _json_value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """The canonical JSON object of a typed event (cards as codes, None fields left out)."""
    out: dict[str, Any] = {"seq": event.seq, "type": event.type}
    for name in event.__struct_fields__[1:]:
        value = getattr(event, name)
        if value is not None and not (name == "options" and not value):  # left out, as a log writes it
            out[name] = _json_value(value)
    return out


# ------------------------------------------------------------------ the JSON Schema
SCHEMA_ID = "https://banakil-replay.invalid/schema/event-log-v1.json"


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one log line, generated from the event classes above."""
    body = msgspec.json.schema(Event, schema_hook=_schema_hook)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"{FORMAT_NAME} event log, format version {FORMAT_MAJOR} (one event per JSON Lines line)",
        "description": "Each line of a log is one event object. Unknown extra fields are allowed and "
                       "preserved. Generated from banakil_replay/events.py; see docs/event-log.md.",
        "type": "object",
        "required": ["seq", "type"],
        "properties": {"chain": {"type": "string", "pattern": f"^{CHAIN_PATTERN}$",
                                 "description": "optional tamper-evidence hash chain"}},
        **body,
    }


def schema_text() -> str:
    """:func:`json_schema` as the shipped file holds it."""
    import json

    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
