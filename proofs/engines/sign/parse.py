"""Parsing of sign conditions and domain constraints for :func:`proofs.check_sign`.

A *condition* is ``lhs op rhs`` with ``op`` one of ``<, <=, >, >=, ==, !=`` (a single ``=`` is read as
``==``); chained comparisons such as ``"0 <= q <= 1"`` are split into their links. Symbols are matched by
name (the paper's names of :mod:`symbolic.symbols`, the symbols of the expression under study, and any
extra names the caller declares) and replaced by plain real symbols, so that sympy assumptions never stand
in for a constraint the domain does not state.

Every string goes through :func:`core.formula.parse_formula` (an ``ast`` whitelist: nothing in the text is
ever executed); sympy objects are taken as they are, anything else is refused.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.formula import parse_formula
from proofs.errors import InvalidArgument, invalid

__all__ = ["Condition", "RELATIONS", "parse_expression", "parse_constraint", "parse_sign", "plain_symbols"]

#: relation -> the sympy relational it builds from ``lhs - rhs`` against 0.
RELATIONS = {
    ">": lambda e: e > 0, ">=": lambda e: e >= 0, "<": lambda e: e < 0, "<=": lambda e: e <= 0,
    "==": lambda e: sympy.Eq(e, 0), "!=": lambda e: sympy.Ne(e, 0),
}
#: the relation that fails exactly where the given one holds.
NEGATION = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}

_TRUTH_VALUES = (sympy.core.relational.Relational, sympy.logic.boolalg.BooleanFunction,
                 sympy.logic.boolalg.BooleanAtom)
_SYMPY_RELATIONS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}


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


def _unknown(value: sympy.Basic, known: Mapping[str, sympy.Symbol], what: str, shown: Any) -> None:
    unknown = sorted(s.name for s in value.free_symbols if s.name not in known)
    if unknown:
        raise invalid(what, shown, f"unknown symbol(s) {unknown}",
                      "use the paper's names (p, q, pi, n, c, eps, lam, ...) or declare them with symbols=")


def _parse_text(text: str, known: Mapping[str, sympy.Symbol], what: str, *, relational: bool) -> tuple[Any, str]:
    """``text`` read by the safe parser, its names the plain real symbols of ``known``, and the text that
    was read: a constraint with a lone ``=`` (``"p = q"``) that does not parse is read again with ``==``."""
    try:
        parsed, source = parse_formula(text, symbols=known, relational=relational, name=what), text
    except InvalidArgument as refusal:
        source = _single_equals(text)
        if not relational or source == text or "does not parse" not in str(refusal):
            raise
        try:
            parsed = parse_formula(source, symbols=known, relational=relational, name=what)
        except InvalidArgument:
            raise refusal from None
    if isinstance(parsed, sympy.Basic):
        _unknown(parsed, known, what, text)
    return parsed, source


def _single_equals(text: str) -> str:
    """A lone ``=`` (``"p = q"``) as ``==``; ``<=``, ``>=``, ``==``, ``!=`` are left as they are."""
    out = []
    for i, ch in enumerate(text):
        if ch == "=" and (i == 0 or text[i - 1] not in "<>=!") and (i + 1 == len(text) or text[i + 1] != "="):
            out.append("==")
        else:
            out.append(ch)
    return "".join(out)


def parse_expression(expr: Any, known: Mapping[str, sympy.Symbol], what: str = "expr", shown: Any = None) -> sympy.Expr:
    """``expr`` (sympy, a number, or text) with every symbol replaced by the plain real symbol of its name
    (``shown``: the text errors quote, when ``expr`` is one side of it)."""
    shown = expr if shown is None else shown
    if isinstance(expr, str):
        value, _ = _parse_text(expr, known, what, relational=False)
    elif isinstance(expr, sympy.Basic):
        value = expr
    elif isinstance(expr, (int, Fraction)) and not isinstance(expr, bool):
        value = sympy.Rational(expr)
    else:
        raise invalid(what, shown, "is neither a sympy expression nor a string")
    if not isinstance(value, sympy.Expr) or isinstance(value, _TRUTH_VALUES):
        raise invalid(what, shown, f"is not an arithmetic expression (parsed as {type(value).__name__})")
    _unknown(value, known, what, shown)
    return value.xreplace({s: known[s.name] for s in value.free_symbols})


def _links(relation: Any, item: Any) -> list[tuple[Any, str, Any]]:
    """``(lhs, op, rhs)`` for each comparison of a parsed constraint (a chain is a conjunction)."""
    if isinstance(relation, sympy.And):
        return [link for part in relation.args for link in _links(part, item)]
    if isinstance(relation, sympy.core.relational.Relational):
        op = _SYMPY_RELATIONS.get(relation.rel_op)
        if op is None:
            raise invalid("domain", item, "unsupported relation")
        return [(relation.lhs, op, relation.rhs)]
    if isinstance(relation, (sympy.Or, sympy.Not)):
        raise invalid("domain", item, "'or'/'not' are not accepted: list the constraints, all of which hold")
    if relation in (sympy.true, sympy.false):
        raise invalid("domain", item, f"is always {bool(relation)}: it constrains nothing")
    raise invalid("domain", item, "has no comparison (<, <=, >, >=, ==, !=)")


def _chain(text: str, known: Mapping[str, sympy.Symbol]) -> list[tuple[Any, str, Any]] | None:
    """The links of a chained comparison in the order written (``"0 <= q <= 1"``: ``0 <= q``, then
    ``q <= 1``), each side read by the safe parser; None if the text is not one comparison chain.
    (A conjunction built by sympy would sort its links.)"""
    source = text.strip().replace("^", "**")
    body = ast.parse(source, mode="eval").body                # already validated by parse_formula
    if not isinstance(body, ast.Compare):
        return None
    names = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
    sides = [ast.get_source_segment(source, node) for node in (body.left, *body.comparators)]
    if any(side is None for side in sides) or any(type(op) not in names for op in body.ops):
        return None
    values = [parse_formula(side, symbols=known, name="domain") for side in sides]
    return [(values[i], names[type(op)], values[i + 1]) for i, op in enumerate(body.ops)]


def parse_constraint(item: Any, known: Mapping[str, sympy.Symbol]) -> list[Condition]:
    """One domain item (a string, possibly chained, or a sympy relational) as conditions ``e op 0``."""
    if isinstance(item, Condition):
        return [item]
    if isinstance(item, sympy.core.relational.Relational):
        (lhs, op, rhs), = _links(item, item)
        lhs = parse_expression(lhs, known, "domain", item)
        rhs = parse_expression(rhs, known, "domain", item)
        return [Condition(sympy.expand(lhs - rhs) if (lhs - rhs).is_polynomial() else lhs - rhs, op, str(item))]
    if not isinstance(item, str):
        raise invalid("domain", item, "each constraint is a string like 'p > 1/2' or a sympy relational")
    parsed, source = _parse_text(item, known, "domain", relational=True)      # validates the whole text first
    conditions = []
    for lhs, op, rhs in _chain(source, known) or _links(parsed, item):
        lhs = parse_expression(lhs, known, "domain", item)
        rhs = parse_expression(rhs, known, "domain", item)
        conditions.append(Condition(lhs - rhs, op, item))
    return conditions


def parse_sign(sign: str) -> str:
    """The relation of ``sign`` (``">0"``, ``">= 0"``, ``"!=0"`` ...) against zero."""
    text = str(sign).replace(" ", "")
    if not text.endswith("0") or text[:-1] not in RELATIONS:
        raise invalid("sign", sign, f"not one of {[op + '0' for op in RELATIONS]}")
    return text[:-1]
