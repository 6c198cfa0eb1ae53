"""The narration and the play table's own words through the catalog: every sentence of every sample game.

Under the pseudo-locale ``xx`` each catalog string comes back wrapped in ⟦ ⟧, fields filled inside it, so
a sentence that still joins English pieces outside the catalog leaves English words behind; under Arabic
the same events read as Arabic sentences, with the card runs and names as fields.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Iterator

import pytest

from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.notebook.narrate import event_text
from banakil_replay.reducer import Replay, replay
from banakil_replay.rulebook import Rule

# the suite's clean start (no language chosen, English) is test_i18n's autouse fixture, used here by name
from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "sample_games").glob("*.jsonl")) + sorted((ROOT / "sample_games" / "selfplay").glob("*.jsonl"))


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
    assert "يأخذ Layla أعلى 3 أوراق (\u20663♦ 4♦ 5♦\u2069) من الأرض بدل السحب." in told  # 3 to 10: أوراق; the run isolated
    assert "يلعب Nadia، Omar، Layla وSami وفق" in told[0]  # a list of names in Arabic punctuation


def _words_of(page: str, names: set[str]) -> str:
    """What a reader sees of an HTML fragment: the tags taken out, entities read, player names (data) dropped."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return re.sub("|".join(map(re.escape, names)), " ", text) if names else text


def test_no_word_of_the_play_table_or_its_move_buttons_escapes_the_catalog() -> None:
    from banakil_replay.errors import BanakilError
    from banakil_replay.notebook.movepad import MovePad, seat_table_html

    r = _replay(ROOT / "sample_games" / "classic_4p_partnership.jsonl")
    names = set(r.states[-1].players)
    seen: list[str] = []
    with language("xx"):
        for state in r.states:
            seen += [seat_table_html(state, 0, own_hand=True), seat_table_html(state, None)]
            if not state.in_hand:
                continue
            pad = MovePad(lambda move: None, lambda thunk, doing: thunk(), coach=lambda: r.events[0])  # type: ignore
            pad.show(state, state.turn)
            seen += [pad.label.value, pad.picked.value, *(b.tooltip for b in pad.card_buttons)]
            seen += [f"{b.description} {b.tooltip}" for b in pad.move_buttons.values()]
            for key in [*(k for k in pad.move_buttons if k != "coach"), "no-such"]:  # coach: not a typed command
                try:
                    pad.press(key) if key == "no-such" else pad.move(key)
                except BanakilError as e:
                    seen.append(str(e))
            if pad.cards:
                pad.select(*(c.code for c in pad.cards[:2]))
                seen.append(pad.picked.value)
                for key in ("discard", "swap 1"):
                    try:
                        pad.move(key)
                    except BanakilError as e:
                        seen.append(str(e))
    assert len(seen) > 100 and all(PSEUDO_OPEN in page for page in seen if page), [p for p in seen if p and PSEUDO_OPEN not in p][:3]
    escaped = [(page, words) for page in seen if (words := escaped_words(_words_of(page, names)))]
    assert not escaped, escaped[:3]


def test_the_play_table_in_arabic() -> None:
    from banakil_replay.notebook.movepad import MovePad, seat_table_html

    r = _replay(ROOT / "sample_games" / "classic_4p_partnership.jsonl")
    state = r.states[12]
    with language("ar"):
        page = seat_table_html(state, 0, own_hand=True)
        pad = MovePad(lambda move: None, lambda thunk, doing: thunk())
        pad.show(state, state.turn)
    assert "التنزيلات" in page or "تنزيل" in page
    assert re.search(r"الكومة: \d+ ورقة", _words_of(page, set())), page
    assert not re.findall(r"\b(?:cards?|seat|Stock|Melds|top)\b", _words_of(page, set(state.players)))
    assert [b.description for b in pad.move_buttons.values()][0] == "نزّل المختارة"


def test_the_play_commands_help_and_fixed_messages_go_through_the_catalog(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import io

    from banakil_replay.cli.main import main
    from test_i18n import _run

    code, text = _run(["play", "--help", "--lang", "xx"], capsys)
    assert code == 0 and PSEUDO_OPEN in text and [w for w in escaped_words(text) if w != "play"] == []  # its name
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\nmeld ZZ\nquit\n"))
    assert main(["play", "--lang", "ar", "--log", str(tmp_path / "g.jsonl"), "--players", "2"]) == 0
    said = capsys.readouterr().out
    assert "تلعب في المقعد 0؛ اكتب help لترى الأوامر" in said
    assert "سحبت " in said and "توقّف اللعب؛ يحفظ" in said


def test_the_options_lists_own_lines_go_through_the_catalog() -> None:
    """The list's frame (who, which phase, how many not allowed, the rank and rule heads); the options'
    explanations are the engine's (``play/``), left for their own pass."""
    from banakil_replay.notebook.narrate import options_text, rank_line, refusal_rule_line
    from banakil_replay.play.coach.options import options

    r = _replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    state = next(s for s in r.states if s.in_hand and s.phase == "meld")
    opts = options(state)
    with language("xx"):
        lines = options_text(opts, state, limit=2, refused_limit=2).splitlines()
        heads = [rank_line(2, "⟦why⟧"), rank_line(3, ""), refusal_rule_line(Rule.PARTNER_AFTER_OWN_MELD, "000 (Play), 004 (melding)")]
        nothing = options_text(opts, state, kinds=("no such kind",))
    framing = [lines[0], *(line for line in lines if line.startswith("⟦Not allowed")), *heads]
    assert len(framing) >= 4 and all(escaped_words(line) == [] for line in framing), framing
    assert escaped_words(nothing.splitlines()[1]) == []
    with language("ar"):
        assert options_text(opts, state, limit=1).splitlines()[0].startswith("خيارات ")
        assert rank_line(2, "") == "المرتبة #2."


def test_a_refusals_rule_line_cites_its_sources_in_the_readers_words() -> None:
    """The title is the rulebook's and the citation the citations' own words, said in Arabic; the
    refusal's ``source`` stays the English data it was."""
    from banakil_replay.citation_words import said
    from banakil_replay.notebook.narrate import refusal_rule_line
    from banakil_replay.rulebook_words import title

    source = "000 (Play), 004 (melding)"
    with language("en"):
        assert refusal_rule_line(Rule.PARTNER_AFTER_OWN_MELD, source) == (
            "Rule: partner melds after own meld [000 (Play), 004 (melding)].")
        assert refusal_rule_line(Rule.PARTNER_AFTER_OWN_MELD, "") == "Rule: partner melds after own meld."
    with language("ar"):
        line = refusal_rule_line(Rule.PARTNER_AFTER_OWN_MELD, source)
        cited, named = said(source), title(Rule.PARTNER_AFTER_OWN_MELD)
    assert cited != source and cited in line and named in line, line
    assert not re.search(r"[A-Za-z]{3,}", line), line  # no English word left: not "Play", not "melding"
