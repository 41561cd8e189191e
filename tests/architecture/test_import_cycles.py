"""The module-level import graph, read with ``ast``, has no cycle, and no function hides one.

A cycle between modules is closed at run time only by importing inside a function (or by import order), so
the graph here is built from module-level imports alone, and a function-level import of a project module is
refused unless its line says why (an optional heavy dependency: a comment containing "optional").

The graph models what Python executes: ``import a.b.c`` or ``from a.b import c`` runs ``a.b.c`` and, first,
the ``__init__`` of every package above it, so the importer gets an edge to each of them, except to the
packages that contain the importer itself (their ``__init__`` is already running when the importer does).
``from a.b import name`` points at the submodule ``a.b.name`` when there is one, else at ``a.b``.
Imports under ``if TYPE_CHECKING:`` are never executed and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("core", "symbolic", "numeric", "proofs", "catalog")
#: The packages whose module graph must be acyclic: the whole project (cycles between the top-level packages are
#: ruled out by the layers, tests/architecture/test_layers.py).
ACYCLIC = PROJECT


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for package in PROJECT for p in (ROOT / package).rglob("*.py")}


MODULES = all_modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Imports executed when the module is imported: the body and its if/try blocks, never a function's."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(node)
            elif isinstance(node, ast.If):
                if not _is_type_checking(node):
                    walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                for part in (node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody):
                    walk(part)

    walk(tree.body)
    return found


def _targets(node: ast.Import | ast.ImportFrom, importer: str) -> set[str]:
    """The project modules an import statement runs (see the module docstring)."""
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        if node.level:  # relative: resolve against the importer's package
            package = importer.split(".")[: -node.level] if not MODULES[importer].name == "__init__.py" \
                else importer.split(".")[: len(importer.split(".")) - node.level + 1]
            base = ".".join(package + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        named = {f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names}
    out = set()
    for name in named:
        parts = name.split(".")
        if name in MODULES and name != importer:
            out.add(name)  # what the statement names, even the importer's own package (``from pkg import x``)
        for i in range(1, len(parts)):
            target = ".".join(parts[:i])
            inside = importer == target or importer.startswith(target + ".")
            if target in MODULES and not inside:
                out.add(target)
    return out


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` its module-level imports run."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        if not (name == package or name.startswith(package + ".")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = set().union(*(_targets(node, name) for node in _module_level(tree))) if tree.body else set()
        graph[name] = {t for t in targets if t == package or t.startswith(package + ".")}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules (first = last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


@pytest.mark.parametrize("package", ACYCLIC)
def test_module_level_import_graph_is_acyclic(package):
    cycle = find_cycle(import_graph(package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def _function_level_imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if any(n.split(".")[0] in PROJECT for n in names) and "optional" not in lines[node.lineno - 1]:
                out.append((node.lineno, ", ".join(names)))
    return out


@pytest.mark.parametrize("package", ACYCLIC)
def test_no_function_level_import_of_a_project_module(package):
    found = {name: hits for name, path in MODULES.items()
             if (name == package or name.startswith(package + ".")) and (hits := _function_level_imports(path))}
    assert not found, f"function-level imports of project modules (each hides a cycle): {found}"


@pytest.mark.parametrize("graph, cycle", [
    pytest.param({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"], id="three-cycle"),
    pytest.param({"a": {"b", "c"}, "b": {"c"}, "c": set()}, None, id="diamond"),
    pytest.param({"a": {"a"}}, ["a", "a"], id="self-loop"),
])
def test_find_cycle(graph, cycle):
    assert find_cycle(graph) == cycle


def test_a_package_init_importing_its_submodules_is_no_cycle_but_an_outside_loop_through_it_is():
    """``numeric.definitions`` imports its submodules (registration): a submodule importing a sibling does not
    run the package again, but a module outside that a submodule imports, and that imports the package,
    would: the graph must see the second and not the first."""
    graph = import_graph("numeric")
    assert "numeric.definitions.testing" in graph["numeric.definitions"]
    assert "numeric.definitions" not in graph["numeric.definitions.testing"]
    for outside in ("numeric.mechanisms", "numeric.tradeoff", "numeric.belief"):
        assert not any(t.startswith("numeric.definitions") for t in graph[outside]), outside


def units(source: str, target: str) -> tuple[str, str] | None:
    """The two parts of the project an import joins, seen from where their names part: below their common
    package, the subpackage or module each lies in (``proofs.execution.cluster`` importing
    ``proofs.userclaims`` joins ``proofs.execution`` and ``proofs.userclaims``); None when one holds the
    other (a package's ``__init__`` and its own modules)."""
    a, b = source.split("."), target.split(".")
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    if common == len(a) or common == len(b):
        return None
    return ".".join(a[: common + 1]), ".".join(b[: common + 1])


def package_graph(modules: dict[str, set[str]]) -> dict[str, set[str]]:
    """Unit -> the units it imports (:func:`units`): two sibling packages, or a package and a module beside
    it, that import each other (the scaffold and the coverage, once) are one concept split in two, even when
    no module-level cycle closes between their modules."""
    graph: dict[str, set[str]] = {}
    for source, targets in modules.items():
        for target in targets:
            joined = units(source, target)
            if joined is not None:
                graph.setdefault(joined[0], set()).add(joined[1])
    return graph


def test_no_package_level_cycle():
    modules = {name: edges for package in PROJECT for name, edges in _whole_graph(package).items()}
    cycle = find_cycle(package_graph(modules))
    assert cycle is None, "packages that import each other: " + " -> ".join(cycle or [])


def _whole_graph(package: str) -> dict[str, set[str]]:
    """Module -> every project module its module-level imports run (across top-level packages)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        if name == package or name.startswith(package + "."):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            graph[name] = set().union(*(_targets(node, name) for node in _module_level(tree))) if tree.body else set()
    return graph


def test_the_package_graph_sees_a_cycle_between_siblings():
    """Guard against a test that could not fail: two sibling packages, or a package and a module beside it,
    importing each other are a cycle; a package importing its own modules is none."""
    assert find_cycle(package_graph({"a.x.m": {"a.y.n"}, "a.y.n": {"a.x.m"}})) == ["a.x", "a.y", "a.x"]
    assert find_cycle(package_graph({"a.x.m": {"a.z"}, "a.z": {"a.x.k"}})) == ["a.x", "a.z", "a.x"]
    assert find_cycle(package_graph({"a.x": {"a.x.m"}, "a.x.m": {"a.x.k"}})) is None
