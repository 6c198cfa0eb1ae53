"""Exercises about melds: is this a meld, make a meld, which cards may go on this meld.

Every verdict comes from :mod:`banakil_replay.melds`: ``analyze_meld`` for a new meld (its
reason, rule and source word for word when the cards make none), ``verify_lay_off`` for a card
added to a meld (its refusal when the card does not fit).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card
from ..errors import IllegalMoveError
from ..melds import Meld, MeldCheck, analyze_meld, verify_lay_off
from ..play.candidates import meld_candidates
from ..play.rule_text import lay_off_rule, meld_rule, rule_sentence
from ..citations import cite
from ..rulebook import Rule
from ..rules import Ruleset
from .model import Exercise, Feedback, Reason, Shown, names, parse_card_answer, parse_yes_no, typed
from .sentences import wild_movement


def meld_found(check: MeldCheck, rules: Ruleset) -> Reason:
    """What the engine found the cards to be: a run or a set, laid out, or its reason they are neither."""
    if check.meld is None:
        return Reason.of(check.reason or "", check.rule, rules, check.source)
    return Reason.of(f"{check.meld.describe()} is a {check.meld.kind}", Rule.MELDS, rules)


def stands_for(meld: Meld) -> str:
    """What each wild card of a meld stands for, in words (empty when it holds none)."""
    return "; ".join(f"{meld.cards[i].symbol} stands for {c.symbol if c else 'a 13th card'}"
                     for i, c in meld.stands_for().items())


def not_held(chosen: tuple[Card, ...], held: tuple[Card, ...], where: str, rules: Ruleset) -> Reason | None:
    """The engine's refusal of cards that are not among ``held``, or None when all are."""
    missing = Counter(chosen) - Counter(held)
    if not missing:
        return None
    return Reason.refused(Rule.CARDS_FROM_HAND.no(f"{names(missing.elements())} is not {where}"), rules)


@dataclass(frozen=True)
class IsMeld(Exercise[bool]):
    """Do these cards make a meld? The answer is analyze_meld's verdict."""

    cards: tuple[Card, ...]
    kind = "is-meld"
    form = "yes_no"

    @property
    def question(self) -> str:
        return "Do these cards make a meld (a run or a set)? Answer yes or no."

    def shows(self) -> tuple[Shown, ...]:
        return (Shown("the cards", self.cards),)

    def parse(self, text: str) -> bool:
        return parse_yes_no(text)

    def _check(self) -> MeldCheck:
        return analyze_meld(self.cards, self.rules)

    def judge(self, answer: bool) -> Feedback:
        check = self._check()
        return Feedback(answer == check.valid, (meld_found(check, self.rules),))

    def hint(self) -> str:
        naturals = [c for c in self.cards if c.is_natural]
        wilds = [c for c in self.cards if c.is_wild]
        wild = f"the wild cards {names(wilds)}" if wilds else "there is no wild card"
        return f"{rule_sentence(meld_rule(self.rules))}. Here the natural cards are {names(naturals)} and {wild}."

    def solution(self) -> str:
        check = self._check()
        return ("yes: " if check.valid else "no: ") + meld_found(check, self.rules).text

    def answer_text(self) -> str:
        return "yes" if self._check().valid else "no"


@dataclass(frozen=True)
class MakeMeld(Exercise[tuple[Card, ...]]):
    """Pick cards from these that make a meld; any meld the engine accepts is right."""

    cards: tuple[Card, ...]
    kind = "make-meld"
    form = "cards"

    @property
    def question(self) -> str:
        return "Make a meld from some of these cards. Type its cards."

    def shows(self) -> tuple[Shown, ...]:
        return (Shown("your cards", self.cards),)

    def parse(self, text: str) -> tuple[Card, ...]:
        return parse_card_answer(text)

    def judge(self, answer: tuple[Card, ...]) -> Feedback:
        held = not_held(answer, self.cards, "among these cards", self.rules)
        if held is not None:
            return Feedback(False, (held,))
        check = analyze_meld(answer, self.rules)
        return Feedback(check.valid, (meld_found(check, self.rules),))

    def best(self) -> tuple[Card, ...]:
        """The meld worth most points, among those the engine accepts."""
        legal = [m for m in meld_candidates(self.cards, self.rules) if analyze_meld(m, self.rules).valid]
        return max(legal, key=lambda m: (sum(map(self.rules.value, m)), len(m)))

    def hint(self) -> str:
        return f"{rule_sentence(meld_rule(self.rules))}. One meld here uses {self.best()[0].symbol}."

    def solution(self) -> str:
        return meld_found(analyze_meld(self.best(), self.rules), self.rules).text

    def answer_text(self) -> str:
        return typed(self.best())


@dataclass(frozen=True)
class LayOff(Exercise[tuple[Card, ...]]):
    """Which cards of this hand could be added, one on its own, to this meld of yours?"""

    meld: Meld
    hand: tuple[Card, ...]
    kind = "lay-off"
    form = "cards"

    @property
    def question(self) -> str:
        return ("Which cards of your hand could you add to your meld, each card on its own? "
                "Type them all, or none.")

    def shows(self) -> tuple[Shown, ...]:
        return (Shown("your meld", self.meld.cards, stands_for(self.meld)), Shown("your hand", self.hand))

    def parse(self, text: str) -> tuple[Card, ...]:
        return parse_card_answer(text)

    def outcome(self, card: Card) -> Meld | IllegalMoveError:
        """The meld with ``card`` added, or the engine's refusal."""
        try:
            return verify_lay_off(self.meld, [card], self.rules)
        except IllegalMoveError as no:
            return no

    def fitting(self) -> tuple[Card, ...]:
        return tuple(c for c in dict.fromkeys(self.hand) if not isinstance(self.outcome(c), IllegalMoveError))

    def _fits(self, card: Card) -> Reason:
        grown = self.outcome(card)
        assert isinstance(grown, Meld)
        return Reason.of(f"{card.symbol} fits: the meld would become {grown.describe()}", Rule.ADDING, self.rules)

    def judge(self, answer: tuple[Card, ...]) -> Feedback:
        named = tuple(dict.fromkeys(answer))
        held = not_held(named, self.hand, "in your hand", self.rules)
        if held is not None:
            return Feedback(False, (held,))
        fits = self.fitting()
        if set(named) == set(fits):
            return Feedback(True, tuple(self._fits(c) for c in fits)
                            or (Reason.of("no card of your hand fits this meld", Rule.ADDING, self.rules),))
        # a card named that does not fit gets the engine's refusal; a card missed is only counted,
        # so that a retry still asks the learner to find it
        reasons = [Reason.refused(no, self.rules) for c in named if isinstance(no := self.outcome(c), IllegalMoveError)]
        missed = sum(1 for c in fits if c not in named)
        if missed:
            reasons.append(Reason.of(f"{missed} more card{'s' if missed > 1 else ''} of your hand "
                                     f"fit{'' if missed > 1 else 's'} this meld", Rule.ADDING, self.rules))
        return Feedback(False, tuple(reasons))

    def hint(self) -> str:
        if self.meld.kind == "set":  # how wild cards move in a run says nothing about a set
            return (f"{rule_sentence(lay_off_rule(self.rules))}. A set is of 3s or of aces, every card of another "
                    f"suit, 4 cards at most; a 2 is never in a set, and one joker at most stands in for a "
                    f"missing suit [{cite(self.rules, 'melds', 'no_two_in_a_set')}]. "
                    f"Your set, with what a joker stands for: {self.meld.describe()}.")
        return (f"{rule_sentence(lay_off_rule(self.rules))}; {wild_movement(self.rules).text}. "
                f"Your meld, with what each wild card stands for: {self.meld.describe()}.")

    def solution(self) -> str:
        fits = self.fitting()
        if not fits:
            return "none: no card of your hand fits this meld"
        return "; ".join(f"{c.symbol} (the meld becomes {m.describe()})" for c in fits
                         if isinstance(m := self.outcome(c), Meld))

    def answer_text(self) -> str:
        return typed(self.fitting())


__all__ = ["IsMeld", "MakeMeld", "LayOff", "meld_found", "not_held", "stands_for"]
