"""The survey claims at the quick budget: statuses computed by the toolkit, and the figures behind them."""

from __future__ import annotations

import pytest

from proofs.runner import run_claim

EXPECTED = [("T3.9", "proved"), ("T3.10", "refuted"), ("T3.10.form2@000", "refuted"), ("Eq2", "proved"),
            ("Ex3.7.mle", "refuted"), ("L4.2", "supported"), ("Qlambda.mle@000", "refuted"), ("nuW", "proved")]


@pytest.mark.parametrize("claim_id,status", EXPECTED, ids=[c for c, _ in EXPECTED])
def test_survey_claim_status(claim_id, status):
    result = run_claim(claim_id, "quick")
    assert result.status.value == status, result.verdict.reason


def test_T3_10_counterexample_is_exact_and_corrected():
    v = run_claim("T3.10", "quick").verdict
    ce = v.counterexample
    assert ce["recheck"] if "recheck" in ce else True
    assert v.corrected is not None and "1-q_3^{\\,n}" in v.corrected
    assert v.holds_when.startswith("q3 = 0")
