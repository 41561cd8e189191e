"""The numbers context (core/context.py): one formula, evaluated exactly, at dps digits, or in balls; never
at 53 bits; finite sums, binomials and integer exponents (the A of 003 Theorem 3.10) evaluated exactly."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import pytest

import sympy

from core.context import EXACT, MIN_DPS, arb, closed_sign, context, mpf
from core.errors import InvalidArgument

A_SUM = "Sum(q3**k*(1-q3)**(n-k)*binomial(n, k)/(n-k), (k, 0, n-1))"


def a_exact(n: int, q3: Fraction) -> Fraction:
    """A = Σ_{0<=k<n} C(n,k) (1-q3)^(n-k) q3^k / (n-k) (003 Theorem 3.10), by hand."""
    return sum((Fraction(math.comb(n, k), n - k) * (1 - q3) ** (n - k) * q3 ** k for k in range(n)), Fraction(0))


@pytest.mark.parametrize("n,q3", [(1, Fraction(0)), (5, Fraction(1, 8)), (120, Fraction(0)), (40, Fraction(1, 4))],
                         ids=["n1-q3zero", "n5", "n120-q3zero", "n40"])
def test_T3_10_A_sum_is_exact(n, q3):
    assert EXACT.evaluate(A_SUM, {"n": n, "q3": q3}) == a_exact(n, q3)


@pytest.mark.parametrize("formula,values,expected", [
    ("0**(n-1)*q", {"n": 1, "q": "1/3"}, Fraction(1, 3)),
    ("0**(n-1)*q", {"n": 2, "q": "1/3"}, Fraction(0)),
    ("binomial(n, 2) + factorial(n)", {"n": 5}, Fraction(130)),
    ("q**n", {"n": 3, "q": "1/2"}, Fraction(1, 8)),
], ids=["zero-power-n1", "zero-power-n2", "binomial-factorial", "symbolic-exponent"])
def test_integer_parts_are_exact(formula, values, expected):
    assert EXACT.evaluate(formula, values) == expected


@pytest.mark.parametrize("dps", [20, 50, 120], ids=["dps20", "dps50", "dps120"])
def test_balls_are_at_the_working_precision_not_53_bits(dps):
    ball = arb(dps).evaluate(A_SUM, {"n": 30, "q3": "1/8"})
    exact = a_exact(30, Fraction(1, 8))
    from flint import arb as flint_arb, ctx, fmpq

    with arb(3 * dps).active():
        assert ball.contains(flint_arb(fmpq(exact.numerator, exact.denominator)))
        assert float(ball.rad().mid()) < 10.0 ** (-dps + 2)
    assert ctx.prec == 53  # restored afterwards


def test_mpf_context_uses_its_digits():
    value = mpf(40).evaluate("sqrt(2)", {})
    with mpmath.workdps(60):
        assert abs(value - mpmath.sqrt(2)) < mpmath.mpf(10) ** -38
    assert mpmath.mp.dps == 15


@pytest.mark.parametrize("ctx", [EXACT, mpf(30), arb(30)], ids=["exact", "mpf", "arb"])
def test_converter_agrees_with_number(ctx):
    convert = ctx.converter()
    with ctx.active():
        for value in (Fraction(1, 3), 7, Fraction(-22, 7)):
            fast, slow = convert(value), ctx.number(value)
            if ctx.kind == "arb":
                assert fast.mid() == slow.mid() and fast.rad() == slow.rad()
            else:
                assert fast == slow


def test_confirmations_are_at_least_the_working_precision():
    for ctx in (mpf(30), arb(50)):
        first, second = ctx.confirmations()
        assert first.dps >= ctx.dps and second.dps >= ctx.dps and second.dps > first.dps
    assert EXACT.confirmations() == (EXACT, EXACT)
    assert context("arb", 25) == arb(25) and context("exact") is EXACT


BAD = [
    (lambda: arb(MIN_DPS - 1), r"dps=19: must be an integer >= 20"),
    (lambda: mpf(True), r"dps=True"),
    (lambda: EXACT.evaluate("sqrt(2)", {}), r"sqrt='2': has no exact rational value"),
    (lambda: EXACT.evaluate("1/(p-q)", {"p": 1, "q": 1}), r"divides by zero"),
    (lambda: EXACT.evaluate("Sum(k, (k, 0, n))", {"n": "1/2"}), r"bounds are integers"),
    (lambda: EXACT.evaluate("binomial(n, 2)", {"n": "1/2"}), r"evaluated only at integers"),
    (lambda: EXACT.evaluate("p*q", {"p": 1}), r"no value for \['q'\]"),
    (lambda: EXACT.evaluate("__import__('os')", {}), r"name '__import__' is not accepted"),
    (lambda: context("float"), r"kind='float'"),
]


@pytest.mark.parametrize("call,match", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_named(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()


X = sympy.Symbol("x", positive=True)
#: (value, values, expected (sign, how)): exact for a rational, two precisions otherwise, nothing when a ball
#: holds 0 or the value is undefined.
CLOSED_SIGNS = [
    ("a rational", sympy.Rational(-3, 7), None, (-1, "exact")),
    ("zero", sympy.Integer(0), None, (0, "exact")),
    ("e - 2", sympy.E - 2, None, (1, "two-precisions")),
    ("e^(9999/10000) - e^(1 - 1/10^6)",
     sympy.exp(sympy.Rational(9999, 10000)) - sympy.exp(1 - sympy.Rational(1, 10**6)),
     None, (-1, "two-precisions")),
    ("log(4) - 2 log(2): a ball that holds 0", sympy.log(4, evaluate=False) - 2 * sympy.log(2), None, (None, None)),
    ("zoo", sympy.zoo, None, (None, None)),
    ("a free symbol without a value", X - 1, None, (None, None)),
    ("x - 1 at x = 3/2, exactly", X - 1, {"x": Fraction(3, 2)}, (1, "exact")),
    ("log(x) - 1 at x = 2", sympy.log(X) - 1, {"x": 2}, (-1, "two-precisions")),
]


@pytest.mark.parametrize("value,values,expected", [c[1:] for c in CLOSED_SIGNS], ids=[c[0] for c in CLOSED_SIGNS])
def test_closed_sign_is_exact_or_agrees_at_two_precisions(value, values, expected):
    assert closed_sign(value, values) == expected
