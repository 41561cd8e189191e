"""Exhaustive enumeration of the multinomial outcomes of the generalized Warner survey Q_{2x3}
(003 §3.1: q1 = πp + (1-π)q, q2 = πq + (1-π)p, q3 = 1 - p - q; (N1, N2, N3) ~ multinomial(n; q1, q2, q3)).

:func:`moments` returns the mean and variance of a statistic of (N1, N2, N3), optionally conditional
on an event (``given="N1+N2 > 0"`` for Theorems 3.9 and 3.10), summed over all C(n+2, 2) outcomes.
Three modes share one evaluator:

* ``"mpf"`` (default): ``dps`` significant digits (set through ``mp.workdps``; never a global);
  values are :class:`mpmath.mpf`;
* ``"arb"`` (certified): python-flint ball arithmetic; ``mean``, ``variance`` and ``probability`` are
  ``arb`` balls that rigorously enclose the exact values;
* ``"exact"``: :class:`fractions.Fraction` throughout (small n, rational parameters; used to re-check
  counterexamples).

Speed comes from structure, not from a faster loop: probabilities are ``n! T1[N1] T2[N2] T3[N3]`` with
``Ti[j] = qi^j / j!`` built by recurrence (two multiplications per outcome); the statistic is compiled
from its sympy tree, integer sub-expressions of the counts stay in int64 numpy arrays, and every
sub-expression that depends on the counts only through one integer array (``1/(N1+N2)``, ``N2 q``) is
tabulated over that array's few distinct values and gathered. The high-precision modes run in C
(python-flint ``arb``) on numpy object arrays; ``mpf`` returns the midpoints of balls whose radii are
checked against the requested precision (the working precision is raised until they are small enough).
:func:`reference_moments` is the plain mpmath double loop (binomials and powers per outcome) that the
benchmark and the tests compare with.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from core.errors import invalid
from core.exact import as_fraction  # re-exported: the one exact conversion lives in core
from symbolic import symbols as S

__all__ = ["Survey", "Moments", "moments", "outcomes", "parse_statistic", "reference_moments", "MODES",
           "as_fraction"]

MODES = ("mpf", "arb", "exact")
_COUNTS = ("N1", "N2", "N3")
_ALIASES = {"n1": "N1", "n2": "N2", "n3": "N3"}
_PARAMETERS = ("p", "q", "pi", "n")


@dataclass(frozen=True)
class Survey:
    """One Q_{2x3} survey: sample size ``n``, truth probability ``p``, lie probability ``q`` (so "don't
    know" has 1 - p - q), true proportion ``pi`` (003 §3.1). All exact rationals, validated here."""

    n: int
    p: Fraction
    q: Fraction
    pi: Fraction

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, (int, np.integer)) or self.n < 1:
            raise invalid("n", self.n, "the sample size must be an integer >= 1")
        object.__setattr__(self, "n", int(self.n))
        for name in ("p", "q", "pi"):
            value = as_fraction(name, getattr(self, name))
            if not 0 <= value <= 1:
                raise invalid(name, getattr(self, name), "a probability must lie in [0, 1]")
            object.__setattr__(self, name, value)
        if self.p + self.q > 1:
            raise invalid("p+q", self.p + self.q, f"p={self.p} and q={self.q} leave 1-p-q < 0",
                          "Q_{2x3} needs p + q <= 1")

    @property
    def q1(self) -> Fraction:
        return self.pi * self.p + (1 - self.pi) * self.q

    @property
    def q2(self) -> Fraction:
        return self.pi * self.q + (1 - self.pi) * self.p

    @property
    def q3(self) -> Fraction:
        return 1 - self.p - self.q

    def values(self) -> dict[str, Fraction | int]:
        return {"n": self.n, "p": self.p, "q": self.q, "pi": self.pi}


@dataclass(frozen=True)
class Moments:
    """Moments of a statistic over the outcomes of a survey (conditional on ``given`` when set).

    ``probability`` is P(given) (1 without a condition); ``outcomes`` the number of outcomes of positive
    probability in the event; ``mode`` and ``dps`` say how the numbers were computed."""

    mean: Any
    variance: Any
    probability: Any
    outcomes: int
    mode: str
    dps: int | None
    bits: int | None = None


def outcomes(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All C(n+2, 2) triples (N1, N2, N3) with N1 + N2 + N3 = n, as int64 arrays, rows of fixed N3."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise invalid("n", n, "the sample size must be an integer >= 1")
    n = int(n)
    lengths = n + 1 - np.arange(n + 1)
    n3 = np.repeat(np.arange(n + 1, dtype=np.int64), lengths)
    starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
    n1 = np.arange(len(n3), dtype=np.int64) - starts
    return n1, n - n1 - n3, n3


# --------------------------------------------------------------------------------------------- parsing

def parse_statistic(statistic: Any, *, name: str = "statistic", allowed: tuple[str, ...] | None = None,
                    relational: bool = False) -> sympy.Basic:
    """A sympy expression from a string or expression in N1, N2, N3 (or n1, n2, n3), p, q, pi, n.

    Symbols are matched by *name*, whatever their assumptions, and replaced by those of
    :mod:`symbolic.symbols`; an unknown name raises ``InvalidArgument``. Strings may use ``!=``/``==``
    for a condition (read as ``Ne``/``Eq``)."""
    allowed = allowed or _COUNTS + tuple(_ALIASES) + _PARAMETERS
    names = S.by_name()
    if isinstance(statistic, str):
        text = statistic.strip()
        if not text:
            raise invalid(name, statistic, "empty")
        try:
            match = re.fullmatch(r"(.+?)(!=|==)(.+)", text)
            if match:
                lhs = sympy.sympify(match.group(1), locals=names)
                rhs = sympy.sympify(match.group(3), locals=names)
                expr = sympy.Ne(lhs, rhs) if match.group(2) == "!=" else sympy.Eq(lhs, rhs)
            else:
                expr = sympy.sympify(text, locals=names)
        except (sympy.SympifyError, SyntaxError, TypeError) as exc:
            raise invalid(name, statistic, f"not an expression ({exc})") from None
    else:
        try:
            expr = sympy.sympify(statistic)
        except (sympy.SympifyError, TypeError):
            raise invalid(name, statistic, "not a sympy expression or a string") from None
    if isinstance(expr, (bool, sympy.logic.boolalg.BooleanAtom)) and not relational:
        raise invalid(name, statistic, "is a truth value, not a statistic")
    unknown = sorted(s.name for s in expr.free_symbols if s.name not in allowed)
    if unknown:
        raise invalid(name, statistic, f"unknown symbols {unknown}", f"use only {list(allowed)}")
    swap = {s: names[_ALIASES.get(s.name, s.name)] for s in expr.free_symbols}
    return expr.xreplace(swap)


# ------------------------------------------------------------------------------------------ evaluation

class _Int:
    """An exact integer array (int64, or Python ints in an object array when large)."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a


class _Num:
    """An array of numbers of the mode (arb balls or Fractions)."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a


_LIMIT = 2 ** 62


def _int_mul(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype == object or y.dtype == object:
        return x * y
    bound = float(np.abs(x).max(initial=0)) * float(np.abs(y).max(initial=0))
    if bound >= _LIMIT:
        return x.astype(object) * y.astype(object)
    return x * y


def _int_add(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype == object or y.dtype == object:
        return x + y
    bound = float(np.abs(x).max(initial=0)) + float(np.abs(y).max(initial=0))
    if bound >= _LIMIT:
        return x.astype(object) + y.astype(object)
    return x + y


class _Evaluator:
    """Evaluates a rational function of N1, N2, N3 (parameters already substituted) on outcome arrays.

    ``number`` maps an exact Fraction to the mode's number type."""

    def __init__(self, counts: Mapping[str, np.ndarray], number: Callable[[Fraction], Any], label: str) -> None:
        self.counts = counts
        self.number = number
        self.label = label
        self.size = len(next(iter(counts.values())))

    def tabulate(self, ints: np.ndarray, f: Callable[[int], Any], expr: Any = None) -> np.ndarray:
        """``f`` at each distinct value of ``ints``, gathered back (one evaluation per distinct value)."""
        if ints.dtype != object and len(ints):
            lo, hi = int(ints.min()), int(ints.max())
            if hi - lo <= 8 * (len(ints) + 16):
                table = np.empty(hi - lo + 1, dtype=object)
                present = np.zeros(hi - lo + 1, dtype=bool)
                present[ints - lo] = True
                for i in np.flatnonzero(present):
                    table[i] = f(int(i) + lo)
                return table[ints - lo]
        uniq, inverse = np.unique(ints, return_inverse=True)
        table = np.array([f(int(u)) for u in uniq] + [None], dtype=object)[:-1]
        return table[inverse.reshape(-1)]

    def to_num(self, value: Any) -> _Num:
        if isinstance(value, _Num):
            return value
        if isinstance(value, _Int):
            return _Num(self.tabulate(value.a, lambda i: self.number(Fraction(i))))
        constant = self.number(value)
        out = np.empty(self.size, dtype=object)
        out[:] = [constant] * self.size
        return _Num(out)

    def __call__(self, expr: sympy.Basic) -> Any:
        if expr.is_Rational:
            return Fraction(int(expr.p), int(expr.q))
        if expr.is_Symbol:
            return _Int(self.counts[expr.name])
        if expr.is_Add:
            return self.add([self(arg) for arg in expr.args])
        if expr.is_Mul:
            return self.mul([self(arg) for arg in expr.args], expr)
        if expr.is_Pow and expr.exp.is_Integer:
            return self.power(self(expr.base), int(expr.exp), expr)
        raise invalid(self.label, expr, "only rational functions of N1, N2, N3 (with rational parameters) "
                      "can be enumerated")

    def add(self, terms: list[Any]) -> Any:
        constant = sum((t for t in terms if isinstance(t, Fraction)), Fraction(0))
        ints = [t.a for t in terms if isinstance(t, _Int)]
        nums = [t.a for t in terms if isinstance(t, _Num)]
        int_part = None
        for a in ints:
            int_part = a if int_part is None else _int_add(int_part, a)
        if not nums:
            if int_part is None:
                return constant
            if constant.denominator == 1:
                return _Int(_int_add(int_part, np.full(self.size, int(constant), dtype=np.int64)))
            return _Num(self.tabulate(int_part, lambda i: self.number(i + constant)))
        total = nums[0]
        for a in nums[1:]:
            total = total + a
        if int_part is not None:
            total = total + self.tabulate(int_part, lambda i: self.number(i + constant))
        elif constant:
            total = total + self.number(constant)
        return _Num(total)

    def mul(self, factors: list[Any], expr: Any) -> Any:
        constant = math.prod((f for f in factors if isinstance(f, Fraction)), start=Fraction(1))
        ints = [f.a for f in factors if isinstance(f, _Int)]
        nums = [f.a for f in factors if isinstance(f, _Num)]
        int_part = None
        for a in ints:
            int_part = a if int_part is None else _int_mul(int_part, a)
        if constant == 0:
            return Fraction(0)
        if not nums:
            if int_part is None:
                return constant
            if constant.denominator == 1:
                return _Int(_int_mul(int_part, np.full(self.size, int(constant), dtype=np.int64)))
            return _Num(self.tabulate(int_part, lambda i: self.number(i * constant)))
        total = nums[0]
        for a in nums[1:]:
            total = total * a
        if int_part is not None:
            total = total * self.tabulate(int_part, lambda i: self.number(i * constant))
        elif constant != 1:
            total = total * self.number(constant)
        return _Num(total)

    def power(self, base: Any, exponent: int, expr: Any) -> Any:
        if isinstance(base, Fraction):
            if base == 0 and exponent < 0:
                raise invalid(self.label, expr, "divides by zero at these parameters")
            return base ** exponent
        if isinstance(base, _Int):
            if exponent >= 0:
                out = np.ones(self.size, dtype=np.int64)
                for _ in range(exponent):
                    out = _int_mul(out, base.a)
                return _Int(out)
            zero = np.flatnonzero(base.a == 0)
            if len(zero):
                raise _Undefined(int(zero[0]), expr)
            return _Num(self.tabulate(base.a, lambda i: self.number(Fraction(i) ** exponent)))
        a = base.a
        if exponent >= 0:
            out = np.ones(self.size, dtype=object) * self.number(Fraction(1)) if exponent == 0 else a
            for _ in range(exponent - 1):
                out = out * a
            return _Num(out)
        out = a
        for _ in range(-exponent - 1):
            out = out * a
        try:
            return _Num(self.number(Fraction(1)) / out)
        except ZeroDivisionError:
            index = next(i for i, v in enumerate(out) if v == 0)
            raise _Undefined(index, expr) from None


class _Undefined(Exception):
    def __init__(self, index: int, expr: Any) -> None:
        super().__init__(index, expr)
        self.index = index
        self.expr = expr


def _compare(relation: type, left: Any, right: Any, size: int) -> np.ndarray:
    def array(v: Any) -> np.ndarray:
        if isinstance(v, (_Int, _Num)):
            return v.a
        return np.full(size, v, dtype=object)

    ops = {sympy.StrictGreaterThan: np.greater, sympy.GreaterThan: np.greater_equal,
           sympy.StrictLessThan: np.less, sympy.LessThan: np.less_equal,
           sympy.Eq: np.equal, sympy.Ne: np.not_equal}
    return np.asarray(ops[relation](array(left), array(right)), dtype=bool)


def _event(expr: Any, evaluate: _Evaluator) -> np.ndarray:
    """A boolean mask of the outcomes where the condition ``expr`` holds (exact arithmetic)."""
    if expr is sympy.true or expr is True:
        return np.ones(evaluate.size, dtype=bool)
    if expr is sympy.false or expr is False:
        return np.zeros(evaluate.size, dtype=bool)
    if isinstance(expr, sympy.And):
        return np.logical_and.reduce([_event(a, evaluate) for a in expr.args])
    if isinstance(expr, sympy.Or):
        return np.logical_or.reduce([_event(a, evaluate) for a in expr.args])
    if isinstance(expr, sympy.Not):
        return ~_event(expr.args[0], evaluate)
    if isinstance(expr, sympy.core.relational.Relational) and type(expr) in (
            sympy.StrictGreaterThan, sympy.GreaterThan, sympy.StrictLessThan, sympy.LessThan, sympy.Eq, sympy.Ne):
        return _compare(type(expr), evaluate(expr.lhs), evaluate(expr.rhs), evaluate.size)
    raise invalid("given", expr, "not a condition on N1, N2, N3 (use <, <=, >, >=, ==, !=, &, |, ~)")


def _substitute(expr: sympy.Basic, survey: Survey, label: str) -> sympy.Basic:
    values = {S.p: sympy.Rational(survey.p.numerator, survey.p.denominator),
              S.q: sympy.Rational(survey.q.numerator, survey.q.denominator),
              S.pi: sympy.Rational(survey.pi.numerator, survey.pi.denominator),
              S.n: sympy.Integer(survey.n)}
    out = expr.xreplace(values)
    if out.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise invalid(
            f"p={survey.p}, q={survey.q}, pi={survey.pi}; {label}", expr,
            "undefined at these parameters (a division by zero; the MLE needs p != q)")
    return out


def _tables(survey: Survey, number: Callable[[Fraction], Any]) -> tuple[list[Any], ...]:
    """Ti[j] = qi^j / j!, j = 0..n, by recurrence (one multiplication and one division each)."""
    out = []
    for qi in (survey.q1, survey.q2, survey.q3):
        x = number(qi)
        row = [number(Fraction(1))]
        for j in range(1, survey.n + 1):
            row.append(row[-1] * x / j)
        out.append(row)
    return tuple(out)


def _fraction_number(x: Fraction) -> Fraction:
    return x


def _arb_number(x: Fraction) -> Any:
    from flint import arb, fmpq

    return arb(fmpq(x.numerator, x.denominator))


def _enumerate(expr: sympy.Basic, condition: Any, survey: Survey, number: Callable[[Fraction], Any],
               label: str) -> tuple[Any, Any, Any, int]:
    n1, n2, n3 = outcomes(survey.n)
    support = np.ones(len(n1), dtype=bool)
    for counts, qi in ((n1, survey.q1), (n2, survey.q2), (n3, survey.q3)):
        if qi == 0:
            support &= counts == 0
    counts = {"N1": n1[support], "N2": n2[support], "N3": n3[support]}
    if condition is not None:
        mask = _event(condition, _Evaluator(counts, _fraction_number, "given"))
        counts = {k: v[mask] for k, v in counts.items()}
    size = len(counts["N1"])
    if size == 0:
        raise invalid("given", condition, f"has probability 0 at n={survey.n}, p={survey.p}, q={survey.q}, "
                      f"pi={survey.pi}")
    evaluate = _Evaluator(counts, number, label)
    try:
        value = evaluate(expr)
    except _Undefined as undefined:
        i = undefined.index
        where = {k: int(v[i]) for k, v in counts.items()}
        raise invalid(label, expr, f"undefined (division by zero in {undefined.expr}) at outcome {where} "
                      f"of positive probability", "condition on an event that excludes it, e.g. "
                      "given='N1+N2 > 0'") from None
    t1, t2, t3 = _tables(survey, number)
    head = number(Fraction(math.factorial(survey.n)))
    row = np.array([head * t for t in t3] + [None], dtype=object)[:-1]
    g1 = np.array(t1 + [None], dtype=object)[:-1]
    g2 = np.array(t2 + [None], dtype=object)[:-1]
    prob = g1[counts["N1"]] * g2[counts["N2"]] * row[counts["N3"]]
    if isinstance(value, Fraction):
        x = number(value)
        s0 = prob.sum()
        return s0, s0 * x, s0 * x * x, size
    xs = evaluate.to_num(value).a
    px = prob * xs
    return prob.sum(), px.sum(), (px * xs).sum(), size


def moments(statistic: Any, n: int, p: Any, q: Any, pi: Any, *, given: Any = None, dps: int = 50,
            mode: str = "mpf") -> Moments:
    """Mean and variance of ``statistic`` over multinomial(n; q1, q2, q3) for Q_{2x3} (003 §3.1),
    conditional on ``given`` when set (e.g. ``"N1+N2 > 0"``).

    ``statistic``: sympy expression or string in N1, N2, N3, p, q, pi, n, rational in the counts;
    ``p, q, pi``: exact rationals (ints, Fractions, strings, floats are read exactly);
    ``dps``: significant digits of the ``mpf``/``arb`` modes; ``mode``: ``"mpf"`` | ``"arb"`` | ``"exact"``.
    """
    if mode not in MODES:
        raise invalid("mode", mode, f"not one of {list(MODES)}")
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 5:
        raise invalid("dps", dps, "must be an integer >= 5")
    survey = Survey(n, p, q, pi)
    expr = _substitute(parse_statistic(statistic), survey, "statistic")
    condition = None
    if given is not None:
        condition = _substitute(parse_statistic(given, name="given", relational=True), survey, "given")
    if mode == "exact":
        s0, s1, s2, size = _enumerate(expr, condition, survey, _fraction_number, "statistic")
        mean = s1 / s0
        return Moments(mean, s2 / s0 - mean * mean, s0, size, "exact", None)
    return _ball_moments(expr, condition, survey, dps, mode)


def _ball_moments(expr: Any, condition: Any, survey: Survey, dps: int, mode: str) -> Moments:
    import mpmath
    from flint import arb, ctx

    target = int(math.ceil(dps * math.log2(10))) + 4
    guard = 32
    while True:
        bits = target + guard
        with ctx.workprec(bits):
            s0, s1, s2, size = _enumerate(expr, condition, survey, _arb_number, "statistic")
            mean = s1 / s0
            variance = s2 / s0 - mean * mean
            scale = abs(s2 / s0) + arb(2) ** (-target)
            tight = all(v.is_finite() for v in (mean, variance, s0)) and all(
                float((v.rad() / (abs(v.mid()) + scale)).mid()) <= 2.0 ** (-target)
                for v in (mean, variance, s0))
        if tight or guard >= 8 * target:
            break
        guard *= 4
    if not all(v.is_finite() for v in (mean, variance, s0)):
        raise invalid("statistic", expr, "undefined at some outcome (a division by a quantity that vanishes)")
    if mode == "arb":
        return Moments(mean, variance, s0, size, "arb", dps, bits)
    with mpmath.mp.workdps(dps):
        values = [_to_mpf(v) for v in (mean, variance, s0)]
        values = [+v for v in values]
    return Moments(values[0], values[1], values[2], size, "mpf", dps, bits)


def _to_mpf(ball: Any) -> Any:
    """The midpoint of an ``arb`` ball as an exact ``mpf`` (rounded by the caller's precision)."""
    import mpmath

    mid = ball.mid()
    if mid == 0:
        return mpmath.mpf(0)
    man, exp = mid.man_exp()
    return mpmath.mpf((int(man), int(exp)))


def reference_moments(statistic: Any, n: int, p: Any, q: Any, pi: Any, *, given: Any = None,
                      dps: int = 50) -> Moments:
    """The plain way, for comparison: an mpmath double loop over (N3, N1) computing the multinomial
    probability from binomials and powers at every outcome and the statistic by ``lambdify``."""
    import mpmath

    survey = Survey(n, p, q, pi)
    expr = _substitute(parse_statistic(statistic), survey, "statistic")
    condition = None
    if given is not None:
        condition = _substitute(parse_statistic(given, name="given", relational=True), survey, "given")
    f = sympy.lambdify((S.N1, S.N2, S.N3), expr, modules="mpmath")
    test = sympy.lambdify((S.N1, S.N2, S.N3), condition, modules="mpmath") if condition is not None else None
    with mpmath.mp.workdps(dps + 10):
        q1, q2, q3 = (mpmath.mpf(x.numerator) / x.denominator for x in (survey.q1, survey.q2, survey.q3))
        s0 = s1 = s2 = mpmath.mpf(0)
        count = 0
        for k in range(n + 1):
            for a in range(n - k + 1):
                b = n - k - a
                if test is not None and not test(a, b, k):
                    continue
                prob = mpmath.binomial(n, k) * mpmath.binomial(n - k, a) * q1 ** a * q2 ** b * q3 ** k
                if prob == 0:
                    continue
                x = f(mpmath.mpf(a), mpmath.mpf(b), mpmath.mpf(k))
                count += 1
                s0 += prob
                s1 += prob * x
                s2 += prob * x * x
        mean = s1 / s0
        variance = s2 / s0 - mean * mean
    with mpmath.mp.workdps(dps):
        return Moments(+mean, +variance, +s0, count, "mpf", dps)


