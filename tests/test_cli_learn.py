"""The ``learn`` command through a real process with piped input, as a learner would use it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import islice
from pathlib import Path

from banakil_replay.citations import cite
from banakil_replay.learn import KINDS, exercises
from banakil_replay.melds import analyze_meld
from banakil_replay.learn.meld_exercises import IsMeld
from banakil_replay.rules import get_ruleset

ROOT = Path(__file__).resolve().parents[1]


def learn(*argv: str, answers: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "banakil_replay", "learn", *argv], input=answers,
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120, check=False)


def first_is_meld(seed: int) -> IsMeld:
    ex = next(exercises(get_ruleset("classic"), ["is-meld"], seed=seed))
    assert isinstance(ex, IsMeld)
    return ex


def test_a_wrong_answer_its_reason_a_hint_a_retry_and_quit() -> None:
    ex = first_is_meld(0)
    check = analyze_meld(ex.cards, ex.rules)  # the engine's verdict, worked out here
    right, wrong = ("yes", "no") if check.valid else ("no", "yes")
    proc = learn("--kind", "is-meld", "--seed", "0", answers=f"{wrong}\nhint\n{right}\nquit\n")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert "Question 1 (is it a meld?" in out and ex.cards[0].symbol in out
    assert out.index("Not right.") < out.index("Hint: ") < out.index("Right.")
    if not check.valid:  # the reason of a wrong answer is analyze_meld's, its rule cited under the rule set
        assert check.rule is not None
        assert f"{check.reason} [{check.rule.title}: {cite(ex.rules, check.rule)}]" in out
    assert "Try again, or type hint or skip." in out
    assert "Score: 0 of 1 right at the first try." in out
    assert "Question 2" in out and out.rstrip().endswith("is it a meld? (is-meld): 0 of 1")


def test_end_of_input_stops_cleanly_with_the_score() -> None:
    ex = first_is_meld(0)
    proc = learn("--kind", "is-meld", answers=ex.answer_text() + "\n")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.count("Right.") == 1 and "Score: 1 of 1 right at the first try." in proc.stdout


def test_a_bad_card_code_gets_the_parsers_message_and_a_retry() -> None:
    ex = next(exercises(get_ruleset("classic"), ["make-meld"], seed=0))
    proc = learn("--kind", "make-meld", answers=f"7H ZZ\n\n{ex.answer_text()}\n")
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Cannot read that: unknown card code 'ZZ'" in proc.stdout
    assert "Type card codes such as 7H 8H 9H, or none; or hint, skip, quit." in proc.stdout
    assert "Score: 1 of 1 right at the first try." in proc.stdout  # an unreadable line is not a try


def test_unknown_kind_exits_2_listing_the_kinds() -> None:
    proc = learn("--kind", "nope", answers="")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "unknown exercise kind 'nope'" in proc.stderr and all(k in proc.stderr for k in KINDS)
    assert "Traceback" not in proc.stderr


def test_same_seed_same_questions() -> None:
    skips = "skip\n" * 8  # one of every kind and one more: hand-picked and self-play questions
    a = learn("--rules", "kroot", "--seed", "3", answers=skips)
    b = learn("--rules", "kroot", "--seed", "3", answers=skips)
    c = learn("--rules", "kroot", "--seed", "4", answers=skips)
    assert a.returncode == b.returncode == c.returncode == 0
    assert a.stdout == b.stdout and a.stdout.count("The answer: ") == 8
    assert c.stdout != a.stdout
    titles = [kind.title for kind in KINDS.values()]
    assert all(f"({t};" in a.stdout for t in titles)


def test_progress_is_saved_and_done_questions_are_not_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "me.json"
    first, second = islice(exercises(get_ruleset("eram"), ["score-hand"], seed=2), 2)
    proc = learn("--rules", "eram", "--kind", "score-hand", "--seed", "2", "--progress", str(path),
                 answers=f"{first.answer_text()}\nquit\n")
    assert proc.returncode == 0 and "All sessions: 1 of 1 right at the first try, 1 exercises done." in proc.stdout
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["kinds"] == {"score-hand": {"asked": 1, "right": 1}} and saved["done"] == [first.id]
    again = learn("--rules", "eram", "--kind", "score-hand", "--seed", "2", "--progress", str(path),
                  answers=f"{second.answer_text()}\n")
    assert again.returncode == 0 and "Score: 1 of 1" in again.stdout
    assert "All sessions: 2 of 2 right at the first try, 2 exercises done." in again.stdout
    assert sorted(json.loads(path.read_text(encoding="utf-8"))["done"]) == sorted([first.id, second.id])


def test_a_progress_file_that_is_not_one_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"x": 1}', encoding="utf-8")
    proc = learn("--progress", str(path), answers="")
    assert proc.returncode == 2 and "not a learner's progress file" in proc.stderr and proc.stdout == ""
    assert path.read_text(encoding="utf-8") == '{"x": 1}'  # never overwritten


def test_lesson_keeps_the_questions_to_what_the_course_has_taught() -> None:
    """--lesson 1 asks no partnership or rounding hand; a lesson that does not exist exits 2, no traceback."""
    from banakil_replay.learn.topics import lesson_of

    first = next(exercises(get_ruleset("classic"), ["score-hand"], seed=3, lesson=1))
    assert lesson_of(first) == 1
    proc = learn("--kind", "score-hand", "--seed", "3", "--lesson", "1", answers="quit\n")
    assert proc.returncode == 0 and first.question in proc.stdout
    bad = learn("--lesson", "11", answers="")
    assert bad.returncode == 2 and "there is no lesson 11" in bad.stderr and "Traceback" not in bad.stderr
