"""The notebook display (html, narrate, frames, charts, setup): escaping, hidden hands, event words, tables and chart specs."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from banakil_replay import endings, hand_end
from banakil_replay.log.load import load_replay
from banakil_replay.log.rows import HAND_COLUMNS
from banakil_replay.notebook import charts, frames, html, narrate, setup
from banakil_replay.play.analysis import stepper
from banakil_replay.play.coach.options import options
from banakil_replay.cards import parse_card
from banakil_replay.events import event_to_json
from banakil_replay.melds import analyze_meld
from banakil_replay.reducer import replay
from banakil_replay.rules import RULESETS, get_ruleset
from banakil_replay.scoring import score_hand
from display_helpers import (
    DANA_RAVI, FOUR, GAMES, HOSTILE, HOSTILE_NOTE, dead_hand_events, hostile_replay,
    seat_cards,
)

LIVE_MARKUP = re.compile(r"<\s*(script|img|b\s+on)", re.I)


@pytest.fixture(scope="module")
def games() -> dict[str, Any]:
    found, problems = frames.load_games(GAMES)
    assert not problems
    return found


# ------------------------------------------------------------------ escaping
def test_hostile_names_and_notes_are_text_in_every_state() -> None:
    rp = hostile_replay()
    for state in rp.states:
        for view in (None, 0, 1):
            page = html.state_html(state, rp, view)
            assert not LIVE_MARKUP.search(page), page
    page = html.state_html(rp.at(3), rp)
    assert "&lt;script&gt;alert(&#x27;name&#x27;)&lt;/script&gt;" in page  # the name, shown as typed
    assert "&lt;img src=x onerror=alert(2)&gt;" in page  # the note
    assert "&lt;b onmouseover=alert(3)&gt;eve&lt;/b&gt;" in page  # its author


def test_hostile_text_escaped_in_notes_options_frames_and_show() -> None:
    rp = hostile_replay()
    assert not LIVE_MARKUP.search(html.annotations_html(rp.annotations))
    real = options(rp.at(5))  # the seat to play (a hostile name) has options and moves not allowed
    assert real.options and real.not_allowed
    opts = replace(real, options=tuple(replace(o, words="<i>blind</i>", rule_words="<u>rule</u>") for o in real.options),
                   not_allowed=tuple(replace(n, why="draw first <script>x</script>", source="a <b>source</b>")
                                     for n in real.not_allowed))
    panel = html.options_html(opts, rp.at(5))
    assert not LIVE_MARKUP.search(panel) and "&lt;script&gt;x&lt;/script&gt;" in panel
    assert "&lt;i&gt;blind&lt;/i&gt;" in panel and "&lt;u&gt;rule" in panel and "a &lt;b&gt;source" in panel
    assert "Options for &lt;" in panel  # the hostile player name
    frame_html = frames.events_frame(rp)._repr_html_()
    assert HOSTILE_NOTE not in frame_html and not LIVE_MARKUP.search(frame_html)
    assert not LIVE_MARKUP.search(frames.matches_frame({"<script>x</script>": rp})._repr_html_())
    assert not LIVE_MARKUP.search(setup.show(rp).html)
    assert not LIVE_MARKUP.search(html.score_html(rp.final))


def test_event_text_is_plain_words_with_names() -> None:
    rp = hostile_replay()
    text = narrate.event_text(rp.events[-1], rp.final)
    assert HOSTILE_NOTE in text  # plain text: the caller escapes
    assert narrate.event_text(rp.events[2], rp.at(2)) == f"{HOSTILE[0]} draws 9♥ from the stock."


def test_show_never_raises() -> None:
    class Broken:
        def __repr__(self) -> str:
            return "<broken & odd>"

        def __iter__(self) -> Any:
            raise RuntimeError("no")

    out = setup.show(Broken())
    assert "banakil-error" in out.html and "&lt;broken &amp; odd&gt;" in out.html
    assert setup.show(object())._repr_mimebundle_()["text/plain"].startswith("<object")


# -------------------------------------------------------------------- cards
def test_card_colours_wilds_and_jokers() -> None:
    heart, spade, joker, two = (html.card_html(parse_card(c)) for c in ("QH", "QS", "JK", "2C"))
    assert "banakil-red" in heart and html.RED in heart and "Q♥" in heart
    assert "banakil-black" in spade and html.BLACK in spade
    assert "banakil-joker" in joker and html.JOKER_COLOUR in joker and "banakil-wild" in joker
    assert "banakil-wild" in two and "banakil-wild" not in heart


def test_meld_shows_what_each_wild_stands_for() -> None:
    check = analyze_meld("KS AS 2S".split(), get_ruleset("classic"))
    page = html.meld_check_html(check)
    assert "Valid run" in page and "=Q♠" in page and "2♠ stands for Q♠" in page
    bad = html.meld_check_html(analyze_meld("AD 2D 3D".split(), get_ruleset("classic")))
    assert "Not a meld" in bad and "ace plays high" in bad
    joker = html.meld_html(analyze_meld("10C JK 2H".split(), get_ruleset("classic")).meld)  # type: ignore[arg-type]
    assert "=J♣" in joker and "=Q♣" in joker


def test_table_shows_melds_pile_stock_scores_and_totals() -> None:
    rp = load_replay(DANA_RAVI)
    page = html.state_html(rp.final, rp)
    for part in ("banakil-melds", "banakil-pile", "Stock: 64 cards", "banakil-hand-score", "36.5", "Totals:",
                 "side 0 (Dana): 37"):
        assert part in page, part


# ---------------------------------------------------------------- seat view
@pytest.mark.parametrize("view", [0, 1])
def test_seat_view_hides_the_other_hand(view: int) -> None:
    rp = load_replay(DANA_RAVI)
    for state in rp.states[1:]:
        cards = seat_cards(html.state_html(state, rp, seat_view=view))
        other = 1 - view
        assert cards.faces[other] == 0 and cards.backs[other] == len(state.hands[other])
        assert cards.faces[view] == len(state.hands[view]) and cards.backs[view] == 0
    open_cards = seat_cards(html.state_html(rp.at(1), rp))
    assert open_cards.faces[0] == open_cards.faces[1] == 18 and not open_cards.backs


def test_seat_view_four_players_and_hidden_draws() -> None:
    rp = load_replay(FOUR)
    cards = seat_cards(html.state_html(rp.at(4), rp, seat_view=2))
    assert set(cards.faces) == {2} and set(cards.backs) == {0, 1, 3}
    draw = next(e for e in rp.events if e.type == "drew" and e.seat != 2)
    state = rp.at(draw.seq)
    assert "a card from the stock" in narrate.event_text(draw, state, seat_view=2)
    assert draw.card.symbol in narrate.event_text(draw, state)  # type: ignore[union-attr]


# ------------------------------------------------------------------- events
def test_every_sample_event_has_words(games: dict[str, Any]) -> None:
    for rp in games.values():
        for ev, st in zip(rp.events, rp.states):
            text = narrate.event_text(ev, st)
            assert text and "event of type" not in text
            assert narrate.event_text(event_to_json(ev)) == narrate.event_text(event_to_json(ev), None)


def test_event_text_tells_how_the_hand_ended() -> None:
    rp = load_replay(DANA_RAVI)
    assert "goes out" in narrate.event_text(rp.events[-1], rp.final)
    dead = replay(dead_hand_events())
    assert "stock has run out" in narrate.event_text(dead.events[-1], dead.final)


def test_same_move() -> None:
    assert stepper.same_move({"type": "drew", "seat": 0}, {"seq": 2, "type": "drew", "seat": 0, "card": "9H"})
    assert stepper.same_move({"type": "melded", "seat": 0, "cards": ["2s", "KS", "A♠"]},
                       {"type": "melded", "seat": 0, "cards": ["KS", "AS", "2S"]})
    assert not stepper.same_move({"type": "discarded", "seat": 0, "card": "5D"},
                           {"type": "discarded", "seat": 0, "card": "6D"})
    assert not stepper.same_move({"type": "took", "seat": 0, "count": 1}, {"type": "drew", "seat": 0})


# ------------------------------------------------------------------- frames
def test_events_frame() -> None:
    rp = load_replay(DANA_RAVI)
    frame = frames.events_frame(rp)
    assert list(frame.columns) == ["type", "seat", "player", "hand", "description", "phase", "to_play", "stock",
                                   "pile", "notes"]
    assert len(frame) == len(rp) and list(frame.index) == list(range(len(rp)))
    assert frame.loc[2, "player"] == "Dana" and frame.loc[2, "description"] == "Dana draws 9♥ from the stock."


def test_tables_show_blanks_not_nan(games: dict[str, Any]) -> None:
    """A name or move that is not there is a blank cell: a newcomer reads 'NaN' as a fault."""
    from banakil_replay.play.analysis.review import review

    events = frames.events_frame(load_replay(DANA_RAVI))
    assert events.loc[0, "player"] == "" and events.loc[17, "to_play"] == ""
    assert not events[["player", "to_play"]].isna().any().any()
    assert str(events["seat"].dtype) == "Int64"  # seats stay whole numbers
    matches = frames.matches_frame(games)
    assert not matches["winner"].isna().any() and "" in set(matches["winner"])
    rp = load_replay(DANA_RAVI)
    verdicts = frames.review_frame(review(rp, seat=0), rp)
    assert not verdicts["better"].isna().any() and "" in set(verdicts["better"])


def test_hands_frame_endings(games: dict[str, Any]) -> None:
    frame = frames.hands_frame(games)
    assert list(frame.columns) == list(HAND_COLUMNS)
    assert len(frame) == 8
    ended = {(r.game, r.hand): r.ended for r in frame.itertuples()}
    assert ended[("jawaker_hand.jsonl", 1)] == ended[("jawaker_hand.jsonl", 2)] == endings.ALL_AT_ONCE
    assert ended[("classic_annotated.jsonl", 2)] == endings.RESULT_ONLY
    assert ended[("classic_dana_ravi.jsonl", 1)] == endings.WENT_OUT
    row = frame[frame.game == "classic_4p_partnership.jsonl"].iloc[0]
    assert (row.side_0, row.side_1, row.out_player) == (39, -16, "Nadia")
    dead = frames.hands_frame({"dead": replay(dead_hand_events())})
    assert dead.ended.tolist() == [endings.STOCK_OUT] and dead.side_0.tolist() == [0]


def test_matches_examples_and_rules_frames(games: dict[str, Any]) -> None:
    matches = frames.matches_frame(games)
    assert len(matches) == len(games)
    won = matches[matches.game == "classic_annotated.jsonl"].iloc[0]
    assert (won.total_0, won.total_1, won.winner, won.banked) == (153, 9, "side 0 (Amal)", True)
    examples = frames.examples_frame()
    assert list(examples.columns) == ["id", "source", "case", "stated", "computed", "verdict", "explanation"]
    assert len(examples) > 10 and set(examples.verdict) <= {"match", "source slip"}
    rules = frames.rules_frame()
    assert list(rules.columns) == [*RULESETS, "source"]
    assert rules.loc["ace_value", "classic"] == "1.5" and rules.loc["targets", "jawaker"] == "4p: 222"


def test_rescoring_under_the_own_rule_set_reproduces_the_reducer(games: dict[str, Any]) -> None:
    ends = [e for name, rp in games.items() for e in endings.hand_ends(rp, name) if e.ended != endings.RESULT_ONLY]
    ends += endings.hand_ends(replay(dead_hand_events()))
    assert len(ends) == 8
    for end in ends:
        assert end.state.rules is not None and end.state.hand_score is not None
        again = score_hand(end.state.rules, hand_end.hand_end_input(end.state))
        assert again.sides == end.state.hand_score.sides, end.game


def test_rescore_frame(games: dict[str, Any]) -> None:
    frame = frames.rescore_frame(games)
    four = frame[frame.game == "jawaker_hand.jsonl"]
    assert sorted(set(four.rules)) == sorted(RULESETS)
    cold = {r.rules: r.side_1 for r in four[four.hand == 2].itertuples()}
    assert cold["jawaker"] == 101 and cold["kroot"] == 102  # opponents melded nothing (004 vs 003)
    two = frame[frame.game == "classic_dana_ravi.jsonl"]
    assert set(two.rules) == {"classic", "classic-sum", "kroot"}  # Jawaker and ERAM are four-player games
    assert (frame.rules != frame.played_under).any()


def test_card_points_frame_adds_up_to_the_score_inputs() -> None:
    end = load_replay(DANA_RAVI).final
    sums = frames.card_points_frame(end).groupby(["player", "where"]).points.sum().to_dict()
    assert sums == {("Dana", "melded"): 16.5, ("Ravi", "melded"): 10.5, ("Ravi", "in hand"): 7.5}
    assert "36.5" in html.score_html(end) and "banakil-seat-score" in setup.show_score(end).html


# ------------------------------------------------------------------- charts
def _chart_spec(chart: Any) -> dict[str, Any]:
    """A chart's spec with its mark and encoding on top (from the panel of a faceted chart, the first layer
    of a layered one), and its data rows."""
    spec = chart.to_dict()
    inner = spec.get("spec") or (spec["layer"][0] if "layer" in spec else spec)
    spec["encoding"] = inner["encoding"]
    mark = inner["mark"]
    spec["mark_type"] = mark["type"] if isinstance(mark, dict) else mark
    spec["rows"] = next(iter(spec["datasets"].values()))
    return spec


def test_totals_chart_spec(games: dict[str, Any]) -> None:
    spec = _chart_spec(charts.totals_chart(frames.rescore_frame(games)))
    assert spec["mark_type"] == "line"
    enc = spec["encoding"]
    # several games in a panel: each game (match) its colour, each side its dash
    assert (enc["x"]["field"], enc["y"]["field"], enc["color"]["field"], enc["strokeDash"]["field"]) == \
        ("hand", "total", "game", "side")
    assert spec["facet"]["column"]["field"] == "rules"  # a panel per rule set
    jawaker = [r for r in spec["rows"] if r["game"] == "jawaker_hand.jsonl" and r["rules"] == "jawaker"
               and r["side"] == "side 1"]
    assert [r["total"] for r in jawaker] == [51, 152]


def test_totals_across_games_chains_the_hands(games: dict[str, Any]) -> None:
    four = {k: v for k, v in games.items() if v.final.n == 4}
    rows = _chart_spec(charts.totals_chart(frames.rescore_frame(four), across_games=True))["rows"]
    classic = [r for r in rows if r["rules"] == "classic" and r["side"] == "side 0"]
    assert [r["hand"] for r in classic] == [1, 2, 3, 4, 5]
    assert classic[-1]["total"] == sum(r["points"] for r in classic)


def test_other_chart_specs(games: dict[str, Any]) -> None:
    hands = frames.hands_frame(games)
    rescored = frames.rescore_frame(games)
    points = _chart_spec(charts.points_chart(hands))
    assert points["mark_type"] == "circle" and points["encoding"]["y"]["field"] == "points"
    assert len(points["rows"]) == 2 * len(hands)
    ended = _chart_spec(charts.endings_chart(hands))
    assert ended["mark_type"] == "bar" and ended["encoding"]["y"]["aggregate"] == "count"
    assert ended["encoding"]["color"]["field"] == "ended" and {r["ended"] for r in ended["rows"]} == \
        {endings.WENT_OUT, endings.ALL_AT_ONCE, endings.RESULT_ONLY}
    cold = _chart_spec(charts.cold_hands_chart(rescored))
    assert cold["mark_type"] == "bar" and cold["encoding"]["y"]["field"] == "value"
    assert {(r["rules"], r["value"]) for r in cold["rows"] if r["hand"] == 2} >= {("jawaker", 101), ("kroot", 102)}
    with_dead = frames.hands_frame({**games, "dead.jsonl": replay(dead_hand_events())})
    stock = _chart_spec(charts.stock_chart(with_dead))
    assert stock["mark_type"] == "bar" and stock["encoding"]["y"]["field"] == "share"
    share = {r["rules"]: r["share"] for r in stock["rows"]}
    assert share["classic"] == pytest.approx(1 / 5) and share["kroot"] == 0


def test_offline_renderer_draws_a_picture_without_network(games: dict[str, Any]) -> None:
    import altair as alt

    assert setup.enable_offline_charts() == "png" and alt.renderers.active == "png"
    bundle = charts.endings_chart(frames.hands_frame(games))._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert bundle["image/png"].startswith(b"\x89PNG")


def test_load_games_reports_problems(tmp_path: Any) -> None:
    (tmp_path / "good.jsonl").write_text(DANA_RAVI.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "bad.jsonl").write_text('{"seq":0,"type":"nonsense"}\n', encoding="utf-8")
    (tmp_path / "good.notes.jsonl").write_text("{}\n", encoding="utf-8")
    found, problems = frames.load_games(tmp_path)
    assert list(found) == ["good.jsonl"] and list(problems) == ["bad.jsonl"]


def test_charts_take_the_bulk_replays_tables(games: dict[str, Any]) -> None:
    from banakil_replay.log import bulk

    paths = sorted(str(p) for p in GAMES.glob("*.jsonl"))
    hands, _ = bulk.frames(*bulk.run(paths, progress=None))
    assert list(hands.columns) == list(HAND_COLUMNS)  # one shape: the rows come from log.rows.hand_row
    assert (hands.ended == endings.ALL_AT_ONCE).sum() == 2
    mine = frames.hands_frame(games)
    assert [p.rsplit("/", 1)[1] for p in hands.game] == list(mine.game)
    rest = [c for c in HAND_COLUMNS if c != "game"]
    assert hands[rest].astype(object).where(hands[rest].notna(), None).values.tolist() == \
        mine[rest].astype(object).where(mine[rest].notna(), None).values.tolist()
    for chart in (charts.totals_chart, charts.points_chart, charts.endings_chart, charts.cold_hands_chart,
                  charts.stock_chart):
        assert _chart_spec(chart(hands))["rows"]


def test_review_frame_in_words() -> None:
    from types import SimpleNamespace

    rp = load_replay(DANA_RAVI)
    verdicts = [SimpleNamespace(seq=4, seat=0, played={"type": "discarded", "seat": 0, "card": "5D"},
                                verdict="questionable", loss=4.5, better={"type": "melded", "seat": 0,
                                                                          "cards": ["AC", "AD", "AH"]},
                                why="<b>why</b>")]
    frame = frames.review_frame(verdicts, rp)
    assert list(frame.columns) == ["player", "played", "verdict", "loss", "better", "why"]
    row = frame.loc[4]
    assert row.loss == 4.5
    assert row.player == "Dana" and row.played == "Dana discards 5♦, ending the turn."
    assert row.better == "Dana lays a new meld, a set: A♣ A♦ A♥."
    assert "<b>why" not in frame._repr_html_()


def test_rich_display_registers_html_for_engine_types() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    assert setup.enable_rich_display() is True
    rp = load_replay(DANA_RAVI)
    for obj, marker in ((parse_card("QH"), 'data-card="QH"'), (rp.final, "banakil-state"), (rp, "banakil-state"),
                        (rp.final.melds[0], "banakil-meld"),
                        (analyze_meld("KS AS 2S".split(), get_ruleset("classic")), "banakil-verdict")):
        data, _ = shell.display_formatter.format(obj)
        assert marker in data["text/html"] and "text/plain" in data


def test_totals_lines_split_by_game_unless_chained(games: dict[str, Any]) -> None:
    hands = frames.rescore_frame(games)
    assert _chart_spec(charts.totals_chart(hands))["encoding"]["detail"]["field"] == "game"
    assert "detail" not in _chart_spec(charts.totals_chart(hands, across_games=True))["encoding"]


def test_load_games_from_several_folders(tmp_path: Any) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.jsonl").write_text(DANA_RAVI.read_text(encoding="utf-8"), encoding="utf-8")
    found, problems = frames.load_games([tmp_path / "a", tmp_path / "missing"])
    assert list(found) == ["a/x.jsonl"] and list(problems) == ["missing/"]


def test_show_options_opens_the_refusals_and_filters_kinds() -> None:
    from banakil_replay import show_options

    state = load_replay(GAMES / "classic_annotated.jsonl").at(9)  # Bilal took the lone top card 4♣
    shown = show_options(state, kinds=["discard"])
    assert "<details class=\"banakil-not-allowed-list\" open>" in shown.html
    assert "may not be thrown straight back" in shown.text and "lays a new meld" not in shown.text
    assert 'data-kind="meld"' not in shown.html


def test_frames_show_seats_as_whole_numbers_and_sources_by_short_name() -> None:
    events = frames.events_frame(load_replay(GAMES / "classic_dana_ravi.jsonl"))
    assert str(events.seat.dtype) == "Int64" and "0.0" not in events.to_string()
    assert set(frames.examples_frame().source) <= {"000", "002", "003", "004"}
