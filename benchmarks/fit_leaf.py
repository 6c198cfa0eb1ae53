"""Fit the expert bot's leaf estimate (``expert.leaf_values``) to playouts of whole hands.

Run: ``PYTHONPATH=. python3 benchmarks/fit_leaf.py [--games 300] [--seed 2000]``.

Hands of classic two-player self-play (HeuristicBot on both seats) give the
positions: a dozen at random per hand, each at the start of a turn. From each,
the rollout policy plays the hand out to its end, and the final score of the
seat to act less the other's is the target. The features are the leaf's own,
as differences between the two seats: points melded plus points the best
split of the hand would meld, cards the split leaves over, and "has melded
nothing and can meld nothing". Least squares gives a weight for each; the
leaf uses the points at weight 1 (the fit gives about 1), ``CARD_COST`` = minus
the card weight and ``UNOPENED_SHARE`` = the third weight over the flat score.
Prints the weights, their spread over halves of the data, and the share of the
variance explained. Not a test: the numbers are copied into ``expert.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from banakil_replay.play.bots.selfplay import HeuristicBot, play_match  # noqa: E402
from banakil_replay.play.bots.rollout import partition, play_out  # noqa: E402
from banakil_replay.hand_end import seat_inputs  # noqa: E402
from banakil_replay.reducer import replay  # noqa: E402
from banakil_replay.state import GameState  # noqa: E402

Row = tuple[list[float], float]


def features(state: GameState, seat: int) -> list[float]:
    rules = state.rules
    assert rules is not None
    part = partition(state.hands[seat], rules)
    if not state.opened[seat] and not part.melds:
        return [0.0, 0.0, 1.0]
    return [seat_inputs(state, rules)[seat].melded + part.value, float(len(part.left)), 0.0]


def rows(games: int, seed: int) -> list[Row]:
    rng = random.Random(seed)
    out: list[Row] = []
    for g in range(seed, seed + games):
        rp = replay(play_match("classic", 2, [HeuristicBot(), HeuristicBot()], g, max_hands=1))
        starts = [s for s in rp.states if s.in_hand and s.phase == "draw"]
        for state in rng.sample(starts, min(12, len(starts))):
            final = play_out(state, random.Random(rng.getrandbits(32)))
            if final.hand_score is None or final.in_hand:
                continue
            me, other = state.turn, 1 - state.turn
            x = [a - b for a, b in zip(features(state, me), features(state, other))] + [1.0]
            sides = final.hand_score.sides
            out.append((x, float(sides[me]) - float(sides[other])))
    return out


def least_squares(data: list[Row]) -> list[float]:
    """Weights minimising the squared error, by the normal equations (four unknowns)."""
    k = len(data[0][0])
    a = [[sum(x[i] * x[j] for x, _ in data) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in data) for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col])]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def explained(data: list[Row], w: list[float]) -> float:
    ys = [y for _, y in data]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    resid = sum((y - sum(a * b for a, b in zip(x, w))) ** 2 for x, y in data)
    return 1 - resid / total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2000)
    args = ap.parse_args()
    data = rows(args.games, args.seed)
    w = least_squares(data)
    halves = [least_squares(data[i::2]) for i in (0, 1)]
    names = ["points melded or meldable", "cards left over", "nothing melded or meldable", "to act"]
    print(f"{len(data)} positions from {args.games} hands; variance explained {explained(data, w):.2f}")
    for i, name in enumerate(names):
        print(f"  {name:28} {w[i]:7.2f}   (halves {halves[0][i]:.2f}, {halves[1][i]:.2f})")
    print(f"CARD_COST = {-w[1]:.1f}; UNOPENED_SHARE = {w[2] / -20:.1f} of the flat -20")


if __name__ == "__main__":
    main()
