"""Shared test configuration: hypothesis profiles and a precision guard.

Profiles (select with ``HYPOTHESIS_PROFILE=ci|dev|thorough``; ``dev`` is the default):
* ``ci``: deterministic (derandomized, no example database), the profile ``.ci/run`` uses;
* ``dev``: fast, for editing;
* ``thorough``: long searches before a release.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import mpmath
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, max_examples=100, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=5_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ROOT / "papers"


#: Tests that run for seconds to a minute each (the README's commands, the slow tests): started first, so that
#: with several workers (``pytest -n auto``, work stealing, see pyproject.toml) the short tests fill in around
#: them instead of one long test running alone at the end.
LONG_FIRST = ("tests/test_readme.py", "tests/slow/")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), len(LONG_FIRST))

    items.sort(key=rank)  # stable: file order otherwise


@pytest.fixture(autouse=True)
def _restore_mpmath_precision():
    """Library code never sets mp.dps; this guard fails loudly if something did."""
    before = mpmath.mp.prec
    yield
    leaked = mpmath.mp.prec
    mpmath.mp.prec = before
    assert leaked == before, f"mpmath precision leaked: prec={leaked}, expected {before}"


@pytest.fixture(scope="session", autouse=True)
def shared_results(tmp_path_factory) -> Iterator[Path]:
    """One directory per test session (shared by the xdist workers and the commands the tests run) for the
    claims' results of :mod:`tests.shared_results`, named in ``README_RESULTS``."""
    base = tmp_path_factory.getbasetemp()
    path = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared-results"
    path.mkdir(exist_ok=True)
    before = os.environ.get("README_RESULTS")
    os.environ["README_RESULTS"] = str(path)
    yield path
    if before is None:
        os.environ.pop("README_RESULTS", None)
    else:
        os.environ["README_RESULTS"] = before


@pytest.fixture(scope="session")
def catalog_ids() -> list[str]:
    """Every claim id of the project's catalog, papers/CLAIMS.md."""
    import re

    path = PAPERS / "CLAIMS.md"
    assert path.exists(), f"the claim catalog is missing: {path}"
    return re.findall(r"^\| `([^`]+)`", path.read_text(encoding="utf-8"), flags=re.M)
