"""An Arabic lesson as a static page, in a real browser: right to left, its card runs in order, nothing overlapping.

Lesson 1 in Arabic is run on a fresh kernel (as ``tests/test_course_i18n.py`` runs it), exported to HTML
with nbconvert (what a reader without a kernel gets) and opened in headless Chromium. The checks: the
markdown reads right to left (computed ``direction``); every run of cards reads left to right, both the
drawn ones (``.banakil-cards``: each face further along lies further right on its row) and the runs the
markdown isolates with LRI ... PDI (each card symbol's glyphs measured with a DOM Range); no two blocks
of text overlap. A control paragraph with a run left bare in Arabic shows the measuring would see a
reversed run. Screenshots go to ``test-artifacts/``.

Skipped only when /usr/bin/chromium is missing and CI is not set (the ``browser`` fixture in conftest).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import browser_helpers as bh

LESSON = bh.ROOT / "notebooks" / "ar" / "01_first_hand.ipynb"
MARKDOWN = ".jp-MarkdownCell"
# what a reader reads as one block: none may sit on another (one inside another is not an overlap)
BLOCKS = (f"{MARKDOWN} p, {MARKDOWN} li, {MARKDOWN} h1, {MARKDOWN} h2, {MARKDOWN} h3, {MARKDOWN} pre, "
          f"{MARKDOWN} table, .jp-InputArea, .jp-OutputArea-output")

# Every card symbol in the text nodes of what ``root`` selects, measured: one list of boxes per run. With
# ``isolated`` a run is what sits between LRI and PDI in one text node; without, the whole node.
RUNS_JS = r"""([root, isolated]) => {
    const card = /(?:10|[2-9JQKA])[♥♦♣♠]|🃏/gu, runs = [];
    for (const top of document.querySelectorAll(root)) {
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        const spans = isolated ? [...text.matchAll(/\u2066([^\u2066\u2069]*)\u2069/g)].map(m => [m.index + 1, m[1]])
                               : [[0, text]];
        for (const [start, inner] of spans) {
            const boxes = [...inner.matchAll(card)].map(m => {
                const r = document.createRange();
                r.setStart(node, start + m.index); r.setEnd(node, start + m.index + m[0].length);
                const b = r.getBoundingClientRect();
                return {x: b.x, y: b.y, width: b.width, height: b.height, card: m[0]};
            });
            if (boxes.length > 1) runs.push({text: inner, boxes});
        }
    }
    }
    return runs;
}"""


def reads_left_to_right(found: list[dict[str, Any]]) -> bool:
    """Each card further along is right of the one before on its row; a new row starts lower."""
    for a, b in zip(found, found[1:]):
        if abs(a["y"] - b["y"]) < a["height"] / 2:
            if b["x"] <= a["x"]:
                return False
        elif b["y"] < a["y"]:
            return False
    return True


def overlaps(page: Any) -> list[tuple[str, str]]:
    return bh.overlapping(page, BLOCKS, at_least=21)


@pytest.fixture(scope="module")
def lesson_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from nbconvert import HTMLExporter

    from test_notebooks import executed, shown  # type: ignore[import-not-found]

    nb = executed(LESSON)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, shown(errors[0])
    body, _resources = HTMLExporter(template_name="lab").from_notebook_node(nb)
    path = tmp_path_factory.mktemp("lesson-ar") / "01_first_hand.html"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.slow  # a kernel runs the lesson, then a browser draws it
def test_arabic_lesson_right_to_left_in_a_browser(page: Any, lesson_html: Path) -> None:
    bh.ARTIFACTS.mkdir(exist_ok=True)
    page.goto(lesson_html.as_uri(), wait_until="load")
    try:
        directions = page.eval_on_selector_all(
            f"{MARKDOWN} p, {MARKDOWN} li, {MARKDOWN} h1, {MARKDOWN} h2",
            "els => els.map(e => getComputedStyle(e).direction)")
        assert len(directions) > 10 and set(directions) == {"rtl"}, directions

        drawn = page.locator(".banakil-cards")
        assert drawn.count() >= 3, "the lesson's tables draw their cards"
        for i in range(drawn.count()):
            run = drawn.nth(i)
            assert run.evaluate("e => getComputedStyle(e).direction") == "ltr"
            faces = [b for b in (run.locator(":scope > [data-card]").nth(j).bounding_box()
                                 for j in range(run.locator(":scope > [data-card]").count())) if b]
            assert reads_left_to_right(faces), f"drawn run {i} ({run.inner_text()[:60]!r}) is mirrored"

        # the markdown's runs and any a cell printed (narration isolates its runs under Arabic)
        isolated = page.evaluate(RUNS_JS, ["body", True])
        assert any(len(run["boxes"]) >= 5 for run in isolated), isolated  # the lesson's K♦ Q♠ ... 2♣ is measured
        backwards = [run["text"] for run in isolated if not reads_left_to_right(run["boxes"])]
        assert not backwards, f"isolated runs drawn backwards: {backwards}"

        assert not overlaps(page)
        page.screenshot(path=str(bh.ARTIFACTS / "lesson-ar-01.png"), full_page=True)

        # the control: the same measuring sees a run left bare in an Arabic sentence reversed
        page.evaluate("""() => document.body.insertAdjacentHTML('afterbegin',
            '<div id="banakil-control" dir="rtl"><p>تُنزّل دانا 7♥ 8♥ 9♥ الآن</p></div>')""")
        bare = page.evaluate(RUNS_JS, ["#banakil-control", False])
        assert len(bare) == 1 and not reads_left_to_right(bare[0]["boxes"]), bare
    except Exception:
        page.screenshot(path=str(bh.ARTIFACTS / "lesson-ar-01-failed.png"), full_page=True)
        raise
