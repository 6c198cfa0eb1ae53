"""banakil_replay.notebook.widgets driven from Python: clicks, slider moves, card picks, the quiz, the annotator."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import banakil_replay.notebook.widgets as w
from banakil_replay.log.annotations import SidecarMismatchError, sidecar_path
from banakil_replay.log.load import load_replay
from banakil_replay.notebook.frames import review_frame
from banakil_replay.play.analysis import stepper as stepper_model
from banakil_replay.play.coach.options import options
from banakil_replay.play.analysis.review import review
from display_helpers import DANA_RAVI, FOUR, GAMES, HOSTILE_NOTE, hostile_events, seat_cards, write_log


# -------------------------------------------------------------- MeldChecker
def test_meld_checker_card_buttons() -> None:
    m = w.MeldChecker()
    assert len(m.card_buttons) == 53 and "banakil-card-QH" in m.card_buttons["QH"]._dom_classes
    assert "Click cards" in m.result.value
    for code in ("KS", "AS", "2S"):
        m.card_buttons[code].click()
    assert m.text.value == "KS AS 2S"
    assert "Valid run" in m.result.value and "=Q♠" in m.result.value
    assert m.picked.value.count("data-card=") == 3
    m.undo.click()
    assert m.text.value == "KS AS" and "at least 3 cards" in m.result.value
    m.clear.click()
    assert m.text.value == "" and "Click cards" in m.result.value


def test_meld_checker_rules_and_bad_input() -> None:
    m = w.MeldChecker(cards="AD 2D 3D")
    assert "ace plays high" in m.result.value
    m.rules.value = "eram"
    assert "Valid run" in m.result.value
    m.text.value = "AD <script>"
    assert "banakil-bad-input" in m.result.value and "&lt;script&gt;" in m.result.value
    assert m.errors.value == ""


# ------------------------------------------------------------ ReplayStepper
def test_stepper_buttons_slider_and_jump() -> None:
    s = w.ReplayStepper(DANA_RAVI)
    assert s.seq == 0 and s.back.disabled and not s.next.disabled
    before = s.table.value
    s.next.click()
    assert s.seq == 1 and s.table.value != before and "dealt by Ravi" in s.event.value
    assert "Next:</b> Dana draws 9♥" in s.event.value
    s.slider.value = 3
    assert "Dana lays a new meld" in s.event.value and 'data-seq="3"' in s.table.value
    s.back.click()
    assert s.seq == 2
    s.last.click()
    assert s.seq == len(s.replay) - 1 and s.next.disabled and "goes out" in s.event.value
    s.first.click()
    assert s.seq == 0
    s.jump_box.value = "4"
    s.jump_button.click()
    assert s.seq == 4 and "Dana discards 5♦" in s.event.value
    assert s.jump(99) is False and "There is no event 99" in s.status.value and s.seq == 4
    s.jump_box.value = "four"
    s.jump_button.click()
    assert "Type an event number" in s.status.value and s.seq == 4


def test_stepper_perspective_hides_other_hands() -> None:
    s = w.ReplayStepper(FOUR, start=4)
    assert [v for _, v in s.perspective.options] == [w.ALL_OPEN, 0, 1, 2, 3]
    assert set(seat_cards(s.table.value).faces) == {0, 1, 2, 3}
    s.perspective.value = 1
    seen = seat_cards(s.table.value)
    assert set(seen.faces) == {1} and set(seen.backs) == {0, 2, 3}
    draw = next(e for e in s.replay.events if e.type == "drew" and e.seat != 1)
    s.go(draw.seq)
    assert "draws a card from the stock" in s.event.value


def test_options_panel_lists_options_and_marks_the_move_made() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=1)
    panel = s.options.value
    assert "Options for Dana (draw phase)" in panel and "Dana draws a card from the stock." in panel
    assert "banakil-actual" in panel  # the draw was the move made
    s.perspective.value = 1  # Ravi's view: Dana's options would show her cards
    assert "It is Dana" in s.options.value and "banakil-option" not in s.options.value
    s.go(0)
    assert "No decision at this moment" in s.options.value
    s.perspective.value = w.ALL_OPEN
    s.go(5)
    assert "Not allowed here (1)" in s.options.value and "banakil-not-allowed" in s.options.value


def test_options_failure_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_state: Any) -> Any:
        raise RuntimeError("<b>boom</b>")

    monkeypatch.setattr(stepper_model, "options", broken)
    s = w.ReplayStepper(DANA_RAVI, start=1)
    assert "could not be listed" in s.options.value and "boom" not in s.options.value  # a sentence, no raw error
    assert isinstance(s.last_error, RuntimeError)
    s.quiz_toggle.value = True
    assert "could not be listed" not in s.options.value  # quiz mode hides the options at a decision
    assert "could not be listed" in s.quiz_prompt.value and s.quiz_row.layout.display == "none"
    assert s.errors.value == ""


def test_quiz_hides_then_reveals() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=1, quiz=True)
    assert "hidden" in s.event.value and "9♥" not in s.event.value
    assert "banakil-options-quiz" in s.options.value and "<li" not in s.options.value  # no ranks to give it away
    labels = [label for label, _ in s.quiz_choice.options]
    assert labels == sorted(labels) and len(labels) == 2
    s.quiz_choice.value = next(v for label, v in s.quiz_choice.options if "takes" in label)
    s.quiz_reveal.click()
    assert s.revealed and "banakil-quiz-miss" in s.quiz_result.value
    assert "Played: <b>Dana draws 9♥ from the stock." in s.quiz_result.value
    assert "banakil-actual" in s.quiz_result.value and "Next:</b> Dana draws 9♥" in s.event.value
    assert "takes" in dict((v, k) for k, v in s.quiz_choice.options)[s.quiz_choice.value]  # the pick stays shown
    s.next.click()  # a new decision: hidden again
    assert not s.revealed and "hidden" in s.event.value and s.quiz_result.value == ""
    s.go(3)
    s.quiz_choice.value = next(v for label, v in s.quiz_choice.options if "discards 5♦" in label)
    assert s.reveal() is True and "banakil-quiz-hit" in s.quiz_result.value


def test_quiz_outside_a_decision() -> None:
    s = w.ReplayStepper(DANA_RAVI, quiz=True)
    assert "no question here" in s.quiz_prompt.value and s.quiz_row.layout.display == "none"  # nothing to press
    s.quiz_toggle.value = False
    assert s.quiz_box.layout.display == "none"


def test_callback_errors_land_in_the_output() -> None:
    s = w.ReplayStepper(DANA_RAVI)

    def boom() -> None:
        raise ValueError("rendering broke")

    s.render = boom  # type: ignore[method-assign]
    s.next.click()
    # a sentence for the learner, no Python class name; the exception stays in last_error for a developer
    assert "Something went wrong while moving" in s.errors.value and "ValueError" not in s.errors.value
    assert isinstance(s.last_error, ValueError) and str(s.last_error) == "rendering broke"


def test_widgets_display_as_widget_bundles() -> None:
    bundle = w.ReplayStepper(DANA_RAVI)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


# ------------------------------------------------------------ real options
def test_real_options_drive_the_panel() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)
    opts = options(s.state)
    assert opts.seat == 0 and opts.phase == "meld" and opts.options
    panel = s.options.value
    assert "Options for Dana (meld phase)" in panel
    assert "banakil-actual" in panel  # Dana's 3♥-9♥ run is among the options, marked as the move made
    assert "#1 " in panel  # ranked


@pytest.mark.parametrize("game", sorted(p.name for p in GAMES.glob("*.jsonl")))
def test_real_options_render_at_every_step_of_every_sample(game: str) -> None:
    s = w.ReplayStepper(GAMES / game, quiz=True)
    for seq in s.model.steps:  # every event of the game (a note is not a step)
        s.go(seq)
        assert "could not be listed" not in s.options.value + s.quiz_prompt.value
        if s.decision() is not None:
            assert s.quiz_choice.options and not s.quiz_reveal.disabled and s.quiz_choice.value is None
            s.quiz_choice.value = s.quiz_choice.options[0][1]
            assert s.reveal() in (True, False) and "Played:" in s.quiz_result.value
    assert s.errors.value == ""


def test_real_quiz_hit_and_part() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=1, quiz=True)
    s.quiz_choice.value = next(v for label, v in s.quiz_choice.options if "draws" in label)
    assert s.reveal() is True and "banakil-quiz-hit" in s.quiz_result.value
    kroot = w.ReplayStepper(GAMES / "kroot_hand.jsonl", start=16, quiz=True)
    made = kroot.decision()
    assert made is not None and made[1].type == "laid_off" and len(made[1].cards) == 2
    kroot.quiz_choice.value = next(v for label, v in kroot.quiz_choice.options if "adds K♠ to meld #2" in label)
    assert kroot.reveal() is False and "banakil-quiz-part" in kroot.quiz_result.value


# --------------------------------------------------------------- Annotator
def test_annotator_appends_to_the_log(tmp_path: Path) -> None:
    game = Path(shutil.copy(DANA_RAVI, tmp_path / "game.jsonl"))
    before = game.read_bytes()
    a = w.Annotator(game, author="coach")
    a.stepper.go(3)
    a.text.value = HOSTILE_NOTE
    a.add_button.click()
    after = game.read_bytes()
    assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    assert a.notes()[-1].text == HOSTILE_NOTE and a.notes()[-1].at == 3 and a.text.value == ""
    assert "&lt;script&gt;" in a.listing.value and "<script>" not in a.listing.value
    assert "&lt;img" in a.stepper.notes.value and len(a.replay) == 19
    a.text.value = "   "
    a.add_button.click()
    assert "Write something first" in a.message.value and game.read_bytes() == after
    md = a.export("md")
    csv = a.export("csv")
    assert md.read_text(encoding="utf-8").count("|") > 8 and "<script>" not in md.read_text(encoding="utf-8")
    copy = Path(shutil.copy(DANA_RAVI, tmp_path / "other.jsonl"))
    b = w.Annotator(copy)
    assert b.import_csv(csv) == a.notes() and b.notes() == a.notes()


def test_annotator_sidecar_keeps_the_log_untouched(tmp_path: Path) -> None:
    game = write_log(tmp_path / "hostile.jsonl", hostile_events())
    before = game.read_bytes()
    a = w.Annotator(game, sidecar=True)
    a.add("first look", author="<i>me</i>", at=2)
    a.stepper.go(2)
    assert game.read_bytes() == before and sidecar_path(game).exists()
    assert "first look" in a.stepper.notes.value and "&lt;i&gt;me&lt;/i&gt;" in a.stepper.notes.value
    assert [n.text for n in a.notes()] == ["first look"]
    with open(game, "ab") as f:
        f.write(b'{"seq":19,"type":"annotated","at":1,"text":"x"}\n')
    with pytest.raises(SidecarMismatchError):
        w.Annotator(game, sidecar=True)
    with pytest.raises(SidecarMismatchError):  # nor may an attached sidecar grow after the log changed
        a.add("too late", at=1)


def test_add_button_errors_show(tmp_path: Path) -> None:
    game = write_log(tmp_path / "g.jsonl", hostile_events())
    a = w.Annotator(game, sidecar=True)
    a.add("before the log changed", at=1)
    assert "Note added on event 1" in a.message.value
    with open(game, "ab") as f:
        f.write(b"\n")
    a.text.value = "after the log changed"
    a.add_button.click()
    assert isinstance(a.last_error, SidecarMismatchError)
    # the refusal in a sentence where "Note added" stood, no exception class, and the text kept to try again
    assert "The note was not added: the game log g.jsonl changed" in a.message.value
    assert "Note added" not in a.message.value and "Error" not in a.message.value and a.errors.value == ""
    assert a.text.value == "after the log changed"


def test_review_feeds_the_review_frame() -> None:
    rp = load_replay(DANA_RAVI)
    frame = review_frame(review(rp, seat=0), rp)
    assert len(frame) > 0 and set(frame.player) == {"Dana"}


def test_widgets_carry_a_still_picture_for_static_pages() -> None:
    """GitHub or nbconvert cannot run a widget: the bundle's HTML and text say what it would show."""
    bundle = w.ReplayStepper(FOUR, start=10)._repr_mimebundle_()  # Layla may not touch Nadia's melds yet
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "banakil-state" in bundle["text/html"] and "<details class=\"banakil-not-allowed-list\" open>" in bundle["text/html"]
    assert "must meld something of his own" in bundle["text/plain"] and "VBox" not in bundle["text/plain"]
    quiz = w.ReplayStepper(DANA_RAVI, quiz=True, start=1)._repr_mimebundle_()
    assert "which move would you make" in quiz["text/html"]
    assert "Answer: Dana draws 9♥ from the stock." in quiz["text/plain"]
    checker = w.MeldChecker(cards="AD 2D 3D")._repr_mimebundle_()
    assert "Not a meld" in checker["text/html"] and "ace" in checker["text/plain"]
