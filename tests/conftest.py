"""Shared test configuration: hypothesis profiles and a precision guard.

Profiles (select with ``HYPOTHESIS_PROFILE=ci|dev|thorough``; ``dev`` is the default):
* ``ci``: deterministic (derandomized, no example database), the profile ``.ci/run`` uses;
* ``dev``: fast, for editing;
* ``thorough``: long searches before a release.
"""

from __future__ import annotations

import compileall
import os
import sys
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


#: The project's own packages: the Python processes a session starts (xdist workers, the commands the README
#: and the command-line tests run, the notebooks' kernel) import them.
PACKAGES = ("core", "symbolic", "numeric", "proofs", "catalog", "tests")


def pytest_configure(config: pytest.Config) -> None:
    """Compile the project's modules once, before the workers start, when this Python writes no bytecode
    (``PYTHONDONTWRITEBYTECODE``, set on some machines and containers).

    Installed packages come compiled by pip, but an editable install's own sources do not: without this, each
    of the few hundred processes a session starts compiles the toolkit's modules from source again (about
    0.8 s of CPU each; the suite took a tenth longer on two cores). ``__pycache__`` is what Python writes by
    itself otherwise, and git ignores it. A folder that cannot be written is left as it is: its modules are
    compiled on import, as before.
    """
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    for name in PACKAGES:
        compileall.compile_dir(ROOT / name, quiet=2, force=False)


#: Tests that run for seconds to a minute each (the README's commands, the slow tests, and a few others that
#: run many claims or commands): started first, so that the short tests fill in around them instead of one long
#: test running alone at the end.
LONG_FIRST = ("tests/test_readme.py", "tests/slow/", "tests/report/test_latex.py::test_round_trip",
              "tests/unit/test_scaffold_command.py", "tests/unit/test_certificate_mutations.py",
              "tests/unit/test_density_continuous.py::test_families_are_validated_laws",
              "tests/unit/test_density_validity.py", "tests/report/test_figures.py")


def _rank(item: pytest.Item) -> int:
    return next((i for i, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), len(LONG_FIRST))


def _chunk_sizes(count: int, workers: int) -> list[int]:
    """How pytest-xdist's work-stealing scheduler first splits ``count`` tests among ``workers``: contiguous
    chunks, one per worker, in order (each worker later steals from the end of another's queue)."""
    sizes = []
    for k in range(workers):
        sizes.append(count // (workers - k))
        count -= sizes[-1]
    return sizes


def _dealt(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` (long tests first) rearranged so that each worker's first chunk starts with its share of the
    long tests, dealt in turn: with every long test at the front of the first chunk, one worker would run them
    all one after another while the others ran the short tests and stole only from the end of its queue."""
    long = [item for item in items if _rank(item) < len(LONG_FIRST)]
    short = items[len(long):]
    sizes = _chunk_sizes(len(items), workers)
    shares = [long[k::workers] for k in range(workers)]
    if any(len(share) > size for share, size in zip(shares, sizes)):
        return items
    out, start = [], 0
    for share, size in zip(shares, sizes):
        out += share + short[start:start + size - len(share)]
        start += size - len(share)
    return out


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected: the chunks are those of the tests that run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: file order otherwise
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))  # set in each worker by pytest-xdist
    if workers > 1 and config.getoption("dist", "no") == "worksteal":
        items[:] = _dealt(items, workers)


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
def command_server() -> Iterator[str]:
    """``python -m proofs`` forked from one loaded interpreter for this test process
    (:mod:`tests.command_server`): the command-line tests' modules use it (``pytestmark``)."""
    from tests.command_server import server

    with server() as path:
        yield path


@pytest.fixture(scope="session")
def catalog_ids() -> list[str]:
    """Every claim id of the project's catalog, papers/CLAIMS.md."""
    import re

    path = PAPERS / "CLAIMS.md"
    assert path.exists(), f"the claim catalog is missing: {path}"
    return re.findall(r"^\| `([^`]+)`", path.read_text(encoding="utf-8"), flags=re.M)
