"""Derived expressions re-expressed in the paper's notation, verified before they are printed.

A check derives its expressions in the primitive parameters (p, q, π, n, ε); the paper writes them with
the response probabilities of 003 §3.1,

    q₁ = πp + (1 − π)q,    q₂ = πq + (1 − π)p,    q₃ = 1 − p − q,

A (003 Theorem 3.10) and e^ε. So 003 Theorem 3.10's variance, derived as
``A (pπ − p − πq)(pπ − πq + q) / ((p − q)²((1 − p − q)ⁿ − 1))``, is printed
``A q₁ q₂ / ((p − q)²(1 − q₃ⁿ))``.

:func:`paper_form` factors the expression, recognises each factor as ±q₁, ±q₂, or a function of q₃ alone
(``(1 − p − q)ⁿ − 1`` is ``−(1 − q₃ⁿ)``), collects the signs, and keeps the result only if substituting the
definitions back into each factor gives the original factor exactly (by expansion), the product agrees
exactly at rational points, and it prints shorter. Never an unverified rewrite: when the check fails, the
expression is printed as derived.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import sympy

__all__ = ["PaperForm", "paper_form", "DEFINITIONS_LATEX"]

#: The substitutions, as the report's notation section prints them.
DEFINITIONS_LATEX = (r"q_{1} = \pi p + (1 - \pi) q", r"q_{2} = \pi q + (1 - \pi) p", r"q_{3} = 1 - p - q")

#: Larger expressions are printed as derived: factoring them costs more than the reading gains.
_MAX_OPERATIONS = 80


@dataclass(frozen=True)
class PaperForm:
    """An expression rewritten with the symbols ``used`` (names among q1, q2, q3), verified equal to it."""

    expression: Any
    used: tuple[str, ...]


def _symbols(expr: Any) -> dict[str, Any]:
    return {s.name: s for s in expr.free_symbols}


def _atoms(p: Any, q: Any, pi: Any) -> dict[str, tuple[Any, Any]]:
    q1, q2, q3 = sympy.symbols("q1 q2 q3", real=True)
    return {"q1": (q1, pi * p + (1 - pi) * q), "q2": (q2, pi * q + (1 - pi) * p), "q3": (q3, 1 - p - q)}


def _recognise(base: Any, atoms: dict[str, tuple[Any, Any]], p: Any, q: Any) -> tuple[Any, int, set[str]]:
    """(replacement, sign, names used) for one factor base, with ``base == sign * replacement`` once the
    definitions are substituted back (checked here, by expansion, for every replacement it returns)."""
    for name in ("q1", "q2"):
        symbol, definition = atoms[name]
        if sympy.expand(base - definition) == 0:
            return symbol, 1, {name}
        if sympy.expand(base + definition) == 0:
            return symbol, -1, {name}
    q3, q3_definition = atoms["q3"]
    in_q3 = sympy.expand(base.subs(q, 1 - p - q3))
    if p not in in_q3.free_symbols and q3 in in_q3.free_symbols:
        candidate = sympy.factor(in_q3)
        sign = 1
        constant = candidate.as_coeff_Add()[0] if isinstance(candidate, sympy.Add) else 0
        if constant < 0 or (constant == 0 and candidate.could_extract_minus_sign()):
            candidate, sign = sympy.expand(-candidate), -1  # 1 - q3^n, as the paper writes it
        back = sympy.expand(sign * candidate.subs(q3, q3_definition))
        if _length(candidate) < _length(base) and sympy.expand(back - sympy.expand(base)) == 0:
            return candidate, sign, {"q3"}
    return base, 1, set()


def _length(expr: Any) -> int:
    from proofs.report.latex import to_latex

    return len(to_latex(expr).replace(r"\left", "").replace(r"\right", "").replace(" ", ""))


@functools.lru_cache(maxsize=1024)
def _paper_form_cached(expr: Any) -> PaperForm | None:
    names = _symbols(expr)
    p, q, pi = names.get("p"), names.get("q"), names.get("pi")
    if p is None or q is None:
        return None
    if pi is None:
        pi = sympy.Symbol("pi", real=True)
    atoms = _atoms(p, q, pi)
    factored = sympy.factor(expr)
    coefficient, factors = factored.as_coeff_mul()
    coefficient, powers, used = sympy.Integer(coefficient), [], set()
    for factor in factors:
        base, exponent = factor.as_base_exp()
        replacement, sign, names_used = _recognise(base, atoms, p, q)
        if sign == -1 and not (exponent.is_integer and exponent.is_number):
            return None  # (-x)^y with y not a known integer: the sign cannot be moved out
        coefficient *= sign ** exponent if sign == -1 else 1
        powers.append(sympy.Pow(replacement, exponent) if exponent != 1 else replacement)
        used |= names_used
    if not used:
        return None
    # Mul(number, Add) would distribute the number over the sum: keep the product as written
    rebuilt = sympy.Mul(*powers) if coefficient == 1 else sympy.Mul(coefficient, *powers, evaluate=False)
    # every factor was checked equal by expansion; the product is checked once more, exactly, at a few
    # rational points (a cheap guard against a slip in putting the factors together)
    back = rebuilt.subs({atoms[name][0]: atoms[name][1] for name in used})
    if not _agrees(back, expr):
        return None
    return PaperForm(rebuilt, tuple(sorted(used)))


def _agrees(a: Any, b: Any) -> bool:
    symbols = sorted(a.free_symbols | b.free_symbols, key=lambda s: s.name)
    for k, point in enumerate(((3, 7), (5, 11), (2, 13))):
        values = {s: sympy.Rational(point[0] + i, point[1] + 3 * i + k) if not s.is_integer else 2 + i + k
                  for i, s in enumerate(symbols)}
        try:
            if sympy.nsimplify(a.subs(values) - b.subs(values)) != 0:
                return False
        except (ZeroDivisionError, TypeError, ValueError):
            return False
    return True


def _worth_trying(expr: Any) -> bool:
    """q₁, q₂ need π; q₃ needs a power or a product of 1 − p − q: nothing else can be rewritten."""
    names = {s.name for s in expr.free_symbols}
    if not {"p", "q"} <= names or sympy.count_ops(expr) > _MAX_OPERATIONS:
        return False
    return "pi" in names or any(isinstance(a, sympy.Pow) and {"p", "q"} <= {s.name for s in a.base.free_symbols}
                                and not a.exp.is_number for a in sympy.preorder_traversal(expr))


def paper_form(expr: Any) -> PaperForm | None:
    """``expr`` in the paper's notation when that is verified equal and prints shorter; else None. A
    relation is rewritten side by side."""
    if isinstance(expr, sympy.core.relational.Relational):
        sides = [paper_form(expr.lhs), paper_form(expr.rhs)]
        if not any(sides):
            return None
        lhs = sides[0].expression if sides[0] else expr.lhs
        rhs = sides[1].expression if sides[1] else expr.rhs
        used = tuple(sorted({n for s in sides if s for n in s.used}))
        return PaperForm(expr.func(lhs, rhs, evaluate=False), used)
    if not isinstance(expr, sympy.Expr) or not _worth_trying(expr):
        return None
    try:
        form = _paper_form_cached(expr)
    except (sympy.PolynomialError, TypeError, ValueError, NotImplementedError, RecursionError):
        return None
    if form is None:
        return None
    if _length(form.expression) >= _length(expr):
        return None
    return form
