"""Where exercise positions come from: the sources' own examples, and seeded self-play.

The hand-picked cards are the sources' meld, lay-off and scoring examples (the ones the guide
``docs/how-to-play.md`` shows and ``tests/test_melds_sources.py`` checks); whether each is a meld
or fits is never written here, only the cards: the engine decides under the rule set in force.
Self-play positions come from one hand dealt by :func:`~banakil_replay.play.bots.selfplay.deal_event` and
played by the project's bots (``play_match`` with ``max_hands=1``), so the same seed always gives
the same states.

An origin is data (an exercise's JSON keeps it in English, as the log keeps events): it is put in the
reader's words only when shown, by :func:`origin_words`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from ..citation_words import SECTION  # the context a source's section heading is said in
from ..examples import load_examples
from ..i18n import N_, NP_, _, ngettext, pgettext
from ..play.bots.selfplay import make_bots, play_match
from ..reducer import Replay, replay
from ..rules import Ruleset, get_ruleset


class Picked(NamedTuple):
    """Cards from a source's example, with where they come from."""

    cards: str
    origin: str


class PickedLayOff(NamedTuple):
    """A meld from a source's example of adding cards, and a hand of the cards it discusses."""

    meld: str
    hand: str
    origin: str


# 004 (runs, sets): the valid and invalid examples; 002: ERAM's low ace; the guide's two-wild run.
MELD_EXAMPLES: tuple[Picked, ...] = (
    Picked("7H 8H 9H", N_("004 (runs)")),
    Picked("JS QS KS AS", N_("004 (runs)")),
    Picked("2C 5D 6D", N_("004 (runs)")),
    Picked("10C JK 2H", N_("004 (runs)")),
    Picked("AD 2D 3D", N_("004 (runs); 002 (ace low)")),
    Picked("KS AS 2S", N_("004 (runs)")),
    Picked("7D 2S 9D 2D JD", N_("004 (runs)")),
    Picked("JK JC 2H JK AC", N_("004 (runs)")),
    Picked("3C 3H 3S", N_("004 (sets)")),
    Picked("AC AH AS AD", N_("004 (sets)")),
    Picked("AH AS JK", N_("004 (sets)")),
    Picked("KC KH KS", N_("004 (sets)")),
    Picked("3C 3H 3H", N_("004 (sets)")),
    Picked("AH AS 2D", N_("004 (sets)")),
    Picked("3D 3S JK JK", N_("004 (sets)")),
    Picked("AC AH AS AD JK", N_("004 (sets)")),
    Picked("5H 6H 7C", N_("000, 004 (runs)")),
    Picked("7H 8H", N_("000, 004 (melds)")),
    Picked("2C JK 5D", N_("002, 003 (wild cards)")),
)

# A source meld hidden among a few other cards: find it (or another one).
MAKE_MELD_EXAMPLES: tuple[Picked, ...] = (
    Picked("9H KS 7H 4C 8H QD", N_("004 (runs)")),
    Picked("6D 10S 2C 5D JH 3S", N_("004 (runs)")),
    Picked("AH 9C AS 5S JK KD", N_("004 (sets)")),
    Picked("3C 8D 3H QS 3S 7C", N_("004 (sets)")),
    Picked("KS 4H AS 9D 2S 6C", N_("004 (runs)")),
    Picked("10C 5H JK KD 2H 8S", N_("004 (runs)")),
)

# 004 (adding cards to a run; to a set), 004 (Jawaker 2-3) and 003 (moving a banakil).
LAY_OFF_EXAMPLES: tuple[PickedLayOff, ...] = (
    PickedLayOff("7H 8H 9H", "6H 10H 2S JK 5H 7C", N_("004 (adding cards to a run)")),
    PickedLayOff("2C 5D 6D", "3D 4D 7D 8D 9D JK", N_("004 (adding cards to a run)")),
    PickedLayOff("10C JK 2H", "9C KC JC QC 8C 7C 2S", N_("004 (adding cards to a run)")),
    PickedLayOff("3C 3H 3S", "3D JK 3H AC", N_("004 (adding a card to a set)")),
    PickedLayOff("3C 3H 3D JK", "3S JK 3H", N_("004 (adding a card to a set)")),
    PickedLayOff("6S 7S JK", "9S 4S 5S 8S", N_("004 (Jawaker 2)")),
    PickedLayOff("9D 2H JD", "10D 8D QD", N_("004 (Jawaker 3)")),
    PickedLayOff("3C 2D 5C", "4C 6C 2S", N_("004 (Jawaker 3)")),
    PickedLayOff("5H 6H 2S 8H", "7H 9H 4H 10H", N_("003 (moving a banakil)")),
)


#: every hand-picked origin, so that only these are looked up in the catalog
_PICKED_ORIGINS = frozenset([p.origin for p in (*MELD_EXAMPLES, *MAKE_MELD_EXAMPLES)]
                             + [p.origin for p in LAY_OFF_EXAMPLES])

#: The headings of the sources' worked scoring examples, as the examples file quotes them, each said whole
#: (a heading of a new worked example is shown as written until it is added here; a test names it).
WORKED_SECTIONS: tuple[tuple[str, str], ...] = (
    ("A worked hand", NP_("source section", "A worked hand")),
    ("Scoring", NP_("source section", "Scoring")),
    ("Cold hands vs normal rounds", NP_("source section", "Cold hands vs normal rounds")),
    (r"Scoring in Banakil, Examples, example (?P<n>\d+)",
     NP_("source section", "Scoring in Banakil, Examples, example {n}")),
    (r"Banakil variants, partnership sum, example (?P<n>\d+)",
     NP_("source section", "Banakil variants, partnership sum, example {n}")),
    (r"Jawaker rules, item (?P<n>\d+)", NP_("source section", "Jawaker rules, item {n}")),
)
_WORKED = re.compile(r"(?P<source>\d{3}) \((?P<section>.+)\)")
_SELF_PLAY = re.compile(r"self-play \((?P<rules>[^,]+), (?P<n>\d+) players\), after event (?P<seq>\d+)")


def self_play_origin(rules: str, players: int, seq: int) -> str:
    """Where a self-play position comes from, as data (English; :func:`origin_words` says it)."""
    return f"self-play ({rules}, {players} players), after event {seq}"


def worked_origin(source: str, section: str) -> str:
    """Where a worked scoring example comes from, as data: its source's number and section heading."""
    return f"{source[:3]} ({section})"


def section_words(section: str) -> str | None:
    """A worked example's section heading in the reader's language, or None when it has no words here."""
    for pattern, template in WORKED_SECTIONS:
        found = re.fullmatch(pattern, section)
        if found is not None:
            return pgettext(SECTION, template).format(**found.groupdict())
    return None


def origin_words(origin: str) -> str:
    """An exercise's origin in the reader's language: a hand-picked example's source and section, or the
    self-play deal it comes from. A worked scoring example's origin names the source's own section
    heading, as the examples file quotes it (:data:`WORKED_SECTIONS` says it)."""
    if origin in _PICKED_ORIGINS:
        return _(origin)
    worked = _WORKED.fullmatch(origin)
    said = section_words(worked["section"]) if worked is not None else None
    if worked is not None and said is not None:
        return _("{source} ({section})").format(source=worked["source"], section=said)
    found = _SELF_PLAY.fullmatch(origin)
    if found is None:
        return origin
    n = int(found["n"])
    return ngettext("self-play ({rules}, {n} player), after event {seq}",
                    "self-play ({rules}, {n} players), after event {seq}", n).format(
        rules=found["rules"], n=n, seq=found["seq"])


def worked_examples(rules: Ruleset) -> list[dict[str, Any]]:
    """The sources' worked scoring examples played under exactly ``rules``.

    Left out: the score-sheet example (a sheet, not a hand), examples that change knobs of the
    preset (a question is asked under the rule set in force), and the ones whose stated figures
    hold only with a slip in the source corrected (a learner should meet a clean example).
    """
    out = []
    for ex in load_examples():
        if ex.get("kind") == "sheet" or ex.get("options") or ex.get("known_slip"):
            continue
        if get_ruleset(ex["rules"]) == rules:
            out.append(ex)
    return out


# ---------------------------------------------------------------- self-play
PLAY_BOTS = "mixed"  # heuristic and random seats: the random ones reach the positions a learner meets


def players_for(rules: Ruleset, hand_seed: int) -> int:
    """The table size a self-play hand uses: the rule set's counts in turn, by seed."""
    return rules.player_counts[hand_seed % len(rules.player_counts)]


@lru_cache(maxsize=64)
def played_hand(rules: Ruleset, hand_seed: int) -> Replay:
    """One hand dealt from ``hand_seed`` and played to its end by the bots, every state kept."""
    preset = get_ruleset(rules.name)
    if preset != rules:
        # a developer's slip (the course deals only under presets), never a learner's: it stays English
        raise ValueError(f"self-play positions are dealt under a preset; {rules.name!r} has changed knobs")
    players = players_for(rules, hand_seed)
    return replay(play_match(rules.name, players, make_bots(PLAY_BOTS, players, hand_seed), hand_seed, max_hands=1))


__all__ = ["Picked", "PickedLayOff", "MELD_EXAMPLES", "MAKE_MELD_EXAMPLES", "LAY_OFF_EXAMPLES",
           "WORKED_SECTIONS", "self_play_origin", "worked_origin", "section_words", "origin_words",
           "worked_examples", "players_for", "played_hand"]
