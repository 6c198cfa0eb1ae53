"""Every widget on a 360 px wide page, and the score sheet clicked as a table would, in headless Chromium.

A Voila page (the project's offline ``banakil`` template) shows each widget of the course in one
notebook: the meld checker, an exercise, the replay stepper (in quiz mode too), the annotator, the
score sheet and the play table. At a 360 px wide viewport (a phone, or JupyterLab beside its file
browser on a laptop) nothing may reach past the right edge: rows of buttons and card grids wrap,
boxes shrink to the room there is. At 1280 px the score sheet is driven as a table would: an empty
form and a hand one deck cannot hold are refused in words and leave the file alone, and a double
click on *Add hand* adds one hand. The replay stepper's slider readout is typed into.

Skipped only when /usr/bin/chromium is missing and CI is not set, as the other browser tests are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

import browser_helpers as bh

NOTEBOOK = "narrow.ipynb"
CELLS = {
    "meld": 'from banakil_replay import MeldChecker\nMeldChecker(cards="10C JK 2H")',
    "exercise": "from banakil_replay import ExerciseWidget\nExerciseWidget(rules='classic', kinds=['is-meld', "
                "'make-meld'], seed=1)",
    "stepper": 'from banakil_replay import ReplayStepper\nReplayStepper("sample_games/classic_4p_partnership.jsonl", '
               "seat_view=0, start=4)",
    "quiz": 'ReplayStepper("sample_games/classic_dana_ravi.jsonl", quiz=True, start=8)',
    "annotator": 'import shutil\nfrom banakil_replay import Annotator\nAnnotator(shutil.copy('
                 '"sample_games/classic_dana_ravi.jsonl", "noted.jsonl"), author="coach")',
    "sheet": 'from banakil_replay import SheetWidget\nSheetWidget("sheet.jsonl", "classic", ["Dana", "Ravi"])',
    "play": 'from banakil_replay import PlayTable\nPlayTable(log="game.jsonl", rules="classic", players=2, seed=1, '
            "resume=True, coach=True)",  # resume: a second page load runs the cell again
}
NARROW = {"width": 360, "height": 800}

# Elements whose right edge passes the page's (a horizontal scroll bar, or words cut by the edge)
OVERFLOW = """() => {
  const out = [];
  for (const area of document.querySelectorAll('.jp-OutputArea-output')) {
    const edge = area.getBoundingClientRect().right;
    for (const el of area.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !el.offsetParent) continue;
      const cut = el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1;  // a label shrunk to "..."
      if (r.right > edge + 1 || cut) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].filter(c => !c.startsWith('lm-')).join('.')} `
                 + `right=${Math.round(r.right)}/${Math.round(edge)}: ` + (el.textContent || '').trim().slice(0, 30));
      }
    }
  }
  return {width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth, out};
}"""


def write_notebook(path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS.values()]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def voila_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    base = bh.make_workdir(tmp_path_factory.mktemp("narrow"))
    write_notebook(base / NOTEBOOK)
    with bh.voila(base, NOTEBOOK) as url:
        yield url, base


def load(page: Any, url: str) -> None:
    page.goto(url, timeout=120_000)
    for widget in (".banakil-sheet-widget", ".banakil-play", ".banakil-stepper"):
        page.locator(widget).first.wait_for(timeout=120_000)
    page.locator(".banakil-play .banakil-card-button").first.wait_for(timeout=60_000)


def test_nothing_overflows_at_360_px(browser: Any, voila_page: tuple[str, Path]) -> None:
    url, _ = voila_page
    with bh.new_page(browser, NARROW) as page:
        load(page, url)
        page.wait_for_timeout(1_000)  # the last layouts settle
        found = page.evaluate(OVERFLOW)
        bh.ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(bh.ARTIFACTS / "narrow-360.png"), full_page=True)
        assert found["out"] == [], json.dumps(found["out"][:60], indent=1, ensure_ascii=False)
        assert found["scroll"] <= found["width"], found
        assert page.outside == []


def fill_sheet(sheet: Any, seats: list[tuple[str, str]]) -> None:
    for i, (melded, in_hand) in enumerate(seats):
        for box, text in ((sheet.locator(".banakil-sheet-melded input").nth(i), melded),
                          (sheet.locator(".banakil-sheet-in-hand input").nth(i), in_hand)):
            box.fill(text)
    sheet.page.wait_for_timeout(500)  # a person types slower than the boxes' values travel


def sheet_lines(base: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (base / "sheet.jsonl").read_text(encoding="utf-8").splitlines()]


def test_the_score_sheet_refuses_what_it_should_and_a_double_click_adds_one_hand(
        page: Any, voila_page: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    url, base = voila_page
    load(page, url)
    sheet = page.locator(".banakil-sheet-widget").first
    message = sheet.locator(".banakil-sheet-message")
    add = sheet.locator("button.banakil-sheet-add")
    add.click()  # nothing typed
    expect(message).to_contain_text("the boxes for every seat are empty", timeout=20_000)
    fill_sheet(sheet, [("3H 4H 5H", ""), ("", "3H 3H 3H 3H 3H 3H")])
    add.click()
    expect(message).to_contain_text("3♥ is named 7 times (Dana: 1, Ravi: 6)", timeout=20_000)
    assert [e["type"] for e in sheet_lines(base)] == ["match_started"]  # refused: nothing written
    fill_sheet(sheet, [("16.5", "0"), ("10.5", "7.5")])
    add.dblclick()
    expect(message).to_contain_text("the second click added nothing", timeout=20_000)
    expect(sheet.locator(".banakil-sheet-hand")).to_have_count(1)
    assert [e["type"] for e in sheet_lines(base)] == ["match_started", "hand_recorded"]
    expect(sheet.locator(".banakil-sheet-standing")).to_contain_text("No winner yet (Dana 37, Ravi 3; 150 to win).")
    sheet.scroll_into_view_if_needed()
    bh.ARTIFACTS.mkdir(exist_ok=True)
    sheet.screenshot(path=str(bh.ARTIFACTS / "widgets-sheet.png"))
    assert not bh.page_errors(page) and page.outside == []


def test_typing_into_the_slider_readout_moves_the_stepper(page: Any, voila_page: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    url, _ = voila_page
    load(page, url)
    step = page.locator(".banakil-stepper").first
    readout = step.locator(".banakil-slider .widget-readout")
    expect(readout).to_have_text("4")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(step.locator(f"{bh.TABLE} .banakil-state")).to_have_attribute("data-seq", "12", timeout=20_000)
    expect(readout).to_have_text("12")
    expect(step.locator(".banakil-position")).to_contain_text("Event 12 of")


def test_the_readme_voila_command_serves_lesson_9(page: Any, tmp_path: Path) -> None:
    """The README's Voila command, as written, run from a checkout whose package is an editable install
    (no template copied into the environment): the page draws lesson 9's stepper, not a blank page."""
    import re
    import shlex
    import shutil
    import subprocess

    from playwright.sync_api import expect

    readme = (bh.ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"^(JUPYTER_PATH=\S+ \.venv/bin/voila --template=banakil \S+\.ipynb)$", readme, flags=re.M)
    assert shown, "the README's Voila command"
    assignment, program, *args = shlex.split(shown.group(1))
    name, value = assignment.split("=", 1)
    base = bh.make_workdir(tmp_path)  # a copy of the checkout's notebooks: lesson 9 writes beside them
    shutil.copytree(bh.SHARE, base / "share" / "jupyter")  # where the command looks: the checkout's share/
    env = bh.jupyter_env(base)
    env.pop("JUPYTER_PATH")  # the helpers point Voila at the template; here the command must do it itself
    env[name] = value.replace("$PWD", str(base))  # as the shell expands it, in the checkout's top folder
    port = bh.free_port()
    cmd = [str(bh.BIN / Path(program).name), *args, "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--Voila.port_retries=0"]
    log = base / "voila-readme.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=base, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            bh._wait_http(proc, f"http://127.0.0.1:{port}/", log, bh.SERVER_TIMEOUT)
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            expect(page.locator(bh.STEPPER).first).to_be_visible(timeout=120_000)
        finally:
            bh.stop(proc)
    assert "TemplateNotFound" not in log.read_text(errors="replace")
    assert page.outside == []



def test_a_late_click_on_the_play_table_is_told_not_dropped(page: Any, voila_page: tuple[str, Path]) -> None:
    """A double click on *Play the coach's move*: the second click reaches the button of the position the
    first one played from, and the table says so instead of dropping it without a word."""
    from playwright.sync_api import expect

    url, _ = voila_page
    load(page, url)
    table = page.locator(".banakil-play").first
    before = int(table.locator(".banakil-play-table").first.get_attribute("data-seq"))
    table.locator(".banakil-move-coach").first.dblclick()
    expect(table.locator(".banakil-moved-on")).to_contain_text("nothing was played", timeout=30_000)
    expect(table.locator(".banakil-play-table").first).not_to_have_attribute("data-seq", str(before))
    table.locator(".banakil-coach-button").click()  # the next action clears the notice
    expect(table.locator(".banakil-moved-on")).to_have_count(0, timeout=20_000)
