"""Striking a hand: the reducer's handler for ``hand_struck`` (format 1.2), kept apart to keep the reducer small.

A score sheet is append-only, so a hand added by mistake is not deleted: a ``hand_struck`` event
takes it back. The hand keeps its number and its line; its side scores count as 0 from then on,
so the totals, the target and the winner are what they would be without it (under the sheet's
negative carry too: a 0 neither enters nor takes off anything).
"""

from __future__ import annotations

from .events import HandStruck
from .rulebook import Rule
from .scoring import match_status
from .state import GameState, evolve


def after_hand_struck(state: GameState, ev: HandStruck) -> GameState:
    rules = state.rules
    if rules is None:
        raise Rule.LOG_STARTS.no("the log must start with a match_started event")
    if state.in_hand:
        raise Rule.ONE_HAND_AT_A_TIME.no(f"hand {state.hand_no} is still in play; a hand is struck between hands")
    if state.banked:
        raise Rule.MATCH_END.no("the match is banked: its hands are final")
    counted = [k + 1 for k in range(len(state.history)) if k + 1 not in state.struck]
    if ev.hand in state.struck:
        raise Rule.RECORDED_HAND.no(f"hand {ev.hand} is struck already")
    if ev.hand not in counted:
        have = f"hands 1 to {len(state.history)}" if state.history else "no finished hand"
        raise Rule.RECORDED_HAND.no(f"there is no finished hand {ev.hand} to strike: the log has {have}")
    history = tuple(tuple(0 for _ in row) if k == ev.hand - 1 else row for k, row in enumerate(state.history))
    status = match_status(rules, state.n, history)
    return evolve(state, history=history, struck=state.struck + (ev.hand,), totals=status.totals,
                  match_over=status.over, winner=status.winner)
