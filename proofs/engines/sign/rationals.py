"""Simple exact rationals for the interval decider: split points and test points with small denominators
(so that a counterexample reads ``x = 1/3``, not a 40-digit dyadic)."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["simplest_between", "split_point", "inner_point"]


def simplest_between(a: Fraction, b: Fraction) -> Fraction:
    """The rational of smallest denominator (then smallest absolute value) in the open interval (a, b)."""
    if not a < b:
        raise ValueError(f"empty interval ({a}, {b})")
    if a < 0 < b:
        return Fraction(0)
    if b <= 0:
        return -simplest_between(-b, -a)
    return _simplest_positive(Fraction(a), Fraction(b))


def _simplest_positive(a: Fraction, b: Fraction | None) -> Fraction:
    """Simplest rational in (a, b) with a >= 0 (``b=None``: unbounded)."""
    whole = math.floor(a) + 1          # the least integer > a
    if b is None or whole < b:
        return Fraction(whole)
    k = math.floor(a)                  # a, b in [k, k+1] and no integer strictly between
    low = a - k
    upper = None if low == 0 else 1 / low
    return k + 1 / _simplest_positive(1 / (b - k), upper)


def split_point(lo: Fraction, hi: Fraction) -> Fraction:
    """A simple rational in the middle half of [lo, hi]."""
    quarter = (hi - lo) / 4
    return simplest_between(lo + quarter, hi - quarter)


def inner_point(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """A simple rational strictly inside (lo, hi) (``None``: unbounded on that side)."""
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(math.ceil(hi) - 1)
    if hi is None:
        return Fraction(math.floor(lo) + 1)
    return simplest_between(lo, hi)
