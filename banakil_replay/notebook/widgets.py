"""Interactive notebook widgets: a meld checker, a replay stepper with a quiz, an annotator.

Each widget is a thin view: a plain class that owns its ipywidgets controls
(as public attributes, so tests and notebooks can drive them:
``stepper.next.click()``), forwards them to a model and draws the model with
:mod:`banakil_replay.notebook.html`. The models know nothing of widgets or
HTML: :class:`~banakil_replay.play.stepper.Stepper` (position, seat view, quiz
rules) and :class:`~banakil_replay.log.annotations.AnnotatedGame` (where the
notes live). The widget shows itself through ``.widget``.

Every callback is wrapped so that an exception is written into the widget's
``errors`` Output instead of vanishing into the kernel log. Every control has
a stable ``banakil-...`` CSS class for browser tests.

The package root imports this module only when a widget class is asked for,
since it imports ipywidgets.
"""

from __future__ import annotations

import functools
import traceback
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import RANK_CODES, SUITS, SUIT_SYMBOLS, Card, parse_cards
from ..errors import BanakilError
from ..log.annotations import AnnotatedGame, Note
from ..log.load import load_replay
from ..melds import MeldCheck, analyze_meld
from ..play.stepper import ASK, NO_DECISION, NO_HAND, NO_MOVE, OTHER_SEAT, QUIZ, SHOWN, Stepper
from ..reducer import Replay
from ..rules import RULESETS, get_ruleset
from ..state import GameState
from .html import RED, annotations_html, card_colour, cards_html, esc, meld_check_html, options_html, state_html
from .narrate import event_text, moments, options_text

__all__ = ["MeldChecker", "ReplayStepper", "Annotator", "ALL_OPEN"]

ALL_OPEN = -1  # perspective value: every hand face up


class _Panel:
    """Owns an ``errors`` Output; wraps callbacks so their exceptions land there."""

    widget: Any

    def _init_errors(self) -> None:
        self.errors = _classed(W.Output(), "banakil-errors")
        self.last_error: BaseException | None = None

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as e:  # noqa: BLE001 - shown to the user, never swallowed silently
                self.last_error = e
                self.errors.append_stderr("".join(traceback.format_exception_only(type(e), e)))
                return None
        return wrapper

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Jupyter shows the owned widget tree (the class itself stays a plain object).

        A page with no kernel behind it (GitHub's viewer, an nbconvert export)
        cannot draw a widget, so the bundle also carries a picture of the widget
        as it opens, as HTML and as text; JupyterLab and Voila prefer the live widget.
        """
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            html, text = self._static()
            bundle = {**bundle, "text/html": _STATIC_NOTE + html, "text/plain": text}
        return bundle

    def _static(self) -> tuple[str, str]:
        """The widget as it stands now, as (HTML, text), for a page that cannot run it."""
        return "", ""


_STILL_OPTIONS = 8  # options listed in a widget's still picture, best first
_STATIC_NOTE = ('<div class="banakil-static-note" style="color:#666;font-style:italic">A still picture of an '
                'interactive widget: run the notebook to use it.</div>')


def _classed(widget: Any, *classes: str) -> Any:
    for c in classes:
        widget.add_class(c)
    return widget


def _lines(html_text: str) -> list[str]:
    """The text of a small HTML panel, one line per block, entities read back."""
    import html as _html
    import re

    blocks = re.split(r"</div>|<br>", html_text)
    return [t for b in blocks if (t := _html.unescape(re.sub(r"<[^>]+>", "", b)).strip())]


# -------------------------------------------------------------- MeldChecker
class MeldChecker(_Panel):
    """Type card codes or click cards; see at once whether they make a meld, and why not.

    ``checker.text`` (the codes), ``checker.rules`` (the rule set dropdown),
    ``checker.card_buttons[code]`` (one button per card), ``checker.result``
    (the verdict HTML).
    """

    def __init__(self, rules: str = "classic", cards: str = "") -> None:
        self._init_errors()
        self.text = _classed(W.Text(value=cards, placeholder="e.g. KS AS 2S", description="cards",
                                    continuous_update=True), "banakil-meld-input")
        self.rules = _classed(W.Dropdown(options=[(f"{r.name}: {r.title}", r.name) for r in RULESETS.values()],
                                         value=get_ruleset(rules).name, description="rules"), "banakil-rules")
        self.clear = _classed(W.Button(description="Clear", icon="times"), "banakil-clear")
        self.undo = _classed(W.Button(description="Remove last", icon="undo"), "banakil-undo")
        self.picked = _classed(W.HTML(), "banakil-picked")
        self.result = _classed(W.HTML(), "banakil-meld-result")
        self.card_buttons: dict[str, Any] = {}
        rows = [W.HBox([self._card_button(Card(rank, suit)) for rank in RANK_CODES]) for suit in SUITS]
        rows.append(W.HBox([self._card_button(Card(0))]))
        self.text.observe(self._guard(lambda _: self._refresh()), names="value")
        self.rules.observe(self._guard(lambda _: self._refresh()), names="value")
        self.clear.on_click(self._guard(lambda _: setattr(self.text, "value", "")))
        self.undo.on_click(self._guard(lambda _: self._remove_last()))
        self.widget = _classed(W.VBox([W.HBox([self.text, self.rules]), W.VBox(rows),
                                       W.HBox([self.clear, self.undo]), self.picked, self.result, self.errors]),
                               "banakil-meld-checker")
        self._refresh()

    def _card_button(self, card: Card) -> Any:
        label = "JK" if card.is_joker else RANK_CODES[card.rank] + SUIT_SYMBOLS[card.suit]
        button = _classed(W.Button(description=label, tooltip=card.code, layout=W.Layout(width="3.4em"),
                                   style=W.ButtonStyle(text_color=card_colour(card), font_weight="bold")),
                          "banakil-card-button", f"banakil-card-{card.code}")
        button.on_click(self._guard(lambda _: self.pick(card.code)))
        self.card_buttons[card.code] = button
        return button

    def pick(self, code: str) -> None:
        """Add one card (as clicking its button does)."""
        self.text.value = (self.text.value.strip() + " " + code).strip()

    def _remove_last(self) -> None:
        self.text.value = " ".join(self.text.value.replace(",", " ").split()[:-1])

    def check(self) -> MeldCheck | None:
        """The verdict on the cards in the text box (None when it is empty; raises on a bad code)."""
        codes = self.text.value.replace(",", " ").split()
        if not codes:
            return None
        return analyze_meld(parse_cards(codes), get_ruleset(self.rules.value))

    def _static(self) -> tuple[str, str]:
        check = None
        try:
            check = self.check()
        except BanakilError as e:
            return self.result.value, str(e)
        text = "Click cards or type codes." if check is None else (
            f"{self.text.value}: " + (check.meld.describe() if check.valid and check.meld else f"not a meld: {check.reason}"))
        return f'<div class="banakil-snapshot">{self.picked.value}{self.result.value}</div>', text

    def _refresh(self) -> None:
        try:
            check = self.check()
            cards = parse_cards(self.text.value)
        except BanakilError as e:
            self.picked.value = ""
            self.result.value = f'<div class="banakil-verdict banakil-bad-input" style="color:{RED}">{esc(e)}</div>'
            return
        self.picked.value = f"<div>Picked: {cards_html(cards, empty='no cards yet')}</div>"
        if check is None:
            self.result.value = '<div class="banakil-verdict banakil-empty">Click cards or type codes.</div>'
        else:
            self.result.value = meld_check_html(check)


# ------------------------------------------------------------ ReplayStepper
class ReplayStepper(_Panel):
    """Step through a game event by event, with the table drawn as cards.

    Controls: ``first``/``back``/``next``/``last`` buttons, ``slider`` (the
    event number), ``jump_box`` + ``jump_button``, ``perspective`` (all hands
    open, or one seat's view with the others face down), ``quiz_toggle``.
    Panels: ``table``, ``event``, ``options``, ``notes``, and in quiz mode
    ``quiz_choice`` / ``quiz_reveal`` / ``quiz_result``. ``model`` is the
    :class:`~banakil_replay.play.stepper.Stepper` they drive.

    Quiz mode: at a decision (the next event is a move by the seat to play)
    that move stays hidden; the learner picks one of the legal options and
    presses *Reveal* to see the move made and every option ranked with its
    explanation.
    """

    def __init__(self, replay_or_path: Replay | str | Path, *, seat_view: int | None = None, quiz: bool = False,
                 start: int = 0, notes: Callable[[int], Sequence[Any]] | None = None) -> None:
        self._init_errors()
        replay = replay_or_path if isinstance(replay_or_path, Replay) else load_replay(replay_or_path)
        self.model = Stepper(replay, seat_view=seat_view, quiz=quiz, start=start, notes=notes)
        self._controls()
        self.first.on_click(self._guard(lambda _: self.go(0)))
        self.back.on_click(self._guard(lambda _: self.go(self.seq - 1)))
        self.next.on_click(self._guard(lambda _: self.go(self.seq + 1)))
        self.last.on_click(self._guard(lambda _: self.go(self.model.last)))
        self.jump_button.on_click(self._guard(lambda _: self.jump(self.jump_box.value)))
        self.slider.observe(self._guard(self._on_move), names="value")
        self.perspective.observe(self._guard(self._on_perspective), names="value")
        self.quiz_toggle.observe(self._guard(self._on_quiz), names="value")
        self.quiz_reveal.on_click(self._guard(lambda _: self.reveal()))
        nav = W.HBox([self.first, self.back, self.next, self.last, self.slider])
        tools = W.HBox([self.jump_box, self.jump_button, self.perspective, self.quiz_toggle])
        tabs = W.Accordion(children=[self.options, self.notes], titles=("Options at this moment", "Notes"))
        tabs.selected_index = 0
        self.widget = _classed(W.VBox([nav, tools, self.status, self.event, self.quiz_box, self.table, tabs,
                                       self.errors]), "banakil-stepper")
        self.render()

    def _controls(self) -> None:
        m = self.model
        self.first = _classed(W.Button(description="First", icon="fast-backward"), "banakil-first")
        self.back = _classed(W.Button(description="Back", icon="step-backward"), "banakil-back-button")
        self.next = _classed(W.Button(description="Next", icon="step-forward"), "banakil-next")
        self.last = _classed(W.Button(description="Last", icon="fast-forward"), "banakil-last")
        self.slider = _classed(W.IntSlider(value=m.seq, min=0, max=m.last, description="event",
                                           continuous_update=True), "banakil-slider")
        self.jump_box = _classed(W.IntText(value=0, description="go to", layout=W.Layout(width="11em")),
                                 "banakil-jump")
        self.jump_button = _classed(W.Button(description="Go", layout=W.Layout(width="4em")), "banakil-jump-go")
        players = m.replay.states[0].players if len(m.replay) else ()
        views = [("all hands open", ALL_OPEN)] + [(f"{name}'s view (seat {i})", i) for i, name in enumerate(players)]
        self.perspective = _classed(W.Dropdown(description="view", options=views,
                                               value=ALL_OPEN if m.seat_view is None else m.seat_view),
                                    "banakil-perspective")
        self.quiz_toggle = _classed(W.ToggleButton(value=m.quiz, description="Quiz mode", icon="question"),
                                    "banakil-quiz-toggle")
        self.status = _classed(W.HTML(), "banakil-position")
        self.event = _classed(W.HTML(), "banakil-event")
        self.table = _classed(W.HTML(), "banakil-table")
        self.options = _classed(W.HTML(), "banakil-options-panel")
        self.notes = _classed(W.HTML(), "banakil-notes-panel")
        self.quiz_choice = _classed(W.Dropdown(description="your move", options=[], layout=W.Layout(width="40em")),
                                    "banakil-quiz-choice")
        self.quiz_reveal = _classed(W.Button(description="Reveal", icon="eye", button_style="info"),
                                    "banakil-quiz-reveal")
        self.quiz_prompt = _classed(W.HTML(), "banakil-quiz-prompt")
        self.quiz_result = _classed(W.HTML(), "banakil-quiz-result")
        self.quiz_box = _classed(W.VBox([self.quiz_prompt, W.HBox([self.quiz_choice, self.quiz_reveal]),
                                         self.quiz_result]), "banakil-quiz")

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
        """Move to event ``seq``, clamped to the log (the buttons call this; the slider follows)."""
        self.slider.value = self.model.clamp(seq)

    def jump(self, seq: int) -> bool:
        """Move to event ``seq``; an event outside the log is reported, not clamped."""
        if not self.model.in_log(seq):
            self.status.value = (f'<div class="banakil-jump-error" style="color:{RED}">There is no event {seq}: '
                                 f"this log has events 0 to {len(self.replay) - 1}.</div>")
            return False
        self.go(seq)
        return True

    def set_replay(self, replay: Replay) -> None:
        """Show another version of the game (after a note was appended), keeping the position."""
        self.model.set_replay(replay)
        self.slider.max = self.model.last
        self.slider.value = self.model.seq
        self.render()

    def _on_move(self, change: Any) -> None:
        self.model.go(change["new"])
        self.render()

    def _on_perspective(self, change: Any) -> None:
        self.model.seat_view = None if change["new"] == ALL_OPEN else int(change["new"])
        self.render()

    def _on_quiz(self, change: Any) -> None:
        self.model.quiz = bool(change["new"])
        self.render()

    # ------------------------------------------------------------- rendering
    def render(self) -> None:
        """Redraw every panel for the current event, perspective and mode."""
        m = self.model
        if not len(m.replay):
            self.table.value = "<div>This log holds no events.</div>"
            return
        self.first.disabled = self.back.disabled = m.seq == 0
        self.next.disabled = self.last.disabled = m.seq >= len(m.replay) - 1
        self.jump_box.value = m.seq
        self.status.value = f'<div>Event {m.seq} of {len(m.replay) - 1}</div>'
        self.event.value = self._event_html()
        self.table.value = state_html(m.state, seat_view=m.seat_view, notes=())
        self.notes.value = annotations_html(m.notes_here())
        self.options.value = self._options_html()
        self._render_quiz()

    def _static(self) -> tuple[str, str]:
        """The event, the table and the options (or the quiz question, its answer folded) without widgets."""
        m, state = self.model, self.model.state
        if not len(m.replay):
            return self.table.value, "This log holds no events."
        lines = [f"Event {m.seq} of {m.last}.", *_lines(self._event_html())]
        parts = [self.status.value, self.event.value, self.table.value]
        if m.quiz_status() == ASK:
            found = m.decision()
            assert found is not None
            opts = m.options_here()
            choices = "".join(f"<li>{esc(label)}</li>" for label, _ in m.quiz_choices(lambda o: event_text(o.event, state)))
            played = event_text(found[1], m.replay.states[m.seq + 1], seat_view=m.seat_view)
            parts.append(f'<div class="banakil-quiz-static"><b>Your turn as {esc(state.players[state.turn])}:</b> '
                         f"which move would you make?<ul>{choices}</ul><details><summary>Answer: the move made, "
                         f"and every option ranked</summary><div>Played: <b>{esc(played)}</b></div>"
                         f"{options_html(opts, state, chosen=found[1], open_reasons=True, limit=_STILL_OPTIONS)}</details></div>")
            lines += [f"Quiz: which move would you make as {state.players[state.turn]}?", f"Answer: {played}"]
        elif m.options_panel() == SHOWN:
            opts = m.options_here()
            # the best few: a still picture is read, not searched; the refusals stay whole
            parts.append(options_html(opts, state, chosen=m.chosen(), open_reasons=True, limit=_STILL_OPTIONS))
            lines.append(options_text(opts, state, limit=_STILL_OPTIONS))
        else:
            parts.append(self.options.value)
        return f'<div class="banakil-snapshot">{"".join(parts)}</div>', "\n".join(lines)

    def _event_html(self) -> str:
        m = self.model
        happened = esc(event_text(m.replay.events[m.seq], m.state, seat_view=m.seat_view))
        lines = [f'<div class="banakil-just-happened"><b>Just happened:</b> {happened}</div>']
        nxt = m.next_event()
        if nxt is not None and m.next_hidden():
            lines.append('<div class="banakil-next-event banakil-hidden-move"><b>Next:</b> hidden — '
                         "what would you play? Pick below and press Reveal.</div>")
        elif nxt is not None:
            after = m.replay.states[m.seq + 1]
            lines.append(f'<div class="banakil-next-event"><b>Next:</b> '
                         f"{esc(event_text(nxt, after, seat_view=m.seat_view))}</div>")
        return "".join(lines)

    def _options_html(self) -> str:
        m, state = self.model, self.model.state
        panel = m.options_panel()
        if panel == QUIZ:
            # the ranks would give the answer away; after Reveal they are in the quiz box
            return ('<div class="banakil-options-quiz">Quiz mode: the options are shown, ranked, '
                    + ("with your answer in the quiz box." if m.revealed else "once you reveal your answer.")
                    + "</div>")
        if panel == NO_HAND:
            return '<div class="banakil-no-options">No decision at this moment: no hand is being played.</div>'
        if panel == OTHER_SEAT:
            return (f'<div class="banakil-no-options">It is {esc(state.players[state.turn])}\'s turn: their options '
                    "would show their cards. Switch the view to see them.</div>")
        try:
            return options_html(m.options_here(), state, chosen=m.chosen())
        except Exception as e:  # noqa: BLE001 - a bad state or answer must not break the stepper
            return f'<div class="banakil-options-error" style="color:{RED}">options failed: {esc(e)}</div>'

    def _render_quiz(self) -> None:
        m, state = self.model, self.model.state
        self.quiz_box.layout.display = None if m.quiz else "none"
        if not m.quiz:
            return
        try:
            status = m.quiz_status()
        except Exception as e:  # noqa: BLE001 - shown in the quiz box, never raised into the notebook
            self._quiz_idle(f"options failed: {esc(e)}")
            return
        if status == NO_DECISION:
            self._quiz_idle("No decision here: step on to the next move by a player.")
        elif status == OTHER_SEAT:
            assert m.seat_view is not None
            self._quiz_idle(f"It is {esc(state.players[state.turn])}'s move; in this view you answer for "
                            f"{esc(state.players[m.seat_view])} only. Step on.")
        elif status == NO_MOVE:
            self._quiz_idle("No legal move here.")
        elif status == ASK:
            labels = m.quiz_choices(lambda o: event_text(o.event, state))
            self.quiz_choice.options = labels
            self.quiz_choice.value = labels[0][1]
            self.quiz_choice.disabled = self.quiz_reveal.disabled = m.revealed
            self.quiz_prompt.value = (f"<b>Your turn as {esc(state.players[state.turn])}:</b> "
                                      f"which move would you make? ({len(labels)} legal)")
            if not m.revealed:
                self.quiz_result.value = ""

    def _quiz_idle(self, message: str) -> None:
        self.quiz_prompt.value = f'<div class="banakil-quiz-idle">{message}</div>'
        self.quiz_choice.options = []
        self.quiz_choice.disabled = self.quiz_reveal.disabled = True
        self.quiz_result.value = ""

    def reveal(self) -> bool | None:
        """Show the move made and the ranked options; True when the learner picked the move made."""
        keep = self.quiz_choice.value
        state = self.model.state
        answer = self.model.reveal(keep) if keep is not None else None
        if answer is None:
            return None
        if answer.hit:
            verdict = '<b class="banakil-quiz-hit" style="color:#1e7e34">Same as the game.</b>'
        elif answer.match == "part":
            verdict = ('<b class="banakil-quiz-part" style="color:#1e7e34">Part of the move made</b> (the game laid '
                       "more cards in one go).")
        else:
            verdict = '<b class="banakil-quiz-miss" style="color:#b35900">The game went another way.</b>'
        if not answer.listed:
            verdict += (" The move made is not in the list: the options name single moves and leave out "
                        "melds that are never better.")
        rank = f" (ranked #{answer.picked.rank})" if answer.picked.rank is not None else ""
        after = self.replay.states[self.seq + 1]
        self.render()  # shows the next move and marks it among the options
        self.quiz_choice.value = keep  # render rebuilt the choices; keep the learner's pick on show
        self.quiz_result.value = (
            f'<div class="banakil-quiz-answer">You picked: <b>{esc(event_text(answer.picked.event, state))}</b>'
            f"{esc(rank)}<br>{esc(answer.picked.explain)}<br>Played: "
            f"<b>{esc(event_text(answer.actual, after, seat_view=self.seat_view))}</b>"
            f"<br>{verdict}</div>{options_html(self.model.options_here(), state, chosen=answer.actual)}")
        return answer.hit


# --------------------------------------------------------------- Annotator
class Annotator(_Panel):
    """Step to a moment of a game, add a note, list and export the notes.

    Notes go into the log as ``annotated`` events (appended, nothing
    rewritten), or with ``sidecar=True`` into ``<game>.notes.jsonl``, keyed by
    the log's SHA-256 (a sidecar for other bytes is refused with
    :class:`~banakil_replay.log.annotations.SidecarMismatchError`). ``game`` is
    the :class:`~banakil_replay.log.annotations.AnnotatedGame` behind it.
    """

    def __init__(self, path: str | Path, sidecar: bool = False, *, author: str = "",
                 export_dir: str | Path | None = None) -> None:
        self._init_errors()
        self.game = AnnotatedGame(path, sidecar)
        self.path, self.sidecar = self.game.path, self.game.sidecar
        self.export_dir = Path(export_dir) if export_dir is not None else self.path.parent
        self.stepper = ReplayStepper(self.game.replay, notes=self.game.sidecar_notes_at)
        self.text = _classed(W.Textarea(placeholder="Your note on this moment", layout=W.Layout(width="40em")),
                             "banakil-note-text")
        self.author = _classed(W.Text(value=author, description="author"), "banakil-note-author")
        self.add_button = _classed(W.Button(description="Add note", icon="plus", button_style="success"),
                                   "banakil-note-add")
        self.message = _classed(W.HTML(), "banakil-note-message")
        self.listing = _classed(W.HTML(), "banakil-note-list")
        self.export_md = _classed(W.Button(description="Export Markdown", icon="download"), "banakil-export-md")
        self.export_csv = _classed(W.Button(description="Export CSV", icon="download"), "banakil-export-csv")
        self.exported = _classed(W.HTML(), "banakil-exported")
        self.add_button.on_click(self._guard(lambda _: self.add(self.text.value)))
        self.export_md.on_click(self._guard(lambda _: self.export("md")))
        self.export_csv.on_click(self._guard(lambda _: self.export("csv")))
        self.widget = _classed(W.VBox([
            self.stepper.widget, W.HTML(f"<b>Add a note</b> (stored in {esc(self.game.where)})"),
            self.text, W.HBox([self.author, self.add_button]), self.message,
            W.HTML("<b>All notes</b>"), self.listing, W.HBox([self.export_md, self.export_csv]), self.exported,
            self.errors]), "banakil-annotator")
        self._list()

    @property
    def replay(self) -> Replay:
        return self.game.replay

    def _static(self) -> tuple[str, str]:
        html, text = self.stepper._static()
        notes = "\n".join(f"event {n.at}, {n.author or 'anonymous'}: {n.text}" for n in self.notes())
        return (f"{html}<div><b>All notes</b> (stored in {esc(self.game.where)})</div>{self.listing.value}",
                f"{text}\nNotes:\n{notes or 'none yet'}")

    def notes(self) -> list[Note]:
        """Every note on this game, from the log or the sidecar, in the order written."""
        return self.game.notes()

    def add(self, text: str, author: str | None = None, at: int | None = None) -> Note | None:
        """Add a note on event ``at`` (default: the one shown); returns it, or None for an empty text."""
        if not text.strip():
            self.message.value = '<span class="banakil-note-empty">Write something first.</span>'
            return None
        note = Note(self.stepper.seq if at is None else at, text,
                    self.author.value if author is None else author)
        self.game.add([note])
        self.text.value = ""
        self.message.value = f'<span class="banakil-note-added">Note added on event {note.at}.</span>'
        self._redraw()
        return note

    def _redraw(self) -> None:
        if self.stepper.replay is not self.game.replay:
            self.stepper.set_replay(self.game.replay)  # the log grew
        self.stepper.render()
        self._list()

    def _list(self) -> None:
        moment = moments(self.replay)
        rows = [f'<tr class="banakil-note-row"><td>{n.at}</td><td>{esc(moment(n.at))}</td>'
                f"<td>{esc(n.author or 'anonymous')}</td><td style=\"white-space:pre-wrap\">{esc(n.text)}"
                "</td></tr>" for n in self.notes()]
        self.listing.value = ("<table><tr><th>event</th><th>moment</th><th>author</th><th>note</th></tr>"
                              + "".join(rows) + "</table>") if rows else "<div>No notes yet.</div>"

    def export(self, fmt: str = "csv") -> Path:
        """Write every note to ``<game>.notes.<fmt>`` in ``export_dir`` (CSV imports back exactly)."""
        target = self.game.export(fmt, self.export_dir, moments(self.replay))
        self.exported.value = f'<div class="banakil-export-done">Wrote {esc(target)}</div>'
        return target

    def import_csv(self, path: str | Path) -> list[Note]:
        """Add every note of an exported CSV (to the sidecar, or appended to the log)."""
        notes = self.game.import_csv(path)
        self._redraw()
        return notes
