"""How much an expert decision loses against a far costlier evaluation of the same moves, and what it costs.

    PYTHONPATH=. python3 benchmarks/expert_regret.py [--log FILE ...] [--positions 120] [--reference-deals 96]
        [--seeds 0 1 2] [--variant NAME[:key=value,...] ...] [--jobs 2] [--cache FILE] [--code DIR]

At every decision of the logs where the expert searches (more than one candidate, no way out this
turn), the expert's candidates are first played out in ``--reference-deals`` deals each (the same
deals for every move, as ``expert.evaluate`` does; deals and seed independent of the bots' seeds):
the *reference* value of each move. A decision's **regret** is the reference value of the best
candidate less that of the move the bot chose: 0 when it chose the best, the points given away
otherwise. The reference's own noise (its values are averages over finitely many deals) adds the
same to every variant, so variants are compared by their paired difference, position by position.

Each ``--variant`` is an ``ExpertBot`` with keyword settings (``playouts=48``,
``margin=0.5``, ``settle_z=1.28``, ``settle_z=none``); ``default`` is the bot as shipped. Every
variant decides every position under each ``--seeds`` bot seed; the report gives its mean regret
and its mean CPU time per decision, each with a 95% interval over positions (Student's t), and
its regret less the first variant's with the interval of that paired difference. ``--code DIR``
measures the ``banakil_replay`` in DIR (an earlier commit's worktree) instead of this checkout's;
the reference can be kept with ``--cache`` and shared between such runs.
Figures, not assertions: the README quotes them.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool, get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv[:-1] else str(ROOT)
sys.path[:0] = [CODE, str(ROOT / "benchmarks")]

from banakil_replay.errors import BanakilError  # noqa: E402
from banakil_replay.log.load import load_replay  # noqa: E402
from banakil_replay.play.bots.expert import MATCH_WIN, ExpertBot, candidates, evaluate  # noqa: E402
from banakil_replay.play.coach.options import options  # noqa: E402
from banakil_replay.play.moves import is_move  # noqa: E402
from banakil_replay.play.observation import Observation, observe  # noqa: E402
from banakil_replay.play.search.going_out import go_out_plan  # noqa: E402

DEFAULT_LOGS = ("sample_games/selfplay/classic_2p.jsonl", "sample_games/classic_dana_ravi.jsonl",
                "sample_games/selfplay/kroot_2p.jsonl")


def positions(logs: list[Path], limit: int) -> list[tuple[str, int, Observation]]:
    """(log, seq, observation) of the decisions where the expert searches, spread evenly over the logs."""
    found: list[tuple[str, int, Observation]] = []
    for log in logs:
        try:
            rp = load_replay(log)
        except BanakilError as e:
            raise SystemExit(f"expert_regret.py: {e}") from None
        for i, ev in enumerate(rp.events):
            if i == 0 or not is_move(ev):
                continue
            before = rp.states[i - 1]
            obs = observe(before, getattr(ev, "seat", before.turn), rp.events[:i])
            opts = options(obs.stand_in(), rank=True)
            if len(opts.options) <= 1 or len(candidates(opts)) <= 1:
                continue
            if obs.phase == "meld" and go_out_plan(obs.stand_in()):
                continue
            found.append((str(log), ev.seq, obs))
    step = max(1, math.ceil(len(found) / limit))
    return found[::step][:limit]


def _key(log: str, seq: int) -> str:
    # the path as given, not the file's name: two folders of self-play logs both hold a game-0001.jsonl
    return f"{log}#{seq}"


def reference(job: tuple[str, int, Observation, int]) -> tuple[str, dict[str, float]]:
    log, seq, obs, deals = job
    moves = candidates(options(obs.stand_in(), rank=True))
    tallies = evaluate(obs, moves, deals, seed=f"reference/{Path(log).name}#{seq}", match_weight=MATCH_WIN)
    return _key(log, seq), {repr(t.option.event): t.value for t in tallies}


def decide(job: tuple[str, dict[str, Any], list[tuple[str, int, Observation]], list[int]]
           ) -> tuple[str, list[tuple[str, str, float]]]:
    name, settings, where, seeds = job
    out = []
    for seed in seeds:
        bot = ExpertBot(seed, **settings)
        for log, seq, obs in where:
            opts = options(obs.stand_in(), rank=True)
            t = time.process_time()
            move = bot.choose(obs, opts)
            out.append((_key(log, seq), repr(move.event), time.process_time() - t))
    return name, out


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``NAME[:key=value,...]`` as a name and ExpertBot's keyword settings; a clear exit when malformed."""
    name, _, rest = text.partition(":")
    settings: dict[str, Any] = {}
    wanted = inspect.signature(ExpertBot).parameters
    for item in filter(None, rest.split(",")):
        k, eq, v = item.partition("=")
        if not eq or k not in wanted or k == "seed":
            raise SystemExit(f"--variant {text}: {item!r} is not key=value with a key ExpertBot takes "
                             f"({', '.join(p for p in wanted if p != 'seed')})")
        if v.lower() == "none":  # a setting switched off, such as settle_z=none
            settings[k] = None
            continue
        try:
            settings[k] = float(v) if "." in v else int(v)
        except ValueError:
            raise SystemExit(f"--variant {text}: {k}'s value {v!r} is neither a number nor none") from None
    return name, settings


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (Student's t, from the judge's own quantile)."""
    from banakil_replay.play.analysis.judge import half_width
    m = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    h = half_width(se, len(xs))
    return m, m - h, m + h


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log", type=Path, nargs="+", default=[ROOT / p for p in DEFAULT_LOGS])
    ap.add_argument("--positions", type=int, default=120, help="decisions, spread over the logs (default 120)")
    ap.add_argument("--reference-deals", type=int, default=96, help="deals per move for the reference (default 96)")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2], help="the bots' seeds (default 0 1 2)")
    ap.add_argument("--variant", nargs="+", default=["default"], help="NAME[:key=value,...] ExpertBot settings")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", type=Path, help="keep the reference values in this JSON file and reuse them")
    ap.add_argument("--code", help="the directory holding the banakil_replay to measure (default: this checkout)")
    ap.add_argument("--out", type=Path, help="write every decision's regret and time here (JSON)")
    args = ap.parse_args()

    variants = [parse_variant(v) for v in args.variant]
    if len({name for name, _ in variants}) < len(variants):
        raise SystemExit("--variant: two variants share a name")
    where = positions(args.log, args.positions)
    if not where:
        raise SystemExit("no decision of these logs has more than one candidate to search")
    print(f"{len(where)} decisions from {', '.join(p.name for p in args.log)}", file=sys.stderr)
    ident = hashlib.sha256(json.dumps([_key(l, s) for l, s, _ in where] + [args.reference_deals]).encode()).hexdigest()[:12]
    ref: dict[str, dict[str, float]] = {}
    if args.cache and args.cache.exists():
        saved = json.loads(args.cache.read_text())
        if saved.get("ident") == ident:
            ref = saved["values"]
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        if not ref:
            jobs = [(log, seq, obs, args.reference_deals) for log, seq, obs in where]
            for k, (key, values) in enumerate(pool.imap_unordered(reference, jobs), 1):
                ref[key] = values
                print(f"\rreference: {k}/{len(jobs)}, {time.perf_counter() - started:.0f} s", end="",
                      file=sys.stderr, flush=True)
            print(file=sys.stderr)
            if args.cache:
                args.cache.write_text(json.dumps({"ident": ident, "values": ref}))
    # every variant's share in a fresh process, started cold (spawn): the playouts' caches warm up as
    # decisions go on, and a process that had judged before would lend the next variant its warm caches
    jobs2 = [(name, settings, where[j::args.jobs], args.seeds) for name, settings in variants for j in range(args.jobs)]
    chosen: dict[str, list[tuple[str, str, float]]] = {name: [] for name, _ in variants}
    with get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool:
        for name, rows in pool.imap_unordered(decide, jobs2):
            chosen[name] += rows
    table: dict[str, dict[str, tuple[float, float]]] = {}
    for name, rows in chosen.items():
        per: dict[str, list[tuple[float, float]]] = {}
        for key, move, cpu in rows:
            values = ref[key]
            per.setdefault(key, []).append((max(values.values()) - values[move], cpu))
        table[name] = {k: (statistics.fmean(r for r, _ in v), statistics.fmean(c for _, c in v)) for k, v in per.items()}
    first = variants[0][0]
    keys = sorted(table[first])
    print(f"{len(keys)} decisions, bot seeds {args.seeds}, reference {args.reference_deals} deals a move")
    for name, settings in variants:
        r = interval([table[name][k][0] for k in keys])
        c = interval([table[name][k][1] * 1e3 for k in keys])
        line = (f"{name:>12} {settings}: regret {r[0]:.2f} points ({r[1]:.2f} to {r[2]:.2f}); "
                f"CPU {c[0]:.0f} ms a decision ({c[1]:.0f} to {c[2]:.0f})")
        if name != first:
            d = interval([table[name][k][0] - table[first][k][0] for k in keys])
            line += f"; regret less {first}'s {d[0]:+.2f} ({d[1]:+.2f} to {d[2]:+.2f})"
        print(line)
    if args.out:
        args.out.write_text(json.dumps({name: table[name] for name in table}, indent=1))


if __name__ == "__main__":
    main()
