"""A law's density part as disjoint cells, case by case over the orderings of the pieces' ends.

For two inputs t and t′, the finite ends of every piece at t and at t′ (formulas in t, t′ and the parameters)
are the *breakpoints*; they cut the output line into cells, and on each cell the density f(y | t) is the sum
of the pieces that hold the cell at t (pieces that overlap add up; none: f = 0), and likewise at t′. Which
pieces hold a cell depends on how the breakpoints are ordered, and that ordering depends on t, t′ and the
parameters, so each ordering b₁ ≤ b₂ ≤ … ≤ b_k is one case, a condition in t, t′ and the parameters:

1. each pair of breakpoints is compared at exact points (the parameters drawn from the domain, t and t′ on a
   grid of the input interval); a pair found in one order at every point is decided in that order on the
   whole domain by :func:`proofs.engines.density_validity.decide_nonnegative` (the sign engine), and a pair
   seen in both orders is left open;
2. the orderings are the linear orders that keep every decided pair (each a non-strict chain, so that the
   cases cover every t, t′ and every parameter point, ties included); at most :data:`MAX_ORDERINGS` are
   enumerated, and beyond that the normalisation stops with one line saying so (never a silent cut);
3. an ordering is *possible* when an exact point of the grid satisfies it, or when the sign engine's domain
   decider (:func:`proofs.engines.domains.emptiness`: z3 for polynomial conditions) finds a point; it is
   *impossible*, and skipped, only when that decider proves it empty; otherwise it is kept as *not shown
   empty*, and decided like a possible one.

The privacy decision that reads these cells is :mod:`proofs.engines.density_ldp` (the ratio e^ε f(y | t′) −
f(y | t) ≥ 0 decided on each cell of each ordering kept).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import sympy

from core.domain import Domain
from core.errors import invalid
from numeric.density import TP, T, Density, is_identity
from proofs.engines.density_validity import SIGN_TIMEOUT, decide_nonnegative
from proofs.engines.domains import emptiness
from proofs.kernel import stepcheck
from proofs.kernel.steps import Stated, Step

__all__ = ["Cell", "Ordering", "Cells", "cut_into_cells", "base_region", "MAX_ORDERINGS", "MAX_BREAKPOINTS"]

#: Most orderings of the breakpoints enumerated (each one case of the decision); beyond it the
#: normalisation stops with one line.
MAX_ORDERINGS = 720
#: Most distinct finite breakpoints (ends of pieces at t and at t′) read.
MAX_BREAKPOINTS = 12
#: Inputs t and t′ on this many points of the input interval (ends included) when looking for a point of an
#: ordering.
GRID = 5
#: Parameter points drawn from the domain when looking for a point of an ordering.
PARAMETER_POINTS = 4


def _finite(v: sympy.Expr) -> bool:
    return not v.has(sympy.oo, -sympy.oo)


def base_region(law: Density, merged: Domain, *conditions: sympy.Basic) -> Domain:
    """``merged`` with t and t′ in the input interval and the extra ``conditions``."""
    lo, hi = law.interval
    extra = [sympy.Le(lo, T), sympy.Le(T, hi), sympy.Le(lo, TP), sympy.Le(TP, hi), *conditions]
    return merged & Domain("", tuple(c for c in extra if c is not sympy.true))


@dataclass(frozen=True)
class Cell:
    """The open interval (``lo``, ``hi``) of the output line between two consecutive breakpoints (``-oo``/``oo``
    at the ends), with the pieces (indices into the law's pieces) that hold it at t and at t′."""

    lo: sympy.Expr
    hi: sympy.Expr
    at_t: tuple[int, ...]
    at_tp: tuple[int, ...]

    def __post_init__(self) -> None:
        for name in ("at_t", "at_tp"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(k, int) and k >= 0 for k in value):
                raise invalid(f"cell {name}", value, "must be a tuple of indices of pieces")
        for name in ("lo", "hi"):
            if not isinstance(getattr(self, name), sympy.Basic):
                raise invalid(f"cell {name}", getattr(self, name), "must be a sympy expression")

    def density(self, law: Density, *, second: bool) -> sympy.Expr:
        """f(y | t) on the cell (f(y | t′), written in tp, when ``second``): the sum of the pieces that hold it."""
        pieces = self.at_tp if second else self.at_t
        total = sympy.Add(*[law.pieces[k].density for k in pieces]) if pieces else sympy.Integer(0)
        return total.subs(T, TP) if second else total

    def conditions(self, y: sympy.Symbol | None) -> tuple[sympy.Basic, ...]:
        """lo < y < hi (``y`` given), or lo < hi (the cell is not empty), for the finite ends."""
        if y is not None:
            return tuple(c for c in (sympy.Lt(self.lo, y) if _finite(self.lo) else None,
                                     sympy.Lt(y, self.hi) if _finite(self.hi) else None) if c is not None)
        if _finite(self.lo) and _finite(self.hi):
            return (sympy.Lt(self.lo, self.hi),)
        return ()

    @cached_property
    def text(self) -> str:
        return f"({self.lo}, {self.hi})"


@dataclass(frozen=True)
class Ordering:
    """One case: the breakpoints in the order ``points`` (a non-strict chain), ``possible`` saying how it was
    shown possible (or ``not shown empty``), and its cells."""

    points: tuple[sympy.Expr, ...]
    possible: str
    cells: tuple[Cell, ...]
    witnessed: bool

    def __post_init__(self) -> None:
        if not isinstance(self.possible, str) or not self.possible:
            raise invalid("ordering possible", self.possible, "must say how the ordering was shown possible")
        if len(self.cells) != len(self.points) + 1:
            raise invalid("ordering cells", len(self.cells), f"an ordering of {len(self.points)} breakpoints has "
                          f"{len(self.points) + 1} cells")

    def conditions(self) -> tuple[sympy.Basic, ...]:
        return tuple(sympy.Le(a, b) for a, b in zip(self.points, self.points[1:]))

    @cached_property
    def text(self) -> str:
        return " <= ".join(str(p) for p in self.points) if self.points else "no finite breakpoint"


@dataclass(frozen=True)
class Cells:
    """The normalised density: the ``breakpoints``, the orderings kept (possible or not shown empty), how many
    were ``impossible`` (proved empty), the ``steps`` that decided the pairs, and ``refused`` (one line) when
    the enumeration stopped at a bound."""

    breakpoints: tuple[sympy.Expr, ...]
    orderings: tuple[Ordering, ...]
    impossible: int
    decided_pairs: int
    open_pairs: int
    steps: tuple[Step, ...] = ()
    refused: str | None = None
    seconds: float = 0.0
    empty_how: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        for name in ("impossible", "decided_pairs", "open_pairs"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise invalid(name, value, "must be a count (an integer >= 0)")
        if self.refused is not None and self.orderings:
            raise invalid("refused", self.refused, "a refused cut into cells keeps no ordering")

    @property
    def possible(self) -> int:
        return sum(o.possible != "not shown empty" for o in self.orderings)

    def summary(self) -> dict[str, Any]:
        return {"breakpoints": [str(b) for b in self.breakpoints], "pairs decided on the domain": self.decided_pairs,
                "pairs seen in both orders": self.open_pairs,
                "orderings possible": self.possible, "orderings impossible (proved empty)": self.impossible,
                "orderings not shown empty (decided anyway)": len(self.orderings) - self.possible,
                **({"orderings proved empty": list(self.empty_how)} if self.empty_how else {})}


#: For a piece and an input (t or t′): the indices of its two ends among the breakpoints (``None``: infinite).
Ends = dict[sympy.Symbol, tuple[int | None, int | None]]


def _ends(law: Density, merged: Domain) -> tuple[list[sympy.Expr], list[Ends]]:
    """The distinct finite breakpoints, and for each piece and each input (t, t′) the indices of its ends
    (``None`` for an infinite end)."""
    points: list[sympy.Expr] = []

    def index(e: sympy.Expr) -> int | None:
        if not _finite(e):
            return None
        for k, p in enumerate(points):
            if p == e or is_identity(p - e, merged):
                return k
        points.append(e)
        return len(points) - 1

    where = []
    for piece in law.pieces:
        at: Ends = {}
        for x in (T, TP):
            at[x] = (index(sympy.sympify(piece.lo.subs(T, x))), index(sympy.sympify(piece.hi.subs(T, x))))
        where.append(at)
    return points, where


def _samples(law: Density, merged: Domain, names: Sequence[str]) -> list[dict[sympy.Symbol, sympy.Expr]]:
    """Exact points (parameters, t, t′): parameters drawn from the domain, t and t′ on a grid of the interval."""
    if names:
        drawn = merged.sample(PARAMETER_POINTS, seed=11, symbols=names)
        params = [{sympy.Symbol(n, real=True): sympy.Rational(p[n].numerator, p[n].denominator) for n in names}
                  for p in drawn if all(n in p for n in names)]
    else:
        params = [{}]
    out: list[dict[sympy.Symbol, sympy.Expr]] = []
    for subs in params:
        lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
        grid = [lo + (hi - lo) * sympy.Rational(j, GRID - 1) for j in range(GRID)]
        out.extend({**subs, T: t, TP: tp} for t in grid for tp in grid)
    return out


def _sign(value: sympy.Expr) -> int | None:
    try:
        return stepcheck.sign_of(value)
    except (ValueError, TypeError, ZeroDivisionError):
        return None


def _extensions(n: int, before: set[tuple[int, int]], limit: int) -> tuple[list[tuple[int, ...]], bool]:
    """The linear orders of 0..n-1 that keep each pair (a, b) of ``before`` (a first), at most ``limit``;
    ``True`` when there were more."""
    preds = {b: {a for a, c in before if c == b} for b in range(n)}
    found: list[tuple[int, ...]] = []
    over = False

    def walk(prefix: list[int], left: set[int]) -> None:
        nonlocal over
        if over:
            return
        if not left:
            if len(found) >= limit:
                over = True
                return
            found.append(tuple(prefix))
            return
        for k in sorted(left):
            if preds[k] & left:
                continue
            prefix.append(k)
            left.remove(k)
            walk(prefix, left)
            left.add(k)
            prefix.pop()

    walk([], set(range(n)))
    return found, over


#: The cuts already made in this process, by what they read (see :func:`cut_into_cells`).
_CUTS: dict[tuple[Any, ...], Cells] = {}
#: Most cuts kept.
MAX_KEPT = 256


def cut_into_cells(law: Density, merged: Domain, *, timeout: float = SIGN_TIMEOUT) -> Cells:
    """The cells of ``law``'s density part for every t, t′ in the input interval and every parameter point of
    ``merged`` (see the module docstring).

    The cut reads only the ends of the pieces, the input interval, the parameters, ``merged`` and the bounds of
    this module, so it is made once per process for each of them: a law checked at several budgets (proved at
    ε, refuted at ε/2), or a mixture that keeps its pieces' ends, is cut once."""
    if not law.pieces:
        raise invalid("law", law.name, "has no piece of density to cut into cells")
    key = (tuple((p.lo, p.hi) for p in law.pieces), tuple(law.interval), law.parameters, merged, timeout,
           MAX_ORDERINGS, MAX_BREAKPOINTS, GRID, PARAMETER_POINTS)
    if key not in _CUTS:
        if len(_CUTS) >= MAX_KEPT:
            _CUTS.pop(next(iter(_CUTS)))
        _CUTS[key] = _cut(law, merged, timeout)
    return _CUTS[key]


def _cut(law: Density, merged: Domain, timeout: float) -> Cells:
    start = time.perf_counter()
    points, where = _ends(law, merged)
    if len(points) > MAX_BREAKPOINTS:
        return Cells(tuple(points), (), 0, 0, 0, refused=f"the pieces have {len(points)} distinct finite ends at t "
                     f"and t' (more than MAX_BREAKPOINTS = {MAX_BREAKPOINTS}); the orderings are not enumerated",
                     seconds=time.perf_counter() - start)
    names = sorted({s.name for p in points for s in p.free_symbols} | set(merged.names) | set(law.parameters)
                   - {"t", "tp", "y"})
    samples = _samples(law, merged, names)
    values = [[sympy.sympify(p.xreplace(s)) for p in points] for s in samples]
    n = len(points)
    region = base_region(law, merged)
    pair_signs = [{(a, b): _sign(v[b] - v[a]) for a in range(n) for b in range(a + 1, n)} for v in values]
    before: set[tuple[int, int]] = set()
    steps: list[Step] = []
    decided = opened = 0
    for a in range(n):
        for b in range(a + 1, n):
            signs = {pair_signs[m][(a, b)] for m in range(len(values))}
            if 1 in signs and -1 in signs:
                opened += 1
                continue
            tried = ([(a, b)] if -1 not in signs else []) + ([(b, a)] if 1 not in signs else [])
            for lo, hi in tried:
                ok, _, proof = decide_nonnegative(points[hi] - points[lo], region, timeout=timeout)
                if ok is True:
                    before.add((lo, hi))
                    decided += 1
                    steps.append(Stated(f"{points[lo]} <= {points[hi]} for every t, t' in the interval and every "
                                        "parameter point, by the steps that follow"))
                    steps.extend(proof)
                    break
            else:
                opened += 1
    orders, over = _extensions(n, before, MAX_ORDERINGS)
    if over:
        return Cells(tuple(points), (), 0, decided, opened,
                     refused=f"more than MAX_ORDERINGS = {MAX_ORDERINGS} orderings of the {n} ends of the pieces at "
                             "t and t'; the cases are not enumerated", seconds=time.perf_counter() - start)
    for v, signs_of_pairs in zip(values, pair_signs):
        signs_of_pairs.update({(b, a): _sign(v[a] - v[b]) for a in range(n) for b in range(a + 1, n)})
    signs_at = pair_signs
    kept, impossible, empty_how = [], 0, []
    for order in orders:
        chain = tuple(points[k] for k in order)
        witnessed = any(all(s[(a, b)] in (0, 1) for a, b in zip(order, order[1:])) for s in signs_at)
        possible = "a point of the grid"
        if not witnessed:
            status = emptiness(base_region(law, merged, *(sympy.Le(x, z) for x, z in zip(chain, chain[1:]))),
                               timeout=timeout)
            if status.empty:
                impossible += 1
                empty_how.append(f"{' <= '.join(map(str, chain))}: {status.how}")
                steps.append(Stated(f"the ordering {' <= '.join(map(str, chain))} is empty ({status.how})",
                                    unchecked=True))
                continue
            possible = f"a point ({status.how})" if status.kind == "point" else "not shown empty"
        position = {k: m + 1 for m, k in enumerate(order)}

        def place(end: int | None, infinite: int) -> int:
            return infinite if end is None else position[end]

        bounds = [-sympy.oo, *chain, sympy.oo]
        cells = []
        for m in range(n + 1):
            holds = [tuple(i for i, at in enumerate(where) if place(at[x][0], 0) <= m and place(at[x][1], n + 1) > m)
                     for x in (T, TP)]
            cells.append(Cell(bounds[m], bounds[m + 1], holds[0], holds[1]))
        kept.append(Ordering(chain, possible, tuple(cells), witnessed))
    return Cells(tuple(points), tuple(kept), impossible, decided, opened, tuple(steps),
                 seconds=time.perf_counter() - start, empty_how=tuple(empty_how))
