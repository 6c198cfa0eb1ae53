"""The README's shown command outputs are what the commands print."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from banakil_replay.cli.main import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
SHOWN = re.findall(r"^\$ banakil-replay (meld[^\n]*)\n(\{[^\n]*\})$", README, flags=re.M)


def test_readme_shows_outputs() -> None:
    assert len(SHOWN) >= 2


@pytest.mark.parametrize("command, output", SHOWN)
def test_shown_output(command: str, output: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(shlex.split(command.split("#")[0]))
    assert json.loads(capsys.readouterr().out) == json.loads(output)


def test_score_example(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    m = re.search(r"^\$ echo '([^']*)' \\\n\s+\| banakil-replay score -\n(\{[^\n]*\})$", README, flags=re.M)
    assert m
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(m.group(1)))
    assert main(["score", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(m.group(2))
