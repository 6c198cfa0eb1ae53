"""Every sentence the engine says about the rules agrees with the rule set in force.

For each preset and a few variants, the rule lines of the options (``rule_text``),
every option's explanation and ranking reason in real play, and the review's
verdicts are searched for claims that the rule set contradicts: a flat score for
melding nothing, partners, reshuffle counts, how jokers are swapped, how a player
goes out, the discard limit, ace low, a joker's cost.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from typing import Any

import pytest

from banakil_replay.play.bots.selfplay import make_bots, play_match
from banakil_replay.cards import JOKER
from banakil_replay.play.coach.hints import first_meld_weight
from banakil_replay.play.coach.options import options
from banakil_replay.reducer import replay
from banakil_replay.play.moves import is_move
from banakil_replay.play.analysis.review import judge
from banakil_replay.play.rule_text import RULE_SENTENCES, never_melded_score, rule_lines, times
from banakil_replay.rules import RULESETS, Ruleset, get_ruleset

VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in RULESETS] + [
    ("classic", {"partner_melds": "never"}),
    ("classic", {"never_melded": -30}),
    ("classic", {"partner_melds": "always", "discard_limit": "any_taken", "ace_low": True}),
    ("eram", {"max_reshuffles": 1}),
    ("eram", {"max_reshuffles": 3, "never_melded": -25}),
    ("kroot", {"go_out_without_discard": True, "discard_limit": "none"}),
    ("jawaker", {"joker_swap": "valid_result"}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in VARIANTS]


def contradictions(text: str, rules: Ruleset, players: int) -> list[str]:
    """The claims in ``text`` that ``rules`` (at ``players`` players) contradicts."""
    wrong = []
    flat = never_melded_score(rules)
    for said in re.findall(r"flat (-?\d+(?:\.\d+)?) for melding nothing", text):
        if flat is None or float(said) != flat:
            wrong.append(f"a flat {said} for melding nothing, but the rules say {flat}")
    if "-20" in text and flat != -20:
        wrong.append("-20 named")
    if "partner" in text and (players != 4 or rules.partner_melds == "never"):
        wrong.append("a partner's melds named")
    if "once you have melded" in text and rules.partner_melds != "after_own_meld":
        wrong.append("partner melds only after one's own meld")
    for count in ("once", "twice", "3 times"):
        if f"{count} a hand at most" in text and times(rules.max_reshuffles) != count:
            wrong.append(f"reshuffled {count}")
    for shown in re.findall(r"reshuffle \d+ of (\d+)", text):
        if int(shown) != rules.max_reshuffles:
            wrong.append(f"reshuffle out of {shown}")
    if "the card a joker stands for may take its place" in text and rules.joker_swap != "exact_card":
        wrong.append("exact-card joker swap")
    if "if the meld stays valid" in text and rules.joker_swap != "valid_result":
        wrong.append("any valid joker swap")
    if "go out by discarding your last card" in text and rules.go_out_without_discard:
        wrong.append("a last discard required")
    if "with no discard" in text and not rules.go_out_without_discard:
        wrong.append("going out with no discard")
    if "A-2-3" in text and not rules.ace_low:
        wrong.append("ace low")
    if "lone card taken" in text and rules.discard_limit != "lone_top_card":
        wrong.append("lone-card discard limit")
    if "no card taken may be thrown back" in text and rules.discard_limit != "any_taken":
        wrong.append("any-taken discard limit")
    for cost in re.findall(r"costs (\d+(?:\.\d+)?) if you are caught", text):
        if float(cost) != rules.value(JOKER):
            wrong.append(f"a joker costing {cost}")
    return wrong


def test_the_checker_catches_classic_claims_under_other_rules() -> None:
    # the checker is only worth something if the sentences it guards would fail it elsewhere
    classic = rule_lines(get_ruleset("classic"), 4)
    kroot = get_ruleset("kroot", {"partner_melds": "never"})
    assert contradictions(classic["lay_off"], kroot, 4) and contradictions(classic["discard"], kroot, 4)
    assert contradictions("no more risk of the flat -20 for melding nothing", kroot, 4)
    assert contradictions(rule_lines(get_ruleset("eram"), 4)["reshuffle"], get_ruleset("eram", {"max_reshuffles": 1}), 4)


@pytest.mark.parametrize("name, opts", VARIANTS, ids=IDS)
def test_rule_lines_follow_the_rule_set(name: str, opts: dict[str, Any]) -> None:
    rules = get_ruleset(name, opts)
    for players in rules.player_counts:
        lines = rule_lines(rules, players)
        assert set(lines) == set(RULE_SENTENCES)
        for kind, line in lines.items():
            assert re.match(r"^\d{3}\b", line), f"{kind}: {line!r} names no source"
            assert not contradictions(line, rules, players), (kind, line, contradictions(line, rules, players))


def test_rule_lines_say_what_differs() -> None:
    eram, kroot, classic = get_ruleset("eram"), get_ruleset("kroot"), get_ruleset("classic")
    assert "twice" in rule_lines(eram, 4)["reshuffle"]
    assert "once" in rule_lines(get_ruleset("eram", {"max_reshuffles": 1}), 4)["reshuffle"]
    assert "partner" in rule_lines(classic, 4)["lay_off"] and "partner" not in rule_lines(classic, 2)["lay_off"]
    assert "your own melds only" in rule_lines(get_ruleset("classic", {"partner_melds": "never"}), 4)["lay_off"]
    assert "discarding your last card" in rule_lines(kroot, 4)["discard"]
    assert "stands for" in rule_lines(kroot, 4)["joker_swap"]


@pytest.mark.slow  # a match played and judged per variant: 13-39 s each on a busy machine, even sampled
@pytest.mark.parametrize("name, opts", VARIANTS, ids=IDS)
def test_what_the_options_and_hints_say_in_play_follows_the_rule_set(name: str, opts: dict[str, Any]) -> None:
    rules = get_ruleset(name, opts)
    players = max(rules.player_counts)
    log = play_match(name, players, make_bots("random", players, 4), seed=4, max_hands=1, overrides=opts)
    rp = replay(log)
    assert rp.final.rules == rules
    said = set()
    for state in rp.states[1:160]:
        for o in options(state).options:
            said.update((o.explain, o.rule_text, o.why_rank))
    # Judging a move plays rollouts (about 0.7 s each, 95% of this test): every 4th of the first 40
    # decisions still reaches each kind of verdict, at a quarter of the cost
    decisions = [i for i, e in enumerate(rp.events) if is_move(e)][:40:4]
    said.update(judge(rp, i, deals=2).why for i in decisions)
    assert len(said) > 40
    wrong = {t: contradictions(t, rules, players) for t in said if contradictions(t, rules, players)}
    assert not wrong


def test_first_meld_explanations_name_the_rule_sets_flat_score() -> None:
    path = files("banakil_replay").parent / "sample_games" / "classic_dana_ravi.jsonl"
    events = [json.loads(line) for line in open(path, encoding="utf-8")]

    def first_meld(overrides: dict[str, Any]) -> Any:
        log = [dict(events[0], options=overrides)] + events[1:3] if overrides else events[:3]
        return next(o for o in options(replay(log).final).options if o.kind == "meld")

    plain, harsher = first_meld({}), first_meld({"never_melded": -30})
    assert "flat -20 for melding nothing" in plain.explain and "flat -30" in harsher.explain
    assert "flat -30" in harsher.why_rank and "-20" not in harsher.explain + harsher.why_rank
    # the hint weight is half the flat score the first meld no longer risks
    assert harsher.score - plain.score == pytest.approx(5.0)
    kroot = get_ruleset("kroot")
    assert first_meld_weight(kroot) == 0 and never_melded_score(kroot) is None
    assert first_meld_weight(get_ruleset("classic")) == 10
