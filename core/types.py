"""Names for the kinds of values the toolkit's functions take and give, for annotations.

Each name is a type alias written as a string, so importing this module loads neither sympy nor mpmath (the
layers load them only where a function needs them); a type checker reads the strings. sympy and mpmath ship no
type information, so to a type checker their classes stand for any value: these names say to a reader what a
function accepts, and the checker holds the Python members of each union (``str``, ``int``, ``Fraction``).

* :data:`NumberLike`: a number a user gives, read exactly by :func:`core.exact.as_fraction`;
* :data:`ExprLike`: a formula a user gives, read by :func:`core.formula.as_sympy`;
* :data:`Values`: values of named parameters (``{"eps": "1/2", "d": 3}``);
* :data:`DomainLike`: a domain as a user writes it, read by :meth:`core.domain.Domain.parse`;
* :data:`Real`: a real number the toolkit computes, exact (``Fraction``, a sympy number) or a float;
* :data:`Number`: a number of the finite engines, a Fraction or a float;
* :data:`Json`: a value that :func:`json.dumps` writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    import mpmath
    import sympy

    from core.domain import Domain

__all__ = ["DomainLike", "ExprLike", "Json", "Number", "NumberLike", "Real", "Values"]

#: A number a user gives: an int, a Fraction, a decimal or fraction string (``"0.3"``, ``"3/10"``), a float, a
#: Decimal, a sympy number, an mpmath mpf (and numpy or python-flint numbers, which the checker does not see).
NumberLike: TypeAlias = "int | float | str | Fraction | Decimal | sympy.Basic | mpmath.mpf"
#: A formula a user gives: text parsed safely, a number (converted exactly), or a sympy object.
ExprLike: TypeAlias = "str | int | float | Fraction | sympy.Basic"
#: Values of named parameters, by name.
Values: TypeAlias = "Mapping[str, ExprLike]"
#: What :meth:`core.domain.Domain.parse` reads: a condition string, a list of conditions (strings or sympy
#: relations), a Domain, or ``None`` for the whole space.
DomainLike: TypeAlias = "str | Sequence[ExprLike] | Domain | None"
#: A real number the toolkit computes: exact (an int, a Fraction, a sympy expression) or a float.
Real: TypeAlias = "int | float | Fraction | sympy.Expr"
#: A number the finite engines compute with: a Fraction (exact) or a float (a sweep, or ``math.inf``).
Number: TypeAlias = "Fraction | float"
#: A value that json.dumps writes.
Json: TypeAlias = "None | bool | int | float | str | list[Json] | dict[str, Json]"
