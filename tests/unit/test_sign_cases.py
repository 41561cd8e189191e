"""check_sign on Abs, Max, Min, Piecewise and sup_over/inf_over: decided by cases (the domain split on the
cases' conditions), a counterexample an exact point of the failing case; a worst case over an input replaced
by a closed form the decider proves, any other refused in one line."""

from __future__ import annotations

import pytest
import sympy

from core.errors import InvalidArgument
from core.formula import parse_formula
from proofs import check_sign, inf_over, sup_over

X = sympy.Symbol("x", real=True)


@pytest.mark.parametrize(("expr", "domain", "sign", "status"), [
    pytest.param("Abs(t) - 1", "-1 <= t <= 1", "<=0", "proved", id="abs-bounded"),
    pytest.param("Abs(t) - 1/2", "-1 <= t <= 1", "<=0", "refuted", id="abs-too-tight"),
    pytest.param("Max(t, 1 - t) - 1/2", "0 <= t <= 1", ">=0", "proved", id="max"),
    pytest.param("Min(t, 1 - t) - 1/2", "0 <= t <= 1", "<=0", "proved", id="min"),
    pytest.param("Max(t, 1 - t) - 3/5", "0 <= t <= 1", ">=0", "refuted", id="max-refuted"),
    pytest.param(sympy.Piecewise((X, X > 0), (-X, True)), "x > -3", ">=0", "proved", id="piecewise"),
    pytest.param("exp(-Abs(y - t)) - exp(-3)*exp(-Abs(y - u))", "-1 <= t <= 1, -1 <= u <= 1, -5 < y < 5", ">=0",
                 "proved", id="laplace-ratio-with-a-margin"),
    pytest.param("exp(-Abs(y - t)) - exp(-1)*exp(-Abs(y - u))", "-1 <= t <= 1, -1 <= u <= 1, -5 < y < 5", ">=0",
                 "refuted", id="laplace-ratio-at-eps-1"),
])
def test_conditions_by_cases(expr, domain, sign, status):
    verdict = check_sign(expr, domain, sign=sign, symbols=["t", "u", "x", "y"], timeout=30)
    assert verdict.status.value == status, verdict.evidence[0].detail
    assert verdict.evidence[0].detail["decided by cases"]


def test_a_counterexample_names_its_case_and_is_exact():
    (evidence,) = check_sign("Abs(t) - 1/2", "-1 <= t <= 1", sign="<=0", symbols=["t"]).evidence
    assert evidence.counterexample["t"] == 1 and evidence.detail["failing case"] == "t >= 0"


def test_a_piecewise_that_leaves_points_uncovered_is_refused():
    with pytest.raises(InvalidArgument, match="no piece of the Piecewise covers"):
        check_sign(sympy.Piecewise((X, X > 0)), "x > -3", sign=">=0")


def test_the_worst_case_of_pm_is_proved_convex_and_taken_at_the_ends():
    worst = sup_over("t**2/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)", "t", -1, 1)
    duchi = parse_formula("((exp(eps) + 1)/(exp(eps) - 1))**2")
    verdict = check_sign(worst - duchi, "eps > 1.29", sign="<0", timeout=30)
    assert verdict.status.value == "proved"
    assert "convex" in verdict.evidence[0].detail["worst cases"][0]
    assert check_sign(worst - duchi, "eps > 1.28", sign="<0", timeout=30).status.value == "refuted"


@pytest.mark.parametrize(("extremum", "bound", "sign", "status"), [
    pytest.param(sup_over("t**3 - t", "t", 0, 2), "6", "<=0", "proved", id="sup-increasing-at-the-end"),
    pytest.param(sup_over("t**3 - t", "t", 0, 2), "5", "<=0", "refuted", id="sup-increasing-refuted"),
    pytest.param(inf_over("1 - t", "t", 0, 1), "0", ">=0", "proved", id="inf-decreasing"),
])
def test_monotone_worst_cases(extremum, bound, sign, status):
    assert check_sign(extremum - sympy.Integer(bound), [], sign=sign).status.value == status


def test_a_worst_case_without_a_proved_closed_form_is_refused_in_one_line():
    with pytest.raises(InvalidArgument, match="not shown monotone or convex"):
        check_sign(sup_over("-(t**2)", "t", -1, 1) - sympy.Integer(1), [], sign="<=0")
