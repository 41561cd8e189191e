"""The status of every claim of the survey model (003 Example 3.7, Eq. (1)-(2), Theorems 3.9-3.10 and the
approximation of A, the appendix Lemmas 4.1-4.6, §3.2's Q_λ, ν^S, ν^W) at the quick budget, as the
toolkit computes it (through :func:`proofs.runner.run_claim`). The figures behind each status are tested
in the module of its section (test_warner, test_survey_mle, test_survey_variance, test_appendix_lemmas,
test_qlambda)."""

from __future__ import annotations

import pytest

from tests.claims.quick_results import status_message

STATUS = [
    # 003 Example 3.7, Eq. (1)
    ("Ex3.7.mle", "refuted"), ("Ex3.7.unbiased", "proved"), ("Eq1", "proved"),
    # 003 Eq. (2), Theorem 3.9
    ("Eq2.score", "proved"), ("Eq2", "proved"), ("T3.9", "proved"), ("T3.9.proof", "proved"),
    # 003 Theorem 3.10, its proof, the approximation of A
    ("T3.10", "refuted"), ("T3.10.form2", "proved"), ("T3.10.form2@000", "refuted"),
    ("T3.10.proof.conditioning", "refuted"), ("A.approx", "proved"), ("A.approx.warner", "proved"),
    # 003 appendix
    ("L4.1", "proved"), ("L4.1.proof.range", "refuted"), ("L4.2", "proved"), ("L4.3", "proved"),
    ("L4.4", "proved"), ("L4.5", "proved"), ("L4.6", "proved"),
    # 003 §3.2
    ("Qlambda.mle", "proved"), ("Qlambda.mle@000", "refuted"), ("Qlambda.unbiased", "proved"),
    ("Qlambda.var", "proved"), ("nuS", "refuted"), ("nuW", "proved"),
]


@pytest.mark.parametrize("claim_id,status", STATUS, ids=[c for c, _ in STATUS])
def test_survey_claim_status_at_quick(claim_id, status):
    found, reason = status_message(claim_id)
    assert found == status, reason
