"""tools/typecheck.py: the baseline of mypy errors per file only shrinks, and survives a module's move."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("typecheck", ROOT / "tools" / "typecheck.py")
assert _spec is not None and _spec.loader is not None
typecheck = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(typecheck)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for path in ("core/a.py", "proofs/b.py", "catalog/steps.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("counts", "failing", "shrinkable"), [
    ({"core/a.py": 2, "proofs/b.py": 1}, [], []),
    ({"core/a.py": 3, "proofs/b.py": 1}, ["core/a.py"], []),
    ({"core/a.py": 1}, [], ["core/a.py", "proofs/b.py"]),
    ({"core/a.py": 2, "proofs/b.py": 1, "catalog/steps.py": 4}, [], []),      # moved from proofs/base/steps.py
    ({"core/a.py": 2, "proofs/b.py": 1, "catalog/steps.py": 5}, ["catalog/steps.py"], []),
], ids=["as-baseline", "one-more", "fewer", "moved", "moved-one-more"])
def test_compare_per_file(tree: Path, counts: dict[str, int], failing: list[str], shrinkable: list[str]) -> None:
    baseline = {"core/a.py": 2, "proofs/b.py": 1, "proofs/base/steps.py": 4}
    failures, fewer = typecheck.compare(counts, baseline, tree)
    assert [line.split(":")[0] for line in failures] == failing
    assert [line.split(":")[0] for line in fewer] == shrinkable


def test_a_new_file_with_errors_fails(tree: Path) -> None:
    failures, _ = typecheck.compare({"core/new.py": 1}, {}, tree)
    assert failures == ["core/new.py: 1 mypy errors, the baseline of moved files named new.py allows 0"]


def test_the_library_is_what_setuptools_packages() -> None:
    assert {"core", "symbolic", "numeric", "proofs"} <= set(typecheck.packages())
