"""The decision of a polynomial sign condition by z3 (:func:`decide_polynomial`), and of a side condition
(:func:`decide_polynomial_condition`, used by the interval decider for side conditions and derivative signs).

z3 (``QF_NRA``) is asked for a domain point where the condition fails: ``unsat`` proves the condition on
the whole domain (integer symbols are relaxed to reals, which only enlarges the set searched); ``sat``
gives a model that is turned into exact rationals (integers for integer symbols) and re-evaluated with
sympy in the *original* expression and constraints before it is believed (exactly, or in arb balls at the
two precisions of ``arb(50).confirmations()``); ``unknown`` or a time-out is ``inconclusive``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from core.errors import InvalidArgument
from proofs.base.evidence import Detail
from proofs.engines.sign.limits import Deadline, TimeUp
from proofs.engines.sign.parse import NEGATION, Condition
from proofs.engines.sign.problem import SOLVER_NAME, NotPolynomial, SignProblem, evaluate, flip, compares_to_zero
from proofs.kernel.record import Transcript
from proofs.engines.sign.solver import Undecided, rational_model, relation, to_z3

__all__ = ["PolynomialDecision", "decide_polynomial", "recheck_point", "decide_polynomial_condition"]


@dataclass
class PolynomialDecision:
    """``outcome`` (``proved``/``counterexample``/``inconclusive``), the figures, the re-checked point."""

    outcome: str
    detail: dict[str, Any] = field(default_factory=dict)
    found: dict[str, Any] | None = None


def recheck_point(problem: SignProblem, point: dict[sympy.Symbol, Fraction]) -> dict[str, Any] | None:
    """Re-evaluate a candidate counterexample with sympy in the original expression and constraints:
    the counterexample (by name, exact) if every constraint holds there and the condition fails."""
    values = problem.original_point(point)
    rechecks = set()
    for condition in problem.original_domain:
        problem.deadline.check("re-checking a counterexample")
        value, how = evaluate(condition.expr, values)
        rechecks.add(how)
        if compares_to_zero(condition.op, value, how) is not True:
            return None
    value, how = evaluate(problem.original.expr, values)
    rechecks.add(how)
    if compares_to_zero(problem.original.op, value, how) is not False:
        return None
    found: dict[str, Any] = {}
    for symbol, v in sorted(values.items(), key=lambda kv: kv[0].name):
        found[symbol.name] = v if not v.is_Rational else Fraction(int(v.p), int(v.q))
    for symbol, v in point.items():
        if symbol in problem.stands_for:
            found[str(problem.stands_for[symbol])] = v
    found["value"] = value if not value.is_Rational else Fraction(int(value.p), int(value.q))
    found["recheck"] = "exact" if rechecks == {"exact"} else "two-precisions"
    return found


def decide_polynomial(problem: SignProblem) -> PolynomialDecision:
    """Decide the problem's condition on its domain (see the module docstring)."""
    condition = f"{problem.original.expr} {problem.original.op} 0"
    try:
        polynomial, reasons = problem.polynomial_target()
    except Undecided as undecided:
        return PolynomialDecision("inconclusive", {Detail.SOLVER: SOLVER_NAME, "condition": condition,
                                                   Detail.Z3_OUTCOME: "unknown", "undecided": str(undecided),
                                                   Detail.REDUCTIONS: problem.notes})
    except TimeUp as late:
        return PolynomialDecision("inconclusive", {Detail.SOLVER: SOLVER_NAME, "condition": condition,
                                                   Detail.Z3_OUTCOME: "unknown", "z3 reason": f"time-out ({late.step})",
                                                   Detail.REDUCTIONS: problem.notes})
    failing = problem.fails(polynomial)
    stated = f"{polynomial} {problem.target.op} 0"
    detail: dict[str, Any] = {
        Detail.SOLVER: SOLVER_NAME,
        "condition": condition,
        "polynomial condition": stated,
        "asked z3 for": f"domain and {polynomial} {NEGATION[problem.target.op]} 0",
        Detail.REDUCTIONS: problem.notes + reasons,
    }
    try:
        answer = problem.ask([failing], {"unsat": f"no point of the domain violates {stated}",
                                         "sat": f"a point of the domain violates {stated}"})
    except TimeUp as late:
        detail.update({Detail.Z3_OUTCOME: "unknown", "z3 reason": f"time-out ({late.step})"})
        return PolynomialDecision("inconclusive", detail)
    detail[Detail.Z3_OUTCOME] = answer.result
    detail[Detail.Z3_SECONDS_MAIN] = round(answer.seconds, 4)
    if problem.integers:
        detail["integers"] = (f"{sorted(problem.integers)} relaxed to reals for the proof (unsat over the reals "
                              "covers every integer value); counterexamples are searched with integer values")
    if answer.result == "unsat":
        return PolynomialDecision("proved", detail)
    if answer.result == "unknown":
        detail["z3 reason"] = answer.reason
        return PolynomialDecision("inconclusive", detail)
    point = None
    seconds = problem.deadline.left()
    if problem.target.op in (">", "<") and seconds > 0:     # prefer a point where the condition fails strictly
        strict = relation(to_z3(polynomial, problem.variables), flip(problem.target.op))
        point = rational_model(problem.formulas + [strict], problem.variables, problem.integers, seconds,
                               deadline=problem.deadline)
    if point is None and problem.deadline.left() > 0:
        point = rational_model(problem.formulas + [failing], problem.variables, problem.integers,
                               problem.deadline.left(), deadline=problem.deadline)
    problem.queries += 1
    try:
        found = recheck_point(problem, point) if point is not None else None
    except TimeUp:
        found = None
    if found is None:
        detail["note"] = ("z3 found a real point where the condition fails but no exact rational point "
                          + ("with integer values " if problem.integers else "") + "was confirmed near it")
        return PolynomialDecision("inconclusive", detail)
    return PolynomialDecision("counterexample", detail, found)


def decide_polynomial_condition(condition: Condition, domain: Sequence[Condition], *, deadline: Deadline,
                                transcript: Transcript | None = None) -> tuple[str, dict[str, Any] | None] | None:
    """``(outcome, counterexample)`` of a side condition by z3, or None if it is not polynomial; the queries
    go to ``transcript``."""
    try:
        problem = SignProblem.build(condition, list(domain), deadline=deadline, transcript=transcript)
        decision = decide_polynomial(problem)
    except NotPolynomial:
        return None
    except InvalidArgument:
        return "inconclusive", None
    return decision.outcome, decision.found
