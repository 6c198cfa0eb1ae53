"""The command line in Arabic: its errors with their place in the file, the score sheet, the worked
examples' checker, and its JSON answers the same bytes in every language (issue 27)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.log.annotations import Note
from banakil_replay.errors import MalformedInputError

from test_i18n import ARABIC, _english_unless_told, _run, escaped_words  # noqa: F401

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
DANA = SAMPLES / "classic_dana_ravi.jsonl"
HAND = '{"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}'


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    dst = tmp_path / "game.jsonl"
    shutil.copy(DANA, dst)
    return dst


def _place(text: str) -> tuple[str, str] | None:
    """(line, byte) of an Arabic place ``(السطر 2، البايت 105)``, if the text names one."""
    found = re.search(r"\(السطر (\d+)، البايت (\d+)\)", text)
    return (found.group(1), found.group(2)) if found else None


# ------------------------------------------------------------------ errors, with their place
def test_an_unknown_file_is_refused_in_arabic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nosuch.jsonl")
    for command in ("validate", "replay", "options"):
        code, text = _run([command, missing, "--lang", "ar"], capsys)
        assert code == 2 and "Traceback" not in text
        assert text == f"banakil-replay {command}: تعذّرت قراءة {missing}: لا يوجد ملف أو مجلد بهذا الاسم\n"
    code, english = _run(["replay", missing], capsys)
    assert english == f"banakil-replay replay: cannot read {missing}: No such file or directory\n"
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    code, text = _run(["validate", str(empty), "--lang", "ar"], capsys)
    assert code == 2 and text.endswith(f'{empty}: الملف فارغ؛ سجل اللعبة يبدأ بحدث "match_started"\n')
    (tmp_path / "out.parquet").mkdir()
    code, text = _run(["bulk", str(DANA), "--out", str(tmp_path / "out.parquet"), "--lang", "ar"], capsys)
    assert code == 2 and text.endswith(": إنه مجلد؛ لا يستبدل bulk إلا جداول كتبها من قبل. اختر --out آخر، أو انقل "
                                       "الملف بعيدًا\n")


def test_a_truncated_log_is_named_in_arabic_with_its_line_and_byte(game: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = game.read_bytes()
    game.write_bytes(data[:data.index(b"\n", 200) + 40])  # a crash in the middle of writing a line
    code, english = _run(["replay", str(game)], capsys)
    where = re.search(r"\(line (\d+), byte (\d+)\)", english)
    assert code == 2 and where is not None and "torn final line" in english
    code, arabic = _run(["replay", str(game), "--lang", "ar"], capsys)
    assert code == 2 and "سطر أخير مقطوع" in arabic and "على الأرجح انهيار أثناء الكتابة" in arabic
    assert "(JSON غير صالح: يُنتظر قيمة)" in arabic  # json's own reason too
    assert _place(arabic) == where.groups()  # the same place, in the reader's words
    assert f"`banakil-replay repair {game}`" in arabic  # the command to type stays as it is typed
    code, arabic = _run(["validate", str(game), "--lang", "ar"], capsys)
    assert code == 1 and "سطر أخير مقطوع" in arabic and _place(arabic) == where.groups()
    code, repaired = _run(["repair", str(game), "--lang", "ar"], capsys)
    assert code == 0 and "نُقل سطر أخير مقطوع" in repaired


def test_a_bad_line_in_the_middle_is_named_in_arabic(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = game.read_text(encoding="utf-8").splitlines()
    lines[3] = ""  # a blank line among the events
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    offset = sum(len(line.encode()) + 1 for line in lines[:3])
    code, text = _run(["validate", str(game), "--lang", "ar"], capsys)
    assert code == 1 and "سطر فارغ: كل سطر يحمل حدثًا واحدًا" in text
    assert _place(text) == ("4", str(offset))
    code, english = _run(["validate", str(game)], capsys)
    assert f"(line 4, byte {offset})" in english and "a blank line" in english


def test_a_refusal_names_its_rule_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    bad = str(SAMPLES / "broken" / "annotation_points_forward.jsonl")
    code, text = _run(["validate", bad, "--lang", "ar"], capsys)
    assert code == 1 and text.endswith(" [الملاحظات تشير إلى الوراء: docs/event-log.md]\n")
    code, english = _run(["validate", bad], capsys)
    assert english.endswith(" [annotations point back: docs/event-log.md]\n")


def test_a_bad_annotation_is_refused_in_arabic(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = game.read_bytes()
    code, text = _run(["annotate", str(game), "--at", "999", "--text", "hi", "--lang", "ar"], capsys)
    assert code == 2 and text == "banakil-replay annotate: --at 999: في السجل الأحداث 0..17\n"
    code, text = _run(["annotate", str(game), "--at", "2", "--text", " ", "--lang", "ar"], capsys)
    assert code == 2 and "الملاحظة تحتاج إلى نص" in text
    assert game.read_bytes() == before  # nothing written
    with language("ar"), pytest.raises(MalformedInputError) as refused:
        Note(-3, "=cmd|' /C calc'!A0", "").checked(18)  # a sidecar's hostile note
    assert str(refused.value) == "يجب أن يكون 'at' في الملاحظة رقم حدث (0 أو أكثر)، والمعطى -3"


def test_the_log_errors_escape_no_word_of_the_catalog(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The pseudo-locale over the read errors a user meets (json's own words, from Python, left out)."""
    lines = game.read_text(encoding="utf-8").splitlines()
    cases = {"blank": [*lines[:3], "", *lines[3:]], "gap": [*lines[:3], *lines[4:]],
             "array": ["[1, 2]", *lines[1:]], "no seq": [*lines[:3], '{"type": "drew"}', *lines[4:]],
             "not utf-8": [*lines[:3], lines[3][:-1] + "\udcff}"]}
    for name, content in cases.items():
        game.write_bytes("\n".join(content).encode("utf-8", "surrogateescape") + b"\n")
        code, text = _run(["validate", str(game), "--lang", "xx"], capsys)
        said = text.replace(str(game), "FILE")
        assert code in (1, 2) and PSEUDO_OPEN in said and escaped_words(said) == [], (name, text)


# ------------------------------------------------------------------ the score sheet
def test_the_score_sheet_in_arabic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = str(tmp_path / "sheet.jsonl")
    code, text = _run(["sheet", "new", sheet, "--players", "Dana,Ravi", "--lang", "ar"], capsys)
    assert code == 0 and text == f"ورقة جديدة {sheet}: Dana، Ravi؛ قواعد classic، الفوز عند 150\n"
    code, text = _run(["sheet", "add", sheet, HAND, "--lang", "ar"], capsys)
    assert code == 0 and text.startswith("أُضيفت الجولة 1: Dana 37، Ravi 3. لا فائز بعد")
    code, text = _run(["sheet", "add", sheet, HAND, "--lang", "ar"], capsys)  # the same hand again
    assert code == 2 and "لم تُضف الجولة 2: إنها الجولة 1 نفسها تمامًا" in text and "--again" in text
    code, text = _run(["sheet", "add", sheet, '{"went_out": 0', "--lang", "ar"], capsys)
    assert code == 2 and "JSON غير صالح: يُنتظر الفاصل ','" in text and "(السطر 1، العمود 15)" in text
    code, shown = _run(["sheet", "show", sheet, "--lang", "ar"], capsys)
    rows = shown.splitlines()
    assert rows[0] == "ورقة النقاط: Dana، Ravi؛ قواعد classic، الفوز عند 150"
    assert rows[1].split() == ["الجولة", "Dana", "المجموع", "Ravi", "المجموع"]
    assert rows[2].split() == ["1", "37", "37", "3", "3"]
    assert rows[3] == "لا فائز بعد (Dana 37، Ravi 3؛ الفوز عند 150)."
    code, text = _run(["sheet", "strike", sheet, "1", "--lang", "ar"], capsys)
    assert code == 0 and text.startswith("شُطبت الجولة 1: تبقى على الورقة ولا تُحسب لأحد.")
    code, shown = _run(["sheet", "show", sheet, "--lang", "xx"], capsys)
    assert code == 0 and set(escaped_words(shown.replace(sheet, "FILE"))) == {"Dana", "Ravi"}  # names only
    english = _run(["sheet", "show", sheet, "--json"], capsys)
    assert _run(["sheet", "show", sheet, "--json", "--lang", "ar"], capsys) == english


# ------------------------------------------------------------------ the worked examples
def test_the_worked_examples_checker_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["examples", "--lang", "ar"], capsys)
    lines = text.splitlines()
    assert code == 0 and re.fullmatch(r"الأمثلة المحلولة: \d+؛ مطابق: \d+، سهو في المصدر: \d+", lines[0])
    headings = [line.split("  ")[0] for line in lines if line and not line.startswith(" ") and line != lines[0]]
    assert set(headings) == {"مطابق", "سهو في المصدر"}
    labels = {line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")}
    assert labels == {"الحالة", "المذكور", "المحسوب", "السبب"}
    slips = [line for line in lines if line.startswith("  السبب")]
    assert slips and all("مذكورة" in line and "لكن كل مجموع مذكور يوافق" in line for line in slips)
    code, english = _run(["examples"], capsys)
    assert english.splitlines()[0].startswith(f"{len(headings)} worked examples: ")
    assert _run(["examples", "--json", "--lang", "ar"], capsys) == _run(["examples", "--json"], capsys)


def test_the_worked_examples_checker_escapes_nothing_but_its_data(capsys: pytest.CaptureFixture[str]) -> None:
    """Under the pseudo-locale every word but the examples' own data (the case, from the data file) and
    the names it gives its seats is marked."""
    from banakil_replay.examples import check_all, load_examples

    data = {word for ex in load_examples() for name in [*ex.get("seat_names", []), *ex.get("side_names", [])]
            for word in str(name).split()}
    with language("xx"):
        results = check_all()
    for r in results:
        for field in (r.stated, r.computed, *([r.explanation] if r.verdict != "match" else [])):
            assert [w for w in escaped_words(field) if w not in data] == [], (r.id, field)


# ------------------------------------------------------------------ JSON answers: the same in every language
@pytest.mark.parametrize("argv", [["meld", "7H", "8H", "9S"], ["meld", "7H", "8H", "9H"], ["solve", "7H", "8H", "9H", "2C"],
                                  ["experiment", "--list", "--json"], ["options", str(DANA), "--at", "3", "--json"],
                                  ["replay", str(DANA), "--json"], ["validate", "--json", str(DANA),
                                                                    str(SAMPLES / "broken" / "invalid_meld.jsonl")]],
                         ids=lambda a: " ".join(a[:2]))
def test_json_answers_are_language_neutral(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    english = _run(argv, capsys)
    arabic = _run([*argv, "--lang", "ar"], capsys)
    assert arabic == english and not ARABIC.search(arabic[1])
    json.loads(english[1].splitlines()[0])  # it is JSON


# ------------------------------------------------------------------ a newcomer's wrong input, in Arabic
def test_a_newcomers_wrong_input_is_refused_in_arabic(tmp_path: Path, game: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Each refusal in Arabic, whole: no English sentence, no word of the system's English (``File exists``)."""
    sheet = tmp_path / "evening.jsonl"
    sheet.write_text("", encoding="utf-8")
    cases = {
        ("replay", str(game), "--at", "99"): "banakil-replay replay: --at 99: في السجل الأحداث 0..17\n",
        ("options", str(game), "--at", "-1"): "banakil-replay options: --at -1: في السجل الأحداث 0..17\n",
        ("play", "--log", str(game)): f"banakil-replay play: {game} موجود من قبل؛ استأنفه، أو اختر ملفًا جديدًا\n",
        ("sheet", "new", str(sheet), "--players", "Dana,Ravi"):
            f"banakil-replay sheet: {sheet} موجود: الورقة الجديدة لا تكتب فوق ملف أبدًا\n",
        ("learn", "--kind", "nope"): "banakil-replay learn: نوع تمرين مجهول 'nope'؛ المعروف: is-meld, make-meld, "
                                     "lay-off, discard, take-pile, score-hand, match-winner\n",
        ("learn", "--lesson", "0"): "banakil-replay learn: لا يوجد درس 0: الدروس مرقّمة من 1 إلى 10\n",
        ("selfplay", "--out", str(game)): f"banakil-replay selfplay: لا يمكن إنشاء {game}: الملف موجود\n",
        ("bulk", str(game), "--out", str(tmp_path / "o.parquet"), "--workers", "0"):
            "banakil-replay bulk: يجب أن تكون قيمة --workers \u200f1 على الأقل\n",
        ("annotate", str(game), "--at", "1", "--text", "x" * 10_001):
            "banakil-replay annotate: الحدّ الأقصى لـ --text هو 10000 حرف، وفي هذا النص 10001\n",
    }
    before = game.read_bytes()
    for argv, said in cases.items():
        assert _run([*argv, "--lang", "ar"], capsys) == (2, said), argv
    assert game.read_bytes() == before and sheet.read_bytes() == b""


def test_selfplay_counts_the_files_it_will_not_overwrite_in_arabic(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """One file in the way is that file alone; two are it "and one more" (the plural counted on the rest)."""
    out = tmp_path / "games"
    out.mkdir()
    (out / "game-0001.jsonl").write_text("", encoding="utf-8")
    code, text = _run(["selfplay", "--out", str(out), "--games", "2", "--lang", "ar"], capsys)
    assert (code, text) == (2, f"banakil-replay selfplay: رفض الكتابة فوق {out / 'game-0001.jsonl'}\n")
    (out / "game-0002.jsonl").write_text("", encoding="utf-8")
    code, text = _run(["selfplay", "--out", str(out), "--games", "2", "--lang", "ar"], capsys)
    assert (code, text) == (2, f"banakil-replay selfplay: رفض الكتابة فوق {out / 'game-0001.jsonl'} وملف آخر\n")
    code, english = _run(["selfplay", "--out", str(out), "--games", "2"], capsys)
    assert english == f"banakil-replay selfplay: refusing to overwrite {out / 'game-0001.jsonl'} and 1 more\n"


def test_the_stock_is_counted_in_arabic(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """64 cards are "64 ورقة" (11 to 99 take the singular), not "64 أوراق"."""
    code, text = _run(["replay", str(game), "--lang", "ar"], capsys)
    assert code == 0 and "الكومة: 64 ورقة" in text.splitlines()
    code, text = _run(["replay", str(game)], capsys)
    assert "stock: 64 cards" in text.splitlines()


def test_the_play_tables_melds_keep_their_cards_left_to_right_in_arabic(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The bots' melds on the text table are card runs like the hand and the pile: each isolated."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("draw\ndiscard KD\nquit\n"))  # seed 0: the bot then melds
    code, text = _run(["play", "--log", str(tmp_path / "g.jsonl"), "--lang", "ar"], capsys)
    melds = [line for line in text.splitlines() if line.startswith("  التنزيلة #")]
    assert code == 0 and melds
    assert all(re.search(r": \u2066[^\u2069]+\u2069$", line) for line in melds), melds
    assert re.search(r"الكومة: \d+ ورقة", text)


def test_a_refusals_cards_read_left_to_right_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    """The engine's refusals name cards in sentences built in the core; at the terminal each run of cards,
    a lone card too, is isolated left to right, so ``6♠ 7♠ 🃏(=8♠)`` does not read backwards."""
    locked = SAMPLES / "broken" / "jawaker_layoff_moves_locked_joker.jsonl"
    code, text = _run(["validate", str(locked), "--lang", "ar"], capsys)
    assert code == 1 and "إضافة \u20664♠\u2069 إلى التنزيلة \u20666♠ 7♠ 🃏(=8♠)\u2069: الجوكر مثبّت مكان \u20668♠\u2069" in text
    code, text = _run(["replay", str(SAMPLES / "broken" / "discard_lone_top_card.jsonl"), "--lang", "ar"], capsys)
    assert code == 1 and "أُخذت \u20664♣\u2069 وحدها" in text
    code, english = _run(["validate", str(locked)], capsys)
    assert "\u2066" not in english and "cannot add 4♠ to 6♠ 7♠ 🃏(=8♠)" in english


def test_no_wild_card_to_fill_a_gap_reads_as_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    """Two counts in one sentence: with no wild card the sentence says "and no wild card to fill it", not
    "nothing to fill it but no wild cards" (إلا لا)."""
    code, text = _run(["validate", str(SAMPLES / "broken" / "invalid_meld.jsonl"), "--lang", "ar"], capsys)
    assert code == 1 and "هذه الأوراق تترك فجوة واحدة في السلسلة، ولا ورقة بديلة لملئها [" in text
    assert "إلا لا" not in text


def test_the_experiments_list_and_refusals_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    """What each tip says is the project's own sentence (in the catalog), so --list says it in Arabic;
    a table with no two sides to swap is refused in Arabic too."""
    from banakil_replay.play.analysis.tips import TIPS

    code, text = _run(["experiment", "--list", "--lang", "ar"], capsys)
    assert code == 0 and "انتظر دورًا قبل تنزيل مجموعة مكتملة" in text
    assert not any(tip.says in text or (tip.untestable and tip.untestable in text) for tip in TIPS)
    code, text = _run(["experiment", "hold-set", "--players", "3", "--lang", "ar"], capsys)
    assert (code, text) == (2, "banakil-replay experiment: --players 3: التجربة تبدّل الفريقين في المقاعد: تحتاج إلى "
                               "2 أو 4 لاعبين، لا 3\n")


def test_a_bad_number_at_the_table_says_what_was_given_in_arabic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """"got '-1'" is "والمعطى" as in the other refusals, not "وصل" (arrived)."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("take -1\nswap x 8S\nquit\n"))
    code, text = _run(["play", "--log", str(tmp_path / "g.jsonl"), "--lang", "ar"], capsys)
    assert code == 0 and "? take: العدد يجب أن يكون عددًا صحيحًا من 1، والمعطى '-1'" in text.splitlines()
    assert "? swap: رقم التنزيلة يجب أن يكون عددًا صحيحًا من 1، والمعطى 'x'" in text.splitlines()


def test_the_options_and_the_reviews_cards_read_left_to_right_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    """The options list and the review, printed in Arabic, isolate each run of cards (README's Languages)."""
    code, text = _run(["options", str(DANA), "--at", "7", "--lang", "ar"], capsys)
    assert code == 0 and "(\u20665♦ 6♦\u2069)" in text and "(\u20668♦ 5♦ 6♦\u2069)" in text
    code, text = _run(["review", str(DANA), "--seat", "1", "--deals", "2", "--lang", "ar"], capsys)
    assert code == 0 and re.search("\u2066[^\u2069]*♦[^\u2069]*\u2069", text)
    assert not re.search(r"(?<![\u2066 ])\d+♦", text)  # no card outside an isolate
    code, english = _run(["options", str(DANA), "--at", "7"], capsys)
    assert "\u2066" not in english and "(5♦ 6♦)" in english


def test_the_play_tables_options_keep_their_cards_left_to_right_in_arabic(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("options\nquit\n"))
    code, text = _run(["play", "--log", str(tmp_path / "g.jsonl"), "--lang", "ar"], capsys)
    take = [line for line in text.splitlines() if line.startswith("  take 1 ")]
    assert code == 0 and len(take) == 1 and "(\u20669♥\u2069)" in take[0]


def test_learn_cites_its_rules_and_shows_its_cards_in_arabic(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The rule set, the kind of exercise and the rule an answer follows are said in Arabic (they were
    English: "Classic table rules", "make a meld", "[melds: 000 (Play), ...]"), and cards read left to right."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("7H 8H 9H\nskip\nquit\n"))
    code, text = _run(["learn", "--seed", "2", "--kind", "make-meld", "--lang", "ar"], capsys)
    lines = text.splitlines()
    assert code == 0 and lines[0].startswith("تعلّم بناكل وفق قواعد الطاولة الكلاسيكية (000 + 004).")
    assert "السؤال 1 (كوّن تنزيلة؛ 004 (السلاسل))" in lines
    assert "  أوراقك: \u20669♥ K♠ 7♥ 4♣ 8♥ Q♦\u2069" in lines
    assert "  \u20667♥ 8♥ 9♥\u2069 سلسلة [التنزيلات: 000 (اللعب)، 004 (السلاسل، المجموعات)]" in lines
    assert "الجواب: \u20664♦ 5♦ 6♦ 7♦ 8♦\u2069 سلسلة" in lines
    monkeypatch.setattr("sys.stdin", io.StringIO("7H 8H 9H\nquit\n"))
    code, english = _run(["learn", "--seed", "2", "--kind", "make-meld"], capsys)
    assert "  7♥ 8♥ 9♥ is a run [melds: 000 (Play), 004 (runs, sets)]" in english.splitlines()


def test_an_unknown_lang_is_refused_in_the_language_the_environment_asks_for(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BANAKIL_LANG", "ar")
    code, said = _run(["--lang", "fr", "rules"], capsys)
    assert code == 2 and "لغة غير معروفة 'fr'" in said and "en, ar, fa" in said
    monkeypatch.delenv("BANAKIL_LANG")
    code, said = _run(["--lang", "fr", "rules"], capsys)
    assert code == 2 and "unknown language 'fr'; known: en, ar, fa" in said
