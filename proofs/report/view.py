"""What every rendering of a report shows, decided once: the order of the statuses, the one-line reason of
a claim, the heading of an evidence, its figures as rows of a table, the derived expressions, the
figures that illustrate a claim. The terminal, Markdown, LaTeX and HTML renderers only typeset these
:class:`~proofs.report.mathtext.MathText` pieces in their own way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from proofs.base.evidence import Detail, HOLDS_WHEN_UNCHECKED
from proofs.base.verdict import Status
from proofs.report import mathtext, values
from proofs.report.latex import DEFINITIONS_LATEX
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.mathtext import MathText, plain_text

__all__ = ["claims", "refuted_sentence", "Field", "claim_fields", "plain_text", "STATUS_ORDER", "STATUS_MEANING",
           "Row", "counts", "one_line", "correction_line", "evidence_heading", "detail_rows", "derived_items", "domain",
           "notation_items", "statement", "other_readings_title", "evidence_outcomes"]

#: Statuses in the order a reader wants them: what is wrong first.
STATUS_ORDER = (Status.REFUTED, Status.VACUOUS, Status.ERROR, Status.INCONCLUSIVE, Status.SUPPORTED, Status.PROVED)

STATUS_MEANING = {
    Status.PROVED: "a symbolic identity or a decision procedure establishes the claim on its whole stated domain",
    Status.SUPPORTED: "no counterexample on a stated finite domain; not a proof",
    Status.REFUTED: "a counterexample inside the claim's own domain, re-checked exactly or at two precisions",
    Status.VACUOUS: ("the premise provably never holds on the claim's whole domain: the implication is true and "
                     "says nothing (a defect of the statement)"),
    Status.INCONCLUSIVE: "nothing decisive (no check yet, time-outs, support that is vacuous)",
    Status.ERROR: "a check crashed, or two methods contradict each other",
}

#: Keys of an evidence's detail that are shown elsewhere or only in the JSON.
_HIDDEN_DETAIL = frozenset({Detail.TRACEBACK, "counterexample", "recheck", "reading", "holds_when", "corrected", "seconds",
                            "derived", "premise_cases", Detail.QUERIES, Detail.BOXES, Detail.ARGUMENTS})  # the record: for certificates
_MAX_ROWS = 14
_MAX_NESTED = 6

other_readings_title = "Other readings (not part of the verdict)"


@dataclass(frozen=True)
class Field:
    """One field of a claim's section, as every format shows it: a label and text with math (``statement``:
    a statement as printed or corrected, which may be set as a display formula), or a list of ``items``."""

    label: str
    content: MathText = MathText(())
    items: tuple[MathText, ...] = ()
    statement: bool = False


def claim_fields(claim: ClaimReport) -> list[Field]:
    """The fields of a claim in the order every format shows them, the empty ones left out: statement as
    printed, domain, assumptions added, premise, interpretation, definitions used, related claims,
    counterexample, where it holds, the corrected statement with its own status, derived expressions."""
    c = claim.correction
    fields = [Field("statement as printed", statement(claim.statement), statement=True),
              Field("domain", domain(claim.domain)),
              Field("assumptions added", mathtext.join([domain(a) for a in claim.assumptions], "; ")),
              Field("premise", domain(claim.premise)), Field("interpretation", domain(claim.interpretation)),
              Field("definitions used", items=tuple(
                  mathtext.text(d.name + (" (primary reading)" if d.primary else "") + (f", {d.source}" if d.source else "")
                                + ": ") + mathtext.parse(d.text) for d in claim.definitions)),
              Field("related claims", items=tuple(
                  mathtext.text(f"{r.id}{f' [{r.status.value}]' if r.status else ''}: ") + mathtext.parse(r.link)
                  for r in claim.related)),
              Field("counterexample", values.assignment(claim.counterexample or {})),
              Field("holds when", holds_when(claim.holds_when or "", claim.holds_when_checked)),
              Field(f"corrected ({c.status.value})" if c else "", statement(c.statement) if c else MathText(()),
                    statement=True),
              Field("derived expressions", items=tuple(derived_items(claim.derived)))]
    fields += [Field(plain_text(row.name), row.value) for row in _rows(claim.extra)]
    return [f for f in fields if f.content or f.items]


@dataclass(frozen=True)
class Row:
    """One row of a table of figures: a name and a value, both as text with math."""

    name: MathText
    value: MathText


def claims(n: int) -> str:
    """``1 claim``, ``2 claims``."""
    return f"{n} claim" if n == 1 else f"{n} claims"


def refuted_sentence(report: Report) -> str:
    """The sentence that opens the errata (the refuted claims, then the vacuous ones)."""
    n, v = len(report.refuted), len(report.vacuous)
    text = (f"{claims(n)} refuted, each by a counterexample inside its own domain, re-checked exactly or at two "
            "precisions.") if n else "No claim was refuted in this run."
    if v:
        text += (f" {claims(v)} vacuous: {'its' if v == 1 else 'each'} premise was proved never to hold on "
                 f"{'its' if v == 1 else 'the claim’s'} whole domain.")
    return text


def counts(report: Report) -> list[tuple[Status, int]]:
    """(status, number of claims) in :data:`STATUS_ORDER`."""
    return [(s, report.summary[s]) for s in STATUS_ORDER]


def statement(text: str) -> MathText:
    """A statement as printed (or a corrected statement), as text with math; a long formula is cut at its
    top-level commas so that a line can break there."""
    return mathtext.breakable(mathtext.parse(text))


def domain(text: str) -> MathText:
    """A domain, an assumption or a reason written by a check: words with math (long formulas cut at their
    commas, so that lines can break)."""
    return mathtext.breakable(values.prose(text), limit=60)


def holds_when(text: str, checked: bool | None) -> MathText:
    """Where a refuted claim holds, and ``(stated by the author, not checked)`` when no engine checked it
    (``checked`` False; None: a report that predates the record says neither)."""
    shown = domain(text)
    return shown + mathtext.text(f" ({HOLDS_WHEN_UNCHECKED})") if shown and checked is False else shown


def one_line(claim: ClaimReport, limit: int = 6) -> MathText:
    """Why the claim has its status, in one line: the counterexample of a refuted claim, else the reason."""
    if claim.status is Status.REFUTED and claim.counterexample:
        items = dict(list(claim.counterexample.items())[:limit])
        more = mathtext.text(", …") if len(claim.counterexample) > limit else mathtext.text("")
        return mathtext.text("fails at ") + values.assignment(items) + more
    return mathtext.text(" ".join((claim.reason or "error").split())) if claim.status is Status.ERROR else \
        values.prose(claim.reason or claim.status.value)


def correction_line(claim: ClaimReport) -> MathText:
    """The corrected statement of a refuted or vacuous claim and the status its own evidence earned, or what
    holds."""
    c = claim.correction
    if c is not None and c.verified:
        return mathtext.text(f"corrected ({c.status.value}): ") + statement(c.statement)
    if c is not None and c.status is Status.REFUTED:  # the repair fails too: what it says, and that it fails
        return mathtext.text("proposed correction (refuted): ") + statement(c.statement)
    if c is not None:
        return mathtext.text(f"a correction was proposed; its own evidence earned {c.status.value}, so it is not "
                             "shown as verified")
    return mathtext.text("holds when ") + holds_when(claim.holds_when, claim.holds_when_checked) if claim.holds_when \
        else mathtext.text("no corrected statement was derived")


def evidence_heading(e: EvidenceReport) -> MathText:
    """``enumeration: counterexample (re-checked exact)`` with the reading and the premise count."""
    text = f"{e.method.value}: {e.outcome.value}"
    if e.recheck is not None:
        text += f" (re-checked {e.recheck.value})"
    if e.vacuous:
        text += " — vacuous: the premise never held, so this earns nothing"
    elif e.premise_cases is not None:
        text += f" — premise held in {e.premise_cases} case{'s' if e.premise_cases != 1 else ''}"
    return mathtext.text(text)


def evidence_outcomes(evidence: tuple[EvidenceReport, ...]) -> str:
    """``enumeration: holds, symbolic: proved`` (plain text, for tables)."""
    return ", ".join(f"{e.method.value}: {e.outcome.value}" + (" (vacuous)" if e.vacuous else "") for e in evidence)


def detail_rows(e: EvidenceReport) -> list[Row]:
    """The figures of one evidence as rows (z, standard error, points, cases checked, ...), each once;
    a nested object shows its first entries, the rest stays in the JSON."""
    return _rows({**e.detail, **e.extra})


def _rows(figures: Mapping[str, Any]) -> list[Row]:
    rows: list[Row] = []
    for name, item in figures.items():
        if name in _HIDDEN_DETAIL or item is None or item == "" or item == [] or item == {}:
            continue
        if isinstance(item, Mapping):
            shown = dict(list(item.items())[:_MAX_NESTED])
            value = values.assignment(shown)
            if len(item) > _MAX_NESTED:
                value = value + mathtext.text(f", … ({len(item) - _MAX_NESTED} more in the JSON)")
        elif isinstance(item, list) and len(item) > _MAX_NESTED * 2:
            value = values.value(item[:_MAX_NESTED * 2]) + mathtext.text(f" … ({len(item)} in all)")
        else:
            value = values.value(item)
        rows.append(Row(values.key(name), value))
        if len(rows) == _MAX_ROWS:
            rows.append(Row(mathtext.text("…"), mathtext.text("more figures in the JSON report")))
            break
    return rows


def derived_items(items: tuple[Any, ...]) -> list[MathText]:
    """The derived expressions that can be printed, each once."""
    unique = {(item.name, item.srepr): item for item in items}.values()
    return [shown for shown in map(values.derived, unique) if shown is not None]


def notation_items() -> list[MathText]:
    """The notation a reader of derived expressions needs (003 §3.1)."""
    return [mathtext.math(latex) for latex in DEFINITIONS_LATEX] + [
        mathtext.text("A is the sum of 003 Theorem 3.10; ") + mathtext.math(r"\pi") +
        mathtext.text(" is the proportion and ") + mathtext.math(r"\uppi") + mathtext.text(" the constant.")]
