"""A derivation as evidence: every step of a chain (:class:`symbolic.steps.DerivationStep`) checked by sympy.

``proved`` when sympy checks every step (residual 0 for an equality, a residual known to be nonnegative
for an inequality); the conclusion then follows from the steps by the rules of finite sums that the
evidence names. A step sympy does not check makes the evidence ``inconclusive`` (it names the step and
its residual): a proof that does not go through is not a counterexample.

For a proof certificate the evidence records each step as a sympy identity or inequality (the same
reduction: limits evaluated, binomials through gamma, simplified) and each rule of finite sums as a stated
step.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from proofs.kernel import steps as recorded
from proofs.base.evidence import Detail, Evidence, Method, Outcome
from core.errors import invalid
from symbolic.steps import DerivationStep, checked

__all__ = ["derivation", "FINITE_SUMS"]

#: The rules of finite sums the appendix derivations use between checked steps.
FINITE_SUMS = ("a finite sum over a range is the sum over adjacent sub-ranges",
               "a finite sum is unchanged by shifting its index",
               "an inequality between terms, summed against nonnegative weights, holds between the sums")


def derivation(steps: Sequence[DerivationStep], *, domain: str, conclusion: str, rules: Iterable[str] = FINITE_SUMS,
               reading: str | None = None, derived: Mapping[str, Any] | None = None) -> Evidence:
    """Symbolic evidence for ``conclusion`` on ``domain`` from ``steps``, each checked by sympy."""
    if not steps:
        raise invalid("steps", "()", "a derivation has at least one step")
    start = time.perf_counter()
    shown = []
    for number, step in enumerate(steps, 1):
        ok, rest = checked(step)
        if not ok:
            return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                            {Detail.CONCLUSION: conclusion, "steps checked": shown,
                             "step not checked": f"{number}. {step.says}", "residual": str(rest)},
                            reading=reading, seconds=time.perf_counter() - start)
        shown.append(f"{number}. {step.says} ({'residual 0' if step.relation == '==' else 'residual >= 0'})")
    rules = list(rules)
    kept: list[recorded.Step] = [
        (recorded.Identity if step.relation == "==" else recorded.Inequality)(f"{number}. {step.says}", step.lhs,
                                                                               step.rhs, "gamma")
        for number, step in enumerate(steps, 1)]
    kept += [recorded.Stated(f"a rule of finite sums: {rule}") for rule in rules]
    kept.append(recorded.Stated(f"{conclusion}: from the steps above"))
    return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain,
                    {Detail.CONCLUSION: conclusion, "steps checked by sympy": shown,
                     "rules of finite sums used": rules},
                    reading=reading, derived=dict(derived or {}), seconds=time.perf_counter() - start,
                    steps=tuple(kept))
