"""The points of a stated domain at which the output counts of a finite mechanism are enumerated exactly.

Enumeration is exact (rationals) or certified (balls built from exact rationals), so every entry of the
mechanism must be a rational number at a point. Mechanisms are printed in ε, through ``exp(ε)``,
``e^{ε/2}``: at a rational ε these are irrational. Three pieces make such points usable:

* :class:`ExpChart`: a parameter s that enters the mechanism, the data and the statistic only as
  ``exp(k s)`` (k rational) is enumerated in the coordinate t = exp(s/m), m the least common denominator
  of the k's, so that ``exp(k s) = t^{k m}`` is rational at rational t. The point is the exact real
  s = m·log(t): the evidence shows ``eps = log(3/2)``, never a rounded ε. Forms that use s otherwise (a
  claimed ``eps/2``) are evaluated there exactly, as sympy numbers.
* :func:`holds`: whether a condition of a :class:`core.domain.Domain` holds at such a point, decided
  exactly (sympy on rationals and logarithms) or by a certified ball that excludes 0; a point where it
  cannot be decided is not used.
* :func:`draw`: interior points of a domain from :meth:`core.domain.Domain.sample`, each charted
  parameter snapped to the nearest s = m·log(t) with t a rational of small denominator, kept only when
  it is still interior (and boundary points likewise, from :meth:`~core.domain.Domain.boundary_sample`).

:func:`degenerate` says when a mechanism's output does not depend on its input (every row equal, such
as p = q): support found only there shows nothing about the rest of the domain.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.context import closed_sign
from core.domain import Domain, fraction_function
from core.errors import invalid
from core.exact import as_fraction
from core.formula import as_sympy
from core.types import ExprLike, Values
from numeric.finite_mechanism import rational, symbol

__all__ = ["ExpChart", "charts_for", "holds", "in_domain", "draw", "degenerate", "Case", "fix", "face", "user_value",
           "SNAP_DENOMINATORS"]

#: Denominators tried, in turn, for the rational t = exp(s/m) of a snapped point (small: exact arithmetic
#: stays cheap, and the point reads ``eps = log(7/4)``).
SNAP_DENOMINATORS = (1, 2, 3, 4, 5, 8, 10, 16)
#: Digits of the balls that decide a domain condition sympy leaves open at a point with logarithms (and
#: twice as many, the second precision that confirms the sign).
_DECIDE_DPS = 60


@dataclass(frozen=True)
class ExpChart:
    """``name`` enters only as ``exp(k·name)``; enumerated in t = exp(name/``multiple``)."""

    name: str
    multiple: int

    @property
    def coordinate(self) -> str:
        """The name of t in the enumerated model (no formula can spell it: it holds parentheses)."""
        return f"exp({self.name})" if self.multiple == 1 else f"exp({self.name}/{self.multiple})"

    @property
    def symbol(self) -> sympy.Symbol:
        return symbol(self.coordinate)

    def rewrite(self, expr: sympy.Basic) -> sympy.Basic:
        """``expr`` with every ``exp(k·name)`` replaced by t^(k·multiple); other uses of name are kept."""
        t = self.symbol

        def chartable(e: sympy.Basic) -> bool:
            return isinstance(e, sympy.exp) and _ratio(e.args[0], self.name) is not None

        return expr.replace(chartable, lambda e: t ** int(_ratio(e.args[0], self.name) * self.multiple))

    def through_log(self, expr: sympy.Basic) -> sympy.Basic:
        """``expr`` rewritten, and every remaining use of name replaced by multiple·log(t)."""
        out = self.rewrite(expr)
        return out.xreplace({s: self.multiple * sympy.log(self.symbol) for s in out.free_symbols
                             if s.name == self.name})

    def value(self, t: Fraction) -> sympy.Basic:
        """The exact parameter value at t: multiple·log(t)."""
        return sympy.Integer(self.multiple) * sympy.log(rational(t))

    def t_of(self, value: ExprLike, shown: object) -> Fraction:
        """The rational t = exp(value/multiple) of a user's exact value (``"log(3/2)"``, ``0``); an error
        when it is irrational."""
        exact = as_sympy(value, name=self.name) if not isinstance(value, sympy.Basic) else value
        t = sympy.exp(exact / self.multiple)
        if not t.is_Rational or not t > 0:
            fix = f"give {self.name} as log(r)" + (f" times {self.multiple}" if self.multiple > 1 else "") + \
                  ", r a positive rational, e.g. '" + (f"{self.multiple}*" if self.multiple > 1 else "") + "log(3/2)'"
            raise invalid(self.name, shown, f"makes exp({self.name}"
                          + (f"/{self.multiple}" if self.multiple > 1 else "") + ") irrational, so the mechanism "
                          "cannot be enumerated exactly there", fix)
        return Fraction(int(t.p), int(t.q))


def _ratio(arg: sympy.Basic, name: str) -> Fraction | None:
    """k when ``arg`` is k·name for a rational k."""
    found = [s for s in arg.free_symbols if s.name == name]
    if len(found) != 1 or arg.free_symbols != set(found):
        return None
    k = sympy.cancel(arg / found[0])
    return Fraction(int(k.p), int(k.q)) if k.is_Rational and k != 0 else None


def charts_for(expressions: Iterable[sympy.Basic], names: Iterable[str]) -> dict[str, ExpChart]:
    """A chart for every name of ``names`` that occurs in ``expressions`` only as exp(k·name) with rational
    k (and occurs at least once that way)."""
    exprs = list(expressions)
    out = {}
    for name in names:
        ks = []
        for expr in exprs:
            for e in expr.atoms(sympy.exp):
                if any(s.name == name for s in e.free_symbols):
                    k = _ratio(e.args[0], name)
                    if k is None:
                        ks = None
                        break
                    ks.append(k)
            if ks is None:
                break
        if not ks:
            continue
        chart = ExpChart(name, math.lcm(*(k.denominator for k in ks)))
        if all(not any(s.name == name for s in chart.rewrite(expr).free_symbols) for expr in exprs):
            out[name] = chart
    return out


# ------------------------------------------------------------------------------------------ membership
def _truth(condition: sympy.Basic, values: Mapping[str, sympy.Basic], strict: bool) -> bool | None:
    """Whether ``condition`` holds at exact ``values`` (strictly, for an inequality, when ``strict``);
    ``None`` when it is undefined there or cannot be decided."""
    if condition in (sympy.true, sympy.false):
        return bool(condition)
    subs = {s: values[s.name] for s in condition.free_symbols if s.name in values}
    if len(subs) == len(condition.free_symbols) and condition.is_Relational and \
            all(v.is_Rational for v in subs.values()):
        compiled = _compiled(condition)
        if compiled is not None:  # a rational function at a rational point: decided in Fractions
            try:
                sign_at = compiled({s.name: Fraction(int(v.p), int(v.q)) for s, v in subs.items()})
            except ZeroDivisionError:
                return None
            op = condition.rel_op if not strict else {"<=": "<", ">=": ">"}.get(condition.rel_op, condition.rel_op)
            return {"<": sign_at < 0, "<=": sign_at <= 0, ">": sign_at > 0, ">=": sign_at >= 0, "==": sign_at == 0,
                    "!=": sign_at != 0}[op]
    if len(subs) != len(condition.free_symbols):
        missing = sorted(s.name for s in condition.free_symbols if s.name not in values)
        raise invalid("point", {k: str(v) for k, v in values.items()}, f"gives no value for {missing}")
    if strict and condition.is_Relational and condition.rel_op in ("<=", ">="):
        condition = (sympy.Lt if condition.rel_op == "<=" else sympy.Gt)(condition.lhs, condition.rhs)
    if not condition.is_Relational:  # Or / Not of relations
        parts = [_truth(arg, values, strict) for arg in condition.args]
        if any(p is None for p in parts):
            return None
        return any(parts) if isinstance(condition, sympy.Or) else not parts[0]
    try:
        difference = (condition.lhs - condition.rhs).xreplace(subs)
        if difference.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or difference.free_symbols:
            return None
        sign = _sign(difference)
        if sign is None:  # a ball that does not exclude 0: an exact zero (log(4) - 2*log(2)) or too close
            difference = sympy.simplify(difference)
            sign = 0 if difference == 0 else _sign(difference)
    except (ZeroDivisionError, TypeError, ValueError, ArithmeticError):
        return None
    if sign is None:
        return None
    return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0, "==": sign == 0,
            "!=": sign != 0}[condition.rel_op]


@functools.lru_cache(maxsize=1024)
def _compiled(condition: Any) -> Any:
    return fraction_function(condition.lhs - condition.rhs)


def _sign(value: sympy.Basic) -> int | None:
    """The sign of an exact real number: exactly for rationals, else from certified balls at two
    precisions (:func:`core.context.closed_sign`)."""
    if value.is_zero:
        return 0
    return closed_sign(value, dps=_DECIDE_DPS)[0]


def holds(domain: Domain, values: Values, *, strict: bool = False) -> bool:
    """Whether the exact point ``values`` (Fractions, or sympy numbers such as 2·log(3/2)) lies in
    ``domain`` (in its interior when ``strict``: every inequality strict, and an integer's edge value
    counted as boundary); integers must be integers. Undecidable counts as outside."""
    exact = {k: v if isinstance(v, sympy.Basic) else rational(as_fraction(k, v)) for k, v in values.items()}
    for name in domain.integers:
        if name in exact and not exact[name].is_Integer:
            return False
    return all(_truth(c, exact, strict) is True for c in domain.conditions)


def in_domain(domain: Domain, values: Values) -> tuple[bool, bool]:
    """(in the domain, in its interior)."""
    inside = holds(domain, values)
    return inside, inside and holds(domain, values, strict=True)


# ---------------------------------------------------------------------------------------------- points
@dataclass(frozen=True)
class Case:
    """One point: ``values`` in the enumerated model's coordinates (exact rationals, t for a charted
    parameter), ``shown`` in the user's (exact: ``eps = log(3/2)``), and whether it is ``interior`` to the
    stated domain."""

    values: Mapping[str, Fraction]
    shown: Values
    interior: bool

    def display(self) -> dict[str, Any]:
        """The user's coordinates, rationals as Fractions and other exact numbers as text."""
        return {k: (Fraction(int(v.p), int(v.q)) if isinstance(v, sympy.Basic) and v.is_Rational else
                    str(v) if isinstance(v, sympy.Basic) else v) for k, v in self.shown.items()}


def user_value(name: str, value: ExprLike, charts: Mapping[str, ExpChart]) -> tuple[Fraction, sympy.Basic]:
    """A user's value of ``name``: (the model coordinate, the exact value)."""
    if name in charts:
        t = charts[name].t_of(value, value)
        return t, charts[name].value(t)
    exact = as_fraction(name, value)
    return exact, rational(exact)


def fix(domain: Domain, values: Mapping[str, Fraction]) -> Domain | None:
    """``domain`` with some names fixed to exact values (n at one sample size); ``None`` when a condition
    becomes false."""
    subs = {s: rational(values[s.name]) for c in domain.conditions for s in c.free_symbols if s.name in values}
    kept = []
    for condition in domain.conditions:
        settled = condition.xreplace(subs)
        if settled is sympy.true:
            continue
        if settled is sympy.false:
            return None
        kept.append(settled)
    return Domain(domain.text, tuple(kept), domain.integers - set(values))


def face(domain: Domain) -> Domain | None:
    """``domain`` with each equality ``name == rational`` substituted into its other conditions (``None``
    when one becomes false). On the face ``c0 == 0`` of ``0 <= c0 <= n`` the condition ``0 <= c0`` is then
    gone rather than met with equality at every point, so the face's own interior is what counts."""
    fixed: dict[str, Fraction] = {}
    equalities = []
    for c in domain.conditions:
        if c.is_Relational and c.rel_op == "==":
            for sym, value in ((c.lhs, c.rhs), (c.rhs, c.lhs)):
                if sym.is_Symbol and value.is_Rational:
                    fixed[sym.name] = Fraction(int(value.p), int(value.q))
                    equalities.append(c)
                    break
    if not fixed:
        return domain
    rest = fix(Domain(domain.text, tuple(c for c in domain.conditions if c not in equalities), domain.integers), fixed)
    if rest is None:
        return None
    return Domain(domain.text, rest.conditions + tuple(equalities), domain.integers)


def _snap(value: Fraction, chart: ExpChart, attempt: int) -> Fraction | None:
    """A rational t near exp(value/multiple), of a small denominator (varied with ``attempt``)."""
    if value == 0:
        return Fraction(1)
    try:
        target = math.exp(float(value) / chart.multiple)  # only a guide: the point used is exact
    except OverflowError:
        return None
    denominator = SNAP_DENOMINATORS[attempt % len(SNAP_DENOMINATORS)]
    t = Fraction(round(target * denominator), denominator)
    return t if t > 0 else None


def draw(domain: Domain, names: Sequence[str], charts: Mapping[str, ExpChart], *, interior: int, boundary: int,
         fixed: Mapping[str, Fraction], seed: int = 0, judge: Domain | None = None,
         shown: Mapping[str, Fraction] | None = None, rounded: Sequence[str] = ()) -> list[Case]:
    """Up to ``interior`` interior and ``boundary`` boundary points of ``domain`` for ``names`` (with
    ``fixed`` values, such as n), charted parameters snapped to exact s = m·log(t). A point's interior is
    judged against ``judge`` (default ``domain``) with ``fixed`` and ``shown`` (sizes fixed elsewhere, such
    as d = 3, which are shown with the point). ``rounded`` names integers (numbers of respondents) that are
    drawn as reals and rounded: at n = 1 the interior of ``0 <= c0 <= n`` has no integer, and its boundary
    points c0 = 0, 1 are found this way. Deterministic."""
    out: list[Case] = []
    free = [n for n in names if n not in fixed]
    sampler = Domain(domain.text, domain.conditions, domain.integers - set(rounded)) if rounded else domain
    for want, strict in ((interior, True), (boundary, False)):
        if want <= 0:
            continue
        sample = sampler.sample if strict else sampler.boundary_sample
        if not sample(1, seed=seed, symbols=free):  # an empty interior (0 <= k <= n at n = 1, k integer):
            continue                                 # the full search would try hundreds of candidates per point
        raw = sample(want + want // 2, seed=seed, symbols=free)  # a margin for points that snapping moves out
        taken = 0
        for attempt, point in enumerate(raw):
            point = {k: Fraction(round(v)) if k in rounded else v for k, v in point.items()}
            case = _case(domain, point, names, charts, fixed, attempt, judge, shown or {})
            if case is None or any(case.values == c.values for c in out):
                continue
            out.append(case)
            taken += case.interior == strict
            if taken >= want:
                break
    return out


def _case(domain: Domain, point: Mapping[str, Fraction], names: Sequence[str], charts: Mapping[str, ExpChart],
          fixed: Mapping[str, Fraction], attempt: int, judge: Domain | None,
          sizes: Mapping[str, Fraction]) -> Case | None:
    values: dict[str, Fraction] = {}
    shown: dict[str, sympy.Basic] = {}
    for name in names:
        if name in fixed:
            values[name], shown[name] = fixed[name], rational(fixed[name])
        elif name in charts:
            t = _snap(point[name], charts[name], attempt)
            if t is None:
                return None
            values[charts[name].coordinate], shown[name] = t, charts[name].value(t)
        else:
            values[name], shown[name] = point[name], rational(point[name])
    everything = {**shown, **{k: rational(v) for k, v in fixed.items()}}
    inside, interior = in_domain(domain, everything)
    if inside and judge is not None and judge is not domain:
        interior = in_domain(judge, {**everything, **{k: rational(v) for k, v in sizes.items()}})[1]
    shown = {**{k: rational(v) for k, v in sizes.items()}, **shown}
    return Case(values, shown, interior) if inside else None


def degenerate(matrix: Sequence[Sequence[Fraction]]) -> bool:
    """Whether every row of a mechanism at a point is the same: the output does not depend on the input
    (p = q in randomized response, ε = 0)."""
    return all(row == matrix[0] for row in matrix[1:])
