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
import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational
from typing import Any

from core.errors import invalid

__all__ = ["as_fraction", "exact_or_none", "jsonable", "parse_exact", "MAX_NUMBER_LENGTH", "MAX_EXPONENT"]


def jsonable(value: object) -> Any:
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
        item = value.item() if hasattr(value, "item") and getattr(value, "ndim", 0) == 0 else value.tolist()  # type: ignore[attr-defined]
        return jsonable(item)
    if module.startswith("mpmath"):
        import mpmath

        return mpmath.nstr(value, 30)
    if module.startswith("flint"):
        return str(value)
    return str(value)


def _key(key: object) -> object:
    if isinstance(key, (set, frozenset)):
        return "{" + ",".join(sorted(map(str, key))) + "}"
    return key


def parse_exact(text: str | int) -> Fraction:
    """Inverse of :func:`jsonable` for rationals: ``"3/5"`` -> ``Fraction(3, 5)``."""
    return Fraction(text)


def exact_or_none(value: object) -> Fraction | None:
    """``value`` as a Fraction when it is an exact rational (int, Fraction, sympy Rational), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction, Rational)):
        return Fraction(value)
    module = type(value).__module__ or ""
    if module.startswith("sympy") and getattr(value, "is_Rational", False):
        return Fraction(int(value.p), int(value.q))  # type: ignore[attr-defined]
    if module.startswith("flint") and type(value).__name__ in ("fmpz", "fmpq"):
        return Fraction(str(value))
    return None


def as_fraction(name: str, value: object) -> Fraction:
    """``value`` as an exact rational, or ``InvalidArgument`` naming ``name``: the one conversion of a
    number a user gives, used by every constructor and engine.

    Accepted: ints, Fractions, sympy Rationals and Floats, python-flint fmpz/fmpq, numpy numbers,
    :class:`decimal.Decimal`, decimal or fraction strings (``"0.3"`` is 3/10, ``"3/10"``, ``"-1e-3"``),
    Python floats and mpmath mpf (converted from their exact binary value: ``0.1`` is
    3602879701896397/36028797018963968). Refused, each with one line saying why: booleans, NaN and
    infinities (in any of these forms), strings longer than :data:`MAX_NUMBER_LENGTH` characters or with a
    decimal exponent beyond ±:data:`MAX_EXPONENT` (``"1e-999999"`` would be a million-digit denominator,
    and ``"1e999999999"`` would not fit in memory), and anything else that is not a rational number."""
    exact = exact_or_none(value)
    if exact is not None:
        return exact
    if isinstance(value, bool) or value is None:
        raise invalid(name, value, "not a number")
    if isinstance(value, str):
        return _from_text(name, value)
    module = type(value).__module__ or ""
    if module.startswith("numpy") and hasattr(value, "item") and getattr(value, "ndim", 1) == 0:
        return as_fraction(name, value.item())
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise invalid(name, value, _NOT_FINITE)
        if abs(value.as_tuple().exponent) > MAX_EXPONENT + MAX_NUMBER_LENGTH:
            raise invalid(name, value, f"its exponent is out of range (at most ±{MAX_EXPONENT})")
        return Fraction(value)
    if module.startswith("sympy"):
        if getattr(value, "is_Float", False):
            import mpmath

            return _from_mpf(name, mpmath.mpf(value._mpf_))  # type: ignore[attr-defined]
        if getattr(value, "is_infinite", False) or value.__class__.__name__ in ("NaN", "ComplexInfinity"):
            raise invalid(name, value, _NOT_FINITE)
        raise invalid(name, value, "not a rational number", "give a number such as 3/10, or a sympy Rational")
    if module.startswith("mpmath"):
        return _from_mpf(name, value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise invalid(name, value, _NOT_FINITE)
        return Fraction(value)
    raise invalid(name, value, "not a number", "give an int, a Fraction, a string such as '3/10' or '0.3', "
                  "or a sympy Rational")


#: Longest number string :func:`as_fraction` reads.
MAX_NUMBER_LENGTH = 200
#: Largest decimal exponent (in absolute value) :func:`as_fraction` reads in a number string.
MAX_EXPONENT = 1000
_NOT_FINITE = "NaN and infinities are not numbers here"
_NUMBER = re.compile(r"""(?P<sign>[-+]?)
    (?: (?P<numerator>\d+) \s*/\s* (?P<denominator>\d+)
      | (?P<whole>\d*) (?:\.(?P<fraction>\d*))? (?:[eE](?P<exponent>[-+]?\d+))? )""", re.VERBOSE)
_NOT_FINITE_WORDS = frozenset({"nan", "inf", "infinity", "oo", "-oo", "+oo", "zoo"})


def _from_text(name: str, value: str) -> Fraction:
    text = value.strip()
    if len(text) > MAX_NUMBER_LENGTH:
        raise invalid(name, value, f"is {len(text)} characters long; a number has at most {MAX_NUMBER_LENGTH}")
    if text.lstrip("+-").lower() in _NOT_FINITE_WORDS:
        raise invalid(name, value, _NOT_FINITE)
    match = _NUMBER.fullmatch(text)
    if not match or (match["numerator"] is None and not (match["whole"] or match["fraction"])):
        raise invalid(name, value, "not a number", "write an integer, a decimal such as 0.3 or 1e-3, or a "
                      "fraction a/b")
    sign = -1 if match["sign"] == "-" else 1
    if match["numerator"] is not None:
        if int(match["denominator"]) == 0:
            raise invalid(name, value, "has a zero denominator")
        return sign * Fraction(int(match["numerator"]), int(match["denominator"]))
    exponent = int(match["exponent"] or 0)
    if abs(exponent) > MAX_EXPONENT:
        raise invalid(name, value, f"its exponent {exponent} is out of range; at most ±{MAX_EXPONENT}",
                      "write the value as a fraction a/b if you mean it")
    digits = (match["whole"] or "") + (match["fraction"] or "")
    scale = exponent - len(match["fraction"] or "")
    magnitude = Fraction(int(digits)) * (Fraction(10) ** scale)
    return sign * magnitude


def _from_mpf(name: str, value: object) -> Fraction:
    import mpmath

    try:
        finite = mpmath.isfinite(value)
    except (TypeError, ValueError):
        raise invalid(name, value, "not a rational number") from None
    if not finite:
        raise invalid(name, value, _NOT_FINITE)
    man, exp = mpmath.mpf(value).man_exp
    if abs(int(exp)) > 1_000_000:
        raise invalid(name, value, f"its binary exponent {exp} is out of range")
    return Fraction(int(man)) * Fraction(2) ** int(exp)
