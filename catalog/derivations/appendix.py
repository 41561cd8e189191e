"""The appendix of 003 with the sample size symbolic: derivations (chains of :class:`symbolic.steps.DerivationStep`)
of Lemma 4.2, Lemma 4.4 and of the last step of the proof of Lemma 4.1, each reduced to the binomial
theorem (:func:`symbolic.binomial.binomial_theorem`, itself proved by a WZ certificate).

Positive symbols stand for the sums the lemmas use: s = q1 + q2 and t = q3 (x = q1, y = q2 in Lemma
4.2). Every step is a polynomial or rational identity in them, so it also holds where a symbol is 0 as
long as no denominator vanishes. The printed sides of :mod:`catalog.derivations.printed` enter the first and the
last step, so each derivation starts and ends at the text.
"""

from __future__ import annotations

import sympy

from catalog.derivations import printed as P
from symbolic.binomial import binomial_term, binomial_theorem
from catalog.derivations.moments import K
from symbolic.steps import DerivationStep
from symbolic.symbols import n, n1, n2, q1, q2, q3

__all__ = ["lemma_4_2", "lemma_4_4", "lemma_4_1_last_step", "lemma_4_1_printed_range",
           "SHARE", "DONT_KNOW", "YES", "NO", "SIZE"]

#: s = q1 + q2 and t = q3 (Lemmas 4.1, 4.4); x = q1 and y = q2 (Lemma 4.2); m = n - n3 >= 1 (Lemma 4.2)
SHARE, DONT_KNOW = sympy.symbols("s t", positive=True)
YES, NO = sympy.symbols("x y", positive=True)
SIZE = sympy.Symbol("m", integer=True, positive=True)
_INDEX = sympy.Symbol("i", integer=True, positive=True)
_INDEX0 = sympy.Symbol("i", integer=True, nonnegative=True)
_TO_SHARES = {q1: SHARE - q2, q3: DONT_KNOW}


def _by_name(expr: sympy.Basic, name: str) -> sympy.Symbol:
    return next(s for s in expr.free_symbols if s.name == name)


def lemma_4_2() -> tuple[DerivationStep, ...]:
    """003 Lemma 4.2 for every n >= 1 and 0 <= n3 <= n-1 (m = n - n3): f(q1, n3) is 1 when m = 1 and
    (q1+q2)^(m-1) + (m-1) q1 (q1+q2)^(m-2) when m >= 2, by comparing the coefficient of each monomial
    x^i y^(m-1-i) of both sides (both expanded by the binomial theorem)."""
    n3 = _by_name(P.L42_F, "n3")
    j = P.L42_F.limits[0][0]
    m, x, y, i, i0 = SIZE, YES, NO, _INDEX, _INDEX0
    to_m = {n: m + n3, q1: x, q2: y}
    term = P.L42_F.function.xreplace(to_m)
    second = P.L42_RHS.args[1][0].xreplace(to_m)
    return (
        *binomial_theorem(),
        DerivationStep("m = 1 (n3 = n-1): f has the single term j = 1, which is 1, the printed first branch",
             term.xreplace({m: 1, j: 1}), P.L42_RHS.args[0][0]),
        DerivationStep("the printed second branch (n3 <= n-2) is (x+y)^(m-1) + (m-1) x (x+y)^(m-2)",
             second, (x + y) ** (m - 1) + (m - 1) * x * (x + y) ** (m - 2)),
        DerivationStep("the j-th term of f, with i = j - 1 (0 <= i <= m-1), is (i+1) C(m-1, i) x^i y^(m-1-i)",
             term.xreplace({j: i0 + 1}), (i0 + 1) * binomial_term(m - 1, i0, y, x)),
        DerivationStep("(m-1) x times the (i-1)-th term of (x+y)^(m-2) (binomial theorem at m-2 >= 0) is "
             "(m-1) C(m-2, i-1) x^i y^(m-1-i), 1 <= i <= m-1",
             (m - 1) * x * binomial_term(m - 2, i - 1, y, x),
             (m - 1) * sympy.binomial(m - 2, i - 1) * x ** i * y ** (m - 1 - i)),
        DerivationStep("coefficient of x^i y^(m-1-i), 1 <= i <= m-1: (i+1) C(m-1, i) = C(m-1, i) + (m-1) C(m-2, i-1)",
             (i + 1) * sympy.binomial(m - 1, i), sympy.binomial(m - 1, i) + (m - 1) * sympy.binomial(m - 2, i - 1)),
        DerivationStep("coefficient of y^(m-1) (i = 0; the second sum starts at i = 1): 1 C(m-1, 0) = C(m-1, 0)",
             1 * sympy.binomial(m - 1, 0), sympy.binomial(m - 1, 0)),
    )


def _top_terms(terms: dict[sympy.Expr, sympy.Expr], says: str) -> DerivationStep:
    """The terms of Σ_k T(k) = (s + t)^n, T(k) = C(n,k) s^(n-k) t^k, at the indices ``terms`` (index -> value)."""
    left = sum((binomial_term(n, index, SHARE, DONT_KNOW) for index in terms), sympy.Integer(0))
    return DerivationStep(says, left, sum(terms.values(), sympy.Integer(0)))


def lemma_4_4() -> tuple[DerivationStep, ...]:
    """003 Lemma 4.4 for every n >= 1 with q1 + q2 + q3 = 1 and q1 + q2 > 0: (q1+q2)^2 times the sum is
    Σ_{k=0}^{n-2} T(k), T(k) = C(n,k) (q1+q2)^(n-k) q3^k, which is (q1+q2+q3)^n minus the terms k = n-1
    and k = n (the lemma's own proof)."""
    s, t = SHARE, DONT_KNOW
    term = P.L44_LHS.function.xreplace(_TO_SHARES)
    closed = ((s + t) ** n - n * s * t ** (n - 1) - t ** n) / s ** 2
    return (
        *binomial_theorem(),
        DerivationStep("termwise: (q1+q2)^2 times the k-th term of the lemma's sum is T(k) = C(n,k) (q1+q2)^(n-k) q3^k",
             s ** 2 * term, binomial_term(n, K, s, t)),
        _top_terms({n - 1: n * s * t ** (n - 1), n: t ** n},
                   "the terms k = n-1 and k = n of Σ_{k=0}^{n} T(k) = (q1+q2+q3)^n, which the range 0 <= k <= n-2 "
                   "leaves out (n >= 1; adjacent ranges)"),
        DerivationStep("so the sum is [(q1+q2+q3)^n - q3^n - n(q1+q2)q3^(n-1)]/(q1+q2)^2; with q1+q2+q3 = 1 it is the "
             "printed right side", closed.xreplace({t: 1 - s}), P.L44_RHS.xreplace(_TO_SHARES).xreplace({t: 1 - s})),
    )


def lemma_4_1_last_step() -> tuple[DerivationStep, ...]:
    """The last two lines of 003's proof of Lemma 4.1 with the sum over 0 <= n3 <= n-1 (every n3 with
    n1 + n2 = n - n3 >= 1): the inner sum is (q1+q2)^(n-n3-1), and q1 Σ_{n3=0}^{n-1} C(n,n3) q3^n3
    (q1+q2)^(n-n3-1) = q1/(q1+q2) [(q1+q2+q3)^n - q3^n] for every n >= 1 and every q1, q2, q3 with
    q1 + q2 > 0."""
    s, t, x, y, i0 = SHARE, DONT_KNOW, YES, NO, _INDEX0
    k = sympy.Symbol("k", integer=True, positive=True)
    printed_inner = sympy.binomial(n1 + n2 - 1, n1 - 1) * q1 ** (n1 - 1) * q2 ** n2   # n1 + n2 = k, n1 >= 1
    inner = printed_inner.xreplace({n2: k - n1}).xreplace({n1: i0 + 1, q1: x, q2: y})
    summand, index = _summand(P.L41_PROOF_SUM), _index(P.L41_PROOF_SUM)
    return (
        *binomial_theorem(),
        DerivationStep("the inner sum Σ_{n1+n2=k, n1>=1} C(k-1, n1-1) q1^(n1-1) q2^n2 is (q1+q2)^(k-1): its term at "
             "n1 = i+1 is the i-th term of (q1+q2)^(k-1)", inner, binomial_term(k - 1, i0, y, x)),
        DerivationStep("termwise: (q1+q2) times the n3-th term of the outer sum is "
                       "T(n3) = C(n,n3) (q1+q2)^(n-n3) q3^n3",
             s * summand.xreplace(_TO_SHARES), binomial_term(n, index, s, t)),
        _top_terms({n: t ** n}, "the term n3 = n of Σ_{n3=0}^{n} T(n3) = (q1+q2+q3)^n, which the range "
                   "0 <= n3 <= n-1 leaves out (adjacent ranges)"),
        DerivationStep("so q1 times the sum over 0 <= n3 <= n-1 is the printed q1/(q1+q2) [(q1+q2+q3)^n - q3^n]",
             q1.xreplace(_TO_SHARES) * ((s + t) ** n - t ** n) / s, P.L41_PROOF_CLOSED.xreplace(_TO_SHARES)),
    )


def lemma_4_1_printed_range() -> tuple[DerivationStep, ...]:
    """What the printed range 1 <= n3 <= n-1 gives: it also leaves out the term n3 = 0, T(0) = (q1+q2)^n,
    so q1 Σ_{n3=1}^{n-1} ... = q1/(q1+q2) [(q1+q2+q3)^n - q3^n - (q1+q2)^n] = the printed closed form
    minus q1 (q1+q2)^(n-1), for every n >= 1."""
    return (
        *lemma_4_1_last_step(),
        _top_terms({sympy.Integer(0): SHARE ** n}, "the term n3 = 0, which the printed range 1 <= n3 <= n-1 also "
                   "leaves out, is T(0) = (q1+q2)^n"),
    )


def _summand(expr: sympy.Expr) -> sympy.Expr:
    (total,) = [a for a in sympy.Mul.make_args(expr) if isinstance(a, sympy.Sum)]
    return total.function


def _index(expr: sympy.Expr) -> sympy.Symbol:
    (total,) = [a for a in sympy.Mul.make_args(expr) if isinstance(a, sympy.Sum)]
    return total.limits[0][0]
