"""The game log: read, append, verify and repair Banakil event logs.

Format
------
A log is a UTF-8 file in JSON Lines form: one JSON object per line, every line
ended by ``"\\n"``. Each event has an integer ``"seq"`` (0, 1, 2, ... with no gaps
or repeats) and a non-empty string ``"type"``. Event 0 has type
``"match_started"`` and a ``"format"`` of ``"banakil-replay/<major>"`` or
``"banakil-replay/<major>.<minor>"``. A reader accepts every minor version of a
major version it knows. Any other major version is refused, and the error names
it (there is no older major to convert from yet). Any other fields belong to
the game. They are kept exactly as read, and the writer never reorders or drops
them. What each event holds is defined once, in ``banakil_replay/events.py``.

Two readers share every check on the bytes below:

* :func:`iter_log` / :func:`read_log` give typed events (``events.Event``), for
  replaying. They decode each line straight into its event class and stream.
* :func:`iter_events` / :func:`read_events` give each line as its JSON object
  (:data:`Record`), extra fields and all, for tools that rewrite or hash lines.

Lines are written as compact JSON (separators ``","`` and ``":"``) with
``ensure_ascii=False`` and the keys in the order the caller gave them. When the
store assigns ``seq`` it puts it first, and it puts ``chain`` last. The same
events therefore always give the same bytes.

Tamper evidence (optional)
--------------------------
An event may carry ``"chain"``: the SHA-256 hex digest of the previous event's
``chain`` (or ``""`` if the previous event has none, or there is no previous
event) followed by :func:`canonical_json` of the event without its ``chain``
field. Logs written by hand without chains stay valid. Chaining may begin
part-way through a log, but once an event is chained, every later event must be
chained too. A chain shows that the events were changed after they were
written. It cannot show that the whole chain was stripped off, or that events
were cut from the end. To catch those, keep the head (the last event's chain,
from :func:`verify_chain`, :func:`chain_heads` or ``banakil-replay validate
--chain``) somewhere else, and check the log against it later (``--head``).

Guarantees
----------
* Appends take an exclusive ``flock`` on the log file itself. A whole batch
  goes out in one ``os.write`` call (a failed or short write is cut back off),
  and the function returns only after ``os.fsync``. So concurrent writers that
  use this module never interleave or lose lines, a batch lands whole or not
  at all, and an acknowledged event is on disk.
* A crash during an append can leave at most one torn final line: no trailing
  newline, and a fragment that does not parse, after at least one complete
  line and holding no carriage return (the writer never writes one, so a CR
  means the file ends its lines with CR alone). Readers report it as
  :class:`TornLineError`, appends refuse to continue after it, and
  :func:`repair` moves it into ``<log>.torn``. Nothing else is ever moved,
  and nothing is ever deleted.
* Only regular files are logs: a FIFO, device or directory is refused before
  anything is read from it, so a reader never blocks on one.
* Text must be valid Unicode: a ``\\ud800`` escape that leaves a lone
  surrogate (which UTF-8 cannot hold) is refused where the line is read.
* Readers work through the file in bounded chunks. A line longer than
  ``max_line_bytes`` is refused before it is ever held in memory whole. Nesting
  depth is checked before parsing, so hostile input gives a
  :class:`LogReadError` naming the line and byte offset, never a crash or
  unbounded memory use.
* :func:`create_log` never overwrites. The first line is written to a
  temporary file and hard-linked into place, so nobody ever sees a half-made
  log.

POSIX only (uses ``fcntl.flock``).
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import secrets
import shlex
import stat
import sys
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generator, Iterable, Iterator, Mapping, get_args

import msgspec

from ..errors import MalformedInputError
from ..events import (
    CHAIN_PATTERN, EVENT_CLASSES, FORMAT, FORMAT_LATEST, FORMAT_NAME, Event, EventError, FormatError,
    check_format, decode_json, event_to_json, format_minor, is_event, json_kind, newer_hint, parse_event,
)
from ..events import FORMAT_MAJOR as CURRENT_MAJOR  # one definition, shared with the event types
from ..events import format_major as _events_format_major
from ..rulebook import Rule

__all__ = [
    "FORMAT_NAME", "CURRENT_MAJOR", "FORMAT", "DEFAULT_MAX_LINE_BYTES", "DEFAULT_MAX_DEPTH", "Record",
    "LogReadError", "NotALogError", "TornLineError", "LineTooLongError", "UnsupportedFormatError",
    "ChainError", "EventDecodeError", "LogWriteError", "RepairReport",
    "iter_log", "read_log", "iter_events", "read_events", "iter_json_lines", "format_major",
    "create_log", "create_file", "append_event", "append_events", "append_json_lines", "repair",
    "verify_chain", "chain_heads", "chain_hash", "canonical_json",
]

#: One line of a log as its JSON object: the form events take only at the file's edge
#: (reading and writing lines). Everything else works with the typed ``events.Event``.
Record = dict[str, Any]

DEFAULT_MAX_LINE_BYTES = 1 << 20
#: Real events are a few levels deep. 128 is generous, and it stays well below
#: the interpreter's recursion limit, which ``json`` and our own checks recurse into.
DEFAULT_MAX_DEPTH = 128

_CHUNK = 256 * 1024
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_HEX64_RE = re.compile(CHAIN_PATTERN)
# Escape pairs are matched as single tokens, so an escaped quote never toggles
# "inside a string". Each position is tried once, so a hostile line costs linear time.
_DEPTH_TOKEN_RE = re.compile(r'\\.|["\[\]{}]', re.S)
# Only a \uD800-\uDFFF escape can put a surrogate into parsed JSON (raw surrogate
# bytes are invalid UTF-8), so lines without one skip the full check.
_SURROGATE_ESCAPE_RE = re.compile(r"\\u[dD][89a-fA-F]")


# --------------------------------------------------------------------- errors


def _where(path: str | None, line: int | None, byte_offset: int | None, seq: int | None) -> str:
    parts = [f"{label} {value}" for label, value in
             (("line", line), ("byte", byte_offset), ("seq", seq)) if value is not None]
    head = path if path is not None else "<events>"
    return f"{head} ({', '.join(parts)})" if parts else head


class LogReadError(MalformedInputError):
    """A log that cannot be read as a valid event sequence.

    ``reason`` is the bare explanation. ``path``, ``line`` (1-based),
    ``byte_offset`` (from the start of the file) and ``seq`` are filled in
    wherever they are known, and are ``None`` otherwise. ``rule`` is the rule of
    the format broken (docs/event-log.md lists them): by default the kind's own.
    """

    default_rule: ClassVar[Rule] = Rule.LINES

    def __init__(self, reason: str, *, path: str | None = None, line: int | None = None,
                 byte_offset: int | None = None, seq: int | None = None, rule: Rule | None = None) -> None:
        super().__init__(f"{_where(path, line, byte_offset, seq)}: {reason}")
        self.reason = reason
        self.path = path
        self.line = line
        self.byte_offset = byte_offset
        self.seq = seq
        self.rule = rule or self.default_rule


class NotALogError(LogReadError):
    """A file that is not a game log at all, as opposed to a log that breaks a rule.

    Raised when the file is not a regular file, when its first line is not a
    JSON object with a ``"type"`` (not JSON, not UTF-8, an array...), and by
    :func:`read_log` when the file is empty.
    """

    default_rule = Rule.LOG_STARTS


class TornLineError(LogReadError):
    """The log ends in a line with no newline that does not parse (a crash mid-write).

    ``byte_offset`` is where the torn fragment starts, and ``fragment_length``
    is its size in bytes. :func:`repair` moves the fragment aside.
    """

    def __init__(self, reason: str, *, fragment_length: int, **where: Any) -> None:
        super().__init__(reason, **where)
        self.fragment_length = fragment_length


class LineTooLongError(LogReadError):
    """A line longer than the configured cap. It was refused without being read whole."""

    def __init__(self, reason: str, *, limit: int, **where: Any) -> None:
        super().__init__(reason, **where)
        self.limit = limit


class UnsupportedFormatError(LogReadError):
    """A log whose major format version this code cannot read."""

    default_rule = Rule.FORMAT_VERSION

    def __init__(self, reason: str, *, format: str, major: int, **where: Any) -> None:
        super().__init__(reason, **where)
        self.format = format
        self.major = major


class ChainError(LogReadError):
    """A tamper-evidence chain that does not check out. ``seq`` is the first bad event."""

    default_rule = Rule.CHAIN


class EventDecodeError(LogReadError):
    """A line that is sound JSON but not a well-formed event: the reason names the field path."""

    default_rule = Rule.EVENT_FIELDS


class LogWriteError(MalformedInputError):
    """An event that cannot be appended: wrong seq, wrong types, unencodable, and so on."""

    def __init__(self, reason: str, *, path: str | None = None, seq: int | None = None) -> None:
        super().__init__(f"{_where(path, None, None, seq)}: {reason}")
        self.reason = reason
        self.path = path
        self.seq = seq


class _Bad(Exception):
    """One line's problem, before we know where it sits in the file.

    ``kind`` is "utf8", "json" or "depth" when the bytes do not parse. Those
    are the kinds that can make an unterminated last line "torn". ``kind`` is
    "text" when the JSON holds a lone surrogate, "shape" when the line parses
    but is not a valid event, and "not_log" when the first line is not even a
    JSON object with a "type".
    """

    def __init__(self, kind: str, reason: str, offset: int = 0, seq: int | None = None,
                 rule: Rule = Rule.LINES) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.offset = offset
        self.seq = seq
        self.rule = rule


_UNPARSABLE = frozenset({"utf8", "json", "depth"})


def _is_torn(bad: _Bad, offset: int, raw: bytes, terminated: bool) -> bool:
    """Is this bad line the torn tail of an append that crashed mid-write?

    Only an unterminated last line that does not parse can be. It must also
    follow a complete line (appends go after the first line, and a file that
    is one unparsable line is not a log with a tail), and it must hold no CR:
    the writer escapes every CR, so a raw one means the file ends its lines
    with CR alone and the "line" is really the whole log.
    """
    return (not terminated and bad.kind in _UNPARSABLE and offset > 0
            and b"\r" not in raw)


def _read_error(bad: _Bad, path: str, line: int | None, offset: int,
                prefix: str = "") -> LogReadError:
    """The error for a line at ``offset`` that failed with ``bad`` (not a torn tail)."""
    if bad.kind == "not_log":
        return NotALogError(prefix + bad.reason, path=path, line=line, byte_offset=offset + bad.offset,
                            seq=bad.seq, rule=bad.rule)
    return LogReadError(prefix + bad.reason, path=path, line=line, byte_offset=offset + bad.offset,
                        seq=bad.seq, rule=bad.rule)


# ---------------------------------------------------------------- one line


def _brief(value: object, limit: int = 60) -> str:
    # Hostile values can be megabytes long, so messages quote only a prefix.
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_json_kind = json_kind


def _is_int(value: object) -> bool:
    # bool is a subclass of int, but true is not a sequence number.
    return isinstance(value, int) and not isinstance(value, bool)


def _too_deep(text: str, max_depth: int) -> int | None:
    """Index where nesting first goes past ``max_depth``, or None."""
    # Fast path: a line cannot nest deeper than the number of its opening brackets.
    if text.count("[") + text.count("{") <= max_depth:
        return None
    depth = 0
    in_string = False
    for match in _DEPTH_TOKEN_RE.finditer(text):
        token = match.group()
        if token == '"':
            in_string = not in_string
        elif in_string or token[0] == "\\":
            continue
        elif token in "[{":
            depth += 1
            if depth > max_depth:
                return match.start()
        else:
            depth -= 1
    return None


def _byte_index(text: str, char_index: int) -> int:
    return len(text[:char_index].encode("utf-8", "surrogatepass"))


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        # json would silently keep the last value, and the others would be lost.
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {_brief(key)}")
            seen.add(key)
    return obj


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _decode_line(raw: bytes, max_depth: int) -> Any:
    """Decode one line (without its newline) as JSON, or raise :class:`_Bad`.

    The rules every JSON Lines file of this package is read with (logs and
    notes sidecars): UTF-8, bounded nesting, no duplicate keys, no NaN or
    Infinity, no lone surrogates.
    """
    if not raw or raw.isspace():
        raise _Bad("json", "a blank line: every line holds one event (line L holds seq L-1), so a log "
                   "has no blank lines, not even at its end")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Bad("utf8", f"not valid UTF-8 (byte {raw[exc.start:exc.start + 1]!r} "
                   f"at line position {exc.start})", exc.start) from None
    if text.startswith("\ufeff"):
        raise _Bad("json", "the line starts with a byte order mark (bytes EF BB BF): a log is UTF-8 "
                   "text without one")
    deep_at = _too_deep(text, max_depth)
    if deep_at is not None:
        raise _Bad("depth", f"JSON nested more than {max_depth} levels deep",
                   _byte_index(text, deep_at))
    try:
        value = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        hint = ""
        if b"\r" in raw.rstrip(b"\r"):
            # JSON allows a CR between tokens, so only a line that fails to parse gets this hint.
            hint = ("; the file seems to end its lines with a carriage return alone, "
                    "but a log ends every line with \\n")
        raise _Bad("json", f"invalid JSON: {exc.msg}{hint}", _byte_index(text, exc.pos)) from None
    except RecursionError:
        # The depth scan should have caught this. This is a backstop against a crash.
        raise _Bad("depth", "JSON nested too deeply") from None
    except ValueError as exc:  # duplicate keys, NaN/Infinity, integers beyond the digit limit
        raise _Bad("json", f"invalid JSON: {_brief(str(exc), 120)}") from None
    if _SURROGATE_ESCAPE_RE.search(text) is not None:
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise _Bad("text", "a \\u escape leaves a lone surrogate, which is not text "
                       "(UTF-8 cannot hold it)") from None
    return value


def _first_line_is_log(value: Any) -> None:
    """Raise :class:`_Bad` ("not_log") unless the first line looks like the start of a game log."""
    if not isinstance(value, dict):
        raise _Bad("not_log", f"not a {FORMAT_NAME} log: its first line is "
                   f"{_json_kind(value)}, not a JSON object", rule=Rule.LOG_STARTS)
    if "type" not in value:
        raise _Bad("not_log", f'not a {FORMAT_NAME} log: its first line has no "type"', rule=Rule.LOG_STARTS)


def _parse_line(raw: bytes, max_depth: int, first: bool = False) -> Record:
    """Parse one line (without its newline) into an event, or raise :class:`_Bad`.

    ``first``: this is line 1, so a line that is not a JSON object with a
    "type" means the file is not a log at all.
    """
    try:
        value = _decode_line(raw, max_depth)
    except _Bad as bad:
        if first and bad.kind in _UNPARSABLE:
            raise _Bad("not_log", f"not a {FORMAT_NAME} log: {bad.reason}", bad.offset, rule=bad.rule) from None
        raise
    if first:
        _first_line_is_log(value)
    if not isinstance(value, dict):
        raise _Bad("shape", f"an event must be a JSON object, not {_json_kind(value)}")
    seq = value.get("seq")
    known_seq = seq if _is_int(seq) else None
    if "seq" not in value:
        raise _Bad("shape", 'missing "seq"', rule=Rule.EVENT_FIELDS)
    if known_seq is None:
        raise _Bad("shape", f'"seq" must be an integer, not {_json_kind(seq)} {_brief(seq)}',
                   rule=Rule.EVENT_FIELDS)
    if "type" not in value:
        raise _Bad("shape", 'missing "type"', seq=known_seq, rule=Rule.EVENT_TYPES)
    kind = value["type"]
    if not isinstance(kind, str) or not kind:
        raise _Bad("shape", f'"type" must be a non-empty string, not {_json_kind(kind)} '
                   f"{_brief(kind)}", seq=known_seq, rule=Rule.EVENT_TYPES)
    return value


def format_major(value: object) -> int:
    """The major version in a ``format`` value such as ``"banakil-replay/1.2"``.

    Raises :class:`LogReadError` when the value is not a banakil-replay format string.
    """
    try:
        return _events_format_major(value)
    except FormatError as e:
        raise LogReadError(e.reason) from None


def _format_major(value: object) -> int:
    try:
        return _events_format_major(value)
    except FormatError as e:
        raise _Bad("shape", e.reason, seq=0, rule=Rule.FORMAT_VERSION) from None


def _check_first(event: Mapping[str, Any]) -> int:
    """Check the things only event 0 must satisfy. Returns its major version, readable or not."""
    if event["type"] != "match_started":
        raise _Bad("shape", f'the first event must have type "match_started", '
                   f"not {_brief(event['type'])}", seq=0, rule=Rule.LOG_STARTS)
    if "format" not in event:
        raise _Bad("shape", f'the first event has no "format" (expected {FORMAT_LATEST!r})', seq=0,
                   rule=Rule.FORMAT_VERSION)
    return _format_major(event["format"])


# --------------------------------------------------------------------- chain


def canonical_json(obj: object) -> str:
    """The canonical JSON used for chain hashing: sorted keys, compact, raw Unicode.

    Keys sort by code point (Python string order), and floats use Python's
    shortest round-trip ``repr``. Implementations in other languages must match both.
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def chain_hash(previous: str, event: Mapping[str, Any]) -> str:
    """``sha256(previous + canonical_json(event without "chain"))`` as lowercase hex."""
    body = {key: value for key, value in event.items() if key != "chain"}
    # surrogatepass: a JSON "\\ud800" escape is legal and parses to a lone
    # surrogate. The hash must still be defined for it.
    data = (previous + canonical_json(body)).encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()


class _ChainCheck:
    """Incremental chain verification, shared by the reader and verify_chain."""

    def __init__(self) -> None:
        self.head: str | None = None  # chain of the previous event, None if it had none

    def check(self, event: Mapping[str, Any]) -> str | None:
        """The reason this event breaks the chain, or None. Advances on success."""
        if "chain" not in event:
            if self.head is not None:
                return ('no "chain" field, but the previous event is chained '
                        "(once a log is chained every later event must be)")
            return None
        value = event["chain"]
        if not isinstance(value, str) or _HEX64_RE.fullmatch(value) is None:
            return f'"chain" must be 64 lowercase hex digits, not {_brief(value)}'
        try:
            expected = chain_hash(self.head or "", event)
        except (TypeError, ValueError) as exc:
            return f"event cannot be hashed: {exc}"
        if value != expected:
            return ("chain mismatch: this event, or an earlier one, was changed after it "
                    f"was written (stored {value[:12]}..., computed {expected[:12]}...)")
        self.head = value
        return None


def chain_heads(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                max_depth: int = DEFAULT_MAX_DEPTH) -> Iterator[tuple[int, str | None]]:
    """``(seq, chain)`` of each event of a log (None where unchained), checking the chain as it reads.

    The last pair's chain is the log's head: keep it somewhere else, and a log cut
    short or changed afterwards no longer ends in it (see docs/event-log.md).
    """
    for record in iter_events(path, max_line_bytes=max_line_bytes, max_depth=max_depth):
        yield record["seq"], record.get("chain")


def verify_chain(events: Iterable[Mapping[str, Any]]) -> str | None:
    """Check the tamper-evidence chain wherever it is present.

    Returns the chain head (the last event's ``chain``, or None if the last
    event is unchained). Store that head elsewhere to detect truncation.
    Raises :class:`ChainError` whose ``seq`` is the first event that fails.
    """
    checker = _ChainCheck()
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise ChainError(f"event #{index} is {_json_kind(event)}, not an object")
        seq = event.get("seq")
        reason = checker.check(event)
        if reason is not None:
            raise ChainError(reason, seq=seq if _is_int(seq) else None)
    return checker.head


# -------------------------------------------------------------------- reading


def _line_batches(f: Any, path: str, limit: int) -> Iterator[tuple[list[bytes], bool]]:
    """Yield the file's lines (without their newline) a chunk at a time, as ``(lines, terminated)``.

    Every batch but the last holds complete lines. The last batch holds only the
    unterminated tail, if there is one, with ``terminated`` False. A line longer
    than ``limit`` is refused as soon as that is known, so memory stays within
    ``limit`` plus one chunk whatever the file holds.
    """
    buf = bytearray()  # the start of a line whose newline has not been read yet
    base = 0           # file offset of buf[0]
    lineno = 0         # lines yielded so far
    while True:
        chunk = f.read(_CHUNK)
        if not chunk and buf:
            # An unterminated tail can be an append still in flight. Acquiring a
            # shared lock waits for any writer that holds it. After that, a
            # tail that is still unterminated really is torn.
            with suppress(OSError):
                fcntl.flock(f.fileno(), fcntl.LOCK_SH)
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)
            chunk = f.read(_CHUNK)
        if not chunk:
            if buf:
                yield [bytes(buf)], False
            return
        first_newline = chunk.find(b"\n")
        if first_newline < 0:
            buf += chunk
            if len(buf) > limit:
                raise _too_long(path, lineno + 1, base, limit)
            continue
        if len(buf) + first_newline > limit:
            raise _too_long(path, lineno + 1, base, limit)
        last_newline = chunk.rfind(b"\n")
        if buf:
            buf += chunk[:last_newline]
            lines = bytes(buf).split(b"\n")
        else:
            lines = chunk[:last_newline].split(b"\n")
        if max(map(len, lines)) > limit:
            index = next(i for i, line in enumerate(lines) if len(line) > limit)
            yield lines[:index], True  # the lines before it are read, as they would be one at a time
            raise _too_long(path, lineno + index + 1, base + sum(len(x) + 1 for x in lines[:index]), limit)
        yield lines, True
        lineno += len(lines)
        base += (len(buf) if buf else last_newline) + 1  # buf, when there was one, now ends at last_newline
        buf = bytearray(chunk[last_newline + 1:])
        if len(buf) > limit:
            raise _too_long(path, lineno + 1, base, limit)


def _numbered_lines(f: Any, path: str, limit: int) -> Iterator[tuple[int, int, bytes, bool]]:
    """Yield (line number, byte offset, bytes without newline, ended by newline)."""
    lineno = offset = 0
    for lines, terminated in _line_batches(f, path, limit):
        for raw in lines:
            lineno += 1
            yield lineno, offset, raw, terminated
            offset += len(raw) + 1


def _too_long(path: str, line: int, offset: int, limit: int) -> LineTooLongError:
    return LineTooLongError(f"line is longer than the {limit}-byte limit "
                            f"(raise max_line_bytes if this log is trusted)",
                            limit=limit, path=path, line=line, byte_offset=offset)


def _torn(path: str, line: int | None, offset: int, fragment: bytes, why: str,
          action: str = "") -> TornLineError:
    return TornLineError(
        f"torn final line: the log ends with {len(fragment)} bytes with no newline that do "
        f"not parse ({why}), probably a crash mid-write{action}; run "
        f"`banakil-replay repair {shlex.quote(path)}` to move them to {path + '.torn'!r}",
        fragment_length=len(fragment), path=path, line=line, byte_offset=offset)


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
            raise LogReadError(f"seq {seq} where {self.expected} was expected "
                               f"(seq must count 0, 1, 2, ... with no gaps)", rule=Rule.CONTIGUOUS_SEQ, **where)
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
    if size > max_digits or (b"\\u" in raw and _SURROGATE_ESCAPE_BYTES.search(raw) is not None):
        return None
    if not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
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
    members = _REQUIRED_MEMBERS[cls]
    if colons != members:
        for name, default in _OPTIONAL_FIELDS[cls]:
            if getattr(event, name) != default:
                members += 1
        if colons != members:
            return None
    return event


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
        for lines, terminated in _line_batches(f, name, max_line_bytes):
            for raw in lines:
                lineno += 1
                event = None
                if lineno > 1 and (chain is None or chain.head is None):
                    event = _fast_event(raw, max_depth, max_digits)
                if event is not None and event.seq == expected:
                    expected += 1
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
        raise NotALogError('the file is empty; a game log starts with a "match_started" event', path=name)


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


_NOT_REGULAR: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _open_reading(name: str) -> Any:
    """A regular file opened for unbuffered reading (see :func:`_open_fd`)."""
    return open(_open_fd(name, os.O_RDONLY), "rb", buffering=0)


def _open_fd(name: str, flags: int) -> int:
    """``os.open(name, flags)``, or :class:`NotALogError` if it is not a regular file.

    Every reader and writer of logs opens them here. O_NONBLOCK: opening a
    FIFO would otherwise wait for a writer, forever. It changes nothing for a
    regular file.
    """
    fd = os.open(name, flags | os.O_NONBLOCK | _O_CLOEXEC, 0o666)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((kind for test, kind in _NOT_REGULAR if test(mode)), "not a regular file")
            raise NotALogError(f"this is {kind}; a log is a regular file", path=name)
    except BaseException:
        os.close(fd)
        raise
    return fd


# -------------------------------------------------------------------- writing


def _pread_exact(fd: int, length: int, offset: int) -> bytes:
    parts: list[bytes] = []
    while length > 0:
        chunk = os.pread(fd, length, offset)
        if not chunk:
            break
        parts.append(chunk)
        length -= len(chunk)
        offset += len(chunk)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    # Only for files nobody else appends to (temporary file, .torn). Log lines
    # use a single os.write instead.
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _fsync_dir(directory: str) -> None:
    # A new directory entry is durable only after its directory is fsynced.
    # Some filesystems refuse this, and then there is nothing more we can do.
    with suppress(OSError):
        dfd = os.open(directory or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _O_CLOEXEC)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


@dataclass
class _Tail:
    size: int
    last: Record | None            # last complete event; None for an empty log
    needs_newline: bool = False    # last line is complete but lacks its "\n"
    torn_offset: int | None = None
    torn: bytes | None = None      # the torn fragment, when there is one
    torn_reason: str = ""


def _line_start(fd: int, path: str, end: int, limit: int) -> int:
    """Offset of the line that ends at ``end``. Reads back at most ``limit`` + one chunk."""
    pos = end
    while pos > 0:
        if end - pos > limit:
            raise LineTooLongError(f"last line is longer than the {limit}-byte limit",
                                   limit=limit, path=path, byte_offset=pos)
        step = min(_CHUNK, pos)
        index = os.pread(fd, step, pos - step).rfind(b"\n")
        if index >= 0:
            pos = pos - step + index + 1
            break
        pos -= step
    if end - pos > limit:
        raise LineTooLongError(f"last line is longer than the {limit}-byte limit",
                               limit=limit, path=path, byte_offset=pos)
    return pos


def _inspect_tail(fd: int, path: str, limit: int, max_depth: int) -> _Tail:
    """Find the last complete event, or the torn fragment, by reading backwards."""
    size = os.fstat(fd).st_size
    if size == 0:
        return _Tail(size=0, last=None)
    terminated = _pread_exact(fd, 1, size - 1) == b"\n"
    end = size - 1 if terminated else size
    start = _line_start(fd, path, end, limit)
    raw = _pread_exact(fd, end - start, start)
    try:
        event = _parse_line(raw, max_depth, first=start == 0)
    except _Bad as bad:
        if _is_torn(bad, start, raw, terminated):
            return _Tail(size=size, last=None, torn_offset=start, torn=raw, torn_reason=bad.reason)
        raise _read_error(bad, path, None, start, "last line: ") from None
    return _Tail(size=size, last=event, needs_newline=not terminated)


def _log_major(fd: int, path: str, limit: int, max_depth: int) -> int:
    """Major format version of a non-empty log, read from its first line."""
    buf = b""
    while (newline := buf.find(b"\n")) < 0:
        if len(buf) > limit:
            raise LineTooLongError(f"first line is longer than the {limit}-byte limit",
                                   limit=limit, path=path, line=1, byte_offset=0)
        chunk = os.pread(fd, _CHUNK, len(buf))
        if not chunk:
            newline = len(buf)
            break
        buf += chunk
    try:
        first = _parse_line(buf[:newline], max_depth, first=True)
        if first["seq"] != 0:
            raise _Bad("shape", f"first line has seq {first['seq']}, not 0", seq=first["seq"])
        return _check_first(first)
    except _Bad as bad:
        raise _read_error(bad, path, 1, 0) from None


def _check_keys(value: object) -> None:
    # json.dumps quietly turns 1, True and None keys into strings. That changes
    # the data (and can create duplicate keys), so refuse them. This runs only
    # after json.dumps succeeded, so the structure is finite, and any
    # RecursionError is reported by the caller.
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"object keys must be strings, not {_brief(key)}")
            _check_keys(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_keys(item)


def _dump(obj: Mapping[str, Any]) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def _encode(event: object, *, seq: int, prev: Record | None, chain: bool | None, path: str,
            max_line_bytes: int, max_depth: int) -> tuple[bytes, Record]:
    """The line to write for ``event`` as event number ``seq``, and the event as written."""

    def fail(reason: str) -> LogWriteError:
        return LogWriteError(reason, path=path, seq=seq)

    if is_event(event):
        event = event_to_json(event)  # type: ignore[arg-type]  # is_event: it is one
    if not isinstance(event, Mapping):
        raise fail(f"an event must be a dict or a typed event, not {type(event).__name__}")
    if "seq" in event:
        given = event["seq"]
        if not _is_int(given):
            raise fail(f'"seq" must be an integer, not {_json_kind(given)} {_brief(given)}')
        if given != seq:
            raise fail(f"event has seq {given} but the next seq in the log is {seq}")
    supplied = event.get("chain")
    order: list[Any] = [] if "seq" in event else ["seq"]
    body: dict[Any, Any] = {} if "seq" in event else {"seq": seq}
    for key, value in event.items():
        order.append(key)
        if key != "chain":
            body[key] = value
        if seq == 0 and key == "type" and "format" not in event:
            # A new log states its format, so that later readers know which one it is.
            order.append("format")
            body["format"] = f"{FORMAT_NAME}/{CURRENT_MAJOR}"
    try:
        raw = _dump(body)  # first, so cycles and unserialisable values get json's message
        _check_keys(body)
        # Parse our own output with the reader's rules. We only ever write what
        # we can read back, and the returned event is what a reader will see.
        parsed = _parse_line(raw, max_depth)
    except _Bad as bad:
        raise fail(bad.reason) from None
    except UnicodeEncodeError:
        raise fail("contains a lone surrogate, which UTF-8 cannot encode") from None
    except RecursionError:
        raise fail("nested too deeply to encode") from None
    except (TypeError, ValueError) as exc:
        raise fail(f"not JSON-serialisable: {exc}") from None
    if seq == 0:
        try:
            major = _check_first(parsed)
        except _Bad as bad:
            raise fail(bad.reason) from None
        if major != CURRENT_MAJOR:
            raise fail(f"this writer creates {FORMAT_NAME}/{CURRENT_MAJOR} logs, "
                       f"not {_brief(parsed['format'])}")

    head = prev.get("chain") if prev is not None else None
    if head is not None:
        if chain is False:
            raise fail("the log is chained, so every new event must be too (chain=False refused)")
        chaining = True
    elif chain is None:
        chaining = "chain" in event
    else:
        chaining = chain
        if not chaining and "chain" in event:
            raise fail('event carries a "chain" but chain=False')
    if not chaining:
        line = raw
        written = parsed
    else:
        value = chain_hash(head or "", parsed)
        if "chain" in event and supplied != value:
            raise fail(f'supplied "chain" {_brief(supplied)} does not match the computed '
                       f"{value}")
        written = {key: (value if key == "chain" else parsed[key]) for key in order}
        written.setdefault("chain", value)
        line = _dump(written)
    if len(line) > max_line_bytes:
        raise fail(f"encoded event is {len(line)} bytes, over the {max_line_bytes}-byte "
                   f"line limit readers enforce")
    return line + b"\n", written


def append_events(path: str | os.PathLike[str], events: Iterable[Mapping[str, Any] | Event], *,
                  chain: bool | None = None, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                  max_depth: int = DEFAULT_MAX_DEPTH) -> list[Record]:
    """Append several events under one lock, in one ``os.write``, then one fsync.

    ``seq`` is assigned when it is left out, and checked when it is given.
    ``chain=None`` chains when the log's last event is chained (or the event
    carries a chain). ``True`` always chains. ``False`` never does, and is
    refused on a chained log. All events are validated before any is written,
    and they go out in a single write: if it fails or is short, the log is cut
    back to its size before the call, so the batch is all there or not at all.
    Giving every event its ``seq`` makes the call refuse (writing nothing) when
    another writer appended since those numbers were chosen.
    Returns the events exactly as written.
    """
    batch = list(events)
    name = os.fspath(path)
    # O_APPEND: every write lands at the current end of the file, whatever the offset.
    fd = _open_fd(name, os.O_RDWR | os.O_APPEND)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        tail = _inspect_tail(fd, name, max_line_bytes, max_depth)
        if tail.torn is not None:
            assert tail.torn_offset is not None
            raise _torn(name, None, tail.torn_offset, tail.torn, tail.torn_reason,
                        "; refusing to append after it")
        if tail.last is not None:
            major = _log_major(fd, name, max_line_bytes, max_depth)
            if major != CURRENT_MAJOR:
                raise LogWriteError(f"the log is format major version {major}; this writer only "
                                    f"appends to major version {CURRENT_MAJOR} logs", path=name)
        prev = tail.last
        lines: list[bytes] = []
        written: list[Record] = []
        for event in batch:
            seq = prev["seq"] + 1 if prev is not None else 0
            line, out = _encode(event, seq=seq, prev=prev, chain=chain, path=name,
                                max_line_bytes=max_line_bytes, max_depth=max_depth)
            lines.append(line)
            written.append(out)
            prev = out
        data = b"".join(lines)
        if data and tail.needs_newline:
            # A hand-written last line without its newline is complete (no proper
            # prefix of a JSON object parses). Finish it in the same single write.
            data = b"\n" + data
        _write_batch(fd, name, data, tail.size)
        return written
    finally:
        os.close(fd)  # closing the descriptor releases the flock


def _write_batch(fd: int, name: str, data: bytes, size: int) -> None:
    """Write ``data`` to ``fd`` (opened O_APPEND, flocked) in one ``os.write``, then fsync.

    A failed or short write is cut back to ``size``, the file's size before it.
    """
    try:
        # One write for the whole batch: a crash leaves all of it or none
        # (a partial write is cut back off below), never half a review.
        count = os.write(fd, data) if data else 0
        if count != len(data):
            raise OSError(errno.EIO, f"short write ({count} of {len(data)} bytes; "
                          f"disk full?)", name)
    except BaseException:
        # These bytes were never acknowledged, so removing them loses
        # nothing, and the file stays free of a torn tail.
        with suppress(OSError):
            os.ftruncate(fd, size)
            os.fsync(fd)
        raise
    if data:
        # os.write has no userspace buffer to flush. fsync makes the lines durable.
        os.fsync(fd)


def append_json_lines(path: str | os.PathLike[str], make: Callable[[Any], Iterable[Mapping[str, Any]]], *,
                      max_line_bytes: int = DEFAULT_MAX_LINE_BYTES, max_depth: int = DEFAULT_MAX_DEPTH) -> None:
    """Append JSON objects to a JSON Lines file that is not a log (a notes sidecar), as logs are appended.

    The same mechanism as :func:`append_events`: an exclusive ``flock``, one
    ``os.write`` for the batch (cut back off if it fails), then ``fsync``.
    ``make`` is called under the lock with the file's last value (None for an
    empty file) and returns the objects to write, so numbering that continues
    from the last line cannot go stale. A last line without its newline (a
    torn write) is refused, as is a line the readers would refuse.
    """
    name = os.fspath(path)
    fd = _open_fd(name, os.O_RDWR | os.O_APPEND)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        last: Any = None
        if size:
            if _pread_exact(fd, 1, size - 1) != b"\n":
                raise LogWriteError("the last line has no newline (a torn write?); refusing to append after it",
                                    path=name)
            start = _line_start(fd, name, size - 1, max_line_bytes)
            try:
                last = _decode_line(_pread_exact(fd, size - 1 - start, start), max_depth)
            except _Bad as bad:
                raise _read_error(bad, name, None, start, "last line: ") from None
        lines = []
        for value in make(last):
            try:
                line = _dump(value)
                _check_keys(value)
                _decode_line(line, max_depth)
            except (_Bad, TypeError, ValueError, RecursionError) as e:
                raise LogWriteError(f"cannot write {_brief(value)}: {getattr(e, 'reason', e)}", path=name) from None
            if len(line) > max_line_bytes:
                raise LogWriteError(f"a line of {len(line)} bytes is over the {max_line_bytes}-byte limit", path=name)
            lines.append(line + b"\n")
        _write_batch(fd, name, b"".join(lines), size)
    finally:
        os.close(fd)  # closing the descriptor releases the flock


def append_event(path: str | os.PathLike[str], event: Mapping[str, Any] | Event, *,
                 chain: bool | None = None, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                 max_depth: int = DEFAULT_MAX_DEPTH) -> Record:
    """Append one event (see :func:`append_events`). Returns the event as written."""
    return append_events(path, [event], chain=chain, max_line_bytes=max_line_bytes,
                         max_depth=max_depth)[0]


def create_log(path: str | os.PathLike[str], first_event: Mapping[str, Any] | Event, *,
               chain: bool | None = None, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
               max_depth: int = DEFAULT_MAX_DEPTH) -> Record:
    """Create a new log holding ``first_event`` (seq 0, type ``match_started``).

    ``format`` is filled in when it is missing. Raises :class:`FileExistsError`
    if ``path`` exists, and never overwrites. ``chain=True`` starts a chained log.
    Returns the event as written.
    """
    name = os.fspath(path)
    line, written = _encode(first_event, seq=0, prev=None, chain=chain, path=name,
                            max_line_bytes=max_line_bytes, max_depth=max_depth)
    create_file(name, line)
    return written


def create_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Create ``path`` holding ``data``, so that nobody ever sees it partly written.

    Raises :class:`FileExistsError` if ``path`` exists, and never overwrites.
    ``data`` goes to a temporary file that is fsynced and then hard-linked into
    place. Where hard links are not supported, the file is created with
    O_EXCL and written under the same exclusive ``flock`` that appends take.
    Used for new logs and for new notes sidecars.
    """
    name = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(name))
    temp = os.path.join(directory, f".{os.path.basename(name)}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_CLOEXEC, 0o666)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            # link() fails if the name exists. The file appears with all its
            # bytes already in it, and is never overwritten.
            os.link(temp, name)
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, "refusing to overwrite an existing file",
                                  name) from None
        except OSError:
            # No hard links here (some network or FUSE filesystems). O_EXCL still
            # never overwrites; readers that take the shared lock wait for the bytes.
            _create_exclusive(name, data)
    finally:
        with suppress(FileNotFoundError):
            os.unlink(temp)
    _fsync_dir(directory)


def _create_exclusive(name: str, data: bytes) -> None:
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_CLOEXEC, 0o666)
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, "refusing to overwrite an existing file",
                              name) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


# --------------------------------------------------------------------- repair


@dataclass(frozen=True)
class RepairReport:
    """What :func:`repair` did. ``torn_offset`` is None when nothing needed doing."""

    path: str
    torn_offset: int | None
    bytes_moved: int
    torn_path: str | None

    @property
    def repaired(self) -> bool:
        return self.torn_offset is not None


def repair(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
           max_depth: int = DEFAULT_MAX_DEPTH) -> RepairReport:
    """Move a torn final line into ``path + ".torn"`` and cut the log back to its last full line.

    The fragment is appended to the ``.torn`` file, followed by a newline so
    that several repairs stay apart. That file is fsynced before the log is
    truncated, so a crash at any point loses nothing. A healthy log is left
    alone. Only the tail is examined, so corruption elsewhere still needs
    :func:`read_events` and a human.

    At most the last, incomplete line is ever moved, and only when it is torn
    in the sense of :class:`TornLineError`. Anything else at the end raises
    :class:`LogReadError` and nothing is touched: a final line that parses but
    is invalid, a file that is one unparsable line, a file whose lines end in
    CR alone (which would otherwise look like one long torn line).
    """
    name = os.fspath(path)
    fd = _open_fd(name, os.O_RDWR)
    try:
        # Same lock as appenders: an append in flight is never mistaken for a torn line.
        fcntl.flock(fd, fcntl.LOCK_EX)
        tail = _inspect_tail(fd, name, max_line_bytes, max_depth)
        if tail.torn is None or tail.torn_offset is None:
            return RepairReport(path=name, torn_offset=None, bytes_moved=0, torn_path=None)
        torn_path = name + ".torn"
        existed = os.path.exists(torn_path)
        afd = _open_fd(torn_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            _write_all(afd, tail.torn + b"\n")
            os.fsync(afd)
        finally:
            os.close(afd)
        if not existed:
            _fsync_dir(os.path.dirname(os.path.abspath(torn_path)))
        # Only now that the bytes are safely aside is the log truncated.
        os.ftruncate(fd, tail.torn_offset)
        os.fsync(fd)
        return RepairReport(path=name, torn_offset=tail.torn_offset,
                            bytes_moved=len(tail.torn), torn_path=torn_path)
    finally:
        os.close(fd)
