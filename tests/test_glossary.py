"""One term per idea: the glossary the lessons link, each term defined before any lesson uses it.

Read on the lessons as written (``tools/make_notebooks.py``: the notebooks are generated from it,
and a test there keeps them in step) and on ``docs/glossary.md``, which is rendered from
``banakil_replay/learn/glossary.py``. The executed pages are checked the same way in
``tests/test_notebooks.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from banakil_replay.rules import Ruleset
from banakil_replay.learn.glossary import TERMS, glossary_markdown, loose_words, terms_used_early, words_of

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def written(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_the_glossary_page_is_the_glossary_module() -> None:
    assert (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8") == glossary_markdown(), \
        "run python tools/make_notebooks.py"


def test_notebooks_are_generated_from_the_tool() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import make_notebooks

    for i, (name, _, cells) in enumerate(make_notebooks.LESSONS):
        link = make_notebooks.next_link(i)
        want = [c["source"] for c in cells + ([link] if link else [])]
        got = [c.source for c in nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4).cells]
        assert got == want, f"{name} is stale: run python tools/make_notebooks.py"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_term_before_the_lesson_that_defines_it(path: Path) -> None:
    early = terms_used_early(int(path.stem[:2]), written(path))
    assert not early, f"{path.stem} uses {early} before the lesson that defines them (see docs/glossary.md)"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_one_word_per_idea(path: Path) -> None:
    loose = loose_words(written(path))
    assert not loose, f"{path.stem} names a glossary idea loosely: {loose}"


def test_every_term_is_in_the_lesson_that_defines_it() -> None:
    for term in TERMS:
        if term.pattern:
            lesson = written(LESSONS[term.lesson - 1])
            assert re.search(term.pattern, words_of(lesson)), f"lesson {term.lesson} never says {term.word!r}"


@pytest.mark.parametrize("path", LESSONS[:-1], ids=[p.stem for p in LESSONS[:-1]])
def test_every_lesson_links_the_glossary(path: Path) -> None:
    assert "](../docs/glossary.md)" in written(path)


def test_the_pile_order_is_stated_once_and_kept() -> None:
    """Written from the bottom up, its top card last: said in the glossary, and no lesson says top first."""
    assert "top card last" in glossary_markdown()
    for path in LESSONS:
        assert "top first" not in words_of(written(path)), path.stem


DEVELOPER_WORDS = r"\b(sidecars?|sha-256|dask|parquet|knobs?|digest)\b"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_developer_material_stays_out_of_the_lessons(path: Path) -> None:
    """Sidecars, archives and the engine's option names are for the README, not a game course."""
    text = written(path)
    assert not re.search(DEVELOPER_WORDS, text, re.I), re.search(DEVELOPER_WORDS, text, re.I)
    knobs = [f.name for f in Ruleset.knobs() if f"`{f.name}`" in text or f"`{f.name}=" in text]
    assert not knobs, f"{path.stem} names the engine's options {knobs}"


def test_the_engines_words_write_a_take_in_pile_order_too() -> None:
    """Lesson 4 once wrote one take as '(8♦ 5♦)' and, a line below, '(5♦ 8♦)': the move, the option's
    explanation and the review all name taken cards bottom up, the top card last, as the glossary says."""
    from banakil_replay import load_replay
    from banakil_replay.events import Took
    from banakil_replay.notebook.narrate import event_text
    from banakil_replay.play.coach.options import options
    from banakil_replay.play.analysis.review import describe

    state = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl").at(4)  # pile 8♦ 5♦, Ravi to draw
    assert [c.symbol for c in state.discard] == ["8♦", "5♦"]
    take_two = next(o for o in options(state).options if o.kind == "take" and o.event.count == 2)
    assert "(8♦ 5♦)" in event_text(take_two.event, state) and "(8♦ 5♦)" in take_two.explain
    assert "(5♦ 8♦)" not in take_two.explain
    assert describe(Took(5, 1, 2, tuple(state.discard)), pretty=True) == "took 2 from the pile (8♦ 5♦)"
