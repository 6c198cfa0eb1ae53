"""Bulk replay: many logs into pandas tables and Parquet, on a process pool or a Dask cluster.

Work is partitioned by file: each task replays a batch of logs and returns
plain rows, so a task is a pure function of its file list. A task that dies
with its worker is simply run again (Dask retries it; the local pool is one
machine), and results are keyed by file path, so no game is lost or counted
twice. Output files are written to a temporary name and renamed into place.
See docs/scaling.md.

One file never stops the run: every input is either a counted game or a row
whose ``error`` says why it failed (not a regular file, empty, not a log, a
rule broken, or an unexpected error in this package). A file reached by two
names (a symlink or hard link beside the log) is one game. File names that
are not valid UTF-8 go into the tables with their bad bytes as ``\\xNN``.
"""

from __future__ import annotations

import glob
import io
import os
import stat
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..errors import BanakilError, MalformedInputError
from ..i18n import N_, _
from ..reducer import Replay
from ..scoring import tidy
from ..state import GameState
from .appending import replace_file
from .load import os_reason, utf8_text
from .progress import Progress
from .rows import HAND_COLUMNS, hand_rows
from .stream import replay_stream

Rows = tuple[list[dict[str, Any]], dict[str, Any]]

BATCH = 64  # files per task: big enough to amortise scheduling, small enough to spread


def find_logs(spec: str | os.PathLike[str]) -> list[str]:
    """A folder (every ``*.jsonl`` below it), a glob, or one file; sorted, so runs are reproducible.

    Names of one file (a symlink or hard link to a log also found) are listed once.
    """
    p = Path(spec)
    if p.is_dir():
        # annotation sidecars (<game>.notes.jsonl) sit beside games but are not games
        return _distinct(str(f) for f in p.rglob("*.jsonl") if not f.name.endswith(".notes.jsonl"))
    if p.is_file():
        return [str(p)]
    return _distinct(glob.glob(str(spec), recursive=True))


def _distinct(paths: Iterable[str]) -> list[str]:
    """One name per file, preferring a name that is not a symlink; sorted."""
    chosen: dict[object, str] = {}
    # Real names sort before symlinks, so a group keeps its real name when it has one.
    for path in sorted(paths, key=lambda q: (os.path.islink(q), q)):
        try:
            st = os.stat(path)
            key: object = (st.st_dev, st.st_ino)
        except OSError:
            key = path  # a dangling link: still an input, reported as a failure
        chosen.setdefault(key, path)
    return sorted(chosen.values())


def replay_rows(path: str) -> Rows:
    """One log -> (one row per finished hand, one row for the match). Errors become a row field.

    The log is folded as it is read (:func:`~.stream.replay_stream`), so a log of any length
    costs the memory of one state and its rows.
    """
    name = utf8_text(path)  # Parquet strings must be valid UTF-8
    match: dict[str, Any] = {"file": name, "rules": None, "players": None, "events": 0, "hands": 0,
                             "totals": None, "winner": None, "over": False, "error": None}
    hands: list[dict[str, Any]] = []
    final, events, recorded = GameState(), 0, 0
    try:
        for event, final in replay_stream(path):
            events += 1
            # a hand has ended exactly when the match history grows
            if len(final.history) > recorded:
                recorded = len(final.history)
                hands.extend(hand_rows(name, Replay((event,), (final,))))
    except (BanakilError, OSError) as e:
        match["error"] = utf8_text(str(e))
        return [], match
    except Exception as e:  # noqa: BLE001  # a bug here must not cost the other files
        match["error"] = utf8_text(f"{path}: unexpected {type(e).__name__} in banakil-replay "
                                   f"(please report it with this log): {e}")
        return [], match
    match.update(rules=final.rules.name if final.rules else None, players=final.n, events=events,
                 hands=final.hand_no, totals=[tidy(t) for t in final.totals], winner=final.winner,
                 over=final.match_over)
    return hands, match


def _batch(paths: Sequence[str]) -> list[tuple[str, Rows]]:
    return [(p, replay_rows(p)) for p in paths]


def run(paths: Sequence[str], *, engine: str = "local", scheduler: str | None = None,
        workers: int | None = None, progress: bool = True
        ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Replay and score every log; returns (hand rows, match rows) in file order.

    ``progress`` draws a bar on stderr when it is a terminal (one summary line otherwise).
    """
    batches = [list(paths[i:i + BATCH]) for i in range(0, len(paths), BATCH)]
    results: dict[str, Rows] = {}
    bar = Progress(len(paths), "games", live=None if progress else False,
                   stream=sys.stderr if progress else io.StringIO())

    def collect(batch_result: list[tuple[str, Rows]]) -> None:
        fresh = 0
        for path, rows in batch_result:
            fresh += path not in results
            results[path] = rows  # keyed by file: a retried task cannot double-count
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
        from dask.distributed import Client, LocalCluster, as_completed as dask_completed  # deferred: optional, heavy

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
        raise BanakilError(_("unknown engine {engine}; use 'local' or 'dask'").format(engine=repr(engine)))
    bar.done(_("replayed {done}/{games} games in {seconds} s").format(done=len(results), games=len(paths),
                                                                      seconds=f"{bar.elapsed:.1f}"))
    missing = set(paths) - set(results)
    if missing:  # every file is accounted for, or the run fails loudly
        raise BanakilError(_("{count} logs produced no result, e.g. {log}").format(count=len(missing),
                                                                                 log=sorted(missing)[0]))
    hand_rows = [h for p in paths for h in results[p][0]]
    match_rows = [results[p][1] for p in paths]
    return hand_rows, match_rows


def frames(hand_rows: Iterable[dict[str, Any]], match_rows: Iterable[dict[str, Any]]) -> tuple[Any, Any]:
    """The rows as pandas DataFrames: hands in :data:`~banakil_replay.log.rows.HAND_COLUMNS`, matches by file."""
    import pandas as pd  # deferred on purpose: only the tables need pandas, not the replay

    hands = pd.DataFrame(list(hand_rows), columns=list(HAND_COLUMNS))
    matches = pd.DataFrame(list(match_rows))
    if not matches.empty:
        matches["totals"] = matches["totals"].map(lambda t: None if t is None else [float(x) for x in t])
    return hands, matches


#: Key in the Parquet footer of every table ``bulk`` writes: what lets a later run replace it, and nothing else.
MARKER = b"banakil_replay.bulk"
_MAGIC = b"PAR1"


def outputs(out: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The hands table at ``out`` and the matches table beside it (``<out stem>.matches.parquet``)."""
    out = Path(out)
    return out, out.with_name(out.stem + ".matches.parquet")


def check_output(out: str | os.PathLike[str]) -> list[str]:
    """:class:`MalformedInputError` unless ``out`` can be written; the files a run would replace.

    Its folder must exist and be writable, and each of the two tables must be absent or a regular
    file that ``bulk`` wrote itself (:func:`is_our_output`): a game log, a FIFO, a symlink or a
    device at the name is refused, never replaced. Called before the replay starts, so a typo in
    ``--out`` costs nothing.
    """
    folder = Path(out).parent
    if not folder.is_dir():
        raise MalformedInputError(_("cannot write {file}: the folder {folder} does not exist").format(
            file=utf8_text(str(out)), folder=utf8_text(str(folder))))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise MalformedInputError(_("cannot write {file}: the folder {folder} is not writable").format(
            file=utf8_text(str(out)), folder=utf8_text(str(folder))))
    replaced = []
    for target in outputs(out):
        why = _not_ours(target)
        if why == "":
            replaced.append(str(target))
        elif why is not None:
            raise MalformedInputError(_("refusing to replace {file}: {why}; bulk replaces only tables it wrote "
                                        "before. Choose another --out, or move the file away").format(
                file=utf8_text(str(target)), why=why))
    return replaced


def _not_ours(target: Path) -> str | None:
    """None if nothing is at ``target``, "" if it is a table bulk wrote, else what it is instead."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as e:
        return _("it cannot be looked at ({why})").format(why=os_reason(e))
    if stat.S_ISLNK(st.st_mode):
        return _("it is a symbolic link")
    if not stat.S_ISREG(st.st_mode):
        kinds = ((stat.S_ISDIR, N_("it is a directory")), (stat.S_ISFIFO, N_("it is a FIFO (named pipe)")),
                 (stat.S_ISCHR, N_("it is a device")), (stat.S_ISBLK, N_("it is a device")),
                 (stat.S_ISSOCK, N_("it is a socket")))
        kind = next((k for test, k in kinds if test(st.st_mode)), N_("it is not a regular file"))
        return _(kind)
    return "" if is_our_output(target) else _("it is not a table bulk wrote (no banakil-replay mark in its footer)")


def is_our_output(path: str | os.PathLike[str]) -> bool:
    """Is the regular file at ``path`` a Parquet table carrying bulk's :data:`MARKER`? Reads its footer only."""
    try:
        with open(path, "rb") as f:
            head = f.read(4)
            f.seek(-4, os.SEEK_END)
            tail = f.read(4)
    except OSError:
        return False
    if head != _MAGIC or tail != _MAGIC:  # the cheap test first: a log or a text file stops here
        return False
    import pyarrow.parquet as pq  # deferred: only the tables need pyarrow

    try:
        meta = pq.read_schema(path).metadata or {}
    except Exception:  # noqa: BLE001  # any footer pyarrow cannot read is not ours
        return False
    return MARKER in meta


def write_parquet(out: str | os.PathLike[str], hands: Any, matches: Any) -> tuple[str, str]:
    """Hands to ``out``, matches beside it (``<out stem>.matches.parquet``), each atomically and marked.

    A write that fails is :class:`MalformedInputError` naming the file, and
    leaves no temporary file behind. What is at either name is checked again
    (:func:`check_output`) just before: only bulk's own tables are replaced.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    check_output(out)
    out_hands, matches_path = outputs(out)
    for frame, target in ((hands, out_hands), (matches, matches_path)):
        table = pa.Table.from_pandas(frame, preserve_index=False)
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), MARKER: b"1"})
        try:
            replace_file(target, lambda tmp: pq.write_table(table, tmp))
        except OSError as e:
            raise MalformedInputError(_("cannot write {value}: {why}").format(value=utf8_text(str(target)),
                                                                            why=os_reason(e))) from None
    return str(out_hands), str(matches_path)
