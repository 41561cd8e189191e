"""The exact grids of the survey claims (003 §3.1-3.2 and the appendix), from a budget's sizes.

Every grid is decided by ``n_max``, ``grid`` or ``replicates`` (never by the budget's name), so a custom
budget is honoured. The paper's standing assumptions: p > 1/2 (so q < p), q >= 0, p + q <= 1, π in [0, 1].
"""

from __future__ import annotations

from fractions import Fraction

from proofs.base.budget import Budget
from proofs.engines.moments import DEFAULT_POINTS
from catalog.derivations.moments import exact_A

__all__ = ["sample_sizes", "survey_points", "warner_points", "pq_grid", "pis", "identity_sizes", "identity_points",
           "replicates",
           "PAPER", "BROAD_GRID"]

#: the survey's assumptions (003 §3.1: p, q in [0, 1], "we may assume p > 1/2")
PAPER = r"$p, q \in [0, 1]$, $p + q \le 1$, $p > 1/2$ (so $q < p$), $\pi \in [0, 1]$"
#: from this ``grid`` size on, the broad grids are used (every default point, more Warner levels)
BROAD_GRID = 9
#: the most replicates one simulated point uses (a simulation only ever supports)
_MOST_REPLICATES = 200_000


def sample_sizes(budget: Budget) -> list[int]:
    """Sample sizes of the exhaustive enumerations: the small ones (where the 'don't know' effects are
    largest) and the budget's largest, ``n_max``."""
    return sorted({m for m in (1, 2, 3, 5, 10) if m <= budget.n_max} | {budget.n_max})


def survey_points(budget: Budget) -> list[dict[str, Fraction]]:
    """(p, q, π) of the moment engine's default grid (q3 from 0 to 0.499, π in {0, 3/10, 1/2, 1}); every
    other one below :data:`BROAD_GRID`."""
    return list(DEFAULT_POINTS[:: 1 if budget.grid >= BROAD_GRID else 2])


def warner_points(budget: Budget) -> list[dict[str, Fraction]]:
    """Warner's survey (q = 1 - p) at truth probabilities p (below 1/2 too from :data:`BROAD_GRID` on)."""
    ps = [Fraction(3, 5), Fraction(2, 3), Fraction(3, 4), Fraction(9, 10), Fraction(1)]
    if budget.grid >= BROAD_GRID:
        ps += [Fraction(1, 4), Fraction(2, 5)]
    truths = (Fraction(0), Fraction(3, 10), Fraction(1, 2), Fraction(1))
    return [{"p": x, "q": 1 - x, "pi": y} for x in ps for y in truths]


def pq_grid(budget: Budget) -> list[tuple[Fraction, Fraction]]:
    """Rational (p, q) with p in (1/2, 1] and q from 0 to 1 - p: ``grid // 3`` levels of each."""
    k = max(2, budget.grid // 3)
    ps = [Fraction(1, 2) + Fraction(1, 2) * i / (k + 1) for i in range(1, k + 1)] + [Fraction(1)]
    return [(x, (1 - x) * j / k) for x in ps for j in range(k + 1)]


def pis(budget: Budget) -> list[Fraction]:
    """π at 0, 1 and ``grid // 3`` interior levels."""
    k = max(1, budget.grid // 3)
    return [Fraction(0), Fraction(1)] + [Fraction(i, k + 1) for i in range(1, k + 1)]


def identity_sizes(budget: Budget) -> range:
    """n = 1, ..., min(n_max, 2 grid): the sample sizes of the exact per-n identities."""
    return range(1, min(budget.n_max, 2 * budget.grid) + 1)


def replicates(budget: Budget) -> int:
    """Replicates per simulated point: the budget's, at most 200 000."""
    return min(budget.replicates, _MOST_REPLICATES)


def identity_points(sizes: tuple[int, ...] = (1, 2, 3, 5)) -> list[dict[str, Fraction]]:
    """Exact points (n, p, q, π, A) at which :func:`proofs.engines.methods.identity` may separate two sides
    holding A (003 Theorem 3.10) as a symbol: A is filled in exactly. (p, q) = (2/3, 1/6) comes first."""
    levels = ((Fraction(2, 3), Fraction(1, 6)), (Fraction(3, 4), Fraction(0)), (Fraction(3, 4), Fraction(1, 4)),
              (Fraction(9, 10), Fraction(1, 20)))
    return [{"n": size, "p": x, "q": y, "pi": z, "A": exact_A(size, 1 - x - y)}
            for size in sizes for (x, y) in levels for z in (Fraction(0), Fraction(1, 3), Fraction(1))]
