"""Exact identities between rational functions, one sample size at a time (003's appendix lemmas for
each n up to a bound), and an exact point where two sides that differ do differ.

The two sides are sympy expressions in a few variables (q1, q2, q3, ...), with finite sums of integer
bounds and binomials of integer arguments; :func:`polynomial_identity` converts each side into a
quotient of python-flint ``fmpq_mpoly`` polynomials (exact rational coefficients, built term by term
with a cache: no sympy ``cancel``/``gcd``/``Sum.doit`` on large expressions) and compares
``lhs.num * rhs.den`` with ``rhs.num * lhs.den``.

When they differ, a counterexample must be a point *of the reading's domain* where the two sides take
different values. The caller supplies the domain as a generator of exact points for a degree bound d
(:func:`simplex_points`, :func:`box_points`); both generators are unisolvent for polynomials of degree
<= d (the principal lattice of the triangle; a product grid of d + 1 values per variable), so the
nonzero product of the difference's numerator and the denominators cannot vanish at all of them, and
the search always ends with a point where both sides are defined and differ. Their values there are
exact rationals (the re-check is exact).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.formula import as_sympy
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from core.errors import invalid
from symbolic.symbols import by_name


__all__ = ["polynomial_identity", "simplex_points", "box_points", "outcome_sum", "OutcomeSum", "RationalFunction"]

Point = Mapping[str, Fraction]
Sides = Callable[[int], tuple[Any, Any]]


@dataclass(frozen=True)
class RationalFunction:
    """``num / den`` with python-flint ``fmpq_mpoly`` numerator and denominator (den != 0)."""

    num: Any
    den: Any

    def __add__(self, other: "RationalFunction") -> "RationalFunction":
        if self.den == other.den:
            return RationalFunction(self.num + other.num, self.den)
        common = self.den.gcd(other.den)
        left, right = self.den / common, other.den / common
        return RationalFunction(self.num * right + other.num * left, left * other.den)

    def __mul__(self, other: "RationalFunction") -> "RationalFunction":
        return RationalFunction(self.num * other.num, self.den * other.den)

    def power(self, k: int) -> "RationalFunction":
        if k >= 0:
            return RationalFunction(self.num ** k, self.den ** k)
        if self.num.is_zero():
            raise invalid("expression", "0 ** negative", "divides by zero")
        return RationalFunction(self.den ** -k, self.num ** -k)

    def is_zero(self) -> bool:
        return self.num.is_zero()

    def at(self, values: Sequence[Any]) -> Fraction | None:
        """The exact value at ``values`` (in the ring's generator order), ``None`` where den = 0."""
        den = self.den(*values)
        if den == 0:
            return None
        value = self.num(*values) / den
        return Fraction(int(value.p), int(value.q))


class _Converter:
    """sympy -> :class:`RationalFunction` over one ring, with ``substitute`` applied to symbols by name."""

    def __init__(self, names: Sequence[str], substitute: Mapping[str, sympy.Expr]) -> None:
        from flint import fmpq_mpoly_ctx

        self.ring = fmpq_mpoly_ctx.get(tuple(names), "lex")
        self.gens = dict(zip(names, self.ring.gens()))
        self.substitute = dict(substitute)
        self.cache: dict[tuple[sympy.Basic, tuple], RationalFunction] = {}

    def outcomes(self, total: "OutcomeSum") -> RationalFunction:
        """An :class:`OutcomeSum` as a polynomial: powers tabulated once, one product per outcome."""
        from flint import fmpq

        first, second, third = (self.walk(sympy.Symbol(name), {}) for name in total.names)
        powers = [[factor.power(k).num for k in range(total.n + 1)] for factor in (first, second, third)]
        if not all(f.den.is_one() for f in (first, second, third)):
            raise invalid("names", total.names, "the multinomial probabilities must be polynomials")
        result = self.ring.constant(0)
        for k in range(total.n + 1):
            for a in range(total.n - k + 1):
                b = total.n - k - a
                w = Fraction(total.weight(a, b, k)) * math.comb(total.n, k) * math.comb(total.n - k, a)
                if w:
                    result += fmpq(w.numerator, w.denominator) * powers[0][a] * powers[1][b] * powers[2][k]
        return RationalFunction(result, self.ring.constant(1))

    def constant(self, value: Fraction | int) -> RationalFunction:
        from flint import fmpq

        value = Fraction(value)
        return RationalFunction(self.ring.constant(fmpq(value.numerator, value.denominator)), self.ring.constant(1))

    def integer(self, expr: sympy.Basic, bound: Mapping[str, int]) -> int:
        value = self.walk(expr, bound)
        if value.is_zero():
            return 0
        if not (value.num.is_constant() and value.den.is_constant()):
            raise invalid("expression", str(expr), "an exponent, bound or binomial argument must be an integer")
        number = value.num.leading_coefficient() / value.den.leading_coefficient()
        if number.q != 1:
            raise invalid("expression", str(expr), "an exponent, bound or binomial argument must be an integer")
        return int(number.p)

    def walk(self, expr: sympy.Basic, bound: Mapping[str, int]) -> RationalFunction:
        names = {s.name for s in expr.free_symbols}
        key = (expr, tuple(sorted((k, v) for k, v in bound.items() if k in names)))
        if key not in self.cache:
            self.cache[key] = self._walk(expr, bound)
        return self.cache[key]

    def _walk(self, expr: sympy.Basic, bound: Mapping[str, int]) -> RationalFunction:
        if expr.is_Rational:
            return self.constant(Fraction(int(expr.p), int(expr.q)))
        if expr.is_Symbol:
            if expr.name in bound:
                return self.constant(bound[expr.name])
            if expr.name in self.substitute:
                return self.walk(self.substitute[expr.name], bound)
            if expr.name in self.gens:
                return RationalFunction(self.gens[expr.name], self.ring.constant(1))
            raise invalid("expression", str(expr), f"symbol {expr.name} is not a variable {sorted(self.gens)}")
        if expr.is_Add or expr.is_Mul:
            parts = [self.walk(arg, bound) for arg in expr.args]
            total = parts[0]
            for part in parts[1:]:
                total = total + part if expr.is_Add else total * part
            return total
        if expr.is_Pow:
            return self.walk(expr.base, bound).power(self.integer(expr.exp, bound))
        if isinstance(expr, sympy.binomial):
            top, bottom = (self.integer(a, bound) for a in expr.args)
            return self.constant(math.comb(top, bottom) if 0 <= bottom <= top else 0)
        if isinstance(expr, sympy.Sum):
            (index, lo, hi), = expr.limits
            total = self.constant(0)
            for value in range(self.integer(lo, bound), self.integer(hi, bound) + 1):
                total = total + self.walk(expr.function, {**bound, index.name: value})
            return total
        raise invalid("expression", str(expr), f"{type(expr).__name__} is not a rational function of the variables")


def simplex_points(degree: int) -> Iterator[dict[str, Fraction]]:
    """The principal lattice {(i/D, j/D): i + j <= D}, D = degree + 3 (so that it has interior points), as
    points (q1, q2, q3 = 1 - q1 - q2) of the simplex, interior points first."""
    size = degree + 3
    lattice = [(i, j) for i in range(size + 1) for j in range(size + 1 - i)]
    lattice.sort(key=lambda ij: (min(ij[0], ij[1], size - ij[0] - ij[1]) == 0, ij))
    for i, j in lattice:
        a, b = Fraction(i, size), Fraction(j, size)
        yield {"q1": a, "q2": b, "q3": 1 - a - b}


def box_points(names: Sequence[str]) -> Callable[[int], Iterator[dict[str, Fraction]]]:
    """For a degree bound d, the product grid of d + 1 values 1/(d+2), ..., (d+1)/(d+2) per variable:
    points of (0, 1)^k, unisolvent for polynomials of degree <= d in each variable."""
    def points(degree: int) -> Iterator[dict[str, Fraction]]:
        values = [Fraction(i, degree + 2) for i in range(1, degree + 2)]
        for combination in _product(values, len(names)):
            yield dict(zip(names, combination))
    return points


def _product(values: list[Fraction], k: int) -> Iterator[tuple[Fraction, ...]]:
    if k == 0:
        yield ()
        return
    for head in values:
        for tail in _product(values, k - 1):
            yield (head, *tail)


@dataclass(frozen=True)
class OutcomeSum:
    """Σ over n1 + n2 + n3 = n of weight(n1, n2, n3) times the multinomial probability
    C(n; n1, n2, n3) q1^n1 q2^n2 q3^n3 (003 appendix: the expectations of Lemmas 4.1 and 4.6), built
    directly as a polynomial (``weight`` returns exact rationals)."""

    n: int
    weight: Callable[[int, int, int], Fraction | int]
    names: tuple[str, str, str] = ("q1", "q2", "q3")

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise invalid("n", self.n, "the sample size must be an integer >= 1")


def outcome_sum(nn: int, weight: Callable[[int, int, int], Fraction | int]) -> OutcomeSum:
    """The multinomial sum of ``weight`` at sample size ``nn`` (see :class:`OutcomeSum`)."""
    return OutcomeSum(nn, weight)


def polynomial_identity(sides: Sides, *, n_values: Iterable[int], variables: Sequence[str], domain: str,
                        points: Callable[[int], Iterable[Point]], substitute: Mapping[str, sympy.Expr] | None = None,
                        reading: str | None = None) -> Evidence:
    """Symbolic evidence that ``sides(n) = (lhs, rhs)`` are equal rational functions of ``variables`` for
    every n of ``n_values`` (after ``substitute``, e.g. q3 -> 1 - q1 - q2); at the first n where they are
    not, an exact counterexample from ``points`` (see the module docstring)."""
    start = time.perf_counter()
    ns = list(n_values)
    if not ns:
        raise invalid("n_values", ns, "needs at least one n")
    for nn in ns:
        lhs, rhs = sides(nn)
        converter = _Converter(variables, substitute or {})
        left, right = _side(converter, lhs), _side(converter, rhs)
        difference = left.num * right.den - right.num * left.den
        if difference.is_zero():
            continue
        degree = int((difference * left.den * right.den).total_degree())
        found = _separating_point(left, right, variables, points(degree))
        if found is None:
            return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                            {"n": nn, "note": "the sides differ as rational functions but no point of the domain "
                                              "separated them"}, reading=reading, seconds=time.perf_counter() - start)
        point, values = found
        return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, domain,
                        {"n checked": f"{ns[0]}..{nn}", "degree of the difference (with denominators)": degree},
                        counterexample={"n": nn, **point, **values}, recheck=Recheck.EXACT, reading=reading,
                        seconds=time.perf_counter() - start)
    return Evidence(Method.SYMBOLIC, Outcome.HOLDS, domain,
                    {"identities": f"exact rational-function identities in {list(variables)} for every n in {ns}",
                     "substituted": {k: str(v) for k, v in (substitute or {}).items()} or "nothing"},
                    reading=reading, seconds=time.perf_counter() - start)


def _side(converter: "_Converter", side: Any) -> RationalFunction:
    if isinstance(side, OutcomeSum):
        return converter.outcomes(side)
    return converter.walk(as_sympy(side, name="side", symbols=by_name()), {})


def _separating_point(left: RationalFunction, right: RationalFunction, variables: Sequence[str],
                      candidates: Iterable[Point]) -> tuple[dict[str, Fraction], dict[str, Fraction]] | None:
    from flint import fmpq

    for point in candidates:
        values = [fmpq(point[v].numerator, point[v].denominator) for v in variables]
        a, b = left.at(values), right.at(values)
        if a is not None and b is not None and a != b:
            return dict(point), {"lhs": a, "rhs": b}
    return None
