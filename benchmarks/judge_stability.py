"""How often the review's verdicts survive another sampling seed.

    PYTHONPATH=. python3 benchmarks/judge_stability.py [--seeds 0 1] [--hands 2] [--game-seed 5]
        [--log FILE] [--workers N] [--code DIR] [--out FILE]

Reviews every decision of the first ``--hands`` hands of a classic two-player self-play match
(``selfplay --seed 5``: heuristic bots), or of the log ``--log``, once per judge seed, then reports,
over every pair of seeds: the share of decisions given the same verdict, the share of
questionable-or-worse verdicts under one seed that are questionable-or-worse under the other, and
the same for every call that is not ``agree`` and for ``acceptable`` ones (kept as a call, not
``agree``, under the other seed). Each share comes with its 95% Wilson interval. ``--workers`` judges
in that many processes (the same verdicts). ``--code DIR`` measures the ``banakil_replay`` found in
DIR instead of this checkout's (e.g. a ``git worktree`` of an earlier commit), so two versions of the
judge are compared on the same decisions. The README's figures were made with these options.
"""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# --code is read before the imports below, which it decides
CODE = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv[:-1] else str(ROOT)
sys.path[:0] = [CODE, str(ROOT / "benchmarks")]

from banakil_replay.play.bots.selfplay import make_bots, play_match  # noqa: E402
from banakil_replay.play.analysis.review import review  # noqa: E402
from banakil_replay.log.load import load_replay  # noqa: E402
from banakil_replay.reducer import replay  # noqa: E402
from bench_expert import wilson  # noqa: E402


def share(k: int, n: int) -> dict[str, float | int]:
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "share": round(k / n, 3) if n else 0.0, "low": round(lo, 3), "high": round(hi, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1], help="judge seeds (default 0 1)")
    parser.add_argument("--hands", type=int, default=2, help="hands of the match to review (default 2)")
    parser.add_argument("--game-seed", type=int, default=5, help="the self-play match's seed (default 5)")
    parser.add_argument("--log", type=Path, help="review this log instead of a self-play match")
    parser.add_argument("--workers", type=int, default=1, help="processes judging at once (default 1)")
    parser.add_argument("--code", help="the directory holding the banakil_replay to measure (default: this checkout)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here too")
    args = parser.parse_args()

    if args.log is not None:
        rp = load_replay(args.log)
    else:
        rp = replay(play_match("classic", 2, make_bots("heuristic", 2, args.game_seed), args.game_seed,
                               max_hands=args.hands))
    parallel = {"workers": args.workers} if args.workers > 1 else {}
    if parallel and "workers" not in inspect.signature(review).parameters:
        print("this version's review judges in one process: --workers ignored", file=sys.stderr)
        parallel = {}
    runs: dict[int, dict[int, str]] = {}
    started = time.perf_counter()
    for seed in args.seeds:
        def tick(done: int, total: int) -> None:
            print(f"\rseed {seed}: {done}/{total} decisions, {time.perf_counter() - started:.0f} s", end="",
                  file=sys.stderr, flush=True)
        runs[seed] = {v.seq: v.verdict for v in review(rp, progress=tick, seed=seed, **parallel)}
        print(file=sys.stderr)
    same = flagged = kept = total = called = called_kept = small = small_kept = 0
    for a, b in itertools.permutations(args.seeds, 2):
        for seq, verdict in runs[a].items():
            other = runs[b][seq]
            if a < b:
                total += 1
                same += verdict == other
            if verdict in ("questionable", "blunder"):
                flagged += 1
                kept += other in ("questionable", "blunder")
            if verdict != "agree":
                called += 1
                called_kept += other != "agree"
            if verdict == "acceptable":
                small += 1
                small_kept += other != "agree"
    counts = {s: {k: sum(v == k for v in run.values()) for k in ("agree", "acceptable", "questionable", "blunder")}
              for s, run in runs.items()}
    result = {"decisions": len(next(iter(runs.values()))), "seeds": args.seeds, "counts": counts,
              "same_verdict": share(same, total), "flag_survives": share(kept, flagged),
              "call_survives": share(called_kept, called), "acceptable_survives": share(small_kept, small),
              "seconds": round(time.perf_counter() - started, 1)}
    print(json.dumps(result, indent=1))
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
