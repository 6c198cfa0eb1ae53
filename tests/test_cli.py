"""The command-line contract: JSON shapes and exit codes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_meld_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "KS", "AS", "2S")
    assert code == 0
    assert json.loads(out) == {"valid": True, "kind": "run", "arrangement": ["2S", "KS", "AS"],
                               "stands_for": {"0": "QS"}, "reason": None}


def test_meld_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "KC", "KH", "KS")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False and data["kind"] is None
    assert data["arrangement"] is None and data["stands_for"] == {} and "3s and aces" in data["reason"]


def test_meld_rules_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "meld", "--rules", "eram", "AD", "2D", "3D")[0] == 0
    assert run(capsys, "meld", "AD", "2D", "3D")[0] == 1


@pytest.mark.parametrize("argv, needle", [(("meld", "7H", "8X", "9H"), "8X"),
                                          (("meld", "--rules", "nope", "7H", "8H", "9H"), "nope")])
def test_meld_bad_input(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and needle in err


def test_score_from_file_and_stdin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = {"players": 2, "went_out": 0, "all_at_once": False,
            "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(hand))
    code, out, _ = run(capsys, "score", str(f))
    assert code == 0 and json.loads(out) == {"players": [36.5, 3], "sides": [37, 3]}
    proc = subprocess.run([sys.executable, "-m", "banakil_replay", "score", "--rules", "kroot", "-"],
                          input=json.dumps({"players": 4, "went_out": 0, "seats": [
                              {"melded": 24, "in_hand": 0}, {"melded": 0, "in_hand": 2.5},
                              {"melded": 9, "in_hand": 3}, {"melded": 0, "in_hand": 4.5}]}),
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["sides"] == [53, -6]


def test_score_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.json"
    f.write_text("{not json")
    code, _, err = run(capsys, "score", str(f))
    assert code == 2 and "not valid JSON" in err
    code, _, err = run(capsys, "score", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_solve_refuses_a_hand_the_deck_cannot_hold(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "3H", "3H", "3H", "4H", "5H"]) == 2
    assert "3♥ is named 3 times; the deck holds 2 of each card" in capsys.readouterr().err


def _options(parser: Any, name: str = "banakil-replay") -> Any:
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, sp in action.choices.items():
                yield from _options(sp, f"{name} {sub}")
        elif not isinstance(action, argparse._HelpAction):
            yield name, action


def test_every_option_and_argument_has_help_text() -> None:
    from banakil_replay.cli.main import build_parser
    from banakil_replay.learn import KINDS

    options = list(_options(build_parser()))
    bare = [f"{name} {a.option_strings or a.dest}" for name, a in options if not a.help]
    assert not bare, bare
    helps = {(name, a.dest): a.help for name, a in options}
    assert " - " in helps[("banakil-replay score", "file")] or "or -" in helps[("banakil-replay score", "file")]
    assert all(kind in helps[("banakil-replay learn", "kind")] for kind in KINDS)


def test_the_bots_help_lists_exactly_the_registered_bots() -> None:
    from banakil_replay.cli.main import build_parser
    from banakil_replay.play.bots.names import BOT_WORDS, bots_help
    from banakil_replay.play.bots.selfplay import BOTS

    assert bots_help() == ", ".join(BOTS) and list(BOT_WORDS) == list(BOTS)
    helps = {name: a.help for name, a in _options(build_parser()) if "--bots" in a.option_strings}
    assert set(helps) == {"banakil-replay selfplay", "banakil-replay play"}
    assert bots_help() in helps["banakil-replay selfplay"]
    assert bots_help(words=True) in helps["banakil-replay play"]
    assert set(re.findall(r"[a-z]+(?= \()", bots_help(words=True))) == set(BOTS)  # no name but a bot's


def test_the_bots_help_is_built_without_loading_the_bots() -> None:
    code = ("import argparse, sys\n"
            "from banakil_replay.cli import selfplay, play\n"
            "sub = argparse.ArgumentParser().add_subparsers()\n"
            "selfplay.add_parsers(sub); play.add_parsers(sub)\n"
            "print('banakil_replay.play.bots.selfplay' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"  # the bots load the search and the Monte Carlo expert: not for --help


def test_the_whole_help_loads_no_bot_no_search_and_no_exercise() -> None:
    code = ("import contextlib, io, sys\n"
            "from banakil_replay.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main(['--help'])\n"
            "print(sorted(m for m, mod in sys.modules.items() if m.startswith(('banakil_replay.play.',"
            " 'banakil_replay.learn.', 'banakil_replay.notebook')) and not mod.__file__.endswith('__init__.py')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # only the name lists kept apart for the help (and their empty packages); the bots, the search and the
    # course load on use
    assert out.strip() == "['banakil_replay.learn.kind_names', 'banakil_replay.play.bots.names']", out


def test_an_empty_note_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    shutil.copy(ROOT / "sample_games" / "classic_dana_ravi.jsonl", log)
    before = log.read_bytes()
    for text in ("", "   "):
        assert main(["annotate", str(log), "--at", "1", "--text", text]) == 2
        assert "--text is empty" in capsys.readouterr().err
    assert log.read_bytes() == before


def test_selfplay_takes_plays_default_player_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "eram", "--out", str(tmp_path / "g"), "--max-hands", "1", "--bots", "random"]) in (0, 1)
    first = json.loads((tmp_path / "g" / "game-0001.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert len(first["players"]) == 4  # ERAM is played by four only
