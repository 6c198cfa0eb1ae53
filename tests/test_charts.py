"""The course's charts say what they show and show what they say: each chart's data, counted.

For every chart of lessons 8 and 10 (built from the same tables the lessons build): how many
lines or bars it draws, how many hands each line has, that no two rule sets share a panel (where
equal totals would draw one line over the other), that the subtitle states the counts, and that
a chart with nothing to draw says why. The offline renderer draws a picture in the kernel, so
what the browser shows is what vl-convert measured (no label cut, none over an axis title).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from banakil_replay import endings
from banakil_replay.notebook import charts, frames, setup
from display_helpers import GAMES


@pytest.fixture(scope="module")
def four_player() -> Any:
    """Lesson 8's table: every four-player sample hand scored under every rule set."""
    games, problems = frames.load_games(GAMES)
    assert not problems
    return frames.rescore_frame({name: rp for name, rp in games.items() if rp.final.n == 4})


@pytest.fixture(scope="module")
def all_hands() -> Any:
    """Lesson 10's table: every hand of the samples and the self-played matches."""
    games, problems = frames.load_games([GAMES, GAMES / "selfplay"])
    assert not problems
    return frames.hands_frame(games)


def rows(spec: dict[str, Any]) -> list[dict[str, Any]]:
    (data,) = spec["datasets"].values()
    return list(data)


def subtitle(spec: dict[str, Any]) -> str:
    title = spec["title"]
    sub = title.get("subtitle", "")
    return " | ".join(sub) if isinstance(sub, list) else sub


def lines_of(spec: dict[str, Any]) -> Counter[tuple[Any, ...]]:
    """Each line a totals chart draws (panel, side, and game unless chained) and its number of points."""
    inner = spec["spec"]["encoding"]
    keys = ["rules", "side"] + (["game"] if "detail" in inner else [])
    return Counter(tuple(r[k] for k in keys) for r in rows(spec))


def test_jawaker_sample_rescored_shows_every_rule_set_in_its_own_panel(four_player: Any) -> None:
    jawaker = four_player[four_player.game == "jawaker_hand.jsonl"]
    spec = charts.totals_chart(jawaker, title="Jawaker sample, rescored").to_dict()
    assert spec["facet"]["column"]["field"] == "rules"  # one panel each: equal lines cannot hide each other
    lines = lines_of(spec)
    assert len(lines) == 5 * 2 and set(lines.values()) == {2}  # 5 rule sets x 2 sides, 2 hands each
    totals = {(r["rules"], r["side"], r["hand"]): r["total"] for r in rows(spec)}
    # the lines that hid each other when drawn in one panel: a point apart on a scale of 150
    assert abs(totals[("jawaker", "side 1", 2)] - totals[("kroot", "side 1", 2)]) <= 1
    assert "2 hands of 1 game" in subtitle(spec)


def test_the_evening_plots_as_many_hands_as_it_says(four_player: Any) -> None:
    spec = charts.totals_chart(four_player, across_games=True, title="The four-player samples as one evening").to_dict()
    hands = four_player.drop_duplicates(["game", "hand"])
    lines = lines_of(spec)
    assert set(lines.values()) == {len(hands)} == {5}  # five hands (the Jawaker sample has two)
    assert len(lines) == 5 * 2
    assert "5 hands of 4 games" in subtitle(spec) and "played one after another" in subtitle(spec)


def test_the_lessons_call_the_evening_by_what_it_holds() -> None:
    """Lesson 8 once titled five hands 'Four hands as one evening'."""
    import sys

    sys.path.insert(0, str(GAMES.parent / "tools"))
    import make_notebooks

    cells = "\n".join(c["source"] for _, _, cells in make_notebooks.LESSONS for c in cells)
    assert "Four hands as one evening" not in cells and "four sample hands" not in cells


def test_self_played_totals_draw_one_line_per_game_and_side(all_hands: Any) -> None:
    selfplay = all_hands[all_hands.game.str.startswith("selfplay/")]
    spec = charts.totals_chart(selfplay, title="Self-played matches").to_dict()
    lines = lines_of(spec)
    games = selfplay.groupby("game").hand.count()
    assert len(lines) == sum(2 for _ in games)  # every self-played match has two sides
    assert {(game, n) for (_, _, game), n in lines.items()} == set(games.items())


def test_endings_count_every_hand_and_say_so(all_hands: Any) -> None:
    spec = charts.endings_chart(all_hands).to_dict()
    assert len(rows(spec)) == len(all_hands)
    counts = Counter(r["ended"] for r in rows(spec))
    assert f"{len(all_hands)} hands of {all_hands.game.nunique()} games" in subtitle(spec)
    for ending in endings.ENDINGS:
        assert f"{ending} {counts.get(ending, 0)}" in subtitle(spec)
    assert spec["encoding"]["x"]["axis"]["labelAngle"] == 0


def test_an_empty_stock_chart_says_why(all_hands: Any) -> None:
    assert (all_hands.ended == endings.STOCK_OUT).sum() == 0  # no sample hand ran the stock out
    spec = charts.stock_chart(all_hands).to_dict()
    by_rules = {r["rules"]: r for r in rows(spec)}
    assert set(by_rules) == set(all_hands.rules) and all(r["share"] == 0 for r in by_rules.values())
    assert sum(r["hands"] for r in by_rules.values()) == len(all_hands)
    assert f"none of these {len(all_hands)} hands ended with the stock empty" in subtitle(spec)
    assert {layer["mark"]["type"] for layer in spec["layer"]} == {"bar", "text"}  # each bar says "0 of n"
    assert by_rules["classic"]["label"] == f"0 of {(all_hands.rules == 'classic').sum()}"


def test_a_stock_chart_with_dead_hands_counts_them() -> None:
    from banakil_replay.reducer import replay
    from display_helpers import dead_hand_events

    games, _ = frames.load_games(GAMES)
    hands = frames.hands_frame({**games, "dead.jsonl": replay(dead_hand_events())})
    spec = charts.stock_chart(hands).to_dict()
    by_rules = {r["rules"]: r for r in rows(spec)}
    assert by_rules["classic"]["stock_ran_out"] == 1 and "1 of " in subtitle(spec)


def test_points_and_cold_hands_count_what_they_draw(four_player: Any) -> None:
    points = charts.points_chart(four_player).to_dict()
    assert len(rows(points)) == 2 * len(four_player)  # one dot per hand, side and rule set
    assert "5 hands of 4 games, each scored under 5 rule sets" in subtitle(points)
    cold = charts.cold_hands_chart(four_player).to_dict()
    assert len(rows(cold)) == 2 * 5 and "over 2 cold hands" in subtitle(cold)  # Jawaker's two, 5 rule sets
    none = charts.cold_hands_chart(four_player[four_player.ended != endings.ALL_AT_ONCE]).to_dict()
    assert not rows(none) and "no cold hand" in subtitle(none)


def test_charts_are_pictures_drawn_in_the_kernel(four_player: Any) -> None:
    import altair as alt

    assert setup.enable_offline_charts() == "png" and alt.renderers.active == "png"
    bundle = charts.endings_chart(four_player)._repr_mimebundle_()
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    png = data["image/png"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = int.from_bytes(png[16:20], "big")  # the IHDR width
    assert meta["image/png"]["width"] * 2 == pixels > 600  # shown at half its pixel size: sharp on a dense screen


def test_self_played_matches_draw_one_colour_per_match(all_hands: Any) -> None:
    """Several matches in one panel, all in side colours, read as one tangle: each match has its colour."""
    selfplay = all_hands[all_hands.game.str.startswith("selfplay/")]
    assert selfplay.game.nunique() > 1
    inner = charts.totals_chart(selfplay, title="Self-played matches").to_dict()["spec"]["encoding"]
    assert inner["color"]["field"] == "game" and inner["strokeDash"]["field"] == "side"
    assert inner["y"]["title"] == "running total (points)"
    one = charts.totals_chart(selfplay[selfplay.game == selfplay.game.iloc[0]]).to_dict()["spec"]["encoding"]
    assert one["color"]["field"] == "side"  # one match: the sides are the colours


def test_every_chart_lists_the_rule_sets_in_one_order(four_player: Any, all_hands: Any) -> None:
    """The rows come in any order (here reversed); every chart sorts the rule sets as the engine lists them."""
    backwards = four_player.iloc[::-1]
    assert list(dict.fromkeys(backwards.rules)) != charts.RULES_ORDER
    assert charts.totals_chart(backwards).to_dict()["facet"]["column"]["sort"] == charts.RULES_ORDER
    for chart in (charts.points_chart(backwards), charts.endings_chart(backwards), charts.stock_chart(backwards)):
        spec = chart.to_dict()
        encoding = spec["encoding"] if "encoding" in spec else spec["layer"][0]["encoding"]
        assert encoding["x"]["sort"] == charts.RULES_ORDER


def test_hands_are_coloured_by_their_ending_alike_everywhere(all_hands: Any) -> None:
    """Lesson 10's chart of its own colours the endings with the endings chart's scale."""
    import altair as alt

    endings_scale = charts.endings_chart(all_hands).to_dict()["encoding"]["color"]["scale"]
    own = alt.Chart(all_hands).mark_circle().encode(color=charts.ending_colour()).to_dict()["encoding"]["color"]
    assert own["scale"] == endings_scale
    assert endings_scale["domain"] == list(endings.ENDINGS) and len(set(endings_scale["range"])) == 4
