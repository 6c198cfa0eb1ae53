"""Repair: a torn final line moved aside into ``<log>.torn``, nothing else touched."""

from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass

from .appending import _fsync_dir, _inspect_tail, _write_all
from .lines import DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, _open_fd

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
