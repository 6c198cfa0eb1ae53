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


# ------------------------------------------------------------------ the options list and the review, said as text
DANA = ROOT / "sample_games" / "classic_dana_ravi.jsonl"
_CODE = r"\b(?:10|[2-9JQKA])[HDCS]\b|\bJK\b"


def _runs_isolated(text: str) -> None:
    """No card (a symbol or a code as the log writes it) stands where the bidi algorithm could reorder it."""
    outside = _outside_isolates(text)
    assert not re.search(_CARD, outside), text
    assert not re.search(_CODE, outside), text


def _said_options(r: Replay) -> list[str]:
    from banakil_replay.play.coach.options import options

    said = []
    for state in r.states:
        opts = options(state)
        said += [f"{o.explain} [{o.why_rank}]" for o in opts.options]
        said += [n.why for n in opts.not_allowed]
    return said


def test_every_card_run_of_the_options_list_is_isolated_in_arabic() -> None:
    r = _replay(DANA)
    with language("ar"):
        said = _said_options(r)
    assert len(said) > 100
    for text in said:
        _runs_isolated(text)
    # a meld as the option says it: its description in one isolate, in its order
    assert any(re.search(f"{LRI}[^{PDI}]*♥ [^{PDI}]*♥{PDI}", t) for t in said)
    with language("en"):
        english = _said_options(r)
    assert not any(LRI in t or PDI in t for t in english)
    assert any(t.startswith("Meld ") for t in english)


def test_the_options_json_is_english_without_marks_whatever_the_language() -> None:
    from banakil_replay.play.coach.options import options

    r = _replay(DANA)
    state = r.states[2]
    with language("en"):
        english = json.dumps(options(state).to_json(), ensure_ascii=False)
    with language("ar"):
        opts = options(state)
        arabic = json.dumps([o.to_json() for o in opts.options], ensure_ascii=False)
    assert LRI not in arabic and PDI not in arabic and LRI not in english
    assert arabic in english  # the options said in Arabic write the same JSON


def test_every_card_run_of_the_review_is_isolated_in_arabic() -> None:
    from banakil_replay.play.analysis.review import format_verdicts, review

    r = _replay(DANA)
    verdicts = review(r, deals=2)  # the words are said when read: one review, read in both languages
    assert verdicts
    with language("ar"):
        text = format_verdicts(verdicts, r.final.players)
        whys = [v.why for v in verdicts]
    for line in text.splitlines() + whys:
        _runs_isolated(line)
    assert text.count(LRI) >= len(verdicts)  # at least the move played, in every verdict's head
    with language("en"):
        english = format_verdicts(verdicts, r.final.players)
    assert LRI not in english and PDI not in english
    assert all(LRI not in v.note() and LRI not in json.dumps(v.to_json()) for v in verdicts)


def test_the_cli_options_and_review_isolate_card_runs_in_arabic(capsys) -> None:  # type: ignore[no-untyped-def]
    from banakil_replay.cli.main import main

    for argv in (["options", str(DANA), "--at", "2"], ["options", str(DANA), "--at", "3"],
                 ["review", str(DANA), "--deals", "2"]):
        assert main(["--lang", "ar", *argv]) == 0
        arabic = capsys.readouterr().out
        assert LRI in arabic
        for line in arabic.splitlines():
            if line.lstrip().startswith("- {"):  # a not-allowed move is shown as its JSON: data, then the reason
                line = line.split("}: ", 1)[1]
            _runs_isolated(line)
        assert main(["--lang", "en", *argv]) == 0
        english = capsys.readouterr().out
        assert LRI not in english and PDI not in english


def test_the_terminal_keeps_card_isolates_and_shows_any_other_bidi_mark() -> None:
    from banakil_replay.cli.textview import safe

    with language("ar"):
        run = ltr_run("7♥ 8♥")
    assert safe(f"Dana {run}") == f"Dana {run}"
    # a name cannot bring its own override, a lone isolate or one that swallows a line
    assert safe("a\u202eb") == "a\\u202eb"
    assert safe(f"x{LRI}y") == "x\\u2066y"
    assert safe(f"{LRI}a\nb{PDI}") == "\\u2066a\nb\\u2069"
    assert safe(f"{LRI}a\u202eb{PDI}") == "\\u2066a\\u202eb\\u2069"


def test_a_melds_tooltip_keeps_its_cards_in_order_in_arabic() -> None:
    """A meld's tooltip (``title=``) is its cards written out: in a right-to-left page the browser lays
    the tooltip out right to left too, so in Arabic it is isolated as the sentences' runs are."""
    from banakil_replay.melds import verify_meld
    from banakil_replay.notebook.html import meld_html
    from banakil_replay.rules import get_ruleset

    meld = verify_meld("7H 8H 2C", get_ruleset("classic"))
    with language("en"):
        english = meld_html(meld)
    with language("ar"):
        arabic = meld_html(meld)
    title = re.search(r'class="banakil-meld[^"]*"[^>]*title="([^"]*)"', arabic)
    assert title and title.group(1) == f"{LRI}{meld.describe()}{PDI}", arabic
    assert LRI not in english and f'title="{meld.describe()}"' in english
