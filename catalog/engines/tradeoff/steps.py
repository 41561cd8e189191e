"""Exhaustive checks of proof steps (003 appendix, proofs of Theorems 3.5, 3.18 and Corollary 3.6): a step
about one pair and one region, or about Q_2x3(p, q), evaluated exactly at every point of a grid, its premise
("Q is ε-private" and the step's own assumption) counted.

The values of a region are those of the coarsening of :mod:`numeric.definitions.testing` (a1 = bel_x(R),
b1 = bel_x(R^c), a2 = bel_x'(R), b2 = bel_x'(R^c)), computed from the mechanism's own bel and pl, so these
checks are independent of the decision procedures of :mod:`catalog.engines.tradeoff.regions` that use the
same variables symbolically.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction

from numeric.definitions import ldp
from numeric.mechanisms import evidential_q2x3
from numeric.tradeoff import TestingProblem
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.engines.methods import exhaustive
from catalog.engines.tradeoff.cases import BudgetPoint, budgets_from, cases, grid_text, q2x3_points
from catalog.engines.tradeoff.checks import problem_of
from catalog.engines.tradeoff.statements import TradeoffCase, Privacy, privacy

__all__ = ["coarsened", "region_enumeration", "q2x3_enumeration", "STEP_FACTORS"]

#: Budgets of a step about one region: the own ratio r0 and 2 r0 (the steps are inequalities linear in the
#: region's values; the extra variable's grid carries the rest).
STEP_FACTORS = (Fraction(2),)


def coarsened(problem: TestingProblem, region: frozenset) -> dict[str, Fraction]:
    """a1 = bel_x(R), b1 = bel_x(R^c), a2 = bel_x'(R), b2 = bel_x'(R^c) of one region, exactly (the variables
    of :mod:`numeric.definitions.testing`), with the four errors of the region."""
    e = problem.errors(region)
    return {"a1": e.alpha_lower, "b1": 1 - e.alpha_upper, "a2": 1 - e.beta_upper, "b2": e.beta_lower}


def _step(points: Iterable[BudgetPoint], keys: tuple[str, ...], *, notion: Privacy,
          assumption: Callable[[dict], bool], conclusions: dict[str, Callable[[dict], bool]], domain: str,
          reading: str | None, detail: dict | None) -> Evidence:
    """The exhaustive check shared by the proof steps: premise = "ε-private at r" and the step's assumption."""

    def variables(point: BudgetPoint) -> dict:
        return {k: point.extra[k] for k in keys} | {"r": point.r}

    def check(point: BudgetPoint) -> bool | tuple[bool, dict]:
        failed = [name for name, test in conclusions.items() if not test(variables(point))]
        return (False, {"fails": failed}) if failed else True

    return exhaustive(
        points, check, reading=reading, domain=domain,
        premise=lambda point: notion.holds(point.case.mechanism, point.r) and assumption(variables(point)),
        detail={"premise": f"eps-{notion.reading} and the step's assumption", "conclusions": list(conclusions),
                **(detail or {})},
    )


def _extra_text(extra: dict[str, list[Fraction]]) -> str:
    return "; ".join(f"{n} in {{{', '.join(map(str, values))}}}" for n, values in extra.items())


def region_enumeration(budget: Budget, *, premise: str, assumption: Callable[[dict], bool],
                       conclusions: dict[str, Callable[[dict], bool]], extra: dict[str, list[Fraction]],
                       reading: str | None = None, detail: dict | None = None) -> Evidence:
    """Exhaustive check of a proof step about one pair and one region: at every case, every budget from the
    case's own ``premise`` ratio, every pair of the definition, every region and every value of the ``extra``
    variables; the premise is "Q is ε-``premise``" and the step's ``assumption`` (on the coarsened values
    a1, b1, a2, b2, the extra values and r), every conclusion is evaluated exactly."""
    notion = privacy(premise)

    def points() -> Iterator[BudgetPoint]:
        for case in cases(budget, small=True):
            for r in budgets_from(notion.ratio(case.mechanism), STEP_FACTORS):
                for x, x_prime in ldp.counted_pairs(case.mechanism.inputs, premise):
                    problem = problem_of(case.mechanism, x, x_prime, False)
                    for region, _ in problem.deterministic:
                        values = coarsened(problem, region)
                        for combination in itertools.product(*extra.values()):
                            yield BudgetPoint(case, r, extra={"pair (x, x')": [x, x_prime],
                                                              "region R": sorted(map(str, region)),
                                                              **values, **dict(zip(extra, combination))})

    return _step(points(), ("a1", "b1", "a2", "b2", *extra), notion=notion, assumption=assumption,
                 conclusions=conclusions, reading=reading, detail=detail,
                 domain=grid_text(budget, small=True) + f"; budgets r0 (if > 1) and 2*r0, r0 the own {notion.reading} ratio; "
                 + _extra_text(extra) + "; exact")


def q2x3_enumeration(budget: Budget, *, premise: str, assumption: Callable[[dict], bool],
                     conclusions: dict[str, Callable[[dict], bool]], extra: dict[str, list[Fraction]],
                     reading: str | None = None, detail: dict | None = None) -> Evidence:
    """Exhaustive check of a proof step about Q_2x3(p, q): at every (p, q) of :func:`q2x3_points` with q > 0,
    every budget from its own ``premise`` ratio and every value of the ``extra`` variables; the premise is
    "Q_2x3 is ε-``premise``" and the step's ``assumption``, every conclusion is evaluated exactly."""
    notion = privacy(premise)

    def points() -> Iterator[BudgetPoint]:
        for p, q in q2x3_points(budget):
            if q == 0:
                continue
            case = TradeoffCase(f"Q_2x3(p={p}, q={q})", evidential_q2x3(p, q))
            for r in budgets_from(notion.ratio(case.mechanism)):
                for combination in itertools.product(*extra.values()):
                    yield BudgetPoint(case, r, extra={"p": p, "q": q, **dict(zip(extra, combination))})

    return _step(points(), ("p", "q", *extra), notion=notion, assumption=assumption, conclusions=conclusions,
                 reading=reading, detail=detail,
                 domain=f"Q_2x3(p, q): p in {budget.grid} points of (1/2, 1) and p = 1, q in (0, 1-p] on exact grids; "
                 f"budgets from the own {notion.reading} ratio (x {{1, 3/2, 3}}); " + _extra_text(extra) + "; exact")
