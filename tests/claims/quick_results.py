"""Claim results at the quick budget, each computed once per test session (the claim tests share them with
each other and with the README's ``--budget quick`` command, through :mod:`tests.shared_results`: a claim's
status, its counterexample and its evidence come from one run)."""

from __future__ import annotations

from functools import lru_cache

from proofs.runner import ClaimResult, run_claim
from tests.shared_results import shared_claim

__all__ = ["quick", "status_message"]


@lru_cache(maxsize=None)
def quick(claim_id: str) -> ClaimResult:
    """The result of ``claim_id`` at the quick budget."""
    return shared_claim(claim_id, "quick", lambda: run_claim(claim_id, "quick"))


def status_message(claim_id: str) -> tuple[str, str]:
    """(status, reason) of ``claim_id`` at the quick budget, for an assertion and its message."""
    result = quick(claim_id)
    return result.status.value, result.verdict.reason
