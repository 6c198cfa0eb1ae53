"""Bots that play Banakil through the engine's own options, and a match driver.

A bot is handed an :class:`~.observation.Observation`, what its seat may know
(its hand, the table, the pile, the card counts, the hand's public moves), and
the options list, and picks one of the legal options. It never receives the
game state: the driver keeps that, with the stock order it records so that
``drew`` needs no card. Where a bot needs a whole state (the reducer works on
one) it asks the observation for a stand-in, in which the unseen cards are
dealt in a fixed order.

:func:`play_match` deals from a seeded shuffle, asks the bots, applies every
event through the reducer as it is made and returns the whole log, so the
same seed and the same bots always give the same log::

    log = play_match("kroot", 2, [HeuristicBot(), HeuristicBot()], seed=1)
    fold(log).match_over   # True: played to the target (a few seconds)
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Protocol, Sequence

from msgspec.structs import replace  # events are msgspec Structs

from ...cards import Card, deck_list
from ...events import FORMAT, Event, HandStarted, MatchStarted, Reshuffled, event_to_json
from ..moves import Option, Options, find_move, move_json
from ..observation import Observation, PublicRecord, observe
from ..coach.options import options
from ...rules import Ruleset, get_ruleset
from .expert import ExpertBot
from ..search.going_out import after, go_out_plan
from ...state import GameState
from ...seats import dealer_before
from ..seeds import seat_seed
from ...i18n import _
from .names import BOT_KINDS, BOT_NAMES, MIXED

MAX_EVENTS_PER_HAND = 20_000  # far beyond any real hand: a hand that long means a bot is looping


class Bot(Protocol):
    """Anything that picks one of the listed options for the seat to act, from what that seat knows."""

    name: str

    def choose(self, obs: Observation, opts: Options) -> Option:
        """One of ``opts.options`` (the driver refuses anything the reducer rejects)."""
        ...


# --------------------------------------------------------------------- bots
class RandomBot:
    """Uniform over the legal options at every step (a meld or lay-off shrinks the hand, so turns end)."""

    name = "random"
    wants_ranks = False  # ranking costs time and a random bot ignores it

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, opts: Options) -> Option:
        return self.rng.choice(opts.options)


class HeuristicBot:
    """Plays the best-ranked option, but goes out (solver.go_out) whenever the hand allows it.

    In the draw phase it takes from the pile when the taken cards let it go out
    at once; otherwise the hints' ranking decides everything.
    """

    name = "heuristic"
    wants_ranks = True

    def choose(self, obs: Observation, opts: Options) -> Option:
        legal = opts.options
        state = obs.stand_in()  # its own moves do not depend on where the unseen cards are
        return way_out(state, legal) or min(legal, key=lambda o: (o.rank is None, o.rank or 0))


def way_out(state: GameState, legal: Sequence[Option]) -> Option | None:
    """The move that goes out now (the solver's first step), or in the draw phase a take that lets the
    hand go out at once; None when there is none. Every bot built on the heuristic one asks this first."""
    if state.phase == "meld":
        steps = go_out_plan(state)
        return find_move(legal, steps[0]) if steps else None
    for opt in legal:
        if opt.kind == "take" and go_out_plan(after(state, opt.event)):
            return opt
    return None


# ------------------------------------------------------------------- driver
def deal_hand(rules_name: str | Ruleset, players: int, hand: int, rng: random.Random, seq: int = 0) -> HandStarted:
    """A ``hand_started`` event (numbered ``seq``) from a fresh shuffle, with the stock order recorded (top first)."""
    rules = get_ruleset(rules_name)
    deck: list[Card] = deck_list()
    rng.shuffle(deck)
    first = (hand - 1) % players  # seat 0 plays first in hand 1, and the deal passes on each hand
    dealer = dealer_before(first, players)
    hands = []
    for seat in range(players):
        k = rules.cards_dealt(seat, first)
        hands.append(tuple(deck[:k]))
        deck = deck[k:]
    upcard = None
    if rules.opening == "upcard":
        upcard, deck = deck[0], deck[1:]
    return HandStarted(seq, hand, dealer, tuple(hands), upcard, tuple(deck))


def deal_event(rules_name: str | Ruleset, players: int, hand: int, rng: random.Random) -> dict[str, Any]:
    """:func:`deal_hand` as the JSON object a log holds, without its ``seq``."""
    return move_json(deal_hand(rules_name, players, hand, rng))


def decide(bot: Bot, obs: Observation) -> Option:
    """The bot's choice among the options of the seat it plays, listed from what that seat may know."""
    return bot.choose(obs, options(obs.stand_in(), rank=getattr(bot, "wants_ranks", True)))


def play_match(rules: str, players: int, bots: Sequence[Bot], seed: int, max_hands: int = 100,
               names: Sequence[str] | None = None, overrides: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """:func:`play_events`, as the JSON objects the log file holds."""
    return [event_to_json(e) for e in play_events(rules, players, bots, seed, max_hands, names, overrides)]


def play_events(rules: str, players: int, bots: Sequence[Bot], seed: int, max_hands: int = 100,
                names: Sequence[str] | None = None, overrides: Mapping[str, Any] | None = None) -> list[Event]:
    """Play a whole match (until a side wins, or ``max_hands`` hands) and return its events.

    Each event is applied through the reducer as it is made. Deals and ERAM reshuffles come from ``random.Random(seed)``; a dead
    hand (stock run out) is simply followed by the next deal. ``overrides``
    replaces some knobs of the preset (recorded as the ``options`` of
    ``match_started``).
    """
    ruleset = get_ruleset(rules, overrides)
    ruleset.check_players(players)
    if len(bots) != players:
        raise ValueError(_("{count} bots for {players} seats").format(count=len(bots), players=players))
    rng = random.Random(seed)
    names = list(names) if names is not None else [f"{b.name}-{i}" for i, b in enumerate(bots)]
    log: list[Event] = []
    seen = PublicRecord(players)  # the hand in play as the table saw it: what observations are read from
    state = GameState()

    def push(event: Event) -> None:
        nonlocal state
        state = after(state, event)
        numbered = replace(event, seq=state.seq)
        seen.add(numbered)
        log.append(numbered)

    push(MatchStarted(seq=0, format=FORMAT, rules=rules, players=tuple(names), options=dict(overrides or {})))
    while not state.match_over and state.hand_no < max_hands:
        push(deal_hand(ruleset, players, state.hand_no + 1, rng))
        while state.in_hand:
            if len(seen.moves) > MAX_EVENTS_PER_HAND:
                raise RuntimeError(f"hand {state.hand_no} did not end after {MAX_EVENTS_PER_HAND} events")
            move = decide(bots[state.turn], observe(state, state.turn, seen))
            push(as_recorded(move.event, state, rng))
    return log


def as_recorded(event: Event, state: GameState, rng: random.Random) -> Event:
    """The event as the log records it: a reshuffle gets its new stock order from the match's rng."""
    if not isinstance(event, Reshuffled):
        return event
    pile = list(state.discard[:-1])
    rng.shuffle(pile)
    return Reshuffled(event.seq, tuple(pile))


_MAKERS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "heuristic": lambda seed: HeuristicBot(), "expert": ExpertBot,
}
#: Every bot by name, made from its seat's seed (:func:`~.seeds.seat_seed`): the commands, the play table
#: and the self-played games read it. Its names (and their order) are :mod:`.bot_names`', which the
#: command line's help reads without importing this module; a name without a maker fails here at import.
BOTS: dict[str, Callable[[int], Bot]] = {name: _MAKERS[name] for name in BOT_NAMES}


def make_bot(name: str, seat: int, seed: int) -> Bot:
    """One bot by name, seeded from the game's seed and its seat."""
    if name in BOTS:
        return BOTS[name](seat_seed(seed, seat))
    if not name:
        raise ValueError(_("a bot name is missing (an extra comma?); known: {known}").format(known=", ".join(BOT_KINDS)))
    raise ValueError(_("unknown bot {bot}; known: {known}").format(bot=repr(name), known=", ".join(BOT_KINDS)))


def make_bots(kind: str, players: int, seed: int) -> list[Bot]:
    """Bots for one game: one name for every seat, ``NAME,NAME,...`` one per seat, or ``mixed``
    (heuristic and random on alternate seats, flipped on odd seeds)."""
    if kind.strip().lower() == MIXED:
        return [HeuristicBot() if (s + seed) % 2 == 0 else RandomBot(seat_seed(seed, s)) for s in range(players)]
    names = [n.strip().lower() for n in kind.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(_("{count} bot names ({bots}) for {players} seats: give one name, or one per seat").format(
            count=len(names), bots=kind, players=players))
    return [make_bot(name, s, seed) for s, name in enumerate(names)]


__all__ = ["Bot", "RandomBot", "HeuristicBot", "play_match", "play_events", "make_bots", "BOTS", "BOT_KINDS",
           "BOT_NAMES", "make_bot", "deal_hand", "deal_event", "decide"]
