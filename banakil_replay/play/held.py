"""The sources' tips that held when tested, for the coach to cite where they apply.

Lesson 11's figures (``notebooks/11_playing_well_results.json``, made by
``benchmarks/run_tips.py``) say which tips won points in play; only those are
named here: each won points in at least one run and lost in none, so the coach
never recommends a habit the experiments contradict (``tests/test_tips.py``
checks this list against the figures). Data
only, no imports: the hints that rank options use it, and the tips' own
module sits above them (it imports the bots).
"""

from __future__ import annotations

#: tip id -> the advice, named as the coach cites it
HELD: dict[str, str] = {
    "guard-jokers": "000's and 003's advice to guard your jokers",
    "open-early": "002's advice not to delay your first meld",
    "feed-partner": "000's and 003's advice to build on your partner's melds",
}


#: tip id -> the advice, for the tips that won no points when tested (none of their runs helped):
#: the review says so where a player followed one, instead of excusing the habit
NOT_HELD: dict[str, str] = {
    "hold-meld": "000's advice to hold a finished meld back",
    "hold-set": "000's advice to hold a finished set of threes or aces back",
}


def cite(tip: str) -> str:
    """`` (000's ... advice, which held when tested: lesson 11)`` for a tip that held, else nothing."""
    return f" ({HELD[tip]}, which held when tested: lesson 11)" if tip in HELD else ""


def refuted(tip: str) -> str:
    """``000's advice to ... won no points when tested (lesson 11)`` for a tip in :data:`NOT_HELD`."""
    return f"{NOT_HELD[tip]} won no points when tested (lesson 11)" if tip in NOT_HELD else ""


__all__ = ["HELD", "NOT_HELD", "cite", "refuted"]
