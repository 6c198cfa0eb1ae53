"""The pieces of the ``play --json`` answer the log itself does not hold (docs/play-protocol.md).

The log leaves a drawn card to the stock and a hand's result to the reducer, so a
client reading only the events would have to work both out. :class:`Teller` folds
each answer's events from the state of the previous answer and tells the seat what
a player at the table knows: the card it just drew, and each hand that ended, with
its scores. :func:`rule_json`, :func:`help_json` and :func:`hint_json` are the
answer's ``rule`` and ``answer`` fields.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from ..cards import Card
from ..endings import ALL_AT_ONCE, STOCK_OUT, WENT_OUT
from ..errors import IllegalMoveError
from ..events import Drew, parse_event
from ..reducer import apply
from ..scoring import tidy
from ..state import GameState
from ..play.session.commands import HELP, command_for
from ..play.moves import Option
from ..play.seatview import event_seen_by
from ..play.session.session import GameSession

__all__ = ["Teller", "drawn", "rule_json", "help_json", "hint_json", "option_order"]

DEAD = "dead hand"  # the stock ran out under a rule set where nobody scores such a hand


class Teller:
    """Follows the game from answer to answer: ``seen`` turns the events written since into what
    ``seat`` is told, and ``hands_ended`` the hands those events ended."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.state = GameState()

    def seen(self, events: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """(the events as the seat sees them, the card it drew named; a summary of each hand that ended)."""
        shown, ended = [], []
        for raw in events:
            before, typed = self.state, parse_event(dict(raw))
            self.state = after = apply(before, typed)
            event = event_seen_by(raw, self.seat)
            if isinstance(typed, Drew) and typed.seat == self.seat and "card" not in event:
                event["card"] = drawn(before, after, self.seat).code
            shown.append(event)
            if len(after.history) > len(before.history) and after.hand_score is not None:
                ended.append(hand_end_json(after, typed.seq))
        return shown, ended


def drawn(before: GameState, after: GameState, seat: int) -> Card:
    """The card ``seat`` drew between the two states: the log leaves it to the stock's order, and the
    one who drew it has it in hand now (the text table and the JSON answer both tell it)."""
    (card,) = (Counter(after.hands[seat]) - Counter(before.hands[seat])).elements()
    return card


def hand_end_json(state: GameState, seq: int) -> dict[str, Any]:
    """A hand at its end: how it ended, each seat's and each side's score, what each seat held, the totals."""
    score = state.hand_score
    assert score is not None
    if score.dead:
        ended = DEAD
    elif state.went_out is None:
        ended = STOCK_OUT
    else:
        ended = ALL_AT_ONCE if state.all_at_once else WENT_OUT
    return {"hand": state.hand_no, "seq": seq, "ended": ended, "went_out": state.went_out,
            "held": [[c.code for c in hand] for hand in state.hands],
            "seats": [tidy(p) for p in score.seats], "sides": list(score.sides),
            "totals": [tidy(t) for t in state.totals], "explain": list(score.explain)}


def rule_json(err: Exception) -> dict[str, Any] | None:
    """The rule a refusal follows: its id (as in the rulebook), title and sources; None for a line not read."""
    if isinstance(err, IllegalMoveError) and err.rule is not None:
        return {"id": err.rule.id, "title": err.rule.title, "source": err.source}
    return None


def option_order(option: Option) -> tuple[bool, int]:
    """Best first: by rank (1 is what the hints rank best); an unranked option last."""
    return (option.rank is None, option.rank or 0)


def help_json() -> list[dict[str, str]]:
    """Every text command: its word, its arguments and what it does."""
    return [{"command": word, "args": args, "does": does} for word, args, does in HELP]


def hint_json(session: GameSession) -> dict[str, Any] | None:
    """The expert's pick (the judge the review grades with) as an option, the command that plays it and
    a sentence; None when it is not the seat's turn."""
    advice = session.advice()
    if advice is None:
        return None
    return {**advice.move.to_json(), "command": command_for(advice.move.event), "words": advice.words()}
