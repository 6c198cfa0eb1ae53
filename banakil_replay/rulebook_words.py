"""The rulebook in the reader's language: each rule's title and summary through the catalog.

:class:`~.rulebook.Rule` keeps its English title and summary (the title is also data: the ``title``
of a refusal in ``play --json``); a sentence shown to a reader asks :func:`title` and :func:`summary`.
The messages come from the rulebook itself (:func:`messages`, passed to the extraction like the
citations' pieces), so a new rule cannot be missing from the catalog without a test noticing.

>>> from .i18n import language
>>> from .rulebook import Rule
>>> with language("xx"):
...     title(Rule.TURN_ORDER)
'⟦turn order⟧'
"""

from __future__ import annotations

from .i18n import pgettext
from .rulebook import Rule
from .rules import Ruleset

TITLE, SUMMARY, RULESET_TITLE = "rule title", "rule summary", "rule set title"


def title(rule: Rule) -> str:
    """The rule's short name, as refusals quote it, in the reader's language."""
    return pgettext(TITLE, rule.title)


def summary(rule: Rule) -> str:
    """The rule in general, in words that hold under every rule set, in the reader's language."""
    return pgettext(SUMMARY, rule.summary)


def ruleset_title(rules: Ruleset) -> str:
    """A rule set's title (the presets' are marked in rules.py, with this context) in the reader's language.

    A title a log's options set is the writer's own words and stays as written.
    """
    return pgettext(RULESET_TITLE, rules.title)


def messages() -> list[tuple[str | None, str]]:
    """Every (context, message) of the rulebook, for the catalog's extraction."""
    found: list[tuple[str | None, str]] = [(TITLE, r.title) for r in Rule]
    return found + [(SUMMARY, r.summary) for r in Rule]


__all__ = ["title", "summary", "ruleset_title", "messages", "TITLE", "SUMMARY", "RULESET_TITLE"]
