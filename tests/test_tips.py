"""The catalogue of the sources' tips: every tip is playable as a habit pair or says why not."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from banakil_replay.events import Melded
from banakil_replay.play.moves import Option
from banakil_replay.state import GameState

from banakil_replay.play.bots.selfplay import HeuristicBot
from banakil_replay.play.analysis.habits import HabitBot
from banakil_replay.play.analysis.tips import TIPS, get_tip
from banakil_replay.play.coach.held import RESULTS


def test_every_tip_is_playable_or_says_why_not() -> None:
    for tip in TIPS:
        assert tip.source[:3] in {"000", "002", "003", "004"}, tip.id
        if tip.testable:
            assert tip.habit != tip.without and tip.runs, tip.id
            assert get_tip(tip.id.upper()) is tip
        else:
            with pytest.raises(ValueError, match="cannot be played"):
                get_tip(tip.id)
    with pytest.raises(ValueError, match="unknown tip 'nope'; known: hold-set"):
        get_tip("nope")


def test_an_arm_without_settings_is_the_plain_bot_itself() -> None:
    tip = get_tip("guard-jokers")
    assert tip.arm("habit") is HeuristicBot  # the runner knows it need not play the plain bot against itself
    bot = tip.arm("without")()
    assert isinstance(bot, HabitBot) and bot.keep_jokers and bot is not tip.arm("without")()


def test_lesson_11s_figures_cover_every_run_and_agree_with_their_differences() -> None:
    from banakil_replay.play.analysis.experiment import interval

    rows = json.loads(RESULTS.read_text(encoding="utf-8"))
    kept = {(r["tip"], r["rules"], r["players"]): r for r in rows}
    assert set(kept) == {(t.id, rules, n) for t in TIPS for rules, n in t.runs}
    for (tip, rules, n), r in kept.items():
        iv = interval(r["diffs"])
        assert r["hands"] == iv.n >= 10 and r["verdict"] == iv.verdict
        assert (r["mean"], r["low"], r["high"]) == pytest.approx((iv.mean, iv.low, iv.high), abs=1e-3)
        assert r["command"] == (f"banakil-replay experiment {tip} --rules {rules} --players {n} "
                                f"--hands {iv.n} --seed {r['seed']}")


def test_an_installed_copy_carries_lesson_11s_figures_and_its_coach_cites_them(tmp_path: Path) -> None:
    """What a wheel holds is what setuptools' build_py lays out (bdist_wheel packs that folder): built from
    pyproject.toml's package data into a folder of its own, and read there by a Python that sees no checkout."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    lib = tmp_path / "lib"
    built = subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path),
                            "build_py", "--build-lib", str(lib)], cwd=root, capture_output=True, text=True,
                           timeout=120, env={k: v for k, v in os.environ.items() if k != "BANAKIL_COMPILE"})
    assert built.returncode == 0, built.stderr
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from banakil_replay.play.coach import held; "
            "print(held.RESULTS.is_relative_to(sys.argv[1]), len(held.findings()), "
            "sum(f.held for f in held.findings()))")
    said = subprocess.run([sys.executable, "-I", "-c", code, str(lib)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert said.returncode == 0, said.stderr
    inside, found, held = said.stdout.split()
    assert inside == "True" and int(found) == len(json.loads(RESULTS.read_text(encoding="utf-8"))) and int(held) > 0


def test_every_tip_is_tried_at_two_and_at_four_players_where_it_applies() -> None:
    for tip in TIPS:
        if tip.testable:  # feeding a partner needs partners
            want = {4} if tip.id == "feed-partner" else {2, 4}
            assert {n for _, n in tip.runs} == want, tip.id


def test_every_testable_tip_has_a_short_name_from_its_own_sources() -> None:
    import re

    from banakil_replay.play.coach.held import ADVICE

    assert set(ADVICE) == {t.id for t in TIPS if t.testable}
    for tip in TIPS:
        if tip.testable:
            named = re.findall(r"(00\d)'s", ADVICE[tip.id])
            assert named and set(named) <= set(re.findall(r"\b00\d\b", tip.source)), tip.id


def _positions(rules: str, players: int, deals: range) -> Iterator[tuple[GameState, list[Option]]]:
    """Every meld-phase and draw-phase position of a few bot hands, with its ranked options."""
    from banakil_replay.events import parse_event
    from banakil_replay.play.analysis.experiment import play_hand
    from banakil_replay.play.coach.options import options
    from banakil_replay.reducer import apply

    for deal in deals:
        _, log = play_hand(rules, players, [HeuristicBot() for _ in range(players)], 2, deal)
        state = GameState()
        for line in log:
            state = apply(state, parse_event(line))
            if state.in_hand:
                yield state, list(options(state).options)


def _kept(tmp_path: Path, verdicts: dict[str, str]) -> Path:
    """A results file in which each named tip's classic 2-player run has the given verdict."""
    rows = [{"tip": tip, "rules": "classic", "players": 2, "hands": 40, "mean": 5.0 if v == "helps" else -1.0,
             "low": 1.0 if v == "helps" else -3.0, "high": 9.0 if v == "helps" else 1.0, "verdict": v}
            for tip, v in verdicts.items()]
    path = tmp_path / f"kept-{len(list(tmp_path.iterdir()))}.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    return path


def test_the_coach_cites_a_tip_only_where_its_run_at_that_table_held(tmp_path: Path, monkeypatch: Any) -> None:
    from banakil_replay.play.coach import held

    path = _kept(tmp_path, {"guard-jokers": "helps", "open-early": "unclear", "small-opening": "hurts",
                            "cold-hand": "unclear", "read-pile": "unclear", "no-wrong-pairs": "hurts"})
    monkeypatch.setattr(held, "RESULTS", path)
    good = held.finding("guard-jokers", "classic", 2)
    assert good is not None and good.sentence() == (
        "000's and 003's advice to guard your jokers held in play: +5.0 points a hand (+1.0 to +9.0; "
        "40 paired hands, classic, 2 players; lesson 11)")
    assert held.finding("guard-jokers", "classic", 4) == good  # no run at 4: the rules' other count speaks
    assert held.finding("guard-jokers", "kroot", 2) is None  # never tried under these rules: nothing said
    cited = 0
    for state, opts in _positions("classic", 2, range(3)):
        for o in opts:
            jokers = isinstance(o.event, Melded) and any(c.is_joker for c in o.event.cards)
            assert ("held in play" in o.why_rank) == (jokers and not o.goes_out), o.why_rank
            # what failed or was unclear is never given as advice, in any words
            assert "lost points in play" not in o.why_rank and "no clear effect" not in o.why_rank
            assert "002's advice" not in o.why_rank and "advice to open with" not in o.why_rank
            cited += jokers and good.sentence() in o.why_rank
    assert cited


def test_what_the_coach_cites_from_the_kept_figures_held_at_that_table() -> None:
    from banakil_replay.play.coach.held import findings, held_tip

    kept = {f.sentence(): f for f in findings()}
    assert kept  # the repository's figures are read
    for rules, players in (("classic", 2), ("kroot", 4)):
        for state, opts in _positions(rules, players, range(2)):
            for o in opts:
                said = [f for s, f in kept.items() if s in o.why_rank]
                assert len(said) <= 1 and all(f.held and f.rules == rules for f in said), o.why_rank
                assert said == ([held_tip(state, o)] if said else []), o.why_rank
                assert "lost points in play" not in o.why_rank and "no clear effect" not in o.why_rank


def test_the_review_names_a_held_tip_the_better_move_follows_and_never_one_that_failed(
        tmp_path: Path, monkeypatch: Any) -> None:
    from banakil_replay.play.coach import held
    from banakil_replay.play.analysis.review import _tip_note

    found = 0
    for state, opts in _positions("classic", 2, range(3)):
        for o in opts:
            if isinstance(o.event, Melded) and any(c.is_joker for c in o.event.cards) and not o.goes_out:
                played = next(x.event for x in opts if x is not o)
                for verdict in ("helps", "unclear", "hurts"):
                    monkeypatch.setattr(held, "RESULTS", _kept(tmp_path, {"guard-jokers": verdict}))
                    note = _tip_note(state, played, o, False)
                    sentence = held.finding("guard-jokers", "classic", 2).sentence()  # type: ignore[union-attr]
                    assert note == (f" {sentence}." if verdict == "helps" else ""), note
                found += 1
                break
        if found >= 2:
            break
    assert found


def test_the_hint_names_the_held_tip_its_pick_follows(tmp_path: Path, monkeypatch: Any) -> None:
    from banakil_replay.cli.seatview import hint_text
    from banakil_replay.play.coach import held
    from banakil_replay.play.bots.expert import Tally
    from banakil_replay.play.analysis.judge import Estimate
    from banakil_replay.play.session.session import Advice, GameSession

    every = {t.id: "helps" for t in TIPS if t.testable}
    monkeypatch.setattr(held, "RESULTS", _kept(tmp_path, every))
    s = GameSession.start(tmp_path / "g.jsonl", "classic", 2, humans={0}, seed=4)
    advice = s.advice()
    assert advice is not None
    assert advice.tip == held.held_tip(s.observation(0).stand_in(), advice.move)
    pick, other = advice.move, next(o for o in s.options().options if o is not advice.move)
    found = held.finding("read-pile", "classic", 2)
    assert found is not None
    cited = Advice(pick, (), None, Estimate(Tally(pick), Tally(other), 4.0, 1.0, 50), found)
    assert cited.words().endswith(f"give or take 2.0. {found.sentence()}.")
    assert "in play" not in Advice(pick, (), None, cited.edge).words()
    if advice.tip is not None:  # the text table's hint says it too
        assert advice.tip.sentence() in hint_text(s)
    monkeypatch.setattr(held, "RESULTS", _kept(tmp_path, {t: "unclear" for t in every}))
    again = s.advice()
    assert again is not None and again.tip is None and "in play" not in again.words()
