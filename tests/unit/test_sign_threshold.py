"""check_sign(..., iff="eps > c"): the exact threshold as a root isolated exactly in s = exp(eps/L) and
enclosed at two precisions; the stated value read as printed (the decimal 1.29 is the exact number 129/100), a
refutation carrying the exact threshold as its correction (proved by its own evidence), and a printed decimal's
reading at its printed precision shown apart, outside the verdict."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.errors import InvalidArgument
from core.formula import parse_formula
from proofs import check_sign, sup_over
from proofs.base.evidence import Method, Outcome, Recheck
from proofs.base.verdict import Status, correction_status, decide
from proofs.engines.sign.threshold import read_iff

PM_WORST = sup_over("t**2/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)", "t", -1, 1)
DUCHI_WORST = parse_formula("((exp(eps) + 1)/(exp(eps) - 1))**2")
#: the exact threshold, 2 log s* with s* the root of 3s^4 - 4s^3 - 2s^2 - 4s + 3 in [1.9, 2]
THRESHOLD = 1.2897846828567


def pm_beats_duchi(iff: str, domain: str = "eps > 0"):
    return check_sign(PM_WORST - DUCHI_WORST, domain, sign="<0", iff=iff, timeout=30)


def other_readings(verdict):
    return [e for e in verdict.evidence if e.reading is not None]


def gap_at(s: Fraction) -> Fraction:
    """PM's worst case minus Duchi's at exp(eps/2) = s, in exact rationals (the worst case at t = 1)."""
    return 1 / (s - 1) + (s + 3) / (3 * (s - 1) ** 2) - ((s * s + 1) / (s * s - 1)) ** 2


@pytest.mark.parametrize(("iff", "status", "at_printed_precision"), [
    pytest.param("eps > 1.29", "refuted", Outcome.PROVED, id="printed-at-2-decimals"),
    pytest.param("eps > 1.3", "refuted", Outcome.PROVED, id="printed-at-1-decimal"),
    pytest.param("eps > 1.2898", "refuted", Outcome.PROVED, id="printed-at-4-decimals"),
    pytest.param("eps > 1.30", "refuted", Outcome.COUNTEREXAMPLE, id="wrong-at-2-decimals-in-both-readings"),
    pytest.param("eps > 13/10", "refuted", None, id="an-exact-value-that-is-not-the-threshold"),
    pytest.param("eps < 1.29", "refuted", None, id="the-wrong-direction"),
])
def test_pm_beats_duchi_iff_eps_above_its_threshold_read_as_printed(iff, status, at_printed_precision):
    verdict = pm_beats_duchi(iff)
    assert verdict.status.value == status
    assert {e.method.value for e in verdict.evidence if e.reading is None} == {"decision", "interval"}
    assert [e.outcome for e in other_readings(verdict)] == ([at_printed_precision] if at_printed_precision else [])


def test_the_printed_decimal_is_refuted_at_an_exact_point_between_the_threshold_and_it():
    verdict = pm_beats_duchi("eps > 1.29")
    decision = verdict.evidence[0]
    assert decision.method is Method.DECISION and decision.recheck is Recheck.TWO_PRECISIONS
    point = verdict.counterexample
    s = Fraction(point["exp(eps/2)"])
    eps = 2 * sympy.log(sympy.Rational(s.numerator, s.denominator))
    assert sympy.simplify(parse_formula(point["eps"]) - eps) == 0
    assert 1.28978 < float(eps.evalf(30)) < 1.29 and THRESHOLD < float(eps.evalf(30))
    assert sympy.Rational(129, 100) - eps.evalf(50) > 0               # "eps > 1.29" is false there
    assert gap_at(s) < 0 and point["condition"] is True               # the condition holds there (exact)
    assert "1.28978468285" in decision.detail["threshold"]
    assert "is the exact number 129/100" in decision.detail["as printed"]


def test_the_counterexample_lies_in_the_stated_domain():
    verdict = pm_beats_duchi("eps > 1.29", domain="0 < eps < 1.2898")
    decision = verdict.evidence[0]
    assert decision.method is Method.DECISION and decision.outcome is Outcome.COUNTEREXAMPLE
    s = Fraction(decision.counterexample["exp(eps/2)"])
    eps = float((2 * sympy.log(sympy.Rational(s.numerator, s.denominator))).evalf(30))
    assert THRESHOLD < eps < 1.2898 and gap_at(s) < 0


def test_the_correction_states_the_exact_threshold_and_is_proved_by_its_own_evidence():
    verdict = pm_beats_duchi("eps > 1.29")
    correction = verdict.correction
    assert correction is not None and correction_status(correction) is Status.PROVED
    assert {(e.method, e.outcome) for e in correction.evidence} == {(Method.DECISION, Outcome.PROVED),
                                                                    (Method.INTERVAL, Outcome.HOLDS)}
    assert all(e.reading is None for e in correction.evidence)
    proof = next(e for e in correction.evidence if e.method is Method.DECISION)
    assert {"threshold", "threshold enclosure", "sign change", "at the threshold"} <= set(proof.detail)
    assert verdict.corrected == correction.statement
    for part in (r"iff $\epsilon > \epsilon^*$", r"\epsilon^* = 2 \log s^* \approx 1.289784", "3 s^{4} - 4 s^{3}",
                 r"$s = e^{\epsilon/2}$ in $[1.9, 2]$", r"the printed 1.29 is $\epsilon^*$ rounded to 2 decimals"):
        assert part in correction.statement


def test_the_reading_at_its_printed_precision_is_shown_apart_and_never_decides():
    verdict = pm_beats_duchi("eps > 1.29")
    (other,) = other_readings(verdict)
    assert other.outcome is Outcome.PROVED and "1.29 at its printed precision" in other.reading
    assert "rounds to 1.29 at 2 decimals" in other.detail["at its printed precision"]
    assert decide([e for e in verdict.evidence if e.reading is None]).status is verdict.status is Status.REFUTED
    assert decide([other]).status is Status.INCONCLUSIVE


def test_a_decimal_the_threshold_does_not_round_to_fails_in_both_readings():
    verdict = pm_beats_duchi("eps > 1.30")
    assert verdict.status is Status.REFUTED
    (other,) = other_readings(verdict)
    assert other.outcome is Outcome.COUNTEREXAMPLE and "(it rounds to 1.29)" in other.detail["at its printed precision"]
    s = Fraction(other.counterexample["exp(eps/2)"])
    eps = float((2 * sympy.log(sympy.Rational(s.numerator, s.denominator))).evalf(30))
    assert THRESHOLD < eps < 1.295 and gap_at(s) < 0                   # below every t that rounds to 1.30
    assert correction_status(verdict.correction) is Status.PROVED
    assert "is not $\\epsilon^*$ rounded to 2 decimals (that is 1.29)" in verdict.corrected


@pytest.mark.parametrize(("expr", "sign", "iff", "status"), [
    pytest.param("exp(eps) - 3", ">0", "eps > log(3)", "proved", id="exact-threshold-decided-exactly"),
    pytest.param("exp(eps) - 3", ">0", "eps >= log(3)", "refuted", id="ge-where-the-condition-fails-at-it"),
    pytest.param("exp(eps) - 3", ">=0", "eps >= log(3)", "proved", id="ge-where-the-condition-holds-at-it"),
    pytest.param("exp(eps) - 3", ">=0", "eps > log(3)", "refuted", id="gt-where-the-condition-holds-at-it"),
    pytest.param("exp(eps/2) - 3", ">0", "eps > 2*log(3)", "proved", id="exact-threshold-in-exp-eps-over-2"),
    pytest.param("eps**2 - 36/25", ">0", "eps > 1.2", "proved", id="a-decimal-that-is-the-exact-threshold"),
    pytest.param("eps**2 - 2", ">0", "eps > 1.41", "refuted", id="a-rational-function-of-eps-read-exactly"),
    pytest.param("eps**2 - 2", ">0", "eps > 1.42", "refuted", id="a-rational-function-of-eps-refuted"),
    pytest.param("3 - exp(eps)", ">0", "eps < log(3)", "proved", id="below-an-exact-threshold"),
    pytest.param("3 - exp(eps)", ">0", "eps < 1.1", "refuted", id="below-a-printed-decimal"),
    pytest.param("(exp(eps) - 2)*(exp(eps) - 3)", ">0", "eps > 1.1", "refuted", id="two-thresholds-not-one"),
])
def test_thresholds_of_simple_conditions(expr, sign, iff, status):
    assert check_sign(expr, "eps > 0", sign=sign, iff=iff).status.value == status


def test_a_threshold_equal_to_c_is_judged_at_c_itself_exactly():
    verdict = check_sign("exp(eps) - 3", "eps > 0", sign=">0", iff="eps >= log(3)")
    assert verdict.counterexample == {"eps": "log(3)", "exp(eps)": "3", "condition": False,
                                      "relation": "condition is False but 'eps >= log(3)' is True"}
    assert verdict.evidence[0].recheck is Recheck.EXACT


def test_a_rational_threshold_is_refuted_exactly_and_corrected():
    verdict = check_sign("eps**2 - 2", "eps > 0", sign=">0", iff="eps > 1.41")
    decision = verdict.evidence[0]
    assert decision.recheck is Recheck.EXACT
    eps = Fraction(verdict.counterexample["eps"])
    assert Fraction(141, 100) < eps and eps * eps < 2                  # "eps > 1.41" holds, the condition fails
    assert correction_status(verdict.correction) is Status.PROVED
    assert [e.outcome for e in other_readings(verdict)] == [Outcome.PROVED]


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
