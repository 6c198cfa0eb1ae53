"""The course's words: one term per idea, the lesson that defines it, and its sources.

:data:`TERMS` is the glossary the lessons link (rendered into ``docs/glossary.md`` by
:func:`glossary_markdown`; ``tools/make_notebooks.py`` writes it with the lessons). Each term has a
pattern that finds it in a lesson's words, so a test can check that no lesson uses a term before
the lesson that defines it. A term's word and meaning are marked for the catalog and said in the
reader's language (:meth:`Term.said_word`, :meth:`Term.said_meaning`, and the page itself under
``language("ar")``); the patterns and anchors are English, as the lessons they check. :data:`LOOSE`
lists words that name a glossary idea loosely (``opened`` for *melded*, ``round`` for *hand*): the
lessons use the term instead.

>>> next(t for t in TERMS if t.word == "dhamoon").lesson
6
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..i18n import N_, NP_, _, pgettext


class Term(NamedTuple):
    word: str
    lesson: int  # the lesson that defines it (it may not be used before)
    meaning: str
    sources: str
    pattern: str = ""  # a regular expression that finds the term in a lesson's words (lower case); "" = not checked

    @property
    def anchor(self) -> str:
        return re.sub(r"[^\w\- ]", "", self.word.lower()).replace(" ", "-")

    # ``word`` and ``meaning`` stay the English the lessons are checked against (and the anchors are
    # made of); a reader gets them in his language, looked up when said
    def said_word(self) -> str:
        """The term in the reader's language (Arabic: docs/glossary.ar.md's word for it)."""
        return pgettext("glossary term", self.word)

    def said_meaning(self) -> str:
        """What the term means, in the reader's language."""
        return _(self.meaning)


TERMS: tuple[Term, ...] = (
    Term(NP_("glossary term", "hand"), 1,
         N_("one deal of the cards, played until someone goes out or the stock runs out; also the cards a "
            "player holds"),
         "000, 004, 002, 003"),
    Term(NP_("glossary term", "stock"), 1,
         N_("the face-down cards left after the deal; you draw from its top"),
         "000, 004, 002, 003", r"\bstock\b"),
    Term(NP_("glossary term", "discard pile"), 1,
         N_("the face-up cards thrown at the end of each turn; written in this course from the bottom up, "
            "its top card last"),
         "000, 004, 002, 003", r"\bdiscard pile\b"),
    Term(NP_("glossary term", "draw"), 1,
         N_("the first step of a turn: take the top card of the stock, or take from the discard pile"),
         "000, 004, 002, 003"),
    Term(NP_("glossary term", "meld"), 1,
         N_("three or more cards laid face up as a run or a set; to meld is to lay a meld of your own from "
            "your hand"),
         "000, 004, 002, 003", r"\bmelds?\b"),
    Term(NP_("glossary term", "run"), 1,
         N_("three or more cards of one suit in unbroken order"),
         "000, 004, 002, 003"),
    Term(NP_("glossary term", "set"), 1,
         N_("three or four 3s, or three or four aces, all of different suits"),
         "000, 004, 002, 003"),
    Term(NP_("glossary term", "wild card"), 1,
         N_("a 2 or a joker: it stands in for a card you are missing"),
         "000, 004, 002, 003", r"\bwild\b"),
    Term(NP_("glossary term", "going out"), 1,
         N_("having no cards left, which ends the hand"),
         "000, 004, 002, 003", r"\bgo(es)? out\b|\bwent out\b|\bgoing out\b"),
    Term(NP_("glossary term", "side"), 1,
         N_("one player, or at four players a partnership of two partners sitting opposite"),
         "000, 004, 002, 003", r"\bsides?\b"),
    Term(NP_("glossary term", "partnership"), 1,
         N_("two players sitting opposite each other who score as one side (four players only)"),
         "000, 004, 002, 003", r"\bpartner(s|ship|ships)?\b"),
    Term(NP_("glossary term", "target"), 1,
         N_("the running total at which a match ends"),
         "000, 004, 002, 003", r"\btarget\b"),
    Term(NP_("glossary term", "match"), 1,
         N_("hands played one after another until a side's running total reaches the target"),
         "000, 004, 002, 003", r"\bmatch(es)?\b"),
    Term(NP_("glossary term", "running total"), 1,
         N_("a side's points over the hands of a match so far"),
         "000, 004, 002, 003", r"\brunning totals?\b"),
    Term(NP_("glossary term", "rule set"), 1,
         N_("one of the five ways of playing the engine knows: classic, classic-sum, jawaker, eram, kroot"),
         "000, 004, 002, 003", r"\brule sets?\b"),
    Term(NP_("glossary term", "never melded"), 1,
         N_("said of a player who laid no meld of his own in the hand; at the table he takes a flat −20 "
            "instead of counting his cards"),
         "000, 004", r"\bnever melded\b|\bflat [-−]20\b"),
    Term(NP_("glossary term", "all at once"), 1,
         N_("going out by laying the whole hand in one turn, with nothing melded before"),
         "000, 004, 003", r"\ball at once\b"),
    Term(NP_("glossary term", "meld area"), 1,
         N_("a player's melds together with the cards his partner added to them"),
         "000, 004", r"\bmeld areas?\b"),
    Term(NP_("glossary term", "banking"), 1,
         N_("writing a match's result down for good once a side has reached the target"),
         "000", r"\bbank(s|ed|ing)?\b"),
    Term(NP_("glossary term", "natural card"), 2,
         N_("any card from 3 to ace, playing as itself"),
         "000, 004, 003", r"\bnaturals?\b"),
    Term(NP_("glossary term", "starter"), 3,
         N_("in the apps, the first player: dealt 19 cards, he skips his first draw"),
         "004, 002, 003", r"\bstarter\b"),
    Term(NP_("glossary term", "adding to a meld"), 5,
         N_("putting cards from your hand onto a meld already on the table (laying off)"),
         "000, 004, 002, 003", r"\blay(ing)? off\b|\blaid off\b"),
    Term(NP_("glossary term", "swapping a joker"), 5,
         N_("putting a natural card in the place of a joker in a meld and taking the joker into your hand"),
         "000, 004, 002, 003", r"\bswap(s|ped|ping)?\b"),
    Term(NP_("glossary term", "dhamoon"), 6,
         N_("the classic score for going out all at once: a flat 40 for the player"),
         "000, 004", r"\bdhamoon\b"),
    Term(NP_("glossary term", "dead hand"), 6,
         N_("a hand in which the stock ran out before anyone went out; nobody scores it"),
         "000, 004, 003", r"\bdead\b"),
    Term(NP_("glossary term", "rounding"), 6,
         N_("half points rounded in the scorer's favour, once per side"),
         "000, 004, 003", r"\bround(ed|ing|s)\b"),
    Term(NP_("glossary term", "score sheet"), 6,
         N_("the running record of a match's hands and totals"),
         "000", r"\bscore sheets?\b"),
    Term(NP_("glossary term", "classic-sum"), 7,
         N_("classic with each side adding its two players' scores, whoever went out"),
         "000, 004", r"\bclassic-sum\b|\bsummed\b"),
    Term(NP_("glossary term", "cold hand"), 8,
         N_("Jawaker's and Kroot's score for going out all at once: a value for the whole side"),
         "004, 003", r"\bcold hands?\b"),
    Term(NP_("glossary term", "carry"), 10,
         N_("on 000's score sheet, a negative hand is written as 0 and its shortfall comes off the next "
            "positive hands"),
         "000", r"\bshortfall\b|\bcarr(y|ied|ies)\b"),
    Term(NP_("glossary term", "tie-break hands"), 10,
         N_("ERAM: hands played on when both sides pass the target with a lead of 5 or less"),
         "002", r"\btie-break\b"),
)

#: Loose words for a glossary idea, and the term the lessons use instead (for whoever writes the
#: English lessons, in a test's message: not a learner's words, so not in the catalog).
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
    """docs/glossary.md: every term, its meaning, the lesson that defines it and its sources (in the
    language spoken when it is called; the page written to docs/ is the English one)."""
    lines = ["# " + _("Glossary"), "",
             _("The words the course and [How to play Banakil](how-to-play.md) use, one word for each idea. "
               "Each is defined in the lesson named beside it and used only from that lesson on. The sources are "
               "cited by short name: 000 and 004 (the table rules, and 004's Jawaker section), 002 (ERAM), "
               "003 (Kroot)."), "",
             _("Written down once for the whole course: **the discard pile is always written from the bottom up, "
               "its top card last.**"), "",
             _("| word | meaning | defined in | sources |"), "|---|---|---|---|"]
    for t in sorted(TERMS, key=lambda t: (t.lesson, t.word)):
        lesson = pgettext("glossary", "lesson {n}").format(n=t.lesson)
        lines.append(f"| **{t.said_word()}** | {t.said_meaning()} | {lesson} | {t.sources} |")
    return "\n".join(lines) + "\n"


__all__ = ["Term", "TERMS", "LOOSE", "words_of", "terms_used_early", "loose_words", "glossary_markdown"]
