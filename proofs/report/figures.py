"""The paper's figures (:data:`proofs.figures.FIGURES`) for the HTML report: drawn by the toolkit, embedded
as PNG data URIs beside the claims each illustrates, so the page stays one file that works offline.

Drawing all figures takes about 14 s; the HTML report draws them unless asked not to
(``--no-figures``). A figure that cannot be drawn is left out with its reason, never faked.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Collection
from dataclasses import dataclass

__all__ = ["FigureImage", "ILLUSTRATES", "draw_images"]

#: The claims each figure illustrates, by the name of its :class:`proofs.figures.FigureSpec`.
ILLUSTRATES: dict[str, tuple[str, ...]] = {
    "fig1-sldp-tradeoff": ("T3.5.forward", "T3.5.converse", "C3.6.lower", "C3.6.upper"),
    "fig2-variance": ("Fig2.warner-optimal", "T3.10", "A.approx", "nuS", "C3.12"),
    "fig3-sample-size": ("Fig3.sample-size", "C3.11"),
    "fig4-wldp-tradeoff": ("T3.18.forward", "T3.18.converse", "C3.19.pe", "C3.19.op"),
    "fig5-shafer-walley": ("Fig5.rectangle", "Qlambda.loss", "C3.20"),
    "privacy-losses": ("epsS", "epsW"),
    "mean-estimation": ("R.ci-gauss", "R.ci-rr", "R.bias"),
}


@dataclass(frozen=True)
class FigureImage:
    """A drawn figure: ``name`` and ``title`` of its spec, the claims it illustrates, a PNG data URI (or
    ``error``, why it could not be drawn)."""

    name: str
    title: str
    claims: tuple[str, ...]
    data_uri: str = ""
    error: str = ""


def draw_images(claim_ids: Collection[str] | None = None, dpi: int = 80) -> list[FigureImage]:
    """The figures of :data:`proofs.figures.FIGURES` that illustrate one of ``claim_ids`` (all when None),
    drawn and encoded."""
    # proofs.figures loads matplotlib: only when figures are drawn, so that a report without them starts fast
    from proofs.figures import FIGURES  # optional: matplotlib, only when figures are drawn

    images = []
    for spec in FIGURES:
        claims = ILLUSTRATES.get(spec.name, ())
        if claim_ids is not None and not set(claims) & set(claim_ids):
            continue
        try:
            spec.function_object()().savefig(buffer := io.BytesIO(), format="png", dpi=dpi, bbox_inches="tight")
        except Exception as exc:  # a figure module still being written: reported, not drawn
            images.append(FigureImage(spec.name, spec.title, claims, error=f"{type(exc).__name__}: {exc}"))
            continue
        encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
        images.append(FigureImage(spec.name, spec.title, claims, data_uri=f"data:image/png;base64,{encoded}"))
    return images
