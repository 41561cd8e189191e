"""The import graph of the whole project, read with ``ast``: acyclic at module level, and every import of a
project module sits at the top of its module, or says why it does not.

A cycle closed by a function-local import still couples both modules (each needs the other to work); it only
hides the coupling from a reader and from :mod:`tests.architecture.test_layers`. So: the graph of module-level
imports (``if TYPE_CHECKING:`` blocks excluded, they never run) has no cycle, and an import of a project
module inside a function is allowed only with a comment on its line or the line above saying why (for
example an optional heavy dependency loaded only by the command that needs it).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.test_layers import PACKAGES, _resolve, module_name, project_modules


def _targets(node: ast.Import | ast.ImportFrom, path: Path) -> list[str]:
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        names = [f"{base}.{alias.name}".strip(".") for alias in node.names]
    return [_resolve(name) for name in names if name.split(".")[0] in PACKAGES]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING"


def _scan(path: Path) -> tuple[set[str], list[tuple[int, str]]]:
    """(modules imported at module level, [(line, module) imported inside a function])."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    top: set[str] = set()
    local: list[tuple[int, str]] = []

    def walk(body: list[ast.stmt], in_function: bool) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets = _targets(node, path)
                if in_function:
                    local.extend((node.lineno, t) for t in targets)
                else:
                    top.update(targets)
            elif isinstance(node, ast.If) and _is_type_checking(node):
                walk(node.orelse, in_function)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(node.body, True)
            else:
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, None) or [], in_function)
                for handler in getattr(node, "handlers", None) or []:
                    walk(handler.body, in_function)

    walk(tree.body, False)
    return top, local


SCANS = {module_name(path): (path, *_scan(path)) for path in project_modules()}
GRAPH = {module: {t for t in top if t != module and t in SCANS} for module, (_, top, _) in SCANS.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_the_module_level_import_graph_of_the_project_is_acyclic():
    cycles = _cycles(GRAPH)
    assert not cycles, "import cycles (module level):\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_a_planted_cycle():
    """Guard against a test that could not fail."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_a_function_local_import_of_a_project_module_says_why():
    silent = []
    for module, (path, _, local) in SCANS.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for line, target in local:
            here, above = lines[line - 1], lines[line - 2] if line > 1 else ""
            if "#" not in here and "#" not in above:
                silent.append(f"{path.relative_to(path.parents[len(module.split('.')) - 1 + (path.name == '__init__.py')])}:{line} imports {target}")
    assert not silent, ("function-local imports of project modules without a comment saying why:\n"
                        + "\n".join(sorted(silent)))


def test_the_scan_sees_the_whole_project():
    assert {"core", "symbolic", "numeric", "proofs"} <= {m.split(".")[0] for m in GRAPH}
    assert sum(len(targets) for targets in GRAPH.values()) > 200
