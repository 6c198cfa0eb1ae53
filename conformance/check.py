"""Run the conformance suite against any implementation of the Banakil event log (Python 3.8+, stdlib only).

    python3 conformance/check.py --replay "CMD {log}" --validate "CMD {log}" [--seq-only] [--only NAME ...]

``--replay`` runs once per valid log and must print the final state of the game as one JSON
object (the shape of ``banakil-replay replay --json``, README.md here); it is compared with the
``.expected.json`` file beside the log. ``--validate`` runs once per invalid log and must print
one JSON object with the ``seq`` the log fails at and the ``rule`` id it breaks; ``--seq-only``
compares the seq alone, for an implementation that does not name rules. ``{log}`` is replaced
by the log's path (quoted for the shell). Prints one line per failing case and a summary; exits
0 when every case passes, 1 otherwise.
"""

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def same(a, b):
    """JSON values equal as JSON: numbers by value (1 == 1.0), never a boolean for a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def first_difference(want, got, path="$"):
    """Where two JSON values first differ, for the report."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in sorted(set(want) | set(got)):
            if key not in got or key not in want:
                return f"{path}.{key}: {'missing' if key not in got else 'not expected'}"
            if not same(want[key], got[key]):
                return first_difference(want[key], got[key], f"{path}.{key}")
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for i, (w, g) in enumerate(zip(want, got)):
            if not same(w, g):
                return first_difference(w, g, f"{path}[{i}]")
    return f"{path}: expected {json.dumps(want, ensure_ascii=False)[:80]}, got {json.dumps(got, ensure_ascii=False)[:80]}"


def run(template, log):
    command = template.replace("{log}", shlex.quote(str(log)))
    done = subprocess.run(command, shell=True, capture_output=True, text=True, encoding="utf-8")
    try:
        return json.loads(done.stdout)
    except ValueError:
        return {"unreadable output": done.stdout[:200], "stderr": done.stderr[:200], "exit": done.returncode}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replay", required=True, help='command printing the final state, e.g. "mytool replay {log}"')
    parser.add_argument("--validate", required=True, help="command printing {\"seq\": N, \"rule\": ID} for a bad log")
    parser.add_argument("--seq-only", action="store_true", help="compare the seq of invalid logs, not the rule id")
    parser.add_argument("--only", nargs="*", metavar="NAME", help="run only these cases (file names without .jsonl)")
    args = parser.parse_args(argv)
    manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    wanted = set(args.only or ())
    failures = total = 0
    for case in manifest["valid"]:
        if wanted and Path(case["log"]).stem not in wanted:
            continue
        total += 1
        want = json.loads((HERE / case["expected"]).read_text(encoding="utf-8"))
        got = run(args.replay, HERE / case["log"])
        if not same(want, got):
            failures += 1
            print(f"FAIL {case['log']}: {first_difference(want, got)}")
    for case in manifest["invalid"]:
        if wanted and Path(case["log"]).stem not in wanted:
            continue
        total += 1
        got = run(args.validate, HERE / case["log"])
        ok = got.get("seq") == case["seq"] and (args.seq_only or got.get("rule") == case["rule"])
        if not ok:
            failures += 1
            print(f"FAIL {case['log']}: expected seq {case['seq']} rule {case['rule']}, "
                  f"got seq {got.get('seq')} rule {got.get('rule')}")
    print(f"{total - failures} of {total} cases pass")
    return 0 if failures == 0 and total else 1


if __name__ == "__main__":
    sys.exit(main())
