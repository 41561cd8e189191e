"""Values of a report as math: counterexample points, evidence figures, derived expressions.

A counterexample maps names to exact values (:func:`core.exact.jsonable`: integers, ``"a/b"`` strings,
decimal strings, lists, nested objects). :func:`value` shows each as the paper would: ``"3/5"`` as 3/5
(a slash reads well inline), ``["1/2", "1/2"]`` as the tuple (1/2, 1/2), ``"log(2)"`` as ln 2, ``"oo"`` as
∞; :func:`key` shows a name as the paper's symbol (``theta_hat_1`` is θ̂₁, ``al`` is α,
:func:`proofs.report.tex.symbol_latex`) and a description (``"cell (theta_hat_1, theta_hat_2)"``) as words
with symbols. :func:`assignment` puts them together (``p = 3/5, q = 1/5``; ``fails: ...`` after a name in
words); :func:`derived` prints a derived expression, in the paper's notation when
:func:`proofs.report.latex.paper_form` verified one. :func:`prose` reads a text a check wrote.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

import sympy

from core.formula import FUNCTIONS, parse_formula
from core.memo import per_object
from proofs.report import mathtext
from proofs.report.latex import paper_form, readable, to_latex
from proofs.report.mathtext import MathText
from proofs.report.latex_text import is_math
from proofs.report.tex import GREEK_NAMES, symbol_latex

__all__ = ["prose", "words", "value", "key", "assignment", "derived", "formula_latex"]

_RATIONAL = re.compile(r"^-?\d+/\d+$")
_DECIMAL = re.compile(r"^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$")
_FORMULA_CHARACTERS = re.compile(r"^[A-Za-z0-9_ +\-*/^().,]+$")
_MAX_FORMULA = 400
_RELATION = re.compile(r"=|<|>|\\le\b|\\ge\b|\\ne\b|\\in\b|\\subseteq")
_MAX_TEXT = 300


def _number_latex(text: str) -> str:
    if "e" in text.lower():
        mantissa, _, exponent = text.lower().partition("e")
        return rf"{mantissa} \times 10^{{{int(exponent)}}}"
    return text


@functools.lru_cache(maxsize=8192)
def formula_latex(text: str) -> str | None:
    """The LaTeX of ``text`` if it is a formula in the paper's symbols (``log(2)``, ``1 - q3^n``,
    ``exp(eps)``), read with :func:`core.formula.parse_formula`; else None (it is words). ``pi`` is the
    proportion π, as everywhere in the toolkit's values (a check writes the constant only inside numbers)."""
    if len(text) > _MAX_FORMULA or not _FORMULA_CHARACTERS.match(text):
        return None
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)
    if not names or any(n not in FUNCTIONS and n not in ("pi", "E", "oo") and symbol_latex(n) is None for n in names):
        return None
    if not re.search(r"[()+\-*/^]", text) and len(names) == 1 and symbol_latex(names[0]) is not None:
        return symbol_latex(names[0])
    try:
        symbols = {n: sympy.Symbol(n) for n in names if n not in FUNCTIONS and n not in ("E", "oo")}
        return to_latex(parse_formula(text, symbols=symbols, name="value"))
    except (ValueError, TypeError, RecursionError):
        return None


#: A check's own notation: names (``theta_hat_1``, ``pl_x``, ``Q_{2x3}``, ``alpha'``), numbers, operators, brackets.
_TOKEN = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9]*(?:_\{[^{}$]*\}|_[A-Za-z0-9]+)*'*)"
                    r"|(?P<number>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|(?P<op>\+/-|\*\*|<=|>=|!=|==|->|[-+*/^=<>|,:])"
                    r"|(?P<open>[(\[{])|(?P<close>[)\]}])|(?P<space>\s+)|(?P<other>.)")
_OPERATORS = {"**": "^", "<=": r"\le", ">=": r"\ge", "!=": r"\ne", "==": "=", "->": r"\to", "*": r"\cdot", "+/-": r"\pm"}
#: In words: a name with its scripts (``eps^W``, ``T_2^op``) is one formula.
_SCRIPTED = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_\{[^{}$]*\}|_[A-Za-z0-9]+)*'*(?:[_^](?:\{[^{}$]*\}|[A-Za-z0-9]+'*))+")
_NAMED = {"exp": r"\exp", "log": r"\ln", "ln": r"\ln", "sqrt": r"\sqrt", "max": r"\max", "min": r"\min",
          "sup": r"\sup", "inf": r"\inf", "Var": r"\operatorname{Var}", "Cov": r"\operatorname{Cov}", "Pr": r"\Pr"}


def _name_latex(name: str) -> str | None:
    """A symbol of the paper by the toolkit's name, or a base with a braced subscript (``Q_{2x3}``)."""
    match = re.fullmatch(r"([A-Za-z]+)_\{([^{}]*)\}('*)", name)
    if symbol_latex(name) is not None or not match or not (symbol_latex(match[1]) or len(match[1]) <= 3):
        return symbol_latex(name)
    inner = re.sub(r"^(\d+)x(\d+)$", r"\1\\times \2", match[2])
    return f"{symbol_latex(match[1]) or match[1]}_{{{inner}}}{match[3]}"


@functools.lru_cache(maxsize=8192)
def _ascii_formula(text: str) -> str | None:
    """The LaTeX of ``text`` when the whole of it is a formula in the checks' notation (``pl_x(R^c) <= 1 -
    alpha'``, ``beta^2(phi = 0) = 1``): every name a symbol of the paper or a named operator; else None."""
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(text)]
    if not tokens or any(kind == "other" for kind, _ in tokens) or len(text) > _MAX_FORMULA or text.isdigit():
        return None
    out: list[str] = []
    groups: list[bool] = []  # for each open brace: whether it groups a script (kept) or is a set brace
    script = False  # the previous token was ^ or _: this one is the script
    parens: list[int] = []  # depths of the brackets that group a script
    brackets = 0
    for k, (kind, token) in enumerate(tokens):
        if token == "{":
            groups.append(script)
            out.append("{" if script else r"\{")
            script = False
            continue
        if token == "(" and script:  # x^(n-1): the bracket is the script's group
            parens.append(brackets)
            brackets += 1
            out.append("{")
            script = False
            continue
        if token in ("(", ")"):
            brackets += 1 if token == "(" else -1
            if token == ")" and parens and parens[-1] == brackets:
                parens.pop()
                out.append("}")
                continue
        if token == "}":
            out.append("}" if groups and groups.pop() else r"\}")
            continue
        if kind == "name":
            label = (script or groups and groups[-1]) and token.isalpha() and len(token) <= 3
            latex = _NAMED.get(token) or _name_latex(token) or (rf"\mathrm{{{token}}}" if label else None)
            if latex is None:
                return None
        elif kind == "number":
            latex = _number_latex(token)
        else:
            aside = kind == "space" and k + 1 < len(tokens) and tokens[k + 1][1] == "(" and k > 0 \
                and tokens[k - 1][0] in ("name", "number", "close")  # q3 = 0 (p + q = 1): a remark
            latex = ("\\ " if aside else " ") if kind == "space" else _OPERATORS.get(token, token)
        out.append(f"{{{latex}}}" if script and kind in ("name", "number") else latex
                   + (" " if kind == "name" and latex[-1].isalpha() and latex.startswith("\\") else ""))
        script = token in ("^", "_", "**")
    latex = "".join(out).strip()
    return latex if is_math(latex) else None


@functools.lru_cache(maxsize=8192)
def words(text: str) -> MathText:
    """Words with the checks' names of symbols in them (``cell (theta_hat_1, theta_hat_2)``): each name that
    is a symbol of the paper and not a word or a single letter is set as the symbol."""
    out = []
    for piece in re.split(f"({_SCRIPTED.pattern})", text):
        scripted = _ascii_formula(piece) if _SCRIPTED.fullmatch(piece) else None
        if scripted is not None:
            out.append(mathtext.math(scripted))
            continue
        for kind, token in ((m.lastgroup, m.group()) for m in _TOKEN.finditer(piece)):
            latex = _name_latex(token) if kind == "name" else None
            symbolic = latex is not None and (not token.isalpha() or token in GREEK_NAMES)
            out.append(mathtext.math(latex) if symbolic else mathtext.text(token))
    return mathtext.join(out, "")


def prose(text: str) -> MathText:
    """A text: its math between dollars, or, from a check that writes plain text, one formula when the whole
    of it is a formula in the checks' notation (``n >= 2``, ``c == 1/2``), else words."""
    text = str(text)
    if "$" in text:
        return mathtext.parse(text)
    latex = _ascii_formula(text)
    return mathtext.math(latex) if latex is not None else mathtext.text(text)


def value(item: Any) -> MathText:
    """One value as math (or words, when it is words)."""
    if item is None:
        return mathtext.text("none")
    if isinstance(item, bool):
        return mathtext.text("true" if item else "false")
    if isinstance(item, (int, float)):
        return mathtext.math(_number_latex(repr(item)))
    if isinstance(item, (list, tuple)):
        parts = [value(v) for v in item]
        if all(p.display for p in parts):
            return mathtext.math("(" + ", ".join(p.segments[0].content for p in parts) + ")")
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
    if "$" in text or _ascii_formula(text) is not None:  # as a check's text is read
        return prose(text)
    if len(text) > _MAX_TEXT:
        text = text[:_MAX_TEXT - 1] + "…"
    return words(text)


def key(name: Any) -> MathText:
    """A name of a counterexample or a figure: the paper's symbol, a formula, or words with symbols."""
    text = str(name)
    latex = symbol_latex(text) or formula_latex(text) or _ascii_formula(text)
    return mathtext.math(latex) if latex is not None else words(text)


def assignment(items: Mapping[str, Any]) -> MathText:
    """``name = value`` for each item, one formula per item where both sides are math."""
    parts = []
    for k, v in items.items():
        left, right = key(k), value(v)
        if left.display and right.display:
            parts.append(mathtext.math(f"{left.segments[0].content} = {right.segments[0].content}"))
        else:  # a name in words introduces a condition or words with a colon (fails: ..., note: ...)
            named = any(s.kind == "math" for s in left.segments)
            stated = any(s.kind == "text" or _RELATION.search(s.content) for s in right.segments)
            parts.append(left + mathtext.text(" = " if named or not stated else ": ") + right)
    return mathtext.join(parts, ", ")


def derived(item: Any) -> MathText | None:
    """A :class:`~proofs.report.schema.DerivedReport` as ``name: formula``, the formula in the paper's
    notation when :func:`proofs.report.latex.paper_form` verified one, else in its shortest equal form;
    None when it is too long to print or does not compile."""
    if item.expression is None:
        return None
    shown = _derived_formula(item.expression)
    if shown is None:
        return None
    formula, verified = shown
    note = " (paper's notation, verified equal)" if verified else ""
    return mathtext.text(f"{item.name}: ") + formula + mathtext.text(note)


@per_object(maxsize=4096)
def _derived_formula(expression: Any) -> tuple[MathText, bool] | None:
    """The formula :func:`derived` prints for ``expression`` and whether it is the verified paper's form; worked
    out once per expression object (a report repeats its derived expressions from claim to claim, read back from
    one text they are one object, and every format prints them)."""
    form = paper_form(expression)
    try:
        latex = to_latex(form.expression if form is not None else readable(expression))
    except (TypeError, ValueError, RecursionError):
        return None
    shown = mathtext.math(latex)
    return (shown, form is not None) if shown.display else None
