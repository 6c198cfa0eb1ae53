"""Files and folders: whatever is on disk, no command dies, hangs or loses data.

One section per kind of bad input: odd files in a bulk folder, what ``validate``
calls bad input, line endings and ``repair``, text UTF-8 cannot hold, the notes
sidecar and its CSV, batch appends, and error messages that name the command.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import shutil
import signal
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pandas as pd
import pytest

from banakil_replay.log import bulk
from banakil_replay.cli import review as cli_review
from banakil_replay.log.annotations import (
    NOTES_FORMAT, Note, Sidecar, export_notes, game_hash, import_notes, notes_from_csv, notes_to_csv, sidecar_path,
)
from banakil_replay.cli.main import main
from banakil_replay.errors import BanakilError, MalformedInputError
from banakil_replay.events import MAX_ANNOTATION
from banakil_replay.reducer import replay
from banakil_replay.log.store import (
    LogReadError, LogWriteError, NotALogError, TornLineError, append_event, append_events, iter_json_lines,
    read_events, read_log, repair,
)

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
DANA = SAMPLES / "classic_dana_ravi.jsonl"
NOT_UTF8 = os.fsdecode(b"b\xff.jsonl")  # a file name that is not valid UTF-8


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (a FIFO opened for reading blocks until a writer comes)."""
    def fire(signum: int, frame: Any) -> None:
        raise AssertionError(f"still running after {seconds} s: blocked on a file?")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def with_first_event(path: Path, **fields: Any) -> Path:
    """A copy of Dana and Ravi's game whose match_started has ``fields`` added."""
    lines = DANA.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first.update(fields)
    lines[0] = json.dumps(first, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------ bulk
@pytest.fixture()
def odd_folder(tmp_path: Path) -> Path:
    """One good log and, beside it, everything that must not stop a bulk run."""
    root = tmp_path / "archive"
    root.mkdir()
    shutil.copy(DANA, root / "a_good.jsonl")
    os.symlink("a_good.jsonl", root / "a_link.jsonl")         # the same game again: count it once
    os.mkfifo(root / "fifo.jsonl")                              # would block a reader forever
    (root / "empty.jsonl").write_bytes(b"")
    with_first_event(root / "targets.jsonl", options={"targets": 5})   # a bad override
    with_first_event(root / "rounding.jsonl", options={"rounding": 5})
    shutil.copy(SAMPLES / "eram_hand.jsonl", os.path.join(root, NOT_UTF8))
    return root


def test_bulk_counts_or_reports_every_file_and_never_hangs(odd_folder: Path) -> None:
    paths = bulk.find_logs(odd_folder)
    names = sorted(os.path.basename(p) for p in paths)
    assert names == sorted(["a_good.jsonl", "fifo.jsonl", "empty.jsonl", "targets.jsonl",
                            "rounding.jsonl", NOT_UTF8])  # the symlink is the same file
    with deadline(60):
        hand_rows, match_rows = bulk.run(paths, workers=1, progress=False)
    by_name = {os.path.basename(m["file"]): m for m in match_rows}
    assert len(match_rows) == len(paths)
    assert by_name["a_good.jsonl"]["error"] is None and by_name["a_good.jsonl"]["totals"] == [37, 3]
    assert "regular file" in by_name["fifo.jsonl"]["error"]
    assert "empty" in by_name["empty.jsonl"]["error"]
    assert by_name["targets.jsonl"]["error"]  # reported, whatever raised it
    # The bad name is counted, shown with its byte escaped, so it can go into Parquet.
    assert by_name["b\\xff.jsonl"]["error"] is None and by_name["b\\xff.jsonl"]["events"] > 0
    hands, matches = bulk.frames(hand_rows, match_rows)
    for names in (hands["game"], matches["file"]):  # a hand's game is its log's file name
        assert len(names) and all(f.encode("utf-8") for f in names)


def test_bulk_cli_exits_1_and_writes_every_row(odd_folder: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.parquet"
    with deadline(60):
        code, stdout, err = run(capsys, "bulk", str(odd_folder), "--out", str(out), "--workers", "1")
    assert code == 1 and "Traceback" not in err
    matches = pd.read_parquet(tmp_path / "games.matches.parquet")
    assert len(matches) == 6 and matches["file"].is_unique
    assert matches["error"].notna().sum() >= 3  # the FIFO, the empty file, the bad targets
    assert stdout.startswith("6 logs (")


@pytest.mark.parametrize("where", ["missing/games.parquet", "a_file/games.parquet"])
def test_bulk_refuses_an_output_folder_it_cannot_write_before_replaying(
        where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a_file").write_text("not a folder", encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DANA, games / "g.jsonl")
    ran: list[Any] = []

    def spy_run(*args: Any, **kwargs: Any) -> tuple[list[Any], list[Any]]:
        ran.append(args)
        return [], []

    monkeypatch.setattr(bulk, "run", spy_run)
    code, out, err = run(capsys, "bulk", str(games), "--out", str(tmp_path / where))
    assert code == 2 and out == "" and not ran
    assert err.startswith("banakil-replay bulk: cannot write ") and "Traceback" not in err


@pytest.mark.parametrize("what", ["a game log", "a FIFO", "a symlink", "a folder", "a log beside it"])
def test_bulk_never_replaces_what_it_did_not_write(what: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DANA, games / "g.jsonl")
    out = tmp_path / "out.parquet"
    there = tmp_path / "out.matches.parquet" if what == "a log beside it" else out
    if what in ("a game log", "a log beside it"):
        shutil.copy(DANA, there)
    elif what == "a FIFO":
        os.mkfifo(there)
    elif what == "a symlink":
        shutil.copy(DANA, tmp_path / "kept.jsonl")
        there.symlink_to(tmp_path / "kept.jsonl")
    else:
        there.mkdir()
    before = sorted((p.name, p.is_symlink(), p.is_file() and p.read_bytes()) for p in tmp_path.iterdir())
    code, stdout, err = run(capsys, "bulk", str(games), "--out", str(out), "--workers", "1")
    assert code == 2 and stdout == "" and "Traceback" not in err
    assert f"refusing to replace {there}" in err and "bulk replaces only tables it wrote" in err, err
    assert sorted((p.name, p.is_symlink(), p.is_file() and p.read_bytes()) for p in tmp_path.iterdir()) == before


def test_bulk_replaces_its_own_output_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DANA, games / "g.jsonl")
    out = tmp_path / "out.parquet"
    code, first, _ = run(capsys, "bulk", str(games), "--out", str(out), "--workers", "1")
    assert code == 0 and "replacing" not in first
    assert bulk.is_our_output(out) and bulk.is_our_output(tmp_path / "out.matches.parquet")
    code, again, err = run(capsys, "bulk", str(games), "--out", str(out), "--workers", "1")
    assert code == 0, err
    assert f"replacing the previous output of bulk: {out}, {tmp_path / 'out.matches.parquet'}" in again
    assert len(pd.read_parquet(out)) == len(pd.read_parquet(tmp_path / "out.parquet"))


def test_bulk_write_failure_is_a_clean_error(tmp_path: Path) -> None:
    hands, matches = bulk.frames(*bulk.run([str(DANA)], workers=1, progress=False))
    target = tmp_path / "sub" / "games.parquet"
    with pytest.raises(MalformedInputError, match="cannot write"):
        bulk.write_parquet(target, hands, matches)


# ------------------------------------------------------------------ validate
@pytest.mark.parametrize("content", [
    b"",                                   # empty: no game in it
    b"hello\n",                            # not JSON
    b"[1, 2]\n",                           # JSON, not an object
    b'{"name": "x"}\n',                    # an object with no "type"
    b"\x89PNG\r\n\x1a\n\x00\x00",          # binary
    b'{"seq":0,"type":"match_sta',         # one unparsable line and nothing else
])
def test_validate_not_a_log_is_bad_input(content: bytes, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    code, out, err = run(capsys, "validate", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"banakil-replay validate: {path}") and err.count("\n") == 1
    with pytest.raises(NotALogError):
        read_log(path)


def test_validate_unreadable_files_are_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    for path in (tmp_path / "missing.jsonl", fifo, tmp_path):
        with deadline(10):
            code, out, err = run(capsys, "validate", str(path))
        assert (code, out) == (2, "") and err.startswith("banakil-replay validate: ")
        assert "Traceback" not in err


def test_validate_exit_code_is_the_worst(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = shutil.copy(DANA, tmp_path / "good.jsonl")
    bad = tmp_path / "bad.jsonl"
    lines = DANA.read_text(encoding="utf-8").splitlines()
    bad.write_text("\n".join(lines[:2] + [lines[3]]) + "\n", encoding="utf-8")  # seq 3 where 2 belongs
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    newer = tmp_path / "newer.jsonl"
    newer.write_text('{"seq":0,"type":"match_started","format":"banakil-replay/9"}\n', encoding="utf-8")
    assert run(capsys, "validate", str(good))[0] == 0
    code, out, err = run(capsys, "validate", str(good), str(bad))
    assert (code, err) == (1, "") and out.startswith(f"{bad}: seq 2: ")
    code, out, err = run(capsys, "validate", str(bad), str(empty), str(good))
    assert code == 2 and out.startswith(f"{bad}: seq 2: ") and out.count("\n") == 1
    assert err.startswith(f"banakil-replay validate: {empty}") and "empty" in err
    code, out, err = run(capsys, "validate", str(newer))
    assert (code, out) == (2, "") and "upgrade banakil-replay" in err


def test_validate_prints_a_name_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = os.path.join(tmp_path, NOT_UTF8)
    Path(path).write_bytes(b'{"seq":0,"type":"match_started","format":"banakil-replay/1"}\n{"seq":5,"type":"x"}\n')
    code, out, _ = run(capsys, "validate", path)
    assert code == 1 and out.startswith(os.path.join(str(tmp_path), "b\\xff.jsonl") + ": seq 1: ")
    out.encode("utf-8")


# ------------------------------------------------------------------ line endings and repair
def cr_log(path: Path) -> Path:
    path.write_bytes(DANA.read_bytes().replace(b"\n", b"\r"))
    return path


def test_a_log_with_cr_line_endings_is_not_torn(tmp_path: Path) -> None:
    path = cr_log(tmp_path / "mac.jsonl")
    with pytest.raises(LogReadError, match="carriage return alone") as info:
        read_events(path)
    assert not isinstance(info.value, TornLineError)
    before = path.read_bytes()
    with pytest.raises(LogReadError):
        repair(path)
    with pytest.raises(LogReadError):
        append_event(path, {"type": "annotated", "at": 0, "text": "x"})
    assert path.read_bytes() == before and not Path(f"{path}.torn").exists()


def test_repair_refuses_a_cr_tail_after_good_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The first lines end in \n, the rest in CR alone: the "last line" is many lines.
    data = DANA.read_bytes()
    cut = data.index(b"\n", data.index(b"\n") + 1) + 1
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(data[:cut] + data[cut:].replace(b"\n", b"\r"))
    before = path.read_bytes()
    with pytest.raises(LogReadError) as info:
        read_events(path)
    assert not isinstance(info.value, TornLineError)
    code, out, err = run(capsys, "repair", str(path))
    assert code == 2 and out == "" and "nothing was changed" in err
    assert path.read_bytes() == before and not Path(f"{path}.torn").exists()


def test_repair_still_moves_a_real_torn_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(shutil.copy(DANA, tmp_path / "g.jsonl"))
    healthy = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"seq":18,"type":"annot')
    assert run(capsys, "repair", str(path))[0] == 0
    assert path.read_bytes() == healthy


def test_a_torn_line_says_why_it_does_not_parse_in_whole_words(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Python's parser says "Unterminated string starting at" and appends a position; the log gives the
    position apart (line, byte), so the reason is said as a whole phrase, not one ending in "at"."""
    path = Path(shutil.copy(DANA, tmp_path / "g.jsonl"))
    with open(path, "ab") as f:
        f.write(b'{"seq":18,"type":"annot')
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1 and "a string that is never closed" in out, out
    assert " at)" not in out and "starting at" not in out


# ------------------------------------------------------------------ text UTF-8 cannot hold
def test_a_lone_surrogate_in_a_log_is_refused_where_it_is_read(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = with_first_event(tmp_path / "g.jsonl", players=["\\ud800Dana", "Ravi"])
    path.write_bytes(path.read_bytes().replace(b"\\\\ud800", b"\\ud800"))
    with pytest.raises(LogReadError, match="lone surrogate") as info:
        read_events(path)
    assert info.value.line == 1
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1 and "lone surrogate" in out
    for command in ("replay", "options", "review"):
        code, out, err = run(capsys, command, str(path))
        assert code in (1, 2) and "lone surrogate" in err and "Traceback" not in err


def test_surrogate_pairs_and_escaped_backslashes_are_fine(tmp_path: Path) -> None:
    path = with_first_event(tmp_path / "g.jsonl", note="\U0001F0CF", raw="\\ud800")
    text = path.read_text(encoding="utf-8").replace("\U0001F0CF", "\\ud83c\\udccf")
    path.write_text(text, encoding="utf-8")
    first = read_events(path)[0]
    assert first["note"] == "\U0001F0CF" and first["raw"] == "\\ud800"


def test_a_lone_surrogate_in_a_sidecar_or_csv_is_refused(tmp_path: Path) -> None:
    game = Path(shutil.copy(DANA, tmp_path / "game.jsonl"))
    side = Sidecar.attach(game)
    with open(side.path, "ab") as f:
        f.write(b'{"seq":1,"type":"annotated","at":2,"text":"ok","author":"\\udc80"}\n')
    with pytest.raises(MalformedInputError, match="line 2"):
        side.notes()
    header = json.loads(side.path.read_text(encoding="utf-8").splitlines()[0])
    side.path.write_text(json.dumps(header)[:-1] + ', "origin": "\\ud800"}\n', encoding="utf-8")
    with pytest.raises(MalformedInputError, match="lone surrogate"):
        Sidecar.attach(game)
    with pytest.raises(MalformedInputError, match="surrogate"):
        notes_from_csv("at,author,text\r\n1,\ud800,x\r\n")


# ------------------------------------------------------------------ the notes sidecar
def test_a_new_sidecar_never_looks_empty(tmp_path: Path) -> None:
    """A kernel attaching while another is still creating the sidecar waits for its header."""
    game = Path(shutil.copy(DANA, tmp_path / "game.jsonl"))
    side = sidecar_path(game)
    # Play the creator without hard links: the file exists, empty, under the exclusive lock.
    fd = os.open(side, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX)
    result: list[Any] = []
    attacher = threading.Thread(target=lambda: result.append(_attach_or_error(game)))
    attacher.start()
    attacher.join(0.5)
    assert attacher.is_alive(), "the second kernel did not wait for the lock"
    header = {"type": "notes_started", "format": NOTES_FORMAT, "game": game.name,
              "game_sha256": game_hash(game)}
    os.write(fd, (json.dumps(header) + "\n").encode())
    os.close(fd)
    attacher.join(10)
    assert isinstance(result[0], Sidecar), result


def _attach_or_error(game: Path) -> object:
    try:
        return Sidecar.attach(game)
    except Exception as e:  # noqa: BLE001  # returned so the test can show it
        return e


def _attach_in_process(game: str, barrier: Any, results: Any) -> None:
    barrier.wait()
    try:
        Sidecar.attach(game).add(Note(1, f"from {os.getpid()}"))
        results.put("ok")
    except Exception as e:  # noqa: BLE001
        results.put(repr(e))


def test_three_kernels_attaching_at_once_all_succeed(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    for round_no in range(3):
        game = Path(shutil.copy(DANA, tmp_path / f"game{round_no}.jsonl"))
        barrier, results = ctx.Barrier(3), ctx.Queue()
        procs = [ctx.Process(target=_attach_in_process, args=(str(game), barrier, results)) for _ in range(3)]
        for p in procs:
            p.start()
        outcome = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(30)
        assert outcome == ["ok"] * 3
        lines = sidecar_path(game).read_text(encoding="utf-8").splitlines()
        assert len(lines) == 4 and json.loads(lines[0])["format"] == NOTES_FORMAT


@pytest.mark.parametrize("line, phrase", [
    (b'{"seq":1,"type":"annotated","at":1,"at":2,"text":"x"}', "duplicate key"),
    (b'{"seq":1,"type":"annotated","at":1,"text":"x","v":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "nested more than"),
    (b'{"seq":1,"type":"annotated","at":1,"text":"x","pad":"' + b"a" * (2 << 20) + b'"}', "byte limit"),
    (b'{"seq":1,"type":"annotated","at":1,"text":"x\xff"}', "UTF-8"),
])
def test_the_sidecar_reader_is_as_strict_as_the_log_reader(line: bytes, phrase: str, tmp_path: Path) -> None:
    game = Path(shutil.copy(DANA, tmp_path / "game.jsonl"))
    side = Sidecar.attach(game)
    with open(side.path, "ab") as f:
        f.write(line + b"\n")
    with pytest.raises(MalformedInputError, match=phrase) as info:
        side.notes()
    assert "line 2" in str(info.value)


def test_the_sidecar_shares_the_log_readers_decoder(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(b'{"a":1}\n[2]\n"three"\n')
    assert list(iter_json_lines(path)) == [(1, {"a": 1}), (2, [2]), (3, "three")]
    path.write_bytes(b'{"a":1}\n{"k":1,"k":2}\n')
    with pytest.raises(LogReadError, match="duplicate key") as info:
        list(iter_json_lines(path))
    assert (info.value.line, info.value.byte_offset) == (2, 8)


NOTES = [Note(1, "مبروك يا أمل! ♥", "أمل"), Note(2, '"quoted", =1+1\r\nsecond line', "Ravi")]


def test_csv_export_writes_a_bom_and_import_reads_it_back(tmp_path: Path) -> None:
    path = export_notes(NOTES, tmp_path / "notes.csv")
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data[3:].decode("utf-8") == notes_to_csv(NOTES)
    assert import_notes(path) == NOTES


def test_csv_import_accepts_excels_bom(tmp_path: Path) -> None:
    assert notes_from_csv("\ufeff" + notes_to_csv(NOTES)) == NOTES
    excel = tmp_path / "excel.csv"
    excel.write_bytes(b"\xef\xbb\xbf" + notes_to_csv(NOTES).encode("utf-8"))
    assert import_notes(excel) == NOTES


def test_csv_import_of_long_fields(tmp_path: Path) -> None:
    longest = Note(3, ('"' + "ب" * 98 + "\n") * (MAX_ANNOTATION // 100), "x" * 200)
    assert len(longest.text) == MAX_ANNOTATION
    assert notes_from_csv(notes_to_csv([longest])) == [longest]
    huge = "at,author,text\r\n1,x," + "y" * 300_000 + "\r\n"  # past the csv module's own field limit
    with pytest.raises(MalformedInputError, match="notes CSV line 2"):
        notes_from_csv(huge)
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("at,author,text\r\n1,José,olé\r\n".encode("latin-1"))
    with pytest.raises(MalformedInputError, match="not UTF-8"):
        import_notes(latin1)


# ------------------------------------------------------------------ batch appends
def test_review_append_is_one_write_and_adds_nothing_the_second_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(shutil.copy(DANA, tmp_path / "g.jsonl"))
    writes: list[int] = []
    real_write = os.write

    def spy(fd: int, data: bytes) -> int:
        writes.append(len(data))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", spy)
    code, _, err = run(capsys, "review", str(path), "--append")
    monkeypatch.undo()
    first = path.read_bytes()
    added = len(read_events(path)) - 18
    assert code == 0 and added > 1 and f"appended {added} annotated events" in err
    assert len(writes) == 1  # the whole batch in one write: a crash leaves all or none
    code, _, err = run(capsys, "review", str(path), "--append")
    assert code == 0 and path.read_bytes() == first and "nothing appended" in err


def test_review_append_refuses_when_the_log_moved_on(tmp_path: Path) -> None:
    path = Path(shutil.copy(DANA, tmp_path / "g.jsonl"))
    rp = replay(read_events(path))
    append_event(path, {"type": "annotated", "at": 2, "text": "meanwhile", "author": "Ravi"})
    before = path.read_bytes()
    events = [{"type": "annotated", "at": 3, "text": "late", "author": "reviewer"}]
    with pytest.raises(LogWriteError, match="next seq in the log is 19"):
        cli_review._append_verdicts(str(path), rp, events)
    assert path.read_bytes() == before


def test_a_failed_batch_leaves_none_of_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(shutil.copy(DANA, tmp_path / "g.jsonl"))
    before = path.read_bytes()
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data)[: len(data) * 2 // 3]))
    with pytest.raises(OSError, match="short write"):
        append_events(path, [{"type": "annotated", "at": 1, "text": str(i)} for i in range(3)])
    monkeypatch.undo()
    assert path.read_bytes() == before


# ------------------------------------------------------------------ messages name the command
def test_a_torn_log_names_the_command_that_repairs_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(shutil.copy(DANA, tmp_path / "my game.jsonl"))
    with open(path, "ab") as f:
        f.write(b'{"seq":18,"ty')
    with pytest.raises(TornLineError) as info:
        read_events(path)
    assert f"run `banakil-replay repair '{path}'`" in str(info.value)
    assert "banakil_replay." not in str(info.value)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1 and "banakil-replay repair" in out


def test_errors_of_this_module_are_banakil_errors() -> None:
    assert issubclass(NotALogError, LogReadError) and issubclass(LogReadError, BanakilError)
