"""The report on a terminal: readable math, no LaTeX source.

``python -m proofs`` prints a summary first (claims per status, then each refuted claim with its
counterexample and its correction on one line each), then a compact table (id, source, status, a one-line
reason) that fits the terminal's width: every cell is one line, cut with ``…``. ``python -m proofs show ID``
prints one claim in full: the statement as printed, domain, definitions, related claims, every evidence of
the primary reading with its figures, then the evidence about other readings in a section of its own
("Other readings (not part of the verdict)").

Math is shown as Unicode (:mod:`proofs.report.unicode_math`): ``β²_φ ≤ min{e²ᵋ(1−l), 1}``.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from proofs.base.evidence import HOLDS_WHEN_UNCHECKED
from proofs.base.verdict import Status
from proofs.report import values, view
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.unicode_math import to_unicode

__all__ = ["STYLE", "plain", "render_report", "render_claim", "summary_lines"]

STYLE = {
    Status.PROVED: "bold green",
    Status.SUPPORTED: "green",
    Status.REFUTED: "bold red",
    Status.INCONCLUSIVE: "yellow",
    Status.ERROR: "bold white on red",
}


plain = view.plain_text


def _status(status: Status) -> Text:
    return Text(status.value, style=STYLE[status])


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def summary_lines(report: Report, width: int) -> list[Text]:
    """Counts by status, then the refuted claims (counterexample, correction), then the errors."""
    lines = [Text.assemble((f"ldp-belief-proofs — {len(report.claims)} claims, budget {report.budget}", "bold"))]
    counts = Text()
    for k, (status, n) in enumerate(view.counts(report)):
        if k:
            counts.append(" · ")
        counts.append(f"{status.value} {n}", style=STYLE[status] if n else "dim")
    lines.append(counts)
    if report.coverage is not None:
        lines.append(Text("coverage: " + ", ".join(f"{p.paper} {p.percent:.1f}%" for p in report.coverage.papers)))
    for title, claims in (("Refuted", report.refuted), ("Errors", report.errored)):
        if not claims:
            continue
        lines += [Text(""), Text(f"{title} ({len(claims)}):", style="bold")]
        name_width = max(len(c.id) for c in claims)
        for c in claims:
            indent = " " * (name_width + 4)
            lines.append(Text(_cut(f"  {c.id.ljust(name_width)}  {plain(view.one_line(c))}", width)))
            follow = plain(view.correction_line(c)) if c.status is Status.REFUTED else c.source
            lines.append(Text(_cut(indent + follow, width), style="dim" if c.status is Status.ERROR else ""))
    return lines


def render_report(report: Report, console: Console) -> None:
    """Summary, then the compact table of every claim (one line per claim)."""
    width = console.width
    for line in summary_lines(report, width):
        console.print(line, soft_wrap=False, overflow="ellipsis", no_wrap=True)
    console.print()
    table = Table(show_lines=False, box=None, pad_edge=False, header_style="bold", expand=False)
    id_width = max((len(c.id) for c in report.claims), default=2)
    source_width = min(max((len(c.source) for c in report.claims), default=6), 24)
    table.add_column("id", no_wrap=True, min_width=id_width)
    table.add_column("source", no_wrap=True, max_width=source_width, overflow="ellipsis")
    table.add_column("status", no_wrap=True, min_width=12)
    reason_width = max(width - id_width - source_width - 12 - 6, 20)
    table.add_column("why", no_wrap=True, overflow="ellipsis", max_width=reason_width)
    for c in report.claims:
        reason = plain(view.one_line(c))
        if c.other_readings and any(e.outcome.value == "counterexample" for e in c.other_readings):
            reason += " (another reading has a counterexample: show " + c.id + ")"
        table.add_row(c.id, _cut(c.source, source_width), _status(c.status), _cut(reason, reason_width))
    console.print(table)


def _evidence_lines(e: EvidenceReport) -> list[Text]:
    lines = [Text.assemble("  • ", (plain(view.evidence_heading(e)), "bold"))]
    lines.append(Text("      on " + plain(view.domain(e.domain))))
    for row in view.detail_rows(e):
        lines.append(Text(f"      {plain(row.name)}: {plain(row.value)}"))
    if e.counterexample:
        lines.append(Text("      counterexample: " + plain(values.assignment(e.counterexample))))
    if e.holds_when:
        lines.append(Text("      holds when: " + plain(view.domain(e.holds_when))
                          + ("" if e.holds_when_checked else f" ({HOLDS_WHEN_UNCHECKED})")))
    return lines


def render_claim(claim: ClaimReport, console: Console) -> None:
    """One claim in full (see the module docstring)."""
    body: list[Text] = [Text.assemble((plain(view.domain(claim.title)), "bold"), f" ({claim.source})"), Text("")]

    def field(name: str, value: str) -> None:
        body.append(Text.assemble((f"{name}: ", "bold"), value))

    field("statement as printed", plain(view.statement(claim.statement)))
    field("domain", plain(view.domain(claim.domain)))
    if claim.assumptions:
        field("assumptions added", "; ".join(plain(view.domain(a)) for a in claim.assumptions))
    if claim.premise:
        field("premise", plain(view.domain(claim.premise)))
    if claim.interpretation:
        field("interpretation", plain(view.domain(claim.interpretation)))
    if claim.readings:
        field("other readings checked", "; ".join(claim.readings))
    for title, items in (("definitions used", view.definition_items(claim)),
                         ("related claims", view.related_items(claim))):
        if items:
            body.append(Text(f"{title}:", style="bold"))
            body += [Text("  - " + plain(item)) for item in items]
    body += [Text(""), Text.assemble(("status: ", "bold"), _status(claim.status), f" — {claim.reason}")]
    if claim.counterexample:
        field("counterexample", plain(values.assignment(claim.counterexample)))
    if claim.holds_when:
        field("holds when", plain(view.domain(claim.holds_when))
              + ("" if claim.holds_when_checked else f" ({HOLDS_WHEN_UNCHECKED})"))
    if claim.correction is not None:
        field(f"corrected ({claim.correction.status.value})", plain(view.statement(claim.correction.statement)))
    derived = [d for d in view.derived_items(claim.derived) if d.best]
    if derived:
        body.append(Text("derived expressions:", style="bold"))
        for d in derived:
            body.append(Text(f"  - {d.name}: {to_unicode(d.best)}" + ("  (in the paper's notation)" if d.paper else "")))
    body += [Text(""), Text("Evidence (primary reading):", style="bold")]
    body += [line for e in claim.primary_evidence for line in _evidence_lines(e)] or [Text("  none")]
    if claim.other_readings:
        body += [Text(""), Text(view.other_readings_title + ":", style="bold magenta")]
        for e in claim.other_readings:
            body.append(Text(f"  [{e.reading}]", style="magenta"))
            body += _evidence_lines(e)
    console.print(Panel(Group(*body), title=escape(claim.id), expand=False))
