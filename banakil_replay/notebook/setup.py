"""Rich display for the engine's objects, and the one-line setup every tutorial notebook runs.

:func:`show` wraps any engine object (card, card codes, meld, meld check,
state, replay, options) as HTML with a plain-text fallback, and never raises:
a failure shows as escaped text, so a display cannot break a notebook.
:func:`enable_rich_display` registers HTML formatters for the engine's types
with IPython (no core module changes); :func:`enable_offline_charts` draws altair charts without internet.
:func:`setup_notebook` does both.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..cards import Card
from ..melds import Meld, MeldCheck
from ..events import Event
from ..i18n import _
from ..play.moves import Options
from ..play.coach.options import options
from ..hand_end import hand_end_input, rules_for
from ..reducer import Replay
from ..rules import Ruleset
from ..scoring import score_hand
from ..state import GameState, TableMeld
from .html import card_html, cards_html, esc, meld_check_html, meld_html, options_html, score_html, state_html
from .narrate import options_text
from .language import use_language

__all__ = ["Rendered", "show", "show_score", "show_options", "answer", "enable_rich_display",
           "enable_offline_charts", "enable_full_tables", "setup_notebook"]


@dataclass(frozen=True)
class Rendered:
    """HTML with a plain-text fallback, as Jupyter wants it (``show(x)`` returns one)."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html, "text/plain": self.text}

    def __str__(self) -> str:
        return self.text


def _html_for(obj: Any, seat_view: int | None = None) -> str:
    if isinstance(obj, Card):
        return card_html(obj)
    if isinstance(obj, (Meld, TableMeld)):
        return meld_html(obj)
    if isinstance(obj, MeldCheck):
        return meld_check_html(obj)
    if isinstance(obj, GameState):
        return state_html(obj, seat_view=seat_view)
    if isinstance(obj, Replay):
        return state_html(obj.final, obj, seat_view)
    if isinstance(obj, Options):
        return options_html(obj)
    if isinstance(obj, str) or (isinstance(obj, Iterable) and not isinstance(obj, Mapping)):
        return cards_html(list(obj) if not isinstance(obj, str) else obj.replace(",", " ").split())
    return f"<pre>{esc(repr(obj))}</pre>"


def show_score(state: GameState, rules: Ruleset | str | None = None) -> Rendered:
    """A finished hand scored card by card (:func:`score_html`), ready to display."""
    try:
        explain = score_hand(rules_for(state, rules), hand_end_input(state, rules), state.players).explain
        return Rendered(score_html(state, rules), "\n".join(explain))
    except Exception as e:  # noqa: BLE001 - a display must never raise into the notebook
        return Rendered(f'<pre class="banakil-error">cannot score this state: {esc(e)}</pre>', str(e))


def show_options(state: GameState, *, kinds: Sequence[str] | None = None, chosen: Event | None = None,
                 limit: int = 40, lesson: int | None = None) -> Rendered:
    """The options panel for a page read without a kernel: every legal move, and every move not allowed, with why.

    The stepper's panel folds the refusals away behind a click; here they are
    open, so a static export (GitHub, nbconvert, a Voila page before any click)
    shows each rule's reason in words. ``kinds`` keeps only some kinds of move
    (``["discard"]``); ``chosen`` marks the move made; ``lesson`` (the course lesson it is shown in) says
    which of its rules later lessons teach.
    """
    try:
        opts = options(state)
        return Rendered(options_html(opts, state, chosen=chosen, limit=limit, open_reasons=True, kinds=kinds,
                                     lesson=lesson),
                        options_text(opts, state, kinds=kinds, limit=limit, lesson=lesson))
    except Exception as e:  # noqa: BLE001 - a display must never raise into the notebook
        return Rendered(f'<pre class="banakil-error">cannot list the options here: {esc(e)}</pre>', str(e))


def show(obj: Any, seat_view: int | None = None) -> Rendered:
    """Any engine object (card, card list or codes, meld, meld check, state, replay, options) as HTML.

    Never raises: a failure shows as escaped text, so a display cannot break a notebook.
    """
    text = options_text(obj) if isinstance(obj, Options) else repr(obj)
    try:
        return Rendered(_html_for(obj, seat_view), text)
    except Exception as e:  # noqa: BLE001 - a display must never raise into the notebook
        return Rendered(f'<pre class="banakil-error">{esc(text)}\n(display failed: {esc(e)})</pre>', text)


@contextlib.contextmanager
def answer(title: str | None = None) -> Iterator[None]:
    """Print an exercise's answer folded away: what the block prints shows under a click-to-open ``<details>``
    (``title``: its summary, default *The answer (open it once you have decided)* in the language spoken now).

    On a static page (GitHub, an nbconvert export) a question's answer printed right below it is
    read before the reader has thought; folded, it waits for a click. The text form keeps it whole.
    """
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        yield
    text = out.getvalue().rstrip("\n")
    title = _("The answer (open it once you have decided)") if title is None else title
    html = (f'<details class="banakil-answer"><summary><b>{esc(title)}</b></summary>'
            f'<pre style="white-space:pre-wrap">{esc(text)}</pre></details>')
    try:
        from IPython.display import display  # deferred on purpose: outside a notebook there may be no IPython
    except ImportError:
        print(text)
        return
    display(Rendered(html, text))  # type: ignore[no-untyped-call]


_RICH_TYPES: tuple[type, ...] = (Card, Meld, MeldCheck, TableMeld, GameState, Replay, Options)


def enable_rich_display() -> bool:
    """Register HTML formatters for the engine's types with IPython (no core module changes).

    Afterwards a cell ending in a Card, Meld, GameState, Replay or Options draws
    it with cards. Returns False outside IPython.
    """
    try:
        from IPython import get_ipython  # deferred on purpose: outside a notebook there may be no IPython
    except ImportError:
        return False
    ip = get_ipython()
    if ip is None:
        return False
    formatter = ip.display_formatter.formatters["text/html"]
    for kind in _RICH_TYPES:
        formatter.for_type(kind, lambda obj: show(obj).html)
    try:
        import pandas as pd  # deferred on purpose: pandas is heavy and only the tables need it
    except ImportError:
        return True
    # pandas' own notebook HTML starts with a <style scoped> block, which a markdown export (and
    # GitHub's page) prints as raw text; a plain table reads the same everywhere. An empty cell stays
    # empty rather than saying NaN.
    formatter.for_type(pd.DataFrame, lambda df: df.to_html(na_rep="", border=0))
    return True


def enable_offline_charts() -> str:
    """Draw altair charts as pictures rendered in the kernel by vl-convert-python: no internet, no JavaScript.

    altair's default renderer fetches vega from a CDN, so with no internet a
    chart shows an error. The picture is a PNG at twice the size it is shown
    at (sharp on a high-density screen), not an SVG: an SVG's words are laid
    out with the kernel's font measures but drawn with the browser's fonts,
    and where those are wider (DejaVu Sans, Debian's default) a legend is
    cut ("stock ran ou") and turned labels run into the axis title. A picture
    shows what was measured. The price is no tooltips or zoom. Returns the
    renderer name.
    """
    import altair as alt  # deferred on purpose: altair is heavy and only the charts need it

    # 144 pixels per inch: twice altair's 72, so twice the pixels, and the picture's width says half of them
    alt.renderers.enable("png", ppi=144)
    return "png"


def _number(x: float) -> str:
    """37 for 37.0, 10.5 as it is: scores read as the score sheet writes them."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:g}"


def enable_full_tables() -> None:
    """pandas shows whole tables: no cell cut to "...", no rows or columns left out, whole scores without ".0".

    A lesson read as a static page cannot widen a column, so what is cut there is lost.
    """
    import pandas as pd  # deferred on purpose: pandas is heavy and only the tables need it

    pd.set_option("display.max_colwidth", None)
    pd.set_option("display.max_columns", None)
    pd.set_option("display.max_rows", 500)
    pd.set_option("display.width", 200)
    pd.set_option("display.float_format", _number)


def setup_notebook(lang: str | None = None) -> None:
    """What every tutorial notebook runs first: offline charts, cards drawn as cards, whole tables.

    ``lang`` (``"ar"``, ``"en"``) is the language the kernel speaks from now on
    (:func:`~banakil_replay.notebook.language.use_language`): the sentences and widgets that go through
    the catalog, and for Arabic a page laid out right to left; without it the language stays as the
    environment names it (``BANAKIL_LANG``, then the locale). It returns nothing, so a setup cell that
    ends with it shows nothing either.
    """
    use_language(lang)
    enable_offline_charts()
    enable_rich_display()
    enable_full_tables()
