"""Every sentence the project says, in the reader's language: one gettext catalog, read with Babel.

A sentence is written once, in English, as a whole template with named fields, and looked up at
the moment it is said::

    _("{player} takes {count} cards").format(player=name, count=n)

never built by joining English fragments, so a translation can put the fields where its own word
order wants them. Counts go through :func:`ngettext` (Arabic has six plural forms, chosen by the
``Plural-Forms`` rule in the catalog's header); a short word that means different things in
different places takes a context (:func:`pgettext`). ``N_`` only marks a literal for extraction
(a table of words defined before any language is chosen) and returns it unchanged; ``NP_`` does the
same with a context.

The language is, first to last: one set with :func:`set_language` (the CLI's ``--lang``, a
notebook's ``lang=``), ``BANAKIL_LANG``, the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English.
English is the catalog's own text and costs nothing: Babel is imported only when another language
is first used. ``xx`` is a pseudo-locale that wraps every catalog string in ``⟦ ⟧``, so a test can
find any sentence that escaped the catalog (:mod:`.pseudo`).

The catalogs are ``.po`` files only (``locale/<lang>/LC_MESSAGES/banakil.po``): they are read with
Babel's reader and compiled in memory the first time a language is used (a few hundred messages, a
few milliseconds), so there is no ``.mo`` build step and nothing to keep in step by hand.

>>> with language("en"):
...     ngettext("{n} card", "{n} cards", 3).format(n=3)
'3 cards'
>>> with language("xx"):
...     _("draw first")
'⟦draw first⟧'
"""

from __future__ import annotations

import gettext as _gettext
import locale as _locale
import os
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from .catalog import LANGUAGES, UnknownLanguageError, translations

__all__ = ["LANGUAGES", "UnknownLanguageError", "_", "N_", "NP_", "ngettext", "pgettext", "npgettext", "current_language",
           "set_language", "language", "settled", "resolve_language", "is_rtl", "ltr_run", "LRI", "PDI"]

_CHOSEN: ContextVar[str | None] = ContextVar("banakil_language", default=None)
RTL = frozenset({"ar", "fa"})


def _from_locale() -> str | None:
    """The language part of the locale the environment names (``ar_JO.UTF-8`` -> ``ar``), if we have it."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("@")[0].lower()
            return code if code in LANGUAGES else None
    try:
        code = (_locale.getlocale(_locale.LC_MESSAGES)[0] or "").split("_")[0].lower()
    except (AttributeError, ValueError):  # LC_MESSAGES is POSIX-only
        return None
    return code if code in LANGUAGES else None


def resolve_language(lang: str | None = None) -> str:
    """The language to speak: ``lang`` if given, else ``BANAKIL_LANG``, else the locale, else ``en``.

    An explicit ``lang`` or ``BANAKIL_LANG`` that the project has no catalog for is refused
    (:class:`UnknownLanguageError`): someone asked for it. A locale we cannot speak falls back to English.
    """
    for asked in (lang, os.environ.get("BANAKIL_LANG") or None):
        if asked is not None:
            code = asked.strip().lower().replace("-", "_").split("_")[0]
            if code not in LANGUAGES:
                raise UnknownLanguageError(asked)
            return code
    return _from_locale() or "en"


def set_language(lang: str | None = None) -> str:
    """Choose the language from now on in this context (as :func:`resolve_language` picks it); returns it."""
    code = resolve_language(lang)
    _CHOSEN.set(code)
    return code


_ENV_VARS = ("BANAKIL_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
_FROM_ENV: dict[tuple[str | None, ...], str] = {}


def current_language() -> str:
    chosen = _CHOSEN.get()
    if chosen is not None:
        return chosen
    # asked on every sentence said (rule lines sit on the options' path): the environment's answer is
    # kept per environment, so the locale module is asked once, and a changed variable is still seen
    env = tuple(os.environ.get(var) for var in _ENV_VARS)
    found = _FROM_ENV.get(env)
    if found is None:
        found = _FROM_ENV[env] = resolve_language()
    return found


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block, then whatever was spoken before."""
    token = _CHOSEN.set(resolve_language(lang))
    try:
        yield _CHOSEN.get() or "en"
    finally:
        _CHOSEN.reset(token)


@contextmanager
def settled() -> Iterator[str]:
    """The language in force, found once for a block that says many sentences (a search's refused
    tries, an options list): found from the environment, each sentence would read four variables.
    Inside a block that chose one already, nothing more is done."""
    chosen = _CHOSEN.get()
    if chosen is not None:
        yield chosen
        return
    with language(current_language()) as code:
        yield code


def is_rtl(lang: str | None = None) -> bool:
    """Whether the language is written right to left (for ``dir="rtl"`` and mirrored layouts)."""
    return (lang or current_language()) in RTL


#: Unicode's left-to-right isolate and its end: invisible, and kept by terminals, notebooks and browsers.
LRI, PDI = "\u2066", "\u2069"


def ltr_run(text: str) -> str:
    """``text`` (a run of cards, a list of card codes) kept left to right inside a sentence of the current language.

    In right-to-left text the bidirectional algorithm lays the tokens of ``7♥ 8♥ 9♥`` out from right to
    left, so the run would read ``9♥ 8♥ 7♥``; wrapped in an isolate it keeps its own order, as on the
    table. English (and any left-to-right language) gets ``text`` back unchanged, so its output, and JSON
    (always built in English), carries no marks. An empty run stays empty.

    >>> with language("en"):
    ...     ltr_run("7♥ 8♥ 9♥")
    '7♥ 8♥ 9♥'
    >>> with language("ar"):
    ...     ltr_run("7♥ 8♥ 9♥") == "\u2066" + "7♥ 8♥ 9♥" + "\u2069"
    True
    """
    return f"{LRI}{text}{PDI}" if text and is_rtl() else text


def _t() -> _gettext.NullTranslations:
    return translations(current_language())


def _(message: str) -> str:
    """The catalog's sentence for ``message`` in the current language."""
    return _t().gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it now (it is translated where it is said)."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for the catalog without translating it now (see :func:`pgettext`)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (English: two forms; Arabic: six, by the catalog's plural rule)."""
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (a short word that is said differently in different places)."""
    return _t().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _t().npgettext(context, singular, plural, n)
