"""The review's words: a move said as done and as to do, what the better move achieves, the verdicts.

Every sentence goes through the catalog and is made when it is read (a :class:`~.review.Verdict` holds
its words as a :class:`~.moves.Said`), so the review's JSON and the notes it writes to a log stay
English while the text table and the play table read in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ...cards import card_run, symbols
from ...events import Discarded, Drew, JokerSwapped, LaidOff, Melded, Reshuffled, Took
from ...hand_end import hand_end_input
from ...i18n import NP_, _, ngettext, pgettext
from ...scoring import HandInput, HandScore
from ...seats import seat_name
from ...state import GameState
from ..coach.held import finding, held_tip
from ..coach.hints import plural_n
from ..moves import Move, Option, move_key
from ..bots.rollout import partition, step
from ..rule_text import first_meld_relief

if TYPE_CHECKING:
    from ..bots.expert import Tally


# the verdicts as a reader sees them (the JSON and the notes keep the names of review.VERDICTS: they are data)
_VERDICT_WORDS = (NP_("verdict", "agree"), NP_("verdict", "acceptable"), NP_("verdict", "questionable"),
                  NP_("verdict", "blunder"))
VERDICT_COUNTS = {"agree": NP_("verdict count", "{count} agree"),
                   "acceptable": NP_("verdict count", "{count} acceptable"),
                   "questionable": NP_("verdict count", "{count} questionable"),
                   "blunder": NP_("verdict count", "{count} blunder")}


def verdict_word(verdict: str) -> str:
    """A verdict's name in the reader's words (``agree`` ... ``blunder`` are the data's names)."""
    return pgettext("verdict", verdict)


# ------------------------------------------------------------------ the moves in words
def describe(event: Move, pretty: bool = False) -> str:
    """A short plain description of a decision event: cards by their codes as the log writes them
    (``KH``), or with ``pretty`` as people read them (``K♥``)."""
    shown = symbols if pretty else _codes

    def cards(run: Sequence[Any]) -> str:
        return card_run(shown(run))
    if isinstance(event, Drew):
        return _("drew {card}").format(card=cards([event.card])) if event.card else _("drew from the stock")
    if isinstance(event, Took):
        # in pile order, its top card last, as the course and the options write the pile
        if event.cards:
            return _("took {count} from the pile ({cards})").format(count=event.count, cards=cards(event.cards))
        return _("took {count} from the pile").format(count=event.count)
    if isinstance(event, Melded):
        return _("melded {cards}").format(cards=cards(event.cards))
    if isinstance(event, LaidOff):
        return _("laid off {cards} on meld #{id}").format(cards=cards(event.cards), id=event.meld)
    if isinstance(event, JokerSwapped):
        return _("swapped {card} for the joker in meld #{id}").format(card=cards([event.card]), id=event.meld)
    if isinstance(event, Discarded):
        return _("discarded {card}").format(card=cards([event.card]))
    if isinstance(event, Reshuffled):
        return _("reshuffled the pile into a new stock")
    raise TypeError(f"no description of a {event.type} move")  # a new move class: say it here


def doing(event: Move) -> str:
    """A move as something one might do: "discarding K♥", "melding 3♣ 3♦ 3♠", "taking the top 2 cards of
    the pile (9♣ 5♦)"."""
    if isinstance(event, Drew):
        return _("drawing from the stock")
    if isinstance(event, Took):
        if event.cards:
            return ngettext("taking the top card of the pile ({cards})", "taking the top {count} cards of the pile "
                            "({cards})", event.count).format(count=event.count, cards=card_run(event.cards[::-1]))
        return ngettext("taking the top card of the pile", "taking the top {count} cards of the pile",
                        event.count).format(count=event.count)
    if isinstance(event, Melded):
        return _("melding {cards}").format(cards=card_run(event.cards))
    if isinstance(event, LaidOff):
        return _("adding {cards} to meld #{id}").format(cards=card_run(event.cards), id=event.meld)
    if isinstance(event, JokerSwapped):
        return _("swapping {card} for the joker in meld #{id}").format(card=card_run([event.card]), id=event.meld)
    if isinstance(event, Discarded):
        return _("discarding {card}").format(card=card_run([event.card]))
    if isinstance(event, Reshuffled):
        return _("turning the pile into a new stock")
    raise TypeError(f"no words for a {event.type} move")  # a new move class: say it here


def _and(items: Sequence[str]) -> str:
    """``a, b and c`` in the reader's words (the same catalog entries the narration lists with)."""
    if len(items) < 2:
        return "".join(items)
    head = pgettext("list separator", ", ").join(items[:-1])
    return _("{items} and {last}").format(items=head, last=items[-1])


def _codes(cards: Sequence[Any]) -> str:
    return " ".join(c.code for c in cards)


def _name(state: GameState, seat: int) -> str:
    return seat_name(state.players, seat)


def _others(state: GameState, seat: int) -> list[int]:
    return [j for j in range(state.n) if state.side(j) != state.side(seat)]


def pts(x: float) -> str:
    return f"{x:g}" if x == int(x) else f"{x:.1f}"


def points(x: float) -> str:
    """``1 point``, ``7.5 points``: a number of points in words."""
    return ngettext("{points} point", "{points} points", plural_n(x)).format(points=pts(x))


def going_out_words(before: GameState, seat: int, plan: Sequence[Move]) -> str:
    """What going out by ``plan`` would have scored, on the log's real hands."""
    s = before
    for ev in plan:
        s = step(s, ev)
    rules, score = s.rules, s.hand_score
    if rules is None or score is None:
        return _("you could have gone out")
    mine = s.side(seat)
    others = _others(s, seat)
    held = their_part(s, hand_end_input(s), score, others)
    theirs = sorted({s.side(j) for j in others})
    sides = _and([f"{pts(float(score.sides[t]))}" for t in theirs])
    if s.all_at_once and rules.all_at_once == "flat" and score.seats[seat] == rules.all_at_once_value:
        how = _("a flat {score} for going out all at once").format(score=pts(rules.all_at_once_value))
    elif s.all_at_once and rules.all_at_once == "team_minimum":
        how = _("a cold hand, going out all at once")
    else:
        how = _("+{bonus} for going out").format(bonus=pts(rules.going_out_bonus))
    text = (_("you could have gone out: {how}, and {held} (you {ours}, {them} {theirs}, as the cards turned out)")
            if s.n < 4 else
            _("you could have gone out: {how}, and {held} (your side {ours}, {them} {theirs}, as the cards turned "
              "out)"))
    return text.format(how=how, held=held, ours=pts(float(score.sides[mine])), them=_them(s, seat), theirs=sides)


def their_part(state: GameState, hand: HandInput, score: HandScore, others: Sequence[int]) -> str:
    """What the hand cost the other side, from how the rule set in force scored each of them.

    Built from the scorer's own input and basis: after a cold hand the opponents score 0 (004
    Jawaker, 003), a player who melded nothing takes the flat score (000, 004, 002), and only a
    player whose hand was counted is charged what he holds.
    """
    rules = state.rules
    assert rules is not None
    names = [_name(state, j) for j in others]
    if score.cold_hand:
        return ngettext("{names} scores 0, as after any cold hand", "{names} score 0, as after any cold hand",
                        len(others)).format(names=_and(names))
    parts = []
    for j, name in zip(others, names):
        basis = score.basis[j] if j < len(score.basis) else "counted"
        held = hand.seats[j].in_hand
        if basis == "never_melded":
            parts.append(_("{player} melded nothing and takes the flat {score}").format(
                player=name, score=pts(rules.never_melded)))
        elif basis == "no_turn":
            parts.append(_("{player} never had a turn and scores 0").format(player=name))
        elif basis in ("counted", "held"):
            parts.append(ngettext("{player} is charged the {points} point left in hand",
                                  "{player} is charged the {points} points left in hand", plural_n(held)).format(
                player=name, points=pts(held)))
        else:
            parts.append(_("{player} scores {score}").format(player=name, score=pts(score.seats[j])))
    return _and(parts)


def _holds_back(before: GameState, played: Move, best: Option) -> bool:
    """Did the move played end the turn (a discard) with the better meld's cards kept in hand?"""
    if not isinstance(best.event, Melded) or not isinstance(played, Discarded):
        return False
    rest = list(before.hands[played.seat])
    rest.remove(played.card)
    for c in best.event.cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _follows_hold_advice(before: GameState, played: Move, best: Option) -> bool:
    """Is the move a held-back meld of the kind 000 advises? Only once the seat has opened: before
    that, holding back delays the opening, which 002 lists as a beginner's mistake and 000 warns
    costs the flat score for melding nothing. The review names it with its tested figure,
    without excusing it."""
    seat = getattr(played, "seat", before.turn)
    return bool(before.opened) and before.opened[seat] and _holds_back(before, played, best)


def _tip_note(before: GameState, played: Move, best: Option, missed_out: bool) -> str:
    """A tip that held and that the better move follows, with its figure; or, for a meld held back, the
    figure that says the habit is no excuse (lesson 11); else nothing."""
    found = None if best.goes_out else held_tip(before, best)
    if found is not None:
        return " " + _("{tip}.").format(tip=found.sentence())
    hold = finding("hold-meld", before.rules.name, len(before.hands)) if before.rules else None
    if hold is not None and not hold.held and not missed_out and _follows_hold_advice(before, played, best):
        return " " + _("Holding it back follows advice the tests do not back: {tip}.").format(tip=hold.sentence())
    return ""


def _share(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%" if n else "0%"


def _them(state: GameState, seat: int) -> str:
    """Who the seat plays against, as a reader says it: the opponent's name at two players."""
    others = _others(state, seat)
    if len(others) == 1:
        return _name(state, others[0])
    return _("the other side") if state.n == 4 else _("the others")


def _better_words(before: GameState, seat: int, best: Tally, played: Tally, plan: Sequence[Move] | None,
                  played_event: Move) -> str:
    """Why the better move is better, in game terms: what it puts down, keeps or brings. A figure is
    given only where it favours the better move."""
    ev = best.option.event
    if plan and move_key(plan[0]) == move_key(ev):
        return going_out_words(before, seat, plan)
    rules = before.rules
    assert rules is not None
    them = _them(before, seat)
    if isinstance(ev, Melded):
        value = sum(rules.value(c) for c in ev.cards)
        text = ngettext("melding {cards} now puts {points} point on the table, where they no longer count "
                        "against you if {them} goes out first",
                        "melding {cards} now puts {points} points on the table, where they no longer count against "
                        "you if {them} goes out first", plural_n(value)).format(
            cards=card_run(ev.cards), points=pts(value), them=them)
        relief = first_meld_relief(rules) if not before.opened[seat] else ""
        if relief:
            text = _("{reason}, and as your first meld: {relief}").format(reason=text, relief=relief)
        return _also(text, _out_first(them, best, played))
    if isinstance(played_event, Melded) and isinstance(ev, Discarded):
        why = resplit_words(before, seat, played_event)
        if why:
            return _("keeping {cards} in hand a turn longer: {why}").format(cards=card_run(played_event.cards), why=why)
        kept = _("keeping {cards} in hand a turn longer").format(cards=card_run(played_event.cards))
        return _also(kept, _out_first(them, best, played))
    if isinstance(ev, Discarded):  # its option's words weigh the card alone, which may favour the move played
        return _out_first(them, best, played)
    explain = best.option.explain.rstrip(".")
    return _also(f"{explain[:1].lower()}{explain[1:]}", _out_first(them, best, played))


def _also(text: str, more: str) -> str:
    """``text; more``, or ``text`` alone when there is no more to say."""
    return _("{reason}; {more}").format(reason=text, more=more) if more else text


def resplit_words(before: GameState, seat: int, meld: Melded) -> str:
    """What a card of ``meld`` does in the best split of the seat's hand when the meld is not laid:
    "3♥ makes a set with 3♣ 3♦", or "" when the split keeps the meld as it is."""
    rules = before.rules
    assert rules is not None
    hand = before.hands[seat]
    laid = set(meld.cards)
    for group in partition(hand, rules).melds:
        shared = [c for c in group.cards if c in laid]
        others = [c for c in group.cards if c not in laid]
        if shared and others:
            words = (ngettext("{cards} makes a set with {others} instead", "{cards} make a set with {others} instead",
                              len(shared)) if group.kind == "set" else
                     ngettext("{cards} makes a run with {others} instead", "{cards} make a run with {others} instead",
                              len(shared)))
            return words.format(cards=card_run(shared), others=card_run(others))
    return ""


def _out_first(them: str, best: Tally, played: Tally) -> str:
    """How often the other side went out first after each move, said only when the better move
    makes it clearly rarer (the only figure that speaks for it)."""
    if not best.n or not played.n or played.they_out - best.they_out < 0.1 * best.n:
        return ""
    return _("played on from here, {them} went out first {played} of the time after your move, {best} after this "
             "one").format(them=them, played=_share(played.they_out, played.n), best=_share(best.they_out, best.n))


def _partner_note(state: GameState, seat: int, event: Move) -> str:
    if not isinstance(event, LaidOff):
        return ""
    meld = state.meld_by_id(event.meld)
    if meld is None or meld.owner == seat:
        return ""
    return " " + _("This move feeds the partner's meld #{id}.").format(id=meld.id)


@dataclass(frozen=True)
class Judged:
    """What a verdict's words are made of, kept so they are said when read (in the reader's language)."""

    before: GameState
    seat: int
    event: Move
    leader: Option
    better: Tally
    other: Tally
    plan: tuple[Move, ...] | None
    then: Discarded | None  # the discard the move played was measured with, when not the leader's own
    loss: float
    spread: float
    missed_out: bool

    def figure(self) -> str:
        return _("about {points}, give or take {spread}").format(points=points(self.loss), spread=pts(self.spread))


def best_words(before: GameState, seat: int, event: Move) -> str:
    return _("the best move found here.") + _partner_note(before, seat, event)


def as_good_words(j: Judged) -> str:
    move = doing(j.leader.event)
    why = (_("as good as {move}: the two come out the same here.").format(move=move) if j.loss < 0.05
           and j.spread < 0.05 else
           _("as good as {move}, within what can be told apart here ({figure}).").format(move=move, figure=j.figure()))
    return why + _partner_note(j.before, j.seat, j.event)


def better_move_words(j: Judged) -> str:
    words = _better_words(j.before, j.seat, j.better, j.other, list(j.plan) if j.plan else None, j.event)
    better = doing(j.leader.event)
    fields = {"move": f"{better[:1].upper()}{better[1:]}", "figure": j.figure(), "reason": words,
              "card": card_run([j.then.card]) if j.then is not None else ""}
    if j.then is not None:
        why = (_("{move} would have been better, even if you then discard {card}: {reason} ({figure}).") if words else
               _("{move} would have been better, even if you then discard {card} ({figure})."))
    else:
        why = _("{move} would have been better: {reason} ({figure}).") if words else \
            _("{move} would have been better ({figure}).")
    why = why.format(**fields) + _tip_note(j.before, j.event, j.leader, j.missed_out)
    return why + _partner_note(j.before, j.seat, j.event)


__all__ = ["verdict_word", "describe", "doing", "points", "going_out_words", "their_part", "resplit_words"]
