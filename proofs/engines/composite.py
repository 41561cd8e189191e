"""Proofs in steps, existence by a witness, and the premise of an implication shown satisfiable.

* :func:`chain`: an argument made of steps, each its own evidence (a sympy identity, a sign decided by
  z3, ...). The chain is ``proved`` only when every step is; otherwise ``inconclusive``, naming the
  steps that are not (a failed step shows the argument does not go through, not that the claim is false);
* :func:`witness`: "there is a point of the domain where ``expr sign``" proved by a decision procedure:
  :func:`~proofs.engines.sign.sign_evidence` is asked to prove the negation on the whole domain; the
  exact counterexample it finds (re-evaluated in the original expression) is the witness;
* :func:`premise_witnessed`: a proof of an implication also states one point where its premise holds,
  so that it is not vacuous (``premise_cases``).

For a proof certificate (:mod:`proofs.kernel.steps`) a chain carries the steps of its steps (the sign
decider's records stay in the detail it copies) and states its conclusion; a witness carries the condition
and the domain at its point, each decided exactly (or by balls at two precisions).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import sympy

from core.domain import Domain
from core.types import Values
from core.errors import invalid
from core.formula import as_sympy
from proofs.base.evidence import Detail, Evidence, Method, Outcome
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import RELATIONS, Holds, Stated, Step
from proofs.engines.sign import sign_evidence

__all__ = ["chain", "witness", "premise_witnessed", "point_steps"]

_NEGATION = {">0": "<=0", ">=0": "<0", "<0": ">=0", "<=0": ">0", "==0": "!=0", "!=0": "==0"}
#: Figures of a step left out of a chain's figures: solver times, which change from one run to the next.
_TIMINGS = frozenset({Detail.Z3_SECONDS, Detail.Z3_SECONDS_MAIN})


def chain(steps: Sequence[tuple[str, Evidence]], *, conclusion: str, domain: str,
          method: Method | str = Method.SYMBOLIC, reading: str | None = None,
          detail: Mapping[str, Any] | None = None) -> Evidence:
    """One piece of evidence for ``conclusion`` from named steps: ``proved`` iff every step is proved."""
    if not steps:
        raise invalid("steps", steps, "a proof has at least one step")
    method = Method(method)
    if method not in (Method.SYMBOLIC, Method.DECISION):
        raise invalid("method", method.value, "only a symbolic argument or a decision procedure proves")
    missing = [name for name, step in steps if step.outcome is not Outcome.PROVED]
    figures = {**(detail or {}), Detail.CONCLUSION: conclusion,
               Detail.STEPS: {name: {"outcome": step.outcome.value, "method": step.method.value, "domain": step.domain,
                                **{k: v for k, v in step.detail.items() if k not in _TIMINGS}}
                         for name, step in steps}}
    if missing:
        figures["steps not proved"] = missing
    recorded: list[Step] = []
    for name, step in steps:
        recorded += step.steps
        if not any(s.machine_checked for s in all_steps(step)):
            recorded.append(Stated(f"{name}: shown by {step.method.value} ({step.outcome.value})", unchecked=True))
    recorded.append(Stated(f"{conclusion}: from {', '.join(name for name, _ in steps)}"))
    return Evidence(method, Outcome.INCONCLUSIVE if missing else Outcome.PROVED, domain, figures, reading=reading,
                    seconds=sum(step.seconds for _, step in steps), steps=tuple(recorded))


def witness(expr: sympy.Expr, domain: Iterable[str | sympy.Basic], *, sign: str, integers: Iterable[str] = (),
            symbols: Iterable[str] = (), timeout: float = 30.0, describe: str,
            confirm: Callable[[Mapping[str, Any]], tuple[bool, Mapping[str, Any]]] | None = None,
            reading: str | None = None) -> Evidence:
    """Decision evidence that some point of ``domain`` has ``expr sign`` (``describe`` says what, in words).

    z3 is asked to prove the negation everywhere; the exact point where the negation fails is the witness,
    optionally confirmed by ``confirm(point) -> (ok, figures)`` (e.g. that it has positive probability).
    No witness (the negation proved, a time-out, or ``confirm`` refusing it) is ``inconclusive``."""
    if sign not in _NEGATION:
        raise invalid("sign", sign, f"not one of {sorted(_NEGATION)}")
    start = time.perf_counter()
    negation = sign_evidence(expr, domain, sign=_NEGATION[sign], integers=integers, symbols=symbols,
                             timeout=timeout, search_region=False)
    text = f"existence of a point with {describe}: " + negation.domain
    detail: dict[str, Any] = {"asked": f"z3 to prove the negation ({expr} {_NEGATION[sign]}) on the whole domain",
                              "negation": negation.outcome.value,
                              **{k: v for k, v in negation.detail.items() if k not in _TIMINGS}}
    if negation.outcome is not Outcome.COUNTEREXAMPLE:
        if negation.outcome is Outcome.PROVED:
            detail["note"] = "the negation holds everywhere: no such point exists"
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=reading,
                        seconds=time.perf_counter() - start)
    point = dict(negation.counterexample or {})
    detail["witness"] = point
    detail["witness re-checked"] = negation.recheck.value if negation.recheck else None
    if confirm is not None:
        ok, figures = confirm(point)
        detail.update(figures)
        if not ok:
            detail["note"] = "the witness was not confirmed"
            return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=reading,
                            seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome.PROVED, text, detail, reading=reading,
                    seconds=time.perf_counter() - start,
                    steps=_witness_steps(expr, domain, sign, integers, symbols, point, describe, confirm is not None))


def premise_witnessed(evidence: Evidence, point: Mapping[str, object], holds: bool) -> Evidence:
    """``evidence`` (a proof of an implication) with ``premise_cases`` = 1 when its premise ``holds`` at
    ``point`` (a point of the domain, stated in the detail), 0 otherwise (then the proof is vacuous)."""
    return replace(evidence, premise_cases=1 if holds else 0,
                   detail={**evidence.detail, "premise holds at": dict(point) if holds else None})


def point_steps(expr: sympy.Expr, domain: Iterable[str | sympy.Basic], sign: str, point: Values, *, fails: bool = False,
                says: str = "", integers: Iterable[str] = (), symbols: Iterable[str] = ()) -> tuple[Step, ...]:
    """For a proof certificate: ``expr sign`` shown to hold (or, with ``fails``, to fail) at ``point``, and the
    point shown to lie in ``domain`` (constraint strings or sympy relations, as :func:`sign_evidence` takes
    them), each decided exactly or by balls at two precisions. Empty when the steps cannot be stated (a value
    that is not an exact number) or do not check."""
    integers = tuple(integers)
    # every name the point gives a value is a variable (``pi`` is the proportion here, not the constant)
    names = {name: sympy.Symbol(name) for name in [*symbols, *integers, *(k for k in point if k.isidentifier())]}
    try:
        parsed = Domain.parse(domain if isinstance(domain, str) else list(domain), symbols=names, integers=integers)
        target = as_sympy(expr, name="expr", symbols=names)
        wanted = {s.name for s in target.free_symbols} | {s.name for c in parsed.conditions for s in c.free_symbols}
        values = {k: point[k] for k in wanted | set(parsed.integers) if k in point}
        op = sign.replace(" ", "")[:-1]
        relation = RELATIONS[{">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}[op] if fails else op]
        steps: list[Step] = [Holds(says or f"{'the condition fails' if fails else 'the condition holds'} at the point "
                                   f"({'not ' if fails else ''}{sign})", relation(target, 0), values)]
        if parsed.conditions or parsed.integers:
            steps.append(Holds("the point lies in the domain", sympy.And(*parsed.conditions), values,
                               tuple(sorted(parsed.integers))))
    except (ValueError, TypeError, KeyError):
        return ()
    return tuple(steps) if all(step.check() for step in steps) else ()


def _witness_steps(expr: sympy.Expr, domain: Iterable[str | sympy.Basic], sign: str, integers: Iterable[str],
                   symbols: Iterable[str], point: Values, describe: str, confirmed: bool) -> tuple[Step, ...]:
    """The witness shown at its point: the condition, and every constraint of the domain (integers too)."""
    steps = point_steps(expr, domain, sign, point, says=f"the witness has {describe}", integers=integers,
                        symbols=symbols)
    if steps and confirmed:
        steps += (Stated("the witness was confirmed by the check's own exact computation (shown in the detail)"),)
    return steps
