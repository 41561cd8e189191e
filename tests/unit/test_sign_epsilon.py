"""proofs.check_sign on mechanisms written in ε as printed: exp(k*eps) for rational k (exp(eps/2),
E**eps, exp(eps)**2, sqrt(exp(eps)), exp(eps)/(exp(eps)+d-1)), reduced to polynomials in t = exp(eps/L)
where eps occurs only inside exp, and decided by one mean-value argument whose derivative z3 decides
where it does not."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from proofs import check_sign
from proofs.base.evidence import Outcome
from proofs.engines.sign.decide import sign_evidence

POLYNOMIAL_IN_T = [
    pytest.param("exp(eps/2)/(exp(eps/2)+1) - exp(eps) * 1/(exp(eps/2)+1)", "eps > 0", "<=0", id="half-eps-ratio"),
    pytest.param("(exp(eps)/(exp(eps)+d-1)) / (1/(exp(eps)+d-1)) - exp(eps)", "eps > 0, d >= 2 integer", "==0",
                 id="randomized-response-ratio"),
    pytest.param("E**eps - 1", "eps > 0", ">0", id="E-power"),
    pytest.param("exp(eps)**2 - exp(eps)", "eps > 0", ">0", id="square-of-exp"),
    pytest.param("sqrt(exp(eps)) - 1", "eps > 0", ">0", id="root-of-exp"),
    pytest.param("exp(eps/3) - exp(eps/2)", "eps > 0", "<0", id="thirds-and-halves"),
    pytest.param("exp(-3*eps/2)*(exp(eps) + 1) - exp(-eps/2) - exp(-3*eps/2)", "eps > 0", "==0",
                 id="negative-rational-exponents"),
    pytest.param("exp(eps1 + eps2) - exp(eps1)*exp(eps2)", ["eps1 > 0", "eps2 > 0"], "==0", id="sum-in-the-exponent"),
]


@pytest.mark.parametrize(("expr", "domain", "sign"), POLYNOMIAL_IN_T)
def test_mechanisms_in_eps_reduce_to_polynomials(expr, domain, sign):
    verdict = check_sign(expr, domain, sign=sign, symbols=["eps1", "eps2"], timeout=20)
    assert verdict.status.value == "proved", verdict.evidence[0].detail
    (evidence,) = verdict.evidence                          # one piece: z3 decided it, no interval decider
    assert evidence.detail["z3 outcome"] == "unsat"


def test_the_substitution_is_stated():
    evidence = sign_evidence("exp(eps/2) - exp(eps)", "eps > 0", sign="<0", timeout=20)
    reductions = " ".join(evidence.detail["reductions"])
    assert "exp(eps/2) -> exp_eps_2" in reductions and "exp_eps_2**(2*k)" in reductions


def test_a_counterexample_maps_back_to_eps():
    verdict = check_sign("exp(eps/2) - 2", "eps > 0", timeout=20)
    assert verdict.status.value == "refuted"
    point = verdict.counterexample
    t = Fraction(point["exp(eps/2)"])
    assert 1 < t <= 2
    assert sympy.simplify(sympy.sympify(point["eps"]) - 2 * sympy.log(sympy.Rational(t.numerator, t.denominator))) == 0


def test_tanh_of_a_quarter_eps_below_a_quarter_eps():
    # eps is inside and outside exp: check_sign proves it by certified bounds on the logarithm; the interval
    # decider alone, by one argument, with f' < 0 decided by z3
    verdict = check_sign("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", sign="<0", timeout=30)
    assert verdict.status.value == "proved"
    interval = sign_evidence("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", sign="<0", timeout=30,
                             solver="interval")
    assert interval.outcome is Outcome.PROVED
    (argument,) = interval.detail["arguments"]
    assert argument["states"] == "f < 0 on (0, oo)" and argument["derivative_decided_by"] == "z3"
    assert argument["derivative_sign"] == "< 0"


def test_the_negated_tanh_condition_is_refuted():
    verdict = check_sign("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", sign=">=0", timeout=30)
    assert verdict.status.value == "refuted" and Fraction(verdict.counterexample["eps"]) > 0
