"""The layers of the toolkit, read from the imports of every module (with ``ast``): no edge points up.

    core  <  symbolic  <  numeric  <  proofs.base  <  proofs.engines  <  proofs.claims
          <  proofs.runner  <  proofs.report, proofs.figures, proofs.certificates, proofs.files
          <  proofs.cli, the package API

A module may import its own layer and any layer below it. ``numeric`` sees only the symbols of
``symbolic`` (``symbolic.symbols``), not its derivations. Imports inside functions count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "symbolic", "numeric", "proofs")

#: (module prefix, layer); the longest matching prefix decides.
LAYERS = (
    ("core", 0),
    ("symbolic", 1),
    ("numeric", 2),
    ("proofs.base", 3),
    ("proofs.engines", 4),
    ("proofs.claims", 5),
    ("proofs.runner", 6),
    ("proofs.execution", 6),
    ("proofs.reading", 6),  # a paper's LaTeX read: the scaffold and the coverage of the texts
    ("proofs.scaffold", 6),  # the name scaffolds of 0.3.0 import
    ("proofs.report", 7),
    ("proofs.figures", 7),
    ("proofs.certificates", 7),
    ("proofs.files", 7),  # writing every command's outputs (reports, figures, certificates)
    ("proofs.userclaims", 6),
    ("proofs.cli", 8),
    ("proofs.__main__", 8),
    ("proofs", 8),  # the package itself: its lazy public API
)
#: The only parts of a lower layer's neighbour that ``numeric`` may use.
NUMERIC_MAY_USE_SYMBOLIC = ("symbolic.symbols",)


def layer_of(module: str) -> int | None:
    best = None
    for prefix, layer in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, layer)
    return None if best is None else best[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) for every import of a project module in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from package import name``: name may be a submodule (then that module is imported)
            found += [(node.lineno, f"{target}.{alias.name}".strip(".")) for alias in node.names]
    return [(line, name) for line, name in found if name.split(".")[0] in PACKAGES]


def _resolve(name: str) -> str:
    """``proofs.Claim`` (a name re-exported by the package) is an import of the package API itself."""
    parts = name.split(".")
    while parts:
        candidate = ROOT.joinpath(*parts)
        if candidate.with_suffix(".py").exists() or (candidate / "__init__.py").exists():
            return ".".join(parts)
        parts.pop()
    return name


EDGES = [(module_name(path), line, _resolve(target)) for path in project_modules() for line, target in imports_of(path)]


def test_every_module_has_a_layer():
    unplaced = sorted({m for m, _, _ in EDGES if layer_of(m) is None}
                      | {module_name(p) for p in project_modules() if layer_of(module_name(p)) is None})
    assert not unplaced, f"modules outside every layer: {unplaced}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_points_up_a_layer(package):
    upward = [f"{source}:{line} imports {target} (layer {layer_of(target)} > {layer_of(source)})"
              for source, line, target in EDGES
              if source.split(".")[0] == package and layer_of(target) is not None
              and layer_of(target) > layer_of(source)]
    assert not upward, "imports that point up a layer:\n" + "\n".join(upward)


def test_numeric_uses_only_the_symbols_of_symbolic():
    wide = [f"{source}:{line} imports {target}" for source, line, target in EDGES
            if source.startswith("numeric") and target.startswith("symbolic")
            and not any(target == ok or target.startswith(ok + ".") for ok in NUMERIC_MAY_USE_SYMBOLIC)]
    assert not wide, "numeric importing symbolic derivations:\n" + "\n".join(wide)


def test_core_imports_nothing_of_the_project_above_it():
    outside = [f"{source}:{line} imports {target}" for source, line, target in EDGES
               if source.startswith("core") and not target.startswith("core")]
    assert not outside, "\n".join(outside)


def test_the_layer_table_sees_real_edges():
    """Guard against a test that could not fail: the scan finds imports in every layer."""
    sources = {layer_of(s) for s, _, _ in EDGES}
    assert {1, 2, 3, 4, 5} <= sources, sources
    assert any(t.startswith("core.") for _, _, t in EDGES)
