"""The exercise engine: every kind under every rule set, judged by the rules engine itself.

For each exercise the right answer is worked out here with the engine's own functions
(``analyze_meld``, ``can_lay_off``, the reducer's discard and take checks, ``score_hand``,
``match_status``), not read from the exercise, and the checker must accept it; typical wrong
answers must come back with the engine's reason, its rule and a source.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from itertools import combinations, islice
from pathlib import Path
from typing import Any, Iterable

import pytest

from banakil_replay.cards import Card, parse_cards
from banakil_replay.citations import cite
from banakil_replay.errors import IllegalMoveError, MalformedInputError
from banakil_replay.events import Took
from banakil_replay.examples import load_examples
from banakil_replay.learn.kind_names import KIND_NAMES
from banakil_replay.learn import KINDS, LearnerProgress, Session, exercises, load_progress, save_progress
from banakil_replay.learn.course import sheet
from banakil_replay.learn.meld_exercises import IsMeld, LayOff, MakeMeld
from banakil_replay.learn.model import Exercise, Feedback, parse_number
from banakil_replay.learn.positions import played_hand
from banakil_replay.learn.score_exercises import MatchWinner, ScoreHand
from banakil_replay.learn.turn_exercises import Discard, TakePile
from banakil_replay.melds import analyze_meld, can_lay_off, verify_lay_off
from banakil_replay.play.search.candidates import meld_candidates
from banakil_replay.reducer import HANDLERS, verify_discard_allowed
from banakil_replay.rulebook import Rule
from banakil_replay.rules import RULESETS, get_ruleset
from banakil_replay.scoring import match_status, score_hand
from banakil_replay.seats import sides_of

ALL = list(RULESETS)
N = 8  # exercises per kind and rule set: the sources' examples and self-play alternate


@lru_cache(maxsize=None)
def items(rules: str, kind: str, seed: int = 0, n: int = N) -> tuple[Exercise[Any], ...]:
    return tuple(islice(exercises(get_ruleset(rules), [kind], seed=seed), n))


def typed(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards) or "none"


def assert_engine_reason(fb: Feedback, rule: Rule | None = None) -> None:
    assert not fb.right
    assert fb.reasons and all(r.text and r.source for r in fb.reasons), fb
    if rule is not None:
        assert rule in [r.rule for r in fb.reasons], fb


def test_kinds_are_the_seven_of_the_brief() -> None:
    assert list(KINDS) == ["is-meld", "make-meld", "lay-off", "discard", "take-pile", "score-hand", "match-winner"]
    assert tuple(KINDS) == KIND_NAMES  # the help's list (kind_names.py) names the kinds there are, in order


def test_every_lazy_name_of_learn_resolves_and_is_typed() -> None:
    import ast
    import banakil_replay.learn as learn

    tree = ast.parse(Path(learn.__file__).read_text(encoding="utf-8"))
    typed = {alias.asname for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
             if alias.asname}
    assert typed == set(learn._LAZY) == set(learn.__all__)  # what mypy sees is what loads
    assert all(getattr(learn, name) is not None for name in learn.__all__)


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_gives_exercises_from_the_sources_and_from_self_play(rules: str, kind: str) -> None:
    exs = items(rules, kind)
    assert len(exs) == N and len({e.id for e in exs}) == N
    assert all(e.kind == kind and e.rules == get_ruleset(rules) and e.question and e.hint() for e in exs)
    assert any("/play-" in e.id for e in exs)
    json.dumps([e.to_json() for e in exs])  # plain values for a notebook


# ------------------------------------------------------------------- melds
@pytest.mark.parametrize("rules", ALL)
def test_is_meld(rules: str) -> None:
    seen = set()
    for ex in items(rules, "is-meld"):
        assert isinstance(ex, IsMeld)
        check = analyze_meld(ex.cards, ex.rules)
        seen.add(check.valid)
        assert ex.check("yes" if check.valid else "no").right
        wrong = ex.check("no" if check.valid else "yes")
        assert_engine_reason(wrong)
        if not check.valid:  # the feedback for a wrong meld is analyze_meld's reason, word for word, its rule
            assert check.rule is not None  # cited from the sources of the rule set in force
            assert (wrong.reason, wrong.rule, wrong.source) == (check.reason, check.rule, cite(ex.rules, check.rule))
    assert seen == {True, False}


@pytest.mark.parametrize("rules", ALL)
def test_make_meld(rules: str) -> None:
    for ex in items(rules, "make-meld"):
        assert isinstance(ex, MakeMeld)
        legal = [m for m in meld_candidates(ex.cards, ex.rules) if analyze_meld(m, ex.rules).valid]
        assert legal
        for meld in legal[:3]:
            fb = ex.check(typed(meld))
            assert fb.right and fb.rule is Rule.MELDS
        bad = next(c for c in combinations(ex.cards, 3) if not analyze_meld(c, ex.rules).valid)
        fb = ex.check(typed(bad))
        check = analyze_meld(bad, ex.rules)
        assert_engine_reason(fb)
        assert (fb.reason, fb.rule) == (check.reason, check.rule)
        stranger = next(c for c in parse_cards("KH QC 4D JK") if c not in ex.cards)
        assert_engine_reason(ex.check(typed(legal[0][:2]) + " " + stranger.code), Rule.CARDS_FROM_HAND)


@pytest.mark.parametrize("rules", ALL)
def test_lay_off(rules: str) -> None:
    refused = 0
    for ex in items(rules, "lay-off"):
        assert isinstance(ex, LayOff)
        hand = list(dict.fromkeys(ex.hand))
        fits = [c for c in hand if can_lay_off(ex.meld, [c], ex.rules)]
        assert ex.check(typed(fits)).right
        for card in [c for c in hand if c not in fits][:2]:
            fb = ex.check(typed(fits + [card]))
            with pytest.raises(IllegalMoveError) as info:
                verify_lay_off(ex.meld, [card], ex.rules)
            assert_engine_reason(fb, info.value.rule)
            assert str(info.value) in [r.text for r in fb.reasons]
            refused += 1
        if fits:
            assert_engine_reason(ex.check(typed(fits[1:])), Rule.ADDING)
    assert refused


# -------------------------------------------------------------- a turn in play
@pytest.mark.parametrize("rules", ALL)
def test_discard(rules: str) -> None:
    limited = 0
    for ex in items(rules, "discard"):
        assert isinstance(ex, Discard)
        state, seat = ex.state, ex.state.turn
        forbidden = []
        for card in dict.fromkeys(state.hands[seat]):
            try:
                verify_discard_allowed(state, seat, card)
            except IllegalMoveError as refusal:
                forbidden.append((card, refusal))
        assert ex.check(typed(c for c, _ in forbidden)).right
        if forbidden:  # forgetting one: the feedback names the rule that refuses it
            why = forbidden[0][1]
            fb = ex.check("none")
            assert_engine_reason(fb, why.rule)
            assert str(why) in [r.text for r in fb.reasons]
            limited += 1
        free = next(c for c in state.hands[seat] if c not in dict(forbidden))
        fb = ex.check(typed([c for c, _ in forbidden] + [free]))
        assert_engine_reason(fb)
        assert free.symbol in fb.reasons[0].text
    if get_ruleset(rules).discard_limit == "any_taken":
        assert limited  # Kroot: taking from the pile is common, so is a card that may not go back


@pytest.mark.parametrize("rules", ["classic", "kroot"])
def test_discard_refusals_name_each_rule_sets_own_rule(rules: str) -> None:
    want = Rule.NO_DISCARDING_TAKEN if rules == "kroot" else Rule.NO_THROWING_BACK_LONE_TOP
    exs = items(rules, "discard", n=16)
    refusals = [r.rule for ex in exs for r in ex.check("none").reasons if not ex.check("none").right]
    assert refusals and set(refusals) == {want}


@pytest.mark.parametrize("rules", ALL)
def test_take_pile(rules: str) -> None:
    answers = set()
    for ex in items(rules, "take-pile"):
        assert isinstance(ex, TakePile)
        state = ex.state
        top_first = list(reversed(state.discard))
        k = top_first.index(ex.want) + 1
        if state.phase == "draw":
            answers.add("number")
            assert ex.check(str(k)).right and not ex.check("no").right
            taken = HANDLERS[Took](state, Took(state.seq + 1, state.turn, k)).hands[state.turn][-k:]
            assert Counter(taken) == Counter(top_first[:k]) and ex.want in taken
            wrong = k + 1 if k < len(top_first) else k - 1
            if wrong:
                assert_engine_reason(ex.check(str(wrong)), Rule.TAKE_FROM_PILE)
            assert_engine_reason(ex.check(str(len(top_first) + 1)), Rule.TAKE_FROM_PILE)
        else:  # drawn already, or the 19-card starter's first turn: the reducer refuses a draw
            answers.add("no")
            assert ex.check("no").right
            starter = state.first_turn and state.rules is not None and state.rules.opening == "starter_19"
            assert_engine_reason(ex.check(str(k)), Rule.OPENING if starter else Rule.ONE_DRAW_PER_TURN)
    assert "number" in answers


# ------------------------------------------------------------------- scores
@pytest.mark.parametrize("rules", ALL)
def test_score_hand(rules: str) -> None:
    for ex in items(rules, "score-hand"):
        assert isinstance(ex, ScoreHand)
        score = score_hand(ex.rules, ex.hand)
        want = score.sides[ex.side]
        fb = ex.check(str(want))
        # the engine's working, then the asked side's figures added up to the answer
        extra = fb.explain[len(score.explain):]
        assert fb.right and fb.explain[:len(score.explain)] == tuple(score.explain)
        assert [ln[:3] for ln in extra] == (["So "] if not (score.dead or score.cold_hand) else []), extra
        wrong = ex.check(str(want + 1))
        assert_engine_reason(wrong)
        assert wrong.explain == fb.explain


def test_score_hand_answers_are_the_sources_stated_figures() -> None:
    """The worked examples' questions: the checker accepts exactly what the source states."""
    stated = {ex["id"]: ex["stated"] for ex in load_examples()}
    checked = 0
    for rules in ALL:
        for ex in KINDS["score-hand"].picked(get_ruleset(rules)):
            assert isinstance(ex, ScoreHand)
            example, key = ex.id.split("/")[2], f"sides[{ex.side}]"
            if key in stated[example]:
                assert ex.check(str(stated[example][key])).right, ex.id
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rules", ALL)
def test_match_winner(rules: str) -> None:
    outcomes = set()
    for ex in items(rules, "match-winner", n=12):
        assert isinstance(ex, MatchWinner)
        status = match_status(ex.rules, ex.players, ex.rows)
        outcomes.add(status.winner is None)
        right = "none" if status.winner is None else str(status.winner)
        assert ex.check(right).right
        sides = len(sides_of(ex.players))
        wrong = "0" if status.winner != 0 else ("1" if sides > 1 else "none")
        assert_engine_reason(ex.check(wrong), Rule.MATCH_END)
        with pytest.raises(MalformedInputError):
            ex.check(str(sides))  # no such side: read again, not judged
    assert outcomes == {True, False}


def test_both_sides_passing_the_target_is_decided_by_each_rule_sets_end() -> None:
    """ERAM wants a lead over 5 when both sides pass 202; classic and Kroot take the higher total."""
    rows = ((150, 150), (54, 59))  # 204 and 209: both pass 202, lead 5
    assert match_status(get_ruleset("eram"), 4, rows).winner is None
    ex = MatchWinner("t", get_ruleset("eram"), "test", 4, rows)
    assert ex.check("none").right and "not more than 5" in ex.check("1").reason
    ex = MatchWinner("t", get_ruleset("kroot"), "test", 4, ((150, 150), (74, 79)))
    assert ex.check("1").right


def test_sheets_are_valid_match_sheets() -> None:
    """Every sheet is one a match could have: a row per side, only its last hand may end the match,
    and over the seeds all three plans show up (played to the end, cut short, two sides passing)."""
    import random

    seen: Counter[str] = Counter()
    for rules in ALL:
        for seed in range(30):
            rs = get_ruleset(rules)
            players = rs.player_counts[seed % len(rs.player_counts)]
            rows = sheet(rs, players, random.Random(seed))
            assert rows and all(len(row) == len(sides_of(players)) for row in rows), (rules, seed, rows)
            status = match_status(rs, players, rows)  # raises if a hand follows the end
            assert not match_status(rs, players, rows[:-1]).over, (rules, seed)
            passed = sum(total >= status.target for total in status.totals)
            assert passed >= 1 if status.over else status.winner is None, (rules, seed, status)
            seen["ended" if status.over else "open"] += 1
            seen["two passed"] += passed >= 2
    assert seen["ended"] and seen["open"] and seen["two passed"], seen


# ---------------------------------------------------------- hints, answers
def test_hints_are_built_from_the_rule_set_in_force() -> None:
    def hint(rules: str, kind: str) -> str:
        return items(rules, kind)[0].hint()

    assert "an ace 1½" in hint("classic", "score-hand") and "an ace 1," in hint("jawaker", "score-hand")
    assert "no card taken, nor a copy of one, may be thrown back" in hint("kroot", "take-pile")
    assert "lone card taken" in hint("classic", "discard")
    assert "202" in hint("eram", "match-winner") and "lead of more than 5" in hint("eram", "match-winner")
    assert "slides to an open end" in hint("kroot", "lay-off") and "move to make room" in hint("classic", "lay-off")


def test_unreadable_answers_raise_the_parsers_message() -> None:
    ex = items("classic", "make-meld")[0]
    with pytest.raises(MalformedInputError, match="unknown card code 'ZZ'"):
        ex.check("7H ZZ")
    with pytest.raises(MalformedInputError, match="yes or no"):
        items("classic", "is-meld")[0].check("maybe")
    assert parse_number("-5½") == -5.5 and parse_number("36,5") == 36.5
    with pytest.raises(MalformedInputError):
        parse_number("nan")


def test_unknown_kind_is_refused_with_the_list() -> None:
    with pytest.raises(MalformedInputError, match="known: is-meld, make-meld"):
        exercises(get_ruleset("classic"), ["nope"])


def test_same_seed_same_questions_other_seed_others() -> None:
    def questions(seed: int) -> list[tuple[str, str, object]]:
        played_hand.cache_clear()  # deal and play again: no help from the cache
        return [(e.id, e.question, e.shows()) for e in islice(exercises(get_ruleset("kroot"), seed=seed), 14)]

    first = questions(5)
    assert questions(5) == first
    assert questions(6) != first


# ------------------------------------------------------------- the session
def test_session_scores_the_first_try_and_retries(tmp_path: Path) -> None:
    session = Session(exercises(get_ruleset("classic"), ["is-meld"]))
    ex = session.next()
    assert ex is not None and session.number == 1
    right = ex.answer_text()
    wrong = "no" if right == "yes" else "yes"
    assert not session.answer(wrong).right
    assert session.answer(right).right
    assert (session.score.asked, session.score.right, session.score.done) == (1, 0, frozenset({ex.id}))
    ex2 = session.next()
    assert ex2 is not None and session.answer(ex2.answer_text()).right
    assert session.skip() and session.hint()
    ex3 = session.next()
    assert ex3 is not None and session.skip()  # skipped unanswered: neither asked nor done
    session.next()
    assert session.progress.asked == 2 and session.progress.right == 1
    assert session.progress.kinds["is-meld"].asked == 2

    path = tmp_path / "me.json"
    save_progress(path, session.progress)
    assert load_progress(path) == session.progress
    assert [p.name for p in tmp_path.iterdir()] == ["me.json"]  # no temporary file left behind

    again = Session(exercises(get_ruleset("classic"), ["is-meld"], done=load_progress(path).done),
                    load_progress(path))
    firsts = [again.next() for _ in range(3)]
    assert ex.id not in {e.id for e in firsts if e} and ex3.id in {e.id for e in firsts if e}


def test_progress_files_that_are_not_progress_are_refused(tmp_path: Path) -> None:
    assert load_progress(tmp_path / "new.json") == LearnerProgress()
    good = LearnerProgress().answered("discard", True).finished("discard/classic/play-0-0").to_json()
    cases = {"not json": "{", "not ours": json.dumps({"x": 1}),
             "newer": json.dumps({**good, "version": 2}),
             "more right than asked": json.dumps({**good, "kinds": {"discard": {"asked": 1, "right": 2}}}),
             "negative": json.dumps({**good, "kinds": {"discard": {"asked": -1, "right": 0}}}),
             "done not ids": json.dumps({**good, "done": [1]})}
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(MalformedInputError, match=str(path)):
            load_progress(path)
    with pytest.raises(MalformedInputError, match="cannot write"):
        save_progress(tmp_path / "no" / "such" / "dir.json", LearnerProgress())


def test_items_done_are_left_out_without_reordering_the_rest() -> None:
    rules = get_ruleset("classic")
    for kind in ("lay-off", "score-hand"):
        full = [e.id for e in islice(exercises(rules, [kind], seed=1), 9)]
        done = full[::3]
        rest = [e.id for e in islice(exercises(rules, [kind], seed=1, done=done), len(full) - len(done))]
        assert rest == [i for i in full if i not in done]


# ------------------------------------------------------------------ what a newcomer tripped on
def test_exercises_takes_a_rule_set_name_and_one_kind_as_the_widget_does() -> None:
    by_name = [e.id for e in islice(exercises("classic", "score-hand", seed=3), 4)]
    assert by_name == [e.id for e in islice(exercises(get_ruleset("classic"), ["score-hand"], seed=3), 4)]
    from banakil_replay.rules import UnknownRulesetError

    with pytest.raises(UnknownRulesetError, match="unknown rule set 'clasic'"):
        exercises("clasic")


def test_a_hint_on_a_set_talks_about_sets() -> None:
    sets = [e for seed in range(12) for e in islice(exercises("classic", "lay-off", seed=seed), 6)
            if e.meld.kind == "set"]
    runs = [e for e in islice(exercises("classic", "lay-off"), 6) if e.meld.kind == "run"]
    assert sets and runs
    import re

    for ex in sets:
        hint = re.sub(r"\[[^\]]*\]", "", ex.hint())  # a citation may name a section "runs, sets"
        assert "set" in hint and "run" not in hint, hint
    assert "run" in runs[0].hint()


def _sum_line(line: str) -> tuple[str, str]:
    """The sum a "So ..." line reaches and the figure it ends on (after rounding, if it says so)."""
    body = line.split(": ", 1)[1].rstrip(".")
    body = body.split(" [", 1)[0]
    if "round" in body:
        added, final = body.split(", ", 1)
        return added.rsplit("= ", 1)[-1], final.rsplit(": ", 1)[1]
    reached = body.rsplit("= ", 1)[-1]
    return reached, reached


@pytest.mark.parametrize("rules", ["classic", "classic-sum", "jawaker", "eram", "kroot"])
def test_a_wrong_score_is_answered_by_a_working_that_adds_up(rules: str) -> None:
    import re

    from banakil_replay.learn.model import num

    rounded = 0
    for ex in islice(exercises(rules, "score-hand", seed=1), 16):
        want = ex.expected()
        fb = ex.judge(want + 7)
        assert not fb.right and fb.reasons[0].source
        assert len(fb.reasons[0].source.split(", ")) <= 4, fb.reasons[0].source
        for bracket in re.findall(r"\[([^\]]*)\]", "\n".join(fb.explain)):
            assert len(bracket.split(", ")) <= 4, bracket
        total = [ln for ln in fb.explain if ln.startswith("So ")]
        if total:
            reached, final = _sum_line(total[0])
            assert final == num(want), total
            assert ("round" in total[0]) == (reached != final), total
            rounded += reached != final
        else:  # a flat score (cold hand, dhamoon, dead hand) or one seat's own line already says it
            assert any(num(want) in ln for ln in fb.explain) or want == 0, fb.explain
    if rules in ("classic", "jawaker"):
        assert rounded, "no hand with a half point to round was asked"


def test_the_terminal_feedback_cites_a_source_once() -> None:
    import io
    import re

    from banakil_replay.cli.learn import _feedback

    for rules in ("classic", "eram", "kroot"):
        for ex in islice(exercises(rules, "score-hand", seed=2), 8):
            out = io.StringIO()
            _feedback(ex.judge(ex.expected() + 3), out)
            lines = out.getvalue().splitlines()
            verdict, working = lines[1], "\n".join(lines[2:])
            for bracket in re.findall(r"\[[^\]]*\]", verdict):
                assert bracket not in working, out.getvalue()
