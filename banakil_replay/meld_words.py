"""Why cards make no meld, in the reader's words: the sentences of :mod:`.melds`' refusals that take building.

A refusal's sentence is built only when the cards are refused (a valid meld asks the catalog for
nothing); the card codes in it are fields, kept as typed.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .cards import ACE_RANK, Card, card_run, suit_name
from .errors import IllegalMoveError
from .i18n import _, ngettext
from .rulebook import Rule
from .rules import Ruleset


def pos_card(position: int, suit: str) -> Card:
    """The natural card a run position stands for (position 1 is a low ace)."""
    return Card(ACE_RANK if position == 1 else position, suit)


def pos_name(position: int | None, suit: str) -> str:
    """The card a wild stands for, in a refusal: ``Q♠``, ``A♠ (low)``, or a 13th card."""
    if position is None:
        return _("a 13th card")
    if position == 1:
        return _("{card} (low)").format(card=card_run(pos_card(position, suit)))
    return card_run(pos_card(position, suit))


# Why wild cards may not move so: a sentence marked for the catalog and the position the wild stood
# for, said (:func:`why_said`) only when the move is refused; melds' test runs on every lay-off's layouts.
Violation = tuple[str, int | None]


def why_said(why: Violation | None, otherwise: str, suit: str) -> str:
    if why is None:
        return _(otherwise)
    return _(why[0]).format(stood=pos_name(why[1], suit))


def turns_into(old: str) -> str:
    """Why cards may not join a meld of kind ``old``: they would make the other kind (a run or a set)."""
    return _("the cards would turn this run into a set") if old == "run" else _("the cards would turn this set into a run")


def run_failure(cards: Sequence[Card], rules: Ruleset) -> IllegalMoveError:
    """The most precise reason these cards make no run."""
    naturals = [c for c in cards if c.is_natural]
    suits = sorted({c.suit for c in naturals})
    if len(suits) > 1:
        mixed = suit_name(suits[0])
        for s in suits[1:]:  # "clubs and hearts and spades": each suit joined on as the last
            mixed = _("{items} and {last}").format(items=mixed, last=suit_name(s))
        return Rule.RUN_SUIT.no(_("a run's natural cards must all be one suit, these mix {suits}").format(suits=mixed))
    dup = [c for c, k in Counter(naturals).items() if k > 1]
    if dup and not (rules.ace_low and dup[0].rank == ACE_RANK):
        return Rule.RUN_RANKS_DIFFER.no(_("a run cannot hold two {card}").format(card=card_run(dup[0])))
    n = len(cards)
    if n > rules.max_run_length:
        if rules.thirteenth_card_two:
            return Rule.RUN_LENGTH.no(_("a run holds at most {most} cards, this one has {count} (a 2 may stay as a "
                                        "13th card only when all 12 naturals 3..A are there)").format(
                                            most=rules.max_run_length, count=n))
        return Rule.RUN_LENGTH.no(_("a run holds at most {most} cards, this one has {count}").format(
            most=rules.max_run_length, count=n))
    ranks = sorted(c.rank for c in naturals)
    wilds = n - len(naturals)
    if ACE_RANK in ranks and not rules.ace_low:
        alt = sorted(1 if r == ACE_RANK else r for r in ranks)
        if alt[-1] - alt[0] + 1 - len(alt) <= wilds:
            return Rule.ACE_HIGH_ONLY.no(_("an ace plays high only under these rules: A-2-3 is not a run and a 2 is "
                                           "never a natural low card"))
    span = ranks[-1] - ranks[0] + 1
    gaps = span - len(ranks)
    if rules.ace_low and ACE_RANK in ranks:
        alt = sorted(1 if r == ACE_RANK else r for r in ranks)
        span = min(span, alt[-1] - alt[0] + 1)
        gaps = span - len(ranks)
    if gaps > wilds:
        # two counts in one sentence: the gaps choose the sentence, the wild cards their own words
        wild_cards = ngettext("only {count} wild card", "only {count} wild cards", wilds).format(count=wilds)
        return Rule.RUN_CONSECUTIVE.no(ngettext("these cards leave {count} gap in the run but {wild_cards} to fill it",
                                                "these cards leave {count} gaps in the run but {wild_cards} to fill "
                                                "them", gaps).format(count=gaps, wild_cards=wild_cards))
    return Rule.RUN_CONSECUTIVE.no(_("these cards cannot be laid out as consecutive cards of one suit"))


__all__ = ["Violation", "pos_card", "pos_name", "why_said", "turns_into", "run_failure"]
