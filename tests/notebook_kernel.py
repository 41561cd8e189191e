"""The kernel the notebooks' tests run (``python -m tests.notebook_kernel -f CONNECTION_FILE``): ipykernel as
``python -m ipykernel_launcher`` starts it, with the claims' results shared with the rest of the test session.

Each notebook shows the toolkit's verdicts for a few of the catalog's claims at the quick budget
(:func:`proofs.figures.findings`, :func:`proofs.figures.run_claims`), which the claim tests and the README's
``--budget quick`` command check too: here a claim already checked in this session at that budget is read back
instead of checked again (:mod:`tests.shared_runs`), and one checked here first is kept for the others. The
notebook itself, its figures and every other cell run as they do for a reader. Outside a test session
(``README_RESULTS`` unset) nothing is shared.
"""

from __future__ import annotations

from ipykernel import kernelapp

from tests.shared_results import directory

if directory() is not None:
    from tests.shared_runs import install

    install()

kernelapp.launch_new_instance()
