"""Replay a log file while it is read: each typed event folded as it arrives, memory bounded.

``validate`` and ``bulk`` use this, so a log of any length costs the memory of one
game state (:class:`~banakil_replay.reducer.Replay` keeps every state, for the
stepper and random access).

Errors come in the order a whole read and then a replay would give them (what
``replay(read_events(path))`` reports): a line that breaks the file's rules
(:class:`~.store.LogReadError`) wherever it is in the file, else the first event,
by seq, that is malformed or that the rules forbid. So after a rule is broken the
rest of the file is still read, line by line and without replaying, in case a
line further on is broken.
"""

from __future__ import annotations

import os
from typing import Iterator

from ..errors import BanakilError, IllegalMoveError, MalformedInputError
from ..events import Event
from ..reducer import HANDLERS, Replay, apply
from ..state import GameState, evolve, set_seq
from .store import DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, EventDecodeError, iter_log


def replay_stream(path: str | os.PathLike[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                  max_depth: int = DEFAULT_MAX_DEPTH, check_chain: bool = True
                  ) -> Iterator[tuple[Event, GameState]]:
    """Yield ``(event, state after it)`` for each event of the log at ``path``, as it is read."""
    events = iter_log(path, max_line_bytes=max_line_bytes, max_depth=max_depth, check_chain=check_chain)
    state = GameState()
    for event in events:
        try:
            state = apply(state, event)
        except BanakilError:  # a ReplayError, or an unknown rule set named at seq 0
            _read_the_rest(events)
            raise
        yield event, state


def _read_the_rest(events: Iterator[Event]) -> None:
    """Read on to the end: a broken line further on is reported before a broken rule."""
    try:
        for _ in events:
            pass
    except EventDecodeError:
        pass  # a malformed event after the broken rule: the rule comes first, by seq


def fold_log(path: str | os.PathLike[str]) -> GameState:
    """The final state of the log at ``path`` (no state but the last is kept).

    :func:`replay_stream` without its generator: the same reading, the same errors in the same order.
    Each event goes straight to its handler, without :func:`~.reducer.apply`'s check of its seq
    (the reader has checked every seq already: 0, 1, 2, ... from the first line); a refused event
    is handed to ``apply`` again, the handlers being pure, for its error as ``apply`` words it.
    """
    events = iter_log(path)
    state = GameState()
    handlers = HANDLERS
    for event in events:
        try:
            new = handlers[type(event)](state, event)
        except (IllegalMoveError, MalformedInputError):
            _read_the_rest(events)
            apply(state, event)
            raise AssertionError(f"seq {event.seq}: a handler refused the event but apply did not") from None
        except BanakilError:
            _read_the_rest(events)
            raise
        if new is state:
            state = evolve(state, seq=event.seq)
        else:  # ``new`` was made by the handler for this event alone: numbered in place, as apply does
            set_seq(new, event.seq)
            state = new
    return state


def replay_log(path: str | os.PathLike[str]) -> Replay:
    """Every state of the log at ``path`` (for random access), with the errors of :func:`replay_stream`."""
    events: list[Event] = []
    states: list[GameState] = []
    for event, state in replay_stream(path):
        events.append(event)
        states.append(state)
    return Replay(tuple(events), tuple(states))
