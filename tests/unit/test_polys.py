"""``symbolic.polys.poly_of`` is ``sympy.Poly``: the same generators, domain and terms for every expression, and
the same error where sympy refuses one, however the expression is written (products of sums, rational
coefficients, radicals, constants, floats, negative powers, functions of a generator)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from symbolic.polys import poly_of

X, Y, P = sympy.symbols("x y p", real=True)
GENS = (P, X, Y)


def _same(expr, gens):
    try:
        expected = sympy.Poly(expr, *gens)
    except Exception as exc:  # sympy refuses it: so must poly_of, the same way
        with pytest.raises(type(exc)):
            poly_of(expr, *gens)
        return
    got = poly_of(expr, *gens)
    assert (got.gens, got.domain, got.terms()) == (expected.gens, expected.domain, expected.terms()), expr
    assert got == expected


@pytest.mark.parametrize("expr", [
    X, sympy.Integer(0), sympy.Integer(3) + 0 * X, X**2 * Y - 3, (X + Y)**5 * (P - 1)**3 / 7 + 1,
    (X + sympy.Rational(1, 3))**4, sympy.sqrt(2) * X, sympy.pi * X, 1 / X, sympy.exp(X) + 1, 2.5 * X,
    (P * Y + X)**3 * (1 - P)**2 * -2, X * Y - Y * X,
], ids=str)
def test_poly_of_is_sympys_poly_on_every_kind_of_expression(expr):
    _same(expr, GENS)


_atoms = st.sampled_from([X, Y, P, sympy.Integer(1), sympy.Integer(-2), sympy.Rational(3, 4), sympy.Rational(-5, 3)])
_exprs = st.recursive(_atoms, lambda inner: st.one_of(
    st.tuples(inner, inner).map(lambda t: t[0] + t[1]),
    st.tuples(inner, inner).map(lambda t: t[0] * t[1]),
    st.tuples(inner, st.integers(0, 4)).map(lambda t: t[0] ** t[1])), max_leaves=12)


@given(_exprs)
def test_poly_of_is_sympys_poly_on_products_of_sums(expr):
    _same(expr, GENS)
