"""Plain-text views of engine state for the terminal (the ``replay`` command).

Player names and annotations are user text: they are printed as they are, never
interpreted, and control characters are replaced so a log cannot drive the
terminal.
"""

from __future__ import annotations

import re

from ..cards import card_run
from ..events import Annotated
from ..reducer import Replay
from ..state import GameState
from ..i18n import LRI, PDI, _, ngettext, pgettext

_CONTROLS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
# a closed isolate with no control inside (how card_run holds cards in a right-to-left sentence) reorders
# nothing outside itself, so it may stay; a lone or nested mark, an override or an embedding may not
_CONTROL = re.compile(f"({LRI}[^{_CONTROLS}\n]*{PDI})|[{_CONTROLS}]")


def safe(text: str) -> str:
    """User text with terminal control and bidi-override characters made visible.

    A sentence said in Arabic holds its card runs in closed left-to-right isolates
    (:func:`~..cards.card_run`): those are kept, so a hint or the news can pass through here whole.
    """
    return _CONTROL.sub(lambda m: m.group(1) or f"\\u{ord(m.group()):04x}", text)


def cards_text(cards: tuple) -> str:  # type: ignore[type-arg]
    """A run of cards for a line of the table; isolated left to right in a right-to-left language."""
    return card_run(cards) or "-"


def state_text(state: GameState, rp: Replay | None = None) -> str:
    """A readable table of hands, melds (with what wilds stand for), pile, stock and scores."""
    lines = []
    rules = state.rules.name if state.rules else "?"
    phase = state.phase if state.phase in ("draw", "meld") else "over"
    head = _("seq {seq} | rules {rules} | hand {hand} | phase {phase}").format(
        seq=state.seq, rules=rules, hand=state.hand_no, phase=pgettext("phase", phase))
    if state.in_hand:
        head = _("{line} | seat {seat} to play").format(line=head, seat=state.turn)
    lines.append(head)
    for seat, name in enumerate(state.players):
        hand = state.hands[seat] if seat < len(state.hands) else ()
        marker = ">" if state.in_hand and seat == state.turn else " "
        lines.append(_("{mark} seat {seat} {player} ({count} cards): {cards}").format(
            mark=marker, seat=seat, player=f"{safe(name)[:40]:<12}", count=f"{len(hand):2}", cards=cards_text(hand)))
    if state.melds:
        lines.append(_("melds:"))
        for m in state.melds:
            lines.append("  " + _("#{id} seat {seat} {kind}: {meld}").format(
                id=m.id, seat=m.owner, kind=pgettext("meld kind", m.meld.kind), meld=card_run(m.meld.describe())))
    lines.append(_("discard pile (top last): {cards}").format(cards=cards_text(state.discard)))
    lines.append(ngettext("stock: {count} card", "stock: {count} cards", state.stock_count).format(
        count=state.stock_count))
    comma = pgettext("list separator", ", ")
    if state.hand_score is not None:
        lines.append(_("hand scores: {scores}").format(scores=comma.join(str(s) for s in state.hand_score.sides)))
        lines.extend(f"  {line}" for line in state.hand_score.explain)
    if state.totals:
        totals = _("totals: {totals}").format(totals=comma.join(str(t) for t in state.totals))
        if state.winner is not None:
            totals = _("{line} | winner: side {side}").format(line=totals, side=state.winner)
        lines.append(totals)
    notes = notes_until(rp, state.seq) if rp is not None else []
    if notes:
        lines.append(_("notes ({count}):").format(count=len(notes)))
        lines.extend("  " + _("on event {at} by {author} (seq {seq}): {text}").format(
            at=n.at, author=safe(n.author) or _("anonymous"), seq=n.seq, text=_indented(safe(n.text))) for n in notes)
    return "\n".join(lines)


def _indented(text: str) -> str:
    # a note may run to several lines; indented under its own, none can pass for another note or the table's
    return text.replace("\n", "\n    ")


def notes_until(rp: Replay, seq: int) -> list[Annotated]:
    """The notes written in the log up to and including event ``seq``."""
    return [n for n in rp.annotations if n.seq <= seq]


def counted(n: int, noun: str) -> str:
    """``1 game``, ``3 games``: a count with its noun (English nouns that take an s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
