"""A score sheet widget for a table with a laptop: type each hand in, and the engine keeps the score.

:class:`SheetWidget` is a thin view over :mod:`banakil_replay.log.sheet`, the model
the ``sheet`` command uses: the sheet is an event log on disk, and a hand is written
only once the reducer has accepted it. Per seat, two boxes take what it melded and
what it still holds, as points (``16.5``) or as cards (``3H 4H 5H``); a menu says who
went out (or that the stock ran out) and a box whether it was all at once; *Add hand*
adds it. The table below shows every hand, the running totals, the target and the
winner, with the sheet's negative carry when the rules ask for it.

The controls are public attributes, so tests and notebooks can drive them without a browser::

    sheet = SheetWidget("evening.jsonl", "classic", ["Dana", "Ravi"])
    sheet.melded[0].value, sheet.in_hand[0].value = "16.5", "0"
    sheet.melded[1].value, sheet.in_hand[1].value = "10.5", "7.5"
    sheet.went_out.value = 0
    sheet.add_button.click()

A refused hand shows the engine's reason as a sentence and leaves the file as it was;
no action raises into the notebook (an unexpected failure shows as a sentence too, and
is kept in ``last_error``). On a page with no kernel behind it the widget shows a still
picture of the sheet.

``lang=`` (:mod:`banakil_replay.notebook.direction`): the widget's labels, boxes and sentences in that
language, on every later click too, mirrored for Arabic; the players' names, the rule set's name and the
numbers stay as typed. The standing line and the hands' working come from the sheet model (``log/sheet.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import parse_cards
from ..deck_holds import deck_overflow
from ..errors import MalformedInputError
from ..i18n import N_, _, is_rtl, pgettext
from ..log.sheet import Sheet, SheetRefused, add_hand, new_sheet, open_sheet, sheet_text
from ..rules import get_ruleset
from ..scoring import Number
from .direction import direct_widget, directed_html, speaking, view_language
from .html import WIDGET_FONT, esc, widget_note
from .panel import Still, classed, failure, guarded
from .theme import GREEN, LINE, MUTED, QUIET, RED, TEXT

__all__ = ["SheetWidget", "sheet_html", "seat_entry"]

NOBODY = -1  # the went-out menu's value when the stock ran out
_CELL = f"padding:.15em .6em;text-align:right;border-bottom:1px solid {LINE};"
_POINTS = re.compile(r"[-+]?[0-9]+(?:[.,][0-9]+)?")


# ------------------------------------------------------------------ reading the boxes
def _field(text: str) -> float | list[str] | None:
    """A box's text: None when empty, a number, or a list of card codes (checked by the engine)."""
    text = text.strip()
    if not text:
        return None
    if _POINTS.fullmatch(text):
        return float(text.replace(",", "."))
    return [code for code in re.split(r"[\s,;]+", text) if code]


def seat_entry(melded: str, in_hand: str, who: str | None = None) -> dict[str, Any]:
    """One seat of the ``score`` input from two boxes' text: points, or card lists (an empty box is 0, or no cards).

    >>> seat_entry("16.5", "")
    {'melded': 16.5, 'in_hand': 0.0}
    >>> seat_entry("3H 4H 5H", "")
    {'melded_cards': ['3H', '4H', '5H'], 'in_hand_cards': []}
    """
    m, h = _field(melded), _field(in_hand)
    if isinstance(m, list) or isinstance(h, list):
        if isinstance(m, float) and m or isinstance(h, float) and h:
            raise MalformedInputError(_("{who}: give what was melded and what is in hand both as points or both "
                                        "as cards, not one of each").format(who=_("this seat") if who is None else who))
        return {"melded_cards": m if isinstance(m, list) else [], "in_hand_cards": h if isinstance(h, list) else []}
    return {"melded": m or 0.0, "in_hand": h or 0.0}


# ------------------------------------------------------------------ drawing
def _entry(score: Number, entered: Number) -> str:
    if score == entered:
        return esc(score)
    enters = _("(enters {points})").format(points=entered)
    return f'{esc(score)} <span class="banakil-sheet-entered" style="color:{QUIET}">{esc(enters)}</span>'


def sheet_html(sheet: Sheet) -> str:
    """The sheet as a table: per hand each side's score and running total, then the totals and the standing
    (in the language spoken now; right to left for Arabic, its numbers' columns kept as they are)."""
    total, hand_word = pgettext("score sheet", "total"), pgettext("score sheet", "hand")
    head = "".join(f'<th style="{_CELL}">{esc(name)}</th><th style="{_CELL}color:{QUIET}">{esc(total)}</th>'
                   for name in sheet.sides)
    rows = []
    for h in sheet.hands:
        cells = "".join(f'<td style="{_CELL}">{_entry(s, e)}</td><td style="{_CELL}color:{QUIET}">{esc(t)}</td>'
                        for s, e, t in zip(h.scores, h.entered, h.totals))
        rows.append(f'<tr class="banakil-sheet-hand" data-hand="{h.hand}" title="{esc(" ".join(h.explain))}">'
                    f'<td style="{_CELL}">{h.hand}</td>{cells}</tr>')
    if not rows:
        none = _("No hands yet.")
        rows.append(f'<tr><td colspan="{1 + 2 * len(sheet.sides)}" style="{_CELL}text-align:{"right" if is_rtl() else "left"};color:{QUIET}">'
                    f"{esc(none)}</td></tr>")
    said = (_("{rules} rules, {target} to win. A negative hand enters as 0 and its shortfall comes off later hands "
              "(000).") if sheet.carry else _("{rules} rules, {target} to win.")).format(rules=sheet.rules,
                                                                                         target=sheet.target)
    owed = pgettext("list separator", ", ").join(f"{name} {c}" for name, c in zip(sheet.sides, sheet.carried) if c)
    owed_said = _("Still to come off: {owed}.").format(owed=owed)
    owed_html = f'<div class="banakil-sheet-owed">{esc(owed_said)}</div>' if owed else ""
    colour = GREEN if sheet.winner is not None else TEXT
    return directed_html(
        f'<div class="banakil-sheet" data-winner="{"" if sheet.winner is None else sheet.winner}" '
        f'style="{WIDGET_FONT}"><div class="banakil-sheet-head" style="color:{MUTED}">{esc(said)}</div>'
        f'<table style="border-collapse:collapse;margin:.3em 0"><thead><tr><th style="{_CELL}">{esc(hand_word)}</th>'
        f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>{owed_html}'
        f'<div class="banakil-sheet-standing" style="font-weight:600;color:{colour}">'
        f"{esc(sheet.standing())}</div></div>")


# ------------------------------------------------------------------ widget
class SheetWidget(Still):
    """A score sheet kept in the log at ``path``: boxes for one hand, *Add hand*, and the sheet so far.

    With ``players`` (2 to 4 names in turn order) a missing file is started as a new
    sheet under ``rules`` (``carry``: the sheet's negative carry, 000); an existing one
    is opened, and must be for those players and rules. Without ``players`` the file
    must exist. What cannot be opened raises a
    :class:`~banakil_replay.errors.BanakilError` naming why, before anything is shown.

    Controls: ``melded`` and ``in_hand`` (one text box per seat: points or cards),
    ``went_out`` (a seat, or :data:`NOBODY`), ``all_at_once``, ``add_button``. Panels:
    ``sheet_panel`` (the table), ``message`` (the last hand added, or why it was
    refused). ``sheet`` is the model's sheet as it stands. ``lang``: see the module's docstring.
    """

    def __init__(self, path: str | os.PathLike[str], rules: str = "classic", players: Sequence[str] | None = None,
                 *, carry: bool = False, lang: str | None = None) -> None:
        self.lang = view_language(lang)
        with speaking(self.lang):
            self._open(path, rules, players, carry)

    def _open(self, path: str | os.PathLike[str], rules: str, players: Sequence[str] | None, carry: bool) -> None:
        self.path = Path(path)
        self.last_error: BaseException | None = None
        self._added: str | None = None  # the sentence for the hand this widget added last, until a refusal
        if players is not None and not self.path.exists():
            new_sheet(self.path, rules, players, carry=carry)
        _log, self.sheet = open_sheet(self.path)
        if players is not None and (tuple(p.strip() for p in players), get_ruleset(rules).name) != (
                self.sheet.players, self.sheet.rules):
            sep = pgettext("list separator", ", ")
            raise SheetRefused(_("{path} is a sheet for {players} under {rules} rules, not for {asked} under {asked_rules}: "
                                 "open it without players, or give another file").format(
                path=self.path, players=sep.join(self.sheet.players), rules=self.sheet.rules, asked=sep.join(players),
                asked_rules=rules))
        self._controls()
        for box in (*self.melded, *self.in_hand):  # typing again means a new hand, not the tail of a double click
            box.observe(self._typed, "value")
        self.add_button.on_click(self._guard(lambda b: self.add(), N_("adding the hand")))
        self._render()

    def _controls(self) -> None:
        names = self.sheet.players
        box = {"placeholder": _("points, or cards: 3H 4H 5H"), "layout": W.Layout(width="17em")}
        self.melded = [classed(W.Text(**box), "banakil-sheet-melded") for _name in names]
        self.in_hand = [classed(W.Text(**box), "banakil-sheet-in-hand") for _name in names]
        label = {"layout": W.Layout(width="9em")}
        seat, melded, held = pgettext("score sheet", "seat"), pgettext("score sheet", "melded"), _("still in hand")
        rows = [W.HBox([W.HTML(f"<b>{esc(seat)}</b>", **label),
                        W.HTML(f"<b>{esc(melded)}</b>", layout=W.Layout(width="17em")), W.HTML(f"<b>{esc(held)}</b>")])]
        rows += [W.HBox([W.HTML(esc(name), **label), m, h]) for name, m, h in zip(names, self.melded, self.in_hand)]
        self.went_out = classed(W.Dropdown(options=[*((name, i) for i, name in enumerate(names)),
                                                     (_("nobody: the stock ran out"), NOBODY)],
                                            value=0, description=_("went out")), "banakil-sheet-went-out")
        self.all_at_once = classed(W.Checkbox(value=False, description=_("all at once (nothing laid before)"),
                                               indent=False), "banakil-sheet-all-at-once")
        self.add_button = classed(W.Button(description=_("Add hand"), icon="plus", button_style="primary"),
                                   "banakil-sheet-add")
        self.message = classed(W.HTML(), "banakil-sheet-message")
        self.sheet_panel = classed(W.HTML(), "banakil-sheet-panel")
        self.inputs = classed(W.VBox([*rows, W.HBox([self.went_out, self.all_at_once]), self.add_button]),
                               "banakil-sheet-inputs")
        self.widget = direct_widget(classed(W.VBox([self.inputs, self.message, self.sheet_panel]), "banakil-sheet-widget"))

    def _guard(self, fn: Callable[..., Any], doing: str) -> Callable[..., Any]:
        """``fn``, with any failure shown as a sentence in ``message`` instead of raised into the notebook."""
        def said(e: BaseException) -> None:
            detail = failure(e, _("the score sheet failed unexpectedly"))
            line = _("Something went wrong while {doing}: {why}").format(doing=_(doing), why=detail)
            self.message.value = directed_html(widget_note(line, "banakil-sheet-error", RED), self.lang)

        inner = guarded(self, fn, said)

        def spoken(*args: Any, **kwargs: Any) -> Any:  # a click comes after the block that made the widget
            with speaking(self.lang):
                return inner(*args, **kwargs)
        return spoken

    # -------------------------------------------------------------- actions
    def entry(self) -> dict[str, Any]:
        """The hand in the boxes, as the ``score`` command's input (the sheet's player count is implied)."""
        seats = [seat_entry(m.value, h.value, name)
                 for name, m, h in zip(self.sheet.players, self.melded, self.in_hand)]
        went_out = None if self.went_out.value == NOBODY else int(self.went_out.value)
        return {"went_out": went_out, "all_at_once": bool(self.all_at_once.value), "seats": seats}

    def next_hand(self) -> int:
        """The number of the hand the boxes are for."""
        return self.sheet.hands[-1].hand + 1 if self.sheet.hands else 1

    def _blank_seats(self) -> list[str]:
        """The seats whose two boxes are both empty."""
        return [name for name, m, h in zip(self.sheet.players, self.melded, self.in_hand)
                if not m.value.strip() and not h.value.strip()]

    def add(self) -> bool:
        """Add the hand in the boxes; False, with the reason shown, when it is refused (the file is unchanged)."""
        with speaking(self.lang):
            return self._add()

    def _note(self, text: str, cls: str, colour: str = TEXT) -> None:
        self.message.value = directed_html(widget_note(text, cls, colour), self.lang)

    def _add(self) -> bool:
        blank = [] if self.sheet.over else self._blank_seats()  # over: the engine's sentence says why
        if len(blank) == len(self.sheet.players) and self._added is not None:
            # the boxes were cleared by the hand just added: a second click of a double click adds nothing
            self._note(_("{added} The boxes are empty, so the second click added nothing.").format(added=self._added),
                       "banakil-sheet-added", GREEN)
            return False
        if blank:  # an empty form would score as a hand of zeros, and an empty seat is more often a slip than a 0
            who = _("every seat") if len(blank) == len(self.sheet.players) else pgettext("list separator", ", ").join(blank)
            self._refuse(_("Hand {hand} not added: the boxes for {who} are empty; type what each seat melded and holds "
                           "(0 for nothing). The sheet is unchanged.").format(hand=self.next_hand(), who=who))
            return False
        try:
            entry = self.entry()
            named = [[*seat.get("melded_cards", []), *seat.get("in_hand_cards", [])] for seat in entry["seats"]]
            too_many = deck_overflow([parse_cards(c) for c in named], self.sheet.players)
            if too_many:  # said with the players' names; the engine refuses it too, naming seats by index
                raise SheetRefused(_("Hand {hand} not added: {why}. The sheet is unchanged.").format(
                    hand=self.next_hand(), why=too_many))
            # the number shown: a sheet another writer moved on is refused, not added to twice
            self.sheet = add_hand(self.path, entry, self.next_hand())
        except MalformedInputError as e:  # a refusal: a sentence, and the boxes kept for a correction
            text = str(e) if isinstance(e, SheetRefused) else _(
                "Hand {hand} not added: {why}. The sheet is unchanged.").format(hand=len(self.sheet.hands) + 1, why=e)
            moved_on = self._reload()
            if moved_on:
                text = _("{refusal} The table now shows the sheet as it is on disk; the boxes are for hand {hand}.").format(
                    refusal=text, hand=self.next_hand())
            self._refuse(text)
            return False
        last = self.sheet.hands[-1]
        scores = pgettext("list separator", ", ").join(f"{name} {s}" for name, s in zip(self.sheet.sides, last.scores))
        self._added = _("Hand {hand} added: {scores}.").format(hand=last.hand, scores=scores)
        self._note(self._added, "banakil-sheet-added", GREEN)
        for box in (*self.melded, *self.in_hand):
            box.value = ""
        self.all_at_once.value = False
        self._render()
        return True

    def _typed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._added = None

    def _refuse(self, text: str) -> None:
        self._added = None  # the next empty click is a mistake to explain, not the tail of a double click
        self._note(text[:1].upper() + text[1:], "banakil-sheet-refused", RED)

    def _reload(self) -> bool:
        """Read the sheet again from disk; True if another writer had moved it on."""
        try:
            _log, on_disk = open_sheet(self.path)
        except MalformedInputError:
            return False  # unreadable now: the refusal already says what is wrong
        if on_disk == self.sheet:
            return False
        self.sheet = on_disk
        self.sheet_panel.value = sheet_html(self.sheet)
        return True

    def _render(self) -> None:
        self.sheet_panel.value = sheet_html(self.sheet)
        over = self.sheet.over
        for c in (*self.melded, *self.in_hand, self.went_out, self.all_at_once, self.add_button):
            c.disabled = over
        if over and not self.message.value:
            self._note(_("The match is over: start a new sheet for the next one."), "banakil-sheet-over")

    # --------------------------------------------------------------- display
    def still(self) -> tuple[str, str]:
        """The sheet as it stands, as (HTML, text), for a page that cannot run the widget."""
        with speaking(self.lang):
            note = _("A still picture of a score sheet: run the notebook to add hands.")
            still = (f'<div class="banakil-static-note" style="color:{QUIET};font-style:italic">{esc(note)}</div>'
                     f"{sheet_html(self.sheet)}")
            return directed_html(f'<div class="banakil-sheet-still">{still}</div>'), sheet_text(self.sheet)

