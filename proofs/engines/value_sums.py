"""Sums over every value of a symmetric family at a symbolic d: Σ_v E[(f̂_v − f_v)²] in closed form.

A frequency oracle estimates the frequency of every value v in {0, …, d − 1}; its total squared error
Σ_v E[(f̂_v − f_v)²] is what papers compare (Wang, Blocki, Li, Jha, USENIX Security 2017, §4; the total MSE
of k-RR, OUE, OLH). :func:`check_moment` gives the moment of *one* value's estimate, for every n and d; this
module sums it over the d values.

**The symmetric reduction.** For a family that treats the values alike (randomized response, a unary
encoding, local hashing: :meth:`numeric.families.Family.lumped` states why, and :mod:`.moment_family` checks
it against the explicit matrix), the law of the count C_v depends on the data only through value v's own
datum x_v (its count c_v in a fixed dataset, its probability f_v for i.i.d. inputs) and n: the users who do
not hold v form one class. So the per-value moment is one function T of x_v, the same for every v, derived
once for v = 0 (the lumped generating function, :func:`numeric.count_moments.symbolic_moments`). When T is
a polynomial in x_v, T(x) = Σ_k a_k x^k, then

    Σ_v T(x_v) = a_0 · d + a_1 · Σ_v x_v + Σ_{k >= 2} a_k · S_k,      S_k = Σ_v x_v^k,

with Σ_v x_v = n (counts) or 1 (probabilities). The closed form is exact in d; the power sums S_k (k >= 2)
stay as named symbols ``S2``, ``S3``, …: the total of a term affine in x_v (the fixed-dataset variance of a
frequency estimate) needs none, the i.i.d. variance (quadratic in f_v) needs S2 = Σ_v f_v².

**Two independent checks** (a :class:`ValueSum`, a :class:`~proofs.base.verdict.Verdict`):

1. *symbolic* — the derivation above; with ``claimed=`` the claimed total is compared with it as an
   identity (e^ε written as one generator); without it the derived total is the statement;
2. *enumeration* — at small concrete sizes (d = 2, 3, and g = 2, 3 for local hashing), e^ε = 2 and 3 (the
   family's parameters other than its sizes are its privacy level: each is set to log 2, then log 3), every
   dataset of n = 1, 2, 3 users (every way of spreading them over the d values) or a few priors, the exact
   expectation of Σ_v over *every* value is summed over every outcome of the explicit matrix (outputs grouped
   by the values they count toward), in exact rationals, and compared with the claimed (or derived) total at
   that point, the power sums computed from the data. This checks the reduction itself, values other than 0
   included.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from core.domain import Domain
from core.errors import invalid
from core.formula import as_sympy, parse_formula
from numeric.count_moments import symbolic_moments
from numeric.families import Family
from numeric.finite_mechanism import symbol
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.base.verdict import Verdict
from proofs.engines.moment_family import indicator, prepare_family
from proofs.engines.moment_steps import user_coordinates

__all__ = ["sum_over_values", "validate_value_sum", "ValueSum", "SUMMED_MOMENTS", "ENUMERATED_SIZES",
           "ENUMERATED_EXP_EPS", "MAX_ENUMERATED_ENTRIES", "power_sum"]

#: What is summed over the values: E[X_v], Var[X_v], or E[(X_v − target_v)²].
SUMMED_MOMENTS = ("mean", "variance", "mse")
#: The concrete sizes of the enumeration (each size of the family takes each of them).
ENUMERATED_SIZES = (2, 3)
#: The values of e^ε at which the enumeration runs (ε = log 2, log 3: every probability rational).
ENUMERATED_EXP_EPS = (2, 3)
#: Largest explicit matrix enumerated (local hashing at d = g = 3 has 3·27·3 = 243 entries).
MAX_ENUMERATED_ENTRIES = 4096


def power_sum(k: int) -> sympy.Symbol:
    """S_k = Σ_v x_v^k, the k-th power sum of the values' data (``S2``, ``S3``, …)."""
    return symbol(f"S{k}")


@dataclass(frozen=True)
class ValueSum(Verdict):
    """The verdict on Σ_v of a per-value moment, with what was derived: ``term`` the moment of value 0's
    statistic as a function of its datum, ``total`` the closed form of the sum over the d values (in d, n,
    the parameters and the power sums ``S2``, ``S3``, … of :func:`power_sum`)."""

    term: sympy.Expr | None = None
    total: sympy.Expr | None = None
    power_sums: Mapping[str, str] = field(default_factory=dict)


def sum_over_values(statistic: Any, *, mechanism: Family, moment: str = "mse", target: Any = None,
                    counts: Mapping[str, Any] | None = None, prior: Mapping[str, Any] | None = None,
                    claimed: Any = None, domain: Any = None, n_values: Sequence[int] = (1, 2, 3)) -> ValueSum:
    """Σ_v of the ``moment`` of ``statistic`` over every value v of ``mechanism``, for a symbolic d (see the
    module docstring).

    ``statistic`` is value 0's estimate, written with its count ``C0`` (``"(C0/n - q)/(p - q)"``), the
    family's named probabilities and ``n``; every other value's is the same with its own count.
    ``counts={"0": "c0"}`` (a fixed dataset) or ``prior={"0": "f0"}`` (i.i.d. inputs) names value 0's datum;
    ``target`` (for ``moment="mse"``) what the statistic estimates, in that datum (``"c0/n"``, ``"f0"``).
    ``claimed``: a closed form of the total to check (in d, n, the parameters, ``p``, ``q`` and ``S2``, ``S3``,
    …); without it the derived total is the statement checked by the enumeration."""
    iid, datum_text, ns = validate_value_sum(statistic, mechanism=mechanism, moment=moment, target=target,
                                             counts=counts, prior=prior, claimed=claimed, n_values=n_values)
    datum = symbol(datum_text)
    size = _size_symbol(mechanism)
    inner = statistic if target is None else f"({statistic}) - ({target})"
    start = time.perf_counter()
    problem = prepare_family(mechanism, inner, "0", given=None, prior=prior, counts=counts, domain=domain)
    key = {"mean": "mean", "variance": "variance", "mse": "second"}[moment]
    derived = symbolic_moments(problem.lumped.statistic)
    if derived is None:
        raise invalid("statistic", statistic, "is not a polynomial in C0 over a denominator free of it",
                      "the symbolic moment needs one")
    term = sympy.factor(user_coordinates(problem.lumped, derived[key]))
    total, used = _reduce(term, datum, size, sympy.Integer(1) if iid else symbol("n"))
    names = {f"S{k}": f"Σ_v {datum_text.rstrip('0123456789') or datum_text}_v^{k}" for k in used}
    symbolic = _symbolic(problem, term, total, claimed, mechanism, moment, datum_text, iid, time.perf_counter() - start)
    form = total if claimed is None else _claimed(claimed, mechanism)
    enumerated = _enumeration(mechanism, statistic, target, moment, form, iid, datum_text, domain, ns)
    return ValueSum((symbolic, enumerated), term=term, total=total, power_sums=names)


def validate_value_sum(statistic: Any, *, mechanism: Family, moment: str = "mse", target: Any = None,
                       counts: Mapping[str, Any] | None = None, prior: Mapping[str, Any] | None = None,
                       claimed: Any = None, n_values: Sequence[int] = (1, 2, 3)) -> tuple[bool, str, list[int]]:
    """Everything :func:`sum_over_values` reads before its work (a one-line
    :class:`~core.errors.InvalidArgument` otherwise): whether the inputs are i.i.d., value 0's datum, the n."""
    if moment not in SUMMED_MOMENTS:
        raise invalid("moment", moment, f"must be one of {list(SUMMED_MOMENTS)}")
    if not isinstance(mechanism, Family):
        raise invalid("mechanism", mechanism, "must be a mechanism family over values 0, …, d − 1 "
                      "(proofs.mechanisms)")
    if (moment == "mse") != (target is not None):
        raise invalid("target", target, "give target= exactly when moment='mse' (what the statistic estimates)")
    iid = prior is not None
    data = prior if iid else counts
    if (prior is None) == (counts is None) or not isinstance(data, Mapping) or list(map(str, data)) != ["0"]:
        raise invalid("prior/counts", data, "name value 0's datum in exactly one of counts={\"0\": \"c0\"} and "
                      "prior={\"0\": \"f0\"}")
    datum_text = str(next(iter(data.values()))).strip()
    if not datum_text.isidentifier():
        raise invalid("prior" if iid else "counts", dict(data), "value 0's datum must be a name (c0, f0)")
    ns = _sizes_of_n(n_values)
    parse_formula(str(statistic), name="statistic")
    if target is not None:
        parse_formula(str(target), name="target")
    if claimed is not None:
        _claimed(claimed, mechanism)
    return iid, datum_text, ns


# ------------------------------------------------------------------------------------------- the reduction
def _sizes_of_n(n_values: Sequence[int]) -> list[int]:
    ns = list(n_values)
    if not ns or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 6 for n in ns):
        raise invalid("n_values", n_values, "must be numbers of users from 1 to 6 (the enumeration is exhaustive)")
    return ns


def _size_symbol(family: Family) -> sympy.Expr:
    kind, size = family.input_key()
    if kind == "values":
        return size
    return sympy.Integer(len(size))


def _reduce(term: sympy.Expr, datum: sympy.Symbol, size: sympy.Expr, first: sympy.Expr) -> tuple[sympy.Expr, list[int]]:
    """Σ_v T(x_v) for T a polynomial in x over a denominator free of it: a_0 d + a_1 Σ x_v + Σ_k a_k S_k."""
    numerator, denominator = sympy.fraction(sympy.together(term))
    if datum in denominator.free_symbols or not numerator.is_polynomial(datum):
        raise invalid("statistic", sympy.sstr(term), f"its moment is not a polynomial in {datum}, so the sum over the "
                      "values has no closed form in power sums")
    poly = sympy.Poly(sympy.expand(numerator), datum)
    total, used = sympy.Integer(0), []
    for (k,), coefficient in poly.terms():
        if k == 0:
            total += coefficient * size
        elif k == 1:
            total += coefficient * first
        else:
            total += coefficient * power_sum(k)
            used.append(k)
    return sympy.factor(total / denominator), sorted(used)


def _claimed(claimed: Any, family: Family) -> sympy.Expr:
    names = set(family.parameters) | set(family.named) | {"n"}
    expr = as_sympy(claimed, name="claimed")
    expr = expr.xreplace({s: symbol(s.name) for s in expr.free_symbols})
    unknown = sorted(s.name for s in expr.free_symbols if s.name not in names and not s.name.startswith("S"))
    if unknown:
        raise invalid("claimed", claimed, f"uses {unknown[0]!r}, which is not n, a parameter, a named probability "
                      "or a power sum S2, S3, …")
    return expr.xreplace({symbol(k): v for k, v in family.named.items()})


def _as_rational_function(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with every exp(k·ε) written as a power of one generator per name, so that an identity in e^ε is
    an identity of rational functions."""
    out = expr
    for power in sorted(expr.atoms(sympy.exp), key=sympy.default_sort_key):
        out = out.subs(power, sympy.Symbol(f"_e_{sympy.sstr(power.args[0])}", positive=True))
    return out


def _symbolic(problem: Any, term: sympy.Expr, total: sympy.Expr, claimed: Any, family: Family, moment: str,
              datum: str, iid: bool, seconds: float) -> Evidence:
    domain = (f"every d, every n >= 1 and every {'prior' if iid else 'dataset'} ({datum} for value 0, the same for "
              f"each value): value 0's {moment} from the lumped generating function, summed over the values by the "
              f"family's symmetry (Σ_v {datum[:-1] if datum[-1:].isdigit() else datum}_v = {'1' if iid else 'n'})")
    detail = {"per-value term": sympy.sstr(term), "total": sympy.sstr(total), "lumping": problem.lumping}
    if not problem.lumping_exact:
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain, {**detail, "note": "the lumping is not exact, "
                        "so no derivation rests on it"}, seconds=seconds)
    derived = {"total": sympy.srepr(total), "term": sympy.srepr(term)}
    if claimed is None:
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain, {**detail, "claimed": "the derived total"},
                        derived=derived, seconds=seconds)
    form = _claimed(claimed, family)
    difference = sympy.cancel(sympy.together(_as_rational_function(sympy.expand(form - total))))
    if difference == 0:
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain, {**detail, "simplified difference": "0"},
                        derived=derived, seconds=seconds)
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                    {**detail, "note": "the claimed total differs from the derived one as a rational function (a "
                     "counterexample needs a point: see the enumeration)"}, seconds=seconds)


# ------------------------------------------------------------------------------------------- the enumeration
def _inside(domain: Domain, values: Mapping[str, sympy.Expr]) -> bool:
    for condition in domain.conditions:
        settled = condition.xreplace({s: values[s.name] for s in condition.free_symbols if s.name in values})
        if settled.free_symbols:
            continue
        if settled.is_Relational:
            settled = settled.func(settled.lhs, settled.rhs)
        if settled != sympy.true:
            return False
    return True


def _stated(family: Family, domain: Any) -> Domain:
    if domain is None:
        return family.domain
    if isinstance(domain, Domain):
        return family.domain & domain
    names = set(family.parameters) | {"n"}
    parsed = Domain.parse(domain, symbols={name: symbol(name) for name in names})
    return family.domain & Domain(parsed.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                                     for c in parsed.conditions), parsed.integers)


def _datasets(d: int, n: int, iid: bool) -> list[tuple[int | Fraction, ...]]:
    """Every dataset of n users over d values (counts), or three priors (uniform, skewed, one value absent)."""
    if not iid:
        return [c for c in itertools.product(range(n + 1), repeat=d) if sum(c) == n]
    skewed = [Fraction(k + 1) for k in range(d)]
    gap = [Fraction(0)] + [Fraction(1)] * (d - 1)
    return [tuple(Fraction(1, d) for _ in range(d)), tuple(w / sum(skewed) for w in skewed),
            tuple(w / sum(gap) for w in gap)]


def _rational(expr: sympy.Expr, what: str) -> Fraction:
    value = sympy.nsimplify(expr) if not expr.is_Rational else expr
    value = sympy.simplify(value) if not value.is_Rational else value
    if not value.is_Rational:
        raise invalid(what, sympy.sstr(expr), "did not evaluate to an exact rational at the enumerated point")
    return Fraction(int(value.p), int(value.q))


def _enumeration(family: Family, statistic: Any, target: Any, moment: str, form: sympy.Expr, iid: bool,
                 datum: str, domain: Any, ns: list[int]) -> Evidence:
    start = time.perf_counter()
    stated = _stated(family, domain)
    count = symbol("C0")
    stat = parse_formula(str(statistic), name="statistic")
    stat = stat.xreplace({s: symbol(s.name) for s in stat.free_symbols})
    goal = None
    if target is not None:
        goal = parse_formula(str(target), name="target")
        goal = goal.xreplace({s: symbol(s.name) for s in goal.free_symbols})
    checked, interior = 0, 0
    for chosen in itertools.product(ENUMERATED_SIZES, repeat=len(family.sizes)):
        sizes = dict(zip(family.sizes, chosen))
        if family._entries_at(sizes) > MAX_ENUMERATED_ENTRIES:
            continue
        for base in ENUMERATED_EXP_EPS:
            eps_value = sympy.log(sympy.Integer(base))
            point = {**{k: sympy.Integer(v) for k, v in sizes.items()},
                     **{name: eps_value for name in family.parameters if name not in sizes}}
            if not _inside(stated, point):
                continue
            rows = _indicator_laws(family, sizes, point)
            d = len(rows)
            named = {symbol(k): v.xreplace({symbol(n): e for n, e in point.items()}) for k, v in family.named.items()}
            at = {symbol(n): e for n, e in point.items()} | named
            for n in ns:
                for data in _datasets(d, n, iid):
                    if not _inside(stated, {**point, "n": sympy.Integer(n), datum: sympy.Rational(data[0])}):
                        continue
                    enumerated = _expected_total(rows, data, n, iid, stat, goal, count, symbol(datum), at, moment)
                    sums = {power_sum(k): sympy.Rational(sum(x ** k for x in data)) for k in range(2, 9)}
                    closed = _rational(form.xreplace({**at, symbol("n"): sympy.Integer(n), **sums}), "claimed")
                    checked += 1
                    inside = all(x > 0 for x in data) and any(v > 2 for v in sizes.values())
                    interior += int(inside)
                    if enumerated != closed:
                        shown = {**{k: v for k, v in sizes.items()}, "eps": f"log({base})", "n": n,
                                 "data": [str(x) for x in data], "enumerated": enumerated, "closed form": closed}
                        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, _enumerated_text(family, iid),
                                        {"points": checked}, counterexample=shown, recheck=Recheck.EXACT,
                                        seconds=time.perf_counter() - start)
    if not checked:
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, _enumerated_text(family, iid),
                        {"note": "no enumerated point lies in the stated domain"}, seconds=time.perf_counter() - start)
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, _enumerated_text(family, iid), {"points": checked},
                    interior_cases=interior, seconds=time.perf_counter() - start)


def _enumerated_text(family: Family, iid: bool) -> str:
    sizes = ", ".join(f"{s} in {list(ENUMERATED_SIZES)}" for s in family.sizes) or "its size"
    return (f"the explicit matrix of {family.name} at {sizes}, e^eps in {list(ENUMERATED_EXP_EPS)}, "
            + ("three priors" if iid else "every dataset of the users") + ": the exact expectation of the sum over "
            "every value, summed over every outcome, against the closed form (exact rationals)")


def _indicator_laws(family: Family, sizes: Mapping[str, int], point: Mapping[str, sympy.Expr]) -> list[dict]:
    """For each input, the law of the vector "the report counts toward v" over every value v, summed from the
    explicit matrix (exactly)."""
    values = {k: v for k, v in point.items()}
    matrix = family.entries(values)
    columns = family.output_labels(values)
    labels = [str(x) for x in family.input_labels(values)]
    out = []
    for row in matrix:
        law: dict[tuple[int, ...], Fraction] = {}
        for entry, column in zip(row, columns):
            vector = indicator(column, labels)
            law[vector] = law.get(vector, Fraction(0)) + _rational(entry, "entry")
        out.append(law)
    return out


def _expected_total(rows: list[dict], data: tuple[int | Fraction, ...], n: int, iid: bool, stat: sympy.Expr,
                    goal: sympy.Expr | None, count: sympy.Symbol, datum: sympy.Symbol, at: Mapping,
                    moment: str) -> Fraction:
    """E over every outcome of Σ_v of the moment of value v's statistic (its count C_v, its datum)."""
    d = len(rows)
    if iid:
        mixed: dict[tuple[int, ...], Fraction] = {}
        for weight, law in zip(data, rows):
            for vector, prob in law.items():
                mixed[vector] = mixed.get(vector, Fraction(0)) + weight * prob
        users = [mixed] * n
    else:
        users = [rows[v] for v, c in enumerate(data) for _ in range(int(c))]
    counts: dict[tuple[int, ...], Fraction] = {tuple([0] * d): Fraction(1)}
    for law in users:
        nxt: dict[tuple[int, ...], Fraction] = {}
        for total, prob in counts.items():
            for vector, q in law.items():
                key = tuple(a + b for a, b in zip(total, vector))
                nxt[key] = nxt.get(key, Fraction(0)) + prob * q
        counts = nxt
    fixed = {**at, symbol("n"): sympy.Integer(n)}
    value_at = {c: _rational(stat.xreplace({**fixed, count: sympy.Integer(c)}), "statistic") for c in range(n + 1)}
    out = Fraction(0)
    for v in range(d):
        own = sympy.Rational(data[v])
        shift = Fraction(0) if goal is None else _rational(goal.xreplace({**fixed, datum: own}), "target")
        first = sum((prob * (value_at[total[v]] - shift) for total, prob in counts.items()), Fraction(0))
        second = sum((prob * (value_at[total[v]] - shift) ** 2 for total, prob in counts.items()), Fraction(0))
        out += {"mean": first, "mse": second, "variance": second - first ** 2}[moment]
    return out
