"""Choosing the language, Arabic's plural forms, the pseudo-locale sweep, and the Arabic slice end to end."""

from __future__ import annotations

import argparse
import re
from typing import Iterator

import pytest

from banakil_replay.cards import JOKER, card_name, parse_card, full_deck
from banakil_replay.cli.main import build_parser, main
from banakil_replay.i18n import (UnknownLanguageError, _, current_language, is_rtl, language, ngettext,
                                 resolve_language)
from banakil_replay.i18n.catalog import PSEUDO_CLOSE, PSEUDO_OPEN, read_catalog
from banakil_replay.citation_words import said
from banakil_replay.citations import TOPICS, cite
from banakil_replay.rulebook import Rule
from banakil_replay.learn.sentences import card_values, hand_score, match_end, wild_movement
from banakil_replay.play.rule_text import first_meld_relief, rule_lines, rule_sentence, times
from banakil_replay.rules import RULESETS, differences_markdown, get_ruleset

ARABIC = re.compile(r"[\u0600-\u06FF]")


@pytest.fixture(autouse=True)
def _english_unless_told(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts from a clean environment: no language chosen, no locale, English."""
    for var in ("BANAKIL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    with language("en"):
        yield


# ------------------------------------------------------------------ choosing the language
def test_the_order_is_explicit_then_banakil_lang_then_the_locale_then_english(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert resolve_language() == "en"  # a locale we have no catalog for: English, not an error
    monkeypatch.setenv("LANG", "ar_JO.UTF-8")
    assert resolve_language() == "ar"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL wins over LANG, as for every program
    assert resolve_language() == "en"
    monkeypatch.setenv("BANAKIL_LANG", "ar")
    assert resolve_language() == "ar"
    assert resolve_language("en") == "en"
    assert resolve_language("ar-SA") == "ar"


def test_a_language_asked_for_by_name_must_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnknownLanguageError, match="unknown language 'fr'; known: en, ar"):
        resolve_language("fr")
    monkeypatch.setenv("BANAKIL_LANG", "klingon")
    with pytest.raises(UnknownLanguageError, match="klingon"):
        resolve_language()


def test_a_chosen_language_lasts_until_the_block_ends() -> None:
    assert current_language() == "en"
    with language("ar"):
        assert current_language() == "ar" and is_rtl()
        assert _("hearts") == "كبّة"
    assert current_language() == "en" and not is_rtl()
    assert _("hearts") == "hearts"


def test_arabic_has_six_plural_forms_chosen_by_the_catalog_header() -> None:
    header = read_catalog("ar").plural_forms
    assert header.startswith("nplurals=6;")
    with language("ar"):
        said = {n: ngettext("{players}p: {target}", "{players}p: {target}", n).format(players=n, target=150)
                for n in (0, 1, 2, 3, 10, 11, 99, 100, 102)}
    assert said[1] == "لاعب واحد: 150" and said[2] == "لاعبان: 150"
    assert said[3] == said[10].replace("10", "3") == "3 لاعبين: 150"  # 3 to 10: the plural of few
    assert said[11] == "11 لاعبًا: 150" and said[99] == "99 لاعبًا: 150"  # 11 to 99: the accusative singular
    assert said[100] == "100 لاعب: 150" and said[102] == "102 لاعب: 150"  # hundreds: the genitive singular
    assert said[0] == "0 لاعب: 150"


# ------------------------------------------------------------------ the pseudo-locale sweep
# Words that are not sentences: names typed as they are (presets, commands, engine choices, language codes)
# and file names. argparse's own words ("usage:", "options") go through the catalog too (cli/argparse_words.py).
TYPED_NAMES = set(RULESETS) | {"banakil-replay", "local", "dask", "en", "ar", "classic-sum"}


def command_paths(parser: argparse.ArgumentParser, above: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and sub-command of ``parser`` (``("sheet", "add")`` ...), read from the parser itself."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += [(*above, name), *command_paths(child, (*above, name))]
    return found


ALL_COMMANDS = command_paths(build_parser())
COMMAND_NAMES = {name for path in ALL_COMMANDS for name in path}


def escaped_words(text: str) -> list[str]:
    """The English words in ``text`` that the catalog did not mark: what is left once every ⟦...⟧,
    `code`, option, METAVAR, {choice,list} and typed name is taken out."""
    innermost = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")
    while innermost.search(text):  # a template filled with marked words nests: take it out from the inside
        text = innermost.sub(" ", text)
    text = re.sub(r"`[^`]*`|\{[^{}]*\}|(?<![\w-])--?\w[\w-]*|\b[A-Z][A-Z0-9_|]+(\.\w+)?\b", " ", text)
    words = re.findall(r"[A-Za-z][A-Za-z-]+", text)
    return [w for w in words if w not in TYPED_NAMES and w not in COMMAND_NAMES]


def test_the_sweep_finds_a_sentence_outside_the_catalog() -> None:
    assert escaped_words("⟦draw first⟧ then discard") == ["then", "discard"]
    assert escaped_words("⟦⟦seven⟧ of ⟦hearts⟧⟧") == [] and escaped_words("⟦seven⟧ of ⟦hearts⟧") == ["of"]
    assert escaped_words("⟦usage: ⟧banakil-replay meld [-h] [--rules NAME] CARD `7H`") == []
    assert escaped_words("usage: banakil-replay meld") == ["usage"]  # argparse's words are ours to translate


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # --help exits through argparse
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


# Commands whose words another slice of issue 27 moves into the catalog: their help is checked to still
# escape, so the day it stops, this test asks for the name to be taken off (and the sweep then holds them too).
HELP_PENDING: set[str] = set()  # commands whose help is not yet in the catalog (none left)


def _help_of(sub_help: str) -> set[str]:
    return set(escaped_words(sub_help))


@pytest.mark.parametrize("path", [(), *ALL_COMMANDS], ids=lambda p: " ".join(p) or "banakil-replay")
def test_no_help_text_of_any_command_escapes_the_catalog(path: tuple[str, ...],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Every command and sub-command, read from the parser, argparse's own words included."""
    code, text = _run([*path, "--help", "--lang", "xx"], capsys)
    assert code == 0 and PSEUDO_OPEN in text
    escaped = escaped_words(text)
    if path and path[0] in HELP_PENDING:
        assert escaped, f"{path[0]}'s help is in the catalog now: take it off HELP_PENDING"
        return
    if not path:  # the list of commands holds the pending ones' one-line help: only those words may escape
        sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
        pending = set().union(*(_help_of(a.help or "") for a in sub._choices_actions if a.dest in HELP_PENDING))
        escaped = [w for w in escaped if w not in pending]
    assert escaped == []
    assert text.startswith("⟦usage: ⟧") and "⟦options⟧:" in text  # argparse's headings: through the catalog


def test_argparse_errors_are_said_through_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["meld"], ["meld", "7H", "--bogus"], ["replay", "x.jsonl", "--at", "two"], ["bulk", "d", "--out",
                 "o.parquet", "--engine", "spark"], ["nosuch"], ["sheet"]):
        code, text = _run([*argv, "--lang", "xx"], capsys)
        assert code == 2 and escaped_words(text) == [], (argv, text)
    code, text = _run(["meld", "--lang", "ar"], capsys)
    assert text.splitlines()[0].startswith("الاستخدام: banakil-replay meld")
    assert text.splitlines()[-1] == "banakil-replay meld: خطأ: الوسائط التالية مطلوبة: CARD"
    code, english = _run(["meld"], capsys)
    assert english.splitlines()[-1] == "banakil-replay meld: error: the following arguments are required: CARD"
    import argparse as module

    assert module._("usage: ") == "usage: "  # type: ignore[attr-defined]  # argparse has its own words back


def test_no_word_of_the_rules_command_escapes_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["--lang", "xx", "rules"], capsys)
    assert code == 0 and escaped_words(text) == []
    assert text.count(PSEUDO_OPEN) > 100  # every value and every source cell, not only the header


def test_no_card_name_or_card_code_refusal_escapes_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    with language("xx"):
        names = [card_name(c) for c in full_deck()]
    assert all(escaped_words(n) == [] for n in names)
    for bad in ("Z", "7X", "1H"):
        code, text = _run(["--lang", "xx", "meld", bad, "8H", "9H"], capsys)
        assert code == 2 and escaped_words(text.split(": ", 1)[1]) == [], text


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_no_rule_line_escapes_the_catalog(preset: str) -> None:
    """The rule lines the options and hints show, their citations included."""
    rules = get_ruleset(preset)
    for players in rules.player_counts:
        with language("xx"):
            lines = [*rule_lines(rules, players).values(), first_meld_relief(rules)]
            lines.append(rule_sentence(lines[0]))
        assert all(escaped_words(line) == [] for line in lines), lines


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_no_citation_escapes_the_catalog(preset: str) -> None:
    """Every topic and rule cited under each preset, and under options no preset's sources give."""
    cases = [get_ruleset(preset), get_ruleset(preset, {"joker_swap": "valid_result", "partner_melds": "never",
                                                       "no_turn_scores_zero": True, "sheet_carry": True,
                                                       "max_reshuffles": 7})]
    for rules in cases:
        for topic in [*TOPICS, *Rule]:
            english = cite(rules, topic)
            assert said(english) == english  # English: cite's own text, untouched
            with language("xx"):
                text = said(english)
            assert escaped_words(text) == [], (topic, english, text)


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_no_scoring_or_match_sentence_escapes_the_catalog(preset: str) -> None:
    """learn/sentences.py: card values, a hand's score, the match's end, how wild cards move."""
    for options in ({}, {"cold_hand_at_least": True, "dhamoon_needs_others_unmelded": False},
                    {"finished_without_opening": 0}):
        rules = get_ruleset(preset, options)
        with language("xx"):
            texts = [card_values(rules).text, wild_movement(rules).text]
            texts += [f(rules, n).text for n in rules.player_counts for f in (hand_score, match_end)]
        assert all(escaped_words(t) == [] for t in texts), texts
        with language("ar"):
            texts = [card_values(rules).text, wild_movement(rules).text, hand_score(rules, 4 if 4 in
                     rules.player_counts else 2).text]
        assert all(ARABIC.search(t) and not re.findall(r"[A-Za-z]{2,}", t) for t in texts), texts


def test_the_rulebook_in_the_readers_words() -> None:
    """Every rule's title and summary through the catalog; the English ones stay the rule's data."""
    from banakil_replay import rulebook_words

    with language("xx"):
        said_xx = [(rulebook_words.title(r), rulebook_words.summary(r)) for r in Rule]
    assert all(escaped_words(t) == [] and escaped_words(s) == [] for t, s in said_xx)
    with language("ar"):
        said_ar = [(rulebook_words.title(r), rulebook_words.summary(r)) for r in Rule]
    assert all(ARABIC.search(t) and ARABIC.search(s) for t, s in said_ar)
    assert rulebook_words.title(Rule.TURN_ORDER) == Rule.TURN_ORDER.title == "turn order"


# ------------------------------------------------------------------ the Arabic slice
def test_card_names_in_arabic_and_codes_as_typed() -> None:
    with language("ar"):
        assert card_name(parse_card("7H")) == "سبعة كبّة"
        assert card_name(parse_card("as")) == "آس بستوني"
        assert card_name(parse_card("10♦")) == "عشرة ديناري"
        assert card_name(JOKER) == "جوكر"
        assert parse_card("QC").code == "QC"  # what is typed does not depend on the language
    assert card_name(parse_card("7H")) == "seven of hearts"


def test_rule_lines_in_arabic_and_each_language_cached_apart() -> None:
    eram = get_ruleset("eram")
    with language("ar"):
        arabic = rule_lines(eram, 4)
        assert [times(n) for n in (1, 2, 3, 11)] == ["مرة واحدة", "مرتين", "3 مرات", "11 مرة"]
    assert arabic["reshuffle"].endswith(": تصير الأرض، إلا ورقتها العليا، كومةً جديدة، مرتين في الجولة على الأكثر")
    for line in arabic.values():  # the citation before ": " and the rule after it, both Arabic
        assert all(ARABIC.search(part) for part in line.split(": ", 1)), line
        assert not re.findall(r"[A-Za-z]{2,}", line), line  # no English word left (A-2-3 is a run as typed)
    assert rule_lines(eram, 4)["reshuffle"].endswith("twice a hand at most")  # English is not the Arabic cached
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]


def test_rules_in_arabic_on_the_command_line_and_from_the_environment(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, arabic = _run(["rules", "--lang", "ar"], capsys)
    assert code == 0
    rows = arabic.strip().splitlines()
    assert rows[0].startswith("| القاعدة |") and rows[0].endswith("| المصادر |")
    for row in rows[2:]:
        assert ARABIC.search(row), row
        # Latin letters only in what is typed as it is: knob names in code, README (a file), the presets
        left = re.sub(r"`[^`]*`|README", "", row)
        assert not [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", left) if w not in RULESETS], row
    assert "لاعبان: 150" in arabic and "جواكر" in arabic
    monkeypatch.setenv("BANAKIL_LANG", "ar")
    assert _run(["rules"], capsys) == (0, arabic)
    monkeypatch.setenv("BANAKIL_LANG", "en")
    code, english = _run(["rules"], capsys)
    assert english.strip() == differences_markdown()  # English: the README's table, unchanged
    assert not ARABIC.search(english)


def test_the_json_table_stays_language_neutral(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["rules", "--json", "--lang", "ar"], capsys) == _run(["rules", "--json"], capsys)


def test_a_bad_card_is_refused_in_arabic_and_an_unknown_language_is_bad_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = _run(["meld", "7X", "8H", "9H", "--lang", "ar"], capsys)
    assert code == 2 and "رمز ورقة غير معروف '7X'" in text
    code, text = _run(["--lang", "fr", "rules"], capsys)
    assert code == 2 and text == "banakil-replay: unknown language 'fr'; known: en, ar, fa\n"
    monkeypatch.setenv("BANAKIL_LANG", "fr")
    assert _run(["rules"], capsys)[0] == 2


def test_every_command_takes_lang_before_or_after_its_name() -> None:
    parser = build_parser()
    assert parser.parse_args(["--lang", "ar", "rules"]).lang == "ar"
    assert parser.parse_args(["rules", "--lang", "ar"]).lang == "ar"
    sub = next(a for a in parser._actions if a.dest == "command")
    assert isinstance(sub, argparse._SubParsersAction)
    assert all(any("--lang" in a.option_strings for a in sp._actions) for sp in sub.choices.values())
    assert parser.parse_args(["sheet", "show", "x.jsonl", "--lang", "ar"]).lang == "ar"  # a sub-command's too


def test_the_main_help_is_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["rules", "--help", "--lang", "ar"], capsys)
    assert code == 0 and "جدول الفروق" not in text  # a command's own help shows its arguments, not its line
    assert "الفروق بصيغة JSON بدل جدول Markdown" in text and "لغة المخرجات: en, ar" in text
    assert current_language() == "en"  # the command's language was its own
