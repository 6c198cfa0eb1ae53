"""Every printed citation cites the source the rule comes from under the rule set in force.

classic and classic-sum rest on 000 and 004; jawaker on 004 (its Jawaker section lists only what
differs, so 004's other sections hold for it) and 000's summary of the online version; eram on
002; kroot on 003. A citation may name another source only where it says why in words: the preset
keeps the classic rule its source is silent on, or makes a choice of its own, or the log's options
set the knob. Checked here for the scoring working, the rule lines of the options, the lessons'
verdicts, hints and sentences, the rulebook's rules and the rule sets table.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

import pytest

from banakil_replay.citations import RULE_TOPICS, TOPICS, cite, sources_named
from banakil_replay.errors import MalformedInputError
from banakil_replay.learn import KINDS, exercises
from banakil_replay.play.rule_text import RULE_SENTENCES, joker_swap_rule, lay_off_rule, rule_lines
from banakil_replay.rulebook import Rule
from banakil_replay.rules import RULESETS, Ruleset, differences, get_ruleset
from banakil_replay.scoring import HandInput, score_hand

OWN = {"classic": {"000", "004"}, "classic-sum": {"000", "004"}, "jawaker": {"004"}, "eram": {"002"},
       "kroot": {"003"}}
SAYS_WHY = ("the classic rule", "the project's choice", "set by this log's options")


def foreign(text: str, preset: str) -> set[str]:
    """The sources ``text`` names that ``preset`` does not rest on, unless it says why it names them."""
    named = sources_named(text) - OWN[preset]
    if preset == "jawaker" and "online version" in text:
        named -= {"000"}  # 000's summary of the Jawaker rules
    if named and any(why in text for why in SAYS_WHY):
        return set()
    return named


def test_the_checker_catches_a_citation_of_another_rule_set() -> None:
    assert foreign("(004 Jawaker 5, 000, 003)", "kroot") == {"000", "004"}
    assert foreign("(004 Jawaker 5, 000, 003)", "jawaker") == {"000", "003"}
    assert foreign("000 (FAQ), 004 (exchanging a joker)", "classic") == set()
    assert foreign("004 (Jawaker 1), 000 (online version)", "jawaker") == set()
    assert foreign("003 names no rule; the preset keeps the classic rule of 000 (Play), 004 (sets)", "kroot") == set()


def test_every_knob_and_topic_has_a_citation_under_every_preset() -> None:
    for knob in Ruleset.knobs():
        assert knob.name in TOPICS, knob.name
    for topic, by_preset in TOPICS.items():
        assert set(by_preset) == set(RULESETS), topic


# ------------------------------------------------------------------ scoring working
def _hands(rules: Ruleset) -> list[HandInput]:
    """Hands that reach every line of the working the rule set can write (at each player count)."""
    hands = []
    for n in rules.player_counts:
        opened = [(10.0, 3.0)] * n
        hands += [
            HandInput.from_values(n, went_out=None, seats=opened),  # the stock ran out
            HandInput.from_values(n, went_out=0, seats=[(20.0, 0.0)] + [(0.0, 5.0, False)] * (n - 1)),
            HandInput.from_values(n, went_out=0, seats=[(20.0, 0.0)] + opened[1:]),
            HandInput.from_values(n, went_out=0, seats=[(22.0, 0.0)] + [(0.0, 5.0, False)] * (n - 1), all_at_once=True),
            HandInput.from_values(n, went_out=0, seats=[(22.0, 0.0)] + opened[1:], all_at_once=True),
        ]
        if n == 4:  # went out by adding cards only (ERAM scores it 0)
            hands.append(HandInput.from_values(n, went_out=0, seats=[(6.0, 0.0, False)] + opened[1:]))
    return hands


@pytest.mark.parametrize("name", RULESETS)
def test_the_scoring_working_cites_the_rule_sets_own_sources(name: str) -> None:
    rules = get_ruleset(name)
    lines = {line for hand in _hands(rules) for line in score_hand(rules, hand).explain}
    cited = [line for line in lines if sources_named(line)]
    assert len(cited) >= 2, lines
    wrong = {line: foreign(line, name) for line in cited if foreign(line, name)}
    assert not wrong


def test_the_cold_hand_line_cites_jawaker_and_kroot_apart() -> None:
    hand = HandInput.from_values(4, went_out=0, seats=[(22.0, 0.0), (0.0, 5.0, False), (0.0, 3.0), (0.0, 4.0, False)],
                                 all_at_once=True)

    def cold_line(name: str) -> str:
        return next(line for line in score_hand(get_ruleset(name), hand).explain if line.startswith("Cold hand"))

    jawaker, kroot = cold_line("jawaker"), cold_line("kroot")
    assert "004 (Jawaker 5)" in jawaker and "003" not in jawaker and "101" in jawaker
    assert "003 (cold hands)" in kroot and "004" not in kroot and "000" not in kroot
    # the figure 000 gives is an option, and cited as 000's
    assert "000 (online version)" in cold_line_with({"cold_hand_values": [51, 102]}, hand)


def cold_line_with(options: dict[str, Any], hand: HandInput) -> str:
    rules = get_ruleset("jawaker", options)
    return next(line for line in score_hand(rules, hand).explain if line.startswith("Cold hand"))


def test_a_dead_hand_cites_the_rule_sets_source() -> None:
    dead = HandInput.from_values(4, went_out=None, seats=[(1.0, 1.0)] * 4)
    assert "003" in score_hand(get_ruleset("kroot"), dead).explain[0]
    assert not {"000", "004"} & sources_named(score_hand(get_ruleset("kroot"), dead).explain[0])
    assert sources_named(score_hand(get_ruleset("classic"), dead).explain[0]) == {"000", "004"}


# ------------------------------------------------------------------ rule lines
@pytest.mark.parametrize("name", RULESETS)
def test_the_rule_lines_cite_the_rule_sets_own_sources(name: str) -> None:
    rules = get_ruleset(name)
    for players in rules.player_counts:
        for kind, line in rule_lines(rules, players).items():
            cited = line.partition(": ")[0]
            assert sources_named(cited), (kind, line)
            assert not foreign(cited, name), (players, kind, line)


def test_the_classic_joker_swap_is_004s() -> None:
    # 000's FAQ puts in the exact natural card the joker stands for; only 004 lets any card in
    classic = joker_swap_rule(get_ruleset("classic"))
    assert classic.startswith("004 (exchanging a joker): ") and "000 (FAQ)" not in classic
    assert joker_swap_rule(get_ruleset("kroot")).startswith("003 ")


def test_kroot_one_against_one_lays_off_by_003() -> None:
    assert lay_off_rule(get_ruleset("kroot"), 2).startswith("003 (laying off): ")
    assert lay_off_rule(get_ruleset("kroot"), 4).startswith("003 ")
    assert lay_off_rule(get_ruleset("eram"), 4).startswith("002 ")


def test_an_option_is_cited_as_one() -> None:
    rules = get_ruleset("jawaker", {"joker_swap": "valid_result"})
    assert "set by this log's options" in joker_swap_rule(rules)
    assert "set by this log's options" in lay_off_rule(get_ruleset("classic", {"partner_melds": "never"}), 4)
    assert set(RULE_SENTENCES) == set(rule_lines(rules, 4))


# ------------------------------------------------------------------ the lessons
def _cited(text: str) -> list[str]:
    return re.findall(r"\[([^\]]*)\]", text)


@pytest.mark.parametrize("name", RULESETS)
def test_the_lessons_cite_the_rule_sets_own_sources(name: str) -> None:
    rules = get_ruleset(name)
    said: set[str] = set()
    for ex in islice(exercises(rules, list(KINDS), seed=3), 3 * len(KINDS)):
        said.update(_cited(ex.hint()))
        for answer in (ex.answer_text(), "none", "no", "0", "7H 8H 9H"):
            try:
                fb = ex.check(answer)
            except MalformedInputError:  # an answer of the wrong form for this exercise
                continue
            said.update(r.source for r in fb.reasons if r.source)
    assert len(said) >= 5, said
    wrong = {s: foreign(s, name) for s in said if foreign(s, name)}
    assert not wrong


def test_a_kroot_hands_score_cites_003_only() -> None:
    from banakil_replay.learn.score_exercises import score_sources
    from banakil_replay.learn.sentences import card_values, hand_score, match_end, wild_movement

    kroot = get_ruleset("kroot")
    hand = HandInput.from_values(4, went_out=0, seats=[(20.0, 0.0), (0.0, 5.0, False), (5.0, 3.0), (0.0, 4.0)],
                                 all_at_once=True)
    assert sources_named(score_sources(kroot, hand)) == {"003"}
    for sentence in (hand_score(kroot, 4), match_end(kroot, 4), wild_movement(kroot)):
        assert sources_named(sentence.source) == {"003"}, sentence
    assert "the project's choice" in card_values(kroot).source


# ------------------------------------------------------------------ the rulebook
@pytest.mark.parametrize("name", RULESETS)
def test_every_rule_is_cited_from_the_rule_sets_own_sources(name: str) -> None:
    rules = get_ruleset(name)
    assert set(RULE_TOPICS) == set(Rule)
    for rule in Rule:
        text = cite(rules, rule)
        assert ": " not in text and not foreign(text, name), (rule, text)


def test_no_rule_claims_a_source_that_does_not_say_it() -> None:
    # 003 is silent about a 2 in a set (its wilds "stand in for any card"), and about a set's size
    assert "003" not in Rule.NO_TWO_IN_A_SET.source and "003" not in Rule.SET_SIZE.source
    kroot = cite(get_ruleset("kroot"), Rule.NO_TWO_IN_A_SET)
    assert kroot.startswith("003 names no rule") and "the classic rule" in kroot
    assert "002" in Rule.NO_TWO_IN_A_SET.source  # 002: no banakla in sets
    # the general source of a rule names what some rule set cites for it, and every source that a rule set
    # the rule is in force under cites as saying it
    for rule in Rule:
        in_force = [r for r in RULESETS.values() if IN_FORCE.get(rule, lambda r: True)(r)]
        cites = [cite(r, rule) for r in in_force]
        claimed = set().union(*(sources_named(c) for c in cites if not any(why in c for why in SAYS_WHY)))
        everything = set().union(*(sources_named(cite(r, rule)) for r in RULESETS.values()))
        assert claimed <= sources_named(rule.source) <= everything, (rule, claimed, rule.source)


# the rules only some rule sets enforce (the others never refuse a move by them)
IN_FORCE = {
    Rule.NO_THROWING_BACK_LONE_TOP: lambda r: r.discard_limit == "lone_top_card",
    Rule.NO_DISCARDING_TAKEN: lambda r: r.discard_limit == "any_taken",
    Rule.GO_OUT_WITH_DISCARD: lambda r: not r.go_out_without_discard,
    Rule.RESHUFFLE: lambda r: r.empty_stock == "reshuffle_then_scored",
    Rule.OWN_MELDS_ONLY: lambda r: r.partner_melds == "never",
    Rule.PARTNER_AFTER_OWN_MELD: lambda r: r.partner_melds == "after_own_meld",
    Rule.ACE_HIGH_ONLY: lambda r: not r.ace_low,
}


# ------------------------------------------------------------------ the rule sets table
def test_each_row_of_the_rules_table_cites_every_source_its_values_come_from() -> None:
    rows = {row["knob"]: row for row in differences()}
    for knob, row in rows.items():
        named = sources_named(row["source"])
        for name in RULESETS:
            assert sources_named(cite(get_ruleset(name), knob)) <= named, (knob, name, row["source"])
    assert {"000", "002", "003", "004"} <= sources_named(rows["targets"]["source"])
    assert "Jawaker" in rows["targets"]["source"] and "Jawaker" in rows["player_counts"]["source"]
    assert {"002", "003"} <= sources_named(rows["player_counts"]["source"])
    assert "002" in rows["max_run_length"]["source"]
