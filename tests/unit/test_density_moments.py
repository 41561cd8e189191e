"""Moments of laws with continuous output: proved by symbolic integration for every input and every eps,
cross-checked by certified integration at exact points."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import InvalidArgument
from numeric import density as D
from proofs.engines.density_moments import check_density_moment, derived_moment, moment_at

PM_VARIANCE = "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1)**2)"


def _methods(verdict):
    return {e.method.value: e.outcome.value for e in verdict.evidence}


def test_piecewise_mechanism_is_unbiased_with_the_variance_wang_et_al_print():
    law = D.piecewise()
    assert check_density_moment(law, "t", moment="mean", domain="eps > 0").status.value == "proved"
    verdict = check_density_moment(law, PM_VARIANCE, moment="variance", domain="eps > 0")
    assert verdict.status.value == "proved"
    assert _methods(verdict) == {"symbolic": "proved", "interval": "holds"}


def test_a_wrong_piecewise_variance_is_refuted_by_both_methods():
    wrong = "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1))"
    verdict = check_density_moment(D.piecewise(), wrong, moment="variance", domain="eps > 0")
    assert verdict.status.value == "refuted"
    assert _methods(verdict) == {"symbolic": "counterexample", "interval": "counterexample"}


def test_the_mean_of_n_reports_has_variance_divided_by_n():
    verdict = check_density_moment(D.piecewise(), f"({PM_VARIANCE})/n", moment="variance", statistic="mean",
                                   domain="eps > 0")
    assert verdict.status.value == "proved"


def test_laplace_variance_is_two_b_squared_and_duchi_variance_is_b_squared_minus_t_squared():
    assert check_density_moment(D.laplace("b"), "2*b**2", moment="variance").status.value == "proved"
    duchi = check_density_moment(D.duchi_two_point(), "((exp(eps)+1)/(exp(eps)-1))**2 - t**2", moment="variance")
    assert duchi.status.value == "proved"


def test_gaussian_moments_are_t_and_sigma_squared():
    law = D.gaussian()
    assert derived_moment(law, "mean") == D.T
    assert check_density_moment(law, "sigma**2", moment="variance").status.value == "proved"


def test_certified_integration_of_the_second_moment_of_laplace_at_a_point():
    ball = moment_at(D.laplace("b"), 2, sympy.Rational(1, 3), {"b": 2})
    exact = sympy.Rational(1, 9) + 8
    assert ball.contains(ball.mid()) and abs(float(ball.mid()) - float(exact)) < 1e-20


def test_an_unknown_moment_is_refused_with_one_line():
    with pytest.raises(InvalidArgument, match="moment='kurtosis'"):
        check_density_moment(D.piecewise(), "t", moment="kurtosis")


@settings(max_examples=15, deadline=None)
@given(st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=8),
       st.fractions(min_value=-2, max_value=2, max_denominator=8),
       st.fractions(min_value=-3, max_value=3, max_denominator=8), st.integers(min_value=0, max_value=2))
def test_exact_integral_agrees_with_certified_quadrature_on_bounded_intervals(scale, centre, lo, k):
    from flint import acb, ctx

    from proofs.engines.density_ldp import acb_function

    s, m, a = (sympy.Rational(v.numerator, v.denominator) for v in (scale, centre, lo))
    g = D.Y ** k * (sympy.exp(-(D.Y - m) ** 2 / (2 * s)) + sympy.exp(-(D.Y - m) / s))
    b = a + 1
    exact = D.exact_integral(g, a, b)
    old = ctx.prec
    ctx.prec = 200
    try:
        f = acb_function(sympy.expand(g))
        ball = acb.integral(lambda z, analytic: f(z), acb(int(a.p)) / int(a.q),
                            acb(int(b.p)) / int(b.q)).real
    finally:
        ctx.prec = old
    assert abs(float(sympy.N(exact, 40)) - float(ball.mid())) < 1e-12


def test_a_wrong_variance_is_refuted_exactly_where_e_to_the_half_eps_is_rational():
    wrong = "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1))"
    verdict = check_density_moment(D.piecewise(), wrong, moment="variance", domain="eps > 0", points=3)
    symbolic = next(e for e in verdict.evidence if e.method.value == "symbolic")
    assert symbolic.recheck.value == "exact" and "log" in str(symbolic.counterexample["eps"])
    assert all(step.check() for step in symbolic.steps if step.machine_checked)
