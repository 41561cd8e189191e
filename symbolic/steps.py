"""Derivations as chains of steps that sympy checks one by one (the general-n arguments of 003's
appendix: Lemmas 4.2 and 4.4, the proof of Lemma 4.1, and the approximation of A after Theorem 3.10).

A :class:`DerivationStep` states one equality (``lhs == rhs``) or one inequality (``lhs >= rhs``) with its reason
in words; :func:`residual` is what sympy leaves of ``lhs - rhs`` after rewriting binomials and
factorials through the gamma function (``expand_func``, ``combsimp``) and simplifying, with limits
(``sympy.Limit``) evaluated first. A step is checked when its residual is 0 (an equality) or is
nonnegative by sympy's assumptions (an inequality). Summation indices and the sample size are symbols
with their integer assumptions, so a checked step holds for every value they take.

Rules of finite sums that a derivation uses but sympy does not check (splitting a sum over adjacent
ranges, shifting its index, summing an inequality termwise against nonnegative weights) are named in
the step's reason; nothing else is taken on trust.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from core.errors import invalid
from core.formula import as_sympy

__all__ = ["DerivationStep", "residual", "checked"]

_RELATIONS = ("==", ">=")


@dataclass(frozen=True)
class DerivationStep:
    """One step: ``lhs relation rhs`` (``"=="`` or ``">="``), and ``says``, the reason in words. The sides
    are sympy expressions in the derivation's own symbols (a string side is read by the safe parser, its
    names real symbols)."""

    says: str
    lhs: sympy.Basic
    rhs: sympy.Basic
    relation: str = "=="

    def __post_init__(self) -> None:
        if not isinstance(self.says, str) or not self.says.strip():
            raise invalid("says", self.says, "every step states its reason")
        if self.relation not in _RELATIONS:
            raise invalid("relation", self.relation, f"must be one of {list(_RELATIONS)}")
        object.__setattr__(self, "lhs", as_sympy(self.lhs, name="lhs"))
        object.__setattr__(self, "rhs", as_sympy(self.rhs, name="rhs"))


def _limits_evaluated(expr: sympy.Basic) -> sympy.Basic:
    return expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: e.doit())


def residual(step: DerivationStep) -> sympy.Basic:
    """``lhs - rhs`` simplified: limits evaluated, binomials through gamma (exact for the integer values
    the symbols' assumptions allow), then ``simplify``; for an inequality, factored."""
    difference = _limits_evaluated(step.lhs - step.rhs)
    difference = sympy.expand_func(difference)
    if difference != 0:
        difference = sympy.simplify(sympy.combsimp(difference))
    if step.relation == ">=":
        difference = sympy.factor(difference)
    return difference


def checked(step: DerivationStep) -> tuple[bool, sympy.Basic]:
    """(whether sympy checks the step, its residual): a residual of 0, or for ``>=`` one that sympy's
    assumptions show is nonnegative."""
    value = residual(step)
    if step.relation == "==":
        return value == 0, value
    return bool(value.is_nonnegative), value
