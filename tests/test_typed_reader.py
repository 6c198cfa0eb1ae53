"""The typed, streaming reader (store.iter_log / read_log) and the streaming replay (log.stream).

Most lines are decoded straight into their event by msgspec, behind cheap checks;
any line those checks cannot clear goes the long way (the strict JSON reader, then
parse_event). Whichever way a line goes, the result must be the same: here every
hostile line and every fuzz mutant is read both ways and the outcomes compared.
"""

from __future__ import annotations

import json
import random
import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

import test_fuzz_logs as fuzz
from banakil_replay.errors import BanakilError
from banakil_replay.events import EventError, Melded, parse_event
from banakil_replay.log import lines as log_lines
from banakil_replay.log import store
from banakil_replay.log.store import EventDecodeError, LogReadError, NotALogError, iter_log, read_events, read_log
from banakil_replay.log.stream import fold_log, replay_log, replay_stream
from banakil_replay.reducer import replay

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
DANA = SAMPLES / "classic_dana_ravi.jsonl"
PREFIX = [b'{"seq":0,"type":"match_started","format":"banakil-replay/1","players":["a","b"]}',
          b'{"seq":1,"type":"drew","seat":0}']


def exact(path: Path) -> Any:
    """What the strict JSON reader then parse_event make of a file: the reference."""
    try:
        records = read_events(path)
        if not records:
            return ("empty",)
        return ("events", [parse_event(r, i) for i, r in enumerate(records)])
    except EventError as e:
        return ("field", e.seq, e.reason)
    except LogReadError as e:
        return (type(e).__name__, str(e))


def typed(path: Path) -> Any:
    try:
        return ("events", read_log(path))
    except EventDecodeError as e:
        return ("field", e.seq, e.reason)
    except NotALogError as e:
        return ("empty",) if "empty" in str(e) else (type(e).__name__, str(e))
    except LogReadError as e:
        return (type(e).__name__, str(e))


HOSTILE = [
    b'{"seq":2,"type":"drew","seat":0,"seat":1}',               # duplicate field
    b'{"seq":2,"type":"drew","type":"drew","seat":0}',          # duplicate tag
    b'{"seq":2,"type":"drew","seat":0,"x":1,"x":2}',            # duplicate unknown field
    b'{"seq":2,"type":"drew","seat":0,"se\\u0061t":1}',         # duplicate once unescaped
    b'{"seq":2,"type":"drew","se\\u0061t":0}',                  # an escaped key, fine
    b'{"seq":2,"type":"annotated","at":1,"text":"x","text":"y"}',
    b'{"seq":2,"type":"annotated","at":1,"text":"a:b","author":"c:d"}',  # colons in strings
    b'{"seq":2,"type":"annotated","at":1,"text":"a\\u003ab"}',  # an escaped colon
    b'{"seq":2,"type":"drew","seat":0,"x":"\xff"}',             # not UTF-8, in a field msgspec skips
    b'{"seq":2,"type":"drew","seat":0,"card":"7H\xff"}',
    b'{"seq":2,"type":"drew","seat":0,"x":"\\ud800"}',          # lone surrogates
    b'{"seq":2,"type":"annotated","at":1,"text":"\\udc80x"}',
    b'{"seq":2,"type":"annotated","at":1,"text":"\\ud83c\\udccf"}',  # a real pair
    b'{"seq":2,"type":"drew","seat":0,"card":null}',            # explicit null optional field
    b'{"seq":2,"type":"annotated","at":1,"text":"t","author":""}',  # explicit default
    b'{"seq":2,"type":"drew","seat":' + b"9" * 5000 + b"}",     # past the int digit limit
    b'{"seq":2,"type":"drew","seat":' + b"9" * 30 + b"}",       # huge but fine for JSON
    b'{"seq":2,"type":"drew","seat":0,"x":' + b"9" * 30 + b"}",
    b'{"seq":2.0,"type":"drew","seat":0}',
    b'{"seq":"2","type":"drew","seat":0}',
    b'{"seq":true,"type":"drew","seat":0}',
    b'{"seq":2,"type":"drew","seat":0,"x":' + b"[" * 127 + b"]" * 127 + b"}",
    b'{"seq":2,"type":"drew","seat":0,"x":' + b"[" * 200 + b"]" * 200 + b"}",
    b'{"seq":2,"type":"drew","seat":0,"x":NaN}',
    b'{"seq":2,"type":"hand_scored","scores":[-Infinity]}',
    b'{"seq":2,"type":"hand_scored","scores":[1e400]}',
    b'{"seq":2,"type":"hand_scored","scores":[1, 2.5]}',
    b"", b"   ", b"\t",
    b'{"seq":2,"type":"drew","seat":0} x',
    b'{"seq":2,"type":"drew","seat":0}\r',
    b'{"seq":2,"type":"drew",\r"seat":0}',
    b'\xef\xbb\xbf{"seq":2,"type":"drew","seat":0}',
    b'{"seq":2,"type":"passed"}',
    b'{"seq":2,"type":7}',
    b'{"seq":2,"type":""}',
    b'{"seq":2,"type":"drew"}',
    b'{"seq":2,"type":"drew","seat":0,"chain":"' + b"0" * 64 + b'"}',
    b'{"seq":2,"type":"drew","seat":0,"chain":12}',
    b'{ "seq" : 2 , "type" : "drew" , "seat" : 0 }',
    b'{"seq":3,"type":"drew","seat":0}',
    b'{"seq":2,"type":"melded","seat":0,"cards":["7H","ZZ"]}',
    b'{"seq":2,"type":"discarded","seat":0,"card":"t\xe2\x99\xa5"}',
    b'[1,2]', b'"text"', b"null",
]


@pytest.mark.parametrize("line", HOSTILE)
@pytest.mark.parametrize("after", [b"", b'{"seq":3,"type":"drew","seat":1}\n', b'{"seq":3,"ty'])
def test_a_hostile_line_reads_the_same_both_ways(line: bytes, after: bytes, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(x + b"\n" for x in PREFIX) + line + b"\n" + after)
    assert typed(path) == exact(path)


def test_every_fuzz_mutant_reads_and_replays_the_same_both_ways(tmp_path: Path) -> None:
    """The fuzz test's mutants: the streaming replay reports what a whole read then a replay does."""
    path = tmp_path / "mutant.jsonl"
    kinds: dict[str, int] = {}
    for name, data, what in fuzz._mutants(random.Random(fuzz.SEED)):
        path.write_bytes(data)
        reference, got = exact(path), typed(path)
        assert got == reference, f"{name}, {what}"
        kinds[reference[0]] = kinds.get(reference[0], 0) + 1
        assert _replayed(path, streaming=True) == _replayed(path, streaming=False), f"{name}, {what}"
    assert kinds["events"] > 100 and kinds["field"] > 100 and kinds["LogReadError"] > 100, kinds


def _replayed(path: Path, *, streaming: bool) -> Any:
    try:
        if streaming:
            rp = replay_log(path)
        else:
            records = read_events(path)
            if not records:
                raise NotALogError("the file is empty", path=str(path))
            rp = replay(records)
        return ("ok", rp.events, rp.final.history)
    except EventDecodeError as e:  # the file reader's form of parse_event's EventError
        return ("field", e.seq, e.reason)
    except EventError as e:
        return ("field", e.seq, e.reason)
    except BanakilError as e:
        return (type(e).__name__, str(e))


# ------------------------------------------------------------------ what the errors name
def test_a_malformed_event_names_file_line_byte_seq_and_field(tmp_path: Path) -> None:
    lines = DANA.read_bytes().splitlines(keepends=True)
    event = json.loads(lines[3])
    assert event["type"] == "melded"
    event["cards"][1] = "ZZ"
    lines[3] = json.dumps(event, separators=(",", ":")).encode() + b"\n"
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(lines))
    with pytest.raises(EventDecodeError) as info:
        read_log(path)
    err = info.value
    assert (err.path, err.line, err.byte_offset, err.seq) == (str(path), 4, sum(map(len, lines[:3])), 3)
    assert str(err).startswith(f"{path} (line 4, byte {err.byte_offset}, seq 3): melded: field `cards[1]`: "
                               "unknown card code 'ZZ'")
    assert err.rule.id == "event-fields"


def test_a_broken_line_further_on_comes_before_a_malformed_event(tmp_path: Path) -> None:
    lines = DANA.read_bytes().splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"seat":0', b'"seat":"0"')
    lines[9] = b"{oops\n"
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(lines))
    with pytest.raises(LogReadError, match="invalid JSON") as info:
        read_log(path)
    assert info.value.line == 10 and not isinstance(info.value, EventDecodeError)
    seen = []
    with pytest.raises(LogReadError):
        for event in iter_log(path):
            seen.append(event.seq)
    assert seen == [0, 1, 2]  # nothing after the malformed event, though the file was read on


def test_replay_stream_reports_errors_as_a_whole_read_then_replay_would(tmp_path: Path) -> None:
    lines = DANA.read_bytes().splitlines(keepends=True)
    lines[2] = lines[2].replace(b'"seat":0', b'"seat":1')  # seat 1 draws out of turn: a broken rule
    lines[5] = re.sub(rb'"seat":(\d)', rb'"seat":"\1"', lines[5])  # then a malformed event
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"".join(lines))
    with pytest.raises(BanakilError, match="seat 0's turn") as info:
        fold_log(path)
    assert getattr(info.value, "seq") == 2
    path.write_bytes(b"".join(lines[:-1]) + b"[[[")  # and a torn tail: that comes first
    with pytest.raises(store.TornLineError):
        fold_log(path)


# ------------------------------------------------------------------ streaming
def _long_log(path: Path, events: int) -> Path:
    with path.open("wb") as f:
        f.write(PREFIX[0] + b"\n")
        for seq in range(1, events):
            f.write(b'{"seq":%d,"type":"annotated","at":0,"text":"%s"}\n' % (seq, b"x" * 100))
    return path


def test_iter_log_yields_as_it_reads_in_bounded_memory(tmp_path: Path) -> None:
    path = _long_log(tmp_path / "long.jsonl", 60_000)
    assert path.stat().st_size > 7_000_000
    with path.open("ab") as f:
        f.write(b"{broken\n")
    tracemalloc.start()
    try:
        count = 0
        with pytest.raises(LogReadError, match="line 60001"):
            for event in iter_log(path):
                count += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 60_000  # every event was given out before the broken line was reached
    assert peak < 3_000_000, f"peak {peak} bytes: the reader held the log"


def test_replay_stream_yields_each_state_in_turn() -> None:
    pairs = replay_stream(DANA)
    event, state = next(pairs)
    assert event.seq == 0 and state.seq == 0 and state.players == ("Dana", "Ravi")
    rest = list(pairs)
    assert [e.seq for e, _ in rest] == list(range(1, 18))
    assert rest[-1][1].totals == replay(read_events(DANA)).final.totals == fold_log(DANA).totals


def test_read_log_gives_typed_events_and_refuses_an_empty_file(tmp_path: Path) -> None:
    events = read_log(DANA)
    assert any(isinstance(e, Melded) for e in events)
    assert events == [parse_event(r, i) for i, r in enumerate(read_events(DANA))]
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(NotALogError, match="empty"):
        read_log(empty)


def test_chained_logs_read_typed_too(tmp_path: Path) -> None:
    path = tmp_path / "chained.jsonl"
    records = read_events(DANA)
    store.create_log(path, records[0], chain=True)
    store.append_events(path, read_log(DANA)[1:])  # typed events are written as their JSON
    assert read_log(path) == read_log(DANA)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[5] = re.sub(rb'"seat":(\d)', lambda m: b'"seat":' + (b"0" if m[1] == b"1" else b"1"), lines[5])
    path.write_bytes(b"".join(lines))
    with pytest.raises(store.ChainError) as info:
        read_log(path)
    assert info.value.line == 6


# ------------------------------------------------------------------ lines, a chunk at a time
def _naive_lines(data: bytes, limit: int) -> list[Any]:
    """What reading a file line by line gives: (line, offset, bytes, terminated), or the too-long line."""
    out: list[Any] = []
    offset = 0
    pieces = data.split(b"\n")
    for i, piece in enumerate(pieces):
        last = i == len(pieces) - 1
        if last and not piece:
            break
        if len(piece) > limit:
            out.append(("too long", i + 1, offset))
            break
        out.append((i + 1, offset, piece, not last))
        offset += len(piece) + 1
    return out


@pytest.mark.parametrize("chunk", [1, 3, 7, 64])
def test_lines_split_across_chunks_come_out_whole(chunk: int, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_lines, "_CHUNK", chunk)
    rng = random.Random(chunk)
    path = tmp_path / "lines.bin"
    for _ in range(300):
        data = bytes(rng.choice(b"ab\n") for _ in range(rng.randrange(0, 60)))
        limit = rng.choice([4, 10, 100])
        path.write_bytes(data)
        got: list[Any] = []
        with open(path, "rb", buffering=0) as f:
            try:
                got.extend(log_lines._numbered_lines(f, str(path), limit))
            except store.LineTooLongError as e:
                got.append(("too long", e.line, e.byte_offset))
        assert got == _naive_lines(data, limit), (data, limit)
