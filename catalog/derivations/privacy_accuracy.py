"""Privacy losses and accuracies of the paper's mechanisms, for the design and trade-off claims (003 §3.1–3.2).

Every function returns a sympy expression in the shared symbols of :mod:`symbolic.symbols`
(p, q, pi, n, c, eps, lam). Printed formulas keep their printed form (typos included) and say so;
the derived ones say what they are derived from.

* Warner (Example 3.7, Eq. (1)): :func:`warner_variance_printed`; Q_WRR (:func:`q_wrr_matrix`);
* Q_{2x3} in Shafer's semantics: :func:`eps_s` = ln(p/q), :func:`variance_t310_approx` (Theorem 3.10's
  second form with A ≈ 1/((n+1)(p+q)-1): the f(q) of Corollary 3.11), :func:`f_prime_printed` (proof of
  Corollary 3.11) and its derived form :func:`f_prime_derived`, :func:`nu_s_printed` (§3.2, with the ratio
  (p-q)/(p+q) printed upside down), :func:`binary_variance` (any binary mechanism's unbiased estimate),
  :func:`a_exact` (A for a concrete n), Q_GWRR (Corollary 3.12) and the printed p of the text after it;
* the exact conditional variance for a concrete n (Theorem 3.10 corrected): :func:`inverse_moment`
  (E[1/M | M > 0], M = N1 + N2), :func:`conditional_variance_exact`, and Theorem 3.10 as printed
  (:func:`variance_t310_printed`), their factors at a concrete n and q3 (:func:`variance_factor`);
  :func:`at_loss` puts a Q_{2x3} at SLDP loss ε with p + q = c;
  :func:`in_spread` writes a function of π that depends on (π-1/2)² only in s = (π-1/2)²;
* Walley's semantics (§3.2): Q_λ (:func:`q_lambda_matrix`), its loss and variance, ε^W, ν^W, ε^O, ν^O.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from core.errors import invalid
from symbolic.model import q2x3_entries
from catalog.derivations.moments import A, conditional_variance_in_q, exact_A
from symbolic.symbols import c, eps, lam, n, p, pi, q, q3

__all__ = [
    "warner_variance_printed", "q_wrr_matrix", "eps_s", "variance_t310_approx", "numerator_t310", "a_approx", "a_exact",
    "inverse_moment", "conditional_variance_exact", "conditional_variance_derived", "variance_t310_printed",
    "variance_factor", "VARIANCE_FORMS", "at_loss", "SPREAD", "in_spread", "f_prime_printed", "f_prime_derived",
    "binary_variance", "nu_s_printed", "q_gwrr_matrix", "p_printed_after_c312", "q_lambda_matrix", "q_lambda_truth",
    "loss_q_lambda", "variance_q_lambda", "eps_w", "nu_w", "eps_o", "nu_o",
]

HALF = sympy.Rational(1, 2)
QUARTER = sympy.Rational(1, 4)
#: s = (π - 1/2)², in [0, 1/4] when π is in [0, 1]: the only way π enters Theorem 3.10's second form
SPREAD = sympy.Symbol("s", real=True)


def warner_variance_printed(truth: sympy.Expr = p) -> sympy.Expr:
    """Eq. (1) (003 Example 3.7): Var[π̂] = (-(π-1/2)² + 1/4)/n + (1/(4(2p-1)²) - 1/4)/n, for the Warner
    mechanism that answers truthfully with probability ``truth``."""
    return (-(pi - HALF) ** 2 + QUARTER) / n + (1 / (4 * (2 * truth - 1) ** 2) - QUARTER) / n


def q_wrr_matrix() -> sympy.Matrix:
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


def inverse_moment(size: int, total: sympy.Expr = c) -> sympy.Expr:
    """h_n(c) = E[1/M | M > 0] for M = N1 + N2 ~ Binomial(n, c), c = p + q = 1 - q3: A/(1 - q3^n) for the
    concrete sample size ``size`` (003 Theorem 3.10's A is E[1/M; M > 0]). At n = 1 it is 1 for every c."""
    _sample_size(size)
    return a_exact(size, total) / (1 - (1 - total) ** size)


def conditional_variance_exact(size: int, pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """Var(π̂ | N1+N2 ≠ 0) for the concrete sample size ``size``: Theorem 3.10 corrected,
    [-(π-1/2)² + 1/4((p+q)/(p-q))²] A/(1 - q3^n).

    It is :func:`catalog.derivations.moments.conditional_variance_in_q` (q1 q2 A/((q-p)²(1 - q3^n)), derived by the
    law of total variance given N1 + N2), written with Theorem 3.10's second-form bracket
    (q1 q2/(q-p)² equals it: claim T3.10.form2); :func:`conditional_variance_derived` is the derived form
    itself, and the unit tests show the two agree."""
    return numerator_t310(pp, qq) * inverse_moment(size, pp + qq)


def conditional_variance_derived(size: int) -> sympy.Expr:
    """:func:`catalog.derivations.moments.conditional_variance_in_q` at the concrete sample size ``size``, in p, q,
    π."""
    _sample_size(size)
    form = conditional_variance_in_q().xreplace({A(): a_exact(size, 1 - q3)}).subs(n, size)
    return form.xreplace(q2x3_entries())


def variance_t310_printed(size: int, pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """Theorem 3.10 as printed, [-(π-1/2)² + 1/4((p+q)/(p-q))²] A (without the factor 1/(1 - q3^n) that
    conditioning on N1 + N2 ≠ 0 needs), for the concrete sample size ``size``."""
    _sample_size(size)
    return numerator_t310(pp, qq) * a_exact(size, pp + qq)


#: the readings of "the variance" of Theorem 3.10 by the factor in front of its bracket: the exact
#: conditional variance (A/(1 - q3^n)), Theorem 3.10 as printed (A), the paper's approximation of A
VARIANCE_FORMS = ("exact conditional variance", "Theorem 3.10 as printed", "approximate A")


def variance_factor(size: int, dont_know: Fraction, form: str = VARIANCE_FORMS[0]) -> sympy.Rational:
    """The factor in front of Theorem 3.10's bracket at n = ``size`` and q3 = ``dont_know``, exactly, for
    one of :data:`VARIANCE_FORMS`: A/(1 - q3^n), A, or 1/((n+1)(1 - q3) - 1)."""
    _sample_size(size)
    dont_know = Fraction(dont_know)
    if form == VARIANCE_FORMS[0]:
        value = exact_A(size, dont_know) / (1 - dont_know ** size)
    elif form == VARIANCE_FORMS[1]:
        value = exact_A(size, dont_know)
    elif form == VARIANCE_FORMS[2]:
        value = 1 / ((size + 1) * (1 - dont_know) - 1)
    else:
        raise invalid("form", form, f"not one of {list(VARIANCE_FORMS)}")
    return sympy.Rational(value.numerator, value.denominator)


def at_loss(expr: sympy.Expr, total: sympy.Expr = c) -> sympy.Expr:
    """``expr`` (in p, q) for the Q_{2x3} with SLDP loss ln(p/q) = ε and p + q = ``total``:
    p = e^ε c/(e^ε+1), q = c/(e^ε+1), the entries of Q_GWRR (003 Corollary 3.12)."""
    t = sympy.exp(eps)
    return expr.xreplace({p: t * total / (t + 1), q: total / (t + 1)})


def in_spread(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with π = 1/2 + √s, i.e. written in :data:`SPREAD` s = (π-1/2)² in [0, 1/4]; raises
    :class:`~core.errors.InvalidArgument` if π enters other than through (π-1/2)² (a square root would be
    left). As π ranges over [0, 1], s ranges over [0, 1/4], so a sign decided for s in [0, 1/4] is decided
    for π in [0, 1]."""
    rewritten = expr.xreplace({pi: HALF + sympy.sqrt(SPREAD)})
    if rewritten.has(sympy.sqrt(SPREAD)):
        raise invalid("expr", expr, "depends on pi otherwise than through (pi - 1/2)**2")
    return rewritten


def _sample_size(size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise invalid("size", size, "the sample size must be an integer >= 1")


def variance_t310_approx(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """f(q) of Corollary 3.11 (003): Theorem 3.10's second form with the approximation of A,
    (-(π-1/2)² + 1/4((p+q)/(p-q))²)/((n+1)(p+q) - 1)."""
    return numerator_t310(pp, qq) * a_approx(pp, qq)


def f_prime_printed() -> sympy.Expr:
    """f'(q) as printed in the proof of Corollary 3.11 (003 appendix):
    ((n+1)(q+3p) + (π-1/2)(p+q))/((p-q)³(n+1))."""
    return ((n + 1) * (q + 3 * p) + (pi - HALF) * (p + q)) / ((p - q) ** 3 * (n + 1))


def f_prime_derived() -> sympy.Expr:
    """d f/d q of Corollary 3.11's f over one denominator (derived: g' D - (n+1) g over D², g the bracket,
    g' = p(p+q)/(p-q)³, D = (n+1)(p+q) - 1); the corrected form of :func:`f_prime_printed`."""
    denominator = (n + 1) * (p + q) - 1
    return ((4 * p * (p + q) * denominator - (n + 1) * (p - q) * ((p + q) ** 2 - 4 * (pi - HALF) ** 2 * (p - q) ** 2))
            / (4 * (p - q) ** 3 * denominator ** 2))


def binary_variance(truth: sympy.Expr, lie: sympy.Expr) -> sympy.Expr:
    """Var of the unbiased estimate (n1/n - lie)/(truth - lie) of π for the binary mechanism
    [[truth, 1-truth], [lie, 1-lie]]: q1(1-q1)/(n (truth - lie)²), q1 = π truth + (1-π) lie (Warner's is
    lie = 1 - truth, Eq. (1))."""
    yes = pi * truth + (1 - pi) * lie
    return yes * (1 - yes) / (n * (truth - lie) ** 2)


def nu_s_printed(pp: sympy.Expr = p, qq: sympy.Expr = q) -> sympy.Expr:
    """ν^S(p,q) as printed in 003 §3.2: (-(π-1/2)² + (p-q)²/(4(p+q)²))/((n+1)(p+q) - 1)
    (the ratio is the reciprocal of Theorem 3.10's (p+q)/(p-q))."""
    return (-(pi - HALF) ** 2 + (pp - qq) ** 2 / (4 * (pp + qq) ** 2)) / ((n + 1) * (pp + qq) - 1)


def q_gwrr_matrix() -> sympy.Matrix:
    """Q_GWRR of Corollary 3.12 (003): [[e^ε c/(e^ε+1), c/(e^ε+1), 1-c], [c/(e^ε+1), e^ε c/(e^ε+1), 1-c]]."""
    t = sympy.exp(eps)
    return sympy.Matrix([[t * c / (t + 1), c / (t + 1), 1 - c], [c / (t + 1), t * c / (t + 1), 1 - c]])


def p_printed_after_c312() -> sympy.Expr:
    """p = (1-c)/(e^{-ε}+1), as printed after Corollary 3.12 (003)."""
    return (1 - c) / (sympy.exp(-eps) + 1)


def q_lambda_matrix() -> sympy.Matrix:
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
    return warner_variance_printed(q_lambda_truth(weight))


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
