"""The play table's "learn from my mistakes": one decision at a time, the move made hidden, tried again.

:class:`DrillView` draws a :class:`~banakil_replay.play.drill.MistakeDrill`:
the position from the seat that decided, the same card and move buttons as
the table (a :class:`~banakil_replay.notebook.movepad.MovePad`, whose moves
are tries here, never played), the engine's feedback on each try, *Show what I
played* (the move made, the review's reason, and every option ranked) and
*Next decision*.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..play.drill import Attempt, MistakeDrill
from ..play.moves import Move
from .html import WIDGET_FONT, esc, options_html
from .movepad import MovePad, seat_table_html
from .panel import classed
from .narrate import event_text, seat_name
from .theme import AMBER, GREEN, QUIET, RED

__all__ = ["DrillView", "attempt_html"]


def attempt_html(attempt: Attempt, words: str) -> str:
    """One try, judged: refused (red, with the rule and source), the engine's choice or better (green), or not."""
    kind = attempt.verdict()
    colour = RED if kind == "refused" else (GREEN if kind in ("top", "better") else AMBER)
    rule = (f' <span class="banakil-refusal-rule" style="color:{QUIET}">(rule: {esc(attempt.rule.title)}; '
            f"{esc(attempt.source)})</span>") if attempt.rule is not None else ""
    return (f'<div class="banakil-attempt banakil-attempt-{kind}" style="{WIDGET_FONT}color:{colour}">'
            f"{esc(words)}{rule}</div>")


class DrillView:
    """The drill's controls: ``pad`` (tries), ``reveal_button``, ``next_button``; panels ``head``,
    ``table``, ``feedback``. ``run`` is the play table's safe runner (a failure shows as a sentence)."""

    def __init__(self, drill: MistakeDrill, run: Callable[[Callable[[], Any], str], Any]) -> None:
        self.drill = drill
        self.run = run
        self.head = classed(W.HTML(), "banakil-drill-head")
        self.table = classed(W.HTML(), "banakil-drill-table")
        self.feedback = classed(W.HTML(), "banakil-drill-feedback")
        self.pad = MovePad(self.attempt, run)
        self.reveal_button = classed(W.Button(description="Show what I played", icon="eye",
                                              layout=W.Layout(width="auto")), "banakil-drill-reveal")
        self.next_button = classed(W.Button(description="Next decision", icon="step-forward",
                                            layout=W.Layout(width="auto")), "banakil-drill-next")
        self.reveal_button.on_click(lambda _: self.run(self.reveal, "showing the move made"))
        self.next_button.on_click(lambda _: self.run(self.next, "finding the next decision"))
        self.widget = classed(W.VBox([self.head, self.table, self.pad.widget,
                                      W.HBox([self.reveal_button, self.next_button]), self.feedback]),
                              "banakil-drill")
        self.render()

    def attempt(self, move: Move) -> Attempt:
        """Try ``move`` at this decision: judged, never played (the position stays)."""
        stop = self.drill.stop
        assert stop is not None
        tried = self.drill.attempt(move)
        self.feedback.value = attempt_html(tried, tried.words(stop))
        return tried

    def reveal(self) -> None:
        stop = self.drill.stop
        if stop is None:
            return
        played = self.drill.reveal()
        after = self.drill.replay.states[stop.seq]
        state = self.drill.state
        self.feedback.value += (
            f'<div class="banakil-drill-played" style="{WIDGET_FONT}"><b>You played:</b> '
            f"{esc(event_text(played, after, seat_view=stop.seat))} <span style=\"color:{AMBER}\">The review: "
            f"{esc(stop.verdict)}: {esc(stop.why)}</span></div>"
            f"{options_html(self.drill.options(), state, chosen=played, limit=10, open_reasons=False)}")
        self.reveal_button.disabled = True

    def next(self) -> None:
        if self.drill.next() is None:
            self.feedback.value = (f'<div class="banakil-drill-done" style="{WIDGET_FONT}">That was the last decision '
                                   "the review marked.</div>")
            self.next_button.disabled = True
            return
        self.render()

    def render(self) -> None:
        stop, drill = self.drill.stop, self.drill
        self.feedback.value = ""
        if stop is None:
            self.head.value = (f'<div class="banakil-drill-none" style="{WIDGET_FONT}">The review marks none of your '
                               "decisions as a mistake: nothing to try again. Well played.</div>")
            self.table.value = ""
            self.pad.show(None, None)
            self.reveal_button.disabled = self.next_button.disabled = True
            return
        state = drill.state
        self.head.value = (
            f'<div class="banakil-drill-stop" data-seq="{stop.seq}" style="{WIDGET_FONT}"><b>Decision {drill.index + 1} '
            f"of {len(drill.stops)}</b> (hand {state.hand_no}, event {stop.seq}, "
            f"{esc(seat_name(state, stop.seat))}): the review marked the move made here "
            f"<b>{esc(stop.verdict)}</b>. It is hidden: what would you play? Select cards and press a move; "
            "each try is judged, and nothing is played.</div>")
        self.table.value = seat_table_html(state, stop.seat)
        self.pad.show(state, stop.seat)
        self.reveal_button.disabled = False
        self.next_button.disabled = drill.index + 1 >= len(drill.stops)
