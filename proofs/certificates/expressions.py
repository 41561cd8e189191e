"""Sympy expressions as Python source a referee can read: the paper's symbols, exact numbers.

A certificate states its mathematics as Python code that builds sympy objects, so it needs no parser of
its own and nothing of this toolkit. :class:`Names` gives every symbol of a certificate one Python
identifier and one printed name, in the paper's notation where the toolkit abbreviates (``eps`` is
``epsilon``, ``lam`` is ``lamda``, ``q3`` is ``q_3``, ``n1`` is ``n_1``); :class:`ExpressionPrinter` (a
sympy ``StrPrinter``, one ``_print_<Type>`` per node that needs it) prints numbers exactly
(``Rational(1, 2)``, never ``0.5``), the constants as ``S.Pi`` and ``S.Exp1`` (so the proportion ``pi`` stays
a symbol), and conditions as ``And(...)``/``Or(...)``/``Not(...)``.

The printed text is never evaluated here. :func:`python_numbers` reads it back with ``ast`` (which only
parses) to catch the one trap of printing sympy as Python: an operation between two plain Python numbers
(``1/2``) would be a float, so such an expression is printed again with every integer wrapped (``S(1)/2``).
"""

from __future__ import annotations

import ast
import builtins
import keyword
import re
import textwrap
from collections.abc import Iterable
from typing import Any

import sympy
from sympy.printing.str import StrPrinter

__all__ = ["Names", "ExpressionPrinter", "python_numbers", "paper_name", "wrapped"]

#: The toolkit's short names and the paper's.
_PAPER = {"eps": "epsilon", "lam": "lamda", "alpha": "alpha", "mu": "mu", "sigma": "sigma", "delta": "delta"}
_INDEXED = re.compile(r"^([A-Za-z]+?)([0-9]+)$")


def paper_name(name: str) -> str:
    """The paper's spelling of a toolkit symbol name (``eps`` -> ``epsilon``, ``q3`` -> ``q_3``)."""
    if name in _PAPER:
        return _PAPER[name]
    match = _INDEXED.match(name)
    if match:
        return f"{match.group(1)}_{match.group(2)}"
    return name


def _identifier(name: str) -> str:
    text = re.sub(r"[^0-9A-Za-z_]", "_", name) or "s"
    if text[0].isdigit():
        text = "s_" + text
    return text


class Names:
    """One identifier per symbol of a certificate (symbols with one name and different assumptions get
    different identifiers), avoiding Python keywords, builtins and the names the script itself uses."""

    def __init__(self, symbols: Iterable[sympy.Symbol], reserved: Iterable[str] = ()) -> None:
        self.reserved = set(reserved) | set(keyword.kwlist) | set(dir(builtins))
        self.renamed: dict[sympy.Basic, sympy.Basic] = {}
        self.identifiers: dict[sympy.Basic, str] = {}
        ordered = sorted(set(symbols), key=lambda s: (s.name, sympy.srepr(s)))
        names_in_use = {s.name for s in ordered}
        for symbol in ordered:
            wanted = paper_name(symbol.name)
            if wanted != symbol.name and wanted in names_in_use:
                wanted = symbol.name   # the paper's spelling is another symbol of the same certificate
            if isinstance(symbol, sympy.Dummy):
                new = sympy.Dummy(wanted, **symbol.assumptions0)
            else:
                new = sympy.Symbol(wanted, **symbol._assumptions_orig) if hasattr(symbol, "_assumptions_orig") \
                    else sympy.Symbol(wanted, **symbol.assumptions0)
            self.renamed[symbol] = new
            self.identifiers[new] = self._free(_identifier(wanted))

    def _free(self, base: str) -> str:
        candidate, k = base, 1
        taken = set(self.identifiers.values()) | self.reserved
        while candidate in taken:
            k += 1
            candidate = f"{base}_{k}" if not base.endswith("_") else f"{base}{k}"
            if k == 2 and base + "_" not in taken:
                candidate = base + "_"
        return candidate

    def reserve(self, used: Iterable[str]) -> bool:
        """Reserve names the script uses (sympy functions it calls); True when a symbol had to move."""
        clash = [s for s, ident in self.identifiers.items() if ident in set(used)]
        self.reserved |= set(used)
        for symbol in clash:
            del self.identifiers[symbol]
            self.identifiers[symbol] = self._free(self._base(symbol))
        return bool(clash)

    def _base(self, symbol: sympy.Basic) -> str:
        return _identifier(symbol.name)

    def rename(self, expr: Any) -> Any:
        """``expr`` with every symbol replaced by its paper-named twin."""
        return expr.xreplace(self.renamed) if isinstance(expr, sympy.Basic) else expr

    def name(self, name: str) -> str:
        """The printed name of a symbol known by its toolkit name (a point's key)."""
        for old, new in self.renamed.items():
            if old.name == name:
                return new.name
        return paper_name(name)

    def identifier_of_name(self, name: str) -> str | None:
        """The identifier of the (first) symbol with the printed ``name``, if any."""
        matches = sorted(ident for s, ident in self.identifiers.items() if s.name == name)
        return matches[0] if matches else None

    def declarations(self) -> list[str]:
        """``p = Symbol('p', real=True)`` for every symbol, sorted by identifier."""
        lines = []
        for symbol, ident in sorted(self.identifiers.items(), key=lambda kv: kv[1]):
            assumptions = {k: v for k, v in sorted(_assumptions(symbol).items())}
            args = "".join(f", {k}={v}" for k, v in assumptions.items())
            kind = "Dummy" if isinstance(symbol, sympy.Dummy) else "Symbol"
            lines.append(f"{ident} = {kind}({symbol.name!r}{args})")
        return lines


def _assumptions(symbol: sympy.Basic) -> dict[str, bool]:
    """The assumptions a symbol was created with (what ``srepr`` shows)."""
    return dict(getattr(symbol, "_assumptions_orig", None) or symbol.assumptions0)


class ExpressionPrinter(StrPrinter):
    """Python source for a sympy expression whose symbols are the identifiers of :class:`Names`."""

    printmethod = "_certificate"

    def __init__(self, names: Names, *, wrap_integers: bool = False) -> None:
        super().__init__({"sympy_integers": wrap_integers})
        self.names = names
        self.wrap_integers = wrap_integers

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        return self.names.identifiers[expr]

    _print_Dummy = _print_Symbol

    def _print_Pi(self, expr: Any) -> str:
        return "S.Pi"

    def _print_Exp1(self, expr: Any) -> str:
        return "S.Exp1"

    def _print_ImaginaryUnit(self, expr: Any) -> str:
        return "S.ImaginaryUnit"

    def _print_Infinity(self, expr: Any) -> str:
        return "S.Infinity"

    def _print_NegativeInfinity(self, expr: Any) -> str:
        return "S.NegativeInfinity"

    def _print_Rational(self, expr: sympy.Rational) -> str:
        if expr.q == 1:
            return self._print_Integer(sympy.Integer(expr.p))
        return f"Rational({expr.p}, {expr.q})"

    def _print_Integer(self, expr: sympy.Integer) -> str:
        return f"S({expr.p})" if self.wrap_integers else str(expr.p)

    def _print_Half(self, expr: Any) -> str:
        return "Rational(1, 2)"

    def _print_Float(self, expr: Any) -> str:
        raise ValueError(f"a floating-point number {expr} in a certificate; steps are exact")

    def _print_And(self, expr: Any) -> str:
        return "And(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Or(self, expr: Any) -> str:
        return "Or(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Not(self, expr: Any) -> str:
        return f"Not({self._print(expr.args[0])})"

    def _print_BooleanTrue(self, expr: Any) -> str:
        return "S.true"

    def _print_BooleanFalse(self, expr: Any) -> str:
        return "S.false"

    def _print_Relational(self, expr: Any) -> str:
        names = {"==": "Eq", "!=": "Ne", "<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}
        return f"{names[expr.rel_op]}({self._print(expr.lhs)}, {self._print(expr.rhs)})"

    def _print_AppliedUndef(self, expr: Any) -> str:
        return f"{expr.func.__name__}({', '.join(self._print(a) for a in expr.args)})"


def python_numbers(source: str) -> bool:
    """Whether Python source has an operation between two plain numbers (``1/2``, ``2**3``): evaluated by
    Python, not sympy, it would be a float or lose exactness. Read with ``ast``; nothing is run."""
    def plain(node: ast.AST) -> bool:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            return plain(node.operand)
        return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(
            node.value, bool) or isinstance(node, ast.BinOp) and plain(node.left) and plain(node.right)

    tree = ast.parse(source, mode="eval")
    return any(isinstance(node, ast.BinOp) and plain(node.left) and plain(node.right) for node in ast.walk(tree))


def print_expression(expr: Any, names: Names) -> str:
    """Python source building ``expr`` (already renamed by ``names``) exactly."""
    text = ExpressionPrinter(names).doprint(expr)
    if python_numbers(text):
        text = ExpressionPrinter(names, wrap_integers=True).doprint(expr)
    return text


def used_names(source: str) -> set[str]:
    """Every name a piece of Python source reads (with ``ast``)."""
    return {node.id for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Name)}


def wrapped(prefix: str, source: str, width: int = 110, indent: str = "    ") -> str:
    """``prefix + source`` within ``width`` columns: a long expression is put in parentheses and broken at
    spaces (never inside a token; the printed expressions contain no strings)."""
    if len(prefix) + len(source) <= width:
        return prefix + source
    lines = textwrap.wrap(source, width=width - len(indent), break_long_words=False, break_on_hyphens=False)
    return prefix + "(\n" + "\n".join(indent + line for line in lines) + "\n)"
