"""The rule sources' worked examples, recomputed by the engine (banakil_replay.examples).

Every example must match, except 004 example 4 (both scorings), which the
checker must flag as a source slip (rules digest, "Known conflicts and slips"
item 1) rather than pass or fail silently.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from banakil_replay.cards import full_deck, parse_cards
from banakil_replay.examples import ExampleResult, check_all, check_example, format_table, load_examples
from banakil_replay.melds import verify_meld
from banakil_replay.rules import SOURCE_FILES, get_ruleset

SLIPS = {"004-ex4-standard", "004-ex4-sum"}
RESULTS = {r.id: r for r in check_all()}


def example(ex_id: str) -> dict[str, Any]:
    return next(ex for ex in load_examples() if ex["id"] == ex_id)


# ------------------------------------------------------------------ coverage
def test_data_is_package_data() -> None:
    # Read the way an installed wheel would be: through importlib.resources.
    text = resources.files("banakil_replay.examples").joinpath("worked_examples.json").read_text("utf-8")
    assert len(json.loads(text)["examples"]) == len(load_examples())


def test_every_source_and_required_example_is_present() -> None:
    ids = {ex["id"] for ex in load_examples()}
    assert {ex["source"] for ex in load_examples()} == set(SOURCE_FILES.values())
    required = {"000-dana-ravi", "000-sheet-carry", "002-laid-14-held-3.5", "003-team-53",
                "004-jawaker-cold-101", "000-jawaker-cold-102"}
    required |= {f"004-ex{n}-standard" for n in range(1, 7)} | {f"004-ex{n}-sum" for n in (4, 5, 6)}
    assert required <= ids


def test_entries_have_the_documented_fields() -> None:
    for ex in load_examples():
        assert {"id", "source", "section", "case", "rules", "input", "stated"} <= ex.keys(), ex["id"]
        get_ruleset(ex["rules"], ex.get("options"))


# ------------------------------------------------------------------ verdicts
@pytest.mark.parametrize("ex_id", sorted(RESULTS))
def test_each_example_checks_out(ex_id: str) -> None:
    r = RESULTS[ex_id]
    if ex_id in SLIPS:
        assert r.verdict == "source slip", r.explanation
        assert "6.5" in r.explanation and "5.5" in r.explanation
        assert "East's in-hand value" in r.explanation
    else:
        assert r.verdict == "match", f"{r.stated} vs {r.computed}: {r.explanation}"
        assert r.stated == r.computed


def test_slip_examples_carry_a_known_slip_note() -> None:
    for ex_id in SLIPS:
        assert "item 1" in example(ex_id)["known_slip"]["note"]


def test_jawaker_cold_hand_conflict_is_shown_both_ways() -> None:
    # Digest item 2: the jawaker preset follows 004 (101); 000's 102 needs the option.
    assert example("004-jawaker-cold-101").get("options") is None
    assert RESULTS["004-jawaker-cold-101"].computed == "N-S 101, E-W 0"
    assert example("000-jawaker-cold-102")["options"] == {"cold_hand_values": [51, 102]}
    assert RESULTS["000-jawaker-cold-102"].computed == "N-S 102, E-W 0"


def test_wrong_stated_total_is_a_mismatch() -> None:
    ex = example("004-ex1-standard")
    ex["stated"]["sides[0]"] = 46  # the source says 45; 44.5 is pinned by the stated seat score
    r = check_example(ex)
    assert r.verdict == "mismatch"
    assert "stated 46, computed 45" in r.explanation


def test_corrupted_card_example_is_a_mismatch() -> None:
    # Card seats are pinned by their cards, so no numeric slip can explain this.
    ex = example("000-dana-ravi")
    ex["stated"]["sides[1]"] = 4
    assert check_example(ex).verdict == "mismatch"


def test_corrupted_variant_is_judged_with_its_sibling() -> None:
    # Raising S's meld to 30 would fix the sum variant alone, but not the standard scoring.
    ex = example("004-ex5-sum")
    ex["stated"]["sides[0]"] = 30
    assert check_example(ex).verdict == "mismatch"


def test_a_unique_input_slip_is_found_without_any_note() -> None:
    ex = example("004-ex1-standard")
    ex["input"]["seats"][0]["melded"] = 25.5
    r = check_example(ex)
    assert r.verdict == "source slip"
    assert r.explanation.startswith("A's melded value is given as 25.5, but every stated total fits 24.5")


def test_ambiguous_slip_without_a_note_is_a_mismatch() -> None:
    # East's meld of 15 would fit example 4 as well as a hand of 5.5; without the
    # digest's reading the checker must not pick one.
    exs = [ex for ex in load_examples() if ex.get("case_group") == "004-ex4"]
    for ex in exs:
        del ex["known_slip"]
    r = check_example(exs[0], pool=exs)
    assert r.verdict == "mismatch"
    assert "melded value 15" in r.explanation and "in-hand value 5.5" in r.explanation


def test_broken_deck_is_a_mismatch() -> None:
    ex = example("000-dana-ravi")
    ex["input"]["seats"][1]["in_hand_cards"][0] = "JK"
    ex["input"]["seats"][1]["in_hand_cards"][1] = "JK"
    ex["input"]["seats"][1]["melded_cards"].append("JK")
    r = check_example(ex)
    assert r.verdict == "mismatch" and "JK" in r.explanation


# ------------------------------------------------------------- Dana and Ravi
def test_dana_ravi_cards_respect_the_deck() -> None:
    seats = example("000-dana-ravi")["input"]["seats"]
    used: Counter[Any] = Counter()
    for s in seats:
        used.update(parse_cards(s["melded_cards"]) + parse_cards(s["in_hand_cards"]))
    assert max(used.values()) <= 2
    assert all(n <= full_deck()[c] for c, n in used.items())
    # Counts from the text: Dana 18 melded and none left; Ravi 10 melded, 8 held.
    assert [len(s["melded_cards"]) for s in seats] == [18, 10]
    assert [len(s["in_hand_cards"]) for s in seats] == [0, 8]


def test_dana_ravi_stated_parts_match_card_values_and_are_real_melds() -> None:
    ex = example("000-dana-ravi")
    rules = get_ruleset("classic")
    parts = {p["label"]: p for p in ex["stated_parts"]}
    expected = {"Dana's hearts run": 5, "Dana's spades run": 5.5, "Dana's aces": 4.5, "Dana's threes": 1.5,
                "Ravi's clubs run": 6, "Ravi's aces": 4.5, "Ravi's melds in all": 10.5, "Ravi's hand": 7.5}
    assert {k: p["value"] for k, p in parts.items()} == expected
    for label, part in parts.items():
        cards = parse_cards(part["cards"])
        assert sum(rules.value(c) for c in cards) == part["value"], label
        pile = Counter(parse_cards(ex["input"]["seats"][part["seat"]][f"{part['pile']}_cards"]))
        assert not Counter(cards) - pile, label
        if label.endswith(("run", "aces", "threes")):
            verify_meld(cards, rules)  # raises with the reason if the suits chosen break a meld
    # The four Dana groups are exactly her melds.
    dana = Counter(parse_cards(ex["input"]["seats"][0]["melded_cards"]))
    groups = sum((Counter(parse_cards(p["cards"])) for k, p in parts.items() if k.startswith("Dana")), Counter())
    assert groups == dana


# ------------------------------------------------------------------- output
def test_result_is_frozen_and_serialises() -> None:
    r = RESULTS["004-ex4-standard"]
    assert isinstance(r, ExampleResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.verdict = "match"  # type: ignore[misc]
    data = r.to_json()
    assert list(data) == ["id", "source", "case", "stated", "computed", "verdict", "explanation"]
    assert data["stated"] == "N-S -13, E-W 47 (North 15, East 8.5, South -20)"
    assert data["computed"] == "N-S -12, E-W 47 (North 15, East 7.5, South -20)"
    json.dumps(data)


def test_format_table_lists_every_result() -> None:
    results = check_all()
    table = format_table(results).splitlines()
    assert table[0].startswith(f"{len(results)} worked examples: ")
    assert max(map(len, table)) <= 100  # readable in a terminal of 100 columns
    assert sum(line.startswith(("MATCH  ", "SOURCE SLIP  ", "MISMATCH  ")) for line in table) == len(results)
    assert sum(line.startswith("SOURCE SLIP  ") for line in table) == 2
    # each slip is printed with its explanation, as the README promises
    text = "\n".join(table)
    for r in results:
        if r.verdict == "source slip":
            assert " ".join(r.explanation.split()[:8]) in " ".join(text.split())
