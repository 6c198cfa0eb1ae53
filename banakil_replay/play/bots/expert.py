"""An expert bot: determinized Monte Carlo over the seat's observation.

To choose a move, :class:`ExpertBot` deals the cards it cannot see at random,
consistently with what it knows (:meth:`Observation.sample`: the other hands
hold the cards they took from the pile, the rest is shuffled into them and the
stock), plays each candidate move in each sampled deal, lets every seat play
on with the fast policy of ``rollout.py`` until the bot's own next turn is
over, and keeps the move with the best average outcome for its side. Every
candidate is tried in the same deals with the same random stream (common
random numbers), so the comparison between moves is far less noisy than each
average.

The outcome of a playout is its side's hand score less the others' (at three
players, less their mean): exact when the hand ended within the playout
(going out, +20 and the others' hands counting against them, the flat score
for melding nothing, a dead hand), else estimated by :func:`leaf_values`. When
a playout ends the match, the winner's side gets :data:`MATCH_WIN` points
more. A partner's points are the bot's own: at four players it plays for its
side. Playing every hand out to its end was tried first: the luck of the stock
then swamps the difference between two moves (paired differences spread over
20-30 points, against 5-7 when stopped after the bot's next turn), and a
decision would need thousands of playouts.

Candidates (the options list can hold forty moves) are the best-ranked few of
each kind by the hints: the draw and three takes (and the top card alone),
two melds, two lay-offs, a joker swap and three discards (a discard with a
meld still in hand is the choice to hold it back). The hints' top move is
kept unless another gains more than :data:`MARGIN` points. When the solver
finds a way out this turn, the bot takes it at once. The budget is :data:`PLAYOUTS` playouts a decision (or a
time limit); with the playouts alone a decision depends only on the seed and
the observation. Deals are spent where they can change the move: a move far
behind the leader is tried in no more (:func:`survivors`), and the decision
ends early once no move still racing is likely to beat the one the bot would
play by more than :data:`MARGIN` (:func:`call_made`).

The same evaluation grades a played game (``review.py``): :func:`evaluate`
plays every move of a list in the same deals and reports each one's average.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from ...hand_end import seat_inputs
from ...i18n import settled
from ...seats import sides_of
from ...state import GameState
from ..rule_text import never_melded_score
from ..search.going_out import go_out_plan
from ..moves import Move, Option, Options, find_move
from ..observation import Observation
from .rollout import partition, play_out, step

MATCH_WIN = 50.0  # points a playout that wins the match is worth beyond its hand score
PLAYOUTS = 96  # default budget per decision: playouts over all candidates
REVIEW_DEALS = 24  # deals every move is played out in when a review grades a decision
DEALS_PER_ROUND = 2  # deals every candidate is tried in before the budget and the clock are checked
MARGIN = 0.5  # points another move must gain over the best-ranked one to be played instead
PRUNE_AFTER = 8  # deals after which a move far behind the leader is tried in no more
PRUNE_Z = 3.0  # "far behind": the leader's paired edge over it exceeds this many standard errors
SETTLE_Z = 2.0  # "likely" when a decision may end early: predictive errors of the paired difference (call_made)
PER_KIND = {"draw": 1, "reshuffle": 1, "take": 3, "meld": 2, "lay_off": 2, "joker_swap": 1, "discard": 3}


@dataclass
class Tally:
    """The playouts of one move: sums over the deals it was tried in."""

    option: Option
    n: int = 0
    total: float = 0.0  # value for the side: hand score difference, plus the match term
    points: float = 0.0  # the hand score difference alone
    ours: float = 0.0  # the side's hand score
    theirs: float = 0.0  # the others' (the mean at three players)
    we_out: int = 0  # playouts in which the side went out
    they_out: int = 0  # ... in which another side went out
    dead: int = 0  # ... in which the hand ended with nobody out (the stock ran out)
    then: tuple[Move, ...] = ()  # the seat's moves after ``option``, before the fast policy takes over
    values: list[float] = field(default_factory=list)  # each deal's value, in deal order (paired errors)

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.n if self.n else 0.0

    def add(self, final: GameState, side: int, match_weight: float) -> None:
        ours, theirs, out_side = outcome(final, side)
        diff = ours - theirs
        self.n += 1
        self.points += diff
        self.ours += ours
        self.theirs += theirs
        value = diff + match_weight * _match_term(final, side)
        self.total += value
        self.values.append(value)
        if final.in_hand:
            return  # stopped after the seat's next turn: nobody out yet
        if out_side is None:
            self.dead += 1
        elif out_side == side:
            self.we_out += 1
        else:
            self.they_out += 1


CARD_COST = 2.3  # points a card left over after the best split costs at the end of a round (fitted)
UNOPENED_SHARE = 0.6  # of the flat score for melding nothing that a seat with no meld in sight expects (fitted, loosely)


def leaf_values(state: GameState) -> list[float]:
    """Each side's expected hand score at a hand still in play, estimated from the cards.

    A seat is credited what it has melded and what the best split of its hand
    would meld, less :data:`CARD_COST` for every card left over (the cards that
    keep it from going out); a seat that has melded nothing and can meld nothing
    expects part of the flat score for melding nothing. The two numbers were
    fitted by least squares to the final scores of 3,400 positions of classic
    two-player self-play, each played out to the end by the rollout policy
    (``benchmarks/fit_leaf.py``): 2.3 points a card is steady, the share for
    melding nothing (0.6) is loose, such positions being rare. The fit explains
    a third of the spread; the rest is the luck of the stock. Deadwood points
    did not matter once the number of cards was known.
    """
    rules = state.rules
    assert rules is not None
    flat = never_melded_score(rules)
    inputs = seat_inputs(state, rules)
    sides = [0.0] * len(sides_of(state.n))
    for j, hand in enumerate(state.hands):
        part = partition(hand, rules)
        if flat is not None and not state.opened[j] and not part.melds:
            value = UNOPENED_SHARE * flat
        else:
            value = inputs[j].melded + part.value - CARD_COST * len(part.left)
        sides[state.side(j)] += value
    return sides


def outcome(final: GameState, side: int) -> tuple[float, float, int | None]:
    """(the side's hand score, the others' (their mean), the side that went out or None)."""
    score = final.hand_score
    if final.in_hand:
        sides = leaf_values(final)
    elif score is None:
        return 0.0, 0.0, None  # cannot happen: a hand that is over has been scored
    else:
        sides = [float(s) for s in score.sides]
    others = [s for i, s in enumerate(sides) if i != side]
    out_side = final.side(final.went_out) if final.went_out is not None else None
    return sides[side], sum(others) / len(others), out_side


def _match_term(final: GameState, side: int) -> float:
    if not final.match_over or final.winner is None:
        return 0.0
    return 1.0 if final.winner == side else -1.0


def candidates(opts: Options, per_kind: dict[str, int] | None = None) -> list[Option]:
    """The moves worth playing out: the best-ranked few of each kind (see :data:`PER_KIND`).

    A take of the top card alone is always among them: it is the take the
    ranking most often undervalues (one card, and it may be thrown back later).
    """
    per_kind = per_kind or PER_KIND
    ranked = sorted(opts.options, key=lambda o: (o.rank is None, o.rank or 0))
    out: list[Option] = []
    seen: dict[str, int] = {}
    for o in ranked:
        if o.goes_out or seen.get(o.kind, 0) < per_kind.get(o.kind, 1):
            out.append(o)
            seen[o.kind] = seen.get(o.kind, 0) + 1
    top_take = next((o for o in opts.options if o.kind == "take" and getattr(o.event, "count", 0) == 1), None)
    if top_take is not None and top_take not in out:
        out.append(top_take)
    return out


class Deals:
    """Sampled deals for one decision, made on demand, each with its own playout seed."""

    def __init__(self, obs: Observation, seed: str) -> None:
        self.obs = obs
        self.rng = random.Random(seed)
        self.states: list[GameState] = []
        self.seeds: list[int] = []

    def get(self, i: int) -> tuple[GameState, int]:
        while len(self.states) <= i:
            self.states.append(self.obs.sample(self.rng))
            self.seeds.append(self.rng.getrandbits(64))
        return self.states[i], self.seeds[i]


def play(deals: Deals, tally: Tally, start: int, stop: int, side: int, match_weight: float) -> None:
    """Try ``tally``'s move in deals ``start`` .. ``stop - 1``, each played until the seat's next turn is over."""
    seat = deals.obs.seat
    with settled():  # the playouts' refused tries build refusals, each asking the language
        for i in range(start, stop):
            state, seed = deals.get(i)
            now = step(state, tally.option.event)
            for ev in tally.then:
                now = step(now, ev)
            final = play_out(now, random.Random(seed), seat)
            tally.add(final, side, match_weight)


def evaluate(obs: Observation, moves: Sequence[Option], deals: int, seed: str = "review",
             match_weight: float = 0.0, lines: Sequence[tuple[Option, tuple[Move, ...]]] = ()) -> list[Tally]:
    """Every move of ``moves``, then every line of ``lines`` (a move and the seat's moves after it),
    played out in the same ``deals`` sampled deals (for grading): the deals depend on ``seed`` alone."""
    pool = Deals(obs, seed)
    side = obs.side()
    tallies = [Tally(o) for o in moves] + [Tally(o, then=tuple(then)) for o, then in lines]
    for t in tallies:
        play(pool, t, 0, deals, side, match_weight)
    return tallies


def choose_move(obs: Observation, moves: Sequence[Option], budget: int, seed: str, match_weight: float,
                margin: float = 0.0, deadline: float | None = None, sequential: bool = True,
                settle_z: float | None = SETTLE_Z) -> list[Tally]:
    """Every move in the same deals, :data:`DEALS_PER_ROUND` at a time, until ``budget`` playouts
    are spent (or the clock passes ``deadline``, after at least one round); best first.

    The first move (the best-ranked by the hints) keeps its place unless another
    does better by more than ``margin`` points: a small edge is mostly noise (:func:`ranking`).
    With ``sequential``, from :data:`PRUNE_AFTER` deals on a move far behind the leader (see
    :func:`survivors`) is tried in no more deals, and the decision ends when one move is left,
    or when the call is made, :func:`call_made` (``settle_z``; None: never): every
    move still in the race gets the deals the budget gave it unless the call is made.
    """
    pool = Deals(obs, seed)
    side = obs.side()
    tallies = [Tally(o) for o in moves]
    horizon = max(DEALS_PER_ROUND, budget // len(tallies) // DEALS_PER_ROUND * DEALS_PER_ROUND)  # deals a move can get
    racing = tallies
    done = 0
    with settled():  # the language found once for the decision; each round's playouts then find it set
        while True:
            for t in racing:
                play(pool, t, done, done + DEALS_PER_ROUND, side, match_weight)
            done += DEALS_PER_ROUND
            if (done + DEALS_PER_ROUND) * len(tallies) > budget:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            if sequential and done >= PRUNE_AFTER:
                racing = survivors(racing)
                if len(racing) == 1 or (settle_z is not None
                                        and call_made(ranking(tallies, racing, margin)[0], racing, margin, horizon,
                                                      settle_z)):
                    break
    return ranking(tallies, racing, margin)


def ranking(tallies: Sequence[Tally], kept: Sequence[Tally], margin: float) -> list[Tally]:
    """Best first (:func:`by_value`), except that the first of ``tallies`` (the hints' choice) stays
    first unless the best beats it by more than ``margin`` points."""
    default = tallies[0]
    ranked = by_value(tallies, kept)
    if ranked[0] is not default and ranked[0].value - default.value <= margin:
        ranked.remove(default)
        ranked.insert(0, default)
    return ranked


def paired_stats(a: Tally, b: Tally) -> tuple[float, float, int]:
    """Mean and sample variance of ``a``'s values less ``b``'s over the deals both were tried in,
    and how many those are (the variance is 0.0 below two deals)."""
    diffs = [x - y for x, y in zip(a.values, b.values)]
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0, 0
    mean = sum(diffs) / n
    return mean, (sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0), n


def survivors(tallies: Sequence[Tally], z: float = PRUNE_Z) -> list[Tally]:
    """The tallies the leader so far does not beat by more than ``z`` standard errors of their
    paired difference (over the deals both were tried in): the others could overtake it only by
    a turn of luck that rare, so more deals on them are wasted."""
    leader = max(tallies, key=lambda t: t.value)
    out = []
    for t in tallies:
        mean, var, n = paired_stats(leader, t)
        if t is leader or n < 2 or mean * mean <= z * z * var / n or mean <= 0:
            out.append(t)
    return out


def call_made(choice: Tally, racing: Sequence[Tally], margin: float, horizon: int, z: float = SETTLE_Z) -> bool:
    """Is the call made? No move still ``racing`` is likely to end ``horizon`` deals (the race's
    length) ``margin`` points or more ahead of ``choice``: :func:`likely_high` of their paired
    difference, ``z`` predictive errors above today's, stays below ``margin``.

    More deals would then change the move played, in all likelihood, only to one less than ``margin``
    better: the slack the bot already allows the hints' choice. Measured against a far costlier
    evaluation on 256 decisions (``benchmarks/expert_regret.py``; the README), ending so spared about
    a third of a decision's time for a few hundredths of a point lost a decision.
    """
    for t in racing:
        if t is choice:
            continue
        mean, var, n = paired_stats(t, choice)
        if n < 2 or likely_high(mean, math.sqrt(var / n), n, horizon, z) >= margin:
            return False
    return True


def likely_high(mean: float, se: float, n: int, horizon: int, z: float) -> float:
    """How high a mean of ``n`` deals with standard error ``se`` is likely to stand after ``horizon``
    deals: ``z`` errors of its prediction above today's. The deals to come move it by a spread of
    ``se * sqrt(1 - n / horizon)`` (what they may add, and what today's mean does not know of the
    truth), nothing once ``n`` reaches ``horizon``."""
    return mean + z * se * math.sqrt(max(0.0, 1 - n / horizon))


def by_value(tallies: Sequence[Tally], kept: Sequence[Tally]) -> list[Tally]:
    """Best first: the tallies still ``kept`` by their average, then the ones given up by theirs
    (a move given up ranks below every move tried to the end, whatever its shorter average says)."""
    ids = {id(t) for t in kept}
    return (sorted(kept, key=lambda t: -t.value)
            + sorted((t for t in tallies if id(t) not in ids), key=lambda t: -t.value))


class ExpertBot:
    """Plays the move with the best average playout for its side (see the module docstring).

    ``playouts`` bounds the playouts per decision; ``seconds``, if given, also stops a
    decision once it has taken that long (the choice then depends on the machine's
    speed; with ``playouts`` alone it is fixed by ``seed`` and the observation).
    ``settle_z`` is how sure a decision must be to end before its budget (:func:`call_made`;
    None: it never does).
    """

    name = "expert"
    wants_ranks = True

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS, seconds: float | None = None,
                 margin: float = MARGIN, match_weight: float = MATCH_WIN,
                 settle_z: float | None = SETTLE_Z) -> None:
        self.seed, self.playouts, self.seconds = seed, playouts, seconds
        self.margin, self.match_weight, self.settle_z = margin, match_weight, settle_z
        self.last: list[Tally] = []  # the tallies of the last decision, for anyone curious

    def choose(self, obs: Observation, opts: Options) -> Option:
        legal = opts.options
        self.last = []
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "meld":
            plan = go_out_plan(obs.stand_in())
            move = find_move(legal, plan[0]) if plan else None
            if move is not None:
                return move
        moves = candidates(opts)
        if len(moves) == 1:
            return moves[0]
        seed = f"{self.seed}/{obs.public.hand_no}/{obs.seq}/{obs.seat}"
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self.last = choose_move(obs, moves, self.playouts, seed, self.match_weight, self.margin, deadline,
                                settle_z=self.settle_z)
        return self.last[0].option


__all__ = ["ExpertBot", "Tally", "evaluate", "choose_move", "survivors", "call_made", "likely_high", "ranking",
           "paired_stats", "by_value", "candidates", "outcome", "MATCH_WIN", "PLAYOUTS", "PRUNE_AFTER", "PRUNE_Z",
           "SETTLE_Z"]
