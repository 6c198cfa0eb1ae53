"""Right to left for the notebook's views: the page mirrored for Arabic, a run of cards kept in its own order.

An Arabic view reads from the right: its HTML is wrapped in ``<div dir="rtl">`` and its widgets carry
the ``banakil-rtl`` class, whose rule (:data:`RTL_CSS`) sets ``direction: rtl``; ipywidgets lay their
rows out with flexbox, which follows the direction, so the buttons and panels mirror with no change
to how they are built. A run of cards does not mirror: a meld, a hand or the discard pile is laid
down left to right on the table whatever language is spoken over it, so every run of cards (the
``banakil-cards`` spans, the hand's buttons) is isolated left to right: ``dir="ltr"`` on the element,
which a browser treats as ``unicode-bidi: isolate``, so an Arabic sentence around it cannot reorder it.
:mod:`.html` draws every run of cards with that attribute already on it (``html.CARD_RUN``), so wrapping
a view never has to find its runs by matching their markup; the class rule covers the widgets' runs.

A view given ``lang=`` speaks it while it draws and while it handles a click (:func:`speaking`): a
click arrives later, outside the block that built the view, so the language is kept on the view, not
only in the context it was made in.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..i18n import is_rtl, language, resolve_language, settled

__all__ = ["RTL_CLASS", "RTL_CSS", "view_language", "speaking", "direction_of", "directed_html",
           "direct_widget", "page_direction_html"]

RTL_CLASS = "banakil-rtl"
# The hand's card buttons and the table's card runs keep their order; everything else mirrors.
RTL_CSS = (f".{RTL_CLASS} {{ direction: rtl; text-align: right; }}"
           f" .{RTL_CLASS} .banakil-hand, .{RTL_CLASS} .banakil-card-grid, .{RTL_CLASS} .banakil-cards,"
           f" .{RTL_CLASS} .banakil-meld-cards"
           " { direction: ltr; unicode-bidi: isolate; }")
_RTL_OPEN = f'<div dir="rtl" class="{RTL_CLASS}">'


def view_language(lang: str | None) -> str | None:
    """The language a view was asked to speak (checked now, so a misspelt one is refused at once), or None:
    then it speaks whatever is current when it draws."""
    return None if lang is None else resolve_language(lang)


def speaking(lang: str | None) -> contextlib.AbstractContextManager[Any]:
    """Speak ``lang`` inside the block; when it is None, the environment's language, found once for the
    block (a redrawn view says thousands of sentences, each of which would read the environment)."""
    return language(lang) if lang is not None else settled()


def direction_of(lang: str | None = None) -> str:
    """``"rtl"`` or ``"ltr"`` for ``lang`` (default: the language spoken now)."""
    return "rtl" if is_rtl(lang) else "ltr"


def directed_html(fragment: str, lang: str | None = None) -> str:
    """``fragment`` as it reads in ``lang``: unchanged left to right; else wrapped in ``<div dir="rtl">``
    (its card runs are isolated left to right already: :mod:`.html` draws them so). An empty fragment stays
    empty (a panel with nothing to say)."""
    if not fragment or not is_rtl(lang) or fragment.startswith(_RTL_OPEN):
        return fragment  # wrapped once: a panel drawn again from its own value is not wrapped twice
    return f'{_RTL_OPEN}{fragment}</div>'


def page_direction_html(lang: str | None = None) -> str:
    """The style that mirrors a view's widgets (empty left to right): put once on the page or in the view."""
    return f"<style>{RTL_CSS}</style>" if is_rtl(lang) else ""


def direct_widget(widget: Any, lang: str | None = None) -> Any:
    """``widget`` (an ipywidgets box) made to read in ``lang``: for a right-to-left language it gets the
    ``banakil-rtl`` class, and a child carrying the rule that class needs, so it mirrors wherever it is
    shown (a Voila page has no ``setup_notebook`` style in it)."""
    if not is_rtl(lang):
        return widget
    import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]  # deferred: only widgets need it

    widget.add_class(RTL_CLASS)
    style = W.HTML(page_direction_html(lang))
    style.add_class("banakil-rtl-style")
    widget.children = (style, *widget.children)
    return widget

