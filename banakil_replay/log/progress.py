"""A small dependency-free progress bar for long commands (``selfplay``).

On a terminal it redraws one line on stderr: ``[#####.....] 3/10 games, 1.2 games/s``.
Elsewhere (a pipe, CI logs) it stays silent until :meth:`Progress.done`, which
writes one summary line, so logs are not flooded with carriage returns.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 20


def bar(done: int, total: int, elapsed: float, unit: str = "games", width: int = WIDTH) -> str:
    """The bar text for ``done`` of ``total`` after ``elapsed`` seconds.

    >>> bar(3, 10, 2.5)
    '[######..............] 3/10 games, 1.2 games/s'
    """
    filled = width * done // total if total else width
    rate = done / elapsed if elapsed > 0 else 0.0
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}, {rate:.1f} {unit}/s"


class Progress:
    """Counts finished items and shows them on ``stream`` (stderr by default)."""

    def __init__(self, total: int, unit: str = "games", stream: TextIO | None = None,
                 live: bool | None = None) -> None:
        self.total, self.unit, self.done_count = total, unit, 0
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.start = time.monotonic()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def step(self, n: int = 1) -> None:
        self.done_count += n
        if self.live:
            self.stream.write("\r" + bar(self.done_count, self.total, self.elapsed, self.unit))
            self.stream.flush()

    def done(self, summary: str) -> None:
        """End the bar's line on a terminal, or write the one-line ``summary`` elsewhere."""
        if self.live:
            self.stream.write("\n")
        else:
            self.stream.write(summary + "\n")
        self.stream.flush()
