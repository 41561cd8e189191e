"""The sign decider's modules import each other without a cycle, read from their source with ``ast``.

The module-level import graph of ``proofs/engines/sign/`` (an ``import`` or ``from ... import`` anywhere at
module level, ``if TYPE_CHECKING:`` blocks included) must be acyclic, and no function may import a
project module (a function-local import hides a cycle). ``from package import name`` counts as an import
of the submodule ``package.name`` when there is one, else of ``package``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.test_import_cycles import find_cycle

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "proofs" / "engines" / "sign"
PROJECT = ("core", "symbolic", "numeric", "proofs")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module(p): p for p in sorted(PACKAGE.glob("*.py"))}


def _targets(node: ast.AST, here: str, is_package: bool) -> list[str]:
    """The modules one import statement imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    assert isinstance(node, ast.ImportFrom)
    base = node.module or ""
    if node.level:
        package = here if is_package else here.rpartition(".")[0]
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]


def _module_level(tree: ast.Module) -> list[ast.AST]:
    """Import statements outside any function or class (inside ``if``/``try`` blocks too)."""
    found, stack = [], list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = set()
        for node in _module_level(tree):
            edges |= {t for t in _targets(node, name, path.name == "__init__.py") if t in MODULES and t != name}
        graph[name] = edges
    return graph


def test_the_sign_package_has_every_module():
    assert {"proofs.engines.sign.decide", "proofs.engines.sign.problem", "proofs.engines.sign.polynomial",
            "proofs.engines.sign.transcendental", "proofs.engines.sign.region", "proofs.engines.sign.crosscheck"} \
        <= set(MODULES)


def test_sign_module_level_import_graph_is_acyclic():
    """(the cycle finder is the project-wide one of tests/architecture/test_import_cycles.py, tested there;
    the graph here is stricter: ``if TYPE_CHECKING:`` imports count)"""
    cycle = find_cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_no_function_imports_a_project_module():
    local = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    modules = _targets(node, name, path.name == "__init__.py")
                    local += [f"{name}:{node.lineno} imports {m}" for m in modules if m.split(".")[0] in PROJECT]
    assert not local, local


def test_no_module_imports_a_private_name_of_another():
    private = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("proofs.engines.sign"):
                private += [f"{name} imports {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert not private, private
