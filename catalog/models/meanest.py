"""Locally private mean estimation with randomized response (report 004, §2.2 and §3.2).

Source: ``004_7922466618fe9fb7.txt`` (Haider, *Differentially Private Mean Estimation in the Local Model*).

* :class:`WarnerRR` — Warner's randomized response as the report prints it (§2.2):
  Pr(b_i = D_i) = 1/2 + p, Pr(b_i = 1 - D_i) = 1/2 - p, 0 < p < 1/2; the estimator of Eq. (1)
  θ̂₁ = (1/(2p))(#1's/n - (1/2 - p)) and the printed variance (1/(4p²n²))(n/4 - np²).
* :class:`OneHotRR` — the Bassily–Smith extension (§2.2): an individual of type t is the one-hot vector
  e_t ∈ {0,1}^T and every coordinate goes through randomized response independently.
* :class:`Binning` — [L, U] cut into T = (U - L)/c intervals of width c with midpoints m_i (§3.2);
  :func:`binned_mean` ν = Σ m_i θ_i, :func:`nu_hat` ν̂ = Σ m_i θ̂_i, :func:`ci_rr` the printed interval.
* Exact distributions (exact rationals, by enumeration): the count of 1's for a fixed dataset or an
  i.i.d. sample; the joint law of the per-type counts (S_1..S_T) under the report's sampling model
  (individuals i.i.d. of type t with probability θ_t) and for a fixed dataset.
* :func:`enumerate_counts_law` — the same joint law by brute force (every type assignment and every report
  vector), independent of the convolution of :func:`joint_counts_sampled`; :func:`law_moments`.
* :func:`clamped_normal_binned` — ν and the truncated mean μ of a normal clamped to [L, U] (§3.2's example).
* :func:`simulate_ci_rr` — a vectorised simulation of the whole mechanism (seeded numpy Generator).

The Gaussian baseline of §2.1/§3.1 lives in :mod:`catalog.models.meanest_gaussian` and is re-exported here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from core.context import NumbersContext
from core.errors import invalid
from catalog.models.meanest_gaussian import (  # noqa: F401  (re-exported for the notebooks)
    GaussianBaseline, calibrated_delta, check_delta, clipped_mean, gaussian_delta_in, gaussian_sigma, gs_printed,
    gs_usual, simulate_ci_gauss, tail_interval, tail_probability,
)
from catalog.models.meanest_stats import SimulatedCoverage, check_alpha, normal_cdf_in, numbers, z_quantile  # noqa: F401

__all__ = [
    "WarnerRR", "OneHotRR", "Binning", "binned_mean", "nu_hat", "theta_hat",
    "variance_nu_printed", "variance_nu_sampled", "lambda_sq", "ci_rr", "exact_count_law",
    "joint_counts_sampled", "joint_counts_fixed", "exact_ci_rr_coverage", "simulate_ci_rr",
    "enumerate_counts_law", "law_moments", "clamped_normal_binned",
    "GaussianBaseline", "gaussian_sigma", "gaussian_delta_in", "calibrated_delta", "gs_printed", "gs_usual",
    "tail_interval", "tail_probability", "simulate_ci_gauss", "SimulatedCoverage", "z_quantile", "normal_cdf_in",
    "check_p", "check_theta",
]

Number = Fraction | int | str


def _fraction(name: str, value: object) -> Fraction:
    if isinstance(value, bool):
        raise invalid(name, value, "not a number")
    try:
        return Fraction(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise invalid(name, value, "not a number") from None


def check_p(p: Number) -> Fraction:
    """The report's p as an exact rational in (0, 1/2) (§2.2: Pr(b = D_i) = 1/2 + p, p < 1/2)."""
    value = _fraction("p", p)
    if not 0 < value < Fraction(1, 2):
        raise invalid("p", p, "randomized response needs 0 < p < 1/2 (Pr(b = D_i) = 1/2 + p)",
                      "p = 0 answers at random, p = 1/2 answers the truth")
    return value


def check_n(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise invalid("n", n, "the number of individuals is a positive integer")
    return int(n)


def check_theta(theta: Sequence[Number], T: int | None = None) -> tuple[Fraction, ...]:
    """A probability vector of exact rationals (non-negative, summing to 1, of length ``T`` if given)."""
    values = tuple(_fraction("theta", t) for t in theta)
    if not values:
        raise invalid("theta", theta, "needs at least one type")
    if T is not None and len(values) != T:
        raise invalid("theta", theta, f"has {len(values)} entries, the binning has T={T} types")
    if any(t < 0 for t in values) or sum(values) != 1:
        raise invalid("theta", theta, "must be non-negative and sum to 1")
    return values


@dataclass(frozen=True)
class WarnerRR:
    """Randomized response of §2.2: report D_i with probability 1/2 + p, its flip with 1/2 - p."""

    p: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", check_p(self.p))

    @property
    def keep(self) -> Fraction:
        return Fraction(1, 2) + self.p

    @property
    def flip(self) -> Fraction:
        return Fraction(1, 2) - self.p

    def pmf(self, b: int, d: int) -> Fraction:
        """Pr(b_i = b | D_i = d)."""
        if b not in (0, 1) or d not in (0, 1):
            raise invalid("b, d", (b, d), "randomized response maps {0,1} to {0,1}")
        return self.keep if b == d else self.flip

    @property
    def ratio(self) -> Fraction:
        """The largest likelihood ratio (1/2 + p)/(1/2 - p) = (1 + 2p)/(1 - 2p): e^{ε*}."""
        return self.keep / self.flip

    def epsilon_exact(self, ctx: NumbersContext | None = None):
        """The exact privacy loss ε* = ln((1 + 2p)/(1 - 2p)), a number of ``ctx`` (default ``mpf(50)``)."""
        ctx = numbers(ctx)
        with ctx.active():
            return ctx.log(ctx.number(self.ratio))

    @property
    def epsilon_printed(self) -> Fraction:
        """The report's 4p/(1 - 2p)."""
        return 4 * self.p / (1 - 2 * self.p)

    def estimate(self, ones: int, n: int) -> Fraction:
        """θ̂₁ of Eq. (1): (1/(2p))(ones/n - (1/2 - p))."""
        n = check_n(n)
        if not 0 <= ones <= n:
            raise invalid("ones", ones, f"must lie in [0, n={n}]")
        return (Fraction(ones, n) - self.flip) / (2 * self.p)

    def variance_printed(self, n: int) -> Fraction:
        """(1/(4p²n²))(n/4 - np²), the variance the report attributes to θ̂₁."""
        n = check_n(n)
        return (Fraction(n, 4) - n * self.p ** 2) / (4 * self.p ** 2 * n ** 2)

    def variance_sampled(self, theta: Number, n: int) -> Fraction:
        """Var θ̂₁ when the n inputs are i.i.d. Bernoulli(θ): λ(1-λ)/(4p²n), λ = 1/2 - p + 2pθ
        = printed variance + θ(1-θ)/n."""
        n, theta = check_n(n), _fraction("theta", theta)
        lam = self.flip + 2 * self.p * theta
        return lam * (1 - lam) / (4 * self.p ** 2 * n)

    def count_law_fixed(self, ones: int, n: int) -> list[Fraction]:
        """Exact law of #1's in RR(D) for a fixed dataset with ``ones`` 1's among n (Poisson binomial)."""
        n = check_n(n)
        if not 0 <= ones <= n:
            raise invalid("ones", ones, f"must lie in [0, n={n}]")
        return _convolve(_binomial(ones, self.keep), _binomial(n - ones, self.flip))

    def kolmogorov_distance(self, ones: int, n: int, ctx: NumbersContext | None = None):
        """sup_x |F(x) - Φ((x - θ₁)/s)| between the exact law F of θ̂₁ (fixed dataset, ``ones`` 1's among
        n, θ₁ = ones/n) and the normal law with the printed variance s², in ``ctx``."""
        law = self.count_law_fixed(ones, n)
        ctx = numbers(ctx)
        with ctx.active():
            sd = ctx.sqrt(ctx.number(self.variance_printed(n)))
            centre = ctx.number(Fraction(ones, n))
            cdf, distance = ctx.number(0), ctx.number(0)
            for j, w in enumerate(law):
                phi = normal_cdf_in((ctx.number(self.estimate(j, n)) - centre) / sd, ctx)
                distance = max(distance, abs(cdf - phi))
                cdf += ctx.number(w)
                distance = max(distance, abs(cdf - phi))
            return distance

    def berry_esseen_bound(self, n: int, ctx: NumbersContext | None = None):
        """C₀ Σ E|ξ_i|³ / (Σ Var ξ_i)^{3/2} for the n independent answers (Bernoulli(1/2 ± p), each of
        variance 1/4 - p² and third absolute central moment (1/4 - p²)(1/2 + 2p²)), C₀ = 0.5600 (Shevtsova
        2010, non-identical summands): (0.56)(1/2 + 2p²)/√(n(1/4 - p²))."""
        n = check_n(n)
        ctx = numbers(ctx)
        with ctx.active():
            spread = ctx.number(n * (Fraction(1, 4) - self.p ** 2))
            return ctx.number(Fraction(56, 100) * (Fraction(1, 2) + 2 * self.p ** 2)) / ctx.sqrt(spread)

    def count_law_sampled(self, theta: Number, n: int) -> list[Fraction]:
        """Exact law of #1's when the inputs are i.i.d. Bernoulli(θ): Binomial(n, 1/2 - p + 2pθ)."""
        theta = _fraction("theta", theta)
        if not 0 <= theta <= 1:
            raise invalid("theta", theta, "a proportion lies in [0, 1]")
        return _binomial(check_n(n), self.flip + 2 * self.p * theta)


def _binomial(n: int, q: Fraction) -> list[Fraction]:
    return [math.comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1)]


def _convolve(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def exact_count_law(law: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    """(mean, variance) of an integer law given as its pmf list, exactly."""
    mean = sum(k * w for k, w in enumerate(law))
    return mean, sum((k - mean) ** 2 * w for k, w in enumerate(law))


@dataclass(frozen=True)
class OneHotRR:
    """The Bassily–Smith mechanism of §2.2: type t ↦ e_t ∈ {0,1}^T, randomized response on every coordinate."""

    p: Fraction
    T: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", check_p(self.p))
        if isinstance(self.T, bool) or not isinstance(self.T, int) or self.T < 1:
            raise invalid("T", self.T, "the number of types is an integer >= 1")

    @property
    def rr(self) -> WarnerRR:
        return WarnerRR(self.p)

    def outputs(self) -> list[tuple[int, ...]]:
        return list(itertools.product((0, 1), repeat=self.T))

    def pmf(self, b: Sequence[int], t: int) -> Fraction:
        """Pr(M(i) = b | user i is of type t), types numbered 0..T-1."""
        if not 0 <= t < self.T:
            raise invalid("t", t, f"types are 0..{self.T - 1}")
        if len(b) != self.T:
            raise invalid("b", b, f"an output has T={self.T} coordinates")
        rr = self.rr
        out = Fraction(1)
        for i, bit in enumerate(b):
            out *= rr.pmf(bit, int(i == t))
        return out

    def max_ratio(self) -> Fraction:
        """max over outputs b and types t, t' of Pr(M = b | t)/Pr(M = b | t'), by enumeration."""
        best = Fraction(1)
        for b in self.outputs():
            probs = [self.pmf(b, t) for t in range(self.T)]
            best = max(best, max(probs) / min(probs))
        return best

    def output_law(self, theta: Sequence[Number]) -> dict[tuple[int, ...], Fraction]:
        """Law of one individual's report when its type is drawn from θ (the §3.2 sampling model)."""
        theta = check_theta(theta, self.T)
        return {b: sum(theta[t] * self.pmf(b, t) for t in range(self.T)) for b in self.outputs()}


@dataclass(frozen=True)
class Binning:
    """[L, U] cut into T = (U - L)/c intervals of width c (§3.2); c must divide U - L."""

    L: Fraction
    U: Fraction
    c: Fraction

    def __post_init__(self) -> None:
        L, U, c = (_fraction(k, getattr(self, k)) for k in ("L", "U", "c"))
        if not L < U:
            raise invalid("U", self.U, f"must exceed L={self.L}")
        if not c > 0:
            raise invalid("c", self.c, "an interval width is positive")
        if ((U - L) / c).denominator != 1:
            raise invalid("c", self.c, f"must divide U - L = {U - L} (T = (U - L)/c is a whole number of types)")
        object.__setattr__(self, "L", L)
        object.__setattr__(self, "U", U)
        object.__setattr__(self, "c", c)

    @property
    def T(self) -> int:
        return int((self.U - self.L) / self.c)

    @cached_property
    def midpoints(self) -> tuple[Fraction, ...]:
        return tuple(self.L + (i + Fraction(1, 2)) * self.c for i in range(self.T))

    def bin_of(self, x: Number) -> int:
        """The index (0-based) of the interval holding x; interior edges go to the upper interval, U to the last."""
        x = _fraction("x", x)
        if not self.L <= x <= self.U:
            raise invalid("x", x, f"outside [L, U] = [{self.L}, {self.U}]")
        return min(int((x - self.L) // self.c), self.T - 1)

    def bins_of(self, x: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`bin_of` for floats (values clamped to [L, U] first, as §3.2 truncates)."""
        x = np.clip(np.asarray(x, dtype=float), float(self.L), float(self.U))
        return np.minimum(((x - float(self.L)) // float(self.c)).astype(np.int64), self.T - 1)


def binned_mean(binning: Binning, theta: Sequence[Number]) -> Fraction:
    """ν = Σ m_i θ_i (§3.2)."""
    theta = check_theta(theta, binning.T)
    return sum(m * t for m, t in zip(binning.midpoints, theta))


def theta_hat(counts: Sequence[int], n: int, p: Number) -> tuple[Fraction, ...]:
    """θ̂_i of Eq. (1) applied to every coordinate: counts[i] = number of reports with b_i = 1."""
    rr = WarnerRR(p)
    return tuple(rr.estimate(int(s), n) for s in counts)


def nu_hat(binning: Binning, counts: Sequence[int], n: int, p: Number) -> Fraction:
    """ν̂ = Σ m_i θ̂_i (§3.2) from the per-coordinate counts of 1's."""
    if len(counts) != binning.T:
        raise invalid("counts", counts, f"needs T={binning.T} entries")
    return sum(m * t for m, t in zip(binning.midpoints, theta_hat(counts, n, p)))


def variance_nu_printed(binning: Binning, p: Number, n: int) -> Fraction:
    """The report's Var[ν̂] = Σ m_i² (n/4 - np²)/(4p²n²) (§3.2)."""
    return sum(m * m for m in binning.midpoints) * WarnerRR(p).variance_printed(n)


def variance_nu_sampled(binning: Binning, theta: Sequence[Number], p: Number, n: int) -> Fraction:
    """The exact Var[ν̂] under the §3.2 sampling model (types i.i.d. from θ):
    printed + (Σ m_i² θ_i - ν²)/n, the extra term being the variance of the binned variable over n."""
    theta = check_theta(theta, binning.T)
    nu = binned_mean(binning, theta)
    spread = sum(m * m * t for m, t in zip(binning.midpoints, theta)) - nu * nu
    return variance_nu_printed(binning, p, n) + spread / check_n(n)


def lambda_sq(binning: Binning, theta: Sequence[Number], n: int) -> Fraction:
    """λ² = (1/(n-1)) Σ n θ_i (m_i - ν)² (§3.2), for any vector θ (the plug-in uses θ̂, which may be negative)."""
    n = check_n(n)
    if n < 2:
        raise invalid("n", n, "λ² divides by n - 1; needs n >= 2")
    theta = tuple(_fraction("theta", t) for t in theta)
    if len(theta) != binning.T:
        raise invalid("theta", theta, f"needs T={binning.T} entries")
    nu = sum(m * t for m, t in zip(binning.midpoints, theta))
    return sum(n * t * (m - nu) ** 2 for m, t in zip(binning.midpoints, theta)) / (n - 1)


def ci_rr(binning: Binning, nu_estimate: float, p: Number, n: int, alpha: Number = Fraction(1, 20),
          *, variance: Fraction | None = None) -> tuple[float, float]:
    """The printed interval ν̂ ± z*_{α/2} √(Σ m_i² (n/4 - np²)/(4p²n²)) (§3.2), as floats.

    ``variance`` replaces the printed variance (e.g. :func:`variance_nu_sampled`, the corrected one)."""
    v = variance_nu_printed(binning, p, n) if variance is None else Fraction(variance)
    half = float(z_quantile(alpha)) * math.sqrt(v)
    return float(nu_estimate) - half, float(nu_estimate) + half


# --- exact joint laws of the per-type counts -------------------------------------------------------

def _integer_weights(law: dict[tuple[int, ...], Fraction]) -> tuple[dict[tuple[int, ...], int], int]:
    denominator = math.lcm(*(w.denominator for w in law.values()))
    return {b: int(w * denominator) for b, w in law.items()}, denominator


def joint_counts_sampled(p: Number, theta: Sequence[Number], n: int) -> dict[tuple[int, ...], Fraction]:
    """Exact joint law of (S_1, ..., S_T), S_i = #individuals reporting b_i = 1, when the n types are
    i.i.d. from θ (the §3.2 model) and each runs :class:`OneHotRR`. Computed by n convolutions of the
    one-individual law in integer arithmetic (exact)."""
    theta = check_theta(theta)
    n = check_n(n)
    mech = OneHotRR(p, len(theta))
    weights, denominator = _integer_weights(mech.output_law(theta))
    T = mech.T
    table = np.zeros((n + 1,) * T, dtype=object)
    table[(0,) * T] = 1
    for step in range(n):
        new = np.zeros_like(table)
        new[...] = 0  # object zeros are the int 0
        top = step + 1
        for b, w in weights.items():
            if w == 0:
                continue
            dst = tuple(slice(bi, top + 1) for bi in b)
            src = tuple(slice(0, top + 1 - bi) for bi in b)
            new[dst] += w * table[src]
        table = new
    total = denominator ** n
    out = {}
    for index in itertools.product(range(n + 1), repeat=T):
        w = table[index]
        if w:
            out[index] = Fraction(int(w), total)
    return out


def joint_counts_fixed(p: Number, type_counts: Sequence[int]) -> dict[tuple[int, ...], Fraction]:
    """Exact joint law of (S_1, ..., S_T) for a FIXED dataset with type_counts[t] individuals of type t:
    coordinates are independent, S_i = Bin(k_i, 1/2 + p) + Bin(n - k_i, 1/2 - p)."""
    k = [int(x) for x in type_counts]
    if not k or any(x < 0 for x in k) or sum(k) < 1:
        raise invalid("type_counts", type_counts, "non-negative counts with at least one individual")
    n = sum(k)
    rr = WarnerRR(p)
    marginals = [rr.count_law_fixed(ki, n) for ki in k]
    out = {}
    for index in itertools.product(range(n + 1), repeat=len(k)):
        w = Fraction(1)
        for i, s in enumerate(index):
            w *= marginals[i][s]
        if w:
            out[index] = w
    return out


def exact_ci_rr_coverage(binning: Binning, law: dict[tuple[int, ...], Fraction], target: Fraction, p: Number,
                         n: int, alpha: Number, *, variance: Fraction | None = None, slack: Number = 0,
                         ctx: NumbersContext | None = None) -> tuple[Fraction, dict]:
    """Exact probability that ν̂ ± (slack + z*_{α/2} √v) covers ``target`` under the joint count law ``law``
    (v the printed variance, or ``variance``; ``slack`` = c/2 gives the §3.2 interval for μ).

    Membership |ν̂ - target| <= slack + z√v reads d <= 0 or d² <= z² v with d = |ν̂ - target| - slack, a
    rational against the irrational z²: decided in ``ctx`` (certified when ``ctx`` is an arb context). The
    result is exact when ``info["undecided"]`` is 0; ``info`` also gives the smallest gap |d²/v - z²|."""
    v = variance_nu_printed(binning, p, n) if variance is None else Fraction(variance)
    slack = _fraction("slack", slack)
    ctx = numbers(ctx)
    covered, undecided = Fraction(0), 0
    with ctx.active():
        z2 = z_quantile(alpha, ctx) ** 2
        gap = None
        for counts, w in law.items():
            d = abs(nu_hat(binning, counts, n, p) - target) - slack
            if d <= 0:
                covered += w
                continue
            diff = ctx.number(d * d / v) - z2
            gap = abs(diff) if gap is None or abs(diff) < gap else gap
            if diff <= 0:
                covered += w
            elif not diff > 0:
                undecided += 1
        return covered, {"min |d^2/v - z^2|": _text(gap), "undecided": undecided, "numbers": ctx.describe()}


def _text(value) -> str | None:
    """A number of a context as a short string (10 digits; an arb ball with its radius)."""
    if value is None:
        return None
    if hasattr(value, "rad"):
        return value.str(10, radius=True)
    import mpmath

    return mpmath.nstr(value, 10)


def enumerate_counts_law(p: Number, theta: Sequence[Number], n: int, *,
                         fixed_types: Sequence[int] | None = None) -> dict[tuple[int, ...], Fraction]:
    """The joint law of the per-type counts (S_1..S_T) by brute force over every vector of the n reports:
    each report has law Σ_t θ_t Pr(b | t) (individuals i.i.d., the §3.2 model) or Pr(b | t_i) for the
    fixed dataset ``fixed_types``. Exponential in n; independent of the convolution of
    :func:`joint_counts_sampled`."""
    theta = check_theta(theta)
    n = check_n(n)
    mech = OneHotRR(p, len(theta))
    outputs = mech.outputs()
    if fixed_types is not None:
        types = tuple(int(t) for t in fixed_types)
        if len(types) != n or not all(0 <= t < mech.T for t in types):
            raise invalid("fixed_types", fixed_types, f"needs n={n} types in 0..{mech.T - 1}")
        laws = [{b: mech.pmf(b, t) for b in outputs} for t in types]
    else:
        laws = [mech.output_law(theta)] * n
    law: dict[tuple[int, ...], Fraction] = {}
    for reports in itertools.product(outputs, repeat=n):
        w = math.prod((one[b] for one, b in zip(laws, reports)), start=Fraction(1))
        if w:
            counts = tuple(sum(b[i] for b in reports) for i in range(mech.T))
            law[counts] = law.get(counts, Fraction(0)) + w
    return law


def law_moments(law: dict, statistic) -> tuple[Fraction, Fraction]:
    """(mean, variance) of ``statistic(outcome)`` under a finite exact law {outcome: probability}."""
    mean = sum(w * statistic(s) for s, w in law.items())
    return mean, sum(w * (statistic(s) - mean) ** 2 for s, w in law.items())


def clamped_normal_binned(mu0: Number, sigma: Number, binning: Binning, ctx: NumbersContext | None = None):
    """(θ, ν, μ) for X = clamp(N(μ0, σ²), L, U) binned by ``binning`` (§3.2 truncates "via truncation":
    values beyond U are reported as U, below L as L): θ_i the bin masses (the first bin takes X <= L, the
    last X >= U; interior edges as in the report's example (a, b]), ν = Σ m_i θ_i and μ = E[X] after
    clamping, all numbers of ``ctx``."""
    ctx = numbers(ctx)
    mu0, sigma = _fraction("mu0", mu0), _fraction("sigma", sigma)
    if not sigma > 0:
        raise invalid("sigma", sigma, "must be positive")
    with ctx.active():
        m, s = ctx.number(mu0), ctx.number(sigma)

        def cdf(x: Fraction):
            return normal_cdf_in((ctx.number(x) - m) / s, ctx)

        edges = [binning.L + i * binning.c for i in range(1, binning.T)]
        cdfs = [ctx.number(0)] + [cdf(x) for x in edges] + [ctx.number(1)]
        theta = [cdfs[i + 1] - cdfs[i] for i in range(binning.T)]
        nu = sum((ctx.number(mid) * t for mid, t in zip(binning.midpoints, theta)), ctx.number(0))
        return theta, nu, clipped_mean(mu0, sigma, binning.L, binning.U, ctx)


# --- simulation -------------------------------------------------------------------------------------

def simulate_counts(p: float, theta: Sequence[float], n: int, replicates: int,
                    rng: np.random.Generator, *, fixed_types: Sequence[int] | None = None) -> np.ndarray:
    """Simulated per-coordinate counts S (shape replicates × T) of the whole mechanism: every individual
    draws a type (from θ, or the fixed dataset ``fixed_types``), forms e_t and flips every coordinate
    with probability 1/2 - p. Fully vectorised."""
    T = len(theta)
    if replicates * n * T > 20_000_000:  # same law, drawn through the counts (memory stays O(replicates × T))
        return _simulate_counts_binomial(p, theta, n, replicates, rng, fixed_types)
    if fixed_types is None:
        types = rng.choice(T, size=(replicates, n), p=np.asarray(theta, dtype=float))
    else:
        types = np.broadcast_to(np.asarray(fixed_types, dtype=np.int64), (replicates, n))
    onehot = types[..., None] == np.arange(T)
    flips = rng.random((replicates, n, T)) < 0.5 - float(p)
    return (onehot ^ flips).sum(axis=1)


def _simulate_counts_binomial(p: float, theta: Sequence[float], n: int, replicates: int,
                              rng: np.random.Generator, fixed_types: Sequence[int] | None) -> np.ndarray:
    """The law of :func:`simulate_counts` without per-individual arrays: type counts k ~ Multinomial(n, θ)
    (or fixed), then S_i = Bin(k_i, 1/2 + p) + Bin(n - k_i, 1/2 - p)."""
    T = len(theta)
    if fixed_types is None:
        k = rng.multinomial(n, np.asarray(theta, dtype=float), size=replicates)
    else:
        k = np.broadcast_to(np.bincount(np.asarray(fixed_types), minlength=T), (replicates, T))
    return rng.binomial(k, 0.5 + float(p)) + rng.binomial(n - k, 0.5 - float(p))


def simulate_ci_rr(binning: Binning, theta: Sequence[Number], p: Number, n: int, alpha: Number, replicates: int,
                   seed: int, *, fixed_types: Sequence[int] | None = None,
                   variance: Fraction | None = None, target: Number | None = None,
                   slack: Number = 0) -> SimulatedCoverage:
    """Coverage of the printed §3.2 interval for ν (or for the empirical ν of ``fixed_types``) over
    ``replicates`` simulated runs, seeded ``numpy.random.default_rng(seed)``; ``target`` replaces ν (μ for
    the interval of μ) and ``slack`` widens both ends (c/2 for the interval of μ)."""
    theta = check_theta(theta, binning.T)
    p, n, alpha = check_p(p), check_n(n), check_alpha(alpha)
    if target is not None:
        target = _fraction("target", target)
    elif fixed_types is not None:
        counts = np.bincount(np.asarray(fixed_types), minlength=binning.T)
        target = binned_mean(binning, [Fraction(int(k), n) for k in counts])
    else:
        target = binned_mean(binning, theta)
    rng = np.random.default_rng(seed)
    S = simulate_counts(float(p), [float(t) for t in theta], n, replicates, rng, fixed_types=fixed_types)
    m = np.array([float(x) for x in binning.midpoints])
    th = (S / n - (0.5 - float(p))) / (2 * float(p))
    est = th @ m
    lo, hi = ci_rr(binning, 0.0, p, n, alpha, variance=variance)
    lo, hi = lo - float(slack), hi + float(slack)
    hits = int(np.count_nonzero((est + lo <= float(target)) & (float(target) <= est + hi)))
    return SimulatedCoverage(hits, replicates, seed, 1 - alpha)
