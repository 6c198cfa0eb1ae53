"""Lesson 9 (replaying a game) in a real browser: JupyterLab and a standalone Voila page.

Runs the lesson's cells in headless Chromium (Debian's ``chromium``, driven by
Playwright), clicks the replay stepper's Next button and checks that the hand
drawn and the event text change; screenshots go to ``test-artifacts/``.

Skipped only when /usr/bin/chromium is missing and CI is not set; under CI
(``.ci/run`` exports CI=1) a missing chromium or playwright fails the test.
Helpers: ``tests/browser_helpers.py`` (also used by ``tools/screenshots.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import browser_helpers as bh

NOTEBOOK = "notebooks/09_replay_and_annotate.ipynb"  # the lesson that holds the stepper
START = 2  # the lesson's first stepper opens after Dana's first draw
CLICKS = 2  # event 2 -> 4: Dana's first meld, her discard


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bh.make_workdir(tmp_path_factory.mktemp("browser"))


def _check_stepper(page: Any) -> list[tuple[int, list[str], str]]:
    step = bh.stepper(page, 0)
    table = step.locator(f"{bh.TABLE} .banakil-state")
    table.wait_for(timeout=60_000)  # the first stepper's table is drawn: its cell ran
    assert bh.shown_seq(step) == START
    seen = bh.step_through(step, CLICKS)
    bh.assert_changes(seen)
    assert step.locator(f"{bh.TABLE} .banakil-card").count() >= len(seen[-1][1])  # drawn as cards
    return seen


def test_lesson9_jupyterlab(page: Any, workdir: Path) -> None:
    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.jupyter_lab(workdir) as lab:
        try:
            bh.lab_run_all(page, lab.url(NOTEBOOK))
            bh.stepper(page, 0).wait_for(timeout=60_000)
            bh.lab_wait_idle(page)
            seen = _check_stepper(page)
            assert "Dana lays a new meld" in seen[1][2] and "Dana discards" in seen[-1][2]
            assert not bh.page_errors(page)
            bh.lab_tidy(page)
            bh.stepper(page, 0).scroll_into_view_if_needed()
            page.screenshot(path=str(bh.ARTIFACTS / "lesson9-lab.png"))
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "lesson9-lab-failed.png"))
            raise


def test_lesson9_voila(page: Any, workdir: Path) -> None:
    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.voila(workdir, NOTEBOOK) as url:
        try:
            page.goto(url, timeout=90_000)  # Voila runs the notebook while it serves the page
            seen = _check_stepper(page)
            assert "Dana lays a new meld" in seen[1][2] and "Dana discards" in seen[-1][2]
            # every stepper of the notebook rendered (the last cell's too: the whole notebook ran)
            bh.stepper(page, 2).wait_for(timeout=60_000)
            assert not bh.page_errors(page)
            page.screenshot(path=str(bh.ARTIFACTS / "lesson9-voila.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "lesson9-voila-failed.png"), full_page=True)
            raise
