"""The notebook in Arabic: setup_notebook(lang=), the play table and the stepper right to left, an Arabic chart.

A view given ``lang="ar"`` speaks Arabic in its labels, buttons and sentences, carries ``dir="rtl"``
on every HTML panel and the ``banakil-rtl`` class (and its rule) on its widget, keeps every run of
cards left to right (``dir="ltr"``), and still speaks Arabic on a click that comes after the block
that made it; the language around it is left as it was. The browser half is
``tests/test_browser_rtl.py``.
"""

from __future__ import annotations

import contextvars
import os
import re
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.rules import get_ruleset
from banakil_replay.i18n import UnknownLanguageError, current_language, language
from banakil_replay.notebook import charts, frames
from banakil_replay.cards import parse_cards
from banakil_replay.melds import analyze_meld
from banakil_replay.notebook.direction import RTL_CLASS, directed_html
from banakil_replay.notebook.html import backs_html, cards_html, meld_html
from banakil_replay.notebook.playtable import PlayTable
from banakil_replay.notebook.stepper_view import ReplayStepper
from display_helpers import DANA_RAVI, GAMES

ARABIC = re.compile(r"[\u0600-\u06FF]")


def _classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the machine's locale, the language around the view is English."""
    monkeypatch.setenv("BANAKIL_LANG", "en")


def test_directed_html_wraps_once_and_leaves_the_fragment_as_drawn() -> None:
    run = cards_html(["7H", "8H"])
    wrapped = directed_html(f"<b>a</b>{run}", "ar")
    assert wrapped == f'<div dir="rtl" class="{RTL_CLASS}"><b>a</b>{run}</div>'
    assert directed_html(wrapped, "ar") == wrapped  # a panel drawn again from its own value
    assert directed_html(run, "en") == run and directed_html("", "ar") == ""


def test_every_run_of_cards_is_drawn_left_to_right_in_any_language() -> None:
    """html.py puts dir="ltr" on each run itself, so no view has to find its runs by their markup."""
    meld = analyze_meld(parse_cards(["2S", "4H", "5H"]), get_ruleset("classic")).meld
    assert meld is not None
    runs = {"row": cards_html(["10H", "JH"]), "empty row": cards_html([]), "backs": backs_html(3),
            "meld": meld_html(meld)}
    for name, fragment in runs.items():
        opened = re.findall(r'<span ([^>]*class="banakil-(?:meld-)?cards[^"]*")', fragment)
        assert opened and all(attrs.startswith('dir="ltr" ') for attrs in opened), (name, fragment[:120])


def test_the_play_table_in_arabic(tmp_path: Path, english: None) -> None:
    table = PlayTable(log=tmp_path / "game.jsonl", players=2, seed=1, lang="ar")
    assert current_language() == "en", "the table's language does not leak into the notebook"
    assert RTL_CLASS in _classes(table.widget) and "banakil-rtl-style" in _classes(table.widget.children[0])
    assert table.coach_button.description == "المدرّب" and table.review_button.description == "راجع هذه اللعبة"
    for panel in (table.head, table.table, table.message):
        assert panel.value.startswith('<div dir="rtl"'), panel.value[:80]
    assert 'dir="ltr" class="banakil-cards' in table.table.value  # the other hand's backs, a run of cards
    assert "الدور على" in table.head.value and "اسحب" in table.head.value
    # a click comes later, outside any block: the table still speaks Arabic
    assert table.press("draw")
    assert "نزّل" in table.head.value, table.head.value
    table.press("meld")  # nothing selected: a problem said in Arabic, nothing raised
    assert "لا يمكن فعل ذلك" in table.message.value and table.last_error is None
    html, text = table.still()
    assert html.startswith('<div dir="rtl"') and text.startswith("طاولة اللعب")
    table.show_coach(True)
    assert "المدرّب" in table.coach_panel.value and table.coach_button.description == "أخفِ المدرّب"


def test_the_play_table_stays_english_and_left_to_right_by_default(tmp_path: Path, english: None) -> None:
    table = PlayTable(log=tmp_path / "game.jsonl", players=2, seed=1)
    assert RTL_CLASS not in _classes(table.widget) and not ARABIC.search(table.head.value)
    assert table.coach_button.description == "Coach" and 'dir="rtl"' not in table.table.value


def test_a_language_the_project_cannot_speak_is_refused_before_anything_is_shown(tmp_path: Path) -> None:
    with pytest.raises(UnknownLanguageError):
        PlayTable(log=tmp_path / "game.jsonl", players=2, seed=1, lang="klingon")
    assert not (tmp_path / "game.jsonl").exists()


def test_the_stepper_in_arabic(english: None) -> None:
    step = ReplayStepper(DANA_RAVI, lang="ar")
    assert RTL_CLASS in _classes(step.widget)
    assert (step.first.description, step.next.description) == ("الأول", "التالي")
    assert step.perspective.options[0][0] == "كل الأيدي مكشوفة"
    before = step.seq
    step.next.click()  # through the widget's own guarded callback, outside any block
    assert step.seq > before and step.last_error is None
    assert step.status.value.startswith('<div dir="rtl"') and "الحدث" in step.status.value
    assert "حدث للتو" in step.event.value and 'dir="ltr" class="banakil-cards' in step.table.value
    assert current_language() == "en"


def test_setup_notebook_sets_the_kernels_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from banakil_replay.notebook.setup import setup_notebook

    monkeypatch.setenv("BANAKIL_LANG", "en")  # restored after the test: setup_notebook writes it

    def in_a_notebook() -> tuple[str, str, str]:
        setup_notebook(lang="ar")
        chosen = current_language()
        table = PlayTable(log=tmp_path / "game.jsonl", players=2, seed=1)  # no lang=: the notebook's
        return chosen, table.coach_button.description, table.head.value

    chosen, coach, head = contextvars.copy_context().run(in_a_notebook)
    assert chosen == "ar" and coach == "المدرّب" and head.startswith('<div dir="rtl"')
    # a later cell may run in a fresh context: the kernel's environment still names the language
    assert current_language() == "ar"
    with pytest.raises(UnknownLanguageError):
        setup_notebook(lang="zz")


def test_the_points_chart_has_arabic_titles(english: None) -> None:
    games, problems = frames.load_games(GAMES)
    assert not problems
    hands = frames.rescore_frame({name: rp for name, rp in games.items() if rp.final.n == 4})
    spec = charts.points_chart(hands, lang="ar").to_dict()
    assert spec["title"]["text"] == "النقاط في كل جولة"
    assert spec["encoding"]["y"]["title"] == "النقاط التي سجّلها الفريق في الجولة"
    assert spec["encoding"]["x"]["title"] == "مجموعة القواعد" and spec["encoding"]["color"]["title"] == "الفريق"
    assert ARABIC.search(spec["title"]["subtitle"][0]) and "5" in spec["title"]["subtitle"][0]
    english_spec = charts.points_chart(hands).to_dict()
    assert english_spec["title"]["text"] == "Points per hand" and not ARABIC.search(str(english_spec["title"]))
    with language("ar"):  # the language spoken now, when no lang= is given
        assert charts.points_chart(hands).to_dict()["title"]["text"] == "النقاط في كل جولة"


def test_setup_notebook_without_a_language_pins_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from banakil_replay.notebook.language import page_style
    from banakil_replay.notebook.setup import setup_notebook

    monkeypatch.delenv("BANAKIL_LANG")
    contextvars.copy_context().run(setup_notebook)
    assert "BANAKIL_LANG" not in os.environ  # the environment still decides, as before
    assert page_style("en") == "" and "direction: rtl" in page_style("ar")
