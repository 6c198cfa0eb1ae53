"""The package's public face: every name resolves, the lazy ones are listed once, the main ones have examples."""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import banakil_replay

INIT = Path(banakil_replay.__file__)

# the names a user reaches for first; each must be shown at work in a doctest
MAIN_NAMES = ["parse_card", "parse_cards", "full_deck", "point_value", "analyze_meld", "verify_meld", "can_meld",
              "verify_lay_off", "can_lay_off", "verify_joker_swap", "can_joker_swap", "score_hand", "match_status",
              "fold", "replay", "apply", "render"]
DOCTESTED = ["banakil_replay", "banakil_replay.cards", "banakil_replay.melds", "banakil_replay.scoring",
             "banakil_replay.errors", "banakil_replay.seats"]


def test_every_public_name_resolves() -> None:
    """In a fresh interpreter, so no earlier test has imported a lazy name's module already."""
    code = ("import banakil_replay as b\n"
            "missing = [n for n in b.__all__ if getattr(b, n, None) is None]\n"
            "assert not missing, missing\n"
            "assert len(set(b.__all__)) == len(b.__all__), 'a name listed twice'\n"
            "assert set(b.__all__) <= set(dir(b))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=INIT.parent.parent)
    assert proc.returncode == 0, proc.stderr


def test_the_whole_face_is_exported() -> None:
    for name in ("HandRecorded", "HandStruck", "can_meld", "can_lay_off", "can_joker_swap", "Rule", "apply",
                 "ReplayError", "MalformedEventError", "UnknownRulesetError", "render"):
        assert name in banakil_replay.__all__, name
    assert banakil_replay.Rule is importlib.import_module("banakil_replay.rulebook").Rule


def _type_checking_names() -> dict[str, str]:
    """What the ``if TYPE_CHECKING:`` block of ``__init__`` imports: name -> module (relative to the package)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    out: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names:
            assert alias.asname == alias.name, f"{alias.name}: 'import x as x' re-exports it for type checkers"
            module = node.module if node.module != "log" or alias.name != "bulk" else "log.bulk"
            out[alias.name] = module
    return out


def test_the_lazy_names_are_registered_once() -> None:
    """The registry is the one list; the block for type checkers must say the same, name for name."""
    lazy: dict[str, str] = banakil_replay._LAZY
    assert _type_checking_names() == lazy
    assert [n for n in banakil_replay.__all__ if n in lazy] == list(lazy)


def test_the_main_names_have_doctests_that_pytest_runs() -> None:
    shown = ""
    for module in DOCTESTED:
        for test in doctest.DocTestFinder().find(importlib.import_module(module)):
            shown += "".join(example.source for example in test.examples)
    missing = [name for name in MAIN_NAMES if f"{name}(" not in shown]
    assert not missing, f"no doctest shows {missing} at work"
    pyproject = (INIT.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "--doctest-modules" in pyproject and '"banakil_replay"' in pyproject  # pytest runs them
