"""Every widget of the course in a real browser, every control pressed as a learner would.

Headless Debian Chromium (Playwright) on JupyterLab and on standalone Voila pages, all on
127.0.0.1 with every other request refused and recorded:

* lesson 2's meld checker: card buttons, typing key by key (no error at "1" on the way to
  "10C"), the rule-set list, Clear, Remove last; no label cut; and its exercise widget's Hint,
  Skip and Next (Check, Enter and Retry are in ``tests/test_browser_exercise.py``);
* lesson 9 in Voila: the replay stepper's First, Back, Next, Last, the slider (keys), "go to"
  with Go clicked straight after typing and with Enter, the view list, Quiz mode, the options and
  notes panels; one seat's view walked event by event with no face-down card named on the page;
  the quiz in another seat's turn (one sentence, nothing to press) and in the learner's own
  (nothing chosen first, Reveal, the ranked options folded); the annotator's Add note, Export
  Markdown and Export CSV; no request leaves 127.0.0.1 and the console shows no error or warning
  but Voila's known version warnings (``browser_helpers.console_problems``);
* a refused sidecar note in JupyterLab (the log changed after the sidecar was opened);
* the course's tables: no cell cut to "...", seats as whole numbers, long text wrapped; and its
  charts drawn as pictures.

Screenshots of each widget go to ``test-artifacts/`` (``widgets-*.png``). Skipped only when
/usr/bin/chromium is missing and CI is not set, as the other browser tests are.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

import browser_helpers as bh
from banakil_replay.log.load import load_replay
from banakil_replay.rules import get_ruleset
from test_seat_view import face_down, named_cards

LESSON2 = "notebooks/02_cards_and_melds.ipynb"
LESSON8 = "notebooks/08_rule_sets.ipynb"
LESSON9 = "notebooks/09_replay_and_annotate.ipynb"
LESSON10 = "notebooks/10_many_games.ipynb"
SIDECAR_NB = "sidecar.ipynb"
SIDECAR_CELL = """import shutil
from banakil_replay import Annotator
game = shutil.copy("sample_games/classic_dana_ravi.jsonl", "refused.jsonl")
side = Annotator(game, sidecar=True, author="coach")
with open(game, "a", encoding="utf-8") as log:  # the log changes after its sidecar was opened
    log.write('{"seq":18,"type":"annotated","at":1,"text":"changed"}\\n')
side"""
# lesson 9's steppers, in page order (the annotator holds one of its own)
PLAIN, SEAT_VIEW, ANNOTATOR, QUIZ = 0, 1, 2, 3

# Each element whose text is wider than its box: a label cut ("1..." for "10♠", "Export Markdo...").
CUT_LABELS = """root => {
  const cut = [];
  const measure = document.createElement('canvas').getContext('2d');
  for (const el of root.querySelectorAll('button, label, select, input')) {
    if (!el.offsetParent) continue;  // not shown
    if (el.tagName === 'INPUT') {  // an empty box's placeholder
      const style = getComputedStyle(el);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (!el.value && el.placeholder && measure.measureText(el.placeholder).width > room) cut.push('input: ' + el.placeholder);
    } else if (el.tagName === 'SELECT') {
      const style = getComputedStyle(el);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.options[el.selectedIndex] ? el.options[el.selectedIndex].text : '';
      if (measure.measureText(text).width > el.clientWidth - 20) cut.push('select: ' + text);
    } else if (el.scrollWidth > el.clientWidth + 1) {
      cut.push(el.tagName.toLowerCase() + ': ' + el.textContent.trim());
    }
  }
  return cut;
}"""


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = bh.make_workdir(tmp_path_factory.mktemp("widgets"))
    bh.write_notebook(base / SIDECAR_NB, SIDECAR_CELL)
    return base


@pytest.fixture(scope="module")
def lab(workdir: Path) -> Iterator[bh.Lab]:
    with bh.jupyter_lab(workdir) as server:
        yield server


def shot(locator: Any, name: str) -> None:
    bh.ARTIFACTS.mkdir(exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(bh.ARTIFACTS / f"widgets-{name}.png"))


def no_cut_labels(widget: Any) -> None:
    cut = widget.evaluate(CUT_LABELS)
    assert not cut, f"labels cut off: {cut}"


def seq_of(step: Any) -> int:
    return bh.shown_seq(step)


def wait_seq(step: Any, seq: int, timeout: float = 20_000) -> None:
    from playwright.sync_api import expect

    expect(step.locator(f"{bh.TABLE} .banakil-state")).to_have_attribute("data-seq", str(seq), timeout=timeout)


def click(step: Any, cls: str) -> None:
    step.locator(f"button.{cls}").click()


def go_to(step: Any, number: int, *, enter: bool = False) -> None:
    """Type a number in "go to" and press Go at once (or Enter): the click may overtake the value."""
    box = step.locator(".banakil-jump input")
    box.click()
    box.press("Control+A")
    box.press_sequentially(str(number))
    if enter:
        box.press("Enter")
    else:
        step.locator("button.banakil-jump-go").click()


# ------------------------------------------------------------------ lesson 2
def test_meld_checker_every_control(page: Any, lab: bh.Lab) -> None:
    from playwright.sync_api import expect

    try:
        bh.lab_run_all(page, lab.url(LESSON2, workspace="meld"))
        checker = page.locator(".banakil-meld-checker").first
        checker.wait_for(timeout=60_000)
        bh.lab_wait_idle(page)
        result = checker.locator(".banakil-meld-result")
        expect(result).to_contain_text("Valid run")  # the lesson opens it on 10♣ 🃏 2♥
        checker.locator("button.banakil-clear").click()
        expect(result).to_contain_text("Click cards or type codes.")
        box = checker.locator(".banakil-meld-input input")
        box.click()
        for typed in "10C JC QC":  # key by key: each key's value goes to the kernel and back
            box.press_sequentially(typed)
            page.wait_for_timeout(150)
            assert checker.locator(".banakil-bad-input").count() == 0, f"an error while typing: {result.inner_text()}"
        expect(result).to_contain_text("Valid run")
        checker.locator("button.banakil-undo").click()
        expect(box).to_have_value("10C JC")
        expect(result).to_contain_text("Not a meld")
        checker.locator("button.banakil-card-10S").click()
        expect(box).to_have_value("10C JC 10S")
        checker.locator("button.banakil-clear").click()
        for code in ("AD", "2D", "3D"):
            checker.locator(f"button.banakil-card-{code}").click()
        expect(result).to_contain_text("Not a meld")  # classic: the ace plays high only
        checker.locator(".banakil-rules select").select_option(label=get_ruleset("eram").title)
        expect(result).to_contain_text("Valid run")
        assert "stands for 2♦" not in result.inner_text()
        checker.locator("button.banakil-card-JK").click()
        expect(checker.locator(".banakil-picked [data-card='JK']")).to_contain_text("🃏")
        no_cut_labels(checker)
        _exercise_skip_and_next(page.locator(".banakil-exercise").first)
        assert not bh.page_errors(page) and not page.outside
        page.evaluate("document.activeElement && document.activeElement.blur()")  # Next focused the answer box
        bh.lab_tidy(page)
        shot(checker, "lesson2-meld-checker")
    except Exception:
        page.screenshot(path=str(bh.ARTIFACTS / "widgets-lesson2-failed.png"))
        raise


def _exercise_skip_and_next(widget: Any) -> None:
    """The controls tests/test_browser_exercise.py leaves alone: Hint, Skip (shows the answer), Next."""
    from playwright.sync_api import expect

    question = widget.locator(".banakil-exercise-question")
    expect(question).to_have_attribute("data-number", "1")
    widget.locator("button.banakil-exercise-hint").click()
    expect(widget.locator(".banakil-hint")).to_contain_text("Hint:")
    widget.locator("button.banakil-exercise-skip").click()
    expect(widget.locator(".banakil-solution")).to_contain_text("The answer:")
    expect(widget.locator("button.banakil-exercise-check")).to_be_disabled()
    no_cut_labels(widget)
    shot(widget, "lesson2-exercise-skipped")
    widget.locator("button.banakil-exercise-next").click()
    expect(question).to_have_attribute("data-number", "2")
    expect(widget.locator(".banakil-solution")).to_have_count(0)


# ------------------------------------------------------------------ lesson 9
def test_lesson9_every_control_in_voila(page: Any, workdir: Path) -> None:
    with bh.voila(workdir, LESSON9) as url:
        try:
            page.goto(url, timeout=120_000)
            bh.stepper(page, QUIZ).locator(f"{bh.TABLE} .banakil-state").wait_for(timeout=120_000)
            _plain_stepper(page, bh.stepper(page, PLAIN))
            _seat_view(page, bh.stepper(page, SEAT_VIEW))
            _quiz(page, bh.stepper(page, QUIZ))
            _annotator(page, page.locator(".banakil-annotator").first)
            _tables(page, "lesson9-review-table")
            assert not bh.page_errors(page)
            assert not page.outside, f"requests off the machine: {page.outside}"
            assert not bh.console_problems(page), bh.console_problems(page)
        except Exception:
            page.screenshot(path=str(bh.ARTIFACTS / "widgets-lesson9-failed.png"), full_page=True)
            raise


def _plain_stepper(page: Any, step: Any) -> None:
    from playwright.sync_api import expect

    status = step.locator(".banakil-position")
    wait_seq(step, 2)
    click(step, "banakil-next")
    wait_seq(step, 3)
    click(step, "banakil-back-button")
    wait_seq(step, 2)
    click(step, "banakil-last")
    wait_seq(step, 17)
    expect(status).to_contain_text("Event 17 of 17")
    expect(step.locator("button.banakil-next")).to_be_disabled()
    click(step, "banakil-first")
    wait_seq(step, 0)
    handle = step.locator(".banakil-slider .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    wait_seq(step, 1)
    for number in (12, 5, 14, 9):  # Go clicked straight after typing, again and again
        go_to(step, number)
        wait_seq(step, number)
    go_to(step, 6, enter=True)  # Enter in the box goes too
    wait_seq(step, 6)
    go_to(step, 40, enter=True)
    expect(status).to_contain_text("There is no event 40")
    assert seq_of(step) == 6
    step.locator(".banakil-perspective select").select_option(label="Ravi's view (seat 1)")
    expect(step.locator(f"{bh.TABLE} .banakil-seat[data-seat='0'] .banakil-back").first).to_be_visible()
    step.locator(".banakil-perspective select").select_option(label="all hands open")
    expect(step.locator(f"{bh.TABLE} .banakil-seat[data-seat='0'] .banakil-back")).to_have_count(0)
    step.get_by_text("Notes", exact=True).click()
    expect(step.locator(".banakil-notes-panel")).to_contain_text("No notes on this step.")
    no_cut_labels(step)
    shot(step, "lesson9-stepper")


def _seat_view(page: Any, step: Any) -> None:
    """Nadia's view of the four-player sample, every event: no face-down card on the page."""
    from playwright.sync_api import expect

    rp = load_replay(bh.ROOT / "sample_games" / "classic_4p_partnership.jsonl")
    wait_seq(step, 4)
    click(step, "banakil-first")
    wait_seq(step, 0)
    seen = []
    while True:
        seq = seq_of(step)
        html = step.inner_html()
        bad = named_cards(html) & face_down(rp, seq, 0)
        assert not bad, f"Nadia's view at event {seq} names face-down cards {sorted(bad)}"
        seen.append(seq)
        if step.locator("button.banakil-next").is_disabled():
            break
        click(step, "banakil-next")
        wait_seq(step, seq + 1)
    assert seen == list(range(len(rp)))
    # quiz mode in Omar's turn: one sentence, nothing to press
    other = next(i for i, st in enumerate(rp.states) if st.in_hand and st.turn != 0)
    go_to(step, other)
    wait_seq(step, other)
    step.locator("button.banakil-quiz-toggle").click()
    prompt = step.locator(".banakil-quiz-prompt")
    expect(prompt).to_contain_text("In Nadia's view you answer for Nadia only")
    expect(step.locator("button.banakil-quiz-reveal")).to_be_hidden()
    assert "Reveal" not in step.locator(".banakil-event").inner_text()
    shot(step, "lesson9-seat-view-quiz-other-turn")
    step.locator("button.banakil-quiz-toggle").click()


def _quiz(page: Any, step: Any) -> None:
    from playwright.sync_api import expect

    wait_seq(step, 8)
    expect(step.locator(".banakil-event")).to_contain_text("Next: hidden")
    choice = step.locator(".banakil-quiz-choice select")
    nothing_chosen(page, choice)
    reveal = step.locator("button.banakil-quiz-reveal")
    reveal.click()
    expect(step.locator(".banakil-quiz-result")).to_contain_text("Pick a move from the list first.")
    texts = [t.replace("\xa0", " ") for t in choice.evaluate("s => [...s.options].map(o => o.text)")]
    choice.select_option(index=next(i for i, t in enumerate(texts) if "10♠ J♠ Q♠ K♠ A♠." in t))
    reveal.click()
    result = step.locator(".banakil-quiz-result")
    expect(result).to_contain_text("Same as the game.")
    ranked = result.locator("details.banakil-quiz-ranked")
    expect(ranked).to_have_count(1)
    assert ranked.evaluate("d => d.open") is False  # folded: the table stays in view
    box = result.bounding_box()
    assert box is not None and box["height"] < 250, f"the answer is {box} tall"
    expect(step.locator(".banakil-event")).to_contain_text("Dana lays a new meld")
    no_cut_labels(step)
    shot(step, "lesson9-quiz-revealed")
    ranked.locator("summary").click()
    expect(ranked.locator(".banakil-actual")).to_have_count(1)
    assert result.locator(".banakil-actual-part").count() == 0
    click(step, "banakil-next")
    wait_seq(step, 9)
    nothing_chosen(page, choice)


def nothing_chosen(page: Any, select: Any) -> None:
    """The list shows no move chosen (the kernel's update may come just after the table's)."""
    page.wait_for_function("s => s.options.length > 0 && s.selectedIndex === -1", arg=select.element_handle(),
                           timeout=10_000)


def _annotator(page: Any, ann: Any) -> None:
    from playwright.sync_api import expect

    step = ann.locator(bh.STEPPER)
    expect(step.locator(".banakil-position")).to_contain_text("of 17")  # the lesson's note is not a step
    ann.locator(".banakil-note-text textarea").fill("Ravi could have kept the 6♦.")
    ann.locator("button.banakil-note-add").click()
    expect(ann.locator(".banakil-note-message")).to_contain_text("Note added on event 3")
    expect(ann.locator(".banakil-note-list")).to_contain_text("Ravi could have kept the 6♦.")
    expect(step.locator(".banakil-position")).to_contain_text("Event 3 of 17 · 2 notes on it")
    click(step, "banakil-last")
    wait_seq(step, 17)  # Last lands on the game's last event, not on a note
    ann.locator("button.banakil-export-md").click()
    expect(ann.locator(".banakil-exported")).to_contain_text(".notes.md")
    ann.locator("button.banakil-export-csv").click()
    expect(ann.locator(".banakil-exported")).to_contain_text(".notes.csv")
    no_cut_labels(ann)
    shot(ann, "lesson9-annotator")


def _tables(page: Any, name: str, nan_ok: bool = False) -> None:
    """The events table and the review: whole cells (no "..."), seats as whole numbers, long text wrapped."""
    tables = page.locator("table.dataframe")
    assert tables.count() >= 2
    for i in range(tables.count()):
        table = tables.nth(i)
        cells = table.locator("td").all_inner_texts()
        assert not any(c.endswith("...") or c.endswith("…") for c in cells), f"table {i} cuts a cell"
        heads = table.locator("thead th").all_inner_texts()
        if "seat" in heads:
            col = heads.index("seat")
            seats = [row[col - 1] if len(row) >= col else "" for row in (
                r.locator("td").all_inner_texts() for r in table.locator("tbody tr").all())]
            assert seats and all(re.fullmatch(r"\d|<NA>", s) for s in seats), seats
        # long text wraps in its cell (a table of many columns may still scroll sideways, whole)
        assert table.evaluate("t => [...t.querySelectorAll('td')].every(c => getComputedStyle(c).whiteSpace "
                              "=== 'normal')"), f"table {i} does not wrap its cells"
        assert nan_ok or "NaN" not in cells, f"table {i} shows NaN"
    shot(tables.nth(tables.count() - 1), name)


# ------------------------------------------------------------ JupyterLab
def test_refused_sidecar_note_says_why(page: Any, lab: bh.Lab) -> None:
    from playwright.sync_api import expect

    try:
        bh.lab_run_all(page, lab.url(SIDECAR_NB, workspace="sidecar"))
        ann = page.locator(".banakil-annotator").first
        ann.wait_for(timeout=60_000)
        bh.lab_wait_idle(page)
        ann.locator(".banakil-note-text textarea").fill("after the change")
        ann.locator("button.banakil-note-add").click()
        message = ann.locator(".banakil-note-message")
        expect(message).to_contain_text("The note was not added: the game log refused.jsonl changed")
        assert "Error" not in message.inner_text() and "Note added" not in message.inner_text()
        assert not bh.page_errors(page) and not page.outside
        shot(ann.locator(".banakil-note-message"), "sidecar-refused")
    except Exception:
        page.screenshot(path=str(bh.ARTIFACTS / "widgets-sidecar-failed.png"))
        raise


@pytest.mark.parametrize("lesson, charts_drawn", [(LESSON8, 4), (LESSON10, 4)], ids=["lesson8", "lesson10"])
def test_charts_are_pictures_and_tables_whole(page: Any, lab: bh.Lab, lesson: str, charts_drawn: int) -> None:
    name = Path(lesson).stem.split("_")[0]
    try:
        bh.lab_run_all(page, lab.url(lesson, workspace=f"charts{name}"))
        bh.lab_wait_idle(page, timeout=180_000)
        charts = page.locator(".jp-RenderedImage img")
        charts.first.wait_for(state="attached", timeout=60_000)
        drawn = charts.evaluate_all("imgs => imgs.filter(i => i.complete && i.naturalWidth > 0).length")
        assert drawn == charts.count() == charts_drawn
        for i in range(charts.count()):  # shown at half their pixel width: sharp, and the size they were laid out at
            assert charts.nth(i).evaluate("i => i.naturalWidth >= 2 * i.clientWidth - 2"), f"chart {i} blown up"
            shot(charts.nth(i), f"lesson{name}-chart{i}")
        _tables(page, f"lesson{name}-table", nan_ok=True)  # a score a hand has not (no side 1)
        assert not bh.page_errors(page) and not page.outside
    except Exception:
        page.screenshot(path=str(bh.ARTIFACTS / f"widgets-lesson{name}-failed.png"))
        raise
