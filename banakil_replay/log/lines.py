"""One line of a log or sidecar: the errors a reader raises, how a file is opened and cut into
lines, and the rules each line is decoded and checked with (see :mod:`.store` for the format)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shlex
import stat
from contextlib import suppress
from typing import Any, Callable, ClassVar, Iterator, Mapping

from ..errors import MalformedInputError
from ..events import CHAIN_PATTERN, FORMAT_LATEST, FORMAT_NAME, FormatError, json_kind
from ..events import format_major as format_major  # one reader of a format's major version, for the log too
from ..i18n import N_, _, pgettext
from ..rulebook import Rule


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


def place_words(line: int | None = None, byte_offset: int | None = None, seq: int | None = None) -> str:
    """Where in a file, in the reader's words: ``line 3, byte 40, seq 2`` (what is not known is left out)."""
    parts = [template.format(value=value) for template, value in
             ((_("line {value}"), line), (_("byte {value}"), byte_offset), (_("seq {value}"), seq))
             if value is not None]
    return pgettext("list separator", ", ").join(parts)


def _where(path: str | None, line: int | None, byte_offset: int | None, seq: int | None) -> str:
    place = place_words(line, byte_offset, seq)
    head = path if path is not None else "<events>"
    return _("{file} ({place})").format(file=head, place=place) if place else head


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
        super().__init__(_("{where}: {reason}").format(where=_where(path, line, byte_offset, seq), reason=reason))
        self.reason = reason
        self.path = path
        self.line = line
        self.byte_offset = byte_offset
        self.seq = seq
        self.rule = rule or self.default_rule

    @property
    def place(self) -> str:
        return place_words(self.line, self.byte_offset)


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
        super().__init__(_("{where}: {reason}").format(where=_where(path, None, None, seq), reason=reason))
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
                last_line: bool = False) -> LogReadError:
    """The error for a line at ``offset`` that failed with ``bad`` (not a torn tail); ``last_line``: it was
    found reading the log backwards, so its line number is not known, only that it is the last."""
    reason = _("last line: {reason}").format(reason=bad.reason) if last_line else bad.reason
    if bad.kind == "not_log":
        return NotALogError(reason, path=path, line=line, byte_offset=offset + bad.offset,
                            seq=bad.seq, rule=bad.rule)
    return LogReadError(reason, path=path, line=line, byte_offset=offset + bad.offset,
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
        for key, _value in pairs:
            if key in seen:
                raise ValueError(_("duplicate key {key}").format(key=_brief(key)))
            seen.add(key)
    return obj


def _reject_constant(name: str) -> Any:
    raise ValueError(_("{name} is not valid JSON").format(name=name))


# What Python's json parser says of a line it cannot read (its words, English whatever the language),
# in the reader's words when we have them. Two of its messages end in "at" and lean on a position it
# appends; ours give the position apart (line and byte), so those two are said as whole phrases.
_JSON_REASONS = {msg: msg for msg in (
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Extra data"), N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"), N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"))}
_JSON_REASONS.update({"Unterminated string starting at": N_("a string that is never closed"),
                      "Invalid control character at": N_("a control character inside a string")})


def json_reason(msg: str) -> str:
    """``json.JSONDecodeError.msg`` in the reader's language, when it is one of the messages we know.

    >>> json_reason("Unterminated string starting at")
    'a string that is never closed'
    """
    said = _JSON_REASONS.get(msg)
    return _(said) if said is not None else msg


def _decode_line(raw: bytes, max_depth: int) -> Any:
    """Decode one line (without its newline) as JSON, or raise :class:`_Bad`.

    The rules every JSON Lines file of this package is read with (logs and
    notes sidecars): UTF-8, bounded nesting, no duplicate keys, no NaN or
    Infinity, no lone surrogates.
    """
    if not raw or raw.isspace():
        raise _Bad("json", _("a blank line: every line holds one event (line L holds seq L-1), so a log "
                             "has no blank lines, not even at its end"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Bad("utf8", _("not valid UTF-8 (byte {byte} at line position {position})").format(
            byte=repr(raw[exc.start:exc.start + 1]), position=exc.start), exc.start) from None
    if text.startswith("\ufeff"):
        raise _Bad("json", _("the line starts with a byte order mark (bytes EF BB BF): a log is UTF-8 "
                             "text without one"))
    deep_at = _too_deep(text, max_depth)
    if deep_at is not None:
        raise _Bad("depth", _("JSON nested more than {depth} levels deep").format(depth=max_depth),
                   _byte_index(text, deep_at))
    try:
        value = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        said = _("invalid JSON: {why}")
        if b"\r" in raw.rstrip(b"\r"):
            # JSON allows a CR between tokens, so only a line that fails to parse gets this hint.
            said = _("invalid JSON: {why}; the file seems to end its lines with a carriage return alone, "
                     "but a log ends every line with \\n")
        raise _Bad("json", said.format(why=json_reason(exc.msg)), _byte_index(text, exc.pos)) from None
    except RecursionError:
        # The depth scan should have caught this. This is a backstop against a crash.
        raise _Bad("depth", _("JSON nested too deeply")) from None
    except ValueError as exc:  # duplicate keys, NaN/Infinity, integers beyond the digit limit
        raise _Bad("json", _("invalid JSON: {why}").format(why=_brief(str(exc), 120))) from None
    if _SURROGATE_ESCAPE_RE.search(text) is not None:
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise _Bad("text", _("a \\u escape leaves a lone surrogate, which is not text "
                                 "(UTF-8 cannot hold it)")) from None
    return value


def _first_line_is_log(value: Any) -> None:
    """Raise :class:`_Bad` ("not_log") unless the first line looks like the start of a game log."""
    if not isinstance(value, dict):
        raise _Bad("not_log", _("not a {format} log: its first line is {kind}, not a JSON object").format(
            format=FORMAT_NAME, kind=_json_kind(value)), rule=Rule.LOG_STARTS)
    if "type" not in value:
        raise _Bad("not_log", _('not a {format} log: its first line has no "type"').format(format=FORMAT_NAME),
                   rule=Rule.LOG_STARTS)


def _parse_line(raw: bytes, max_depth: int, first: bool = False) -> Record:
    """Parse one line (without its newline) into an event, or raise :class:`_Bad`.

    ``first``: this is line 1, so a line that is not a JSON object with a
    "type" means the file is not a log at all.
    """
    try:
        value = _decode_line(raw, max_depth)
    except _Bad as bad:
        if first and bad.kind in _UNPARSABLE:
            raise _Bad("not_log", _("not a {format} log: {reason}").format(format=FORMAT_NAME, reason=bad.reason),
                       bad.offset, rule=bad.rule) from None
        raise
    if first:
        _first_line_is_log(value)
    if not isinstance(value, dict):
        raise _Bad("shape", _("an event must be a JSON object, not {kind}").format(kind=_json_kind(value)))
    seq = value.get("seq")
    known_seq = seq if _is_int(seq) else None
    if "seq" not in value:
        raise _Bad("shape", _('missing "seq"'), rule=Rule.EVENT_FIELDS)
    if known_seq is None:
        raise _Bad("shape", _('"seq" must be an integer, not {kind} {value}').format(kind=_json_kind(seq),
                                                                                  value=_brief(seq)),
                   rule=Rule.EVENT_FIELDS)
    if "type" not in value:
        raise _Bad("shape", _('missing "type"'), seq=known_seq, rule=Rule.EVENT_TYPES)
    kind = value["type"]
    if not isinstance(kind, str) or not kind:
        raise _Bad("shape", _('"type" must be a non-empty string, not {kind} {value}').format(
            kind=_json_kind(kind), value=_brief(kind)), seq=known_seq, rule=Rule.EVENT_TYPES)
    return value


def _format_major(value: object) -> int:
    try:
        return format_major(value)
    except FormatError as e:
        raise _Bad("shape", e.reason, seq=0, rule=Rule.FORMAT_VERSION) from None


def _check_first(event: Mapping[str, Any]) -> int:
    """Check the things only event 0 must satisfy. Returns its major version, readable or not."""
    if event["type"] != "match_started":
        raise _Bad("shape", _('the first event must have type "match_started", not {type}').format(
            type=_brief(event["type"])), seq=0, rule=Rule.LOG_STARTS)
    if "format" not in event:
        raise _Bad("shape", _('the first event has no "format" (expected {format})').format(
            format=repr(FORMAT_LATEST)), seq=0, rule=Rule.FORMAT_VERSION)
    return _format_major(event["format"])


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
    return LineTooLongError(_("line is longer than the {limit}-byte limit "
                              "(raise max_line_bytes if this log is trusted)").format(limit=limit),
                            limit=limit, path=path, line=line, byte_offset=offset)


def _torn(path: str, line: int | None, offset: int, fragment: bytes, why: str,
          refusing: bool = False) -> TornLineError:
    said = _("torn final line: the log ends with {size} bytes with no newline that do not parse ({why}), "
             "probably a crash mid-write; run {command} to move them to {torn}")
    if refusing:  # a writer found it
        said = _("torn final line: the log ends with {size} bytes with no newline that do not parse ({why}), "
                 "probably a crash mid-write; refusing to append after it; run {command} to move them to {torn}")
    return TornLineError(
        said.format(size=len(fragment), why=why, command=f"`banakil-replay repair {shlex.quote(path)}`",
                    torn=repr(path + ".torn")),
        fragment_length=len(fragment), path=path, line=line, byte_offset=offset)


_NOT_REGULAR: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, N_("this is a directory; a log is a regular file")),
    (stat.S_ISFIFO, N_("this is a FIFO (named pipe); a log is a regular file")),
    (stat.S_ISCHR, N_("this is a device; a log is a regular file")),
    (stat.S_ISBLK, N_("this is a device; a log is a regular file")),
    (stat.S_ISSOCK, N_("this is a socket; a log is a regular file")))


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
            said = next((said for test, said in _NOT_REGULAR if test(mode)),
                        N_("this is not a regular file; a log is a regular file"))
            raise NotALogError(_(said), path=name)
    except BaseException:
        os.close(fd)
        raise
    return fd

