"""docs/how-to-play.md teaches one game first: the classic table game, a hand played through move by
move, then a chapter per app with only its differences, and the sources and their disagreements
at the end. Its pictures are the engine's own (``tools/make_guide.py`` writes them), and no
source tag interrupts a sentence: a note marker points to the notes at the end.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "how-to-play.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "tools"))

import make_guide  # noqa: E402


def part(start: str, end: str) -> str:
    return GUIDE[GUIDE.index(start):GUIDE.index(end)]


def test_the_engines_pictures_are_up_to_date() -> None:
    assert make_guide.render(GUIDE) == GUIDE, "run python tools/make_guide.py"


def test_classic_first_then_the_play_through_then_the_apps_then_the_sources() -> None:
    order = ["# Part 1: the classic table game", "## A hand played through", "# Part 2: the apps", "## Jawaker",
             "## ERAM", "## Kroot", "## Where the sources disagree or slip", "## Sources"]
    where = [GUIDE.index("\n" + heading + "\n") for heading in order]
    assert where == sorted(where)


def test_the_classic_part_teaches_one_game() -> None:
    """The apps' rules live in their chapters: Part 1 names an app only to send the reader there."""
    classic = part("# Part 1", "## A hand played through")
    for app in ("Jawaker", "ERAM", "Kroot"):
        assert app not in classic, f"Part 1 mentions {app}"
    assert "(The apps" in classic  # the pointers say where the apps' ways are


def test_source_tags_are_markers_with_notes_at_the_end() -> None:
    text = GUIDE.split("<!-- generated: source-notes -->")[0]
    assert not make_guide.TAG.search(text), make_guide.TAG.search(text)
    used = set(re.findall(r"\[\^([\w-]+)\](?!:)", text))
    noted = set(re.findall(r"^\[\^([\w-]+)\]:", GUIDE, re.M))
    assert used and used == noted


def test_every_move_of_the_play_through_shows_the_table_before_and_after() -> None:
    walk = part("## A hand played through", "# Part 2")
    moves = re.findall(r"\*\*Move (\d+)\.\*\*", walk)
    assert [int(m) for m in moves] == list(range(1, 17))
    assert walk.count("before:\n") == walk.count("after:\n") == 16
    assert "goes out" in walk and "**The score.**" in walk


def test_the_plain_statements() -> None:
    """The dhamoon's 40, the 13th card's place and a set's joker, each said in so many words."""
    assert "The 40 is neither a bonus nor a cap: it replaces the score." in GUIDE
    assert "**Where the 13th card sits.**" in GUIDE and "after the ace" in GUIDE
    assert "**Which card a joker in a set stands for.**" in GUIDE
    assert "before:  2♣(=4♦) 5♦ 6♦" in GUIDE and "after:   5♦ 6♦ 2♣(=7♦) 8♦" in GUIDE  # a wild card moving
    assert "before:  3♣ 3♥ 🃏(=3♦)" in GUIDE  # a joker swapped out of a set


def test_the_guide_writes_the_pile_top_card_last() -> None:
    assert "from the top" not in GUIDE and "its top card last" in GUIDE


SAME_WORDS = {  # a rule the guide and a lesson both state, in the same words
    "02_cards_and_melds": "A joker in a set stands for the set's rank (a three, or an ace) in a suit the set lacks, "
                          "and not for one suit in particular",
    "05_adding_and_swapping": "The 13th card is the 2 itself, and it stands for no card",
    "06_going_out_and_scoring": "The 40 is neither a bonus nor a cap: it replaces the score.",
}


def test_the_lessons_and_the_guide_say_these_rules_in_the_same_words() -> None:
    import nbformat

    guide = " ".join(GUIDE.split())
    for stem, sentence in SAME_WORDS.items():
        nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
        lesson = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
        assert sentence in guide and sentence in lesson.replace("**", ""), stem


def _plain(text: str) -> str:
    """A sentence as read, whatever its markup: no source tags or note markers, links' words only, no
    emphasis or list marker, one space, first letter lower case."""
    text = re.sub(r"\[\^[\w-]+\]|\s*\[00[0-4][^\]]*\]", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).replace("**", "").replace("`", "")
    text = re.sub(r"^(?:[-*] |\d+\. )", "", " ".join(text.split()))
    text = re.sub(r"\s+([.,;:)])", r"\1", text).strip(" .;:")
    return text[:1].lower() + text[1:]


def _sentences(markdown: str) -> list[str]:
    """The sentences (and clauses between semicolons) of a markdown text, code and comments left out."""
    markdown = re.sub(r"```.*?```|<!--.*?-->", " ", markdown, flags=re.S)
    markdown = re.sub(r"^#.*$", " ", markdown, flags=re.M).replace("**", "")
    markdown = re.sub(r"\n(?!\s*\n|[-*] |\d+\. |#|\|)", " ", markdown)  # a wrapped line goes on its sentence
    return [s for part in re.split(r"(?<=[.!?:;])\s+|\n", markdown) if len((s := _plain(part)).split()) >= 5]


def _rule_sections() -> dict[str, str]:
    import nbformat

    out = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        text = "\n\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
        if "\n## The rule" in text:
            out[path.stem] = text.split("\n## The rule", 1)[1].split("\n## ", 1)[0]
    return out


def test_a_rule_the_guide_and_a_lesson_both_state_is_in_the_same_words() -> None:
    """Every sentence of a lesson's "The rule" that the guide also says (near enough to be the same rule:
    85% alike) is the guide's sentence word for word, so the two never drift into two wordings."""
    from difflib import SequenceMatcher

    guide = _sentences(GUIDE)
    same = set(guide)
    drift = []
    for stem, section in _rule_sections().items():
        for said in _sentences(section):
            if said in same:
                continue
            for g in guide:
                m = SequenceMatcher(None, said, g, autojunk=False)
                if m.quick_ratio() >= 0.85 and m.ratio() >= 0.85:
                    drift.append(f"{stem}: {said!r}\n   guide: {g!r}")
                    break
    assert not drift, "the same rule in two wordings:\n" + "\n".join(drift)
