"""The binomial theorem for every n, by a Wilf-Zeilberger certificate that sympy checks; the appendix
lemmas of 003 (4.1-4.6) and the approximation of A after Theorem 3.10 reduce to it.

With F(n, k) = C(n, k) x^(n-k) y^k / (x+y)^n and its WZ mate
G(n, k) = -C(n, k-1) x^(n+1-k) y^k / (x+y)^(n+1) = R(n, k) F(n, k), R(n, k) = -x k / ((x+y)(n+1-k)),

    F(n+1, k) - F(n, k) = G(n, k+1) - G(n, k)    for every integer k.

For 0 <= k <= n it is checked divided by F(n, k) != 0 (a rational identity in n and k once binomials
are written through gamma); at k = n + 1 separately (F(n, n+1) = 0); for k < 0 and k > n + 1 every term
is 0. Summing over k, the right side telescopes to 0 (G has finite support), so Σ_k F(n, k) does not
depend on n, and Σ_k F(0, k) = F(0, 0) = 1: Σ_{k=0}^{n} C(n, k) x^(n-k) y^k = (x + y)^n for every n >= 0
and x, y > 0, hence for all x, y (both sides are polynomials in x, y that agree on an open set).
"""

from __future__ import annotations

import sympy

from symbolic.steps import DerivationStep

__all__ = ["binomial_term", "binomial_theorem", "WZ_N", "WZ_K"]

#: the symbols of the certificate: n >= 0 and k any integer
WZ_N = sympy.Symbol("n", integer=True, nonnegative=True)
WZ_K = sympy.Symbol("k", integer=True)
_X, _Y = sympy.symbols("x y", positive=True)


def binomial_term(nn: sympy.Expr, kk: sympy.Expr, x: sympy.Expr, y: sympy.Expr) -> sympy.Expr:
    """C(nn, kk) x^(nn-kk) y^kk: the kk-th term of (x + y)^nn."""
    return sympy.binomial(nn, kk) * x ** (nn - kk) * y ** kk


def _f(nn: sympy.Expr, kk: sympy.Expr) -> sympy.Expr:
    return binomial_term(nn, kk, _X, _Y) / (_X + _Y) ** nn


def _g(nn: sympy.Expr, kk: sympy.Expr) -> sympy.Expr:
    return -sympy.binomial(nn, kk - 1) * _X ** (nn + 1 - kk) * _Y ** kk / (_X + _Y) ** (nn + 1)


def binomial_theorem() -> tuple[DerivationStep, ...]:
    """The steps of the WZ proof of Σ_{k=0}^{n} C(n,k) x^(n-k) y^k = (x+y)^n for every n >= 0."""
    n, k = WZ_N, WZ_K
    return (
        DerivationStep("binomial theorem, WZ equation for 0 <= k <= n: "
                       "(F(n+1,k) - F(n,k) - G(n,k+1) + G(n,k)) / F(n,k) = 0",
             (_f(n + 1, k) - _f(n, k) - _g(n, k + 1) + _g(n, k)) / _f(n, k), 0),
        DerivationStep("binomial theorem, WZ equation at k = n+1 (where F(n, n+1) = 0)",
             _f(n + 1, n + 1) - _f(n, n + 1), _g(n, n + 2) - _g(n, n + 1)),
        DerivationStep("binomial theorem, the case n = 0: the only term is F(0, 0) = 1", _f(0, 0), 1),
    )
