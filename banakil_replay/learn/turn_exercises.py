"""Exercises about a turn in play: what may you discard now, and taking from the pile.

Both ask about a real position (a :class:`~banakil_replay.state.GameState` from a played hand)
and judge with the engine's own answer for it: the discards ``play.options.options`` lists as
legal and as not allowed (with the reducer's refusal and its rule), and the reducer's handler
for taking cards from the pile. Their own words are catalog templates, said in the language spoken when
they are asked for; a rule's summary is :mod:`banakil_replay.rulebook_words`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..cards import Card, card_run
from ..errors import IllegalMoveError
from ..events import Discarded, Took
from ..i18n import _, ngettext, pgettext
from ..play.moves import NotAllowed, Options
from ..play.coach.options import options
from ..play.rule_text import discard_limit_clause, discard_rule, rule_sentence, take_rule
from ..reducer import HANDLERS
from ..rulebook import Rule
from ..rulebook_words import summary
from ..state import GameState
from .meld_exercises import not_held
from .model import Exercise, Feedback, Reason, Shown, names, parse_card_answer, parse_count_or_no, typed

# the rule that limits discards under each setting of the ``discard_limit`` knob
_LIMIT_RULES = {"lone_top_card": Rule.NO_THROWING_BACK_LONE_TOP, "any_taken": Rule.NO_DISCARDING_TAKEN,
                "none": Rule.DISCARD}


def this_turn(state: GameState) -> str:
    """What the player to act has drawn this turn, in words."""
    turn = state.this_turn
    if turn.took_count == 1:
        return _("took the top card of the pile ({cards})").format(cards=names(turn.taken))
    if turn.took_count:
        return _("took the top {count} cards of the pile ({cards}, top card last)").format(
            count=turn.took_count, cards=names(turn.taken))
    if turn.picked_up:  # and took nothing from the pile: a draw
        return _("drew from the stock")
    return (_("have not drawn (the starter with 19 cards skips the first draw)") if state.first_turn else
            _("have not drawn"))


@dataclass(frozen=True)
class Discard(Exercise[tuple[Card, ...]]):
    """Which of your cards may you not discard now? The options list decides, card by card."""

    state: GameState
    kind = "discard"
    form = "cards"

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.hands[self.state.turn]

    @cached_property
    def _options(self) -> Options:
        return options(self.state, rank=False)

    def refused(self) -> dict[Card, NotAllowed]:
        """The cards the engine will not let you discard now, with its refusal."""
        return {n.event.card: n for n in self._options.not_allowed if isinstance(n.event, Discarded)}

    @property
    def question(self) -> str:
        return _("This turn you {turn}. Which of your cards may you not discard now? Type them all, or none.").format(
            turn=this_turn(self.state))

    def shows(self) -> tuple[Shown, ...]:
        taken = self.state.this_turn.taken
        return (Shown(_("your hand"), self.hand),) + ((Shown(_("taken from the pile this turn"), taken),) if taken else ())

    def parse(self, text: str) -> tuple[Card, ...]:
        return parse_card_answer(text)

    def _limit(self) -> Rule:
        return _LIMIT_RULES[self.rules.discard_limit]

    def judge(self, answer: tuple[Card, ...]) -> Feedback:
        named = tuple(dict.fromkeys(answer))
        held = not_held(named, self.hand, "in your hand", self.rules)
        if held is not None:
            return Feedback(False, (held,))
        refused = self.refused()
        limit = self._limit()
        if set(named) == set(refused):
            reasons = tuple(Reason.of(n.why, n.rule, self.rules, n.source) for n in refused.values())
            every = _("every card you hold may be discarded now: {rule}").format(rule=summary(limit))
            return Feedback(True, reasons or (Reason.of(every, limit, self.rules),))
        allowed = [Reason.of(self._may_go(c), limit, self.rules) for c in named if c not in refused]
        missed = [Reason.of(n.why, n.rule, self.rules, n.source) for c, n in refused.items() if c not in named]
        return Feedback(False, tuple(allowed + missed))

    def _may_go(self, card: Card) -> str:
        """Why the engine lets ``card`` go, from what this turn took, and the rule that limits discards."""
        turn, limit = self.state.this_turn, self._limit()
        said = (_("{card} may be discarded now: {card} came from the pile, but not in a way the rule forbids. The "
                  "rule: {rule}") if card in turn.taken else
                _("{card} may be discarded now: {card} was not taken from the pile this turn. The rule: {rule}"))
        return said.format(card=card_run(card), rule=summary(limit))

    def hint(self) -> str:
        return _("{rule}. This turn you {turn}.").format(
            rule=rule_sentence(discard_rule(self.rules) + discard_limit_clause(self.rules)), turn=this_turn(self.state))

    def solution(self) -> str:
        refused = self.refused()
        if not refused:
            return _("none: every card you hold may be discarded now")
        return pgettext("clause separator", "; ").join(f"{card_run(c)} ({n.why})" for c, n in refused.items())

    def answer_text(self) -> str:
        return typed(self.refused())


@dataclass(frozen=True)
class TakePile(Exercise[int | None]):
    """You want this card from the pile: may you take it now, and how many cards come with it?"""

    state: GameState
    want: Card
    kind = "take-pile"
    form = "count_or_no"

    @property
    def pile_top_first(self) -> tuple[Card, ...]:
        return tuple(reversed(self.state.discard))

    @property
    def depth(self) -> int:
        """How many cards from the top down to the first copy of the card wanted."""
        return self.pile_top_first.index(self.want) + 1

    def take(self, count: int) -> GameState | IllegalMoveError:
        """The reducer's own handler: the state after taking ``count`` cards, or its refusal."""
        s = self.state
        try:
            return HANDLERS[Took](s, Took(s.seq + 1, s.turn, count))
        except IllegalMoveError as no:
            return no

    @property
    def question(self) -> str:
        return _("It is your turn; so far you {turn}. You want {card} from the pile. How many cards do you take in all "
                 "to get it? Type a number, or no if you may not take it now.").format(
            turn=this_turn(self.state), card=card_run(self.want))

    def shows(self) -> tuple[Shown, ...]:
        # written as the whole course writes a pile: from the bottom up, its top card last
        return (Shown(_("the pile, top card last"), self.state.discard),
                Shown(_("your hand"), self.state.hands[self.state.turn]))

    def parse(self, text: str) -> int | None:
        return parse_count_or_no(text)

    def _took(self, count: int, new: GameState) -> Reason:
        taken = tuple(reversed(self.pile_top_first[:count]))  # top card last, as the pile is written
        restricted = new.this_turn.restricted
        text = (ngettext("taking {n} card brings {cards}, and {kept} may not be discarded this turn",
                         "taking {n} cards brings {cards}, and {kept} may not be discarded this turn", count)
                if restricted else ngettext("taking {n} card brings {cards}", "taking {n} cards brings {cards}", count))
        return Reason.of(text.format(n=count, cards=names(taken), kept=names(restricted)), Rule.TAKE_FROM_PILE,
                         self.rules)

    def judge(self, answer: int | None) -> Feedback:
        k = self.depth
        expected = self.take(k)
        if isinstance(expected, IllegalMoveError):
            return Feedback(answer is None, (Reason.refused(expected, self.rules),))
        if answer is None:
            may = _("you may take from the pile now: {rule}").format(rule=summary(Rule.TAKE_FROM_PILE))
            return Feedback(False, (Reason.of(may, Rule.TAKE_FROM_PILE, self.rules),))
        if answer == k:
            return Feedback(True, (self._took(k, expected),))
        got = self.take(answer)
        if isinstance(got, IllegalMoveError):
            return Feedback(False, (Reason.refused(got, self.rules),))
        top = self.pile_top_first[:answer]
        if answer < k:
            text = ngettext("the top card is {cards}: {card} is not among them",
                            "the top {n} cards are {cards}: {card} is not among them", answer).format(
                n=answer, cards=names(reversed(top)), card=card_run(self.want))
        else:
            rule = summary(Rule.TAKE_FROM_PILE)
            text = _("taking {n} cards reaches down to {below}, below {card}; {rule}").format(
                n=answer, below=card_run(top[-1]), card=card_run(self.want), rule=rule[:1].lower() + rule[1:])
        return Feedback(False, (Reason.of(text, Rule.TAKE_FROM_PILE, self.rules),))

    def hint(self) -> str:
        return _("{rule}. So far this turn you {turn}.").format(rule=rule_sentence(take_rule(self.rules)),
                                                                 turn=this_turn(self.state))

    def solution(self) -> str:
        result = self.take(self.depth)
        if isinstance(result, IllegalMoveError):
            return _("no: {why}").format(why=result)
        return _("{answer}: {why}").format(answer=self.depth, why=self._took(self.depth, result).text)

    def answer_text(self) -> str:
        return pgettext("answer", "no") if isinstance(self.take(self.depth), IllegalMoveError) else str(self.depth)


__all__ = ["Discard", "TakePile", "this_turn"]
