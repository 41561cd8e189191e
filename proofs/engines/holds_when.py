"""A ``holds_when`` that is checked: the condition under which an author says a refuted claim holds.

A claims author may say where a claim that fails in general does hold ("the printed variance holds when
π0 = 0"). Printed as it is, that reads as a finding although nothing checked it. Here it is checked as two
statements, both required:

1. the claim **holds on the region** the condition names: the same check, run on the stated domain with
   the condition added, earns ``proved`` or ``supported`` (not vacuously: the usual verdict rule);
2. the claim **fails outside it**: the check on the whole domain is refuted, and its counterexample does
   not satisfy the condition.

The evidence that refutes the claim then carries the condition with ``holds_when_checked=True``; otherwise
it carries it with ``holds_when_checked=False`` and says which part failed, and the report shows it as
"stated by the author, not checked" (:data:`proofs.base.evidence.HOLDS_WHEN_UNCHECKED`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction

import sympy

from core.domain import Domain, DomainLike
from core.types import NumberLike
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy
from numeric.count_points import face, holds
from numeric.finite_mechanism import symbol
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, Verdict

__all__ = ["with_region", "condition_of", "joined"]


def condition_of(text: DomainLike) -> Domain:
    """The condition as a domain (``"pi0 == 0"``, ``"c0 <= n/2, eps >= 1"``)."""
    if not isinstance(text, str) or not text.strip():
        raise invalid("holds_when", text, "must be a condition such as 'pi0 == 0'")
    domain = Domain.parse(text)
    return Domain(domain.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                     for c in domain.conditions), domain.integers)


def joined(domain: DomainLike, condition: Domain) -> Domain:
    """The stated domain with the condition added. An equality ``c0 == 0`` of the condition is substituted
    into the stated conditions first, so that the region is judged as the face it is: ``0 <= c0 <= n``
    becomes ``0 <= n`` there, and the region's points are not all "on the boundary" of ``0 <= c0``."""
    if domain is None:
        return condition
    stated = domain if isinstance(domain, Domain) else Domain.parse(domain)
    stated = Domain(stated.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                       for c in stated.conditions), stated.integers)
    region = face(Domain(f"{stated.text}, {condition.text}" if stated.text else condition.text,
                         stated.conditions + condition.conditions, stated.integers | condition.integers))
    if region is None:
        raise invalid("holds_when", condition.text, f"lies outside the stated domain {stated.text!r}")
    return region


def _exact(value: NumberLike) -> sympy.Basic | None:
    if isinstance(value, str):
        try:
            return as_sympy(value, name="counterexample")
        except InvalidArgument:
            return None
    try:
        return sympy.Rational(Fraction(value).numerator, Fraction(value).denominator)
    except (TypeError, ValueError):
        return None


def _outside(condition: Domain, point: Mapping[str, object]) -> bool | None:
    """Whether ``point`` (a counterexample) violates the condition; ``None`` when it lacks a name."""
    values = {}
    for name in condition.names:
        if name not in point:
            return None
        value = _exact(point[name])
        if value is None:
            return None
        values[name] = value
    return not holds(condition, values)


def with_region(verdict: Verdict, text: str, region: Callable[[Domain], Verdict], make: Callable[..., Verdict]
                ) -> Verdict:
    """``verdict`` with the author's condition ``text`` attached and checked: ``region(condition)`` runs the
    same check on the stated domain with the condition added; ``make(evidence)`` builds the verdict type."""
    condition = condition_of(text)
    inside = region(condition)
    primary = [e for e in verdict.evidence if e.reading is None]
    refuting = next((e for e in primary if e.outcome is Outcome.COUNTEREXAMPLE), None)
    held = inside.status in (Status.PROVED, Status.SUPPORTED)
    outside = None if refuting is None else _outside(condition, refuting.counterexample or {})
    checked = held and outside is True
    if checked:
        why = (f"checked: the claim is {inside.status.value} where {condition.text} ({inside.reason}), and fails at "
               "a point outside it")
    elif refuting is None:
        why = "not checked: the claim does not fail on the stated domain, so there is nothing outside the condition"
    elif not held:
        why = f"not checked: where {condition.text} the claim is {inside.status.value} ({inside.reason})"
    else:
        why = "not checked: the counterexample found satisfies the condition (or does not name its variables)"
    target = refuting or primary[0] if primary else verdict.evidence[0]
    region_evidence = tuple(replace(e, reading=f"where {condition.text} (the author's holds_when)")
                            for e in inside.evidence)
    evidence = tuple(replace(e, holds_when=condition.text, holds_when_checked=checked,
                             detail={**e.detail, "holds_when": why}) if e is target else e
                     for e in verdict.evidence)
    return make(evidence + region_evidence)
