"""Heuristic bot against random bot: win rate and speed over many matches.

Run: ``PYTHONPATH=. python3 benchmarks/bench_bots.py [--games 300] [--rules classic] [--players 2]``.
The heuristic bot takes side ``i % 2`` in game ``i`` (at four players both seats of
that side), so neither bot always plays first. Each game is a whole match
played to the target from seed ``--seed + i``. Not a test: the figures depend
on the machine, so nothing asserts on them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from banakil_replay.play.bots.selfplay import Bot, HeuristicBot, RandomBot, play_match  # noqa: E402
from banakil_replay.log.progress import Progress  # noqa: E402
from banakil_replay.reducer import fold  # noqa: E402
from banakil_replay.play.seeds import seat_seed  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--max-hands", type=int, default=100)
    args = ap.parse_args()
    wins = unfinished = hands = events = 0
    progress = Progress(args.games)
    for i in range(args.games):
        seed = args.seed + i
        side = i % 2
        bots: list[Bot] = [HeuristicBot() if s % 2 == side else RandomBot(seat_seed(seed, s)) for s in range(args.players)]
        log = play_match(args.rules, args.players, bots, seed, max_hands=args.max_hands)
        final = fold(log)
        hands += final.hand_no
        events += len(log)
        if not final.match_over:
            unfinished += 1
        elif final.winner == side:
            wins += 1
        progress.step()
    elapsed = progress.elapsed
    progress.done(f"{args.rules}, {args.players} players, {args.games} matches "
                  f"(seeds {args.seed}..{args.seed + args.games - 1})")
    decided = args.games - unfinished
    print(f"heuristic wins {wins}/{decided} decided matches = {wins / max(decided, 1):.1%}; unfinished {unfinished}")
    print(f"{args.games / elapsed:.2f} games/s, {events / elapsed:.0f} events/s; "
          f"{hands / args.games:.1f} hands and {events / args.games:.0f} events per match; {elapsed:.1f} s")


if __name__ == "__main__":
    main()
