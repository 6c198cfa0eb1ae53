"""The play table in a real browser: a whole hand played by clicking, in JupyterLab and as a Voila page.

A tiny notebook written into a temporary work dir shows a :class:`PlayTable` saving to ``game.jsonl``.
In JupyterLab the test first tries a meld of two cards (clicked one after the other, then *Meld
selected* straight away: clicks reach the kernel in the order made) and waits for the reducer's
refusal; then it plays the whole hand as a beginner would: *Draw*, click the first card of the
hand, *Discard selected*, until the hand ends. It
waits for the score card by card and the totals, opens the review and the mistakes drill (a try
judged, the move made shown), takes screenshots for ``test-artifacts/`` and checks the log validates with ``python -m banakil_replay validate``. The
Voila page plays a few of the coach's moves.

Skipped only when /usr/bin/chromium is missing and CI is not set, as ``tests/test_browser.py`` is.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import browser_helpers as bh

NOTEBOOK = "play.ipynb"
CELL = """from banakil_replay import PlayTable
PlayTable(log="game.jsonl", rules="classic", players=2, seed=1)"""
WIDGET = ".banakil-play"
TABLE = ".banakil-play-table"  # the table's HTML, with the event number it shows as data-seq
MAX_TURNS = 80


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    base = bh.make_workdir(tmp_path)
    bh.write_notebook(base / NOTEBOOK, CELL)
    return base


def assert_validates(log: Path) -> None:
    """The game the page played is a valid log, by the command a user would run."""
    proc = subprocess.run([sys.executable, "-m", "banakil_replay", "validate", str(log)],
                          capture_output=True, text=True, cwd=bh.ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def seq(widget: Any) -> int:
    return int(widget.locator(TABLE).first.get_attribute("data-seq"))


def until_moved(widget: Any, before: int, timeout: float = 30_000) -> int:
    """Wait until the table shows a later event than ``before`` (the kernel played the click)."""
    from playwright.sync_api import expect

    expect(widget.locator(TABLE).first).not_to_have_attribute("data-seq", str(before), timeout=timeout)
    return seq(widget)


def press(widget: Any, key: str, then: str) -> int:
    """Press a move button, wait for the table to move on, for that button to go (each position draws
    its own move buttons) and for the buttons ``then`` names (a CSS selector) to be there."""
    from playwright.sync_api import expect

    before = seq(widget)
    button = widget.locator(f".banakil-move-{key}").first
    handle = button.element_handle()
    button.click()
    after = until_moved(widget, before)
    handle.wait_for_element_state("hidden", timeout=30_000)  # detached counts as hidden
    expect(widget.locator(then).first).to_be_visible(timeout=30_000)
    return after


DRAW_OR_END = ".banakil-move-draw, .banakil-hand-end"


def play_a_hand(widget: Any) -> int:
    """Draw, then throw the first card of the hand, until the hand ends; the number of turns."""
    ended = widget.locator(".banakil-hand-end")
    for turns in range(MAX_TURNS):
        if ended.count():
            return turns
        press(widget, "draw", ".banakil-move-discard")
        widget.locator(".banakil-hand .banakil-card-button").first.click()
        press(widget, "discard", DRAW_OR_END)
    raise AssertionError(f"the hand did not end in {MAX_TURNS} turns")


def test_playtable_whole_hand_jupyterlab(page: Any, workdir: Path) -> None:
    from playwright.sync_api import expect

    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.jupyter_lab(workdir) as lab:
        try:
            bh.lab_run_all(page, lab.url(NOTEBOOK))
            widget = page.locator(WIDGET).first
            widget.wait_for(timeout=60_000)
            bh.lab_wait_idle(page)
            expect(widget.locator(".banakil-hand .banakil-card-button")).to_have_count(18)
            expect(widget.locator(f"{TABLE} .banakil-back").first).to_be_visible()  # the bot's hand face down
            assert "18 cards, face down" in widget.locator(TABLE).inner_text()

            start = press(widget, "draw", ".banakil-move-discard")
            cards = widget.locator(".banakil-hand .banakil-card-button")
            expect(cards).to_have_count(19)  # the card drawn has come in (where it sorts)
            cards.nth(0).click()  # three clicks in a row: no waiting between them
            cards.nth(1).click()
            widget.locator(".banakil-move-meld").click()
            expect(widget.locator(".banakil-refusal")).to_contain_text("Not allowed", timeout=20_000)
            expect(widget.locator(".banakil-refusal-rule")).to_contain_text("rule:")
            assert seq(widget) == start, "a refused move changes nothing"
            expect(widget.locator(".banakil-selected")).to_have_count(2)
            widget.scroll_into_view_if_needed()
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-lab-refused.png"))
            cards.nth(1).click()  # unselect one; the other is thrown
            expect(widget.locator(".banakil-selected")).to_have_count(1)
            press(widget, "discard", DRAW_OR_END)
            expect(widget.locator(".banakil-news")).to_contain_text("Bot 1")

            play_a_hand(widget)
            end = widget.locator(".banakil-hand-end")
            expect(end).to_contain_text("Hand 1 is over")
            expect(end.locator(".banakil-seat-score")).to_have_count(2)
            expect(end.locator(".banakil-running-totals")).to_contain_text("Totals after 1 hand")
            widget.locator(".banakil-review-button").click()
            expect(widget.locator(".banakil-stepper")).to_be_visible(timeout=30_000)
            assert not bh.page_errors(page)
            bh.lab_tidy(page)
            end.scroll_into_view_if_needed()
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-lab.png"), full_page=True)

            # throwing the first card every turn leaves mistakes to learn from: the move made is hidden
            widget.locator(".banakil-mistakes-button").click()
            drill = widget.locator(".banakil-drill")
            expect(drill.locator(".banakil-drill-stop")).to_contain_text("It is hidden", timeout=60_000)
            drill.locator(".banakil-move").first.click()  # a try: judged, never played
            expect(drill.locator(".banakil-attempt")).to_be_visible(timeout=30_000)
            drill.locator(".banakil-drill-reveal").click()
            expect(drill.locator(".banakil-drill-played")).to_contain_text("You played")
            assert not bh.page_errors(page)
            drill.scroll_into_view_if_needed()
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-lab-drill.png"))
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-lab-failed.png"), full_page=True)
            raise
    assert_validates(workdir / "game.jsonl")


def test_playtable_voila(page: Any, workdir: Path) -> None:
    from playwright.sync_api import expect

    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.voila(workdir, NOTEBOOK) as url:
        try:
            widget = bh.voila_widget(page, url, WIDGET)
            expect(widget.locator(".banakil-hand .banakil-card-button")).to_have_count(18)
            widget.locator(".banakil-coach-button").click()
            expect(widget.locator(".banakil-coach .banakil-option").first).to_be_visible(timeout=20_000)
            for _ in range(4):
                press(widget, "coach", ".banakil-move-coach")
            expect(widget.locator(".banakil-news-line").first).to_be_visible()
            widget.locator(".banakil-expert-button").click()  # the review's judge, asked: a sentence, no move
            expect(widget.locator(".banakil-expert-advice")).to_contain_text("The expert would play:",
                                                                             timeout=30_000)
            assert not bh.page_errors(page)
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-voila.png"), full_page=True)
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-voila-failed.png"), full_page=True)
            raise
    assert_validates(workdir / "game.jsonl")
