"""The paper's bound functions on (type I, type II) errors, as printed, parametrized by r = e^ε: each written
once, as sympy expressions, and evaluated from them.

003 §3.1 (Theorem 3.5, Corollary 3.6) and §3.2 (Theorem 3.18, Corollary 3.19), source
``003_c07100d0f17e2eef.txt``. Every function takes the type I error ``alpha`` and ``r = e^ε`` (r ≥ 1) and is
exact when both are exact (``fractions.Fraction`` or ``int``): a rational r keeps every check rational, which
e^ε for a rational ε would not. Floats are accepted for plotting.

=============  ============================================================  ==================
function       formula as printed                                            where (003)
=============  ============================================================  ==================
``u``          max{e^{-ε}(1-α), 1-αe^{ε}}                                     Theorem 3.5
``U``          min{e^{ε}(1-α), 1-αe^{-ε}}                                     Theorem 3.5
``u2``         max{e^{-2ε}(1-α), -α + 2/(e^ε+1), 1-αe^{2ε}}                   Corollary 3.6
``U2``         min{e^{2ε}(1-α), 1-αe^{-2ε}, -α + (3-e^{-2ε})/(e^ε+1)}         Corollary 3.6
``f_pe``       max{1-αe^ε, 0, e^{-ε}(1-α)}                                    Theorem 3.18
``f_op``       min{1-αe^{-ε}, e^ε(1-α)}                                       Theorem 3.18
``f2_pe``      max{1-αe^{2ε}, -α + 2/(e^ε+1), e^{-2ε}(1-α)}                   Corollary 3.19
``f2_op``      min{1-αe^{-2ε}, e^{2ε}(1-α), -α + (3-e^{-2ε})/(e^ε+1)}         Corollary 3.19
=============  ============================================================  ==================

Each bound is the max or the min of linear pieces in α (:data:`EXPRESSIONS`, sympy expressions in
:data:`ALPHA` and :data:`R`); the proofs substitute into them with ``xreplace`` (:func:`pieces`), and the
functions here evaluate each piece's slope and intercept exactly at r (:func:`lines`, cached) through the
numbers context :data:`core.context.EXACT` (a tree walk: nothing is executed).

``U2_corrected`` and ``f2_op_corrected`` replace the printed intercept (3-e^{-2ε})/(e^ε+1) by 2e^ε/(e^ε+1),
the upper boundary of the two-fold composition of ε-randomized response (the reflection
β ↦ 1 - u2(1 - α) of ``u2``; Kairouz, Oh and Viswanath's composition theorem for k = 2). The printed
intercept is smaller than 2e^ε/(e^ε+1) for every ε > 0: with r = e^ε the difference is
(2r - 3 + r^{-2})/(r+1) = (r-1)^2(2r+1)/(r^2(r+1)) > 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from numbers import Real

import sympy

from core.context import EXACT
from core.errors import invalid
from core.formula import as_sympy

__all__ = ["u", "U", "u2", "U2", "U2_corrected", "f_pe", "f_op", "f2_pe", "f2_op", "f2_op_corrected", "lines", "kinks",
           "BOUNDS", "EXPRESSIONS", "PiecewiseBound", "ALPHA", "R", "pieces", "check_r"]

#: The type I error α and r = e^ε in :data:`EXPRESSIONS`.
ALPHA = sympy.Symbol("alpha", real=True)
R = sympy.Symbol("r", real=True)


@dataclass(frozen=True)
class PiecewiseBound:
    """One bound of 003: the ``kind`` (``"max"`` or ``"min"``) of linear ``lines`` in :data:`ALPHA` whose
    coefficients are rational functions of :data:`R`; ``where`` cites the paper."""

    name: str
    kind: str
    lines: tuple[sympy.Expr, ...]
    where: str

    def __post_init__(self) -> None:
        if self.kind not in ("max", "min"):
            raise invalid("kind", self.kind, "not one of ['max', 'min']")
        lines = tuple(as_sympy(line, name="line") for line in self.lines)
        for line in lines:
            if not line.free_symbols <= {ALPHA, R} or not sympy.Poly(sympy.expand(line), ALPHA).degree() <= 1:
                raise invalid("lines", str(line), "a piece is linear in alpha with coefficients in r")
        object.__setattr__(self, "lines", lines)

    @property
    def slopes(self) -> tuple[sympy.Expr, ...]:
        return tuple(sympy.diff(line, ALPHA) for line in self.lines)

    @property
    def intercepts(self) -> tuple[sympy.Expr, ...]:
        return tuple(line.xreplace({ALPHA: 0}) for line in self.lines)


_a, _r = ALPHA, R
#: Every bound of the table above as expressions.
EXPRESSIONS: dict[str, PiecewiseBound] = {b.name: b for b in (
    PiecewiseBound("u", "max", ((1 - _a) / _r, 1 - _a * _r), "003 Theorem 3.5"),
    PiecewiseBound("U", "min", (_r * (1 - _a), 1 - _a / _r), "003 Theorem 3.5"),
    PiecewiseBound("u2", "max", ((1 - _a) / _r**2, -_a + 2 / (_r + 1), 1 - _a * _r**2), "003 Corollary 3.6"),
    PiecewiseBound("U2", "min", (_r**2 * (1 - _a), 1 - _a / _r**2, -_a + (3 - 1 / _r**2) / (_r + 1)),
                   "003 Corollary 3.6"),
    PiecewiseBound("U2_corrected", "min", (_r**2 * (1 - _a), 1 - _a / _r**2, -_a + 2 * _r / (_r + 1)),
                   "003 Corollary 3.6, intercept 2e^eps/(e^eps+1)"),
    PiecewiseBound("f_pe", "max", (1 - _a * _r, sympy.Integer(0), (1 - _a) / _r), "003 Theorem 3.18"),
    PiecewiseBound("f_op", "min", (1 - _a / _r, _r * (1 - _a)), "003 Theorem 3.18"),
    PiecewiseBound("f2_pe", "max", (1 - _a * _r**2, -_a + 2 / (_r + 1), (1 - _a) / _r**2), "003 Corollary 3.19"),
    PiecewiseBound("f2_op", "min", (1 - _a / _r**2, _r**2 * (1 - _a), -_a + (3 - 1 / _r**2) / (_r + 1)),
                   "003 Corollary 3.19"),
    PiecewiseBound("f2_op_corrected", "min", (1 - _a / _r**2, _r**2 * (1 - _a), -_a + 2 * _r / (_r + 1)),
                   "003 Corollary 3.19, intercept 2e^eps/(e^eps+1)"),
)}


def _expressions(name: str) -> PiecewiseBound:
    try:
        return EXPRESSIONS[name]
    except (KeyError, TypeError):
        raise invalid("name", name, f"not one of {sorted(EXPRESSIONS)}") from None


def pieces(name: str, alpha: sympy.Expr = ALPHA, r: sympy.Expr = R) -> tuple[str, tuple[sympy.Expr, ...]]:
    """("max" or "min", the linear pieces of the bound ``name`` with α and r replaced by the sympy expressions
    ``alpha`` and ``r`` (``xreplace``: a substitution into the tree, never into text))."""
    bound = _expressions(name)
    swap = {ALPHA: as_sympy(alpha, name="alpha"), R: as_sympy(r, name="r")}
    return bound.kind, tuple(line.xreplace(swap) for line in bound.lines)


_FAST = (Fraction, int)


def check_r(r: Real) -> Real:
    """``r`` if it is a valid e^ε (r ≥ 1, finite); else :class:`InvalidArgument`."""
    if type(r) in _FAST and r >= 1:  # the exact fast path (the checks call this millions of times)
        return r
    if isinstance(r, bool) or not isinstance(r, Real):
        raise invalid("r", r, "must be a real number e^eps", "pass r = e^eps as a Fraction")
    if not r >= 1 or r != r or r == float("inf"):
        raise invalid("r", r, "must satisfy 1 <= r < oo (r = e^eps, eps >= 0)")
    return r


def _alpha(alpha: Real) -> Real:
    if type(alpha) in _FAST and 0 <= alpha <= 1:
        return alpha
    if isinstance(alpha, bool) or not isinstance(alpha, Real) or not 0 <= alpha <= 1:
        raise invalid("alpha", alpha, "a type I error lies in [0, 1]")
    return alpha


@lru_cache(maxsize=4096)
def _exact_lines(name: str, r: Fraction) -> tuple[tuple[Fraction, Fraction], ...]:
    bound = _expressions(name)
    at = {"r": r}
    return tuple((Fraction(EXACT.evaluate(s, at)), Fraction(EXACT.evaluate(c, at)))
                 for s, c in zip(bound.slopes, bound.intercepts))


def lines(name: str, r: Real) -> list[tuple[Real, Real]]:
    """The linear pieces (slope, intercept) in α of the bound ``name`` at r = e^ε, exact for exact r (floats
    for a float r, computed exactly at its binary value): the bound is their max (``u``, ``u2``, ``f_pe``,
    ``f2_pe``) or min (the others). Used to find the kinks exactly."""
    _expressions(name)
    r = check_r(r)
    found = _exact_lines(name, Fraction(r))
    if isinstance(r, _FAST):
        return list(found)
    return [(float(s), float(c)) for s, c in found]


@lru_cache(maxsize=4096)
def kinks(name: str, r: Real) -> tuple[Real, ...]:
    """The α in [0, 1] where two linear pieces of the bound ``name`` cross, with 0 and 1 (cached)."""
    found = lines(name, r)
    one = Fraction(1) if isinstance(r, _FAST) else 1.0
    out = {0 * one, one}
    for i, (a1, b1) in enumerate(found):
        for a2, b2 in found[i + 1:]:
            if a1 != a2:
                x = (b2 - b1) / (a1 - a2)
                if 0 <= x <= 1:
                    out.add(x)
    return tuple(sorted(out))


def _function(name: str) -> Callable[[Real, Real], Real]:
    bound = _expressions(name)
    pick = max if bound.kind == "max" else min

    def function(alpha: Real, r: Real) -> Real:
        alpha = _alpha(alpha)
        return pick(s * alpha + c for s, c in lines(name, r))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"{bound.where}: {name}(α) = {bound.kind}{{" + ", ".join(str(line) for line in bound.lines)
                        + "} with r = e^ε (:data:`EXPRESSIONS`), exact for exact α and r.")
    return function


u, U, u2, U2, U2_corrected = (_function(n) for n in ("u", "U", "u2", "U2", "U2_corrected"))
f_pe, f_op, f2_pe, f2_op, f2_op_corrected = (_function(n) for n in ("f_pe", "f_op", "f2_pe", "f2_op", "f2_op_corrected"))

#: Every bound by name, for tables and figures.
BOUNDS = {name: globals()[name] for name in EXPRESSIONS}
