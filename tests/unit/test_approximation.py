"""check_approximation: an "≈" is checked as an approximation in its regime (the relative error tends to 0,
or is of a stated order), never refuted as an equality; the remainder in closed form, a certified table,
and a claimed sign of the remainder joined to the claim."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs import check_approximation

EXACT_VAR = "(c0*p*(1-p) + (n-c0)*q*(1-q))/(p-q)**2"   # Var of the fixed-dataset count estimator
APPROX_VAR = "n*q*(1-q)/(p-q)**2"                       # its "c0 small" approximation
DOMAIN = "0 < q < p < 1, 0 <= c0 <= n, n >= 1"


@pytest.mark.parametrize("exact,approx,kwargs,status", [
    (EXACT_VAR, APPROX_VAR, dict(regime="c0 -> 0", domain=DOMAIN), "proved"),
    (EXACT_VAR, APPROX_VAR, dict(regime="c0 -> 0", domain=DOMAIN, order="c0"), "proved"),
    ("(n+1)/n**2", "1/n", dict(regime="n -> oo", domain="n >= 1"), "proved"),
    ("exp(eps) - 1", "eps", dict(regime="eps -> 0", domain="eps > 0"), "proved"),
    ("exp(eps) - 1", "eps", dict(regime="eps -> 0", domain="eps > 0", sign=">=0"), "proved"),
    (EXACT_VAR, "n*q/(p-q)**2", dict(regime="c0 -> 0", domain=DOMAIN), "refuted"),
    ("exp(eps) - 1", "eps/2", dict(regime="eps -> 0", domain="eps > 0"), "refuted"),
    ("exp(eps) - 1", "eps", dict(regime="eps -> 0", domain="eps > 0", sign="<=0"), "refuted"),
    ("(n+1)/n**2", "1/n", dict(regime="n -> oo", domain="n >= 1", order="1/n**2"), "refuted"),
], ids=["variance-c0-small", "variance-order-c0", "n-large", "exp-eps-small", "with-sign", "wrong-constant",
        "wrong-factor", "wrong-sign", "wrong-order"])
def test_approximations_are_read_as_approximations(exact, approx, kwargs, status):
    v = check_approximation(exact, approx, **kwargs)
    assert v.status.value == status, (v.reason, v.summary)
    limit = v.evidence[0]
    assert limit.method.value == "symbolic" and "remainder" in limit.detail
    if status == "proved":
        assert v.summary.startswith("holds as an approximation: ")
    else:
        assert v.summary.startswith("not an approximation in this regime: ")


def test_an_approximation_that_is_not_an_equality_is_never_refuted_as_one():
    v = check_approximation(EXACT_VAR, APPROX_VAR, regime="c0 -> 0", domain=DOMAIN)
    assert v.status.value == "proved" and v.remainder not in ("0", None)  # a non-zero remainder, and proved


def test_the_table_shows_the_relative_error_shrinking_at_interior_points():
    v = check_approximation(EXACT_VAR, APPROX_VAR, regime="c0 -> 0", domain=DOMAIN)
    table = v.evidence[1]
    assert table.method.value == "interval" and table.outcome.value == "holds" and table.interior_cases >= 1
    rows = table.detail["table"]
    assert rows and all("relative error" in row for row in rows)


def test_a_refutation_names_an_exact_point_of_the_domain():
    v = check_approximation(EXACT_VAR, "n*q/(p-q)**2", regime="c0 -> 0", domain=DOMAIN)
    ce = v.counterexample
    assert ce["regime"] == "c0 -> 0" and ce["limit of the relative error"] != "0"
    from fractions import Fraction

    assert 0 < Fraction(ce["q"]) < Fraction(ce["p"]) < 1 and Fraction(ce["n"]) >= 1


BAD = [
    (dict(regime="c0"), r"regime='c0': is not 'variable -> value'"),
    (dict(regime="z -> 0"), r"regime='z -> 0': 'z' appears in neither side"),
    (dict(regime="c0 -> x"), r"is not a rational number or oo"),
    (dict(sign="positive"), r"sign='positive'"),
    (dict(timeout=0), r"timeout=0"),
    (dict(exact="__import__('os')"), r"__import__"),
]


@pytest.mark.parametrize("change,match", BAD, ids=[m[:25] for _, m in BAD])
def test_bad_input_is_one_line(change, match):
    args = dict(exact=EXACT_VAR, approx=APPROX_VAR, regime="c0 -> 0", domain=DOMAIN) | change
    with pytest.raises(InvalidArgument, match=match) as refused:
        check_approximation(args.pop("exact"), args.pop("approx"), **args)
    assert "\n" not in str(refused.value)
