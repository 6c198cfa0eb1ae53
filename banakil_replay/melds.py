"""Melds: runs and sets, lay-offs and joker swaps, with a reason for every "no".

A run is 3+ cards of one suit in consecutive positions (3 .. A, plus A-2-3 where the rule set lets the ace
play low); a set is 3 or 4 threes or aces of different suits. A meld holds at most one 2 and one joker and
at least one natural card; a 2 is never part of a set (each rule's sources: ``citations.cite``).
``verify_*`` return the resulting :class:`Meld` or raise :class:`IllegalMoveError` with a full-sentence
reason; ``can_*`` say whether. The reducer, the options list and the explanations call the same functions.

>>> from .rules import get_ruleset; classic = get_ruleset("classic")
>>> m = verify_meld(parse_cards("KS AS 2S"), classic)
>>> m.codes, m.stands_for_codes(), can_meld("7H 8S 9H", classic), analyze_meld("7H 8S 9H", classic).rule.id
(['2S', 'KS', 'AS'], {0: 'QS'}, False, 'run-suit')
>>> run, joker = verify_meld("7H 8H 9H", classic), verify_meld("7H JK 9H", classic)
>>> verify_lay_off(run, ["10H"], classic).codes, can_lay_off(run, ["QH"], classic), can_joker_swap(joker, "10H", classic)
(['7H', '8H', '9H', '10H'], False, False)
>>> verify_joker_swap(joker, "8H", classic).codes
['7H', '8H', '9H']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product
from typing import Callable, Iterable, Literal, Sequence

import msgspec

from .cards import ACE_RANK, CARD_INDEX, Card, SUITS, card_run, parse_cards, rank_code
from .errors import IllegalMoveError, MalformedInputError
from .citations import cite
from .i18n import N_, _
from .meld_words import Violation, pos_card, run_failure, turns_into, why_said
from .rulebook import Rule
from .rules import Ruleset

__all__ = ["Meld", "MeldCheck", "analyze_meld", "verify_meld", "can_meld", "verify_lay_off", "can_lay_off", "meld_of",
           "lay_off_of", "verify_joker_swap", "can_joker_swap", "parse_cards"]

MeldKind = Literal["run", "set"]
SET_RANKS = (3, ACE_RANK)


def _name(card: Card) -> str:
    return card_run(card)


class Meld(msgspec.Struct, frozen=True, gc=False):
    """A meld on the table: its cards in order and the position each one holds.

    For a run, ``positions[i]`` is the rank the i-th card occupies (1 = low ace,
    3..14), or ``None`` for a 2 kept as a 13th card; for a set, every position is
    the set's rank and ``suits[i]`` the suit each card stands for (a joker takes
    the first missing suit in C D H S order). A frozen :class:`msgspec.Struct`, as cheap to
    make as a tuple.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    positions: tuple[int | None, ...]
    suit: str = ""  # runs only
    set_suits: tuple[str, ...] = ()  # sets only

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    def __len__(self) -> int:
        return len(self.cards)

    def stands_for(self) -> dict[int, Card | None]:
        """What each wild card represents, by index in :attr:`cards`."""
        out: dict[int, Card | None] = {}
        for i, card in enumerate(self.cards):
            if card.is_wild:
                pos = self.positions[i]
                if pos is None:
                    out[i] = None
                elif self.kind == "run":
                    out[i] = pos_card(pos, self.suit)
                else:
                    out[i] = Card(pos, self.set_suits[i])
        return out

    def stands_for_codes(self) -> dict[int, str | None]:
        return {i: (c.code if c else None) for i, c in self.stands_for().items()}

    def wild_position(self, wild: Card) -> int | None:
        for c, p in zip(self.cards, self.positions):
            if c == wild:
                return p
        return None

    def describe(self) -> str:
        """Human text, e.g. ``2♠(=Q♠) K♠ A♠``."""
        parts = []
        sf = self.stands_for()
        for i, c in enumerate(self.cards):
            if i in sf and sf[i] != c:  # a 2 in its own place (A-2-3 under ERAM) plays as itself
                target = sf[i]
                parts.append(f"{c.symbol}(={target.symbol if target else _('13th card')})")
            else:
                parts.append(c.symbol)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The outcome of checking a card list as a new meld."""

    valid: bool
    kind: MeldKind | None
    meld: Meld | None
    reason: str | None
    rule: Rule | None = None
    source: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "valid": self.valid,
            "kind": self.kind,
            "arrangement": self.meld.codes if self.meld else None,
            "stands_for": {str(i): c for i, c in self.meld.stands_for_codes().items() if c}
            if self.meld else {},
            "reason": self.reason,
        }


# --------------------------------------------------------------------- common
def _common_checks(cards: Sequence[Card]) -> None:
    if len(cards) < 3:
        raise Rule.MELD_SIZE.no(_("a meld needs at least 3 cards, got {count}").format(count=len(cards)))
    if sum(c.is_wild for c in cards) <= 1:
        return  # at most one wild among 3+ cards: one natural at least, no second 2 or joker
    twos = [c for c in cards if c.is_two]
    jokers = [c for c in cards if c.is_joker]
    if len(jokers) > 1:
        raise Rule.ONE_JOKER_PER_MELD.no(_("a meld may hold only one joker, this one has two"))
    if len(twos) > 1:
        raise Rule.ONE_TWO_PER_MELD.no(_("a meld may hold only one 2, this one has {count} ({cards})").format(
            count=len(twos), cards=card_run(twos)))
    if not any(c.is_natural for c in cards):
        raise Rule.NATURAL_CARD_NEEDED.no(_("a meld needs at least one natural card (3 to ace)"))


def _looks_like_set(naturals: Sequence[Card]) -> bool:
    return len(naturals) >= 2 and len({c.rank for c in naturals}) == 1


# ----------------------------------------------------------------------- sets
def _set_arrangements(cards: Sequence[Card], rules: Ruleset) -> Meld:
    naturals = [c for c in cards if c.is_natural]
    rank = naturals[0].rank
    if rank not in SET_RANKS:
        raise Rule.SET_RANKS.no(_("only 3s and aces make sets, not {rank}s").format(rank=rank_code(rank)))
    if any(c.is_two for c in cards):
        raise Rule.NO_TWO_IN_A_SET.no(_("a 2 is never wild in a set: only a joker may fill a gap in a set"))
    suits = Counter(c.suit for c in naturals)
    dup = [s for s, n in suits.items() if n > 1]
    if dup:
        raise Rule.SET_SUITS_DIFFER.no(_("a set's cards must all be of different suits, this one has two "
                                         "{card}").format(card=_name(Card(rank, dup[0]))))
    if len(cards) > 4:
        raise Rule.SET_SIZE.no(_("a set holds at most 4 cards, this one has {count}").format(count=len(cards)))
    missing = [s for s in SUITS if s not in suits]
    set_suits = tuple(c.suit if c.is_natural else missing[0] for c in cards)
    return Meld("set", tuple(cards), tuple(rank for _ in cards), "", set_suits)


# ----------------------------------------------------------------------- runs
def _run_layouts(cards: Sequence[Card], rules: Ruleset) -> list[Meld]:
    """Every valid run layout of these cards (naturals in rank order, wilds placed)."""
    naturals = [c for c in cards if c.is_natural]
    wilds = sorted(c for c in cards if c.is_wild)
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        return []
    n = len(cards)
    ace_choices = [((1, ACE_RANK) if (c.rank == ACE_RANK and rules.ace_low) else (c.rank,)) for c in naturals]
    layouts: list[Meld] = []
    seen: set[tuple[tuple[Card, ...], tuple[int | None, ...]]] = set()
    for choice in product(*ace_choices):
        if len(set(choice)) != len(choice):
            continue
        pos_of = dict(zip(choice, naturals))
        lo_n, hi_n = min(choice), max(choice)
        windows: list[tuple[int, int, bool]] = []  # (lo, hi, thirteenth)
        if n <= rules.max_run_length:
            for lo in range(max(rules.low_rank, hi_n - n + 1), min(lo_n, ACE_RANK - n + 1) + 1):
                windows.append((lo, lo + n - 1, False))
        elif (rules.thirteenth_card_two and n == rules.max_run_length + 1 and len(wilds) == 1
              and wilds[0].is_two and hi_n - lo_n + 1 == len(naturals) == rules.max_run_length):
            windows.append((lo_n, hi_n, True))
        for lo, hi, thirteenth in windows:
            gaps = [p for p in range(lo, hi + 1) if p not in pos_of]
            if thirteenth:
                cards_out = tuple(pos_of[p] for p in range(lo, hi + 1)) + (wilds[0],)
                positions: tuple[int | None, ...] = tuple(range(lo, hi + 1)) + (None,)
                key = (cards_out, positions)
                if key not in seen:
                    seen.add(key)
                    layouts.append(Meld("run", cards_out, positions, suit))
                continue
            if len(gaps) != len(wilds):
                continue
            for perm in set(permutations(wilds)):
                filled = dict(pos_of)
                filled.update(zip(gaps, perm))
                cards_out = tuple(filled[p] for p in range(lo, hi + 1))
                positions = tuple(range(lo, hi + 1))
                key = (cards_out, positions)
                if key not in seen:
                    seen.add(key)
                    layouts.append(Meld("run", cards_out, positions, suit))
    return layouts


# ------------------------------------------------------------------- checking
def _layouts(cards: Sequence[Card], rules: Ruleset, said: bool = True) -> tuple[MeldKind, list[Meld]]:
    """All valid layouts of a card multiset, or raise IllegalMoveError with the reason (unworded
    when not ``said``: the searches' refused tries want only the answer)."""
    _common_checks(cards)
    naturals = [c for c in cards if c.is_natural]
    if _looks_like_set(naturals):
        return "set", [_set_arrangements(cards, rules)]
    layouts = _run_layouts_of(tuple(sorted(cards, key=_ORDER)), rules)  # C-level key: no __lt__ calls
    if not layouts:
        raise run_failure(cards, rules) if said else IllegalMoveError("no run")  # never shown
    return "run", list(layouts)


_ORDER = CARD_INDEX.__getitem__


@lru_cache(maxsize=8192)
def _run_layouts_of(cards: tuple[Card, ...], rules: Ruleset) -> tuple[Meld, ...]:
    # Runs do not depend on the order cards are given in, and replays, options and
    # the solver ask about the same multisets again and again.
    return tuple(_run_layouts(cards, rules))


def _canonical_key(m: Meld) -> tuple[int, ...]:
    """Default layout order: wilds at the high end where there is a choice, then 2 below joker."""
    return (-(m.positions[0] or 0), *[0 if c.is_two else 1 for c in m.cards if c.is_wild])


def _canonical(layouts: list[Meld]) -> Meld:
    return min(layouts, key=_canonical_key)


def _match_order(layouts: list[Meld], order: Sequence[Card]) -> Meld | None:
    for m in layouts:
        if list(m.cards) == list(order):
            return m
    return None


def analyze_meld(cards: Iterable[Card | str], rules: Ruleset,
                 arrangement: Sequence[Card | str] | None = None) -> MeldCheck:
    """Check cards as a new meld; never raises for an illegal meld.

    The order given is kept when it is itself a valid layout (so ``2C 5D 6D``
    has the 2 stand for 4♦); otherwise a layout is found. ``arrangement`` pins
    the order exactly and is an error when it is not a valid layout.
    """
    cards_t = parse_cards(cards)
    try:
        meld = _verify_new(cards_t, rules, None if arrangement is None else parse_cards(arrangement))
    except IllegalMoveError as no:
        return MeldCheck(False, None, None, str(no), no.rule, no.source)
    return MeldCheck(True, meld.kind, meld, None)


def _verify_new(cards: Sequence[Card], rules: Ruleset, arrangement: Sequence[Card] | None) -> Meld:
    kind, layouts = _layouts(cards, rules)
    if arrangement is not None:
        if Counter(arrangement) != Counter(cards):
            raise Rule.ARRANGEMENT.no(_("the arrangement does not hold the same cards as the meld"))
        if kind == "set":
            return _set_arrangements(arrangement, rules)
        found = _match_order(layouts, arrangement)
        if found is None:
            raise Rule.RUN_ORDER.no(_("the cards cannot lie in the order {cards}: a run lies in rank order with each "
                                      "wild in a gap or at an end").format(cards=card_run(arrangement)))
        return found
    if kind == "set":
        return layouts[0]
    return _match_order(layouts, cards) or _canonical(layouts)


def verify_meld(cards: Iterable[Card | str], rules: Ruleset,
                arrangement: Sequence[Card | str] | None = None) -> Meld:
    """The meld these cards make, or :class:`IllegalMoveError` with the reason."""
    cards_t = parse_cards(cards)
    try:
        return _verify_new(cards_t, rules, None if arrangement is None else parse_cards(arrangement))
    except IllegalMoveError as no:
        raise no from None


def meld_of(cards: tuple[Card, ...], rules: Ruleset, arrangement: tuple[Card, ...] | None = None) -> Meld:
    """:func:`verify_meld` of cards already read (such as a typed event's), remembered per
    ``(cards, rules, arrangement)``: the same meld is checked once. Refusals are not remembered:
    each is raised afresh, with its reason."""
    try:  # tuple() of a tuple is the tuple itself; a list given by hand becomes a key
        return _meld_of(tuple(cards), rules, None if arrangement is None else tuple(arrangement))
    except IllegalMoveError as no:
        raise no from None


_meld_of = lru_cache(maxsize=8192)(_verify_new)


def can_meld(cards: Iterable[Card | str], rules: Ruleset) -> bool:
    return analyze_meld(cards, rules).valid


# -------------------------------------------------------- adding to a meld
def _moves(old: Meld, new: Meld) -> int:
    """How many wild cards changed position between two layouts."""
    return sum(1 for c in old.cards if c.is_wild and old.wild_position(c) != new.wild_position(c))


def _movement_violation(old: Meld, new: Meld, added: Sequence[Card], rules: Ruleset) -> Violation | None:
    """Why the wilds of ``old`` may not end where ``new`` puts them, or None."""
    added_naturals = {(c.rank, c.suit) for c in added if c.is_natural}
    for wild in (c for c in old.cards if c.is_wild and c in new.cards):
        before, after = old.wild_position(wild), new.wild_position(wild)
        if before == after:
            continue
        if wild.is_joker:
            if rules.joker_movement == "locked":
                return (N_("the joker is locked as {stood}: under these rules it keeps the card it stands for "
                           "and comes back only when that exact card replaces it"), before)
            continue
        mode = rules.two_movement
        if mode == "free":
            continue
        # A 2 moves only when the exact natural it stands for is laid in its place.
        displaced = before is not None and (ACE_RANK if before == 1 else before, old.suit) in added_naturals
        if not displaced:
            return (N_("the 2 stands for {stood} and may not move: under these rules a 2 moves only when the "
                       "exact card it stands for is laid in its place"), before)
        new_positions = [p for p in new.positions if p is not None]
        lo, hi = min(new_positions), max(new_positions)
        if after is None:
            continue  # the 13th-card two: nowhere left to go (004)
        if mode == "slide_to_open_end":
            if after not in (lo, hi):
                return N_("the displaced 2 must slide to an open end of the run"), before
        elif mode == "low_or_high_end":
            # 004 Jawaker 3: low end, unless the run holds a 3 (nothing can go below it). A joker
            # standing for the 3 blocks the low end just the same, so the test is the position.
            others = [p for c, p in zip(new.cards, new.positions) if c != wild and p is not None]
            low_blocked = min(others) <= rules.low_rank
            want = hi if low_blocked else lo
            if after != want:
                return (N_("the displaced 2 must move to the high end (the run starts at its lowest card)")
                        if low_blocked else N_("the displaced 2 must move to the low end")), before
    return None


def _choose(old: Meld, allowed: list[Meld], added: Sequence[Card], rules: Ruleset,
            arrangement: Sequence[Card] | None) -> Meld:
    """The layout a lay-off takes: the one pinned by ``arrangement``, else the least wild movement."""
    if arrangement is None:
        # least wild movement first, so a player's layout is disturbed no more than needed
        return min(allowed, key=lambda m: (_moves(old, m), _canonical_key(m)))
    pinned = _match_order(allowed, arrangement)
    if pinned is not None:
        return pinned
    _kind, layouts = _layouts(list(old.cards) + list(added), rules)
    valid = _match_order(layouts, arrangement)
    if valid is None:
        raise Rule.RUN_ORDER.no(_("the arrangement given is not a valid layout of these cards"))
    why = why_said(_movement_violation(old, valid, added, rules),
                    N_("no order of laying these cards reaches that layout"), old.suit)
    raise Rule.WILD_MOVEMENT.no(why, _movement_source(rules))


def _allowed_moves(old: Meld, layouts: list[Meld], added: Sequence[Card], rules: Ruleset) -> list[Meld]:
    """The layouts the wild cards of ``old`` may reach when ``added`` joins it, or the reason none may."""
    if rules.two_movement == "free" and rules.joker_movement == "free":
        return layouts  # classic: any layout is reachable by moving the wilds
    allowed = [m for m in layouts if _movement_violation(old, m, added, rules) is None]
    if not allowed:
        why = why_said(_movement_violation(old, layouts[0], added, rules), N_("no layout keeps the wild cards legal"),
                        old.suit)
        raise Rule.WILD_MOVEMENT.no(why, _movement_source(rules))
    return allowed


def _movement_source(rules: Ruleset) -> str:
    return cite(rules, Rule.WILD_MOVEMENT)


def thirteenth_card_allowed(old: Meld, rules: Ruleset) -> bool:
    """Whether a run may become 13 cards (its 12 naturals and a 2 kept as a 13th card) from ``old``.

    004 (runs): a run holds at most 12 cards, but when the last natural joins a run of 11 naturals
    and a 2, the 2 stays on as a 13th card. Read as: the 2 must be in the run no later than its last
    natural, so a complete run of 12 naturals takes no 2. Laying the cards at once or one by one
    reaches the same tables, because a lay-off of several cards is checked as the cards laid one at
    a time (see :func:`verify_lay_off`), and a new meld of all 12 naturals and a 2 is the same as
    melding 11 of them with the 2 and adding the last in the same turn.
    """
    return rules.thirteenth_card_two and sum(c.is_natural for c in old.cards) < rules.max_run_length


def _one_card(old: Meld, card: Card, rules: Ruleset, said: bool = True) -> list[Meld]:
    """Every layout ``old`` may take when ``card`` joins it, or the reason it may not join."""
    kind, layouts = _layouts(list(old.cards) + [card], rules, said)
    if kind != old.kind:
        raise Rule.MELD_KIND.no(turns_into(old.kind))
    if kind == "set":
        return layouts
    if card.is_natural and card.suit != old.suit:
        raise Rule.RUN_SUIT.no(_("a run's natural cards must all be one suit"))
    if any(None in m.positions for m in layouts) and not thirteenth_card_allowed(old, rules):
        raise Rule.RUN_LENGTH.no(_("a run holds at most {most} cards: a complete run takes no 2 (a 2 stays as a 13th "
                                   "card only when the last natural joins a run of 11 naturals and a 2)").format(
                                       most=rules.max_run_length))
    return _allowed_moves(old, layouts, [card], rules)


def _check_set_rank(old: Meld, added: Sequence[Card]) -> None:
    """A natural card joins a set only with the set's rank: the refusal is the set's rule, not the run
    rule the mixed cards would otherwise fail as."""
    rank = next(c.rank for c in old.cards if c.is_natural)
    for c in added:
        if c.is_natural and c.rank != rank:
            raise Rule.SET_RANKS.no(_("a set holds one rank: {card} cannot join a set of {rank}s").format(
                card=_name(c), rank=rank_code(rank)))


def _apply(old: Meld, added: Sequence[Card], rules: Ruleset, arrangement: Sequence[Card] | None,
           said: bool = True) -> Meld:
    """The meld after a lay-off: the cards join one at a time, in whatever order works.

    One rule for one card and for several: a lay-off of several cards is legal exactly when some
    order of laying them one by one is (each step under the rule set's wild movement, with any
    layout that step allows), and the result is one of the tables that order reaches. So a 2
    displaced to the low end may then have a lower card laid below it, as it could a turn later.
    """
    if old.kind == "set":
        _check_set_rank(old, added)
        new_cards = list(old.cards) + list(added)
        kind, layouts = _layouts(new_cards, rules, said)
        if kind != "set":
            raise Rule.MELD_KIND.no(turns_into("set"))
        return layouts[0] if arrangement is None else _set_arrangements(arrangement, rules)
    if len(added) == 1:  # the common lay-off: one step, so no orders to search
        return _choose(old, _one_card(old, added[0], rules, said), added, rules, arrangement)
    if len(old.cards) + len(added) > rules.max_run_length + 1:  # no order can work: say why at once
        _layouts(list(old.cards) + list(added), rules)
    states: dict[tuple[tuple[Card, ...], tuple[Card, ...], tuple[int | None, ...]], Meld] = {
        (tuple(added), old.cards, old.positions): old}
    deepest: IllegalMoveError | None = None
    for _ in added:
        following: dict[tuple[tuple[Card, ...], tuple[Card, ...], tuple[int | None, ...]], Meld] = {}
        for (left, _cards, _positions), meld in states.items():
            for i, card in enumerate(left):
                if card in left[:i]:
                    continue  # the same card twice: one try is enough
                rest = left[:i] + left[i + 1:]
                try:
                    for m in _one_card(meld, card, rules):
                        following.setdefault((rest, m.cards, m.positions), m)
                except IllegalMoveError as no:
                    deepest = no
        if not following:
            assert deepest is not None
            raise deepest
        states = following
    return _choose(old, list(states.values()), added, rules, arrangement)


def verify_lay_off(meld: Meld, cards: Iterable[Card | str], rules: Ruleset,
                   arrangement: Sequence[Card | str] | None = None) -> Meld:
    """The meld after adding ``cards`` to it, or :class:`IllegalMoveError`.

    A meld is never split and no card leaves it; wild cards move only as the
    rule set allows (free, slide to an open end, low-or-high end, joker locked).
    """
    return _lay_off(meld, parse_cards(cards), rules, None if arrangement is None else parse_cards(arrangement))


def lay_off_of(meld: Meld, cards: tuple[Card, ...], rules: Ruleset,
               arrangement: tuple[Card, ...] | None = None) -> Meld:
    """:func:`verify_lay_off` of cards already read (such as a typed event's), remembered per
    ``(meld, cards, rules, arrangement)``. Refusals are not remembered: each is raised afresh."""
    try:  # tuple() of a tuple is the tuple itself; a list given by hand becomes a key
        return _lay_off_of(meld, tuple(cards), rules, None if arrangement is None else tuple(arrangement))
    except IllegalMoveError as no:
        raise no from None


def _lay_off(meld: Meld, added: tuple[Card, ...], rules: Ruleset, arrangement: tuple[Card, ...] | None) -> Meld:
    if not added:
        raise Rule.LAY_OFF.no(_("a lay-off adds at least one card"))
    try:
        return _apply(meld, added, rules, arrangement)
    except IllegalMoveError as no:
        raise IllegalMoveError(_("cannot add {cards} to {meld}: {reason}").format(
            cards=card_run(added), meld=card_run(meld.describe()), reason=no), rule=no.rule,
            source=no.source) from None


def one_card_or_none(meld: Meld, card: Card, rules: Ruleset) -> Meld | None:
    """:func:`lay_off_of` of one card, or None where the rules refuse it, without wording the refusal
    around its reason: the searches try card after card and only want the answer."""
    try:
        return _apply(meld, (card,), rules, None, said=False)
    except IllegalMoveError:
        return None


_lay_off_of = lru_cache(maxsize=8192)(_lay_off)
FORGET: list[Callable[[], None]] = []  # what other modules remember of melds (fast_melds), forgotten with these


def clear_caches() -> None:
    """Forget every remembered layout and result (to measure a cold start; nothing else needs it)."""
    for forget in (_run_layouts_of.cache_clear, _meld_of.cache_clear, _lay_off_of.cache_clear, *FORGET):
        forget()


def can_lay_off(meld: Meld, cards: Iterable[Card | str], rules: Ruleset) -> bool:
    try:
        verify_lay_off(meld, cards, rules)
    except IllegalMoveError:
        return False
    return True


def verify_joker_swap(meld: Meld, card: Card | str, rules: Ruleset,
                      arrangement: Sequence[Card | str] | None = None) -> Meld:
    """The meld after ``card`` takes the joker's place (the joker goes to hand)."""
    (natural,) = parse_cards([card])
    def tried(reason: str) -> str:
        return _("cannot swap {card} for the joker in {meld}: {reason}").format(
            card=card_run(natural), meld=card_run(meld.describe()), reason=reason)

    def src() -> str:  # asked only for a refusal: the solver tries many swaps, the reducer one
        return cite(rules, Rule.JOKER_SWAP)

    if not any(c.is_joker for c in meld.cards):
        raise Rule.JOKER_SWAP.no(tried(_("that meld holds no joker")), src())
    if not natural.is_natural:
        raise Rule.JOKER_SWAP.no(tried(_("only a natural card can take a joker's place")), src())
    stood = meld.stands_for()[next(i for i, c in enumerate(meld.cards) if c.is_joker)]
    if rules.joker_swap == "exact_card" and meld.kind == "run" and natural != stood:
        raise Rule.JOKER_SWAP.no(tried(_("the joker stands for {card}, and only that exact card may replace "
                                         "it").format(card=card_run(stood) if stood else "?")), src())
    new_cards = [natural if c.is_joker else c for c in meld.cards]
    try:
        if meld.kind == "set":
            _check_set_rank(meld, [natural])
        kind, layouts = _layouts(new_cards, rules)
        if meld.kind == "set":
            return layouts[0]
        if rules.joker_swap == "exact_card":
            # the natural takes the joker's exact spot; nothing else moves
            return Meld("run", tuple(new_cards), meld.positions, meld.suit)
        return _choose(meld, _allowed_moves(meld, layouts, [natural], rules), [natural], rules,
                       None if arrangement is None else parse_cards(arrangement))
    except IllegalMoveError as why:
        raise IllegalMoveError(tried(str(why)), rule=why.rule, source=why.source) from None


def can_joker_swap(meld: Meld, card: Card | str, rules: Ruleset) -> bool:
    try:
        verify_joker_swap(meld, card, rules)
    except (IllegalMoveError, MalformedInputError):
        return False
    return True
