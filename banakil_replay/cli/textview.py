"""Plain-text views of engine state for the terminal (the ``replay`` command).

Player names and annotations are user text: they are printed as they are, never
interpreted, and control characters are replaced so a log cannot drive the
terminal.
"""

from __future__ import annotations

import re

from ..events import Annotated
from ..reducer import Replay
from ..state import GameState

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """User text with terminal control and bidi-override characters made visible."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def cards_text(cards: tuple) -> str:  # type: ignore[type-arg]
    return " ".join(c.symbol for c in cards) or "-"


def state_text(state: GameState, rp: Replay | None = None) -> str:
    """A readable table of hands, melds (with what wilds stand for), pile, stock and scores."""
    lines = []
    rules = state.rules.name if state.rules else "?"
    phase = state.phase if state.phase in ("draw", "meld") else "over"
    lines.append(f"seq {state.seq} | rules {rules} | hand {state.hand_no} | phase {phase}"
                 + (f" | seat {state.turn} to play" if state.in_hand else ""))
    for seat, name in enumerate(state.players):
        hand = state.hands[seat] if seat < len(state.hands) else ()
        marker = ">" if state.in_hand and seat == state.turn else " "
        lines.append(f"{marker} seat {seat} {safe(name)[:40]:<12} ({len(hand):2} cards): {cards_text(hand)}")
    if state.melds:
        lines.append("melds:")
        for m in state.melds:
            lines.append(f"  #{m.id} seat {m.owner} {m.meld.kind}: {m.meld.describe()}")
    lines.append(f"discard pile (top last): {cards_text(state.discard)}")
    lines.append(f"stock: {state.stock_count} cards")
    if state.hand_score is not None:
        lines.append("hand scores: " + ", ".join(str(s) for s in state.hand_score.sides))
        lines.extend(f"  {line}" for line in state.hand_score.explain)
    if state.totals:
        lines.append("totals: " + ", ".join(str(t) for t in state.totals)
                     + (f" | winner: side {state.winner}" if state.winner is not None else ""))
    notes = notes_until(rp, state.seq) if rp is not None else []
    if notes:
        lines.append(f"notes ({len(notes)}):")
        lines.extend(f"  on event {n.at} by {safe(n.author) or 'anonymous'} (seq {n.seq}): {safe(n.text)}"
                     for n in notes)
    return "\n".join(lines)


def notes_until(rp: Replay, seq: int) -> list[Annotated]:
    """The notes written in the log up to and including event ``seq``."""
    return [n for n in rp.annotations if n.seq <= seq]


def counted(n: int, noun: str) -> str:
    """``1 game``, ``3 games``: a count with its noun (English nouns that take an s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
