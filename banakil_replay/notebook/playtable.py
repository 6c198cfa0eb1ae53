"""A play table in the notebook: play hands and matches against the bots, with a coach, saved as you go.

:class:`PlayTable` is a thin view over :class:`~banakil_replay.play.session.session.GameSession`:
the session deals, plays every move through the reducer, lets the bots move
and appends each event to the log the moment it is made; the table draws the
game from the seat to act (the other hands face down, with their counts) and
turns clicks into moves. A person plays one seat, or several at the same
screen (hot-seat: the view follows the person to act, and with ``curtain`` the
hand stays hidden until that person asks for it); bots play the rest, the
partner too at four.

- Click cards to select them, then a move button (:class:`~banakil_replay.notebook.movepad.MovePad`).
  A move the rules refuse shows the reducer's reason, its rule and source, and
  changes nothing; no click ever raises into the notebook (a failure is a sentence).
- *Coach* shows the ranked options with their explanations and the tempting
  moves that are not allowed, and why; *Play the coach's move* plays the first of them.
- After every move, one line in words per event says what happened (the bots' moves too).
- When a hand ends: its score card by card and the running totals; when the match ends, the winner.
- *Review this game* opens the stepper on the finished hands; *Learn from my
  mistakes* goes to each of your decisions the review marks questionable (or
  worse), hides the move you made, and lets you try again with the engine's feedback.

``PlayTable(log="game.jsonl", resume=True)`` continues the match in that log
(or starts one there). Tests and notebooks drive it from Python::

    table = PlayTable(seed=3)
    table.press("draw")
    table.select("KD"); table.press("discard")

On a page with no kernel behind it the display also carries a still picture
of the table, the hand and the coach's list.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Collection, Mapping, Sequence

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..errors import BanakilError, IllegalMoveError
from ..i18n import N_, _, ngettext
from ..events import Discarded, parse_event
from ..log.load import load_replay
from ..log.store import read_events
from ..play.session.commands import Ask, read_line
from ..play.analysis.drill import MistakeDrill
from ..play.moves import Move
from ..play.analysis.review import review
from ..play.session.session import Advice, GameSession
from ..reducer import Replay, apply, replay
from ..rules import get_ruleset
from ..scoring import tidy
from ..state import GameState
from .direction import direct_widget, directed_html, speaking, view_language
from .drillview import DrillView
from .html import WIDGET_FONT, esc, options_html, score_html, widget_note
from .movepad import MovePad, seat_table_html
from .narrate import event_text, options_text, seat_name, sentence, side_label
from .widgets import ReplayStepper
from .panel import Still, classed
from .theme import FAINT, GREEN, MUTED, QUIET, RED

__all__ = ["PlayTable", "default_names", "refusal_html"]



def _still_note() -> str:
    # the catalog's words are looked up outside the f-strings: the extractor does not read inside them
    said = _("A still picture of the play table: run the notebook to play.")
    return f'<div class="banakil-static-note" style="color:{QUIET};font-style:italic">{esc(said)}</div>'

NEWS_LINES = 40  # the lines of "what happened" kept on show
COACH_OPTIONS = 12  # options the coach lists, best first


def refusal_html(err: IllegalMoveError) -> str:
    """A refused move: the reducer's reason, the rule and its source, and that nothing changed."""
    reason = err.reason
    said = _("(rule: {rule}; {source})").format(rule=err.rule.title, source=err.source) if err.rule else ""
    rule = f' <span class="banakil-refusal-rule" style="color:{QUIET}">{esc(said)}</span>' if said else ""
    no, same = _("Not allowed:"), _("Nothing changed.")
    return (f'<div class="banakil-refusal" style="{WIDGET_FONT}"><b style="color:{RED}">{esc(no)}'
            f'</b> <span class="banakil-refusal-reason">{esc(sentence(reason))}</span>{rule} {esc(same)}</div>')


def default_names(players: int, humans: Collection[int]) -> list[str]:
    """``Player`` (or ``Player 0``, ``Player 2`` ... at a hot-seat table) for people, ``Bot 1`` ... for bots."""
    many = len(humans) > 1
    return [(f"Player {s}" if many else "Player") if s in humans else f"Bot {s}" for s in range(players)]


def totals_text(state: GameState) -> str:
    """The running totals by side, the target, and the winner once there is one."""
    if not state.totals or state.rules is None:
        return ""
    totals = ", ".join(f"{side_label(state, i)}: {tidy(t)}" for i, t in enumerate(state.totals))
    done = len(state.history)
    text = ngettext("Totals after {done} hand: {totals} (target {target}).",
                    "Totals after {done} hands: {totals} (target {target}).", done).format(
        done=done, totals=totals, target=state.rules.target(state.n))
    if state.match_over and state.winner is not None:
        text += " " + _("The match is won by {side}.").format(side=side_label(state, state.winner))
    return text


class PlayTable(Still):
    """A match at the table: you (``seat``, or every seat in ``humans``) against the bots, saved to ``log``.

    ``log``: the log file (default: a new file in a temporary folder; the head of
    the table names it); ``resume``: continue the match in ``log`` if the file
    exists (else a new match starts there); ``rules``, ``players``, ``seed``,
    ``bots`` (``heuristic``, ``random`` or ``expert``), ``names``: as for ``banakil-replay
    play``; ``coach``: show the coach from the start; ``curtain``: at a hot-seat
    table, hide the hand until the person to act asks for it. Bad arguments
    (an unknown rule set, a log that exists without ``resume``) raise a
    :class:`~banakil_replay.errors.BanakilError` naming the problem, before
    anything is shown.

    Controls: ``pad`` (the hand and the move buttons), ``coach_button``, ``expert_button``,
    ``coach_move_button`` (the pad's, drawn with each position), ``review_button``, ``mistakes_button``,
    ``curtain_button``. Panels: ``head``, ``table``, ``message`` (a refusal or a
    notice), ``news`` (what happened, in words), ``coach_panel``, ``hand_panel``
    (the last hand's score), ``review_box`` (the stepper, or the drill),
    ``errors``. ``session`` is the model. ``lesson``: the course lesson the table sits in; the coach then
    marks a rule that a later lesson teaches as a preview. ``lang``: the language the table speaks (its
    labels, buttons and sentences; ``ar`` also lays it out right to left), kept for every later click;
    by default, the language current when it draws (:func:`~banakil_replay.notebook.setup.setup_notebook`).
    """

    def __init__(self, log: str | os.PathLike[str] | None = None, *, rules: str = "classic",
                 players: int | None = None, seat: int = 0, humans: Collection[int] | None = None,
                 bots: str = "heuristic", seed: int = 0, names: Sequence[str] | None = None, resume: bool = False,
                 coach: bool = False, curtain: bool = True, lesson: int | None = None,
                 lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._build(log, rules, players, seat, humans, bots, seed, names, resume, coach, curtain, lesson)

    def _build(self, log: str | os.PathLike[str] | None, rules: str, players: int | None, seat: int,
               humans: Collection[int] | None, bots: str, seed: int, names: Sequence[str] | None, resume: bool,
               coach: bool, curtain: bool, lesson: int | None) -> None:
        self.last_error: BaseException | None = None
        self.lesson = lesson  # the course lesson it is shown in: the coach marks later lessons' rules
        self.last_refusal: IllegalMoveError | None = None
        people = {seat} if humans is None else set(humans)
        self.session, opened = _open(log, rules, players, people, bots, seed, names, resume)
        self.coach_on = coach
        self.curtain = curtain and len(self.session.humans) > 1
        self._shown: int | None = None  # the person whose hand is on show at a hot-seat table
        self._viewer = min(self.session.humans)
        self.last_hand: GameState | None = self.session.state if self.session.over else None
        self.review_view: ReplayStepper | None = None
        self.drill_view: DrillView | None = None
        self._controls()
        self._problem_shown = False  # the message is a problem, cleared by the next click
        self.pad = MovePad(self._play_move, self._run, coach=self.coach_choice, moved_on=self._moved_on)
        self.message.value = widget_note(opened, "banakil-log-note", MUTED)
        self.lines = self._news_from_log()
        self.widget = classed(W.VBox([self.head, self.table, self.curtain_box, self.pad.widget, self.message,
                                      W.HBox([self.coach_button, self.expert_button, self.review_button,
                                              self.mistakes_button]),
                                      self.news, self.coach_panel, self.hand_panel, self.review_box, self.errors]),
                              "banakil-play")
        direct_widget(self.widget)
        self.render()

    # ------------------------------------------------------------ building
    def _controls(self) -> None:
        self.head = classed(W.HTML(), "banakil-play-head")
        self.table = classed(W.HTML(), "banakil-play-table-panel")
        self.curtain_button = classed(W.Button(description=_("Show my hand"), icon="eye", button_style="warning",
                                               layout=W.Layout(width="auto")), "banakil-curtain-button")
        self.curtain_box = classed(W.VBox([self.curtain_button]), "banakil-curtain")
        self.message = classed(W.HTML(), "banakil-play-message")
        self.coach_button = classed(W.Button(description=_("Coach"), icon="graduation-cap",
                                             tooltip=_("show or hide the ranked options and the moves not allowed")),
                                    "banakil-coach-button")
        self.expert_button = classed(W.Button(description=_("Ask the expert"), icon="lightbulb-o",
                                              tooltip=_("the move the review's judge would play here, and why"),
                                              layout=W.Layout(width="auto")), "banakil-expert-button")
        self.review_button = classed(W.Button(description=_("Review this game"), icon="film",
                                              layout=W.Layout(width="auto")), "banakil-review-button")
        self.mistakes_button = classed(W.Button(description=_("Learn from my mistakes"), icon="repeat",
                                                layout=W.Layout(width="auto")), "banakil-mistakes-button")
        self.news = classed(W.HTML(), "banakil-news-panel")
        self.coach_panel = classed(W.HTML(), "banakil-coach-panel")
        self.hand_panel = classed(W.HTML(), "banakil-hand-panel")
        self.review_box = classed(W.VBox([]), "banakil-review-box")
        self.errors = classed(W.HTML(), "banakil-play-errors")
        self.curtain_button.on_click(lambda _: self._run(self.show_hand, N_("showing the hand")))
        self.coach_button.on_click(lambda _: self._run(lambda: self.show_coach(not self.coach_on), N_("asking the coach")))
        self.expert_button.on_click(lambda _: self._run(self.ask_expert, N_("asking the expert")))
        self.review_button.on_click(lambda _: self._run(self.open_review, N_("opening the review")))
        self.mistakes_button.on_click(lambda _: self._run(self.learn, N_("finding your mistakes")))

    def _run(self, thunk: Callable[[], Any], doing: str) -> Any:
        """Run one click: a refusal is shown with its rule, any other failure as a sentence; nothing raises.

        A refusal, or a problem, stays on show until the next click: the next action is a new
        attempt, and an old "Not allowed" beside it would read as being about it."""
        with speaking(self.lang):
            return self._run_here(thunk, doing)

    def _run_here(self, thunk: Callable[[], Any], doing: str) -> Any:
        self.errors.value = ""
        if self.last_refusal is not None or self._problem_shown:
            self.message.value = ""
        self.last_refusal, self._problem_shown = None, False
        try:
            return thunk()
        except IllegalMoveError as e:
            self.last_refusal = e
            self.message.value = refusal_html(e)
        except BanakilError as e:  # a click that makes no move (no card selected), a log that cannot be written
            self._problem_shown = True
            said = _("Cannot do that: {reason}").format(reason=sentence(str(e)))
            self.message.value = widget_note(said, "banakil-play-problem", RED)
        except Exception as e:  # noqa: BLE001 - shown in the widget, kept in last_error
            self.last_error = e
            said = _("Something went wrong while {doing} ({error}). The game is saved in {path} up to its last move; "
                     "try again, or continue it with PlayTable(log=..., resume=True).").format(
                doing=_(doing), error=type(e).__name__, path=self.session.path)
            self.errors.value = directed_html(widget_note(said, "banakil-errors", RED))
        try:
            self.render()  # a failed click may still have moved the game on (bots' moves written before it)
        except Exception as e:  # noqa: BLE001 - drawing must not raise either
            self.last_error = e
        return None

    # ------------------------------------------------------------ looking
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def path(self) -> Path:
        return Path(self.session.path)

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for: the person to act, else the last one who did."""
        if self.session.waiting_for is not None:
            self._viewer = self.session.waiting_for
        return self._viewer

    @property
    def hidden(self) -> bool:
        """The hand is behind the curtain (a hot-seat table waiting for the next person to show it)."""
        return self.curtain and self.session.waiting_for is not None and self._shown != self.session.waiting_for

    # ------------------------------------------------------------ acting
    def play(self, move: Move | str) -> bool:
        """Play a move (typed, or a command such as ``"discard KD"``); False, with the reason shown, if refused."""
        before = self.state.seq
        self._run(lambda: self._play_text(move) if isinstance(move, str) else self._play_move(move),
                  N_("playing your move"))
        return self.state.seq != before

    def _play_text(self, text: str) -> None:
        got = read_line(text, self.state, self.viewer)
        if isinstance(got, Ask):
            if got.word in ("hint", "options"):
                self.show_coach(True)
            return
        self._play_move(got)

    def _play_move(self, move: Move) -> None:
        if self.hidden:
            raise BanakilError(f"show {seat_name(self.state, self.viewer)}'s hand first")
        before = self.state
        written = self.session.play(move)  # a refusal raises here and nothing is written
        self.message.value = ""
        self.last_refusal = None
        for h in self.session.happened:
            if h.ended is not None:
                self.last_hand = h.ended
        self.lines = _narrate(written, before, self.viewer)
        self.render()

    def select(self, *codes: str) -> list[str]:
        """Select cards of the hand by code, as clicking them does; the codes now selected."""
        return [c.code for c in self.pad.select(*codes)]

    def press(self, key: str) -> bool:
        """Press a move button (``draw``, ``take 2``, ``meld``, ``add 3``, ``swap 1``, ``discard``); True if played."""
        before = self.state.seq
        self._run(lambda: self.pad.press(key), N_("playing your move"))
        return self.state.seq != before

    @property
    def coach_move_button(self) -> Any:
        """*Play the coach's move*: a move button of the pad, drawn afresh with each position (None when
        there is nothing to play), so a double click plays one move, not two."""
        return self.pad.move_buttons.get("coach")

    def coach_choice(self) -> Move:
        """The move *Play the coach's move* plays: the coach's first option (a quick ranking, so a whole
        hand can be clicked through; *Ask the expert* weighs the best few with the review's judge)."""
        opts = self.session.options()
        best = opts.best() or (opts.options[0] if opts.options else None)
        if best is None:
            raise BanakilError("there is no move to play now" + (": the match is over" if self.session.over else ""))
        return best.event

    def coach_move(self) -> bool:
        """Play the coach's first option (see :meth:`coach_choice`); True if played."""
        before = self.state.seq
        self._run(lambda: self._play_move(self.coach_choice()), N_("playing the coach's move"))
        return self.state.seq != before

    def ask_expert(self) -> Advice:
        """The expert's pick for the person to act (the judge the review uses), said in the message panel.

        The judge plays the best few moves out to the end of the hand many times, which takes a few
        seconds: the message says it is at work, and the button waits, until the answer is there."""
        if self.session.waiting_for is None:
            raise BanakilError("there is no move to advise on now" + (": the match is over" if self.session.over else ""))
        self.message.value = widget_note(_("The expert is thinking: it plays the best few moves out to the end of "
                                           "the hand many times, which takes a few seconds..."),
                                         "banakil-expert-progress")
        self.expert_button.disabled, self.expert_button.icon = True, "spinner"
        try:
            advice = self.session.advice()
        finally:
            self.expert_button.disabled, self.expert_button.icon = False, "lightbulb-o"
        if advice is None:
            raise BanakilError("there is no move to advise on now")
        said = _("The expert would play: {advice}").format(advice=advice.words())
        self.message.value = widget_note(said, "banakil-expert-advice")
        return advice

    def _moved_on(self, label: str, seq: int) -> None:
        """A move button of a position gone by was clicked (the table was redrawing): say so, play nothing."""
        self._problem_shown = True
        self.message.value = widget_note(
            _("Your click on “{label}” was for the position at event {seq}, but the table had moved on to event "
              "{now}: nothing was played. Look at the table as it is now and click again.").format(
                label=label, seq=seq, now=self.state.seq),
            "banakil-moved-on", RED)

    def show_coach(self, on: bool = True) -> None:
        self.coach_on = on
        self.render()

    def show_hand(self) -> None:
        """At a hot-seat table: show the hand of the person to act (the screen has been handed over)."""
        self._shown = self.session.waiting_for
        self.render()

    # ------------------------------------------------------------ after the game
    def finished_replay(self) -> Replay | None:
        """The game up to the end of its last finished hand (what may be reviewed without spoiling a hand in play)."""
        rp = load_replay(self.path)
        if self.session.over:
            return rp
        ends = [i for i in range(1, len(rp)) if rp.states[i - 1].in_hand and not rp.states[i].in_hand]
        if not ends:
            return None
        k = ends[-1] + 1
        return Replay(rp.events[:k], rp.states[:k])

    def open_review(self) -> ReplayStepper | None:
        """The stepper on the finished hands, from your seat (all hands open at a hot-seat table)."""
        rp = self.finished_replay()
        if rp is None:
            raise BanakilError(_("finish a hand first: the review shows finished hands only, so it cannot show "
                                 "the cards still in play"))
        seat_view = None if len(self.session.humans) > 1 else self.viewer
        self.review_view = ReplayStepper(rp, seat_view=seat_view, start=1)
        self._show_below(self.review_view.widget, _("Review: the finished hands, event by event"))
        return self.review_view

    def learn(self) -> DrillView | None:
        """Go to each of your decisions the review marks questionable (or worse); the move made is hidden."""
        rp = self.finished_replay()
        if rp is None:
            raise BanakilError(_("finish a hand first: your mistakes are looked for in finished hands"))
        def tell(done: int, total: int) -> None:  # sent to the page at once, while the review runs
            with speaking(self.lang):  # the review calls back from its own loop
                said = _("Grading your decisions: {done} of {total}...").format(done=done, total=total)
            self.message.value = widget_note(said, "banakil-review-progress")

        verdicts = [v for s in sorted(self.session.humans) for v in review(rp, seat=s, progress=tell)]
        graded = ngettext("{n} decision graded; the drill goes back to each one graded questionable or worse.",
                          "{n} decisions graded; the drill goes back to each one graded questionable or worse.",
                          len(verdicts)).format(n=len(verdicts))
        self.message.value = widget_note(graded, "banakil-review-progress")
        self.drill_view = DrillView(MistakeDrill(rp, self.session.humans, verdicts), self._run)
        self._show_below(self.drill_view.widget, _("Learn from your mistakes"))
        return self.drill_view

    def _show_below(self, widget: Any, title: str) -> None:
        close = classed(W.Button(description=_("Close"), icon="times"), "banakil-review-close")
        close.on_click(lambda _: self._run(lambda: setattr(self.review_box, "children", []), N_("closing")))
        self.review_box.children = [direct_widget(W.HBox([W.HTML(f"<b>{esc(title)}</b>"), close])), widget]

    # ------------------------------------------------------------ drawing
    def render(self) -> None:
        """Redraw the table, the hand and every panel for where the game stands.

        Everything is computed first and sent after, so the browser never shows
        the new table beside the old coach's list (the options take a moment).
        """
        with speaking(self.lang):
            self._render()
            for said in (self.message, self.errors):  # set by the clicks themselves: marked here, once
                said.value = directed_html(said.value)

    def _render(self) -> None:
        s, state, viewer = self.session, self.state, self.viewer
        hidden = self.hidden
        playing = s.waiting_for is not None and not hidden
        panels = {self.head: self._head_html(), self.table: seat_table_html(state, None if hidden else viewer),
                  self.coach_panel: self._coach_html() if self.coach_on and playing else "",
                  self.news: self._news_html(), self.hand_panel: self._hand_html()}
        for panel, value in panels.items():
            panel.value = directed_html(value)
        self.pad.show(None if hidden or s.waiting_for is None else state, viewer)
        self.curtain_box.layout.display = None if hidden else "none"
        self.curtain_button.description = _("I am {name}: show my hand").format(name=seat_name(state, viewer))
        self.coach_button.description = _("Hide the coach") if self.coach_on else _("Coach")

    def _head_lines(self) -> tuple[str, str, str]:
        """(the rule set, players and hand; who is to do what; the totals and where the game is saved)."""
        s, state = self.session, self.state
        status = " · ".join((state.rules.title if state.rules else "?",
                             ngettext("{n} player", "{n} players", state.n).format(n=state.n),
                             _("hand {n}").format(n=state.hand_no)))
        if s.over:
            who = side_label(state, state.winner) if state.winner is not None else _("nobody")
            doing = _("The match is over: {side} wins.").format(side=who)
        elif s.waiting_for is None:
            doing = _("Nobody of yours is to act: the bots stopped (see below).")
        else:
            step = (_("{name} (seat {seat}) to play: draw, or take from the pile.") if state.phase == "draw" else
                    _("{name} (seat {seat}) to play: meld or add if you like, then discard."))
            doing = step.format(name=seat_name(state, s.waiting_for), seat=s.waiting_for)
        saved = _("Saved move by move to {path}.").format(path=s.path)
        return status, doing, f"{totals_text(state)} {saved}".strip()

    def _head_html(self) -> str:
        status, doing, foot = self._head_lines()
        return (f'<div class="banakil-play-status" style="{WIDGET_FONT}"><span style="color:{MUTED}">{esc(status)}</span>'
                f'<div class="banakil-to-play" style="font-weight:600">{esc(doing)}</div>'
                f'<div style="color:{FAINT};font-size:.85em">{esc(foot)}</div></div>')

    def _coach_html(self) -> str:
        opts = self.session.options()
        about = _("every move you may make, explained, in a rough order of promise (“Play the coach's move” plays "
                  "the first; “Ask the expert” weighs the best few as the review does)")
        coach = _("The coach")
        return (f'<div class="banakil-coach" style="{WIDGET_FONT}"><b>{esc(coach)}</b>: {esc(about)}'
                f"{options_html(opts, self.state, limit=COACH_OPTIONS, open_reasons=True, lesson=self.lesson)}</div>")

    def _news_html(self) -> str:
        if not self.lines:
            return ""
        items = "".join(f'<li class="banakil-news-line">{esc(line)}</li>' for line in self.lines[-NEWS_LINES:])
        title = _("What happened")
        return (f'<div class="banakil-news" style="{WIDGET_FONT}"><b>{esc(title)}</b>'
                f'<ul style="margin:.2em 0">{items}</ul></div>')

    def _hand_html(self) -> str:
        end = self.last_hand
        if end is None:
            return ""
        banner = ""
        if end.match_over and end.winner is not None:
            won = _("The match is over: {side} wins.").format(side=side_label(end, end.winner))
            banner = (f'<div class="banakil-match-winner" style="font-size:1.15em;font-weight:700;color:{GREEN}">'
                      f"{esc(won)}</div>")
        if end.went_out is None:
            how = _("Hand {n} is over: the stock ran out.")
        elif end.all_at_once:
            how = _("Hand {n} is over: {name} went out all at once.")
        else:
            how = _("Hand {n} is over: {name} went out.")
        over = how.format(n=end.hand_no, name=seat_name(end, end.went_out) if end.went_out is not None else "")
        try:
            card_by_card = score_html(end)
        except Exception as e:  # noqa: BLE001 - a scoring display must not take the table down
            self.last_error = e
            card_by_card = ""
        return (f'<div class="banakil-hand-end" data-hand="{end.hand_no}" style="{WIDGET_FONT}">{banner}'
                f"<b>{esc(over)}</b>{card_by_card}"
                f'<div class="banakil-running-totals"><b>{esc(totals_text(end))}</b></div></div>')

    def _news_from_log(self) -> list[str]:
        """What happened since a person's last turn ended, from the log (a new or resumed game)."""
        events = read_events(self.path)
        rp = replay(events)
        k = max((i for i, ev in enumerate(rp.events)
                 if isinstance(ev, Discarded) and ev.seat in self.session.humans), default=0)
        before = rp.states[k - 1] if k else GameState()
        return _narrate(events[k:], before, self.viewer)

    # ------------------------------------------------------------ display
    def still(self) -> tuple[str, str]:
        """The table as it stands, as (HTML, text), for a page that cannot run it (the hand face up)."""
        with speaking(self.lang):
            return self._still()

    def _still(self) -> tuple[str, str]:
        state, viewer = self.state, self.viewer
        parts = [_still_note(), self._head_html(), seat_table_html(state, None if self.hidden else viewer,
                                                                 own_hand=True),
                 self.message.value, self._news_html()]
        text = [_("Play table: {head}").format(head=" ".join(self._head_lines()))]
        if self.coach_on and self.session.waiting_for is not None and not self.hidden:
            parts.append(self._coach_html())
            text.append(options_text(self.session.options(), state, limit=COACH_OPTIONS, lesson=self.lesson))
        parts.append(self._hand_html())
        text += self.lines[-NEWS_LINES:]
        return directed_html(f'<div class="banakil-play-still">{"".join(parts)}</div>'), "\n".join(text)


def _open(log: str | os.PathLike[str] | None, rules: str, players: int | None, humans: set[int], bots: str,
          seed: int, names: Sequence[str] | None, resume: bool) -> tuple[GameSession, str]:
    """The session (a new match, or the one in ``log``) and a sentence saying where it is saved."""
    path = Path(log) if log is not None else Path(tempfile.mkdtemp(prefix="banakil-play-")) / "game.jsonl"
    if resume and path.exists():
        session = GameSession.resume(path, humans=humans, bots=bots)
        return session, _("Resumed the match in {path} at event {seq}.").format(path=path, seq=session.state.seq)
    count = players if players is not None else get_ruleset(rules).player_counts[0]
    session = GameSession.start(path, rules, players, humans=humans, bots=bots, seed=seed,
                                names=names if names is not None else default_names(count, humans))
    if resume:
        return session, _("There was no game in {path}: a new match starts there.").format(path=path)
    return session, _("Every move is saved to {path} as it is made; PlayTable(log=..., resume=True) continues "
                      "the match.").format(path=path)


def _narrate(events: Sequence[Mapping[str, Any]], before: GameState, viewer: int) -> list[str]:
    """Each event in words, as ``viewer`` may know it, told with the state right after it."""
    lines, state = [], before
    for ev in events:
        state = apply(state, parse_event(dict(ev)))
        seat = ev.get("seat")
        if ev.get("type") == "drew" and ev.get("card") is None and seat == viewer and state.hands[seat]:
            ev = {**ev, "card": state.hands[seat][-1].code}  # the log leaves it to the stock; the drawer knows it
        lines.append(event_text(ev, state, seat_view=viewer))
    return lines
