"""Where a report goes: the command line's ``--format``, ``--output``, ``--latex DIR`` and ``--html FILE``.

Every target is checked before the checks start (:func:`check_targets`), every output is rendered in
memory before anything is written, and every file is written atomically (:mod:`proofs.report.files`), so
a bad option costs nothing and an interrupted export leaves no half-written file.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import TextIO

from proofs.report.files import check_file, write_text
from proofs.report.schema import Report

__all__ = ["FORMATS", "check_targets", "coverage", "render", "emit", "write_html", "write_latex_directory"]

#: What ``--format`` accepts.
FORMATS = ("table", "json", "markdown")

#: Width of the table written to a file (``--format table --output FILE``).
FILE_WIDTH = 120


def check_targets(*, output: str | None = None, latex: str | None = None, html: str | None = None) -> None:
    """A one-line error for the first target that cannot be written."""
    if output:
        check_file(output, "--output")
    if latex:
        from proofs.report.latex_doc import check_latex_directory

        check_latex_directory(latex)
    if html:
        check_file(html, "--html")


def coverage(*, whole_catalog: bool) -> object | None:
    """The coverage of the texts (:func:`proofs.coverage.report.coverage`) when the whole catalog ran: the
    percentages are about the registry, so a run of some claims carries none. A failure there is reported
    on stderr and never hides the verdicts."""
    if not whole_catalog:
        return None
    try:
        from proofs.coverage.report import coverage as compute
    except ImportError:
        return None
    try:
        return compute()
    except Exception as exc:  # extra information: the report goes out without it
        print(f"ldp-proofs: coverage left out ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None


def render(report: Report, fmt: str, *, width: int | None = None) -> str:
    """The report as text in ``fmt`` (``table``, ``json`` or ``markdown``)."""
    if fmt == "json":
        return report.dumps() + "\n"
    if fmt == "markdown":
        from proofs.report.markdown import render_markdown

        return render_markdown(report) + "\n"
    from rich.console import Console

    from proofs.report.terminal import render_report

    buffer = io.StringIO()
    render_report(report, Console(file=buffer, width=width or FILE_WIDTH, color_system=None, force_terminal=False))
    return buffer.getvalue()


def emit(report: Report, fmt: str, output: str | None, stream: TextIO | None = None) -> None:
    """Write the report in ``fmt`` to ``output`` (atomically) or print it (a table in colour on a terminal)."""
    if output:
        write_text(output, render(report, fmt))
        return
    stream = stream or sys.stdout
    if fmt == "table":
        from rich.console import Console

        from proofs.report.terminal import render_report

        render_report(report, Console(file=stream))
        return
    stream.write(render(report, fmt))


def write_html(report: Report, path: str | os.PathLike[str], *, figures: bool = True) -> Path:
    """The self-contained HTML page at ``path`` (figures drawn and embedded unless ``figures`` is False)."""
    from proofs.report.html import render_html

    images = ()
    if figures:
        from proofs.report.figures import draw_images

        images = draw_images([c.id for c in report.claims])
    return write_text(path, render_html(report, images))


def write_latex_directory(report: Report, directory: str | os.PathLike[str]) -> list[Path]:
    """``report.tex`` and one fragment per claim in ``directory`` (``report.tex`` first in the result)."""
    from proofs.report.latex_doc import write_latex

    return write_latex(report, directory)
