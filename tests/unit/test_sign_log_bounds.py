"""Conditions mixing ε with exp(ε), decided by certified bounds on the logarithm
(:mod:`proofs.engines.sign.logbounds`): each bound proved, PM's worst case proved below Laplace's variance for
every ε, a planted error refuted at an exact point, and a relaxation that fails never taken for a proof."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.formula import parse_formula
from proofs import check_sign, sup_over
from proofs.base.evidence import Outcome
from proofs.engines.sign.limits import Deadline
from proofs.engines.sign.logbounds import BOUNDS, U, LogBound, decide_log_bounds, prove_bound
from proofs.engines.sign.parse import read_statement
from proofs.kernel.grounds import all_steps, complete

PM_WORST = sup_over("t**2/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)", "t", -1, 1)
PM_AT_ONE = "1/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)"


def _log_evidence(verdict):
    return next(e for e in verdict.evidence if "log bounds used" in e.detail or "case evidence" in e.detail)


@pytest.mark.parametrize("bound", BOUNDS, ids=[f"{b.name} {b.kind} on {b.half}" for b in BOUNDS])
def test_each_log_bound_is_proved_with_steps_that_recheck(bound):
    proof = prove_bound(bound, Deadline(30))
    assert proof.outcome == "proved"
    assert proof.transcript.queries, "z3's decision of the derivative's sign is recorded"
    assert all(step.check() for step in proof.steps if step.machine_checked)
    kinds = {step.kind for step in proof.steps}
    assert {"identity", "value"} <= kinds


@pytest.mark.parametrize("point", [Fraction(1, 7), Fraction(1, 2), Fraction(3, 2), Fraction(5), Fraction(1000)],
                         ids=str)
def test_each_proved_bound_holds_at_exact_points_of_its_half(point):
    for bound in BOUNDS:
        on_half = point >= 1 if bound.half == "u >= 1" else point <= 1
        if not on_half:
            continue
        gap = sympy.log(sympy.Rational(point.numerator, point.denominator)) - bound.expr.subs(U, sympy.Rational(
            point.numerator, point.denominator))
        assert (gap >= 0 if bound.kind == "lower" else gap <= 0) == sympy.true, (bound.text, point)


def test_a_wrong_bound_is_not_proved():
    wrong = LogBound("reversed", U - 1, "lower", "u >= 1", 1, "none")       # log u <= u - 1: an upper bound
    assert prove_bound(wrong, Deadline(30)).outcome != "proved"


def test_pm_beats_laplace_for_every_eps_is_proved():
    verdict = check_sign(parse_formula("8/eps**2") - PM_WORST, "eps > 0", sign=">0")
    assert verdict.status == "proved"
    cases = _log_evidence(verdict).detail["case evidence"]
    assert all(case["outcome"] == "proved" for case in cases)
    assert any("log bounds used" in case["detail"] for case in cases)


def test_the_closed_form_at_t_one_is_proved_with_the_bounds_named_and_rechecked():
    verdict = check_sign(f"8/eps**2 - ({PM_AT_ONE})", "eps > 0", sign=">0")
    assert verdict.status == "proved"
    evidence = _log_evidence(verdict)
    assert evidence.outcome is Outcome.PROVED
    used = evidence.detail["log bounds used"]
    assert any("(u**2 - 1)/(2*u)" in line and "proved" in line for line in used)
    assert evidence.detail["chart"].startswith("exp_eps_4 = exp(eps/4)")
    assert evidence.detail["queries"]
    steps = all_steps(evidence)           # the bounds' proofs and z3's queries, as a certificate re-runs them
    assert {step.kind for step in steps if step.machine_checked} >= {"identity", "value", "smt"}
    assert all(step.check() for step in steps if step.machine_checked)
    assert complete(verdict.status, verdict.evidence)


def test_a_planted_laplace_variance_is_refuted_at_an_exact_point_of_the_domain():
    verdict = check_sign(parse_formula("5/eps**2") - PM_WORST, "eps > 0", sign=">0")
    assert verdict.status == "refuted"
    point = verdict.counterexample
    eps = sympy.Rational(point["eps"])
    assert eps > 0 and verdict.evidence[0].recheck.value in ("exact", "two-precisions")
    planted = parse_formula(f"5/eps**2 - ({PM_AT_ONE})")
    value = planted.xreplace({s: eps for s in planted.free_symbols})
    assert sympy.N(value, 50) < 0


def test_a_condition_not_monotone_in_eps_is_decided():
    # (eps - 1)**2 falls then rises in eps: the relaxation decides "for every eps in the box", no monotonicity needed
    verdict = check_sign("(eps - 1)**2 + exp(eps) - 1", "eps > 0", sign=">0")
    assert verdict.status == "proved"
    assert "log bounds used" in _log_evidence(verdict).detail


def test_a_true_condition_on_a_bounded_interval_is_still_proved():
    assert check_sign("exp(eps) - 1 - eps", "0 < eps <= 2", sign=">0").status == "proved"
    assert check_sign("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "0 < eps <= 3", sign="<0").status == "proved"


def test_a_relaxation_too_loose_is_not_taken_for_a_proof():
    # exp(eps) exceeds its Taylor polynomial of degree 6 by eps**7/5040: below the bounds' error near 0
    text = "exp(eps) - 1 - eps - eps**2/2 - eps**3/6 - eps**4/24 - eps**5/120 - eps**6/720"
    # every rung fails, given all the time it needs (a deadline, not the machine's speed, decides how far the
    # ladder gets inside check_sign: the count of rungs is asserted here, where nothing can cut it short)
    decision = decide_log_bounds(read_statement(text, "eps > 0", sign=">0"), Deadline(3600))
    assert decision is not None and decision.outcome == "inconclusive"
    assert len(decision.detail["rungs tried"]) == 3
    verdict = check_sign(text, "eps > 0", sign=">0", timeout=4)
    # whatever the load lets it reach in 4 s (the ladder, the interval decider, or a time-out), never a proof
    # on the strength of a failed relaxation, and no refutation of a true condition
    assert all("log bounds used" not in e.detail for e in verdict.evidence)
    assert verdict.status != "refuted"


def test_a_higher_rung_proves_what_the_first_leaves_open_and_says_so():
    verdict = check_sign("exp(eps) - 1 - eps - eps**2/2 - eps**3/6", "eps > 0", sign=">0")
    assert verdict.status == "proved"
    evidence = verdict.evidence[0]
    assert evidence.detail["rung"] == "u = exp(eps/(4L)), bounds of order <= 2"
    assert len(evidence.detail["rungs tried before"]) == 2      # the looser rungs' relaxations fail: not a proof


def test_a_symbol_mixed_with_another_inside_exp_is_left_to_the_interval_decider():
    verdict = check_sign("exp(eps + x) - eps", "eps > 0, 0 < x < 1", sign=">0", timeout=10)
    assert all("log bounds used" not in e.detail for e in verdict.evidence)


def test_a_relaxation_that_fails_on_a_bounded_window_leaves_the_window_to_the_interval_decider():
    # the margin falls to about 1% near eps = 3.5: the bounds prove eps <= 1 and eps >= 8, the interval decider [1, 8]
    text = f"8/eps**2 - ({PM_AT_ONE}) - 84/100*eps**2*exp(-eps)"
    verdict = check_sign(text, "eps > 0", sign=">0", timeout=120)   # about 5 s on an idle machine
    assert verdict.status == "proved"
    evidence = verdict.evidence[0]
    lower, middle, upper = evidence.detail["split"]
    assert "certified bounds" in lower and "interval decider" in middle and "certified bounds" in upper
    assert len(evidence.detail["steps"]) == 3
    # every machine-checked step re-checks on its own, the window's boxes (closed by the decider's mean-value
    # form) included
    steps = [step for e in verdict.evidence for step in all_steps(e) if step.machine_checked]
    assert steps and all(step.check() for step in steps)


def test_a_window_never_proves_a_false_condition():
    verdict = check_sign(parse_formula("5/eps**2") - parse_formula(PM_AT_ONE), "eps > 0", sign=">0", timeout=30)
    assert verdict.status == "refuted"
    assert all("split" not in e.detail for e in verdict.evidence)
