"""The language a notebook's kernel speaks, chosen once by ``setup_notebook(lang=...)``.

A notebook runs each cell in its own copy of the interpreter's context, so a language chosen only
with :func:`~banakil_replay.i18n.set_language` in the setup cell could be gone by the next cell; the
kernel's environment (``BANAKIL_LANG``, read when no language is chosen) lasts as long as the kernel,
so the choice is written there too. It is the kernel's own process: nothing outside it changes.
For a right-to-left language the page gets the rule that mirrors the project's views
(:mod:`.direction`), and the cells' own output reads right to left.
"""

from __future__ import annotations

import os

from ..i18n import current_language, is_rtl, set_language
from .direction import RTL_CLASS, RTL_CSS

__all__ = ["use_language", "page_style"]


def page_style(lang: str) -> str:
    """The style a notebook page needs to read ``lang``: nothing for a left-to-right language; for Arabic,
    the project's views mirrored and the output cells set right to left."""
    if not is_rtl(lang):
        return ""
    cells = ".jp-OutputArea-output, .output_subarea { direction: rtl; text-align: right; }"
    return f'<style class="{RTL_CLASS}-page">{RTL_CSS} {cells}</style>'


def use_language(lang: str | None = None) -> str:
    """Speak ``lang`` in this kernel from now on (refused at once if the project has no catalog for it),
    and, in a notebook, set the page's direction; returns the language. With no ``lang`` the language
    the environment names is kept as it is (nothing is pinned) and only the page's direction is set."""
    if lang is None:
        chosen = current_language()
    else:
        chosen = set_language(lang)
        os.environ["BANAKIL_LANG"] = chosen
    style = page_style(chosen)
    if style:
        try:
            from IPython.display import HTML, display  # deferred: outside a notebook there may be no IPython
        except ImportError:
            return chosen
        display(HTML(style))  # type: ignore[no-untyped-call]
    return chosen
