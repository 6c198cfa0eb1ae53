"""The go-out solver and the best partition of a hand into melds.

``best_partition`` packs a hand into disjoint new melds for the most points
(the rest is deadwood that counts against the player). ``go_out`` asks whether
a hand can be emptied this turn (everything laid, or all but one card laid and
that one discarded), counting lay-offs onto melds on the table and joker
swaps, and how.

Both rest on an exact search over the candidate melds of ``candidates.py``
(runs up to 5 long are enough: a longer run splits into runs of 3 to 5 with
the same cards), memoised on the multiset of cards left, so a 19-card hand
with both jokers and several 2s is answered in milliseconds; the tests check
it against brute force. What ``go_out`` does not search: more than one joker
swap, or a swap after a lay-off; and with more than ``EXACT_LAY_OFFS`` cards
left over, lay-offs are placed greedily.

>>> from banakil_replay.rules import get_ruleset
>>> from banakil_replay.cards import parse_cards
>>> p = best_partition(parse_cards("7H 8H 9H 3C 3D 3S KD"), get_ruleset("classic"))
>>> [m.codes for m in p.melds], [c.code for c in p.left]
([['3C', '3D', '3S'], ['7H', '8H', '9H']], ['KD'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Collection, Sequence

from .candidates import meld_candidates, run_candidates, set_candidates, stand_in_candidates
from .packing import FIELD, GUARDS, IN_ORDER, UNITS, WILD_LAST, Score, best_pair, best_points, tables, worths
from ...cards import ACE_RANK, JOKER, Card, card_order
from ...fast_melds import fit_or_none, meld_of, swap_or_none
from ...melds import Meld
from ...rules import Ruleset

MAX_RUN_IN_PARTITION = 5
STUCK = 64.0  # the cost of keeping a card that cannot be laid off, against 1 for one that can (hands hold < 64)


@dataclass(frozen=True)
class Partition:
    """Melds chosen from a hand, cards left over, and what was melded in points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    value: float
    lay_offs: tuple[tuple[int, Card], ...] = ()  # (meld id on the table, card)
    swaps: tuple[tuple[int, Card], ...] = ()  # (meld id on the table, card given for the joker)
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, object]:
        return {
            "melds": [m.codes for m in self.melds],
            "stands_for": [{str(i): c for i, c in m.stands_for_codes().items() if c} for m in self.melds],
            "lay_offs": [{"meld": mid, "card": c.code} for mid, c in self.lay_offs],
            "joker_swaps": [{"meld": mid, "card": c.code} for mid, c in self.swaps],
            "left": [c.code for c in self.left],
            "melded_value": self.value,
        }


def _search(hand: Sequence[Card], rules: Ruleset, prefer_fewest_left: bool, loose: frozenset[Card] = frozenset(),
            loose_cost: float = -1.0) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Exact search: which candidate melds to lay, and which cards stay in hand.

    The plain candidates leave out a wild standing where a natural of the hand
    would go; when the hand holds a wild, a second search that allows it (see
    :func:`_pack`) replaces the first if it does strictly better. It is skipped
    (with ``SHORTCUTS``) when it cannot: when the hand has no such stand-in, or
    when the first search already reached the most any layout could score.
    """
    plain = meld_candidates(hand, rules, MAX_RUN_IN_PARTITION)
    score, chosen, left = _pack(hand, rules, prefer_fewest_left, False, loose, loose_cost, plain)
    if any(c.is_wild for c in hand):
        extra = stand_in_candidates(hand, rules, MAX_RUN_IN_PARTITION)
        if SHORTCUTS and (not extra or score >= _ceiling(hand, rules, prefer_fewest_left, plain + extra,
                                                         loose, loose_cost)):
            return chosen, left
        score2, chosen2, left2 = _pack(hand, rules, prefer_fewest_left, True, loose, loose_cost, plain + extra)
        if score2 > score:
            return chosen2, left2
    return chosen, left


SHORTCUTS = True  # off, the partition search runs as it did before them (tests/test_fast_paths.py compares)


def _ceiling(hand: Sequence[Card], rules: Ruleset, prefer_fewest_left: bool, cands: list[tuple[Card, ...]],
             loose: frozenset[Card], loose_cost: float) -> Score:
    """A score no layout of ``hand`` with ``cands`` can beat: every card that is in some candidate
    melded (or kept, where keeping it scores more), every other card kept. Each part of a score is
    a sum over the cards; the sums are of halves, so exact, and a tie with it is a tie in fact."""
    worth, live = worths(rules), {c for m in cands for c in m}
    live_two, loose_two = any(w.is_two for w in live), any(w.is_two for w in loose)  # every 2 is one kind
    if not prefer_fewest_left:
        return sum(worth[c] for c in hand if c in live or (c.is_two and live_two)), 0.0
    a = b = 0.0
    for c in hand:
        keep = (loose_cost if c in loose or (c.is_two and loose_two) else -STUCK) if loose else -1.0
        if c in live or (c.is_two and live_two):
            a += max(keep, 0.0)
            b += worth[c]
        else:
            a += keep
    return a, b


def _pack(hand: Sequence[Card], rules: Ruleset, prefer_fewest_left: bool, stand_ins: bool,
          loose: frozenset[Card] = frozenset(), loose_cost: float = -1.0,
          given: list[tuple[Card, ...]] | None = None) -> tuple[Score, list[tuple[Card, ...]], list[Card]]:
    """The search proper: its best score, the melds, and the cards left.

    With ``prefer_fewest_left`` and ``loose`` (cards that could go onto table
    melds), it first keeps as few cards as possible that are not loose, then
    as few loose cards as possible (``loose_cost`` -1) or as many (+1), then
    melds the most points.

    Every 2 plays alike in a meld whatever its suit, so the search sees them as
    one card kind (a far smaller space) and real 2s are handed out at the end.

    With ``stand_ins`` the candidates include runs in which a wild takes the
    spot of a natural the hand holds (needed when that natural is spent in
    another meld), and the search takes naturals before wilds: each meld is
    then tried at its lowest natural, rather than every meld with a wild at
    the wild, which kept the tenfold candidates from costing tenfold time.
    ``given`` is the candidates when the caller has them already (the same list).
    """
    real_twos = sorted((c for c in hand if c.is_two), key=card_order)
    if real_twos:
        hand = [real_twos[0] if c.is_two else c for c in hand]
        if loose:
            loose = frozenset(real_twos[0] if c.is_two else c for c in loose)
    if given is not None:
        cands = given
    else:
        cands = meld_candidates(hand, rules, MAX_RUN_IN_PARTITION)
        if stand_ins:
            cands += stand_in_candidates(hand, rules, MAX_RUN_IN_PARTITION)
    if not cands and SHORTCUTS:  # most playout hands: nothing to search, every card stays
        kept = 0.0 if not prefer_fewest_left else sum(
            (loose_cost if c in loose else -STUCK) if loose else -1.0 for c in hand)
        every = [c for c in hand if not c.is_two] + real_twos if real_twos else list(hand)
        return (0.0 + kept, 0.0), [], sorted(every, key=card_order)
    index = WILD_LAST if stand_ins else IN_ORDER
    tries = tables(stand_ins, cands, rules)
    live = {c for m in cands for c in m}
    # A card in no candidate meld always stays in hand: the search starts without such cards and
    # their cost is added once at the end. Costs are whole numbers, so the sums are exact and every
    # comparison inside the search comes out as it did with them (the same melds, the same ties).
    start = GUARDS + sum(UNITS[index[c]] for c in hand if c in live)
    if prefer_fewest_left:
        if loose:
            leave = [-STUCK] * len(index)
            for c in loose:
                leave[index[c]] = loose_cost
        else:
            leave = [-1.0] * len(index)
        stays = sum(leave[index[c]] for c in hand if c not in live)
        (a, b), picks = best_pair(start, GUARDS, tries, leave)
    else:  # keeping a card costs nothing: the score is the points melded, its second part 0
        (a, picks), b, stays = best_points(start, GUARDS, tries), 0.0, 0.0
    score = (a + stays, b)
    spare = list(real_twos)
    chosen = [tuple(spare.pop(0) if c.is_two else c for c in cands[k]) for k in picks]
    left = [c for c in hand if not c.is_two]
    for m in chosen:
        for c in m:
            if not c.is_two:
                left.remove(c)
    return score, chosen, sorted(left + spare, key=card_order)


def best_partition(hand: Sequence[Card], rules: Ruleset) -> Partition:
    """The most points a hand can meld at once, as new melds only."""
    chosen, left = _search(hand, rules, prefer_fewest_left=False)
    melds = tuple(meld_of(m, rules) for m in chosen)  # verify_meld's, remembered
    return Partition(melds, tuple(left), sum((rules.value(c) for m in chosen for c in m), 0.0))  # 0.0: see _laid


def go_out(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]] = (),
           *, must_discard: bool | None = None, restricted: Collection[Card] = ()) -> tuple[bool, Partition]:
    """Can this hand be emptied this turn (after the draw), and how?

    Going out means laying every card (when the rules allow going out without
    a discard) or laying all but one card and discarding that one. A final
    discard is required when ``must_discard`` (by default: when the rule set
    has ``go_out_without_discard`` off, as Kroot does, 003). ``restricted``
    names the cards taken from the pile this turn that the discard limit
    forbids throwing back; the card kept for the discard is never one of them.

    ``table`` lists the melds this seat may add to (own and, where allowed,
    partner melds) as ``(meld id, meld)``. Joker swaps are tried first (each
    brings a joker into the hand), then the fewest-cards-left partition and
    lay-offs of what is left; when that leaves no legal last discard, each
    card the hand may discard is held back in turn, cheapest first, and the
    rest is laid out the same way. The answer's ``left`` is the discard (or
    empty); when the hand cannot go out it is the fewest-cards-left layout.
    """
    need_discard = (not rules.go_out_without_discard) if must_discard is None else must_discard
    banned = frozenset(restricted)
    fits: LayOffFits = {}
    best: tuple[bool, Partition] | None = None
    for swap_hand, swaps, table_now in _swap_variants(hand, rules, table):
        loose = _Loose(swap_hand, rules, table_now, fits)
        part, stuck = _lay_out(swap_hand, rules, table_now, swaps, fits, loose)
        out = ((not part.left and not need_discard)
               or (len(part.left) == 1 and part.left[0] not in banned))
        # Every card but the discard must be melded or laid off, and the search found no
        # partition keeping fewer than ``stuck`` cards that fit no table meld: with two, no
        # discard helps; with one, such a card is the only one worth holding back.
        if not out and stuck <= 1:
            skip = banned | (loose.cards() if stuck else frozenset())
            held = _hold_back(swap_hand, rules, table_now, swaps, skip, fits, loose)
            if held is not None:
                out, part = True, held
        if best is None or (out, -len(part.left), part.value) > (best[0], -len(best[1].left), best[1].value):
            best = (out, part)
    assert best is not None
    return best


class _Loose:
    """The cards of a hand that fit a table meld as it is, or as it grows when the hand's cards
    are laid off; worked out when first asked for (most hands never need it)."""

    def __init__(self, hand: Sequence[Card], rules: Ruleset, table: list[tuple[int, Meld]],
                 fits: LayOffFits) -> None:
        self.hand, self.rules, self.table, self.fits = hand, rules, table, fits
        self._cards: frozenset[Card] | None = None

    def cards(self) -> frozenset[Card]:
        if self._cards is None:
            rules, fits = self.rules, self.fits
            _, fit = _lay_off_leftovers(list(self.hand), rules, self.table, fits)
            grown = dict(self.table)
            for mid, card in fit:
                grown[mid] = _fit(grown[mid], card, rules, fits) or grown[mid]
            melds = [m for _, m in self.table] + list(grown.values())
            self._cards = frozenset(c for _, c in fit) | frozenset(
                c for c in set(self.hand) if any(_fit(m, c, rules, fits) is not None for m in melds))
        return self._cards


def _lay_out(hand: Sequence[Card], rules: Ruleset, table: list[tuple[int, Meld]],
             swaps: list[tuple[int, Card]], fits: LayOffFits, loose: _Loose) -> tuple[Partition, int]:
    """The fewest-cards-left partition of ``hand``, then lay-offs of what is left onto ``table``;
    and how few cards that fit no table meld a partition can keep.

    When cards stay in hand although some could go onto the table, a second
    partition keeps those in preference to the others (3♣ 3♦ JK + 3♣ 2♣ onto a
    heart run leaves one card where 3♣ 2♣ JK leaves 3♣ 3♦, neither of which fits).
    """
    part, kept = _laid(hand, rules, table, swaps, fits, frozenset())
    if not part.left:
        return part, 0
    fitting = loose.cards() & set(hand) if table else frozenset()
    if not fitting:
        return part, len(kept)
    other, kept = _laid(hand, rules, table, swaps, fits, fitting)
    stuck = sum(c not in fitting for c in kept)
    if other.left and stuck <= 1:
        # keeping the fewest loose cards can leave one that only fits once another is laid
        # (2♥ onto 5♠ JK 7♠ makes room for 3♠): try keeping as many as the melds allow
        more, _ = _laid(hand, rules, table, swaps, fits, fitting, +1.0)
        if len(more.left) < len(other.left):
            other = more
    return (other if len(other.left) < len(part.left) else part), stuck


def _laid(hand: Sequence[Card], rules: Ruleset, table: list[tuple[int, Meld]], swaps: list[tuple[int, Card]],
          fits: LayOffFits, loose: frozenset[Card], loose_cost: float = -1.0) -> tuple[Partition, list[Card]]:
    """The partition the search prefers (see ``_pack``), laid out, and the cards it kept before lay-offs."""
    chosen, kept = _search(hand, rules, True, loose, loose_cost)
    melds = tuple(meld_of(m, rules) for m in chosen)  # verify_meld's, remembered
    left, lay_offs = _lay_off_leftovers(kept, rules, table, fits)
    # float starts: compiled (mypyc), a sum of floats from the int 0 is refused as "int expected"
    value = sum((rules.value(c) for m in chosen for c in m), 0.0) + sum((rules.value(c) for _, c in lay_offs), 0.0)
    return Partition(melds, tuple(left), value, tuple(lay_offs), tuple(swaps)), kept


def _hold_back(hand: Sequence[Card], rules: Ruleset, table: list[tuple[int, Meld]],
               swaps: list[tuple[int, Card]], skip: frozenset[Card], fits: LayOffFits,
               loose: _Loose) -> Partition | None:
    """Lay out everything but one card (not in ``skip``) and keep that one for the discard,
    or None when no card allows it.

    Every card but the discard is laid, so the cheapest discard that works is
    also the layout worth most: trying discards cheapest first, the first that
    works is the best.
    """
    for card in sorted(set(hand) - skip, key=lambda c: (rules.value(c), c)):
        rest = list(hand)
        rest.remove(card)
        if SHORTCUTS and not coverable(rest, rules, table, spare=0):
            continue  # new melds cannot hold every card of the rest no table meld could take
        part, _ = _lay_out(rest, rules, table, swaps, fits, loose)
        if not part.left:
            return Partition(part.melds, (card,), part.value, part.lay_offs, part.swaps)
    return None


def strays(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]] = (),
           fits: Sequence[bool] | None = None) -> list[Card]:
    """Cards of the hand that no way of going out this turn could lay, in hand order.

    A card counts as placeable when it is in some candidate meld of the hand
    (with a joker added when a table meld holds one, as a swap would bring
    it), or could plausibly be added to a table meld (:func:`addable`). A wild
    is placeable too when the hand has a run candidate (it could stand in the
    run for a natural held back; a joker also in a set candidate): the
    candidates leave that choice out and list one 2 for all.

    Going out leaves at most one card, so with two strays a hand cannot go
    out, and with one stray that card must be the discard. ``fits`` is
    :func:`addable`'s answer for the hand, when the caller has it already.
    """
    jokers_on_table = any(JOKER in m.cards for _, m in table)
    pool = list(hand) + ([JOKER] if jokers_on_table else [])  # a swap would bring a joker into the hand
    # runs up to 5 long: a card in a longer run is in one of them too, and the searches ask for these
    runs, sets = run_candidates(pool, rules, MAX_RUN_IN_PARTITION), set_candidates(pool)
    in_melds = {c for m in runs + sets for c in m}
    lone_wild_ok = {JOKER: bool(runs or sets)}
    return [c for c, add in zip(hand, addable(hand, rules, table) if fits is None else fits)
            if not (add or c in in_melds or (c.is_wild and lone_wild_ok.get(c, bool(runs))))]


def coverable(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]] = (),
              fits: Sequence[bool] | None = None, spare: int = 1) -> bool:
    """Could new melds of the hand hold every card but one (``spare``) that no table meld could take?
    A necessary condition for :func:`go_out`, at the cost of one search instead of a dozen.

    Going out lays every card but the discard, and a card :func:`addable` rules out can only be
    laid in a new meld. One search keeps as few such cards as it can (the others cost nothing to
    keep), with the candidates of both searches of :func:`_search` and a joker more when a table
    meld holds one (a swap would bring it): every layout :func:`go_out` could find is among its
    choices, so when even this one keeps two such cards, no way out exists. ``fits``: as for :func:`strays`.
    """
    fits = addable(hand, rules, table) if fits is None else fits
    if sum(not f for f in fits) <= spare:
        return True
    pool = list(hand) + ([JOKER] if any(JOKER in m.cards for _, m in table) else [])
    loose = frozenset(c for c, f in zip(hand, fits) if f) | {JOKER}
    if SHORTCUTS:
        return _covers(pool, rules, loose, spare)
    (kept, _), _, _ = _pack(pool, rules, True, True, loose, 0.0)
    return kept > -(spare + 1) * STUCK


def _covers(pool: list[Card], rules: Ruleset, loose: frozenset[Card], spare: int = 1) -> bool:
    """The question of :func:`coverable` put to the search's tables as a yes or no: is there a layout
    keeping at most ``spare`` cards not in ``loose``? Unlike the scored search it gives a branch up
    once one such card too many is kept and stops at the first layout that answers yes."""
    twos = sorted((c for c in pool if c.is_two), key=card_order)
    if twos:  # every 2 one kind, as in _pack (all of them loose, or none: a wild fits any meld)
        pool, loose = [twos[0] if c.is_two else c for c in pool], frozenset(twos[0] if c.is_two else c for c in loose)
    cands = meld_candidates(pool, rules, MAX_RUN_IN_PARTITION) + stand_in_candidates(pool, rules, MAX_RUN_IN_PARTITION)
    tries, index, guards, units = tables(True, cands, rules), WILD_LAST, GUARDS, UNITS
    live = {c for m in cands for c in m}
    stuck, counted = [1] * len(index), ~guards
    for c in loose:
        stuck[index[c]] = 0
    memo: dict[tuple[int, int], bool] = {}

    def ok(left: int, spare: int) -> bool:
        counts = left & counted
        if not counts:
            return True
        found = memo.get((left, spare))
        if found is None:
            i = ((counts & -counts).bit_length() - 1) // FIELD
            found = False
            for nk, _, _ in tries[i]:  # a loop, not any() over a generator: this is the hot path
                rest = left - nk
                if rest & guards == guards and ok(rest, spare):
                    found = True
                    break
            if not found:
                found = spare >= stuck[i] and ok(left - units[i], spare - stuck[i])
            memo[left, spare] = found
        return found

    spare -= sum(c not in loose for c in pool if c not in live)
    return spare >= 0 and ok(guards + sum(units[index[c]] for c in pool if c in live), spare)


def addable(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]) -> list[bool]:
    """For each card of the hand: could it plausibly be added to a table meld this turn?

    Generous on purpose, so that False is a proof: a wild fits any meld; a
    natural fits any set of its rank, and any run of its suit it could reach
    with the naturals of that suit the hand holds at the ranks between, and
    wilds for the ranks missing there (the hand's, a table joker a swap could
    bring, and the run's own: a wild of the run may move to bridge a gap);
    inside the run only where the run has a wild, whose place it could take.
    """
    if not table:
        return [False] * len(hand)
    jokers_on_table, set_ranks, spans = _reach(tuple(m for _, m in table))
    wilds = int(jokers_on_table)
    held: dict[str, int] = {}  # each suit's natural ranks in hand, as bits (1 << rank), counted once
    for c in hand:
        if c.is_natural:
            held[c.suit] = held.get(c.suit, 0) | 1 << c.rank
        else:
            wilds += 1

    def reaches(c: Card) -> bool:
        mask = held.get(c.suit, 0)
        ranks = (c.rank, 1) if (c.rank == ACE_RANK and rules.ace_low) else (c.rank,)
        for lo, hi, own in spans.get(c.suit, ()):
            for r in ranks:
                if lo <= r <= hi:  # its rank is taken: only in a wild's place, which moves on
                    if own:
                        return True
                    continue
                between = (1 << lo) - (1 << (r + 1)) if r < lo else (1 << r) - (1 << (hi + 1))
                if between.bit_count() - (mask & between).bit_count() <= wilds + own:
                    return True
        return False

    return [c.is_wild or c.rank in set_ranks or reaches(c) for c in hand]


Spans = dict[str, list[tuple[int, int, int]]]  # each suit's runs: (lowest position, highest, wilds in it)


@lru_cache(maxsize=1 << 12)
def _reach(table: tuple[Meld, ...]) -> tuple[bool, frozenset[int | None], Spans]:
    """What :func:`addable` asks of the table melds, remembered (the searches ask about one table
    hand after hand): does one hold a joker, the ranks of its sets, and where its runs lie."""
    spans: Spans = {}
    for m in table:
        if m.kind == "run":
            pos = [p for p in m.positions if p is not None]
            spans.setdefault(m.suit, []).append((min(pos), max(pos), sum(c.is_wild for c in m.cards)))
    return (any(JOKER in m.cards for m in table), frozenset(p for m in table if m.kind != "run" for p in m.positions),
            spans)


def _swap_variants(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]
                   ) -> list[tuple[list[Card], list[tuple[int, Card]], list[tuple[int, Meld]]]]:
    variants: list[tuple[list[Card], list[tuple[int, Card]], list[tuple[int, Meld]]]] = [(list(hand), [], list(table))]
    for pos, (mid, meld) in enumerate(table):
        if JOKER not in meld.cards:
            continue
        for card in sorted({c for c in hand if c.is_natural}):
            new = swap_or_none(meld, card, rules)
            if new is None:
                continue
            h = list(hand)
            h.remove(card)
            h.append(JOKER)
            t = list(table)
            t[pos] = (mid, new)
            variants.append((h, [(mid, card)], t))
    return variants


LayOffFits = dict[tuple[int, Card], "Meld | None"]  # keyed by id(meld): every meld asked about is kept alive
EXACT_LAY_OFFS = 6  # up to this many cards left, lay-offs are searched exhaustively when greed falls short


def _fit(meld: Meld, card: Card, rules: Ruleset, fits: LayOffFits) -> Meld | None:
    """``meld`` with ``card`` added, or None; ``fits`` remembers each verdict, since the
    discards tried by ``_hold_back`` ask about the same table many times over."""
    key = (id(meld), card)
    found = fits.get(key, meld)
    if found is meld:  # not asked yet (a lay-off never returns the meld it was given)
        found = fit_or_none(meld, card, rules)
        fits[key] = found
    return found


def _lay_off_leftovers(left: list[Card], rules: Ruleset, table: list[tuple[int, Meld]],
                       fits: LayOffFits | None = None) -> tuple[list[Card], list[tuple[int, Card]]]:
    """Add leftover cards to the table melds: greedily, repeating while anything fits, and when
    that leaves cards, by trying every order (for a few cards: a card laid in one place can
    take the room another needed, as a joker filling a set an ace was to go to)."""
    fits = {} if fits is None else fits
    start = list(left)
    left = list(left)
    tab = list(table)
    done: list[tuple[int, Card]] = []
    if not tab or not left:
        return left, done
    # a card ``addable`` refuses no chain of lay-offs can lay (tests/test_fast_paths.py): it is never tried
    flags = addable(start, rules, table)
    can = {c for c, fits_one in zip(start, flags) if fits_one}
    progress = True
    while progress and left:
        progress = False
        for card in list(left):
            if card not in can:
                continue
            for pos, (mid, meld) in enumerate(tab):
                new = _fit(meld, card, rules, fits)
                if new is None:
                    continue
                tab[pos] = (mid, new)
                left.remove(card)
                done.append((mid, card))
                progress = True
                break
    # every order is tried only when greed may have fallen short: ``addable`` never refuses a card
    # a chain of lay-offs could lay, so no order lays more cards than it allows
    cap = sum(flags) if left and len(start) <= EXACT_LAY_OFFS else 0
    if len(done) < cap:
        layable = tuple(sorted((c for c in start if c in can), key=card_order))
        most = _most_laid(layable, tuple(table), rules, fits, {}, cap)
        if len(most) > len(done):
            rest = Counter(start)
            rest.subtract(c for _, c in most)
            return sorted(rest.elements(), key=card_order), list(most)
    return left, done


LaidMemo = dict[tuple[tuple[Card, ...], tuple[tuple[int, Meld], ...]], tuple[tuple[int, Card], ...]]


def _most_laid(left: tuple[Card, ...], table: tuple[tuple[int, Meld], ...], rules: Ruleset,
               fits: LayOffFits, memo: LaidMemo, cap: int) -> tuple[tuple[int, Card], ...]:
    """The longest sequence of one-card lay-offs of ``left`` onto ``table``; ``cap`` bounds its
    length (no sequence is longer), so one that long ends the search."""
    key = (left, table)
    if key in memo:
        return memo[key]
    best: tuple[tuple[int, Card], ...] = ()
    for i, card in enumerate(left):
        if i and card == left[i - 1]:
            continue
        rest = left[:i] + left[i + 1:]
        for pos, (mid, meld) in enumerate(table):
            new = _fit(meld, card, rules, fits)
            if new is None:
                continue
            more = _most_laid(rest, table[:pos] + ((mid, new),) + table[pos + 1:], rules, fits, memo, cap - 1)
            if len(more) + 1 > len(best):
                best = ((mid, card),) + more
            if len(best) >= min(cap, len(left)):
                memo[key] = best
                return best
    memo[key] = best
    return best
