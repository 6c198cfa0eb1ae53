"""Interactive notebook widgets: a meld checker, a replay stepper with a quiz, an annotator.

Each widget is a thin view: a plain class that owns its ipywidgets controls
(as public attributes, so tests and notebooks can drive them:
``stepper.next.click()``), forwards them to a model and draws the model with
:mod:`banakil_replay.notebook.html`. The models know nothing of widgets or
HTML: :class:`~banakil_replay.play.stepper.Stepper` (position, seat view, quiz
rules), :class:`~banakil_replay.log.annotations.AnnotatedGame` (where the
notes live) and the rules engine. The widget shows itself through ``.widget``.
The replay stepper lives in :mod:`banakil_replay.notebook.stepper_view`.

Every callback is wrapped so that a failure is said in a sentence in the
widget's ``errors`` line instead of vanishing into the kernel log
(:mod:`banakil_replay.notebook.panel`). Every control has a stable
``banakil-...`` CSS class for browser tests.

The package root imports this module only when a widget class is asked for,
since it imports ipywidgets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import CARD_SPELLINGS, RANK_CODES, SUITS, Card, parse_cards
from ..errors import BanakilError
from ..log.annotations import AnnotatedGame, Note
from ..melds import MeldCheck, analyze_meld
from ..reducer import Replay
from ..rules import RULESETS, get_ruleset
from .html import card_colour, cards_html, esc, face_label, meld_check_html, note_html
from .narrate import moments, sentence
from .panel import Panel, classed
from .stepper_view import ALL_OPEN, ReplayStepper
from .theme import MUTED, RED

__all__ = ["MeldChecker", "ReplayStepper", "Annotator", "ALL_OPEN"]

# -------------------------------------------------------------- MeldChecker


def _unfinished(word: str) -> bool:
    """Whether ``word`` is the start of a card code and not a card yet: "1" on the way to "10C" is a card
    still being typed, not a mistake."""
    up = word.upper()
    return up not in CARD_SPELLINGS and any(s.startswith(up) for s in CARD_SPELLINGS)


class MeldChecker(Panel):
    """Type card codes or click cards; see at once whether they make a meld, and why not.

    ``checker.text`` (the codes), ``checker.rules`` (the rule set dropdown),
    ``checker.card_buttons[code]`` (one button per card), ``checker.result``
    (the verdict HTML).
    """

    def __init__(self, rules: str = "classic", cards: str = "") -> None:
        self._init_errors()
        self.text = classed(W.Text(value=cards, placeholder="e.g. KS AS 2S", description="cards",
                                    continuous_update=True), "banakil-meld-input")
        # wide enough for the longest rule set's title: a cut title hides which rules are in force
        self.rules = classed(W.Dropdown(options=[(r.title, r.name) for r in RULESETS.values()],
                                        value=get_ruleset(rules).name, description="rules",
                                        layout=W.Layout(width="34em")), "banakil-rules")
        self.clear = classed(W.Button(description="Clear", icon="times", layout=W.Layout(width="auto")),
                             "banakil-clear")
        self.undo = classed(W.Button(description="Remove last", icon="undo", layout=W.Layout(width="auto")),
                            "banakil-undo")
        self.picked = classed(W.HTML(), "banakil-picked")
        self.result = classed(W.HTML(), "banakil-meld-result")
        self.card_buttons: dict[str, Any] = {}
        rows = [W.HBox([self._card_button(Card(rank, suit)) for rank in RANK_CODES]) for suit in SUITS]
        rows.append(W.HBox([self._card_button(Card(0))]))
        self.text.observe(self._guard(lambda _: self._refresh(), "checking the cards"), names="value")
        self.rules.observe(self._guard(lambda _: self._refresh(), "checking the cards"), names="value")
        self.clear.on_click(self._guard(lambda _: setattr(self.text, "value", ""), "clearing the cards"))
        self.undo.on_click(self._guard(lambda _: self._remove_last(), "removing the last card"))
        self.widget = classed(W.VBox([W.HBox([self.text, self.rules]), W.VBox(rows),
                                       W.HBox([self.clear, self.undo]), self.picked, self.result, self.errors]),
                               "banakil-meld-checker")
        self._refresh()

    def _card_button(self, card: Card) -> Any:
        # as wide as its label plus a little: "10♠" is never cut to "1..."
        button = classed(W.Button(description=face_label(card), tooltip="joker" if card.is_joker else card.code,
                                  layout=W.Layout(width="auto", min_width="3.2em", padding="0 6px"),
                                  style=W.ButtonStyle(text_color=card_colour(card), font_weight="bold")),
                         "banakil-card-button", f"banakil-card-{card.code}")
        button.on_click(self._guard(lambda _: self.pick(card.code), "adding the card"))
        self.card_buttons[card.code] = button
        return button

    def pick(self, code: str) -> None:
        """Add one card (as clicking its button does)."""
        self.text.value = (self.text.value.strip() + " " + code).strip()

    def _remove_last(self) -> None:
        self.text.value = " ".join(self.text.value.replace(",", " ").split()[:-1])

    def words(self) -> tuple[list[str], str]:
        """The card codes typed, and a last word still being typed ("" when there is none).

        While the box changes key by key, "1" on the way to "10C" is not an error: it is held back
        (and said to be unfinished) until it is a card or cannot become one.
        """
        text = self.text.value
        codes = text.replace(",", " ").split()
        typing = codes[-1] if codes and not text[-1:].isspace() and _unfinished(codes[-1]) else ""
        return (codes[:-1] if typing else codes), typing

    def check(self) -> MeldCheck | None:
        """The verdict on the cards in the text box (None when it holds no card yet; raises on a bad code)."""
        codes, _ = self.words()
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
        codes, typing = self.words()
        try:
            check = self.check()
            cards = parse_cards(codes)
        except BanakilError as e:
            self.picked.value = ""
            self.result.value = (f'<div class="banakil-verdict banakil-bad-input" style="color:{RED}">'
                                 f"{esc(sentence(str(e)))}</div>")
            return
        self.picked.value = f"<div>Picked: {cards_html(cards, empty='no cards yet')}</div>"
        unfinished = (f'<div class="banakil-typing" style="color:{MUTED}">“{esc(typing)}” is not a card yet: finish '
                      "its code (for example 10C, JK).</div>") if typing else ""
        if check is None:
            self.result.value = unfinished or '<div class="banakil-verdict banakil-empty">Click cards or type codes.</div>'
        else:
            self.result.value = meld_check_html(check) + unfinished


# --------------------------------------------------------------- Annotator
class Annotator(Panel):
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
        self.text = classed(W.Textarea(placeholder="Your note on this moment", layout=W.Layout(width="40em")),
                             "banakil-note-text")
        self.author = classed(W.Text(value=author, description="author"), "banakil-note-author")
        auto = W.Layout(width="auto")  # every label whole ("Export Markdown", not "Export Markdo...")
        self.add_button = classed(W.Button(description="Add note", icon="plus", button_style="success", layout=auto),
                                   "banakil-note-add")
        self.message = classed(W.HTML(), "banakil-note-message")
        self.listing = classed(W.HTML(), "banakil-note-list")
        self.export_md = classed(W.Button(description="Export Markdown", icon="download", layout=auto),
                                 "banakil-export-md")
        self.export_csv = classed(W.Button(description="Export CSV", icon="download", layout=auto),
                                  "banakil-export-csv")
        self.exported = classed(W.HTML(), "banakil-exported")
        self.add_button.on_click(self._guard(lambda _: self._add_clicked(), "adding the note"))
        self.export_md.on_click(self._guard(lambda _: self.export("md"), "exporting the notes"))
        self.export_csv.on_click(self._guard(lambda _: self.export("csv"), "exporting the notes"))
        self.widget = classed(W.VBox([
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

    def _add_clicked(self) -> None:
        """Add note: the note, or the refusal in a sentence where "Note added" would be (the text is kept)."""
        self.message.value = ""  # a refusal must never stand beside the last note's "Note added"
        try:
            self.add(self.text.value)
        except BanakilError as e:
            self.last_error = e
            self.message.value = note_html(f"The note was not added: {sentence(str(e))}", "banakil-note-refused", RED)

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
