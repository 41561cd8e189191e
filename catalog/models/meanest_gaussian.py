"""The Gaussian mechanism and the Gaussian baseline of the mean-estimation report (004 §2.1, §3.1).

Source: ``004_7922466618fe9fb7.txt``.

* §2.1 calibrates σ² = 2 ln(2/δ) GS(f)²/ε² (:func:`gaussian_sigma`). GS is read once, in
  :mod:`numeric.definitions.report`: as printed, the squared norm Δ² (primary, :func:`gs_printed`), or
  the ℓ2 sensitivity Δ of the correction (:func:`gs_usual`).
* The exact privacy curve of adding N(0, σ²) to a query of ℓ2 sensitivity Δ (Balle & Wang 2018):
  δ(ε) = Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ); the mechanism is (ε, δ)-DP iff δ(ε) ≤ δ
  (:func:`gaussian_delta_in`, :func:`calibrated_delta`). :func:`hockey_stick_delta` integrates the
  hockey-stick divergence ∫ (p - e^ε q)₊ numerically instead, an independent computation.
* §3.1: the tail interval of n i.i.d. N(μ, σ²) draws, as printed [-μ - σ√(2 ln(2n/δ)), μ + σ√(...)] and
  centred [μ - σ√(...), μ + σ√(...)] (:func:`tail_interval`); the release bound B = R + σ√(2 ln(2n/δ))
  (:func:`release_bound`) and the mean of X_i when the release is conditioned on [-B, B]
  (:func:`truncated_mean`) or clipped to it (:func:`clipped_mean`); the baseline estimator
  Z̄ ± z*_{α/2} √((σ² + σ̃²)/n) with GS(f) = 2B as §3.1 prints it (:class:`GaussianBaseline`, floats, for
  simulation).
* **The §3.1 mechanism as specified** (one model for every claim about it, the reading
  ``"§3.1 release: conditional on no stop"`` of :mod:`numeric.definitions.report`): it "will stop and return
  nothing if a value of X_i is sampled outside of our bound", so it releases with probability
  (Φ(b) - Φ(a))ⁿ (:func:`release_probability`) and what it releases is Z_i = X_i + Y_i with X_i ~ N(μ, σ²)
  conditioned on [-B, B], independently across i: E[Z_i | release] = E[X | -B <= X <= B]
  (:func:`released_mean`), and the coverage of the baseline interval at n = 1 is an integral over the
  truncated law (:func:`released_coverage_one`).

Every function that returns a real number takes a numbers context (``mpf(dps)`` or ``arb(dps)``,
default ``mpf(DEFAULT_DPS)``) and returns its numbers; parameters are exact rationals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from core.context import NumbersContext
from core.errors import invalid
from numeric.definitions.report import GS_L2, GS_SQUARED, global_sensitivity
from catalog.models.meanest_stats import (SimulatedCoverage, as_number, check_alpha, normal_cdf_in, normal_pdf, numbers,
                                   open_unit_rational, z_quantile)

__all__ = ["check_delta", "gs_printed", "gs_usual", "gaussian_sigma", "gaussian_delta_in", "calibrated_delta",
           "hockey_stick_delta", "TAIL_READINGS", "tail_interval", "tail_probability", "release_bound",
           "truncated_mean", "clipped_mean", "truncated_mean_quadrature", "release_probability", "released_mean",
           "released_mean_quadrature", "released_coverage_one", "normal_moment", "sum_moment",
           "GaussianBaseline", "simulate_ci_gauss"]

TAIL_READINGS = ("printed", "centred")


def _positive(name: str, value) -> Fraction:
    try:
        v = Fraction(value)
    except (TypeError, ValueError):
        raise invalid(name, value, "not a number") from None
    if not v > 0:
        raise invalid(name, value, "must be positive")
    return v


def _count(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise invalid("n", n, "the number of draws is a positive integer")
    return n


def check_delta(delta) -> Fraction:
    """δ as an exact rational in (0, 1), else :class:`InvalidArgument` naming it."""
    return open_unit_rational("delta", delta, "a failure probability")


def gs_printed(sensitivity) -> Fraction:
    """GS(f) as printed in §2.1: max ‖f(D) - f(D')‖² = Δ² (the primary reading ``"GS: squared"``)."""
    return global_sensitivity(sensitivity, GS_SQUARED.name)


def gs_usual(sensitivity) -> Fraction:
    """The ℓ2 global sensitivity Δ = max ‖f(D) - f(D')‖₂ (``"GS: l2"``, the correction of §2.1's definition)."""
    return global_sensitivity(sensitivity, GS_L2.name)


def gaussian_sigma(eps, delta, gs, ctx: NumbersContext | None = None) -> Any:
    """σ = √(2 ln(2/δ)) GS/ε, the §2.1 calibration (σ² = 2 ln(2/δ) GS²/ε²)."""
    eps, delta, gs = _positive("eps", eps), check_delta(delta), _positive("gs", gs)
    ctx = numbers(ctx)
    with ctx.active():
        return ctx.sqrt(2 * ctx.log(ctx.number(2 / delta))) * ctx.number(gs / eps)


def gaussian_delta_in(eps, sigma, sensitivity, ctx: NumbersContext | None = None) -> Any:
    """Exact δ(ε) of the Gaussian mechanism N(0, σ²) on a query of ℓ2 sensitivity Δ, in a numbers context:
    Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ). ``sigma`` is an exact rational or a number of ``ctx``."""
    eps, sensitivity = _positive("eps", eps), _positive("sensitivity", sensitivity)
    ctx = numbers(ctx)
    with ctx.active():
        s = as_number(sigma, ctx)
        if not s > 0:
            raise invalid("sigma", sigma, "must be positive")
        e, d = ctx.number(eps), ctx.number(sensitivity)
        return normal_cdf_in(d / (2 * s) - e * s / d, ctx) - ctx.exp(e) * normal_cdf_in(-d / (2 * s) - e * s / d, ctx)


def calibrated_delta(eps, delta, sensitivity, gs, ctx: NumbersContext | None = None) -> Any:
    """δ(ε) of the §2.1 calibration σ = √(2 ln(2/δ)) GS/ε on a query of ℓ2 sensitivity Δ (the mechanism
    is (ε, δ)-DP iff this is at most δ)."""
    return gaussian_delta_in(eps, gaussian_sigma(eps, delta, gs, ctx), sensitivity, ctx)


def hockey_stick_delta(eps, sigma, sensitivity, ctx: NumbersContext | None = None) -> Any:
    """δ(ε) = ∫ (p(x) - e^ε q(x))₊ dx with p = N(0, σ²), q = N(Δ, σ²), by mpmath quadrature (``mpf``
    contexts only): the integrand is positive exactly left of x₀ = Δ/2 - εσ²/Δ, where p/q = e^ε."""
    import mpmath

    eps, sensitivity = _positive("eps", eps), _positive("sensitivity", sensitivity)
    ctx = numbers(ctx)
    if ctx.kind != "mpf":
        raise invalid("ctx", ctx, "quadrature needs an mpf context")
    with ctx.active():
        s, e, d = as_number(sigma, ctx), ctx.number(eps), ctx.number(sensitivity)
        x0 = d / 2 - e * s * s / d
        weight = ctx.exp(e)

        def gap(x):
            return mpmath.npdf(x, 0, s) - weight * mpmath.npdf(x, d, s)

        return +mpmath.quad(gap, [-mpmath.inf, x0 - 4 * s, x0])


def tail_interval(mu, sigma, n: int, delta, reading: str = "printed", ctx: NumbersContext | None = None):
    """The §3.1 interval for X_i ~ N(μ, σ²), i = 1..n, with a = σ√(2 ln(2n/δ)):
    ``printed`` [-μ - a, μ + a] (as printed) or ``centred`` [μ - a, μ + a]."""
    if reading not in TAIL_READINGS:
        raise invalid("reading", reading, f"not one of {TAIL_READINGS}")
    n, mu, sigma, delta = _count(n), Fraction(mu), _positive("sigma", sigma), check_delta(delta)
    ctx = numbers(ctx)
    with ctx.active():
        a = ctx.number(sigma) * ctx.sqrt(2 * ctx.log(ctx.number(2 * n / delta)))
        m = ctx.number(mu)
        return (-m - a, m + a) if reading == "printed" else (m - a, m + a)


def tail_probability(mu, sigma, n: int, delta, reading: str = "printed", ctx: NumbersContext | None = None) -> Any:
    """Pr(all of X_1..X_n lie in :func:`tail_interval`) = (Φ((B-μ)/σ) - Φ((A-μ)/σ))₊ⁿ."""
    ctx = numbers(ctx)
    lo, hi = tail_interval(mu, sigma, n, delta, reading, ctx)
    with ctx.active():
        m, s = ctx.number(Fraction(mu)), ctx.number(Fraction(sigma))
        if not hi > lo:
            if hi < lo:
                return ctx.number(0)
            raise invalid("mu", mu, "the printed interval's ends cannot be ordered at this precision")
        single = normal_cdf_in((hi - m) / s, ctx) - normal_cdf_in((lo - m) / s, ctx)
        return single ** n


def release_bound(R, sigma, n: int, delta, ctx: NumbersContext | None = None) -> Any:
    """B = R + σ√(2 ln(2n/δ)): the §3.1 mechanism stops when some X_i leaves [-B, B]."""
    R, sigma, n, delta = _positive("R", R), _positive("sigma", sigma), _count(n), check_delta(delta)
    ctx = numbers(ctx)
    with ctx.active():
        return ctx.number(R) + ctx.number(sigma) * ctx.sqrt(2 * ctx.log(ctx.number(2 * n / delta)))


def _standardised(mu, sigma, lower, upper, ctx: NumbersContext):
    m, s = ctx.number(Fraction(mu)), ctx.number(_positive("sigma", sigma))
    a, b = (as_number(lower, ctx) - m) / s, (as_number(upper, ctx) - m) / s
    if not b > a:
        raise invalid("upper", upper, f"must exceed lower={lower}")
    return m, s, a, b


def truncated_mean(mu, sigma, lower, upper, ctx: NumbersContext | None = None) -> Any:
    """E[X | lower <= X <= upper] for X ~ N(μ, σ²): μ + σ(φ(a) - φ(b))/(Φ(b) - Φ(a)), a, b standardised."""
    ctx = numbers(ctx)
    with ctx.active():
        m, s, a, b = _standardised(mu, sigma, lower, upper, ctx)
        return m + s * (normal_pdf(a, ctx) - normal_pdf(b, ctx)) / (normal_cdf_in(b, ctx) - normal_cdf_in(a, ctx))


def clipped_mean(mu, sigma, lower, upper, ctx: NumbersContext | None = None) -> Any:
    """E[min(max(X, lower), upper)] for X ~ N(μ, σ²):
    lower Φ(a) + upper (1 - Φ(b)) + μ(Φ(b) - Φ(a)) + σ(φ(a) - φ(b))."""
    ctx = numbers(ctx)
    with ctx.active():
        m, s, a, b = _standardised(mu, sigma, lower, upper, ctx)
        lo, hi = as_number(lower, ctx), as_number(upper, ctx)
        inside = normal_cdf_in(b, ctx) - normal_cdf_in(a, ctx)
        return (lo * normal_cdf_in(a, ctx) + hi * (1 - normal_cdf_in(b, ctx)) + m * inside
                + s * (normal_pdf(a, ctx) - normal_pdf(b, ctx)))


def truncated_mean_quadrature(mu, sigma, lower, upper, ctx: NumbersContext | None = None) -> Any:
    """E[X | lower <= X <= upper] as ∫ x φ_σ(x - μ) dx / ∫ φ_σ(x - μ) dx by mpmath quadrature (``mpf``
    contexts only), independent of the closed form of :func:`truncated_mean`."""
    import mpmath

    ctx = numbers(ctx)
    if ctx.kind != "mpf":
        raise invalid("ctx", ctx, "quadrature needs an mpf context")
    with ctx.active():
        m, s = ctx.number(Fraction(mu)), ctx.number(_positive("sigma", sigma))
        lo, hi = as_number(lower, ctx), as_number(upper, ctx)
        split = [lo, m, hi] if lo < m < hi else [lo, hi]
        mass = mpmath.quad(lambda x: mpmath.npdf(x, m, s), split)
        return mpmath.quad(lambda x: x * mpmath.npdf(x, m, s), split) / mass


def release_probability(mu, R, sigma, n: int, delta, ctx: NumbersContext | None = None) -> Any:
    """Pr(the §3.1 mechanism releases) = Pr(every X_i in [-B, B]) = (Φ(b) - Φ(a))ⁿ, X_i ~ N(μ, σ²) i.i.d."""
    ctx = numbers(ctx)
    with ctx.active():
        bound = release_bound(R, sigma, n, delta, ctx)
        _, _, a, b = _standardised(mu, sigma, -bound, bound, ctx)
        return (normal_cdf_in(b, ctx) - normal_cdf_in(a, ctx)) ** _count(n)


def released_mean(mu, R, sigma, n: int, delta, ctx: NumbersContext | None = None) -> Any:
    """E[Z_i | the §3.1 mechanism releases] = E[X | -B <= X <= B] for X ~ N(μ, σ²) (the noise Y_i has mean 0
    and is independent; the draws are independent, so conditioning on every X_j in [-B, B] leaves X_i
    conditioned on its own event): μ + σ(φ(a) - φ(b))/(Φ(b) - Φ(a)), the closed form."""
    ctx = numbers(ctx)
    with ctx.active():
        bound = release_bound(R, sigma, n, delta, ctx)
        return truncated_mean(mu, sigma, -bound, bound, ctx)


def released_mean_quadrature(mu, R, sigma, n: int, delta, ctx: NumbersContext | None = None) -> Any:
    """:func:`released_mean` by quadrature of the truncated density (``mpf`` contexts), independent of the
    closed form."""
    ctx = numbers(ctx)
    with ctx.active():
        bound = release_bound(R, sigma, n, delta, ctx)
        return truncated_mean_quadrature(mu, sigma, -bound, bound, ctx)


def released_coverage_one(mu, R, sigma, eps, delta, alpha, ctx: NumbersContext | None = None) -> Any:
    """Coverage of μ by the §3.1 interval Z ± z*_{α/2} √(σ² + σ̃²) at n = 1 for the mechanism as specified
    (released only when X lies in [-B, B]): ∫_{-B}^{B} φ_σ(x - μ) [Φ((h - x + μ)/σ̃) - Φ((-h - x + μ)/σ̃)] dx
    / (Φ(b) - Φ(a)), h = z*_{α/2} √(σ² + σ̃²), σ̃ = √(2 ln(2/δ)) 2B/ε (GS = 2B as §3.1 prints it).

    In an ``arb`` context the integral is python-flint's certified integration (``acb.integral``; the
    integrand is entire: exp and erf), so the ball encloses the exact coverage; in an ``mpf`` context it is
    mpmath's quadrature, split at μ."""
    import mpmath

    ctx = numbers(ctx)
    if ctx.kind not in ("mpf", "arb"):
        raise invalid("ctx", ctx, "quadrature needs an mpf or arb context")
    alpha = check_alpha(alpha)
    with ctx.active():
        bound = release_bound(R, sigma, 1, delta, ctx)
        m, s, a, b = _standardised(mu, sigma, -bound, bound, ctx)
        noise = gaussian_sigma(eps, delta, 1, ctx) * 2 * bound
        half = z_quantile(alpha, ctx) * ctx.sqrt(s * s + noise * noise)
        if ctx.kind == "arb":
            from flint import acb

            density, spread = s * ctx.sqrt(2 * ctx.pi()), noise * ctx.sqrt(ctx.number(2))

            def covered_ball(x, _analytic):  # entire in x: no branch cut to guard
                return ((-(x - m) ** 2 / (2 * s * s)).exp() / density
                        * (((half - x + m) / spread).erf() - ((-half - x + m) / spread).erf()) / 2)

            integral = acb.integral(covered_ball, -bound, bound)
            return integral.real / (normal_cdf_in(b, ctx) - normal_cdf_in(a, ctx))

        # the integrand is evaluated thousands of times inside ctx's precision: mpmath's own Φ, without
        # entering the context again at each point
        def covered(x):
            return mpmath.npdf(x, m, s) * (mpmath.ncdf((half - x + m) / noise) - mpmath.ncdf((-half - x + m) / noise))

        inside = normal_cdf_in(b, ctx) - normal_cdf_in(a, ctx)
        split = [-bound, m, bound] if -bound < m < bound else [-bound, bound]
        return mpmath.quad(covered, split) / inside


def normal_moment(k: int, mean, variance) -> Fraction:
    """E[X^k] for X ~ N(mean, variance), exactly: Σ_{j even} C(k, j) mean^{k-j} variance^{j/2} (j - 1)!!."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise invalid("k", k, "a moment order is an integer >= 0")
    mean, variance = Fraction(mean), Fraction(variance)
    if variance < 0:
        raise invalid("variance", variance, "must be >= 0")
    return sum((math.comb(k, j) * mean ** (k - j) * variance ** (j // 2) * math.prod(range(j - 1, 0, -2))
                for j in range(0, k + 1, 2)), Fraction(0))


def sum_moment(k: int, mean, variance, noise_variance) -> Fraction:
    """E[(X + Y)^k] for independent X ~ N(mean, variance), Y ~ N(0, noise_variance), exactly, by the binomial
    expansion over the moments of X and of Y (no use of the law of the sum)."""
    return sum((math.comb(k, i) * normal_moment(i, mean, variance) * normal_moment(k - i, 0, noise_variance)
                for i in range(k + 1)), Fraction(0))


@dataclass(frozen=True)
class GaussianBaseline:
    """The §3.1 baseline: X_i ~ N(μ, σ²) with known σ, μ ∈ [-R, R]; each individual adds
    Y_i ~ N(0, σ̃²), σ̃² = 2 ln(2/δ) GS²/ε², GS = 2(R + σ√(2 ln(2n/δ))); estimate μ by Z̄."""

    R: Fraction
    sigma: Fraction
    n: int
    eps: Fraction
    delta: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "R", _positive("R", self.R))
        object.__setattr__(self, "sigma", _positive("sigma", self.sigma))
        object.__setattr__(self, "eps", _positive("eps", self.eps))
        object.__setattr__(self, "delta", check_delta(self.delta))
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise invalid("n", self.n, "the number of individuals is a positive integer")

    @property
    def bound(self) -> float:
        """R + σ√(2 ln(2n/δ)): values of X_i beyond ± this make the mechanism stop."""
        return float(self.R) + float(self.sigma) * math.sqrt(2 * math.log(2 * self.n / float(self.delta)))

    @property
    def gs(self) -> float:
        return 2 * self.bound

    @property
    def sigma_tilde(self) -> float:
        return math.sqrt(2 * math.log(2 / float(self.delta))) * self.gs / float(self.eps)

    def half_width(self, alpha=Fraction(1, 20)) -> float:
        """z*_{α/2} √((σ² + σ̃²)/n)."""
        return float(z_quantile(alpha)) * math.sqrt((float(self.sigma) ** 2 + self.sigma_tilde ** 2) / self.n)

    def ci(self, zbar: float, alpha=Fraction(1, 20)) -> tuple[float, float]:
        h = self.half_width(alpha)
        return zbar - h, zbar + h

    def simulate(self, mu: float, replicates: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """(Z̄ per replicate, whether the mechanism stopped because some X_i fell outside ± bound)."""
        x = rng.normal(float(mu), float(self.sigma), size=(replicates, self.n))
        y = rng.normal(0.0, self.sigma_tilde, size=(replicates, self.n))
        stopped = (np.abs(x) > self.bound).any(axis=1)
        return (x + y).mean(axis=1), stopped


def simulate_ci_gauss(baseline: GaussianBaseline, mu, alpha, replicates: int, seed: int,
                      *, condition_on_no_stop: bool = False) -> SimulatedCoverage:
    """Coverage of Z̄ ± z*_{α/2}√((σ² + σ̃²)/n) for μ over ``replicates`` runs (``default_rng(seed)``);
    with ``condition_on_no_stop`` only the runs where the mechanism did not stop are counted."""
    alpha = check_alpha(alpha)
    if not -baseline.R <= Fraction(mu) <= baseline.R:
        raise invalid("mu", mu, f"the baseline assumes mu in [-R, R] = [{-baseline.R}, {baseline.R}]")
    zbar, stopped = baseline.simulate(float(mu), replicates, np.random.default_rng(seed))
    covered = np.abs(zbar - float(mu)) <= baseline.half_width(alpha)
    if condition_on_no_stop:
        covered, kept = covered[~stopped], int(np.count_nonzero(~stopped))
        return SimulatedCoverage(int(np.count_nonzero(covered)), kept, seed, 1 - alpha)
    return SimulatedCoverage(int(np.count_nonzero(covered)), replicates, seed, 1 - alpha)
