"""The one LaTeX printer configuration for every exported expression, in the paper's notation (003 §3).

Notation (003 §3.1–3.2, the symbols of :mod:`symbolic.symbols`, matched by *name* whatever their
assumptions):

* symbol names print by the one table of :func:`proofs.report.tex.symbol_latex` (``pi`` is the proportion
  ``\\pi``, ``q1`` is ``q_{1}``, ``theta_hat_1`` is ``\\hat{\\theta}_{1}``, ``eps`` is ``\\epsilon``); the constant
  ``sympy.pi`` prints ``\\uppi`` (upright, package ``upgreek``), so the two are never confused;
* a sum prints its positive terms first (``q - p``, ``1 - q_{3}^{n}``), as the paper writes them;
* functions named ``Var``, ``E``, ``Cov``, ``Pr`` print as ``\\operatorname{Var}(...)`` etc.; binomial
  coefficients print ``\\binom{n}{k}``.

:func:`readable` chooses, among equal forms (as derived, factored, combined over a common denominator,
cancelled), the one that prints shortest; :func:`to_latex` prints it. :func:`parse_srepr` restores
a derived expression from its ``srepr`` string without ``eval`` (a report read with ``--from`` is data,
never code).

:func:`paper_form` re-expresses a derived expression in the paper's notation, verified before it is printed.
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

import contextlib
import functools
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import sympy
from sympy.printing.latex import LatexPrinter

from core.formula import as_sympy, parse_formula, parse_srepr
from core.memo import per_object
from symbolic.symbols import by_name as _paper_symbols
from proofs.report.tex import symbol_latex

__all__ = ["PREAMBLE_PACKAGES", "to_latex", "readable", "parse_srepr", "parse_derived", "PaperForm", "paper_form",
           "DEFINITIONS_LATEX"]

#: Packages an exported fragment needs (report.tex loads them; paste them into your own preamble).
PREAMBLE_PACKAGES = ("amsmath", "amssymb", "upgreek", "graphicx")

_OPERATORS = {"Var": "Var", "E": "E", "Cov": "Cov", "Pr": "Pr", "P": "P", "Bel": "Bel", "Pl": "Pl"}


class _PaperPrinter(LatexPrinter):
    """sympy's LaTeX printer with the paper's names (see the module docstring)."""

    def _print_Symbol(self, expr: sympy.Symbol, style: str = "plain") -> str:
        known = symbol_latex(expr.name)
        return known if known is not None else super()._print_Symbol(expr, style=style)

    def _print_Add(self, expr: sympy.Add, order: str | None = None) -> str:
        """Terms in sympy's order, those with a positive sign first (``q - p``, ``1 - q_{3}^{n}``)."""
        terms = list(self._as_ordered_terms(expr, order=order))
        negative = [t.as_coeff_Mul()[0].is_negative is True for t in terms]
        terms = [t for t, minus in zip(terms, negative) if not minus] + [t for t, minus in zip(terms, negative) if minus]
        return super()._print_Add(sympy.Add(*terms, evaluate=False), order="none")

    def _print(self, expr: Any, **kwargs: Any) -> str:
        if expr is sympy.pi:  # the constant; its own ``_latex`` would print \pi, the proportion's name
            return r"\uppi"
        return super()._print(expr, **kwargs)

    def _print_Function(self, expr: Any, exp: str | None = None) -> str:
        name = type(expr).__name__
        if name in _OPERATORS:
            args = ", ".join(self._print(a) for a in expr.args)
            text = rf"\operatorname{{{_OPERATORS[name]}}}\left({args}\right)"
            return rf"{text}^{{{exp}}}" if exp else text
        return super()._print_Function(expr, exp)


_PRINTER = _PaperPrinter({"ln_notation": False, "fold_short_frac": False})

#: The notation a formula stored as text is read back in before it is printed: the symbols it was derived
#: with, matched by name (the built-in catalog's, :mod:`symbolic.symbols`: ``pi`` the proportion, n and the
#: counts integers), so that it prints as it did when it was derived. The reports pass it to every parser here;
#: the general parsers below them take no table unless one is passed.
NOTATION = MappingProxyType(_paper_symbols())


def to_latex(expr: Any) -> str:
    """``expr`` (a sympy expression, a number, or a formula string read by :func:`core.formula.parse_formula`) in the paper's notation."""
    return _printed(as_sympy(expr, name="expr", symbols=NOTATION))


@per_object()
def _printed(expr: Any) -> str:
    """The LaTeX of a sympy object, printed once per object (:func:`core.memo.per_object`): choosing the
    shortest form prints each candidate, and every format prints the chosen one again."""
    return _PRINTER.doprint(expr)


#: Operation counts up to which each transformation is tried (factoring a large rational function costs
#: seconds and rarely prints shorter); a larger expression is printed as it is.
_TRANSFORMS = (("together", 60), ("factor", 40), ("cancel", 25))


@functools.lru_cache(maxsize=1024)
def readable(expr: Any) -> sympy.Basic:
    """The form of ``expr`` that prints shortest among equal forms: as derived, ``together``, ``factor``,
    ``cancel`` (each tried up to a size, see ``_TRANSFORMS``; a relation is treated side by side). Equal
    by construction; large expressions (more than 60 operations) are left as they are, so the export
    stays fast."""
    expr = as_sympy(expr, name="expr", symbols=NOTATION, relational=True)
    if isinstance(expr, sympy.core.relational.Relational):
        return expr.func(readable(expr.lhs), readable(expr.rhs), evaluate=False)
    if not isinstance(expr, sympy.Expr):
        return expr
    size, candidates = sympy.count_ops(expr), [expr]
    for name, limit in _TRANSFORMS:
        if size <= limit:
            with contextlib.suppress(sympy.PolynomialError, TypeError, ValueError, NotImplementedError):
                candidates.append(_factored(expr) if name == "factor" else getattr(sympy, name)(expr))
    return min(candidates, key=_printed_length) if len(candidates) > 1 else expr


@per_object(maxsize=1024)
def _factored(expr: Any) -> Any:
    """``sympy.factor(expr)``, once per expression object: :func:`readable` and :func:`paper_form` both factor it."""
    return sympy.factor(expr)


def _printed_length(expr: Any) -> int:
    """Length of ``expr``'s LaTeX as read: without spaces and the ``\\left``/``\\right`` that only size the
    brackets."""
    return len(re.sub(r"\\left|\\right|\s", "", to_latex(expr)))


# ----------------------------------------------------------------------------------------------------
# srepr strings back to expressions, without eval


_PLAIN = re.compile(r"^[A-Za-z0-9_\s+\-*/^().,]*$")


@functools.lru_cache(maxsize=1024)
def parse_derived(text: str) -> sympy.Basic:
    """A derived expression as stored in evidence: an ``srepr`` string, or (older reports) a plain
    arithmetic string such as ``"(n2*q - n1*p)/((n1 + n2)*(q - p))"`` read with the paper's symbols."""
    try:
        return parse_srepr(text)
    except ValueError:
        if not _PLAIN.match(text):
            raise
    return parse_formula(text, symbols=NOTATION, name="derived")


# ----------------------------------------------------------------------------------------------------
# The paper's notation: q1, q2, q3

#: The substitutions, as the report's notation section prints them.
DEFINITIONS_LATEX = (r"q_{1} = \pi p + (1 - \pi) q", r"q_{2} = \pi q + (1 - \pi) p", r"q_{3} = 1 - p - q")

#: Larger expressions are printed as derived: factoring them costs more than the reading gains.
_MAX_OPERATIONS = 80


@dataclass(frozen=True)
class PaperForm:
    """An expression rewritten with the symbols ``used`` (names among q1, q2, q3), verified equal to it."""

    expression: Any
    used: tuple[str, ...]


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
        if _printed_length(candidate) < _printed_length(base) and sympy.expand(back - sympy.expand(base)) == 0:
            return candidate, sign, {"q3"}
    return base, 1, set()


@functools.lru_cache(maxsize=1024)
def _paper_form_cached(expr: Any) -> PaperForm | None:
    names = {s.name: s for s in expr.free_symbols}
    p, q, pi = names.get("p"), names.get("q"), names.get("pi", sympy.Symbol("pi", real=True))
    if p is None or q is None:
        return None
    atoms = _atoms(p, q, pi)
    coefficient, factors = _factored(expr).as_coeff_mul()
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
    return PaperForm(rebuilt, tuple(sorted(used))) if _agrees(back, expr) else None


def _agrees(a: Any, b: Any) -> bool:
    symbols = sorted(a.free_symbols | b.free_symbols, key=lambda s: s.name)
    for k, point in enumerate(((3, 7), (5, 11), (2, 13))):
        values = {s: sympy.Rational(point[0] + i, point[1] + 3 * i + k) if not s.is_integer else 2 + i + k
                  for i, s in enumerate(symbols)}
        try:
            if _difference_at(a, b, values) != 0:
                return False
        except (ZeroDivisionError, TypeError, ValueError):
            return False
    return True


def _difference_at(a: Any, b: Any, values: dict[Any, Any]) -> Any:
    """``a - b`` at ``values`` (symbols -> numbers), exactly. Two rational values (the usual case: the sides are
    rational functions) are put in directly, which is the same arithmetic as ``subs`` and several times cheaper
    on a large expression; anything else (a sum, a function left unevaluated) goes through ``subs`` and
    ``nsimplify``."""
    try:
        left, right = sympy.sympify(a.xreplace(values)), sympy.sympify(b.xreplace(values))
    except Exception:  # noqa: BLE001 - whatever the direct route raises, the general one below decides
        left = right = None
    if getattr(left, "is_Rational", False) and getattr(right, "is_Rational", False):
        return left - right
    return sympy.nsimplify(a.subs(values) - b.subs(values))


def _worth_trying(expr: Any) -> bool:
    """q₁, q₂ need π; q₃ needs a power or a product of 1 − p − q: nothing else can be rewritten."""
    names = {s.name for s in expr.free_symbols}
    return {"p", "q"} <= names and sympy.count_ops(expr) <= _MAX_OPERATIONS and ("pi" in names or any(
        isinstance(a, sympy.Pow) and {"p", "q"} <= {s.name for s in a.base.free_symbols} and not a.exp.is_number
        for a in sympy.preorder_traversal(expr)))


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
    return None if form is None or _printed_length(form.expression) >= _printed_length(expr) else form
