"""The report as LaTeX: ``python -m proofs --latex DIR`` (or ``export --from report.json --latex DIR``) writes
``DIR/report.tex`` and one fragment per claim, ``DIR/claims/<safe id>.tex``; ``latexmk -pdf report.tex`` makes
the errata PDF.

Nothing falls back to LaTeX source shown as text: every statement, counterexample, domain and figure is a
:class:`~proofs.report.mathtext.MathText` (words and formulas), the words escaped for text mode and the
formulas — each known to compile (:func:`proofs.report.latex_text.parse_math`) — set in math mode. Values
are typeset as math (fractions ``\\tfrac``, tuples, the paper's symbols), derived expressions in the
paper's notation where :func:`proofs.report.latex.paper_form` verified one, and each evidence's figures in a table.

``report.tex``: claims per status, the errata first (each refuted claim, its counterexample, where it
holds, its corrected statement and that statement's own status), then the summary (a table of every claim
with the outcome of its primary reading apart from what other readings found; long ids wrap), the
notation, then every claim. Text is escaped by :func:`proofs.report.tex.text_tex` (pylatexenc's encoder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from proofs.base.verdict import Status
from proofs.report import values, view
from proofs.files import check_directory, safe_id, write_tree
from proofs.report.latex import PREAMBLE_PACKAGES
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.mathtext import MathText, Printer
from proofs.report.tex import text_tex

__all__ = ["TexPrinter", "FITMATH", "fragment", "latex_files", "write_latex", "check_latex_directory"]

_SETMINUS = re.compile(r"\\setminus(?![A-Za-z])")


def _math_tex(latex: str) -> str:
    """A formula as the PDF should carry it: ``\\setminus`` is drawn as ``\\smallsetminus`` (amssymb),
    whose glyph text extraction reads as ∖, not as a backslash; a long number may break after its slash."""
    return re.sub(r"(\d{6,})/(\d)", r"\1/\\allowbreak \2", _SETMINUS.sub(r"\\smallsetminus", latex))


class TexPrinter(Printer):
    """Words escaped for text mode (a long token may break after ``/`` or every 16 characters), formulas in
    ``\\fitmath`` (one wider than 80% of the line goes on a line of its own, scaled down if wider than the
    line, since an inline formula cannot break), a long number after its slash; one formula alone as
    ``\\[ \\]`` when ``display``."""

    def _print_text(self, text: str) -> str:
        return "".join(text_tex(piece) + (r"\allowbreak{}" if len(piece) >= 16 or piece.endswith("/") else "")
                       for piece in _BREAKABLE.findall(text))

    def _print_math(self, latex: str) -> str:
        return rf"\fitmath{{{_math_tex(latex)}}}"

    def _print_display(self, latex: str) -> str:
        return rf"\[ {_math_tex(latex)} \]" if len(latex) <= 60 else rf"\fitmath{{\displaystyle {_math_tex(latex)}}}"


#: Pieces of text after which a line may break: a run up to a ``/`` or 16 characters long, or blanks.
_BREAKABLE = re.compile(r"\s+|[^\s/]{1,16}/?|/")
#: ``\fitmath{...}``: a formula inline, or on a line of its own (scaled to the line when wider) when it takes
#: more than 80% of a line.
FITMATH = (r"\newsavebox{\fitbox}\newcommand{\fitmath}[1]{\sbox{\fitbox}{$#1$}\ifdim\wd\fitbox>.8\linewidth"
           r"\par\noindent\ifdim\wd\fitbox>\linewidth\resizebox{\linewidth}{!}{\usebox{\fitbox}}\else"
           r"\usebox{\fitbox}\fi\par\else\usebox{\fitbox}\fi}")


rich_tex = TexPrinter().doprint


def _id_tex(claim_id: str) -> str:
    """A claim id in typewriter type that may break after its dots and dashes (long ids wrap in the table)."""
    return r"\texttt{" + re.sub(r"([.@-])", r"\1\\allowbreak{}", text_tex(claim_id)) + "}"


def _statement_tex(text: str | MathText) -> str:
    rich = view.statement(text) if isinstance(text, str) else text
    return rich_tex(rich, display=True) if rich.display and len(rich.segments[0].content) <= 80 else \
        r"\begin{quote}" + rich_tex(rich) + r"\end{quote}"


def _rows_tex(rows: list[view.Row]) -> list[str]:
    """Figures of an evidence as a list (it breaks across pages, a table row does not)."""
    return [r"\begin{description}\setlength{\itemsep}{0pt}", *(rf"\item[{rich_tex(r.name)}]\leavevmode "
            rf"{rich_tex(r.value)}" for r in rows), r"\end{description}"] if rows else []


def _evidence_tex(e: EvidenceReport) -> list[str]:
    lines = [rf"\subsubsection*{{{text_tex(view.plain_text(view.evidence_heading(e)))}"
             rf" \textnormal{{({text_tex(e.reading_label)})}}}}",
             rf"\noindent On {rich_tex(view.domain(e.domain))}.\par", *_rows_tex(view.detail_rows(e))]
    if e.counterexample:
        lines.append(rf"\noindent Counterexample: {rich_tex(values.assignment(e.counterexample))}.\par")
    if e.holds_when:
        lines.append(rf"\noindent Holds when {rich_tex(view.holds_when(e.holds_when, e.holds_when_checked))}.\par")
    return lines


def fragment(claim: ClaimReport) -> str:
    """``claims/<safe id>.tex``: one claim in full."""
    label = safe_id(claim.id)
    lines = [
        f"% Claim {claim.id}: written by `python -m proofs` (proofs/report/latex_doc.py); do not edit, re-export.",
        "% Needs " + ", ".join(rf"\usepackage{{{p}}}" for p in PREAMBLE_PACKAGES) + " and report.tex's \\fitmath.",
        rf"\subsection{{{_id_tex(claim.id)}: {rich_tex(view.domain(claim.title))}}}\label{{claim:{label}}}",
        "",
        rf"\noindent\textit{{Source:}} {text_tex(claim.source)}. \textit{{Status:}} \textbf{{{claim.status.value}}}"
        rf" --- {rich_tex(view.domain(claim.reason))}.",
        "",
    ]
    for f in view.claim_fields(claim):
        label = rf"\noindent\textit{{{text_tex(f.label[0].upper() + f.label[1:])}:}}"
        if f.items:
            lines += [label, r"\begin{itemize}", *(rf"\item {rich_tex(item)}" for item in f.items), r"\end{itemize}"]
        elif f.statement:
            lines += [label, _statement_tex(f.content)]
        else:
            lines.append(rf"{label} {rich_tex(f.content)}\par")
    lines += [r"\paragraph{Evidence (primary reading).}",
              *([line for e in claim.primary_evidence for line in _evidence_tex(e)] or [r"\noindent None yet.\par"])]
    if claim.other_readings:
        lines.append(rf"\paragraph{{{text_tex(view.other_readings_title)}.}}")
        lines += [line for e in claim.other_readings for line in _evidence_tex(e)]
    return "\n".join(lines) + "\n"


def _summary_table(report: Report) -> list[str]:
    """Every claim on one row: id (it wraps), source, status, the outcome of its primary reading, and what
    other readings found, apart."""
    cell = r">{\raggedright\arraybackslash}p"
    lines = [r"{\footnotesize\setlength{\tabcolsep}{4pt}",
             rf"\begin{{longtable}}{{@{{}}{cell}{{0.2\linewidth}}{cell}{{0.16\linewidth}}{cell}{{0.11\linewidth}}"
             rf"{cell}{{0.21\linewidth}}{cell}{{0.24\linewidth}}@{{}}}}", r"\toprule",
             r"id & source & status & primary reading & other readings (not part of the verdict) \\", r"\midrule",
             r"\endhead"]
    for c in report.claims:
        primary = view.evidence_outcomes(c.primary_evidence) or "none yet"
        others = "; ".join(rich_tex(view.domain(e.reading or "")) + text_tex(
            f": {e.method.value} {e.outcome.value}"
            + (" (concerns another reading)" if e.outcome.value == "counterexample" else "")) for e in c.other_readings)
        lines.append(rf"{_id_tex(c.id)} (\ref{{claim:{safe_id(c.id)}}}) & {text_tex(c.source)} & "
                     rf"{c.status.value} & {text_tex(primary)} & {others or '---'} \\")
    return lines + [r"\bottomrule", r"\end{longtable}}"]


def _errata(report: Report) -> list[str]:
    lines = [r"\section{Errata}", text_tex(view.refuted_sentence(report))]
    for c in report.defects:
        lines += ["", rf"\subsection*{{{_id_tex(c.id)} ({text_tex(c.source)}), see "
                      rf"\ref{{claim:{safe_id(c.id)}}}}}", r"\noindent As printed:", _statement_tex(c.statement)]
        if c.counterexample:
            lines.append(rf"\noindent Fails at {rich_tex(values.assignment(c.counterexample))}.\par")
        if c.status is Status.VACUOUS:
            lines.append(rf"\noindent Vacuous: {rich_tex(view.one_line(c))}.\par")
        if c.holds_when:
            lines.append(rf"\noindent Holds when {rich_tex(view.holds_when(c.holds_when, c.holds_when_checked))}.\par")
        correction = c.correction
        if correction is not None and correction.verified:
            lines += [rf"\noindent Corrected ({correction.status.value}):", _statement_tex(correction.statement)]
        elif correction is not None and correction.status is Status.REFUTED:  # the repair fails too
            lines += [r"\noindent Proposed correction (refuted):", _statement_tex(correction.statement)]
        elif correction is not None:
            lines.append(rf"\noindent A correction was proposed; its own evidence earned "
                         rf"\textbf{{{correction.status.value}}}, so it is not shown as verified.\par")
        else:
            lines.append(r"\noindent No corrected statement was derived.\par")
    return lines + [""]


def _coverage(report: Report) -> list[str]:
    if report.coverage is None:
        return []
    return [r"\section{Coverage of the texts}", r"\begin{tabular}{@{}lrrr@{}}", r"\toprule",
            r"text & covered & entries & open \\", r"\midrule",
            *(rf"{text_tex(p.paper)} & {p.percent:.1f}\% & {len(p.entries)} & {p.count('open')} \\"
              for p in report.coverage.papers), r"\bottomrule", r"\end{tabular}", ""]


def latex_files(report: Report) -> dict[str, str]:
    """Relative path -> text: ``claims/<safe id>.tex`` for each claim, and ``report.tex``."""
    files = {f"claims/{safe_id(c.id)}.tex": fragment(c) for c in report.claims}
    counts = ", ".join(f"{status.value} {n}" for status, n in view.counts(report))
    notation = [rich_tex(item) for item in view.notation_items()]
    doc = [
        "% Written by `python -m proofs` (proofs/report/latex_doc.py). Compile: latexmk -pdf report.tex",
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2.2cm]{geometry}",
        r"\usepackage{amsmath,amssymb,booktabs,longtable,array,graphicx}",
        FITMATH,
        r"\IfFileExists{upgreek.sty}{\usepackage{upgreek}}{\providecommand{\uppi}{\boldsymbol{\pi}}}",
        r"\setlength{\emergencystretch}{3em}\AtBeginDocument{\raggedright}",  # a formula cannot break: ragged lines
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
        r"re-checked exactly or at two precisions), \textbf{vacuous} (the premise provably never holds on the "
        r"claim's whole domain), \textbf{inconclusive}, \textbf{error}. Only the primary "
        r"reading of a claim decides its status; what other readings found is reported beside it.",
        "",
        rf"\noindent {view.claims(len(report.claims))}: {text_tex(counts)}.",
        "",
        *_errata(report),
        r"\section{Summary}",
        *_summary_table(report),
        "",
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

