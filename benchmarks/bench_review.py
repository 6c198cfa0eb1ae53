"""The judge's costs, this checkout beside another release: review, expert decision, options, playout step.

    python benchmarks/bench_review.py [--log FILE] [--ref-rev REV | --ref DIR] [--rounds 3] [--only W,...]

Workloads, each in a fresh process (cold caches, as a learner's ``review`` sees them), CPU time of
that process's own work (``time.process_time`` around it, imports and loading excluded):

* ``review``: ``review.review`` of the whole log (every seat, the default deals and seed 0);
* ``decision``: ``ExpertBot(seed=0).choose`` at every decision of the log with more than one
  legal move (the options ranked, as ``bots.decide`` lists them), per decision;
* ``options``: ``options.options`` (ranked) at the same positions, per position;
* ``playout``: ``rollout.play_out`` from 8 sampled deals of each position until the seat's next turn
  is over, per event played (one playout step).

Each workload also prints a digest of its answers (the verdicts, the moves chosen, the options, the
final states): the two code versions must agree on it, or the speed-up changed what the judge says.
``--ref-rev REV`` exports ``banakil_replay`` at git revision REV (``git archive``) to a scratch
directory; ``--ref DIR`` names a directory already holding one. Rounds alternate the two versions
(the machine is shared; CPU time is steadier than wall clock) and medians are reported.
Figures, not assertions: the README's performance table quotes them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("review", "decision", "options", "playout")
PLAYOUT_DEALS = 8


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:12]


def _module(now: str, before: str) -> Any:
    """``banakil_replay.play.<now>``, or ``play.<before>`` in a release from before ``play/`` had a
    folder per job (issue 26), so the releases the README compares with still run here."""
    import importlib
    try:
        return importlib.import_module(f"banakil_replay.play.{now}")
    except ModuleNotFoundError:
        return importlib.import_module(f"banakil_replay.play.{before}")


def child(workload: str, log: Path) -> dict[str, Any]:
    """Run one workload in this process (imported from whatever ``banakil_replay`` is first on the path)."""
    from banakil_replay.log.load import load_replay
    from banakil_replay.play.moves import is_move
    from banakil_replay.play.observation import observe

    decide = _module("bots.selfplay", "bots").decide
    Deals, ExpertBot = _module("bots.expert", "expert").Deals, _module("bots.expert", "expert").ExpertBot
    options = _module("coach.options", "options").options
    review = _module("analysis.review", "review").review
    play_out, step = _module("bots.rollout", "rollout").play_out, _module("bots.rollout", "rollout").step

    rp = load_replay(log)
    decisions = [i for i, ev in enumerate(rp.events) if i > 0 and is_move(ev)]
    observations = [observe(rp.states[i - 1], getattr(rp.events[i], "seat", rp.states[i - 1].turn),
                            rp.events[:i]) for i in decisions]
    if workload == "review":
        t = time.process_time()
        verdicts = review(rp, seed=0)
        cpu = time.process_time() - t
        return {"cpu": cpu, "count": len(verdicts), "unit": "graded decision",
                "digest": _digest([v.to_json() for v in verdicts])}
    if workload == "decision":
        bot = ExpertBot(seed=0)
        times, chosen = [], []
        for obs in observations:
            opts = options(obs.stand_in(), rank=True)
            if len(opts.options) <= 1:
                continue
            t = time.process_time()
            move = bot.choose(obs, opts)
            times.append(time.process_time() - t)
            chosen.append(repr(move.event))
        return {"cpu": sum(times), "count": len(times), "unit": "decision", "median": statistics.median(times),
                "digest": _digest(chosen)}
    if workload == "options":
        stand_ins = [obs.stand_in() for obs in observations]
        t = time.process_time()
        lists = [options(s, rank=True) for s in stand_ins]
        cpu = time.process_time() - t
        return {"cpu": cpu, "count": len(lists), "unit": "position",
                "digest": _digest([[repr(o.event) for o in opts.options] for opts in lists])}
    if workload == "playout":
        starts = []
        for k, obs in enumerate(observations):
            pool = Deals(obs, f"bench/{k}")
            starts += [(pool.get(j), obs.seat) for j in range(PLAYOUT_DEALS)]
        events, finals = 0, []
        t = time.process_time()
        for (state, seed), seat in starts:
            final = play_out(state, random.Random(seed), seat)
            events += final.seq - state.seq
            finals.append((final.seq, final.hands, final.totals))
        cpu = time.process_time() - t
        return {"cpu": cpu, "count": events, "unit": "playout step", "digest": _digest(finals)}
    raise SystemExit(f"unknown workload {workload!r}; known: {', '.join(WORKLOADS)}")


def run(code: Path, workload: str, log: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run([sys.executable, __file__, "--child", workload, "--log", str(log)], env=env,
                         capture_output=True, text=True, check=True, cwd=code)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def export(rev: str) -> Path:
    target = Path(tempfile.mkdtemp(prefix="bench-review-ref-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "banakil_replay"], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def _each(r: dict[str, Any]) -> str:
    per = r["cpu"] / max(r["count"], 1)
    return f"{per * 1e3:.3f} ms" if per < 1 else f"{per:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", type=Path, default=ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    ap.add_argument("--ref", type=Path, help="a directory holding another release's banakil_replay")
    ap.add_argument("--ref-rev", help="a git revision whose banakil_replay to export and compare with")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--only", default=",".join(WORKLOADS), help="comma-separated workloads")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    log = args.log.resolve()
    if args.child:
        print(json.dumps(child(args.child, log)))
        return
    versions = {"this checkout": ROOT}
    ref = args.ref.resolve() if args.ref else export(args.ref_rev) if args.ref_rev else None
    if ref is not None:
        versions[f"ref {args.ref_rev or ref}"] = ref
    print(f"log {log.name}; {args.rounds} round(s), versions alternated; CPU time of the work alone")
    try:
        compare(versions, args.only.split(","), args.rounds, log, ref is not None)
    finally:
        if ref is not None and args.ref is None:
            shutil.rmtree(ref, ignore_errors=True)  # the export made for this run


def compare(versions: dict[str, Path], workloads: list[str], rounds: int, log: Path, with_ref: bool) -> None:
    for workload in workloads:
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in versions}
        for _ in range(rounds):
            for name, code in versions.items():
                runs[name].append(run(code, workload, log))
        cpus = {name: statistics.median(r["cpu"] for r in rs) for name, rs in runs.items()}
        for name, rs in runs.items():
            r = rs[0]
            extra = f", median decision {r['median'] * 1e3:.0f} ms" if "median" in r else ""
            print(f"{workload:9} {name:28} {cpus[name]:8.2f} CPU s, {r['count']} x {r['unit']}: "
                  f"{_each({**r, 'cpu': cpus[name]})} each{extra}; digest {r['digest']}")
        if with_ref:
            names = list(versions)
            same = "same answers" if runs[names[0]][0]["digest"] == runs[names[1]][0]["digest"] else "ANSWERS DIFFER"
            print(f"{'':9} speed-up {cpus[names[1]] / max(cpus[names[0]], 1e-9):.2f}x ({same})")


if __name__ == "__main__":
    main()
