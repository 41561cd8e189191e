"""Exact symbolic moments of a polynomial statistic of the output counts, from the probability
generating function, for every n and every parameter value at once.

The output counts of a finite mechanism Q have the generating function

    G(z) = (Σ_y r_y z_y)^n                      (i.i.d. inputs, r = prior·Q; 003 §3.1)
    G(z) = Π_x (Σ_y Q[x][y] z_y)^{counts[x]}    (a fixed dataset; 004 §2.2)

and E[Π_y Y_y^{a_y}] = Π_y (z_y ∂/∂z_y)^{a_y} G at z = 1. A statistic X = P(Y)/D with P a polynomial in
the counts and D free of them has E[X] = E[P]/D and E[X²] = E[P²]/D², rational functions of n, the
parameters and the dataset's counts. :func:`symbolic_moments` returns them (or ``None`` when X is not of
that form); the engine compares them with a claimed closed form as rational functions.
"""

from __future__ import annotations

import sympy

from numeric.count_statistic import CountStatistic
from numeric.data_model import Prior
from numeric.finite_mechanism import symbol

__all__ = ["symbolic_moments", "difference_is_zero", "MAX_DEGREE"]

#: Largest degree of P (in the counts) handled symbolically.
MAX_DEGREE = 4


def _generating_function(statistic: CountStatistic, z: list[sympy.Symbol]) -> sympy.Basic:
    model = statistic.model
    rows = model.mechanism.matrix
    if isinstance(model.data, Prior):
        r = [sum((w * row[y] for w, row in zip(model.data.weights, rows)), sympy.Integer(0))
             for y in range(model.mechanism.outputs)]
        return sympy.Add(*[ry * zy for ry, zy in zip(r, z)]) ** symbol("n")
    return sympy.Mul(*[sympy.Add(*[e * zy for e, zy in zip(row, z)]) ** c
                       for row, c in zip(rows, model.data.counts)])


def _at_one(expr: sympy.Basic, z: list[sympy.Symbol]) -> sympy.Basic:
    """``expr`` at z = 1; each row sum Σ_y Q[x][y] becomes 1 (the rows are stochastic)."""
    value = expr.xreplace({zy: sympy.Integer(1) for zy in z})
    bases = {b for b in value.atoms(sympy.Pow) if not b.base.is_number and sympy.cancel(b.base - 1) == 0}
    return value.xreplace({b: sympy.Integer(1) for b in bases})


def symbolic_moments(statistic: CountStatistic) -> dict[str, sympy.Basic] | None:
    """``{"mean": E[X], "second": E[X²], "variance": E[X²] - E[X]²}`` exactly, or ``None`` when the
    statistic is not a polynomial in the counts over a count-free denominator, has a condition, or has
    degree above :data:`MAX_DEGREE`."""
    if statistic.given is not None and statistic.given is not sympy.true:
        return None
    counts = statistic.counts
    numerator, denominator = sympy.fraction(sympy.together(statistic.expression))
    if denominator.free_symbols & set(counts) or not numerator.is_polynomial(*counts):
        return None
    polynomial = sympy.Poly(numerator, *counts)
    if polynomial.total_degree() > MAX_DEGREE:
        return None
    z = [sympy.Symbol(f"_z{y}", positive=True) for y in range(len(counts))]
    generating = _generating_function(statistic, z)
    cache: dict[tuple[int, ...], sympy.Basic] = {}

    def moment(exponents: tuple[int, ...]) -> sympy.Basic:
        if exponents not in cache:
            expr = generating
            for y, a in enumerate(exponents):
                for _ in range(a):
                    expr = z[y] * sympy.diff(expr, z[y])
            cache[exponents] = _at_one(expr, z)
        return cache[exponents]

    def expectation(poly: sympy.Poly) -> sympy.Basic:
        return sympy.Add(*[coefficient * moment(tuple(monomial)) for monomial, coefficient in poly.terms()])

    mean = expectation(polynomial) / denominator
    second = expectation(polynomial ** 2) / denominator ** 2
    return {"mean": mean, "second": second, "variance": second - mean ** 2}


def difference_is_zero(derived: sympy.Basic, claimed: sympy.Basic) -> bool:
    """Whether two rational functions agree identically: the expanded numerator of their difference over a
    common denominator is 0 (fast, and sound: a zero numerator is a zero difference), else ``cancel`` of
    the difference is 0."""
    try:
        numerator, _ = sympy.fraction(sympy.together(derived - claimed))
        if sympy.expand(numerator) == 0:
            return True
        return sympy.cancel(sympy.together(sympy.expand(derived - claimed))) == 0
    except (sympy.PolynomialError, TypeError, ValueError):
        return False

