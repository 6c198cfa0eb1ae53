"""How much of what the package says goes through the catalog: a rough measure for planning the next slices.

    PYTHONPATH=. python3 tools/catalog_coverage.py [--by-module]

A "sentence" is a string literal (or an f-string) of three words or more that is not a docstring, a
comment or an argument of a logging-free developer check (``assert``); a sentence is covered when it is
an argument of a catalog call (``_``, ``N_``, ``ngettext`` ...) or of ``knob`` (its sources). It counts
source text, not what a run prints, so it over-counts (some are never shown) and under-counts (a
template said in many places counts once).
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

from banakil_replay.i18n.extract import KEYWORDS, PACKAGE


def _is_sentence(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return False
    return len(text.split()) >= 3 and any(c.isalpha() for c in text)


def count(path: Path) -> tuple[int, int]:
    """(sentences, of which in the catalog) in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    covered: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in KEYWORDS:
                covered.update(id(n) for arg in node.args for n in ast.walk(arg))
    found = [n for n in ast.walk(tree) if _is_sentence(n) and id(n) not in skip]
    inner = {id(v) for n in found if isinstance(n, ast.JoinedStr) for v in n.values}
    found = [n for n in found if id(n) not in inner]
    return len(found), sum(1 for n in found if id(n) in covered)


def main(argv: list[str]) -> int:
    totals: Counter[str] = Counter()
    rows = []
    for path in sorted(PACKAGE.rglob("*.py")):
        n, done = count(path)
        totals["sentences"] += n
        totals["covered"] += done
        if n:
            rows.append((str(path.relative_to(PACKAGE.parent)), n, done))
    if "--by-module" in argv:
        for name, n, done in sorted(rows, key=lambda r: r[1] - r[2], reverse=True):
            print(f"{n - done:5} of {n:5} left  {name}")
    share = totals["covered"] / max(totals["sentences"], 1)
    print(f"{totals['covered']} of {totals['sentences']} sentences in the catalog ({share:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
