"""argparse's own words (``usage:``, ``options``, ``error:``, ``the following arguments are required``)
said through our catalog, so ``--help`` and a usage error read whole in the chosen language.

argparse asks :mod:`gettext` for its words under its own domain, which no installed catalog of ours
serves. Its module-level ``_`` and ``ngettext`` are swapped, for one run of the command line only
(:func:`argparse_in_our_words`), for lookups in our catalog under the context ``argparse``. Only the
messages listed here are looked up; any other (a developer's error, a word a newer Python added) is
said as argparse says it, so the pseudo-locale sweep finds what is missing from this list.
"""

from __future__ import annotations

import argparse
from contextlib import contextmanager
from typing import Iterator

from ..i18n import NP_, npgettext, pgettext

__all__ = ["argparse_in_our_words", "ARGPARSE_MESSAGES"]

#: The messages of Python 3.11's argparse a user of the command line can meet (msgids exactly as argparse
#: writes them, ``%`` fields and trailing spaces included).
ARGPARSE_MESSAGES: frozenset[str] = frozenset({
    NP_("argparse", "usage: "),
    NP_("argparse", "positional arguments"),
    NP_("argparse", "options"),
    NP_("argparse", "show this help message and exit"),
    NP_("argparse", "%(prog)s: error: %(message)s\n"),
    NP_("argparse", "argument %(argument_name)s: %(message)s"),
    NP_("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    NP_("argparse", "unrecognized arguments: %s"),
    NP_("argparse", "not allowed with argument %s"),
    NP_("argparse", "ignored explicit argument %r"),
    NP_("argparse", "the following arguments are required: %s"),
    NP_("argparse", "one of the arguments %s is required"),
    NP_("argparse", "expected one argument"),
    NP_("argparse", "expected at most one argument"),
    NP_("argparse", "expected at least one argument"),
    NP_("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    NP_("argparse", "unexpected option string: %s"),
    NP_("argparse", "invalid %(type)s value: %(value)r"),
    NP_("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
})
#: argparse's one plural message, (singular, plural).
_EXPECTED_N = ("expected %s argument", "expected %s arguments")


def _said(message: str) -> str:
    return pgettext("argparse", message) if message in ARGPARSE_MESSAGES else message


def _said_n(singular: str, plural: str, n: int) -> str:
    if (singular, plural) == _EXPECTED_N:
        return npgettext("argparse", "expected %s argument", "expected %s arguments", n)
    return singular if n == 1 else plural


@contextmanager
def argparse_in_our_words() -> Iterator[None]:
    """argparse speaks through our catalog inside the block (English: its own words, unchanged)."""
    kept = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _said, _said_n  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = kept  # type: ignore[attr-defined]
