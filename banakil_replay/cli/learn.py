"""The ``learn`` subcommand: exercises in the terminal, checked and explained by the rules engine.

One answer a line (card codes, a number, yes/no, a seat number, as the question says);
``hint``, ``skip`` and ``quit`` are words of their own (in English, or as the reader's language says them). A wrong answer may be retried, an
answer that cannot be read (a bad card code) gets the parser's message and is not a try.
At ``quit`` or the end of input (a pipe runs dry, Ctrl-D, Ctrl-C) the score is printed and the
command exits 0; ``--progress FILE`` loads the learner's progress first and saves it after
every exercise.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Callable, TextIO

from ..cards import card_run
from ..citation_words import said as said_citation
from ..i18n import _, pgettext
from ..rulebook_words import ruleset_title, title as rule_title
from ..rules import DEFAULT_RULESET, RULESETS, get_ruleset

if TYPE_CHECKING:
    from ..learn import Exercise, Feedback, Session

EXIT_OK = 0


def _show(ex: "Exercise[Any]", number: int, title: str, out: TextIO) -> None:
    from ..learn.positions import origin_words  # loaded with the exercises already; --help stays light

    print("\n" + _("Question {number} ({title}; {origin})").format(number=number, title=title, origin=origin_words(ex.origin)),
          file=out)
    for s in ex.shows():
        cards = card_run(s.cards)
        text = f"({s.text})" if cards and s.text else s.text
        print(f"  {s.label}: {' '.join(p for p in (cards, text) if p) or '-'}", file=out)
    print(ex.question, file=out)


def _feedback(fb: "Feedback", out: TextIO) -> None:
    print(_("Right.") if fb.right else _("Not right."), file=out)
    working = "\n".join(fb.explain)
    for r in fb.reasons:
        if not r.rule and r.source and f"[{r.source}]" in working:
            cite = ""  # the working's own lines cite it: said once is enough
        else:
            sources = said_citation(r.source) if r.source else ""
            # framed as validate frames a refusal's rule (cli.main._reason)
            cite = (" " + _("[{rule}: {source}]").format(rule=rule_title(r.rule), source=sources) if r.rule
                    else f" [{sources}]" if sources else "")
        print(f"  {r.text}{cite}", file=out)
    for line in fb.explain:
        print(f"    {line}", file=out)


def _score_line(session: "Session") -> str:
    s = session.score
    return _("Score: {right} of {asked} right at the first try.").format(right=s.right, asked=s.asked)


def _final(session: "Session", out: TextIO, saved: bool, titles: dict[str, str]) -> None:
    print("\n" + _score_line(session), file=out)
    for kind, k in sorted(session.score.kinds.items()):
        # the kind's title, and its name as --kind takes it (a code, as typed in every language)
        print("  " + _("{title} ({kind}): {right} of {asked}").format(title=titles.get(kind, kind), kind=kind,
                                                                      right=k.right, asked=k.asked), file=out)
    if saved:
        p = session.progress
        print(_("All sessions: {right} of {asked} right at the first try, {done} exercises done.").format(
            right=p.right, asked=p.asked, done=len(p.done)), file=out)


def _read(inp: TextIO, out: TextIO, echo: bool) -> str | None:
    """One answer line, or None at the end of input."""
    if not echo:
        print("> ", end="", file=out, flush=True)
    from ..errors import MalformedInputError
    from ..log.inputs import EndlessLineError, read_line

    try:
        line = read_line(inp)  # an over-long line is skipped in bounded pieces, never held whole
    except KeyboardInterrupt:
        return None
    except EndlessLineError as e:
        print(_("Cannot read that: {why}.").format(why=e), file=out)
        return None
    except MalformedInputError as e:
        print(_("Cannot read that: {why}.").format(why=e), file=out)
        return ""
    if line is None:
        return None
    if echo:  # piped input: show the answer, so the transcript reads as a dialogue
        print(f"> {line.rstrip()}", file=out)
    return line.strip()


def run(session: "Session", titles: dict[str, str], inp: TextIO, out: TextIO,
        save: Callable[["Session"], None] | None = None) -> int:
    """Ask, read, explain until ``quit`` or the end of input; then print the score."""
    from ..errors import MalformedInputError

    echo = not inp.isatty()
    said = _commands()
    try:
        while (ex := session.next()) is not None:
            _show(ex, session.number, titles[ex.kind], out)
            while True:
                line = _read(inp, out, echo)
                word = _command(line, said)
                if line is None or word == "quit":
                    return _stop(session, out, save, titles)
                if not line:
                    print(_("Type {form}; or {hint}, {skip}, {quit}.").format(form=ex.form_words, **said), file=out)
                elif word == "hint":
                    print(_("Hint: {hint}").format(hint=session.hint()), file=out)
                elif word == "skip":
                    print(_("The answer: {answer}").format(answer=session.skip()), file=out)
                    break
                else:
                    try:
                        fb = session.answer(line)
                    except MalformedInputError as e:
                        print(_("Cannot read that: {why}. Try again.").format(why=e), file=out)
                        continue
                    _feedback(fb, out)
                    if save is not None:
                        save(session)
                    if fb.right:
                        print(_score_line(session), file=out)
                        break
                    print(_("Try again, or type {hint} or {skip}.").format(**said), file=out)
    except KeyboardInterrupt:
        pass
    return _stop(session, out, save, titles)


def _commands() -> dict[str, str]:
    """The learner's three words (hint, skip, quit) in the reader's language; the English words are
    understood in every language too, as the README and the lessons name them."""
    return {"hint": pgettext("learn command", "hint"), "skip": pgettext("learn command", "skip"),
            "quit": pgettext("learn command", "quit")}


def _command(line: str | None, said: dict[str, str]) -> str | None:
    """Which of the three words ``line`` is (in English or as ``said``), or None for an answer."""
    if not line:
        return None
    typed = line.strip().lower()
    return next((word for word, local in said.items() if typed in (word, local.lower())), None)


def _stop(session: "Session", out: TextIO, save: Callable[["Session"], None] | None, titles: dict[str, str]) -> int:
    if save is not None:
        save(session)
    _final(session, out, save is not None, titles)
    return EXIT_OK


def cmd_learn(args: argparse.Namespace) -> int:
    from ..learn import KINDS, LearnerProgress, Session, exercises, load_progress, save_progress

    # an unknown rule set or kind, or a progress file that cannot be read or written: exit 2 before
    # any question (saving at once finds the file that cannot be written, not the first answer)
    rules = get_ruleset(args.rules)
    progress = load_progress(args.progress) if args.progress else LearnerProgress()
    session = Session(exercises(rules, [args.kind] if args.kind else None, seed=args.seed, done=progress.done,
                                lesson=args.lesson), progress)
    save = (lambda s: save_progress(args.progress, s.progress)) if args.progress else None
    if save is not None:
        save(session)
    _unbreakable_streams()
    print(_("Learn Banakil under {rules}. One answer a line; or {hint}, {skip}, {quit}.").format(
        rules=ruleset_title(rules), **_commands()))
    return run(session, {k: _(kind.title) for k, kind in KINDS.items()}, sys.stdin, sys.stdout, save)


def _unbreakable_streams() -> None:
    """Card symbols on a terminal that cannot show them, or bytes that are not UTF-8 in the input,
    must not end the session with a traceback: show an escape, read a replacement character."""
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stdin, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"learn": cmd_learn}


def add_parsers(sub: Any) -> None:
    """Add ``learn`` to the ``banakil-replay`` parser's subparsers."""
    lp = sub.add_parser("learn", help=_("exercises on melds, turns and scores, checked and explained by the engine"))
    lp.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                    help=_("rule set: {names} (default {default})").format(names=", ".join(RULESETS),
                                                                           default=DEFAULT_RULESET))
    from ..learn.kind_names import KIND_NAMES  # not the course: --help must not load the exercises

    lp.add_argument("--kind", metavar="KIND", help=_("only this kind of exercise: {kinds}").format(
        kinds=", ".join(KIND_NAMES)))
    lp.add_argument("--seed", type=int, default=0, metavar="N", help=_("the same seed asks the same questions"))
    lp.add_argument("--lesson", type=int, metavar="N",
                    help=_("ask only what lessons 1 to N of the course teach (1 to 10; default: everything)"))
    lp.add_argument("--progress", metavar="FILE", help=_("load progress from FILE (if it exists) and save it there"))
