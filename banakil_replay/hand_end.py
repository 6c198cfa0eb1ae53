"""What a finished hand's score depends on, read off the state where it ended, under any rule set.

The reducer scores each hand from these inputs, and the notebooks and the review use them to say
what a hand was worth, or would have been worth under another rule set.
"""

from __future__ import annotations

from .cards import CARD_KINDS, Card
from .errors import MalformedInputError
from .i18n import _
from .rules import Ruleset, get_ruleset
from .scoring import HandInput, SeatInput
from .state import GameState


def seat_inputs(state: GameState, rules: Ruleset) -> tuple[SeatInput, ...]:
    """What each seat's hand score depends on, read off the table under ``rules``.

    Credited cards are the seat's meld area, or the cards it laid itself, per
    ``meld_credit``; the reducer scores hands with this, and the notebooks use it
    to rescore a finished hand under another rule set.
    """
    value = _values(rules).__getitem__
    credit: list[list[Card]] = [[] for _ in range(state.n)]  # each seat's credited cards, in table order
    if rules.meld_credit == "meld_area":
        for m in state.melds:
            credit[m.owner] += m.meld.cards
    else:
        for m in state.melds:
            for c, who in zip(m.meld.cards, m.laid_by):
                credit[who].append(c)
    seats = []
    for seat in range(state.n):
        credited, held = tuple(credit[seat]), state.hands[seat]
        seats.append(SeatInput(float(sum(map(value, credited))), float(sum(map(value, held))),
                               state.opened[seat], credited, held, state.had_turn[seat]))
    return tuple(seats)


_VALUES: dict[Ruleset, dict[Card, float]] = {}


def _values(rules: Ruleset) -> dict[Card, float]:
    """``rules.value`` of every card kind, looked up once per rule set (a hand's end sums dozens)."""
    table = _VALUES.get(rules)
    if table is None:
        if len(_VALUES) >= 256:  # many rule sets made on the fly (option sweeps): start afresh
            _VALUES.clear()
        table = _VALUES[rules] = {card: rules.value(card) for card in CARD_KINDS}
    return table


def rules_for(state: GameState, rules: Ruleset | str | None = None) -> Ruleset:
    """``rules`` (a rule set or its name), or by default the rule set in force at ``state``."""
    if rules is not None:
        return get_ruleset(rules)
    if state.rules is None:
        raise MalformedInputError(_("this state has no rule set yet"))
    return state.rules


def hand_end_input(state: GameState, rules: Ruleset | str | None = None) -> HandInput:
    """What a finished hand's score depends on, read off the state where it ended, under any rule set.

    The inputs the reducer scores (:func:`seat_inputs`); scoring them under another
    rule set answers "what would this hand be worth under Kroot?" (the play itself
    is not re-checked under those rules).
    """
    return HandInput(state.n, state.went_out, state.all_at_once, seat_inputs(state, rules_for(state, rules)))
