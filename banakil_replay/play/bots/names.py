"""The bots' names and what each is, apart from the bots themselves.

The command line builds its ``--bots`` help from these at parse time, before any
game is played, so this module imports only the catalog: importing the bots would load the
search and the Monte Carlo expert for ``banakil-replay --help``. :data:`~.bots.BOTS`
makes one bot per name here, so the help cannot list a bot that does not exist.
"""

from __future__ import annotations

from ...i18n import N_, _

#: Each bot's name and a few words on how it plays, in the order the help lists them (marked for the
#: catalog, said through :func:`bots_help`).
BOT_WORDS: dict[str, str] = {
    "random": N_("any legal move"),
    "heuristic": N_("ranked options, goes out when it can"),
    "expert": N_("Monte Carlo, about a quarter of a second a move"),
}
BOT_NAMES = tuple(BOT_WORDS)
MIXED = "mixed"  # not a bot: heuristic and random seats taking turns
BOT_KINDS = BOT_NAMES + (MIXED,)
DEFAULT_BOT = "heuristic"


def bots_help(*, words: bool = False) -> str:
    """``random, heuristic, expert`` (with ``words``, each followed by how it plays in brackets)."""
    return ", ".join(_("{bot} ({how})").format(bot=name, how=_(BOT_WORDS[name])) if words else name
                     for name in BOT_NAMES)


__all__ = ["BOT_KINDS", "BOT_NAMES", "BOT_WORDS", "DEFAULT_BOT", "MIXED", "bots_help"]
