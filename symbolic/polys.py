"""Polynomials built fast: :func:`poly_of` is ``sympy.Poly(expr, *gens)``, built by sparse polynomial arithmetic.

``sympy.Poly`` of an expression first expands the expression as an expression tree (``Mul.flatten`` over every
product of sums), which is most of the time the sign decider spends on a product of a few large factors (the
exact conditional variances behind Figure 2 and Corollary 3.11). Rebuilding the expression in a sparse
polynomial ring over the rationals does the same arithmetic on dictionaries of exponents. The result is the
same polynomial over the same domain sympy would choose (``ZZ`` when every coefficient is an integer, ``QQ``
otherwise); anything else (a float, a radical, a constant such as ``pi``, a negative power, a function of a
generator) is left to ``sympy.Poly`` itself, which decides it, or raises, as before.
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy.polys.domains import QQ, ZZ
from sympy.polys.rings import ring

__all__ = ["poly_of"]


def poly_of(expr: Any, *gens: sympy.Symbol) -> sympy.Poly:
    """``sympy.Poly(expr, *gens)``: equal to it (same generators, same domain), faster for products of sums with
    rational coefficients."""
    expr = sympy.sympify(expr)
    if gens and isinstance(expr, sympy.Expr) and not expr.has(sympy.Float):
        try:
            R, *_ = ring(gens, QQ)
            element = R.from_expr(expr)
        except (ValueError, TypeError, sympy.CoercionFailed, sympy.PolynomialError):
            element = None
        if element is not None:
            terms = dict(element)
            if all(c.denominator == 1 for c in terms.values()):
                integers = {m: ZZ(int(c.numerator)) for m, c in terms.items()} or {(0,) * len(gens): ZZ(0)}
                return sympy.Poly.from_dict(integers, *gens, domain=ZZ)
            return sympy.Poly.from_dict(terms, *gens, domain=QQ)
    return sympy.Poly(expr, *gens)
