"""Writing: new logs and sidecars made whole, and appends under an exclusive lock in one write,
then fsync (see :mod:`.store`, "Guarantees")."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import secrets
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from ..events import FORMAT_NAME, Event, event_to_json, is_event
from ..events import FORMAT_MAJOR as CURRENT_MAJOR  # one definition, shared with the event types
from ..i18n import _
from .chains import chain_hash
from .lines import (
    _CHUNK, _O_CLOEXEC, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, LineTooLongError, LogWriteError, Record, _Bad,
    _brief, _check_first, _decode_line, _is_int, _is_torn, _json_kind, _open_fd, _parse_line, _read_error, _torn,
)

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
            raise LineTooLongError(_("last line is longer than the {limit}-byte limit").format(limit=limit),
                                   limit=limit, path=path, byte_offset=pos)
        step = min(_CHUNK, pos)
        index = os.pread(fd, step, pos - step).rfind(b"\n")
        if index >= 0:
            pos = pos - step + index + 1
            break
        pos -= step
    if end - pos > limit:
        raise LineTooLongError(_("last line is longer than the {limit}-byte limit").format(limit=limit),
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
        raise _read_error(bad, path, None, start, last_line=True) from None
    return _Tail(size=size, last=event, needs_newline=not terminated)


def _log_major(fd: int, path: str, limit: int, max_depth: int) -> int:
    """Major format version of a non-empty log, read from its first line."""
    buf = b""
    while (newline := buf.find(b"\n")) < 0:
        if len(buf) > limit:
            raise LineTooLongError(_("first line is longer than the {limit}-byte limit").format(limit=limit),
                                   limit=limit, path=path, line=1, byte_offset=0)
        chunk = os.pread(fd, _CHUNK, len(buf))
        if not chunk:
            newline = len(buf)
            break
        buf += chunk
    try:
        first = _parse_line(buf[:newline], max_depth, first=True)
        if first["seq"] != 0:
            raise _Bad("shape", _("first line has seq {seq}, not 0").format(seq=first["seq"]), seq=first["seq"])
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
            raise _torn(name, None, tail.torn_offset, tail.torn, tail.torn_reason, refusing=True)
        if tail.last is not None:
            major = _log_major(fd, name, max_line_bytes, max_depth)
            if major != CURRENT_MAJOR:
                raise LogWriteError(_("the log is format major version {major}; this writer only appends to major "
                                      "version {current} logs").format(major=major, current=CURRENT_MAJOR), path=name)
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
                raise LogWriteError(_("the last line has no newline (a torn write?); refusing to append after it"),
                                    path=name)
            start = _line_start(fd, name, size - 1, max_line_bytes)
            try:
                last = _decode_line(_pread_exact(fd, size - 1 - start, start), max_depth)
            except _Bad as bad:
                raise _read_error(bad, name, None, start, last_line=True) from None
        lines = []
        for value in make(last):
            try:
                line = _dump(value)
                _check_keys(value)
                _decode_line(line, max_depth)
            except (_Bad, TypeError, ValueError, RecursionError) as e:
                raise LogWriteError(_("cannot write {value}: {why}").format(value=_brief(value),
                                                                          why=getattr(e, "reason", e)),
                                    path=name) from None
            if len(line) > max_line_bytes:
                raise LogWriteError(_("a line of {size} bytes is over the {limit}-byte limit").format(
                    size=len(line), limit=max_line_bytes), path=name)
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


def replace_file(path: str | os.PathLike[str], write: Callable[[str], object]) -> None:
    """Put a new file at ``path``, replacing any there, so that nobody ever sees it partly written.

    ``write`` writes the whole file to the temporary path it is given, beside ``path``;
    that file is fsynced and renamed over ``path``, then the directory is fsynced. If
    anything fails, the temporary file is removed and the error raised: what was at
    ``path`` is untouched. For files rewritten whole (tables, saved progress); a log is
    only ever created (:func:`create_file`) or appended to.
    """
    name = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(name))
    temp = os.path.join(directory, f".{os.path.basename(name)}.{secrets.token_hex(8)}.tmp")
    try:
        write(temp)
        fd = os.open(temp, os.O_RDONLY | _O_CLOEXEC)
        try:
            os.fsync(fd)  # the bytes reach the disk before the name points at them
        finally:
            os.close(fd)
        os.replace(temp, name)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
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


