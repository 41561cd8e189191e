"""Conditions in ε as printed: ``exp(ε)``, ``exp(ε/2)`` and bounds on ε itself (``ε > 1.29``) decided together.

A mechanism's variance is printed in ``e^ε`` and ``e^{ε/2}``, and the regime of a claim in ε itself ("for
ε > 1.29"). The monotone substitution of :mod:`proofs.engines.sign.reduce` writes ``exp(k*ε)`` as a power
of ``s = exp(ε/L)`` (``L`` the least common denominator of the ``k``, so ``ε = L log s``); it maps a constraint
``a*ε op 0`` to ``s op 1``, but a bound ``ε op c`` with ``c != 0`` becomes ``s op exp(c/L)``, a transcendental
number z3 cannot take. :func:`sandwich` writes each such bound as a constraint on ``exp(ε/L)``:

* exactly, when ``exp(c)`` is rational (``ε <= log(3)``: ``exp(ε) <= 3``, a polynomial constraint in ``s``);
* otherwise between two rationals ``lo < exp(c/L) < hi`` enclosed by python-flint balls at the two
  precisions of :meth:`core.context.NumbersContext.confirmations`: the *outer* domain (``s > lo`` for
  ``ε > c``) contains the stated one, so a proof there is a proof on the stated domain; the *inner* domain
  (``s >= hi``) lies inside it, so a counterexample there is a point of the stated domain. A condition
  that holds on neither and fails on neither is tried again with a tighter enclosure (a polynomial's
  algebraic boundary never equals the transcendental ``exp(c/L)`` for rational ``c != 0``, so a tight
  enough enclosure separates them).

A condition whose ε also appears outside ``exp`` in the expression under study (``8/ε² - ...``) is not
rewritten: it goes to the transcendental decider (:mod:`proofs.engines.sign.transcendental`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from math import lcm

import sympy

from core.context import arb
from proofs.engines.sign.parse import Condition, Statement
from proofs.engines.sign.reduce import exp_atoms, linear_terms

__all__ = ["Sandwich", "sandwich", "scales_of", "DIGITS"]

#: Digits of the successive rational enclosures of ``exp(c/L)`` (each a tighter sandwich).
DIGITS = (12, 30, 80)


@dataclass(frozen=True)
class Sandwich:
    """The stated domain between an ``outer`` superset and an ``inner`` subset (the same statement when every
    bound was rewritten exactly), and what was rewritten, in words."""

    outer: Statement
    inner: Statement
    notes: tuple[str, ...]

    @property
    def exact(self) -> bool:
        return self.outer == self.inner


def scales_of(conditions: list[Condition]) -> dict[sympy.Symbol, int] | None:
    """``{s: L}``: each symbol inside ``exp`` and the least common denominator of its coefficients there."""
    found: dict[sympy.Symbol, set[int]] = {}
    for condition in conditions:
        for atom in exp_atoms(condition.expr):
            argument = atom.exp if atom.func is sympy.Pow else atom.args[0]
            terms = linear_terms(argument)
            if terms is None:
                return None
            for s, k in terms.items():
                found.setdefault(s, set()).add(int(k.q))
    return {s: reduce(lcm, qs, 1) for s, qs in found.items()}


def _outside(expr: sympy.Expr, s: sympy.Symbol) -> bool:
    """``s`` occurs in ``expr`` outside ``exp``."""
    hidden = expr.xreplace({a: sympy.Dummy() for a in exp_atoms(expr)})
    return s in hidden.free_symbols


def _bound(condition: Condition, s: sympy.Symbol) -> tuple[str, sympy.Expr] | None:
    """``(op, c)`` if the constraint reads ``a*s + b op 0`` (``a`` rational, ``b`` a constant): ``s op c``."""
    expr = condition.expr
    if expr.free_symbols != {s} or exp_atoms(expr):
        return None
    slope = sympy.diff(expr, s)
    if not slope.is_Rational or slope == 0:
        return None
    constant = sympy.simplify(expr - slope * s)
    if constant.free_symbols or not constant.is_real:
        return None
    flipped = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "==", "!=": "!="}
    op = condition.op if slope > 0 else flipped[condition.op]
    return op, -constant / slope


def _enclose(value: sympy.Expr, digits: int) -> tuple[Fraction, Fraction] | None:
    """Rationals ``lo < value < hi`` with ``digits`` decimals, certified by balls at two precisions."""
    scale = 10 ** digits
    lows, highs = [], []
    for context in arb(max(digits + 10, 30)).confirmations():
        ball = context.evaluate(value, {})
        lower, upper = ball.lower(), ball.upper()
        q_lo, q_hi = lower.mid().fmpq(), upper.mid().fmpq()
        lows.append(Fraction(int(q_lo.p), int(q_lo.q)))
        highs.append(Fraction(int(q_hi.p), int(q_hi.q)))
    lo, hi = max(lows), min(highs)
    if lo > hi:
        return None
    return Fraction(math.floor(lo * scale) - 1, scale), Fraction(math.ceil(hi * scale) + 1, scale)


def sandwich(statement: Statement, digits: int = DIGITS[0]) -> Sandwich | None:
    """The stated domain with every bound ``ε op c`` (``c != 0``) on a symbol of ``exp`` written as a
    constraint on ``exp(ε/L)`` (see the module docstring); ``None`` when nothing applies: no such bound, a
    symbol of ``exp`` outside ``exp`` in the expression, or a bound that is not ``a*ε + b op 0``."""
    everything = [statement.target, *statement.domain]
    scales = scales_of(everything)
    if not scales:
        return None
    outer: list[Condition] = []
    inner: list[Condition] = []
    notes: list[str] = []
    rewritten = False
    for s in scales:
        if _outside(statement.target.expr, s) or s.name in statement.integers:
            return None
    for condition in statement.domain:
        symbols = [s for s in scales if _outside(condition.expr, s)]
        if not symbols:
            outer.append(condition)
            inner.append(condition)
            continue
        found = _bound(condition, symbols[0])
        if found is None:
            return None
        op, c = found
        s, scale = symbols[0], scales[symbols[0]]
        if c == 0:
            outer.append(condition)
            inner.append(condition)
            continue
        if op in ("==", "!="):
            return None
        rewritten = True
        power = sympy.exp(s / scale)
        exact = sympy.simplify(sympy.exp(c))
        if exact.is_Rational:
            rewritten_condition = Condition(power ** scale - exact, op, condition.text)
            outer.append(rewritten_condition)
            inner.append(rewritten_condition)
            notes.append(f"{condition.text}: {s} {op} {c} <=> exp({s}) {op} {exact} (exp is increasing)")
            continue
        bracket = _enclose(sympy.exp(c / scale), digits)
        if bracket is None:
            return None
        lo, hi = (sympy.Rational(b.numerator, b.denominator) for b in bracket)
        below, above = (lo, hi) if op in (">", ">=") else (hi, lo)
        outer.append(Condition(power - below, op, f"{power} {op} {below} (contains {condition.text})"))
        inner.append(Condition(power - above, op, f"{power} {op} {above} (inside {condition.text})"))
        notes.append(f"{condition.text}: {s} {op} {c} <=> {power} {op} exp({c / scale}), and {lo} < exp({c / scale})"
                     f" < {hi} (python-flint balls at two precisions): proved with {power} {op} {below}, refuted "
                     f"with {power} {op} {above}")
    if not rewritten:
        return None

    def restated(domain: list[Condition]) -> Statement:
        return Statement(statement.target, tuple(domain), statement.integers, statement.known, statement.notes)

    return Sandwich(restated(outer), restated(inner), tuple(notes))
