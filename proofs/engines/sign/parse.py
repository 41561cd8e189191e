"""Parsing of sign conditions and domain constraints for :func:`proofs.check_sign`.

A *condition* is ``lhs op rhs`` with ``op`` one of ``<, <=, >, >=, ==, !=`` (a single ``=`` is read as
``==``); chained comparisons such as ``"0 <= q <= 1"`` are split into their links. Symbols are matched by
name (the paper's names of :mod:`symbolic.symbols`, the symbols of the expression under study, and any
extra names the caller declares) and replaced by plain real symbols, so that sympy assumptions never stand
in for a constraint the domain does not state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import sympy

from proofs.errors import invalid

__all__ = ["Condition", "RELATIONS", "parse_expression", "parse_constraint", "parse_sign", "plain_symbols"]

#: relation -> the sympy relational it builds from ``lhs - rhs`` against 0.
RELATIONS = {
    ">": lambda e: e > 0, ">=": lambda e: e >= 0, "<": lambda e: e < 0, "<=": lambda e: e <= 0,
    "==": lambda e: sympy.Eq(e, 0), "!=": lambda e: sympy.Ne(e, 0),
}
#: the relation that fails exactly where the given one holds.
NEGATION = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}

_OPERATOR = re.compile(r"(<=|>=|==|!=|<|>|=)")
_FUNCTIONS = {"exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sqrt": sympy.sqrt, "Rational": sympy.Rational}


@dataclass(frozen=True)
class Condition:
    """``expr op 0``, with the text it came from (for messages and evidence)."""

    expr: sympy.Expr
    op: str
    text: str

    def __post_init__(self) -> None:
        if self.op not in RELATIONS:
            raise invalid("op", self.op, f"not one of {sorted(RELATIONS)}")

    def holds_at(self, values: Mapping[sympy.Symbol, Any]) -> bool | None:
        """The condition at an exact point (``None`` if sympy cannot decide it)."""
        value = sympy.simplify(self.expr.xreplace(values))
        truth = RELATIONS[self.op](value)
        return bool(truth) if truth in (sympy.true, sympy.false) else None


def plain_symbols(names: Iterable[str]) -> dict[str, sympy.Symbol]:
    """Real symbols without further assumptions, by name."""
    return {name: sympy.Symbol(name, real=True) for name in names}


def _known_names(expr: Any, extra: Iterable[str]) -> set[str]:
    from symbolic.symbols import by_name

    names = set(by_name()) | set(extra)
    if isinstance(expr, sympy.Basic):
        names |= {s.name for s in expr.free_symbols}
    return names


def _sympify(text: str, known: Mapping[str, sympy.Symbol], what: str, shown: str | None = None) -> sympy.Expr:
    local = {**_FUNCTIONS, **known}
    try:
        value = sympy.sympify(text, locals=local, rational=True)
    except (sympy.SympifyError, SyntaxError, TypeError, AttributeError, ValueError) as error:
        raise invalid(what, shown or text, f"does not parse ({type(error).__name__})",
                      "write it in Python syntax, e.g. '(n+1)*(p+q) > 1'") from None
    if not isinstance(value, sympy.Expr):
        raise invalid(what, shown or text, f"is not an arithmetic expression (parsed as {type(value).__name__})")
    unknown = sorted(s.name for s in value.free_symbols if s.name not in known)
    if unknown:
        raise invalid(what, shown or text, f"unknown symbol(s) {unknown}",
                      "use the paper's names (p, q, pi, n, c, eps, lam, ...) or declare them with symbols=")
    return value


def parse_expression(expr: Any, known: Mapping[str, sympy.Symbol], what: str = "expr") -> sympy.Expr:
    """``expr`` (sympy or text) with every symbol replaced by the plain real symbol of its name."""
    if isinstance(expr, str):
        return _sympify(expr, known, what)
    try:
        value = sympy.sympify(expr)
    except sympy.SympifyError:
        raise invalid(what, expr, "is neither a sympy expression nor a string") from None
    if not isinstance(value, sympy.Expr):
        raise invalid(what, expr, "is not an arithmetic expression")
    unknown = sorted(s.name for s in value.free_symbols if s.name not in known)
    if unknown:
        raise invalid(what, expr, f"unknown symbol(s) {unknown}")
    return value.xreplace({s: known[s.name] for s in value.free_symbols})


def parse_constraint(item: Any, known: Mapping[str, sympy.Symbol]) -> list[Condition]:
    """One domain item (a string, possibly chained, or a sympy relational) as conditions ``e op 0``."""
    if isinstance(item, Condition):
        return [item]
    if isinstance(item, sympy.core.relational.Relational):
        op = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}.get(item.rel_op)
        if op is None:
            raise invalid("domain", item, "unsupported relation")
        lhs = parse_expression(item.lhs, known, "domain")
        rhs = parse_expression(item.rhs, known, "domain")
        return [Condition(sympy.expand(lhs - rhs) if (lhs - rhs).is_polynomial() else lhs - rhs, op, str(item))]
    if not isinstance(item, str):
        raise invalid("domain", item, "each constraint is a string like 'p > 1/2' or a sympy relational")
    parts = _OPERATOR.split(item)
    if len(parts) < 3:
        raise invalid("domain", item, "has no comparison (<, <=, >, >=, ==, !=)")
    sides = [p.strip() for p in parts[0::2]]
    ops = ["==" if o == "=" else o for o in parts[1::2]]
    if any(not s for s in sides):
        raise invalid("domain", item, "does not parse: a comparison is missing a side")
    values = [_sympify(s, known, "domain", shown=item) for s in sides]
    conditions = []
    for (lhs, rhs), op in zip(zip(values, values[1:]), ops):
        conditions.append(Condition(lhs - rhs, op, item))
    return conditions


def parse_sign(sign: str) -> str:
    """The relation of ``sign`` (``">0"``, ``">= 0"``, ``"!=0"`` ...) against zero."""
    text = str(sign).replace(" ", "")
    if not text.endswith("0") or text[:-1] not in RELATIONS:
        raise invalid("sign", sign, f"not one of {[op + '0' for op in RELATIONS]}")
    return text[:-1]
