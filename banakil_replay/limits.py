"""What lets a turn end and a stock be renewed: the discard limit's test and the empty stock's.

Kept apart from the reducer so the bots' policies and the tests ask the very same questions.
"""

from __future__ import annotations

from .cards import Card
from .i18n import N_
from .rules import Ruleset
from .state import Turn


def may_discard(turn: Turn, card: Card) -> bool:
    """May ``card`` end this turn, as far as the discard limit goes?

    A card is told apart only by its face: the deck holds two of every card, and throwing back the
    twin of a card just taken leaves the pile and the hand exactly as they were, the null turn the
    limit exists to prevent (000 Play, 004 draw and discard, 003 how a turn works). So neither the
    card taken nor a copy of it may go. A turn with nothing restricted may discard any card: the
    reducer asks only when ``turn.restricted`` holds something.
    """
    return card not in turn.restricted


def reshuffle_left(rules: Ruleset, reshuffles: int) -> bool:
    """Do the rules allow another reshuffle after ``reshuffles`` this hand?"""
    return rules.empty_stock == "reshuffle_then_scored" and reshuffles < rules.max_reshuffles


def stock_renewal_refused(rules: Ruleset, reshuffles: int, pile: int) -> str | None:
    """Why an empty stock cannot be renewed from a pile of ``pile`` cards, or None if it can.

    The one test for "does the hand go on when the stock is empty": a discard onto an empty stock
    ends the hand exactly when this gives a reason, and a ``reshuffled`` is refused for it. Under
    ERAM (002) the pile but its top card becomes the stock, twice a hand at most; a pile with
    nothing below its top card (someone took the whole pile) makes no stock, and the hand ends as
    when the reshuffles run out, or every seat could only take the lone top card back and forth.
    The reason is marked for the catalog, not said: this test sits on the discard's path, and the
    reducer says it (``_(reason)``) only when it refuses.
    """
    if not reshuffle_left(rules, reshuffles):
        return N_("these rules allow no (further) reshuffle of the pile")
    if pile < 2:
        return N_("the pile has no cards below its top card to make a stock")
    return None
