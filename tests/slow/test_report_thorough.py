"""The 17 claims of the report 004 at the thorough budget (about half a minute of CPU): the statuses the
toolkit computes there, which must agree with the quick budget's, and no check errors."""

from __future__ import annotations

import pytest

from proofs.base.evidence import Outcome
from proofs.runner import run_claim

THOROUGH = {
    "R.gaussian": "refuted", "R.rr-eps": "proved", "R.warner-mle": "proved", "R.warner-var": "proved",
    "R.bassily-smith": "proved", "R.bassily-smith.ratio": "refuted", "R.tail": "refuted", "R.gs-identity": "proved",
    "R.zbar-unbiased": "proved", "R.ci-gauss": "proved", "R.independence": "refuted", "R.nu-unbiased": "proved",
    "R.bias": "proved", "R.example-bias": "supported", "R.ci-rr": "refuted", "R.ci-mu": "refuted",
    "R.negative-variance": "proved",
}


@pytest.mark.parametrize("claim_id", sorted(THOROUGH))
def test_R_claim_status_at_thorough(claim_id):
    result = run_claim(claim_id, "thorough")
    assert result.status.value == THOROUGH[claim_id], result.verdict.reason
    assert all(e.outcome is not Outcome.ERROR for e in result.evidence)
