"""An exercise widget: the learn engine's questions in a notebook, checked and explained as you answer.

:class:`ExerciseWidget` is a thin view over :class:`~banakil_replay.learn.Session`: it shows the
question and the cards it is about (drawn with :mod:`banakil_replay.notebook.html`), reads an answer
from a text box (Enter or *Check*), and shows the engine's own feedback: right, or not right with the
engine's reason, the rule it follows and that rule's source. *Hint*, *Retry*, *Skip* (shows the
answer) and *Next* drive the session; the running score is always on show, and with a ``progress``
path the learner's progress is loaded from that small JSON file and saved after every answer.

The controls are public attributes, so tests and notebooks can drive them without a browser::

    ex = ExerciseWidget(kinds=["is-meld"])
    ex.answer.value = "no"
    ex.check_button.click()

No action raises into the notebook: every callback is wrapped, and a failure shows as a sentence in
the widget (the exception itself is kept in ``last_error``). On a page with no kernel behind it (an
exported notebook, GitHub's viewer) the widget's display also carries a still picture: the question,
the cards and, folded away, the answer.

Why the answer box syncs on Enter only (``continuous_update=False``): the browser sends a button
click or the Enter key at once, but holds back a box's new value while an earlier one is still
being handled, so a value typed fast can reach the kernel after the click or the Enter that submits
it. So Enter, and a click on *Check* that finds nothing new in the box, only arm the check, and the
value that follows is the one judged.

``lang=`` (:mod:`banakil_replay.notebook.direction`): the widget's own labels and sentences in that
language, kept for every later click, and mirrored for Arabic with each row of cards left to right.
The questions, hints and reasons are the learn engine's (:mod:`banakil_replay.learn`), said in the same
language as far as that engine's words are in the catalog.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import card_run
from ..errors import MalformedInputError
from ..learn import KINDS, Exercise, Feedback, LearnerProgress, Session, exercises, load_progress, save_progress
from ..learn.positions import origin_words
from ..i18n import N_, _, ngettext
from ..rules import Ruleset, get_ruleset
from .direction import direct_widget, directed_html, speaking, view_language
from .html import WIDGET_FONT, cards_html, esc, widget_note
from .narrate import sentence
from .panel import Still, classed, failure, guarded
from .theme import FAINTER, GREEN, MUTED, QUIET, RED, TEXT, TEXT_SOFT

__all__ = ["ExerciseWidget", "exercise_html", "exercise_text", "feedback_html"]

ENTER_WAIT = 10.0  # seconds an Enter waits for the box's value (it may be held back while the kernel is busy)


def _still_note() -> str:
    said = _("A still picture of an interactive exercise: run the notebook to answer it.")
    return f'<div class="banakil-static-note" style="color:{QUIET};font-style:italic">{esc(said)}</div>'


# ------------------------------------------------------------------ drawing


def exercise_html(ex: Exercise[Any], number: int, title: str) -> str:
    """The question and what it shows (cards as card faces), with the exercise's id and number as data."""
    rows = []
    for s in ex.shows():
        cards = cards_html(s.cards) if s.cards else ""
        text = f'<span class="banakil-shown-text" style="color:{TEXT_SOFT}">{esc(s.text)}</span>' if s.text else ""
        rows.append(f'<div class="banakil-shown" style="display:flex;align-items:center;gap:.6em;margin:.2em 0">'
                    f'<span class="banakil-shown-label" style="min-width:11em;font-weight:600">{esc(s.label)}</span>'
                    f"{cards}{text}</div>")
    head = _("Question {number}: {title}").format(number=number, title=title)
    return (f'<div class="banakil-exercise-question" data-exercise="{esc(ex.id)}" data-number="{number}" '
            f'style="{WIDGET_FONT}"><div class="banakil-exercise-head" style="color:{MUTED}">{esc(head)} '
            f"<span style=\"color:{FAINTER}\">({esc(origin_words(ex.origin))}; {esc(ex.rules.title)})</span></div>"
            f'{"".join(rows)}<div class="banakil-question-text" style="margin-top:.4em;font-weight:600">'
            f"{esc(ex.question)}</div></div>")


def exercise_text(ex: Exercise[Any], number: int, title: str) -> str:
    """The same as :func:`exercise_html`, as plain lines."""
    lines = [_("Question {number}: {title}").format(number=number, title=title) + f" ({origin_words(ex.origin)}; {ex.rules.title})"]
    for s in ex.shows():
        cards = card_run(s.cards)
        text = f"({s.text})" if cards and s.text else s.text
        lines.append(f"  {s.label}: {' '.join(p for p in (cards, text) if p) or '-'}")
    return "\n".join(lines + [ex.question])


def feedback_html(fb: Feedback) -> str:
    """The verdict: each reason is the engine's sentence word for word, with its rule and source."""
    if fb.right:
        right = _("Right.")
        head = f'<b class="banakil-right" style="color:{GREEN}">{esc(right)}</b>'
    else:
        wrong = _("Not right.")
        head = f'<b class="banakil-wrong" style="color:{RED}">{esc(wrong)}</b>'
    items = []
    for r in fb.reasons:
        text = r.text.strip()
        stop = "" if text[-1:] in (".", "!", "?") else "."
        cite = (esc(_("rule: {rule}; {source}").format(rule=r.rule.title, source=r.source)) if r.rule is not None
                else esc(r.source))
        cite_html = f' <span class="banakil-reason-source" style="color:{QUIET}">({cite})</span>' if cite else ""
        items.append(f'<li class="banakil-reason"><span class="banakil-reason-text">{esc(text)}</span>{stop}'
                     f"{cite_html}</li>")
    explain = "".join(f'<li class="banakil-explain">{esc(line)}</li>' for line in fb.explain)
    body = f'<ul style="margin:.2em 0">{"".join(items)}{explain}</ul>' if items or explain else ""
    verdict = "banakil-feedback-right" if fb.right else "banakil-feedback-wrong"
    return directed_html(f'<div class="banakil-feedback {verdict}" style="{WIDGET_FONT}">{head}{body}</div>')


# ------------------------------------------------------------------- widget
class ExerciseWidget(Still):
    """Exercises one at a time: the question and its cards, an answer box, feedback, hint, score.

    ``rules``: a rule set name or :class:`~banakil_replay.rules.Ruleset`; ``kinds``: one kind or
    several (default all; see :data:`banakil_replay.learn.KINDS`); ``seed``: the same seed asks the
    same questions; ``progress``: a JSON file to load the learner's progress from (if it exists) and
    save it to after every answer; ``lesson``: ask only what lessons 1 to ``lesson`` teach; ``first``:
    an exercise (or a source example's id) to ask first, the question the lesson's text asks. An unknown rule set or kind raises a
    :class:`~banakil_replay.errors.BanakilError` naming the known ones, before anything is shown.

    Controls: ``answer`` (the text box: Enter checks it), ``check_button``, ``hint_button``,
    ``retry_button`` (after a wrong answer), ``skip_button`` (shows the answer), ``next_button``.
    Panels: ``question_panel``, ``feedback_panel``, ``hint_panel``, ``score_panel``, ``notice_panel``
    (the progress file), ``errors`` (a sentence when something fails). ``session`` is the model.
    """

    def __init__(self, rules: str | Ruleset = "classic", kinds: str | Iterable[str] | None = None, seed: int = 0,
                 progress: str | os.PathLike[str] | None = None, lesson: int | None = None,
                 first: str | Exercise[Any] | None = None, lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._start(rules, kinds, seed, progress, lesson, first)

    def _start(self, rules: str | Ruleset, kinds: str | Iterable[str] | None, seed: int,
               progress: str | os.PathLike[str] | None, lesson: int | None, first: str | Exercise[Any] | None) -> None:
        self.rules = get_ruleset(rules)
        self.kinds = [kinds] if isinstance(kinds, str) else (None if kinds is None else list(kinds))
        self.last_error: BaseException | None = None
        self.progress_path = Path(progress) if progress is not None else None
        self._controls()
        loaded = self._load()
        stream = exercises(self.rules, self.kinds, seed=seed, done=loaded.done, lesson=lesson, first=first)
        self.session = Session(stream, loaded)
        self._settled = False  # answered right, or the answer shown: nothing left to check
        self._wrong = False  # the last answer was wrong: Retry may clear it
        self._judged: str | None = None  # the last text judged for this question
        self._enter_at: float | None = None  # when Enter was pressed, until the box's value arrives
        self._quiet = False  # the widget is writing the box itself: not a learner's answer
        self._wire()
        if self.progress_path is not None and self._can_save:
            self.save()  # a file that cannot be written shows up now, not at the first answer
        self._guard(self._advance, N_("finding the first question"))()

    # ------------------------------------------------------------ building
    def _controls(self) -> None:
        self.question_panel = classed(W.HTML(), "banakil-exercise-question-panel")
        self.answer = classed(W.Text(placeholder=_("your answer, then Enter"), continuous_update=False,
                                      layout=W.Layout(width="32em")), "banakil-exercise-answer")
        self.check_button = classed(W.Button(description=_("Check"), icon="check", button_style="primary"),
                                     "banakil-exercise-check")
        self.hint_button = classed(W.Button(description=_("Hint"), icon="lightbulb-o"), "banakil-exercise-hint")
        self.retry_button = classed(W.Button(description=_("Retry"), icon="undo"), "banakil-exercise-retry")
        self.skip_button = classed(W.Button(description=_("Skip"), icon="eye", tooltip=_("show the answer")),
                                    "banakil-exercise-skip")
        self.next_button = classed(W.Button(description=_("Next"), icon="step-forward"), "banakil-exercise-next")
        self.feedback_panel = classed(W.HTML(), "banakil-exercise-feedback")
        self.hint_panel = classed(W.HTML(), "banakil-exercise-hint-panel")
        self.score_panel = classed(W.HTML(), "banakil-exercise-score")
        self.notice_panel = classed(W.HTML(), "banakil-exercise-notice")
        self.errors = classed(W.HTML(), "banakil-exercise-errors")
        buttons = W.HBox([self.check_button, self.hint_button, self.retry_button, self.skip_button,
                          self.next_button])
        self.widget = direct_widget(classed(W.VBox([self.question_panel, self.answer, buttons, self.feedback_panel,
                                                     self.hint_panel, self.score_panel, self.notice_panel, self.errors]),
                                             "banakil-exercise"))

    def _wire(self) -> None:
        self.answer.on_msg(self._guard(self._on_answer_msg, N_("checking your answer")))
        self.answer.observe(self._guard(self._on_value, N_("checking your answer")), names="value")
        self.check_button.on_click(self._guard(lambda b: self._check_clicked(), N_("checking your answer")))
        self.hint_button.on_click(self._guard(lambda b: self.show_hint(), N_("finding a hint")))
        self.retry_button.on_click(self._guard(lambda b: self.retry(), N_("clearing your answer")))
        self.skip_button.on_click(self._guard(lambda b: self.skip(), N_("finding the answer")))
        self.next_button.on_click(self._guard(lambda b: self.next(), N_("finding the next question")))

    def _guard(self, fn: Callable[..., Any], doing: str) -> Callable[..., Any]:
        """``fn``, with any failure shown as a sentence in ``errors`` instead of raised into the notebook."""
        def said(e: BaseException) -> None:
            detail = failure(e, _("the exercise engine failed unexpectedly"))
            line = _("Something went wrong while {doing}: {why} Try again, or press Next for another question.").format(
                doing=_(doing), why=sentence(detail))
            self._note(self.errors, line, "banakil-errors", RED)
            self._sync_controls()

        inner = guarded(self, fn, said, before=lambda: setattr(self.errors, "value", ""))

        def spoken(*args: Any, **kwargs: Any) -> Any:  # a click comes after the block that made the widget
            with speaking(self.lang):
                return inner(*args, **kwargs)
        return spoken

    def _note(self, panel: Any, text: str, cls: str, colour: str = TEXT) -> None:
        panel.value = directed_html(widget_note(text, cls, colour))

    # ------------------------------------------------------------- progress
    def _load(self) -> LearnerProgress:
        self._can_save = self.progress_path is not None
        if self.progress_path is None:
            return LearnerProgress()
        try:
            return load_progress(self.progress_path)
        except MalformedInputError as e:
            self._can_save = False  # never overwrite a file we could not read: it may hold a learner's work
            self._note(self.notice_panel, _("Your progress could not be read: {why} This session starts afresh and "
                                            "leaves that file as it is.").format(why=sentence(str(e))),
                       "banakil-progress-unread", RED)
            return LearnerProgress()

    def save(self) -> bool:
        """Write the progress file now (done after every answer); False, with a sentence shown, if it fails."""
        with speaking(self.lang):
            return self._save()

    def _save(self) -> bool:
        if self.progress_path is None or not self._can_save:
            return False
        try:
            save_progress(self.progress_path, self.session.progress)
        except MalformedInputError as e:
            self._note(self.notice_panel, _("Your progress could not be saved: {why}").format(why=sentence(str(e))),
                       "banakil-progress-unsaved", RED)
            return False
        self._note(self.notice_panel, _("Progress saved to {path}.").format(path=self.progress_path),
                   "banakil-progress-saved", QUIET)
        return True

    # -------------------------------------------------------------- actions
    @property
    def exercise(self) -> Exercise[Any] | None:
        """The question on show (None once there are no more)."""
        return self.session.current

    def submit(self, text: str | None = None) -> Feedback | None:
        """Check ``text`` (default: what the box holds) and show the feedback; None when nothing was judged."""
        with speaking(self.lang):
            return self._submit(text)

    def _submit(self, text: str | None) -> Feedback | None:
        self._enter_at = None
        if self.exercise is None or self._settled:
            return None
        line = (self.answer.value if text is None else text).strip()
        if not line:
            self._note(self.feedback_panel, _("Type {form} first.").format(form=self.exercise.form_words),
                       "banakil-feedback-empty")
            return None
        try:
            fb = self.session.answer(line)
        except MalformedInputError as e:  # not a try: the learner could not have meant it
            self._note(self.feedback_panel, _("Cannot read that: {why} Try again.").format(why=sentence(str(e))),
                       "banakil-feedback-unread", RED)
            return None
        self._judged, self._wrong, self._settled = line, not fb.right, fb.right
        self.feedback_panel.value = feedback_html(fb)
        self.save()
        self._render_score()
        self._sync_controls()
        if fb.right:
            self.next_button.focus()  # Enter again moves on
        return fb

    def show_hint(self) -> str:
        """A nudge from the rule set in force (and the position), not the answer."""
        if self.exercise is None:
            return ""
        with speaking(self.lang):
            hint = self.session.hint()
            said = _("Hint:")
            self.hint_panel.value = directed_html(f'<div class="banakil-hint" style="{WIDGET_FONT}"><b>{esc(said)}</b> '
                                                  f"{esc(sentence(hint))}</div>")
        return hint

    def retry(self) -> None:
        """Clear a wrong answer and its feedback, to try again (only the first answer counts for the score)."""
        if self.exercise is None or self._settled:
            return
        self._set_box("")
        self._wrong, self._judged = False, None
        with speaking(self.lang):
            self._note(self.feedback_panel, _("Try again."), "banakil-feedback-retry", QUIET)
        self._sync_controls()
        self.answer.focus()

    def skip(self) -> str:
        """Show the answer; the question stays not done, so a later session asks it again."""
        if self.exercise is None:
            return ""
        with speaking(self.lang):
            solution = self.session.skip()
            the_answer = _("The answer:")
            typed = _("(type it as {answer})").format(answer=self.exercise.answer_text())
            html = (f'<div class="banakil-solution" style="{WIDGET_FONT}"><b>{esc(the_answer)}</b> '
                    f'{esc(sentence(solution))} <span style="color:{QUIET}">{esc(typed)}</span></div>')
            self.feedback_panel.value = directed_html(html)
        self._settled, self._wrong = True, False
        self._sync_controls()
        self.next_button.focus()
        return solution

    def next(self) -> Exercise[Any] | None:
        """Move on to the next question not yet done (None when there are no more)."""
        self._set_controls(disabled=True)  # no typing into a question that is about to change
        with speaking(self.lang):
            ex = self._advance()
        if ex is not None:
            self.answer.focus()
        return ex

    def _advance(self) -> Exercise[Any] | None:
        ex = self.session.next()
        self._settled = self._wrong = False
        self._judged = self._enter_at = None
        self._set_box("")
        self.feedback_panel.value = self.hint_panel.value = ""
        if ex is None:
            self._note(self.question_panel, _("No more questions of these kinds: you have answered them all."),
                       "banakil-exercise-finished")
        else:
            self.question_panel.value = directed_html(exercise_html(ex, self.session.number, _(KINDS[ex.kind].title)))
            self.answer.placeholder = _("{form}; then Enter").format(form=ex.form_words)
        self._render_score()
        self._sync_controls()
        return ex

    # ------------------------------------------------------ the answer box
    def _on_answer_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Enter in the box: its message arrives before the box's new value, which is judged on arrival."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self._enter_at = time.monotonic()

    def _check_clicked(self) -> None:
        """Check: judge the box; when it holds nothing new, its value may still be on the way (the browser
        holds a value back while the kernel is busy, but not a click), so judge that value on arrival."""
        line = self.answer.value.strip()
        if line and line != self._judged:
            self.submit()
            return
        self._enter_at = time.monotonic()
        if not line and self.exercise is not None and not self._settled:
            self._note(self.feedback_panel, _("Type {form} first.").format(form=self.exercise.form_words),
                       "banakil-feedback-empty")

    def _on_value(self, change: Any) -> None:
        """The box's value arrived: judge it when Enter sent it (leaving the box sends it too: not judged)."""
        if self._quiet:
            return
        armed = self._enter_at is not None and time.monotonic() - self._enter_at < ENTER_WAIT
        self._enter_at = None
        if armed and str(change["new"]).strip() != self._judged:
            self.submit(change["new"])

    def _set_box(self, text: str) -> None:
        self._quiet = True
        try:
            self.answer.value = text
        finally:
            self._quiet = False

    # -------------------------------------------------------------- drawing
    def _set_controls(self, disabled: bool) -> None:
        for c in (self.answer, self.check_button, self.hint_button, self.retry_button, self.skip_button,
                  self.next_button):
            c.disabled = disabled

    def _sync_controls(self) -> None:
        none = self.exercise is None
        self.answer.disabled = self.check_button.disabled = none or self._settled
        self.hint_button.disabled = none or self._settled
        self.retry_button.disabled = none or self._settled or not self._wrong
        self.skip_button.disabled = none or self._settled
        self.next_button.disabled = none

    def score_text(self) -> str:
        """The running score in words: this session's, and all sessions' when progress is kept."""
        s, p = self.session.score, self.session.progress
        with speaking(self.lang):
            line = _("Score: {right} of {asked} right at the first try.").format(right=s.right, asked=s.asked)
            if self.progress_path is not None:
                line = ngettext("{score} All sessions: {right} of {asked} right at the first try, {n} exercise done.",
                                "{score} All sessions: {right} of {asked} right at the first try, {n} exercises done.",
                                len(p.done)).format(score=line, right=p.right, asked=p.asked, n=len(p.done))
        return line

    def _render_score(self) -> None:
        self._note(self.score_panel, self.score_text(), "banakil-score-line", TEXT)

    # --------------------------------------------------------------- display
    def still(self) -> tuple[str, str]:
        """The widget as it stands, as (HTML, text), for a page that cannot run it: the answer folded away."""
        with speaking(self.lang):
            ex = self.exercise
            note = directed_html(_still_note())
            if ex is None:
                return note + self.question_panel.value, _("No more questions of these kinds.")
            summary = _("The answer")
            answer = directed_html(f'<details class="banakil-still-answer" style="{WIDGET_FONT}"><summary>'
                                   f"{esc(summary)}</summary>{esc(sentence(ex.solution()))}</details>")
            html = (f'<div class="banakil-exercise-still">{note}{self.question_panel.value}{answer}'
                    f"{self.score_panel.value}</div>")
            return html, exercise_text(ex, self.session.number, _(KINDS[ex.kind].title))

