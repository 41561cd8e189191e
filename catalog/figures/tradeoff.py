"""Type I and type II errors of tests between two inputs: 003 Figures 1 (SLDP) and 4 (WLDP) (notebook 03).

All curves and points come from :func:`numeric.tradeoff.tradeoff_figure_data` (exact, converted to floats for
plotting): the errors of every deterministic test of Q_{2x3}(p, q), x against x', once and in the two-fold
composition; the paper's bounds u, U, u², U² (Theorem 3.5, Corollary 3.6) and f^{pe}, f^{op}, f^{2,pe}, f^{2,op}
(Theorem 3.18, Corollary 3.19) at r = e^ε for the mechanism's own loss; the exact trade-off functions T^{pe}, T^{op}.

Counterexamples are not found here: :func:`counterexample_marks` reads them from the verdicts of the registry's
claims (``T3.5.forward``, ``C3.6.upper``, ``T3.18.forward``, ``C3.19.op``, ...) so that the figure marks exactly the
points the toolkit re-checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from numeric.tradeoff import tradeoff_figure_data

__all__ = ["Mark", "counterexample_marks", "draw_sldp", "draw_wldp", "figure1", "figure4"]


@dataclass(frozen=True)
class Mark:
    """A counterexample of claim ``claim`` drawn at (alpha, beta) on panel ``fold`` (1: one use, 2: two-fold) of
    the paper's figure ``figure`` (1: SLDP, Theorem 3.5 and Corollary 3.6; 4: WLDP, Theorem 3.18, Corollary 3.19)."""

    claim: str
    figure: int
    fold: int
    alpha: float
    beta: float
    text: str


_FIGURE_OF = {"T3.5": 1, "C3.6": 1, "T3.18": 4, "C3.19": 4}


def _number(value: Any) -> float:
    return float(Fraction(str(value)))


def counterexample_marks(results: Iterable[Any], p: Any = Fraction(3, 5), q: Any = Fraction(1, 5)) -> list[Mark]:
    """The counterexamples of the claims in ``results`` (:class:`proofs.runner.ClaimResult`) that are a point
    (type I, type II) or (α, T(α)) of Q_{2x3}(p, q), x against x' — the mechanism the figures draw."""
    marks = []
    mechanism = f"Q_2x3(p={Fraction(p)}, q={Fraction(q)})"
    for result in results:
        example = result.verdict.counterexample or {}
        if not str(example.get("mechanism", "")).startswith(mechanism):
            continue
        figure = _FIGURE_OF.get(".".join(result.claim.id.split(".")[:2]))
        if figure is None:
            continue
        fold = 2 if result.claim.id.startswith("C") else 1
        if "type I error" in example:
            alpha, beta = _number(example["type I error"]), _number(example["type II error"])
            what = f"{example.get('test', '')}: β = {example['type II error']}"
        elif "T(alpha)" in example:
            alpha, beta = _number(example["alpha"]), _number(example["T(alpha)"])
            what = f"{example.get('trade-off function', 'T')}({example['alpha']}) = {example['T(alpha)']}"
        else:
            continue
        text = f"{result.claim.id}: {what}, {example.get('bound', 'bound')} = {example.get('bound value', '?')}"
        marks.append(Mark(result.claim.id, figure, fold, alpha, beta, text))
    return marks


def _draw_marks(ax, marks: Sequence[Mark]) -> None:
    """Each counterexample a red cross, its claim and values in the legend."""
    for i, mark in enumerate(marks):
        ax.plot([mark.alpha], [mark.beta], "XPD"[i % 3], color="red", ms=11 - 2 * i, mec="k", zorder=5 + i,
                label=f"counterexample {mark.text}")


def _square(ax, title: str) -> None:
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.05)
    ax.set_aspect("equal")
    ax.set_xlabel(r"type I error $\alpha$")
    ax.set_ylabel(r"type II error $\beta$")
    ax.set_title(title, fontsize=10)


def draw_sldp(ax, data: dict, fold: int, marks: Sequence[Mark] = ()) -> None:
    """Figure 1, one panel: the band [u, U] (fold 1) or [u², U²] (fold 2) of Theorem 3.5 / Corollary 3.6, the
    (α_φ, β_φ) = (pl_x(R), pl_x'(R^c)) of every deterministic test, and their [lower, upper] error boxes."""
    sldp, alpha = data["sldp"], data["alpha"]
    lo, hi = ("u", "U") if fold == 1 else ("u2", "U2")
    ax.fill_between(alpha, sldp[lo], sldp[hi], color="C0", alpha=0.15, label=f"between {lo} and {hi} (as printed)")
    ax.plot(alpha, sldp[lo], "C0-", lw=1.5, label=lo)
    ax.plot(alpha, sldp[hi], "C0--", lw=1.5, label=hi)
    if fold == 2 and sldp.get("U2_corrected"):
        ax.plot(alpha, sldp["U2_corrected"], "C2:", lw=2, label="U2_corrected (numeric.tradeoff_bounds)")
    for a_lo, a_hi, b_lo, b_hi in sldp["interval" if fold == 1 else "interval2"]:
        ax.add_patch(Rectangle((a_lo, b_lo), a_hi - a_lo, b_hi - b_lo, fill=False, lw=0.5, color="0.6"))
    tests = sldp["tests" if fold == 1 else "tests2"]
    ax.plot([a for a, _ in tests], [b for _, b in tests], "k.", ms=6,
            label=r"tests: $(\alpha_\varphi, \beta_\varphi)$ = (pl$_x$(R), pl$_{x'}$(R$^c$))")
    _draw_marks(ax, [m for m in marks if m.figure == 1 and m.fold == fold])
    _square(ax, ("one use" if fold == 1 else "two-fold composition") + f", r = e^ε = {data['r_shafer']}")


def draw_wldp(ax, data: dict, fold: int, marks: Sequence[Mark] = ()) -> None:
    """Figure 4, one panel: the exact trade-off functions T^{pe}, T^{op} (as printed, ≡ 1) and the upper edge of
    the optimistic region, against the bounds f^{pe}, f^{op} (fold 1) or f^{2,pe}, f^{2,op} (fold 2)."""
    wldp, alpha = data["wldp"], data["alpha"]
    t_pe, t_op = ("T_pe", "T_op_upper") if fold == 1 else ("T2_pe", "T2_op_upper")
    f_pe, f_op = ("f_pe", "f_op") if fold == 1 else ("f2_pe", "f2_op")
    ax.fill_between(alpha, wldp[t_pe]["values"], wldp[t_op]["values"], color="C1", alpha=0.15,
                    label="(α, β) of randomized tests, between T^pe and the upper edge")
    ax.plot(alpha, wldp[t_pe]["values"], "C1-", lw=2, label=f"{t_pe} (exact)")
    ax.plot(alpha, wldp[t_op]["values"], "C1-.", lw=1.5, label=f"{t_op} (exact)")
    if fold == 1:
        ax.plot(alpha, wldp["T_op"]["values"], "C3-", lw=1, label="T_op as printed (sup over α^op ≤ α)")
    ax.plot(alpha, wldp[f_pe], "C0--", lw=1.5, label=f"{f_pe} (bound, as printed)")
    ax.plot(alpha, wldp[f_op], "C0:", lw=2, label=f"{f_op} (bound, as printed)")
    if fold == 2 and wldp.get("f2_op_corrected"):
        ax.plot(alpha, wldp["f2_op_corrected"], "C2:", lw=2, label="f2_op_corrected (numeric.tradeoff_bounds)")
    _draw_marks(ax, [m for m in marks if m.figure == 4 and m.fold == fold])
    _square(ax, ("one use" if fold == 1 else "two-fold composition") + f", r = e^ε_W = {data['r_walley']}")


def _figure(draw, title: str, p: Any, q: Any, points: int, marks: Sequence[Mark]) -> Figure:
    data = tradeoff_figure_data(p, q, points=points)
    fig = Figure(figsize=(12, 7.6), layout="constrained")
    for fold, ax in zip((1, 2), fig.subplots(1, 2)):
        draw(ax, data, fold, marks)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12))
    fig.suptitle(f"{title}: $Q_{{2\\times 3}}$({p}, {q}), x against x'")
    return fig


def figure1(p: Any = Fraction(3, 5), q: Any = Fraction(1, 5), *, points: int = 201,
            marks: Sequence[Mark] = ()) -> Figure:
    """003 Figure 1: trade-off between type I and II errors for SLDP (Theorem 3.5, Corollary 3.6)."""
    return _figure(draw_sldp, "003 Figure 1 (SLDP)", p, q, points, marks)


def figure4(p: Any = Fraction(3, 5), q: Any = Fraction(1, 5), *, points: int = 201,
            marks: Sequence[Mark] = ()) -> Figure:
    """003 Figure 4: trade-off between type I and II errors for WLDP (Theorem 3.18, Corollary 3.19)."""
    return _figure(draw_wldp, "003 Figure 4 (WLDP)", p, q, points, marks)
