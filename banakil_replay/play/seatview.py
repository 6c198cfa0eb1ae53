"""What one seat may see of the game: the state and the log's events with the others' secrets left out.

A player sees his own hand, the table, the pile and how many cards everyone
holds; not the other hands, the stock's order, or the seeds that shuffled the
deck (from which the stock's order follows). The ``play --json`` protocol
sends these views, so a program playing a seat sees what a person at the
table would.

>>> seen = event_seen_by({"seq": 1, "type": "hand_started", "hand": 1, "dealer": 1,
...                       "hands": [["3C", "4C"], ["AS", "KS"]], "upcard": "7H", "stock": ["9D"], "seed": 5}, 0)
>>> seen["hands"], "stock" in seen, "seed" in seen
([['3C', '4C'], 2], False, False)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..events import Event
from ..state import GameState
from .observation import PublicRecord, observe

# fields that would show a seat what it may not see, by event type
_SECRET_FIELDS: dict[str, tuple[str, ...]] = {
    "match_started": ("seed",), "hand_started": ("stock", "seed"), "reshuffled": ("stock",),
}


def state_seen_by(state: GameState, seat: int, history: Sequence[Event] | PublicRecord = ()) -> dict[str, Any]:
    """The ``replay --json`` object of the seat's :class:`~.observation.Observation` (the one definition
    of what a seat may know, the bots' too), every other seat's hand given as its card count, and
    ``known``: per seat, the cards it surely holds, read from ``history`` (the log so far, or the
    hand's public record): taken from the pile and not laid or thrown since, or a joker it swapped
    off the table. The seat's own entry is empty: its hand is shown whole."""
    obs = observe(state, seat, history)
    out = obs.public.to_json()
    out["hands"] = [h if i == seat else obs.hand_sizes[i] for i, h in enumerate(out["hands"])]
    out["known"] = [[c.code for c in cards] for cards in obs.known]
    return out


def event_seen_by(event: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """A log event as ``seat`` may see it: the others' dealt hands as counts, no stock order, no seed,
    and no name for a card another seat drew."""
    kind = event.get("type")
    out = {k: v for k, v in event.items() if k not in _SECRET_FIELDS.get(str(kind), ())}
    if kind == "hand_started" and isinstance(out.get("hands"), list):
        out["hands"] = [h if i == seat else len(h) for i, h in enumerate(out["hands"])]
    if kind == "drew" and out.get("seat") != seat:
        out.pop("card", None)
    return out


__all__ = ["state_seen_by", "event_seen_by"]
