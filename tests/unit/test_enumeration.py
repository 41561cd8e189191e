"""The enumeration engine (numeric/enumeration.py) against exact values and the plain mpmath loop."""

from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest

from numeric.enumeration import moments, outcomes, reference_moments
from proofs.errors import InvalidArgument

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"


def test_outcomes_cover_the_simplex():
    n1, n2, n3 = outcomes(5)
    assert len(n1) == 21 and ((n1 + n2 + n3) == 5).all() and len(set(zip(n1, n2, n3))) == 21


@pytest.mark.parametrize("n,p,q,pi", [(1, F(3, 4), F(0), F(1, 2)), (4, F(2, 3), F(1, 6), F(1, 3)),
                                      (7, F(9, 10), F(1, 10), F(0))], ids=["n1", "n4", "n7-q3zero"])
def test_T3_9_modes_agree_with_exact(n, p, q, pi):
    exact = moments(PI_HAT, n, p, q, pi, given="N1+N2 > 0", mode="exact")
    assert exact.mean == pi
    ball = moments(PI_HAT, n, p, q, pi, given="N1+N2 > 0", mode="arb")
    with mpmath.workdps(60):
        hi = moments(PI_HAT, n, p, q, pi, given="N1+N2 != 0")
        assert abs(hi.variance - mpmath.mpf(exact.variance.numerator) / exact.variance.denominator) < mpmath.mpf(10) ** -48
    from flint import arb, ctx, fmpq

    with ctx.workprec(300):
        assert ball.variance.contains(arb(fmpq(exact.variance.numerator, exact.variance.denominator)))


def test_engine_matches_the_plain_mpmath_loop():
    fast = moments("N1*N2/(1+N3)", 9, "3/4", "1/8", "1/5")
    slow = reference_moments("N1*N2/(1+N3)", 9, "3/4", "1/8", "1/5")
    assert abs(fast.mean - slow.mean) < mpmath.mpf(10) ** -45
    assert abs(fast.variance - slow.variance) < mpmath.mpf(10) ** -45


BAD = [
    (dict(n=0), "n=0"),
    (dict(p="3/4", q="1/2"), r"p\+q"),
    (dict(p="1/3", q="1/3"), "p != q"),
    (dict(pi="3/2"), "pi"),
    (dict(statistic="N1*x"), r"unknown symbols \['x'\]"),
    (dict(given=None), "undefined"),
]


@pytest.mark.parametrize("change,match", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_named(change, match):
    args = dict(statistic=PI_HAT, n=3, p="3/4", q="1/8", pi="1/2", given="N1+N2>0") | change
    with pytest.raises(InvalidArgument, match=match):
        moments(args.pop("statistic"), args.pop("n"), args.pop("p"), args.pop("q"), args.pop("pi"), **args)
