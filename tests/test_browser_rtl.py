"""The play table in Arabic, in a real browser: right to left, its card runs in their own order, nothing overlapping.

A tiny notebook shows ``PlayTable(..., lang="ar")`` as a Voila page. The test checks the table reads
right to left (the widget's computed direction, ``dir="rtl"`` on its panels, the button row mirrored:
the first button on the right), plays a few moves by clicking (draw, a card, discard), and after each
checks that every run of cards still reads left to right (the hand's buttons, and the cards of the
table's HTML, step rightwards along each row) and that no two labelled elements (buttons, the head,
the table, the news) overlap. Screenshots go to ``test-artifacts/``.

Skipped only when /usr/bin/chromium is missing and CI is not set, as ``tests/test_browser.py`` is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import browser_helpers as bh
from test_browser_playtable import DRAW_OR_END, TABLE, WIDGET, press  # type: ignore[import-not-found]

NOTEBOOK = "play-ar.ipynb"
CELL = """from banakil_replay import PlayTable
PlayTable(log="game.jsonl", rules="classic", players=2, seed=1, lang="ar")"""
HAND = ".banakil-hand .banakil-card-button"
# the panels and controls a person reads: none may sit on another
LABELLED = (".banakil-play button, .banakil-play-status, .banakil-play-table, .banakil-news, "
            ".banakil-selection, .banakil-play-message .widget-html-content > div")


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    base = bh.make_workdir(tmp_path)
    bh.write_notebook(base / NOTEBOOK, CELL)
    return base


def boxes(locator: Any) -> list[dict[str, float]]:
    """The bounding boxes of what ``locator`` finds and shows (an element with no size is not on show)."""
    found = [locator.nth(i).bounding_box() for i in range(locator.count())]
    return [b for b in found if b and b["width"] > 0 and b["height"] > 0]


def assert_reads_left_to_right(found: list[dict[str, float]], what: str) -> None:
    """Each card further along the run is to the right of the one before, on its row (a run may wrap:
    a new row starts lower, at the left)."""
    assert found, f"no {what} on show"
    for a, b in zip(found, found[1:]):
        same_row = abs(a["y"] - b["y"]) < a["height"] / 2
        if same_row:
            assert b["x"] > a["x"], f"{what}: a card at x={b['x']} comes after one at x={a['x']} on its row"
        else:
            assert b["y"] > a["y"], f"{what}: the run wraps upwards"
    rows_start = [b for a, b in zip(found, found[1:]) if abs(a["y"] - b["y"]) >= a["height"] / 2]
    left = min(b["x"] for b in found)
    for first in [found[0], *rows_start]:
        assert first["x"] - left < first["width"], f"{what}: a row starts on the right (mirrored)"


def assert_no_overlap(page: Any) -> None:
    """No two labelled elements overlap (one inside another, as a button in its row, is not an overlap)."""
    assert not bh.overlapping(page, LABELLED, at_least=6)


def assert_faces_read_rank_then_suit(widget: Any) -> None:
    """Each card face on the table (``10♥``) has its rank left of its suit: its first letter's box is
    left of its last's (an Arabic page would otherwise draw ``♥10``)."""
    backwards = widget.evaluate("""(root) => [...root.querySelectorAll('.banakil-play-table .banakil-card > span:first-child')]
        .filter(s => s.firstChild && [...s.textContent].length > 1).filter(s => {
            const t = s.firstChild, r = document.createRange();
            r.setStart(t, 0); r.setEnd(t, 1); const first = r.getBoundingClientRect().x;
            r.setStart(t, t.length - 1); r.setEnd(t, t.length); return r.getBoundingClientRect().x <= first;
        }).map(s => s.textContent)""")
    assert not backwards, f"card faces drawn backwards: {backwards}"


def check_layout(page: Any, widget: Any, shot: str) -> None:
    assert_reads_left_to_right(boxes(widget.locator(HAND)), "the hand")
    assert_reads_left_to_right(boxes(widget.locator(f"{TABLE} .banakil-pile .banakil-card")), "the discard pile")
    melds = widget.locator(f"{TABLE} .banakil-meld")
    for i in range(melds.count()):
        assert_reads_left_to_right(boxes(melds.nth(i).locator(".banakil-card")), f"meld {i + 1}")
    assert_faces_read_rank_then_suit(widget)
    assert_no_overlap(page)
    page.screenshot(path=str(bh.ARTIFACTS / shot), full_page=True)


def test_playtable_arabic_right_to_left_voila(page: Any, workdir: Path) -> None:
    from playwright.sync_api import expect

    bh.ARTIFACTS.mkdir(exist_ok=True)
    with bh.voila(workdir, NOTEBOOK) as url:
        try:
            widget = bh.voila_widget(page, url, WIDGET)
            expect(widget.locator(HAND)).to_have_count(18)
            assert widget.evaluate("e => getComputedStyle(e).direction") == "rtl"
            assert "banakil-rtl" in (widget.get_attribute("class") or "")
            expect(widget.locator('.banakil-play-head [dir="rtl"]')).to_have_count(1)
            expect(widget.locator(".banakil-to-play")).to_contain_text("الدور على")
            # a run of cards is isolated left to right inside the right-to-left page
            assert widget.locator(".banakil-hand").evaluate("e => getComputedStyle(e).direction") == "ltr"
            assert widget.locator(f"{TABLE} .banakil-cards").first.get_attribute("dir") == "ltr"
            coach, expert = (widget.locator(s).bounding_box() for s in (".banakil-coach-button",
                                                                         ".banakil-expert-button"))
            assert coach and expert and coach["x"] > expert["x"], "the button row is mirrored: the first on the right"
            expect(widget.locator(".banakil-coach-button")).to_have_text("المدرّب")
            check_layout(page, widget, "playtable-ar-start.png")

            for turn in range(3):
                press(widget, "draw", ".banakil-move-discard")
                widget.locator(HAND).first.click()
                expect(widget.locator(".banakil-selected")).to_have_count(1)
                press(widget, "discard", DRAW_OR_END)
                expect(widget.locator(".banakil-news")).to_contain_text("ما حدث")
            check_layout(page, widget, "playtable-ar.png")
            assert len(boxes(widget.locator(f"{TABLE} .banakil-pile .banakil-card"))) >= 2
            assert widget.locator(f"{TABLE} .banakil-meld").count() >= 2, "the bot's melds (seed 1) were checked"

            assert not bh.page_errors(page)
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "playtable-ar-failed.png"), full_page=True)
            raise
