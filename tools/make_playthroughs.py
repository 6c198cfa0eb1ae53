"""Write the golden playthroughs ``tests/golden/<name>.txt`` of every sample game.

One line per event of each log in ``sample_games/*.jsonl`` and
``sample_games/selfplay/*.jsonl``: the state the event was played from, what
the options generator offered there, and the event itself::

    seq 7 | hand 1 seat 1 draw | hands 18,17 | melds 1 | pile 1 | stock 68 | totals 0,0 \
| options draw 1, take 1 | not allowed 0 | {"seq":7,"type":"drew","seat":1}

and a last line with the final state. ``tests/test_golden.py`` regenerates the
text in memory and fails on any difference, so a change to the rules, the
reducer or the options generator never slips in unnoticed. When a change is
meant, rerun ``PYTHONPATH=. python3 tools/make_playthroughs.py`` and review the
diff of ``tests/golden/``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from banakil_replay.play.coach.options import options  # noqa: E402
from banakil_replay.reducer import replay  # noqa: E402
from banakil_replay.scoring import tidy  # noqa: E402
from banakil_replay.state import GameState  # noqa: E402

GAMES = ROOT / "sample_games"
GOLDEN = ROOT / "tests" / "golden"


def sources() -> dict[str, Path]:
    """Golden name (``stem`` or ``selfplay/stem``) -> sample log."""
    found = sorted(GAMES.glob("*.jsonl")) + sorted((GAMES / "selfplay").glob("*.jsonl"))
    return {p.relative_to(GAMES).with_suffix("").as_posix(): p for p in found}


def summary(state: GameState) -> str:
    """One line: hand, seat to act, phase, hand sizes, melds, pile, stock, totals."""
    if state.rules is None:
        return "setup"
    who = f"seat {state.turn} " if state.in_hand else ""
    phase = state.phase + (" (match over)" if state.match_over else "")
    sizes = ",".join(str(len(h)) for h in state.hands) or "-"
    totals = ",".join(f"{tidy(t):g}" for t in state.totals)
    return (f"hand {state.hand_no} {who}{phase} | hands {sizes} | melds {len(state.melds)} | "
            f"pile {len(state.discard)} | stock {state.stock_count} | totals {totals}")


def offered(state: GameState) -> str:
    """The options by kind (``Options.counts()``) and the not-allowed count."""
    opts = options(state, rank=False)  # counts only: ranking would add time and no line
    counts = ", ".join(f"{k} {n}" for k, n in opts.counts().items()) or "none"
    return f"options {counts} | not allowed {len(opts.not_allowed)}"


def compact(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def playthrough(path: Path) -> str:
    """The golden text of one log."""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rp = replay(events)
    lines = []
    before = GameState()
    for event, state in zip(events, rp.states):
        lines.append(f"seq {event['seq']} | {summary(before)} | {offered(before)} | {compact(event)}")
        before = state
    final = rp.final
    winner = f" | winner side {final.winner}" if final.winner is not None else ""
    lines.append(f"end | {summary(final)}{winner}")
    return "\n".join(lines) + "\n"


def build_all(folder: Path = GOLDEN) -> dict[str, str]:
    """Every golden text by name; written under ``folder`` unless it is None."""
    texts = {name: playthrough(path) for name, path in sources().items()}
    for name, text in texts.items():
        target = folder / f"{name}.txt"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
    return texts


if __name__ == "__main__":
    for name in build_all():
        print(f"tests/golden/{name}.txt")
