"""The mean-estimation report 004: privacy of randomized response, the two estimators' intervals and their
coverage (notebook 05). Every number comes from :mod:`catalog.models.meanest`:

* (a) the loss of randomized response, exact ln((1+2p)/(1-2p)) (:meth:`WarnerRR.epsilon_exact`) against
  the printed 4p/(1-2p) (``epsilon_printed``) — claim ``R.rr-eps``;
* (b) simulated coverage of the randomized-response interval for ν (§3.2) with the printed variance and with the
  variance under the report's sampling model (:func:`catalog.models.meanest.variance_nu_sampled`), and of the Gaussian
  baseline's interval for μ (§3.1), each with its Wilson 99.9 % interval
  (:class:`catalog.models.meanest.SimulatedCoverage`) — claims ``R.ci-rr`` and ``R.ci-gauss``;
* (c) the half-widths of the two intervals against n, at the same privacy level ε for both mechanisms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from matplotlib.figure import Figure

from catalog.models.meanest import (Binning, GaussianBaseline, SimulatedCoverage, WarnerRR, binned_mean, ci_rr,
                             simulate_ci_gauss, simulate_ci_rr, variance_nu_sampled)

__all__ = ["Setting", "SETTING", "coverage_curves", "mean_estimation"]


@dataclass(frozen=True)
class Setting:
    """One survey of the report: [L, U] binned by width c, the type probabilities θ, the randomized-response
    parameter p (Bassily–Smith loss ε = 2 ln((1/2+p)/(1/2-p))), the Gaussian baseline's R, σ, δ at the same ε,
    its true mean μ, and the level α of the intervals."""

    binning: Binning
    theta: tuple[Fraction, ...]
    p: Fraction
    R: Fraction
    sigma: Fraction
    delta: Fraction
    mu: Fraction
    alpha: Fraction

    @property
    def eps(self) -> Fraction:
        """ε = 2 ln((1/2+p)/(1/2-p)) (§2.2, equality in the Bassily–Smith condition), as a rational for the
        Gaussian baseline (to 6 digits)."""
        return Fraction(2 * math.log(float(WarnerRR(self.p).ratio))).limit_denominator(10**6)

    @property
    def nu(self) -> Fraction:
        return binned_mean(self.binning, self.theta)


SETTING = Setting(Binning(-5, 5, 2), tuple(Fraction(k, 10) for k in (1, 2, 4, 2, 1)), Fraction(2, 5),
                  R=Fraction(5), sigma=Fraction(1), delta=Fraction(1, 1000), mu=Fraction(1), alpha=Fraction(1, 20))
"""The setting of the figure: five bins on [-5, 5], a symmetric θ (ν = 0), p = 2/5 (ε = 2 ln 9 for both
mechanisms), a Gaussian baseline with R = 5, σ = 1, δ = 1/1000 and μ = 1; intervals at 1 - α = 0.95."""


def coverage_curves(setting: Setting = SETTING, sizes: Sequence[int] = (10, 30, 100, 300, 1000), *,
                    replicates: int = 2000, seed: int = 0) -> dict[str, list[SimulatedCoverage]]:
    """Simulated coverage of the three intervals at each n of ``sizes`` (seeds ``seed``, ``seed + 1``, ...)."""
    out: dict[str, list[SimulatedCoverage]] = {"RR, printed variance": [], "RR, sampling-model variance": [],
                                      "Gaussian baseline": []}
    for i, n in enumerate(sizes):
        s = seed + 10 * i
        out["RR, printed variance"].append(
            simulate_ci_rr(setting.binning, setting.theta, setting.p, n, setting.alpha, replicates, s))
        out["RR, sampling-model variance"].append(
            simulate_ci_rr(setting.binning, setting.theta, setting.p, n, setting.alpha, replicates, s + 1,
                           variance=variance_nu_sampled(setting.binning, setting.theta, setting.p, n)))
        baseline = GaussianBaseline(setting.R, setting.sigma, n, setting.eps, setting.delta)
        out["Gaussian baseline"].append(simulate_ci_gauss(baseline, setting.mu, setting.alpha, replicates, s + 2))
    return out


def _draw_loss(ax) -> None:
    ps = [Fraction(k, 200) for k in range(1, 95)]
    exact = [float(WarnerRR(p).epsilon_exact()) for p in ps]
    printed = [float(WarnerRR(p).epsilon_printed) for p in ps]
    ax.plot([float(p) for p in ps], exact, "C0-", lw=2, label=r"exact $\ln\frac{1+2p}{1-2p}$")
    ax.plot([float(p) for p in ps], printed, "C3--", lw=2, label=r"printed $\frac{4p}{1-2p}$")
    ax.set_yscale("log")
    ax.set_xlabel("p  (Pr(b = D) = 1/2 + p)")
    ax.set_ylabel("privacy loss ε")
    ax.set_title("(a) randomized response: privacy loss", fontsize=10)
    ax.legend(fontsize=8)


def _draw_coverage(ax, sizes: Sequence[int], curves: dict[str, list[SimulatedCoverage]], nominal: float) -> None:
    for k, (name, covs) in enumerate(curves.items()):
        x = np.array(sizes, dtype=float) * (1 + 0.06 * (k - 1))  # side by side
        est = np.array([c.estimate for c in covs])
        lo, hi = np.array([c.interval() for c in covs]).T
        ax.errorbar(x, est, yerr=[est - lo, hi - est], fmt="o-", ms=4, capsize=3, label=name)
    ax.axhline(nominal, color="k", lw=0.8, ls=":", label=f"nominal {nominal:g}")
    ax.set_xscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("coverage (Wilson 99.9 % bars)")
    ax.set_title(f"(b) simulated coverage, {covs[0].replicates} replicates per point", fontsize=10)
    ax.legend(fontsize=8)


def _draw_widths(ax, setting: Setting, sizes: Sequence[int]) -> None:
    ns = np.unique(np.geomspace(min(sizes), max(sizes), 30).round().astype(int))
    rr = [ci_rr(setting.binning, 0.0, setting.p, int(n), setting.alpha)[1] for n in ns]
    gauss = [GaussianBaseline(setting.R, setting.sigma, int(n), setting.eps, setting.delta).half_width(setting.alpha)
             for n in ns]
    ax.plot(ns, rr, "C0-", label="randomized response (§3.2), printed variance")
    ax.plot(ns, gauss, "C2-", label="Gaussian baseline (§3.1)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("half-width of the interval")
    level = 1 - float(setting.alpha)
    ax.set_title(f"(c) half-widths at ε = {float(setting.eps):.3g}, 1 − α = {level:g}", fontsize=10)
    ax.legend(fontsize=8)


def mean_estimation(setting: Setting = SETTING, sizes: Sequence[int] = (10, 30, 100, 300, 1000), *,
                    replicates: int = 2000, seed: int = 0) -> Figure:
    """Report 004: the loss of randomized response, the coverage and the widths of the two intervals."""
    fig = Figure(figsize=(15, 4.6), layout="constrained")
    a, b, c = fig.subplots(1, 3)
    _draw_loss(a)
    _draw_coverage(b, sizes, coverage_curves(setting, sizes, replicates=replicates, seed=seed),
                   1 - float(setting.alpha))
    _draw_widths(c, setting, sizes)
    b = setting.binning
    fig.suptitle(f"004: T = {b.T} bins of width {b.c} on [{b.L}, {b.U}], "
                 f"θ = ({', '.join(map(str, setting.theta))}), ν = {setting.nu}, p = {setting.p}")
    return fig
