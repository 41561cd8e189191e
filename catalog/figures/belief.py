"""Belief functions and privacy losses, drawn from :mod:`numeric.belief` and :mod:`numeric.mechanisms` (003 §2-3).

:func:`privacy_losses` (notebook 01): (a) the credal sets of the two rows of Q_{2x3}(p, q) as intervals
[bel({yes}), pl({yes})] of pr(yes); (b) the four privacy losses of Q_{2x3}(p, c - p) against p for a fixed
c = p + q: Shafer's ε_S = max ln m_x/m_x' (Definition 3.1), ε_bel and ε_pl (before Lemma 3.2) and Walley's ε_W
(Definition 3.13), each computed by :class:`numeric.mechanisms.Mechanism` on float masses.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from matplotlib.figure import Figure

from numeric.mechanisms import Mechanism, evidential_q2x3
from core.errors import invalid

__all__ = ["LOSSES", "LossCurves", "loss_curves", "draw_credal_intervals", "draw_losses", "privacy_losses"]

#: name -> (Mechanism method, label): the four losses of 003 §3.1-3.2
LOSSES: dict[str, tuple[str, str]] = {
    "shafer": ("epsilon_shafer", r"$\epsilon_S$ (mass ratio, Def. 3.1)"),
    "bel": ("epsilon_bel", r"$\epsilon_{bel,S}$ (bel ratio)"),
    "pl": ("epsilon_pl", r"$\epsilon_{pl,S}$ (pl ratio)"),
    "walley": ("epsilon_walley", r"$\epsilon_W$ (pl/bel, Def. 3.13)"),
}


@dataclass(frozen=True)
class LossCurves:
    """The losses of Q_{2x3}(p, c - p) at each p of ``p`` (floats, for plotting)."""

    c: float
    p: np.ndarray
    losses: dict[str, np.ndarray]


def loss_curves(c: float = 0.8, *, points: int = 40) -> LossCurves:
    """ε_S, ε_bel, ε_pl, ε_W of Q_{2x3}(p, c - p) for ``points`` values of p in (c/2, c) (so p > q > 0)."""
    if not 0 < c <= 1:
        raise invalid("c", c, "p + q must lie in (0, 1]")
    if points < 2:
        raise invalid("points", points, "must be >= 2")
    ps = np.linspace(c / 2, c, points + 2)[1:-1]
    mechanisms = [evidential_q2x3(float(p), float(c - p)) for p in ps]
    losses = {name: np.array([float(getattr(m, method)()) for m in mechanisms]) for name, (method, _) in LOSSES.items()}
    return LossCurves(c, ps, losses)


def draw_credal_intervals(ax, mechanism: Mechanism, *, event=("yes",)) -> None:
    """Each row's credal set seen through pr(event): the interval [bel(event), pl(event)], with the
    credal-set vertices (:meth:`numeric.belief.MassFunction.credal_vertices`) as dots."""
    label = next(iter(event))
    for row, x in enumerate(mechanism.inputs):
        m = mechanism[x]
        lo, hi = float(m.bel(event)), float(m.pl(event))
        ax.plot([lo, hi], [row, row], lw=6, solid_capstyle="butt", alpha=0.6)
        ax.plot([float(v[label]) for v in m.credal_vertices()], [row] * len(m.credal_vertices()), "ko", ms=4)
        ax.annotate(f"bel = {m.bel(event)}, pl = {m.pl(event)}", (hi, row), xytext=(6, -3),
                    textcoords="offset points", fontsize=8)
    ax.set_yticks(range(len(mechanism.inputs)), [f"$m_{{{x}}}$" for x in mechanism.inputs])
    ax.set_ylim(-0.7, len(mechanism.inputs) - 0.3)
    ax.set_xlim(0, 1.25)
    ax.set_xlabel(f"pr({label}) over the credal set")


def draw_losses(ax, curves: LossCurves) -> None:
    """The four losses against p (one line each; equal losses overlap)."""
    styles = {"shafer": "-", "bel": "--", "pl": ":", "walley": "-."}
    for name, (_, label) in LOSSES.items():
        ax.plot(curves.p, curves.losses[name], styles[name], lw=2, label=label)
    ax.set_xlabel(f"p   (q = {curves.c:g} - p)")
    ax.set_ylabel("privacy loss")
    ax.legend(fontsize=8)


def privacy_losses(p: Fraction = Fraction(3, 5), q: Fraction = Fraction(1, 5), *, c: float = 0.8,
                   points: int = 40) -> Figure:
    """Credal intervals of Q_{2x3}(p, q) (exact masses) and the four losses of Q_{2x3}(·, c - ·)."""
    fig = Figure(figsize=(10, 4), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=(1, 1.3))
    mechanism = evidential_q2x3(p, q)
    draw_credal_intervals(left, mechanism)
    left.set_title(f"credal sets of $Q_{{2\\times 3}}({p}, {q})$")
    draw_losses(right, loss_curves(c, points=points))
    right.set_title(f"privacy losses of $Q_{{2\\times 3}}(p, {c:g}-p)$")
    return fig
