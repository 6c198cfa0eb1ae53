"""Which of the sources' tips held when tested, and which one speaks for a move: the coach's citations.

Lesson 11's figures (``banakil_replay/data/playing_well_results.json``, package data, made by
``benchmarks/run_tips.py``) say, for each tip under each rule set and player
count, how many points a hand its habit won or lost against its absence, with
a 95% interval. The coach (``hints.py``, behind ``hint``, the command line's
options and the PlayTable's coach) and the review cite a tip only through
:func:`held_tip` and only in the words of :meth:`Finding.sentence`, so a tip is
named as advice that held only where its run at that table held; a tip that
lost or was unclear is never given as a habit the sources recommend.

The figures ship inside the package, so an installed copy cites them as the checkout does; where
the file is absent or unreadable, nothing is cited. This
module imports no bots (``tips.py`` does, and the hints sit below the bots),
so the tips' short names are kept here; ``tests/test_tips.py`` checks that
they match the catalogue.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from ...events import Discarded, LaidOff, Melded, Took
from ...i18n import N_, _
from ...melds import SET_RANKS
from ...state import GameState
from ..search.candidates import meld_candidates
from ..moves import Option

# found from the package's folder, not this module's, so moving the module cannot lose the figures; their
# one home: run_tips.py writes here, lesson 11 and the coach read from here
RESULTS = Path(str(files("banakil_replay"))) / "data" / "playing_well_results.json"

#: tip id -> the advice, named as the coach cites it (every testable tip of ``tips.TIPS``)
ADVICE: dict[str, str] = {
    "hold-set": N_("000's advice to hold a finished set of threes or aces back a turn"),
    "hold-meld": N_("000's advice to hold a finished meld back a turn"),
    "read-pile": N_("000's and 003's advice to weigh what the discard pile offers"),
    "count-pickup": N_("002's and 003's advice to count what comes with a deep pickup"),
    "guard-jokers": N_("000's and 003's advice to guard your jokers"),
    "small-opening": N_("000's advice to lay a cheap first meld rather than sit at the flat score"),
    "open-early": N_("002's advice not to delay your first meld"),
    "feed-partner": N_("000's and 003's advice to build on your partner's melds"),
    "no-wrong-pairs": N_("003's advice not to save pairs of a rank that makes no set"),
    "cold-hand": N_("003's advice to meld as you go rather than keep every card back to go out at once"),
}

# one whole template per verdict, so a translation words each its own way
_SAYS = {
    "helps": N_("{advice} held in play: {mean} points a hand ({low} to {high}; {hands} paired hands, {rules}, "
                "{players} players; lesson 11)"),
    "hurts": N_("{advice} lost points in play: {mean} points a hand ({low} to {high}; {hands} paired hands, "
                "{rules}, {players} players; lesson 11)"),
    "unclear": N_("{advice} showed no clear effect in play: {mean} points a hand ({low} to {high}; {hands} "
                  "paired hands, {rules}, {players} players; lesson 11)"),
}


@dataclass(frozen=True)
class Finding:
    """One kept run: ``tip`` under ``rules`` at ``players``, over ``hands`` paired hands, habit minus
    without ``mean`` points a hand, 95% interval ``low`` to ``high``, and its ``verdict``."""

    tip: str
    rules: str
    players: int
    hands: int
    mean: float
    low: float
    high: float
    verdict: str

    @property
    def held(self) -> bool:
        """Did the interval leave zero out on the tip's side?"""
        return self.verdict == "helps"

    def sentence(self) -> str:
        """The one template every surface uses, e.g. ``000's and 003's advice to guard your jokers held
        in play: +8.5 points a hand (+2.6 to +14.4; 30 paired hands, classic, 2 players; lesson 11)``."""
        return _(_SAYS[self.verdict]).format(advice=_(ADVICE[self.tip]), mean=f"{self.mean:+.1f}",
                                             low=f"{self.low:+.1f}", high=f"{self.high:+.1f}", hands=self.hands,
                                             rules=self.rules, players=self.players)


def findings(path: Path | None = None) -> tuple[Finding, ...]:
    """The kept runs in ``path`` (:data:`RESULTS` by default; none when the file is absent or unreadable:
    then nothing is cited)."""
    path = path or RESULTS
    try:
        return _read(path, path.stat().st_mtime_ns)  # read again once the file is rewritten
    except OSError:
        return ()


@lru_cache(maxsize=4)
def _read(path: Path, mtime: int) -> tuple[Finding, ...]:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return tuple(Finding(str(r["tip"]), str(r["rules"]), int(r["players"]), int(r["hands"]),
                             float(r["mean"]), float(r["low"]), float(r["high"]), str(r["verdict"]))
                     for r in rows if r["tip"] in ADVICE)
    except (OSError, ValueError, KeyError, TypeError):
        return ()


def finding(tip: str, rules: str, players: int, path: Path | None = None) -> Finding | None:
    """The run that speaks for ``tip`` at this table: the one under these rules and this many players,
    else one under these rules at another count; None where the tip was not tried under these rules."""
    runs = [f for f in findings(path) if f.tip == tip and f.rules == rules]
    exact = [f for f in runs if f.players == players]
    return (exact or runs)[0] if runs else None


def applicable(state: GameState, option: Option) -> tuple[str, ...]:
    """The tips ``option`` follows in ``state`` (the position before it), most specific first."""
    ev = option.event
    seat = state.turn
    tips: list[str] = []
    # the tip is to put a joker into a meld; laying one off is where the coach would rather keep it
    if isinstance(ev, Melded) and any(c.is_joker for c in ev.cards):
        tips.append("guard-jokers")
    if isinstance(ev, LaidOff):
        meld = state.meld_by_id(ev.meld)
        if meld is not None and meld.owner != seat:
            tips.append("feed-partner")
    if isinstance(ev, Melded) and not state.opened[seat]:
        tips += ["open-early", "small-opening", "cold-hand"]
    if isinstance(ev, Took) and state.rules is not None:
        # only a take worth making follows these tips: one that fits a meld, and when deep, brings
        # fewer points of dead weight than of cards that fit
        taken = list(state.discard[len(state.discard) - ev.count:])
        fits = {c for m in meld_candidates(list(state.hands[seat]) + taken, state.rules) for c in m if c in taken}
        value = state.rules.value
        if fits:
            dead = sum(value(c) for c in taken if c not in fits)
            tips += ["count-pickup"] * (ev.count > 1 and dead < sum(value(c) for c in fits)) + ["read-pile"]
    if isinstance(ev, Discarded) and ev.card.is_natural and ev.card.rank not in SET_RANKS \
            and sum(1 for c in state.hands[seat] if c.is_natural and c.rank == ev.card.rank) >= 2:
        tips.append("no-wrong-pairs")
    return tuple(tips)


def held_tip(state: GameState, option: Option, path: Path | None = None) -> Finding | None:
    """The one function that decides which held tip to cite for ``option``: the first tip it follows
    whose run at this table (see :func:`finding`) held; None if none did."""
    if state.rules is None:
        return None
    for tip in applicable(state, option):
        found = finding(tip, state.rules.name, len(state.hands), path)
        if found is not None and found.held:
            return found
    return None


def cite(state: GameState, option: Option) -> str:
    """``; 000's ... held in play: ...`` for the tip :func:`held_tip` picks, else nothing."""
    found = held_tip(state, option)
    return _("; {tip}").format(tip=found.sentence()) if found else ""


__all__ = ["ADVICE", "Finding", "RESULTS", "applicable", "cite", "finding", "findings", "held_tip"]
