"""Fixtures shared by the test files."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

import browser_helpers as bh

# The suite reads English words: a developer whose locale is Arabic still runs it in English (the language
# tests set BANAKIL_LANG and the locale themselves). Set before any test imports the package's edges.
os.environ["BANAKIL_LANG"] = "en"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium, one per test file; without it a test skips, or fails under CI."""
    problem = bh.browser_problem()
    if problem is not None:
        if bh.ci() or Path(bh.CHROMIUM).exists():
            pytest.fail(f"browser test cannot run: {problem}")
        pytest.skip(f"no browser: {problem} (CI is not set, so this is a skip; under CI it fails)")
    with bh.chromium() as b:
        yield b


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page of that browser for each test."""
    with bh.new_page(browser) as pg:
        yield pg


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that drives the browser starts JupyterLab or Voilà and Chromium: minutes, so it is slow."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
