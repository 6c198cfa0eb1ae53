"""Habits: the plain :class:`~.bots.HeuristicBot` with one way of playing changed.

A tip from the sources says a player should (or should not) do one thing. To
put it to the test, two bots are needed that differ in that one thing and in
nothing else: :class:`HabitBot` is the heuristic bot, with every habit off by
default (then it plays exactly as the plain bot does), and each habit is a
knob. Going out always comes first, whatever the habit: no habit of the
sources is about refusing to go out.

A habit either forbids some legal options (the bot then picks the best-ranked
of the rest; a draw or a discard always remains, so a turn can always end) or
re-scores some of them. Holding a meld back "for a turn" needs memory, so a
HabitBot remembers, for the hand it plays, on which of its turns it first
could lay each meld; make a fresh bot for each hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...cards import Card
from ...events import Discarded, Drew, JokerSwapped, LaidOff, Melded, Took
from ...melds import SET_RANKS
from ...state import GameState
from ..bots.selfplay import HeuristicBot, way_out
from ..search.candidates import meld_candidates
from ..moves import Option, Options, alike
from ..observation import Observation


@dataclass
class HabitBot(HeuristicBot):
    """The heuristic bot with habits; with every field at its default it plays as :class:`HeuristicBot`.

    ``hold_sets``: a finished set of threes or aces is laid only after it has
    been in hand this many of the bot's turns (0: at once). ``hold_melds``: the
    same for every new meld. ``keep_jokers``: never lays a joker (in a meld or
    a lay-off) before going out. ``min_opening``: the first meld of the hand
    must be worth at least this many points. ``open_from_turn``: no first meld
    before the bot's N-th turn of the hand. ``feed_partner``: None leaves the
    heuristic's own small preference; True lays off on the partner's melds
    before anything else; False never touches the partner's melds.
    ``pile``: "read" (the heuristic: a take is weighed by what fits and what
    does not), "never" (only takes when it goes out at once), "greedy" (takes
    the pickup that fits the most points, however much dead weight comes with
    it). ``keep_pairs``: does not discard a card that pairs with another of the
    same rank, whatever the rank. ``cold``: lays nothing until it can go out
    in one turn.
    """

    name: str = "habit"
    hold_sets: int = 0
    hold_melds: int = 0
    keep_jokers: bool = False
    min_opening: float = 0.0
    open_from_turn: int = 0
    feed_partner: bool | None = None
    pile: str = "read"
    keep_pairs: bool = False
    cold: bool = False
    _first_seen: dict[tuple[str, ...], int] = field(default_factory=dict, repr=False)

    def choose(self, obs: Observation, opts: Options) -> Option:
        legal = opts.options
        state = obs.stand_in()
        out = way_out(state, legal)
        if out is not None:
            return out
        allowed = self._meld_phase(obs, state, legal) if state.phase == "meld" else self._draw_phase(state, legal)
        pool = allowed or list(legal)
        return min(pool, key=lambda o: (-self._bonus(state, o), o.rank is None, o.rank or 0))

    # ----------------------------------------------------------- the habits
    def _draw_phase(self, state: GameState, legal: Sequence[Option]) -> list[Option]:
        if self.pile == "never":
            return [o for o in legal if o.kind != "take"]
        if self.pile == "greedy":
            takes = [o for o in legal if o.kind == "take"]
            gains = {id(o): _fitting_points(state, o) for o in takes}
            best = max(gains.values(), default=0.0)
            if best > 0:
                return [o for o in takes if gains[id(o)] == best][:1]
        return list(legal)

    def _meld_phase(self, obs: Observation, state: GameState, legal: Sequence[Option]) -> list[Option]:
        seat = state.turn
        turn = _own_turns(obs)
        opened = state.opened[seat]
        out: list[Option] = []
        for o in legal:
            ev = o.event
            if isinstance(ev, Discarded):
                out.append(o)
                continue
            if self.cold:
                continue
            if self.keep_jokers and isinstance(ev, (Melded, LaidOff)) and any(c.is_joker for c in ev.cards):
                continue
            if isinstance(ev, Melded):
                key = alike(ev.cards)
                since = self._first_seen.setdefault(key, turn)
                hold = self.hold_melds or (self.hold_sets if _is_set(ev.cards) else 0)
                if turn - since < hold:
                    continue
                if not opened and (turn < self.open_from_turn
                                   or _points(state, ev.cards) < self.min_opening):
                    continue
            if isinstance(ev, (LaidOff, JokerSwapped)) and self.feed_partner is False:
                m = state.meld_by_id(ev.meld)
                if m is not None and m.owner != seat:
                    continue
            out.append(o)
        if self.keep_pairs:
            hand = state.hands[seat]
            unpaired = [o for o in out if not (isinstance(o.event, Discarded) and _paired(o.event.card, hand))]
            if any(isinstance(o.event, Discarded) for o in unpaired):
                out = unpaired
        return out

    def _bonus(self, state: GameState, o: Option) -> float:
        """A lift above the heuristic's ranking (only feeding the partner has one)."""
        if self.feed_partner and isinstance(o.event, LaidOff):
            m = state.meld_by_id(o.event.meld)
            return 1.0 if m is not None and m.owner != state.turn else 0.0
        return 0.0


def _own_turns(obs: Observation) -> int:
    """How many turns the seat has drawn in this hand (the current one included once it has drawn)."""
    return sum(1 for m in obs.moves if isinstance(m, (Drew, Took)) and m.seat == obs.seat)


def _is_set(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if c.is_natural]
    return bool(naturals) and len({c.rank for c in naturals}) == 1 and naturals[0].rank in SET_RANKS \
        and len(cards) <= 4 and len({c.suit for c in naturals}) == len(naturals)


def _points(state: GameState, cards: Sequence[Card]) -> float:
    assert state.rules is not None
    return sum(state.rules.value(c) for c in cards)


def _paired(card: Card, hand: Sequence[Card]) -> bool:
    return card.is_natural and sum(1 for c in hand if c.is_natural and c.rank == card.rank) >= 2


def _fitting_points(state: GameState, opt: Option) -> float:
    """Points of the taken cards that fit some meld with the hand (the dead weight not counted)."""
    assert state.rules is not None and isinstance(opt.event, Took)
    taken = list(state.discard[len(state.discard) - opt.event.count:])
    hand = list(state.hands[state.turn])
    useful = {c for m in meld_candidates(hand + taken, state.rules) if set(m) & set(taken) for c in m if c in taken}
    return sum(state.rules.value(c) for c in useful)


__all__ = ["HabitBot"]
