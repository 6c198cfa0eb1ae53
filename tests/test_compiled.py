"""The optional compiled core: the path a run is on is the one asked for, and the build falls back to pure
Python instead of failing.

CI runs the suite on the pure package (``make test``) and a focused part of it again on the compiled
build (``make test-compiled``, which sets ``BANAKIL_EXPECT_COMPILED=1``): conformance, the golden
playthroughs, the fast/plain agreement tests and the solver's. So the first test here fails when the
compiled run silently got pure Python (mypyc or the C compiler fell back), and when the pure run picked
up a stray extension built into the source tree."""

from __future__ import annotations

import importlib
import os
import runpy
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
import setuptools  # type: ignore[import-untyped]  # ships no types; only its setup and Extension are used

from banakil_replay import compiled
from banakil_replay.native import COMPILED_MODULES, describe

ROOT = Path(__file__).resolve().parent.parent
EXPECT_COMPILED = os.environ.get("BANAKIL_EXPECT_COMPILED") == "1"


def test_the_path_is_the_one_asked_for() -> None:
    assert compiled() == (COMPILED_MODULES if EXPECT_COMPILED else ()), describe()


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_a_module_runs_from_the_file_compiled_names(name: str) -> None:
    path = importlib.import_module(name).__file__ or ""
    assert path.endswith(".py") == (name not in compiled()), path


def test_the_version_says_which_path(tmp_path: Path) -> None:
    # from elsewhere: `python -m` puts its working folder first on the path, and here that holds the pure sources
    # and the folder this process loaded the package from goes first: pytest may have put the sources' root
    # ahead of the compiled build on sys.path after the package was imported
    here = str(Path(importlib.import_module("banakil_replay").__file__ or "").resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([here, *sys.path])}
    done = subprocess.run([sys.executable, "-m", "banakil_replay", "--version"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())  # argparse wraps the line to the terminal's width
    assert said.endswith(", compiled (banakil_replay.fast_melds, banakil_replay.play.search.candidates, "
                                        "banakil_replay.play.search.packing, banakil_replay.play.search.solver, "
                                        "banakil_replay.play.search.going_out)"
                                        if EXPECT_COMPILED else ", pure Python"), said


def _run_setup(monkeypatch: pytest.MonkeyPatch, argv: list[str], compile_env: str | None) -> dict[str, Any]:
    """setup.py as pip's backend runs it, with setuptools.setup recording its arguments instead of building."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kw: seen.update(kw))
    monkeypatch.setattr(sys, "argv", ["setup.py", *argv])
    monkeypatch.chdir(ROOT)
    if compile_env is None:
        monkeypatch.delenv("BANAKIL_COMPILE", raising=False)
    else:
        monkeypatch.setenv("BANAKIL_COMPILE", compile_env)
    runpy.run_path(str(ROOT / "setup.py"))
    return seen


def _fake_mypyc(monkeypatch: pytest.MonkeyPatch, mypycify: Any) -> None:
    build = types.ModuleType("mypyc.build")
    build.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc", types.ModuleType("mypyc"))
    monkeypatch.setitem(sys.modules, "mypyc.build", build)


def test_the_default_install_is_pure_and_needs_no_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_mypyc(monkeypatch, lambda *a, **k: pytest.fail("mypyc ran without BANAKIL_COMPILE"))
    seen = _run_setup(monkeypatch, ["bdist_wheel"], None)
    assert seen["ext_modules"] == [] and seen["setup_requires"] == []


def test_a_compiled_build_asks_for_mypy_and_compiles_the_listed_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def mypycify(paths: list[str], **options: Any) -> list[Any]:
        asked.extend(paths)
        return [setuptools.Extension("x", ["x.c"])]

    _fake_mypyc(monkeypatch, mypycify)
    seen = _run_setup(monkeypatch, ["bdist_wheel"], "1")
    assert seen["setup_requires"] == ["mypy>=1.8"]
    assert [p for p in asked if p.endswith(".py")] == [n.replace(".", "/") + ".py" for n in COMPILED_MODULES]
    # optional: a failing C compiler skips the extension and the .py module stays
    assert [e.optional for e in seen["ext_modules"]] == [True]


def test_the_metadata_step_does_not_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_mypyc(monkeypatch, lambda *a, **k: pytest.fail("mypyc ran for the metadata"))
    assert _run_setup(monkeypatch, ["dist_info"], "1")["ext_modules"] == []


@pytest.mark.parametrize("failure", ["no mypyc", "mypyc refuses"])
def test_a_failed_compile_installs_pure_python_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], failure: str) -> None:
    if failure == "no mypyc":
        monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails
    else:
        _fake_mypyc(monkeypatch, lambda *a, **k: sys.exit(1))  # as mypyc does on code it cannot compile
    assert _run_setup(monkeypatch, ["bdist_wheel"], "1")["ext_modules"] == []
    assert "installing the pure-Python package" in capsys.readouterr().err
