"""003 Example 3.7 and Eq. (1) (proofs/claims/warner.py) at the quick budget: the counterexamples re-checked
inside the claims' domains, the printed estimate read as printed, and Warner's MLE as the correction (the
statuses are pinned in test_survey_statuses)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.context import EXACT
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from symbolic import printed as P
from symbolic.likelihood import mle_warner
from tests.claims.quick_results import quick


def test_Ex3_7_mle_counterexample_is_in_the_domain_and_exact():
    point = quick("Ex3.7.mle").verdict.counterexample
    p, n, n1 = Fraction(point["p"]), int(point["n"]), int(point["n1"])
    assert 0 <= p <= 1 and p != Fraction(1, 2) and n >= 1 and 0 <= n1 <= n
    values = {"p": p, "n": n, "n1": n1}
    printed, derived = EXACT.evaluate(P.EX37_MLE, values), EXACT.evaluate(mle_warner(), values)
    assert printed != derived
    assert (Fraction(point["lhs"]), Fraction(point["rhs"])) == (printed, derived)


@pytest.mark.parametrize("claim_id", ["Ex3.7.unbiased", "Eq1"])
def test_Ex3_7_printed_estimate_is_checked_as_printed_and_Warners_MLE_is_the_correction(claim_id):
    """One sentence, one estimate: 'this distribution estimation π̂' is the printed formula, refuted exactly;
    Warner's MLE (the correction of Ex3.7.mle) is unbiased with variance Eq. (1), proved."""
    result = quick(claim_id)
    assert result.status.value == "refuted" and not result.claim.readings
    point = result.verdict.counterexample
    p, n, pi = Fraction(point["p"]), int(point["n"]), Fraction(point["pi"])
    assert 0 <= p <= 1 and p not in (Fraction(1, 2), 1) and n >= 1 and 0 <= pi <= 1
    q1 = pi * p + (1 - pi) * (1 - p)
    values = {"p": p, "n": n}
    coefficient = EXACT.evaluate(P.EX37_MLE, {**values, "n1": 1}) - EXACT.evaluate(P.EX37_MLE, {**values, "n1": 0})
    mean = EXACT.evaluate(P.EX37_MLE, {**values, "n1": 0}) + coefficient * n * q1
    variance = coefficient ** 2 * n * q1 * (1 - q1)
    assert Fraction(point["lhs"]) == (mean if claim_id == "Ex3.7.unbiased" else variance)
    assert Fraction(point["lhs"]) != Fraction(point["rhs"])
    assert correction_status(result.verdict.correction) is Status.PROVED and "Warner" in result.verdict.corrected
    assert all(e.outcome is Outcome.COUNTEREXAMPLE for e in result.evidence if e.reading is None)
