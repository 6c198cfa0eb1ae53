"""The golden sample games in ``sample_games/`` (built by ``tools/make_sample_games.py``).

- every valid game replays cleanly to the side scores worked out by hand in the tool's
  docstrings (and listed again here, so a change of engine or of game shows up);
- 106 cards are conserved at every state of every game while a hand is on the table;
- every broken log is rejected at exactly the seq in ``broken/EXPECTED.json``, with the
  phrase given there in the message (parse errors included);
- regenerating with the tool reproduces the committed files byte for byte.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

from banakil_replay.cards import Card, full_deck
from banakil_replay.events import Annotated, EventError, event_to_json, parse_event
from banakil_replay.reducer import Replay, ReplayError, replay
from banakil_replay.state import GameState

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "sample_games"
BROKEN = GAMES / "broken"
TOOL = ROOT / "tools" / "make_sample_games.py"

# Per game: the side scores of every hand in order, the final totals, and (for the last
# played hand) the raw per-seat scores before team combination. Worked by hand in the
# docstrings of tools/make_sample_games.py.
EXPECTED: dict[str, dict[str, Any]] = {
    "classic_dana_ravi.jsonl": {"hands": [[37, 3]], "totals": [37, 3], "players": [36.5, 3]},
    "classic_4p_partnership.jsonl": {"hands": [[39, -16]], "totals": [39, -16], "players": [39, -12, -6, -10.5]},
    "jawaker_hand.jsonl": {"hands": [[0, 51], [0, 101]], "totals": [0, 152]},
    "eram_hand.jsonl": {"hands": [[4.5, -29.5]], "totals": [4.5, -29.5], "players": [4.5, -9.5, 0, -20]},
    "kroot_hand.jsonl": {"hands": [[42, -24]], "totals": [42, -24], "players": [38, -12.5, 4, -12.5]},
    "classic_annotated.jsonl": {"hands": [[38, -11], [115, 20]], "totals": [153, 9], "winner": 0,
                                "banked": True},
}

HOSTILE = "Great run! <script>alert(1)</script> <img src=x onerror=alert(1)>"


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def replayed(name: str) -> Replay:
    return replay(load(GAMES / name))


def valid_games() -> list[str]:
    return sorted(p.name for p in GAMES.glob("*.jsonl"))


def expected_broken() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads((BROKEN / "EXPECTED.json").read_text(encoding="utf-8"))
    return data


def state_after(rep: Replay, pred: Callable[[dict[str, Any]], bool]) -> GameState:
    """The state right after the first event matching ``pred``."""
    for ev, st in zip(rep.events, rep.states):
        if pred(event_to_json(ev)):
            return st
    raise AssertionError("no such event")


def meld_codes(state: GameState, meld_id: int) -> list[str]:
    m = state.meld_by_id(meld_id)
    assert m is not None
    return m.meld.codes


def stands_for(state: GameState, meld_id: int) -> dict[int, str | None]:
    m = state.meld_by_id(meld_id)
    assert m is not None
    return m.meld.stands_for_codes()


# ------------------------------------------------------------------ valid games
def test_every_sample_game_has_expectations() -> None:
    assert valid_games() == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_valid_game_replays_to_expected_scores(name: str) -> None:
    exp = EXPECTED[name]
    rep = replayed(name)
    final = rep.final
    assert [list(h) for h in final.history] == exp["hands"]
    assert list(final.totals) == exp["totals"]
    assert final.to_json()["totals"] == exp["totals"]
    assert final.winner == exp.get("winner")
    assert final.banked == exp.get("banked", False)
    if "players" in exp:
        assert final.hand_score is not None
        assert final.hand_score.seats == exp["players"]


def test_dana_ravi_hand_scores() -> None:
    assert replayed("classic_dana_ravi.jsonl").final.to_json()["hand_scores"] == [37, 3]


def test_games_replay_from_typed_events_too() -> None:
    for name in EXPECTED:
        lines = load(GAMES / name)
        typed = [parse_event(obj, i) for i, obj in enumerate(lines)]
        assert replay(typed).final.history == replayed(name).final.history


# ------------------------------------------------------------- card conservation
def table_cards(state: GameState) -> Counter[Card]:
    return state.census()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_card_conservation_at_every_state(name: str) -> None:
    deck = full_deck()
    checked = 0
    for state in replayed(name).states:
        if not state.hands:  # before the first deal, or after a result-only hand
            continue
        assert table_cards(state) == deck, f"{name}: cards not conserved after seq {state.seq}"
        assert state.stock_count == sum(state.unseen_counter().values())
        checked += 1
    assert checked > 0


def test_conservation_covers_every_in_play_state() -> None:
    for name in EXPECTED:
        for state in replayed(name).states:
            if state.in_hand:
                assert state.hands, f"{name}: seq {state.seq} is in play with no hands"


# ------------------------------------------------------- what each game shows
def test_classic_4p_partnership_features() -> None:
    rep = replayed("classic_4p_partnership.jsonl")
    events = load(GAMES / "classic_4p_partnership.jsonl")
    took = next(e for e in events if e["type"] == "took")
    assert took["count"] == 3
    layla = [e["type"] for e in events if e.get("seat") == 2]
    # Layla's own meld comes before she touches her partner's melds (000 Play)
    assert layla.index("melded") < layla.index("laid_off") < layla.index("joker_swapped")
    swap = state_after(rep, lambda e: e["type"] == "joker_swapped")
    assert meld_codes(swap, 2) == ["6S", "7S", "2S", "9S", "10S"]
    assert stands_for(swap, 2) == {2: "8S"}  # the joker stood for 8S; the 2 moved down to it
    assert swap.meld_by_id(2).owner == 0  # type: ignore[union-attr]
    assert Card(0) in swap.hands[2]
    assert rep.final.went_out == 0


def test_jawaker_features() -> None:
    rep = replayed("jawaker_hand.jsonl")
    first = rep.states[1]
    assert len(first.hands[0]) == 19 and first.phase == "meld" and first.discard == ()
    pile_start = state_after(rep, lambda e: e["type"] == "discarded")
    assert [c.code for c in pile_start.discard] == ["JH"]
    low = state_after(rep, lambda e: e["type"] == "laid_off" and e["cards"] == ["10D"])
    assert meld_codes(low, 1) == ["2H", "9D", "10D", "JD"] and stands_for(low, 1) == {0: "8D"}
    high = state_after(rep, lambda e: e["type"] == "laid_off" and e["cards"] == ["4C"])
    assert meld_codes(high, 2) == ["3C", "4C", "5C", "2D"] and stands_for(high, 2) == {3: "6C"}
    under = state_after(rep, lambda e: e["type"] == "laid_off" and e["cards"] == ["5S"])
    assert meld_codes(under, 3) == ["5S", "6S", "7S", "JK"] and stands_for(under, 3) == {3: "8S"}
    notes = [line for s in rep.states if s.hand_score and s.phase == "over" for line in s.hand_score.explain]
    assert any("Cold hand" in n and "51" in n for n in notes)
    assert any("Cold hand" in n and "101" in n for n in notes)


def test_eram_features() -> None:
    rep = replayed("eram_hand.jsonl")
    opened = state_after(rep, lambda e: e["type"] == "melded")
    m1 = opened.meld_by_id(1)
    assert m1 is not None and m1.meld.positions == (1, 2, 3)  # A-2-3 with the ace low
    first_layoff = state_after(rep, lambda e: e["type"] == "laid_off")
    assert first_layoff.turn == 2 and not first_layoff.opened[2]  # partner lay-off, no meld of her own
    locked = state_after(rep, lambda e: e["type"] == "laid_off" and e["cards"] == ["4H"])
    assert meld_codes(locked, 2) == ["4H", "5H", "6H", "JK"] and stands_for(locked, 2) == {3: "7H"}
    final = rep.final
    assert final.went_out == 2 and not final.opened[2] and final.hands[2] == ()
    assert rep.events[-1].type == "laid_off"  # out by adding her last cards, no discard


def test_kroot_features() -> None:
    rep = replayed("kroot_hand.jsonl")
    slid = state_after(rep, lambda e: e["type"] == "laid_off" and e["cards"] == ["7H"])
    assert meld_codes(slid, 1) == ["5H", "6H", "7H", "8H", "2C"] and stands_for(slid, 1) == {4: "9H"}
    took = next(e for e in load(GAMES / "kroot_hand.jsonl") if e["type"] == "took")
    assert took["cards"] == ["9D", "4S"]
    karim_discard = state_after(rep, lambda e: e["type"] == "discarded" and e["seat"] == 2)
    assert karim_discard.discard[-1].code not in took["cards"]
    final = rep.final
    assert final.went_out == 0 and final.discard[-1].code == "7D"


def test_annotations_are_plain_text() -> None:
    path = GAMES / "classic_annotated.jsonl"
    assert "<script>alert(1)</script>" in path.read_text(encoding="utf-8")  # stored as typed, unescaped
    rep = replay(load(path))
    notes = rep.annotations
    assert len(notes) >= 5
    hostile = [a for a in notes if "<script>" in a.text]
    assert len(hostile) == 1 and hostile[0].text == HOSTILE
    assert isinstance(hostile[0], Annotated) and rep.annotations_at(hostile[0].at) == hostile
    assert all(0 <= a.at < a.seq for a in notes)
    # notes change nothing: the same log without them replays to the same result
    bare = [e for e in load(path) if e["type"] != "annotated"]
    for i, e in enumerate(bare):
        e["seq"] = i
    assert replay(bare).final.history == rep.final.history


def test_result_only_hand() -> None:
    events = load(GAMES / "classic_annotated.jsonl")
    assert any(e["type"] == "hand_scored" for e in events)
    assert events[-1]["type"] == "annotated" and any(e["type"] == "match_banked" for e in events)


# ------------------------------------------------------------------ broken logs
def test_broken_logs_are_all_listed() -> None:
    listed = expected_broken()
    assert sorted(p.name for p in BROKEN.glob("*.jsonl")) == sorted(listed)
    assert len(listed) >= 10
    assert len({v["contains"] for v in listed.values()}) == len(listed)  # each broken its own way


@pytest.mark.parametrize("name", sorted(expected_broken()))
def test_broken_log_rejected_at_expected_seq(name: str) -> None:
    exp = expected_broken()[name]
    with pytest.raises((ReplayError, EventError)) as info:
        replay(load(BROKEN / name))
    err = info.value
    assert err.seq == exp["seq"], str(err)
    assert exp["contains"] in str(err)


@pytest.mark.parametrize("name", sorted(n for n, v in expected_broken().items()
                                        if n in ("seq_gap.jsonl", "unknown_event_type.jsonl",
                                                 "unknown_format_major.jsonl")))
def test_parse_errors_carry_seq(name: str) -> None:
    exp = expected_broken()[name]
    with pytest.raises(EventError) as info:
        for i, obj in enumerate(load(BROKEN / name)):
            parse_event(obj, i)
    assert info.value.seq == exp["seq"]
    assert exp["contains"] in str(info.value)


@pytest.mark.parametrize("name", sorted(expected_broken()))
def test_broken_log_conserves_cards_until_it_breaks(name: str) -> None:
    lines = load(BROKEN / name)
    cut = expected_broken()[name]["seq"]  # errors are located by position in the log
    for state in replay(lines[:cut]).states:
        if state.hands:
            assert table_cards(state) == full_deck()


# ------------------------------------------------------------------ regeneration
def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sample_games", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_regenerating_reproduces_committed_files(tmp_path: Path) -> None:
    tool = load_tool()
    tool.build_all(tmp_path)
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    # sample_games/selfplay/ is made by tools/make_selfplay_games.py and checked by tests/test_bots.py
    committed = sorted(p.relative_to(GAMES).as_posix() for p in GAMES.rglob("*")
                       if p.is_file() and p.relative_to(GAMES).parts[0] != "selfplay")
    assert made == committed
    for rel in made:
        assert (tmp_path / rel).read_bytes() == (GAMES / rel).read_bytes(), f"{rel} differs from the tool's output"
