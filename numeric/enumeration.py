"""Exhaustive enumeration of the output counts of a finite mechanism: the exact mean and variance of any
statistic of the counts, optionally conditional on an event.

The model is a k x m row-stochastic matrix Q (:class:`~numeric.finite_mechanism.FiniteMechanism`) with
either i.i.d. inputs (``prior=``, 003 §3.1: the counts are multinomial(n; prior·Q)) or a fixed dataset
(``counts=``, 004 §2.2: a sum of independent multinomials). Without ``mechanism=`` the model is the
generalized Warner survey Q_{2x3} of 003 §3.1 with prior (π, 1-π), counts N1, N2, N3 and parameters
p, q, pi given positionally: ``moments("(N2*q - N1*p)/((N1+N2)*(q-p))", n, p, q, pi, given="N1+N2 > 0")``
(Theorems 3.9 and 3.10).

Three modes, one body (:mod:`core.context`):

* ``"exact"``: :class:`fractions.Fraction` throughout (used to re-check counterexamples);
* ``"arb"`` (certified): python-flint balls; every returned value is a ball that rigorously encloses the
  exact value; the working precision is ``dps`` digits plus guard digits, raised until the radii are
  below 10^-dps relative to the values' scale;
* ``"mpf"``: the midpoints of those balls, rounded to ``dps`` digits (never computed at 53 bits).

Moments are combined inside the context: ``mean_on`` = E[X 1{given}] and ``square_on`` =
E[X² 1{given}] are the enumerated sums themselves, not products of rounded values.

Speed comes from structure (:mod:`numeric.multinomial`, :mod:`numeric.count_evaluator`): outcomes are
streamed in batches by the last count (memory O(batch)); probabilities come from factorial-scaled
power tables; integer sub-expressions stay integers and sub-expressions of one integer array are
tabulated once; with i.i.d. inputs a statistic that depends on some counts only polynomially given
their group sums is averaged over those counts in closed form (:mod:`numeric.count_reduction`;
``strategy="full"`` enumerates every outcome instead). :func:`reference_moments` is the plain mpmath
loop (probabilities from binomials and powers at every outcome) that benchmarks and tests compare with.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import sympy

from core.context import EXACT, MIN_DPS, arb, mpf
from core.errors import invalid
from core.exact import as_fraction  # re-exported: the one exact conversion lives in core
from core.types import ExprLike, Values
from numeric.count_reduction import ratio_name
from numeric.count_statistic import STRATEGIES, CountStatistic
from numeric.data_model import Counts, FiniteModel, Prior, survey_model
from numeric.finite_mechanism import FiniteMechanism, MatrixLike, as_expression, is_condition, pure_ldp_epsilon, symbol
from numeric.multinomial import (MAX_DATASET_TABLE, DatasetLaw, MultinomialLaw, accumulate, composition_table,
                                 outcome_count)

if TYPE_CHECKING:
    import flint

__all__ = ["Survey", "Moments", "moments", "outcomes", "parse_statistic", "reference_moments", "MODES",
           "STRATEGIES", "as_fraction", "CountStatistic", "FiniteMechanism", "FiniteModel", "Prior", "Counts",
           "model_of", "enumerate_moments", "pure_ldp_epsilon", "MOMENT_NAMES", "MAX_N", "MAX_CELLS", "MAX_EXACT_WORK",
           "check_work"]

MODES = ("mpf", "arb", "exact")
#: The moments a :class:`Moments` holds, by name.
MOMENT_NAMES = ("mean", "variance", "mean_on", "square_on", "probability")
_SURVEY_NAMES = ("N1", "N2", "N3", "n1", "n2", "n3", "p", "q", "pi", "n")
#: Largest sample size: the power tables of an i.i.d. law hold n + 1 numbers and n! (about 8 s at n = 10^6
#: in 50-digit balls, measured on a shared machine).
MAX_N = 10 ** 6
#: Most values of the enumerated cells (every outcome, or every value of the group sums) at one sample size
#: and one point: about 2·10^5 per second were measured in 50-digit balls, so this is about a minute.
MAX_CELLS = 10 ** 7
#: Most cells × n in exact rational mode: exact probabilities at sample size n have O(n) digits, and about
#: 4·10^6 such units per second were measured (n = 200: 0.8 s; n = 1000 every outcome: 131 s), so about a minute.
MAX_EXACT_WORK = 2 * 10 ** 8
#: Most digits of the certified modes: the guard digits are raised up to 8x this while radii stay wide, and
#: arithmetic on balls of tens of thousands of digits is minutes per enumeration.
MAX_DPS = 2_000


@dataclass(frozen=True)
class Survey:
    """One Q_{2x3} survey: sample size ``n``, truth probability ``p``, lie probability ``q`` (so "don't
    know" has 1 - p - q), true proportion ``pi`` (003 §3.1). All exact rationals, validated here."""

    n: int
    p: Fraction
    q: Fraction
    pi: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "n", _sample_size(self.n))
        for name in ("p", "q", "pi"):
            value = as_fraction(name, getattr(self, name))
            if not 0 <= value <= 1:
                raise invalid(name, getattr(self, name), "a probability must lie in [0, 1]")
            object.__setattr__(self, name, value)
        if self.p + self.q > 1:
            raise invalid("p+q", self.p + self.q, f"p={self.p} and q={self.q} leave 1-p-q < 0",
                          "Q_{2x3} needs p + q <= 1")

    @property
    def q1(self) -> Fraction:
        return self.pi * self.p + (1 - self.pi) * self.q

    @property
    def q2(self) -> Fraction:
        return self.pi * self.q + (1 - self.pi) * self.p

    @property
    def q3(self) -> Fraction:
        return 1 - self.p - self.q

    def values(self) -> dict[str, Fraction | int]:
        return {"n": self.n, "p": self.p, "q": self.q, "pi": self.pi}


@dataclass(frozen=True)
class Moments:
    """Moments of a statistic X over the outcomes (conditional on ``given`` when set).

    ``mean``, ``variance``: of X given the event; ``probability``: P(given) (1 without a condition);
    ``mean_on`` = E[X 1{given}], ``square_on`` = E[X² 1{given}]; ``outcomes``: the number of outcomes of
    positive probability in the event; ``mode``, ``dps``, ``bits``: how the numbers were computed;
    ``method``: what was enumerated (every outcome, or group sums)."""

    mean: Any
    variance: Any
    probability: Any
    outcomes: int
    mode: str
    dps: int | None
    bits: int | None = None
    mean_on: Any = None
    square_on: Any = None
    method: str = ""

    def value(self, which: str) -> Any:
        """The moment called ``which`` (one of :data:`MOMENT_NAMES`)."""
        if which not in MOMENT_NAMES:
            raise invalid("moment", which, f"must be one of {list(MOMENT_NAMES)}")
        return getattr(self, which)


def _sample_size(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise invalid("n", n, "the sample size must be an integer >= 1")
    if n > MAX_N:
        raise invalid("n", n, f"is beyond the largest sample size enumerated, {MAX_N}",
                      "a moment for every n comes from the symbolic derivation (check_moment)")
    return int(n)


def check_work(statistic: CountStatistic, n: int, mode: str, strategy: str) -> int:
    """The number of cell values one enumeration at sample size ``n`` visits; refuses, before any work,
    more than :data:`MAX_CELLS` (or cells × n beyond :data:`MAX_EXACT_WORK` in exact mode)."""
    plan = statistic.plan(strategy)
    cells = outcome_count(n, len(plan.cells))
    shown = ", ".join(plan.labels(statistic.model.names))
    if cells > MAX_CELLS:
        raise invalid("n", n, f"the enumeration visits {cells} values of ({shown}), more than {MAX_CELLS} "
                      "(about a minute of work)", "use a smaller n, or a statistic of fewer counts")
    if not statistic.model.is_iid:
        table = (n + 1) ** (statistic.model.mechanism.outputs - 1)
        if table > MAX_DATASET_TABLE:
            raise invalid("n", n, f"the law of a fixed dataset over {statistic.model.mechanism.outputs} outputs needs a "
                          f"table of {table} entries, more than {MAX_DATASET_TABLE}",
                          "use a smaller n, or i.i.d. inputs (prior=)")
    if mode == "exact" and cells * n > MAX_EXACT_WORK:
        raise invalid("n", n, f"exact rational enumeration of {cells} values of ({shown}) at this n is beyond "
                      f"{MAX_EXACT_WORK} cells x n (about a minute of work)", "use mode='arb' (certified balls)")
    return cells


def outcomes(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All C(n+2, 2) triples (N1, N2, N3) with N1 + N2 + N3 = n, as int64 arrays, blocks of fixed N3."""
    cells = composition_table(_sample_size(n), 3)
    return cells[0], cells[1], cells[2]


def parse_statistic(statistic: ExprLike, *, name: str = "statistic", allowed: tuple[str, ...] | None = None,
                    relational: bool = False) -> sympy.Basic:
    """A sympy expression from a string (read by :func:`core.formula.parse_formula`) or an expression in
    the survey's names N1, N2, N3 (or n1, n2, n3), p, q, pi, n; ``allowed`` replaces those names.
    Symbols are matched by name and replaced by those of :func:`numeric.finite_mechanism.symbol`."""
    expr = as_expression(statistic, name, allowed=allowed or _SURVEY_NAMES, relational=relational)
    if not relational and is_condition(expr):
        raise invalid(name, statistic, "is a truth value, not a statistic")
    aliases = {"n1": "N1", "n2": "N2", "n3": "N3"}
    return expr.xreplace({s: symbol(aliases[s.name]) for s in expr.free_symbols if s.name in aliases})


def model_of(mechanism: MatrixLike | None = None, prior: Sequence[ExprLike] | None = None,
             counts: Sequence[ExprLike] | None = None) -> FiniteModel:
    """The model of a ``mechanism`` (a :class:`FiniteMechanism` or its matrix) with ``prior`` or ``counts``
    (exactly one), or the Q_{2x3} survey when all three are ``None``."""
    if mechanism is None:
        if prior is not None or counts is not None:
            raise invalid("mechanism", None, "prior= and counts= need a mechanism=")
        return survey_model()
    if (prior is None) == (counts is None):
        raise invalid("prior/counts", (prior, counts), "give exactly one: prior=[...] (i.i.d. inputs) or "
                      "counts=[...] (a fixed dataset)")
    data = Prior(prior) if prior is not None else Counts(counts)
    return FiniteModel(mechanism if isinstance(mechanism, FiniteMechanism) else FiniteMechanism(mechanism), data)


def _point(model: FiniteModel, values: Values) -> dict[str, Fraction]:
    unknown = sorted(set(values) - set(model.parameters) - {"n"})
    if unknown:
        raise invalid("values", dict(values), f"names {unknown} are not parameters of the model",
                      f"the parameters are {list(model.parameters)}")
    out = {}
    for name in model.parameters:
        if name not in values:
            raise invalid("values", dict(values), f"gives no value for the parameter {name!r}")
        out[name] = as_fraction(name, values[name])
    return out


def _law_and_scalars(statistic: CountStatistic, n: int, point: Mapping[str, Fraction], strategy: str):
    """The law of the plan's cells at this point, the exact scalars (parameters, n, within-group
    probabilities) and the number of positive-probability outputs behind each cell."""
    model = statistic.model
    plan = statistic.plan(strategy)
    scalars: dict[str, Fraction] = {**point, "n": Fraction(n)}
    if not model.is_iid:
        dataset = model.data.at(point, n)
        if dataset is None:
            raise invalid("counts", [str(c) for c in model.data.counts],
                          f"are not non-negative integers summing to n={n} at {point}")
        law = DatasetLaw(n, dataset, model.mechanism.at(point))
        return plan, law, scalars, [1] * len(plan.cells)
    cells = model.output_probabilities(point)
    groups = [sum((cells[y] for y in g), Fraction(0)) for g in plan.groups]
    for g, group in enumerate(plan.groups):
        for y in group:
            scalars[ratio_name(y)] = cells[y] / groups[g] if groups[g] else Fraction(0)
    sizes = [max(1, sum(1 for y in g if cells[y])) if plan.grouped else 1 for g in plan.groups]
    return plan, MultinomialLaw(n, groups), scalars, sizes


def _sums(statistic: CountStatistic, n: int, point: Mapping[str, Fraction], strategy: str, number: Any,
          tick: Callable[[], None] | None = None):
    plan, law, scalars, sizes = _law_and_scalars(statistic, n, point, strategy)
    try:
        s0, s1, s2, count = accumulate(plan, law, scalars, number, sizes, plan.labels(statistic.model.names),
                                       statistic.expression, tick=tick)
    except ZeroDivisionError:
        raise invalid("statistic", str(statistic.expression), f"divides by zero at {point}") from None
    if count == 0 or s0 == 0:
        raise invalid("given", str(statistic.given), f"has probability 0 at n={n}, {point}")
    return plan, s0, s1, s2, count


def _combine(s0: Any, s1: Any, s2: Any) -> dict[str, Any]:
    mean = s1 / s0
    return {"mean": mean, "variance": s2 / s0 - mean * mean, "probability": s0, "mean_on": s1, "square_on": s2}


def _tight(values: Mapping[str, flint.arb], target: int) -> bool:
    from flint import arb as ball

    floor = ball(2) ** (-target)
    scale = abs(values["mean_on"] / values["probability"]) + abs(values["square_on"] / values["probability"])
    for name, v in values.items():
        if not v.is_finite():
            return False
        reference = abs(v.mid()) + (scale if name in ("mean", "variance") else abs(values["square_on"]) + 1) + floor
        if not (v.rad() <= floor * reference):
            return False
    return True


def enumerate_moments(statistic: CountStatistic, n: int, values: Values | None = None, *,
                      dps: int = 50, mode: str = "arb", strategy: str = "auto",
                      tick: Callable[[], None] | None = None) -> Moments:
    """The moments of a parsed :class:`~numeric.count_statistic.CountStatistic` at sample size ``n`` and
    the parameter point ``values`` (see the module docstring for ``mode``, ``dps`` and ``strategy``).
    Sizes are checked before any work (:func:`check_work`); ``tick()``, if given, is called before every
    batch of outcomes, so that a caller's deadline can stop the enumeration."""
    if mode not in MODES:
        raise invalid("mode", mode, f"not one of {list(MODES)}")
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < MIN_DPS:
        raise invalid("dps", dps, f"must be an integer >= {MIN_DPS} (more than double precision)")
    if dps > MAX_DPS:
        raise invalid("dps", dps, f"must be at most {MAX_DPS}", "50 digits certify any moment the texts print")
    n = _sample_size(n)
    check_work(statistic, n, mode, strategy)
    point = _point(statistic.model, values or {})
    if mode == "exact":
        plan, s0, s1, s2, count = _sums(statistic, n, point, strategy, EXACT.converter(), tick)
        return Moments(**_combine(s0, s1, s2), outcomes=count, mode="exact", dps=None,
                       method=plan.describe(statistic.model.names))
    target = math.ceil(dps * math.log2(10)) + 4
    guard = 10
    while True:
        context = arb(dps + guard)
        with context.active():
            plan, s0, s1, s2, count = _sums(statistic, n, point, strategy, context.converter(), tick)
            found = _combine(s0, s1, s2)
            tight = _tight(found, target)
        if tight or guard >= 8 * dps:
            break
        guard *= 4
    if not all(v.is_finite() for v in found.values()):
        raise invalid("statistic", str(statistic.expression), "is undefined at some outcome (a division by a "
                      "quantity that vanishes)")
    method = plan.describe(statistic.model.names)
    if mode == "arb":
        return Moments(**found, outcomes=count, mode="arb", dps=dps, bits=context.prec, method=method)
    with mpf(dps).active():
        rounded = {k: +_to_mpf(v) for k, v in found.items()}
    return Moments(**rounded, outcomes=count, mode="mpf", dps=dps, bits=context.prec, method=method)


def _to_mpf(ball: Any) -> Any:
    """The midpoint of an ``arb`` ball as an exact ``mpf`` (rounded by the caller's precision)."""
    import mpmath

    mid = ball.mid()
    if mid == 0:
        return mpmath.mpf(0)
    man, exp = mid.man_exp()
    return mpmath.mpf((int(man), int(exp)))


def _statistic(statistic: ExprLike | CountStatistic, n: int, p: Any, q: Any, pi: Any, mechanism: MatrixLike | None, prior: Sequence[ExprLike] | None,
               counts: Sequence[ExprLike] | None, values: Values | None,
               given: ExprLike | None) -> tuple[CountStatistic, dict[str, ExprLike]]:
    survey_args = (p, q, pi)
    if isinstance(statistic, CountStatistic):
        if mechanism is not None or prior is not None or counts is not None or given is not None:
            raise invalid("statistic", statistic, "is already parsed with its model and condition")
        compiled = statistic
    else:
        compiled = CountStatistic(model_of(mechanism, prior, counts), statistic, given)
    if compiled.model.names == ("N1", "N2", "N3") and mechanism is None and values is None:
        if any(v is None for v in survey_args):
            raise invalid("p, q, pi", survey_args, "the survey Q_{2x3} needs p, q and pi")
        survey = Survey(n, p, q, pi)
        return compiled, {"p": survey.p, "q": survey.q, "pi": survey.pi}
    if any(v is not None for v in survey_args):
        raise invalid("p, q, pi", survey_args, "are the survey's parameters; with mechanism= give values={...}")
    return compiled, dict(values or {})


def moments(statistic: ExprLike | CountStatistic, n: int, p: ExprLike | None = None, q: ExprLike | None = None,
            pi: ExprLike | None = None, *, mechanism: MatrixLike | None = None, prior: Sequence[ExprLike] | None = None,
            counts: Sequence[ExprLike] | None = None, values: Values | None = None, given: ExprLike | None = None,
            dps: int = 50, mode: str = "mpf", strategy: str = "auto") -> Moments:
    """Mean and variance of ``statistic`` over the output counts, conditional on ``given`` when set.

    Survey form (003 §3.1): ``moments(statistic, n, p, q, pi, given=...)`` with the statistic in N1, N2,
    N3, p, q, pi, n. Any finite mechanism: ``moments(statistic, n, mechanism=[[...], ...],
    prior=[...] | counts=[...], values={name: value})`` with the statistic in Y0 ... Y{m-1}, n and the
    parameters. Values are exact rationals (ints, Fractions, strings, floats read exactly);
    ``dps``: digits of the ``mpf``/``arb`` modes; ``mode``: ``"mpf"`` | ``"arb"`` | ``"exact"``;
    ``strategy``: ``"auto"`` | ``"full"`` | ``"grouped"``. Returns :class:`Moments`.

    Example::

        moments("Y0", 10, mechanism=[["p", "1-p"], ["1-p", "p"]], prior=["1/3", "2/3"],
                values={"p": "3/4"}, mode="exact").mean          # Fraction(25, 6)
    """
    compiled, point = _statistic(statistic, n, p, q, pi, mechanism, prior, counts, values, given)
    return enumerate_moments(compiled, n, point, dps=dps, mode=mode, strategy=strategy)


def reference_moments(statistic: ExprLike | CountStatistic, n: int, p: ExprLike | None = None,
                      q: ExprLike | None = None, pi: ExprLike | None = None, *, mechanism: MatrixLike | None = None,
                      prior: Sequence[ExprLike] | None = None, values: Values | None = None,
                      given: ExprLike | None = None, dps: int = 50) -> Moments:
    """The plain way, for comparison (i.i.d. inputs): an mpmath loop over every outcome computing the
    multinomial probability from binomials and powers and the statistic by ``lambdify`` (of the parsed
    sympy tree; no string is evaluated), at ``dps + 10`` digits."""
    import mpmath

    compiled, raw = _statistic(statistic, n, p, q, pi, mechanism, prior, None, values, given)
    model = compiled.model
    point = _point(model, raw)
    cells = model.output_probabilities(point)
    substitute = {symbol(k): sympy.Rational(v.numerator, v.denominator) for k, v in point.items()}
    substitute[symbol("n")] = sympy.Integer(n)
    counts = compiled.counts
    f = sympy.lambdify(counts, compiled.expression.xreplace(substitute), modules="mpmath")
    test = None if compiled.given is None else sympy.lambdify(counts, compiled.given.xreplace(substitute),
                                                              modules="mpmath")
    with mpf(dps + 10).active():
        r = [mpmath.mpf(c.numerator) / c.denominator for c in cells]
        s0 = s1 = s2 = mpmath.mpf(0)
        count = 0
        table = composition_table(n, len(cells)).T
        for outcome in table:
            outcome = [int(c) for c in outcome]
            if test is not None and not test(*outcome):
                continue
            prob, left = mpmath.mpf(1), n
            for c, rj in zip(outcome[:-1], r):
                prob *= mpmath.binomial(left, c) * rj ** c
                left -= c
            prob *= r[-1] ** outcome[-1]
            if prob == 0:
                continue
            x = f(*[mpmath.mpf(c) for c in outcome])
            count += 1
            s0 += prob
            s1 += prob * x
            s2 += prob * x * x
        found = _combine(s0, s1, s2)
    with mpf(dps).active():
        return Moments(**{k: +v for k, v in found.items()}, outcomes=count, mode="mpf", dps=dps,
                       method="plain loop over every outcome")
