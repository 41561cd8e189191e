"""The paper's figures, redrawn from the toolkit; ``python -m proofs figures DIR`` writes them as PNG.

One plotting function per figure, in one module per area of the catalog (``catalog/figures/*.py``, named
here by module name and imported only when a figure is drawn); the notebooks of ``notebooks/`` call the same
functions, so nothing is drawn twice. Every curve comes from ``numeric/`` and the catalog's derivations and
models (exact enumeration, the printed formulas, the simulation); the plotting modules only arrange the axes.

The figures are built with matplotlib's object-oriented API (:class:`matplotlib.figure.Figure`), never through
``pyplot``: no global state, no display, and PNG files are written by the Agg canvas whatever backend is set.
Floats here are for plotting only (STYLE.md): the numbers behind any verdict are computed elsewhere, exactly.

Figures of 003 (the reference reading) and of the report 004:

=========================  ============================================================  ===============
file                       what it shows                                                 notebook
=========================  ============================================================  ===============
``fig1-sldp-tradeoff``     003 Figure 1: (α, β) of tests for SLDP, bounds u, U, u², U²  03
``fig2-variance``          003 Figure 2: ν^S against ε^S for several c = p + q          02
``fig3-sample-size``       003 Figure 3: the same for n = 10, 100, 500, 1000, q3 = 0.1  02
``fig4-wldp-tradeoff``     003 Figure 4: pessimistic/optimistic errors for WLDP          03
``fig5-shafer-walley``     003 Figure 5: (ε^S, ν^S), (ε^W, ν^W) and the Q_λ curve       04
``privacy-losses``         the privacy losses of Q_{2x3} under both semantics           01
``mean-estimation``        004: confidence intervals of the two estimators, coverage    05
=========================  ============================================================  ===============
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from core.errors import invalid
from proofs.files import Transaction, check_directory
from proofs import runner
from proofs.base import registry

__all__ = ["FigureSpec", "FIGURES", "README_FIGURE", "draw", "findings", "run_claims", "write_figures"]


@dataclass(frozen=True)
class FigureSpec:
    """A figure: its file name (without ``.png``), where its plotting function lives, and what it shows."""

    name: str
    module: str
    function: str
    title: str

    def function_object(self) -> Callable[..., Figure]:
        return getattr(import_module(self.module), self.function)


FIGURES: tuple[FigureSpec, ...] = (
    FigureSpec("fig1-sldp-tradeoff", "catalog.figures.tradeoff", "figure1",
               "003 Figure 1: trade-off between type I and II errors for SLDP"),
    FigureSpec("fig2-variance", "catalog.figures.survey", "figure2",
               "003 Figure 2: the privacy-accuracy trade-off in Shafer's semantics"),
    FigureSpec("fig3-sample-size", "catalog.figures.survey", "figure3",
               "003 Figure 3: impact of the sample size on the estimation accuracy"),
    FigureSpec("fig4-wldp-tradeoff", "catalog.figures.tradeoff", "figure4",
               "003 Figure 4: trade-off between type I and II errors for WLDP"),
    FigureSpec("fig5-shafer-walley", "catalog.figures.walley", "figure5",
               "003 Figure 5: comparison of trade-offs in the two semantics"),
    FigureSpec("privacy-losses", "catalog.figures.belief", "privacy_losses",
               "privacy losses of Q_{2x3} under Shafer's and Walley's semantics"),
    FigureSpec("mean-estimation", "catalog.figures.meanest", "mean_estimation",
               "004: the two estimators of the mean, their intervals and coverage"),
)

README_FIGURE = "fig2-variance"
"""The figure the README shows: the paper's main trade-off, with exact, printed and simulated curves."""

_TOOLKIT_PACKAGES = ("numeric", "symbolic", "proofs", "catalog")


def _spec(name: str) -> FigureSpec:
    for spec in FIGURES:
        if spec.name == name:
            return spec
    raise invalid("name", name, "not a figure", f"use one of {[s.name for s in FIGURES]}")


def draw(name: str, **options) -> Figure:
    """Draw the figure called ``name`` (see :data:`FIGURES`) with its plotting function's ``options``."""
    return _spec(name).function_object()(**options)


def run_claims(ids: Sequence[str], budget: str = "quick", *, jobs: int = 2) -> list:
    """The registry's results (:class:`proofs.runner.ClaimResult`) for the claims ``ids`` at ``budget``."""
    return runner.run(registry.resolve(list(ids)), budget, jobs=jobs)


def findings(claims: Sequence[Any], budget: str = "quick", *, jobs: int = 2) -> str:
    """A Markdown table of the statuses the toolkit computed for ``claims`` (ids, run here at ``budget``, or
    results of :func:`run_claims` at that budget), with the counterexample and the corrected statement where
    there is one, for the notebooks' text. Nothing here is typed by hand: each row is the registry's verdict."""
    ids = [c for c in claims if isinstance(c, str)]
    results = [c for c in claims if not isinstance(c, str)] + (run_claims(ids, budget, jobs=jobs) if ids else [])
    rows = ["| claim | status | why | counterexample | corrected |", "|---|---|---|---|---|"]
    for r in results:
        example = r.verdict.counterexample
        shown = "" if example is None else ", ".join(f"{k} = {_short(v)}" for k, v in example.items())
        corrected = r.verdict.corrected or ""
        if _is_formula(corrected) and len(corrected) < 390:  # LaTeX: rendered as math by Markdown
            corrected = f"${corrected}$"
        rows.append(f"| `{r.claim.id}` | **{r.status.value}** | {_short(r.verdict.reason, 120)} | {_short(shown, 160)} "
                    f"| {_short(corrected, 400)} |")
    return "\n".join(rows) + f"\n\n(computed by `proofs.runner.run` at budget `{budget}`)"


def _is_formula(text: str) -> bool:
    """LaTeX with no plain words (a formula, to be put between $ signs), not a sentence with LaTeX in it."""
    import re

    bare = re.sub(r"\\[A-Za-z]+", "", re.sub(r"\\text\{[^{}]*\}", "", text))
    return "\\" in text and "$" not in text and re.search(r"[A-Za-z]{4,}", bare) is None


def _short(value: object, limit: int = 40) -> str:
    text = str(value).replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _missing_toolkit_module(exc: ModuleNotFoundError) -> bool:
    return (exc.name or "").split(".")[0] in _TOOLKIT_PACKAGES


def write_figures(directory: str | Path, *, names: tuple[str, ...] | None = None, dpi: int = 120) -> list[Path]:
    """Write each figure of :data:`FIGURES` (or those in ``names``) as ``DIR/<name>.png``; return the paths.

    The directory is checked before anything is drawn, every figure is drawn in memory, and the files are
    written all at once at the end, or not at all (:class:`proofs.files.Transaction`): an error or
    an interrupt while drawing leaves the directory as it was. A figure whose toolkit module has not been
    written yet is skipped with a note on stderr (the paths returned say which were written); any other
    failure propagates. At least one figure must be written.
    """
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise invalid("directory", str(directory), "exists and is not a directory")
    specs = FIGURES if names is None else tuple(_spec(name) for name in names)
    check_directory(out, "directory")
    transaction = Transaction()
    drawn: dict[str, bytes] = {}
    for spec in specs:
        try:
            function = spec.function_object()
        except ModuleNotFoundError as exc:
            if not _missing_toolkit_module(exc):
                raise
            print(f"figures: skipped {spec.name}: {exc.name} is not available yet", file=sys.stderr)
            continue
        buffer = io.BytesIO()
        function().savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
        drawn[f"{spec.name}.png"] = buffer.getvalue()
    if not drawn:
        raise invalid("directory", str(directory), "no figure could be drawn (toolkit modules missing)")
    transaction.add_directory(out, drawn, "directory")
    transaction.commit()
    return [out / name for name in drawn]
