"""The common melds and lay-offs checked without the general layout search.

:mod:`.melds` answers every meld and lay-off by enumerating layouts (ace choices, windows, every
order of the wild cards) and choosing among them; that search is general and slow, and a replay
asks it about nearly every meld afresh. In play almost every new meld holds at most one wild card
and almost every lay-off is one card, so the layouts of those can be listed directly, in the very
order the general search lists them, and the same choice made among them.

:func:`meld_of` and :func:`lay_off_of` are the plain functions with the fast path in front. Each
``*_fast`` function returns the :class:`~.melds.Meld` the plain function (``meld_of``,
``lay_off_of``) would return, or None to say "ask the plain one": for any other shape, and for
anything the rules refuse, so every refusal keeps its one wording. ``tests/test_fast_paths.py``
checks the two agree on every meld and lay-off of the sample, conformance and random logs, and on
random card lists under every rule set.
"""

from __future__ import annotations

from itertools import product

from .cards import ACE_RANK, CARD_INDEX, CARD_KINDS, JOKER, SUITS, Card
from .errors import IllegalMoveError
from . import melds
from .melds import SET_RANKS, Meld, verify_joker_swap as verify_joker_swap  # the reducer's, with the two above
from .rules import Ruleset

_ORDER = CARD_INDEX.__getitem__
#: ``_SPANS[lo, n]`` is ``tuple(range(lo, lo + n))``: a run's positions, made once.
_SPANS: dict[tuple[int, int], tuple[int, ...]] = {
    (lo, n): tuple(range(lo, lo + n)) for lo in range(1, ACE_RANK + 1) for n in range(1, ACE_RANK + 1)}


def _natural_run(cards: tuple[Card, ...], rules: Ruleset) -> Meld | None:
    """The run of natural cards of one suit given in rising order, one rank apart, or None.

    Such cards have exactly one layout whatever the ace rules (a low ace needs a wild in position
    2), so it is the layout the general search would choose.
    """
    first = cards[0]
    suit, rank = first.suit, first.rank
    if rank < 3 or len(cards) > rules.max_run_length:  # a wild (2 or joker) first
        return None
    for c in cards:
        if c.rank != rank or c.suit != suit:
            return None
        rank += 1
    return Meld("run", cards, _SPANS[first.rank, len(cards)], suit)


def run_layouts(cards: tuple[Card, ...], rules: Ruleset) -> list[Meld] | None:
    """The run layouts of ``cards`` (sorted by :data:`cards.CARD_INDEX`, so wilds first) holding at
    most one joker and one 2, as ``melds._run_layouts`` lists them (in its order, but for the order of
    the two wilds' places, which it takes from a set); None when there are none or the cards are
    another shape (more wilds, longer than a run may be, two wilds and an ace that may play low)."""
    n = len(cards)
    if n > rules.max_run_length or n < 3:
        return None  # too long: the 13th-card 2 and the refusals are the general search's
    wild = cards[0]
    if not wild.is_wild:
        return None if (m := _natural_run(cards, rules)) is None else [m]
    wilds: tuple[Card, ...] = (wild,)
    naturals = cards[1:]
    if naturals[0].is_wild:
        if not (wild.is_joker and naturals[0].is_two) or len(naturals) < 2 or naturals[1].is_wild:
            return None  # two jokers or two 2s are refused, with their reasons, by the general search
        wilds, naturals = (wild, naturals[0]), naturals[1:]
    suit = naturals[0].suit
    ranks = []
    for c in naturals:
        if c.suit != suit:
            return None
        ranks.append(c.rank)  # ascending: the cards are sorted by rank, then suit
    if rules.ace_low and ranks[-1] == ACE_RANK:
        return (_ace_layouts(wild, naturals, ranks, rules) or None) if len(wilds) == 1 else None
    if len(set(ranks)) != len(ranks):
        return None
    layouts = []
    # every window holds all the naturals and is n long, so it has exactly one gap for each wild
    for lo in range(max(rules.low_rank, ranks[-1] - n + 1), min(ranks[0], ACE_RANK - n + 1) + 1):
        if len(wilds) == 1:
            i = 0
            for r in ranks:
                if r != lo + i:
                    break
                i += 1
            layouts.append(Meld("run", (*naturals[:i], wild, *naturals[i:]), _SPANS[lo, n], suit))
            continue
        gaps, j = [], 0
        for p in range(lo, lo + n):
            if j < len(ranks) and ranks[j] == p:
                j += 1
            else:
                gaps.append(p - lo)
        for order in (wilds, wilds[::-1]):
            line = list(naturals)
            for i, w in zip(gaps, order):  # rising places: each insert lands where it stays
                line.insert(i, w)
            layouts.append(Meld("run", tuple(line), _SPANS[lo, n], suit))
    return layouts or None


def _ace_layouts(wild: Card, naturals: tuple[Card, ...], ranks: list[int], rules: Ruleset) -> list[Meld]:
    """:func:`run_layouts` with an ace that may play low or high: each choice in turn, as
    ``melds._run_layouts`` tries them (low first), a layout found twice listed once."""
    n, suit = len(naturals) + 1, naturals[0].suit
    layouts: list[Meld] = []
    seen: set[tuple[tuple[Card, ...], tuple[int, ...]]] = set()
    for choice in product(*[(1, ACE_RANK) if r == ACE_RANK else (r,) for r in ranks]):
        if len(set(choice)) != len(choice):
            continue
        ordered = sorted(zip(choice, naturals), key=_first)
        lo_n, hi_n = ordered[0][0], ordered[-1][0]
        for lo in range(max(rules.low_rank, hi_n - n + 1), min(lo_n, ACE_RANK - n + 1) + 1):
            i = 0
            for p, _c in ordered:
                if p != lo + i:
                    break
                i += 1
            line = [c for _, c in ordered]
            key = ((*line[:i], wild, *line[i:]), _SPANS[lo, n])
            if key not in seen:
                seen.add(key)
                layouts.append(Meld("run", key[0], key[1], suit))
    return layouts


def _first(pair: tuple[int, Card]) -> int:
    return pair[0]


def _set_of(cards: tuple[Card, ...]) -> Meld | None:
    """``melds._set_arrangements`` of cards whose naturals share a rank, or None where it refuses."""
    naturals = [c for c in cards if c.is_natural]
    rank = naturals[0].rank
    if rank not in SET_RANKS or len(cards) > 4 or any(c.is_two for c in cards):
        return None
    suits = {c.suit for c in naturals}
    if len(suits) != len(naturals):
        return None
    missing = next(s for s in SUITS if s not in suits) if len(naturals) < len(cards) else ""
    return Meld("set", cards, (rank,) * len(cards), "", tuple(c.suit if c.is_natural else missing for c in cards))


def _shape(cards: tuple[Card, ...]) -> tuple[int, bool] | None:
    """How many wilds (at most a joker and a 2, else None) and whether the naturals look like a set."""
    wilds, rank, one_rank = 0, 0, True
    for c in cards:
        if c.is_natural:
            if rank and c.rank != rank:
                one_rank = False
            rank = c.rank
        else:
            wilds += 1
    if len(cards) < 3 or wilds > 2 or (wilds == 2 and sum(c.is_joker for c in cards) != 1):
        return None
    return wilds, one_rank and len(cards) - wilds >= 2  # melds._looks_like_set


def _highest(layouts: list[Meld]) -> Meld:
    """``melds._canonical`` of layouts that hold the same wilds: the first starting highest."""
    best = layouts[0]
    for m in layouts:
        if m.positions[0] > best.positions[0]:  # type: ignore[operator]  # runs here never start at None
            best = m
    return best


def meld_fast(cards: tuple[Card, ...], rules: Ruleset, arrangement: tuple[Card, ...] | None = None) -> Meld | None:
    """``melds.meld_of(cards, rules, arrangement)`` for cards holding at most one wild, or None."""
    if len(cards) < 3:
        return None
    if (arrangement is None or arrangement == cards) and (m := _natural_run(cards, rules)) is not None:
        return m  # the usual meld: a run laid in order, its one layout
    shape = _shape(cards)
    if shape is None:
        return None
    if shape[1]:
        return _set_of(cards) if arrangement is None else None
    ordered = tuple(sorted(cards, key=_ORDER))
    layouts = run_layouts(ordered, rules)
    if layouts is None:
        return None
    if arrangement is not None:
        if tuple(sorted(arrangement, key=_ORDER)) != ordered:
            return None
        cards = arrangement
    for m in layouts:
        if m.cards == cards:  # the order given, when it is itself a layout
            return m
    if arrangement is not None:
        return None
    return _highest(layouts) if shape[0] < 2 else min(layouts, key=melds._canonical_key)


_WILDS = frozenset(c for c in CARD_KINDS if c.is_wild)


def _natural_lay_off(old: Meld, card: Card, rules: Ruleset) -> Meld | None:
    """A natural card added to a run of naturals of its suit: the run one longer at either end, the
    one layout of those cards (a low ace would need a wild in position 2), or None."""
    n = len(old.cards) + 1
    lo, hi = old.positions[0], old.positions[-1]
    if n > rules.max_run_length or lo is None or hi is None:
        return None
    if card.rank == hi + 1:
        return Meld("run", old.cards + (card,), _SPANS[lo, n], old.suit)
    if card.rank == lo - 1:
        return Meld("run", (card,) + old.cards, _SPANS[card.rank, n], old.suit)
    return None


def lay_off_fast(old: Meld, added: tuple[Card, ...], rules: Ruleset,
                 arrangement: tuple[Card, ...] | None = None) -> Meld | None:
    """``melds.lay_off_of(old, added, rules, arrangement)`` for one card added with no arrangement
    given, the meld after it holding at most one wild, or None."""
    if len(added) != 1 or arrangement is not None:
        return None
    card = added[0]
    if old.kind == "run" and card.is_natural and card.suit == old.suit and _WILDS.isdisjoint(old.cards):
        return _natural_lay_off(old, card, rules)
    cards = old.cards + added
    shape = _shape(cards)
    if shape is None:
        return None
    if old.kind == "set":
        if not shape[1] or (card.is_natural and card.rank != old.positions[0]):
            return None
        return _set_of(cards)
    if shape[1] or (card.is_natural and card.suit != old.suit):
        return None
    layouts = run_layouts(tuple(sorted(cards, key=_ORDER)), rules)
    if layouts is None:
        return None
    wild = next((c for c in old.cards if c.is_wild), None)
    if wild is None:
        return _highest(layouts)  # no wild on the table to move: every layout is allowed, none moves one
    if rules.two_movement != "free" or rules.joker_movement != "free":
        return None
    if shape[0] == 2:  # melds._choose: the least wild movement, then the canonical layout
        return min(layouts, key=lambda m: (melds._moves(old, m), melds._canonical_key(m)))
    before = old.wild_position(wild)
    best, best_key = layouts[0], (2, 0)
    for m in layouts:  # the least wild movement, then the canonical layout (melds._choose)
        key = (int(m.wild_position(wild) != before), -m.positions[0])  # type: ignore[operator]
        if key < best_key:
            best, best_key = m, key
    return best


#: Melds and lay-offs already answered, as ``melds``' own caches remember them (refusals are not
#: remembered: each is raised afresh); emptied by ``melds.clear_caches`` and when full.
_MELDS: dict[tuple[tuple[Card, ...], Ruleset, tuple[Card, ...] | None], Meld] = {}
_LAID: dict[tuple[Meld, tuple[Card, ...], Ruleset, tuple[Card, ...] | None], Meld] = {}
Answers = dict[tuple[Meld, Card], tuple["Meld | None"]]  # a one-card lay-off's or swap's answer, None a refusal
#: The searches' one-card answers, refusals included, for each rule set by its id: the store keeps the
#: rule set, so the id stays its own, and an id is hashed in C where a Ruleset's hash is Python's.
_FITS: dict[int, tuple[Ruleset, Answers]] = {}
_SWAPS: dict[int, tuple[Ruleset, Answers]] = {}
_LIMIT = 8192
melds.FORGET += [_MELDS.clear, _LAID.clear, _FITS.clear, _SWAPS.clear]


def _answers(store: dict[int, tuple[Ruleset, Answers]], rules: Ruleset) -> Answers:
    entry = store.get(id(rules))
    if entry is None:
        entry = store[id(rules)] = (rules, {})
    elif len(entry[1]) >= _LIMIT:
        entry[1].clear()
    return entry[1]


def meld_of(cards: tuple[Card, ...], rules: Ruleset, arrangement: tuple[Card, ...] | None = None) -> Meld:
    """:func:`melds.meld_of`, answered here when the meld is a common shape, and remembered."""
    cards = tuple(cards)  # the tuple itself when it is one; a list given by hand becomes a key
    arrangement = None if arrangement is None else tuple(arrangement)
    key = (cards, rules, arrangement)
    meld = _MELDS.get(key)
    if meld is None:
        meld = meld_fast(cards, rules, arrangement)
        if meld is None:
            meld = melds.meld_of(cards, rules, arrangement)
        if len(_MELDS) >= _LIMIT:
            _MELDS.clear()
        _MELDS[key] = meld
    return meld


def lay_off_of(old: Meld, added: tuple[Card, ...], rules: Ruleset,
               arrangement: tuple[Card, ...] | None = None) -> Meld:
    """:func:`melds.lay_off_of`, answered here when the lay-off is a common shape, and remembered."""
    added = tuple(added)
    arrangement = None if arrangement is None else tuple(arrangement)
    key = (old, added, rules, arrangement)
    meld = _LAID.get(key)
    if meld is None:
        meld = lay_off_fast(old, added, rules, arrangement)
        if meld is None:
            meld = melds.lay_off_of(old, added, rules, arrangement)
        if len(_LAID) >= _LIMIT:
            _LAID.clear()
        _LAID[key] = meld
    return meld


def fit_or_none(old: Meld, card: Card, rules: Ruleset) -> Meld | None:
    """The meld after ``card`` is added to ``old`` (:func:`lay_off_of`), or None where the rules
    refuse it, remembered either way.

    The searches (the go-out solver, the playouts' lay-offs) try card after card on the table's
    melds and most tries are refused; a refusal's reason, a sentence in the reader's language,
    took more building than the answer, and was built again at every try.
    """
    known = _answers(_FITS, rules)
    found = known.get((old, card))
    if found is not None:
        return found[0]
    meld: Meld | None = None
    if not _surely_refused(old, card, rules):  # lay_off_of's answer, its refusal unworded
        meld = lay_off_fast(old, (card,), rules) or melds.one_card_or_none(old, card, rules)
    known[old, card] = (meld,)
    return meld


def swap_or_none(old: Meld, card: Card, rules: Ruleset) -> Meld | None:
    """The meld after the natural ``card`` takes its joker's place (:func:`melds.verify_joker_swap`),
    or None where the rules refuse it, remembered either way: the go-out solver tries every natural
    of the hand on every table meld holding a joker, and nearly every try is refused (a set takes
    only its rank, a run only its suit: refused here without building the refusal's sentence)."""
    known = _answers(_SWAPS, rules)
    found = known.get((old, card))
    if found is not None:
        return found[0]
    meld: Meld | None = None
    if card.is_natural and JOKER in old.cards and not _of_another_kind(old, card):
        try:
            meld = verify_joker_swap(old, card, rules)
        except IllegalMoveError:
            pass
    known[old, card] = (meld,)
    return meld


def _surely_refused(old: Meld, card: Card, rules: Ruleset) -> bool:
    """Is adding the natural ``card`` to ``old`` refused whatever the rule set's options, without the
    general search? A set takes only its rank; a run only its suit; a run of naturals alone only the
    card next to one of its ends (no wild to bridge a gap). The most common refusals of the searches'
    tries; False means "ask", not "accepted"."""
    if not card.is_natural:
        return False
    if _of_another_kind(old, card):
        return True
    return old.kind == "run" and _WILDS.isdisjoint(old.cards) and _natural_lay_off(old, card, rules) is None


def _of_another_kind(old: Meld, card: Card) -> bool:
    """Is the natural ``card`` of another rank than the set ``old``, or another suit than the run?
    Then no lay-off and no joker swap puts it there, whatever the rule set."""
    return card.rank != old.positions[0] if old.kind == "set" else card.suit != old.suit
