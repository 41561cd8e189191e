"""Evidence: what one check of one claim found, as data (never printed by the check itself).

A check is one *method* (symbolic derivation, exhaustive enumeration, certified interval arithmetic,
property-based search, decision procedure, simulation) applied to a claim. It reports an *outcome*:

* ``proved``: the method establishes the claim on its whole stated domain. Only a symbolic identity
  or a decision procedure may say this;
* ``holds``: no counterexample on the finite domain the evidence states (a grid, a range of n,
  a number of random examples);
* ``counterexample``: a point of the claim's own domain where it fails, re-checked in exact rational
  arithmetic (``recheck="exact"``) or, where the values are irrational, at two precisions
  (``recheck="two-precisions"``);
* ``inconclusive``: nothing decisive (a time-out, ``unknown`` from a solver, no check yet);
* ``error``: the check crashed (set by the runner, never by a check).

``reading`` is ``None`` for the claim's primary reading (the one closest to the text); evidence about
an alternative reading names it and is reported without entering the verdict.

``premise_cases`` is set by evidence about an implication or an equivalence: the number of checked
cases in which the premise held (for a proof, the number of witnesses that show the premise can hold
on the domain). Evidence that ``holds`` or is ``proved`` over zero such cases is *vacuous*: it earns
nothing (:func:`proofs.base.verdict.decide`).

``premise_never_holds`` is ``True`` only on ``proved`` evidence of a symbolic or decision method (with
``premise_cases`` = 0) that shows the premise of an implication fails at every point of the claim's whole
domain: the implication is then true and empty, and the claim earns the status ``vacuous``, a defect of its
statement. Finding no premise case among finitely many checked ones says nothing of the kind: that is
vacuous *support*, which earns nothing.

``holds_when`` names a sub-domain where a refuted claim holds; ``holds_when_checked`` is ``True`` only
when an engine showed it (the claim holds on that region and fails outside it): otherwise the report says
"stated by the author, not checked" (:data:`HOLDS_WHEN_UNCHECKED`).

``interior_cases`` is set by evidence checked at finitely many points of a stated domain
(:class:`core.domain.Domain`): the number of those points that lie strictly inside the domain and outside
the degenerate cases of the mechanism under study. Support whose every point sits on the boundary (only
``d = 2``, only ``r = 0``) or in a degenerate case shows nothing about the rest of the domain: zero such
points makes ``holds`` evidence vacuous too.

``steps`` are the machine-checked steps the evidence rests on, and the prose between them
(:mod:`proofs.kernel.steps`): what a proof certificate re-runs without this toolkit. Engines record them
(an identity, a z3 query, a counterexample's two sides at its point); a check may attach them itself.

A counterexample that carries its two sides (``lhs``/``rhs``, ``claimed``/``exact``,
``claimed``/``enumerated``, ``printed``/``exact``) is refused when they are equal, unless it also
states a strict ``relation`` (``"lhs < rhs"``) that equality violates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from core.exact import jsonable
from core.formula import as_sympy
from core.errors import invalid
from core.types import ExprLike

__all__ = ["Method", "Outcome", "Recheck", "Detail", "Step", "Evidence", "Correction", "HOLDS_WHEN_UNCHECKED"]

#: How a report qualifies a ``holds_when`` no engine checked.
HOLDS_WHEN_UNCHECKED = "stated by the author, not checked"


class Method(StrEnum):
    SYMBOLIC = "symbolic"
    ENUMERATION = "enumeration"
    INTERVAL = "interval"
    PROPERTY = "property"
    DECISION = "decision"
    SIMULATION = "simulation"


class Outcome(StrEnum):
    PROVED = "proved"
    HOLDS = "holds"
    COUNTEREXAMPLE = "counterexample"
    INCONCLUSIVE = "inconclusive"
    ERROR = "error"


class Recheck(StrEnum):
    EXACT = "exact"
    TWO_PRECISIONS = "two-precisions"


_MAY_PROVE = frozenset({Method.SYMBOLIC, Method.DECISION})


class Detail(StrEnum):
    """The keys of an evidence's ``detail`` that code reads back, each written and read by its name here.

    The rest of a detail is figures for readers, keyed by what they are; these keys are read by the verdict
    rule, by the engines that combine evidence and by the kernel. Each value is the text a report shows (and the
    JSON report stores), so a key's wording is a matter of display, never of logic."""

    #: A method ran out of time; the value says when (an ``inconclusive`` verdict then says "time-out").
    TIME_OUT = "time-out"
    #: Why a premise never holds on the whole domain (the reason of a ``vacuous`` verdict).
    WHY_NEVER_HOLDS = "why the premise never holds"
    #: Why evidence over zero premise cases is vacuous, in the check's own words (an empty domain, ...).
    VACUOUS_BECAUSE = "vacuous because"
    #: The exception of a check that crashed, and its traceback.
    EXCEPTION = "exception"
    TRACEBACK = "traceback"
    #: Why the sign decider did not treat a condition as polynomial.
    WHY_NOT_POLYNOMIAL = "why not polynomial"
    #: The solver, and the outcome and number of the z3 queries of a sign decision.
    SOLVER = "solver"
    Z3_OUTCOME = "z3 outcome"
    Z3_QUERIES = "z3 queries"
    #: The time z3 took on all the queries of a decision, and on its main query (left out where evidence is
    #: combined, so that a chain's figures do not change from one run to the next).
    Z3_SECONDS = "z3 seconds (all queries)"
    Z3_SECONDS_MAIN = "z3 seconds (main query)"
    #: The steps of an argument in several steps (each with its own figures), and the conclusion they give.
    STEPS = "steps"
    CONCLUSION = "conclusion"
    #: An approximation's claim, the statement it earned, and its remainder.
    CLAIM = "claim"
    STATEMENT = "statement"
    REMAINDER = "remainder"
    #: The figures of finite checks: cases checked, the largest discrepancy, cases an enumeration missed.
    CASES_CHECKED = "cases checked"
    WORST_DISCREPANCY = "worst discrepancy"
    CASES_MISSED_AT = "cases missed at"
    #: Prose an argument states without a machine check.
    STATED = "stated, not machine-checked"
    #: The record of what a decision procedure checked by machine (:mod:`proofs.kernel.record`): solver
    #: queries, interval boxes, mean-value arguments, and reductions to a polynomial condition.
    QUERIES = "queries"
    BOXES = "boxes"
    ARGUMENTS = "arguments"
    REDUCTIONS = "reductions"


class Step:
    """One step of an argument that evidence rests on: the base of the step kinds of :mod:`proofs.kernel.steps`
    (an SMT query, an identity, ..., the prose between them), which re-check themselves with
    :mod:`proofs.kernel.stepcheck`. Defined here, with the evidence that holds steps, so that the vocabulary
    needs nothing of the kernel that checks them."""

    kind: ClassVar[str] = ""
    machine_checked: ClassVar[bool] = True

    def check(self) -> bool:
        """Re-check the step with :mod:`proofs.kernel.stepcheck` (what a certificate runs)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Evidence:
    """The result of one method on one claim.

    ``domain`` says in words what was covered; ``detail`` holds the figures (worst discrepancy, number of
    cases, solver time, ...), those that code reads back under the keys of :class:`Detail`; ``counterexample`` maps
    parameter names to exact values (and may also hold the two sides that disagree); ``derived`` maps names to sympy
    expressions the check derived (stored as ``srepr`` strings, for the LaTeX export); ``holds_when`` names a
    sub-domain where the claim was shown to hold when it fails in general; ``corrected`` a corrected statement with
    its own evidence.

    ``holds_when_checked`` says whether an engine checked ``holds_when``: the claim proved (or supported)
    on the region it names and failing outside it (``True``), or not (``False``, or ``None`` when nothing
    says so). An unchecked condition is reported as "stated by the author, not checked".
    """

    method: Method
    outcome: Outcome
    domain: str
    detail: Mapping[str, Any] = field(default_factory=dict)
    counterexample: Mapping[str, Any] | None = None
    recheck: Recheck | None = None
    reading: str | None = None
    holds_when: str | None = None
    corrected: "Correction | None" = None
    derived: Mapping[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    premise_cases: int | None = None
    interior_cases: int | None = None
    holds_when_checked: bool | None = None
    steps: tuple[Step, ...] = ()
    premise_never_holds: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "method", Method(self.method))
        except ValueError:
            raise invalid("method", self.method, f"not one of {[m.value for m in Method]}") from None
        try:
            object.__setattr__(self, "outcome", Outcome(self.outcome))
        except ValueError:
            raise invalid("outcome", self.outcome, f"not one of {[o.value for o in Outcome]}") from None
        if self.recheck is not None:
            object.__setattr__(self, "recheck", Recheck(self.recheck))
        if not isinstance(self.domain, str) or not self.domain.strip():
            raise invalid("domain", self.domain, "every piece of evidence states the domain it covered")
        if self.outcome is Outcome.PROVED and self.method not in _MAY_PROVE:
            raise invalid(
                "outcome", "proved", f"method={self.method.value} cannot prove a claim on its whole domain",
                "use outcome='holds' for a finite domain",
            )
        if self.outcome is Outcome.COUNTEREXAMPLE:
            if not self.counterexample:
                raise invalid("counterexample", self.counterexample, "outcome='counterexample' needs the point")
            if self.recheck is None:
                raise invalid("recheck", None, "a counterexample must be re-checked exactly or at two precisions")
            _refuse_equal_sides(self.counterexample)
        elif self.counterexample is not None:
            raise invalid("counterexample", self.counterexample, f"given with outcome={self.outcome.value}")
        if self.holds_when_checked is not None:
            if not isinstance(self.holds_when_checked, bool):
                raise invalid("holds_when_checked", self.holds_when_checked, "must be True, False or None")
            if self.holds_when is None:
                raise invalid("holds_when_checked", self.holds_when_checked, "given without holds_when")
        if not isinstance(self.premise_never_holds, bool):
            raise invalid("premise_never_holds", self.premise_never_holds, "must be True or False")
        if self.premise_never_holds and (self.outcome is not Outcome.PROVED or self.method not in _MAY_PROVE):
            raise invalid("premise_never_holds", True, f"given with method={self.method.value}, "
                          f"outcome={self.outcome.value}", "only a symbolic or decision proof (outcome='proved') "
                          "shows that a premise never holds on the whole domain")
        if self.premise_never_holds and self.premise_cases != 0:
            raise invalid("premise_never_holds", True, f"given with premise_cases={self.premise_cases}",
                          "a premise that never holds has premise_cases=0")
        for name in ("premise_cases", "interior_cases"):
            count = getattr(self, name)
            if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
                raise invalid(name, count, "must be a count (an integer >= 0)")
        object.__setattr__(self, "detail", jsonable(dict(self.detail)))
        if self.counterexample is not None:
            object.__setattr__(self, "counterexample", jsonable(dict(self.counterexample)))
        object.__setattr__(self, "derived", {str(k): _as_srepr(v) for k, v in dict(self.derived).items()})
        object.__setattr__(self, "seconds", float(self.seconds))
        object.__setattr__(self, "steps", tuple(self.steps))
        for step in self.steps:
            if not isinstance(step, Step):
                raise invalid("steps", step,
                              "each step is a proofs.kernel.steps.Step (SmtQuery, Identity, ..., Stated)")

    @property
    def vacuous(self) -> bool:
        """Support for an implication over zero cases where its premise held, or finite support none of
        whose points is interior to the stated domain: it shows nothing."""
        if self.outcome not in (Outcome.HOLDS, Outcome.PROVED):
            return False
        return self.premise_cases == 0 or (self.interior_cases == 0 and self.outcome is Outcome.HOLDS)

    @property
    def vacuous_because(self) -> str | None:
        """Why the evidence is vacuous, in words, or ``None``."""
        if not self.vacuous:
            return None
        if self.premise_cases == 0 and isinstance(self.detail.get(Detail.VACUOUS_BECAUSE), str):
            return self.detail[Detail.VACUOUS_BECAUSE]        # the check's own words (an empty domain, ...)
        if self.premise_cases == 0:
            return "the premise never held in the checked cases"
        return "every checked point lies on the boundary of the stated domain or in a degenerate case"

    def to_json(self) -> dict[str, Any]:
        """The evidence in the report's JSON vocabulary (``method``, ``outcome``, ``domain``, ``detail``)."""
        detail = dict(self.detail)
        for key in ("counterexample", "recheck", "reading", "holds_when", "premise_cases", "interior_cases"):
            value = getattr(self, key)
            if value is not None:
                detail[key] = jsonable(value)
        if self.holds_when is not None:
            detail["holds_when_checked"] = self.holds_when_checked is True
        if self.premise_never_holds:
            detail["premise_never_holds"] = True
        if self.corrected is not None:
            detail["corrected"] = self.corrected.statement
        if self.seconds:
            detail["seconds"] = round(self.seconds, 4)
        data = {"method": self.method.value, "outcome": self.outcome.value, "domain": self.domain, "detail": detail}
        if self.steps:
            data["steps"] = [step.to_json() for step in self.steps]
        return data


@dataclass(frozen=True)
class Correction:
    """A corrected statement (LaTeX) and the evidence that verifies it; shown only if that evidence earns
    ``proved`` or ``supported`` by the same rule as any claim."""

    statement: str
    evidence: tuple[Evidence, ...]
    derived: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.statement.strip():
            raise invalid("statement", self.statement, "a correction states something")
        object.__setattr__(self, "evidence", tuple(self.evidence))
        if not self.evidence:
            raise invalid("evidence", (), "a correction must itself be verified")
        object.__setattr__(self, "derived", {str(k): _as_srepr(v) for k, v in dict(self.derived).items()})


_SIDES = (("lhs", "rhs"), ("claimed", "exact"), ("claimed", "enumerated"), ("printed", "exact"))


def _refuse_equal_sides(counterexample: Mapping[str, object]) -> None:
    """A counterexample whose two sides agree is not one (unless a strict relation is what fails)."""
    relation = str(counterexample.get("relation", ""))
    strict = any(op in relation for op in ("<", ">", "!=", "≠")) and not any(
        op in relation for op in ("<=", ">=", "≤", "≥"))
    for left, right in _SIDES:
        if left in counterexample and right in counterexample and not strict:
            a, b = counterexample[left], counterexample[right]
            if a == b or str(a) == str(b):
                raise invalid("counterexample", dict(counterexample),
                              f"its two sides {left} and {right} are equal ({a}): that is not a counterexample")


def _as_srepr(value: ExprLike) -> str:
    if isinstance(value, str):
        return value
    import sympy

    return sympy.srepr(as_sympy(value, name="derived"))
