"""A record of what the machine checked in one sign decision, for proof certificates.

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

with rationals as ``"a/b"`` strings and infinite ends as ``"-oo"``/``"oo"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["Transcript", "end_text"]


def end_text(value: Fraction | None, infinite: str) -> str:
    """A box end as text: the rational ``"a/b"`` (or ``"a"``), or ``infinite`` (``"-oo"``/``"oo"``)."""
    return infinite if value is None else str(value)


@dataclass
class Transcript:
    """The steps one decision checked by machine (see the module docstring)."""

    queries: list[dict[str, str]] = field(default_factory=list)
    boxes: list[dict[str, Any]] = field(default_factory=list)
    arguments: list[dict[str, Any]] = field(default_factory=list)
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
        sides = {name: [end_text(lo, "-oo"), end_text(hi, "oo")] for name, (lo, hi) in zip(names, box)}
        key = ("box", repr(sorted(sides.items())), expression, enclosure, sign)
        if key not in self._seen:
            self._seen.add(key)
            entry: dict[str, Any] = {"box": sides, "expression": expression, "enclosure": enclosure, "sign": sign}
            if centre is not None:
                entry["centre"] = {name: str(m) for name, m in zip(names, centre)}
            self.boxes.append(entry)

    def argument(self, states: str, because: str, **more: Any) -> None:
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
            key = ("box", repr(sorted(b["box"].items())), b["expression"], b["enclosure"], b["sign"])
            if key not in self._seen:
                self._seen.add(key)
                self.boxes.append(b)
        for a in other.arguments:
            more = {k: v for k, v in a.items() if k not in ("states", "because")}
            self.argument(a["states"], a["because"], **more)

    def detail(self, *, boxes: bool = True) -> dict[str, list[Any]]:
        """The non-empty lists, under ``queries``, ``boxes`` (unless ``boxes=False``) and ``arguments``."""
        out: dict[str, list[Any]] = {}
        if self.queries:
            out["queries"] = list(self.queries)
        if boxes and self.boxes:
            out["boxes"] = list(self.boxes)
        if self.arguments:
            out["arguments"] = list(self.arguments)
        return out

