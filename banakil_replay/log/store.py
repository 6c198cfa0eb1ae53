"""The game log: read, append, verify and repair Banakil event logs.

This module is the one place to import them from. The code lives beside it, a module per job:
:mod:`.lines` (the errors, and how one line is cut from a file and checked), :mod:`.reading`,
:mod:`.appending` (and creating), :mod:`.repairing` and :mod:`.chains` (tamper evidence).

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

from ..events import FORMAT, FORMAT_NAME
from ..events import FORMAT_MAJOR as CURRENT_MAJOR  # one definition, shared with the event types
from .appending import append_event, append_events, append_json_lines, create_file, create_log, replace_file
from .chains import canonical_json, chain_hash, verify_chain
from .lines import (
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, ChainError, EventDecodeError, LineTooLongError, LogReadError,
    LogWriteError, NotALogError, Record, TornLineError, UnsupportedFormatError, format_major,
)
from .reading import chain_heads, iter_events, iter_json_lines, iter_log, read_events, read_log
from .repairing import RepairReport, repair

__all__ = [
    "FORMAT_NAME", "CURRENT_MAJOR", "FORMAT", "DEFAULT_MAX_LINE_BYTES", "DEFAULT_MAX_DEPTH", "Record",
    "LogReadError", "NotALogError", "TornLineError", "LineTooLongError", "UnsupportedFormatError",
    "ChainError", "EventDecodeError", "LogWriteError", "RepairReport",
    "iter_log", "read_log", "iter_events", "read_events", "iter_json_lines", "format_major",
    "create_log", "create_file", "replace_file", "append_event", "append_events", "append_json_lines", "repair",
    "verify_chain", "chain_heads", "chain_hash", "canonical_json",
]
