"""The paper's symbols, by name, shared by every derivation (003 §3.1–3.2 notation).

p: probability of answering truthfully; q: of lying; 1 - p - q: "don't know" (Q_{2x3});
pi: the true proportion π (never the constant); n: sample size; N1, N2, N3 (and n1, n2, n3): counts of
yes / no / don't know; q1, q2, q3: the response probabilities; lam: λ of Q_λ; c: p + q; eps: ε;
alpha: a type I error level. Symbols are matched by name elsewhere, whatever their assumptions.
"""

from __future__ import annotations

import sympy

__all__ = ["p", "q", "pi", "n", "N1", "N2", "N3", "n1", "n2", "n3", "q1", "q2", "q3", "lam", "c", "eps", "alpha",
           "by_name"]

p, q, pi, lam, c, eps, alpha = sympy.symbols("p q pi lam c eps alpha", real=True)
q1, q2, q3 = sympy.symbols("q1 q2 q3", real=True)
n = sympy.Symbol("n", integer=True, positive=True)
N1, N2, N3 = sympy.symbols("N1 N2 N3", integer=True, nonnegative=True)
n1, n2, n3 = sympy.symbols("n1 n2 n3", integer=True, nonnegative=True)


def by_name() -> dict[str, sympy.Symbol]:
    """Name -> symbol, for parsing user strings (``core.formula.parse_formula(text, symbols=by_name())``)."""
    return {s.name: s for s in (p, q, pi, n, N1, N2, N3, n1, n2, n3, q1, q2, q3, lam, c, eps, alpha)}
