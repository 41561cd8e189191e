"""The Gaussian mechanism and the Gaussian baseline of the mean-estimation report (004 §2.1, §3.1).

Source: ``004_7922466618fe9fb7.txt``.

* §2.1 calibrates σ² = 2 ln(2/δ) GS(f)²/ε² where, *as printed*, GS(f) = max_{D~D'} ‖f(D) - f(D')‖²
  (a squared norm: :func:`gs_printed` = Δ²); the usual ℓ2 sensitivity is :func:`gs_usual` = Δ.
* The exact privacy curve of adding N(0, σ²) to a query of ℓ2 sensitivity Δ (Balle & Wang 2018):
  δ(ε) = Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ); the mechanism is (ε, δ)-DP iff δ(ε) ≤ δ.
  :func:`gaussian_delta` evaluates it with mpmath, :func:`gaussian_delta_arb` with certified arb balls.
* §3.1: the tail interval of n i.i.d. N(μ, σ²) draws, as printed [-μ - σ√(2 ln(2n/δ)), μ + σ√(...)] and
  centred [μ - σ√(...), μ + σ√(...)] (:func:`tail_interval`), and the baseline estimator
  Z̄ ± z*_{α/2} √((σ² + σ̃²)/n) with GS(f) = 2(R + σ√(2 ln(2n/δ))) (:class:`GaussianBaseline`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np

from numeric.meanest_stats import Coverage, check_alpha, open_unit_rational, z_quantile
from core.errors import invalid

__all__ = ["check_delta", "gs_printed", "gs_usual", "gaussian_sigma", "gaussian_delta", "gaussian_delta_arb",
           "TAIL_READINGS", "tail_interval", "tail_probability", "GaussianBaseline", "simulate_ci_gauss"]

TAIL_READINGS = ("printed", "centred")


def _positive(name: str, value) -> Fraction:
    try:
        v = Fraction(value)
    except (TypeError, ValueError):
        raise invalid(name, value, "not a number") from None
    if not v > 0:
        raise invalid(name, value, "must be positive")
    return v


def check_delta(delta) -> Fraction:
    """δ as an exact rational in (0, 1), else :class:`InvalidArgument` naming it."""
    return open_unit_rational("delta", delta, "a failure probability")


def _mpf(x: Fraction) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator


def gs_printed(sensitivity) -> Fraction:
    """GS(f) as printed in §2.1: max ‖f(D) - f(D')‖² = Δ² (a squared norm)."""
    return _positive("sensitivity", sensitivity) ** 2


def gs_usual(sensitivity) -> Fraction:
    """The usual ℓ2 global sensitivity Δ = max ‖f(D) - f(D')‖₂."""
    return _positive("sensitivity", sensitivity)


def gaussian_sigma(eps, delta, gs, dps: int = 30) -> mpmath.mpf:
    """σ = √(2 ln(2/δ)) GS/ε, the §2.1 calibration (σ² = 2 ln(2/δ) GS²/ε²)."""
    eps, delta, gs = _positive("eps", eps), check_delta(delta), _positive("gs", gs)
    with mpmath.workdps(dps):
        return +mpmath.sqrt(2 * mpmath.log(2 / _mpf(delta))) * _mpf(gs) / _mpf(eps)


def gaussian_delta(eps, sigma, sensitivity, dps: int = 30) -> mpmath.mpf:
    """Exact δ(ε) of the Gaussian mechanism N(0, σ²) on a query of ℓ2 sensitivity Δ:
    Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ). ``sigma`` may be an mpf (irrational calibrations)."""
    eps = _positive("eps", eps)
    delta_f = _positive("sensitivity", sensitivity)
    with mpmath.workdps(dps):
        s = mpmath.mpf(sigma) if not isinstance(sigma, Fraction) else _mpf(sigma)
        if not s > 0:
            raise invalid("sigma", sigma, "must be positive")
        e, d = _mpf(eps), _mpf(delta_f)
        return +(mpmath.ncdf(d / (2 * s) - e * s / d) - mpmath.exp(e) * mpmath.ncdf(-d / (2 * s) - e * s / d))


def gaussian_delta_arb(eps, delta, sensitivity, gs, prec: int = 200):
    """Certified enclosure (python-flint ``arb`` ball) of the exact δ(ε) for the §2.1 calibration
    σ = √(2 ln(2/δ)) gs/ε on a query of ℓ2 sensitivity Δ; Φ(x) = erfc(-x/√2)/2."""
    import flint

    eps, delta, sens, gs = (_positive("eps", eps), check_delta(delta), _positive("sensitivity", sensitivity),
                            _positive("gs", gs))
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        def a(x: Fraction):
            return flint.arb(x.numerator) / x.denominator

        s = (2 * (2 / a(delta)).log()).sqrt() * a(gs) / a(eps)
        e, d = a(eps), a(sens)
        root2 = flint.arb(2).sqrt()

        def phi(x):
            return (-x / root2).erfc() / 2

        return phi(d / (2 * s) - e * s / d) - e.exp() * phi(-d / (2 * s) - e * s / d)
    finally:
        flint.ctx.prec = old


def tail_interval(mu, sigma, n: int, delta, reading: str = "printed", dps: int = 30):
    """The §3.1 interval for X_i ~ N(μ, σ²), i = 1..n, with a = σ√(2 ln(2n/δ)):
    ``printed`` [-μ - a, μ + a] (as printed) or ``centred`` [μ - a, μ + a]."""
    if reading not in TAIL_READINGS:
        raise invalid("reading", reading, f"not one of {TAIL_READINGS}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise invalid("n", n, "the number of draws is a positive integer")
    mu, sigma, delta = Fraction(mu), _positive("sigma", sigma), check_delta(delta)
    with mpmath.workdps(dps):
        a = _mpf(sigma) * mpmath.sqrt(2 * mpmath.log(2 * n / _mpf(delta)))
        m = _mpf(mu)
        return (-m - a, m + a) if reading == "printed" else (m - a, m + a)


def tail_probability(mu, sigma, n: int, delta, reading: str = "printed", dps: int = 30) -> mpmath.mpf:
    """Pr(all of X_1..X_n lie in :func:`tail_interval`) = (Φ((B-μ)/σ) - Φ((A-μ)/σ))₊ⁿ, exactly (mpmath)."""
    lo, hi = tail_interval(mu, sigma, n, delta, reading, dps)
    with mpmath.workdps(dps):
        m, s = _mpf(Fraction(mu)), _mpf(Fraction(sigma))
        single = mpmath.ncdf((hi - m) / s) - mpmath.ncdf((lo - m) / s) if hi > lo else mpmath.mpf(0)
        return +single ** n


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
                      *, condition_on_no_stop: bool = False) -> Coverage:
    """Coverage of Z̄ ± z*_{α/2}√((σ² + σ̃²)/n) for μ over ``replicates`` runs (``default_rng(seed)``);
    with ``condition_on_no_stop`` only the runs where the mechanism did not stop are counted."""
    alpha = check_alpha(alpha)
    if not -baseline.R <= Fraction(mu) <= baseline.R:
        raise invalid("mu", mu, f"the baseline assumes mu in [-R, R] = [{-baseline.R}, {baseline.R}]")
    zbar, stopped = baseline.simulate(float(mu), replicates, np.random.default_rng(seed))
    covered = np.abs(zbar - float(mu)) <= baseline.half_width(alpha)
    if condition_on_no_stop:
        covered, kept = covered[~stopped], int(np.count_nonzero(~stopped))
        return Coverage(int(np.count_nonzero(covered)), kept, seed, 1 - alpha)
    return Coverage(int(np.count_nonzero(covered)), replicates, seed, 1 - alpha)
