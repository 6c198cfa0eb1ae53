"""Rule set presets: documented knobs, lookups, overrides."""

from __future__ import annotations

import dataclasses

import pytest

from banakil_replay.errors import MalformedInputError, UnknownRulesetError
from banakil_replay.rules import RULESETS, Ruleset, differences, get_ruleset


def test_presets_registered() -> None:
    assert set(RULESETS) == {"classic", "classic-sum", "jawaker", "eram", "kroot"}


def test_every_knob_documented_with_source() -> None:
    for f in Ruleset.knobs():
        assert f.metadata.get("doc"), f.name
        assert f.metadata.get("source"), f.name


def test_presets_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_ruleset("classic").ace_value = 1  # type: ignore[misc]


@pytest.mark.parametrize("name, ace, target", [("classic", 1.5, 303), ("jawaker", 1.0, 222),
                                               ("eram", 1.0, 202), ("kroot", 1.0, 222)])
def test_preset_facts(name: str, ace: float, target: int) -> None:
    r = get_ruleset(name)
    assert r.ace_value == ace and r.target(4) == target


def test_lookup_errors() -> None:
    with pytest.raises(UnknownRulesetError, match="'bogus'"):
        get_ruleset("bogus")
    with pytest.raises(MalformedInputError, match="unknown rule option 'colour'"):
        get_ruleset("classic", {"colour": 1})
    with pytest.raises(MalformedInputError, match="'ace_value' = 'high' is not allowed: it takes a number from 0 to 10"):
        get_ruleset("classic", {"ace_value": "high"})
    with pytest.raises(MalformedInputError, match="played by 4 players"):
        get_ruleset("eram").target(2)


def test_overrides_and_differences() -> None:
    r = get_ruleset("JAWAKER", {"cold_hand_values": [51, 102]})
    assert r.cold_hand_values == (51, 102) and r.name == "jawaker"
    knobs = {row["knob"] for row in differences()}
    assert {"ace_value", "opening", "team_scoring", "two_movement", "rounding"} <= knobs
    assert "going_out_bonus" not in knobs


def test_readme_rule_table_is_current() -> None:
    from pathlib import Path

    from banakil_replay.rules import differences_markdown

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert differences_markdown() in readme
