"""Shared helpers for the display, widget and annotation tests: hostile logs, a dead hand, seat views."""

from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from banakil_replay.cards import full_deck, parse_cards
from banakil_replay.reducer import Replay, replay

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "sample_games"
DANA_RAVI = GAMES / "classic_dana_ravi.jsonl"
FOUR = GAMES / "classic_4p_partnership.jsonl"
HOSTILE = ("<script>alert('name')</script>", "<img src=x onerror=alert(1)>")
HOSTILE_NOTE = "Nice! <script>alert(1)</script> <img src=x onerror=alert(2)> & \"quotes\""


def log_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def hostile_events() -> list[dict[str, Any]]:
    """Dana and Ravi's hand with hostile player names and a hostile note (author too)."""
    events = log_lines(DANA_RAVI)
    events[0]["players"] = list(HOSTILE)
    events.append({"seq": len(events), "type": "annotated", "at": 3, "text": HOSTILE_NOTE,
                   "author": "<b onmouseover=alert(3)>eve</b>"})
    return events


def hostile_replay() -> Replay:
    return replay(hostile_events())


def write_log(path: Path, events: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events),
                    encoding="utf-8")
    return path


def dead_hand_events() -> list[dict[str, Any]]:
    """Dana and Ravi's deal, then both only draw and throw the card back until the stock runs out."""
    events = log_lines(DANA_RAVI)[:2]
    deal = events[1]
    used = Counter(c for hand in deal["hands"] for c in parse_cards(hand))
    used.update(parse_cards([deal["upcard"]]))
    stock = sorted((full_deck() - used).elements())
    deal["stock"] = [c.code for c in stock]
    seat = 0
    for card in stock:
        events.append({"seq": len(events), "type": "drew", "seat": seat})
        events.append({"seq": len(events), "type": "discarded", "seat": seat, "card": card.code})
        seat = 1 - seat
    return events


class SeatCards(HTMLParser):
    """Counts face-up cards (``data-card``) and backs inside each ``data-seat`` block of state_html."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.seat: int | None = None
        self.seat_depth = 0
        self.faces: Counter[int] = Counter()
        self.backs: Counter[int] = Counter()
        self.codes: dict[int, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div":
            self.depth += 1
            if "data-seat" in a and "banakil-seat" in (a.get("class") or ""):
                self.seat, self.seat_depth = int(a["data-seat"] or 0), self.depth
        if self.seat is not None:
            if "data-card" in a:
                self.faces[self.seat] += 1
                self.codes.setdefault(self.seat, []).append(a["data-card"] or "")
            if "banakil-back" in (a.get("class") or "").split():
                self.backs[self.seat] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            if self.seat is not None and self.depth == self.seat_depth:
                self.seat = None
            self.depth -= 1


def seat_cards(html_text: str) -> SeatCards:
    parser = SeatCards()
    parser.feed(html_text)
    return parser
