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
from ..i18n import N_, _
from .direction import directed_html, speaking
from .html import note_html
from .narrate import sentence
from .theme import QUIET, RED

__all__ = ["Panel", "Still", "classed", "fit", "lines", "failure", "guarded", "ENTER_WAIT"]

ENTER_WAIT = 10.0  # seconds a click or Enter waits for a box's value (held back while the kernel is busy)


def _static_note() -> str:
    said = _("A still picture of an interactive widget: run the notebook to use it.")
    return f'<div class="banakil-static-note" style="color:{QUIET};font-style:italic">{_html.escape(said)}</div>'


def classed(widget: Any, *classes: str) -> Any:
    """``widget`` with the CSS classes added (stable ``banakil-...`` names for tests and restyling)."""
    for c in classes:
        widget.add_class(c)
    return widget


# Widget kinds that take the room they are given: a fixed width is a most, never a least
_SHRINKS = ("Text", "Textarea", "Dropdown", "Select", "Combobox", "IntSlider", "SelectionSlider", "FloatSlider",
            "IntText", "BoundedIntText")


def fit(widget: Any) -> Any:
    """``widget``'s tree made to wrap, not overflow, down to a 360 px column (a phone; a notebook beside
    JupyterLab's file browser): rows of controls wrap, buttons keep their whole label (they move to
    the next line instead of shrinking to "…"), boxes and sliders shrink to the room there is, and
    an HTML panel wider than the room (a score table) scrolls inside itself. Boxes filled later
    (a new hand's buttons, the review) are fitted as their children arrive."""
    kind = type(widget).__name__
    layout = getattr(widget, "layout", None)
    if layout is None or getattr(widget, "_banakil_fit", False):
        return widget
    widget._banakil_fit = True
    if isinstance(widget, W.Box):
        if not isinstance(widget, W.VBox) and not (layout.flex_flow or "").startswith("column"):
            layout.flex_flow = "row wrap"
        layout.max_width = "100%"
        for child in widget.children:
            fit(child)
        widget.observe(lambda change: [fit(c) for c in change["new"]], names="children")
    elif isinstance(widget, (W.Button, W.ToggleButton)):
        layout.flex = "0 0 auto"  # wrapped to the next line, never cut to "…"
        if layout.width is None:
            layout.width = "auto"
    elif kind in _SHRINKS:
        layout.max_width = "calc(100% - 4px)"  # a control's 2 px margins stay inside the column
        layout.flex = "0 1 auto"
    elif isinstance(widget, W.HTML):
        layout.max_width = "100%"
        layout.overflow = "auto"  # a table wider than the column scrolls in its own panel
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
        bundle = fit(self.widget)._repr_mimebundle_(**kwargs)
        try:
            html, text = self.still()
        except Exception as e:  # noqa: BLE001 - a display never raises into the notebook
            self.last_error = e
            return bundle
        if isinstance(bundle, dict):
            return {**bundle, "text/html": html, "text/plain": text}
        return {"text/html": html, "text/plain": text}


class Panel:
    """Owns an ``errors`` line; wraps callbacks so that a failure is said there in a sentence.

    ``lang`` (set by a widget given ``lang=``, through :func:`~.direction.view_language`): the language
    its callbacks speak, since a click comes after the block that made the widget; None speaks whatever
    is current. A callback's ``doing`` is a phrase marked with ``N_`` where it is written, and said here.
    """

    widget: Any
    lang: str | None = None

    def _init_errors(self) -> None:
        self.errors = classed(W.HTML(), "banakil-errors")
        self.last_error: BaseException | None = None

    def _guard(self, fn: Callable[..., Any], doing: str = N_("doing that")) -> Callable[..., Any]:
        """``fn``, with any failure shown as a sentence in ``errors`` (and kept in ``last_error``), all of it
        in the widget's language."""
        def said(e: BaseException) -> None:
            why = sentence(failure(e, _("the widget failed unexpectedly (the details are in its last_error).")))
            line = _("Something went wrong while {doing}: {why}").format(doing=_(doing), why=why)
            self.errors.value = directed_html(note_html(line, "banakil-error-line", RED), self.lang)

        inner = guarded(self, fn, said, before=lambda: setattr(self.errors, "value", ""))

        def spoken(*args: Any, **kwargs: Any) -> Any:
            with speaking(self.lang):
                return inner(*args, **kwargs)
        return spoken

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Jupyter shows the owned widget tree (the class itself stays a plain object).

        A page with no kernel behind it (GitHub's viewer, an nbconvert export)
        cannot draw a widget, so the bundle also carries a picture of the widget
        as it stands, as HTML and as text; JupyterLab and Voila prefer the live widget.
        """
        bundle = fit(self.widget)._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            with speaking(self.lang):
                html, text = self._static()
                note = directed_html(_static_note(), self.lang)
            bundle = {**bundle, "text/html": note + html, "text/plain": text}
        return bundle

    def _static(self) -> tuple[str, str]:
        """The widget as it stands now, as (HTML, text), for a page that cannot run it."""
        return "", ""
