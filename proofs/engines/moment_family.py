"""Moments for a mechanism family at any domain size: the toolkit derives the lumping, checks it, and
cross-checks it by full enumeration at small sizes.

For a symmetric mechanism over d values (k-ary randomized response, unary encodings, a printed matrix
whose other rows agree; :mod:`numeric.families`), a statistic of the counts C_v of reports that count
toward a few tracked values v ("the report is v"; for a unary encoding "bit v is set") depends on each
user only through the indicator vector of their report. Every input outside the tracked values has the
same law of that vector (:meth:`numeric.families.Family.lumped` states why), so the n users are a
mixture of k + 1 classes (each tracked value, and "other") and the counts are those of a small finite
mechanism: rows the classes, columns the indicator vectors, entries in d and ε. Its moments for every n
and every d come from the generating function (:mod:`numeric.count_moments`).

Data, as the texts state it:

* a fixed dataset, ``counts={"0": "c0"}``: c0 of the n users hold value 0, the other n − c0 hold other
  values (which ones does not matter, and the cross-check below varies it);
* i.i.d. inputs, ``prior={"0": "f0"}``: each user holds value 0 with probability f0 and another value
  otherwise (how the rest is spread does not matter either).

Three independent pieces of evidence:

1. **symbolic** — the exact moment of the lumped counts for every n and every d (``proved`` when the claimed
   form equals it as a rational function). Before it is used, the lumping is verified exactly (symbolically
   in the other parameters) against the explicit matrix (:meth:`~numeric.families.Family.matrix`) at the
   sizes of :data:`LUMPING_SIZES`: each input's law of the indicator vector, summed from the matrix, is its
   class's. If it is not, the derivation is withheld (``inconclusive``) and says where the lumping fails.
2. **enumeration of the lumped model** at interior points of the stated domain, d included.
3. **enumeration of the explicit matrix** at the small sizes of :data:`FULL_SIZES` inside the domain: every
   outcome of the d-column (or 2^d-column) mechanism, with the other users spread over the other values by
   a free parameter (``other_1``: how many of them hold value 1, or its probability), so the cross-check
   also shows that the spread does not matter.

A family with a continuous input (Duchi et al.'s one-bit mechanism) is not lumped: ``counts=`` and
``prior=`` name its inputs (``counts={"x": "n"}``: n users with input x; ``{"x1": "k", "x2": "n-k"}``),
each a parameter in the input's interval, and statistics use the output counts Y0, Y1, ... in the order of
:meth:`~numeric.families.Family.output_labels` (Y0 for +B).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from core.domain import Domain, DomainLike
from core.errors import invalid
from core.formula import parse_formula
from core.types import ExprLike
from numeric.count_points import face, fix
from numeric.data_model import Counts, FiniteModel, Prior
from numeric.families import Family, Lumped
from numeric.finite_mechanism import FiniteMechanism, as_expression, symbol
from numeric.local_hashing import HashReport
from proofs.engines.moment_problem import MomentProblem, charted

__all__ = ["FamilyProblem", "prepare_family", "LUMPING_SIZES", "FULL_SIZES", "count_name", "indicator"]

#: sizes at which the lumped law is checked against the explicit matrix (symbolically in ε)
LUMPING_SIZES = (2, 3, 4)
#: largest explicit matrix summed by the lumping check (local hashing at d = g = 4 has 4·4^4·4 = 4096 entries,
#: each a sympy expression: its sums take seconds, and the smaller sizes already check every class)
LUMPING_ENTRIES = 1 << 10
#: sizes at which the explicit matrix is enumerated as a cross-check (a unary encoding has 2^d columns)
FULL_SIZES = (2, 3)


def count_name(value: str) -> str:
    """C0, C1, ...: the count of reports that count toward value "0", "1", ..."""
    return f"C{value}"


def indicator(label: Hashable, values: Sequence[str]) -> tuple[int, ...]:
    """Whether an explicit output counts toward each tracked value: the report supports v (local hashing's
    ⟨h, y⟩ with h(v) = y), bit v set (a unary encoding's tuple of bits), or the report equal to v."""
    if isinstance(label, HashReport):
        return tuple(int(label.supports(int(v))) for v in values)
    if isinstance(label, tuple):
        return tuple(int(label[int(v)]) for v in values)
    return tuple(int(str(label) == v) for v in values)


def _outcome_name(outcome: tuple[int, ...]) -> str:
    return "L" + "".join(str(b) for b in outcome)


@dataclass(frozen=True, eq=False)
class FamilyProblem:
    """The prepared problems of one family moment check: ``lumped`` (for every d), ``full`` (the explicit
    matrix at small sizes, with the size), and what the lumping check found."""

    family: Family
    lumped: MomentProblem
    full: tuple[tuple[dict[str, int], MomentProblem], ...]
    lumping: str
    lumping_exact: bool
    #: the explicit matrix at given sizes (``explicit({"d": 3})``), the other users spread by ``other_v``
    explicit: Any = None


def _data_map(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not value:
        raise invalid(name, value, "with a mechanism family, name the values: {\"0\": \"c0\"}")
    return {str(k).strip(): v for k, v in value.items()}


def prepare_family(family: Family, statistic: ExprLike, claimed: ExprLike, *, given: ExprLike | None,
                   prior: Mapping[str, ExprLike] | Sequence[ExprLike] | None,
                   counts: Mapping[str, ExprLike] | Sequence[ExprLike] | None, domain: DomainLike) -> FamilyProblem:
    """Lump, check the lumping, and prepare the three problems (see the module docstring)."""
    if (prior is None) == (counts is None):
        raise invalid("prior/counts", (prior, counts), "give exactly one: prior={\"0\": \"f0\"} (i.i.d. inputs) or "
                      "counts={\"0\": \"c0\"} (a fixed dataset)")
    data = _data_map(prior if prior is not None else counts, "prior" if prior is not None else "counts")
    stated = _stated(family, domain)
    if family.input_variables:
        return _continuous(family, statistic, claimed, given, data, prior is not None, stated)
    bad = [k for k in data if not k.isdigit()]
    if bad:
        raise invalid("prior" if prior is not None else "counts", dict(data), f"{bad[0]!r} is not a value 0, 1, …",
                      "name the tracked values of the mechanism's inputs, e.g. {\"0\": \"c0\"}")
    tracked = tuple(data)
    lumped = family.lumped(tracked)
    iid = prior is not None
    problem = _lumped_problem(family, lumped, statistic, claimed, given, data, iid, stated)
    lumping, exact = _check_lumping(family, lumped, stated)
    full = tuple(_full_problem(family, lumped, size, statistic, claimed, given, data, iid, stated)
                 for size in _full_sizes(family, lumped, stated))
    def explicit(sizes: dict[str, int]) -> MomentProblem:
        return _full_problem(family, lumped, sizes, statistic, claimed, given, data, iid, stated)[1]

    return FamilyProblem(family, problem, full, lumping, exact, explicit)


def _stated(family: Family, domain: DomainLike) -> Domain:
    """The family's domain and the user's, read with the same symbols."""
    if domain is None:
        return family.domain
    if isinstance(domain, Domain):
        return family.domain & domain
    if not isinstance(domain, (str, list, tuple)):
        raise invalid("domain", domain, "must be a string such as 'eps > 0, d >= 2, 0 <= c0 <= n'")
    names = {s.name for c in family.domain.conditions for s in c.free_symbols} | set(family.parameters)
    parsed = Domain.parse(domain, symbols={name: symbol(name) for name in names | {"n"}})
    parsed = Domain(parsed.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                       for c in parsed.conditions), parsed.integers)
    return family.domain & parsed


def _data_domain(data: Mapping[str, Any], iid: bool) -> Domain | None:
    """What the data model itself requires of names given as plain symbols: counts (or probabilities) at
    least 0, summing to at most n (or 1): so that points are drawn where a dataset (a distribution) exists."""
    names = [str(v).strip() for v in data.values() if isinstance(v, str) and str(v).strip().isidentifier()]
    if not names:
        return None
    total = "1" if iid else "n"
    parts = [f"{name} >= 0" for name in names] + [f"{' + '.join(names)} <= {total}"]
    return Domain.parse(parts, symbols={name: symbol(name) for name in (*names, "n")})


def _face(domain: Domain) -> Domain:
    found = face(domain)
    if found is None:
        raise invalid("domain", domain.text, "is empty: an equality in it contradicts another condition")
    return found


def _class_data(data: Mapping[str, Any], iid: bool, what: str) -> list[Any]:
    """The weights (or counts) of the classes: each tracked value's, then the rest."""
    entries = [as_expression(v, f"{what}[{k!r}]") for k, v in data.items()]
    rest = (sympy.Integer(1) if iid else symbol("n")) - sympy.Add(*entries)
    return entries + [rest]


def _lumped_problem(family: Family, lumped: Lumped, statistic: ExprLike, claimed: ExprLike, given: ExprLike | None,
                    data: Mapping[str, Any], iid: bool, stated: Domain) -> MomentProblem:
    mechanism = lumped.as_finite_mechanism()
    names = tuple(_outcome_name(o) for o in lumped.outcomes)
    entries = _class_data(data, iid, "prior" if iid else "counts")
    model_data = Prior(entries) if iid else Counts(entries)
    used = set(mechanism.parameters) | set(model_data.parameters)
    base = FiniteModel(mechanism, model_data, names, extra=tuple(s for s in family.sizes if s not in used))
    aliases = {count_name(v): sympy.Add(*[symbol(names[j]) for j, o in enumerate(lumped.outcomes) if o[i]])
               for i, v in enumerate(lumped.values)}
    requires = Domain.parse(list(lumped.requires), symbols={s: symbol(s) for s in family.sizes}) \
        if lumped.requires else None
    domain = stated if requires is None else stated & requires
    structural = _data_domain(data, iid)
    domain = _face(domain if structural is None else domain & structural)
    notes = {"lumping": lumped.why, "classes": f"{', '.join(lumped.classes)} ({lumped.others} inputs in 'other')"}
    description = (f"{family.name} lumped by value: classes {list(lumped.classes)}, outcomes the indicator vectors "
                   f"of {[count_name(v) for v in lumped.values]}, " + ("i.i.d. inputs" if iid else "a fixed dataset"))
    return charted(base, statistic, claimed, given, domain, dict(family.named), notes=notes, aliases=aliases,
                   description=description)


def _full_sizes(family: Family, lumped: Lumped, stated: Domain) -> list[dict[str, int]]:
    """Sizes of :data:`FULL_SIZES` inside the domain with the tracked values and at least one other value."""
    if not family.sizes:
        return []
    return [sizes for sizes in _small_sizes(family, lumped, stated, FULL_SIZES)
            if len(family.input_labels(sizes)) != len(lumped.values)]


def _small_sizes(family: Family, lumped: Lumped, stated: Domain, choices: Sequence[int]) -> list[dict[str, int]]:
    """Every assignment of ``choices`` to the family's sizes (one size: d; local hashing: d and g) inside the
    stated domain, with an input for every tracked value."""
    needed = max(int(v) for v in lumped.values) + 1
    out = []
    for chosen in itertools.product(choices, repeat=len(family.sizes)):
        sizes = dict(zip(family.sizes, chosen))
        if fix(stated, sizes) is None or len(family.input_labels(sizes)) < needed:
            continue
        out.append(sizes)
    return out


def _full_problem(family: Family, lumped: Lumped, sizes: dict[str, int], statistic: ExprLike, claimed: ExprLike,
                  given: ExprLike | None, data: Mapping[str, Any], iid: bool, stated: Domain) -> tuple[dict[str, int],
                  MomentProblem]:
    """The explicit matrix at ``sizes``, the users outside the tracked values spread over the other values
    by free parameters ``other_v`` (how many hold value v, or its probability), the last taking the rest."""
    matrix = family.matrix(sizes)
    rows = family.input_labels(sizes)
    columns = family.output_labels(sizes)
    tracked = list(lumped.values)
    others = [str(x) for x in rows if str(x) not in tracked]
    known = _class_data(data, iid, "prior" if iid else "counts")
    spread = [symbol(f"other_{v}") for v in others[:-1]]
    last = known[-1] - sympy.Add(*spread)
    by_input = {v: known[i] for i, v in enumerate(tracked)}
    by_input.update({v: spread[i] for i, v in enumerate(others[:-1])})
    if others:
        by_input[others[-1]] = last
    entries = [by_input.get(str(x), sympy.Integer(0)) for x in rows]
    model_data = Prior(entries) if iid else Counts(entries)
    base = FiniteModel(FiniteMechanism(matrix.matrix), model_data)
    aliases = {count_name(v): sympy.Add(*[symbol(f"Y{j}") for j, y in enumerate(columns) if indicator(y, [v])[0]])
               for v in tracked}
    fixed = {name: sympy.Integer(value) for name, value in sizes.items()}
    named = {k: v.xreplace({symbol(n): e for n, e in fixed.items()}) for k, v in family.named.items()}
    named.update({n: e for n, e in fixed.items()})
    domain = fix(stated, {k: v for k, v in sizes.items()})
    structural = _data_domain(data, iid)
    domain = _face(domain if structural is None else domain & structural)
    spread_conditions = [f"0 <= {s.name}" for s in spread]
    if spread:
        spread_conditions.append(f"{sympy.sstr(sympy.Add(*spread))} <= {sympy.sstr(known[-1])}")
    symbols = {s.name: s for s in spread} | {s.name: s for e in known for s in e.free_symbols} | {"n": symbol("n")}
    extra = Domain.parse(spread_conditions, symbols=symbols) if spread_conditions else None
    domain = domain if extra is None else domain & extra
    judge = stated if extra is None else stated & extra  # interior judged against the size's own edge (d = 2)
    shown = ", ".join(f"{k} = {v}" for k, v in sizes.items())
    description = (f"the explicit matrix of {family.name} at {shown} ({len(rows)} x {len(columns)}), "
                   + ("i.i.d. inputs" if iid else "a fixed dataset")
                   + (f", the other users spread by {[s.name for s in spread]}" if spread else ""))
    problem = charted(base, statistic, claimed, given, domain, named, aliases=aliases, description=description,
                      fixed=dict(sizes), judge=judge)
    return sizes, problem


def _check_lumping(family: Family, lumped: Lumped, stated: Domain) -> tuple[str, bool]:
    """The lumped law against the explicit matrix at small sizes, exactly (symbolic in the other
    parameters): (what was checked, whether it held)."""
    if not family.sizes:
        sizes_list: list[dict[str, int]] = [{}]
    else:
        sizes_list = [sizes for sizes in _small_sizes(family, lumped, stated, LUMPING_SIZES)
                      if family._entries_at(sizes) <= LUMPING_ENTRIES]
    checked = []
    for sizes in sizes_list:
        try:
            matrix = family.matrix(sizes)
        except Exception as refused:  # noqa: BLE001 - a size beyond the explicit limit is simply not checked
            if not isinstance(refused, ValueError):
                raise
            continue
        rows, columns = family.input_labels(sizes), family.output_labels(sizes)
        law = {c: {o: family.substitute(e, sizes) for o, e in lumped.law[c].items()} for c in lumped.classes}
        others = family.substitute(lumped.others, sizes)
        outside = [x for x in rows if str(x) not in lumped.values]
        if others != len(outside):
            return (f"the lumping counts {others} inputs in 'other' at {sizes}, the matrix has {len(outside)}", False)
        for i, x in enumerate(rows):
            cls = str(x) if str(x) in lumped.values else "other"
            summed = {o: sympy.Integer(0) for o in lumped.outcomes}
            for j, y in enumerate(columns):
                summed[indicator(y, lumped.values)] += matrix.matrix[i][j]
            for o in lumped.outcomes:
                if sympy.cancel(sympy.together(summed[o] - law[cls][o])) != 0:
                    return (f"at {sizes}, input {x!r} (class {cls!r}) gives the indicator vector {o} probability "
                            f"{sympy.simplify(summed[o])}, the lumped law {law[cls][o]}", False)
        checked.append(", ".join(f"{k} = {v}" for k, v in sizes.items()) or "its size")
    if not checked:
        return (f"{lumped.why} (stated by the family; no size small enough to check it against the explicit matrix)",
                True)
    return (f"{lumped.why}; checked exactly against the explicit matrix at {'; '.join(checked)}", True)


def _continuous(family: Family, statistic: ExprLike, claimed: ExprLike, given: ExprLike | None, data: Mapping[str, Any],
                iid: bool, stated: Domain) -> FamilyProblem:
    """A family with a continuous input: one row per named input (the input variable renamed)."""
    (variable,) = family.input_variables[:1]
    bad = [k for k in data if not k.isidentifier() or k in family.parameters or k == "n"]
    if bad:
        raise invalid("prior" if iid else "counts", dict(data), f"{bad[0]!r} is not a new name for an input",
                      f"name the inputs, e.g. {{{variable!r}: 'n'}} or {{'x1': 'k', 'x2': 'n-k'}}")
    columns = family.output_labels({})
    x = symbol(variable)
    rows = [[row.xreplace({x: symbol(key)}) for row in _symbolic_row(family, columns)] for key in data]
    entries = [as_expression(v, f"{'prior' if iid else 'counts'}[{k!r}]") for k, v in data.items()]
    base = FiniteModel(FiniteMechanism(rows), Prior(entries) if iid else Counts(entries))
    intervals = []
    givens = dict.fromkeys(g for requirement in family.requirements() for g in requirement.given)
    for condition in givens:  # where the input lives ("-1 <= x <= 1"), for each named input
        relation = parse_formula(condition, relational=True)
        for key in data:
            intervals.append(relation.xreplace({s: symbol(key) for s in relation.free_symbols if s.name == variable}))
    domain = stated & Domain.parse(intervals) if intervals else stated
    description = (f"{family.name} with inputs {list(data)} ({'i.i.d.' if iid else 'a fixed dataset'}), output counts "
                   + ", ".join(f"Y{j} ({y})" for j, y in enumerate(columns)))
    row = tuple(_symbolic_row(family, columns))
    problem = charted(base, statistic, claimed, given, domain, dict(family.named), description=description,
                      input_row=((variable,), row))
    return FamilyProblem(family, problem, (), "no lumping: the inputs are named", True)


def _symbolic_row(family: Family, columns: Sequence[Hashable]) -> list[sympy.Basic]:
    """P(y | x) for every output y, x left symbolic: the row a family with a numeric input is written as
    (:class:`numeric.families.ContinuousInput`; Duchi et al.'s P(+B | x), P(−B | x))."""
    row = getattr(family, "row", None)
    if not row or len(row) != len(columns):
        raise invalid("mechanism", family.name, "has a continuous input that this engine cannot write as a row",
                      "build it with M.continuous([...]) (one row in x)")
    return list(row)
