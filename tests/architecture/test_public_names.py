"""One object, one name: a public name (no leading underscore) is defined at module level (``def`` or
``class``) in one module of the toolkit's layers only; every other module imports it.

Two definitions under one name are either one object written twice (the second should import the first)
or two objects that a reader, or an import, will confuse (``q_gwrr`` once named both the mechanism of
003 Corollary 3.12 and c-ary randomized response). The paper's mechanisms keep the paper's names, the
general families the literature's, and a representation of one of them in another type says so in its
name (``evidential_q2x3``, ``q2x3_entries``, ``q_wrr_matrix``, ``duchi_two_point``).

Run ``python tests/architecture/test_public_names.py`` to list every name defined more than once.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The layers whose module-level public names must be unique (packages that do not exist are skipped).
PACKAGES = ("core", "symbolic", "numeric", "proofs", "kernel", "catalog")
#: Names every module may define for itself: not an object of the toolkit.
EXCLUDED = frozenset({"main"})

#: Genuinely different concepts that must share a name. Empty: no two objects need one name.
ALLOWED: dict[str, str] = {}

#: Names still defined in more than one module when this test was written, each a different object in
#: each module (none is one object written twice), to be renamed; the test fails when one of them is no
#: longer shared (remove it here) and on any name shared that is not listed (rename it instead).
PENDING: dict[str, str] = {
    "Entry": "a coverage text's entry / a scaffold's entry",
    "PaperCoverage": "the coverage report / its schema in the report",
    "Undefined": "the count evaluator's undefined value / the engines' undefined domain",
    "batches": "multinomial outcome batches / execution batches",
    "check_directory": "certificate files / output files",
    "claims": "the registry's claims / the report view's claims",
    "coverage": "the coverage report / the output of it",
    "draw": "points of a domain (numeric.count_points) / a figure",
    "holds_when": "the sign engine's region / the report view's field",
    "load": "the claim registry / coverage texts",
    "maps": "a grid of maps (numeric.grids) / a hypothesis strategy (numeric.strategies)",
    "mass_functions": "a grid of mass functions / a hypothesis strategy",
    "mechanisms": "a grid of mechanisms / a hypothesis strategy",
    "parse": "the command line / math text",
    "register": "a definition's registry / a sampler's registry",
    "relation": "the sign engine's z3 relation / a trade-off region's sympy relation",
    "render": "report outputs / the scaffold's writer",
    "render_html": "the coverage page / the report page",
    "render_markdown": "the coverage page / the report page",
    "sample_sizes": "a declaration's sample sizes / the survey grids'",
    "search": "the privacy lemmas' search / the trade-off property search",
    "shown": "the privacy lemmas' display / the sign engine's printable text",
    "solve": "the enumerations' solver / the sign engine's z3 solve",
}


def definitions() -> dict[str, list[str]]:
    """Every public module-level ``def``/``class`` name, with the modules that define it."""
    found: dict[str, list[str]] = collections.defaultdict(list)
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")) if (ROOT / package).is_dir() else ():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                        and not node.name.startswith("_") and node.name not in EXCLUDED:
                    found[node.name].append(module)
    return found


def shared() -> dict[str, list[str]]:
    """The names defined in more than one module."""
    return {name: modules for name, modules in sorted(definitions().items()) if len(modules) > 1}


def test_a_public_name_is_defined_in_one_module():
    unexpected = {name: modules for name, modules in shared().items() if name not in ALLOWED and name not in PENDING}
    assert not unexpected, ("public names defined in more than one module (import the one object, or rename): "
                            f"{unexpected}")


def test_the_pending_list_only_holds_names_still_shared():
    stale = sorted(set(PENDING) - set(shared()))
    assert not stale, f"no longer defined twice, remove from PENDING: {stale}"


if __name__ == "__main__":
    for name, modules in shared().items():
        print(name, " ".join(modules))
    print(len(shared()), "names defined in more than one module")
