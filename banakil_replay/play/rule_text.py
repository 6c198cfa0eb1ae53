"""The sentences the engine says about the rules, each built from the rule set in force.

One function per kind of sentence, taking the :class:`~.rules.Ruleset` (and
the number of players where it matters), so that an explanation never states
a classic number under rules that say otherwise: the flat score for melding
nothing, who may add to whose melds, how often the pile is reshuffled, how a
joker is swapped, how a player goes out. Each sentence starts with the
sources it rests on.

>>> from banakil_replay.rules import get_ruleset
>>> reshuffle_rule(get_ruleset("eram"))
'002 (closed pile runs out): the pile but its top card becomes the stock, twice a hand at most'
>>> first_meld_relief(get_ruleset("classic")), first_meld_relief(get_ruleset("kroot"))
('no more risk of the flat -20 for melding nothing', '')
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Callable, Mapping

from ..citation_words import cite_said as cite  # the rule lines are read: their citations in the reader's words
from ..i18n import _, current_language, ngettext
from ..rules import Ruleset


def times(n: int) -> str:
    """A count of times in words: once, twice, 3 times."""
    if n == 2:  # English says "twice", not "2 times" (Arabic's dual form says the same thing its own way)
        return _("twice")
    return ngettext("once", "{n} times", n).format(n=n)


def never_melded_score(rules: Ruleset) -> float | None:
    """The flat hand score of a player who melded nothing, or None where there is none.

    Under Kroot's scoring (``team_scoring="laid_cards"``, 003) nobody takes a
    flat score: the side that went out scores the going-out bonus and the
    cards it laid, and each player of the other side loses what he holds,
    whether he melded or not (``scoring._laid_cards``).
    """
    return None if rules.team_scoring == "laid_cards" else rules.never_melded


def first_meld_relief(rules: Ruleset) -> str:
    """What a player's first meld spares him, or "" when it spares him nothing in the score."""
    flat = never_melded_score(rules)
    if flat is None or flat >= 0:
        return ""
    return _("no more risk of the flat {score} for melding nothing").format(score=f"{flat:g}")


# ----------------------------------------------------- one rule line per option kind
def draw_rule(rules: Ruleset, players: int = 2) -> str:
    return _("{sources}: draw the top card of the stock").format(sources=cite(rules, "draw"))


def take_rule(rules: Ruleset, players: int = 2) -> str:
    limit = ("discard_limit",) if discard_limit_clause(rules) else ()
    text = _("{sources}: take from the pile, every card above the one you want comes too")
    return text.format(sources=cite(rules, "draw", *limit)) + discard_limit_clause(rules)


def discard_limit_clause(rules: Ruleset) -> str:
    """'; ...' naming the cards taken from the pile that may not be discarded the same turn."""
    if rules.discard_limit == "lone_top_card":
        return _("; a lone card taken may not be thrown straight back, nor a copy of it")
    if rules.discard_limit == "any_taken":
        return _("; no card taken, nor a copy of one, may be thrown back that turn")
    return ""


def reshuffle_rule(rules: Ruleset, players: int = 2) -> str:
    if rules.empty_stock != "reshuffle_then_scored" or rules.max_reshuffles < 1:
        return _("{sources}: the pile is never turned into a new stock; when the stock runs out the hand "
                 "ends").format(sources=cite(rules, "empty_stock", "max_reshuffles"))
    return _("{sources}: the pile but its top card becomes the stock, {times} a hand at most").format(
        sources=cite(rules, "empty_stock", "max_reshuffles"), times=times(rules.max_reshuffles))


def meld_rule(rules: Ruleset, players: int = 2) -> str:
    low = ("ace_low",) if rules.ace_low else ()
    text = _("{sources}: a run of one suit, or a set of 3s or aces; a meld holds one 2 and one joker at most, "
             "and a set no 2").format(sources=cite(rules, "melds", "no_two_in_a_set", *low))
    return text + (_("; an ace may also play low (A-2-3)") if rules.ace_low else "")


def lay_off_rule(rules: Ruleset, players: int = 2) -> str:
    if players != 4:
        return _("{sources}: add to your own melds").format(sources=cite(rules, "lay_off"))
    sources = cite(rules, "partner_melds")
    if rules.partner_melds == "never":
        return _("{sources}: add to your own melds only").format(sources=sources)
    if rules.partner_melds == "after_own_meld":
        return _("{sources}: add to your own melds, and to your partner's once you have melded something of "
                 "your own").format(sources=sources)
    return _("{sources}: add to your own or your partner's melds").format(sources=sources)


def joker_swap_rule(rules: Ruleset, players: int = 2) -> str:
    if rules.joker_swap == "exact_card":
        return _("{sources}: the natural card a joker stands for may take its place; the joker comes to your "
                 "hand").format(sources=cite(rules, "joker_swap"))
    return _("{sources}: a natural card may take a joker's place if the meld stays valid; the joker comes to "
             "your hand").format(sources=cite(rules, "joker_swap"))


def discard_rule(rules: Ruleset, players: int = 2) -> str:
    where = cite(rules, "discard", "go_out_without_discard")
    if rules.go_out_without_discard:
        return _("{sources}: one discard ends the turn; you may also go out by melding your last cards with no "
                 "discard").format(sources=where)
    return _("{sources}: one discard ends the turn; you go out by discarding your last card").format(sources=where)


def rule_sentence(text: str) -> str:
    """A rule line for a reader: the rule first (capitalised), its sources after it in brackets, as the
    lessons cite them. A text without the leading sources stays as it is.

    >>> from banakil_replay.rules import get_ruleset
    >>> rule_sentence(meld_rule(get_ruleset("classic")))
    'A run of one suit, or a set of 3s or aces; a meld holds one 2 and one joker at most, and a set no 2 [000 (Play), 004 (runs, sets)]'
    """
    sources, colon, rule = text.partition(": ")
    if not colon or not rule:
        return text
    return _("{rule} [{sources}]").format(rule=f"{rule[:1].upper()}{rule[1:]}", sources=sources)


RULE_SENTENCES: dict[str, Callable[[Ruleset, int], str]] = {
    "draw": draw_rule, "take": take_rule, "reshuffle": reshuffle_rule, "meld": meld_rule,
    "lay_off": lay_off_rule, "joker_swap": joker_swap_rule, "discard": discard_rule,
}


def rule_lines(rules: Ruleset, players: int) -> Mapping[str, str]:
    """The rule line of every option kind under ``rules`` at ``players`` players, in the reader's language."""
    return _rule_lines(rules, players, current_language())


def rule_line(rules: Ruleset, players: int, kind: str) -> str:
    """The rule line of one option kind, in the reader's language (an option's rule, said when read)."""
    return rule_lines(rules, players)[kind]


@lru_cache(maxsize=64)
def _rule_lines(rules: Ruleset, players: int, lang: str) -> Mapping[str, str]:
    # ``lang`` is part of the key only: the sentences read it through the catalog
    return MappingProxyType({kind: sentence(rules, players) for kind, sentence in RULE_SENTENCES.items()})


__all__ = ["times", "never_melded_score", "first_meld_relief", "discard_limit_clause", "RULE_SENTENCES", "rule_sentence",
           "rule_lines", "rule_line", "draw_rule", "take_rule", "reshuffle_rule", "meld_rule", "lay_off_rule",
           "joker_swap_rule", "discard_rule"]
