"""The ``review`` subcommand: every decision of a logged game graded by the points it loses.

Same conventions as ``main.py``: exit 0 success, 1 a log that does not replay,
2 bad input (a seat the game lacks, an unreadable file), with the message on
stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, Callable

from ..errors import MalformedInputError
from .textview import safe
from ..i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from ..reducer import Replay

EXIT_OK = 0


def cmd_review(args: argparse.Namespace) -> int:
    from ..log.load import load_replay
    from ..log.progress import Progress
    from ..play.analysis.review import format_verdicts, review, verdict_events
    from ..play.analysis.judge import MAX_DEALS
    from ..play.analysis.parallel import default_workers

    deals = MAX_DEALS if args.deals is None else args.deals
    if deals < 1:  # the options first: a mistyped one is said before a long log is read
        raise MalformedInputError(_("--deals must be at least 1"))
    if args.workers is not None and args.workers < 1:
        raise MalformedInputError(_("--workers must be at least 1"))
    workers = default_workers() if args.workers is None else args.workers
    rp = load_replay(args.log)  # a log that does not replay is refused (exit 1) and nothing is written
    if args.seat is not None and not 0 <= args.seat < rp.final.n:
        raise MalformedInputError(_("--seat {seat}: the game has seats 0..{last}").format(seat=args.seat,
                                                                                         last=rp.final.n - 1))
    bar = Progress(0, unit=pgettext("progress unit", "decisions"))

    def tick(done: int, total: int) -> None:
        bar.total = total
        if done:
            bar.step()

    verdicts = review(rp, args.seat, deals, progress=tick, seed=args.seed, workers=workers)
    bar.done(ngettext("review: {count} decision graded in {seconds} s", "review: {count} decisions graded in {seconds} s",
                      len(verdicts)).format(count=len(verdicts), seconds=f"{bar.elapsed:.1f}"))
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
        said = _("appended {count} annotated events (seq {first}..{last}) to {path}").format(
            count=len(written), first=written[0]["seq"], last=written[-1]["seq"], path=path)
        if skipped:
            said = _("{line}; {count} already there").format(line=said, count=skipped)
        print(said, file=sys.stderr)
    else:
        print(_("all {count} verdicts are already in {path}; nothing appended").format(
            count=skipped, path=path), file=sys.stderr)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"review": cmd_review}


def add_parsers(sub: Any) -> None:
    """Add ``review`` to the ``banakil-replay`` parser's subparsers."""
    rv = sub.add_parser("review", help=_("grade every decision by the points it loses against the best move, with "
                                         "the error of that figure"))
    rv.add_argument("log", metavar="LOG", help=_("the game's event log (it must replay)"))
    rv.add_argument("--seat", type=int, metavar="N", help=_("only this seat's decisions"))
    rv.add_argument("--deals", type=int, metavar="K",  # the default lives in play.judge (a test keeps it in step)
                    help=_("at most K deals to measure one decision's loss in (default 160; the judge stops "
                           "sooner once the verdict is clear; fewer is faster and less sure)"))
    rv.add_argument("--seed", type=int, default=0, metavar="S",
                    help=_("which deals the judge samples (default 0): the same seed gives the same verdicts"))
    rv.add_argument("--workers", type=int, metavar="N",
                    help=_("processes judging decisions side by side (default and most: one per core); the "
                           "verdicts are the same whatever N"))
    rv.add_argument("--json", action="store_true",
                    help=_("a list of {fields}").format(
                        fields="{seq, seat, played, verdict, loss, better, why}"))
    rv.add_argument("--append", action="store_true",
                    help=_("append the verdicts as annotated events by 'reviewer' (nothing is rewritten)"))
