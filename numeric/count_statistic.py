"""A statistic of the output counts of a finite model, with its condition, parsed and planned once.

The statistic is an expression in the output counts (Y0 ... Y{m-1}, or N1, N2, N3 for the survey of
003 §3.1), in ``n`` and in the model's parameters; ``given`` is a relation (or ``and``/``or``/``not`` of
relations) in the same names. Strings are read by :func:`core.formula.parse_formula` only. The parsed
expression is then enumerated at every point and in every numbers context without being read again;
its enumeration :class:`~numeric.count_reduction.Plan` (every outcome, or the group sums of
:mod:`numeric.count_reduction`) is derived once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from core.errors import invalid
from core.types import ExprLike
from numeric.count_evaluator import MAX_EXPONENT
from numeric.count_reduction import Plan, full_plan, grouped_plan
from numeric.data_model import FiniteModel
from numeric.finite_mechanism import as_expression, is_condition, symbol

__all__ = ["CountStatistic", "STRATEGIES", "MAX_NODES", "MAX_EXPONENT", "check_size"]

#: ``"full"``: every outcome; ``"grouped"``: the group sums when the statistic allows it (else every
#: outcome); ``"auto"``: the same as ``"grouped"``.
STRATEGIES = ("auto", "full", "grouped")
#: Most nodes of a statistic (or condition) tree: a statistic a paper prints has tens of nodes; every node is
#: evaluated on every batch of outcomes, so a pasted or generated expression of thousands would dominate the run.
MAX_NODES = 2_000


def check_size(expr: sympy.Basic, name: str, shown: ExprLike, counts: frozenset[str]) -> None:
    """Refuse, before any work, an expression with more than :data:`MAX_NODES` nodes or an integer power
    of a sub-expression of the counts beyond :data:`MAX_EXPONENT`."""
    nodes = 0
    for node in sympy.preorder_traversal(expr):
        nodes += 1
        if nodes > MAX_NODES:
            raise invalid(name, shown, f"has more than {MAX_NODES} nodes", "a statistic is a short formula")
        if isinstance(node, sympy.Pow) and node.exp.is_Integer and abs(int(node.exp)) > MAX_EXPONENT \
                and {s.name for s in node.base.free_symbols} & counts:
            raise invalid(name, shown, f"raises {node.base} to the power {node.exp}, beyond {MAX_EXPONENT}",
                          f"exponents of the counts are at most {MAX_EXPONENT}")


def _parse(value: ExprLike, model: FiniteModel, name: str, relational: bool) -> sympy.Basic:
    allowed = model.names + tuple(model.aliases) + model.parameters + ("n",)
    expr = as_expression(value, name, allowed=allowed, relational=relational)
    if model.aliases:
        expr = expr.xreplace({s: symbol(model.aliases[s.name]) for s in expr.free_symbols if s.name in model.aliases})
    return expr


@dataclass(frozen=True, eq=False)
class CountStatistic:
    """``expression`` (the statistic) and ``given`` (its condition, or ``None``) of ``model``'s counts."""

    model: FiniteModel
    expression: sympy.Basic  # given as a formula (ExprLike), stored parsed
    given: sympy.Basic | None = None
    _plans: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        expr = _parse(self.expression, self.model, "statistic", False)
        check_size(expr, "statistic", self.expression, frozenset(self.model.names))
        if is_condition(expr):
            raise invalid("statistic", self.expression, "is a condition, not a statistic")
        object.__setattr__(self, "expression", expr)
        if self.given is not None:
            condition = _parse(self.given, self.model, "given", True)
            check_size(condition, "given", self.given, frozenset(self.model.names))
            if not is_condition(condition):
                raise invalid("given", self.given, "is not a condition", "write a relation such as 'N1 + N2 > 0'")
            object.__setattr__(self, "given", condition)

    @property
    def counts(self) -> list[sympy.Symbol]:
        return [symbol(name) for name in self.model.names]

    def plan(self, strategy: str = "auto") -> Plan:
        """The enumeration plan: ``"full"`` every outcome; ``"auto"``/``"grouped"`` the group sums when the
        data are i.i.d. and the statistic allows it (see :mod:`numeric.count_reduction`)."""
        if strategy not in STRATEGIES:
            raise invalid("strategy", strategy, f"must be one of {list(STRATEGIES)}")
        if strategy == "full" or not self.model.is_iid:
            strategy = "full"
        if strategy not in self._plans:
            plan = None
            if strategy != "full":
                plan = grouped_plan(self.expression, self.given, self.model.names, self.counts)
            self._plans[strategy] = plan or full_plan(self.expression, self.given, self.model.names)
        return self._plans[strategy]
