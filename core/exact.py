"""Exact numbers: the one conversion of user values to rationals, and exact values to JSON.

* :func:`as_fraction`: ints, Fractions, sympy Rationals, decimal strings ``"0.3"``, fractions ``"3/10"``,
  floats and mpf values (which are binary rationals) become a :class:`fractions.Fraction` exactly;
  nothing is ever rounded or guessed (a sympy ``Float`` is converted from its binary value, never
  through ``nsimplify``);
* :func:`exact_or_none`: the same for values that are already exact rationals, ``None`` otherwise;
* :func:`jsonable` / :func:`parse_exact`: rationals become strings ``"a/b"`` (integers stay integers),
  so a counterexample printed in JSON can be pasted back into ``Fraction`` or ``sympy.Rational``
  without loss. Floats stay floats; mpmath and other sympy values become their decimal or printed string.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from numbers import Integral, Rational
from typing import Any

from core.errors import invalid

__all__ = ["as_fraction", "exact_or_none", "jsonable", "parse_exact"]


def jsonable(value: Any) -> Any:
    """Return ``value`` as JSON-able data, exact where the value is exact."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        if math.isinf(value):
            return "oo" if value > 0 else "-oo"
        if math.isnan(value):
            return "nan"
        return value
    if isinstance(value, Mapping):
        return {str(_key(k)): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(v) for v in value), key=str)
    module = type(value).__module__ or ""
    if module.startswith("sympy"):
        import sympy

        if isinstance(value, sympy.Integer):
            return int(value)
        if isinstance(value, sympy.Rational):
            return f"{value.p}/{value.q}"
        return str(value)
    if module.startswith("numpy"):
        item = value.item() if hasattr(value, "item") and getattr(value, "ndim", 0) == 0 else value.tolist()
        return jsonable(item)
    if module.startswith("mpmath"):
        import mpmath

        return mpmath.nstr(value, 30)
    if module.startswith("flint"):
        return str(value)
    return str(value)


def _key(key: Any) -> Any:
    if isinstance(key, (set, frozenset)):
        return "{" + ",".join(sorted(map(str, key))) + "}"
    return key


def parse_exact(text: str | int) -> Fraction:
    """Inverse of :func:`jsonable` for rationals: ``"3/5"`` -> ``Fraction(3, 5)``."""
    return Fraction(text)


def exact_or_none(value: Any) -> Fraction | None:
    """``value`` as a Fraction when it is an exact rational (int, Fraction, sympy Rational), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction, Rational)):
        return Fraction(value)
    module = type(value).__module__ or ""
    if module.startswith("sympy") and getattr(value, "is_Rational", False):
        return Fraction(int(value.p), int(value.q))
    if module.startswith("flint") and type(value).__name__ in ("fmpz", "fmpq"):
        return Fraction(str(value))
    return None


def as_fraction(name: str, value: Any) -> Fraction:
    """``value`` as an exact rational, or ``InvalidArgument`` naming ``name``.

    Accepted: ints, Fractions, sympy Rationals and Floats, python-flint fmpz/fmpq, decimal or fraction
    strings (``"0.3"`` is 3/10, ``"3/10"``), Python floats and mpmath mpf (converted from their exact
    binary value: ``0.1`` is 3602879701896397/36028797018963968). Booleans, NaN and infinities are not
    numbers here."""
    exact = exact_or_none(value)
    if exact is not None:
        return exact
    try:
        if isinstance(value, bool):
            raise TypeError
        module = type(value).__module__ or ""
        if module.startswith("sympy"):
            if getattr(value, "is_Float", False):
                import mpmath

                value = mpmath.mpf(value._mpf_)
                module = "mpmath"
            else:
                raise TypeError
        if module.startswith("mpmath"):
            import mpmath

            if not mpmath.isfinite(value):
                raise TypeError
            man, exp = value.man_exp
            return Fraction(int(man)) * Fraction(2) ** int(exp)
        if isinstance(value, float) and not math.isfinite(value):
            raise TypeError
        if isinstance(value, str) and len(value) > 200:
            raise TypeError
        return Fraction(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise invalid(name, value, "not a rational number") from None
