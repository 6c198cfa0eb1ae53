"""The learner's last English-only words through the catalog: where a practice position comes from, the
glossary, the rule sets' differences in words (lesson 8's table) and the replay stepper's quiz.

Under the pseudo-locale ``xx`` each catalog string comes back wrapped in ⟦ ⟧, so a word joined on outside
the catalog is left bare and :func:`escaped_words` finds it; under Arabic the same words read in Arabic
(and the stepper's panels right to left). What is data stays as typed: player names, card codes, the
rule sets' names, the sources' numbers; the narration and the options' reasons inside the quiz come from
modules swept in their own tests (test_i18n_narration, test_i18n_widgets) and are taken out here by name.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_CLOSE, PSEUDO_OPEN
from banakil_replay.learn.glossary import TERMS, glossary_markdown
from banakil_replay.learn.positions import (LAY_OFF_EXAMPLES, MAKE_MELD_EXAMPLES, MELD_EXAMPLES, origin_words,
                                            section_words, self_play_origin, worked_examples, worked_origin)
from banakil_replay.notebook.rules_words import rules_in_words

# the suite's clean start (no language chosen, English) is test_i18n's autouse fixture, used here by name
from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401
from test_i18n_catalog import glossary_rows
from test_i18n_widgets import words_of

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "sample_games" / "classic_dana_ravi.jsonl"
PICKED = sorted({p.origin for p in (*MELD_EXAMPLES, *MAKE_MELD_EXAMPLES, *LAY_OFF_EXAMPLES)})


def _worked() -> list[str]:
    """The origin of every worked scoring example a learner may be asked about, under every preset."""
    from banakil_replay.rules import RULESETS

    return sorted({worked_origin(ex["source"], ex["section"]) for rules in RULESETS.values()
                   for ex in worked_examples(rules)})


def _wrapped(text: str) -> bool:
    return text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE)


# ------------------------------------------------------------------ positions: where an exercise comes from
def test_no_origin_of_a_practice_position_escapes_the_catalog() -> None:
    with language("xx"):
        said = [origin_words(o) for o in PICKED + _worked()] + [origin_words(self_play_origin("kroot", 4, 17))]
    assert len(said) > 20 and all(_wrapped(s) for s in said), said
    assert not [s for s in said if escaped_words(s)]


def test_every_worked_example_has_its_section_in_words() -> None:
    from banakil_replay.examples import load_examples

    missing = sorted({ex["section"] for ex in load_examples() if section_words(ex["section"]) is None
                      and ex.get("kind") != "sheet" and not ex.get("options") and not ex.get("known_slip")})
    assert not missing, f"add these headings to positions.WORKED_SECTIONS: {missing}"


def test_an_origin_stays_english_data_and_is_said_in_arabic() -> None:
    from itertools import islice

    from banakil_replay.learn import exercises

    with language("ar"):
        picked = next(ex for ex in islice(exercises("classic", "is-meld"), 40) if ex.origin == "004 (runs)")
        assert picked.to_json()["origin"] == "004 (runs)"  # the JSON is language-neutral, whatever is spoken
    played = self_play_origin("classic", 3, 12)
    with language("ar"):
        assert origin_words(picked.origin) == "004 (السلاسل)"
        assert origin_words(played) == "لعب آلي (classic، 3 لاعبين)، بعد الحدث 12"
    assert origin_words(played) == played == "self-play (classic, 3 players), after event 12"
    with language("ar"):
        said = origin_words("004 (Scoring in Banakil, Examples, example 2)")
    assert said == "004 (حساب النقاط في بناكل، أمثلة، المثال 2)"
    assert [origin_words(o) for o in _worked()] == _worked()


# ------------------------------------------------------------------ the glossary
def test_no_word_of_the_glossary_escapes_the_catalog() -> None:
    with language("xx"):
        words = [(t.said_word(), t.said_meaning()) for t in TERMS]
        page = glossary_markdown()
    assert all(_wrapped(w) and _wrapped(m) for w, m in words)
    # a table row's sources (000, 004) and its pipes are data and layout, not words
    shown = [line for line in page.splitlines() if line and not line.startswith("|---")]
    assert len(shown) == len(TERMS) + 4
    escaped = [line for line in shown if escaped_words(line.replace("ERAM", "").replace("Kroot", "")
                                                       .replace("Jawaker", "").replace("how-to-play.md", ""))]
    assert not escaped, escaped[:3]


def test_the_glossary_in_arabic_keeps_to_the_arabic_glossary() -> None:
    rows = {english: re.split(r" \(|؛", arabic)[0].strip() for english, arabic in glossary_rows().items()}
    with language("ar"):
        said = {t.word: t.said_word() for t in TERMS}
        page = glossary_markdown()
    kept = {word: said[word] for word in said if word in rows}
    assert len(kept) >= 15 and all(kept[w] == rows[w] for w in kept), \
        {w: (kept[w], rows[w]) for w in kept if kept[w] != rows[w]}
    assert page.startswith("# مسرد المصطلحات\n")
    assert "| **الأرض** | الأوراق المكشوفة" in page and "| الدرس 6 |" in page
    assert glossary_markdown() == (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")  # English as written


# ------------------------------------------------------------------ the rule sets' differences in words
def _cells(lang: str) -> tuple[Any, list[str], list[str]]:
    with language(lang):
        table = rules_in_words()
    return table, [str(i) for i in table.index], [str(v) for v in table.to_numpy().ravel()]


def test_no_word_of_the_rules_table_escapes_the_catalog() -> None:
    table, questions, answers = _cells("xx")
    assert table.index.name == f"{PSEUDO_OPEN}rule{PSEUDO_CLOSE}"
    assert all(_wrapped(q) for q in questions)
    assert any(_wrapped(a) for a in answers) and not [a for a in answers if escaped_words(a)]


def test_the_rules_table_in_arabic_and_english_unchanged() -> None:
    table, questions, answers = _cells("ar")
    assert table.index.name == "القاعدة" and all(ARABIC.search(q) for q in questions)
    assert table.loc["كم مرة تصير الأرض كومة جديدة", "eram"] == "مرتين على الأكثر في الجولة"  # the dual form
    assert table.loc["الهدف", "classic"] == "لاعبان: 150، 3 لاعبين: 203، 4 لاعبين: 303"
    english, _, _ = _cells("en")
    assert english.loc["how often the pile becomes a new stock", "eram"] == "at most 2 times a hand"
    assert english.loc["the target", "classic"] == "2 players: 150, 3 players: 203, 4 players: 303"
    assert english.loc["what an ace is worth", "classic"] == "1½"


# ------------------------------------------------------------------ the stepper's quiz
def _quiz_panels(lang: str) -> tuple[list[str], set[str]]:
    """Every quiz sentence a learner meets stepping through a game: the prompt and its idle sentences, the
    answer after Reveal (each verdict), the still picture's question, and the "go to" box's messages."""
    from banakil_replay.notebook.narrate import event_text
    from banakil_replay.notebook.stepper_view import ReplayStepper

    st = ReplayStepper(str(GAME), quiz=True, lang=lang)
    data = set(st.replay.states[-1].players)
    panels: list[str] = []
    verdicts: set[str] = set()
    for seq in st.model.steps[:40]:
        st.go(seq)
        panels.append(st.quiz_prompt.value)
        if st.model.quiz_status() == "ask":
            html, _text = st._static()
            panels.append(html.split('<div class="banakil-quiz-static">', 1)[1].split("<details>")[0])
            panels.append(html.split("<summary>", 1)[1].split("</div>", 1)[0])
            with language(lang):
                data |= {event_text(o.event, st.model.state) for o in st.model.options_here().options}
                data |= {o.explain for o in st.model.options_here().options}
            st.quiz_result.value = ""
            st.reveal()  # nothing picked yet
            panels.append(st.quiz_result.value)
            st.quiz_choice.value = len(verdicts) % len(st.model.options_here().options)
            st.reveal()
            panels.append(st.quiz_result.value.split('<details class="banakil-quiz-ranked">')[0])
            panels.append(st.quiz_result.value.split("<summary>", 1)[1].split("</summary>")[0])
            verdicts.add(re.findall(r'class="(banakil-quiz-(?:hit|part|miss))"', st.quiz_result.value)[0])
            with language(lang):
                data.add(st._tell(st.model.decision()[1]) if st.model.decision() else "")
                data |= {event_text(ev, s) for ev, s in zip(st.replay.events, st.replay.states)}
    st.quiz_toggle.value = False
    st.perspective.value = 0
    st.quiz_toggle.value = True
    for seq in st.model.steps[:12]:  # in one seat's view, the other seat's turn has its own sentence
        st.go(seq)
        panels.append(st.quiz_prompt.value)
    for typed in ("9999", "twelve"):  # typed into the "go to" box, then Go
        st.jump_box.value = typed
        st.jump_button.click()
        panels.append(st.status.value.split("</div>")[0])
    return [p for p in panels if p], data - {""}


def test_no_word_of_the_stepper_quiz_escapes_the_catalog() -> None:
    panels, data = _quiz_panels("xx")
    assert len(panels) > 30 and all(PSEUDO_OPEN in p for p in panels)
    escaped = [(p[:200], words) for p in panels if (words := escaped_words(words_of(p, data)))]
    assert not escaped, escaped[:3]


def test_the_stepper_quiz_in_arabic_right_to_left() -> None:
    panels, _data = _quiz_panels("ar")
    joined = "\n".join(panels)
    assert "أيّ حركة كنت ستلعب؟" in joined and "اضغط «اكشف»" in joined and "اختر حركة من القائمة أولًا." in joined
    assert "لا يوجد حدث 9999" in joined and "«twelve»" in joined
    assert re.search("مثل ما لُعب في اللعبة.|مضت اللعبة في طريق آخر.|جزء من الحركة التي لُعبت:", joined)
    from banakil_replay.notebook.stepper_view import ReplayStepper

    st = ReplayStepper(str(GAME), quiz=True, start=1, lang="ar")
    st.quiz_choice.value = 0
    st.reveal()
    for panel in (st.quiz_prompt, st.quiz_result, st.status):
        assert panel.value.startswith('<div dir="rtl"'), panel.value[:80]


@pytest.mark.parametrize("lang", [None, "en"])
def test_the_stepper_quiz_in_english_is_as_before(lang: str | None) -> None:
    from banakil_replay.notebook.stepper_view import ReplayStepper

    st = ReplayStepper(str(GAME), quiz=True, start=1, lang=lang)
    assert st.quiz_prompt.value.startswith("<b>Your turn as ") and st.quiz_prompt.value.endswith(
        ":</b> which move would you make? Pick one of the "
        f"{len(st.quiz_choice.options)} legal moves, then press Reveal.")
    st.reveal()
    assert "Pick a move from the list first." in st.quiz_result.value and "dir=" not in st.quiz_result.value
    st.quiz_choice.value = 0
    st.reveal()
    assert st.quiz_result.value.startswith('<div class="banakil-quiz-answer">You picked: <b>')
    assert re.search(r"<br>Played: <b>.*</b><br><b class=\"banakil-quiz-(hit|part|miss)\"", st.quiz_result.value)
    assert f"<summary>Every option here, ranked ({len(st.model.options_here().options)})</summary>" in \
        st.quiz_result.value
