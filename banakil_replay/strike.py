"""Hands between hands: the reducer's handler for ``hand_struck`` (format 1.2) and its checks of a hand recorded
without its play, kept apart to keep the reducer small.

A score sheet is append-only, so a hand added by mistake is not deleted: a ``hand_struck`` event
takes it back. The hand keeps its number and its line; its side scores count as 0 from then on,
so the totals, the target and the winner are what they would be without it (under the sheet's
negative carry too: a 0 neither enters nor takes off anything).
"""

from __future__ import annotations

from typing import Any

from .events import HandRecorded, HandScored, HandStruck
from .i18n import _
from .rulebook import Rule
from .scoring import match_status
from .seats import next_dealer
from .state import GameState, Turn, evolve


def after_hand_struck(state: GameState, ev: HandStruck) -> GameState:
    rules = state.rules
    if rules is None:
        raise Rule.LOG_STARTS.no(_("the log must start with a match_started event"))
    if state.in_hand:
        raise Rule.ONE_HAND_AT_A_TIME.no(_("hand {hand} is still in play; a hand is struck between hands").format(
            hand=state.hand_no))
    if state.banked:
        raise Rule.MATCH_END.no(_("the match is banked: its hands are final"))
    counted = [k + 1 for k in range(len(state.history)) if k + 1 not in state.struck]
    if ev.hand in state.struck:
        raise Rule.RECORDED_HAND.no(_("hand {hand} is struck already").format(hand=ev.hand))
    if ev.hand not in counted:
        if not state.history:
            raise Rule.RECORDED_HAND.no(_("there is no finished hand {hand} to strike: the log has no finished "
                                          "hand").format(hand=ev.hand))
        raise Rule.RECORDED_HAND.no(_("there is no finished hand {hand} to strike: the log has hands 1 to "
                                      "{last}").format(hand=ev.hand, last=len(state.history)))
    history = tuple(tuple(0 for _ in row) if k == ev.hand - 1 else row for k, row in enumerate(state.history))
    status = match_status(rules, state.n, history)
    return evolve(state, history=history, struck=state.struck + (ev.hand,), match=status, totals=status.totals,
                  match_over=status.over, winner=status.winner)


def recorded_hand_table(state: GameState) -> dict[str, Any]:
    """Every per-hand field of a hand recorded without its play: the hand number moves on, the deal
    passes on (the hand was dealt, at some table), and nothing of the hand before stays behind.

    The same fields :func:`after_hand_started` sets; a field missed here would leak the previous
    hand's table (who had opened, the cards unseen) into the states between hands.
    """
    no = tuple(False for _ in range(state.n))
    return dict(hand_no=state.hand_no + 1, dealer=None if state.dealer is None else next_dealer(state.dealer, state.n),
                phase="over", hands=(), melds=(), discard=(), stock=None,
                stock_count=0, unseen=(), this_turn=Turn(), opened=no, laid_any=no, had_turn=no, reshuffles=0,
                first_turn=False)


def verify_recorded_hand(state: GameState, ev: HandScored | HandRecorded) -> None:
    """A recorded hand is the next hand, by number. A result-only hand must say which from format 1.1
    (in a 1.0 log no number means the next); a hand recorded by its inputs may leave it out."""
    want = state.hand_no + 1
    if ev.hand is None and state.format_minor >= 1 and isinstance(ev, HandScored):
        raise Rule.RECORDED_HAND.no(_("'hand' is missing: from format 1.1 on, hand_scored names the hand it "
                                      "records (here hand {want})").format(want=want))
    if ev.hand is not None and ev.hand <= state.hand_no and isinstance(ev, HandRecorded):
        raise Rule.RECORDED_HAND.no(_("hand {hand} is already in this log: a hand is recorded once (the next is "
                                      "hand {want})").format(hand=ev.hand, want=want))
    if ev.hand is not None and ev.hand <= state.hand_no:
        raise Rule.RECORDED_HAND.no(_("hand {hand} is already in this log: a hand played in the log is scored by "
                                      "the reducer from its events, never by hand_scored, which records a hand not "
                                      "played here (the next is hand {want})").format(hand=ev.hand, want=want))
    if ev.hand is not None and ev.hand != want:
        raise Rule.HANDS_IN_ORDER.no(_("expected hand {want}, got hand {hand}").format(want=want, hand=ev.hand))
