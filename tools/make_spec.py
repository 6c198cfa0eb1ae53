"""Write the generated parts of docs/event-log.md from the code that reads and checks logs.

    PYTHONPATH=. python3 tools/make_spec.py

The specification is prose written by hand around blocks that this tool fills in:

    <!-- BEGIN GENERATED fields:drew -->
    ...
    <!-- END GENERATED -->

``fields:<type>`` is the field table of one event type, read from the JSON Schema that
``banakil_replay/events.py`` generates (so from the event classes themselves); ``rules`` is the
rulebook (``banakil_replay/rulebook.py``) with a conformance case for each rule that has one;
``presets`` and ``knobs`` are the rule sets (``banakil_replay/rules.py``); ``chain-example``
is a chain computed by the store's own ``chain_hash``; ``example`` is a complete log of the
conformance suite with what it replays to; ``version`` states the format version. Every event
type must have its block. tests/test_spec_doc.py checks the document is what this writes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banakil_replay.events import EVENT_TYPES, FORMAT_LATEST, json_schema  # noqa: E402
from banakil_replay.log.store import canonical_json, chain_hash  # noqa: E402
from banakil_replay.rulebook import Rule  # noqa: E402
from banakil_replay.rules import RULESETS, Ruleset, differences_markdown, knob_accepts  # noqa: E402

DOC = ROOT / "docs" / "event-log.md"
SUITE = ROOT / "conformance"
EXAMPLE = "valid/classic-2p-match"
BLOCK = re.compile(r"(<!-- BEGIN GENERATED (?P<name>[\w:-]+) -->\n)(?P<body>.*?)(<!-- END GENERATED -->)", re.S)


class SpecError(ValueError):
    """The document's generated blocks do not match what the tool knows."""


# ------------------------------------------------------------------ field tables
def _kind(prop: dict[str, Any]) -> str:
    """A schema property in the words of the document ("whole number ≥ 1", "card code or null")."""
    if "anyOf" in prop:
        kinds = [_kind(p) for p in prop["anyOf"] if p.get("type") != "null"]
        return " or ".join(kinds) + " or null"
    if "enum" in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"])
    kind = prop.get("type")
    if kind == "string" and prop.get("description", "").startswith("a card code"):
        return "card code"
    if kind == "integer":
        lo, hi = prop.get("minimum"), prop.get("maximum")
        return "whole number" + (f" {lo}..{hi}" if lo is not None and hi is not None else
                                 f" ≥ {lo}" if lo is not None else "")
    if kind == "number":
        return f"number {_num(prop['minimum'])}..{_num(prop['maximum'])}" if "minimum" in prop else "number"
    if kind == "string":
        if "pattern" in prop:
            return f"string matching `{prop['pattern']}`"
        return "string" + (f" of at most {prop['maxLength']:,} characters" if "maxLength" in prop else "")
    if kind == "array":
        items = _kind(prop["items"])
        lo, hi = prop.get("minItems"), prop.get("maxItems")
        count = (f"{lo} to {hi} " if lo is not None and hi is not None else f"{lo} or more " if lo is not None
                 else f"at most {hi} " if hi is not None else "")
        return f"array of {count}{_plural(items)}"
    if kind == "object":
        return "object"
    raise SpecError(f"no words for the schema {prop!r}")


def _plural(kind: str) -> str:
    for word in ("card code", "whole number", "number", "string"):
        if kind.startswith(word):
            return word + "s" + kind[len(word):]
    if kind.startswith("array of"):
        return "arrays of" + kind[len("array of"):]
    return kind


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def field_table(event_type: str) -> str:
    schema = json_schema()
    defs = {d["properties"]["type"]["enum"][0]: d for d in schema["$defs"].values()}
    if event_type not in defs:
        raise SpecError(f"the document has a block for {event_type!r}, which is no event type")
    definition = defs[event_type]
    required = set(definition.get("required", ()))
    rows = []
    for name, prop in definition["properties"].items():
        if name in ("type", "seq"):
            continue
        default = f" (default `{json.dumps(prop['default'])}`)" if "default" in prop and prop["default"] is not None \
            else ""
        rows.append(f"| `{name}` | {'yes' if name in required else 'no' + default} | {_kind(prop)} | "
                    f"{prop.get('description', '')} |")
    head = f"`{{\"seq\": N, \"type\": \"{event_type}\"" + ("" if rows else "}`: no other fields.")
    if not rows:
        return head + "\n"
    return "\n".join([head + ", ...}`", "", "| field | required | value | meaning |", "|---|---|---|---|", *rows]) + "\n"


# ------------------------------------------------------------------ rules, rule sets
def rules_table() -> str:
    manifest = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))
    examples: dict[str, list[str]] = {}
    for case in manifest["invalid"]:
        examples.setdefault(case["rule"], []).append(Path(case["log"]).stem)
    rows = ["| id | rule | what it says | sources | example |", "|---|---|---|---|---|"]
    for rule in Rule:
        shown = ", ".join(f"`{name}`" for name in examples.get(rule.id, [])[:3]) or "-"
        rows.append(f"| `{rule.id}` | {rule.title} | {rule.summary} | {rule.source} | {shown} |")
    return "\n".join(rows) + "\n"


def presets_table() -> str:
    return differences_markdown() + "\n"


def knobs_table() -> str:
    accepts = knob_accepts()
    classic = RULESETS["classic"]
    rows = ["| knob | `options` may set it to | classic | meaning |", "|---|---|---|---|"]
    for field in Ruleset.knobs():
        meaning = str(field.metadata["doc"]).replace("|", "\\|")
        value = json.dumps(getattr(classic, field.name))  # as options writes it: tuples are arrays
        rows.append(f"| `{field.name}` | {accepts[field.name].describe()} | `{value}` | {meaning} |")
    return "\n".join(rows) + "\n"


# ------------------------------------------------------------------ worked examples
CHAIN_EVENTS: list[dict[str, Any]] = [
    {"seq": 0, "type": "match_started", "format": FORMAT_LATEST, "rules": "classic", "players": ["Zoë", "Ravi"]},
    {"seq": 1, "type": "annotated", "at": 0, "text": "Table 3, \"club night\"", "author": "host"},
]


def chain_example() -> str:
    steps, lines = [], []
    previous = ""
    for event in CHAIN_EVENTS:
        head = chain_hash(previous, event)
        steps += [f"- event {event['seq']}, previous = " + ("`\"\"` (the first chained event)" if not previous
                                                           else f"the chain of event {event['seq'] - 1}"),
                  f"  - canonical: `{canonical_json(event)}`",
                  f"  - chain = SHA-256 of previous + canonical: `{head}`"]
        lines.append(json.dumps({**event, "chain": head}, ensure_ascii=False, separators=(",", ":")))
        previous = head
    return "\n".join(steps) + "\n\nAs written in the log:\n\n```json\n" + "\n".join(lines) + "\n```\n"


def example() -> str:
    log = (SUITE / f"{EXAMPLE}.jsonl").read_text(encoding="utf-8")
    expected = json.loads((SUITE / f"{EXAMPLE}.expected.json").read_text(encoding="utf-8"))
    return ("```json\n" + log + "```\n\nIt replays to (`banakil-replay replay --json`):\n\n```json\n"
            + json.dumps(expected, ensure_ascii=False) + "\n```\n")


def version() -> str:
    return (f"This is format **`{FORMAT_LATEST}`**. Event types: "
            + ", ".join(f"[`{t}`](#{t})" for t in EVENT_TYPES) + ".\n")


# ------------------------------------------------------------------ the document
FIXED: dict[str, Callable[[], str]] = {
    "version": version, "rules": rules_table, "presets": presets_table, "knobs": knobs_table,
    "chain-example": chain_example, "example": example,
}


def block(name: str) -> str:
    if name.startswith("fields:"):
        return field_table(name.removeprefix("fields:"))
    if name not in FIXED:
        raise SpecError(f"unknown generated block {name!r}")
    return FIXED[name]()


def render(text: str) -> str:
    """``text`` with every generated block rewritten; every event type and fixed block must be there."""
    found = [m["name"] for m in BLOCK.finditer(text)]
    missing = [f"fields:{t}" for t in EVENT_TYPES if f"fields:{t}" not in found] + [n for n in FIXED if n not in found]
    if missing:
        raise SpecError(f"docs/event-log.md has no block for {', '.join(missing)}: add "
                        f"'<!-- BEGIN GENERATED NAME -->' / '<!-- END GENERATED -->' where each belongs")
    twice = sorted({n for n in found if found.count(n) > 1})
    if twice:
        raise SpecError(f"docs/event-log.md has more than one block {', '.join(twice)}")
    return BLOCK.sub(lambda m: m.group(1) + block(m["name"]) + m.group(4), text)


def main() -> None:
    DOC.write_text(render(DOC.read_text(encoding="utf-8")), encoding="utf-8", newline="\n")
    print(f"wrote the generated parts of {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
