"""Rendering of results: a rich table for people, JSON for programs, Markdown for repository pages
(:mod:`proofs.report.export`, which also writes the LaTeX)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.markup import escape

from proofs.base.claim import Claim
from proofs.base.evidence import Evidence
from proofs.runner import ClaimResult
from proofs.base.verdict import Status, correction_status

__all__ = ["claim_json", "report_json", "render_json", "render_markdown", "render_table", "render_show", "summary"]

STYLE = {
    Status.PROVED: "bold green",
    Status.SUPPORTED: "green",
    Status.REFUTED: "bold red",
    Status.INCONCLUSIVE: "yellow",
    Status.ERROR: "bold white on red",
}


def summary(results: Sequence[ClaimResult]) -> dict[str, int]:
    counts = Counter(r.status.value for r in results)
    return {s.value: counts.get(s.value, 0) for s in Status}


def _derived(evidence: Sequence[Evidence]) -> list[dict[str, Any]]:
    """Every derived expression of ``evidence`` once, as ``{"name", "srepr", "method", "reading"}``."""
    seen, out = set(), []
    for e in evidence:
        for name, text in e.derived.items():
            if (name, text) not in seen:
                seen.add((name, text))
                out.append({"name": name, "srepr": text, "method": e.method.value, "reading": e.reading})
    return out


def claim_json(result: ClaimResult) -> dict[str, Any]:
    """:meth:`ClaimResult.to_json` plus the keys the LaTeX export reads: ``derived`` (the derived
    expressions as sympy ``srepr``) and ``correction`` (statement, status earned, derived, methods)."""
    data = result.to_json()
    data["derived"] = _derived(result.evidence)
    c = result.verdict.correction
    data["correction"] = None if c is None else {
        "statement": c.statement,
        "status": correction_status(c).value,
        "derived": [{"name": k, "srepr": v} for k, v in c.derived.items()] + _derived(c.evidence),
        "methods": [e.to_json() for e in c.evidence],
    }
    return data


def report_json(results: Sequence[ClaimResult], budget: str) -> dict[str, Any]:
    from proofs import __version__

    return {
        "toolkit_version": __version__,
        "budget": budget,
        "claims": [claim_json(r) for r in results],
        "summary": summary(results),
    }


def render_json(results: Sequence[ClaimResult], budget: str) -> str:
    return json.dumps(report_json(results, budget), indent=2, ensure_ascii=False)


def _one_line(result: ClaimResult) -> str:
    v = result.verdict
    if v.counterexample is not None:
        shown = ", ".join(f"{k}={val}" for k, val in list(v.counterexample.items())[:6])
        text = f"counterexample: {shown}"
    else:
        text = v.reason
    if v.holds_when:
        text += f"; holds when {v.holds_when}"
    if v.corrected:
        text += f"; corrected: {v.corrected}"
    return text


def render_table(results: Sequence[ClaimResult], budget: str, console) -> None:
    from rich.table import Table

    table = Table(title=f"ldp-belief-proofs — {len(results)} claims, budget {budget}", show_lines=False)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("source", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("methods")
    table.add_column("evidence")
    table.add_column("s", justify="right")
    for r in results:
        methods = ", ".join(f"{e.method.value}:{e.outcome.value}" + (f"[{e.reading}]" if e.reading else "")
                            for e in r.evidence) or "—"
        table.add_row(escape(r.claim.id), escape(r.claim.source), f"[{STYLE[r.status]}]{r.status.value}[/]",
                      escape(methods), escape(_one_line(r)), f"{r.seconds:.1f}")
    console.print(table)
    console.print("summary: " + ", ".join(f"{k} {v}" for k, v in summary(results).items()))


def render_markdown(results: Sequence[ClaimResult], budget: str) -> str:
    """The report as Markdown with ``$...$`` math (the same text as ``export --format markdown``)."""
    from proofs.report.export import markdown

    return markdown(report_json(results, budget))


def render_show(claim: Claim, result: ClaimResult | None, console) -> None:
    """One claim in a panel. Every piece of the claim's own text is escaped: statements such as
    ``\\alpha_\\varphi \\in [l, L]`` contain brackets that rich would otherwise read as markup."""
    from rich.panel import Panel

    lines = [f"statement as printed: {claim.statement}", f"domain: {claim.domain}"]
    if claim.assumptions:
        lines.append("assumptions added: " + "; ".join(claim.assumptions))
    if claim.interpretation:
        lines.append(f"interpretation: {claim.interpretation}")
    if claim.readings:
        lines.append("other readings checked: " + "; ".join(claim.readings))
    body = [f"[bold]{escape(claim.title)}[/] ({escape(claim.source)})", ""] + [escape(line) for line in lines]
    if result is not None:
        body += ["", f"status: [{STYLE[result.status]}]{result.status.value}[/] — {escape(result.verdict.reason)}"]
        details = []
        for e in result.evidence:
            details.append(f"  • {e.method.value}: {e.outcome.value}" + (f" [{e.reading}]" if e.reading else "")
                           + f" — {e.domain}")
            details += [f"      {k}: {val}" for k, val in e.detail.items() if k != "traceback"]
            if e.counterexample:
                details.append(f"      counterexample ({e.recheck.value if e.recheck else '?'}): {dict(e.counterexample)}")
        if result.verdict.holds_when:
            details.append(f"holds when: {result.verdict.holds_when}")
        if result.verdict.corrected:
            details.append(f"corrected: {result.verdict.corrected}")
        body += [escape(line) for line in details]
    console.print(Panel("\n".join(body), title=escape(claim.id), expand=False))
