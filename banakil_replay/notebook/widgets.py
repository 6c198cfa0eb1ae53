"""Interactive notebook widgets: a meld checker, a replay stepper with a quiz, an annotator.

Each widget is a plain class that owns its ipywidgets controls (as public
attributes, so tests and notebooks can drive them: ``stepper.next.click()``)
and shows itself through ``.widget``. Every callback is wrapped so that an
exception is written into the widget's ``errors`` Output instead of vanishing
into the kernel log. Every control has a stable ``banakil-...`` CSS class for
browser tests.

ipywidgets is imported inside the constructors; the rules core never imports
this module. The options panel goes through :func:`legal_options`, the one
place that calls :mod:`banakil_replay.play.options`.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Sequence

from . import display as d
from ..log.annotations import Note, Sidecar, append_note, export_notes, import_notes, inline_notes
from ..cards import RANK_CODES, SUITS, SUIT_SYMBOLS, Card, parse_cards
from ..errors import BanakilError
from ..melds import MeldCheck, analyze_meld
from ..reducer import Replay, replay as replay_events
from ..rules import RULESETS, get_ruleset
from ..state import GameState

__all__ = ["options_module", "legal_options", "review_function", "OPTIONS_MISSING", "MeldChecker", "ReplayStepper",
           "Annotator",
           "load_replay"]

OPTIONS_MISSING = "options not available"
PLAY_TYPES = frozenset({"drew", "took", "melded", "laid_off", "joker_swapped", "discarded"})
ALL_OPEN = -1  # perspective value: every hand face up


# ------------------------------------------------------------------ options
def options_module() -> ModuleType | None:
    """:mod:`banakil_replay.play.options` when it is installed, else None (checked without importing it)."""
    if importlib.util.find_spec("banakil_replay.play.options") is None:
        return None
    return importlib.import_module("banakil_replay.play.options")


def legal_options(state: GameState) -> Any | None:
    """The legal options at ``state`` (``options.options(state)``), or None without the options module."""
    module = options_module()
    if module is None:
        return None
    return module.options(state)


def review_function() -> Callable[..., Any] | None:
    """The engine's ``review(replay, seat=None)``: from :mod:`banakil_replay.play.options` if it has one,
    else from :mod:`banakil_replay.play.review`; None when neither is installed."""
    module = options_module()
    if module is not None and callable(getattr(module, "review", None)):
        return module.review  # type: ignore[no-any-return]
    if importlib.util.find_spec("banakil_replay.play.review") is None:
        return None
    found = getattr(importlib.import_module("banakil_replay.play.review"), "review", None)
    return found if callable(found) else None


def load_replay(replay_or_path: Replay | str | Path) -> Replay:
    """A replay as given, or read and replayed from a log file."""
    if isinstance(replay_or_path, Replay):
        return replay_or_path
    from ..log.store import read_events

    return replay_events(read_events(replay_or_path))


# ----------------------------------------------------------------- helpers
def _w() -> Any:
    import ipywidgets  # type: ignore[import-untyped, unused-ignore]

    return ipywidgets


class _Panel:
    """Owns an ``errors`` Output; wraps callbacks so their exceptions land there."""

    widget: Any

    def _init_errors(self) -> None:
        self.errors = _w().Output()
        self.errors.add_class("banakil-errors")
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
        """Jupyter shows the owned widget tree (the class itself stays a plain object)."""
        return self.widget._repr_mimebundle_(**kwargs)


def _classed(widget: Any, *classes: str) -> Any:
    for c in classes:
        widget.add_class(c)
    return widget


# -------------------------------------------------------------- MeldChecker
class MeldChecker(_Panel):
    """Type card codes or click cards; see at once whether they make a meld, and why not.

    ``checker.text`` (the codes), ``checker.rules`` (the rule set dropdown),
    ``checker.card_buttons[code]`` (one button per card), ``checker.result``
    (the verdict HTML).
    """

    def __init__(self, rules: str = "classic", cards: str = "") -> None:
        W = _w()
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
        rows = []
        for suit in SUITS:
            row = []
            for rank in RANK_CODES:
                row.append(self._card_button(Card(rank, suit)))
            rows.append(W.HBox(row))
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
        W = _w()
        colour = d.JOKER_COLOUR if card.is_joker else (d.RED if card.is_red else d.BLACK)
        label = "JK" if card.is_joker else RANK_CODES[card.rank] + SUIT_SYMBOLS[card.suit]
        button = _classed(W.Button(description=label, tooltip=card.code, layout=W.Layout(width="3.4em"),
                                   style=W.ButtonStyle(text_color=colour, font_weight="bold")),
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

    def _refresh(self) -> None:
        try:
            check = self.check()
            cards = parse_cards(self.text.value)
        except BanakilError as e:
            self.picked.value = ""
            self.result.value = (f'<div class="banakil-verdict banakil-bad-input" style="color:{d.RED}">'
                                 f"{d.esc(e)}</div>")
            return
        self.picked.value = f"<div>Picked: {d.cards_html(cards, empty='no cards yet')}</div>"
        if check is None:
            self.result.value = '<div class="banakil-verdict banakil-empty">Click cards or type codes.</div>'
        else:
            self.result.value = d.meld_check_html(check)


# ------------------------------------------------------------ ReplayStepper
class ReplayStepper(_Panel):
    """Step through a game event by event, with the table drawn as cards.

    Controls: ``first``/``back``/``next``/``last`` buttons, ``slider`` (the
    event number, the one source of truth), ``jump_box`` + ``jump_button``,
    ``perspective`` (all hands open, or one seat's view with the others face
    down), ``quiz_toggle``. Panels: ``table``, ``event``, ``options``,
    ``notes``, and in quiz mode ``quiz_choice`` / ``quiz_reveal`` /
    ``quiz_result``.

    Quiz mode: at a decision (the next event is a move by the seat to play)
    that move stays hidden; the learner picks one of the legal options and
    presses *Reveal* to see the move made and every option ranked with its
    explanation.
    """

    def __init__(self, replay_or_path: Replay | str | Path, *, seat_view: int | None = None, quiz: bool = False,
                 start: int = 0, notes: Callable[[int], Sequence[Any]] | None = None) -> None:
        W = _w()
        self._init_errors()
        self.replay = load_replay(replay_or_path)
        self.extra_notes = notes
        self.revealed = False
        last = max(len(self.replay) - 1, 0)
        self.first = _classed(W.Button(description="First", icon="fast-backward"), "banakil-first")
        self.back = _classed(W.Button(description="Back", icon="step-backward"), "banakil-back-button")
        self.next = _classed(W.Button(description="Next", icon="step-forward"), "banakil-next")
        self.last = _classed(W.Button(description="Last", icon="fast-forward"), "banakil-last")
        self.slider = _classed(W.IntSlider(value=min(max(start, 0), last), min=0, max=last, description="event",
                                           continuous_update=True), "banakil-slider")
        self.jump_box = _classed(W.IntText(value=0, description="go to", layout=W.Layout(width="11em")),
                                 "banakil-jump")
        self.jump_button = _classed(W.Button(description="Go", layout=W.Layout(width="4em")), "banakil-jump-go")
        self.perspective = _classed(W.Dropdown(description="view", options=self._perspectives(),
                                               value=ALL_OPEN if seat_view is None else seat_view),
                                    "banakil-perspective")
        self.quiz_toggle = _classed(W.ToggleButton(value=quiz, description="Quiz mode", icon="question"),
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
        self._quiz_options: Any = None

        self.first.on_click(self._guard(lambda _: self.go(0)))
        self.back.on_click(self._guard(lambda _: self.go(self.slider.value - 1)))
        self.next.on_click(self._guard(lambda _: self.go(self.slider.value + 1)))
        self.last.on_click(self._guard(lambda _: self.go(self.slider.max)))
        self.jump_button.on_click(self._guard(lambda _: self.jump(self.jump_box.value)))
        self.slider.observe(self._guard(self._on_move), names="value")
        self.perspective.observe(self._guard(lambda _: self.render()), names="value")
        self.quiz_toggle.observe(self._guard(lambda _: self.render()), names="value")
        self.quiz_reveal.on_click(self._guard(lambda _: self.reveal()))

        nav = W.HBox([self.first, self.back, self.next, self.last, self.slider])
        tools = W.HBox([self.jump_box, self.jump_button, self.perspective, self.quiz_toggle])
        tabs = W.Accordion(children=[self.options, self.notes], titles=("Options at this moment", "Notes"))
        tabs.selected_index = 0
        self.widget = _classed(W.VBox([nav, tools, self.status, self.event, self.quiz_box, self.table, tabs,
                                       self.errors]), "banakil-stepper")
        self.render()

    # ------------------------------------------------------------ navigation
    def _perspectives(self) -> list[tuple[str, int]]:
        players = self.replay.states[0].players if len(self.replay) else ()
        return [("all hands open", ALL_OPEN)] + [(f"{name}'s view (seat {i})", i) for i, name in enumerate(players)]

    @property
    def seq(self) -> int:
        return int(self.slider.value)

    @property
    def seat_view(self) -> int | None:
        return None if self.perspective.value == ALL_OPEN else int(self.perspective.value)

    @property
    def state(self) -> GameState:
        return self.replay.states[self.seq]

    def go(self, seq: int) -> None:
        """Move to event ``seq``, clamped to the log (the buttons call this)."""
        self.slider.value = min(max(seq, self.slider.min), self.slider.max)

    def jump(self, seq: int) -> bool:
        """Move to event ``seq``; an event outside the log is reported, not clamped."""
        if not 0 <= seq < len(self.replay):
            self.status.value = (f'<div class="banakil-jump-error" style="color:{d.RED}">There is no event {seq}: '
                                 f"this log has events 0 to {len(self.replay) - 1}.</div>")
            return False
        self.go(seq)
        return True

    def set_replay(self, replay: Replay) -> None:
        """Show another version of the game (after a note was appended), keeping the position."""
        self.replay = replay
        at = min(self.seq, len(replay) - 1)
        self.slider.max = max(len(replay) - 1, 0)
        self.slider.value = at
        self.render()

    def _on_move(self, _change: Any) -> None:
        self.revealed = False
        self.render()

    # ------------------------------------------------------------- rendering
    def _next_event(self) -> Any | None:
        return self.replay.events[self.seq + 1] if self.seq + 1 < len(self.replay) else None

    def decision(self) -> tuple[GameState, Any] | None:
        """(state, the move made next) when the next event is a move by the seat to play, else None."""
        state, nxt = self.state, self._next_event()
        if nxt is None or not state.in_hand or nxt.type not in PLAY_TYPES or getattr(nxt, "seat", None) != state.turn:
            return None
        return state, nxt

    def _notes_here(self) -> list[Any]:
        notes: list[Any] = list(self.replay.annotations_at(self.seq))
        if self.extra_notes is not None:
            notes += list(self.extra_notes(self.seq))
        return notes

    def render(self) -> None:
        """Redraw every panel for the current event, perspective and mode."""
        if not len(self.replay):
            self.table.value = "<div>This log holds no events.</div>"
            return
        seq, state, view = self.seq, self.state, self.seat_view
        self.first.disabled = self.back.disabled = seq == 0
        self.next.disabled = self.last.disabled = seq >= len(self.replay) - 1
        self.jump_box.value = seq
        self.status.value = f'<div>Event {seq} of {len(self.replay) - 1}</div>'
        quiz = bool(self.quiz_toggle.value)
        ev = self.replay.events[seq]
        nxt = self._next_event()
        happened = d.esc(d.event_text(ev, state, seat_view=view))
        lines = [f'<div class="banakil-just-happened"><b>Just happened:</b> {happened}</div>']
        if nxt is not None:
            if quiz and self.decision() is not None and not self.revealed:
                lines.append('<div class="banakil-next-event banakil-hidden-move"><b>Next:</b> hidden — '
                             "what would you play? Pick below and press Reveal.</div>")
            else:
                after = self.replay.states[seq + 1]
                lines.append(f'<div class="banakil-next-event"><b>Next:</b> '
                             f"{d.esc(d.event_text(nxt, after, seat_view=view))}</div>")
        self.event.value = "".join(lines)
        self.table.value = d.state_html(state, seat_view=view, notes=())
        self.notes.value = d.annotations_html(self._notes_here())
        if quiz and self.decision() is not None:
            # the ranks would give the answer away; after Reveal they are in the quiz box
            self.options.value = ('<div class="banakil-options-quiz">Quiz mode: the options are shown, ranked, '
                                  + ("with your answer in the quiz box." if self.revealed else
                                     "once you reveal your answer.") + "</div>")
        else:
            self.options.value = self._options_html(state, view, nxt)
        self._render_quiz(quiz)

    def _options_html(self, state: GameState, view: int | None, nxt: Any) -> str:
        if not state.in_hand:
            return '<div class="banakil-no-options">No decision at this moment: no hand is being played.</div>'
        if view is not None and view != state.turn:
            return (f'<div class="banakil-no-options">It is {d.esc(state.players[state.turn])}\'s turn: their options '
                    "would show their cards. Switch the view to see them.</div>")
        chosen = d._event_dict(nxt) if self.decision() is not None else None
        try:
            opts = legal_options(state)
            if opts is None:
                return f'<div class="banakil-options-missing">{OPTIONS_MISSING}</div>'
            return d.options_html(opts, state, chosen=chosen)
        except Exception as e:  # noqa: BLE001 - a bad state or answer must not break the stepper
            return f'<div class="banakil-options-error" style="color:{d.RED}">options failed: {d.esc(e)}</div>'


    def _render_quiz(self, quiz: bool) -> None:
        self.quiz_box.layout.display = None if quiz else "none"
        self._quiz_options = None
        if not quiz:
            return
        found = self.decision()
        if found is None:
            self._quiz_idle("No decision here: step on to the next move by a player.")
            return
        state, _ = found
        if self.seat_view is not None and self.seat_view != state.turn:
            self._quiz_idle(f"It is {d.esc(state.players[state.turn])}'s move; in this view you answer for "
                            f"{d.esc(state.players[self.seat_view])} only. Step on.")
            return
        try:
            opts = legal_options(state)
        except Exception as e:  # noqa: BLE001
            self._quiz_idle(f"options failed: {d.esc(e)}")
            return
        if opts is None or not opts.options:
            self._quiz_idle(f"The quiz needs the legal options: {OPTIONS_MISSING}." if opts is None
                            else "No legal move here.")
            return
        self._quiz_options = opts
        # alphabetical, never by rank, so the order gives nothing away
        labels = sorted(((d.event_text(o.event, state), i) for i, o in enumerate(opts.options)), key=lambda t: t[0])
        self.quiz_choice.options = labels
        self.quiz_choice.value = labels[0][1]
        self.quiz_choice.disabled = self.quiz_reveal.disabled = self.revealed
        self.quiz_prompt.value = (f"<b>Your turn as {d.esc(state.players[state.turn])}:</b> "
                                  f"which move would you make? ({len(labels)} legal)")
        if not self.revealed:
            self.quiz_result.value = ""

    def _quiz_idle(self, message: str) -> None:
        self.quiz_prompt.value = f'<div class="banakil-quiz-idle">{message}</div>'
        self.quiz_choice.options = []
        self.quiz_choice.disabled = self.quiz_reveal.disabled = True
        self.quiz_result.value = ""

    def reveal(self) -> bool | None:
        """Show the move made and the ranked options; True when the learner picked the move made."""
        found = self.decision()
        opts = self._quiz_options
        if found is None or opts is None or self.quiz_choice.value is None:
            return None
        state, nxt = found
        picked = opts.options[self.quiz_choice.value]
        actual = d._event_dict(nxt)
        match = d.move_match(picked.event, actual)
        hit = match == "same"
        after = self.replay.states[self.seq + 1]
        if hit:
            verdict = '<b class="banakil-quiz-hit" style="color:#1e7e34">Same as the game.</b>'
        elif match == "part":
            verdict = ('<b class="banakil-quiz-part" style="color:#1e7e34">Part of the move made</b> (the game laid '
                       "more cards in one go).")
        else:
            verdict = '<b class="banakil-quiz-miss" style="color:#b35900">The game went another way.</b>'
        if not any(d.move_match(o.event, actual) for o in opts.options):
            verdict += (" The move made is not in the list: the options name single moves and leave out "
                        "melds that are never better.")
        rank = f" (ranked #{picked.rank})" if picked.rank is not None else ""
        keep = self.quiz_choice.value
        self.revealed = True
        self.render()  # shows the next move and marks it among the options
        self.quiz_choice.value = keep  # render rebuilt the choices; keep the learner's pick on show
        self.quiz_result.value = (
            f'<div class="banakil-quiz-answer">You picked: <b>{d.esc(d.event_text(picked.event, state))}</b>'
            f'{d.esc(rank)}'
            f"<br>{d.esc(picked.explain)}<br>Played: <b>{d.esc(d.event_text(nxt, after, seat_view=self.seat_view))}</b>"
            f"<br>{verdict}</div>{d.options_html(opts, state, chosen=actual)}")
        return hit


# --------------------------------------------------------------- Annotator
class Annotator(_Panel):
    """Step to a moment of a game, add a note, list and export the notes.

    Notes go into the log as ``annotated`` events (appended, nothing
    rewritten), or with ``sidecar=True`` into ``<game>.notes.jsonl``, keyed by
    the log's SHA-256 (a sidecar for other bytes is refused with
    :class:`~banakil_replay.log.annotations.SidecarMismatchError`).
    """

    def __init__(self, path: str | Path, sidecar: bool = False, *, author: str = "",
                 export_dir: str | Path | None = None) -> None:
        W = _w()
        self._init_errors()
        self.path = Path(path)
        self.sidecar = Sidecar.attach(self.path) if sidecar else None
        self.export_dir = Path(export_dir) if export_dir is not None else self.path.parent
        self.stepper = ReplayStepper(self.path, notes=self._sidecar_notes_at)
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
        where = f"sidecar {self.sidecar.path.name}" if self.sidecar else f"the log {self.path.name}"
        self.widget = _classed(W.VBox([
            self.stepper.widget, W.HTML(f"<b>Add a note</b> (stored in {d.esc(where)})"),
            self.text, W.HBox([self.author, self.add_button]), self.message,
            W.HTML("<b>All notes</b>"), self.listing, W.HBox([self.export_md, self.export_csv]), self.exported,
            self.errors]), "banakil-annotator")
        self._list()

    def _sidecar_notes_at(self, seq: int) -> list[Note]:
        return self.sidecar.notes_at(seq) if self.sidecar is not None else []

    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    def notes(self) -> list[Note]:
        """Every note on this game, from the log or the sidecar, in the order written."""
        return self.sidecar.notes() if self.sidecar is not None else inline_notes(self.replay.events)

    def add(self, text: str, author: str | None = None, at: int | None = None) -> Note | None:
        """Add a note on event ``at`` (default: the one shown); returns it, or None for an empty text."""
        if not text.strip():
            self.message.value = '<span class="banakil-note-empty">Write something first.</span>'
            return None
        note = Note(self.stepper.seq if at is None else at, text,
                    self.author.value if author is None else author)
        if self.sidecar is not None:
            self.sidecar.add(note)
        else:
            append_note(self.path, note)
            self.stepper.set_replay(load_replay(self.path))  # the log grew by one event
        self.text.value = ""
        self.message.value = f'<span class="banakil-note-added">Note added on event {note.at}.</span>'
        self.stepper.render()
        self._list()
        return note

    def _list(self) -> None:
        rows = []
        for n in self.notes():
            moment = ""
            if 0 <= n.at < len(self.replay):
                moment = d.event_text(self.replay.events[n.at], self.replay.states[n.at])
            rows.append(f'<tr class="banakil-note-row"><td>{n.at}</td><td>{d.esc(moment)}</td>'
                        f"<td>{d.esc(n.author or 'anonymous')}</td><td style=\"white-space:pre-wrap\">{d.esc(n.text)}"
                        "</td></tr>")
        self.listing.value = ("<table><tr><th>event</th><th>moment</th><th>author</th><th>note</th></tr>"
                              + "".join(rows) + "</table>") if rows else "<div>No notes yet.</div>"

    def export(self, fmt: str = "csv") -> Path:
        """Write every note to ``<game>.notes.<fmt>`` in ``export_dir`` (CSV imports back exactly)."""
        stem = self.path.name[:-len(".jsonl")] if self.path.name.endswith(".jsonl") else self.path.stem
        target = export_notes(self.notes(), self.export_dir / f"{stem}.notes.{fmt}", self.replay,
                              title=f"Notes on {self.path.name}")
        self.exported.value = f'<div class="banakil-export-done">Wrote {d.esc(target)}</div>'
        return target

    def import_csv(self, path: str | Path) -> list[Note]:
        """Add every note of an exported CSV (to the sidecar, or appended to the log)."""
        notes = import_notes(path, len(self.replay))
        if self.sidecar is not None:
            self.sidecar.add_many(notes)
        else:
            for n in notes:
                append_note(self.path, n)
            self.stepper.set_replay(load_replay(self.path))
        self.stepper.render()
        self._list()
        return notes
