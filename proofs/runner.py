"""Run claims' checks and collect results. Checks never print; the CLI renders what comes back."""

from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Any

from proofs.base import registry
from proofs.base.budget import Budget, budget as get_budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Outcome
from core.exact import jsonable
from proofs.base.verdict import Status, Verdict, correction_status

__all__ = ["ClaimResult", "run_claim", "run"]


@dataclass(frozen=True)
class ClaimResult:
    """A claim and the verdict its checks' evidence earned."""

    claim: Claim
    verdict: Verdict
    seconds: float

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def evidence(self) -> tuple[Evidence, ...]:
        return self.verdict.evidence

    def to_json(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "id": self.claim.id,
            "title": self.claim.title,
            "source": self.claim.source,
            "statement_latex": self.claim.statement,
            "status": v.status.value,
            "reason": v.reason,
            "domain": self.claim.domain,
            "interpretation": self.claim.interpretation or None,
            "methods": [e.to_json() for e in v.evidence],
            "counterexample": jsonable(v.counterexample),
            "holds_when": v.holds_when,
            "corrected": v.corrected,
            "corrected_status": correction_status(v.correction).value if v.correction is not None else None,
            "seconds": round(self.seconds, 3),
        }


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
            items = [produced] if isinstance(produced, Evidence) else list(produced)
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
) -> list[ClaimResult]:
    """Run ``claims`` (in ``jobs`` worker processes; default: the number of cores) in catalog order."""
    b = get_budget(budget)
    jobs = jobs or min(len(claims), os.cpu_count() or 1)
    results: dict[str, ClaimResult] = {}
    if jobs <= 1 or len(claims) <= 1:
        for claim in claims:
            results[claim.id] = run_claim(claim.id, b)
            if on_result:
                on_result(results[claim.id])
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(run_claim, c.id, b): c.id for c in claims}
            for future in as_completed(futures):
                result = future.result()
                results[result.claim.id] = result
                if on_result:
                    on_result(result)
    return [results[c.id] for c in claims]
