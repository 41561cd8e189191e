"""Conditions with ``Abs``, ``Max``, ``Min``, ``Piecewise`` and worst cases over an input, decided by cases.

A mechanism's worst case is printed with a maximum (``max_t Var[y | t]``), an absolute value (``|y - t|``) or a
formula by pieces. :func:`split` writes the condition under study as one condition per *case*, each free of
these forms, with the case's conditions added to the domain:

* ``Abs(u)``: ``u >= 0`` (value ``u``) and ``u < 0`` (value ``-u``);
* ``Max(a_1, ..., a_n)``: case ``i`` where ``a_i > a_j`` for ``j < i`` and ``a_i >= a_j`` for ``j > i`` (value
  ``a_i``); ``Min`` alike with the relations reversed;
* ``Piecewise((e_1, c_1), ..., (e_n, c_n))``: case ``i`` where ``c_i`` holds and no earlier ``c_j`` does, each
  condition written as a disjunction of conjunctions of comparisons (``and``/``or``/``not`` accepted); the
  points no ``c_i`` covers make the expression undefined: they must be absent from the domain;
* :func:`sup_over` / :func:`inf_over` (``sup over t in [lo, hi]`` of ``f``): first replaced by a closed form the
  decider proves: ``f(hi)`` (sup) or ``f(lo)`` (inf) when ``df/dt >= 0`` on the domain and ``lo <= t <= hi``,
  the reverse when ``df/dt <= 0``, ``Max(f(lo), f(hi))`` for a sup when ``d²f/dt² >= 0`` (convex: the
  maximum of a convex function on an interval is at an end), ``Min(f(lo), f(hi))`` for an inf when
  ``d²f/dt² <= 0``. Any other worst case is refused in one line, never guessed.

The cases cover the domain and do not overlap, and on each case the expression equals the case's value, so
the condition holds on the domain iff it holds on every case: every case proved (an empty case holds
vacuously) is a proof; a counterexample of one case is an exact point of the domain where the condition
fails, in that case (re-checked in the case's condition and constraints). At most :data:`MAX_CASES` cases.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy

from core.errors import invalid
from core.formula import parse_formula
from proofs.base.evidence import Evidence, Outcome
from proofs.engines.sign.parse import NEGATION, Condition, Statement

__all__ = ["SupOver", "InfOver", "sup_over", "inf_over", "has_cases", "SignCase", "Split", "split",
           "resolve_worst_cases", "split_expr", "combine", "MAX_CASES"]

#: Most cases one condition is split into (each is a decision of its own).
MAX_CASES = 64
_SPLIT = (sympy.Abs, sympy.Max, sympy.Min, sympy.Piecewise)
_RELATIONS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}


class _Extremum(sympy.Function):
    """``sup``/``inf`` over ``var`` in ``[lo, hi]`` of ``body``: ``var`` is bound (not a free symbol)."""

    nargs = 4
    word = ""

    @property
    def free_symbols(self) -> set[sympy.Basic]:
        body, var, lo, hi = self.args
        return (body.free_symbols - {var}) | lo.free_symbols | hi.free_symbols

    def _sympystr(self, printer: Any) -> str:
        body, var, lo, hi = self.args
        return f"{self.word}_over({printer.doprint(body)}, {var}, {printer.doprint(lo)}, {printer.doprint(hi)})"

    def _latex(self, printer: Any) -> str:
        """``\\sup_{t \\in [lo, hi]} (body)``: as a paper prints it (a corrected statement shows it in LaTeX)."""
        body, var, lo, hi = (printer.doprint(a) for a in self.args)
        return rf"\{self.word}_{{{var} \in [{lo}, {hi}]}} \left({body}\right)"


class SupOver(_Extremum):
    """The supremum over ``var`` in ``[lo, hi]`` of ``body`` (:func:`sup_over`)."""

    word = "sup"


class InfOver(_Extremum):
    """The infimum over ``var`` in ``[lo, hi]`` of ``body`` (:func:`inf_over`)."""

    word = "inf"


def _extremum(kind: type, expr: Any, var: Any, lo: Any, hi: Any) -> sympy.Expr:
    if isinstance(var, str):
        if not var.isidentifier():
            raise invalid("var", var, "is not a name")
        var = sympy.Symbol(var, real=True)
    if not isinstance(var, sympy.Symbol):
        raise invalid("var", var, "must be a name or a sympy Symbol")
    known = {var.name: var}
    body = _read(expr, known, "expr")
    low, high = _read(lo, known, "lo"), _read(hi, known, "hi")
    if var in low.free_symbols | high.free_symbols:
        raise invalid("lo", lo, f"the ends of the interval may not depend on {var}")
    if low.is_number and high.is_number and bool(low >= high):
        raise invalid("hi", hi, f"must exceed lo={lo}: [lo, hi] is an interval")
    return kind(body, var, low, high)


def _read(value: Any, known: dict[str, sympy.Symbol], name: str) -> sympy.Expr:
    if isinstance(value, str):
        parsed = parse_formula(value, name=name, symbols=known)
    elif isinstance(value, sympy.Basic):
        parsed = value
    elif isinstance(value, int) and not isinstance(value, bool):
        parsed = sympy.Integer(value)
    else:
        raise invalid(name, value, "must be a formula (a string or a sympy expression) or an integer")
    return parsed.xreplace({s: known[s.name] for s in parsed.free_symbols if s.name in known})


def sup_over(expr: Any, var: Any, lo: Any, hi: Any) -> sympy.Expr:
    """``sup over var in [lo, hi]`` of ``expr``, as an expression :func:`proofs.check_sign` decides (the worst
    case of a variance over the input: ``sup_over(pm_variance, "t", -1, 1)``). It is replaced, when a
    condition is decided, by a closed form whose correctness the decider proves (see the module docstring)."""
    return _extremum(SupOver, expr, var, lo, hi)


def inf_over(expr: Any, var: Any, lo: Any, hi: Any) -> sympy.Expr:
    """``inf over var in [lo, hi]`` of ``expr`` (see :func:`sup_over`)."""
    return _extremum(InfOver, expr, var, lo, hi)


def has_cases(expr: sympy.Expr) -> bool:
    """The expression has a form decided by cases."""
    return bool(expr.atoms(*_SPLIT, SupOver, InfOver))


@dataclass(frozen=True)
class SignCase:
    """One case: the statement decided (the case's value, the domain with the case's conditions), and the
    conditions in words."""

    statement: Statement
    conditions: tuple[str, ...]
    uncovered: bool = False          # the points no piece of a Piecewise covers: must be absent


@dataclass(frozen=True)
class Split:
    """The cases of a condition, and how each worst case was written in closed form."""

    cases: tuple[SignCase, ...]
    worst_cases: tuple[str, ...] = ()
    worst_case_evidence: tuple[Evidence, ...] = field(default=())


# ------------------------------------------------------------------------------- conditions of pieces
def _dnf(condition: Any, negate: bool = False) -> list[list[Condition]]:
    """A sympy condition (comparisons with and/or/not) as a disjunction of conjunctions of ``e op 0``."""
    if condition in (sympy.true, sympy.false):
        holds = (condition is sympy.true) != negate
        return [[]] if holds else []
    if isinstance(condition, sympy.Not):
        return _dnf(condition.args[0], not negate)
    if isinstance(condition, (sympy.And, sympy.Or)):
        parts = [_dnf(a, negate) for a in condition.args]
        conjunction = isinstance(condition, sympy.And) != negate
        if not conjunction:
            return [c for part in parts for c in part]
        result: list[list[Condition]] = [[]]
        for part in parts:
            result = [a + b for a in result for b in part]
            if len(result) > MAX_CASES:
                raise invalid("expr", str(condition), f"its conditions make more than {MAX_CASES} cases")
        return result
    if isinstance(condition, sympy.core.relational.Relational) and condition.rel_op in _RELATIONS:
        op = _RELATIONS[condition.rel_op]
        op = NEGATION[op] if negate else op
        return [[Condition(condition.lhs - condition.rhs, op, f"{condition.lhs - condition.rhs} {op} 0")]]
    raise invalid("expr", str(condition), "a piece's condition must be comparisons joined by and/or/not")


def _pieces(atom: sympy.Expr) -> list[tuple[list[Condition], sympy.Expr | None]]:
    """The cases of one atom: ``(conditions, value)``; value ``None`` for the points no piece covers."""
    if isinstance(atom, sympy.Abs):
        (u,) = atom.args
        return [([Condition(u, ">=", f"{u} >= 0")], u), ([Condition(u, "<", f"{u} < 0")], -u)]
    if isinstance(atom, (sympy.Max, sympy.Min)):
        args = list(atom.args)
        bigger = isinstance(atom, sympy.Max)
        out = []
        for i, a in enumerate(args):
            conditions = []
            for j, b in enumerate(args):
                if i == j:
                    continue
                op = (">" if j < i else ">=") if bigger else ("<" if j < i else "<=")
                conditions.append(Condition(a - b, op, f"{a - b} {op} 0"))
            out.append((conditions, a))
        return out
    cases: list[tuple[list[Condition], sympy.Expr | None]] = []
    earlier: list[Any] = []
    for value, condition in atom.args:
        guard = sympy.And(condition, *[sympy.Not(c) for c in earlier]) if earlier else condition
        for conjunction in _dnf(guard):
            cases.append((conjunction, value))
        earlier.append(condition)
    rest = sympy.And(*[sympy.Not(c) for c in earlier])
    for conjunction in _dnf(rest):
        cases.append((conjunction, None))
    return cases


def _innermost(expr: sympy.Expr) -> sympy.Expr | None:
    for node in sympy.postorder_traversal(expr):
        if isinstance(node, _SPLIT):
            return node
    return None


def split_expr(expr: sympy.Expr) -> list[tuple[list[Condition], sympy.Expr | None]]:
    atom = _innermost(expr)
    if atom is None:
        return [([], expr)]
    out: list[tuple[list[Condition], sympy.Expr | None]] = []
    for conditions, value in _pieces(atom):
        if value is None:
            out.append((conditions, None))
            continue
        for more, rest in split_expr(expr.xreplace({atom: value})):
            out.append((conditions + more, rest))
            if len(out) > MAX_CASES:
                raise invalid("expr", str(expr), f"Abs/Max/Min/Piecewise make more than {MAX_CASES} cases; "
                              "split the claim")
    return out


# ------------------------------------------------------------------------------- worst cases
Decide = Callable[[Statement], Evidence]


def _closed_form(atom: _Extremum, statement: Statement, decide: Decide,
                 record: list[Evidence]) -> tuple[sympy.Expr, str]:
    body, var, lo, hi = atom.args
    sup = isinstance(atom, SupOver)
    shown = str(atom)
    if var not in body.free_symbols:
        return body, f"{shown} = {body} (independent of {var})"
    elsewhere = statement.target.expr.xreplace({atom: sympy.Integer(0)}).free_symbols
    if var.name in {s.name for s in elsewhere | {s for c in statement.domain for s in c.expr.free_symbols}}:
        raise invalid("expr", shown, f"the bound name {var} is also a variable of the condition or its domain",
                      "rename it")
    inside = (Condition(var - lo, ">=", f"{var} >= {lo}"), Condition(hi - var, ">=", f"{var} <= {hi}"))
    known = {**statement.known, var.name: var}

    def proved(expr: sympy.Expr, op: str, what: str) -> bool:
        condition = Condition(expr, op, f"{what}: {expr} {op} 0")
        evidence = decide(Statement(condition, statement.domain + inside, statement.integers, known,
                                    statement.notes))
        if evidence.outcome is Outcome.PROVED and evidence.premise_cases != 0:
            record.append(evidence)
            return True
        return False

    at_lo, at_hi = body.xreplace({var: lo}), body.xreplace({var: hi})
    slope = sympy.diff(body, var)
    if proved(slope, ">=", f"d/d{var} of {body} on [{lo}, {hi}]"):
        value = at_hi if sup else at_lo
        return value, f"{shown} = {value}: d/d{var} >= 0 on {var} in [{lo}, {hi}] (decided)"
    if proved(slope, "<=", f"d/d{var} of {body} on [{lo}, {hi}]"):
        value = at_lo if sup else at_hi
        return value, f"{shown} = {value}: d/d{var} <= 0 on {var} in [{lo}, {hi}] (decided)"
    curvature = sympy.diff(slope, var)
    if proved(curvature, ">=" if sup else "<=", f"d2/d{var}2 of {body} on [{lo}, {hi}]"):
        value = sympy.Max(at_lo, at_hi, evaluate=False) if sup else sympy.Min(at_lo, at_hi, evaluate=False)
        return value, (f"{shown} = {value}: d²/d{var}² {'>=' if sup else '<='} 0 on {var} in [{lo}, {hi}] "
                       f"(decided; a {'convex' if sup else 'concave'} function's {'max' if sup else 'min'} on an "
                       "interval is at an end)")
    raise invalid("expr", shown, f"{body} is not shown monotone or {'convex' if sup else 'concave'} in {var} on "
                  f"[{lo}, {hi}] on the domain: its {'sup' if sup else 'inf'} has no closed form the decider "
                  "can prove", "write the worst case in closed form (a Max/Min of candidates) and check that "
                  "claim separately")


def resolve_worst_cases(statement: Statement, decide: Decide) -> tuple[Statement, list[str], list[Evidence]]:
    """The statement with every sup/inf over an interval replaced by its proved closed form."""
    notes: list[str] = []
    record: list[Evidence] = []
    target = statement.target
    while True:
        atoms = [a for a in sympy.postorder_traversal(target.expr) if isinstance(a, _Extremum)]
        if not atoms:
            break
        atom = atoms[0]
        value, note = _closed_form(atom, Statement(target, statement.domain, statement.integers, statement.known,
                                                   statement.notes), decide, record)
        notes.append(note)
        target = Condition(target.expr.xreplace({atom: value}), target.op, target.text)
    return Statement(target, statement.domain, statement.integers, statement.known, statement.notes), notes, record


def split(statement: Statement, decide: Decide) -> Split:
    """The cases of the statement's condition (see the module docstring); ``decide`` decides the derivative
    signs that give a worst case its closed form."""
    resolved, notes, record = resolve_worst_cases(statement, decide)
    cases = []
    for conditions, value in split_expr(resolved.target.expr):
        domain = resolved.domain + tuple(conditions)
        words = tuple(c.text for c in conditions)
        if value is None:
            target = Condition(sympy.Integer(-1), ">", "no piece covers these points")
            cases.append(SignCase(Statement(target, domain, resolved.integers, resolved.known, resolved.notes), words,
                              uncovered=True))
            continue
        target = Condition(value, resolved.target.op, f"{value} {resolved.target.op} 0")
        cases.append(SignCase(Statement(target, domain, resolved.integers, resolved.known, resolved.notes), words))
    return Split(tuple(cases), tuple(notes), tuple(record))


def case_summary(case: SignCase, evidence: Evidence) -> str:
    """One line: the case's conditions and its outcome."""
    where = " and ".join(case.conditions) or "every point"
    return f"case {where}: {case.statement.target.expr} {case.statement.target.op} 0: {evidence.outcome.value}" + (
        " (empty)" if evidence.premise_cases == 0 else "")


def combine(cases: Sequence[SignCase], evidences: Sequence[Evidence]) -> tuple[str, Evidence | None, list[str]]:
    """The outcome over all cases (``proved``, ``counterexample`` with the failing case's evidence, or
    ``inconclusive``), and one line per case."""
    lines = [case_summary(c, e) for c, e in zip(cases, evidences)]
    for case, evidence in zip(cases, evidences):
        if evidence.outcome is Outcome.COUNTEREXAMPLE:
            if case.uncovered:
                point = {k: v for k, v in (evidence.counterexample or {}).items() if k not in ("value", "recheck")}
                raise invalid("expr", str(case.statement.target.text), f"no piece of the Piecewise covers the domain "
                              f"point {point}: the expression is undefined there", "add a last piece (value, True)")
            return "counterexample", evidence, lines
    if all(e.outcome is Outcome.PROVED for e in evidences):
        if all(e.premise_cases == 0 for e in evidences):
            return "empty", None, lines
        return "proved", None, lines
    return "inconclusive", None, lines
