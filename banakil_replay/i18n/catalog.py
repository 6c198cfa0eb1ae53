"""The catalogs: which languages exist, and each one read from its ``.po`` file once.

A ``.po`` file is read with Babel's reader and written as ``.mo`` bytes in memory, which the
standard library's :class:`gettext.GNUTranslations` then serves: it evaluates the ``Plural-Forms``
rule of the header, so Arabic's six forms come from the catalog, not from code here.
"""

from __future__ import annotations

import gettext
import io
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Babel is imported only when a language other than English is first used
    from babel.messages.catalog import Catalog

DOMAIN = "banakil"
#: Every language the project speaks: English (the catalog's own text), Arabic, Persian, and ``xx``,
#: the pseudo-locale that marks every catalog string (tests only: it finds sentences that escaped).
#: A message a catalog does not translate yet is said in English (gettext's fallback).
LANGUAGES: tuple[str, ...] = ("en", "ar", "fa", "xx")
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


class UnknownLanguageError(ValueError):
    """A language was asked for (``--lang``, ``BANAKIL_LANG``, ``lang=``) that has no catalog."""

    def __init__(self, asked: str) -> None:
        self.shown = repr(asked if len(asked) <= 20 else asked[:20] + "...")
        self.known = ", ".join(code for code in LANGUAGES if code != "xx")
        super().__init__(f"unknown language {self.shown}; known: {self.known}")


def po_path(lang: str) -> str:
    """Where the catalog of ``lang`` lives inside the package (as text, for tools and tests)."""
    return str(files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po"))


def read_catalog(lang: str) -> "Catalog":
    """The Babel catalog of ``lang``, read from its ``.po`` file."""
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


class _Pseudo(gettext.NullTranslations):
    """Every catalog string wrapped in ⟦ ⟧ (fields and all, so ``.format`` still fills them)."""

    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``: English is the catalog's own text; others compiled from ``.po`` once."""
    if lang == "en":
        return gettext.NullTranslations()
    if lang == "xx":
        return _Pseudo()
    if lang not in LANGUAGES:
        raise UnknownLanguageError(lang)
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(lang))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
