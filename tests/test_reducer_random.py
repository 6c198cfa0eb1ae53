"""Property tests: random legal play replays cleanly and conserves all 106 cards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banakil_replay.cards import full_deck
from banakil_replay.reducer import replay
from banakil_replay.state import GameState

from random_play import random_game  # type: ignore[import-not-found]

DECK = full_deck()
PRESETS = [("classic", 2), ("classic", 3), ("classic", 4), ("classic-sum", 4), ("jawaker", 4),
           ("eram", 4), ("kroot", 4), ("kroot", 2)]


def conserved(state: GameState) -> bool:
    return state.census() == DECK


@pytest.mark.parametrize("rules, players", PRESETS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_replays_and_conserves_cards(rules: str, players: int, seed: int) -> None:
    log = random_game(rules, players, seed, max_hands=2)
    rp = replay(log)
    assert [e.seq for e in rp.events] == list(range(len(log)))
    for state in rp.states:
        if state.in_hand:
            assert conserved(state), f"seq {state.seq}"
        for m in state.melds:
            assert sum(c.is_two for c in m.cards) <= 1 and sum(c.is_joker for c in m.cards) <= 1
    assert rp.final.hand_no >= 1
