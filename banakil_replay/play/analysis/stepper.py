"""Stepping through a replayed game, as a pure model: the position, one seat's view, and the quiz.

No ipywidgets and no HTML: :class:`banakil_replay.notebook.widgets.ReplayStepper`
draws a :class:`Stepper` and forwards its controls to it, and a future play
table can drive the same model. Every rule of the quiz lives here:

* a **decision** is a moment whose next event is a move by the seat to play;
* in quiz mode that move stays hidden until the learner picks an option and
  reveals it; moving to another event hides the next decision's answer again;
* the options are not shown beside a hidden answer (their ranks would give it
  away), and the choices are offered in alphabetical order, never by rank;
* in one seat's view, the learner answers only for that seat, and another
  seat's options are not shown (they would show its cards);
* in one seat's view, the next event is told in advance only when that seat
  could know it already (:meth:`Stepper.next_view`): another seat's move, a
  card coming off the stock and a new deal stay unnamed until they happen;
* the steps are the game's events: a note (an ``annotated`` event) is shown
  beside the event it is on (:meth:`Stepper.notes_here`), never stepped onto.

:func:`move_match` says whether an option is the move made, or part of it.

>>> from banakil_replay.log.load import load_replay
>>> model = Stepper(load_replay("sample_games/classic_dana_ravi.jsonl"), quiz=True, start=1)
>>> model.quiz_status(), model.next_hidden()
('ask', True)
>>> answer = model.reveal(next(i for i, o in enumerate(model.options_here().options) if o.kind == "draw"))
>>> answer.match, model.next_hidden()
('same', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ...cards import parse_card
from ...errors import BanakilError
from ...events import Annotated, Drew, Event, HandStarted, event_to_json, parse_event
from ...reducer import Replay
from ...state import GameState
from ..moves import Option, Options, is_move, move_key
from ..coach.options import options

__all__ = ["Stepper", "QuizAnswer", "move_match", "same_move", "game_steps",
           "NO_HAND", "OTHER_SEAT", "QUIZ", "SHOWN", "OFF", "NO_DECISION", "NO_MOVE", "ASK",
           "NEXT_NONE", "NEXT_QUIZ", "NEXT_SECRET", "NEXT_OPEN"]

# The states below are codes the view compares, never shown: the widget says each in its own
# sentence through the catalog (notebook/stepper_view.py), so they stay English like a log's fields.
# What the options panel shows (Stepper.options_panel)
NO_HAND, OTHER_SEAT, QUIZ, SHOWN = "no hand", "other seat", "quiz", "shown"
# Where the quiz stands (Stepper.quiz_status); OTHER_SEAT as well
OFF, NO_DECISION, NO_MOVE, ASK = "off", "no decision", "no legal move", "ask"
# How the next event may be told before it happens (Stepper.next_view)
NEXT_NONE, NEXT_QUIZ, NEXT_SECRET, NEXT_OPEN = "none", "quiz", "secret", "open"


# -------------------------------------------------------- options and moves
def _fields(event: Event | Mapping[str, Any]) -> Mapping[str, Any]:
    return event if isinstance(event, Mapping) else event_to_json(event)


def _cards_key(value: Any) -> Any:
    """Cards compared as a multiset of canonical codes, so order and spelling do not matter."""
    if isinstance(value, (list, tuple)):
        try:
            return tuple(sorted(parse_card(c).code for c in value))
        except (BanakilError, TypeError):
            return tuple(value)
    if isinstance(value, str):
        try:
            return parse_card(value).code
        except BanakilError:
            return value
    return value


def same_move(option_event: Event | Mapping[str, Any], actual: Event | Mapping[str, Any]) -> bool:
    """Whether an option describes the move made: every field the option names agrees.

    An option may leave fields out (a draw from the stock does not know the
    card); cards compare as multisets; ``seq`` and ``arrangement`` are ignored.
    """
    return move_key(_typed(option_event)) == move_key(_typed(actual))


def _typed(event: Event | Mapping[str, Any]) -> Event:
    """A user's dict read as the typed event it describes (its seq does not matter for moves)."""
    return parse_event({**event, "seq": 0}) if isinstance(event, Mapping) else event


def move_match(option_event: Event | Mapping[str, Any], actual: Event | Mapping[str, Any]) -> str | None:
    """``"same"`` when the option is the move made, ``"part"`` when it is part of it, else None.

    "Part": the options list lays off one card at a time, while a log may add
    several cards to a meld in one event; a single-card lay-off of one of
    those cards onto the same meld is part of that move. A smaller new meld
    made of some of a meld's cards is not: it is another meld, and laying it
    leaves the rest in the hand.
    """
    if same_move(option_event, actual):
        return "same"
    mine_ev, act = _fields(option_event), _fields(actual)
    if mine_ev.get("type") != act.get("type") or mine_ev.get("type") != "laid_off":
        return None
    if any(mine_ev.get(k) != act.get(k) for k in ("seat", "meld")):
        return None
    mine, theirs = _cards_key(mine_ev.get("cards") or []), list(_cards_key(act.get("cards") or []))
    for card in mine:
        if card not in theirs:
            return None
        theirs.remove(card)
    return "part" if mine else None


# ------------------------------------------------------------------- model
@dataclass(frozen=True)
class QuizAnswer:
    """The learner's pick beside the move made."""

    picked: Option
    actual: Event  # the move made
    match: str | None  # move_match(picked, actual): "same", "part" or None
    listed: bool  # the move made is (part of) one of the options

    @property
    def hit(self) -> bool:
        return self.match == "same"


def game_steps(replay: Replay) -> tuple[int, ...]:
    """The event numbers a stepper stops at: every event of the game, none of its notes."""
    return tuple(i for i, ev in enumerate(replay.events) if not isinstance(ev, Annotated))


class Stepper:
    """A position in a replay, a seat's view (None: every hand open) and the quiz state.

    The position ``seq`` is always one of :attr:`steps`, the game's events: a
    note in the log is not a step (it is shown beside the event it is on).
    """

    def __init__(self, replay: Replay, *, seat_view: int | None = None, quiz: bool = False, start: int = 0,
                 notes: Callable[[int], Sequence[Any]] | None = None) -> None:
        self.replay = replay
        self.steps = game_steps(replay)
        self.seat_view = seat_view
        self.quiz = quiz
        self.extra_notes = notes
        self.revealed = False
        self.seq = self.clamp(start)
        self._options: dict[int, Options] = {}

    # ------------------------------------------------------------ position
    @property
    def last(self) -> int:
        """The last step: the game's last event (a note after it is not a step)."""
        return self.steps[-1] if self.steps else 0

    @property
    def state(self) -> GameState:
        return self.replay.states[self.seq]

    def clamp(self, seq: int) -> int:
        """The step at ``seq``, or the last step before it (the first step for anything before that)."""
        before = [s for s in self.steps if s <= seq]
        return before[-1] if before else (self.steps[0] if self.steps else 0)

    def go(self, seq: int) -> int:
        """Move to event ``seq`` (clamped to a step); moving hides the next answer again."""
        target = self.clamp(seq)
        if target != self.seq:
            self.seq, self.revealed = target, False
        return self.seq

    def following(self) -> int:
        """The step after this one (this one at the last)."""
        return next((s for s in self.steps if s > self.seq), self.seq)

    def previous(self) -> int:
        """The step before this one (this one at the first)."""
        return next((s for s in reversed(self.steps) if s < self.seq), self.seq)

    def in_log(self, seq: int) -> bool:
        return 0 <= seq < len(self.replay)

    def note_on(self, seq: int) -> int | None:
        """The event a note at ``seq`` is on, when event ``seq`` is a note (else None)."""
        ev = self.replay.events[seq] if self.in_log(seq) else None
        return ev.at if isinstance(ev, Annotated) else None

    def set_replay(self, replay: Replay) -> None:
        """Another version of the game (a note was appended): same position, fresh options."""
        self.replay, self.steps, self._options = replay, game_steps(replay), {}
        self.seq = self.clamp(self.seq)

    def next_seq(self) -> int | None:
        """The number of the next game event, or None at the last."""
        after = self.following()
        return after if after != self.seq else None

    def next_event(self) -> Event | None:
        """The next game event (notes in between are skipped), or None at the last."""
        after = self.next_seq()
        return self.replay.events[after] if after is not None else None

    def notes_here(self) -> list[Any]:
        """The notes on this event: the log's own, then any the ``notes`` callback adds."""
        notes: list[Any] = list(self.replay.annotations_at(self.seq))
        if self.extra_notes is not None:
            notes += list(self.extra_notes(self.seq))
        return notes

    def next_view(self) -> str:
        """How the next event may be told now: ``NEXT_QUIZ`` (the learner's answer, hidden), ``NEXT_SECRET``
        (this seat cannot know it yet), ``NEXT_OPEN``, or ``NEXT_NONE`` at the last event.

        A seat cannot know ahead another seat's move (its hand is face down), the card it will draw
        from the stock, nor the next deal; with every hand open, everything may be told.
        """
        nxt = self.next_event()
        if nxt is None:
            return NEXT_NONE
        if self.next_hidden():
            return NEXT_QUIZ
        if self.seat_view is None:
            return NEXT_OPEN
        mover = getattr(nxt, "seat", None)
        if isinstance(nxt, (HandStarted, Drew)) or (mover is not None and mover != self.seat_view):
            return NEXT_SECRET
        return NEXT_OPEN

    # ------------------------------------------------------------ decisions
    def decision(self) -> tuple[GameState, Event] | None:
        """(state, the move made next) when the next event is a move by the seat to play, else None."""
        state, nxt = self.state, self.next_event()
        if nxt is None or not state.in_hand or not is_move(nxt) or getattr(nxt, "seat", None) != state.turn:
            return None
        return state, nxt

    def answers_here(self) -> bool:
        """Whether the learner answers for the seat to play: every seat with hands open, else the view's own."""
        return self.seat_view is None or self.seat_view == self.state.turn

    def next_hidden(self) -> bool:
        """Whether the next event is the learner's quiz answer, not yet revealed."""
        return self.quiz and not self.revealed and self.decision() is not None and self.answers_here()

    def options_here(self) -> Options:
        """The legal options at this moment (computed once per event)."""
        if self.seq not in self._options:
            self._options[self.seq] = options(self.state)
        return self._options[self.seq]

    def options_panel(self) -> str:
        """What the options panel may show: ``SHOWN``, or why not (``QUIZ``, ``NO_HAND``, ``OTHER_SEAT``)."""
        if not self.state.in_hand:
            return NO_HAND
        if not self.answers_here():
            return OTHER_SEAT
        if self.quiz and self.decision() is not None:
            return QUIZ
        return SHOWN

    def chosen(self) -> Event | None:
        """The move made next, to mark among the options, when this is a decision."""
        found = self.decision()
        return found[1] if found is not None else None

    # ------------------------------------------------------------------ quiz
    def quiz_status(self) -> str:
        """``ASK`` when the learner has a move to pick here, else ``OFF``, ``NO_DECISION``,
        ``OTHER_SEAT`` or ``NO_MOVE`` (raises what :func:`options` raises)."""
        if not self.quiz:
            return OFF
        if self.decision() is None:
            return NO_DECISION
        if not self.answers_here():
            return OTHER_SEAT
        return ASK if self.options_here().options else NO_MOVE

    def quiz_choices(self, label: Callable[[Option], str]) -> list[tuple[str, int]]:
        """(label, option index) in alphabetical order, never by rank, so the order gives nothing away."""
        return sorted(((label(o), i) for i, o in enumerate(self.options_here().options)), key=lambda t: t[0])

    def reveal(self, choice: int) -> QuizAnswer | None:
        """Reveal the move made beside option ``choice``; None when there is nothing to answer here."""
        found = self.decision()
        if found is None or self.quiz_status() != ASK:
            return None
        actual = found[1]
        opts = self.options_here().options
        picked = opts[choice]
        self.revealed = True
        return QuizAnswer(picked, actual, move_match(picked.event, actual),
                          any(move_match(o.event, actual) for o in opts))
