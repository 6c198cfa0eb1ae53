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

from typing import Iterable

from .candidates import meld_candidates
from ..cards import Card
from ..errors import IllegalMoveError
from ..events import Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Reshuffled, Took
from .hints import rank_options
from ..melds import can_joker_swap, can_lay_off
from ..reducer import HANDLERS, meld_within_reach
from ..rulebook import Rule
from .moves import Move, NotAllowed, Option, Options
from .rule_text import first_meld_relief, rule_lines
from ..state import GameState

# refusals worth showing a learner: the move looks possible, and the rule says why it is not
_TEMPTING_MELD_REFUSALS = frozenset({Rule.GO_OUT_WITH_DISCARD, Rule.KEEP_A_LEGAL_DISCARD})
_TEMPTING_WILD_REFUSALS = frozenset({Rule.ONE_JOKER_PER_MELD, Rule.ONE_TWO_PER_MELD})

def _names(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _try(state: GameState, event: Event) -> GameState | IllegalMoveError:
    """Apply with the reducer's handler: the new state, or the refusal with its rule."""
    try:
        return HANDLERS[type(event)](state, event)
    except IllegalMoveError as e:
        return e


def options(state: GameState, *, rank: bool = True) -> Options:
    """Every legal next event for the player to act, explained, with the tempting illegal ones."""
    if not state.in_hand or state.rules is None:
        why = "the match is over" if state.match_over else "no hand is in play"
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
    rule = rule_lines(rules, len(state.hands))
    if state.stock_count:
        # the card stays unnamed: only the log's stock order (or the draw itself) knows it
        opts.append(Option(Drew(seq, seat),
                           f"Draw the top card of the stock ({state.stock_count} left), unseen by the others.",
                           rule["draw"]))
    elif rules.empty_stock == "reshuffle_then_scored":
        if not isinstance(_try(state, Reshuffled(seq)), IllegalMoveError):
            opts.append(Option(Reshuffled(seq),
                               f"The stock is empty: turn the pile but its top card into a new stock "
                               f"(reshuffle {state.reshuffles + 1} of {rules.max_reshuffles}).", rule["reshuffle"]))
    hand = state.hands[seat]
    pile = state.discard
    for k in range(1, len(pile) + 1):
        taken = pile[len(pile) - k:]
        took = Took(seq, seat, k, taken)
        new = _try(state, took)
        if isinstance(new, IllegalMoveError):
            banned.append(NotAllowed.refused(Took(seq, seat, k), new))
            continue
        # the pile is written bottom up, its top card last, everywhere (the event's own words say it so too)
        text = (f"Take the top {k} cards of the pile ({_names(taken)})" if k > 1
                else f"Take the top card of the pile ({_names(taken)})")
        uses = [m for m in meld_candidates(hand + taken, rules) if set(m) & set(taken)]
        if uses:
            best = max(uses, key=lambda m: sum(rules.value(c) for c in m))
            text += f": with {'them' if k > 1 else 'it'} you could meld {_names(best)} this turn"
        restricted = new.this_turn.restricted
        if restricted:
            faces = list(dict.fromkeys(restricted))
            text += (f"; you may not throw {_names(faces)} back this turn, nor a copy of "
                     f"{'it' if len(faces) == 1 else 'them'}" if len(faces) <= 3 else
                     "; none of the taken cards, nor a copy of one, may be thrown back this turn")
        opts.append(Option(took, text + ".", rule["take"]))


# --------------------------------------------------------------- meld phase
def _meld_options(state: GameState, seat: int, seq: int, opts: list[Option], banned: list[NotAllowed]) -> None:
    rules = state.rules
    assert rules is not None
    rule = rule_lines(rules, len(state.hands))
    relief = first_meld_relief(rules)
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
        meld = new.melds[-1].meld
        pts = sum(rules.value(c) for c in cards)
        text = f"Meld {meld.describe()} ({'a run' if meld.kind == 'run' else 'a set'}, {pts:g} points off your hand)"
        if not state.opened[seat] and relief:
            text += f"; your first meld: {relief}"
        out = not new.in_hand
        if out:
            text += ", and you go out"
        opts.append(Option(meld_ev, text + ".", rule["meld"], goes_out=out))
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
                whose = "your" if table.owner == seat else "your partner's"
                grown = new.meld_by_id(table.id)
                text = (f"Add {card.symbol} to {whose} meld #{table.id}, making "
                        f"{grown.meld.describe() if grown is not None and new.in_hand else 'it longer'}")
                if out:
                    text += ", and you go out"
                opts.append(Option(event, text + ".", rule["lay_off"], goes_out=out))
            if has_joker and card.is_natural:
                if not isinstance(_try(state, swap), IllegalMoveError):
                    opts.append(Option(swap,
                                       f"Put {card.symbol} into meld #{table.id} in place of the joker and take "
                                       "the joker into your hand.", rule["joker_swap"]))
    for card in distinct:
        discard = Discarded(seq, seat, card)
        new = _try(state, discard)
        if isinstance(new, IllegalMoveError):
            banned.append(NotAllowed.refused(discard, new))
            continue
        out = new.went_out == seat and new.phase == "over"
        text = f"Discard {card.symbol}"
        if out:
            text += ": your last card, so you go out"
        elif card.is_wild:
            text += f" (a wild card: it would cost you {rules.value(card):g} if caught, but helps whoever takes it)"
        else:
            text += f" ({rules.value(card):g} point{'s' if rules.value(card) != 1 else ''} out of your hand)"
        if new.phase == "over" and not out:
            text += "; the stock is empty, so the hand ends"
        opts.append(Option(discard, text + ".", rule["discard"], goes_out=out))


def option_events(state: GameState) -> list[Move]:
    """Just the events (unranked), each with the seq it would take."""
    return [o.event for o in options(state, rank=False).options]


__all__ = ["options", "option_events"]
