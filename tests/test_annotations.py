"""banakil_replay.log.annotations: appending to the log, sidecars keyed by hash, export and import."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banakil_replay.log.annotations import (
    NOTES_FORMAT, AnnotatedGame, Note, Sidecar, SidecarMismatchError, append_note, export_notes, game_hash, import_notes,
    inline_notes, notes_from_csv, notes_to_csv, notes_to_markdown, sidecar_path,
)
from banakil_replay.errors import MalformedInputError
from banakil_replay.events import MAX_ANNOTATION
from banakil_replay.log.store import read_events
from banakil_replay.log.load import load_replay
from banakil_replay.log.store import LogWriteError
from banakil_replay.notebook.narrate import moments
from display_helpers import DANA_RAVI, GAMES, HOSTILE_NOTE

TRICKY = [
    Note(0, "plain"),
    Note(3, 'quotes " and "" and commas, here', "Bilal"),
    Note(4, "two\nlines\r\nand a CR\rend", "coach"),
    Note(5, "=HYPERLINK(\"http://x\")", "=cmd|' /C calc'!A0"),
    Note(6, "+1", "-1"),
    Note(7, "@SUM(A1)", "\tTab"),
    Note(8, "'already quoted", "''two"),
    Note(9, HOSTILE_NOTE, "<b onmouseover=alert(1)>eve</b>"),
    Note(10, "مبروك يا أمل! 🃏 ♥♦♣♠", "أمل"),
    Note(11, "", ""),
    Note(12, " leading and trailing spaces ", " "),
]


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    return Path(shutil.copy(DANA_RAVI, tmp_path / "game.jsonl"))


# ---------------------------------------------------------- in the log
def test_append_note_adds_one_event_and_rewrites_nothing(game: Path) -> None:
    before = game.read_bytes()
    written = append_note(game, Note(3, HOSTILE_NOTE, "coach"))
    after = game.read_bytes()
    assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    assert written == {"seq": 18, "type": "annotated", "at": 3, "text": HOSTILE_NOTE, "author": "coach"}
    rp = load_replay(game)
    assert inline_notes(rp.events) == [Note(3, HOSTILE_NOTE, "coach")]
    assert inline_notes(read_events(game)) == inline_notes(rp.events)
    assert [a.text for a in rp.annotations_at(3)] == [HOSTILE_NOTE]


@pytest.mark.parametrize("note, phrase", [
    (Note(18, "points at itself"), "events 0..17"),
    (Note(-1, "negative"), "event number"),
    (Note(1, "x" * (MAX_ANNOTATION + 1)), "limit"),
    (Note(1, "ok", "a" * 201), "author"),
    (Note(1, "lone \ud800 surrogate"), "surrogate"),
])
def test_bad_notes_are_refused_and_change_nothing(game: Path, note: Note, phrase: str) -> None:
    before = game.read_bytes()
    with pytest.raises(MalformedInputError, match=phrase):
        append_note(game, note)
    assert game.read_bytes() == before


# ------------------------------------------------------------- sidecar
def test_sidecar_is_keyed_by_the_logs_hash(game: Path) -> None:
    before = game.read_bytes()
    side = Sidecar.attach(game)
    assert side.path == game.with_name("game.notes.jsonl") == sidecar_path(game)
    header = json.loads(side.path.read_text(encoding="utf-8").splitlines()[0])
    assert header == {"type": "notes_started", "format": NOTES_FORMAT, "game": "game.jsonl",
                      "game_sha256": hashlib.sha256(before).hexdigest()}
    assert game_hash(game) == header["game_sha256"]
    side.add(Note(3, "nice run", "coach"))
    side.add_many([Note(4, "a second"), Note(2, "third, out of order")])
    assert game.read_bytes() == before  # the game log is never touched
    again = Sidecar.attach(game)  # re-attaching reads the same notes
    assert again.notes() == [Note(3, "nice run", "coach"), Note(4, "a second"), Note(2, "third, out of order")]
    assert again.notes_at(4) == [Note(4, "a second")]
    lines = [json.loads(x) for x in side.path.read_text(encoding="utf-8").splitlines()[1:]]
    assert [x["seq"] for x in lines] == [1, 2, 3] and {x["type"] for x in lines} == {"annotated"}


def test_sidecar_for_other_bytes_is_refused(game: Path) -> None:
    side = Sidecar.attach(game)
    side.add(Note(3, "kept"))
    with open(game, "ab") as f:
        f.write(b'{"seq":18,"type":"annotated","at":2,"text":"the log grew"}\n')
    with pytest.raises(SidecarMismatchError, match="refusing to attach"):
        Sidecar.attach(game)
    with pytest.raises(SidecarMismatchError):
        side.add(Note(3, "too late"))
    assert [n.text for n in side.notes()] == ["kept"]  # what was written stays readable


def test_a_sidecar_moved_onto_another_game_is_refused(tmp_path: Path) -> None:
    a = Path(shutil.copy(DANA_RAVI, tmp_path / "a.jsonl"))
    b = Path(shutil.copy(GAMES / "kroot_hand.jsonl", tmp_path / "b.jsonl"))
    Sidecar.attach(a).add(Note(1, "about game a"))
    shutil.copy(sidecar_path(a), sidecar_path(b))
    with pytest.raises(SidecarMismatchError):
        Sidecar.attach(b)


def test_sidecar_checks_notes_and_header(game: Path) -> None:
    side = Sidecar.attach(game)
    with pytest.raises(MalformedInputError, match="events 0..17"):
        side.add(Note(18, "beyond the log"))
    assert side.notes() == []
    with pytest.raises(FileNotFoundError):
        Sidecar.attach(game, game.with_name("missing.notes.jsonl"), create=False)
    bad = game.with_name("bad.notes.jsonl")
    bad.write_text('{"format":"something-else"}\n', encoding="utf-8")
    with pytest.raises(MalformedInputError, match="header"):
        Sidecar.attach(game, bad)
    with open(side.path, "a", encoding="utf-8") as f:
        f.write('{"seq":1,"type":"annotated","at":99,"text":"x"}\n')
    with pytest.raises(MalformedInputError, match="line 2"):
        side.notes()


# ------------------------------------------------------- export / import
def test_csv_round_trip_is_exact() -> None:
    assert notes_from_csv(notes_to_csv(TRICKY)) == TRICKY


def test_csv_is_spreadsheet_safe() -> None:
    text = notes_to_csv([Note(1, "=1+1", "@me"), Note(2, "'quoted", "-x")])
    assert "'=1+1" in text and "'@me" in text and "''quoted" in text and "'-x" in text
    for line in text.splitlines()[1:]:
        fields = line.split(",")
        assert not fields[1].startswith(("=", "+", "-", "@")) and not fields[2].startswith(("=", "+", "-", "@"))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.builds(Note, st.integers(0, 10_000),
                          st.text(st.characters(blacklist_categories=("Cs",)), max_size=80),
                          st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)), max_size=6))
def test_csv_round_trip_property(notes: list[Note]) -> None:
    assert notes_from_csv(notes_to_csv(notes)) == notes


def test_sidecar_export_then_import_round_trips(tmp_path: Path) -> None:
    first = Path(shutil.copy(DANA_RAVI, tmp_path / "first.jsonl"))
    notes = [Note(min(n.at, 17), n.text, n.author) for n in TRICKY if n.text]
    side = Sidecar.attach(first)
    side.add_many(notes)
    assert side.notes() == notes  # exact through the JSONL sidecar too
    exported = export_notes(side.notes(), tmp_path / "notes.csv")
    imported = import_notes(exported, events=18)
    assert imported == notes
    twin = Path(shutil.copy(DANA_RAVI, tmp_path / "twin.jsonl"))
    other = Sidecar.attach(twin)
    other.add_many(imported)
    assert other.notes() == side.notes()
    assert Sidecar.attach(twin).game_sha256 == side.game_sha256  # same bytes, same key


def test_import_into_the_log(tmp_path: Path) -> None:
    game = Path(shutil.copy(DANA_RAVI, tmp_path / "game.jsonl"))
    notes = [Note(3, HOSTILE_NOTE, "x"), Note(10, "two\nlines", "")]
    for n in import_notes(export_notes(notes, tmp_path / "n.csv")):
        append_note(game, n)
    assert inline_notes(load_replay(game).events) == notes


def test_bad_csv_is_refused_with_the_row() -> None:
    with pytest.raises(MalformedInputError, match="header"):
        notes_from_csv("when,who,what\r\n1,a,b\r\n")
    with pytest.raises(MalformedInputError, match="row 2"):
        notes_from_csv("at,author,text\r\nthree,a,b\r\n")
    with pytest.raises(MalformedInputError, match="row 3.*3 fields"):
        notes_from_csv("at,author,text\r\n1,a,b\r\n2,a\r\n")
    with pytest.raises(MalformedInputError, match="events 0..17"):
        notes_from_csv("at,author,text\r\n18,a,b\r\n", events=18)


def test_markdown_export_shows_markup_as_text(tmp_path: Path) -> None:
    rp = load_replay(DANA_RAVI)
    md = notes_to_markdown([Note(3, HOSTILE_NOTE + " | pipe *star*", "<b>eve</b>")], moments(rp), title="Notes")
    assert "<script" not in md and "<img" not in md and "<b>" not in md
    assert "&lt;script&gt;" in md and "\\| pipe \\*star\\*" in md
    assert "Dana lays a new meld" in md  # the moment, in words
    assert md.count("\n| ") == 2  # header and one row: the note's own pipe did not split the cell
    path = export_notes([Note(1, "x")], tmp_path / "n.md")
    assert path.read_text(encoding="utf-8").startswith("# Notes")
    with pytest.raises(MalformedInputError, match="CSV only"):
        import_notes(path)
    with pytest.raises(MalformedInputError, match=".csv or .md"):
        export_notes([], tmp_path / "n.txt")


# ------------------------------------------------- the sidecar's appender is the store's
def test_sidecar_lines_are_numbered_on_from_the_last_line(game: Path) -> None:
    side = Sidecar.attach(game)
    side.add(Note(1, "one"))
    side.add_many([Note(2, "two"), Note(3, "three")])
    lines = [json.loads(line) for line in side.path.read_text(encoding="utf-8").splitlines()]
    assert "seq" not in lines[0] and [line["seq"] for line in lines[1:]] == [1, 2, 3]


def test_sidecar_refuses_to_append_after_a_torn_line(game: Path) -> None:
    side = Sidecar.attach(game)
    with open(side.path, "ab") as f:
        f.write(b'{"seq":1,"type":"anno')
    before = side.path.read_bytes()
    with pytest.raises(LogWriteError, match="no newline"):
        side.add(Note(1, "after a crash"))
    assert side.path.read_bytes() == before


def test_a_failed_sidecar_write_leaves_none_of_it(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    side = Sidecar.attach(game)
    side.add(Note(1, "kept"))
    before = side.path.read_bytes()
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data)[: len(data) // 2]))
    with pytest.raises(OSError, match="short write"):
        side.add_many([Note(2, "lost"), Note(3, "lost too")])
    monkeypatch.undo()
    assert side.path.read_bytes() == before and [n.text for n in side.notes()] == ["kept"]


# ------------------------------------------- the annotator's model, without widgets
def test_annotated_game_in_the_log_and_in_a_sidecar(tmp_path: Path) -> None:
    log = AnnotatedGame(shutil.copy(DANA_RAVI, tmp_path / "log.jsonl"))
    before = log.replay
    assert log.add([Note(3, "in the log", "coach")]) == [Note(3, "in the log", "coach")]
    assert len(log.replay) == len(before) + 1 and log.notes() == [Note(3, "in the log", "coach")]
    assert log.where == "the log log.jsonl" and log.sidecar_notes_at(3) == []
    side = AnnotatedGame(shutil.copy(DANA_RAVI, tmp_path / "side.jsonl"), sidecar=True)
    side.add([Note(2, "beside it")])
    assert len(side.replay) == len(before) and side.sidecar_notes_at(2) == [Note(2, "beside it")]
    assert side.where == "sidecar side.notes.jsonl"
    csv_file = log.export("csv", tmp_path)
    md = log.export("md", tmp_path, moments(log.replay)).read_text(encoding="utf-8")
    assert csv_file.name == "log.notes.csv" and "Dana lays a new meld" in md
    assert side.import_csv(csv_file) == log.notes() and side.notes() == [Note(2, "beside it"), *log.notes()]
