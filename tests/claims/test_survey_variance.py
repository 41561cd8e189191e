"""003 Theorem 3.10, its proof's conditioning step and the approximation of A
(catalog/claims/survey_variance.py) at the quick budget: counterexamples re-checked exactly inside the
claims' domains, and the error table of A.approx (the statuses are pinned in test_survey_statuses)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.context import EXACT
from numeric.enumeration import moments
from proofs.base.evidence import Outcome
from catalog.claims.survey_variance import with_a_symbol
from catalog.derivations import printed as P
from symbolic.model import q2x3_entries
from catalog.derivations.moments import conditional_variance_q2x3
from symbolic.symbols import n, p, q
from tests.claims.quick_results import quick


def _in_survey_domain(point: dict) -> dict:
    values = {"n": int(point["n"]), **{k: Fraction(point[k]) for k in ("p", "q", "pi")}}
    assert values["n"] >= 1 and values["p"] > Fraction(1, 2) and values["q"] >= 0 and values["p"] + values["q"] <= 1
    assert 0 <= values["pi"] <= 1
    return values


@pytest.mark.parametrize("claim_id,printed", [("T3.10", P.T310),
                                              ("T3.10.proof.conditioning", P.T310_PROOF_CONDITIONING)],
                         ids=["T3.10", "T3.10.proof.conditioning"])
def test_T3_10_counterexamples_are_in_the_domain_and_exact(claim_id, printed):
    verdict = quick(claim_id).verdict
    values = _in_survey_domain(verdict.counterexample)
    exact = moments(P.PI_HAT, values["n"], values["p"], values["q"], values["pi"], given="N1+N2>0",
                    mode="exact").variance
    claimed = EXACT.evaluate(printed.xreplace(q2x3_entries()), values)
    assert claimed != exact
    assert (Fraction(verdict.counterexample["lhs"]), Fraction(verdict.counterexample["rhs"])) == (claimed, exact)
    assert verdict.holds_when.startswith("$q_3 = 0$") and verdict.corrected is not None


def test_T3_10_proof_conditioning_is_theorem_3_10_times_one_minus_q3_to_the_n():
    """The proof's line is (1 - q3^n) times the exact conditional variance: the factor Theorem 3.10 lacks."""
    ratio = with_a_symbol(P.T310_PROOF_CONDITIONING) / conditional_variance_q2x3()
    assert sympy.simplify(ratio - (1 - (1 - p - q) ** n)) == 0
    result = quick("T3.10.proof.conditioning")
    assert {"T3.10", "L4.1", "L4.6"} <= dict(result.claim.related).keys()
    assert "A}{1-q_3^n}" in result.verdict.corrected


def test_T3_10_form2_000_counterexample_is_exact():
    point = quick("T3.10.form2@000").verdict.counterexample
    values = {k: Fraction(point[k]) for k in ("p", "q", "pi", "A")}
    assert values["p"] > Fraction(1, 2) and values["A"] > 0
    first = EXACT.evaluate(with_a_symbol(P.T310), values)
    second = EXACT.evaluate(with_a_symbol(P.T310_FORM2_000), values)
    assert first != second and (Fraction(point["lhs"]), Fraction(point["rhs"])) == (first, second)


@pytest.mark.parametrize("where,percent", [("n=10, q3=1/10", "0.1452 %"), ("n=1, q3=1/4", "166.7 %"),
                                           ("n=1000, q3=0", "0 %")], ids=["figure3-q3", "n1", "warner"])
def test_A_approx_reports_the_error_table(where, percent):
    (table,) = [e for e in quick("A.approx").evidence if e.reading is None and e.method.value == "enumeration"]
    assert table.detail["relative errors"][where] == percent


def test_A_approx_is_not_refuted_by_a_threshold_the_text_does_not_state():
    evidence = quick("A.approx").evidence
    assert all(e.outcome in (Outcome.PROVED, Outcome.HOLDS) for e in evidence if e.reading is None)
    thresholds = [e for e in evidence if e.reading and "1%" in e.reading]
    assert len(thresholds) == 2 and all(e.outcome is Outcome.COUNTEREXAMPLE for e in thresholds)
