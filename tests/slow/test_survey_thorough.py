"""The survey claims that broke at the thorough budget, run at it (their largest n is the budget's
n_max = 120): Theorem 3.10, Lemma 4.6 and ν^S crashed in the evaluation of the printed A at n >= 100;
the proof of Theorem 3.9 and Lemma 4.1 had their enumeration contradict their proof."""

from __future__ import annotations

import pytest

from proofs.base.budget import BUDGETS
from proofs.runner import run_claim

THOROUGH = [("T3.10", "refuted"), ("L4.6", "proved"), ("nuS", "refuted"), ("T3.9.proof", "proved"), ("L4.1", "proved")]


@pytest.mark.parametrize("claim_id,status", THOROUGH, ids=[c for c, _ in THOROUGH])
def test_survey_claim_at_thorough(claim_id, status):
    result = run_claim(claim_id, "thorough")
    assert result.status.value == status, result.verdict.reason
    enumerations = [e for e in result.evidence if e.method.value == "enumeration" and e.reading is None]
    assert any(str(BUDGETS["thorough"].n_max) in e.domain for e in enumerations)
