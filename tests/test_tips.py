"""The catalogue of the sources' tips: every tip is playable as a habit pair or says why not."""

from __future__ import annotations

import pytest

from banakil_replay.play.bots import HeuristicBot
from banakil_replay.play.habits import HabitBot
from banakil_replay.play.tips import TIPS, get_tip


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


def test_the_figures_beside_lesson_11_cover_every_run_and_agree_with_their_differences() -> None:
    import json
    from pathlib import Path

    from banakil_replay.play.experiment import interval

    rows = json.loads((Path(__file__).resolve().parent.parent / "notebooks" / "11_playing_well_results.json")
                      .read_text(encoding="utf-8"))
    kept = {(r["tip"], r["rules"], r["players"]): r for r in rows}
    assert set(kept) == {(t.id, rules, n) for t in TIPS for rules, n in t.runs}
    for (tip, rules, n), r in kept.items():
        iv = interval(r["diffs"])
        assert r["hands"] == iv.n >= 10 and r["verdict"] == iv.verdict
        assert (r["mean"], r["low"], r["high"]) == pytest.approx((iv.mean, iv.low, iv.high), abs=1e-3)
        assert r["command"] == (f"banakil-replay experiment {tip} --rules {rules} --players {n} "
                                f"--hands {iv.n} --seed {r['seed']}")


def test_the_coach_cites_only_tips_that_held_and_names_them_where_they_apply() -> None:
    import json
    from pathlib import Path

    from banakil_replay.events import Melded, parse_event
    from banakil_replay.play.experiment import play_hand
    from banakil_replay.play.held import HELD, cite
    from banakil_replay.play.options import options
    from banakil_replay.reducer import apply

    rows = json.loads((Path(__file__).resolve().parent.parent / "notebooks" / "11_playing_well_results.json")
                      .read_text(encoding="utf-8"))
    for tip in HELD:
        verdicts = {r["verdict"] for r in rows if r["tip"] == tip}
        # won points in some run, lost in none: never advice the experiments contradict
        assert "helps" in verdicts and "hurts" not in verdicts, f"the coach cites {tip}: {verdicts}"
    assert cite("hold-set") == "" and "which held when tested: lesson 11" in cite("guard-jokers")
    from banakil_replay.play.held import NOT_HELD, refuted
    for tip in NOT_HELD:  # the review says these won no points: none of their runs may have helped
        verdicts = {r["verdict"] for r in rows if r["tip"] == tip}
        assert verdicts and "helps" not in verdicts, f"the review calls {tip} refuted: {verdicts}"
    assert refuted("guard-jokers") == "" and refuted("hold-meld").endswith("won no points when tested (lesson 11)")

    cited = 0
    for deal in range(6):  # a joker laid in a meld: its reason names the advice
        from banakil_replay.state import GameState

        _, log = play_hand("classic", 2, [HeuristicBot(), HeuristicBot()], 2, deal)
        state = GameState()
        for line in log:
            state = apply(state, parse_event(line))
            if state.in_hand and state.phase == "meld":
                for o in options(state).options:
                    if isinstance(o.event, Melded) and any(c.is_joker for c in o.event.cards) and not o.goes_out:
                        assert HELD["guard-jokers"] in o.why_rank
                        cited += 1
        if cited:
            break
    assert cited
