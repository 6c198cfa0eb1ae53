"""Every event class has its handler, its sentence and, for moves, its command and its review words.

The classes are enumerated from ``events.EVENT_CLASSES``, so an event class added to the
format without a reducer handler, a narration teller, a seat's view or (for a move) a text
command and a description in the review fails here, by name, rather than falling through
somewhere at run time.
"""

from __future__ import annotations

import pytest

from banakil_replay.cards import Card, parse_card
from banakil_replay.events import (EVENT_CLASSES, FORMAT, Annotated, Discarded, Drew, Event, HandRecorded,
                                   HandScored, HandStarted, HandStruck, JokerSwapped, LaidOff, MatchBanked,
                                   MatchStarted, Melded, Reshuffled, Took, event_to_json, parse_event)
from banakil_replay.notebook.narrate import TELLERS, event_text
from banakil_replay.play.session.commands import command_for, read_command
from banakil_replay.play.moves import MOVE_KINDS, is_move, move_key
from banakil_replay.play.analysis.review import describe, doing
from banakil_replay.play.seatview import event_seen_by
from banakil_replay.reducer import HANDLERS
from banakil_replay.state import GameState


def _cards(*codes: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


# one instance of each event class; a new class needs one here (the first test says so)
SAMPLES: dict[type, Event] = {
    MatchStarted: MatchStarted(seq=0, format=FORMAT, players=("Amal", "Bilal")),
    HandStarted: HandStarted(1, 1, 1, (_cards("3C", "4C"), _cards("AS", "KS")), parse_card("7H")),
    Drew: Drew(2, 0, parse_card("9H")),
    Took: Took(3, 1, 2, _cards("7H", "9D")),
    Melded: Melded(4, 0, _cards("7H", "8H", "9H")),
    LaidOff: LaidOff(5, 1, 2, _cards("10H", "JH")),
    JokerSwapped: JokerSwapped(6, 0, 1, parse_card("8S")),
    Discarded: Discarded(7, 1, parse_card("KD")),
    Reshuffled: Reshuffled(8),
    HandScored: HandScored(9, (10.0, -5.0), 2),
    HandRecorded: HandRecorded(10, {"went_out": 0, "seats": []}, 3),
    HandStruck: HandStruck(11, 2, "scored twice"),
    Annotated: Annotated(12, 4, "a fine meld", "Amal"),
    MatchBanked: MatchBanked(13),
}
MOVES = [cls for cls in EVENT_CLASSES if cls in MOVE_KINDS]


def _name(cls: type) -> str:
    return str(getattr(cls, "type", cls.__name__))


def test_every_event_class_has_a_sample_here() -> None:
    assert sorted(map(_name, EVENT_CLASSES)) == sorted(map(_name, SAMPLES))
    assert all(type(SAMPLES[cls]) is cls for cls in SAMPLES)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=_name)
def test_every_event_class_has_a_reducer_handler(cls: type) -> None:
    assert cls in HANDLERS, f"{_name(cls)} has no handler in reducer.HANDLERS"


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=_name)
def test_every_event_class_is_told_in_words(cls: type) -> None:
    assert cls in TELLERS, f"{_name(cls)} has no teller in notebook/narrate.py"
    event = SAMPLES[cls]
    text = event_text(event)
    assert text.endswith((".", "”")) and len(text.split()) > 3
    assert event_text(event_to_json(event)) == text


def test_hand_struck_says_which_hand_and_why() -> None:
    text = event_text(SAMPLES[HandStruck])
    assert "Hand 2" in text and "struck" in text and "scored twice" in text
    assert "reason" not in event_text(HandStruck(11, 2))


@pytest.mark.parametrize("cls", MOVES, ids=_name)
def test_every_move_has_a_command_that_reads_back(cls: type) -> None:
    move = SAMPLES[cls]
    assert is_move(move)
    typed = command_for(move)
    seat = getattr(move, "seat", 0)
    read = read_command(typed, GameState(seq=move.seq - 1), seat)
    assert is_move(read), typed  # type: ignore[arg-type]
    # the same move (a draw names no card, a take only its count), at the same seq
    assert move_key(read) == move_key(move) and read.seq == move.seq, typed


@pytest.mark.parametrize("cls", MOVES, ids=_name)
def test_every_move_is_described_in_the_review(cls: type) -> None:
    move = SAMPLES[cls]
    assert is_move(move)
    assert describe(move) and describe(move, pretty=True) and doing(move)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=_name)
def test_every_event_class_can_be_shown_to_a_seat(cls: type) -> None:
    event = SAMPLES[cls]
    whole = event_to_json(event)
    for seat in (0, 1):
        seen = event_seen_by(whole, seat)
        assert seen.items() <= whole.items() or cls is HandStarted
        assert parse_event(seen if cls is not HandStarted else {**seen, "hands": whole["hands"]}) is not None
    if cls is Drew:
        assert "card" in event_seen_by(whole, 0) and "card" not in event_seen_by(whole, 1)
