"""benchmarks/expert_regret.py runs end to end on a small log, and refuses bad input in a line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "expert_regret.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=600)


def test_two_variants_on_a_short_log(tmp_path: Path) -> None:
    out = tmp_path / "regret.json"
    done = run("--log", "sample_games/eram_hand.jsonl", "--positions", "2", "--reference-deals", "4",
               "--seeds", "0", "--jobs", "1", "--variant", "default", "small:playouts=8,settle_z=none", "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 decisions")
    assert "default {}: regret" in lines[1] and "regret less default's" in lines[2]
    assert out.exists() and '"small"' in out.read_text()


def test_bad_variants_and_logs_get_one_line() -> None:
    for args, words in ((["--variant", "x:fooo=1"], "is not key=value"),
                        (["--variant", "x:playouts=many"], "is neither a number nor none"),
                        (["--log", "no/such.jsonl"], "cannot read")):
        done = run(*args)
        assert done.returncode == 1 and words in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_logs_of_the_same_name_in_two_folders_are_kept_apart(tmp_path: Path) -> None:
    # self-play writes game-0001.jsonl into every folder it is given
    for folder, source in (("a", "eram_hand.jsonl"), ("b", "jawaker_hand.jsonl")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "game-0001.jsonl").write_text((ROOT / "sample_games" / source).read_text())
    out = tmp_path / "regret.json"
    done = run("--log", str(tmp_path / "a" / "game-0001.jsonl"), str(tmp_path / "b" / "game-0001.jsonl"),
               "--positions", "4", "--reference-deals", "2", "--seeds", "0", "--jobs", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    keys = list(json.loads(out.read_text())["default"])
    assert {Path(k.split("#")[0]).parent.name for k in keys} == {"a", "b"}, keys
