"""The narration and the play table's own words through the catalog: every sentence of every sample game.

Under the pseudo-locale ``xx`` each catalog string comes back wrapped in ⟦ ⟧, fields filled inside it, so
a sentence that still joins English pieces outside the catalog leaves English words behind; under Arabic
the same events read as Arabic sentences, with the card runs and names as fields.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

import pytest

from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.notebook.narrate import event_text
from banakil_replay.reducer import Replay, replay

from test_i18n import ARABIC, escaped_words

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "sample_games").glob("*.jsonl")) + sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))


@pytest.fixture(autouse=True)
def _english_unless_told(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("BANAKIL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    with language("en"):
        yield


def _replay(path: Path) -> Replay:
    return replay(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _told(r: Replay) -> Iterator[tuple[int, str]]:
    """Every event as the stepper tells it (after), as the table tells it to seat 0 (before), and with no state."""
    for i, ev in enumerate(r.events):
        yield i, event_text(ev, r.states[i])
        yield i, event_text(ev, r.states[i - 1] if i else None, seat_view=0)
        yield i, event_text(ev)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_no_narration_of_a_sample_game_escapes_the_catalog(path: Path) -> None:
    r = _replay(path)
    with language("xx"):
        told = list(_told(r))
    assert all(PSEUDO_OPEN in text for _, text in told)
    escaped = [(i, text) for i, text in told if escaped_words(text)]
    assert not escaped, escaped[:5]


def test_the_sweep_would_catch_an_english_piece_joined_on() -> None:
    with language("xx"):
        text = event_text({"type": "drew", "seat": 0, "card": "9H"}) + " The hand is over."
    assert escaped_words(text) == ["The", "hand", "is", "over"]


def test_a_game_told_in_arabic() -> None:
    r = _replay(ROOT / "sample_games" / "classic_4p_partnership.jsonl")
    with language("ar"):
        told = [text for _, text in _told(r)]
    assert all(ARABIC.search(text) for text in told)
    # what is left in Latin letters is data, not words: player names, the preset's title, card codes
    names = {"Nadia", "Omar", "Layla", "Sami"}
    latin = {w for text in told for w in re.findall(r"[A-Za-z]{2,}", text)} - names
    assert latin <= {"Classic", "table", "rules"}, latin
    assert "يأخذ Layla أعلى 3 أوراق (3♦ 4♦ 5♦) من الأرض بدل السحب." in told  # 3 to 10: أوراق
    assert "يلعب Nadia، Omar، Layla وSami وفق" in told[0]  # a list of names in Arabic punctuation
