"""Whether the domain of a sign condition has a point: a condition on an empty domain holds vacuously, and
vacuity is not support.

:func:`domain_status` decides it before the condition is studied:

* a domain with no constraint is every point;
* a domain that the monotone substitutions reduce to polynomials is decided by z3: ``unsat`` of the
  constraints alone shows it empty; ``sat`` gives a model that is turned into an exact point (integers for
  integer symbols) and re-checked in the constraints as written;
* otherwise a simple rational point of the box the one-variable bounds cut out is tried (each constraint
  confirmed exactly or at two precisions), then cvc5 is asked for a point of the constraints alone
  (``unsat``: empty; a model is re-checked before it is believed).

What none of these decides is ``unknown``, and is said so: the caller never treats it as non-empty (a proof
on such a domain is reported as not shown to cover any point).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.context import DEFAULT_DPS
from proofs.engines.sign import cvc5_solver
from proofs.engines.sign.limits import Deadline
from proofs.engines.sign.parse import Condition
from proofs.engines.sign.problem import NotPolynomial, SignProblem
from proofs.engines.sign.rationals import inner_point
from proofs.kernel.record import Transcript
from proofs.engines.sign.transcendental import box_bounds, confirm

__all__ = ["DomainStatus", "domain_status", "CVC5_SECONDS"]

#: Seconds cvc5 may spend looking for a point of a transcendental domain.
CVC5_SECONDS = 2.0


@dataclass(frozen=True)
class DomainStatus:
    """``kind`` is ``point`` (``point`` an exact point of the domain, by name), ``empty`` or ``unknown``;
    ``how`` says how it was decided."""

    kind: str
    how: str
    point: dict[str, Any] | None = None

    @property
    def empty(self) -> bool:
        return self.kind == "empty"


def of_problem(problem: SignProblem) -> DomainStatus:
    """The status of a polynomial problem's domain (z3, recorded in the problem's transcript)."""
    kind, point, how = problem.domain_point()
    return DomainStatus(kind, how, point)


def domain_status(domain: Sequence[Condition], integers: frozenset[str], *, deadline: Deadline,
                  transcript: Transcript | None = None) -> DomainStatus:
    """Whether ``domain`` has a point (see the module docstring); z3 and cvc5 queries go to ``transcript``."""
    if not domain:
        return DomainStatus("point", "no constraint: every point", {})
    everything = Condition(sympy.Integer(1), ">", "1 > 0")          # the domain alone
    try:
        problem = SignProblem.build(everything, domain, integers=integers, deadline=deadline, transcript=transcript)
    except NotPolynomial:
        return _transcendental(domain, deadline, transcript)
    return of_problem(problem)


def _transcendental(domain: Sequence[Condition], deadline: Deadline, transcript: Transcript | None) -> DomainStatus:
    variables = sorted(set().union(*(c.expr.free_symbols for c in domain)), key=lambda s: s.name)
    bounds, _ = box_bounds(variables, domain)
    if any(bounds[x].empty for x in variables):
        empty = next(x for x in variables if bounds[x].empty)
        return DomainStatus("empty", f"the bounds of {empty} contradict each other ({bounds[empty].text(empty.name)})")
    point = {x: inner_point(bounds[x].lo, bounds[x].hi) for x in variables}
    if _holds(domain, point):
        return DomainStatus("point", "a simple rational point of the box, each constraint confirmed", _named(point))
    if cvc5_solver.available() and not deadline.expired():
        nothing = Condition(sympy.Integer(0), "!=", "0 != 0")                 # fails everywhere: the domain alone
        query = cvc5_solver.ask(nothing, domain, (), min(CVC5_SECONDS, deadline.left()), transcript,
                                "the domain is empty: no point satisfies every constraint")
        if query.result == "unsat":
            return DomainStatus("empty", "cvc5: no point satisfies every constraint (unsat)")
        if query.result == "sat" and query.model is not None and _holds(domain, query.model):
            return DomainStatus("point", "cvc5 (sat), the point re-checked in the domain as written",
                                _named(query.model))
    return DomainStatus("unknown", "neither a simple point of the box nor cvc5 showed a point of the domain, and "
                        "nothing showed it empty")


def _holds(domain: Sequence[Condition], point: dict[sympy.Symbol, Fraction]) -> bool:
    return all(confirm(c.expr, c.op, point, True, DEFAULT_DPS) is not None for c in domain)


def _named(point: dict[sympy.Symbol, Fraction]) -> dict[str, Fraction]:
    return {s.name: v for s, v in sorted(point.items(), key=lambda kv: kv[0].name)}
