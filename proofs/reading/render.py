"""The coverage report for people (a table per text, the open entries, the percentage), as Markdown and as
one self-contained HTML page (no script, no external file; each entry's LaTeX shown as written)."""

from __future__ import annotations

import html
from typing import Any

from core.escaping import md_code, md_text
from proofs.reading.coverage import Coverage, PaperCoverage

__all__ = ["render_table", "render_markdown", "render_html", "summary_line"]

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
        table = Table(title=f"Coverage of {escape(paper.paper)}", show_lines=False)
        for column in ("entry", "line", "section", "status", "claims / reason"):
            table.add_column(column, overflow="fold")
        for item in paper.entries:
            what = "; ".join(x for x in (", ".join(item.claims), item.reason) if x)
            table.add_row(escape(item.entry.label), str(item.entry.line), escape(item.entry.section[:28]),
                          f"[{_STYLE[item.status]}]{item.status}[/]", escape(what))
        console.print(table)
        console.print(escape(summary_line(paper)))
    missing = [c for c in coverage.printed if c.status == "not found"]
    if missing:
        console.print(f"{len(missing)} claims whose printed statement was not found in their text: "
                      + ", ".join(c.claim_id for c in missing))


def render_markdown(coverage: Coverage) -> str:
    """One table per text; what the paper's LaTeX names (labels, reasons, the file's name) is escaped as text."""
    lines = []
    for paper in coverage.papers:
        lines += [f"## Coverage of {md_text(paper.paper)}", "", md_text(summary_line(paper)), "",
                  "| entry | line | status | claims / reason |", "|---|---|---|---|"]
        for item in paper.entries:
            what = "; ".join(x for x in (", ".join(md_code(c) for c in item.claims), md_text(item.reason)) if x)
            lines.append(f"| {md_text(item.entry.label)} | {item.entry.line} | {item.status} | {what} |")
        lines.append("")
    missing = [c.claim_id for c in coverage.printed if c.status == "not found"]
    if missing:
        lines.append("Claims whose printed statement was not found in their text: "
                     + ", ".join(md_code(c) for c in missing))
    return "\n".join(lines) + "\n"


_CSS = ("body{font-family:system-ui,sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;width:100%}"
        "td,th{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}"
        "code{font-size:.85em;white-space:pre-wrap}.covered{background:#e6f4e6}.definition,.notation{background:#e8f0fb}"
        ".open{background:#fff3cd}")


def render_html(coverage: Coverage) -> str:
    """One self-contained HTML page: per text its summary line and a row per entry (status, the claims that
    cover it or the reason it needs none, its LaTeX as written), then the claims whose printed statement
    was not found."""
    esc = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>Coverage</title>", f"<style>{_CSS}</style></head><body>"]
    for paper in coverage.papers:
        parts += [f"<h2>Coverage of {esc(paper.paper)}</h2>", f"<p>{esc(summary_line(paper))}</p>",
                  "<table><tr><th>entry</th><th>line</th><th>section</th><th>status</th><th>claims / reason</th>"
                  "<th>LaTeX</th></tr>"]
        for item in paper.entries:
            what = "; ".join(x for x in (", ".join(item.claims), item.reason) if x)
            parts.append(f'<tr class="{esc(item.status)}"><td>{esc(item.entry.label)}</td><td>{item.entry.line}</td>'
                         f"<td>{esc(item.entry.section)}</td><td>{esc(item.status)}</td><td>{esc(what)}</td>"
                         f"<td><code>{esc(item.entry.latex[:400])}</code></td></tr>")
        parts.append("</table>")
    missing = [c.claim_id for c in coverage.printed if c.status == "not found"]
    if missing:
        parts.append("<p>Claims whose printed statement was not found in their text: "
                     + esc(", ".join(missing)) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
