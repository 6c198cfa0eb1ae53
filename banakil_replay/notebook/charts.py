"""Charts of hands tables, made with altair: small functions meant to be read, copied and changed.

Each chart takes a hands table (:func:`~banakil_replay.notebook.frames.hands_frame`,
:func:`~banakil_replay.notebook.frames.rescore_frame`, or the bulk replay's
Parquet table: they share their columns, listed in :mod:`banakil_replay.log.rows`)
and returns an ``alt.Chart``, which draws itself in a notebook. To change
one, copy its body into a cell: pick the data (``side_points`` gives one row
per hand and side, with running totals), then the mark (``mark_line``,
``mark_bar`` ...), then the encoding of each column onto an axis, a colour or
a tooltip (``"hand:O"`` is ordinal, ``"total:Q"`` quantitative, ``"rules:N"``
nominal), then ``.properties(width=..., height=...)``.

With no internet, run :func:`banakil_replay.notebook.setup.enable_offline_charts`
first (every tutorial notebook does, through ``setup_notebook``).

altair and pandas are imported inside each function (on purpose: importing
this module stays cheap and works without them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..endings import ALL_AT_ONCE, ENDINGS, STOCK_OUT
from .frames import side_points

if TYPE_CHECKING:  # only for annotations: the real imports are deferred
    import altair as alt
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = ["totals_chart", "points_chart", "endings_chart", "cold_hands_chart", "stock_chart"]


def _alt() -> Any:
    import altair as alt  # deferred on purpose: altair is heavy and only the charts need it

    return alt


def _pd() -> Any:
    import pandas as pd  # deferred on purpose, as altair

    return pd


def totals_chart(hands: "pd.DataFrame", *, across_games: bool = False, title: str = "Running totals") -> "alt.Chart":
    """Running totals per rule set: one line per rule set and side, hand by hand."""
    alt_ = _alt()
    data = side_points(hands, across_games=across_games)
    lines: dict[str, Any] = {} if across_games else {"detail": "game:N"}  # one line per game, unless chained
    # the points drawn on the lines blank out a dash legend, so the subtitle says which is which
    sides = sorted(data["side"].unique()) if len(data) else []
    key = ", ".join(f"{side}: {style}" for side, style in zip(sides, ("solid", "dashed", "dotted", "dash-dot")))
    chart: alt.Chart = alt_.Chart(data, title=alt_.TitleParams(title, subtitle=key)).mark_line(point=True).encode(
        x=alt_.X("hand:O", title="hand in the evening" if across_games else "hand"),
        y=alt_.Y("total:Q", title="running total"),
        color=alt_.Color("rules:N", title="rule set"),
        strokeDash=alt_.StrokeDash("side:N", title="side", legend=None,
                                   scale=alt_.Scale(range=[[1, 0], [6, 3], [2, 2], [6, 2, 2, 2]])),
        tooltip=["game:N", "rules:N", "side:N", "hand:O", "points:Q", "total:Q"],
        **lines,
    ).properties(width=360, height=240)
    return chart


def points_chart(hands: "pd.DataFrame", *, title: str = "Points per hand") -> "alt.Chart":
    """Points each side scored per hand, by rule set (one dot per hand and side)."""
    alt_ = _alt()
    data = side_points(hands)
    chart: alt.Chart = alt_.Chart(data, title=title).mark_circle(size=70, opacity=0.8).encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("points:Q", title="side points in the hand"),
        color=alt_.Color("side:N", title="side"),
        tooltip=["game:N", "rules:N", "hand:O", "side:N", "points:Q", "ended:N"],
    ).properties(width=300, height=240)
    return chart


def endings_chart(hands: "pd.DataFrame", *, title: str = "How hands end") -> "alt.Chart":
    """How many hands ended each way (went out, all at once, stock ran out, result only), by rule set."""
    alt_ = _alt()
    data = hands[["game", "rules", "hand", "ended"]].copy()
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("count():Q", title="hands"),
        color=alt_.Color("ended:N", title="ended", scale=alt_.Scale(domain=list(ENDINGS))),
        tooltip=["rules:N", "ended:N", "count():Q"],
    ).properties(width=300, height=240)
    return chart


def cold_hands_chart(hands: "pd.DataFrame", *, title: str = "What a cold hand is worth") -> "alt.Chart":
    """The side score of the side that went out all at once (a cold hand, dhamoon), by rule set."""
    alt_ = _alt()
    pd = _pd()
    rows = []
    for _, r in hands[hands["ended"] == ALL_AT_ONCE].iterrows():
        side = int(r["out_side"])
        rows.append({"game": r["game"], "rules": r["rules"], "hand": r["hand"], "value": float(r[f"side_{side}"])})
    data = pd.DataFrame(rows, columns=["game", "rules", "hand", "value"])
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("mean(value):Q", title="side score (mean over cold hands)"),
        tooltip=["rules:N", alt_.Tooltip("mean(value):Q", title="mean"), alt_.Tooltip("count():Q", title="hands")],
    ).properties(width=300, height=240)
    return chart


def stock_chart(hands: "pd.DataFrame", *, title: str = "How often the stock runs out") -> "alt.Chart":
    """The share of each rule set's hands that ended with the stock empty."""
    alt_ = _alt()
    pd = _pd()
    rows = []
    for rules, group in hands.groupby("rules", sort=True):
        out = int((group["ended"] == STOCK_OUT).sum())
        rows.append({"rules": rules, "hands": len(group), "stock_ran_out": out, "share": out / len(group)})
    data = pd.DataFrame(rows, columns=["rules", "hands", "stock_ran_out", "share"])
    chart: alt.Chart = alt_.Chart(data, title=title).mark_bar().encode(
        x=alt_.X("rules:N", title="rule set"),
        y=alt_.Y("share:Q", title="share of hands", axis=alt_.Axis(format="%"), scale=alt_.Scale(domain=[0, 1])),
        tooltip=["rules:N", "hands:Q", "stock_ran_out:Q", alt_.Tooltip("share:Q", format=".0%")],
    ).properties(width=300, height=240)
    return chart
