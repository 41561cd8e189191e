"""The report, typed: the one place that knows the JSON of ``python -m proofs --format json``.

:class:`Report` holds the run (toolkit version, budget), one :class:`ClaimReport` per claim and, when
present, the :class:`CoverageReport` of the texts. Every renderer (terminal table, Markdown, LaTeX, HTML)
reads these objects; ``export --from`` reads them back with :meth:`Report.from_json`, which validates every
key and names the first bad one in a one-line :class:`~core.errors.InvalidArgument`. Statuses, methods,
outcomes and re-checks are the enums of :mod:`proofs.base.verdict` and :mod:`proofs.base.evidence`; the
derived expressions are read back with :func:`proofs.report.latex.parse_derived` (an ``srepr`` walked by
:func:`core.formula.parse_srepr`, or a plain formula read by :func:`core.formula.parse_formula`), never
evaluated.

The JSON (``"schema": 3``)::

    {"schema", "toolkit_version", "budget", "summary": {status: count},
     "claims": [{"id", "title", "source", "section", "statement_latex", "status", "reason", "domain",
                 "interpretation", "assumptions", "readings", "premise",
                 "definitions": [{"name", "notion", "source", "text", "primary"}],
                 "related": [{"id", "link", "status"}],
                 "methods": [{"method", "outcome", "domain", "detail", "reading", "premise_cases", "vacuous",
                              "premise_never_holds", "recheck", "counterexample", "holds_when", "holds_when_checked", "corrected",
                              "seconds", "steps"}],
                 "steps": {"machine_checked", "stated", "uncovered", "unchecked"},
                 "counterexample", "holds_when", "holds_when_checked", "corrected", "corrected_status",
                 "correction": {"statement", "status", "derived", "methods"},
                 "derived": [{"name", "srepr", "method", "reading"}], "seconds"}],
     "coverage": {"papers": {"003": {"percent", "entries": [...], ...}}, "printed": {...}}   (optional)}

``holds_when_checked`` is ``true`` when an engine checked the condition (the claim holds on the region it
names and fails outside it), ``false`` when it is stated by the author and not checked, ``null`` without a
condition; a report written before the key existed leaves it unknown (``None``: shown without either note).

``premise_never_holds`` is ``true`` on the proof that an implication's premise fails on its whole domain (the
claim's status is then ``vacuous``); a report written before the key existed reads it as ``false``.

Since schema 3 every text of a claim (``statement_latex``, ``domain``, ``interpretation``, ...) is prose with its
math between dollars. In reports of schema 1 and 2 the statement (and a corrected statement) was math-mode
LaTeX: it is read as one formula; their other texts are read as prose.

A key this version does not know (a later addition) is kept in ``extra``, written back by ``export``, and
shown as a row of figures of its claim or evidence.

Reports written before the schema had a number (no ``"schema"`` key) are read too: the keys they lack
default to empty, and what they kept inside an evidence's ``detail`` (``reading``, ``premise_cases``,
``counterexample``, ...) is read from there.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from core.errors import InvalidArgument, invalid
from core.exact import jsonable
from core.formula import MAX_LENGTH
from proofs.base.claim import _ID as _CLAIM_ID
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.kernel.grounds import step_counts
from proofs.kernel.steps import Step, step_from_json
from proofs.base.verdict import Status, correction_status
from numeric.definitions import READINGS
from proofs.base.version import __version__
from proofs.report.latex import parse_derived

__all__ = ["SCHEMA_VERSION", "EvidenceReport", "DerivedReport", "CorrectionReport", "DefinitionReport",
           "RelatedReport", "ClaimReport", "CoverageEntry", "PaperCoverage", "CoverageReport", "Report",
           "load_report", "section_of", "MAX_REPORT_BYTES"]

SCHEMA_VERSION = 3
#: Largest report file read back (bytes): the whole catalog's report at every budget is a few megabytes, so a
#: larger file is not a report (and reading it whole would cost the memory of its size).
MAX_REPORT_BYTES = 64 * 1024 * 1024
#: Most digits of an integer in a report (Python's own limit on reading one from text).
MAX_INT_DIGITS = 4300

#: Keys an evidence of an older report kept inside its ``detail``.
_MOVED_OUT_OF_DETAIL = ("reading", "premise_cases", "recheck", "counterexample", "holds_when", "corrected", "seconds")


class _Reader:
    """Reads one JSON value at a path such as ``claims[3].methods[0].outcome``; errors name path and value."""

    def __init__(self, data: Any, path: str = "report") -> None:
        self.data, self.path = data, path

    def fail(self, why: str, value: Any = None) -> InvalidArgument:
        return invalid(self.path, self.data if value is None else value, why)

    def at(self, key: str | int) -> "_Reader":
        value = self.data[key] if isinstance(key, int) else self.data.get(key)
        path = f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"
        return _Reader(value, path)

    def object(self) -> Mapping[str, Any]:
        if not isinstance(self.data, dict):
            raise self.fail("is not a JSON object")
        return self.data

    def required(self, key: str) -> "_Reader":
        if key not in self.object():
            raise invalid(self.path, _keys(self.data), f"lacks {key}")
        return self.at(key)

    def typed(self, ok: bool, why: str, default: Any) -> Any:
        """The value; ``default`` when it is absent (null); else an error saying ``why`` unless ``ok``."""
        if self.data is None:
            return default
        if not ok:
            raise self.fail(why)
        return self.data

    def text(self, default: str | None = "") -> str | None:
        return self.typed(isinstance(self.data, str), "is not a string", default)

    def texts(self) -> tuple[str, ...]:
        if isinstance(self.data, str):
            return (self.data,)
        strings = isinstance(self.data, list) and all(isinstance(v, str) for v in self.data)
        return tuple(self.typed(strings, "is not a list of strings", ()))

    def items(self) -> list["_Reader"]:
        return [self.at(k) for k in range(len(self.typed(isinstance(self.data, list), "is not a list", [])))]

    def each(self, read: Any) -> tuple[Any, ...]:
        """``read`` of each item of a list (none when absent)."""
        return tuple(read(item) for item in self.items())

    def strings(self, *keys: str) -> dict[str, str]:
        """The texts at ``keys`` of an object ("" when absent)."""
        return {key: self.at(key).text() for key in keys}

    def enum(self, kind: type, default: Any = ...) -> Any:
        """A member of ``kind``; ``default`` when absent, if one is given (else absence is an error)."""
        if self.data is None and default is not ...:
            return default
        try:
            return kind(self.data)
        except ValueError:
            raise self.fail(f"is not one of {[m.value for m in kind]}") from None

    def number(self, default: float = 0.0) -> float:
        number = isinstance(self.data, (int, float)) and not isinstance(self.data, bool)
        return float(self.typed(number, "is not a number", default))

    def count(self) -> int | None:
        count = isinstance(self.data, int) and not isinstance(self.data, bool) and self.data >= 0
        return self.typed(count, "is not a count (an integer >= 0)", None)

    def mapping(self) -> Mapping[str, Any] | None:
        return self.typed(isinstance(self.data, dict), "is not a JSON object", None)


def _extra(data: Mapping[str, Any], known: frozenset[str]) -> dict[str, Any]:
    """The keys of ``data`` this version does not read, kept as they are (JSON values)."""
    return {k: v for k, v in data.items() if k not in known}


def _checked(data: Mapping[str, Any]) -> bool | None:
    """``holds_when_checked`` as written, None (unknown) in a report that predates the key."""
    value = data.get("holds_when_checked")
    return value if isinstance(value, bool) else None


def _keys(data: Any) -> Any:
    return sorted(data) if isinstance(data, dict) else data


class _Unreadable(str):
    """A JSON number no report holds, kept as its text to be refused with its path: ``NaN``, ``Infinity``, a
    float beyond the doubles (``1e999999``, which JSON readers take for an infinity) or an integer of more than
    :data:`MAX_INT_DIGITS` digits. The toolkit writes every number finite (:func:`core.exact.jsonable`)."""

    def __repr__(self) -> str:
        return str(self) if len(self) <= 40 else f"<a number of {len(self)} characters>"


def _float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else _Unreadable(text)


def _int(text: str) -> Any:
    return int(text) if len(text.lstrip("-")) <= MAX_INT_DIGITS else _Unreadable(text)


def _refuse_unreadable_numbers(data: Any, origin: str) -> None:
    """A one-line error at the first number of ``data`` that no report holds (a NaN, an infinity, an integer
    of more than :data:`MAX_INT_DIGITS` digits), naming its path; walked without recursion."""
    stack = [(data, origin)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}") for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, _Unreadable) and value.lstrip("-").isdigit():
            raise invalid(path, value, f"is not a number a report holds (more than {MAX_INT_DIGITS} digits)")
        elif isinstance(value, _Unreadable) or (isinstance(value, float) and not math.isfinite(value)):
            raise invalid(path, value, "is not a number a report holds (NaN, an infinity or a number beyond "
                          "the doubles)")
        elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3.33 * MAX_INT_DIGITS:
            raise invalid(path, f"<an integer of about {int(value.bit_length() / 3.33)} digits>",
                          f"is not a number a report holds (more than {MAX_INT_DIGITS} digits)")


# ----------------------------------------------------------------------------------------------------
# Evidence


@dataclass(frozen=True)
class EvidenceReport:
    """One piece of evidence as reported: what :class:`~proofs.base.evidence.Evidence` holds, with
    ``detail`` keeping only the check's own figures. ``reading`` is None for the claim's primary reading."""

    method: Method
    outcome: Outcome
    domain: str
    detail: Mapping[str, Any] = field(default_factory=dict)
    reading: str | None = None
    premise_cases: int | None = None
    recheck: Recheck | None = None
    counterexample: Mapping[str, Any] | None = None
    holds_when: str | None = None
    corrected: str | None = None
    seconds: float = 0.0
    holds_when_checked: bool | None = False
    steps: tuple[Step, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    premise_never_holds: bool = False

    def __post_init__(self) -> None:
        for name, kind in (("method", Method), ("outcome", Outcome), ("steps", tuple), ("detail", dict)):
            object.__setattr__(self, name, kind(getattr(self, name)))
        if self.recheck is not None:
            object.__setattr__(self, "recheck", Recheck(self.recheck))

    @property
    def vacuous(self) -> bool:
        """Support over zero cases where the premise held (it earns nothing)."""
        return self.premise_cases == 0 and self.outcome in (Outcome.HOLDS, Outcome.PROVED)

    @property
    def reading_label(self) -> str:
        return "primary reading" if self.reading is None else f"reading: {self.reading}"

    @classmethod
    def from_evidence(cls, e: Evidence) -> "EvidenceReport":
        return cls(method=e.method, outcome=e.outcome, domain=e.domain, detail=jsonable(dict(e.detail)),
                   reading=e.reading, premise_cases=e.premise_cases, recheck=e.recheck,
                   counterexample=None if e.counterexample is None else jsonable(dict(e.counterexample)),
                   holds_when=e.holds_when, corrected=None if e.corrected is None else e.corrected.statement,
                   seconds=round(float(e.seconds), 4), holds_when_checked=e.holds_when_checked is True,
                   steps=e.steps, premise_never_holds=e.premise_never_holds)

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method.value, "outcome": self.outcome.value, "domain": self.domain,
                "detail": dict(self.detail), "reading": self.reading, "premise_cases": self.premise_cases,
                "vacuous": self.vacuous, "premise_never_holds": self.premise_never_holds, "recheck": None if self.recheck is None else self.recheck.value,
                "counterexample": self.counterexample, "holds_when": self.holds_when,
                "holds_when_checked": self.holds_when_checked if self.holds_when else None,
                "corrected": self.corrected, "seconds": self.seconds, "steps": [s.to_json() for s in self.steps],
                **self.extra}

    @classmethod
    def _read(cls, r: _Reader) -> "EvidenceReport":
        data = r.object()
        detail = dict(r.at("detail").mapping() or {})
        moved = {key: detail.pop(key) for key in _MOVED_OUT_OF_DETAIL if key in detail}

        def pick(key: str) -> _Reader:
            return r.at(key) if data.get(key) is not None else _Reader(moved.get(key), f"{r.path}.detail.{key}")

        return cls(
            method=r.required("method").enum(Method), outcome=r.required("outcome").enum(Outcome),
            domain=r.at("domain").text(), detail=detail, reading=pick("reading").text(None),
            premise_cases=pick("premise_cases").count(), recheck=pick("recheck").enum(Recheck, None),
            counterexample=pick("counterexample").mapping(), holds_when=pick("holds_when").text(None),
            corrected=pick("corrected").text(None), seconds=pick("seconds").number(),
            holds_when_checked=_checked(data), extra=_extra(data, _EVIDENCE_KEYS), steps=r.at("steps").each(_step),
            premise_never_holds=r.at("premise_never_holds").typed(
                isinstance(data.get("premise_never_holds"), bool), "must be true or false", False))


#: The keys this version writes and reads (those of ``to_json``); any other key of a claim or an evidence (a later
#: addition) is kept as it is in ``extra``, written back, and shown as a row of figures.
_EVIDENCE_KEYS = frozenset(EvidenceReport(Method.SYMBOLIC, Outcome.PROVED, "").to_json())


def _step(r: _Reader) -> Step:
    """One recorded step, its expressions read back by :func:`core.formula.parse_srepr` (never evaluated)."""
    try:
        return step_from_json(r.object())
    except InvalidArgument as error:
        raise r.fail(f"is not a step ({str(error)[:200]})") from None


@dataclass(frozen=True)
class DerivedReport:
    """An expression a check derived, as an ``srepr`` string (or, in older reports, a plain formula);
    read back without ``eval`` when the report is built, so a hostile string is refused at once. One longer
    than :data:`core.formula.MAX_LENGTH` characters is kept in the JSON and not printed."""

    name: str
    srepr: str
    method: str | None = None
    reading: str | None = None
    expression: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.srepr, str):
            raise invalid("srepr", self.srepr, "is not a string")
        if self.expression is None and len(self.srepr) <= MAX_LENGTH:
            object.__setattr__(self, "expression", parse_derived(self.srepr))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "srepr": self.srepr, "method": self.method, "reading": self.reading}

    @classmethod
    def _read(cls, r: _Reader) -> "DerivedReport":
        r.object()
        srepr = r.required("srepr")
        text = srepr.text()
        try:
            return cls(name=r.at("name").text(), srepr=text, method=r.at("method").text(None),
                       reading=r.at("reading").text(None))
        except (InvalidArgument, ValueError, TypeError, RecursionError) as exc:
            raise srepr.fail(f"is not a derived expression the report can read ({_first_line(exc)})") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


def _derived_of(evidence: Sequence[Evidence]) -> tuple[DerivedReport, ...]:
    """Every derived expression of ``evidence`` once, with the method and reading that derived it."""
    seen, out = set(), []
    for e in evidence:
        for name, text in e.derived.items():
            if (name, text) not in seen:
                seen.add((name, text))
                out.append(DerivedReport(name, text, e.method.value, e.reading))
    return tuple(out)


@dataclass(frozen=True)
class CorrectionReport:
    """A corrected statement and the status its own evidence earned; shown as verified only when that
    status is ``proved`` or ``supported``."""

    statement: str
    status: Status
    derived: tuple[DerivedReport, ...] = ()
    evidence: tuple[EvidenceReport, ...] = ()

    @property
    def verified(self) -> bool:
        return self.status in (Status.PROVED, Status.SUPPORTED)

    def to_json(self) -> dict[str, Any]:
        return {"statement": self.statement, "status": self.status.value,
                "derived": [d.to_json() for d in self.derived], "methods": [e.to_json() for e in self.evidence]}

    @classmethod
    def _read(cls, r: _Reader, fallback_status: Status | None) -> "CorrectionReport":
        r.object()
        return cls(statement=r.required("statement").text(),
                   status=r.at("status").enum(Status, fallback_status or Status.INCONCLUSIVE),
                   derived=r.at("derived").each(DerivedReport._read),
                   evidence=r.at("methods").each(EvidenceReport._read))


@dataclass(frozen=True)
class DefinitionReport:
    """A named reading of a notion of the paper (:data:`numeric.definitions.READINGS`) that a claim uses."""

    name: str
    notion: str = ""
    source: str = ""
    text: str = ""
    primary: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def of(cls, name: str) -> "DefinitionReport":
        reading = READINGS.get(name)
        return cls(name, text="(not a registered reading)") if reading is None else \
            cls(name, reading.notion, reading.source, reading.text, reading.primary)

    @classmethod
    def _read(cls, r: _Reader) -> "DefinitionReport":
        if isinstance(r.data, str):
            return cls(r.data)
        r.object()
        primary = r.at("primary").data
        if primary is not None and not isinstance(primary, bool):
            raise r.at("primary").fail("is not true or false")
        return cls(name=r.required("name").text(), **r.strings("notion", "source", "text"), primary=bool(primary))


def _check_id(claim_id: str) -> None:
    """A claim id as the registry spells them (letters, digits, dots, dashes, an optional ``@variant``): an
    id is written into file names, anchors, code spans and TeX comments, so nothing else is accepted."""
    if not isinstance(claim_id, str) or not _CLAIM_ID.fullmatch(claim_id):
        raise invalid("id", claim_id, "not a claim id (letters, digits, dots, dashes, an optional @variant)")


@dataclass(frozen=True)
class RelatedReport:
    """Another claim and how it is linked; ``status`` when it is in the same report."""

    id: str
    link: str
    status: Status | None = None

    def __post_init__(self) -> None:
        _check_id(self.id)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "link": self.link, "status": None if self.status is None else self.status.value}

    @classmethod
    def _read(cls, r: _Reader) -> "RelatedReport":
        r.object()
        return cls(id=r.required("id").text(), link=r.at("link").text(), status=r.at("status").enum(Status, None))


# ----------------------------------------------------------------------------------------------------
# Claims

_NUMBERED = re.compile(r"\b(?:Lemma|Theorem|Corollary|Definition|Example|Remark|Proposition|Thm\.?)\s+(\d+)(?:\.\d+)?")
_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)?)")
_APPENDIX = re.compile(r"\bappendix\b", re.IGNORECASE)
_FIGURE = re.compile(r"\bFig(?:ure|\.)?\s*(\d+)")
_EQUATION = re.compile(r"\bEq\.")


def section_of(source: str) -> str:
    """The section a claim's ``source`` points to: ``"003 Lemma 3.2"`` -> ``"§3"``, ``"004 §2.1"`` ->
    ``"§2.1"``, ``"003 Eq. (2)"`` -> ``"equations"``; ``"other"`` when it names none. The filter of the HTML
    report uses it; it is coarse on purpose (003 numbers results by section, not subsection)."""
    place = source[4:] if re.match(r"^\d{3}\b", source) else source
    for pattern in (_SECTION, _NUMBERED):
        match = pattern.search(place)
        if match:
            return f"§{match.group(1)}"
    return next((section for pattern, section in ((_FIGURE, "figures"), (_EQUATION, "equations"),
                                                  (_APPENDIX, "appendix")) if pattern.search(place)), "other")


@dataclass(frozen=True)
class ClaimReport:
    """One claim and its verdict, as reported."""

    id: str
    title: str
    source: str
    statement: str
    status: Status
    reason: str = ""
    domain: str = ""
    interpretation: str = ""
    assumptions: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    premise: str = ""
    definitions: tuple[DefinitionReport, ...] = ()
    related: tuple[RelatedReport, ...] = ()
    evidence: tuple[EvidenceReport, ...] = ()
    counterexample: Mapping[str, Any] | None = None
    holds_when: str | None = None
    correction: CorrectionReport | None = None
    derived: tuple[DerivedReport, ...] = ()
    seconds: float = 0.0
    holds_when_checked: bool | None = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))
        if not isinstance(self.id, str) or not self.id.strip():
            raise invalid("id", self.id, "a claim report needs an id")
        _check_id(self.id)

    @property
    def paper(self) -> str:
        """The text the claim comes from (``"003"``), or ``"other"``."""
        return self.source[:3] if re.match(r"^\d{3}\b", self.source) else "other"

    @property
    def section(self) -> str:
        return section_of(self.source)

    @property
    def primary_evidence(self) -> tuple[EvidenceReport, ...]:
        return tuple(e for e in self.evidence if e.reading is None)

    @property
    def other_readings(self) -> tuple[EvidenceReport, ...]:
        """Evidence about alternative readings: reported, never part of the verdict."""
        return tuple(e for e in self.evidence if e.reading is not None)

    @property
    def corrected(self) -> str | None:
        """The corrected statement when its own evidence verifies it."""
        return self.correction.statement if self.correction is not None and self.correction.verified else None

    @functools.cached_property
    def steps(self) -> dict[str, int] | None:
        """``{"machine_checked", "stated", "uncovered", "unchecked"}``: the steps of the evidence the verdict rests on
        (what its proof certificate re-runs), and the deciding evidence without steps; None for a status that
        certifies nothing (:func:`proofs.kernel.grounds.step_counts`). Counted once per report (every format shows
        them, each step's text is compared with the others': the report is immutable, so is the count)."""
        return step_counts(self.status, self.evidence)

    @functools.cached_property
    def steps_line(self) -> str | None:
        """``"7 machine-checked steps, 2 stated"``: what a machine re-checks of this verdict, in one line."""
        counts = self.steps
        if counts is None:
            return None
        checked, stated = counts["machine_checked"], counts["stated"]
        line = (f"{checked} machine-checked step{'s' if checked != 1 else ''}, {stated} stated" if checked
                else "no machine-checked step")
        if counts["uncovered"] and self.status is Status.PROVED:
            line += f"; {counts['uncovered']} proving evidence without steps"
        if counts["unchecked"]:
            line += f" ({counts['unchecked']} decided in the toolkit, not re-checked)"
        return ("its vacuity: " if self.status is Status.INCONCLUSIVE else "") + line

    @classmethod
    def from_result(cls, result: Any, statuses: Mapping[str, Status] | None = None) -> "ClaimReport":
        """From a :class:`proofs.runner.ClaimResult`; ``statuses`` (id -> status of the same run) fills in
        the status of related claims."""
        claim, verdict = result.claim, result.verdict
        statuses = statuses or {}
        c = verdict.correction
        correction = None if c is None else CorrectionReport(
            c.statement, correction_status(c),
            tuple(DerivedReport(k, v) for k, v in c.derived.items()) + _derived_of(c.evidence),
            tuple(EvidenceReport.from_evidence(e) for e in c.evidence))
        return cls(
            id=claim.id, title=claim.title, source=claim.source, statement=claim.statement,
            status=verdict.status, reason=verdict.reason, domain=claim.domain,
            interpretation=claim.interpretation, assumptions=tuple(claim.assumptions),
            readings=tuple(claim.readings), premise=claim.premise,
            definitions=tuple(DefinitionReport.of(name) for name in claim.definitions),
            related=tuple(RelatedReport(other, link, statuses.get(other)) for other, link in claim.related),
            evidence=tuple(EvidenceReport.from_evidence(e) for e in verdict.evidence),
            counterexample=None if verdict.counterexample is None else jsonable(verdict.counterexample),
            holds_when=verdict.holds_when, correction=correction, derived=_derived_of(verdict.evidence),
            seconds=round(float(result.seconds), 3), holds_when_checked=verdict.holds_when_checked)

    def to_json(self) -> dict[str, Any]:
        c = self.correction
        return {
            "id": self.id, "title": self.title, "source": self.source, "section": self.section,
            "statement_latex": self.statement, "status": self.status.value, "reason": self.reason,
            "domain": self.domain, "interpretation": self.interpretation or None,
            "assumptions": list(self.assumptions), "readings": list(self.readings), "premise": self.premise or None,
            "definitions": [d.to_json() for d in self.definitions], "related": [r.to_json() for r in self.related],
            "methods": [e.to_json() for e in self.evidence], "counterexample": self.counterexample,
            "holds_when": self.holds_when, "holds_when_checked": self.holds_when_checked if self.holds_when else None,
            "corrected": self.corrected, "corrected_status": None if c is None else c.status.value,
            "correction": None if c is None else c.to_json(),
            "derived": [d.to_json() for d in self.derived], "seconds": self.seconds, "steps": self.steps,
            **self.extra,
        }

    @classmethod
    def _read(cls, r: _Reader) -> "ClaimReport":
        data = r.object()
        for key in ("id", "title", "source", "statement_latex", "status", "methods"):
            r.required(key)
        correction, fallback = None, r.at("corrected_status").enum(Status, None)
        if isinstance(data.get("correction"), dict):
            correction = CorrectionReport._read(r.at("correction"), fallback)
        elif data.get("correction") is not None:
            raise r.at("correction").fail("is not a JSON object")
        elif r.at("corrected").text(None):
            correction = CorrectionReport(data["corrected"], fallback or Status.INCONCLUSIVE)
        related = r.at("related")
        related_items = (tuple(RelatedReport(str(k), str(v)) for k, v in related.data.items())  # {id: link}
                         if isinstance(related.data, dict) else related.each(RelatedReport._read))
        evidence, status = r.at("methods").each(EvidenceReport._read), r.at("status").enum(Status)
        return cls(
            **r.strings("id", "title", "source"), statement=r.at("statement_latex").text(), status=status,
            **r.strings("reason", "domain", "interpretation"), assumptions=r.at("assumptions").texts(),
            readings=r.at("readings").texts(), premise=r.at("premise").text(),
            definitions=r.at("definitions").each(DefinitionReport._read), related=related_items, evidence=evidence,
            counterexample=r.at("counterexample").mapping(), holds_when=r.at("holds_when").text(None),
            correction=correction, derived=r.at("derived").each(DerivedReport._read), seconds=r.at("seconds").number(),
            holds_when_checked=_checked(data), extra=_extra(data, _CLAIM_KEYS))


_CLAIM_KEYS = frozenset(ClaimReport("id", "", "", "", Status.PROVED).to_json())


# ----------------------------------------------------------------------------------------------------
# Coverage (optional; written by `python -m proofs coverage`'s object, whose to_json() gives this shape)


@dataclass(frozen=True)
class CoverageEntry:
    """One numbered result or displayed formula of a text and what covers it (``covered``,
    ``definition``, ``notation`` or ``open``)."""

    label: str
    status: str
    kind: str = ""
    section: str = ""
    line: int | None = None
    claims: tuple[str, ...] = ()
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "kind": self.kind, "line": self.line, "section": self.section,
                "status": self.status, "claims": list(self.claims), "reason": self.reason or None}

    @classmethod
    def _read(cls, r: _Reader) -> "CoverageEntry":
        r.object()
        line = r.at("line").data
        if line is not None and (isinstance(line, bool) or not isinstance(line, int)):
            raise r.at("line").fail("is not a line number")
        return cls(r.required("label").text(), r.required("status").text(), line=line, claims=r.at("claims").texts(),
                   section=str(r.at("section").data or ""), **r.strings("kind", "reason"))


@dataclass(frozen=True)
class PaperCoverage:
    """The coverage of one text: the percentage of checkable entries covered, and every entry."""

    paper: str
    percent: float
    entries: tuple[CoverageEntry, ...] = ()

    def count(self, status: str) -> int:
        return sum(1 for e in self.entries if e.status == status)

    def to_json(self) -> dict[str, Any]:
        return {"percent": self.percent, "entries_total": len(self.entries), "covered": self.count("covered"),
                "open": self.count("open"), "entries": [e.to_json() for e in self.entries]}


@dataclass(frozen=True)
class CoverageReport:
    """``{"papers": {"003": {"percent": .., "entries": [...]}}}``; ``printed`` maps a claim id to whether its
    printed fragment was found in its text (``{"status", "lines"}``)."""

    papers: tuple[PaperCoverage, ...]
    printed: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"papers": {p.paper: p.to_json() for p in self.papers},
                "printed": {k: dict(v) for k, v in self.printed.items()}}

    @classmethod
    def of(cls, value: Any) -> "CoverageReport | None":
        """From an object with ``to_json()`` (the coverage command's), its JSON, or None."""
        if value is None or isinstance(value, CoverageReport):
            return value
        data = value.to_json() if hasattr(value, "to_json") else value
        return cls._read(_Reader(data, "coverage"))

    @classmethod
    def _read(cls, r: _Reader) -> "CoverageReport":
        papers = r.required("papers")
        if not isinstance(papers.data, dict):
            raise papers.fail("is not a JSON object of texts")
        out = []
        for name in papers.data:
            paper = papers.at(name)
            paper.object()
            percent = paper.required("percent").number()
            if not 0 <= percent <= 100:
                raise paper.at("percent").fail("is not a percentage")
            out.append(PaperCoverage(str(name), percent, paper.at("entries").each(CoverageEntry._read)))
        printed = r.at("printed").mapping() or {}
        return cls(tuple(out), {str(k): v for k, v in printed.items() if isinstance(v, dict)})


# ----------------------------------------------------------------------------------------------------
# The report


@dataclass(frozen=True)
class Report:
    """A run: its claims in catalog order, and the coverage of the texts when it was computed."""

    claims: tuple[ClaimReport, ...]
    budget: str = "?"
    toolkit_version: str = "?"
    coverage: CoverageReport | None = None

    def __post_init__(self) -> None:
        ids = [c.id for c in self.claims]
        if len(set(ids)) != len(ids):
            twice = sorted({i for i in ids if ids.count(i) > 1})
            raise invalid("claims", twice, "two claims have the same id")

    @property
    def summary(self) -> dict[Status, int]:
        """Claims per status, every status listed (in the order of :class:`Status`)."""
        return {s: sum(1 for c in self.claims if c.status is s) for s in Status}

    @property
    def refuted(self) -> tuple[ClaimReport, ...]:
        return tuple(c for c in self.claims if c.status is Status.REFUTED)

    @property
    def vacuous(self) -> tuple[ClaimReport, ...]:
        """The claims whose premise was proved never to hold on their whole domain (a defect of the statement)."""
        return tuple(c for c in self.claims if c.status is Status.VACUOUS)

    @property
    def defects(self) -> tuple[ClaimReport, ...]:
        """What the errata list: the refuted claims, then the vacuous ones (:data:`proofs.base.verdict.DEFECTS`)."""
        return self.refuted + self.vacuous

    @property
    def errored(self) -> tuple[ClaimReport, ...]:
        return tuple(c for c in self.claims if c.status is Status.ERROR)

    @classmethod
    def from_results(cls, results: Sequence[Any], budget: str, *, coverage: Any = None) -> "Report":
        """From :class:`proofs.runner.ClaimResult` s of one run at ``budget`` (and a coverage object)."""
        statuses = {r.claim.id: r.status for r in results}
        return cls(tuple(ClaimReport.from_result(r, statuses) for r in results), str(budget), __version__,
                   CoverageReport.of(coverage))

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, "toolkit_version": self.toolkit_version, "budget": self.budget,
                "claims": [c.to_json() for c in self.claims], "summary": {s.value: n for s, n in self.summary.items()},
                **({} if self.coverage is None else {"coverage": self.coverage.to_json()})}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any, origin: str = "report") -> "Report":
        """The report in ``data`` (parsed JSON); a one-line :class:`InvalidArgument` naming the first bad
        key and its value otherwise."""
        r = _Reader(data, origin)
        if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
            raise invalid(origin, _keys(data), 'not a report of `python -m proofs --format json` (no "claims" list)')
        schema = r.at("schema")
        if schema.data is not None and (not isinstance(schema.data, int) or schema.data > SCHEMA_VERSION):
            raise schema.fail(f"is not a report schema this toolkit reads (1..{SCHEMA_VERSION})")
        _refuse_unreadable_numbers(data, origin)
        claims = r.at("claims").each(ClaimReport._read)
        _check_summary(r.at("summary"), claims)
        if (schema.data or 1) < 3:
            claims = tuple(_delimited_statements(c) for c in claims)
        statuses = {c.id: c.status for c in claims}
        claims = tuple(_with_related_statuses(c, statuses) for c in claims)
        coverage = None if data.get("coverage") is None else CoverageReport._read(r.at("coverage"))
        return cls(claims, str(data.get("budget", "?")), str(data.get("toolkit_version", "?")), coverage)


def _check_summary(summary: _Reader, claims: Sequence[ClaimReport]) -> None:
    """The summary, when the report has one, counts the claims it lists: each key a status, each value a count
    (an integer >= 0), each count the number of listed claims of that status (a status not named counts 0,
    as reports written before every status was listed leave it out)."""
    if summary.data is None:
        return
    if not isinstance(summary.data, dict):
        raise summary.fail("is not a JSON object of counts per status")
    listed = {s.value: sum(1 for c in claims if c.status is s) for s in Status}
    for key, value in summary.data.items():
        entry = summary.at(key)
        if key not in listed:
            raise entry.fail(f"{key!r} is not a status, one of {list(listed)}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise entry.fail("is not a count (an integer >= 0)")
        if value != listed[key]:
            raise entry.fail(f"disagrees with the claims listed: {listed[key]} of them are {key}")
    missing = [key for key, n in listed.items() if n and key not in summary.data]
    if missing:
        raise summary.fail(f"does not count the {listed[missing[0]]} {missing[0]} claim(s) listed")


def _as_formula(latex: str) -> str:
    return f"${latex}$" if latex.strip() and "$" not in latex else latex


def _delimited_statements(claim: ClaimReport) -> ClaimReport:
    """A claim of a report of schema 1 or 2, whose statements were math-mode LaTeX: each read as one formula."""
    c = claim.correction
    correction = None if c is None else replace(c, statement=_as_formula(c.statement))
    return replace(claim, statement=_as_formula(claim.statement), correction=correction)


def _with_related_statuses(claim: ClaimReport, statuses: Mapping[str, Status]) -> ClaimReport:
    related = tuple(RelatedReport(r.id, r.link, statuses.get(r.id)) if r.status is None else r for r in claim.related)
    return claim if related == claim.related else replace(claim, related=related)


def load_report(path: str | os.PathLike[str]) -> Report:
    """The JSON report at ``path``; a missing or invalid file raises a one-line :class:`InvalidArgument`
    (``--from=<path>: <key>=<value>: <why>``)."""
    origin = str(path)
    try:
        with open(path, "rb") as source:  # bounded: a device or a pipe that never ends is not read whole
            raw_bytes = source.read(MAX_REPORT_BYTES + 1)
        if len(raw_bytes) > MAX_REPORT_BYTES:
            raise invalid("--from", origin, f"is larger than {MAX_REPORT_BYTES // 2**20} MiB, more than any report of "
                          "this toolkit (MAX_REPORT_BYTES)")
        raw = raw_bytes.decode("utf-8")
    except FileNotFoundError:
        raise invalid("--from", origin, "no such file", "write one with `python -m proofs --format json "
                      "--output report.json`") from None
    except IsADirectoryError:
        raise invalid("--from", origin, "is a directory, not a JSON report") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise invalid("--from", origin, f"cannot be read ({type(exc).__name__})") from None
    try:
        data = json.loads(raw, parse_float=_float, parse_int=_int, parse_constant=_Unreadable)
    except json.JSONDecodeError as exc:
        raise invalid("--from", origin, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except ValueError as exc:  # what the parser's hooks cannot read; the reader then names no position
        raise invalid("--from", origin, f"not valid JSON ({_first_line(exc)})") from None
    except RecursionError:
        raise invalid("--from", origin, "not valid JSON (nested too deeply)") from None
    try:
        return Report.from_json(_printable(data), origin="report")
    except InvalidArgument as exc:
        raise InvalidArgument(f"--from={origin!r}: {exc}") from None


#: Characters a report's text never needs and a terminal or an editor would act on: control characters but
#: tab and line feed (``ESC`` starts the sequences that retitle a terminal or rewrite what it shows) and the
#: bidirectional overrides that make text read differently from how it is stored.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _printable(data: Any) -> Any:
    """``data`` (parsed JSON) with every :data:`_CONTROL` character of its strings and keys shown as U+FFFD."""
    def clean(text: str) -> str:
        return _CONTROL.sub("\ufffd", text)

    root: list[Any] = [data]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        parent, key = stack.pop()
        value = parent[key]
        if type(value) is str:  # not the markers of numbers the parser could not read (a str subclass)
            parent[key] = clean(value)
        elif isinstance(value, list):
            stack.extend((value, k) for k in range(len(value)))
        elif isinstance(value, dict):
            if any(type(k) is str and _CONTROL.search(k) for k in value):
                value = parent[key] = {clean(k): v for k, v in value.items()}
            stack.extend((value, k) for k in list(value))
    return root[0]

