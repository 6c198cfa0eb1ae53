"""Refusals a log writer can act on: the card, the missing event, the state of the hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cards import parse_card
from banakil_replay.errors import MalformedEventError
from banakil_replay.reducer import ReplayError, replay
from banakil_replay.rulebook import Rule
from random_play import random_game

ROOT = Path(__file__).resolve().parents[1]


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_wrong_stock_names_the_cards_missing_and_extra() -> None:
    events = load(ROOT / "sample_games" / "selfplay" / "classic_2p.jsonl")
    deal = dict(events[1])
    stock = list(deal["stock"])
    dropped = stock.pop(5)
    with pytest.raises(ReplayError, match=f"it lacks {parse_card(dropped).symbol}$|it lacks {parse_card(dropped).symbol} "):
        replay([events[0], dict(deal, stock=stock)])
    doubled = dict(deal, stock=stock + [stock[0], dropped])
    with pytest.raises(ReplayError, match="too many"):
        replay([events[0], doubled])


def test_an_empty_eram_stock_asks_for_a_reshuffle_first() -> None:
    log = random_game("eram", 4, seed=0)  # random play runs the stock out: a reshuffle follows
    i = next(i for i, e in enumerate(log) if e["type"] == "reshuffled")
    without = log[:i] + [dict(log[i + 1], seq=i)]
    with pytest.raises(ReplayError, match="a 'reshuffled' event comes before this draw") as info:
        replay(without)
    assert info.value.seq == i


def test_a_reshuffle_after_the_hand_ended_says_so() -> None:
    events = load(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    with pytest.raises(ReplayError, match="hand 1 has ended"):
        replay(events + [{"seq": len(events), "type": "reshuffled"}])


def test_replay_shows_the_notes_written_so_far(capsys: pytest.CaptureFixture[str]) -> None:
    from banakil_replay.cli.main import main

    path = str(ROOT / "sample_games" / "classic_annotated.jsonl")
    assert main(["replay", path, "--json", "--at", "8"]) == 0
    notes = json.loads(capsys.readouterr().out)["annotations"]
    assert [(n["seq"], n["at"], n["author"]) for n in notes] == [(2, 0, "host"), (8, 4, "Bilal")]
    assert "<script>" in notes[1]["text"]  # data, kept as typed; the viewers escape it
    assert main(["replay", path]) == 0
    text = capsys.readouterr().out
    assert "notes (6):" in text and "on event 20 by Bilal (seq 21)" in text


# ------------------------------------------------------------------ the deal cites the deal
def test_the_starter_drawing_on_the_first_turn_breaks_the_opening_rule() -> None:
    events = load(ROOT / "sample_games" / "jawaker_hand.jsonl")
    starter = (events[1]["dealer"] + 1) % 4
    err = _refused(events[:2] + [{"seq": 2, "type": "drew", "seat": starter, "card": "KD"}])
    # a Jawaker log: the opening cited as Jawaker's sources state it
    assert err.rule is Rule.OPENING and "004 (Jawaker 1)" in err.source and "002" not in err.source
    assert "does not draw on the first turn" in str(err)
    short = dict(events[1], hands=[h[:18] for h in events[1]["hands"]])
    err = _refused([events[0], short])
    assert err.rule is Rule.DEAL and f"seat {starter} was dealt 18 cards; expected 19 (the starter" in str(err)


def test_a_move_before_the_first_deal_says_no_hand_has_started() -> None:
    err = _refused(load(ROOT / "sample_games" / "jawaker_hand.jsonl")[:1] + [{"seq": 1, "type": "drew", "seat": 0}])
    assert err.rule is Rule.HAND_IN_PLAY and "no hand_started yet" in str(err)


def test_an_unknown_rule_set_is_refused_at_seq_0_with_its_rule(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    from banakil_replay.cli.main import main

    with pytest.raises(MalformedEventError) as info:  # bad input, located: not a move the rules forbid
        replay([{"seq": 0, "type": "match_started", "format": "banakil-replay/1", "rules": "poker",
                 "players": ["a", "b"]}])
    err = info.value
    assert (err.seq, err.rule) == (0, Rule.RULE_SET) and "unknown rule set 'poker'" in str(err)
    path = tmp_path / "poker.jsonl"
    path.write_text('{"seq":0,"type":"match_started","format":"banakil-replay/1","rules":"poker","players":["a","b"]}\n',
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}: seq 0: match_started: unknown rule set 'poker'")


# ------------------------------------------------------------------ every refusal of the reader names a rule
START = '{"seq":0,"type":"match_started","format":"banakil-replay/1","players":["a","b"]}'
NOTE = '{"seq":%d,"type":"annotated","at":0,"text":"x"}'


@pytest.mark.parametrize("lines, rule, seq", [
    ([START, NOTE % 1, NOTE % 3], "contiguous-seq", 2),
    ([START, "", NOTE % 1], "lines", 1),
    ([START, NOTE % 1, "{oops"], "lines", None),  # a torn tail: no line end, does not parse
    ([START, '{"seq":1,"type":"passed"}'], "event-types", 1),
    ([START, '{"seq":1,"type":"annotated","at":0}'], "event-fields", 1),
    ([START.replace("match_started", "annotated"), NOTE % 1], "log-starts", 0),
    ([START.replace("banakil-replay/1", "banakil-replay/x")], "format-version", 0),
    ([START.replace("banakil-replay/1", "banakil-replay/9")], "format-version", 0),
    ([START, NOTE % 1 + "\n" + (NOTE % 2)[:-1] + ',"chain":"' + "0" * 64 + '"}'], "chain", 2),
])
def test_every_reader_refusal_names_the_rule_of_the_format(tmp_path: Path, lines: list[str], rule: str,
                                                           seq: int | None) -> None:
    from banakil_replay.log.load import load_replay
    from banakil_replay.log.store import LogReadError

    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + ("" if lines[-1] == "{oops" else "\n"), encoding="utf-8")
    with pytest.raises(LogReadError) as info:
        load_replay(path)
    assert info.value.rule.id == rule
    if seq is not None:
        assert info.value.seq == seq or info.value.line == seq + 1


def _refused(events: list[dict[str, Any]]) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        replay(events)
    return info.value
