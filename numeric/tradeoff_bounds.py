"""The paper's bound functions on (type I, type II) errors, as printed, parametrized by r = e^ε.

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

``U2_corrected`` and ``f2_op_corrected`` replace the printed intercept (3-e^{-2ε})/(e^ε+1) by 2e^ε/(e^ε+1),
the upper boundary of the two-fold composition of ε-randomized response (the reflection
β ↦ 1 - u2(1 - α) of ``u2``; Kairouz, Oh and Viswanath's composition theorem for k = 2). The printed
intercept is smaller than 2e^ε/(e^ε+1) for every ε > 0: with r = e^ε the difference is
(2r - 3 + r^{-2})/(r+1) = (r-1)^2(2r+1)/(r^2(r+1)) > 0.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from numbers import Real

from core.errors import invalid

__all__ = ["u", "U", "u2", "U2", "U2_corrected", "f_pe", "f_op", "f2_pe", "f2_op", "f2_op_corrected", "lines", "kinks",
           "BOUNDS", "FORMULAS", "formula_pieces", "check_r"]


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


def _one(r: Real) -> Real:
    return Fraction(1) if isinstance(r, (int, Fraction)) else 1.0


def u(alpha: Real, r: Real) -> Real:
    """Theorem 3.5: u(α) = max{e^{-ε}(1-α), 1-αe^{ε}}, lower bound on the type II error."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return max((one - alpha) / r, one - alpha * r)


def U(alpha: Real, r: Real) -> Real:
    """Theorem 3.5: U(α) = min{e^{ε}(1-α), 1-αe^{-ε}}, upper bound on the type II error."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(r * (one - alpha), one - alpha / r)


def u2(alpha: Real, r: Real) -> Real:
    """Corollary 3.6: u²(α) = max{e^{-2ε}(1-α), -α + 2/(e^ε+1), 1-αe^{2ε}}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return max((one - alpha) / r**2, -alpha + 2 * one / (r + 1), one - alpha * r**2)


def U2(alpha: Real, r: Real) -> Real:
    """Corollary 3.6 as printed: U²(α) = min{e^{2ε}(1-α), 1-αe^{-2ε}, -α + (3-e^{-2ε})/(e^ε+1)}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(r**2 * (one - alpha), one - alpha / r**2, -alpha + (3 * one - one / r**2) / (r + 1))


def U2_corrected(alpha: Real, r: Real) -> Real:
    """U² with the intercept 2e^ε/(e^ε+1): min{e^{2ε}(1-α), 1-αe^{-2ε}, -α + 2e^ε/(e^ε+1)} = 1 - u²(1-α)."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(r**2 * (one - alpha), one - alpha / r**2, -alpha + 2 * r / (r + 1))


def f_pe(alpha: Real, r: Real) -> Real:
    """Theorem 3.18: f^{pe}_ε(α) = max{1-αe^ε, 0, e^{-ε}(1-α)}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return max(one - alpha * r, 0 * one, (one - alpha) / r)


def f_op(alpha: Real, r: Real) -> Real:
    """Theorem 3.18: f^{op}_ε(α) = min{1-αe^{-ε}, e^ε(1-α)}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(one - alpha / r, r * (one - alpha))


def f2_pe(alpha: Real, r: Real) -> Real:
    """Corollary 3.19: f^{2,pe}_ε(α) = max{1-αe^{2ε}, -α + 2/(e^ε+1), e^{-2ε}(1-α)}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return max(one - alpha * r**2, -alpha + 2 * one / (r + 1), (one - alpha) / r**2)


def f2_op(alpha: Real, r: Real) -> Real:
    """Corollary 3.19 as printed: f^{2,op}_ε(α) = min{1-αe^{-2ε}, e^{2ε}(1-α), -α + (3-e^{-2ε})/(e^ε+1)}."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(one - alpha / r**2, r**2 * (one - alpha), -alpha + (3 * one - one / r**2) / (r + 1))


def f2_op_corrected(alpha: Real, r: Real) -> Real:
    """f^{2,op} with the intercept 2e^ε/(e^ε+1) in place of (3-e^{-2ε})/(e^ε+1)."""
    alpha, r = _alpha(alpha), check_r(r)
    one = _one(r)
    return min(one - alpha / r**2, r**2 * (one - alpha), -alpha + 2 * r / (r + 1))


#: Every bound by name, for tables and figures.
BOUNDS = {
    "u": u, "U": U, "u2": u2, "U2": U2, "U2_corrected": U2_corrected,
    "f_pe": f_pe, "f_op": f_op, "f2_pe": f2_pe, "f2_op": f2_op, "f2_op_corrected": f2_op_corrected,
}


def lines(name: str, r: Real) -> list[tuple[Real, Real]]:
    """The linear pieces (slope, intercept) in α of the bound ``name`` at r = e^ε: the bound is their
    max (``u``, ``u2``, ``f_pe``, ``f2_pe``) or min (the others). Used to find the kinks exactly."""
    r = check_r(r)
    one = _one(r)
    table = {
        "u": lambda: [(-1 / r, one / r), (-r, one)],
        "U": lambda: [(-r, r), (-1 / r, one)],
        "u2": lambda: [(-1 / r**2, one / r**2), (-one, 2 * one / (r + 1)), (-r**2, one)],
        "U2": lambda: [(-r**2, r**2), (-1 / r**2, one), (-one, (3 * one - one / r**2) / (r + 1))],
        "U2_corrected": lambda: [(-r**2, r**2), (-1 / r**2, one), (-one, 2 * r / (r + 1))],
        "f_pe": lambda: [(-r, one), (0 * one, 0 * one), (-1 / r, one / r)],
        "f_op": lambda: [(-1 / r, one), (-r, r)],
        "f2_pe": lambda: [(-r**2, one), (-one, 2 * one / (r + 1)), (-1 / r**2, one / r**2)],
        "f2_op": lambda: [(-1 / r**2, one), (-r**2, r**2), (-one, (3 * one - one / r**2) / (r + 1))],
        "f2_op_corrected": lambda: [(-1 / r**2, one), (-r**2, r**2), (-one, 2 * r / (r + 1))],
    }
    try:
        return table[name]()
    except KeyError:
        raise invalid("name", name, f"not one of {sorted(table)}") from None


@lru_cache(maxsize=4096)
def kinks(name: str, r: Real) -> tuple[Real, ...]:
    """The α in [0, 1] where two linear pieces of the bound ``name`` cross, with 0 and 1 (cached)."""
    pieces = lines(name, r)
    out = {0 * _one(r), _one(r)}
    for i, (a1, b1) in enumerate(pieces):
        for a2, b2 in pieces[i + 1:]:
            if a1 != a2:
                x = (b2 - b1) / (a1 - a2)
                if 0 <= x <= 1:
                    out.add(x)
    return tuple(sorted(out))


#: Every bound as formula strings in ``alpha`` and ``r`` (r = e^ε): ("max" or "min", its linear pieces),
#: the same pieces as :func:`lines`, for the decision procedures of :mod:`proofs.engines`.
FORMULAS = {
    "u": ("max", ("(1 - alpha)/r", "1 - alpha*r")),
    "U": ("min", ("r*(1 - alpha)", "1 - alpha/r")),
    "u2": ("max", ("(1 - alpha)/r**2", "-alpha + 2/(r + 1)", "1 - alpha*r**2")),
    "U2": ("min", ("r**2*(1 - alpha)", "1 - alpha/r**2", "-alpha + (3 - 1/r**2)/(r + 1)")),
    "U2_corrected": ("min", ("r**2*(1 - alpha)", "1 - alpha/r**2", "-alpha + 2*r/(r + 1)")),
    "f_pe": ("max", ("1 - alpha*r", "0", "(1 - alpha)/r")),
    "f_op": ("min", ("1 - alpha/r", "r*(1 - alpha)")),
    "f2_pe": ("max", ("1 - alpha*r**2", "-alpha + 2/(r + 1)", "(1 - alpha)/r**2")),
    "f2_op": ("min", ("1 - alpha/r**2", "r**2*(1 - alpha)", "-alpha + (3 - 1/r**2)/(r + 1)")),
    "f2_op_corrected": ("min", ("1 - alpha/r**2", "r**2*(1 - alpha)", "-alpha + 2*r/(r + 1)")),
}


def formula_pieces(name: str, alpha: str = "alpha", r: str = "r") -> tuple[str, list[str]]:
    """("max" or "min", the linear pieces of the bound ``name`` as formula strings with ``alpha`` and ``r``
    replaced by the given expressions (parenthesized))."""
    import re

    try:
        kind, pieces = FORMULAS[name]
    except KeyError:
        raise invalid("name", name, f"not one of {sorted(FORMULAS)}") from None
    swap = {"alpha": f"({alpha})", "r": f"({r})"}
    return kind, [re.sub(r"\b(alpha|r)\b", lambda m: swap[m.group(1)], piece) for piece in pieces]
