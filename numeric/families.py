"""Mechanism families: a mechanism as printed, in named parameters, with a stated domain.

A paper writes a local randomizer once for every size and every privacy level: "k-ary randomized
response reports the true value with probability e^ε/(e^ε+d−1)". A :class:`Family` keeps it that way.
Its entries are sympy expressions in ε (``exp(eps)``, ``exp(eps/2)``), in a symbolic size (``d``), in
other parameters (``p``, ``q``), and in a continuous input where the input is a number (``x`` in
[−1, 1]); its :attr:`Family.domain` (a :class:`core.domain.Domain`) says where it is defined. Nothing
here decides anything: the checks that every entry is a probability on the whole domain and that rows
sum to 1 (:meth:`Family.requirements`) are decided by :mod:`proofs.mechanisms`, which builds the
families users call.

What every family gives:

* :meth:`Family.matrix` — the explicit k × m matrix at concrete sizes (``{"d": 3}``), for enumeration and
  cross-checks; refused beyond :data:`MAX_MATRIX_ENTRIES` (a unary encoding has 2^d columns), with a
  one-line error naming the size and the limit;
* :meth:`Family.ratio_cases` — every distinct pair (P(y | x), P(y | x')) over inputs x, x' and outputs y,
  up to the family's symmetry, each a :class:`RatioCase`; :attr:`Family.exhaustive` states why the
  list is exhaustive. ε-LDP is "P(y | x) <= e^ε P(y | x') in every case";
* :meth:`Family.witness` — concrete labels (x, x', y) realising a case at a concrete point, so that a
  failure found on a case is re-checked on the mechanism itself;
* :meth:`Family.lumped` — the per-user law of the indicators "this report counts toward value v" for a
  few tracked values v, every other input lumped into one class "other" (for moments at a symbolic d).

The families (each cites its source):

* :func:`randomized_response` — k-ary (generalized) randomized response, symbolic ``d`` (Warner 1965;
  Kairouz, Oh, Viswanath 2014); :func:`warner` is its binary case;
* :func:`unary_encoding` — d independent bits with any (p, q) (Wang, Blocki, Li, Jha 2017),
  :func:`symmetric_unary_encoding` and :func:`optimized_unary_encoding` as instances; never built as
  2^d columns except by :meth:`Family.matrix` at a small concrete d;
* :func:`duchi` — Duchi, Jordan and Wainwright's one-bit mechanism for inputs x in [−1, 1]; :func:`continuous`
  any mechanism whose input is a number x in an interval, written as one row in x;
* :func:`product` (composition: independent randomness, the same input) and :func:`post_process`
  (a Markov kernel applied to the outputs);
* :func:`matrix` — any printed matrix;
* the mechanisms of 003 (:func:`q2x3`, :func:`q_wrr`, :func:`q_gwrr`, :func:`q_lambda`) and of 004 §2.2
  (:func:`report_randomized_response`, :func:`bassily_smith`), expressed through the families above.

Formula strings are read by :func:`core.formula.parse_formula` (nothing is executed; ``pi`` and ``E``
are the constants). NaN and infinities (``"nan"``, ``"inf"``, ``float("nan")``, ``sympy.oo``) are refused,
never taken as names. The parameter ``n`` is refused: it is the number of users, and a mechanism acts on
one user.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeVar

import sympy

from core.domain import Domain, DomainLike
from core.errors import invalid
from core.exact import as_fraction
from core.formula import parse_formula
from core.types import ExprLike, Values
from numeric.finite_mechanism import FiniteMechanism, rational, symbol

__all__ = [
    "Family", "RatioCase", "Lumped", "Requirement", "Named", "RandomizedResponse", "UnaryEncoding", "OneBit",
    "ContinuousInput", "MatrixFamily", "Product", "PostProcessed", "continuous",
    "randomized_response", "warner", "unary_encoding", "symmetric_unary_encoding", "optimized_unary_encoding",
    "duchi", "matrix", "product", "post_process", "q2x3", "q_wrr", "q_gwrr", "q_lambda",
    "report_randomized_response", "bassily_smith", "expression", "MAX_MATRIX_ENTRIES", "MAX_TRACKED",
    "MAX_CASES", "X", "X_PRIME",
]

#: Most entries :meth:`Family.matrix` writes out (d·2^d for a unary encoding, d² for randomized response):
#: every entry is a sympy expression, and enumeration over the matrix grows with it.
MAX_MATRIX_ENTRIES = 1 << 16
#: Most tracked values of :meth:`Family.lumped` (a unary encoding has 2^k indicator vectors for k values).
MAX_TRACKED = 8
#: Most ratio cases a family (a product of families multiplies their cases) may list.
MAX_CASES = 4096
#: The names of a continuous input x and of the second input x' in :class:`RatioCase` conditions.
X, X_PRIME = "x", "x_prime"
#: Names that spell NaN or an infinity: refused, never read as parameter names.
_NOT_NUMBERS = frozenset({"nan", "inf", "infinity", "oo", "zoo"})
#: Names a mechanism cannot use: ``n`` is the number of users.
_RESERVED = frozenset({"n"})
#: A plain number literal (``0.25``, ``-1e-3``, ``3/4``): read by :func:`core.exact.as_fraction`, whose parser
#: bounds the exponent, never by sympy's, which would build ``1e999999999`` digit by digit (a zero denominator
#: is left to the formula reader, which names it an infinity).
_NUMBER_LITERAL = re.compile(r"\s*[-+]?(?:\d+\s*/\s*\d*[1-9]\d*|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*")


# ------------------------------------------------------------------------------------------ expressions
def _sym(name: str) -> sympy.Symbol:
    return symbol(name)


def expression(value: ExprLike, name: str) -> sympy.Expr:
    """``value`` (a formula string, a sympy expression or an exact number) as a sympy expression whose
    symbols are those of :func:`numeric.finite_mechanism.symbol`. NaN, infinities and booleans are refused
    with a one-line error; a Python float is the binary rational it holds; a string that is a plain number
    (``"0.25"``, ``"3/4"``, ``"1e-3"``) is read exactly by :func:`core.exact.as_fraction`."""
    if isinstance(value, str) and _NUMBER_LITERAL.fullmatch(value):
        return rational(as_fraction(name, value.strip()))
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in _NOT_NUMBERS or lowered.lstrip("+-") in _NOT_NUMBERS:
            raise invalid(name, value, "is not a number (NaN and infinities are refused)")
        expr = parse_formula(value, name=name)
    elif isinstance(value, sympy.Basic):
        expr = value
    elif isinstance(value, (bool, type(None))):
        raise invalid(name, value, "is not an expression or a number")
    elif isinstance(value, float) and not math.isfinite(value):
        raise invalid(name, value, "is not a number (NaN and infinities are refused)")
    else:
        exact = as_fraction(name, value)
        return rational(exact)
    if not isinstance(expr, sympy.Expr):
        raise invalid(name, value, "is not an expression (a condition or a set was given)")
    if expr.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
        raise invalid(name, value, "contains NaN or an infinity")
    floats = expr.atoms(sympy.Float)
    if floats:
        expr = expr.xreplace({f: rational(as_fraction(name, f)) for f in floats})
    names = {s.name for s in expr.free_symbols}
    spelled = sorted(n for n in names if n.lower() in _NOT_NUMBERS)
    if spelled:
        raise invalid(name, value, f"uses {spelled[0]!r}, which is NaN or an infinity, not a name")
    reserved = sorted(names & _RESERVED)
    if reserved:
        raise invalid(name, value, f"uses {reserved[0]!r}, the number of users", "a mechanism acts on one user")
    return expr.xreplace({s: _sym(s.name) for s in expr.free_symbols})


def _size(value: ExprLike, name: str) -> sympy.Expr:
    """A size: a name (a symbolic integer) or an exact integer >= 2."""
    if isinstance(value, str) and value.strip().isidentifier():
        return expression(value, name)
    if isinstance(value, sympy.Symbol):
        return expression(value, name)
    expr = expression(value, name)
    if not (expr.is_Integer and expr >= 2):
        raise invalid(name, value, "must be a name (a symbolic size) or an integer >= 2")
    return expr


def _size_conditions(size: sympy.Expr) -> str:
    return f"{size} >= 2 integer" if size.free_symbols else ""


def _domain(*parts: DomainLike, symbols: Iterable[sympy.Symbol] = ()) -> Domain:
    """The domain of the non-empty ``parts`` (texts, lists or Domains), all read with the family's symbols."""
    known = {s.name: s for s in symbols}
    out: Domain | None = None
    for part in parts:
        if part is None or part == "" or part == ():
            continue
        if isinstance(part, Domain):
            piece = part
        else:
            piece = Domain.parse(part, symbols=known)
        piece = Domain(piece.text, tuple(c.xreplace({s: _sym(s.name) for s in c.free_symbols})
                                         for c in piece.conditions), piece.integers)
        out = piece if out is None else out & piece
    return out if out is not None else Domain.parse(None)


def _text(expr: sympy.Expr) -> str:
    return sympy.sstr(expr)


class Named(Mapping):
    """A read-only, hashable mapping name -> sympy expression (a family's named probabilities)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, ExprLike] | Iterable[tuple[str, ExprLike]] = ()) -> None:
        pairs = dict(items)
        for key in pairs:
            if not isinstance(key, str) or not key.isidentifier():
                raise invalid("named", key, "a named probability needs an identifier as its name")
        self._items = tuple(sorted((k, expression(v, f"named[{k!r}]")) for k, v in pairs.items()))

    def __getitem__(self, key: str) -> sympy.Expr:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self) == dict(other)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: {_text(v)}" for k, v in self._items) + "}"


# ------------------------------------------------------------------------------------------ data
@dataclass(frozen=True)
class RatioCase:
    """One pair (P(y | x), P(y | x')) of a family, up to its symmetry.

    ``numerator`` and ``denominator`` are expressions in the family's parameters (and in ``x``,
    ``x_prime`` for a continuous input); for a unary encoding they are the probabilities of the two bits
    that differ, the common factor of the other bits cancelled. ``pattern`` says which outputs and inputs
    it stands for (``"y = x ≠ x'"``); ``same_input`` whether x = x'; ``where`` the conditions (formula
    strings) under which the case occurs or its variables range (``"d >= 3"``, ``"-1 <= x_prime <= 1"``);
    ``key`` the family's name for it (used by :meth:`Family.witness`); ``pair`` the concrete inputs
    (x, x') when the case belongs to one pair, ``None`` when it stands for every pair of its kind;
    ``named_numerator``/``named_denominator`` the same in the family's named probabilities (``p*(1-q)``)."""

    numerator: sympy.Expr
    denominator: sympy.Expr
    pattern: str
    same_input: bool
    where: tuple[str, ...] = ()
    key: Hashable = None
    pair: tuple | None = None
    named_numerator: sympy.Expr | None = None
    named_denominator: sympy.Expr | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "numerator", expression(self.numerator, "numerator"))
        object.__setattr__(self, "denominator", expression(self.denominator, "denominator"))
        object.__setattr__(self, "where", tuple(self.where))
        for name in ("named_numerator", "named_denominator"):
            value = getattr(self, name)
            fallback = self.numerator if name == "named_numerator" else self.denominator
            object.__setattr__(self, name, fallback if value is None else expression(value, name))

    @property
    def ratio(self) -> sympy.Expr:
        """P(y | x) / P(y | x'), cancelled."""
        return sympy.cancel(self.numerator / self.denominator)

    @property
    def named_ratio(self) -> sympy.Expr:
        """The ratio in the family's named probabilities, as printed (``p*(1 - q)/(q*(1 - p))``)."""
        return self.named_numerator / self.named_denominator


@dataclass(frozen=True)
class Requirement:
    """A condition that makes a family a mechanism on its domain: ``expr`` lies in [0, 1]
    (``kind="probability"``) or equals 1 identically (``kind="total"``), where the domain and ``given``
    (extra conditions, e.g. ``"-1 <= x <= 1"`` for an input) hold. ``name`` and ``shown`` say where it
    comes from in the user's words (``mechanism[1][0]``, ``'r/(r+2)'``)."""

    name: str
    shown: ExprLike
    expr: sympy.Expr
    kind: str
    given: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ("probability", "total"):
            raise invalid("kind", self.kind, "not one of ('probability', 'total')")
        object.__setattr__(self, "given", tuple(self.given))


@dataclass(frozen=True)
class Lumped:
    """The per-user law of the indicators "this report counts toward value v", v in ``values``.

    ``classes`` are the input classes: each tracked value, then ``"other"`` (every input outside the
    tracked values; :attr:`others` of them, :attr:`why` they share one law); ``outcomes`` the indicator
    vectors (1: the report counts toward that value); ``law[c][o]`` the probability of outcome ``o`` for an
    input of class ``c``; ``requires`` the conditions on the sizes under which the tracked values exist."""

    values: tuple[str, ...]
    classes: tuple[str, ...]
    outcomes: tuple[tuple[int, ...], ...]
    law: Mapping[str, Mapping[tuple[int, ...], sympy.Expr]]
    others: sympy.Expr
    why: str
    requires: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(self.values))
        object.__setattr__(self, "classes", tuple(self.classes))
        object.__setattr__(self, "outcomes", tuple(tuple(o) for o in self.outcomes))
        if set(self.law) != set(self.classes):
            raise invalid("law", sorted(self.law), f"must give a law for each class {list(self.classes)}")
        for c in self.classes:
            if set(self.law[c]) != set(self.outcomes):
                raise invalid(f"law[{c!r}]", sorted(self.law[c]), "must give a probability for every outcome")
        object.__setattr__(self, "law", {c: dict(self.law[c]) for c in self.classes})
        object.__setattr__(self, "requires", tuple(self.requires))

    def as_finite_mechanism(self) -> FiniteMechanism:
        """Rows = classes, columns = outcomes (in the order of :attr:`outcomes`)."""
        return FiniteMechanism([[self.law[c][o] for o in self.outcomes] for c in self.classes])


# ------------------------------------------------------------------------------------------ the base class
@dataclass(frozen=True)
class Family:
    """A mechanism in named parameters with a stated domain (see the module docstring).

    ``name`` ("k-ary randomized response"), ``source`` (its citation), ``parameters`` (every free name,
    sorted), ``domain`` (where the family is defined), ``named`` (its named probabilities, usable in
    statistics: ``{"p": ..., "q": ...}``), ``inputs`` and ``outputs`` (in words)."""

    name: str
    source: str
    parameters: tuple[str, ...]
    domain: Domain
    named: Mapping[str, sympy.Expr]
    inputs: str
    outputs: str

    def __post_init__(self) -> None:
        for attribute in ("name", "source", "inputs", "outputs"):
            if not isinstance(getattr(self, attribute), str) or not getattr(self, attribute).strip():
                raise invalid(attribute, getattr(self, attribute), "a family states it in words")
        if not isinstance(self.domain, Domain):
            raise invalid("domain", self.domain, "must be a core.domain.Domain")
        object.__setattr__(self, "named", Named(self.named))
        names = set(self.parameters) | {s.name for e in self._expressions() for s in e.free_symbols} \
            | set(self.domain.names)
        names -= set(self.input_variables)
        object.__setattr__(self, "parameters", tuple(sorted(names)))
        reserved = sorted(set(self.parameters) & _RESERVED)
        if reserved:
            raise invalid("parameters", list(self.parameters), f"uses {reserved[0]!r}, the number of users",
                          "a mechanism acts on one user")

    # ---- what subclasses provide ------------------------------------------------------------------------
    def _expressions(self) -> tuple[sympy.Expr, ...]:
        """Every expression the family is built from (for its parameters)."""
        return ()

    @property
    def sizes(self) -> tuple[str, ...]:
        """The names of the integer size parameters (``("d",)``); empty when every size is concrete."""
        return ()

    @property
    def input_variables(self) -> tuple[str, ...]:
        """Names of the continuous input variables (``("x",)`` for an input in [−1, 1])."""
        return ()

    @property
    def exhaustive(self) -> str:
        """Why :meth:`ratio_cases` lists every pair (P(y | x), P(y | x'))."""
        raise NotImplementedError

    def input_labels(self, values: Values | None = None, *,
                     inputs: Sequence[Hashable] | None = None) -> tuple:
        """The inputs at concrete sizes (for a continuous input: ``inputs``, or the ends and the middle of
        its interval)."""
        raise NotImplementedError

    def output_labels(self, values: Values | None = None) -> tuple:
        """The outputs at concrete sizes."""
        raise NotImplementedError

    def _entries_at(self, sizes: Mapping[str, int]) -> int:
        """How many entries the explicit matrix has at the concrete ``sizes`` (computed without building it)."""
        return len(self.input_labels(sizes)) * len(self.output_labels(sizes))

    def probability(self, x: Hashable, y: Hashable, values: Values | None = None) -> sympy.Expr:
        """P(y | x) at concrete sizes, with ``values`` substituted (the other parameters may stay free)."""
        raise NotImplementedError

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        """Every distinct pair (P(y | x), P(y | x')) up to the family's symmetry (see :attr:`exhaustive`)."""
        raise NotImplementedError

    def witness(self, case: RatioCase, values: Values, pair: tuple | None = None) -> tuple:
        """Concrete labels (x, x', y) that realise ``case`` at the point ``values`` (sizes and, for a
        continuous input, ``x`` and ``x_prime``), for the inputs ``pair`` when given."""
        raise NotImplementedError

    def requirements(self) -> tuple[Requirement, ...]:
        """The conditions that make the family a mechanism on its domain: entries in [0, 1], rows summing
        to 1 (only those that do not hold by construction)."""
        raise NotImplementedError

    def lumped(self, values: Sequence[str]) -> Lumped:
        """The law of the indicators "the report counts toward v" for the tracked ``values``."""
        raise invalid("mechanism", self.name, "has no lumping by value",
                      "lumping needs inputs that are values 0, …, d−1 treated alike (randomized response, "
                      "unary encoding, or a matrix whose other rows agree)")

    def input_key(self) -> tuple:
        """What the inputs are, for checking that a product's parts share them."""
        raise NotImplementedError

    def input_extremes(self) -> tuple[tuple[Values, ...], str] | None:
        """For a continuous input: the points (x, x_prime) at which every case's ratio is largest, with the
        reason; ``None`` when the family has no continuous input or no such statement."""
        return None

    # ---- shared ---------------------------------------------------------------------------------------
    def point(self, values: Values | None) -> dict[sympy.Symbol, sympy.Expr]:
        """``values`` read as a substitution: sizes must be integers, other names exact numbers or
        expressions; names that are not parameters (or input variables) are refused."""
        values = dict(values or {})
        known = set(self.parameters) | set(self.input_variables) | {X_PRIME}
        out = {}
        for name, value in values.items():
            if name not in known:
                raise invalid("values", values, f"{name!r} is not a parameter of {self.name}",
                              f"its parameters are {list(self.parameters)}")
            expr = expression(value, name)
            if name in self.sizes and not expr.is_Integer:
                raise invalid(name, value, "is a size: it must be an integer")
            out[_sym(name)] = expr
        self._check_in_domain(values, out)
        return out

    def _check_in_domain(self, values: Values, point: Mapping[sympy.Symbol, sympy.Expr]) -> None:
        """Refuse a substitution that leaves the family's domain: every condition the substituted values
        settle (no name left free) must hold, decided exactly, and a name the domain declares an integer must
        be given an integer. The family is defined only there (``d = 1`` is not a randomized response over
        ``d >= 2`` values)."""
        if not point:
            return
        for name in self.domain.integers:
            value = point.get(_sym(name))
            if value is not None and not value.free_symbols and not value.is_Integer:
                raise invalid(name, values[name], f"is outside the domain of {self.name}: {name} is an integer")
        for condition in self.domain.conditions:
            renamed = condition.xreplace({s: _sym(s.name) for s in condition.free_symbols})
            settled = renamed.xreplace(point)
            if settled.free_symbols:
                continue
            if settled.is_Relational:
                settled = settled.func(settled.lhs, settled.rhs)
            if settled == sympy.false:
                given = {n: values[n] for n in sorted(values) if _sym(n) in renamed.free_symbols}
                shown = ", ".join(f"{n} = {v}" for n, v in given.items())
                raise invalid("values", given, f"at {shown} the condition {_text(condition)} of the domain of "
                              f"{self.name} fails")

    def concrete_sizes(self, values: Values | None) -> dict[str, int]:
        """The integer value of every size parameter in ``values``; a missing one is an error."""
        point = self.point(values)
        sizes = {}
        for name in self.sizes:
            value = point.get(_sym(name))
            if value is None:
                raise invalid("values", dict(values or {}), f"gives no value for the size {name!r}",
                              f"the explicit matrix needs a concrete size, e.g. {{{name!r}: 3}}")
            if not (value.is_Integer and value >= 1):
                raise invalid(name, value, "must be an integer >= 1")
            sizes[name] = int(value)
        return sizes

    def entries(self, values: Values | None = None, *,
                inputs: Sequence[Hashable] | None = None) -> tuple[tuple[sympy.Expr, ...], ...]:
        """The explicit matrix at concrete sizes as rows of sympy expressions (``values`` gives every size;
        any other parameter given is substituted, the rest stay symbolic): rows :meth:`input_labels`,
        columns :meth:`output_labels`. Refused with a one-line error beyond :data:`MAX_MATRIX_ENTRIES`."""
        sizes = self.concrete_sizes(values)
        count = self._entries_at(sizes)
        if count > MAX_MATRIX_ENTRIES:
            shown = ", ".join(f"{k} = {v}" for k, v in sizes.items()) or "these sizes"
            raise invalid("values", dict(values or {}),
                          f"at {shown} the explicit matrix of {self.name} has {count} entries, more than "
                          f"MAX_MATRIX_ENTRIES = {MAX_MATRIX_ENTRIES}",
                          "use ratio_cases() or lumped() for a symbolic size, or a smaller size")
        rows = self.input_labels(values, inputs=inputs)
        columns = self.output_labels(values)
        entry = self._entry_function(values)
        return tuple(tuple(entry(x, y) for y in columns) for x in rows)

    def matrix(self, values: Values | None = None, *,
               inputs: Sequence[Hashable] | None = None) -> FiniteMechanism:
        """The explicit matrix of :meth:`entries` as a :class:`~numeric.finite_mechanism.FiniteMechanism`."""
        return FiniteMechanism(self.entries(values, inputs=inputs))

    def _entry_function(self, values: Values | None) -> Callable[[Hashable, Hashable], sympy.Expr]:
        """(x, y) -> P(y | x) at ``values`` (subclasses substitute their parameters once)."""
        return lambda x, y: self.probability(x, y, values)

    def substitute(self, expr: sympy.Expr, values: Values | None) -> sympy.Expr:
        """``expr`` with ``values`` substituted."""
        point = self.point(values)
        return expr.xreplace(point) if point else expr

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, parameters={list(self.parameters)}, domain={str(self.domain)!r})"


def _labels_or_range(k: int, labels: Sequence[Hashable] | None, what: str) -> tuple:
    if labels is None:
        return tuple(range(k))
    labels = tuple(labels)
    if len(labels) != k or len(set(labels)) != k:
        raise invalid(what, list(labels), f"must be {k} distinct labels")
    return labels


def _int_size(size: sympy.Expr, family: Family, values: Values | None) -> int:
    value = size.xreplace(family.point(values)) if size.free_symbols else size
    if not value.is_Integer:
        raise invalid("values", dict(values or {}), f"gives no integer value for the size {size}",
                      f"e.g. {{{str(size)!r}: 3}}")
    return int(value)


def _check_cases(family: Family, count: int) -> None:
    if count > MAX_CASES:
        raise invalid("mechanism", family.name, f"has {count} ratio cases, more than MAX_CASES = {MAX_CASES}")


# ------------------------------------------------------------------------------------------ randomized response
@dataclass(frozen=True, repr=False)
class RandomizedResponse(Family):
    """k-ary (generalized) randomized response (Warner 1965 for k = 2; Kairouz, Oh, Viswanath 2014, k-RR):
    inputs and outputs are the values 0, …, d−1; the report is the true value with probability ``keep``
    (named ``p``) and each other value with probability ``other`` (named ``q``); with ε,
    p = e^ε/(e^ε + d − 1) and q = 1/(e^ε + d − 1)."""

    size: sympy.Expr = sympy.Integer(2)
    keep: sympy.Expr = sympy.Rational(1, 2)
    other: sympy.Expr = sympy.Rational(1, 2)

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return (self.size, self.keep, self.other)

    @property
    def sizes(self) -> tuple[str, ...]:
        return tuple(sorted(s.name for s in self.size.free_symbols))

    @property
    def exhaustive(self) -> str:
        return ("P(y | x) depends only on whether y = x (p) or not (q). For inputs x ≠ x' an output y equals x, "
                "equals x', or is neither (only when d ≥ 3); for x = x' it equals x or not. These five cases give "
                "every pair (P(y | x), P(y | x')) for every d (a stated argument from the family's symmetry "
                "under permutations of the values)")

    def input_key(self) -> tuple:
        return ("values", self.size) if self.size.free_symbols else ("labels", tuple(range(int(self.size))))

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        return tuple(range(_int_size(self.size, self, values)))

    output_labels = input_labels

    def _entries_at(self, sizes):
        d = _int_size(self.size, self, sizes)
        return d * d

    def probability(self, x, y, values=None) -> sympy.Expr:
        return self.substitute(self.keep if x == y else self.other, values)

    def _entry_function(self, values):
        keep, other = self.substitute(self.keep, values), self.substitute(self.other, values)
        return lambda x, y: keep if x == y else other

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        p, q, P, Q = self.keep, self.other, _sym("p"), _sym("q")
        d = self.size
        cases = [RatioCase(p, q, "y = x ≠ x'", False, key="x", named_numerator=P, named_denominator=Q),
                 RatioCase(q, p, "y = x' ≠ x", False, key="x'", named_numerator=Q, named_denominator=P)]
        if d.free_symbols or d >= 3:
            cases.append(RatioCase(q, q, "y ∉ {x, x'}, x ≠ x'", False, where=(f"{d} >= 3",) if d.free_symbols
                                   else (), key="neither", named_numerator=Q, named_denominator=Q))
        cases += [RatioCase(p, p, "y = x = x'", True, key="same", named_numerator=P, named_denominator=P),
                  RatioCase(q, q, "y ≠ x = x'", True, key="same-other", named_numerator=Q, named_denominator=Q)]
        return tuple(cases)

    def witness(self, case, values, pair=None) -> tuple:
        d = _int_size(self.size, self, values)
        a, b = pair if pair is not None else ((0, 0) if case.same_input else (0, 1))
        key = case.key
        if key in ("x", "same"):
            return a, b, a
        if key == "x'":
            return a, b, b
        if key == "neither":
            return a, b, next(v for v in range(d) if v not in (a, b))
        if key == "same-other":
            return a, b, next(v for v in range(d) if v != a)
        raise invalid("case", case.pattern, f"is not a case of {self.name}")

    def requirements(self) -> tuple[Requirement, ...]:
        return (Requirement("p", _text(self.keep), self.keep, "probability"),
                Requirement("q", _text(self.other), self.other, "probability"),
                Requirement("row", f"p + ({_text(self.size)} - 1)*q", self.keep + (self.size - 1) * self.other,
                            "total"))

    def lumped(self, values: Sequence[str]) -> Lumped:
        tracked = _tracked(values, self.size)
        k = len(tracked)
        p, q = self.keep, self.other
        outcomes = [tuple(0 for _ in tracked)] + [tuple(int(i == j) for j in range(k)) for i in range(k)]
        law: dict[str, dict[tuple[int, ...], sympy.Expr]] = {}
        for i, v in enumerate(tracked):
            row = {o: (p if o[i] else q) for o in outcomes[1:]}
            row[outcomes[0]] = 1 - p - (k - 1) * q
            law[v] = row
        other = {o: q for o in outcomes[1:]}
        other[outcomes[0]] = 1 - k * q
        law["other"] = other
        return Lumped(tracked, (*tracked, "other"), outcomes, law, self.size - k,
                      "randomized response treats the values alike: an input outside the tracked values reports "
                      "each tracked value with probability q and none of them with probability 1 − kq, whichever "
                      "input it is (k tracked values)",
                      requires=_tracked_requires(tracked, self.size))


def _tracked(values: Sequence[str], size: sympy.Expr) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Sequence) or not values:
        raise invalid("values", values, "must be a non-empty list of tracked values, e.g. ['0'] or ['0', '1']")
    out = []
    for v in values:
        text = str(v).strip()
        if not text.isdigit():
            raise invalid("values", list(values), f"{v!r} is not a value 0, 1, 2, …")
        out.append(str(int(text)))
    if len(set(out)) != len(out):
        raise invalid("values", list(values), "lists a value twice")
    if len(out) > MAX_TRACKED:
        raise invalid("values", list(values), f"tracks {len(out)} values, more than MAX_TRACKED = {MAX_TRACKED}")
    if not size.free_symbols and max(int(v) for v in out) >= int(size):
        raise invalid("values", list(values), f"names a value outside 0, …, {int(size) - 1}")
    return tuple(out)


def _tracked_requires(tracked: tuple[str, ...], size: sympy.Expr) -> tuple[str, ...]:
    if not size.free_symbols:
        return ()
    return (f"{size} >= {max(max(int(v) for v in tracked) + 1, len(tracked))}",)


# ------------------------------------------------------------------------------------------ unary encoding
@dataclass(frozen=True, repr=False)
class UnaryEncoding(Family):
    """Unary encoding (Wang, Blocki, Li, Jha 2017, "Locally differentially private protocols for frequency
    estimation"; 004 §2.2 after Bassily and Smith 2015): the input v in 0, …, d−1 is one-hot encoded and
    each of the d bits is reported independently, set with probability ``p`` if it is bit v and ``q``
    otherwise. The output is d independent bits, never written as 2^d columns except by :meth:`matrix`."""

    size: sympy.Expr = sympy.Integer(2)
    p: sympy.Expr = sympy.Rational(1, 2)
    q: sympy.Expr = sympy.Rational(1, 2)

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return (self.size, self.p, self.q)

    @property
    def sizes(self) -> tuple[str, ...]:
        return tuple(sorted(s.name for s in self.size.free_symbols))

    @property
    def exhaustive(self) -> str:
        return ("P(y | x) is a product over the d bits. For x ≠ x' the bits other than x and x' have the same law "
                "(set with probability q) under both inputs, so their common factor cancels (where it is 0 both "
                "probabilities are 0: no constraint); the two remaining bits take the four values (1, 0), (0, 1), "
                "(1, 1), (0, 0). For x = x' the ratio is 1 (bit x set or clear). These six cases give every ratio "
                "for every d (a stated argument from the independence of the bits)")

    def input_key(self) -> tuple:
        return ("values", self.size) if self.size.free_symbols else ("labels", tuple(range(int(self.size))))

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        return tuple(range(_int_size(self.size, self, values)))

    def output_labels(self, values=None) -> tuple:
        d = _int_size(self.size, self, values)
        if d * (1 << min(d, 64)) > MAX_MATRIX_ENTRIES:
            raise invalid("d", d, f"a unary encoding over {d} values has 2^{d} outputs; the explicit outputs are "
                          f"written only up to MAX_MATRIX_ENTRIES = {MAX_MATRIX_ENTRIES} matrix entries",
                          "use ratio_cases() or lumped() for a symbolic d")
        return tuple(itertools.product((0, 1), repeat=d))

    def _entries_at(self, sizes):
        d = _int_size(self.size, self, sizes)
        return d * (1 << min(d, 64))

    def _bit(self, set_: int, prob: sympy.Expr) -> sympy.Expr:
        return prob if set_ else 1 - prob

    def probability(self, x, y, values=None) -> sympy.Expr:
        return self._entry_function(values)(x, y)

    def _entry_function(self, values):
        p, q = self.substitute(self.p, values), self.substitute(self.q, values)
        cache: dict[tuple[int, int, int], sympy.Expr] = {}

        def entry(x: int, y: tuple[int, ...]) -> sympy.Expr:
            ones_at_x = y[x]
            others_set = sum(y) - ones_at_x
            key = (ones_at_x, others_set, len(y))
            if key not in cache:
                cache[key] = self._bit(ones_at_x, p) * q ** others_set * (1 - q) ** (len(y) - 1 - others_set)
            return cache[key]
        return entry

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        p, q, P, Q = self.p, self.q, _sym("p"), _sym("q")
        cases = []
        for bx, bxp in ((1, 0), (0, 1), (1, 1), (0, 0)):
            shown = f"bit x {'set' if bx else 'clear'}, bit x' {'set' if bxp else 'clear'}, x ≠ x'"
            cases.append(RatioCase(self._bit(bx, p) * self._bit(bxp, q), self._bit(bx, q) * self._bit(bxp, p),
                                   shown, False, key=(bx, bxp),
                                   named_numerator=self._bit(bx, P) * self._bit(bxp, Q),
                                   named_denominator=self._bit(bx, Q) * self._bit(bxp, P)))
        for b in (1, 0):
            cases.append(RatioCase(self._bit(b, p), self._bit(b, p), f"bit x {'set' if b else 'clear'}, x = x'",
                                   True, key=(b,), named_numerator=self._bit(b, P), named_denominator=self._bit(b, P)))
        return tuple(cases)

    def witness(self, case, values, pair=None) -> tuple:
        d = _int_size(self.size, self, values)
        a, b = pair if pair is not None else ((0, 0) if case.same_input else (0, 1))
        q = self.substitute(self.q, values)
        filler = 1 if q == 1 else 0          # a value of the other bits with a non-zero probability
        bits = [filler] * d
        if case.same_input:
            bits[a] = case.key[0]
        else:
            bits[a], bits[b] = case.key
        return a, b, tuple(bits)

    def requirements(self) -> tuple[Requirement, ...]:
        return (Requirement("p", _text(self.p), self.p, "probability"),
                Requirement("q", _text(self.q), self.q, "probability"))

    def lumped(self, values: Sequence[str]) -> Lumped:
        tracked = _tracked(values, self.size)
        k = len(tracked)
        outcomes = list(itertools.product((0, 1), repeat=k))
        law = {}
        for i, v in enumerate(tracked):
            law[v] = {o: sympy.Mul(*(self._bit(b, self.p if j == i else self.q) for j, b in enumerate(o)))
                      for o in outcomes}
        law["other"] = {o: sympy.Mul(*(self._bit(b, self.q) for b in o)) for o in outcomes}
        return Lumped(tracked, (*tracked, "other"), outcomes, law, self.size - k,
                      "the bits are independent and an input sets bit v with probability p if it is v and q "
                      "otherwise: an input outside the tracked values sets each tracked bit with probability q, "
                      "whichever input it is",
                      requires=_tracked_requires(tracked, self.size))


# ------------------------------------------------------------------------------------------ a numeric input
@dataclass(frozen=True, repr=False)
class ContinuousInput(Family):
    """A mechanism whose input is a number x in [``low``, ``high``]: one row of output probabilities
    written in x (``row[j]`` = P(output j | x)), outputs labelled by ``column_labels``. The input is always
    named ``x`` (and the second input of a pair ``x_prime``)."""

    row: tuple[sympy.Expr, ...] = ()
    column_labels: tuple = ()
    low: sympy.Expr = sympy.Integer(-1)
    high: sympy.Expr = sympy.Integer(1)

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return self.row

    @property
    def input_variables(self) -> tuple[str, ...]:
        return (X,)

    @property
    def _box(self) -> tuple[str, str]:
        return (f"{self.low} <= {X} <= {self.high}", f"{self.low} <= {X_PRIME} <= {self.high}")

    @property
    def exhaustive(self) -> str:
        return (f"{len(self.row)} outputs; the inputs x and x' (x_prime) range over the whole square "
                f"[{self.low}, {self.high}]² as symbols, x = x' included: one case per output and kind of pair "
                "gives every pair (P(y | x), P(y | x'))")

    def input_key(self) -> tuple:
        return ("interval", self.low, self.high)

    def input_extremes(self) -> tuple[tuple[Values, ...], str] | None:
        x = _sym(X)
        if not all(e.is_polynomial(x) and sympy.degree(e, x) <= 1 for e in self.row):
            return None
        ends = (self.low, self.high)
        return (tuple({X: a, X_PRIME: b} for a in ends for b in ends),
                f"each P(y | x) is affine in x and a probability, so P(y | x)/P(y | x') is monotone in x and in x' "
                f"and is largest at the ends of [{self.low}, {self.high}]")

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        lo, hi = Fraction(int(self.low.p), int(self.low.q)), Fraction(int(self.high.p), int(self.high.q))
        if inputs is None:  # the ends, and points inside at a quarter, a half and two thirds
            return tuple(dict.fromkeys((lo, lo + (hi - lo) / 4, (lo + hi) / 2, lo + 2 * (hi - lo) / 3, hi)))
        out = []
        for v in inputs:
            value = as_fraction("inputs", v)
            if not lo <= value <= hi:
                raise invalid("inputs", list(inputs), f"{v} lies outside [{lo}, {hi}]")
            out.append(value)
        if not out:
            raise invalid("inputs", list(inputs), "needs at least one input point")
        return tuple(out)

    def output_labels(self, values=None) -> tuple:
        return self.column_labels

    def _entries_at(self, sizes):
        return 5 * len(self.row)

    def probability(self, x, y, values=None) -> sympy.Expr:
        try:
            j = self.column_labels.index(y)
        except ValueError:
            raise invalid("y", y, f"not an output of {self.name} ({list(self.column_labels)})") from None
        return self.substitute(self.row[j], values).xreplace({_sym(X): rational(as_fraction("x", x))})

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        box = self._box
        cases = []
        for same in (False, True):
            for label, entry in zip(self.column_labels, self.row):
                other = entry if same else entry.xreplace({_sym(X): _sym(X_PRIME)})
                cases.append(RatioCase(entry, other, f"y = {label}" + (", x = x'" if same else ""), same,
                                       where=box[:1] if same else box, key=label))
        return tuple(cases)

    def witness(self, case, values, pair=None) -> tuple:
        if pair is None:
            point = {k: as_fraction(k, v) for k, v in values.items() if k in (X, X_PRIME)}
            if X not in point:
                raise invalid("values", dict(values), f"gives no input {X!r} for {self.name}")
            a = point[X]
            b = a if case.same_input else point.get(X_PRIME, a)
            pair = (a, b)
        return pair[0], pair[1], case.key

    def requirements(self) -> tuple[Requirement, ...]:
        given = self._box[:1]
        out = [Requirement(f"P({label} | x)", _text(e), e, "probability", given=given)
               for label, e in zip(self.column_labels, self.row)]
        out.append(Requirement("row", [_text(e) for e in self.row], sympy.Add(*self.row), "total", given=given))
        return tuple(out)


@dataclass(frozen=True, repr=False)
class OneBit(ContinuousInput):
    """Duchi, Jordan and Wainwright's one-bit mechanism ("Local privacy and statistical minimax rates",
    FOCS 2013; JASA 2018): an input x in [−1, 1] is reported as +B with probability
    1/2 + x(e^ε − 1)/(2(e^ε + 1)) and as −B otherwise, B = (e^ε + 1)/(e^ε − 1) (so the report is an
    unbiased estimate of x). Outputs are labelled ``"+B"`` and ``"-B"``."""

    epsilon: sympy.Expr = sympy.Integer(1)

    @property
    def plus(self) -> sympy.Expr:
        """P(+B | x)."""
        return self.row[0]


# ------------------------------------------------------------------------------------------ printed matrices
@dataclass(frozen=True, repr=False)
class MatrixFamily(Family):
    """Any printed matrix: ``rows[i][j]`` = P(output j | input i), entries in the parameters; inputs and
    outputs labelled by ``row_labels`` and ``column_labels`` (default 0, 1, …)."""

    rows: tuple[tuple[sympy.Expr, ...], ...] = ()
    row_labels: tuple = ()
    column_labels: tuple = ()

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return tuple(e for row in self.rows for e in row)

    @property
    def exhaustive(self) -> str:
        return (f"every ordered pair of the {len(self.rows)} inputs (x = x' included) and every one of the "
                f"{len(self.column_labels)} outputs, listed one by one (exhaustive by enumeration)")

    def input_key(self) -> tuple:
        return ("labels", self.row_labels)

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        return self.row_labels

    def output_labels(self, values=None) -> tuple:
        return self.column_labels

    def _entries_at(self, sizes):
        return len(self.rows) * len(self.column_labels)

    def probability(self, x, y, values=None) -> sympy.Expr:
        try:
            i, j = self.row_labels.index(x), self.column_labels.index(y)
        except ValueError:
            raise invalid("(x, y)", (x, y), f"not an input and an output of {self.name}") from None
        return self.substitute(self.rows[i][j], values)

    def _entry_function(self, values):
        point = self.point(values)
        rows = {x: {y: e.xreplace(point) for y, e in zip(self.column_labels, row)}
                for x, row in zip(self.row_labels, self.rows)}
        return lambda x, y: rows[x][y]

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        _check_cases(self, len(self.rows) ** 2 * len(self.column_labels))
        cases, seen = [], set()
        for i, a in enumerate(self.row_labels):
            for j, b in enumerate(self.row_labels):
                for k, y in enumerate(self.column_labels):
                    num, den = self.rows[i][k], self.rows[j][k]
                    mark = (i, j), num, den
                    if mark in seen:
                        continue
                    seen.add(mark)
                    cases.append(RatioCase(num, den, f"x = {a!r}, x' = {b!r}, y = {y!r}", i == j,
                                           key=(a, b, y), pair=(a, b)))
        return tuple(cases)

    def witness(self, case, values, pair=None) -> tuple:
        a, b, y = case.key
        if pair is not None and case.same_input:
            return pair[0], pair[0], y
        return a, b, y

    def requirements(self) -> tuple[Requirement, ...]:
        out = []
        for i, row in enumerate(self.rows):
            for j, entry in enumerate(row):
                out.append(Requirement(f"mechanism[{i}][{j}]", _text(entry), entry, "probability"))
            out.append(Requirement(f"mechanism row {i}", [_text(e) for e in row], sympy.Add(*row), "total"))
        return tuple(out)

    def lumped(self, values: Sequence[str]) -> Lumped:
        tracked = _tracked(values, sympy.Integer(len(self.rows)))
        labels = [str(v) for v in self.row_labels]
        columns = [str(v) for v in self.column_labels]
        missing = [v for v in tracked if v not in labels or v not in columns]
        if missing:
            raise invalid("values", list(values), f"{missing[0]!r} is not both an input and an output of {self.name}")
        k = len(tracked)
        col = [columns.index(v) for v in tracked]
        outcomes = [tuple(0 for _ in tracked)] + [tuple(int(i == j) for j in range(k)) for i in range(k)]

        def law_of(row: tuple[sympy.Expr, ...]) -> dict[tuple[int, ...], sympy.Expr]:
            out = {outcomes[i + 1]: row[c] for i, c in enumerate(col)}
            out[outcomes[0]] = 1 - sympy.Add(*(row[c] for c in col))
            return out

        law = {v: law_of(self.rows[labels.index(v)]) for v in tracked}
        rest = [i for i, label in enumerate(labels) if label not in tracked]
        if rest:
            first = law_of(self.rows[rest[0]])
            for i in rest[1:]:
                other = law_of(self.rows[i])
                if any(sympy.simplify(first[o] - other[o]) != 0 for o in outcomes):
                    raise invalid("values", list(values),
                                  f"inputs {labels[rest[0]]!r} and {labels[i]!r} give the tracked values different "
                                  "probabilities, so the other inputs cannot be lumped into one class")
        else:
            first = {o: sympy.Integer(0) for o in outcomes}
            first[outcomes[0]] = sympy.Integer(1)
        law["other"] = first
        return Lumped(tracked, (*tracked, "other"), outcomes, law, sympy.Integer(len(rest)),
                      "checked: every input outside the tracked values gives each tracked output the same "
                      "probability (the rows agree, simplified by sympy)")


@dataclass(frozen=True, repr=False)
class PostProcessed(MatrixFamily):
    """A mechanism followed by a Markov kernel K on its outputs: P(z | x) = Σ_y P(y | x) K(z | y). By
    post-processing (Dwork and Roth, Proposition 2.1) it is ε-LDP whenever the mechanism is; its ratio
    cases are those of the explicit composed matrix, so the check does not rely on that."""

    base: Family | None = None
    kernel: MatrixFamily | None = None

    def requirements(self) -> tuple[Requirement, ...]:
        assert self.base is not None and self.kernel is not None
        shown = [Requirement(r.name.replace("mechanism", "kernel", 1), r.shown, r.expr, r.kind, r.given)
                 for r in self.kernel.requirements()]
        return (*self.base.requirements(), *shown)


# ------------------------------------------------------------------------------------------ products
@dataclass(frozen=True, repr=False)
class Product(Family):
    """Composition: the parts applied to the same input with independent randomness, the output the tuple
    of their outputs, P((y1, y2) | x) = P1(y1 | x) P2(y2 | x) (Dwork and Roth, Theorem 3.16: the losses add)."""

    parts: tuple[Family, ...] = ()

    def _expressions(self) -> tuple[sympy.Expr, ...]:
        return tuple(sympy.Symbol(n) for part in self.parts for n in part.parameters)

    @property
    def sizes(self) -> tuple[str, ...]:
        return tuple(sorted({s for part in self.parts for s in part.sizes}))

    @property
    def input_variables(self) -> tuple[str, ...]:
        return tuple(sorted({v for part in self.parts for v in part.input_variables}))

    @property
    def exhaustive(self) -> str:
        return ("P((y1, …) | x) is the product of the parts' probabilities (independent randomness) and the outputs "
                "vary independently, so every ratio is a product of one case of each part for the same inputs "
                "(x, x'); each part's cases are exhaustive: " + " | ".join(p.exhaustive for p in self.parts))

    def input_key(self) -> tuple:
        return self.parts[0].input_key()

    def input_labels(self, values=None, *, inputs=None) -> tuple:
        return self.parts[0].input_labels(_own(self.parts[0], values), inputs=inputs)

    def output_labels(self, values=None) -> tuple:
        return tuple(itertools.product(*(p.output_labels(_own(p, values)) for p in self.parts)))

    def _entries_at(self, sizes):
        count = len(self.input_labels(sizes))
        for part in self.parts:
            own = _own(part, sizes)
            count *= part._entries_at(own) // max(len(part.input_labels(own)), 1)
            if count > MAX_MATRIX_ENTRIES:
                return count
        return count

    def probability(self, x, y, values=None) -> sympy.Expr:
        return sympy.Mul(*(part.probability(x, yi, _own(part, values)) for part, yi in zip(self.parts, y)))

    def _entry_function(self, values):
        functions = [part._entry_function(_own(part, values)) for part in self.parts]
        return lambda x, y: sympy.Mul(*(f(x, yi) for f, yi in zip(functions, y)))

    def ratio_cases(self) -> tuple[RatioCase, ...]:
        total = 1
        for part in self.parts:
            total *= len(part.ratio_cases())
        _check_cases(self, total)
        out = []
        for combination in itertools.product(*(p.ratio_cases() for p in self.parts)):
            if len({c.same_input for c in combination}) != 1:
                continue
            pairs = {c.pair for c in combination if c.pair is not None}
            if len(pairs) > 1:
                continue
            out.append(RatioCase(sympy.Mul(*(c.numerator for c in combination)),
                                 sympy.Mul(*(c.denominator for c in combination)),
                                 "; ".join(c.pattern for c in combination), combination[0].same_input,
                                 where=tuple(dict.fromkeys(w for c in combination for w in c.where)),
                                 key=combination, pair=next(iter(pairs)) if pairs else None,
                                 named_numerator=sympy.Mul(*(c.named_numerator for c in combination)),
                                 named_denominator=sympy.Mul(*(c.named_denominator for c in combination))))
        return tuple(out)

    def witness(self, case, values, pair=None) -> tuple:
        """The parts' witnesses for one pair of inputs: the case's own pair, ``pair``, or the first part's."""
        parts_cases = case.key
        if not (isinstance(parts_cases, tuple) and len(parts_cases) == len(self.parts)
                and all(isinstance(c, RatioCase) for c in parts_cases)):
            raise invalid("case", case.pattern, f"is not a case of {self.name}")
        if pair is None and case.pair is not None:
            pair = case.pair
        if pair is None:
            pair = self.parts[0].witness(parts_cases[0], _own(self.parts[0], values))[:2]
        ys = tuple(part.witness(c, _own(part, values), pair)[2] for part, c in zip(self.parts, parts_cases))
        return pair[0], pair[1], ys

    def requirements(self) -> tuple[Requirement, ...]:
        return tuple(r for part in self.parts for r in part.requirements())


def _own(part: Family, values: Values | None) -> dict[str, ExprLike]:
    """The values that concern ``part`` (its parameters and input variables)."""
    names = set(part.parameters) | set(part.input_variables) | {X_PRIME}
    return {k: v for k, v in (values or {}).items() if k in names}


# ------------------------------------------------------------------------------------------ constructors
def _privacy_domain(epsilon: sympy.Expr, value: ExprLike, *, strict: bool = False) -> str:
    """``epsilon >= 0`` (a privacy level; ``> 0`` when ``strict``): a domain condition when ε has a name,
    decided at once when it is a number."""
    return _bounded("epsilon", value, epsilon, low=0, strict=strict)


def _bounds_text(shown: str, low: ExprLike, high: ExprLike, strict: bool) -> str:
    """``shown >= low``, ``shown <= high`` or ``low <= shown <= high`` (``>``/``<`` when ``strict``)."""
    if high is None:
        return f"{shown} {'>' if strict else '>='} {low}"
    if low is None:
        return f"{shown} <= {high}"
    return f"{low} {'<' if strict else '<='} {shown} <= {high}"


def _bounded(name: str, value: ExprLike, expr: sympy.Expr, *, low: ExprLike | None = None, high: ExprLike | None = None,
             strict: bool = False) -> str:
    """The structural condition ``low <= expr <= high`` (``low < expr`` when ``strict``) of a family, as a
    domain text when ``expr`` has a name. When ``expr`` is a number the condition is decided at once, by an
    exact comparison, and a number outside it is refused with one line naming ``name`` and ``value``: a
    family is defined only on its stated domain, so a parameter outside it is not a mechanism of the family
    (``q_wrr(-1)`` is not Q_WRR for any ε >= 0)."""
    if expr.free_symbols:
        return _bounds_text(_text(expr), low, high, strict)
    checks = []
    if low is not None:
        checks.append((sympy.Gt if strict else sympy.Ge)(expr, sympy.sympify(low)))
    if high is not None:
        checks.append(sympy.Le(expr, sympy.sympify(high)))
    stated = _bounds_text(name, low, high, strict)
    for check in checks:
        if check == sympy.false:
            raise invalid(name, value, f"is outside the family's domain {stated}")
        if check != sympy.true:
            raise invalid(name, value, f"cannot be compared exactly with the family's domain {stated}",
                          "give an exact number")
    return ""


def _symbols_of(*exprs: sympy.Expr) -> set[sympy.Symbol]:
    return {s for e in exprs for s in e.free_symbols}


def randomized_response(d: ExprLike = "d", epsilon: ExprLike | None = None, *, p: ExprLike | None = None, domain: DomainLike = None) -> RandomizedResponse:
    """k-ary randomized response over d values (Warner 1965; Kairouz, Oh, Viswanath 2014): the true value
    with p = e^ε/(e^ε + d − 1) and each other value with q = 1/(e^ε + d − 1) (``epsilon`` defaults to the
    name ``eps``) — or, given ``p`` instead of ``epsilon``, the true value with p and each other value with
    q = (1 − p)/(d − 1).

    ``d``: a name (a symbolic size, an integer >= 2 by the domain) or an integer >= 2. The domain is
    ``d >= 2 integer``, ``epsilon >= 0`` (a privacy level) when ε has a name, and ``domain``."""
    size = _size(d, "d")
    if epsilon is not None and p is not None:
        raise invalid("epsilon", epsilon, "give exactly one of epsilon= and p=")
    if epsilon is None and p is None:
        epsilon = "eps"
    if epsilon is not None:
        eps = expression(epsilon, "epsilon")
        t = sympy.exp(eps)
        keep, other = t / (t + size - 1), 1 / (t + size - 1)
        structural = _privacy_domain(eps, epsilon)
    else:
        keep = expression(p, "p")
        other = (1 - keep) / (size - 1)
        structural = ""
    symbols = _symbols_of(size, keep)
    dom = _domain(_size_conditions(size), structural, domain, symbols=symbols)
    inputs = f"a value in {{0, …, {size} − 1}}"
    return RandomizedResponse(
        name="k-ary randomized response" if size.free_symbols or size > 2 else "binary randomized response",
        source="Warner 1965; Kairouz, Oh, Viswanath 2014 (k-RR)", parameters=(), domain=dom,
        named={"p": keep, "q": other}, inputs=inputs, outputs=inputs, size=size, keep=keep, other=other)


def warner(p: ExprLike = "p", *, domain: DomainLike = None) -> RandomizedResponse:
    """Warner's randomized response [[p, 1−p], [1−p, p]] (Warner 1965; 003 Example 3.7): binary randomized
    response that tells the truth with probability p; domain ``0 <= p <= 1`` when p has a name."""
    keep = expression(p, "p")
    structural = _bounded("p", p, keep, low=0, high=1)
    family = randomized_response(2, p=keep, domain=_domain(structural, domain, symbols=keep.free_symbols))
    return _renamed(family, "Warner's randomized response", "Warner 1965; 003 Example 3.7")


_F = TypeVar("_F", bound="Family")


def _renamed(family: _F, name: str, source: str) -> _F:
    return replace(family, name=name, source=source)


def unary_encoding(d: ExprLike = "d", p: ExprLike = "p", q: ExprLike = "q", *, domain: DomainLike = None) -> UnaryEncoding:
    """Unary encoding over d values with any (p, q) (Wang, Blocki, Li, Jha 2017): d independent bits, bit v
    set with probability p if the input is v and q otherwise. Domain ``d >= 2 integer`` and ``domain``."""
    size = _size(d, "d")
    pp, qq = expression(p, "p"), expression(q, "q")
    dom = _domain(_size_conditions(size), domain, symbols=_symbols_of(size, pp, qq))
    return UnaryEncoding(name="unary encoding", source="Wang, Blocki, Li, Jha 2017 (unary encoding)", parameters=(),
                         domain=dom, named={"p": pp, "q": qq}, inputs=f"a value in {{0, …, {size} − 1}}",
                         outputs=f"{size} independent bits", size=size, p=pp, q=qq)


def symmetric_unary_encoding(d: ExprLike = "d", epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> UnaryEncoding:
    """Symmetric unary encoding, basic RAPPOR (Erlingsson, Pihur, Korolova 2014; Wang et al. 2017 "SUE"):
    p = e^{ε/2}/(e^{ε/2} + 1), q = 1 − p; domain adds ``epsilon >= 0``."""
    eps = expression(epsilon, "epsilon")
    half = sympy.exp(eps / 2)
    family = unary_encoding(d, half / (half + 1), 1 / (half + 1),
                            domain=_domain(_privacy_domain(eps, epsilon), domain, symbols=eps.free_symbols))
    return _renamed(family, "symmetric unary encoding", "Erlingsson, Pihur, Korolova 2014; Wang, Blocki, Li, Jha 2017 (SUE)")


def optimized_unary_encoding(d: ExprLike = "d", epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> UnaryEncoding:
    """Optimized unary encoding (Wang, Blocki, Li, Jha 2017, "OUE"): p = 1/2, q = 1/(e^ε + 1); domain adds
    ``epsilon >= 0``."""
    eps = expression(epsilon, "epsilon")
    family = unary_encoding(d, sympy.Rational(1, 2), 1 / (sympy.exp(eps) + 1),
                            domain=_domain(_privacy_domain(eps, epsilon), domain, symbols=eps.free_symbols))
    return _renamed(family, "optimized unary encoding", "Wang, Blocki, Li, Jha 2017 (OUE)")


def duchi(epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> OneBit:
    """Duchi, Jordan and Wainwright's one-bit mechanism for x in [−1, 1] (FOCS 2013): +B with probability
    1/2 + x(e^ε − 1)/(2(e^ε + 1)), B = (e^ε + 1)/(e^ε − 1). Domain ``epsilon > 0`` (B is undefined at ε = 0)."""
    eps = expression(epsilon, "epsilon")
    t = sympy.exp(eps)
    plus = sympy.Rational(1, 2) + _sym(X) * (t - 1) / (2 * (t + 1))
    dom = _domain(_privacy_domain(eps, epsilon, strict=True), domain, symbols=eps.free_symbols)
    return OneBit(name="Duchi et al.'s one-bit mechanism", source="Duchi, Jordan, Wainwright 2013 (one-bit mechanism)",
                  parameters=(), domain=dom, named={"B": (t + 1) / (t - 1)}, inputs="x in [-1, 1]", outputs="±B",
                  row=(plus, 1 - plus), column_labels=("+B", "-B"), epsilon=eps)


def continuous(row: Sequence[ExprLike], *, interval: tuple[ExprLike, ExprLike] = (-1, 1), outputs: Sequence[Hashable] | None = None,
               domain: DomainLike = None, name: str = "a mechanism on a numeric input",
               source: str = "as printed") -> ContinuousInput:
    """A mechanism whose input is a number ``x`` in ``interval``: ``row[j]`` = P(output j | x), each a
    formula in ``x`` and the parameters (``"1/2 + x*(exp(eps)-1)/(2*(exp(eps)+1))"``)."""
    if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) < 1:
        raise invalid("row", row, "must be a non-empty list of output probabilities written in x")
    built = tuple(expression(e, f"row[{j}]") for j, e in enumerate(row))
    if not isinstance(interval, (tuple, list)) or len(interval) != 2:
        raise invalid("interval", interval, "must be a pair (low, high)")
    low, high = (rational(as_fraction("interval", v)) for v in interval)
    if not low < high:
        raise invalid("interval", interval, "needs low < high")
    labels = _labels_or_range(len(built), outputs, "outputs")
    symbols = _symbols_of(*built) - {_sym(X)}
    if X_PRIME in {s.name for s in symbols}:
        raise invalid("row", list(row), f"{X_PRIME!r} is the name of the second input of a pair", "write the row in x")
    return ContinuousInput(name=name, source=source, parameters=(), domain=_domain(domain, symbols=symbols), named={},
                           inputs=f"x in [{low}, {high}]", outputs=f"{len(built)} outputs {list(labels)}",
                           row=built, column_labels=labels, low=low, high=high)


def _matrix_rows(rows: FiniteMechanism | Sequence[Sequence[ExprLike]], what: str) -> tuple[tuple[sympy.Expr, ...], ...]:
    if isinstance(rows, FiniteMechanism):
        return rows.matrix
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence) or not rows:
        raise invalid(what, rows, "must be a non-empty list of rows (one per input)")
    built = []
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or not row:
            raise invalid(f"{what} row {i}", row, "must be a non-empty list of entries (one per output)")
        built.append(tuple(expression(e, f"{what}[{i}][{j}]") for j, e in enumerate(row)))
    widths = {len(r) for r in built}
    if len(widths) != 1:
        raise invalid(what, rows, f"rows have different lengths {sorted(widths)}", "every row lists one probability "
                      "per output")
    if len(built) * len(built[0]) > MAX_MATRIX_ENTRIES:
        raise invalid(what, f"<{len(built)} x {len(built[0])}>", f"more than MAX_MATRIX_ENTRIES = {MAX_MATRIX_ENTRIES} entries")
    return tuple(built)


def matrix(rows: FiniteMechanism | Sequence[Sequence[ExprLike]], *, domain: DomainLike = None, inputs: Sequence[Hashable] | None = None,
           outputs: Sequence[Hashable] | None = None, name: str = "a printed matrix",
           source: str = "as printed") -> MatrixFamily:
    """Any printed matrix: ``rows[i][j]`` = P(output j | input i), each entry a formula string, a sympy
    expression or an exact number; ``domain`` where the parameters range; ``inputs``/``outputs`` labels."""
    built = _matrix_rows(rows, "mechanism")
    symbols = _symbols_of(*(e for row in built for e in row))
    row_labels = _labels_or_range(len(built), inputs, "inputs")
    column_labels = _labels_or_range(len(built[0]), outputs, "outputs")
    return MatrixFamily(name=name, source=source, parameters=(), domain=_domain(domain, symbols=symbols), named={},
                        inputs=f"{len(built)} inputs {list(row_labels)}",
                        outputs=f"{len(built[0])} outputs {list(column_labels)}",
                        rows=built, row_labels=row_labels, column_labels=column_labels)


def product(*families: Family) -> Product:
    """The composition of ``families`` on the same input (independent randomness)."""
    if len(families) == 1 and isinstance(families[0], (list, tuple)):
        families = tuple(families[0])
    if len(families) < 2:
        raise invalid("families", list(families), "a product needs at least two mechanisms")
    for i, family in enumerate(families):
        if not isinstance(family, Family):
            raise invalid(f"families[{i}]", family, "is not a mechanism family")
    keys = {f.input_key() for f in families}
    if len(keys) != 1:
        raise invalid("families", [f.inputs for f in families], "the parts must act on the same inputs",
                      "give them the same size (the same name or the same integer) and labels")
    named = {f"{k}_{i + 1}": v for i, f in enumerate(families) for k, v in f.named.items()}
    dom = families[0].domain
    for f in families[1:]:
        if f.domain.text != dom.text or f.domain.conditions != dom.conditions:
            dom = dom & f.domain
    return Product(name=" × ".join(f.name for f in families), source="composition (Dwork and Roth, Theorem 3.16) of "
                   + "; ".join(f.source for f in families), parameters=(), domain=dom, named=named,
                   inputs=families[0].inputs, outputs="(" + ", ".join(f.outputs for f in families) + ")",
                   parts=tuple(families))


def post_process(family: Family, kernel: FiniteMechanism | Sequence[Sequence[ExprLike]], *, outputs: Sequence[Hashable] | None = None,
                 domain: DomainLike = None) -> PostProcessed:
    """``family`` followed by the Markov kernel ``kernel`` (rows: the family's outputs in the order of
    :meth:`Family.output_labels`; columns: the new outputs). The family must have finitely many concrete
    outputs (a fixed size)."""
    if not isinstance(family, Family):
        raise invalid("family", family, "is not a mechanism family")
    if family.sizes or family.input_variables:
        raise invalid("family", family.name, "post-processing is written as an explicit kernel, which needs a "
                      "fixed, finite set of inputs and outputs", "give the size as an integer (d=3)")
    columns = family.output_labels({})
    rows = family.input_labels({})
    kernel_rows = _matrix_rows(kernel, "kernel")
    if len(kernel_rows) != len(columns):
        raise invalid("kernel", f"<{len(kernel_rows)} rows>", f"needs one row per output of the mechanism "
                      f"({len(columns)}: {list(columns)[:8]})")
    if len(rows) * len(kernel_rows[0]) > MAX_MATRIX_ENTRIES:
        raise invalid("kernel", f"<{len(kernel_rows)} x {len(kernel_rows[0])}>",
                      f"the composed matrix would exceed MAX_MATRIX_ENTRIES = {MAX_MATRIX_ENTRIES}")
    composed = tuple(tuple(sympy.Add(*(family.probability(x, y) * kernel_rows[i][z] for i, y in enumerate(columns)))
                           for z in range(len(kernel_rows[0]))) for x in rows)
    kernel_family = matrix(kernel_rows, domain=domain, inputs=columns, outputs=outputs, name="post-processing kernel")
    symbols = _symbols_of(*(e for row in composed for e in row))
    dom = family.domain & kernel_family.domain
    dom = _domain(dom, symbols=symbols)
    return PostProcessed(name=f"{family.name}, post-processed", source=f"post-processing of {family.source}",
                         parameters=(), domain=dom, named={}, inputs=family.inputs,
                         outputs=f"{len(kernel_rows[0])} outputs {list(kernel_family.column_labels)}",
                         rows=composed, row_labels=rows, column_labels=kernel_family.column_labels,
                         base=family, kernel=kernel_family)


# ------------------------------------------------------------------------------------------ 003 and 004
YES, NO, DONT_KNOW = "yes", "no", "don't know"


def q2x3(p: ExprLike = "p", q: ExprLike = "q", *, domain: DomainLike = None) -> MatrixFamily:
    """Q_{2×3} of 003 §3.1 as a probabilistic mechanism with outputs yes, no, don't know:
    [[p, q, 1−p−q], [q, p, 1−p−q]], inputs ``x`` (a member) and ``x'``. Domain ``p >= 0, q >= 0,
    p + q <= 1`` (the paper's further assumption p > 1/2 is not part of the mechanism)."""
    pp, qq = expression(p, "p"), expression(q, "q")
    symbols = _symbols_of(pp, qq)
    structural = [_bounded("p", p, pp, low=0), _bounded("q", q, qq, low=0), _bounded("p + q", (p, q), pp + qq, high=1)]
    family = matrix([[pp, qq, 1 - pp - qq], [qq, pp, 1 - pp - qq]], inputs=("x", "x'"), outputs=(YES, NO, DONT_KNOW),
                    domain=_domain([s for s in structural if s], domain, symbols=symbols), name="Q_2x3",
                    source="003 §3.1 (Q_{2×3})")
    return family


def q_wrr(epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> RandomizedResponse:
    """Q_WRR = 1/(e^ε+1) [[e^ε, 1], [1, e^ε]] (003 after Eq. (1)): binary randomized response with loss ε."""
    return _renamed(randomized_response(2, epsilon, domain=domain), "Q_WRR", "003 after Eq. (1) (Q_WRR)")


def q_gwrr(c: ExprLike = "c", epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> MatrixFamily:
    """Q_GWRR of 003 Corollary 3.12: [[e^ε c/(e^ε+1), c/(e^ε+1), 1−c], [c/(e^ε+1), e^ε c/(e^ε+1), 1−c]]
    (Warner's answer with probability c, "don't know" otherwise). Domain ``0 <= c <= 1`` and ``epsilon >= 0``."""
    cc, eps = expression(c, "c"), expression(epsilon, "epsilon")
    t = sympy.exp(eps)
    structural = [_bounded("c", c, cc, low=0, high=1), _privacy_domain(eps, epsilon)]
    return matrix([[t * cc / (t + 1), cc / (t + 1), 1 - cc], [cc / (t + 1), t * cc / (t + 1), 1 - cc]],
                  inputs=("x", "x'"), outputs=(YES, NO, DONT_KNOW), name="Q_GWRR", source="003 Corollary 3.12 (Q_GWRR)",
                  domain=_domain([s for s in structural if s], domain, symbols=_symbols_of(cc, eps)))


def q_lambda(p: ExprLike = "p", q: ExprLike = "q", lam: ExprLike = "lam", *, domain: DomainLike = None) -> MatrixFamily:
    """Q_λ of 003 §3.2: the "don't know" mass 1−p−q given to the truthful answer with weight λ:
    [[p + λ(1−p−q), q + (1−λ)(1−p−q)], [q + (1−λ)(1−p−q), p + λ(1−p−q)]]. Domain ``p >= 0, q >= 0,
    p + q <= 1, 0 <= lam <= 1``."""
    pp, qq, ll = expression(p, "p"), expression(q, "q"), expression(lam, "lam")
    r = 1 - pp - qq
    a, b = pp + ll * r, qq + (1 - ll) * r
    symbols = _symbols_of(pp, qq, ll)
    structural = [_bounded("p", p, pp, low=0), _bounded("q", q, qq, low=0), _bounded("p + q", (p, q), pp + qq, high=1),
                  _bounded("lam", lam, ll, low=0, high=1)]
    return matrix([[a, b], [b, a]], inputs=("x", "x'"), outputs=(YES, NO), name="Q_lambda", source="003 §3.2 (Q_λ)",
                  domain=_domain([s for s in structural if s], domain, symbols=symbols))


def report_randomized_response(p: ExprLike = "p", *, domain: DomainLike = None) -> RandomizedResponse:
    """Randomized response of 004 §2.2: the true bit with probability 1/2 + p, [[1/2+p, 1/2−p], [1/2−p,
    1/2+p]]; domain ``0 <= p <= 1/2`` when p has a name."""
    pp = expression(p, "p")
    structural = _bounded("p", p, pp, low=0, high=sympy.Rational(1, 2))
    family = randomized_response(2, p=sympy.Rational(1, 2) + pp,
                                 domain=_domain(structural, domain, symbols=pp.free_symbols))
    return _renamed(family, "randomized response (004)", "004 §2.2 (randomized response)")


def bassily_smith(d: ExprLike = "T", p: ExprLike = "p", *, domain: DomainLike = None) -> UnaryEncoding:
    """Bassily and Smith's vector randomized response as 004 §2.2 prints it: an individual of type t is the
    one-hot vector of length T, and each coordinate runs randomized response with parameter p
    independently — a unary encoding with bit probabilities 1/2 + p (bit t) and 1/2 − p (the others).
    Domain ``0 <= p <= 1/2`` when p has a name."""
    pp = expression(p, "p")
    structural = _bounded("p", p, pp, low=0, high=sympy.Rational(1, 2))
    family = unary_encoding(d, sympy.Rational(1, 2) + pp, sympy.Rational(1, 2) - pp,
                            domain=_domain(structural, domain, symbols=pp.free_symbols))
    return _renamed(family, "vector randomized response (004)", "004 §2.2 after Bassily and Smith 2015")
