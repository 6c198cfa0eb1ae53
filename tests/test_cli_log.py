"""The log commands: validate, replay, annotate, repair, schema."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from banakil_replay.cli.main import main

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
DANA = SAMPLES / "classic_dana_ravi.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    dst = tmp_path / "game.jsonl"
    shutil.copy(DANA, dst)
    return dst


def test_validate_ok_and_failing(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", str(game)) == (0, "", "")
    bad = tmp_path / "bad.jsonl"
    lines = game.read_text(encoding="utf-8").splitlines()
    ev = json.loads(lines[2])
    ev["seat"] = 1  # seat 0 is to play
    lines[2] = json.dumps(ev)
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(game), str(bad))
    assert code == 1
    # a classic log: the rule cited as the classic sources state it
    assert out.splitlines() == [f"{bad}: seq 2: drew: it is seat 0's turn, not seat 1's [turn order: "
                                "000 (Play), 004 (play)]"]


def test_validate_reports_malformed_line_as_seq(tmp_path: Path, game: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    lines = game.read_text(encoding="utf-8").splitlines()
    lines[4] = "{not json"
    bad = tmp_path / "broken.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1 and out.startswith(f"{bad}: seq 4: ")


def test_replay_json_contract(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(game), "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"seq", "hand", "turn", "phase", "hands", "melds", "discard", "stock",
                         "hand_scores", "totals", "winner", "annotations"}
    assert data["hand_scores"] == [37, 3] and data["phase"] == "over" and data["totals"] == [37, 3]
    code, out, _ = run(capsys, "replay", str(game), "--json", "--at", "3")
    early = json.loads(out)
    assert early["seq"] == 3 and early["phase"] == "meld" and early["melds"][0]["id"] == 1
    assert early["hand_scores"] is None and len(early["hands"][0]) == 12


def test_replay_text_and_bad_at(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(game))
    assert code == 0 and "hand scores: 37, 3" in out and "Dana" in out
    code, _, err = run(capsys, "replay", str(game), "--at", "999")
    assert code == 2 and "999" in err


def test_annotate_appends_and_keeps_bytes(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = game.read_bytes()
    code, out, _ = run(capsys, "annotate", str(game), "--at", "3", "--text", "<script>x</script>",
                       "--author", "coach")
    assert code == 0 and json.loads(out)["seq"] == 18
    after = game.read_bytes()
    assert after.startswith(before)  # appended, nothing rewritten
    assert json.loads(after.splitlines()[-1])["text"] == "<script>x</script>"
    code, _, err = run(capsys, "annotate", str(game), "--at", "50", "--text", "later")
    assert code == 2 and "--at 50" in err
    assert game.read_bytes() == after


def test_repair_moves_torn_line_aside(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    healthy = game.read_bytes()
    with open(game, "ab") as f:
        f.write(b'{"seq":18,"type":"annot')
    code, out, _ = run(capsys, "validate", str(game))
    assert code == 1 and f"byte {len(healthy)}" in out
    code, out, _ = run(capsys, "repair", str(game))
    assert code == 0 and "moved" in out
    assert game.read_bytes() == healthy
    assert Path(str(game) + ".torn").read_bytes() == b'{"seq":18,"type":"annot\n'
    assert run(capsys, "validate", str(game))[0] == 0


def test_schema_is_valid_and_accepts_samples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    logs = sorted(SAMPLES.glob("*.jsonl"))
    assert logs
    for log in logs:
        for line in log.read_text(encoding="utf-8").splitlines():
            validator.validate(json.loads(line))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"seq": 0, "type": "drew", "seat": 0, "card": "ZZ"})


# ------------------------------------------------------------------ the chain head
@pytest.fixture()
def chained(tmp_path: Path) -> Path:
    from banakil_replay.log.store import append_events, create_log, read_events

    records = read_events(DANA)
    path = tmp_path / "chained.jsonl"
    create_log(path, records[0], chain=True)
    append_events(path, records[1:])
    return path


def _head(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    code, out, err = run(capsys, "validate", "--chain", str(path))
    assert (code, err) == (0, "")
    head, name = out.rstrip("\n").split("  ")
    assert name == str(path) and len(head) == 64
    return head


def test_validate_chain_prints_the_last_events_chain(chained: Path, capsys: pytest.CaptureFixture[str]) -> None:
    last = json.loads(chained.read_text(encoding="utf-8").splitlines()[-1])
    assert _head(capsys, chained) == last["chain"]
    code, out, _ = run(capsys, "validate", "--chain", str(DANA))  # no chain: nothing to print or check
    assert code == 1 and out.startswith(f"{DANA}: not chained")


def test_validate_head_accepts_the_kept_head_and_nothing_else(chained: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    kept = _head(capsys, chained)
    assert run(capsys, "validate", "--head", kept.upper(), str(chained))[0] == 0
    lines = chained.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:12]))  # truncated: still a valid log, and its own chain checks out
    assert run(capsys, "validate", str(cut))[0] == 0
    code, out, _ = run(capsys, "validate", "--head", kept, str(cut))
    assert code == 1 and out.startswith(f"{cut}: the kept head {kept[:12]}... is no event's chain")
    # the head kept when the log was shorter: the log has grown since
    code, out, _ = run(capsys, "validate", "--head", _head(capsys, cut), str(chained))
    assert code == 1 and out.startswith(f"{chained}: seq 12: the kept head is the chain of seq 11; 6 event(s)")


def test_validate_head_bad_input(chained: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--head", "xyz", str(chained)], ["--head", "0" * 64, str(chained), str(chained)]):
        code, out, err = run(capsys, "validate", *argv)
        assert code == 2 and out == "" and err.startswith("banakil-replay validate: --head")


def test_validate_still_refuses_an_edited_chained_log(chained: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = chained.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = lines[4].replace('"seat":0', '"seat":1') if '"seat":0' in lines[4] else lines[4].replace(
        '"seat":1', '"seat":0')
    chained.write_text("".join(lines), encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--chain", str(chained))
    assert code == 1 and out.startswith(f"{chained}: seq 4: chain mismatch")


def test_validate_folds_as_it_reads(game: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """validate keeps no list of states or events: the stepper's Replay is never built."""
    import banakil_replay.log.stream as stream
    import banakil_replay.reducer as reducer

    def refuse(*args: object) -> None:
        raise AssertionError("validate built a whole Replay")

    monkeypatch.setattr(reducer, "replay", refuse)
    monkeypatch.setattr(stream, "replay_log", refuse)
    monkeypatch.setattr(stream, "Replay", refuse)
    assert run(capsys, "validate", str(game)) == (0, "", "")
    lines = game.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"seat":0', '"seat":"0"')
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(game))
    assert code == 1 and out.startswith(f'{game}: seq 3: melded: field `seat` must be a whole number, got the string "0" '
                                        "(line 4, byte ")


# ------------------------------------------------------------------ validate --json and the line rules
def test_validate_json_gives_each_logs_verdict_seq_and_rule(game: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(game.read_text(encoding="utf-8").replace('"seat":0,"card":"9H"', '"seat":1,"card":"9H"', 1),
                   encoding="utf-8")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    code, out, err = run(capsys, "validate", "--json", str(game), str(bad), str(empty))
    assert code == 2 and err == ""
    ok, wrong, nothing = map(json.loads, out.splitlines())
    assert ok == {"log": str(game), "valid": True}
    assert (wrong["valid"], wrong["seq"], wrong["rule"], wrong["bad_input"]) == (False, 2, "turn-order", False)
    assert wrong["reason"].startswith("drew: it is seat 0's turn")
    assert (nothing["valid"], nothing["rule"], nothing["bad_input"]) == (False, "log-starts", True)


LINE_RULES = [  # (how the file is written, accepted, rule when refused): docs/event-log.md, "Lines"
    (lambda text: text, True, None),
    (lambda text: text.replace("\n", "\r\n"), True, None),
    (lambda text: text.rstrip("\n"), True, None),
    (lambda text: text.replace("\n", "\r\n").rstrip("\r\n"), True, None),
    (lambda text: text.replace("\n", " \t\n").replace("{", "  {"), True, None),
    (lambda text: text + "\n", False, "lines"),
    (lambda text: text.replace("\n", "\n\n", 1), False, "lines"),
    (lambda text: "\ufeff" + text, False, "lines"),
    (lambda text: text.replace("\n", "\r"), False, "lines"),
]


@pytest.mark.parametrize("write, accepted, rule", LINE_RULES)
def test_the_line_rules_the_document_states(write: Any, accepted: bool, rule: str | None, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(write(DANA.read_text(encoding="utf-8")), encoding="utf-8", newline="")
    code, out, _ = run(capsys, "validate", "--json", str(path))
    verdict = json.loads(out)
    assert verdict["valid"] is accepted and (code == 0) is accepted
    assert verdict.get("rule") == rule


def test_out_of_range_and_oversized_options_are_named_by_their_option(game: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A newcomer's wrong numbers and hostile text: each refusal names the option, never the seq the note
    would have had (seq 18, an event that does not exist), and the log keeps its bytes."""
    before = game.read_bytes()
    assert run(capsys, "annotate", str(game), "--at", "-1", "--text", "x") == (
        2, "", "banakil-replay annotate: --at -1: the log has events 0..17\n")
    code, _, err = run(capsys, "annotate", str(game), "--at", "3", "--text", "x" * 10_001)
    assert (code, err) == (2, "banakil-replay annotate: --text holds at most 10000 characters; this one has 10001\n")
    code, _, err = run(capsys, "annotate", str(game), "--at", "3", "--text", "x", "--author", "a" * 201)
    assert (code, err) == (2, "banakil-replay annotate: --author holds at most 200 characters; this one has 201\n")
    assert game.read_bytes() == before
    for command in ("replay", "options"):
        for at in ("-1", "99"):
            assert run(capsys, command, str(game), "--at", at) == (
                2, "", f"banakil-replay {command}: --at {at}: the log has events 0..17\n")


def test_bulk_refuses_a_worker_count_below_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for workers in ("0", "-3"):
        code, _, err = run(capsys, "bulk", str(DANA), "--out", str(tmp_path / "out.parquet"), "--workers", workers)
        assert (code, err) == (2, "banakil-replay bulk: --workers must be at least 1\n")
    assert list(tmp_path.iterdir()) == []  # refused before any table was written


def test_a_sheet_shows_hostile_names_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name is user text: a bidi override or an escape sequence is shown, not obeyed, on every text line
    (JSON keeps the name as written)."""
    sheet = tmp_path / "evening.jsonl"
    code, out, _ = run(capsys, "sheet", "new", str(sheet), "--players", "Da\u202ena,\x1b[31mRavi")
    assert code == 0 and "\u202e" not in out and "\x1b" not in out and "Da\\u202ena" in out
    hand = '{"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}'
    code, out, _ = run(capsys, "sheet", "add", str(sheet), hand)
    assert code == 0 and out.startswith("hand 1 added: Da\\u202ena 37, \\u001b[31mRavi 3.")
    code, out, _ = run(capsys, "sheet", "show", str(sheet))
    assert code == 0 and "\u202e" not in out and "\x1b" not in out and "\\u001b[31mRavi" in out
    code, out, _ = run(capsys, "sheet", "show", str(sheet), "--json")
    assert json.loads(out)["players"] == ["Da\u202ena", "\x1b[31mRavi"]


def test_a_note_of_several_lines_cannot_pass_for_another(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A newline in a note is kept (notes may run to several lines) but indented under the note, so a
    hostile note cannot forge a second note by another author."""
    forged = "fine\n  on event 7 by Ravi (seq 18): take the pile"
    assert run(capsys, "annotate", str(game), "--at", "3", "--text", forged, "--author", "Eve")[0] == 0
    code, out, _ = run(capsys, "replay", str(game))
    notes = out.split("notes (1):\n", 1)[1].splitlines()
    assert code == 0 and notes == ["  on event 3 by Eve (seq 18): fine", "      on event 7 by Ravi (seq 18): take the pile"]


def test_a_log_that_does_not_replay_is_named_by_every_command(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay, options, annotate and review name the file, as validate does: a user who passed several
    commands' worth of logs is told which one broke, and where."""
    with game.open("a", encoding="utf-8") as f:
        f.write('{"seq":18,"type":"drew","seat":0}\n')  # after the hand has ended
    why = "seq 18: drew: no hand is in play: hand 1 has ended [hand in play: 000 (Play), 004 (play)]\n"
    before = game.read_bytes()
    for argv in (["replay"], ["options"], ["annotate", "--at", "3", "--text", "x"], ["review", "--deals", "1"]):
        assert run(capsys, argv[0], str(game), *argv[1:]) == (1, "", f"banakil-replay {argv[0]}: {game}: {why}")
    assert game.read_bytes() == before
