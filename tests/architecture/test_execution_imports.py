"""The runner and the execution package import one another downwards only: their module-level import graph
is acyclic (importing a submodule imports its package first, so that edge counts too), and no function
imports a module of the project to hide a cycle. Read with ``ast`` from the source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "proofs" / "runner.py", *sorted((ROOT / "proofs" / "execution").glob("*.py"))]
PROJECT = ("core", "symbolic", "numeric", "proofs")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _target(node: ast.ImportFrom, alias: ast.alias) -> str:
    base = node.module or ""
    candidate = f"{base}.{alias.name}"
    as_path = ROOT.joinpath(*candidate.split("."))
    return candidate if as_path.with_suffix(".py").exists() or (as_path / "__init__.py").exists() else base


def _imports(path: Path, *, top_level: bool) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level else [n for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef,
                                                                                     ast.AsyncFunctionDef))
                                         for n in ast.walk(f)]
    found = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found += [(node.lineno, _target(node, alias)) for alias in node.names]
    return [(line, name) for line, name in found if name.split(".")[0] in PROJECT]


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in FILES}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for _, target in _imports(path, top_level=True):
            parts = target.split(".")
            for k in range(1, len(parts) + 1):  # importing a.b.c imports a, a.b and a.b.c
                prefix = ".".join(parts[:k])
                if prefix in modules and prefix != module:
                    graph[module].add(prefix)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_graph_sees_the_runner_importing_the_execution_package():
    """Guard against a test that cannot fail: the edges are there to be read."""
    graph = _graph()
    assert {"proofs.execution.claim", "proofs.execution.local"} <= graph["proofs.runner"]
    assert "proofs.execution.signals" in graph["proofs.execution.claim"]


def test_runner_and_execution_import_graph_is_acyclic():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


@pytest.mark.parametrize("path", FILES, ids=[_module(p) for p in FILES])
def test_no_function_imports_a_project_module(path):
    local = _imports(path, top_level=False)
    assert not local, f"function-local imports of project modules in {path.name}: {local}"
