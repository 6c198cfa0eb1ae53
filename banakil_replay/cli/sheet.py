"""The ``sheet`` subcommand: a score sheet for a real table, kept as an event log.

    banakil-replay sheet new FILE --rules NAME --players A,B[,C,D] [--carry]
    banakil-replay sheet add FILE JSON|-          one hand, in the score command's input shape
    banakil-replay sheet strike FILE N [--reason TEXT]   take hand N back (a correcting event)
    banakil-replay sheet show FILE [--json]

The work is done by :mod:`banakil_replay.log.sheet`: a hand is written only once the
reducer has accepted it under the sheet's rules. Exit codes: 0 done; 2 for anything
refused (a hand the rules refuse, a hand after the match is won, a file that exists
for ``new``, a file that cannot be read, is not a log or does not replay), with the
reason on stderr and the file as it was.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from ..errors import IllegalMoveError, MalformedInputError
from ..i18n import _, language, pgettext
from ..rules import DEFAULT_RULESET, RULESETS

EXIT_OK = 0


def _read_entry(text: str, where: str) -> Any:
    from ..log.inputs import parse_json

    return parse_json(text, where)


def _new(args: argparse.Namespace) -> int:
    from ..log.load import utf8_text
    from ..log.sheet import new_sheet

    sheet = _shown(new_sheet(args.file, args.rules, args.players.split(","), carry=args.carry))
    print(utf8_text(_("new sheet {file}: {heading}").format(file=args.file, heading=sheet.heading())))
    return EXIT_OK


def _add(args: argparse.Namespace) -> int:
    from ..log.sheet import add_hand

    if args.hand == "-":
        from ..log.inputs import decode_text, read_stream

        where = _("the hand on standard input")
        entry = _read_entry(decode_text(read_stream(sys.stdin), where), where)
    else:
        entry = _read_entry(args.hand, _("the hand given"))
    sheet = add_hand(args.file, entry, args.number, again=args.again)
    if args.json:
        _print_json(sheet)
        return EXIT_OK
    sheet = _shown(sheet)
    last = sheet.hands[-1]
    scores = pgettext("list separator", ", ").join(
        (_("{name} {score} (enters {entered})") if e != s else _("{name} {score}")).format(name=name, score=s,
                                                                                          entered=e)
        for name, s, e in zip(sheet.sides, last.scores, last.entered))
    print(_("hand {hand} added: {scores}. {standing}").format(hand=last.hand, scores=scores,
                                                              standing=sheet.standing()))
    return EXIT_OK


def _strike(args: argparse.Namespace) -> int:
    from ..log.sheet import strike_hand

    sheet = strike_hand(args.file, args.hand, args.reason)
    if args.json:
        _print_json(sheet)
        return EXIT_OK
    sheet = _shown(sheet)
    print(_("hand {hand} struck: it stays on the sheet and counts for nobody. {standing}").format(
        hand=args.hand, standing=sheet.standing()))
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    from ..log.sheet import open_sheet, sheet_text

    _unused, sheet = open_sheet(args.file)  # "_" is the catalog here
    if args.json:
        _print_json(sheet)
    else:
        print(sheet_text(_shown(sheet)))
    return EXIT_OK


def _shown(sheet: Any) -> Any:
    """The sheet with its names made safe for a terminal: a name is user text (any writer's, in any log),
    and a control or bidi-override character in it would recolour the terminal or reverse the line."""
    from dataclasses import replace

    from .textview import safe

    return replace(sheet, players=tuple(safe(p) for p in sheet.players), sides=tuple(safe(s) for s in sheet.sides))


def _print_json(sheet: Any) -> None:
    with language("en"):  # JSON stays language-neutral: the same bytes under any --lang
        print(json.dumps(sheet.to_json(), ensure_ascii=False))


_ACTIONS: dict[str, Callable[[argparse.Namespace], int]] = {"new": _new, "add": _add, "strike": _strike, "show": _show}


def cmd_sheet(args: argparse.Namespace) -> int:
    try:
        return _ACTIONS[args.action](args)
    except IllegalMoveError as e:  # a refusal is bad input to this command, never "invalid"
        raise MalformedInputError(str(e)) from None


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"sheet": cmd_sheet}


def add_parsers(sub: Any) -> None:
    """Add ``sheet`` (with ``new``, ``add`` and ``show``) to the ``banakil-replay`` parser's subparsers."""
    p = sub.add_parser("sheet", help=_("a score sheet for a real table, kept as an event log: new, add, strike, "
                                       "show"))
    actions = p.add_subparsers(dest="action", required=True, parser_class=type(p))
    n = actions.add_parser("new", help=_("start a sheet (never overwrites a file)"))
    n.add_argument("file", metavar="FILE", help=_("the new sheet's file (an event log)"))
    n.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                   help=_("rule set: {names} (default {default})").format(names=", ".join(RULESETS),
                                                                          default=DEFAULT_RULESET))
    n.add_argument("--players", required=True, metavar="A,B[,C,D]",
                   help=_("the players' names in turn order; at four, 1st and 3rd are partners"))
    n.add_argument("--carry", action="store_true",
                   help=_("a negative hand enters as 0 and its shortfall comes off later hands (000's sheet)"))
    a = actions.add_parser("add", help=_("add one hand, as the score command reads it (JSON, or - for stdin)"))
    a.add_argument("file", metavar="FILE", help=_("the sheet's file"))
    a.add_argument("hand", metavar="JSON|-", help=_("e.g. {example}").format(
        example='\'{"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}\''))
    a.add_argument("--hand", dest="number", type=int, metavar="N",
                   help=_("the hand's number: refused if the sheet already has it (a retry never counts twice)"))
    a.add_argument("--again", action="store_true",
                   help=_("the hand repeats the last one exactly, and the table really scored it twice (without "
                          "this, an identical hand right after is refused as a hand sent twice)"))
    a.add_argument("--json", action="store_true", help=_("print the whole sheet as sheet show --json does"))
    k = actions.add_parser("strike", help=_("take a hand back: appends a hand_struck event; the hand stays on the "
                                            "sheet, struck, and counts for nobody (nothing is rewritten)"))
    k.add_argument("file", metavar="FILE", help=_("the sheet's file"))
    k.add_argument("hand", type=int, metavar="N", help=_("the number of the hand to strike, as sheet show lists it"))
    k.add_argument("--reason", default="", metavar="TEXT", help=_("why, kept with the event (optional)"))
    k.add_argument("--json", action="store_true", help=_("print the whole sheet as sheet show --json does"))
    s = actions.add_parser("show", help=_("per hand the scores and running totals, the target and the winner"))
    s.add_argument("file", metavar="FILE", help=_("the sheet's file, or any game log"))
    s.add_argument("--json", action="store_true", help=_("the whole sheet as one JSON object"))
