"""The claims of the report 004 whose evidence grows most with the budget (certified privacy curves,
exact coverage) at the thorough budget: the statuses the toolkit computes there agree with the quick
budget's, and no check errors. The full thorough run covers the others."""

from __future__ import annotations

import pytest

from proofs.base.evidence import Outcome
from proofs.runner import run_claim

THOROUGH = {"R.gaussian": "refuted", "R.ci-rr": "refuted", "R.ci-mu": "refuted"}


@pytest.mark.parametrize("claim_id", sorted(THOROUGH))
def test_R_claim_status_at_thorough(claim_id):
    result = run_claim(claim_id, "thorough")
    assert result.status.value == THOROUGH[claim_id], result.verdict.reason
    assert all(e.outcome is not Outcome.ERROR for e in result.evidence)
