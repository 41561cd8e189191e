"""Small statistics helpers of the mean-estimation report (004): the standard normal law in a numbers
context, normal quantiles, and the coverage of a confidence interval estimated by simulation, with a
binomial confidence interval of that coverage.

Source: 004_7922466618fe9fb7.txt §3.1–3.2 (the intervals use ``z*_{α/2}``, read as the upper α/2
quantile Φ^{-1}(1 - α/2) of the standard normal).

Every function of the normal law takes a :class:`core.context.NumbersContext` (``mpf(dps)`` or
``arb(dps)``; default ``mpf(DEFAULT_DPS)``) and returns that context's numbers, so one formula serves the
working precision, a second precision and certified balls; nothing is computed at 53-bit floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.context import DEFAULT_DPS, NumbersContext, mpf
from core.errors import invalid

__all__ = ["z_quantile", "normal_cdf_in", "normal_pdf", "numbers", "as_number", "SimulatedCoverage", "check_alpha",
           "open_unit_rational"]

#: Confidence level of the binomial interval reported around a simulated coverage.
COVERAGE_CONFIDENCE = Fraction(999, 1000)


def open_unit_rational(name: str, value: Fraction | float | int | str, meaning: str) -> Fraction:
    """``value`` as an exact rational strictly inside (0, 1), else :class:`InvalidArgument` naming it."""
    try:
        r = Fraction(value)
    except (TypeError, ValueError):
        raise invalid(name, value, "not a number") from None
    if not 0 < r < 1:
        raise invalid(name, value, f"{meaning} lies strictly between 0 and 1")
    return r


def check_alpha(alpha: Fraction | float | int | str) -> Fraction:
    """``alpha`` as an exact rational in (0, 1), else :class:`InvalidArgument` naming it."""
    return open_unit_rational("alpha", alpha, "a significance level")


def numbers(ctx: NumbersContext | None) -> NumbersContext:
    """``ctx``, or the working precision ``mpf(DEFAULT_DPS)``; the exact context has no normal law."""
    ctx = mpf(DEFAULT_DPS) if ctx is None else ctx
    if not isinstance(ctx, NumbersContext):
        raise invalid("ctx", ctx, "not a numbers context", "use core.context.mpf(dps) or arb(dps)")
    if ctx.is_exact:
        raise invalid("ctx", ctx, "the normal law has no exact rational values", "use mpf(dps) or arb(dps)")
    return ctx


def normal_cdf_in(x: Any, ctx: NumbersContext | None = None) -> Any:
    """Φ(x) in ``ctx`` (x a number of ``ctx``, or an exact rational); Φ(x) = erfc(-x/√2)/2 for balls."""
    ctx = numbers(ctx)
    with ctx.active():
        x = as_number(x, ctx)
        if ctx.kind == "arb":
            return (-x / ctx.sqrt(ctx.number(2))).erfc() / 2
        import mpmath

        return +mpmath.ncdf(x)


def normal_pdf(x: Any, ctx: NumbersContext | None = None) -> Any:
    """φ(x) = e^{-x²/2}/√(2π) in ``ctx``."""
    ctx = numbers(ctx)
    with ctx.active():
        x = as_number(x, ctx)
        return ctx.exp(-x * x / 2) / ctx.sqrt(2 * ctx.pi())


def z_quantile(alpha: Fraction | float | str, ctx: NumbersContext | None = None) -> Any:
    """z*_{α/2} = Φ^{-1}(1 - α/2) = √2 erfinv(1 - α), the upper α/2 quantile of N(0, 1), in ``ctx``."""
    a = check_alpha(alpha)
    ctx = numbers(ctx)
    with ctx.active():
        one_minus = ctx.number(1 - a)
        if ctx.kind == "arb":
            return ctx.sqrt(ctx.number(2)) * one_minus.erfinv()
        import mpmath

        return +mpmath.sqrt(2) * mpmath.erfinv(one_minus)


def as_number(x: Any, ctx: NumbersContext) -> Any:
    """An exact rational becomes a number of ``ctx``; a number of ``ctx`` is returned as it is."""
    module = type(x).__module__ or ""
    if module.startswith("mpmath") or module.startswith("flint"):
        return x
    return ctx.number(x)


@dataclass(frozen=True)
class SimulatedCoverage:
    """How often a simulated interval covered its target: ``hits`` of ``replicates`` (seed ``seed``).

    ``interval()`` is the Wilson score interval for the true coverage at confidence
    :data:`COVERAGE_CONFIDENCE` (two-sided normal quantile z = Φ^{-1}(0.9995) ≈ 3.29).
    """

    hits: int
    replicates: int
    seed: int
    nominal: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.replicates, int) or self.replicates < 1:
            raise invalid("replicates", self.replicates, "must be a positive integer")
        if not 0 <= self.hits <= self.replicates:
            raise invalid("hits", self.hits, f"must lie in [0, replicates={self.replicates}]")
        object.__setattr__(self, "nominal", Fraction(self.nominal))

    @property
    def estimate(self) -> float:
        return self.hits / self.replicates

    def interval(self) -> tuple[float, float]:
        """Wilson score interval (lo, hi) for the coverage, confidence 99.9 %."""
        z = float(z_quantile(1 - COVERAGE_CONFIDENCE))  # a display figure
        n, phat = self.replicates, self.hits / self.replicates
        centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def below_nominal(self) -> bool:
        """The whole interval lies strictly below the nominal coverage 1 - α."""
        return self.interval()[1] < float(self.nominal)

    def consistent_with_nominal(self) -> bool:
        """The interval reaches the nominal coverage (contains it or lies above it)."""
        return self.interval()[1] >= float(self.nominal)

    def to_detail(self) -> dict:
        lo, hi = self.interval()
        return {"replicates": self.replicates, "seed": self.seed, "hits": self.hits,
                "coverage": round(self.estimate, 6), "coverage interval (Wilson, 99.9%)": [round(lo, 6), round(hi, 6)],
                "nominal": self.nominal}
