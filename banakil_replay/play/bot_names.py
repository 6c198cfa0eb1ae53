"""The bots' names and what each is, apart from the bots themselves.

The command line builds its ``--bots`` help from these at parse time, before any
game is played, so this module imports nothing: importing the bots would load the
search and the Monte Carlo expert for ``banakil-replay --help``. :data:`~.bots.BOTS`
makes one bot per name here, so the help cannot list a bot that does not exist.
"""

from __future__ import annotations

#: Each bot's name and a few words on how it plays, in the order the help lists them.
BOT_WORDS: dict[str, str] = {
    "random": "any legal move",
    "heuristic": "ranked options, goes out when it can",
    "expert": "Monte Carlo, about a quarter of a second a move",
}
BOT_NAMES = tuple(BOT_WORDS)
MIXED = "mixed"  # not a bot: heuristic and random seats taking turns
BOT_KINDS = BOT_NAMES + (MIXED,)
DEFAULT_BOT = "heuristic"


def bots_help(*, words: bool = False) -> str:
    """``random, heuristic, expert`` (with ``words``, each followed by how it plays in brackets)."""
    return ", ".join(f"{name} ({BOT_WORDS[name]})" if words else name for name in BOT_NAMES)


__all__ = ["BOT_KINDS", "BOT_NAMES", "BOT_WORDS", "DEFAULT_BOT", "MIXED", "bots_help"]
