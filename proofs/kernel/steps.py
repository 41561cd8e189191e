"""The steps of a verdict that a machine re-checks, as data: what a proof certificate re-runs.

A verdict rests on evidence; the evidence rests on steps. Each step is one frozen dataclass, validated on
construction, whose mathematics is kept as sympy objects (written to JSON as ``srepr`` strings and read
back by :func:`core.formula.parse_srepr`; never text to be evaluated):

* :class:`SmtQuery`: an SMT-LIB query and the answer it must get (``unsat``: no point satisfies the
  negation, so the statement is valid), from z3 or cvc5;
* :class:`Identity`: ``lhs == rhs`` identically, with the sympy simplification that reduces the difference
  to 0 (finite sums and derivatives inside are evaluated first, so a summation or a derivative is an
  identity too);
* :class:`Inequality`: ``lhs >= rhs`` identically, the reduced difference nonnegative by sympy's assumptions;
* :class:`ExactValue`: an expression (the printed formula, or the exact side) equals a value at a point;
* :class:`Holds`: a condition holds at a point (the point lies in the claim's domain; the claimed relation
  fails there);
* :class:`Boxes`: an expression has a sign on every box of a list, by interval enclosures;
* :class:`FiniteCheck`: a condition at every point of a finite grid, with an optional premise (supported
  claims);
* :class:`TwoPrecisions`: an expression without a closed form (an integral) has a sign at every point of a
  finite set, computed by mpmath at two precisions that must agree (supported claims);
* :class:`Enumeration`: a finite check that no sympy condition states (credal sets, Choquet integrals,
  envelopes), re-run by a procedure of :mod:`proofs.kernel.enumerations` that regenerates its cases from exact
  arguments (supported claims);
* :class:`Stated`: the prose between machine-checked steps (exchanging finite sums, an induction
  principle, re-indexing, a cited theorem): stated, not machine-checked.

Each step can :meth:`~Step.check` itself with :mod:`proofs.kernel.stepcheck`, the same functions a
certificate runs. :func:`counterexample_steps` is the declarative way for a check to say what its
counterexample is: the printed formula and the exact side as sympy expressions of the point's symbols, the
point, and the claim's domain; it returns the steps a referee needs to see the claim fail there.
:func:`settled` drops the steps a certificate need not run (one that cannot fail is stated, a repeated one
kept once); :mod:`proofs.kernel.grounds` chooses the evidence a verdict rests on and counts its steps, and
:mod:`proofs.kernel.record` reads the steps the sign decider recorded.

The abstract :class:`Step` is :class:`proofs.base.evidence.Step` (the evidence that holds steps is defined
below this kernel); it is exported here with its kinds.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar, TypeAlias, cast

import sympy
from sympy.logic.boolalg import Boolean

from core.domain import Domain
from core.errors import InvalidArgument, invalid
from core.formula import parse_srepr
from core.memo import per_object
from core.relations import keep_when_pickled
from proofs.base.evidence import Evidence, Outcome, Step
from proofs.kernel import enumerations, stepcheck

__all__ = ["Step", "SmtQuery", "Identity", "Inequality", "ExactValue", "Holds", "Boxes", "FiniteCheck", "TwoPrecisions",
           "Enumeration", "Stated",
           "STEP_KINDS", "step_from_json", "PointClaim", "counterexample_steps", "attach",
           "settled", "cannot_fail", "trivial_query", "step_key", "normalised_smtlib", "RELATIONS", "Json", "Argument",
           "DomainLike"]

# A step's relation (``delta(eps) > delta`` between two numbers, left for the re-check) keeps its form when a
# result is pickled (worker processes, Dask, kept results); sympy's default would rebuild it as ``true``.
keep_when_pickled()

#: A value of a step's JSON form (what :meth:`Step.to_json` writes and :func:`step_from_json` reads).
Json: TypeAlias = str | int | float | bool | None | list["Json"] | dict[str, "Json"]
#: An argument of an enumeration: an integer, a rational written as text ("3/5"), or a tuple of those.
Argument: TypeAlias = int | str | tuple["Argument", ...]
#: A claim's domain as a step takes it: a :class:`core.domain.Domain`, its text, or sympy conditions.
DomainLike: TypeAlias = Domain | str | Sequence[Boolean] | None
#: An SMT-LIB s-expression: an atom, or a list of s-expressions.
_SExpr: TypeAlias = str | list["_SExpr"]

#: The relations a claim may state between two sides (the counterexample is where it fails).
RELATIONS = {"==": sympy.Eq, "!=": sympy.Ne, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}
_NEGATED = {"==": sympy.Ne, "!=": sympy.Eq, "<": sympy.Ge, "<=": sympy.Gt, ">": sympy.Le, ">=": sympy.Lt}
#: Longest SMT-LIB text a step keeps (a certificate must stay readable).
MAX_SMTLIB = 60_000
#: Most points a finite grid may have (the certificate re-runs every one).
MAX_GRID = 20_000


def _text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise invalid(name, value, "must be a non-empty string")
    return value


def _expression(name: str, value: object, *, boolean: bool = False) -> sympy.Basic:
    """A sympy object (or its srepr), exact: no floating-point number inside."""
    if isinstance(value, str):
        value = parse_srepr(value, name=name)
    elif isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        value = sympy.Rational(value.numerator, value.denominator)
    if boolean and value in (True, False):
        value = sympy.true if value else sympy.false
    if not isinstance(value, sympy.Basic):
        raise invalid(name, value, "must be a sympy expression (or its srepr)")
    if value.has(sympy.Float):
        raise invalid(name, value, "contains a floating-point number; a step is exact",
                      "write numbers as sympy.Rational(1, 2)")
    if boolean and not isinstance(value, (sympy.logic.boolalg.Boolean, sympy.core.relational.Relational)):
        raise invalid(name, value, "must be a condition (a relation, or And/Or/Not of relations)")
    return value


def _number(name: str, value: object) -> sympy.Expr:
    """An exact number: an int, a Fraction, or a sympy number without symbols or floats."""
    if isinstance(value, bool) or isinstance(value, float):
        raise invalid(name, value, "must be exact (an integer, a Fraction or a sympy Rational), not a float")
    if isinstance(value, str):
        text = value
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            value = parse_srepr(text, name=name)
    number = _expression(name, value)
    if number.free_symbols:
        raise invalid(name, number, "must be a number, not an expression in symbols")
    if number.is_finite is False:
        raise invalid(name, number, "must be finite")
    return number


def _end(name: str, value: object) -> sympy.Expr:
    """An end of a box: an exact rational, or ``-oo``/``oo`` (also as the strings the sign decider writes)."""
    if isinstance(value, str) and value.strip() in ("oo", "-oo", "+oo"):
        return sympy.oo if value.strip() != "-oo" else -sympy.oo
    if isinstance(value, sympy.Basic) and value in (sympy.oo, -sympy.oo):
        return value
    number = _number(name, value)
    if not number.is_Rational:
        raise invalid(name, number, "a box's end is a rational, -oo or oo")
    return number


def _point(name: str, value: object) -> dict[str, sympy.Expr]:
    if not isinstance(value, Mapping) or not value:
        raise invalid(name, value, "must map symbol names to exact values")
    return {str(k): _number(f"{name}[{k}]", v) for k, v in value.items()}


@per_object()
def _srepr(expr: object) -> str:
    """``sympy.srepr(expr)``, printed once per object (:func:`core.memo.per_object`): a report's steps repeat
    the same expressions (read back from one text, they are one object), and counting its steps prints every
    step (:func:`step_key`)."""
    return sympy.srepr(expr)


def _srepr_point(point: Mapping[str, sympy.Basic]) -> dict[str, Json]:
    return {k: _srepr(v) for k, v in point.items()}


@dataclass(frozen=True)
class SmtQuery(Step):
    """An SMT-LIB query (declarations, assertions, ``(check-sat)``) and the answer it must get.

    ``unsat`` is the usual case: the text asserts the hypotheses and the negation of the statement, so no
    model exists and the statement holds wherever the hypotheses do."""

    says: str
    smtlib: str
    expected: str = "unsat"
    solver: str = "z3"

    kind: ClassVar[str] = "smt"

    def __post_init__(self) -> None:
        _text("says", self.says)
        _text("smtlib", self.smtlib)
        if self.expected not in ("sat", "unsat"):
            raise invalid("expected", self.expected, "must be 'sat' or 'unsat'")
        if self.solver not in ("z3", "cvc5"):
            raise invalid("solver", self.solver, "must be 'z3' or 'cvc5'")
        if "(check-sat)" not in self.smtlib:
            raise invalid("smtlib", self.smtlib[:80], "has no (check-sat) command")
        if len(self.smtlib) > MAX_SMTLIB:
            raise invalid("smtlib", f"{len(self.smtlib)} characters", f"is longer than {MAX_SMTLIB}")

    def check(self) -> bool:
        return stepcheck.check_smt(self.smtlib, self.solver, self.expected)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "smtlib": self.smtlib, "expected": self.expected,
                "solver": self.solver}


def _two_sides(step: Identity | Inequality) -> None:
    """What an identity and an inequality between two sides validate alike: the reason, both sides read as
    expressions, and a simplification the checker knows."""
    _text("says", step.says)
    object.__setattr__(step, "lhs", _expression("lhs", step.lhs))
    object.__setattr__(step, "rhs", _expression("rhs", step.rhs))
    if step.how not in stepcheck.ZERO_BY:
        raise invalid("how", step.how, f"not one of {list(stepcheck.ZERO_BY)}")


@dataclass(frozen=True)
class Identity(Step):
    """``lhs == rhs`` identically (the symbols' assumptions are those of the sympy symbols): ``lhs - rhs``,
    with finite sums and derivatives evaluated, reduces to 0 by the simplification ``how``
    (:data:`proofs.kernel.stepcheck.ZERO_BY`)."""

    says: str
    lhs: sympy.Expr
    rhs: sympy.Expr
    how: str = "simplify"

    kind: ClassVar[str] = "identity"

    def __post_init__(self) -> None:
        _two_sides(self)

    @property
    def label(self) -> str:
        """``summation``, ``derivative`` or ``identity``: what the step evaluates."""
        both = (self.lhs, self.rhs)
        if any(e.has(sympy.Sum) for e in both):
            return "summation"
        if any(e.has(sympy.Derivative) for e in both):
            return "derivative"
        return "identity"

    def check(self) -> bool:
        return stepcheck.check_identity(self.lhs, self.rhs, self.how)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "lhs": _srepr(self.lhs), "rhs": _srepr(self.rhs),
                "how": self.how}


@dataclass(frozen=True)
class Inequality(Step):
    """``lhs >= rhs`` identically: ``lhs - rhs``, reduced by the simplification ``how``, is nonnegative by
    sympy's assumptions on its symbols (a factored residual whose factors sympy knows are >= 0)."""

    says: str
    lhs: sympy.Expr
    rhs: sympy.Expr
    how: str = "gamma"

    kind: ClassVar[str] = "inequality"

    def __post_init__(self) -> None:
        _two_sides(self)

    def check(self) -> bool:
        return stepcheck.check_inequality(self.lhs, self.rhs, self.how)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "lhs": _srepr(self.lhs), "rhs": _srepr(self.rhs),
                "how": self.how}


@dataclass(frozen=True)
class ExactValue(Step):
    """``expr`` at ``point`` (name -> exact number) is exactly ``value``."""

    says: str
    expr: sympy.Expr
    point: Mapping[str, sympy.Expr]
    value: sympy.Expr

    kind: ClassVar[str] = "value"

    def __post_init__(self) -> None:
        _text("says", self.says)
        object.__setattr__(self, "expr", _expression("expr", self.expr))
        object.__setattr__(self, "point", _point("point", self.point))
        object.__setattr__(self, "value", _number("value", self.value))

    def check(self) -> bool:
        return stepcheck.check_value(self.expr, self.point, self.value)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "expr": _srepr(self.expr),
                "point": _srepr_point(self.point), "value": _srepr(self.value)}


@dataclass(frozen=True)
class Holds(Step):
    """``condition`` holds at ``point``, and each name of ``integers`` has an integer value there (a condition
    without symbols, a fact about numbers, takes the empty point)."""

    says: str
    condition: Boolean
    point: Mapping[str, sympy.Expr]
    integers: tuple[str, ...] = ()

    kind: ClassVar[str] = "holds"

    def __post_init__(self) -> None:
        _text("says", self.says)
        object.__setattr__(self, "condition", _expression("condition", self.condition, boolean=True))
        constant = not self.condition.free_symbols and not self.integers and isinstance(self.point, Mapping)
        object.__setattr__(self, "point", {} if constant and not self.point else _point("point", self.point))
        object.__setattr__(self, "integers", tuple(sorted(str(n) for n in self.integers)))
        missing = sorted({s.name for s in self.condition.free_symbols} - set(self.point)
                         | set(self.integers) - set(self.point))
        if missing:
            raise invalid("point", dict(self.point), f"gives no value for {missing}")

    def check(self) -> bool:
        return stepcheck.check_holds(self.condition, self.point, self.integers)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "condition": _srepr(self.condition),
                "point": _srepr_point(self.point), "integers": list(self.integers)}


@dataclass(frozen=True)
class Boxes(Step):
    """``expr sign`` at every point of every box (name -> (lo, hi): exact rationals, or ``-oo``/``oo``) where
    ``expr`` is defined, each box shown by an enclosure (interval arithmetic on exact endpoints, rounded
    outward, at ``prec`` bits: :func:`proofs.kernel.stepcheck.enclosure`), or by enclosures of the parts of a
    bisection of it (:func:`proofs.kernel.stepcheck.box_sign_holds`)."""

    says: str
    expr: sympy.Expr
    sign: str
    boxes: tuple[Mapping[str, tuple[sympy.Expr, sympy.Expr]], ...]
    prec: int = 200

    kind: ClassVar[str] = "boxes"

    def __post_init__(self) -> None:
        _text("says", self.says)
        object.__setattr__(self, "expr", _expression("expr", self.expr))
        if self.sign not in stepcheck.SIGNS:
            raise invalid("sign", self.sign, f"not one of {list(stepcheck.SIGNS)}")
        boxes = []
        for box in self.boxes:
            if not isinstance(box, Mapping) or (not box and self.expr.free_symbols):
                raise invalid("boxes", box, "each box maps names to (lo, hi)")
            checked = {}
            for name, ends in box.items():
                lo, hi = (_end(f"boxes[{name}]", v) for v in ends)
                if not (lo <= hi and lo != sympy.oo and hi != -sympy.oo):
                    raise invalid("boxes", {name: ends}, "each side is an interval [lo, hi] of rationals, lo <= hi "
                                  "(an end may be -oo or oo)")
                checked[str(name)] = (lo, hi)
            boxes.append(checked)
        if not boxes:
            raise invalid("boxes", (), "needs at least one box")
        object.__setattr__(self, "boxes", tuple(boxes))
        if isinstance(self.prec, bool) or not isinstance(self.prec, int) or self.prec < 53:
            raise invalid("prec", self.prec, "must be an integer number of bits >= 53")

    def check(self) -> bool:
        return stepcheck.check_boxes(self.expr, self.sign, self.boxes, self.prec)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "expr": _srepr(self.expr), "sign": self.sign,
                "boxes": [{k: [_srepr(lo), _srepr(hi)] for k, (lo, hi) in b.items()} for b in self.boxes],
                "prec": self.prec}


@dataclass(frozen=True)
class FiniteCheck(Step):
    """``condition`` at every point of a finite set that satisfies ``where`` and ``premise``: ``cases`` points
    satisfy ``where``, ``premise_cases`` of them the premise, and the condition holds at each of those.

    The set is a ``grid`` (name -> values: their product) or ``points`` (rows of values of ``names``)."""

    says: str
    condition: Boolean
    cases: int
    grid: Mapping[str, tuple[sympy.Expr, ...]] | None = None
    names: tuple[str, ...] = ()
    points: tuple[tuple[sympy.Expr, ...], ...] = ()
    premise: Boolean | None = None
    where: Boolean | None = None
    premise_cases: int | None = None

    kind: ClassVar[str] = "finite"

    def __post_init__(self) -> None:
        _text("says", self.says)
        object.__setattr__(self, "condition", _expression("condition", self.condition, boolean=True))
        for name in ("premise", "where"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, _expression(name, getattr(self, name), boolean=True))
        if (self.grid is None) == (not self.points):
            raise invalid("grid", self.grid, "give either a grid (name -> values) or points (rows of values of names)")
        if self.grid is not None:
            if not isinstance(self.grid, Mapping) or not self.grid:
                raise invalid("grid", self.grid, "must map names to their values")
            grid = {str(k): tuple(_number(f"grid[{k}]", v) for v in values) for k, values in self.grid.items()}
            size = 1
            for name, values in grid.items():
                if not values:
                    raise invalid("grid", name, "has no values")
                size *= len(values)
            object.__setattr__(self, "grid", grid)
        else:
            names = tuple(str(n) for n in self.names)
            if not names or len(set(names)) != len(names):
                raise invalid("names", self.names, "must name each coordinate of the points once")
            rows = tuple(tuple(_number(f"points[{i}]", v) for v in row) for i, row in enumerate(self.points))
            if any(len(row) != len(names) for row in rows):
                raise invalid("points", self.points[:3], f"each point has one value per name {list(names)}")
            object.__setattr__(self, "names", names)
            object.__setattr__(self, "points", rows)
            size = len(rows)
        if size > MAX_GRID:
            raise invalid("grid", f"{size} points", f"has more than {MAX_GRID} points")
        for name in ("cases", "premise_cases"):
            count = getattr(self, name)
            if count is None and name == "premise_cases":
                continue
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise invalid(name, count, "must be a count >= 1 (a finite check over no case shows nothing)")

    @property
    def finite_set(self) -> Mapping[str, tuple[sympy.Expr, ...]] | tuple[tuple[str, ...],
                                                                         tuple[tuple[sympy.Expr, ...], ...]]:
        """The grid (a dict) or ``(names, points)``, as :func:`proofs.kernel.stepcheck.check_grid` takes it."""
        return self.grid if self.grid is not None else (self.names, self.points)

    def check(self) -> bool:
        return stepcheck.check_grid(self.condition, self.finite_set, self.cases, self.premise, self.where,
                                    self.premise_cases)[0]

    def to_json(self) -> dict[str, Json]:
        data: dict[str, Json] = {"kind": self.kind, "says": self.says, "condition": _srepr(self.condition),
                                "cases": self.cases}
        if self.grid is not None:
            data["grid"] = {k: [_srepr(v) for v in values] for k, values in self.grid.items()}
        else:
            data["names"] = list(self.names)
            data["points"] = [[_srepr(v) for v in row] for row in self.points]
        data.update({"premise": None if self.premise is None else _srepr(self.premise),
                     "where": None if self.where is None else _srepr(self.where),
                     "premise_cases": self.premise_cases})
        return data


@dataclass(frozen=True)
class TwoPrecisions(Step):
    """``expr sign`` at every point (rows of values of ``names``), ``expr`` computed by mpmath at ``dps`` and
    ``2 dps`` digits (:func:`proofs.kernel.stepcheck.check_two_precisions`): for a number with no closed form,
    such as an integral, which a toolkit decided at the same two precisions. ``where`` names intermediate
    values ``(name, expression)``, computed once per point, in order (the symbols ``expr`` uses for them)."""

    says: str
    expr: sympy.Expr
    sign: str
    names: tuple[str, ...]
    points: tuple[tuple[sympy.Expr, ...], ...]
    dps: int = 30
    where: tuple[tuple[str, sympy.Expr], ...] = ()

    kind: ClassVar[str] = "two-precisions"

    def __post_init__(self) -> None:
        _text("says", self.says)
        object.__setattr__(self, "expr", _expression("expr", self.expr))
        if self.sign not in (">0", ">=0", "<0", "<=0"):
            raise invalid("sign", self.sign, "not one of ['>0', '>=0', '<0', '<=0']")
        names = tuple(str(n) for n in self.names)
        if not names or len(set(names)) != len(names):
            raise invalid("names", self.names, "must name each coordinate of the points once")
        rows = tuple(tuple(_number(f"points[{i}]", v) for v in row) for i, row in enumerate(self.points))
        if not rows or any(len(row) != len(names) for row in rows):
            raise invalid("points", self.points[:3], f"needs at least one point, each with one value per name "
                          f"{list(names)}")
        if any(not v.is_Rational for row in rows for v in row):
            raise invalid("points", self.points[:3], "each value is a rational (mpmath rounds it once per precision)")
        where = tuple((str(name), _expression(f"where[{name}]", e)) for name, e in self.where)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "points", rows)
        object.__setattr__(self, "where", where)
        known = set(names) | {name for name, _ in where}
        missing = sorted({x.name for x in self.expr.free_symbols} - known)
        if missing:
            raise invalid("expr", self.expr, f"has symbols {missing} that neither names nor where give a value")
        if isinstance(self.dps, bool) or not isinstance(self.dps, int) or self.dps < 15:
            raise invalid("dps", self.dps, "must be an integer number of digits >= 15")

    def check(self) -> bool:
        return stepcheck.check_two_precisions(self.expr, self.sign, self.names, self.points, self.dps, self.where)[0]

    def to_json(self) -> dict[str, Json]:
        return {"kind": self.kind, "says": self.says, "expr": _srepr(self.expr), "sign": self.sign,
                "names": list(self.names), "points": [[_srepr(v) for v in row] for row in self.points],
                "dps": self.dps, "where": [[name, _srepr(e)] for name, e in self.where]}


def _argument(name: str, value: object) -> Argument:
    """An argument of an enumeration: an integer, a rational written as text ("3/5", kept as written), or a
    tuple of those (a list is read as a tuple, as JSON writes one)."""
    if isinstance(value, (list, tuple)):
        return tuple(_argument(f"{name}[{i}]", v) for i, v in enumerate(value))
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise invalid(name, value, "must be an integer, a rational written as text ('3/5'), or a list of them")
    if isinstance(value, str):
        try:
            Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise invalid(name, value, "is not a rational written as text ('3/5')") from None
    return value


@dataclass(frozen=True)
class Enumeration(Step):
    """A finite check that regenerates its own cases: the procedure ``procedure`` of
    :mod:`proofs.kernel.enumerations` (one of its :data:`~proofs.kernel.enumerations.PROCEDURES`), run on
    ``arguments`` (name -> integers, rationals as text, tuples of them), checks exactly ``cases`` cases and
    finds no failing one. For checks that compare procedures rather than formulas (extreme points of a credal
    set, Choquet integrals, envelopes of points); the procedure and its helpers are copied into a certificate."""

    says: str
    procedure: str
    arguments: Mapping[str, Argument]
    cases: int

    kind: ClassVar[str] = "enumeration"

    def __post_init__(self) -> None:
        _text("says", self.says)
        if self.procedure not in enumerations.PROCEDURES:
            raise invalid("procedure", self.procedure, f"not one of {list(enumerations.PROCEDURES)}")
        if not isinstance(self.arguments, Mapping):
            raise invalid("arguments", self.arguments, "must map the procedure's parameters to their values")
        arguments = {str(k): _argument(f"arguments[{k}]", v) for k, v in self.arguments.items()}
        try:
            inspect.signature(getattr(enumerations, self.procedure)).bind(**arguments)
        except TypeError as error:
            raise invalid("arguments", sorted(arguments), f"do not fit {self.procedure} ({error})") from None
        object.__setattr__(self, "arguments", arguments)
        if isinstance(self.cases, bool) or not isinstance(self.cases, int) or self.cases < 1:
            raise invalid("cases", self.cases, "must be a count >= 1 (a finite check over no case shows nothing)")

    def check(self) -> bool:
        return stepcheck.check_enumeration(getattr(enumerations, self.procedure), self.arguments, self.cases)[0]

    def to_json(self) -> dict[str, Json]:
        def plain(value: Argument) -> Json:
            return [plain(v) for v in value] if isinstance(value, tuple) else value
        return {"kind": self.kind, "says": self.says, "procedure": self.procedure,
                "arguments": {k: plain(v) for k, v in self.arguments.items()}, "cases": self.cases}


@dataclass(frozen=True)
class Stated(Step):
    """Prose that joins machine-checked steps: stated, not machine-checked. ``unchecked`` marks a step a
    machine did decide inside the toolkit but whose decision no certificate re-runs yet (no record of it
    could be turned into a step): a gap in the certificate, said as such."""

    says: str
    unchecked: bool = False

    kind: ClassVar[str] = "stated"
    machine_checked: ClassVar[bool] = False

    def __post_init__(self) -> None:
        _text("says", self.says)
        if not isinstance(self.unchecked, bool):
            raise invalid("unchecked", self.unchecked, "must be True or False")

    def check(self) -> bool:
        raise TypeError("a stated step is prose: nothing checks it")

    def to_json(self) -> dict[str, Json]:
        data: dict[str, Json] = {"kind": self.kind, "says": self.says}
        if self.unchecked:
            data["unchecked"] = True
        return data


STEP_KINDS: dict[str, type[Step]] = {k.kind: k for k in (SmtQuery, Identity, Inequality, ExactValue, Holds, Boxes,
                                                         FiniteCheck, TwoPrecisions, Enumeration, Stated)}


def step_from_json(data: object) -> Step:
    """The step written by :meth:`Step.to_json` (expressions read back by :func:`core.formula.parse_srepr`)."""
    if not isinstance(data, Mapping) or data.get("kind") not in STEP_KINDS:
        raise invalid("step", data if not isinstance(data, Mapping) else data.get("kind"),
                      f"not a step (kind one of {sorted(STEP_KINDS)})")
    kind = data["kind"]
    fields = {k: v for k, v in data.items() if k != "kind"}
    if kind == "boxes":
        fields["boxes"] = tuple({k: tuple(ends) for k, ends in box.items()} for box in fields.get("boxes", ()))
    if kind == "holds":
        fields["integers"] = tuple(fields.get("integers", ()))
    if kind == "two-precisions":
        fields["names"] = tuple(fields.get("names", ()))
        fields["points"] = tuple(tuple(row) for row in fields.get("points", ()))
        fields["where"] = tuple(tuple(pair) for pair in fields.get("where", ()))
    if kind == "finite":
        if fields.get("grid") is not None:
            fields["grid"] = {k: tuple(v) for k, v in fields["grid"].items()}
        fields["names"] = tuple(fields.get("names", ()))
        fields["points"] = tuple(tuple(row) for row in fields.get("points", ()))
    try:
        return STEP_KINDS[kind](**fields)
    except TypeError as error:
        raise invalid("step", kind, f"has unexpected or missing fields ({error})") from None


# ------------------------------------------------------------------------------------ counterexamples
def _relations_of(domain: DomainLike, symbols: Iterable[sympy.Symbol] = ()) -> tuple[list[Boolean], tuple[str, ...]]:
    """The domain as sympy relations and integer names: a :class:`core.domain.Domain`, its text (read with
    ``symbols``, the claim's own), or a sequence of sympy relations."""
    if domain is None:
        return [], ()
    if isinstance(domain, (str, Domain)):
        parsed = Domain.parse(domain, symbols={s.name: s for s in symbols})
        return list(parsed.conditions), tuple(sorted(parsed.integers))
    conditions = [_expression("domain", c, boolean=True) for c in domain]
    return conditions, ()


@dataclass(frozen=True)
class PointClaim:
    """What a check claims at each point, as sympy: ``printed relation exact`` wherever ``premise`` holds,
    on ``domain`` (a :class:`core.domain.Domain`, its text, or sympy relations; ``integers`` names further
    integer symbols). ``printed`` is the formula as printed, ``exact`` the true side (a finite sum with
    concrete bounds is fine once the point is given).

    :meth:`counterexample` gives the steps that show the claim fails at a point, :meth:`support` the finite
    check of a set of points; engines take a ``PointClaim`` and record these steps themselves
    (:func:`proofs.engines.methods.exhaustive`, :func:`proofs.engines.certified.certified_exhaustive`), and
    :func:`attach` adds them to evidence a check computed with its own code."""

    printed: sympy.Expr
    exact: sympy.Expr
    relation: str = "=="
    domain: DomainLike = None  # kept as the tuple of its sympy conditions
    premise: Boolean | None = None
    integers: tuple[str, ...] = ()
    printed_says: str = "the printed formula"
    exact_says: str = "the exact value"

    def __post_init__(self) -> None:
        if self.relation not in RELATIONS:
            raise invalid("relation", self.relation, f"not one of {sorted(RELATIONS)}")
        object.__setattr__(self, "printed", _expression("printed", self.printed))
        object.__setattr__(self, "exact", _expression("exact", self.exact))
        if self.premise is not None:
            object.__setattr__(self, "premise", _expression("premise", self.premise, boolean=True))
        # The domain's text is read with assumption-free symbols of the claim's names: a condition its symbols'
        # assumptions imply (n >= 1 for a positive integer n) would otherwise vanish, unchecked at the point.
        plain = {sympy.Symbol(s.name) for s in self.printed.free_symbols | self.exact.free_symbols}
        conditions, declared = _relations_of(self.domain, plain)
        object.__setattr__(self, "domain", tuple(conditions))
        object.__setattr__(self, "integers", tuple(sorted(set(declared) | {str(n) for n in self.integers})))

    @property
    def condition(self) -> Boolean:
        """The claimed relation as a sympy condition."""
        return RELATIONS[self.relation](self.printed, self.exact, evaluate=False)

    @property
    def names(self) -> tuple[str, ...]:
        """Every symbol name a point must give a value for."""
        found = set().union(self.printed.free_symbols, self.exact.free_symbols,
                            *(c.free_symbols for c in self.domain),
                            self.premise.free_symbols if self.premise is not None else set())
        return tuple(sorted({s.name for s in found} | set(self.integers)))

    def point_of(self, values: Mapping[str, object]) -> dict[str, sympy.Expr]:
        """The values of :attr:`names` in ``values`` (a counterexample may hold more keys), exact."""
        missing = [n for n in self.names if n not in values]
        if missing:
            raise invalid("point", {k: str(v) for k, v in values.items()}, f"gives no value for {missing}")
        return _point("point", {n: values[n] for n in self.names})

    def counterexample(self, values: Mapping[str, object]) -> tuple[Step, ...]:
        """Both sides recomputed exactly at the point (:class:`ExactValue`, for a rational side), the premise
        shown to hold and the claimed relation shown false there (:class:`Holds`: both sides recomputed,
        an irrational one enclosed by balls at two precisions), and the point shown to lie in the domain.
        Every step is checked here: a point where the claim does not fail is refused."""
        point = self.point_of(values)
        steps: list[Step] = []
        for side, says in ((self.printed, self.printed_says), (self.exact, self.exact_says)):
            value = stepcheck.value_at(side, point)
            if value.is_Rational:  # an irrational side is recomputed by the relation's step, decided by balls
                steps.append(ExactValue(f"{says} at the point", side, point, value))
        if self.premise is not None:
            steps.append(Holds("the premise holds at the point", self.premise, point))
        steps.append(Holds(f"the claimed relation (printed {self.relation} exact) fails at the point",
                           _NEGATED[self.relation](self.printed, self.exact, evaluate=False), point))
        if self.domain or self.integers:
            steps.append(Holds("the point lies in the claim's domain", sympy.And(*self.domain), point, self.integers))
        for step in steps:
            if not step.check():
                raise invalid("counterexample", {k: str(v) for k, v in point.items()},
                              f"its step does not check: {step.says}")
        return tuple(steps)

    def support(self, cases: Sequence[Mapping[str, object]], says: str) -> FiniteCheck:
        """The finite check of the claimed relation at ``cases`` (those in the domain; the premise where
        given): a grid when the cases are a full product, else the list of points. Not re-checked here (a
        certificate of a supported verdict runs it; the support of a proved claim is never certified, and
        checking every case twice would slow every run): :meth:`Step.check` does it on demand."""
        points = [self.point_of(case) for case in cases]
        names = self.names
        unique = list(dict.fromkeys(tuple(_srepr(p[n]) for n in names) for p in points))
        axes = {n: list(dict.fromkeys(_srepr(p[n]) for p in points)) for n in names}
        size = 1
        for values in axes.values():
            size *= len(values)
        where = sympy.And(*self.domain) if self.domain else None
        if size == len(unique) == len(points) and len(points) > 1:
            step = FiniteCheck(says, self.condition, len(points),
                               grid={n: tuple(parse_srepr(v) for v in axes[n]) for n in names},
                               premise=self.premise, where=where,
                               premise_cases=self._premise_count(points))
        else:
            step = FiniteCheck(says, self.condition, len(points), names=names,
                               points=tuple(tuple(p[n] for n in names) for p in points),
                               premise=self.premise, where=where, premise_cases=self._premise_count(points))
        return step  # re-checked by the certificate (and its tests), not here: a proof's support is rarely used

    def _premise_count(self, points: Sequence[Mapping[str, sympy.Expr]]) -> int | None:
        if self.premise is None:
            return None
        return sum(1 for p in points if stepcheck.truth(self.premise, p) is True)


def counterexample_steps(*, printed: sympy.Expr, exact: sympy.Expr, point: Mapping[str, object], domain: DomainLike,
                         relation: str = "==", integers: Iterable[str] = (), premise: Boolean | None = None,
                         printed_says: str = "the printed formula",
                         exact_says: str = "the exact value") -> tuple[Step, ...]:
    """The steps that show a claim ``printed relation exact`` fails at ``point`` (see
    :meth:`PointClaim.counterexample`): both sides recomputed exactly at the point, the relation shown
    false there, and the point shown to lie in ``domain``."""
    return PointClaim(printed, exact, relation, domain, premise, tuple(integers), printed_says,
                      exact_says).counterexample(point)


def attach(evidence: Evidence, claim: PointClaim, *, cases: Sequence[Mapping[str, object]] | None = None,
           says: str = "the claimed relation at every checked case") -> Evidence:
    """``evidence`` with the steps of ``claim`` added: at its counterexample (the point is read from the
    counterexample by the claim's names), or, for evidence that holds, the finite check of ``cases``."""
    if evidence.outcome is Outcome.COUNTEREXAMPLE:
        values = {k: _from_report(v) for k, v in dict(evidence.counterexample or {}).items()}
        return replace(evidence, steps=tuple(evidence.steps) + claim.counterexample(values))
    if evidence.outcome is Outcome.HOLDS and cases is not None:
        return replace(evidence, steps=tuple(evidence.steps) + (claim.support(cases, says),))
    return evidence


def _from_report(value: object) -> object:
    """A counterexample value as the evidence stores it (``"2/3"`` strings for rationals) made exact."""
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            return value
    return value


# ------------------------------------------------------------------------------------- SMT-LIB text
_SMT_TOKEN = re.compile(r'\s*(;[^\n]*|\(|\)|\|[^|]*\||"(?:[^"]|"")*"|[^\s()|";]+)')
_FRESH = re.compile(r"^([A-Za-z]+)![0-9]+$")


def _sexpressions(text: str) -> list[_SExpr]:
    """The s-expressions of SMT-LIB text (lists of atoms), comments dropped."""
    stack: list[list[_SExpr]] = [[]]
    position = 0
    while position < len(text):
        match = _SMT_TOKEN.match(text, position)
        if match is None:
            if text[position:].strip():
                raise invalid("smtlib", text[position:position + 40], "is not SMT-LIB")
            break
        position = match.end()
        token = match.group(1)
        if token.startswith(";"):
            continue
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) < 2:
                raise invalid("smtlib", text[:40], "has an unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise invalid("smtlib", text[:40], "has an unbalanced '('")
    return stack[0]


def _inline_lets(node: _SExpr, bound: Mapping[str, _SExpr]) -> _SExpr:
    """The s-expression with every ``let`` replaced by its bindings (the printer's sharing is an accident of
    what else the solver's context holds; the term it stands for is not)."""
    if isinstance(node, str):
        return bound.get(node, node)
    if len(node) == 3 and node[0] == "let" and isinstance(node[1], list):
        inner = dict(bound)
        for name, value in cast("list[tuple[str, _SExpr]]", node[1]):
            inner[name] = _inline_lets(value, bound)
        return _inline_lets(node[2], inner)
    if len(node) == 3 and node[0] in ("forall", "exists", "lambda") and isinstance(node[1], list):
        shadowed = {k: v for k, v in bound.items() if k not in {b[0] for b in node[1] if isinstance(b, list)}}
        return [node[0], node[1], _inline_lets(node[2], shadowed)]
    return [_inline_lets(child, bound) for child in node]


def _rename_fresh(node: _SExpr, names: dict[str, str]) -> _SExpr:
    if isinstance(node, str):
        match = _FRESH.match(node)
        if match:
            if node not in names:
                stem = match.group(1)
                names[node] = f"{stem}!{sum(1 for v in names.values() if v.startswith(stem + '!'))}"
            return names[node]
        return node
    return [_rename_fresh(child, names) for child in node]


def _print_sexpression(node: _SExpr, indent: int = 0, width: int = 100) -> str:
    if isinstance(node, str):
        return node
    flat = "(" + " ".join(_print_sexpression(child, 0, 10**9) for child in node) + ")"
    if len(flat) + indent <= width or len(node) < 2:
        return flat
    head = _print_sexpression(node[0], indent + 1, width)
    pad = " " * (indent + 2)
    return "(" + head + "".join("\n" + pad + _print_sexpression(child, indent + 2, width) for child in node[1:]) + ")"


@functools.lru_cache(maxsize=4096)
def normalised_smtlib(text: str) -> str:
    """SMT-LIB text from z3 made canonical: comments dropped, the printer's ``let`` sharing inlined and its
    generated names (``c!12``) renumbered in order of appearance, one command per line (long ones
    indented), so that one query prints the same whatever else was asked in the process."""
    names: dict[str, str] = {}
    commands = [_rename_fresh(_inline_lets(command, {}), names) for command in _sexpressions(text)
                if not (isinstance(command, list) and command[:2] == ["set-info", ":status"])]
    return "\n".join(_print_sexpression(command) for command in commands) + "\n"


# ------------------------------------------------------------------ steps that cannot fail, repeated steps
_FALSE_GROUND = {"<": lambda a, b: not a < b, "<=": lambda a, b: not a <= b, ">": lambda a, b: not a > b,
                 ">=": lambda a, b: not a >= b, "=": lambda a, b: a != b}


def _numeral(node: _SExpr) -> Fraction | None:
    """The value of an SMT-LIB numeral term (``3``, ``1.5``, ``(- 2)``, ``(/ 1 3)``), or None."""
    if isinstance(node, str):
        try:
            return Fraction(node)
        except (ValueError, ZeroDivisionError):
            return None
    if len(node) == 2 and node[0] == "-":
        inner = _numeral(node[1])
        return None if inner is None else -inner
    if len(node) == 3 and node[0] == "/":
        top, bottom = _numeral(node[1]), _numeral(node[2])
        return None if top is None or not bottom else top / bottom
    return None


def _is_false(node: _SExpr) -> bool:
    """A term false as written: ``false``, ``(not true)``, or a comparison of numerals that fails (``(<= 1 0)``)."""
    if node == "false" or node == ["not", "true"]:
        return True
    if isinstance(node, list) and len(node) == 3 and node[0] in _FALSE_GROUND:
        left, right = _numeral(node[1]), _numeral(node[2])
        return left is not None and right is not None and _FALSE_GROUND[node[0]](left, right)
    return False


def _conjuncts(node: _SExpr) -> list[_SExpr]:
    if isinstance(node, list) and node and node[0] == "and":
        return [c for child in node[1:] for c in _conjuncts(child)]
    return [node]


def _implied(node: _SExpr, hypotheses: list[_SExpr]) -> bool:
    """Whether ``node`` follows from ``hypotheses`` by reading alone: it is one of them, or true, or a
    conjunction of such, a disjunction with one such, an implication whose conclusion is implied once its
    premise is added."""
    if node == "true" or node in hypotheses:
        return True
    if isinstance(node, list) and node:
        if node[0] == "and":
            return all(_implied(child, hypotheses) for child in node[1:])
        if node[0] == "or":
            return any(_implied(child, hypotheses) for child in node[1:])
        if node[0] == "=>" and len(node) == 3:
            return _implied(node[2], hypotheses + _conjuncts(node[1]))
    return False


@functools.lru_cache(maxsize=4096)
def trivial_query(smtlib: str, expected: str = "unsat") -> str | None:
    """Why an ``unsat`` query is unsatisfiable by its text alone, or None: an assertion false as written
    (``(<= 1 0)``: what is left after reductions that were only stated), or the negated goal one of the
    query's own hypotheses (the conclusion assumed). Such a query is decided before any solver runs, so it
    checks nothing; a ``sat`` query is never trivial here."""
    if expected != "unsat":
        return None
    try:
        commands = [_inline_lets(c, {}) for c in _sexpressions(smtlib)]
    except InvalidArgument:
        return None
    asserted = [c[1] for c in commands if isinstance(c, list) and len(c) == 2 and c[0] == "assert"]
    facts = [term for a in asserted for term in _conjuncts(a)]
    if any(_is_false(term) for term in facts):
        return "it asserts a relation between numbers that is false as written"
    for index, term in enumerate(facts):
        if isinstance(term, list) and len(term) == 2 and term[0] == "not":
            others = facts[:index] + facts[index + 1:]
            if _implied(term[1], others):
                return "the statement it negates is one of its own hypotheses"
    return None


def cannot_fail(step: Step) -> str | None:
    """Why ``step`` cannot fail whatever the mathematics (so a machine re-checking it shows nothing), or
    None: an identity or inequality whose two sides are the same expression, a condition or finite check
    whose condition is ``true`` as written (a condition that also asks for integer values checks those), an exact value of a number that is the value itself, an SMT
    query unsatisfiable by its text alone (:func:`trivial_query`)."""
    if isinstance(step, (Identity, Inequality)) and step.lhs == step.rhs:
        return "its two sides are the same expression"
    if (isinstance(step, (Holds, FiniteCheck)) and step.condition == sympy.true
            and not getattr(step, "integers", ())):
        return "its condition is true as written"
    if isinstance(step, ExactValue) and step.expr == step.value:
        return "the expression is the number itself"
    if isinstance(step, SmtQuery):
        return trivial_query(step.smtlib, step.expected)
    return None


def step_key(step: Step) -> str:
    """What makes two steps the same step (the same query, identity, condition ... whatever each says).

    Printing a step's expressions is most of what counting a report's steps costs, and every output counts
    them again; a step is immutable, so its key is printed once and kept on the step (outside its fields:
    equality, hashing and :meth:`Step.to_json` never see it)."""
    known = step.__dict__.get(_KEY)
    if known is not None:
        return known
    data = step.to_json()
    if step.machine_checked:
        data.pop("says", None)
    key = json.dumps(data, sort_keys=True)
    object.__setattr__(step, _KEY, key)
    return key


#: The attribute :func:`step_key` keeps a step's key in.
_KEY = "_step_key"


def settled(steps: Iterable[Step], seen: set[str] | None = None) -> tuple[Step, ...]:
    """``steps`` as a certificate counts and runs them: a machine-checked step that cannot fail
    (:func:`cannot_fail`) becomes a :class:`Stated` step saying why, and a step already in ``seen`` (the
    same query, identity or condition asked again, by another evidence or another reduction) is dropped,
    so each distinct step is run once and counted once. ``seen`` is updated."""
    seen = set() if seen is None else seen
    kept: list[Step] = []
    for step in steps:
        if step.machine_checked:
            why = cannot_fail(step)
            if why is not None:
                step = Stated(f"{step.says} (not machine-checked: {why}, so no check of it could fail)")
        key = step_key(step)
        if key in seen:
            continue
        seen.add(key)
        kept.append(step)
    return tuple(kept)
