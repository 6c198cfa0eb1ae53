"""Moves: the typed events a player may append on his turn, as the options list offers them.

One vocabulary for moves (``MOVE_KINDS``: an event type said as a move), the option and
not-allowed records with their rules, and what makes two events the same move. Both the options
generator and the hints that rank its options use these, so neither imports the other's module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeGuard

from ..cards import Card
from ..errors import IllegalMoveError
from ..events import Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Reshuffled, Took, event_to_json
from ..i18n import language
from ..rulebook import Rule

Move = Drew | Took | Reshuffled | Melded | LaidOff | JokerSwapped | Discarded
# One vocabulary for moves: an option's kind is the name of its event type, said as a move.
MOVE_KINDS: dict[type[Move], str] = {
    Drew: "draw", Took: "take", Reshuffled: "reshuffle", Melded: "meld", LaidOff: "lay_off",
    JokerSwapped: "joker_swap", Discarded: "discard",
}
KINDS = tuple(MOVE_KINDS.values())
# the rule each kind of move follows; a refusal names its own rule
KIND_RULES: dict[str, Rule] = {
    "draw": Rule.DRAW_FROM_TOP, "take": Rule.TAKE_FROM_PILE, "reshuffle": Rule.RESHUFFLE, "meld": Rule.MELDS,
    "lay_off": Rule.ADDING, "joker_swap": Rule.JOKER_SWAP, "discard": Rule.DISCARD,
}


def is_move(event: Event) -> TypeGuard[Move]:
    """A decision a player makes on his turn (not a deal, a note or a score)."""
    return type(event) in MOVE_KINDS


def move_json(event: Event) -> dict[str, Any]:
    """A move as the JSON object the options list prints: the log's shape without ``seq``."""
    out = event_to_json(event)
    del out["seq"]
    return out


@dataclass(frozen=True, slots=True)
class Said:
    """Words not said yet: ``say(*args)`` gives them in the reader's language when they are read.

    The options are listed for every bot move and every reviewed position, where nobody reads them:
    holding the template's function and its fields instead of the sentence translates nothing there,
    and the same option reads in whatever language is current when it is shown.
    """

    say: Callable[..., str]
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return self.say(*self.args)


def in_english(words: "Said | str") -> str:
    """Words as the JSON output holds them: English whatever the reader's language (JSON is data)."""
    with language("en"):
        return str(words)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal next event (typed, with the seq it would take), explained, and the rule behind it.

    ``words``, ``rule_words`` and ``rank_words`` are said when read, as :attr:`explain`,
    :attr:`rule_text` and :attr:`why_rank` (see :class:`Said`).
    """

    event: Move
    words: Said | str
    rule_words: Said | str  # the rule in words, from the rule set in force, with its sources
    rank: int | None = None
    score: float = 0.0
    rank_words: Said | str = ""
    goes_out: bool = False

    @property
    def explain(self) -> str:
        return str(self.words)

    @property
    def rule_text(self) -> str:
        return str(self.rule_words)

    @property
    def why_rank(self) -> str:
        return str(self.rank_words)

    @property
    def kind(self) -> str:
        return MOVE_KINDS[type(self.event)]

    @property
    def rule(self) -> Rule:
        return KIND_RULES[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"event": move_json(self.event), "explain": in_english(self.words),
                "rule": {**self.rule.to_json(), "text": in_english(self.rule_words)}, "rank": self.rank}


@dataclass(frozen=True, slots=True)
class NotAllowed:
    """A tempting event the rules forbid now, with the reducer's reason and its rule."""

    event: Move
    why: str
    rule: Rule | None = None
    source: str = ""

    @classmethod
    def refused(cls, event: Move, err: IllegalMoveError) -> "NotAllowed":
        return cls(event, str(err), err.rule, err.source)

    def to_json(self) -> dict[str, Any]:
        rule = self.rule.to_json(self.source) if self.rule is not None else None
        return {"event": move_json(self.event), "why": self.why, "rule": rule}


@dataclass(frozen=True)
class Options:
    seat: int | None
    phase: str
    options: tuple[Option, ...] = ()
    not_allowed: tuple[NotAllowed, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    def of_kind(self, kind: str) -> list[Option]:
        return [o for o in self.options if o.kind == kind]

    def counts(self) -> dict[str, int]:
        return {k: n for k in KINDS if (n := len(self.of_kind(k)))}

    def best(self) -> Option | None:
        ranked = [o for o in self.options if o.rank is not None]
        return min(ranked, key=lambda o: o.rank or 0) if ranked else None

    def find(self, event: Event) -> Option | None:
        """The listed option that is the same move as ``event`` (see :func:`move_key`), if any."""
        return find_move(self.options, event)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "options": [o.to_json() for o in self.options],
                "not_allowed": [n.to_json() for n in self.not_allowed]}


def article(word: str) -> str:
    """"a" or "an" before ``word`` in a sentence ("an annotated event", "a drew event")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def alike(cards: Iterable[Card]) -> tuple[str, ...]:
    """Cards as a multiset in which every 2 is alike: they play the same, so options list one 2
    for all, and a log may have used another."""
    return tuple(sorted("2" if c.is_two else c.code for c in cards))


def move_key(event: Event) -> tuple[Any, ...]:
    """What makes two events the same move, for matching a log's events against options.

    Type, seat, meld and count, and the cards as a multiset in which every 2 is
    alike; a draw from the stock is the same move whatever card it brought, and
    ``seq``, ``arrangement`` and the cards a take repeats do not count.
    """
    if isinstance(event, Drew):
        return ("drew", event.seat)
    if isinstance(event, Took):
        return ("took", event.seat, event.count)  # the count says which cards
    if isinstance(event, Melded):
        return ("melded", event.seat, alike(event.cards))
    if isinstance(event, LaidOff):
        return ("laid_off", event.seat, event.meld, alike(event.cards))
    if isinstance(event, JokerSwapped):
        return ("joker_swapped", event.seat, event.meld, alike([event.card]))
    if isinstance(event, Discarded):
        return ("discarded", event.seat, alike([event.card]))
    return (event.type,)


def find_move(opts: Iterable[Option], event: Event) -> Option | None:
    """The option among ``opts`` that is the same move as ``event``."""
    key = move_key(event)
    return next((o for o in opts if move_key(o.event) == key), None)


__all__ = ["MOVE_KINDS", "Move", "Said", "in_english", "KINDS", "KIND_RULES", "is_move", "article", "move_json", "Option", "NotAllowed",
           "Options", "move_key", "find_move"]
