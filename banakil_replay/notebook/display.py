"""Notebook display: cards as HTML, events in plain words, pandas tables, altair charts.

This is an edge module. The rules core (cards, rules, melds, scoring, events,
state, reducer) never imports it; it imports pandas and altair only inside the
functions that need them, so ``import banakil_replay.notebook.display`` stays cheap and
works without them.

Everything shown comes through :func:`esc`: player names, annotation text and
authors are user text, and a hostile name such as ``<img src=x onerror=...>``
must appear as those characters, never as markup. HTML is styled inline (no
``<style>`` block) so it looks the same in JupyterLab, Voila, an ipywidgets
``HTML`` and a saved page.

The engine objects get rich display without any change to the core modules:
:func:`show` wraps any of them, and :func:`enable_rich_display` registers HTML
formatters for their types with IPython (by name, so nothing is imported
early).

>>> from banakil_replay.cards import parse_card
>>> 'data-card="QH"' in card_html(parse_card("QH"))
True
>>> event_text({"seq": 2, "type": "drew", "seat": 0, "card": "9H"})
'Seat 0 draws 9♥ from the stock.'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..cards import RANK_CODES, SUIT_SYMBOLS, Card, parse_card
from ..errors import BanakilError, MalformedInputError
from ..events import Event, event_to_json, parse_event
from ..melds import Meld, MeldCheck, analyze_meld
from ..reducer import (  # the hand endings are defined with the reducer; re-exported here
    ALL_AT_ONCE, ENDINGS, RESULT_ONLY, STOCK_OUT, WENT_OUT, HandEnd, Replay, hand_ends, seat_inputs,
)
from ..rules import RULESETS, Ruleset, differences, format_knob, get_ruleset
from ..scoring import HandInput, score_hand, side_of, sides_of, tidy
from ..state import GameState, TableMeld

if TYPE_CHECKING:  # only for annotations: the real imports are lazy
    import altair as alt
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = [
    # HTML
    "esc", "card_html", "cards_html", "back_html", "backs_html", "meld_html", "meld_check_html", "state_html",
    "annotations_html", "options_html", "score_html", "event_text", "same_move", "move_match",
    "show", "show_score", "Rendered", "enable_rich_display", "enable_offline_charts", "setup_notebook",
    # tables
    "load_games", "HandEnd", "hand_end_input", "hand_ends", "events_frame", "hands_frame", "matches_frame",
    "examples_frame", "rules_frame", "rescore_frame", "card_points_frame", "review_frame", "side_points",
    "normalize_hands",
    # charts
    "totals_chart", "points_chart", "endings_chart", "cold_hands_chart", "stock_chart",
]

RED = "#c0392b"
BLACK = "#1f2328"
JOKER_COLOUR = "#6c3483"
WILD_BORDER = "#d4a017"


def esc(text: object) -> str:
    """User or engine text made safe for HTML (quotes too, so it may go in attributes)."""
    return html.escape(str(text), quote=True)


# ---------------------------------------------------------------------- cards
_CARD_BOX = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
             "box-sizing:border-box;min-width:2.3em;height:3.1em;margin:2px 1px;padding:0 .2em;"
             "border-radius:.35em;background:#fff;font:600 1em/1.05 system-ui,-apple-system,'Segoe UI',"
             "sans-serif;vertical-align:top;")
_FONT = "font-family:system-ui,-apple-system,'Segoe UI',sans-serif;"
_CAPTION = "font-size:.62em;font-weight:500;color:#555;white-space:nowrap;"


def _card(card: Card | str) -> Card:
    return parse_card(card)


def _label(card: Card) -> str:
    """Face text: rank and suit symbol, or ``JK`` with a star for a joker."""
    return "★JK" if card.is_joker else RANK_CODES[card.rank] + SUIT_SYMBOLS[card.suit]


def card_html(card: Card | str, *, stands_for: Card | str | None = None, caption: str | None = None,
              thirteenth: bool = False) -> str:
    """One card face as an inline HTML box.

    Red for hearts and diamonds, near-black for clubs and spades, purple on
    lavender for a joker; every wild (2 or joker) has a gold border. A wild in
    a meld shows what it stands for underneath (``=Q♠``); ``caption`` puts any
    other short text there (a point value, for instance).
    """
    c = _card(card)
    colour = JOKER_COLOUR if c.is_joker else (RED if c.is_red else BLACK)
    background = "#f4ecf7" if c.is_joker else "#fff"
    border = f"2px solid {WILD_BORDER}" if c.is_wild else "1px solid #8a8f98"
    kind = "banakil-joker" if c.is_joker else ("banakil-red" if c.is_red else "banakil-black")
    classes = f"banakil-card {kind}" + (" banakil-wild" if c.is_wild else "")
    title = c.symbol if not c.is_joker else "joker"
    sub = ""
    if stands_for is not None:
        target = _card(stands_for)
        sub = f'<span class="banakil-stands" style="{_CAPTION}">={esc(target.symbol)}</span>'
        title += f" (wild, stands for {target.symbol})"
    elif thirteenth:
        sub = f'<span class="banakil-stands" style="{_CAPTION}">13th</span>'
        title += " (kept as a 13th card)"
    elif c.is_wild:
        title += " (wild)"
    if caption is not None:
        sub += f'<span class="banakil-caption" style="{_CAPTION}">{esc(caption)}</span>'
    style = f"{_CARD_BOX}color:{colour};background:{background};border:{border};"
    return (f'<span class="{classes}" data-card="{esc(c.code)}" title="{esc(title)}" '
            f'aria-label="{esc(title)}" style="{style}"><span>{esc(_label(c))}</span>{sub}</span>')


def back_html() -> str:
    """One card face down: shows nothing about the card."""
    style = (f"{_CARD_BOX}min-width:1.6em;margin-right:-.9em;border:1px solid #5b6b8c;"
             "background:repeating-linear-gradient(45deg,#3b5998 0 4px,#6d84b4 4px 8px);")
    return f'<span class="banakil-card banakil-back" aria-label="face-down card" style="{style}"></span>'


def cards_html(cards: Iterable[Card | str], *, captions: Sequence[str | None] | None = None,
               empty: str = "none") -> str:
    """A row of card faces (``captions`` optional, one per card)."""
    items = [_card(c) for c in cards]
    if not items:
        return f'<span class="banakil-cards banakil-empty" style="color:#777">{esc(empty)}</span>'
    caps = list(captions) if captions is not None else [None] * len(items)
    faces = "".join(card_html(c, caption=cap) for c, cap in zip(items, caps))
    return f'<span class="banakil-cards" style="display:inline-flex;flex-wrap:wrap">{faces}</span>'


def backs_html(count: int) -> str:
    """A hand seen from another seat: backs and the count, nothing else."""
    shown = "".join(back_html() for _ in range(min(count, 19)))
    word = "card" if count == 1 else "cards"
    return (f'<span class="banakil-cards banakil-hidden" style="display:inline-flex;align-items:center">'
            f'{shown}<span style="margin-left:1.2em;color:#555">{count} {word}, face down</span></span>')


def meld_html(meld: Meld | TableMeld, *, label: str = "") -> str:
    """A meld laid out in order, each wild showing the card it stands for."""
    table = meld if isinstance(meld, TableMeld) else None
    m = meld.meld if isinstance(meld, TableMeld) else meld
    stands = m.stands_for()
    faces = []
    for i, c in enumerate(m.cards):
        if i in stands:
            target = stands[i]
            faces.append(card_html(c, stands_for=target, thirteenth=target is None))
        else:
            faces.append(card_html(c))
    head = f'<span class="banakil-meld-label" style="min-width:9em;color:#444">{esc(label)}</span>' if label else ""
    data = f' data-meld="{table.id}"' if table else ""
    return (f'<div class="banakil-meld banakil-{m.kind}"{data} style="display:flex;align-items:center;'
            f'gap:.5em" title="{esc(m.describe())}">{head}<span style="display:inline-flex;flex-wrap:wrap">'
            f'{"".join(faces)}</span></div>')


def meld_check_html(check: MeldCheck) -> str:
    """A meld check's verdict: the layout and wilds when valid, the reason and rule when not."""
    if check.valid and check.meld is not None:
        m = check.meld
        wilds = [f"{'the joker' if m.cards[i].is_joker else m.cards[i].symbol} stands for "
                 f"{t.symbol if t else 'nothing (a 13th card)'}" for i, t in m.stands_for().items()]
        extra = f'<div class="banakil-wilds">{esc("; ".join(wilds))}</div>' if wilds else ""
        return (f'<div class="banakil-verdict banakil-valid" style="{_FONT}"><b style="color:#1e7e34">Valid '
                f'{esc(m.kind)}</b>{meld_html(m)}{extra}</div>')
    rule = f' <span style="color:#666">(rule: {esc(check.rule.title)}; {esc(check.source)})</span>' if check.rule else ""
    return (f'<div class="banakil-verdict banakil-invalid" style="{_FONT}"><b style="color:{RED}">Not a meld:</b> '
            f'{esc(check.reason or "")}{rule}</div>')


# ----------------------------------------------------------------- the table
def _name(state: GameState | None, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    if state is not None and 0 <= seat < len(state.players):
        return state.players[seat]
    return f"seat {seat}"


def _side_label(state: GameState, side: int) -> str:
    members = sides_of(state.n)[side] if state.n else (side,)
    return f"side {side} (" + " & ".join(_name(state, s) for s in members) + ")"


def _section(title: str, body: str, cls: str) -> str:
    return (f'<div class="{cls}" style="margin:.4em 0"><div style="font-weight:600;color:#333">{esc(title)}'
            f'</div>{body}</div>')


def annotations_html(notes: Iterable[Any]) -> str:
    """Notes (anything with ``.text`` and ``.author``) as an escaped list."""
    items = [f'<li class="banakil-note"><b>{esc(getattr(n, "author", "") or "anonymous")}</b>: '
             f'<span style="white-space:pre-wrap">{esc(n.text)}</span></li>' for n in notes]
    if not items:
        return '<div class="banakil-notes banakil-empty" style="color:#777">No notes on this step.</div>'
    return f'<ul class="banakil-notes" style="margin:.2em 0">{"".join(items)}</ul>'


def state_html(state: GameState, replay: Replay | None = None, seat_view: int | None = None,
               *, notes: Iterable[Any] = ()) -> str:
    """The whole table after one event, drawn with cards.

    Each seat's hand (with ``seat_view`` set, every other hand is shown face
    down as backs and a count, so nothing is spoiled), the melds with what each
    wild stands for, the discard pile (top card last), the stock count, the
    hand's scores with the arithmetic, the running totals, and the notes on
    this step (from ``replay`` and ``notes``).
    """
    parts: list[str] = []
    rules = state.rules.name if state.rules else "no rules yet"
    status = [f"event {state.seq}", f"rules: {rules}"]
    if state.hand_no:
        status.append(f"hand {state.hand_no}")
    if state.in_hand:
        status.append(f"{_name(state, state.turn)} to play ({'draw' if state.phase == 'draw' else 'meld or discard'})")
    elif state.match_over:
        status.append("match over")
    elif state.phase == "over":
        status.append("hand over")
    parts.append(f'<div class="banakil-status" style="color:#333">{esc(" · ".join(status))}</div>')
    for seat, name in enumerate(state.players):
        hand = state.hands[seat] if seat < len(state.hands) else ()
        hidden = seat_view is not None and seat != seat_view
        body = backs_html(len(hand)) if hidden else cards_html(hand, empty="no cards")
        turn = state.in_hand and seat == state.turn
        side = f", side {state.side(seat)}" if state.n == 4 else ""
        tag = " ◀ to play" if turn else ""
        view = " (you)" if seat_view == seat else ""
        cls = "banakil-seat" + (" banakil-turn" if turn else "") + (" banakil-hidden-seat" if hidden else "")
        border = "#3b82f6" if turn else "#ddd"
        parts.append(
            f'<div class="{cls}" data-seat="{seat}" style="border-left:4px solid {border};padding-left:.5em;'
            f'margin:.35em 0"><div><b>{esc(name)}</b>{esc(view)} <span style="color:#666">(seat {seat}{side}, '
            f'{len(hand)} card{"s" if len(hand) != 1 else ""}){esc(tag)}</span></div>{body}</div>')
    if state.melds:
        melds = "".join(meld_html(m, label=f"#{m.id} {_name(state, m.owner)}'s {m.meld.kind}") for m in state.melds)
        parts.append(_section("Melds on the table", melds, "banakil-melds"))
    if state.hand_no and (state.in_hand or state.discard):
        top = state.discard[-1:]
        pile = cards_html(state.discard, empty="empty")
        note = f" (top card {top[0].symbol})" if top else ""
        parts.append(_section(f"Discard pile, top card last{note}", pile, "banakil-pile"))
        plural = "s" if state.stock_count != 1 else ""
        parts.append(f'<div class="banakil-stock">Stock: {state.stock_count} card{plural}'
                     + (f", reshuffled {state.reshuffles}×" if state.reshuffles else "") + "</div>")
    if state.hand_score is not None and state.phase == "over":
        scores = ", ".join(f"{_side_label(state, i)}: {tidy(s)}" for i, s in enumerate(state.hand_score.sides))
        lines = "".join(f"<li>{esc(line)}</li>" for line in state.hand_score.explain)
        parts.append(_section(f"Hand {state.hand_no} scores", f"<div>{esc(scores)}</div><ul>{lines}</ul>",
                              "banakil-hand-score"))
    if state.totals and state.rules is not None:
        totals = ", ".join(f"{_side_label(state, i)}: {tidy(t)}" for i, t in enumerate(state.totals))
        target = state.rules.target(state.n) if state.n in state.rules.player_counts else None
        extra = f" (target {target})" if target else ""
        if state.winner is not None:
            extra += f"; winner {_side_label(state, state.winner)}"
        parts.append(f'<div class="banakil-totals">Totals: {esc(totals + extra)}</div>')
    step_notes = list(replay.annotations_at(state.seq)) if replay is not None else []
    step_notes += list(notes)
    if step_notes:
        parts.append(_section("Notes on this step", annotations_html(step_notes), "banakil-step-notes"))
    return (f'<div class="banakil-state" data-seq="{state.seq}" style="font-family:system-ui,sans-serif;'
            f'line-height:1.35">{"".join(parts)}</div>')


def score_html(state: GameState, rules: Ruleset | str | None = None) -> str:
    """A finished hand scored card by card: each card's points under it, sums, then the arithmetic."""
    rs = _rules_of(state, rules)
    hand = hand_end_input(state, rs)
    parts = []
    for seat, s in enumerate(hand.seats):
        melded = s.melded_cards or ()
        held = s.in_hand_cards or ()
        parts.append(
            f'<div class="banakil-seat-score" data-seat="{seat}" style="margin:.4em 0"><b>{esc(_name(state, seat))}'
            f'</b> — credited with {tidy(s.melded)}, holding {tidy(s.in_hand)}<div>melded: '
            f'{cards_html(melded, captions=[str(tidy(rs.value(c))) for c in melded])}</div><div>in hand: '
            f'{cards_html(held, captions=[str(tidy(rs.value(c))) for c in held], empty="nothing")}</div></div>')
    result = score_hand(rs, hand)
    lines = "".join(f"<li>{esc(line)}</li>" for line in result.explain)
    sides = ", ".join(f"{_side_label(state, i)}: {tidy(v)}" for i, v in enumerate(result.sides))
    return (f'<div class="banakil-score" style="font-family:system-ui,sans-serif">{"".join(parts)}'
            f'<ul>{lines}</ul><div><b>Side scores ({esc(rs.name)}):</b> {esc(sides)}</div></div>')


# -------------------------------------------------------------------- events
def _event_dict(event: Event | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(event, Mapping):
        return dict(event)
    return event_to_json(event)


def _sym(code: Any) -> str:
    try:
        return parse_card(code).symbol
    except (BanakilError, TypeError):
        return str(code)


def _syms(codes: Any) -> str:
    if not isinstance(codes, (list, tuple)):
        return "?"
    return " ".join(_sym(c) for c in codes)


def _rules_or_none(state: GameState | None) -> Ruleset | None:
    return state.rules if state is not None else None


def event_text(event: Event | Mapping[str, Any], state: GameState | None = None, *,
               seat_view: int | None = None) -> str:
    """An event in plain words for a newcomer (plain text: escape it before putting it in HTML).

    ``state`` supplies player names and the rule set. When it is the state
    right after the event (same seq), the text also says how the hand ended.
    With ``seat_view`` set, a card another seat draws from the stock is not
    named, as at a real table.
    """
    ev = _event_dict(event)
    kind = ev.get("type")
    seat = ev.get("seat")
    who = _name(state, seat) if isinstance(seat, int) else "Someone"
    if state is None and isinstance(seat, int):
        who = f"Seat {seat}"
    rules = _rules_or_none(state)
    after = state is not None and state.seq == ev.get("seq")
    text: str
    if kind == "match_started":
        players = ev.get("players") or []
        names = " and ".join([", ".join(str(p) for p in players[:-1]), str(players[-1])] if len(players) > 1
                             else [str(p) for p in players])
        try:
            title = get_ruleset(ev.get("rules") or "classic").title
        except BanakilError:
            title = str(ev.get("rules"))
        text = f"A new match begins: {names} play under {title}."
        if len(players) == 4:
            text += f" Partners sit opposite: {players[0]} & {players[2]} against {players[1]} & {players[3]}."
    elif kind == "hand_started":
        n = len(ev.get("hands") or [])
        dealer = ev.get("dealer", 0)
        first = (dealer + 1) % n if n else 0
        text = f"Hand {ev.get('hand')} is dealt by {_name(state, dealer)}. "
        # the counts come from the deal itself, not from what the rules usually deal
        sizes = [len(h) if isinstance(h, (list, tuple)) else 0 for h in (ev.get("hands") or [])]
        others = sorted({k for i, k in enumerate(sizes) if i != first})
        rest = " or ".join(map(str, others)) if others else "none"
        if ev.get("upcard"):
            each = (f"Everyone gets {sizes[0]} cards" if len(set(sizes)) == 1
                    else f"The hands hold {', '.join(map(str, sizes)) or 'no'} cards")
            text += (f"{each} and {_sym(ev['upcard'])} is turned up to start the discard pile. "
                     f"{_name(state, first)} plays first.")
        else:
            text += (f"{_name(state, first)} gets {sizes[first] if first < len(sizes) else '?'} cards and starts "
                     f"without drawing (melding and discarding straight away); the others get {rest}.")
    elif kind == "drew":
        card = ev.get("card")
        if card is None or (seat_view is not None and seat != seat_view):
            text = f"{who} draws a card from the stock."
        else:
            text = f"{who} draws {_sym(card)} from the stock."
    elif kind == "took":
        count = ev.get("count", 1)
        cards = f" ({_syms(ev['cards'])})" if ev.get("cards") else ""
        text = (f"{who} takes the top card{cards} of the discard pile instead of drawing." if count == 1 else
                f"{who} takes the top {count} cards{cards} of the discard pile instead of drawing.")
    elif kind == "melded":
        meld_cards = ev.get("cards") or []
        desc = _syms(meld_cards)
        if rules is not None:
            try:
                check = analyze_meld(meld_cards, rules, ev.get("arrangement"))
                if check.valid and check.meld is not None:
                    desc = f"{check.meld.kind}: {check.meld.describe()}"
            except BanakilError:
                pass
        text = f"{who} lays a new meld, a {desc}." if ":" in desc else f"{who} lays a new meld: {desc}."
    elif kind == "laid_off":
        meld_id = ev.get("meld")
        text = f"{who} adds {_syms(ev.get('cards'))} to meld #{meld_id}"
        target = state.meld_by_id(meld_id) if state is not None and isinstance(meld_id, int) else None
        if target is not None:
            owner = "their own" if target.owner == seat else f"{_name(state, target.owner)}'s"
            text += (f" ({owner} {target.meld.kind}), which is now {target.meld.describe()}." if after else
                     f" ({owner} {target.meld.kind}: {target.meld.describe()}).")
        else:
            text += "."
    elif kind == "joker_swapped":
        text = (f"{who} puts {_sym(ev.get('card'))} in the joker's place in meld #{ev.get('meld')} "
                "and takes the joker into the hand.")
    elif kind == "discarded":
        text = f"{who} discards {_sym(ev.get('card'))}, ending the turn."
    elif kind == "reshuffled":
        text = "The stock is empty: the discard pile, all but its top card, is turned over as a new stock."
    elif kind == "hand_scored":
        scores = ev.get("scores") or []
        text = ("A hand played elsewhere is recorded by its result only: "
                + ", ".join(f"side {i} {tidy(float(s))}" for i, s in enumerate(scores)) + ".")
    elif kind == "annotated":
        author = ev.get("author") or "someone"
        text = f"A note by {author} on event {ev.get('at')}: “{ev.get('text', '')}”"
    elif kind == "match_banked":
        text = "The match is over and banked: the winner is final."
    else:
        text = f"An event of type {kind!r}."
    if after and state is not None and kind in ("melded", "laid_off", "discarded") and state.phase == "over" \
            and state.hand_score is not None:
        if state.went_out is not None:
            text += f" {_name(state, state.went_out)} has no cards left and goes out: the hand is over."
        else:
            text += " The stock has run out: the hand is over."
        if state.match_over and state.winner is not None:
            text += f" The match is won by {_side_label(state, state.winner)}."
    return text


def options_html(opts: Any, state: GameState | None = None, *, chosen: Mapping[str, Any] | None = None,
                 limit: int = 40) -> str:
    """The legal options at a decision (best rank first) and, folded away, the moves not allowed.

    ``opts`` is an ``Options`` from :mod:`banakil_replay.play.options`. ``chosen``
    (an event dict) marks the option that matches the move actually made.
    """
    ranked = sorted(opts.options, key=lambda o: (o.rank is None, o.rank if o.rank is not None else 0))
    rows = []
    for o in ranked[:limit]:
        mark = ""
        match = move_match(o.event, chosen) if chosen is not None else None
        if match == "same":
            mark = ' <b class="banakil-actual" style="color:#1e7e34">← the move made</b>'
        elif match == "part":
            mark = ' <b class="banakil-actual-part" style="color:#1e7e34">← part of the move made</b>'
        rank = f"#{o.rank} " if o.rank is not None else ""
        why_rank = getattr(o, "why_rank", "")
        ranked_by = f' <span style="color:#777">[{esc(why_rank)}]</span>' if why_rank else ""
        rows.append(f'<li class="banakil-option" data-kind="{esc(o.kind)}">'
                    f'<b>{esc(rank)}{esc(event_text(o.event, state))}'
                    f'</b>{ranked_by}{mark}<br><span style="color:#444">{esc(o.explain)}</span>'
                    f'{f" <i style=color:#777>({esc(o.rule_text)})</i>" if o.rule_text else ""}</li>')
    more = f"<li>… and {len(ranked) - limit} more</li>" if len(ranked) > limit else ""
    bad = "".join(f'<li class="banakil-not-allowed">{esc(event_text(n.event, state))}<br>'
                  f'<span style="color:{RED}">{esc(n.why)}</span>'
                  f'{f" <i style=color:#777>(rule: {esc(n.rule.title)}; {esc(n.source)})</i>" if n.rule else ""}</li>'
                  for n in opts.not_allowed[:limit])
    seat = getattr(opts, "seat", None)
    phase = getattr(opts, "phase", None)
    head = f"Options for {esc(_name(state, seat))}" + (f" ({esc(phase)} phase)" if phase else "")
    body = f'<ol class="banakil-option-list">{"".join(rows)}{more}</ol>' if rows else "<div>No legal move.</div>"
    notes = getattr(opts, "notes", ())
    if notes:
        body += "".join(f'<div class="banakil-options-note" style="color:#555">{esc(n)}</div>' for n in notes)
    denied = (f'<details class="banakil-not-allowed-list"><summary>Not allowed here ({len(opts.not_allowed)})</summary>'
              f'<ul>{bad}</ul></details>') if opts.not_allowed else ""
    return f'<div class="banakil-options"><div style="font-weight:600">{head}</div>{body}{denied}</div>'


def _cards_key(value: Any) -> Any:
    """Cards compared as a multiset of canonical codes, so order and spelling do not matter."""
    if isinstance(value, (list, tuple)):
        try:
            return tuple(sorted(parse_card(c).code for c in value))
        except (BanakilError, TypeError):
            return tuple(value)
    if isinstance(value, str):
        try:
            return parse_card(value).code
        except BanakilError:
            return value
    return value


def move_match(option_event: Event | Mapping[str, Any], actual: Event | Mapping[str, Any]) -> str | None:
    """``"same"`` when the option is the move made, ``"part"`` when it is part of it, else None.

    "Part": the options list lays off one card at a time, while a log may add
    several cards to a meld in one event; a single-card lay-off of one of
    those cards onto the same meld is part of that move.
    """
    if same_move(option_event, actual):
        return "same"
    act, opt = _event_dict(actual), _event_dict(option_event)
    if opt.get("type") != act.get("type") or opt.get("type") not in ("laid_off", "melded"):
        return None
    if any(opt.get(k) != act.get(k) for k in ("seat", "meld")):
        return None
    mine, theirs = _cards_key(opt.get("cards") or []), list(_cards_key(act.get("cards") or []))
    for card in mine:
        if card not in theirs:
            return None
        theirs.remove(card)
    return "part" if mine else None


def same_move(option_event: Event | Mapping[str, Any], actual: Event | Mapping[str, Any]) -> bool:
    """Whether an option describes the move made: every field the option names agrees.

    An option may leave fields out (a draw from the stock does not know the
    card); cards compare as multisets; ``seq`` and ``arrangement`` are ignored.
    """
    from ..play.moves import move_key

    return move_key(_typed(option_event)) == move_key(_typed(actual))


def _typed(event: Event | Mapping[str, Any]) -> Event:
    """A user's dict read as the typed event it describes (its seq does not matter for moves)."""
    if not isinstance(event, Mapping):
        return event
    return parse_event({**event, "seq": 0})


# ---------------------------------------------------------------- rich display
@dataclass(frozen=True)
class Rendered:
    """HTML with a plain-text fallback, as Jupyter wants it (``show(x)`` returns one)."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html, "text/plain": self.text}

    def __str__(self) -> str:
        return self.text


def _html_for(obj: Any, seat_view: int | None = None) -> str:
    if isinstance(obj, Card):
        return card_html(obj)
    if isinstance(obj, (Meld, TableMeld)):
        return meld_html(obj)
    if isinstance(obj, MeldCheck):
        return meld_check_html(obj)
    if isinstance(obj, GameState):
        return state_html(obj, seat_view=seat_view)
    if isinstance(obj, Replay):
        return state_html(obj.final, obj, seat_view)
    if hasattr(obj, "options") and hasattr(obj, "not_allowed"):
        return options_html(obj)
    if isinstance(obj, str) or (isinstance(obj, Iterable) and not isinstance(obj, Mapping)):
        return cards_html(list(obj) if not isinstance(obj, str) else obj.replace(",", " ").split())
    return f"<pre>{esc(repr(obj))}</pre>"


def show_score(state: GameState, rules: Ruleset | str | None = None) -> Rendered:
    """A finished hand scored card by card (:func:`score_html`), ready to display."""
    try:
        return Rendered(score_html(state, rules), "\n".join(score_hand(_rules_of(state, rules),
                                                                       hand_end_input(state, rules)).explain))
    except Exception as e:  # noqa: BLE001 - a display must never raise into the notebook
        return Rendered(f'<pre class="banakil-error">cannot score this state: {esc(e)}</pre>', str(e))


def show(obj: Any, seat_view: int | None = None) -> Rendered:
    """Any engine object (card, card list or codes, meld, meld check, state, replay, options) as HTML.

    Never raises: a failure shows as escaped text, so a display cannot break a notebook.
    """
    text = repr(obj)
    try:
        return Rendered(_html_for(obj, seat_view), text)
    except Exception as e:  # noqa: BLE001 - a display must never raise into the notebook
        return Rendered(f'<pre class="banakil-error">{esc(text)}\n(display failed: {esc(e)})</pre>', text)


_RICH_TYPES: tuple[tuple[str, str], ...] = (
    ("banakil_replay.cards", "Card"), ("banakil_replay.melds", "Meld"), ("banakil_replay.melds", "MeldCheck"),
    ("banakil_replay.state", "TableMeld"), ("banakil_replay.state", "GameState"),
    ("banakil_replay.reducer", "Replay"),
)


def enable_rich_display() -> bool:
    """Register HTML formatters for the engine's types with IPython (no core module changes).

    Afterwards a cell ending in a Card, Meld, GameState or Replay draws it with
    cards. Returns False outside IPython.
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    ip = get_ipython()
    if ip is None:
        return False
    formatter = ip.display_formatter.formatters["text/html"]
    for module, name in _RICH_TYPES:
        formatter.for_type_by_name(module, name, lambda obj: show(obj).html)
    return True


def enable_offline_charts() -> str:
    """Draw altair charts as static SVG, rendered in the kernel by vl-convert-python: no internet.

    altair's default renderer fetches vega from a CDN, so with no internet a
    chart shows an error. The ``svg`` renderer needs no JavaScript at all and
    keeps a chart to tens of kilobytes (the ``html`` renderer with
    ``template='inline'`` embeds ~900 KB of JavaScript per chart). The price
    is no tooltips or zoom. Returns the renderer name.
    """
    import altair as alt

    alt.renderers.enable("svg")
    return "svg"


def setup_notebook() -> None:
    """What every tutorial notebook runs first: offline charts and cards drawn as cards."""
    enable_offline_charts()
    enable_rich_display()


# -------------------------------------------------------------------- games
def load_games(folder: str | Path | Sequence[str | Path],
               pattern: str = "*.jsonl") -> tuple[dict[str, Replay], dict[str, str]]:
    """Replay every log in a folder (not its subfolders), or in several: ``(games, problems)`` by name.

    Names are file names, prefixed with the folder's name when several folders
    are given. Annotation sidecars (``*.notes.jsonl``) are not games and are
    skipped. A log that does not read or replay goes into ``problems`` with its
    reason, and so does a folder that does not exist, so one bad file does not
    hide the others.
    """
    from ..reducer import replay
    from ..log.store import read_events

    folders = [Path(folder)] if isinstance(folder, (str, Path)) else [Path(f) for f in folder]
    games: dict[str, Replay] = {}
    problems: dict[str, str] = {}
    for where in folders:
        prefix = f"{where.name}/" if len(folders) > 1 else ""
        if not where.is_dir():
            problems[prefix or str(where)] = f"no such folder: {where}"
            continue
        for path in sorted(where.glob(pattern)):
            if path.name.endswith(".notes.jsonl") or not path.is_file():
                continue
            try:
                games[prefix + path.name] = replay(read_events(path))
            except (BanakilError, OSError) as e:
                problems[prefix + path.name] = str(e)
    return games, problems


def _named(replays: Mapping[str, Replay] | Iterable[Replay] | Replay) -> list[tuple[str, Replay]]:
    if isinstance(replays, Replay):
        return [("game", replays)]
    if isinstance(replays, Mapping):
        return list(replays.items())
    return [(f"game {i + 1}", rp) for i, rp in enumerate(replays)]


def _rules_of(state: GameState, rules: Ruleset | str | None) -> Ruleset:
    if rules is None:
        if state.rules is None:
            raise MalformedInputError("this state has no rule set yet")
        return state.rules
    return get_ruleset(rules)


def hand_end_input(state: GameState, rules: Ruleset | str | None = None) -> HandInput:
    """What a finished hand's score depends on, read off the state where it ended, under any rule set.

    The same inputs the reducer scores (:func:`reducer.seat_inputs`). Scoring them
    under another rule set answers "what would this hand be worth under Kroot?"
    (the play itself is not re-checked under those rules).
    """
    return HandInput(state.n, state.went_out, state.all_at_once, seat_inputs(state, _rules_of(state, rules)))


def _pd() -> Any:
    import pandas as pd

    return pd


def events_frame(replay: Replay) -> "pd.DataFrame":
    """One row per event: what happened in words, and where the game stood after it."""
    pd = _pd()
    rows = []
    for ev, st in zip(replay.events, replay.states):
        seat = getattr(ev, "seat", None)
        rows.append({
            "seq": ev.seq, "type": ev.type, "seat": seat,
            "player": _name(st, seat) if seat is not None else None,
            "hand": st.hand_no, "description": event_text(ev, st),
            "phase": st.phase, "to_play": _name(st, st.turn) if st.in_hand else None,
            "stock": st.stock_count, "pile": len(st.discard),
            "notes": len(replay.annotations_at(ev.seq)),
        })
    return pd.DataFrame(rows, columns=["seq", "type", "seat", "player", "hand", "description", "phase",
                                       "to_play", "stock", "pile", "notes"]).set_index("seq")


def _hand_row(game: str, rules: str, end: HandEnd, sides: Sequence[float], played_under: str) -> dict[str, Any]:
    st = end.state
    out = st.went_out if end.ended in (WENT_OUT, ALL_AT_ONCE) else None
    row: dict[str, Any] = {
        "game": game, "rules": rules, "played_under": played_under, "players": st.n, "hand": st.hand_no,
        "seq": end.seq, "ended": end.ended, "went_out": out,
        "out_player": _name(st, out) if out is not None else None,
        "out_side": side_of(out, st.n) if out is not None else None,
    }
    for i in range(4):
        row[f"side_{i}"] = float(sides[i]) if i < len(sides) else None
    return row


_HAND_COLUMNS = ["game", "rules", "played_under", "players", "hand", "seq", "ended", "went_out", "out_player",
                 "out_side", "side_0", "side_1", "side_2", "side_3"]


def hands_frame(replays: Mapping[str, Replay] | Iterable[Replay] | Replay) -> "pd.DataFrame":
    """One row per hand: game, rule set, hand number, how it ended, the side scores.

    ``ended`` is ``went out``, ``all at once`` (out in one turn with nothing
    laid before), ``stock ran out`` or ``result only`` (a ``hand_scored``
    entry). ``side_2``/``side_3`` are empty below three and four sides.
    """
    pd = _pd()
    rows = []
    for game, rp in _named(replays):
        for end in hand_ends(rp, game):
            rules = end.state.rules.name if end.state.rules else "?"
            assert end.state.hand_score is not None
            rows.append(_hand_row(game, rules, end, end.state.hand_score.sides, rules))
    return pd.DataFrame(rows, columns=_HAND_COLUMNS)


def rescore_frame(replays: Mapping[str, Replay] | Iterable[Replay] | Replay,
                  rule_sets: Sequence[str | Ruleset] = tuple(RULESETS)) -> "pd.DataFrame":
    """Every played-out hand scored again under each rule set (same columns as :func:`hands_frame`).

    ``rules`` is the rule set scored under, ``played_under`` the game's own.
    A rule set not played by the game's number of players is left out (Jawaker
    and ERAM are four-player games); a hand recorded by its result only has no
    cards to rescore and is left out too.
    """
    pd = _pd()
    sets = [get_ruleset(r) for r in rule_sets]
    rows = []
    for game, rp in _named(replays):
        for end in hand_ends(rp, game):
            if end.ended == RESULT_ONLY:
                continue
            own = end.state.rules.name if end.state.rules else "?"
            for rs in sets:
                if end.state.n not in rs.player_counts:
                    continue
                score = score_hand(rs, hand_end_input(end.state, rs))
                rows.append(_hand_row(game, rs.name, end, score.sides, own))
    return pd.DataFrame(rows, columns=_HAND_COLUMNS)


def matches_frame(replays: Mapping[str, Replay] | Iterable[Replay] | Replay) -> "pd.DataFrame":
    """One row per game log: rule set, players, hands, totals, target, winner."""
    pd = _pd()
    rows = []
    for game, rp in _named(replays):
        st = rp.final
        rules = st.rules
        row: dict[str, Any] = {
            "game": game, "rules": rules.name if rules else None, "players": " / ".join(st.players),
            "n_players": st.n, "hands": len(st.history),
            "target": rules.target(st.n) if rules and st.n in rules.player_counts else None,
            "over": st.match_over, "banked": st.banked,
            "winner": _side_label(st, st.winner) if st.winner is not None else None,
            "events": len(rp), "notes": len(rp.annotations),
        }
        for i in range(4):
            row[f"total_{i}"] = float(st.totals[i]) if i < len(st.totals) else None
        rows.append(row)
    return pd.DataFrame(rows)


def examples_frame() -> "pd.DataFrame":
    """Every worked example of the rule sources, recomputed: stated vs computed and the verdict."""
    from ..examples import check_all

    pd = _pd()
    cols = ["id", "source", "case", "stated", "computed", "verdict", "explanation"]
    return pd.DataFrame([{k: getattr(r, k) for k in cols} for r in check_all()], columns=cols)


def rules_frame(names: Sequence[str] = tuple(RULESETS)) -> "pd.DataFrame":
    """The rule knobs on which the presets differ, one row per knob, with the sources."""
    pd = _pd()
    rows = [{k: (format_knob(v) if k != "knob" else v) for k, v in row.items()} for row in differences(tuple(names))]
    return pd.DataFrame(rows, columns=["knob", *names, "source"]).set_index("knob")


def card_points_frame(state: GameState, rules: Ruleset | str | None = None) -> "pd.DataFrame":
    """A finished hand card by card: each seat's credited and held cards with their points."""
    pd = _pd()
    rs = _rules_of(state, rules)
    hand = hand_end_input(state, rs)
    rows = []
    for seat, s in enumerate(hand.seats):
        for where, cards in (("melded", s.melded_cards or ()), ("in hand", s.in_hand_cards or ())):
            for c in cards:
                rows.append({"seat": seat, "player": _name(state, seat), "where": where, "card": c.symbol,
                             "points": rs.value(c)})
    return pd.DataFrame(rows, columns=["seat", "player", "where", "card", "points"])


def review_frame(verdicts: Iterable[Any], replay: Replay | None = None) -> "pd.DataFrame":
    """Review verdicts (``banakil_replay.play.review``) as a table: the move in words, the verdict, the better move."""
    pd = _pd()
    rows = []
    for v in verdicts:
        state = replay.states[v.seq] if replay is not None and 0 <= v.seq < len(replay) else None
        before = replay.states[v.seq - 1] if replay is not None and 0 < v.seq <= len(replay) else None
        better = getattr(v, "better", None)
        rows.append({"seq": v.seq, "player": _name(state, v.seat), "played": event_text(v.played, before),
                     "verdict": v.verdict, "better": event_text(better, before) if better else None,
                     "why": getattr(v, "why", "")})
    return pd.DataFrame(rows, columns=["seq", "player", "played", "verdict", "better", "why"]).set_index("seq")


# ------------------------------------------------------------------- charts
def _alt() -> Any:
    import altair as alt

    return alt


def normalize_hands(hands: "pd.DataFrame") -> "pd.DataFrame":
    """A hands table in :func:`hands_frame`'s shape, also from the bulk replay's tables.

    :mod:`banakil_replay.log.bulk` (many logs, Parquet) names the game ``file``,
    the side scores ``side0``.., and keeps "all at once" as a separate flag;
    the charts take either.
    """
    if "game" in hands.columns and "side_0" in hands.columns:
        return hands
    pd = _pd()
    out = hands.rename(columns={"file": "game", **{f"side{i}": f"side_{i}" for i in range(4)}}).copy()
    if "all_at_once" in out.columns:
        out["ended"] = [ALL_AT_ONCE if (e == WENT_OUT and bool(a)) else e
                        for e, a in zip(out["ended"], out["all_at_once"])]
    if "out_side" not in out.columns:
        out["out_side"] = [None if w is None or pd.isna(w) else side_of(int(w), int(n))
                           for w, n in zip(out["went_out"], out["players"])]
    for i in range(4):
        if f"side_{i}" not in out.columns:
            out[f"side_{i}"] = None
    return out


def side_points(hands: "pd.DataFrame", *, across_games: bool = False) -> "pd.DataFrame":
    """Long form of a hands table: one row per hand and side, with the running total.

    Running totals restart with each game and rule set; ``across_games`` chains
    the games in table order into one long evening (hands renumbered 1, 2, ...).
    """
    pd = _pd()
    hands = normalize_hands(hands)
    rows = []
    order: dict[tuple[str, str], int] = {}
    for _, r in hands.iterrows():
        for i in range(4):
            value = r.get(f"side_{i}")
            if value is None or pd.isna(value):
                continue
            key = ("evening" if across_games else r["game"], r["rules"])
            if i == 0:
                order[key] = order.get(key, 0) + 1
            rows.append({"game": r["game"], "rules": r["rules"], "hand": order[key] if across_games else r["hand"],
                         "side": f"side {i}", "points": float(value), "ended": r["ended"]})
    long = pd.DataFrame(rows, columns=["game", "rules", "hand", "side", "points", "ended"])
    group = ["rules", "side"] if across_games else ["game", "rules", "side"]
    long["total"] = long.groupby(group, sort=False)["points"].cumsum() if len(long) else []
    return long


def totals_chart(hands: "pd.DataFrame", *, across_games: bool = False, title: str = "Running totals") -> "alt.Chart":
    """Running totals per rule set: one line per rule set and side, hand by hand."""
    alt_ = _alt()
    data = side_points(hands, across_games=across_games)
    lines: dict[str, Any] = {} if across_games else {"detail": "game:N"}  # one line per game, unless chained
    # the points drawn on the lines blank out a dash legend, so the subtitle says which is which
    sides = sorted(data["side"].unique()) if len(data) else []
    key = ", ".join(f"{side}: {style}" for side, style in zip(sides, ("solid", "dashed", "dotted", "dash-dot")))
    chart: alt.Chart = alt_.Chart(data, title=alt_.TitleParams(title, subtitle=key)).mark_line(point=True).encode(
        x=alt_.X("hand:O", title="hand in the evening" if across_games else "hand"),
        y=alt_.Y("total:Q", title="running total"),
        color=alt_.Color("rules:N", title="rule set"),
        strokeDash=alt_.StrokeDash("side:N", title="side", legend=None,
                                   scale=alt_.Scale(range=[[1, 0], [6, 3], [2, 2], [6, 2, 2, 2]])),
        tooltip=["game:N", "rules:N", "side:N", "hand:O", "points:Q", "total:Q"],
        **lines,
    ).properties(width=360, height=240)
    return chart


def points_chart(hands: "pd.DataFrame", *, title: str = "Points per hand") -> "alt.Chart":
    """Points each side scored per hand, by rule set (one dot per hand and side)."""
    alt_ = _alt()
    data = side_points(hands)
    chart: alt.Chart = alt_.Chart(data, title=title).mark_circle(size=70, opacity=0.8).encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("points:Q", title="side points in the hand"),
        color=alt_.Color("side:N", title="side"),
        tooltip=["game:N", "rules:N", "hand:O", "side:N", "points:Q", "ended:N"],
    ).properties(width=300, height=240)
    return chart


def endings_chart(hands: "pd.DataFrame", *, title: str = "How hands end") -> "alt.Chart":
    """How many hands ended each way (went out, all at once, stock ran out, result only), by rule set."""
    alt_ = _alt()
    data = normalize_hands(hands)[["game", "rules", "hand", "ended"]].copy()
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("count():Q", title="hands"),
        color=alt_.Color("ended:N", title="ended", scale=alt_.Scale(domain=list(ENDINGS))),
        tooltip=["rules:N", "ended:N", "count():Q"],
    ).properties(width=300, height=240)
    return chart


def cold_hands_chart(hands: "pd.DataFrame", *, title: str = "What a cold hand is worth") -> "alt.Chart":
    """The side score of the side that went out all at once (a cold hand, dhamoon), by rule set."""
    alt_ = _alt()
    pd = _pd()
    rows = []
    hands = normalize_hands(hands)
    for _, r in hands[hands["ended"] == ALL_AT_ONCE].iterrows():
        side = int(r["out_side"])
        rows.append({"game": r["game"], "rules": r["rules"], "hand": r["hand"], "value": float(r[f"side_{side}"])})
    data = pd.DataFrame(rows, columns=["game", "rules", "hand", "value"])
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("mean(value):Q", title="side score (mean over cold hands)"),
        tooltip=["rules:N", alt_.Tooltip("mean(value):Q", title="mean"), alt_.Tooltip("count():Q", title="hands")],
    ).properties(width=300, height=240)
    return chart


def stock_chart(hands: "pd.DataFrame", *, title: str = "How often the stock runs out") -> "alt.Chart":
    """The share of each rule set's hands that ended with the stock empty."""
    alt_ = _alt()
    pd = _pd()
    rows = []
    for rules, group in normalize_hands(hands).groupby("rules", sort=True):
        out = int((group["ended"] == STOCK_OUT).sum())
        rows.append({"rules": rules, "hands": len(group), "stock_ran_out": out, "share": out / len(group)})
    data = pd.DataFrame(rows, columns=["rules", "hands", "stock_ran_out", "share"])
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("share:Q", title="share of hands", axis=alt_.Axis(format="%"), scale=alt_.Scale(domain=[0, 1])),
        tooltip=["rules:N", "hands:Q", "stock_ran_out:Q", alt_.Tooltip("share:Q", format=".0%")],
    ).properties(width=300, height=240)
    return chart
