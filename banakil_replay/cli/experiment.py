"""The ``experiment`` subcommand: put one of the sources' tips to the test by play.

``banakil-replay experiment TIP`` plays the tip's habit pair on the same deals
with the seats swapped against the plain heuristic bot (``play.experiment``),
writes every game as an ordinary log in ``--out``, and prints the result in
words and numbers; ``experiment --list`` lists the tips. Same conventions as
``cli.py``: exit 0 on success, 2 on bad input (an unknown tip, a table the
rule set does not allow, a log that would be overwritten), nothing played.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Any, Callable

from ..errors import MalformedInputError
from ..i18n import _, language, ngettext, pgettext
from ..rules import RULESETS, get_ruleset

if TYPE_CHECKING:
    from ..play.analysis.experiment import Result
    from ..play.analysis.tips import Tip

EXIT_OK = 0
DEFAULT_HANDS = 40


def _tip(name: str) -> "Tip":
    from ..play.analysis.tips import get_tip

    try:
        return get_tip(name)
    except ValueError as e:
        raise MalformedInputError(str(e)) from None


def _table(tip: "Tip", rules: str | None, players: int | None) -> tuple[str, int]:
    """The rules and player count to play: the given ones, else the tip's first that fits them."""
    fits = [(r, n) for r, n in tip.runs if (rules is None or r == get_ruleset(rules).name)
            and (players is None or n == players)]
    if fits:
        return fits[0]
    rules = get_ruleset(rules).name if rules is not None else tip.runs[0][0]
    if players is None:
        players = next((n for n in get_ruleset(rules).player_counts if n in (2, 4)), 0)
    return rules, players


def cmd_experiment(args: argparse.Namespace) -> int:
    from ..play.analysis.tips import TIPS

    if args.list:
        if args.tip is not None:
            raise MalformedInputError(_("give a TIP or --list, not both"))
        if args.json:
            with language("en"):  # JSON stays language-neutral
                print(json.dumps([t.to_json() for t in TIPS], ensure_ascii=False))
        else:
            print(format_list(TIPS))
        return EXIT_OK
    if args.tip is None:
        raise MalformedInputError(_("name a TIP to test (experiment --list shows them)"))
    tip = _tip(args.tip)
    if args.hands is not None and args.hands < 2:
        raise MalformedInputError(_("--hands must be at least 2 (an interval needs two paired hands)"))
    rules, players = _table(tip, args.rules, args.players)
    from ..play.analysis.experiment import check_players

    try:
        check_players(rules, players)
    except ValueError as e:  # the rule set's own refusal is already a MalformedInputError
        raise MalformedInputError(_("--players {players}: {why}").format(players=players, why=e)) from None
    hands = DEFAULT_HANDS if args.hands is None else args.hands
    out = args.out or f"experiment-{tip.id}-{rules}-{players}p-seed{args.seed}"
    result = _play(tip, rules, players, hands, args.seed, out)
    if args.json:
        with language("en"):
            print(json.dumps({"tip": tip.id, **result.to_json(), "logs": out}, ensure_ascii=False))
    else:
        print(format_result(tip, result, out))
    return EXIT_OK


def _play(tip: "Tip", rules: str, players: int, hands: int, seed: int, out: str) -> "Result":
    from ..log.progress import Progress
    from ..log.store import append_events, create_log
    from ..play.bots.selfplay import HeuristicBot
    from ..play.analysis.experiment import ARMS, Game, run_experiment

    played = [arm for arm in ARMS if tip.arm(arm) is not HeuristicBot]  # the runner skips the plain bot

    def path(deal: int, arm: str, side: int) -> str:
        return os.path.join(out, f"deal-{deal + 1:04d}-{arm}-side{side}.jsonl")

    paths = [path(d, arm, s) for d in range(hands) for arm in played for s in (0, 1)]
    taken = [p for p in paths if os.path.exists(p)]
    if taken:  # checked before anything is played, as selfplay does
        if len(taken) > 1:
            raise MalformedInputError(ngettext("refusing to overwrite {file} and {more} more; choose another --out",
                                               "refusing to overwrite {file} and {more} more; choose another --out",
                                               len(taken) - 1).format(file=taken[0], more=len(taken) - 1))
        raise MalformedInputError(_("refusing to overwrite {file}; choose another --out").format(file=taken[0]))
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        from ..log.load import os_reason

        raise MalformedInputError(_("cannot create {file}: {why}").format(file=out, why=os_reason(e))) from None
    bar = Progress(len(paths), unit="games")

    def write(game: Game) -> None:
        p = path(game.deal, game.arm, game.side)
        create_log(p, game.log[0])
        append_events(p, game.log[1:])
        bar.step()

    result = run_experiment(tip.arm("habit"), tip.arm("without"), rules, players, hands, seed, on_game=write)
    bar.done(_("experiment: {games} games written to {folder} in {seconds} s").format(
        games=len(paths), folder=out, seconds=f"{bar.elapsed:.1f}"))
    return result


def format_result(tip: "Tip", result: "Result", out: str) -> str:
    """The result in words, then in numbers."""
    iv = result.interval
    if iv.verdict == "helps":
        words = _("the habit wins points: the whole interval is above zero")
    elif iv.verdict == "hurts":
        words = _("the habit loses points: the whole interval is below zero")
    else:
        words = _("no clear effect at this size: the interval contains zero")
    return "\n".join([
        f"{tip.id} ({tip.source})",
        "  " + _("tip: {says}").format(says=tip.says),
        "  " + _("played: {rules} rules, {players} players, {hands} paired hands, seed {seed}; logs in {folder}")
        .format(rules=result.rules, players=result.players, hands=iv.n, seed=result.seed, folder=out),
        "  " + _("result: {words}.").format(words=words),
        "  " + _("habit minus without, per hand, from the habit side: {mean} points (95% interval {low} to {high})")
        .format(mean=f"{iv.mean:+.2f}", low=f"{iv.low:+.2f}", high=f"{iv.high:+.2f}"),
        "  " + _("margin per hand against the plain bot: with the habit {habit}, without {without}").format(
            habit=f"{result.habit_margin:+.2f}", without=f"{result.without_margin:+.2f}"),
    ])


def format_list(tips: Any) -> str:
    lines = []
    for t in tips:
        if t.testable:
            where = pgettext("list separator", ", ").join(_("{rules} {players}p").format(rules=r, players=n)
                                                          for r, n in t.runs)
        else:
            where = _("not played: {why}").format(why=t.untestable_said())
        lines.append(f"{t.id:<22} {t.source}\n{'':<22} {t.says_said()}\n{'':<22} {where}")
    return "\n".join(lines)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"experiment": cmd_experiment}


def add_parsers(sub: Any) -> None:
    """Add ``experiment`` to the ``banakil-replay`` parser's subparsers."""
    ex = sub.add_parser("experiment", help=_("test one of the sources' tips by play: the habit against its "
                                             "absence, on the same deals, seats swapped"))
    ex.add_argument("tip", nargs="?", metavar="TIP", help=_("the tip's id (experiment --list shows them)"))
    ex.add_argument("--list", action="store_true", help=_("list the tips, their sources and where they are tried"))
    ex.add_argument("--rules", metavar="NAME", help=_("rule set: {names} (default: the tip's own)").format(
        names=", ".join(RULESETS)))
    ex.add_argument("--players", type=int, metavar="N", help=_("2 or 4 (default: the tip's own)"))
    ex.add_argument("--hands", type=int, metavar="K",
                    help=_("paired deals, each played by both arms on both sides (default {hands})").format(
                        hands=DEFAULT_HANDS))
    ex.add_argument("--seed", type=int, default=0, metavar="S", help=_("the same seed gives the same result"))
    ex.add_argument("--out", metavar="DIR",
                    help=_("where the games' logs go (default experiment-TIP-RULES-Np-seedS); never overwritten"))
    ex.add_argument("--json", action="store_true", help=_("the result (or the list) as JSON"))
