"""banakil_replay.play.analysis.stepper: the replay stepper's model, driven without any widget."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from banakil_replay.events import Drew, parse_event
from banakil_replay.log.load import load_replay
from banakil_replay.play.moves import move_json
from banakil_replay.play.analysis import stepper as st
from banakil_replay.reducer import replay
from banakil_replay.play.analysis.stepper import ASK, NO_DECISION, NO_HAND, NO_MOVE, OFF, OTHER_SEAT, QUIZ, SHOWN, Stepper
from display_helpers import DANA_RAVI, GAMES, ROOT


@pytest.fixture(scope="module")
def dana_ravi() -> Any:
    return load_replay(DANA_RAVI)


def test_position_is_clamped_and_moving_hides_the_answer_again(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi, start=99, quiz=True)
    assert m.seq == m.last == len(dana_ravi) - 1
    assert m.go(-5) == 0 and m.state is dana_ravi.states[0]
    m.go(1)
    assert m.reveal(0) is not None and m.revealed
    m.go(1)  # staying put keeps the answer on show
    assert m.revealed
    m.go(2)
    assert not m.revealed
    assert m.in_log(0) and m.in_log(m.last) and not m.in_log(m.last + 1) and not m.in_log(-1)


def test_decisions_are_moves_by_the_seat_to_play(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi)
    assert m.decision() is None  # after match_started, the next event is the deal
    m.go(1)
    found = m.decision()
    assert found is not None and isinstance(found[1], Drew) and found[0].turn == found[1].seat == 0
    assert m.chosen() == found[1]
    m.go(m.last)
    assert m.decision() is None and m.next_event() is None and m.chosen() is None


def test_options_panel_and_quiz_status_follow_the_rules(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi)
    assert (m.options_panel(), m.quiz_status()) == (NO_HAND, OFF)
    m.go(1)
    assert m.options_panel() == SHOWN and not m.next_hidden()
    m.seat_view = 1  # Ravi's view: Dana's options would show her cards
    assert m.options_panel() == OTHER_SEAT
    m.quiz = True  # Dana's move is not Ravi's question: nothing hidden, nothing to reveal, one reason
    assert (m.options_panel(), m.quiz_status()) == (OTHER_SEAT, OTHER_SEAT) and not m.next_hidden()
    assert m.reveal(0) is None and not m.revealed  # nothing to answer for Ravi here
    m.seat_view = None
    assert m.quiz_status() == ASK and m.options_panel() == QUIZ and m.next_hidden()
    m.go(0)
    assert m.quiz_status() == NO_DECISION


def test_no_legal_move_is_said(dana_ravi: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from banakil_replay.play.coach.options import Options

    monkeypatch.setattr(st, "options", lambda state: Options(state.turn, state.phase))
    m = Stepper(dana_ravi, quiz=True, start=1)
    assert m.quiz_status() == NO_MOVE and m.reveal(0) is None


def test_quiz_choices_are_alphabetical_never_by_rank(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi, quiz=True, start=2)
    opts = m.options_here().options
    choices = m.quiz_choices(lambda o: o.explain)
    assert [label for label, _ in choices] == sorted(o.explain for o in opts)
    assert sorted(i for _, i in choices) == list(range(len(opts)))
    by_rank = [i for i, _ in sorted(enumerate(opts), key=lambda t: t[1].rank or 0)]
    assert [i for _, i in choices] != by_rank  # the order would otherwise give the best move away


def test_reveal_says_same_or_another_way(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi, quiz=True, start=1)
    kinds = {o.kind: i for i, o in enumerate(m.options_here().options)}
    miss = m.reveal(kinds["take"])
    assert miss is not None and miss.match is None and not miss.hit and miss.listed and not m.next_hidden()
    m.go(2)
    m.go(1)
    hit = m.reveal(kinds["draw"])
    assert hit is not None and hit.hit and hit.actual == dana_ravi.events[2]


def test_a_single_card_lay_off_is_part_of_a_two_card_one() -> None:
    m = Stepper(load_replay(GAMES / "kroot_hand.jsonl"), quiz=True, start=16)
    found = m.decision()
    assert found is not None and found[1].type == "laid_off" and len(found[1].cards) == 2  # type: ignore[union-attr]
    labels = {label: i for label, i in m.quiz_choices(lambda o: str(move_json(o.event)))}
    part = next(i for label, i in labels.items() if "'laid_off'" in label and "'KS'" in label)
    answer = m.reveal(part)
    assert answer is not None and answer.match == "part" and not answer.hit


def test_move_match_takes_typed_events_and_mappings() -> None:
    typed = parse_event({"seq": 4, "type": "laid_off", "seat": 1, "meld": 2, "cards": ["KS", "AS"]})
    assert st.move_match({"type": "laid_off", "seat": 1, "meld": 2, "cards": ["as", "K♠"]}, typed) == "same"
    assert st.move_match({"type": "laid_off", "seat": 1, "meld": 2, "cards": ["AS"]}, typed) == "part"
    assert st.move_match({"type": "laid_off", "seat": 1, "meld": 3, "cards": ["AS"]}, typed) is None
    assert st.move_match({"type": "laid_off", "seat": 1, "meld": 2, "cards": ["QS"]}, typed) is None
    assert st.move_match(typed, {"type": "laid_off", "seat": 1, "meld": 2, "cards": ["AS", "KS"]}) == "same"
    assert st.same_move({"type": "drew", "seat": 0}, parse_event({"seq": 2, "type": "drew", "seat": 0, "card": "9H"}))
    assert not st.same_move({"type": "took", "seat": 0, "count": 1}, {"type": "drew", "seat": 0})


def test_set_replay_keeps_the_position_and_notes_add_up(dana_ravi: Any) -> None:
    extra = {3: ["from a sidecar"]}
    m = Stepper(dana_ravi, start=5, notes=lambda seq: extra.get(seq, []))
    again = load_replay(DANA_RAVI)  # the same game read again, as after a note went into a sidecar
    m.set_replay(again)
    assert m.seq == 5 and m.replay is again
    shorter = replay(dana_ravi.events[:4])
    m.set_replay(shorter)
    assert m.seq == 3 and m.last == 3
    assert m.notes_here() == ["from a sidecar"]
    annotated = load_replay(GAMES / "classic_annotated.jsonl")
    n = Stepper(annotated)
    at = annotated.annotations[0].at
    n.go(at)
    assert [note.text for note in n.notes_here()] == [a.text for a in annotated.annotations_at(at)]


def test_the_model_needs_no_widgets_nor_html() -> None:
    code = ("import sys, banakil_replay.play.analysis.stepper; print(sorted(m for m in "
            "('ipywidgets', 'pandas', 'altair', 'banakil_replay.notebook') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_notes_are_not_steps_and_last_is_the_games_last_event() -> None:
    """A log with notes: the steps are its game events; Last lands on the game's last event, never a note."""
    annotated = load_replay(GAMES / "classic_annotated.jsonl")
    m = Stepper(annotated)
    notes = [a.seq for a in annotated.annotations]
    assert notes and not set(notes) & set(m.steps)
    assert len(m.steps) == len(annotated) - len(notes) and m.last == 20  # match_banked; the note 21 is on it
    m.go(7)  # Amal's discard: the note on event 4 comes next in the log, then Bilal's take
    assert m.following() == 9 and m.next_seq() == 9 and m.next_event() == annotated.events[9]
    assert m.decision() is not None  # the take is Bilal's decision, though a note stands between
    assert m.go(8) == 7 and m.note_on(8) == 4 and m.note_on(7) is None
    m.go(m.last)
    assert m.following() == m.last and m.next_event() is None
    assert [n.text for n in m.notes_here()] == [a.text for a in annotated.annotations_at(20)]


def test_notes_appended_after_the_game_leave_the_count_alone(dana_ravi: Any) -> None:
    events = list(dana_ravi.events) + [parse_event({"seq": len(dana_ravi) + i, "type": "annotated", "at": 3 + i,
                                                    "text": f"note {i}"}) for i in range(4)]
    m = Stepper(replay(events))
    assert m.last == len(dana_ravi) - 1 == 17 and m.steps == tuple(range(18))
    m.go(99)
    assert m.seq == 17 and m.state.phase == "over"


def test_a_smaller_meld_is_not_part_of_the_meld_made(dana_ravi: Any) -> None:
    """Dana lays 3♥ to 9♥: 3♥ 4♥ 5♥ is another meld (it would leave 6♥-9♥ in her hand), not part of hers."""
    m = Stepper(dana_ravi, start=2)
    made = m.chosen()
    assert made is not None and made.type == "melded"
    marks = [st.move_match(o.event, made) for o in m.options_here().options]
    assert marks.count("same") == 1 and "part" not in marks


def test_the_next_event_is_told_only_when_the_seat_could_know_it(dana_ravi: Any) -> None:
    m = Stepper(dana_ravi, seat_view=1)  # Ravi's view
    views = {}
    for seq in m.steps:
        m.go(seq)
        nxt = m.next_event()
        views[seq] = (type(nxt).__name__ if nxt else None, getattr(nxt, "seat", None), m.next_view())
    assert views[0] == ("HandStarted", None, st.NEXT_SECRET)  # the deal is not known before it is dealt
    assert views[2] == ("Melded", 0, st.NEXT_SECRET)  # Dana's meld comes from her face-down hand
    assert views[4] == ("Drew", 1, st.NEXT_SECRET)  # Ravi's own draw: the card is still in the stock
    assert views[5] == ("Melded", 1, st.NEXT_OPEN)  # Ravi's own meld: his own cards
    assert views[17][2] == st.NEXT_NONE
    m.seat_view = None
    m.go(2)
    assert m.next_view() == st.NEXT_OPEN
    m.quiz = True
    assert m.next_view() == st.NEXT_QUIZ
