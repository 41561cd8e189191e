"""The report as LaTeX: ``python -m proofs --latex DIR`` (or ``export --from report.json --latex DIR``) writes
``DIR/report.tex`` and one fragment per claim, ``DIR/claims/<safe id>.tex``; ``latexmk -pdf report.tex`` makes
the errata PDF.

Nothing falls back to LaTeX source shown as text: every statement, counterexample, domain and figure is a
:class:`~proofs.report.mathtext.MathText` (words and formulas), the words escaped for text mode and the
formulas — each known to compile (:func:`proofs.report.latex_text.parse_math`) — set in math mode. Values
are typeset as math (fractions ``\\tfrac``, tuples, the paper's symbols), derived expressions in the
paper's notation where :mod:`proofs.report.notation` verified one, and each evidence's figures in a table.

``report.tex``: a summary (claims per status; a table of every claim with the outcome of its primary
reading apart from what other readings found), the errata (each refuted claim, its counterexample, where
it holds, its corrected statement and that statement's own status), the notation, then every claim.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from proofs.report import values, view
from proofs.report.files import check_directory, safe_id, write_tree
from proofs.report.latex import PREAMBLE_PACKAGES
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.mathtext import Printer
from proofs.report.tex import text_tex

__all__ = ["TexPrinter", "fragment", "latex_files", "write_latex", "check_latex_directory"]

_SETMINUS = re.compile(r"\\setminus(?![A-Za-z])")


def _math_tex(latex: str) -> str:
    """A formula as the PDF should carry it: ``\\setminus`` is drawn as ``\\smallsetminus`` (amssymb),
    whose glyph text extraction reads as ∖, not as a backslash."""
    return _SETMINUS.sub(r"\\smallsetminus", latex)


class TexPrinter(Printer):
    """Words escaped for text mode, formulas in ``\\( \\)``; one formula alone as ``\\[ \\]`` when ``display``."""

    def _print_text(self, text: str) -> str:
        return text_tex(text)

    def _print_math(self, latex: str) -> str:
        return rf"\( {_math_tex(latex)} \)"

    def _print_display(self, latex: str) -> str:
        return rf"\[ {_math_tex(latex)} \]"


rich_tex = TexPrinter().doprint


def _statement_tex(text: str) -> str:
    rich = view.statement(text)
    if rich.display and len(rich.segments[0].content) <= 80:
        return rich_tex(rich, display=True)
    return r"\begin{quote}" + rich_tex(rich) + r"\end{quote}"


def _rows_tex(rows: list[view.Row]) -> list[str]:
    if not rows:
        return []
    cell = r">{\raggedright\arraybackslash}p"
    return [rf"\par\noindent\begin{{tabular}}{{@{{}}{cell}{{0.28\linewidth}}{cell}{{0.66\linewidth}}@{{}}}}",
            *(rf"{rich_tex(r.name)} & {rich_tex(r.value)} \\" for r in rows), r"\end{tabular}\par"]


def _evidence_tex(e: EvidenceReport) -> list[str]:
    lines = [rf"\subsubsection*{{{text_tex(view.plain_text(view.evidence_heading(e)))}"
             rf" \textnormal{{({text_tex(e.reading_label)})}}}}",
             rf"\noindent On {rich_tex(view.domain(e.domain))}.\par"]
    lines += _rows_tex(view.detail_rows(e))
    if e.counterexample:
        lines.append(rf"\noindent Counterexample: {rich_tex(values.assignment(e.counterexample))}.\par")
    if e.holds_when:
        lines.append(rf"\noindent Holds when {rich_tex(view.domain(e.holds_when))}.\par")
    return lines


def fragment(claim: ClaimReport) -> str:
    """``claims/<safe id>.tex``: one claim in full."""
    label = safe_id(claim.id)
    lines = [
        f"% Claim {claim.id}: written by `python -m proofs` (proofs/report/latex_doc.py); do not edit, re-export.",
        "% Needs " + ", ".join(rf"\usepackage{{{p}}}" for p in PREAMBLE_PACKAGES) + ".",
        rf"\subsection{{\texttt{{{text_tex(claim.id)}}}: {rich_tex(view.domain(claim.title))}}}\label{{claim:{label}}}",
        "",
        rf"\noindent\textit{{Source:}} {text_tex(claim.source)}. \textit{{Status:}} \textbf{{{claim.status.value}}}"
        rf" --- {rich_tex(view.domain(claim.reason))}.",
        "",
        r"\noindent Statement as printed:",
        _statement_tex(claim.statement),
        rf"\noindent\textit{{Domain:}} {rich_tex(view.domain(claim.domain))}\par",
    ]
    for name, text in (("Assumptions added", "; ".join(claim.assumptions)), ("Premise", claim.premise),
                       ("Interpretation", claim.interpretation)):
        if text:
            lines.append(rf"\noindent\textit{{{name}:}} {rich_tex(view.domain(text))}\par")
    for name, items in (("Definitions used", view.definition_items(claim)), ("Related claims", view.related_items(claim))):
        if items:
            lines += [rf"\noindent\textit{{{name}:}}", r"\begin{itemize}",
                      *(rf"\item {rich_tex(item)}" for item in items), r"\end{itemize}"]
    if claim.counterexample:
        lines.append(rf"\noindent\textit{{Counterexample:}} {rich_tex(values.assignment(claim.counterexample))}.\par")
    if claim.holds_when:
        lines.append(rf"\noindent\textit{{Holds when:}} {rich_tex(view.domain(claim.holds_when))}.\par")
    if claim.correction is not None:
        lines += [rf"\noindent\textit{{Corrected statement}} (its own evidence: "
                  rf"\textbf{{{claim.correction.status.value}}}):", _statement_tex(claim.correction.statement)]
    derived = [d for d in view.derived_items(claim.derived) if d.best]
    if derived:
        lines += [r"\noindent\textit{Derived expressions} (in the paper's notation where marked, verified equal):",
                  r"\begin{itemize}"]
        for d in derived:
            note = " (paper's notation)" if d.paper else ""
            lines.append(rf"\item {text_tex(d.name)}{text_tex(note)}: \( \displaystyle {_math_tex(d.best)} \)")
        lines.append(r"\end{itemize}")
    lines.append(r"\paragraph{Evidence (primary reading).}")
    evidence = [line for e in claim.primary_evidence for line in _evidence_tex(e)]
    lines += evidence or [r"\noindent None yet.\par"]
    if claim.other_readings:
        lines.append(rf"\paragraph{{{text_tex(view.other_readings_title)}.}}")
        lines += [line for e in claim.other_readings for line in _evidence_tex(e)]
    return "\n".join(lines) + "\n"


def _summary_table(report: Report) -> list[str]:
    cell = r">{\raggedright\arraybackslash}p"
    lines = [rf"\begin{{longtable}}{{@{{}}{cell}{{0.17\textwidth}}{cell}{{0.17\textwidth}}{cell}{{0.1\textwidth}}"
             rf"{cell}{{0.25\textwidth}}{cell}{{0.25\textwidth}}@{{}}}}", r"\toprule",
             r"id & source & status & primary reading & other readings (not part of the verdict) \\", r"\midrule",
             r"\endhead"]
    for c in report.claims:
        primary = view.evidence_outcomes(c.primary_evidence) or "none yet"
        others = "; ".join(rich_tex(view.domain(e.reading or "")) + text_tex(
            f": {e.method.value} {e.outcome.value}"
            + (" (concerns another reading)" if e.outcome.value == "counterexample" else "")) for e in c.other_readings)
        lines.append(rf"\texttt{{{text_tex(c.id)}}} (\ref{{claim:{safe_id(c.id)}}}) & {text_tex(c.source)} & "
                     rf"{c.status.value} & {text_tex(primary)} & {others or '---'} \\")
    return lines + [r"\bottomrule", r"\end{longtable}"]


def _errata(report: Report) -> list[str]:
    lines = [r"\section{Errata}"]
    if not report.refuted:
        return lines + ["No claim was refuted in this run.", ""]
    lines.append(f"{len(report.refuted)} claims refuted, each by a counterexample inside its own domain, "
                 "re-checked exactly or at two precisions.")
    for c in report.refuted:
        lines += ["", rf"\subsection*{{\texttt{{{text_tex(c.id)}}} ({text_tex(c.source)}), see "
                      rf"\ref{{claim:{safe_id(c.id)}}}}}", r"\noindent As printed:", _statement_tex(c.statement)]
        if c.counterexample:
            lines.append(rf"\noindent Fails at {rich_tex(values.assignment(c.counterexample))}.\par")
        if c.holds_when:
            lines.append(rf"\noindent Holds when {rich_tex(view.domain(c.holds_when))}.\par")
        correction = c.correction
        if correction is not None and correction.verified:
            lines += [rf"\noindent Corrected ({correction.status.value}):", _statement_tex(correction.statement)]
        elif correction is not None:
            lines.append(rf"\noindent A correction was proposed; its own evidence earned "
                         rf"\textbf{{{correction.status.value}}}, so it is not shown as verified.\par")
        else:
            lines.append(r"\noindent No corrected statement was derived.\par")
    return lines + [""]


def _coverage(report: Report) -> list[str]:
    if report.coverage is None:
        return []
    lines = [r"\section{Coverage of the texts}", r"\begin{tabular}{@{}lrrr@{}}", r"\toprule",
             r"text & covered & entries & open \\", r"\midrule"]
    lines += [rf"{text_tex(p.paper)} & {p.percent:.1f}\% & {len(p.entries)} & {p.count('open')} \\"
              for p in report.coverage.papers]
    return lines + [r"\bottomrule", r"\end{tabular}", ""]


def latex_files(report: Report) -> dict[str, str]:
    """Relative path -> text: ``claims/<safe id>.tex`` for each claim, and ``report.tex``."""
    files = {f"claims/{safe_id(c.id)}.tex": fragment(c) for c in report.claims}
    counts = ", ".join(f"{status.value} {n}" for status, n in view.counts(report))
    notation = [rich_tex(item) for item in view.notation_items()]
    doc = [
        "% Written by `python -m proofs` (proofs/report/latex_doc.py). Compile: latexmk -pdf report.tex",
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2.2cm]{geometry}",
        r"\usepackage{amsmath,amssymb,booktabs,longtable,array}",
        r"\IfFileExists{upgreek.sty}{\usepackage{upgreek}}{\providecommand{\uppi}{\boldsymbol{\pi}}}",
        r"\setlength{\emergencystretch}{3em}",
        r"\setcounter{secnumdepth}{2}",
        r"\title{ldp-belief-proofs: claims, verdicts and errata}",
        rf"\author{{toolkit version {text_tex(report.toolkit_version)}, budget \texttt{{{text_tex(report.budget)}}}}}",
        r"\date{}",
        r"\begin{document}",
        r"\maketitle",
        "",
        r"\noindent Each verdict is computed from the evidence of its checks: \textbf{proved} (a symbolic "
        r"identity or decision procedure on the whole stated domain), \textbf{supported} (no counterexample on "
        r"a stated finite domain; not a proof), \textbf{refuted} (a counterexample inside the claim's own domain, "
        r"re-checked exactly or at two precisions), \textbf{inconclusive}, \textbf{error}. Only the primary "
        r"reading of a claim decides its status; what other readings found is reported beside it.",
        "",
        r"\section{Summary}",
        rf"{len(report.claims)} claims: {text_tex(counts)}.",
        "",
        *_summary_table(report),
        "",
        *_errata(report),
        *_coverage(report),
        r"\section{Notation}",
        r"\begin{itemize}", *(rf"\item {item}" for item in notation), r"\end{itemize}",
        r"\section{Claims}",
        *(rf"\input{{claims/{safe_id(c.id)}}}" for c in report.claims),
        "",
        r"\end{document}",
    ]
    files["report.tex"] = "\n".join(doc) + "\n"
    return files


def check_latex_directory(directory: str | os.PathLike[str]) -> None:
    """A one-line error if ``directory`` cannot receive the export (checked before any work starts)."""
    check_directory(directory, "--latex", {"claims": "dir", "report.tex": "file"})


def write_latex(report: Report, directory: str | os.PathLike[str]) -> list[Path]:
    """Render every file in memory, check ``directory``, then write each file atomically; returns the
    written paths, ``report.tex`` first."""
    files = latex_files(report)
    check_latex_directory(directory)
    return write_tree(directory, files, first="report.tex")

