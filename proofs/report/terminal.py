"""The report on a terminal: readable math, no LaTeX source.

``python -m proofs`` prints a summary first (claims per status, then each refuted claim with its
counterexample and its correction on one line each, then each vacuous claim with why its premise never
holds and its correction), then a compact table (id, source, status, a one-line
reason) that fits the terminal's width: every cell is one line, cut with ``…``; below 100 columns each
claim's reason is wrapped onto lines of its own under it, never cut. ``python -m proofs show ID``
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

from proofs.base.verdict import DEFECTS, Status
from proofs.report import values, view
from proofs.report.schema import ClaimReport, EvidenceReport, Report

__all__ = ["STYLE", "plain", "render_report", "render_claim", "summary_lines"]

STYLE = {
    Status.PROVED: "bold green",
    Status.SUPPORTED: "green",
    Status.REFUTED: "bold red",
    Status.VACUOUS: "bold magenta",
    Status.INCONCLUSIVE: "yellow",
    Status.ERROR: "bold white on red",
}


plain = view.plain_text


def _status(status: Status) -> Text:
    return Text(status.value, style=STYLE[status])


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def summary_lines(report: Report, width: int) -> list[Text]:
    """Counts by status, then the defects: the refuted claims (counterexample, correction) and the vacuous ones
    (why the premise never holds, correction), then the errors."""
    lines = [Text.assemble((f"ldp-belief-proofs — {view.claims(len(report.claims))}, budget {report.budget}", "bold"))]
    lines.append(Text(" · ").join(Text(f"{status.value} {n}", style=STYLE[status] if n else "dim")
                                  for status, n in view.counts(report)))
    if report.coverage is not None:
        lines.append(Text("coverage: " + ", ".join(f"{p.paper} {p.percent:.1f}%" for p in report.coverage.papers)))
    for title, claims in (("Refuted", report.refuted), ("Vacuous", report.vacuous), ("Errors", report.errored)):
        if not claims:
            continue
        lines += [Text(""), Text(f"{title} ({len(claims)}):", style="bold")]
        name_width = max(len(c.id) for c in claims)
        for c in claims:
            lines.append(Text(_cut(f"  {c.id.ljust(name_width)}  {plain(view.one_line(c))}", width)))
            follow = " " * (name_width + 4) + (plain(view.correction_line(c)) if c.status in DEFECTS
                                               else c.source)
            lines.append(Text(_cut(follow, width), style="dim" if c.status is Status.ERROR else ""))
    return lines


#: Below this width the table gives each claim's reason a line of its own (at 80 columns a reason column is
#: about 10 characters: "fails at n ").
NARROW = 100


def _reason(c: ClaimReport) -> str:
    reason = plain(view.one_line(c)) + (f": {c.steps_line}" if c.steps_line and c.status is not Status.REFUTED else "")
    if any(e.outcome.value == "counterexample" for e in c.other_readings):
        reason += " (another reading has a counterexample: show " + c.id + ")"
    return reason


def render_report(report: Report, console: Console) -> None:
    """Summary, then one line per claim (id, source, status, why); below :data:`NARROW` columns the reason
    is wrapped onto a line of its own under each claim instead of being cut."""
    width = console.width
    for line in summary_lines(report, width):
        console.print(line, soft_wrap=False, overflow="ellipsis", no_wrap=True)
    console.print()
    id_width = max((len(c.id) for c in report.claims), default=2)
    source_width = min(max((len(c.source) for c in report.claims), default=6), 24)
    if width < NARROW:
        for c in report.claims:
            console.print(Text.assemble(c.id.ljust(id_width + 2), _cut(c.source, source_width).ljust(source_width + 2),
                                        _status(c.status)), no_wrap=True, overflow="ellipsis")
            for line in Text(_reason(c), style="dim").wrap(console, max(width - 4, 20)):
                line.rstrip()
                console.print(Text("    ") + line, no_wrap=True)
        return
    table = Table(show_lines=False, box=None, pad_edge=False, header_style="bold", expand=False)
    table.add_column("id", no_wrap=True, min_width=id_width)
    table.add_column("source", no_wrap=True, max_width=source_width, overflow="ellipsis")
    table.add_column("status", no_wrap=True, min_width=12)
    reason_width = max(width - id_width - source_width - 12 - 6, 20)
    table.add_column("why", no_wrap=True, overflow="ellipsis", max_width=reason_width)
    for c in report.claims:
        table.add_row(c.id, _cut(c.source, source_width), _status(c.status), _cut(_reason(c), reason_width))
    console.print(table)


def _evidence_lines(e: EvidenceReport) -> list[Text]:
    lines = [Text.assemble("  • ", (plain(view.evidence_heading(e)), "bold"))]
    lines.append(Text("      on " + plain(view.domain(e.domain))))
    for row in view.detail_rows(e):
        lines.append(Text(f"      {plain(row.name)}: {plain(row.value)}"))
    if e.counterexample:
        lines.append(Text("      counterexample: " + plain(values.assignment(e.counterexample))))
    if e.holds_when:
        lines.append(Text("      holds when: " + plain(view.holds_when(e.holds_when, e.holds_when_checked))))
    return lines


def render_claim(claim: ClaimReport, console: Console) -> None:
    """One claim in full (see the module docstring)."""
    body: list[Text] = [Text.assemble((plain(view.domain(claim.title)), "bold"), f" ({claim.source})"), Text("")]

    for f in view.claim_fields(claim):
        if f.items:
            body += [Text(f"{f.label}:", style="bold"), *(Text("  - " + plain(item)) for item in f.items)]
        else:
            body.append(Text.assemble((f"{f.label}: ", "bold"), plain(f.content)))
    if claim.readings:
        body.append(Text.assemble(("other readings checked: ", "bold"), "; ".join(claim.readings)))
    body += [Text(""), Text.assemble(("status: ", "bold"), _status(claim.status), f" — {plain(view.domain(claim.reason))}"
                                     + (f" ({claim.steps_line})" if claim.steps_line else ""))]
    body += [Text(""), Text("Evidence (primary reading):", style="bold")]
    body += [line for e in claim.primary_evidence for line in _evidence_lines(e)] or [Text("  none")]
    if claim.other_readings:
        body += [Text(""), Text(view.other_readings_title + ":", style="bold magenta")]
        for e in claim.other_readings:
            body.append(Text(f"  [{e.reading}]", style="magenta"))
            body += _evidence_lines(e)
    console.print(Panel(Group(*body), title=escape(claim.id), expand=False))
