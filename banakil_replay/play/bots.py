"""Bots that play Banakil through the engine's own options, and a match driver.

A bot sees what its seat may see (its hand, the table, the pile; the options
list) and picks one of the legal options the options generator lists. Bots
never look at ``state.stock`` or the other hands, even though the state holds
them: the driver records the stock order only so that ``drew`` needs no card.

:func:`play_match` deals from a seeded shuffle, asks the bots, applies every
event through the reducer as it is made and returns the whole log, so the
same seed and the same bots always give the same log::

    log = play_match("kroot", 2, [HeuristicBot(), HeuristicBot()], seed=1)
    fold(log).match_over   # True: played to the target (a few seconds)
"""

from __future__ import annotations

import random
from msgspec.structs import replace  # events are msgspec Structs
from typing import Any, Iterable, Mapping, Protocol, Sequence

from ..cards import Card, deck_list
from ..errors import IllegalMoveError
from ..events import (FORMAT, Discarded, Event, JokerSwapped, LaidOff, MatchStarted, Melded, Reshuffled,
                      event_to_json, parse_event)
from .moves import Move, Option, Options, find_move
from .options import options
from ..reducer import apply, meld_within_reach
from ..melds import Meld
from ..rules import Ruleset, get_ruleset
from .solver import Partition, go_out, strays
from ..state import GameState

MAX_EVENTS_PER_HAND = 20_000  # far beyond any real hand: a hand that long means a bot is looping


class Bot(Protocol):
    """Anything that picks one of the listed options for the seat to act."""

    name: str

    def choose(self, state: GameState, opts: Options) -> Option:
        """One of ``opts.options`` (the driver refuses anything the reducer rejects)."""
        ...


# ------------------------------------------------------------------ helpers
def after(state: GameState, event: Event) -> GameState:
    """The state after ``event`` (numbered as the next seq); raises the reducer's error if illegal."""
    return apply(state, replace(event, seq=state.seq + 1))


def plan_events(seat: int, plan: Partition) -> list[Move]:
    """A go-out partition as events, in the order the solver assumed: swaps, melds, lay-offs, discard.

    Their seq is a placeholder: :func:`after` numbers each as it is applied.
    """
    evs: list[Move] = [JokerSwapped(0, seat, mid, c) for mid, c in plan.swaps]
    evs += [Melded(0, seat, m.cards) for m in plan.melds]
    evs += [LaidOff(0, seat, mid, (c,)) for mid, c in plan.lay_offs]
    evs += [Discarded(0, seat, c) for c in plan.left]
    return evs


def reachable_melds(state: GameState, seat: int) -> list[tuple[int, Meld]]:
    """(id, meld) of the table melds ``seat`` may add to now."""
    out = []
    for m in state.melds:
        try:
            meld_within_reach(state, seat, m.id)
        except IllegalMoveError:
            continue
        out.append((m.id, m.meld))
    return out


def could_go_out(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]) -> bool:
    """A cheap necessary condition for :func:`solver.go_out` (which costs milliseconds).

    Going out leaves at most one card, so at most one card of the hand may be a
    stray that no way of going out can lay (:func:`solver.strays`).
    """
    return len(strays(hand, rules, table)) <= 1


def go_out_plan(state: GameState) -> list[Move] | None:
    """Events that empty the hand of the seat to act this turn, checked by the reducer, or None.

    The solver is told the cards this turn's discard limit holds back, so the
    card it keeps for the last discard is one the seat may throw; the order
    constraints of the rule set it does not know, so its plan is played through
    the reducer before it is trusted.
    """
    rules = state.rules
    if rules is None or state.phase != "meld":
        return None
    seat = state.turn
    hand, table = state.hands[seat], reachable_melds(state, seat)
    if not could_go_out(hand, rules, table):
        return None
    out, plan = go_out(hand, rules, table, restricted=state.this_turn.restricted)
    if not out:
        return None
    steps = plan_events(seat, plan)
    s = state
    try:
        for ev in steps:
            s = after(s, ev)
    except IllegalMoveError:
        return None
    return steps if (not s.in_hand and s.went_out == seat) else None


# --------------------------------------------------------------------- bots
class RandomBot:
    """Uniform over the legal options at every step (a meld or lay-off shrinks the hand, so turns end)."""

    name = "random"
    wants_ranks = False  # ranking costs time and a random bot ignores it

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, opts: Options) -> Option:
        return self.rng.choice(opts.options)


class HeuristicBot:
    """Plays the best-ranked option, but goes out (solver.go_out) whenever the hand allows it.

    In the draw phase it takes from the pile when the taken cards let it go out
    at once; otherwise the hints' ranking decides everything.
    """

    name = "heuristic"
    wants_ranks = True

    def choose(self, state: GameState, opts: Options) -> Option:
        legal = opts.options
        if state.phase == "meld":
            steps = go_out_plan(state)
            if steps:
                move = find_move(legal, steps[0])
                if move is not None:
                    return move
        else:
            for opt in legal:
                if opt.kind == "take" and go_out_plan(after(state, opt.event)):
                    return opt
        return min(legal, key=lambda o: (o.rank is None, o.rank or 0))


# ------------------------------------------------------------------- driver
def deal_event(rules_name: str | Ruleset, players: int, hand: int, rng: random.Random) -> dict[str, Any]:
    """A ``hand_started`` event from a fresh shuffle, with the stock order recorded (top first)."""
    rules = get_ruleset(rules_name)
    deck: list[Card] = deck_list()
    rng.shuffle(deck)
    dealer = (hand - 2) % players  # hand 1 is dealt by the last seat, so seat 0 plays first
    first = (dealer + 1) % players
    hands = []
    for seat in range(players):
        k = rules.cards_dealt(seat, first)
        hands.append([c.code for c in deck[:k]])
        deck = deck[k:]
    ev: dict[str, Any] = {"type": "hand_started", "hand": hand, "dealer": dealer, "hands": hands}
    if rules.opening == "upcard":
        ev["upcard"] = deck[0].code
        deck = deck[1:]
    ev["stock"] = [c.code for c in deck]
    return ev


def play_match(rules: str, players: int, bots: Sequence[Bot], seed: int, max_hands: int = 100,
               names: Sequence[str] | None = None, overrides: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Play a whole match (until a side wins, or ``max_hands`` hands) and return its log.

    Each event is a dict with its ``seq``, applied through the reducer as it is
    made. Deals and ERAM reshuffles come from ``random.Random(seed)``; a dead
    hand (stock run out) is simply followed by the next deal. ``overrides``
    replaces some knobs of the preset (recorded as the ``options`` of
    ``match_started``).
    """
    ruleset = get_ruleset(rules, overrides)
    ruleset.check_players(players)
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats")
    rng = random.Random(seed)
    names = list(names) if names is not None else [f"{b.name}-{i}" for i, b in enumerate(bots)]
    log: list[dict[str, Any]] = []
    state = GameState()

    def push(event: Event) -> None:
        nonlocal state
        state = after(state, event)
        log.append(event_to_json(replace(event, seq=state.seq)))

    push(MatchStarted(seq=0, format=FORMAT, rules=rules, players=tuple(names), options=dict(overrides or {})))
    while not state.match_over and state.hand_no < max_hands:
        push(parse_event({"seq": 0, **deal_event(ruleset, players, state.hand_no + 1, rng)}))
        start = len(log)
        while state.in_hand:
            if len(log) - start > MAX_EVENTS_PER_HAND:
                raise RuntimeError(f"hand {state.hand_no} did not end after {MAX_EVENTS_PER_HAND} events")
            bot = bots[state.turn]
            opts = options(state, rank=getattr(bot, "wants_ranks", True))
            push(as_recorded(bot.choose(state, opts).event, state, rng))
    return log


def as_recorded(event: Event, state: GameState, rng: random.Random) -> Event:
    """The event as the log records it: a reshuffle gets its new stock order from the match's rng."""
    if not isinstance(event, Reshuffled):
        return event
    pile = list(state.discard[:-1])
    rng.shuffle(pile)
    return Reshuffled(event.seq, tuple(pile))


def make_bots(kind: str, players: int, seed: int) -> list[Bot]:
    """Bots for one game: all ``heuristic``, all ``random``, or ``mixed`` (seat parity, flipped on odd seeds)."""
    if kind == "heuristic":
        return [HeuristicBot() for _ in range(players)]
    if kind == "random":
        return [RandomBot(seed * 8 + s) for s in range(players)]
    if kind == "mixed":
        return [HeuristicBot() if (s + seed) % 2 == 0 else RandomBot(seed * 8 + s) for s in range(players)]
    raise ValueError(f"unknown bot kind {kind!r}; known: heuristic, random, mixed")


BOT_KINDS = ("heuristic", "random", "mixed")


__all__ = ["Bot", "RandomBot", "HeuristicBot", "play_match", "make_bots", "BOT_KINDS", "go_out_plan",
           "after", "deal_event", "plan_events"]
