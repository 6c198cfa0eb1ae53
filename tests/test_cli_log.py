"""The log commands: validate, replay, annotate, repair, schema."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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
    assert out.splitlines() == [f"{bad}: seq 2: drew: it is seat 0's turn, not seat 1's [turn order: "
                                "000 (Play), 004 (play), 002 (your turn), 003 (how a turn works)]"]


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
