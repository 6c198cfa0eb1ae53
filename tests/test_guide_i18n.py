"""docs/how-to-play.<lang>.md is the English guide's twin, for every language whose guide catalog
(docs/i18n/<lang>/guide.po) exists: ``tools/make_guide.py --lang <lang>`` writes it from
docs/how-to-play.md block by block, each block's words from the catalog (keyed by the English block) and
the engine's pictures computed again in that language. So a changed English paragraph leaves every
translated guide stale until its translation is brought in step, and the checks below hold each twin
to the same sections, tables, examples and sources.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course_i18n  # noqa: E402
import make_guide  # noqa: E402
from test_course_i18n import CARD, COURSES, NUMBER, _words, english_words  # noqa: E402

ENGLISH = (ROOT / "docs" / "how-to-play.md").read_text(encoding="utf-8")
#: Every language with a guide catalog; a new catalog brings its guide under these tests at once.
LANGS = sorted(p.parent.name for p in (ROOT / "docs" / "i18n").glob("*/guide.po"))
#: Languages whose lessons are written too (the links between the course and the guide).
WITH_LESSONS = [lang for lang in LANGS if (ROOT / "notebooks" / lang / "01_first_hand.ipynb").exists()]
SCRIPT_WORD = re.compile(r"[\u0600-\u06ff]+")  # Arabic script: Arabic and Persian


class Words:
    """What a language's guide must say: the game's words of its glossary (those its lessons keep to, in
    test_course_i18n.COURSES), and the generated parts' own words."""

    def __init__(self, glossary: dict[str, str], move: str, before: str, after: str, persian_source: str,
                 digits: str) -> None:
        self.glossary, self.move, self.before, self.after = glossary, move, before, after
        self.persian_source, self.digits = persian_source, digits


WORDS = {
    "ar": Words(COURSES["ar"].glossary, "الحركة", "قبل:", "بعد:", "قواعد الطاولة، بالفارسية", "[٠-٩]"),
    "fa": Words(COURSES["fa"].glossary, "حرکت", "پیش:", "پس:", "قواعد میزی، به فارسی", "[٠-٩۰-۹]"),
}


def _guide(lang: str) -> str:
    return (ROOT / "docs" / f"how-to-play.{lang}.md").read_text(encoding="utf-8")


def _pairs(lang: str) -> list[tuple[str, str]]:
    english, twin = course_i18n.guide_blocks(ENGLISH), course_i18n.guide_blocks(_guide(lang))
    assert len(english) == len(twin), f"{len(english)} blocks in English, {len(twin)} in {lang}"
    return list(zip(english, twin))


def test_every_guide_language_has_its_words_here() -> None:
    assert {"ar", "fa"} <= set(LANGS) and set(LANGS) <= set(WORDS), LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_is_what_the_generator_makes_and_the_catalog_is_complete(lang: str) -> None:
    made, _, missing = make_guide.render_lang(ENGLISH, lang)
    assert not missing, f"{len(missing)} blocks untranslated, first: {missing[0][:80]!r}"
    assert made == _guide(lang), f"run: python tools/make_guide.py --lang {lang}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_sections_in_the_same_order_each_keeping_its_anchor(lang: str) -> None:
    twin = _guide(lang)
    english = [line for line in ENGLISH.splitlines() if re.match(r"#+ ", line)]
    translated = [line for line in twin.splitlines() if re.match(r"#+ ", line)]
    assert [h.split(" ")[0] for h in english] == [h.split(" ")[0] for h in translated]
    ids = re.findall(r'<a id="([\w-]+)"></a>', twin)
    assert ids == [make_guide.anchor(h) for h in english]
    for target in re.findall(r"\]\(#([\w-]+)\)", twin):
        assert target in ids, f"a link to #{target}, which no heading keeps"


@pytest.mark.parametrize("lang", LANGS)
def test_each_block_has_its_twins_examples_tables_lists_and_sources(lang: str) -> None:
    for en, tr in _pairs(lang):
        if not course_i18n.needs_words(en):
            continue
        where = en[:60]
        assert sorted(CARD.findall(en)) == sorted(CARD.findall(tr)), where
        assert set(NUMBER.findall(_words(en))) == set(NUMBER.findall(_words(tr))), where
        assert re.findall(r"`[^`]*`", en) == re.findall(r"`[^`]*`", tr), where
        assert re.findall(r"\[\^[\w-]+\]", en) == re.findall(r"\[\^[\w-]+\]", tr), where
        assert [t for t in re.findall(r"\]\(#([\w-]+)\)", en)] == re.findall(r"\]\(#([\w-]+)\)", tr), where
        for shape in (r"^\s*[-*] ", r"^\s*\d+\. "):
            assert len(re.findall(shape, en, re.M)) == len(re.findall(shape, tr, re.M)), (where, shape)
        en_rows = [line.count("|") for line in en.splitlines() if line.startswith("|")]
        assert en_rows == [line.count("|") for line in tr.splitlines() if line.startswith("|")], where


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_pictures_are_the_english_ones_in_the_language(lang: str) -> None:
    """The generated parts: the same cards before and after each move, said in the guide's language."""
    words, twin = WORDS[lang], _guide(lang)
    for en, tr in _pairs(lang):
        if en.startswith("<!-- generated: ") and "source-notes" not in en:
            assert sorted(CARD.findall(en)) == sorted(CARD.findall(tr)), en[:40]
    walk = twin[twin.index("<!-- generated: playthrough -->"):twin.index("<!-- end: playthrough -->")]
    assert [int(n) for n in re.findall(rf"\*\*{words.move} (\d+)\.\*\*", walk)] == list(range(1, 17))
    assert walk.count(f"{words.before}\n") == walk.count(f"{words.after}\n") == 16
    notes = twin[twin.index("<!-- generated: source-notes -->"):]
    assert words.persian_source in notes and "(table rules" not in notes


@pytest.mark.parametrize("lang", LANGS)
def test_every_paragraph_reads_in_the_language_with_the_glossarys_words(lang: str) -> None:
    words = WORDS[lang]
    for en, tr in _pairs(lang):
        if not course_i18n.needs_words(en) or not english_words(_words(en)):
            continue
        prose = _words(tr)
        assert len(SCRIPT_WORD.findall(prose)) > 2 * english_words(prose), f"reads as English: {tr[:80]!r}"
        for english, translated in words.glossary.items():
            if re.search(rf"\b{english}\b", _words(en)) and not en.startswith("| word"):
                assert re.search(translated, tr), f"{en[:50]!r} says {english!r} but not {translated!r}"
    assert not re.search(words.digits, _guide(lang)), "Western digits (the language's glossary, Digits)"


def test_the_persian_guide_writes_persian_letters() -> None:
    """docs/glossary.fa.md: ی and ک, never the Arabic ي and ك; only a source's own Arabic word, quoted in the
    table of the sources' words (بناكل), keeps its Arabic letters."""
    arabic_letters = {w for w in SCRIPT_WORD.findall(_guide("fa")) if re.search("[يك]", w)}
    assert arabic_letters == {"بناكل"}, arabic_letters


@pytest.mark.parametrize("lang", WITH_LESSONS)
def test_the_course_links_the_guide_in_its_language_where_it_exists(lang: str) -> None:
    lesson = (ROOT / "notebooks" / lang / "01_first_hand.ipynb").read_text(encoding="utf-8")
    assert f"../../docs/how-to-play.{lang}.md#the-game-in-a-few-lines" in lesson


SAME_WORDS = {  # test_guide.SAME_WORDS in each language: a rule the guide and a lesson both state in the same words
    "ar": {
        "02_cards_and_melds": "يقوم الجوكر في المجموعة مقام رتبة المجموعة (ثلاثة، أو آس) من نوع تفتقده المجموعة، لا مقام نوع بعينه",
        "05_adding_and_swapping": "الورقة رقم 13 هي الـ 2 نفسها، ولا تقوم مقام أي ورقة",
        "06_going_out_and_scoring": "الـ 40 ليست مكافأة ولا سقفًا: إنها تحلّ محل النقاط.",
    },
    "fa": {
        "02_cards_and_melds": "جوکر در یک ست جای ارزش آن ست (یک سه، یا یک آس) را در خالی می‌گیرد که ست ندارد، و نه جای یک خال معیّن را",
        "05_adding_and_swapping": "کارت شمارهٔ 13 همان 2 است، و جای هیچ کارتی را نمی‌گیرد",
        "06_going_out_and_scoring": "40 نه پاداش است نه سقف: جای امتیاز را می‌گیرد.",
    },
}


@pytest.mark.parametrize("lang", WITH_LESSONS)
def test_the_lessons_and_guide_say_these_rules_in_the_same_words(lang: str) -> None:
    import nbformat

    guide = " ".join(_guide(lang).split()).replace("**", "")
    for stem, sentence in SAME_WORDS[lang].items():
        assert sentence in guide, stem
        path = ROOT / "notebooks" / lang / f"{stem}.ipynb"
        if stem not in COURSES[lang].translated:  # not written yet: the guide holds the words it will say
            continue
        lesson = " ".join(" ".join(c.source for c in nbformat.read(path, as_version=4).cells
                                   if c.cell_type == "markdown").split()).replace("**", "")
        assert sentence in guide and sentence in lesson, stem


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_english_paragraph_is_missing_from_the_translated_guide(lang: str) -> None:
    changed = ENGLISH.replace("Every turn has three steps:", "Every turn has exactly three steps:", 1)
    assert changed != ENGLISH
    _, _, missing = make_guide.render_lang(changed, lang)
    assert len(missing) == 1 and missing[0].startswith("Every turn has exactly three steps:")


@pytest.mark.parametrize("lang", LANGS)
def test_card_runs_read_left_to_right_in_the_paragraphs(lang: str) -> None:
    twin = _guide(lang)
    for en, tr in _pairs(lang):
        if course_i18n.needs_words(en):
            plain = tr.replace(course_i18n.LRI, "").replace(course_i18n.PDI, "")
            assert course_i18n.isolate_ltr(plain) == tr, tr[:60]
    assert "\u20663 4 5 6 7 8 9 10 J Q K A\u2069" in twin
