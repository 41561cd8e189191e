"""Tests, regions and the frames they live on (003 §3.1-3.2 and the appendix): the checks that a test may be
replaced by its level sets, that the appendix's mass table is the image of the product, and the message
space of Shafer's reading.

* :func:`choquet_exhaustive`, :func:`choquet_search`: for a region, sup/inf over the credal set (computed
  from its extreme points, independently of bel and pl) is pl/bel; for a test φ the four errors computed
  three ways agree (credal extreme points, Choquet integrals Σ m(E) max_E φ, level sets); the trade-off
  functions from all regions (convex envelopes) equal the minimum (maximum) over chains of regions, the
  tests' own errors. :func:`choquet_steps`: the same grid as steps a certificate re-runs, regenerated from its
  parameters by the standalone procedures of :mod:`proofs.kernel.enumerations`.
* :func:`table_cases`, :func:`table_agrees`: the appendix's table of Q_2x3 squared on {0, 1, 2}.
* :func:`message_space_case`: each row as a probability on the messages 2^Y ∖ {∅} (003 §3.1: "if we set
  2^Y ∖ {∅} as the output alphabet, then the above Q is simply the standard LDP mechanism").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from numeric.belief import MassFunction
from numeric.definitions import testing
from numeric.grids import mass_functions
from numeric.mechanisms import Mechanism, evidential_q2x3
from numeric.sampling import Choose, Sampler
from numeric.strategies import mechanisms, sampler
from numeric.tradeoff import TestingProblem, count_no, q2x3_square_table
from numeric.tradeoff_pl import PiecewiseLinear, lower_hull, pointwise_min, prefix_max, prefix_min, suffix_max, upper_hull
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Outcome
from proofs.kernel.steps import Enumeration, Stated, Step
from proofs.engines.methods import exhaustive, property_search
from catalog.engines.tradeoff.cases import q2x3_points
from catalog.engines.tradeoff.search import search_examples
from catalog.engines.tradeoff.statements import TradeoffCase, Shown

__all__ = ["TestPoint", "vertex_rows", "choquet_exhaustive", "choquet_steps", "choquet_search", "table_cases",
           "table_agrees", "message_space_case", "errors_agree"]


# --- level sets and credal extreme points --------------------------------------------------------------------
def vertex_rows(row: MassFunction) -> list[list[Fraction]]:
    """The extreme points of the credal set of ``row`` as lists in frame order (listed once per row by the
    callers, which check many tests against one row)."""
    return [[pr[y] for y in row.frame] for pr in row.credal_vertices()]


def _vertex_extremes(row: MassFunction, vertices: Sequence[Sequence[Fraction]], phi: Mapping) -> tuple[Any, Any]:
    """(inf, sup) of E_pr φ over the extreme points ``vertices`` of the credal set of ``row`` (exact)."""
    weights = [phi[y] for y in row.frame]
    values = [sum((p * w for p, w in zip(pr, weights)), Fraction(0)) for pr in vertices]
    return min(values), max(values)


def _chain_functions(problem: TestingProblem) -> dict[str, PiecewiseLinear]:
    """T^pe, ``T^op: as printed`` and ``T^op: repaired`` as the minimum (maximum) over chains of regions of the
    chain's envelope: the achievable errors of tests, chain by chain."""
    def negated(vertices: Sequence) -> PiecewiseLinear:
        return PiecewiseLinear(tuple((x, -y) for x, y in vertices))

    errors = dict(problem.deterministic)
    lower, printed, repaired = [], [], []
    for chain in problem.chains():
        lower.append(PiecewiseLinear(tuple(prefix_min(lower_hull([errors[R].pair("pe") for R in chain])))))
        hull = upper_hull([errors[R].pair("op") for R in chain])
        below = prefix_max(hull)  # sup over alpha^op <= alpha: flat after the chain's highest point, up to 1
        if below[-1][0] < 1:
            below.append((Fraction(1), below[-1][1]))
        printed.append(negated(below))
        repaired.append(negated(suffix_max(hull)))
    return {"T^pe": pointwise_min(lower), "T^op: as printed": negated(pointwise_min(printed).vertices),
            "T^op: repaired": negated(pointwise_min(repaired).vertices)}


def _tests(n: int) -> Iterator[tuple]:
    """Every test on n labels with values in {0, 1/2, 1} (the regions among them)."""
    return itertools.product((Fraction(0), Fraction(1, 2), Fraction(1)), repeat=n)


def _row_agrees(row: MassFunction, vertices: Sequence[Sequence[Fraction]], values: tuple) -> bool | tuple[bool, dict]:
    """For one row (with its credal ``vertices``) and one test: upper and lower expectations by credal extreme
    points, by Choquet integrals (Σ m(E) max_E φ) and by level sets agree; for a region, they are pl(R) and
    bel(R)."""
    phi = dict(zip(row.frame, values))
    low, high = _vertex_extremes(row, vertices, phi)
    choquet = (row.lower_expectation(phi), row.upper_expectation(phi))
    levels = TestingProblem(row, row).errors_by_levels(phi)
    found = {"credal vertices": [low, high], "Choquet": list(choquet), "level sets": [levels.alpha_lower, levels.alpha_upper]}
    if not (low, high) == choquet == (levels.alpha_lower, levels.alpha_upper):
        return False, found
    if set(values) <= {0, 1}:
        region = frozenset(y for y, v in phi.items() if v == 1)
        if (row.bel(region), row.pl(region)) != (low, high):
            return False, {**found, "region": sorted(map(str, region)), "bel, pl": [row.bel(region), row.pl(region)]}
    return True


def _functions_agree(problem: TestingProblem) -> bool | tuple[bool, dict]:
    """T^pe and both T^op (as printed, repaired) from the envelopes of all regions equal the same over chains of
    regions."""
    envelopes = {"T^pe": problem.tradeoff_pe(), "T^op: as printed": problem.tradeoff_op("printed"),
                 "T^op: repaired": problem.tradeoff_op("upper-boundary")}
    for name, chains in _chain_functions(problem).items():
        envelope = envelopes[name]
        points = sorted(set(chains.xs) | set(envelope.xs))
        if any(chains(a) != envelope(a) for a in points):
            return False, {"function": name, "over chains": [list(v) for v in chains.vertices],
                           "envelope of all regions": [list(v) for v in envelope.vertices]}
    return True


def _sizes(budget: Budget) -> tuple[list[tuple[Fraction, Fraction]], tuple[tuple[int, int], ...],
                                    tuple[tuple[int, int], ...]]:
    """The grid's parameters: the points (p, q) of Q_2x3, the (labels, mass denominator) of the rows' grids and
    those of the pairs' grids."""
    d2, d3 = min(budget.grid, 6), 1 + (budget.grid >= 9)
    return q2x3_points(budget)[: budget.grid], ((2, d2), (3, d3)), ((2, min(d2, 4)), (3, 1))


def _grid(budget: Budget) -> tuple[list, list, str]:
    """Rows (Q_2x3's and the grids on 2 and 3 labels) and ordered pairs of rows, with the grid in words."""
    points, row_grids, pair_grids = _sizes(budget)
    (_, d2), (_, d3) = row_grids
    examples = [evidential_q2x3(p, q) for p, q in points]
    rows = [m[x] for m in examples for x in ("x", "x'")] + [m for n, d in row_grids for m in mass_functions(n, d)]
    pairs = [(m["x"], m["x'"]) for m in examples] + [pair for n, d in pair_grids
                                                     for pair in itertools.product(mass_functions(n, d), repeat=2)]
    text = (f"rows of Q_2x3 on {budget.grid} grid points, every mass function on 2 labels with masses in (1/{d2})Z "
            f"and on 3 labels in (1/{d3})Z; every test with values in {{0, 1/2, 1}}; ordered pairs of rows on 2 labels "
            f"(masses in (1/{min(d2, 4)})Z) and on 3 labels (masses in {{0, 1}}) for the trade-off functions")
    return rows, pairs, text


def choquet_steps(budget: Budget, grid: tuple[list, list, str] | None = None) -> tuple[Step, ...]:
    """The steps a certificate re-runs for :func:`choquet_exhaustive`: the grid of :func:`_grid` (``grid``, when
    the caller has built it already), regenerated and re-checked by
    :func:`proofs.kernel.enumerations.choquet_rows` and :func:`~proofs.kernel.enumerations.choquet_pairs` from its
    parameters, with what those procedures rest on stated."""
    points, row_grids, pair_grids = _sizes(budget)
    rows, pairs, _ = grid if grid is not None else _grid(budget)
    q2x3_args = tuple((str(p), str(q)) for p, q in points)
    tests = sum(3 ** len(row.frame) for row in rows)
    return (
        Stated("The credal set P_x of m_x is {pr : pr(A) >= bel_x(A) for every A}, a polytope of the plane "
               "sum pr = 1: each vertex is the unique solution of sum pr = 1 and n - 1 of its constraints taken as "
               "equalities that satisfies them all, and a linear function such as E_pr phi attains its inf and sup "
               "over the polytope at vertices (linear programming)"),
        Enumeration("for every row (Q_2x3's, every mass function on 2 and 3 labels of the grid) and every test phi "
                    "with values in {0, 1/2, 1}: inf and sup of E_pr phi over the credal vertices, the Choquet "
                    "integrals sum m(E) min_E phi and sum m(E) max_E phi, and the level sets' combination of (bel, pl) "
                    "agree; for a region R they are (bel(R), pl(R))",
                    "choquet_rows", {"q2x3": q2x3_args, "grids": row_grids}, tests),
        Stated("For points (a_R, b_R) of the regions R, inf{b : (a, b) in their convex hull, a <= t} is a linear "
               "program with two constraints, whose optimum uses at most two points; as a function of t it is "
               "convex and piecewise linear with breakpoints only at the points' a (its epigraph is the hull plus "
               "a cone), and the sup forms of T^op are the same after negating b (and a, for a >= t). A test's "
               "level sets lie on one chain of regions, so the points tests achieve are the convex combinations "
               "along chains: the trade-off functions of tests are the minimum (maximum) over chains"),
        Enumeration("for every ordered pair of rows (Q_2x3's, every pair on 2 labels of the pairs' grid and on 3 "
                    "labels with masses in {0, 1}): T^pe, T^op as printed and T^op repaired from the convex hull of "
                    "all regions' points equal the minimum (maximum) over the chains of regions",
                    "choquet_pairs", {"q2x3": q2x3_args, "grids": pair_grids}, len(pairs)),
        Stated("These are finite checks on the grid; on every finite frame the equalities rest on Dempster's "
               "allocation form of the credal set and on the comonotone additivity of the Choquet integral "
               "(Dempster 1967, Schmeidler 1986), classical and not machine-checked here"),
    )


@dataclass(frozen=True, eq=False)
class TestPoint(Shown):
    """A point of these checks: a row (with its credal ``vertices``) and a test's values ``phi``, or a testing
    problem (``phi`` None: its trade-off functions); read as the mapping a report shows (``shown``)."""

    subject: MassFunction | TestingProblem
    phi: tuple | None
    shown: Mapping[str, Any]
    vertices: tuple = ()

    __test__ = False


def _choquet_points(rows: list, pairs: list) -> Iterator[TestPoint]:
    for row in rows:
        vertices = tuple(vertex_rows(row))
        for values in _tests(len(row.frame)):
            yield TestPoint(row, values, {"row": row.to_json(), "phi": [str(v) for v in values]}, vertices)
    for first, second in pairs:
        yield TestPoint(TestingProblem(first, second), None, {"m_x": first.to_json(), "m_x'": second.to_json(),
                                                             "trade-off functions": "envelopes against chains"})


def choquet_exhaustive(budget: Budget) -> Evidence:
    """The checks of the module docstring on the grid of :func:`_grid`."""

    def check(item: TestPoint) -> bool | tuple[bool, dict]:
        outcome = (_functions_agree(item.subject) if item.phi is None
                   else _row_agrees(item.subject, item.vertices, item.phi))
        return outcome if outcome is True else (False, outcome[1])

    grid = _grid(budget)
    found = exhaustive(
        _choquet_points(*grid[:2]), check, domain=grid[2],
        detail={"compared": ["credal extreme points", "Choquet integrals sum m(E) max_E phi", "level sets",
                             "pl(R), bel(R) for regions", "envelopes of all regions against chains"],
                "a proof would need": "Dempster's allocation form of the credal set (every pr in P_bel splits each "
                                      "m(E) over E) on every finite frame, and comonotone additivity of the Choquet "
                                      "integral; both classical (Dempster 1967, Schmeidler 1986), not machine-checked"},
    )
    return replace(found, steps=choquet_steps(budget, grid)) if found.outcome is Outcome.HOLDS else found


def choquet_search(budget: Budget) -> Evidence:
    """The same checks on random two-row mechanisms (frames of 1..3 labels) and tests in (1/6)Z."""
    rows = sampler(mechanisms(min_inputs=2, max_inputs=2, min_labels=1, max_labels=3, positive_singletons=None))

    def build(choose: Choose) -> tuple[Mechanism, tuple[Fraction, ...]]:
        mechanism = rows.build(choose)
        return mechanism, tuple(Fraction(choose(0, 6), 6) for _ in mechanism.frame)

    def evaluate(example):
        mechanism, values = example
        for outcome in (_row_agrees(mechanism[0], vertex_rows(mechanism[0]), values),
                        _row_agrees(mechanism[1], vertex_rows(mechanism[1]), values),
                        _functions_agree(TestingProblem.of(mechanism, 0, 1))):
            if outcome is not True:
                return outcome
        return True, {}

    examples = search_examples(budget, None)
    return property_search(
        Sampler(build, "two-row mechanisms with a test"), lambda ex: evaluate(ex)[0], examples=examples,
        recheck=evaluate,
        describe=lambda ex: {"mechanism": ex[0].to_json(), "phi": [str(v) for v in ex[1]]},
        domain=f"{examples} random two-input mechanisms (frames of 1..3 labels, exact masses), a test phi in (1/6)Z",
        detail={"compared": "credal extreme points, Choquet integrals, level sets; envelopes against chains"},
    )


# --- the appendix's table ---------------------------------------------------------------------------------
def table_cases(budget: Budget) -> list[TradeoffCase]:
    """Q_2x3(p, q) on the grid with, as the mechanism tested, the appendix's mass table of its square on
    {0, 1, 2} (premise read on Q_2x3 itself)."""
    out = []
    for p, q in q2x3_points(budget):
        table = q2x3_square_table(p, q)
        out.append(TradeoffCase(f"Q_2x3(p={p}, q={q}), the appendix's table of its square", evidential_q2x3(p, q),
                        Mechanism({"x": table.null, "x'": table.alternative})))
    return out


def table_agrees(budget: Budget, *, reading: str) -> Evidence:
    """The table is the image of the product under the number of "no" answers, and has the same trade-off
    functions (T^pe, T^op: repaired) as the product frame."""
    def check(point: dict) -> bool | tuple[bool, dict]:
        square = TestingProblem.of(evidential_q2x3(point["p"], point["q"]), "x", "x'").square()
        table = q2x3_square_table(point["p"], point["q"])
        images = (square.null.image(count_no, (0, 1, 2)), square.alternative.image(count_no, (0, 1, 2)))
        if images != (table.null, table.alternative):
            return False, {"image of the product": [m.to_json() for m in images],
                           "table": [table.null.to_json(), table.alternative.to_json()]}
        for name, function in (("T^pe", lambda t: t.tradeoff_pe()),
                               ("T^op: repaired", lambda t: t.tradeoff_op("upper-boundary"))):
            if function(table).vertices != function(square).vertices:
                return False, {"function": name, "table frame": function(table).vertices,
                               "product frame": function(square).vertices}
        return True

    return exhaustive([{"p": p, "q": q} for p, q in q2x3_points(budget)], check, reading=reading,
                      domain="Q_2x3(p, q), p > 1/2 and q on the exact grids of the other checks",
                      detail={"compared": "masses (image under count_no) and T^pe, T^op: repaired vertices"})


# --- the message space ----------------------------------------------------------------------------------
def message_space_case(case: TradeoffCase) -> TradeoffCase | None:
    """``case`` with each row a probability on the messages 2^Y ∖ {∅} (frames of at most 2 labels: 3 messages,
    8 tests; larger frames are left out, stated in the evidence)."""
    mechanism = case.mechanism
    if len(mechanism.frame) > 2:
        return None
    row = mechanism["x"]
    subsets = [row.subset(mask) for mask in range(1, 1 << len(mechanism.frame))]
    labels = ["{" + ",".join(sorted(map(str, e))) + "}" for e in subsets]

    def as_probability(m: MassFunction) -> MassFunction:
        return MassFunction.bayesian(labels, {label: m.m(e) for label, e in zip(labels, subsets)})

    return TradeoffCase(case.label + " on messages", mechanism,
                Mechanism({x: as_probability(mechanism[x]) for x in mechanism.inputs}))


# --- the errors of Definition 3.17 against those of Theorem 3.5 --------------------------------------------------
def errors_agree(budget: Budget, *, errors: str, reading: str | None) -> Evidence:
    """(α^pe_φ, β^pe_φ) of the Definition 3.17 reading ``errors`` equal the SLDP errors (α_φ, β_φ) of Theorem 3.5
    for every test with values in {0, 1/2, 1}, on the pairs of :func:`_grid`; β^pe is computed as the sup over
    the credal extreme points of E(1 - φ), independently of β_φ = 1 - inf E(φ) by Choquet integrals."""
    _, pairs, text = _grid(budget)

    def points() -> Iterator[TestPoint]:
        for first, second in pairs:
            problem = TestingProblem(first, second)
            seen = testing.errors_problem(problem, errors)
            vertices = (tuple(vertex_rows(seen.null)), tuple(vertex_rows(seen.alternative)))
            for values in _tests(len(problem.frame)):
                yield TestPoint(problem, values, {"m_x": first.to_json(), "m_x'": second.to_json(),
                                                  "phi": [str(v) for v in values]}, vertices)

    def check(item: TestPoint) -> bool | tuple[bool, dict]:
        phi = dict(zip(item.subject.frame, item.phi))
        sldp = testing.sldp_errors(item.subject, phi)
        pessimistic = testing.pessimistic_errors(item.subject, phi, errors=errors)
        seen = testing.errors_problem(item.subject, errors)
        _, sup_x = _vertex_extremes(seen.null, item.vertices[0], phi)
        _, sup_one_minus = _vertex_extremes(seen.alternative, item.vertices[1], {y: 1 - v for y, v in phi.items()})
        if pessimistic != (sup_x, sup_one_minus):
            raise AssertionError(f"Definition 3.17 errors disagree with the credal extreme points at {phi}")
        if pessimistic != sldp:
            return False, {"claimed": [str(v) for v in pessimistic], "exact": [str(v) for v in sldp],
                           "what": "(alpha^pe, beta^pe) claimed equal to the SLDP errors (alpha_phi, beta_phi)"}
        return True

    return exhaustive(points(), check, reading=reading, domain=text.split("; ordered pairs")[0].replace(
                          "rows of", "pairs of rows of") + "; errors exact",
                      detail={"errors": errors, "beta^pe": "sup over credal extreme points of E(1 - phi)",
                              "beta_phi": "1 - lower Choquet integral of phi"})
