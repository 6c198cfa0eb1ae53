"""The notebook's HTML views, charts and widgets through the catalog: every word a reader sees.

Under the pseudo-locale ``xx`` each catalog string comes back wrapped in ⟦ ⟧, so a word joined on outside
the catalog is left bare and :func:`escaped_words` finds it; under Arabic the same views read in Arabic,
right to left, with each run of cards left to right. What is data stays as typed (player names, rule-set
names, card codes); the engine's own reasons and scoring lines come from modules translated elsewhere,
and are taken out here by name so this sweep tests the views' words only.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.notebook import html
from banakil_replay.play.coach.options import options
from banakil_replay.reducer import Replay, replay

if TYPE_CHECKING:
    from banakil_replay.melds import MeldCheck

# the suite's clean start (no language chosen, English) is test_i18n's autouse fixture, used here by name
from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
FOUR = ROOT / "sample_games" / "classic_4p_partnership.jsonl"


def _replay(path: Path) -> Replay:
    return replay(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def words_of(page: str, data: Iterator[str] | set[str] = frozenset()) -> str:
    """What a reader sees of an HTML fragment: tags out, entities read, the given data (names, engine lines) out."""
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", page))
    for item in sorted(set(data), key=len, reverse=True):
        text = text.replace(item, " ")
    return text


def _engine_lines(r: Replay) -> set[str]:
    """Sentences the engine makes (scoring working), translated in their own modules, not these views'."""
    return {line for s in r.states if s.hand_score is not None for line in s.hand_score.explain}


def _views(r: Replay) -> list[str]:
    pages = []
    for i, state in enumerate(r.states):
        pages += [html.state_html(state, r), html.state_html(state, r, seat_view=0)]
        if state.phase == "over" and state.hand_score is not None:
            pages.append(html.score_html(state))
        if state.in_hand and i % 5 == 0:
            opts = options(state)
            pages += [html.options_html(opts, state, limit=3, refused_limit=2, chosen=r.events[i + 1]),
                      html.options_html(opts, state, kinds=["discard"])]
    return pages


def test_no_word_of_the_html_views_escapes_the_catalog() -> None:
    r = _replay(FOUR)
    with language("xx"):
        pages = _views(r)
        engine = _engine_lines(r) | {o.explain for s in r.states if s.in_hand for o in options(s).options}
    data = set(r.states[-1].players) | engine | {r.states[-1].rules.name}
    assert len(pages) > 40 and all(PSEUDO_OPEN in page for page in pages)
    escaped = [(page[:200], words) for page in pages if (words := escaped_words(words_of(page, data)))]
    assert not escaped, escaped[:3]


def test_the_sweep_would_catch_a_bare_word_in_a_view() -> None:
    with language("xx"):
        page = html.cards_html([]) + "<b>Stock</b>"
    assert escaped_words(words_of(page)) == ["Stock"]


def test_the_html_views_in_arabic() -> None:
    from banakil_replay.cards import parse_cards
    from banakil_replay.melds import analyze_meld
    from banakil_replay.notebook.direction import directed_html
    from banakil_replay.rules import get_ruleset

    r = _replay(FOUR)
    state = r.states[12]
    with language("ar"):
        page = directed_html(html.state_html(state, r, seat_view=0), "ar")
        valid = html.meld_check_html(analyze_meld(parse_cards(["2S", "4H", "5H"]), get_ruleset("classic")))
        invalid = html.meld_check_html(analyze_meld(parse_cards(["4H", "5S"]), get_ruleset("classic")))
    assert page.startswith('<div dir="rtl"') and "التنزيلات على الطاولة" in page and "الكومة:" in page
    assert not re.findall(r"\b(?:cards?|seat|Stock|Melds|Totals|hand)\b", words_of(page, set(state.players)))
    assert "سلسلة صحيحة" in valid and "2♠ تحلّ مكان 3♥" in valid and "ليست تنزيلة:" in invalid
    # the meld's cards in their own order, left to right, inside the Arabic sentence around them
    run = re.search(r'<span dir="ltr" class="banakil-meld-cards"[^>]*>(.*?)</span></div>', valid)
    assert run and re.findall(r'data-card="(\w+)"', run.group(1)) == ["2S", "4H", "5H"]


# ------------------------------------------------------------------ charts
def _chart_words(spec: object) -> list[str]:
    """Every title a chart shows: its title and subtitle, and each axis, legend and tooltip title."""
    found: list[str] = []

    def walk(node: object, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("title", "text", "subtitle") and not node.endswith((":Q", ":N", ":O")):
            found.append(node)
    walk(spec)
    return found


def _all_charts(hands: object, empty: object, lang: str | None = None) -> list[dict[str, object]]:
    from banakil_replay.notebook import charts

    made = [charts.totals_chart(hands, lang=lang), charts.totals_chart(hands, across_games=True, lang=lang),
            charts.points_chart(hands, lang=lang), charts.endings_chart(hands, lang=lang),
            charts.cold_hands_chart(hands, lang=lang), charts.stock_chart(hands, lang=lang),
            charts.cold_hands_chart(empty, lang=lang), charts.stock_chart(empty, lang=lang),
            charts.totals_chart(empty, lang=lang)]
    return [chart.to_dict() for chart in made]


def _tables() -> tuple[object, object]:
    from banakil_replay.endings import ALL_AT_ONCE, STOCK_OUT
    from banakil_replay.notebook import frames
    from display_helpers import GAMES

    games, problems = frames.load_games([GAMES, GAMES / "selfplay"])
    assert not problems
    hands = frames.hands_frame(games)
    return hands, hands[~hands.ended.isin([ALL_AT_ONCE, STOCK_OUT])].iloc[:0]


def test_no_chart_title_escapes_the_catalog() -> None:
    from banakil_replay.endings import ENDINGS
    from banakil_replay.rules import RULESETS

    hands, empty = _tables()
    specs = _all_charts(hands, empty, lang="xx")
    words = [w for spec in specs for w in _chart_words(spec)]
    assert len(words) > 50 and all(PSEUDO_OPEN in w for w in words if not re.fullmatch(r"[\d.%~g]*", w)), words
    # the tally of endings names them by their data codes (went_out ...), as the legend does
    data = {e for e in ENDINGS} | set(RULESETS)
    escaped = [(w, bad) for w in words if (bad := escaped_words(words_of(w, data)))]
    assert not escaped, escaped[:5]


def test_every_chart_in_arabic_and_english_unchanged() -> None:
    hands, empty = _tables()
    arabic = _all_charts(hands, empty, lang="ar")
    english = _all_charts(hands, empty)
    for spec in arabic:
        title = spec["title"]
        assert isinstance(title, dict) and ARABIC.search(title["text"]) and ARABIC.search(title["subtitle"][0])
    assert [s["title"]["text"] for s in english] == [  # type: ignore[index]
        "Running totals", "Running totals", "Points per hand", "How hands end", "What a cold hand is worth",
        "How often the stock runs out", "What a cold hand is worth", "How often the stock runs out", "Running totals"]
    assert arabic[5]["title"]["text"] == "كم مرة تنفد الكومة"  # type: ignore[index]
    assert "كيف انتهت" in str(arabic[3]["encoding"]) and "الجولة في السهرة" in str(arabic[1])


# ------------------------------------------------------------------ widgets
def _panels(widget: object) -> list[str]:
    """Every word a widget shows: its HTML panels' values, its buttons' and boxes' labels and tooltips."""
    import ipywidgets as W

    seen: list[str] = []

    def walk(w: object) -> None:
        if isinstance(w, W.HTML):
            seen.append(w.value)
        elif isinstance(w, W.Button):
            seen.append(f"{w.description} {w.tooltip or ''}")
        elif isinstance(w, (W.Text, W.Textarea, W.Dropdown, W.IntSlider)):
            seen.append(f"{w.description} {getattr(w, 'placeholder', '')}")
        for child in getattr(w, "children", ()):
            walk(child)
    walk(getattr(widget, "widget"))
    return [s for s in seen if s.strip()]


def _check(codes: str) -> "MeldCheck":
    from banakil_replay.cards import parse_cards
    from banakil_replay.melds import analyze_meld
    from banakil_replay.rules import get_ruleset

    return analyze_meld(parse_cards(codes.split()), get_ruleset("classic"))


def _still(widget: object) -> list[str]:
    """The still picture a widget's display carries for a page with no kernel (HTML and text)."""
    bundle = widget._repr_mimebundle_()  # type: ignore[attr-defined]
    return [bundle["text/html"], bundle["text/plain"]]


def _meld_checker_pages(lang: str) -> list[str]:
    from banakil_replay.notebook.widgets import MeldChecker

    m = MeldChecker(lang=lang)
    pages = _panels(m)
    for typed in ("2S 4H 5H", "4H 5S", "KS AS 2S 1", "7X", "JK 3C 3D"):
        m.text.value = typed
        pages += [m.picked.value, m.result.value, *_still(m)]
    m.clear.click()
    pages += [m.result.value]
    return pages


def _annotator_pages(tmp_path: Path, lang: str) -> list[str]:
    from banakil_replay.notebook.widgets import Annotator

    log = tmp_path / "game.jsonl"
    log.write_bytes((ROOT / "sample_games" / "classic_dana_ravi.jsonl").read_bytes())
    a = Annotator(log, lang=lang)
    pages = _panels(a) + [a.listing.value]
    a.add("   ")
    pages.append(a.message.value)
    a.text.value = "Why not keep the 2?"
    a.add_button.click()
    pages += [a.message.value, a.listing.value, *_still(a)]
    a.export_csv.click()
    pages.append(a.exported.value)
    return pages


def test_no_word_of_the_meld_checker_or_annotator_escapes_the_catalog(tmp_path: Path) -> None:
    from banakil_replay.rules import RULESETS

    with language("en"):
        pages = _meld_checker_pages("xx") + _annotator_pages(tmp_path, "xx")
    # data: the rule sets' titles (the dropdown), the note as written, the log's path, player names
    data = {r.title for r in RULESETS.values()} | {"Why not keep the 2?", str(tmp_path), "Dana", "Ravi"}
    data |= {r.name for r in RULESETS.values()} | {"jsonl", "csv", "notes"}
    with language("xx"):  # the engine's reasons (melds.py) are translated with the engine, not here
        data |= {m.reason or "" for m in (_check("4H 5S"), _check("JK 3C 3D"), _check("2S 4H 5H"))}
    assert len(pages) > 40
    escaped = [(page[:160], words) for page in pages if (words := escaped_words(words_of(page, data)))]
    assert not escaped, escaped[:4]


def test_the_meld_checker_and_annotator_in_arabic(tmp_path: Path) -> None:
    from banakil_replay.i18n import current_language
    from banakil_replay.notebook.direction import RTL_CLASS
    from banakil_replay.notebook.widgets import Annotator, MeldChecker

    m = MeldChecker(cards="2S 4H 5H", lang="ar")
    assert current_language() == "en" and RTL_CLASS in m.widget._dom_classes
    assert m.clear.description == "امسح" and m.result.value.startswith('<div dir="rtl"')
    assert "سلسلة صحيحة" in m.result.value and "المختارة:" in m.picked.value
    m.text.value = "4H 5S"  # a change after the block that made it: still Arabic
    assert "ليست تنزيلة:" in m.result.value
    picked = re.search(r'<span dir="ltr" class="banakil-cards"[^>]*>(.*)</span>', m.picked.value)
    assert picked and re.findall(r'data-card="(\w+)"', picked.group(1)) == ["4H", "5S"]
    log = tmp_path / "game.jsonl"
    log.write_bytes((ROOT / "sample_games" / "classic_dana_ravi.jsonl").read_bytes())
    a = Annotator(log, lang="ar")
    assert a.add_button.description == "أضف الملاحظة" and a.stepper.next.description != "Next"
    a.add("ملاحظة")
    assert "أُضيفت الملاحظة على الحدث" in a.message.value and a.message.value.startswith('<div dir="rtl"')
    assert "<th>الحدث</th>" in a.listing.value


# ------------------------------------------------------------------ score sheet
def _sheet_pages(tmp_path: Path, lang: str) -> tuple[list[str], object]:
    from banakil_replay.notebook.sheet import SheetWidget

    w = SheetWidget(tmp_path / f"evening-{lang}.jsonl", "classic", ["Dana", "Ravi"], carry=True, lang=lang)
    pages = _panels(w) + [o[0] for o in w.went_out.options] + [w.all_at_once.description]
    w.add_button.click()  # every box empty: refused
    pages.append(w.message.value)
    w.melded[0].value, w.in_hand[0].value = "3H 4H", "16"  # cards and points mixed: refused
    w.add_button.click()
    pages.append(w.message.value)
    for melded, held in (("16.5", "0"), ("20", "0")):
        w.melded[0].value, w.in_hand[0].value = melded, held
        w.melded[1].value, w.in_hand[1].value = "10.5", "7.5"
        w.add_button.click()
        pages += [w.message.value, w.sheet_panel.value]
    w.add_button.click()  # the second click of a double click
    pages += [w.message.value, w.still()[0]]
    return pages, w


def test_no_word_of_the_score_sheet_escapes_the_catalog(tmp_path: Path) -> None:
    pages, w = _sheet_pages(tmp_path, "xx")
    # the standing line and each hand's working are the sheet model's (log/sheet.py), translated with it
    pages = [re.sub(r'<div class="banakil-sheet-standing".*?</div>|title="[^"]*"', "", page) for page in pages]
    data = {"Dana", "Ravi", "classic"}
    assert len(pages) > 15 and "⟦Hand 2 added" in "".join(pages)
    escaped = [(page[:160], words) for page in pages if (words := escaped_words(words_of(page, data)))]
    assert not escaped, escaped[:4]


def test_the_score_sheet_in_arabic(tmp_path: Path) -> None:
    from banakil_replay.notebook.direction import RTL_CLASS

    pages, w = _sheet_pages(tmp_path, "ar")
    assert RTL_CLASS in w.widget._dom_classes and w.add_button.description == "أضف الجولة"  # type: ignore[attr-defined]
    assert any("لم تُضف الجولة 1: خانات كل المقاعد فارغة" in page for page in pages)
    panel = w.sheet_panel.value  # type: ignore[attr-defined]
    assert panel.startswith('<div dir="rtl"') and "قواعد classic، الفوز عند" in panel and "<th" in panel


# ------------------------------------------------------------------ exercises
def _exercise_words(lang: str, tmp_path: Path) -> tuple[list[str], object]:
    """The exercise widget's own words (the questions, hints and reasons are the learn engine's)."""
    from banakil_replay.notebook.exercises import ExerciseWidget

    ex = ExerciseWidget(kinds=["is-meld"], progress=tmp_path / f"progress-{lang}.json", lang=lang)
    head = lambda: re.search(r'banakil-exercise-head[^>]*>(.*?)<span', ex.question_panel.value).group(1)  # noqa: E731
    seen = [f"{b.description} {b.tooltip or ''}" for b in (ex.check_button, ex.hint_button, ex.retry_button,
                                                           ex.skip_button, ex.next_button)]
    seen += [ex.answer.placeholder, head(), ex.score_panel.value, ex.notice_panel.value]
    ex.check_button.click()  # nothing typed
    seen.append(ex.feedback_panel.value)
    ex.submit("maybe")  # cannot be read: the refusal is the answer reader's (learn/model.py), translated
    seen.append(ex.feedback_panel.value)
    for answer in ("yes", "no"):
        ex.submit(answer)
        seen.append(re.sub(r"<ul.*</ul>", "", ex.feedback_panel.value))  # the head; the reasons are the engine's
        if ex.retry_button.disabled is False:
            ex.retry_button.click()
            seen.append(ex.feedback_panel.value)
    seen += [ex.score_panel.value, re.sub(r"</summary>.*?</details>", "</summary></details>", ex.still()[0].split(
        '<div class="banakil-exercise-question"')[0])]
    ex.next_button.click()
    seen.append(head())
    return seen, ex


def test_no_word_of_the_exercise_widget_escapes_the_catalog(tmp_path: Path) -> None:
    seen, _ex = _exercise_words("xx", tmp_path)
    assert len(seen) > 12
    escaped = [(page[:160], words) for page in seen if (words := escaped_words(words_of(page, {str(tmp_path)})))]
    assert not escaped, escaped[:4]


def test_the_exercise_widget_in_arabic(tmp_path: Path) -> None:
    from banakil_replay.notebook.direction import RTL_CLASS

    seen, ex = _exercise_words("ar", tmp_path)
    assert RTL_CLASS in ex.widget._dom_classes and ex.check_button.description == "تحقّق"  # type: ignore[attr-defined]
    assert "السؤال 2: هل هي تنزيلة؟" in seen[-1] and ex.answer.placeholder == "نعم أو لا؛ ثم Enter"  # type: ignore[attr-defined]
    assert any("صحيح." in page for page in seen) and ex.score_panel.value.startswith('<div dir="rtl"')  # type: ignore[attr-defined]
    assert "أجب بنعم أو لا" in "".join(seen)  # the answer reader's refusal, in Arabic too


def test_an_answer_may_be_typed_in_arabic() -> None:
    from banakil_replay.learn.model import parse_card_answer, parse_count_or_no, parse_side, parse_yes_no

    assert parse_yes_no("نعم") is True and parse_yes_no(" لا ") is False and parse_yes_no("yes") is True
    assert parse_card_answer("لا شيء") == () and parse_count_or_no("لا") is None and parse_side("لا أحد", 2) is None


# ------------------------------------------------------------------ the meld exercises' own words
def test_the_meld_exercises_speak_through_the_catalog() -> None:
    """Questions, labels, hints, reasons and answers of the three meld kinds, under xx and in Arabic."""
    from banakil_replay.cards import parse_cards
    from banakil_replay.learn.meld_exercises import IsMeld, LayOff, MakeMeld
    from banakil_replay.melds import analyze_meld
    from banakil_replay.rules import get_ruleset

    rules = get_ruleset("classic")
    run = analyze_meld(parse_cards(["2S", "4H", "5H"]), rules).meld
    assert run is not None
    made = [IsMeld("a", rules, "test", parse_cards(["4H", "5H", "6H"])),
            IsMeld("b", rules, "test", parse_cards(["4H", "5S", "JK"])),
            MakeMeld("c", rules, "test", parse_cards(["4H", "5H", "6H", "9C"])),
            LayOff("d", rules, "test", run, parse_cards(["6H", "9C"]))]

    def said(answers: tuple[str, ...]) -> list[str]:
        out: list[str] = []
        for ex, answer in zip(made, answers):
            fb = ex.check(answer)
            out += [ex.question, ex.hint(), ex.solution(), *(s.label for s in ex.shows()),
                    *(r.text for r in fb.reasons)]
        return out

    with language("xx"):
        lines = said(("yes", "yes", "4H 5H 9C", "9C"))
        # melds.py's verdicts and refusals are the engine's, translated with it, not with the exercises
        engine = {analyze_meld(parse_cards(c), rules).reason or "" for c in (["4H", "5S", "JK"], ["4H", "5H", "9C"])}
        engine |= {str(no) for c in parse_cards(["6H", "9C"]) if not hasattr(no := made[3].outcome(c), "cards")}
    escaped = [(line, words) for line in lines
               if (words := escaped_words(words_of(line, set(RULESETS_NAMES) | engine)))]
    assert len(lines) > 20 and not escaped, escaped[:4]
    with language("ar"):
        arabic = said(("نعم", "لا", "4H 5H 6H", "لا شيء"))
        assert made[0].answer_text() == "نعم"
    assert "هل تكوّن هذه الأوراق تنزيلة (سلسلة أو مجموعة)؟ أجب بنعم أو لا." in arabic
    assert any("تصبح التنزيلة" in line for line in arabic) and any(line.endswith(" سلسلة") for line in arabic)


RULESETS_NAMES = ("classic", "jawaker", "eram", "kroot")


def test_the_score_exercises_speak_through_the_catalog() -> None:
    """Scoring a hand and who won the match: their questions, labels, hints and verdicts (the working is the
    scoring engine's, translated with it), under xx and in Arabic."""
    from itertools import islice

    from banakil_replay.learn import exercises
    from banakil_replay.rules import get_ruleset

    def said(rules_name: str, answer: str) -> list[str]:
        out: list[str] = []
        for ex in islice(exercises(get_ruleset(rules_name), ["score-hand", "match-winner"], seed=3), 8):
            fb = ex.check(answer)
            out += [ex.question, ex.hint(), *(s.label for s in ex.shows()), *(s.text for s in ex.shows() if s.text),
                    *(r.text for r in fb.reasons), ex.solution().split(": ")[0]]
            out += [line for line in fb.explain if line.startswith(("So ", "⟦So "))]  # the sum line is the exercise's
        return out

    for name in ("classic", "jawaker"):
        with language("xx"):
            lines = said(name, "0")
        assert len(lines) > 40 and all(PSEUDO_OPEN in line for line in lines if re.search("[A-Za-z]", line)), \
            [line for line in lines if PSEUDO_OPEN not in line and re.search("[A-Za-z]", line)][:4]
        escaped = [(line, words) for line in lines if (words := escaped_words(words_of(line, set(RULESETS_NAMES))))]
        assert not escaped, escaped[:4]
    with language("ar"):
        arabic = said("classic", "0")
    assert any(line.startswith("كم يسجّل") for line in arabic) and any("ورقة تسجيل مباراة" in line for line in arabic)


def test_the_turn_exercises_speak_through_the_catalog() -> None:
    """What may you discard, and taking from the pile: questions, labels, hints and verdicts (a refusal is the
    reducer's, translated with it), under xx and in Arabic."""
    from itertools import islice

    from banakil_replay.errors import MalformedInputError
    from banakil_replay.learn import exercises
    from banakil_replay.rules import get_ruleset

    def said(answers: tuple[str, ...]) -> list[str]:
        out: list[str] = []
        for ex in islice(exercises(get_ruleset("classic"), ["discard", "take-pile"], seed=5), 8):
            for answer in answers:
                try:
                    fb = ex.check(answer)
                except MalformedInputError:  # a count asked for cards, or cards for a count: not an answer
                    continue
                out += [r.text for r in fb.reasons if r.rule is None or PSEUDO_OPEN in r.text or ARABIC.search(r.text)]
            out += [ex.question, ex.hint(), *(s.label for s in ex.shows())]
        return out

    with language("xx"):
        lines = said(("none", "1", "3", "no"))
    escaped = [(line, words) for line in lines if (words := escaped_words(words_of(line, set(RULESETS_NAMES))))]
    assert len(lines) > 30 and not escaped, escaped[:4]
    with language("ar"):
        arabic = said(("لا شيء", "1", "لا"))
    assert any(line.startswith(("الدور دورك؛ حتى الآن", "في هذا الدور")) for line in arabic)
    assert "يدك" in arabic and not [line for line in arabic if re.search(r"\b(?:pile|hand|turn|discard)\b", line)]


def test_a_preview_names_its_lesson_in_the_readers_language() -> None:
    from banakil_replay.learn.topics import previewed

    with language("xx"):
        said = previewed(1, ["meld", "draw"], ["no more risk of the flat -20 for melding nothing"])
    assert said and all(escaped_words(line) == [] for line in said), said
    with language("ar"):
        assert previewed(1, ["meld"], []) == ["ما الذي يصنع تنزيلة (الدرس 2)"]
