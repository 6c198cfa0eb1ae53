"""Options: every listed event replays; no legal event is missing (brute force on small hands)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from banakil_replay.cards import Card
from banakil_replay.errors import IllegalMoveError
from banakil_replay.events import Discarded, LaidOff, Melded, Took, parse_event
from banakil_replay.play.moves import move_json
from banakil_replay.play.coach.options import options
from banakil_replay.reducer import HANDLERS, apply, replay
from banakil_replay.state import GameState

from random_play import random_game  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
GAMES = [("classic", 2, 11), ("classic", 4, 12), ("jawaker", 4, 13), ("eram", 4, 14), ("kroot", 4, 15),
         ("kroot", 2, 16), ("classic-sum", 4, 17)]


def states_of(rules: str, players: int, seed: int) -> list[GameState]:
    return [s for s in replay(random_game(rules, players, seed)).states if s.in_hand]


def legal(state: GameState, event: object) -> bool:
    try:
        HANDLERS[type(event)](state, event)
        return True
    except IllegalMoveError:
        return False


@pytest.mark.parametrize("rules, players, seed", GAMES)
def test_every_option_replays(rules: str, players: int, seed: int) -> None:
    for state in states_of(rules, players, seed)[::3]:
        opts = options(state)
        assert opts.options, f"no options at seq {state.seq}"
        for opt in opts.options:
            apply(state, opt.event)
        for bad in opts.not_allowed:
            with pytest.raises(IllegalMoveError):
                apply(state, bad.event)
        ranks = sorted(o.rank for o in opts.options if o.rank is not None)
        assert ranks == list(range(1, len(opts.options) + 1))


def _canon(cards: list[Card]) -> tuple[str, ...]:
    """Cards as a multiset with every 2 alike (options list one 2 for all)."""
    return tuple(sorted("2" if c.is_two else c.code for c in cards))


def _dominated(state: GameState, cards: tuple[Card, ...], hand: tuple[Card, ...]) -> bool:
    """A wild stands where the hand holds a natural that could take its place (never better)."""
    rest = Counter(hand) - Counter(cards)
    for w in (c for c in cards if c.is_wild):
        for n in (c for c in rest if c.is_natural):
            swapped = list(cards)
            swapped.remove(w)
            swapped.append(n)
            if legal(state, Melded(state.seq + 1, state.turn, tuple(swapped))):
                return True
    return False


@pytest.mark.parametrize("rules, players, seed", GAMES)
def test_no_legal_event_missing(rules: str, players: int, seed: int) -> None:
    checked = 0
    for state in states_of(rules, players, seed):
        hand = state.hands[state.turn]
        if state.phase != "meld" or len(hand) > 11:
            continue
        checked += 1
        opts = options(state, rank=False)
        seq, seat = state.seq + 1, state.turn
        listed_melds = {_canon([Card(0) if c == "JK" else _card(c) for c in move_json(o.event)["cards"]])
                        for o in opts.of_kind("meld")}
        for size in range(3, min(len(hand), 7) + 1):
            for combo in set(combinations(sorted(hand), size)):
                if legal(state, Melded(seq, seat, combo)) and not _dominated(state, combo, hand):
                    assert _canon(list(combo)) in listed_melds, (state.seq, combo)
        listed = {json.dumps(move_json(o.event), sort_keys=True) for o in opts.options}
        for card in set(hand):
            if legal(state, Discarded(seq, seat, card)):
                assert json.dumps({"type": "discarded", "seat": seat, "card": card.code}, sort_keys=True) in listed
            for m in state.melds:
                if legal(state, LaidOff(seq, seat, m.id, (card,))):
                    assert json.dumps({"type": "laid_off", "seat": seat, "meld": m.id, "cards": [card.code]},
                                      sort_keys=True) in listed
    assert checked > 0


def _card(code: str) -> Card:
    from banakil_replay.cards import parse_card

    return parse_card(code)


def test_take_options_cover_every_depth() -> None:
    for state in states_of("classic", 3, 21):
        if state.phase == "draw" and len(state.discard) >= 3:
            opts = options(state)
            takes = sorted(move_json(o.event)["count"] for o in opts.of_kind("take"))
            assert takes == [k for k in range(1, len(state.discard) + 1)
                             if legal(state, Took(state.seq + 1, state.turn, k))]
            assert opts.of_kind("draw")
            return
    pytest.fail("no draw state with a pile of 3 found")


def test_not_allowed_explains_lone_top_card() -> None:
    events = [json.loads(line) for line in (SAMPLES / "classic_dana_ravi.jsonl").read_text().splitlines()]
    state = replay(events).at(1)  # Dana to draw; the upcard 8D is on the pile
    took = apply(state, parse_event({"seq": 2, "type": "took", "seat": 0, "count": 1}))
    opts = options(took)
    why = [n.why for n in opts.not_allowed if move_json(n.event).get("card") == "8D"]
    assert why and "thrown straight back" in why[0]
    assert all(move_json(o.event).get("card") != "8D" for o in opts.of_kind("discard"))
    take = options(state).of_kind("take")[0]
    assert "may not throw 8♦ back" in take.explain


def test_opponent_meld_listed_as_not_allowed() -> None:
    events = [json.loads(line) for line in (SAMPLES / "classic_dana_ravi.jsonl").read_text().splitlines()]
    rp = replay(events)
    state = rp.at(5)  # Ravi to meld; Dana's hearts run is meld 1
    opts = options(state)
    assert any(move_json(n.event).get("meld") == 1 and "opponent" in n.why for n in opts.not_allowed)
    assert not any(move_json(o.event).get("meld") == 1 for o in opts.options)


def test_over_state_has_no_options() -> None:
    events = [json.loads(line) for line in (SAMPLES / "classic_dana_ravi.jsonl").read_text().splitlines()]
    final = replay(events).final
    opts = options(final)
    assert opts.phase == "over" and not opts.options


def test_meld_leaving_only_the_taken_top_card_is_not_allowed() -> None:
    from banakil_replay.errors import IllegalMoveError as Illegal

    events = [json.loads(line) for line in (SAMPLES / "classic_dana_ravi.jsonl").read_text().splitlines()]
    state = replay(events).at(1)
    took = apply(state, parse_event({"seq": 2, "type": "took", "seat": 0, "count": 1}))  # the lone 8D
    hand = [c for c in took.hands[0] if c.code != "8D"]
    # meld everything but the taken card, where the hand allows: strip cards until a meld would leave 8D alone
    from banakil_replay.reducer import verify_keeps_a_discard

    with pytest.raises(Illegal, match="keep a card you may discard"):
        verify_keeps_a_discard(took.this_turn, tuple(c for c in took.hands[0] if c.code == "8D"))
    verify_keeps_a_discard(took.this_turn, tuple(hand[:1]) + tuple(c for c in took.hands[0] if c.code == "8D"))
