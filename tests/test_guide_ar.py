"""docs/how-to-play.ar.md is the English guide's twin: ``tools/make_guide.py --lang ar`` writes it from
docs/how-to-play.md block by block, each block's words from docs/i18n/ar/guide.po (keyed by the English
block) and the engine's pictures computed again in Arabic. So a changed English paragraph leaves the
Arabic guide stale until its translation is brought in step, and the checks below hold the two to
the same sections, tables, examples and sources.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course_i18n  # noqa: E402
import make_guide  # noqa: E402
from test_course_ar import CARD, GLOSSARY, NUMBER, _words, english_words  # noqa: E402

ENGLISH = (ROOT / "docs" / "how-to-play.md").read_text(encoding="utf-8")
ARABIC = (ROOT / "docs" / "how-to-play.ar.md").read_text(encoding="utf-8")
ARABIC_WORD = re.compile(r"[\u0600-\u06ff]+")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def _pairs() -> list[tuple[str, str]]:
    english, arabic = course_i18n.guide_blocks(ENGLISH), course_i18n.guide_blocks(ARABIC)
    assert len(english) == len(arabic), f"{len(english)} blocks in English, {len(arabic)} in Arabic"
    return list(zip(english, arabic))


def test_the_arabic_guide_is_what_the_generator_makes_and_the_catalog_is_complete() -> None:
    made, _, missing = make_guide.render_lang(ENGLISH, "ar")
    assert not missing, f"{len(missing)} blocks untranslated, first: {missing[0][:80]!r}"
    assert made == ARABIC, "run: python tools/make_guide.py --lang ar"


def test_the_same_sections_in_the_same_order_each_keeping_its_anchor() -> None:
    english = [line for line in ENGLISH.splitlines() if re.match(r"#+ ", line)]
    arabic = [line for line in ARABIC.splitlines() if re.match(r"#+ ", line)]
    assert [h.split(" ")[0] for h in english] == [h.split(" ")[0] for h in arabic]
    ids = re.findall(r'<a id="([\w-]+)"></a>', ARABIC)
    assert ids == [make_guide.anchor(h) for h in english]
    for target in re.findall(r"\]\(#([\w-]+)\)", ARABIC):
        assert target in ids, f"a link to #{target}, which no heading keeps"


def test_each_block_has_its_twins_examples_tables_lists_and_sources() -> None:
    for en, ar in _pairs():
        if not course_i18n.needs_words(en):
            continue
        where = en[:60]
        assert sorted(CARD.findall(en)) == sorted(CARD.findall(ar)), where
        assert set(NUMBER.findall(_words(en))) == set(NUMBER.findall(_words(ar))), where
        assert re.findall(r"`[^`]*`", en) == re.findall(r"`[^`]*`", ar), where
        assert re.findall(r"\[\^[\w-]+\]", en) == re.findall(r"\[\^[\w-]+\]", ar), where
        assert [t for t in re.findall(r"\]\(#([\w-]+)\)", en)] == re.findall(r"\]\(#([\w-]+)\)", ar), where
        for shape in (r"^\s*[-*] ", r"^\s*\d+\. "):
            assert len(re.findall(shape, en, re.M)) == len(re.findall(shape, ar, re.M)), (where, shape)
        en_rows = [line.count("|") for line in en.splitlines() if line.startswith("|")]
        assert en_rows == [line.count("|") for line in ar.splitlines() if line.startswith("|")], where


def test_the_engines_pictures_are_the_english_ones_in_arabic() -> None:
    """The generated parts: the same cards before and after each move, said in Arabic."""
    for en, ar in _pairs():
        if en.startswith("<!-- generated: ") and "source-notes" not in en:
            assert sorted(CARD.findall(en)) == sorted(CARD.findall(ar)), en[:40]
    walk = ARABIC[ARABIC.index("<!-- generated: playthrough -->"):ARABIC.index("<!-- end: playthrough -->")]
    assert [int(n) for n in re.findall(r"\*\*الحركة (\d+)\.\*\*", walk)] == list(range(1, 17))
    assert walk.count("قبل:\n") == walk.count("بعد:\n") == 16
    notes = ARABIC[ARABIC.index("<!-- generated: source-notes -->"):]
    assert "قواعد الطاولة، بالفارسية" in notes and "(table rules" not in notes


def test_every_paragraph_reads_in_arabic_with_the_glossarys_words() -> None:
    for en, ar in _pairs():
        if not course_i18n.needs_words(en) or not english_words(_words(en)):
            continue
        prose = _words(ar)
        assert len(ARABIC_WORD.findall(prose)) > 2 * english_words(prose), f"reads as English: {ar[:80]!r}"
        for english, arabic in GLOSSARY.items():
            if re.search(rf"\b{english}\b", _words(en)) and not en.startswith("| word"):
                assert re.search(arabic, ar), f"{en[:50]!r} says {english!r} but not {arabic!r}"
    assert not re.search(r"[٠-٩]", ARABIC), "Western digits (docs/glossary.ar.md)"


def test_the_course_links_the_arabic_guide_where_it_exists() -> None:
    lesson = (ROOT / "notebooks" / "ar" / "01_first_hand.ipynb").read_text(encoding="utf-8")
    assert "../../docs/how-to-play.ar.md#the-game-in-a-few-lines" in lesson


SAME_WORDS = {  # the Arabic of test_guide.SAME_WORDS: a rule the guide and a lesson both state, in the same words
    "02_cards_and_melds": "يقوم الجوكر في المجموعة مقام رتبة المجموعة (ثلاثة، أو آس) من نوع تفتقده المجموعة، لا مقام نوع بعينه",
    "05_adding_and_swapping": "الورقة رقم 13 هي الـ 2 نفسها، ولا تقوم مقام أي ورقة",
    "06_going_out_and_scoring": "الـ 40 ليست مكافأة ولا سقفًا: إنها تحلّ محل النقاط.",
}


def test_the_arabic_lessons_and_guide_say_these_rules_in_the_same_words() -> None:
    import nbformat

    guide = " ".join(ARABIC.split()).replace("**", "")
    for stem, sentence in SAME_WORDS.items():
        path = ROOT / "notebooks" / "ar" / f"{stem}.ipynb"
        lesson = " ".join(" ".join(c.source for c in nbformat.read(path, as_version=4).cells
                                   if c.cell_type == "markdown").split()).replace("**", "")
        assert sentence in guide and sentence in lesson, stem


def test_a_changed_english_paragraph_is_missing_from_the_arabic_guide() -> None:
    changed = ENGLISH.replace("Every turn has three steps:", "Every turn has exactly three steps:", 1)
    assert changed != ENGLISH
    _, _, missing = make_guide.render_lang(changed, "ar")
    assert len(missing) == 1 and missing[0].startswith("Every turn has exactly three steps:")


def test_card_runs_read_left_to_right_in_the_arabic_paragraphs() -> None:
    for en, ar in _pairs():
        if course_i18n.needs_words(en):
            plain = ar.replace(course_i18n.LRI, "").replace(course_i18n.PDI, "")
            assert course_i18n.isolate_ltr(plain) == ar, ar[:60]
    assert "\u20663 4 5 6 7 8 9 10 J Q K A\u2069" in ARABIC
