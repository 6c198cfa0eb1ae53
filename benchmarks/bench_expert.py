"""Expert bot against heuristic bot: match win rate with a confidence interval, and time per decision.

Run: ``PYTHONPATH=. python3 benchmarks/bench_expert.py [--games 300] [--rules classic] [--players 2]
[--playouts 96] [--jobs 2] [--results FILE]``; ``--report FILE...`` prints the summary of the
matches a ``--results`` run wrote, so a long run stopped early still reports what it measured.

Games come in pairs with seats swapped: games ``2k`` and ``2k + 1`` are whole matches from the
same seed ``--seed + k`` (the same deals), the expert on side 0 in the first and on side 1 in the
second (at four players both seats of its side), so the luck of the cards is played from both
chairs. The win rate comes with a 95% Wilson interval. Decision times are the expert's
``choose`` calls alone, wall clock and CPU time (the machine is shared: the CPU time is what the
bot itself used). Not a test: the figures depend on the machine, so nothing asserts on them.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from banakil_replay.play.bots.selfplay import Bot, HeuristicBot, play_match  # noqa: E402
from banakil_replay.play.bots.expert import PLAYOUTS, ExpertBot  # noqa: E402
from banakil_replay.play.moves import Option, Options  # noqa: E402
from banakil_replay.play.observation import Observation  # noqa: E402
from banakil_replay.reducer import fold  # noqa: E402
from banakil_replay.play.seeds import seat_seed  # noqa: E402


class Timed:
    """An expert bot that records how long each of its decisions took (wall clock, CPU)."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot, self.name, self.wants_ranks = bot, bot.name, True
        self.times: list[tuple[float, float]] = []

    def choose(self, obs: Observation, opts: Options) -> Option:
        t, c = time.perf_counter(), time.process_time()
        move = self.bot.choose(obs, opts)
        self.times.append((time.perf_counter() - t, time.process_time() - c))
        return move


Result = tuple[int, bool, list[tuple[float, float]], int, float]


def one_match(job: tuple[str, int, int, int, int, int]) -> Result:
    """(expert's side, it won, its decision times, hands played, its side's points less the other's)."""
    rules, players, seed, side, playouts, max_hands = job
    timed = [Timed(ExpertBot(seat_seed(seed, s), playouts=playouts)) for s in range(players)]
    bots: list[Bot] = [timed[s] if s % 2 == side else HeuristicBot() for s in range(players)]
    final = fold(play_match(rules, players, bots, seed, max_hands=max_hands))
    times = [t for s in range(players) if s % 2 == side for t in timed[s].times]
    margin = float(final.totals[side]) - float(final.totals[1 - side]) if players in (2, 4) else 0.0
    return side, final.match_over and final.winner == side, times, final.hand_no, margin


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--playouts", type=int, default=PLAYOUTS)
    ap.add_argument("--max-hands", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2 cores, shared)")
    ap.add_argument("--results", type=Path, help="also write one JSON line per finished match here")
    ap.add_argument("--per-hand", type=int, metavar="DEALS",
                    help="instead of matches: DEALS single hands, each played twice with the seats swapped, the "
                    "expert's mean hand score margin over the heuristic's with its 95%% interval (the tips' runner, "
                    "play/analysis/experiment.py: a hand costs far less than a match, and a margin says more than a win)")
    ap.add_argument("--report", type=Path, nargs="+", metavar="RESULTS",
                    help="only print the summary of matches written by --results (runs may be joined)")
    args = ap.parse_args()
    if args.report:
        report_files(args.report)
        return
    if args.per_hand:
        per_hand(args.rules, args.players, args.per_hand, args.seed, args.playouts)
        return
    jobs = [(args.rules, args.players, args.seed + i // 2, i % 2, args.playouts, args.max_hands)
            for i in range(args.games)]
    start = time.perf_counter()
    results: list[Any] = []
    sink = args.results.open("w", encoding="utf-8") if args.results else None
    with ProcessPoolExecutor(max(args.jobs, 1)) as pool:
        for job, result in zip(jobs, pool.map(one_match, jobs)):
            results.append(result)
            if sink:  # a long run keeps what it has measured if it is stopped
                sink.write(json.dumps({"seed": job[2], "side": result[0], "won": result[1], "hands": result[3],
                                       "margin": result[4], "times": result[2]}) + "\n")
                sink.flush()
            print(f"\r{len(results)}/{len(jobs)} matches, expert won {sum(r[1] for r in results)}",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{args.rules}, {args.players} players, {args.games} matches (seeds {args.seed}.."
          f"{args.seed + (args.games - 1) // 2}, each played from both sides), expert playouts {args.playouts}")
    report(results, time.perf_counter() - start)


def per_hand(rules: str, players: int, deals: int, seed: int, playouts: int) -> None:
    """The expert against the heuristic bot, hand by hand, on paired deals (see ``--per-hand``)."""
    from banakil_replay.play.analysis.experiment import run_experiment

    done = [0]

    def tick(_game: Any) -> None:
        done[0] += 1
        print(f"\r{done[0]}/{2 * deals} hands", end="", file=sys.stderr, flush=True)

    start = time.process_time()
    res = run_experiment(lambda: ExpertBot(seed, playouts=playouts), HeuristicBot, rules, players, deals, seed=seed,
                         on_game=tick)
    print(file=sys.stderr)
    iv = res.interval
    print(f"{rules}, {players} players, {deals} deals (seed {seed}) each played with the expert on either side "
          f"against HeuristicBot: the expert's side ends a hand {iv.mean:+.2f} points ahead on average (95% "
          f"interval {iv.low:+.2f} to {iv.high:+.2f}); {time.process_time() - start:.0f} CPU s")


def report(results: list[Any], elapsed: float | None = None) -> None:
    """The summary: win rate with its interval, by side, decision times, hands and margin."""
    wins = sum(r[1] for r in results)
    walls = sorted(t for r in results for t, _ in r[2])
    cpus = sorted(c for r in results for _, c in r[2])
    lo, hi = wilson(wins, len(results))
    by_side = {s: [r[1] for r in results if r[0] == s] for s in (0, 1)}
    print(f"expert wins {wins}/{len(results)} = {wins / max(len(results), 1):.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); as side 0: {sum(by_side[0])}/{len(by_side[0])}, "
          f"as side 1: {sum(by_side[1])}/{len(by_side[1])}")
    for label, times in (("wall clock", walls), ("CPU", cpus)):
        if times:
            print(f"expert decisions ({label}): {len(times)}, median {statistics.median(times) * 1e3:.0f} ms, "
                  f"p90 {times[int(0.9 * (len(times) - 1))] * 1e3:.0f} ms, worst {times[-1] * 1e3:.0f} ms")
    hands = sum(r[3] for r in results)
    margins = [r[4] for r in results] or [0.0]
    took = f"; {elapsed:.0f} s" if elapsed is not None else ""
    print(f"{hands / max(len(results), 1):.1f} hands per match; the expert's side ends "
          f"{statistics.mean(margins):+.1f} points ahead on average{took}")


def report_files(paths: list[Path]) -> None:
    """The summary of matches written by ``--results`` (several runs may be joined)."""
    rows = [json.loads(line) for p in paths for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    print(f"{len(rows)} matches from {', '.join(map(str, paths))}")
    report([(r["side"], r["won"], [tuple(t) for t in r["times"]], r["hands"], r["margin"]) for r in rows])


if __name__ == "__main__":
    main()
