"""003 Example 3.7 and Eq. (1) (catalog/claims/warner.py) at the quick budget: the printed formula for the MLE
refuted once, where it sits (Ex3.7.mle); the claims that use π̂ judged on the MLE the text names, derived,
with the printed formula checked beside their verdicts (the statuses are pinned in test_survey_statuses)."""

from __future__ import annotations

from fractions import Fraction

import sympy

from core.context import EXACT
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from catalog.derivations import printed as P
from catalog.derivations.likelihood import mle_warner
from tests.claims.quick_results import quick


def test_Ex3_7_mle_counterexample_is_in_the_domain_and_exact():
    point = quick("Ex3.7.mle").verdict.counterexample
    p, n, n1 = Fraction(point["p"]), int(point["n"]), int(point["n1"])
    assert 0 <= p <= 1 and p != Fraction(1, 2) and n >= 1 and 0 <= n1 <= n
    values = {"p": p, "n": n, "n1": n1}
    printed, derived = EXACT.evaluate(P.EX37_MLE, values), EXACT.evaluate(mle_warner(), values)
    assert printed != derived
    assert (Fraction(point["lhs"]), Fraction(point["rhs"])) == (printed, derived)


def _printed_moments(point: dict) -> tuple[Fraction, Fraction]:
    """E and Var of the printed formula at ``point`` (affine in n1, n1 ~ Binomial(n, q1)), in exact rationals."""
    p, n, pi = Fraction(point["p"]), int(point["n"]), Fraction(point["pi"])
    q1 = pi * p + (1 - pi) * (1 - p)
    values = {"p": p, "n": n}
    coefficient = EXACT.evaluate(P.EX37_MLE, {**values, "n1": 1}) - EXACT.evaluate(P.EX37_MLE, {**values, "n1": 0})
    return EXACT.evaluate(P.EX37_MLE, {**values, "n1": 0}) + coefficient * n * q1, coefficient ** 2 * n * q1 * (1 - q1)


def _judged_on_the_named_mle(claim_id: str):
    """The claim is proved on the MLE the text names, by a symbolic proof and an exact enumeration of the
    primary reading, links Ex3.7.mle, and the printed formula is only another reading (with its counterexample)."""
    from catalog.claims.warner import PRINTED_EX37, derived_mle

    result = quick(claim_id)
    assert result.status is Status.PROVED, result.verdict.reason
    primary = [e for e in result.evidence if e.reading is None]
    assert {e.method.value for e in primary if e.outcome in (Outcome.PROVED, Outcome.HOLDS)} >= {"symbolic",
                                                                                               "enumeration"}
    assert not any(e.outcome is Outcome.COUNTEREXAMPLE for e in primary)
    assert "Ex3.7.mle" in dict(result.claim.related) and result.claim.readings == (PRINTED_EX37,)
    assert sympy.simplify(derived_mle() - mle_warner()) == 0
    printed = [e for e in result.evidence if e.reading == PRINTED_EX37]
    assert printed and all(e.outcome is Outcome.COUNTEREXAMPLE for e in printed)
    return result, printed


def test_Ex3_7_unbiased_is_judged_on_warners_mle():
    """'this distribution estimation π̂' is the MLE the example names: Warner's MLE, unbiased (proved); the printed
    formula, refuted in Ex3.7.mle, is biased, reported beside the verdict."""
    _, printed = _judged_on_the_named_mle("Ex3.7.unbiased")
    point = next(e.counterexample for e in printed if e.method.value == "symbolic")
    assert Fraction(point["lhs"]) == _printed_moments(point)[0] != Fraction(point["rhs"]) == Fraction(point["pi"])


def test_Eq1_is_the_variance_of_warners_mle():
    """Eq. (1) is Var of Warner's MLE (proved, sympy; exact enumeration; a simulation); the printed formula's
    variance q1(1 - q1)/((p - 1)² n) differs, reported beside the verdict."""
    result, printed = _judged_on_the_named_mle("Eq1")
    point = next(e.counterexample for e in printed if e.method.value == "symbolic")
    assert Fraction(point["lhs"]) == _printed_moments(point)[1] != Fraction(point["rhs"])
    assert any(e.method.value == "simulation" and e.reading is None for e in result.evidence)


def test_Ex3_7_mle_alone_holds_the_error_of_the_printed_formula():
    result = quick("Ex3.7.mle")
    assert result.status is Status.REFUTED and correction_status(result.verdict.correction) is Status.PROVED
    assert {"Ex3.7.unbiased", "Eq1"} <= set(dict(result.claim.related))
