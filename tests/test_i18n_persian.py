"""Persian (fa), with Arabic's machinery: the catalog keeps to docs/glossary.fa.md and the command line
speaks Persian.

tests/test_i18n_catalog.py holds the Persian catalog complete and its fields right, as it does the
Arabic one; here, every entry uses the glossary's word for each game term it names, Persian letters
and Western digits, and the command line's output is Persian (a message added to the code and not
yet translated is said in English: gettext's fallback).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.i18n import _, is_rtl, language, ngettext, pgettext, resolve_language
from banakil_replay.i18n.catalog import read_catalog
from banakil_replay.learn.model import parse_card_answer, parse_yes_no

from test_i18n import _english_unless_told, _run  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
PERSIAN = re.compile(r"[\u0600-\u06FF]")
ARABIC_ONLY_LETTERS = re.compile("[يك]")  # Arabic yeh and kaf: Persian writes ی and ک


def _key(message: Any) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _forms(message: Any) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.fixture(scope="module")
def persian() -> dict[tuple[str | None, str], Any]:
    return {_key(m): m for m in list(read_catalog("fa"))[1:]}


@pytest.fixture(scope="module")
def translated(persian: dict[tuple[str | None, str], Any]) -> dict[tuple[str | None, str], Any]:
    return {key: m for key, m in persian.items() if all(_forms(m))}


# ------------------------------------------------------------------ the catalog (complete: tests/test_i18n_catalog.py)
def test_the_header_gives_persians_two_plural_forms() -> None:
    assert read_catalog("fa").plural_forms == "nplurals=2; plural=(n > 1);"
    with language("fa"):
        assert ngettext("{count} hand", "{count} hands", 1).format(count=1) == "1 دور"
        assert ngettext("{count} hand", "{count} hands", 3).format(count=3) == "3 دور"  # a noun after a number stays singular
        assert is_rtl()


def test_persian_is_written_with_persian_letters_and_western_digits(
        translated: dict[tuple[str | None, str], Any]) -> None:
    """docs/glossary.fa.md, Digits: ی and ک, never the Arabic ي and ك; 0-9, as 004 and the logs write numbers."""
    for key, m in translated.items():
        for form in _forms(m):
            assert not ARABIC_ONLY_LETTERS.search(form), f"{key}: Arabic letters in {form!r}"
            assert not re.search(r"[\u06F0-\u06F9\u0660-\u0669]", form), f"{key}: non-Western digits in {form!r}"


def test_a_message_not_yet_translated_falls_back_to_english() -> None:
    """A message added to the code after this catalog was written is said in English until translated."""
    with language("fa"):
        assert _("a sentence no catalog holds yet") == "a sentence no catalog holds yet"
        assert _("no hand is in play") == "هیچ دوری در جریان نیست"


# ------------------------------------------------------------------ the glossary the translation keeps to
def glossary_rows() -> dict[str, str]:
    """English word -> Persian, from every table of docs/glossary.fa.md."""
    rows = {}
    for line in (ROOT / "docs" / "glossary.fa.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("English", "---"):
            rows[cells[0]] = cells[1]
    return rows


def test_card_words_are_the_glossarys(persian: dict[tuple[str | None, str], Any]) -> None:
    glossary = glossary_rows()
    words = ("hearts", "diamonds", "clubs", "spades", "ace", "king", "queen", "jack", "joker", "two", "three",
             "four", "five", "six", "seven", "eight", "nine", "ten")
    for word in words:
        assert persian[(None, word)].string == glossary[word], word


# A game term the msgid names must be said with the glossary's word (its stem, so plurals and the verb count).
# 004 calls the act of melding ادغام and what lies on the table ترکیب: a message about melds uses one of them.
KEPT_TERMS = {
    r"(?<!{)\bmeld(s|ed|ing)?\b(?!})": ("meld", "ترکیب|ادغام"),  # not a field: {meld} is filled
    r"\bruns\b(?! out)|\b(a|the|this|one|of|complete|each) run\b": ("run", "دنباله"),  # not "run a command"
    r"(?<![-\w{])(?<!closed )pile\b(?!})": ("discard pile", "دورریز"),  # 002's "closed pile" is the stock
    r"\bstock\b": ("stock", "سهام"),
    r"\bjokers?\b": ("joker", "جوکر"),
    r"\bwild\b": ("wild card", "وایلد"),
    r"\bnatural\b": ("natural card", "عادی"),
    r"(?<!{)\bpartner'?s?\b(?!})": ("partner", "شریک"),
    r"(?-i:\bJawaker\b)": ("Jawaker", "جاواکر"),  # the app; the preset `jawaker` keeps its typed name
    r"\bdead hand\b": ("dead hand", "مرده"),
    r"\bcold hands?\b": ("cold hand", "سرد"),
    r"\bdhamoon\b": ("dhamoon", "دامون"),
    r"\bgo(es|ing)? out\b|\bwent out\b|\bgone out\b": ("going out", "بیرون"),
}


def test_the_glossary_names_every_kept_term() -> None:
    glossary = glossary_rows()
    for term, stem in KEPT_TERMS.values():
        assert re.search(stem, glossary[term]), f"the glossary's {term!r} is not {stem!r}"


@pytest.mark.parametrize("english", list(KEPT_TERMS), ids=[t for t, _s in KEPT_TERMS.values()])
def test_translated_entries_keep_to_the_glossarys_words(english: str,
                                                        translated: dict[tuple[str | None, str], Any]) -> None:
    term, stem = KEPT_TERMS[english]
    saying = [(key, m) for key, m in translated.items() if re.search(english, key[1], re.IGNORECASE)]
    assert saying or term in ("dead hand", "dhamoon"), f"no translated message says {term!r}"
    for key, m in saying:
        for form in _forms(m):
            assert re.search(stem, form), f"{key}: says {term!r} without the glossary's {glossary_rows()[term]!r}"


def test_the_learners_glossary_says_the_persian_glossarys_words() -> None:
    """Every term of the learner's glossary has its row in docs/glossary.fa.md and is said with that row's
    word (the first one: a row may add the verb after ؛ or a gloss in brackets)."""
    from banakil_replay.learn.glossary import TERMS, glossary_markdown

    rows = {english: re.split(r" \(|؛", persian)[0].strip() for english, persian in glossary_rows().items()}
    rows["hand"] = rows["hand (a deal)"]  # the table says which hand it means
    with language("fa"):
        said = {t.word: t.said_word() for t in TERMS}
        page = glossary_markdown()
    assert set(said) <= set(rows), f"terms with no row in docs/glossary.fa.md: {sorted(set(said) - set(rows))}"
    assert said == {word: rows[word] for word in said}, {w: (said[w], rows[w]) for w in said if said[w] != rows[w]}
    assert page.startswith("# واژه\u200cنامه\n") and "| **دورریز** | کارت\u200cهای رو به بالایی" in page
    assert "| درس 1 |" in page and not ARABIC_ONLY_LETTERS.search(page)


# ------------------------------------------------------------------ the command line in Persian
def test_the_help_is_persian(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["--help", "--lang", "fa"], capsys)
    assert code == 0 and text.startswith("طرز استفاده: banakil-replay")
    assert "موتور قواعد باناکیل، بازپخش لاگ رویدادها و آموزش‌ها." in text
    assert "زبان خروجی: en, ar, fa" in text
    code, text = _run(["validate", "--help", "--lang", "fa"], capsys)
    assert code == 0 and "یک یا چند لاگ رویداد (فایل‌های JSON Lines)" in text
    assert "show this help" not in text and "usage:" not in text  # argparse's own words too


def test_a_valid_sample_game_validates_in_persian(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = _run(["validate", str(SAMPLES / "classic_dana_ravi.jsonl"), "--lang", "fa"], capsys)
    assert code == 0 and text == ""  # a valid log: nothing to say, in any language
    code, text = _run(["replay", str(SAMPLES / "classic_dana_ravi.jsonl"), "--lang", "fa"], capsys)
    assert code == 0 and "seq 17 | قواعد classic | دور 1" in text and "مجموع‌ها:" in text
    monkeypatch.setenv("BANAKIL_LANG", "fa")  # the environment chooses Persian as well as --lang
    assert resolve_language() == "fa"
    assert _run(["replay", str(SAMPLES / "classic_dana_ravi.jsonl")], capsys)[1] == text


def test_an_illegal_event_is_refused_in_persian(capsys: pytest.CaptureFixture[str]) -> None:
    broken = SAMPLES / "broken"
    code, text = _run(["validate", str(broken / "wrong_turn.jsonl"), "--lang", "fa"], capsys)
    assert code == 1
    assert "seq 2: drew: نوبت جایگاه 0 است، نه جایگاه 1 [ترتیب نوبت: 000 (بازی)، 004 (بازی)]" in text
    code, text = _run(["validate", str(broken / "layoff_on_opponent_meld.jsonl"), "--lang", "fa"], capsys)
    assert code == 1 and "هیچ‌کس به ترکیب‌های حریف دست نمی‌زند" in text
    code, english = _run(["validate", str(broken / "wrong_turn.jsonl")], capsys)
    assert "it is seat 0's turn, not seat 1's" in english  # English is untouched


def test_a_bad_card_and_a_bad_meld_are_refused_in_persian(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["meld", "7X", "8H", "9H", "--lang", "fa"], capsys)
    assert code == 2 and "کد کارت ناشناخته '7X': خال 'X' یکی از C D H S ♣ ♦ ♥ ♠ نیست" in text


def test_an_exercise_takes_its_answer_in_persian() -> None:
    """The learner is told "بله یا نه" in Persian, so the answer reader takes those words (and hears them back)."""
    with language("fa"):
        assert parse_yes_no("بله") is True and parse_yes_no(" نه ") is False and parse_yes_no("yes") is True
        assert parse_card_answer("هیچ") == () and parse_card_answer("7H 8H") == parse_card_answer("7h, 8H")
        assert pgettext("answer", "yes") == "بله" and pgettext("answer", "none") == "هیچ"
        with pytest.raises(ValueError, match="با بله یا نه پاسخ دهید"):
            parse_yes_no("شاید")


def test_json_stays_the_same_bytes_in_persian(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(SAMPLES / "classic_dana_ravi.jsonl")
    for argv in (["meld", "7H", "8H", "9S"], ["rules", "--json"], ["replay", game, "--json"]):
        english = _run(argv, capsys)
        assert _run([*argv, "--lang", "fa"], capsys) == english
        json.loads(english[1])


def test_the_persian_catalog_ships_with_the_package() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["banakil_replay"]
    shipped = {p for pattern in patterns for p in (ROOT / "banakil_replay").glob(pattern)}
    assert ROOT / "banakil_replay/i18n/locale/fa/LC_MESSAGES/banakil.po" in shipped


# ------------------------------------------------------------------ the notebook's words and direction
def test_a_game_told_in_persian_and_its_view_right_to_left() -> None:
    from banakil_replay.notebook import html
    from banakil_replay.notebook.direction import directed_html

    from test_i18n_narration import _replay, _told

    r = _replay(SAMPLES / "classic_4p_partnership.jsonl")
    with language("fa"):
        told = [text for _i, text in _told(r)]
        page = directed_html(html.state_html(r.states[12], r, seat_view=0), "fa")
    assert all(PERSIAN.search(text) for text in told)
    assert not [t for t in told if ARABIC_ONLY_LETTERS.search(t)]
    # what is left in Latin letters is data: the players' names and the preset's title
    latin = {w for text in told for w in re.findall(r"[A-Za-z]{2,}", text)} - {"Nadia", "Omar", "Layla", "Sami"}
    assert latin <= {"Classic", "table", "rules"}, latin
    # a run of cards isolated left to right inside the Persian sentence; a noun after a number stays singular
    assert "Layla به جای کشیدن، 3 کارت بالای دورریز (\u20663♦ 4♦ 5♦\u2069) را برمی\u200cدارد." in told
    assert page.startswith('<div dir="rtl"') and "ترکیب‌های روی میز" in page and "سهام:" in page
