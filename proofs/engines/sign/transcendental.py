"""Sign conditions with ``exp``, ``log`` and ``sqrt`` that no monotone substitution reduces to polynomials.

:func:`decide_transcendental` decides ``f op 0`` on a domain given as conditions:

1. every constraint ``a*x + b op 0`` on one variable becomes a bound of the box; the others are kept as
   constraints (a box where one certainly fails has no domain point);
2. the *side conditions* of ``f`` (each logarithm's argument ``> 0``, each denominator ``!= 0``, each
   square root's base ``>= 0``) are decided on the domain first, recursively (z3 when they are
   polynomial): one that fails at a domain point is an error (``f`` is undefined there); once they hold,
   enclosures may leave out the points where ``f`` is undefined;
3. :func:`proofs.engines.sign.branch.prove` covers the box with certified enclosures and monotonicity
   arguments (tight points, unbounded tails);
4. a point where the condition fails is re-checked in the original expression and constraints:
   exactly where sympy evaluates it to a rational, else in python-flint balls at the two precisions of
   :meth:`core.context.NumbersContext.confirmations` (both at least the working precision).

A condition without variables (``pi - 355/113 > 0``) is decided by its value, enclosed at the two
precisions. The decision shares the caller's :class:`~proofs.engines.sign.limits.Deadline` and returns
the record of its steps (:class:`~proofs.kernel.record.Transcript`: side conditions, closed boxes,
monotonicity arguments) with its outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from core.context import DEFAULT_DPS, arb, closed_sign
from core.errors import invalid
from proofs.base.evidence import Detail
from proofs.engines.sign.branch import MAX_ORDER, Bound, Goal, Result, Search, prove
from proofs.engines.sign.interval import side_conditions
from proofs.engines.sign.limits import Deadline, TimeUp, bounded
from proofs.engines.sign.parse import RELATIONS, Condition
from proofs.engines.sign.polynomial import decide_polynomial_condition
from proofs.kernel.record import Transcript

__all__ = ["TranscendentalDecision", "decide_transcendental", "confirm", "recheck", "box_bounds", "MAX_BOXES", "SIMPLIFY_OPS"]

#: Boxes one decision may examine (the deadline usually comes first).
MAX_BOXES = 20_000
#: Largest equality (operations) handed to sympy's ``simplify``, which cannot be stopped once started and
#: takes minutes on large expressions; a larger one is decided by enclosures alone (they never show == 0).
SIMPLIFY_OPS = 400
_METHOD = ("validated branch-and-bound: python-flint arb interval enclosures (natural and mean-value forms) "
           f"at {DEFAULT_DPS} digits, with mean-value-theorem arguments at tight points and on unbounded tails, "
           "derivative signs decided by z3 where they reduce to polynomials, else by the same procedure")


@dataclass
class TranscendentalDecision:
    """``outcome`` (``proved``/``counterexample``/``inconclusive``), the figures, the re-checked point."""

    outcome: str
    detail: dict[str, Any]
    found: dict[str, Any] | None = None
    covered: str = ""
    notes: list[str] = field(default_factory=list)
    transcript: Transcript = field(default_factory=Transcript)


def _linear_bound(condition: Condition) -> tuple[sympy.Symbol, str, Fraction] | None:
    """``(x, kind, b)`` with kind ``lo``/``hi``/``eq`` if the condition reads ``a*x + c op 0``."""
    expr = condition.expr
    if len(expr.free_symbols) != 1 or not expr.is_polynomial():
        return None
    (x,) = expr.free_symbols
    poly = sympy.Poly(expr, x)
    if poly.degree() != 1 or not all(c.is_Rational for c in poly.all_coeffs()):
        return None
    a, c = poly.all_coeffs()
    value = -c / a
    bound = Fraction(int(value.p), int(value.q))
    if condition.op == "==":
        return x, "eq", bound
    if condition.op == "!=":
        return None
    lower = (a > 0) == (condition.op in (">", ">="))
    return x, "lo" if lower else "hi", bound


def box_bounds(variables: Sequence[sympy.Symbol], domain: Sequence[Condition]) -> tuple[dict[sympy.Symbol, Bound], list[Condition]]:
    """The box the one-variable linear constraints cut out, and the constraints left over."""
    bounds = {x: Bound() for x in variables}
    rest = []
    for condition in domain:
        found = _linear_bound(condition)
        if found is None:
            rest.append(condition)
            continue
        x, kind, b = found
        old = bounds[x]
        strict = condition.op in (">", "<")
        lo, lo_open, hi, hi_open = old.lo, old.lo_open, old.hi, old.hi_open
        if kind in ("lo", "eq") and (lo is None or b > lo or (b == lo and strict)):
            lo, lo_open = b, strict and kind == "lo"
        if kind in ("hi", "eq") and (hi is None or b < hi or (b == hi and strict)):
            hi, hi_open = b, strict and kind == "hi"
        bounds[x] = Bound(lo, hi, lo_open, hi_open)
    return bounds, rest


def confirm(expr: sympy.Expr, op: str, values: dict[sympy.Symbol, Fraction], holds: bool,
            dps: int = DEFAULT_DPS) -> str | None:
    """How ``(expr op 0) == holds`` was confirmed at the exact point ``values``: ``"exact"`` (sympy gives
    a rational), ``"two-precisions"`` (arb balls at both confirmation precisions show the same sign, by
    :func:`core.context.closed_sign`), or None."""
    sign, how = closed_sign(expr, {s.name: v for s, v in values.items()}, dps=dps)
    if sign is None or bool(RELATIONS[op](sympy.Integer(sign))) != holds:
        return None
    return how


def recheck(target: Condition, domain: Sequence[Condition], point: dict[sympy.Symbol, Fraction],
             dps: int) -> dict[str, Any] | None:
    """The counterexample (by name, exact) if every constraint holds at ``point`` and the condition fails."""
    ways = set()
    for condition in domain:
        how = confirm(condition.expr, condition.op, point, True, dps)
        if how is None:
            return None
        ways.add(how)
    how = confirm(target.expr, target.op, point, False, dps)
    if how is None:
        return None
    ways.add(how)
    found: dict[str, Any] = {s.name: v for s, v in sorted(point.items(), key=lambda kv: kv[0].name)}
    exact = target.expr.xreplace({s: sympy.Rational(v.numerator, v.denominator) for s, v in point.items()})
    if exact.is_Rational:
        found["value"] = Fraction(int(exact.p), int(exact.q))
    else:
        with arb(2 * dps).active() as context:
            ball = context.evaluate(target.expr, {s.name: v for s, v in point.items()})
        found["value"] = ball.str(30, radius=False)
        found["value (exact form)"] = str(exact)
    found["recheck"] = "exact" if ways == {"exact"} else "two-precisions"
    return found


def _side(expr: sympy.Expr, op: str, domain: list[Condition], deadline: Deadline, depth: int,
          record: Transcript) -> tuple[str, Any]:
    """The decision of one side condition ``expr op 0`` on the domain: polynomial ones by z3. The steps of
    a proof go to ``record``."""
    condition = Condition(expr, op, f"{expr} {op} 0")
    own = Transcript()
    polynomial = decide_polynomial_condition(condition, domain, deadline=deadline, transcript=own)
    if polynomial is None:
        decision = decide_transcendental(condition, domain, deadline=deadline, depth=depth + 1)
        polynomial, own = (decision.outcome, decision.found), decision.transcript
    if polynomial[0] == "proved":
        record.extend(own)
    return polynomial


def _constant(target: Condition, domain: list[Condition], detail: dict[str, Any], dps: int) -> TranscendentalDecision:
    """A condition without variables: decided by its value (exact, or arb balls at two precisions)."""
    found = recheck(target, domain, {}, dps)
    if found is not None:
        return TranscendentalDecision("counterexample", detail, found)
    how = confirm(target.expr, target.op, {}, True, dps)
    if how is None:
        detail["note"] = "the value's enclosures do not show its sign at either precision"
        return TranscendentalDecision("inconclusive", detail)
    detail["argument"] = f"the value {target.expr} enclosed ({how}) shows {target.op} 0"
    record = Transcript()
    record.box([], (), str(target.expr), "arb balls at two precisions" if how != "exact" else "exact value",
               f"{target.op} 0")
    return TranscendentalDecision("proved", detail, covered="a constant condition", transcript=record)


def _simplifies_to_zero(expr: sympy.Expr, deadline: Deadline) -> bool:
    try:
        return bool(bounded(deadline, "sympy's simplify", sympy.simplify, expr) == 0)
    except TimeUp:
        return False


def decide_transcendental(target: Condition, domain: list[Condition], *, deadline: Deadline,
                          dps: int = DEFAULT_DPS, max_boxes: int = MAX_BOXES, depth: int = 0,
                          sides_only: bool = False) -> TranscendentalDecision:
    """Decide ``target`` on ``domain`` (see the module docstring) by ``deadline``; ``sides_only``: stop after
    step 2 (the outcome is ``proved`` if every side condition was)."""
    variables = tuple(sorted(set().union(target.expr.free_symbols, *(c.expr.free_symbols for c in domain)),
                             key=lambda s: s.name))
    bounds, rest = box_bounds(variables, domain)
    detail: dict[str, Any] = {Detail.SOLVER: _METHOD, "condition": f"{target.expr} {target.op} 0",
                              "box": "; ".join(bounds[x].text(x.name) for x in variables) or "no variable"}
    if rest:
        detail["other constraints"] = [c.text for c in rest]
    if not variables and not sides_only:
        return _constant(target, domain, detail, dps)
    if (target.op == "==" and not deadline.expired() and sympy.count_ops(target.expr) <= SIMPLIFY_OPS
            and _simplifies_to_zero(target.expr, deadline)):
        detail["argument"] = "the expression simplifies to 0 (sympy simplify)"
        return TranscendentalDecision("proved", detail, covered="identically zero")
    record = Transcript()
    clip, side_notes = True, []
    if depth > 3:
        clip = False
    else:
        for expr, op, why in side_conditions(target.expr):
            outcome, found = _side(expr, op, domain, deadline, depth, record)
            if outcome == "counterexample":
                where = ", ".join(f"{k} = {v}" for k, v in (found or {}).items() if k not in ("value", "recheck"))
                raise invalid("expr", target.text, f"{why}: {expr} {op} 0 fails at {where} in the domain "
                              "(the condition is undefined there)", "add a constraint that excludes it")
            side_notes.append(f"{expr} {op} 0 on the domain ({why}): {outcome}")
            clip = clip and outcome == "proved"
    detail["side conditions"] = side_notes
    if sides_only:
        return TranscendentalDecision("proved" if clip else "inconclusive", detail, transcript=record)
    with arb(dps).active():
        search = Search(deadline, max_boxes)
        constraints = tuple((search.program(c.expr, variables), c.op) for c in rest)
        goal = Goal(target.expr, target.op, variables, tuple(bounds[x] for x in variables), constraints, clip=clip)
        result = prove(goal, search)
    detail.update(_figures(result, search, deadline))
    if result.status == "counterexample":
        assert result.point is not None
        found = recheck(target, domain, result.point, dps)
        if found is not None:
            return TranscendentalDecision("counterexample", detail, found)
        detail["note"] = f"a failing test point {result.point} was not confirmed at two precisions"
        return TranscendentalDecision("inconclusive", detail)
    if result.status == "open":
        detail["open boxes"] = [_box_text(box, variables) for box in result.open_boxes[:10]]
        detail["open boxes (count)"] = len(result.open_boxes)
        detail["open measure"] = result.measure()
        if not clip:
            detail["note"] = "side conditions undecided: enclosures had to hold on whole boxes"
        if deadline.expired():
            detail[Detail.TIME_OUT] = f"the deadline ({round(deadline.seconds, 3)} s) passed with boxes still open"
        return TranscendentalDecision("inconclusive", detail)
    record.extend(result.transcript)
    return TranscendentalDecision("proved", detail, covered=_covered(result, variables, bounds), transcript=record)


def _figures(result: Result, search: Search, deadline: Deadline) -> dict[str, Any]:
    figures: dict[str, Any] = {"boxes examined": search.boxes, "seconds": round(deadline.elapsed(), 4)}
    if result.arguments:
        figures["monotonicity arguments"] = result.arguments
        figures["highest derivative"] = result.highest_order
        figures["derivative order limit"] = MAX_ORDER
    return figures


def _box_text(box: Sequence[tuple[Fraction | None, Fraction | None]], variables: Sequence[sympy.Symbol]) -> str:
    return " x ".join(f"{x.name} in [{'-oo' if lo is None else lo}, {'oo' if hi is None else hi}]"
                      for x, (lo, hi) in zip(variables, box))


def _covered(result: Result, variables: Sequence[sympy.Symbol], bounds: dict[sympy.Symbol, Bound]) -> str:
    """What the proof covered, in words: unbounded variables say how their tails were handled."""
    unbounded = [x.name for x in variables if bounds[x].lo is None or bounds[x].hi is None]
    tails = [a.split(":")[0] for a in result.arguments if "oo" in a.split(":")[0]]
    parts = []
    if unbounded:
        parts.append(f"{', '.join(unbounded)} unbounded: bounded boxes by certified enclosures"
                     + (f"; tails by monotonicity arguments ({'; '.join(tails)})" if tails else
                        "; the tails by enclosures over unbounded boxes"))
    if result.arguments and len(tails) < len(result.arguments):
        parts.append("tight points by derivative signs (see detail)")
    return "; ".join(parts)
