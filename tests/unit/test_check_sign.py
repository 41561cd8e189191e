"""proofs.check_sign: proofs, exact counterexamples, regions where a failing condition holds, bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from proofs import check_sign
from core.errors import InvalidArgument
from proofs.base.evidence import Method, Outcome

PROVED = [
    pytest.param("p - q", ["q < p"], {}, id="p-q-positive-under-q<p"),
    pytest.param("4*p*(1-p) - 1", ["0 < p < 1"], {"sign": "<=0"}, id="4p(1-p)-1-nonpositive"),
    pytest.param("log(p/q)", ["0 < q < p"], {}, id="log-by-monotone-substitution"),
    pytest.param("log((1-q)/q) - log((1-qq)/qq)", ["0 < qq <= q < 1"], {"sign": "<=0", "symbols": ["qq"]},
                 id="difference-of-logs"),
    pytest.param("exp(eps) - 1", ["eps > 0"], {}, id="exp-by-monotone-substitution"),
    pytest.param("1/(p - q)", ["0 < q < p <= 1"], {}, id="denominator-sign-decided"),
    pytest.param("(n+1)*(p+q) - 1", ["p > 1/2", "q >= 0", "n >= 1"], {"integers": ["n"]}, id="integer-n-relaxed"),
    pytest.param("p - (1-c)/(exp(-eps)+1)", ["q == 1 - c - p", "p == exp(eps)*q", "q > 0", "eps > 0"],
                 {"sign": "==0", "symbols": ["q"]}, id="identity-on-an-equality-domain"),
]


@pytest.mark.parametrize(("expr", "domain", "options"), PROVED)
def test_check_sign_proves(expr, domain, options):
    verdict = check_sign(expr, domain, timeout=10, **options)
    assert verdict.status.value == "proved", verdict.evidence[0].detail
    evidence = verdict.evidence[0]
    assert evidence.method is Method.DECISION and evidence.outcome is Outcome.PROVED
    assert evidence.detail["z3 outcome"] == "unsat"


def test_check_sign_refutes_4p1mp_with_an_exact_counterexample():
    verdict = check_sign("4*p*(1-p) - 1", ["p > 0", "p < 1"], timeout=10)
    assert verdict.status.value == "refuted"
    point = verdict.counterexample
    p = Fraction(point["p"])
    assert 0 < p < 1 and 4 * p * (1 - p) - 1 <= 0
    assert Fraction(point["value"]) == 4 * p * (1 - p) - 1
    assert verdict.evidence[0].recheck.value == "exact"


REFUTED = [
    pytest.param("(n+1)*p - 2", ["n >= 1", "3/4 <= p <= 1"], {"integers": ["n"]}, "n >= 2", id="smallest-n0"),
    pytest.param("p - 1/3", ["0 < p < 1"], {}, "p > 1/3", id="one-variable-bound"),
    pytest.param("p - (1-c)/(exp(-eps)+1)", ["p + q == c", "p == exp(eps)*q", "q > 0", "eps > 0", "0 < c <= 1"],
                 {"sign": "==0", "holds_when": ["c == 1/2"], "symbols": ["q"]}, "c == 1/2", id="candidate-region"),
]


@pytest.mark.parametrize(("expr", "domain", "options", "region"), REFUTED)
def test_check_sign_reports_where_a_failing_condition_holds(expr, domain, options, region):
    verdict = check_sign(expr, domain, timeout=10, **options)
    assert verdict.status.value == "refuted"
    assert verdict.holds_when == region


@pytest.mark.parametrize(("expr", "domain", "options", "region"), REFUTED[:2])
def test_check_sign_without_the_region_search_keeps_the_status_and_the_counterexample(expr, domain, options, region):
    searched = check_sign(expr, domain, timeout=10, **options)
    plain = check_sign(expr, domain, timeout=10, search_region=False, **options)
    assert plain.status == searched.status and plain.counterexample == searched.counterexample
    assert searched.holds_when == region and plain.holds_when is None


def test_check_sign_refuses_candidate_regions_without_the_region_search():
    with pytest.raises(InvalidArgument, match="search_region"):
        check_sign("p - 1/3", ["0 < p < 1"], holds_when=["p > 1/3"], search_region=False)


def test_check_sign_counterexamples_are_integers_for_integer_symbols():
    verdict = check_sign("n*p - 2", ["n >= 1", "0 < p < 1"], integers=["n"], timeout=10)
    point = verdict.counterexample
    assert isinstance(point["n"], int) and point["n"] >= 1
    n, p = point["n"], Fraction(point["p"])
    assert n * p - 2 <= 0


def test_check_sign_with_exp_reports_the_exact_exponent():
    verdict = check_sign("exp(eps) - 2", ["eps > 0"], timeout=10)
    point = verdict.counterexample
    assert verdict.status.value == "refuted"
    t = Fraction(point["exp(eps)"])
    assert 1 < t <= 2 and sympy.sympify(point["eps"]) == sympy.log(sympy.Rational(t.numerator, t.denominator))


def test_check_sign_is_inconclusive_on_a_time_out():
    from catalog.derivations import privacy_accuracy as pa
    from symbolic.symbols import p, q

    exact = pa.numerator_t310() * pa.a_exact(6, p + q) / (1 - (1 - p - q) ** 6)
    verdict = check_sign(sympy.diff(exact, q), ["p > 1/2", "q >= 0", "p + q <= 1", "0 <= pi <= 1"], timeout=0.05)
    assert verdict.status.value == "inconclusive" and "time-out" in verdict.reason
    assert verdict.evidence[0].detail.get("z3 outcome", "unknown") == "unknown"   # z3's own, or the call stopped


INVALID = [
    pytest.param("p", ["p >"], {}, r"domain='p >': does not parse", id="unparseable-constraint"),
    pytest.param("p", ["p >> 1"], {}, r"domain='p >> 1': RShift is not accepted", id="operator-outside-whitelist"),
    pytest.param("p", ["p > 0 or p < 1"], {}, r"'or'/'not' are not accepted", id="disjunction"),
    pytest.param("p", ["x > 0"], {}, r"domain='x > 0': unknown symbol\(s\) \['x'\]", id="unknown-symbol-domain"),
    pytest.param("x + 1", ["p > 0"], {}, r"domain='p > 0': unknown symbol\(s\) \['p'\]",
                 id="unknown-symbol-only-in-domain"),
    pytest.param("p", ["p"], {}, r"domain='p': has no comparison", id="constraint-without-relation"),
    pytest.param("log(p) - p", ["p > -1"], {}, r"argument of log\(p\): p > 0 fails at p = ",
                 id="log-undefined-at-a-domain-point"),
    pytest.param("exp(n) - n", ["n >= 1"], {"integers": ["n"]}, r"integer symbols are not supported by the interval",
                 id="integer-in-a-transcendental-condition"),
    pytest.param("sin(p) - p", ["p > 0"], {}, r"sin\(p\) is outside what the interval decider evaluates",
                 id="function-the-interval-decider-does-not-evaluate"),
    pytest.param("1/(p - q)", ["0 < p < 1", "0 < q < 1"], {}, r"denominator factor p - q is not of one sign",
                 id="vanishing-denominator"),
    pytest.param("p", ["p > 0"], {"sign": "> 1"}, r"sign='> 1': not one of", id="bad-sign"),
    pytest.param("p", ["p > 0"], {"integers": ["n"]}, r"integers='n': names a symbol that occurs in neither",
                 id="integer-not-used"),
]


@pytest.mark.parametrize(("expr", "domain", "options", "message"), INVALID)
def test_check_sign_rejects_invalid_arguments(expr, domain, options, message):
    with pytest.raises(InvalidArgument, match=message):
        check_sign(expr, domain, timeout=5, **options)


def test_invalid_argument_is_a_value_error():
    with pytest.raises(ValueError, match="does not parse"):
        check_sign("p", ["p >"])


#: Conditions the polynomial reduction refuses, which used to raise "not reducible" and are now decided by
#: the interval decider (and cross-checked by cvc5 / Taylor models).
FORMERLY_REFUSED = [
    pytest.param("sqrt(p) - 1", ["p > 0"], {}, "refuted", id="sqrt"),
    pytest.param("log(p) + p", ["p > 0"], {}, "refuted", id="log-mixed-with-other-terms"),
    pytest.param("exp(p*q) - 1", ["p > 0"], {}, "refuted", id="exp-of-a-product"),
]


@pytest.mark.parametrize(("expr", "domain", "options", "status"), FORMERLY_REFUSED)
def test_check_sign_decides_what_the_polynomial_reduction_refuses(expr, domain, options, status):
    verdict = check_sign(expr, domain, timeout=10, **options)
    assert verdict.status.value == status
    first, second = verdict.evidence
    assert "why not polynomial" in first.detail and second.detail["solver"].startswith("cvc5")
