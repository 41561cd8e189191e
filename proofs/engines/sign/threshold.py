"""Threshold claims in ε: "A iff ε > 1.29", read as printed, with the exact threshold as a certified root.

A paper states where one mechanism beats another as a threshold: "PM's worst-case variance is below Duchi's
iff ε > 1.29". :func:`decide_threshold` decides such a claim for a condition ``A`` (``expr op 0``) in one
variable ε on an interval of ε, where ε occurs inside ``exp`` only (``exp(ε)``, ``exp(ε/2)``: written
``s = exp(ε/L)``, ``ε = L log s``, ``L`` the least common denominator) or is the only variable of a rational
function (then ``s = ε``):

1. worst cases over an input (:func:`~proofs.engines.sign.cases.sup_over`) are replaced by their proved
   closed forms, and ``Abs``/``Max``/``Min``/``Piecewise`` are split into cases
   (:mod:`proofs.engines.sign.cases`);
2. every numerator and denominator of every case's value and condition is a polynomial in ``s``; their
   positive real roots are isolated exactly (sympy's real-root isolation: disjoint intervals with rational
   ends). Between two consecutive roots no polynomial changes sign, so ``A`` has one truth value on each
   cell; it is evaluated exactly at a rational ``s`` inside the cell (``exp(ε/L)`` rational: every value
   is a rational number);
3. the claim holds when ``A`` is false on every cell below one root ``s*`` and true on every cell above it
   (or the reverse for ``ε < c``); the threshold ``ε* = L log s*`` is enclosed by python-flint balls at the
   two precisions of :meth:`core.context.NumbersContext.confirmations` over the isolating interval of
   ``s*`` (refined until the enclosure decides), and ``A`` changes truth across that interval (its ends are
   evaluated exactly): a certified sign change;
4. the stated threshold is read as printed: a decimal ``1.29`` is the exact number 129/100, an exact value
   (``log(3)``, ``13/10``) itself. The claim holds when ``ε* = c`` (decided by exact arithmetic when ``exp(c)``
   is rational: the claim then also says what holds at ``ε = c`` itself, ``>`` that the condition fails there and
   ``>=`` that it holds, decided exactly); otherwise ``ε* != c`` is certified (the isolating interval refined
   until its ends fall on one side of ``c``) and the claim is refuted at an exact point ``ε = L log q`` (``q``
   rational) inside the domain, strictly between ``ε*`` and ``c``, where ``A`` and "ε > c" disagree, re-checked
   apart from how it was built (the condition exactly, the side of ``c`` by balls at two precisions, or exactly
   when ``s = ε``);
5. a refutation carries its correction (:class:`~proofs.base.evidence.Correction`): "A iff ε > ε*" with ``ε*``
   named as the root of its polynomial in ``s`` on a short interval (``>=`` when ``A`` holds at ``ε*``), and,
   for a decimal, whether ``ε*`` rounds to it; its own evidence is the certified root isolation, the enclosure
   at two precisions and the exact sign change (a decision, ``proved``), and the cells' points compared with
   ``ε*`` (interval);
6. a printed decimal's other reading, at its printed precision ("iff ε > t" for a ``t`` that rounds to 1.29), is
   evidence with ``reading`` set, shown apart and never part of the verdict: ``proved`` when ``ε*`` rounds to
   the decimal, refuted otherwise at an exact point between ``ε*`` and the nearer end of the decimal's rounding
   interval. PM against Duchi: "iff ε > 1.29" is refuted (``ε* = 1.289784...``, a point of (ε*, 1.29)), its
   correction proved, and the reading at 2 decimals proved apart.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.context import arb
from core.errors import invalid
from core.formula import parse_formula
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.engines.sign.cases import resolve_worst_cases, split_expr
from proofs.engines.sign.exponential import scales_of
from proofs.engines.sign.parse import RELATIONS, Condition, Statement

__all__ = ["Threshold", "read_iff", "decide_threshold", "MAX_REFINEMENTS", "GRID"]

#: Most refinements of a root's isolating interval before the threshold is called undecided.
MAX_REFINEMENTS = 60
#: Points per cell (at most) at which the interval method evaluates the condition exactly.
GRID = 6
_IFF = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(>=|>|<=|<)\s*([^<>=\s].*?)\s*$")
_DECIMAL = re.compile(r"^[+-]?\d+\.(\d+)$")


@dataclass(frozen=True)
class Threshold:
    """"A iff ``name op value``": ``digits`` is the printed precision of a decimal, ``None`` for an exact value."""

    name: str
    op: str
    value: sympy.Expr
    text: str
    digits: int | None
    printed: str = ""

    @property
    def above(self) -> bool:
        """The condition holds above the threshold (``ε > c``)."""
        return self.op in (">", ">=")


def read_iff(text: Any) -> Threshold:
    """``"eps > 1.29"`` as a :class:`Threshold` (a decimal keeps its printed precision)."""
    if not isinstance(text, str):
        raise invalid("iff", text, "must be a string such as 'eps > 1.29'")
    match = _IFF.match(text)
    if match is None:
        raise invalid("iff", text, "must read 'NAME > VALUE' (or >=, <, <=), such as 'eps > 1.29'")
    name, op, value = match.groups()
    parsed = parse_formula(value, name="iff")
    if not isinstance(parsed, sympy.Expr) or parsed.free_symbols or not parsed.is_real:
        raise invalid("iff", text, f"{value!r} is not a real constant")
    decimal = _DECIMAL.match(value)
    return Threshold(name, op, parsed, text.strip(), len(decimal.group(1)) if decimal else None, value)


# ------------------------------------------------------------------------------------ the variable s
@dataclass(frozen=True)
class _Chart:
    """``s = exp(eps/scale)`` (``scale`` > 0), or ``s = eps`` (``scale`` None)."""

    eps: sympy.Symbol
    s: sympy.Symbol
    scale: int | None

    def to_s(self, expr: sympy.Expr) -> sympy.Expr:
        if self.scale is None:
            return expr.xreplace({self.eps: self.s})
        atoms = set(expr.atoms(sympy.exp)) | {a for a in expr.atoms(sympy.Pow) if a.base is sympy.E}
        swap = {}
        for atom in atoms:
            argument = atom.exp if atom.func is sympy.Pow else atom.args[0]
            k = sympy.expand(argument / self.eps)
            if k.free_symbols or not k.is_Rational:
                raise invalid("expr", str(atom), f"is not exp(k*{self.eps}) for a rational k")
            swap[atom] = self.s ** int(k * self.scale)
        out = expr.xreplace(swap)
        if self.eps in out.free_symbols:
            raise invalid("expr", str(expr), f"{self.eps} occurs both inside and outside exp(): a threshold in "
                          f"{self.eps} is decided when {self.eps} occurs only inside exp, or never inside it")
        return out

    def eps_of(self, s: Any) -> sympy.Expr:
        """The exact ε of a value of ``s``."""
        return s if self.scale is None else self.scale * sympy.log(s)

    def s_of(self, eps: sympy.Expr) -> sympy.Expr:
        return eps if self.scale is None else sympy.exp(eps / self.scale)


def _chart(statement: Statement, name: str) -> _Chart:
    variables = {s for s in statement.target.expr.free_symbols} | {s for c in statement.domain
                                                                  for s in c.expr.free_symbols}
    names = sorted(v.name for v in variables)
    if names != [name]:
        raise invalid("iff", name, f"a threshold claim is about a condition in {name} alone; this one has the "
                      f"variables {names}", "write a worst case over the others with sup_over/inf_over")
    (eps,) = variables
    found = scales_of([statement.target, *statement.domain]) or {}
    s = sympy.Symbol(f"s_{name}", positive=True)
    return _Chart(eps, s, found.get(eps))


# ------------------------------------------------------------------------------------ roots and cells
def _polynomials(cases: list[tuple[list[Condition], sympy.Expr | None]],
                 chart: _Chart) -> tuple[list[sympy.Poly], list[sympy.Poly]]:
    """The numerators (and, apart, the denominators) of every case's value and conditions, in ``s``."""
    parts: list[sympy.Poly] = []
    denominators: list[sympy.Poly] = []
    for conditions, value in cases:
        for expr in [c.expr for c in conditions] + ([value] if value is not None else []):
            numerator, denominator = sympy.fraction(sympy.together(chart.to_s(expr)))
            for poly, into in ((numerator, parts), (denominator, denominators)):
                if poly.free_symbols - {chart.s}:
                    raise invalid("expr", str(expr), "is not a rational function of the threshold's variable")
                if chart.s in poly.free_symbols:
                    polynomial = sympy.Poly(poly, chart.s)
                    if not polynomial.domain.is_QQ and not polynomial.domain.is_ZZ:
                        raise invalid("expr", str(expr), f"has coefficients that are not rational numbers "
                                      f"({polynomial.domain}) once written in {chart.s}: its roots are not isolated "
                                      "exactly")
                    into.append(polynomial)
    return parts, denominators


def _roots(polys: list[sympy.Poly], s: sympy.Symbol) -> list[tuple[Fraction, Fraction, sympy.Poly]]:
    """Isolating intervals ``[a, b]`` (rational) of the distinct real roots of the polynomials, each with the
    irreducible factor it is a root of (the only root of that factor in ``[a, b]``), in increasing order and
    pairwise disjoint."""
    if not polys:
        return []
    product = sympy.Poly(sympy.Mul(*[p.as_expr() for p in polys]), s)
    factors = [f for f, _ in product.factor_list()[1] if f.degree() > 0]
    squarefree = sympy.Poly(sympy.Mul(*[f.as_expr() for f in factors]), s)
    out = []
    for (a, b), _ in squarefree.intervals():
        def inside(f: sympy.Poly) -> int:
            if a == b:
                return int(f.eval(a) == 0)
            return f.count_roots(a, b) - int(f.eval(a) == 0) - int(f.eval(b) == 0)

        owner = next(f for f in factors if inside(f) > 0)
        out.append((Fraction(int(a.p), int(a.q)), Fraction(int(b.p), int(b.q)), owner))
    out.sort(key=lambda r: (r[0], r[1]))
    for i in range(len(out) - 1):              # narrow neighbours until they are disjoint (the roots differ)
        while out[i][1] >= out[i + 1][0] and (out[i][0] < out[i][1] or out[i + 1][0] < out[i + 1][1]):
            out[i] = _refine(out[i], (out[i][1] - out[i][0]) / 4)
            out[i + 1] = _refine(out[i + 1], (out[i + 1][1] - out[i + 1][0]) / 4)
    return out


def _refine(root: tuple[Fraction, Fraction, sympy.Poly], width: Fraction) -> tuple[Fraction, Fraction, sympy.Poly]:
    """The isolating interval of a simple root of the squarefree ``poly`` narrowed to ``width`` by exact bisection
    (``poly`` changes sign across its one root in ``[a, b]``; an end that is the root gives a point)."""
    a, b, poly = root

    def sign(value: Fraction) -> int:
        exact = poly.eval(sympy.Rational(value.numerator, value.denominator))
        return int(bool(exact > 0)) - int(bool(exact < 0))

    if a == b:
        return root
    for end in (a, b):
        if sign(end) == 0:
            return end, end, poly
    left = sign(a)
    while b - a > width:
        middle = (a + b) / 2
        here = sign(middle)
        if here == 0:
            return middle, middle, poly
        if here == left:
            a = middle
        else:
            b = middle
    return a, b, poly


def _enclosure(chart: _Chart, a: Fraction, b: Fraction, dps: int = 40) -> tuple[Fraction, Fraction]:
    """Rationals enclosing ``eps_of`` on ``[a, b]`` (``eps_of`` is increasing), by balls at two precisions."""
    lows: list[Fraction] = []
    highs: list[Fraction] = []
    for context in arb(dps).confirmations():
        for value, into, pick in ((a, lows, "lower"), (b, highs, "upper")):
            ball = context.evaluate(chart.eps_of(sympy.Rational(value.numerator, value.denominator)), {})
            end = getattr(ball, pick)().mid().fmpq()
            into.append(Fraction(int(end.p), int(end.q)))
    return max(lows), min(highs)


def _compare(chart: _Chart, s_value: Fraction, c: sympy.Expr) -> int | None:
    """The sign of ``eps_of(s_value) - c``, certified by balls at two precisions (None if they do not show it)."""
    signs = set()
    expr = chart.eps_of(sympy.Rational(s_value.numerator, s_value.denominator)) - c
    if expr.is_Rational:
        return int(bool(expr > 0)) - int(bool(expr < 0))
    for context in arb(40).confirmations():
        ball = context.evaluate(expr, {})
        signs.add(1 if ball > 0 else -1 if ball < 0 else None)
    return signs.pop() if len(signs) == 1 and None not in signs else None


@dataclass
class _Line:
    """The domain of ε as an interval of ``s`` (ends as exact sympy numbers, possibly irrational)."""

    lo: sympy.Expr | None
    hi: sympy.Expr | None
    lo_open: bool
    hi_open: bool

    def inside(self, value: Fraction) -> bool | None:
        q = sympy.Rational(value.numerator, value.denominator)
        for end, below, strict in ((self.lo, True, self.lo_open), (self.hi, False, self.hi_open)):
            if end is None:
                continue
            d = (q - end) if below else (end - q)
            sign = _sign(d)
            if sign is None:
                return None
            if sign < 0 or (sign == 0 and strict):
                return False
        return True


def _sign(value: sympy.Expr) -> int | None:
    if value.is_Rational:
        return int(bool(value > 0)) - int(bool(value < 0))
    signs = set()
    for context in arb(40).confirmations():
        ball = context.evaluate(value, {})
        signs.add(1 if ball > 0 else -1 if ball < 0 else None)
    return signs.pop() if len(signs) == 1 and None not in signs else None


def _line(statement: Statement, chart: _Chart) -> _Line:
    line = _Line(None, None, False, False)
    if chart.scale is not None:
        line.lo, line.lo_open = sympy.Integer(0), True
    for condition in statement.domain:
        expr = condition.expr
        slope = sympy.diff(expr, chart.eps)
        if (not slope.is_Rational or slope == 0 or (expr - slope * chart.eps).free_symbols
                or condition.op in ("==", "!=")):
            raise invalid("domain", condition.text, f"a threshold claim's domain is an interval of {chart.eps}: "
                          f"bounds such as '{chart.eps} > 0'")
        end = chart.s_of(sympy.simplify(-(expr - slope * chart.eps) / slope))
        op = condition.op if slope > 0 else {">": "<", ">=": "<=", "<": ">", "<=": ">="}[condition.op]
        if op in (">", ">="):
            if line.lo is None or _sign(end - line.lo) in (1, 0):
                line.lo, line.lo_open = end, op == ">" or (line.lo is not None and end == line.lo and line.lo_open)
        elif line.hi is None or _sign(line.hi - end) in (1, 0):
            line.hi, line.hi_open = end, op == "<"
    return line


def _between(a: Fraction, b: Fraction) -> Fraction:
    """A simple rational strictly between ``a < b``."""
    for digits in range(0, 60):
        scale = 10 ** digits
        lo = a * scale
        candidate = Fraction(int(lo) + 1 if lo >= 0 else int(lo), scale)
        if a < candidate < b:
            return candidate
    return (a + b) / 2


def _truth(cases: list[tuple[list[Condition], sympy.Expr | None]], op: str, chart: _Chart, s_value: Fraction) -> bool:
    """The condition at the exact point ``s = s_value`` (every value rational)."""
    q = sympy.Rational(s_value.numerator, s_value.denominator)
    for conditions, value in cases:
        if all(bool(RELATIONS[c.op](chart.to_s(c.expr).xreplace({chart.s: q}))) for c in conditions):
            if value is None:
                raise invalid("expr", "Piecewise", f"no piece covers {chart.eps} = {chart.eps_of(q)}")
            exact = chart.to_s(value).xreplace({chart.s: q})
            if not exact.is_Rational:
                raise invalid("expr", str(value), f"is not a rational number at {chart.s} = {q}")
            return bool(RELATIONS[op](exact))
    raise invalid("expr", "cases", f"no case holds at {chart.s} = {q}")


# ------------------------------------------------------------------------------------ the decision
def decide_threshold(statement: Statement, claim: Threshold, decide: Callable[[Statement], Evidence],
                     text: str) -> tuple[Evidence, ...]:
    """The decision (:data:`Method.DECISION`: proved or refuted, a refutation with its correction) and the exact
    evaluation at points of every cell (:data:`Method.INTERVAL`) of "``statement`` iff ``claim``", and for a
    printed decimal the reading at its printed precision, apart (see the module docstring)."""
    resolved, worst, _ = resolve_worst_cases(statement, decide)
    chart = _chart(resolved, claim.name)
    cases = split_expr(resolved.target.expr)
    op = resolved.target.op
    parts, denominators = _polynomials(cases, chart)
    line = _line(resolved, chart)
    roots = [r for r in _roots(parts + denominators, chart.s) if chart.scale is None or r[1] > 0]
    width = Fraction(1, 10 ** 6)
    roots = [_refine(r, width) for r in roots]
    kept = []
    for root in roots:                      # the roots inside the domain (ends decided by refining)
        for _ in range(MAX_REFINEMENTS):
            a, b, poly = root
            ends = (line.inside(a), line.inside(b))
            if ends[0] is not None and ends[0] == ends[1]:
                break
            root = _refine(root, (b - a) / 1000)
        if line.inside(root[0]) and line.inside(root[1]):
            kept.append(root)
        elif line.inside(root[0]) != line.inside(root[1]):
            raise invalid("domain", text, "a root of the condition's boundary is not separated from the domain's end")
    for a, b, poly in kept:
        if any(d.count_roots(a, b) for d in denominators):
            raise invalid("expr", statement.target.text, f"a denominator vanishes at {chart.s} in [{a}, {b}] inside "
                          "the domain: the expression is undefined there")
    samples = _samples(kept, line)
    truths = [_truth(cases, op, chart, q) for q in samples]
    detail: dict[str, Any] = {"condition": f"{statement.target.expr} {op} 0", "claim": f"iff {claim.text}",
                              "variable": (f"{chart.s} = exp({chart.eps}/{chart.scale}), "
                                           f"{chart.eps} = {chart.scale}*log({chart.s})"
                                           if chart.scale else f"{chart.eps} itself"),
                              "boundary roots in the domain": len(kept), "cells": len(samples)}
    if worst:
        detail["worst cases"] = list(worst)
    switches = [i for i in range(1, len(truths)) if truths[i] != truths[i - 1]]
    wanted_first = not claim.above                   # truth below the threshold
    if len(switches) != 1 or truths[0] != wanted_first:
        return _no_single_threshold(statement, claim, chart, samples, truths, switches, detail, text, line)
    index = switches[0] - 1                          # the root between cell index and index+1
    a, b, poly = kept[index]
    return _judge(statement, claim, chart, (a, b, poly), samples, truths, index, cases, op, detail, text, line)


def _samples(kept: list[tuple[Fraction, Fraction, sympy.Poly]], line: _Line) -> list[Fraction]:
    """A rational ``s`` in each open cell of the domain cut at the roots."""
    ends: list[tuple[Fraction | None, Fraction | None]] = []
    previous: Fraction | None = None
    for a, b, _ in kept:
        ends.append((previous, a))
        previous = b
    ends.append((previous, None))
    out = []
    for lo, hi in ends:
        lo = lo if lo is not None else _rational_inside(line, above=True, below=hi)
        hi = hi if hi is not None else _rational_inside(line, above=False, below=lo)
        out.append(_between(lo, hi) if lo < hi else lo)
    return out


def _rational_inside(line: _Line, *, above: bool, below: Fraction | None) -> Fraction:
    """A rational just inside the domain's lower end (``above``) or upper end."""
    end = line.lo if above else line.hi
    if end is None:
        anchor = below if below is not None else Fraction(1)
        return anchor - abs(anchor) - 1 if above else anchor + abs(anchor) + 1
    with arb(40).active() as context:
        ball = context.evaluate(end, {})
    point = (ball.upper() if above else ball.lower()).mid().fmpq()
    value = Fraction(int(point.p), int(point.q))
    step = Fraction(1, 10 ** 12)
    candidate = value + step if above else value - step
    while line.inside(candidate) is not True:
        candidate = candidate + step if above else candidate - step
        step *= 2
    return candidate


def _point(chart: _Chart, q: Fraction) -> dict[str, Any]:
    value = sympy.Rational(q.numerator, q.denominator)
    shown = f"exp({chart.eps})" if chart.scale == 1 else f"exp({chart.eps}/{chart.scale})"
    return {chart.eps.name: str(chart.eps_of(value)), **({shown: str(value)} if chart.scale else {})}


def _no_single_threshold(statement: Statement, claim: Threshold, chart: _Chart, samples: list[Fraction],
                         truths: list[bool], switches: list[int], detail: dict[str, Any], text: str,
                         line: _Line) -> tuple[Evidence, ...]:
    """The condition is not "false below one point, true above" (or the reverse): a cell where it disagrees
    with the claim, whatever the threshold."""
    detail["truth on the cells"] = [f"{_point(chart, q)[chart.eps.name]}: {t}" for q, t in zip(samples, truths)]
    if not switches:
        index = 0 if truths[0] == claim.above else len(truths) - 1
        why = f"the condition is {'true' if truths[0] else 'false'} on the whole domain: no threshold"
    else:
        wanted_first = not claim.above
        index = 0 if truths[0] != wanted_first else switches[1] if len(switches) > 1 else switches[0]
        why = (f"the condition changes truth {len(switches)} times on the domain" if len(switches) > 1 else
               f"the condition holds {'below' if claim.above else 'above'} its threshold, "
               f"not {'above' if claim.above else 'below'}")
    q = samples[index]
    found = {**_point(chart, q), "condition": truths[index],
             "relation": f"condition is {truths[index]} but '{claim.text}' is {not truths[index]}", "why": why}
    decision = Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                        recheck=Recheck.EXACT)
    return decision, _grid(chart, samples, truths, text, claim=claim, counter=found)


_Root = tuple[Fraction, Fraction, sympy.Poly]


def _judge(statement: Statement, claim: Threshold, chart: _Chart, root: _Root, samples: list[Fraction],
           truths: list[bool], index: int, cases: Any, op: str, detail: dict[str, Any], text: str,
           line: _Line) -> tuple[Evidence, ...]:
    """The claim read as printed (``c`` the exact number printed: the decimal ``1.29`` is 129/100): proved when
    the threshold is ``c`` and the condition at ``ε = c`` is what "ε op c" says there, refuted otherwise at an
    exact point inside the domain; a refutation carries the correction ("iff ε > ε*", proved by the root's
    certified isolation and sign change), and a printed decimal the reading at its printed precision apart."""
    a, b, poly = root
    if poly.degree() == 1 and a < b:                 # a rational root: the point itself
        point_of = -sympy.Rational(poly.nth(0), poly.nth(1))
        a = b = Fraction(int(point_of.p), int(point_of.q))
        root = (a, b, poly)
    c = claim.value
    detail["sign change"] = _sign_change(chart, samples, truths, index)
    literal = _side(chart, c)
    point = _exact_root(chart, poly, c, a, b)
    if point is not None:
        return _at_the_stated_value(claim, chart, root, point, samples, truths, cases, op, detail, text)
    for _ in range(MAX_REFINEMENTS):                 # separate the root from c
        below, above = _compare(chart, a, c), _compare(chart, b, c)
        if below is not None and below == above and below != 0:
            break
        a, b, poly = _refine((a, b, poly), (b - a) / 1000)
    else:
        detail["note"] = "the threshold's enclosure did not separate it from the stated value"
        return (Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail),
                _grid(chart, samples, truths, text, side=literal, claim=claim, cases=cases, op=op))
    root = (a, b, poly)
    located = _locate(chart, root)
    detail.update(located.detail)
    detail["as printed"] = (f"{claim.printed} is the exact number {c}, and the threshold is {located.shown}..., "
                            f"not {c}" if claim.digits is not None else f"the threshold is {located.shown}..., not {c}")
    found = _disagreement(chart, line, cases, op, root, c, claim.op, claim.text)
    if found is None:
        detail["note"] = "no exact point between the threshold and the stated value was re-checked"
        return (Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail),
                _grid(chart, samples, truths, text, side=literal, claim=claim, cases=cases, op=op))
    counterexample, recheck = found
    correction = _correction(statement, claim, chart, root, located, samples, truths, index, cases, op, text)
    decision = Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=counterexample,
                        recheck=recheck, corrected=correction)
    evidence = [decision, _grid(chart, samples, truths, text, side=literal, claim=claim, counter=counterexample,
                                recheck=recheck)]
    if claim.digits is not None:
        evidence.append(_printed_precision(claim, chart, line, root, located, cases, op, detail, text))
    return tuple(evidence)


@dataclass(frozen=True)
class _Located:
    """The threshold ``ε* = eps_of(s*)``, ``s*`` the root of ``poly`` in ``[a, b]``, enclosed in ``[lo, hi]`` by
    balls at two precisions (``[a, b]`` narrowed first, for the digits shown)."""

    lo: Fraction
    hi: Fraction
    shown: str
    detail: Mapping[str, Any]


def _locate(chart: _Chart, root: _Root) -> _Located:
    a, b, poly = _refine(root, Fraction(1, 10 ** 24))
    lo, hi = _enclosure(chart, a, b)
    shown = _plain(a) if a == b and chart.scale is None else _decimal(lo, hi, most=12)
    low, high = root[0], root[1]
    return _Located(lo, hi, shown, {
        "threshold": f"{chart.eps} = {shown} (the root of {poly.as_expr()} = 0 in {chart.s} in [{low}, {high}], "
                     f"{chart.eps} in [{_fixed(lo, 15)}, {_fixed(hi + Fraction(1, 10 ** 15), 15)}] "
                     "by balls at two precisions)",
        "threshold enclosure": [str(lo), str(hi)],
    })


def _side(chart: _Chart, value: sympy.Expr) -> Callable[[Fraction], int | None]:
    """Where a point ``s`` is against ``ε = value``: the sign of ``eps_of(s) - value``, certified."""
    return lambda q: _compare(chart, q, value)


def _root_side(root: _Root) -> Callable[[Fraction], int | None]:
    """Where a point ``s`` is against the root isolated in ``[a, b]`` (``None`` inside it)."""
    a, b, _ = root
    return lambda q: -1 if q < a else 1 if q > b else None


def _at_the_stated_value(claim: Threshold, chart: _Chart, root: _Root, point: sympy.Expr, samples: list[Fraction],
                         truths: list[bool], cases: Any, op: str, detail: dict[str, Any],
                         text: str) -> tuple[Evidence, Evidence]:
    """The threshold is exactly ``c``: the claim holds when the condition at ``ε = c`` itself is what "ε op c"
    says there (true for ``>=``/``<=``, false for ``>``/``<``), decided exactly."""
    c = claim.value
    at = _truth_at_root(cases, op, chart, root)
    stated = claim.op in (">=", "<=")
    detail["as printed"] = f"the threshold is exactly {c} ({chart.s} = {point} is the root, decided exactly)"
    detail["at the threshold"] = (f"the condition is {at} at {chart.eps} = {c} (decided exactly), and '{claim.text}' "
                                  f"is {stated} there")
    grid = _grid(chart, samples, truths, text, side=_side(chart, c), claim=claim, cases=cases, op=op)
    if at == stated:
        return Evidence(Method.DECISION, Outcome.PROVED, text, detail), grid
    shown = f"exp({chart.eps})" if chart.scale == 1 else f"exp({chart.eps}/{chart.scale})"
    found = {chart.eps.name: str(c), **({shown: str(point)} if chart.scale else {}), "condition": at,
             "relation": f"condition is {at} but '{claim.text}' is {stated}"}
    return (Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                     recheck=Recheck.EXACT),
            _grid(chart, samples, truths, text, side=_side(chart, c), claim=claim, counter=found,
                  recheck=Recheck.EXACT))


def _truth_at_root(cases: Any, op: str, chart: _Chart, root: _Root) -> bool:
    """The condition at the root ``s*`` isolated in ``[a, b]``, exactly: an expression vanishes there when its
    numerator is divisible by ``s*``'s irreducible polynomial; otherwise it has no root in ``[a, b]`` (no case's
    polynomial has another root there) and its sign is its exact sign at a rational inside."""
    a, b, poly = root
    if a == b:
        return _truth(cases, op, chart, a)
    middle = _between(a, b)
    inside = sympy.Rational(middle.numerator, middle.denominator)

    def sign(expr: sympy.Expr) -> int:
        numerator, denominator = sympy.fraction(sympy.together(chart.to_s(expr)))
        if numerator == 0 or (chart.s in numerator.free_symbols
                              and sympy.Poly(numerator, chart.s).rem(poly).is_zero):
            return 0
        value = (numerator / denominator).xreplace({chart.s: inside})
        return int(bool(value > 0)) - int(bool(value < 0))

    for conditions, value in cases:
        if all(bool(RELATIONS[c.op](sign(c.expr))) for c in conditions):
            if value is None:
                raise invalid("expr", "Piecewise", f"no piece covers the threshold {chart.eps} = {chart.eps_of(a)}...")
            return bool(RELATIONS[op](sign(value)))
    raise invalid("expr", "cases", f"no case holds at the threshold {chart.eps} = {chart.eps_of(a)}...")


def _disagreement(chart: _Chart, line: _Line, cases: Any, op: str, root: _Root, edge: sympy.Expr, claim_op: str,
                  said: str) -> tuple[dict[str, Any], Recheck] | None:
    """An exact point ``s = q`` (``q`` rational) inside the domain, strictly between the threshold and ``ε = edge``,
    where the condition and "ε claim_op edge" disagree, or ``None``. The point is built between the two, then
    re-checked apart from how it was built: in the domain, the condition evaluated exactly, and its side of
    ``edge`` certified (exactly when ``eps_of(q) - edge`` is rational, else by balls at two precisions)."""
    for _ in range(MAX_REFINEMENTS):
        a, b, poly = root
        below, above = _compare(chart, a, edge), _compare(chart, b, edge)
        if below is not None and below == above and below != 0:
            break
        root = _refine(root, (b - a) / 1000)
    else:
        return None
    if below > 0:                                    # edge < threshold: a point in (edge, threshold)
        low, high = _s_above(chart, edge), a
        if line.lo is not None:
            low = max(low, _rational_inside(line, above=True, below=None))
    else:                                            # threshold < edge: a point in (threshold, edge)
        low, high = b, _s_below(chart, edge)
        if line.hi is not None:
            high = min(high, _rational_inside(line, above=False, below=None))
    if not low < high:
        return None
    q = _between(low, high)
    if line.inside(q) is not True:
        return None
    holds = _truth(cases, op, chart, q)
    where = _compare(chart, q, edge)
    if where is None:
        return None
    stated = _stated(claim_op, where)
    if holds == stated:
        return None
    exact = (chart.eps_of(sympy.Rational(q.numerator, q.denominator)) - edge).is_Rational
    return ({**_point(chart, q), "condition": holds, "relation": f"condition is {holds} but '{said}' is {stated}"},
            Recheck.EXACT if exact else Recheck.TWO_PRECISIONS)


def _stated(claim_op: str, where: int) -> bool:
    """"ε claim_op c" at a point on side ``where`` of ``c`` (the sign of ``ε - c``)."""
    if claim_op in (">", ">="):
        return where > 0 or (where == 0 and claim_op == ">=")
    return where < 0 or (where == 0 and claim_op == "<=")


def _correction(statement: Statement, claim: Threshold, chart: _Chart, root: _Root, located: _Located,
                samples: list[Fraction], truths: list[bool], index: int, cases: Any, op: str, text: str) -> Correction:
    """"A iff ε > ε*" with the exact threshold ε* (``>=`` when the condition holds at ε* itself), verified by its
    own evidence: the root's certified isolation, its enclosure at two precisions and the exact sign change across
    it (a decision), and the condition at exact points of every cell compared with ε* (interval)."""
    at = _truth_at_root(cases, op, chart, root)
    fixed = (">=" if at else ">") if claim.above else ("<=" if at else "<")
    a, b, poly = root
    name = _tex_name(chart.eps)
    condition = sympy.latex(statement.target.expr, symbol_names={chart.eps: name})
    relation = {">": ">", ">=": r"\ge", "<": "<", "<=": r"\le", "==": "=", "!=": r"\ne"}
    rounds = _rounds(claim, chart, root)
    if a == b:
        exact = chart.eps_of(sympy.Rational(a.numerator, a.denominator))
        where = rf"${name}^* = {_plain(a) if chart.scale is None else sympy.latex(exact)}$"
    else:
        lo, hi = _short_interval(poly, a, b)
        s = sympy.Symbol("s")
        variable = rf"$s = {name}$" if chart.scale is None else \
            rf"$s = e^{{{name}}}$" if chart.scale == 1 else rf"$s = e^{{{name}/{chart.scale}}}$"
        value = "s^*" if chart.scale is None else r"\log s^*" if chart.scale == 1 else rf"{chart.scale} \log s^*"
        where = (rf"${name}^* = {value} \approx {_decimal(located.lo, located.hi, most=6)}\ldots$ is the root of "
                 rf"${sympy.latex(poly.as_expr().xreplace({chart.s: s}))} = 0$ in {variable} in "
                 rf"$[{_plain(lo)}, {_plain(hi)}]$")
    if claim.digits is None:
        said = f"the stated {claim.printed} is not ${name}^*$"
    elif rounds is True:
        said = f"the printed {claim.printed} is ${name}^*$ rounded to {_decimals(claim.digits)}"
    else:
        rounded = _rounded(located, claim.digits)
        said = (f"the printed {claim.printed} is not ${name}^*$ rounded to {_decimals(claim.digits)}"
                + (f" (that is {rounded})" if rounded is not None else ""))
    text_of = (rf"${condition} {relation[op]} 0$ iff ${name} {relation[fixed]} {name}^*$, "
               f"where {where}; {said}")
    detail = {"claim": f"iff {chart.eps} {fixed} {chart.eps}* (the exact threshold)",
              **located.detail, "sign change": _sign_change(chart, samples, truths, index),
              "at the threshold": f"the condition is {at} at {chart.eps} = {chart.eps}* (decided exactly)"}
    proof = Evidence(Method.DECISION, Outcome.PROVED, text, detail)
    exact_claim = Threshold(claim.name, fixed, claim.value, f"{claim.name} {fixed} {chart.eps}*", None, "")
    return Correction(text_of, (proof, _grid(chart, samples, truths, text, side=_root_side(root), claim=exact_claim,
                                             cases=cases, op=op)))


def _sign_change(chart: _Chart, samples: list[Fraction], truths: list[bool], index: int) -> str:
    left, right = samples[index], samples[index + 1]
    return (f"the condition is {truths[index]} at {chart.eps} = {_point(chart, left)[chart.eps.name]} and "
            f"{truths[index + 1]} at {chart.eps} = {_point(chart, right)[chart.eps.name]} (exact), with no other root "
            "of any case's polynomial between them")


def _rounds(claim: Threshold, chart: _Chart, root: _Root) -> bool | None:
    """Whether the threshold rounds to the printed decimal at its printed precision (``c - h <= ε* < c + h``, ``h``
    half a unit of the last printed digit), decided by its enclosure; ``None`` for an exact value, or undecided."""
    if claim.digits is None or not claim.value.is_Rational:
        return None
    half = Fraction(1, 2 * 10 ** claim.digits)
    c = Fraction(int(claim.value.p), int(claim.value.q))
    for _ in range(MAX_REFINEMENTS):
        lo, hi = _enclosure(chart, root[0], root[1])
        if c - half <= lo and hi < c + half:
            return True
        if hi < c - half or lo >= c + half:
            return False
        root = _refine(root, (root[1] - root[0]) / 1000)
    return None


def _printed_precision(claim: Threshold, chart: _Chart, line: _Line, root: _Root, located: _Located, cases: Any,
                       op: str, decided: Mapping[str, Any], text: str) -> Evidence:
    """The other reading of a printed decimal, shown apart from the verdict: "iff ε > t" for a threshold ``t``
    that rounds to it at its printed precision. It holds when ε* rounds to the decimal; otherwise it is refuted at
    an exact point between ε* and the nearer end of the decimal's rounding interval (every such ``t`` lies past
    that end)."""
    digits = claim.digits or 0
    label = f"{claim.printed} at its printed precision (any threshold that rounds to it at {_decimals(digits)})"
    detail = {key: decided[key] for key in ("condition", "variable", "threshold", "threshold enclosure",
                                            "sign change") if key in decided}
    rounds = _rounds(claim, chart, root)
    if rounds is True:
        detail["at its printed precision"] = (f"the threshold {located.shown}... rounds to {claim.printed} at "
                                              f"{_decimals(digits)}: read at its printed precision, "
                                              f"'iff {claim.text}' holds")
        return Evidence(Method.DECISION, Outcome.PROVED, text, detail, reading=label)
    if rounds is None:
        detail["note"] = "the threshold's enclosure did not decide how it rounds"
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=label)
    half = sympy.Rational(1, 2 * 10 ** digits)
    edge = claim.value - half if located.hi < Fraction(int(claim.value.p), int(claim.value.q)) else claim.value + half
    rounded = _rounded(located, digits)
    detail["at its printed precision"] = (f"the threshold {located.shown}... does not round to {claim.printed} at "
                                          f"{_decimals(digits)}" + (f" (it rounds to {rounded})" if rounded else "")
                                          + f": read at its printed precision too, 'iff {claim.text}' fails")
    found = _disagreement(chart, line, cases, op, root, edge, claim.op,
                          f"{claim.name} {claim.op} t for every t that rounds to {claim.printed}")
    if found is None:
        detail["note"] = f"no exact point between the threshold and {edge} was re-checked"
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=label)
    counterexample, recheck = found
    return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=counterexample,
                    recheck=recheck, reading=label)


def _rounded(located: _Located, digits: int) -> str | None:
    """The threshold rounded to ``digits`` decimals (half up), when its enclosure decides it."""
    half = Fraction(1, 2 * 10 ** digits)
    low, high = _fixed(located.lo + half, digits), _fixed(located.hi + half, digits)
    return low if low == high else None


def _decimals(digits: int) -> str:
    return f"{digits} decimal" + ("s" if digits != 1 else "")


def _tex_name(eps: sympy.Symbol) -> str:
    return r"\epsilon" if eps.name in ("eps", "epsilon") else sympy.latex(eps)


def _short_interval(poly: sympy.Poly, a: Fraction, b: Fraction) -> tuple[Fraction, Fraction]:
    """Decimal ends, as short as they come, of an interval around ``[a, b]`` holding one root of ``poly`` (counted
    exactly): the root named in a few digits."""
    for digits in range(1, 40):
        scale = 10 ** digits
        lo = Fraction(math.floor(a * scale), scale)
        hi = Fraction(math.ceil(b * scale), scale)
        if lo < hi and poly.count_roots(sympy.Rational(lo.numerator, lo.denominator),
                                        sympy.Rational(hi.numerator, hi.denominator)) == 1:
            return lo, hi
    return a, b


def _plain(value: Fraction) -> str:
    """A rational with a finite decimal expansion as that decimal, else as a fraction."""
    for digits in range(0, 40):
        if (value * 10 ** digits).denominator == 1:
            return _fixed(value, digits)
    return str(value)


def _s_above(chart: _Chart, c: sympy.Expr) -> Fraction:
    with arb(40).active() as context:
        point = context.evaluate(chart.s_of(c), {}).upper().mid().fmpq()
    return Fraction(int(point.p), int(point.q)) + Fraction(1, 10 ** 30)


def _s_below(chart: _Chart, c: sympy.Expr) -> Fraction:
    with arb(40).active() as context:
        point = context.evaluate(chart.s_of(c), {}).lower().mid().fmpq()
    return Fraction(int(point.p), int(point.q)) - Fraction(1, 10 ** 30)


def _exact_root(chart: _Chart, poly: sympy.Poly, c: sympy.Expr, a: Fraction, b: Fraction) -> sympy.Expr | None:
    """``s_of(c)`` when it is the root of ``poly`` in ``[a, b]``, decided exactly when ``exp(c)`` is rational;
    ``None`` otherwise."""
    value = sympy.simplify(chart.s_of(c) ** (chart.scale or 1))
    if not value.is_Rational:
        return None
    point = sympy.root(value, chart.scale or 1)
    if sympy.simplify(poly.as_expr().xreplace({chart.s: point})) != 0:
        return None
    inside = sympy.Rational(a.numerator, a.denominator) <= point <= sympy.Rational(b.numerator, b.denominator)
    return point if bool(inside) else None


def _fixed(value: Fraction, digits: int) -> str:
    """``value`` truncated (toward -oo) to ``digits`` decimals, exactly."""
    scaled = value.numerator * 10 ** digits // value.denominator
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10 ** digits)
    return f"{sign}{whole}." + str(part).rjust(digits, "0") if digits else f"{sign}{whole}"


def _decimal(lo: Fraction, hi: Fraction, most: int = 15) -> str:
    """The leading digits ``lo`` and ``hi`` share (exact truncations), at most ``most`` decimals."""
    for digits in range(most, 0, -1):
        if _fixed(lo, digits) == _fixed(hi, digits):
            return _fixed(lo, digits)
    return _fixed(lo, 3)


def _grid(chart: _Chart, samples: list[Fraction], truths: list[bool], text: str, *, claim: Threshold,
          side: Callable[[Fraction], int | None] | None = None, counter: Mapping[str, Any] | None = None,
          cases: Any = None, op: str = ">", recheck: Recheck | None = None) -> Evidence:
    """The second method: the condition evaluated exactly at points of every cell, each compared with "ε op t"
    at that point, ``side`` giving the point's side of the threshold ``t`` (the stated value, decided exactly or by
    balls at two precisions; or the isolated root, points inside its interval left out). With ``counter``, the
    decision's re-checked counterexample, shown with the cells' points."""
    points = [f"{_point(chart, q)[chart.eps.name]}: {t}" for q, t in zip(samples, truths)]
    domain = f"exact points of every cell of {text} ({len(samples)} cells)"
    if counter is not None:
        return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, domain, {"points": points},
                        counterexample=dict(counter),
                        recheck=recheck or (Recheck.EXACT if "why" in counter else Recheck.TWO_PRECISIONS))
    if side is None:
        raise invalid("side", side, "a comparison of the cells' points needs the threshold's side")
    compared = 0
    pairs = list(zip(samples, truths))
    if cases is not None and len(samples) > 1:
        count = GRID * len(samples)
        spread = [samples[0] + (samples[-1] - samples[0]) * Fraction(k, count) for k in range(1, count)]
        pairs += [(q, _truth(cases, op, chart, q)) for q in spread]
    for q, holds in pairs:
        where = side(q)
        if where is None:
            continue
        expected = _stated(claim.op, where)
        compared += 1
        if expected != holds:
            found = {**_point(chart, q), "condition": holds, "relation": f"condition is {holds} but '{claim.text}' "
                     f"is {expected}"}
            return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, domain, {"points": points},
                            counterexample=found, recheck=Recheck.TWO_PRECISIONS)
    domain = f"{len(pairs)} exact points of {text}, at least one in every cell ({len(samples)} cells)"
    return Evidence(Method.INTERVAL, Outcome.HOLDS, domain, {"points": points, "points compared": compared},
                    interior_cases=compared)
