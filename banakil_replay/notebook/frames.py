"""Games as pandas tables: events, hands, matches, rescored hands, card points, reviews, rule knobs.

Every function returns a new ``DataFrame`` and changes nothing. The hands
tables (:func:`hands_frame`, :func:`rescore_frame`) have the columns of
:mod:`banakil_replay.log.rows`, the same as the bulk replay's Parquet table, so
the charts (:mod:`banakil_replay.notebook.charts`) take either.

pandas is imported inside each function (on purpose: importing this module
stays cheap and works without it).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..errors import BanakilError
from ..examples import check_all
from ..log.load import load_replay
from ..log.rows import HAND_COLUMNS, hand_row, hand_rows
from ..endings import RESULT_ONLY, hand_ends
from ..hand_end import hand_end_input, rules_for
from ..reducer import Replay
from ..rules import RULESETS, Ruleset, differences, format_knob, get_ruleset
from ..scoring import score_hand
from ..state import GameState
from .narrate import event_text, seat_name, side_label

if TYPE_CHECKING:  # only for annotations: the real import is deferred
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]

__all__ = ["Games", "load_games", "events_frame", "hands_frame", "rescore_frame", "matches_frame", "examples_frame",
           "rules_frame", "card_points_frame", "review_frame", "side_points"]

#: One replay, several by name, or several in a list (named ``game 1``, ``game 2``, ...).
Games = Mapping[str, Replay] | Iterable[Replay] | Replay


def _pd() -> Any:
    import pandas as pd  # deferred on purpose: pandas is heavy and only the tables need it

    return pd


def load_games(folder: str | Path | Sequence[str | Path],
               pattern: str = "*.jsonl") -> tuple[dict[str, Replay], dict[str, str]]:
    """Replay every log in a folder (not its subfolders), or in several: ``(games, problems)`` by name.

    Names are file names, prefixed with the folder's name when several folders
    are given. Annotation sidecars (``*.notes.jsonl``) are not games and are
    skipped. A log that does not read or replay (:func:`~banakil_replay.log.load.load_replay`)
    goes into ``problems`` with its reason, and so does a folder that does not
    exist, so one bad file does not hide the others.
    """
    folders = [Path(folder)] if isinstance(folder, (str, Path)) else [Path(f) for f in folder]
    games: dict[str, Replay] = {}
    problems: dict[str, str] = {}
    for where in folders:
        prefix = f"{where.name}/" if len(folders) > 1 else ""
        if not where.is_dir():
            problems[prefix or str(where)] = f"no such folder: {where}"
            continue
        for path in sorted(where.glob(pattern)):
            if path.name.endswith(".notes.jsonl") or not path.is_file():
                continue
            try:
                games[prefix + path.name] = load_replay(path)
            except BanakilError as e:
                problems[prefix + path.name] = str(e)
    return games, problems


def _named(replays: Games) -> list[tuple[str, Replay]]:
    if isinstance(replays, Replay):
        return [("game", replays)]
    if isinstance(replays, Mapping):
        return list(replays.items())
    return [(f"game {i + 1}", rp) for i, rp in enumerate(replays)]


def events_frame(replay: Replay) -> "pd.DataFrame":
    """One row per event: what happened in words, and where the game stood after it."""
    pd = _pd()
    rows = []
    for ev, st in zip(replay.events, replay.states):
        seat = getattr(ev, "seat", None)
        rows.append({
            # no player (a deal, a note): a blank name, not NaN; the seat stays a whole number or <NA>
            "seq": ev.seq, "type": ev.type, "seat": seat,
            "player": seat_name(st, seat) if seat is not None else "",
            "hand": st.hand_no, "description": event_text(ev, st),
            "phase": st.phase, "to_play": seat_name(st, st.turn) if st.in_hand else "",
            "stock": st.stock_count, "pile": len(st.discard),
            "notes": len(replay.annotations_at(ev.seq)),
        })
    frame = pd.DataFrame(rows, columns=["seq", "type", "seat", "player", "hand", "description", "phase",
                                        "to_play", "stock", "pile", "notes"]).set_index("seq")
    return _whole_seats(frame, "seat")


def _whole_seats(frame: "pd.DataFrame", *columns: str) -> "pd.DataFrame":
    """Seat and side numbers as whole numbers with gaps (``Int64``), not floats: seat 0, never 0.0."""
    for col in columns:
        frame[col] = frame[col].astype("Int64")
    return frame


def hands_frame(replays: Games) -> "pd.DataFrame":
    """One row per hand: game, rule set, hand number, how it ended, the side scores.

    The columns are :data:`banakil_replay.log.rows.HAND_COLUMNS` (documented
    there). ``ended`` is ``went out``, ``all at once`` (out in one turn with
    nothing laid before), ``stock ran out`` or ``result only`` (a
    ``hand_scored`` entry). ``side_2``/``side_3`` are empty below three and four sides.
    """
    rows = [row for game, rp in _named(replays) for row in hand_rows(game, rp)]
    return _whole_seats(_pd().DataFrame(rows, columns=list(HAND_COLUMNS)), "went_out", "out_side")


def rescore_frame(replays: Games, rule_sets: Sequence[str | Ruleset] = tuple(RULESETS)) -> "pd.DataFrame":
    """Every played-out hand scored again under each rule set (same columns as :func:`hands_frame`).

    ``rules`` is the rule set scored under, ``played_under`` the game's own.
    A rule set not played by the game's number of players is left out (Jawaker
    and ERAM are four-player games); a hand recorded by its result only has no
    cards to rescore and is left out too.
    """
    sets = [get_ruleset(r) for r in rule_sets]
    rows = []
    for game, rp in _named(replays):
        for end in hand_ends(rp, game):
            if end.ended == RESULT_ONLY:
                continue
            for rs in sets:
                if end.state.n in rs.player_counts:
                    rows.append(hand_row(game, end, score_hand(rs, hand_end_input(end.state, rs)), rs.name))
    return _whole_seats(_pd().DataFrame(rows, columns=list(HAND_COLUMNS)), "went_out", "out_side")


def matches_frame(replays: Games) -> "pd.DataFrame":
    """One row per game log: rule set, players, hands, totals, target, winner."""
    rows = []
    for game, rp in _named(replays):
        st = rp.final
        rules = st.rules
        row: dict[str, Any] = {
            "game": game, "rules": rules.name if rules else None, "players": " / ".join(st.players),
            "n_players": st.n, "hands": len(st.history),
            "target": rules.target(st.n) if rules and st.n in rules.player_counts else None,
            "over": st.match_over, "banked": st.banked,
            "winner": side_label(st, st.winner) if st.winner is not None else "",  # none yet: a blank, not NaN
            "events": len(rp), "notes": len(rp.annotations),
        }
        for i in range(4):
            row[f"total_{i}"] = float(st.totals[i]) if i < len(st.totals) else None
        rows.append(row)
    return _pd().DataFrame(rows)


def examples_frame() -> "pd.DataFrame":
    """Every worked example of the rule sources, recomputed: stated vs computed and the verdict."""
    cols = ["id", "source", "case", "stated", "computed", "verdict", "explanation"]
    frame = _pd().DataFrame([{k: getattr(r, k) for k in cols} for r in check_all()], columns=cols)
    # cited by short name (000, 004 ...): the source files are not shipped, so a file name helps nobody
    frame["source"] = frame["source"].str.split("_").str[0]
    return frame


def rules_frame(names: Sequence[str] = tuple(RULESETS)) -> "pd.DataFrame":
    """The rule knobs on which the presets differ, one row per knob, with the sources."""
    rows = [{k: (format_knob(v) if k != "knob" else v) for k, v in row.items()} for row in differences(tuple(names))]
    return _pd().DataFrame(rows, columns=["knob", *names, "source"]).set_index("knob")


def card_points_frame(state: GameState, rules: Ruleset | str | None = None) -> "pd.DataFrame":
    """A finished hand card by card: each seat's credited and held cards with their points."""
    rs = rules_for(state, rules)
    rows = []
    for seat, s in enumerate(hand_end_input(state, rs).seats):
        for where, cards in (("melded", s.melded_cards or ()), ("in hand", s.in_hand_cards or ())):
            for c in cards:
                rows.append({"seat": seat, "player": seat_name(state, seat), "where": where, "card": c.symbol,
                             "points": rs.value(c)})
    return _pd().DataFrame(rows, columns=["seat", "player", "where", "card", "points"])


def review_frame(verdicts: Iterable[Any], replay: Replay | None = None) -> "pd.DataFrame":
    """Review verdicts (``banakil_replay.play.analysis.review``) as a table: the move in words, the verdict, the points
    it loses against the best move by the playouts (``loss``), the better move and why."""
    rows = []
    for v in verdicts:
        state = replay.states[v.seq] if replay is not None and 0 <= v.seq < len(replay) else None
        before = replay.states[v.seq - 1] if replay is not None and 0 < v.seq <= len(replay) else None
        better = getattr(v, "better", None)
        # no better move: an empty cell, not NaN
        rows.append({"seq": v.seq, "player": seat_name(state, v.seat), "played": event_text(v.played, before),
                     "verdict": v.verdict, "loss": float(getattr(v, "loss", 0.0)),
                     "better": event_text(better, before) if better else "", "why": getattr(v, "why", "")})
    columns = ["seq", "player", "played", "verdict", "loss", "better", "why"]
    return _pd().DataFrame(rows, columns=columns).set_index("seq")


def side_points(hands: "pd.DataFrame", *, across_games: bool = False) -> "pd.DataFrame":
    """Long form of a hands table: one row per hand and side, with the running total.

    Running totals restart with each game and rule set; ``across_games`` chains
    the games in table order into one long evening (hands renumbered 1, 2, ...).
    """
    pd = _pd()
    rows = []
    order: dict[tuple[str, str], int] = {}
    for _, r in hands.iterrows():
        for i in range(4):
            value = r.get(f"side_{i}")
            if value is None or pd.isna(value):
                continue
            key = ("evening" if across_games else r["game"], r["rules"])
            if i == 0:
                order[key] = order.get(key, 0) + 1
            rows.append({"game": r["game"], "rules": r["rules"], "hand": order[key] if across_games else r["hand"],
                         "side": f"side {i}", "points": float(value), "ended": r["ended"]})
    long = pd.DataFrame(rows, columns=["game", "rules", "hand", "side", "points", "ended"])
    group = ["rules", "side"] if across_games else ["game", "rules", "side"]
    long["total"] = long.groupby(group, sort=False)["points"].cumsum() if len(long) else []
    return long
