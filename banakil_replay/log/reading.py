"""Reading a log whole or streaming: as typed events, as JSON objects, a notes sidecar's lines,
or the chain heads; every line checked with the rules of :mod:`.lines`."""

from __future__ import annotations

import fcntl
import os
from operator import attrgetter
import re
import sys
from typing import TYPE_CHECKING, Annotated, Any, Callable, Generator, Iterator, Literal, Union, get_args

import msgspec

from ..events import (
    _CANONICAL, EVENT_CLASSES, MAX_CARDS, Event, EventError, FormatError, HandNo, HandStarted, MatchStarted, Seat, Seq,
    _dec_hook, check_format, decode_json, format_minor, newer_hint, parse_event,
)
from ..i18n import _
from ..rulebook import Rule
from .chains import _ChainCheck
from .lines import (
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, ChainError, EventDecodeError, LogReadError, NotALogError, Record,
    UnsupportedFormatError, _Bad, _check_first, _decode_line, _is_torn, _line_batches, _numbered_lines,
    _open_reading, _parse_line, _read_error, _torn,
)

def chain_heads(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                max_depth: int = DEFAULT_MAX_DEPTH) -> Iterator[tuple[int, str | None]]:
    """``(seq, chain)`` of each event of a log (None where unchained), checking the chain as it reads.

    The last pair's chain is the log's head: keep it somewhere else, and a log cut
    short or changed afterwards no longer ends in it (see docs/event-log.md).
    """
    for record in iter_events(path, max_line_bytes=max_line_bytes, max_depth=max_depth):
        yield record["seq"], record.get("chain")


class _ReadState:
    """The checks of one line and those that hold across lines: seq order, event 0, the chain."""

    def __init__(self, path: str, max_depth: int, check_chain: bool) -> None:
        self.path = path
        self.max_depth = max_depth
        self.expected = 0
        self.minor = 0  # the log's minor format version, once event 0 is read
        self.chain = _ChainCheck() if check_chain else None

    def record(self, raw: bytes, line: int, offset: int, terminated: bool) -> Record:
        """One line as its JSON object, every check of this module made, or :class:`LogReadError`."""
        try:
            event = _parse_line(raw, self.max_depth, first=line == 1)
        except _Bad as bad:
            if _is_torn(bad, offset, raw, terminated):
                raise _torn(self.path, line, offset, raw, bad.reason) from None
            raise _read_error(bad, self.path, line, offset) from None
        self.accept(event, line, offset)
        return event

    def accept(self, event: Record, line: int, offset: int) -> None:
        seq = event["seq"]
        where = {"path": self.path, "line": line, "byte_offset": offset, "seq": seq}
        if seq != self.expected:
            where["seq"] = self.expected  # located by position: this line is where the log goes wrong
            raise LogReadError(_("seq {seq} where {expected} was expected (seq must count 0, 1, 2, ... with no "
                                 "gaps)").format(seq=seq, expected=self.expected), rule=Rule.CONTIGUOUS_SEQ, **where)
        if seq == 0:
            try:
                _check_first(event)
                check_format(event["format"])
                self.minor = format_minor(event["format"])
            except _Bad as bad:
                raise LogReadError(bad.reason, rule=bad.rule, **where) from None
            except FormatError as e:
                assert e.major is not None  # _check_first refused anything else
                raise UnsupportedFormatError(e.reason, format=event["format"], major=e.major,
                                             **where) from None
        if self.chain is not None:
            reason = self.chain.check(event)
            if reason is not None:
                raise ChainError(reason, **where)
        self.expected += 1


def iter_events(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                max_depth: int = DEFAULT_MAX_DEPTH, check_chain: bool = True) -> Iterator[Record]:
    """Stream the lines of a log as JSON objects, checking each line as it goes.

    Events before the first bad line are yielded, and then the error is raised.
    An empty file yields nothing. What the fields of each event mean is not
    checked here (:func:`iter_log` does that too).
    Raises :class:`LogReadError` or one of its subclasses.
    """
    name = os.fspath(path)
    state = _ReadState(name, max_depth, check_chain)
    with _open_reading(name) as f:
        for lineno, offset, raw, terminated in _numbered_lines(f, name, max_line_bytes):
            yield state.record(raw, lineno, offset, terminated)


def read_events(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                max_depth: int = DEFAULT_MAX_DEPTH, check_chain: bool = True) -> list[Record]:
    """All lines of a log as JSON objects, as :func:`iter_events` yields them."""
    return list(iter_events(path, max_line_bytes=max_line_bytes, max_depth=max_depth,
                            check_chain=check_chain))


# The JSON members each event class must have been read from when nothing but its own
# fields was on the line: seq, type and the required fields; each optional field adds
# one when its value is not its default (see _fast_event).
_REQUIRED_MEMBERS: dict[type, int] = {}
_OPTIONAL_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}
for _cls in EVENT_CLASSES:
    _fields = msgspec.structs.fields(_cls)
    _REQUIRED_MEMBERS[_cls] = 1 + sum(1 for fi in _fields if fi.required)
    _OPTIONAL_FIELDS[_cls] = tuple(
        (fi.name, fi.default if fi.default is not msgspec.NODEFAULT else fi.default_factory())
        for fi in _fields if not fi.required)
_SURROGATE_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")
#: How deep an event without free-form fields can nest (the line's object, ``hands``, a hand).
_TYPED_DEPTH = 3


def _takes_any(kind: Any) -> bool:
    return kind is Any or any(_takes_any(arg) for arg in get_args(kind))


#: The event classes with a field that takes any JSON value (``options``, ``input``), nested as it likes.
_FREE_FORM = frozenset(cls for cls in EVENT_CLASSES if any(_takes_any(fi.type) for fi in msgspec.structs.fields(cls)))


def _fast_event(raw: bytes, max_depth: int, max_digits: int) -> Event | None:
    """The typed event of one line, decoded straight from its bytes, or None to take the long way.

    msgspec checks the JSON, the shape and every field, but it keeps the last of
    duplicate keys, skips unknown fields without checking their text, nests as deep
    as it likes and reads integers of any length. So the line goes the long way
    (:meth:`_ReadState.record`, then :func:`events.parse_event`) unless it is short
    enough that no integer can pass the interpreter's digit limit, has few enough
    brackets that it cannot nest too deep, is valid UTF-8, has no escape that could
    be a lone surrogate, and has exactly as many colons as members its event was
    read from. Every member has a colon of its own, so equal counts mean there was
    no duplicate key, no unknown field (a chain included) and no colon inside a
    string. The long way gives every error its message, so messages are the same
    whichever way a line went.
    """
    size = len(raw)
    if size > max_digits or not _plain_text(raw):
        return None
    try:
        event = decode_json(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
    cls = type(event)
    # Nesting: an event read with nothing but its own fields (the colon count below) nests no deeper
    # than its fields' types, 3 at most (hands: lists of lists), unless a field takes any JSON value.
    if (size > max_depth and (max_depth < _TYPED_DEPTH or cls in _FREE_FORM)
            and raw.count(b"[") + raw.count(b"{") > max_depth):
        return None
    colons = raw.count(b":")
    # the optional fields are counted only when the required ones leave colons over (rarely)
    if colons != _REQUIRED_MEMBERS[cls] and colons != _members(event):
        return None
    return event


def _fast_first(raw: bytes, max_depth: int, max_digits: int) -> MatchStarted | None:
    """Line 1 as its typed event, decoded straight from its bytes, or None to take the long way.

    The checks of :func:`_fast_event`, but with the members counted from the line's own object, as a
    first line commonly spells out a default (``"rules": "classic"``) and may carry options, and only
    members the event knows (no chain: the long way starts the chain's check); then
    the first line's own: it opens with ``{`` (no byte order mark), is a ``match_started`` with seq
    0 (so it is a log), and its format is one this version reads. Anything else, a broken line
    included, goes the long way, which gives every error its words.
    """
    if len(raw) > max_digits or raw[:1] != b"{" or not _plain_text(raw):
        return None
    if raw.count(b"[") + raw.count(b"{") > max_depth:
        return None  # it might nest too deep (brackets inside strings counted too)
    try:
        event = decode_json(raw)
        value = msgspec.json.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
    if type(event) is not MatchStarted or event.seq != 0 or not _FIRST_MEMBERS.issuperset(value):
        return None  # another event, or a field it does not know (a chain's among them: checked the long way)
    if raw.count(b":") != _keys(value):
        return None  # a duplicate key or a colon in a string
    try:
        check_format(event.format)
    except FormatError:
        return None
    return event


#: The members a match_started line may have: its type and its fields.
_FIRST_MEMBERS = frozenset(["type", *(f.encode_name for f in msgspec.structs.fields(MatchStarted))])


def _keys(value: Any) -> int:
    """The members of every object in a JSON value (each has a colon of its own)."""
    if isinstance(value, dict):
        return len(value) + sum(map(_keys, value.values()))
    if isinstance(value, list):
        return sum(map(_keys, value))
    return 0


def _plain_text(data: bytes) -> bool:
    """Valid UTF-8, with no escape that could be a lone surrogate: what the fast reads leave to the long way."""
    if b"\\u" in data and _SURROGATE_ESCAPE_BYTES.search(data) is not None:
        return False
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def _members_plain(event: Event) -> int:
    """The JSON members ``event`` was read from, when nothing but its own fields was on its line."""
    members = _REQUIRED_MEMBERS[type(event)]
    for name, default in _OPTIONAL_FIELDS[type(event)]:
        if getattr(event, name) != default:
            members += 1
    return members


def _members_of(cls: type) -> Callable[[Event], int]:
    """:func:`_members_plain` for events of class ``cls``, made for it: a batch asks once per line."""
    required, optional = _REQUIRED_MEMBERS[cls], _OPTIONAL_FIELDS[cls]
    if not optional:
        return lambda event: required
    if len(optional) == 1 and optional[0][1] is None:  # the usual optional field: a value or None
        value = attrgetter(optional[0][0])
        return lambda event: required if value(event) is None else required + 1
    return _members_plain


_MEMBERS: dict[type, Callable[[Event], int]] = {cls: _members_of(cls) for cls in EVENT_CLASSES}


def _members(event: Event) -> int:
    """The JSON members ``event`` was read from, when nothing but its own fields was on its line."""
    return _MEMBERS[type(event)](event)


_SEQ = attrgetter("seq")


# A deal's cards as the log writer writes them: canonical codes, read by msgspec itself, so the
# 100-odd cards of a deal do not each cost a call of the events' card hook (a third of the decoding
# of a match went to deals). A deal written otherwise fails here and takes the lines' own way.
if TYPE_CHECKING:
    _Code = str
else:
    _Code = Literal[tuple(_CANONICAL)]
_Codes = Annotated[tuple[_Code, ...], msgspec.Meta(max_length=MAX_CARDS)]


class _DealCodes(msgspec.Struct, frozen=True, tag_field="type", tag="hand_started"):
    """:class:`events.HandStarted` with canonical card codes for cards: the same fields, in the
    same order, with the same bounds (a test holds the two alike)."""

    seq: Seq
    hand: HandNo
    dealer: Seat
    hands: Annotated[tuple[_Codes, ...], msgspec.Meta(min_length=2, max_length=4)]
    upcard: _Code | None = None
    stock: _Codes | None = None


_BATCH_CLASSES = tuple(_DealCodes if cls is HandStarted else cls for cls in EVENT_CLASSES)
_decode_batch: Callable[[bytes], list[Any]] = msgspec.json.Decoder(
    Union[_BATCH_CLASSES], dec_hook=_dec_hook).decode_lines


def _deal(raw: _DealCodes) -> HandStarted:
    """The deal ``raw`` was read as, as the event decoder reads it: every code its interned card."""
    card = _CANONICAL.__getitem__
    return HandStarted(seq=raw.seq, hand=raw.hand, dealer=raw.dealer,
                       hands=tuple([tuple(map(card, cards)) for cards in raw.hands]),
                       upcard=None if raw.upcard is None else card(raw.upcard),
                       stock=None if raw.stock is None else tuple(map(card, raw.stock)))


def _fast_batch(lines: list[bytes], expected: int, max_digits: int) -> list[Event] | None:
    """The typed events of many lines at once, the first with seq ``expected``, or None to read them
    one at a time.

    The checks of :func:`_fast_event`, made on the lines joined: no line longer than the digit limit,
    valid UTF-8, no escape that could be a lone surrogate, and as many colons in all as members the
    events were read from (a line never has fewer colons than members, so the totals are equal only
    when every line's are). One value per line: every line break lies between a ``}`` and a ``{``,
    which inside an event without free-form fields can only be the end of one event and the start of
    the next, and there are as many events as lines. Events with free-form fields (which may nest
    objects as deep as they like) are left to the lines' own checks.
    """
    if not lines or max(map(len, lines)) > max_digits:
        return None
    blob = b"\n".join(lines)
    if blob[:1] != b"{" or blob[-1:] != b"}" or blob.count(b"}\n{") != len(lines) - 1:
        return None
    if not _plain_text(blob):
        return None
    try:
        read = _decode_batch(blob)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None
    events: list[Event] = [e if type(e) is not _DealCodes else _deal(e) for e in read]
    if len(events) != len(lines) or list(map(_SEQ, events)) != list(range(expected, expected + len(lines))):
        return None
    if not _FREE_FORM.isdisjoint(map(type, events)) or blob.count(b":") != sum([_MEMBERS[type(e)](e) for e in events]):
        return None
    return events


def _newer_hint(error: EventError, minor: int) -> str:
    """The error's reason, saying so when the event may be one a newer minor version added."""
    return error.reason + (newer_hint(minor) if error.rule is Rule.EVENT_TYPES else "")


def iter_log(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
             max_depth: int = DEFAULT_MAX_DEPTH, check_chain: bool = True) -> Iterator[Event]:
    """Stream the typed events of a game log, checking each line as it is read.

    Every check of :func:`iter_events` is made, and each event's fields too.
    Events are yielded as they are read, so memory does not grow with the log.
    Errors, in the order :func:`read_events` then :func:`events.parse_event`
    would give them: a line that breaks the file's rules (:class:`LogReadError`)
    wherever it is, else the first event whose fields are wrong
    (:class:`EventDecodeError`, naming the line, byte, seq and field path). So
    once an event's fields are wrong nothing more is yielded, but the rest of the
    file is still read for such line errors before that one is raised.
    An empty file is refused with :class:`NotALogError`.
    """
    name = os.fspath(path)
    state = _ReadState(name, max_depth, check_chain)
    chain = state.chain
    max_digits = sys.get_int_max_str_digits() or 1 << 62
    wrong: EventDecodeError | None = None  # the first event whose fields are wrong
    lineno = offset = 0
    expected = 0  # state.expected, kept in a local on the way most lines take
    with _open_reading(name) as f:
        for batch, terminated in _line_batches(f, name, max_line_bytes):
            for lines in ([batch[:1], batch[1:]] if lineno == 0 else [batch]):  # line 1 alone: the long way
                if (wrong is None and lineno and terminated and max_depth >= _TYPED_DEPTH
                        and (chain is None or chain.head is None)):
                    events = _fast_batch(lines, expected, max_digits)
                    if events is not None:
                        lineno += len(lines)
                        expected += len(lines)
                        offset += sum(map(len, lines)) + len(lines)
                        yield from events
                        continue
                for raw in lines:
                    lineno += 1
                    event = None
                    if chain is None or chain.head is None:
                        event = (_fast_event(raw, max_depth, max_digits) if lineno > 1
                                 else _fast_first(raw, max_depth, max_digits))
                    if event is not None and event.seq == expected:
                        expected += 1
                        if isinstance(event, MatchStarted):  # line 1 (_fast_first): the log's version
                            state.minor = format_minor(event.format)
                    else:  # the long way: also where every error gets its message
                        state.expected = expected
                        record = state.record(raw, lineno, offset, terminated)
                        expected = state.expected
                        if wrong is None:
                            try:
                                event = parse_event(record)
                            except EventError as e:
                                wrong = EventDecodeError(_newer_hint(e, state.minor), path=name, line=lineno,
                                                         byte_offset=offset, seq=e.seq, rule=e.rule)
                    if wrong is None:
                        assert event is not None
                        yield event
                    offset += len(raw) + 1
    if wrong is not None:
        raise wrong
    if lineno == 0:
        raise NotALogError(_('the file is empty; a game log starts with a "match_started" event'), path=name)


def read_log(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
             max_depth: int = DEFAULT_MAX_DEPTH, check_chain: bool = True) -> list[Event]:
    """The typed events of a game log, for replaying it: :func:`iter_log` as a list.

    (:func:`read_events` accepts an empty file because a log can be started by
    appending its first event to one; a game log cannot be empty.)
    """
    return list(iter_log(path, max_line_bytes=max_line_bytes, max_depth=max_depth,
                         check_chain=check_chain))


def iter_json_lines(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                    max_depth: int = DEFAULT_MAX_DEPTH) -> Generator[tuple[int, Any], None, None]:
    """Yield ``(line number, value)`` for each line of a JSON Lines file that is not a log.

    Each line is decoded with exactly the log reader's rules (regular file,
    line length, nesting depth, duplicate keys, UTF-8 and lone surrogates), and
    a bad line raises :class:`LogReadError` naming its line and byte offset.
    Used for the notes sidecars; the caller checks what the values mean.
    The reader first waits for any writer holding the exclusive ``flock``
    (:func:`create_file` without hard links), so it never sees a file being made.
    """
    name = os.fspath(path)
    with _open_reading(name) as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_SH)
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        for lineno, offset, raw, _terminated in _numbered_lines(f, name, max_line_bytes):
            try:
                value = _decode_line(raw, max_depth)
            except _Bad as bad:
                raise _read_error(bad, name, lineno, offset) from None
            yield lineno, value

