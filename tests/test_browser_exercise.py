"""The exercise widget in a real browser: JupyterLab in headless Chromium, typed into like a learner.

A tiny notebook written into a temporary work dir shows an :class:`ExerciseWidget`; the test types
into its answer box key by key, leaves the box for the Hint button (which must not check the answer),
presses Enter on a wrong answer and waits for the engine's reason, clicks Check on the right one
(taken from the engine's own copy of the exercise) and waits for "Right.", moves on with Next, and
reads the progress file the kernel wrote. A screenshot goes to ``test-artifacts/``.

Skipped only when /usr/bin/chromium is missing and CI is not set, as ``tests/test_browser.py`` is;
the servers, the browser and the work dir come from ``tests/browser_helpers.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import browser_helpers as bh
from banakil_replay.learn import exercises, load_progress
from banakil_replay.rules import get_ruleset

NOTEBOOK = "exercise.ipynb"
KIND, SEED = "is-meld", 0
CELL = f"""from banakil_replay import ExerciseWidget
ExerciseWidget(rules="classic", kinds=["{KIND}"], seed={SEED}, progress="progress.json")"""
WIDGET = ".banakil-exercise"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    base = bh.make_workdir(tmp_path)
    bh.write_notebook(base / NOTEBOOK, CELL)
    return base


def _answer(widget: Any, text: str) -> None:
    """Type ``text`` into the answer box key by key, over whatever it held."""
    box = widget.locator(".banakil-exercise-answer input")
    box.click()
    box.press("Control+A")
    box.press("Backspace")
    box.press_sequentially(text)


def test_exercise_widget_jupyterlab(page: Any, workdir: Path) -> None:
    from playwright.sync_api import expect

    stream = exercises(get_ruleset("classic"), [KIND], seed=SEED)
    ex, following = next(stream), next(stream)
    right = ex.answer_text()
    wrong = "yes" if right == "no" else "no"
    reason = ex.check(wrong).reason
    assert reason and not ex.check(wrong).right
    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.jupyter_lab(workdir) as lab:
        try:
            bh.lab_run_all(page, lab.url(NOTEBOOK))
            widget = page.locator(WIDGET).first
            widget.wait_for(timeout=60_000)
            bh.lab_wait_idle(page)
            expect(widget.locator(".banakil-question-text")).to_have_text(ex.question)
            shown = [c.code for s in ex.shows() for c in s.cards]
            assert [c.get_attribute("data-card") for c in widget.locator("[data-card]").all()] == shown
            score = widget.locator(".banakil-score-line")
            expect(score).to_contain_text("Score: 0 of 0 right at the first try.")

            _answer(widget, right)  # typed, then the box is left for Hint: a hint, no verdict
            widget.locator(".banakil-exercise-hint").click()
            expect(widget.locator(".banakil-hint")).to_be_visible()
            expect(score).to_contain_text("Score: 0 of 0 right at the first try.")
            expect(widget.locator(".banakil-feedback")).to_have_count(0)

            _answer(widget, wrong)  # Enter: the engine's reason, word for word
            widget.locator(".banakil-exercise-answer input").press("Enter")
            expect(widget.locator(".banakil-wrong")).to_have_text("Not right.")
            expect(widget.locator(".banakil-reason-text").first).to_have_text(reason)
            expect(score).to_contain_text("Score: 0 of 1 right at the first try.")

            widget.locator(".banakil-exercise-retry").click()
            expect(widget.locator(".banakil-exercise-answer input")).to_have_value("")
            _answer(widget, right)  # Check: judged as typed, although the click comes straight after the keys
            widget.locator(".banakil-exercise-check").click()
            expect(widget.locator(".banakil-right")).to_have_text("Right.")
            expect(widget.locator(".banakil-exercise-check")).to_be_disabled()
            expect(score).to_contain_text("0 of 1 right at the first try. All sessions: 0 of 1")
            assert not bh.page_errors(page)
            bh.lab_tidy(page)
            widget.scroll_into_view_if_needed()
            page.screenshot(path=str(bh.ARTIFACTS / "exercise-widget-lab.png"))

            widget.locator(".banakil-exercise-next").click()
            expect(widget.locator(".banakil-exercise-question")).to_have_attribute("data-number", "2")
            expect(widget.locator(".banakil-question-text")).to_have_text(following.question)
            expect(widget.locator(".banakil-exercise-answer input")).to_have_value("")
            expect(widget.locator(".banakil-exercise-answer input")).to_be_enabled()
            assert not bh.page_errors(page)
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "exercise-widget-lab-failed.png"))
            raise
    saved = load_progress(workdir / "progress.json")
    assert saved.done == {ex.id} and (saved.asked, saved.right) == (1, 0)
