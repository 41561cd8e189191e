"""The approximation A ≈ 1/((n+1)(p+q) - 1) that 003 adopts after Theorem 3.10 (from Grab and Savage
1954, its reference [14]): the relative error tends to 0 as n grows, for every p + q in (0, 1].

With s = p + q = 1 - q3, t = q3 and M = N1 + N2 ~ Binomial(n, s), A = E[1/M; M >= 1]. For m >= 1,

    1/(m+1) <= 1/m <= 1/(m+1) + 3/((m+1)(m+2)),

and both bounds have closed means (C(n,m)/(m+1) = C(n+1,m+1)/(n+1), C(n,m)/((m+1)(m+2)) =
C(n+2,m+2)/((n+1)(n+2)), then the binomial theorem):

    B1 = E[1/(M+1)] = (1 - t^(n+1)) / ((n+1) s),
    B2 = E[1/((M+1)(M+2))] = (1 - t^(n+2) - (n+2) s t^(n+1)) / ((n+1)(n+2) s^2).

Dropping the terms m = 0 (t^n from B1, t^n/2 >= 0 from B2): L = B1 - t^n <= A <= B1 - t^n + 3 B2 = U.
With D = (n+1)s - 1 (the approximation is 1/D), D L -> 1 and D U -> 1 as n -> ∞, so
approx / A = 1/(D A), squeezed between 1/(D U) and 1/(D L), tends to 1.
"""

from __future__ import annotations

import sympy

from symbolic.binomial import binomial_term, binomial_theorem
from catalog.derivations.moments import A, K
from symbolic.steps import DerivationStep
from symbolic.symbols import n

__all__ = ["PQ_SUM", "lower_bound", "upper_bound", "approximation", "sandwich_steps", "limit_steps"]

#: s = p + q (so q3 = 1 - s); m = a value of M = N1 + N2; u > 0 writes t = 1 - s = 1/(1+u) in (0, 1)
PQ_SUM = sympy.Symbol("s", positive=True)
_VALUE = sympy.Symbol("m", integer=True, positive=True)
_VALUE0 = sympy.Symbol("m", integer=True, nonnegative=True)
_ODDS = sympy.Symbol("u", positive=True)
_RATE = sympy.Symbol("t", positive=True)


def _b1(s: sympy.Expr, t: sympy.Expr) -> sympy.Expr:
    return (1 - t ** (n + 1)) / ((n + 1) * s)


def _b2(s: sympy.Expr, t: sympy.Expr) -> sympy.Expr:
    return (1 - t ** (n + 2) - (n + 2) * s * t ** (n + 1)) / ((n + 1) * (n + 2) * s ** 2)


def lower_bound(s: sympy.Expr = PQ_SUM) -> sympy.Expr:
    """L = E[1/(M+1)] - P(M = 0) <= A."""
    return _b1(s, 1 - s) - (1 - s) ** n


def upper_bound(s: sympy.Expr = PQ_SUM) -> sympy.Expr:
    """U = L + 3 E[1/((M+1)(M+2))] >= A."""
    return lower_bound(s) + 3 * _b2(s, 1 - s)


def approximation(s: sympy.Expr = PQ_SUM) -> sympy.Expr:
    """1/((n+1)s - 1), the approximation of A with s = p + q."""
    return 1 / ((n + 1) * s - 1)


def sandwich_steps() -> tuple[DerivationStep, ...]:
    """The steps behind L <= A <= U, for every n >= 1 and s in (0, 1]."""
    s, m, m0 = PQ_SUM, _VALUE, _VALUE0
    t = 1 - s
    weight = binomial_term(n, m0, t, s)          # P(M = m) = C(n,m) s^m t^(n-m)
    a_term = A(n, 1 - s).function.xreplace({K: n - m})
    first, second = (n + 1) * s, (n + 1) * (n + 2) * s ** 2
    return (
        *binomial_theorem(),
        DerivationStep("A as a mean: its term N3 = n - m (1 <= m <= n) is P(M = m)/m", a_term,
                       binomial_term(n, m, t, s) / m),
        DerivationStep("1/m >= 1/(m+1) for m >= 1", 1 / m, 1 / (m + 1), ">="),
        DerivationStep("1/(m+1) + 3/((m+1)(m+2)) >= 1/m for m >= 1", 1 / (m + 1) + 3 / ((m + 1) * (m + 2)), 1 / m,
                       ">="),
        DerivationStep("C(n,m)/(m+1) = C(n+1,m+1)/(n+1)", sympy.binomial(n, m0) / (m0 + 1),
             sympy.binomial(n + 1, m0 + 1) / (n + 1)),
        DerivationStep("so P(M=m)/(m+1) is the (m+1)-th term of (t+s)^(n+1) over (n+1)s",
             weight / (m0 + 1), binomial_term(n + 1, m0 + 1, t, s) / first),
        DerivationStep("E[1/(M+1)]: (t+s)^(n+1) = 1 minus its term 0, over (n+1)s, is B1",
             (1 - binomial_term(n + 1, 0, t, s)) / first, _b1(s, t)),
        DerivationStep("C(n,m)/((m+1)(m+2)) = C(n+2,m+2)/((n+1)(n+2))", sympy.binomial(n, m0) / ((m0 + 1) * (m0 + 2)),
             sympy.binomial(n + 2, m0 + 2) / ((n + 1) * (n + 2))),
        DerivationStep("so P(M=m)/((m+1)(m+2)) is the (m+2)-th term of (t+s)^(n+2) over (n+1)(n+2)s^2",
             weight / ((m0 + 1) * (m0 + 2)), binomial_term(n + 2, m0 + 2, t, s) / second),
        DerivationStep("E[1/((M+1)(M+2))]: (t+s)^(n+2) = 1 minus its terms 0 and 1, over (n+1)(n+2)s^2, is B2",
             (1 - binomial_term(n + 2, 0, t, s) - binomial_term(n + 2, 1, t, s)) / second, _b2(s, t)),
        DerivationStep("the term m = 0 of E[1/(M+1)] is P(M = 0) = t^n, which A does not have (so L = B1 - t^n)",
             weight.xreplace({m0: 0}), t ** n),
        DerivationStep("the term m = 0 of E[1/((M+1)(M+2))] is t^n/2 >= 0, so dropping it keeps U >= A",
             weight.xreplace({m0: 0}).xreplace({s: 1 - _RATE}) / 2, 0, ">="),
    )


def limit_steps() -> tuple[DerivationStep, ...]:
    """lim D L = lim D U = 1 as n -> ∞ (D = (n+1)s - 1), for s in (0, 1) (t = 1/(1+u), u > 0) and s = 1."""
    inside = 1 - 1 / (1 + _ODDS)
    d = 1 / approximation(inside)
    d_one = 1 / approximation(sympy.Integer(1))
    return (
        DerivationStep("s in (0, 1): lim D L = 1", sympy.Limit(d * lower_bound(inside), n, sympy.oo), 1),
        DerivationStep("s in (0, 1): lim D U = 1", sympy.Limit(d * upper_bound(inside), n, sympy.oo), 1),
        DerivationStep("s = 1 (q3 = 0): lim D L = 1",
                       sympy.Limit(d_one * lower_bound(sympy.Integer(1)), n, sympy.oo), 1),
        DerivationStep("s = 1 (q3 = 0): lim D U = 1",
                       sympy.Limit(d_one * upper_bound(sympy.Integer(1)), n, sympy.oo), 1),
    )
