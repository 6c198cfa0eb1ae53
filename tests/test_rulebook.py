"""Every refusal names one rule of the rulebook, and the options list says which, with its source."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banakil_replay.errors import IllegalMoveError
from banakil_replay.play.moves import move_json
from banakil_replay.play.coach.options import options
from banakil_replay.reducer import ReplayError, replay
from banakil_replay.rulebook import Rule, by_id
from banakil_replay.log.store import read_events

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted((ROOT / "sample_games").glob("*.jsonl")) + sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))
BROKEN = sorted((ROOT / "sample_games" / "broken").glob("*.jsonl"))


def test_rules_have_distinct_ids_titles_and_sources() -> None:
    assert len({r.id for r in Rule}) == len({r.title for r in Rule}) == len(Rule)
    for r in Rule:
        assert r.source and r.summary.endswith(".") and by_id(r.id) is r


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_every_broken_sample_is_refused_by_a_named_rule(path: Path) -> None:
    try:
        replay(read_events(path))
    except ReplayError as e:
        assert isinstance(e.rule, Rule) and e.source, str(e)
        assert f"[{e.rule.title}: " in str(e)
    except IllegalMoveError as e:  # pragma: no cover - every replay refusal is located by seq
        pytest.fail(f"unlocated refusal: {e}")
    except Exception:  # noqa: BLE001  # unreadable lines are the reader's, not a rule's
        pass


def test_options_json_names_the_rule_of_every_option_and_refusal() -> None:
    seen_refusals = 0
    for path in GAMES:
        for state in replay(read_events(path)).states[::3]:
            data = options(state).to_json()
            for entry in data["options"] + data["not_allowed"]:
                rule = entry["rule"]
                assert set(rule) >= {"id", "source"} and rule["source"], entry
                by_id(rule["id"])
            seen_refusals += len(data["not_allowed"])
            json.dumps(data)  # the JSON boundary: plain values only
    assert seen_refusals > 20


def test_a_refusal_is_classified_by_its_rule_not_its_words() -> None:
    # the lone top card taken may not be discarded: the refusal says which rule, whatever its sentence
    events = [json.loads(line) for line in (ROOT / "sample_games" / "classic_dana_ravi.jsonl").open()]
    state = replay(events[:8]).final  # Ravi has discarded 6D; Dana to draw
    took = replay(events[:8] + [{"seq": 8, "type": "took", "seat": 0, "count": 1}]).final
    refused = [n for n in options(took).not_allowed if move_json(n.event).get("card") == "6D"]
    assert refused and refused[0].rule is Rule.NO_THROWING_BACK_LONE_TOP
    assert state.turn == 0


def test_every_rule_cites_its_sources_as_text() -> None:
    # a module constant named like a member (DEAL) once gave the opening rule a tuple for a source
    for rule in Rule:
        assert isinstance(rule.source, str) and rule.source and "(" not in rule.source[:1], rule
    assert "(the deal)" in Rule.OPENING.source
