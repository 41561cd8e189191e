"""Exact piecewise-linear functions on [0, 1] and the convex envelopes that make trade-off functions.

Used by :mod:`numeric.tradeoff` for 003 Definition 3.17 (source ``003_c07100d0f17e2eef.txt``): the
(type I, type II) points of all deterministic tests of a pair of belief functions, and the lower (upper)
convex envelope of those points, which is the trade-off function over randomized tests (see
:func:`numeric.tradeoff.tradeoff_pe`). Vertices are exact (``Fraction``); evaluation interpolates exactly.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from core.errors import invalid

__all__ = ["PiecewiseLinear", "lower_hull", "upper_hull", "prefix_min", "prefix_max", "suffix_max", "pointwise_min"]

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class PiecewiseLinear:
    """A continuous piecewise-linear function through ``vertices`` ((x, y) pairs, x strictly increasing).

    Defined on [x_0, x_last]; outside that interval the value is ``left`` (x < x_0) or ``right`` (x > x_last)
    when given, else evaluation raises. ``left``/``right`` express an inf (sup) over an empty set, e.g.
    ``float('inf')`` for a trade-off function at a level below every achievable type I error.
    """

    vertices: tuple[Point, ...]
    left: Real | None = None
    right: Real | None = None

    def __post_init__(self) -> None:
        vertices = tuple((x, y) for x, y in self.vertices)
        if not vertices:
            raise invalid("vertices", (), "a piecewise-linear function needs at least one vertex")
        for (x0, _), (x1, _) in zip(vertices, vertices[1:]):
            if not x1 > x0:
                raise invalid("vertices", vertices, f"x must increase strictly (x={x0} then x={x1})")
        object.__setattr__(self, "vertices", vertices)

    @property
    def xs(self) -> tuple[Fraction, ...]:
        return tuple(x for x, _ in self.vertices)

    def __call__(self, x: Real) -> Real:
        xs = self.xs
        if x < xs[0]:
            if self.left is None:
                raise invalid("x", x, f"below the domain [{xs[0]}, {xs[-1]}]")
            return self.left
        if x > xs[-1]:
            if self.right is None:
                raise invalid("x", x, f"above the domain [{xs[0]}, {xs[-1]}]")
            return self.right
        i = bisect_right(xs, x) - 1
        x0, y0 = self.vertices[i]
        if x == x0 or i + 1 == len(xs):
            return y0
        x1, y1 = self.vertices[i + 1]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0)

    def breakpoints(self) -> tuple[Fraction, ...]:
        """The x of every vertex (where the slope may change)."""
        return self.xs


def _cross(o: Point, a: Point, b: Point) -> Fraction:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(points: Iterable[Point], lower: bool) -> list[Point]:
    pts = sorted(set((Fraction(x), Fraction(y)) for x, y in points))
    if not pts:
        raise invalid("points", [], "an envelope needs at least one point")
    # keep, for each x, only the extreme y
    best: dict[Fraction, Fraction] = {}
    for x, y in pts:
        best[x] = y if x not in best else (min(best[x], y) if lower else max(best[x], y))
    pts = sorted(best.items())
    hull: list[Point] = []
    for p in pts:
        while len(hull) >= 2 and (_cross(hull[-2], hull[-1], p) <= 0 if lower else _cross(hull[-2], hull[-1], p) >= 0):
            hull.pop()
        hull.append(p)
    return hull


def lower_hull(points: Iterable[Point]) -> list[Point]:
    """Vertices of the lower convex envelope of ``points`` (Andrew's monotone chain, exact)."""
    return _hull(points, lower=True)


def upper_hull(points: Iterable[Point]) -> list[Point]:
    """Vertices of the upper concave envelope of ``points`` (exact)."""
    return _hull(points, lower=False)


def _running(vertices: Sequence[Point], better) -> list[Point]:
    """Vertices of x ↦ the best value of f over x' ≤ x, for a chain that improves then worsens once."""
    out: list[Point] = []
    for x, y in vertices:
        out.append((x, y) if not out or better(y, out[-1][1]) else (x, out[-1][1]))
    return _simplify(out)


def prefix_min(vertices: Sequence[Point]) -> list[Point]:
    """For a convex chain: the vertices of x ↦ min_{x' ≤ x} f(x') (flat after the minimum)."""
    return _running(vertices, lambda new, old: new < old)


def prefix_max(vertices: Sequence[Point]) -> list[Point]:
    """For a concave chain: the vertices of x ↦ max_{x' ≤ x} f(x') (flat after the maximum)."""
    return _running(vertices, lambda new, old: new > old)


def suffix_max(vertices: Sequence[Point]) -> list[Point]:
    """For a concave chain: the vertices of x ↦ max_{x' ≥ x} f(x') (flat before the maximum)."""
    flipped = _running([(-x, y) for x, y in reversed(vertices)], lambda new, old: new > old)
    return [(-x, y) for x, y in reversed(flipped)]


def _simplify(vertices: list[Point]) -> list[Point]:
    """Drop vertices where the slope does not change."""
    out: list[Point] = []
    for p in vertices:
        while len(out) >= 2 and _cross(out[-2], out[-1], p) == 0:
            out.pop()
        out.append(p)
    return out


def pointwise_min(functions: Sequence[PiecewiseLinear]) -> PiecewiseLinear:
    """The exact pointwise minimum of piecewise-linear functions defined on one interval.

    Between consecutive breakpoints of all the functions each is linear; every crossing of two of them
    inside such a piece is added as a breakpoint, so the minimum is linear between the refined
    breakpoints and is given by its values there (collinear vertices dropped)."""
    if not functions:
        raise invalid("functions", [], "a minimum needs at least one function")
    lo, hi = functions[0].xs[0], functions[0].xs[-1]
    for f in functions:
        if (f.xs[0], f.xs[-1]) != (lo, hi):
            raise invalid("functions", [(g.xs[0], g.xs[-1]) for g in functions], "must share one domain")
    xs = sorted({x for f in functions for x in f.xs})
    refined = set(xs)
    for left, right in zip(xs, xs[1:]):
        ends = [(f(left), f(right)) for f in functions]
        for i, (a0, a1) in enumerate(ends):
            for b0, b1 in ends[i + 1:]:
                gap0, gap1 = a0 - b0, a1 - b1
                if gap0 * gap1 < 0:  # the two lines cross strictly inside (left, right)
                    refined.add(left + (right - left) * gap0 / (gap0 - gap1))
    vertices = [(x, min(f(x) for f in functions)) for x in sorted(refined)]
    return PiecewiseLinear(tuple(_simplify(vertices)))
