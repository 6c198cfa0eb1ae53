"""What every widget of :mod:`banakil_replay.notebook.widgets` shares: its errors line, its still picture.

A widget is a plain class that owns its ipywidgets controls and shows itself
through ``.widget``. :class:`Panel` gives it two things:

* ``errors``, an ``HTML`` line where a callback's failure is said in a
  sentence (the exception itself is kept in ``last_error``), never a Python
  class name nor a traceback, and never lost in the kernel log;
* a display bundle that carries, beside the live widget, a still picture of
  it as HTML and text for a page with no kernel behind it (GitHub's viewer, an
  nbconvert export).

Only the widget modules import this one (it imports ipywidgets).
"""

from __future__ import annotations

import functools
import html as _html
import re
from typing import Any, Callable

import ipywidgets as W  # type: ignore[import-untyped, unused-ignore]

from ..errors import BanakilError
from .html import RED, note_html
from .narrate import sentence

__all__ = ["Panel", "Still", "classed", "lines", "failure", "guarded", "ENTER_WAIT"]

ENTER_WAIT = 10.0  # seconds a click or Enter waits for a box's value (held back while the kernel is busy)
_STATIC_NOTE = ('<div class="banakil-static-note" style="color:#666;font-style:italic">A still picture of an '
                'interactive widget: run the notebook to use it.</div>')


def classed(widget: Any, *classes: str) -> Any:
    """``widget`` with the CSS classes added (stable ``banakil-...`` names for tests and restyling)."""
    for c in classes:
        widget.add_class(c)
    return widget


def lines(html_text: str) -> list[str]:
    """The text of a small HTML panel, one line per block, entities read back."""
    blocks = re.split(r"</div>|<br>|</li>|</summary>", html_text)
    return [t for b in blocks if (t := _html.unescape(re.sub(r"<[^>]+>", "", b)).strip())]






def failure(e: BaseException, otherwise: str) -> str:
    """What went wrong, for a person: the engine's own message, or ``otherwise`` for anything unforeseen."""
    return str(e) if isinstance(e, BanakilError) and str(e) else otherwise


def guarded(owner: Any, fn: Callable[..., Any], said: Callable[[BaseException], None],
            before: Callable[[], None] | None = None) -> Callable[..., Any]:
    """``fn`` (a widget's callback) that never raises into the notebook: a failure is kept in
    ``owner.last_error`` and handed to ``said``, which shows it in a sentence. ``before`` runs first
    (clearing the last failure's words)."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            if before is not None:
                before()
            return fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - shown in the widget, kept in last_error
            owner.last_error = e
            said(e)
            return None
    return wrapper


class Still:
    """A view whose display carries, beside the live widget, a still picture of it (``still()``)
    for a page with no kernel behind it; a failure to draw the picture never reaches the notebook."""

    widget: Any
    last_error: BaseException | None

    def still(self) -> tuple[str, str]:
        """The view as it stands, as (HTML, text)."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget for JupyterLab and Voila, and a still picture (HTML, text) for a static page."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        try:
            html, text = self.still()
        except Exception as e:  # noqa: BLE001 - a display never raises into the notebook
            self.last_error = e
            return bundle
        if isinstance(bundle, dict):
            return {**bundle, "text/html": html, "text/plain": text}
        return {"text/html": html, "text/plain": text}


class Panel:
    """Owns an ``errors`` line; wraps callbacks so that a failure is said there in a sentence."""

    widget: Any

    def _init_errors(self) -> None:
        self.errors = classed(W.HTML(), "banakil-errors")
        self.last_error: BaseException | None = None

    def _guard(self, fn: Callable[..., Any], doing: str = "doing that") -> Callable[..., Any]:
        """``fn``, with any failure shown as a sentence in ``errors`` (and kept in ``last_error``)."""
        def said(e: BaseException) -> None:
            why = sentence(failure(e, "the widget failed unexpectedly (the details are in its last_error)."))
            self.errors.value = note_html(f"Something went wrong while {doing}: {why}", "banakil-error-line", RED)

        return guarded(self, fn, said, before=lambda: setattr(self.errors, "value", ""))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Jupyter shows the owned widget tree (the class itself stays a plain object).

        A page with no kernel behind it (GitHub's viewer, an nbconvert export)
        cannot draw a widget, so the bundle also carries a picture of the widget
        as it stands, as HTML and as text; JupyterLab and Voila prefer the live widget.
        """
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            html, text = self._static()
            bundle = {**bundle, "text/html": _STATIC_NOTE + html, "text/plain": text}
        return bundle

    def _static(self) -> tuple[str, str]:
        """The widget as it stands now, as (HTML, text), for a page that cannot run it."""
        return "", ""
