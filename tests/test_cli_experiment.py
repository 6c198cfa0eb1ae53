"""``banakil-replay experiment``: the list, a small run with its logs, and refusals without a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banakil_replay.cli.main import main
from banakil_replay.log.load import load_replay
from banakil_replay.play.analysis.experiment import run_experiment
from banakil_replay.play.analysis.tips import TIPS, get_tip

SMALL = ["guard-jokers", "--rules", "kroot", "--players", "2", "--hands", "2", "--seed", "9"]


def test_the_list_names_every_tip_and_says_why_some_are_not_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["experiment", "--list"]) == 0
    out = capsys.readouterr().out
    for tip in TIPS:
        assert tip.id in out
    assert out.count("not played:") == sum(not t.testable for t in TIPS) > 0
    assert main(["experiment", "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [t["id"] for t in listed] == [t.id for t in TIPS]


def test_a_run_writes_its_games_as_logs_and_says_the_result(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    assert main(["experiment", *SMALL, "--out", str(out), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    tip = get_tip("guard-jokers")
    expected = run_experiment(tip.arm("habit"), tip.arm("without"), "kroot", 2, 2, seed=9)
    assert {k: got[k] for k in expected.to_json()} == expected.to_json()  # the runner's result, unchanged
    logs = sorted(out.glob("*.jsonl"))
    # guard-jokers' habit arm is the plain bot (not played); the other arm plays both sides of 2 deals
    assert [p.name for p in logs] == [f"deal-000{d}-without-side{s}.jsonl" for d in (1, 2) for s in (0, 1)]
    for p in logs:
        rp = load_replay(str(p))  # an ordinary log: it replays, and its hand was played to the end
        assert rp.final.hand_no == 1 and not rp.final.in_hand

    # the same seed again: refused while the logs are there, the same figures elsewhere
    assert main(["experiment", *SMALL, "--out", str(out)]) == 2
    assert "refusing to overwrite" in capsys.readouterr().err
    assert main(["experiment", *SMALL, "--out", str(tmp_path / "again")]) == 0
    text = capsys.readouterr().out
    iv = expected.interval
    assert f"{iv.mean:+.2f} points (95% interval {iv.low:+.2f} to {iv.high:+.2f})" in text
    assert "kroot rules, 2 players, 2 paired hands, seed 9" in text and "tip: Put a joker into a meld early" in text


@pytest.mark.parametrize("argv, message", [
    (["nope"], "unknown tip 'nope'; known: hold-set"),
    (["004-none"], "cannot be played: no tip to test"),
    ([], "name a TIP"),
    (["hold-set", "--list"], "not both"),
    (["hold-set", "--players", "3"], "2 or 4 players, not 3"),
    (["open-early", "--rules", "eram", "--players", "2"], "rule set 'eram' is played by 4 players, not 2"),
    (["hold-set", "--rules", "chess"], "unknown rule set 'chess'"),
    (["hold-set", "--hands", "1"], "--hands must be at least 2"),
    (["hold-set", "--hands", "many"], "invalid int value"),
])
def test_bad_input_is_refused_in_words(argv: list[str], message: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["experiment", *argv, "--out", str(tmp_path / "x")])
    except SystemExit as e:  # argparse's own refusals exit through the parser
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()  # nothing played, nothing written
