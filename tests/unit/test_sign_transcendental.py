"""proofs.check_sign on conditions with exp, log and sqrt that no monotone substitution reduces:
proofs by validated branch-and-bound with monotonicity arguments, the cvc5/Taylor cross-check,
counterexamples confirmed at two precisions, open boxes when undecided, and the interval arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from core.context import arb
from proofs import check_sign
from proofs.base.evidence import Method, Outcome
from proofs.engines.sign.decide import sign_evidence
from proofs.engines.sign.interval import Interval, compile_expression
from proofs.engines.sign.rationals import simplest_between

OPTIONS = {"timeout": 20, "symbols": ["x", "e"]}

PROVED = [
    pytest.param("exp(x) - 1 - x", [], ">=0", id="exp-tangent-at-0-x-unbounded"),
    pytest.param("log(x) - x + 1", ["x > 0"], "<=0", id="log-tangent-at-1"),
    pytest.param("(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], "<=0", id="tanh-half-below-e-over-2"),
    pytest.param("exp(x) - 1 - x", ["x > 0"], ">0", id="strict-on-an-open-ray"),
    pytest.param("sqrt(x) - x", ["0 <= x <= 1"], ">=0", id="sqrt-above-x-on-unit-interval"),
]


@pytest.mark.parametrize(("expr", "domain", "sign"), PROVED)
def test_check_sign_proves_transcendental_conditions(expr, domain, sign):
    verdict = check_sign(expr, domain, sign=sign, **OPTIONS)
    assert verdict.status.value == "proved", [e.detail for e in verdict.evidence]
    first, crosscheck = verdict.evidence
    assert first.method is Method.DECISION and first.outcome is Outcome.PROVED
    assert crosscheck.outcome in (Outcome.PROVED, Outcome.INCONCLUSIVE)
    assert crosscheck.detail["solver"].startswith("cvc5")


@pytest.mark.parametrize(("expr", "domain", "sign"), PROVED)
def test_the_interval_decider_proves_them_alone(expr, domain, sign):
    # where x is also inside exp, check_sign tries certified bounds on the logarithm first: asked for alone
    interval = sign_evidence(expr, domain, sign=sign, solver="interval", **OPTIONS)
    assert interval.outcome is Outcome.PROVED, interval.detail
    assert "branch-and-bound" in interval.detail["solver"]


@pytest.mark.parametrize(("expr", "domain", "sign"), PROVED[:3])
def test_the_cross_check_also_proves_the_three_conditions(expr, domain, sign):
    evidence = sign_evidence(expr, domain, sign=sign, solver="cvc5", **OPTIONS)
    assert evidence.outcome is Outcome.PROVED, evidence.detail
    assert evidence.detail["pieces"]


def test_tight_points_are_closed_by_derivative_signs():
    evidence = sign_evidence("(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], sign="<=0", solver="interval", **OPTIONS)
    arguments = " ".join(evidence.detail["monotonicity arguments"])
    assert "f(0) = 0 (exact)" in arguments and "f' <= 0 on (0, 1)" in arguments
    assert evidence.detail["highest derivative"] >= 1


def test_unbounded_variable_handling_is_stated_in_the_domain():
    evidence = sign_evidence("exp(x) - 1 - x", [], sign=">=0", solver="interval", **OPTIONS)
    assert "x unbounded" in evidence.domain and "tails by monotonicity arguments" in evidence.domain
    assert "[0, oo)" in evidence.domain and "(-oo, 0]" in evidence.domain


def _two_precisions(expr: str, point: dict) -> list:
    from core.formula import parse_formula

    parsed = parse_formula(expr, allowed=OPTIONS["symbols"])  # e is a variable here, declared
    return [context.evaluate(parsed, point) for context in arb(50).confirmations()]


REFUTED = [
    pytest.param("exp(x) - 1 - x - 1/100", [], ">=0", "exact", id="shifted-tangent-fails-at-0"),
    pytest.param("(exp(e)-1)/(exp(e)+1) - e/3", ["0 < e < 1"], "<=0", "two-precisions", id="tanh-not-below-e-over-3"),
    pytest.param("exp(x) - 1 - x", [], "<0", "two-precisions", id="negation-of-the-exp-tangent"),
    pytest.param("log(x) - x + 1", ["x > 0"], ">0", "exact", id="negation-of-the-log-tangent"),
    pytest.param("(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], ">0", "two-precisions", id="negation-of-tanh"),
]


@pytest.mark.parametrize(("expr", "domain", "sign", "recheck"), REFUTED)
def test_check_sign_refutes_with_a_confirmed_counterexample(expr, domain, sign, recheck):
    verdict = check_sign(expr, domain, sign=sign, **OPTIONS)
    assert verdict.status.value == "refuted"
    first = verdict.evidence[0]
    assert first.recheck.value == recheck
    point = {k: Fraction(v) for k, v in verdict.counterexample.items() if k in ("x", "e")}
    (name, value), = point.items()
    if domain:
        assert 0 < value < (1 if name == "e" else value + 1)
    for ball in _two_precisions(expr, point):         # re-evaluated here, at 50 and 100 digits
        fails = {">=0": ball < 0, "<=0": ball > 0, "<0": ball >= 0, ">0": ball <= 0}[sign]
        assert fails
    assert verdict.evidence[1].outcome in (Outcome.COUNTEREXAMPLE, Outcome.INCONCLUSIVE)


def test_an_undecided_condition_reports_its_open_boxes_and_their_measure():
    # tight at the irrational point x = log 2: no rational anchor for a monotonicity argument
    evidence = sign_evidence("exp(x) - 2 - 2*(x - log(2))", ["0 <= x <= 1"], sign=">=0", **OPTIONS)
    assert evidence.outcome is Outcome.INCONCLUSIVE
    assert evidence.detail["open boxes"] and evidence.detail["open boxes (count)"] >= 1
    assert 0 < evidence.detail["open measure"] < 1e-6
    assert "x in [" in evidence.detail["open boxes"][0]


PARSED = [
    pytest.param("E**x - 1 - x", ">=0", id="E-power"),
    pytest.param("e^x - 1 - x", ">=0", id="caret-is-a-power-e-is-a-symbol"),
    pytest.param("ln(1 + x) - x", "<=0", id="ln"),
    pytest.param("x^(1/2) - x", ">=0", id="rational-power"),
]


@pytest.mark.parametrize(("expr", "sign"), PARSED)
def test_transcendental_forms_are_parsed(expr, sign):
    domain = ["0 <= x <= 1"] if "e^x" not in expr else ["0 <= x <= 1", "1/2 <= e <= 1"]
    verdict = check_sign(expr, domain, sign=sign, **OPTIONS)
    expected = "refuted" if "e^x" in expr else "proved"      # e is a variable here: e^x - 1 - x < 0 at e = 1/2
    assert verdict.status.value == expected


def test_a_polynomial_condition_still_goes_to_z3():
    verdict = check_sign("exp(eps) - 1", ["eps > 0"], timeout=10)
    assert len(verdict.evidence) == 1 and verdict.evidence[0].detail["z3 outcome"] == "unsat"


def test_solver_cvc5_is_refused_for_a_polynomial_condition():
    with pytest.raises(ValueError, match="solver='cvc5': applies to conditions with exp/log/sqrt"):
        sign_evidence("p - q", ["q < p"], solver="cvc5")


# -------------------------------------------------------------------------------- interval arithmetic
x = sympy.Symbol("x", real=True)
EXPRESSIONS = [sympy.exp(x) - 1 - x, sympy.log(x**2 + 1) - x, (sympy.exp(x) - 1) / (sympy.exp(x) + 1) - x / 2,
               sympy.sqrt(x**2 + 1) * x**3 - 1 / (x**2 + 2), sympy.Abs(x - sympy.Rational(1, 3)) * sympy.exp(-x)]
bounds = st.fractions(min_value=-4, max_value=4, max_denominator=64)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(EXPRESSIONS), bounds, bounds, st.fractions(min_value=0, max_value=1, max_denominator=97))
def test_enclosures_contain_the_value_at_every_point_of_the_box(expr, a, b, t):
    lo, hi = min(a, b), max(a, b)
    point = lo + t * (hi - lo)
    with arb(50).active():
        enclosure, _ = compile_expression(expr, (x,)).enclose([Interval.of(lo, hi)])
    value = arb(50).evaluate(expr, {"x": point})
    assert enclosure is not None and enclosure.lo <= value.upper() and value.lower() <= enclosure.hi


def test_enclosures_over_unbounded_boxes():
    with arb(50).active():
        enclosure, strict = compile_expression(sympy.exp(x), (x,)).enclose([Interval.of(Fraction(2), None)])
        assert strict and enclosure.certainly(">") and not enclosure.bounded
        logarithm, strict = compile_expression(sympy.log(x), (x,)).enclose([Interval.of(Fraction(0), Fraction(1, 8))])
        assert not strict and logarithm.certainly("<")          # clipped to (0, 1/8]


@pytest.mark.parametrize(("a", "b", "simplest"), [
    pytest.param(Fraction(1, 3), Fraction(1, 2), Fraction(2, 5), id="between-thirds-and-halves"),
    pytest.param(Fraction(-3, 2), Fraction(-1, 3), Fraction(-1), id="negative"),
    pytest.param(Fraction(-1), Fraction(1), Fraction(0), id="zero-inside"),
    pytest.param(Fraction(314, 100), Fraction(315, 100), Fraction(22, 7), id="pi-like"),
])
def test_simplest_between(a, b, simplest):
    assert simplest_between(a, b) == simplest
