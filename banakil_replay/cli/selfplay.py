"""The ``selfplay`` subcommand: bots play whole matches and each match's log is written to a folder.

Same conventions as ``main.py``: exit 0 success, 1 a match with no winner
within ``--max-hands``, 2 bad input (unknown rule set or bot, a player count
the rule set does not allow, a log that would be overwritten), with the
message on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable

from ..errors import MalformedInputError
from ..play.bots.names import DEFAULT_BOT, MIXED, bots_help
from ..rules import DEFAULT_RULESET, RULESETS, get_ruleset
from ..i18n import _, ngettext, pgettext
from ..log.load import os_reason

EXIT_OK, EXIT_INVALID = 0, 1


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..play.bots.selfplay import make_bots, play_match
    from ..log.progress import Progress
    from ..reducer import fold
    from ..log.store import append_events, create_log

    ruleset = get_ruleset(args.rules)
    if args.players is None:  # as play does: the fewest the rule set allows
        args.players = ruleset.player_counts[0]
    ruleset.check_players(args.players)  # bad rules or player count: exit 2
    if args.games < 1 or args.max_hands < 1:
        raise MalformedInputError(_("--games and --max-hands must be at least 1"))
    try:
        make_bots(args.bots, args.players, args.seed)  # an unknown name or a wrong count: exit 2, nothing played
    except ValueError as e:
        raise MalformedInputError(_("--bots {bots}: {reason}").format(bots=args.bots, reason=e)) from None
    paths = [os.path.join(args.out, f"game-{i + 1:04d}.jsonl") for i in range(args.games)]
    taken = [p for p in paths if os.path.exists(p)]
    if taken:  # checked up front: failing after half the games were played would waste them
        if len(taken) == 1:
            raise MalformedInputError(_("refusing to overwrite {path}").format(path=taken[0]))
        # the plural is chosen by the files counted after the first, the number the sentence says
        raise MalformedInputError(ngettext("refusing to overwrite {path} and {more} more",
                                           "refusing to overwrite {path} and {more} more",
                                           len(taken) - 1).format(path=taken[0], more=len(taken) - 1))
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise MalformedInputError(_("cannot create {path}: {reason}").format(path=args.out,
                                                                             reason=os_reason(e))) from None
    bar = Progress(args.games, unit=pgettext("progress unit", "games"))
    unfinished = 0
    for i, path in enumerate(paths):
        seed = args.seed + i
        log = play_match(args.rules, args.players, make_bots(args.bots, args.players, seed), seed,
                         max_hands=args.max_hands)
        create_log(path, log[0])
        append_events(path, log[1:])
        unfinished += not fold(log).match_over
        bar.step()
    rate = args.games / bar.elapsed if bar.elapsed > 0 else 0.0
    bar.done(ngettext("selfplay: {count} game ({rules}, {players} players, {bots} bots) written to {out} in "
                      "{seconds} s, {rate} games/s",
                      "selfplay: {count} games ({rules}, {players} players, {bots} bots) written to {out} in "
                      "{seconds} s, {rate} games/s", args.games).format(
        count=args.games, rules=args.rules, players=args.players, bots=args.bots.strip(), out=args.out,
        seconds=f"{bar.elapsed:.1f}", rate=f"{rate:.1f}"))
    if unfinished:
        hands = ngettext("{count} hand", "{count} hands", args.max_hands).format(count=args.max_hands)
        print(ngettext("banakil-replay selfplay: {count} game reached no winner within {hands}",
                       "banakil-replay selfplay: {count} games reached no winner within {hands}", unfinished).format(
            count=unfinished, hands=hands), file=sys.stderr)
        return EXIT_INVALID
    return EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"selfplay": cmd_selfplay}


def add_parsers(sub: Any) -> None:
    """Add ``selfplay`` to the ``banakil-replay`` parser's subparsers."""
    sp = sub.add_parser("selfplay", help=_("bots play whole matches; writes DIR/game-0001.jsonl ..."))
    sp.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                    help=_("rule set: {known} (default {default})").format(known=", ".join(RULESETS),
                                                                           default=DEFAULT_RULESET))
    sp.add_argument("--players", type=int, metavar="N",
                    help=_("2 to 4 (default: the fewest the rule set allows, as for play)"))
    sp.add_argument("--games", type=int, default=1, metavar="K", help=_("how many matches to play (default 1)"))
    sp.add_argument("--seed", type=int, default=0, metavar="S", help=_("game i (from 0) uses seed S+i"))
    sp.add_argument("--out", required=True, metavar="DIR",
                    help=_("the folder for the logs (created; an existing game-NNNN.jsonl is never overwritten)"))
    sp.add_argument("--bots", default=DEFAULT_BOT, metavar="NAME[,NAME...]",
                    help=_("one bot for every seat ({bots}; default {default}), one name per seat separated by "
                           "commas, or {mixed}: heuristic and random on alternate seats, swapped every other "
                           "game").format(bots=bots_help(), default=DEFAULT_BOT, mixed=MIXED))
    sp.add_argument("--max-hands", type=int, default=100, metavar="M",
                    help=_("stop a match after M hands (exit 1 if a match has no winner by then)"))
