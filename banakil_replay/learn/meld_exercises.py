"""Exercises about melds: is this a meld, make a meld, which cards may go on this meld.

Every verdict comes from :mod:`banakil_replay.melds`: ``analyze_meld`` for a new meld (its
reason, rule and source word for word when the cards make none), ``verify_lay_off`` for a card
added to a meld (its refusal when the card does not fit).

Every question, label, hint and reason is a whole catalog template, said in the language spoken when
it is asked for (the exercise itself is a language-neutral value: its cards and rules).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card, card_run
from ..errors import IllegalMoveError
from ..i18n import N_, _, ngettext, pgettext
from ..melds import Meld, MeldCheck, analyze_meld, verify_lay_off
from ..play.search.candidates import meld_candidates
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
    found = _("{cards} is a run") if check.meld.kind == "run" else _("{cards} is a set")
    return Reason.of(found.format(cards=card_run(check.meld.describe())), Rule.MELDS, rules)


def stands_for(meld: Meld) -> str:
    """What each wild card of a meld stands for, in words (empty when it holds none)."""
    return pgettext("clause separator", "; ").join(
        _("{card} stands for {target}").format(card=card_run(meld.cards[i]), target=card_run(c)) if c else
        _("{card} stands for a 13th card").format(card=card_run(meld.cards[i])) for i, c in meld.stands_for().items())


# where cards must be, as a refusal says they are not (the key is the caller's; the whole sentence is the catalog's)
_NOT_WHERE = {"among these cards": N_("{cards} is not among these cards"), "in your hand": N_("{cards} is not in your hand")}


def not_held(chosen: tuple[Card, ...], held: tuple[Card, ...], where: str, rules: Ruleset) -> Reason | None:
    """The engine's refusal of cards that are not among ``held`` (``where``: ``"among these cards"`` or
    ``"in your hand"``), or None when all are."""
    missing = Counter(chosen) - Counter(held)
    if not missing:
        return None
    return Reason.refused(Rule.CARDS_FROM_HAND.no(_(_NOT_WHERE[where]).format(cards=names(missing.elements()))), rules)


@dataclass(frozen=True)
class IsMeld(Exercise[bool]):
    """Do these cards make a meld? The answer is analyze_meld's verdict."""

    cards: tuple[Card, ...]
    kind = "is-meld"
    form = "yes_no"

    @property
    def question(self) -> str:
        return _("Do these cards make a meld (a run or a set)? Answer yes or no.")

    def shows(self) -> tuple[Shown, ...]:
        return (Shown(_("the cards"), self.cards),)

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
        rule = rule_sentence(meld_rule(self.rules))
        if wilds:
            return _("{rule}. Here the natural cards are {naturals} and the wild cards {wilds}.").format(
                rule=rule, naturals=names(naturals), wilds=names(wilds))
        return _("{rule}. Here the natural cards are {naturals} and there is no wild card.").format(
            rule=rule, naturals=names(naturals))

    def solution(self) -> str:
        check = self._check()
        said = _("yes: {why}") if check.valid else _("no: {why}")
        return said.format(why=meld_found(check, self.rules).text)

    def answer_text(self) -> str:
        return pgettext("answer", "yes") if self._check().valid else pgettext("answer", "no")


@dataclass(frozen=True)
class MakeMeld(Exercise[tuple[Card, ...]]):
    """Pick cards from these that make a meld; any meld the engine accepts is right."""

    cards: tuple[Card, ...]
    kind = "make-meld"
    form = "cards"

    @property
    def question(self) -> str:
        return _("Make a meld from some of these cards. Type its cards.")

    def shows(self) -> tuple[Shown, ...]:
        return (Shown(_("your cards"), self.cards),)

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
        return _("{rule}. One meld here uses {card}.").format(rule=rule_sentence(meld_rule(self.rules)),
                                                              card=card_run(self.best()[0]))

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
        return _("Which cards of your hand could you add to your meld, each card on its own? Type them all, or none.")

    def shows(self) -> tuple[Shown, ...]:
        return (Shown(_("your meld"), self.meld.cards, stands_for(self.meld)), Shown(_("your hand"), self.hand))

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
        return Reason.of(_("{card} fits: the meld would become {meld}").format(card=card_run(card), meld=card_run(grown.describe())),
                         Rule.ADDING, self.rules)

    def judge(self, answer: tuple[Card, ...]) -> Feedback:
        named = tuple(dict.fromkeys(answer))
        held = not_held(named, self.hand, "in your hand", self.rules)
        if held is not None:
            return Feedback(False, (held,))
        fits = self.fitting()
        if set(named) == set(fits):
            return Feedback(True, tuple(self._fits(c) for c in fits)
                            or (Reason.of(_("no card of your hand fits this meld"), Rule.ADDING, self.rules),))
        # a card named that does not fit gets the engine's refusal; a card missed is only counted,
        # so that a retry still asks the learner to find it
        reasons = [Reason.refused(no, self.rules) for c in named if isinstance(no := self.outcome(c), IllegalMoveError)]
        missed = sum(1 for c in fits if c not in named)
        if missed:
            reasons.append(Reason.of(ngettext("{n} more card of your hand fits this meld",
                                              "{n} more cards of your hand fit this meld", missed).format(n=missed),
                                     Rule.ADDING, self.rules))
        return Feedback(False, tuple(reasons))

    def hint(self) -> str:
        if self.meld.kind == "set":  # how wild cards move in a run says nothing about a set
            return _("{rule}. A set is of 3s or of aces, every card of another suit, 4 cards at most; a 2 is never "
                     "in a set, and one joker at most stands in for a missing suit [{sources}]. Your set, with what a "
                     "joker stands for: {cards}.").format(rule=rule_sentence(lay_off_rule(self.rules)),
                                                          sources=cite(self.rules, "melds", "no_two_in_a_set"),
                                                          cards=card_run(self.meld.describe()))
        return _("{rule}; {wilds}. Your meld, with what each wild card stands for: {meld}.").format(
            rule=rule_sentence(lay_off_rule(self.rules)), wilds=wild_movement(self.rules).text,
            meld=card_run(self.meld.describe()))

    def solution(self) -> str:
        fits = self.fitting()
        if not fits:
            return _("none: no card of your hand fits this meld")
        return pgettext("clause separator", "; ").join(
            _("{card} (the meld becomes {meld})").format(card=card_run(c), meld=card_run(m.describe())) for c in fits
            if isinstance(m := self.outcome(c), Meld))

    def answer_text(self) -> str:
        return typed(self.fitting())


__all__ = ["IsMeld", "MakeMeld", "LayOff", "meld_found", "not_held", "stands_for"]
