"""Bots, self-play, the selfplay command and the review of played games."""

from __future__ import annotations

import importlib.util
import io
import json
import shutil
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from banakil_replay.play.bots.selfplay import HeuristicBot, RandomBot, make_bots, play_match
from banakil_replay.play.search.going_out import go_out_plan
from banakil_replay.cards import full_deck, parse_cards
from banakil_replay.cli.main import main
from banakil_replay.events import FORMAT, parse_event
from banakil_replay.events import Drew
from banakil_replay.play.moves import move_json
from banakil_replay.play.coach.options import options
from banakil_replay.log.progress import Progress, bar
from banakil_replay.endings import hand_ends
from banakil_replay.reducer import Replay, apply, replay
from banakil_replay.play.analysis.review import review
from banakil_replay.log.store import append_events, create_log, read_events

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "sample_games"
SELFPLAY = GAMES / "selfplay"
PRESETS = [("classic", 2), ("classic", 3), ("classic", 4), ("classic-sum", 4), ("jawaker", 4), ("eram", 4),
           ("kroot", 4), ("kroot", 2)]


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ play_match
def test_same_seed_same_log_and_other_seed_other_log() -> None:
    one = play_match("kroot", 2, make_bots("mixed", 2, 7), seed=7)
    two = play_match("kroot", 2, make_bots("mixed", 2, 7), seed=7)
    assert one == two
    assert play_match("kroot", 2, make_bots("mixed", 2, 8), seed=8) != one
    assert [e["seq"] for e in one] == list(range(len(one)))


def test_deals_record_the_stock_so_draws_name_no_card() -> None:
    log = play_match("classic", 2, [RandomBot(1), RandomBot(2)], seed=3, max_hands=1)
    assert all("stock" in e for e in log if e["type"] == "hand_started")
    assert all("card" not in e for e in log if e["type"] == "drew")
    assert log[0]["format"] == FORMAT and log[0]["players"] == ["random-0", "random-1"]


@pytest.mark.parametrize("rules, players", PRESETS)
def test_random_bots_play_legal_hands_under_every_rule_set(rules: str, players: int) -> None:
    log = play_match(rules, players, make_bots("random", players, 5), seed=5, max_hands=1)
    rp = replay(log)
    assert rp.final.hand_no == 1 and not rp.final.in_hand


def test_eram_reshuffles_record_the_new_stock_order() -> None:
    # seed 3: random bots reshuffle four times (at other seeds a seat often takes the whole pile
    # from the empty stock instead, which ends the hand)
    log = play_match("eram", 4, make_bots("random", 4, 3), seed=3, max_hands=3)
    shuffles = [e for e in log if e["type"] == "reshuffled"]
    assert shuffles and all(e.get("stock") for e in shuffles)
    replay(log)


def test_bots_by_name_one_per_seat_or_one_for_all() -> None:
    assert [b.name for b in make_bots("random,heuristic", 2, 1)] == ["random", "heuristic"]
    assert [b.name for b in make_bots("expert", 3, 1)] == ["expert"] * 3
    assert [b.name for b in make_bots("mixed", 2, 2)] == ["heuristic", "random"]  # flipped on odd seeds
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        make_bots("nope", 2, 1)
    with pytest.raises(ValueError, match="3 bot names"):
        make_bots("random,random,random", 2, 1)


def test_an_expert_match_is_legal_and_fixed_by_its_seed() -> None:
    one = play_match("kroot", 2, make_bots("expert,random", 2, 1), seed=1, max_hands=1)
    assert one == play_match("kroot", 2, make_bots("expert,random", 2, 1), seed=1, max_hands=1)
    assert replay(one).final.hand_no == 1


def test_bad_bot_count_and_players_refused() -> None:
    with pytest.raises(ValueError):
        play_match("classic", 2, [HeuristicBot()], seed=1)
    with pytest.raises(Exception, match="played by 4 players"):
        play_match("jawaker", 2, make_bots("heuristic", 2, 1), seed=1)


# ------------------------------------------------------------------ self-played samples
SELFPLAYED = sorted(SELFPLAY.glob("*.jsonl"))


def test_one_selfplayed_match_per_rule_set() -> None:
    kinds = {(e["rules"], len(e["players"])) for e in (load(p)[0] for p in SELFPLAYED)}
    assert kinds == {("classic", 2), ("classic", 4), ("classic-sum", 4), ("jawaker", 4), ("eram", 4),
                     ("kroot", 4), ("kroot", 2)}


@pytest.mark.parametrize("path", SELFPLAYED, ids=lambda p: p.stem)
def test_selfplayed_log_validates_to_a_winner(path: Path) -> None:
    rp = replay(read_events(path))  # through the store's reader, chain and format checks included
    assert rp.final.match_over and rp.final.winner is not None
    assert max(rp.final.totals) >= rp.final.rules.target(rp.final.n)  # type: ignore[union-attr]


REGENERATED = ("classic_2p", "eram_4p", "kroot_2p")  # the quickest three; the tool rebuilds all seven


def test_selfplay_tool_lists_every_committed_log() -> None:
    tool = load_tool("make_selfplay_games")
    assert sorted(f"{m[0]}.jsonl" for m in tool.MATCHES) == sorted(p.name for p in SELFPLAYED)
    readme = (SELFPLAY / "README.md").read_text(encoding="utf-8")
    assert all(f"`{m[0]}.jsonl`" in readme for m in tool.MATCHES)


@pytest.mark.parametrize("name", REGENERATED)
def test_selfplayed_samples_regenerate_byte_for_byte(name: str) -> None:
    """Same seed, same bots, same log: a change to the rules, options or hints that changes play shows here."""
    tool = load_tool("make_selfplay_games")
    (match,) = [m for m in tool.MATCHES if m[0] == name]
    made = tool.log_text(tool.build(*match))
    assert made == (SELFPLAY / f"{name}.jsonl").read_text(encoding="utf-8"), \
        f"{name} differs: rerun tools/make_selfplay_games.py and tools/make_playthroughs.py if the change is meant"


@pytest.mark.parametrize("name", ["classic_2p", "eram_4p", "kroot_2p"])
def test_every_option_replays_in_heuristic_games(name: str) -> None:
    for state in replay(load(SELFPLAY / f"{name}.jsonl")).states:
        if not state.in_hand:
            continue
        opts = options(state)
        assert opts.options, f"no options at seq {state.seq}"
        for opt in opts.options:
            apply(state, opt.event)


def test_heuristic_bot_goes_out_whenever_it_can() -> None:
    seen = 0
    for path in SELFPLAYED[:3]:
        rp = replay(load(path))
        for i, state in enumerate(rp.states[:-1]):
            if state.in_hand and state.phase == "meld" and go_out_plan(state):
                seen += 1
                seat, hand = state.turn, state.hand_no
                # the rest of this turn empties the hand: no later state of this hand has the seat acting again
                later = next(s for s in rp.states[i + 1:] if not s.in_hand or s.turn != seat or s.phase == "draw")
                assert later.hand_no == hand and later.went_out == seat, f"{path.name} seq {state.seq}"
    assert seen > 0


# ------------------------------------------------------------------ selfplay command
def test_selfplay_writes_valid_logs_identical_to_play_match(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    code, stdout, err = run(capsys, "selfplay", "--rules", "kroot", "--players", "2", "--games", "2",
                            "--seed", "3", "--out", str(out), "--bots", "mixed")
    assert code == 0 and "selfplay: 2 games" in err and err.count("\n") == 1  # one summary line, no bar
    text = load_tool("make_selfplay_games").log_text
    for i, name in enumerate(["game-0001.jsonl", "game-0002.jsonl"]):
        expected = play_match("kroot", 2, make_bots("mixed", 2, 3 + i), seed=3 + i)
        assert (out / name).read_text(encoding="utf-8") == text(expected)
        assert replay(read_events(out / name)).final.match_over
    assert sorted(p.name for p in out.iterdir()) == ["game-0001.jsonl", "game-0002.jsonl"]


@pytest.mark.parametrize("argv, phrase", [
    (["--rules", "nope", "--players", "2"], "unknown rule set"),
    (["--rules", "jawaker", "--players", "2"], "played by 4 players"),
    (["--rules", "classic", "--players", "5"], "not 5"),
    (["--rules", "classic", "--players", "2", "--games", "0"], "at least 1"),
    (["--rules", "classic", "--players", "2", "--bots", "nope"], "unknown bot 'nope'"),
    (["--rules", "classic", "--players", "2", "--bots", "random,expert,random"], "3 bot names"),
])
def test_selfplay_bad_input_exits_2(argv: list[str], phrase: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "selfplay", *argv, "--out", str(tmp_path / "x"))
    assert code == 2 and phrase in err
    assert not (tmp_path / "x").exists()


def test_selfplay_never_overwrites_and_flags_unfinished_matches(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", "--rules", "classic", "--players", "2", "--out", str(tmp_path), "--bots", "random",
            "--max-hands", "1"]
    code, _, err = run(capsys, *argv)
    assert code == 1 and "no winner within 1 hand\n" in err  # written, valid, but short of the target
    before = (tmp_path / "game-0001.jsonl").read_bytes()
    replay(read_events(tmp_path / "game-0001.jsonl"))
    code, _, err = run(capsys, *argv)
    assert code == 2 and "refusing to overwrite" in err
    assert (tmp_path / "game-0001.jsonl").read_bytes() == before


def test_progress_bar_on_a_terminal_and_summary_elsewhere() -> None:
    assert bar(3, 10, 2.5) == "[######..............] 3/10 games, 1.2 games/s"
    assert bar(10, 10, 1.0).startswith("[" + "#" * 20 + "]")
    tty = io.StringIO()
    p = Progress(2, stream=tty, live=True)
    p.step()
    p.step()
    p.done("summary")
    assert tty.getvalue().startswith("\r[##########") and "2/2 games" in tty.getvalue()
    assert "summary" not in tty.getvalue() and tty.getvalue().endswith("\n")
    pipe = io.StringIO()
    p = Progress(2, stream=pipe, live=False)
    p.step()
    p.done("summary")
    assert pipe.getvalue() == "summary\n"


# ------------------------------------------------------------------ review
SEAT0 = "7H 8H 9H JK 3C 5D 10S QC KD 4S 6C 8D AC 5S 10D QH 4C JS"
SEAT1 = "3H 4H 5H 6H 7C 8C 9C 10C JC KC AD 3D 4D 6D 7D 9D JD QD"


def crafted(last: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A classic hand with no stock order: seat 0 holds 7H 8H 9H and the joker, draws KS, then ``last``."""
    dealt = Counter(parse_cards(SEAT0.split() + SEAT1.split()))
    upcard = next(c for c in sorted(full_deck() - dealt) if c.is_natural and c.rank == 13).code
    log = [{"seq": 0, "type": "match_started", "format": FORMAT, "rules": "classic", "players": ["Ana", "Ben"]},
           {"seq": 1, "type": "hand_started", "hand": 1, "dealer": 1,
            "hands": [SEAT0.split(), SEAT1.split()], "upcard": upcard},
           {"seq": 2, "type": "drew", "seat": 0, "card": "KS"}]
    if last is not None:
        log.append({"seq": 3, **last})
    return log


def test_review_grades_a_joker_discard_with_a_meld_in_hand_as_a_mistake() -> None:
    (drew, discard) = review(replay(crafted({"type": "discarded", "seat": 0, "card": "JK"})))
    assert drew.to_json()["played"] == {"type": "drew", "seat": 0, "card": "KS"}
    assert discard.verdict in ("questionable", "blunder") and discard.seq == 3 and discard.seat == 0
    # the judge names a move that keeps the joker (melding, or throwing another card) and says what it does
    assert discard.better is not None and discard.better.type in ("melded", "discarded") and discard.loss >= 3
    assert getattr(discard.better, "card", None) != discard.played.card  # type: ignore[union-attr]
    assert "would have been better" in discard.why and "give or take" in discard.why


def test_review_agrees_with_the_move_it_names_as_better() -> None:
    (_, discard) = review(replay(crafted({"type": "discarded", "seat": 0, "card": "JK"})))
    assert discard.better is not None
    (_, verdict) = review(replay(crafted(move_json(discard.better))))
    assert verdict.verdict == "agree" and verdict.better is None and verdict.loss == 0


def test_a_drew_with_a_card_matches_the_unnamed_draw_option() -> None:
    rp = replay(crafted(None))
    drew = rp.events[2]
    assert isinstance(drew, Drew) and drew.card is not None  # the log's draw names KS
    played = options(rp.states[1]).find(drew)
    assert played is not None and isinstance(played.event, Drew) and played.event.card is None


def test_review_seat_filter_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_bytes((GAMES / "classic_4p_partnership.jsonl").read_bytes())
    code, out, _ = run(capsys, "review", str(path), "--seat", "2", "--json", "--deals", "4")
    rows = json.loads(out)
    assert code == 0 and rows and {r["seat"] for r in rows} == {2}
    assert all(set(r) == {"seq", "seat", "played", "verdict", "loss", "interval", "better", "why"} for r in rows)
    assert all(r["verdict"] in ("agree", "acceptable", "questionable", "blunder") for r in rows)
    feeding = [r for r in rows if r["played"]["type"] == "laid_off" and r["played"]["meld"] == 1]
    assert feeding and all("feeds the partner's meld #1" in r["why"] for r in feeding)
    code, out, _ = run(capsys, "review", str(path), "--seat", "1", "--deals", "2")
    assert code == 0 and "seq" in out and "decisions" in out.splitlines()[-1]
    assert run(capsys, "review", str(path), "--seat", "7")[0] == 2


def test_review_append_adds_annotations_and_keeps_bytes(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    log = crafted({"type": "discarded", "seat": 0, "card": "JK"})
    create_log(path, log[0])
    append_events(path, log[1:])
    original = path.read_bytes()
    code, _, err = run(capsys, "review", str(path), "--append")
    assert code == 0 and "appended 2 annotated events" in err
    assert path.read_bytes().startswith(original)
    rp = replay(read_events(path))
    notes = rp.annotations
    assert [(n.at, n.author) for n in notes] == [(2, "reviewer"), (3, "reviewer")]
    assert notes[1].text.startswith(("questionable (", "blunder ("))
    # reviewing again ignores the annotations: the same decisions, the same verdicts
    assert [v.seq for v in review(rp)] == [2, 3]


def test_review_append_refuses_a_log_that_does_not_replay(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    shutil.copy(GAMES / "broken" / "invalid_meld.jsonl", path)
    before = path.read_bytes()
    code, out, err = run(capsys, "review", str(path), "--append")
    assert code == 1 and "seq 3" in err and out == ""
    assert path.read_bytes() == before


def test_heuristic_selfplay_is_mostly_agreed_with() -> None:
    rp = replay(load(SELFPLAY / "classic_2p.jsonl"))
    first_hand = Replay(rp.events[:hand_ends(rp)[0].seq + 1], rp.states[:hand_ends(rp)[0].seq + 1])
    verdicts = review(first_hand, seat=0, deals=8)
    counts = Counter(v.verdict for v in verdicts)
    assert len(verdicts) > 20
    assert counts["agree"] + counts["acceptable"] >= 0.8 * len(verdicts)  # the heuristic plays well enough
