"""Every legal next event at any state, explained for a newcomer, and ranked.

``options(state)`` lists the events the player to act could append to the log,
grouped by kind (draw, take, reshuffle, meld, lay_off, joker_swap, discard).
Every option is checked with the reducer's own handler, so each one replays
legally when appended; the tempting moves the rules forbid at that moment are
listed apart in ``not_allowed`` with the reducer's own reason.

What is listed: drawing from the stock; taking the top k cards of the pile for
every k; each distinct new meld the hand can lay (see ``candidates.py`` for the
two choices left out as never better); each single card that can be laid off
onto each meld within reach; each joker swap; each card that may be discarded.

>>> import json
>>> from importlib.resources import files
>>> from banakil_replay.reducer import replay
>>> path = files("banakil_replay").parent / "sample_games" / "classic_dana_ravi.jsonl"
>>> state = replay([json.loads(line) for line in open(path)]).at(2)  # Dana has drawn
>>> opts = options(state)
>>> opts.counts()
{'meld': 20, 'discard': 19}
>>> best = opts.best()
>>> best.kind, best.rank, "first meld" in best.explain
('meld', 1, True)
"""

from __future__ import annotations

from ..search.candidates import meld_candidates
from ...cards import Card, card_run
from ...errors import IllegalMoveError
from ...events import Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Reshuffled, Took
from .hints import plural_n, rank_options
from ...i18n import _, ngettext, settled
from ...melds import Meld, can_joker_swap, can_lay_off
from ...reducer import HANDLERS, meld_within_reach
from ...rulebook import Rule
from ...rules import Ruleset
from ..moves import Move, NotAllowed, Option, Options, Said
from ..rule_text import RULE_SENTENCES, first_meld_relief, rule_line
from ...state import GameState

# refusals worth showing a learner: the move looks possible, and the rule says why it is not
_TEMPTING_MELD_REFUSALS = frozenset({Rule.GO_OUT_WITH_DISCARD, Rule.KEEP_A_LEGAL_DISCARD})
_TEMPTING_WILD_REFUSALS = frozenset({Rule.ONE_JOKER_PER_MELD, Rule.ONE_TWO_PER_MELD})

def _try(state: GameState, event: Event) -> GameState | IllegalMoveError:
    """Apply with the reducer's handler: the new state, or the refusal with its rule."""
    try:
        return HANDLERS[type(event)](state, event)
    except IllegalMoveError as e:
        return e


def options(state: GameState, *, rank: bool = True) -> Options:
    """Every legal next event for the player to act, explained, with the tempting illegal ones."""
    with settled():  # the tempting illegal moves' refusals each ask the language
        return _options(state, rank)


def _options(state: GameState, rank: bool) -> Options:
    if not state.in_hand or state.rules is None:
        why = _("the match is over") if state.match_over else _("no hand is in play")
        return Options(None, "over", notes=(why,))
    seat = state.turn
    seq = state.seq + 1
    opts: list[Option] = []
    banned: list[NotAllowed] = []
    if state.phase == "draw":
        _draw_options(state, seat, seq, opts, banned)
    else:
        _meld_options(state, seat, seq, opts, banned)
    ranked = rank_options(state, opts) if rank else opts
    return Options(seat, state.phase, tuple(ranked), tuple(banned))


# --------------------------------------------------------------- draw phase
def _draw_options(state: GameState, seat: int, seq: int, opts: list[Option], banned: list[NotAllowed]) -> None:
    rules = state.rules
    assert rules is not None
    rule = _rules_said(rules, len(state.hands))
    if state.stock_count:
        # the card stays unnamed: only the log's stock order (or the draw itself) knows it
        opts.append(Option(Drew(seq, seat), Said(_draw_words, (state.stock_count,)), rule["draw"]))
    elif rules.empty_stock == "reshuffle_then_scored":
        if not isinstance(_try(state, Reshuffled(seq)), IllegalMoveError):
            opts.append(Option(Reshuffled(seq), Said(_reshuffle_words, (state.reshuffles + 1, rules.max_reshuffles)),
                               rule["reshuffle"]))
    hand = state.hands[seat]
    pile = state.discard
    for k in range(1, len(pile) + 1):
        taken = pile[len(pile) - k:]
        took = Took(seq, seat, k, taken)
        new = _try(state, took)
        if isinstance(new, IllegalMoveError):
            banned.append(NotAllowed.refused(Took(seq, seat, k), new))
            continue
        uses = [m for m in meld_candidates(hand + taken, rules) if set(m) & set(taken)]
        best = max(uses, key=lambda m: sum(rules.value(c) for c in m)) if uses else ()
        faces = tuple(dict.fromkeys(new.this_turn.restricted))
        opts.append(Option(took, Said(_take_words, (k, tuple(taken), tuple(best), faces)), rule["take"]))


# --------------------------------------------------------------- meld phase
def _meld_options(state: GameState, seat: int, seq: int, opts: list[Option], banned: list[NotAllowed]) -> None:
    rules = state.rules
    assert rules is not None
    rule = _rules_said(rules, len(state.hands))
    relief = bool(first_meld_relief(rules))
    hand = state.hands[seat]
    seen: set[tuple[Card, ...]] = set()
    for cards in meld_candidates(hand, rules):
        if cards in seen:
            continue
        seen.add(cards)
        meld_ev = Melded(seq, seat, cards)
        new = _try(state, meld_ev)
        if isinstance(new, IllegalMoveError):
            if new.rule in _TEMPTING_MELD_REFUSALS:
                banned.append(NotAllowed.refused(meld_ev, new))
            continue
        pts = sum(rules.value(c) for c in cards)
        out = not new.in_hand
        first = rules if not state.opened[seat] and relief else None
        opts.append(Option(meld_ev, Said(_meld_words, (new.melds[-1].meld, pts, first, out)), rule["meld"],
                           goes_out=out))
    distinct = list(dict.fromkeys(hand))
    for table in state.melds:
        try:
            meld_within_reach(state, seat, table.id)
            access_why: IllegalMoveError | None = None
        except IllegalMoveError as e:
            access_why = e
        has_joker = any(c.is_joker for c in table.cards)
        for card in distinct:
            event = LaidOff(seq, seat, table.id, (card,))
            swap = JokerSwapped(seq, seat, table.id, card)
            if access_why is not None:
                # tempting only when the cards would fit were the meld ours
                if can_lay_off(table.meld, [card], rules):
                    banned.append(NotAllowed.refused(event, access_why))
                if has_joker and card.is_natural and can_joker_swap(table.meld, card, rules):
                    banned.append(NotAllowed.refused(swap, access_why))
                continue
            new = _try(state, event)
            if isinstance(new, IllegalMoveError):
                if (card.is_wild and new.rule in _TEMPTING_WILD_REFUSALS) or new.rule is Rule.KEEP_A_LEGAL_DISCARD:
                    banned.append(NotAllowed.refused(event, new))
            else:
                out = not new.in_hand
                grown = new.meld_by_id(table.id)
                made = grown.meld if grown is not None and new.in_hand else None
                opts.append(Option(event, Said(_lay_off_words, (card, table.id, table.owner == seat, made, out)),
                                   rule["lay_off"], goes_out=out))
            if has_joker and card.is_natural:
                if not isinstance(_try(state, swap), IllegalMoveError):
                    opts.append(Option(swap, Said(_swap_words, (card, table.id)), rule["joker_swap"]))
    for card in distinct:
        discard = Discarded(seq, seat, card)
        new = _try(state, discard)
        if isinstance(new, IllegalMoveError):
            banned.append(NotAllowed.refused(discard, new))
            continue
        out = new.went_out == seat and new.phase == "over"
        ends = new.phase == "over" and not out
        opts.append(Option(discard, Said(_discard_words, (card, rules.value(card), out, ends)), rule["discard"],
                           goes_out=out))


# --------------------------------------------------------------- the words, said when read
def _rules_said(rules: Ruleset, players: int) -> dict[str, Said]:
    return {kind: Said(rule_line, (rules, players, kind)) for kind in RULE_SENTENCES}


def _draw_words(left: int) -> str:
    return _("Draw the top card of the stock ({count} left), unseen by the others.").format(count=left)


def _reshuffle_words(nth: int, most: int) -> str:
    return _("The stock is empty: turn the pile but its top card into a new stock (reshuffle {nth} of "
             "{most}).").format(nth=nth, most=most)


def _take_words(k: int, taken: tuple[Card, ...], best: tuple[Card, ...], faces: tuple[Card, ...]) -> str:
    # the pile is written bottom up, its top card last, everywhere (the event's own words say it so too)
    text = ngettext("Take the top card of the pile ({cards})", "Take the top {count} cards of the pile ({cards})",
                    k).format(count=k, cards=card_run(taken))
    if best:
        text = ngettext("{option}: with it you could meld {meld} this turn",
                        "{option}: with them you could meld {meld} this turn", k).format(option=text, meld=card_run(best))
    if len(faces) > 3:
        text = _("{option}; none of the taken cards, nor a copy of one, may be thrown back this "
                 "turn").format(option=text)
    elif faces:
        text = ngettext("{option}; you may not throw {cards} back this turn, nor a copy of it",
                        "{option}; you may not throw {cards} back this turn, nor a copy of them",
                        len(faces)).format(option=text, cards=card_run(faces))
    return text + "."


def _meld_words(meld: Meld, pts: float, first: Ruleset | None, out: bool) -> str:
    shown = card_run(meld.describe())
    text = (_("Meld {meld} (a run, {points} points off your hand)") if meld.kind == "run" else
            _("Meld {meld} (a set, {points} points off your hand)")).format(meld=shown, points=f"{pts:g}")
    if first is not None:
        text = _("{option}; your first meld: {relief}").format(option=text, relief=first_meld_relief(first))
    return _out(text, out) + "."


def _out(text: str, out: bool) -> str:
    return _("{option}, and you go out").format(option=text) if out else text


def _lay_off_words(card: Card, meld_id: int, own: bool, made: Meld | None, out: bool) -> str:
    fields = {"card": card_run(card), "id": meld_id}
    if made is None:
        text = (_("Add {card} to your meld #{id}, making it longer") if own else
                _("Add {card} to your partner's meld #{id}, making it longer")).format(**fields)
    else:
        text = (_("Add {card} to your meld #{id}, making {meld}") if own else
                _("Add {card} to your partner's meld #{id}, making {meld}")).format(meld=card_run(made.describe()), **fields)
    return _out(text, out) + "."


def _swap_words(card: Card, meld_id: int) -> str:
    return _("Put {card} into meld #{id} in place of the joker and take the joker into your hand.").format(
        card=card_run(card), id=meld_id)


def _discard_words(card: Card, value: float, out: bool, ends: bool) -> str:
    if out:
        text = _("Discard {card}: your last card, so you go out").format(card=card_run(card))
    elif card.is_wild:
        text = _("Discard {card} (a wild card: it would cost you {value} if caught, but helps whoever takes "
                 "it)").format(card=card_run(card), value=f"{value:g}")
    else:
        text = ngettext("Discard {card} ({value} point out of your hand)",
                        "Discard {card} ({value} points out of your hand)", plural_n(value)).format(
            card=card_run(card), value=f"{value:g}")
    if ends:
        text = _("{option}; the stock is empty, so the hand ends").format(option=text)
    return text + "."


def option_events(state: GameState) -> list[Move]:
    """Just the events (unranked), each with the seq it would take."""
    return [o.event for o in options(state, rank=False).options]


__all__ = ["options", "option_events"]
