"""The public API is what its documentation says, no more and no less (as Hypothesis checks its
strategies' ``__all__`` at import)."""

from __future__ import annotations

import importlib
import re

import pytest

import proofs

#: Modules whose ``__all__`` is their documented public API, checked against the names their module
#: docstring shows in ``from <module> import ...`` lines.
DOCUMENTED = ("proofs",)


def documented_names(module) -> set[str]:
    doc = module.__doc__ or ""
    names: set[str] = set()
    for line in re.findall(rf"from {re.escape(module.__name__)} import ([^#\n]+)", doc):
        names |= {n.strip() for n in line.split(",") if n.strip()}
    return names


@pytest.mark.parametrize("name", DOCUMENTED)
def test_all_equals_the_documented_names(name):
    module = importlib.import_module(name)
    assert set(module.__all__) == documented_names(module)
    assert len(module.__all__) == len(set(module.__all__)), "a name is exported twice"


@pytest.mark.parametrize("name", proofs.__all__)
def test_every_exported_name_resolves(name):
    assert getattr(proofs, name) is not None


def test_import_proofs_stays_cheap():
    """``import proofs`` loads the vocabulary, not the engines, the claims or the report."""
    import subprocess
    import sys

    code = ("import sys, proofs; heavy = sorted(m for m in sys.modules if m.startswith(('proofs.engines', "
            "'catalog.claims', 'proofs.report', 'proofs.figures', 'proofs.runner', 'z3', 'matplotlib'))); print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", out


@pytest.mark.parametrize("package", ["core", "numeric", "symbolic"])
def test_lower_layers_do_not_load_proofs(package):
    import subprocess
    import sys

    code = (f"import sys, importlib, pkgutil, {package}\n"
            f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'): importlib.import_module(m.name)\n"
            "print(sorted(m for m in sys.modules if m == 'proofs' or m.startswith('proofs.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", out
