"""docs/event-log.md is the specification: its generated parts are what tools/make_spec.py writes from the code.

The field tables come from the event classes (through the JSON Schema they generate), the rule
table from the rulebook, the knob tables from the rule sets, the chain example from the store's
own hash and the complete example from the conformance suite; the prose around them names rules
by id, and every id it names exists.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from banakil_replay.events import EVENT_CLASSES, EVENT_TYPES
from banakil_replay.log.store import verify_chain
from banakil_replay.rulebook import Rule, by_id

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "event-log.md"
TEXT = DOC.read_text(encoding="utf-8")


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_spec", ROOT / "tools" / "make_spec.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_document_is_what_the_tool_writes() -> None:
    assert tool().render(TEXT) == TEXT, "docs/event-log.md is stale: run PYTHONPATH=. python3 tools/make_spec.py"


def test_every_event_type_has_a_section_and_a_table_of_all_its_fields() -> None:
    for cls in EVENT_CLASSES:
        assert f"\n### {cls.type}\n" in TEXT, f"no section for {cls.type}"
        table = re.search(rf"<!-- BEGIN GENERATED fields:{cls.type} -->\n(.*?)<!-- END GENERATED -->", TEXT, re.S)
        assert table is not None
        listed = re.findall(r"^\| `(\w+)` \|", table.group(1), re.M)
        assert listed == list(cls.__struct_fields__[1:]), cls.type  # every field but seq, in order


def test_a_new_event_type_without_its_block_is_refused() -> None:
    make = tool()
    without = re.sub(r"<!-- BEGIN GENERATED fields:drew -->.*?<!-- END GENERATED -->\n", "", TEXT, flags=re.S)
    with pytest.raises(make.SpecError, match="fields:drew"):
        make.render(without)
    with pytest.raises(make.SpecError, match="unknown generated block"):
        make.render(TEXT + "<!-- BEGIN GENERATED mystery -->\n<!-- END GENERATED -->\n")


def test_every_rule_the_prose_names_exists_and_every_rule_is_listed() -> None:
    named = re.findall(r"rules? `([a-z][a-z0-9-]*)`", TEXT)
    assert len(named) > 60
    for rule_id in named:
        by_id(rule_id)  # KeyError: the document names a rule the rulebook does not have
    table = TEXT.split("<!-- BEGIN GENERATED rules -->")[1].split("<!-- END GENERATED -->")[0]
    assert [m for m in re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M)] == [r.id for r in Rule]


def test_the_chain_example_checks_out_with_the_reader() -> None:
    block = TEXT.split("<!-- BEGIN GENERATED chain-example -->")[1].split("<!-- END GENERATED -->")[0]
    lines = block.split("```json\n")[1].split("```")[0].splitlines()
    events = [json.loads(line) for line in lines]
    assert verify_chain(events) == events[-1]["chain"]
    for event in events:
        assert event["chain"] in block.split("As written")[0]  # the steps show the same hashes


def test_the_example_is_a_log_of_the_conformance_suite_and_names_every_event_type_section() -> None:
    block = TEXT.split("<!-- BEGIN GENERATED example -->")[1].split("<!-- END GENERATED -->")[0]
    log = (ROOT / "conformance" / "valid" / "classic-2p-match.jsonl").read_text(encoding="utf-8")
    assert log in block
    version = TEXT.split("<!-- BEGIN GENERATED version -->")[1].split("<!-- END GENERATED -->")[0]
    assert all(f"[`{t}`](#{t})" in version for t in EVENT_TYPES)
