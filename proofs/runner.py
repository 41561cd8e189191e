"""Run claims' checks and collect results. Checks never print; the CLI renders what comes back."""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from proofs.base import registry
from proofs.base.budget import Budget, budget as get_budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Outcome
from proofs.base.verdict import Status, Verdict

__all__ = ["ClaimResult", "run_claim", "run"]


@dataclass(frozen=True)
class ClaimResult:
    """A claim and the verdict its checks' evidence earned (its JSON is written by
    :class:`proofs.report.schema.ClaimReport`, the one place that knows the report's keys)."""

    claim: Claim
    verdict: Verdict
    seconds: float

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def evidence(self) -> tuple[Evidence, ...]:
        return self.verdict.evidence


def run_claim(claim_id: str, budget: Budget | str = "standard") -> ClaimResult:
    """Run every check of one claim; a crashing check becomes ``error`` evidence, never an exception."""
    b = get_budget(budget)
    claim = registry.get(claim_id)
    start = time.perf_counter()
    evidence: list[Evidence] = []
    for chk in registry.checks_for(claim_id):
        t0 = time.perf_counter()
        try:
            produced = chk.function(b)
            if isinstance(produced, Evidence):
                items = [produced]
            elif isinstance(produced, (list, tuple)) or hasattr(produced, "__next__"):
                items = list(produced)
            else:
                raise TypeError(f"{chk.name} returned {type(produced).__name__}, not Evidence")
            for item in items:
                if not isinstance(item, Evidence):
                    raise TypeError(f"{chk.name} returned {type(item).__name__}, not Evidence")
            if not items:
                raise ValueError(f"{chk.name} returned no evidence")
        except Exception as exc:  # a crash is reported as evidence: the verdict becomes `error`
            items = [Evidence(
                method=chk.method, outcome=Outcome.ERROR, domain="(check did not complete)",
                detail={"check": chk.name, "exception": f"{type(exc).__name__}: {exc}",
                        "traceback": traceback.format_exc(limit=-3)},
            )]
        elapsed = time.perf_counter() - t0
        evidence.extend(item if item.seconds else replace(item, seconds=elapsed / len(items)) for item in items)
    return ClaimResult(claim, Verdict(tuple(evidence)), time.perf_counter() - start)


def run(
    claims: Sequence[Claim],
    budget: Budget | str = "standard",
    *,
    jobs: int | None = None,
    on_result: Callable[[ClaimResult], None] | None = None,
    scheduler: str | None = None,
) -> list[ClaimResult]:
    """Run ``claims`` and return their results in the order given.

    Without ``scheduler``: in ``jobs`` processes on this machine (default: the number of cores; one
    process per claim, so a worker that dies loses only its claim). With ``scheduler="local"`` or a Dask
    scheduler address: as tasks of that scheduler (:mod:`proofs.execution.cluster`). SIGINT or SIGTERM
    stops every worker and raises :class:`proofs.execution.Interrupted`."""
    b = get_budget(budget)
    jobs = jobs or min(len(claims), os.cpu_count() or 1)
    ids = [c.id for c in claims]
    if scheduler:
        from proofs.execution.cluster import run_cluster

        results = run_cluster(ids, b, scheduler=scheduler, jobs=jobs, on_result=on_result)
    elif jobs <= 1 or len(claims) <= 1:
        from proofs.execution.local import run_inline

        results = run_inline(ids, b, on_result=on_result)
    else:
        from proofs.execution.local import run_local

        results = run_local(ids, b, jobs=jobs, on_result=on_result)
    return [results[c.id] for c in claims]
