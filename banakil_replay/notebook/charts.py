"""Charts of hands tables, made with altair: small functions meant to be read, copied and changed.

Each chart takes a hands table (:func:`~banakil_replay.notebook.frames.hands_frame`,
:func:`~banakil_replay.notebook.frames.rescore_frame`, or the bulk replay's
Parquet table: they share their columns, listed in :mod:`banakil_replay.log.rows`)
and returns an altair chart, which draws itself in a notebook. To change
one, copy its body into a cell: pick the data (``side_points`` gives one row
per hand and side, with running totals), then the mark (``mark_line``,
``mark_bar`` ...), then the encoding of each column onto an axis, a colour or
a tooltip (``"hand:O"`` is ordinal, ``"total:Q"`` quantitative, ``"rules:N"``
nominal), then ``.properties(width=..., height=...)``.

Every chart says what it shows under its title: how many hands (and games) it
draws, and, when there is nothing to draw, why (an empty chart with no word
would read as a broken one). Lines of several rule sets go in one small panel
each, since two rule sets that score some hands alike would draw one line
exactly over the other. The rule sets' names are written level, never turned.

Every chart takes ``lang=``: its title (when not given), subtitle, axis, legend and tooltip titles are
said in that language (default: the one spoken now), through the catalog; the rule sets and the ways a
hand ends keep the names they are typed with in the data, since a reader filters and copies by them.

With no internet, run :func:`banakil_replay.notebook.setup.enable_offline_charts`
first (every tutorial notebook does, through ``setup_notebook``).

altair and pandas are imported inside each function (on purpose: importing
this module stays cheap and works without them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..endings import ALL_AT_ONCE, ENDINGS, STOCK_OUT
from ..i18n import N_, _, ngettext, pgettext
from ..rules import RULESETS
from .direction import speaking, view_language
from .frames import side_points
from .theme import ENDING_PALETTE

if TYPE_CHECKING:  # only for annotations: the real imports are deferred
    import altair as alt
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = ["totals_chart", "points_chart", "endings_chart", "cold_hands_chart", "stock_chart", "hands_said",
           "RULES_ORDER", "ENDING_COLOURS", "ending_colour"]

#: Every chart lists the rule sets in this one order (the engine's), whatever order the rows come in.
RULES_ORDER: list[str] = list(RULESETS)
#: One colour per way a hand ends, the same in every chart (and in a chart of your own: :func:`ending_colour`).
ENDING_COLOURS: dict[str, str] = dict(zip(ENDINGS, ENDING_PALETTE))

_DASHES = [[1, 0], [6, 3], [2, 2], [6, 2, 2, 2]]  # solid, dashed, dotted, dash-dot: side 0 to side 3


def _alt() -> Any:
    import altair as alt  # deferred on purpose: altair is heavy and only the charts need it

    return alt


def _pd() -> Any:
    import pandas as pd  # deferred on purpose, as altair

    return pd


def hands_said(hands: "pd.DataFrame") -> str:
    """How many hands of how many games a table holds, in words: ``5 hands of 4 games``."""
    games = hands["game"].nunique() if len(hands) else 0
    rules = hands["rules"].nunique() if len(hands) else 0
    count = len(hands.drop_duplicates(["game", "hand"])) if len(hands) else 0
    text = _("{hands} of {games}").format(hands=ngettext("{n} hand", "{n} hands", count).format(n=count),
                                          games=ngettext("{n} game", "{n} games", games).format(n=games))
    if rules > 1 and len(hands) > count:
        text = ngettext("{said}, each scored under {n} rule set", "{said}, each scored under {n} rule sets",
                        rules).format(said=text, n=rules)
    return text


def _rules_x(alt_: Any) -> Any:
    """The rule sets along the x axis, in the one order, their names written level (as typed, in any language)."""
    return alt_.X("rules:N", title=_("rule set"), sort=RULES_ORDER, axis=alt_.Axis(labelAngle=0))


def ending_colour(alt_: Any = None, title: str | None = None) -> Any:
    """The colour encoding of the ``ended`` column, the same in every chart that colours hands by how they ended
    (``title``: the legend's, default *ended* in the language spoken now)."""
    alt_ = alt_ or _alt()
    return alt_.Color("ended:N", title=pgettext("chart legend", "ended") if title is None else title, sort=list(ENDINGS),
                      scale=alt_.Scale(domain=list(ENDINGS), range=list(ENDING_COLOURS.values())))


def _in_order(names: Any) -> list[str]:
    """Rule set names in :data:`RULES_ORDER` (a name the engine does not know goes last)."""
    present = list(dict.fromkeys(names))
    return [r for r in RULES_ORDER if r in present] + [r for r in present if r not in RULES_ORDER]


# each side's line style, in the key under a totals chart's title (marked here, said when the chart is drawn)
_STYLES = (N_("{side} solid"), N_("{side} dashed"), N_("{side} dotted"), N_("{side} dash-dot"))


def totals_chart(hands: "pd.DataFrame", *, across_games: bool = False, title: str | None = None,
                 lang: str | None = None) -> "alt.FacetChart":
    """Running totals in points, one panel per rule set: a line per side (and per game, unless chained), hand by hand.

    With several games in a panel each game (match) has its own colour and each side its own dash;
    otherwise each side has its own colour and dash. ``title`` defaults to *Running totals*.
    """
    with speaking(view_language(lang)):
        return _totals_chart(hands, across_games, _("Running totals") if title is None else title)


def _totals_chart(hands: "pd.DataFrame", across_games: bool, title: str) -> "alt.FacetChart":
    alt_ = _alt()
    data = side_points(hands, across_games=across_games)
    by_game = not across_games and len(data) > 0 and data["game"].nunique() > 1
    lines: dict[str, Any] = {} if across_games else {"detail": "game:N"}  # one line per game, unless chained
    sides = sorted(data["side"].unique()) if len(data) else []
    key = pgettext("list separator", ", ").join(_(style).format(side=side) for side, style in zip(sides, _STYLES))
    what = (_("{hands}, played one after another").format(hands=hands_said(hands)) if across_games else
            hands_said(hands))
    if not key:
        said = _("no hand to draw")
    elif by_game:
        said = _("one panel per rule set; one colour per match; {key}").format(key=key)
    else:
        said = _("one panel per rule set; {key}").format(key=key)
    side = pgettext("chart legend", "side")
    colour = alt_.Color("game:N", title=pgettext("chart legend", "match")) if by_game else alt_.Color("side:N", title=side)
    chart: alt.FacetChart = alt_.Chart(data).mark_line(point=True).encode(
        x=alt_.X("hand:O", title=_("hand in the evening") if across_games else pgettext("chart axis", "hand"),
                 axis=alt_.Axis(labelAngle=0)),
        y=alt_.Y("total:Q", title=_("running total (points)")),
        color=colour,
        strokeDash=alt_.StrokeDash("side:N", title=side, scale=alt_.Scale(range=_DASHES)),
        tooltip=["game:N", "rules:N", "side:N", "hand:O", "points:Q", "total:Q"],
        **lines,
    ).properties(width=140, height=220).facet(
        column=alt_.Column("rules:N", title=None, sort=_in_order(data["rules"]) if len(data) else None),
        title=alt_.TitleParams(title, subtitle=[what, said]),
    )
    return chart


def points_chart(hands: "pd.DataFrame", *, title: str | None = None, lang: str | None = None) -> "alt.Chart":
    """Points each side scored per hand, by rule set (one dot per hand and side).

    ``title`` (default: *Points per hand*) and every axis and legend title are said in ``lang`` (default:
    the language spoken now), through the catalog; the rule sets keep the names they are typed with."""
    with speaking(view_language(lang)):
        return _points_chart(hands, _("Points per hand") if title is None else title)


def _points_chart(hands: "pd.DataFrame", title: str) -> "alt.Chart":
    alt_ = _alt()
    data = side_points(hands)
    said = _("{hands}; one dot per hand and side").format(hands=hands_said(hands))
    chart: alt.Chart = alt_.Chart(data, title=alt_.TitleParams(title, subtitle=[said])).mark_circle(
        size=70, opacity=0.8).encode(
        x=_rules_x(alt_),
        y=alt_.Y("points:Q", title=_("points the side scored in the hand")),
        color=alt_.Color("side:N", title=pgettext("chart legend", "side")),
        tooltip=["game:N", "rules:N", "hand:O", "side:N", "points:Q", "ended:N"],
    ).properties(width=400, height=240)
    return chart


def endings_chart(hands: "pd.DataFrame", *, title: str | None = None, lang: str | None = None) -> "alt.Chart":
    """How many hands ended each way (went out, all at once, stock ran out, result only), by rule set
    (``title`` defaults to *How hands end*)."""
    with speaking(view_language(lang)):
        return _endings_chart(hands, _("How hands end") if title is None else title)


def _endings_chart(hands: "pd.DataFrame", title: str) -> "alt.Chart":
    alt_ = _alt()
    data = hands[["game", "rules", "hand", "ended"]].copy()
    counts = data["ended"].value_counts()
    # the ways a hand ends are the data's own codes (the legend's), so the tally names them as typed
    tally = pgettext("list separator", ", ").join(f"{ending} {int(counts.get(ending, 0))}" for ending in ENDINGS)
    chart: alt.Chart = alt_.Chart(data, title=alt_.TitleParams(title, subtitle=[hands_said(hands), tally])).mark_bar(
    ).encode(
        x=_rules_x(alt_),
        y=alt_.Y("count():Q", title=pgettext("chart axis", "hands")),
        color=ending_colour(alt_),
        tooltip=["rules:N", "ended:N", "count():Q"],
    ).properties(width=400, height=240)
    return chart


def cold_hands_chart(hands: "pd.DataFrame", *, title: str | None = None, lang: str | None = None) -> "alt.LayerChart":
    """The side score of the side that went out all at once (a cold hand, dhamoon), by rule set
    (``title`` defaults to *What a cold hand is worth*)."""
    with speaking(view_language(lang)):
        return _cold_hands_chart(hands, _("What a cold hand is worth") if title is None else title)


def _cold_hands_chart(hands: "pd.DataFrame", title: str) -> "alt.LayerChart":
    alt_ = _alt()
    pd = _pd()
    rows = []
    for _row, r in hands[hands["ended"] == ALL_AT_ONCE].iterrows():
        side = int(r["out_side"])
        rows.append({"game": r["game"], "rules": r["rules"], "hand": r["hand"], "value": float(r[f"side_{side}"])})
    data = pd.DataFrame(rows, columns=["game", "rules", "hand", "value"])
    cold = len(data.drop_duplicates(["game", "hand"]))
    every = len(hands.drop_duplicates(["game", "hand"]))
    said = (ngettext("mean side score over {n} cold hand", "mean side score over {n} cold hands", cold).format(n=cold)
            if cold else ngettext("no cold hand in these {n} hand: nothing to draw",
                                  "no cold hand in these {n} hands: nothing to draw", every).format(n=every))
    base = alt_.Chart(data).encode(
        x=_rules_x(alt_),
        y=alt_.Y("mean(value):Q", title=_("side score (mean)")),
        tooltip=["rules:N", alt_.Tooltip("mean(value):Q", title=pgettext("chart tooltip", "mean")),
                 alt_.Tooltip("count():Q", title=pgettext("chart axis", "hands"))],
    )
    chart: alt.LayerChart = alt_.layer(
        base.mark_bar(), base.mark_text(dy=-7).encode(text=alt_.Text("mean(value):Q", format=".4~g")),
        title=alt_.TitleParams(title, subtitle=[said])).properties(width=400, height=240)
    return chart


def stock_chart(hands: "pd.DataFrame", *, title: str | None = None, lang: str | None = None) -> "alt.LayerChart":
    """The share of each rule set's hands that ended with the stock empty, each bar labelled 'k of n'
    (``title`` defaults to *How often the stock runs out*)."""
    with speaking(view_language(lang)):
        return _stock_chart(hands, _("How often the stock runs out") if title is None else title)


def _stock_chart(hands: "pd.DataFrame", title: str) -> "alt.LayerChart":
    alt_ = _alt()
    pd = _pd()
    rows = []
    for rules, group in hands.groupby("rules", sort=True):
        out = int((group["ended"] == STOCK_OUT).sum())
        rows.append({"rules": rules, "hands": len(group), "stock_ran_out": out, "share": out / len(group),
                     "label": _("{k} of {n}").format(k=out, n=len(group))})
    data = pd.DataFrame(rows, columns=["rules", "hands", "stock_ran_out", "share", "label"])
    total, out = int(data["hands"].sum()), int(data["stock_ran_out"].sum())
    said = (ngettext("{k} of {n} hand ended with the stock empty", "{k} of {n} hands ended with the stock empty",
                     total).format(k=out, n=total) if out else
            ngettext("none of these {n} hand ended with the stock empty, so every bar is at 0",
                     "none of these {n} hands ended with the stock empty, so every bar is at 0", total).format(n=total))
    base = alt_.Chart(data).encode(
        x=_rules_x(alt_),
        y=alt_.Y("share:Q", title=_("share of hands"), axis=alt_.Axis(format="%"), scale=alt_.Scale(domain=[0, 1])),
        tooltip=["rules:N", "hands:Q", "stock_ran_out:Q", alt_.Tooltip("share:Q", format=".0%")],
    )
    chart: alt.LayerChart = alt_.layer(base.mark_bar(), base.mark_text(dy=-7).encode(text="label:N"),
                                       title=alt_.TitleParams(title, subtitle=[said])).properties(width=400, height=240)
    return chart
