"""The play table's "learn from my mistakes": one decision at a time, the move made hidden, tried again.

:class:`DrillView` draws a :class:`~banakil_replay.play.analysis.drill.MistakeDrill`:
the position from the seat that decided, the same card and move buttons as
the table (a :class:`~banakil_replay.notebook.movepad.MovePad`, whose moves
are tries here, never played), the engine's feedback on each try, *Show what I
played* (the move made, the review's reason, and every option ranked) and
*Next decision*.

It speaks the language current when it draws (the play table draws it, and runs its clicks, in the
table's own ``lang``) and reads right to left for Arabic (:mod:`banakil_replay.notebook.direction`).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..play.analysis.drill import Attempt, MistakeDrill
from ..i18n import N_, _
from ..play.moves import Move
from .direction import direct_widget, directed_html
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
    said = _("(rule: {rule}; {source})").format(rule=attempt.rule.title, source=attempt.source) \
        if attempt.rule is not None else ""
    rule = f' <span class="banakil-refusal-rule" style="color:{QUIET}">{esc(said)}</span>' if said else ""
    return directed_html(f'<div class="banakil-attempt banakil-attempt-{kind}" style="{WIDGET_FONT}color:{colour}">'
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
        self.reveal_button = classed(W.Button(description=_("Show what I played"), icon="eye",
                                              layout=W.Layout(width="auto")), "banakil-drill-reveal")
        self.next_button = classed(W.Button(description=_("Next decision"), icon="step-forward",
                                            layout=W.Layout(width="auto")), "banakil-drill-next")
        self.reveal_button.on_click(lambda b: self.run(self.reveal, N_("showing the move made")))
        self.next_button.on_click(lambda b: self.run(self.next, N_("finding the next decision")))
        self.widget = direct_widget(classed(W.VBox([self.head, self.table, self.pad.widget,
                                                    W.HBox([self.reveal_button, self.next_button]), self.feedback]),
                                            "banakil-drill"))
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
        you, review = _("You played:"), _("The review: {verdict}: {why}").format(verdict=stop.verdict, why=stop.why)
        self.feedback.value += directed_html(
            f'<div class="banakil-drill-played" style="{WIDGET_FONT}"><b>{esc(you)}</b> '
            f"{esc(event_text(played, after, seat_view=stop.seat))} <span style=\"color:{AMBER}\">{esc(review)}</span></div>"
            f"{options_html(self.drill.options(), state, chosen=played, limit=10, open_reasons=False)}")
        self.reveal_button.disabled = True

    def next(self) -> None:
        if self.drill.next() is None:
            last = _("That was the last decision the review marked.")
            self.feedback.value = directed_html(f'<div class="banakil-drill-done" style="{WIDGET_FONT}">{esc(last)}</div>')
            self.next_button.disabled = True
            return
        self.render()

    def render(self) -> None:
        stop, drill = self.drill.stop, self.drill
        self.feedback.value = ""
        if stop is None:
            none = _("The review marks none of your decisions as a mistake: nothing to try again. Well played.")
            self.head.value = directed_html(f'<div class="banakil-drill-none" style="{WIDGET_FONT}">{esc(none)}</div>')
            self.table.value = ""
            self.pad.show(None, None)
            self.reveal_button.disabled = self.next_button.disabled = True
            return
        state = drill.state
        decision = _("Decision {number} of {count}").format(number=drill.index + 1, count=len(drill.stops))
        where = _("(hand {hand}, event {seq}, {player}): the review marked the move made here").format(
            hand=state.hand_no, seq=stop.seq, player=seat_name(state, stop.seat))
        hidden = _("It is hidden: what would you play? Select cards and press a move; each try is judged, and "
                   "nothing is played.")
        self.head.value = directed_html(
            f'<div class="banakil-drill-stop" data-seq="{stop.seq}" style="{WIDGET_FONT}"><b>{esc(decision)}</b> '
            f"{esc(where)} <b>{esc(stop.verdict)}</b>. {esc(hidden)}</div>")
        self.table.value = directed_html(seat_table_html(state, stop.seat))
        self.pad.show(state, stop.seat)
        self.reveal_button.disabled = False
        self.next_button.disabled = drill.index + 1 >= len(drill.stops)
