"""How each hand of a replayed game ended: went out, all at once, stock ran out, or result only.

Tables (log/rows.py, the bulk replay) and charts (notebook/charts.py) group hands by these words;
:func:`hand_ends` finds every hand of a :class:`~.reducer.Replay` at the event that scored it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import HandRecorded, HandScored
from .reducer import Replay
from .state import GameState

# How each hand ended, in the words used by tables and charts.
WENT_OUT = "went out"
ALL_AT_ONCE = "all at once"
STOCK_OUT = "stock ran out"
RESULT_ONLY = "result only"
ENDINGS: tuple[str, ...] = (WENT_OUT, ALL_AT_ONCE, STOCK_OUT, RESULT_ONLY)


@dataclass(frozen=True)
class HandEnd:
    """One hand of a game, as it ended: the event and state where it was scored."""

    game: str
    seq: int
    state: GameState
    ended: str  # one of ENDINGS


def hand_ends(rp: Replay, game: str = "game") -> list[HandEnd]:
    """Every hand of a replay, at the event that scored it, with how it ended."""
    out = []
    recorded = 0
    for ev, st in zip(rp.events, rp.states):
        # a hand has ended exactly when the match history grows (a result-only hand included)
        if len(st.history) > recorded:
            recorded = len(st.history)
            if isinstance(ev, (HandScored, HandRecorded)):  # no cards on the table to score again
                ended = RESULT_ONLY
            elif st.went_out is None:
                ended = STOCK_OUT
            elif st.all_at_once:
                ended = ALL_AT_ONCE
            else:
                ended = WENT_OUT
            out.append(HandEnd(game, ev.seq, st, ended))
    return out


__all__ = ["WENT_OUT", "ALL_AT_ONCE", "STOCK_OUT", "RESULT_ONLY", "ENDINGS", "HandEnd", "hand_ends"]
