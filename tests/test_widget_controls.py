"""Every control of the course's widgets, driven from Python the way a browser drives them.

The browser sends a click or the Enter key at once but holds back a text box's new value while
the kernel is busy, so these tests replay both orders: the value first (the kernel was idle) and
the click or Enter first (the value arrives after). Enter in a box arrives as the ``submit``
message ipywidgets' text view sends; ``_handle_custom_msg`` delivers it as the kernel would.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from typing import Any

import banakil_replay.notebook.widgets as w
from banakil_replay.log.load import load_replay
from display_helpers import DANA_RAVI, FOUR


def said(panel: Any) -> str:
    """A panel's HTML with entities read back (an apostrophe is escaped in the page)."""
    return html.unescape(panel.value)


def enter(box: Any) -> None:
    """The Enter key in a text box, as the browser's text view reports it (before the box's value)."""
    box._handle_custom_msg({"event": "submit"}, [])


# ------------------------------------------------------------ go to an event
def test_go_then_the_value_uses_the_number_just_typed() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)
    s.jump_button.click()  # the click overtook the number typed: nothing to use yet
    assert s.seq == 2
    s.jump_box.value = "12"  # ... which arrives now
    assert s.seq == 12 and "Event 12 of 17" in s.status.value


def test_the_value_then_go_uses_it_too() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)
    s.jump_box.value = "9"  # typed and the box left (the browser sends it): no jump yet
    assert s.seq == 2
    s.jump_button.click()
    assert s.seq == 9
    s.next.click()
    s.jump_button.click()  # Go again with the same number: back to it
    assert s.seq == 9


def test_a_number_left_in_the_box_never_wins_over_the_one_typed_after_it() -> None:
    """The issue's 'jumped to an older number': 9 left in the box, then 14 typed and Go, the click first."""
    s = w.ReplayStepper(DANA_RAVI, start=2)
    s.jump_box.value = "9"  # left in the box, never gone to
    s.jump_button.click()  # Go for 14 arrives before 14 does: the box still says 9
    s.jump_box.value = "14"
    assert s.seq == 14


def test_enter_in_the_box_goes_there() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)
    enter(s.jump_box)  # Enter comes before the value it commits
    s.jump_box.value = "6"
    assert s.seq == 6
    s.jump_box.value = "8"  # the box left without Enter or Go: nothing moves
    assert s.seq == 6
    enter(s.jump_box)  # Enter on a number already in the box
    assert s.seq == 8


def test_the_box_says_what_is_wrong_in_a_sentence() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)
    enter(s.jump_box)
    s.jump_box.value = "40"
    assert s.seq == 2 and "There is no event 40: this game's events are numbered 0 to 17." in said(s.status)
    enter(s.jump_box)
    s.jump_box.value = "ten"
    assert s.seq == 2 and "Type an event number, such as 12" in s.status.value


def test_a_note_is_not_a_step(tmp_path: Path) -> None:
    game = Path(shutil.copy(DANA_RAVI, tmp_path / "game.jsonl"))
    a = w.Annotator(game, author="coach")
    for at in (3, 5, 9, 12):
        a.add(f"a note on {at}", at=at)
    s = a.stepper
    assert len(s.replay) == 22 and s.model.last == 17  # 18 game events, 4 notes
    s.last.click()
    assert s.seq == 17 and "Event 17 of 17" in s.status.value and "goes out" in s.event.value
    assert s.next.disabled
    assert s.jump(21) and s.seq == 12 and "Event 21 is a note on event 12" in s.status.value
    assert "a note on 12" in s.notes.value and "1 note on it" in s.status.value
    assert (s.slider.min, s.slider.max) == (0, 17)  # the game's events; the notes are no stops
    s.slider.value = 4  # what typing 4 into the slider's readout sends
    assert s.seq == 4 and s.slider.value == 4 and 'data-seq="4"' in s.table.value
    assert "Event 4 of 17" in s.status.value


# ------------------------------------------------------------------- the quiz
def test_quiz_in_another_seats_turn_says_one_thing_and_offers_nothing_to_press() -> None:
    s = w.ReplayStepper(FOUR, seat_view=1, quiz=True, start=1)  # Omar's view; Nadia is to play
    assert s.state.turn == 0 and s.decision() is not None
    assert s.quiz_row.layout.display == "none" and s.quiz_reveal.disabled
    prompt = said(s.quiz_prompt)
    assert "it is Nadia's turn" in prompt and "answer for Omar only" in prompt
    # nowhere else a contradicting instruction: no hidden move to pick, no "once you reveal"
    for panel in (s.event.value, s.options.value):
        assert "Reveal" not in panel and "hidden" not in panel
    assert "It is Nadia's turn" in said(s.options)


def test_the_choice_list_starts_with_nothing_chosen_and_reveal_asks_for_a_pick() -> None:
    s = w.ReplayStepper(DANA_RAVI, quiz=True, start=2)
    assert s.quiz_choice.value is None and len(s.quiz_choice.options) > 2
    assert s.reveal() is None and "Pick a move from the list first." in s.quiz_result.value and not s.revealed
    s.quiz_choice.value = s.quiz_choice.options[0][1]
    s.quiz_reveal.click()
    assert s.revealed
    s.next.click()
    assert s.quiz_choice.value is None  # the next decision starts afresh


def test_the_ranked_options_after_reveal_are_folded_away() -> None:
    s = w.ReplayStepper(DANA_RAVI, quiz=True, start=2)  # 40-odd options at Dana's first meld
    s.quiz_choice.value = next(v for label, v in s.quiz_choice.options if "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥" in label)
    assert s.reveal() is True
    result = s.quiz_result.value
    head, _, folded = result.partition('<details class="banakil-quiz-ranked">')
    assert folded and "<details" not in head and " open" not in folded.split(">", 1)[0]
    assert head.count("<li") == 0 and folded.count('class="banakil-option"') > 20
    assert "Same as the game" in head and "ranked #" in head


def test_no_option_is_marked_part_of_a_meld_it_is_not_part_of() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=2)  # Dana lays 3♥ to 9♥ next
    assert s.options.value.count("banakil-actual") == 1 and "part of the move made" not in s.options.value


# --------------------------------------------------------------- meld checker
def test_typing_10_key_by_key_never_flashes_an_error() -> None:
    m = w.MeldChecker()
    for typed in ("1", "10", "10C", "10C J", "10C JC", "10C JC Q", "10C JC QC"):
        m.text.value = typed
        assert "banakil-bad-input" not in m.result.value, (typed, m.result.value)
    assert "Valid run" in m.result.value
    m.text.value = "10C X"
    assert "banakil-bad-input" in m.result.value and "unknown card code" in m.result.value
    m.text.value = "10C 1 "  # a finished word that is not a card is an error once the learner moved on
    assert "banakil-bad-input" in m.result.value


def test_typing_a_code_says_it_is_unfinished_in_words() -> None:
    m = w.MeldChecker(cards="9C 1")
    assert "“1” is not a card yet" in m.result.value and "Picked:" in m.picked.value


def test_card_buttons_labels_are_whole_and_the_joker_is_one_sign() -> None:
    m = w.MeldChecker()
    assert m.card_buttons["10S"].description == "10♠" and m.card_buttons["10S"].layout.width == "auto"
    assert m.card_buttons["JK"].description == "🃏"
    m.card_buttons["JK"].click()
    assert 'data-card="JK"' in m.picked.value and "★" not in m.picked.value and "🃏" in m.picked.value
    assert m.rules.layout.width and all(":" not in label for label, _ in m.rules.options)


def test_a_two_in_its_own_place_is_not_said_to_stand_for_itself() -> None:
    m = w.MeldChecker(cards="AD 2D 3D", rules="eram")
    assert "Valid run" in m.result.value and "stands for 2♦" not in m.result.value and "=2♦" not in m.result.value


# ------------------------------------------------------------- the options panel
def test_options_speak_in_sentences() -> None:
    s = w.ReplayStepper(DANA_RAVI, start=5)
    panel = s.options.value
    assert "(s)" not in panel and not re.search(r"\[[0-9.]+ point", panel) and " 1 points" not in panel
    assert "Ranked #1: " in panel and "Rule: A run of one suit, or a set of 3s or aces" in panel
    assert "and a set no 2 [000 (Play), 004 (runs, sets)]." in panel
    assert "Not allowed: " in panel and "(rule:" not in panel and "(000 (Play)" not in panel


def test_every_control_of_the_stepper_moves_or_says_why_not() -> None:
    rp = load_replay(FOUR)
    s = w.ReplayStepper(rp, start=4)
    s.back.click()
    assert s.seq == 3
    s.first.click()
    assert s.seq == 0 and s.first.disabled and s.back.disabled
    s.slider.value = 10
    assert s.seq == 10 and 'data-seq="10"' in s.table.value
    s.perspective.value = 2
    assert "(you)" in s.table.value and s.seat_view == 2
    s.quiz_toggle.value = True
    assert s.quiz_box.layout.display is None
    s.quiz_toggle.value = False
    assert s.quiz_box.layout.display == "none"
    s.last.click()
    assert s.seq == s.model.last and s.next.disabled and s.errors.value == ""


def test_the_slider_steps_over_a_note_in_the_middle_and_its_readout_agrees(tmp_path: Path) -> None:
    import json
    lines = [json.loads(x) for x in DANA_RAVI.read_text(encoding="utf-8").splitlines()]
    lines.insert(5, {"type": "annotated", "at": 4, "text": "a note in the middle"})
    for seq, line in enumerate(lines):
        line["seq"] = seq
    game = tmp_path / "noted.jsonl"
    game.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    s = w.ReplayStepper(game, start=4)
    s.slider.value = 5  # the note, reached moving on: the slider goes on to event 6
    assert (s.seq, s.slider.value) == (6, 6)
    s.slider.value = 5  # reached moving back: event 4
    assert (s.seq, s.slider.value) == (4, 4)
    s.slider.value = 12
    assert (s.seq, s.slider.value) == (12, 12) and "Event 12 of" in s.status.value
