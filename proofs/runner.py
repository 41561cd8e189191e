"""Run claims' checks and collect results. What a check prints goes to stderr; the CLI renders what comes back.

:func:`run_claim` runs one claim in this process; :func:`run` runs many, in worker processes on this
machine (by default), in this process, or on a Dask scheduler (:mod:`proofs.execution`). Either way SIGINT or SIGTERM raises
:class:`~proofs.execution.signals.Interrupted` (a ``KeyboardInterrupt``) within about a second, and an
interrupt is never reported as a claim's outcome.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from core.errors import invalid
from proofs.base.budget import Budget, budget as get_budget
from proofs.base.claim import Claim
from proofs.execution.claim import ClaimResult, run_claim
from proofs.execution.cluster import run_cluster
from proofs.userclaims import load_claims_file, sources
from proofs.execution.local import run_inline, run_local

__all__ = ["ClaimResult", "run_claim", "run"]


def run(
    claims: Sequence[Claim],
    budget: Budget | str = "standard",
    *,
    jobs: int | None = None,
    on_result: Callable[[ClaimResult], None] | None = None,
    scheduler: str | None = None,
    in_process: bool = False,
) -> list[ClaimResult]:
    """Run ``claims`` and return their results in the order given.

    Without ``scheduler``: in ``jobs`` processes on this machine (default: the number of cores, at most one
    per claim), each running batches of one module's claims one after another, and a worker that dies (a
    check that kills its process or ends it) loses only the claim it was running, even with one job.
    ``in_process``: one after the other in this process instead (easiest to debug, but a check that ends
    its process ends the caller). With ``scheduler="local"`` or a Dask scheduler
    address: as tasks of that scheduler (:mod:`proofs.execution.cluster`). SIGINT or SIGTERM stops every worker and raises
    :class:`proofs.execution.Interrupted`."""
    b = get_budget(budget)
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise invalid("jobs", jobs, "must be a positive integer")
    jobs = jobs or min(len(claims), os.cpu_count() or 1)
    ids = [c.id for c in claims]
    if scheduler:
        results = run_cluster(ids, b, scheduler=scheduler, jobs=jobs, files=sources(), load_file=load_claims_file,
                              on_result=on_result)
    elif in_process:
        results = run_inline(ids, b, on_result=on_result)
    else:
        results = run_local(ids, b, jobs=jobs, on_result=on_result)
    return [results[c.id] for c in claims]
