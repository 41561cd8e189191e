"""Sum a dimension out analytically: group the output counts so that the statistic depends on the
outcome only through the group sums, except for a polynomial part that is averaged in closed form.

For i.i.d. inputs (003 §3.1) the output counts Y are multinomial(n; r). Split the outputs into groups
g with sums S_g and R_g = Σ_{y in g} r_y. Then (S_g) is multinomial(n; R_g) and, given the sums, the
counts inside each group are independent multinomial(S_g; r_y / R_g), whose factorial moments are
E[Π Y_y^(j_y) | S] = S_g^(Σ j_y) Π (r_y/R_g)^{j_y}  (x^(j) the falling factorial). A statistic
X = P(Y)/D(Y) whose denominator D and condition ``given`` depend on Y only through the group sums has

    E[X | S] = E[P | S] / D(S),   E[X^2 | S] = E[P^2 | S] / D(S)^2,

both rational functions of S, so the enumeration runs over the C(n + #groups - 1, #groups - 1) values
of S instead of the C(n + m - 1, m - 1) outcomes. For the estimate of Theorem 3.10,
π̂ = (N2 q - N1 p)/((N1 + N2)(q - p)), the groups are {N1, N2} and {N3}: n + 1 values instead of
(n + 1)(n + 2)/2 outcomes.

The groups are the classes of outputs y with the same partial derivatives ∂f/∂Y_y for every
"non-polynomial" form f (the denominator D and both sides of every relation in ``given``): f is then
invariant under moving a respondent between outputs of one group, i.e. a function of the group sums.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

__all__ = ["Plan", "full_plan", "grouped_plan", "cell_name", "ratio_name", "MAX_DEGREE"]

#: Largest degree (in the counts) of a numerator averaged in closed form; beyond it, every outcome.
MAX_DEGREE = 8


def cell_name(g: int) -> str:
    """The name of the g-th group sum (a leading underscore: no user formula can use it)."""
    return f"_S{g}"


def ratio_name(y: int) -> str:
    """The name of r_y / R_g, the within-group probability of output y."""
    return f"_theta{y}"


@dataclass(frozen=True)
class Plan:
    """What to enumerate: ``cells`` (names of the integer variables: the counts, or the group sums of
    ``groups``), ``first`` = E[X | cells] and ``second`` = E[X^2 | cells] (``None``: the square of
    ``first``, when the cells are the counts themselves), and ``event`` (``given`` in the cells)."""

    groups: tuple[tuple[int, ...], ...]
    cells: tuple[str, ...]
    first: sympy.Basic
    second: sympy.Basic | None
    event: Any

    @property
    def grouped(self) -> bool:
        return self.second is not None

    def labels(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """How each cell reads in the counts' names (``N1+N2`` for a group sum)."""
        return tuple("+".join(names[y] for y in group) for group in self.groups)

    def describe(self, names: tuple[str, ...]) -> str:
        if not self.grouped:
            return "every outcome (" + ", ".join(names) + ")"
        sums = ", ".join(self.labels(names))
        return (f"every value of the group sums ({sums}); the counts inside a group summed in closed form "
                "(multinomial factorial moments)")


def full_plan(expression: sympy.Basic, given: sympy.Basic | None, names: tuple[str, ...]) -> Plan:
    """Enumerate every outcome: the cells are the counts."""
    return Plan(tuple((y,) for y in range(len(names))), names, expression, None, given)


def _relations(given: sympy.Basic | None) -> list[sympy.Basic]:
    if given is None or isinstance(given, bool) or given in (sympy.true, sympy.false):
        return []
    if isinstance(given, (sympy.And, sympy.Or, sympy.Not)):
        return [r for arg in given.args for r in _relations(arg)]
    return [given]


def _groups(forms: list[sympy.Basic], counts: list[sympy.Symbol]) -> list[tuple[int, ...]]:
    signatures: dict[tuple, list[int]] = {}
    for y, count in enumerate(counts):
        key = tuple(sympy.expand(sympy.diff(f, count)) for f in forms)
        signatures.setdefault(key, []).append(y)
    return sorted(tuple(g) for g in signatures.values())


def _falling(s: sympy.Symbol, j: int) -> sympy.Basic:
    return sympy.Mul(*[s - i for i in range(j)]) if j else sympy.Integer(1)


def _group_moment(exponents: dict[int, int], group: tuple[int, ...], cell: sympy.Symbol) -> sympy.Basic:
    """E[Π_{y in group} Y_y^{a_y} | S_g]: each power expanded in falling factorials (Stirling numbers of
    the second kind), whose multinomial moments are S_g^(J) Π θ_y^{j_y}."""
    if len(group) == 1:
        return cell ** exponents.get(group[0], 0)
    by_order: dict[int, sympy.Basic] = {0: sympy.Integer(1)}  # total falling order J -> coefficient
    for y in group:
        a = exponents.get(y, 0)
        if not a:
            continue
        theta = sympy.Symbol(ratio_name(y))
        grown: dict[int, sympy.Basic] = {}
        for order, coefficient in by_order.items():
            for j in range(1, a + 1):
                term = coefficient * sympy.functions.combinatorial.numbers.stirling(a, j) * theta ** j
                grown[order + j] = grown.get(order + j, sympy.Integer(0)) + term
        by_order = grown
    return sympy.Add(*[coefficient * _falling(cell, order) for order, coefficient in by_order.items()])


def _conditional(polynomial: sympy.Poly, groups: list[tuple[int, ...]], cells: list[sympy.Symbol]) -> sympy.Basic:
    terms = []  # summed once: adding term by term re-sorts the growing sum each time
    for monomial, coefficient in polynomial.terms():
        exponents = {y: a for y, a in enumerate(monomial) if a}
        factors = [coefficient] + [_group_moment(exponents, group, cells[g]) for g, group in enumerate(groups)]
        terms.append(sympy.Mul(*factors))
    return sympy.Add(*terms)


def grouped_plan(expression: sympy.Basic, given: sympy.Basic | None, names: tuple[str, ...],
                 counts: list[sympy.Symbol]) -> Plan | None:
    """The reduction above, or ``None`` when it gains nothing (every group a single output) or does
    not apply (the statistic is not a rational function of the counts, or its numerator has degree
    above :data:`MAX_DEGREE`)."""
    numerator, denominator = sympy.fraction(sympy.together(expression))
    forms = [denominator]
    for relation in _relations(given):
        if not isinstance(relation, sympy.core.relational.Relational):
            return None
        top, bottom = sympy.fraction(sympy.together(relation.lhs - relation.rhs))
        forms += [top, bottom]
    if not all(f.is_polynomial(*counts) for f in forms + [numerator]):
        return None
    groups = _groups(forms, counts)
    if len(groups) == len(counts):
        return None
    cells = [sympy.Symbol(cell_name(g)) for g in range(len(groups))]
    to_cells = {}
    for g, group in enumerate(groups):
        first, rest = counts[group[0]], [counts[y] for y in group[1:]]
        to_cells[first] = cells[g] - sum(rest, sympy.Integer(0))

    def in_cells(f: sympy.Basic) -> sympy.Basic | None:
        out = f.xreplace(to_cells)
        if out.free_symbols & set(counts):  # expanded only when needed: a factor (q - p) stays exact
            out = sympy.expand(out)
        return None if out.free_symbols & set(counts) else out

    denominator_cells = in_cells(denominator)
    if denominator_cells is None:
        return None
    event = given
    if given is not None and _relations(given):
        replaced = {}
        for relation in _relations(given):
            lhs, rhs = in_cells(sympy.together(relation.lhs)), in_cells(sympy.together(relation.rhs))
            if lhs is None or rhs is None:
                return None
            replaced[relation] = type(relation)(lhs, rhs, evaluate=False)
        event = given.xreplace(replaced)
    polynomial = sympy.Poly(numerator, *counts)
    if polynomial.total_degree() > MAX_DEGREE:
        return None
    first = _conditional(polynomial, groups, cells) / denominator_cells
    second = _conditional(polynomial ** 2, groups, cells) / denominator_cells ** 2
    return Plan(tuple(groups), tuple(c.name for c in cells), first, second, event)
