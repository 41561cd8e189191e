"""Before a moment or an approximation earns a verdict: the stated domain has a point, and every formula is
defined on all of it.

* :func:`emptiness` decides whether a domain has a point (the sign engine's decider,
  :func:`proofs.engines.sign.nonempty.domain_status`: z3 for polynomial conditions, bounds and cvc5 for the
  others). An empty domain makes a claim vacuous: :func:`vacuous_evidence` is what a check reports then,
  one evidence per method, each ``holds`` over no case, so that the verdict is ``inconclusive`` with the
  reason "vacuous: the stated domain is empty (...)", never ``proved``, ``supported`` or ``refuted``.
* :func:`undefined_at` decides, for each factor of each denominator of the formulas (the statistic, the
  claimed form, both sides of an approximation), whether it can vanish on the domain
  (:func:`proofs.engines.validity.decide_sign`, ``!= 0``). A factor that vanishes at a point of the domain
  is named with the point ("undefined at p = 1/2: the statistic divides by 2*p - 1"); one the decider
  cannot settle is named too. Either way no proof is taken on that domain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy

from core.domain import Domain
from core.errors import InvalidArgument
from proofs.base.evidence import Detail, Evidence, Method, Outcome
from proofs.kernel.steps import Stated, Step
from proofs.engines.sign.limits import Deadline
from proofs.engines.sign.nonempty import DomainStatus, domain_status
from proofs.engines.sign.parse import read_statement
from proofs.engines.validity import decide_sign

__all__ = ["emptiness", "vacuous_evidence", "Undefined", "undefined_at", "denominator_factors", "plain", "EMPTY"]

#: How an empty domain is reported (the verdict's reason starts "vacuous: " and then says this).
EMPTY = "the stated domain is empty"
#: Seconds for each decision of this module (a domain, or one factor of a denominator).
SECONDS = 10.0


def emptiness(domain: Domain, *, timeout: float = SECONDS) -> DomainStatus:
    """Whether ``domain`` has a point: ``kind`` is ``point`` (with an exact point), ``empty`` or ``unknown``
    (never taken for non-empty)."""
    domain, _ = plain(domain)
    if not domain.conditions:
        return DomainStatus("point", "no condition: every point", {})
    try:
        statement = read_statement(sympy.Integer(1), domain, sign=">0", integers=sorted(domain.integers))
        return domain_status(statement.domain, statement.integers, deadline=Deadline(timeout))
    except InvalidArgument as refused:
        return DomainStatus("unknown", f"the decider refused the domain: {refused}")


def vacuous_evidence(methods: Sequence[Method], domain: Domain, status: DomainStatus) -> tuple[Evidence, ...]:
    """One evidence per method for a claim on an empty domain: it holds over no case (vacuous)."""
    why = f"{EMPTY} ({status.how})"
    return tuple(Evidence(method, Outcome.HOLDS, f"the stated domain {domain.text!r}",
                          {"domain": "empty", "empty domain": status.how, Detail.VACUOUS_BECAUSE: why,
                           "note": "nothing was checked: no point satisfies every condition of the domain"},
                          premise_cases=0, interior_cases=0)
                 for method in methods)


@dataclass(frozen=True)
class Undefined:
    """A denominator factor that vanishes somewhere on the domain (``point``: where, ``None`` when the
    decider could not settle it; ``why``: in words)."""

    formula: str
    factor: sympy.Expr
    point: Mapping[str, object] | None
    why: str

    @property
    def text(self) -> str:
        if self.point is not None:
            at = ", ".join(f"{k} = {v}" for k, v in self.point.items())
            return f"undefined at {at}: the {self.formula} divides by {sympy.sstr(self.factor)}"
        return f"the {self.formula} divides by {sympy.sstr(self.factor)}, not shown non-zero on the domain ({self.why})"


def denominator_factors(expr: sympy.Expr) -> list[sympy.Expr]:
    """The distinct non-constant factors the formula divides by, as written (each base of a power with a
    negative exponent, split into its factors; no cancellation first, so ``(p - p**2)/(1 - p)`` divides by
    ``1 - p``), in order of appearance."""
    found: list[sympy.Expr] = []
    for node in sympy.preorder_traversal(expr):
        if not (isinstance(node, sympy.Pow) and node.exp.is_number and node.exp.is_negative):
            continue
        for factor in sympy.Mul.make_args(sympy.factor_terms(node.base)):
            if factor.is_Pow and factor.exp.is_number and factor.exp.is_negative:
                continue  # dividing by 1/x: x is a denominator of its own, found by the traversal
            base = factor.base if factor.is_Pow and factor.exp.is_number and factor.exp.is_positive else factor
            if base.is_number or base in found or isinstance(base, sympy.exp):  # e^x > 0
                continue
            found.append(base)
    return found


def plain(domain: Domain, exprs: Sequence[sympy.Expr] = ()) -> tuple[Domain, list[sympy.Expr]]:
    """The domain and the expressions over plain real symbols of the same names, what a symbol's assumptions
    said (the paper's n is a positive integer) written as conditions of the domain, so that a decider that
    reads them by name loses nothing."""
    symbols = {s for e in exprs for s in e.free_symbols} | {s for c in domain.conditions for s in c.free_symbols}
    renamed = {s: sympy.Symbol(s.name, real=True) for s in symbols}
    conditions = [c.xreplace(renamed) for c in domain.conditions]
    integers = set(domain.integers)
    for s in sorted(symbols, key=lambda x: x.name):
        x = renamed[s]
        if s.is_positive:
            conditions.append(sympy.Gt(x, 0) if not s.is_integer else sympy.Ge(x, 1))
        elif s.is_nonnegative:
            conditions.append(sympy.Ge(x, 0))
        if s.is_integer:
            integers.add(s.name)
    kept = tuple(dict.fromkeys(c for c in conditions if c is not sympy.true))
    named = {x.name for c in kept for x in c.free_symbols}
    return Domain(domain.text, kept, frozenset(integers & named)), [e.xreplace(renamed) for e in exprs]


def undefined_at(formulas: Mapping[str, sympy.Expr], domain: Domain, *, timeout: float = SECONDS,
                 steps: list[Step] | None = None) -> Undefined | None:
    """The first denominator factor of ``formulas`` (name in words -> expression) that is not decided
    non-zero on ``domain``, or ``None`` when every one is; ``steps``, when given, receives each factor's
    proof (the sign decider's records) for a certificate."""
    domain, exprs = plain(domain, list(formulas.values()))
    formulas = dict(zip(formulas, exprs))
    names = sorted({s.name for e in formulas.values() for s in e.free_symbols} | set(domain.names))
    for formula, expr in formulas.items():
        for factor in denominator_factors(expr):
            try:
                answer = decide_sign(factor, domain, sign="!=0", timeout=timeout, symbols=names)
            except InvalidArgument as refused:
                return Undefined(formula, factor, None, f"the decider refused it: {refused}")
            if answer.outcome == "proved":
                if steps is not None:
                    steps += [Stated(f"the {formula} divides by {sympy.sstr(factor)}, which is not 0 on the domain:"),
                              *(answer.steps or (Stated("decided by the sign engine (no record)", unchecked=True),))]
                continue
            if answer.outcome == "counterexample" and answer.counterexample:
                point = {k: v for k, v in answer.counterexample.items() if k != "value"}
                return Undefined(formula, factor, point, answer.reason)
            return Undefined(formula, factor, None, answer.reason)
    return None
