"""Conversion of exact and high-precision values to JSON-able data.

Rationals become strings ``"a/b"`` (integers stay integers), so a counterexample printed in JSON can be
pasted back into :class:`fractions.Fraction` or ``sympy.Rational`` without loss. Floats stay floats;
mpmath and other sympy values become their decimal or printed string.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from numbers import Integral
from typing import Any

__all__ = ["jsonable", "parse_exact"]


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
