"""Reading what a user hands a command: a file, standard input or one JSON text, always bounded.

A command that reads a hand, a progress file or a move must neither hang nor hold an
unbounded amount in memory, whatever it is given: a FIFO with no writer, ``/dev/zero``, a
sparse file of gigabytes, an endless pipe, JSON nested a thousand deep or an integer of
thousands of digits. So every such read goes through here:

* :func:`read_file` refuses anything but a regular file before reading from it (a FIFO is
  opened without blocking, so it is refused rather than waited on), refuses a file larger
  than the cap by its size, and still reads at most the cap plus one byte;
* :func:`read_stream` reads standard input up to the cap and refuses more;
* :func:`parse_json` refuses nesting deeper than the log reader allows, integers longer
  than the interpreter converts, NaN and Infinity, duplicate keys and lone surrogates, each
  with a sentence that names the input; never a traceback.

Each refusal is a :class:`~banakil_replay.errors.MalformedInputError` that names the cap hit.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from typing import Any, BinaryIO

from ..errors import MalformedInputError
from ..i18n import N_, _
from .lines import DEFAULT_MAX_DEPTH, _object_pairs, _too_deep, json_reason

__all__ = ["MAX_JSON_BYTES", "MAX_LINE_BYTES", "EndlessLineError", "read_file", "read_stream", "read_line", "parse_json"]

#: A hand, a progress file or a move is a few kilobytes; a mebibyte is far above any of them.
MAX_JSON_BYTES = 1 << 20
#: One answer or command a line.
MAX_LINE_BYTES = 1 << 16

_KINDS = ((stat.S_ISDIR, N_("{file} is a directory, not a regular file; give a file, or - for standard input "
                            "where the command takes it")),
          (stat.S_ISFIFO, N_("{file} is a FIFO (named pipe), not a regular file; give a file, or - for standard "
                             "input where the command takes it")),
          (stat.S_ISCHR, N_("{file} is a device, not a regular file; give a file, or - for standard input where "
                            "the command takes it")),
          (stat.S_ISBLK, N_("{file} is a device, not a regular file; give a file, or - for standard input where "
                            "the command takes it")),
          (stat.S_ISSOCK, N_("{file} is a socket, not a regular file; give a file, or - for standard input where "
                             "the command takes it")))


def _not_regular(mode: int, name: str) -> str:
    said = next((said for test, said in _KINDS if test(mode)),
                N_("{file} is not a regular file, not a regular file; give a file, or - for standard input where "
                   "the command takes it"))
    return _(said).format(file=name)


def _name(path: str | os.PathLike[str]) -> str:
    from .load import utf8_text

    return utf8_text(os.fspath(path))


def _too_big(where: str, cap: int) -> MalformedInputError:
    return MalformedInputError(_("{where} is larger than the {cap}-byte cap for this input; nothing was read "
                                 "past the cap").format(where=where, cap=f"{cap:,}"))


def read_file(path: str | os.PathLike[str], cap: int = MAX_JSON_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them; OSError is left to the caller."""
    name = _name(path)
    # O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever, before fstat could refuse it
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise MalformedInputError(_not_regular(st.st_mode, name))
        if st.st_size > cap:  # a sparse file of gigabytes is refused by its size, without a read
            raise _too_big(name, cap)
        with os.fdopen(os.dup(fd), "rb", buffering=0) as f:
            return _capped(f, name, cap)
    finally:
        os.close(fd)


def read_stream(stream: Any, cap: int = MAX_JSON_BYTES, where: str | None = None) -> bytes:
    """Everything on ``stream`` (bytes underneath a text stream when it has them), at most ``cap`` bytes."""
    where = _("standard input") if where is None else where
    raw: BinaryIO | None = getattr(stream, "buffer", None)
    if raw is not None:
        return _capped(raw, where, cap)
    text = stream.read(cap + 1)
    data: bytes = text.encode("utf-8", "surrogatepass")
    if len(text) > cap or len(data) > cap:
        raise _too_big(where, cap)
    return data


def _capped(f: Any, where: str, cap: int) -> bytes:
    parts, size = [], 0
    while size <= cap:
        chunk = f.read(cap + 1 - size)
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    if size > cap:
        raise _too_big(where, cap)
    return b"".join(parts)


#: How much of one over-long line is read and dropped before the input counts as endless (/dev/zero).
MAX_SKIP_BYTES = 1 << 24


class EndlessLineError(MalformedInputError):
    """A line that ran past :data:`MAX_SKIP_BYTES` without ending: the input is treated as ended."""


def read_line(stream: Any, cap: int = MAX_LINE_BYTES) -> str | None:
    """One line of ``stream`` without its end, None at the end of input.

    A line longer than ``cap`` is refused (:class:`MalformedInputError`) and skipped whole, its bytes
    read and dropped in pieces of ``cap``, never held; one that runs past :data:`MAX_SKIP_BYTES`
    without ending raises :class:`EndlessLineError`, and the caller stops reading.
    """
    raw: BinaryIO | None = getattr(stream, "buffer", None)

    def piece() -> bytes:
        if raw is not None:
            return raw.readline(cap + 1)
        text: str = stream.readline(cap + 1)
        return text.encode("utf-8", "surrogatepass")

    data = piece()
    if not data:
        return None
    if len(data) > cap and not data.endswith(b"\n"):
        skipped = len(data)
        while data and not data.endswith(b"\n"):
            if skipped > MAX_SKIP_BYTES:
                raise EndlessLineError(_("a line ran past {limit} bytes without ending; the input is read no "
                                         "further").format(limit=f"{MAX_SKIP_BYTES:,}"))
            data = piece()
            skipped += len(data)
        raise MalformedInputError(_("a line longer than the {cap}-byte cap for one line; it was skipped").format(
            cap=f"{cap:,}"))
    return data.decode("utf-8", "replace").rstrip("\r\n")


def decode_text(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text, or a refusal saying where the first bad byte is."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise MalformedInputError(_("{where} is not UTF-8 text (byte {byte})").format(where=where,
                                                                                    byte=e.start)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number JSON allows").format(name=name))


def parse_json(text: str, where: str, max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """The JSON value in ``text``, or a :class:`MalformedInputError` that starts with ``where``."""
    deep_at = _too_deep(text, max_depth)
    if deep_at is not None:
        raise MalformedInputError(_("{where} nests JSON more than {depth} levels deep (the cap), at character "
                                    "{position}").format(where=where, depth=max_depth, position=deep_at))
    try:
        value = json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise MalformedInputError(_("{where} is not valid JSON: {why} (line {line}, column {column})").format(
            where=where, why=json_reason(e.msg), line=e.lineno, column=e.colno)) from None
    except RecursionError:  # the depth scan comes first; this is a backstop against a crash
        raise MalformedInputError(_("{where} nests JSON too deeply").format(where=where)) from None
    except ValueError as e:  # an integer past the interpreter's digit cap, a duplicate key, NaN
        reason = str(e)
        if "integer string conversion" in reason:
            limit = sys.get_int_max_str_digits()
            reason = _("a number has more than {limit} digits (the cap)").format(limit=f"{limit:,}")
        raise MalformedInputError(_("{where} is not valid JSON: {why}").format(where=where, why=reason[:200])) from None
    if "\\u" in text:  # only an escape can put a lone surrogate into parsed JSON
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise MalformedInputError(_("{where}: a \\u escape leaves a lone surrogate, which is not text").format(
                where=where)) from None
    return value
