"""Benchmarks for what users wait for. Figures, not assertions: run and read.

    python benchmarks/run_benchmarks.py            # full run (generates ~10,000 games once, cached)
    python benchmarks/run_benchmarks.py --quick    # a smaller run for a first look

Sections: replay throughput against the JSON-parse floor, options latency over
self-played states and adversarial hands, the go-out solver, notebook
stepping (Python side), and bulk replay into pandas. Self-played games are
cached in ``benchmarks/.data/`` (gitignored) so reruns measure, not generate.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banakil_replay.log import bulk  # noqa: E402
from banakil_replay.play.bots.selfplay import HeuristicBot, play_match  # noqa: E402
from banakil_replay.cards import parse_cards  # noqa: E402
from banakil_replay.events import FORMAT  # noqa: E402
from banakil_replay.play.coach.options import options  # noqa: E402
from banakil_replay.log.stream import fold_log, replay_log  # noqa: E402
from banakil_replay.reducer import replay  # noqa: E402
from banakil_replay.rules import get_ruleset  # noqa: E402
from banakil_replay.play.search.solver import best_partition, go_out  # noqa: E402

DATA = ROOT / "benchmarks" / ".data"

#: Adversarial 19-card hands: both jokers, four 2s, long runs, many aces and threes.
ADVERSARIAL = [
    "JK JK 2C 2D 2H 2S 3H 4H 5H 6H 7H 8H 3S 4S 5S 6S AC AD AS",
    "2C 2D 2H 2S 2C 2D JK JK 3H 5H 7H 9H JH KH 3S 5S 7S 9S JS",
    "3C 3D 3H 3S AC AD AH AS 3C 3D AH AS 4C 5C 4D 5D JK 2H 2S",
    "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S JK 3S 3D AC AD AS",
    "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3H 3D 3S 2D JK",
]


def timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


TABLES = [("classic", 4), ("classic", 2), ("jawaker", 4), ("eram", 4), ("kroot", 4)]


def one_game(args: tuple[int, str]) -> list[str]:
    """Game ``i``: a one-hand self-played game (heuristic bots), or a quick random one.

    The quick random player (tests/random_play.py) proposes few moves and checks them
    with the reducer; it makes the 10,000 bulk games in minutes where RandomBot, which
    lists every option at every step, would take an hour.
    """
    i, kind = args
    rules, players = TABLES[i % len(TABLES)]
    if kind == "heuristic":
        log = play_match(rules, players, [HeuristicBot() for _ in range(players)], seed=i, max_hands=1)
    else:
        sys.path.insert(0, str(ROOT / "tests"))
        from random_play import random_game  # type: ignore[import-not-found]

        log = random_game(rules, players, seed=i)
    return [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in log]


def games(n: int, kind: str) -> list[list[str]]:
    """``n`` games as lists of JSON lines, generated once (on every core) and cached."""
    from multiprocessing import Pool

    DATA.mkdir(parents=True, exist_ok=True)
    cache = DATA / f"{kind}-{n}.jsonl"
    if cache.exists():
        return [json.loads(line) for line in cache.read_text(encoding="utf-8").splitlines()]
    t0 = time.perf_counter()
    with Pool() as pool:
        out = pool.map(one_game, [(i, kind) for i in range(n)], chunksize=20)
    print(f"  generated {n} {kind} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    cache.write_text("\n".join(json.dumps(g) for g in out) + "\n", encoding="utf-8")
    return out


def bench_replay(logs: list[list[str]]) -> dict[str, Any]:
    """Validated replay from files, as ``validate`` does it, against parsing the same lines."""
    n = sum(len(g) for g in logs)
    paths = write_logs(logs, f"replay-{len(logs)}")
    # best of three: the floor is the stdlib parsing the same lines (already in memory)
    parse = min(timed(lambda: [[json.loads(x) for x in g] for g in logs]) for _ in range(3))
    folded = min(timed(lambda: [fold_log(p) for p in paths]) for _ in range(3))
    kept = min(timed(lambda: [replay_log(p) for p in paths]) for _ in range(3))
    per_hand = folded / max(1, len(logs)) * 1000
    return {"events": n, "parse_eps": n / parse, "fold_eps": n / folded, "replay_eps": n / kept,
            "ratio_fold_to_parse": folded / parse, "ms_per_hand": per_hand}


def write_logs(logs: list[list[str]], name: str) -> list[str]:
    """The games as one log file each, in ``benchmarks/.data/<name>/`` (written once)."""
    folder = DATA / name
    if not folder.exists():
        folder.mkdir(parents=True)
        for i, g in enumerate(logs):
            (folder / f"g{i:05}.jsonl").write_text("\n".join(g) + "\n", encoding="utf-8")
    return bulk.find_logs(folder)


def bench_options(logs: list[list[str]], samples: int) -> dict[str, Any]:
    rng = random.Random(0)
    states = [s for g in logs for s in replay([json.loads(x) for x in g]).states if s.in_hand]
    pick = rng.sample(states, min(samples, len(states)))
    for s in pick[:50]:
        options(s)  # warm the meld caches, as any session past its first moves is
    # Holding every state of 1,000 games keeps millions of objects alive; a full garbage
    # collection over them would be timed as "options" otherwise. Freeze them out of it.
    import gc

    gc.collect()
    gc.freeze()
    times = []
    for s in pick:
        t = time.perf_counter()
        options(s)
        times.append(time.perf_counter() - t)
    gc.unfreeze()
    times.sort()
    return {"states": len(pick), "median_ms": statistics.median(times) * 1000,
            "p99_ms": times[int(len(times) * 0.99) - 1] * 1000, "max_ms": times[-1] * 1000}


def adversarial_states() -> list[Any]:
    """Meld-phase states where the player to act holds each adversarial hand (dealt so, 19 cards)."""
    from banakil_replay.cards import deck_list
    from collections import Counter

    out = []
    for text in ADVERSARIAL:
        hand = list(parse_cards(text))
        rest = list((Counter(deck_list()) - Counter(hand)).elements())
        random.Random(1).shuffle(rest)
        hands = [[c.code for c in hand]] + [[c.code for c in rest[18 * i:18 * i + 18]] for i in range(3)]
        stock = rest[54:]
        log = [{"seq": 0, "type": "match_started", "format": FORMAT, "rules": "jawaker", "players": list("ABCD")},
               {"seq": 1, "type": "hand_started", "hand": 1, "dealer": 3, "hands": hands,
                "stock": [c.code for c in stock]}]
        out.append(replay(log).final)  # jawaker: the starter holds 19 and melds first
    return out


def bench_adversarial() -> dict[str, Any]:
    rules = get_ruleset("classic")
    opt_t, sol_t, out_t = [], [], []
    for s in adversarial_states():
        opt_t.append(timed(lambda: options(s)))
    for text in ADVERSARIAL:
        hand = parse_cards(text)
        sol_t.append(timed(lambda: best_partition(hand, rules)))
        out_t.append(timed(lambda: go_out(hand, rules)))
    ms = lambda xs: (statistics.median(xs) * 1000, max(xs) * 1000)  # noqa: E731
    return {"options_median_ms": ms(opt_t)[0], "options_worst_ms": ms(opt_t)[1],
            "partition_median_ms": ms(sol_t)[0], "partition_worst_ms": ms(sol_t)[1],
            "go_out_median_ms": ms(out_t)[0], "go_out_worst_ms": ms(out_t)[1]}


def bench_stepping() -> dict[str, Any]:
    from banakil_replay.notebook.widgets import ReplayStepper

    stepper = ReplayStepper(str(ROOT / "sample_games" / "classic_4p_partnership.jsonl"))
    times = []
    stepper.first.click()
    for _ in range(len(stepper.replay) - 1):  # one click = the event applied, table, options, notes redrawn
        t = time.perf_counter()
        stepper.next.click()
        times.append(time.perf_counter() - t)
    return {"steps": len(times), "median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000}


def bench_bulk(logs: list[list[str]]) -> dict[str, Any]:
    paths = write_logs(logs, f"bulk-{len(logs)}")
    out: dict[str, Any] = {"games": len(paths), "cores": os.cpu_count()}
    for workers in (1, os.cpu_count() or 1):
        t = time.perf_counter()
        hands, matches = bulk.frames(*bulk.run(paths, workers=workers, progress=False))
        out[f"games_per_s_{workers}w"] = len(paths) / (time.perf_counter() - t)
    out["hands"] = len(hands)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games (a first look in under a minute)")
    ap.add_argument("--only", choices=("replay",), help="run one section only")
    args = ap.parse_args()
    n_games = 200 if args.quick else 1000
    n_bulk = 1000 if args.quick else 10000
    report: dict[str, Any] = {}
    heuristic = games(n_games, "heuristic")
    report["replay"] = bench_replay(heuristic)
    if args.only == "replay":
        print(json.dumps(report, indent=2, default=lambda x: round(x, 2)))
        return
    report["options"] = bench_options(heuristic, 1000 if args.quick else 5000)
    report["adversarial"] = bench_adversarial()
    try:
        report["stepping"] = bench_stepping()
    except ImportError as e:  # widgets need ipywidgets: report, do not hide
        report["stepping"] = {"error": str(e)}
    report["bulk"] = bench_bulk(games(n_bulk, "random"))
    print(json.dumps(report, indent=2, default=lambda x: round(x, 2)))
    for section, figures in report.items():
        print(f"{section:12} " + ", ".join(f"{k}={v:,.2f}" if isinstance(v, float) else f"{k}={v}"
                                           for k, v in figures.items()))


if __name__ == "__main__":
    main()
