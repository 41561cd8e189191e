"""Exact finite grids of mass functions, mechanisms and maps: the domains of exhaustive checks.

* :func:`compositions`: every way to write ``total`` as an ordered sum of ``parts`` non-negative integers;
* :func:`mass_functions`: every normal mass function on a frame of ``frame_size`` labels whose masses are
  multiples of 1/d (k/d on each of the 2^n - 1 non-empty subsets);
* :func:`mechanisms`: every mechanism with ``inputs`` rows drawn from that grid (ordered, repetitions
  allowed: equal rows are mechanisms too);
* :func:`maps`: every deterministic map from one finite set to another.

The grids are exact (integer numerators over d) and built once per size (cached); their order is fixed
(lexicographic in the compositions), so a check that walks a grid is deterministic. Sizes grow fast:
C(d + 2^n - 2, 2^n - 2) mass functions, so 2 labels suit fine denominators and 3 labels coarse ones.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache

from core.errors import invalid
from numeric.belief import MassFunction
from numeric.mechanisms import Mechanism

__all__ = ["LABELS", "compositions", "mass_functions", "mechanisms", "maps", "count_mass_functions"]

#: Output labels of the grids (a frame of n labels is the first n).
LABELS = ("a", "b", "c", "d", "e", "f")


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``parts`` non-negative integers summing to ``total`` (stars and bars), in
    lexicographic order of the bar positions."""
    if not isinstance(parts, int) or parts < 1:
        raise invalid("parts", parts, "must be a positive integer")
    if not isinstance(total, int) or total < 0:
        raise invalid("total", total, "must be a non-negative integer")
    for cut in itertools.combinations(range(total + parts - 1), parts - 1):
        bounds = (-1,) + cut + (total + parts - 1,)
        yield tuple(bounds[i + 1] - bounds[i] - 1 for i in range(parts))


def count_mass_functions(frame_size: int, d: int) -> int:
    """How many mass functions :func:`mass_functions` returns (before the ``positive_singletons`` filter)."""
    from math import comb

    return comb(d + (1 << frame_size) - 2, (1 << frame_size) - 2)


def _check_size(frame_size: int, d: int) -> None:
    if not isinstance(frame_size, int) or not 1 <= frame_size <= len(LABELS):
        raise invalid("frame_size", frame_size, f"must be an integer in 1..{len(LABELS)}")
    if not isinstance(d, int) or d < 1:
        raise invalid("d", d, "must be a positive integer (masses are multiples of 1/d)")
    if count_mass_functions(frame_size, d) > 200_000:
        raise invalid("d", d, f"the grid on {frame_size} labels would hold {count_mass_functions(frame_size, d)} "
                      "mass functions (more than 200000)", "use a smaller denominator")


@lru_cache(maxsize=None)
def mass_functions(frame_size: int, d: int, *, positive_singletons: bool = False,
                   all_focal: bool = False) -> tuple[MassFunction, ...]:
    """Every mass function on the frame ``LABELS[:frame_size]`` with masses in {0, 1/d, ..., 1} on the
    2^n - 1 non-empty subsets; with ``positive_singletons`` only those with positive mass on every
    singleton (then every pl/bel ratio between two of them is finite); with ``all_focal`` only those with
    positive mass on every non-empty subset (the paper's "all subsets are focal"; needs d >= 2^n - 1)."""
    _check_size(frame_size, d)
    frame = LABELS[:frame_size]
    singletons = [(1 << i) - 1 for i in range(frame_size)]  # index of {label i} among the non-empty subsets
    out = []
    for weights in compositions(d, (1 << frame_size) - 1):
        if positive_singletons and any(weights[i] == 0 for i in singletons):
            continue
        if all_focal and not all(weights):
            continue
        out.append(MassFunction.from_integers(frame, (0,) + weights, d))
    return tuple(out)


def mechanisms(frame_size: int, d: int, *, inputs: int = 2, positive_singletons: bool = False,
               all_focal: bool = False, step: int = 1) -> list[Mechanism]:
    """Every mechanism with inputs 0..``inputs``-1 whose rows are in :func:`mass_functions` (ordered
    tuples, equal rows allowed); ``step`` keeps every ``step``-th row of the grid (a coarser sample, stated
    by the caller)."""
    if not isinstance(inputs, int) or inputs < 1:
        raise invalid("inputs", inputs, "must be a positive integer")
    if not isinstance(step, int) or step < 1:
        raise invalid("step", step, "must be a positive integer")
    rows = mass_functions(frame_size, d, positive_singletons=positive_singletons, all_focal=all_focal)[::step]
    return [Mechanism(dict(enumerate(choice))) for choice in itertools.product(rows, repeat=inputs)]


def maps(domain: Sequence[Hashable], codomain: Sequence[Hashable]) -> list[dict]:
    """Every map ``domain`` -> ``codomain`` as a dict (|codomain|^|domain| of them, in lexicographic order)."""
    domain, codomain = tuple(domain), tuple(codomain)
    if not codomain:
        raise invalid("codomain", codomain, "needs at least one value")
    return [dict(zip(domain, values)) for values in itertools.product(codomain, repeat=len(domain))]
