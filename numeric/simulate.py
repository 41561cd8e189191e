"""Monte Carlo simulation of the surveys of 003 §3.1-3.2, vectorised over replicates and privacy levels.

* :func:`simulate_q2x3`: the generalized Warner survey Q_{2x3} = [[p, q, 1-p-q], [q, p, 1-p-q]];
  counts (N1, N2, N3) ~ multinomial(n; q1, q2, q3) and the MLE of Eq. (2),
  π̂ = (N2 q - N1 p) / ((N1+N2)(q-p)), undefined (NaN) when N1 + N2 = 0. Mean and variance are over the
  replicates where it is defined, i.e. conditional on N1 + N2 ≠ 0 as in Theorems 3.9 and 3.10;
* :func:`simulate_qlambda`: Q_λ = [[p+λr, q+(1-λ)r], [q+(1-λ)r, p+λr]] with r = 1-p-q (§3.2), a Warner
  survey with truth probability a = p+λr; π̂ = (N1/n - b)/(a - b), b = 1 - a;
* :func:`simulate_warner`: Warner's Q_W = [[p, 1-p], [1-p, p]] (Example 3.7), the case r = 0.

Each call draws, with a seeded :class:`numpy.random.Generator`, ``replicates`` surveys (1000 as in the
paper) at every privacy level (``p``, ``q``, ``pi``, ``lam`` broadcast to one axis of levels), and
returns the estimates with their spread. Floats only: this is the statistical witness, not a proof.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.errors import invalid

__all__ = ["Simulation", "simulate_q2x3", "simulate_qlambda", "simulate_warner", "levels_at_privacy"]


@dataclass(frozen=True)
class Simulation:
    """Replicated estimates at each privacy level.

    estimates: (replicates, levels), NaN where the estimator is undefined; defined: fraction of
    replicates where it is defined; mean, variance (ddof = 1), std: over the defined replicates;
    mean_se, variance_se: their standard errors (the latter from the sample fourth central moment);
    n, replicates, seed: what was drawn."""

    estimates: np.ndarray
    defined: np.ndarray
    mean: np.ndarray
    variance: np.ndarray
    std: np.ndarray
    mean_se: np.ndarray
    variance_se: np.ndarray
    n: int
    replicates: int
    seed: int | None

    @classmethod
    def of(cls, estimates: np.ndarray, n: int, replicates: int, seed: int | None) -> Simulation:
        ok = ~np.isnan(estimates)
        m = ok.sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.nanmean(np.where(ok, estimates, np.nan), axis=0) if ok.any() else np.full(estimates.shape[1], np.nan)
            centred = np.where(ok, estimates - mean, 0.0)
            variance = (centred ** 2).sum(axis=0) / (m - 1)
            m4 = (centred ** 4).sum(axis=0) / m
            variance_se = np.sqrt(np.maximum(m4 - variance ** 2, 0.0) / m)
            std = np.sqrt(variance)
            mean_se = std / np.sqrt(m)
        return cls(estimates, m / replicates, mean, variance, std, mean_se, variance_se, n, replicates, seed)


def _check(n: int, replicates: int) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise invalid("n", n, "the sample size must be an integer >= 1")
    if isinstance(replicates, bool) or not isinstance(replicates, (int, np.integer)) or replicates < 2:
        raise invalid("replicates", replicates, "must be an integer >= 2")


def _probabilities(**values: np.ndarray) -> None:
    for name, value in values.items():
        bad = (value < 0) | (value > 1) | np.isnan(value)
        if bad.any():
            raise invalid(name, value[bad][0].item(), "a probability must lie in [0, 1]")


def _levels(*values: object) -> list[np.ndarray]:
    arrays = [np.atleast_1d(np.asarray(v, dtype=float)) for v in values]
    try:
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        raise invalid("levels", [a.shape for a in arrays], "p, q, pi (and lam) must broadcast together") from None
    if len(shape) != 1:
        raise invalid("levels", shape, "privacy levels are one axis")
    return [np.broadcast_to(a, shape) for a in arrays]


def simulate_q2x3(n: int, p: object, q: object, pi: object, *, replicates: int = 1000,
                  seed: int | None = 0) -> Simulation:
    """``replicates`` Q_{2x3} surveys of size ``n`` at each level (003 Eq. (2), Theorems 3.9-3.10)."""
    _check(n, replicates)
    p_, q_, pi_ = _levels(p, q, pi)
    _probabilities(p=p_, q=q_, pi=pi_)
    if (p_ + q_ > 1 + 1e-12).any():
        i = int(np.argmax(p_ + q_ > 1 + 1e-12))
        raise invalid("p+q", float(p_[i] + q_[i]), f"p={p_[i]}, q={q_[i]} leave 1-p-q < 0")
    if (p_ == q_).any():
        raise invalid("q", float(q_[np.argmax(p_ == q_)]), "equals p: the MLE of Eq. (2) needs p != q")
    q1 = pi_ * p_ + (1 - pi_) * q_
    q2 = pi_ * q_ + (1 - pi_) * p_
    q3 = np.clip(1 - q1 - q2, 0.0, 1.0)
    pvals = np.stack([q1, q2, q3], axis=-1)
    pvals = pvals / pvals.sum(axis=-1, keepdims=True)
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(n, pvals, size=(replicates, len(p_)))
    n1, n2 = counts[..., 0], counts[..., 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        estimates = (n2 * q_ - n1 * p_) / ((n1 + n2) * (q_ - p_))
    estimates = np.where(n1 + n2 > 0, estimates, np.nan)
    return Simulation.of(estimates, n, replicates, seed)


def simulate_qlambda(n: int, p: object, q: object, lam: object, pi: object, *, replicates: int = 1000,
                     seed: int | None = 0) -> Simulation:
    """``replicates`` Q_λ surveys (003 §3.2) with the MLE π̂ = (N1/n - b)/(a - b), a = p + λ(1-p-q)."""
    _check(n, replicates)
    p_, q_, lam_, pi_ = _levels(p, q, lam, pi)
    _probabilities(p=p_, q=q_, lam=lam_, pi=pi_)
    if (p_ + q_ > 1 + 1e-12).any():
        i = int(np.argmax(p_ + q_ > 1 + 1e-12))
        raise invalid("p+q", float(p_[i] + q_[i]), f"p={p_[i]}, q={q_[i]} leave 1-p-q < 0")
    r = 1 - p_ - q_
    a = p_ + lam_ * r
    b = q_ + (1 - lam_) * r
    if np.isclose(a, b).any():
        i = int(np.argmax(np.isclose(a, b)))
        raise invalid("lam", float(lam_[i]), f"makes the rows of Q_lambda equal at p={p_[i]}, q={q_[i]}")
    q1 = np.clip(pi_ * a + (1 - pi_) * b, 0.0, 1.0)
    rng = np.random.default_rng(seed)
    n1 = rng.binomial(n, q1, size=(replicates, len(p_)))
    estimates = (n1 / n - b) / (a - b)
    return Simulation.of(estimates, n, replicates, seed)


def simulate_warner(n: int, p: object, pi: object, *, replicates: int = 1000, seed: int | None = 0) -> Simulation:
    """Warner's survey Q_W = [[p, 1-p], [1-p, p]] (003 Example 3.7), MLE (N1/n - (1-p))/(2p - 1)."""
    p_ = np.asarray(p, dtype=float)
    return simulate_qlambda(n, p_, 1 - p_, 0.0, pi, replicates=replicates, seed=seed)


def levels_at_privacy(eps: object, c: float) -> tuple[np.ndarray, np.ndarray]:
    """(p, q) with p/q = e^ε and p + q = c (003 §3.1, the trade-off of Figure 2): p = c e^ε/(e^ε + 1)."""
    eps_ = np.atleast_1d(np.asarray(eps, dtype=float))
    if not 0 < c <= 1:
        raise invalid("c", c, "p + q must lie in (0, 1]")
    if (eps_ <= 0).any():
        raise invalid("eps", float(eps_[eps_ <= 0][0]), "must be > 0 (p > q)")
    p = c * np.exp(eps_) / (np.exp(eps_) + 1)
    return p, c - p
