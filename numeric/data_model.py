"""How the n respondents' inputs arise, and the model (mechanism, data) whose output counts are enumerated.

Two data models for a finite mechanism Q (k inputs, m outputs):

* :class:`Prior` (003 §3.1): the n inputs are i.i.d. with probabilities ``prior`` (π, 1-π for the
  survey), so the output counts (Y0, ..., Y{m-1}) are multinomial(n; prior·Q);
* :class:`Counts` (004 §2.2, "a dataset D"): the dataset is fixed, ``counts[x]`` respondents have input
  x (the counts sum to n), so the output counts are a sum of independent multinomial(counts[x]; Q[x]).

Entries are exact rationals or expressions (strings parsed safely, or sympy) in named parameters;
``counts`` may also use ``n`` (``["k", "n-k"]``). :class:`FiniteModel` puts a mechanism, a data model
and the names of the output counts together; :func:`survey_model` is Q_{2x3} with prior (π, 1-π) and
counts named N1, N2, N3 (n1, n2, n3 accepted) as in the paper. A moment check names that survey
explicitly, ``mechanism=GENERALIZED_WARNER_SURVEY``: no check takes it when no mechanism is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from core.errors import invalid
from core.exact import as_fraction
from core.types import ExprLike, Values
from numeric.finite_mechanism import (FiniteMechanism, as_expression, exact_values, rational, survey_mechanism,
                                      symbol)

__all__ = ["Prior", "Counts", "FiniteModel", "survey_model", "count_names", "GeneralizedWarnerSurvey",
           "GENERALIZED_WARNER_SURVEY"]


def _entries(values: Sequence[ExprLike], name: str, *, allow_n: bool) -> tuple[sympy.Basic, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
        raise invalid(name, values, "must be a non-empty list (one entry per input of the mechanism)")
    out = tuple(as_expression(v, f"{name}[{i}]") for i, v in enumerate(values))
    if not allow_n and any(s.name == "n" for e in out for s in e.free_symbols):
        raise invalid(name, values, "uses the sample size 'n'", "the prior of one respondent does not depend on n")
    return out


def _at(entries: Sequence[sympy.Basic], point: Mapping[str, Fraction], name: str) -> tuple[Fraction, ...]:
    out = []
    for i, entry in enumerate(entries):
        value = entry.xreplace({s: rational(point[s.name]) for s in entry.free_symbols})
        if not value.is_Rational:
            raise invalid(f"{name}[{i}]", str(value), "is not a rational number at this point")
        out.append(Fraction(int(value.p), int(value.q)))
    return tuple(out)


def _check_numbers(entries: Sequence[sympy.Basic], name: str, ok: Callable[[sympy.Basic], bool], why: str) -> None:
    """Entries that are already numbers must satisfy ``ok`` (the others are checked at each point)."""
    for i, entry in enumerate(entries):
        if entry.is_Rational and not ok(entry):
            raise invalid(f"{name}[{i}]", str(entry), why)


class _InputData:
    """What the two data models share: their entries' parameters (n excepted)."""

    def entries(self) -> tuple[sympy.Basic, ...]:
        raise NotImplementedError

    @property
    def parameters(self) -> tuple[str, ...]:
        return tuple(sorted({s.name for e in self.entries() for s in e.free_symbols} - {"n"}))


@dataclass(frozen=True)
class Prior(_InputData):
    """i.i.d. inputs with probabilities ``weights`` (one per input; 003 §3.1 uses (π, 1-π))."""

    weights: Any

    def __post_init__(self) -> None:
        object.__setattr__(self, "weights", _entries(self.weights, "prior", allow_n=False))
        _check_numbers(self.weights, "prior", lambda w: 0 <= w <= 1, "a probability must lie in [0, 1]")
        total = sympy.expand(sum(self.weights, sympy.Integer(0)))
        if total.is_Rational and total != 1:
            raise invalid("prior", [str(w) for w in self.weights], f"sums to {total}, not 1")

    def entries(self) -> tuple[sympy.Basic, ...]:
        return self.weights

    def at(self, values: Values) -> tuple[Fraction, ...]:
        """The prior at one point, validated (entries in [0, 1], sum 1)."""
        point = exact_values(values, self.parameters, "values")
        weights = _at(self.weights, point, "prior")
        for i, w in enumerate(weights):
            if not 0 <= w <= 1:
                raise invalid(f"prior[{i}]", str(w), f"is outside [0, 1] at {point}")
        if sum(weights) != 1:
            raise invalid("prior", [str(w) for w in weights], f"sums to {sum(weights)}, not 1, at {point}")
        return weights

    def describe(self) -> str:
        return f"i.i.d. inputs with prior ({', '.join(map(str, self.weights))})"


@dataclass(frozen=True)
class Counts(_InputData):
    """A fixed dataset: ``counts[x]`` respondents have input x (004 §2.2); expressions may use n."""

    counts: Any

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", _entries(self.counts, "counts", allow_n=True))
        _check_numbers(self.counts, "counts", lambda c: c >= 0 and c.is_Integer,
                       "a number of respondents must be an integer >= 0")

    def entries(self) -> tuple[sympy.Basic, ...]:
        return self.counts

    def at(self, values: Values, n: int) -> tuple[int, ...] | None:
        """The counts at one point and sample size, or ``None`` when they are not non-negative integers
        summing to n (such a point is skipped, and counted, by the callers)."""
        point = exact_values(values, self.parameters, "values") | {"n": Fraction(n)}
        counts = _at(self.counts, point, "counts")
        if any(c < 0 or c.denominator != 1 for c in counts) or sum(counts) != n:
            return None
        return tuple(int(c) for c in counts)

    def describe(self) -> str:
        return f"a fixed dataset with input counts ({', '.join(map(str, self.counts))})"


def count_names(outputs: int) -> tuple[str, ...]:
    """Y0, ..., Y{m-1}: the default names of the output counts."""
    return tuple(f"Y{j}" for j in range(outputs))


@dataclass(frozen=True, eq=False)
class FiniteModel:
    """A mechanism, a data model (:class:`Prior` or :class:`Counts`) and the names of the output counts
    (default Y0 ... Y{m-1}; ``aliases`` maps other accepted spellings to them). ``extra`` names parameters
    that neither the mechanism nor the data use but a statistic may (the size d of a family whose lumped
    law does not depend on it)."""

    mechanism: FiniteMechanism
    data: Prior | Counts
    names: tuple[str, ...] = ()
    aliases: Mapping[str, str] | None = None
    extra: tuple[str, ...] = ()
    _probabilities: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.mechanism, FiniteMechanism):
            object.__setattr__(self, "mechanism", FiniteMechanism(self.mechanism))
        if not isinstance(self.data, (Prior, Counts)):
            raise invalid("data", self.data, "must be a Prior or Counts")
        size = len(self.data.weights if isinstance(self.data, Prior) else self.data.counts)
        if size != self.mechanism.inputs:
            raise invalid("prior" if isinstance(self.data, Prior) else "counts", size,
                          f"gives {size} entries but the mechanism has {self.mechanism.inputs} inputs (rows)")
        names = tuple(self.names) or count_names(self.mechanism.outputs)
        if len(names) != self.mechanism.outputs or len(set(names)) != len(names):
            raise invalid("names", names, f"must be {self.mechanism.outputs} distinct count names")
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "aliases", dict(self.aliases or {}))
        object.__setattr__(self, "extra", tuple(self.extra))
        clash = sorted(set(self.parameters) & (set(names) | set(self.aliases)))
        if clash:
            raise invalid("parameters", clash, "are also names of output counts")

    @property
    def parameters(self) -> tuple[str, ...]:
        """Every parameter a point must give (the mechanism's and the data model's; not n)."""
        return tuple(sorted(set(self.mechanism.parameters) | set(self.data.parameters) | set(self.extra)))

    @property
    def is_iid(self) -> bool:
        return isinstance(self.data, Prior)

    def output_probabilities(self, values: Values) -> tuple[Fraction, ...]:
        """prior·Q at a point (i.i.d. model only): the multinomial cell probabilities."""
        if not isinstance(self.data, Prior):
            raise invalid("data", self.data, "a fixed dataset has no single output distribution")
        key = tuple(sorted((k, as_fraction(k, v)) for k, v in values.items() if k in self.parameters))
        if key not in self._probabilities:  # the same point recurs for every n of a check
            matrix = self.mechanism.at(values)
            prior = self.data.at(values)
            self._probabilities[key] = tuple(sum((prior[x] * matrix[x][y] for x in range(len(prior))), Fraction(0))
                                             for y in range(self.mechanism.outputs))
        return self._probabilities[key]

    def describe(self) -> str:
        rows = "; ".join(", ".join(map(str, row)) for row in self.mechanism.matrix)
        return f"mechanism [{rows}], {self.data.describe()}, output counts {', '.join(self.names)}"


@dataclass(frozen=True)
class GeneralizedWarnerSurvey:
    """The generalized Warner survey of 003 §3.1 as a moment check's ``mechanism=``: Q_{2x3} =
    [[p, q, 1-p-q], [q, p, 1-p-q]] with prior (π, 1-π) and the counts N1 (yes), N2 (no), N3 (don't know);
    statistics in N1, N2, N3 (n1, n2, n3), claimed forms in p, q, pi, n and q1, q2, q3 (the response
    probabilities). Its model is :func:`survey_model`; it has no parameters of its own."""

    def model(self) -> FiniteModel:
        return survey_model()


#: The one value of :class:`GeneralizedWarnerSurvey`: ``check_moment(..., mechanism=GENERALIZED_WARNER_SURVEY)``.
GENERALIZED_WARNER_SURVEY = GeneralizedWarnerSurvey()


def survey_model() -> FiniteModel:
    """Q_{2x3} with prior (π, 1-π) and counts N1 (yes), N2 (no), N3 (don't know) (003 §3.1)."""
    pi = symbol("pi")
    return FiniteModel(survey_mechanism(), Prior((pi, 1 - pi)), ("N1", "N2", "N3"),
                       {"n1": "N1", "n2": "N2", "n3": "N3"})
