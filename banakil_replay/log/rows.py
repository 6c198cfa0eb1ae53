"""A replayed game as table rows, one per hand: the one shape of every hands table.

The bulk replay (:mod:`banakil_replay.log.bulk`, written to Parquet) and the
notebook frames (:func:`banakil_replay.notebook.frames.hands_frame` and
``rescore_frame``) build their rows with :func:`hand_row`, so a query or a
chart written for one table works on the other.

The columns, in :data:`HAND_COLUMNS` order:

``game``
    the game's name (its file name in the bulk replay)
``rules``, ``played_under``
    the rule set the hand is scored under, and the one the game was played
    under (they differ only in a rescored table)
``players``, ``hand``, ``seq``
    the number of players, the hand number, the event that scored the hand
``ended``
    one of :data:`banakil_replay.endings.ENDINGS`: ``went out``, ``all at once``
    (out in one turn with nothing laid before), ``stock ran out``, ``result only``
``went_out``, ``out_player``, ``out_side``
    the seat that went out, its player and side (empty when nobody did)
``dead``
    the stock ran out and the rule set scores such a hand for nobody
``side_0`` .. ``side_3``
    the side scores; empty beyond the number of sides
"""

from __future__ import annotations

from typing import Any

from ..endings import ALL_AT_ONCE, WENT_OUT, HandEnd, hand_ends
from ..reducer import Replay
from ..scoring import HandScore
from ..seats import side_of

__all__ = ["HAND_COLUMNS", "MAX_SIDES", "hand_row", "hand_rows"]

MAX_SIDES = 4  # four players at most, so at most four sides
HAND_COLUMNS = ("game", "rules", "played_under", "players", "hand", "seq", "ended", "went_out", "out_player",
                "out_side", "dead", *(f"side_{i}" for i in range(MAX_SIDES)))


def hand_row(game: str, end: HandEnd, score: HandScore | None = None, rules: str | None = None) -> dict[str, Any]:
    """One hand as a row: as scored in the game, or (``score`` and ``rules``) as scored under another rule set."""
    st = end.state
    played_under = st.rules.name if st.rules else "?"
    if score is None:
        assert st.hand_score is not None  # every hand end is scored
        score = st.hand_score
    out = st.went_out if end.ended in (WENT_OUT, ALL_AT_ONCE) else None
    row: dict[str, Any] = {
        "game": game, "rules": rules or played_under, "played_under": played_under, "players": st.n,
        "hand": st.hand_no, "seq": end.seq, "ended": end.ended, "went_out": out,
        "out_player": st.players[out] if out is not None else None,
        "out_side": side_of(out, st.n) if out is not None else None, "dead": score.dead,
    }
    for i in range(MAX_SIDES):
        row[f"side_{i}"] = float(score.sides[i]) if i < len(score.sides) else None
    return row


def hand_rows(game: str, rp: Replay) -> list[dict[str, Any]]:
    """Every hand of a replayed game as a row (see the module docstring for the columns)."""
    return [hand_row(game, end) for end in hand_ends(rp, game)]
