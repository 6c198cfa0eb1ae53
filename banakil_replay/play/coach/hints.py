"""A transparent heuristic that ranks legal options, with the reason in words.

Each option gets a score from a few plain facts a player can check: points
taken off the hand (melded cards can no longer count against you), the first
meld (where the rules give a flat score for melding nothing, it is no longer
risked), jokers and 2s kept safe, deadwood left, and what taking from the
pile brings. Going out always ranks first. The heuristic is meant to teach,
not to be strong; the reasons are the point. Every number a reason states
comes from the rule set in force (``rule_text.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from functools import lru_cache

from ..search.candidates import meld_candidates
from .held import Finding, held_tip
from ...i18n import N_, _, ngettext
from ...cards import JOKER, Card
from ...events import Discarded, Drew, JokerSwapped, LaidOff, Melded, Reshuffled, Took
from ...melds import SET_RANKS
from ..moves import Option, Said, alike
from ..rule_text import first_meld_relief, never_melded_score
from ...rules import Ruleset
from ..search.packing import worths
from ..search.solver import best_partition
from ...state import GameState


# The coach's weights, in points of the hand. They rank options for teaching, not for strength
# (play/bots/expert.py plays for strength); each says which habit of a careful player it rewards.
GO_OUT = 100.0  # going out ends the hand: nothing else a turn can do is worth as much
PARTNER_FEED = 1.0  # bonus for adding to the partner's meld rather than one's own
FIRST_MELD_SHARE = 0.5  # of the flat score for melding nothing that a first meld no longer risks
BLIND_DRAW = 0.5  # a stock draw shows the table nothing and takes nothing you must keep: a little above nothing
TAKEN_WILD = 2.0  # each wild card taken from the pile: it can finish a meld the taken cards do not
TAKEN_DEADWOOD = 0.5  # per point of taken cards that fit no meld: half counted, as they may fit one later
TAKEN_CARD = 0.1  # per card taken: a bigger hand is slower to go out with, all else equal
WILD_KEPT = 3.0  # a wild laid off while the hand still holds more than 3 cards could finish a meld of one's own
JOKER_SWAP = 1.0  # a swap frees a flexible joker, but a joker caught in hand costs its full value
WILD_DISCARD = -5.0  # discarding a wild card hands the next player the most useful card there is
NEIGHBOUR = 0.8  # per card a discard works with (within two ranks in suit, or of a set rank): it may make a meld
JOKER_MELDED = 1.5  # each joker melded is no longer at risk of being caught in hand
BEST_SPLIT = 3.0  # a meld of the hand's best split: a greedy meld may spend wilds the best split needs


def first_meld_weight(rules: Ruleset) -> float:
    """The score bonus of a first meld: half the penalty it ends (10 against classic's flat -20),
    nothing where the rules have no such penalty (Kroot)."""
    flat = never_melded_score(rules)
    return FIRST_MELD_SHARE * -flat if flat is not None and flat < 0 else 0.0


def plural_n(x: float) -> int:
    """The count a catalog plural is chosen by, for a number of points that may be a fraction: the
    number itself when whole, else 11 (English "1.5 points"; Arabic says a fraction with its many-form)."""
    return int(x) if x == int(x) else 11


def _pts(x: float) -> str:
    return f"{x:g}"


def _neighbours(card: Card, hand: Sequence[Card]) -> int:
    """Cards in hand within two ranks of ``card`` in its suit, or of its rank when 3 or ace."""
    if not card.is_natural:
        return 0
    near = sum(1 for c in hand if c.is_natural and c.suit == card.suit and c != card
               and abs(c.rank - card.rank) <= 2)
    if card.rank in SET_RANKS:
        near += sum(1 for c in hand if c.rank == card.rank and c.suit != card.suit)
    return near


def _score(state: GameState, opt: Option) -> tuple[float, Said | None]:
    """The option's score and its reason, held as words not said yet (a bot reads only the score)."""
    rules = state.rules
    assert rules is not None
    seat = state.turn
    hand = state.hands[seat]
    ev = opt.event
    if opt.goes_out:
        return GO_OUT, Said(_, (N_("it ends the hand with you out"),))
    if isinstance(ev, Drew):
        return BLIND_DRAW, Said(_, (N_("an unseen card: no information given away, nothing taken you must keep"),))
    if isinstance(ev, Reshuffled):
        return BLIND_DRAW, Said(_, (N_("the only way to draw from the stock again"),))
    if isinstance(ev, Took):
        taken = [c for c in state.discard[len(state.discard) - ev.count:]]
        uses = [m for m in meld_candidates(list(hand) + taken, rules) if set(m) & set(taken)]
        useful = {c for m in uses for c in m if c in taken}
        gain = sum(rules.value(c) for c in useful) + TAKEN_WILD * sum(1 for c in taken if c.is_wild)
        dead = sum(rules.value(c) for c in taken if c not in useful and not c.is_wild)
        score = gain - TAKEN_DEADWOOD * dead - TAKEN_CARD * len(taken)
        return score, Said(_take_reason, (len(useful), dead, any(c.is_wild for c in taken)))
    if isinstance(ev, Melded):
        # the event's own cards: filtering the hand by code would count a second copy held twice
        cards = list(ev.cards)
        pts = sum(rules.value(c) for c in cards)
        first = not state.opened[seat]
        best = best_shapes(hand, rules)
        score = meld_worth(cards, rules, best) + (first_meld_weight(rules) if first else 0.0)
        relief = rules if first and first_meld_relief(rules) else None
        return score, Said(_meld_reason, (pts, alike(cards) in best, relief, any(c.is_joker for c in cards)))
    if isinstance(ev, LaidOff):
        (card,) = ev.cards  # options list one card per lay-off; review splits longer ones
        bonus = PARTNER_FEED if state.melds and _owner(state, ev.meld) != seat else 0.0
        keep = WILD_KEPT if card.is_wild and len(hand) > 3 else 0.0
        return rules.value(card) + bonus - keep, Said(_lay_off_reason, (rules.value(card), bool(bonus), bool(keep)))
    if isinstance(ev, JokerSwapped):
        return JOKER_SWAP, Said(_swap_reason, (rules.value(JOKER),))
    if isinstance(ev, Discarded):
        card = ev.card
        if card.is_wild:
            return WILD_DISCARD, Said(_, (N_("wild cards are worth keeping; the next player may take it"),))
        near = _neighbours(card, hand)
        score = rules.value(card) - NEIGHBOUR * near
        return score, Said(_discard_reason, (rules.value(card), near))
    return 0.0, None


# ------------------------------------------------------------ the reasons, said when read
def _take_reason(useful: int, dead: float, wild: bool) -> str:
    fit = (_("no taken card fits a meld") if not useful else
           ngettext("{count} taken card fits a meld", "{count} taken cards fit melds", useful).format(count=useful))
    text = ngettext("{fit}, {points} point of taken cards fits nothing", "{fit}, {points} points of taken cards fit "
                    "nothing", plural_n(dead)).format(fit=fit, points=_pts(dead))
    return _("{reason}, and it brings a wild card").format(reason=text) if wild else text


def _meld_reason(pts: float, in_best: bool, first: Ruleset | None, joker: bool) -> str:
    text = ngettext("{points} point melded", "{points} points melded", plural_n(pts)).format(points=_pts(pts))
    if in_best:
        text = _("{reason}, part of the best split of your hand into melds").format(reason=text)
    if first is not None:
        text = _("{reason}, and as a first meld: {relief}").format(reason=text, relief=first_meld_relief(first))
    if joker:
        text = _("{reason}, and your joker is no longer at risk").format(reason=text)
    return text


def _lay_off_reason(value: float, feeds: bool, keep: bool) -> str:
    text = ngettext("{points} point off your hand", "{points} points off your hand", plural_n(value)).format(
        points=_pts(value))
    if feeds:
        text = _("{reason}, feeding your partner's meld").format(reason=text)
    if keep:
        text = _("{reason}, but a wild card is worth more kept for a meld of your own").format(reason=text)
    return text


def _swap_reason(value: float) -> str:
    return _("a joker in hand is flexible, but costs {value} if you are caught with it").format(value=_pts(value))


def _discard_reason(value: float, near: int) -> str:
    text = ngettext("{points} point of deadwood gone", "{points} points of deadwood gone", plural_n(value)).format(
        points=_pts(value))
    if near:
        return ngettext("{reason}, but it works with {count} card in your hand",
                        "{reason}, but it works with {count} cards in your hand", near).format(reason=text, count=near)
    return _("{reason}, and it fits nothing").format(reason=text)


def _with_tip(reason: Said, found: Finding) -> str:
    return _("{reason}; {tip}").format(reason=reason, tip=found.sentence())


def meld_worth(cards: Sequence[Card], rules: Ruleset, best: frozenset[tuple[str, ...]]) -> float:
    """How much the coach likes laying this meld, first-meld weight aside: its points, 1.5 more for
    each joker (no longer at risk in hand), 3 more when it is one of the melds of the hand's best
    split (``best``, from :func:`best_shapes`), because a greedy meld may spend wilds that a better
    split needs elsewhere. The playout policy lays its melds in this order too."""
    return melds_worth([cards], rules, best)[0]


def melds_worth(melds: Sequence[Sequence[Card]], rules: Ruleset, best: frozenset[tuple[str, ...]]) -> list[float]:
    """:func:`meld_worth` of each of ``melds``: the playouts rank every meld of every hand with this."""
    worth = worths(rules)  # the same points, looked up once for all
    return [sum(map(worth.__getitem__, cards)) + JOKER_MELDED * sum(1 for c in cards if c.is_joker)
            + (BEST_SPLIT if best and _shape(tuple(cards)) in best else 0.0) for cards in melds]


@lru_cache(maxsize=1 << 14)
def _shape(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """:func:`moves.alike`, remembered: the candidate melds are the same tuples hand after hand."""
    return alike(cards)


@lru_cache(maxsize=256)
def _best_shapes_cached(hand: tuple[Card, ...], rules: Ruleset) -> frozenset[tuple[str, ...]]:
    return frozenset(alike(m.cards) for m in best_partition(hand, rules).melds)


def best_shapes(hand: Sequence[Card], rules: Ruleset) -> frozenset[tuple[str, ...]]:
    """The melds of the hand's best split, each as :func:`moves.alike` writes it."""
    return _best_shapes_cached(tuple(sorted(hand)), rules)


def _owner(state: GameState, meld_id: int) -> int | None:
    m = state.meld_by_id(meld_id)
    return m.owner if m else None


def rank_options(state: GameState, opts: Sequence[Option]) -> list[Option]:
    """Options with ``rank`` (1 = best within its phase), ``score`` and ``rank_words`` (``why_rank``) filled in."""
    from dataclasses import replace

    scored: list[Any] = []
    for o in opts:
        score, why = _score(state, o)
        found = held_tip(state, o) if why is not None and not o.goes_out else None
        if why is not None and found is not None:  # a tip that held where it applies; going out needs no advice
            why = Said(_with_tip, (why, found))
        scored.append((score, why if why is not None else "", o))
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    ranks = {i: r + 1 for r, i in enumerate(order)}
    return [replace(o, rank=ranks[i], score=round(s, 2), rank_words=why) for i, (s, why, o) in enumerate(scored)]
