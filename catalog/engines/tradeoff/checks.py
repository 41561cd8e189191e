"""Statement 2 of the testing theorems checked on one case, and the exhaustive checks of forward, converse and
equivalence statements over the grids of :mod:`catalog.engines.tradeoff.cases` (003 §3.1 Theorem 3.5,
Corollary 3.6; §3.2 Theorem 3.18, Corollary 3.19).

Every check counts the cases where its premise held (``premise_cases``): a forward statement counts the
(case, budget) points where the mechanism is ε-private, a converse the points where statement 2 holds.
Statement 2 is checked for every pair (x, x') that the privacy definition ranges over
(:func:`numeric.definitions.ldp.counted_pairs`; SLDP and the primary WLDP reading: all ordered pairs, x = x'
included), so statement 1 and statement 2 range over the same pairs.

Deterministic tests (regions) decide every bound here: the errors of a test φ are one convex combination of
the errors of its level sets (:meth:`numeric.tradeoff.TestingProblem.errors_by_levels`), each lower bound is
convex and non-increasing in α and each upper bound concave. Region points are compared in integer
arithmetic. T^pe and ``T^op: repaired`` are the envelopes of the region points, so a convex (concave)
non-increasing bound holds for them iff it holds at every region point; the other trade-off functions
(``T^op: as printed``, ``T^op: inf``) are compared exactly at every vertex and every kink of the bound. The
random searches (:mod:`catalog.engines.tradeoff.search`) also draw randomized tests and compute their errors
by Choquet integrals, checked against the level sets.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from numeric.definitions import ldp, testing
from numeric.mechanisms import Mechanism
from numeric.tradeoff import TestingProblem
from numeric.tradeoff_bounds import BOUNDS, kinks, lines
from numeric.tradeoff_pl import PiecewiseLinear
from proofs.base.budget import Budget
from proofs.base.evidence import Correction, Detail, Evidence, Outcome
from proofs.engines.methods import exhaustive
from catalog.engines.tradeoff.cases import BudgetPoint, budgets_from, candidate_budgets, cases, grid_text
from catalog.engines.tradeoff.statements import TradeoffBound, TradeoffCase, TradeoffStatement, privacy

__all__ = ["statement_problems", "problem_of", "compare", "violation", "statement_violation", "forward", "converse",
           "implication_both_ways", "with_correction"]

#: The testing problems already built, by mechanism (weak keys), then (x, x', composed).
_PROBLEMS: weakref.WeakKeyDictionary[Mechanism, dict[tuple, TestingProblem]] = weakref.WeakKeyDictionary()


def problem_of(mechanism: Mechanism, x: Hashable, x_prime: Hashable, composed: bool) -> TestingProblem:
    """The (cached) problem x against x' of ``mechanism``, squared when ``composed``."""
    known = _PROBLEMS.setdefault(mechanism, {})
    key = (x, x_prime, composed)
    if key not in known:
        problem = TestingProblem.of(mechanism, x, x_prime)
        known[key] = problem.square() if composed else problem
    return known[key]


def statement_problems(case: TradeoffCase, statement: TradeoffStatement) -> list[tuple[tuple, TestingProblem]]:
    """The testing problems statement 2 is about: every pair (x, x') of the definition ``statement.pairs``
    among the inputs of the tested mechanism, squared when composed, seen through the errors reading."""
    tested = case.statement_mechanism
    return [((x, x_prime), testing.errors_problem(problem_of(tested, x, x_prime, statement.composed), statement.errors))
            for x, x_prime in ldp.counted_pairs(tested.inputs, statement.pairs)]


def _region(region: frozenset) -> str:
    return "reject on R = {" + ", ".join(sorted(map(str, region))) + "}"


def compare(side: str, beta: Any, bound: Any) -> bool:
    return beta >= bound if side == "lower" else beta <= bound


@lru_cache(maxsize=4096)
def _pieces(name: str, r: Fraction) -> tuple[tuple[int, int, int, int], ...]:
    """The linear pieces s·α + c of the bound ``name`` at r as integers (s_num, s_den, c_num, c_den)."""
    out = []
    for slope, intercept in lines(name, r):
        slope, intercept = Fraction(slope), Fraction(intercept)
        out.append((slope.numerator, slope.denominator, intercept.numerator, intercept.denominator))
    return tuple(out)


@lru_cache(maxsize=65536)
def _scaled(name: str, r: Fraction, d_alpha: int, d_beta: int) -> tuple[tuple[int, int, int], ...]:
    """For points (A/d_α, B/d_β): each piece's comparison β vs s·α + c as B·k_β vs A·k_α + k_1 (the common
    denominator s_den·c_den·d_α·d_β multiplied out; it is positive)."""
    return tuple((s_den * d_alpha * c_den, s_num * c_den * d_beta, c_num * s_den * d_alpha * d_beta)
                 for s_num, s_den, c_num, c_den in _pieces(name, r))


def _test_violation(problem: TestingProblem, r: Fraction, bound: TradeoffBound) -> dict | None:
    """The first region whose (α, β) violates ``bound``, compared in integer arithmetic: β = B/d_β against the
    pieces s·α + c of the bound (a lower bound is their max, an upper bound their min); the failing region is
    reported with its exact errors and the bound's value."""
    points, d_alpha, d_beta = problem.integer_points(bound.errors)
    lower = bound.side == "lower"
    failing = None
    for k_beta, k_alpha, k_one in _scaled(bound.bound, r, d_alpha, d_beta):
        region = points if failing is None else points[:failing]  # the first failing region is reported
        if lower:
            first = next((mask for mask, (a, b) in enumerate(region) if b * k_beta < a * k_alpha + k_one), None)
        else:
            first = next((mask for mask, (a, b) in enumerate(region) if b * k_beta > a * k_alpha + k_one), None)
        failing = first if first is not None else failing
    if failing is None:
        return None
    a, b = points[failing]
    alpha, beta = Fraction(a, d_alpha), Fraction(b, d_beta)
    return {"test": _region(problem.region(failing)), "errors": bound.errors, "type I error": alpha,
            "type II error": beta, "bound": f"{bound.bound}(alpha)", "bound value": BOUNDS[bound.bound](alpha, r),
            "relation": "beta < bound" if lower else "beta > bound"}


def _function(problem: TestingProblem, errors: str) -> PiecewiseLinear:
    if errors == testing.T_PE.name:
        return testing.tradeoff_pe(problem)
    return testing.tradeoff_op(problem, errors)


def _tradeoff_violation(problem: TestingProblem, r: Fraction, bound: TradeoffBound) -> dict | None:
    """Both sides are piecewise linear on [0, 1]: compared at every vertex of T and every kink of the bound."""
    function = _function(problem, bound.errors)
    g = BOUNDS[bound.bound]
    for alpha in sorted(set(function.breakpoints()) | set(kinks(bound.bound, r))):
        t, value = function(alpha), g(alpha, r)
        if not compare(bound.side, t, value):
            return {"trade-off function": bound.errors, "alpha": alpha, "T(alpha)": t, "bound": bound.bound,
                    "bound value": value, "relation": "T < bound" if bound.side == "lower" else "T > bound",
                    "T vertices": [list(v) for v in function.vertices]}
    return None


#: Trade-off functions that are envelopes of the region points (exact: see numeric.tradeoff): the errors of
#: their points, and the side on which a bound must be convex (lower) or concave (upper) to be decided there.
ENVELOPES = {testing.T_PE.name: ("pe", "lower"), testing.T_OP_REPAIRED.name: ("op", "upper")}


def _envelope_violation(problem: TestingProblem, r: Fraction, bound: TradeoffBound) -> dict | None:
    """T ≥ g (T = T^pe, g convex and non-increasing) or T ≤ g (T = the repaired T^op, g concave and
    non-increasing) on [0, 1] holds iff every region point (α_R, β_R) satisfies it: T lies below (above) the
    segment between two region points and g is convex (concave), and T(α) is reached at some α' ≤ α (≥ α)
    where g(α') ≥ g(α) (≤). So the regions are compared in integer arithmetic, and a failing region gives
    T(α_R) past g(α_R)."""
    errors, side = ENVELOPES[bound.errors]
    found = _test_violation(problem, r, TradeoffBound(bound.bound, side, errors))
    if found is None:
        return None
    alpha = found["type I error"]
    function = _function(problem, bound.errors)
    return {"trade-off function": bound.errors, "alpha": alpha, "T(alpha)": function(alpha), "bound": bound.bound,
            "bound value": BOUNDS[bound.bound](alpha, r), "relation": "T < bound" if side == "lower" else "T > bound",
            "witness test": found["test"], "T vertices": [list(v) for v in function.vertices]}


@lru_cache(maxsize=4096)
def _shape_allows(bound: TradeoffBound, r: Fraction) -> bool:
    """The bound is a max (lower side) or min (upper side) of non-increasing lines."""
    return (bound.kind, bound.side) in (("max", "lower"), ("min", "upper")) and all(s <= 0 for s, _ in lines(bound.bound, r))


def violation(problem: TestingProblem, r: Fraction, bound: TradeoffBound) -> dict | None:
    """Where ``problem`` violates ``bound`` at r = e^ε (a dict saying where, exactly), or None."""
    if bound.on == "tests":
        return _test_violation(problem, r, bound)
    if bound.errors in ENVELOPES and ENVELOPES[bound.errors][1] == bound.side and _shape_allows(bound, r):
        return _envelope_violation(problem, r, bound)
    return _tradeoff_violation(problem, r, bound)


def statement_violation(case: TradeoffCase, r: Fraction, statement: TradeoffStatement) -> dict | None:
    """None if statement 2 holds at r for every pair of ``case``; else the first violation, with its pair."""
    for pair, problem in statement_problems(case, statement):
        for bound in statement.bounds:
            found = violation(problem, r, bound)
            if found is not None:
                return {"pair (x, x')": list(pair), **found}
    return None


# --- exhaustive checks ------------------------------------------------------------------------------------------
def forward(budget: Budget, *, statement: TradeoffStatement, premise: str, reading: str | None,
            items: Iterable[TradeoffCase] | None = None, domain: str | None = None, detail: dict | None = None,
            small: bool = False) -> Evidence:
    """Exhaustive check of "Q is ε-``premise`` ⇒ statement 2" at every case and every budget from the
    case's own ratio; the premise is re-read from the definitions at each point and counted."""
    notion = privacy(premise)
    chosen = list(items) if items is not None else cases(budget, composed=statement.composed, small=small)

    def points() -> Iterator[BudgetPoint]:
        for case in chosen:
            for r in budgets_from(notion.ratio(case.mechanism)):
                yield BudgetPoint(case, r)

    def check(point: BudgetPoint) -> bool | tuple[bool, dict]:
        found = statement_violation(point.case, point.r, statement)
        return True if found is None else (False, found)

    return exhaustive(
        points(), check, premise=lambda point: notion.holds(point.case.mechanism, point.r),
        reading=reading, domain=domain or grid_text(budget, composed=statement.composed, small=small)
        + f"; budgets r = e^eps in {{r0 (if > 1), r0*3/2, 3*r0}}, r0 the own {notion.reading} ratio; exact",
        detail={"premise": f"Q is eps-{notion.reading}", "statement 2": statement.text(), **(detail or {})},
    )


def converse(budget: Budget, *, statement: TradeoffStatement, conclusion: str, reading: str | None,
             transform: Callable[[TradeoffCase], TradeoffCase | None] | None = None, domain_note: str = "",
             small: bool = False, detail: dict | None = None) -> Evidence:
    """Exhaustive check of "statement 2 ⇒ Q is ε-``conclusion``" at every case and every candidate budget;
    the points where statement 2 holds are counted. ``transform`` maps a case to the one whose statement 2
    is checked (the message-space reading), or to None to leave it out."""
    notion = privacy(conclusion)

    def points() -> Iterator[BudgetPoint]:
        for case in cases(budget, small=small):
            tested = transform(case) if transform else case
            if tested is None:
                continue
            for r in candidate_budgets(case.mechanism):
                yield BudgetPoint(case, r, tested)

    def check(point: BudgetPoint) -> bool | tuple[bool, dict]:
        if notion.holds(point.case.mechanism, point.r):
            return True
        return False, {f"{notion.reading} ratio of Q": notion.ratio(point.case.mechanism),
                       "statement 2": "holds at r for every region of every pair (hence for every randomized test)",
                       "statement 1": f"fails: Q is not eps-{notion.reading} at r"}

    return exhaustive(
        points(), check, premise=lambda point: statement_violation(point.tested, point.r, statement) is None,
        reading=reading, domain=grid_text(budget, composed=statement.composed, small=small) + domain_note
        + "; budgets r in {5/4, 3/2, 2, 3} and the mechanism's own ratios (SLDP, WLDP, bel/pl); exact",
        detail={"premise (statement 2)": statement.text(), Detail.CONCLUSION: f"Q is eps-{notion.reading}", **(detail or {})},
    )


def implication_both_ways(budget: Budget, *, statement: TradeoffStatement, notion_name: str, reading: str | None) -> list[Evidence]:
    """The two implications of "statement 2 ⇔ Q is ε-``notion_name``" at every case of the small grid and
    every candidate budget, each counting the points where its premise held (statement 2 is evaluated once
    per point). Used beside a decision procedure that proves the equivalence on the whole domain."""
    notion = privacy(notion_name)
    chosen = cases(budget, small=True)
    found: dict[tuple[TradeoffCase, Fraction], dict | None] = {}

    def points() -> Iterator[BudgetPoint]:
        for case in chosen:
            for r in candidate_budgets(case.mechanism):
                yield BudgetPoint(case, r)

    def violated(point: BudgetPoint) -> dict | None:
        key = (point.case, point.r)
        if key not in found:
            found[key] = statement_violation(point.case, point.r, statement)
        return found[key]

    def notion_holds(point: BudgetPoint) -> bool:
        return notion.holds(point.case.mechanism, point.r)

    def statement_check(point: BudgetPoint) -> bool | tuple[bool, dict]:
        where = violated(point)
        return True if where is None else (False, where)

    domain = grid_text(budget, small=True) + "; budgets r in {5/4, 3/2, 2, 3} and the mechanism's own ratios; exact"
    detail = {"statement 2": statement.text(), "notion": f"eps-{notion.reading}"}
    return [
        exhaustive(points(), notion_holds, premise=lambda point: violated(point) is None, reading=reading,
                   domain=domain, detail={**detail, "direction": f"statement 2 => eps-{notion.reading}"}),
        exhaustive(points(), statement_check, premise=notion_holds, reading=reading, domain=domain,
                   detail={**detail, "direction": f"eps-{notion.reading} => statement 2"}),
    ]


# --- corrections ------------------------------------------------------------------------------------------------
def with_correction(evidence: Evidence, statement: str, *support: Evidence) -> Evidence:
    """A refuting (or vacuous) piece of evidence with the corrected ``statement`` verified by ``support`` attached
    (inside the correction the evidence is about the corrected statement itself: its primary reading). Evidence
    that supports the printed statement carries no correction."""
    if evidence.outcome is not Outcome.COUNTEREXAMPLE and not evidence.vacuous:
        return evidence
    return replace(evidence, corrected=Correction(statement, tuple(replace(e, reading=None) for e in support)))
