"""The shared shapes of the hypothesis-testing claims (003 §3.1 Theorem 3.5, Corollary 3.6; §3.2 Theorem
3.18, Corollary 3.19): exact grids of cases, statements about the errors of tests and about trade-off
functions, and the exhaustive and random checks of forward, converse and equivalence statements.

Every check counts the cases where its premise held (``premise_cases``): a forward statement counts the
(case, budget) points where the mechanism is ε-private, a converse the points where statement 2 holds.

* A *case* is a two-input mechanism (inputs "x", "x'"); statement 2 of a theorem is checked for every pair
  (x, x') that the privacy definition ranges over (:func:`numeric.definitions.ldp.counted_pairs`; SLDP and
  the primary WLDP reading: all ordered pairs, x = x' included), so statement 1 and statement 2 range over
  the same pairs.
* Budgets are r = e^ε, exact rationals. A forward statement is checked at the mechanism's own ratio (when
  > 1: the paper takes ε > 0) and at larger budgets; a converse at fixed budgets and at the mechanism's
  own ratios of every kind (where statement 2 starts or stops holding).
* Deterministic tests (regions) decide every bound here: the errors of a test φ are one convex
  combination of the errors of its level sets (:meth:`numeric.tradeoff.TestingProblem.errors_by_levels`),
  each lower bound is convex and non-increasing in α and each upper bound concave. Region points are
  compared in integer arithmetic. T^pe and ``T^op: repaired`` are the envelopes of the region points, so a
  convex (concave) non-increasing bound holds for them iff it holds at every region point; the other
  trade-off functions (``T^op: as printed``, ``T^op: inf``) are compared exactly at every vertex and every
  kink of the bound. The random searches (:mod:`proofs.engines.tradeoff_search`) also draw randomized tests
  and compute their errors by Choquet integrals, checked against the level sets.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.engines.methods import exhaustive, rational_grid
from proofs.errors import invalid

__all__ = [
    "Case", "Bound", "Statement", "Privacy", "privacy", "cases", "q2x3_points", "grid_text",
    "statement_problems", "violation", "holds", "forward", "converse", "implication_both_ways",
    "candidate_budgets", "budgets_from", "with_correction", "point_at", "problem_of", "compare",
]

#: Budgets r = e^ε every converse tries besides the mechanism's own ratios; a forward statement tries the
#: own ratio r0 (the tightest budget: every bound but the printed U^2 and f^{2,op} weakens as r grows) and
#: r0 times each factor.
FIXED_BUDGETS = (Fraction(5, 4), Fraction(3, 2), Fraction(2), Fraction(3))
FACTORS = (Fraction(3, 2), Fraction(3))
#: The paper's running example, tried first so that counterexamples are on it when it has one (Figures 1, 4).
SEED = (Fraction(3, 5), Fraction(1, 5))


# --- privacy notions, read from numeric.definitions -----------------------------------------------------------------
@dataclass(frozen=True)
class Privacy:
    """A privacy notion as the claims use it: ``ratio(Q)`` = e^{loss} (exact, or ``math.inf``) from
    :mod:`numeric.definitions` (memoized per mechanism) and ``holds(Q, r)``: ratio(Q) <= r, which is how
    :func:`numeric.definitions.ldp.is_private` reads ε-privacy; ``reading`` names the reading."""

    reading: str
    ratio: Callable[[Any], Any] = field(compare=False)
    holds: Callable[[Any, Any], bool] = field(compare=False)


def _finite(value: Any) -> Any:
    """A ratio of :mod:`numeric.definitions` as a Fraction, or ``math.inf`` (the definitions return sympy.oo)."""
    return math.inf if value == math.inf else Fraction(value)


_RATIOS: dict = {}


def _cached_ratio(kind: str, compute: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``compute`` memoized per mechanism object (the exhaustive checks ask each case at many budgets)."""

    def ratio(mechanism: Any) -> Any:
        key = (kind, id(mechanism))
        found = _RATIOS.get(key)
        if found is None or found[0] is not mechanism:
            if len(_RATIOS) > 100_000:
                _RATIOS.clear()
            found = (mechanism, compute(mechanism))
            _RATIOS[key] = found
        return found[1]

    return ratio


def _sldp() -> Privacy:
    from numeric.definitions import ldp

    ratio = _cached_ratio("SLDP", lambda Q: _finite(ldp.sldp_ratio(Q)))
    return Privacy("SLDP", ratio, lambda Q, r: ratio(Q) <= r)


def _wldp(reading: str) -> Privacy:
    from numeric.definitions import ldp

    ratio = _cached_ratio(reading, lambda Q: _finite(ldp.wldp_ratio(Q, reading)))
    return Privacy(reading, ratio, lambda Q, r: ratio(Q) <= r)


def _bel_pl(reading: str) -> Privacy:
    from numeric.definitions import testing

    ratio = _cached_ratio("bel/pl " + reading, lambda Q: testing.bel_pl_ratio(Q, reading))
    return Privacy(f"bel/pl ratio over the pairs of {reading}", ratio, lambda Q, r: ratio(Q) <= r)


@lru_cache(maxsize=None)
def privacy(name: str) -> Privacy:
    """``"SLDP"``, a WLDP reading (``"WLDP"``, ``"WLDP: distinct pairs"``) or ``"bel/pl"`` (the condition
    bel_x(E) <= e^ε pl_x'(E) of the corrected Theorem 3.18, over the pairs of the primary WLDP reading)."""
    if name == "SLDP":
        return _sldp()
    if name == "bel/pl":
        return _bel_pl("WLDP")
    if name.startswith("WLDP"):
        return _wldp(name)
    raise invalid("privacy", name, "not one of ['SLDP', 'WLDP', 'WLDP: distinct pairs', 'bel/pl']")



# --- cases --------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Case:
    """A two-input mechanism (inputs "x", "x'") with its label; ``tested`` is the mechanism whose pairs
    statement 2 is about when it differs (the appendix's mass table of Q_2x3 squared)."""

    label: str
    mechanism: Any
    tested: Any = None

    def to_json(self) -> dict:
        return {"mechanism": self.label, "m_x": self.mechanism["x"].to_json(), "m_x'": self.mechanism["x'"].to_json()}


def q2x3_points(budget: Budget) -> list[tuple[Fraction, Fraction]]:
    """(p, q) with p > 1/2 (the paper's assumption) and p + q <= 1 on exact grids of ``budget.grid``
    points, the running example (3/5, 1/5) first."""
    out = [SEED]
    for p in rational_grid(Fraction(1, 2), 1, budget.grid) + [Fraction(1)]:
        qs = [Fraction(0)] + (rational_grid(0, 1 - p, budget.grid // 2 + 1) + [1 - p] if p < 1 else [])
        out += [(p, q) for q in qs if (p, q) != SEED]
    return out


def _denominators(budget: Budget, composed: bool, small: bool = False) -> tuple[int, int | None, int | None]:
    """Mass denominators of the rows on 2 labels, on 3 labels (every row), and on 3 labels with mass on every
    singleton (finite WLDP ratios; a coarse grid of every row on 3 labels has none); None: no such rows.
    Composition squares the frame (3 labels give 9 labels and 512 regions); ``small`` is the coarser grid
    of the checks that walk every region with an extra variable, or every chain of regions."""
    three = 1 + (budget.grid >= 9) + (budget.grid >= 17)
    if small:
        return max(2, budget.grid // 2), None if composed else 1, None
    if composed:
        return max(2, budget.grid // 2), None, 4
    return budget.grid, three, 4 + (budget.grid >= 9)


@lru_cache(maxsize=16)
def _cases(grid: int, composed: bool, small: bool) -> tuple[Case, ...]:
    from numeric.grids import mass_functions
    from numeric.mechanisms import Mechanism, q2x3

    sizes = Budget("grid", 1, 1, grid, 1, 1.0)
    out = [Case(f"Q_2x3(p={p}, q={q})", q2x3(p, q)) for p, q in q2x3_points(sizes)]
    two, three, positive = _denominators(sizes, composed, small)
    for labels, denominator, singletons in ((2, two, False), (3, three, False), (3, positive, True)):
        if denominator is None:
            continue
        rows = mass_functions(labels, denominator, positive_singletons=singletons)
        label = f"rows on {labels} labels" + (" (every singleton focal)" if singletons else "")
        for i, j in itertools.combinations_with_replacement(range(len(rows)), 2):
            out.append(Case(label, Mechanism({"x": rows[i], "x'": rows[j]})))
    return tuple(out)


def cases(budget: Budget, *, composed: bool = False, small: bool = False) -> tuple[Case, ...]:
    """Q_2x3 on the grid of :func:`q2x3_points`, and every unordered pair of mass functions on 2 and on 3
    labels with masses on the grids of :func:`_denominators` (:func:`numeric.grids.mass_functions`; x against
    x' and x' against x are both pairs of the definition, so unordered pairs cover both orders). Cached."""
    return _cases(budget.grid, composed, small)


def grid_text(budget: Budget, *, composed: bool = False, small: bool = False) -> str:
    """The cases of :func:`cases` in words, for the evidence's domain."""
    two, three, positive = _denominators(budget, composed, small)
    parts = [f"every unordered pair of mass functions on 2 labels with masses in (1/{two})Z"]
    if three:
        parts.append(f"on 3 labels with masses in (1/{three})Z")
    if positive:
        parts.append(f"on 3 labels with masses in (1/{positive})Z and every singleton focal")
    return (f"Q_2x3(p, q) on exact grids (p in {budget.grid} points of (1/2, 1) and p = 1, q in [0, 1-p]); "
            + ", ".join(parts) + "; every ordered pair (x, x') the definition ranges over (x = x' included); every "
            f"rejection region of {'the product frame Y x Y' if composed else 'Y'}")


def candidate_budgets(mechanism: Any) -> list[Fraction]:
    """The fixed budgets and the mechanism's own ratios (SLDP, WLDP, bel/pl; finite, > 1)."""
    own = {privacy(name).ratio(mechanism) for name in ("SLDP", "WLDP", "WLDP: distinct pairs", "bel/pl")}
    return sorted({Fraction(v) for v in own if v != math.inf and v > 1} | set(FIXED_BUDGETS))


def budgets_from(r0: Any, factors: Iterable[Fraction] = FACTORS) -> list[Fraction]:
    """r0 itself when r0 > 1 (ε > 0), and r0 times each of ``factors``; empty for r0 = ∞."""
    if r0 == math.inf:
        return []
    r0 = Fraction(r0)
    return sorted({r0 * k for k in factors} | ({r0} if r0 > 1 else set()))


# --- statements -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bound:
    """One inequality: the type II error ``side`` (``"lower"``: β >= g(α); ``"upper"``: β <= g(α)) the bound
    ``bound`` (a name of :data:`numeric.tradeoff_bounds.BOUNDS`).

    ``errors`` says which errors: for ``on="tests"`` a key of :data:`numeric.tradeoff.ERROR_PAIRS` (every
    region's (α, β)); for ``on="tradeoff"`` ``"T^pe"`` or a T^op reading of
    :data:`numeric.definitions.testing.T_OP_READINGS` (the exact trade-off function, on all of [0, 1])."""

    bound: str
    side: str
    errors: str
    on: str = "tests"

    def __post_init__(self) -> None:
        if self.side not in ("lower", "upper"):
            raise invalid("side", self.side, "not one of ['lower', 'upper']")
        if self.on not in ("tests", "tradeoff"):
            raise invalid("on", self.on, "not one of ['tests', 'tradeoff']")

    def text(self) -> str:
        return f"{'beta >=' if self.side == 'lower' else 'beta <='} {self.bound}(alpha), errors {self.errors}"


@dataclass(frozen=True)
class Statement:
    """Statement 2 of a theorem: ``bounds`` for every pair (x, x') that the definition ``pairs`` (a reading
    of :mod:`numeric.definitions.ldp`) ranges over, on the tests of one use of the mechanism or of its
    two-fold composition (``composed``), with the Definition 3.17 errors of the reading ``errors`` (003, or
    000's)."""

    bounds: tuple[Bound, ...]
    pairs: str
    composed: bool = False
    errors: str = "Definition 3.17 errors"

    def __post_init__(self) -> None:
        if self.pairs not in ("SLDP", "WLDP", "WLDP: distinct pairs"):
            raise invalid("pairs", self.pairs, "the pairs of a definition: 'SLDP', 'WLDP' or 'WLDP: distinct pairs'")

    def text(self) -> list[str]:
        return [b.text() for b in self.bounds]


def statement_problems(case: Case, statement: Statement) -> list:
    """The testing problems statement 2 is about: every pair (x, x') of the definition ``statement.pairs``
    among the inputs of the tested mechanism, squared when composed, seen through the errors reading."""
    from numeric.definitions import ldp, testing

    tested = case.tested or case.mechanism
    out = []
    for x, x_prime in ldp.counted_pairs(tested.inputs, statement.pairs):
        problem = problem_of(tested, x, x_prime, statement.composed)
        out.append(((x, x_prime), testing.errors_problem(problem, statement.errors)))
    return out


_PROBLEMS: dict = {}


def problem_of(mechanism: Any, x: Any, x_prime: Any, composed: bool) -> Any:
    """The (cached) problem x against x' of ``mechanism``, squared when ``composed``."""
    from numeric.tradeoff import TestingProblem

    key = (id(mechanism), x, x_prime, composed)
    found = _PROBLEMS.get(key)
    if found is None or found[0] is not mechanism:
        problem = TestingProblem.of(mechanism, x, x_prime)
        found = (mechanism, problem.square() if composed else problem)
        if len(_PROBLEMS) > 50_000:
            _PROBLEMS.clear()
        _PROBLEMS[key] = found
    return found[1]


def _region(region: frozenset) -> str:
    return "reject on R = {" + ", ".join(sorted(map(str, region))) + "}"


def compare(side: str, beta: Any, bound: Any) -> bool:
    return beta >= bound if side == "lower" else beta <= bound


@lru_cache(maxsize=4096)
def _pieces(name: str, r: Fraction) -> tuple[tuple[int, int, int, int], ...]:
    """The linear pieces s·α + c of the bound ``name`` at r as integers (s_num, s_den, c_num, c_den)."""
    from numeric.tradeoff_bounds import lines

    out = []
    for slope, intercept in lines(name, r):
        slope, intercept = Fraction(slope), Fraction(intercept)
        out.append((slope.numerator, slope.denominator, intercept.numerator, intercept.denominator))
    return tuple(out)


def _test_violation(problem: Any, r: Fraction, bound: Bound) -> dict | None:
    """The first region whose (α, β) violates ``bound``, compared in integer arithmetic: β = B/d_β against the
    pieces s·α + c of the bound (a lower bound is their max, an upper bound their min); the failing region is
    reported with its exact errors and the bound's value."""
    from numeric.tradeoff_bounds import BOUNDS

    points, d_alpha, d_beta = problem.integer_points(bound.errors)
    lower = bound.side == "lower"
    for mask, (a, b) in enumerate(points):
        for s_num, s_den, c_num, c_den in _pieces(bound.bound, r):
            left = b * s_den * d_alpha * c_den
            right = (s_num * a * c_den + c_num * s_den * d_alpha) * d_beta
            if (left < right) if lower else (left > right):
                region = problem.region(mask)
                alpha, beta = Fraction(a, d_alpha), Fraction(b, d_beta)
                value = BOUNDS[bound.bound](alpha, r)
                return {"test": _region(region), "errors": bound.errors, "type I error": alpha, "type II error": beta,
                        "bound": f"{bound.bound}(alpha)", "bound value": value,
                        "relation": "beta < bound" if lower else "beta > bound"}
    return None


def _function(problem: Any, errors: str) -> Any:
    from numeric.definitions import testing

    if errors == "T^pe":
        return testing.tradeoff_pe(problem)
    return testing.tradeoff_op(problem, errors)


def _tradeoff_violation(problem: Any, r: Fraction, bound: Bound) -> dict | None:
    """Both sides are piecewise linear on [0, 1]: compared at every vertex of T and every kink of the bound."""
    from numeric.tradeoff_bounds import BOUNDS, kinks

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
_ENVELOPES = {"T^pe": ("pe", "lower"), "T^op: repaired": ("op", "upper")}


def _envelope_violation(problem: Any, r: Fraction, bound: Bound) -> dict | None:
    """T ≥ g (T = T^pe, g convex and non-increasing) or T ≤ g (T = T^op: repaired, g concave and non-increasing) on
    [0, 1] holds iff every region point (α_R, β_R) satisfies it: T lies below (above) the segment between
    two region points and g is convex (concave), and T(α) is reached at some α' ≤ α (≥ α) where g(α') ≥ g(α)
    (≤). So the regions are compared in integer arithmetic, and a failing region gives T(α_R) past g(α_R)."""
    from numeric.tradeoff_bounds import BOUNDS

    errors, side = _ENVELOPES[bound.errors]
    found = _test_violation(problem, r, Bound(bound.bound, side, errors))
    if found is None:
        return None
    alpha = found["type I error"]
    function = _function(problem, bound.errors)
    return {"trade-off function": bound.errors, "alpha": alpha, "T(alpha)": function(alpha), "bound": bound.bound,
            "bound value": BOUNDS[bound.bound](alpha, r), "relation": "T < bound" if side == "lower" else "T > bound",
            "witness test": found["test"], "T vertices": [list(v) for v in function.vertices]}


@lru_cache(maxsize=4096)
def _shape_allows(bound: Bound, r: Fraction) -> bool:
    """The bound is a max (lower side) or min (upper side) of non-increasing lines."""
    from numeric.tradeoff_bounds import FORMULAS, lines

    kind = FORMULAS[bound.bound][0]
    return (kind, bound.side) in (("max", "lower"), ("min", "upper")) and all(s <= 0 for s, _ in lines(bound.bound, r))


def violation(problem: Any, r: Fraction, bound: Bound) -> dict | None:
    """Where ``problem`` violates ``bound`` at r = e^ε (a dict saying where, exactly), or None."""
    if bound.on == "tests":
        return _test_violation(problem, r, bound)
    if bound.errors in _ENVELOPES and _ENVELOPES[bound.errors][1] == bound.side and _shape_allows(bound, r):
        return _envelope_violation(problem, r, bound)
    return _tradeoff_violation(problem, r, bound)


def holds(case: Case, r: Fraction, statement: Statement) -> dict | None:
    """None if statement 2 holds at r for every pair of ``case``; else the first violation, with its pair."""
    for pair, problem in statement_problems(case, statement):
        for bound in statement.bounds:
            found = violation(problem, r, bound)
            if found is not None:
                return {"pair (x, x')": list(pair), **found}
    return None


# --- exhaustive checks ------------------------------------------------------------------------------------------
class _Point(dict):
    """A (case, budget) point as reported, carrying the case (and the case whose statement 2 is tested)."""

    case: Case
    tested: Case


def point_at(case: Case, r: Fraction) -> _Point:
    point = _Point(case.to_json(), **{"r = e^eps": r})
    point.case = case
    return point


def forward(budget: Budget, *, statement: Statement, premise: str, reading: str | None,
            items: Iterable[Case] | None = None, domain: str | None = None, detail: dict | None = None,
            small: bool = False) -> Evidence:
    """Exhaustive check of "Q is ε-``premise`` ⇒ statement 2" at every case and every budget from the
    case's own ratio; the premise is re-read from the definitions at each point and counted."""
    notion = privacy(premise)
    chosen = list(items) if items is not None else cases(budget, composed=statement.composed, small=small)

    def points() -> Iterator[_Point]:
        for case in chosen:
            for r in budgets_from(notion.ratio(case.mechanism)):
                yield point_at(case, r)

    def check(point: _Point):
        found = holds(point.case, point["r = e^eps"], statement)
        return True if found is None else (False, found)

    return exhaustive(
        points(), check, premise=lambda point: notion.holds(point.case.mechanism, point["r = e^eps"]),
        reading=reading, domain=domain or grid_text(budget, composed=statement.composed, small=small)
        + f"; budgets r = e^eps in {{r0 (if > 1), r0*3/2, 3*r0}}, r0 the own {notion.reading} ratio; exact",
        detail={"premise": f"Q is eps-{notion.reading}", "statement 2": statement.text(), **(detail or {})},
    )


def converse(budget: Budget, *, statement: Statement, conclusion: str, reading: str | None,
             transform: Callable[[Case], Case | None] | None = None, domain_note: str = "",
             small: bool = False, detail: dict | None = None) -> Evidence:
    """Exhaustive check of "statement 2 ⇒ Q is ε-``conclusion``" at every case and every candidate budget;
    the points where statement 2 holds are counted. ``transform`` maps a case to the one whose statement 2
    is checked (the message-space reading), or to None to leave it out."""
    notion = privacy(conclusion)
    chosen = cases(budget, small=small)

    def points() -> Iterator[_Point]:
        for case in chosen:
            tested = transform(case) if transform else case
            if tested is None:
                continue
            for r in candidate_budgets(case.mechanism):
                point = point_at(case, r)
                point.tested = tested
                yield point

    def check(point: _Point):
        if notion.holds(point.case.mechanism, point["r = e^eps"]):
            return True
        return False, {f"{notion.reading} ratio of Q": notion.ratio(point.case.mechanism),
                       "statement 2": "holds at r for every region of every pair (hence for every randomized test)",
                       "statement 1": f"fails: Q is not eps-{notion.reading} at r"}

    return exhaustive(
        points(), check, premise=lambda point: holds(point.tested, point["r = e^eps"], statement) is None,
        reading=reading, domain=grid_text(budget, composed=statement.composed, small=small) + domain_note
        + "; budgets r in {5/4, 3/2, 2, 3} and the mechanism's own ratios (SLDP, WLDP, bel/pl); exact",
        detail={"premise (statement 2)": statement.text(), "conclusion": f"Q is eps-{notion.reading}", **(detail or {})},
    )


def implication_both_ways(budget: Budget, *, statement: Statement, notion_name: str, reading: str | None) -> list[Evidence]:
    """The two implications of "statement 2 ⇔ Q is ε-``notion_name``" at every case of the small grid and
    every candidate budget, each counting the points where its premise held (statement 2 is evaluated once
    per point). Used beside a decision procedure that proves the equivalence on the whole domain."""
    notion = privacy(notion_name)
    chosen = cases(budget, small=True)
    found: dict[tuple[int, Fraction], dict | None] = {}

    def points() -> Iterator[_Point]:
        for case in chosen:
            for r in candidate_budgets(case.mechanism):
                yield point_at(case, r)

    def violated(point: _Point) -> dict | None:
        key = (id(point.case), point["r = e^eps"])
        if key not in found:
            found[key] = holds(point.case, point["r = e^eps"], statement)
        return found[key]

    def notion_holds(point: _Point) -> bool:
        return notion.holds(point.case.mechanism, point["r = e^eps"])

    def statement_check(point: _Point):
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
    from dataclasses import replace

    from proofs.base.evidence import Correction, Outcome

    if evidence.outcome is not Outcome.COUNTEREXAMPLE and not evidence.vacuous:
        return evidence
    return replace(evidence, corrected=Correction(statement, tuple(replace(e, reading=None) for e in support)))
