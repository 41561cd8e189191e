"""Log-likelihoods, score equations and their solutions (003 Example 3.7, Eq. (2), §3.2).

The likelihood of a sample with n1 yes, n2 no and n3 "don't know" is q1^{n1} q2^{n2} q3^{n3}; each MLE
here is *derived* by differentiating its logarithm in π and solving the score equation with sympy
(the stationary point; it may lie outside [0, 1], as the paper's formulas do).
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from symbolic.model import q2x3_entries, qlambda, warner_entries
from symbolic.symbols import n, n1, n2, n3, pi, q1, q2, q3

__all__ = ["log_likelihood", "score", "score_in_q", "solve_score", "mle_q2x3", "mle_warner", "mle_qlambda"]


def log_likelihood(model: dict, *, counts: tuple = (n1, n2, n3)) -> sympy.Expr:
    """Σ n_i log q_i over the response probabilities of ``model`` (q3 only if the model has it)."""
    terms = [c * sympy.log(model[s]) for c, s in zip(counts, (q1, q2, q3)) if s in model]
    return sympy.Add(*terms)


def score(model: dict, *, counts: tuple = (n1, n2, n3)) -> sympy.Expr:
    """d/dπ of the log-likelihood."""
    return sympy.diff(log_likelihood(model, counts=counts), pi)


def score_in_q() -> sympy.Expr:
    """The Q_{2x3} score written in q1, q2 and factored: (p - q)(n1/q1 - n2/q2) (003 before Eq. (2))."""
    loglik = n1 * sympy.log(q1) + n2 * sympy.log(q2) + n3 * sympy.log(q3)
    d = {s: sympy.diff(e, pi) for s, e in q2x3_entries().items()}
    return sum(sympy.diff(loglik, s) * d[s] for s in (q1, q2, q3))


def solve_score(model: dict, *, counts: tuple = (n1, n2, n3)) -> sympy.Expr:
    """The unique root in π of the score equation (numerator of the score, which is linear in π)."""
    numerator = sympy.numer(sympy.together(score(model, counts=counts)))
    roots = sympy.solve(numerator, pi)
    if len(roots) != 1:
        raise ValueError(f"expected one root of the score equation, found {roots}")
    return sympy.factor(roots[0])


@lru_cache(maxsize=None)  # derived once per process: several checks use it
def mle_q2x3() -> sympy.Expr:
    """Eq. (2) derived: the stationary point of n1 log q1 + n2 log q2 + n3 log q3."""
    return solve_score(q2x3_entries())


@lru_cache(maxsize=None)  # derived once per process: several checks use it
def mle_warner() -> sympy.Expr:
    """Example 3.7 derived: the stationary point of n1 log q1 + (n - n1) log q2 for Q_W."""
    return solve_score(warner_entries(), counts=(n1, n - n1))


@lru_cache(maxsize=None)  # derived once per process: several checks use it
def mle_qlambda() -> sympy.Expr:
    """§3.2 derived: the stationary point for Q_λ with n1 yes out of n."""
    return solve_score(qlambda(), counts=(n1, n - n1))
