"""The game-session model under the play command: deals, refusals, bots, resuming, what a seat sees."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cards import Card
from banakil_replay.cli.main import main
from banakil_replay.errors import BanakilError, IllegalMoveError, MalformedInputError
from banakil_replay.events import Discarded, Drew, Melded, event_to_json
from banakil_replay.log.store import read_events
from banakil_replay.play.bots.selfplay import deal_event
from banakil_replay.play.session.commands import Ask, command_for, read_line
from banakil_replay.play.coach.options import options
from banakil_replay.play.seatview import event_seen_by, state_seen_by
from banakil_replay.play.session.session import GameSession, derived_seed
from banakil_replay.reducer import fold
from banakil_replay.rulebook import Rule

SMALL = {"targets": [[2, 40], [3, 40], [4, 40]]}  # a short match: one or two hands


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def valid(path: Path) -> bool:
    return main(["validate", str(path)]) == 0


def play_first_options(session: GameSession, limit: int = 100_000) -> int:
    """The person always plays the first option offered; returns the moves made."""
    moves = 0
    while not session.over and moves < limit:
        session.play(session.options().options[0].event)
        moves += 1
    return moves


def test_start_deals_from_the_recorded_seed(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, "classic", 2, humans={0}, seed=11)
    first, deal = lines(log)[:2]
    assert first["seed"] == 11 and deal["type"] == "hand_started"
    assert deal["seed"] == derived_seed(11, "deal", 1)
    again = deal_event("classic", 2, 1, random.Random(deal["seed"]))  # the recorded seed reproduces the deal
    assert {k: deal[k] for k in again} == again and len(deal["stock"]) == s.state.stock_count
    assert s.waiting_for == 0 and s.state.turn == 0 and valid(log)


def test_bots_move_until_a_person_is_to_act(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, "classic", 2, humans={1}, seed=2)  # seat 0 plays first: a bot
    kinds = [e["type"] for e in lines(log)]
    assert kinds[:2] == ["match_started", "hand_started"] and "discarded" in kinds
    assert s.waiting_for == 1 and s.state.phase == "draw"
    assert s.last_moves[0].startswith("hand 1 dealt") and any("discarded" in m for m in s.last_moves[1:])
    assert len(s.last_moves) == len(kinds) - 1  # one line for the deal and for each bot move


def test_an_illegal_move_changes_nothing(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, "classic", 2, humans={0}, seed=3)
    before, state = log.read_bytes(), s.state
    with pytest.raises(IllegalMoveError) as err:
        s.play(Discarded(state.seq + 1, 0, state.hands[0][0]))  # a discard before drawing
    assert err.value.rule is Rule.DRAW_FIRST and err.value.source
    missing = next(c for c in (Card(r, su) for r in range(3, 15) for su in "CDHS") if c not in state.hands[0])
    s.play(Drew(state.seq + 1, 0))
    after_draw = log.read_bytes()
    with pytest.raises(IllegalMoveError) as err:
        s.play(Melded(s.state.seq + 1, 0, (missing, missing, missing)))
    assert err.value.rule is Rule.CARDS_FROM_HAND
    assert log.read_bytes() == after_draw and len(after_draw) > len(before) and valid(log)


def test_a_bot_seat_is_not_the_persons(tmp_path: Path) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=3)
    with pytest.raises(IllegalMoveError) as err:
        s.play(Drew(s.state.seq + 1, 1))
    assert err.value.rule is Rule.TURN_ORDER and "bot" in str(err.value)


@pytest.mark.parametrize("rules, players, bots", [("classic", 2, "random"), ("eram", 4, "heuristic"),
                                                  ("kroot", 2, "random")])
def test_a_whole_match_is_played_to_its_end(tmp_path: Path, rules: str, players: int, bots: str) -> None:
    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, rules, players, humans={0}, bots=bots, seed=5, overrides=SMALL)
    moves = play_first_options(s)
    events = lines(log)
    final = fold(events)
    assert s.over and final.match_over and final.winner is not None and moves > 0 and valid(log)
    deals = [e for e in events if e["type"] == "hand_started"]
    assert len(deals) == final.hand_no and all(e["seed"] == derived_seed(5, "deal", e["hand"]) for e in deals)
    assert s.options().options == () and s.waiting_for is None
    with pytest.raises(IllegalMoveError):
        s.play(Drew(s.state.seq + 1, 0))


def test_bots_alone_play_a_match_out(tmp_path: Path) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans=(), seed=1, overrides=SMALL)
    assert s.over and s.waiting_for is None and any(line.startswith("hand 1 over") for line in s.last_moves)
    assert s.ended_hands and s.ended_hands[-1].match_over


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short ERAM match with random bots, played without interruption. Seats 0 and 1 play the first
    option, which at an empty stock is the reshuffle (random bots mostly take the pile there, which
    ends the hand when it leaves nothing to make a stock), so the match holds reshuffles to cut at."""
    log = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    play_first_options(GameSession.start(log, "eram", 4, humans={0, 1}, bots="random", seed=1, overrides=SMALL))
    return log


def cut_at(events: list[dict[str, Any]], where: str) -> int:
    """How many lines to keep for a cut at a named place of the game."""
    deals = [i for i, e in enumerate(events) if e["type"] == "hand_started"]
    reshuffle = next(i for i, e in enumerate(events) if e["type"] == "reshuffled")
    return {"after the start": 1, "early in hand 1": 7, "at the second deal": deals[1],
            "before a reshuffle": reshuffle - 2, "just after a reshuffle": reshuffle + 1}[where]


@pytest.mark.parametrize("where", ["after the start", "early in hand 1", "at the second deal", "before a reshuffle",
                                  "just after a reshuffle"])
def test_a_resumed_match_goes_on_as_it_would_have(tmp_path: Path, whole: Path, where: str) -> None:
    """Cut a log anywhere (as a kill would) and resume it: the finished log is byte for byte the uninterrupted one."""
    cut = cut_at(lines(whole), where)
    assert 0 < cut < len(lines(whole))
    kept = whole.read_bytes().splitlines(keepends=True)[:cut]
    cut_log = tmp_path / "cut.jsonl"
    cut_log.write_bytes(b"".join(kept))
    s = GameSession.resume(cut_log, humans={0, 1}, bots="random")
    play_first_options(s)
    assert cut_log.read_bytes() == whole.read_bytes()


def test_resume_refusals(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    GameSession.start(log, "classic", 2, humans={0}, seed=4)
    refusals: list[tuple[dict[str, Any], str]] = [({"seed": 5}, "seed 4"), ({"rules": "kroot"}, "classic rules"),
                                                  ({"players": 3}, "2 players"), ({"humans": {2}}, "seat 2"),
                                                  ({"bots": "clever"}, "clever")]
    for kwargs, needle in refusals:
        before = log.read_bytes()
        with pytest.raises(MalformedInputError, match=needle):
            GameSession.resume(log, **kwargs)
        assert log.read_bytes() == before
    with pytest.raises(MalformedInputError, match="does not exist"):
        GameSession.resume(tmp_path / "none.jsonl")
    with pytest.raises(MalformedInputError, match="already exists"):
        GameSession.start(log, "classic", 2)
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(log.read_bytes() + b'{"seq": 99, "ty')
    with pytest.raises(MalformedInputError, match="torn|crash"):
        GameSession.resume(torn)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(log.read_bytes() + b'{"seq":' + str(len(lines(log))).encode() + b',"type":"drew","seat":1}\n')
    with pytest.raises(MalformedInputError, match="does not replay"):
        GameSession.resume(bad)
    same = GameSession.resume(log, seed=4, rules="Classic", players=2)
    assert same.seed == 4 and same.waiting_for == 0


def test_start_refuses_bad_tables_before_writing(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    for args, kwargs in [(("nope", 2), {}), (("classic", 5), {}), (("eram", 2), {}), (("classic", 2), {"humans": {2}}),
                         (("classic", 2), {"bots": "mixed"}), (("classic", 2), {"overrides": {"no_knob": 1}})]:
        with pytest.raises(BanakilError):  # an unknown rule set is its own kind of bad input
            GameSession.start(log, *args, **kwargs)  # type: ignore[arg-type]
        assert not log.exists()


def test_every_option_reads_back_from_its_command(tmp_path: Path) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=8)
    seen = 0
    while not s.over and seen < 300:
        opts = s.options().options
        for o in opts:
            typed = read_line(command_for(o.event), s.state, 0)
            assert typed == o.event or (isinstance(typed, type(o.event)) and command_for(typed) == command_for(o.event))
            assert read_line(json.dumps(event_to_json(o.event)), s.state, 0) == o.event
            seen += 1
        s.play(opts[-1].event)


@pytest.mark.parametrize("line, needle", [
    ("", "empty line"), ("dance", "unknown command"), ("take two", "whole number"), ("take 0", "whole number"),
    ("discard", "one card"), ("meld 7H 8X", "8X"), ("add 7H", "whole number"), ("swap 1", "one card"),
    ("draw now", "no arguments"), ("{", "not valid JSON"), ("[1]", "a JSON array, not an object"), ('{"type": "annotated", "at": 0, "text": "hi"}', "not a move"),
    ('{"type": "drew", "card": "7H"}', "names no card"), ('{"type": "reshuffled", "stock": ["7H"]}', "names no stock"),
    ('{"type": "melded", "cards": "7H"}', "field `cards` must be an array"), ('["drew"]', "a JSON array, not an object"),
])
def test_unreadable_lines_say_why(tmp_path: Path, line: str, needle: str) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=8)
    with pytest.raises(MalformedInputError, match=needle):
        read_line(line, s.state, 0)


def test_questions_are_not_moves(tmp_path: Path) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=8)
    assert [read_line(w, s.state, 0) for w in ("hint", "Show", "?", "quit")] == [
        Ask("hint"), Ask("show"), Ask("help"), Ask("quit")]


def test_a_seat_sees_only_what_it_may(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, "eram", 4, humans={2}, seed=9)
    view = state_seen_by(s.state, 2)
    assert view["hands"][2] == [c.code for c in s.state.hands[2]]
    assert [view["hands"][i] for i in (0, 1, 3)] == [len(s.state.hands[i]) for i in (0, 1, 3)]
    for event in read_events(log):
        seen = json.dumps(event_seen_by(event, 2))
        assert '"seed"' not in seen and '"stock": [' not in seen
        if event["type"] == "hand_started":
            shown = event_seen_by(event, 2)["hands"]
            assert shown[2] == event["hands"][2] and shown[0] == len(event["hands"][0])
    assert event_seen_by({"seq": 5, "type": "drew", "seat": 1, "card": "7H"}, 2) == {"seq": 5, "type": "drew", "seat": 1}
    assert event_seen_by({"seq": 5, "type": "drew", "seat": 2, "card": "7H"}, 2)["card"] == "7H"


def test_options_are_the_engines(tmp_path: Path) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=8)
    assert [o.event for o in s.options().options] == [o.event for o in options(s.state).options]


def test_an_unwritable_log_moves_nothing(tmp_path: Path) -> None:
    from banakil_replay.play.session.session import LogUnwritable

    log = tmp_path / "g.jsonl"
    s = GameSession.start(log, "classic", 2, humans={0}, seed=3)
    state = s.state
    log.unlink()
    with pytest.raises(LogUnwritable, match="cannot append"):
        s.play(Drew(state.seq + 1, 0))
    assert s.state is state


def test_an_expert_table_resumed_mid_hand_decides_as_it_would_have(tmp_path: Path) -> None:
    """The expert decides from what its seat saw this hand (takes from the pile included): a resumed
    session rebuilds that from the log, so its moves are the uninterrupted ones."""
    whole = tmp_path / "whole.jsonl"
    s = GameSession.start(whole, "classic", 2, humans={0}, bots="expert", seed=2)
    play_first_options(s, limit=8)
    events = lines(whole)
    assert valid(whole) and len(events) > 12
    cut = len(events) // 2
    cut_log = tmp_path / "cut.jsonl"
    cut_log.write_bytes(b"".join(whole.read_bytes().splitlines(keepends=True)[:cut]))
    r = GameSession.resume(cut_log, humans={0}, bots="expert")
    made = sum(1 for e in events[:cut] if e.get("seat") == 0 and e["type"] in ("drew", "took", "melded",
                                                                                "laid_off", "joker_swapped",
                                                                                "discarded"))
    play_first_options(r, limit=8 - made)
    assert lines(cut_log) == events


def test_the_hint_is_the_experts_pick_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=4)
    advice = s.advice(playouts=24)
    assert advice is not None and advice.move in s.options().options
    assert advice == s.advice(playouts=24)  # fixed by the seed and the position
    words = advice.words()
    assert advice.move.kind in ("draw", "take") and ("points better than" in words or "about as good" in words)
    assert not any(jargon in words for jargon in ("playout", "sampled", "quick ranking"))
    # the text table's hint command says it, as the command that plays it
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("hint\nquit\n"))
    assert main(["play", "--log", str(tmp_path / "h.jsonl"), "--seed", "4"]) == 0
    hint = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("hint: "))
    assert hint.split("  ")[0] in ("hint: draw", "hint: take 1") and ("better than" in hint or "as good" in hint)
    over = GameSession.start(tmp_path / "o.jsonl", "classic", 2, humans=(), seed=1, overrides=SMALL)
    assert over.advice() is None


def test_the_json_state_says_which_cards_a_taker_surely_holds(tmp_path: Path) -> None:
    """Seat 1 takes from the pile: every seat saw those cards go into its hand, so seat 0's view
    names them under ``known`` (and only those: the rest of seat 1's hand stays a count)."""
    from banakil_replay.events import parse_event
    from banakil_replay.play.bots.selfplay import HeuristicBot, play_match
    from banakil_replay.reducer import replay

    log = play_match("classic", 2, [HeuristicBot(), HeuristicBot()], seed=3, max_hands=1)
    rp = replay(log)
    i = next(k for k, e in enumerate(log) if e["type"] == "took" and e["seat"] == 1)
    view = state_seen_by(rp.states[i], 0, [parse_event(e) for e in log[: i + 1]])
    taken = log[i]["cards"] if "cards" in log[i] else [c.code for c in rp.states[i - 1].discard[-log[i]["count"]:]]
    assert sorted(view["known"][1]) == sorted(taken) and view["known"][0] == []
    assert view["hands"][1] == len(rp.states[i].hands[1])
    assert state_seen_by(rp.states[i], 0)["known"] == [[], []]  # without the history nothing is known
