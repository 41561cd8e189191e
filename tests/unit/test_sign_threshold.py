"""check_sign(..., iff="eps > c"): the exact threshold as a root isolated exactly in s = exp(eps/L) and
enclosed at two precisions, a printed decimal judged at its printed precision, an exact value exactly."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from core.formula import parse_formula
from proofs import check_sign, sup_over
from proofs.engines.sign.threshold import read_iff

PM_WORST = sup_over("t**2/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)", "t", -1, 1)
DUCHI_WORST = parse_formula("((exp(eps) + 1)/(exp(eps) - 1))**2")


@pytest.mark.parametrize(("iff", "status"), [
    pytest.param("eps > 1.29", "proved", id="printed-at-2-decimals"),
    pytest.param("eps > 1.3", "proved", id="printed-at-1-decimal"),
    pytest.param("eps > 1.2898", "proved", id="printed-at-4-decimals"),
    pytest.param("eps > 1.30", "refuted", id="wrong-at-2-decimals"),
    pytest.param("eps > 13/10", "refuted", id="an-exact-value-that-is-not-the-threshold"),
    pytest.param("eps < 1.29", "refuted", id="the-wrong-direction"),
])
def test_pm_beats_duchi_iff_eps_above_its_threshold(iff, status):
    verdict = check_sign(PM_WORST - DUCHI_WORST, "eps > 0", sign="<0", iff=iff, timeout=30)
    assert verdict.status.value == status
    assert {e.method.value for e in verdict.evidence} == {"decision", "interval"}


def test_the_threshold_is_stated_with_its_reading():
    decision = check_sign(PM_WORST - DUCHI_WORST, "eps > 0", sign="<0", iff="eps > 1.29").evidence[0]
    assert "eps = 1.28978" in decision.detail["threshold"]
    assert "rounds to 1.29 at 2 decimals" in decision.detail["reading"]
    assert "sign change" in decision.detail


@pytest.mark.parametrize(("expr", "iff", "status"), [
    pytest.param("exp(eps) - 3", "eps > log(3)", "proved", id="exact-threshold-decided-exactly"),
    pytest.param("eps**2 - 2", "eps > 1.41", "proved", id="a-rational-function-of-eps"),
    pytest.param("eps**2 - 2", "eps > 1.42", "refuted", id="a-rational-function-of-eps-refuted"),
    pytest.param("(exp(eps) - 2)*(exp(eps) - 3)", "eps > 1.1", "refuted", id="two-thresholds-not-one"),
])
def test_thresholds_of_simple_conditions(expr, iff, status):
    assert check_sign(expr, "eps > 0", sign=">0", iff=iff).status.value == status


@pytest.mark.parametrize(("iff", "message"), [
    pytest.param("eps >> 1", "must read 'NAME > VALUE'", id="not-a-comparison"),
    pytest.param("eps > x", "is not a real constant", id="not-a-constant"),
    pytest.param(3, "must be a string", id="not-a-string"),
])
def test_a_bad_threshold_is_refused_in_one_line(iff, message):
    with pytest.raises(InvalidArgument, match=message):
        read_iff(iff)


def test_a_threshold_of_a_condition_in_two_variables_is_refused():
    with pytest.raises(InvalidArgument, match="in eps alone"):
        check_sign("exp(eps) - 3 - t", "eps > 0, 0 <= t <= 1", sign=">0", symbols=["t"], iff="eps > 1.1")
