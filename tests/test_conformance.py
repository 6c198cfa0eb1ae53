"""The conformance suite in ``conformance/`` (built by ``tools/make_conformance.py``) passes, and is complete.

- every valid log replays to the JSON beside it (``replay --json``), compared as JSON values;
- every invalid log fails at the seq, with the rule id, its manifest entry gives (``validate --json``);
- the suite holds a valid log of every rule set, and its logs of the current format use every event
  type; every rule id in the manifest is a rule of the rulebook;
- rebuilding with the tool reproduces the committed files byte for byte (hand-written logs kept);
- ``conformance/check.py``, the runner another implementation uses, passes this one and fails a wrong one.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from banakil_replay.cli.main import main
from banakil_replay.events import EVENT_TYPES, FORMAT_LATEST
from banakil_replay.rulebook import by_id
from banakil_replay.rules import RULESETS

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "conformance"
MANIFEST: dict[str, Any] = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK = _load("conformance_check", SUITE / "check.py")


def cli_json(*argv: str) -> Any:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(list(argv))
    return json.loads(out.getvalue())


@pytest.mark.parametrize("case", MANIFEST["valid"], ids=lambda c: c["log"])
def test_every_valid_log_replays_to_its_expected_json(case: dict[str, Any]) -> None:
    want = json.loads((SUITE / case["expected"]).read_text(encoding="utf-8"))
    got = cli_json("replay", "--json", str(SUITE / case["log"]))
    assert CHECK.same(want, got), CHECK.first_difference(want, got)


@pytest.mark.parametrize("case", MANIFEST["invalid"], ids=lambda c: c["log"])
def test_every_invalid_log_fails_at_its_seq_with_its_rule(case: dict[str, Any]) -> None:
    verdict = cli_json("validate", "--json", str(SUITE / case["log"]))
    assert (verdict["valid"], verdict["seq"], verdict["rule"]) == (False, case["seq"], case["rule"])


def test_the_suite_covers_every_rule_set_and_event_type() -> None:
    valid = MANIFEST["valid"]
    assert {c["rules"] for c in valid} == set(RULESETS)
    current = [c for c in valid if c["format"] == FORMAT_LATEST]
    assert {t for c in current for t in c["events"]} == set(EVENT_TYPES)
    for name in RULESETS:  # a whole match under every rule set: it is won and banked
        matches = [c for c in current if c["rules"] == name and "match_banked" in c["events"]]
        assert matches, f"no complete match under {name}"
        final = json.loads((SUITE / matches[0]["expected"]).read_text(encoding="utf-8"))
        assert final["winner"] is not None
    for case in MANIFEST["invalid"]:
        by_id(case["rule"])  # KeyError for a rule id the rulebook does not have
    assert len({c["rule"] for c in MANIFEST["invalid"]}) >= 50


def test_the_tool_rebuilds_the_suite_byte_for_byte(tmp_path: Path) -> None:
    tool = _load("make_conformance", ROOT / "tools" / "make_conformance.py")
    generated = set(tool.VALID) | set(tool.RAW)
    assert {p.stem for p in (SUITE / "valid").glob("*.jsonl")} - generated == set(tool.HANDWRITTEN)
    out = tmp_path / "conformance"
    (out / "valid").mkdir(parents=True)
    for log in (SUITE / "valid").glob("*.jsonl"):
        if log.stem not in generated:  # written by hand: kept, only its expectation is computed
            shutil.copy(log, out / "valid" / log.name)
    tool.build(out)
    shipped = {p.relative_to(SUITE) for p in SUITE.rglob("*") if p.is_file() and p.name not in ("README.md", "check.py")
               and "__pycache__" not in p.parts}
    built = {p.relative_to(out) for p in out.rglob("*") if p.is_file()}
    assert built == shipped
    for rel in sorted(built):
        assert (out / rel).read_bytes() == (SUITE / rel).read_bytes(), \
            f"conformance/{rel} is stale: run PYTHONPATH=. python3 tools/make_conformance.py"


def test_the_runner_passes_this_implementation_and_fails_a_wrong_one() -> None:
    engine = f"{sys.executable} -m banakil_replay"
    env_run = ["--replay", f"{engine} replay --json {{log}}", "--validate", f"{engine} validate --json {{log}}"]
    only = ["--only", "classic-2p-match", "eram-reshuffles", "blank-line", "jawaker-locked-joker"]
    done = subprocess.run([sys.executable, str(SUITE / "check.py"), *env_run, *only], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip().endswith("4 of 4 cases pass"), done.stdout + done.stderr
    # a wrong implementation: no state at all, and every log refused at seq 3 for its lines
    wrong = ["--replay", "echo '{}'", "--validate", "echo '{\"seq\": 3, \"rule\": \"lines\"}'"]
    done = subprocess.run([sys.executable, str(SUITE / "check.py"), *wrong, *only], capture_output=True, text=True)
    assert done.returncode == 1 and "FAIL valid/classic-2p-match.jsonl: $.annotations: missing" in done.stdout
    assert "FAIL invalid/jawaker-locked-joker.jsonl: expected seq 5 rule wild-movement, got seq 3 rule lines" \
        in done.stdout
    assert done.stdout.strip().endswith("1 of 4 cases pass")  # blank-line: refused at seq 3 for its lines


def test_the_exporter_written_from_the_specification_writes_the_hand_written_logs(tmp_path: Path) -> None:
    # examples/spec_exporter.py imports nothing of banakil_replay: it is a third party's program
    source = (ROOT / "examples" / "spec_exporter.py").read_text(encoding="utf-8")
    assert "banakil_replay" not in source.split('"""', 2)[2]
    subprocess.run([sys.executable, str(ROOT / "examples" / "spec_exporter.py"), str(tmp_path)], check=True,
                   capture_output=True)
    written = sorted(p.name for p in tmp_path.glob("*.jsonl"))
    assert written == ["handwritten-classic-3p.jsonl", "handwritten-kroot-2p-chained.jsonl"]
    for name in written:
        assert (tmp_path / name).read_bytes() == (SUITE / "valid" / name).read_bytes()


def test_json_comparison_is_by_value_and_never_confuses_booleans() -> None:
    assert CHECK.same({"a": [1, 2.5]}, {"a": [1.0, 2.5]})
    assert not CHECK.same({"winner": 1}, {"winner": True}) and not CHECK.same([0], [False])
    assert not CHECK.same({"a": 1}, {"a": 1, "b": None})
