"""Runs of cards in plain text keep their order under a right-to-left language.

In an Arabic sentence the bidirectional algorithm lays the tokens of ``7♥ 8♥ 9♥`` out right to left (it
would read ``9♥ 8♥ 7♥``); narration, the terminal's table and its lines wrap each run in a left-to-right
isolate (LRI ... PDI) so it reads as on the table. English output carries no marks at all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from banakil_replay.cli.textview import state_text
from banakil_replay.events import Discarded, Drew, Melded, Took
from banakil_replay.i18n import LRI, PDI, language, ltr_run
from banakil_replay.notebook.narrate import event_text
from banakil_replay.reducer import Replay, replay

from test_i18n import _english_unless_told  # noqa: F401  (the suite's clean start, used by name)

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "sample_games" / "classic_4p_partnership.jsonl"
_CARD = r"(?:10|[2-9JQKA])[♥♦♣♠]|🃏"
_ISOLATED = re.compile(f"{LRI}([^{LRI}{PDI}]*){PDI}")


def _replay(path: Path) -> Replay:
    return replay(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _outside_isolates(text: str) -> str:
    return _ISOLATED.sub(" ", text)


def test_ltr_run_marks_only_right_to_left_text() -> None:
    with language("en"):
        assert ltr_run("7♥ 8♥ 9♥") == "7♥ 8♥ 9♥"
    with language("ar"):
        assert ltr_run("7♥ 8♥ 9♥") == f"{LRI}7♥ 8♥ 9♥{PDI}"
        assert ltr_run("") == ""  # nothing to isolate: an empty field stays empty (the table prints "-")


def test_an_arabic_narration_isolates_every_card_run_in_its_order() -> None:
    r = _replay(GAME)
    runs_checked = 0
    with language("ar"):
        for i, ev in enumerate(r.events):
            text = event_text(ev, r.states[i])
            # no card symbol is left where the bidi algorithm could reorder it
            assert not re.search(_CARD, _outside_isolates(text)), (i, text)
            cards = ev.cards if isinstance(ev, (Melded, Took)) else (ev.card,) if isinstance(ev, (Drew, Discarded)) else ()
            if cards:
                # one isolate holds the whole run in the event's order (a meld's wilds show what they stand for)
                isolated = [re.sub(r"\(=[^)]*\)", "", run).split() for run in _ISOLATED.findall(text)]
                assert [c.symbol for c in cards] in isolated, (i, text)
                runs_checked += 1
    assert runs_checked > 10
    with language("ar"):
        told = event_text({"type": "took", "seat": 1, "count": 3, "cards": ["7H", "8H", "9H"]})
    assert f"{LRI}7♥ 8♥ 9♥{PDI}" in told, told

def test_english_narration_and_table_carry_no_marks() -> None:
    r = _replay(GAME)
    with language("en"):
        told = [event_text(ev, r.states[i]) for i, ev in enumerate(r.events)]
        tables = [state_text(s, r) for s in r.states[::7]]
    assert not any(LRI in t or PDI in t for t in told + tables)
    assert "Layla takes the top 3 cards (3♦ 4♦ 5♦) of the discard pile instead of drawing." in told


def test_the_arabic_text_table_isolates_hands_pile_and_melds() -> None:
    r = _replay(GAME)
    state = next(s for s in r.states if s.melds and s.discard)
    with language("ar"):
        table = state_text(state, r)
    assert not re.search(_CARD, _outside_isolates(table)), table
    for seat, hand in enumerate(state.hands):
        assert f"{LRI}{' '.join(c.symbol for c in hand)}{PDI}" in table
    assert f"{LRI}{' '.join(c.symbol for c in state.discard)}{PDI}" in table
    assert all(f"{LRI}{m.meld.describe()}{PDI}" in table for m in state.melds)
