"""Events in plain words, and the names of seats and sides.

:func:`event_text` looks the event's type up in :data:`TELLERS`, one small
function per type (as the reducer's ``HANDLERS`` has one per type), so the
words for one kind of event are found, and changed, in one place. It takes a
typed event or a mapping (an option's event may name only some fields: a draw
from the stock does not know the card). The text is plain: escape it before
putting it in HTML.

>>> event_text({"seq": 2, "type": "drew", "seat": 0, "card": "9H"})
'Seat 0 draws 9♥ from the stock.'
>>> event_text({"type": "discarded", "seat": 1, "card": "QS"})
'Seat 1 discards Q♠, ending the turn.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..cards import parse_card
from ..errors import BanakilError
from ..events import Event, event_to_json
from ..learn.topics import previewed
from ..melds import analyze_meld
from ..play.moves import MOVE_KINDS, Options
from ..play.rule_text import rule_sentence
from ..reducer import Replay
from ..rules import get_ruleset
from ..scoring import sides_of, tidy
from ..state import GameState
from ..seats import first_to_play, seat_name as name_of_seat

__all__ = ["event_text", "moments", "options_text", "preview_note", "event_dict", "seat_name", "side_label", "card_symbol",
           "TELLERS", "rule_line", "refusal_rule_line", "rank_line"]


def seat_name(state: GameState | None, seat: int | None) -> str:
    """The player at ``seat`` (``seat 2`` without a state, ``nobody`` for no seat)."""
    return "nobody" if seat is None else name_of_seat(state.players if state is not None else (), seat)


def side_label(state: GameState, side: int) -> str:
    """``side 0 (Dana & Nadia)``: a side and its players."""
    members = sides_of(state.n)[side] if state.n else (side,)
    return f"side {side} (" + " & ".join(seat_name(state, s) for s in members) + ")"


def event_dict(event: Event | Mapping[str, Any]) -> dict[str, Any]:
    """An event's fields as a dict, from a typed event or a mapping."""
    if isinstance(event, Mapping):
        return dict(event)
    return event_to_json(event)


def card_symbol(code: Any) -> str:
    """``9♥`` for ``9H``; anything that is not a card is shown as it is."""
    try:
        return parse_card(code).symbol
    except (BanakilError, TypeError):
        return str(code)


def _symbols(codes: Any) -> str:
    if not isinstance(codes, (list, tuple)):
        return "?"
    return " ".join(card_symbol(c) for c in codes)


@dataclass(frozen=True)
class Telling:
    """What a sentence about one event may use."""

    ev: dict[str, Any]  # the event's fields
    state: GameState | None  # names and the rule set; the state right after the event when ``after``
    who: str  # the acting player's name
    seat_view: int | None  # the seat whose view this is (None: every hand open)
    after: bool

    @property
    def seat(self) -> Any:
        return self.ev.get("seat")


def _match_started(t: Telling) -> str:
    players = [str(p) for p in t.ev.get("players") or []]
    names = " and ".join([", ".join(players[:-1]), players[-1]] if len(players) > 1 else players)
    try:
        title = get_ruleset(t.ev.get("rules") or "classic").title
    except BanakilError:
        title = str(t.ev.get("rules"))
    text = f"A new match begins: {names} play under {title}."
    if len(players) == 4:
        text += f" Partners sit opposite: {players[0]} & {players[2]} against {players[1]} & {players[3]}."
    return text


def _hand_started(t: Telling) -> str:
    hands = t.ev.get("hands") or []
    dealer = t.ev.get("dealer", 0)
    first = first_to_play(dealer, len(hands)) if hands else 0
    text = f"Hand {t.ev.get('hand')} is dealt by {seat_name(t.state, dealer)}. "
    # the counts come from the deal itself, not from what the rules usually deal
    sizes = [len(h) if isinstance(h, (list, tuple)) else 0 for h in hands]
    if t.ev.get("upcard"):
        each = (f"Everyone gets {sizes[0]} cards" if len(set(sizes)) == 1
                else f"The hands hold {', '.join(map(str, sizes)) or 'no'} cards")
        return text + (f"{each} and {card_symbol(t.ev['upcard'])} is turned up to start the discard pile. "
                       f"{seat_name(t.state, first)} plays first.")
    others = sorted({k for i, k in enumerate(sizes) if i != first})
    rest = " or ".join(map(str, others)) if others else "none"
    return text + (f"{seat_name(t.state, first)} gets {sizes[first] if first < len(sizes) else '?'} cards and "
                   f"starts without drawing (melding and discarding straight away); the others get {rest}.")


def _drew(t: Telling) -> str:
    card = t.ev.get("card")
    if card is None or (t.seat_view is not None and t.seat != t.seat_view):
        return f"{t.who} draws a card from the stock."
    return f"{t.who} draws {card_symbol(card)} from the stock."


def _took(t: Telling) -> str:
    count = t.ev.get("count", 1)
    cards = f" ({_symbols(t.ev['cards'])})" if t.ev.get("cards") else ""
    if count == 1:
        return f"{t.who} takes the top card{cards} of the discard pile instead of drawing."
    return f"{t.who} takes the top {count} cards{cards} of the discard pile instead of drawing."


def _melded(t: Telling) -> str:
    cards = t.ev.get("cards") or []
    rules = t.state.rules if t.state is not None else None
    if rules is not None:
        try:
            check = analyze_meld(cards, rules, t.ev.get("arrangement"))
            if check.valid and check.meld is not None:
                return f"{t.who} lays a new meld, a {check.meld.kind}: {check.meld.describe()}."
        except BanakilError:
            pass
    return f"{t.who} lays a new meld: {_symbols(cards)}."


def _laid_off(t: Telling) -> str:
    meld_id = t.ev.get("meld")
    text = f"{t.who} adds {_symbols(t.ev.get('cards'))} to meld #{meld_id}"
    target = t.state.meld_by_id(meld_id) if t.state is not None and isinstance(meld_id, int) else None
    if target is None:
        return text + "."
    owner = "their own" if target.owner == t.seat else f"{seat_name(t.state, target.owner)}'s"
    if t.after:
        return text + f" ({owner} {target.meld.kind}), which is now {target.meld.describe()}."
    return text + f" ({owner} {target.meld.kind}: {target.meld.describe()})."


def _joker_swapped(t: Telling) -> str:
    return (f"{t.who} puts {card_symbol(t.ev.get('card'))} in the joker's place in meld #{t.ev.get('meld')} "
            "and takes the joker into the hand.")


def _hand_scored(t: Telling) -> str:
    scores = t.ev.get("scores") or []
    return ("A hand played elsewhere is recorded by its result only: "
            + ", ".join(f"side {i} {tidy(float(s))}" for i, s in enumerate(scores)) + ".")


def _hand_recorded(t: Telling) -> str:
    """A hand scored from its inputs (a score sheet): said with the scores when the state after it is known."""
    text = "A hand played at the table is recorded by what each seat melded and held"
    score = t.state.hand_score if t.after and t.state is not None else None
    if score is not None:
        text += ": " + ", ".join(f"side {i} {tidy(float(s))}" for i, s in enumerate(score.sides))
    return text + "."


def _annotated(t: Telling) -> str:
    author = t.ev.get("author") or "someone"
    return f"A note by {author} on event {t.ev.get('at')}: “{t.ev.get('text', '')}”"


#: One function per event type, keyed by the type's name in the log.
TELLERS: dict[str, Callable[[Telling], str]] = {
    "match_started": _match_started,
    "hand_started": _hand_started,
    "drew": _drew,
    "took": _took,
    "melded": _melded,
    "laid_off": _laid_off,
    "joker_swapped": _joker_swapped,
    "hand_recorded": _hand_recorded,
    "discarded": lambda t: f"{t.who} discards {card_symbol(t.ev.get('card'))}, ending the turn.",
    "reshuffled": lambda t: ("The stock is empty: the discard pile, all but its top card, is turned over "
                             "as a new stock."),
    "hand_scored": _hand_scored,
    "annotated": _annotated,
    "match_banked": lambda t: "The match is over and banked: the winner is final.",
}

_ENDS_A_HAND = ("melded", "laid_off", "discarded")


def _how_it_ended(t: Telling) -> str:
    """After the move that ended a hand: who went out (or that the stock ran out), and any match winner."""
    state = t.state
    if not t.after or state is None or t.ev.get("type") not in _ENDS_A_HAND or state.phase != "over" \
            or state.hand_score is None:
        return ""
    if state.went_out is not None:
        text = f" {seat_name(state, state.went_out)} has no cards left and goes out: the hand is over."
    else:
        text = " The stock has run out: the hand is over."
    if state.match_over and state.winner is not None:
        text += f" The match is won by {side_label(state, state.winner)}."
    return text


def event_text(event: Event | Mapping[str, Any], state: GameState | None = None, *,
               seat_view: int | None = None) -> str:
    """An event in plain words for a newcomer (plain text: escape it before putting it in HTML).

    ``state`` supplies player names and the rule set. When it is the state
    right after the event (same seq), the text also says how the hand ended.
    With ``seat_view`` set, a card another seat draws from the stock is not
    named, as at a real table.
    """
    ev = event_dict(event)
    seat = ev.get("seat")
    if isinstance(seat, int):
        who = name_of_seat(state.players if state is not None else (), seat, capital=True)
    else:
        who = "Someone"
    telling = Telling(ev, state, who, seat_view, state is not None and state.seq == ev.get("seq"))
    teller = TELLERS.get(str(ev.get("type")))
    text = teller(telling) if teller is not None else f"An event of type {ev.get('type')!r}."
    return text + _how_it_ended(telling)


def moments(replay: Replay) -> Callable[[int], str]:
    """Event number -> that event in words, told with the state right after it ("" outside the log).

    For the notes exports: ``export_notes(notes, path, moments(replay))``.
    """
    def moment(seq: int) -> str:
        return event_text(replay.events[seq], replay.states[seq]) if 0 <= seq < len(replay) else ""

    return moment


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (the engine's reasons have no final stop)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def rule_line(rule_text: str, taught_in: int | None = None) -> str:
    """An option's rule as a sentence: ``Rule: A run or a set ... at most [000 (Play), 004 (runs, sets)].``
    ``taught_in``: the later lesson that teaches it, said so when the panel sits in an earlier lesson."""
    head = "Rule" if taught_in is None else f"Rule (a preview: lesson {taught_in} teaches it)"
    return f"{head}: {sentence(rule_sentence(rule_text))}"


def preview_note(opts: Options, lesson: int | None, kinds: Sequence[str] | None = None) -> str:
    """The line that says what a panel shown in ``lesson`` previews from later lessons ("" if nothing)."""
    if lesson is None:
        return ""
    shown = [o for o in opts.options if kinds is None or o.kind in kinds]
    later = previewed(lesson, {o.kind for o in shown if o.rule_text}, [o.explain + " " + o.why_rank for o in shown])
    return ("Previewed here, taught in a later lesson: " + "; ".join(later) + ".") if later else ""


def refusal_rule_line(title: str, source: str) -> str:
    """The rule a refusal names: ``Rule: own and partner melds only [000 (Play), 004 (melding)].``"""
    return f"Rule: {sentence(title + (f' [{source}]' if source else ''))}"


def rank_line(rank: int | None, why: str) -> str:
    """Why an option is ranked where it is, as a sentence: ``Ranked #2: 8 points melded.``"""
    if rank is None:
        return sentence(why) if why else ""
    return f"Ranked #{rank}" + (f": {sentence(why)}" if why else ".")


def options_text(opts: Options, state: GameState | None = None, *, kinds: Sequence[str] | None = None,
                 limit: int = 40, refused_limit: int = 40, lesson: int | None = None) -> str:
    """The options panel in plain lines: each legal move with why, then each move not allowed with the rule.

    The text a page without HTML shows (a terminal, a plain-text export) for
    what :func:`~banakil_replay.notebook.html.options_html` draws (``lesson``: see there).
    """
    ranked = sorted((o for o in opts.options if kinds is None or o.kind in kinds),
                    key=lambda o: (o.rank is None, o.rank if o.rank is not None else 0))
    banned = [n for n in opts.not_allowed if kinds is None or MOVE_KINDS[type(n.event)] in kinds]
    lines = [f"Options for {seat_name(state, opts.seat)}" + (f" ({opts.phase} phase):" if opts.phase else ":")]
    if note := preview_note(opts, lesson, kinds):
        lines.append(f"  ({note})")
    for o in ranked[:limit]:
        rank = f"#{o.rank} " if o.rank is not None else ""
        lines.append(f"  {rank}{event_text(o.event, state)} {o.explain}")
        if o.why_rank:
            lines.append(f"    {rank_line(o.rank, o.why_rank)}")
    if len(ranked) > limit:
        lines.append(f"  ... and {len(ranked) - limit} more")
    if not ranked:
        lines.append("  No legal move." if kinds is None else f"  No legal move of these kinds ({', '.join(kinds)}).")
    lines += [f"  ({note})" for note in opts.notes]
    if banned:
        lines.append(f"Not allowed here ({len(banned)}):")
        for n in banned[:refused_limit]:
            rule = f" {refusal_rule_line(n.rule.title, n.source)}" if n.rule else ""
            lines.append(f"  {event_text(n.event, state)} No: {sentence(n.why)}{rule}")
    return "\n".join(lines)
