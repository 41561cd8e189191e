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
from typing import Any

from core.errors import invalid
from core.exact import as_fraction

__all__ = ["NumbersContext", "EXACT", "mpf", "arb", "MIN_DPS", "DEFAULT_DPS", "context"]

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
    def number(self, value: Any) -> Any:
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
            raise invalid(name, x, "has no exact rational value", "evaluate in mpf(dps) or arb(dps)")
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

    def evaluate(self, expression: Any, values: Mapping[str, Any] | None = None) -> Any:
        """The value of a sympy expression (or a formula string, parsed safely by
        :func:`core.formula.parse_formula`) with its symbols, matched by name, set to ``values``.

        Rational sub-expressions stay exact until they meet an approximate operation; the approximate
        kinds work at this context's precision (the call activates it)."""
        import sympy

        if isinstance(expression, str):
            from core.formula import parse_formula

            expression = parse_formula(expression)
        expression = sympy.sympify(expression) if not isinstance(expression, sympy.Basic) else expression
        given = {str(k): v for k, v in (values or {}).items()}
        missing = sorted(s.name for s in expression.free_symbols if s.name not in given)
        if missing:
            raise invalid("values", sorted(given), f"no value for {missing}")
        with self.active():
            return _walk(expression, {k: self.number(v) for k, v in given.items()}, self)

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


def _exact_sqrt(x: Fraction) -> Fraction | None:
    num, den = math.isqrt(x.numerator), math.isqrt(x.denominator)
    if num * num == x.numerator and den * den == x.denominator:
        return Fraction(num, den)
    return None


_FUNCTIONS: dict[str, Callable[[NumbersContext, Any], Any]] = {
    "exp": NumbersContext.exp, "log": NumbersContext.log, "sqrt": NumbersContext.sqrt,
}


def _walk(expr: Any, values: Mapping[str, Any], ctx: NumbersContext) -> Any:
    """Evaluate a sympy tree bottom-up with the context's numbers (no lambdify, no eval)."""
    import sympy

    if expr.is_Symbol:
        return values[expr.name]
    if expr.is_Integer or expr.is_Rational:
        return ctx.number(Fraction(int(expr.p), int(expr.q)))
    if expr is sympy.pi:
        return ctx.pi()
    if expr is sympy.E:
        return ctx.e()
    if expr.is_Float:
        return ctx.number(as_fraction("float", expr))
    if expr.is_Add:
        total = None
        for arg in expr.args:
            value = _walk(arg, values, ctx)
            total = value if total is None else total + value
        return total
    if expr.is_Mul:
        product = None
        for arg in expr.args:
            value = _walk(arg, values, ctx)
            product = value if product is None else product * value
        return product
    if expr.is_Pow:
        base, exponent = expr.args
        if exponent.is_Integer:
            value = _walk(base, values, ctx)
            k = int(exponent)
            if k < 0 and value == 0:
                raise invalid("expression", str(expr), "divides by zero at these values")
            return value ** k
        if exponent == sympy.Rational(1, 2):
            return ctx.sqrt(_walk(base, values, ctx))
        if exponent == sympy.Rational(-1, 2):
            return 1 / ctx.sqrt(_walk(base, values, ctx))
        b = _walk(base, values, ctx)
        e = _walk(exponent, values, ctx)
        if ctx.is_exact:
            raise invalid("expression", str(expr), "a non-integer power has no exact rational value",
                          "evaluate in mpf(dps) or arb(dps)")
        return ctx.exp(e * ctx.log(b))
    if isinstance(expr, sympy.Function) and type(expr).__name__ in _FUNCTIONS:
        (arg,) = expr.args
        return _FUNCTIONS[type(expr).__name__](ctx, _walk(arg, values, ctx))
    if isinstance(expr, sympy.Abs):
        value = _walk(expr.args[0], values, ctx)
        return abs(value)
    raise invalid("expression", str(expr), f"{type(expr).__name__} cannot be evaluated in a numbers context")
