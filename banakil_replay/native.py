"""Which path this install took: the pure-Python package, or the optional compiled core.

``pip install .`` (and so ``make tutorial`` and ``make test``) installs pure Python, which needs no C
compiler. ``BANAKIL_COMPILE=1 pip install .`` also compiles the modules below with mypyc (see
``setup.py``, which reads this list) and falls back to pure Python when it cannot; each compiled
module is an extension beside its ``.py`` twin, and Python loads the extension first. The two
behave the same (``tests/test_compiled.py``, ``tests/test_fast_paths.py``); the compiled ones are
faster on the judge's and the expert's go-out search.

>>> set(compiled()) <= set(COMPILED_MODULES)
True
>>> describe() in ("pure Python", "compiled (" + ", ".join(compiled()) + ")")
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

# only the standard library above: setup.py reads this list before any dependency is installed
COMPILED_MODULES: tuple[str, ...] = (
    "banakil_replay.fast_melds",
    "banakil_replay.play.search.candidates",
    "banakil_replay.play.search.packing",
    "banakil_replay.play.search.solver",
    "banakil_replay.play.search.going_out",
)


def _is_extension(origin: str | None) -> bool:
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` this interpreter loads compiled (empty: pure Python).

    Read from where each module is (or would be) loaded from, without importing any of them.
    """
    found = []
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and _is_extension(spec.origin):
            found.append(name)
    return tuple(found)


def describe() -> str:
    """The path in a few words, as ``banakil-replay --version`` prints it."""
    done = compiled()
    return f"compiled ({', '.join(done)})" if done else "pure Python"
