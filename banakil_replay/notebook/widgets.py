"""Interactive notebook widgets: a meld checker, a replay stepper with a quiz, an annotator.

Each widget is a thin view: a plain class that owns its ipywidgets controls
(as public attributes, so tests and notebooks can drive them:
``stepper.next.click()``), forwards them to a model and draws the model with
:mod:`banakil_replay.notebook.html`. The models know nothing of widgets or
HTML: :class:`~banakil_replay.play.analysis.stepper.Stepper` (position, seat view, quiz
rules), :class:`~banakil_replay.log.annotations.AnnotatedGame` (where the
notes live) and the rules engine. The widget shows itself through ``.widget``.
The replay stepper lives in :mod:`banakil_replay.notebook.stepper_view`.

Every callback is wrapped so that a failure is said in a sentence in the
widget's ``errors`` line instead of vanishing into the kernel log
(:mod:`banakil_replay.notebook.panel`). Every control has a stable
``banakil-...`` CSS class for browser tests.

Each takes ``lang=`` (:mod:`banakil_replay.notebook.direction`): its labels, buttons and sentences in that
language, kept for every later click, and for Arabic its layout mirrored while each run of cards (the
picked cards, a meld) still reads left to right; by default, the language current when it draws.

The package root imports this module only when a widget class is asked for,
since it imports ipywidgets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import CARD_SPELLINGS, RANK_CODES, SUITS, Card, card_run, parse_cards
from ..errors import BanakilError
from ..i18n import N_, _, pgettext
from ..log.annotations import AnnotatedGame, Note
from ..melds import MeldCheck, analyze_meld
from ..reducer import Replay
from ..rules import RULESETS, get_ruleset
from .direction import direct_widget, directed_html, speaking, view_language
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
    (the verdict HTML). ``lang``: see the module's docstring.
    """

    def __init__(self, rules: str = "classic", cards: str = "", *, lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._build(rules, cards)
            self._refresh()

    def _build(self, rules: str, cards: str) -> None:
        self._init_errors()
        self.text = classed(W.Text(value=cards, placeholder=_("e.g. KS AS 2S"), description=_("cards"),
                                    continuous_update=True), "banakil-meld-input")
        # wide enough for the longest rule set's title: a cut title hides which rules are in force
        self.rules = classed(W.Dropdown(options=[(r.title, r.name) for r in RULESETS.values()],
                                        value=get_ruleset(rules).name, description=_("rules"),
                                        layout=W.Layout(width="34em")), "banakil-rules")
        self.clear = classed(W.Button(description=_("Clear"), icon="times", layout=W.Layout(width="auto")),
                             "banakil-clear")
        self.undo = classed(W.Button(description=_("Remove last"), icon="undo", layout=W.Layout(width="auto")),
                            "banakil-undo")
        self.picked = classed(W.HTML(), "banakil-picked")
        self.result = classed(W.HTML(), "banakil-meld-result")
        self.card_buttons: dict[str, Any] = {}
        rows = [W.HBox([self._card_button(Card(rank, suit)) for rank in RANK_CODES]) for suit in SUITS]
        rows.append(W.HBox([self._card_button(Card(0))]))
        self.text.observe(self._guard(lambda change: self._refresh(), N_("checking the cards")), names="value")
        self.rules.observe(self._guard(lambda change: self._refresh(), N_("checking the cards")), names="value")
        self.clear.on_click(self._guard(lambda b: setattr(self.text, "value", ""), N_("clearing the cards")))
        self.undo.on_click(self._guard(lambda b: self._remove_last(), N_("removing the last card")))
        # the card grid is a run of cards: it keeps the deck's order (A♠ ... K♠) in a right-to-left view
        grid = classed(W.VBox(rows), "banakil-card-grid")
        self.widget = direct_widget(classed(W.VBox([W.HBox([self.text, self.rules]), grid,
                                                     W.HBox([self.clear, self.undo]), self.picked, self.result,
                                                     self.errors]), "banakil-meld-checker"))

    def _card_button(self, card: Card) -> Any:
        # as wide as its label plus a little: "10♠" is never cut to "1..."
        button = classed(W.Button(description=face_label(card), tooltip=_("joker") if card.is_joker else card.code,
                                  layout=W.Layout(width="auto", min_width="3.2em", padding="0 6px"),
                                  style=W.ButtonStyle(text_color=card_colour(card), font_weight="bold")),
                         "banakil-card-button", f"banakil-card-{card.code}")
        button.on_click(self._guard(lambda b: self.pick(card.code), N_("adding the card")))
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
        codes, _typing = self.words()
        if not codes:
            return None
        return analyze_meld(parse_cards(codes), get_ruleset(self.rules.value))

    def _static(self) -> tuple[str, str]:
        check = None
        try:
            check = self.check()
        except BanakilError as e:
            return self.result.value, str(e)
        if check is None:
            text = _("Click cards or type codes.")
        elif check.valid and check.meld:
            text = _("{cards}: {described}").format(cards=card_run(self.text.value), described=card_run(check.meld.describe()))
        else:
            text = _("{cards}: not a meld: {reason}").format(cards=card_run(self.text.value), reason=check.reason)
        snapshot = directed_html(f'<div class="banakil-snapshot">{self.picked.value}{self.result.value}</div>', self.lang)
        return snapshot, text

    def _refresh(self) -> None:
        codes, typing = self.words()
        try:
            check = self.check()
            cards = parse_cards(codes)
        except BanakilError as e:
            self.picked.value = ""
            self.result.value = directed_html(f'<div class="banakil-verdict banakil-bad-input" style="color:{RED}">'
                                              f"{esc(sentence(str(e)))}</div>", self.lang)
            return
        picked, none_yet = _("Picked:"), _("no cards yet")  # a label before the row of cards
        self.picked.value = directed_html(f"<div>{esc(picked)} {cards_html(cards, empty=none_yet)}</div>", self.lang)
        finish = _("“{typed}” is not a card yet: finish its code (for example 10C, JK).").format(typed=typing)
        unfinished = f'<div class="banakil-typing" style="color:{MUTED}">{esc(finish)}</div>' if typing else ""
        if check is None:
            empty = _("Click cards or type codes.")
            value = unfinished or f'<div class="banakil-verdict banakil-empty">{esc(empty)}</div>'
        else:
            value = meld_check_html(check) + unfinished
        self.result.value = directed_html(value, self.lang)


# --------------------------------------------------------------- Annotator
class Annotator(Panel):
    """Step to a moment of a game, add a note, list and export the notes.

    Notes go into the log as ``annotated`` events (appended, nothing
    rewritten), or with ``sidecar=True`` into ``<game>.notes.jsonl``, keyed by
    the log's SHA-256 (a sidecar for other bytes is refused with
    :class:`~banakil_replay.log.annotations.SidecarMismatchError`). ``game`` is
    the :class:`~banakil_replay.log.annotations.AnnotatedGame` behind it. ``lang``: see the
    module's docstring (the stepper inside speaks it too; the notes are the writers' own words, as typed).
    """

    def __init__(self, path: str | Path, sidecar: bool = False, *, author: str = "",
                 export_dir: str | Path | None = None, lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._build(path, sidecar, author, export_dir)
            self._list()

    def _build(self, path: str | Path, sidecar: bool, author: str, export_dir: str | Path | None) -> None:
        self._init_errors()
        self.game = AnnotatedGame(path, sidecar)
        self.path, self.sidecar = self.game.path, self.game.sidecar
        self.export_dir = Path(export_dir) if export_dir is not None else self.path.parent
        self.stepper = ReplayStepper(self.game.replay, notes=self.game.sidecar_notes_at, lang=self.lang)
        self.text = classed(W.Textarea(placeholder=_("Your note on this moment"), layout=W.Layout(width="40em")),
                             "banakil-note-text")
        self.author = classed(W.Text(value=author, description=_("author")), "banakil-note-author")
        auto = W.Layout(width="auto")  # every label whole ("Export Markdown", not "Export Markdo...")
        self.add_button = classed(W.Button(description=_("Add note"), icon="plus", button_style="success", layout=auto),
                                   "banakil-note-add")
        self.message = classed(W.HTML(), "banakil-note-message")
        self.listing = classed(W.HTML(), "banakil-note-list")
        self.export_md = classed(W.Button(description=_("Export Markdown"), icon="download", layout=auto),
                                 "banakil-export-md")
        self.export_csv = classed(W.Button(description=_("Export CSV"), icon="download", layout=auto),
                                  "banakil-export-csv")
        self.exported = classed(W.HTML(), "banakil-exported")
        self.add_button.on_click(self._guard(lambda b: self._add_clicked(), N_("adding the note")))
        self.export_md.on_click(self._guard(lambda b: self.export("md"), N_("exporting the notes")))
        self.export_csv.on_click(self._guard(lambda b: self.export("csv"), N_("exporting the notes")))
        add_head, stored, all_head = _("Add a note"), _("(stored in {where})").format(where=self.game.where), _("All notes")
        self.widget = direct_widget(classed(W.VBox([
            self.stepper.widget, W.HTML(directed_html(f"<b>{esc(add_head)}</b> {esc(stored)}", self.lang)),
            self.text, W.HBox([self.author, self.add_button]), self.message,
            W.HTML(directed_html(f"<b>{esc(all_head)}</b>", self.lang)), self.listing,
            W.HBox([self.export_md, self.export_csv]), self.exported, self.errors]), "banakil-annotator"))

    @property
    def replay(self) -> Replay:
        return self.game.replay

    def _static(self) -> tuple[str, str]:
        html, text = self.stepper._static()
        notes = "\n".join(_("event {at}, {author}: {text}").format(at=n.at, author=n.author or _("anonymous"), text=n.text)
                          for n in self.notes())
        all_head, stored = _("All notes"), _("(stored in {where})").format(where=self.game.where)
        head = directed_html(f"<div><b>{esc(all_head)}</b> {esc(stored)}</div>", self.lang)
        return (f"{html}{head}{self.listing.value}",
                _("{stepper}\nNotes:\n{notes}").format(stepper=text, notes=notes or _("none yet")))

    def notes(self) -> list[Note]:
        """Every note on this game, from the log or the sidecar, in the order written."""
        return self.game.notes()

    def add(self, text: str, author: str | None = None, at: int | None = None) -> Note | None:
        """Add a note on event ``at`` (default: the one shown); returns it, or None for an empty text."""
        with speaking(self.lang):  # called from a click, or from a cell
            return self._add(text, author, at)

    def _add(self, text: str, author: str | None, at: int | None) -> Note | None:
        if not text.strip():
            first = _("Write something first.")
            self.message.value = directed_html(f'<span class="banakil-note-empty">{esc(first)}</span>', self.lang)
            return None
        note = Note(self.stepper.seq if at is None else at, text,
                    self.author.value if author is None else author)
        self.game.add([note])
        self.text.value = ""
        added = _("Note added on event {at}.").format(at=note.at)
        self.message.value = directed_html(f'<span class="banakil-note-added">{esc(added)}</span>', self.lang)
        self._redraw()
        return note

    def _add_clicked(self) -> None:
        """Add note: the note, or the refusal in a sentence where "Note added" would be (the text is kept)."""
        self.message.value = ""  # a refusal must never stand beside the last note's "Note added"
        try:
            self.add(self.text.value)
        except BanakilError as e:
            self.last_error = e
            refused = _("The note was not added: {why}").format(why=sentence(str(e)))
            self.message.value = directed_html(note_html(refused, "banakil-note-refused", RED), self.lang)

    def _redraw(self) -> None:
        if self.stepper.replay is not self.game.replay:
            self.stepper.set_replay(self.game.replay)  # the log grew
        self.stepper.render()
        self._list()

    def _list(self) -> None:
        with speaking(self.lang):  # also called after a click, from _redraw
            moment = moments(self.replay)
            anonymous = _("anonymous")
            rows = [f'<tr class="banakil-note-row"><td>{n.at}</td><td>{esc(moment(n.at))}</td>'
                    f"<td>{esc(n.author or anonymous)}</td><td style=\"white-space:pre-wrap\">{esc(n.text)}"
                    "</td></tr>" for n in self.notes()]
            heads = "".join(f"<th>{esc(h)}</th>" for h in (pgettext("notes table", "event"),
                                                            pgettext("notes table", "moment"), _("author"),
                                                            pgettext("notes table", "note")))
            none = _("No notes yet.")
            listing = f"<table><tr>{heads}</tr>" + "".join(rows) + "</table>" if rows else f"<div>{esc(none)}</div>"
            self.listing.value = directed_html(listing, self.lang)

    def export(self, fmt: str = "csv") -> Path:
        """Write every note to ``<game>.notes.<fmt>`` in ``export_dir`` (CSV imports back exactly)."""
        with speaking(self.lang):
            return self._export(fmt)

    def _export(self, fmt: str) -> Path:
        target = self.game.export(fmt, self.export_dir, moments(self.replay))
        wrote = _("Wrote {path}").format(path=target)
        self.exported.value = directed_html(f'<div class="banakil-export-done">{esc(wrote)}</div>', self.lang)
        return target

    def import_csv(self, path: str | Path) -> list[Note]:
        """Add every note of an exported CSV (to the sidecar, or appended to the log)."""
        notes = self.game.import_csv(path)
        self._redraw()
        return notes
