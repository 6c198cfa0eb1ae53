"""One way to load a game: read a log file and replay it, with one error behaviour.

Every edge that opens a game by its file name (the command line, the bulk
replay, the notes sidecars, the notebook frames and widgets) calls
:func:`load_replay`, so a missing file, an empty file or a broken log reads
the same everywhere:

* the file cannot be opened or read (missing, a folder, no permission):
  :class:`UnreadableLogError`, a :class:`~banakil_replay.errors.MalformedInputError`
  naming the file;
* the file is empty or is not a log at all: :class:`~banakil_replay.log.store.NotALogError`
  (from :func:`~banakil_replay.log.store.read_log`);
* a bad line, or an event the rules refuse: the reader's
  :class:`~banakil_replay.log.store.LogReadError` or the reducer's
  :class:`~banakil_replay.reducer.ReplayError`, naming the line or the seq.

File names are shown through :func:`utf8_text`, so a name that is not valid
UTF-8 can still be printed and stored.

>>> load_replay("no/such/game.jsonl")
Traceback (most recent call last):
...
banakil_replay.log.load.UnreadableLogError: cannot read no/such/game.jsonl: No such file or directory
"""

from __future__ import annotations

import errno
import os

from typing import Any, Mapping

from ..errors import MalformedInputError
from ..i18n import N_, _, current_language
from ..reducer import Replay
from .store import create_log
from .stream import replay_log

__all__ = ["load_replay", "start_log", "UnreadableLogError", "utf8_text", "os_reason"]

# The system's reasons a file could not be opened that a user meets most, in the reader's words (the C
# library says them in English whatever the language asked for)
_OS_REASONS = {errno.ENOENT: N_("No such file or directory"), errno.EACCES: N_("Permission denied"),
               errno.EISDIR: N_("Is a directory"), errno.ENOTDIR: N_("Not a directory"),
               errno.EEXIST: N_("File exists"), errno.ENOSPC: N_("No space left on device"),
               errno.EROFS: N_("Read-only file system")}


def os_reason(error: OSError) -> str:
    """Why the system refused, as ``strerror`` says it, or in the reader's language when we have its words."""
    said = error.strerror or str(error)
    if current_language() != "en" and error.errno in _OS_REASONS:
        return _(_OS_REASONS[error.errno])
    return said


class UnreadableLogError(MalformedInputError):
    """A log file the system would not let us read; ``path`` names it."""

    def __init__(self, path: str | os.PathLike[str], error: OSError) -> None:
        super().__init__(_("cannot read {file}: {why}").format(file=utf8_text(os.fspath(path)),
                                                               why=os_reason(error)))
        self.path = os.fspath(path)


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """The game in the log at ``path``, replayed event by event (see the module docstring for errors)."""
    try:
        return replay_log(path)  # read and folded together: the first error is the one a reader meets
    except OSError as e:
        raise UnreadableLogError(path, e) from None


def start_log(path: str | os.PathLike[str], first: Mapping[str, Any], *, exists: str,
              error: type[MalformedInputError] = MalformedInputError) -> None:
    """Create a new log at ``path`` holding ``first`` (never overwriting), its failures said as ``error``:
    ``exists``, a whole sentence with a ``{file}`` field, when the file is there, or why it could not be created."""
    name = utf8_text(os.fspath(path))
    try:
        create_log(path, first)
    except FileExistsError:
        raise error(exists.format(file=name)) from None
    except OSError as e:
        raise error(_("cannot create {file}: {why}").format(file=name, why=os_reason(e))) from None


def utf8_text(text: str) -> str:
    """``text`` as a string UTF-8 can hold, for printing and for tables.

    A file name that is not valid UTF-8 reaches Python with its bad bytes as
    lone surrogates (PEP 383); they are shown as ``\\xNN``, any other lone
    surrogate as ``\\udNNN``. Valid text is returned unchanged.

    >>> utf8_text("b\\udcff.jsonl")
    'b\\\\xff.jsonl'
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that is not an escaped byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
