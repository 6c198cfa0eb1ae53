"""Validated replay measured beside python-chess and the plain JSON parse, in one process.

    python benchmarks/bench_vs_chess.py [--quick] [--wall] [--no-memory]   # needs `pip install chess` (benchmark only)

Workloads, each a file or game at a time, in interleaved rounds (medians reported; CPU time unless ``--wall``):

* ``json``: stdlib ``json.loads`` of every line of each log (the floor for reading a log);
* ``replay``: ``fold_log(path)``: read, decode, check every rule, fold, as ``validate`` does; the
  meld caches stay warm across files and rounds (a long-running process replaying many logs);
* ``replay_cold``: the same with the meld caches emptied before each file (what ``validate`` of
  one log in a fresh process sees);
* ``chess``: python-chess replaying random legal games with ``is_legal`` + ``push`` (moves
  pre-parsed, the strictest anchor), and ``push_san`` from SAN text.

Then peak memory of ``banakil-replay validate`` and ``bulk`` on one long generated match.
Figures, not assertions: the README's performance table quotes them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from banakil_replay.play.bots.selfplay import HeuristicBot, play_match  # noqa: E402
from banakil_replay.log.stream import fold_log  # noqa: E402
from banakil_replay.melds import clear_caches  # noqa: E402

DATA = ROOT / "benchmarks" / ".data"


def matches(n: int) -> list[Path]:
    """``n`` self-played two-player classic matches, played to the target, one file each (cached)."""
    folder = DATA / f"matches-{n}"
    paths = sorted(folder.glob("*.jsonl"))
    if len(paths) == n:
        return paths
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    for i in range(n):
        log = play_match("classic", 2, [HeuristicBot(), HeuristicBot()], seed=i)
        (folder / f"m{i:04}.jsonl").write_text(
            "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in log), encoding="utf-8")
    print(f"  played {n} matches in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return sorted(folder.glob("*.jsonl"))


def chess_games(n: int) -> list[tuple[list[Any], list[str]]]:
    """``n`` random legal chess games (seeded) as (moves, SAN texts)."""
    import chess

    rng = random.Random(0)
    games = []
    for _ in range(n):
        board = chess.Board()
        moves, sans = [], []
        while not board.is_game_over() and len(moves) < 400:
            move = rng.choice(list(board.legal_moves))
            sans.append(board.san(move))
            moves.append(move)
            board.push(move)
        games.append((moves, sans))
    return games


def run_rounds(workloads: dict[str, Callable[[], None]], rounds: int,
               clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    times: dict[str, list[float]] = {k: [] for k in workloads}
    for _ in range(rounds):
        for name, fn in workloads.items():  # interleaved: drift in the machine hits every workload alike
            t = clock()
            fn()
            times[name].append(clock() - t)
    return {k: statistics.median(v) for k, v in times.items()}


def long_log(events: int) -> Path:
    """One long match (random legal play, target raised out of reach) of about ``events`` events."""
    from random_play import random_game  # type: ignore[import-not-found]

    path = DATA / f"long-{events}.jsonl"
    if path.exists():
        return path
    DATA.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    log = random_game("classic", 2, seed=1, max_hands=10**6, max_steps=events,
                      options={"targets": [[2, 100000], [3, 100000], [4, 100000]]})
    path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in log), encoding="utf-8")
    print(f"  generated {len(log)} events in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return path


def peak_rss_mb(*command: str) -> float:
    """Peak resident memory of a command, in MB, measured by a fresh wrapper process."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True)
    return int(out.stdout.strip()) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and rounds, a short long log")
    ap.add_argument("--wall", action="store_true",
                    help="wall clock instead of CPU time (on a busy machine wall clock spreads 20%%, CPU time 1%%)")
    ap.add_argument("--no-memory", action="store_true", help="skip the long log's peak-memory measurement")
    args = ap.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        sys.exit("bench_vs_chess needs python-chess: pip install chess")
    paths = matches(40 if args.quick else 200)
    texts = [p.read_text(encoding="utf-8").splitlines() for p in paths]
    n_events = sum(len(t) for t in texts)
    games = chess_games(60 if args.quick else 300)
    n_moves = sum(len(m) for m, _ in games)

    import chess

    def replay_chess() -> None:
        for moves, _ in games:
            board = chess.Board()
            for move in moves:
                if not board.is_legal(move):
                    raise AssertionError(move)
                board.push(move)

    def replay_san() -> None:
        for _, sans in games:
            board = chess.Board()
            for san in sans:
                board.push_san(san)

    def replay_cold() -> None:
        for p in paths:
            clear_caches()
            fold_log(p)

    medians = run_rounds({
        "json": lambda: [[json.loads(line) for line in t] for t in texts],
        "replay": lambda: [fold_log(p) for p in paths],
        "replay_cold": replay_cold,
        "chess": replay_chess,
        "chess_san": replay_san,
    }, rounds=3 if args.quick else 7, clock=time.perf_counter if args.wall else time.process_time)
    rate = {"json": n_events / medians["json"], "replay": n_events / medians["replay"],
            "replay_cold": n_events / medians["replay_cold"],
            "chess": n_moves / medians["chess"], "chess_san": n_moves / medians["chess_san"]}
    print(f"{len(paths)} matches, {n_events:,} events; {len(games)} chess games, {n_moves:,} moves; "
          f"{'wall clock' if args.wall else 'CPU time'}, medians of interleaved rounds")
    for k, v in rate.items():
        print(f"  {k:10} {v:12,.0f} per second")
    print(f"  replay / chess is_legal+push: {rate['replay'] / rate['chess']:.2f}x (target >= 1.5)")
    print(f"  replay costs {rate['json'] / rate['replay']:.1f}x the JSON parse (target <= 3)")
    print(f"  cold caches: {rate['replay_cold'] / rate['chess']:.2f}x chess, "
          f"{rate['json'] / rate['replay_cold']:.1f}x the JSON parse")
    if args.no_memory:
        return

    big = long_log(30_000 if args.quick else 340_000)
    size = big.stat().st_size / 1e6
    cli = [sys.executable, "-m", "banakil_replay"]
    validate_mb = peak_rss_mb(*cli, "validate", str(big))
    with tempfile.TemporaryDirectory() as out:
        bulk_mb = peak_rss_mb(*cli, "bulk", str(big), "--out", str(Path(out) / "long.parquet"), "--workers", "1")
    baseline_mb = peak_rss_mb(sys.executable, "-c", "import banakil_replay.cli.main")
    print(f"long log: {sum(1 for _ in big.open()):,} events, {size:.1f} MB")
    print(f"  peak RSS: validate {validate_mb:,.0f} MB, bulk {bulk_mb:,.0f} MB (interpreter + package alone: "
          f"{baseline_mb:,.0f} MB; target under 100 MB)")


if __name__ == "__main__":
    main()
