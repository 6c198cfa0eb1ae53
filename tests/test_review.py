"""Reviews graded in points: hand-built positions with a known right answer, and the review's interface."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cli.main import main
from banakil_replay.events import FORMAT
from banakil_replay.log.load import load_replay
from banakil_replay.log.store import append_events, create_log, read_events
from banakil_replay.play.analysis.judge import MAX_DEALS
from banakil_replay.play.coach.options import options
from banakil_replay.play.analysis.review import (ACCEPTABLE, AGREE, BLUNDER, HOLD_BACK_LIMIT, Verdict, grade, judge,
                                        mistakes, review)
from banakil_replay.reducer import Replay, replay

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games"

RAVI_RUNS = [{"type": "drew", "seat": 1, "card": "QD"},
             {"type": "melded", "seat": 1, "cards": "4D 5D 6D 7D 8D".split()},
             {"type": "melded", "seat": 1, "cards": "9H 10H JH QH KH".split()},
             {"type": "melded", "seat": 1, "cards": "9S 10S JS QS KS".split()}]
RAVI = "4D 5D 6D 7D 8D 9H 10H JH QH KH 9S 10S JS QS KS 9D 8H 6C".split()  # goes down to one card (6C)


def numbered(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(e, seq=i) for i, e in enumerate(events)]


def start(dana: str) -> list[dict[str, Any]]:
    return [{"type": "match_started", "format": FORMAT, "rules": "classic", "players": ["Dana", "Ravi"]},
            {"type": "hand_started", "hand": 1, "dealer": 1, "hands": [dana.split(), RAVI], "upcard": "5C"}]


def ravi_down_to_one(first_meld: int) -> list[dict[str, Any]]:
    return RAVI_RUNS + [{"type": "laid_off", "seat": 1, "meld": first_meld, "cards": ["9D"]},
                        {"type": "laid_off", "seat": 1, "meld": first_meld + 1, "cards": ["8H"]},
                        {"type": "discarded", "seat": 1, "card": "QD"}]


def missed_go_out(last: dict[str, Any]) -> Replay:
    """Dana melds three runs and keeps 3C 3D KD; Ravi goes down to one card; Dana draws 3S, then ``last``."""
    log = start("4H 5H 6H 7H 8H 9C 10C JC QC KC 4S 5S 6S 7S 8S 3C 3D KD") + [
        {"type": "drew", "seat": 0, "card": "JD"},
        {"type": "melded", "seat": 0, "cards": "4H 5H 6H 7H 8H".split()},
        {"type": "melded", "seat": 0, "cards": "9C 10C JC QC KC".split()},
        {"type": "melded", "seat": 0, "cards": "4S 5S 6S 7S 8S".split()},
        {"type": "discarded", "seat": 0, "card": "JD"}] + ravi_down_to_one(4) + [
        {"type": "drew", "seat": 0, "card": "3S"}, last]
    return replay(numbered(log))


def held_back(first: str, second: str) -> Replay:
    """Dana holds 3C 3D 3S and 10S-AS all hand without melding; Ravi goes down to one card meanwhile."""
    log = start("3C 3D 3S 10S JS QS KS AS 4C 6C 4D 6D 4H 6H 4S 6S 8C 8D") + [
        {"type": "drew", "seat": 0, "card": "JD"}, {"type": "discarded", "seat": 0, "card": first}] + \
        ravi_down_to_one(1) + [{"type": "drew", "seat": 0, "card": "9H"},
                               {"type": "discarded", "seat": 0, "card": second}]
    return replay(numbered(log))


# ------------------------------------------------------------------ hand-built positions
def test_a_missed_go_out_is_a_blunder_that_says_so() -> None:
    rp = missed_go_out({"type": "discarded", "seat": 0, "card": "KD"})
    v = judge(rp, len(rp) - 1)
    assert v.verdict == "blunder" and v.loss >= BLUNDER
    assert v.better is not None and v.better.type == "melded"
    assert v.why.startswith("Melding 3♣ 3♦ 3♠ would have been better: you could have gone out")  # cards as read
    assert "you could have gone out: +20 for going out" in v.why
    assert "Ravi is charged the 0.5 points left in hand" in v.why  # his real card, as it turned out (6C)
    assert "holding a finished meld back" not in v.why  # a habit is no excuse for missing the way out


def test_going_out_is_agreed_with() -> None:
    rp = missed_go_out({"type": "melded", "seat": 0, "cards": ["3C", "3D", "3S"]})
    v = judge(rp, len(rp) - 1)
    assert v.verdict == "agree" and v.loss < AGREE and v.better is None


def test_missing_a_dhamoon_names_the_flat_score() -> None:
    log = start("4H 5H 6H 7H 8H 9C 10C JC QC KC 4S 5S 6S 7S 8S 3C 3D 3S") + [
        {"type": "drew", "seat": 0, "card": "JD"}, {"type": "discarded", "seat": 0, "card": "JD"}]
    rp = replay(numbered(log))
    v = judge(rp, len(rp) - 1)
    assert v.verdict == "blunder" and "a flat 40 for going out all at once" in v.why


def test_holding_a_meld_back_early_is_not_a_mistake() -> None:
    rp = held_back("JD", "9H")
    v = judge(rp, 3)  # Dana's first discard: Ravi still holds 18 cards
    assert v.verdict in ("agree", "acceptable") and v.loss < HOLD_BACK_LIMIT
    assert mistakes([v]) == []


def test_holding_melds_back_with_nothing_melded_when_the_other_is_nearly_out_is_a_real_loss() -> None:
    rp = held_back("JD", "9H")
    v = judge(rp, len(rp) - 1)  # Ravi holds one card; Dana risks the flat -20 with 7 points of melds in hand
    assert v.verdict in ("questionable", "blunder") and v.loss >= HOLD_BACK_LIMIT
    assert v.better is not None and v.better.type == "melded"
    assert "no more risk of the flat -20 for melding nothing" in v.why
    assert "if Ravi goes out first" in v.why and "playout" not in v.why  # the opponent named


def test_a_forced_move_is_not_graded() -> None:
    rp = missed_go_out({"type": "melded", "seat": 0, "cards": ["3C", "3D", "3S"]})
    log = [dict(json.loads(json.dumps(e)), seq=i) for i, e in enumerate(_json(rp))]
    log.append({"seq": len(log), "type": "discarded", "seat": 0, "card": "KD"})
    rp2 = replay(log)
    v = judge(rp2, len(rp2) - 1)
    assert v.verdict == "agree" and v.loss == 0 and "only legal move" in v.why and not v.graded
    assert all(x.seq != v.seq for x in review(rp2, deals=4))  # neither graded nor counted


def _json(rp: Replay) -> list[dict[str, Any]]:
    from banakil_replay.events import event_to_json

    return [event_to_json(e) for e in rp.events]


# ------------------------------------------------------------------ grades and interface
@pytest.mark.parametrize("loss, verdict", [(0.0, "agree"), (AGREE - 0.1, "agree"), (AGREE, "acceptable"),
                                           (ACCEPTABLE, "questionable"), (BLUNDER - 0.1, "questionable"),
                                           (BLUNDER, "blunder"), (40.0, "blunder")])
def test_grades_follow_the_documented_thresholds(loss: float, verdict: str) -> None:
    assert grade(loss) == verdict


def test_mistakes_lists_a_seats_questionable_and_worse_costliest_first() -> None:
    from banakil_replay.events import Discarded
    from banakil_replay.cards import Card

    def v(seq: int, seat: int, verdict: str, loss: float) -> Verdict:
        return Verdict(seq, seat, Discarded(seq, seat, Card(5, "H")), verdict, None, "", loss)

    vs = [v(3, 0, "questionable", 4.0), v(5, 0, "blunder", 12.0), v(7, 1, "blunder", 30.0),
          v(9, 0, "acceptable", 2.0), v(11, 0, "questionable", 4.0)]
    assert [x.seq for x in mistakes(vs, seat=0)] == [5, 3, 11]
    assert [x.seq for x in mistakes(vs, seat=0, at_least="blunder")] == [5]
    assert [x.seq for x in mistakes(vs)] == [7, 5, 3, 11]
    with pytest.raises(ValueError):
        mistakes(vs, at_least="terrible")


def test_review_is_deterministic_and_covers_every_decision() -> None:
    rp = missed_go_out({"type": "discarded", "seat": 0, "card": "KD"})
    one, two = review(rp, deals=4), review(rp, deals=4)
    assert one == two
    decisions = [e.seq for e in rp.events[2:] if e.type != "annotated"
                 and len(options(rp.states[e.seq - 1]).options) > 1]
    assert [v.seq for v in one] == decisions
    assert [v.seq for v in review(rp, seat=1, deals=4)] == [e.seq for e in rp.events if getattr(e, "seat", None) == 1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_review_json_carries_the_loss_and_append_is_idempotent(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    log = _json(missed_go_out({"type": "discarded", "seat": 0, "card": "KD"}))
    create_log(path, log[0])
    append_events(path, log[1:])
    # few deals give wide intervals, and a verdict is the lowest class its interval reaches
    code, out, _ = run(capsys, "review", str(path), "--seat", "0", "--json", "--deals", "32")
    rows = json.loads(out)
    assert code == 0 and {r["seat"] for r in rows} == {0}
    assert all(set(r) == {"seq", "seat", "played", "verdict", "loss", "interval", "better", "why"} for r in rows)
    assert all(r["interval"][0] <= r["loss"] <= r["interval"][1] for r in rows)
    assert rows[-1]["verdict"] == "blunder" and rows[-1]["loss"] >= BLUNDER
    code, out, _ = run(capsys, "review", str(path), "--deals", "32")
    assert code == 0 and "-> blunder (loses " in out and "points lost in all" in out.splitlines()[-1]
    code, _, err = run(capsys, "review", str(path), "--deals", "32", "--append")
    assert code == 0 and "appended" in err
    size = path.stat().st_size
    code, _, err = run(capsys, "review", str(path), "--deals", "32", "--append")
    assert code == 0 and "nothing appended" in err and path.stat().st_size == size
    notes = replay(read_events(path)).annotations
    assert notes and notes[-1].text.startswith("blunder (") and notes[-1].author == "reviewer"
    assert run(capsys, "review", str(path), "--deals", "0")[0] == 2


def test_the_help_states_the_default_deals(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    assert f"(default {MAX_DEALS};" in " ".join(capsys.readouterr().out.split())


def test_a_long_review_reports_its_progress(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rp = missed_go_out({"type": "discarded", "seat": 0, "card": "KD"})
    calls: list[tuple[int, int]] = []
    verdicts = review(rp, deals=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(k, len(verdicts)) for k in range(len(verdicts) + 1)]
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _json(rp)), encoding="utf-8")
    assert main(["review", str(path), "--deals", "2"]) == 0
    assert f"review: {len(verdicts)} decisions graded in" in capsys.readouterr().err  # not a terminal: one line


def test_a_meld_is_not_blamed_for_the_policys_discard_after_it() -> None:
    """Amal melds 8♦ 9♦ 10♦ J♦ (seq 5, classic_annotated.jsonl) and then the playouts' fast policy
    picks her discard (10♣); against 'discard 4♣' that line loses about 4 points. Melding and then
    discarding 4♣ loses nothing, so the meld itself is no mistake.

    (This used Ravi's 5♣..J♣ in classic_dana_ravi.jsonl, seq 6, where holding the run was the
    playouts' best move; since the fast policy lays its melds the way the hints rank them, not the
    hand's best split re-made for free a turn later, melding that run is the best move there, so the
    position no longer shows the mechanism.)"""
    from banakil_replay.log.load import load_replay
    from banakil_replay.play.analysis.review import playouts

    rp = load_replay(Path(__file__).resolve().parents[1] / "sample_games" / "classic_annotated.jsonl")
    meld = rp.events[5]
    assert meld.type == "melded"
    po = playouts(rp, 5)
    assert po is not None and po.best.option.event.type == "discarded"
    raw = po.loss(meld)  # type: ignore[arg-type]
    fair, line = po.fair(meld)  # type: ignore[arg-type]
    assert raw >= ACCEPTABLE and fair < AGREE and line.then == (po.best.option.event,)
    v = judge(rp, 5)  # the judge gives the meld the better of its own lines, in fresh deals
    assert v.verdict == "agree" and v.loss < ACCEPTABLE


def test_a_review_judged_in_two_processes_says_what_one_process_says() -> None:
    rp = load_replay(str(SAMPLES / "classic_dana_ravi.jsonl"))
    calls: list[tuple[int, int]] = []
    alone = review(rp, deals=8)
    side_by_side = review(rp, deals=8, workers=2, progress=lambda done, total: calls.append((done, total)))
    assert [v.to_json() for v in side_by_side] == [v.to_json() for v in alone]
    assert [v.why for v in side_by_side] == [v.why for v in alone]
    total = calls[0][1]
    assert calls == [(k, total) for k in range(total + 1)] and total >= len(alone) > 1


def test_cli_review_workers_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "review", str(SAMPLES / "classic_dana_ravi.jsonl"), "--workers", "0")
    assert code == 2 and out == "" and err.strip() == "banakil-replay review: --workers must be at least 1"


def test_ctrl_c_ends_a_command_with_one_line_and_the_shells_code(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    cli = importlib.import_module("banakil_replay.cli.main")  # the module: the package exports its function

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.COMMANDS, "review", interrupted)
    code, out, err = run(capsys, "review", "whatever.jsonl")
    assert code == 130 and out == "" and err == "banakil-replay review: interrupted\n"
