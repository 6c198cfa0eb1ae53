"""The pure reducer: fold a log of events into game states, checking every rule.

``apply(state, event)`` returns a new state or raises :class:`ReplayError`
naming the seq, the event type, the rule broken and its source file; a failed
event changes nothing. ``replay(events)`` keeps the state after every event
for random access. No clock, no randomness, no I/O: deals and draws are facts
recorded in the log.

Each event type has one handler, ``after_<event>(state, event)``, that returns the
state after it or raises :class:`IllegalMoveError` naming the rule of the
rulebook it breaks; checks shared by several handlers are ``verify_*`` functions
that return nothing or raise. The options generator calls the same handlers, so
"is this legal" and "why not" never disagree.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence, cast

from .cards import CARD_INDEX, CARD_KINDS, Card, JOKER, counts_of, deck_left, card_run, difference_words, full_deck
from .citation_words import said
from .citations import BANKED, cite
from .errors import IllegalMoveError, MalformedInputError
from .errors import MalformedEventError as MalformedEventError, ReplayError as ReplayError  # their callers import them here
from .events import (
    Annotated, Discarded, Drew, Event, HandRecorded, HandScored, HandStarted, JokerSwapped, LaidOff, MatchBanked,
    HandStruck, MatchStarted, Melded, Reshuffled, Took, format_minor, newer_hint, parse_event,
)
from .fast_melds import lay_off_of, meld_of, verify_joker_swap
from .rulebook import Rule
from .rules import Ruleset, get_ruleset
from .hand_end import seat_inputs
from .i18n import N_, _, ngettext
from .limits import may_discard, reshuffle_left, stock_renewal_refused
from .strike import after_hand_struck, recorded_hand_table, verify_recorded_hand
from .scoring import HandInput, HandScore, line, match_status_of, score_hand
from .seats import first_to_play, next_dealer, sides_of
from .state import DREW, DREW_LAID, FRESH_TURN, FRESH_TURN_LAID, GameState, TableMeld, Turn, evolve as _evolve, set_seq
from .state import Replay as Replay  # every state of a log: made here, kept with the state

DECK: Counter[Card] = full_deck()
DECK_COPIES = 2  # the deck holds two of every card kind
_ZEROS = (0,) * len(CARD_KINDS)
assert set(DECK.values()) == {DECK_COPIES} and len(DECK) == len(CARD_KINDS)


def _rules(state: GameState) -> Ruleset:
    if state.rules is None:
        raise Rule.LOG_STARTS.no(_("the log must start with a match_started event"))
    return state.rules


def _index(hand: tuple[Card, ...], card: Card) -> int:
    """``hand.index(card)`` or -1, by identity (equal cards are one object): a third of ``index``'s cost."""
    i = 0
    for c in hand:
        if c is card:
            return i
        i += 1
    return -1


def _take_from(hand: tuple[Card, ...], cards: Iterable[Card], seat: int) -> tuple[Card, ...]:
    """The hand without ``cards`` (the first copy of each); an error names the first card the seat does not hold."""
    for c in cards:
        i = _index(hand, c)
        if i < 0:
            raise Rule.CARDS_FROM_HAND.no(_("seat {seat} does not hold {card}").format(seat=seat, card=card_run(c)))
        hand = hand[:i] + hand[i + 1:]
    return hand


def _set(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return seq[:i] + (value,) + seq[i + 1:]


def _seat_ok(state: GameState, seat: int) -> None:
    if seat >= state.n:
        raise Rule.SEATS.no(_("there is no seat {seat} at a table of {players}").format(seat=seat, players=state.n))


# ----------------------------------------------------------- turn and phase
def _no_hand(state: GameState) -> IllegalMoveError:
    if state.match_over:
        return Rule.HAND_IN_PLAY.no(_("no hand is in play: the match is over"))
    if state.hand_no:
        return Rule.HAND_IN_PLAY.no(_("no hand is in play: hand {hand} has ended").format(hand=state.hand_no))
    return Rule.HAND_IN_PLAY.no(_("no hand is in play: no hand_started yet"))


def verify_turn(state: GameState, seat: int) -> None:
    """A hand is in play and it is ``seat``'s turn."""
    _rules(state)
    _seat_ok(state, seat)
    if not state.in_hand:
        raise _no_hand(state)
    if seat != state.turn:
        raise Rule.TURN_ORDER.no(_("it is seat {turn}'s turn, not seat {seat}'s").format(turn=state.turn, seat=seat))


def verify_draw_phase(state: GameState, seat: int) -> None:
    if seat == state.turn and state.phase == "draw" and state.rules is not None:
        return  # the usual case, every check below passing (the seat to act is always a seat)
    verify_turn(state, seat)
    if state.phase != "draw":
        if state.first_turn and _rules(state).opening == "starter_19":  # the 19th card was the first draw
            raise Rule.OPENING.no(_("seat {seat} was dealt 19 cards as the starter and does not draw on the first "
                                    "turn: the first turn begins with melding or the discard").format(seat=seat))
        raise Rule.ONE_DRAW_PER_TURN.no(_("seat {seat} has already drawn this turn").format(seat=seat))


def verify_meld_phase(state: GameState, seat: int) -> None:
    if seat == state.turn and state.phase == "meld" and state.rules is not None:
        return  # the usual case, every check below passing (the seat to act is always a seat)
    verify_turn(state, seat)
    if state.phase != "meld":
        raise Rule.DRAW_FIRST.no(_("seat {seat} must draw before melding or discarding").format(seat=seat))


# ------------------------------------------------------------------- verify
def after_match_started(state: GameState, ev: MatchStarted) -> GameState:
    if state.seq != -1:
        raise Rule.LOG_STARTS.no(_("a log holds one match_started event, as its first event"))
    try:
        rules = get_ruleset(ev.rules, ev.options)  # MalformedInputError names the knob and what it takes
        rules.check_players(len(ev.players))
    except MalformedInputError as e:  # an unknown rule set too: a newer minor version may know the name
        raise MalformedInputError(f"{e}{newer_hint(format_minor(ev.format))}") from None
    return _evolve(state, rules=rules, players=ev.players, totals=tuple(0 for _ in sides_of(len(ev.players))),
                        format_minor=format_minor(ev.format))


def after_hand_started(state: GameState, ev: HandStarted) -> GameState:
    rules = _rules(state)
    n = state.n
    if state.match_over:
        raise Rule.MATCH_END.no(_("the match is over"))
    if state.in_hand:
        raise Rule.ONE_HAND_AT_A_TIME.no(_("hand {hand} is still in play").format(hand=state.hand_no))
    if ev.hand != state.hand_no + 1:
        raise Rule.HANDS_IN_ORDER.no(_("expected hand {want}, got hand {hand}").format(want=state.hand_no + 1, hand=ev.hand))
    if ev.dealer >= n:
        raise Rule.SEATS.no(_("dealer {dealer} is not a seat of {players}").format(dealer=ev.dealer, players=n))
    verify_dealer(state, rules, ev)
    if len(ev.hands) != n:
        raise Rule.DEAL.no(ngettext("{count} hands dealt to {players} players", "{count} hands dealt to {players} players",
                                    len(ev.hands)).format(count=len(ev.hands), players=n))
    first = first_to_play(ev.dealer, n)
    starter = rules.opening == "starter_19"
    for seat, cards in enumerate(ev.hands):
        want = rules.cards_dealt(seat, first)
        if len(cards) != want:
            raise Rule.DEAL.no(_dealt_wrong(seat, len(cards), want))
    if starter and ev.upcard is not None:
        raise Rule.OPENING.no(_("these rules turn no card up: the starter gets 19 cards instead"))
    if not starter and ev.upcard is None:
        raise Rule.OPENING.no(_("these rules turn one card up to start the discard pile; 'upcard' is missing"))
    unseen = _undealt(ev)
    no = tuple(False for _ in range(n))
    return _evolve(state, 
        hand_no=ev.hand, dealer=ev.dealer, turn=first, phase="meld" if starter else "draw",
        hands=ev.hands, melds=(), discard=(ev.upcard,) if ev.upcard else (),
        stock=ev.stock, stock_count=sum(unseen), unseen=unseen,
        this_turn=FRESH_TURN, opened=no, laid_any=no, had_turn=_set(no, first, True), reshuffles=0, first_turn=True,
        went_out=None, all_at_once=False, hand_score=None)


def _dealt_wrong(seat: int, count: int, want: int) -> str:
    if want == 19:
        return ngettext("seat {seat} was dealt {count} card; expected {want} (the starter, the seat after the dealer, "
                        "gets 19)", "seat {seat} was dealt {count} cards; expected {want} (the starter, the seat after "
                        "the dealer, gets 19)", count).format(seat=seat, count=count, want=want)
    return ngettext("seat {seat} was dealt {count} card; expected {want}", "seat {seat} was dealt {count} cards; "
                    "expected {want}", count).format(seat=seat, count=count, want=want)


def _undealt(ev: HandStarted) -> tuple[int, ...]:
    """The cards left after the deal, as counts by :data:`cards.CARD_INDEX`, or why the deal is impossible
    (counted by :func:`cards.deck_left`; a deal it refuses, :func:`_undealt_plain` refuses in words)."""
    left = deck_left(ev.hands, ev.upcard, ev.stock)
    return _undealt_plain(ev) if left is None else left


def _undealt_plain(ev: HandStarted) -> tuple[int, ...]:
    """:func:`_undealt` counted with :class:`Counter`: the reference its fast twin is tested against."""
    dealt: Counter[Card] = Counter()  # counted in C (cards hash by identity)
    for cards in ev.hands:
        dealt.update(cards)
    if ev.upcard is not None:
        dealt[ev.upcard] += 1
    if max(dealt.values(), default=0) > DECK_COPIES:
        for card, k in dealt.items():  # the first card dealt too often, in the order dealt
            if k > DECK[card]:
                raise Rule.CARD_CONSERVATION.no(ngettext(
                    "{count} copy of {card} was dealt; the deck holds {held}",
                    "{count} copies of {card} were dealt; the deck holds {held}", k).format(
                        count=k, card=card_run(card), held=DECK[card]))
    left = tuple(map(DECK_COPIES.__sub__, map(dealt.get, CARD_KINDS, _ZEROS)))
    if ev.stock is not None:
        given = Counter(ev.stock)
        if tuple(map(given.get, CARD_KINDS, _ZEROS)) != left:  # the same multiset: the same counts
            unseen = Counter({card: k for card, k in zip(CARD_KINDS, left) if k})
            raise Rule.CARD_CONSERVATION.no(_("the stock given is not exactly the cards left after the deal: "
                                              "{difference}").format(difference=difference_words(given, unseen)))
    return left


def verify_dealer(state: GameState, rules: Ruleset, ev: HandStarted) -> None:
    """Each deal passes to the next seat in turn order, a dead hand's fresh deal included."""
    if rules.dealer_order != "next_seat" or state.dealer is None:
        return  # the first deal's dealer is decided by a cut, which the log does not record
    want = next_dealer(state.dealer, state.n)
    if ev.dealer != want:
        raise Rule.DEALER_ORDER.no(_("seat {dealer} cannot deal hand {hand}: the deal passes to the next seat each "
                                     "hand, so seat {want} deals after seat {before}").format(
                                         dealer=ev.dealer, hand=ev.hand, want=want, before=state.dealer))


def after_drew(state: GameState, ev: Drew) -> GameState:
    seat = ev.seat
    if seat != state.turn or state.phase != "draw" or state.rules is None:
        verify_draw_phase(state, seat)
    if state.stock_count == 0:
        rules = _rules(state)
        if stock_renewal_refused(rules, state.reshuffles, len(state.discard)) is None:
            raise Rule.EMPTY_STOCK.no(_("the stock is empty: under these rules the pile but its top card becomes "
                                        "the new stock first, so a 'reshuffled' event comes before this draw"))
        raise Rule.EMPTY_STOCK.no(_("the stock is empty"))
    stock = state.stock
    if stock is not None:
        card = stock[0]
        if ev.card is not None and ev.card is not card:  # cards are interned: equal cards are one object
            raise Rule.DRAW_FROM_TOP.no(_("the top of the stock is {card}, not {named}").format(
                card=card_run(card), named=card_run(ev.card)))
        stock = stock[1:]
    elif ev.card is None:
        raise Rule.DRAW_RECORDED.no(_("the card drawn must be named when the stock order is not in the log"))
    else:
        card = ev.card
        if state.unseen[CARD_INDEX[card]] == 0:
            raise Rule.CARD_CONSERVATION.no(_("{card} cannot come from the stock: every copy is already accounted "
                                              "for").format(card=card_run(card)))
    i, unseen, hands = CARD_INDEX[card], state.unseen, state.hands
    return _evolve(state, hands=hands[:seat] + (hands[seat] + (card,),) + hands[seat + 1:], stock=stock,
                        stock_count=state.stock_count - 1, unseen=unseen[:i] + (unseen[i] - 1,) + unseen[i + 1:],
                        phase="meld", this_turn=DREW_LAID if state.laid_any[seat] else DREW)


def _only_restricted(turn: Turn, hand: tuple[Card, ...]) -> bool:
    """Every card held is one the discard limit refuses (``not any(may_discard(turn, c) for c in hand)``,
    :func:`_only_restricted_plain`; ``may_discard`` refuses exactly ``turn.restricted``), asked in C."""
    return set(hand).issubset(turn.restricted)


def _only_restricted_plain(turn: Turn, hand: tuple[Card, ...]) -> bool:
    return not any(may_discard(turn, c) for c in hand)


def after_took(state: GameState, ev: Took) -> GameState:
    rules = _rules(state)
    if ev.seat != state.turn or state.phase != "draw":
        verify_draw_phase(state, ev.seat)
    pile = state.discard
    if ev.count > len(pile):
        raise Rule.TAKE_FROM_PILE.no(ngettext("the discard pile holds {count} card, {asked} cannot be taken",
                                              "the discard pile holds {count} cards, {asked} cannot be taken",
                                              len(pile)).format(count=len(pile), asked=ev.count))
    taken = pile[len(pile) - ev.count:]
    if ev.cards is not None and ev.cards != taken and Counter(ev.cards) != Counter(taken):  # named in pile order, or not
        raise Rule.TAKE_FROM_PILE.no(_("the cards named are not the top {count} of the pile ({cards})").format(
            count=ev.count, cards=card_run(taken)))
    if rules.discard_limit == "lone_top_card":
        restricted = taken if ev.count == 1 else ()
    elif rules.discard_limit == "any_taken":
        restricted = taken
    else:
        restricted = ()
    hand = state.hands[ev.seat] + taken
    turn = Turn(picked_up=True, taken=taken, took_count=ev.count, restricted=restricted,
                laid_before=state.laid_any[ev.seat])
    if restricted and _only_restricted(turn, hand):
        # only the cards taken and copies of them: no discard could end this turn
        raise Rule.KEEP_A_LEGAL_DISCARD.no(_(
            "taking {taken} would leave seat {seat} holding only {hand}, the cards taken and copies of them, and "
            "none may be discarded this turn").format(taken=card_run(reversed(taken)), seat=ev.seat,
                                                      hand=card_run(hand)))
    return _evolve(state, hands=_set(state.hands, ev.seat, hand), discard=pile[:len(pile) - ev.count], phase="meld",
                        this_turn=turn)


def meld_within_reach(state: GameState, seat: int, meld_id: int) -> TableMeld:
    """The meld ``seat`` may add to or swap a joker out of, or the reason it may not."""
    rules = _rules(state)
    target = state.meld_by_id(meld_id)
    if target is None:
        raise Rule.MELD_EXISTS.no(_("there is no meld {meld} on the table (melds so far: {count})").format(
            meld=meld_id, count=len(state.melds)))
    if target.owner == seat:
        return target
    if state.partner(seat) != target.owner:
        raise Rule.OWN_AND_PARTNER_MELDS.no(_("meld {meld} belongs to seat {owner}, an opponent: nobody touches an "
                                              "opponent's melds").format(meld=meld_id, owner=target.owner))
    if rules.partner_melds == "never":
        raise Rule.OWN_MELDS_ONLY.no(_("these rules let a player add only to his own melds"))
    if rules.partner_melds == "after_own_meld" and not state.opened[seat]:
        raise Rule.PARTNER_AFTER_OWN_MELD.no(_("seat {seat} must meld something of his own before touching his "
                                               "partner's melds").format(seat=seat))
    return target


def _after_cards_leave(state: GameState, seat: int, hand: tuple[Card, ...]) -> Turn:
    """Keep the discard restriction to the cards still held."""
    if not state.this_turn.restricted:
        return state.this_turn  # nothing restricted: the turn record does not change
    kept = tuple(c for c in state.this_turn.restricted if _index(hand, c) >= 0)  # c in hand
    return Turn(state.this_turn.picked_up, state.this_turn.taken, state.this_turn.took_count, kept,
                state.this_turn.laid_before)


def _check_not_empty(rules: Ruleset, hand: tuple[Card, ...]) -> None:
    if not hand and not rules.go_out_without_discard:
        raise Rule.GO_OUT_WITH_DISCARD.no(_("under these rules a player goes out by discarding his last card, so one "
                                            "card must stay in hand"))


def verify_keeps_a_discard(turn: Turn, hand: tuple[Card, ...]) -> None:
    """A player who still holds cards must hold one he may discard, or his turn could never end.

    The discard rules (000, 004, 003) forbid throwing back cards just taken; melding all the
    others away would leave a turn with no legal end, so that meld is refused instead. Melding
    the taken cards first is always possible.
    """
    if hand and turn.restricted and _only_restricted(turn, hand):
        raise Rule.KEEP_A_LEGAL_DISCARD.no(_("this would leave only {hand}, taken from the pile this turn, and it may "
                                             "not be discarded: keep a card you may discard, or go out").format(
                                                 hand=card_run(hand)))


def after_melded(state: GameState, ev: Melded) -> GameState:
    seat, rules = ev.seat, state.rules
    if rules is None or seat != state.turn or state.phase != "meld":
        rules = _rules(state)
        verify_meld_phase(state, seat)
    hand = _take_from(state.hands[seat], ev.cards, seat)
    meld = meld_of(ev.cards, rules, ev.arrangement)
    if not hand:
        _check_not_empty(rules, hand)
    turn = state.this_turn
    if turn.restricted:  # else the turn record does not change, and any card may be discarded
        turn = _after_cards_leave(state, seat, hand)
        verify_keeps_a_discard(turn, hand)
    table = TableMeld(len(state.melds) + 1, seat, meld, (seat,) * len(meld.cards))
    new = _evolve(state, hands=_set(state.hands, seat, hand), melds=state.melds + (table,),
                       opened=state.opened if state.opened[seat] else _set(state.opened, seat, True),
                       laid_any=state.laid_any if state.laid_any[seat] else _set(state.laid_any, seat, True),
                       this_turn=turn)
    return _end_hand(new, seat) if not hand else new


def _relabel(old: TableMeld, new_cards: Sequence[Card], seat: int) -> tuple[int, ...]:
    # naturals never repeat inside a meld and wilds are one of each kind, so a card identifies its slot
    if old.laid_by.count(seat) == len(old.laid_by):  # the usual case: one seat laid every card
        return (seat,) * len(new_cards)
    return tuple(map(dict(zip(old.meld.cards, old.laid_by)).get, new_cards, [seat] * len(new_cards)))


def after_laid_off(state: GameState, ev: LaidOff) -> GameState:
    seat, rules = ev.seat, state.rules
    if rules is None or seat != state.turn or state.phase != "meld":
        rules = _rules(state)
        verify_meld_phase(state, seat)
    target = meld_within_reach(state, seat, ev.meld)
    hand = _take_from(state.hands[seat], ev.cards, seat)
    meld = lay_off_of(target.meld, ev.cards, rules, ev.arrangement)
    if not hand:
        _check_not_empty(rules, hand)
    turn = state.this_turn
    if turn.restricted:  # else the turn record does not change, and any card may be discarded
        turn = _after_cards_leave(state, seat, hand)
        verify_keeps_a_discard(turn, hand)
    table = TableMeld(target.id, target.owner, meld, _relabel(target, meld.cards, seat))
    melds = _set(state.melds, state.melds.index(target), table)
    new = _evolve(state, hands=_set(state.hands, seat, hand), melds=melds,
                       laid_any=state.laid_any if state.laid_any[seat] else _set(state.laid_any, seat, True),
                       this_turn=turn)
    return _end_hand(new, seat) if not hand else new


def after_joker_swapped(state: GameState, ev: JokerSwapped) -> GameState:
    rules = _rules(state)
    verify_meld_phase(state, ev.seat)
    target = meld_within_reach(state, ev.seat, ev.meld)
    hand = _take_from(state.hands[ev.seat], (ev.card,), ev.seat)
    meld = verify_joker_swap(target.meld, ev.card, rules)
    hand = hand + (JOKER,)
    table = TableMeld(target.id, target.owner, meld, _relabel(target, meld.cards, ev.seat))
    melds = tuple(table if m.id == target.id else m for m in state.melds)
    return _evolve(state, hands=_set(state.hands, ev.seat, hand), melds=melds,
                        laid_any=_set(state.laid_any, ev.seat, True),
                        this_turn=_after_cards_leave(state, ev.seat, hand))


def verify_discard_allowed(state: GameState, seat: int, card: Card) -> None:
    """The discard rule: a card taken from the pile may not go straight back (per rule set)."""
    rules = _rules(state)
    hand = state.hands[seat]
    if card not in hand:
        raise Rule.CARDS_FROM_HAND.no(_("seat {seat} does not hold {card}").format(seat=seat, card=card_run(card)))
    if not may_discard(state.this_turn, card):
        twin = hand.count(card) > 1
        if rules.discard_limit == "any_taken":
            raise Rule.NO_DISCARDING_TAKEN.no((
                _("{card} was taken from the pile this turn and may not be discarded the same turn, nor your other "
                  "copy of it") if twin else
                _("{card} was taken from the pile this turn and may not be discarded the same turn")).format(card=card_run(card)))
        raise Rule.NO_THROWING_BACK_LONE_TOP.no((
            _("{card} was taken alone from the top of the pile and may not be thrown straight back: nor may your "
              "other copy, which would leave the pile as it was") if twin else
            _("{card} was taken alone from the top of the pile and may not be thrown straight back")).format(
                card=card_run(card)))


def after_discarded(state: GameState, ev: Discarded) -> GameState:
    seat, card = ev.seat, ev.card
    rules = state.rules
    if rules is None or seat != state.turn or state.phase != "meld":
        rules = _rules(state)
        verify_meld_phase(state, seat)
    hand = state.hands[seat]
    i = _index(hand, card)
    if i < 0 or (state.this_turn.restricted and not may_discard(state.this_turn, card)):
        verify_discard_allowed(state, seat, card)  # says why not
    hand = hand[:i] + hand[i + 1:]
    hands, discard = state.hands[:seat] + (hand,) + state.hands[seat + 1:], state.discard + (card,)
    if not hand:
        return _end_hand(_evolve(state, hands=hands, discard=discard), seat)
    if state.stock_count == 0 and stock_renewal_refused(rules, state.reshuffles, len(discard)):
        return _end_hand(_evolve(state, hands=hands, discard=discard), None)
    nxt = seat + 1
    if nxt == len(hands):
        nxt = 0
    had_turn = state.had_turn if state.had_turn[nxt] else _set(state.had_turn, nxt, True)
    return _evolve(state, hands=hands, discard=discard, turn=nxt, phase="draw", first_turn=False,
                        this_turn=FRESH_TURN_LAID if state.laid_any[nxt] else FRESH_TURN, had_turn=had_turn)


def after_reshuffled(state: GameState, ev: Reshuffled) -> GameState:
    rules = _rules(state)
    if not state.in_hand:
        raise _no_hand(state)
    if state.phase != "draw":
        raise Rule.RESHUFFLE.no(_("the pile is turned into a new stock only when a player is about to draw"))
    if not reshuffle_left(rules, state.reshuffles):
        raise Rule.RESHUFFLE.no(_("these rules allow no (further) reshuffle of the pile"))
    if state.stock_count:
        raise Rule.RESHUFFLE.no(ngettext("the stock still holds {count} cards", "the stock still holds {count} cards",
                                         state.stock_count).format(count=state.stock_count))
    refused = stock_renewal_refused(rules, state.reshuffles, len(state.discard))
    if refused:
        raise Rule.RESHUFFLE.no(_(refused))  # the limits' reason, marked there and said here
    new_stock = Counter(state.discard[:-1])
    if ev.stock is not None and Counter(ev.stock) != new_stock:
        raise Rule.RESHUFFLE.no(_("the stock given is not the pile less its top card: {difference}").format(
            difference=difference_words(Counter(ev.stock), new_stock)))
    return _evolve(state, discard=state.discard[-1:], stock=ev.stock, stock_count=len(state.discard) - 1,
                        unseen=counts_of(new_stock.elements()), reshuffles=state.reshuffles + 1)


def _end_hand(state: GameState, went_out: int | None) -> GameState:
    """Score the finished hand and update the match (000 Scoring, 004, 002, 003)."""
    rules = _rules(state)
    all_at_once = went_out is not None and not state.this_turn.laid_before
    score = score_hand(rules, HandInput(state.n, went_out, all_at_once, seat_inputs(state, rules)), state.players)
    return _record(_evolve(state, phase="over", went_out=went_out, all_at_once=all_at_once), score)


def _record(state: GameState, score: HandScore) -> GameState:
    rules = _rules(state)
    history = state.history + (tuple(score.sides),)
    status = match_status_of(rules, state.n, state.match, history)
    return _evolve(state, hand_score=score, history=history, match=status, totals=status.totals,
                   match_over=status.over, winner=status.winner)


def after_hand_scored(state: GameState, ev: HandScored) -> GameState:
    _rules(state)
    if state.match_over:
        raise Rule.MATCH_END.no(_("the match is over"))
    if state.in_hand:
        raise Rule.ONE_HAND_AT_A_TIME.no(_("hand {hand} is still in play; a result-only hand comes between "
                                           "hands").format(hand=state.hand_no))
    verify_recorded_hand(state, ev)
    n_sides = len(sides_of(state.n))
    if len(ev.scores) != n_sides:
        raise Rule.ONE_SCORE_PER_SIDE.no(ngettext("{count} scores given for {sides} sides",
                                                  "{count} scores given for {sides} sides",
                                                  len(ev.scores)).format(count=len(ev.scores), sides=n_sides))
    score = HandScore(list(ev.scores), list(ev.scores), [line(N_("Recorded by result only."))],
                      basis=tuple("recorded" for _ in range(state.n)))
    return _record(_evolve(state, **recorded_hand_table(state), went_out=None, all_at_once=False), score)


def after_hand_recorded(state: GameState, ev: HandRecorded) -> GameState:
    rules = _rules(state)
    if state.match_over:
        raise Rule.MATCH_END.no(_("the match is over"))
    if state.in_hand:
        raise Rule.ONE_HAND_AT_A_TIME.no(_("hand {hand} is still in play; a recorded hand comes between "
                                           "hands").format(hand=state.hand_no))
    verify_recorded_hand(state, ev)
    try:  # the score command's own reader and scorer: a sheet and `score` never disagree
        score = score_hand(rules, hand := HandInput.from_json(ev.input, rules, table=state.n), state.players)
    except MalformedInputError as e:
        raise Rule.HAND_INPUT.no(str(e)) from None
    return _record(_evolve(state, **recorded_hand_table(state), went_out=hand.went_out,
                                all_at_once=hand.all_at_once), score)


def after_annotated(state: GameState, ev: Annotated) -> GameState:
    if not 0 <= ev.at < ev.seq:
        raise Rule.ANNOTATIONS_POINT_BACK.no(_("an annotation refers to an earlier event; 'at' is {at} but this is "
                                               "seq {seq}").format(at=ev.at, seq=ev.seq))
    return state


def after_match_banked(state: GameState, ev: MatchBanked) -> GameState:
    _rules(state)
    if state.banked:
        raise Rule.MATCH_END.no(_("the match is already banked"), BANKED)
    if not state.match_over:
        raise Rule.MATCH_END.no(_("no side has won yet: the match is banked once a target is reached and the winner "
                                  "is clear"))
    return _evolve(state, banked=True)


HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    MatchStarted: after_match_started, HandStarted: after_hand_started, Drew: after_drew, Took: after_took,
    Melded: after_melded, LaidOff: after_laid_off, JokerSwapped: after_joker_swapped, Discarded: after_discarded,
    Reshuffled: after_reshuffled, HandScored: after_hand_scored, HandRecorded: after_hand_recorded,
    HandStruck: after_hand_struck, Annotated: after_annotated, MatchBanked: after_match_banked,
}


# --------------------------------------------------------------- the fold
def apply(state: GameState, event: Event) -> GameState:
    """The state after one more event, or :class:`ReplayError`; ``state`` is never changed."""
    if event.seq != state.seq + 1:
        raise ReplayError(event.seq, event.type, _("expected seq {want}").format(want=state.seq + 1),
                          rule=Rule.CONTIGUOUS_SEQ)
    try:
        new = HANDLERS[type(event)](state, event)
    except IllegalMoveError as e:
        source = _source(state, e)
        raise ReplayError(event.seq, event.type, str(e), rule=e.rule, source=source, source_said=said(source)) from None
    except MalformedInputError as e:
        raise MalformedEventError(event.seq, event.type, str(e), rule=Rule.RULE_SET) from None
    if new is state:
        return _evolve(state, seq=event.seq)
    # ``new`` was made by the handler for this event alone and is not yet shared with anyone
    set_seq(new, event.seq)
    return new


def _source(state: GameState, e: IllegalMoveError) -> str:
    """A refusal's source under the rule set in force: a rule's general source names every app's, so a
    refusal that gives no narrower one is cited as the rule set in force states the rule."""
    if e.rule is None or state.rules is None or e.source != e.rule.source:
        return e.source
    return cite(state.rules, e.rule)


def _typed(events: Iterable[Event | Mapping[str, Any]]) -> Iterable[Event]:
    for i, ev in enumerate(events):
        if type(ev) in HANDLERS:  # first: isinstance against the Mapping ABC costs more than some events' rules
            yield cast(Event, ev)
        elif isinstance(ev, Mapping):
            yield parse_event(dict(ev), i)
        else:
            yield ev


def replay(events: Iterable[Event | Mapping[str, Any]]) -> Replay:
    """Fold a whole log, keeping every state; raises at the first bad event."""
    state = GameState()
    evs: list[Event] = []
    states: list[GameState] = []
    for ev in _typed(events):
        state = apply(state, ev)
        evs.append(ev)
        states.append(state)
    return Replay(tuple(evs), tuple(states))


def fold(events: Iterable[Event | Mapping[str, Any]]) -> GameState:
    """Only the final state (no history kept)."""
    state = GameState()
    for ev in _typed(events):
        state = apply(state, ev)
    return state
