"""The survey models of 003 §3.1-3.2 as sympy expressions in the symbols of :mod:`symbolic.symbols`.

* Warner (Example 3.7): Q_W = [[p, 1-p], [1-p, p]], q1 = πp + (1-π)(1-p), q2 = 1 - q1;
* the generalized Warner survey Q_{2x3} = [[p, q, 1-p-q], [q, p, 1-p-q]] (§3.1):
  q1 = πp + (1-π)q, q2 = πq + (1-π)p, q3 = 1 - p - q;
* Q_λ (§3.2): the "don't know" mass r = 1-p-q moved to yes/no, a = p + λr on the diagonal and
  b = q + (1-λ)r off it, a Warner survey with truth probability a (a + b = 1).
"""

from __future__ import annotations

import sympy

from symbolic.symbols import lam, p, pi, q, q1, q2, q3

__all__ = ["q2x3_entries", "warner_entries", "qlambda_entries", "qlambda", "Q2X3", "WARNER"]


def q2x3_entries() -> dict[sympy.Symbol, sympy.Expr]:
    """q1, q2, q3 of Q_{2x3} in p, q, π (003 §3.1): ``{q1: ..., q2: ..., q3: ...}``."""
    return {q1: pi * p + (1 - pi) * q, q2: pi * q + (1 - pi) * p, q3: 1 - p - q}


def warner_entries() -> dict[sympy.Symbol, sympy.Expr]:
    """q1, q2 of Warner's Q_W (003 Example 3.7)."""
    return {q1: pi * p + (1 - pi) * (1 - p), q2: pi * (1 - p) + (1 - pi) * p}


def qlambda_entries() -> tuple[sympy.Expr, sympy.Expr]:
    """(a, b) = (p + λ(1-p-q), q + (1-λ)(1-p-q)): the diagonal and off-diagonal entries of Q_λ (§3.2)."""
    r = 1 - p - q
    return p + lam * r, q + (1 - lam) * r


def qlambda() -> dict[sympy.Symbol, sympy.Expr]:
    """q1, q2 of Q_λ: q1 = πa + (1-π)b, q2 = πb + (1-π)a."""
    a, b = qlambda_entries()
    return {q1: pi * a + (1 - pi) * b, q2: pi * b + (1 - pi) * a}


Q2X3 = q2x3_entries()
WARNER = warner_entries()
