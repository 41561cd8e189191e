"""The numbers context: one formula, evaluated exactly, at ``dps`` digits, or in certified balls.

Every high-precision number of the toolkit is computed through a :class:`NumbersContext`, never at
Python's default 53-bit floats and never by setting a global precision (mpmath's ``mp.dps`` is only
changed inside :meth:`NumbersContext.active`, and restored in ``finally``):

* :data:`EXACT`: :class:`fractions.Fraction` arithmetic; ``exp``/``log``/``sqrt`` of a rational that is
  not exact raise :class:`~core.errors.InvalidArgument` (they have no exact rational value);
* :func:`mpf` ``(dps)``: mpmath ``mpf`` numbers at ``dps`` significant digits;
* :func:`arb` ``(dps)``: python-flint ``arb`` balls whose radius rigorously bounds the error.

A formula is written once against a context (``ctx.number``, ``ctx.exp``, ``ctx.log``, ``ctx.sqrt``,
and Python's ``+ - * / **`` on the values it returns), or given as a sympy expression to
:meth:`NumbersContext.evaluate`. A numerical discrepancy becomes evidence only when it is seen at two
precisions that are both at least the working one (:meth:`NumbersContext.confirmations`), or exactly.

Example::

    from core.context import EXACT, mpf, arb
    with mpf(50).active() as ctx:
        ctx.evaluate("exp(x) - 1 - x", {"x": "1/3"})       # an mpf with 50 significant digits
    arb(50).evaluate(sympy.exp(x) - 1 - x, {"x": "1/3"})  # a ball containing the exact value
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.errors import InvalidArgument, invalid
from core.exact import as_fraction
from core.formula import as_sympy
from core.types import ExprLike, NumberLike, Values

if TYPE_CHECKING:
    import sympy

__all__ = ["NumbersContext", "EXACT", "mpf", "arb", "MIN_DPS", "DEFAULT_DPS", "context", "closed_sign"]

#: The smallest precision a context accepts: well above the 15-16 digits of a double.
MIN_DPS = 20
#: The working precision of the toolkit's numerical evidence.
DEFAULT_DPS = 50

_KINDS = ("exact", "mpf", "arb")


@dataclass(frozen=True)
class NumbersContext:
    """How numbers are computed: ``kind`` is ``"exact"``, ``"mpf"`` or ``"arb"``; ``dps`` the decimal
    digits of the two approximate kinds (``None`` for exact).

    Build contexts with :data:`EXACT`, :func:`mpf` and :func:`arb` rather than directly."""

    kind: str
    dps: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise invalid("kind", self.kind, f"must be one of {list(_KINDS)}")
        if self.kind == "exact":
            if self.dps is not None:
                raise invalid("dps", self.dps, "an exact context has no precision")
            return
        if isinstance(self.dps, bool) or not isinstance(self.dps, int) or self.dps < MIN_DPS:
            raise invalid("dps", self.dps, f"must be an integer >= {MIN_DPS} (more than double precision)",
                          f"use mpf({DEFAULT_DPS}) or arb({DEFAULT_DPS})")

    # -------------------------------------------------------------------------------------- precision
    @property
    def prec(self) -> int | None:
        """Working precision in bits (``None`` for exact)."""
        return None if self.dps is None else int(math.ceil(self.dps * math.log2(10))) + 8

    @property
    def is_exact(self) -> bool:
        return self.kind == "exact"

    def at(self, dps: int) -> "NumbersContext":
        """The same kind of context at ``dps`` digits."""
        if self.is_exact:
            return self
        return NumbersContext(self.kind, dps)

    def confirmations(self) -> tuple["NumbersContext", "NumbersContext"]:
        """Two contexts, both at least this one's precision (this one, and twice its digits), for
        confirming a numerical discrepancy; the exact context confirms itself once."""
        if self.is_exact:
            return (self, self)
        return (self, self.at(2 * self.dps))

    @property
    def tolerance(self) -> Fraction:
        """A relative tolerance that follows the working precision: ``10^-(dps - 10)`` (0 when exact)."""
        if self.is_exact:
            return Fraction(0)
        return Fraction(1, 10 ** (self.dps - 10))

    @contextlib.contextmanager
    def active(self) -> Iterator["NumbersContext"]:
        """Set the working precision of mpmath / python-flint for the block, restored afterwards."""
        if self.kind == "mpf":
            import mpmath

            with mpmath.workdps(self.dps):
                yield self
        elif self.kind == "arb":
            from flint import ctx as flint_ctx

            saved = flint_ctx.prec
            flint_ctx.prec = self.prec
            try:
                yield self
            finally:
                flint_ctx.prec = saved
        else:
            yield self

    # ----------------------------------------------------------------------------------- arithmetic
    def number(self, value: NumberLike) -> Any:
        """``value`` (any exact rational: int, Fraction, sympy Rational, ``"3/10"``) as a number of this
        context. Call inside :meth:`active` for the approximate kinds."""
        exact = as_fraction("value", value)
        if self.kind == "exact":
            return exact
        if self.kind == "mpf":
            import mpmath

            return mpmath.mpf(exact.numerator) / exact.denominator
        from flint import arb as flint_arb, fmpq

        return flint_arb(fmpq(exact.numerator, exact.denominator))

    def converter(self) -> Callable[[int | Fraction], Any]:
        """A fast :meth:`number` for values already exact (``int`` or ``Fraction``), for bulk use: the
        conversion is bound once. Like :meth:`number`, call the result inside :meth:`active`."""
        if self.kind == "exact":
            return Fraction
        if self.kind == "mpf":
            import mpmath

            mpf_type = mpmath.mpf
            return lambda v: mpf_type(v) if isinstance(v, int) else mpf_type(v.numerator) / v.denominator
        from flint import arb as flint_arb, fmpq

        return lambda v: flint_arb(v) if isinstance(v, int) else flint_arb(fmpq(v.numerator, v.denominator))

    def exp(self, x: Any) -> Any:
        return self._unary("exp", x)

    def log(self, x: Any) -> Any:
        return self._unary("log", x)

    def sqrt(self, x: Any) -> Any:
        return self._unary("sqrt", x)

    def pi(self) -> Any:
        return self._constant("pi")

    def e(self) -> Any:
        return self._constant("e")

    def _unary(self, name: str, x: Any) -> Any:
        if self.kind == "exact":
            x = as_fraction("x", x)
            if name == "exp" and x == 0:
                return Fraction(1)
            if name == "log" and x == 1:
                return Fraction(0)
            if name == "sqrt" and x >= 0:
                root = _exact_sqrt(x)
                if root is not None:
                    return root
            raise invalid(name, str(x), "has no exact rational value", "evaluate in mpf(dps) or arb(dps)")
        if self.kind == "mpf":
            import mpmath

            if name == "log" and not x > 0:
                raise invalid("log", x, "needs a positive argument")
            if name == "sqrt" and x < 0:
                raise invalid("sqrt", x, "needs a non-negative argument")
            return getattr(mpmath, name)(x)
        if name == "log" and not x > 0:
            raise invalid("log", x, "needs a positive argument (or a ball that excludes 0)")
        return getattr(x, name)()

    def _constant(self, name: str) -> Any:
        if self.kind == "exact":
            raise invalid(name, name, "has no exact rational value", "evaluate in mpf(dps) or arb(dps)")
        if self.kind == "mpf":
            import mpmath

            return +getattr(mpmath, name)
        from flint import arb as flint_arb

        return flint_arb.pi() if name == "pi" else flint_arb(1).exp()

    def evaluate(self, expression: ExprLike, values: Values | None = None) -> Any:
        """The value of a sympy expression (or a formula string, parsed safely by
        :func:`core.formula.parse_formula`) with its symbols, matched by name, set to ``values``.

        Rational sub-expressions stay exact until they meet an approximate operation; the approximate
        kinds work at this context's precision (the call activates it). Finite sums ``Sum(term, (k, lo,
        hi))``, ``binomial`` and ``factorial`` are evaluated term by term when their bounds and arguments
        are integers at ``values``; a power whose exponent is an integer at ``values`` (``0**(n-1)``) is
        an exact power."""
        expression = as_sympy(expression, name="expression")
        given = {str(k): v for k, v in (values or {}).items()}
        missing = sorted(s.name for s in expression.free_symbols if s.name not in given)
        if missing:
            raise invalid("values", sorted(given), f"no value for {missing}")
        exact = {k: as_fraction(k, v) for k, v in given.items()}
        with self.active():
            return _Walk(self, exact).run(expression)

    def __repr__(self) -> str:
        return "EXACT" if self.is_exact else f"{self.kind}({self.dps})"

    def describe(self) -> str:
        """How the numbers were computed, for an evidence's domain or detail."""
        if self.is_exact:
            return "exact rational arithmetic"
        if self.kind == "mpf":
            return f"{self.dps} significant digits (mpmath)"
        return f"{self.dps}-digit certified balls (python-flint arb)"


#: Exact rational arithmetic (Fractions).
EXACT = NumbersContext("exact")


def mpf(dps: int = DEFAULT_DPS) -> NumbersContext:
    """An mpmath context at ``dps`` significant digits (``dps >= MIN_DPS``)."""
    return NumbersContext("mpf", dps)


def arb(dps: int = DEFAULT_DPS) -> NumbersContext:
    """A python-flint ball context at ``dps`` digits (``dps >= MIN_DPS``): results enclose exact values."""
    return NumbersContext("arb", dps)


def context(kind: str, dps: int | None = None) -> NumbersContext:
    """The context called ``kind`` (``"exact"``, ``"mpf"``, ``"arb"``) at ``dps`` digits."""
    if kind == "exact":
        return EXACT
    return NumbersContext(kind, DEFAULT_DPS if dps is None else dps)


#: How :func:`closed_sign` decided a sign: exactly (a rational), or by balls agreeing at two precisions.
EXACT_SIGN = "exact"
TWO_PRECISIONS = "two-precisions"


def closed_sign(value: Any, values: Mapping[str, Any] | None = None, *,
                dps: int = DEFAULT_DPS) -> tuple[int | None, str | None]:
    """The sign (1, -1 or 0) of a closed real number and how it was decided, the one rule of the toolkit.

    ``value`` is a sympy expression whose symbols, matched by name, are set to the exact ``values``. A
    rational value has its exact sign (``"exact"``); otherwise the sign is read from python-flint balls
    at both precisions of ``arb(dps).confirmations()`` (``dps`` and twice it, both at least the working
    one: ``"two-precisions"``), where a ball that excludes 0 has the sign of every number in it and a ball
    that is exactly 0 is 0, and kept only when both precisions show the same sign. ``(None, None)`` when
    the value is undefined (infinite, nan, a division by zero), cannot be evaluated, or a ball holds 0
    at either precision: an exact test of zero (an identity, a simplification) is the caller's to add."""
    import sympy

    given = {str(k): as_fraction(str(k), v) for k, v in (values or {}).items()}
    closed = value.xreplace({s: sympy.Rational(given[s.name].numerator, given[s.name].denominator)
                             for s in value.free_symbols if s.name in given}) if given else value
    if closed.is_Rational:
        return int(closed.p > 0) - int(closed.p < 0), EXACT_SIGN
    if closed.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return None, None
    signs = set()
    for each in arb(dps).confirmations():
        try:
            ball = each.evaluate(value, given)
        except (TypeError, ValueError, ArithmeticError):
            return None, None
        signs.add(1 if ball > 0 else -1 if ball < 0 else 0 if ball.is_exact() and ball == 0 else None)
    if len(signs) != 1 or None in signs:
        return None, None
    return signs.pop(), TWO_PRECISIONS


def _exact_sqrt(x: Fraction) -> Fraction | None:
    num, den = math.isqrt(x.numerator), math.isqrt(x.denominator)
    if num * num == x.numerator and den * den == x.denominator:
        return Fraction(num, den)
    return None


_FUNCTIONS: dict[str, Callable[[NumbersContext, Any], Any]] = {
    "exp": NumbersContext.exp, "log": NumbersContext.log, "sqrt": NumbersContext.sqrt,
}


class _Walk:
    """Evaluates a sympy tree bottom-up with a context's numbers (no lambdify, no eval).

    ``exact`` holds the exact value of every symbol; integer-valued parts (sum bounds, arguments of
    ``binomial``/``factorial``, exponents) are evaluated with it, the rest in ``ctx``."""

    def __init__(self, ctx: NumbersContext, exact: dict[str, Fraction],
                 values: dict[str, Any] | None = None) -> None:
        self.ctx = ctx
        self.exact = exact
        self.convert = ctx.converter()
        self.values = values if values is not None else {k: self.convert(v) for k, v in exact.items()}
        self._exact_walk: _Walk | None = self if ctx.is_exact else None

    def integer(self, expr: sympy.Basic) -> int | None:
        """The exact integer value of ``expr`` at the values, ``None`` when it is not an integer."""
        if self._exact_walk is None:
            self._exact_walk = _Walk(EXACT, self.exact, self.exact)
        try:
            value = self._exact_walk.run(expr)
        except InvalidArgument:
            return None
        return int(value) if isinstance(value, Fraction) and value.denominator == 1 else None

    def run(self, expr: sympy.Basic) -> Any:
        import sympy

        ctx = self.ctx
        if expr.is_Symbol:
            return self.values[expr.name]
        if expr.is_Integer:
            return self.convert(int(expr.p))
        if expr.is_Rational:
            return self.convert(Fraction(int(expr.p), int(expr.q)))
        if expr is sympy.pi:
            return ctx.pi()
        if expr is sympy.E:
            return ctx.e()
        if expr.is_Float:
            return ctx.number(as_fraction("float", expr))
        if expr.is_Add or expr.is_Mul:
            result = None
            for arg in expr.args:
                value = self.run(arg)
                result = value if result is None else (result + value if expr.is_Add else result * value)
            return result
        if expr.is_Pow:
            return self.power(*expr.args, expr)
        if isinstance(expr, sympy.Sum):
            return self.finite_sum(expr)
        if isinstance(expr, (sympy.binomial, sympy.factorial)):
            return self.combinatorial(expr)
        if isinstance(expr, sympy.Function) and type(expr).__name__ in _FUNCTIONS:
            (arg,) = expr.args
            return _FUNCTIONS[type(expr).__name__](ctx, self.run(arg))
        if isinstance(expr, sympy.Abs):
            return abs(self.run(expr.args[0]))
        raise invalid("expression", str(expr), f"{type(expr).__name__} cannot be evaluated in a numbers context")

    def power(self, base: sympy.Basic, exponent: sympy.Basic, expr: sympy.Basic) -> Any:
        import sympy

        k = int(exponent) if exponent.is_Integer else self.integer(exponent)
        if k is not None:
            value = self.run(base)
            if k < 0 and value == 0:
                raise invalid("expression", str(expr), "divides by zero at these values")
            return value ** k
        if exponent == sympy.Rational(1, 2):
            return self.ctx.sqrt(self.run(base))
        if exponent == sympy.Rational(-1, 2):
            return 1 / self.ctx.sqrt(self.run(base))
        b, e = self.run(base), self.run(exponent)
        if self.ctx.is_exact:
            raise invalid("expression", str(expr), "a non-integer power has no exact rational value",
                          "evaluate in mpf(dps) or arb(dps)")
        return self.ctx.exp(e * self.ctx.log(b))

    def finite_sum(self, expr: sympy.Sum) -> Any:
        term, (index, lo, hi) = expr.args[0], expr.args[1]
        bounds = self.integer(lo), self.integer(hi)
        if None in bounds:
            raise invalid("expression", str(expr), "a sum is evaluated only when its bounds are integers")
        exact = dict(self.exact)
        inner = _Walk(self.ctx, exact, exact if self.ctx.is_exact else dict(self.values))
        total = self.convert(0)
        for i in range(bounds[0], bounds[1] + 1):
            exact[index.name] = Fraction(i)
            if not self.ctx.is_exact:
                inner.values[index.name] = self.convert(i)
            total = total + inner.run(term)
        return total

    def combinatorial(self, expr: sympy.Function) -> Any:
        import sympy

        args = [self.integer(a) for a in expr.args]
        if None in args:
            raise invalid("expression", str(expr), "binomial and factorial are evaluated only at integers")
        if isinstance(expr, sympy.factorial):
            if args[0] < 0:
                raise invalid("expression", str(expr), "the factorial of a negative integer is undefined")
            return self.convert(math.factorial(args[0]))
        top, bottom = args
        if top >= 0:
            return self.convert(math.comb(top, bottom) if 0 <= bottom <= top else 0)
        return self.convert(int(sympy.binomial(top, bottom)))
