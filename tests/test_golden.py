"""Golden playthroughs: every sample game, step by step, must match ``tests/golden/``.

Each line records the state an event was played from, the options offered there
(counts by kind and not-allowed) and the event. Any change to the rules, the
reducer or the options generator that touches a sample game shows up here as a
diff; when the change is meant, rerun ``PYTHONPATH=. python3 tools/make_playthroughs.py``.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
DIFF_LINES = 40  # enough context to see what changed, short enough to read


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_playthroughs", ROOT / "tools" / "make_playthroughs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()
NAMES = sorted(TOOL.sources())


def test_every_sample_game_has_a_golden_file_and_no_stale_ones() -> None:
    committed = sorted(p.relative_to(GOLDEN).with_suffix("").as_posix() for p in GOLDEN.rglob("*.txt"))
    assert committed == NAMES
    assert any(n.startswith("selfplay/") for n in NAMES) and any("/" not in n for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_playthrough_matches_golden(name: str) -> None:
    made = TOOL.playthrough(TOOL.sources()[name]).splitlines()
    golden = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    if made != golden:
        diff = list(difflib.unified_diff(golden, made, f"tests/golden/{name}.txt", "regenerated", lineterm="", n=1))
        shown = "\n".join(diff[:DIFF_LINES])
        more = f"\n... ({len(diff) - DIFF_LINES} more diff lines)" if len(diff) > DIFF_LINES else ""
        pytest.fail(f"{name}: the playthrough changed (rerun tools/make_playthroughs.py if meant):\n{shown}{more}",
                    pytrace=False)


def test_golden_lines_carry_the_summary_fields() -> None:
    lines = (GOLDEN / "classic_dana_ravi.txt").read_text(encoding="utf-8").splitlines()
    draw = next(line for line in lines if '"type":"drew"' in line)
    for part in ("seq 2 ", "hand 1 seat 0 draw", "hands 18,18", "melds 0", "pile 1", "stock 69", "totals 0,0",
                 "options draw 1, take 1", "not allowed 0"):
        assert part in draw
    assert lines[-1].startswith("end | hand 1 over")
