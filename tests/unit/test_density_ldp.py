"""Privacy of laws with continuous output: eps-LDP decided by cases over the pieces, (eps, delta)-LDP through
the hockey-stick divergence (closed form for the Gaussian mechanism, certified integration otherwise)."""

from __future__ import annotations

import pytest
import sympy

from core.errors import InvalidArgument
from numeric import density as D
from proofs.engines.density_ldp import check_density_ldp, gaussian_delta, hockey_stick, normal_parameters


def _methods(verdict):
    return {e.method.value: e.outcome.value for e in verdict.evidence}


def test_piecewise_mechanism_is_eps_ldp_for_every_eps():
    verdict = check_density_ldp(D.piecewise(), "eps", "eps > 0")
    assert verdict.status.value == "proved"
    assert _methods(verdict) == {"decision": "proved", "enumeration": "holds"}


def test_piecewise_mechanism_at_half_the_budget_is_refuted_at_an_exact_point():
    verdict = check_density_ldp(D.piecewise(), "eps/2", "eps > 0")
    assert verdict.status.value == "refuted"
    point = verdict.counterexample
    assert {"eps", "t", "tp", "y"} <= set(point)
    assert any(e.steps for e in verdict.evidence if e.outcome.value == "counterexample")


def test_laplace_with_scale_delta_over_eps_is_eps_ldp_and_not_nine_tenths_of_it():
    law = D.laplace(epsilon="eps")
    assert check_density_ldp(law, "eps", "eps > 0").status.value == "proved"
    refuted = check_density_ldp(law, "9*eps/10", "eps > 0")
    assert refuted.status.value == "refuted"


def test_duchi_and_hybrid_mechanisms_are_eps_ldp():
    assert check_density_ldp(D.duchi_two_point(), "eps", "eps > 0").status.value == "proved"
    assert check_density_ldp(D.hybrid(), "eps", "eps > 0").status.value == "proved"


def test_gaussian_mechanism_is_not_eps_ldp_for_any_eps():
    verdict = check_density_ldp(D.gaussian(), "eps", "eps > 0")
    assert verdict.status.value == "refuted"


def test_gaussian_delta_closed_form_matches_balle_and_wang_at_sigma_2():
    value = gaussian_delta(4, 2, 1)
    assert abs(float(sympy.N(value, 30)) - 0.12693673750664394580) < 1e-15
    assert normal_parameters(D.gaussian("sigma")) == sympy.Symbol("sigma", real=True) ** 2


def test_gaussian_eps_delta_is_proved_above_its_delta_and_refuted_below():
    proved = check_density_ldp(D.gaussian("2"), "1", delta="1/5")
    assert proved.status.value == "proved"
    assert _methods(proved) == {"decision": "proved", "interval": "holds"}
    refuted = check_density_ldp(D.gaussian("2"), "1", delta="1/10")
    assert refuted.status.value == "refuted"
    assert _methods(refuted) == {"decision": "counterexample", "interval": "counterexample"}


def test_hockey_stick_of_laplace_is_one_minus_exp_of_half_the_gap():
    law = D.laplace(epsilon="1")                      # b = 2, inputs in [-1, 1]
    ball = hockey_stick(law, sympy.Rational(1, 2), -1, 1, {})
    exact = 1 - sympy.exp(sympy.Rational(-1, 4))
    assert abs(float(ball.mid()) - float(sympy.N(exact, 30))) < 1e-14
    assert ball.contains(ball.mid())


def test_eps_delta_of_the_piecewise_mechanism_is_refuted_by_integration_alone():
    verdict = check_density_ldp(D.piecewise("1"), "1/2", delta="1/5")
    assert verdict.status.value == "refuted"
    assert _methods(verdict)["interval"] == "counterexample"


def test_a_finite_mechanism_is_refused_with_one_line():
    with pytest.raises(InvalidArgument, match="mechanism='int'"):
        check_density_ldp(3, "eps")
