"""The finite domains of the hypothesis-testing checks (003 §3.1-3.2): exact grids of two-input mechanisms,
the budgets r = e^ε tried at each, and the points (case, budget) a check reports.

* A *case* is a two-input mechanism (inputs "x", "x'"): Q_2x3(p, q) on an exact grid (the running example
  (3/5, 1/5) first, so that counterexamples are on it when it has one: Figures 1 and 4), and every unordered
  pair of mass functions on 2 and 3 labels with masses on exact grids (x against x' and x' against x are both
  pairs of the definitions, so unordered pairs cover both orders).
* Budgets are r = e^ε, exact rationals. A forward statement is checked at the mechanism's own ratio r0 (the
  tightest budget, when > 1: the paper takes ε > 0; every bound but the printed U^2 and f^{2,op} weakens as r
  grows) and at r0 times each of :data:`FACTORS`; a converse at :data:`FIXED_BUDGETS` and at the mechanism's
  own ratios of every kind (where statement 2 starts or stops holding).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from numeric.grids import mass_functions
from numeric.mechanisms import Mechanism, evidential_q2x3
from proofs.base.budget import Budget
from proofs.engines.methods import rational_grid
from catalog.engines.tradeoff.statements import TradeoffCase, Shown, privacy

__all__ = ["FIXED_BUDGETS", "FACTORS", "SEED", "q2x3_points", "cases", "grid_text", "candidate_budgets",
           "budgets_from", "BudgetPoint"]

#: Budgets r = e^ε every converse tries besides the mechanism's own ratios.
FIXED_BUDGETS = (Fraction(5, 4), Fraction(3, 2), Fraction(2), Fraction(3))
#: A forward statement tries the own ratio r0 and r0 times each factor.
FACTORS = (Fraction(3, 2), Fraction(3))
#: The paper's running example, tried first.
SEED = (Fraction(3, 5), Fraction(1, 5))


def q2x3_points(budget: Budget) -> list[tuple[Fraction, Fraction]]:
    """(p, q) with p > 1/2 (the paper's assumption) and p + q <= 1 on exact grids of ``budget.grid``
    points, the running example (3/5, 1/5) first."""
    out = [SEED]
    for p in rational_grid(Fraction(1, 2), 1, budget.grid) + [Fraction(1)]:
        qs = [Fraction(0)] + (rational_grid(0, 1 - p, budget.grid // 2 + 1) + [1 - p] if p < 1 else [])
        out += [(p, q) for q in qs if (p, q) != SEED]
    return out


def _denominators(grid: int, composed: bool, small: bool) -> tuple[int, int | None, int | None]:
    """Mass denominators of the rows on 2 labels, on 3 labels (every row), and on 3 labels with mass on every
    singleton (finite WLDP ratios; a coarse grid of every row on 3 labels has none); None: no such rows.
    Composition squares the frame (3 labels give 9 labels and 512 regions); ``small`` is the coarser grid
    of the checks that walk every region with an extra variable, or every chain of regions."""
    three = 1 + (grid >= 9) + (grid >= 17)
    if small:
        return max(2, grid // 2), None if composed else 1, None
    if composed:
        return max(2, grid // 2), None, 4
    return grid, three, 4 + (grid >= 9)


@lru_cache(maxsize=16)
def _cases(grid: int, composed: bool, small: bool) -> tuple[TradeoffCase, ...]:
    sizes = Budget("grid", 1, 1, grid, 1, 1.0)
    out = [TradeoffCase(f"Q_2x3(p={p}, q={q})", evidential_q2x3(p, q)) for p, q in q2x3_points(sizes)]
    two, three, positive = _denominators(grid, composed, small)
    for labels, denominator, singletons in ((2, two, False), (3, three, False), (3, positive, True)):
        if denominator is None:
            continue
        rows = mass_functions(labels, denominator, positive_singletons=singletons)
        label = f"rows on {labels} labels" + (" (every singleton focal)" if singletons else "")
        for i, j in itertools.combinations_with_replacement(range(len(rows)), 2):
            out.append(TradeoffCase(label, Mechanism({"x": rows[i], "x'": rows[j]})))
    return tuple(out)


def cases(budget: Budget, *, composed: bool = False, small: bool = False) -> tuple[TradeoffCase, ...]:
    """Q_2x3 on the grid of :func:`q2x3_points`, and every unordered pair of mass functions on 2 and on 3
    labels with masses on the grids of :func:`_denominators` (:func:`numeric.grids.mass_functions`). Cached."""
    return _cases(budget.grid, composed, small)


def grid_text(budget: Budget, *, composed: bool = False, small: bool = False) -> str:
    """The cases of :func:`cases` in words, for the evidence's domain."""
    two, three, positive = _denominators(budget.grid, composed, small)
    parts = [f"every unordered pair of mass functions on 2 labels with masses in (1/{two})Z"]
    if three:
        parts.append(f"on 3 labels with masses in (1/{three})Z")
    if positive:
        parts.append(f"on 3 labels with masses in (1/{positive})Z and every singleton focal")
    return (f"Q_2x3(p, q) on exact grids (p in {budget.grid} points of (1/2, 1) and p = 1, q in [0, 1-p]); "
            + ", ".join(parts) + "; every ordered pair (x, x') the definition ranges over (x = x' included); every "
            f"rejection region of {'the product frame Y x Y' if composed else 'Y'}")


def candidate_budgets(mechanism: Mechanism) -> list[Fraction]:
    """The fixed budgets and the mechanism's own ratios (SLDP, WLDP, bel/pl; finite, > 1)."""
    own = {privacy(name).ratio(mechanism) for name in ("SLDP", "WLDP", "WLDP: distinct pairs", "bel/pl")}
    return sorted({Fraction(v) for v in own if v != math.inf and v > 1} | set(FIXED_BUDGETS))


def budgets_from(r0: Fraction | float, factors: Iterable[Fraction] = FACTORS) -> list[Fraction]:
    """r0 itself when r0 > 1 (ε > 0), and r0 times each of ``factors``; empty for r0 = ∞."""
    if r0 == math.inf:
        return []
    r0 = Fraction(r0)
    return sorted({r0 * k for k in factors} | ({r0} if r0 > 1 else set()))


@dataclass(frozen=True, eq=False)
class BudgetPoint(Shown):
    """A point (case, r = e^ε) of a check, read as the mapping a report shows (the case, the budget and
    ``extra`` values: a pair, a region, its coarsened values); ``tested`` is the case whose statement 2 is
    checked when it differs (a converse's message-space reading)."""

    case: TradeoffCase
    r: Fraction
    tested: TradeoffCase | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def shown(self) -> dict[str, Any]:
        return {**self.case.to_json(), "r = e^eps": self.r, **self.extra}
