"""Local hashing: frequency estimation over d values by hashing each value into g buckets.

Wang, Blocki, Li and Jha, "Locally Differentially Private Protocols for Frequency Estimation" (USENIX
Security 2017), §4.4. A user holding v in {0, …, d − 1} draws a hash function h from a universal family H
of functions {0, …, d − 1} → {0, …, g − 1}, perturbs x = h(v) by g-ary randomized response and reports
⟨h, y⟩:

    P[y = h(v)] = e^ε/(e^ε + g − 1),   P[y = i] = 1/(e^ε + g − 1) for each i ≠ h(v).

The report *supports* every value u with h(u) = y. Counting C_v, the users whose report supports v, the
aggregator estimates the frequency of v by f̂_v = (C_v/n − q)/(p − q), where (Wang et al., §4.4)

    p = P[the report supports v | the input is v]       = e^ε/(e^ε + g − 1),
    q = P[the report supports v | the input is u ≠ v]   = P[h(u) = h(v)] p + P[h(u) ≠ h(v)]/(e^ε + g − 1) = 1/g,

the last by the family's universality, P[h(u) = h(v)] = 1/g. :func:`local_hashing` *derives* q from that
sum (``sympy.cancel``), it is not typed in. Two instances: binary local hashing (BLH, g = 2) and optimized
local hashing (OLH, g = round(e^ε + 1), the g that minimises the leading term of the estimator's variance).

The model of H. The explicit matrix (:meth:`LocalHashing.matrix`, at concrete d and g) takes h uniform over
*all* g^d functions: a universal family whose collision probability is exactly 1/g, and whose hash values
at distinct points are independent. The law of one value's support indicator uses only the collision
probability (any universal family with exact collision probability 1/g gives it); the joint law of
several tracked values (:meth:`LocalHashing.lumped` with two or more values) uses the independence too, so
it holds for this idealised family, the one Wang et al.'s analysis assumes. Outputs are
:class:`HashReport` labels ⟨h, y⟩ with h written as its table (h(0), …, h(d − 1)).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from core.errors import invalid
from numeric.families import (MAX_MATRIX_ENTRIES, Family, Lumped, RatioCase, Requirement, _domain, _int_size,
                              _privacy_domain, _size, _size_conditions, _symbols_of, _text, _tracked,
                              _tracked_requires, expression)
from numeric.finite_mechanism import symbol

__all__ = ["HashReport", "LocalHashing", "local_hashing", "olh", "blh", "leading_variance", "optimal_width", "SOURCE"]

#: The paper every family of this module cites.
SOURCE = ("Wang, Blocki, Li, Jha, Locally Differentially Private Protocols for Frequency Estimation, "
          "USENIX Security 2017, §4.4")


@dataclass(frozen=True, order=True)
class HashReport:
    """One local-hashing report ⟨h, y⟩: ``table`` the hash function as its values (h(0), …, h(d − 1)), each in
    0, …, g − 1, and ``y`` the reported bucket. It supports every value u with h(u) = y."""

    table: tuple[int, ...]
    y: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", tuple(int(b) for b in self.table))
        if not self.table:
            raise invalid("table", self.table, "a hash function maps at least one value")
        if isinstance(self.y, bool) or not isinstance(self.y, int) or self.y < 0:
            raise invalid("y", self.y, "the reported bucket is an integer >= 0")

    def supports(self, value: int) -> bool:
        """Whether the report supports ``value``: h(value) = y."""
        return self.table[int(value)] == self.y

    def __str__(self) -> str:
        return f"<h = ({', '.join(map(str, self.table))}), y = {self.y}>"


@dataclass(frozen=True, repr=False)
class LocalHashing(Family):
    """Local hashing over ``size`` (d) values with ``width`` (g) buckets (see the module docstring): the
    report is ⟨h, y⟩, h uniform over the g^d functions, y = h(v) with probability ``keep`` =
    e^ε/(e^ε + g − 1) and each other bucket with ``other`` = 1/(e^ε + g − 1). Named probabilities: ``p``
    (= keep, the report supports the input) and ``q`` (= 1/g, it supports another value, derived)."""

    size: sympy.Expr = sympy.Integer(2)
    width: sympy.Expr = sympy.Integer(2)
    keep: sympy.Expr = sympy.Rational(1, 2)
    other: sympy.Expr = sympy.Rational(1, 2)

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return (self.size, self.width, self.keep, self.other)

    @property
    def sizes(self) -> tuple[str, ...]:
        return tuple(sorted({s.name for s in self.size.free_symbols | self.width.free_symbols}))

    @property
    def exhaustive(self) -> str:
        return ("P(⟨h, y⟩ | x) = g^(-d) (p if y = h(x), else 1/(e^eps + g - 1)): the weight of h is the same for "
                "every input and cancels, so a ratio depends only on whether y equals h(x) and h(x'). For x ≠ x' "
                "either h(x) = h(x') (y equals both, or neither) or h(x) ≠ h(x') (y equals h(x), equals h(x'), or "
                "neither: only when g >= 3); for x = x' y equals h(x) or not. h ranges over every function, so "
                "each case occurs for every d >= 2 and g >= 2: these seven cases give every pair "
                "(P(y | x), P(y | x')) (a stated argument from the family's symmetry)")

    def input_key(self) -> tuple:
        return ("values", self.size) if self.size.free_symbols else ("labels", tuple(range(int(self.size))))

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        return tuple(range(_int_size(self.size, self, values)))

    def _entries_at(self, sizes):
        d, g = _int_size(self.size, self, sizes), _int_size(self.width, self, sizes)
        return d * g ** min(d, 64) * g

    def output_labels(self, values=None) -> tuple:
        d, g = _int_size(self.size, self, values), _int_size(self.width, self, values)
        if d * g ** min(d, 64) * g > MAX_MATRIX_ENTRIES:
            raise invalid("d", d, f"local hashing over {d} values into {g} buckets has {g}^{d}·{g} outputs; the "
                          f"explicit outputs are written only up to MAX_MATRIX_ENTRIES = {MAX_MATRIX_ENTRIES} "
                          "matrix entries", "use ratio_cases() or lumped() for a symbolic d")
        return tuple(HashReport(table, y) for table in itertools.product(range(g), repeat=d) for y in range(g))

    def probability(self, x, y, values=None) -> sympy.Expr:
        return self._entry_function(values)(x, y)

    def _entry_function(self, values):
        keep, other = self.substitute(self.keep, values), self.substitute(self.other, values)
        d, g = _int_size(self.size, self, values), _int_size(self.width, self, values)
        weight = sympy.Rational(1, g ** d)
        hit, miss = weight * keep, weight * other

        def entry(x: int, y: HashReport) -> sympy.Expr:
            if not isinstance(y, HashReport) or len(y.table) != d:
                raise invalid("y", y, f"is not a report ⟨h, y⟩ of {self.name} over {d} values")
            return hit if y.supports(x) else miss
        return entry

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        p, r = self.keep, self.other
        P = symbol("p")
        R = (1 - P) / (self.width - 1)  # one other bucket, in the named p: (1 - p)/(g - 1)
        g = self.width
        split = (f"{g} >= 3",) if g.free_symbols else ()
        cases = [RatioCase(p, p, "y = h(x) = h(x'), x ≠ x'", False, key="both", named_numerator=P, named_denominator=P),
                 RatioCase(p, r, "y = h(x) ≠ h(x')", False, key="x", named_numerator=P, named_denominator=R),
                 RatioCase(r, p, "y = h(x') ≠ h(x)", False, key="x'", named_numerator=R, named_denominator=P)]
        if g.free_symbols or g >= 3:
            cases.append(RatioCase(r, r, "y ∉ {h(x), h(x')}, h(x) ≠ h(x')", False, where=split, key="split",
                                   named_numerator=R, named_denominator=R))
        cases += [RatioCase(r, r, "y ≠ h(x) = h(x'), x ≠ x'", False, key="joint", named_numerator=R,
                            named_denominator=R),
                  RatioCase(p, p, "y = h(x), x = x'", True, key="same", named_numerator=P, named_denominator=P),
                  RatioCase(r, r, "y ≠ h(x), x = x'", True, key="same-other", named_numerator=R, named_denominator=R)]
        return tuple(cases)

    def witness(self, case, values, pair=None) -> tuple:
        d, g = _int_size(self.size, self, values), _int_size(self.width, self, values)
        a, b = pair if pair is not None else ((0, 0) if case.same_input else (0, 1))
        table = [0] * d
        key = case.key
        if key in ("x", "x'", "split") and a != b:
            table[b] = 1
        y = {"both": 0, "x": 0, "x'": 1, "split": 2, "joint": 1, "same": 0, "same-other": 1}.get(key)
        if y is None or y >= g:
            raise invalid("case", case.pattern, f"is not a case of {self.name} with g = {g}")
        return a, b, HashReport(tuple(table), y)

    def requirements(self) -> tuple[Requirement, ...]:
        return (Requirement("P(y = h(v))", _text(self.keep), self.keep, "probability"),
                Requirement("P(y = i), i ≠ h(v)", _text(self.other), self.other, "probability"),
                Requirement("row", f"{_text(self.keep)} + ({_text(self.width)} - 1)*{_text(self.other)}",
                            self.keep + (self.width - 1) * self.other, "total"))

    def lumped(self, values: Sequence[str]) -> Lumped:
        tracked = _tracked(values, self.size)
        k = len(tracked)
        p, q = self.named["p"], self.named["q"]
        outcomes = list(itertools.product((0, 1), repeat=k))

        def bit(set_: int, prob: sympy.Expr) -> sympy.Expr:
            return prob if set_ else 1 - prob

        def law(own: int | None) -> dict[tuple[int, ...], sympy.Expr]:
            return {o: sympy.Mul(*[bit(b, p if j == own else q) for j, b in enumerate(o)]) for o in outcomes}
        table = {v: law(i) for i, v in enumerate(tracked)}
        table["other"] = law(None)
        why = ("the report supports the input with probability p = P[y = h(v)], and a value u other than the input "
               "with probability q = P[h(u) = h(v)] p + P[h(u) ≠ h(v)]/(e^eps + g - 1) = 1/g, whichever input it is "
               "(universality: collision probability 1/g)")
        if k > 1:
            why += ("; with h uniform over every function the hash values of distinct values are independent, so "
                    "the indicators of several tracked values are independent given the input")
        return Lumped(tracked, (*tracked, "other"), tuple(outcomes), table, self.size - k, why,
                      requires=_tracked_requires(tracked, self.size))


def local_hashing(d: Any = "d", g: Any = "g", epsilon: Any = "eps", *, domain: Any = None,
                  name: str = "local hashing", source: str = SOURCE) -> LocalHashing:
    """Local hashing over d values into g buckets at privacy level ε (Wang, Blocki, Li, Jha, USENIX Security
    2017, §4.4): y = h(v) with probability e^ε/(e^ε + g − 1), each other bucket with 1/(e^ε + g − 1). Named
    probabilities p = e^ε/(e^ε + g − 1) and q = 1/g (derived: the support probability of a value that is
    not the input). ``d`` and ``g`` are names (symbolic sizes, integers >= 2 by the domain) or integers >= 2;
    the domain adds ``epsilon >= 0`` when ε has a name, and ``domain``."""
    size, width = _size(d, "d"), _size(g, "g")
    eps = expression(epsilon, "epsilon")
    t = sympy.exp(eps)
    keep, other = t / (t + width - 1), 1 / (t + width - 1)
    support_other = sympy.cancel(keep / width + (1 - 1 / width) * other)  # P[h(u) = h(v)] = 1/g
    dom = _domain(_size_conditions(size), _size_conditions(width), _privacy_domain(eps, epsilon), domain,
                  symbols=_symbols_of(size, width, eps))
    return LocalHashing(name=name, source=source, parameters=(), domain=dom, named={"p": keep, "q": support_other},
                        inputs=f"a value in {{0, …, {size} − 1}}",
                        outputs=f"⟨h, y⟩: h a function {{0, …, {size} − 1}} → {{0, …, {width} − 1}}, y a bucket",
                        size=size, width=width, keep=keep, other=other)


def blh(d: Any = "d", epsilon: Any = "eps", *, domain: Any = None) -> LocalHashing:
    """Binary local hashing (Wang et al. 2017, §4.4, "BLH"): local hashing with g = 2 buckets."""
    return local_hashing(d, 2, epsilon, domain=domain, name="binary local hashing", source=f"{SOURCE} (BLH)")


def olh(d: Any = "d", epsilon: Any = "eps", *, g: Any = "g", domain: Any = None) -> LocalHashing:
    """Optimized local hashing (Wang et al. 2017, §4.4, "OLH"): local hashing with g = round(e^ε + 1) buckets.
    With ε a number, g is that integer; with ε a name, g stays the name ``g`` and the domain states the
    rounding, ``exp(eps) + 1/2 < g <= exp(eps) + 3/2`` (g an integer), so every check ranges over the pairs
    (ε, g) the protocol uses."""
    eps = expression(epsilon, "epsilon")
    if not eps.free_symbols:
        if eps.is_negative:
            raise invalid("epsilon", epsilon, "is outside the family's domain epsilon >= 0")
        rounded = sympy.floor(sympy.exp(eps) + sympy.Rational(3, 2))
        if not rounded.is_Integer:
            raise invalid("epsilon", epsilon, "round(e^eps + 1) was not computed exactly", "give an exact number")
        return local_hashing(d, int(rounded), eps, domain=domain, name="optimized local hashing",
                             source=f"{SOURCE} (OLH)")
    width = _size(g, "g")
    if not width.free_symbols:
        raise invalid("g", g, "with a symbolic eps, OLH's g is a name bound to round(e^eps + 1) by the domain")
    rounding = f"exp({_text(eps)}) + 1/2 < {_text(width)}, {_text(width)} <= exp({_text(eps)}) + 3/2"
    return local_hashing(d, width, eps, domain=_domain(rounding, domain, symbols=_symbols_of(width, eps)),
                         name="optimized local hashing", source=f"{SOURCE} (OLH)")


def leading_variance(family: LocalHashing) -> sympy.Expr:
    """q(1 − q)/(p − q)², written from the family's named p and q: n · Var[f̂_v] where f_v = 0, the term of
    Var[f̂_v] = q(1 − q)/(n(p − q)²) + f_v(1 − p − q)/(n(p − q)) that does not vanish with f_v (Wang et al. 2017,
    §4.4, Eq. (2) per user). For local hashing it is (e^ε + g − 1)²/((e^ε − 1)²(g − 1)) (cancelled by sympy)."""
    if not isinstance(family, Family) or not {"p", "q"} <= set(family.named):
        raise invalid("family", family, "needs named probabilities p and q (a frequency oracle)")
    p, q = family.named["p"], family.named["q"]
    return sympy.factor(sympy.cancel(q * (1 - q) / (p - q) ** 2))


def optimal_width(family: LocalHashing) -> sympy.Expr:
    """The g > 1 at which :func:`leading_variance` is stationary, solved by sympy from its derivative in g
    (Wang et al. 2017, §4.4: g = e^ε + 1, OLH). The family's g must be a name; that the stationary point is
    the minimum is a sign condition, V(g) − V(g*) >= 0 for every g > 1, which :func:`proofs.check_sign`
    decides."""
    if not isinstance(family, LocalHashing) or not family.width.free_symbols:
        raise invalid("family", family, "needs local hashing with a symbolic g", "build it with local_hashing(g='g')")
    g = family.width
    variance = leading_variance(family)
    numerator = sympy.numer(sympy.together(sympy.diff(variance, g)))
    positive = {s: sympy.Symbol(s.name, positive=True) for s in variance.free_symbols if s != g}
    back = {v: k for k, v in positive.items()}
    roots = [r for r in sympy.solve(numerator, g) if (r - 1).xreplace(positive).is_positive]
    if len(roots) != 1:
        raise invalid("family", family.name, f"the leading variance has {len(roots)} stationary points g > 1 "
                      "(sympy), not one")
    return roots[0].xreplace(back)
