"""The report as Markdown with ``$...$`` math, in the structure of the HTML report (summary, errata,
table, one section per claim with its readings), so that a GitHub issue or a review comment can quote any
part of it: ``python -m proofs --format markdown`` or ``export --from report.json --format markdown``.
"""

from __future__ import annotations

import re

from core.escaping import md_code, md_text
from proofs.base.verdict import Status
from proofs.report import values, view
from proofs.files import safe_id
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.mathtext import MathText, Printer

__all__ = ["render_markdown", "MarkdownPrinter", "md_text", "md_code", "md_math"]


def md_math(latex: str) -> str:
    """Math-mode LaTeX for Markdown's ``$...$``: a ``<`` is followed by a space (the same math: TeX ignores
    spaces there), so that a renderer without math support never reads ``<script>`` or ``<img`` in it as a
    tag; line breaks become spaces, so the formula stays in its paragraph or table cell."""
    return re.sub(r"<(?=\S)", "< ", re.sub(r"\s+", " ", latex))


class MarkdownPrinter(Printer):
    """Words escaped, formulas between ``$`` (``$$`` alone on a line when ``display``)."""

    def _print_text(self, text: str) -> str:
        return md_text(text)

    def _print_math(self, latex: str) -> str:
        return f"${md_math(latex).strip()}$"

    def _print_display(self, latex: str) -> str:
        return f"$${md_math(latex)}$$"


rich_markdown = MarkdownPrinter().doprint


def _cell(rich: MathText) -> str:
    return rich_markdown(rich).replace("|", r"\|")


def _cell_code(text: str) -> str:
    return md_code(text).replace("|", r"\|")


def _evidence(e: EvidenceReport) -> list[str]:
    lines = [f"- **{md_text(view.plain_text(view.evidence_heading(e)))}** ({md_text(e.reading_label)}) on "
             f"{rich_markdown(view.domain(e.domain))}"]
    for row in view.detail_rows(e):
        lines.append(f"  - {rich_markdown(row.name)}: {rich_markdown(row.value)}")
    if e.counterexample:
        lines.append(f"  - counterexample: {rich_markdown(values.assignment(e.counterexample))}")
    if e.holds_when:
        lines.append(f"  - holds when {rich_markdown(view.holds_when(e.holds_when, e.holds_when_checked))}")
    return lines


def _claim(claim: ClaimReport) -> list[str]:
    lines = [f'<a id="claim-{safe_id(claim.id)}"></a>', f"### {md_code(claim.id)} — {rich_markdown(view.domain(claim.title))}", "",
             f"*{md_text(claim.source)}* · **{claim.status.value}** — {rich_markdown(view.domain(claim.reason))}"
             + (f" ({md_text(claim.steps_line)})" if claim.steps_line else ""), ""]
    for f in view.claim_fields(claim):
        label = f.label[0].upper() + f.label[1:]
        lines += [f"{label}:", "", *(f"- {rich_markdown(item)}" for item in f.items), ""] if f.items else \
            [f"{label}: {rich_markdown(f.content)}", ""]
    lines += ["Evidence (primary reading):", ""]
    lines += [line for e in claim.primary_evidence for line in _evidence(e)] or ["- none yet"]
    if claim.other_readings:
        lines += ["", f"#### {md_text(view.other_readings_title)}", ""]
        lines += [line for e in claim.other_readings for line in _evidence(e)]
    return lines + [""]


def render_markdown(report: Report) -> str:
    """Summary, errata, the table of every claim, then every claim."""
    lines = [f"# ldp-belief-proofs report (budget {md_code(report.budget)})", "",
             f"{view.claims(len(report.claims))}, toolkit {md_text(report.toolkit_version)}.", "",
             "| status | claims | meaning |", "|---|---:|---|"]
    lines += [f"| **{s.value}** | {n} | {md_text(view.STATUS_MEANING[s])} |" for s, n in view.counts(report)]
    if report.coverage is not None:
        lines += ["", "## Coverage of the texts", "", "| text | covered | entries | open |", "|---|---:|---:|---:|"]
        lines += [f"| {md_text(p.paper)} | {p.percent:.1f}% | {len(p.entries)} | {p.count('open')} |"
                  for p in report.coverage.papers]
    lines += ["", "## Errata", ""]
    if not report.defects:
        lines += ["No claim was refuted in this run.", ""]
    elif report.vacuous:
        lines += [md_text(view.refuted_sentence(report)), ""]
    for c in report.defects:
        lines += [f"- [{md_code(c.id)}](#claim-{safe_id(c.id)}) ({md_text(c.source)}): as printed "
                  f"{rich_markdown(view.statement(c.statement))}"]
        if c.counterexample:
            lines.append(f"  - fails at {rich_markdown(values.assignment(c.counterexample))}")
        if c.status is Status.VACUOUS:
            lines.append(f"  - vacuous: {rich_markdown(view.one_line(c))}")
        if c.holds_when:
            lines.append(f"  - holds when {rich_markdown(view.holds_when(c.holds_when, c.holds_when_checked))}")
        lines.append(f"  - {rich_markdown(view.correction_line(c))}")
    lines += ["", "## All claims", "", "| id | source | status | why |", "|---|---|---|---|"]
    lines += [f"| [{_cell_code(c.id)}](#claim-{safe_id(c.id)}) | {md_text(c.source)} | **{c.status.value}** | "
              f"{_cell(view.one_line(c))} |" for c in report.claims]
    lines += ["", "## Notation", "", *(f"- {rich_markdown(item)}" for item in view.notation_items()), "",
              "## Every claim", ""]
    for c in report.claims:
        lines += _claim(c)
    return "\n".join(lines)

