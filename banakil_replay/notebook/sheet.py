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
from ..log.sheet import Sheet, SheetRefused, add_hand, new_sheet, open_sheet, sheet_text
from ..rules import get_ruleset
from ..scoring import Number
from .html import WIDGET_FONT, esc, widget_note
from .panel import Still, classed, failure, guarded
from .theme import GREEN, LINE, MUTED, QUIET, RED, TEXT

__all__ = ["SheetWidget", "sheet_html", "seat_entry"]

NOBODY = -1  # the went-out menu's value when the stock ran out
_CELL = f"padding:.15em .6em;text-align:right;border-bottom:1px solid {LINE};"
_STILL_NOTE = (f'<div class="banakil-static-note" style="color:{QUIET};font-style:italic">A still picture of a '
               "score sheet: run the notebook to add hands.</div>")
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


def seat_entry(melded: str, in_hand: str, who: str = "this seat") -> dict[str, Any]:
    """One seat of the ``score`` input from two boxes' text: points, or card lists (an empty box is 0, or no cards).

    >>> seat_entry("16.5", "")
    {'melded': 16.5, 'in_hand': 0.0}
    >>> seat_entry("3H 4H 5H", "")
    {'melded_cards': ['3H', '4H', '5H'], 'in_hand_cards': []}
    """
    m, h = _field(melded), _field(in_hand)
    if isinstance(m, list) or isinstance(h, list):
        if isinstance(m, float) and m or isinstance(h, float) and h:
            raise MalformedInputError(f"{who}: give what was melded and what is in hand both as points or both "
                                      "as cards, not one of each")
        return {"melded_cards": m if isinstance(m, list) else [], "in_hand_cards": h if isinstance(h, list) else []}
    return {"melded": m or 0.0, "in_hand": h or 0.0}


# ------------------------------------------------------------------ drawing
def _entry(score: Number, entered: Number) -> str:
    if score == entered:
        return esc(score)
    return f'{esc(score)} <span class="banakil-sheet-entered" style="color:{QUIET}">(enters {esc(entered)})</span>'


def sheet_html(sheet: Sheet) -> str:
    """The sheet as a table: per hand each side's score and running total, then the totals and the standing."""
    head = "".join(f'<th style="{_CELL}">{esc(name)}</th><th style="{_CELL}color:{QUIET}">total</th>'
                   for name in sheet.sides)
    rows = []
    for h in sheet.hands:
        cells = "".join(f'<td style="{_CELL}">{_entry(s, e)}</td><td style="{_CELL}color:{QUIET}">{esc(t)}</td>'
                        for s, e, t in zip(h.scores, h.entered, h.totals))
        rows.append(f'<tr class="banakil-sheet-hand" data-hand="{h.hand}" title="{esc(" ".join(h.explain))}">'
                    f'<td style="{_CELL}">{h.hand}</td>{cells}</tr>')
    if not rows:
        rows.append(f'<tr><td colspan="{1 + 2 * len(sheet.sides)}" style="{_CELL}text-align:left;color:{QUIET}">'
                    "No hands yet.</td></tr>")
    carry = (" A negative hand enters as 0 and its shortfall comes off later hands (000)."
             if sheet.carry else "")
    owed = ", ".join(f"{name} {c}" for name, c in zip(sheet.sides, sheet.carried) if c)
    owed_html = f'<div class="banakil-sheet-owed">Still to come off: {esc(owed)}.</div>' if owed else ""
    colour = GREEN if sheet.winner is not None else TEXT
    return (f'<div class="banakil-sheet" data-winner="{"" if sheet.winner is None else sheet.winner}" '
            f'style="{WIDGET_FONT}"><div class="banakil-sheet-head" style="color:{MUTED}">{esc(sheet.rules)} rules, '
            f"{sheet.target} to win.{esc(carry)}</div>"
            f'<table style="border-collapse:collapse;margin:.3em 0"><thead><tr><th style="{_CELL}">hand</th>'
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
    refused). ``sheet`` is the model's sheet as it stands.
    """

    def __init__(self, path: str | os.PathLike[str], rules: str = "classic", players: Sequence[str] | None = None,
                 *, carry: bool = False) -> None:
        self.path = Path(path)
        self.last_error: BaseException | None = None
        self._added: str | None = None  # the sentence for the hand this widget added last, until a refusal
        if players is not None and not self.path.exists():
            new_sheet(self.path, rules, players, carry=carry)
        _, self.sheet = open_sheet(self.path)
        if players is not None and (tuple(p.strip() for p in players), get_ruleset(rules).name) != (
                self.sheet.players, self.sheet.rules):
            raise SheetRefused(f"{self.path} is a sheet for {', '.join(self.sheet.players)} under {self.sheet.rules} "
                               f"rules, not for {', '.join(players)} under {rules}: open it without players, or "
                               "give another file")
        self._controls()
        for box in (*self.melded, *self.in_hand):  # typing again means a new hand, not the tail of a double click
            box.observe(self._typed, "value")
        self.add_button.on_click(self._guard(lambda _: self.add(), "adding the hand"))
        self._render()

    def _controls(self) -> None:
        names = self.sheet.players
        box = {"placeholder": "points, or cards: 3H 4H 5H", "layout": W.Layout(width="17em")}
        self.melded = [classed(W.Text(**box), "banakil-sheet-melded") for _ in names]
        self.in_hand = [classed(W.Text(**box), "banakil-sheet-in-hand") for _ in names]
        label = {"layout": W.Layout(width="9em")}
        rows = [W.HBox([W.HTML("<b>seat</b>", **label), W.HTML("<b>melded</b>", layout=W.Layout(width="17em")),
                        W.HTML("<b>still in hand</b>")])]
        rows += [W.HBox([W.HTML(esc(name), **label), m, h]) for name, m, h in zip(names, self.melded, self.in_hand)]
        self.went_out = classed(W.Dropdown(options=[*((name, i) for i, name in enumerate(names)),
                                                     ("nobody: the stock ran out", NOBODY)],
                                            value=0, description="went out"), "banakil-sheet-went-out")
        self.all_at_once = classed(W.Checkbox(value=False, description="all at once (nothing laid before)",
                                               indent=False), "banakil-sheet-all-at-once")
        self.add_button = classed(W.Button(description="Add hand", icon="plus", button_style="primary"),
                                   "banakil-sheet-add")
        self.message = classed(W.HTML(), "banakil-sheet-message")
        self.sheet_panel = classed(W.HTML(), "banakil-sheet-panel")
        self.inputs = classed(W.VBox([*rows, W.HBox([self.went_out, self.all_at_once]), self.add_button]),
                               "banakil-sheet-inputs")
        self.widget = classed(W.VBox([self.inputs, self.message, self.sheet_panel]), "banakil-sheet-widget")

    def _guard(self, fn: Callable[..., Any], doing: str) -> Callable[..., Any]:
        """``fn``, with any failure shown as a sentence in ``message`` instead of raised into the notebook."""
        def said(e: BaseException) -> None:
            detail = failure(e, "the score sheet failed unexpectedly")
            self.message.value = widget_note(f"Something went wrong while {doing}: {detail}", "banakil-sheet-error", RED)

        return guarded(self, fn, said)

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
        blank = [] if self.sheet.over else self._blank_seats()  # over: the engine's sentence says why
        if len(blank) == len(self.sheet.players) and self._added is not None:
            # the boxes were cleared by the hand just added: a second click of a double click adds nothing
            self.message.value = widget_note(f"{self._added} The boxes are empty, so the second click added "
                                             "nothing.", "banakil-sheet-added", GREEN)
            return False
        if blank:  # an empty form would score as a hand of zeros, and an empty seat is more often a slip than a 0
            who = "every seat" if len(blank) == len(self.sheet.players) else ", ".join(blank)
            self._refuse(f"hand {self.next_hand()} not added: the boxes for {who} are empty; type what each seat "
                         "melded and holds (0 for nothing). The sheet is unchanged.")
            return False
        try:
            entry = self.entry()
            named = [[*seat.get("melded_cards", []), *seat.get("in_hand_cards", [])] for seat in entry["seats"]]
            too_many = deck_overflow([parse_cards(c) for c in named], self.sheet.players)
            if too_many:  # said with the players' names; the engine refuses it too, naming seats by index
                raise SheetRefused(f"hand {self.next_hand()} not added: {too_many}. The sheet is unchanged.")
            # the number shown: a sheet another writer moved on is refused, not added to twice
            self.sheet = add_hand(self.path, entry, self.next_hand())
        except MalformedInputError as e:  # a refusal: a sentence, and the boxes kept for a correction
            text = str(e) if isinstance(e, SheetRefused) else (
                f"hand {len(self.sheet.hands) + 1} not added: {e}. The sheet is unchanged.")
            moved_on = self._reload()
            if moved_on:
                text += f" The table now shows the sheet as it is on disk; the boxes are for hand {self.next_hand()}."
            self._refuse(text)
            return False
        last = self.sheet.hands[-1]
        scores = ", ".join(f"{name} {s}" for name, s in zip(self.sheet.sides, last.scores))
        self._added = f"Hand {last.hand} added: {scores}."
        self.message.value = widget_note(self._added, "banakil-sheet-added", GREEN)
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
        self.message.value = widget_note(text[:1].upper() + text[1:], "banakil-sheet-refused", RED)

    def _reload(self) -> bool:
        """Read the sheet again from disk; True if another writer had moved it on."""
        try:
            _, on_disk = open_sheet(self.path)
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
            self.message.value = widget_note("The match is over: start a new sheet for the next one.", "banakil-sheet-over")

    # --------------------------------------------------------------- display
    def still(self) -> tuple[str, str]:
        """The sheet as it stands, as (HTML, text), for a page that cannot run the widget."""
        return (f'<div class="banakil-sheet-still">{_STILL_NOTE}{sheet_html(self.sheet)}</div>',
                sheet_text(self.sheet))

