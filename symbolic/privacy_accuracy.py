"""Privacy losses and accuracies of the paper's mechanisms, as printed, for the sign claims (003 §3.1–3.2).

Every function returns a sympy expression in the shared symbols of :mod:`symbolic.symbols`
(p, q, pi, n, c, eps, lam). Printed formulas keep their printed form (typos included) and say so;
the derived ones say what they are derived from.

* Warner (Example 3.7, Eq. (1)): :func:`warner_variance`; Q_WRR (:func:`q_wrr`);
* Q_{2x3} in Shafer's semantics: :func:`eps_s` = ln(p/q), :func:`variance_t310_approx` (Theorem 3.10's
  second form with A ≈ 1/((n+1)(p+q)-1): the f(q) of Corollary 3.11), :func:`f_prime_printed` (proof of
  Corollary 3.11), :func:`nu_s_printed` (§3.2, with the ratio (p-q)/(p+q) printed upside down),
  :func:`a_exact` (A for a concrete n), Q_GWRR (Corollary 3.12) and the printed p of the text after it;
* Walley's semantics (§3.2): Q_λ (:func:`q_lambda`), its loss and variance, ε^W, ν^W, ε^O, ν^O.
"""

from __future__ import annotations

import sympy

from symbolic.symbols import c, eps, lam, n, p, pi, q

__all__ = [
    "warner_variance", "q_wrr", "eps_s", "variance_t310_approx", "numerator_t310", "a_approx", "a_exact",
    "f_prime_printed", "nu_s_printed", "q_gwrr", "p_printed_after_c312", "q_lambda", "q_lambda_truth",
    "loss_q_lambda", "variance_q_lambda", "eps_w", "nu_w", "eps_o", "nu_o",
]

HALF = sympy.Rational(1, 2)
QUARTER = sympy.Rational(1, 4)


def warner_variance(truth: sympy.Expr = p) -> sympy.Expr:
    """Eq. (1) (003 Example 3.7): Var[π̂] = (-(π-1/2)² + 1/4)/n + (1/(4(2p-1)²) - 1/4)/n, for the Warner
    mechanism that answers truthfully with probability ``truth``."""
    return (-(pi - HALF) ** 2 + QUARTER) / n + (1 / (4 * (2 * truth - 1) ** 2) - QUARTER) / n


def q_wrr() -> sympy.Matrix:
    """Q_WRR = 1/(e^ε+1) [[e^ε, 1], [1, e^ε]] (003 after Eq. (1))."""
    return sympy.Matrix([[sympy.exp(eps), 1], [1, sympy.exp(eps)]]) / (sympy.exp(eps) + 1)


def eps_s(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """ε^S(p, q) = ln(p/q), the SLDP privacy loss of Q_{2x3} (003 §3.2; p > q)."""
    return sympy.log(pp / qq)


def numerator_t310(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """-(π-1/2)² + 1/4 ((p+q)/(p-q))², the factor in front of A in Theorem 3.10's second form (003)."""
    return -(pi - HALF) ** 2 + QUARTER * ((pp + qq) / (pp - qq)) ** 2


def a_approx(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """A ≈ 1/((n+1)(p+q) - 1) (003 after Theorem 3.10, after Grab and Savage 1954)."""
    return 1 / ((n + 1) * (pp + qq) - 1)


def a_exact(size: int, total: sympy.Expr = c) -> sympy.Expr:
    """A = Σ_{0≤N3<n} 1/(n-N3) C(n,N3) (1-q3)^{n-N3} q3^{N3} with q3 = 1 - ``total`` (003 Theorem 3.10),
    for the concrete sample size ``size``: a polynomial in ``total`` = p + q."""
    q3 = 1 - total
    return sympy.Add(*[sympy.Rational(1, size - k) * sympy.binomial(size, k) * (1 - q3) ** (size - k) * q3**k
                       for k in range(size)])


def variance_t310_approx(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """f(q) of Corollary 3.11 (003): Theorem 3.10's second form with the approximation of A,
    (-(π-1/2)² + 1/4((p+q)/(p-q))²)/((n+1)(p+q) - 1)."""
    return numerator_t310(pp, qq) * a_approx(pp, qq)


def f_prime_printed() -> sympy.Expr:
    """f'(q) as printed in the proof of Corollary 3.11 (003 appendix):
    ((n+1)(q+3p) + (π-1/2)(p+q))/((p-q)³(n+1))."""
    return ((n + 1) * (q + 3 * p) + (pi - HALF) * (p + q)) / ((p - q) ** 3 * (n + 1))


def nu_s_printed(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """ν^S(p,q) as printed in 003 §3.2: (-(π-1/2)² + (p-q)²/(4(p+q)²))/((n+1)(p+q) - 1)
    (the ratio is the reciprocal of Theorem 3.10's (p+q)/(p-q))."""
    return (-(pi - HALF) ** 2 + (pp - qq) ** 2 / (4 * (pp + qq) ** 2)) / ((n + 1) * (pp + qq) - 1)


def q_gwrr() -> sympy.Matrix:
    """Q_GWRR of Corollary 3.12 (003): [[e^ε c/(e^ε+1), c/(e^ε+1), 1-c], [c/(e^ε+1), e^ε c/(e^ε+1), 1-c]]."""
    t = sympy.exp(eps)
    return sympy.Matrix([[t * c / (t + 1), c / (t + 1), 1 - c], [c / (t + 1), t * c / (t + 1), 1 - c]])


def p_printed_after_c312() -> sympy.Expr:
    """p = (1-c)/(e^{-ε}+1), as printed after Corollary 3.12 (003)."""
    return (1 - c) / (sympy.exp(-eps) + 1)


def q_lambda() -> sympy.Matrix:
    """Q_λ = [[p+λ(1-p-q), q+(1-λ)(1-p-q)], [q+(1-λ)(1-p-q), p+λ(1-p-q)]] (003 §3.2)."""
    a, b = q_lambda_truth(), q + (1 - lam) * (1 - p - q)
    return sympy.Matrix([[a, b], [b, a]])


def q_lambda_truth(weight: sympy.Expr = lam) -> sympy.Expr:
    """The diagonal entry p + λ(1-p-q) of Q_λ: Q_λ is Warner's mechanism with this truth probability
    (its row sums are p + q + (1-p-q) = 1)."""
    return p + weight * (1 - p - q)


def loss_q_lambda(weight: sympy.Expr = lam) -> sympy.Expr:
    """The privacy loss of Q_λ, ln of its largest ratio of entries in one column: ln(a/b) with
    a = p+λ(1-p-q) ≥ b = q+(1-λ)(1-p-q) (a ≥ b is decided in the claims, it needs p > 1/2)."""
    return sympy.log(q_lambda_truth(weight) / (1 - q_lambda_truth(weight)))


def variance_q_lambda(weight: sympy.Expr = lam) -> sympy.Expr:
    """The variance of Q_λ's MLE: Eq. (1) at the truth probability p + λ(1-p-q) (Q_λ is Warner's mechanism)."""
    return warner_variance(q_lambda_truth(weight))


def eps_w(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """ε^W(p,q) = ln((1-q)/q) (003 §3.2, Corollary 3.20): the loss of Q_1 = [[1-q, q], [q, 1-q]]."""
    return sympy.log((1 - qq) / qq)


def nu_w(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """ν^W(p,q) = (-(π-1/2)² + 1/(4(2p-1)²))/n (003 §3.2, Corollary 3.20): the accuracy of Q_0."""
    return (-(pi - HALF) ** 2 + 1 / (4 * (2 * pp - 1) ** 2)) / n


def eps_o() -> sympy.Expr:
    """ε^O: the smallest loss among the Q_λ (λ = 0): ln(p/(1-p)) (derived; 003 §3.2 names it only)."""
    return loss_q_lambda(sympy.Integer(0))


def nu_o() -> sympy.Expr:
    """ν^O: the smallest variance among the Q_λ (λ = 1, truth probability 1-q) (derived; 003 §3.2)."""
    return variance_q_lambda(sympy.Integer(1))
