"""The expert bot's parts: candidates, the leaf estimate, outcomes by side, budgets, going out."""

from __future__ import annotations

import json
import random
from pathlib import Path

from banakil_replay.cards import parse_cards
from banakil_replay.play.bots.selfplay import play_match
from banakil_replay.play.search.going_out import go_out_plan
from banakil_replay.play.bots.expert import PER_KIND, ExpertBot, candidates, leaf_values, outcome
from banakil_replay.play.observation import observe
from banakil_replay.play.coach.options import options
from banakil_replay.play.bots.rollout import play_out
from banakil_replay.endings import hand_ends
from banakil_replay.reducer import Replay, replay

SELFPLAY = Path(__file__).resolve().parents[1] / "sample_games" / "selfplay"


def load(name: str) -> Replay:
    return replay([json.loads(line) for line in (SELFPLAY / name).read_text(encoding="utf-8").splitlines()])


def test_candidates_are_the_best_ranked_few_of_each_kind_and_the_top_card() -> None:
    rp = load("classic_2p.jsonl")
    for state in rp.states:
        if not state.in_hand:
            continue
        opts = options(state)
        picked = candidates(opts)
        kinds = [o.kind for o in picked]
        assert opts.best() in picked
        for kind, most in PER_KIND.items():
            assert kinds.count(kind) <= most + (kind == "take")
        takes = [o for o in opts.options if o.kind == "take"]
        if takes:
            assert any(getattr(o.event, "count", 0) == 1 for o in picked)


def test_the_leaf_prefers_a_hand_that_melds_to_one_that_does_not() -> None:
    state = load("classic_2p.jsonl").states[2]  # seat 0 has drawn in hand 1, nothing laid yet
    assert state.in_hand
    melds = parse_cards("3C 3D 3S 7H 8H 9H 10H JH QH AC AD AH 4S 5S 6S 7S 8S 9S".split())
    junk = parse_cards("3C 5D 7H 9S JC KD 4H 6S 8C 10D QH 3H 5S 7C 9D JH KS 4C".split())
    good = state.evolve(hands=(melds, state.hands[1]))
    bad = state.evolve(hands=(junk, state.hands[1]))
    assert leaf_values(good)[0] > leaf_values(bad)[0] + 20
    assert leaf_values(good)[1] == leaf_values(bad)[1]


def test_outcomes_are_side_scores_at_four_players() -> None:
    rp = load("classic_4p.jsonl")
    end = hand_ends(rp)[0].state
    assert end.hand_score is not None
    sides = [float(s) for s in end.hand_score.sides]
    ours, theirs, out_side = outcome(end, 0)
    assert (ours, theirs) == (sides[0], sides[1])
    assert outcome(end, 1)[:2] == (sides[1], sides[0])
    assert out_side == (end.went_out % 2 if end.went_out is not None else None)


def test_a_time_limit_stops_after_one_round_of_deals() -> None:
    rp = load("classic_2p.jsonl")
    i = next(i for i, s in enumerate(rp.states) if s.in_hand and s.phase == "meld" and len(candidates(options(s))) > 2)
    state = rp.states[i]
    obs = observe(state, state.turn, rp.events[:i + 1])
    opts = options(obs.stand_in())
    bot = ExpertBot(1, playouts=10_000, seconds=0.0)
    move = bot.choose(obs, opts)
    assert move in opts.options and {t.n for t in bot.last} == {2}
    full = ExpertBot(1, playouts=40)
    full.choose(obs, opts)
    assert {t.n for t in full.last} == {40 // len(full.last) // 2 * 2}


def test_the_expert_goes_out_whenever_the_solver_can() -> None:
    log = play_match("classic", 2, [ExpertBot(2, playouts=16), ExpertBot(3, playouts=16)], seed=5, max_hands=1)
    rp = replay(log)
    seen = 0
    for i, state in enumerate(rp.states[:-1]):
        if state.in_hand and state.phase == "meld" and go_out_plan(state):
            seen += 1
            later = next(s for s in rp.states[i + 1:] if not s.in_hand or s.turn != state.turn or s.phase == "draw")
            assert later.went_out == state.turn
    assert seen >= 1 and rp.final.went_out is not None  # every step of the way out is a state that can go out


def test_playouts_end_the_hand_or_stop_after_the_seats_next_turn() -> None:
    rp = load("classic_2p.jsonl")
    state = rp.states[5]
    seat = state.turn
    for seed in range(4):
        sample = observe(state, seat, rp.events[:6]).sample(random.Random(seed))
        final = play_out(sample, random.Random(seed), seat)
        assert not final.in_hand or (final.phase == "draw" and final.turn != seat)
        whole = play_out(sample, random.Random(seed))
        assert not whole.in_hand
