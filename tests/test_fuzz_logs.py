"""A bounded fuzz of the log reader and the reducer, with a fixed seed.

Every sample game is mutated in ways real damage and hostile input take: bytes
flipped, the file cut short, lines swapped, repeated or dropped, line endings
changed, and JSON values replaced (strings and numbers swapped, huge integers,
deep arrays, lone surrogates, fields deleted). Each mutant must either replay
or raise a :class:`~banakil_replay.errors.BanakilError` subclass, never any
other exception; and ``banakil-replay validate`` on a handful of them must exit
0, 1 or 2 with no traceback. The seed is fixed, so a failure reproduces.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from banakil_replay.errors import BanakilError
from banakil_replay.reducer import replay
from banakil_replay.log.store import read_log

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_games").glob("*.jsonl"))
# Whole self-played matches reach what one-hand samples do not (reshuffles, later hands, the match end).
MATCHES = sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))
SEED = 20240609
PER_SAMPLE, PER_MATCH = 600, 60  # mutants per file: a few seconds in all


# ------------------------------------------------------------------ value mutations
def _huge(_: Any, rng: random.Random) -> Any:
    return rng.choice([10**30, -(2**63) - 1, 2**64, 10**4000])


def _swap_kind(value: Any, rng: random.Random) -> Any:
    """Strings become numbers and numbers strings; anything else becomes one of them."""
    if isinstance(value, str):
        return rng.choice([0, 1, -1, 2.5, len(value)])
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return rng.choice(["x", 3, "3H"])


def _nested(value: Any, rng: random.Random) -> Any:
    for _ in range(rng.choice([2, 5, 40, 200])):
        value = [value]
    return value


VALUE_MUTATIONS: dict[str, Callable[[Any, random.Random], Any]] = {
    "swap kind": _swap_kind,
    "huge int": _huge,
    "nested arrays": _nested,
    "lone surrogate": lambda v, rng: rng.choice(["\ud800", "\udfff", "JK\udc80", "Dana\ud83d"]),
    "null": lambda v, rng: None,
    "boolean": lambda v, rng: rng.choice([True, False]),
    "empty": lambda v, rng: rng.choice(["", [], {}]),
    "negative": lambda v, rng: rng.choice([-1, -999, -0.5]),
    "long string": lambda v, rng: "A" * rng.choice([300, 20_000]),
    "other card": lambda v, rng: rng.choice(["JK", "2C", "AS", "ZZ", "10H", "jk", "♥"]),
}


def _slots(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a parsed line (the line itself excluded)."""
    out: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        out.append(path + (key,))
        out.extend(_slots(item, path + (key,)))
    return out


def _mutate_value(lines: list[bytes], rng: random.Random) -> tuple[list[bytes], str]:
    index = rng.randrange(len(lines))
    event = json.loads(lines[index])
    slots = _slots(event)
    path = rng.choice(slots)
    parent = event
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if isinstance(parent, dict) and rng.random() < 0.25:
        del parent[last]
        what = "deleted"
    else:
        what = rng.choice(sorted(VALUE_MUTATIONS))
        parent[last] = VALUE_MUTATIONS[what](parent[last], rng)
    # ensure_ascii: a lone surrogate can only be written as a \\u escape
    lines = list(lines)
    lines[index] = json.dumps(event, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return lines, f"line {index + 1} {'/'.join(map(str, path))}: {what}"


def _mutate_options(lines: list[bytes], rng: random.Random) -> tuple[bytes, str]:
    """Rule overrides in match_started: a real knob or a made-up one, with any kind of value."""
    from banakil_replay.rules import knob_accepts

    first = json.loads(lines[0])
    knob = rng.choice(sorted(knob_accepts()) + ["colour", "name", ""])
    value = VALUE_MUTATIONS[rng.choice(sorted(VALUE_MUTATIONS))](rng.choice([1, "x", [2, 4], [[2, 150]]]), rng)
    first["options"] = {**first.get("options", {}), knob: value}
    lines = [json.dumps(first, ensure_ascii=True, separators=(",", ":")).encode("ascii")] + lines[1:]
    return b"".join(line + b"\n" for line in lines), f"options {knob}: {value!r:.60}"


# ------------------------------------------------------------------ byte and line mutations
def mutate(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One random mutation of a log's bytes, and what it was."""
    lines = data.split(b"\n")[:-1]  # every line ends with \n
    kind = rng.choice(["flip", "flip", "truncate", "swap", "duplicate", "delete", "value", "value",
                       "value", "value", "endings", "splice", "options"])
    if kind == "flip":
        out = bytearray(data)
        for _ in range(rng.choice([1, 1, 2, 8])):
            pos = rng.randrange(len(out))
            out[pos] = rng.randrange(256)
        return bytes(out), "bytes flipped"
    if kind == "options":
        return _mutate_options(lines, rng)
    if kind == "truncate":
        cut = rng.randrange(len(data))
        return data[:cut], f"truncated at byte {cut}"
    if kind == "endings":
        ending = rng.choice([b"\r", b"\r\n", b"\n\n", b""])
        return data.replace(b"\n", ending), f"line endings {ending!r}"
    if kind == "splice":
        cut = rng.randrange(len(data))
        return data[:cut] + rng.choice([b"\x00" * 16, b"\xef\xbb\xbf", b"]}", b'"\\ud800"']) + data[cut:], \
            f"bytes inserted at {cut}"
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
        what = f"lines {i + 1} and {j + 1} swapped"
    elif kind == "duplicate":
        lines.insert(j, lines[i])
        what = f"line {i + 1} repeated"
    elif kind == "delete":
        del lines[i]
        what = f"line {i + 1} deleted"
    else:
        lines, what = _mutate_value(lines, rng)
    return b"".join(line + b"\n" for line in lines), what


def _mutants(rng: random.Random) -> list[tuple[str, bytes, str]]:
    out = []
    for sample, count in [(s, PER_SAMPLE) for s in SAMPLES] + [(m, PER_MATCH) for m in MATCHES]:
        data = sample.read_bytes()
        for _ in range(count):
            mutant, what = mutate(data, rng)
            out.append((sample.name, mutant, what))
    return out


def test_every_mutant_replays_or_raises_a_banakil_error(tmp_path: Path) -> None:
    assert len(SAMPLES) >= 5 and len(MATCHES) >= 5
    rng = random.Random(SEED)
    mutants = _mutants(rng)
    path = tmp_path / "mutant.jsonl"
    outcomes = {"replayed": 0, "refused": 0}
    crashes: list[str] = []
    for name, data, what in mutants:
        path.write_bytes(data)
        try:
            replay(read_log(path))
            outcomes["replayed"] += 1
        except BanakilError:
            outcomes["refused"] += 1
        except Exception as e:  # noqa: BLE001  # exactly what this test looks for
            crashes.append(f"{name}, {what}: {type(e).__name__}: {str(e)[:200]}")
    assert not crashes, f"{len(crashes)} mutants crashed, e.g.:\n" + "\n".join(crashes[:10])
    # The mutations must exercise both outcomes, or the test proves little.
    assert outcomes["refused"] > len(mutants) // 2 and outcomes["replayed"] > 10, outcomes


def test_validate_on_mutants_exits_cleanly(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    chosen = rng.sample(_mutants(rng), 24)
    paths = []
    for i, (_, data, _) in enumerate(chosen):
        paths.append(tmp_path / f"m{i:02}.jsonl")
        paths[-1].write_bytes(data)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for batch in (paths, paths[:1], paths[5:6]):
        proc = subprocess.run([sys.executable, "-m", "banakil_replay", "validate", *map(str, batch)],
                              capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode in (0, 1, 2), proc.stderr
        assert "Traceback" not in proc.stderr, proc.stderr
        named = [ln.split(":", 1)[0] for ln in proc.stdout.splitlines()]
        named += [ln.removeprefix("banakil-replay validate: ").split(" (", 1)[0].split(":", 1)[0]
                  for ln in proc.stderr.splitlines()]
        # each file is reported at most once, and only files that were given
        assert len(named) == len(set(named)) and set(named) <= {str(p) for p in batch}, (proc.stdout, proc.stderr)


# ------------------------------------------------------------------ hostile user input
# Not logs but what a user hands a command: one JSON text, a file that is no file, an endless stream.
# Every command that reads JSON must refuse these in a sentence (exit 2, or a refused line in play),
# never a traceback, and no read may hang or grow without bound.
HOSTILE_JSON = {
    "deep arrays": "[" * 1000 + "]" * 1000,
    "deep objects": '{"a":' * 1000 + "1" + "}" * 1000,
    "huge integer": '{"went_out": 0, "seats": [{"melded": ' + "9" * 4301 + ', "in_hand": 0}, '
                    '{"melded": 1, "in_hand": 0}]}',
    "lone surrogate": '{"went_out": 0, "seats": "\\ud800"}',
    "NaN": '{"went_out": 0, "seats": [{"melded": NaN, "in_hand": 0}, {"melded": 1, "in_hand": 0}]}',
    "duplicate key": '{"went_out": 0, "went_out": 1, "seats": []}',
}


class _Endless(io.RawIOBase):
    """Standard input that never ends and never has a newline (like /dev/zero)."""

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        b[:] = b"0" * len(b)
        return len(b)


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes | None) -> None:
    raw: Any = _Endless() if data is None else io.BytesIO(data)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8"))


def _no_traceback(code: int, err: str, want: int = 2) -> None:
    assert code == want, err
    assert "Traceback" not in err and err.strip(), err


@pytest.mark.parametrize("what", sorted(HOSTILE_JSON))
def test_hostile_json_is_refused_by_every_command_that_reads_json(
        what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from banakil_replay.cli.main import main

    text = HOSTILE_JSON[what]
    hand = tmp_path / "hand.json"
    hand.write_text(text, encoding="utf-8")
    sheet = tmp_path / "sheet.jsonl"
    assert main(["sheet", "new", str(sheet), "--players", "A,B"]) == 0
    before = sheet.read_bytes()
    capsys.readouterr()
    for argv, data in ((["score", str(hand)], None), (["score", "-"], text), (["sheet", "add", str(sheet), "-"], text),
                       (["sheet", "add", str(sheet), text], None), (["learn", "--progress", str(hand)], "quit\n")):
        _stdin(monkeypatch, (data or "").encode("utf-8", "surrogatepass"))
        code = main(argv)
        _no_traceback(code, capsys.readouterr().err)
    assert sheet.read_bytes() == before
    for mode in (["--json"], []):
        log = tmp_path / f"game{len(mode)}.jsonl"
        _stdin(monkeypatch, f"{text}\nquit\n".encode("utf-8", "surrogatepass"))
        assert main(["play", "--log", str(log), *mode]) == 0
        out = capsys.readouterr().out
        if mode:
            second = json.loads(out.splitlines()[1])
            assert second["ok"] is False and second["error"], second
        else:
            assert "\n? " in out, out


def _sparse(path: Path) -> Path:
    with open(path, "wb") as f:
        f.truncate(2 << 30)  # 2 GB of nothing on disk
    return path


@pytest.mark.parametrize("kind", ["fifo", "device", "sparse", "folder"])
def test_files_that_are_no_input_are_refused_before_they_are_read(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from banakil_replay.cli.main import main

    path = tmp_path / "input"
    if kind == "fifo":
        os.mkfifo(path)  # no writer: a blocking open or read would wait forever
    elif kind == "sparse":
        _sparse(path)
    elif kind == "folder":
        path.mkdir()
    target = "/dev/zero" if kind == "device" else str(path)
    for argv in (["score", target], ["learn", "--progress", target]):
        _no_traceback(main(argv), err := capsys.readouterr().err)
        assert ("cap" in err) if kind == "sparse" else ("not a regular file" in err), err


@pytest.mark.parametrize("argv", [["score", "-"], ["sheet", "add", "{sheet}", "-"], ["learn"],
                                  ["play", "--log", "{game}"], ["play", "--json", "--log", "{game}"]])
def test_endless_standard_input_is_read_only_up_to_a_cap(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from banakil_replay.cli.main import main

    sheet, game = tmp_path / "sheet.jsonl", tmp_path / "game.jsonl"
    assert main(["sheet", "new", str(sheet), "--players", "A,B"]) == 0
    argv = [a.format(sheet=sheet, game=game) for a in argv]
    _stdin(monkeypatch, None)
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert "cap" in err or "without ending" in err + out, (out[-300:], err)
    assert code == (0 if argv[0] in ("learn", "play") else 2)


def test_a_count_of_thousands_of_digits_is_refused_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from banakil_replay.cli.main import main

    _stdin(monkeypatch, ("take " + "9" * 5000 + "\nadd " + "9" * 5000 + " 7H\nquit\n").encode())
    assert main(["play", "--log", str(tmp_path / "g.jsonl")]) == 0
    out = capsys.readouterr().out
    assert out.count("\n? ") == 2, out[-500:]
