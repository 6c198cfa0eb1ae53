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
>>> from .reducer import replay
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

from dataclasses import dataclass, field
from typing import Any, Iterable, TypeGuard

from .candidates import meld_candidates
from ..cards import Card
from ..errors import IllegalMoveError
from ..events import Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Reshuffled, Took, event_to_json
from .hints import rank_options
from ..melds import can_joker_swap, can_lay_off
from ..reducer import HANDLERS, meld_within_reach
from ..rulebook import Rule
from .rule_text import first_meld_relief, rule_lines
from ..state import GameState

# One vocabulary for moves: an option's kind is the name of its event type, said as a move.
MOVE_KINDS: dict[type, str] = {
    Drew: "draw", Took: "take", Reshuffled: "reshuffle", Melded: "meld", LaidOff: "lay_off",
    JokerSwapped: "joker_swap", Discarded: "discard",
}
Move = Drew | Took | Reshuffled | Melded | LaidOff | JokerSwapped | Discarded
KINDS = tuple(MOVE_KINDS.values())
# the rule each kind of move follows; a refusal names its own rule
KIND_RULES: dict[str, Rule] = {
    "draw": Rule.DRAW_FROM_TOP, "take": Rule.TAKE_FROM_PILE, "reshuffle": Rule.RESHUFFLE, "meld": Rule.MELDS,
    "lay_off": Rule.ADDING, "joker_swap": Rule.JOKER_SWAP, "discard": Rule.DISCARD,
}
# refusals worth showing a learner: the move looks possible, and the rule says why it is not
_TEMPTING_MELD_REFUSALS = frozenset({Rule.GO_OUT_WITH_DISCARD, Rule.KEEP_A_LEGAL_DISCARD})
_TEMPTING_WILD_REFUSALS = frozenset({Rule.ONE_JOKER_PER_MELD, Rule.ONE_TWO_PER_MELD})


def is_move(event: Event) -> TypeGuard[Move]:
    """A decision a player makes on his turn (not a deal, a note or a score)."""
    return type(event) in MOVE_KINDS


def move_json(event: Event) -> dict[str, Any]:
    """A move as the JSON object the options list prints: the log's shape without ``seq``."""
    out = event_to_json(event)
    del out["seq"]
    return out


@dataclass(frozen=True, slots=True)
class Option:
    """One legal next event (typed, with the seq it would take), explained, and the rule behind it."""

    event: Move
    explain: str
    rule_text: str  # the rule in words, from the rule set in force, with its sources
    rank: int | None = None
    score: float = 0.0
    why_rank: str = ""
    goes_out: bool = False

    @property
    def kind(self) -> str:
        return MOVE_KINDS[type(self.event)]

    @property
    def rule(self) -> Rule:
        return KIND_RULES[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"event": move_json(self.event), "explain": self.explain,
                "rule": {**self.rule.to_json(), "text": self.rule_text}, "rank": self.rank}


@dataclass(frozen=True, slots=True)
class NotAllowed:
    """A tempting event the rules forbid now, with the reducer's reason and its rule."""

    event: Move
    why: str
    rule: Rule | None = None
    source: str = ""

    @classmethod
    def refused(cls, event: Move, err: IllegalMoveError) -> "NotAllowed":
        return cls(event, str(err), err.rule, err.source)

    def to_json(self) -> dict[str, Any]:
        rule = self.rule.to_json(self.source) if self.rule is not None else None
        return {"event": move_json(self.event), "why": self.why, "rule": rule}


@dataclass(frozen=True)
class Options:
    seat: int | None
    phase: str
    options: tuple[Option, ...] = ()
    not_allowed: tuple[NotAllowed, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    def of_kind(self, kind: str) -> list[Option]:
        return [o for o in self.options if o.kind == kind]

    def counts(self) -> dict[str, int]:
        return {k: n for k in KINDS if (n := len(self.of_kind(k)))}

    def best(self) -> Option | None:
        ranked = [o for o in self.options if o.rank is not None]
        return min(ranked, key=lambda o: o.rank or 0) if ranked else None

    def find(self, event: Event) -> Option | None:
        """The listed option that is the same move as ``event`` (see :func:`move_key`), if any."""
        return find_move(self.options, event)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "options": [o.to_json() for o in self.options],
                "not_allowed": [n.to_json() for n in self.not_allowed]}


def _alike(cards: Iterable[Card]) -> tuple[str, ...]:
    # every 2 plays alike, so options list one 2 for all; a log may have used another
    return tuple(sorted("2" if c.is_two else c.code for c in cards))


def move_key(event: Event) -> tuple[Any, ...]:
    """What makes two events the same move, for matching a log's events against options.

    Type, seat, meld and count, and the cards as a multiset in which every 2 is
    alike; a draw from the stock is the same move whatever card it brought, and
    ``seq``, ``arrangement`` and the cards a take repeats do not count.
    """
    if isinstance(event, Drew):
        return ("drew", event.seat)
    if isinstance(event, Took):
        return ("took", event.seat, event.count)  # the count says which cards
    if isinstance(event, Melded):
        return ("melded", event.seat, _alike(event.cards))
    if isinstance(event, LaidOff):
        return ("laid_off", event.seat, event.meld, _alike(event.cards))
    if isinstance(event, JokerSwapped):
        return ("joker_swapped", event.seat, event.meld, _alike([event.card]))
    if isinstance(event, Discarded):
        return ("discarded", event.seat, _alike([event.card]))
    return (event.type,)


def find_move(opts: Iterable[Option], event: Event) -> Option | None:
    """The option among ``opts`` that is the same move as ``event``."""
    key = move_key(event)
    return next((o for o in opts if move_key(o.event) == key), None)


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
        text = f"Take the top {k} card{'s' if k > 1 else ''} of the pile ({_names(reversed(taken))})"
        uses = [m for m in meld_candidates(hand + taken, rules) if set(m) & set(taken)]
        if uses:
            best = max(uses, key=lambda m: sum(rules.value(c) for c in m))
            text += f": with them you could meld {_names(best)} this turn"
        restricted = new.this_turn.restricted
        if restricted:
            text += (f"; you may not throw {_names(dict.fromkeys(restricted))} back this turn"
                     if len(restricted) <= 3 else "; none of the taken cards may be thrown back this turn")
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


__all__ = ["Option", "NotAllowed", "Options", "Move", "MOVE_KINDS", "options", "option_events", "move_key",
           "find_move", "move_json", "is_move"]
