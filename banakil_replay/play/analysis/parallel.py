"""The decisions of a review judged side by side, one process per core.

A decision's verdict depends only on the replay, the decision, the deals and the seed
(``review.judge``), never on which process judged it or in what order, so a review judged in
several processes says exactly what one process says, only sooner. Each worker holds the replay
and the judge once (inherited where the system forks, else sent to it once) and receives
decision numbers.

Ctrl-C belongs to the caller: the workers ignore it, and the pool is stopped (its workers
terminated) however the caller leaves, so an interrupted review leaves no process behind.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Any, Callable, Sequence, TypeVar

from ...reducer import Replay

V = TypeVar("V")
Judge = Callable[[Replay, int, int, int], Any]  # (replay, decision, deals, seed) -> verdict

_WORK: tuple[Judge, Replay] | None = None  # what a worker judges with, set once when it starts


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every system says which cores a process may use
        return max(1, os.cpu_count() or 1)


def _start(judge: Judge, replay: Replay) -> None:
    global _WORK
    _WORK = (judge, replay)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _judge(job: tuple[int, int, int]) -> tuple[int, Any]:
    index, deals, seed = job
    assert _WORK is not None, "a worker judges only after _start"
    judge, replay = _WORK
    return index, judge(replay, index, deals, seed)


def judge_all(judge: Callable[[Replay, int, int, int], V], rp: Replay, decisions: Sequence[int], deals: int,
              seed: int, workers: int, done: Callable[[], None] | None = None) -> list[V]:
    """``judge(rp, i, deals, seed)`` for every decision ``i`` by up to ``workers`` processes, in the
    order of ``decisions``; ``done()`` is called as each verdict arrives (in the order they finish)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # never more processes than cores or decisions: more would only share the cores, each with a copy of the replay
    size = min(workers, len(decisions), default_workers())
    found: dict[int, V] = {}
    # the pool's exit terminates its workers: an interrupted or failed review leaves none running
    with context.Pool(size, initializer=_start, initargs=(judge, rp)) as pool:
        # one decision at a time: they take milliseconds to seconds, so bigger chunks idle a core
        for index, verdict in pool.imap_unordered(_judge, [(i, deals, seed) for i in decisions], chunksize=1):
            found[index] = verdict
            if done is not None:
                done()
    return [found[i] for i in decisions]


__all__ = ["judge_all", "default_workers"]
