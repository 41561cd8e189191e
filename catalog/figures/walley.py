"""Shafer's and Walley's privacy-accuracy trade-offs: 003 Figure 5 (notebook 04).

For one Q_{2x3}(p, q) (p > 1/2), sample size n and proportion π, the points of 003 §3.2:

* (ε^S, ν^S): ε^S = ln(p/q) and ν^S as printed (:func:`catalog.derivations.privacy_accuracy.nu_s_printed`, whose ratio
  (p-q)/(p+q) is the reciprocal of Theorem 3.10's), beside the variance it names, Var(π̂ | N1+N2 ≠ 0): the
  paper's Grab–Savage form (:func:`catalog.derivations.privacy_accuracy.variance_t310_approx`) and the exact one
  (:data:`catalog.figures.survey.FORMULAS`);
* (ε^W, ν^W) = (ln((1-q)/q), Var of Q_0) and (ε^O, ν^O) (:func:`catalog.derivations.privacy_accuracy.eps_o`,
  ``nu_o``), the corners of the paper's rectangle;
* the Q_λ curve λ -> (loss of Q_λ, Var of its MLE) for λ in [0, 1] (``loss_q_lambda``, ``variance_q_lambda``),
  with witnesses: the loss computed by :meth:`numeric.mechanisms.Mechanism.epsilon_shafer` on
  :func:`numeric.mechanisms.evidential_q_lambda`, the variance by :func:`numeric.simulate.simulate_qlambda`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import sympy
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from numeric.mechanisms import evidential_q2x3, evidential_q_lambda
from numeric.simulate import simulate_q2x3, simulate_qlambda
from core.errors import invalid
from catalog.figures.survey import closed_form
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import lam, n, p, pi, q

__all__ = ["TradeoffPoints", "tradeoff_points", "draw_figure5", "figure5"]


@dataclass(frozen=True)
class TradeoffPoints:
    """The named (ε, ν) points of 003 §3.2 at (p, q, n, π), the Q_λ curve and its numeric witnesses."""

    p: float
    q: float
    n: int
    pi: float
    points: dict[str, tuple[float, float]]
    lam: np.ndarray
    curve: np.ndarray  # (len(lam), 2): loss, variance
    witness_lam: np.ndarray
    witness_loss: np.ndarray  # Mechanism.epsilon_shafer of evidential_q_lambda
    witness_variance: np.ndarray  # simulate_qlambda
    witness_se: np.ndarray
    shafer_witness: tuple[float, float, float]  # epsilon_shafer of evidential_q2x3, simulated variance, its se
    replicates: int


def _value(expr: sympy.Expr, values: dict) -> float:
    return float(expr.subs(values))


def tradeoff_points(pp: float = 0.6, qq: float = 0.2, size: int = 100, truth: float = 0.3, *, points: int = 41,
                    witnesses: int = 6, replicates: int = 1000, seed: int = 0) -> TradeoffPoints:
    """The data of Figure 5 at Q_{2x3}(pp, qq) (see the module docstring)."""
    if not (0.5 < pp <= 1 and 0 < qq and pp + qq <= 1):
        raise invalid("(p, q)", (pp, qq), "the paper's domain is 1/2 < p, 0 < q, p + q <= 1")
    values = {p: sympy.nsimplify(pp), q: sympy.nsimplify(qq), n: size, pi: sympy.nsimplify(truth)}
    eps_s = _value(pa.eps_s(), values)
    named = {
        "S (ν^S as printed)": (eps_s, _value(pa.nu_s_printed(), values)),
        "S (Grab–Savage Var)": (eps_s, _value(pa.variance_t310_approx(), values)),
        "S (exact Var)": (eps_s, float(closed_form("exact", size, np.array([pp]), np.array([qq]), truth)[0])),
        "W": (_value(pa.eps_w(), values), _value(pa.nu_w(), values)),
        "O": (_value(pa.eps_o(), values), _value(pa.nu_o(), values)),
    }
    loss = sympy.lambdify(lam, pa.loss_q_lambda().subs(values), "numpy")
    variance = sympy.lambdify(lam, pa.variance_q_lambda().subs(values), "numpy")
    lams = np.linspace(0.0, 1.0, points)
    curve = np.column_stack([loss(lams), variance(lams)])
    w_lam = np.linspace(0.0, 1.0, witnesses)
    w_loss = np.array([float(evidential_q_lambda(pp, qq, float(x)).epsilon_shafer()) for x in w_lam])
    sim = simulate_qlambda(size, pp, qq, w_lam, truth, replicates=replicates, seed=seed)
    s_sim = simulate_q2x3(size, pp, qq, truth, replicates=replicates, seed=seed + 1)
    shafer = (float(evidential_q2x3(pp, qq).epsilon_shafer()), float(s_sim.variance[0]), float(s_sim.variance_se[0]))
    return TradeoffPoints(pp, qq, size, truth, named, lams, curve, w_lam, w_loss, sim.variance, sim.variance_se,
                          shafer, replicates)


_MARKERS = {"S (ν^S as printed)": ("v", "C3"), "S (Grab–Savage Var)": ("^", "C1"), "S (exact Var)": ("s", "C1"),
            "W": ("D", "C2"), "O": ("o", "C0")}


def draw_figure5(ax, data: TradeoffPoints) -> None:
    """The rectangle with corners W and O, the Q_λ curve with its witnesses, and the Shafer points."""
    (ew, vw), (eo, vo) = data.points["W"], data.points["O"]
    ax.add_patch(Rectangle((min(eo, ew), min(vo, vw)), abs(ew - eo), abs(vw - vo), fill=False, ls="--", color="0.5",
                           label="rectangle with corners W and O"))
    ax.plot(data.curve[:, 0], data.curve[:, 1], "-", color="C0", lw=2, label=r"$Q_\lambda$, $\lambda \in [0, 1]$")
    ax.errorbar(data.witness_loss, data.witness_variance, yerr=2 * data.witness_se, fmt="x", color="k", ms=5, lw=0.8,
                label=f"$Q_\\lambda$: loss by Mechanism, Var simulated ({data.replicates} rep., ±2 se)")
    for name, (e, v) in data.points.items():
        marker, color = _MARKERS[name]
        ax.plot([e], [v], marker, color=color, ms=8, label=f"{name}: ({e:.3g}, {v:.3g})")
    e, v, se = data.shafer_witness
    ax.errorbar([e], [v], yerr=[2 * se], fmt="+", color="C1", ms=10, label="S: loss by Mechanism, Var simulated")
    ax.set_yscale("log")
    ax.set_xlabel(r"privacy loss $\epsilon$")
    ax.set_ylabel(r"accuracy $\nu$ (variance of $\hat\pi$)")


def figure5(pp: float = 0.6, qq: float = 0.2, size: int = 100, truth: float = 0.3, *, points: int = 41,
            witnesses: int = 6, replicates: int = 1000, seed: int = 0) -> Figure:
    """003 Figure 5: comparison of the trade-offs in the two semantics at Q_{2x3}(pp, qq)."""
    fig = Figure(figsize=(11, 5.5), layout="constrained")
    ax = fig.subplots()
    draw_figure5(ax, tradeoff_points(pp, qq, size, truth, points=points, witnesses=witnesses,
                                     replicates=replicates, seed=seed))
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title(f"003 Figure 5 at $Q_{{2\\times 3}}$({pp:g}, {qq:g}), n = {size}, π = {truth:g}")
    return fig
