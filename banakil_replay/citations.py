"""Which source a rule comes from under the rule set in force: every printed citation is made here.

Each preset rests on its own source: ``classic`` and ``classic-sum`` on 000 and 004, ``jawaker`` on
004's last section (which lists only where Jawaker differs, so 004's other sections are Jawaker's
rules too) and 000's summary of it ("online version"), ``eram`` on 002 and ``kroot`` on 003. A
topic is a rule knob of :class:`~.rules.Ruleset`, one of the topics below that is not a knob (the
turn, melds, runs ...) or a :class:`~.rulebook.Rule`; :func:`cite` gives its citation under a rule
set, so the scoring working, the rule lines of the options, the lessons' verdicts and the
rulebook's refusals explained under a rule set can never cite a source another rule set rests on.

Where a preset's source says nothing and the preset keeps the classic rule, or makes a choice of
its own, the citation says so in words ("the classic rule", "the project's choice"); a knob a log
sets in its ``options`` is cited as an option. A citation never holds ": " (a rule line puts its
sources before the first one).

>>> from .rules import get_ruleset
>>> cite(get_ruleset("kroot"), "cold_hand_values")
'003 (cold hands)'
>>> cite(get_ruleset("jawaker"), "cold_hand_values")
"004 (Jawaker 5); 000's online version gives 102, not 101"
>>> cite(get_ruleset("classic"), "discard", "go_out_without_discard")
'000 (Play, Ending), 004 (draw and discard, ending)'
>>> print(cite(get_ruleset("jawaker", {"joker_swap": "valid_result"}), "joker_swap"))
004 (exchanging a joker), set by this log's options
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .rulebook import Rule
from .rules import CLASSIC, RULESETS, Ruleset

# The sources each preset rests on (what a citation under it may name without saying why).
OWN_SOURCES: dict[str, frozenset[str]] = {
    "classic": frozenset({"000", "004"}), "classic-sum": frozenset({"000", "004"}),
    "jawaker": frozenset({"004"}), "eram": frozenset({"002"}), "kroot": frozenset({"003"}),
}
# The words a citation uses when it names a source outside the preset's own, and why.
CLASSIC_KEPT = "the classic rule"
CHOICE = "the project's choice"
OPTION = "set by this log's options"
NO_SOURCE = "no source plays it so"
BANKED = "000 (Ending)"  # a banked match is over for good: it is banked once
ONLINE = "000 (online version)"  # 000's summary of the Jawaker rules: a Jawaker source where it agrees


def _kept(silent: str, classic: str) -> str:
    """A preset whose source is silent on a topic (``silent`` says so) and keeps the classic rule."""
    return f"{silent}; the preset keeps {CLASSIC_KEPT} of {classic}"


Cites = Mapping[str, Any]  # preset name -> citation text, or {knob value: citation text}


def _by(classic: Any, jawaker: Any, eram: Any, kroot: Any, **more: Any) -> dict[str, Any]:
    """One topic's citation under each preset (``classic_sum=`` where classic-sum differs); a citation
    may be a dict by knob value, where a preset's sources give more than one value."""
    out = {"classic": classic, "classic-sum": classic, "jawaker": jawaker, "eram": eram, "kroot": kroot}
    out.update({name.replace("_", "-"): text for name, text in more.items()})
    return out


_SCORING = "000 (Scoring), 004 (scoring)"
_DRAW = "000 (Play), 004 (draw and discard)"
_MELDING = "000 (Play), 004 (melding)"
_RUNS = "000 (Play), 004 (runs)"
_SETS = "000 (Play), 004 (sets)"
_KROOT_MELDS = "003 (melds and the banakil wild)"
_ENDING = "000 (Ending, FAQ), 004 (ending)"

TOPICS: dict[str, Cites] = {
    # ---------------------------------------------------------------- knobs
    "player_counts": _by("000 (Players and equipment), 004 (players and cards)",
                         "004 (Jawaker rules, a game for four)", "002 (what you need)", "003 (players and cards)"),
    "opening": _by("000 (The deal), 004 (deal)", f"004 (Jawaker 1), {ONLINE}", "002 (the deal)", "003 (the deal)"),
    "ace_low": _by("000 (Play, FAQ), 004 (runs)", "004 (runs)", "002 (types of melds)", _KROOT_MELDS),
    "ace_value": _by(_SCORING, f"004 (Jawaker 4), {ONLINE}", "002 (card point values)",
                     f"003 lists no ace value; 1 is {CHOICE} (see the README)"),
    "discard_limit": _by(_DRAW, "004 (draw and discard)", _kept("002 names no discard limit", _DRAW),
                         "003 (how a turn works)"),
    "partner_melds": _by(_MELDING, "004 (melding)", "002 (team melds, no condition stated)",
                         "003 (laying off, no condition stated)"),
    "two_movement": _by(_RUNS, "004 (Jawaker 3)", "002 (the banakla and the Joker)", "003 (moving a banakil)"),
    "joker_movement": _by(_RUNS, "004 (Jawaker 2)", "002 (quick questions)", "003 (taking back a Joker)"),
    "joker_swap": _by("004 (exchanging a joker)", "004 (Jawaker 2)", "002 (quick questions)",
                      "003 (taking back a Joker)"),
    "max_run_length": _by(_RUNS, "004 (runs)", "002 (types of melds, the ace low or high)", _KROOT_MELDS),
    "thirteenth_card_two": _by("004 (runs)", "004 (runs)", f"002 names no 13th card; none is {CHOICE}",
                               _KROOT_MELDS),
    "go_out_without_discard": _by("000 (Ending), 004 (ending)", "004 (ending)", "002 (ending the deal)",
                                  "003 (going out)"),
    "empty_stock": _by(_ENDING, "004 (ending)", "002 (closed pile runs out)", "003 (going out)"),
    "max_reshuffles": _by(_ENDING, "004 (ending)", "002 (closed pile runs out)", "003 (going out)"),
    "team_scoring": _by(_SCORING, "004 (scoring)", "002 (scoring)", "003 (scoring)",
                        classic_sum="000 (Scoring the side as a sum), 004 (variants)"),
    "meld_credit": _by("000 (Scoring), 004 (melding)", "004 (melding)", "002 (scoring)", "003 (scoring)"),
    "going_out_bonus": _by(_SCORING, "004 (scoring)", "002 (scoring)", "003 (scoring)"),
    "never_melded": _by(_SCORING, "004 (scoring)", "002 (scoring)",
                        "003 (scoring) has no flat score for melding nothing"),
    "finished_without_opening": _by(f"{_SCORING} have no such case", "004 (scoring) has no such case",
                                    "002 (scoring)", "003 (scoring) has no such case"),
    "all_at_once": _by(_SCORING, f"004 (Jawaker 5), {ONLINE}", "002 names no score for going out all at once",
                       "003 (cold hands)"),
    "all_at_once_value": _by(_SCORING, "004 (Jawaker 5) has no flat score", "002 has no flat score",
                             "003 (cold hands) has no flat score"),
    "dhamoon_needs_others_unmelded": _by(_SCORING, "004 (Jawaker 5) has no dhamoon", "002 has no dhamoon",
                                         "003 (cold hands) has no dhamoon"),
    "cold_hand_values": _by(f"{_SCORING} have no cold hand",
                            {(51, 101): "004 (Jawaker 5); 000's online version gives 102, not 101", (51, 102): ONLINE},
                            "002 has no cold hand", "003 (cold hands)"),
    "cold_hand_at_least": _by(f"{_SCORING} have no cold hand", "004 (Jawaker 5)", "002 has no cold hand",
                              "003 (cold hands)"),
    "rounding": _by(_SCORING, "004 (scoring)", "002 (card point values, half points kept)", "003 (scoring)"),
    "targets": _by("000 (FAQ), 004 (scoring)", f"004 (Jawaker 6), {ONLINE}", "002 (winning the match)",
                   "003 (objective, winning the match)"),
    "match_end": _by("000 (Ending), 004 (scoring)", "004 (scoring)", "002 (winning the match)",
                     "003 (winning the match)"),
    "tiebreak_gap": _by("000 (Ending), 004 (scoring) have no tie-break", "004 (scoring) has no tie-break",
                        "002 (winning the match)", "003 (winning the match) has no tie-break"),
    "sheet_carry": _by("000 (Scoring, the score sheet)", "004 has no score sheet", "002 has no score sheet",
                       "003 has no score sheet"),
    "dealer_order": _by("000 (Ending, FAQ)", _kept("004 says nothing of who deals next", "000 (Ending, FAQ)"),
                        "002 (the deal)", "003 (the deal)"),
    "no_turn_scores_zero": _by("000 (letting the earliest hands off), 004 (variants)",
                               "004 (variants; not a Jawaker rule)", "002 has no such variant",
                               "003 has no such variant"),
    # ---------------------------------------------------------------- topics that are not knobs
    "log": _by(*["docs/event-log.md"] * 4),
    "cards": _by("000 (Players and equipment), 004 (players and cards)", "004 (players and cards)",
                 "002 (what you need)", "003 (players and cards)"),
    "card_values": _by(_SCORING, "004 (scoring)", "002 (card point values)",
                       f"003 lists only 2 = 2 and joker = 4; the other values are {CHOICE}, the classic ones "
                       "(003's example counts 6♦ 8♣ K♠ as 2.5)"),
    "deal": _by("000 (The deal), 004 (deal)", "004 (deal, Jawaker 1)", "002 (the deal)", "003 (the deal)"),
    "turn": _by("000 (Play), 004 (play)", "004 (play)", "002 (your turn)", "003 (how a turn works)"),
    "draw": _by(_DRAW, "004 (draw and discard)", "002 (your turn)", "003 (how a turn works)"),
    "discard": _by(_DRAW, "004 (draw and discard)", "002 (your turn)", "003 (how a turn works)"),
    "melds": _by("000 (Play), 004 (runs, sets)", "004 (runs, sets)",
                 "002 (types of melds, the banakla and the Joker)", _KROOT_MELDS),
    "runs": _by(_RUNS, "004 (runs)", "002 (types of melds)", _KROOT_MELDS),
    "sets": _by(_SETS, "004 (sets)", "002 (types of melds)", _KROOT_MELDS),
    "set_size": _by(_SETS, "004 (sets)", "002 (the banakla and the Joker)",
                    _kept("003 names no largest set", _SETS)),
    "no_two_in_a_set": _by(_SETS, "004 (sets)", "002 (the banakla and the Joker)",
                           _kept("003 names no rule for a 2 in a set", _SETS)),
    "lay_off": _by(_MELDING, "004 (melding)", "002 (team melds)", "003 (laying off)"),
    "wild_movement": _by(_RUNS, "004 (Jawaker 2, 3)", "002 (the banakla and the Joker, quick questions)",
                         "003 (moving a banakil, taking back a Joker)"),
}

# Knob values no preset plays that a source gives as a variant: cited when a log's options set them.
VARIANTS: dict[str, dict[Any, str]] = {
    "no_turn_scores_zero": {True: "000 (letting the earliest hands off), 004 (variants)"},
    "sheet_carry": {True: "000 (Scoring, the score sheet)"},
    "partner_melds": {"never": "003 (laying off) gives it for 1v1"},
}

# The topic(s) each rule of the rulebook rests on.
RULE_TOPICS: dict[Rule, tuple[str, ...]] = {
    **{r: ("log",) for r in (Rule.LINES, Rule.EVENT_TYPES, Rule.EVENT_FIELDS, Rule.FORMAT_VERSION, Rule.CHAIN,
                            Rule.LOG_STARTS, Rule.CONTIGUOUS_SEQ, Rule.RULE_SET, Rule.ANNOTATIONS_POINT_BACK,
                            Rule.ONE_SCORE_PER_SIDE, Rule.RECORDED_HAND, Rule.HAND_INPUT, Rule.DRAW_RECORDED,
                            Rule.HANDS_IN_ORDER, Rule.SEATS)},
    Rule.ONE_HAND_AT_A_TIME: ("deal",), Rule.DEALER_ORDER: ("dealer_order",), Rule.DEAL: ("deal", "opening"),
    Rule.OPENING: ("opening",), Rule.CARD_CONSERVATION: ("cards",),
    **{r: ("turn",) for r in (Rule.HAND_IN_PLAY, Rule.TURN_ORDER, Rule.ONE_DRAW_PER_TURN, Rule.DRAW_FIRST,
                             Rule.CARDS_FROM_HAND, Rule.MELD_EXISTS)},
    Rule.EMPTY_STOCK: ("empty_stock",), Rule.DRAW_FROM_TOP: ("draw",), Rule.TAKE_FROM_PILE: ("draw",),
    Rule.NO_THROWING_BACK_LONE_TOP: ("discard_limit",), Rule.NO_DISCARDING_TAKEN: ("discard_limit",),
    Rule.KEEP_A_LEGAL_DISCARD: ("discard_limit",), Rule.GO_OUT_WITH_DISCARD: ("go_out_without_discard",),
    Rule.RESHUFFLE: ("max_reshuffles",), Rule.DISCARD: ("discard",),
    **{r: ("melds",) for r in (Rule.MELDS, Rule.MELD_SIZE, Rule.ONE_JOKER_PER_MELD, Rule.ONE_TWO_PER_MELD,
                              Rule.NATURAL_CARD_NEEDED, Rule.ARRANGEMENT, Rule.MELD_KIND)},
    Rule.SET_RANKS: ("sets",), Rule.SET_SUITS_DIFFER: ("sets",), Rule.SET_SIZE: ("set_size",),
    Rule.NO_TWO_IN_A_SET: ("no_two_in_a_set",),
    **{r: ("runs",) for r in (Rule.RUN_SUIT, Rule.RUN_RANKS_DIFFER, Rule.RUN_CONSECUTIVE, Rule.RUN_ORDER)},
    Rule.RUN_LENGTH: ("max_run_length", "thirteenth_card_two"), Rule.ACE_HIGH_ONLY: ("ace_low",),
    Rule.WILD_MOVEMENT: ("two_movement", "joker_movement"), Rule.JOKER_SWAP: ("joker_swap",),
    Rule.ADDING: ("lay_off",), Rule.LAY_OFF: ("lay_off",), Rule.OWN_AND_PARTNER_MELDS: ("lay_off",),
    Rule.OWN_MELDS_ONLY: ("partner_melds",), Rule.PARTNER_AFTER_OWN_MELD: ("partner_melds",),
    Rule.MATCH_END: ("targets", "match_end"),
}


def preset_of(rules: Ruleset) -> Ruleset:
    """The preset ``rules`` derives from (classic for a rule set of no known preset)."""
    return RULESETS.get(rules.name, CLASSIC)


def _one(rules: Ruleset, topic: str) -> str:
    preset = preset_of(rules)
    entry = TOPICS[topic][preset.name]
    knob = topic if topic in Ruleset.__dataclass_fields__ else None
    value = getattr(rules, knob) if knob else None
    option = knob is not None and value != getattr(preset, knob)
    if isinstance(entry, Mapping):  # a citation for each value the preset's sources give
        if value in entry:
            return str(entry[value]) + (f", {OPTION}" if option else "")
        entry = entry[getattr(preset, topic)]
    if not option:
        return str(entry)
    # a knob the log's options set: cite a preset that plays it that way, as an option
    for other in RULESETS.values():
        if getattr(other, topic) == value:
            return f"{_one(other, topic)}, {OPTION}"
    if value in VARIANTS.get(topic, {}):
        return f"{VARIANTS[topic][value]}, {OPTION}"
    return f"{OPTION}; {NO_SOURCE}"


_PLAIN = re.compile(r"(\d{3})(?: \(([^()]*)\))?")


def _parts(text: str) -> list[tuple[str, list[str]]] | None:
    """``000 (Play), 004 (runs, sets)`` as [("000", ["Play"]), ("004", ["runs", "sets"])]; None for prose."""
    found = list(_PLAIN.finditer(text))
    if ", ".join(m[0] for m in found) != text:
        return None
    return [(m[1], m[2].split(", ") if m[2] else []) for m in found]


def cite(rules: Ruleset, *topics: str | Rule) -> str:
    """The citation of these topics (knobs, topics of :data:`TOPICS`, rules) under ``rules``.

    Plain citations merge by source (``000 (Play), 004 (draw and discard)`` and ``000 (Ending)``
    give ``000 (Play, Ending), 004 (draw and discard)``); others are joined with "; ", each once
    (and not at all when another says it already).
    """
    names = [n for t in topics for n in (RULE_TOPICS[t] if isinstance(t, Rule) else (t,))]
    texts = list(dict.fromkeys(_one(rules, t) for t in names))
    texts = [t for t in texts if not any(o.startswith((t + ";", t + ",")) for o in texts)]  # said in another
    parsed = [_parts(t) for t in texts]
    if any(p is None for p in parsed):
        return "; ".join(texts)
    merged: dict[str, list[str]] = {}
    for parts in parsed:
        for source, sections in parts or ():
            have = merged.setdefault(source, [])
            have += [s for s in sections if s not in have]
    return ", ".join(f"{s} ({', '.join(secs)})" if secs else s for s, secs in merged.items())


def sources_named(text: str) -> set[str]:
    """The source short names a citation names: ``{"000", "004"}``."""
    return set(re.findall(r"(?<![\w.])(00[0-4])(?![\w.])", text))


__all__ = ["OWN_SOURCES", "TOPICS", "VARIANTS", "RULE_TOPICS", "CLASSIC_KEPT", "CHOICE", "OPTION", "NO_SOURCE",
           "ONLINE", "preset_of", "cite", "sources_named"]
