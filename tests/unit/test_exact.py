"""core.exact.as_fraction, the one conversion of a user's number: the same forms accepted everywhere
(int, Fraction, "a/b" and decimal strings, sympy Rationals, numpy numbers, Decimal, floats by their
binary value), and NaN, infinities, booleans and runaway exponents refused with one line, at once."""

from __future__ import annotations

import decimal
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
import sympy

from core.errors import InvalidArgument
from core.exact import MAX_EXPONENT, as_fraction

ACCEPTED = [
    pytest.param(3, F(3), id="int"),
    pytest.param(F(2, 6), F(1, 3), id="Fraction"),
    pytest.param("1/2", F(1, 2), id="a/b-string"),
    pytest.param(" -3/10 ", F(-3, 10), id="negative-fraction-with-spaces"),
    pytest.param("1 / 2", F(1, 2), id="spaced-slash"),
    pytest.param("0.3", F(3, 10), id="decimal-string"),
    pytest.param(".5", F(1, 2), id="leading-point"),
    pytest.param("-1e-3", F(-1, 1000), id="exponent"),
    pytest.param("1.5E+2", F(150), id="upper-exponent"),
    pytest.param(f"1e-{MAX_EXPONENT}", F(1, 10 ** MAX_EXPONENT), id="largest-exponent"),
    pytest.param(sympy.Rational(2, 3), F(2, 3), id="sympy-Rational"),
    pytest.param(sympy.Integer(7), F(7), id="sympy-Integer"),
    pytest.param(sympy.Float(0.5), F(1, 2), id="sympy-Float"),
    pytest.param(0.1, F(3602879701896397, 36028797018963968), id="float-by-its-binary-value"),
    pytest.param(mpmath.mpf(0.25), F(1, 4), id="mpf"),
    pytest.param(np.int64(4), F(4), id="numpy-int"),
    pytest.param(np.float32(0.5), F(1, 2), id="numpy-float32"),
    pytest.param(decimal.Decimal("0.1"), F(1, 10), id="Decimal"),
]


@pytest.mark.parametrize("value, exact", ACCEPTED)
def test_accepted_forms(value, exact):
    assert as_fraction("x", value) == exact


REFUSED = [
    pytest.param("nan", r"x='nan': NaN and infinities are not numbers here", id="nan-string"),
    pytest.param("-inf", r"NaN and infinities", id="inf-string"),
    pytest.param(float("nan"), r"x=nan: NaN and infinities", id="float-nan"),
    pytest.param(float("inf"), r"x=inf: NaN and infinities", id="float-inf"),
    pytest.param(sympy.oo, r"x=oo: NaN and infinities", id="sympy-oo"),
    pytest.param(sympy.nan, r"NaN and infinities", id="sympy-nan"),
    pytest.param(mpmath.mpf("inf"), r"NaN and infinities", id="mpf-inf"),
    pytest.param(decimal.Decimal("NaN"), r"NaN and infinities", id="Decimal-nan"),
    pytest.param(np.float64("nan"), r"NaN and infinities", id="numpy-nan"),
    pytest.param("1e-999999", r"x='1e-999999': its exponent -999999 is out of range; at most ±1000", id="tiny-exponent"),
    pytest.param("1e999999999", r"its exponent 999999999 is out of range", id="huge-exponent"),
    pytest.param("1/0", r"x='1/0': has a zero denominator", id="zero-denominator"),
    pytest.param("3/-10", r"x='3/-10': not a number; write an integer", id="sign-in-the-denominator"),
    pytest.param("1/2/3", r"not a number", id="two-slashes"),
    pytest.param("half", r"x='half': not a number", id="a-word"),
    pytest.param("", r"x='': not a number", id="empty"),
    pytest.param("9" * 300, r"is 300 characters long; a number has at most 200", id="too-long"),
    pytest.param(True, r"x=True: not a number", id="bool"),
    pytest.param(None, r"x=None: not a number", id="None"),
    pytest.param([1], r"x=\[1\]: not a number", id="a-list"),
    pytest.param(sympy.pi, r"x=pi: not a rational number", id="irrational"),
]


@pytest.mark.parametrize("value, message", REFUSED)
def test_refused_forms_are_one_line(value, message):
    with pytest.raises(InvalidArgument, match=message) as caught:
        as_fraction("x", value)
    assert "\n" not in str(caught.value)
