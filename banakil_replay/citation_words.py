"""Citations in the reader's language: :func:`~.citations.cite`'s text, said through the catalog.

:func:`~.citations.cite` keeps writing citations in English, because they are also data (the
``source`` of ``options --json``, of a refusal's rule) and data stays the same in every language.
A sentence that shows a citation to a reader asks :func:`said` instead. A citation is made of
pieces joined by "; ": a plain citation (``000 (Play), 004 (draw and discard)``), whose section
names are translated one by one (context ``source section``), or a sentence about the sources
with plain citations inside it (``003 (cold hands) has no dhamoon``), which becomes a template
(``{sources} has no dhamoon``) translated whole, the citation filled in. :func:`messages` lists
every template and section name the citation tables can produce, for the catalog's extraction.

>>> from .i18n import language
>>> with language("xx"):
...     said("003 (cold hands) has no dhamoon")
'⟦003 (⟦cold hands⟧) has no dhamoon⟧'
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping

from .citations import OPTION, TOPICS, VARIANTS, _parts, cite
from .i18n import _, current_language, pgettext
from .rulebook import Rule
from .rules import Ruleset

SECTION = "source section"
# a run of plain citations: "000 (Play, FAQ), 004 (runs)" (sections hold no brackets)
_PLAIN_RUN = re.compile(r"00[0-4](?: \([^()]*\))?(?:, 00[0-4](?: \([^()]*\))?)*")


def _pieces(citation: str) -> list[str]:
    """The pieces of a citation: split at each "; " outside brackets ("004 (deal; Jawaker 1)" is one piece)."""
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(citation):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and citation.startswith("; ", i):
            pieces.append(citation[start:i])
            start = i + 2
    return [*pieces, citation[start:]]


def _template(piece: str) -> tuple[str, list[str]]:
    """A piece with each run of plain citations taken out as a field: the template and the runs."""
    runs: list[str] = []

    def field(m: re.Match[str]) -> str:
        runs.append(m[0])
        return "{sources}" if len(runs) == 1 else f"{{sources{len(runs)}}}"

    return _PLAIN_RUN.sub(field, piece), runs


def _plain(run: str) -> str:
    parts = _parts(run)
    if parts is None:  # not a plain citation after all: said as it stands
        return run
    comma = _(", ")
    return comma.join(f"{source} ({comma.join(pgettext(SECTION, s) for s in sections)})" if sections else source
                      for source, sections in parts)


_SET_BY_OPTION = f", {OPTION}"


def _piece(piece: str) -> str:
    if piece.endswith(_SET_BY_OPTION) and piece != OPTION:  # any citation of a knob a log's options set
        return _piece(piece[:-len(_SET_BY_OPTION)]) + _(", set by this log's options")
    template, runs = _template(piece)
    if template == "{sources}":
        return _plain(piece)
    filled = {("sources" if i == 0 else f"sources{i + 1}"): _plain(run) for i, run in enumerate(runs)}
    return _(template).format(**filled)


def said(citation: str) -> str:
    """``citation`` (as :func:`~.citations.cite` wrote it) in the reader's language."""
    if current_language() == "en":
        return citation
    return _("; ").join(_piece(piece) for piece in _pieces(citation))


def cite_said(rules: Ruleset, *topics: str | Rule) -> str:
    """:func:`~.citations.cite`, said in the reader's language (for sentences; data keeps :func:`cite`)."""
    return said(cite(rules, *topics))


def _texts() -> Iterator[str]:
    def walk(value: Any) -> Iterator[str]:
        if isinstance(value, Mapping):
            for v in value.values():
                yield from walk(v)
        else:
            yield str(value)

    for entry in TOPICS.values():
        yield from walk(entry)
    for entry in VARIANTS.values():
        yield from walk(entry)
    for rule in Rule:
        yield rule.source
    # the words cite() adds itself (citations._one): an option set by a log, or one no source plays
    yield f"{OPTION}; no source plays it so"


def messages() -> list[tuple[str | None, str]]:
    """Every (context, message) the citation tables can ask the catalog for: templates and section names."""
    found: dict[tuple[str | None, str], None] = {(None, ", set by this log's options"): None}
    for text in _texts():
        for piece in _pieces(text):
            template, runs = _template(piece)
            if template != "{sources}":
                found[(None, template)] = None
            for run in runs:
                for _source, sections in _parts(run) or ():
                    for section in sections:
                        found[(SECTION, section)] = None
    return list(found)


__all__ = ["said", "cite_said", "messages", "SECTION"]
