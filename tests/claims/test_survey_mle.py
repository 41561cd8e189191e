"""003 Eq. (2), its score equation and Theorem 3.9 (catalog/claims/survey_mle.py) at the quick budget."""

from __future__ import annotations

from fractions import Fraction
from tests.claims.quick_results import quick


def test_Eq2_maximiser_over_the_unit_interval_is_an_alternative_reading():
    evidence = quick("Eq2").evidence
    (other,) = [e for e in evidence if e.reading == "the maximiser over pi in [0, 1]"]
    assert not 0 <= Fraction(other.counterexample["pi_hat"]) <= 1
