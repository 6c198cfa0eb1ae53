"""An optional compiled core (mypyc), with the pure-Python package as the fallback.

The ordinary install (``pip install .``, ``make tutorial``, ``make test``) stays pure Python: it
needs no C compiler and no mypy. ``BANAKIL_COMPILE=1`` asks for the hot core (the go-out solver, the
meld candidates, the going-out search and the fast meld checks) to be compiled to C extensions beside their ``.py`` twins; Python
imports an extension before a source file of the same name. When mypy/mypyc is missing, or when the
C compiler fails, the build says so and installs the pure package instead, so no setting of the
environment makes an install fail that would pass without it. ``banakil_replay.compiled()`` and
``banakil-replay --version`` tell which path a user got.
"""

from __future__ import annotations

import os
import runpy
import sys

from setuptools import setup

# What compiles cleanly and gains most: the judge's go-out search and meld candidates, and the replay's
# fast meld checks; the list lives in banakil_replay/native.py, which also tells a user which path they
# got. Interpreted on purpose: modules defining msgspec Structs (events.py, and melds.py for Meld),
# whose class keywords (frozen, so hashable) a compiled class loses; cards.py, whose interned Card
# (made in __new__, ordered, hashed by identity) as a native class loses its hash, and whose fix (a
# __hash__ in Python) slows the pure path; rules.py, whose Literal choices the option checks read at
# run time; the log's I/O modules.
COMPILED = [name.replace(".", "/") + ".py"
            for name in runpy.run_path(os.path.join("banakil_replay", "native.py"))["COMPILED_MODULES"]]


# mypy reads no notebook library for the compiled modules: following altair and pandas (imported by the
# package's __init__ for type checkers) costs minutes of CPU and types nothing mypyc compiles
MYPY_CONFIG = """[mypy]
strict = True
warn_unused_ignores = False
[mypy-banakil_replay.notebook.*,banakil_replay.log.bulk]
follow_imports = skip
[mypy-pandas.*,altair.*,ipywidgets.*,dask.*,distributed.*,pyarrow.*,IPython.*,vl_convert.*,babel.*]
follow_imports = skip
ignore_missing_imports = True
"""

# pip asks for the metadata (egg_info, dist_info) before it builds: only a build runs mypyc
BUILDS = {"build", "build_ext", "bdist_wheel", "install", "develop", "editable_wheel"}


def _compiled_extensions() -> list[object]:
    if not _wanted() or not BUILDS & set(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as missing:
        print(f"banakil-replay: BANAKIL_COMPILE is set but mypyc cannot be imported ({missing}); "
              "installing the pure-Python package", file=sys.stderr)
        return []
    try:
        # a cache and a configuration of its own, so a build never invalidates the cache that
        # tests/test_typing.py reuses
        os.makedirs("build", exist_ok=True)
        config = os.path.join("build", "mypyc.ini")
        with open(config, "w", encoding="utf-8") as out:
            out.write(MYPY_CONFIG)
        extensions = mypycify(["--config-file", config, "--cache-dir", os.path.join("build", "mypyc-cache"),
                               *COMPILED], opt_level="3")
    except BaseException as failed:  # mypyc exits (SystemExit) on a type error it cannot compile
        print(f"banakil-replay: mypyc could not compile the core ({failed!r}); installing the pure-Python "
              "package", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # a failing C compiler skips the extensions: the .py modules remain
    return extensions


def _wanted() -> bool:
    return os.environ.get("BANAKIL_COMPILE", "") in ("1", "yes", "true")


# setup_requires is what setuptools' PEP 517 backend reports as the build's own requirements, so pip's
# isolated build environment gets mypy (with mypyc) only when a compiled build is asked for
setup(ext_modules=_compiled_extensions(), setup_requires=["mypy>=1.8"] if _wanted() else [])
