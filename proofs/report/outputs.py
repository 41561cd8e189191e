"""Where a report goes: the command line's ``--format``, ``--output``, ``--latex DIR`` and ``--html FILE``.

Every target is checked before the checks start (:func:`check_targets`), every output is rendered in
memory before anything is written (:func:`stage` adds them all to one
:class:`~proofs.files.Transaction`), and the files are written all at once or not at all, so a bad
option costs nothing and an interrupted export leaves no file, old or new, half-written.
"""

from __future__ import annotations

import io
import os
import sys
from typing import TextIO

from core.errors import invalid
from proofs.files import Transaction, check_file, write_text
from proofs.report.schema import Report
from proofs.reading.coverage import coverage as compute
from proofs.report.figures import draw_images
from proofs.report.html import render_html
from proofs.report.latex_doc import check_latex_directory, latex_files
from proofs.report.markdown import render_markdown
from proofs.report.terminal import render_report

__all__ = ["check_targets", "coverage", "render", "emit", "stage"]

#: Width of the table written to a file (``--format table --output FILE``).
FILE_WIDTH = 120


def check_targets(*, output: str | None = None, latex: str | None = None, html: str | None = None) -> None:
    """A one-line error for the first target that cannot be written, or two options naming one file."""
    if output is not None:
        check_file(output, "--output")
    if latex is not None:
        check_latex_directory(latex)
    if html is not None:
        check_file(html, "--html")
        if output is not None and os.path.realpath(output) == os.path.realpath(html):
            raise invalid("--html", html, "is also the --output file", "give each output its own file")


def coverage(*, whole_catalog: bool) -> object | None:
    """The coverage of the texts (:func:`proofs.reading.coverage.coverage`) when the whole catalog ran: the
    percentages are about the registry, so a run of some claims carries none. A failure there is reported
    on stderr and never hides the verdicts."""
    if not whole_catalog:
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
        return render_markdown(report) + "\n"
    from rich.console import Console

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

        render_report(report, Console(file=stream))
        return
    stream.write(render(report, fmt))


def stage(transaction: Transaction, report: Report, *, fmt: str | None = None, output: str | None = None,
          html: str | None = None, latex: str | None = None, figures: bool = True) -> None:
    """Render every output the options ask for and add it to ``transaction`` (nothing is written here):
    the report in ``fmt`` to ``output``, the HTML page to ``html`` (its figures drawn unless ``figures`` is
    False), the LaTeX export to ``latex``."""
    if output is not None and fmt is not None:
        transaction.add_file(output, render(report, fmt), "--output")
    if html is not None:
        images = draw_images([c.id for c in report.claims]) if figures else ()
        transaction.add_file(html, render_html(report, images), "--html")
    if latex is not None:
        transaction.add_directory(latex, latex_files(report), "--latex", replace=("claims",))

