"""Tests for banakil_replay.log.store: format, errors, hostile input, locking, chain, repair."""

from __future__ import annotations

import fcntl
import hashlib
import json
import multiprocessing
import os
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.log import lines as log_lines
from banakil_replay.log import store
from banakil_replay.errors import MalformedInputError
from banakil_replay.log.store import (
    ChainError,
    LineTooLongError,
    LogReadError,
    LogWriteError,
    TornLineError,
    UnsupportedFormatError,
    append_event,
    append_events,
    chain_hash,
    create_log,
    iter_events,
    read_events,
    repair,
    verify_chain,
)

START = {"type": "match_started", "format": "banakil-replay/1", "rules": "classic"}


def write_lines(path: Path, *lines: str | bytes, end: bytes = b"\n") -> Path:
    data = b"".join((ln.encode("utf-8") if isinstance(ln, str) else ln) + end for ln in lines)
    path.write_bytes(data)
    return path


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels - 1):
        value = [value]
    return value


DEEP = _deep(200)


def good_prefix() -> list[str]:
    return ['{"seq":0,"type":"match_started","format":"banakil-replay/1"}',
            '{"seq":1,"type":"drew","seat":0}']


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    create_log(path, START)
    return path


# ------------------------------------------------------------- round trip


def test_round_trip_and_exact_bytes(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    first = create_log(path, {"type": "match_started", "players": ["Zoë", "Ali"], "z": 1, "a": 2})
    more = append_events(path, [
        {"type": "drew", "seat": 0, "card": "7♥", "note": "naïve — ✓"},
        {"seq": 2, "type": "discarded", "seat": 0, "card": "KS", "extra": {"b": [1, 2.5, None, True]}},
    ])
    assert read_events(path) == [first, *more]
    assert path.read_bytes() == (
        '{"seq":0,"type":"match_started","format":"banakil-replay/1","players":["Zoë","Ali"],'
        '"z":1,"a":2}\n'
        '{"seq":1,"type":"drew","seat":0,"card":"7♥","note":"naïve — ✓"}\n'
        '{"seq":2,"type":"discarded","seat":0,"card":"KS","extra":{"b":[1,2.5,null,true]}}\n'
    ).encode("utf-8")


def test_rewriting_read_events_reproduces_the_file(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    create_log(a, START, chain=True)
    append_events(a, [{"type": "drew", "seat": i % 4, "k": {"y": i, "x": [i]}} for i in range(20)])
    events = read_events(a)
    create_log(b, events[0])
    append_events(b, events[1:])
    assert b.read_bytes() == a.read_bytes()


def test_unknown_fields_preserved_in_given_key_order(log: Path) -> None:
    event = {"future_field": {"deep": [{"q": "r"}]}, "type": "annotated", "zz": 0, "aa": 1}
    written = append_event(log, event)
    assert list(written) == ["seq", "future_field", "type", "zz", "aa"]
    assert read_events(log)[-1] == written
    assert log.read_bytes().splitlines()[-1] == (
        b'{"seq":1,"future_field":{"deep":[{"q":"r"}]},"type":"annotated","zz":0,"aa":1}')


def test_iter_events_streams(log: Path) -> None:
    append_events(log, [{"type": "drew"} for _ in range(5)])
    it = iter_events(log)
    assert next(it)["seq"] == 0
    assert [e["seq"] for e in it] == [1, 2, 3, 4, 5]


def test_minor_version_accepted(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl",
                       '{"seq":0,"type":"match_started","format":"banakil-replay/1.7"}',
                       '{"seq":1,"type":"drew"}')
    assert len(read_events(path)) == 2
    append_event(path, {"type": "drew"})  # same major: appendable
    assert store.format_major("banakil-replay/1.12") == 1


def test_crlf_lines_are_read(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), end=b"\r\n")
    assert [e["seq"] for e in read_events(path)] == [0, 1]


def test_empty_file_reads_as_no_events_and_accepts_first_event(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"")
    assert read_events(path) == []
    with pytest.raises(LogWriteError, match="match_started"):
        append_event(path, {"type": "drew"})
    assert append_event(path, {"type": "match_started"})["format"] == store.FORMAT
    assert len(read_events(path)) == 1


# ------------------------------------------------------------- create_log


def test_create_log_never_overwrites(log: Path) -> None:
    before = log.read_bytes()
    with pytest.raises(FileExistsError):
        create_log(log, START)
    assert log.read_bytes() == before
    assert sorted(p.name for p in log.parent.iterdir()) == ["game.jsonl"]  # no temp left behind


def test_create_log_fills_format_after_type(tmp_path: Path) -> None:
    written = create_log(tmp_path / "g.jsonl", {"type": "match_started", "rules": "kroot"})
    assert list(written) == ["seq", "type", "format", "rules"]
    assert written["format"] == "banakil-replay/1"


@pytest.mark.parametrize("event, message", [
    ({"type": "drew"}, "match_started"),
    ({"type": "match_started", "format": "banakil-replay/2"}, "creates banakil-replay/1"),
    ({"type": "match_started", "format": "chess/1"}, "not a banakil-replay format"),
    ({"type": "match_started", "format": 1}, '"format" must be a string'),
    ({"type": "match_started", "seq": 1}, "next seq in the log is 0"),
])
def test_create_log_rejects_bad_first_event(tmp_path: Path, event: dict[str, Any], message: str) -> None:
    path = tmp_path / "g.jsonl"
    with pytest.raises(LogWriteError, match=message):
        create_log(path, event)
    assert not path.exists()


# ------------------------------------------------------------- append


def test_seq_assigned_checked_and_returned(log: Path) -> None:
    assert append_event(log, {"type": "drew"})["seq"] == 1
    assert append_event(log, {"type": "drew", "seq": 2})["seq"] == 2
    before = log.read_bytes()
    with pytest.raises(LogWriteError, match="seq 7 but the next seq in the log is 3") as info:
        append_event(log, {"type": "drew", "seq": 7})
    assert info.value.seq == 3
    for bad in (True, "3", 3.0, None):
        with pytest.raises(LogWriteError, match='"seq" must be an integer'):
            append_event(log, {"type": "drew", "seq": bad})
    assert log.read_bytes() == before


@pytest.mark.parametrize("event, message", [
    (["type", "drew"], "must be a dict"),
    ({"seat": 1}, 'missing "type"'),
    ({"type": 5}, '"type" must be a non-empty string'),
    ({"type": ""}, '"type" must be a non-empty string'),
    ({"type": "x", "v": float("nan")}, "not JSON-serialisable"),
    ({"type": "x", "v": {1, 2}}, "not JSON-serialisable"),
    ({"type": "x", 1: "int key"}, "keys must be strings"),
    ({"type": "x", "v": {None: 1}}, "keys must be strings"),
    ({"type": "x", "v": "\ud800"}, "lone surrogate"),
    ({"type": "x", "v": DEEP}, "nested more than"),
])
def test_append_rejects_bad_events(log: Path, event: Any, message: str) -> None:
    before = log.read_bytes()
    with pytest.raises(LogWriteError, match=message):
        append_event(log, event)
    assert log.read_bytes() == before


def test_append_rejects_cyclic_event(log: Path) -> None:
    cyclic: dict[str, Any] = {"type": "x"}
    cyclic["self"] = cyclic
    with pytest.raises(LogWriteError, match="not JSON-serialisable"):
        append_event(log, cyclic)


def test_append_refuses_line_readers_would_reject(log: Path) -> None:
    before = log.read_bytes()
    with pytest.raises(LogWriteError, match="line limit"):
        append_event(log, {"type": "x", "blob": "a" * 2000}, max_line_bytes=1000)
    assert log.read_bytes() == before


def test_append_events_validates_all_before_writing(log: Path) -> None:
    before = log.read_bytes()
    with pytest.raises(LogWriteError, match="seq 2"):
        append_events(log, [{"type": "ok"}, {"type": 7}])
    assert log.read_bytes() == before


def test_append_requires_existing_log(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        append_event(tmp_path / "missing.jsonl", {"type": "drew"})


def test_append_completes_unterminated_last_line(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # hand-edited, no final newline
    assert len(read_events(path)) == 2  # complete line: not torn
    append_event(path, {"type": "drew"})
    assert [e["seq"] for e in read_events(path)] == [0, 1, 2]
    assert path.read_bytes().endswith(b'}\n{"seq":2,"type":"drew"}\n')


def test_append_refuses_newer_major_log(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl",
                       '{"seq":0,"type":"match_started","format":"banakil-replay/3"}')
    with pytest.raises(LogWriteError, match="major version 3"):
        append_event(path, {"type": "drew"})


def test_a_batch_is_one_write_then_fsync(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []
    real_write, real_fsync = os.write, os.fsync

    def spy_write(fd: int, data: bytes) -> int:
        calls.append(("write", bytes(data)))
        return real_write(fd, data)

    def spy_fsync(fd: int) -> None:
        calls.append(("fsync", None))
        real_fsync(fd)

    monkeypatch.setattr(os, "write", spy_write)
    monkeypatch.setattr(os, "fsync", spy_fsync)
    append_events(log, [{"type": "a", "pad": "x" * 5000}, {"type": "b"}])
    monkeypatch.undo()
    # One write for the whole batch, so a crash leaves all of it or none.
    assert calls == [("write", b"".join(log.read_bytes().splitlines(keepends=True)[1:])),
                     ("fsync", None)]


def test_short_write_is_rolled_back(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = log.read_bytes()
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, data[: len(data) // 2]))
    with pytest.raises(OSError, match="short write"):
        append_events(log, [{"type": "a"}, {"type": "b"}])
    monkeypatch.undo()
    assert log.read_bytes() == before
    assert len(read_events(log)) == 1


# ------------------------------------------------------------- reading errors


@pytest.mark.parametrize("bad_line, message", [
    ('{"seq":2,"type":"x"', "invalid JSON"),
    ("not json", "invalid JSON"),
    ("", "a blank line"),
    ("   ", "a blank line"),
    ("[2, 3]", "must be a JSON object, not an array"),
    ('"text"', "not a string"),
    ("null", "not null"),
    ('{"type":"x"}', 'missing "seq"'),
    ('{"seq":"2","type":"x"}', '"seq" must be an integer, not a string'),
    ('{"seq":2.0,"type":"x"}', '"seq" must be an integer, not a number'),
    ('{"seq":true,"type":"x"}', '"seq" must be an integer, not a boolean'),
    ('{"seq":null,"type":"x"}', '"seq" must be an integer, not null'),
    ('{"seq":2}', 'missing "type"'),
    ('{"seq":2,"type":["x"]}', '"type" must be a non-empty string, not an array'),
    ('{"seq":2,"type":""}', '"type" must be a non-empty string'),
    ('{"seq":2,"type":"x","v":NaN}', "NaN is not valid JSON"),
    ('{"seq":2,"type":"x","v":-Infinity}', "Infinity is not valid JSON"),
    ('{"seq":2,"type":"x","k":1,"k":2}', "duplicate key 'k'"),
    ('{"seq":2,"type":"x","v":' + "9" * 5000 + "}", "invalid JSON"),
])
def test_malformed_line_reports_line_number(tmp_path: Path, bad_line: str, message: str) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), bad_line, '{"seq":3,"type":"y"}')
    with pytest.raises(LogReadError, match=message) as info:
        read_events(path)
    err = info.value
    assert isinstance(err, LogReadError) and not isinstance(err, TornLineError)
    assert (err.path, err.line) == (str(path), 3)
    line_start = len("\n".join(good_prefix())) + 1
    assert err.byte_offset is not None
    assert line_start <= err.byte_offset <= line_start + len(bad_line.encode())
    assert "line 3" in str(err) and str(path) in str(err)


def test_json_error_offset_points_into_line(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), '{"seq":2,"type":"é",,}')
    with pytest.raises(LogReadError) as info:
        read_events(path)
    line_start = len("\n".join(good_prefix()).encode()) + 1
    # The error is at the second comma: byte 21 of the line, though character 20 ("é" is two bytes).
    assert info.value.byte_offset == line_start + 21


def test_events_before_the_bad_line_are_yielded(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), "oops")
    seen = []
    with pytest.raises(LogReadError):
        for event in iter_events(path):
            seen.append(event["seq"])
    assert seen == [0, 1]


@pytest.mark.parametrize("seqs, bad_line, found, expected", [
    ([0, 1, 3], 3, 3, 2),   # gap
    ([0, 1, 1], 3, 1, 2),   # repeat
    ([0, 2, 1], 2, 2, 1),   # out of order
    ([1, 2], 1, 1, 0),      # does not start at 0
    ([0, -1], 2, -1, 1),
])
def test_non_contiguous_seq(tmp_path: Path, seqs: list[int], bad_line: int, found: int,
                            expected: int) -> None:
    lines = ['{"seq":%d,"type":"%s","format":"banakil-replay/1"}'
             % (s, "match_started" if i == 0 else "drew") for i, s in enumerate(seqs)]
    path = write_lines(tmp_path / "g.jsonl", *lines)
    with pytest.raises(LogReadError, match=f"seq {found} where {expected} was expected") as info:
        read_events(path)
    # the error is located by position: the seq this line should have carried
    assert info.value.line == bad_line and info.value.seq == expected == bad_line - 1


def test_non_utf8_bytes(tmp_path: Path) -> None:
    bad = b'{"seq":2,"type":"caf\xe9"}'
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), bad, '{"seq":3,"type":"y"}')
    with pytest.raises(LogReadError, match="not valid UTF-8") as info:
        read_events(path)
    line_start = len("\n".join(good_prefix())) + 1
    assert info.value.line == 3
    assert info.value.byte_offset == line_start + bad.index(b"\xe9")
    assert not isinstance(info.value, TornLineError)


def test_utf8_bom_is_an_error(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", b"\xef\xbb\xbf" + good_prefix()[0].encode())
    with pytest.raises(LogReadError, match="line 1"):
        read_events(path)


def test_huge_line_rejected_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    with path.open("wb") as f:
        f.write(good_prefix()[0].encode() + b"\n")
        f.write(b'{"seq":1,"type":"x","blob":"')
        for _ in range(16):
            f.write(b"a" * (1 << 20))  # 16 MiB line, no newline in sight
        f.write(b'"}\n')
    tracemalloc.start()
    try:
        with pytest.raises(LineTooLongError, match="1048576-byte limit") as info:
            read_events(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert info.value.line == 2
    assert info.value.byte_offset == len(good_prefix()[0]) + 1
    assert info.value.limit == store.DEFAULT_MAX_LINE_BYTES
    assert peak < 4 * (1 << 20), f"peak {peak} bytes: the line was buffered whole"


def test_line_cap_is_configurable(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), '{"seq":2,"type":"x","b":"%s"}' % ("z" * 300))
    with pytest.raises(LineTooLongError) as info:
        read_events(path, max_line_bytes=200)
    assert info.value.line == 3
    assert len(read_events(path, max_line_bytes=400)) == 3


def test_huge_terminated_last_line_is_too_long_not_torn(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), '{"seq":2,"type":"x","b":"%s"}' % ("z" * 300))
    with pytest.raises(LineTooLongError):
        append_event(path, {"type": "drew"}, max_line_bytes=200)


@pytest.mark.parametrize("line", [
    "[" * 100_000,
    "[" * 100_000 + "]" * 100_000,
    '{"seq":2,"type":"x","v":' + '{"a":' * 50_000 + "1" + "}" * 50_000 + "}",
])
def test_deeply_nested_json_is_a_clear_error(tmp_path: Path, line: str) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), line)
    with pytest.raises(LogReadError, match="nested more than 128 levels") as info:
        read_events(path)
    assert info.value.line == 3


def test_nesting_depth_is_configurable_and_ignores_brackets_in_strings(tmp_path: Path) -> None:
    nested = "[" * 10 + "]" * 10
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(),
                       '{"seq":2,"type":"x","s":"%s\\"[[[","v":%s}' % ("[{" * 500, nested))
    assert read_events(path)[2]["s"].startswith("[{[{")
    with pytest.raises(LogReadError, match="nested more than 5 levels"):
        read_events(path, max_depth=5)


def test_recursion_error_backstop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Even with the depth scan disabled, deep JSON is an error, not a crash.
    monkeypatch.setattr(log_lines, "_too_deep", lambda text, max_depth: None)
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), "[" * 100_000 + "]" * 100_000)
    with pytest.raises(LogReadError, match="nested too deeply"):
        read_events(path)


# ------------------------------------------------------------- format version


@pytest.mark.parametrize("first, message", [
    ('{"seq":0,"type":"drew"}', 'first event must have type "match_started"'),
    ('{"seq":0,"type":"match_started"}', 'no "format"'),
    ('{"seq":0,"type":"match_started","format":1}', '"format" must be a string'),
    ('{"seq":0,"type":"match_started","format":"chess/1"}', "not a banakil-replay format"),
    ('{"seq":0,"type":"match_started","format":"banakil-replay/x"}', "not a banakil-replay format"),
    ('{"seq":0,"type":"match_started","format":"banakil-replay/١"}', "not a banakil-replay format"),
])
def test_bad_first_event(tmp_path: Path, first: str, message: str) -> None:
    path = write_lines(tmp_path / "g.jsonl", first)
    with pytest.raises(LogReadError, match=message) as info:
        read_events(path)
    assert info.value.line == 1 and info.value.seq == 0


@pytest.mark.parametrize("fmt, major, hint", [
    ("banakil-replay/2", 2, "upgrade banakil-replay"),
    ("banakil-replay/17.3", 17, "upgrade banakil-replay"),
    ("banakil-replay/0", 0, "no converter from older major versions"),
])
def test_unknown_major_version_is_named(tmp_path: Path, fmt: str, major: int, hint: str) -> None:
    path = write_lines(tmp_path / "g.jsonl", '{"seq":0,"type":"match_started","format":"%s"}' % fmt,
                       '{"seq":1,"type":"drew"}')
    with pytest.raises(UnsupportedFormatError, match=f"major version {major}") as info:
        read_events(path)
    assert hint in str(info.value) and fmt in str(info.value)
    assert (info.value.major, info.value.format, info.value.line) == (major, fmt, 1)


def test_the_current_major_is_the_events_one() -> None:
    # One definition of the format: the store has no registry of converters of its own.
    from banakil_replay import events

    assert store.CURRENT_MAJOR == events.FORMAT_MAJOR == 1
    assert not hasattr(store, "UPCASTERS")


# ------------------------------------------------------------- torn tail and repair


def test_torn_last_line_reported_with_offset(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    size = path.stat().st_size
    with path.open("ab") as f:
        f.write(b'{"seq":2,"type":"dre')
    with pytest.raises(TornLineError, match="repair") as info:
        read_events(path)
    err = info.value
    assert (err.byte_offset, err.line, err.fragment_length) == (size, 3, 20)
    assert "torn final line" in str(err)


def test_torn_inside_multibyte_character(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    size = path.stat().st_size
    with path.open("ab") as f:
        f.write('{"seq":2,"type":"♥"}'.encode()[:19])  # cut through the 3-byte heart
    with pytest.raises(TornLineError) as info:
        read_events(path)
    assert info.value.byte_offset == size


def test_bad_utf8_on_complete_lines_is_not_torn(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), b'{"seq":2,"type":"\xff"}')
    with pytest.raises(LogReadError) as info:
        read_events(path)
    assert not isinstance(info.value, TornLineError)


def test_unterminated_but_invalid_event_is_not_torn(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"\n".join(ln.encode() for ln in good_prefix()) + b'\n{"seq":9,"type":"x"}')
    with pytest.raises(LogReadError, match="seq 9 where 2") as info:
        read_events(path)
    assert not isinstance(info.value, TornLineError)


def test_append_refuses_after_torn_tail(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    with path.open("ab") as f:
        f.write(b'{"seq":2,"ty')
    before = path.read_bytes()
    with pytest.raises(TornLineError, match=r"refusing to append.*run `banakil-replay repair "):
        append_event(path, {"type": "drew"})
    assert path.read_bytes() == before


def test_repair_moves_torn_bytes_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.jsonl"
    create_log(path, START, chain=True)
    append_events(path, [{"type": "drew", "seat": 0}, {"type": "drew", "seat": 1}])
    healthy = path.read_bytes()
    fragment = b'{"seq":3,"type":"discarded","seat":1,"ca'
    with path.open("ab") as f:
        f.write(fragment)

    order: list[tuple[str, int]] = []  # (call, inode of the file it touched)
    real_fsync, real_truncate = os.fsync, os.ftruncate

    def spy_fsync(fd: int) -> None:
        order.append(("fsync", os.fstat(fd).st_ino))
        real_fsync(fd)

    def spy_truncate(fd: int, length: int) -> None:
        order.append(("truncate", os.fstat(fd).st_ino))
        real_truncate(fd, length)

    monkeypatch.setattr(os, "fsync", spy_fsync)
    monkeypatch.setattr(os, "ftruncate", spy_truncate)
    report = repair(path)
    monkeypatch.undo()

    assert report.repaired
    assert (report.torn_offset, report.bytes_moved, report.torn_path) == (
        len(healthy), len(fragment), str(path) + ".torn")
    assert path.read_bytes() == healthy
    torn = Path(str(path) + ".torn")
    assert torn.read_bytes() == fragment + b"\n"
    # The .torn copy is made durable before the log loses the bytes.
    log_ino, torn_ino = path.stat().st_ino, torn.stat().st_ino
    assert order.index(("fsync", torn_ino)) < order.index(("truncate", log_ino)) \
        < order.index(("fsync", log_ino))
    assert len(read_events(path)) == 3
    assert append_event(path, {"type": "discarded"})["seq"] == 3  # chaining resumes after repair
    verify_chain(read_events(path))


def test_repair_appends_to_existing_torn_file(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    torn = Path(str(path) + ".torn")
    torn.write_bytes(b"earlier\n")
    with path.open("ab") as f:
        f.write(b"\x00\x01junk")
    repair(path)
    assert torn.read_bytes() == b"earlier\n\x00\x01junk\n"
    with path.open("ab") as f:
        f.write(b"[[[")
    report = repair(path)
    assert report.bytes_moved == 3
    assert torn.read_bytes() == b"earlier\n\x00\x01junk\n[[[\n"
    assert len(read_events(path)) == 2


def test_repair_is_noop_on_healthy_logs(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix())
    before = path.read_bytes()
    report = repair(path)
    assert not report.repaired
    assert (report.torn_offset, report.bytes_moved, report.torn_path) == (None, 0, None)
    assert path.read_bytes() == before and not Path(str(path) + ".torn").exists()
    path.write_bytes(before.rstrip(b"\n"))  # complete last line without newline: not torn
    assert not repair(path).repaired
    assert path.read_bytes() == before.rstrip(b"\n")


def test_repair_never_moves_a_whole_file_aside(tmp_path: Path) -> None:
    # A file that is one unparsable line has no complete line to keep: it is not
    # a log with a torn tail, and repair refuses rather than empty it.
    path = tmp_path / "g.jsonl"
    path.write_bytes(b'{"seq":0,"type":"match_sta')
    with pytest.raises(LogReadError, match="not a banakil-replay log"):
        repair(path)
    assert path.read_bytes() == b'{"seq":0,"type":"match_sta'
    assert not Path(str(path) + ".torn").exists()


def test_repair_refuses_invalid_complete_tail(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", *good_prefix(), '["parses", "but", "not", "an event"]')
    before = path.read_bytes()
    with pytest.raises(LogReadError, match="not an array"):
        repair(path)
    assert path.read_bytes() == before


# ------------------------------------------------------------- chain


def test_chain_values_follow_the_documented_formula(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    e0 = create_log(path, START, chain=True)
    e1 = append_event(path, {"type": "drew", "card": "Ω", "b": 1, "a": 2})  # chains automatically
    canon0 = json.dumps({k: v for k, v in e0.items() if k != "chain"}, sort_keys=True,
                        separators=(",", ":"), ensure_ascii=False)
    h0 = hashlib.sha256(("" + canon0).encode()).hexdigest()
    canon1 = '{"a":2,"b":1,"card":"Ω","seq":1,"type":"drew"}'
    h1 = hashlib.sha256((h0 + canon1).encode()).hexdigest()
    assert (e0["chain"], e1["chain"]) == (h0, h1)
    assert list(e1)[-1] == "chain"
    assert verify_chain(read_events(path)) == h1


def test_chain_mismatch_detected(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    create_log(path, START, chain=True)
    append_events(path, [{"type": "drew", "seat": i} for i in range(5)])
    events = read_events(path)
    events[3]["seat"] = 99
    with pytest.raises(ChainError, match="chain mismatch") as info:
        verify_chain(events)
    assert info.value.seq == 3

    # The same tampering in the file is caught by the reader, with line and seq.
    lines = path.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"seat":2', b'"seat":7')
    path.write_bytes(b"".join(lines))
    with pytest.raises(ChainError) as info:
        read_events(path)
    assert (info.value.seq, info.value.line) == (3, 4)
    assert len(read_events(path, check_chain=False)) == 6


def test_chain_missing_after_chained_event(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    create_log(path, START, chain=True)
    append_events(path, [{"type": "drew"}, {"type": "drew"}])
    events = read_events(path)
    del events[2]["chain"]
    with pytest.raises(ChainError, match="previous event is chained") as info:
        verify_chain(events)
    assert info.value.seq == 2
    with pytest.raises(LogWriteError, match="chain=False refused"):
        append_event(path, {"type": "drew"}, chain=False)


def test_chain_wrong_type(tmp_path: Path) -> None:
    events = [{"seq": 0, "type": "match_started", "format": "banakil-replay/1", "chain": 12}]
    with pytest.raises(ChainError, match="64 lowercase hex") as info:
        verify_chain(events)
    assert info.value.seq == 0
    with pytest.raises(ChainError, match="not an object"):
        verify_chain([[1]])  # type: ignore[list-item]


def test_unchained_logs_stay_valid_and_chaining_can_start_later(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    create_log(path, START)
    append_event(path, {"type": "drew"})
    assert verify_chain(read_events(path)) is None
    started = append_event(path, {"type": "drew"}, chain=True)
    assert started["chain"] == chain_hash("", started)
    follow = append_event(path, {"type": "drew"})  # default: follows the chained tail
    assert follow["chain"] == chain_hash(started["chain"], follow)
    assert verify_chain(read_events(path)) == follow["chain"]


def test_supplied_chain_must_match(log: Path) -> None:
    before = log.read_bytes()
    with pytest.raises(LogWriteError, match="does not match"):
        append_event(log, {"type": "drew", "chain": "0" * 64})
    with pytest.raises(LogWriteError, match="chain=False"):
        append_event(log, {"type": "drew", "chain": "0" * 64}, chain=False)
    assert log.read_bytes() == before


def test_verify_chain_handles_lone_surrogates(tmp_path: Path) -> None:
    # "\ud800" is a legal JSON escape; the chain must still be computable.
    event = {"seq": 0, "type": "match_started", "format": "banakil-replay/1", "x": "\ud800"}
    event["chain"] = chain_hash("", event)
    assert verify_chain([event]) == event["chain"]


# ------------------------------------------------------------- locking and concurrency


def _append_many(path: str, worker: int, count: int, barrier: Any) -> None:
    barrier.wait()
    for i in range(count):
        append_event(path, {"type": "annotated", "worker": worker, "i": i, "pad": "p" * (i % 50)})


def _fork_context() -> Any:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs the fork start method")
    return multiprocessing.get_context("fork")


def _reap(*procs: Any) -> None:
    # A child stuck on a lock must not outlive the test, or pytest would wait for it at exit.
    for proc in procs:
        proc.join(60)
        if proc.is_alive():
            proc.terminate()
            proc.join(5)


def test_two_processes_appending_concurrently(tmp_path: Path) -> None:
    ctx = _fork_context()
    path = tmp_path / "g.jsonl"
    create_log(path, START, chain=True)
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_append_many, args=(str(path), w, 200, barrier), daemon=True)
             for w in (1, 2)]
    try:
        for p in procs:
            p.start()
    finally:
        _reap(*procs)
    assert [p.exitcode for p in procs] == [0, 0]
    raw_lines = path.read_bytes().split(b"\n")
    assert raw_lines[-1] == b"" and len(raw_lines) == 402
    events = read_events(path)  # also checks every line parses and the chain holds
    assert [e["seq"] for e in events] == list(range(401))
    for worker in (1, 2):
        assert [e["i"] for e in events if e.get("worker") == worker] == list(range(200))
    verify_chain(events)


def _append_when_told(path: str, go: Any) -> None:
    go.wait(30)
    append_event(path, {"type": "drew", "by": "child"})


def test_append_waits_for_the_lock(log: Path) -> None:
    ctx = _fork_context()
    before = log.read_bytes()
    go = ctx.Event()
    # Fork before taking the lock. A child that inherited the locked descriptor
    # would hold the lock itself and wait for itself forever.
    child = ctx.Process(target=_append_when_told, args=(str(log), go), daemon=True)
    child.start()
    try:
        fd = os.open(log, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            go.set()
            time.sleep(0.5)
            assert log.read_bytes() == before, "append did not wait for the lock"
        finally:
            os.close(fd)  # releases the lock
    finally:
        _reap(child)
    assert child.exitcode == 0
    assert read_events(log)[-1]["by"] == "child"


def _finish_write(fd: int, rest: bytes) -> None:
    time.sleep(0.5)
    os.write(fd, rest)
    os.close(fd)  # the last copy of the locked descriptor: releases the lock


def test_reader_waits_out_an_append_in_flight(log: Path) -> None:
    # While a writer holds the lock with half a line written, readers must not see a torn tail.
    ctx = _fork_context()
    line = b'{"seq":1,"type":"drew"}\n'
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, line[:10])
    writer = ctx.Process(target=_finish_write, args=(fd, line[10:]), daemon=True)
    try:
        writer.start()
    finally:
        os.close(fd)  # only the child's copy holds the lock now
    try:
        events = read_events(log)
    finally:
        _reap(writer)
    assert [e["seq"] for e in events] == [0, 1]


def test_errors_are_malformed_input_errors() -> None:
    for cls in (LogReadError, TornLineError, LineTooLongError, UnsupportedFormatError, ChainError,
                LogWriteError):
        assert issubclass(cls, MalformedInputError) and issubclass(cls, ValueError)


def test_replace_file_is_all_or_nothing(tmp_path: Path) -> None:
    from banakil_replay.log.store import replace_file

    target = tmp_path / "table.json"
    target.write_text("old")
    replace_file(target, lambda tmp: Path(tmp).write_text("new"))
    assert target.read_text() == "new"

    def half(tmp: str) -> None:
        Path(tmp).write_text("ha")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        replace_file(target, half)
    assert target.read_text() == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["table.json"]
