"""Rule overrides are checked against what each knob accepts, and the rules found in the sources
that the engine models as knobs: the deal passing round the table, and the no-turn variant."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.accepts import Choice, DistinctInts, Flag, Number, Pair, PairsByKey, Text
from banakil_replay.cards import full_deck, parse_cards
from banakil_replay.errors import MalformedInputError
from banakil_replay.reducer import MalformedEventError, ReplayError, replay
from banakil_replay.rulebook import Rule
from banakil_replay.rules import RULESETS, Ruleset, get_ruleset, knob_accepts
from banakil_replay.scoring import HandInput, score_hand

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "sample_games").glob("*.jsonl")) + sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))

HOSTILE: list[Any] = [None, True, False, "x", "", -1, 0, 0.5, 7, 10**400, -(10**400), 1e308, float("nan"),
                      float("inf"), [], [1], [2, 4], [51, 102], [[2, 150]], [[2, "x"]], [[5, 100]], {"a": 1},
                      "side_total", "free", "A" * 10_000, [[2, 150], [2, 160]], [3, 3], [[2, 1.5]]]


def _kind(x: Any) -> str:
    if isinstance(x, bool):
        return "bool"
    return "number" if isinstance(x, (int, float)) else type(x).__name__


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_knob_declares_what_it_accepts_and_presets_fit_it() -> None:
    accepts = knob_accepts()
    assert set(accepts) == {f.name for f in Ruleset.knobs()} | {"title"}
    for preset in RULESETS.values():
        for name, spec in accepts.items():
            value = getattr(preset, name)
            as_json = json.loads(json.dumps(value))  # what a log would hold
            assert spec.parse(as_json) == value, (preset.name, name)


@pytest.mark.parametrize("knob", sorted(knob_accepts()))
def test_every_hostile_value_is_refused_by_name_or_accepted_as_its_own_type(knob: str) -> None:
    default = getattr(get_ruleset("classic"), knob)
    for value in HOSTILE:
        try:
            r = get_ruleset("classic", {knob: value})
        except MalformedInputError as e:
            text = str(e)
            assert f"'{knob}'" in text and "it takes" in text or "no target" in text, text
            assert len(text) < 600  # a megabyte value is not echoed back whole
            continue
        got = getattr(r, knob)
        # accepted: it is of the knob's own kind, never a silent reinterpretation
        assert _kind(got) == _kind(default) or None in (default, got), (knob, value, got)


@pytest.mark.parametrize("options, phrase", [
    ({"rounding": "nearest"}, "'rounding' = 'nearest' is not allowed: it takes one of 'side_total', 'per_player', 'none'"),
    ({"rounding": 5}, "'rounding' = 5 is not allowed"),
    ({"ace_value": -1}, "'ace_value' = -1 is not allowed: it takes a number from 0 to 10"),
    ({"max_reshuffles": -1}, "'max_reshuffles' = -1 is not allowed: it takes a whole number from 0 to 10"),
    ({"max_reshuffles": 1.5}, "'max_reshuffles' = 1.5 is not allowed"),
    ({"targets": [[2, 10**5000]]}, "'targets' = a value too long to show is not allowed"),
    ({"cold_hand_values": [51]}, "'cold_hand_values' = [51] is not allowed: it takes a list of two numbers"),
    ({"player_counts": [3]}, "'targets' has no target for"),  # on eram, whose targets name only 4 players
    ({"player_counts": [2, 5]}, "'player_counts' = [2, 5] is not allowed"),
    ({"colour": 1}, "unknown rule option 'colour'; known: ace_low"),
    ({"name": "kroot"}, "unknown rule option 'name'"),
])
def test_named_refusals(options: dict[str, Any], phrase: str) -> None:
    base = "eram" if "player_counts" in options and options["player_counts"] == [3] else "classic"
    with pytest.raises(MalformedInputError) as info:
        get_ruleset(base, options)
    assert phrase in str(info.value)


def test_accepted_values_are_normalised() -> None:
    r = get_ruleset("classic", {"targets": [[4, 250], [2, 100], [3, 200]], "player_counts": [4, 2, 3],
                                "max_reshuffles": 2.0, "cold_hand_values": [51, 101.5]})
    assert r.targets == ((2, 100), (3, 200), (4, 250)) and r.player_counts == (2, 3, 4)
    assert r.max_reshuffles == 2 and isinstance(r.max_reshuffles, int)
    assert r.cold_hand_values == (51.0, 101.5)


def _random_value(spec: Any, rng: random.Random) -> Any:
    if isinstance(spec, Flag):
        return rng.random() < 0.5
    if isinstance(spec, Choice):
        return rng.choice(spec.names)
    if isinstance(spec, Number):
        if spec.optional and rng.random() < 0.3:
            return None
        x = rng.uniform(spec.lo, spec.hi) if rng.random() < 0.5 else rng.choice([spec.lo, spec.hi])
        return round(x) if spec.integer else round(x * 2) / 2
    if isinstance(spec, Pair):
        return [_random_value(spec.item, rng), _random_value(spec.item, rng)]
    if isinstance(spec, DistinctInts):
        return rng.sample(range(spec.lo, spec.hi + 1), rng.randint(1, spec.hi - spec.lo + 1))
    if isinstance(spec, PairsByKey):
        return [[k, _random_value(spec.value, rng)] for k in (2, 3, 4)]
    if isinstance(spec, Text):
        return "t" * rng.randint(0, spec.max_length)
    raise AssertionError(spec)


def test_fuzz_accepted_overrides_never_crash_a_replay_or_a_score() -> None:
    """Any override a knob accepts either replays a sample game or is refused for a reason of its own.

    A refusal is a move the new rules forbid (a ReplayError citing its rule, past seq 0) or options
    that do not fit together (seq 0, the rule set's own rule); for scoring, only a rule set without
    a target for the table's size. The counts keep the fuzz honest: a change that refused every
    replay (or accepted every one) would pass the kinds alone.
    """
    rng = random.Random(20261130)
    accepts = knob_accepts()
    logs = [load(p) for p in SAMPLES]
    replayed = scored = 0
    for _ in range(150):
        events = rng.choice(logs)
        options = {k: _random_value(accepts[k], rng) for k in rng.sample(sorted(accepts), rng.randint(1, 6))}
        mutated = [dict(events[0], options={**events[0].get("options", {}), **options})] + events[1:]
        try:
            replay(mutated)
            replayed += 1
        except MalformedEventError as e:
            assert e.seq == 0 and e.rule is Rule.RULE_SET, (options, e)
        except ReplayError as e:
            assert e.seq is not None and e.seq > 0 and e.rule is not None, (options, e)
        try:
            rules = get_ruleset(events[0]["rules"], options)
            score_hand(rules, HandInput.from_values(max(rules.player_counts), went_out=0, all_at_once=True,
                                                    seats=[(10, 0)] + [(0, 5)] * (max(rules.player_counts) - 1)))
            scored += 1
        except MalformedInputError as e:
            assert "'targets' has no target for" in str(e), (options, e)
    # With this seed 95 of 150 replay and 146 score; the bounds leave room for rules that change.
    assert 60 <= replayed <= 140, replayed
    assert 130 <= scored < 150, scored


def _log_with_options(tmp_path: Path, options: Any) -> Path:
    events = load(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    events[0]["options"] = options
    path = tmp_path / "bad_options.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banakil_replay", *args], capture_output=True, text=True,
                          timeout=60)


def test_a_log_with_bad_options_is_invalid_at_seq_0_and_bad_input_elsewhere(tmp_path: Path) -> None:
    path = _log_with_options(tmp_path, {"rounding": "nearest"})
    with pytest.raises(MalformedEventError) as info:
        replay(load(path))
    assert info.value.seq == 0 and isinstance(info.value, MalformedInputError)
    v = _cli("validate", str(path))
    assert v.returncode == 1 and v.stdout.startswith(f"{path}: seq 0: ") and "'rounding' = 'nearest'" in v.stdout
    for command in ("replay", "options"):
        r = _cli(command, str(path))
        assert r.returncode == 2 and "'rounding' = 'nearest' is not allowed" in r.stderr, (command, r.stderr)
        assert "Traceback" not in r.stderr
    bad_type = _cli("validate", str(_log_with_options(tmp_path, {"targets": [[2, "x"]]})))
    assert bad_type.returncode == 1 and "'targets'" in bad_type.stdout


# ------------------------------------------------------------------ the deal passes round
def _two_hand_log(second_dealer: int, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    events = load(ROOT / "sample_games" / "selfplay" / "classic_2p.jsonl")
    if options:
        events[0]["options"] = options
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_started"]
    events = events[:starts[1] + 1]
    events[-1] = dict(events[-1], dealer=second_dealer)
    return events


def test_the_deal_passes_to_the_next_seat() -> None:
    events = _two_hand_log(second_dealer=1)  # hand 1 was dealt by seat 1: seat 0 deals next
    with pytest.raises(ReplayError) as info:
        replay(events)
    err = info.value
    # a classic log: the rule cited from 000, not the apps' pages
    assert err.seq == len(events) - 1 and err.rule is Rule.DEALER_ORDER and "000" in err.source and "002" not in err.source
    assert "seat 0 deals after seat 1" in str(err)
    assert replay(_two_hand_log(second_dealer=0)).final.dealer == 0
    assert replay(_two_hand_log(second_dealer=1, options={"dealer_order": "any"})).final.dealer == 1


def test_a_result_only_hand_passes_the_deal_too() -> None:
    # hand 1 dealt by seat 1, hand 2 recorded by its result (dealt by seat 0), so seat 1 deals hand 3
    events = _two_hand_log(second_dealer=1)
    second = events.pop()
    n = len(events)
    events.append({"seq": n, "type": "hand_scored", "scores": [0, 0]})
    third = dict(second, seq=n + 1, hand=3)
    assert replay(events + [third]).final.dealer == 1
    with pytest.raises(ReplayError, match="seat 1 deals after seat 0"):
        replay(events + [dict(third, dealer=0)])


# ------------------------------------------------------------------ zero for a player who never played
def _one_turn_dhamoon(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Seat 0 draws KD and lays 18 cards at once, discarding KD: seat 1 never has a turn."""
    hand0 = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3C 3D 3S AC AD AS".split())
    hand1 = parse_cards("5C 6C 7C 8C 9C 10C JC QC KC 4D 5D 6D 7D 8D 9D 10D JD QD".split())
    left = full_deck() - Counter(hand0) - Counter(hand1)
    (upcard,) = parse_cards(["4S"])
    left -= Counter([upcard])
    (top,) = parse_cards(["KD"])
    stock = [top] + sorted((left - Counter([top])).elements(), key=lambda c: c.code)
    return [
        {"seq": 0, "type": "match_started", "format": "banakil-replay/1", "rules": "classic",
         "players": ["A", "B"], "options": options},
        {"seq": 1, "type": "hand_started", "hand": 1, "dealer": 1, "hands": [[c.code for c in hand0],
         [c.code for c in hand1]], "upcard": upcard.code, "stock": [c.code for c in stock]},
        {"seq": 2, "type": "drew", "seat": 0},
        {"seq": 3, "type": "melded", "seat": 0, "cards": [c.code for c in hand0[:12]]},
        {"seq": 4, "type": "melded", "seat": 0, "cards": ["3C", "3D", "3S"]},
        {"seq": 5, "type": "melded", "seat": 0, "cards": ["AC", "AD", "AS"]},
        {"seq": 6, "type": "discarded", "seat": 0, "card": "KD"},
    ]


def test_no_turn_variant_scores_zero_instead_of_the_penalty() -> None:
    plain = replay(_one_turn_dhamoon({})).final
    variant = replay(_one_turn_dhamoon({"no_turn_scores_zero": True})).final
    assert plain.went_out == 0 and plain.hand_score is not None and variant.hand_score is not None
    assert plain.hand_score.seats == [40.0, -20.0]
    assert variant.hand_score.seats == [40.0, 0.0]
    assert any("never had a turn" in line for line in variant.hand_score.explain)
    assert plain.had_turn == (True, False)


def test_no_turn_variant_in_the_score_command_input() -> None:
    rules = get_ruleset("classic", {"no_turn_scores_zero": True})
    data = {"players": 2, "went_out": 0, "all_at_once": True,
            "seats": [{"melded": 30, "in_hand": 0}, {"melded": 0, "in_hand": 20, "had_turn": False}]}
    assert score_hand(rules, HandInput.from_json(data, rules)).seats == [40.0, 0.0]
    assert score_hand(get_ruleset("classic"), HandInput.from_json(data, rules)).seats == [40.0, -20.0]
    with pytest.raises(MalformedInputError, match=r"seats\[1\].had_turn must be true or false"):
        HandInput.from_json({**data, "seats": [data["seats"][0], {"melded": 0, "in_hand": 1, "had_turn": "no"}]},
                            rules)
    with pytest.raises(MalformedInputError, match=r"seats\[0\].melded must be a number from -1000 to 1000"):
        HandInput.from_json({**data, "seats": [{"melded": 10**400, "in_hand": 0}, data["seats"][1]]}, rules)
