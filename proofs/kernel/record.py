"""A record of what the machine checked in one sign decision, and the certificate steps it turns into.

Every z3 and cvc5 query that decides a step goes through one function (:func:`proofs.engines.sign.solver.solve`
for z3, :func:`proofs.engines.sign.cvc5_solver.ask` for cvc5), which writes here the query as SMT-LIB text
(z3's ``to_smt2()`` of the solver as it was sent; cvc5's assertions as cvc5 prints them), the answer
expected of a re-run (the one obtained) and what that answer means. The interval decider writes each
box it closed, with the expression it enclosed, the enclosure used and the sign the enclosure shows, and
each mean-value (monotonicity) argument with what it states. A re-run of the record needs no knowledge of
this toolkit: sympy, z3 or cvc5, and python-flint.

What is *not* recorded: a query answered ``unknown`` (it decides nothing), and the queries that pin a
counterexample to simple rationals one coordinate at a time (the point they find is re-checked exactly
in the original condition, and that re-check is the evidence's ``counterexample``). Steps of a sub-search
that did not succeed (a derivative goal that stayed open, a candidate region that was not proved) are
dropped with it: the record holds the steps of the argument that was made, once each, in the order made.

:meth:`Transcript.detail` gives the three lists for an evidence's ``detail``::

    {"queries": [{"smtlib", "expected", "says"}],
     "boxes": [{"box": {name: [lo, hi]}, "expression", "enclosure", "sign"[, "centre": {name: m}]}],
     "arguments": [{"states", "because", ...}]}

with rationals as ``"a/b"`` strings and infinite ends as ``"-oo"``/``"oo"``; the sign decider adds
``"reductions"`` (how a condition was brought to the polynomial one z3 decided), in words.

:func:`recorded_steps` reads these lists back, from an evidence's detail or from a report that stored it, as
the steps of :mod:`proofs.kernel.steps` a certificate re-runs. The writer and the reader of the record live
here together, in the kernel, so that the steps a verdict rests on are found without the engine that made
them (a report read from JSON has only the record).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

import sympy

from core.errors import InvalidArgument
from core.formula import parse_formula, parse_srepr
from proofs.base.evidence import Detail
from proofs.kernel.steps import Boxes, Json, SmtQuery, Stated, Step, normalised_smtlib

__all__ = ["Transcript", "end_text", "recorded_steps"]


def end_text(value: Fraction | None, infinite: str) -> str:
    """A box end as text: the rational ``"a/b"`` (or ``"a"``), or ``infinite`` (``"-oo"``/``"oo"``)."""
    return infinite if value is None else str(value)


@dataclass
class Transcript:
    """The steps one decision checked by machine (see the module docstring)."""

    queries: list[dict[str, str]] = field(default_factory=list)
    boxes: list[dict[str, Json]] = field(default_factory=list)
    arguments: list[dict[str, Json]] = field(default_factory=list)
    _seen: set[tuple[str, ...]] = field(default_factory=set, repr=False)

    def query(self, smtlib: str, expected: str, says: str) -> None:
        """One solver query as sent, the answer a re-run must give, and what that answer means."""
        key = ("query", smtlib, expected)
        if key not in self._seen:
            self._seen.add(key)
            self.queries.append({"smtlib": smtlib, "expected": expected, "says": says})

    def box(self, names: Sequence[str], box: Sequence[tuple[Fraction | None, Fraction | None]], expression: str,
            enclosure: str, sign: str, centre: Sequence[Fraction] | None = None) -> None:
        """A closed box: on ``box`` (one ``(lo, hi)`` per name), the ``enclosure`` of ``expression`` shows ``sign``
        (a mean-value form names its ``centre``)."""
        sides: dict[str, Json] = {name: [end_text(lo, "-oo"), end_text(hi, "oo")] for name, (lo, hi) in zip(names, box)}
        key = ("box", repr(sorted(sides.items())), expression, enclosure, sign)
        if key not in self._seen:
            self._seen.add(key)
            entry: dict[str, Json] = {"box": sides, "expression": expression, "enclosure": enclosure, "sign": sign}
            if centre is not None:
                entry["centre"] = {name: str(m) for name, m in zip(names, centre)}
            self.boxes.append(entry)

    def argument(self, states: str, because: str, **more: Json) -> None:
        """A mean-value (monotonicity) argument: what it ``states`` and ``because`` of which steps."""
        key = ("argument", states, because)
        if key not in self._seen:
            self._seen.add(key)
            self.arguments.append({"states": states, "because": because, **more})

    def extend(self, other: "Transcript") -> None:
        """Append the steps of ``other`` (a sub-search that succeeded), skipping those already here."""
        for q in other.queries:
            self.query(q["smtlib"], q["expected"], q["says"])
        for b in other.boxes:
            sides = b["box"]
            assert isinstance(sides, dict)  # box() writes every entry's sides as a mapping
            key = ("box", repr(sorted(sides.items())), str(b["expression"]), str(b["enclosure"]), str(b["sign"]))
            if key not in self._seen:
                self._seen.add(key)
                self.boxes.append(b)
        for a in other.arguments:
            more = {k: v for k, v in a.items() if k not in ("states", "because")}
            self.argument(str(a["states"]), str(a["because"]), **more)

    def detail(self, *, boxes: bool = True) -> dict[str, list[dict[str, Json]]]:
        """The non-empty lists, under ``queries``, ``boxes`` (unless ``boxes=False``) and ``arguments``."""
        out: dict[str, list[dict[str, Json]]] = {}
        if self.queries:
            out[Detail.QUERIES] = cast("list[dict[str, Json]]", list(self.queries))
        if boxes and self.boxes:
            out[Detail.BOXES] = list(self.boxes)
        if self.arguments:
            out[Detail.ARGUMENTS] = list(self.arguments)
        return out


# ------------------------------------------------------------------------ the record read back as steps
def recorded_steps(detail: Mapping[str, object]) -> tuple[Step, ...]:
    """Steps from the records the sign decider leaves in an evidence's detail: at its top level, or anywhere
    under its ``"steps"`` (the sub-proofs of a chain; records kept elsewhere, such as an argument for where a
    refuted claim holds, are not what the verdict rests on):
    ``"queries"`` (each ``{"smtlib", "expected", "says"}``; a query with ``(set-logic QF_NRAT)`` is cvc5's,
    the others z3's), ``"boxes"`` (each ``{"box": {name: [lo, hi]}, "expression", "sign"}``: the expression
    as text, read by :func:`core.formula.parse_formula` with the box's names as variables, or as srepr; the
    sign ``"> 0"`` or ``"in [a, b] (...)"``; an end may be ``"-oo"``/``"oo"``), ``"arguments"`` (mean-value
    arguments) and ``"reductions"`` (how the condition was brought to the polynomial one z3 decided: a
    substitution, a factor of known sign dropped), both stated. A record that cannot be turned into a step is
    stated as unchecked."""
    found: list[Step] = []

    def walk(value: object, inside: bool) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key in _RECORDS and isinstance(item, Sequence) and not isinstance(item, str):
                    for record in item:
                        if isinstance(record, Mapping) or key == Detail.REDUCTIONS:
                            found.extend(_RECORDS[key](record))
                elif inside or key == Detail.STEPS:
                    walk(item, True)
        elif isinstance(value, (list, tuple)) and inside:
            for item in value:
                walk(item, True)

    walk(detail, False)
    return tuple(found)


def _query_steps(record: Mapping[str, object]) -> tuple[Step, ...]:
    if "smtlib" not in record or record.get("expected") not in ("sat", "unsat"):
        return ()
    raw = str(record["smtlib"])
    says = str(record.get("says") or "a query of the sign decider")
    solver = str(record.get("solver") or ("cvc5" if "(set-logic QF_NRAT)" in raw else "z3"))
    texts = [raw]
    if solver == "z3":
        logic = re.match(r"\s*\(set-logic\s+[A-Za-z_]+\)\s*", raw)
        try:
            texts.insert(0, (logic.group(0).strip() + "\n" if logic else "")
                         + normalised_smtlib(raw[logic.end():] if logic else raw))
        except InvalidArgument:
            pass  # kept as the solver printed it
    for text in texts:
        try:
            return (SmtQuery(says, text, str(record["expected"]), solver),)
        except InvalidArgument:
            continue
    return (Stated(f"{says} ({solver}: a query too long to print in a certificate)", unchecked=True),)


_BOX_SIGN = re.compile(r"^\s*(>=|<=|!=|>|<)\s*0\s*$")
_BOX_RANGE = re.compile(r"^\s*in\s*\[\s*([^,\]]+)\s*,\s*([^\]]+)\]")


def _box_steps(record: Mapping[str, object]) -> tuple[Step, ...]:
    expression = record.get("expression", record.get("expr"))
    box = record.get("box")
    sign_text = record.get("sign")
    if not isinstance(expression, str) or not isinstance(box, Mapping) or not isinstance(sign_text, str):
        return ()
    says = f"the enclosure of {expression} on the box ({record.get('enclosure') or 'an interval box'})"
    ends = {str(k): tuple(v) for k, v in box.items()}
    try:
        names = {name: sympy.Symbol(name) for name in ends}
        expr = parse_srepr(expression) if re.match(r"^[A-Z][A-Za-z]*\(", expression) else parse_formula(
            expression, symbols=names, name="expression")
        sign = _BOX_SIGN.match(sign_text)
        if sign:
            return (Boxes(says, expr, sign.group(1) + "0", (ends,)),)
        interval = _BOX_RANGE.match(sign_text)
        if interval:
            lo, hi = (sympy.Rational(Fraction(v.strip())) for v in interval.groups())
            return (Boxes(says + f" lies in [{lo}, {hi}]", expr - lo, ">=0", (ends,)),
                    Boxes(says + f" lies in [{lo}, {hi}]", hi - expr, ">=0", (ends,)))
    except (InvalidArgument, ValueError, ZeroDivisionError):
        pass
    return (Stated(f"{says} shows {record['sign']} (a record this toolkit could not turn into a step)",
                   unchecked=True),)


def _argument_steps(record: Mapping[str, object]) -> tuple[Step, ...]:
    states = record.get("states")
    if not isinstance(states, str) or not states.strip():
        return ()
    because = record.get("because")
    return (Stated(f"{states}: {because}" if isinstance(because, str) and because.strip() else states),)


def _reduction_steps(record: object) -> tuple[Step, ...]:
    return (Stated(f"a reduction of the sign decider: {record}"),) if isinstance(record, str) and record.strip() else ()


_RECORDS = {Detail.QUERIES: _query_steps, Detail.BOXES: _box_steps, Detail.ARGUMENTS: _argument_steps,
            Detail.REDUCTIONS: _reduction_steps}
