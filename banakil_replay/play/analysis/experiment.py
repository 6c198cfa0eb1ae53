"""Experiments: does one habit win or lose points, measured on the same deals?

An experiment compares two policies that differ in one habit (the *habit*
arm and the *without* arm) against a fixed opponent, the plain heuristic bot.
Each deal is played four times, from the same shuffled deck: each arm once
on side 0 and once on side 1 (the seat swap), the arm's bots filling every
seat of its side (both partners at four players), the opponent the others.
One hand is one game: the runner measures hands, not matches, because a hand
is where a habit acts, and a match's end would cut the pairing short.

An arm's value on a deal is its side's hand score minus the other side's,
averaged over the two seatings; the deal's paired difference is the habit
arm's value minus the without arm's. Luck of the deal cancels out of the
difference (both arms met the same cards in the same seats), so few deals
measure a habit far better than unpaired games would. The result is the mean
paired difference per hand with a 95% interval from Student's t.

Everything comes from ``seed``: deal ``i`` is shuffled by a generator seeded
from ``(seed, "deal", i)``, and an ERAM reshuffle's order from
``(seed, "reshuffle", i)``, so the same seed always gives the same result.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from msgspec.structs import replace  # events are msgspec Structs

from ...events import FORMAT, Event, MatchStarted, event_to_json
from ...i18n import _
from ...rules import get_ruleset
from ...seats import side_of
from ...state import GameState
from ..bots.selfplay import MAX_EVENTS_PER_HAND, Bot, HeuristicBot, as_recorded, deal_hand, decide
from ..search.going_out import after
from ..observation import PublicRecord, observe
from ..seeds import derived_seed

ARMS = ("habit", "without")
SIDES_PLAYERS = (2, 4)  # two sides to swap: two players alone, or two partnerships

# Student's t, two-sided 95%, by degrees of freedom; beyond the table the normal 1.96 is close enough
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (1.96 past 30)."""
    if df < 1:
        raise ValueError("an interval needs at least two paired hands")
    return _T95[df - 1] if df <= len(_T95) else (2.0 if df < 60 else 1.96 if df > 120 else 1.98)


@dataclass(frozen=True)
class Interval:
    """A mean and its 95% interval, from ``n`` paired differences."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def verdict(self) -> str:
        """"helps", "hurts" or "unclear": whether the interval leaves out zero, and on which side."""
        return "helps" if self.low > 0 else "hurts" if self.high < 0 else "unclear"


def interval(diffs: Sequence[float]) -> Interval:
    """Mean of ``diffs`` with mean +- t * sd / sqrt(n) (sample sd; zero width when all are equal)."""
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = t95(n - 1) * statistics.stdev(diffs) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


@dataclass(frozen=True)
class Game:
    """One hand played: deal ``deal`` with arm ``arm`` on side ``side``; ``margin`` is that side's hand
    score minus the other's; ``log`` the game as an ordinary event log (one hand)."""

    deal: int
    arm: str
    side: int
    margin: float
    log: list[dict[str, Any]]


@dataclass(frozen=True)
class Result:
    """The paired differences (one per deal, habit minus without) and their interval, with each arm's
    own mean margin per hand."""

    rules: str
    players: int
    seed: int
    diffs: tuple[float, ...]
    interval: Interval
    habit_margin: float
    without_margin: float

    def to_json(self) -> dict[str, Any]:
        iv = self.interval
        return {"rules": self.rules, "players": self.players, "seed": self.seed, "hands": iv.n,
                "mean": round(iv.mean, 3), "low": round(iv.low, 3), "high": round(iv.high, 3),
                "verdict": iv.verdict, "habit_margin": round(self.habit_margin, 3),
                "without_margin": round(self.without_margin, 3)}


def check_players(rules: str, players: int) -> None:
    """Refuse a table the rule set does not allow, or one without two sides to swap."""
    get_ruleset(rules).check_players(players)
    if players not in SIDES_PLAYERS:
        raise ValueError(_("an experiment swaps two sides: it needs 2 or 4 players, not {players}").format(
            players=players))


def deal_seed(seed: int, deal: int) -> int:
    return derived_seed(seed, "deal", deal)


def play_hand(rules: str, players: int, bots: Sequence[Bot], seed: int, deal: int,
              names: Sequence[str] | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """Deal ``deal`` of an experiment seeded ``seed``, played to the hand's end by ``bots`` (one per seat);
    the final state and the log (``match_started`` with the seed, the deal with its own seed, the moves)."""
    ruleset = get_ruleset(rules)
    names = list(names) if names is not None else [f"{getattr(b, 'name', 'bot')}-{i}" for i, b in enumerate(bots)]
    log: list[dict[str, Any]] = []
    seen = PublicRecord(players)
    state = GameState()

    def push(event: Event, extra: dict[str, Any] | None = None) -> None:
        nonlocal state
        state = after(state, event)
        numbered = replace(event, seq=state.seq)
        seen.add(numbered)
        log.append({**event_to_json(numbered), **(extra or {})})

    push(MatchStarted(seq=0, format=FORMAT, rules=ruleset.name, players=tuple(names), options={}), {"seed": seed})
    hand_seed = deal_seed(seed, deal)
    # each game is a log of its own, so its hand is hand 1 (seat 0 plays first); the seat swap gives
    # both arms the first turn equally often
    push(deal_hand(ruleset, players, 1, random.Random(hand_seed)), {"seed": hand_seed})
    reshuffles = random.Random(derived_seed(seed, "reshuffle", deal))
    while state.in_hand:
        if len(seen.moves) > MAX_EVENTS_PER_HAND:
            raise RuntimeError(f"deal {deal} did not end after {MAX_EVENTS_PER_HAND} events")
        move = decide(bots[state.turn], observe(state, state.turn, seen))
        push(as_recorded(move.event, state, reshuffles))
    return state, log


def margin(state: GameState, side: int) -> float:
    """Side ``side``'s hand score minus the other side's (0 for a hand nobody scored)."""
    if state.hand_score is None:
        return 0.0
    sides = state.hand_score.sides
    return float(sides[side]) - float(sides[1 - side])


def run_experiment(habit: Callable[[], Bot], without: Callable[[], Bot], rules: str, players: int,
                   hands: int, seed: int = 0, opponent: Callable[[], Bot] = HeuristicBot,
                   on_game: Callable[[Game], None] | None = None, first: int = 0) -> Result:
    """Play ``hands`` paired deals (four games each: two arms, two seatings) and measure the habit.

    ``habit``, ``without`` and ``opponent`` make a fresh bot (a habit may remember things within a
    hand); ``on_game`` sees every game as it ends, in order (deal, arm, side), e.g. to write its log.
    An arm made by ``opponent`` itself is not played (its value is 0 by symmetry). ``first`` starts at
    deal ``first``: runs of deals 0..k-1 and k..n-1 together give the paired differences of one run of
    n deals, so a long measurement can be made in pieces.
    """
    check_players(rules, players)
    if hands < 2:
        raise ValueError("an interval needs at least two paired hands")
    make = {"habit": habit, "without": without}
    diffs: list[float] = []
    totals = {arm: 0.0 for arm in ARMS}
    for deal in range(first, first + hands):
        value = {}
        for arm in ARMS:
            got = 0.0
            # an arm that is the opponent itself meets its own double: the two seatings are the same
            # game seen from either side, so its value is 0 without playing them
            for side in (() if make[arm] is opponent else (0, 1)):
                ours = [side_of(s, players) == side for s in range(players)]
                bots = [make[arm]() if mine else opponent() for mine in ours]
                names = [f"{arm}-{s}" if mine else f"opponent-{s}" for s, mine in enumerate(ours)]
                state, log = play_hand(rules, players, bots, seed, deal, names)
                m = margin(state, side)
                got += m / 2
                if on_game is not None:
                    on_game(Game(deal, arm, side, m, log))
            value[arm] = got
            totals[arm] += got
        diffs.append(value["habit"] - value["without"])
    return Result(rules, players, seed, tuple(diffs), interval(diffs),
                  totals["habit"] / hands, totals["without"] / hands)


__all__ = ["ARMS", "Game", "Interval", "Result", "check_players", "interval", "margin", "play_hand",
           "run_experiment", "t95"]
