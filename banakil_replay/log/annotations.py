"""Annotations: notes in the game log itself, or in a sidecar file keyed by the log's hash.

Two places a note can live:

* **in the log** (the default): an ``annotated`` event appended with
  :func:`banakil_replay.log.store.append_event`; nothing already written changes;
* **in a sidecar** ``<game>.notes.jsonl`` next to a log that must stay
  untouched (a golden game, a log owned by an app). The sidecar's first line
  names the SHA-256 of the game log's bytes; a sidecar is refused when the log
  no longer has that hash, because its ``at`` numbers would point at the wrong
  events.

The sidecar is read with the log reader's own line decoder
(:func:`banakil_replay.log.store.iter_json_lines`): the same limits on line length
and nesting, no duplicate keys, no lone surrogates. A new sidecar appears whole
(:func:`banakil_replay.log.store.create_file`), so kernels attaching at once all
find its header.

Notes export to CSV (and back, exactly) and to Markdown (for reading only).
The CSV guards against spreadsheet formula injection reversibly: a field that
starts with ``= + - @``, a tab, a carriage return or ``'`` gets one ``'`` in
front on export, and loses it on import. A CSV file is written with a UTF-8
byte-order mark, which spreadsheet programs need to read Arabic (or any
non-Latin) text as UTF-8; the import accepts a file with or without one.

No ipywidgets here: the widgets call this module, and the tests drive it directly.

>>> notes = [Note(4, '=SUM(A1) "quoted", two\\nlines', "Bilal")]
>>> notes_from_csv(notes_to_csv(notes)) == notes
True
"""

from __future__ import annotations

import csv
import errno
import hashlib
import html
import io
import json
import os
import re
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import MalformedInputError
from ..events import MAX_ANNOTATION, MAX_NAME, Annotated, parse_event
from ..i18n import _
from .load import load_replay
from .store import append_event, append_json_lines, create_file, iter_json_lines

__all__ = [
    "Note", "SidecarMismatchError", "Sidecar", "AnnotatedGame", "NOTES_FORMAT", "game_hash", "sidecar_path",
    "inline_notes", "append_note", "notes_to_csv", "notes_from_csv", "notes_to_markdown",
    "export_notes", "import_notes",
]

NOTES_FORMAT = "banakil-notes/1"
CSV_COLUMNS = ("at", "author", "text")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")
_DIGITS = re.compile(r"^[0-9]{1,9}$")
_BOM = "\ufeff"


class SidecarMismatchError(MalformedInputError):
    """A sidecar written for another version of the game log (its hash differs)."""


@dataclass(frozen=True, slots=True)
class Note:
    """One note on a game: the event it refers to, its text and its author."""

    at: int
    text: str
    author: str = ""

    def checked(self, events: int | None = None) -> "Note":
        """This note, or :class:`MalformedInputError` saying which field is wrong.

        The limits are the log's own (``events.MAX_ANNOTATION``, ``MAX_NAME``),
        so a note that fits a sidecar also fits the log. ``events`` is the
        number of events in the game: ``at`` must name one of them.
        """
        if isinstance(self.at, bool) or not isinstance(self.at, int) or self.at < 0:
            raise MalformedInputError(_("a note's 'at' must be an event number (0 or more), got {at}").format(
                at=repr(self.at)))
        if events is not None and self.at >= events:
            raise MalformedInputError(_("a note's 'at' is {at}, but the game has events 0..{last}").format(
                at=self.at, last=events - 1))
        if not isinstance(self.text, str):
            raise MalformedInputError(_("a note's text must be a string, got {kind}").format(
                kind=type(self.text).__name__))
        if len(self.text) > MAX_ANNOTATION:
            raise MalformedInputError(_("a note is {length} characters long; the limit is {limit}").format(
                length=len(self.text), limit=MAX_ANNOTATION))
        if not isinstance(self.author, str) or len(self.author) > MAX_NAME:
            raise MalformedInputError(_("a note's author must be a string of at most {limit} characters").format(
                limit=MAX_NAME))
        try:
            self.text.encode("utf-8")
            self.author.encode("utf-8")
        except UnicodeEncodeError:
            raise MalformedInputError(_("a note contains a lone surrogate, which UTF-8 cannot store")) from None
        return self


def game_hash(path: str | os.PathLike[str]) -> str:
    """SHA-256 (hex) of a game log's bytes: the key a sidecar is tied to."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def sidecar_path(game: str | os.PathLike[str]) -> Path:
    """``games/x.jsonl`` -> ``games/x.notes.jsonl``."""
    p = Path(game)
    stem = p.name[:-len(".jsonl")] if p.name.endswith(".jsonl") else p.name
    return p.with_name(stem + ".notes.jsonl")


def _count_events(game: Path) -> int:
    """Replay the game (a sidecar is only for a log that replays) and count its events."""
    return len(load_replay(game))


def _dump(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


class Sidecar:
    """The notes file of one game log, tied to the log's exact bytes by their SHA-256.

    Use :meth:`attach`; lines are appended by the log store's own appender
    (:func:`~banakil_replay.log.store.append_json_lines`: one locked write, then
    an fsync), so two kernels annotating at once never tear or interleave a line.
    """

    def __init__(self, path: Path, game: Path, game_sha256: str, events: int) -> None:
        self.path, self.game, self.game_sha256, self.events = path, game, game_sha256, events

    @classmethod
    def attach(cls, game: str | os.PathLike[str], path: str | os.PathLike[str] | None = None, *,
               create: bool = True) -> "Sidecar":
        """Open (or create) the sidecar of ``game``; :class:`SidecarMismatchError` if the hashes differ."""
        game_p = Path(game)
        side = Path(path) if path is not None else sidecar_path(game_p)
        digest = game_hash(game_p)
        events = _count_events(game_p)
        if not side.exists():
            if not create:
                raise FileNotFoundError(errno.ENOENT, "no sidecar for this game", str(side))
            header = {"type": "notes_started", "format": NOTES_FORMAT, "game": game_p.name, "game_sha256": digest}
            try:
                # Appears with its header already in it: a kernel attaching at the
                # same moment never finds an empty sidecar.
                create_file(side, _dump(header))
            except FileExistsError:
                pass  # another kernel made it first: fall through and check its header
        found = cls._header(side)["game_sha256"]
        if found != digest:
            raise SidecarMismatchError(
                _("{sidecar} belongs to a game log with SHA-256 {found}, but {game} now has {digest}: the log "
                  "changed since these notes were written, so their event numbers may point at the wrong "
                  "moments; refusing to attach it").format(sidecar=side, found=found, game=game_p, digest=digest))
        return cls(side, game_p, digest, events)

    @staticmethod
    def _header(side: Path) -> dict[str, Any]:
        with closing(iter_json_lines(side)) as lines:
            first = next(lines, None)
        if first is None:
            raise MalformedInputError(_("{sidecar} is empty: it has no {format} header; delete it and attach "
                                        "again").format(sidecar=side, format=NOTES_FORMAT))
        header = first[1]
        if not isinstance(header, dict) or header.get("format") != NOTES_FORMAT \
                or not isinstance(header.get("game_sha256"), str):
            raise MalformedInputError(_("{sidecar}: line 1 must be a {format} header naming the game's "
                                        "sha256").format(sidecar=side, format=NOTES_FORMAT))
        return header

    def notes(self) -> list[Note]:
        """Every note, in the order written; a bad line is an error naming it."""
        out: list[Note] = []
        for lineno, obj in iter_json_lines(self.path):
            if lineno == 1:
                continue
            if not isinstance(obj, dict) or obj.get("type") != "annotated":
                raise MalformedInputError(_("{sidecar}: line {line} is not an annotated note").format(
                    sidecar=self.path, line=lineno))
            try:
                note = Note(obj.get("at"), obj.get("text"), obj.get("author", ""))  # type: ignore[arg-type]
                out.append(note.checked(self.events))
            except MalformedInputError as e:
                raise MalformedInputError(_("{sidecar}: line {line}: {reason}").format(sidecar=self.path, line=lineno,
                                                                                     reason=e)) from None
        return out

    def notes_at(self, seq: int) -> list[Note]:
        return [n for n in self.notes() if n.at == seq]

    def add(self, note: Note) -> Note:
        """Append one note (checked first; the game must still have the sidecar's hash)."""
        return self.add_many([note])[0]

    def add_many(self, notes: Iterable[Note]) -> list[Note]:
        """Append several notes under one lock, in one write."""
        batch = [n.checked(self.events) for n in notes]
        if game_hash(self.game) != self.game_sha256:
            raise SidecarMismatchError(_("the game log {game} changed after its notes file {sidecar} was opened, "
                                         "so the notes' event numbers might point at other moments; no note was "
                                         "added").format(game=self.game.name, sidecar=self.path.name))

        def numbered(last: Any) -> list[dict[str, Any]]:
            # the header (line 1) has no seq: notes count on from 1
            start = last["seq"] + 1 if isinstance(last, dict) and isinstance(last.get("seq"), int) else 1
            return [{"seq": start + i, "type": "annotated", "at": n.at, "text": n.text, "author": n.author}
                    for i, n in enumerate(batch)]

        append_json_lines(self.path, numbered)
        return batch


# ------------------------------------------------------------- in the log
def inline_notes(events: Iterable[Any]) -> list[Note]:
    """The notes held in a log as ``annotated`` events (typed events or dicts), in log order."""
    out = []
    for ev in events:
        if isinstance(ev, Annotated):
            out.append(Note(ev.at, ev.text, ev.author))
        elif isinstance(ev, Mapping) and ev.get("type") == "annotated":
            out.append(Note(ev["at"], ev["text"], ev.get("author", "")))
    return out


def append_note(path: str | os.PathLike[str], note: Note) -> dict[str, Any]:
    """Append a note to the game log as an ``annotated`` event; nothing already written changes.

    The log must replay first (a note on a broken log helps nobody), and the
    event passes the same checks the reader applies. Returns the event as written.
    """
    events = _count_events(Path(path))
    note.checked(events)
    event = {"type": "annotated", "at": note.at, "text": note.text, "author": note.author}
    parse_event({"seq": events, **event}, events)
    return dict(append_event(path, event))


class AnnotatedGame:
    """A game log and its notes, wherever they live: appended to the log (the default) or in its sidecar.

    What the notebook's Annotator does, without widgets: ``replay`` is the game
    as it stands, replayed again after a note is appended to the log.
    """

    def __init__(self, path: str | os.PathLike[str], sidecar: bool = False) -> None:
        self.path = Path(path)
        self.sidecar = Sidecar.attach(self.path) if sidecar else None
        self.replay = load_replay(self.path)

    @property
    def where(self) -> str:
        """Where new notes go, in words."""
        return f"sidecar {self.sidecar.path.name}" if self.sidecar else f"the log {self.path.name}"

    def notes(self) -> list[Note]:
        """Every note on this game, from the log or the sidecar, in the order written."""
        return self.sidecar.notes() if self.sidecar is not None else inline_notes(self.replay.events)

    def sidecar_notes_at(self, seq: int) -> list[Note]:
        """The sidecar's notes on event ``seq`` (the log's own are in ``replay.annotations_at``)."""
        return self.sidecar.notes_at(seq) if self.sidecar is not None else []

    def add(self, notes: Iterable[Note]) -> list[Note]:
        """Add notes (to the sidecar, or appended to the log, which is then replayed again)."""
        batch = list(notes)
        if self.sidecar is not None:
            return self.sidecar.add_many(batch)
        for n in batch:
            append_note(self.path, n)
        if batch:
            self.replay = load_replay(self.path)  # the log grew
        return batch

    def export(self, fmt: str, folder: str | os.PathLike[str],
               moment: Callable[[int], str] | None = None) -> Path:
        """Every note into ``<game>.notes.<fmt>`` in ``folder`` (see :func:`export_notes`)."""
        stem = self.path.name[:-len(".jsonl")] if self.path.name.endswith(".jsonl") else self.path.stem
        return export_notes(self.notes(), Path(folder) / f"{stem}.notes.{fmt}", moment,
                            title=f"Notes on {self.path.name}")

    def import_csv(self, path: str | os.PathLike[str]) -> list[Note]:
        """Add every note of an exported CSV."""
        return self.add(import_notes(path, len(self.replay)))


# ----------------------------------------------------------------- export
def _guard(field: str) -> str:
    """Spreadsheet-safe and reversible: see the module docstring."""
    return "'" + field if field.startswith(_FORMULA_START) else field


def _unguard(field: str) -> str:
    return field[1:] if field.startswith("'") else field


def notes_to_csv(notes: Iterable[Note]) -> str:
    """Notes as CSV with a header ``at,author,text``; :func:`notes_from_csv` reads it back exactly."""
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(CSV_COLUMNS)
    for n in notes:
        writer.writerow([n.at, _guard(n.author), _guard(n.text)])
    return buf.getvalue()


def notes_from_csv(text: str, events: int | None = None) -> list[Note]:
    """Read notes written by :func:`notes_to_csv`; errors name the row.

    A leading byte-order mark (Excel saves "CSV UTF-8" with one) is ignored.
    """
    rows = csv.reader(io.StringIO(text.removeprefix(_BOM), newline=""))
    try:
        header = next(rows, None)
        if header is None or tuple(header) != CSV_COLUMNS:
            raise MalformedInputError(_("a notes CSV starts with the header {header}, got {got}").format(
                header=",".join(CSV_COLUMNS), got=repr(header)))
        return _csv_notes(rows, events)
    except csv.Error as e:  # a field over the csv module's size limit, a NUL byte, a stray quote...
        raise MalformedInputError(_("notes CSV line {line}: {reason}").format(line=rows.line_num, reason=e)) from None


def _csv_notes(rows: Any, events: int | None) -> list[Note]:
    out = []
    for i, row in enumerate(rows, start=2):
        if len(row) != 3:
            raise MalformedInputError(_("notes CSV row {row}: expected 3 fields (at, author, text), got "
                                        "{count}").format(row=i, count=len(row)))
        at, author, body = row
        if not _DIGITS.match(at):
            raise MalformedInputError(_("notes CSV row {row}: 'at' must be an event number, got {at}").format(
                row=i, at=repr(at)))
        try:
            out.append(Note(int(at), _unguard(body), _unguard(author)).checked(events))
        except MalformedInputError as e:
            raise MalformedInputError(_("notes CSV row {row}: {reason}").format(row=i, reason=e)) from None
    return out


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def _md(text: str) -> str:
    """Text for a Markdown table cell: HTML escaped (a note's markup shows as text), specials escaped."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False)).replace("\r\n", "\n").replace("\n", "<br>")


def notes_to_markdown(notes: Sequence[Note], moment: Callable[[int], str] | None = None,
                      title: str = "Notes") -> str:
    """Notes as a Markdown table, each with the moment it refers to in words (``moment(at)``, if given;
    :func:`banakil_replay.notebook.narrate.moments` tells a replay's moments).

    For reading; the CSV is the form that imports back.
    """
    lines = [f"# {_md(title)}", "", "| event | moment | author | note |", "|---|---|---|---|"]
    for n in notes:
        said = moment(n.at) if moment is not None else ""
        lines.append(f"| {n.at} | {_md(said)} | {_md(n.author or 'anonymous')} | {_md(n.text)} |")
    return "\n".join(lines) + "\n"


def export_notes(notes: Sequence[Note], path: str | os.PathLike[str], moment: Callable[[int], str] | None = None,
                 title: str = "Notes") -> Path:
    """Write notes to ``path``: CSV for ``.csv``, Markdown for ``.md`` (see :func:`notes_to_markdown`)."""
    p = Path(path)
    if p.suffix == ".csv":
        # utf-8-sig writes the byte-order mark spreadsheet programs look for.
        with open(p, "w", encoding="utf-8-sig", newline="") as f:
            f.write(notes_to_csv(notes))
    elif p.suffix == ".md":
        with open(p, "w", encoding="utf-8") as f:
            f.write(notes_to_markdown(notes, moment, title=title))
    else:
        raise MalformedInputError(_("export to .csv or .md, not {suffix}").format(suffix=repr(p.suffix or 'no suffix')))
    return p


def import_notes(path: str | os.PathLike[str], events: int | None = None) -> list[Note]:
    """Notes from a CSV written by :func:`export_notes`."""
    p = Path(path)
    if p.suffix != ".csv":
        raise MalformedInputError(_("notes import back from CSV only (Markdown is for reading), not {file}").format(
            file=p.name))
    try:
        # newline="": a quoted \r\n inside a note survives; utf-8-sig drops a byte-order mark.
        with open(p, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        raise MalformedInputError(_("{file}: not UTF-8 text (byte {byte} at offset {offset}); save the CSV as "
                                    "UTF-8").format(file=p, byte=repr(e.object[e.start:e.start + 1]),
                                                    offset=e.start)) from None
    return notes_from_csv(text, events)
