"""003 §3.2 hypothesis testing under WLDP (catalog/claims/testing_wldp.py) at the quick budget: Definition 3.17,
Theorem 3.18 and its proof step, 000's variant, Corollary 3.19.

Every counterexample is re-checked here from its reported values against numeric.definitions (the statuses
are pinned in test_testing_claims.py).
"""

from __future__ import annotations

from fractions import Fraction

from numeric.definitions import ldp, testing
from numeric.mechanisms import evidential_q2x3
from numeric.tradeoff_bounds import BOUNDS
from tests.claims.quick_results import quick
from tests.claims.test_testing_sldp import mechanism_of


def test_T3_18_forward_fails_as_printed_at_the_review_point():
    """Definition 3.17 as printed: T^op is identically 1, so at e^eps = 2 (Warner's randomized response with
    p = 2/3 is eps-WLDP there) T^op(1/2) = 1 > f^op(1/2) = 3/4, exactly."""
    from numeric.mechanisms import evidential_warner
    from numeric.tradeoff import TestingProblem

    mechanism, r, alpha = evidential_warner(Fraction(2, 3)), Fraction(2), Fraction(1, 2)
    assert ldp.is_wldp(mechanism, r)
    printed = testing.tradeoff_op(TestingProblem.of(mechanism, "x", "x'"), "T^op: as printed")
    assert printed(alpha) == 1 > BOUNDS["f_op"](alpha, r) == Fraction(3, 4)
    cx = quick("T3.18.forward").verdict.counterexample
    assert Fraction(cx["T(alpha)"]) == 1 > Fraction(cx["bound value"])
    assert ldp.is_wldp(mechanism_of(cx), Fraction(cx["r"]))


def test_T3_18_forward_correction_is_the_repaired_definition_and_proved():
    from proofs.base.verdict import Status, correction_status

    correction = quick("T3.18.forward").verdict.correction
    assert correction_status(correction) is Status.PROVED and r"\alpha^{op}_\varphi \ge \alpha" in correction.statement


def test_T3_18_converse_as_printed_is_vacuous():
    """As printed T^op is identically 1, so statement 2 never holds: zero premise cases, no support."""
    primary = [e for e in quick("T3.18.converse").evidence if e.reading is None]
    assert primary and all(e.vacuous and e.premise_cases == 0 for e in primary)


def test_T3_18_converse_is_vacuous():
    """Status ``vacuous``, earned by z3's proof that T^op(1) = 1 > 0 = f^op(1) for every mechanism and eps; the
    reason says the premise never holds on the whole domain; the steps re-check the errors of φ ≡ 0."""
    from proofs.kernel.steps import ExactValue, Identity
    from proofs.base.verdict import Status

    result = quick("T3.18.converse")
    assert result.status is Status.VACUOUS
    assert "the premise never holds on the whole domain" in result.verdict.reason
    assert "T^op(1) = 1 > 0 = f_op(1) for every mechanism" in result.verdict.reason
    (never,) = [e for e in result.evidence if e.premise_never_holds]
    assert never.reading is None and never.method.value == "decision" and never.outcome.value == "proved"
    checked = [s for s in never.steps if isinstance(s, (Identity, ExactValue))]
    assert any("alpha^op = E_pr(phi) = c = 0" in s.says for s in checked)
    assert any("beta^op = E_pr(1 - phi) = 1 - c = 1" in s.says for s in checked)
    assert all(s.check() for s in never.steps if s.machine_checked)


def test_T3_18_forward_counterexample_checks_T_op_identically_1_in_the_papers_symbols():
    """The counterexample's steps re-check the errors of φ ≡ 0 (α^op = 0, β^op = 1) before the point where
    T^op(α) = 1 exceeds f^op(α); its symbols are α and r = e^ε, and its summary names T^op(α), not "α = α"."""
    from proofs.kernel.steps import ExactValue

    (decision,) = [e for e in quick("T3.18.forward").evidence if e.reading is None and e.method.value == "decision"]
    names = {str(x) for s in decision.steps if s.machine_checked for x in getattr(s, "point", {})}
    assert {"alpha", "r"} <= names and "al" not in names
    assert any(isinstance(s, ExactValue) and "beta^op" in s.says for s in decision.steps)
    assert all(s.check() for s in decision.steps if s.machine_checked)
    fails = decision.counterexample["fails"]
    assert fails.startswith("T^op(alpha) = 1 <= ") and "alpha = alpha" not in fails and "al" not in fails.split()


def test_T3_18_converse_repaired_counterexample_is_the_review_example():
    """Under the repaired definition, Q_2x3(3/5, 1/5) at e^eps = 3/2: statement 2 holds for every pair (x, x') of
    the primary WLDP reading, x = x' included, but r^W = 4."""
    from catalog.claims.testing_wldp import REPAIRED, theorem
    from catalog.engines.tradeoff import TradeoffCase, statement_violation

    (evidence,) = [e for e in quick("T3.18.converse").evidence
                   if e.reading == REPAIRED and e.method.value == "enumeration"]
    cx = evidence.counterexample
    mechanism, r = mechanism_of(cx), Fraction(cx["r = e^eps"])
    assert r == Fraction(3, 2) and cx["mechanism"].startswith("Q_2x3(p=3/5, q=1/5)")
    assert statement_violation(TradeoffCase("re-check", mechanism), r, theorem(REPAIRED)) is None
    assert not ldp.is_wldp(mechanism, r) and Fraction(ldp.wldp_ratio(mechanism)) == 4
    assert testing.bel_pl_ratio(mechanism) <= r  # the corrected converse: bel_x(E) <= e^eps pl_x'(E)


def test_T3_18_proof_op_counterexample_breaks_the_middle_step_only():
    evidence = next(e for e in quick("T3.18.proof.op").evidence if e.method.value == "decision")
    point = dict(evidence.counterexample)
    mechanism, r, alpha = mechanism_of(point), Fraction(point["r"]), Fraction(point["al"])
    R, complement = frozenset({"R"}), frozenset({"R^c"})
    assert ldp.is_wldp(mechanism, r) and mechanism["x"].pl(complement) >= alpha
    assert mechanism["x'"].pl(complement) < alpha                       # "alpha <= pl_x'(R^c)" fails
    assert mechanism["x'"].pl(R) <= 1 - alpha / r                        # the conclusion holds there
    assert evidence.detail["inequalities decided"]["pl_x'(R) <= 1 - e^-eps alpha"] != "counterexample"


def test_T3_18_000_fails_as_printed_and_the_repaired_converse_fails_too():
    from catalog.claims.testing_wldp import ERRORS_000, PRINTED, REPAIRED, theorem
    from catalog.engines.tradeoff import TradeoffCase, statement_violation

    result = quick("T3.18@000")
    cx = result.verdict.counterexample
    assert Fraction(cx["T(alpha)"]) == 1 > Fraction(cx["bound value"])
    (repaired,) = [e for e in result.evidence if e.reading == REPAIRED and e.method.value == "decision"]
    mechanism, r = mechanism_of(repaired.counterexample), Fraction(repaired.counterexample["r = e^eps"])
    assert statement_violation(TradeoffCase("re-check", mechanism), r, theorem(REPAIRED, ERRORS_000)) is None and not ldp.is_wldp(mechanism, r)
    assert statement_violation(TradeoffCase("re-check", mechanism), r, theorem(PRINTED, ERRORS_000)) is not None


def test_C3_19_op_counterexample_is_alpha_zero():
    """T_2^op(0) = 1 (the test phi = 0) > f^{2,op}(0) = (3 - e^{-2 eps})/(e^eps + 1), for a WLDP mechanism."""
    cx = quick("C3.19.op").verdict.counterexample
    r = Fraction(cx["r = e^eps"])
    assert (Fraction(cx["alpha"]), Fraction(cx["T(alpha)"])) == (0, 1) and BOUNDS["f2_op"](Fraction(0), r) == Fraction(cx["bound value"]) < 1
    assert ldp.is_wldp(mechanism_of(cx), r)


def test_D3_17_000_errors_differ_from_the_sldp_errors():
    (alternative,) = [e for e in quick("D3.17.pe-equals-SLDP").evidence if e.reading == "Definition 3.17 errors@000"]
    cx = alternative.counterexample
    assert cx["claimed"] != cx["exact"]
    from numeric.tradeoff import TestingProblem

    problem = TestingProblem.of(evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), "x", "x'")
    phi = {"yes": 0, "no": Fraction(1, 2)}
    assert testing.pessimistic_errors(problem, phi, errors="Definition 3.17 errors@000") == (Fraction(2, 5), Fraction(7, 10))
    assert testing.sldp_errors(problem, phi) == (Fraction(1, 5), Fraction(7, 10))


def test_C3_19_pe_proved_by_products_of_credal_members():
    """The proof's machine-checked steps all check, the glue is listed as stated (the randomized-response
    reduction among it, as in C3.6.lower), and the finite evidence stays as cross-checks."""
    from proofs.base.evidence import Outcome

    result = quick("C3.19.pe")
    (proof,) = [e for e in result.evidence if e.method.value == "symbolic"]
    assert proof.outcome is Outcome.PROVED and proof.premise_cases == 1
    assert any("randomized response" in step for step in proof.detail["stated, not machine-checked"])
    assert "proved" in str(proof.detail["machine-checked"]) and "a proof would need" not in str(result.evidence)
    assert {e.method.value for e in result.evidence if e.outcome is Outcome.HOLDS} == {"enumeration", "property"}


def test_T3_18_converse_correction_the_repaired_converse_is_refuted():
    """The correction of the vacuous converse is the converse with Definition 3.17 repaired; its own evidence
    refutes it (Q_2x3(3/5, 1/5) at e^eps = 3/2 meets statement 2 and is not eps-WLDP), and that is the status
    shown beside the verdict."""
    from proofs.base.verdict import Status, correction_status

    correction = quick("T3.18.converse").verdict.correction
    assert correction is not None and correction_status(correction) is Status.REFUTED
    assert "statement 2 implies that $Q$ is $\\epsilon$-WLDP" in correction.statement
