"""Bulk replay: many logs into pandas tables and Parquet, on a process pool or a Dask cluster.

Work is partitioned by file: each task replays a batch of logs and returns
plain rows, so a task is a pure function of its file list. A task that dies
with its worker is simply run again (Dask retries it; the local pool is one
machine), and results are keyed by file path, so no game is lost or counted
twice. Output files are written to a temporary name and renamed into place.
See docs/scaling.md.
"""

from __future__ import annotations

import glob
import io
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Iterable, Sequence

from .errors import BanakilError
from .progress import Progress
from .reducer import ALL_AT_ONCE, WENT_OUT, hand_ends, replay
from .scoring import tidy
from .store import read_events

BATCH = 64  # files per task: big enough to amortise scheduling, small enough to spread


def find_logs(spec: str | os.PathLike[str]) -> list[str]:
    """A folder (every ``*.jsonl`` below it), a glob, or one file; sorted, so runs are reproducible."""
    p = Path(spec)
    if p.is_dir():
        # annotation sidecars (<game>.notes.jsonl) sit beside games but are not games
        return sorted(str(f) for f in p.rglob("*.jsonl") if not f.name.endswith(".notes.jsonl"))
    if p.is_file():
        return [str(p)]
    return sorted(glob.glob(str(spec), recursive=True))


def replay_rows(path: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """One log -> (one row per finished hand, one row for the match). Errors become a row field."""
    match: dict[str, Any] = {"file": path, "rules": None, "players": None, "events": 0, "hands": 0,
                             "totals": None, "winner": None, "over": False, "error": None}
    hands: list[dict[str, Any]] = []
    try:
        rp = replay(read_events(path))
    except (BanakilError, OSError) as e:
        match["error"] = str(e)
        return hands, match
    final = rp.final
    match.update(rules=final.rules.name if final.rules else None, players=final.n, events=len(rp),
                 hands=final.hand_no, totals=[tidy(t) for t in final.totals], winner=final.winner,
                 over=final.match_over)
    for end in hand_ends(rp, path):
        state, score = end.state, end.state.hand_score
        assert score is not None  # every hand end is scored
        hands.append({
            # the tables keep "all at once" as its own flag column (display.normalize_hands folds it in)
            "file": path, "rules": match["rules"], "players": final.n, "hand": state.hand_no,
            "ended": WENT_OUT if end.ended == ALL_AT_ONCE else end.ended, "went_out": state.went_out,
            "all_at_once": state.all_at_once,
            "dead": score.dead, "side_scores": [tidy(s) for s in score.sides],
            "seq": end.seq,
        })
    return hands, match


def _batch(paths: Sequence[str]) -> list[tuple[list[dict[str, Any]], dict[str, Any]]]:
    return [replay_rows(p) for p in paths]


def run(paths: Sequence[str], *, engine: str = "local", scheduler: str | None = None,
        workers: int | None = None, progress: bool = True
        ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Replay and score every log; returns (hand rows, match rows) in file order.

    ``progress`` draws a bar on stderr when it is a terminal (one summary line otherwise).
    """
    batches = [list(paths[i:i + BATCH]) for i in range(0, len(paths), BATCH)]
    results: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {}
    bar = Progress(len(paths), "games", live=None if progress else False,
                   stream=sys.stderr if progress else io.StringIO())

    def collect(batch_result: list[tuple[list[dict[str, Any]], dict[str, Any]]]) -> None:
        fresh = 0
        for hands, match in batch_result:
            fresh += match["file"] not in results
            results[match["file"]] = (hands, match)  # keyed by file: a retried task cannot double-count
        bar.step(fresh)

    if engine == "local":
        if (workers or os.cpu_count() or 1) == 1 or len(batches) <= 1:
            for b in batches:
                collect(_batch(b))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for fut in as_completed([pool.submit(_batch, b) for b in batches]):
                    collect(fut.result())
    elif engine == "dask":
        from dask.distributed import Client, LocalCluster, as_completed as dask_completed

        cluster = None
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,  # type: ignore[no-untyped-call]
                                   threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(scheduler or cluster)  # type: ignore[no-untyped-call]
        try:
            futures = client.map(_batch, batches, pure=True, retries=2)
            for fut in dask_completed(futures):  # type: ignore[no-untyped-call]
                collect(fut.result())
        finally:
            client.close()  # type: ignore[no-untyped-call]
            if cluster is not None:
                cluster.close()
    else:
        raise BanakilError(f"unknown engine {engine!r}; use 'local' or 'dask'")
    bar.done(f"replayed {len(results)}/{len(paths)} games in {bar.elapsed:.1f} s")
    missing = set(paths) - set(results)
    if missing:  # every file is accounted for, or the run fails loudly
        raise BanakilError(f"{len(missing)} logs produced no result, e.g. {sorted(missing)[0]}")
    hand_rows = [h for p in paths for h in results[p][0]]
    match_rows = [results[p][1] for p in paths]
    return hand_rows, match_rows


def frames(hand_rows: Iterable[dict[str, Any]], match_rows: Iterable[dict[str, Any]]) -> tuple[Any, Any]:
    """The rows as pandas DataFrames (hands: one side-score column per side)."""
    import pandas as pd

    hands = pd.DataFrame(list(hand_rows))
    matches = pd.DataFrame(list(match_rows))
    if not hands.empty:
        width = int(hands["side_scores"].map(len).max())
        for i in range(width):
            hands[f"side{i}"] = hands["side_scores"].map(lambda s, i=i: s[i] if i < len(s) else None)
        hands = hands.drop(columns=["side_scores"])
    if not matches.empty:
        matches["totals"] = matches["totals"].map(lambda t: None if t is None else [float(x) for x in t])
    return hands, matches


def write_parquet(out: str | os.PathLike[str], hands: Any, matches: Any) -> tuple[str, str]:
    """Hands to ``out``, matches beside it (``<out stem>.matches.parquet``), each atomically."""
    out = Path(out)
    matches_path = out.with_name(out.stem + ".matches.parquet")
    for frame, target in ((hands, out), (matches, matches_path)):
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        frame.to_parquet(tmp, index=False)
        os.replace(tmp, target)
    return str(out), str(matches_path)
