"""The notebooks of ``notebooks/``: stored without outputs, and each one executes and draws a figure.

The notebooks are executed with nbclient in a kernel started from *this* interpreter (``sys.executable``),
through a kernel spec written into a temporary directory: whatever kernel specs the machine has (a user's
``python3`` pointing at another Python, none at all in a fresh CI venv), the notebooks see the package under
test. Each notebook runs at its small sizes (``FULL = False``, the value stored in the notebook); the verdicts it
shows are those of the session's claim tests at the same budget (:mod:`tests.notebook_kernel`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))

# The five notebooks, in the order of the paper.
EXPECTED = [
    "01-belief-functions",
    "02-variance",
    "03-hypothesis-testing",
    "04-shafer-vs-walley",
    "05-mean-estimation",
]

#: A guard against a hanging kernel, not a performance target (the notebooks run their small sizes).
HANG_GUARD_SECONDS = 600
KERNEL_NAME = "ldp-belief-proofs-tests"


def _id(path: Path) -> str:
    return path.stem


def _code_cells(nb) -> list:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def test_every_notebook_of_the_issue_is_there():
    assert [p.stem for p in NOTEBOOKS] == EXPECTED


def test_every_figure_is_drawn_by_a_notebook():
    """The notebooks call the plotting functions of :mod:`proofs.figures` (one per figure, nothing drawn twice)."""
    from proofs.figures import FIGURES

    sources = "\n".join(cell.source for path in NOTEBOOKS for cell in _code_cells(nbformat.read(path, as_version=4)))
    unused = [spec.function for spec in FIGURES if f"{spec.function}(" not in sources]
    assert not unused, f"figures no notebook draws: {unused}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_is_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    dirty = [(i, len(cell.outputs), cell.execution_count) for i, cell in enumerate(nb.cells)
             if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)]
    assert not dirty, f"{path.name}: cells (index, outputs, execution_count) carry outputs: {dirty}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_runs_small_sizes_and_draws_from_the_toolkit(path):
    """The stored notebook runs its small sizes, and draws with :mod:`proofs.figures` (nothing drawn twice)."""
    nb = nbformat.read(path, as_version=4)
    source = "\n".join(cell.source for cell in _code_cells(nb))
    assert "FULL = False" in source, f"{path.name}: the stored switch must be FULL = False"
    assert "proofs.figures" in source, f"{path.name}: figures come from proofs.figures"


@pytest.fixture(scope="module")
def kernel_manager_factory(tmp_path_factory):
    """A kernel spec that starts ``sys.executable -m tests.notebook_kernel`` (this interpreter, this venv): the
    ipykernel launcher, with the claims' results shared with the rest of the session (see that module)."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    kernels = tmp_path_factory.mktemp("kernels")
    spec_dir = kernels / KERNEL_NAME
    spec_dir.mkdir()
    spec = {"argv": [sys.executable, "-m", "tests.notebook_kernel", "-f", "{connection_file}"],
            "display_name": "ldp-belief-proofs (tests)", "language": "python",
            "env": {"MPLBACKEND": "module://matplotlib_inline.backend_inline",
                    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}}
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")

    def factory() -> KernelManager:
        return KernelManager(kernel_name=KERNEL_NAME,
                             kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)]))

    return factory


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_notebook_executes_and_draws_a_figure(path, kernel_manager_factory):
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, km=kernel_manager_factory(), timeout=HANG_GUARD_SECONDS,
                            resources={"metadata": {"path": str(NOTEBOOK_DIR)}})
    client.execute()  # raises CellExecutionError, with the cell and the traceback, if any cell fails

    images = [out for cell in _code_cells(nb) for out in cell.outputs if "image/png" in out.get("data", {})]
    assert images, f"{path.name} drew no figure"
