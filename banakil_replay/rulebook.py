"""Every rule the engine enforces, each with one identity: an id, a title, its sources and a summary.

A refusal anywhere (the reducer, the meld checks, the options list, an explanation) names one
:class:`Rule`, so what a refusal means is decided by its rule, never by searching its message for
words. ``IllegalMoveError.rule`` carries it; ``options --json`` prints its ``id`` and ``source``.
The sentence a refusal gives is written where the facts are known (the card, the seat); the
summary here says the rule in general, in words that hold under every rule set.

>>> Rule.TURN_ORDER.id, Rule.TURN_ORDER.title
('turn-order', 'turn order')
>>> err = Rule.DRAW_FIRST.no("seat 0 must draw before melding or discarding")
>>> err.rule is Rule.DRAW_FIRST, err.source
(True, '000 (Play), 004 (play), 002 (your turn), 003 (how a turn works)')
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .errors import IllegalMoveError

TURN = "000 (Play), 004 (play), 002 (your turn), 003 (how a turn works)"
LOG = "docs/event-log.md"
DEALING = "000 (deal), 004 (deal; Jawaker 1), 002 (the deal), 003 (the deal)"
CARDS = "000 (Players and equipment), 004 (players and cards), 002 (what you need), 003 (players and cards)"
MELD = "000 (Play), 004 (runs, sets), 002 (types of melds), 003 (melds and the banakil wild)"
RUN = "000 (Play), 004 (runs), 002 (types of melds), 003 (melds and the banakil wild)"
SET = "000 (Play), 004 (sets), 002 (types of melds), 003 (melds and the banakil wild)"
SET_LIMIT = "000 (Play), 004 (sets), 002 (the banakla and the Joker)"  # 003 is silent: see citations.py
ACCESS = "000 (Play), 004 (melding), 002 (team melds), 003 (laying off)"
ENDING = "000 (Ending), 004 (scoring), 002 (winning the match), 003 (winning the match)"
RESHUFFLING = "002 (closed pile runs out)"


class Rule(Enum):
    """One rule: ``title`` (the short name refusals quote), ``source``, ``summary``."""

    # the file and the fields of each event (the reader's checks, before any rule of play)
    LINES = ("one event a line", LOG, "A log is UTF-8 text holding one JSON object a line, each line ended by "
             "a line feed, with no blank lines.")
    EVENT_TYPES = ("known event types", LOG, "Every event has a type the format defines.")
    EVENT_FIELDS = ("event fields", LOG, "An event has every field its type requires, each of the kind and "
                    "within the limits the format gives.")
    FORMAT_VERSION = ("format version", LOG, "The first event names the format version, one whose major "
                      "version the reader knows.")
    CHAIN = ("chain", LOG, "A chained event carries the hash of the previous chain and itself; after the "
             "first chained event every event is chained.")
    # the log's own order
    LOG_STARTS = ("log starts with match_started", LOG, "A log opens with one match_started event.")
    CONTIGUOUS_SEQ = ("contiguous seq", LOG, "Events are numbered 0, 1, 2 ... with no gap.")
    RULE_SET = ("rule set", LOG, "The log names a known rule set, options its knobs accept and a player count it allows.")
    ANNOTATIONS_POINT_BACK = ("annotations point back", LOG, "A note refers to an earlier event.")
    ONE_SCORE_PER_SIDE = ("one score per side", LOG, "A hand recorded by its result gives one score per side.")
    RECORDED_HAND = ("recorded hands", LOG, "A hand recorded by its result is one not played in the log, "
                     "named by its number; a hand played in the log is scored from its events. A hand is "
                     "recorded once: a number already in the log is refused.")
    HAND_INPUT = ("hand recorded by its inputs", LOG, "A hand recorded by its inputs says who went out and, for "
                  "every seat at the table, the points or cards it melded and still held.")
    DRAW_RECORDED = ("draw recorded", LOG, "A drawn card is named when the log does not give the stock order.")
    # the deal
    HANDS_IN_ORDER = ("hands numbered in order", LOG, "Hands are numbered 1, 2, 3 ... in the order they are dealt.")
    ONE_HAND_AT_A_TIME = ("one hand at a time", DEALING, "A new hand starts only when the last one has ended.")
    SEATS = ("seats", LOG, "Seats are numbered from 0 in turn order.")
    DEALER_ORDER = ("dealer order", "000 (FAQ: the next dealer deals after a dead hand), 002 (the deal: the start "
                    "passes to the next seat counter-clockwise), 003 (the deal: the dealer changes each round)",
                    "The deal passes to the next seat each hand, a dead hand's fresh deal included.")
    DEAL = ("deal", DEALING, "Each player gets 18 cards; under some rule sets the first player gets a 19th.")
    OPENING = ("opening", DEALING, "Either one card is turned up to start the pile, or the starter's 19th card starts it.")
    CARD_CONSERVATION = ("card conservation", CARDS, "106 cards: two of every card and two jokers, each in one place.")
    # a turn
    HAND_IN_PLAY = ("hand in play", TURN, "Moves are made while a hand is being played.")
    TURN_ORDER = ("turn order", TURN, "Players act in turn; play passes to the right.")
    ONE_DRAW_PER_TURN = ("one draw per turn", TURN, "Each turn starts with one draw, from the stock or the pile.")
    DRAW_FIRST = ("draw first", TURN, "A player draws before melding or discarding.")
    CARDS_FROM_HAND = ("cards come from the hand", TURN, "A player melds, adds and discards only cards he holds.")
    EMPTY_STOCK = ("empty stock", "000 (Ending), 004 (ending), 002 (closed pile runs out), 003 (going out)",
                   "Nobody draws from an empty stock.")
    DRAW_FROM_TOP = ("draw from the top", TURN, "A draw takes the top card of the stock.")
    TAKE_FROM_PILE = ("take from the pile", TURN, "Taking from the pile takes a card and every card above it.")
    NO_THROWING_BACK_LONE_TOP = ("no throwing back the lone top card", "000 (Play), 004 (draw and discard)",
                                 "A card taken alone from the pile may not be discarded the same turn, nor a "
                                 "copy of it.")
    NO_DISCARDING_TAKEN = ("no discarding taken cards", "003 (how a turn works)",
                           "No card taken from the pile may be discarded the same turn, nor a copy of one.")
    KEEP_A_LEGAL_DISCARD = ("keep a legal discard", "000 (Play), 004 (draw and discard), 003 (how a turn works)",
                            "A player who still holds cards must keep one he may discard.")
    GO_OUT_WITH_DISCARD = ("go out with a discard", "003 (going out)",
                           "Under some rule sets a player goes out only by discarding his last card.")
    RESHUFFLE = ("reshuffle", RESHUFFLING, "Under ERAM rules an empty stock is refilled from the pile a set number "
                 "of times.")
    # the moves a turn is made of (each option names the rule it follows)
    MELDS = ("melds", MELD, "A new meld is a run of one suit or a set of 3s or aces, 3 cards or more.")
    ADDING = ("adding to melds", ACCESS, "Cards may be added to one's own melds, and to a partner's where the "
              "rule set allows, never to an opponent's.")
    DISCARD = ("one discard", TURN, "One discard ends the turn.")
    # melds
    MELD_SIZE = ("meld size", MELD, "A meld has at least 3 cards.")
    ONE_JOKER_PER_MELD = ("one joker per meld", MELD, "A meld holds at most one joker.")
    ONE_TWO_PER_MELD = ("one 2 per meld", MELD, "A meld holds at most one 2.")
    NATURAL_CARD_NEEDED = ("natural card needed", MELD, "A meld holds at least one natural card (3 to ace).")
    SET_RANKS = ("set ranks", SET, "Only 3s and aces make sets, and a set holds one rank.")
    NO_TWO_IN_A_SET = ("no 2 in a set", SET_LIMIT, "A 2 is never wild in a set.")
    SET_SUITS_DIFFER = ("set suits differ", SET, "A set's cards are all of different suits.")
    SET_SIZE = ("set size", SET_LIMIT, "A set holds at most 4 cards.")
    RUN_SUIT = ("run suit", RUN, "A run's natural cards are all of one suit.")
    RUN_RANKS_DIFFER = ("run ranks differ", RUN, "A run holds each rank once.")
    RUN_LENGTH = ("run length", RUN, "A run has a longest length; 004's 13th-card 2 is the one exception.")
    ACE_HIGH_ONLY = ("ace high only", "000 (Play, FAQ), 004 (runs), 003 (melds and the banakil wild)",
                     "Under most rule sets an ace plays high only.")
    RUN_CONSECUTIVE = ("run consecutive", RUN, "A run's cards are consecutive, wild cards filling gaps.")
    RUN_ORDER = ("run order", RUN, "A run lies in rank order, each wild in a gap or at an end.")
    ARRANGEMENT = ("arrangement", MELD, "An arrangement holds the same cards as the meld.")
    MELD_KIND = ("meld kind", MELD, "Adding cards never turns a run into a set or a set into a run.")
    LAY_OFF = ("lay-off", ACCESS, "A lay-off adds at least one card.")
    WILD_MOVEMENT = ("wild movement", "000 (Play), 004 (runs; Jawaker 2, 3), 002 (the banakla and the Joker), "
                     "003 (moving a banakil)",
                     "Wild cards in a run move only as the rule set allows.")
    JOKER_SWAP = ("joker swap",
                  "004 (exchanging a joker; Jawaker 2), 002 (quick questions), 003 (taking back a Joker)",
                  "A natural card may take a joker's place in a meld, the joker going to the hand.")
    # whose melds
    MELD_EXISTS = ("meld exists", TURN, "Cards are added to a meld on the table.")
    OWN_AND_PARTNER_MELDS = ("own and partner melds only", ACCESS, "Nobody touches an opponent's melds.")
    OWN_MELDS_ONLY = ("own melds only", "003 (1v1)", "Under some rule sets a player adds only to his own melds.")
    PARTNER_AFTER_OWN_MELD = ("partner melds after own meld", "000 (Play), 004 (melding)",
                              "A player adds to his partner's melds only after melding something of his own.")
    # the match
    MATCH_END = ("match end", ENDING, "A match ends when a target is reached and the winner is clear.")

    def __init__(self, title: str, source: str, summary: str) -> None:
        # (a module constant named like a member would be read as that member's tuple in the class body)
        assert isinstance(source, str), f"{title}: source {source!r} is not text"
        self.title, self.source, self.summary = title, source, summary

    @property
    def id(self) -> str:
        """A stable name for programs: ``turn-order``, ``no-discarding-taken`` ..."""
        return self.name.lower().replace("_", "-")

    def no(self, reason: str, source: str | None = None) -> IllegalMoveError:
        """The refusal of this rule, with a sentence about this case (and a narrower source, if any)."""
        return IllegalMoveError(reason, rule=self, source=source)

    def to_json(self, source: str | None = None) -> dict[str, Any]:
        return {"id": self.id, "source": source or self.source}


def by_id(rule_id: str) -> Rule:
    """The rule with this id (``KeyError`` if none)."""
    return _BY_ID[rule_id]


_BY_ID = {r.id: r for r in Rule}
