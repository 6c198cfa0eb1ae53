"""Cards, melds, tables, scores and options drawn as HTML, with their colours and box styles.

Everything shown comes through :func:`esc`: player names, annotation text and
authors are user text, and a hostile name such as ``<img src=x onerror=...>``
must appear as those characters, never as markup. HTML is styled inline (no
``<style>`` block) so it looks the same in JupyterLab, Voila, an ipywidgets
``HTML`` and a saved page. Every element has a stable ``banakil-...`` class
for tests and for anyone restyling the output.

A run of cards (a row of faces, a hand's backs, a meld's cards) is laid down left to right on the table
in any language, so it is drawn with ``dir="ltr"`` on its own element (:data:`CARD_RUN`): in a right-to-left
page it is an isolate that keeps its order, whichever view it ends up in, with no later pass needed to find it.

>>> from banakil_replay.cards import parse_card
>>> 'data-card="QH"' in card_html(parse_card("QH"))
True
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, card_run, parse_card
from ..events import Event
from ..melds import Meld, MeldCheck
from ..play.moves import MOVE_KINDS, Options
from ..play.analysis.stepper import move_match
from ..hand_end import hand_end_input, rules_for
from ..i18n import NP_, _, ngettext, pgettext
from ..reducer import Replay
from ..rules import Ruleset
from ..scoring import score_hand, tidy
from ..state import GameState, TableMeld
from ..learn.topics import RULE_LESSON
from .narrate import (event_text, preview_note, rank_line, refusal_rule_line, rule_line, seat_name, sentence,
                      side_label)
from .theme import (
    BLACK, CARD_BACK_DARK, CARD_BACK_EDGE, CARD_BACK_LIGHT, CARD_EDGE, FAINT, FOCUS, GREEN, JOKER_COLOUR,
    JOKER_FACE, LINE, MUTED, QUIET, RED, TEXT, TEXT_SOFT, WHITE, WILD_BORDER,
)

__all__ = ["RED", "BLACK", "JOKER_COLOUR", "WILD_BORDER", "esc", "card_colour", "face_label", "card_html", "cards_html",
           "back_html",
           "backs_html", "meld_html", "meld_check_html", "annotations_html", "state_html", "score_html", "options_html"]


#: How every run of cards opens its element: left to right, an isolate in right-to-left text (see above).
CARD_RUN = 'dir="ltr" class='


def esc(text: object) -> str:
    """User or engine text made safe for HTML (quotes too, so it may go in attributes)."""
    return html.escape(str(text), quote=True)


# ---------------------------------------------------------------------- cards
_CARD_BOX = ("display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
             "box-sizing:border-box;min-width:2.3em;height:3.1em;margin:2px 1px;padding:0 .2em;"
             f"border-radius:.35em;background:{WHITE};font:600 1em/1.05 system-ui,-apple-system,'Segoe UI',"
             "sans-serif;vertical-align:top;")
_FONT = "font-family:system-ui,-apple-system,'Segoe UI',sans-serif;"
_CAPTION = f"font-size:.62em;font-weight:500;color:{MUTED};white-space:nowrap;"


WIDGET_FONT = _FONT + "line-height:1.35;"  # the widgets' lines of text


def note_html(text: str, cls: str, colour: str = TEXT, *, font: str = _FONT) -> str:
    """One line of plain text (escaped) in the given font."""
    return f'<div class="{cls}" style="{font}color:{colour}">{esc(text)}</div>'


def widget_note(text: str, cls: str, colour: str = TEXT) -> str:
    """One line of plain text (escaped) in the widgets' font: a notice, a refusal, a failure."""
    return note_html(text, cls, colour, font=WIDGET_FONT)


def _card(card: Card | str) -> Card:
    return parse_card(card)


def card_colour(card: Card) -> str:
    """Red for hearts and diamonds, near-black for clubs and spades, purple for a joker."""
    return JOKER_COLOUR if card.is_joker else (RED if card.is_red else BLACK)


def face_label(card: Card) -> str:
    """Face text: rank and suit symbol, and for a joker the sign every sentence uses (``Card.symbol``)."""
    return card.symbol


def card_html(card: Card | str, *, stands_for: Card | str | None = None, caption: str | None = None,
              thirteenth: bool = False) -> str:
    """One card face as an inline HTML box.

    Red for hearts and diamonds, near-black for clubs and spades, purple on
    lavender for a joker; every wild (2 or joker) has a gold border. A wild in
    a meld shows what it stands for underneath (``=Q♠``); ``caption`` puts any
    other short text there (a point value, for instance).
    """
    c = _card(card)
    if stands_for is not None and _card(stands_for) == c:
        stands_for = None  # a 2 in its own place plays as itself: nothing to explain
    colour = card_colour(c)
    background = JOKER_FACE if c.is_joker else WHITE
    border = f"2px solid {WILD_BORDER}" if c.is_wild else f"1px solid {CARD_EDGE}"
    kind = "banakil-joker" if c.is_joker else ("banakil-red" if c.is_red else "banakil-black")
    classes = f"banakil-card {kind}" + (" banakil-wild" if c.is_wild else "")
    name = c.symbol if not c.is_joker else _("joker")
    title = name
    sub = ""
    if stands_for is not None:
        target = _card(stands_for)
        sub = f'<span class="banakil-stands" style="{_CAPTION}">={esc(target.symbol)}</span>'
        title = _("{card} (wild, stands for {target})").format(card=name, target=target.symbol)
    elif thirteenth:
        caption_13 = pgettext("card caption", "13th")
        sub = f'<span class="banakil-stands" style="{_CAPTION}">{esc(caption_13)}</span>'
        title = _("{card} (kept as a 13th card)").format(card=name)
    elif c.is_wild:
        title = _("{card} (wild)").format(card=name)
    if caption is not None:
        sub += f'<span class="banakil-caption" style="{_CAPTION}">{esc(caption)}</span>'
    elif not sub and c.is_joker:  # the sign alone is small: the word says it too
        sub = f'<span class="banakil-caption" style="{_CAPTION}">{esc(name)}</span>'
    style = f"{_CARD_BOX}color:{colour};background:{background};border:{border};"
    return (f'<span class="{classes}" data-card="{esc(c.code)}" title="{esc(title)}" '
            f'aria-label="{esc(title)}" style="{style}"><span>{esc(face_label(c))}</span>{sub}</span>')


def back_html() -> str:
    """One card face down: shows nothing about the card."""
    style = (f"{_CARD_BOX}min-width:1.6em;margin-right:-.9em;border:1px solid {CARD_BACK_EDGE};"
             f"background:repeating-linear-gradient(45deg,{CARD_BACK_DARK} 0 4px,{CARD_BACK_LIGHT} 4px 8px);")
    said = _("face-down card")
    return f'<span class="banakil-card banakil-back" aria-label="{esc(said)}" style="{style}"></span>'


def cards_html(cards: Iterable[Card | str], *, captions: Sequence[str | None] | None = None,
               empty: str | None = None) -> str:
    """A row of card faces (``captions`` optional, one per card; ``empty``: what an empty row says, default *none*)."""
    items = [_card(c) for c in cards]
    if not items:
        empty = pgettext("no cards", "none") if empty is None else empty
        return f'<span {CARD_RUN}"banakil-cards banakil-empty" style="color:{FAINT}">{esc(empty)}</span>'
    caps = list(captions) if captions is not None else [None] * len(items)
    faces = "".join(card_html(c, caption=cap) for c, cap in zip(items, caps))
    return f'<span {CARD_RUN}"banakil-cards" style="display:inline-flex;flex-wrap:wrap">{faces}</span>'


def backs_html(count: int) -> str:
    """A hand seen from another seat: backs and the count, nothing else."""
    shown = "".join(back_html() for _back in range(min(count, 19)))
    said = ngettext("{count} card, face down", "{count} cards, face down", count).format(count=count)
    return (f'<span {CARD_RUN}"banakil-cards banakil-hidden" style="display:inline-flex;align-items:center">'
            f'{shown}<span style="margin-left:1.2em;color:{MUTED}">{esc(said)}</span></span>')


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
    head = f'<span class="banakil-meld-label" style="min-width:9em;color:{TEXT_SOFT}">{esc(label)}</span>' if label else ""
    data = f' data-meld="{table.id}"' if table else ""
    return (f'<div class="banakil-meld banakil-{m.kind}"{data} style="display:flex;align-items:center;'
            f'gap:.5em" title="{esc(card_run(m.describe()))}">{head}<span {CARD_RUN}"banakil-meld-cards" '
            'style="display:inline-flex;flex-wrap:wrap">'
            f'{"".join(faces)}</span></div>')


def meld_check_html(check: MeldCheck) -> str:
    """A meld check's verdict: the layout and wilds when valid, the reason and rule when not."""
    if check.valid and check.meld is not None:
        m = check.meld
        wilds = [_wild_said(m.cards[i], t) for i, t in m.stands_for().items()
                 if t != m.cards[i]]  # a 2 in its own place plays as itself
        said = pgettext("clause separator", "; ").join(wilds)
        extra = f'<div class="banakil-wilds">{esc(said)}</div>' if wilds else ""
        valid = _VALID[m.kind] if m.kind in _VALID else m.kind
        return (f'<div class="banakil-verdict banakil-valid" style="{_FONT}"><b style="color:{GREEN}">'
                f'{esc(pgettext("meld verdict", valid))}</b>{meld_html(m)}{extra}</div>')
    rule = (f'<div class="banakil-rule-line" style="color:{QUIET}">{esc(refusal_rule_line(check.rule, check.source))}'
            "</div>") if check.rule else ""
    not_a_meld = _("Not a meld:")
    return (f'<div class="banakil-verdict banakil-invalid" style="{_FONT}"><b style="color:{RED}">'
            f'{esc(not_a_meld)}</b> {esc(sentence(check.reason or ""))}{rule}</div>')


# the verdict's head for each kind of meld: one whole phrase each, since a language may inflect the kind
_VALID = {"run": NP_("meld verdict", "Valid run"), "set": NP_("meld verdict", "Valid set")}


def _wild_said(card: Card, target: Card | None) -> str:
    """What one wild in a meld stands for, as a clause: ``2♠ stands for 5♥``."""
    if target is None:
        return (_("the joker stands for nothing (a 13th card)") if card.is_joker else
                _("{card} stands for nothing (a 13th card)").format(card=card.symbol))
    if card.is_joker:
        return _("the joker stands for {target}").format(target=target.symbol)
    return _("{card} stands for {target}").format(card=card.symbol, target=target.symbol)


# ----------------------------------------------------------------- the table
def _section(title: str, body: str, cls: str) -> str:
    return (f'<div class="{cls}" style="margin:.4em 0"><div style="font-weight:600;color:{TEXT}">{esc(title)}'
            f'</div>{body}</div>')


def annotations_html(notes: Iterable[Any]) -> str:
    """Notes (anything with ``.text`` and ``.author``) as an escaped list."""
    anonymous = _("anonymous")
    items = [f'<li class="banakil-note"><b>{esc(getattr(n, "author", "") or anonymous)}</b>: '
             f'<span style="white-space:pre-wrap">{esc(n.text)}</span></li>' for n in notes]
    if not items:
        none = _("No notes on this step.")
        return f'<div class="banakil-notes banakil-empty" style="color:{FAINT}">{esc(none)}</div>'
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
    rules = state.rules.name if state.rules else _("no rules yet")
    status = [_("event {seq}").format(seq=state.seq), _("rules: {rules}").format(rules=rules)]
    if state.hand_no:
        status.append(_("hand {hand}").format(hand=state.hand_no))
    if state.in_hand:
        to_play = _("{player} to play (draw)") if state.phase == "draw" else _("{player} to play (meld or discard)")
        status.append(to_play.format(player=seat_name(state, state.turn)))
    elif state.match_over:
        status.append(_("match over"))
    elif state.phase == "over":
        status.append(_("hand over"))
    parts.append(f'<div class="banakil-status" style="color:{TEXT}">{esc(" · ".join(status))}</div>')
    for seat, name in enumerate(state.players):
        hand = state.hands[seat] if seat < len(state.hands) else ()
        hidden = seat_view is not None and seat != seat_view
        body = backs_html(len(hand)) if hidden else cards_html(hand, empty=_("no cards"))
        turn = state.in_hand and seat == state.turn
        where = (ngettext("(seat {seat}, side {side}, {count} card)", "(seat {seat}, side {side}, {count} cards)",
                          len(hand)) if state.n == 4 else
                 ngettext("(seat {seat}, {count} card)", "(seat {seat}, {count} cards)", len(hand)))
        where = where.format(seat=seat, side=state.side(seat) if state.n == 4 else "", count=len(hand))
        tag = " " + _("◀ to play") if turn else ""
        view = " " + _("(you)") if seat_view == seat else ""
        cls = "banakil-seat" + (" banakil-turn" if turn else "") + (" banakil-hidden-seat" if hidden else "")
        border = FOCUS if turn else LINE
        parts.append(
            f'<div class="{cls}" data-seat="{seat}" style="border-left:4px solid {border};padding-left:.5em;'
            f'margin:.35em 0"><div><b>{esc(name)}</b>{esc(view)} <span style="color:{QUIET}">{esc(where)}{esc(tag)}</span>'
            f'</div>{body}</div>')
    if state.melds:
        melds = "".join(meld_html(m, label=_("#{id} {owner}'s {kind}").format(
            id=m.id, owner=seat_name(state, m.owner), kind=pgettext("meld kind", m.meld.kind))) for m in state.melds)
        parts.append(_section(_("Melds on the table"), melds, "banakil-melds"))
    if state.hand_no and (state.in_hand or state.discard):
        top = state.discard[-1:]
        pile = cards_html(state.discard, empty=pgettext("pile", "empty"))
        heading = (_("Discard pile, top card last (top card {card})").format(card=top[0].symbol) if top else
                   _("Discard pile, top card last"))
        parts.append(_section(heading, pile, "banakil-pile"))
        stock = (ngettext("Stock: {count} card, reshuffled {times}×", "Stock: {count} cards, reshuffled {times}×",
                          state.stock_count) if state.reshuffles else
                 ngettext("Stock: {count} card", "Stock: {count} cards", state.stock_count))
        stock = stock.format(count=state.stock_count, times=state.reshuffles)
        parts.append(f'<div class="banakil-stock">{esc(stock)}</div>')
    if state.hand_score is not None and state.phase == "over":
        scores = _scores_said(state, state.hand_score.sides)
        lines = "".join(f"<li>{esc(line)}</li>" for line in state.hand_score.explain)
        parts.append(_section(_("Hand {hand} scores").format(hand=state.hand_no),
                              f"<div>{esc(scores)}</div><ul>{lines}</ul>", "banakil-hand-score"))
    if state.totals and state.rules is not None:
        totals = _scores_said(state, state.totals)
        target = state.rules.target(state.n) if state.n in state.rules.player_counts else None
        winner = side_label(state, state.winner) if state.winner is not None else None
        if target and winner is not None:
            said = _("Totals: {totals} (target {target}); winner {winner}")
        elif target:
            said = _("Totals: {totals} (target {target})")
        elif winner is not None:
            said = _("Totals: {totals}; winner {winner}")
        else:
            said = _("Totals: {totals}")
        said = said.format(totals=totals, target=target, winner=winner)
        parts.append(f'<div class="banakil-totals">{esc(said)}</div>')
    step_notes = list(replay.annotations_at(state.seq)) if replay is not None else []
    step_notes += list(notes)
    if step_notes:
        parts.append(_section(_("Notes on this step"), annotations_html(step_notes), "banakil-step-notes"))
    return (f'<div class="banakil-state" data-seq="{state.seq}" style="font-family:system-ui,sans-serif;'
            f'line-height:1.35">{"".join(parts)}</div>')


def _scores_said(state: GameState, scores: Iterable[float]) -> str:
    """``side 0 (Dana): 40, side 1 (Ravi): -15``: each side and its score, in the reader's list."""
    return pgettext("list separator", ", ").join(_("{side}: {score}").format(side=side_label(state, i), score=tidy(s))
                                                 for i, s in enumerate(scores))


def score_html(state: GameState, rules: Ruleset | str | None = None) -> str:
    """A finished hand scored card by card: each card's points under it, sums, then the arithmetic."""
    rs = rules_for(state, rules)
    hand = hand_end_input(state, rs)
    parts = []
    melded_word, held_word, nothing = _("melded:"), _("in hand:"), pgettext("no cards", "nothing")
    for seat, s in enumerate(hand.seats):
        melded = s.melded_cards or ()
        held = s.in_hand_cards or ()
        credited = _("— credited with {melded}, holding {held}").format(melded=tidy(s.melded), held=tidy(s.in_hand))
        parts.append(
            f'<div class="banakil-seat-score" data-seat="{seat}" style="margin:.4em 0"><b>{esc(seat_name(state, seat))}'
            f'</b> {esc(credited)}<div>{esc(melded_word)} '
            f'{cards_html(melded, captions=[str(tidy(rs.value(c))) for c in melded])}</div><div>{esc(held_word)} '
            f'{cards_html(held, captions=[str(tidy(rs.value(c))) for c in held], empty=nothing)}</div></div>')
    result = score_hand(rs, hand, state.players)
    lines = "".join(f"<li>{esc(line)}</li>" for line in result.explain)
    sides = _scores_said(state, result.sides)
    head = _("Side scores ({rules}):").format(rules=rs.name)
    return (f'<div class="banakil-score" style="font-family:system-ui,sans-serif">{"".join(parts)}'
            f'<ul>{lines}</ul><div><b>{esc(head)}</b> {esc(sides)}</div></div>')


def options_html(opts: Options, state: GameState | None = None, *,
                 chosen: Event | Mapping[str, Any] | None = None, limit: int = 40, refused_limit: int = 40,
                 open_reasons: bool = False, kinds: Sequence[str] | None = None, lesson: int | None = None) -> str:
    """The legal options at a decision (best rank first) and, folded away, the moves not allowed.

    ``opts`` comes from :func:`banakil_replay.play.coach.options.options`. ``chosen``
    (the move actually made, typed or as a mapping) marks the option that matches it.
    ``limit`` and ``refused_limit`` cap the two lists. ``open_reasons`` shows the moves not allowed unfolded, for a page read without
    clicking (a static export); ``kinds`` keeps only those kinds of move (``"discard"`` ...). ``lesson``: the
    course lesson the panel sits in; a rule line or an idea a later lesson teaches is then said to be a preview,
    so the panel never states a rule as taught before its lesson.
    """
    def kept(kind: str) -> bool:
        return kinds is None or kind in kinds

    ranked = sorted((o for o in opts.options if kept(o.kind)),
                    key=lambda o: (o.rank is None, o.rank if o.rank is not None else 0))
    not_allowed = [n for n in opts.not_allowed if kept(MOVE_KINDS[type(n.event)])]
    rows = []
    made, part_made, not_allowed_said = _("← the move made"), _("← part of the move made"), _("Not allowed: {why}")
    for o in ranked[:limit]:
        mark = ""
        match = move_match(o.event, chosen) if chosen is not None else None
        if match == "same":
            mark = f' <b class="banakil-actual" style="color:{GREEN}">{esc(made)}</b>'
        elif match == "part":
            mark = f' <b class="banakil-actual-part" style="color:{GREEN}">{esc(part_made)}</b>'
        rank = f"#{o.rank} " if o.rank is not None else ""
        ranked_by = (f'<br><span class="banakil-why-rank" style="color:{MUTED}">{esc(rank_line(o.rank, o.why_rank))}'
                     "</span>") if o.why_rank else ""
        later = RULE_LESSON.get(o.kind, 0) if lesson is not None else 0
        rule = (f'<br><i class="banakil-rule-line" style="color:{FAINT}">'
                f'{esc(rule_line(o.rule_text, later if later > (lesson or 0) else None))}</i>' if o.rule_text else "")
        rows.append(f'<li class="banakil-option" data-kind="{esc(o.kind)}">'
                    f'<b>{esc(rank)}{esc(event_text(o.event, state))}</b>{mark}'
                    f'<br><span style="color:{TEXT_SOFT}">{esc(o.explain)}</span>{ranked_by}{rule}</li>')
    more = f"<li>{esc(_more(len(ranked) - limit))}</li>" if len(ranked) > limit else ""
    bad = "".join(f'<li class="banakil-not-allowed">{esc(event_text(n.event, state))}<br>'
                  f'<span style="color:{RED}">{esc(not_allowed_said.format(why=sentence(n.why)))}</span>'
                  + (f'<br><i class="banakil-rule-line" style="color:{FAINT}">{esc(refusal_rule_line(n.rule, n.source))}'
                     "</i>" if n.rule else "") + "</li>"
                  for n in not_allowed[:refused_limit])
    bad += f"<li>{esc(_more(len(not_allowed) - refused_limit))}</li>" if len(not_allowed) > refused_limit else ""
    player = seat_name(state, opts.seat)
    head = esc(_("Options for {player} ({phase} phase)").format(player=player, phase=pgettext("phase", opts.phase))
               if opts.phase else _("Options for {player}").format(player=player))
    none = _("No legal move.") if kinds is None else _("No legal move of these kinds ({kinds}).").format(
        kinds=", ".join(kinds))
    body = f'<ol class="banakil-option-list">{"".join(rows)}{more}</ol>' if rows else f"<div>{esc(none)}</div>"
    if kinds is not None and ranked and ranked[0].rank not in (None, 1):
        # a list of some kinds of move starts below #1: say why, or it reads as a list cut at the top
        why = _("The ranks count every legal move; moves of other kinds hold the ranks above #{rank}.").format(
            rank=ranked[0].rank)
        body += f'<div class="banakil-options-note" style="color:{MUTED}">{esc(why)}</div>'
    body += "".join(f'<div class="banakil-options-note" style="color:{MUTED}">{esc(n)}</div>' for n in opts.notes)
    note = preview_note(opts, lesson, kinds)  # said first: the reader meets it before the lines it covers
    pre = f'<div class="banakil-preview-note" style="color:{MUTED};font-style:italic">{esc(note)}</div>' if note else ""
    unfold = " open" if open_reasons else ""
    summary = _("Not allowed here ({count})").format(count=len(not_allowed))
    denied = (f'<details class="banakil-not-allowed-list"{unfold}><summary>{esc(summary)}'
              f'</summary><ul>{bad}</ul></details>') if not_allowed else ""
    return f'<div class="banakil-options"><div style="font-weight:600">{head}</div>{pre}{body}{denied}</div>'


def _more(count: int) -> str:
    """The last line of a cut list: ``… and 3 more``."""
    return _("… and {count} more").format(count=count)
