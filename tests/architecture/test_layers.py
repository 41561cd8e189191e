"""The layers of the toolkit, read from the imports of every module (with ``ast``): no edge points up.

    core  <  symbolic  <  numeric  <  proofs.base  <  proofs.kernel  <  proofs.engines  <  catalog
          <  proofs.runner  <  proofs.report, proofs.figures, proofs.certificates, proofs.files
          <  proofs.cli, the package API

A module may import its own layer and any layer below it. ``numeric`` sees only the symbols of
``symbolic`` (``symbolic.symbols``), not its derivations. Imports inside functions count too. Every module
has its layer by name (no catch-all), and the toolkit below the catalog never imports it: the catalog is a
user of the toolkit, registered by the package API, never imported by what it uses.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "symbolic", "numeric", "proofs", "catalog")

#: (module prefix, layer); the longest matching prefix decides.
LAYERS = (
    ("core", 0),
    ("symbolic", 1),
    ("numeric", 2),
    ("proofs.base", 3),
    ("proofs.kernel", 4),  # the certificate kernel: machine-checkable steps and their checker
    ("proofs.engines", 5),
    ("catalog", 6),  # the built-in catalog: claims, the checks only they share, derivations, models, figures
    ("proofs.runner", 7),
    ("proofs.execution", 7),
    ("proofs.reading", 7),  # a paper's LaTeX read: the scaffold and the coverage of the texts
    ("proofs.scaffold", 7),  # the name scaffolds of 0.3.0 import
    ("proofs.userclaims", 7),
    ("proofs.report", 8),
    ("proofs.figures", 8),
    ("proofs.certificates", 8),
    ("proofs.files", 8),  # writing every command's outputs (reports, figures, certificates)
    ("proofs.cli", 9),
    ("proofs.__main__", 9),
    ("proofs.declare", 9),  # the short declarations of the public API
    ("proofs.mechanisms", 9),  # finite mechanisms as printed (public API)
    ("proofs.continuous", 9),  # laws with continuous output as printed (public API)
)
#: Modules placed by their exact name only: the package ``proofs`` itself (its lazy public API), whose name
#: is the prefix of every module above, so that a new module of ``proofs`` must be given its layer.
EXACT = {"proofs": 9}
#: What never imports the catalog: the toolkit it uses.
BELOW_THE_CATALOG = ("core", "symbolic", "numeric", "proofs.base", "proofs.kernel", "proofs.engines")
#: The only parts of a lower layer's neighbour that ``numeric`` may use.
NUMERIC_MAY_USE_SYMBOLIC = ("symbolic.symbols",)


def layer_of(module: str) -> int | None:
    if module in EXACT:
        return EXACT[module]
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
    assert {1, 2, 3, 4, 5, 6} <= sources, sources
    assert any(t.startswith("core.") for _, _, t in EDGES)


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes)


def test_the_toolkit_never_imports_the_catalog():
    """core, symbolic, numeric, proofs.base and proofs.engines know no paper: no import of ``catalog``."""
    found = [f"{source}:{line} imports {target}" for source, line, target in EDGES
             if _under(source, BELOW_THE_CATALOG) and _under(target, ("catalog",))]
    assert not found, "the toolkit importing the catalog:\n" + "\n".join(found)


def test_the_catalog_check_sees_real_modules():
    """Guard: each package below the catalog has modules, and the catalog imports them (the test can fail)."""
    sources = {s for s, _, _ in EDGES}
    assert all(any(_under(s, (prefix,)) for s in sources) for prefix in BELOW_THE_CATALOG)
    assert any(_under(s, ("catalog",)) and _under(t, ("proofs.engines",)) for s, _, t in EDGES)


def test_every_module_of_proofs_is_placed_by_name():
    """No catch-all: the package ``proofs`` is placed by its exact name, each of its modules by its own entry."""
    assert layer_of("proofs.something_new") is None
    assert layer_of("proofs") == 9



def _layout_table() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Layout")
    return readme[start:readme.index("\n## ", start + 1)]


def test_the_readme_layout_names_every_package():
    """The README's layout table names every top-level package, every module and subpackage of ``proofs``, and
    every subpackage of the catalog: a reader finds each where the layers put it."""
    table = _layout_table()
    wanted = [f"`{package}/`" for package in PACKAGES if package != "proofs"]  # proofs: module by module
    for child in sorted((ROOT / "proofs").iterdir()):
        if child.suffix == ".py" or (child / "__init__.py").exists():
            wanted.append(f"`proofs/{child.name}`" if child.suffix == ".py" else f"`proofs/{child.name}/`")
    wanted += [f"`{child.name}/`" for child in sorted((ROOT / "catalog").iterdir()) if (child / "__init__.py").exists()]
    missing = [name for name in wanted if name not in table]
    assert not missing, f"the README's layout table does not name {missing}"
