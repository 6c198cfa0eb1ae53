"""One seat at the table: the table as that seat sees it (HTML), and its hand as buttons to play with.

:func:`seat_table_html` draws what a seat may see: every other hand face down
with its card count, the melds on the table by number, the discard pile and
the stock; :class:`MovePad` shows the seat's own hand as one button per card
(a click selects or unselects it) and a button for each kind of move the phase
allows: draw, take N from the pile, meld the selected cards, add them to meld
N, swap a joker in meld N for the selected card, discard it. A click makes a
typed move (numbered as the next event) and hands it to the owner, who plays
it; the pad never plays anything itself. The play table uses one pad for the
game and another for trying a decision again.

Why clicks and not toggle values: the browser sends a click at once, but holds
back a control's new value while the kernel is busy with an earlier message,
so a value set just before a move button is pressed may reach the kernel after
the press. A card click is a click too, so clicks arrive in the order made and
the selection (held here, in Python) is exactly what the player clicked before
the move. A card's button stands for that card for as long as it stays in the
hand (the same button, whatever else comes and goes), and every move clears
the selection: a card clicked in a hurry after *Draw* is selected for the next
step, as meant. A move button carries the event number of the position it was
drawn for, so a move click that arrives after the position moved on (a double
click on *Draw*, a click on the old button as the table redraws) is not played in
the new position: the owner is told (``moved_on``) and says so.
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..cards import SUITS, Card
from ..errors import MalformedInputError
from ..events import Took
from ..i18n import _, ngettext, pgettext
from ..play.session.commands import HELP, Ask, read_command
from ..play.moves import Move
from ..play.coach.options import options
from ..state import GameState
from .html import WIDGET_FONT, backs_html, card_colour, cards_html, esc, meld_html
from .narrate import seat_name, side_label
from .panel import classed
from .theme import CARD_EDGE, FAINT, FOCUS, LINE, PICKED, QUIET, TEXT, WHITE, WILD_BORDER

__all__ = ["MovePad", "hand_order", "seat_table_html", "card_label"]

Runner = Callable[[Callable[[], Any], str], Any]  # runs a thunk, showing any failure as a sentence
RETIRED_POSITIONS = 3  # positions whose move buttons still answer a late click (to say it came late)
# the commands whose cards are the selected ones
_WITH_CARDS = frozenset(word for word, args, _ in HELP if "CARD" in args)
_PICKED, _UNPICKED = PICKED, WHITE
_PICKED_BORDER, _UNPICKED_BORDER = f"2px solid {FOCUS}", f"1px solid {CARD_EDGE}"


def _border(card: Card, picked: bool) -> str:
    """Blue round a selected card; gold round a wild one, as the card faces have it."""
    return _PICKED_BORDER if picked else (f"2px solid {WILD_BORDER}" if card.is_wild else _UNPICKED_BORDER)


def hand_order(cards: tuple[Card, ...]) -> list[Card]:
    """A hand sorted as a player holds it: by suit, then rank, jokers last (runs read left to right)."""
    return sorted(cards, key=lambda c: (c.is_joker, SUITS.index(c.suit) if c.suit else 0, c.rank))


def card_label(card: Card) -> str:
    return "JK" if card.is_joker else card.symbol


# ------------------------------------------------------------------ the table
def seat_table_html(state: GameState, viewer: int | None, *, own_hand: bool = False) -> str:
    """The table as ``viewer`` sees it (None: every hand face down, for handing the screen on).

    Other hands are backs and a count; the viewer's own hand is drawn only with
    ``own_hand`` (a still picture: the live widget shows it as buttons).
    """
    seats = []
    for seat in range(state.n):
        hand = state.hands[seat] if seat < len(state.hands) else ()
        mine = seat == viewer
        body = cards_html(hand_order(hand), empty=_("no cards")) if mine and own_hand else (
            "" if mine else backs_html(len(hand)))
        turn = state.in_hand and seat == state.turn
        tags = "".join(" " + tag for tag, shown in ((_("(you)"), mine), (_("◀ to play"), turn)) if shown)
        border = FOCUS if turn else LINE
        n = len(hand)
        where = (ngettext("(seat {seat}, {side}, {count} card)", "(seat {seat}, {side}, {count} cards)", n).format(
            seat=seat, side=side_label(state, state.side(seat)), count=n) if state.n == 4 else
            ngettext("(seat {seat}, {count} card)", "(seat {seat}, {count} cards)", n).format(seat=seat, count=n))
        seats.append(f'<div class="banakil-seat{" banakil-turn" if turn else ""}" data-seat="{seat}" '
                     f'style="border-left:4px solid {border};padding-left:.5em;margin:.3em 0">'
                     f'<b>{esc(seat_name(state, seat))}</b>{esc(tags)} <span style="color:{QUIET}">{esc(where)}</span>'
                     f"{'<div>' + body + '</div>' if body else ''}</div>")
    # said outside the f-strings: Babel's extraction does not look inside them
    none_yet, melds_heading = _("none yet"), _("Melds on the table")
    melds = "".join(meld_html(m, label=_("#{id} {owner}'s {kind}").format(
        id=m.id, owner=seat_name(state, m.owner), kind=pgettext("meld kind", m.meld.kind)))
        for m in state.melds) or f': <span style="color:{FAINT}">{esc(none_yet)}</span>'
    top = state.discard[-1:]
    # the templates are escaped first and the HTML filled in after: a translation cannot break the markup
    heading = "<b>" + esc(_("Discard pile")) + "</b>"
    pile = cards_html(state.discard, empty=pgettext("discard pile", "empty"))
    pile_line = (esc(_("{heading}, top card last (top: {top}): {pile}")).format(
        heading=heading, top=esc(top[0].symbol), pile=pile) if top else
        esc(_("{heading}, top card last: {pile}")).format(heading=heading, pile=pile))
    stock = ngettext("Stock: {count} card", "Stock: {count} cards", state.stock_count).format(count=state.stock_count)
    return (f'<div class="banakil-play-table" data-seq="{state.seq}" style="{WIDGET_FONT}">{"".join(seats)}'
            f'<div class="banakil-melds" style="margin:.4em 0"><b>{esc(melds_heading)}</b>{melds}</div>'
            f'<div class="banakil-pile" style="margin:.4em 0">{pile_line}</div>'
            f'<div class="banakil-stock">{esc(stock)}</div></div>')


# ------------------------------------------------------------------ the pad
CardKey = tuple[int, str, int]  # (seat, card code, which copy of it in the hand): one card while it is held


class MovePad:
    """A seat's hand as card buttons and the phase's move buttons; a click hands a typed move to ``on_move``.

    ``run(thunk, doing)`` is the owner's safe runner: it runs every click and
    shows any failure as a sentence (a move with no cards selected raises
    :class:`MalformedInputError` saying what to click). After a move is played the
    owner calls :meth:`show` with the new position, which clears the selection;
    a position already shown is left as it is, selection included.

    Controls: ``card_buttons`` (in ``cards`` order: the hand sorted by suit and
    rank), ``move_buttons`` (by key: ``draw``, ``take 1``, ``reshuffle``,
    ``meld``, ``discard``, ``add 3``, ``swap 3``, and with a ``coach`` (the
    move it would play) ``coach``). :meth:`selected_cards` are the selected
    cards in the order clicked.
    """

    def __init__(self, on_move: Callable[[Move], Any], run: Runner,
                 coach: Callable[[], Move] | None = None,
                 moved_on: Callable[[str, int], Any] | None = None) -> None:
        self.on_move, self.run, self.coach, self.moved_on = on_move, run, coach, moved_on
        self.cards: list[Card] = []
        self.keys: list[CardKey] = []  # parallel to cards
        self.selected: list[CardKey] = []
        self._buttons: dict[CardKey, Any] = {}
        self.move_buttons: dict[str, Any] = {}
        self._retired: list[list[Any]] = []  # the move buttons of the last positions, newest last
        self.state: GameState | None = None
        self.seat: int | None = None
        wrap = W.Layout(display="flex", flex_flow="row wrap")
        self.hand_box = classed(W.Box(layout=wrap), "banakil-hand")
        self.moves_box = classed(W.Box(layout=wrap), "banakil-moves")
        self.picked = classed(W.HTML(), "banakil-picked")
        self.label = classed(W.HTML(), "banakil-hand-label")
        self.widget = classed(W.VBox([self.label, self.hand_box, self.picked, self.moves_box]), "banakil-move-pad")

    @property
    def card_buttons(self) -> list[Any]:
        return [self._buttons[k] for k in self.keys]

    # ------------------------------------------------------------ drawing
    def show(self, state: GameState | None, seat: int | None) -> None:
        """Draw ``seat``'s hand and moves at ``state`` (None: nothing to play here)."""
        if state is self.state and seat == self.seat and state is not None:
            return
        self.clear()
        old_moves = list(self.move_buttons.values())
        self.state, self.seat = state, seat
        if state is None or seat is None or not state.in_hand:
            self.cards, self.keys, self.move_buttons = [], [], {}
        else:
            self.cards = hand_order(state.hands[seat])
            copies: dict[str, int] = {}
            self.keys = []
            for c in self.cards:
                copies[c.code] = copies.get(c.code, -1) + 1
                self.keys.append((seat, c.code, copies[c.code]))
            for key, card in zip(self.keys, self.cards):
                if key not in self._buttons:
                    self._buttons[key] = self._card_button(key, card)
            self.move_buttons = self._move_buttons(state, seat) if state.turn == seat else {}
        self.hand_box.children = self.card_buttons
        self.moves_box.children = list(self.move_buttons.values())
        # the template is escaped as text (its apostrophe kept, as before) and the name filled in escaped
        whose = "" if state is None or seat is None else html.escape(_("{player}'s hand"), quote=False).format(
            player=esc(seat_name(state, seat)))
        hint = _("(click cards to select them, then a move)")
        self.label.value = "" if not self.keys or not whose else (
            f'<div style="{WIDGET_FONT}"><b>{whose}</b> '
            f'<span style="color:{QUIET}">{esc(hint)}</span></div>')
        self._show_picked()
        kept = set(self.keys)
        for key in [k for k in self._buttons if k not in kept]:  # cards no longer held: a late click goes nowhere
            self._buttons.pop(key).close()
        # moves of a position gone by stay open a little: a click on one the browser still showed reaches
        # the kernel (a closed widget's click is dropped there without a word) and is told it came late
        self._retired.append(old_moves)
        while len(self._retired) > RETIRED_POSITIONS:
            for w in self._retired.pop(0):
                w.close()

    def _card_button(self, key: CardKey, card: Card) -> Any:
        b = classed(W.Button(description=card_label(card), tooltip=_("{card}: click to select").format(card=card.symbol),
                             layout=W.Layout(width="3.6em", height="2.6em", margin="2px", padding="0 2px",
                                             border=_border(card, False)),
                             style=W.ButtonStyle(text_color=card_colour(card), font_weight="bold",
                                                 button_color=_UNPICKED)),
                    "banakil-card-button", f"banakil-card-{card.code}")
        b.on_click(lambda _button: self.run(lambda: self._toggle(key), "selecting a card"))
        return b

    def _move_buttons(self, state: GameState, seat: int) -> dict[str, Any]:
        specs: list[tuple[str, str, str]] = []  # key, label, tooltip
        if state.phase == "draw":
            opts = options(state, rank=False)
            specs.append(("draw", _("Draw"), _("draw the top card of the stock")))
            counts = sorted({o.event.count for o in opts.of_kind("take") if isinstance(o.event, Took)} |
                            ({1} if state.discard else set()))
            specs += [(f"take {n}", _("Take {count}").format(count=n),
                       ngettext("take the top {count} card of the pile", "take the top {count} cards of the pile", n).format(
                           count=n)) for n in counts]
            if opts.of_kind("reshuffle"):
                specs.append(("reshuffle", _("Reshuffle"), _("turn the pile, all but its top card, into a new stock")))
        else:
            specs.append(("meld", _("Meld selected"), _("lay the selected cards as a new meld")))
            for m in state.melds:
                specs.append((f"add {m.id}", _("Add to #{meld}").format(meld=m.id),
                              _("add the selected cards to meld #{meld}").format(meld=m.id)))
            for m in state.melds:
                if any(c.is_joker for c in m.cards):
                    specs.append((f"swap {m.id}", _("Swap joker #{meld}").format(meld=m.id),
                                  _("put the selected card in the joker's place in meld #{meld}, taking the joker")
                                  .format(meld=m.id)))
            specs.append(("discard", _("Discard selected"), _("discard the selected card, ending your turn")))
        if self.coach is not None:
            specs.append(("coach", _("Play the coach's move"), _("play the option the coach ranks first")))
        return {key: self._move_button(key, label, tip, state.seq) for key, label, tip in specs}

    def _move_button(self, key: str, label: str, tip: str, seq: int) -> Any:
        kind = key.split()[0]
        style = "primary" if kind in ("draw", "discard") else ("info" if kind == "meld" else "")
        b = classed(W.Button(description=label, tooltip=tip, button_style=style,
                             icon="magic" if kind == "coach" else "", layout=W.Layout(width="auto", margin="2px")),
                    "banakil-move", f"banakil-move-{key.replace(' ', '-')}")
        b.on_click(lambda _button: self.run(lambda: self._clicked(key, seq, label), "playing your move"))
        return b

    def _show_picked(self) -> None:
        if not self.keys:
            self.picked.value = ""
            return
        chosen = cards_html(self.selected_cards(), empty=_("nothing yet (click cards in your hand)"))
        said = esc(_("Selected: {cards}")).format(cards=chosen)
        self.picked.value = f'<div class="banakil-selection" style="{WIDGET_FONT}color:{TEXT}">{said}</div>'

    # ------------------------------------------------------------ clicking
    def _toggle(self, key: CardKey) -> None:
        if key not in self.keys:
            return  # a click on a card no longer held
        if key in self.selected:
            self.selected.remove(key)
        else:
            self.selected.append(key)
        picked = key in self.selected
        button = self._buttons[key]
        button.style.button_color = _PICKED if picked else _UNPICKED
        button.layout.border = _border(self.cards[self.keys.index(key)], picked)
        (button.add_class if picked else button.remove_class)("banakil-selected")
        self._show_picked()

    def select(self, *codes: str) -> list[Card]:
        """Select cards by code, as clicking them does (one unselected card of each code given)."""
        for code in codes:
            key = next((k for k in self.keys if k[1] == code.upper() and k not in self.selected), None)
            if key is None:
                raise MalformedInputError(_("no unselected {code} in this hand").format(code=code))
            self._toggle(key)
        return self.selected_cards()

    def clear(self) -> None:
        """Unselect every card."""
        for key in list(self.selected):
            self._toggle(key)
        self.selected = []

    def selected_cards(self) -> list[Card]:
        return [self.cards[self.keys.index(k)] for k in self.selected]

    def _clicked(self, key: str, seq: int, label: str = "") -> None:
        if self.state is None or self.state.seq != seq:
            # the button was drawn for a position gone by (a double click, or a click as the table redrew):
            # playing it in the new position is not what was meant, and dropping it silently loses a click
            if self.moved_on is not None:
                self.moved_on(label or key, seq)
            return
        self.on_move(self.coach() if key == "coach" and self.coach is not None else self.move(key))

    def move(self, key: str) -> Move:
        """The move a button's ``key`` makes from the selection (raises when the selection does not fit).

        A key is a text command less its cards (``take 3``, ``add 2``); the selected cards complete it,
        and :func:`~banakil_replay.play.session.commands.read_command` reads it, as it reads what a player types.
        """
        state, seat = self.state, self.seat
        if state is None or seat is None:
            raise MalformedInputError(_("there is nothing to play here"))
        kind = key.split()[0]
        if kind in _WITH_CARDS:
            cards = self.selected_cards()
            if kind in ("discard", "swap") and len(cards) != 1:
                n = len(cards)
                raise MalformedInputError((ngettext(
                    "select exactly one card to discard (click it in your hand); {count} selected",
                    "select exactly one card to discard (click it in your hand); {count} selected", n)
                    if kind == "discard" else ngettext(
                    "select exactly one card to put in the joker's place (click it in your hand); {count} selected",
                    "select exactly one card to put in the joker's place (click it in your hand); {count} selected",
                    n)).format(count=n))
            if not cards:
                raise MalformedInputError(_("select the cards first: click them in your hand"))
            key = " ".join([key, *(c.code for c in cards)])
        move = read_command(key, state, seat)
        if isinstance(move, Ask):
            raise MalformedInputError(_("{key} is not a move").format(key=key))
        return move

    def press(self, key: str) -> None:
        """Press the move button ``key`` (as a click does)."""
        if key not in self.move_buttons:
            if self.move_buttons:
                raise MalformedInputError(_("there is no {key} button here; the buttons are: {buttons}").format(
                    key=key, buttons=", ".join(self.move_buttons)))
            raise MalformedInputError(_("there is no {key} button here; there is nothing to play now").format(key=key))
        self.move_buttons[key].click()
