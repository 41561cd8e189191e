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
"""

from __future__ import annotations

import functools
import re
from typing import Any

import sympy
from sympy.printing.latex import LatexPrinter

from core.formula import as_sympy, parse_formula, parse_srepr
from symbolic.symbols import by_name
from proofs.report.tex import symbol_latex

__all__ = ["PREAMBLE_PACKAGES", "to_latex", "readable", "parse_srepr", "parse_derived"]

#: Packages an exported fragment needs (report.tex loads them; paste them into your own preamble).
PREAMBLE_PACKAGES = ("amsmath", "amssymb", "upgreek", "graphicx")

_OPERATORS = {"Var": "Var", "E": "E", "Cov": "Cov", "Pr": "Pr", "P": "P", "Bel": "Bel", "Pl": "Pl"}

_SETTINGS = {"ln_notation": False, "fold_short_frac": False}


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


_PRINTER = _PaperPrinter(_SETTINGS)


def to_latex(expr: Any) -> str:
    """``expr`` (a sympy expression, a number, or a formula string read by :func:`core.formula.parse_formula`) in the paper's notation."""
    return _PRINTER.doprint(as_sympy(expr, name="expr", symbols=by_name()))


_MAX_OPS_TO_SIMPLIFY = 60


#: Operation counts up to which each transformation is tried (factoring a large rational function costs
#: seconds and rarely prints shorter).
_TRANSFORMS = (("together", 60), ("factor", 40), ("cancel", 25))


@functools.lru_cache(maxsize=1024)
def readable(expr: Any) -> sympy.Basic:
    """The form of ``expr`` that prints shortest among equal forms: as derived, ``together``, ``factor``,
    ``cancel`` (each tried up to a size, see ``_TRANSFORMS``; a relation is treated side by side). Equal
    by construction; large expressions (more than 60 operations) are left as they are, so the export
    stays fast."""
    expr = as_sympy(expr, name="expr", symbols=by_name(), relational=True)
    if isinstance(expr, sympy.core.relational.Relational):
        return expr.func(readable(expr.lhs), readable(expr.rhs), evaluate=False)
    if not isinstance(expr, sympy.Expr):
        return expr
    size = sympy.count_ops(expr)
    if size > _MAX_OPS_TO_SIMPLIFY:
        return expr
    candidates = [expr]
    for name, limit in _TRANSFORMS:
        if size > limit:
            continue
        try:
            candidates.append(getattr(sympy, name)(expr))
        except (sympy.PolynomialError, TypeError, ValueError, NotImplementedError):
            continue
    return min(enumerate(candidates), key=lambda ic: (_reading_length(to_latex(ic[1])), ic[0]))[1]


def _reading_length(text: str) -> int:
    """Length as read: without spaces and the ``\\left``/``\\right`` that only size the brackets."""
    return len(re.sub(r"\\left|\\right|\s", "", text))


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
    return parse_formula(text, symbols=by_name(), name="derived")
