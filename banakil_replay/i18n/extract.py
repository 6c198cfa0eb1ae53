"""Which messages the package asks the catalog for: Babel's extraction over the source.

Used by ``tools/update_catalog.py`` (which writes the template and merges it into each ``.po``) and
by the test that every message has its translation, so the two can never disagree about what a
message is. Besides gettext's usual names, ``NP_`` (a marked word with a context) and the third
argument of :func:`~banakil_replay.rules.knob` (a knob's sources, printed by ``rules``) are messages.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

PACKAGE = Path(__file__).resolve().parent.parent
KEYWORDS: dict[str, None | tuple[int | tuple[int, str], ...]] = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "knob": (3,),
}


def _asks_the_catalog(path: Path) -> bool:
    """Only modules that import the catalog's functions can hold messages (and reading them all is slower)."""
    text = path.read_text(encoding="utf-8")
    return "i18n import" in text or path.name == "rules.py"


def extract_catalog(tables: Sequence[tuple[str | None, str]] = ()) -> "Catalog":
    """Every message of the package, with the places it is used, as a Babel catalog (a template: no translations).

    ``tables`` adds messages that data tables produce rather than literals name (the citations' section
    names and templates, :func:`banakil_replay.citation_words.messages`): this module sits under every
    other and cannot import them itself.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract

    catalog = Catalog(project="banakil-replay", domain="banakil")
    for path in sorted(PACKAGE.rglob("*.py")):
        if not _asks_the_catalog(path):
            continue
        where = str(path.relative_to(PACKAGE.parent))
        with open(path, "rb") as f:
            for lineno, message, comments, context in extract("python", f, keywords=KEYWORDS,
                                                               comment_tags=("Translators:",)):
                if message in ("", None) or (isinstance(message, tuple) and not message[0]):
                    continue
                catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for context, message in tables:
        catalog.add(message, None, [("banakil_replay/citations.py", 0)], context=context)
    return catalog
