"""The event classes are the one definition of the log format: the schema and the decoder come from them."""

from __future__ import annotations

import importlib.util
import itertools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from banakil_replay import events
from banakil_replay.cards import Card, parse_card
from banakil_replay.errors import MalformedInputError
from banakil_replay.events import EventError, event_to_json, parse_event

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "banakil_replay" / "event-log-v1.schema.json"
LOGS = sorted((ROOT / "sample_games").rglob("*.jsonl"))


def test_shipped_schema_is_the_generated_one() -> None:
    assert SHIPPED.read_text(encoding="utf-8") == events.schema_text(), \
        "the shipped schema is stale: run PYTHONPATH=. python3 tools/make_schema.py"


def test_the_tool_writes_the_generated_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("make_schema", ROOT / "tools" / "make_schema.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(tool, "SCHEMA", tmp_path / "schema.json")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    tool.main()
    assert (tmp_path / "schema.json").read_text(encoding="utf-8") == SHIPPED.read_text(encoding="utf-8")


def test_schema_describes_every_event_class() -> None:
    schema = events.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert sorted(schema["$defs"]) == sorted(cls.__name__ for cls in events.EVENT_CLASSES)
    assert schema["discriminator"]["mapping"].keys() == set(events.EVENT_TYPES)
    for cls in events.EVENT_CLASSES:
        fields = schema["$defs"][cls.__name__]["properties"]
        assert set(fields) == {"type", *cls.__struct_fields__}


def test_every_sample_line_is_valid_to_the_schema_and_the_decoder() -> None:
    validator = jsonschema.Draft202012Validator(events.json_schema())
    checked = 0
    for log in LOGS:
        if log.parent.name == "broken":
            continue
        for i, line in enumerate(log.read_text(encoding="utf-8").splitlines()):
            obj = json.loads(line)
            validator.validate(obj)
            typed = parse_event(obj, i)
            assert events.decode_json(line.encode()) == typed
            assert parse_event(event_to_json(typed), i) == typed
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("obj", [
    {"seq": 2, "type": "drew", "seat": "0"},
    {"seq": 2, "type": "drew", "seat": -1},
    {"seq": 2, "type": "drew", "seat": 0, "card": "ZZ"},
    {"seq": 2, "type": "melded", "seat": 0, "cards": ["7H"] * 107},
    {"seq": 2, "type": "took", "seat": 0, "count": 0},
    {"seq": 2, "type": "hand_scored", "scores": []},
    {"seq": 2, "type": "hand_scored", "scores": [1e7]},
    {"seq": 2, "type": "annotated", "at": 0, "text": "x" * (events.MAX_ANNOTATION + 1)},
    {"seq": 0, "type": "match_started", "format": "banakil-replay/1", "players": ["a"]},
    {"seq": 0, "type": "match_started", "format": "banakil-replay/1", "players": ["a", "b"], "options": []},
])
def test_schema_and_decoder_refuse_the_same_objects(obj: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(events.json_schema())
    assert not validator.is_valid(obj)
    with pytest.raises(EventError):
        parse_event(obj)


@pytest.mark.parametrize("obj, says", [
    ({"seq": 3, "type": "drew", "seat": "0"}, 'field `seat` must be a whole number, got the string "0"'),
    ({"seq": 3, "type": "drew", "seat": None}, "field `seat` must be a whole number, got null"),
    ({"seq": 3, "type": "drew", "seat": -1}, "field `seat` must be a whole number of at least 0, got -1"),
    ({"seq": 3, "type": "drew"}, "required field `seat` is missing (the seat that drew)"),
    ({"seq": 3, "type": "melded", "seat": 0, "cards": ["7H", "ZZ", "9H"]}, "field `cards[1]`: unknown card code 'ZZ'"),
    ({"seq": 3, "type": "melded", "seat": 0, "cards": ["7H", None]}, "field `cards[1]` must be a card code"),
    ({"seq": 3, "type": "hand_started", "hand": 1, "dealer": 0, "hands": [["7H"], ["8H", 5]]},
     "field `hands[1][1]` must be a card code such as 7H, 10S, 2C or JK, got 5"),
    ({"seq": 3, "type": "laid_off", "seat": 0, "meld": 0, "cards": ["7H"]}, "field `meld` must be a whole number of at least 1"),
    ({"seq": 3, "type": "annotated", "at": 1}, "required field `text` is missing"),
    ({"seq": 3, "type": "hand_scored", "scores": [1, True]}, "field `scores[1]` must be a number, got true"),
    ({"seq": 3, "type": "hand_scored", "scores": []}, "field `scores` must be an array with at least 1 item, got an array of 0 items"),
    ({"seq": 0, "type": "match_started", "format": "banakil-replay/1", "players": ["a"]},
     "field `players` must be an array with at least 2 items, got an array of 1 item"),
    ({"seq": 0, "type": "match_started", "players": ["a", "b"]}, "required field `format` is missing"),
])
def test_decoder_errors_name_the_field_what_it_takes_and_what_it_holds(obj: dict[str, Any], says: str) -> None:
    with pytest.raises(EventError) as info:
        parse_event(obj)
    message = str(info.value)
    assert message.startswith(f"seq {obj['seq']}: {obj['type']}: {says}")
    assert info.value.seq == obj["seq"]
    assert not re.search(r"NoneType|Expected `|\$\.| - at ", message), "msgspec's or Python's words leaked"


def test_decoder_errors_name_the_rule_of_the_format_they_break() -> None:
    cases = [({"seq": 3, "type": "drew", "seat": "0"}, "event-fields"), ({"seq": 3, "type": "passed"}, "event-types"),
             ({"seq": 0, "type": "match_started", "format": "banakil-replay/9", "players": ["a", "b"]}, "format-version")]
    for obj, rule in cases:
        with pytest.raises(EventError) as info:
            parse_event(obj)
        assert info.value.rule.id == rule
    with pytest.raises(EventError) as info:
        parse_event({"seq": 5, "type": "drew", "seat": 0}, 4)
    assert info.value.rule.id == "contiguous-seq"


def test_card_errors_keep_what_is_wrong_with_the_code() -> None:
    with pytest.raises(EventError, match=r"field `card`: unknown card code 'ZZ': suit 'Z' is not one of"):
        parse_event({"seq": 3, "type": "discarded", "seat": 0, "card": "ZZ"})


def test_format_and_type_errors_keep_their_words() -> None:
    with pytest.raises(EventError, match="major version 9.*upgrade banakil-replay"):
        parse_event({"seq": 0, "type": "match_started", "format": "banakil-replay/9", "players": []})
    with pytest.raises(EventError, match="unknown event type 'passed'; known: match_started"):
        parse_event({"seq": 2, "type": "passed"})
    with pytest.raises(EventError, match="without gaps: expected 4, got 5"):
        parse_event({"seq": 5, "type": "drew", "seat": 0}, 4)


def _card_corpus() -> list[str]:
    ranks = ["2", "3", "9", "10", "T", "t", "J", "q", "K", "a", "1", "11", "0", "B", ""]
    suits = ["H", "s", "♥", "♠", "♧", "♢", "X", "", "HH"]
    codes = [r + s for r, s in itertools.product(ranks, suits)]
    codes += ["JK", "jk", "Jk", "JOKER", "joker", "🃏", "★", "J", "K", "JKR", "☆"]
    return codes + [f" {c}" for c in codes[::7]] + [f"{c}\t" for c in codes[::5]] + ["", " ", "7 H"]


def test_the_card_pattern_accepts_what_parse_card_reads() -> None:
    pattern = re.compile(events.CARD_SCHEMA["pattern"])
    for code in _card_corpus():
        try:
            parse_card(code)
            reads = True
        except MalformedInputError:
            reads = False
        assert (pattern.search(code) is not None) == reads, code


def test_events_are_frozen_and_typed() -> None:
    event = parse_event({"seq": 4, "type": "melded", "seat": 1, "cards": ["7h", "8H", "9♥"]})
    assert type(event) is events.Melded and event.type == "melded"
    assert event.cards == (Card(7, "H"), Card(8, "H"), Card(9, "H")) and event.arrangement is None
    with pytest.raises(AttributeError):
        event.seat = 2  # type: ignore[misc]
    assert event_to_json(event) == {"seq": 4, "type": "melded", "seat": 1, "cards": ["7H", "8H", "9H"]}
    assert events.Melded(4, 1, event.cards) == event  # positional, in field order, as before
