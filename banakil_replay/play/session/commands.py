"""What a player types at the table, read into a typed move or a question.

One line is either a JSON object in the log's shape (``seq``, and ``seat``,
may be left out: the next seq and the player's own seat are filled in) or a
text command such as ``take 3`` or ``meld 7H 8H 9H``. Reading never looks at
the rules: a well-formed move comes back as a typed event, and whether it is
legal is the reducer's business when the move is played. A line that cannot be
read at all raises :class:`MalformedInputError` saying what was expected.

>>> from banakil_replay.state import GameState
>>> s = GameState(seq=4)
>>> read_line("meld 7h 8h 9h", s, 1)
Melded(seq=5, seat=1, cards=(Card('7H'), Card('8H'), Card('9H')), arrangement=None)
>>> read_line('{"type": "discarded", "card": "KD"}', s, 1)
Discarded(seq=5, seat=1, card=Card('KD'))
>>> read_line("hint", s, 1)
Ask(word='hint')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...cards import Card, parse_card
from ...errors import MalformedInputError
from ...events import EVENT_TYPES, Drew, Discarded, JokerSwapped, LaidOff, Melded, Reshuffled, Took, parse_event
from ...state import GameState
from ..moves import MOVE_KINDS, Move, article, is_move
from ...i18n import N_, _, ngettext

# (command, arguments, what it does): the help text, and the words read_line knows
HELP: tuple[tuple[str, str, str], ...] = (
    ("draw", "", N_("draw the top card of the stock")),
    ("take", "[N]", N_("take the top N cards of the discard pile (default 1)")),
    ("reshuffle", "", N_("turn the pile but its top card into a new stock (ERAM, when the stock is empty)")),
    ("meld", "CARD...", N_("lay a new meld, e.g. meld 7H 8H 9H")),
    ("add", "MELD CARD...", N_("lay cards off onto a meld on the table, e.g. add 2 10H")),
    ("swap", "MELD CARD", N_("put CARD into a meld in place of its joker, taking the joker, e.g. swap 1 8S")),
    ("discard", "CARD", N_("discard one card, ending the turn, e.g. discard KD")),
    ("options", "", N_("list every legal move now")),
    ("hint", "", N_("the expert's pick (the judge the review grades with), and why")),
    ("show", "", N_("show the table again")),
    ("help", "", N_("this list")),
    ("quit", "", N_("stop playing (the log keeps the game; --resume continues it)")),
)
ASK_WORDS = ("options", "hint", "show", "help", "quit")
_ALIASES = {"d": "draw", "lay": "add", "layoff": "add", "lay_off": "add", "exit": "quit", "q": "quit",
            "?": "help", "o": "options"}


_JSON_START = ("{", "[", '"')
_JSON_KINDS: dict[type, str] = {list: "array", str: "string"}
_ONE_LINE = N_('send one event object on one line, such as {example}, or a text command (help lists them)')
_MOVE_TYPES = tuple(cls.type for cls in MOVE_KINDS)
# the moves a seat makes (a reshuffle is the table's): a JSON line may leave the seat out
_SEATED = tuple(cls.type for cls in MOVE_KINDS if "seat" in cls.__struct_fields__)


@dataclass(frozen=True, slots=True)
class Ask:
    """A line that asks for something (a hint, the table, help, to stop) instead of moving."""

    word: str


#: how a card is typed, said after the commands
CARD_CODES = N_("cards: rank then suit, in any case: 3H ... 10H (or TH), JH QH KH AH, 2C for a 2, JK for a "
                "joker; suits C D H S (clubs, diamonds, hearts, spades)")


def help_text() -> str:
    """The commands, one a line, then how to type a card."""
    width = max(len(f"{c} {a}") for c, a, _ in HELP)
    return "\n".join([*(f"  {f'{c} {a}'.strip():<{width}}  {_(what)}" for c, a, what in HELP), _(CARD_CODES)])


def _one_line() -> str:
    return _(_ONE_LINE).format(example='{"type": "drew"}')


def _not_a_move(kind: str) -> str:
    said = (_("an {type} event is not a move; a player sends {types} or {last}") if article(kind) == "an" else
            _("a {type} event is not a move; a player sends {types} or {last}"))
    return said.format(type=kind, types=", ".join(_MOVE_TYPES[:-1]), last=_MOVE_TYPES[-1])


def read_line(line: str, state: GameState, seat: int) -> Move | Ask:
    """The move (numbered as the next event) or question one input line holds."""
    text = line.strip()
    if not text:
        raise MalformedInputError(_("an empty line; type a command (help lists them) or a JSON event"))
    if text.startswith(_JSON_START):  # meant as JSON: refused as JSON, never as an unknown command
        return read_event(text, state, seat)
    return read_command(text, state, seat)


def read_event(text: str, state: GameState, seat: int) -> Move:
    """A JSON event object in the log's shape; ``seq`` and ``seat`` default to the next seq and ``seat``."""
    from ...log.inputs import parse_json

    try:  # bounded depth and digits: a hostile line is refused, not a crash
        obj: Any = parse_json(text, "this line")
    except MalformedInputError as e:
        raise MalformedInputError(_("{reason}; {how}").format(reason=e, how=_one_line())) from None
    if not isinstance(obj, dict):
        said = {"array": _("this line is a JSON array, not an object; {how}"),
                "string": _("this line is a JSON string, not an object; {how}")}
        raise MalformedInputError(said.get(_JSON_KINDS.get(type(obj), ""), _("this line is a JSON value, not an "
                                                                              "object; {how}")).format(how=_one_line()))
    kind = obj.get("type")
    if isinstance(kind, str) and kind in EVENT_TYPES and kind not in _MOVE_TYPES:
        raise MalformedInputError(_not_a_move(kind))
    obj = {"seq": state.seq + 1, **obj}
    if obj.get("type") in _SEATED:
        obj.setdefault("seat", seat)
    event = parse_event(obj)
    if not is_move(event):
        raise MalformedInputError(_not_a_move(event.type))
    if isinstance(event, Drew) and event.card is not None:
        # the stock's order is the table's secret; naming a card would probe it
        raise MalformedInputError(_("a drew event names no card: the table draws the top of the stock for you"))
    if isinstance(event, Reshuffled) and event.stock is not None:
        raise MalformedInputError(_("a reshuffled event names no stock: the table shuffles the pile for you"))
    return event


def read_command(text: str, state: GameState, seat: int) -> Move | Ask:
    """A text command (see :data:`HELP`)."""
    word, *args = text.split()
    word = _ALIASES.get(word.lower(), word.lower())
    if word in ASK_WORDS:
        _no_args(word, args)
        return Ask(word)
    command = _COMMANDS.get(word)
    if command is None:
        raise MalformedInputError(_("unknown command {word}; known: {known}").format(
            word=repr(word), known=", ".join(c for c, _a, _w in HELP)))
    return command.read(args, state.seq + 1, seat)


def _no_args(word: str, args: list[str]) -> None:
    if args:
        raise MalformedInputError(_("{word} takes no arguments, got {args}").format(word=word, args=repr(" ".join(args))))


_WHAT = {"count": N_("{word}: the count must be a whole number from 1, got {text}"),
         "meld": N_("{word}: the meld number must be a whole number from 1, got {text}")}


def _number(word: str, what: str, text: str) -> int:
    # a count of more digits than the interpreter converts is no count either
    if not text.isascii() or not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise MalformedInputError(_(_WHAT[what]).format(word=word, text=repr(text)))
    return int(text)


def _cards(word: str, args: list[str], at_least: int = 1) -> tuple[Card, ...]:
    if len(args) < at_least:
        raise MalformedInputError(ngettext("{word}: name at least {count} card, e.g. 7H",
                                           "{word}: name at least {count} cards, e.g. 7H", at_least).format(
            word=word, count=at_least))
    try:
        return tuple(parse_card(a) for a in args)
    except MalformedInputError as e:
        raise MalformedInputError(_("{word}: {reason}").format(word=word, reason=e)) from None


def _draw(args: list[str], seq: int, seat: int) -> Move:
    _no_args("draw", args)
    return Drew(seq, seat)


def _take(args: list[str], seq: int, seat: int) -> Move:
    if len(args) > 1:
        raise MalformedInputError(_("take: give one number, got {args}").format(args=repr(" ".join(args))))
    return Took(seq, seat, _number("take", "count", args[0]) if args else 1)


def _reshuffle(args: list[str], seq: int, seat: int) -> Move:
    _no_args("reshuffle", args)
    return Reshuffled(seq)


def _meld(args: list[str], seq: int, seat: int) -> Move:
    return Melded(seq, seat, _cards("meld", args))


def _add(args: list[str], seq: int, seat: int) -> Move:
    if not args:
        raise MalformedInputError(_("add: give the meld number and the cards, e.g. add 2 10H"))
    return LaidOff(seq, seat, _number("add", "meld", args[0]), _cards("add", args[1:]))


def _swap(args: list[str], seq: int, seat: int) -> Move:
    if len(args) != 2:
        raise MalformedInputError(_("swap: give the meld number and one card, e.g. swap 1 8S"))
    return JokerSwapped(seq, seat, _number("swap", "meld", args[0]), _cards("swap", args[1:])[0])


def _discard(args: list[str], seq: int, seat: int) -> Move:
    if len(args) != 1:
        raise MalformedInputError(_("discard: name one card, e.g. discard KD"))
    return Discarded(seq, seat, _cards("discard", args)[0])


def command_for(move: Move) -> str:
    """The text command that reads back as ``move`` (so a listed option can be shown as what to type).

    >>> command_for(LaidOff(9, 0, 2, (parse_card("10H"),)))
    'add 2 10H'
    """
    return _FOR_MOVE[type(move)].write(move)


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


@dataclass(frozen=True, slots=True)
class _Command:
    """A text command and the move it stands for: how its words are read, and how a move is written as them."""

    move: type[Move]
    read: Callable[[list[str], int, int], Move]
    write: Callable[[Any], str]


# the commands of the moves, in HELP's order; a test checks every move class has one that reads back
_COMMANDS: dict[str, _Command] = {
    "draw": _Command(Drew, _draw, lambda m: "draw"),
    "take": _Command(Took, _take, lambda m: f"take {m.count}"),
    "reshuffle": _Command(Reshuffled, _reshuffle, lambda m: "reshuffle"),
    "meld": _Command(Melded, _meld, lambda m: f"meld {_codes(m.cards)}"),
    "add": _Command(LaidOff, _add, lambda m: f"add {m.meld} {_codes(m.cards)}"),
    "swap": _Command(JokerSwapped, _swap, lambda m: f"swap {m.meld} {m.card.code}"),
    "discard": _Command(Discarded, _discard, lambda m: f"discard {m.card.code}"),
}
_FOR_MOVE: dict[type, _Command] = {c.move: c for c in _COMMANDS.values()}

__all__ = ["Ask", "HELP", "ASK_WORDS", "help_text", "read_line", "read_event", "read_command", "command_for"]
