"""Events in plain words, and the names of seats and sides.

:func:`event_text` looks the event's class up in :data:`TELLERS`, one small
function per event class (as the reducer's ``HANDLERS`` has one per class), so
the words for one kind of event are found, and changed, in one place; a test
checks every event class has one. It takes a typed event, or the log's JSON
object of one, which it reads into a typed event first. The text is plain:
escape it before putting it in HTML.

>>> event_text({"seq": 2, "type": "drew", "seat": 0, "card": "9H"})
'Seat 0 draws 9♥ from the stock.'
>>> event_text({"type": "discarded", "seat": 1, "card": "QS"})
'Seat 1 discards Q♠, ending the turn.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..cards import card_run
from ..citation_words import said as said_citation
from ..errors import BanakilError
from ..events import (Annotated, Discarded, Drew, Event, HandRecorded, HandScored, HandStarted, HandStruck, JokerSwapped,
                      LaidOff, MatchBanked, MatchStarted, Melded, Reshuffled, Took, parse_event)
from ..i18n import N_, NP_, _, ngettext, pgettext
from ..learn.topics import previewed
from ..melds import analyze_meld
from ..play.moves import MOVE_KINDS, Options
from ..play.rule_text import rule_sentence
from ..reducer import Replay
from ..rulebook import Rule
from ..rulebook_words import ruleset_title, title as rule_title
from ..rules import get_ruleset
from ..scoring import tidy
from ..state import GameState
from ..seats import first_to_play, seat_name as name_of_seat, sides_of

__all__ = ["event_text", "moments", "options_text", "preview_note", "seat_name", "side_label", "Telling", "TELLERS",
           "rule_line", "refusal_rule_line", "rank_line"]


def seat_name(state: GameState | None, seat: int | None) -> str:
    """The player at ``seat`` (``seat 2`` without a state, ``nobody`` for no seat)."""
    return _("nobody") if seat is None else name_of_seat(state.players if state is not None else (), seat)


def side_label(state: GameState, side: int) -> str:
    """``side 0 (Dana & Nadia)``: a side and its players."""
    members = sides_of(state.n)[side] if state.n else (side,)
    return _("side {side} ({players})").format(side=side, players=" & ".join(seat_name(state, s) for s in members))


def _listed(items: Sequence[str], last_joined_by: str = "and") -> str:
    """``a, b and c`` (or ``a or b``) in the reader's words: the separator and the last link are the catalog's."""
    if len(items) < 2:
        return "".join(items)
    head = pgettext("list separator", ", ").join(items[:-1])
    if last_joined_by == "or":
        return _("{items} or {last}").format(items=head, last=items[-1])
    return _("{items} and {last}").format(items=head, last=items[-1])


_KINDS = (NP_("meld kind", "run"), NP_("meld kind", "set"))  # marked for the catalog: said through _kind
# the turn's phases, as an options list names them (marked for the catalog: said through pgettext)
_PHASES = (NP_("phase", "setup"), NP_("phase", "draw"), NP_("phase", "meld"), NP_("phase", "over"))


def _kind(kind: str) -> str:
    """A meld's kind (``run``, ``set``) as the reader's word."""
    return pgettext("meld kind", kind)


@dataclass(frozen=True)
class Telling:
    """What a sentence about one event may use, besides the event itself."""

    state: GameState | None  # names and the rule set; the state right after the event when ``after``
    who: str  # the acting player's name
    seat_view: int | None  # the seat whose view this is (None: every hand open)
    after: bool


E = TypeVar("E", bound=Event)
#: One function per event class: (what may be used, the event) -> the sentence.
TELLERS: dict[type, Callable[[Telling, Any], str]] = {}


def _tells(cls: type[E]) -> Callable[[Callable[[Telling, E], str]], Callable[[Telling, E], str]]:
    def register(teller: Callable[[Telling, E], str]) -> Callable[[Telling, E], str]:
        TELLERS[cls] = teller
        return teller
    return register


@_tells(MatchStarted)
def _match_started(t: Telling, ev: MatchStarted) -> str:
    players = list(ev.players)
    try:
        title = ruleset_title(get_ruleset(ev.rules or "classic"))
    except BanakilError:
        title = ev.rules
    text = _("A new match begins: {names} play under {title}.").format(names=_listed(players), title=title)
    if len(players) == 4:
        text += " " + _("Partners sit opposite: {a} & {c} against {b} & {d}.").format(
            a=players[0], b=players[1], c=players[2], d=players[3])
    return text


@_tells(HandStarted)
def _hand_started(t: Telling, ev: HandStarted) -> str:
    hands = ev.hands
    first = first_to_play(ev.dealer, len(hands)) if hands else 0
    starter = seat_name(t.state, first)
    text = _("Hand {hand} is dealt by {dealer}.").format(hand=ev.hand, dealer=seat_name(t.state, ev.dealer)) + " "
    # the counts come from the deal itself, not from what the rules usually deal
    sizes = [len(h) for h in hands]
    if ev.upcard is not None:
        if len(set(sizes)) == 1:
            each = ngettext("Everyone gets {count} card and {upcard} is turned up to start the discard pile.",
                            "Everyone gets {count} cards and {upcard} is turned up to start the discard pile.",
                            sizes[0]).format(count=sizes[0], upcard=card_run((ev.upcard,)))
        else:
            each = _("The hands hold {sizes} cards and {upcard} is turned up to start the discard pile.").format(
                sizes=pgettext("list separator", ", ").join(map(str, sizes)) or pgettext("no count", "no"),
                upcard=card_run((ev.upcard,)))
        return text + each + " " + _("{player} plays first.").format(player=starter)
    others = sorted({k for i, k in enumerate(sizes) if i != first})
    rest = _listed([str(k) for k in others], "or") if others else pgettext("no count", "none")
    count = sizes[first] if first < len(sizes) else None
    return text + ngettext(
        "{player} gets {count} card and starts without drawing (melding and discarding straight away); "
        "the others get {rest}.",
        "{player} gets {count} cards and starts without drawing (melding and discarding straight away); "
        "the others get {rest}.", 2 if count is None else count).format(
        player=starter, count="?" if count is None else count, rest=rest)


@_tells(Drew)
def _drew(t: Telling, ev: Drew) -> str:
    if ev.card is None or (t.seat_view is not None and ev.seat != t.seat_view):
        return _("{player} draws a card from the stock.").format(player=t.who)
    return _("{player} draws {card} from the stock.").format(player=t.who, card=card_run((ev.card,)))


@_tells(Took)
def _took(t: Telling, ev: Took) -> str:
    if ev.cards:
        return ngettext("{player} takes the top card ({cards}) of the discard pile instead of drawing.",
                        "{player} takes the top {count} cards ({cards}) of the discard pile instead of drawing.",
                        ev.count).format(player=t.who, count=ev.count, cards=card_run(ev.cards))
    return ngettext("{player} takes the top card of the discard pile instead of drawing.",
                    "{player} takes the top {count} cards of the discard pile instead of drawing.",
                    ev.count).format(player=t.who, count=ev.count)


@_tells(Melded)
def _melded(t: Telling, ev: Melded) -> str:
    rules = t.state.rules if t.state is not None else None
    if rules is not None:
        try:
            check = analyze_meld(ev.cards, rules, ev.arrangement)
            if check.valid and check.meld is not None:
                return _("{player} lays a new meld, a {kind}: {cards}.").format(
                    player=t.who, kind=_kind(check.meld.kind), cards=card_run(check.meld.describe()))
        except BanakilError:
            pass
    return _("{player} lays a new meld: {cards}.").format(player=t.who, cards=card_run(ev.cards))


@_tells(LaidOff)
def _laid_off(t: Telling, ev: LaidOff) -> str:
    target = t.state.meld_by_id(ev.meld) if t.state is not None else None
    fields = dict(player=t.who, cards=card_run(ev.cards), meld=ev.meld)
    if target is None:
        return _("{player} adds {cards} to meld #{meld}.").format(**fields)
    fields.update(kind=_kind(target.meld.kind), now=card_run(target.meld.describe()), owner=seat_name(t.state, target.owner))
    own = target.owner == ev.seat
    if t.after:
        template = (_("{player} adds {cards} to meld #{meld} (their own {kind}), which is now {now}.") if own
                    else _("{player} adds {cards} to meld #{meld} ({owner}'s {kind}), which is now {now}."))
    else:
        template = (_("{player} adds {cards} to meld #{meld} (their own {kind}: {now}).") if own
                    else _("{player} adds {cards} to meld #{meld} ({owner}'s {kind}: {now})."))
    return template.format(**fields)


@_tells(JokerSwapped)
def _joker_swapped(t: Telling, ev: JokerSwapped) -> str:
    return _("{player} puts {card} in the joker's place in meld #{meld} and takes the joker into the hand.").format(
        player=t.who, card=card_run((ev.card,)), meld=ev.meld)


@_tells(Discarded)
def _discarded(t: Telling, ev: Discarded) -> str:
    return _("{player} discards {card}, ending the turn.").format(player=t.who, card=card_run((ev.card,)))


def _side_scores(scores: Sequence[float]) -> str:
    return pgettext("list separator", ", ").join(_("side {side} {score}").format(side=i, score=tidy(float(s)))
                                                  for i, s in enumerate(scores))


@_tells(HandScored)
def _hand_scored(t: Telling, ev: HandScored) -> str:
    return _("A hand played elsewhere is recorded by its result only: {scores}.").format(
        scores=_side_scores(ev.scores))


@_tells(HandRecorded)
def _hand_recorded(t: Telling, ev: HandRecorded) -> str:
    """A hand scored from its inputs (a score sheet): said with the scores when the state after it is known."""
    score = t.state.hand_score if t.after and t.state is not None else None
    if score is None:
        return _("A hand played at the table is recorded by what each seat melded and held.")
    return _("A hand played at the table is recorded by what each seat melded and held: {scores}.").format(
        scores=_side_scores(score.sides))


@_tells(HandStruck)
def _hand_struck(t: Telling, ev: HandStruck) -> str:
    """A hand taken back: it stays in the log and on the sheet, and its points count for nobody."""
    if ev.reason:
        return _("Hand {hand} is struck from the score sheet: it stays in the log, marked struck, and its points "
                 "count for nobody from here on. The reason given: “{reason}”").format(hand=ev.hand, reason=ev.reason)
    return _("Hand {hand} is struck from the score sheet: it stays in the log, marked struck, and its points "
             "count for nobody from here on.").format(hand=ev.hand)


@_tells(Annotated)
def _annotated(t: Telling, ev: Annotated) -> str:
    if ev.author:
        return _("A note by {author} on event {at}: “{text}”").format(author=ev.author, at=ev.at, text=ev.text)
    return _("A note by someone on event {at}: “{text}”").format(at=ev.at, text=ev.text)


# the events said in one fixed sentence (marked here, said in the reader's language when told)
_FIXED: dict[type, str] = {
    Reshuffled: N_("The stock is empty: the discard pile, all but its top card, is turned over as a new stock."),
    MatchBanked: N_("The match is over and banked: the winner is final."),
}


def _fixed(t: Telling, ev: Event) -> str:
    return _(_FIXED[type(ev)])


TELLERS.update(dict.fromkeys(_FIXED, _fixed))


def _how_it_ended(t: Telling, ev: Event) -> str:
    """After the move that ended a hand: who went out (or that the stock ran out), and any match winner."""
    state = t.state
    if not t.after or state is None or not isinstance(ev, (Melded, LaidOff, Discarded)) or state.phase != "over" \
            or state.hand_score is None:
        return ""
    if state.went_out is not None:
        text = " " + _("{player} has no cards left and goes out: the hand is over.").format(
            player=seat_name(state, state.went_out))
    else:
        text = " " + _("The stock has run out: the hand is over.")
    if state.match_over and state.winner is not None:
        text += " " + _("The match is won by {side}.").format(side=side_label(state, state.winner))
    return text


def event_text(event: Event | Mapping[str, Any], state: GameState | None = None, *,
               seat_view: int | None = None) -> str:
    """An event in plain words for a newcomer (plain text: escape it before putting it in HTML).

    ``state`` supplies player names and the rule set. When it is the state
    right after the event (same seq), the text also says how the hand ended.
    With ``seat_view`` set, a card another seat draws from the stock is not
    named, as at a real table. A mapping is read as the log's JSON object of
    an event (``seq`` may be left out); one that is not an event raises
    :class:`~banakil_replay.events.EventError`.
    """
    if isinstance(event, Mapping):
        seq = event.get("seq")
        event = parse_event({"seq": 0, **event})
    else:
        seq = event.seq
    seat = getattr(event, "seat", None)
    if isinstance(seat, int):
        who = name_of_seat(state.players if state is not None else (), seat, capital=True)
    else:
        who = _("Someone")
    telling = Telling(state, who, seat_view, state is not None and state.seq == seq)
    return TELLERS[type(event)](telling, event) + _how_it_ended(telling, event)


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
    rule = sentence(rule_sentence(rule_text))
    if taught_in is None:
        return _("Rule: {rule}").format(rule=rule)
    return _("Rule (a preview: lesson {lesson} teaches it): {rule}").format(lesson=taught_in, rule=rule)


def preview_note(opts: Options, lesson: int | None, kinds: Sequence[str] | None = None) -> str:
    """The line that says what a panel shown in ``lesson`` previews from later lessons ("" if nothing)."""
    if lesson is None:
        return ""
    shown = [o for o in opts.options if kinds is None or o.kind in kinds]
    later = previewed(lesson, {o.kind for o in shown if o.rule_text}, [o.explain + " " + o.why_rank for o in shown])
    if not later:
        return ""
    return _("Previewed here, taught in a later lesson: {topics}.").format(
        topics=pgettext("clause separator", "; ").join(later))


def refusal_rule_line(rule: Rule, source: str) -> str:
    """The rule a refusal names: ``Rule: own and partner melds only [000 (Play), 004 (melding)].``

    The title and the citation are the rulebook's and the citations' own words in the reader's
    language (``source`` is the English data a refusal carries), framed as the options' rules are."""
    named = rule_title(rule)
    if source:
        named = _("{rule} [{sources}]").format(rule=named, sources=said_citation(source))
    return _("Rule: {rule}").format(rule=sentence(named))


def rank_line(rank: int | None, why: str) -> str:
    """Why an option is ranked where it is, as a sentence: ``Ranked #2: 8 points melded.``"""
    if rank is None:
        return sentence(why) if why else ""
    return _("Ranked #{rank}: {why}").format(rank=rank, why=sentence(why)) if why else \
        _("Ranked #{rank}.").format(rank=rank)


def options_text(opts: Options, state: GameState | None = None, *, kinds: Sequence[str] | None = None,
                 limit: int = 40, refused_limit: int = 40, lesson: int | None = None) -> str:
    """The options panel in plain lines: each legal move with why, then each move not allowed with the rule.

    The text a page without HTML shows (a terminal, a plain-text export) for
    what :func:`~banakil_replay.notebook.html.options_html` draws (``lesson``: see there).
    """
    ranked = sorted((o for o in opts.options if kinds is None or o.kind in kinds),
                    key=lambda o: (o.rank is None, o.rank if o.rank is not None else 0))
    banned = [n for n in opts.not_allowed if kinds is None or MOVE_KINDS[type(n.event)] in kinds]
    player = seat_name(state, opts.seat)
    lines = [_("Options for {player} ({phase} phase):").format(player=player, phase=pgettext("phase", opts.phase))
             if opts.phase else _("Options for {player}:").format(player=player)]
    if note := preview_note(opts, lesson, kinds):
        lines.append(f"  ({note})")
    for o in ranked[:limit]:
        rank = f"#{o.rank} " if o.rank is not None else ""
        lines.append(f"  {rank}{event_text(o.event, state)} {o.explain}")
        if o.why_rank:
            lines.append(f"    {rank_line(o.rank, o.why_rank)}")
    if len(ranked) > limit:
        lines.append("  " + _("... and {count} more").format(count=len(ranked) - limit))
    if not ranked:
        lines.append("  " + (_("No legal move.") if kinds is None else
                             _("No legal move of these kinds ({kinds}).").format(kinds=", ".join(kinds))))
    lines += [f"  ({note})" for note in opts.notes]
    if banned:
        lines.append(_("Not allowed here ({count}):").format(count=len(banned)))
        for n in banned[:refused_limit]:
            rule = f" {refusal_rule_line(n.rule, n.source)}" if n.rule else ""
            lines.append("  " + _("{move} No: {why}").format(move=event_text(n.event, state), why=sentence(n.why)) + rule)
    return "\n".join(lines)
