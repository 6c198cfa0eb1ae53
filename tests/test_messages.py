"""Refusals a log writer can act on: the card, the missing event, the state of the hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from banakil_replay.cards import parse_card
from banakil_replay.reducer import ReplayError, replay
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
