"""The outcomes of n respondents through a finite mechanism, streamed in batches, and the sums over them.

An outcome is a composition (c_0, ..., c_{m-1}) of n. :func:`batches` yields them in batches of about
:data:`BATCH` outcomes, block by block of the last count, so memory stays O(batch) whatever n is.
Two laws give each outcome its probability in a numbers context:

* :class:`MultinomialLaw` (i.i.d. inputs, 003 §3.1): n! Π_j T_j[c_j] with the factorial-scaled power
  tables T_j[i] = r_j^i / i! built by recurrence (n! folded into the last table), so an outcome costs
  m - 1 multiplications;
* :class:`DatasetLaw` (a fixed dataset, 004 §2.2): the exact law of a sum of independent
  multinomial(counts[x]; Q[x]), the coefficients of Π_x (Σ_y Q[x][y] z_y)^{counts[x]} computed once
  with python-flint integer polynomials (Kronecker substitution z_y = t^{(n+1)^y}), then read per outcome.

:func:`accumulate` sums P, P·X and P·X² (or P·E[X² | cells] for a grouped plan) over the outcomes of
positive probability where the condition holds, evaluating the plan with
:class:`numeric.count_evaluator.CountEvaluator`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from core.errors import invalid
from core.types import ExprLike
from numeric.count_evaluator import CountEvaluator, Tables, Undefined, event
from numeric.count_reduction import Plan

__all__ = ["BATCH", "MAX_OUTCOMES", "outcome_count", "composition_table", "batches", "MultinomialLaw", "DatasetLaw",
           "accumulate"]

#: Outcomes per batch (the unit of memory).
BATCH = 1 << 16
#: Largest number of outcomes (cells) one enumeration accepts.
MAX_OUTCOMES = 2 * 10 ** 9
#: Largest dense table of a fixed dataset's law (entries): (n+1)^(m-1) Python integers, about 100 bytes each
#: once large; 20 million of them took gigabytes, so the limit is 2 million (a few hundred MB at most).
MAX_DATASET_TABLE = 2_000_000


def outcome_count(n: int, parts: int) -> int:
    """C(n + parts - 1, parts - 1): the number of compositions of n into ``parts`` counts."""
    return math.comb(n + parts - 1, parts - 1)


def composition_table(total: int, parts: int) -> np.ndarray:
    """Every composition of ``total`` into ``parts`` non-negative counts: an int64 array of shape
    (parts, C(total + parts - 1, parts - 1)), ordered by the last count, then the one before, ..."""
    if parts == 1:
        return np.array([[total]], dtype=np.int64)
    if parts == 2:
        first = np.arange(total + 1, dtype=np.int64)
        return np.stack([first, total - first])
    if parts == 3:  # vectorized: block k of the last count holds total - k + 1 outcomes
        lengths = total + 1 - np.arange(total + 1)
        last = np.repeat(np.arange(total + 1, dtype=np.int64), lengths)
        starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
        first = np.arange(len(last), dtype=np.int64) - starts
        return np.stack([first, total - first - last, last])
    blocks = []
    for last in range(total + 1):
        inner = composition_table(total - last, parts - 1)
        blocks.append(np.vstack([inner, np.full((1, inner.shape[1]), last, dtype=np.int64)]))
    return np.hstack(blocks)


def batches(n: int, parts: int, size: int = BATCH) -> Iterator[np.ndarray]:
    """The compositions of n into ``parts`` counts, in batches of at least ``size`` outcomes (the last
    may be smaller), block by block of the last count."""
    if outcome_count(n, parts) > MAX_OUTCOMES:
        raise invalid("n", n, f"has {outcome_count(n, parts)} outcomes over {parts} counts; at most "
                      f"{MAX_OUTCOMES} are enumerated")
    if parts == 1:
        yield np.array([[n]], dtype=np.int64)
        return
    if parts == 2:
        for start in range(0, n + 1, size):
            last = np.arange(start, min(n + 1, start + size), dtype=np.int64)
            yield np.stack([n - last, last])
        return
    if outcome_count(n, parts) <= size:
        yield composition_table(n, parts)
        return
    pending: list[np.ndarray] = []
    held = 0
    for last in range(n + 1):
        inner = composition_table(n - last, parts - 1)
        pending.append(np.vstack([inner, np.full((1, inner.shape[1]), last, dtype=np.int64)]))
        held += inner.shape[1]
        if held >= size:
            yield np.hstack(pending)
            pending, held = [], 0
    if pending:
        yield np.hstack(pending)


def _gather(table: list[object]) -> np.ndarray:
    return np.array(table + [None], dtype=object)[:-1]


class MultinomialLaw:
    """multinomial(n; probabilities) over the compositions of n (exact probabilities, summing to 1)."""

    def __init__(self, n: int, probabilities: Sequence[Fraction]) -> None:
        self.n = n
        self.probabilities = tuple(probabilities)
        self.parts = len(self.probabilities)
        self.tables: tuple[np.ndarray, ...] = ()

    def prepare(self, number: Callable[[Fraction], Any]) -> None:
        """T_j[i] = r_j^i / i! (n! folded into the last table) in the context's numbers, by recurrence."""
        tables = []
        for j, r in enumerate(self.probabilities):
            x = number(r)
            row = [number(Fraction(math.factorial(self.n))) if j == self.parts - 1 else number(Fraction(1))]
            for i in range(1, self.n + 1):
                row.append(row[-1] * x / i if r else number(Fraction(0)))
            tables.append(_gather(row))
        self.tables = tuple(tables)

    def support(self, cells: np.ndarray) -> np.ndarray:
        mask = np.ones(cells.shape[1], dtype=bool)
        for j, r in enumerate(self.probabilities):
            if r == 0:
                mask &= cells[j] == 0
        return mask

    def weights(self, cells: np.ndarray) -> np.ndarray:
        w = self.tables[0][cells[0]]
        for j in range(1, self.parts):
            w = w * self.tables[j][cells[j]]
        return w


class DatasetLaw:
    """The law of Σ_x multinomial(counts[x]; matrix[x]) (a fixed dataset of 004 §2.2), exact."""

    def __init__(self, n: int, counts: Sequence[int], matrix: Sequence[Sequence[Fraction]]) -> None:
        from flint import fmpz_poly

        self.n = n
        self.parts = len(matrix[0])
        self.base = n + 1
        size = self.base ** (self.parts - 1)
        if size > MAX_DATASET_TABLE:
            raise invalid("n", n, f"a fixed dataset over {self.parts} outputs needs a table of {size} entries; "
                          f"at most {MAX_DATASET_TABLE} are built")
        law = fmpz_poly([1])
        denominator = 1
        for x, c in enumerate(counts):
            if not c:
                continue
            common = math.lcm(*(v.denominator for v in matrix[x]))
            row = fmpz_poly([0])
            for y, v in enumerate(matrix[x]):
                exponent = self.base ** y if y < self.parts - 1 else 0  # the last output: z = 1
                row = row + fmpz_poly([0] * exponent + [int(v * common)])
            law = law * row ** c
            denominator *= common ** c
        self.denominator = denominator
        coefficients = [int(v) for v in law.coeffs()]
        self.coefficients = coefficients + [0] * (size - len(coefficients))
        self.number: Callable[[Fraction], Any] = Fraction

    def prepare(self, number: Callable[[Fraction], Any]) -> None:
        self.number = number

    def index(self, cells: np.ndarray) -> np.ndarray:
        out = np.zeros(cells.shape[1], dtype=np.int64)
        for j in range(self.parts - 1):
            out += cells[j] * self.base ** j
        return out

    def support(self, cells: np.ndarray) -> np.ndarray:
        return np.array([self.coefficients[i] != 0 for i in self.index(cells)], dtype=bool)

    def weights(self, cells: np.ndarray) -> np.ndarray:
        return _gather([self.number(Fraction(self.coefficients[i], self.denominator)) for i in self.index(cells)])


def _count(cells: np.ndarray, sizes: Sequence[int]) -> int:
    """The number of outcomes behind these cells: Π_g C(S_g + k_g - 1, k_g - 1) summed (k_g = 1 when the
    cells are the counts themselves)."""
    if all(k == 1 for k in sizes):
        return cells.shape[1]
    total = np.ones(cells.shape[1], dtype=object)
    for g, k in enumerate(sizes):
        if k > 1:
            uniq, inverse = np.unique(cells[g], return_inverse=True)
            total = total * _gather([math.comb(int(s) + k - 1, k - 1) for s in uniq])[inverse.reshape(-1)]
    return int(total.sum())


def accumulate(plan: Plan, law: MultinomialLaw | DatasetLaw, scalars: Mapping[str, Fraction],
               number: Callable[[Fraction], Any], sizes: Sequence[int], names: Sequence[str],
               shown: ExprLike, label: str = "statistic", tick: Callable[[], None] | None = None
               ) -> tuple[Any, Any, Any, int]:
    """(Σ P, Σ P·X, Σ P·X², number of outcomes) over the outcomes of positive probability in the event,
    in the numbers of ``number`` (call inside the context's ``active()`` block). ``names`` label the cells
    and ``shown`` the statistic in an error message; ``tick()`` is called before every batch (a caller's
    deadline raises from it)."""
    law.prepare(number)
    tables, exact_tables = Tables(), Tables()
    zero = number(Fraction(0))
    s0 = s1 = s2 = zero
    count = 0
    for cells in batches(law.n, len(plan.cells)):
        if tick is not None:
            tick()
        mask = law.support(cells)
        if plan.event is not None:
            chosen = cells[:, mask]
            if chosen.shape[1]:
                exact = CountEvaluator(dict(zip(plan.cells, chosen)), scalars, lambda v: v, exact_tables, "given")
                mask[mask] = event(plan.event, exact)
        cells = cells[:, mask]
        if not cells.shape[1]:
            continue
        evaluate = CountEvaluator(dict(zip(plan.cells, cells)), scalars, number, tables, label)
        w = law.weights(cells)
        try:
            x = evaluate.array(plan.first)
            x2 = None if plan.second is None else evaluate.array(plan.second)
        except Undefined as undefined:
            where = {name: int(value[undefined.index]) for name, value in zip(names, cells)}
            raise invalid(label, str(shown), f"is undefined (a division by zero in {undefined.expr}) at the outcome {where} "
                          "of positive probability", "condition on an event that excludes it, e.g. "
                          "given='N1+N2 > 0'") from None
        total = w.sum()
        s0 = s0 + total
        if isinstance(x, Fraction):
            s1 = s1 + total * number(x)
            s2 = s2 + (total * number(x * x) if x2 is None else _dot(w, x2, number))
        else:
            wx = w * x
            s1 = s1 + wx.sum()
            s2 = s2 + ((wx * x).sum() if x2 is None else _dot(w, x2, number))
        count += _count(cells, sizes)
    return s0, s1, s2, count


def _dot(w: np.ndarray, values: Any, number: Callable[[Fraction], Any]) -> Any:
    if isinstance(values, Fraction):
        return w.sum() * number(values)
    return (w * values).sum()
