"""What the claims cover: every entry of a text with the claims that check it, and every claim with
where it is printed.

A claim covers an entry of its own text when

* its ``source`` names the entry (``"003 Lemma 3.2"``, ``"003 Theorem 3.5 (1⇒2)"``, ``"003 Eq. (2)"``;
  not ``"after Lemma 3.2"`` or ``"proof of Lemma 3.2"``, which are about other text), or
* one of its ``printed`` fragments is found, after :func:`~proofs.reading.texts.normalise`, inside the
  entry's LaTeX.

For a paper of your own (``coverage(papers=["paper.tex"])``, ``python -m proofs coverage --paper paper.tex``)
the entries are the numbered results and displayed formulas :mod:`proofs.reading.document` finds in its
LaTeX; the claims considered are those loaded from claims files and those whose source starts with the
paper's file name (``"paper.tex Theorem 2"``, as the scaffold writes them) or its stem; a source names an
entry by its label (``Theorem 2``, ``Eq. (3)``, ``display, line 42``), or a formula of its statement
(``$...$``) read equal to one the entry holds (same relations, sides equal once expanded), so a claim
written in your own words covers its entry without copying the paper's LaTeX; definitions and notation are told
from claims as the scaffold tells them (:mod:`proofs.reading.entries`). A scaffolded claim that is still
pending (:mod:`proofs.base.pending`: no check) locates its entry but does not cover it: the entry is
*open*, with the pending claim named.

A run on papers of your own reports the printed check of their claims only, never of the claims of other
texts.

The percentage is the share of *checkable* entries (all entries but definitions and notation) that some
claim covers. The look-up of a claim's printed fragments is also evidence that the claim is encoded as
printed (:class:`PrintedCheck`); it says nothing about whether the claim is true, so it never enters a
verdict.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pathlib import Path

from core.errors import invalid
from proofs.base.claim import Claim
from proofs.reading.classification import classify
from proofs.reading.texts import PAPERS, Entry, Text, load, normalise
from proofs.reading.document import Document, read_document
from proofs.reading.entries import describe, inline_math
from proofs.reading.latexmath import Unread, declared_functions, read_formula
from proofs.base.pending import is_pending
from proofs.userclaims import claims_file_of
from proofs.base import registry

__all__ = ["CoveredEntry", "PaperCoverage", "PrintedCheck", "Coverage", "coverage", "printed_check", "latex_coverage"]

_NAMED = re.compile(r"(?<![A-Za-z] )\b(Definition|Lemma|Theorem|Corollary|Example|Remark|Proposition) "
                    r"(\d+(?:\.\d+)?)")
_NOT_THE_RESULT = re.compile(r"\b(proofs? of|after|before)\s*$", re.IGNORECASE)
_EQUATION = re.compile(r"\bEq\.\s*\((\d+)\)")


@dataclass(frozen=True)
class CoveredEntry:
    """One entry and what covers it: ``status`` is ``covered``, ``definition``, ``notation`` or ``open``."""

    entry: Entry
    status: str
    claims: tuple[str, ...] = ()
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.entry.label, "kind": self.entry.kind, "line": self.entry.line,
                "section": self.entry.section, "status": self.status, "claims": list(self.claims),
                "reason": self.reason or None, "latex": self.entry.latex[:400]}


@dataclass(frozen=True)
class PaperCoverage:
    """The coverage of one text."""

    paper: str
    entries: tuple[CoveredEntry, ...]

    def count(self, status: str) -> int:
        return sum(1 for e in self.entries if e.status == status)

    @property
    def checkable(self) -> int:
        return len(self.entries) - self.count("definition") - self.count("notation")

    @property
    def percent(self) -> float:
        return 100.0 * self.count("covered") / self.checkable if self.checkable else 100.0

    @property
    def open(self) -> tuple[CoveredEntry, ...]:
        return tuple(e for e in self.entries if e.status == "open")

    def to_json(self) -> dict[str, Any]:
        return {"percent": round(self.percent, 1), "entries_total": len(self.entries),
                "checkable": self.checkable, "covered": self.count("covered"),
                "definitions": self.count("definition"), "notation": self.count("notation"),
                "open": self.count("open"), "entries": [e.to_json() for e in self.entries]}


@dataclass(frozen=True)
class PrintedCheck:
    """Whether a claim's printed statement occurs in its text: ``found`` (with the lines), ``not found``,
    or ``not looked up`` (a text the toolkit does not hold, or a claim of your own)."""

    claim_id: str
    status: str
    lines: tuple[int, ...] = ()
    fragments: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "lines": list(self.lines), "fragments": list(self.fragments)}


@dataclass(frozen=True)
class Coverage:
    """The coverage of several texts, and the printed check of every claim."""

    papers: tuple[PaperCoverage, ...]
    printed: tuple[PrintedCheck, ...]

    def to_json(self) -> dict[str, Any]:
        return {"papers": {p.paper: p.to_json() for p in self.papers},
                "printed": {c.claim_id: c.to_json() for c in self.printed}}


def _names_entry(claim: Claim, entry: Entry) -> bool:
    place = claim.source[4:] if claim.paper == entry.paper else ""
    if not place:
        return False
    if entry.kind == "result":
        for match in _NAMED.finditer(place):
            if f"{match.group(1)} {match.group(2)}" == entry.label \
                    and not _NOT_THE_RESULT.search(place[:match.start()]):
                return True
        return False
    equation = _EQUATION.search(place)
    return bool(entry.number and equation and equation.group(1) == entry.number
                and not _NOT_THE_RESULT.search(place[:equation.start()]))


def _prints_in(claim: Claim, entry: Entry) -> bool:
    if claim.paper != entry.paper:
        return False
    body = normalise(entry.latex)
    return any(normalise(f) and normalise(f) in body for f in claim.printed)


def printed_check(claim: Claim, text: Text | None = None) -> PrintedCheck:
    """Look up the claim's printed fragments (or, without fragments, its statement) in its text."""
    paper = claim.paper
    if paper not in PAPERS and text is None:
        return PrintedCheck(claim.id, "not looked up")
    text = text or load(paper)
    fragments = claim.printed or (claim.statement,)
    lines: list[int] = []
    for fragment in fragments:
        found = text.find(fragment)
        if not found:
            return PrintedCheck(claim.id, "not found", (), tuple(fragments))
        lines.extend(found)
    return PrintedCheck(claim.id, "found", tuple(sorted(set(lines))), tuple(fragments))


def paper_coverage(paper: str, claims: Sequence[Claim]) -> PaperCoverage:
    """Every entry of ``paper`` with the claims that cover it."""
    text = load(paper)
    out = []
    for entry in text.entries:
        ids = tuple(c.id for c in claims if _names_entry(c, entry) or _prints_in(c, entry))
        if ids:
            out.append(CoveredEntry(entry, "covered", ids))
            continue
        classified = classify(paper, entry.label)
        if classified:
            out.append(CoveredEntry(entry, classified[0], (), classified[1]))
        else:
            out.append(CoveredEntry(entry, "open"))
    return PaperCoverage(paper, tuple(out))


def _about(claim: Claim, document: Document) -> bool:
    """The claim is about this LaTeX paper: loaded from a claims file, or its source starts with the
    paper's file name or stem."""
    source = claim.source.lower()
    for name in (document.name.lower(), document.path.stem.lower()):
        if source == name or source.startswith(name) and not source[len(name)].isalnum():
            return True
    return claims_file_of(claim.id) is not None


def _place(claim: Claim, document: Document) -> str:
    """The part of the claim's source after the paper's name (all of it when the name is not there)."""
    source = claim.source
    for name in (document.name, document.path.stem):
        if source.lower().startswith(name.lower()):
            return source[len(name):]
    return source


def _names_item(claim: Claim, entry: Entry, document: Document) -> bool:
    place = _place(claim, document)
    found = place.find(entry.label)
    while found >= 0:
        end = found + len(entry.label)
        follows = place[end:end + 1]
        if not (follows.isdigit() or follows == "." and place[end + 1:end + 2].isdigit()) \
                and not _NOT_THE_RESULT.search(place[:found]):
            return True
        found = place.find(entry.label, found + 1)
    if entry.kind == "display" and entry.number:
        for number in re.findall(r"\((\w[\w.]*)\)", place):
            if number in (entry.number or "").split("|") and not _NOT_THE_RESULT.search(place[:place.find(number)]):
                return True
    return False


#: Largest expression compared by expansion (operations); a larger one is compared as written.
_LARGEST_COMPARED = 400


def _formulas_of(claim: Claim, functions: frozenset[str]) -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
    """The formulas of the claim's statement (its ``$...$`` math), read as the paper's formulas are: a
    claim whose statement writes an entry's formula covers it, whatever its printed fragments."""
    out = []
    for math in inline_math(claim.statement):
        found = read_formula(math, functions=functions)
        if not isinstance(found, Unread):
            out += [(s.relations, s.sides) for s in found if s.relations]
    return out


def _same(one: tuple[tuple[str, ...], tuple[Any, ...]], other: tuple[tuple[str, ...], tuple[Any, ...]]) -> bool:
    """Two read formulas are equal: the same relations, and each side equal (as written, or once expanded)."""
    (relations, sides), (relations2, sides2) = one, other
    if relations != relations2 or len(sides) != len(sides2):
        return False
    for a, b in zip(sides, sides2):
        if a == b:
            continue
        try:
            if a.count_ops() + b.count_ops() > _LARGEST_COMPARED or (a - b).expand() != 0:
                return False
        except (TypeError, ValueError, AttributeError):
            return False
    return True


def latex_coverage(paper: str | Path, claims: Sequence[Claim],
                   root: str | Path | None = None) -> tuple[PaperCoverage, tuple[PrintedCheck, ...]]:
    """The coverage of the LaTeX paper at ``paper`` by the ``claims`` about it, and the printed check of
    each of them (its fragments looked up in the paper's entries); the paper reads only files under ``root``
    (default: its own folder)."""
    document = read_document(paper, root)
    described = describe(document)
    mine = [c for c in claims if _about(c, document)]
    entries = [Entry(document.name, e.item.kind, e.item.label, e.item.line, e.item.section, e.item.latex,
                     "|".join(e.item.numbers) or None) for e in described]
    bodies = [normalise(entry.latex) for entry in entries]
    functions = declared_functions(document.text or "\n".join(item.latex for item in document.items))
    stated = {c.id: _formulas_of(c, functions) for c in mine}
    out = []
    for entry, body, item in zip(entries, bodies, described):
        read = [(f.relations, f.expressions()) for f in item.formulas]
        ids = tuple(c.id for c in mine if _names_item(c, entry, document)
                    or any(normalise(f) and normalise(f) in body for f in c.printed)
                    or any(_same(one, other) for one in stated[c.id] for other in read))
        checked = tuple(i for i in ids if not is_pending(i))
        if checked:
            out.append(CoveredEntry(entry, "covered", checked))
        elif item.status in ("definition", "notation"):
            out.append(CoveredEntry(entry, item.status, (), item.reason
                                    + (f"; introduces {', '.join(item.introduces)}" if item.introduces else "")))
        elif ids:  # located by a scaffolded claim, but nobody has checked it yet
            out.append(CoveredEntry(entry, "open", ids, "pending: no check yet"))
        else:
            out.append(CoveredEntry(entry, "open"))
    checks = []
    for claim in mine:
        fragments = claim.printed or (claim.statement,)
        lines: list[int] = []
        for fragment in fragments:
            where = [entry.line for entry, body in zip(entries, bodies)
                     if normalise(fragment) and normalise(fragment) in body]
            if not where:
                checks.append(PrintedCheck(claim.id, "not found", (), tuple(fragments)))
                break
            lines.extend(where)
        else:
            checks.append(PrintedCheck(claim.id, "found", tuple(sorted(set(lines))), tuple(fragments)))
    return PaperCoverage(document.name, tuple(out)), tuple(checks)


def coverage(claims: Iterable[Claim] | None = None, papers: Sequence[str] = PAPERS,
             root: str | Path | None = None) -> Coverage:
    """The coverage of ``papers`` (``"003"``, ``"004"``, or paths of LaTeX papers) by ``claims`` (default:
    every registered claim); a LaTeX paper reads only files under ``root`` (default: its own folder)."""
    if claims is None:
        claims = registry.claims()
    claims = list(claims)
    for paper in papers:
        if paper not in PAPERS and not (isinstance(paper, (str, Path)) and str(paper).strip()
                                        and (Path(paper).suffix in (".tex", ".ltx") or Path(paper).is_file())):
            raise invalid("paper", paper, f"coverage is reported for {list(PAPERS)} or a LaTeX file (.tex)")
    reports: list[PaperCoverage] = []
    printed: list[PrintedCheck] = []
    looked_up: set[str] = set()
    for paper in papers:
        if paper in PAPERS:
            reports.append(paper_coverage(paper, claims))
            continue
        report, checks = latex_coverage(paper, claims, root)
        reports.append(report)
        printed += [c for c in checks if c.claim_id not in looked_up]
        looked_up |= {c.claim_id for c in checks}
    if any(paper in PAPERS for paper in papers):  # a run on papers of your own says nothing about other texts
        printed += [printed_check(c) for c in claims if c.id not in looked_up]
    return Coverage(tuple(reports), tuple(printed))
