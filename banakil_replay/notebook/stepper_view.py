"""The replay stepper widget: a game event by event, drawn as cards, from any seat, with a quiz.

A thin view over :class:`~banakil_replay.play.analysis.stepper.Stepper`, the model that
holds every rule of stepping (the steps are the game's events, notes are shown
beside them), of one seat's view (what that seat could know at that moment) and
of the quiz. This module draws the model with :mod:`banakil_replay.notebook.html`
and forwards the controls to it.

Why the "go to" box acts on the value that arrives after a click or Enter: the
browser sends a click (or the Enter key) at once, but holds back a box's new
value while the kernel is still busy, so the number just typed can reach the
kernel after the click that means it. A *Go* click (or Enter) that finds
nothing new in the box waits for the value on its way, and a value that
arrives within :data:`~banakil_replay.notebook.panel.ENTER_WAIT` seconds of a
click or Enter is the one used. The box never echoes the position back (that
would overwrite what is being typed); the line above the table says where the
stepper stands.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]
from msgspec.structs import replace  # events are msgspec Structs

from ..events import Drew, Event, HandStarted
from ..i18n import N_, _, ngettext
from ..log.load import load_replay
from ..play.analysis.stepper import (ASK, NEXT_OPEN, NEXT_QUIZ, NEXT_SECRET, NO_DECISION, NO_HAND, NO_MOVE, OTHER_SEAT,
                            QUIZ, SHOWN, QuizAnswer, Stepper)
from ..reducer import Replay
from ..state import GameState
from .direction import direct_widget, directed_html, speaking, view_language
from .html import annotations_html, esc, note_html, options_html, state_html
from .narrate import event_text, options_text, seat_name
from .panel import ENTER_WAIT, Panel, classed, lines
from .theme import AMBER, GREEN, MUTED, RED, TEXT

__all__ = ["ReplayStepper", "ALL_OPEN"]

ALL_OPEN = -1  # perspective value: every hand face up
_STILL_OPTIONS = 8  # options listed in a widget's still picture, best first
_GREEN, _ORANGE = GREEN, AMBER


class ReplayStepper(Panel):
    """Step through a game event by event, with the table drawn as cards.

    Controls: ``first``/``back``/``next``/``last`` buttons, ``slider`` (the
    event number, which may be typed into its readout; it stops at the game's events only), ``jump_box`` (type an
    event number, then Enter or ``jump_button``), ``perspective`` (all hands
    open, or one seat's view with the others face down), ``quiz_toggle``.
    Panels: ``status``, ``event``, ``table``, ``options``, ``notes``, and in
    quiz mode ``quiz_prompt`` / ``quiz_choice`` / ``quiz_reveal`` /
    ``quiz_result``. ``model`` is the :class:`~banakil_replay.play.analysis.stepper.Stepper`
    they drive.

    Quiz mode: at a decision of the seat the learner plays (every seat with
    all hands open), that move stays hidden; the learner picks one of the legal
    options (the list starts with none chosen) and presses *Reveal* to see the
    move made and, folded away, every option ranked with its explanation.

    ``lang``: the language the stepper speaks (its labels, buttons and sentences; ``ar`` also lays it out
    right to left), kept for every later click; by default, the language current when it draws.
    """

    def __init__(self, replay_or_path: Replay | str | Path, *, seat_view: int | None = None, quiz: bool = False,
                 start: int = 0, notes: Callable[[int], Sequence[Any]] | None = None,
                 lesson: int | None = None, lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._init_errors()
            self.lesson = lesson  # the course lesson it is shown in: its options panel marks later lessons' rules
            replay = replay_or_path if isinstance(replay_or_path, Replay) else load_replay(replay_or_path)
            self.model = Stepper(replay, seat_view=seat_view, quiz=quiz, start=start, notes=notes)
            self._armed_at: float | None = None  # when Go or Enter came, until the box's value arrives
            self._quiet = False  # the widget is moving the slider itself
            self._controls()
            self.first.on_click(self._guard(lambda _: self.go(self.model.steps[0] if self.model.steps else 0),
                                            N_("moving")))
            self.back.on_click(self._guard(lambda _: self.go(self.model.previous()), N_("moving back")))
            self.next.on_click(self._guard(lambda _: self.go(self.model.following()), N_("moving on")))
            self.last.on_click(self._guard(lambda _: self.go(self.model.last), N_("moving")))
            self.jump_button.on_click(self._guard(lambda _: self._go_clicked(), N_("going to that event")))
            self.jump_box.on_msg(self._guard(self._on_box_msg, N_("going to that event")))
            self.jump_box.observe(self._guard(self._on_box, N_("going to that event")), names="value")
            self.slider.observe(self._guard(self._on_move, N_("moving")), names="value")
            self.perspective.observe(self._guard(self._on_perspective, N_("changing the view")), names="value")
            self.quiz_toggle.observe(self._guard(self._on_quiz, N_("switching the quiz")), names="value")
            self.quiz_reveal.on_click(self._guard(lambda _: self.reveal(), N_("revealing the move")))
            nav = W.HBox([self.first, self.back, self.next, self.last, self.slider])
            tools = W.HBox([self.jump_box, self.jump_button, self.perspective, self.quiz_toggle])
            tabs = W.Accordion(children=[self.options, self.notes], titles=(_("Options at this moment"), _("Notes")))
            tabs.selected_index = 0
            self.widget = classed(W.VBox([nav, tools, self.status, self.event, self.quiz_box, self.table, tabs,
                                          self.errors]), "banakil-stepper")
            direct_widget(self.widget)
        self.render()

    def _controls(self) -> None:
        m = self.model
        auto = W.Layout(width="auto")  # a label is never cut to "...": the button is as wide as its words
        self.first = classed(W.Button(description=_("First"), icon="fast-backward", layout=auto), "banakil-first")
        self.back = classed(W.Button(description=_("Back"), icon="step-backward", layout=auto), "banakil-back-button")
        self.next = classed(W.Button(description=_("Next"), icon="step-forward", layout=auto), "banakil-next")
        self.last = classed(W.Button(description=_("Last"), icon="fast-forward", layout=auto), "banakil-last")
        # an IntSlider, not a SelectionSlider: its readout takes a typed number (a SelectionSlider's
        # readout can be typed into but ignores it, then shows the typed text beside the old position)
        first, last = self._span()
        self.slider = classed(W.IntSlider(min=first, max=last, value=m.seq, description=_("event"),
                                          continuous_update=True), "banakil-slider")
        self.jump_box = classed(W.Text(value="", placeholder=_("number"), description=_("go to"),
                                       continuous_update=False, layout=W.Layout(width="14em")), "banakil-jump")
        self.jump_button = classed(W.Button(description=_("Go"), layout=auto), "banakil-jump-go")
        players = m.replay.states[0].players if len(m.replay) else ()
        views = [(_("all hands open"), ALL_OPEN)] + [(_("{name}'s view (seat {seat})").format(name=name, seat=i), i)
                                                   for i, name in enumerate(players)]
        self.perspective = classed(W.Dropdown(description=_("view"), options=views,
                                              value=ALL_OPEN if m.seat_view is None else m.seat_view,
                                              layout=W.Layout(width="20em")), "banakil-perspective")
        self.quiz_toggle = classed(W.ToggleButton(value=m.quiz, description=_("Quiz mode"), icon="question",
                                                  layout=auto), "banakil-quiz-toggle")
        self.status = classed(W.HTML(), "banakil-position")
        self.event = classed(W.HTML(), "banakil-event")
        self.table = classed(W.HTML(), "banakil-table")
        self.options = classed(W.HTML(), "banakil-options-panel")
        self.notes = classed(W.HTML(), "banakil-notes-panel")
        self.quiz_choice = classed(W.Dropdown(description=_("your move"), options=[], value=None,
                                              layout=W.Layout(width="40em")), "banakil-quiz-choice")
        self.quiz_reveal = classed(W.Button(description=_("Reveal"), icon="eye", button_style="info", layout=auto),
                                   "banakil-quiz-reveal")
        self.quiz_prompt = classed(W.HTML(), "banakil-quiz-prompt")
        self.quiz_result = classed(W.HTML(), "banakil-quiz-result")
        self.quiz_row = classed(W.HBox([self.quiz_choice, self.quiz_reveal]), "banakil-quiz-row")
        self.quiz_box = classed(W.VBox([self.quiz_prompt, self.quiz_row, self.quiz_result]), "banakil-quiz")

    def _span(self) -> tuple[int, int]:
        """The slider's ends: the first and last of the game's events (its stops are those, never a note)."""
        steps = self.model.steps
        return (steps[0], steps[-1]) if steps else (0, 0)

    def _stop_for(self, seq: int) -> int:
        """The game event the slider stops at for ``seq``: itself, or past a note the way the slider moved."""
        steps = self.model.steps
        if not steps or seq in steps:
            return seq
        if seq > self.model.seq:
            return next((s for s in steps if s > seq), steps[-1])
        return self.model.clamp(seq)

    # ------------------------------------------------------------ the model
    @property
    def replay(self) -> Replay:
        return self.model.replay

    @property
    def seq(self) -> int:
        return self.model.seq

    @property
    def seat_view(self) -> int | None:
        return self.model.seat_view

    @property
    def state(self) -> GameState:
        return self.model.state

    @property
    def revealed(self) -> bool:
        return self.model.revealed

    def decision(self) -> Any:
        """The model's decision here: (state, the move made next), or None."""
        return self.model.decision()

    # ------------------------------------------------------------ navigation
    def go(self, seq: int) -> None:
        """Move to event ``seq``, clamped to the game's events (the buttons call this; the slider follows)."""
        target = self.model.clamp(seq)
        if target == self.slider.value:
            self.model.go(target)
            self.render()
        else:
            self.slider.value = target

    def jump(self, seq: int) -> bool:
        """Move to event ``seq``; an event outside the log is said, not clamped; a note shows the event it is on."""
        with speaking(self.lang):
            return self._jump(seq)

    def _jump(self, seq: int) -> bool:
        m = self.model
        if not m.in_log(seq):
            self._say(_("There is no event {seq}: this game's events are numbered 0 to {last}.").format(
                seq=seq, last=m.last))
            return False
        on = m.note_on(seq)
        self.go(seq if on is None else on)
        if on is not None:
            self._say(_("Event {seq} is a note on event {on}, so event {on} is shown with its notes.").format(
                seq=seq, on=on), MUTED)
        return True

    def _say(self, text: str, colour: str = RED) -> None:
        """A sentence about the box above the position line (until the next move redraws it)."""
        self.status.value = directed_html(f'<div class="banakil-jump-message" style="color:{colour}">{esc(text)}</div>'
                                          f"<div>{esc(self._position())}</div>")

    def _jump_text(self, text: str) -> bool:
        """Go to the event number typed in the box (a sentence when it is not a number)."""
        words = text.strip()
        if not words:
            return False
        try:
            number = int(words)
        except ValueError:
            self._say(_("Type an event number, such as 12 (not “{words}”).").format(words=words))
            return False
        return self.jump(number)

    def _go_clicked(self) -> None:
        """Go or Enter: use the box when it holds a number to go to; either way, a value still on its way
        (held back by the browser while the kernel was busy) is used when it arrives."""
        self._armed_at = time.monotonic()
        text = self.jump_box.value.strip()
        if text and text != str(self.seq):
            self._jump_text(text)

    def _on_box_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Enter in the box: its message comes before the box's new value, as a click does."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self._go_clicked()

    def _on_box(self, change: Any) -> None:
        """The box's value arrived: used when Go or Enter came first (leaving the box alone does not jump)."""
        armed = self._armed_at is not None and time.monotonic() - self._armed_at < ENTER_WAIT
        if armed:
            self._armed_at = None
            self._jump_text(str(change["new"]))

    def set_replay(self, replay: Replay) -> None:
        """Show another version of the game (after a note was appended), keeping the position."""
        self.model.set_replay(replay)
        self._quiet = True
        try:
            first, last = self._span()
            self.slider.max = max(last, self.slider.min)  # widen first: min may never pass max on the way
            self.slider.min, self.slider.max = first, last
            self.slider.value = self.model.seq
        finally:
            self._quiet = False
        self.render()

    def _on_move(self, change: Any) -> None:
        if self._quiet or change["new"] is None:
            return
        stop = self._stop_for(int(change["new"]))
        if stop != change["new"]:  # a note's number, typed or stepped onto: the slider (and readout) go on
            self.slider.value = stop
            return
        self.model.go(stop)
        self.render()

    def _on_perspective(self, change: Any) -> None:
        self.model.seat_view = None if change["new"] == ALL_OPEN else int(change["new"])
        self.render()

    def _on_quiz(self, change: Any) -> None:
        self.model.quiz = bool(change["new"])
        self.render()

    # ------------------------------------------------------------- rendering
    def _position(self) -> str:
        m = self.model
        count = len(m.notes_here())
        at = _("Event {seq} of {last}").format(seq=m.seq, last=m.last)
        return at + (" · " + ngettext("{n} note on it", "{n} notes on it", count).format(n=count) if count else "")

    def render(self) -> None:
        """Redraw every panel for the current event, perspective and mode (right to left in Arabic)."""
        with speaking(self.lang):
            self._render()
            for panel in (self.status, self.event, self.table, self.options, self.notes, self.quiz_prompt,
                          self.quiz_result):
                panel.value = directed_html(panel.value)

    def _render(self) -> None:
        m = self.model
        if not len(m.replay):
            self.table.value = "<div>" + esc(_("This log holds no events.")) + "</div>"
            return
        first = m.steps[0] if m.steps else 0
        self.first.disabled = self.back.disabled = m.seq <= first
        self.next.disabled = self.last.disabled = m.seq >= m.last
        self.status.value = f"<div>{esc(self._position())}</div>"
        self.event.value = self._event_html()
        self.notes.value = annotations_html(m.notes_here())
        self.options.value = self._options_html()
        self._render_quiz()
        # the table last: the browser gets the panels in this order, so a table showing this event means
        # every other panel shows it too (the browser tests wait on the table's event number)
        self.table.value = state_html(m.state, seat_view=m.seat_view, notes=())

    def _static(self) -> tuple[str, str]:
        """The event, the table and the options (or the quiz question, its answer folded) without widgets."""
        with speaking(self.lang):
            html, text = self._static_here()
            return directed_html(html), text

    def _static_here(self) -> tuple[str, str]:
        m, state = self.model, self.model.state
        if not len(m.replay):
            return self.table.value, _("This log holds no events.")
        text = [f"{self._position()}.", *lines(self._event_html())]
        parts = [self.status.value, self.event.value, self.table.value]
        if m.quiz_status() == ASK and not m.revealed:
            found = m.decision()
            assert found is not None
            opts = m.options_here()
            choices = "".join(f"<li>{esc(label)}</li>" for label, _o in m.quiz_choices(lambda o: event_text(o.event, state)))
            played = self._tell(found[1])
            ranked = options_html(opts, state, chosen=found[1], open_reasons=True, limit=_STILL_OPTIONS,
                                  lesson=self.lesson)
            # a still picture lists the best few: its summary says so rather than promise every option
            count = len(opts.options)
            answer = (_("Answer: the move made, and every option ranked") if count <= _STILL_OPTIONS
                      else ngettext("Answer: the move made, and the best {limit} of its {count} options ranked",
                                    "Answer: the move made, and the best {limit} of its {count} options ranked",
                                    count).format(limit=_STILL_OPTIONS, count=count))
            name = state.players[state.turn]
            turn, ask = esc(_("Your turn as {name}:").format(name=name)), esc(_("which move would you make?"))
            played_word = _("Played:")
            parts.append(f'<div class="banakil-quiz-static"><b>{turn}</b> {ask}<ul>{choices}</ul><details>'
                         f"<summary>{esc(answer)}</summary><div>{esc(played_word)} <b>{esc(played)}</b></div>"
                         f"{ranked}</details></div>")
            text += [_("Quiz: which move would you make as {name}?").format(name=name),
                     _("Answer: {move}").format(move=played)]
        elif m.options_panel() == SHOWN:
            opts = m.options_here()
            # the best few: a still picture is read, not searched; the refusals stay whole
            parts.append(options_html(opts, state, chosen=m.chosen(), open_reasons=True, limit=_STILL_OPTIONS,
                                      lesson=self.lesson))
            text.append(options_text(opts, state, limit=_STILL_OPTIONS, lesson=self.lesson))
        else:
            parts.append(self.options.value)
        return f'<div class="banakil-snapshot">{"".join(parts)}</div>', "\n".join(text)

    def _tell(self, nxt: Event) -> str:
        """The next event in words, as much of it as the seat in view may know before it happens."""
        m = self.model
        view = m.next_view()
        after = m.replay.states[m.next_seq() or m.seq]
        if view != NEXT_SECRET:
            return event_text(nxt, after, seat_view=m.seat_view)
        if isinstance(nxt, HandStarted):
            return _("The next hand is dealt.")
        mover = getattr(nxt, "seat", None)
        if isinstance(nxt, Drew) and mover == m.seat_view:  # its own draw: the card is unknown until drawn
            return event_text(replace(nxt, card=None), m.state)
        return _("{name} plays; that hand is face down in this view, so the move shows once it is "
                 "made.").format(name=seat_name(m.state, mover))

    def _event_html(self) -> str:
        m = self.model
        happened = esc(event_text(m.replay.events[m.seq], m.state, seat_view=m.seat_view))
        # the catalog's words are looked up outside the f-strings: the extractor does not read inside them
        just, next_ = esc(_("Just happened:")), esc(_("Next:"))
        out = [f'<div class="banakil-just-happened"><b>{just}</b> {happened}</div>']
        nxt, view = m.next_event(), m.next_view()
        if nxt is not None and view == NEXT_QUIZ:
            hidden = esc(_("hidden: it is your move. Pick one in the quiz below and press Reveal."))
            out.append(f'<div class="banakil-next-event banakil-hidden-move"><b>{next_}</b> {hidden}</div>')
        elif nxt is not None:
            cls = "banakil-next-event" + (" banakil-unseen-move" if view == NEXT_SECRET else "")
            out.append(f'<div class="{cls}"><b>{next_}</b> {esc(self._tell(nxt))}</div>')
        return "".join(out)

    def _options_html(self) -> str:
        m, state = self.model, self.model.state
        panel = m.options_panel()
        if panel == QUIZ:
            # the ranks would give the answer away; after Reveal they are in the quiz box
            said = (_("Quiz mode: the options are shown, ranked, with your answer in the quiz box above.")
                    if m.revealed else _("Quiz mode: the options are shown, ranked, once you reveal your answer."))
            return f'<div class="banakil-options-quiz">{esc(said)}</div>'
        if panel == NO_HAND:
            return ('<div class="banakil-no-options">'
                    + esc(_("No decision at this moment: no hand is being played.")) + "</div>")
        if panel == OTHER_SEAT:
            assert m.seat_view is not None
            said = _("It is {name}'s turn: their options would show their cards, which are face down in "
                     "{viewer}'s view.").format(name=seat_name(state, state.turn),
                                                viewer=seat_name(state, m.seat_view))
            return f'<div class="banakil-no-options">{esc(said)}</div>'
        try:
            return options_html(m.options_here(), state, chosen=m.chosen(), lesson=self.lesson)
        except Exception as e:  # noqa: BLE001 - a bad state or answer must not break the stepper
            self.last_error = e
            said = _("The options could not be listed here (the details are in the widget's last_error).")
            return f'<div class="banakil-options-error" style="color:{RED}">{esc(said)}</div>'

    def _render_quiz(self) -> None:
        m, state = self.model, self.model.state
        self.quiz_box.layout.display = None if m.quiz else "none"
        if not m.quiz:
            return
        try:
            status = m.quiz_status()
        except Exception as e:  # noqa: BLE001 - shown in the quiz box, never raised into the notebook
            self.last_error = e
            self._quiz_says(_("Quiz: the options could not be listed here (the details are in the widget's "
                              "last_error). Press Next."))
            return
        if status == NO_DECISION:
            self._quiz_says(_("Quiz: no question here, since the next event is not a move of the player to act. "
                              "Press Next."))
        elif status == OTHER_SEAT:
            assert m.seat_view is not None
            me = seat_name(state, m.seat_view)
            self._quiz_says(_("Quiz: it is {name}'s turn. In {me}'s view you answer for {me} only: press Next "
                              "to reach {me}'s next decision.").format(name=seat_name(state, state.turn), me=me))
        elif status == NO_MOVE:
            self._quiz_says(_("Quiz: the player to act has no legal move here. Press Next."))
        elif status == ASK:
            labels = m.quiz_choices(lambda o: event_text(o.event, state))
            self.quiz_row.layout.display = None
            if not m.revealed:
                self.quiz_choice.options = labels
                self.quiz_choice.value = None  # nothing chosen for the learner
                self.quiz_result.value = ""
            self.quiz_choice.disabled = self.quiz_reveal.disabled = m.revealed
            # the same words for one move and many in English (as ever); Arabic picks its form by the count
            ask = ngettext("which move would you make? Pick one of the {n} legal moves, then press Reveal.",
                           "which move would you make? Pick one of the {n} legal moves, then press Reveal.",
                           len(labels)).format(n=len(labels))
            turn = _("Your turn as {name}:").format(name=state.players[state.turn])
            self.quiz_prompt.value = f"<b>{esc(turn)}</b> {esc(ask)}"

    def _quiz_says(self, message: str) -> None:
        """The quiz box when there is nothing to answer: one sentence, and no controls to press."""
        self.quiz_prompt.value = note_html(message, "banakil-quiz-idle", TEXT)
        self.quiz_row.layout.display = "none"
        self.quiz_choice.options = []
        self.quiz_choice.disabled = self.quiz_reveal.disabled = True
        self.quiz_result.value = ""

    def reveal(self) -> bool | None:
        """Show the move made and the ranked options; True when the learner picked the move made."""
        keep = self.quiz_choice.value
        with speaking(self.lang):
            if keep is None:
                if self.model.quiz_status() == ASK and not self.revealed:
                    self.quiz_result.value = directed_html(note_html(_("Pick a move from the list first."),
                                                                     "banakil-quiz-pick-first", RED))
                return None
            answer = self.model.reveal(keep)
            return None if answer is None else self._reveal_answer(answer)

    def _reveal_answer(self, answer: QuizAnswer) -> bool:
        """The quiz box after Reveal: the learner's pick, the move made and the verdict, in the stepper's language."""
        state = self.model.state
        # the catalog's words are looked up outside the f-strings: the extractor does not read inside them
        if answer.hit:
            said = esc(_("Same as the game."))
            verdict = f'<b class="banakil-quiz-hit" style="color:{_GREEN}">{said}</b>'
        elif answer.match == "part":
            said, more = esc(_("Part of the move made:")), esc(_("the game added more cards to that meld in one go."))
            verdict = f'<b class="banakil-quiz-part" style="color:{_GREEN}">{said}</b> {more}'
        else:
            said = esc(_("The game went another way."))
            verdict = f'<b class="banakil-quiz-miss" style="color:{_ORANGE}">{said}</b>'
        if not answer.listed:
            verdict += " " + esc(_("The move made is not in the list: the options name single moves and leave out "
                                   "melds that are never better."))
        opts = self.model.options_here()
        rank = (" " + _("(ranked #{rank} of {count})").format(rank=answer.picked.rank, count=len(opts.options))
                if answer.picked.rank is not None else "")
        ranked = options_html(opts, state, chosen=answer.actual, lesson=self.lesson)
        picked, played = esc(_("You picked:")), esc(_("Played:"))
        every = esc(_("Every option here, ranked ({count})").format(count=len(opts.options)))
        self.render()  # shows the next move and marks it among the options
        self.quiz_result.value = directed_html(
            f'<div class="banakil-quiz-answer">{picked} <b>{esc(event_text(answer.picked.event, state))}</b>'
            f"{esc(rank)}. {esc(answer.picked.explain)}<br>{played} <b>{esc(self._tell(answer.actual))}</b>"
            f"<br>{verdict}</div>"
            f'<details class="banakil-quiz-ranked"><summary>{every}</summary>{ranked}</details>')
        return answer.hit
