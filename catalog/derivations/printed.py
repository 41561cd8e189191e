"""The formulas of the survey claims exactly as printed in 003 (and 000 where it differs), as sympy
expressions in the symbols of :mod:`symbolic.symbols` (typos kept; each constant names its claim id).

A is the printed ``Sum`` of :func:`catalog.derivations.moments.A` in n and q3. Counts are N1, N2, N3 for random
variables and n1, n2, n3 for observed values, as in the text.
"""

from __future__ import annotations

import sympy

from catalog.derivations.moments import A, K
from symbolic.symbols import N1, N2, lam, n, n1, n2, p, pi, q, q1, q2, q3

__all__ = [
    "EX37_MLE", "EQ1", "EQ2_SCORE", "EQ2", "PI_HAT", "T39_MEAN", "T39_PROOF", "T310", "T310_FORM2",
    "T310_FORM2_000", "A_APPROX", "A_APPROX_WARNER", "L41_N1", "L41_N2", "L42_F", "L42_RHS", "L43_LHS",
    "L43_RHS", "L44_LHS", "L44_RHS", "L45_LHS", "L45_RHS", "L46_N1", "L46_N2", "L41_PROOF_SUM", "L41_PROOF_CLOSED",
    "T310_PROOF_CONDITIONING", "QLAMBDA_MLE",
    "QLAMBDA_MLE_2LAM", "QLAMBDA_MLE_000", "QLAMBDA_VAR0", "NU_S", "NU_W", "HALF",
]

HALF = sympy.Rational(1, 2)
QUARTER = sympy.Rational(1, 4)

#: Example 3.7: π̂ = (p-1)/(2p-1) + n1/((p-1)n)
EX37_MLE = (p - 1) / (2 * p - 1) + n1 / ((p - 1) * n)
#: Eq. (1): Var[π̂] = (-(π-1/2)² + 1/4)/n + (1/(4(2p-1)²) - 1/4)/n
EQ1 = (-(pi - HALF) ** 2 + QUARTER) / n + (1 / (4 * (2 * p - 1) ** 2) - QUARTER) / n
#: before Eq. (2): the score equation n1/q1 - n2/q2 = 0
EQ2_SCORE = n1 / q1 - n2 / q2
#: Eq. (2): π̂ = (n2 q - n1 p)/((n1+n2)(q-p))
EQ2 = (n2 * q - n1 * p) / ((n1 + n2) * (q - p))
#: the same as a statistic of the random counts (Theorems 3.9, 3.10)
PI_HAT = (N2 * q - N1 * p) / ((N1 + N2) * (q - p))
#: Theorem 3.9: E[π̂ | N1+N2 ≠ 0] = π
T39_MEAN = pi
#: proof of Theorem 3.9: E[π̂] = π(1 - q3^n) (the N1+N2 = 0 term counted as 0)
T39_PROOF = pi * (1 - q3 ** n)
#: Theorem 3.10, first form
T310 = 1 / (q - p) ** 2 * (pi * p + (1 - pi) * q) * (pi * q + (1 - pi) * p) * A()
#: Theorem 3.10, second form
T310_FORM2 = (-(pi - HALF) ** 2 + QUARTER * ((p + q) / (p - q)) ** 2) * A()
#: Theorem 3.10 in 000, second form: -1/4 (π-1/2)²
T310_FORM2_000 = (-QUARTER * (pi - HALF) ** 2 + QUARTER * ((p + q) / (p - q)) ** 2) * A()
#: after Theorem 3.10: A ≈ 1/((n+1)(p+q) - 1)
A_APPROX = 1 / ((n + 1) * (p + q) - 1)
#: after Theorem 3.10, p + q = 1: Var[π̂ | N1+N2 ≠ 0] = (-(π-1/2)² + 1/4 · 1/(2p-1)²)/n
A_APPROX_WARNER = (-(pi - HALF) ** 2 + QUARTER * 1 / (2 * p - 1) ** 2) / n
#: Lemma 4.1 (right-hand sides; the left-hand sides are E[N1/(N1+N2)], E[N2/(N1+N2)], M = 0 counted 0)
L41_N1 = q1 / (q1 + q2) * (1 - q3 ** n)
L41_N2 = q2 / (q1 + q2) * (1 - q3 ** n)
#: Lemma 4.2: f(q1, n3) and its printed value (n3 = n - 1: 1; n3 <= n - 2: the second branch)
_J = sympy.Symbol("j", integer=True, nonnegative=True)
_N3 = sympy.Symbol("n3", integer=True, nonnegative=True)
L42_F = sympy.Sum(_J * sympy.binomial(n - _N3 - 1, _J - 1) * q1 ** (_J - 1) * q2 ** (n - _N3 - _J), (_J, 1, n - _N3))
L42_RHS = sympy.Piecewise(
    (1, sympy.Eq(_N3, n - 1)),
    ((q1 + q2) ** (n - _N3 - 1) + (n - _N3 - 1) * q1 * (q1 + q2) ** (n - _N3 - 2), True),
)
#: Lemma 4.3
L43_LHS = sympy.Sum(1 / (n - K) * (q1 + q2) ** (n - K - 1) * sympy.binomial(n, K) * q3 ** K, (K, 0, n - 1))
L43_RHS = A() / (q1 + q2)
#: Lemma 4.4
L44_LHS = sympy.Sum((q1 + q2) ** (n - K - 2) * sympy.binomial(n, K) * q3 ** K, (K, 0, n - 2))
L44_RHS = (1 - q3 ** n - n * (q1 + q2) * q3 ** (n - 1)) / (q1 + q2) ** 2
#: Lemma 4.5
L45_LHS = sympy.Sum(1 / (n - K) * (q1 + q2) ** (n - K - 2) * sympy.binomial(n, K) * q3 ** K, (K, 0, n - 2))
L45_RHS = (A() - n * (q1 + q2) * q3 ** (n - 1)) / (q1 + q2) ** 2
#: Lemma 4.6 (right-hand sides of E[(N1/(N1+N2))²], E[(N2/(N1+N2))²], M = 0 counted 0)
L46_N1 = q1 * q2 / (q1 + q2) ** 2 * A() + q1 ** 2 / (q1 + q2) ** 2 * (1 - q3 ** n)
L46_N2 = q1 * q2 / (q1 + q2) ** 2 * A() + q2 ** 2 / (q1 + q2) ** 2 * (1 - q3 ** n)
#: proof of Lemma 4.1 (003 appendix, "Proof of Lemma 0.1"), the last sum as printed: q1 Σ_{1≤n3≤n-1} C(n,n3)
#: q3^{n3} (q1+q2)^{n1+n2-1}, the exponent's n1 + n2 being n - n3 (the inner sum runs over n1 + n2 = n - n3)
L41_PROOF_SUM = q1 * sympy.Sum(sympy.binomial(n, _N3) * q3 ** _N3 * (q1 + q2) ** (n - _N3 - 1), (_N3, 1, n - 1))
#: ... and the closed form it is said to equal: q1/(q1+q2) [(q1+q2+q3)^n - q3^n]
L41_PROOF_CLOSED = q1 / (q1 + q2) * ((q1 + q2 + q3) ** n - q3 ** n)
#: proof of Theorem 3.10, the line marked "(Lemma 0.6)": Var(π̂ | N1+N2 ≠ 0) =
#: (p+q)²/(q-p)² [q1 q2/(q1+q2)² A + q2²/(q1+q2)² - q2²/(q1+q2)²] (sympy cancels the last two terms, as the proof's
#: next line does)
T310_PROOF_CONDITIONING = (p + q) ** 2 / (q - p) ** 2 * (q1 * q2 / (q1 + q2) ** 2 * A() + q2 ** 2 / (q1 + q2) ** 2
                                                         - q2 ** 2 / (q1 + q2) ** 2)
#: §3.2, Q_λ MLE printed with "(2λ-)"; read as (2λ-1) here, and as 2λ in QLAMBDA_MLE_2LAM
QLAMBDA_MLE = (n1 / n - (1 - lam) * (1 - p - q) - q) / (p - q + (2 * lam - 1) * (1 - p - q))
QLAMBDA_MLE_2LAM = (n1 / n - (1 - lam) * (1 - p - q) - q) / (p - q + (2 * lam) * (1 - p - q))
#: §3.2 in 000: n1 in place of n1/n
QLAMBDA_MLE_000 = (n1 - (1 - lam) * (1 - p - q) - q) / (p - q + (2 * lam - 1) * (1 - p - q))
#: §3.2: the variance at λ = 0
QLAMBDA_VAR0 = (-(pi - HALF) ** 2 + 1 / (4 * (2 * p - 1) ** 2)) / n
#: §3.2: ν^S(p, q)
NU_S = (-(pi - HALF) ** 2 + (p - q) ** 2 / (4 * (p + q) ** 2)) / ((n + 1) * (p + q) - 1)
#: §3.2: ν^W(p, q)
NU_W = (-(pi - HALF) ** 2 + 1 / (4 * (2 * p - 1) ** 2)) / n

