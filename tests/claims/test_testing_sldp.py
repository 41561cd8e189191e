"""003 §3.1 hypothesis testing under SLDP (catalog/claims/testing_sldp.py) at the quick budget: Theorem 3.5,
Corollary 3.6 and the steps of their proofs.

Every counterexample is re-checked here from its reported values against numeric.definitions, independently
of the check that found it (the statuses are pinned in test_testing_claims.py).
"""

from __future__ import annotations

from fractions import Fraction

from numeric.belief import MassFunction
from numeric.definitions import ldp, testing
from numeric.mechanisms import Mechanism, evidential_q2x3
from numeric.tradeoff_bounds import BOUNDS
from proofs.base.evidence import Outcome
from tests.claims.quick_results import quick


# --- counterexamples, re-checked ----------------------------------------------------------------------------------
def mechanism_of(cx: dict) -> Mechanism:
    """The two-input mechanism of a reported counterexample ("m_x", "m_x'": focal set "{a,b}" -> mass)."""
    labels = sorted({y for key in (*cx["m_x"], *cx["m_x'"]) for y in key.strip("{}").split(",") if y})

    def row(masses: dict) -> MassFunction:
        return MassFunction(tuple(labels), {frozenset(k.strip("{}").split(",")): Fraction(v) for k, v in masses.items()})

    return Mechanism({"x": row(cx["m_x"]), "x'": row(cx["m_x'"])})


def test_T3_5_forward_counterexample_is_q2x3_rechecked():
    """Q_2x3(3/5, 1/5), R = {yes}: alpha = pl_x(R) = 4/5, beta = pl_x'(R^c) = 4/5 > U(4/5) = 3/5 at e^eps = 3."""
    cx = quick("T3.5.forward").verdict.counterexample
    mechanism, r = mechanism_of(cx), Fraction(cx["r = e^eps"])
    from numeric.tradeoff import TestingProblem

    errors = testing.sldp_errors(TestingProblem.of(mechanism, "x", "x'"), {"yes"})
    assert errors == (Fraction(cx["type I error"]), Fraction(cx["type II error"])) == (Fraction(4, 5), Fraction(4, 5))
    assert ldp.is_sldp(mechanism, r) and r == 3
    assert BOUNDS["U"](Fraction(4, 5), r) == Fraction(3, 5) < Fraction(4, 5)


def test_T3_5_converse_counterexample_satisfies_statement_2_and_not_sldp():
    from catalog.claims.testing_sldp import PRINTED
    from catalog.engines.tradeoff import TradeoffCase, statement_violation

    cx = quick("T3.5.converse").verdict.counterexample
    mechanism, r = mechanism_of(cx), Fraction(cx["r = e^eps"])
    assert statement_violation(TradeoffCase("re-check", mechanism), r, PRINTED) is None
    assert not ldp.is_sldp(mechanism, r) and ldp.is_wldp(mechanism, r)  # the correction: statement 2 is WLDP


def test_C3_6_upper_counterexample_is_the_test_that_never_rejects():
    """alpha^2 = 0, beta^2 = 1 > U^2(0) = (3 - e^{-2 eps})/(e^eps + 1) for an eps-SLDP mechanism."""
    cx = quick("C3.6.upper").verdict.counterexample
    r = Fraction(cx["r = e^eps"])
    assert (Fraction(cx["type I error"]), Fraction(cx["type II error"])) == (0, 1)
    assert BOUNDS["U2"](Fraction(0), r) == Fraction(cx["bound value"]) < 1
    assert ldp.is_sldp(mechanism_of(cx), r)


def _decision_point(claim_id: str) -> dict:
    evidence = next(e for e in quick(claim_id).evidence if e.method.value == "decision" and e.reading is None)
    assert evidence.outcome is Outcome.COUNTEREXAMPLE
    return dict(evidence.counterexample)


def test_T3_5_proof_upper_counterexample_is_inside_the_step():
    """An eps-SLDP two-label mechanism and alpha' with bel_x(R) <= alpha' but pl_x(R^c) > 1 - alpha'."""
    point = _decision_point("T3.5.proof.upper")
    mechanism, r, alpha = mechanism_of(point), Fraction(point["r"]), Fraction(point["al"])
    region = frozenset({"R"})
    assert ldp.is_sldp(mechanism, r) and 0 <= alpha <= 1
    assert mechanism["x"].bel(region) <= alpha and mechanism["x"].pl(frozenset({"R^c"})) > 1 - alpha


def test_C3_6_proof_ratio_counterexample_is_sldp_q2x3():
    point = _decision_point("C3.6.proof.ratio")
    p, q, r = Fraction(point["p"]), Fraction(point["q"]), Fraction(point["r"])
    assert p > Fraction(1, 2) and q > 0 and ldp.is_sldp(evidential_q2x3(p, q), r)
    assert not (1 / r <= (1 - q) / q <= r and 1 / r <= (1 - p) / p <= r)
    enumerated = next(e for e in quick("C3.6.proof.ratio").evidence if e.method.value == "enumeration")
    p, q, r = (Fraction(enumerated.counterexample[k]) for k in ("p", "q", "r = e^eps"))
    assert ldp.is_sldp(evidential_q2x3(p, q), r) and (1 - q) / q > r  # Q_2x3(3/5, 1/5): (1-q)/q = 4 > 3 = e^eps_S


def test_C3_6_proof_ratio_old_note_example():
    """p = 7/12, q = 5/48 at its own SLDP budget p/q = 28/5: (1-q)/q = 43/5 > 28/5."""
    p, q = Fraction(7, 12), Fraction(5, 48)
    r = Fraction(ldp.sldp_ratio(evidential_q2x3(p, q)))
    assert r == Fraction(28, 5) and (1 - q) / q == Fraction(43, 5) > r
