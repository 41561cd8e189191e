"""The coverage report for people (a table per text, the open entries, the percentage) and as Markdown."""

from __future__ import annotations

from typing import Any

from proofs.coverage.report import Coverage, PaperCoverage

__all__ = ["render_table", "render_markdown", "summary_line"]

_STYLE = {"covered": "green", "definition": "cyan", "notation": "cyan", "open": "bold yellow"}


def summary_line(paper: PaperCoverage) -> str:
    """``003: 24 of 38 checkable entries covered (63.2%); 10 definitions or notation; 14 open``."""
    return (f"{paper.paper}: {paper.count('covered')} of {paper.checkable} checkable entries covered "
            f"({paper.percent:.1f}%); {paper.count('definition') + paper.count('notation')} definitions or "
            f"notation; {paper.count('open')} open")


def render_table(coverage: Coverage, console: Any) -> None:
    """One rich table per text, then its summary line."""
    from rich.markup import escape
    from rich.table import Table

    for paper in coverage.papers:
        table = Table(title=f"Coverage of {paper.paper}", show_lines=False)
        for column in ("entry", "line", "section", "status", "claims / reason"):
            table.add_column(column, overflow="fold")
        for item in paper.entries:
            what = ", ".join(item.claims) if item.claims else item.reason
            table.add_row(escape(item.entry.label), str(item.entry.line), escape(item.entry.section[:28]),
                          f"[{_STYLE[item.status]}]{item.status}[/]", escape(what))
        console.print(table)
        console.print(summary_line(paper))
    missing = [c for c in coverage.printed if c.status == "not found"]
    if missing:
        console.print(f"{len(missing)} claims whose printed statement was not found in their text: "
                      + ", ".join(c.claim_id for c in missing))


def render_markdown(coverage: Coverage) -> str:
    lines = []
    for paper in coverage.papers:
        lines += [f"## Coverage of {paper.paper}", "", summary_line(paper), "",
                  "| entry | line | status | claims / reason |", "|---|---|---|---|"]
        for item in paper.entries:
            what = ", ".join(f"`{c}`" for c in item.claims) if item.claims else item.reason
            lines.append(f"| {item.entry.label} | {item.entry.line} | {item.status} | {what} |")
        lines.append("")
    missing = [c.claim_id for c in coverage.printed if c.status == "not found"]
    if missing:
        lines.append("Claims whose printed statement was not found in their text: "
                     + ", ".join(f"`{c}`" for c in missing))
    return "\n".join(lines) + "\n"
