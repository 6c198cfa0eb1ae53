"""The ``play`` subcommand: a person (or a program) plays one seat against bots, and the log is the game.

Text mode shows the table from the seat's view and reads one command a line
(``help`` lists them); ``--json`` speaks the line protocol of
``docs/play-protocol.md``. Both sit on :class:`~banakil_replay.play.session.session.GameSession`,
which appends every event to the log as it is made, so ``--resume`` continues a
game whose process was killed at any moment. Exit codes as elsewhere: 0 at the
end of the input, on ``quit`` or when the match is won; 2 for bad arguments (a
log that exists without ``--resume``, a missing one with it, an unknown rule
set, a player count or seat the table does not have), message on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO

from ..cards import card_run
from ..errors import BanakilError, IllegalMoveError, MalformedInputError, render
from ..i18n import _, language
from ..play.bots.names import DEFAULT_BOT, bots_help
from ..rules import DEFAULT_RULESET, RULESETS

if TYPE_CHECKING:  # the game machinery is imported when a game is played, not for every command
    from ..play.session.session import GameSession

EXIT_OK = 0
MAX_LINE_BYTES = 1 << 16  # far above any move; a longer line is refused without being held whole


def cmd_play(args: argparse.Namespace) -> int:
    try:
        return _play_table(args)
    except KeyboardInterrupt:  # Ctrl-C stops like quit: every event made is already in the log
        print("\n" + _("stopped; {log} keeps the game, and --resume continues it").format(log=args.log),
              file=sys.stderr)
        return EXIT_OK


def _play_table(args: argparse.Namespace) -> int:
    from ..play.session.session import GameSession

    if args.resume:
        # the seat and the bots are the log's; a flag given must agree with it
        session = GameSession.resume(args.log, humans=None if args.seat is None else (args.seat,), bots=args.bots,
                                     seed=args.seed, rules=args.rules, players=args.players)
    else:
        session = GameSession.start(args.log, args.rules or DEFAULT_RULESET, args.players,
                                    humans=(args.seat or 0,), bots=args.bots or DEFAULT_BOT, seed=args.seed or 0)
    seat = min(session.humans, default=0)
    lines = _lines(sys.stdin, "banakil> " if sys.stdin.isatty() and not args.json else None)
    if args.json:
        # the protocol is for programs: the same bytes under any --lang, its sentences English (docs/play-protocol.md)
        with language("en"):
            return _json_loop(session, seat, lines)
    return _text_loop(session, seat, lines)


def refusal(err: Exception) -> str:
    """Why a line was refused, without the reducer's ``seq N: type:`` prefix (the player knows the move)."""
    return render(err, seq=False, event_type=False, rule_id=True) if isinstance(err, BanakilError) else str(err)


# ------------------------------------------------------------------ input
def _lines(stream: TextIO, prompt: str | None) -> Iterator[str | None]:
    """Input lines without their newline; None for a line too long to be a move (it is skipped whole).

    Bytes that are not UTF-8 become U+FFFD, so the line is refused as a command
    rather than ending the game with a decoding error. A line with no end in sight
    (``/dev/zero``) ends the input: the log already holds every move made.
    """
    from ..log.inputs import EndlessLineError, read_line

    while True:
        if prompt is not None:
            sys.stdout.write(prompt)
            sys.stdout.flush()
        try:
            line = read_line(stream, MAX_LINE_BYTES)
        except EndlessLineError as e:
            print(_("banakil-replay {command}: {message}").format(command="play", message=e), file=sys.stderr)
            return
        except MalformedInputError:
            yield None
            continue
        if line is None:
            return
        yield line


def _until_over(session: GameSession, lines: Iterator[str | None]) -> Iterator[str | None]:
    """The input lines while the match goes on: nothing more is read once it is won."""
    while not session.over:
        try:
            yield next(lines)
        except StopIteration:
            return


def _read(session: GameSession, seat: int, line: str | None) -> Any:
    """The move or question on a line, or the exception that refuses it."""
    from ..play.session.commands import read_line

    if line is None:
        return MalformedInputError(_("a line longer than {limit} bytes is not a move").format(limit=MAX_LINE_BYTES))
    try:
        return read_line(line, session.state, seat)
    except MalformedInputError as e:
        return e


def _play(session: GameSession, got: Any) -> tuple[list[dict[str, Any]], Exception | None]:
    """Play a move: the events written, or the refusal (and nothing written).

    A log that cannot be written is not a refusal: that error ends the command (exit 2).
    """
    try:
        return session.play(got), None
    except (IllegalMoveError, MalformedInputError) as e:
        return [], e


# ------------------------------------------------------------------- json
def _json_loop(session: GameSession, seat: int, lines: Iterator[str | None]) -> int:
    from ..log.store import read_events
    from ..play.session.commands import Ask
    from ..play.seatview import state_seen_by
    from .protocol import Teller, help_json, hint_json, option_order, rule_json

    teller = Teller(seat)

    def answer(ok: bool, err: Exception | None, events: list[dict[str, Any]], said: Any = None) -> None:
        mine = session.waiting_for == seat
        shown, ended = teller.seen(events)
        print(json.dumps({
            "ok": ok, "error": None if err is None else refusal(err), "rule": None if err is None else rule_json(err),
            "events": shown, "hands_ended": ended, "answer": said,
            "state": state_seen_by(session.state, seat, session.public_record),
            "options": [o.to_json() for o in sorted(session.options().options, key=option_order)] if mine else [],
            "over": session.over}, ensure_ascii=False), flush=True)

    answer(True, None, read_events(session.path))  # the first answer tells the whole game so far, resumed or new
    for line in _until_over(session, lines):
        got = _read(session, seat, line)
        if isinstance(got, Exception):
            answer(False, got, [])
        elif isinstance(got, Ask):
            said = help_json() if got.word == "help" else hint_json(session) if got.word == "hint" else None
            answer(True, None, [], said)
            if got.word == "quit":
                break
        else:
            written, err = _play(session, got)
            answer(err is None, err, written)
    return EXIT_OK


# ------------------------------------------------------------------- text
def _text_loop(session: GameSession, seat: int, lines: Iterator[str | None]) -> int:
    from ..events import Drew
    from ..play.session.commands import Ask, help_text
    from .protocol import drawn
    from .seatview import hint_text, news_text, options_text, table_text

    answers: dict[str, Callable[[GameSession, int], str]] = {
        "help": lambda s, seat: _("commands (one a line):") + "\n" + help_text(),
        "show": table_text,
        "options": lambda s, seat: options_text(s.options()),
        "hint": lambda s, seat: hint_text(s),
    }

    def say(text: str) -> None:
        if text:
            print(text, flush=True)

    say(news_text(session.happened))
    say(table_text(session, seat))
    if session.over:
        say(_("the match is over"))
        return EXIT_OK
    say(_("you play seat {seat}; type help for the commands").format(seat=seat))
    for line in _until_over(session, lines):
        if line is not None and not line.strip():
            continue
        got = _read(session, seat, line)
        if isinstance(got, Exception):
            say(f"? {refusal(got)}")
            continue
        if isinstance(got, Ask):
            if got.word == "quit":
                say(_("stopped; {log} keeps the game, and --resume continues it").format(log=session.path))
                break
            say(answers[got.word](session, seat))
            continue
        before = session.state
        _written, err = _play(session, got)
        if err is not None:
            say(_("not allowed: {reason}").format(reason=refusal(err)))
            continue
        if isinstance(got, Drew):  # the log leaves the card to the stock; the one who drew it is told
            say(_("you drew {card}").format(card=card_run(drawn(before, session.state, seat))))
        say(news_text(session.happened))
        say(table_text(session, seat))
        if session.over:
            say(_("the match is over"))
    return EXIT_OK


# ----------------------------------------------------------------- parser
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"play": cmd_play}


def add_parsers(sub: Any) -> None:
    """Add ``play`` to the ``banakil-replay`` parser's subparsers."""
    p = sub.add_parser("play", help=_("play a seat against bots; every move is appended to the log as it is made"))
    p.add_argument("--log", required=True, metavar="FILE", help=_("the game's log (created; --resume continues it)"))
    p.add_argument("--rules", metavar="NAME",
                   help=_("rule set: {names} (default {default}; with --resume, the log's)").format(
                       names=", ".join(RULESETS), default=DEFAULT_RULESET))
    p.add_argument("--players", type=int, metavar="N",
                   help=_("2 to 4 (default: the fewest the rule set allows; with --resume, the log's)"))
    p.add_argument("--seat", type=int, metavar="S",
                   help=_("the seat you play (default 0; with --resume, the log's, and another is refused)"))
    p.add_argument("--seed", type=int, metavar="K", help=_("the deals' seed (default 0; with --resume, the log's)"))
    p.add_argument("--bots", metavar="KIND",
                   help=_("who plays the other seats: {bots}; default {default}; with --resume, the log's, and "
                          "another is refused").format(bots=bots_help(words=True), default=DEFAULT_BOT))
    p.add_argument("--json", action="store_true", help=_("the line protocol of docs/play-protocol.md"))
    p.add_argument("--resume", action="store_true", help=_("continue the match in FILE"))
