"""Evidential privacy mechanisms and their privacy losses (paper 003 §3.1, §3.2).

Source: ``003_c07100d0f17e2eef.txt``. An evidential mechanism Q maps each input x to a mass function
m_x on the output frame Y (a k × (2^l - 1) row-stochastic matrix). Its privacy losses:

* Shafer (§3.1, Definition 3.1): r_S = max_{x,x',E} m_x(E) / m_x'(E), ε_S = ln r_S;
* belief / plausibility (§3.1, before Lemma 3.2): r_{bel,S}, r_{pl,S} with bel, resp. pl, in place of m;
* Walley (§3.2, Definition 3.13): r^W = max_{x,x',E} max_{pr_x ∈ P_{bel_x}, pr_x' ∈ P_{bel_x'}}
  pr_x(E) / pr_x'(E); the inner max is pl_x(E) / bel_x'(E) (sup of the numerator, inf of the
  denominator, attained at credal vertices). :meth:`Mechanism.ratio_walley` uses that formula and
  :meth:`Mechanism.ratio_walley_vertices` optimises over pairs of credal-set vertices instead (for a
  fixed pair the max over events is the max over singletons); the tests compare the two.

The definitions (which set functions are divided, which pairs (x, x') count, the reading of zero
ratios) live in one place, :mod:`numeric.definitions.ldp`, whose table of ratios is
:data:`numeric.loss_ratios.RATIOS`; the ``ratio_*``, ``worst_*`` and ``epsilon_*`` methods here read that
table, and :meth:`Mechanism.max_ratio` is the computation they share.
``pairs="all"`` (default) ranges over all x, x' ∈ X including x = x' (the primary readings);
``pairs="distinct"`` only over x ≠ x'. They agree for ε_S, ε_bel, ε_pl (x = x' gives 1) but not always
for ε_W, where x = x' gives pl_x(E)/bel_x(E) >= 1. A ratio c/0 with c > 0 is ``math.inf`` here (losses
``sympy.oo`` for exact mechanisms); 0/0 places no constraint.

Exact mechanisms (rational masses) give exact ratios (``Fraction``) and losses as sympy expressions
(``sympy.log(Rational)``); float mechanisms give floats. The maximum is located with floats and
confirmed exactly over every candidate within a relative 1e-9 of it, so exact results are exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any

import numpy as np
import sympy  # imported here, not on first use: the first loss of a test run would pay for it

from core.context import DEFAULT_DPS, mpf
from core.errors import InvalidArgument, invalid
from core.exact import as_fraction
from core.types import ExprLike, Number, NumberLike, Real, Values
from numeric import families
from numeric.belief import MassFunction, kernel_as_mixture, mass_product
from numeric.families import expression
from numeric.loss_ratios import RATIOS

__all__ = [
    "quotient", "Mechanism", "Worst", "evidential_q2x3", "evidential_q_lambda", "evidential_warner", "evidential_q_wrr",
    "evidential_randomized_response", "compose",
    "ln_ratio", "PAIRS", "messages", "q2x3_masses", "q_lambda_masses", "MAX_EPSILON", "MAX_CATEGORIES",
]

PAIRS = ("all", "distinct")
_SMALL = 4096  # k^2 2^n at most this: plain-Python loops beat numpy
_CANDIDATE = 1e-9


def quotient(numerator: Number, denominator: Number) -> Number | None:
    """numerator / denominator under the toolkit's convention: ``None`` for 0/0 (no constraint),
    ``math.inf`` for c/0 with c > 0, else the exact (Fraction) or float quotient."""
    if denominator == 0:
        return None if numerator == 0 else math.inf
    if isinstance(numerator, float) or isinstance(denominator, float):
        return numerator / denominator
    return Fraction(numerator) / Fraction(denominator)


def ln_ratio(r: Number) -> sympy.Expr | float:
    """ln r: ``sympy.log`` of an exact ratio (``sympy.oo`` for ``math.inf`` from an exact computation is
    the caller's choice: pass a Fraction or ``math.inf``); floats give ``math.log`` / ``math.inf``."""
    if isinstance(r, Fraction):
        return sympy.log(sympy.Rational(r.numerator, r.denominator))
    if r == math.inf:
        return sympy.oo
    return math.log(r)


def _exact_argmax(num: np.ndarray, den: np.ndarray) -> int:
    """Index of the largest num/den (den > 0), decided exactly: integers are compared by cross-
    multiplication (Python integers when the products could overflow int64); floats by value."""
    if num.dtype.kind == "f" or den.dtype.kind == "f":
        return int(np.argmax(num / den))
    if num.dtype != object and max(int(np.abs(num).max()), int(den.max())) >= 2**31:
        num, den = num.astype(object), den.astype(object)
    best = int(np.argmax(num.astype(float) / den.astype(float)))
    while True:
        greater = np.nonzero(num * den[best] > num[best] * den)[0]
        if not greater.size:
            return best
        best = int(greater[0])


@dataclass(frozen=True)
class Worst:
    """Where a privacy-loss ratio is attained: inputs x, x', event E, numerator, denominator, ratio."""

    x: Hashable
    x_prime: Hashable
    event: frozenset
    numerator: Number
    denominator: Number
    ratio: Number

    def to_json(self) -> dict:
        return {"x": self.x, "x'": self.x_prime, "E": "{" + ",".join(sorted(map(str, self.event))) + "}",
                "numerator": self.numerator, "denominator": self.denominator, "ratio": self.ratio}


@dataclass(frozen=True, eq=False)
class Mechanism:
    """An evidential privacy mechanism: ``rows`` maps each input x to a :class:`MassFunction` on one
    output frame (003 §3, "each row of the matrix Q is a mass function on Y").

    All rows share the frame (same labels, same order); exactness is that of the rows (all exact, or
    the mechanism is treated as float). At least one input.
    """

    rows: Mapping[Hashable, MassFunction]
    frame: tuple = field(init=False)
    exact: bool = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rows, Mapping) or not self.rows:
            raise invalid("rows", self.rows, "a mechanism needs a mapping input -> MassFunction with at least one row")
        rows = dict(self.rows)
        frames = set()
        for x, row in rows.items():
            if not isinstance(row, MassFunction):
                raise invalid(f"rows[{x!r}]", row, "not a MassFunction")
            frames.add(row.frame)
        if len(frames) != 1:
            raise invalid("rows", {x: list(r.frame) for x, r in rows.items()}, "rows must share one output frame")
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "frame", frames.pop())
        object.__setattr__(self, "exact", all(r.exact for r in rows.values()))

    @classmethod
    def from_table(cls, frame: Iterable[Hashable], table: Mapping[Hashable, Mapping[Any, Any]]) -> Mechanism:
        """Build from input -> {subset: mass}."""
        frame = tuple(frame)
        return cls({x: MassFunction(frame, masses) for x, masses in table.items()})

    @property
    def inputs(self) -> tuple:
        return tuple(self.rows)

    def __getitem__(self, x: Hashable) -> MassFunction:
        return self.rows[x]

    def __repr__(self) -> str:
        return "Mechanism({" + ", ".join(f"{x!r}: {row!r}" for x, row in self.rows.items()) + "})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis / IPython pretty printer
        printer.text(repr(self))

    def to_json(self) -> dict:
        return {"frame": [str(y) for y in self.frame], "rows": {str(x): r.to_json() for x, r in self.rows.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Mechanism:
        """The mechanism written by :meth:`to_json` (labels and inputs come back as strings, masses as exact
        Fractions): a report's counterexample can be re-checked from its JSON."""
        try:
            frame = tuple(data["frame"])
            rows = {}
            for x, masses in data["rows"].items():
                table = {}
                for subset, value in masses.items():
                    inner = subset.strip()
                    if not (inner.startswith("{") and inner.endswith("}")):
                        raise ValueError(subset)
                    table[frozenset(label for label in inner[1:-1].split(",") if label)] = Fraction(str(value))
                rows[x] = MassFunction(frame, table)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise invalid("data", data, "not a mechanism in the form of Mechanism.to_json") from None
        return cls(rows)

    # --- privacy-loss ratios ---------------------------------------------------------------------------
    @cached_property
    def _common(self) -> int:
        """Common denominator of the rows (1 for float mechanisms)."""
        if not self.exact:
            return 1
        return math.lcm(*(r.denominator for r in self.rows.values()))

    def _stack(self, kind: str) -> np.ndarray:
        """Rows of ``kind`` (m, bel, pl) stacked as a k × 2^n matrix: integers over :attr:`_common`
        (exact) or floats."""
        cache = self.__dict__.setdefault("_stacks", {})
        if kind not in cache:
            if self.exact:
                big = self._common >= 2**62 or any(r.raw(kind).dtype == object for r in self.rows.values())
                if big:  # Python integers: exact whatever the size of the common denominator
                    cache[kind] = np.array([[int(v) * (self._common // r.denominator) for v in r.raw(kind)]
                                            for r in self.rows.values()], dtype=object)
                else:
                    cache[kind] = np.stack([r.raw(kind) * (self._common // r.denominator)
                                            for r in self.rows.values()]).astype(np.int64)
            else:
                cache[kind] = np.stack([r.as_floats(kind) for r in self.rows.values()])
        return cache[kind]

    def table(self, kind: str = "m") -> tuple[np.ndarray, int]:
        """(matrix, denominator): the rows of ``kind`` (m, bel, pl, q) by bitmask as a k × 2^n matrix of
        integer numerators over one common denominator (floats over 1 for float mechanisms). Read-only."""
        matrix = self._stack(kind).view()
        matrix.flags.writeable = False
        return matrix, self._common

    def pair_mask(self, pairs: str = "all") -> np.ndarray:
        """k × k booleans: which (x, x') the ``pairs`` convention ranges over (inputs in row order)."""
        return self._pair_mask(pairs)

    def _pair_mask(self, pairs: str) -> np.ndarray:
        if pairs not in PAIRS:
            raise invalid("pairs", pairs, f"not one of {PAIRS}")
        k = len(self.rows)
        if pairs == "distinct" and k < 2:
            raise invalid("pairs", pairs, "a mechanism with one input has no distinct pairs")
        return np.ones((k, k), dtype=bool) if pairs == "all" else ~np.eye(k, dtype=bool)

    def _exact_quotient(self, a: int | float | np.number, b: int | float | np.number) -> Number:
        if self.exact:
            return Fraction(int(a), int(b))
        return float(a) / float(b)

    def max_ratio(self, top: str, bottom: str, pairs: str = "all") -> Worst:
        """max over (x, x') allowed by ``pairs`` and events E of top_x(E) / bottom_x'(E) (``top``, ``bottom``
        in m, bel, pl), with the convention of :func:`ratio`: the computation every loss of
        :mod:`numeric.definitions.ldp` shares. Exact for exact mechanisms; cached per mechanism."""
        cache = self.__dict__.setdefault("_ratio_cache", {})
        key = (top, bottom, pairs)
        if key not in cache:
            cache[key] = self._max_ratio(top, bottom, pairs)
        return cache[key]

    def _max_ratio(self, top: str, bottom: str, pairs: str) -> Worst:
        """The maximum of :meth:`max_ratio`, located with floats and confirmed exactly over all
        near-maximal candidates (plain loops for small mechanisms)."""
        if len(self.rows) ** 2 << len(self.frame) <= _SMALL:
            return self._max_ratio_small(top, bottom, pairs)
        allowed = self._pair_mask(pairs)[:, :, None]
        a = self._stack(top)[:, None, :]
        b = self._stack(bottom)[None, :, :]
        keys = list(self.rows)
        scale = self._common if self.exact else 1
        infinite = np.argwhere(allowed & (b == 0) & (a != 0))
        if infinite.size:
            i, j, mask = map(int, infinite[0])
            return Worst(keys[i], keys[j], self.frame_subset(mask), self._exact_quotient(a[i, 0, mask], scale),
                         self._exact_quotient(b[0, j, mask], scale), math.inf)
        ok = allowed & (b != 0)
        i, j, mask = np.nonzero(ok)
        if not i.size:  # cannot happen for normal rows (x = x', E = a focal set gives 1)
            raise invalid("pairs", pairs, "no pair (x, x', E) with a non-zero denominator")
        num, den = a[i, 0, mask], b[0, j, mask]
        best = _exact_argmax(num, den)
        i, j, mask = int(i[best]), int(j[best]), int(mask[best])
        return Worst(keys[i], keys[j], self.frame_subset(mask), self._exact_quotient(a[i, 0, mask], scale),
                     self._exact_quotient(b[0, j, mask], scale), self._exact_quotient(num[best], den[best]))

    def _lists(self, kind: str) -> list[list]:
        cache = self.__dict__.setdefault("_list_cache", {})
        if kind not in cache:
            cache[kind] = self._stack(kind).tolist()
        return cache[kind]

    def _max_ratio_small(self, top: str, bottom: str, pairs: str) -> Worst:
        """The same maximum by plain loops over exact integers (faster for small mechanisms)."""
        allowed = self._pair_mask(pairs)
        tops, bottoms = self._lists(top), self._lists(bottom)
        keys = list(self.rows)
        scale = self._common if self.exact else 1
        size = 1 << len(self.frame)
        best: tuple | None = None
        for i, row in enumerate(tops):
            for j, other in enumerate(bottoms):
                if not allowed[i, j]:
                    continue
                for mask in range(1, size):
                    a, b = row[mask], other[mask]
                    if b == 0:
                        if a != 0:
                            return Worst(keys[i], keys[j], self.frame_subset(mask), self._exact_quotient(a, scale),
                                         self._exact_quotient(b, scale), math.inf)
                        continue
                    if best is None or a * best[4] > best[3] * b:
                        best = (i, j, mask, a, b)
        if best is None:
            raise invalid("pairs", pairs, "no pair (x, x', E) with a non-zero denominator")
        i, j, mask, a, b = best
        return Worst(keys[i], keys[j], self.frame_subset(mask), self._exact_quotient(a, scale),
                     self._exact_quotient(b, scale), self._exact_quotient(a, b))

    def frame_subset(self, mask: int) -> frozenset:
        """The subset of the output frame with bitmask ``mask``."""
        return frozenset(self.frame[i] for i in range(len(self.frame)) if mask >> i & 1)

    def _worst(self, reading: str, pairs: str) -> Worst:
        numerator, denominator, _ = RATIOS[reading]
        return self.max_ratio(numerator, denominator, pairs)

    def worst_shafer(self, pairs: str = "all") -> Worst:
        """Where r_S = max m_x(E)/m_x'(E) is attained (003 Definition 3.1, reading ``SLDP``)."""
        return self._worst("SLDP", pairs)

    def worst_bel(self, pairs: str = "all") -> Worst:
        """Where r_{bel,S} is attained (reading ``bel loss``)."""
        return self._worst("bel loss", pairs)

    def worst_pl(self, pairs: str = "all") -> Worst:
        """Where r_{pl,S} is attained (reading ``pl loss``)."""
        return self._worst("pl loss", pairs)

    def worst_walley(self, pairs: str = "all") -> Worst:
        """Where r^W = max pl_x(E)/bel_x'(E) is attained (003 Definition 3.13: reading ``WLDP`` for
        ``pairs="all"``, ``WLDP: distinct pairs`` for ``pairs="distinct"``)."""
        return self._worst("WLDP" if pairs == "all" else "WLDP: distinct pairs", pairs)

    def ratio_shafer(self, pairs: str = "all") -> Number:
        return self.worst_shafer(pairs).ratio

    def ratio_bel(self, pairs: str = "all") -> Number:
        return self.worst_bel(pairs).ratio

    def ratio_pl(self, pairs: str = "all") -> Number:
        return self.worst_pl(pairs).ratio

    def ratio_walley(self, pairs: str = "all") -> Number:
        """r^W by the formula max_{x,x',E} pl_x(E) / bel_x'(E)."""
        return self.worst_walley(pairs).ratio

    def ratio_walley_vertices(self, pairs: str = "all", *, max_labels: int = 7) -> Number:
        """r^W by optimisation over the credal sets: max over pairs of extreme points (pr_x, pr_x') and
        outputs y of pr_x(y)/pr_x'(y) (a linear-fractional objective is maximised at vertices, and for a
        fixed pair the largest event ratio is a singleton ratio). Independent of the bel/pl formulas."""
        allowed = self._pair_mask(pairs)
        highs, lows = [], []
        for r in self.rows.values():
            v = r.vertex_matrix(max_labels=max_labels)
            if self.exact:
                v = v.astype(object) * (self._common // r.denominator) if self._common >= 2**62 \
                    else v * (self._common // r.denominator)
            else:
                v = v.astype(float)
            # for each output y: the largest and the smallest pr(y) over the vertices; the best pair of
            # vertices for y maximises the numerator and minimises the denominator independently
            highs.append(v.max(axis=0).tolist())
            lows.append(v.min(axis=0).tolist())
        best: tuple | None = None
        for i, j in zip(*np.nonzero(allowed)):
            for a, b in zip(highs[i], lows[j]):
                if b == 0:
                    if a != 0:
                        return math.inf
                    continue
                if best is None or a * best[1] > best[0] * b:
                    best = (a, b)
        if best is None:
            raise invalid("pairs", pairs, "no pair (x, x', y) with a non-zero denominator")
        return self._exact_quotient(*best)

    def epsilon_shafer(self, pairs: str = "all") -> sympy.Expr | float:
        """ε_S = ln r_S (003 §3.1)."""
        return self._loss(self.ratio_shafer(pairs))

    def epsilon_bel(self, pairs: str = "all") -> sympy.Expr | float:
        """ε_{bel,S} = ln r_{bel,S}."""
        return self._loss(self.ratio_bel(pairs))

    def epsilon_pl(self, pairs: str = "all") -> sympy.Expr | float:
        """ε_{pl,S} = ln r_{pl,S}."""
        return self._loss(self.ratio_pl(pairs))

    def epsilon_walley(self, pairs: str = "all", method: str = "plbel") -> sympy.Expr | float:
        """ε^W = ln r^W (003 §3.2); ``method="plbel"`` (max pl/bel) or ``"vertices"`` (credal vertices)."""
        if method == "plbel":
            return self._loss(self.ratio_walley(pairs))
        if method == "vertices":
            return self._loss(self.ratio_walley_vertices(pairs))
        raise invalid("method", method, "not one of ('plbel', 'vertices')")

    def _loss(self, r: Any) -> sympy.Expr | float:
        if self.exact:
            if r == math.inf:
                return sympy.oo
            return sympy.log(sympy.Rational(r.numerator, r.denominator))
        return math.inf if r == math.inf else math.log(r)

    # --- composition and post-processing -----------------------------------------------------------------
    def compose(self, other: Mechanism) -> Mechanism:
        """Q_{1,2}(x) = (Q1(x), Q2(x)): independent product rows on Y1 × Y2, focal sets E1 × E2 (see
        :func:`numeric.belief.mass_product` for the reading)."""
        if set(self.inputs) != set(other.inputs):
            raise invalid("other.inputs", other.inputs, f"must equal the inputs {self.inputs}")
        return Mechanism({x: mass_product(self.rows[x], other.rows[x]) for x in self.inputs})

    def post_process(self, f: Mapping[Hashable, Hashable] | Callable[[Hashable], Hashable],
                     codomain: Iterable[Hashable] | None = None) -> Mechanism:
        """f∘Q for a deterministic f : Y -> Z: each row's random set sent to its image."""
        if codomain is None:
            fmap = f if isinstance(f, Mapping) else {y: f(y) for y in self.frame}
            codomain = tuple(dict.fromkeys(fmap[y] for y in self.frame))
        return Mechanism({x: r.image(f, codomain) for x, r in self.rows.items()})

    def post_process_mixture(self, components: Iterable[tuple[Any, Any]], codomain: Iterable[Hashable]) -> Mechanism:
        """f∘Q for a randomized f given as a data-independent mixture of deterministic maps (w_k, f_k)."""
        components = list(components)
        codomain = tuple(codomain)
        return Mechanism({x: r.mixture_image(components, codomain) for x, r in self.rows.items()})

    def post_process_kernel(self, kernel: Mapping[Hashable, Mapping[Hashable, Any]],
                            codomain: Iterable[Hashable]) -> Mechanism:
        """f∘Q for f that randomizes each element y independently by K(· | y) (= a mixture of maps)."""
        return self.post_process_mixture(kernel_as_mixture(kernel), codomain)


def compose(first: Mechanism, second: Mechanism) -> Mechanism:
    """Q_{1,2} = (Q1, Q2); see :meth:`Mechanism.compose`."""
    return first.compose(second)


def messages(Q: Mechanism) -> Mechanism:
    """Q read as a probabilistic mechanism whose outputs are the messages E ∈ 2^Y ∖ {∅} (003 §3.1: "if we
    set 2^Y ∖ {∅} as the output alphabet, then the above Q is simply the standard local differential
    private mechanism"): row x is the Bayesian mass function P_x({E}) = m_x(E) on the frame of the
    2^|Y| - 1 non-empty subsets (labels: frozensets, by increasing bitmask)."""
    labels = tuple(Q.frame_subset(mask) for mask in range(1, 1 << len(Q.frame)))
    if len(labels) > 20:
        raise invalid("Q.frame", Q.frame, "at most 4 labels (the message frame has 2^|Y| - 1 labels)")
    rows = {x: _message_row(labels, Q[x].mass_vector()) for x in Q.inputs}
    return Mechanism(rows)


def _message_row(labels: tuple, masses: list) -> MassFunction:
    """The Bayesian row on the message frame: the singleton of message i (bit i) carries the mass of the
    i-th non-empty subset."""
    vector = [0] * (1 << len(labels))
    for i, value in enumerate(masses[1:]):
        vector[1 << i] = value
    return MassFunction.from_vector(labels, vector)


# --- constructors ------------------------------------------------------------------------------------------
#: Output labels of the binary mechanisms ("yes" = the sensitive property, "no"); inputs "x", "x'".
YES, NO = "yes", "no"
BINARY_FRAME = (YES, NO)
BINARY_INPUTS = ("x", "x'")


#: Largest ε a constructor accepts: e^700 ≈ 10^304 is near the largest double, and beyond it a row is
#: (1, 0, …) to every working precision while its exact form grows without bound.
MAX_EPSILON = 700
#: Most categories of :func:`evidential_randomized_response`: a mass function's frame has at most 20 labels
#: (2^20 subsets).
MAX_CATEGORIES = 20


def _number(name: str, value: NumberLike, lo: Number = 0, hi: Number = 1) -> Number:
    """A probability-like number: a finite float stays a float (a sweep), every exact form (int, Fraction,
    ``"3/5"``, ``"0.3"``, a sympy Rational) becomes a Fraction; NaN, infinities and non-numbers are refused."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise invalid(name, value, "not a number (NaN and infinities are refused)")
        v: Number = value
    else:
        if isinstance(value, bool):
            raise invalid(name, value, "not a number")
        try:
            v = as_fraction(name, value)
        except InvalidArgument:
            raise invalid(name, value, "not a number", "give an exact number such as 3/5 or '3/5'") from None
    if not lo <= v <= hi:
        raise invalid(name, value, f"must lie in [{lo}, {hi}]")
    return v


def _epsilon(eps: ExprLike) -> tuple[sympy.Expr, bool]:
    """ε as an exact sympy number and whether it came as a float: a finite float, an exact number, or an
    expression without names (``sympy.log(3)``, ``"log(3)"``); refused unless 0 <= ε <= :data:`MAX_EPSILON`
    (decided before e^ε is computed)."""
    if isinstance(eps, float):
        if not math.isfinite(eps) or not 0 <= eps <= MAX_EPSILON:
            raise invalid("eps", eps, f"must be a finite number >= 0 (at most MAX_EPSILON = {MAX_EPSILON})")
        return expression(eps, "eps"), True
    value = expression(eps, "eps")
    if value.free_symbols:
        raise invalid("eps", eps, "must be a number, not an expression with names",
                      "use proofs.mechanisms for a mechanism in a symbolic ε")
    with mpf(DEFAULT_DPS).active() as ctx:
        approximate = ctx.evaluate(value, {})
    if not approximate >= 0:
        raise invalid("eps", eps, "must be a real number >= 0")
    if approximate > MAX_EPSILON:
        raise invalid("eps", eps, f"is above MAX_EPSILON = {MAX_EPSILON}: e^ε would exceed every working precision")
    return value, False


def _rows(family: families.Family, values: Values, as_float: bool) -> list[list[Number]]:
    """The family's rows at ``values``: Fractions when every entry is rational and no input was a float,
    else floats (read from the exact entries at :data:`core.context.DEFAULT_DPS` digits)."""
    entries = family.entries(values)
    if not as_float and all(e.is_Rational for row in entries for e in row):
        return [[Fraction(int(e.p), int(e.q)) for e in row] for row in entries]
    context = mpf(DEFAULT_DPS)
    return [[float(context.evaluate(e, {})) for e in row] for row in entries]


def _binary(rows: Sequence[Sequence[Number]]) -> Mechanism:
    return Mechanism({x: MassFunction.bayesian(BINARY_FRAME, dict(zip(BINARY_FRAME, row)))
                      for x, row in zip(BINARY_INPUTS, rows)})


def evidential_q2x3(p: Any, q: Any) -> Mechanism:
    """Q_{2×3} = [[p, q, 1-p-q], [q, p, 1-p-q]] (003 §3.1): input x answers "yes" with p, "no" with q
    and "don't know" (mass on the whole frame {yes, no}) with 1-p-q; x' swaps p and q. Requires
    p, q ∈ [0, 1], p + q <= 1 (the paper also assumes p > 1/2; not enforced here). The rows are those of
    :func:`numeric.families.q2x3`."""
    p, q = _number("p", p), _number("q", q)
    if p + q > 1:
        raise invalid("p + q", p + q, "must be <= 1 (1 - p - q is the mass of \"don't know\")")
    rows = _rows(families.q2x3(), {"p": p, "q": q}, isinstance(p, float) or isinstance(q, float))
    focal = (frozenset([YES]), frozenset([NO]), frozenset(BINARY_FRAME))
    return Mechanism({x: MassFunction(BINARY_FRAME, dict(zip(focal, row))) for x, row in zip(BINARY_INPUTS, rows)})


def q2x3_masses(p: Real, q: Real) -> dict[Hashable, dict[int, Real]]:
    """The mass table of Q_{2×3} by bitmask on the frame (yes, no): 1 = {yes}, 2 = {no}, 3 = {yes, no}; for
    symbolic p, q (sympy) as well as numbers, without validation (the symbolic form of :func:`evidential_q2x3`)."""
    return {"x": {1: p, 2: q, 3: 1 - p - q}, "x'": {1: q, 2: p, 3: 1 - p - q}}


def q_lambda_masses(p: Any, q: Any, lam: Any) -> dict[str, dict[int, Any]]:
    """The mass table of Q_λ by bitmask (Bayesian rows; the symbolic form of :func:`evidential_q_lambda`)."""
    r = 1 - p - q
    a, b = p + lam * r, q + (1 - lam) * r
    return {"x": {1: a, 2: b}, "x'": {1: b, 2: a}}


def evidential_q_lambda(p: Any, q: Any, lam: Any) -> Mechanism:
    """Q_λ (003 §3.2): the "don't know" mass 1-p-q redistributed, λ to the truthful answer:
    [[p + λ(1-p-q), q + (1-λ)(1-p-q)], [q + (1-λ)(1-p-q), p + λ(1-p-q)]] (Bayesian rows; those of
    :func:`numeric.families.q_lambda`)."""
    p, q, lam = _number("p", p), _number("q", q), _number("lam", lam)
    if p + q > 1:
        raise invalid("p + q", p + q, "must be <= 1")
    as_float = any(isinstance(v, float) for v in (p, q, lam))
    return _binary(_rows(families.q_lambda(), {"p": p, "q": q, "lam": lam}, as_float))


def evidential_warner(p: Any) -> Mechanism:
    """Warner's randomized response [[p, 1-p], [1-p, p]] (003 Example 3.7; :func:`numeric.families.warner`)."""
    p = _number("p", p)
    return _binary(_rows(families.warner(), {"p": p}, isinstance(p, float)))


def evidential_q_wrr(eps: Any) -> Mechanism:
    """Binary randomized response with loss ε: truthful with e^ε/(1+e^ε) (:func:`numeric.families.q_wrr`).
    Exact when e^ε is rational (e.g. ``eps=sympy.log(3)`` or ``"log(3)"``), float otherwise."""
    value, as_float = _epsilon(eps)
    return _binary(_rows(families.q_wrr(), {"eps": value}, as_float))


def evidential_randomized_response(c: int, eps: Any) -> Mechanism:
    """k-ary randomized response with c categories and loss ε, as an evidential mechanism: inputs and outputs 0..c-1, the true value
    with e^ε/(e^ε + c - 1), each other value with 1/(e^ε + c - 1) (:func:`numeric.families.randomized_response`
    at d = c). At most :data:`MAX_CATEGORIES` categories."""
    exact_c = None if isinstance(c, (bool, float)) else _integer_or_none(c)
    if exact_c is None or exact_c < 2:
        raise invalid("c", c, "must be an integer >= 2")
    if exact_c > MAX_CATEGORIES:
        raise invalid("c", c, f"is above MAX_CATEGORIES = {MAX_CATEGORIES}: an output frame has at most 20 labels",
                      "use proofs.mechanisms.randomized_response for a symbolic number of categories")
    value, as_float = _epsilon(eps)
    rows = _rows(families.randomized_response(exact_c, "eps"), {"eps": value}, as_float)
    frame = tuple(range(exact_c))
    return Mechanism({x: MassFunction.bayesian(frame, dict(zip(frame, row))) for x, row in zip(frame, rows)})


def _integer_or_none(value: object) -> int | None:
    try:
        exact = as_fraction("c", value)
    except InvalidArgument:
        return None
    return int(exact) if exact.denominator == 1 else None
