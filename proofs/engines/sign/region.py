"""Where a refuted polynomial sign condition holds (:func:`holds_when`): a candidate constraint, ``n >= n0``
for an integer parameter, or a one-variable bound ``s >= t`` / ``s <= t`` found by exact bisection, each
proved by z3 on the restricted domain (which must be non-empty).

The search shares the caller's :class:`~proofs.engines.sign.limits.Deadline`; the z3 queries of the
proofs that establish the region found (and only those) are returned with it, for the record."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
import z3

from proofs.engines.sign.limits import Deadline, TimeUp
from proofs.engines.sign.parse import Condition
from proofs.engines.sign.problem import SignProblem
from proofs.kernel.record import Transcript
from proofs.engines.sign.solver import Undecided

__all__ = ["holds_when", "Region"]

@dataclass
class Region:
    """Where the condition holds (``text``), and the record of the z3 queries that prove it."""

    text: str
    transcript: Transcript = field(default_factory=Transcript)


@dataclass
class _Search:
    problem: SignProblem
    deadline: Deadline
    proofs: dict[tuple[str, ...], Transcript] = field(default_factory=dict)

    def proved(self, extra: Sequence[str | sympy.Basic]) -> bool:
        """The condition is proved on the domain with ``extra`` constraints, which is not empty."""
        key = tuple(str(e) for e in extra)
        if key in self.proofs:
            return True
        if self.deadline.expired():
            return False
        try:
            sub = self.problem.with_constraints(extra, self.deadline)
            polynomial, _ = sub.polynomial_target()
            stated = f"{polynomial} {sub.target.op} 0"
            if sub.ask([sub.fails(polynomial)], {"unsat": f"no point of the domain violates {stated}",
                                                 "sat": f"a point of the domain violates {stated}"}).result != "unsat":
                return False
            if sub.ask([], {"sat": "the domain has a point", "unsat": "the domain is empty"}).result != "sat":
                return False                    # a region, not an empty set
        except (ValueError, z3.Z3Exception, Undecided, TimeUp):
            return False
        self.proofs[key] = sub.transcript
        return True

    def region(self, text: str, keys: Sequence[tuple[str, ...]]) -> Region:
        record = Transcript()
        for key in keys:
            prefix = f"[with {', '.join(key)}]"
            for q in self.proofs[key].queries:
                answer, _, says = q["says"].partition(": ")
                record.query(q["smtlib"], q["expected"], f"{answer}: {prefix} {says}".rstrip())
        return Region(text, record)


def holds_when(problem: SignProblem, candidates: Sequence[str | sympy.Basic] = (), *,
               deadline: Deadline) -> Region | None:
    """A region where the (refuted) condition is proved, or ``None``: the first candidate constraint
    that makes it proved; else, for an integer symbol, ``n >= n0`` with n0 smallest; else a one-variable
    bound ``s >= t`` or ``s <= t`` (t a simple rational) found by exact bisection."""
    search = _Search(problem, deadline)
    for candidate in candidates:
        if search.proved([candidate]):
            return search.region(str(candidate), [(str(candidate),)])
    if problem.target.op in ("==", "!="):
        return None                     # an identity fails off an algebraic set: no bound to search for
    for name in sorted(problem.integers):
        lower = _lower_bound(problem, name)
        if lower is None:
            continue
        found = _smallest_n0(search, name, math.ceil(lower) - 1)
        if found is not None:
            n0, keys = found
            return search.region(f"{name} >= {n0}", keys)
    found_bound = _one_variable_bound(problem, search)
    return None if found_bound is None else search.region(found_bound, [(found_bound,)])


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


def _smallest_n0(search: _Search, name: str, lower: int) -> tuple[int, list[tuple[str, ...]]] | None:
    start = lower + 1
    while not search.proved([f"{name} >= {start}"]):
        if search.deadline.expired() or start > 2**20:
            return None
        start = start + 1 if start < lower + 8 else 2 * start
    n0, keys = start, [(f"{name} >= {start}",)]
    while n0 > lower and not search.deadline.expired() and search.proved([f"{name} >= {n0 - 1}",
                                                                          f"{name} <= {n0 - 1}"]):
        n0 -= 1
        keys.append((f"{name} >= {n0}", f"{name} <= {n0}"))
    return (n0, keys) if n0 > lower else None


def _one_variable_bound(problem: SignProblem, search: _Search) -> str | None:
    proved = search.proved
    best: tuple[Fraction, str] | None = None
    for symbol in sorted(problem.variables, key=str):
        if symbol in problem.stands_for or symbol.name in problem.integers:
            continue
        lo, hi = _bounds(problem, symbol)
        if lo is None or hi is None or not lo < hi:
            continue
        width = hi - lo
        for direction in (">=", "<="):
            if search.deadline.expired():
                return best[1] if best else None
            good, bad = (hi - width / 1024, lo) if direction == ">=" else (lo + width / 1024, hi)
            if not proved([f"{symbol} {direction} {good}"]):
                continue
            for _ in range(10):
                if search.deadline.expired():
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
