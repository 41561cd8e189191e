"""Taylor models decided by z3: ``f op 0`` on a bounded interval from a Taylor polynomial with a certified
Lagrange remainder.

On ``[lo, hi]`` with expansion point ``c`` (an end where ``f`` vanishes, or the middle),

    f(x) = sum_{k<n} f^(k)(c)/k! (x-c)^k + f^(n)(xi)/n! (x-c)^n,   xi between c and x,

so every value of ``f`` is a value of the polynomial ``P(x, a, r) = sum a_k (x-c)^k + r (x-c)^n`` with each
``a_k`` in an enclosure of ``f^(k)(c)/k!`` (the exact rational where sympy gives one) and ``r`` in an arb
enclosure of ``f^(n)`` over the interval, divided by ``n!``. z3 (``QF_NRA``, complete for polynomial
arithmetic) is asked for ``x`` in the interval and ``a``, ``r`` in their ranges where ``P`` fails the
condition: ``unsat`` proves the condition on the interval. This argument is independent of the
branch-and-bound of :mod:`proofs.engines.sign.branch`: no monotonicity step, one polynomial decision.
"""

from __future__ import annotations

import math
from fractions import Fraction

import sympy
import z3

from core.context import DEFAULT_DPS, arb
from proofs.engines.sign.interval import Interval, compile_expression, from_arb
from proofs.engines.sign.limits import Deadline, shielded
from proofs.engines.sign.parse import NEGATION
from proofs.kernel.record import Transcript
from proofs.engines.sign.solver import relation, solve

__all__ = ["taylor_proves", "ORDERS"]

#: Taylor orders tried on each interval.
ORDERS = (2, 3, 4, 5, 6, 8)


def _rational_bounds(value: Interval) -> tuple[Fraction, Fraction] | None:
    if not value.bounded:
        return None
    return from_arb(value.lo), from_arb(value.hi)


def _power(term: z3.ArithRef, n: int) -> z3.ArithRef:
    """``term**n`` as a product (z3's ``**`` is printed as ``^``, which SMT-LIB's QF_NRA does not have)."""
    return term if n == 1 else z3.Product([term] * n)


def _real(value: Fraction, ctx: z3.Context) -> z3.ArithRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}", ctx)


def taylor_proves(expr: sympy.Expr, op: str, x: sympy.Symbol, lo: Fraction, hi: Fraction, lo_open: bool,
                  hi_open: bool, centre: Fraction, *, deadline: Deadline, dps: int = DEFAULT_DPS,
                  transcript: Transcript | None = None) -> int | None:
    """The Taylor order that proves ``expr op 0`` on the interval, or None (see the module docstring); the
    deciding z3 query goes to ``transcript``."""
    derivatives = [expr]
    with arb(dps).active() as context:
        for n in ORDERS:
            if deadline.expired():
                return None
            while len(derivatives) <= n:
                derivatives.append(sympy.diff(derivatives[-1], x))
            remainder, strict = compile_expression(derivatives[n], (x,)).enclose([Interval.of(lo, hi)])
            if remainder is None or not strict:
                return None                      # f^(n) undefined somewhere on the closed interval
            bounds = _rational_bounds(remainder)
            if bounds is None:
                continue
            with shielded():
                ctx = z3.Context()
            t = z3.Real("x", ctx)
            shift = t - _real(centre, ctx)
            formulas, terms, ranges = [], [], []
            for k in range(n):
                coefficient = _coefficient(derivatives[k], x, centre, k, context)
                if coefficient is None:
                    return None
                ranges.append(coefficient)
                a = z3.Real(f"a{k}", ctx)
                formulas += [a >= _real(coefficient[0], ctx), a <= _real(coefficient[1], ctx)]
                terms.append(a * _power(shift, k) if k else a)
            r = z3.Real("r", ctx)
            factorial = math.factorial(n)
            formulas += [r >= _real(bounds[0] / factorial, ctx), r <= _real(bounds[1] / factorial, ctx)]
            terms.append(r * _power(shift, n))
            formulas += [t > _real(lo, ctx) if lo_open else t >= _real(lo, ctx),
                         t < _real(hi, ctx) if hi_open else t <= _real(hi, ctx)]
            formulas.append(relation(z3.Sum(terms), NEGATION[op]))
            seconds = min(2.0, deadline.left())
            if seconds <= 0:
                return None
            def meaning(n: int = n) -> dict[str, str]:
                return {"unsat": f"the Taylor model of order {n} of {expr} at {centre} (coefficients a_k and "
                                 f"Lagrange remainder r in their certified ranges) satisfies {op} 0 on the interval "
                                 f"{'(' if lo_open else '['}{lo}, {hi}{')' if hi_open else ']'}"}

            if solve(formulas, seconds, transcript=transcript, meaning=meaning).result == "unsat":
                if transcript is not None:
                    name = [x.name]
                    for k, (low, high) in enumerate(ranges):
                        transcript.box(name, ((centre, centre),), f"({derivatives[k]})/{math.factorial(k)}",
                                       "exact value" if low == high else "arb enclosure at the point",
                                       f"in [{low}, {high}] (a{k})")
                    transcript.box(name, ((lo, hi),), f"({derivatives[n]})/{factorial}", "natural interval extension",
                                   f"in [{bounds[0] / factorial}, {bounds[1] / factorial}] (r)")
                return n
    return None


def _coefficient(derivative: sympy.Expr, x: sympy.Symbol, centre: Fraction, k: int,
                 context: object) -> tuple[Fraction, Fraction] | None:
    """Bounds of ``f^(k)(c)/k!``: exact where sympy evaluates it to a rational, else an arb enclosure."""
    value = derivative.xreplace({x: sympy.Rational(centre.numerator, centre.denominator)})
    if value.is_Rational:
        exact = Fraction(int(value.p), int(value.q)) / math.factorial(k)
        return exact, exact
    enclosure, strict = compile_expression(derivative, (x,)).at((centre,))
    if enclosure is None or not strict:
        return None
    bounds = _rational_bounds(enclosure)
    if bounds is None:
        return None
    return bounds[0] / math.factorial(k), bounds[1] / math.factorial(k)
