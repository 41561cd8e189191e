"""check_sign on conditions in exp(eps), exp(eps/2) with bounds on eps itself (eps > 1.29): each bound is
written on exp(eps/L), exactly when exp(c) is rational, else between two certified rationals (a proof on the
larger domain, a counterexample on the smaller one). eps inside and outside exp goes to the interval decider."""

from __future__ import annotations

import pytest
import sympy

from proofs import check_sign
from proofs.engines.sign.decide import sign_evidence
from proofs.engines.sign.exponential import sandwich
from proofs.engines.sign.parse import read_statement

PM_WORST = "1/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)"
DUCHI_WORST = "((exp(eps) + 1)/(exp(eps) - 1))**2"
GAP = f"{DUCHI_WORST} - ({PM_WORST})"          # > 0 exactly for eps > 1.289784...


@pytest.mark.parametrize(("domain", "sign", "status"), [
    pytest.param("eps > 1.29", ">0", "proved", id="above-the-threshold"),
    pytest.param("0 < eps < 1.28", "<0", "proved", id="below-the-threshold"),
    pytest.param("1.2898 < eps < 1.2899", ">0", "proved", id="a-narrow-band-just-above"),
    pytest.param("eps > 1.28", ">0", "refuted", id="the-band-below-the-threshold-fails"),
    pytest.param("1.2897 < eps < 1.2898", ">0", "refuted", id="a-narrow-band-just-below"),
    pytest.param("eps > log(4)", ">0", "proved", id="an-exact-bound"),
])
def test_pm_against_duchi_with_a_regime_printed_in_eps(domain, sign, status):
    verdict = check_sign(GAP, domain, sign=sign, timeout=30)
    assert verdict.status.value == status, verdict.evidence[0].detail
    (evidence,) = verdict.evidence                      # decided by z3: no interval decider, no cross-check
    assert evidence.detail["bounds on eps rewritten"]


def test_a_counterexample_is_an_exact_point_inside_the_stated_bound():
    evidence = sign_evidence(GAP, "eps > 1.28", sign=">0", timeout=30)
    point = sympy.sympify(evidence.counterexample["eps"]).evalf(30)
    assert sympy.Rational(128, 100) < point < sympy.Rational(12898, 10000)


def test_an_exact_bound_is_rewritten_exactly_and_an_irrational_one_is_bracketed():
    exact = sandwich(read_statement("exp(eps) - 3", "eps > log(3)", sign=">0"))
    assert exact is not None and exact.exact
    bracketed = sandwich(read_statement("exp(eps/2) - 2", "eps > 1.29", sign=">0"))
    assert bracketed is not None and not bracketed.exact
    (outer,), (inner,) = bracketed.outer.domain, bracketed.inner.domain
    assert sympy.solve(outer.expr)[0] < sympy.solve(inner.expr)[0]    # outer starts lower: it contains the domain


def test_eps_inside_and_outside_exp_is_left_to_the_interval_decider():
    assert sandwich(read_statement("8/eps**2 - exp(-eps)", "eps > 1.5", sign=">0")) is None


def test_a_bound_away_from_zero_is_decided_by_z3_not_the_interval_decider():
    (evidence,) = check_sign("exp(eps) - 1", ["eps > 1"], timeout=10).evidence
    assert evidence.outcome.value == "proved" and evidence.detail["z3 outcome"] == "unsat"
    assert "why not polynomial" not in evidence.detail
