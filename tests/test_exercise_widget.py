"""The exercise widget driven from Python: typing, Enter, Check, hint, retry, skip, next, score, progress.

Every expected text comes from the learn engine itself (a second, independent stream of the same
exercises), so the tests check that the widget shows the engine's verdicts word for word.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

import banakil_replay
from banakil_replay.errors import BanakilError, MalformedInputError
from banakil_replay.learn import KINDS, Exercise, Session, exercises, load_progress
from banakil_replay.notebook.exercises import ExerciseWidget
from banakil_replay.rules import get_ruleset

CLASSIC = get_ruleset("classic")

# answers every form can read; the first one the engine calls wrong is the wrong answer of a test
TRIES = {"yes_no": ["yes", "no"], "cards": ["none", "7H 8H 9H", "AS"], "number": ["0", "1", "-5", "100"],
         "count_or_no": ["no", "1", "2", "3"], "side": ["none", "0", "1"]}


def first(kind: str, seed: int = 0, rules: str = "classic") -> Exercise[Any]:
    """The exercise a fresh widget of this kind asks first, from the engine's own stream."""
    return next(exercises(get_ruleset(rules), [kind], seed=seed))


def wrong_answer(ex: Exercise[Any]) -> str:
    return next(a for a in TRIES[ex.form] + [c.code for c in ex.shows()[0].cards] if not ex.check(a).right)


def texts(panel: str, cls: str) -> list[str]:
    """The text of every ``<span class="cls">`` in an HTML panel, entities read back."""
    return [html.unescape(t) for t in re.findall(rf'<span class="{cls}"[^>]*>(.*?)</span>', panel)]


def plain(panel: str) -> str:
    """A panel as it reads: blocks apart, inline pieces run together."""
    spaced = re.sub(r"</?(div|ul|li|br|details|summary)\b[^>]*>", " ", panel)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", spaced)).split())


def enter(w: ExerciseWidget, typed: str) -> None:
    """What the browser sends for Enter in the box: the key's message first, then the box's new value."""
    w.answer._handle_custom_msg({"event": "submit"}, [])
    w.answer.value = typed


# ------------------------------------------------------------------ showing
def test_the_question_and_its_cards_show_before_any_click() -> None:
    w = ExerciseWidget(kinds=["is-meld"])
    ex = first("is-meld")
    assert w.exercise is not None and w.exercise.id == ex.id
    panel = w.question_panel.value
    assert html.escape(ex.question, quote=True) in panel and 'data-number="1"' in panel
    shown = [c.code for s in ex.shows() for c in s.cards]
    assert re.findall(r'data-card="([^"]+)"', panel) == shown and shown
    assert plain(w.score_panel.value) == "Score: 0 of 0 right at the first try."
    assert w.feedback_panel.value == "" and w.errors.value == ""
    assert w.retry_button.disabled and not w.check_button.disabled and not w.next_button.disabled


@pytest.mark.parametrize("kind", list(KINDS))
def test_wrong_then_right_feedback_is_the_engines(kind: str) -> None:
    w = ExerciseWidget(kinds=kind, seed=3)
    ex = first(kind, seed=3)
    assert w.exercise is not None and w.exercise.id == ex.id
    bad = wrong_answer(ex)
    w.answer.value = bad
    w.check_button.click()
    expected = ex.check(bad)
    assert "Not right." in w.feedback_panel.value
    assert texts(w.feedback_panel.value, "banakil-reason-text") == [r.text.strip() for r in expected.reasons]
    for r in expected.reasons:
        if r.rule is not None:
            assert html.escape(f"rule: {r.rule.title}; {r.source}", quote=True) in w.feedback_panel.value
    assert not w.retry_button.disabled and not w.check_button.disabled
    w.answer.value = ex.answer_text()
    w.check_button.click()
    right = ex.check(ex.answer_text())
    assert right.right and "Right." in w.feedback_panel.value
    assert texts(w.feedback_panel.value, "banakil-reason-text") == [r.text.strip() for r in right.reasons]
    assert all(html.escape(line, quote=True) in w.feedback_panel.value for line in right.explain)
    assert w.check_button.disabled and w.answer.disabled and w.retry_button.disabled and not w.next_button.disabled
    assert plain(w.score_panel.value) == "Score: 0 of 1 right at the first try."


def test_the_reason_cites_the_rule_and_its_source() -> None:
    w = ExerciseWidget(kinds="is-meld")
    ex = first("is-meld")
    fb = w.submit(wrong_answer(ex))
    assert fb is not None and not fb.right and fb.rule is not None
    shown = plain(w.feedback_panel.value)
    assert shown == f"Not right. {fb.reason}. (rule: {fb.rule.title}; {fb.source})"
    assert fb.source and fb.source in shown


# ------------------------------------------------------------ the answer box
def test_check_reads_the_box_when_clicked() -> None:
    w = ExerciseWidget(kinds="is-meld")
    ex = first("is-meld")
    w.answer.value = wrong_answer(ex)
    w.answer.value = ex.answer_text()  # typed over before the click: the click judges what is there now
    w.check_button.click()
    assert "Right." in w.feedback_panel.value
    assert plain(w.score_panel.value) == "Score: 1 of 1 right at the first try."


def test_enter_judges_the_value_that_follows_it() -> None:
    w = ExerciseWidget(kinds="is-meld")
    ex = first("is-meld")
    w.answer.value = ex.answer_text()  # typed, then the box was left (no Enter): not judged
    assert w.feedback_panel.value == "" and w.session.score.asked == 0
    w.answer.value = ""
    enter(w, wrong_answer(ex))
    assert "Not right." in w.feedback_panel.value and w.session.tries == 1
    enter(w, ex.answer_text())
    assert "Right." in w.feedback_panel.value and w.session.tries == 2
    assert plain(w.score_panel.value) == "Score: 0 of 1 right at the first try."


def test_an_answer_that_cannot_be_read_is_not_a_try() -> None:
    w = ExerciseWidget(kinds="make-meld")
    ex = first("make-meld")
    w.answer.value = "7H 8X"
    w.check_button.click()
    with pytest.raises(MalformedInputError) as err:
        ex.check("7H 8X")
    assert plain(w.feedback_panel.value).startswith(f"Cannot read that: {err.value}")
    assert w.session.tries == 0 and w.session.score.asked == 0
    w.answer.value = "  "
    w.check_button.click()
    assert plain(w.feedback_panel.value) == f"Type {ex.form_words} first."
    assert w.session.tries == 0


# ------------------------------------------------------------------ buttons
def test_hint_is_the_engines_and_gives_nothing_away() -> None:
    w = ExerciseWidget(kinds="lay-off")
    ex = first("lay-off")
    w.hint_button.click()
    assert ex.hint().strip() in plain(w.hint_panel.value)
    assert w.session.score.asked == 0 and not w.check_button.disabled


def test_retry_clears_a_wrong_answer_and_the_first_try_still_counts() -> None:
    w = ExerciseWidget(kinds="is-meld")
    ex = first("is-meld")
    enter(w, wrong_answer(ex))
    assert not w.retry_button.disabled
    w.retry_button.click()
    assert w.answer.value == "" and "Not right." not in w.feedback_panel.value and w.retry_button.disabled
    enter(w, wrong_answer(ex))  # the same wrong answer again, after Retry, is judged again
    assert "Not right." in w.feedback_panel.value and w.session.tries == 2
    enter(w, ex.answer_text())
    assert "Right." in w.feedback_panel.value
    assert (w.session.score.asked, w.session.score.right) == (1, 0)


def test_skip_shows_the_answer_and_next_moves_on() -> None:
    w = ExerciseWidget(kinds=["is-meld", "score-hand"])
    stream = exercises(CLASSIC, ["is-meld", "score-hand"], seed=0)
    one, two = next(stream), next(stream)
    w.skip_button.click()
    assert f"The answer: {one.solution().strip()}" in plain(w.feedback_panel.value)
    assert w.check_button.disabled and w.session.score.asked == 0
    w.next_button.click()
    assert w.exercise is not None and w.exercise.id == two.id and 'data-number="2"' in w.question_panel.value
    assert w.answer.value == "" and not w.answer.disabled and w.feedback_panel.value == ""
    assert html.escape(two.question, quote=True) in w.question_panel.value


def test_the_score_counts_first_answers_only() -> None:
    w = ExerciseWidget(kinds=["is-meld"])
    ex = first("is-meld")
    enter(w, wrong_answer(ex))
    enter(w, ex.answer_text())
    w.next_button.click()
    assert w.exercise is not None
    enter(w, w.exercise.answer_text())
    assert plain(w.score_panel.value) == "Score: 1 of 2 right at the first try."
    w.next_button.click()  # a question left unanswered is not counted
    w.next_button.click()
    assert w.session.number == 4 and w.session.score.asked == 2


def test_no_more_questions() -> None:
    w = ExerciseWidget(kinds="is-meld")
    w.session = Session(iter(()))
    w.next_button.click()
    assert w.exercise is None and "No more questions" in w.question_panel.value
    assert all(b.disabled for b in (w.answer, w.check_button, w.hint_button, w.skip_button, w.next_button))
    assert w.submit("yes") is None and w.errors.value == ""


# ------------------------------------------------------------------ progress
def test_progress_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    w = ExerciseWidget(kinds="is-meld", progress=path)
    assert path.exists()  # written at once, so a file that cannot be written shows up before any answer
    ex = first("is-meld")
    enter(w, wrong_answer(ex))
    enter(w, ex.answer_text())
    saved = load_progress(path)
    assert saved.done == {ex.id} and (saved.asked, saved.right) == (1, 0)
    assert "Progress saved" in w.notice_panel.value
    again = ExerciseWidget(kinds="is-meld", progress=path)
    assert again.exercise is not None and again.exercise.id != ex.id  # done: not asked again
    assert "All sessions: 0 of 1 right at the first try, 1 exercise done." in plain(again.score_panel.value)
    enter(again, again.exercise.answer_text())
    assert load_progress(path).done == {ex.id, again.exercise.id}
    assert (load_progress(path).asked, load_progress(path).right) == (2, 1)


def test_an_unreadable_progress_file_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    w = ExerciseWidget(kinds="is-meld", progress=path)
    assert "could not be read" in plain(w.notice_panel.value) and "leaves that file as it is" in w.notice_panel.value
    ex = first("is-meld")
    enter(w, ex.answer_text())
    assert "Right." in w.feedback_panel.value
    assert json.loads(path.read_text(encoding="utf-8")) == {"format": "something else"}


def test_a_progress_file_that_cannot_be_written(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "progress.json"
    w = ExerciseWidget(kinds="is-meld", progress=path)
    assert "could not be saved" in plain(w.notice_panel.value)
    enter(w, first("is-meld").answer_text())
    assert "Right." in w.feedback_panel.value and w.errors.value == "" and not path.exists()


# ---------------------------------------------------------------- no traces
def test_a_failing_action_shows_a_sentence_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    w = ExerciseWidget(kinds="is-meld")

    def boom(text: str) -> Any:
        raise KeyError("internal_name")

    monkeypatch.setattr(w.session, "answer", boom)
    w.answer.value = "yes"
    w.check_button.click()  # would raise into the notebook if the callback were not wrapped
    message = plain(w.errors.value)
    assert message == ("Something went wrong while checking your answer: the exercise engine failed unexpectedly. "
                       "Try again, or press Next for another question.")
    assert isinstance(w.last_error, KeyError) and "internal_name" not in message and "KeyError" not in message
    assert not w.check_button.disabled and not w.next_button.disabled
    w.next_button.click()
    assert w.errors.value == "" and w.session.number == 2


def test_unknown_rules_or_kinds_are_refused_by_name() -> None:
    with pytest.raises(BanakilError, match="unknown rule set 'clasic'"):
        ExerciseWidget(rules="clasic")
    with pytest.raises(MalformedInputError, match="unknown exercise kind 'melds'"):
        ExerciseWidget(kinds=["melds"])


# ------------------------------------------------------------------ display
def test_a_static_page_gets_a_still_picture() -> None:
    w = ExerciseWidget(rules="jawaker", kinds="is-meld")
    ex = first("is-meld", rules="jawaker")
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    still = bundle["text/html"]
    assert html.escape(ex.question, quote=True) in still and "data-card=" in still
    assert "<details" in still and html.escape(ex.solution(), quote=True) in still  # the answer, folded away
    assert ex.question in bundle["text/plain"] and "Question 1" in bundle["text/plain"]


def test_exported_lazily_from_the_package() -> None:
    assert banakil_replay.ExerciseWidget is ExerciseWidget and "ExerciseWidget" in banakil_replay.__all__


def test_check_waits_for_a_value_still_on_the_way() -> None:
    """After Retry the kernel is busy, so the browser holds the new value back and the click on Check
    arrives first: the check waits for the value and judges it, instead of asking for an answer."""
    w = ExerciseWidget(kinds=["is-meld"])
    ex = first("is-meld")
    enter(w, wrong_answer(ex))
    w.retry_button.click()
    assert w.answer.value == ""
    w.check_button.click()  # the click overtakes the typed value
    assert "first" in plain(w.feedback_panel.value)  # nothing to judge yet: it says what to type
    w.answer.value = ex.answer_text()  # the value arrives
    assert "Right." in plain(w.feedback_panel.value)
