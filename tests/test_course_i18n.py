"""The course in another language is its English twin, for every language whose lessons catalog
(notebooks/i18n/<lang>/lessons.po) exists: the same generator writes both from one cell list
(tools/make_notebooks.py --lang <lang>), each markdown cell looked up whole in the catalog (keyed by the
English text), each code cell the English one but for the language it chooses and its paths one folder
further up. These tests hold the twins together: a change to an English cell leaves its translation
fuzzy, the lesson is no longer written, and the list of translated lessons below fails until the cell is
translated again.
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

ALL_LESSONS = ("01_first_hand", "02_cards_and_melds", "03_a_turn", "04_the_discard_pile", "05_adding_and_swapping",
               "06_going_out_and_scoring", "07_partnerships", "08_rule_sets", "09_replay_and_annotate",
               "10_many_games", "11_playing_well")


class Course:
    """What a language's lessons must be and say. ``translated``: the lessons whose every markdown cell is
    translated, so written; the others are not written until they are (a lesson is never half English), and
    a newly translated lesson is added here. ``parts``: the five parts' headings. ``glossary``: the game's
    words of docs/glossary.<lang>.md, an English word -> a pattern for its translation (a word takes
    prefixes and endings, بالكومة, شريكك, so its stem is what is looked for). ``digits``: the digits the
    language's glossary rules out (Western digits everywhere)."""

    def __init__(self, translated: tuple[str, ...], parts: dict[str, str], glossary: dict[str, str],
                 digits: str) -> None:
        self.translated, self.parts, self.glossary, self.digits = translated, parts, glossary, digits


COURSES = {
    "ar": Course(ALL_LESSONS,
                 {"What you will learn": "ما ستتعلمه", "The rule": "القاعدة", "Live example": "مثال حي",
                  "Exercise": "تمرين", "What you learned": "ما تعلمته"},
                 {"discard pile": "الأرض", "stock": "كومة", "Banakil": "بناكل", "joker": "جوكر",
                  "partner": "شريك", "target": "هدف", "rule set": "مجموع[ةا]ت? (?:ال)?قواعد"},
                 "[٠-٩]"),
    # docs/glossary.fa.md: 004's words; neither Arabic nor Persian digits
    "fa": Course(ALL_LESSONS,
                 {"What you will learn": "آنچه یاد خواهید گرفت", "The rule": "قاعده", "Live example": "نمونهٔ زنده",
                  "Exercise": "تمرین", "What you learned": "آنچه یاد گرفتید"},
                 {"discard pile": "دورریز", "stock": "سهام", "Banakil": "باناکیل", "joker": "جوکر",
                  "partner": "شریک", "target": "هدف", "rule set": "مجموعه(?:ٔ|\u200cهای) قواعد"},
                 "[٠-٩۰-۹]"),
}
#: Every language with a lessons catalog; a new catalog brings its lessons under these tests at once.
LANGS = sorted(p.parent.name for p in (ROOT / "notebooks" / "i18n").glob("*/lessons.po"))
LESSONS = [(lang, stem) for lang in LANGS for stem in COURSES[lang].translated]
CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦♣♠]|\bJK\b|🃏|\b(?:10|[2-9JQKA])[HDCS]\b")
NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:\.\d+)?½?|½")
SCRIPT_WORD = re.compile(r"[\u0600-\u06ff]+")  # Arabic script: Arabic and Persian
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
# names kept as they are written in every language: the apps, the tools, the rule sets' presets as typed
NAMES = re.compile(r"\b(?:ERAM|CARDS|Kroot|Jawaker|SquareScores|JupyterLab|Voila|README|banakil-replay|"
                   r"classic-sum|classic|Enter|Run|All|Cells|dhamoon|Check|Hint|Retry|Next)\b")


def english_words(prose: str) -> int:
    """How many Latin-letter words a translated text still has, the names every language keeps left out."""
    return len(LATIN_WORD.findall(NAMES.sub(" ", prose)))


def _cells(path: Path) -> list[nbformat.NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


def _folder(lang: str) -> Path:
    return ROOT / "notebooks" / lang


def _pairs(lang: str, stem: str) -> list[tuple[nbformat.NotebookNode, nbformat.NotebookNode]]:
    english, twin = _cells(ROOT / "notebooks" / f"{stem}.ipynb"), _cells(_folder(lang) / f"{stem}.ipynb")
    assert len(english) == len(twin), f"{stem}: {len(english)} cells in English, {len(twin)} in {lang}"
    return list(zip(english, twin))


def _words(text: str) -> str:
    """A markdown text without what is not prose: code spans and fences, link targets, HTML tags, source tags."""
    text = re.sub(r"```.*?```|`[^`]*`", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"\[[^\]]*\d{3}[^\]]*\]", " ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_translated_lessons_are_written_and_only_they(lang: str) -> None:
    translated = COURSES[lang].translated
    made = make_notebooks.twins(lang)
    assert sorted(made) == list(translated), "translated in the catalog: " + ", ".join(sorted(made))
    assert sorted(p.stem for p in _folder(lang).glob("*.ipynb")) == list(translated), \
        f"run: python tools/make_notebooks.py --lang {lang}"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_the_written_twin_is_what_the_generator_makes(lang: str, stem: str) -> None:
    made = make_notebooks.twins(lang)[stem]
    written = _cells(_folder(lang) / f"{stem}.ipynb")
    assert [(c["cell_type"], c["source"]) for c in made] == [(c.cell_type, c.source) for c in written], \
        f"run: python tools/make_notebooks.py --lang {lang}"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_same_cells_same_code(lang: str, stem: str) -> None:
    """Cell for cell the same kinds; code identical but for the language chosen and the paths' folder."""
    for i, (en, tr) in enumerate(_pairs(lang, stem)):
        assert en.cell_type == tr.cell_type, f"{stem} cell {i}"
        if en.cell_type == "code":
            assert course_i18n.english_code(tr.source, lang) == en.source, f"{stem} cell {i}"
            if "setup_notebook(" in en.source:
                assert f'setup_notebook(lang="{lang}")' in tr.source


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_the_code_finds_its_files_from_the_languages_folder(lang: str, stem: str) -> None:
    """A twin runs from notebooks/<lang>/: every file its English twin's code names from notebooks/ (the
    sample games, lesson 11's results) is named so that it is found from there too."""
    quoted = re.compile(r'["\']([\w./-]+)["\']')
    for en, tr in _pairs(lang, stem):
        if en.cell_type != "code":
            continue
        for english, translated in zip(quoted.findall(en.source), quoted.findall(tr.source)):
            if (ROOT / "notebooks" / english).exists():
                assert (_folder(lang) / translated).exists(), \
                    f"{stem}: {english} is {translated} from notebooks/{lang}/, not there"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_same_examples_same_shape(lang: str, stem: str) -> None:
    """Each markdown cell has its twin's cards, numbers, links, headings, list items and tables."""
    for i, (en, tr) in enumerate(_pairs(lang, stem)):
        if en.cell_type != "markdown":
            continue
        where = f"{stem} cell {i}"
        assert sorted(CARD.findall(en.source)) == sorted(CARD.findall(tr.source)), where
        assert set(NUMBER.findall(_words(en.source))) == set(NUMBER.findall(_words(tr.source))), where
        assert re.findall(r"`[^`]*`", en.source) == re.findall(r"`[^`]*`", tr.source), where
        en_links = [t.partition("#")[2] for t in course_i18n.LINK.findall(en.source)]
        assert en_links == [t.partition("#")[2] for t in course_i18n.LINK.findall(tr.source)], where
        for shape in (r"^#+ ", r"^\s*[-*] ", r"^\s*\d+\. ", r"^\|"):
            assert len(re.findall(shape, en.source, re.M)) == len(re.findall(shape, tr.source, re.M)), (where, shape)
        assert not re.search(COURSES[lang].digits, tr.source), f"{where}: Western digits (docs/glossary.{lang}.md)"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_no_markdown_cell_is_left_in_english(lang: str, stem: str) -> None:
    for i, (en, tr) in enumerate(_pairs(lang, stem)):
        if en.cell_type != "markdown":
            continue
        prose = _words(tr.source)
        translated, latin = len(SCRIPT_WORD.findall(prose)), english_words(prose)
        assert translated > 2 * latin, f"{stem} cell {i} reads as English: {tr.source[:120]!r}"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_the_glossarys_words(lang: str, stem: str) -> None:
    for i, (en, tr) in enumerate(_pairs(lang, stem)):
        if en.cell_type != "markdown":
            continue
        for english, translated in COURSES[lang].glossary.items():
            if re.search(rf"\b{english}\b", _words(en.source)):
                assert re.search(translated, tr.source), f"{stem} cell {i} says {english!r} but not {translated!r}"


@pytest.mark.parametrize(("lang", "stem"), [(lang, stem) for lang, stem in LESSONS if lang == "fa"])
def test_the_persian_lessons_write_persian_letters(lang: str, stem: str) -> None:
    """docs/glossary.fa.md: ی and ک, never the Arabic ي and ك."""
    for en, tr in _pairs(lang, stem):
        assert not re.search("[يك]", tr.source), f"{stem}: {tr.source[:60]!r}"


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_the_five_parts_in_the_same_places(lang: str, stem: str) -> None:
    def parts(path: Path) -> list[list[str]]:
        return [[line for line in c.source.splitlines() if line.startswith("## ")] for c in _cells(path)]

    headings, english = parts(_folder(lang) / f"{stem}.ipynb"), parts(ROOT / "notebooks" / f"{stem}.ipynb")
    for part, translated in COURSES[lang].parts.items():
        at = [i for i, cell in enumerate(english) if any(h[3:].startswith(part) for h in cell)]
        assert at and at == [i for i, cell in enumerate(headings)
                             if any(h[3:].startswith(translated) for h in cell)], part


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_links_lead_somewhere(lang: str, stem: str) -> None:
    for cell in _cells(_folder(lang) / f"{stem}.ipynb"):
        for target in course_i18n.LINK.findall(cell.source) if cell.cell_type == "markdown" else ():
            file = target.partition("#")[0]
            assert (_folder(lang) / file).exists(), f"{stem}: {target} does not exist"


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_catalog_has_no_stale_guess_in_a_written_lesson(lang: str) -> None:
    """A fuzzy entry is an old translation of changed English: no written lesson may rest on one."""
    catalog = course_i18n.read_catalog("lessons", lang)
    stale = [m.id[:60] for m in catalog if m.fuzzy and any(f"notebooks/{s}" == loc for s in COURSES[lang].translated
                                                             for loc, _ in m.locations)]
    assert not stale, stale


@pytest.mark.parametrize(("lang", "locale"), [("ar", "ar"), ("ar", "ar_JO.UTF-8"), ("fa", "fa"),
                                              ("fa", "fa_IR.UTF-8"), ("", "C.UTF-8"), ("", "en_US.UTF-8")])
def test_make_tutorial_lang_opens_that_languages_lesson_1(tmp_path: Path, lang: str, locale: str) -> None:
    stamp = tmp_path / "installed"
    stamp.touch()
    said = subprocess.run(["make", "-n", "tutorial", f"LANG={locale}", f"STAMP={stamp}"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    folder = f"notebooks/{lang}/" if lang else "notebooks/"
    assert f"--LabApp.default_url=/lab/tree/{folder}01_first_hand.ipynb" in said
    assert (ROOT / folder / "01_first_hand.ipynb").exists()


@pytest.mark.slow  # a kernel runs the lesson: half a minute
@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_the_lesson_runs_and_reads_as_a_static_page(lang: str, stem: str) -> None:
    from test_notebooks import WIDGET, executed, page_text, shown

    nb = executed(_folder(lang) / f"{stem}.ipynb")
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
    assert 'dir="rtl"' in page or "direction: rtl" in page, "the page is not laid out right to left"
    text = page_text(nb)
    assert all(part in text for part in COURSES[lang].parts.values()), "the page's five parts, in the language"
    assert "shared/" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_english_cell_leaves_its_twin_unwritten(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The twin property by construction: an English cell edited without its translation takes its lesson
    out of the translated course (it is not written half English, and the list above then fails)."""
    name, title, cells = make_notebooks.LESSONS[0]
    edited = [dict(c) for c in cells]
    first = next(i for i, c in enumerate(edited) if c["cell_type"] == "markdown")
    edited[first]["source"] += "\n\nA sentence added in English only."
    monkeypatch.setattr(make_notebooks, "LESSONS", [(name, title, edited), *make_notebooks.LESSONS[1:]])
    made = make_notebooks.twins(lang)
    assert name not in made and len(made) == len(COURSES[lang].translated) - 1
    _, missing = course_i18n.localize_cells(edited, lang, course_i18n.translations("lessons", lang), set(made))
    assert missing == [edited[first]["source"]]


@pytest.mark.parametrize(("lang", "stem"), LESSONS)
def test_each_cell_reads_right_to_left_with_card_runs_left_to_right(lang: str, stem: str) -> None:
    """A cell is laid out right to left, and in it every run of cards, code span and source tag is isolated
    left to right, so a run reads 3♥ 4♥ 5♥ as on the table, not reversed by the script around it."""
    for cell in _cells(_folder(lang) / f"{stem}.ipynb"):
        if cell.cell_type != "markdown":
            continue
        assert cell.source.startswith('<div dir="rtl">\n\n') and cell.source.endswith("\n\n</div>")
        body = cell.source[len('<div dir="rtl">\n\n'):-len("\n\n</div>")]
        plain = body.replace(course_i18n.LRI, "").replace(course_i18n.PDI, "")
        assert course_i18n.isolate_ltr(plain) == body
    assert course_i18n.isolate_ltr("من 3♥ 4♥ 5♥ إلى `K♠ A♠ 2♠` [000, 004]") == \
        "من \u20663♥ 4♥ 5♥\u2069 إلى \u2066`K♠ A♠ 2♠`\u2069 \u2066[000, 004]\u2069"
