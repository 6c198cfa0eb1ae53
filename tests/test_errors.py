"""The error kinds: few, each raised, none of two kinds, each with its parts, one way to word them."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from banakil_replay import errors, replay
from banakil_replay.errors import (
    BanakilError, IllegalMoveError, MalformedEventError, MalformedInputError, ReplayError, render,
)
from banakil_replay.rulebook import Rule
from banakil_replay.cli.play import refusal

PACKAGE = Path(__file__).resolve().parent.parent / "banakil_replay"
SOURCE = {p: p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def _all_error_classes() -> list[type[BanakilError]]:
    for path in SOURCE:
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name.endswith("__main__"):
            continue
        try:
            importlib.import_module(name)
        except ImportError:  # an optional dependency (the widgets) missing: its errors are listed in errors.py
            continue

    def below(cls: type[BanakilError]) -> list[type[BanakilError]]:
        return [cls] + [c for sub in cls.__subclasses__() for c in below(sub)]

    return [c for c in below(BanakilError) if c.__module__.startswith("banakil_replay")]


@pytest.mark.parametrize("name", [n for n, c in vars(errors).items()
                                  if inspect.isclass(c) and issubclass(c, BanakilError) and c is not BanakilError])
def test_every_error_kind_is_raised(name: str) -> None:
    made = re.compile(rf"\b{name}\(|\.no\(" if name == "IllegalMoveError" else rf"\b{name}\(")
    raised = [p for p, text in SOURCE.items() if p.name != "errors.py" and made.search(text)]
    assert raised, f"{name} is never raised: raise it where it fits, or remove it"


def test_no_error_is_of_two_kinds() -> None:
    classes = _all_error_classes()
    assert MalformedEventError in classes and len(classes) > 10
    both = [c.__name__ for c in classes if issubclass(c, MalformedInputError) and issubclass(c, IllegalMoveError)]
    assert not both, f"{both} are bad input and an illegal move at once: callers would have to catch in a set order"


def test_an_error_keeps_its_parts_and_one_renderer_words_them() -> None:
    events = [{"seq": 0, "type": "match_started", "format": "banakil-replay/1", "rules": "classic",
               "players": ["Dana", "Ravi"]}, {"seq": 1, "type": "match_banked"}]
    with pytest.raises(ReplayError) as info:
        replay(events)
    err = info.value
    why = "no side has won yet: the match is banked once a target is reached and the winner is clear"
    assert (err.seq, err.event_type, err.rule, err.reason) == (1, "match_banked", Rule.MATCH_END, why)
    assert err.source and str(err) == render(err) == f"seq 1: match_banked: {why} [{Rule.MATCH_END.title}: {err.source}]"
    assert render(err, seq=False) == str(err).removeprefix("seq 1: ")
    assert refusal(err) == f"{why} [{Rule.MATCH_END.title} (rule {err.rule_id}): {err.source}]"
    plain = MalformedInputError("'7X' is not a card")
    assert render(plain) == refusal(plain) == str(plain) == plain.reason and plain.seq is None
    assert render(plain, place=True) == plain.reason  # an error that knows no place in a file adds none


def test_a_read_error_is_rendered_with_its_place_in_the_file_when_asked() -> None:
    from banakil_replay.log.store import LogReadError

    err = LogReadError("not JSON", path="g.jsonl", line=4, byte_offset=120, seq=3)
    assert render(err, seq=False, place=True) == "not JSON (line 4, byte 120)"
    assert render(err, seq=False) == "not JSON" and render(LogReadError("x", line=2), seq=False, place=True) == "x (line 2)"


def test_a_log_naming_unknown_rules_is_bad_input_located_at_its_seq() -> None:
    with pytest.raises(MalformedInputError) as info:
        replay([{"seq": 0, "type": "match_started", "format": "banakil-replay/1", "rules": "clasic",
                 "players": ["Dana", "Ravi"]}])
    err = info.value
    assert isinstance(err, MalformedEventError) and not isinstance(err, IllegalMoveError)
    assert err.seq == 0 and err.rule is Rule.RULE_SET and "unknown rule set 'clasic'" in err.reason
    assert str(err) == render(err) and str(err).startswith("seq 0: match_started: unknown rule set")


def test_no_caller_takes_an_error_apart_by_its_text() -> None:
    split = re.compile(r"str\((e|err|error|exc)\)\.(split|partition|rsplit)\(")
    found = [p.name for p, text in SOURCE.items() if split.search(text)]
    assert not found, f"use the error's parts (reason, seq, rule) or errors.render, not its text: {found}"
