"""Bring every language's catalog in step with the messages the package asks for.

    PYTHONPATH=. python3 tools/update_catalog.py

Extracts the messages (``banakil_replay/i18n/extract.py``, the same extraction the tests run), then
merges them into each ``banakil_replay/i18n/locale/<lang>/LC_MESSAGES/banakil.po``: a new message
is added untranslated, a changed one is kept as a fuzzy guess, and one no longer asked for is
dropped. A language without a catalog yet gets a new one (its plural rule from Babel's locale data).
Then translate the empty and fuzzy entries (keeping to docs/glossary.<lang>.md) and clear the fuzzy
flag; ``tests/test_i18n_catalog.py`` fails until every message has its translation in each catalog it
holds complete (Arabic and Persian); at run time an untranslated one is said in English.
"""

from __future__ import annotations

import os
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from banakil_replay.citation_words import messages as citation_messages
from banakil_replay.rulebook_words import messages as rulebook_messages
from banakil_replay.i18n.catalog import DOMAIN, LANGUAGES, po_path, read_catalog
from banakil_replay.i18n.extract import extract_catalog


def update(lang: str) -> tuple[int, int]:
    """Merge the extracted messages into ``lang``'s catalog; (messages, of which untranslated or fuzzy)."""
    template = extract_catalog(citation_messages() + rulebook_messages())
    path = po_path(lang)
    catalog = read_catalog(lang) if os.path.exists(path) else Catalog(locale=lang, domain=DOMAIN)
    catalog.project, catalog.version = "banakil-replay", "0.1.0"
    template.creation_date = catalog.creation_date  # no date churn in the diff of a run that changed nothing
    catalog.update(template, no_fuzzy_matching=False)
    catalog.fuzzy = False  # the header: a fuzzy header would be left out of the compiled catalog, plural rule and all
    catalog.obsolete.clear()  # git keeps the history; a dropped message only confuses a translator
    for message in catalog:
        # Babel reads back a written "#| msgid" hint as a comment "| msgid", and writes it again as
        # "# | msgid": without this, every run adds a copy of each old hint
        message.user_comments = [c for c in message.user_comments if not c.startswith("| ")]
        if message.fuzzy and message.previous_id in ([message.id], message.id) and message.string:
            message.flags.discard("fuzzy")  # "changed" from itself: a merge of two branches' catalogs, not a change
            message.previous_id = []
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=100, sort_by_file=True, include_previous=True)
    todo = sum(1 for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                   else [m.string])))
    return len(catalog), todo


def main() -> int:
    for lang in LANGUAGES:
        if lang in ("en", "xx"):  # English is the catalog's own text; xx is made, not translated
            continue
        total, todo = update(lang)
        print(f"{po_path(lang)}: {total} messages, {todo} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
