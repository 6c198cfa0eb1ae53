"""The package's shape: no import cycles, no module over 600 lines, no function over 80, and the
README's layout naming every module and folder there is (and none that is not).

The import graph is read from the source (the AST), not from what happens to be
imported at run time, so an import inside a function counts as much as one at
the top of a module; only imports under ``if TYPE_CHECKING:`` (never run) are
left out. Importing ``a.b.c`` runs the packages ``a`` and ``a.b`` first, so
those are edges too (except a module's own parent packages, which are always
being imported already when it runs).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "banakil_replay"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

# Each exception says "who: why" (who is fixing it, and why it is long until then); the test fails
# once an exception is no longer needed.
LONG_MODULES: dict[str, str] = {}
LONG_FUNCTIONS: dict[str, str] = {}


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            visit(child)

    visit(tree)
    return found


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement names (some may be outside the package)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    # ``from p import x``: x is a submodule when one has that name, else a name defined in p
    return [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in MODULES else prefix for a in node.names]


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        deps: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(module, node):
                parts = target.split(".")
                for i in range(1, len(parts) + 1):
                    step = ".".join(parts[:i])
                    if step in MODULES and step != module and not module.startswith(step + "."):
                        deps.add(step)
        graph[module] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as a path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_graph_sees_the_imports() -> None:
    graph = import_graph()
    assert "banakil_replay.reducer" in graph["banakil_replay.log.load"]
    assert "banakil_replay.notebook.narrate" in graph["banakil_replay.notebook.html"]
    assert "banakil_replay.log.bulk" in graph["banakil_replay.cli.main"]  # an import inside a function counts
    assert "banakil_replay.rulebook" not in graph["banakil_replay.errors"]  # under TYPE_CHECKING: never run
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_the_rules_core_imports_no_edge() -> None:
    graph = import_graph()
    edges = ("banakil_replay.play", "banakil_replay.log", "banakil_replay.learn", "banakil_replay.notebook",
             "banakil_replay.cli")
    core = [m for m in graph if m.count(".") == 1 and m not in edges and not m.endswith("__main__")]
    assert "banakil_replay.reducer" in core
    for module in core:
        assert not [d for d in graph[module] if d.startswith(edges)], module


def test_the_language_layer_is_ground() -> None:
    """i18n sits under everything (cards, rules, every edge may say a sentence), so it imports nothing of the
    package but itself: a cycle through it would tie every layer to every other."""
    graph = import_graph()
    ground = [m for m in graph if m == "banakil_replay.i18n" or m.startswith("banakil_replay.i18n.")]
    assert "banakil_replay.i18n.catalog" in ground
    for module in ground:
        outside = [d for d in graph[module] if d != "banakil_replay.i18n" and not d.startswith("banakil_replay.i18n.")]
        assert not outside, f"{module} imports {outside}"
    assert "banakil_replay.i18n" in graph["banakil_replay.cards"]  # the ground speaks through it too


def test_edges_depend_only_on_those_before_them() -> None:
    """log, play, learn, notebook, cli: as the README's Layout lists them."""
    order = ["log", "play", "learn", "notebook", "cli"]
    graph = import_graph()
    for module, deps in graph.items():
        layer = module.split(".")[1] if module.count(".") >= 1 else ""
        if layer not in order:
            continue
        later = [d for d in deps if d.count(".") >= 1 and d.split(".")[1] in order
                 and order.index(d.split(".")[1]) > order.index(layer)]
        assert not later, f"{module} imports {later}"


def test_play_is_a_folder_per_job_each_depending_only_on_those_before_it() -> None:
    """play/: the table's vocabulary at its top (moves, observation, seatview, rule_text, seeds), then
    search, coach, bots, analysis, session: as the README's Layout lists them."""
    order = ["", "search", "coach", "bots", "analysis", "session"]
    top = {p.stem for p in (PACKAGE / "play").glob("*.py") if p.stem != "__init__"}
    assert top == {"moves", "observation", "seatview", "rule_text", "seeds"}, "a job's module back at play/'s top"
    assert {p.name for p in (PACKAGE / "play").iterdir() if (p / "__init__.py").exists()} == set(order[1:])

    def job(module: str) -> str | None:
        parts = module.split(".")
        if parts[:2] != ["banakil_replay", "play"] or len(parts) < 3:
            return None
        return parts[2] if len(parts) > 3 else ""

    for module, deps in import_graph().items():
        if job(module) is None:
            continue
        later = [d for d in deps if (j := job(d)) is not None and order.index(j) > order.index(job(module) or "")]
        assert not later, f"{module} imports {later}"
    # the folders' own __init__ import nothing, so --help can read bots/names.py without loading a bot
    for folder in order[1:]:
        assert not _imports(ast.parse((PACKAGE / "play" / folder / "__init__.py").read_text(encoding="utf-8")))


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("module", sorted(MODULES))
def test_module_length(module: str) -> None:
    lines = _lines(MODULES[module])
    if module in LONG_MODULES:
        assert lines > MAX_MODULE_LINES, f"{module} is short enough now: drop it from LONG_MODULES"
    else:
        assert lines <= MAX_MODULE_LINES, f"{module} has {lines} lines"


def _functions() -> dict[str, int]:
    out: dict[str, int] = {}
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                out[f"{module}.{node.name}"] = max(out.get(f"{module}.{node.name}", 0),
                                                   node.end_lineno - node.lineno + 1)
    return out


def test_function_length() -> None:
    lengths = _functions()
    too_long = {name: n for name, n in lengths.items() if n > MAX_FUNCTION_LINES and name not in LONG_FUNCTIONS}
    assert not too_long
    stale = [name for name in LONG_FUNCTIONS if lengths.get(name, 0) <= MAX_FUNCTION_LINES]
    assert not stale, f"short enough now: drop {stale} from LONG_FUNCTIONS"


@pytest.mark.parametrize("allowance", sorted({**LONG_MODULES, **LONG_FUNCTIONS}.items()) or [("", "")])
def test_every_allowance_names_who_is_fixing_it_and_why(allowance: tuple[str, str]) -> None:
    name, why = allowance
    if name:  # no allowance: the parameter keeps the test collected, and this checks the format's pattern
        assert re.fullmatch(r"[^:\s][^:]*: \S.*", why), f"{name}: say 'who: why', not {why!r}"
    assert re.fullmatch(r"[^:\s][^:]*: \S.*", "the store helper: split into reading and appending")
    assert not re.fullmatch(r"[^:\s][^:]*: \S.*", "being reworked separately")


# ------------------------------------------------------------------- the README's layout

ROOT = PACKAGE.parent
LAYOUT = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
TREE = LAYOUT.split("```\n", 2)[1]


def _tree_entries() -> dict[str, str]:
    """The tree's text by folder (``log/``...), the top level's lines under ``""``.

    A folder's entry is a line starting with ``name/`` and the deeper-indented lines after it.
    """
    entries: dict[str, str] = {"": ""}
    folder = ""
    for line in TREE.splitlines()[1:]:
        m = re.match(r"  (\w+/) +(.*)", line)
        if m:
            folder = m.group(1)
            entries[folder] = m.group(2)
        elif folder and line.startswith("   "):
            entries[folder] += " " + line.strip()
        else:
            folder = ""
            entries[""] += " " + line
    return entries


def test_the_readme_tree_names_every_module_and_folder() -> None:
    entries = _tree_entries()
    top = set(re.findall(r"\b(\w+\.py|\w+/)", entries[""])) | set(entries)
    missing = [p.name for p in PACKAGE.iterdir()
               if (p.suffix == ".py" and not p.name.startswith("__")) or (p / "__init__.py").exists()
               if (p.name if p.suffix else f"{p.name}/") not in top]
    for folder, text in entries.items():
        words = set(re.findall(r"\w+", text))
        missing += [f"{folder}{p.relative_to(PACKAGE / folder)}" for p in (PACKAGE / folder).rglob("*.py")
                    if folder and not p.name.startswith("_") and p.stem not in words]
        missing += [f"{folder}{p.name}/" for p in (PACKAGE / folder).iterdir()
                    if folder and (p / "__init__.py").exists() and f"{p.name}/" not in text]
    assert not missing, f"the README's layout does not name {sorted(missing)}"
    named = re.findall(r"\b(\w+\.py)\b", entries[""])
    assert all((PACKAGE / name).exists() for name in named), "the README's tree names a module that is gone"
    gone = {f: sorted(set(re.findall(r"\b[a-z]+_[a-z_]+\b", text)) - {p.stem for p in (PACKAGE / f).rglob("*.py")}
                      - {"rule_set", "load_replay"})
            for f, text in entries.items() if f}
    assert not any(gone.values()), f"the README's tree names modules that are gone: {gone}"


def test_every_path_the_readme_layout_table_names_exists() -> None:
    """A cell's names after the first full path are its siblings (``play/bots/selfplay.py``, ``seeds.py``)."""
    absent = []
    cells = re.findall(r"^\| (`[^|]*) \|", LAYOUT, flags=re.M)
    assert len(cells) > 20  # the pattern still finds the table's rows
    for cell in cells:
        folder = ROOT
        for name in re.findall(r"`([^`]+)`", cell):
            if "/" in name:
                path = next((base / name for base in (ROOT, PACKAGE) if (base / name).exists()), ROOT / name)
                folder = path if name.endswith("/") else path.parent
            elif name.endswith(".py"):
                path = folder / name
            else:
                continue
            if not path.exists():
                absent.append(name)
    assert not absent, f"the README's layout table names paths that do not exist: {absent}"
