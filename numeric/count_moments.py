"""Exact symbolic moments of a polynomial statistic of the output counts, from the probability
generating function, for every n and every parameter value at once.

The output counts of a finite mechanism Q have the generating function

    G(z) = (Σ_y r_y z_y)^n                      (i.i.d. inputs, r = prior·Q; 003 §3.1)
    G(z) = Π_x (Σ_y Q[x][y] z_y)^{counts[x]}    (a fixed dataset; 004 §2.2)

and E[Π_y Y_y^{a_y}] = Π_y (z_y ∂/∂z_y)^{a_y} G at z = 1; those derivatives are read from the factorial
moments, the coefficients of G(1 + t) (a binomial series per factor, each row summing to 1), with Stirling
numbers of the second kind. A statistic X = P(Y)/D with P a polynomial in
the counts and D free of them has E[X] = E[P]/D and E[X²] = E[P²]/D², rational functions of n, the
parameters and the dataset's counts. :func:`symbolic_moments` returns them (or ``None`` when X is not of
that form); the engine compares them with a claimed closed form as rational functions.
"""

from __future__ import annotations

import itertools

import sympy

from numeric.count_statistic import CountStatistic
from numeric.data_model import Prior
from numeric.finite_mechanism import symbol

__all__ = ["symbolic_moments", "difference_is_zero", "MAX_DEGREE"]

#: Largest degree of P (in the counts) handled symbolically.
MAX_DEGREE = 4


def _falling(c: sympy.Basic, j: int) -> sympy.Basic:
    """c (c - 1) ... (c - j + 1)."""
    return sympy.Mul(*[c - i for i in range(j)])


def _stirling(a: int, k: int) -> int:
    """The Stirling number of the second kind S(a, k): Y^a = Σ_k S(a, k) Y (Y - 1) ... (Y - k + 1)."""
    return int(sympy.functions.combinatorial.numbers.stirling(a, k))


def _factorial_moments(statistic: CountStatistic, degree: int) -> dict[tuple[int, ...], sympy.Basic]:
    """E[Π_y Y_y (Y_y - 1) ... (Y_y - k_y + 1)] for every k of total degree at most ``degree``: k! times the
    coefficient of t^k in G(1 + t) = Π_x (1 + Σ_y Q[x][y] t_y)^{c_x} (each row sums to 1), the binomial
    series of each factor truncated at ``degree`` (for i.i.d. inputs one factor, r = prior·Q, c = n)."""
    model = statistic.model
    rows = model.mechanism.matrix
    m = model.mechanism.outputs
    if isinstance(model.data, Prior):
        factors = [([sum((w * row[y] for w, row in zip(model.data.weights, rows)), sympy.Integer(0))
                     for y in range(m)], symbol("n"))]
    else:
        factors = list(zip([list(row) for row in rows], model.data.counts))
    series: dict[tuple[int, ...], sympy.Basic] = {tuple([0] * m): sympy.Integer(1)}
    for row, c in factors:
        # (1 + u)^c = Σ_j c^(j)/j! u^j, and u^j = Σ_{|k| = j} j!/k! Π row^k: the coefficient of t^k is c^(|k|)/k! Π row^k
        own: dict[tuple[int, ...], sympy.Basic] = {}
        for j in range(degree + 1):
            for k in _compositions(j, m):
                if any(k[y] and row[y] == 0 for y in range(m)):
                    continue
                weight = sympy.Mul(*[row[y] ** k[y] / sympy.factorial(k[y]) for y in range(m)])
                own[k] = _falling(c, j) * weight
        product: dict[tuple[int, ...], list[sympy.Basic]] = {}
        for a, x in series.items():
            for b, w in own.items():
                k = tuple(i + j for i, j in zip(a, b))
                if sum(k) <= degree:
                    product.setdefault(k, []).append(x * w)
        series = {k: sympy.Add(*terms) for k, terms in product.items()}  # each sum built once
    return {k: v * sympy.Mul(*[sympy.factorial(i) for i in k]) for k, v in series.items()}


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _compositions(total - first, parts - 1)]


def symbolic_moments(statistic: CountStatistic) -> dict[str, sympy.Basic] | None:
    """``{"mean": E[X], "second": E[X²], "variance": E[X²] - E[X]²}`` exactly, or ``None`` when the
    statistic is not a polynomial in the counts over a count-free denominator, has a condition, or has
    degree above :data:`MAX_DEGREE`.

    The raw moments come from the factorial moments of the counts (the derivatives of G at z = 1, read as
    the coefficients of G(1 + t)): E[Π_y Y_y^a_y] = Σ_{k <= a} Π_y S(a_y, k_y) E[Π_y Y_y^(k_y)]."""
    if statistic.given is not None and statistic.given is not sympy.true:
        return None
    counts = statistic.counts
    numerator, denominator = sympy.fraction(sympy.together(statistic.expression))
    if denominator.free_symbols & set(counts) or not numerator.is_polynomial(*counts):
        return None
    polynomial = sympy.Poly(numerator, *counts)
    if polynomial.total_degree() > MAX_DEGREE:
        return None
    factorial = _factorial_moments(statistic, 2 * polynomial.total_degree())
    zero = sympy.Integer(0)
    cache: dict[tuple[int, ...], sympy.Basic] = {}

    def moment(exponents: tuple[int, ...]) -> sympy.Basic:
        if exponents not in cache:
            total = []
            for k in itertools.product(*[range(a + 1) for a in exponents]):
                coefficient = 1
                for a, j in zip(exponents, k):
                    coefficient *= _stirling(a, j)
                if coefficient:
                    total.append(coefficient * factorial.get(tuple(k), zero))
            cache[exponents] = sympy.Add(*total)
        return cache[exponents]

    def expectation(poly: sympy.Poly) -> sympy.Basic:
        return sympy.Add(*[coefficient * moment(tuple(monomial)) for monomial, coefficient in poly.terms()])

    mean = expectation(polynomial) / denominator
    second = expectation(polynomial ** 2) / denominator ** 2
    return {"mean": mean, "second": second, "variance": second - mean ** 2}


def _same_in_field(derived: sympy.Basic, claimed: sympy.Basic) -> bool | None:
    """Whether two expressions are the same element of the field of rational functions over QQ in their
    symbols (sparse polynomial arithmetic, exact); ``None`` when one of them is not a rational function
    with rational coefficients (an exp, a sum, an irrational number)."""
    symbols = sorted(derived.free_symbols | claimed.free_symbols, key=lambda x: (x.name, sympy.srepr(x)))
    if not symbols:
        return None
    try:
        field, *_ = sympy.field(symbols, sympy.QQ)
        return field.from_expr(derived) == field.from_expr(claimed)
    except (sympy.polys.polyerrors.BasePolynomialError, sympy.PolynomialError, ValueError, TypeError,
            ZeroDivisionError, NotImplementedError):
        return None


def difference_is_zero(derived: sympy.Basic, claimed: sympy.Basic) -> bool:
    """Whether two rational functions agree identically: the expanded numerator of their difference over a
    common denominator is 0 (fast, and sound: a zero numerator is a zero difference), else ``cancel`` of
    the difference is 0."""
    same = _same_in_field(derived, claimed)
    if same is not None:
        return same
    try:
        numerator, _ = sympy.fraction(sympy.together(derived - claimed))
        if sympy.expand(numerator) == 0:
            return True
        return sympy.cancel(sympy.together(sympy.expand(derived - claimed))) == 0
    except (sympy.PolynomialError, TypeError, ValueError):
        return False

