"""Witnesses that a premise can hold: exact points of a decided domain, re-checked in exact arithmetic.

A condition decided on a whole domain (z3: "no point of the domain where it fails") says nothing when the
domain is empty; for an implication the domain holds its premise, and an unsatisfiable premise makes the
proof vacuous. :func:`with_witnesses` re-checks points given by the claim against every constraint of
the domain (exactly, with sympy; symbols matched by name as in :func:`proofs.check_sign`; a value may be
a rational or an exact expression such as ``"log(3)"``), and records how many satisfy them all as the
evidence's ``premise_cases``: zero makes the evidence vacuous, and it earns nothing
(:func:`proofs.base.verdict.decide`). :func:`decide_with_witnesses` is the decision and the re-check in one.

Example::

    proof = paper_sign_evidence("p - q", ["q < p", "p + q == 1"])
    with_witnesses(proof, ["q < p", "p + q == 1"], [{"p": "3/4", "q": "1/4"}]).premise_cases   # 1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import sympy

from core.formula import as_sympy
from proofs.base.evidence import Evidence, Outcome
from proofs.engines.composite import point_steps
from catalog.engines.notation import paper_sign_evidence
from proofs.engines.sign.parse import parse_constraint, plain_symbols
from core.errors import invalid
from symbolic.symbols import by_name

__all__ = ["satisfies", "with_witnesses", "decide_with_witnesses"]


def _value(name: str, value: object) -> sympy.Expr:
    if isinstance(value, bool):
        raise invalid(name, value, "is a truth value, not a number")
    if isinstance(value, (int, Fraction, str)):
        parsed = as_sympy(value, name=name)
        if parsed.free_symbols:
            raise invalid(name, value, "must be a number, not a formula in symbols")
        return parsed
    if isinstance(value, sympy.Expr) and not value.free_symbols and not value.has(sympy.Float):
        return value
    raise invalid(name, value, "must be an exact number (int, Fraction, sympy number or a string such as 'log(3)')")


def satisfies(constraints: Iterable[str | sympy.Basic], point: Mapping[str, object], *,
              symbols: Iterable[str] = ()) -> bool:
    """Whether every constraint (``"p > 1/2"``, ``"0 <= q <= 1"``, ...) holds at ``point`` exactly.

    Every symbol of a constraint must have a value in ``point``; a constraint that sympy cannot decide at
    the point counts as not satisfied."""
    known = plain_symbols(set(by_name()) | set(point) | set(symbols))
    values = {known[name]: _value(name, value) for name, value in point.items()}
    for item in constraints:
        for condition in parse_constraint(item, known):
            missing = sorted(s.name for s in condition.expr.free_symbols if s not in values)
            if missing:
                raise invalid("point", dict(point), f"has no value for {missing} (constraint {item!r})")
            if condition.holds_at(values) is not True:
                return False
    return True


def with_witnesses(evidence: Evidence, constraints: Sequence[str | sympy.Basic],
                   witnesses: Sequence[Mapping[str, object]], *,
                   symbols: Iterable[str] = ()) -> Evidence:
    """``evidence`` with ``premise_cases`` = the number of ``witnesses`` at which every constraint holds
    (re-checked exactly), and the witnesses in its detail."""
    if not witnesses:
        raise invalid("witnesses", witnesses, "name at least one point where the premise should hold")
    symbols = tuple(symbols)
    held = [dict(w) for w in witnesses if satisfies(constraints, w, symbols=symbols)]
    failed = [dict(w) for w in witnesses if dict(w) not in held]
    detail = {**evidence.detail, "premise witnesses (re-checked exactly)": [_shown(w) for w in held]}
    if failed:
        detail["points given that are not in the premise"] = [_shown(w) for w in failed]
    return dataclasses.replace(evidence, detail=detail, premise_cases=len(held))


def _shown(point: Mapping[str, object]) -> dict[str, str]:
    return {name: str(value) for name, value in point.items()}


def decide_with_witnesses(expr: sympy.Expr, domain: Sequence[str | sympy.Basic], *, timeout: float,
                          witnesses: Sequence[Mapping[str, object]] = (), **kwargs: Any) -> Evidence:
    """:func:`proofs.engines.sign.sign_evidence` of ``expr`` on ``domain`` (``kwargs`` passed on), with
    ``premise_cases`` counted at ``witnesses`` when some are given (for an implication whose premise the
    domain holds)."""
    found = paper_sign_evidence(expr, domain, timeout=timeout, **kwargs)
    if found.outcome is Outcome.COUNTEREXAMPLE and found.counterexample:  # its point, for a proof certificate
        found = dataclasses.replace(found, steps=found.steps + point_steps(
            expr, domain, kwargs.get("sign", ">0"), found.counterexample, fails=True,
            integers=kwargs.get("integers", ()), symbols=kwargs.get("symbols", ())))
    if not witnesses:
        return found
    return with_witnesses(found, domain, witnesses, symbols=kwargs.get("symbols", ()))
