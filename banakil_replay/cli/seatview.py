"""The table as one seat sees it, in plain text, for the ``play`` command.

Player names are user text and go through :func:`~.textview.safe`, so a log
cannot drive the terminal.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card, card_run
from ..play.session.commands import command_for
from ..play.moves import Options
from ..play.session.session import GameSession, Happening
from ..state import GameState
from .textview import cards_text, safe
from ..seats import seat_name
from ..i18n import _, ngettext, pgettext


def _hand_order(card: Card) -> tuple[bool, str, int]:
    # runs are read along a suit, so the hand is grouped by suit, wild cards last
    return (card.is_wild, card.suit, card.rank)


def _name(state: GameState, seat: int) -> str:
    return safe(seat_name(state.players, seat))[:24]


def table_text(session: GameSession, seat: int) -> str:
    """Own hand, the others face down with counts, melds with ids, the pile, stock and scores."""
    state = session.state
    rules = state.rules.name if state.rules else "?"
    fields = {"hand": state.hand_no, "rules": rules}
    if state.in_hand:
        mine = state.turn == seat
        if state.phase == "draw":
            head = (_("hand {hand} | {rules} | your turn to draw") if mine else
                    _("hand {hand} | {rules} | {player}'s turn to draw"))
        else:
            head = (_("hand {hand} | {rules} | your turn to meld, add, swap or discard") if mine else
                    _("hand {hand} | {rules} | {player}'s turn to meld, add, swap or discard"))
        head = head.format(player=_name(state, state.turn), **fields)
    else:
        head = (_("hand {hand} | {rules} | match over") if state.match_over else
                _("hand {hand} | {rules} | between hands")).format(**fields)
    lines = [head]
    for s in range(state.n):
        hand = state.hands[s] if s < len(state.hands) else ()
        mark = ">" if state.in_hand and s == state.turn else " "
        if s == seat:
            you = _("{player} (you)").format(player=_name(state, s))
            lines.append(_("{mark} seat {seat} {player} {count} cards: {cards}").format(
                mark=mark, seat=s, player=f"{you:<20}", count=f"{len(hand):2}",
                cards=cards_text(tuple(sorted(hand, key=_hand_order)))))
        else:
            lines.append(_("{mark} seat {seat} {player} {count} cards, face down").format(
                mark=mark, seat=s, player=f"{_name(state, s):<20}", count=f"{len(hand):2}"))
    if state.melds:
        lines.append(_("melds:"))
        lines.extend("  " + _("#{id} seat {seat} {kind}: {meld}").format(
            id=m.id, seat=m.owner, kind=pgettext("meld kind", m.meld.kind), meld=card_run(m.meld.describe()))
            for m in state.melds)
    lines.append(ngettext("pile (top last): {cards} | stock: {count} card",
                          "pile (top last): {cards} | stock: {count} cards", state.stock_count).format(
        cards=cards_text(state.discard), count=state.stock_count))
    totals = _("totals: {sides}").format(sides=pgettext("list separator", ", ").join(
        _("side {side}: {total}").format(side=i, total=f"{t:g}") for i, t in enumerate(state.totals)))
    if state.rules:
        totals = _("{line} | target {target}").format(line=totals, target=state.rules.target(state.n))
    lines.append(totals)
    return "\n".join(lines)


def options_text(opts: Options) -> str:
    """Every legal move, best first, each with the command that plays it."""
    if not opts.options:
        return _("no moves: {why}").format(why="; ".join(opts.notes) or _("it is not your turn"))
    ranked = sorted(opts.options, key=lambda o: (o.rank is None, o.rank or 0))
    width = max(len(command_for(o.event)) for o in ranked)
    return "\n".join(f"  {command_for(o.event):<{width}}  {o.explain}" for o in ranked)


def hint_text(session: GameSession) -> str:
    """The expert's pick, the judge the review uses (a fraction of a second), as the command that plays it."""
    advice = session.advice()
    if advice is None:
        return _("no hint: it is not your turn")
    return _("hint: {command}  ({why})").format(command=command_for(advice.move.event), why=safe(advice.words()))


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
    lines = ["  " + _("hand {hand} at its end:").format(hand=state.hand_no)]
    lines += ["    " + _("seat {seat} {player} held {cards}").format(seat=s, player=f"{_name(state, s):<20}",
                                                                    cards=cards_text(h))
              for s, h in enumerate(state.hands)]
    if state.hand_score is not None:
        lines += [f"    {safe(line)}" for line in state.hand_score.explain]
    return "\n".join(lines)


__all__ = ["table_text", "options_text", "hint_text", "news_text", "hand_end_text"]
