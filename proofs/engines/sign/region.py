"""Where a refuted polynomial sign condition holds (:func:`holds_when`): a candidate constraint, ``n >= n0``
for an integer parameter, or a one-variable bound ``s >= t`` / ``s <= t`` found by exact bisection, each
proved by z3 on the restricted domain (which must be non-empty)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import sympy
import z3

from proofs.engines.sign.parse import Condition
from proofs.engines.sign.solver import Undecided

if TYPE_CHECKING:
    from proofs.engines.sign.decide import SignProblem

__all__ = ["holds_when"]


def holds_when(problem: SignProblem, candidates: Sequence[Any] = (), *, seconds: float = 10.0) -> str | None:
    """A region where the (refuted) condition is proved, or ``None``: the first candidate constraint
    that makes it proved; else, for an integer symbol, ``n >= n0`` with n0 smallest; else a one-variable
    bound ``s >= t`` or ``s <= t`` (t a simple rational) found by exact bisection."""
    deadline = time.perf_counter() + seconds

    def proved(extra: Sequence[Any]) -> bool:
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        try:
            sub = problem.with_constraints(extra)
            sub.timeout = min(sub.timeout, left)
            polynomial, _ = sub.polynomial_target()
            if sub.ask([sub.fails(polynomial)]).result != "unsat":
                return False
            return sub.ask([]).result == "sat"          # a region, not an empty set
        except (ValueError, z3.Z3Exception, Undecided):
            return False

    for candidate in candidates:
        if proved([candidate]):
            return str(candidate)
    if problem.target.op in ("==", "!="):
        return None                     # an identity fails off an algebraic set: no bound to search for
    for name in sorted(problem.integers):
        lower = _lower_bound(problem, name)
        if lower is None:
            continue
        n0 = _smallest_n0(proved, name, math.ceil(lower) - 1, deadline)
        if n0 is not None:
            return f"{name} >= {n0}"
    return _one_variable_bound(problem, proved, deadline)


def _linear_bound(condition: Condition, symbol: sympy.Symbol) -> tuple[str, Fraction] | None:
    """``("lower"|"upper", b)`` if the condition reads ``a*symbol + c op 0`` (op an inequality), else None."""
    expr = condition.expr
    if expr.free_symbols != {symbol} or condition.op in ("==", "!=") or not expr.is_polynomial(symbol):
        return None
    poly = sympy.Poly(expr, symbol)
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    bound = Fraction(int((-b / a).p), int((-b / a).q))
    return ("lower" if (a > 0) == (condition.op in (">", ">=")) else "upper"), bound


def _bounds(problem: SignProblem, symbol: sympy.Symbol) -> tuple[Fraction | None, Fraction | None]:
    lo = hi = None
    for condition in problem.domain:
        found = _linear_bound(condition, symbol)
        if found is None:
            continue
        kind, bound = found
        if kind == "lower":
            lo = bound if lo is None else max(lo, bound)
        else:
            hi = bound if hi is None else min(hi, bound)
    return lo, hi


def _lower_bound(problem: SignProblem, name: str) -> Fraction | None:
    symbol = next((s for s in problem.variables if s.name == name), None)
    return None if symbol is None else _bounds(problem, symbol)[0]


def _smallest_n0(proved: Any, name: str, lower: int, deadline: float) -> int | None:
    start = lower + 1
    while not proved([f"{name} >= {start}"]):
        if time.perf_counter() > deadline or start > 2**20:
            return None
        start = start + 1 if start < lower + 8 else 2 * start
    n0 = start
    while n0 > lower and time.perf_counter() < deadline and proved([f"{name} >= {n0 - 1}", f"{name} <= {n0 - 1}"]):
        n0 -= 1
    return n0 if n0 > lower else None


def _one_variable_bound(problem: SignProblem, proved: Any, deadline: float) -> str | None:
    best: tuple[Fraction, str] | None = None
    for symbol in sorted(problem.variables, key=str):
        if symbol in problem.stands_for or symbol.name in problem.integers:
            continue
        lo, hi = _bounds(problem, symbol)
        if lo is None or hi is None or not lo < hi:
            continue
        width = hi - lo
        for direction in (">=", "<="):
            if time.perf_counter() > deadline:
                return best[1] if best else None
            good, bad = (hi - width / 1024, lo) if direction == ">=" else (lo + width / 1024, hi)
            if not proved([f"{symbol} {direction} {good}"]):
                continue
            for _ in range(10):
                if time.perf_counter() > deadline:
                    break
                middle = (good + bad) / 2
                if proved([f"{symbol} {direction} {middle}"]):
                    good = middle
                else:
                    bad = middle
            text = f"{symbol} {direction} {good}"
            for simple in _simple_between(bad, good):
                if proved([f"{symbol} {direction} {simple}"]):
                    good, text = simple, f"{symbol} {direction} {simple}"
                    break
                strict = direction[0]
                if proved([f"{symbol} {strict} {simple}"]):
                    good, text = simple, f"{symbol} {strict} {simple}"
                    break
            share = (hi - good) / width if direction == ">=" else (good - lo) / width
            if best is None or share > best[0]:
                best = (share, text)
    return best[1] if best else None


def _simple_between(a: Fraction, b: Fraction, tries: int = 4) -> Iterator[Fraction]:
    """Up to ``tries`` rationals of smallest denominators in the closed interval between a and b."""
    lo, hi = min(a, b), max(a, b)
    found = 0
    for denominator in range(1, 257):
        numerator = -((-lo.numerator * denominator) // lo.denominator)   # ceil(lo * denominator)
        while Fraction(numerator, denominator) <= hi and found < tries:
            candidate = Fraction(numerator, denominator)
            if candidate.denominator == denominator:
                found += 1
                yield candidate
            numerator += 1
            break
        if found >= tries:
            return
