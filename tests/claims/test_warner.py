"""003 Example 3.7 and Eq. (1) (proofs/claims/warner.py) at the quick budget: the counterexample re-checked
inside the claim's domain, and the misprinted estimate kept as the alternative reading (the statuses are
pinned in test_survey_statuses)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.context import EXACT
from proofs.base.evidence import Outcome
from proofs.claims.warner import PRINTED_EX37
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
def test_Ex3_7_printed_estimate_is_the_alternative_reading(claim_id):
    """One sentence, one primary reading (Warner's MLE); the misprint is checked, refuted, and kept out of
    the verdict."""
    evidence = quick(claim_id).evidence
    printed = [e for e in evidence if e.reading == PRINTED_EX37]
    assert printed and all(e.outcome is Outcome.COUNTEREXAMPLE for e in printed)
    assert all(e.outcome in (Outcome.PROVED, Outcome.HOLDS) for e in evidence if e.reading is None)
