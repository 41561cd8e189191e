"""``check_approximation``: an approximation stated as printed ("Var ≈ … when c0 is small"), checked as an
approximation, never as an equality.

    check_approximation("<exact>", "<approximation>", regime="c0 -> 0", domain="eps > 0, d >= 2, 0 <= c0 <= n")

The claim "exact ≈ approx as v → a" is read as: the relative error (exact − approx)/exact tends to 0 as
v → a, at every point of the stated domain (the other parameters fixed); with ``order="c0"`` it is read as
"the relative error is O(order)" (its ratio to ``order`` stays bounded). ``regime`` is ``"v -> a"`` with a a
number, or ``oo``; ``v`` may be a parameter that enters only through ``exp(k·v)`` (``eps -> 0``), which
is charted t = exp(v/m) → exp(a/m) (:class:`numeric.count_points.ExpChart`).

Evidence, inside the one verdict rule (:func:`proofs.base.verdict.decide`):

* **symbolic** (the limit): the remainder R = exact − approx in closed form, and the relative error
  R/exact as a rational function of h (v = a + h, or v = 1/h for oo) with coefficients in the other
  parameters. Its order in h is compared with the claimed one: ``proved`` when the numerator's
  coefficients vanish identically up to the denominator's first non-zero one, and that coefficient is a
  non-zero constant or is decided non-zero on the domain (by the sign engine); ``counterexample`` when a
  coefficient that should vanish does not, at an exact point of the domain where the limit is then a
  non-zero number (or infinite), re-checked exactly; ``inconclusive`` otherwise (a form that is not
  rational in v after charting). The detail says "holds as an approximation: …" with what was proved.
* **interval** (the table): the relative error in certified balls (:func:`core.context.arb`) at interior
  points of the domain, along a sequence of v approaching a; ``holds`` when its size does not grow along
  the sequence at every point (a finite table never refutes a limit: only the symbolic check does).
* with ``sign=`` (a claim about the remainder's sign, such as "the approximation never overestimates"):
  R sign 0 on the domain is decided by :func:`proofs.engines.sign.check_sign` and joined to the symbolic
  evidence, which is then ``proved`` only when both the limit and the sign are.

When the relative error is not rational in the variable (``log`` of t = exp(eps)), its leading term comes
from sympy's series expansion: decisive alone when no other parameter remains, and otherwise only for a
counterexample at an exact point of the domain.

An approximation is never compared with the exact value for equality: a non-zero remainder is what an
approximation has.

No verdict without a domain (:mod:`proofs.engines.domains`): an empty stated domain makes the claim vacuous
(``inconclusive``); a proof needs every denominator of exact, approx and order decided non-zero on the
domain (else ``inconclusive``, naming the point); a counterexample is taken only at a point where every
condition of the domain holds for all values of the variable close enough to the regime. Proofs and
counterexamples carry machine-checked steps for a certificate: the relative error as h^j N1(h)/D1(h) with
D1(0) non-zero on the domain, or its limit at the counterexample.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import sympy

from core.context import arb
from core.domain import Domain, DomainLike
from core.types import ExprLike, Values
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy, parse_formula
from numeric.count_points import Case, charts_for, draw, in_domain, rational
from numeric.families import Family
from numeric.finite_mechanism import symbol
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Holds, Identity, Stated, Step
from proofs.base.verdict import Status, Verdict
from proofs.engines.domains import emptiness, plain, undefined_at, vacuous_evidence
from proofs.engines.sign import check_sign
from proofs.engines.sign.limits import honours_timeout
from proofs.engines.validity import decide_sign

__all__ = ["check_approximation", "validate_approximation", "ApproximationVerdict", "Regime", "TABLE_STEPS", "TABLE_POINTS", "MAX_DEGREE"]

#: points of the other parameters at which the relative-error table is computed
TABLE_POINTS = 3
#: values of the variable along its approach
TABLE_STEPS = 5
#: largest degree in h of the relative error's numerator or denominator handled (beyond it: inconclusive)
MAX_DEGREE = 60
#: digits of the table's balls
_TABLE_DPS = 30
_SYMPY_FAILURES = (sympy.PolynomialError, sympy.polys.polyerrors.BasePolynomialError, NotImplementedError,
                   TypeError, ValueError, ArithmeticError, AttributeError, RecursionError)


@dataclass(frozen=True)
class Regime:
    """``variable -> target`` (``target`` a rational, or ``oo``)."""

    variable: str
    target: Fraction | None  # None: infinity

    @classmethod
    def parse(cls, text: object) -> "Regime":
        if not isinstance(text, str):
            raise invalid("regime", text, "must be a string such as 'c0 -> 0', 'n -> oo' or 'eps -> 0'")
        match = re.fullmatch(r"\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:->|→)\s*(.+?)\s*", text)
        if not match:
            raise invalid("regime", text, "is not 'variable -> value'", "write 'c0 -> 0', 'n -> oo' or 'eps -> 0'")
        name, target = match.groups()
        if target.replace(" ", "") in ("oo", "+oo", "infinity", "∞"):
            return cls(name, None)
        value = parse_formula(target, name="regime")
        if not value.is_Rational:
            raise invalid("regime", text, f"the value {target!r} is not a rational number or oo")
        return cls(name, Fraction(int(value.p), int(value.q)))

    def __str__(self) -> str:
        return f"{self.variable} -> {'oo' if self.target is None else self.target}"


@dataclass(frozen=True)
class ApproximationVerdict(Verdict):
    """A :class:`~proofs.base.verdict.Verdict` with the approximation's summary."""

    @property
    def summary(self) -> str:
        """"holds as an approximation: …" (proved or supported), else what was found."""
        text = next((e.detail.get(Detail.STATEMENT) for e in self.evidence if Detail.STATEMENT in e.detail), "")
        if self.status in (Status.PROVED, Status.SUPPORTED):
            return f"holds as an approximation: {text}"
        if self.status is Status.REFUTED:
            return f"not an approximation in this regime: {text}"
        return f"undecided: {text}"

    @property
    def remainder(self) -> str | None:
        return next((e.detail.get(Detail.REMAINDER) for e in self.evidence if Detail.REMAINDER in e.detail), None)


def _read(value: Any, name: str, symbols: Mapping[str, sympy.Symbol]) -> sympy.Basic:
    expr = as_sympy(value, symbols=symbols, name=name)
    if not isinstance(expr, sympy.Expr):
        raise invalid(name, value, "is not an expression")
    if expr.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
        raise invalid(name, value, "contains an infinity or NaN")
    return expr.xreplace({s: symbol(s.name) for s in expr.free_symbols})


class _Problem:
    """The parsed claim: both sides, the regime, the domain, and the chart of an exp-only variable."""

    def __init__(self, exact: ExprLike, approx: ExprLike, regime: object, domain: DomainLike, order: ExprLike | None,
                 symbols: Sequence[str], mechanism: Family | None = None):
        self.regime = Regime.parse(regime)
        known = {name: symbol(name) for name in (*symbols, self.regime.variable)}
        self.domain = Domain.parse(domain, symbols=_domain_symbols(domain, known)) if domain is not None \
            else Domain.parse(None)
        known.update({name: symbol(name) for name in self.domain.names})
        named = {}
        if mechanism is not None:
            if not isinstance(mechanism, Family):
                raise invalid("mechanism", mechanism, "must be a mechanism family (proofs.mechanisms)",
                              "its named probabilities (p, q, B) can then be used in the formulas")
            named = {symbol(k): v for k, v in mechanism.named.items()}
            self.domain = mechanism.domain & self.domain if self.domain.conditions else mechanism.domain
        self.exact = _read(exact, "exact", known).xreplace(named)
        self.approx = _read(approx, "approx", known).xreplace(named)
        self.order = None if order is None else _read(order, "order", known).xreplace(named)
        names = {s.name for e in (self.exact, self.approx) for s in e.free_symbols}
        if self.regime.variable not in names:
            raise invalid("regime", str(self.regime), f"{self.regime.variable!r} appears in neither side")
        unknown = sorted(self.domain.names - names - {self.regime.variable})
        self.names = tuple(sorted(names | set(self.domain.names)))
        self.unused = unknown
        self.remainder = self.exact - self.approx
        self.relative = self.remainder / self.exact
        exprs = [self.exact, self.approx] + ([self.order] if self.order is not None else [])
        self.charts = charts_for(exprs, self.names)

    def charted(self, expr: sympy.Basic) -> sympy.Basic:
        for chart in self.charts.values():
            expr = chart.through_log(expr)
        return expr

    @property
    def coordinate(self) -> sympy.Symbol:
        name = self.regime.variable
        return self.charts[name].symbol if name in self.charts else symbol(name)

    @property
    def coordinate_target(self) -> sympy.Basic | None:
        """Where the chart coordinate of the variable goes (t = exp(v/m) → exp(a/m))."""
        name, target = self.regime.variable, self.regime.target
        if target is None:
            return None
        if name in self.charts:
            return sympy.exp(rational(target) / self.charts[name].multiple)
        return rational(target)


def _domain_symbols(domain: DomainLike, known: Mapping[str, sympy.Symbol]) -> dict[str, sympy.Symbol]:
    names = set(known)
    if isinstance(domain, str):
        names |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", domain)) - {"integer", "integers", "in", "and", "or",
                                                                          "not"}
    return {name: symbol(name) for name in names}


# ------------------------------------------------------------------------------------------------- limit
def _in_h(problem: _Problem, expr: sympy.Basic) -> tuple[sympy.Poly, sympy.Poly, sympy.Symbol] | None:
    """``expr`` (charted) as numerator/denominator polynomials in h, v = a + h (or 1/h); ``None`` when it is
    not a rational function of the variable's coordinate."""
    h = sympy.Symbol("_h", positive=True)
    x = problem.coordinate
    target = problem.coordinate_target
    charted = problem.charted(expr)
    replaced = charted.xreplace({x: (target + h) if target is not None else 1 / h})
    numerator, denominator = sympy.fraction(sympy.together(replaced))
    numerator, denominator = sympy.expand(numerator), sympy.expand(denominator)
    if not (numerator.is_polynomial(h) and denominator.is_polynomial(h)):
        return None
    top, bottom = sympy.Poly(numerator, h), sympy.Poly(denominator, h)
    if max(top.degree(), bottom.degree()) > MAX_DEGREE:
        return None
    return top, bottom, h


def _lowest(poly: sympy.Poly) -> list[tuple[int, sympy.Basic]]:
    """(power, coefficient) from the lowest power of h up, coefficients simplified (rational functions)."""
    terms = sorted(((m[0], sympy.cancel(c)) for m, c in poly.terms()), key=lambda t: t[0])
    return [(k, c) for k, c in terms if c != 0]


def _limit_evidence(problem: _Problem, timeout: float, start: float) -> tuple[Evidence, str]:
    """The symbolic evidence on the relative error's order in h (see the module docstring)."""
    regime = str(problem.regime)
    target = problem.order
    claim = (f"the relative error (exact - approx)/exact is O({target})" if target is not None
             else "the relative error (exact - approx)/exact tends to 0") + f" as {regime}"
    where = f"{claim}, at every point of the stated domain {problem.domain.text or 'all values'!r}"
    remainder = _shown(sympy.simplify(problem.remainder) if _small(problem.remainder) else problem.remainder)
    detail: dict[str, Any] = {Detail.REMAINDER: remainder, Detail.CLAIM: claim}
    try:
        expr = problem.relative if target is None else problem.relative / target
        split = _in_h(problem, expr)
        if split is None:
            return _series_evidence(problem, expr, claim, where, detail, start)
        top, bottom, h = split
        low_top, low_bottom = _lowest(top), _lowest(bottom)
    except InvalidArgument:
        raise
    except _SYMPY_FAILURES as failure:
        detail["note"] = f"sympy could not complete the expansion: {type(failure).__name__}: {str(failure)[:200]}"
        detail[Detail.STATEMENT] = f"{claim} (undecided)"
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, where, detail, seconds=time.perf_counter() - start), claim
    if not low_bottom:
        raise invalid("exact", str(problem.exact), "is identically 0: a relative error is undefined")
    power, leading = low_bottom[0]
    need = power + (1 if target is None else 0)  # the numerator's order must exceed (or reach, for O()) this
    offending = [(k, c) for k, c in low_top if k < need]
    leading_text = _shown(leading)
    detail["relative error near the regime"] = (
        f"order {low_top[0][0] - power if low_top else 'infinity'} in h, where "
        + (f"{problem.regime.variable} = {problem.regime.target} + h" if problem.regime.target is not None
           else f"{problem.regime.variable} = 1/h")
        + (" (through t = exp(" + problem.regime.variable + "))" if problem.regime.variable in problem.charts else ""))
    if not offending:
        nonzero, how = _nonzero(problem, leading, timeout)
        detail["denominator's leading coefficient"] = f"{leading_text}: {how}"
        statement = f"{claim}, for every point of the domain" + ("" if nonzero else " where " + leading_text + " != 0")
        detail[Detail.STATEMENT] = statement
        outcome = Outcome.PROVED if nonzero else Outcome.INCONCLUSIVE
        steps = _proof_steps(problem, expr, top, bottom, h, power, need, leading, timeout) if nonzero else ()
        return Evidence(Method.SYMBOLIC, outcome, where, detail, seconds=time.perf_counter() - start,
                        steps=steps), statement
    k, coefficient = offending[0]
    point = _witness(problem, [coefficient, leading])
    if point is None:
        detail["note"] = (f"the coefficient of h^{k} in the numerator, {_shown(coefficient)}, does not vanish "
                          "identically, but no exact point of the domain was found where it is non-zero")
        detail[Detail.STATEMENT] = f"{claim} (undecided)"
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, where, detail, seconds=time.perf_counter() - start), claim
    values, shown = point
    at = {symbol(name): rational(v) for name, v in values.items()}
    top_value = sympy.cancel(coefficient.xreplace(at))
    bottom_value = sympy.cancel(leading.xreplace(at))
    limit = (top_value / bottom_value) if k == power else sympy.zoo
    at = ", ".join(f"{a} = {b}" for a, b in shown.items())
    where_at = f"at {at} " if at else ""
    statement = (f"{where_at}the relative error tends to {'infinity' if limit is sympy.zoo else _shown(limit)}, not 0"
                 if target is None else f"{where_at}the relative error over {target} is unbounded")
    detail[Detail.STATEMENT] = statement
    counterexample = {**{a: str(b) for a, b in shown.items()}, "regime": str(problem.regime),
                      "limit of the relative error" if target is None else "limit of the ratio":
                      "oo" if limit is sympy.zoo else _shown(limit), "relation": "limit != 0" if target is None
                      else "ratio unbounded"}
    recheck = Recheck.EXACT if (limit is sympy.zoo or limit.is_Rational) else Recheck.TWO_PRECISIONS
    steps = _refutation_steps(problem, expr, h, k, power, values, limit)
    return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, where, detail, counterexample=counterexample,
                    recheck=recheck, seconds=time.perf_counter() - start, steps=steps), statement


# ------------------------------------------------------------------------------------------------- steps
def _variable_text(problem: _Problem) -> str:
    name, target = problem.regime.variable, problem.regime.target
    chart = problem.charts.get(name)
    where = f"{name} = {target} + h" if target is not None else f"{name} = 1/h"
    if chart is not None:
        where = f"the coordinate t = exp({name}/{chart.multiple}) of {name} is {sympy.sstr(problem.coordinate_target)} + h"
    return where


def _charts_stated(problem: _Problem) -> list[Step]:
    return [Stated(f"the symbol named {c.coordinate!r} stands for {c.coordinate}, a change of variable under which "
                   "the formulas are rational") for c in problem.charts.values()]


def _proof_steps(problem: _Problem, expr: sympy.Basic, top: sympy.Poly, bottom: sympy.Poly, h: sympy.Symbol,
                 power: int, need: int, leading: sympy.Basic, timeout: float) -> tuple[Step, ...]:
    """The relative error (over the order) at the regime + h is h^j N1(h)/D1(h) with polynomials N1, D1, j >= 1
    (j >= 0 for an order) and D1(0) the leading coefficient, non-zero on the domain; so it tends to 0 (stays
    bounded). ``()`` when a step does not reduce."""
    try:
        replaced, _ = _h_form(problem, expr)
        n1 = sympy.expand(sympy.cancel(top.as_expr() / h ** need))
        d1 = sympy.expand(sympy.cancel(bottom.as_expr() / h ** power))
        if not (n1.is_polynomial(h) and d1.is_polynomial(h)):
            return ()
        j = need - power
        what = "the relative error (exact - approx)/exact" + (f" over {problem.order}" if problem.order is not None else "")
        steps: list[Step] = [
            Identity(f"{what} at {_variable_text(problem)} is h^{j} N1(h)/D1(h), N1 and D1 polynomials in h",
                     replaced, h ** j * n1 / d1, "cancel"),
            Identity("D1 at h = 0 is the denominator's leading coefficient", sympy.Subs(d1, h, 0), leading, "cancel")]
        if leading.is_number:
            steps.append(Holds("the leading coefficient is not 0", sympy.Ne(leading, 0, evaluate=False), {}))
        else:
            domain, (asked,) = plain(problem.domain, [_user(problem, leading)])
            answer = decide_sign(asked, domain, sign="!=0", timeout=timeout,
                                 symbols=sorted({x.name for x in asked.free_symbols} | set(domain.names)))
            if answer.outcome != "proved":
                return ()
            steps += [Stated("the leading coefficient is not 0 on the domain:"),
                      *(answer.steps or (Stated("decided by the sign engine (no record)", unchecked=True),))]
        steps.append(Stated("N1/D1 is continuous at h = 0, where D1 is not 0, so it is bounded near h = 0; "
                            + (f"times h^{j} with j = {j} >= 1 it tends to 0" if problem.order is None else
                               f"times h^{j} (j = {j} >= 0) it stays bounded: the relative error is O(order)")
                            + f" as {problem.regime}"))
        steps += _charts_stated(problem)
        if not all(step.check() for step in steps if step.machine_checked):
            return ()
        return tuple(steps)
    except (InvalidArgument, *_SYMPY_FAILURES):
        return ()


def _refutation_steps(problem: _Problem, expr: sympy.Basic, h: sympy.Symbol, k: int, power: int,
                      values: Mapping[str, Fraction], limit: sympy.Basic) -> tuple[Step, ...]:
    """At the point: it lies in the domain with the variable near the regime, and the relative error's limit
    there (a rational function of h) is ``limit`` (not 0), or infinite. ``()`` when a step does not check."""
    try:
        at = {symbol(name): rational(v) for name, v in values.items()}
        replaced, _ = _h_form(problem, expr)
        local = sympy.cancel(sympy.together(replaced.xreplace(at)))
        if local.free_symbols - {h}:
            return ()
        steps: list[Step] = []
        case = Case(dict(values), {k_: rational(v) for k_, v in values.items()}, True)
        near = _approach(problem, case)
        if problem.domain.conditions and near:
            coordinate, exact = near[-1]
            name = problem.regime.variable
            shown = {**{str(k_): rational(v) for k_, v in _user_point(problem, values).items()}, name: exact}
            steps.append(Holds(f"the point, with {name} = {exact} near the regime, lies in the stated domain",
                               sympy.And(*problem.domain.conditions), shown,
                               tuple(sorted(n for n in problem.domain.integers if n in shown))))
        what = "the relative error (exact - approx)/exact" + (f" over {problem.order}" if problem.order is not None else "")
        if limit is sympy.zoo:
            steps.append(Identity(f"at the point, {what} at {_variable_text(problem)}: its reciprocal tends to 0 "
                                  "as h -> 0+ (so it is unbounded)", sympy.Limit(1 / local, h, 0, "+"), sympy.Integer(0),
                                  "cancel"))
        else:
            steps.append(Identity(f"at the point, {what} at {_variable_text(problem)} tends to {limit} as h -> 0+",
                                  sympy.Limit(local, h, 0, "+"), limit, "cancel"))
            steps.append(Holds("that limit is not 0", sympy.Ne(limit, 0, evaluate=False), {}))
        if problem.domain.conditions:
            steps.append(Stated(f"every condition of the domain holds at the point for all values of "
                                f"{problem.regime.variable} close enough to the regime on that side (leading terms)"))
        steps += _charts_stated(problem)
        if not all(step.check() for step in steps if step.machine_checked):
            return ()
        return tuple(steps)
    except (InvalidArgument, *_SYMPY_FAILURES):
        return ()


def _series_steps(problem: _Problem, form: sympy.Basic, h: sympy.Symbol, to_zero: bool) -> tuple[Step, ...]:
    """A relative error in h alone (no other parameter): its limit as h -> 0+ is 0 (``to_zero``), or, for an
    order, the limit of the ratio is finite. ``()`` when the step does not check."""
    try:
        what = "the relative error (exact - approx)/exact" + (f" over {problem.order}" if problem.order is not None else "")
        if to_zero:
            steps: list[Step] = [Identity(f"{what} at {_variable_text(problem)} tends to 0 as h -> 0+",
                                          sympy.Limit(form, h, 0, "+"), sympy.Integer(0), "simplify")]
        else:
            limit = sympy.limit(form, h, 0, "+")
            if not limit.is_finite:
                return ()
            steps = [Identity(f"{what} at {_variable_text(problem)} has the finite limit {limit} as h -> 0+",
                              sympy.Limit(form, h, 0, "+"), limit, "simplify")]
        return _checked_with_charts(problem, steps)
    except (InvalidArgument, *_SYMPY_FAILURES):
        return ()


def _checked_with_charts(problem: _Problem, steps: list[Step]) -> tuple[Step, ...]:
    """``steps`` with the charts and the regime's reach stated after them, or nothing when one of them does not
    check here (a step that fails now would fail in the certificate too)."""
    steps = [*steps, *_charts_stated(problem)]
    if problem.domain.conditions:
        steps.append(Stated(f"the stated domain {problem.domain.text!r} contains values of "
                            f"{problem.regime.variable} arbitrarily close to the regime"))
    if not all(step.check() for step in steps if step.machine_checked):
        return ()
    return tuple(steps)


def _series_refutation_steps(problem: _Problem, form: sympy.Basic, h: sympy.Symbol) -> tuple[Step, ...]:
    """A relative error in h alone whose limit as h -> 0+ is not 0 (or, for an order, is infinite)."""
    try:
        what = "the relative error (exact - approx)/exact" + (f" over {problem.order}" if problem.order is not None else "")
        limit = sympy.limit(form, h, 0, "+")
        if limit.is_finite and problem.order is None and limit != 0:
            steps: list[Step] = [Identity(f"{what} at {_variable_text(problem)} tends to {limit} as h -> 0+",
                                          sympy.Limit(form, h, 0, "+"), limit, "simplify"),
                                 Holds("that limit is not 0", sympy.Ne(limit, 0, evaluate=False), {})]
        elif limit.is_finite is False or limit in (sympy.oo, -sympy.oo, sympy.zoo):
            steps = [Identity(f"the reciprocal of {what} at {_variable_text(problem)} tends to 0 as h -> 0+ (it is "
                              "unbounded)", sympy.Limit(1 / form, h, 0, "+"), sympy.Integer(0), "simplify")]
        else:
            return ()
        return _checked_with_charts(problem, steps)
    except (InvalidArgument, *_SYMPY_FAILURES):
        return ()


def _user_point(problem: _Problem, values: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Coordinates (t of a chart) back to the user's values (eps = m log t), exact."""
    out = {}
    by_coordinate = {c.coordinate: c for c in problem.charts.values()}
    for name, value in values.items():
        chart = by_coordinate.get(name)
        out[chart.name if chart else name] = chart.value(value) if chart else rational(value)
    return out


def _h_form(problem: _Problem, expr: sympy.Basic) -> tuple[sympy.Basic, sympy.Symbol]:
    h = sympy.Symbol("_h", positive=True)
    target = problem.coordinate_target
    return problem.charted(expr).xreplace({problem.coordinate: (target + h) if target is not None else 1 / h}), h


def _leading(expr: sympy.Basic, h: sympy.Symbol) -> tuple[sympy.Basic, sympy.Basic]:
    """(coefficient, exponent) of the leading term of ``expr`` as h -> 0+ (sympy's series)."""
    term = sympy.simplify(expr).as_leading_term(h)
    coefficient, exponent = term.as_coeff_exponent(h)
    return sympy.simplify(coefficient), exponent


def _series_evidence(problem: _Problem, expr: sympy.Basic, claim: str, where: str, detail: dict[str, Any],
                     start: float) -> tuple[Evidence, str]:
    """A relative error that is not rational in the variable (a logarithm of t = exp(eps), a square root):
    its leading term from sympy's series expansion. With no other parameter this decides the limit; with
    others, a proof would need the expansion uniform in them, so only a counterexample (an exact point of
    the domain where the expansion, taken there, does not vanish) is decisive."""
    bound = 0 if problem.order is None else None  # for O(order): the ratio's exponent must be >= 0
    form, h = _h_form(problem, expr)
    if sympy.count_ops(form) > 400:
        detail["note"] = "the relative error is not rational in the variable and too large to expand"
        detail[Detail.STATEMENT] = f"{claim} (undecided)"
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, where, detail, seconds=time.perf_counter() - start), claim
    if not (form.free_symbols - {h}):
        coefficient, exponent = _leading(form, h)
        good = exponent > 0 if bound is not None else exponent >= 0
        detail["leading term (series)"] = f"{_shown(coefficient)}*h**{exponent}"
        if good:
            statement = f"{claim} (the relative error is of order h^{exponent}; series expansion)"
            detail[Detail.STATEMENT] = statement
            return Evidence(Method.SYMBOLIC, Outcome.PROVED, where, detail, seconds=time.perf_counter() - start,
                            steps=_series_steps(problem, form, h, bound is not None)), statement
        if not _near(problem, Case({}, {}, True)):
            detail["note"] = "the stated domain has no value of the variable near the regime"
            detail[Detail.STATEMENT] = f"{claim} (undecided)"
            return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, where, detail,
                            seconds=time.perf_counter() - start), claim
        found, statement = _series_refuted(problem, {}, {}, coefficient, exponent, claim, where, detail, start)
        return replace(found, steps=_series_refutation_steps(problem, form, h)), statement
    variable = problem.regime.variable
    names = [n for n in problem.names if n != variable]
    charts = {k: v for k, v in problem.charts.items() if k != variable}
    for case in draw(_without(problem.domain, variable), names, charts, interior=6, boundary=0, fixed={}, seed=11):
        if not _near(problem, case):
            continue  # the whole domain has no value of the variable near the regime at this point
        at = {symbol(k): rational(v) for k, v in case.values.items()}
        coefficient, exponent = _leading(form.xreplace(at), h)
        if (exponent <= 0 if bound is not None else exponent < 0) and coefficient != 0:
            return _series_refuted(problem, case.values, case.display(), coefficient, exponent, claim, where, detail,
                                   start)
    detail["note"] = ("the relative error is not rational in the variable; at sampled points of the domain its "
                      "expansion vanishes in the regime, but a proof for every point needs a uniform expansion")
    detail[Detail.STATEMENT] = f"{claim} (undecided for every point; see the table)"
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, where, detail, seconds=time.perf_counter() - start), claim


def _series_refuted(problem: _Problem, values: Mapping[str, Fraction], shown: Values, coefficient: sympy.Basic,
                    exponent: sympy.Basic, claim: str, where: str, detail: dict[str, Any],
                    start: float) -> tuple[Evidence, str]:
    limit = coefficient if exponent == 0 else sympy.zoo
    at = ", ".join(f"{a} = {b}" for a, b in shown.items())
    statement = (f"{'at ' + at + ' ' if at else ''}the relative error tends to "
                 f"{'infinity' if limit is sympy.zoo else _shown(limit)}, not 0" if problem.order is None else
                 f"{'at ' + at + ' ' if at else ''}the relative error over {problem.order} is unbounded")
    detail[Detail.STATEMENT] = statement
    counterexample = {**{a: str(b) for a, b in shown.items()}, "regime": str(problem.regime),
                      "leading term": f"{_shown(coefficient)}*h**{exponent}",
                      "relation": "limit != 0" if problem.order is None else "ratio unbounded"}
    recheck = Recheck.EXACT if (limit is sympy.zoo or limit.is_Rational) else Recheck.TWO_PRECISIONS
    return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, where, detail, counterexample=counterexample,
                    recheck=recheck, seconds=time.perf_counter() - start), statement


def _small(expr: sympy.Basic) -> bool:
    return sympy.count_ops(expr) <= 200


def _shown(expr: sympy.Basic) -> str:
    return sympy.sstr(expr)


def _nonzero(problem: _Problem, coefficient: sympy.Basic, timeout: float) -> tuple[bool, str]:
    """Whether a coefficient (in the charted coordinates) is non-zero on the whole domain."""
    if coefficient.is_number:
        return coefficient != 0, "a non-zero constant" if coefficient != 0 else "zero"
    back = _user(problem, coefficient)
    try:
        verdict = check_sign(back, problem.domain.constraints(), sign="!=0", integers=sorted(problem.domain.integers),
                             timeout=timeout, symbols=list(problem.names))
    except InvalidArgument as refused:
        return False, f"not decided non-zero ({refused})"
    if verdict.status is Status.PROVED:
        return True, "decided non-zero on the domain (sign engine)"
    return False, f"not decided non-zero on the domain (sign engine: {verdict.status.value}, {verdict.reason})"


def _user(problem: _Problem, expr: sympy.Basic) -> sympy.Basic:
    back = {c.symbol: sympy.exp(symbol(c.name) / c.multiple) for c in problem.charts.values()}
    return expr.xreplace(back) if back else expr


def _witness(problem: _Problem, coefficients: Sequence[sympy.Basic]) -> tuple[dict, dict] | None:
    """An exact interior point of the domain (the variable aside) where every coefficient is non-zero:
    (the coordinates, the user's values)."""
    variable = problem.regime.variable
    names = [n for n in problem.names if n != variable]
    domain = _without(problem.domain, variable)
    for case in draw(domain, names, {k: v for k, v in problem.charts.items() if k != variable}, interior=24,
                     boundary=0, fixed={}, seed=7):
        at = {symbol(k): rational(v) for k, v in case.values.items()}
        if all(sympy.cancel(c.xreplace(at)) != 0 for c in coefficients) and _near(problem, case):
            return dict(case.values), case.display()
    return None


def _near(problem: _Problem, case: Case) -> bool:
    """Whether, at the case's values of the other parameters, every condition of the whole domain holds for
    all values of the variable close enough to the regime on one side (v = a + h or a - h, or v = 1/h for
    oo, every small h > 0): each condition's two sides differ there by a leading term whose sign decides it."""
    variable = problem.regime.variable
    h = sympy.Symbol("_h", positive=True)
    target = problem.regime.target
    sides = [1 / h] if target is None else [rational(target) + h, rational(target) - h]
    values = {symbol(k): v for k, v in case.shown.items()}
    involved = [c for c in problem.domain.conditions if variable in {x.name for x in c.free_symbols}]
    others = [c for c in problem.domain.conditions if c not in involved]
    if not all(_settled(c.xreplace(values)) is True for c in others):
        return False
    for side in sides:
        if all(_holds_near(c.xreplace(values).xreplace({symbol(variable): side}), h) for c in involved):
            return True
    return False


def _settled(condition: sympy.Basic) -> bool | None:
    if condition in (sympy.true, sympy.false):
        return bool(condition)
    if condition.is_Relational and not condition.free_symbols:
        sign = _sign(condition.lhs - condition.rhs)
        if sign is None:
            return None
        return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0, "==": sign == 0,
                "!=": sign != 0}[condition.rel_op]
    return None


def _sign(value: sympy.Basic) -> int | None:
    value = sympy.simplify(value)
    if value.is_zero:
        return 0
    if value.is_positive:
        return 1
    if value.is_negative:
        return -1
    return None


def _holds_near(condition: sympy.Basic, h: sympy.Symbol) -> bool:
    """Whether a condition in h holds for every small enough h > 0 (decided by the sign of the leading term
    of its two sides' difference)."""
    if condition in (sympy.true, sympy.false):
        return bool(condition)
    if not condition.is_Relational or condition.free_symbols - {h}:
        return False
    try:
        difference = sympy.simplify(condition.lhs - condition.rhs)
        if difference == 0:
            sign = 0
        else:
            coefficient, _ = _leading(difference, h)
            sign = _sign(coefficient)
    except _SYMPY_FAILURES:
        return False
    if sign is None:
        return False
    return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0, "==": sign == 0,
            "!=": sign != 0}[condition.rel_op]


def _without(domain: Domain, variable: str) -> Domain:
    """The conditions that do not involve ``variable`` (the other parameters' domain)."""
    kept = tuple(c for c in domain.conditions if variable not in {s.name for s in c.free_symbols})
    return Domain(domain.text, kept, domain.integers - {variable})


# ------------------------------------------------------------------------------------------------- table
def _approach(problem: _Problem, case: Case) -> list[tuple[Fraction, sympy.Expr]]:
    """Values of the variable's coordinate approaching the regime, each with how it is shown, kept inside
    the domain at the case's other values."""
    name, target = problem.regime.variable, problem.regime.target
    chart = problem.charts.get(name)
    if target is None:
        steps = [Fraction(10) ** k for k in range(1, TABLE_STEPS + 1)]
    elif name in problem.domain.integers:
        steps = [target + k for k in (8, 4, 2, 1, 0)] + [target - k for k in (8, 4, 2, 1)]
    else:
        steps = [target + Fraction(1, 10) ** k for k in range(TABLE_STEPS)] + \
                [target - Fraction(1, 10) ** k for k in range(TABLE_STEPS)]
    out = []
    for value in steps:
        if chart is not None:
            t = Fraction(math.exp(float(value) / chart.multiple)).limit_denominator(10 ** 12) if value else Fraction(1)
            coordinate, exact = t, chart.value(t)
        else:
            coordinate, exact = value, rational(value)
        if in_domain(problem.domain, {**case.shown, name: exact})[0]:
            out.append((coordinate, exact))
    return out[:TABLE_STEPS] if target is None else _toward(out, target, chart)


def _toward(values: list[tuple[Fraction, sympy.Expr]], target: Fraction, chart: Any) -> list[tuple[Fraction, sympy.Expr]]:
    """One side of the target (the side the domain allows; above it if both), nearest last."""
    above = [v for v in values if (v[1] - rational(target)).is_nonnegative]
    below = [v for v in values if (v[1] - rational(target)).is_negative]
    side = above if len(above) >= len(below) else below
    return sorted(side, key=lambda v: -abs(float(v[1] - rational(target))))[:TABLE_STEPS]


def _table_evidence(problem: _Problem, start: float) -> Evidence:
    variable = problem.regime.variable
    names = [n for n in problem.names if n != variable]
    charts = {k: v for k, v in problem.charts.items() if k != variable}
    domain = _without(problem.domain, variable)
    cases = [c for c in draw(domain, names, charts, interior=TABLE_POINTS, boundary=0, fixed={}, seed=3) if c.interior]
    relative = problem.charted(problem.relative)
    context = arb(_TABLE_DPS)
    rows, decreasing, used = [], 0, 0
    coordinate = problem.coordinate.name
    for case in cases[:TABLE_POINTS]:
        values = [(x, shown) for x, shown in _approach(problem, case)]
        sizes = []
        for x, shown in values:
            point = {**case.values, coordinate: x}
            try:
                ball = context.evaluate(relative, point)
            except (InvalidArgument, ZeroDivisionError):
                continue
            if not ball.is_finite():
                continue
            sizes.append(abs(ball))
            rows.append({**case.display(), variable: str(shown), "relative error": ball.mid().str(12, radius=False)})
        if len(sizes) >= 2:
            used += 1
            if all(not (b > a) for a, b in zip(sizes, sizes[1:])):
                decreasing += 1
    where = (f"{used} interior points of the domain {problem.domain.text or 'all values'!r} (the other parameters), "
             f"{variable} approaching the regime {problem.regime}; certified balls at {_TABLE_DPS} digits")
    detail = {"table": rows, "points where the relative error does not grow toward the regime": decreasing}
    outcome = Outcome.HOLDS if used and decreasing == used else Outcome.INCONCLUSIVE
    if used and decreasing < used:
        detail["note"] = "at some point the relative error grows along the table (a finite table does not decide a limit)"
    return Evidence(Method.INTERVAL, outcome, where, detail, seconds=time.perf_counter() - start,
                    interior_cases=used if outcome is Outcome.HOLDS else None)


# ------------------------------------------------------------------------------------------------- sign
def _with_sign(problem: _Problem, limit: Evidence, sign: str, timeout: float) -> Evidence:
    """The limit evidence joined with the claimed sign of the remainder (both are the claim): ``proved`` when
    both are, a counterexample when either is refuted, else ``inconclusive``."""
    try:
        verdict = check_sign(problem.remainder, problem.domain.constraints(), sign=sign,
                             integers=sorted(problem.domain.integers), timeout=timeout, symbols=list(problem.names))
        status, reason, found = verdict.status, verdict.reason, verdict.counterexample
        recheck = next((e.recheck for e in verdict.evidence if e.recheck is not None), None)
    except InvalidArgument as refused:
        status, reason, found, recheck = Status.INCONCLUSIVE, f"the sign engine refused: {refused}", None, None
    detail = {**limit.detail, "remainder sign": f"exact - approx {sign} on the domain: {status.value} ({reason})"}
    if limit.outcome is Outcome.COUNTEREXAMPLE:
        return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, limit.domain, detail,
                        counterexample=limit.counterexample, recheck=limit.recheck, seconds=limit.seconds)
    if status is Status.REFUTED and found:
        detail[Detail.STATEMENT] = f"the remainder exact - approx is not {sign} on the domain"
        return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, limit.domain + f"; remainder {sign}", detail,
                        counterexample={**found, "relation": f"exact - approx {sign}"}, recheck=recheck or Recheck.EXACT,
                        seconds=limit.seconds)
    if limit.outcome is Outcome.PROVED and status is Status.PROVED:
        detail[Detail.STATEMENT] = f"{detail.get(Detail.STATEMENT, '')}; the remainder exact - approx is {sign} on the domain"
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, limit.domain + f"; remainder {sign}", detail,
                        seconds=limit.seconds)
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, limit.domain + f"; remainder {sign}", detail,
                    seconds=limit.seconds)


@honours_timeout(Method.SYMBOLIC, Method.INTERVAL)
def check_approximation(exact: ExprLike, approx: ExprLike, *, regime: str, domain: DomainLike = None,
                        order: ExprLike | None = None,
                        sign: str | None = None, symbols: Sequence[str] = (), timeout: float = 30.0,
                        mechanism: Family | None = None) -> ApproximationVerdict:
    """Is ``approx`` an approximation of ``exact`` in the ``regime`` (``"c0 -> 0"``, ``"n -> oo"``,
    ``"eps -> 0"``) on the stated ``domain``? See the module docstring for the reading and the evidence.

    ``order``: the claimed order of the relative error (``"c0"``, ``"1/n"``); ``sign``: a claimed sign of
    the remainder exact − approx (``">=0"``: the approximation never overestimates); ``symbols``: names
    beyond those of the formulas and the domain; ``timeout``: seconds for each decision; ``mechanism``: a
    family whose named probabilities (p, q, ...) the formulas use, its domain joined to ``domain``.

    Example::

        check_approximation("n*s*(1-s)/(p-q)**2", "n*q*(1-q)/(p-q)**2", regime="s -> q",
                            domain="0 < q < p < 1, 0 <= s <= 1, n >= 1").summary
    """
    start = time.perf_counter()
    problem = _problem(exact, approx, regime, domain, order, sign, symbols, timeout, mechanism)
    status = emptiness(problem.domain, timeout=min(timeout, 10.0))
    if status.empty:
        return ApproximationVerdict(vacuous_evidence((Method.SYMBOLIC, Method.INTERVAL), problem.domain, status))
    limit, _ = _limit_evidence(problem, timeout, start)
    if limit.outcome is Outcome.PROVED:
        limit = _defined(problem, limit, timeout)
    if sign is not None:
        limit = _with_sign(problem, limit, sign, timeout)
    table = _table_evidence(problem, time.perf_counter())
    if limit.outcome is Outcome.PROVED and limit.steps and status.point and problem.domain.conditions:
        point = {k: rational(v) for k, v in status.point.items()}
        shown = ", ".join(f"{k} = {v}" for k, v in point.items())
        witness = Holds(f"the stated domain has a point ({shown}): the claim is not vacuous",
                        sympy.And(*problem.domain.conditions), point,
                        tuple(sorted(n for n in problem.domain.integers if n in point)))
        if witness.check():
            limit = replace(limit, steps=(witness, *limit.steps))
    if limit.outcome is Outcome.PROVED and status.kind == "unknown" and not table.interior_cases:
        limit = replace(limit, outcome=Outcome.INCONCLUSIVE, steps=(),
                        detail={**limit.detail, "domain not shown non-empty": status.how,
                                "note": "proved at every point of the domain, but the domain was not shown to "
                                        "have a point"})
    return ApproximationVerdict((limit, table))


def _defined(problem: _Problem, limit: Evidence, timeout: float) -> Evidence:
    """The proved limit, unless a denominator of exact, approx or order vanishes somewhere on the domain
    (then ``inconclusive``, naming the point)."""
    formulas = {"exact side": problem.exact, "approximation": problem.approx}
    if problem.order is not None:
        formulas["order"] = problem.order
    undefined = undefined_at(formulas, problem.domain, timeout=min(timeout, 10.0))
    if undefined is None:
        return limit
    return replace(limit, outcome=Outcome.INCONCLUSIVE, steps=(),
                   detail={**limit.detail, "undefined": undefined.text,
                           Detail.STATEMENT: f"{limit.detail.get(Detail.CLAIM, '')} (undecided: {undefined.text})",
                           "note": f"{undefined.text}: the claim is not defined on the whole stated domain"})


def validate_approximation(exact: ExprLike, approx: ExprLike, *, regime: str, domain: DomainLike = None,
                           order: ExprLike | None = None,
                           sign: str | None = None, symbols: Sequence[str] = (), timeout: float = 30.0,
                           mechanism: Family | None = None) -> None:
    """Everything :func:`check_approximation` reads and refuses before its work, without the work: both sides,
    the regime, the stated domain, the order, the sign, the mechanism and the timeout; a one-line
    :class:`~core.errors.InvalidArgument` otherwise. A short declaration calls it when it is declared."""
    _problem(exact, approx, regime, domain, order, sign, symbols, timeout, mechanism)


def _problem(exact: ExprLike, approx: ExprLike, regime: object, domain: DomainLike, order: ExprLike | None,
             sign: object, symbols: Sequence[str], timeout: object, mechanism: Family | None) -> _Problem:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < float("inf"):
        raise invalid("timeout", timeout, "must be a positive number of seconds")
    if sign is not None and (not isinstance(sign, str) or sign not in (">=0", "<=0", ">0", "<0")):
        raise invalid("sign", sign, "must be one of '>=0', '<=0', '>0', '<0' (the sign of exact - approx)")
    return _Problem(exact, approx, regime, domain, order, symbols, mechanism)
