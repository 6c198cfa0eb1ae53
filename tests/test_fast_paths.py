"""Fast paths agree with their plain twins: the remembered per-suit run candidates with the plain
whole-hand enumeration they replaced, the playouts' reachable melds with the reducer's answer, and
the replay's fast paths (``fast_melds``, ``stream.fold_log``'s direct dispatch, the reader's batches)
with the plain reducer and reader.

``candidates._suit_runs`` and ``_suit_stand_ins`` answer one suit at a time and are remembered
across hands; the reference below is the enumeration as it was before (every suit of the whole
hand at once, nothing remembered). They must give the same candidates in the same order, since the
solver's tie-breaking, so the judge's verdicts, follow that order. Checked on every hand of every
sample, self-play and conformance log (after every event) and on random hands of every rule set.

The judge's own fast paths come last: the go-out pre-test and the float-scored partition search
change no answer; sequential stopping (fewer deals where the call is clear) is checked against
every deal played, on its rule and on how often the two agree."""

from __future__ import annotations

import math
import random
from itertools import combinations
from pathlib import Path
from typing import Callable, Iterator, Sequence

import msgspec
import pytest

from banakil_replay import melds, reducer
from banakil_replay.cards import ACE_RANK, CARD_INDEX, JOKER, SUITS, Card, deck_list
from banakil_replay.errors import BanakilError, IllegalMoveError
from banakil_replay.events import Discarded, HandStarted, parse_event
from banakil_replay import fast_melds
from banakil_replay.fast_melds import fit_or_none, lay_off_fast, meld_fast, run_layouts
from banakil_replay.log.load import load_replay
from banakil_replay.log import reading
from banakil_replay.log.reading import iter_events, iter_log, read_log
from banakil_replay.log.stream import fold_log, replay_log
from banakil_replay.play.search import packing
from banakil_replay.play.search.candidates import _assignments, meld_candidates, run_candidates, stand_in_candidates
from banakil_replay.play.analysis import judge
from banakil_replay.play.bots.expert import (MARGIN, MATCH_WIN, PLAYOUTS, by_value, call_made, candidates, choose_move,
                                             likely_high, ranking, survivors)
from banakil_replay.play.search.going_out import reachable_melds, reachable_melds_plain
from banakil_replay.play.moves import Option, is_move, move_key
from banakil_replay.play.observation import observe
from banakil_replay.play.coach.options import options
from banakil_replay.play.analysis.review import review
from banakil_replay.play.bots import rollout
from banakil_replay.play.bots.rollout import discard_choice
from banakil_replay.limits import may_discard
from banakil_replay.reducer import replay
from banakil_replay.melds import Meld
from banakil_replay.play.search import solver
from banakil_replay.play.search.solver import best_partition, coverable, go_out
from banakil_replay.rules import Ruleset, get_ruleset
from banakil_replay.scoring import MatchStatus, match_status, match_status_after
from banakil_replay.state import GameState, Turn

from random_play import random_game  # type: ignore[import-not-found]
from test_judge import tally  # type: ignore[import-not-found]  # one way to build a race's tally

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted([*(ROOT / "sample_games").glob("*.jsonl"), *(ROOT / "sample_games" / "selfplay").glob("*.jsonl"),
               *(ROOT / "conformance" / "valid").glob("*.jsonl")])
INVALID = sorted((ROOT / "conformance" / "invalid").glob("*.jsonl"))
PRESETS = ("classic", "classic-sum", "jawaker", "eram", "kroot")


def plain_windows(hand: Sequence[Card], rules: Ruleset, max_len: int | None
                  ) -> Iterator[tuple[range, dict[int, Card], list[int], list[Card]]]:
    twos = sorted(c for c in hand if c.is_two)
    wilds = [w for w in (twos[0] if twos else None, JOKER if JOKER in hand else None) if w is not None]
    limit = min(max_len or rules.max_run_length, rules.max_run_length)
    for suit in SUITS:
        ranks = {c.rank for c in hand if c.is_natural and c.suit == suit}
        if not ranks:
            continue
        positions = set(ranks)
        if ACE_RANK in ranks and rules.ace_low:
            positions.add(1)
        if len(positions) + len(wilds) < 3:
            continue
        for lo in range(rules.low_rank, ACE_RANK - 1):
            for length in range(3, limit + 1):
                hi = lo + length - 1
                if hi > ACE_RANK or (1 in range(lo, hi + 1) and ACE_RANK in range(lo, hi + 1)):
                    break
                window = range(lo, hi + 1)
                missing = [p for p in window if p not in positions]
                if len(missing) > len(wilds) or len(missing) == length:
                    continue
                yield window, {p: Card(ACE_RANK if p == 1 else p, suit) for p in window if p in positions}, missing, wilds


def plain_runs(hand: Sequence[Card], rules: Ruleset, max_len: int | None) -> list[tuple[Card, ...]]:
    return [tuple(a.get(p) or nat[p] for p in window)
            for window, nat, missing, wilds in plain_windows(hand, rules, max_len)
            for a in _assignments(missing, wilds)]


def plain_stand_ins(hand: Sequence[Card], rules: Ruleset, max_len: int | None) -> list[tuple[Card, ...]]:
    out = []
    for window, nat, missing, wilds in plain_windows(hand, rules, max_len):
        for k in range(1, min(len(wilds) - len(missing), len(nat) - 1) + 1):
            for extra in combinations(nat, k):
                for a in _assignments(sorted(missing + list(extra)), wilds):
                    out.append(tuple(a.get(p) or nat[p] for p in window))
    return out


def agree(hand: Sequence[Card], rules: Ruleset) -> None:
    for max_len in (None, 5):
        assert run_candidates(hand, rules, max_len) == plain_runs(hand, rules, max_len), (hand, rules.name)
        assert stand_in_candidates(hand, rules, max_len) == plain_stand_ins(hand, rules, max_len), (hand, rules.name)


def test_the_logs_cover_every_kind() -> None:
    assert len(LOGS) >= 30  # samples, self-play and conformance logs: a glob that found nothing would prove nothing


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_every_hand_of_every_log(path: Path) -> None:
    rp = load_replay(path)
    seen: set[tuple[Card, ...]] = set()
    for state in rp.states:
        if state.rules is None:
            continue
        for hand in state.hands:
            key = tuple(sorted(hand))
            if key not in seen:
                seen.add(key)
                agree(hand, state.rules)
    assert seen or not any(s.hands for s in rp.states)
    reach_agrees(rp.states)


def reach_agrees(states: Sequence[GameState]) -> None:
    for state in states:
        for seat in range(state.n if state.rules is not None else 0):
            assert reachable_melds(state, seat) == reachable_melds_plain(state, seat), (state.seq, seat)


@pytest.mark.parametrize("rules, players", [("classic", 4), ("classic-sum", 4), ("jawaker", 4), ("eram", 4),
                                            ("kroot", 4), ("classic", 3)])
def test_reach_on_random_games(rules: str, players: int) -> None:
    states: list[GameState] = []
    for seed in range(3):
        states += replay(random_game(rules, players, seed, max_hands=2)).states
    assert any(s.melds and s.n == 4 for s in states) or players != 4  # partners' melds were asked about
    reach_agrees(states)


@pytest.mark.parametrize("name", PRESETS)
def test_random_hands(name: str) -> None:
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(name)
    for _ in range(300):
        hand = rng.sample(deck, rng.randint(3, 19))
        agree(hand, rules)
        agree(list(reversed(hand)), rules)  # a second, differently ordered ask meets the remembered answer


def test_remembered_partitions_are_the_first_ones() -> None:
    """The same hand asked twice (once remembered) splits the same way, in any order of its cards."""
    rules, deck, rng = get_ruleset("classic"), deck_list(), random.Random(7)
    for _ in range(60):
        hand = rng.sample(deck, 14)
        first = best_partition(hand, rules)
        assert best_partition(list(reversed(hand)), rules) == first


# ------------------------------------------------------------------ the replay's fast paths
def outcome(run: Callable[[], object]) -> object:
    """What a replay gives: its result, or its error's class and words."""
    try:
        return run()
    except BanakilError as e:
        return type(e), str(e)


def plain_twins(m: pytest.MonkeyPatch) -> None:
    """Every fast path of the reducer replaced by its plain twin."""
    m.setattr(reducer, "meld_of", melds.meld_of)
    m.setattr(reducer, "lay_off_of", melds.lay_off_of)
    m.setattr(reducer, "_undealt", reducer._undealt_plain)
    m.setattr(reducer, "match_status_of", lambda rules, n, before, hands: match_status(rules, n, hands))
    m.setattr(reducer, "_only_restricted", reducer._only_restricted_plain)


def plain_states(path: Path) -> object:
    """Every state of the log read whole, then replayed by ``reducer.replay`` (through ``apply``)."""
    return outcome(lambda: reducer.replay(read_log(path)).states)


@pytest.mark.parametrize("path", LOGS + INVALID, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fast_replay_is_the_plain_replay(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The state after every event, and every refusal's words, the same with and without fast paths."""
    melds.clear_caches()
    fast_states = outcome(lambda: replay_log(path).states)
    fast_final = outcome(lambda: fold_log(path))
    with monkeypatch.context() as m:
        plain_twins(m)
        melds.clear_caches()
        plain = plain_states(path)
    if isinstance(plain, tuple) and plain and isinstance(plain[0], type):
        assert fast_states == plain and fast_final == plain  # the same error, word for word
    else:
        assert isinstance(plain, tuple) and fast_states == plain and fast_final == plain[-1]
    assert path in INVALID or isinstance(plain, tuple) and len(plain) > 0 and not isinstance(plain[0], type)


def test_the_invalid_logs_are_refused() -> None:
    refused = [p for p in INVALID if isinstance(outcome(lambda: fold_log(p)), tuple)]
    assert len(refused) == len(INVALID) > 20  # each refusal compared above, word for word


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_the_reader_reads_what_the_plain_parser_does(path: Path) -> None:
    events = list(iter_log(path))
    assert events == [parse_event(r) for r in iter_events(path)]
    # the member counts made for each event class count what the general count does
    assert [reading._members(e) for e in events] == [reading._members_plain(e) for e in events]


def test_the_batch_reads_deals_as_the_event_decoder_does(tmp_path: Path) -> None:
    """The batch reader's deal (canonical codes read by msgspec) has the fields of the event decoder's,
    in order, with the same defaults; a deal written with other spellings reads the same the long way."""
    mine = [(f.name, f.required, f.default) for f in msgspec.structs.fields(reading._DealCodes)]
    assert mine == [(f.name, f.required, f.default) for f in msgspec.structs.fields(HandStarted)]
    lines = (ROOT / "sample_games" / "classic_dana_ravi.jsonl").read_text(encoding="utf-8").splitlines()
    deal = next(i for i, line in enumerate(lines) if '"hand_started"' in line)
    batch = reading._fast_batch([line.encode() for line in lines[1:]], 1, 10 ** 6)
    assert batch is not None and type(batch[deal - 1]) is HandStarted  # written canonically: read in the batch
    for code, spelling in (("7H", "7h"), ("7H", "7\\u2665"), ("10S", "TS"), ("8D", " 8D")):
        assert f'"{code}"' in lines[deal]
        changed = lines[:deal] + [lines[deal].replace(f'"{code}"', f'"{spelling}"', 1)] + lines[deal + 1:]
        path = tmp_path / "spelt.jsonl"
        path.write_text("\n".join(changed) + "\n", encoding="utf-8")
        assert list(iter_log(path)) == list(iter_log(ROOT / "sample_games" / "classic_dana_ravi.jsonl"))


FIRST = '{"seq":0,"type":"match_started","format":"banakil-replay/1","rules":"classic","players":["Dana","Ravi"]}'
FIRST_LINES = [
    FIRST, FIRST.replace("}", ',"options":{}}'), FIRST.replace('"Ravi"', '"Ra:vi"'), FIRST.replace("/1", "/1.7"),
    FIRST.replace('"seq":0,', '"seq":0,"seq":0,'), FIRST.replace("}", ',"x":1}'), "\ufeff" + FIRST,
    FIRST.replace("/1", "/9"), FIRST.replace("/1", "/1.x"), FIRST.replace("match_started", "annotated"),
    FIRST.replace('"seq":0', '"seq":1'), FIRST.replace('"classic"', '"classic-nine"'), " " + FIRST,
    FIRST.replace("}", ',"options":{"target":{"a":[1,{"b":2}]}}}'), FIRST.replace('"Dana"', '"Da\\ud800na"'),
]


@pytest.mark.parametrize("tail", [False, True], ids=["", "an event of a newer version last"])
@pytest.mark.parametrize("first", FIRST_LINES)
def test_the_first_line_reads_as_the_long_way_reads_it(first: str, tail: bool, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 1 read straight from its bytes gives the events, or the error word for word, that the long
    way gives, whatever the line: defaults spelt out, options, a newer minor version, a duplicate key,
    an unknown field, a byte order mark, another major version, another event, a lone surrogate ..."""
    rest = (ROOT / "sample_games" / "classic_dana_ravi.jsonl").read_text(encoding="utf-8").splitlines()[1:]
    if tail:  # its error says the log may be of a newer minor version when line 1 says so
        rest.append(f'{{"seq":{len(rest) + 1},"type":"hand_paused"}}')
    path = tmp_path / "first.jsonl"
    path.write_text("\n".join([first, *rest]) + "\n", encoding="utf-8")
    fast = outcome(lambda: list(iter_log(path))), outcome(lambda: fold_log(path))
    with monkeypatch.context() as m:
        m.setattr(reading, "_fast_first", lambda raw, max_depth, max_digits: None)
        assert fast == (outcome(lambda: list(iter_log(path))), outcome(lambda: fold_log(path)))
    if first == FIRST:
        assert reading._fast_first(first.encode(), 64, 4300) is not None  # the usual line goes the fast way


@pytest.mark.parametrize("rules, players", [("classic", 2), ("classic", 4), ("classic-sum", 3), ("jawaker", 4),
                                            ("eram", 4), ("kroot", 4)])
def test_random_games_replay_the_same(rules: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(4):
        log = random_game(rules, players, seed, max_hands=2)
        fast = reducer.replay(log).states
        with monkeypatch.context() as m:
            plain_twins(m)
            assert reducer.replay(log).states == fast, (rules, players, seed)
        assert any(s.melds for s in fast)


def test_deal_counts_on_random_deals() -> None:
    """The deal's counted-in-lists check gives the Counter one's answer or refusal, word for word, on
    deals right and wrong: a card dealt three times, a stock one card off, a card missing, no stock."""
    deck, rng = deck_list(), random.Random("deals")
    refused = 0
    for k in range(400):
        cards = rng.sample(deck, len(deck))
        hands = (tuple(cards[:14]), tuple(cards[14:28]))
        upcard: Card | None = cards[28] if k % 3 else None
        stock: list[Card] | None = cards[28 + (upcard is not None):]
        if k % 5 == 1:
            hands = (hands[0][:-1] + (hands[1][0],), hands[1])  # a copy dealt twice over ...
            if k % 2:
                hands = (hands[0], hands[1][:-1] + (hands[1][0],))  # ... or three times
        if k % 7 == 2 and stock:
            stock[rng.randrange(len(stock))] = rng.choice(deck)
        if k % 11 == 3 and stock:
            del stock[0]
        if k % 13 == 4:
            stock = None
        ev = HandStarted(seq=1, hand=1, dealer=0, hands=hands, upcard=upcard,
                         stock=None if stock is None else tuple(stock))
        fast, plain = outcome(lambda: reducer._undealt(ev)), outcome(lambda: reducer._undealt_plain(ev))
        assert fast == plain, k
        refused += isinstance(plain, tuple) and isinstance(plain[0], type)
    assert 50 < refused < 350  # both answers were asked about


@pytest.mark.parametrize("name", PRESETS)
def test_match_status_step_by_step(name: str) -> None:
    """The status after one more hand, worked out from the status before it, is the status worked out
    from every hand: totals, carried shortfalls, the end, the winner and the tie-break, or the refusal."""
    rules, rng = get_ruleset(name), random.Random(f"status/{name}")
    ended = 0
    for players in sorted(rules.player_counts):
        n_sides = len(match_status(rules, players, []).totals)
        for _ in range(60):
            rows: list[tuple[float, ...]] = []
            status = match_status(rules, players, rows)
            while len(rows) < 40:
                row = tuple(rng.choice((rng.randint(-60, 160), rng.randint(-20, 40) + 0.5, 0))
                            for _ in range(n_sides + (rng.random() < 0.02)))
                step = outcome(lambda: match_status_after(rules, players, status, row))
                whole = outcome(lambda: match_status(rules, players, rows + [row]))
                assert repr(step) == repr(whole), (rows, row)  # repr: 37 and 37.0 are equal, but print apart
                if not isinstance(whole, MatchStatus):
                    break
                rows.append(row)
                status = whole
            ended += status.over
    assert ended >= 20  # matches were played to their end, and past it


def test_only_restricted_cards_on_random_hands() -> None:
    """"Every card held is refused by the discard limit", asked of sets, is what asking may_discard of
    each card says, on hands of taken cards, their copies and others."""
    deck, rng = deck_list(), random.Random("restricted")
    answers = set()
    for _ in range(2000):
        restricted = tuple(rng.sample(deck, rng.randint(1, 3)))
        hand = tuple(rng.choice(restricted) if rng.random() < 0.8 else rng.choice(deck)
                     for _ in range(rng.randint(0, 5)))
        turn = Turn(picked_up=True, taken=restricted, took_count=len(restricted), restricted=restricted)
        answer = reducer._only_restricted(turn, hand)
        assert answer == reducer._only_restricted_plain(turn, hand), (restricted, hand)
        answers.add(answer)
    assert answers == {True, False}


def plain(check: Callable[[], melds.Meld]) -> melds.Meld | None:
    try:
        return check()
    except IllegalMoveError:
        return None


def near_run(rng: random.Random, deck: list[Card]) -> tuple[Card, ...]:
    """Cards that are nearly a run (some shuffled, some with wilds or strays), or any few cards."""
    if rng.random() < 0.3:
        return tuple(rng.sample(deck, rng.randint(2, 5)))
    suit, lo = rng.choice(SUITS), rng.randint(3, 14)
    cards = [Card(r, suit) for r in range(lo, min(lo + rng.randint(2, 8), ACE_RANK + 1))]
    cards += [Card(ACE_RANK, suit)] * (rng.random() < 0.2) + [rng.choice(deck) for _ in range(rng.choice((0, 1, 1, 2)))]
    cards += [JOKER, Card(2, rng.choice(SUITS))] if rng.random() < 0.2 else []  # a meld's two wilds
    rng.shuffle(cards)
    return tuple(sorted(cards, key=CARD_INDEX.__getitem__) if rng.random() < 0.5 else cards)


@pytest.mark.parametrize("name", PRESETS)
def test_fast_melds_on_random_cards(name: str) -> None:
    """Wherever a fast meld or lay-off answers, the plain one gives that answer (refusals left to it)."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(name)
    answered = refused = surely = 0
    for _ in range(3000):
        cards = near_run(rng, deck)
        ordered = tuple(sorted(cards, key=CARD_INDEX.__getitem__))
        listed = melds._run_layouts(ordered, rules) if any(c.is_natural for c in cards) else []  # its precondition
        layouts = run_layouts(ordered, rules)
        if sum(c.is_wild for c in cards) < 2:
            assert layouts is None or layouts == listed, cards
        else:  # the general search takes the order of the two wilds' places from a set
            assert layouts is None or (len(layouts) == len(listed) and set(layouts) == set(listed)), cards
        meld = plain(lambda: melds.meld_of(cards, rules))
        fast = meld_fast(cards, rules)
        assert fast is None or fast == meld, cards
        answered += fast is not None
        if meld is None:
            continue
        for order in (meld.cards, meld.cards[::-1]):
            fast = meld_fast(cards, rules, order)
            assert fast is None or fast == plain(lambda: melds.meld_of(cards, rules, order)), (cards, order)
        for card in (rng.choice(deck), *nearby(meld)):
            fast = lay_off_fast(meld, (card,), rules)
            laid = plain(lambda: melds.lay_off_of(meld, (card,), rules))
            assert fast is None or fast == laid, (meld, card)
            answered += fast is not None
            for _ in range(2):  # asked afresh, then remembered: refusals (None) included
                assert fit_or_none(meld, card, rules) == laid, (meld, card)
            refused += laid is None
            if fast_melds._surely_refused(meld, card, rules):  # the shortcut refuses only what the rules do
                assert laid is None, (meld, card)
                surely += 1
    assert answered > 500  # the fast paths answered often enough to be tested
    assert refused > 500  # and the searches' test of a lay-off met refusals often enough
    assert surely > 300  # and the shortcut's share of them


def nearby(meld: melds.Meld) -> list[Card]:
    """Natural cards that may extend a meld: the ranks next to a run's ends (any suit), a set's rank."""
    if meld.kind == "set":
        return [Card(meld.positions[0] or 3, s) for s in SUITS]
    lo, hi = meld.positions[0] or 3, meld.positions[-1] or ACE_RANK
    ranks = {min(max(r, 3), ACE_RANK) for r in (lo - 1, hi + 1, ACE_RANK)}
    return [Card(r, s) for r in sorted(ranks) for s in SUITS]


@pytest.mark.parametrize("name", PRESETS)
def test_a_lay_off_the_searches_try_is_refused_without_its_sentence(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``melds.one_card_or_none`` (what the searches' lay-off test falls back on) gives the answer
    ``lay_off_of`` gives, but never words a run's refusal: the searches want only yes or no, and the
    sentence (``meld_words.run_failure``) cost more than the answer."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"unworded/{name}")
    asks = []
    for _ in range(400):
        meld = plain(lambda: melds.meld_of(near_run(rng, deck), rules))
        if meld is not None:
            asks += [(meld, card) for card in (rng.choice(deck), *nearby(meld))]
    worded = 0

    def counted(cards: Sequence[Card], rules: Ruleset) -> IllegalMoveError:
        nonlocal worded
        worded += 1
        return wording(cards, rules)

    wording = melds.run_failure
    monkeypatch.setattr(melds, "run_failure", counted)
    said = [plain(lambda: melds.lay_off_of(meld, (card,), rules)) for meld, card in asks]
    assert worded >= 50  # the rules' own path words run refusals often on these asks
    worded = 0
    assert [melds.one_card_or_none(meld, card, rules) for meld, card in asks] == said
    assert worded == 0
    assert sum(s is None for s in said) >= 100 and sum(s is not None for s in said) >= 50  # refused and laid both


# ------------------------------------------------------------------ the judge's fast paths
# The go-out pre-test and the float-scored partition search must change no answer: the solver's
# plans, so the playouts, so every verdict, stay what the plain search gave.

def _positions(limit: int) -> Iterator[tuple[Sequence[Card], Ruleset, list[tuple[int, Meld]]]]:
    """Hands to play from and the melds their seat may add to: the seat to act at every meld phase
    of the sample logs, and small hands dealt from what is left (they go out often)."""
    rng = random.Random(22)
    seen = 0
    for path in sorted((ROOT / "sample_games").glob("*.jsonl")):
        for state in load_replay(path).states:
            if state.rules is None or state.phase != "meld" or not state.in_hand:
                continue
            seat = state.turn
            table = reachable_melds(state, seat)
            yield state.hands[seat], state.rules, table
            if table:
                pool = [c for hand in state.hands for c in hand]
                yield rng.sample(pool, min(len(pool), rng.randint(2, 7))), state.rules, table
            seen += 1
            if seen >= limit:
                return


def test_the_go_out_pretest_never_refuses_a_way_out() -> None:
    out = refused = 0
    for hand, rules, table in _positions(150):
        can, _plan = go_out(hand, rules, table)
        if not coverable(hand, rules, table):
            refused += 1
            assert not can, ([c.code for c in hand], [m.codes for _, m in table])
        out += can
    assert out >= 20 and refused >= 20  # both answers were asked about, or the test proves nothing


def test_the_hold_back_pretest_never_skips_a_discard_that_works() -> None:
    """``solver._hold_back`` lays out the rest of the hand for a discard only when new melds could
    hold every card of the rest no table meld could take (``coverable`` with no card spare): where
    that says no, laying the rest out always leaves a card."""
    skipped = laid = 0
    for hand, rules, table in _positions(300):
        if not table or len(hand) > 10:
            continue
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            part, _ = solver._lay_out(rest, rules, list(table), [], {}, solver._Loose(rest, rules, list(table), {}))
            laid += not part.left
            if not coverable(rest, rules, table, spare=0):
                skipped += 1
                assert part.left, ([c.code for c in hand], card.code, [m.codes for _, m in table])
    assert skipped >= 200 and laid >= 20  # both answers were met often enough to mean something


@pytest.mark.parametrize("name", PRESETS)
def test_the_float_scored_partition_search_picks_what_the_pair_scored_one_did(name: str,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"pack/{name}")
    hands = [rng.sample(deck, rng.randint(3, 19)) for _ in range(40)]
    fast = [best_partition(h, rules) for h in hands]

    def plain(start: int, guards: int, tries: packing.Tries) -> tuple[float, tuple[int, ...]]:
        (_, points), picks = packing.best_pair(start, guards, tries, [0.0] * len(tries))
        return points, picks

    monkeypatch.setattr(solver, "best_points", plain)
    assert [best_partition(h, rules) for h in hands] == fast


def plain_best_pair(start: int, guards: int, tries: packing.Tries, leave: list[float]
                    ) -> tuple[tuple[float, float], tuple[int, ...]]:
    """``packing.best_pair`` as it was: the picks built as a tuple at every better option."""
    memo: dict[int, tuple[tuple[float, float], tuple[int, ...]]] = {}

    def best(left: int) -> tuple[tuple[float, float], tuple[int, ...]]:
        counts = left & ~guards
        if not counts:
            return (0.0, 0.0), ()
        if left in memo:
            return memo[left]
        i = ((counts & -counts).bit_length() - 1) // packing.FIELD
        (a, b), picks = best(left - packing.UNITS[i])
        top = (a + leave[i], b)
        for nk, vk, k in tries[i]:
            rest = left - nk
            if rest & guards == guards:
                (a2, b2), p2 = best(rest)
                if (a2, b2 + vk) > top:
                    top, picks = (a2, b2 + vk), (k,) + p2
        memo[left] = (top, picks)
        return top, picks

    return best(start)


def plain_best_points(start: int, guards: int, tries: packing.Tries) -> tuple[float, tuple[int, ...]]:
    (_, points), picks = plain_best_pair(start, guards, tries, [0.0] * len(tries))
    return points, picks


@pytest.mark.parametrize("name", PRESETS)
def test_the_searches_read_their_picks_back_as_they_built_them(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The partition searches keep, for each multiset, only where its best choice leads, and read
    the picks back at the end: the same melds, in the same order, as building them on the way
    (both searches, on random hands rich in wilds, with and without cards that fit the table)."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"read back/{name}")
    wilds = [c for c in deck if c.is_wild]
    asks = []
    for _ in range(60):
        hand = rng.sample(deck, rng.randint(3, 19)) + rng.sample(wilds, rng.randint(0, 3))
        loose = frozenset(rng.sample(hand, rng.randint(1, len(hand) // 2 + 1)))
        asks += [(hand, False, frozenset(), -1.0), (hand, True, frozenset(), -1.0), (hand, True, loose, 1.0)]
    seen: list[tuple[str, tuple[object, ...], object]] = []  # every search asked, and its answer (score too)

    def recording(name: str, search: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object) -> object:
            seen.append((name, args, answer := search(*args)))
            return answer
        return run

    with monkeypatch.context() as m:
        m.setattr(solver, "best_points", recording("points", packing.best_points))
        m.setattr(solver, "best_pair", recording("pair", packing.best_pair))
        fast = [solver._search(h, rules, p, loose, cost) for h, p, loose, cost in asks]
    plain = {"points": plain_best_points, "pair": plain_best_pair}
    assert all(plain[name](*args) == answer for name, args, answer in seen)  # type: ignore[operator]
    assert len({name for name, _, _ in seen}) == 2
    monkeypatch.setattr(solver, "best_points", plain_best_points)
    monkeypatch.setattr(solver, "best_pair", plain_best_pair)
    assert [solver._search(h, rules, p, loose, cost) for h, p, loose, cost in asks] == fast
    assert sum(len(melds) >= 2 for melds, _ in fast) >= 30  # layouts of several melds were compared


@pytest.mark.parametrize("name", PRESETS)
def test_the_search_shortcuts_change_no_layout(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The partition search's shortcuts (no second search where it cannot do better, no search for a
    hand without a meld) give the layouts of the plain search, on random hands rich in wilds and on
    the hands of the sample logs with their tables: every ask of the search, best partitions, go-out
    plans and the go-out pre-test."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"shortcut/{name}")
    wilds = [c for c in deck if c.is_wild]
    asks: list[tuple[list[Card], bool, frozenset[Card], float]] = []
    for _ in range(60):
        hand = rng.sample(deck, rng.randint(3, 19)) + rng.sample(wilds, rng.randint(0, 3))
        loose = frozenset(rng.sample(hand, rng.randint(1, len(hand) // 2 + 1)))
        asks += [(hand, False, frozenset(), -1.0), (hand, True, frozenset(), -1.0),
                 (hand, True, loose, -1.0), (hand, True, loose, 1.0), (hand, True, loose, 0.0)]
    positions = [(h, r, t) for h, r, t in _positions(120) if r.name == name or name == "classic"]
    packs = [0]
    pack = solver._pack

    def counted(*args: object, **kwargs: object) -> object:
        packs[0] += 1
        return pack(*args, **kwargs)  # type: ignore[arg-type]

    def answers() -> list[object]:
        packs[0] = 0
        out: list[object] = [solver._search(h, rules, p, lo, c) for h, p, lo, c in asks]
        out += [(best_partition(h, r), go_out(h, r, t), coverable(h, r, t)) for h, r, t in positions]
        return out + [packs[0]]

    monkeypatch.setattr(solver, "_pack", counted)
    fast = answers()
    monkeypatch.setattr(solver, "SHORTCUTS", False)
    plain = answers()
    assert fast[:-1] == plain[:-1]
    assert isinstance(fast[-1], int) and isinstance(plain[-1], int) and fast[-1] <= plain[-1] - 100  # taken often


def test_the_yes_or_no_cover_search_answers_as_the_scored_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``coverable`` asks its search yes or no (``solver._covers``); the scored search of ``_pack``
    (``SHORTCUTS`` off) gives the same answer at every meld phase of the sample logs, with one card
    spare (going out) and none (the rest of a hand once the discard is held back), both answers
    being asked of the search itself often."""
    asked: list[bool] = []
    covers = solver._covers

    def counted(pool: list[Card], rules: Ruleset, loose: frozenset[Card], spare: int = 1) -> bool:
        asked.append(covers(pool, rules, loose, spare))
        return asked[-1]

    monkeypatch.setattr(solver, "_covers", counted)
    positions = [(h, r, t, spare) for h, r, t in _positions(400) for spare in (1, 0)]
    fast = [coverable(h, r, t, spare=spare) for h, r, t, spare in positions]
    assert asked.count(True) >= 10 and asked.count(False) >= 100
    monkeypatch.setattr(solver, "SHORTCUTS", False)
    assert [coverable(h, r, t, spare=spare) for h, r, t, spare in positions] == fast


def plain_addable(hand: Sequence[Card], rules: Ruleset, table: Sequence[tuple[int, Meld]]) -> list[bool]:
    """``solver.addable`` as it was: each card counts its suit's naturals afresh."""
    if not table:
        return [False] * len(hand)
    jokers_on_table = any(JOKER in m.cards for _, m in table)
    set_ranks = {p for _, m in table if m.kind != "run" for p in m.positions}
    wilds = sum(c.is_wild for c in hand) + int(jokers_on_table)
    spans: dict[str, list[tuple[int, int, int]]] = {}
    for _, m in table:
        if m.kind == "run":
            pos = [p for p in m.positions if p is not None]
            spans.setdefault(m.suit, []).append((min(pos), max(pos), sum(c.is_wild for c in m.cards)))

    def reaches(c: Card) -> bool:
        steps = wilds + sum(1 for d in hand if d.is_natural and d.suit == c.suit) - 1
        ranks = (c.rank, 1) if (c.rank == ACE_RANK and rules.ace_low) else (c.rank,)
        return any(lo - 1 - steps - own <= r <= hi + 1 + steps + own
                   for lo, hi, own in spans.get(c.suit, ()) for r in ranks)

    return [c.is_wild or c.rank in set_ranks or reaches(c) for c in hand]


def plain_discard(state: GameState) -> Card:
    """``rollout.discard_choice`` as it was: each card counts its company over the whole hand."""
    rules, hand = state.rules, state.hands[state.turn]
    assert rules is not None
    allowed = [c for c in dict.fromkeys(hand) if may_discard(state.this_turn, c)]

    def keep_worth(c: Card) -> tuple[float, Card]:
        near = sum(1 for d in hand if d.is_natural and d.suit == c.suit and d is not c and abs(d.rank - c.rank) <= 2)
        if c.rank in melds.SET_RANKS:
            near += sum(1 for d in hand if d.rank == c.rank and d.suit != c.suit)
        return (0.8 * near - rules.value(c), c)

    return min([c for c in allowed if c.is_natural] or allowed, key=keep_worth)


def test_the_counted_lay_off_test_and_discard_are_the_plain_ones() -> None:
    """``addable`` counts only the naturals at the ranks between a card and a run, and lets a card
    inside a run only where the run has a wild: it says no where the first, plainer count said no and
    more often besides, yet never to a card a lay-off (or a chain of them) can lay. The playouts'
    discard counts each suit's (each rank's) cards once per hand, with the answers of counting for
    every card. At every meld phase of the sample logs (and on hands mixed from every seat's cards,
    against the same tables) and on random games' states."""
    asked = stricter = laid = discarded = 0
    for hand, rules, table in _positions(400):
        fits, plain_fits = solver.addable(hand, rules, table), plain_addable(hand, rules, table)
        assert all(p or not f for f, p in zip(fits, plain_fits)), [c.code for c in hand]
        asked += any(plain_fits)
        stricter += sum(p and not f for f, p in zip(fits, plain_fits))
        _left, done = solver._lay_off_leftovers(list(hand), rules, list(table))
        for _mid, card in done:  # every card some order of lay-offs lays is one addable lets through
            assert fits[hand.index(card)], ([c.code for c in hand], card.code)
            laid += 1
    states = [s for path in sorted((ROOT / "sample_games").glob("*.jsonl")) for s in load_replay(path).states]
    states += [s for seed in range(4) for s in replay(random_game("classic", 2, seed, max_hands=2)).states]
    for state in states:
        if state.rules is not None and state.phase == "meld" and state.in_hand and state.hands[state.turn]:
            assert discard_choice(state) == plain_discard(state), state.seq
            discarded += 1
    assert asked >= 50 and discarded >= 200 and laid >= 50  # each was asked often enough to be tested
    assert stricter >= 20  # and the count of ranks between said no where the plain one said yes


@pytest.mark.parametrize("name", PRESETS)
def test_the_remembered_joker_swap_is_the_rules_one(name: str) -> None:
    """``fast_melds.swap_or_none`` (the go-out solver's swap test) gives the meld the reducer's
    ``verify_joker_swap`` gives, and None wherever it refuses, asked afresh and then remembered:
    every card kind on melds holding a joker, runs and sets."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"swap/{name}")
    kinds = sorted(set(deck))
    accepted = tried = 0
    for _ in range(150):
        cands = [m for m in meld_candidates(rng.sample(deck, 10) + [JOKER], rules) if JOKER in m]
        if not cands:
            continue
        meld = melds.verify_meld(rng.choice(cands), rules)
        for card in kinds:
            swapped = plain(lambda: melds.verify_joker_swap(meld, card, rules))
            for _ in range(2):
                assert fast_melds.swap_or_none(meld, card, rules) == swapped, (meld, card)
            accepted += swapped is not None
            tried += 1
    assert accepted >= 30 and tried >= 3000  # swaps were allowed, and refused, often enough to compare


def _lay_off_positions(count: int) -> Iterator[tuple[list[Card], Ruleset, list[tuple[int, Meld]]]]:
    """Small hands against tables of one to three random melds, under every preset: the order of
    lay-offs matters in some of them (a joker filling the set an ace was to go to)."""
    rng, deck = random.Random("lay-offs"), deck_list()
    for _ in range(count):
        rules = get_ruleset(rng.choice(PRESETS))
        table = []
        for mid in range(rng.randint(1, 3)):
            cands = meld_candidates(rng.sample(deck, 12), rules)
            if cands:
                table.append((mid, melds.verify_meld(rng.choice(cands), rules)))
        if table:
            yield rng.sample(deck, rng.randint(2, solver.EXACT_LAY_OFFS)), rules, table


def test_the_bounded_lay_off_search_lays_what_every_order_lays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lay-offs of the cards left (``solver._lay_off_leftovers``) try every order only while greed
    laid fewer cards than ``addable`` lets through, and stop at the first order laying that many: the
    same cards on the same melds as trying every order whenever greed left a card (``addable`` saying
    yes to every card gives that plain search)."""
    cases = list(_lay_off_positions(6000))
    fast = [solver._lay_off_leftovers(*case) for case in cases]
    monkeypatch.setattr(solver, "EXACT_LAY_OFFS", 0)
    greedy = [solver._lay_off_leftovers(*case) for case in cases]
    monkeypatch.undo()
    monkeypatch.setattr(solver, "addable", lambda hand, rules, table: [True] * len(hand))
    plain = [solver._lay_off_leftovers(*case) for case in cases]
    assert fast == plain
    # orders beyond greed's were needed often enough for the comparison to mean something
    assert sum(len(p[1]) > len(g[1]) for p, g in zip(plain, greedy)) >= 15


# ------------------------------------------------------------------ fewer deals where the call is clear
# The judge and the expert stop sampling a move once more deals could not change the answer but by
# a rare turn of luck. The plain path (every deal) is the reference; these changes do alter answers
# now and then, so what is checked is the rule itself and how often the two agree.

@pytest.mark.parametrize("mean", [-2.0, 0.0, 0.4, 0.9, 1.5, 2.5, 2.9, 3.4, 6.0, 9.5, 11.0])
@pytest.mark.parametrize("se", [0.2, 0.6, 1.2, 2.5])
@pytest.mark.parametrize("n", [32, 48, 96, 160, 208, 320])
def test_sequential_stopping_only_stops_sooner(mean: float, se: float, n: int) -> None:
    low, high = mean - judge.quantile(n) * se, mean + judge.quantile(n) * se
    limit = 2 * judge.MAX_DEALS if judge.straddles(low, high, judge.FLAG_BOUNDARIES) else judge.MAX_DEALS
    plain = n < limit and judge.straddles(low, high)  # the rule before sequential stopping
    assert judge.worth_more(mean, se, n, sequential=False) is plain
    if judge.worth_more(mean, se, n):
        assert plain


def test_a_close_call_still_gets_its_deals() -> None:
    # a loss of 1.5 +- 1.2 at the first look could well end above 1 point: keep sampling
    assert judge.worth_more(1.5, 0.6, judge.MIN_DEALS)
    # 0.3 +- 1.3 after 64 deals would need to climb past 1.6 by the limit: give up on the boundary
    assert not judge.worth_more(0.3, 0.65, 64)
    assert judge.worth_more(0.3, 0.65, 64, sequential=False)


def test_a_move_is_given_up_only_far_behind_and_ranks_after_those_kept() -> None:
    leader = tally([5.0, 6.0, 4.0, 5.0, 7.0, 5.0, 6.0, 4.0])
    close = tally([4.0, 7.0, 3.0, 6.0, 6.0, 4.0, 6.0, 5.0])  # 0.25 behind, spread 1: kept
    far = tally([-5.0, -4.0, -6.0, -3.0, -5.0, -6.0, -4.0, -5.0])  # 10 behind: given up
    lucky = tally([9.0] * 4)  # fewer deals: a high average, but given up it still ranks last
    kept = survivors([leader, close, far])
    assert kept == [leader, close]
    assert by_value([far, leader, close], kept) == [leader, close, far]
    assert by_value([lucky, leader], [leader]) == [leader, lucky]


def test_a_decision_ends_once_no_move_is_likely_to_beat_the_choice_by_the_margin() -> None:
    choice = tally([5.0, 6.0, 4.0, 5.0, 7.0, 5.0, 6.0, 4.0])
    behind = tally([2.0, 3.5, 0.5, 2.0, 4.0, 2.5, 3.0, 1.0])  # about 2.8 behind, steady: cannot be 0.5 better
    close = tally([5.5, 5.0, 5.0, 4.5, 8.0, 4.5, 7.0, 4.0])  # 0.25 ahead, spread 0.8: might end 0.5 better
    assert call_made(choice, [choice, behind], MARGIN, 48)
    assert not call_made(choice, [choice, behind, close], MARGIN, 48)
    assert call_made(choice, [choice, behind, close], MARGIN, 8)  # ... but not once the race is run
    assert call_made(choice, [choice, tally(list(choice.values))], MARGIN, 48)  # twins: nothing to learn
    assert not call_made(choice, [choice, tally([9.0])], MARGIN, 48)  # one deal says nothing of the spread
    # the choice is the hints' move (first) unless another beats it by more than the margin
    ahead = tally([v + 0.3 for v in choice.values])
    assert ranking([choice, ahead], [choice, ahead], MARGIN)[0] is choice
    assert ranking([behind, ahead], [behind, ahead], MARGIN)[0] is ahead


def test_a_mean_is_likely_to_move_less_the_fewer_deals_are_left() -> None:
    assert likely_high(1.0, 2.0, 16, 64, 2.0) == pytest.approx(1.0 + 2.0 * 2.0 * math.sqrt(0.75))
    assert likely_high(1.0, 2.0, 16, 16, 2.0) == 1.0 == likely_high(1.0, 2.0, 20, 16, 2.0)
    assert likely_high(1.0, 2.0, 8, 64, 2.0) > likely_high(1.0, 2.0, 32, 64, 2.0)


def test_ending_a_made_call_early_spares_deals_and_gives_up_little() -> None:
    rp = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    spared, decided, given_up = 0, 0, []
    for i, ev in enumerate(rp.events):
        if i == 0 or not is_move(ev):
            continue
        obs = observe(rp.states[i - 1], getattr(ev, "seat", rp.states[i - 1].turn), rp.events[:i])
        moves = candidates(options(obs.stand_in(), rank=True))
        if len(moves) < 2:
            continue
        early = choose_move(obs, moves, PLAYOUTS, f"t/{i}", MATCH_WIN, MARGIN)
        full = choose_move(obs, moves, PLAYOUTS, f"t/{i}", MATCH_WIN, MARGIN, settle_z=None)
        decided += 1
        if sum(t.n for t in early) == sum(t.n for t in full):  # the same deals in the same order: the same race
            assert [t.values for t in early] == [t.values for t in full]
            continue
        spared += 1
        # where the early call differs, the whole race itself rates the two moves less than two margins apart
        value = {move_key(t.option.event): t.value for t in full}
        given_up.append(value[move_key(full[0].option.event)] - value[move_key(early[0].option.event)])
    assert decided >= 10 and spared >= 3, (decided, spared)
    assert all(g < 2 * MARGIN for g in given_up), given_up


@pytest.mark.slow
def test_the_sequential_review_agrees_with_the_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    rp = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    fast = {v.seq: v for v in review(rp, seed=0)}
    monkeypatch.setattr(judge, "FUTILITY_Z", math.inf)  # never give a boundary up ...
    monkeypatch.setattr(judge, "PRUNE_AFTER", 10 ** 6)  # ... nor a move: every deal, as before
    plain = {v.seq: v for v in review(rp, seed=0)}
    assert fast.keys() == plain.keys() and len(plain) >= 10
    same = sum(fast[s].verdict == plain[s].verdict for s in plain)
    assert same >= len(plain) - 1, [(s, fast[s].verdict, plain[s].verdict) for s in plain]
    flags = {s for s, v in plain.items() if v.severity >= 2}
    assert flags and flags == {s for s, v in fast.items() if v.severity >= 2}  # the mistakes shown


def test_the_racing_expert_mostly_picks_the_plain_experts_move() -> None:
    rp = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    picks: list[bool] = []
    for i, ev in enumerate(rp.events):
        if i == 0 or not is_move(ev) or len(picks) >= 12:
            continue
        obs = observe(rp.states[i - 1], getattr(ev, "seat", rp.states[i - 1].turn), rp.events[:i])
        moves = candidates(options(obs.stand_in(), rank=True))
        if len(moves) < 3:
            continue
        # dropping moves far behind alone (ending a made call early: the test of that)
        fast = choose_move(obs, moves, PLAYOUTS, f"t/{i}", MATCH_WIN, MARGIN, settle_z=None)
        plain = choose_move(obs, moves, PLAYOUTS, f"t/{i}", MATCH_WIN, MARGIN, sequential=False)
        picks.append(move_key(fast[0].option.event) == move_key(plain[0].option.event))
        assert sum(t.n for t in fast) <= sum(t.n for t in plain)
    assert len(picks) >= 8 and sum(picks) >= len(picks) - 2, picks


@pytest.mark.parametrize("name", PRESETS)
def test_a_hand_whose_best_split_is_one_meld_holds_no_other(name: str) -> None:
    """The playout policy stops looking for melds once it has laid the one meld of the hand's best
    split (``rollout._was_the_only_meld``): what is left must hold no meld, whichever 2 was laid."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"one meld {name}")
    seen = 0
    for _ in range(1500):
        hand = rng.sample(deck, rng.randint(4, 16))
        hand += [Card(2, rng.choice(SUITS))] * (rng.random() < 0.3) + [JOKER] * (rng.random() < 0.3)
        for cards in dict.fromkeys(meld_candidates(hand, rules)):
            if not rollout._was_the_only_meld(hand, cards, rules):
                continue
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            assert not best_partition(rest, rules).melds, (hand, cards)
            seen += 1
    assert seen > 200  # hands with one meld in their best split were met often enough


@pytest.mark.parametrize("name", PRESETS)
def test_strays_are_the_same_with_runs_up_to_five_long(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``solver.strays`` lists the candidate runs up to 5 long only (those the searches remember): a card
    in a longer run is in a shorter one, so the strays are those found with every run length."""
    rules, deck, rng = get_ruleset(name), deck_list(), random.Random(f"strays {name}")
    hands = [rng.sample(deck, rng.randint(3, 15)) for _ in range(400)]
    hands += [[c for c in deck if c.suit == suit][:k] + [JOKER] for suit in SUITS for k in range(3, 14)]
    short = [solver.strays(h, rules) for h in hands]
    every = solver.run_candidates
    monkeypatch.setattr(solver, "run_candidates", lambda hand, rules, max_len=None: every(hand, rules))
    assert [solver.strays(h, rules) for h in hands] == short
