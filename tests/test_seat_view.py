"""A seat's view shows only what that seat could know at that moment, in every panel and line.

The test walks every event of every sample game (the hand-made ones and the self-played
matches) in every seat's view of the replay stepper, with the quiz off and on (revealing the
answer at each of that seat's decisions), and reads every line the widget shows: the event
lines, the table, the options, the notes, the quiz's question, choices and answer. No card
may be named there that is face down for that seat: in another seat's hand and never seen
face up in this hand, or still in the stock.

What a seat has seen face up in a hand: its own cards, every meld laid and every card that
reached the discard pile (a card another seat took from the pile was seen on the pile). The
deck holds two of each card, so a card whose twin the seat has seen cannot be told apart and
is left out of the check.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import banakil_replay.notebook.widgets as w
from banakil_replay.cards import Card, parse_card
from banakil_replay.events import HandStarted
from banakil_replay.log.load import load_replay
from banakil_replay.reducer import Replay
from banakil_replay.state import GameState
from display_helpers import FOUR, GAMES

SAMPLES = sorted(GAMES.glob("*.jsonl")) + sorted((GAMES / "selfplay").glob("*.jsonl"))
NAMED = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])|🃏")
DATA_CARD = re.compile(r'data-card="([^"]+)"')
# what a wild stands for ("2♠(=8♣)", a face's "=8♣", "stands for 8♣") is a place in a meld, not a card
STANDS_FOR = re.compile(r"(=|stands for )((10|[2-9JQKA])[♣♦♥♠])")


def named_cards(page: str) -> set[str]:
    """Codes of every card a page names: as a card face (``data-card``) or in words (``9♥``, ``🃏``)."""
    text = STANDS_FOR.sub(" ", html.unescape(re.sub(r"<[^>]+>", " ", page)))
    found = {parse_card(m.group(0)).code for m in NAMED.finditer(text)}
    return found | set(DATA_CARD.findall(page))


def _face_up(state: GameState, seat: int) -> set[str]:
    cards: list[Card] = list(state.hands[seat]) if seat < len(state.hands) else []
    cards += [c for m in state.melds for c in m.cards] + list(state.discard)
    return {c.code for c in cards}


def face_down(rp: Replay, seq: int, seat: int) -> set[str]:
    """The cards face down for ``seat`` after event ``seq``: in other hands or the stock, never seen this hand."""
    start = max((i for i in range(seq + 1) if isinstance(rp.events[i], HandStarted)), default=0)
    seen: set[str] = set()
    for i in range(start, seq + 1):
        seen |= _face_up(rp.states[i], seat)
    state = rp.states[seq]
    hidden = {c.code for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= {c.code for c in state.unseen_counter()}
    return hidden - seen


def page(s: Any) -> str:
    """Everything the stepper shows (the quiz's choices too), as one HTML string."""
    parts = [s.status.value, s.event.value, s.table.value, s.options.value, s.notes.value]
    if s.model.quiz:
        parts += [s.quiz_prompt.value, s.quiz_result.value, " ".join(label for label, _ in s.quiz_choice.options)]
    return "\n".join(parts)


def leaks(s: Any, seat: int) -> Iterator[str]:
    """Each face-down card the stepper names at each of its steps, in words."""
    rp = s.replay
    for seq in s.model.steps:
        s.go(seq)
        bad = named_cards(page(s)) & face_down(rp, seq, seat)
        if bad:
            yield f"event {seq}: {sorted(bad)}"
        if s.model.quiz and s.decision() is not None and s.quiz_choice.options:
            s.quiz_choice.value = s.quiz_choice.options[0][1]
            s.reveal()
            bad = named_cards(page(s)) & face_down(rp, seq, seat)
            if bad:
                yield f"event {seq} after Reveal: {sorted(bad)}"


def test_face_down_is_what_the_seat_has_not_seen() -> None:
    rp = load_replay(FOUR)
    deal = 1
    ravi = 1  # Omar, who sits after Nadia
    mine = {c.code for c in rp.states[deal].hands[ravi]}
    hidden = face_down(rp, deal, ravi)
    assert hidden and not hidden & mine and rp.states[deal].discard[-1].code not in hidden
    assert named_cards('<span data-card="QS"></span> then 10♥ and 🃏, not 3s nor 2♠(=8♣)') == {"QS", "10H", "JK", "2S"}


@pytest.mark.parametrize("quiz", [False, True], ids=["plain", "quiz"])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.relative_to(GAMES).as_posix())
def test_no_face_down_card_is_named_in_any_seat_view(path: Path, quiz: bool) -> None:
    rp = load_replay(path)
    for seat in range(rp.final.n):
        s = w.ReplayStepper(rp, seat_view=seat, quiz=quiz)
        found = list(leaks(s, seat))
        assert not found, f"{rp.final.players[seat]}'s view names face-down cards at " + "; ".join(found[:5])
        assert s.errors.value == ""


def test_the_next_line_names_no_move_of_a_face_down_hand() -> None:
    """The issue's case: Ravi's view showed Dana's meld before she laid it."""
    s = w.ReplayStepper(FOUR, seat_view=1)
    told = []
    for seq in s.model.steps:
        s.go(seq)
        nxt = s.model.next_event()
        if nxt is not None and getattr(nxt, "seat", 1) != 1:
            told.append(s.event.value)
            assert "banakil-unseen-move" in s.event.value, s.event.value
    assert told and all("shows once it is made" in t for t in told)
