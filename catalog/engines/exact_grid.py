"""Exact rational grids for the design and trade-off claims (003 §3.1–3.2), and exact evaluation on them.

* :func:`exact_function`: a rational sympy expression as a Python function that stays exact on
  :class:`fractions.Fraction` and ``int`` arguments (its rational constants are passed in as Fractions,
  so no float ever enters);
* :func:`proportions`, :func:`loss_ratios`, :func:`small_sizes`, :func:`decided_sizes`: the axes of the
  grids, sized by a budget's ``grid`` and ``n_max`` (never by its name). A privacy loss ε enters the grids
  only through t = e^ε, taken rational (ε = ln t), so every grid value is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import sympy

from core.formula import as_sympy
from proofs.base.budget import Budget
from proofs.engines.methods import rational_grid
from symbolic.symbols import by_name


__all__ = ["exact_function", "proportions", "loss_ratios", "small_sizes", "decided_sizes"]

HALF = Fraction(1, 2)


def exact_function(expr: sympy.Expr, names: Sequence[str]) -> Callable[..., Fraction]:
    """``expr`` as a function of the symbols called ``names`` (in that order), exact on Fraction/int values.

    ``expr`` must be a rational function of those symbols (no ``exp``, ``log``, ``Sum``): every operation
    is then ``+ - * /`` and integer powers, which Fractions carry out exactly."""
    expr = as_sympy(expr, name="expr", symbols=by_name())
    unknown = sorted(s.name for s in expr.free_symbols if s.name not in names)
    if unknown:
        raise ValueError(f"expr={expr}: symbols {unknown} are not among names={list(names)}")
    if expr.has(sympy.exp, sympy.log, sympy.Sum, sympy.Float):
        raise ValueError(f"expr={expr}: not a rational function with exact coefficients")
    rationals = sorted((r for r in expr.atoms(sympy.Rational) if not r.is_Integer), key=str)
    holders = [sympy.Dummy(f"r{i}") for i in range(len(rationals))]
    present = {s.name: s for s in expr.free_symbols}
    arguments = [present.get(name, sympy.Symbol(name)) for name in names]
    function = sympy.lambdify(arguments + holders, expr.xreplace(dict(zip(rationals, holders))), modules=[{}])
    constants = [Fraction(int(r.p), int(r.q)) for r in rationals]
    return lambda *values: function(*values, *constants)


def proportions(k: int) -> list[Fraction]:
    """π at 0, 1/2, 1 and ``k`` evenly spaced interior rationals."""
    return sorted({Fraction(0), HALF, Fraction(1), *rational_grid(0, 1, k)})


def loss_ratios(k: int) -> list[Fraction]:
    """Rational t = e^ε > 1 (ε = ln t): 11/10, 3/2, 2, 3, 9 and ``k`` evenly spaced rationals in (1, 5)."""
    return sorted({Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(9), *rational_grid(1, 5, k)})


def small_sizes(budget: Budget, cap: int = 10) -> list[int]:
    """Sample sizes n = 1..min(n_max, ``cap``) of the exact grids."""
    return list(range(1, min(budget.n_max, cap) + 1))


def decided_sizes(budget: Budget, cap: int = 20) -> list[int]:
    """Sample sizes decided one at a time by z3 (the polynomial's degree grows with n, and so does z3's
    time): n = 1..max(2, min(n_max // 6, ``cap``)) — 2 at n_max = 12, 6 at 40, 20 at 120."""
    return list(range(1, max(2, min(budget.n_max // 6, cap)) + 1))
