"""Going out: the solver's plan as events, checked by the reducer before anyone trusts it.

Bots, the rollout policy, the expert and the review all ask one question, "can
the seat to act go out this turn, and how?", and get one answer from
:func:`go_out_plan`. The solver (``solver.go_out``) knows melds and lay-offs
but not the order rules of a rule set, so its plan is played through the
reducer first. Answers are remembered: the expert's playouts meet the same
hands and tables again and again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from msgspec.structs import replace  # events are msgspec Structs

from ...cards import Card, card_order
from ...errors import IllegalMoveError
from ...events import Discarded, Event, JokerSwapped, LaidOff, Melded
from ...melds import Meld
from ...reducer import apply, meld_within_reach
from ...rules import Ruleset
from ...state import GameState
from ..moves import Move
from .solver import Partition, addable, coverable, go_out, strays

def after(state: GameState, event: Event) -> GameState:
    """The state after ``event`` (numbered as the next seq); raises the reducer's error if illegal."""
    return apply(state, replace(event, seq=state.seq + 1))


def plan_events(seat: int, plan: Partition) -> list[Move]:
    """A go-out partition as events, in the order the solver assumed: swaps, melds, lay-offs, discard.

    Their seq is a placeholder: :func:`after` numbers each as it is applied.
    """
    evs: list[Move] = [JokerSwapped(0, seat, mid, c) for mid, c in plan.swaps]
    evs += [Melded(0, seat, m.cards) for m in plan.melds]
    evs += [LaidOff(0, seat, mid, (c,)) for mid, c in plan.lay_offs]
    evs += [Discarded(0, seat, c) for c in plan.left]
    return evs


def reachable_melds(state: GameState, seat: int) -> list[tuple[int, Meld]]:
    """(id, meld) of the table melds ``seat`` may add to now.

    The answer of ``reducer.meld_within_reach`` for every meld, without building its refusal:
    the playouts ask at every turn, and a refusal (an exception with its reason and its rule's
    citation) cost more than the rest of the question. tests/test_fast_paths.py checks that the
    two agree on every position of every sample and conformance log.
    """
    rules = state.rules
    if rules is None or not state.melds:
        return []
    partner = state.partner(seat)
    if partner is None or rules.partner_melds == "never" or (
            rules.partner_melds == "after_own_meld" and not state.opened[seat]):
        return [(m.id, m.meld) for m in state.melds if m.owner == seat]
    return [(m.id, m.meld) for m in state.melds if m.owner == seat or m.owner == partner]


def reachable_melds_plain(state: GameState, seat: int) -> list[tuple[int, Meld]]:
    """:func:`reachable_melds` asked of the reducer, meld by meld (the reference it must match)."""
    out = []
    for m in state.melds:
        try:
            meld_within_reach(state, seat, m.id)
        except IllegalMoveError:
            continue
        out.append((m.id, m.meld))
    return out


def could_go_out(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]) -> bool:
    """A cheap necessary condition for :func:`solver.go_out` (which costs milliseconds).

    Going out leaves at most one card, so at most one card of the hand may be a
    stray that no way of going out can lay (:func:`solver.strays`), and new melds must
    hold all but one of the cards no table meld could take (:func:`solver.coverable`). Answers are
    remembered: the expert's playouts ask about the same hands and tables again and again.
    """
    return _could_go_out(tuple(sorted(hand, key=card_order)), rules, tuple(table))


@lru_cache(maxsize=1 << 12)
def _go_out(hand: tuple[Card, ...], rules: Ruleset, table: tuple[tuple[int, Meld], ...],
            restricted: tuple[Card, ...]) -> tuple[bool, Partition]:
    return go_out(hand, rules, table, restricted=restricted)


@lru_cache(maxsize=1 << 14)
def _could_go_out(hand: tuple[Card, ...], rules: Ruleset, table: tuple[tuple[int, Meld], ...]) -> bool:
    fits = addable(hand, rules, table)  # asked once for both tests
    return len(strays(hand, rules, table, fits)) <= 1 and coverable(hand, rules, table, fits)


def go_out_plan(state: GameState) -> list[Move] | None:
    """Events that empty the hand of the seat to act this turn, checked by the reducer, or None.

    The solver is told the cards this turn's discard limit holds back, so the
    card it keeps for the last discard is one the seat may throw; the order
    constraints of the rule set it does not know, so its plan is played through
    the reducer before it is trusted.
    """
    rules = state.rules
    if rules is None or state.phase != "meld":
        return None
    seat = state.turn
    hand, table = tuple(sorted(state.hands[seat], key=card_order)), tuple(reachable_melds(state, seat))
    if not _could_go_out(hand, rules, table):  # the pre-test, asked with the same keys
        return None
    out, plan = _go_out(hand, rules, table, tuple(sorted(state.this_turn.restricted, key=card_order)))
    if not out:
        return None
    steps = plan_events(seat, plan)
    s = state
    try:
        for ev in steps:
            s = after(s, ev)
    except IllegalMoveError:
        return None
    return steps if (not s.in_hand and s.went_out == seat) else None


__all__ = ["after", "plan_events", "reachable_melds", "reachable_melds_plain", "could_go_out", "go_out_plan"]
