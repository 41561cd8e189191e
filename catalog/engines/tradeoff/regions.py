"""Statements about one pair (x, x') and one rejection region R, decided on the whole domain by z3
(003 §3.1-3.2 and the appendix's proof steps).

A statement is written in the coarsened variables a1 = bel_x(R), b1 = bel_x(R^c), a2 = bel_x'(R),
b2 = bel_x'(R^c) of :mod:`numeric.definitions.testing` (sympy symbols :data:`~numeric.definitions.testing.A1`
...) and r = e^ε (:data:`numeric.tradeoff_bounds.R`), and decided by :func:`proofs.engines.sign.sign_evidence`,
one query per inequality of the conclusion. The premise constraints are implied by the definition for every
mechanism and equal to it for the two-label mechanism :func:`~numeric.definitions.testing.realize`, so
``unsat`` proves the statement for every mechanism and every region, and a model is a two-label
counterexample, re-checked exactly. Bounds convex (lower) or concave (upper) in α then extend from regions to
every test φ : Y → [0, 1] by the level-set decomposition.

Everything is a sympy object: a bound's pieces come from :func:`numeric.tradeoff_bounds.pieces` with the
errors substituted by ``xreplace``; a constraint written by a claim as text is read once by the safe parser
(:func:`core.formula.as_sympy`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.formula import as_sympy
from core.types import Values
from numeric.definitions import ldp, testing
from numeric.definitions.testing import A1, A2, B1, B2, region_constraints, region_term
from numeric.tradeoff_bounds import ALPHA, R, pieces
from proofs.base.budget import Budget
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import Stated, Step
from proofs.engines.composite import point_steps
from catalog.engines.notation import paper_sign_evidence
from catalog.engines.tradeoff.checks import ENVELOPES
from catalog.engines.tradeoff.statements import TradeoffStatement
from core.errors import invalid

__all__ = ["RegionInequality", "bound_inequalities", "region_premise", "region_statement", "realized", "premise_holds_at",
           "region_decision", "q2x3_premise", "equivalence_decision", "WITNESS", "SYMBOLS", "relation"]

#: The names a claim's constraint text may use, as the symbols the engines use (other names become real
#: symbols of their name, as :func:`core.formula.parse_formula` makes them).
SYMBOLS: dict[str, sympy.Symbol] = {s.name: s for s in (A1, B1, A2, B2, R, ALPHA)}

#: Q_2x3(3/5, 1/5) and the region R = {yes} in the coarsened variables (003's running example), at e^ε = 4,
#: where it is ε-SLDP (r_S = 3) and ε-WLDP (r^W = 4): the witness that a premise can hold.
WITNESS = {"a1": Fraction(3, 5), "b1": Fraction(1, 5), "a2": Fraction(1, 5), "b2": Fraction(3, 5), "r": Fraction(4)}

#: (type I, type II) set functions of the event and its complement, by the errors' name
#: (:data:`numeric.tradeoff.ERROR_PAIRS`): α = top_x(E), β = bottom_x'(E^c).
_ERROR_TERMS = {
    "printed": ("pl", "pl"), "pe": ("pl", "pl"), "op": ("bel", "bel"),
    "interval-lower": ("pl", "bel"), "interval-upper": ("bel", "pl"),
}
_SIDE = {"x": 1, "x'": 2}


def relation(item: str | sympy.Basic) -> sympy.Basic:
    """A constraint as a sympy relation (text is read by the safe parser with :data:`SYMBOLS`)."""
    found = as_sympy(item, name="constraint", symbols=SYMBOLS, relational=True)
    if not isinstance(found, sympy.core.relational.Relational):
        raise invalid("constraint", item, "is not a comparison (<, <=, >, >=, ==)")
    return found


@dataclass(frozen=True)
class RegionInequality:
    """``expr`` ``sign`` on the domain (``">=0"`` by default), with ``name`` saying in words what it is;
    ``expr`` is a sympy expression (text is read once by the safe parser with :data:`SYMBOLS`)."""

    name: str
    expr: sympy.Expr
    sign: str = ">=0"

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise invalid("name", self.name, "an inequality says in words what it is")
        object.__setattr__(self, "expr", as_sympy(self.expr, name="expr", symbols=SYMBOLS))
        if self.sign not in (">=0", ">0", "<=0", "<0", "==0", "!=0"):
            raise invalid("sign", self.sign, "not one of ['>=0', '>0', '<=0', '<0', '==0', '!=0']")


def bound_inequalities(name: str, side: str, alpha: sympy.Expr, beta: sympy.Expr, *, label: str = "") -> list[RegionInequality]:
    """β ``side`` bound(α) as inequalities, one per linear piece of the bound (a lower bound is a max of
    pieces, an upper bound a min: the inequality holds iff it holds against every piece); α and β are
    substituted into the pieces by ``xreplace``."""
    kind, lines = pieces(name, alpha=alpha)
    if (side, kind) not in (("lower", "max"), ("upper", "min")):
        raise invalid("side", side, f"{name} is a {kind} of lines: use side={'lower' if kind == 'max' else 'upper'}")
    beta = sympy.sympify(beta, strict=True)
    out = []
    for line in lines:
        expr = beta - line if side == "lower" else line - beta
        out.append(RegionInequality(f"{label}{'beta >= ' if side == 'lower' else 'beta <= '}{line} (a piece of {name}) "
                              f"with alpha = {alpha}, beta = {beta}", expr))
    return out


def region_premise(notion: str, reading: str | None = None) -> list[sympy.Basic]:
    """The coarsened premise "Q is ε-``notion``" (``"SLDP"`` or ``"WLDP"`` with its ``reading``), with the
    simplex constraints (:func:`numeric.definitions.testing.region_constraints`)."""
    return region_constraints("simplex") + (region_constraints(notion, reading=reading) if notion != "simplex" else [])


def region_statement(statement: TradeoffStatement) -> list[RegionInequality]:
    """Statement 2 (a :class:`~catalog.engines.tradeoff.statements.TradeoffStatement` of one use) at one region R and
    its complement, for every pair (x, x') of ``statement.pairs``, as inequalities in the coarsened variables.
    With 000's errors every error of the pair (x, x') is under x' (the pair (x', x') of 003's errors)."""
    if statement.composed:
        raise invalid("statement", statement, "the coarsening to one region is for one use of the mechanism")
    out = []
    pairs = sorted(ldp.counted_pairs(("x", "x'"), statement.pairs), key=lambda pair: pair[0] == pair[1])  # x != x' first
    for x, x_prime in pairs:
        first = x_prime if statement.errors == testing.ERRORS_000.name else x
        for bound in statement.bounds:
            errors = bound.errors if bound.on == "tests" else ENVELOPES.get(bound.errors, (None,))[0]
            if errors is None:
                raise invalid("errors", bound.errors, f"regions decide only {sorted(ENVELOPES)} among trade-off functions")
            top, bottom = _ERROR_TERMS[errors]
            for event, complement in (("R", "R^c"), ("R^c", "R")):
                alpha = region_term(top, _SIDE[first], event)
                beta = region_term(bottom, _SIDE[x_prime], complement)
                out += bound_inequalities(bound.bound, bound.side, alpha, beta,
                                          label=f"pair ({first}, {x_prime}), R = {event}: ")
    return out


def realized(point: Mapping[str, Any]) -> dict[str, Any]:
    """The two-label mechanism of a coarsened point, for a counterexample's report."""
    mechanism = testing.realize(point)
    return {"mechanism": "two labels R, R^c realizing the point; test: reject on R",
            "m_x": mechanism["x"].to_json(), "m_x'": mechanism["x'"].to_json()}


def premise_holds_at(constraints: Iterable[str | sympy.Basic], values: Values) -> bool:
    """Every constraint holds at the exact point ``values`` (names -> rationals)."""
    for item in constraints:
        found = relation(item)
        point = {s: sympy.Rational(str(Fraction(values[s.name]))) for s in found.free_symbols}
        if found.xreplace(point) is not sympy.true:
            return False
    return True


def region_decision(
    premise: Sequence[Any],
    conclusions: Sequence[RegionInequality],
    *,
    budget: Budget,
    witness: Mapping[str, object] | None,
    domain: str,
    symbols: Sequence[str] = ("a1", "b1", "a2", "b2", "r"),
    reading: str | None = None,
    detail: Mapping[str, Any] | None = None,
    describe: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None,
) -> Evidence:
    """Decide "``premise`` ⇒ every inequality of ``conclusions``" over the reals by z3.

    Proved when every inequality is (``premise_cases`` = 1: the exact ``witness`` satisfies the premise, so
    the premise is satisfiable; without a witness the premise is not shown satisfiable and the proof
    counts 0 premise cases). Every inequality is decided (the detail says which hold); the first that
    fails gives the counterexample, a point of the premise re-checked exactly by the sign engine;
    ``describe`` adds what it is (the two-label mechanism it realizes)."""
    start = time.perf_counter()
    premise = [relation(item) for item in premise]
    if witness is not None and not premise_holds_at(premise, witness):
        raise invalid("witness", dict(witness), "does not satisfy the premise it is meant to witness")
    conclusions, symmetries = _up_to_symmetry(premise, list(conclusions))
    outcomes: dict[str, str] = {}
    queries = 0
    first: tuple[RegionInequality, Evidence] | None = None
    steps: list[Step] = []      # for a proof certificate: each inequality's own decision
    for inequality in conclusions:
        found = paper_sign_evidence(inequality.expr, premise, sign=inequality.sign, symbols=list(symbols),
                              timeout=budget.timeout, search_region=False, domain_text=domain)
        queries += int(found.detail.get(Detail.Z3_QUERIES, 1))
        outcomes[inequality.name] = found.outcome.value
        steps += [Stated(f"{inequality.name}: {inequality.expr} {inequality.sign} wherever the premise holds"),
                  *all_steps(found)]
        if found.outcome is Outcome.COUNTEREXAMPLE and first is None:
            first = (inequality, found)
    if symmetries:
        steps.append(Stated("the inequalities not decided above are relabellings of decided ones under symmetries of "
                            f"the premise ({', '.join(symmetries)}): a relabelled premise point is a premise point"))
    shown = [str(item) for item in premise]
    if first is not None:
        inequality, found = first
        point = dict(found.counterexample or {})
        extra = dict(describe(point)) if describe else {}
        proof = point_steps(inequality.expr, premise, inequality.sign, point, fails=True, symbols=symbols,
                            says=f"{inequality.name} fails at the point")
        if proof and describe:
            proof += (Stated("the point's coarsened values are those of the mechanism, pair and region shown in the "
                             "counterexample, so the statement fails for that mechanism"),)
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, domain,
                        {**(detail or {}), "premise": shown, "inequalities decided": outcomes, Detail.Z3_QUERIES: queries,
                         "symmetries of the premise used": symmetries},
                        counterexample={"fails": inequality.name, **point, **extra},
                        recheck=found.recheck or Recheck.EXACT, reading=reading,
                        seconds=time.perf_counter() - start, premise_cases=1, steps=proof)
    proved = all(v == Outcome.PROVED.value for v in outcomes.values())
    figures = {**(detail or {}), "premise": shown, "inequalities decided": outcomes, Detail.Z3_QUERIES: queries,
               "symmetries of the premise used": symmetries,
               "premise witness": {k: str(v) for k, v in (witness or {}).items()}}
    return Evidence(Method.DECISION, Outcome.PROVED if proved else Outcome.INCONCLUSIVE, domain, figures,
                    reading=reading, seconds=time.perf_counter() - start,
                    premise_cases=(1 if witness is not None else 0), steps=tuple(steps) if proved else ())


#: The relabelings of the coarsened variables: x <-> x' and R <-> R^c (and both).
_SYMMETRIES = {
    "x <-> x'": {A1: A2, A2: A1, B1: B2, B2: B1},
    "R <-> R^c": {A1: B1, B1: A1, A2: B2, B2: A2},
    "both": {A1: B2, B2: A1, B1: A2, A2: B1},
}


def _canonical(item: sympy.Basic, swap: Mapping[sympy.Symbol, sympy.Symbol] | None = None) -> str:
    """A normal form of a constraint or an expression (optionally relabelled): ``g >= 0`` / ``g > 0`` with g
    as one expanded numerator over one expanded denominator (equal forms are equal functions; the reduction
    only needs that, never the converse)."""
    if swap:
        item = item.xreplace(swap)
    if isinstance(item, sympy.core.relational.Relational):
        strict = isinstance(item, (sympy.StrictLessThan, sympy.StrictGreaterThan))
        flipped = isinstance(item, (sympy.LessThan, sympy.StrictLessThan))
        expr = item.rhs - item.lhs if flipped else item.lhs - item.rhs
    else:
        strict, expr = False, item
    numerator, denominator = expr.as_numer_denom()
    return ("> " if strict else ">= ") + sympy.srepr((sympy.expand(numerator), sympy.expand(denominator)))


def _up_to_symmetry(premise: Sequence[sympy.Basic], conclusions: list[RegionInequality]) -> tuple[list[RegionInequality], list[str]]:
    """The conclusions up to the relabelings of :data:`_SYMMETRIES` that leave the premise invariant (checked
    on canonical forms): a relabeled premise point is a premise point, so an inequality holds on the premise
    iff its relabeling does. Returns the kept conclusions and the symmetries used."""
    present = set().union(*(p.free_symbols for p in premise), *(c.expr.free_symbols for c in conclusions))
    if not {A1, B1, A2, B2} <= present or any(c.sign != ">=0" for c in conclusions):
        return conclusions, []
    base = {_canonical(p) for p in premise}
    used = [name for name, swap in _SYMMETRIES.items() if {_canonical(p, swap) for p in premise} == base]
    kept, seen = [], set()
    for inequality in conclusions:
        forms = {_canonical(inequality.expr)} | {_canonical(inequality.expr, _SYMMETRIES[name]) for name in used}
        if forms & seen:
            continue
        seen |= forms
        kept.append(inequality)
    return kept, used


def q2x3_premise(notion: str) -> list[sympy.Basic]:
    """"Q_2x3(p, q) is ε-``notion``" as constraints on p, q, r: Q_2x3 is the two-label mechanism of the
    coarsening with R = {yes} (a1 = p, b1 = q, a2 = q, b2 = p), so these are exactly the definition."""
    p, q = sympy.symbols("p q", real=True)
    swap = {A1: p, B1: q, A2: q, B2: p}
    out: list[sympy.Basic] = []
    for item in region_constraints("simplex") + region_constraints(notion):
        found = item.xreplace(swap)
        if found is not sympy.true and found not in out:
            out.append(found)
    return out


def equivalence_decision(budget: Budget, statement: TradeoffStatement, notion: str) -> list[Evidence]:
    """Both directions of "statement 2 at R and R^c, every pair ⇔ the coarsened ``notion`` (``"WLDP"`` or
    ``"bel/pl"``)", decided by z3. Both sides range over every event E (every E is a region R), so this is
    the equivalence for every mechanism."""
    simplex = region_premise("simplex")
    statement_pieces = region_statement(statement)
    constraints = region_constraints(notion)
    as_inequalities = [RegionInequality(str(c), c.rhs - c.lhs) for c in constraints]  # lhs <= rhs as rhs - lhs >= 0
    domain = ("every evidential mechanism, pair and region R (with R^c; coarsened), every r > 1; statement 2 at "
              "every region is the condition at every event E")
    return [
        region_decision(simplex + [sympy.Ge(p.expr, 0) for p in statement_pieces], as_inequalities, budget=budget,
                        witness=WITNESS, describe=realized, domain=domain,
                        detail={"direction": f"statement 2 => {notion}"}),
        region_decision(simplex + constraints, statement_pieces, budget=budget, witness=WITNESS, describe=realized,
                        domain=domain, detail={"direction": f"{notion} => statement 2"}),
    ]
