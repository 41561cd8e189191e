"""``check_moment``: is a claimed closed form the mean (or variance, ...) of a statistic of the output
counts of a finite mechanism?

The model is the survey Q_{2x3} of 003 §3.1 (statistics in N1, N2, N3, p, q, pi, n; claimed forms in p,
q, pi, n and q1, q2, q3, replaced by the model), or any k x m row-stochastic matrix with i.i.d. inputs
(``prior=``) or a fixed dataset (``counts=``, 004 §2.2), statistics in Y0 ... Y{m-1}, n and the
parameters. The statistic (and ``given``) is parsed and planned once per check
(:class:`numeric.count_statistic.CountStatistic`), then enumerated at every n of ``n_values`` and every
point of ``points`` (:func:`numeric.enumeration.enumerate_moments`: python-flint balls at ``dps`` digits
plus guard digits, every moment combined inside that context). The tolerance follows the working
precision: |enumerated - claimed| <= 10^-(dps-10) max(1, |claimed|), measured in balls at three times
the digits. A point beyond it becomes a counterexample only once confirmed: by exact rational
enumeration when n <= :data:`EXACT_N_MAX`, otherwise at the two precisions of
``arb(dps).confirmations()`` (dps and 2 dps, both at least the working one).

Cases up to :data:`FULL_OUTCOMES` outcomes enumerate every outcome literally; larger ones sum the
counts that enter only polynomially in closed form (:mod:`numeric.count_reduction`). The evidence says
which. :func:`check_moment` adds a symbolic derivation (:mod:`numeric.count_moments`) when the statistic
is a polynomial in the counts without a condition: a claimed form equal to it as a rational function is
``proved`` for every n and every parameter value.

The default survey grid has small n (1, 2, 3, 4, 6, 10, 25), "don't know" rates q3 = 1-p-q at 0, near
0, in between and near its maximum 1/2 (p > 1/2 as in the paper), and π at 0, 3/10, 1/2, 1; the
default grid of another mechanism is the rationals of :data:`GRID_VALUES` (integers 0 ... max n for a
parameter that only counts respondents) at which the matrix and prior are valid.
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.context import EXACT, arb
from core.errors import InvalidArgument
from core.exact import as_fraction
from numeric.count_moments import difference_is_zero, symbolic_moments
from numeric.count_statistic import CountStatistic
from numeric.data_model import Counts
from numeric.enumeration import Survey, enumerate_moments, model_of, parse_statistic
from numeric.finite_mechanism import as_expression, rational
from numeric.multinomial import outcome_count
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.base.verdict import Verdict
from proofs.errors import invalid
from symbolic.model import q2x3

__all__ = ["check_moment", "compare_moment", "MomentVerdict", "DEFAULT_N", "DEFAULT_POINTS", "claimed_value",
           "parse_claimed", "EXACT_N_MAX", "MOMENTS", "FULL_OUTCOMES", "GRID_VALUES"]

DEFAULT_N = (1, 2, 3, 4, 6, 10, 25)
#: (p, q) pairs: q3 = 0, 1/1000, 1/8, 1/4, 0.499 (its maximum is < 1/2 when p > 1/2); then π values
_PQ = [("3/4", "1/4"), ("7/10", "299/1000"), ("3/4", "1/8"), ("2/3", "1/12"), ("3/4", "0"), ("501/1000", "0"),
       ("1", "0"), ("9/10", "1/20")]
_PI = ("0", "3/10", "1/2", "1")
DEFAULT_POINTS = tuple({"p": Fraction(a), "q": Fraction(b), "pi": Fraction(c)} for a, b in _PQ for c in _PI)
#: largest n re-checked by exact rational enumeration
EXACT_N_MAX = 60
#: largest number of outcomes enumerated one by one (beyond it, counts are summed in closed form)
FULL_OUTCOMES = 200_000
#: candidate values of a mechanism's parameters for the default grid
GRID_VALUES = tuple(Fraction(v) for v in ("0", "1/10", "1/4", "1/3", "1/2", "2/3", "3/4", "9/10", "1", "3/2", "2",
                                          "3", "10"))
#: most points of a default grid, and most candidate points tried for it
GRID_POINTS = 48
GRID_CANDIDATES = 4000
MOMENTS = ("mean", "variance", "mean_on", "square_on")
_CLAIMED_NAMES = ("p", "q", "pi", "n", "q1", "q2", "q3")


@dataclass(frozen=True)
class MomentVerdict(Verdict):
    """A :class:`~proofs.base.verdict.Verdict` that also reports the worst discrepancy found."""

    @property
    def worst_discrepancy(self) -> str | None:
        return next((e.detail.get("worst discrepancy") for e in self.evidence if "worst discrepancy" in e.detail), None)


def parse_claimed(claimed: Any, names: Sequence[str] = _CLAIMED_NAMES) -> sympy.Basic:
    """The claimed closed form, symbols matched by name (survey: p, q, pi, n, q1, q2, q3)."""
    return parse_statistic(claimed, name="claimed", allowed=tuple(names))


def _survey_form(claimed: sympy.Basic) -> sympy.Basic:
    model = {k.name: v for k, v in q2x3().items()}
    return claimed.xreplace({s: model[s.name] for s in claimed.free_symbols if s.name in model})


@functools.lru_cache(maxsize=4096)
def _sum_value(term: sympy.Sum, values: tuple[tuple[str, Fraction], ...]) -> sympy.Rational:
    """A finite sum (the A of Theorem 3.10) at a point, exactly; cached, since points that differ only
    in parameters the sum does not use (π for A) recur."""
    return rational(EXACT.evaluate(term, dict(values)))


def _exact_claim(form: sympy.Basic, values: Mapping[str, Any]) -> sympy.Basic:
    """The claimed form at a point: an exact Rational, an exact (irrational) sympy number, or ``zoo``."""
    try:
        sums = {term: _sum_value(term, tuple(sorted((s.name, as_fraction(s.name, values[s.name]))
                                                    for s in term.free_symbols)))
                for term in form.atoms(sympy.Sum) if all(s.name in values for s in term.free_symbols)}
        value = EXACT.evaluate(form.xreplace(sums) if sums else form, values)
        return rational(value)
    except InvalidArgument:
        pass
    point = {s: rational(Fraction(values[s.name])) for s in form.free_symbols if s.name in values}
    expr = form.xreplace(point)
    sums = {s: sympy.Add(*[s.function.xreplace({s.limits[0][0]: k})
                           for k in range(int(s.limits[0][1]), int(s.limits[0][2]) + 1)])
            for s in expr.atoms(sympy.Sum) if all(b.is_Integer for b in s.limits[0][1:])}
    return expr.xreplace(sums).doit()


def claimed_value(claimed: sympy.Basic, survey: Survey) -> sympy.Basic:
    """The claimed form at one survey, exactly (a sympy number; ``zoo``/``nan`` when undefined)."""
    return _exact_claim(_survey_form(claimed), survey.values())


def _undefined(value: sympy.Basic) -> bool:
    return bool(value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)) or value.is_real is False


def _distance(ball: Any, claimed: sympy.Basic, digits: int) -> tuple[Any, float]:
    """|mid(ball) - claimed| / max(1, |claimed|) as a ball at ``digits`` digits, and as a float for the
    report; the claimed value is exact (or an exact number evaluated in the same context)."""
    context = arb(digits)
    with context.active():
        c = context.evaluate(claimed) if not claimed.is_Rational else context.number(Fraction(int(claimed.p),
                                                                                          int(claimed.q)))
        value = context.number(ball) if isinstance(ball, Fraction) else ball
        d = abs(value.mid() - c) / max(abs(c), context.number(1))
        return d, float(d.mid())


def _validate(moment: str, n_values: Any, dps: int) -> list[int]:
    if moment not in MOMENTS:
        raise invalid("moment", moment, f"must be one of {list(MOMENTS)}")
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 20:
        raise invalid("dps", dps, "must be an integer >= 20")
    ns = []
    for value in n_values:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise invalid("n", value, "the sample size must be an integer >= 1")
        ns.append(value)
    if not ns:
        raise invalid("n_values", n_values, "needs at least one n")
    return ns


def _survey_points(points: Sequence[Mapping[str, Any]]) -> list[dict[str, Fraction]]:
    pts = []
    for point in points:
        missing = {"p", "q", "pi"} - set(point)
        if missing:
            raise invalid("points", dict(point), f"missing {sorted(missing)}")
        survey = Survey(1, point["p"], point["q"], point["pi"])
        if survey.p == survey.q:
            raise invalid("q", point["q"], f"equals p={point['p']}: the MLE π̂ is undefined when p = q")
        pts.append({"p": survey.p, "q": survey.q, "pi": survey.pi})
    return pts


def _model_points(statistic: CountStatistic, points: Sequence[Mapping[str, Any]] | None,
                  ns: Sequence[int]) -> tuple[list[dict[str, Fraction]], bool]:
    """The points (validated against the mechanism and prior), and whether they are the default grid."""
    model = statistic.model
    if points is not None:
        out = []
        for point in points:
            unknown = sorted(set(point) - set(model.parameters))
            if unknown:
                raise invalid("points", dict(point), f"names {unknown} are not parameters of the model",
                              f"the parameters are {list(model.parameters)}")
            exact = {name: _exact(name, point) for name in model.parameters}
            model.mechanism.at(exact)
            if not isinstance(model.data, Counts):
                model.data.at(exact)
            out.append(exact)
        return out, False
    respondents = sorted(set(model.data.parameters) - set(model.mechanism.parameters)) \
        if isinstance(model.data, Counts) else []
    continuous = [name for name in model.parameters if name not in respondents]
    integers = [Fraction(i) for i in range(max(ns) + 1)]
    axes = [integers if name in respondents else GRID_VALUES for name in continuous + respondents]
    size = math.prod(len(axis) for axis in axes)
    stride = max(1, size // GRID_CANDIDATES)  # an evenly spread subset of a large product
    grid = []
    for combo in itertools.islice(itertools.product(*axes), 0, None, stride):
        point = dict(zip(continuous + respondents, combo))
        try:
            model.mechanism.at(point)
            if not isinstance(model.data, Counts):
                model.data.at(point)
        except InvalidArgument:
            continue
        grid.append(point)
    if len(grid) > GRID_POINTS:
        step = len(grid) / GRID_POINTS
        grid = [grid[int(i * step)] for i in range(GRID_POINTS)]
    return grid, True


def _exact(name: str, point: Mapping[str, Any]) -> Fraction:
    if name not in point:
        raise invalid("points", dict(point), f"gives no value for the parameter {name!r}")
    return as_fraction(name, point[name])


class _Comparison:
    """One check: the parsed statistic and claimed form, the grid, and what was found so far."""

    def __init__(self, statistic: CountStatistic, form: sympy.Basic, moment: str, dps: int, strategy: str | None):
        self.statistic, self.form, self.moment, self.dps = statistic, form, moment, dps
        self.strategy = strategy
        self.tolerance_exp = dps - 10
        self.worst: tuple[float, dict | None] = (-1.0, None)
        self.cases = self.skipped = self.undefined = 0
        self.methods: set[str] = set()

    def strategy_for(self, n: int) -> str:
        if self.strategy is not None:
            return self.strategy
        parts = self.statistic.model.mechanism.outputs
        return "full" if outcome_count(n, parts) <= FULL_OUTCOMES else "auto"

    def value(self, n: int, point: Mapping[str, Fraction], mode: str, dps: int | None = None) -> Any:
        found = enumerate_moments(self.statistic, n, point, dps=dps or self.dps, mode=mode,
                                  strategy=self.strategy_for(n))
        self.methods.add(found.method)
        return found.value(self.moment)

    def beyond(self, value: Any, claimed: sympy.Basic) -> tuple[bool, float]:
        distance, shown = _distance(value, claimed, 3 * self.tolerance_exp + 30)
        context = arb(3 * self.tolerance_exp + 30)
        with context.active():
            return bool(distance > context.number(Fraction(1, 10 ** self.tolerance_exp))), shown

    def recheck(self, n: int, point: Mapping[str, Fraction]) -> tuple[list[Any], dict, Recheck]:
        """The moment again: exactly (n <= EXACT_N_MAX) or at the two confirmation precisions of
        ``arb(dps).confirmations()``; returns the values, how to show them, and the kind of re-check."""
        if n <= EXACT_N_MAX:
            exact = self.value(n, point, "exact")
            return [exact], {"enumerated": exact}, Recheck.EXACT
        values = [self.value(n, point, "arb", dps=c.dps) for c in arb(self.dps).confirmations()]
        shown = {f"enumerated ({c.dps} digits)": v.mid().str(30, radius=False)
                 for c, v in zip(arb(self.dps).confirmations(), values)}
        return values, shown, Recheck.TWO_PRECISIONS

    def confirm(self, n: int, point: Mapping[str, Fraction], claimed: sympy.Basic) -> tuple[bool, dict, Recheck]:
        """Whether the re-checked moment still differs from ``claimed`` (exactly, or at both precisions)."""
        values, shown, recheck = self.recheck(n, point)
        if recheck is Recheck.EXACT and claimed.is_Rational:
            target = Fraction(int(claimed.p), int(claimed.q))
            return values[0] != target, {**shown, "difference": values[0] - target}, recheck
        return all(self.beyond(v, claimed)[0] for v in values), shown, recheck


def _prepare(statistic: Any, claimed: Any, given: Any, mechanism: Any, prior: Any, counts: Any
             ) -> tuple[CountStatistic, sympy.Basic, bool]:
    """Parse the statistic (with its condition and model) and the claimed form, once per check."""
    model = model_of(mechanism, prior, counts)
    compiled = CountStatistic(model, statistic, given)
    if mechanism is None:
        return compiled, _survey_form(parse_claimed(claimed)), True
    return compiled, as_expression(claimed, "claimed", allowed=model.parameters + ("n",)), False


def compare_moment(statistic: Any, claimed: Any, *, moment: str = "mean", given: Any = None,
                   n_values: Sequence[int] = DEFAULT_N, points: Sequence[Mapping[str, Any]] | None = None,
                   dps: int = 50, reading: str | None = None, domain: str | None = None,
                   label: str | None = None, mechanism: Any = None, prior: Any = None, counts: Any = None,
                   strategy: str | None = None) -> Evidence:
    """Enumeration evidence that ``claimed`` is the ``moment`` of ``statistic`` (given ``given``) at every
    n of ``n_values`` and every point of ``points`` (survey defaults: :data:`DEFAULT_POINTS`); see the
    module docstring for the model, the tolerance and the re-check of a discrepancy."""
    ns = _validate(moment, n_values, dps)
    compiled, form, survey = _prepare(statistic, claimed, given, mechanism, prior, counts)
    return _enumeration(compiled, form, survey, moment, ns, points, dps, reading, domain, label, strategy)


def _enumeration(compiled: CountStatistic, form: sympy.Basic, survey: bool, moment: str, ns: list[int],
                 points: Sequence[Mapping[str, Any]] | None, dps: int, reading: str | None, domain: str | None,
                 label: str | None, strategy: str | None) -> Evidence:
    start = time.perf_counter()
    model, given = compiled.model, compiled.given
    if survey:
        pts, default = _survey_points(DEFAULT_POINTS if points is None else points), points is None
    else:
        pts, default = _model_points(compiled, points, ns)
    if not pts:
        raise invalid("points", points, "needs at least one point")
    run = _Comparison(compiled, form, moment, dps, strategy)
    for n in ns:
        for point in pts:
            if isinstance(model.data, Counts) and model.data.at(point, n) is None:
                run.skipped += 1
                continue
            where = {"n": n, **point}
            claim_at = _exact_claim(form, {**point, "n": n})
            try:
                value = run.value(n, point, "arb")
            except InvalidArgument:
                if not default:
                    raise
                run.undefined += 1  # a default grid point where the moment does not exist
                continue
            run.cases += 1
            if _undefined(claim_at):  # the moment exists (enumerated) where the claimed form has no value
                _, shown, recheck = run.recheck(n, point)
                return _refuted(run, where, shown, "undefined", recheck, ns, pts, reading, domain, label, start)
            beyond, shown_distance = run.beyond(value, claim_at)
            if shown_distance > run.worst[0]:
                run.worst = (shown_distance, where)
            if beyond:
                confirmed, shown, recheck = run.confirm(n, point, claim_at)
                if confirmed:
                    claimed_shown = Fraction(int(claim_at.p), int(claim_at.q)) if claim_at.is_Rational \
                        else str(sympy.N(claim_at, 30))
                    return _refuted(run, where, shown, claimed_shown, recheck, ns, pts, reading, domain, label,
                                    start)
    where_domain = domain or _domain(ns, pts, given, label, None if survey else model.describe())
    detail = {
        "cases": run.cases, "n values": ns, "points": len(pts), "moment": moment,
        "given": str(given) if given is not None else None,
        "precision": f"{dps} digits (python-flint arb balls)",
        "tolerance": f"|enumerated - claimed| <= 1e-{run.tolerance_exp} * max(1, |claimed|)",
        "enumerated": sorted(run.methods),
        "worst discrepancy": f"{max(run.worst[0], 0.0):.3e}", "worst at": run.worst[1],
        "worst discrepancy is over": f"the {run.cases} checked cases (the worst found, not an optimum over the domain)",
    }
    if run.skipped:
        detail["skipped (counts not non-negative integers summing to n)"] = run.skipped
    if run.undefined:
        detail["skipped (statistic undefined, or event empty, at a default grid point)"] = run.undefined
    if run.cases == 0:
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, where_domain, detail, reading=reading,
                        seconds=time.perf_counter() - start)
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, where_domain, detail, reading=reading,
                    seconds=time.perf_counter() - start)


def _domain(ns: Sequence[int], pts: Sequence[Mapping[str, Fraction]], given: Any, label: str | None,
            model: str | None) -> str:
    what = f"{label}: " if label else ""
    cond = f", conditional on {given}" if given is not None else ""
    if model is None:
        pq = sorted({(str(x["p"]), str(x["q"])) for x in pts})
        pis = sorted({str(x["pi"]) for x in pts}, key=Fraction)
        return f"{what}every multinomial outcome for n in {list(ns)}; (p, q) in {pq}; pi in {pis}{cond}"
    names = sorted({name for point in pts for name in point})
    values = "; ".join(f"{name} in {sorted({str(p[name]) for p in pts}, key=Fraction)}" for name in names)
    shown = f"{len(pts)} points with {values}" if names else "the one point (no parameters)"
    return f"{what}every outcome of {model} for n in {list(ns)}; {shown}{cond}"


def _refuted(run: _Comparison, where: dict, shown: dict, claimed: Any, recheck: Recheck, ns: Sequence[int],
             pts: Sequence[Mapping[str, Fraction]], reading: str | None, domain: str | None, label: str | None,
             start: float) -> Evidence:
    model = run.statistic.model
    survey = model.names == ("N1", "N2", "N3")
    return Evidence(
        Method.ENUMERATION, Outcome.COUNTEREXAMPLE,
        domain or _domain(ns, pts, None, label, None if survey else model.describe()),
        {"cases checked": run.cases, "moment": run.moment,
         "precision": f"{run.dps} digits, re-checked {recheck.value}", "enumerated": sorted(run.methods)},
        counterexample={**where, "moment": run.moment, **shown, "claimed": claimed},
        recheck=recheck, reading=reading, seconds=time.perf_counter() - start,
    )


def _symbolic(statistic: CountStatistic, form: sympy.Basic, moment: str) -> Evidence | None:
    """``proved`` when the claimed form equals the exact symbolic moment as a rational function."""
    if moment not in ("mean", "variance", "mean_on", "square_on"):
        return None
    start = time.perf_counter()
    derived = symbolic_moments(statistic)
    if derived is None:
        return None
    key = {"mean": "mean", "mean_on": "mean", "variance": "variance", "square_on": "second"}[moment]
    exact = derived[key]
    model = statistic.model
    domain = ("every n >= 1 and every parameter value at which the mechanism is row-stochastic"
              + (" and the dataset's counts are non-negative integers summing to n" if isinstance(model.data, Counts)
                 else "") + ", wherever both sides are defined (probability generating function, symbolic)")
    if difference_is_zero(exact, form):
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain, {"simplified difference": "0"},
                        derived={moment: exact}, seconds=time.perf_counter() - start)
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                    {"exact moment": str(exact), "note": "the difference does not cancel to 0 as a rational "
                     "function (a counterexample needs a point; see the enumeration)"},
                    seconds=time.perf_counter() - start)


def check_moment(statistic: Any, claimed: Any, *, moment: str = "mean", given: Any = None,
                 n_values: Sequence[int] | None = None, points: Sequence[Mapping[str, Any]] | None = None,
                 dps: int = 50, mechanism: Any = None, prior: Any = None, counts: Any = None) -> MomentVerdict:
    """Is ``claimed`` the ``moment`` of ``statistic`` (conditional on ``given``)? Enumerates every outcome
    over ``n_values`` x ``points`` at ``dps`` digits and, for a polynomial statistic without a condition,
    derives the moment symbolically; returns a :class:`MomentVerdict` (``.status``,
    ``.counterexample``, ``.worst_discrepancy``).

    Survey form (003 §3.1; claimed in p, q, pi, n, q1, q2, q3)::

        check_moment("(N2*q - N1*p)/((N1+N2)*(q-p))", "pi", given="N1+N2 > 0").status   # supported

    Any finite mechanism, i.i.d. inputs or a fixed dataset (004 §2.2; claimed in the parameters and n)::

        check_moment("(Y0/n - (1-p))/(2*p - 1)", "pi", mechanism=[["p", "1-p"], ["1-p", "p"]],
                     prior=["pi", "1-pi"], moment="mean").status                         # proved
    """
    ns = _validate(moment, DEFAULT_N if n_values is None else tuple(n_values), dps)
    compiled, form, survey = _prepare(statistic, claimed, given, mechanism, prior, counts)
    evidence = [_enumeration(compiled, form, survey, moment, ns, points, dps, None, None, None, None)]
    symbolic = _symbolic(compiled, form, moment)
    if symbolic is not None:
        evidence.append(symbolic)
    return MomentVerdict(tuple(evidence))
