"""The ``banakil-replay`` command line.

Exit codes are part of the contract: 0 success/valid, 1 invalid or failing,
2 bad input (unknown card, unknown rule set, unreadable file, a file that is
not a game log at all) with the message on stderr.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Callable, ContextManager, NoReturn, Sequence

from .. import __version__
from . import experiment as cli_experiment
from . import learn as cli_learn
from . import review as cli_review
from . import selfplay as cli_selfplay
from . import sheet as cli_sheet
from . import play as cli_play
from .argparse_words import argparse_in_our_words
from ..errors import BanakilError, IllegalMoveError, MalformedInputError, render
from ..i18n import LANGUAGES, UnknownLanguageError, _, current_language, language, pgettext, resolve_language
from ..native import describe
from ..log.load import UnreadableLogError, load_replay, os_reason, utf8_text
from ..log.store import NotALogError, UnsupportedFormatError
from ..rules import DEFAULT_RULESET, RULESETS, get_ruleset

if TYPE_CHECKING:
    from ..reducer import Replay
    from ..state import GameState

EXIT_OK, EXIT_INVALID, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own usage errors are bad input too
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, pgettext("argparse", "%(prog)s: error: %(message)s\n")
                  % {"prog": self.prog, "message": message})


def _neutral(json_out: bool = True) -> ContextManager[Any]:
    """English while a JSON answer is made: JSON stays language-neutral (the same bytes under any --lang)."""
    return language("en") if json_out else nullcontext()


def _dump(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def cmd_meld(args: argparse.Namespace) -> int:
    from ..melds import analyze_meld

    from ..cards import parse_cards

    rules = get_ruleset(args.rules)
    parse_cards(args.cards)  # a card code that cannot be read is refused in the reader's language
    with _neutral():
        check = analyze_meld(args.cards, rules)
        _dump(check.to_json())
    return EXIT_OK if check.valid else EXIT_INVALID


def cmd_score(args: argparse.Namespace) -> int:
    from ..scoring import HandInput, score_hand

    from ..log.inputs import decode_text, parse_json

    rules = get_ruleset(args.rules)
    where = _("the hand on standard input") if args.file == "-" else utf8_text(args.file)
    data = parse_json(decode_text(_read_input(args.file), where), where)
    hand = HandInput.from_json(data, rules)
    try:
        score_hand(rules, hand)  # a refusal in the reader's language; the answer in none
    except IllegalMoveError as e:
        raise MalformedInputError(str(e)) from None
    with _neutral():
        _dump(score_hand(rules, hand).to_json())
    return EXIT_OK


def _read_input(path: str) -> bytes:
    """A JSON input's bytes from a regular file or ``-`` (standard input), bounded either way."""
    from ..log.inputs import read_file, read_stream

    if path == "-":
        return read_stream(sys.stdin)
    try:
        return read_file(path)
    except OSError as e:
        raise MalformedInputError(_("cannot read {file}: {why}").format(file=utf8_text(path),
                                                                        why=os_reason(e))) from None


def cmd_examples(args: argparse.Namespace) -> int:
    from ..examples import check_all, format_table

    with _neutral(args.json):
        results = check_all()
    if args.json:
        _dump([r.to_json() for r in results])
    else:
        print(format_table(results))
    return EXIT_INVALID if any(r.verdict == "mismatch" for r in results) else EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    from ..rules import differences, differences_markdown

    if args.json:
        _dump(differences())
    else:
        print(differences_markdown())
    return EXIT_OK


def _failure_seq(err: BanakilError) -> int | None:
    seq = getattr(err, "seq", None)
    if seq is None and getattr(err, "line", None):
        seq = err.line - 1  # type: ignore[attr-defined]  # line L holds seq L-1 in a valid log
    return seq


def _reason(err: BanakilError) -> str:
    """The reason without the seq prefix (the caller prints it), keeping line and byte offset.

    The rule a refusal cites is named in the reader's language (``render`` says its English title,
    which stays the data of a JSON verdict)."""
    text = render(err, seq=False, place=True)
    rule = err.rule if err.cites_rule else None
    tag = f" [{rule.title}: {err.source}]" if rule is not None else ""
    if rule is None or current_language() == "en" or not text.endswith(tag):
        return text
    from ..citation_words import said
    from ..rulebook_words import title

    return text[:-len(tag)] + " " + _("[{rule}: {source}]").format(rule=title(rule), source=said(err.source))


def _validate_one(path: str, chain: bool = False, head: str | None = None) -> tuple[int, str, BanakilError | None]:
    """Exit code and message for one log: (0, ""), (1, the stdout line) or (2, the stderr message), and the error.

    Bad input (2) is a file that cannot be read or is not a game log at all
    (:class:`~banakil_replay.log.store.NotALogError`: not a regular file, empty, or a
    first line that is not a JSON object with a "type"), or a log in a format
    newer than this version reads. Anything else wrong is an invalid log (1).
    The log is folded as it is read, so memory does not grow with its length.
    With ``chain`` (or a ``head`` kept elsewhere) a valid log's line on stdout is its chain head.
    """
    from ..log.stream import replay_stream

    try:
        for _event in replay_stream(path):  # folded as read; "_" is the catalog here
            pass
        if chain or head is not None:
            return (*_chain_verdict(path, head), None)
    except OSError as e:
        return EXIT_BAD_INPUT, utf8_text(str(UnreadableLogError(path, e))), None
    except (NotALogError, UnsupportedFormatError) as e:
        return EXIT_BAD_INPUT, utf8_text(str(e)), e
    except BanakilError as e:
        seq = _failure_seq(e)
        if seq is None:
            return EXIT_INVALID, utf8_text(_("{file}: {reason}").format(file=path, reason=_reason(e))), e
        return EXIT_INVALID, utf8_text(_("{file}: seq {seq}: {reason}").format(file=path, seq=seq,
                                                                              reason=_reason(e))), e
    return EXIT_OK, "", None


def _verdict_json(path: str, code: int, message: str, err: BanakilError | None) -> dict[str, Any]:
    """``validate --json``: one object per log, what a conformance run compares (conformance/README.md)."""
    out: dict[str, Any] = {"log": utf8_text(path), "valid": code == EXIT_OK}
    if code == EXIT_OK:
        return {**out, "head": message.split()[0]} if message else out
    rule = getattr(err, "rule", None)
    if err is None and code == EXIT_INVALID:
        from ..rulebook import Rule

        rule = Rule.CHAIN  # no head, or not the head kept
    return {**out, "seq": _failure_seq(err) if err is not None else None,
            "rule": rule.id if rule is not None else None,
            "reason": _reason(err) if err is not None else message, "bad_input": code == EXIT_BAD_INPUT}


def _chain_verdict(path: str, kept: str | None) -> tuple[int, str]:
    """A valid log's chain head as ``HEAD  FILE`` (0), or why it has none or not the one kept (1)."""
    from ..log.store import chain_heads

    head: str | None = None
    last = kept_at = -1
    for seq, head in chain_heads(path):
        last = seq
        if head is not None and head == kept:
            kept_at = seq
    if head is None:
        return EXIT_INVALID, utf8_text(_('{file}: not chained: its last event carries no "chain", so '
                                         "there is no head to print or check").format(file=path))
    if kept is not None and head != kept:
        if kept_at >= 0:
            return EXIT_INVALID, utf8_text(
                _("{file}: seq {next}: the kept head is the chain of seq {seq}; "
                  "{added} event(s) were added after it was kept").format(
                    file=path, next=kept_at + 1, seq=kept_at, added=last - kept_at))
        return EXIT_INVALID, utf8_text(
            _("{file}: the kept head {kept}... is no event's chain: the log was cut short, or "
              "changed, after the head was kept (head now {head}...)").format(file=path, kept=kept[:12],
                                                                              head=head[:12]))
    return EXIT_OK, utf8_text(f"{head}  {path}")


def _state_at(path: str, at: int | None) -> tuple["Replay", int, "GameState"]:
    """The replayed log, the seq asked for (default: the last) and the state after it."""
    rp = load_replay(path)  # never empty: an empty file is not a log
    seq = len(rp) - 1 if at is None else at
    if not 0 <= seq < len(rp):  # said here, in the reader's words: the replay's own IndexError is a developer's
        raise MalformedInputError(_("--at {at}: the log has events 0..{last}").format(at=seq, last=len(rp) - 1))
    return rp, seq, rp.at(seq)


def cmd_validate(args: argparse.Namespace) -> int:
    head = args.head
    if head is not None:
        if len(args.logs) != 1:
            raise MalformedInputError(_("--head checks one log against its kept head; {count} given").format(
                count=len(args.logs)))
        from ..events import CHAIN_PATTERN

        head = head.strip().lower()
        if re.fullmatch(CHAIN_PATTERN, head) is None:
            raise MalformedInputError(_("--head {head} is not a chain head (64 hex digits)").format(
                head=f"{args.head!r:.80}"))
    worst = EXIT_OK  # with several files, the worst: 2 if any was bad input, else 1 if any invalid
    for path in args.logs:
        if args.json:
            with _neutral():  # a JSON verdict's reason is what a conformance run compares
                code, message, err = _validate_one(path, args.chain, head)
                _dump(_verdict_json(path, code, message, err))
        else:
            code, message, err = _validate_one(path, args.chain, head)
            if code == EXIT_BAD_INPUT:
                print(_("banakil-replay {command}: {message}").format(command="validate", message=message),
                      file=sys.stderr)
            elif message:
                print(message)
        worst = max(worst, code)
    return worst


def cmd_replay(args: argparse.Namespace) -> int:
    from .textview import notes_until, state_text

    rp, seq, state = _state_at(args.log, args.at)
    if args.json:
        notes = [{"seq": n.seq, "at": n.at, "text": n.text, "author": n.author} for n in notes_until(rp, seq)]
        _dump({**state.to_json(), "annotations": notes})
    else:
        print(state_text(state, rp))
    return EXIT_OK


def cmd_annotate(args: argparse.Namespace) -> int:
    from ..events import MAX_ANNOTATION, MAX_NAME, parse_event
    from ..log.store import append_event

    rp = load_replay(args.log)  # never annotate a log that does not replay
    if not args.text.strip():
        raise MalformedInputError(_("--text is empty: a note needs some text"))
    if not 0 <= args.at < len(rp):
        raise MalformedInputError(_("--at {at}: the log has events 0..{last}").format(at=args.at, last=len(rp) - 1))
    for option, value, limit in (("--text", args.text, MAX_ANNOTATION), ("--author", args.author, MAX_NAME)):
        if len(value) > limit:  # named by its option: the field checks below would name the note's own seq
            raise MalformedInputError(_("{option} holds at most {limit} characters; this one has {count}")
                                      .format(option=option, limit=limit, count=len(value)))
    event = {"type": "annotated", "at": args.at, "text": args.text, "author": args.author}
    parse_event({"seq": len(rp), **event}, len(rp))  # same field checks as the reader
    written = append_event(args.log, event)
    _dump(written)
    return EXIT_OK


def cmd_repair(args: argparse.Namespace) -> int:
    from ..log.store import LogReadError, repair

    try:
        report = repair(args.log)
    except OSError as e:
        raise MalformedInputError(_("cannot repair {file}: {why}").format(file=args.log, why=os_reason(e))) from None
    except LogReadError as e:
        # Only a torn last line is ever moved; whatever this is needs a human.
        raise MalformedInputError(_("{error}; this is not a torn last line, so nothing was changed").format(
            error=e)) from None
    if report.repaired:
        print(_("{file}: moved a torn last line ({size} bytes at byte {offset}) to {torn}").format(
            file=args.log, size=report.bytes_moved, offset=report.torn_offset, torn=report.torn_path))
    else:
        print(_("{file}: no torn line; nothing changed").format(file=args.log))
    return EXIT_OK


def cmd_options(args: argparse.Namespace) -> int:
    from ..play.moves import move_json
    from ..play.coach.options import options

    rp, seq, state = _state_at(args.log, args.at)
    if args.json:
        with _neutral():
            _dump(options(state).to_json())
        return EXIT_OK
    opts = options(state)
    if opts.seat is None:
        print(_("after seq {seq}: {notes}").format(seq=seq, notes=pgettext("list separator", "; ").join(opts.notes)))
        return EXIT_OK
    if opts.phase == "draw":
        print(_("after seq {seq}: seat {seat} to draw").format(seq=seq, seat=opts.seat))
    else:
        print(_("after seq {seq}: seat {seat} to meld or discard").format(seq=seq, seat=opts.seat))
    for o in sorted(opts.options, key=lambda o: o.rank or 0):
        print(f"  {o.rank:3}. {o.explain}  [{o.why_rank}]")
    if opts.not_allowed:
        print(_("not allowed:"))
        for n in opts.not_allowed:
            print(f"   - {json.dumps(move_json(n.event), ensure_ascii=False)}: {n.why}")
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    from ..cards import parse_cards
    from ..deck_holds import check_in_deck
    from ..play.search.solver import best_partition, go_out

    rules = get_ruleset(args.rules)
    hand = parse_cards(args.cards)
    check_in_deck(hand)
    with _neutral():
        best = best_partition(hand, rules)
        out, how = go_out(hand, rules)
        _dump({"best": best.to_json(), "goes_out": out, "go_out": how.to_json() if out else None})
    return EXIT_OK


def cmd_bulk(args: argparse.Namespace) -> int:
    from ..log import bulk

    if args.workers is not None and args.workers < 1:
        raise MalformedInputError(_("--workers must be at least 1"))
    paths = bulk.find_logs(args.source)
    if not paths:
        raise MalformedInputError(_("no logs found for {source}").format(source=repr(args.source)))
    replaced = bulk.check_output(args.out)  # before the work, not after it
    t0 = __import__("time").perf_counter()
    hand_rows, match_rows = bulk.run(paths, engine=args.engine, scheduler=args.scheduler, workers=args.workers)
    hands, matches = bulk.frames(hand_rows, match_rows)
    out_hands, out_matches = bulk.write_parquet(args.out, hands, matches)
    dt = __import__("time").perf_counter() - t0
    failed = sum(1 for m in match_rows if m["error"])
    done = _("{logs} logs ({failed} failed to replay), {hands} hands in {seconds} s ({rate} games/s): "
             "{hands_table}, {matches_table}").format(
        logs=len(paths), failed=failed, hands=len(hands), seconds=f"{dt:.1f}",
        rate=f"{len(paths) / max(dt, 1e-9):,.0f}", hands_table=out_hands, matches_table=out_matches)
    if replaced:
        done = _("{done} (replacing the previous output of bulk: {files})").format(done=done,
                                                                                 files=", ".join(replaced))
    print(utf8_text(done))
    return EXIT_INVALID if failed else EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from importlib.resources import files

    print(files("banakil_replay").joinpath("event-log-v1.schema.json").read_text(encoding="utf-8"), end="")
    return EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "meld": cmd_meld, "score": cmd_score, "examples": cmd_examples, "rules": cmd_rules,
    "validate": cmd_validate, "replay": cmd_replay, "annotate": cmd_annotate, "repair": cmd_repair,
    "schema": cmd_schema, "options": cmd_options, "solve": cmd_solve, "bulk": cmd_bulk,
    **cli_selfplay.COMMANDS, **cli_review.COMMANDS, **cli_play.COMMANDS, **cli_learn.COMMANDS, **cli_sheet.COMMANDS,
    **cli_experiment.COMMANDS,
}


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="banakil-replay", description=_("Banakil rules engine, event-log replay and tutorials."))
    # which path the install took (the pure-Python package or the compiled core): see native.py. Left out
    # of --help, whose every word is said in the reader's language; the README names it
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}, {describe()}",
                   help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def with_rules(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                        help=_("rule set: {names} (default {default})").format(
                            names=", ".join(RULESETS), default=DEFAULT_RULESET))

    m = sub.add_parser("meld", help=_("check cards as a new meld; prints JSON"))
    with_rules(m)
    m.add_argument("cards", nargs="+", metavar="CARD", help=_("card codes such as 7H 10S AD 2C JK"))

    s = sub.add_parser("score", help=_("score one hand from a JSON description (FILE or -)"))
    with_rules(s)
    s.add_argument("file", metavar="FILE", help=_(
        "a JSON file describing the hand, or - to read it from standard input (at most 1 MiB), e.g. {example}")
        .format(example='{"players": 2, "went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, '
                        '{"melded": 10.5, "in_hand": 7.5}]}'))

    e = sub.add_parser("examples", help=_("reproduce every worked example of the rule sources"))
    e.add_argument("--json", action="store_true", help=_("one JSON object per example, with its explanation"))

    r = sub.add_parser("rules", help=_("table of the differences between the rule set presets"))
    r.add_argument("--json", action="store_true", help=_("the differences as JSON instead of a Markdown table"))

    _add_log_parsers(sub)  # validate, replay, annotate, repair, schema, options, bulk

    so = sub.add_parser("solve", help=_("best partition of cards into melds, and whether they go out"))
    with_rules(so)
    so.add_argument("cards", nargs="+", metavar="CARD", help=_("the hand's card codes such as 7H 10S AD 2C JK"))

    cli_selfplay.add_parsers(sub)  # selfplay
    cli_review.add_parsers(sub)  # review
    cli_play.add_parsers(sub)  # play
    cli_learn.add_parsers(sub)  # learn
    cli_sheet.add_parsers(sub)  # sheet new / add / show
    cli_experiment.add_parsers(sub)  # experiment
    _add_lang_options(p, sub)
    return p


def _add_lang_options(p: argparse.ArgumentParser, sub: "argparse._SubParsersAction[_Parser]") -> None:
    lang_help = _("the language of the output: {known} (default: BANAKIL_LANG, then the locale, then en)").format(
        known=", ".join(code for code in LANGUAGES if code != "xx"))

    def add(parser: argparse.ArgumentParser) -> None:
        # on every command and sub-command, before or after its name; SUPPRESS keeps a later default from
        # undoing an earlier --lang
        parser.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=lang_help)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    add(child)

    add(p)


def _add_log_parsers(sub: "argparse._SubParsersAction[_Parser]") -> None:
    v = sub.add_parser("validate", help=_("replay logs; one line per invalid log: FILE: seq N: reason "
                                          "(exit 1); a file that is not a log at all is bad input (exit 2)"))
    v.add_argument("logs", nargs="+", metavar="LOG", help=_("one or more event logs (JSON Lines files)"))
    v.add_argument("--chain", action="store_true",
                   help=_("also print each valid log's chain head as HEAD  FILE (a log with no chain is invalid); "
                          "keep it elsewhere to detect truncation or edits later (docs/event-log.md)"))
    v.add_argument("--head", metavar="HEX", help=_("check one log's chain head against one kept elsewhere "
                                                   "(implies --chain; a different head is invalid, exit 1)"))
    v.add_argument("--json", action="store_true", help=_("one JSON object per log on stdout: valid, and where "
                                                         "not the seq, the rule id and the reason (exit codes as "
                                                         "without it)"))

    def with_log_at(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("log", metavar="LOG", help=_("the game's event log"))
        sp.add_argument("--at", type=int, metavar="SEQ", help=_("after this event (default: the last)"))
        sp.add_argument("--json", action="store_true", help=_("print JSON instead of text"))

    with_log_at(sub.add_parser("replay", help=_("the state of a game after an event (default: the end)")))

    a = sub.add_parser("annotate", help=_("append a note on an earlier event (nothing is rewritten)"))
    a.add_argument("log", metavar="LOG", help=_("the game's event log (it must replay)"))
    a.add_argument("--at", type=int, required=True, metavar="SEQ",
                   help=_("the seq of the event the note is about"))
    a.add_argument("--text", required=True, help=_("the note, plain text (not empty)"))
    a.add_argument("--author", default="", help=_("who wrote it (default: nobody named)"))

    rep = sub.add_parser("repair", help=_("move a torn last line (a crash mid-write) aside into LOG.torn"))
    rep.add_argument("log", metavar="LOG", help=_("the event log to repair"))

    sub.add_parser("schema", help=_("print the JSON Schema of the event log format"))

    with_log_at(sub.add_parser("options", help=_("every legal next event, explained and ranked")))

    b = sub.add_parser("bulk", help=_("replay and score many logs into Parquet tables"))
    b.add_argument("source", metavar="DIR|GLOB",
                   help=_("a folder (every *.jsonl below it), a quoted glob, or one log"))
    b.add_argument("--out", required=True, metavar="OUT.parquet",
                   help=_("the hands table; the matches go beside it as OUT.matches.parquet. Only tables an "
                          "earlier bulk wrote are replaced"))
    b.add_argument("--engine", choices=("local", "dask"), default="local",
                   help=_("local process pool (default) or a Dask distributed cluster"))
    b.add_argument("--scheduler", metavar="ADDRESS", help=_("Dask scheduler address (default: a LocalCluster)"))
    b.add_argument("--workers", type=int, metavar="N", help=_("processes (default: one per core)"))


def _asked_language(argv: Sequence[str]) -> str | None:
    """``--lang`` as given on the command line, read before the parser is built so its help is translated."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        chosen = resolve_language(_asked_language(argv))
    except UnknownLanguageError as e:
        # said in the language the environment asks for, when --lang was the unknown one
        try:
            fallback = resolve_language() if _asked_language(argv) is not None else "en"
        except UnknownLanguageError:
            fallback = "en"
        with language(fallback):
            print("banakil-replay: " + _("unknown language {asked}; known: {known}").format(asked=e.shown, known=e.known),
                  file=sys.stderr)
        return EXIT_BAD_INPUT
    # for this run only: a caller in the same process keeps its own language, and argparse its own words
    with language(chosen), argparse_in_our_words():
        return _run(argv)


def _run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except MalformedInputError as e:
        print(_said_by(args.command, e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except IllegalMoveError as e:
        print(_said_by(args.command, e, getattr(args, "log", None)), file=sys.stderr)
        return EXIT_INVALID
    except BanakilError as e:
        print(_said_by(args.command, e), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # output piped into `head` and the like: stop quietly, as Unix tools do
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        # Ctrl-C in a long command (review, selfplay, bulk): one line instead of a traceback, below a
        # progress bar, and the exit code shells give a command stopped by SIGINT
        lead = "\n" if sys.stderr.isatty() else ""
        print(lead + _("banakil-replay {command}: {message}").format(command=args.command, message=_("interrupted")),
              file=sys.stderr)
        return EXIT_INTERRUPTED


def _said_by(command: str, err: BanakilError, log: str | None = None) -> str:
    """The message of a failed command; a log that does not replay is named, as validate names it."""
    from ..errors import ReplayError
    message = str(err)
    if log is not None and isinstance(err, ReplayError):
        message = _("{file}: {reason}").format(file=utf8_text(log), reason=message)
    return _("banakil-replay {command}: {message}").format(command=command, message=message)


if __name__ == "__main__":
    sys.exit(main())
