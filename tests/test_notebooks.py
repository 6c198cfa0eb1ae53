"""The course: every lesson runs top to bottom, and its executed output teaches as a static page.

Each lesson is executed once on a fresh kernel (as JupyterLab would, from the notebooks
folder). The output is then read as a page without a kernel reads it (GitHub's viewer, an
nbconvert export): markdown cells, and for each output the richest form such a page shows
(HTML, else text); code is left out, since a reader of the page learns from the words. On
that text: the five parts of a lesson, the link to the next lesson, the words of the rules
it teaches, no table cut short, and every widget with a still picture.
``make tutorial`` is checked to print lesson 1's own URL on a line of its own.
"""

from __future__ import annotations

import html
from html import escape as esc
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import MarkdownExporter

from banakil_replay.learn.glossary import loose_words, terms_used_early
from banakil_replay.learn.topics import RULE_LESSON
from banakil_replay.notebook.narrate import rule_line
from banakil_replay.play.rule_text import rule_lines
from banakil_replay.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
GUIDE = ROOT / "docs" / "how-to-play.md"
PARTS = ("What you will learn", "The rule", "Live example", "Exercise", "What you learned")
WIDGET = "application/vnd.jupyter.widget-view+json"
STATIC_ORDER = ("text/html", "text/markdown", "image/svg+xml", "image/png", "text/plain")  # what a page shows

# The words each lesson's static page must say: its rules, in the guide's terms, and what the
# engine computes for its examples (so a reader without a kernel sees the reasons too).
RULE_WORDS: dict[str, tuple[str, ...]] = {
    "01_first_hand": ("stock", "discard pile", "run", "set", "wild", "goes out", "SquareScores", "ERAM", "Kroot",
                      "Jawaker", "Ravi: 10.5 melded - 7.5 in hand = 3", "Side scores (classic)", "19th card"),
    "02_cards_and_melds": ("106", "wild", "natural", "½", "1½", "at most one 2", "never a 2", "three or four",
                           "only 3s and aces make sets", "an ace plays high only", "A-2-3",
                           "a meld may hold only one joker"),
    "03_a_turn": ("draw", "meld", "discard", "to the right", "19th card", "69", "must draw before melding",
                  "drew -> melded -> discarded | accepted", "Options for Dana (draw phase)",
                  "Player (seat 0) to play", "18 cards, face down", "Options for Player (draw phase)"),
    "04_the_discard_pile": ("every card above", "may not throw back", "Kroot",
                            "may not be thrown straight back", "taken from the pile this turn and may not be discarded",
                            "Ravi takes 8♦ 5♦ (top card last): he may discard any card", "Not allowed here",
                            "nor the other copy of it", "Ravi holds 2 copies of 5♦", "Not allowed: 5♦"),
    "05_adding_and_swapping": ("your own", "partner", "never", "opponent", "laid at least one meld",
                               "must meld something of his own before touching his partner's melds",
                               "nobody touches an opponent's melds", "only that exact card may replace it",
                               "may not move", "take the joker"),
    "06_going_out_and_scoring": ("+20", "never melded", "−20", "flat -20", "dhamoon", "flat 40", "rounded",
                                 "dead", "nobody scores", "The stock has run out", "44.5",
                                 "24.5 melded - 0 in hand + 20 for going out = 44.5", "score sheet",
                                 "No winner yet (Dana 37, Ravi 3; 150 to win)."),
    "07_partnerships": ("opposite", "subtracts", "classic-sum", "20 plus every card", "whoever laid it",
                        "scores only seat 2's score", "North-South 45, East-West 9", "never melding"),
    "08_rule_sets": ("classic", "jawaker", "eram", "kroot", "cold hand", "51", "101", "102", "source slip",
                     "a partnership's score", "not a meld", "no special score: an ordinary hand",
                     "dhamoon: a flat 40 for the player", "thirteen places"),
    "09_replay_and_annotate": ("log", "fold", "refused", "may not be thrown straight back", "notes",
                               "quiz", "which move would you make", "Played:", "questionable"),
    "10_many_games": ("target", "150", "203", "303", "222", "202", "lead of more than 5", "tie-break",
                      "over: True", "could not be replayed", "written as 0, then 6", "carried 15",
                       "any player may bank it"),
    "11_playing_well": ("guard your jokers", "hold a finished set", "partner", "−20", "cold hand", "discard pile",
                        "same shuffled deck", "seats swapped", "95% interval", "points per hand",
                        "guard-jokers: 4 paired hands", "made by, for example: banakil-replay experiment"),
}

_executed: dict[Path, nbformat.NotebookNode] = {}


def executed(path: Path) -> nbformat.NotebookNode:
    """The lesson run once on a fresh kernel (cached: the checks below share one run)."""
    if path not in _executed:
        nb = nbformat.read(path, as_version=4)
        # run from the notebook's folder, as JupyterLab does, so relative paths mean the same
        NotebookClient(nb, timeout=180, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        _executed[path] = nb
    return _executed[path]


def shown(output: dict) -> str:
    """What a page without a kernel shows of one output: the first form it can draw."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    if output.get("output_type") == "error":
        return "\n".join(output.get("traceback", []))
    data = output.get("data", {})
    for kind in STATIC_ORDER:
        if kind in data:
            return "" if kind.startswith("image/") else str(data[kind])
    return ""


def page_text(nb: nbformat.NotebookNode) -> str:
    """The lesson as words: markdown, and the static form of every output, HTML read as text."""
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        elif cell.cell_type == "code":
            parts += [shown(o) for o in cell.get("outputs", [])]
    text = "\n".join(parts)
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"[ \t]+", " ", html.unescape(text))


def test_lessons_are_numbered_in_order() -> None:
    names = [p.stem for p in NOTEBOOKS]
    assert names == sorted(RULE_WORDS), "every lesson needs its rule words below, and only lessons are here"
    assert [int(n[:2]) for n in names] == list(range(1, len(names) + 1))


@pytest.mark.slow  # each lesson runs once on a kernel (executed), 15-25 s; the tests below share that run
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_runs(path: Path) -> None:
    errors = [o for c in executed(path).cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, shown(errors[0])


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_has_the_five_parts_in_order(path: Path) -> None:
    headings = [line[3:].strip() for cell in executed(path).cells if cell.cell_type == "markdown"
                for line in cell.source.splitlines() if line.startswith("## ")]
    found = [next((i for i, h in enumerate(headings) if h.startswith(part)), None) for part in PARTS]
    assert None not in found, f"missing parts: {[p for p, i in zip(PARTS, found) if i is None]}"
    assert found == sorted(found), f"parts out of order: {headings}"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_exercise_is_checked_by_the_engine(path: Path) -> None:
    """Each lesson's exercise: the engine-checked widget (lesson 9 quizzes with the stepper instead),
    whose still picture shows its question on a static page."""
    cells = executed(path).cells
    widget = [c for c in cells if c.cell_type == "code" and "ExerciseWidget(" in c.source]
    if path.stem.startswith("09"):
        assert not widget and any("quiz=True" in c.source for c in cells if c.cell_type == "code")
        return
    if path.stem.startswith("11"):  # no rule to check: its exercise is an experiment to run
        assert not widget and any("banakil-replay experiment" in c.source for c in cells if c.cell_type == "markdown")
        return
    assert len(widget) == 1, path.stem
    still = " ".join(shown(o) for o in widget[0].get("outputs", []))
    assert "?" in still, "the widget's still picture asks its question"


def _first_id(source: str) -> str | None:
    """The id of the exercise a widget call asks first: ``first='id'``, or the id a built exercise is given."""
    m = re.search(r"first=(?:'([^']+)'|\w+\('([^']+)')", source)
    return (m.group(1) or m.group(2)) if m else None


# lessons 9 and 11 ask no question of their own: their boxes are practice on earlier lessons' kinds
ASKING = [p for p in NOTEBOOKS if not p.stem.startswith(("09", "11"))]


@pytest.mark.slow
@pytest.mark.parametrize("path", ASKING, ids=[p.stem for p in ASKING])
def test_the_still_asks_what_the_text_asks_and_folds_the_answers(path: Path) -> None:
    """The widget starts with the lesson's own question (its still shows it), and no answer shows unasked."""
    cells = executed(path).cells
    (widget,) = [c for c in cells if c.cell_type == "code" and "ExerciseWidget(" in c.source]
    first = _first_id(widget.source)
    assert first, "the widget must start with the question the lesson's text asks"
    still = " ".join(shown(o) for o in widget.get("outputs", []))
    assert f'data-exercise="{esc(first)}"' in still, f"the still does not show {first}"
    assert '<details class="banakil-still-answer"' in still
    worked = [c for c in cells if c.cell_type == "code" and "with answer():" in c.source]
    assert worked, "the lesson's worked answer must be folded away"
    for cell in worked:
        page = " ".join(shown(o) for o in cell.get("outputs", []))
        assert page.lstrip().startswith('<details class="banakil-answer">'), page[:200]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_links_the_next(path: Path) -> None:
    last = executed(path).cells[-1].source
    later = [p for p in NOTEBOOKS if p.name > path.name]
    if later:
        assert f"]({later[0].name})" in last and "Next" in last, last
    else:  # the last lesson sends the reader back to the start and to the guide
        assert f"]({NOTEBOOKS[0].name})" in last and "how-to-play.md" in last


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_static_page_states_the_rules(path: Path) -> None:
    text = page_text(executed(path)).lower()
    missing = [w for w in RULE_WORDS[path.stem] if w.lower() not in " ".join(text.split())]
    assert not missing, f"{path.stem}'s static page never says: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_static_page_hides_nothing(path: Path) -> None:
    """Tables whole, widgets drawn as a still picture, sources by short name, seats as whole numbers."""
    nb = executed(path)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    for o in outputs:
        data = o.get("data", {})
        if WIDGET in data:
            assert "banakil-" in data.get("text/html", ""), "a widget with no still picture for a static page"
        page = shown(o)
        assert not re.search(r"\.\.\.\s*</t[dh]>", page), "a table cut short with '...'"
        assert "VBox(children" not in page
    text = page_text(nb)
    early = terms_used_early(int(path.stem[:2]), text)
    assert not early, f"the page uses {early} before the lesson that defines them (docs/glossary.md)"
    if not path.stem.startswith("11"):  # lesson 11's tables name its experiments by id (small-opening ...)
        loose = loose_words(text)  # the engine's words too: its score notes once said "never opening"
        assert not loose, f"the page names a glossary idea loosely: {loose}"
    # the export a reader of a static page gets (page_text drops <style> blocks, so ask nbconvert itself)
    exported, _ = MarkdownExporter().from_notebook_node(nb)
    assert "<style" not in exported and not any("<style" in shown(o) for o in outputs), "a raw <style> block"
    lists = " ".join(shown(o) for c in nb.cells if c.cell_type == "code" and "show_options(" in c.source
                     for o in c.get("outputs", []))
    assert not re.search(r"and \d+ more\b", lists), "a list the lesson shows cut short"
    assert not re.search(r"\bdigest\b", text, re.I), "the page points to the project's digest, not part of the course"
    developer = re.search(r"\b(sidecars?|sha-256|dask|parquet|knobs?)\b", text, re.I)
    assert not developer, f"developer material on a game lesson's page: {developer}"
    assert "shared/" not in text and not re.search(r"\b00[0-4]_[0-9a-f]{6,}", text), "a source cited as a file"
    assert not re.search(r"seat \d\.0\b", text)
    # an options panel states no rule as taught before the lesson that teaches it: a later lesson's rule
    # line is marked as a preview there ("Rule (a preview: lesson 4 teaches it): ...")
    number = int(path.stem[:2])
    flat = " ".join(text.split())
    for kind, lesson in RULE_LESSON.items():
        if lesson > number:
            said = {rule_line(rule_lines(rules, n)[kind]) for rules in RULESETS.values() for n in rules.player_counts}
            assert not [line for line in said if line in flat], f"{path.stem} states the {kind} rule unmarked"
    if number < 6 and "for melding nothing" in flat:
        assert "the flat score of a player who never melded (lesson 6)" in flat, "the flat −20 shown unmarked"


def _markdown(stem: str, *, flat: bool = True) -> str:
    """A lesson's markdown cells as written (no kernel needed), by default on one line."""
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return " ".join(text.split()) if flat else text


def test_lesson_1_summary_tags_every_line_with_its_own_sources() -> None:
    """No blanket tag over the summary: each numbered line names the sources it is true for."""
    text = _markdown("01_first_hand", flat=False)
    assert "except where a line says otherwise" not in text
    summary = text[text.index("The game in a few lines"):text.index("A few words the pictures below use")]
    items = re.split(r"\n(?=\d\. )", summary)[1:]
    assert len(items) >= 5
    for item in items:
        assert re.search(r"\[(000|004|002|003)", item), f"a summary line with no sources: {item!r}"
    # the turned-up card and 'laid minus hand' are table rules; the apps' ways are said beside them
    assert "19th card" in summary and "Kroot does not" in summary


def test_lesson_8_gives_each_rule_set_its_own_all_at_once_score() -> None:
    text = _markdown("08_rule_sets")
    assert "In the apps, going out all at once" not in text  # ERAM (002) scores it like any hand
    assert "**ERAM:** no special score" in text and "dhamoon, a flat 40" in text
    assert "101" in text and "says 102 instead of 101" in text  # Jawaker: 004's 101, 000's 102, said once
    assert "ace to K or 2 to ace" in text  # why ERAM's longest run is 13, beside lesson 2's twelve


def test_the_score_sheet_carry_is_taught_where_it_is_pointed_to() -> None:
    """Lesson 10 teaches 000's carry (-20 then 26 written 0 then 6); no lesson sends the reader elsewhere for it."""
    ten = _markdown("10_many_games")
    assert "shortfall" in ten and "−20, then a hand worth 26, are written as 0, then 6" in ten
    assert not re.search(r"(carr|shortfall)[^.]*lesson 8", ten), "the carry sent to a lesson that does not teach it"
    for path in NOTEBOOKS:
        if path.stem != "10_many_games":
            assert "shortfall" not in _markdown(path.stem), f"{path.stem} teaches the carry too"


def test_lesson_10_says_what_a_result_only_hand_is_before_its_table_shows_one() -> None:
    """A hand whose log holds only its score shows as 'result only' in the hands table: explained first."""
    cells = nbformat.read(ROOT / "notebooks" / "10_many_games.ipynb", as_version=4).cells
    told = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and "**result only**: a hand whose log" in c.source)
    shown = next(i for i, c in enumerate(cells) if c.cell_type == "code" and '"ended"' in c.source)
    assert told < shown


def test_lesson_4_bars_the_twin_of_a_card_taken() -> None:
    text = _markdown("04_the_discard_pile")
    assert "nor the other copy of it" in text and "nor a copy of one" in text
    assert "you may discard the one that was on top" in text  # 004: taking two or more, the top may go back


def _anchors(markdown: str) -> set[str]:
    """GitHub's anchors for a markdown file's headings."""
    slugs = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            slugs.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return slugs


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_links_lead_somewhere(path: Path) -> None:
    anchors = _anchors(GUIDE.read_text(encoding="utf-8"))
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)]+)\)", cell.source):
            file, _, anchor = target.partition("#")
            assert (path.parent / file).exists(), f"{target} does not exist"
            if file.endswith("how-to-play.md") and anchor:
                assert anchor in anchors, f"no section #{anchor} in the guide"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answers(url: str, timeout: float = 30) -> int:
    """The HTTP status of ``url`` once the server listens (it prints its URLs a moment before)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as page:
                return int(page.status)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


def test_make_tutorial_prints_lesson_1_url(tmp_path: Path) -> None:
    """`make tutorial` starts JupyterLab on lesson 1 and prints its direct URL on a line of its own."""
    stamp = tmp_path / "installed"
    stamp.touch()  # newer than pyproject.toml: make does not reinstall
    port = _free_port()
    args = f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_CONFIG_DIR=str(tmp_path / "config"))
    cmd = ["make", "-s", "tutorial", f"BIN={Path(sys.executable).parent}", f"STAMP={stamp}", f"LAB_ARGS={args}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    lesson = f"/lab/tree/notebooks/{NOTEBOOKS[0].name}?token="
    seen: list[str] = []
    url = None
    try:
        deadline = time.monotonic() + 90
        assert proc.stdout is not None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            seen.append(line)
            if line.strip().startswith("http") and lesson in line:
                url = line.strip()
        assert url is not None, "no line holding lesson 1's URL:\n" + "".join(seen[-30:])
        assert " " not in url and shlex.split(url) == [url]
        assert _answers(url) == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # the group made by start_new_session: make and its JupyterLab
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def test_lesson_3_ends_with_how_to_play_a_first_game() -> None:
    """From the course to the table: the terminal command, the play table, and the three learning commands."""
    text = _markdown("03_a_turn")
    first_game = text[text.index("Your first game"):text.index("## What you learned")]
    for words in ("banakil-replay play --log", "--resume", "play table", "`help`", "`options`", "`hint`", "`JK`",
                  "`10S`"):
        assert words in first_game, words


def test_a_panel_of_some_kinds_says_why_its_ranks_start_below_1() -> None:
    """Lesson 4 once showed a discard list starting at '#8' with no reason: the panel now gives one."""
    from banakil_replay import load_replay, show_options

    state = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl").at(2)  # Dana may meld or discard
    page = show_options(state, kinds=["discard"])._repr_html_()
    first = int(re.search(r"<b>#(\d+) ", page).group(1))  # type: ignore[union-attr]
    assert first > 1 and f"moves of other kinds hold the ranks above #{first}" in page
    assert "hold the ranks above" not in show_options(state)._repr_html_()  # the whole list starts at #1
