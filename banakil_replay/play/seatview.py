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

from ..events import Event, HandStarted, parse_event
from ..state import GameState
from .observation import PublicRecord, observe, seen_by

# fields the play table adds to the log's events (docs/event-log.md) that a seat may not see: the
# seeds that shuffled the deck, from which the stock's order follows
_SECRET_EXTRAS = ("seed",)


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
    """A log event's JSON object as ``seat`` may see it (:func:`~.observation.seen_by` says what that
    is): a field the seat may not see is left out, another seat's dealt hand is given as its card
    count, and of the fields the log's reader does not know, the seeds are left out."""
    typed = parse_event(dict(event))
    seen = seen_by(typed, seat)
    hidden = {name for name in typed.__struct_fields__ if getattr(seen, name) != getattr(typed, name)}
    out: dict[str, Any] = {}
    for key, value in event.items():  # the object as written, in its order, less what the seat may not see
        if key in _SECRET_EXTRAS:
            continue
        if key not in hidden:
            out[key] = value
        elif key == "hands" and isinstance(typed, HandStarted):
            out[key] = [hand if i == seat else len(hand) for i, hand in enumerate(value)]
    return out


__all__ = ["state_seen_by", "event_seen_by"]
