"""The judge: which move is best at a position, and by how much, with the error of that figure.

Everything that grades or recommends a move (the review, the hint, *Ask the expert*, the
mistakes drill) asks this module, so they say the same thing about the same position.

A judgement has two stages, each in deals sampled from the deciding seat's observation (what it
could know then, never the hidden cards) and played out by the expert's evaluation
(``expert.py``: every move in the same deals until the seat's next turn is over):

1. **Selection.** Every candidate move (the expert's, the move played and the way out, if any)
   in :data:`SELECT_DEALS` deals; the best average is the *leader*. (With more deals than
   :data:`PRUNE_AFTER`, a move far behind by then is tried in no more: ``expert.survivors``; and
   once the leader is clear, :data:`SELECT_SLACK`, no move is.)
2. **Estimation.** The leader against the move played (or, with no move played, against the
   runner-up) in fresh deals, :data:`BATCH` at a time from :data:`MIN_DEALS`: the loss is the mean
   of the paired differences, and its 95% interval is :func:`quantile` standard errors either side
   (Student's t: the standard error is estimated from the same few deals). Deals are added while
   the interval straddles a verdict boundary (1, 3 or 10 points), up to :data:`MAX_DEALS`, or twice
   that while it straddles 3 or 10: whether to show a learner a mistake deserves the closer look.
   A boundary the interval's low end could reach by then only by a rare rise of the mean is given
   up sooner (:func:`worth_more`): most decisions are clear agreements, and their deals were the
   bulk of a review's time.

Fresh deals for the estimate matter: the leader is the best of several noisy averages, so the
deals that chose it flatter it (the winner's curse), and a loss measured on them comes out too
large. Measured on fresh deals it is unbiased, and only smaller when the leader was chosen wrongly.

A verdict is the lowest class the interval reaches: a move is called questionable only when
its loss is at least 3 points with 95% confidence, so a second look with other deals (another
``seed``) seldom contradicts it. The README gives the stability measured across seeds.

Why 12 deals to choose and 16 to start measuring (issue 22; 16 and 32 before), with Student's t:
most decisions are clear, and the deals spent confirming them changed no flag. Over three seeds of a
whole two-player match of heuristic play (230 decisions), the questionable-or-worse calls were the
same in number and as stable across seeds; calls of 1-3 points ("acceptable") were fewer (17
against 22 over the three seeds) and about as reproducible. Choosing in 8 deals was faster still, but its 1-3 point
calls were half as reproducible, so it was not kept. The README gives the figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..bots.expert import (PRUNE_AFTER, PRUNE_Z, SETTLE_Z, Deals, Tally, by_value, call_made, candidates, likely_high,
                           paired_stats, play, survivors)
from ..moves import Move, Option, Options, move_key
from ..observation import Observation

SELECT_DEALS = 12  # deals every candidate is tried in to choose the leader
FUTILITY_Z = 1.645  # a boundary is given up when the mean would have to rise this many (predictive) errors
BATCH = 16  # fresh deals added at a time while estimating a loss
MIN_DEALS = 16  # fresh deals an estimate starts from
MAX_DEALS = 160  # at most this many fresh deals for one estimate
Z = 1.96  # half-width of a 95% interval in standard errors, when the spread is known (t's limit)
BOUNDARIES = (1.0, 3.0, 10.0)  # the verdict classes' bounds (review.AGREE, ACCEPTABLE, BLUNDER)
FLAG_BOUNDARIES = (3.0, 10.0)  # the bounds of questionable and blunder: a mistake the learner is shown
SELECT_SLACK = BOUNDARIES[0]  # a leader likely within this of the best is chosen early: a loss under it is agreement


# Student's t at 97.5% for 1..9 degrees of freedom, where the expansion below drifts from the table
_T_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622)


def quantile(n: int) -> float:
    """Half the width of a 95% interval for the mean of ``n`` paired differences, in standard
    errors: Student's t with ``n - 1`` degrees of freedom, since the spread is estimated from the
    same deals (2.13 at 16 deals, 2.04 at 32, :data:`Z` in the limit). From 10 degrees of freedom
    on, the Cornish-Fisher expansion around :data:`Z` (within 0.0002 of the printed tables)."""
    df = n - 1
    if df < 1:
        return math.inf
    if df <= len(_T_SMALL):
        return _T_SMALL[df - 1]
    z = Z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def half_width(se: float, n: int) -> float:
    """Half the width of the 95% interval of a mean over ``n`` deals with standard error ``se``."""
    return quantile(n) * se if se else 0.0  # no spread: no width, even where t is infinite


@dataclass(frozen=True)
class Estimate:
    """How much better ``better`` is than ``other``, in points: ``mean`` and its standard error over
    ``n`` paired fresh deals."""

    better: Tally
    other: Tally
    mean: float
    se: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @property
    def half_width(self) -> float:
        return half_width(self.se, self.n)


@dataclass(frozen=True)
class Judgement:
    """A position judged: every candidate's selection tally (best first) and, when there were two
    moves to compare, the estimate of the leader's edge."""

    selection: tuple[Tally, ...]
    estimate: Estimate | None

    @property
    def leader(self) -> Tally:
        return self.selection[0]


def paired(a: Tally, b: Tally) -> tuple[float, float, int]:
    """Mean and standard error of ``a`` less ``b`` over the deals both were played in."""
    mean, var, n = paired_stats(a, b)
    return mean, (math.sqrt(var / n) if n > 1 else math.inf), n


def straddles(low: float, high: float, boundaries: Sequence[float] = BOUNDARIES) -> bool:
    """Does an interval reach across a verdict boundary (so more deals could change the verdict)?"""
    return any(low < b <= high for b in boundaries)


def estimate(obs: Observation, better: Option, others: Sequence[tuple[Option, tuple[Move, ...]]],
             seed: str, max_deals: int = MAX_DEALS, match_weight: float = 0.0, sequential: bool = True) -> Estimate:
    """``better`` against the best of ``others`` (a move and the seat's moves after it), in fresh deals.

    Of several lines for the other side (a meld, and the same meld followed by a discard), the one
    with the higher mean is kept: the move is given the better of its own continuations.
    """
    pool = Deals(obs, seed)
    side = obs.side()
    lead = Tally(better)
    rivals = [Tally(o, then=tuple(then)) for o, then in others]
    done = 0
    while True:
        stop = min(2 * max_deals, done + (MIN_DEALS if done == 0 else BATCH))
        for t in (lead, *rivals):
            play(pool, t, done, stop, side, match_weight)
        done = stop
        other = max(rivals, key=lambda t: t.value)
        mean, se, n = paired(lead, other)
        if not worth_more(mean, se, n, max_deals, sequential):
            return Estimate(lead, other, mean, se, n)


def worth_more(mean: float, se: float, n: int, max_deals: int = MAX_DEALS, sequential: bool = True) -> bool:
    """Should an estimate of ``mean`` with standard error ``se`` over ``n`` deals take more deals?

    While its interval straddles a verdict boundary, more deals could move the verdict, up to
    ``max_deals`` (twice that for a doubt about a flag, 3 or 10 points: a flag must survive a
    second look). The verdict is the class of the interval's low end, and at the most deals
    allowed that end can reach a boundary ``b`` only if the mean then is ``b`` plus
    :func:`quantile` of its smaller errors. With ``sequential``, a boundary is given up once the mean would have to rise
    that far by more than :data:`FUTILITY_Z` of the errors the remaining deals could move it
    (a predictive bound: the figure after ``N`` deals has spread ``se * sqrt(1 - n / N)`` around
    today's); most decisions are plain agreements whose interval touches 1 point, and they stop
    long before the limit. The README gives the stability measured with and without.
    """
    half = half_width(se, n)
    low, high = mean - half, mean + half
    for b in BOUNDARIES:
        if not low < b <= high:
            continue
        limit = 2 * max_deals if b in FLAG_BOUNDARIES else max_deals
        if n >= limit:
            continue
        if not sequential or not math.isfinite(se):
            return True
        if likely_high(mean, se, n, limit, FUTILITY_Z) >= b + quantile(limit) * se * math.sqrt(n / limit):
            return True
    return False


def select(obs: Observation, moves: Sequence[Option], seed: str, deals: int = SELECT_DEALS,
           match_weight: float = 0.0, sequential: bool = True) -> list[Tally]:
    """Every move in the same ``deals`` deals; best first.

    With ``sequential``, after :data:`PRUNE_AFTER` deals a move the leader beats by more than
    :data:`PRUNE_Z` standard errors of their paired difference is tried in no more deals (it keeps
    its average over the deals it was tried in): it could not have become the leader but by a
    three-sigma turn of luck, and most decisions have a few such moves. Moves given up are ranked
    after the others. And when no move left is likely to end the ``deals`` a point or more ahead of
    the leader (``expert.call_made`` with :data:`SELECT_SLACK`), the rest of the deals are spared:
    a loss under a point is agreement, so they could change no verdict but by a rare turn of luck.
    Over six seeds of a whole match's review (1,380 verdicts) one verdict changed, and the verdicts
    were as stable across seeds.
    """
    pool = Deals(obs, seed)
    side = obs.side()
    tallies = [Tally(o) for o in moves]
    first = min(PRUNE_AFTER, deals) if sequential else deals
    for t in tallies:
        play(pool, t, 0, first, side, match_weight)
    kept = tallies
    if first < deals:
        kept = survivors(tallies)
        if not call_made(by_value(tallies, kept)[0], kept, SELECT_SLACK, deals, SETTLE_Z):
            for t in kept:
                play(pool, t, first, deals, side, match_weight)
    return by_value(tallies, kept)


def judge_moves(obs: Observation, moves: Sequence[Option], seed: str,
                played: Sequence[tuple[Option, tuple[Move, ...]]] = (), max_deals: int = MAX_DEALS) -> Judgement:
    """The leader among ``moves`` and its edge over the ``played`` lines (the move played, and the
    same move followed by a discard), or over the runner-up when nothing was played.

    When the move played is the leader there is nothing to estimate: the judgement agrees.
    """
    ranked = select(obs, moves, f"{seed}/select", min(SELECT_DEALS, max_deals))
    leader = ranked[0]
    if played:
        if any(move_key(o.event) == move_key(leader.option.event) and not then for o, then in played):
            return Judgement(tuple(ranked), None)
        rivals = list(played)
    elif len(ranked) > 1:
        rivals = [(ranked[1].option, ())]
    else:
        return Judgement(tuple(ranked), None)
    return Judgement(tuple(ranked), estimate(obs, leader.option, rivals, f"{seed}/estimate", max_deals))


def candidate_moves(opts: Options, extra: Sequence[Option] = ()) -> list[Option]:
    """The expert's candidates, and the ``extra`` moves (the move played, a way out) not among them."""
    moves = candidates(opts)
    for o in extra:
        if all(move_key(m.event) != move_key(o.event) for m in moves):
            moves.append(o)
    return moves


__all__ = ["Estimate", "Judgement", "judge_moves", "select", "estimate", "paired", "straddles", "candidate_moves",
           "worth_more", "quantile", "SELECT_DEALS", "BATCH", "MIN_DEALS", "MAX_DEALS", "Z", "BOUNDARIES"]
