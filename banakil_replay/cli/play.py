"""The ``selfplay`` and ``review`` subcommands (kept apart from ``cli.py`` to keep each module small).

Same conventions as ``cli.py``: exit 0 success, 1 invalid or failing, 2 bad
input (unknown rule set, player count the rule set does not allow, unreadable
file), with the message on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, Callable

from ..errors import MalformedInputError
from ..rules import DEFAULT_RULESET, RULESETS, get_ruleset

if TYPE_CHECKING:
    from ..reducer import Replay

EXIT_OK, EXIT_INVALID = 0, 1


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..play.bots import make_bots, play_match
    from ..log.progress import Progress
    from ..reducer import fold
    from ..log.store import append_events, create_log

    ruleset = get_ruleset(args.rules)
    if args.players is None:  # as play does: the fewest the rule set allows
        args.players = ruleset.player_counts[0]
    ruleset.check_players(args.players)  # bad rules or player count: exit 2
    if args.games < 1 or args.max_hands < 1:
        raise MalformedInputError("--games and --max-hands must be at least 1")
    try:
        make_bots(args.bots, args.players, args.seed)  # an unknown name or a wrong count: exit 2, nothing played
    except ValueError as e:
        raise MalformedInputError(f"--bots {args.bots}: {e}") from None
    paths = [os.path.join(args.out, f"game-{i + 1:04d}.jsonl") for i in range(args.games)]
    taken = [p for p in paths if os.path.exists(p)]
    if taken:  # checked up front: failing after half the games were played would waste them
        more = f" and {len(taken) - 1} more" if len(taken) > 1 else ""
        raise MalformedInputError(f"refusing to overwrite {taken[0]}{more}")
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise MalformedInputError(f"cannot create {args.out}: {e.strerror or e}") from None
    bar = Progress(args.games)
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
    bar.done(f"selfplay: {_count(args.games, 'game')} ({args.rules}, {args.players} players, "
             f"{args.bots.strip()} bots) "
             f"written to {args.out} in {bar.elapsed:.1f} s, {rate:.1f} games/s")
    if unfinished:
        print(f"banakil-replay selfplay: {_count(unfinished, 'game')} reached no winner within "
              f"{_count(args.max_hands, 'hand')}",
              file=sys.stderr)
        return EXIT_INVALID
    return EXIT_OK


def cmd_review(args: argparse.Namespace) -> int:
    from ..log.load import load_replay
    from ..log.progress import Progress
    from ..play.review import format_verdicts, review, verdict_events
    from .textview import safe

    rp = load_replay(args.log)  # a log that does not replay is refused (exit 1) and nothing is written
    if args.seat is not None and not 0 <= args.seat < rp.final.n:
        raise MalformedInputError(f"--seat {args.seat}: the game has seats 0..{rp.final.n - 1}")
    from ..play.judge import MAX_DEALS

    deals = MAX_DEALS if args.deals is None else args.deals
    if deals < 1:
        raise MalformedInputError("--deals must be at least 1")
    bar = Progress(0, unit="decisions")

    def tick(done: int, total: int) -> None:
        bar.total = total
        if done:
            bar.step()

    verdicts = review(rp, args.seat, deals, progress=tick, seed=args.seed)
    bar.done(f"review: {_count(len(verdicts), 'decision')} graded in {bar.elapsed:.1f} s")
    if args.json:
        print(json.dumps([v.to_json() for v in verdicts], ensure_ascii=False))
    else:
        print(format_verdicts(verdicts, [safe(p) for p in rp.final.players]))
    if args.append and verdicts:
        _append_verdicts(args.log, rp, verdict_events(verdicts))
    return EXIT_OK


def _append_verdicts(path: str, rp: "Replay", events: list[dict[str, Any]]) -> None:
    """Append the verdict notes the log does not already hold, in one write.

    A note already in the log (same event, author and text) is skipped, so a
    second ``review --append`` adds nothing. The events carry the seq numbers
    they were reviewed for, so if another writer appended in the meantime the
    store refuses the whole batch (exit 2, nothing written) instead of
    checking against a stale log.
    """
    from ..log.annotations import inline_notes
    from ..log.store import append_events

    held = {(n.at, n.author, n.text) for n in inline_notes(rp.events)}
    fresh = [e for e in events if (e["at"], e["author"], e["text"]) not in held]
    skipped = len(events) - len(fresh)
    if fresh:
        written = append_events(path, [{"seq": len(rp) + i, **e} for i, e in enumerate(fresh)])
        print(f"appended {len(written)} annotated events (seq {written[0]['seq']}..{written[-1]['seq']}) "
              f"to {path}" + (f"; {skipped} already there" if skipped else ""), file=sys.stderr)
    else:
        print(f"all {skipped} verdicts are already in {path}; nothing appended", file=sys.stderr)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"selfplay": cmd_selfplay, "review": cmd_review}


def add_parsers(sub: Any) -> None:
    """Add the subcommands to the ``banakil-replay`` parser's subparsers."""
    sp = sub.add_parser("selfplay", help="bots play whole matches; writes DIR/game-0001.jsonl ...")
    sp.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                    help=f"rule set: {', '.join(RULESETS)} (default {DEFAULT_RULESET})")
    sp.add_argument("--players", type=int, metavar="N",
                    help="2 to 4 (default: the fewest the rule set allows, as for play)")
    sp.add_argument("--games", type=int, default=1, metavar="K", help="how many matches to play (default 1)")
    sp.add_argument("--seed", type=int, default=0, metavar="S", help="game i (from 0) uses seed S+i")
    sp.add_argument("--out", required=True, metavar="DIR",
                    help="the folder for the logs (created; an existing game-NNNN.jsonl is never overwritten)")
    sp.add_argument("--bots", default="heuristic", metavar="NAME[,NAME...]",
                    help="one bot for every seat (random, heuristic, expert), one name per seat separated by "
                         "commas, or mixed: heuristic and random on alternate seats, swapped every other game")
    sp.add_argument("--max-hands", type=int, default=100, metavar="M",
                    help="stop a match after M hands (exit 1 if a match has no winner by then)")

    rv = sub.add_parser("review", help="grade every decision by the points it loses against the best move, with the error of that figure")
    rv.add_argument("log", metavar="LOG", help="the game's event log (it must replay)")
    rv.add_argument("--seat", type=int, metavar="N", help="only this seat's decisions")
    rv.add_argument("--deals", type=int, metavar="K",  # the default lives in play.judge (a test keeps it in step)
                    help="at most K deals to measure one decision's loss in (default 160; the judge stops sooner "
                         "once the verdict is clear; fewer is faster and less sure)")
    rv.add_argument("--seed", type=int, default=0, metavar="S",
                    help="which deals the judge samples (default 0): the same seed gives the same verdicts")
    rv.add_argument("--json", action="store_true",
                    help="a list of {seq, seat, played, verdict, loss, better, why}")
    rv.add_argument("--append", action="store_true",
                    help="append the verdicts as annotated events by 'reviewer' (nothing is rewritten)")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
