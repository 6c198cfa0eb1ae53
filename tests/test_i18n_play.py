"""The words of play through the catalog: options, the coach's reasons, the review, a hint and the seat's view.

Under the pseudo-locale ``xx`` every catalog string comes back wrapped in ⟦ ⟧, so a sentence that still
joins English pieces outside the catalog leaves English words behind (player names, card symbols and
codes are data). Under Arabic the same positions read as Arabic; the JSON stays the same in every language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from banakil_replay.cli.main import main
from banakil_replay.cli.seatview import hand_end_text, hint_text, news_text, options_text, table_text
from banakil_replay.cli.textview import state_text
from banakil_replay.i18n import language
from banakil_replay.i18n.catalog import PSEUDO_OPEN
from banakil_replay.play.session.commands import HELP, help_text
from banakil_replay.play.coach.options import options
from banakil_replay.play.analysis.review import format_verdicts, judge, review
from banakil_replay.play.session.session import GameSession
from banakil_replay.reducer import Replay, replay

# the suite's clean start (no language chosen, English) is test_i18n's autouse fixture, used here by name
from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
DANA = ROOT / "sample_games" / "classic_dana_ravi.jsonl"
FOUR = ROOT / "sample_games" / "classic_4p_partnership.jsonl"


def _replay(path: Path) -> Replay:
    return replay(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _unmarked(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``text`` outside the catalog, once the players' names (data) are taken out."""
    for name in names:
        text = text.replace(name, " ")
    return escaped_words(text)


@pytest.mark.parametrize("path", [DANA, FOUR], ids=["2p", "4p"])
def test_no_option_or_reason_of_a_sample_game_escapes_the_catalog(path: Path) -> None:
    rp = _replay(path)
    said = []
    with language("xx"):
        for i in range(1, len(rp)):
            for o in options(rp.at(i)).options:
                said += [o.explain, o.why_rank, o.rule_text]
    assert len(said) > 100 and all(PSEUDO_OPEN in text for text in said)
    escaped = [text for text in said if escaped_words(text)]
    assert not escaped, escaped[:5]


def test_an_option_is_said_in_the_language_of_the_moment_it_is_read() -> None:
    opts = options(_replay(DANA).at(2))  # built in English; nothing is translated until read
    best = opts.best()
    assert best is not None
    english = best.explain
    with language("ar"):
        arabic, why = best.explain, best.why_rank
    assert ARABIC.search(arabic) and ARABIC.search(why) and "نزّل" in arabic
    assert best.explain == english and not ARABIC.search(english)
    with language("ar"):
        assert opts.to_json() == options(_replay(DANA).at(2)).to_json()  # the JSON keeps English


def test_a_review_escapes_the_catalog_and_reads_in_arabic() -> None:
    rp = _replay(DANA)
    names = tuple(rp.final.players)
    verdicts = review(rp, seat=0, deals=4)
    assert verdicts
    with language("xx"):
        text = format_verdicts(verdicts, list(names))
    assert not _unmarked(text, names), _unmarked(text, names)
    with language("ar"):
        arabic = format_verdicts(verdicts, list(names))
    assert all(ARABIC.search(line) for line in arabic.splitlines())
    assert "من أصل" in arabic.splitlines()[-1]
    assert [v.to_json() for v in verdicts] == [json.loads(json.dumps(v.to_json())) for v in verdicts]
    with language("ar"):
        in_arabic = [v.to_json() for v in verdicts]
    assert in_arabic == [v.to_json() for v in verdicts]  # the JSON is English whatever is read


def test_the_way_out_missed_reads_in_arabic() -> None:
    from test_review import missed_go_out  # the hand test_review pins the English of

    rp = missed_go_out({"type": "discarded", "seat": 0, "card": "KD"})
    v = judge(rp, len(rp) - 1)  # Dana discards where she could have gone out
    with language("ar"):
        why = v.why
    assert why.startswith("كان تنزيل \u20663♣ 3♦ 3♠\u2069 أفضل: كان بإمكانك الخروج: +20 للخروج")  # the run isolated
    assert "يُحسب على Ravi ما بقي في يده" in why
    assert not ARABIC.search(v.why)  # read again in English: the same verdict, in English


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    return GameSession.start(tmp_path / "g.jsonl", rules="classic", players=2, seed=3, humans=[0], bots="heuristic")


def test_the_seat_view_a_hint_and_the_help_escape_the_catalog(session: GameSession) -> None:
    names = tuple(session.state.players)
    with language("xx"):
        shown = [table_text(session, 0), options_text(session.options()), help_text()]
        first = session.options().options[0].event
        session.play(first)
        shown += [table_text(session, 0), options_text(session.options()), hint_text(session),
                  news_text(session.happened)]
    typed = {word for word, _args, _what in HELP}  # the commands are typed as they are, in every language
    for text in shown:
        for line in text.splitlines():
            assert PSEUDO_OPEN in line, line
            assert not [w for w in _unmarked(line, names) if w not in typed], line


def test_a_hint_and_the_table_read_in_arabic(session: GameSession) -> None:
    with language("ar"):
        table, hint = table_text(session, 0), hint_text(session)
    assert "الجولة 1 | classic | دورك لتسحب" in table
    assert hint.startswith("تلميح: ") and ARABIC.search(hint.partition("(")[2])


def test_a_finished_hand_and_the_replay_table_escape_the_catalog() -> None:
    rp = _replay(FOUR)
    end = next(s for s in rp.states if s.hand_score is not None)
    names = tuple(rp.final.players)
    with language("xx"):
        working = {line.strip() for line in end.hand_score.explain}  # the scorer's working: not this view's words
        said = [line for line in hand_end_text(end).splitlines() + state_text(rp.final, rp).splitlines()
                if line.strip() not in working]
    assert len(said) > 15 and all(PSEUDO_OPEN in line for line in said), said
    assert not [line for line in said if _unmarked(line, names)], said


def test_review_and_selfplay_speak_arabic_on_the_command_line(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(DANA), "--deals", "4", "--seat", "1", "--lang", "ar"]) == 0
    out, err = capsys.readouterr()
    assert all(ARABIC.search(line) for line in out.splitlines()) and "المراجعة: " in err
    assert main(["review", str(DANA), "--deals", "4", "--seat", "1", "--json", "--lang", "ar"]) == 0
    arabic_json = capsys.readouterr().out
    assert main(["review", str(DANA), "--deals", "4", "--seat", "1", "--json"]) == 0
    assert capsys.readouterr().out == arabic_json and not ARABIC.search(arabic_json)
    code = main(["selfplay", "--out", str(tmp_path / "out"), "--games", "1", "--max-hands", "1", "--lang", "ar"])
    err = capsys.readouterr().err
    assert "اللعب الذاتي: كُتبت مباراة واحدة" in err
    if code == 1:  # no winner after one hand: said in Arabic too
        assert "لم تصل إلى فائز خلال جولة واحدة" in err
    assert re.search(r"game-0001\.jsonl", str(list((tmp_path / "out").iterdir())))


def test_the_play_protocol_answers_the_same_bytes_in_every_language(tmp_path: Path) -> None:
    """``play --json`` is for programs: its answers (a hint's words, a refusal, the help, the options'
    explanations) are the same bytes whatever --lang says, and carry no direction marks."""
    from test_cli_play import run

    said = "\n".join(["hint", "discard 5Z", "meld 3C 3D", "help", "draw", "hint", "quit"]) + "\n"
    answers = {}
    for lang in ("en", "ar"):
        done = run(tmp_path / f"{lang}.jsonl", "--json", "--seed", "3", "--lang", lang, stdin=said)
        assert done.returncode == 0, done.stderr.decode()
        answers[lang] = done.stdout.decode()
    assert answers["ar"] == answers["en"]
    lines = [json.loads(line) for line in answers["ar"].splitlines()]
    hints = [a["answer"] for a in lines if isinstance(a["answer"], dict)]
    assert hints and all(h["words"] and not ARABIC.search(h["words"]) for h in hints)
    assert any(a["error"] for a in lines) and not ARABIC.search(answers["ar"])
    assert "\u2066" not in answers["ar"] and "\u2069" not in answers["ar"]
