"""The experiment runner: paired deals, the seat swap, the interval, determinism; and the habits."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from functools import lru_cache

import pytest

from banakil_replay.events import Drew, LaidOff, Melded, Took, parse_event
from banakil_replay.play.bots.selfplay import HeuristicBot
from banakil_replay.play.analysis.experiment import Game, Result, interval, play_hand, run_experiment, t95
from banakil_replay.play.analysis.habits import HabitBot
from banakil_replay.reducer import fold


def _jokers_kept() -> HabitBot:
    return HabitBot(keep_jokers=True)


def _held_sets() -> HabitBot:
    return HabitBot(hold_sets=1)


@lru_cache(maxsize=None)
def _run(seed: int = 3) -> tuple[Result, tuple[Game, ...]]:
    games: list[Game] = []
    res = run_experiment(_jokers_kept, _held_sets, "kroot", 2, 3, seed, on_game=games.append)
    return res, tuple(games)


def test_every_arm_meets_the_same_deck_on_each_deal() -> None:
    _, games = _run()
    deals: dict[int, list[dict[str, object]]] = defaultdict(list)
    for g in games:
        deals[g.deal].append(g.log[1])
    assert sorted(deals) == [0, 1, 2]
    for deal, starts in deals.items():
        assert len(starts) == 4, deal  # two arms, two seatings
        assert all(s == starts[0] for s in starts), deal
        assert starts[0]["type"] == "hand_started"
    assert deals[0][0]["hands"] != deals[1][0]["hands"]  # a new deal is a new shuffle


def test_each_arm_plays_both_sides_against_the_opponent() -> None:
    _, games = _run()
    seen = {(g.deal, g.arm, g.side) for g in games}
    assert seen == {(d, a, s) for d in range(3) for a in ("habit", "without") for s in (0, 1)}
    for g in games:
        players = g.log[0]["players"]
        assert players[g.side] == f"{g.arm}-{g.side}"
        assert players[1 - g.side] == f"opponent-{1 - g.side}"


def test_the_result_is_the_mean_paired_difference_of_the_games() -> None:
    res, games = _run()
    margin = {(g.deal, g.arm, g.side): g.margin for g in games}
    for g in games:  # the margin is the hand's score as the log replays it, from the arm's side
        sides = fold(g.log).hand_score.sides  # type: ignore[union-attr]
        assert g.margin == pytest.approx(float(sides[g.side]) - float(sides[1 - g.side]))
    expected = [(margin[d, "habit", 0] + margin[d, "habit", 1]) / 2
                - (margin[d, "without", 0] + margin[d, "without", 1]) / 2 for d in range(3)]
    assert list(res.diffs) == pytest.approx(expected)
    assert res.interval == interval(res.diffs)
    assert res.habit_margin - res.without_margin == pytest.approx(res.interval.mean)


def test_the_same_seed_gives_the_same_result_and_another_seed_other_deals() -> None:
    first, games = _run(3)
    _run.cache_clear()
    again, games_again = _run(3)
    assert again == first and [g.log for g in games_again] == [g.log for g in games]
    other = run_experiment(_jokers_kept, HeuristicBot, "kroot", 2, 2, seed=4)
    assert other.diffs != first.diffs[:2]


def test_the_interval_is_mean_plus_or_minus_t_times_the_standard_error() -> None:
    iv = interval([1.0, 2.0, 3.0, 4.0])
    half = 3.182 * statistics.stdev([1, 2, 3, 4]) / 2
    assert (iv.mean, iv.n) == (2.5, 4)
    assert iv.low == pytest.approx(2.5 - half) and iv.high == pytest.approx(2.5 + half)
    assert iv.half_width == pytest.approx(half) and iv.verdict == "helps"
    assert interval([-1.0, -1.0, -1.0]).verdict == "hurts"
    assert interval([-1.0, 1.0]).verdict == "unclear"
    assert t95(1) == 12.706 and t95(30) == 2.042 and t95(500) == 1.96
    assert math.isclose(interval([5.0, 5.0]).half_width, 0.0)
    with pytest.raises(ValueError):
        t95(0)


def test_an_arm_that_is_the_opponent_scores_nothing_and_is_not_played() -> None:
    games: list[Game] = []
    res = run_experiment(HeuristicBot, HeuristicBot, "kroot", 2, 2, 0, on_game=games.append)
    assert games == [] and res.diffs == (0.0, 0.0) and res.interval.verdict == "unclear"


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="2 or 4 players"):
        run_experiment(HeuristicBot, HeuristicBot, "classic", 3, 5)
    with pytest.raises(ValueError, match="two paired hands"):
        run_experiment(HeuristicBot, HeuristicBot, "classic", 2, 1)


# ------------------------------------------------------------------ habits
def test_a_habit_bot_with_no_habit_plays_as_the_plain_bot() -> None:
    _, plain = play_hand("classic", 2, [HeuristicBot(), HeuristicBot()], 7, 0, ["a", "b"])
    _, habit = play_hand("classic", 2, [HabitBot(), HabitBot()], 7, 0, ["a", "b"])
    assert habit == plain


def _moves(log: list[dict[str, object]], seat: int) -> list[object]:
    return [e for e in map(parse_event, log[2:]) if getattr(e, "seat", None) == seat]


def test_a_bot_that_keeps_jokers_lays_none_before_its_last_turn() -> None:
    kept = 0
    for deal in range(4):
        state, log = play_hand("classic", 2, [HabitBot(keep_jokers=True), HeuristicBot()], 11, deal)
        mine = _moves(log, 0)
        last_draw = max(i for i, e in enumerate(mine) if isinstance(e, (Drew, Took)))
        with_joker = [i for i, e in enumerate(mine)
                      if isinstance(e, (Melded, LaidOff)) and any(c.is_joker for c in e.cards)]
        assert all(i > last_draw and state.went_out == 0 for i in with_joker), deal  # only when going out
        kept += any(c.is_joker for c in state.hands[0])
    assert kept  # the habit did hold a joker somewhere, so the check above was not empty


def test_a_cold_bot_lays_nothing_unless_it_goes_out_that_turn() -> None:
    for deal in range(3):
        state, log = play_hand("kroot", 2, [HabitBot(cold=True), HeuristicBot()], 5, deal)
        laid = [e for e in _moves(log, 0) if isinstance(e, (Melded, LaidOff))]
        assert not laid or (state.went_out == 0 and state.all_at_once)


def test_a_run_in_pieces_gives_the_differences_of_one_run() -> None:
    whole, _ = _run()
    rest = run_experiment(_jokers_kept, _held_sets, "kroot", 2, 2, 3, first=1)
    assert rest.diffs == whole.diffs[1:]
