"""The privacy-accuracy trade-off of the generalized Warner survey: 003 Figures 2 and 3 (notebook 02).

For Q_{2x3}(p, q) on the curve p + q = c, p/q = e^ε (:func:`numeric.simulate.levels_at_privacy`), the conditional
variance ν^S = Var(π̂ | N1 + N2 ≠ 0) of the MLE of Eq. (2) is drawn five ways, all from the toolkit:

* **exact** — :func:`catalog.derivations.moments.conditional_variance_in_q`, the variance derived with sympy by the law
  of total variance (q1 q2 A / ((q-p)² (1 - q3^n))), evaluated with mpmath at every level; it is the corrected
  statement of claim ``T3.10``;
* **enumeration** — :func:`numeric.enumeration.moments` over every multinomial outcome (markers), at every level
  for small n and at a few levels for large n (n = 1000 costs seconds per point);
* **Theorem 3.10 as printed** — :data:`catalog.derivations.printed.T310` (A exact);
* **Grab–Savage** — Theorem 3.10's second form with A ≈ 1/((n+1)(p+q) - 1), the f(q) of Corollary 3.11
  (:func:`catalog.derivations.privacy_accuracy.variance_t310_approx`), the curve the paper plots;
* **simulation** — :func:`numeric.simulate.simulate_q2x3`, 1000 seeded replicates per level as in the paper.

Floats are for plotting; the verdicts on these formulas are the claims ``T3.10``, ``A.approx``, ``nuS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import mpmath
import numpy as np
import sympy
from matplotlib.figure import Figure

from numeric.enumeration import moments
from numeric.simulate import levels_at_privacy, simulate_q2x3
from core.errors import invalid
from catalog.derivations import printed
from catalog.derivations.moments import A, conditional_variance_in_q
from catalog.derivations.privacy_accuracy import variance_t310_approx
from symbolic.symbols import n, p, pi, q, q1, q2, q3

__all__ = ["FORMULAS", "VarianceCurves", "closed_form", "variance_curves", "draw_variance", "draw_deviation",
           "figure2", "figure3", "printed_vs_exact"]

GIVEN = "N1 + N2 > 0"
DPS = 20  # digits for evaluating the closed forms and the enumeration (plots need far fewer)
FLOOR = 1e-16  # relative deviations below this are drawn at it (a log axis has no zero)

#: name -> (sympy expression in n, p, q, pi, label): the closed forms drawn as lines
FORMULAS: dict[str, tuple[sympy.Expr, str]] = {
    "exact": (conditional_variance_in_q(), "exact (derived; corrected Thm 3.10)"),
    "printed": (printed.T310, "Theorem 3.10 as printed"),
    "approx": (variance_t310_approx(), "Grab–Savage approximation (Cor. 3.11's f)"),
}


_A = sympy.Symbol("A", positive=True)  # the Sum A of Theorem 3.10, evaluated once per (n, c): it depends on q3 only


@lru_cache(maxsize=None)
def _evaluator(name: str):
    """The closed form ``name`` as an mpmath function of (n, p, q, pi, A), with q1, q2, q3 in terms of p, q, π."""
    model = {q1: pi * p + (1 - pi) * q, q2: pi * q + (1 - pi) * p, q3: 1 - p - q}
    expr = FORMULAS[name][0].xreplace({A(): _A}).subs(model)
    return sympy.lambdify((n, p, q, pi, _A), expr, modules="mpmath")


@lru_cache(maxsize=None)
def _a_evaluator():
    return sympy.lambdify((n, q3), A(), modules="mpmath")


def closed_form(name: str, size: int, ps: np.ndarray, qs: np.ndarray, truth: float) -> np.ndarray:
    """The closed form ``name`` of :data:`FORMULAS` at sample size ``size``, levels (ps, qs), proportion ``truth``
    (floats for plotting, evaluated with mpmath at :data:`DPS` digits)."""
    f, a_of = _evaluator(name), _a_evaluator()
    with mpmath.workdps(DPS):
        a_values = {}
        out = []
        for a, b in zip(ps, qs):
            a, b = mpmath.mpf(a), mpmath.mpf(b)
            key = 1 - a - b
            if key not in a_values:
                a_values[key] = a_of(size, key)
            out.append(float(f(size, a, b, mpmath.mpf(truth), a_values[key])))
    return np.array(out)


@dataclass(frozen=True)
class VarianceCurves:
    """ν^S at each privacy level ``eps`` of Q_{2x3} with p + q = ``c``, sample size ``n``, proportion ``pi``.

    ``lines`` maps the names of :data:`FORMULAS` to values at every level; ``enumerated_at`` indexes the levels
    where :func:`numeric.enumeration.moments` was run (values in ``enumerated``); ``simulated`` and
    ``simulated_se`` are the replicated variance and its standard error."""

    c: float
    n: int
    pi: float
    eps: np.ndarray
    p: np.ndarray
    q: np.ndarray
    lines: dict[str, np.ndarray]
    enumerated_at: np.ndarray
    enumerated: np.ndarray
    simulated: np.ndarray
    simulated_se: np.ndarray
    replicates: int
    seed: int


def variance_curves(c: float, size: int, truth: float = 0.3, *, eps: np.ndarray | None = None,
                    enumerate_levels: int | None = None, replicates: int = 1000, seed: int = 0) -> VarianceCurves:
    """The five views of ν^S along p + q = ``c`` (see the module docstring).

    ``eps``: privacy levels (default 12 levels in [0.25, 4]); ``enumerate_levels``: how many of them (evenly
    spread) are enumerated exactly (default: all when n <= 200, else 2)."""
    if not 0 < c <= 1:
        raise invalid("c", c, "p + q must lie in (0, 1]")
    if not 0 <= truth <= 1:
        raise invalid("pi", truth, "a proportion must lie in [0, 1]")
    levels = np.linspace(0.25, 4.0, 12) if eps is None else np.asarray(eps, dtype=float)
    ps, qs = levels_at_privacy(levels, c)
    lines = {name: closed_form(name, size, ps, qs, truth) for name in FORMULAS}
    count = len(levels) if enumerate_levels is None and size <= 200 else (enumerate_levels or 2)
    count = max(0, min(count, len(levels)))
    at = np.unique(np.linspace(0, len(levels) - 1, count).round().astype(int)) if count else np.array([], int)
    enumerated = np.array([float(moments(printed.PI_HAT, size, ps[i], qs[i], truth, given=GIVEN, dps=DPS).variance)
                           for i in at])
    sim = simulate_q2x3(size, ps, qs, truth, replicates=replicates, seed=seed)
    return VarianceCurves(c, size, truth, levels, ps, qs, lines, at, enumerated, sim.variance, sim.variance_se,
                          replicates, seed)


_STYLE = {"exact": "-", "printed": "--", "approx": ":"}


def draw_variance(ax, curves: VarianceCurves, color, *, label_formulas: bool = True) -> None:
    """ν^S against ε on a log axis: the closed forms as lines, enumeration as circles, simulation with ±2 se."""
    for name, (_, label) in FORMULAS.items():
        ax.plot(curves.eps, curves.lines[name], _STYLE[name], color=color, lw=1.6 if name == "exact" else 1.2,
                label=label if label_formulas else None)
    if len(curves.enumerated_at):
        ax.plot(curves.eps[curves.enumerated_at], curves.enumerated, "o", mfc="none", color=color, ms=7,
                label="exact enumeration" if label_formulas else None)
    ax.errorbar(curves.eps, curves.simulated, yerr=2 * curves.simulated_se, fmt="x", color=color, ms=4, lw=0.8,
                label=f"simulation ({curves.replicates} replicates, ±2 se)" if label_formulas else None)
    ax.set_yscale("log")
    ax.set_xlabel(r"privacy loss $\epsilon^S = \ln(p/q)$")
    ax.set_ylabel(r"$\nu^S = Var(\hat\pi \mid N_1+N_2 \neq 0)$")


def draw_deviation(ax, curves: VarianceCurves, color) -> None:
    """|formula - exact| / exact for the printed forms and the simulation (log axis): how far each is off."""
    exact = curves.lines["exact"]
    floor = FLOOR
    for name in ("printed", "approx"):
        ax.plot(curves.eps, np.maximum(np.abs(curves.lines[name] / exact - 1), floor), _STYLE[name], color=color)
    ax.plot(curves.eps, np.abs(curves.simulated / exact - 1), "x", color=color, ms=4)
    if len(curves.enumerated_at):
        ax.plot(curves.eps[curves.enumerated_at],
                np.maximum(np.abs(curves.enumerated / exact[curves.enumerated_at] - 1), floor), "o", mfc="none",
                color=color, ms=6)
    ax.set_yscale("log")
    ax.set_xlabel(r"privacy loss $\epsilon^S$")
    ax.set_ylabel(f"relative deviation from exact (< {FLOOR:g} drawn at {FLOOR:g})")


def figure2(cs: tuple[float, ...] = (1.0, 0.9, 0.8, 0.6), size: int = 100, truth: float = 0.3, *,
            levels: int = 12, replicates: int = 1000, seed: int = 0) -> Figure:
    """003 Figure 2: ν^S against ε^S for several c = p + q (c = 1 is Warner's mechanism), with the relative
    deviations of the printed forms and of the simulation from the exact variance."""
    fig = Figure(figsize=(12, 4.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    colors = _colors(len(cs))
    eps = np.linspace(0.25, 4.0, levels)
    for i, (c, color) in enumerate(zip(cs, colors)):
        curves = variance_curves(c, size, truth, eps=eps, replicates=replicates, seed=seed + i)
        draw_variance(left, curves, color, label_formulas=(i == 0))
        left.plot([], [], color=color, lw=6, label=f"c = p + q = {c:g}")
        draw_deviation(right, curves, color)
    left.legend(fontsize=7)
    left.set_title(f"003 Figure 2: trade-off in Shafer's semantics (n = {size}, π = {truth:g})")
    right.set_title("|· − exact| / exact: -- printed Thm 3.10, ··· Grab–Savage, × simulation, ○ enumeration",
                    fontsize=9)
    return fig


def figure3(sizes: tuple[int, ...] = (10, 100, 500, 1000), c: float = 0.9, truth: float = 0.3, *, levels: int = 10,
            enumerate_levels: int = 1, replicates: int = 1000, seed: int = 0) -> Figure:
    """003 Figure 3: ν^S against ε^S for n = 10, 100, 500, 1000 with q3 = 1 - c = 0.1. Enumeration at every
    level for n <= 200, at ``enumerate_levels`` levels above (n = 1000: 501,501 outcomes per point)."""
    fig = Figure(figsize=(12, 7.5), layout="constrained")
    axes = fig.subplots(2, 2).ravel()
    eps = np.linspace(0.25, 4.0, levels)
    for i, (size, ax) in enumerate(zip(sizes, axes)):
        curves = variance_curves(c, size, truth, eps=eps, replicates=replicates, seed=seed + i,
                                 enumerate_levels=None if size <= 200 else enumerate_levels)
        draw_variance(ax, curves, "C0", label_formulas=True)
        ax.set_title(f"N = {size}, $q_3$ = {1 - c:.2g}, π = {truth:g}")
    axes[0].legend(fontsize=7)
    fig.suptitle("003 Figure 3: impact of the sample size on the estimation accuracy")
    return fig


def printed_vs_exact(sizes: tuple[int, ...] = tuple(range(1, 21)), cs: tuple[float, ...] = (0.9, 0.7, 0.5),
                     truth: float = 0.3, eps: float = 1.0) -> Figure:
    """Theorem 3.10 as printed divided by the exact conditional variance (enumeration at every point), against
    n at small n and large q3 = 1 - c, where a missing or extra factor in q3^n would show."""
    fig = Figure(figsize=(7, 4.2), layout="constrained")
    ax = fig.subplots()
    for c, color in zip(cs, _colors(len(cs))):
        (pp,), (qq,) = levels_at_privacy([eps], c)
        exact = np.array([float(moments(printed.PI_HAT, s, pp, qq, truth, given=GIVEN, dps=DPS).variance)
                          for s in sizes])
        shown = np.array([closed_form("printed", s, np.array([pp]), np.array([qq]), truth)[0] for s in sizes])
        ax.plot(sizes, shown / exact, "o-", color=color, label=f"c = {c:g} ($q_3$ = {1 - c:.2g})")
    ax.axhline(1, color="k", lw=0.8)
    ax.set_xlabel("sample size n")
    ax.set_ylabel("Theorem 3.10 as printed / exact enumeration")
    ax.set_title(f"Theorem 3.10 as printed against exact enumeration (ε = {eps:g}, π = {truth:g})")
    ax.legend(fontsize=8)
    return fig


def _colors(k: int) -> list[str]:
    return [f"C{i}" for i in range(k)]
