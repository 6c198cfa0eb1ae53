"""The course in Arabic is its English twin: the same generator writes both from one cell list
(tools/make_notebooks.py --lang ar), each markdown cell looked up whole in the lessons catalog
(notebooks/i18n/ar/lessons.po, keyed by the English text), each code cell the English one but for the
language it chooses and its paths one folder further up. These tests hold the twins together: a change
to an English cell leaves its translation fuzzy, the lesson is no longer written, and the list of
translated lessons below fails until the cell is translated again.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course_i18n  # noqa: E402
import make_notebooks  # noqa: E402

LANG = "ar"
FOLDER = ROOT / "notebooks" / LANG
#: The lessons whose every markdown cell is translated, so written in Arabic; the others are not written
#: until they are (a lesson is never half English). A newly translated lesson is added here.
TRANSLATED = ("01_first_hand", "02_cards_and_melds", "03_a_turn", "04_the_discard_pile", "05_adding_and_swapping",
              "06_going_out_and_scoring", "07_partnerships", "08_rule_sets", "09_replay_and_annotate",
              "10_many_games", "11_playing_well")
PARTS = {"What you will learn": "ما ستتعلمه", "The rule": "القاعدة", "Live example": "مثال حي",
         "Exercise": "تمرين", "What you learned": "ما تعلمته"}
# The game's words of docs/glossary.ar.md: where the English cell says the one, the Arabic says the other.
# (Arabic patterns: a word takes prefixes and endings, بالكومة, شريكك, so its stem is what is looked for.)
GLOSSARY = {"discard pile": "الأرض", "stock": "كومة", "Banakil": "بناكل", "joker": "جوكر", "partner": "شريك",
            "target": "هدف", "rule set": "مجموع[ةا]ت? (?:ال)?قواعد"}
CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦♣♠]|\bJK\b|🃏|\b(?:10|[2-9JQKA])[HDCS]\b")
NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:\.\d+)?½?|½")
ARABIC_WORD = re.compile(r"[\u0600-\u06ff]+")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
# names kept as they are written in every language: the apps, the tools, the rule sets' presets as typed
NAMES = re.compile(r"\b(?:ERAM|CARDS|Kroot|Jawaker|SquareScores|JupyterLab|Voila|README|banakil-replay|"
                   r"classic-sum|classic|Enter|Run|All|Cells|dhamoon|Check|Hint|Retry|Next)\b")


def english_words(prose: str) -> int:
    """How many Latin-letter words a translated text still has, the names every language keeps left out."""
    return len(LATIN_WORD.findall(NAMES.sub(" ", prose)))


def _cells(path: Path) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


def _pairs(stem: str) -> list[tuple[nbformat.NotebookNode, nbformat.NotebookNode]]:
    english, arabic = _cells(ROOT / "notebooks" / f"{stem}.ipynb"), _cells(FOLDER / f"{stem}.ipynb")
    assert len(english) == len(arabic), f"{stem}: {len(english)} cells in English, {len(arabic)} in Arabic"
    return list(zip(english, arabic))


def _words(text: str) -> str:
    """A markdown text without what is not prose: code spans and fences, link targets, HTML tags, source tags."""
    text = re.sub(r"```.*?```|`[^`]*`", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"\[[^\]]*\d{3}[^\]]*\]", " ", text)


def test_the_translated_lessons_are_written_and_only_they() -> None:
    made = make_notebooks.twins(LANG)
    assert sorted(made) == list(TRANSLATED), "translated in the catalog: " + ", ".join(sorted(made))
    assert sorted(p.stem for p in FOLDER.glob("*.ipynb")) == list(TRANSLATED), \
        "run: python tools/make_notebooks.py --lang ar"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_the_written_twin_is_what_the_generator_makes(stem: str) -> None:
    made = make_notebooks.twins(LANG)[stem]
    written = _cells(FOLDER / f"{stem}.ipynb")
    assert [(c["cell_type"], c["source"]) for c in made] == [(c.cell_type, c.source) for c in written], \
        "run: python tools/make_notebooks.py --lang ar"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_same_cells_same_code(stem: str) -> None:
    """Cell for cell the same kinds; code identical but for the language chosen and the paths' folder."""
    for i, (en, ar) in enumerate(_pairs(stem)):
        assert en.cell_type == ar.cell_type, f"{stem} cell {i}"
        if en.cell_type == "code":
            assert course_i18n.english_code(ar.source, LANG) == en.source, f"{stem} cell {i}"
            if "setup_notebook(" in en.source:
                assert f'setup_notebook(lang="{LANG}")' in ar.source


@pytest.mark.parametrize("stem", TRANSLATED)
def test_the_code_finds_its_files_from_the_arabic_folder(stem: str) -> None:
    """A twin runs from notebooks/ar/: every file its English twin's code names from notebooks/ (the sample
    games, lesson 11's results) is named so that it is found from there too."""
    quoted = re.compile(r'["\']([\w./-]+)["\']')
    for en, ar in _pairs(stem):
        if en.cell_type != "code":
            continue
        for english, arabic in zip(quoted.findall(en.source), quoted.findall(ar.source)):
            if (ROOT / "notebooks" / english).exists():
                assert (FOLDER / arabic).exists(), f"{stem}: {english} is {arabic} from notebooks/{LANG}/, not there"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_same_examples_same_shape(stem: str) -> None:
    """Each markdown cell has its twin's cards, numbers, links, headings, list items and tables."""
    for i, (en, ar) in enumerate(_pairs(stem)):
        if en.cell_type != "markdown":
            continue
        where = f"{stem} cell {i}"
        assert sorted(CARD.findall(en.source)) == sorted(CARD.findall(ar.source)), where
        assert set(NUMBER.findall(_words(en.source))) == set(NUMBER.findall(_words(ar.source))), where
        assert re.findall(r"`[^`]*`", en.source) == re.findall(r"`[^`]*`", ar.source), where
        en_links = [t.partition("#")[2] for t in course_i18n.LINK.findall(en.source)]
        assert en_links == [t.partition("#")[2] for t in course_i18n.LINK.findall(ar.source)], where
        for shape in (r"^#+ ", r"^\s*[-*] ", r"^\s*\d+\. ", r"^\|"):
            assert len(re.findall(shape, en.source, re.M)) == len(re.findall(shape, ar.source, re.M)), (where, shape)
        assert not re.search(r"[٠-٩]", ar.source), f"{where}: Western digits (docs/glossary.ar.md)"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_no_markdown_cell_is_left_in_english(stem: str) -> None:
    for i, (en, ar) in enumerate(_pairs(stem)):
        if en.cell_type != "markdown":
            continue
        prose = _words(ar.source)
        arabic, latin = len(ARABIC_WORD.findall(prose)), english_words(prose)
        assert arabic > 2 * latin, f"{stem} cell {i} reads as English: {ar.source[:120]!r}"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_the_glossarys_words(stem: str) -> None:
    for i, (en, ar) in enumerate(_pairs(stem)):
        if en.cell_type != "markdown":
            continue
        for english, arabic in GLOSSARY.items():
            if re.search(rf"\b{english}\b", _words(en.source)):
                assert re.search(arabic, ar.source), f"{stem} cell {i} says {english!r} but not {arabic!r}"


@pytest.mark.parametrize("stem", TRANSLATED)
def test_the_five_parts_in_the_same_places(stem: str) -> None:
    def parts(path: Path) -> list[list[str]]:
        return [[line for line in c.source.splitlines() if line.startswith("## ")] for c in _cells(path)]

    headings, english = parts(FOLDER / f"{stem}.ipynb"), parts(ROOT / "notebooks" / f"{stem}.ipynb")
    for part, arabic in PARTS.items():
        at = [i for i, cell in enumerate(english) if any(h[3:].startswith(part) for h in cell)]
        assert at and at == [i for i, cell in enumerate(headings) if any(h[3:].startswith(arabic) for h in cell)], part


@pytest.mark.parametrize("stem", TRANSLATED)
def test_links_lead_somewhere(stem: str) -> None:
    for cell in _cells(FOLDER / f"{stem}.ipynb"):
        for target in course_i18n.LINK.findall(cell.source) if cell.cell_type == "markdown" else ():
            file = target.partition("#")[0]
            assert (FOLDER / file).exists(), f"{stem}: {target} does not exist"


def test_the_lessons_catalog_has_no_stale_guess_in_a_written_lesson() -> None:
    """A fuzzy entry is an old translation of changed English: no written lesson may rest on one."""
    catalog = course_i18n.read_catalog("lessons", LANG)
    stale = [m.id[:60] for m in catalog if m.fuzzy and any(f"notebooks/{s}" == loc for s in TRANSLATED
                                                             for loc, _ in m.locations)]
    assert not stale, stale


def test_make_tutorial_lang_ar_opens_the_arabic_lesson_1(tmp_path: Path) -> None:
    stamp = tmp_path / "installed"
    stamp.touch()
    said = subprocess.run(["make", "-n", "tutorial", "LANG=ar", f"STAMP={stamp}"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout
    assert f"--LabApp.default_url=/lab/tree/notebooks/{LANG}/{TRANSLATED[0]}.ipynb" in said
    english = subprocess.run(["make", "-n", "tutorial", "LANG=C.UTF-8", f"STAMP={stamp}"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    assert f"--LabApp.default_url=/lab/tree/notebooks/{TRANSLATED[0]}.ipynb" in english


@pytest.mark.slow  # a kernel runs the lesson: half a minute
@pytest.mark.parametrize("stem", TRANSLATED)
def test_the_arabic_lesson_runs_and_reads_as_a_static_page(stem: str) -> None:
    from test_notebooks import WIDGET, executed, page_text, shown

    nb = executed(FOLDER / f"{stem}.ipynb")
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    assert not errors, shown(errors[0])
    for o in outputs:
        data = o.get("data", {})
        if WIDGET in data:
            assert "banakil-" in data.get("text/html", ""), "a widget with no still picture for a static page"
        assert not re.search(r"\.\.\.\s*</t[dh]>", shown(o)), "a table cut short with '...'"
    widget = [c for c in nb.cells if c.cell_type == "code" and "ExerciseWidget(" in c.source]
    assert all("?" in " ".join(shown(o) for o in c.get("outputs", [])) or "؟" in " ".join(
        shown(o) for o in c.get("outputs", [])) for c in widget), "the widget's still picture asks its question"
    page = " ".join(shown(o) for o in outputs)
    assert 'dir="rtl"' in page or "direction: rtl" in page, "the Arabic page is not laid out right to left"
    text = page_text(nb)
    assert all(part in text for part in PARTS.values()), "the page's five parts, in Arabic"
    assert "shared/" not in text


def test_a_changed_english_cell_leaves_its_twin_unwritten(monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin property by construction: an English cell edited without its translation takes its lesson
    out of the Arabic course (it is not written half English, and the list above then fails)."""
    name, title, cells = make_notebooks.LESSONS[0]
    edited = [dict(c) for c in cells]
    first = next(i for i, c in enumerate(edited) if c["cell_type"] == "markdown")
    edited[first]["source"] += "\n\nA sentence added in English only."
    monkeypatch.setattr(make_notebooks, "LESSONS", [(name, title, edited), *make_notebooks.LESSONS[1:]])
    made = make_notebooks.twins(LANG)
    assert name not in made and len(made) == len(TRANSLATED) - 1
    _, missing = course_i18n.localize_cells(edited, LANG, course_i18n.translations("lessons", LANG), set(made))
    assert missing == [edited[first]["source"]]


@pytest.mark.parametrize("stem", TRANSLATED)
def test_each_arabic_cell_reads_right_to_left_with_card_runs_left_to_right(stem: str) -> None:
    """A cell is laid out right to left, and in it every run of cards, code span and source tag is isolated
    left to right, so a run reads 3♥ 4♥ 5♥ as on the table, not reversed by the Arabic around it."""
    for cell in _cells(FOLDER / f"{stem}.ipynb"):
        if cell.cell_type != "markdown":
            continue
        assert cell.source.startswith('<div dir="rtl">\n\n') and cell.source.endswith("\n\n</div>")
        body = cell.source[len('<div dir="rtl">\n\n'):-len("\n\n</div>")]
        plain = body.replace(course_i18n.LRI, "").replace(course_i18n.PDI, "")
        assert course_i18n.isolate_ltr(plain) == body
    assert course_i18n.isolate_ltr("من 3♥ 4♥ 5♥ إلى `K♠ A♠ 2♠` [000, 004]") == \
        "من \u20663♥ 4♥ 5♥\u2069 إلى \u2066`K♠ A♠ 2♠`\u2069 \u2066[000, 004]\u2069"
