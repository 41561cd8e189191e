"""A finite mechanism: a k x m row-stochastic matrix Q, rows the inputs, columns the outputs.

Q[x][y] is the probability that a respondent whose true value is input x reports output y. Entries are
exact rationals or expressions in named parameters (``p``, ``q``, ``lam``, ``r`` = e^ε, ...): strings are
read by :func:`core.formula.parse_formula` (nothing in them is ever run), sympy expressions have their
symbols matched by name. ``pi`` is always the parameter π (the true proportion of 003 §3.1), never the
constant. Each row must sum to 1 and each entry lie in [0, 1]; this is checked when the matrix is built
(for the entries that are numbers) and again at every parameter point (:meth:`FiniteMechanism.at`).

Instances of the paper: the generalized Warner survey Q_{2x3} of 003 §3.1 (:func:`survey_mechanism`:
rows "member", "non-member"; columns yes, no, don't know) and randomized response of 004 §2.2
(``[["1/2+p", "1/2-p"], ["1/2-p", "1/2+p"]]``).

:func:`pure_ldp_epsilon` gives the pure local-DP loss of any such matrix: the largest log-ratio
ln Q[x][y]/Q[x'][y] over outputs y and pairs of inputs (x, x'), exactly (a sympy ``log`` of a rational,
or ``oo`` when an output is possible from one input and impossible from another), and as a symbolic
``log(Max(...))`` when the matrix has parameters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

import sympy

from core.domain import fraction_function
from core.errors import invalid
from core.types import ExprLike, Values
from core.exact import as_fraction
from core.formula import parse_formula

__all__ = ["FiniteMechanism", "pure_ldp_epsilon", "survey_mechanism", "symbol", "as_expression",
           "exact_values", "rational", "is_condition"]


#: The names the enumeration reads as integers: the sample size n, and the counts of the survey model
#: (:func:`numeric.data_model.survey_model`: N1, N2, N3, observed n1, n2, n3). Symbols are equal when their
#: names and assumptions are, so these are the symbols every derivation of that model uses.
INTEGER_NAMES = {"n": {"integer": True, "positive": True},
                 **{name: {"integer": True, "nonnegative": True} for name in ("N1", "N2", "N3", "n1", "n2", "n3")}}


def symbol(name: str) -> sympy.Symbol:
    """The one sympy symbol the enumeration uses for ``name``: an integer one for :data:`INTEGER_NAMES`, else
    a real symbol."""
    return sympy.Symbol(name, **INTEGER_NAMES.get(name, {"real": True}))


def as_expression(value: ExprLike, name: str, *, allowed: Iterable[str] | None = None,
                  relational: bool = False) -> sympy.Basic:
    """``value`` (a formula string, a sympy expression or an exact number) as a sympy expression whose
    symbols are those of :func:`symbol`; ``allowed`` restricts the names (``None``: any name)."""
    allowed = None if allowed is None else tuple(allowed)
    if isinstance(value, str):
        known = {k: symbol(k) for k in (allowed or ())}
        if allowed is None:
            known["pi"] = symbol("pi")
        expr = parse_formula(value, symbols=known, relational=relational, name=name)  # names checked below
    elif isinstance(value, sympy.Basic):
        expr = value
    elif isinstance(value, (bool, type(None))):
        raise invalid(name, value, "is not an expression or a number")
    else:
        expr = rational(as_fraction(name, value))
    floats = expr.atoms(sympy.Float)
    if floats:  # a sympy Float is the binary rational it holds, never a guessed decimal
        expr = expr.xreplace({f: rational(as_fraction(name, f)) for f in floats})
    if allowed is not None:
        unknown = sorted(s.name for s in expr.free_symbols if s.name not in allowed)
        if unknown:
            which = f"name {unknown[0]!r}" if len(unknown) == 1 else f"names {unknown}"
            raise invalid(name, value, f"unknown {which}", f"use only {sorted(allowed)}")
    return expr.xreplace({s: symbol(s.name) for s in expr.free_symbols})


def is_condition(expr: sympy.Basic) -> bool:
    """Whether ``expr`` is a truth value or a relation (``N1 + N2 > 0``, ``and``/``or``/``not`` of them)."""
    from sympy.core.relational import Relational
    from sympy.logic.boolalg import BooleanAtom, BooleanFunction

    return isinstance(expr, (bool, BooleanAtom, BooleanFunction, Relational))


def rational(value: Fraction) -> sympy.Rational:
    """An exact Fraction as a sympy Rational."""
    return sympy.Rational(value.numerator, value.denominator)


def exact_values(values: Values, names: Iterable[str], where: str) -> dict[str, Fraction]:
    """The exact rational value of every name in ``names`` from ``values``; a missing name is an error."""
    out = {}
    for name in names:
        if name not in values:
            raise invalid(where, dict(values), f"gives no value for {name!r}")
        out[name] = as_fraction(name, values[name])
    return out


def _substitute(expr: sympy.Basic, values: Mapping[str, Fraction]) -> sympy.Basic:
    return expr.xreplace({s: rational(values[s.name]) for s in expr.free_symbols
                          if s.name in values})


def _shown(values: Mapping[str, Fraction]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(values.items())) or "no parameters"


@dataclass(frozen=True)
class FiniteMechanism:
    """A k x m row-stochastic matrix (003 §3.1 for Q_{2x3}; 004 §2.2 for randomized response).

    ``matrix``: rows (inputs) of entries (outputs); each entry an exact rational, a formula string or a
    sympy expression in named parameters. Stored as a tuple of tuples of sympy expressions."""

    matrix: Any

    def __post_init__(self) -> None:
        rows = self.matrix
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence) or not rows:
            raise invalid("mechanism", rows, "must be a non-empty list of rows (one per input)")
        built = []
        for i, row in enumerate(rows):
            if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or not row:
                raise invalid(f"mechanism row {i}", row, "must be a non-empty list of entries (one per output)")
            built.append(tuple(as_expression(e, f"mechanism[{i}][{j}]") for j, e in enumerate(row)))
        widths = {len(r) for r in built}
        if len(widths) != 1:
            raise invalid("mechanism", rows, f"rows have different lengths {sorted(widths)}",
                          "every row lists one probability per output")
        reserved = sorted({s.name for r in built for e in r for s in e.free_symbols} & {"n"})
        if reserved:
            raise invalid("mechanism", rows, "an entry uses the sample size 'n'", "a mechanism acts on one respondent")
        object.__setattr__(self, "matrix", tuple(built))
        for i, row in enumerate(built):
            for j, entry in enumerate(row):
                if entry.is_Rational and not 0 <= entry <= 1:
                    raise invalid(f"mechanism[{i}][{j}]", str(entry), "a probability must lie in [0, 1]")
            total = sympy.expand(sum(row, sympy.Integer(0)))
            if total.is_Rational and total != 1:
                raise invalid(f"mechanism row {i}", [str(e) for e in row], f"sums to {total}, not 1")

    @property
    def inputs(self) -> int:
        """k, the number of inputs (rows)."""
        return len(self.matrix)

    @property
    def outputs(self) -> int:
        """m, the number of outputs (columns)."""
        return len(self.matrix[0])

    @property
    def parameters(self) -> tuple[str, ...]:
        """The names of the parameters the entries use, sorted."""
        return tuple(sorted({s.name for row in self.matrix for e in row for s in e.free_symbols}))

    def at(self, values: Values) -> tuple[tuple[Fraction, ...], ...]:
        """The matrix at one parameter point (exact rationals), validated: entries in [0, 1], rows sum
        to 1. A violation names the row (or entry), its value and the point."""
        point = exact_values(values, self.parameters, "values")
        compiled = self._compiled()
        out = []
        for i, row in enumerate(self.matrix):
            exact_row = []
            for j, entry in enumerate(row):
                exact = None
                if compiled[i][j] is not None:
                    try:
                        exact = compiled[i][j](point)
                    except ZeroDivisionError:
                        exact = None
                if exact is None:
                    value = _substitute(entry, point)
                    if not value.is_Rational:
                        raise invalid(f"mechanism[{i}][{j}]", str(value),
                                      f"is not a rational number at {_shown(point)}")
                    exact = Fraction(int(value.p), int(value.q))
                if not 0 <= exact <= 1:
                    raise invalid(f"mechanism[{i}][{j}]", str(exact), f"is outside [0, 1] at {_shown(point)}",
                                  f"the entry {entry} must be a probability")
                exact_row.append(exact)
            if sum(exact_row) != 1:
                raise invalid(f"mechanism row {i}", [str(v) for v in exact_row],
                              f"sums to {sum(exact_row)}, not 1, at {_shown(point)}")
            out.append(tuple(exact_row))
        return tuple(out)

    def _compiled(self) -> tuple[tuple[Any, ...], ...]:  # FractionFunction | None each
        """Each entry as a function of Fractions (:func:`core.domain.fraction_function`; ``None`` where it is
        not a rational function), built once: :meth:`at` runs at every point of every check."""
        compiled = self.__dict__.get("_fractions")
        if compiled is None:
            compiled = tuple(tuple(fraction_function(e) for e in row) for row in self.matrix)
            object.__setattr__(self, "_fractions", compiled)
        return compiled

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("_fractions", None)  # closures do not pickle; rebuilt on first use
        return state

    def __repr__(self) -> str:
        return f"FiniteMechanism({[[str(e) for e in row] for row in self.matrix]})"


def survey_mechanism() -> FiniteMechanism:
    """Q_{2x3} of 003 §3.1: a member (true "yes", row 0) answers yes with probability p, no with q, don't
    know with 1-p-q; a non-member (row 1) answers yes with q and no with p. With prior (π, 1-π) the output
    probabilities are q1 = πp + (1-π)q, q2 = πq + (1-π)p, q3 = 1-p-q."""
    p, q = symbol("p"), symbol("q")
    return FiniteMechanism(((p, q, 1 - p - q), (q, p, 1 - p - q)))


def pure_ldp_epsilon(mechanism: MatrixLike, values: Values | None = None) -> sympy.Basic:
    """The pure local-DP loss ε = max over outputs y and inputs x, x' of ln(Q[x][y] / Q[x'][y]) (the
    loss of 003 Definition 3.1 when every mass is a singleton; 004 §2.2 for randomized response).

    ``mechanism``: a :class:`FiniteMechanism` or its matrix; ``values``: a parameter point (optional).
    At a point (or for a numeric matrix) the result is exact: ``log`` of a rational, ``0``, or ``oo``
    when some output has probability 0 under one input and not under another. With parameters left
    free it is ``log(Max(ratios))`` over the distinct non-trivial ratios of each column; entries that
    are identically 0 are handled as above, entries that vanish only at some parameters are not (there
    ε is infinite)."""
    mech = mechanism if isinstance(mechanism, FiniteMechanism) else FiniteMechanism(mechanism)
    if values is not None or not mech.parameters:
        matrix = mech.at(values or {})
        worst = Fraction(1)
        for y in range(mech.outputs):
            column = [row[y] for row in matrix]
            if max(column) == 0:
                continue
            if min(column) == 0:
                return sympy.oo
            worst = max(worst, max(column) / min(column))
        return sympy.log(rational(worst))
    ratios: list[sympy.Basic] = []
    for y in range(mech.outputs):
        column = [row[y] for row in mech.matrix]
        if all(e == 0 for e in column):
            continue
        if any(e == 0 for e in column):
            return sympy.oo
        for a in column:
            for b in column:
                ratio = sympy.cancel(a / b)
                if ratio != 1 and ratio not in ratios:
                    ratios.append(ratio)
    return sympy.log(sympy.Max(*ratios)) if ratios else sympy.Integer(0)


#: A mechanism as the functions take it: a :class:`FiniteMechanism` or its matrix (rows of entries: exact
#: rationals, formula strings or sympy expressions).
MatrixLike: TypeAlias = "FiniteMechanism | Sequence[Sequence[ExprLike]]"
