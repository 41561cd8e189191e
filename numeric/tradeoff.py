"""Hypothesis testing between two inputs of an evidential mechanism: errors of tests and trade-off functions.

003 §3.1 (text before Theorem 3.5, Theorem 3.5, Corollary 3.6) and §3.2 (Definition 3.17, Theorem 3.18,
Corollary 3.19); source ``003_c07100d0f17e2eef.txt``. H0: the input is x, H1: the input is x'. A test
(rejection rule) is φ : Y → [0, 1]; a deterministic test is the indicator of a rejection region R ⊆ Y.
With P_x the credal set of bel_x (the probabilities dominating bel_x), the paper's errors are

=====================  =====================================  ==========================  ===========================
name here              definition                             deterministic test 1_R      the paper's name
=====================  =====================================  ==========================  ===========================
``alpha_upper``        sup_{pr∈P_x} E_pr(φ)                   pl_x(R)                     α_φ (Thm 3.5), α^{pe}_φ
``alpha_lower``        inf_{pr∈P_x} E_pr(φ)                   bel_x(R)                    α^{op}_φ (§3.2)
``beta_upper``         1 - inf_{pr∈P_x'} E_pr(φ)              1 - bel_x'(R) = pl_x'(R^c)   β_φ (Thm 3.5), β^{pe}_φ
``beta_lower``         inf_{pr∈P_x'} E_pr(1-φ)                1 - pl_x'(R) = bel_x'(R^c)   β^{op}_φ (§3.2)
=====================  =====================================  ==========================  ===========================

The sup/inf over a credal set of E_pr(φ) is the upper/lower Choquet expectation
(:meth:`numeric.belief.MassFunction.upper_expectation`). Splitting φ into its level sets
R_1 ⊇ R_2 ⊇ ... (φ = Σ_k w_k 1_{R_k}, Σ w_k = 1 with R = ∅ allowed) makes all four errors the same convex
combination of the errors of the deterministic tests R_k (comonotonic additivity of Choquet integrals;
:meth:`TestingProblem.errors_by_levels`). Hence, for a bound β ≥ g(α) with g convex (or β ≤ g(α), g
concave) deterministic tests are the worst case. The trade-off functions over randomized tests
(readings named in :mod:`numeric.definitions.testing`) are

* T^{pe}(α) = inf{β^{pe}_φ : α^{pe}_φ ≤ α} (Definition 3.17): the lower convex envelope of the points
  (pl_x(R), pl_x'(R^c)), made non-increasing (:meth:`TestingProblem.tradeoff_pe`). The achievable points
  are the convex combinations along *chains* of regions, not all convex combinations; the envelope is
  nevertheless exact: if regions A, B lie on a supporting line s·α + β = c (s ≥ 0) of the points, then
  pl submodular gives p(A ∩ B) + p(A ∪ B) ≤ p(A) + p(B) componentwise, so A ∩ B and A ∪ B lie on the line
  too, and pl monotone puts their type I errors outside [α_A, α_B]: every edge is spanned by a nested
  pair. (The unit tests compare with the chain-by-chain minimum.)
* T^{op}(α) = sup{β^{op}_φ : α^{op}_φ ≤ α} as printed (the primary reading): the test φ ≡ 0 has
  α^{op} = 0 and β^{op} = 1, so the printed T^{op} is identically 1 (:meth:`TestingProblem.tradeoff_op`
  with ``reading="printed"``); ``reading="upper-boundary"`` gives the repaired definition
  sup{β^{op}_φ : α^{op}_φ ≥ α}, the upper concave envelope of the points (bel_x(R), bel_x'(R^c)) made
  non-increasing (exact by the same argument, bel being supermodular); ``reading="inf"`` gives
  inf{β^{op}_φ : α^{op}_φ ≤ α}, computed chain by chain (n! chains), since the lower edge of the
  optimistic region has no lattice property.

Two-fold composition (Corollaries 3.6 and 3.19): Q(x) × Q(x) against Q(x') × Q(x') is
:meth:`TestingProblem.square`, the generic product of :func:`numeric.belief.mass_product` (focal sets E1 × E2);
:func:`q2x3_square_table` is the mass table printed in the appendix proof of Corollary 3.6 on the frame
{0, 1, 2}, which is the image of that product under y ↦ number of "no" answers (:func:`count_no`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from numbers import Real
from typing import Any

from core.types import NumberLike
from numeric.belief import MassFunction, mass_product
from numeric.mechanisms import NO, Mechanism, evidential_q2x3
from numeric.tradeoff_bounds import BOUNDS, check_r
from numeric.tradeoff_pl import (PiecewiseLinear, lower_hull, pointwise_min, prefix_max, prefix_min, suffix_max,
                                 upper_hull)
from core.errors import invalid

__all__ = [
    "TestErrors", "TestingProblem", "ERROR_PAIRS", "q2x3_square_table", "count_no",
    "tradeoff_figure_data", "MAX_CHAIN_LABELS",
]

#: Largest frame whose chains of regions (n! orderings) are enumerated.
MAX_CHAIN_LABELS = 6

#: The (type I, type II) pairs the claims are read with: name -> (alpha attribute, beta attribute).
ERROR_PAIRS = {
    "printed": ("alpha_upper", "beta_upper"),          # α_φ, β_φ of Theorem 3.5 = (α^{pe}, β^{pe})
    "pe": ("alpha_upper", "beta_upper"),
    "op": ("alpha_lower", "beta_lower"),
    "interval-lower": ("alpha_upper", "beta_lower"),   # proof of Thm 3.5, part 1: pl_x(R) ≤ α ⇒ bel_x'(R^c) ≥ u(α)
    "interval-upper": ("alpha_lower", "beta_upper"),   # proof of Thm 3.5, part 2: bel_x(R) ≥ α' ⇒ pl_x'(R^c) ≤ U(α')
}


@dataclass(frozen=True)
class TestErrors:
    """The four errors of one test (see the module docstring): lower ≤ upper, all in [0, 1]."""

    alpha_lower: Any
    alpha_upper: Any
    beta_lower: Any
    beta_upper: Any

    __test__ = False  # not a pytest class

    def __post_init__(self) -> None:
        for name in ("alpha_lower", "alpha_upper", "beta_lower", "beta_upper"):
            value = getattr(self, name)
            if not 0 <= value <= 1:
                raise invalid(name, value, "an error probability lies in [0, 1]")
        for kind in ("alpha", "beta"):
            lo, up = getattr(self, f"{kind}_lower"), getattr(self, f"{kind}_upper")
            if lo > up:
                raise invalid(f"{kind}_lower", lo, f"exceeds {kind}_upper={up}")

    def pair(self, reading: str) -> tuple[Any, Any]:
        """(type I, type II) under ``reading``, one of :data:`ERROR_PAIRS`."""
        try:
            a, b = ERROR_PAIRS[reading]
        except KeyError:
            raise invalid("reading", reading, f"not one of {sorted(ERROR_PAIRS)}") from None
        return getattr(self, a), getattr(self, b)

    def to_json(self) -> dict:
        return {"alpha_lower": self.alpha_lower, "alpha_upper": self.alpha_upper,
                "beta_lower": self.beta_lower, "beta_upper": self.beta_upper}


@dataclass(frozen=True, eq=False)
class TestingProblem:
    """H0: Q(x) (``null``) against H1: Q(x') (``alternative``), two mass functions on one frame."""

    null: MassFunction
    alternative: MassFunction

    __test__ = False

    def __post_init__(self) -> None:
        for name in ("null", "alternative"):
            if not isinstance(getattr(self, name), MassFunction):
                raise invalid(name, getattr(self, name), "not a MassFunction")
        if self.null.frame != self.alternative.frame:
            raise invalid("alternative", list(self.alternative.frame),
                          f"frame differs from the null's {list(self.null.frame)}")

    @classmethod
    def of(cls, mechanism: Mechanism, x: Hashable, x_prime: Hashable) -> TestingProblem:
        """The problem x against x' for the rows of ``mechanism``."""
        for name, key in (("x", x), ("x_prime", x_prime)):
            if key not in mechanism.rows:
                raise invalid(name, key, f"not an input of the mechanism {list(mechanism.inputs)}")
        return cls(mechanism[x], mechanism[x_prime])

    @property
    def frame(self) -> tuple:
        return self.null.frame

    @property
    def exact(self) -> bool:
        return self.null.exact and self.alternative.exact

    def mechanism(self) -> Mechanism:
        """The two rows as a mechanism with inputs "x", "x'" (for its privacy losses)."""
        return Mechanism({"x": self.null, "x'": self.alternative})

    @cached_property
    def _swapped(self) -> TestingProblem:
        return TestingProblem(self.alternative, self.null)

    def swapped(self) -> TestingProblem:
        """x' against x (cached, so its tests are enumerated once)."""
        return self._swapped

    def square(self) -> TestingProblem:
        """Q(x) × Q(x) against Q(x') × Q(x') (Corollaries 3.6, 3.19), by :func:`numeric.belief.mass_product`."""
        return TestingProblem(mass_product(self.null, self.null), mass_product(self.alternative, self.alternative))

    # --- errors ---------------------------------------------------------------------------------
    def region(self, mask: int) -> frozenset:
        return self.null.subset(mask)

    def errors(self, region: Iterable[Hashable]) -> TestErrors:
        """The errors of the deterministic test rejecting H0 on ``region`` (bel and pl)."""
        r = frozenset(region)
        return TestErrors(self.null.bel(r), self.null.pl(r), 1 - self.alternative.pl(r), 1 - self.alternative.bel(r))

    @cached_property
    def deterministic(self) -> tuple[tuple[frozenset, TestErrors], ...]:
        """(R, errors of 1_R) for every R ⊆ Y (2^|Y| tests), by bitmask order; exact when the rows are."""
        n = len(self.frame)
        d0, d1 = self.null.denominator, self.alternative.denominator
        bel0, pl0 = self.null.raw("bel"), self.null.raw("pl")
        bel1, pl1 = self.alternative.raw("bel"), self.alternative.raw("pl")
        value = (lambda v, d: Fraction(int(v), d)) if self.exact else (lambda v, d: float(v) / d)
        one = Fraction(1) if self.exact else 1.0
        out = []
        for mask in range(1 << n):
            out.append((self.region(mask), TestErrors(value(bel0[mask], d0), value(pl0[mask], d0),
                                                      one - value(pl1[mask], d1), one - value(bel1[mask], d1))))
        return tuple(out)

    def errors_randomized(self, phi: Mapping[Hashable, Real] | Callable[[Hashable], Real]) -> TestErrors:
        """The errors of a randomized test φ : Y → [0, 1] by the lower/upper Choquet expectations of
        :mod:`numeric.belief`."""
        values = self._phi(phi)
        one_minus = {y: 1 - v for y, v in values.items()}
        return TestErrors(self.null.lower_expectation(values), self.null.upper_expectation(values),
                          self.alternative.lower_expectation(one_minus), self.alternative.upper_expectation(one_minus))

    def errors_by_levels(self, phi: Mapping[Hashable, Real] | Callable[[Hashable], Real]) -> TestErrors:
        """The same errors as :meth:`errors_randomized`, computed independently as the convex combination
        Σ_k w_k errors(R_k) over the level sets R_k = {φ ≥ t_k} (weights t_k - t_{k+1})."""
        values = self._phi(phi)
        levels = sorted(set(values.values()) | {0, 1}, reverse=True)
        total = [0, 0, 0, 0]
        for t_hi, t_lo in zip(levels, levels[1:]):
            weight = t_hi - t_lo
            if weight == 0:
                continue
            e = self.errors([y for y, v in values.items() if v >= t_hi])
            for i, part in enumerate((e.alpha_lower, e.alpha_upper, e.beta_lower, e.beta_upper)):
                total[i] = total[i] + weight * part
        return TestErrors(*total)

    def _phi(self, phi: Any) -> dict:
        values = {y: (phi(y) if callable(phi) else phi[y]) for y in self.frame}
        for y, v in values.items():
            if isinstance(v, bool) or not isinstance(v, Real) or not 0 <= v <= 1:
                raise invalid(f"phi[{y!r}]", v, "a test takes values in [0, 1]")
        return values

    def integer_points(self, reading: str) -> tuple[tuple[tuple[int, int], ...], int, int]:
        """The points of :meth:`points` as integer numerators over two denominators: ((A_R, B_R) for every
        region R by bitmask, d_alpha, d_beta) with (type I, type II) = (A_R / d_alpha, B_R / d_beta). Exact
        problems only; cached (the exhaustive checks compare millions of points in integer arithmetic)."""
        if not self.exact:
            raise invalid("problem", self, "integer points need exact rows")
        try:
            first, second = ERROR_PAIRS[reading]
        except KeyError:
            raise invalid("reading", reading, f"not one of {sorted(ERROR_PAIRS)}") from None
        return self._cached("integers " + reading, lambda: self._integer_points(first, second))

    def _integer_points(self, first: str, second: str) -> tuple[tuple[tuple[int, int], ...], int, int]:
        d0, d1 = self.null.denominator, self.alternative.denominator
        alpha = [int(v) for v in self.null.raw("bel" if first == "alpha_lower" else "pl")]
        beta = [d1 - int(v) for v in self.alternative.raw("pl" if second == "beta_lower" else "bel")]
        return tuple(zip(alpha, beta)), d0, d1

    def points(self, reading: str) -> list[tuple[Any, Any]]:
        """(type I, type II) of every deterministic test under ``reading`` (:data:`ERROR_PAIRS`), by bitmask;
        for exact rows read from :meth:`integer_points` (no per-region objects)."""
        if self.exact:
            pairs, d_alpha, d_beta = self.integer_points(reading)
            return [(Fraction(a, d_alpha), Fraction(b, d_beta)) for a, b in pairs]
        return [e.pair(reading) for _, e in self.deterministic]

    # --- trade-off functions ----------------------------------------------------------------------
    def _cached(self, key: str, compute: Callable[[], Any]) -> Any:
        cache = self.__dict__.setdefault("_function_cache", {})
        if key not in cache:
            cache[key] = compute()
        return cache[key]

    def tradeoff_pe(self) -> PiecewiseLinear:
        """T^{pe}(α) = inf{β^{pe}_φ : α^{pe}_φ ≤ α} over randomized tests (Definition 3.17), exact.

        The lower convex envelope of the deterministic points made non-increasing; defined on [0, 1]
        (R = ∅ has α^{pe} = 0). Cached."""
        return self._cached("pe", self._tradeoff_pe)

    def _tradeoff_pe(self) -> PiecewiseLinear:
        hull = prefix_min(lower_hull(self.points("pe")))
        if hull[-1][0] < 1:
            hull.append((Fraction(1), hull[-1][1]))
        return PiecewiseLinear(tuple(hull))

    def tradeoff_op(self, reading: str = "printed") -> PiecewiseLinear:
        """T^{op} over randomized tests, exact.

        ``reading="printed"`` (Definition 3.17): sup{β^{op}_φ : α^{op}_φ ≤ α}, identically 1 because of
        the test φ ≡ 0; ``reading="upper-boundary"``: sup{β^{op}_φ : α^{op}_φ ≥ α}, the upper concave
        envelope of the points (bel_x(R), bel_x'(R^c)) made non-increasing (R = Y has α^{op} = 1);
        ``reading="inf"``: inf{β^{op}_φ : α^{op}_φ ≤ α}, the minimum over the chains of regions (frames of
        at most :data:`MAX_CHAIN_LABELS` labels). Cached."""
        if reading not in ("printed", "upper-boundary", "inf"):
            raise invalid("reading", reading, "not one of ('printed', 'upper-boundary', 'inf')")
        return self._cached("op " + reading, lambda: self._tradeoff_op(reading))

    def chains(self) -> Iterable[tuple[frozenset, ...]]:
        """The maximal chains ∅ ⊂ {y_1} ⊂ ... ⊂ Y of regions, one per ordering of the frame: the level
        sets of a test φ always lie on one of them."""
        if len(self.frame) > MAX_CHAIN_LABELS:
            raise invalid("frame", f"<{len(self.frame)} labels>", f"chains enumerate n! orderings; at most "
                          f"{MAX_CHAIN_LABELS} labels")
        for ordering in itertools.permutations(self.frame):
            yield tuple(frozenset(ordering[:i]) for i in range(len(ordering) + 1))

    def _tradeoff_op(self, reading: str) -> PiecewiseLinear:
        if reading == "inf":
            errors = dict(self.deterministic)
            per_chain = []
            for chain in self.chains():
                hull = prefix_min(lower_hull([errors[region].pair("op") for region in chain]))
                per_chain.append(PiecewiseLinear(tuple(hull)))
            return pointwise_min(per_chain)
        hull = upper_hull(self.points("op"))
        if reading == "printed":
            vertices = prefix_max(hull)
            if vertices[-1][0] < 1:
                vertices.append((Fraction(1), vertices[-1][1]))
            return PiecewiseLinear(tuple(vertices))
        if reading == "upper-boundary":
            vertices = suffix_max(hull)
            if vertices[0][0] > 0:
                vertices.insert(0, (Fraction(0), vertices[0][1]))
            return PiecewiseLinear(tuple(vertices))
        raise AssertionError(reading)


# --- the appendix's mass table for Q_{2x3} squared ------------------------------------------------------------
def count_no(label: tuple) -> int:
    """The number of "no" answers in an output (y1, y2) of Q_{2x3} × Q_{2x3}: the map under which the
    appendix's table on {0, 1, 2} is the image of the product (``{0}`` ↔ both "yes")."""
    return sum(1 for y in label if y == NO)


def q2x3_square_table(p: NumberLike, q: NumberLike) -> TestingProblem:
    """The mass functions m_x^{⊗2}, m_x'^{⊗2} on the frame {0, 1, 2} as printed in the appendix proof of
    Corollary 3.6 (003): {0}: p², {1}: 2pq, {2}: q², {0,1}: 2p(1-p-q), {1,2}: 2q(1-p-q), {0,1,2}: (1-p-q)²
    for x, and p, q swapped for x'. Exact for rational p, q."""
    evidential_q2x3(p, q)  # validates p, q
    p, q = Fraction(p), Fraction(q)
    d = 1 - p - q

    def table(a: Fraction, b: Fraction) -> MassFunction:
        return MassFunction((0, 1, 2), {frozenset({0}): a * a, frozenset({1}): 2 * a * b, frozenset({2}): b * b,
                                        frozenset({0, 1}): 2 * a * d, frozenset({1, 2}): 2 * b * d,
                                        frozenset({0, 1, 2}): d * d})

    return TestingProblem(table(p, q), table(q, p))


# --- the paper's Figures 1 and 4 --------------------------------------------------------------------------------
def tradeoff_figure_data(p: NumberLike = Fraction(3, 5), q: NumberLike = Fraction(1, 5), *, points: int = 101) -> dict:
    """The data of 003 Figure 1 (SLDP) and Figure 4 (WLDP) for Q_{2x3}(p, q), x against x'.

    Returns ``{"alpha": [...], "sldp": {...}, "wldp": {...}, "p", "q", "r_shafer", "r_walley"}`` where
    ``r_shafer`` = r_S and ``r_walley`` = r^W over all ordered pairs (the primary readings of
    :mod:`numeric.definitions.ldp`, by the mechanism's own ratios),
    ``alpha`` is a float grid of ``points`` type I errors in [0, 1] and

    * ``sldp`` (Figure 1, r = e^{ε_S}): ``"tests"``: the (α_φ, β_φ) = (pl_x(R), pl_x'(R^c)) of the
      deterministic tests of one use, ``"tests2"``: of the two-fold composition (generic product),
      ``"interval"``/``"interval2"``: the [lower, upper] error boxes (α_lower, α_upper, β_lower, β_upper),
      and the curves ``"u"``, ``"U"``, ``"u2"``, ``"U2"`` (as printed) and ``"U2_corrected"`` on ``alpha``;
    * ``wldp`` (Figure 4, r = e^{ε_W}): the exact trade-off functions ``"T_pe"``, ``"T_op"`` (printed:
      ≡ 1), ``"T_op_upper"`` (``T^op: repaired``: sup over α^{op} ≥ α), ``"T2_pe"``, ``"T2_op_upper"`` (two-fold) as lists of
      exact vertices and as floats on ``alpha``, and ``"f_pe"``, ``"f_op"``, ``"f2_pe"``, ``"f2_op"``,
      ``"f2_op_corrected"`` on ``alpha``.

    Everything is exact up to the final conversion to floats for plotting; the feasible (α, β) region of
    randomized tests is the set between the lower (pe) and upper (op) envelopes.
    """
    if not isinstance(points, int) or points < 2:
        raise invalid("points", points, "need at least 2 grid points")
    mech = evidential_q2x3(p, q)
    problem = TestingProblem.of(mech, "x", "x'")
    square = problem.square()
    r_s, r_w = (math.inf if v == math.inf else Fraction(v) for v in (mech.ratio_shafer(), mech.ratio_walley()))
    alpha = [i / (points - 1) for i in range(points)]

    def curve(name: str, r: Any) -> list[float] | None:
        if r == math.inf:
            return None
        bound = BOUNDS[name]
        return [float(bound(Fraction(a).limit_denominator(10**6), check_r(r))) for a in alpha]

    def pl_curve(f: PiecewiseLinear) -> dict:
        return {"vertices": [(float(x), float(y)) for x, y in f.vertices],
                "exact": [(x, y) for x, y in f.vertices],
                "values": [float(f(Fraction(a).limit_denominator(10**6))) for a in alpha]}

    def boxes(prob: TestingProblem) -> list[tuple[float, float, float, float]]:
        return [tuple(float(v) for v in (e.alpha_lower, e.alpha_upper, e.beta_lower, e.beta_upper))
                for _, e in prob.deterministic]

    return {
        "p": p, "q": q, "r_shafer": r_s, "r_walley": r_w, "alpha": alpha,
        "sldp": {
            "tests": [(float(a), float(b)) for a, b in problem.points("printed")],
            "tests2": [(float(a), float(b)) for a, b in square.points("printed")],
            "interval": boxes(problem), "interval2": boxes(square),
            **{name: curve(name, r_s) for name in ("u", "U", "u2", "U2", "U2_corrected")},
        },
        "wldp": {
            "T_pe": pl_curve(problem.tradeoff_pe()),
            "T_op": pl_curve(problem.tradeoff_op("printed")),
            "T_op_upper": pl_curve(problem.tradeoff_op("upper-boundary")),
            "T2_pe": pl_curve(square.tradeoff_pe()),
            "T2_op_upper": pl_curve(square.tradeoff_op("upper-boundary")),
            **{name: curve(name, r_w) for name in ("f_pe", "f_op", "f2_pe", "f2_op", "f2_op_corrected")},
        },
    }
