"""Evaluate a rational function of integer count arrays, exactly where it is an integer, tabulated where
it depends on the counts through one integer array, and in a numbers context elsewhere.

The statistics and conditional moments enumerated by :mod:`numeric.enumeration` are rational functions
of the output counts (or of their group sums) with parameters that are exact rationals at each point.
Speed comes from structure:

* integer sub-expressions of the counts (``N1 + N2``, ``n - N3``, ``S*(S-1)``) stay exact integer arrays
  (int64, or Python integers when a bound says int64 could overflow);
* a sub-expression that depends on the counts through one integer array (``1/(N1+N2)``, ``N2*q``) is
  computed once per distinct value of that array, exactly, converted once to the context's number,
  and gathered; the table is kept across the batches of one enumeration (:class:`Tables`);
* only the remaining combinations are done element by element on numpy object arrays of the context's
  numbers (python-flint ``arb`` balls, or exact Fractions).

Division by zero at an outcome raises :class:`Undefined` with the position, so the caller can name the
outcome; conditions (``given``) are evaluated exactly by :func:`event`.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from core.errors import invalid

__all__ = ["CountEvaluator", "Tables", "Undefined", "event", "MAX_EXPONENT"]

_LIMIT = 2 ** 62
#: Largest integer exponent applied to a sub-expression of the counts (``Y0**k``, or ``Y0**n`` at a given n):
#: each power of an array of counts is k array multiplications of integers with k·log2(n) bits; the
#: statistics of the texts use squares and cubes, and a moment of a far higher power is refused before work.
MAX_EXPONENT = 64


class Undefined(Exception):
    """A division by zero at the outcome in position ``index`` of the current batch."""

    def __init__(self, index: int, expr: sympy.Basic) -> None:
        super().__init__(index, expr)
        self.index = index
        self.expr = expr


class _Int:
    """An exact integer array (int64, or Python ints in an object array when large)."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a


class _Num:
    """An array of the context's numbers."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a


def _int_mul(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype == object or y.dtype == object:
        return x * y
    if float(np.abs(x).max(initial=0)) * float(np.abs(y).max(initial=0)) >= _LIMIT:
        return x.astype(object) * y.astype(object)
    return x * y


def _int_add(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype == object or y.dtype == object:
        return x + y
    if float(np.abs(x).max(initial=0)) + float(np.abs(y).max(initial=0)) >= _LIMIT:
        return x.astype(object) + y.astype(object)
    return x + y


class Tables:
    """Values of tabulated sub-expressions by integer argument, kept across the batches of one
    enumeration (one point, one numbers context): ``key -> (offset, values, present)``."""

    def __init__(self) -> None:
        self.dense: dict[Any, tuple[int, np.ndarray, np.ndarray]] = {}

    def gather(self, key: Any, ints: np.ndarray, f: Callable[[int], Any]) -> np.ndarray:
        """``f(i)`` for every entry ``i`` of ``ints``, each distinct value computed once ever."""
        if not len(ints):
            return np.empty(0, dtype=object)
        if ints.dtype == object:
            uniq, inverse = np.unique(ints, return_inverse=True)
            table = np.array([f(int(u)) for u in uniq] + [None], dtype=object)[:-1]
            return table[inverse.reshape(-1)]
        lo, hi = int(ints.min()), int(ints.max())
        offset, values, present = self.dense.get(key, (lo, np.empty(0, dtype=object), np.zeros(0, dtype=bool)))
        new_lo, new_hi = min(lo, offset), max(hi, offset + len(values) - 1)
        if new_hi - new_lo > 8 * (len(ints) + len(values) + 16):  # sparse values: no dense table
            uniq, inverse = np.unique(ints, return_inverse=True)
            table = np.array([f(int(u)) for u in uniq] + [None], dtype=object)[:-1]
            return table[inverse.reshape(-1)]
        if (new_lo, new_hi) != (offset, offset + len(values) - 1):
            grown = np.empty(new_hi - new_lo + 1, dtype=object)
            grown_present = np.zeros(new_hi - new_lo + 1, dtype=bool)
            grown[offset - new_lo: offset - new_lo + len(values)] = values
            grown_present[offset - new_lo: offset - new_lo + len(values)] = present
            offset, values, present = new_lo, grown, grown_present
        wanted = np.zeros(len(values), dtype=bool)
        wanted[ints - offset] = True
        for i in np.flatnonzero(wanted & ~present):
            values[i] = f(int(i) + offset)
        present |= wanted
        self.dense[key] = (offset, values, present)
        return values[ints - offset]


class CountEvaluator:
    """Evaluates a rational function of integer arrays (``cells``: name -> int array) with exact scalar
    values (``scalars``: name -> Fraction) on one batch of outcomes.

    ``number`` maps an exact Fraction to the context's number; ``tables`` is shared by the batches of
    one enumeration; ``label`` names the expression in error messages."""

    def __init__(self, cells: Mapping[str, np.ndarray], scalars: Mapping[str, Fraction],
                 number: Callable[[Fraction], Any], tables: Tables, label: str) -> None:
        self.cells = cells
        self.scalars = scalars
        self.number = number
        self.tables = tables
        self.label = label
        self.size = len(next(iter(cells.values())))

    def array(self, expr: sympy.Basic) -> np.ndarray | Fraction:
        """The value of ``expr`` on the batch: an object array of numbers, or one exact Fraction when
        ``expr`` does not depend on the counts."""
        value = self(expr)
        if isinstance(value, Fraction):
            return value
        return self.to_num(value).a

    def tabulate(self, key: Any, ints: np.ndarray, f: Callable[[int], Any]) -> np.ndarray:
        return self.tables.gather(key, ints, f)

    def to_num(self, value: Any) -> _Num:
        if isinstance(value, _Num):
            return value
        if isinstance(value, _Int):
            return _Num(self.tabulate("integer", value.a, lambda i: self.number(Fraction(i))))
        constant = self.number(value)
        out = np.empty(self.size, dtype=object)
        out[:] = [constant] * self.size
        return _Num(out)

    def __call__(self, expr: sympy.Basic) -> Any:
        if expr.is_Rational:
            return Fraction(int(expr.p), int(expr.q))
        if expr.is_Symbol:
            if expr.name in self.cells:
                return _Int(self.cells[expr.name])
            if expr.name in self.scalars:
                return self.scalars[expr.name]
            raise invalid(self.label, str(expr), "has no value here")
        if expr.is_Add:
            return self.add([self(arg) for arg in expr.args], expr)
        if expr.is_Mul:
            return self.mul([self(arg) for arg in expr.args], expr)
        if expr.is_Pow:
            if expr.exp.is_Integer:
                return self.power(self(expr.base), int(expr.exp), expr)
            return self.general_power(expr)
        raise invalid(self.label, str(expr), "only rational functions of the counts (with rational parameters) "
                      "can be enumerated")

    def general_power(self, expr: sympy.Basic) -> Any:
        """A power whose exponent is an integer at this point (``q3**n``, ``0**(n-1)``), or a rational
        base to an integer power of the counts (``q**N1``)."""
        exponent, base = self(expr.exp), self(expr.base)
        if isinstance(exponent, Fraction) and exponent.denominator == 1:
            return self.power(base, int(exponent), expr)
        if isinstance(exponent, _Int) and isinstance(base, Fraction):
            negative = np.flatnonzero(exponent.a < 0) if base == 0 else []
            if len(negative):
                raise Undefined(int(negative[0]), expr)
            return _Num(self.tabulate((expr, "exp"), exponent.a, lambda i: self.number(base ** i)))
        raise invalid(self.label, str(expr), "a power with a non-integer exponent cannot be enumerated")

    def shifted(self, constant: Fraction) -> Callable[[int], Any]:
        """i -> i + constant in the context (one rounding when the context is approximate)."""
        c = self.number(constant)
        return lambda i: c + i

    def scaled(self, constant: Fraction) -> Callable[[int], Any]:
        """i -> i * constant in the context (one rounding when the context is approximate)."""
        c = self.number(constant)
        return lambda i: c * i

    def add(self, terms: list[Any], expr: Any) -> Any:
        return self.fold(terms, expr, adding=True)

    def mul(self, factors: list[Any], expr: Any) -> Any:
        return self.fold(factors, expr, adding=False)

    def fold(self, values: list[Any], expr: Any, *, adding: bool) -> Any:
        """A sum or product: exact constants and integer arrays combined exactly, an integer array with a
        non-integer constant tabulated, and the rest element by element."""
        fractions = [v for v in values if isinstance(v, Fraction)]
        constant = sum(fractions, Fraction(0)) if adding else math.prod(fractions, start=Fraction(1))
        if not adding and constant == 0:
            return Fraction(0)
        join, combine = (_int_add, operator.add) if adding else (_int_mul, operator.mul)
        ints = [v.a for v in values if isinstance(v, _Int)]
        nums = [v.a for v in values if isinstance(v, _Num)]
        int_part = functools.reduce(join, ints) if ints else None
        neutral = Fraction(0) if adding else Fraction(1)
        table = self.shifted(constant) if adding else self.scaled(constant)
        if not nums:
            if int_part is None:
                return constant
            if constant.denominator == 1:
                return _Int(join(int_part, np.full(self.size, int(constant), dtype=np.int64)))
            return _Num(self.tabulate((expr, "fold"), int_part, table))
        total = functools.reduce(combine, nums)
        if int_part is not None:
            total = combine(total, self.tabulate((expr, "fold"), int_part, table))
        elif constant != neutral:
            total = combine(total, self.number(constant))
        return _Num(total)

    def power(self, base: Any, exponent: int, expr: Any) -> Any:
        if not isinstance(base, Fraction) and abs(exponent) > MAX_EXPONENT:
            raise invalid(self.label, str(expr), f"raises the counts to the power {exponent}, beyond {MAX_EXPONENT}",
                          f"exponents of the counts are at most {MAX_EXPONENT}")
        if isinstance(base, Fraction):
            if base == 0 and exponent < 0:
                point = ", ".join(f"{k}={v}" for k, v in sorted(self.scalars.items()) if not k.startswith("_"))
                raise invalid(self.label, str(expr), f"divides by zero at {point}")
            return base ** exponent
        if isinstance(base, _Int):
            if exponent >= 0:
                out = np.ones(self.size, dtype=np.int64)
                for _ in range(exponent):
                    out = _int_mul(out, base.a)
                return _Int(out)
            zero = np.flatnonzero(base.a == 0)
            if len(zero):
                raise Undefined(int(zero[0]), expr)
            return _Num(self.tabulate((expr, "pow"), base.a, lambda i: self.number(Fraction(i) ** exponent)))
        a = base.a
        if exponent == 0:
            return Fraction(1)
        out = a
        for _ in range(abs(exponent) - 1):
            out = out * a
        if exponent > 0:
            return _Num(out)
        zero = [i for i, v in enumerate(out) if v == 0]
        if zero:
            raise Undefined(zero[0], expr)
        return _Num(self.number(Fraction(1)) / out)


_RELATIONS = {sympy.StrictGreaterThan: np.greater, sympy.GreaterThan: np.greater_equal,
              sympy.StrictLessThan: np.less, sympy.LessThan: np.less_equal,
              sympy.Eq: np.equal, sympy.Ne: np.not_equal}


def event(expr: sympy.Basic, evaluate: CountEvaluator) -> np.ndarray:
    """A boolean mask of the outcomes where the condition ``expr`` holds (``evaluate`` must be exact)."""
    if expr is sympy.true or expr is True:
        return np.ones(evaluate.size, dtype=bool)
    if expr is sympy.false or expr is False:
        return np.zeros(evaluate.size, dtype=bool)
    if isinstance(expr, sympy.And):
        return np.logical_and.reduce([event(a, evaluate) for a in expr.args])
    if isinstance(expr, sympy.Or):
        return np.logical_or.reduce([event(a, evaluate) for a in expr.args])
    if isinstance(expr, sympy.Not):
        return ~event(expr.args[0], evaluate)
    if type(expr) in _RELATIONS:
        left, right = evaluate(expr.lhs), evaluate(expr.rhs)
        compare = _RELATIONS[type(expr)]
        if all(isinstance(v, (_Int, Fraction)) for v in (left, right)):
            # integers against a rational a/b: compare b * integers with a, all in exact integers
            scale = math.lcm(*(v.denominator for v in (left, right) if isinstance(v, Fraction)))
            sides = [_int_mul(v.a, np.full(evaluate.size, scale, dtype=np.int64)) if isinstance(v, _Int)
                     else int(v * scale) for v in (left, right)]
            return np.asarray(compare(sides[0], sides[1]), dtype=bool)
        sides = [v.a if isinstance(v, (_Int, _Num)) else np.full(evaluate.size, v, dtype=object) for v in (left, right)]
        return np.asarray(compare(sides[0], sides[1]), dtype=bool)
    raise invalid("given", str(expr), "not a condition on the counts (use <, <=, >, >=, ==, !=, and, or, not)")
