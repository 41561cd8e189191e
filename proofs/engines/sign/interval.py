"""Certified interval enclosures of an expression with ``exp``, ``log``, ``sqrt`` over a box.

An :class:`Interval` is a closed interval of the extended reals whose endpoints are exact python-flint
``arb`` numbers (``±inf`` allowed); every operation computes its endpoints in arb ball arithmetic at the
working precision of the active :func:`core.context.arb` context and keeps the lower bound of the lower
ball and the upper bound of the upper ball, so the result contains every exact value (outward rounding).

:func:`compile_expression` turns a sympy expression into a :class:`Program` (straight-line code over
shared sub-expressions); :meth:`Program.enclose` returns an interval containing the value of the
expression at every point of a box *where the expression is defined* (a logarithm of ``[a, b]`` with
``a <= 0`` is taken over ``(0, b]``, a reciprocal of ``[0, b]`` over ``(0, b]``, ...), together with a flag
``strict`` that says whether no such clipping was needed (then the expression is defined on the whole
box). Clipping is sound only where every domain point makes the expression defined: the callers decide
those side conditions (:func:`side_conditions`) first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy
from flint import arb, fmpq

from core.errors import invalid

__all__ = ["Interval", "Program", "Forms", "forms_of", "compile_expression", "side_conditions", "to_arb", "from_arb", "EMPTY"]

POS_INF = arb.pos_inf()
NEG_INF = arb.neg_inf()
ZERO = arb(0)


def to_arb(value: Fraction | None, *, infinity: int = 0) -> arb:
    """An exact rational as a (possibly inexact) arb ball; ``None`` as ``±inf`` (sign of ``infinity``)."""
    if value is None:
        return POS_INF if infinity > 0 else NEG_INF
    return arb(fmpq(value.numerator, value.denominator))


def from_arb(value: arb) -> Fraction:
    """An exact finite arb number as a Fraction."""
    q = value.mid().fmpq()
    return Fraction(int(q.p), int(q.q))


def _finite(x: arb) -> bool:
    return x.is_finite()


class Interval:
    """``[lo, hi]`` with exact arb endpoints (``lo`` may be ``-inf``, ``hi`` may be ``+inf``)."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo: arb, hi: arb) -> None:
        self.lo, self.hi = lo, hi

    @classmethod
    def ball(cls, value: arb) -> "Interval":
        """The interval of an arb ball (a thin interval for an exact value)."""
        if not _finite(value):
            return cls(NEG_INF, POS_INF)
        return cls(value.lower(), value.upper())

    @classmethod
    def of(cls, lo: Fraction | None, hi: Fraction | None) -> "Interval":
        """``[lo, hi]`` from exact rational bounds (``None``: unbounded on that side)."""
        low = NEG_INF if lo is None else to_arb(lo).lower()
        high = POS_INF if hi is None else to_arb(hi).upper()
        return cls(low, high)

    def __repr__(self) -> str:
        return f"Interval({self.lo.str(8, radius=False)}, {self.hi.str(8, radius=False)})"

    # -- predicates --------------------------------------------------------------------------------
    def certainly(self, op: str) -> bool:
        """Every value in the interval satisfies ``value op 0``."""
        if op == ">=":
            return self.lo >= 0
        if op == ">":
            return self.lo > 0
        if op == "<=":
            return self.hi <= 0
        if op == "<":
            return self.hi < 0
        if op == "!=":
            return self.lo > 0 or self.hi < 0
        return self.lo == 0 and self.hi == 0           # "=="

    def never(self, op: str) -> bool:
        """No value in the interval satisfies ``value op 0``."""
        opposite = {">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!=", "!=": "=="}[op]
        return self.certainly(opposite)

    @property
    def bounded(self) -> bool:
        return _finite(self.lo) and _finite(self.hi)

    def intersect(self, other: "Interval") -> "Interval":
        lo = self.lo if self.lo >= other.lo else other.lo
        hi = self.hi if self.hi <= other.hi else other.hi
        return Interval(lo, hi) if lo <= hi else self

    # -- arithmetic --------------------------------------------------------------------------------
    def __add__(self, other: "Interval") -> "Interval":
        lo = NEG_INF if not (_finite(self.lo) and _finite(other.lo)) else (self.lo + other.lo).lower()
        hi = POS_INF if not (_finite(self.hi) and _finite(other.hi)) else (self.hi + other.hi).upper()
        return Interval(lo, hi)

    def __neg__(self) -> "Interval":
        return Interval(NEG_INF if not _finite(self.hi) else -self.hi, POS_INF if not _finite(self.lo) else -self.lo)

    def __mul__(self, other: "Interval") -> "Interval":
        pairs = [(a, b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        lows = [_product(a, b, down=True) for a, b in pairs]
        highs = [_product(a, b, down=False) for a, b in pairs]
        return Interval(_least(lows), _greatest(highs))

    def exp(self) -> "Interval":
        lo = ZERO if not _finite(self.lo) else self.lo.exp().lower()
        hi = POS_INF if not _finite(self.hi) else self.hi.exp().upper()
        return Interval(lo, hi)

    def power(self, n: int) -> "Interval":
        """``self**n`` for an integer ``n >= 0``."""
        if n == 0:
            return Interval(arb(1), arb(1))
        if n % 2 == 1 or self.lo >= 0:
            return Interval(_power(self.lo, n, down=True), _power(self.hi, n, down=False))
        if self.hi <= 0:
            return Interval(_power(self.hi, n, down=True), _power(self.lo, n, down=False))
        top = self.hi if self.hi >= -self.lo else -self.lo
        return Interval(ZERO, _power(top, n, down=False))


def _product(a: arb, b: arb, *, down: bool) -> arb:
    if a == 0 or b == 0:
        return ZERO
    if not (_finite(a) and _finite(b)):
        return POS_INF if (a > 0) == (b > 0) else NEG_INF
    value = a * b
    return value.lower() if down else value.upper()


def _power(a: arb, n: int, *, down: bool) -> arb:
    if not _finite(a):
        return POS_INF if (a > 0 or n % 2 == 0) else NEG_INF
    value = a**n
    return value.lower() if down else value.upper()


def _least(values: Sequence[arb]) -> arb:
    best = values[0]
    for v in values[1:]:
        if v < best:
            best = v
    return best


def _greatest(values: Sequence[arb]) -> arb:
    best = values[0]
    for v in values[1:]:
        if v > best:
            best = v
    return best


#: Result of an operation undefined at every point of its argument interval.
EMPTY = None


def _reciprocal(x: Interval) -> tuple[Interval | None, bool]:
    """``1/x`` over the points of ``x`` other than 0; ``strict`` if 0 is not in ``x``."""
    if x.lo > 0 or x.hi < 0:
        lo = ZERO if not _finite(x.hi) else (1 / x.hi).lower()
        hi = ZERO if not _finite(x.lo) else (1 / x.lo).upper()
        return Interval(lo, hi), True
    if x.lo == 0 and x.hi == 0:
        return EMPTY, False
    if x.lo == 0:
        return Interval(ZERO if not _finite(x.hi) else (1 / x.hi).lower(), POS_INF), False
    if x.hi == 0:
        return Interval(NEG_INF, ZERO if not _finite(x.lo) else (1 / x.lo).upper()), False
    return Interval(NEG_INF, POS_INF), False


def _log(x: Interval) -> tuple[Interval | None, bool]:
    if x.hi <= 0:
        return EMPTY, False
    strict = x.lo > 0
    lo = NEG_INF if not strict else x.lo.log().lower()
    hi = POS_INF if not _finite(x.hi) else x.hi.log().upper()
    return Interval(lo, hi), strict


def _root(x: Interval, exponent: Fraction) -> tuple[Interval | None, bool]:
    """``x**exponent`` for a non-integer rational exponent, over the points where it is real: ``x >= 0``
    (``x > 0`` for a negative exponent)."""
    positive = exponent > 0
    if x.hi < 0 or (x.hi == 0 and not positive):
        return EMPTY, False
    strict = x.lo >= 0 if positive else x.lo > 0
    r = arb(fmpq(exponent.numerator, exponent.denominator))

    def at(a: arb, down: bool) -> arb:
        if a <= 0:
            return ZERO if positive else POS_INF
        if not _finite(a):
            return POS_INF if positive else ZERO
        value = (r * a.log()).exp()
        return value.lower() if down else value.upper()

    low, high = (x.lo, x.hi) if positive else (x.hi, x.lo)
    return Interval(at(low, True), at(high, False)), strict


def _abs(x: Interval) -> Interval:
    if x.lo >= 0:
        return x
    if x.hi <= 0:
        return -x
    top = x.hi if x.hi >= -x.lo else -x.lo
    return Interval(ZERO, top)


@dataclass(frozen=True)
class Program:
    """Straight-line code for one expression: ``steps[i]`` computes value ``i`` from earlier values."""

    expression: sympy.Expr
    variables: tuple[sympy.Symbol, ...]
    steps: tuple[tuple[Any, ...], ...]

    def enclose(self, box: Sequence[Interval]) -> tuple[Interval | None, bool]:
        """An interval containing the expression's value at every point of ``box`` where it is defined
        (``None`` if it is defined nowhere there), and whether it is defined on the whole box."""
        values: list[Interval | None] = []
        strict = True
        for step in self.steps:
            kind = step[0]
            if kind == "var":
                values.append(box[step[1]])
                continue
            if kind == "const":
                values.append(step[1])
                continue
            args = [values[i] for i in step[1]]
            if any(a is EMPTY for a in args):
                return EMPTY, False
            result: Interval | None
            if kind == "add":
                result = args[0]
                for a in args[1:]:
                    result = result + a
            elif kind == "mul":
                result = args[0]
                for a in args[1:]:
                    result = result * a
            elif kind == "pow":
                n = step[2]
                result = args[0].power(abs(n))
                if n < 0:
                    result, ok = _reciprocal(result)
                    strict = strict and ok
            elif kind == "root":
                result, ok = _root(args[0], step[2])
                strict = strict and ok
            elif kind == "exp":
                result = args[0].exp()
            elif kind == "log":
                result, ok = _log(args[0])
                strict = strict and ok
            else:  # "abs"
                result = _abs(args[0])
            values.append(result)
        return values[-1], strict

    def at(self, point: Sequence[Fraction]) -> tuple[Interval | None, bool]:
        """The enclosure at one exact point (a thin box)."""
        return self.enclose([Interval.ball(to_arb(v)) for v in point])


@dataclass(frozen=True)
class Forms:
    """Several programs of the same function (the expression as given, and sympy's factored form): each
    enclosure contains the values, so their intersection does too; definedness is the first one's."""

    programs: tuple[Program, ...]

    def enclose(self, box: Sequence[Interval]) -> tuple[Interval | None, bool]:
        value, strict = self.programs[0].enclose(box)
        if value is None:
            return value, strict
        for other in self.programs[1:]:
            alternative, _ = other.enclose(box)
            if alternative is not None:
                value = value.intersect(alternative)
        return value, strict

    def at(self, point: Sequence[Fraction]) -> tuple[Interval | None, bool]:
        return self.enclose([Interval.ball(to_arb(v)) for v in point])


def forms_of(expr: sympy.Expr, variables: Sequence[sympy.Symbol], *, largest: int = 150,
             factored: bool = True) -> Forms:
    """The :class:`Forms` of ``expr``: as given, and (``factored``) ``factor(together(expr))`` when sympy finds
    a different one for an expression of at most ``largest`` operations (a product of factors of known
    sign encloses far better than a difference of terms that both blow up)."""
    programs = [compile_expression(expr, variables)]
    if factored and sympy.count_ops(expr) <= largest:
        try:
            factored = sympy.factor(sympy.together(expr))
            if factored != expr:
                programs.append(compile_expression(factored, variables))
        except (ValueError, TypeError, NotImplementedError, sympy.PolynomialError):
            pass
    return Forms(tuple(programs))


def compile_expression(expr: sympy.Expr, variables: Sequence[sympy.Symbol]) -> Program:
    """The :class:`Program` of ``expr`` (rational functions of the variables, ``exp``, ``log``, ``sqrt``,
    rational powers, ``b**e`` as ``exp(e*log(b))``, ``Abs``, the constants ``pi`` and ``E``); anything else
    raises ``InvalidArgument``.
    Call inside an active arb context: constants are rounded at its precision."""
    index = {s: i for i, s in enumerate(variables)}
    steps: list[tuple[Any, ...]] = []
    seen: dict[sympy.Expr, int] = {}

    def emit(step: tuple[Any, ...]) -> int:
        steps.append(step)
        return len(steps) - 1

    def walk(node: sympy.Expr) -> int:
        if node in seen:
            return seen[node]
        if node.is_Symbol:
            if node not in index:
                raise invalid("expr", str(expr), f"symbol {node} is not a variable of the problem")
            slot = emit(("var", index[node]))
        elif node.is_Rational:
            slot = emit(("const", Interval.ball(to_arb(Fraction(int(node.p), int(node.q))))))
        elif node is sympy.pi:
            slot = emit(("const", Interval.ball(arb.pi())))
        elif node is sympy.E:
            slot = emit(("const", Interval.ball(arb(1).exp())))
        elif node.is_Float:
            slot = emit(("const", Interval.ball(to_arb(Fraction(str(node))))))
        elif node.is_Add:
            slot = emit(("add", tuple(walk(a) for a in node.args)))
        elif node.is_Mul:
            slot = emit(("mul", tuple(walk(a) for a in node.args)))
        elif node.is_Pow and node.exp.is_Integer:
            slot = emit(("pow", (walk(node.base),), int(node.exp)))
        elif node.is_Pow and node.exp.is_Rational:
            slot = emit(("root", (walk(node.base),), Fraction(int(node.exp.p), int(node.exp.q))))
        elif node.is_Pow and node.base is sympy.E:
            slot = emit(("exp", (walk(node.exp),)))
        elif node.is_Pow:                                   # b**e = exp(e*log(b)), for b > 0
            logarithm = emit(("log", (walk(node.base),)))
            slot = emit(("exp", (emit(("mul", (walk(node.exp), logarithm))),)))
        elif isinstance(node, sympy.exp):
            slot = emit(("exp", (walk(node.args[0]),)))
        elif isinstance(node, sympy.log) and len(node.args) == 1:
            slot = emit(("log", (walk(node.args[0]),)))
        elif isinstance(node, sympy.Abs):
            slot = emit(("abs", (walk(node.args[0]),)))
        else:
            raise invalid("expr", str(expr), f"{node} is outside what the interval decider evaluates "
                          "(rational functions, exp, log, sqrt, rational powers, Abs)")
        seen[node] = slot
        return slot

    walk(expr)
    return Program(expr, tuple(variables), tuple(steps))


def side_conditions(expr: sympy.Expr) -> list[tuple[sympy.Expr, str, str]]:
    """``(u, op, why)``: where ``expr`` is defined, ``u op 0`` holds (a logarithm's argument ``> 0``, a
    denominator ``!= 0``, the base of a square root ``>= 0``); obvious ones (sympy: positive) are left out."""
    found: dict[tuple[sympy.Expr, str], str] = {}
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.log):
            found.setdefault((node.args[0], ">"), f"argument of {node}")
        elif node.is_Pow and node.exp.is_Rational and not node.exp.is_Integer:
            op = ">=" if node.exp > 0 else ">"
            found.setdefault((node.base, op), f"base of {node}")
        elif node.is_Pow and node.exp.is_Integer and node.exp < 0:
            found.setdefault((node.base, "!="), f"denominator of {expr}")
        elif node.is_Pow and not node.exp.is_number and node.base is not sympy.E:
            found.setdefault((node.base, ">"), f"base of {node}")
    kept = []
    for (u, op), why in found.items():
        if u.is_positive or (op == ">=" and u.is_nonnegative) or (op == "!=" and u.is_nonzero):
            continue
        if (u, ">") in found and op in (">=", "!="):
            continue
        kept.append((u, op, why))
    return kept


def box_of(bounds: Mapping[sympy.Symbol, tuple[Fraction | None, Fraction | None]],
           variables: Sequence[sympy.Symbol]) -> list[Interval]:
    """The intervals of a box given by exact bounds per variable."""
    return [Interval.of(*bounds[s]) for s in variables]
