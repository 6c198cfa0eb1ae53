"""Observations: what one seat may know, and nothing more."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cards import JOKER, Card, counts_of, full_deck
from banakil_replay.events import Drew, Took
from banakil_replay.play.bots.selfplay import HeuristicBot, RandomBot
from banakil_replay.play.bots.expert import ExpertBot
from banakil_replay.play.observation import observe
from banakil_replay.play.coach.options import options
from banakil_replay.reducer import Replay, replay
from banakil_replay.state import GameState

ROOT = Path(__file__).resolve().parents[1]
SELFPLAY = ROOT / "sample_games" / "selfplay"


def load(name: str) -> Replay:
    path = SELFPLAY / name
    return replay([json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()])


def hidden_swap(state: GameState, seat: int) -> GameState:
    """The same state with one card of another hand swapped for a different card deep in the stock."""
    other = (seat + 1) % state.n
    hand, stock = list(state.hands[other]), list(state.stock or ())
    i = next(i for i, c in enumerate(hand) if any(d != c for d in stock))
    j = max(k for k, d in enumerate(stock) if d != hand[i])
    hand[i], stock[j] = stock[j], hand[i]
    hands = tuple(tuple(hand) if k == other else h for k, h in enumerate(state.hands))
    return state.evolve(hands=hands, stock=tuple(stock), unseen=counts_of(stock))


def decision_points(rp: Replay, every: int = 15) -> list[int]:
    return [i for i, s in enumerate(rp.states) if s.in_hand and s.stock_count > 2][::every]


@pytest.mark.parametrize("name", ["classic_2p.jsonl", "classic_4p.jsonl"])
def test_states_differing_only_in_hidden_cards_look_the_same_and_get_the_same_moves(name: str) -> None:
    rp = load(name)
    points = decision_points(rp)
    assert len(points) >= 10
    for i in points:
        state = rp.states[i]
        seat = state.turn
        twin = hidden_swap(state, seat)
        assert twin.hands != state.hands and twin.census() == state.census()
        history = rp.events[:i + 1]
        obs, obs_twin = observe(state, seat, history), observe(twin, seat, history)
        assert obs == obs_twin
        assert options(obs.stand_in()) == options(state)  # the options list needs no hidden card
        for make in (HeuristicBot, lambda: RandomBot(3), lambda: ExpertBot(3, playouts=8)):
            opts = options(obs.stand_in())
            assert make().choose(obs, opts) == make().choose(obs_twin, opts)


def test_the_observation_hides_other_hands_the_stock_and_drawn_cards() -> None:
    rp = load("classic_2p.jsonl")
    i = next(i for i in decision_points(rp, 1) if any(isinstance(e, Drew) for e in rp.events[:i]))
    state = rp.states[i]
    obs = observe(state, 0, rp.events[:i + 1])
    assert obs.hand == state.hands[0]
    assert obs.public.hands[1] == () and obs.public.stock is None and not any(obs.public.unseen)
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert all(m.card is None for m in obs.moves if isinstance(m, Drew))
    view = obs.to_json()
    assert view["hand"] == [c.code for c in state.hands[0]] and view["stock"] == state.stock_count
    assert "hands" not in view and view["hand_sizes"] == [len(h) for h in state.hands]
    assert all("card" not in m for m in view["moves"] if m["type"] == "drew")


def test_cards_taken_from_the_pile_are_known_and_sampled_into_the_takers_hand() -> None:
    rp = load("classic_2p.jsonl")
    takes = [i for i, e in enumerate(rp.events) if isinstance(e, Took) and e.seat == 1]
    assert takes
    i = takes[0]
    taken = Counter(rp.states[i - 1].discard[-rp.events[i].count:])  # type: ignore[union-attr]
    obs = observe(rp.states[i], 0, rp.events[:i + 1])
    assert Counter(obs.known[1]) == taken and obs.known[0] == ()
    assert isinstance(obs.moves[-1], Took) and obs.moves[-1].cards is not None
    for seed in range(5):
        sampled = obs.sample(random.Random(seed))
        assert not (taken - Counter(sampled.hands[1]))  # the taker holds what he took
        assert sampled.hands[0] == obs.hand and sampled.discard == obs.public.discard
        assert [len(h) for h in sampled.hands] == list(obs.hand_sizes)
        assert sampled.census() == full_deck() and len(sampled.stock or ()) == sampled.stock_count


def test_a_swapped_joker_is_known_to_be_in_the_swappers_hand() -> None:
    from banakil_replay.play.observation import public_history
    from banakil_replay.events import HandStarted, JokerSwapped, Melded

    c = Card
    events: list[Any] = [HandStarted(1, 1, 1, ((), ()), c(9, "D")),
                         Melded(2, 1, (c(5, "H"), JOKER, c(7, "H"))), JokerSwapped(3, 1, 1, c(6, "H"))]
    record = public_history(events, 2)
    assert record.known[1] == [JOKER] and record.pile == [c(9, "D")] and len(record.moves) == 2


def test_a_history_that_does_not_lead_to_the_state_is_refused() -> None:
    rp = load("classic_2p.jsonl")
    i = decision_points(rp)[3]
    with pytest.raises(ValueError, match="does not lead to this state"):
        observe(rp.states[i], 0, rp.events[:i - 3] + rp.events[i - 1:i + 1])
    with pytest.raises(ValueError, match="not a seat"):
        observe(rp.states[i], 5)
