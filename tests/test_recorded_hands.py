"""hand_scored names the hand it records (format 1.1), so it cannot be taken for the score of a played hand.

A hand played in the log is scored by the reducer; an exporter that also writes its score as a
``hand_scored`` would count the hand twice. From format 1.1 a ``hand_scored`` names its hand, which
must be the next one; a log of 1.0 (``"banakil-replay/1"``) may leave the number out and still means
the next hand, so every log written before 1.1 replays as it did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.errors import MalformedEventError
from banakil_replay.events import FORMAT_LATEST, FORMAT_MINOR
from banakil_replay.log.load import load_replay
from banakil_replay.log.store import EventDecodeError
from banakil_replay.reducer import ReplayError, replay
from banakil_replay.rulebook import Rule

ROOT = Path(__file__).resolve().parents[1]
ANNOTATED = ROOT / "sample_games" / "classic_annotated.jsonl"  # format 1.0; seq 18 is a hand_scored
DANA = ROOT / "sample_games" / "classic_dana_ravi.jsonl"  # one played hand, out at seq 17


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def with_format(events: list[dict[str, Any]], version: str) -> list[dict[str, Any]]:
    return [dict(events[0], format=version)] + events[1:]


def refusal(events: list[dict[str, Any]]) -> ReplayError | MalformedEventError:
    with pytest.raises((ReplayError, MalformedEventError)) as info:
        replay(events)
    return info.value


def test_a_1_0_log_without_hand_numbers_replays_as_before() -> None:
    events = load(ANNOTATED)
    assert events[0]["format"] == "banakil-replay/1" and "hand" not in events[18]
    final = replay(events).final
    assert final.history == ((38, -11), (115, 20)) and final.totals == (153, 9) and final.banked


def test_from_1_1_hand_scored_names_the_next_hand() -> None:
    events = with_format(load(ANNOTATED), FORMAT_LATEST)
    err = refusal(events)
    assert (err.seq, err.rule) == (18, Rule.RECORDED_HAND) and "'hand' is missing" in str(err)
    events[18] = dict(events[18], hand=2)
    assert replay(events).final.totals == replay(load(ANNOTATED)).final.totals  # the same match either way


def test_a_played_hand_written_again_as_hand_scored_is_refused() -> None:
    # what an exporter that "records the score of the hand" writes: the reducer already scored hand 1
    events = with_format(load(DANA), FORMAT_LATEST)
    events.append({"seq": len(events), "type": "hand_scored", "hand": 1, "scores": [37, 3]})
    err = refusal(events)
    assert (err.seq, err.rule) == (18, Rule.RECORDED_HAND)
    assert "hand 1 is already in this log" in str(err) and "scored by the reducer" in str(err)
    assert "the next is hand 2" in str(err)


def test_a_hand_number_is_checked_in_a_1_0_log_too() -> None:
    events = load(ANNOTATED)
    events[18] = dict(events[18], hand=1)
    assert refusal(events).rule is Rule.RECORDED_HAND
    events[18] = dict(events[18], hand=3)
    err = refusal(events)
    assert err.rule is Rule.HANDS_IN_ORDER and "expected hand 2, got hand 3" in str(err)


def test_a_newer_minor_version_is_read_and_its_unknowns_say_so(tmp_path: Path) -> None:
    newer = f"banakil-replay/1.{FORMAT_MINOR + 1}"
    events = with_format(load(ANNOTATED), newer)
    events[18] = dict(events[18], hand=2, added_later="kept and ignored")  # unknown fields are ignored
    assert replay(events).final.totals == (153, 9)
    path = tmp_path / "newer.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events[:3] + [{"seq": 3, "type": "hand_foo"}]),
                    encoding="utf-8")
    with pytest.raises(EventDecodeError) as info:
        load_replay(path)
    assert info.value.rule is Rule.EVENT_TYPES and f"the log is format {newer}" in str(info.value)
    err = refusal([dict(events[0], rules="classic-2030")])
    assert err.seq == 0 and err.rule is Rule.RULE_SET and "a newer banakil-replay may know it" in str(err)
    assert "newer" not in str(refusal([dict(load(ANNOTATED)[0], rules="classic-2030")]))
