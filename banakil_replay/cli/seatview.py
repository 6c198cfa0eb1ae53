"""The table as one seat sees it, in plain text, for the ``play`` command.

Player names are user text and go through :func:`~.textview.safe`, so a log
cannot drive the terminal.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..play.commands import command_for
from ..play.moves import Options
from ..play.session import GameSession, Happening
from ..state import GameState
from .textview import cards_text, safe
from ..seats import seat_name


def _hand_order(card: Card) -> tuple[bool, str, int]:
    # runs are read along a suit, so the hand is grouped by suit, wild cards last
    return (card.is_wild, card.suit, card.rank)


def _name(state: GameState, seat: int) -> str:
    return safe(seat_name(state.players, seat))[:24]


def table_text(session: GameSession, seat: int) -> str:
    """Own hand, the others face down with counts, melds with ids, the pile, stock and scores."""
    state = session.state
    rules = state.rules.name if state.rules else "?"
    if state.in_hand:
        who = "your" if state.turn == seat else f"{_name(state, state.turn)}'s"
        doing = "draw" if state.phase == "draw" else "meld, add, swap or discard"
        head = f"hand {state.hand_no} | {rules} | {who} turn to {doing}"
    else:
        head = f"hand {state.hand_no} | {rules} | " + ("match over" if state.match_over else "between hands")
    lines = [head]
    for s in range(state.n):
        hand = state.hands[s] if s < len(state.hands) else ()
        mark = ">" if state.in_hand and s == state.turn else " "
        if s == seat:
            lines.append(f"{mark} seat {s} {_name(state, s) + ' (you)':<20} {len(hand):2} cards: "
                         f"{cards_text(tuple(sorted(hand, key=_hand_order)))}")
        else:
            lines.append(f"{mark} seat {s} {_name(state, s):<20} {len(hand):2} cards, face down")
    if state.melds:
        lines.append("melds:")
        lines.extend(f"  #{m.id} seat {m.owner} {m.meld.kind}: {m.meld.describe()}" for m in state.melds)
    lines.append(f"pile (top last): {cards_text(state.discard)} | stock: {state.stock_count} cards")
    lines.append("totals: " + ", ".join(f"side {i}: {t:g}" for i, t in enumerate(state.totals))
                 + (f" | target {state.rules.target(state.n)}" if state.rules else ""))
    return "\n".join(lines)


def options_text(opts: Options) -> str:
    """Every legal move, best first, each with the command that plays it."""
    if not opts.options:
        return "no moves: " + ("; ".join(opts.notes) or "it is not your turn")
    ranked = sorted(opts.options, key=lambda o: (o.rank is None, o.rank or 0))
    width = max(len(command_for(o.event)) for o in ranked)
    return "\n".join(f"  {command_for(o.event):<{width}}  {o.explain}" for o in ranked)


def hint_text(session: GameSession) -> str:
    """The expert's pick, the judge the review uses (a fraction of a second), as the command that plays it."""
    advice = session.advice()
    if advice is None:
        return "no hint: it is not your turn"
    return f"hint: {command_for(advice.move.event)}  ({safe(advice.words())})"


def news_text(happened: Iterable[Happening]) -> str:
    """What the bots did, one line each, and how each hand that ended stood at its end."""
    out = []
    for h in happened:
        out.append(f"  {safe(h.text)}")
        if h.ended is not None:
            out.append(hand_end_text(h.ended))
    return "\n".join(out)


def hand_end_text(state: GameState) -> str:
    """A finished hand: what every seat was left holding, and the scoring arithmetic."""
    lines = [f"  hand {state.hand_no} at its end:"]
    lines += [f"    seat {s} {_name(state, s):<20} held {cards_text(h)}" for s, h in enumerate(state.hands)]
    if state.hand_score is not None:
        lines += [f"    {safe(line)}" for line in state.hand_score.explain]
    return "\n".join(lines)


__all__ = ["table_text", "options_text", "hint_text", "news_text", "hand_end_text"]
