"""z3 for :func:`proofs.check_sign`: polynomial conditions as z3 terms, one query, exact rational models.

Queries go to z3's nonlinear real arithmetic solver (``QF_NRA``, nlsat: a complete decision procedure
for polynomial arithmetic over the reals, so ``unsat`` is a proof and ``sat`` comes with a model). A model
may hold algebraic numbers; :func:`rational_model` fixes the unknowns one after another to simple exact
rationals that keep the query satisfiable (integers for integer symbols), so that a counterexample is a
rational point that sympy can re-evaluate exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

import sympy
import z3

from core.errors import invalid
from proofs.engines.sign.limits import Deadline
from proofs.kernel.record import Transcript

__all__ = ["Answer", "Undecided", "to_z3", "relation", "solve", "rational_model", "interrupted"]

#: Words of z3's ``reason_unknown()`` when a query was stopped by SIGINT rather than by its time limit.
_INTERRUPTED = ("interrupted", "canceled", "cancelled")


class Undecided(Exception):
    """A side query (the sign of a denominator, a logarithm's argument) timed out or returned unknown."""


@dataclass(frozen=True)
class Answer:
    """One z3 query: ``sat``/``unsat``/``unknown``, the model if any, and the time it took."""

    result: str
    model: z3.ModelRef | None
    seconds: float
    reason: str = ""


def to_z3(expr: sympy.Expr, variables: dict[sympy.Symbol, z3.ArithRef], ctx: z3.Context | None = None
          ) -> z3.ArithRef:
    """A polynomial sympy expression as a z3 real term (raises on anything else), in the z3 context of
    ``variables`` (each problem has its own, so that a model never depends on earlier queries)."""
    if ctx is None and variables:
        ctx = next(iter(variables.values())).ctx
    if expr.is_Rational:
        return z3.RealVal(f"{expr.p}/{expr.q}", ctx)
    if expr.is_Symbol:
        return variables[expr]
    if expr.is_Add:
        return z3.Sum([to_z3(a, variables, ctx) for a in expr.args])
    if expr.is_Mul:
        return z3.Product([to_z3(a, variables, ctx) for a in expr.args])
    if expr.is_Pow and expr.exp.is_Integer and expr.exp >= 0:
        base = to_z3(expr.base, variables, ctx)
        if expr.exp == 0:
            return z3.RealVal(1, ctx)
        return z3.Product([base] * int(expr.exp)) if expr.exp > 1 else base
    raise invalid("expr", expr, "not a polynomial after clearing denominators (internal reduction error)")


def relation(term: z3.ArithRef, op: str) -> z3.BoolRef:
    """``term op 0`` as a z3 formula."""
    zero = z3.RealVal(0, term.ctx)
    return {">": term > zero, ">=": term >= zero, "<": term < zero, "<=": term <= zero,
            "==": term == zero, "!=": term != zero}[op]


def interrupted(reason: str, seconds: float, timeout: float) -> bool:
    """Whether z3's ``unknown`` with ``reason`` after ``seconds`` (of ``timeout``) was an interrupt: the
    reason says so ("interrupted from keyboard"), or says "canceled" well before the time limit."""
    text = reason.lower()
    if "interrupted" in text:
        return True
    return any(word in text for word in _INTERRUPTED) and seconds < 0.9 * timeout


def solve(formulas: Sequence[z3.BoolRef], timeout: float, *, transcript: Transcript | None = None,
          meaning: Mapping[str, str] | Callable[[], Mapping[str, str]] | None = None) -> Answer:
    """Ask z3 whether ``formulas`` hold together (``QF_NRA``, ``timeout`` seconds).

    With a ``transcript``, a ``sat`` or ``unsat`` answer is recorded with the query's SMT-LIB text and what
    the answer means (``meaning[answer]``; ``meaning`` may be a function that builds it, called only when
    something is recorded). An interrupt raises ``KeyboardInterrupt``."""
    solver = z3.SolverFor("QF_NRA", ctx=formulas[0].ctx if formulas else None)
    solver.set("timeout", max(1, int(timeout * 1000)))
    solver.add(*formulas)
    start = time.perf_counter()
    result = solver.check()
    seconds = time.perf_counter() - start
    answer = "sat" if result == z3.sat else ("unsat" if result == z3.unsat else "unknown")
    if answer == "unknown":
        reason = solver.reason_unknown()
        if interrupted(reason, seconds, timeout):
            raise KeyboardInterrupt(f"z3: {reason}")
        return Answer("unknown", None, seconds, reason)
    if transcript is not None:
        says = ((meaning() if callable(meaning) else meaning) or {}).get(answer, "")
        transcript.query("(set-logic QF_NRA)\n" + solver.to_smt2(), answer, f"{answer}: {says}" if says else answer)
    return Answer(answer, solver.model() if answer == "sat" else None, seconds)


def _value(model: z3.ModelRef, var: z3.ArithRef) -> Fraction | None:
    value = model.eval(var, model_completion=True)
    if z3.is_rational_value(value):
        return Fraction(value.as_fraction())
    if z3.is_algebraic_value(value):
        return Fraction(value.approx(40).as_fraction())
    return None


def _candidates(value: Fraction, integer: bool) -> Iterable[Fraction]:
    if integer:
        yield Fraction(floor(value))
        yield Fraction(floor(value) + 1)
        return
    seen: set[Fraction] = set()
    for bound in (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 50, 100, 1000, 10**4, 10**6, 10**9, 10**12):
        for candidate in (value.limit_denominator(bound),):
            if candidate not in seen:
                seen.add(candidate)
                yield candidate
    if value not in seen:
        yield value


def rational_model(
    formulas: Sequence[z3.BoolRef],
    variables: dict[sympy.Symbol, z3.ArithRef],
    integers: frozenset[str],
    timeout: float,
    order: Sequence[sympy.Symbol] | None = None,
    *,
    deadline: Deadline | None = None,
) -> dict[sympy.Symbol, Fraction] | None:
    """Exact rational values (integers for ``integers``) satisfying ``formulas``, or ``None``.

    The unknowns are fixed one at a time to the simplest rational near the current model that keeps the
    formulas satisfiable; integer unknowns first (floor, then ceiling). Each query gets ``timeout``
    seconds, and none starts after ``deadline``.
    """

    def seconds() -> float | None:
        if deadline is None:
            return timeout
        left = deadline.left()
        return None if left <= 0 else min(timeout, left)

    names = list(order or sorted(variables, key=lambda s: (s.name not in integers, s.name)))
    fixed: dict[sympy.Symbol, Fraction] = {}
    current = list(formulas)
    budget = seconds()
    if budget is None:
        return None
    answer = solve(current, budget)
    if answer.result != "sat":
        return None
    model = answer.model
    for symbol in names:
        var = variables[symbol]
        value = _value(model, var)
        if value is None:
            return None
        for candidate in _candidates(value, symbol.name in integers):
            trial = current + [var == z3.RealVal(f"{candidate.numerator}/{candidate.denominator}", var.ctx)]
            budget = seconds()
            if budget is None:
                return None
            answer = solve(trial, budget)
            if answer.result == "sat":
                fixed[symbol], current, model = candidate, trial, answer.model
                break
        else:
            return None
    return fixed
