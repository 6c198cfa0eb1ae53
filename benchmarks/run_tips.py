"""Play every testable tip's experiment, a chunk of deals at a time, and keep the figures in a JSON file.

    nice python benchmarks/run_tips.py [OUT.json] [--hands2 200] [--hands4 100] [--chunk 20] [--seed 0] [--players N]
                                                [--minutes M]
    python benchmarks/run_tips.py [OUT.json] --table OUT.md   # the figures as the README's markdown table

OUT.json is by default the figures' one home, ``banakil_replay/data/playing_well_results.json``: package
data, so the coach of an installed copy cites them too (``play/coach/held.py``), and lesson 11 charts them.

Chunk after chunk, the (tip, rules, players) furthest from its target (``--hands2`` at two players,
``--hands4`` at four) gets ``--chunk`` more paired deals, so a run stopped early (``--minutes``, or by
hand) leaves every experiment about equally far along; the file is rewritten after every chunk, with
each experiment's paired differences, so a run that is stopped keeps everything it finished and a
second run carries on from there. Deal i is the same whichever chunk plays it, so the figures for n
deals are those of ``banakil-replay experiment TIP --rules R --players N --hands n --seed S``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from banakil_replay.play.analysis.experiment import interval, run_experiment
from banakil_replay.play.analysis.tips import TIPS, Tip
from banakil_replay.play.coach.held import RESULTS


def _row(tip: str, rules: str, players: int, seed: int, diffs: list[float], seconds: float) -> dict[str, object]:
    iv = interval(diffs)
    return {"tip": tip, "rules": rules, "players": players, "seed": seed, "hands": iv.n,
            "mean": round(iv.mean, 3), "low": round(iv.low, 3), "high": round(iv.high, 3), "verdict": iv.verdict,
            "seconds": round(seconds),
            "command": f"banakil-replay experiment {tip} --rules {rules} --players {players} --hands {iv.n} "
                       f"--seed {seed}",
            "diffs": diffs}


def table(rows: list[dict[str, object]]) -> str:
    """The figures as a markdown table, in the catalogue's order."""
    order = {t.id: i for i, t in enumerate(TIPS)}
    says = {"helps": "holds", "hurts": "does not hold: the habit loses", "unclear": "unclear at this size"}
    lines = ["| tip | source | rules, players | paired hands | habit minus without (points per hand) | "
             "95% interval | verdict |", "|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (order[str(r["tip"])], str(r["rules"]), int(str(r["players"])))):
        source = next(t.source for t in TIPS if t.id == r["tip"])
        lines.append(f"| `{r['tip']}` | {source} | {r['rules']}, {r['players']} | {r['hands']} | "
                     f"{float(str(r['mean'])):+.2f} | {float(str(r['low'])):+.2f} to {float(str(r['high'])):+.2f} | "
                     f"{says[str(r['verdict'])]} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(RESULTS), help="the figures (default: %(default)s)")
    ap.add_argument("--hands2", type=int, default=200)
    ap.add_argument("--hands4", type=int, default=100)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, choices=(2, 4), help="only the experiments at this many players")
    ap.add_argument("--minutes", type=float, help="start no chunk after this many minutes (the one under way ends)")
    ap.add_argument("--table", metavar="OUT.md", help="write the figures already in OUT.json as a markdown table")
    args = ap.parse_args()
    if args.table:
        with open(args.out) as f, open(args.table, "w") as t:
            t.write(table(json.load(f)))
        return 0
    rows = {(r["tip"], r["rules"], r["players"]): r
            for r in (json.load(open(args.out)) if os.path.exists(args.out) else [])}
    jobs = [(tip, rules, players) for tip in TIPS for rules, players in tip.runs
            if args.players in (None, players)]
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else None

    def share(job: tuple[Tip, str, int]) -> float:
        """How far along its target an experiment is (0: not started, 1: done)."""
        tip, rules, players = job
        have = len(rows.get((tip.id, rules, players), {"diffs": []})["diffs"])
        return have / int(args.hands2 if players == 2 else args.hands4)

    while deadline is None or time.monotonic() < deadline:
        left = [job for job in jobs if share(job) < 1]
        if not left:
            return 0
        tip, rules, players = min(left, key=share)
        key = (tip.id, rules, players)
        old = rows.get(key, {"diffs": [], "seconds": 0})
        target = args.hands2 if players == 2 else args.hands4
        have = len(old["diffs"])
        start = time.monotonic()
        res = run_experiment(tip.arm("habit"), tip.arm("without"), rules, players,
                             max(2, min(args.chunk, target - have)), args.seed, first=have)
        diffs = list(old["diffs"]) + list(res.diffs)
        rows[key] = _row(tip.id, rules, players, args.seed, diffs, old["seconds"] + time.monotonic() - start)
        print(f"{tip.id} {rules} {players}p: {len(diffs)} hands, mean {rows[key]['mean']}", file=sys.stderr,
              flush=True)
        with open(args.out + ".tmp", "w") as f:
            json.dump(list(rows.values()), f, indent=1)
        os.replace(args.out + ".tmp", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
