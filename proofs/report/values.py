"""Values of a report as math: counterexample points, evidence figures, derived expressions.

A counterexample maps names to exact values (:func:`core.exact.jsonable`: integers, ``"a/b"`` strings,
decimal strings, lists, nested objects). :func:`value` shows each as the paper would: ``"3/5"`` as the
fraction 3/5 (``\\tfrac{3}{5}``), ``["1/2", "1/2"]`` as the tuple (1/2, 1/2), ``"log(2)"`` as ln 2, ``"oo"``
as ∞; :func:`key` shows a name as the paper's symbol (``theta_hat_1`` is θ̂₁, :func:`proofs.report.tex.symbol_latex`)
and a description (``"cell (theta_hat_1, theta_hat_2)"``) as words with symbols. :func:`assignment` puts
them together (``p = 3/5, q = 1/5``); :func:`derived` prints a derived expression, in the paper's notation
when :func:`proofs.report.notation.paper_form` verified one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from proofs.report import mathtext
from proofs.report.mathtext import MathText
from proofs.report.tex import symbol_latex

__all__ = ["value", "key", "assignment", "derived", "formula_latex", "DerivedShown"]

_RATIONAL = re.compile(r"^-?\d+/\d+$")
_DECIMAL = re.compile(r"^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$")
_FORMULA_CHARACTERS = re.compile(r"^[A-Za-z0-9_ +\-*/^().,]+$")
_MAX_FORMULA = 400
_MAX_TEXT = 300


def _number_latex(text: str) -> str:
    if _RATIONAL.match(text):
        top, bottom = text.lstrip("-").split("/")
        return ("-" if text.startswith("-") else "") + rf"\tfrac{{{top}}}{{{bottom}}}"
    if "e" in text.lower():
        mantissa, _, exponent = text.lower().partition("e")
        return rf"{mantissa} \times 10^{{{int(exponent)}}}"
    return text


def formula_latex(text: str) -> str | None:
    """The LaTeX of ``text`` if it is a formula in the paper's symbols (``log(2)``, ``1 - q3^n``,
    ``exp(eps)``), read with :func:`core.formula.parse_formula`; else None (it is words). ``pi`` is the
    proportion π, as everywhere in the toolkit's values (a check writes the constant only inside numbers)."""
    if len(text) > _MAX_FORMULA or not _FORMULA_CHARACTERS.match(text):
        return None
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)
    from core.formula import FUNCTIONS

    if not names or any(n not in FUNCTIONS and n not in ("pi", "E", "oo") and symbol_latex(n) is None for n in names):
        return None
    if not re.search(r"[()+\-*/^]", text) and len(names) == 1 and symbol_latex(names[0]) is not None:
        return symbol_latex(names[0])
    try:
        from core.formula import parse_formula
        from proofs.report.latex import to_latex

        import sympy

        symbols = {n: sympy.Symbol(n) for n in names if n not in FUNCTIONS and n not in ("E", "oo")}
        return to_latex(parse_formula(text, symbols=symbols, name="value"))
    except (ValueError, TypeError, RecursionError):
        return None


def value(item: Any) -> MathText:
    """One value as math (or words, when it is words)."""
    if item is None:
        return mathtext.text("none")
    if isinstance(item, bool):
        return mathtext.text("true" if item else "false")
    if isinstance(item, int):
        return mathtext.math(str(item))
    if isinstance(item, float):
        return mathtext.math(_number_latex(repr(item)))
    if isinstance(item, (list, tuple)):
        parts = [value(v) for v in item]
        if all(p.display for p in parts):
            inner = ", ".join(p.segments[0].content for p in parts)
            return mathtext.math(f"({inner})" if parts else "()")
        return mathtext.text("(") + mathtext.join(parts) + mathtext.text(")")
    if isinstance(item, Mapping):
        return mathtext.text("{") + assignment(item) + mathtext.text("}")
    text = str(item)
    if text in ("oo", "-oo"):
        return mathtext.math(text.replace("oo", r"\infty"))
    if _RATIONAL.match(text) or _DECIMAL.match(text):
        return mathtext.math(_number_latex(text))
    latex = formula_latex(text)
    if latex is not None:
        return mathtext.math(latex)
    if len(text) > _MAX_TEXT:
        text = text[:_MAX_TEXT - 1] + "…"
    return mathtext.phrase(text)


def key(name: Any) -> MathText:
    """A name of a counterexample or a figure: the paper's symbol, a formula, or words with symbols."""
    text = str(name)
    known = symbol_latex(text)
    if known is not None and len(text) > 0:
        return mathtext.math(known)
    latex = formula_latex(text)
    if latex is not None:
        return mathtext.math(latex)
    return mathtext.phrase(text)


def assignment(items: Mapping[str, Any]) -> MathText:
    """``name = value`` for each item, one formula per item where both sides are math."""
    parts = []
    for k, v in items.items():
        left, right = key(k), value(v)
        if left.display and right.display:
            parts.append(mathtext.math(f"{left.segments[0].content} = {right.segments[0].content}"))
        else:
            parts.append(left + mathtext.text(" = " if left.display or right.display else ": ") + right)
    return mathtext.join(parts, ", ")


class DerivedShown:
    """A derived expression ready to print: ``latex`` as derived (shortest equal form), ``paper`` the
    verified re-expression in the paper's notation (or None)."""

    __slots__ = ("name", "latex", "paper", "method", "reading")

    def __init__(self, name: str, latex: str | None, paper: str | None, method: str | None, reading: str | None):
        self.name, self.latex, self.paper, self.method, self.reading = name, latex, paper, method, reading

    @property
    def best(self) -> str | None:
        return self.paper or self.latex


def derived(item: Any) -> DerivedShown:
    """A :class:`~proofs.report.schema.DerivedReport` as LaTeX (``latex`` None when too long to print)."""
    from proofs.report.latex import readable, to_latex
    from proofs.report.notation import paper_form

    if item.expression is None:
        return DerivedShown(item.name, None, None, item.method, item.reading)
    expression = item.expression
    try:
        latex = to_latex(readable(expression))
    except (TypeError, ValueError, RecursionError):
        latex = None
    form = paper_form(expression)
    paper = None if form is None else to_latex(form.expression)
    if latex is not None and not mathtext.math(latex).display:
        latex = None
    if paper is not None and not mathtext.math(paper).display:
        paper = None
    return DerivedShown(item.name, latex, paper, item.method, item.reading)
