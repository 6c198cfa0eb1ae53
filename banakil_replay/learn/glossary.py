"""The course's words: one term per idea, the lesson that defines it, and its sources.

:data:`TERMS` is the glossary the lessons link (rendered into ``docs/glossary.md`` by
:func:`glossary_markdown`; ``tools/make_notebooks.py`` writes it with the lessons). Each term has a
pattern that finds it in a lesson's words, so a test can check that no lesson uses a term before
the lesson that defines it. :data:`LOOSE` lists words that name a glossary idea loosely (``opened``
for *melded*, ``round`` for *hand*): the lessons use the term instead.

>>> next(t for t in TERMS if t.word == "dhamoon").lesson
6
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Term(NamedTuple):
    word: str
    lesson: int  # the lesson that defines it (it may not be used before)
    meaning: str
    sources: str
    pattern: str = ""  # a regular expression that finds the term in a lesson's words (lower case); "" = not checked

    @property
    def anchor(self) -> str:
        return re.sub(r"[^\w\- ]", "", self.word.lower()).replace(" ", "-")


TERMS: tuple[Term, ...] = (
    Term("hand", 1, "one deal of the cards, played until someone goes out or the stock runs out; also the cards "
         "a player holds", "000, 004, 002, 003"),
    Term("stock", 1, "the face-down cards left after the deal; you draw from its top", "000, 004, 002, 003",
         r"\bstock\b"),
    Term("discard pile", 1, "the face-up cards thrown at the end of each turn; written in this course from the "
         "bottom up, its top card last", "000, 004, 002, 003", r"\bdiscard pile\b"),
    Term("draw", 1, "the first step of a turn: take the top card of the stock, or take from the discard pile",
         "000, 004, 002, 003"),
    Term("meld", 1, "three or more cards laid face up as a run or a set; to meld is to lay a meld of your own from "
         "your hand", "000, 004, 002, 003", r"\bmelds?\b"),
    Term("run", 1, "three or more cards of one suit in unbroken order", "000, 004, 002, 003"),
    Term("set", 1, "three or four 3s, or three or four aces, all of different suits", "000, 004, 002, 003"),
    Term("wild card", 1, "a 2 or a joker: it stands in for a card you are missing", "000, 004, 002, 003",
         r"\bwild\b"),
    Term("going out", 1, "having no cards left, which ends the hand", "000, 004, 002, 003",
         r"\bgo(es)? out\b|\bwent out\b|\bgoing out\b"),
    Term("side", 1, "one player, or at four players a partnership of two partners sitting opposite",
         "000, 004, 002, 003", r"\bsides?\b"),
    Term("partnership", 1, "two players sitting opposite each other who score as one side (four players only)",
         "000, 004, 002, 003", r"\bpartner(s|ship|ships)?\b"),
    Term("target", 1, "the running total at which a match ends", "000, 004, 002, 003", r"\btarget\b"),
    Term("match", 1, "hands played one after another until a side's running total reaches the target",
         "000, 004, 002, 003", r"\bmatch(es)?\b"),
    Term("running total", 1, "a side's points over the hands of a match so far", "000, 004, 002, 003",
         r"\brunning totals?\b"),
    Term("rule set", 1, "one of the five ways of playing the engine knows: classic, classic-sum, jawaker, eram, "
         "kroot", "000, 004, 002, 003", r"\brule sets?\b"),
    Term("never melded", 1, "said of a player who laid no meld of his own in the hand; at the table he takes a "
         "flat −20 instead of counting his cards", "000, 004", r"\bnever melded\b|\bflat [-−]20\b"),
    Term("all at once", 1, "going out by laying the whole hand in one turn, with nothing melded before",
         "000, 004, 003", r"\ball at once\b"),
    Term("meld area", 1, "a player's melds together with the cards his partner added to them", "000, 004",
         r"\bmeld areas?\b"),
    Term("banking", 1, "writing a match's result down for good once a side has reached the target", "000",
         r"\bbank(s|ed|ing)?\b"),
    Term("natural card", 2, "any card from 3 to ace, playing as itself", "000, 004, 003", r"\bnaturals?\b"),
    Term("starter", 3, "in the apps, the first player: dealt 19 cards, he skips his first draw", "004, 002, 003",
         r"\bstarter\b"),
    Term("adding to a meld", 5, "putting cards from your hand onto a meld already on the table (laying off)",
         "000, 004, 002, 003", r"\blay(ing)? off\b|\blaid off\b"),
    Term("swapping a joker", 5, "putting a natural card in the place of a joker in a meld and taking the joker "
         "into your hand", "000, 004, 002, 003", r"\bswap(s|ped|ping)?\b"),
    Term("dhamoon", 6, "the classic score for going out all at once: a flat 40 for the player", "000, 004",
         r"\bdhamoon\b"),
    Term("dead hand", 6, "a hand in which the stock ran out before anyone went out; nobody scores it",
         "000, 004, 003", r"\bdead\b"),
    Term("rounding", 6, "half points rounded in the scorer's favour, once per side", "000, 004, 003",
         r"\bround(ed|ing|s)\b"),
    Term("score sheet", 6, "the running record of a match's hands and totals", "000", r"\bscore sheets?\b"),
    Term("classic-sum", 7, "classic with each side adding its two players' scores, whoever went out", "000, 004",
         r"\bclassic-sum\b|\bsummed\b"),
    Term("cold hand", 8, "Jawaker's and Kroot's score for going out all at once: a value for the whole side",
         "004, 003", r"\bcold hands?\b"),
    Term("carry", 10, "on 000's score sheet, a negative hand is written as 0 and its shortfall comes off the next "
         "positive hands", "000", r"\bshortfall\b|\bcarr(y|ied|ies)\b"),
    Term("tie-break hands", 10, "ERAM: hands played on when both sides pass the target with a lead of 5 or less",
         "002", r"\btie-break\b"),
)

#: Loose words for a glossary idea, and the term the lessons use instead.
LOOSE: dict[str, str] = {
    r"\bopen(ed|ing)\b": "never melded / meld (a player who has laid a meld of his own has melded)",
    r"\b(a|the|each|every|this|next|one) rounds?\b": "hand",
    r"\bout-goer": "the player who went out",
}


def words_of(text: str) -> str:
    """A lesson's words as the patterns read them: lower case, on one line, without markdown emphasis or links' targets."""
    text = re.sub(r"\*\*Next:\*\*.*", " ", text)  # the next lesson's title is its own, not this lesson's
    text = re.sub(r"\]\([^)]*\)", "]", text)  # a link's target is not a word of the lesson
    text = re.sub(r"`[^`]*`", " ", text)  # code: card codes, function names
    return " ".join(text.replace("*", "").lower().split())


def terms_used_early(lesson: int, text: str) -> list[str]:
    """The glossary terms ``text`` (lesson ``lesson``'s words) uses before the lesson that defines them."""
    words = words_of(text)
    return [t.word for t in TERMS if t.pattern and t.lesson > lesson and re.search(t.pattern, words)]


def loose_words(text: str) -> list[str]:
    words = words_of(text)
    return [f"{m.group(0)!r} (say: {term})" for pattern, term in LOOSE.items() for m in re.finditer(pattern, words)]


def glossary_markdown() -> str:
    """docs/glossary.md: every term, its meaning, the lesson that defines it and its sources."""
    lines = ["# Glossary", "",
             "The words the course and [How to play Banakil](how-to-play.md) use, one word for each idea. "
             "Each is defined in the lesson named beside it and used only from that lesson on. The sources are "
             "cited by short name: 000 and 004 (the table rules, and 004's Jawaker section), 002 (ERAM), "
             "003 (Kroot).", "",
             "Written down once for the whole course: **the discard pile is always written from the bottom up, "
             "its top card last.**", "",
             "| word | meaning | defined in | sources |", "|---|---|---|---|"]
    for t in sorted(TERMS, key=lambda t: (t.lesson, t.word)):
        lines.append(f"| **{t.word}** | {t.meaning} | lesson {t.lesson} | {t.sources} |")
    return "\n".join(lines) + "\n"


__all__ = ["Term", "TERMS", "LOOSE", "words_of", "terms_used_early", "loose_words", "glossary_markdown"]
