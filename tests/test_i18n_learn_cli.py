"""The ``learn`` command in the reader's language: its title line names the rule set in that language,
a question's kind and the score's kinds are the kinds' titles, a reason cites its rule and sources in
words, and the learner's three words (hint, skip, quit) may be typed in the language as in English.

Under the pseudo-locale ``xx`` every line the command says comes from the catalog (:func:`escaped_words`
finds none left bare); data stays as typed: card codes and what the learner typed.
"""

from __future__ import annotations

import io

import pytest

from banakil_replay.cli.learn import cmd_learn, run
from banakil_replay.i18n import language
from banakil_replay.learn import KINDS, Session, exercises
from banakil_replay.rules import get_ruleset

from test_i18n import ARABIC, _english_unless_told, escaped_words  # noqa: F401


class _Args:
    rules, kind, seed, lesson, progress = "classic", "is-meld", 1, None, None


def _learn(typed: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    with language(lang):
        assert cmd_learn(_Args()) == 0  # type: ignore[arg-type]
    return capsys.readouterr().out


def test_arabic_learner_types_arabic_words_and_reads_arabic(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = _learn("تلميح\nتخطي\nyes\nno\nخروج\n", "ar", monkeypatch, capsys)
    first = out.splitlines()[0]
    assert "قواعد الطاولة الكلاسيكية" in first and "Classic" not in first  # the rule set's Arabic title
    assert "هل هي تنزيلة؟" in out  # the kind's title, in the question and in the score
    assert out.count("هل هي تنزيلة؟") >= 2
    assert "تلميح:" in out and out.count("السؤال") >= 2  # the hint given and the question skipped: both words understood
    assert "تعذّرت قراءة" not in out  # no Arabic word was taken for an answer
    assert "is it a meld" not in out and "(is-meld)" in out  # the kind's name stays as --kind takes it


def test_english_words_still_work_in_arabic(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _learn("hint\nquit\n", "ar", monkeypatch, capsys)
    assert "تلميح:" in out and "تعذّرت قراءة" not in out


def test_a_reason_cites_its_rule_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(exercises(get_ruleset("classic"), ["is-meld"], seed=1))
    out = io.StringIO()
    with language("ar"):
        run(session, {k: k for k in KINDS}, io.StringIO("yes\nno\nquit\n"), out)
    cited = [line for line in out.getvalue().splitlines() if line.rstrip().endswith("]")]
    assert cited, out.getvalue()
    for line in cited:  # the rule's title and the sources' section names, all Arabic
        inside = line[line.rindex("[") + 1:]
        assert not [w for w in inside.replace("]", " ").split() if w.isascii() and w.isalpha()], line


def test_no_word_of_the_learn_command_escapes_the_catalog(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = _learn("\nyes\nno\nhint\nskip\nquit\n", "xx", monkeypatch, capsys)
    said = [line for line in out.splitlines() if line.strip() and not line.startswith(">")]
    assert len(said) > 6
    bare = {line: escaped_words(line) for line in said if escaped_words(line)}
    assert not bare, bare
