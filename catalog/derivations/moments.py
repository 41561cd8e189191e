"""Means and variances of the survey estimators, derived with sympy (003 Theorems 3.9, 3.10, Eq. (1), §3.2).

* :func:`A`: the printed A = Σ_{0≤N3<n} 1/(n-N3) C(n, N3) (1-q3)^{n-N3} q3^{N3} as a sympy ``Sum``; it is
  E[1/M; M > 0] for M = N1 + N2 ~ Binomial(n, 1 - q3) (the term M = 0 counted as 0);
* :func:`grab_savage`: the approximation 1/((n+1)(p+q) - 1) of A adopted after Theorem 3.10;
* :func:`binomial_fraction_moments`: E[N1/m] and Var(N1/m) for N1 ~ Binomial(m, r), from the probability
  generating function (1 - r + r t)^m with m symbolic;
* :func:`conditional_variance_q2x3`: Var(π̂ | N1+N2 ≠ 0) derived from the above by the law of total
  variance given M (the conditional mean of π̂ given M = m is π for every m ≥ 1);
* :func:`warner_variance`: Var of the Warner / Q_λ MLE, q1(1-q1)/(n (a-b)^2).

The derivations without arguments are derived once per process (several checks of a run use each, and a sympy
expression is immutable), as :func:`catalog.derivations.meanest.onehot_moments` is.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import sympy

from symbolic.model import q2x3_entries, qlambda_entries
from symbolic.symbols import n, p, pi, q, q1, q2, q3

__all__ = ["K", "A", "A_in_q", "exact_A", "grab_savage", "binomial_fraction_moments", "conditional_mean_q2x3",
           "conditional_variance_q2x3", "conditional_variance_in_q", "warner_variance", "qlambda_variance", "M", "r"]

#: the summation index of A (N3 in the paper)
K = sympy.Symbol("k", integer=True, nonnegative=True)
#: M = N1 + N2 (a count) and r = q1/(q1+q2)
M = sympy.Symbol("m", integer=True, positive=True)
r = sympy.Symbol("r", positive=True)


def A(nn: sympy.Expr = n, qq3: sympy.Expr = q3) -> sympy.Expr:
    """A = Σ_{0≤k<n} 1/(n-k) C(n,k) (1-q3)^{n-k} q3^k (003 Theorem 3.10), unevaluated."""
    return sympy.Sum(1 / (nn - K) * sympy.binomial(nn, K) * (1 - qq3) ** (nn - K) * qq3 ** K, (K, 0, nn - 1))


def exact_A(nn: int, qq3: Fraction) -> Fraction:
    """The exact value of A at an integer n >= 1 and a rational q3, in integer arithmetic: with
    1 - q3 = a/d and q3 = b/d, A = d^-n Σ_{m=1}^{n} C(n, m) a^m b^(n-m) / m (m = n - N3)."""
    qq3 = Fraction(qq3)
    a, b, d = qq3.denominator - qq3.numerator, qq3.numerator, qq3.denominator
    total = sum((Fraction(math.comb(nn, m) * a ** m * b ** (nn - m), m) for m in range(1, nn + 1)), Fraction(0))
    return total / d ** nn


def A_in_q() -> sympy.Expr:
    """A with q3 = 1 - p - q."""
    return A(n, 1 - p - q)


def grab_savage() -> sympy.Expr:
    """1/((n+1)(p+q) - 1), "a good approximation of A" (003 after Theorem 3.10, after Grab and Savage 1954)."""
    return 1 / ((n + 1) * (p + q) - 1)


@lru_cache(maxsize=None)
def binomial_fraction_moments() -> tuple[sympy.Expr, sympy.Expr]:
    """(E[N1/m], Var(N1/m)) for N1 ~ Binomial(m, r), derived from the pgf G(t) = (1 - r + r t)^m:
    E[N1] = G'(1), E[N1(N1-1)] = G''(1)."""
    t = sympy.Symbol("t")
    G = (1 - r + r * t) ** M
    first = sympy.simplify(sympy.diff(G, t).subs(t, 1))
    falling = sympy.simplify(sympy.diff(G, t, 2).subs(t, 1))
    mean = sympy.simplify(first / M)
    variance = sympy.factor(sympy.simplify((falling + first) / M ** 2 - mean ** 2))
    return mean, variance


@lru_cache(maxsize=None)
def _pi_hat_given_fraction() -> tuple[sympy.Expr, sympy.Expr]:
    """π̂ = (q - (p+q) F)/(q - p) with F = N1/(N1+N2): its slope and intercept in F (Eq. (2) rewritten)."""
    F = sympy.Symbol("F")
    m1, m2 = sympy.symbols("m1 m2", positive=True)
    pi_hat = (m2 * q - m1 * p) / ((m1 + m2) * (q - p))
    in_f = sympy.simplify(pi_hat.subs(m2, m1 * (1 - F) / F))
    slope = sympy.simplify(sympy.diff(in_f, F))
    intercept = sympy.simplify(in_f - slope * F)
    return slope, intercept


@lru_cache(maxsize=None)
def conditional_mean_q2x3() -> sympy.Expr:
    """E[π̂ | N1+N2 = m] for every m ≥ 1, with r = q1/(q1+q2) substituted: simplifies to π (Theorem 3.9)."""
    slope, intercept = _pi_hat_given_fraction()
    mean_f, _ = binomial_fraction_moments()
    model = q2x3_entries()
    value = (slope * mean_f + intercept).subs(r, model[q1] / (model[q1] + model[q2]))
    return sympy.simplify(value)


@lru_cache(maxsize=None)
def conditional_variance_q2x3() -> sympy.Expr:
    """Var(π̂ | N1+N2 ≠ 0) = slope² r(1-r) E[1/M | M > 0] = q1 q2 A / ((q-p)² (1 - q3^n)), in p, q, π, A.

    The mean of π̂ given M = m does not depend on m, so the variance of the conditional mean is 0 and
    the conditional variance is E[Var(π̂ | M) | M > 0]; E[1/M | M > 0] = A / P(M > 0) = A / (1 - q3^n)."""
    slope, _ = _pi_hat_given_fraction()
    _, var_f = binomial_fraction_moments()
    model = q2x3_entries()
    a = sympy.Symbol("A", positive=True)
    per_m = (slope ** 2 * var_f * M).subs(r, model[q1] / (model[q1] + model[q2]))
    return sympy.factor(sympy.simplify(per_m)) * a / (1 - (1 - p - q) ** n)


def conditional_variance_in_q() -> sympy.Expr:
    """The same in the printed variables: q1 q2 A / ((q-p)² (1 - q3^n)), A as the ``Sum``."""
    return q1 * q2 * A() / ((q - p) ** 2 * (1 - q3 ** n))


def warner_variance(a: sympy.Expr | None = None) -> sympy.Expr:
    """Var(π̂) for a Warner survey with truth probability ``a`` (default p): q1(1-q1)/(n(2a-1)²),
    q1 = πa + (1-π)(1-a); Q_λ is the case a = p + λ(1-p-q)."""
    a = p if a is None else a
    x = pi * a + (1 - pi) * (1 - a)
    return x * (1 - x) / (n * (2 * a - 1) ** 2)


def qlambda_variance() -> sympy.Expr:
    """Var(π̂) for Q_λ (003 §3.2): :func:`warner_variance` at a = p + λ(1-p-q)."""
    a, _ = qlambda_entries()
    return warner_variance(a)
