"""The ``banakil-replay`` command line.

Exit codes are part of the contract: 0 success/valid, 1 invalid or failing,
2 bad input (unknown card, unknown rule set, unreadable file) with the message
on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Sequence

from .errors import BanakilError, IllegalMoveError, MalformedInputError
from .rules import DEFAULT_RULESET, RULESETS, get_ruleset

EXIT_OK, EXIT_INVALID, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own usage errors are bad input too
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _dump(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def cmd_meld(args: argparse.Namespace) -> int:
    from .melds import analyze_meld

    rules = get_ruleset(args.rules)
    check = analyze_meld(args.cards, rules)
    _dump(check.to_json())
    return EXIT_OK if check.valid else EXIT_INVALID


def cmd_score(args: argparse.Namespace) -> int:
    from .scoring import HandInput, score_hand

    rules = get_ruleset(args.rules)
    text = sys.stdin.read() if args.file == "-" else _read_text(args.file)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise MalformedInputError(f"{args.file}: not valid JSON: {e}") from None
    hand = HandInput.from_json(data, rules)
    try:
        result = score_hand(rules, hand)
    except IllegalMoveError as e:
        raise MalformedInputError(str(e)) from None
    _dump(result.to_json())
    return EXIT_OK


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise MalformedInputError(f"cannot read {path}: {e}") from None


def cmd_examples(args: argparse.Namespace) -> int:
    from .examples import check_all, format_table

    results = check_all()
    if args.json:
        _dump([r.to_json() for r in results])
    else:
        print(format_table(results))
    return EXIT_INVALID if any(r.verdict == "mismatch" for r in results) else EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    from .rules import differences, differences_markdown

    if args.json:
        _dump(differences())
    else:
        print(differences_markdown())
    return EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "meld": cmd_meld, "score": cmd_score, "examples": cmd_examples, "rules": cmd_rules,
}


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="banakil-replay", description="Banakil rules engine, event-log replay and tutorials.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def with_rules(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME",
                        help=f"rule set: {', '.join(RULESETS)} (default {DEFAULT_RULESET})")

    m = sub.add_parser("meld", help="check cards as a new meld; prints JSON")
    with_rules(m)
    m.add_argument("cards", nargs="+", metavar="CARD", help="card codes such as 7H 10S AD 2C JK")

    s = sub.add_parser("score", help="score one hand from a JSON description (FILE or -)")
    with_rules(s)
    s.add_argument("file", metavar="FILE")

    e = sub.add_parser("examples", help="reproduce every worked example of the rule sources")
    e.add_argument("--json", action="store_true")

    r = sub.add_parser("rules", help="table of the differences between the rule set presets")
    r.add_argument("--json", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except IllegalMoveError as e:
        print(f"banakil-replay {args.command}: {e}", file=sys.stderr)
        return EXIT_INVALID
    except BanakilError as e:
        print(f"banakil-replay {args.command}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
