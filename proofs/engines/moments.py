"""``check_moment``: is a claimed closed form the mean (or variance, ...) of a statistic of the output
counts of a finite mechanism?

The model is always named by ``mechanism=`` (none given is a one-line error): the survey Q_{2x3} of 003 §3.1
(``mechanism=numeric.data_model.GENERALIZED_WARNER_SURVEY``; statistics in N1, N2, N3, p, q, pi, n; claimed
forms in p, q, pi, n and q1, q2, q3, replaced by the model), any k x m row-stochastic matrix with i.i.d. inputs
(``prior=[...]``) or a fixed dataset (``counts=[...]``, 004 §2.2), statistics in Y0 ... Y{m-1}, n and the
parameters, or a mechanism family (``mechanism=M.randomized_response(d="d", epsilon="eps")``) with
``counts={"0": "c0"}`` or ``prior={"0": "f0"}``, statistics in the counts C0, C1, ... of the reports that
count toward the values "0", "1", ... for any domain size d (:mod:`proofs.engines.moment_family`).
``domain=`` states where the claim lives (:class:`core.domain.Domain`); the problem is prepared once
(:mod:`proofs.engines.moment_problem`).

Enumeration: the statistic is enumerated at every n of ``n_values`` and every point
(:func:`numeric.enumeration.enumerate_moments`: python-flint balls at ``dps`` digits plus guard digits,
every moment combined inside that context). The tolerance follows the working precision:
|enumerated - claimed| <= 10^-(dps-10) max(1, |claimed|), measured in balls at three times the digits.
A point beyond it becomes a counterexample only once confirmed: by exact rational enumeration when
n <= :data:`EXACT_N_MAX`, otherwise at the two precisions of ``arb(dps).confirmations()`` (dps and 2 dps,
both at least the working one). Cases up to :data:`FULL_OUTCOMES` outcomes enumerate every outcome
literally; larger ones sum the counts that enter only polynomially in closed form
(:mod:`numeric.count_reduction`). The evidence says which.

Points and vacuity: with a stated domain the points are drawn from its interior, and a few from its
boundary, which are checked too (a counterexample there refutes) but earn nothing; the evidence counts
the interior points at which the mechanism is not degenerate (its output depends on its input):
``Evidence.interior_cases``. Support with none of them is vacuous. User points outside the stated domain
are a one-line error.

No verdict without a domain (:mod:`proofs.engines.domains`): a stated domain is first decided to have a
point; an empty one makes the claim vacuous (every method ``holds`` over no case, so the verdict is
``inconclusive``, "vacuous: the stated domain is empty (...)", never proved or refuted). A list mechanism
and a prior are validated as :mod:`proofs.mechanisms` validates a printed matrix
(:func:`proofs.engines.moment_problem.validate_model`). A symbolic proof stands only where every factor
the statistic or the claimed form divides by is decided non-zero on the domain (the stated one, or with
none the points where the mechanism's entries are non-negative; n >= 1): otherwise it is ``inconclusive``
and names the point ("undefined at p = 1/2: the statistic divides by 2*p - 1").

Certificates (:mod:`proofs.engines.moment_steps`): a counterexample carries the moment recomputed from its
definition at the point, the claimed form there and the point's membership in the domain; a proof carries
the moment re-derived from the mechanism's generating function.

Symbolic derivation (:mod:`numeric.count_moments`), when the statistic is a polynomial in the counts
without a condition: a claimed form equal to the exact moment as a rational function is ``proved`` for
every n and every parameter value.

Limits before work: sample sizes, cells and exact work (:mod:`numeric.enumeration`), the statistic's size
and exponents (:mod:`numeric.count_statistic`), the claimed form's (:mod:`proofs.engines.moment_problem`).
``timeout=`` (seconds) stops the enumeration between batches of outcomes: the evidence is then
``inconclusive`` and says how far it got. A failure of sympy inside the symbolic derivation is an
``inconclusive`` with the reason, never a traceback.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import sympy

from core.context import EXACT, arb
from core.domain import Domain
from core.errors import InvalidArgument, invalid
from core.types import DomainLike, ExprLike, Values
from core.exact import as_fraction
from numeric.count_moments import difference_is_zero, symbolic_moments
from numeric.count_points import Case
from numeric.data_model import Counts
from numeric.enumeration import MAX_DPS, MAX_N, Survey, check_work, enumerate_moments, parse_statistic
from numeric.families import Family
from numeric.finite_mechanism import FiniteMechanism, rational, symbol
from numeric.multinomial import outcome_count
from proofs.kernel import stepcheck
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Holds, Identity, Stated, Step
from proofs.base.verdict import Verdict
from proofs.engines.domains import emptiness, undefined_at, vacuous_evidence
from proofs.engines.holds_when import joined, with_region
from proofs.engines.moment_family import FamilyProblem, prepare_family
from proofs.engines.moment_steps import derivation_steps, refutation_steps, user_coordinates
from proofs.engines.moment_problem import (DEFAULT_POINTS, GRID_VALUES, MomentProblem, prepare, survey_form)
from proofs.engines.density_moments import dispatch_moment
from proofs.engines.sign.limits import honours_timeout

__all__ = ["check_moment", "compare_moment", "MomentVerdict", "DEFAULT_N", "DEFAULT_POINTS", "claimed_value",
           "parse_claimed", "EXACT_N_MAX", "MOMENTS", "FULL_OUTCOMES", "GRID_VALUES", "MAX_N_VALUES",
           "symbolic_evidence", "enumeration_evidence", "SYMPY_FAILURES", "validate_moment", "decision_domain"]

DEFAULT_N = (1, 2, 3, 4, 6, 10, 25)
#: largest n re-checked by exact rational enumeration
EXACT_N_MAX = 60
#: largest number of outcomes enumerated one by one (beyond it, counts are summed in closed form)
FULL_OUTCOMES = 200_000
MOMENTS = ("mean", "variance", "mean_on", "square_on")
#: most sample sizes in one check (each is a full enumeration at every point)
MAX_N_VALUES = 200
#: largest n of the explicit-matrix cross-check of a family (its d^n or 2^(dn) outcomes are the slow part;
#: the lumped enumeration and the symbolic derivation cover every n)
FULL_MAX_N = 10
#: most cells (and, for a fixed dataset, entries of the law's table) of one explicit-matrix cross-check: a
#: unary encoding at d = 3 has 8 outputs, whose dataset law at n = 6 is a table of 7^7 = 823543 entries
FULL_MAX_TABLE = 100_000
_CLAIMED_NAMES = ("p", "q", "pi", "n", "q1", "q2", "q3")
#: what sympy raises when an expression is beyond an algorithm (caught into ``inconclusive`` with the
#: reason; :class:`~core.errors.InvalidArgument` is re-raised first, and interrupts are never caught)
SYMPY_FAILURES = (sympy.SympifyError, sympy.PolynomialError, sympy.polys.polyerrors.BasePolynomialError,
                  NotImplementedError, TypeError, ValueError, ArithmeticError, AttributeError, RecursionError)


class _OutOfTime(Exception):
    """The caller's ``timeout`` passed (raised between batches; never escapes this module)."""


@dataclass(frozen=True)
class MomentVerdict(Verdict):
    """A :class:`~proofs.base.verdict.Verdict` that also reports the worst discrepancy found."""

    @property
    def worst_discrepancy(self) -> str | None:
        return next((e.detail.get(Detail.WORST_DISCREPANCY) for e in self.evidence if Detail.WORST_DISCREPANCY in e.detail), None)


def parse_claimed(claimed: ExprLike, names: Sequence[str] = _CLAIMED_NAMES) -> sympy.Basic:
    """The claimed closed form, symbols matched by name (survey: p, q, pi, n, q1, q2, q3)."""
    return parse_statistic(claimed, name="claimed", allowed=tuple(names))


@functools.lru_cache(maxsize=4096)
def _sum_value(term: sympy.Sum, values: tuple[tuple[str, Fraction], ...]) -> sympy.Rational:
    """A finite sum (the A of Theorem 3.10) at a point, exactly; cached, since points that differ only
    in parameters the sum does not use (π for A) recur."""
    return rational(EXACT.evaluate(term, dict(values)))


def _exact_claim(form: sympy.Basic, values: Values) -> sympy.Basic:
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
    return _exact_claim(survey_form(claimed), survey.values())


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


def _validate(moment: str, n_values: object, dps: int, timeout: object = None) -> list[int]:
    if not isinstance(moment, str) or moment not in MOMENTS:
        raise invalid("moment", moment, f"must be one of {list(MOMENTS)}")
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 20:
        raise invalid("dps", dps, "must be an integer >= 20")
    if dps > MAX_DPS:
        raise invalid("dps", dps, f"must be at most {MAX_DPS}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not timeout > 0 or timeout == float("inf")):
        raise invalid("timeout", timeout, "must be a positive number of seconds (or None)")
    if isinstance(n_values, (str, bytes, Mapping)) or not isinstance(n_values, Iterable):
        fix = f"write n_values=[{n_values!r}]" if isinstance(n_values, int) and not isinstance(n_values, bool) else None
        raise invalid("n_values", n_values, "must be a list of sample sizes", fix)
    ns = []
    for value in n_values:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise invalid("n", value, "the sample size must be an integer >= 1")
        if value > MAX_N:
            raise invalid("n", value, f"is beyond the largest sample size enumerated, {MAX_N}",
                          "a moment for every n comes from the symbolic derivation")
        ns.append(value)
        if len(ns) > MAX_N_VALUES:
            raise invalid("n_values", f"{len(ns)}+ sizes", f"more than {MAX_N_VALUES} sample sizes")
    if not ns:
        raise invalid("n_values", n_values, "needs at least one n")
    return ns


class _Comparison:
    """One check: the prepared problem, and what was found so far."""

    def __init__(self, problem: MomentProblem, moment: str, dps: int, strategy: str | None, deadline: float | None):
        self.problem, self.statistic, self.form = problem, problem.statistic, problem.form
        self.moment, self.dps, self.strategy, self.deadline = moment, dps, strategy, deadline
        self.tolerance_exp = dps - 10
        self.worst: tuple[float, dict | None] = (-1.0, None)
        self.cases = self.skipped = self.undefined = self.interior = self.boundary = self.degenerate = 0
        self.first_undefined: InvalidArgument | None = None
        self.methods: set[str] = set()

    def tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _OutOfTime

    def strategy_for(self, n: int) -> str:
        if self.strategy is not None:
            return self.strategy
        parts = self.statistic.model.mechanism.outputs
        return "full" if outcome_count(n, parts) <= FULL_OUTCOMES else "auto"

    def value(self, n: int, point: Mapping[str, Fraction], mode: str, dps: int | None = None) -> Any:
        found = enumerate_moments(self.statistic, n, point, dps=dps or self.dps, mode=mode,
                                  strategy=self.strategy_for(n), tick=self.tick)
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
            try:
                exact = self.value(n, point, "exact")
            except InvalidArgument:  # beyond the exact work limit: the two precisions instead
                pass
            else:
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


def compare_moment(statistic: ExprLike, claimed: ExprLike, *, moment: str = "mean", given: ExprLike | None = None,
                   n_values: Sequence[int] = DEFAULT_N, points: Sequence[Values] | None = None,
                   dps: int = 50, reading: str | None = None, domain: DomainLike = None,
                   label: str | None = None, mechanism: Any = None, prior: Sequence[ExprLike] | None = None, counts: Sequence[ExprLike] | None = None,
                   strategy: str | None = None, timeout: float | None = None) -> Evidence:
    """Enumeration evidence that ``claimed`` is the ``moment`` of ``statistic`` (given ``given``) at every
    n of ``n_values`` and every point of ``points`` (or of the stated ``domain``; survey defaults:
    :data:`DEFAULT_POINTS`); see the module docstring for the model, the tolerance and the re-check."""
    ns = _validate(moment, n_values, dps, timeout)
    if isinstance(mechanism, Family) and not _as_matrix(mechanism, prior, counts):
        family = prepare_family(mechanism, statistic, claimed, given=given, prior=prior, counts=counts,
                                domain=domain)
        return enumeration_evidence(family.lumped, moment, ns, points, dps, reading=reading, strategy=strategy,
                                    timeout=timeout, what=label or "lumped by value")
    if isinstance(mechanism, Family):
        mechanism, domain = _matrix_of(mechanism, domain)
    problem = prepare(statistic, claimed, given=given, mechanism=mechanism, prior=prior, counts=counts,
                      domain=domain)
    return enumeration_evidence(problem, moment, ns, points, dps, reading=reading, strategy=strategy,
                                timeout=timeout, what=label)


def _check_sizes(run: _Comparison, ns: Sequence[int]) -> None:
    for n in ns:  # every size refused before any work, not after the smaller ones ran
        check_work(run.statistic, n, "arb", run.strategy_for(n))


def enumeration_evidence(problem: MomentProblem, moment: str, ns: list[int],
                         points: Sequence[Values] | None, dps: int, *, reading: str | None = None,
                         strategy: str | None = None, timeout: float | None = None, start: float | None = None,
                         what: str | None = None) -> Evidence:
    """Enumerate ``problem`` at every n of ``ns`` and every case (``points``, else the defaults)."""
    start = time.perf_counter() if start is None else start
    deadline = None if timeout is None else time.monotonic() + timeout - (time.perf_counter() - start)
    run = _Comparison(problem, moment, dps, strategy, deadline)
    _check_sizes(run, ns)
    if points is not None:
        by_n, chosen = problem.user_cases(points, ns), "given"
    else:
        by_n, chosen = problem.default_cases(ns)
    if not any(by_n.values()):
        if points is not None or problem.domain is None:
            raise invalid("points", points, "needs at least one point")
    given = problem.statistic.given
    try:
        for n in ns:
            for case in by_n[n]:
                run.tick()
                found = _one_case(run, problem, n, case, points is None)
                if found is not None:
                    return _refuted(run, problem, by_n, ns, found, reading, what, start)
    except _OutOfTime:
        detail = _figures(run, problem, ns, by_n, chosen, given)
        detail["timed out"] = f"after {time.perf_counter() - start:.1f} s (timeout={timeout} s)"
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, _domain(problem, ns, by_n, given, what), detail,
                        reading=reading, seconds=time.perf_counter() - start)
    if not run.cases and run.first_undefined is not None:  # nothing could be enumerated: say why, in one line
        raise InvalidArgument(f"{run.first_undefined} (and so at every point tried)")
    detail = _figures(run, problem, ns, by_n, chosen, given)
    outcome = Outcome.HOLDS if run.cases else Outcome.INCONCLUSIVE
    return Evidence(Method.ENUMERATION, outcome, _domain(problem, ns, by_n, given, what), detail, reading=reading,
                    seconds=time.perf_counter() - start, interior_cases=run.interior if run.cases else None)


def _one_case(run: _Comparison, problem: MomentProblem, n: int, case: Case, default: bool) -> dict | None:
    """Compare at one (n, case); the counterexample found there (re-checked), or ``None``."""
    model = problem.model
    if isinstance(model.data, Counts) and model.data.at(case.values, n) is None:
        run.skipped += 1
        return None
    where = {"n": n, **case.display()}
    claim_at = _exact_claim(run.form, {**case.values, "n": n})
    try:
        value = run.value(n, case.values, "arb")
    except InvalidArgument as undefined:
        if not default:
            raise
        run.undefined += 1  # a default point where the moment does not exist
        run.first_undefined = run.first_undefined or undefined
        return None
    run.cases += 1
    degenerate = problem.degenerate(case)
    run.degenerate += degenerate
    if case.interior and not degenerate:
        run.interior += 1
    elif not case.interior:
        run.boundary += 1
    if _undefined(claim_at):  # the moment exists (enumerated) where the claimed form has no value
        _, shown, recheck = run.recheck(n, case.values)
        return {"where": where, "shown": shown, "claimed": "undefined", "recheck": recheck, "case": case}
    beyond, shown_distance = run.beyond(value, claim_at)
    if shown_distance > run.worst[0]:
        run.worst = (shown_distance, where)
    if beyond:
        confirmed, shown, recheck = run.confirm(n, case.values, claim_at)
        if confirmed:
            claimed_shown = Fraction(int(claim_at.p), int(claim_at.q)) if claim_at.is_Rational \
                else str(sympy.N(claim_at, 30))
            return {"where": where, "shown": shown, "claimed": claimed_shown, "recheck": recheck, "case": case}
    return None


def _figures(run: _Comparison, problem: MomentProblem, ns: Sequence[int], by_n: Mapping[int, Sequence[Case]],
             chosen: str, given: ExprLike | None) -> dict[str, Any]:
    detail = {
        "cases": run.cases, "n values": list(ns), "points": _point_count(by_n), "points chosen": chosen,
        "moment": run.moment, "given": str(given) if given is not None else None,
        "precision": f"{run.dps} digits (python-flint arb balls)",
        "tolerance": f"|enumerated - claimed| <= 1e-{run.tolerance_exp} * max(1, |claimed|)",
        "enumerated": sorted(run.methods),
        Detail.WORST_DISCREPANCY: f"{max(run.worst[0], 0.0):.3e}", "worst at": run.worst[1],
        "worst discrepancy is over": f"the {run.cases} checked cases (the worst found, not an optimum over the domain)",
        "interior cases (non-degenerate)": run.interior,
    }
    if run.boundary:
        detail["boundary cases (checked, earn nothing)"] = run.boundary
    if run.degenerate:
        detail["degenerate cases (output independent of the input; earn nothing)"] = run.degenerate
    if problem.charts:
        detail["exact points"] = "; ".join(f"{c.name} = {c.multiple}*log(t) with rational t" if c.multiple > 1 else
                                           f"{c.name} = log(t) with rational t" for c in problem.charts.values())
    if run.skipped:
        detail["skipped (counts not non-negative integers summing to n)"] = run.skipped
    if run.undefined:
        detail["skipped (statistic undefined, or event empty, at a default grid point)"] = run.undefined
    detail.update(problem.notes)
    return detail


def _point_count(by_n: Mapping[int, Sequence[Case]]) -> int:
    seen = []
    for cases in by_n.values():
        for case in cases:
            if case.values not in seen:
                seen.append(case.values)
    return len(seen)


def _domain(problem: MomentProblem, ns: Sequence[int], by_n: Mapping[int, Sequence[Case]], given: ExprLike | None,
            what: str | None) -> str:
    prefix = f"{what}: " if what else ""
    cond = f", conditional on {given}" if given is not None else ""
    cases = [c for cs in by_n.values() for c in cs]
    if problem.survey and problem.domain is None:
        pq = sorted({(str(x.values["p"]), str(x.values["q"])) for x in cases})
        pis = sorted({str(x.values["pi"]) for x in cases}, key=Fraction)
        return f"{prefix}every multinomial outcome for n in {list(ns)}; (p, q) in {pq}; pi in {pis}{cond}"
    model = "the survey Q_{2x3}" if problem.survey else (problem.description or "the model")
    if problem.domain is not None:
        interior = _point_count({0: [c for c in cases if c.interior]})
        boundary = _point_count({0: [c for c in cases if not c.interior]})
        return (f"{prefix}every outcome of {model} for n in {list(ns)}; points of the stated domain "
                f"{problem.domain.text!r}: {interior} interior, {boundary} on its boundary{cond}")
    names = sorted({name for c in cases for name in c.display()})
    values = "; ".join(f"{name} in {_values(cases, name)}" for name in names)
    shown = f"{_point_count(by_n)} points with {values}" if names else "the one point (no parameters)"
    return f"{prefix}every outcome of {model} for n in {list(ns)}; {shown}{cond}"


def _values(cases: Sequence[Case], name: str) -> list[str]:
    found = {str(c.display()[name]) for c in cases if name in c.display()}
    try:
        return sorted(found, key=Fraction)
    except (ValueError, ZeroDivisionError):
        return sorted(found)


def _refuted(run: _Comparison, problem: MomentProblem, by_n: Mapping[int, Sequence[Case]], ns: Sequence[int],
             found: dict, reading: str | None, what: str | None, start: float) -> Evidence:
    case: Case = found["case"]
    return Evidence(
        Method.ENUMERATION, Outcome.COUNTEREXAMPLE, _domain(problem, ns, by_n, None, what),
        {Detail.CASES_CHECKED: run.cases, "moment": run.moment,
         "precision": f"{run.dps} digits, re-checked {found['recheck'].value}", "enumerated": sorted(run.methods),
         "counterexample lies": "inside the stated domain" + (" (interior)" if case.interior else " (on its boundary)")
         if problem.domain is not None else "at a valid point of the mechanism"},
        counterexample={**found["where"], "moment": run.moment, **found["shown"], "claimed": found["claimed"]},
        recheck=found["recheck"], reading=reading, seconds=time.perf_counter() - start,
    )


def symbolic_evidence(problem: MomentProblem, moment: str, *, what: str | None = None,
                      deadline: float | None = None) -> Evidence | None:
    """``proved`` when the claimed form equals the exact symbolic moment as a rational function; ``None``
    when the statistic is not a polynomial in the counts (or the moment has no symbolic derivation)."""
    if moment not in MOMENTS or (deadline is not None and time.monotonic() > deadline):
        return None
    start = time.perf_counter()
    statistic = problem.statistic
    model = statistic.model
    where = problem.domain_text()
    domain = ((f"{what}: " if what else "")
              + "every n >= 1 and every parameter value at which the mechanism is row-stochastic"
              + (" and the dataset's counts are non-negative integers summing to n" if isinstance(model.data, Counts)
                 else "") + ", wherever both sides are defined (probability generating function, symbolic)"
              + (f"; the stated domain {where!r} lies inside it" if where else ""))
    try:
        derived = symbolic_moments(statistic)
        if derived is None:
            return None
        key = {"mean": "mean", "mean_on": "mean", "variance": "variance", "square_on": "second"}[moment]
        same = difference_is_zero(derived[key], problem.form)  # in the charted coordinates: rational functions
        exact = user_coordinates(problem, derived[key])
    except InvalidArgument:
        raise
    except SYMPY_FAILURES as failure:
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                        {"note": f"sympy could not complete the derivation: {type(failure).__name__}: "
                                 f"{str(failure)[:200]}"}, seconds=time.perf_counter() - start)
    notes = dict(problem.notes)
    if same:
        defined: list[Step] = []
        undefined = _undefined_on_domain(problem, derived[key], defined)
        if undefined is not None:
            return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                            {"simplified difference": "0", "undefined": undefined.text,
                             "note": f"{undefined.text}; the identity holds where both sides are defined, which is "
                                     "not the whole domain, so it proves nothing about the claim as stated",
                             **notes}, seconds=time.perf_counter() - start)
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain, {"simplified difference": "0", **notes},
                        derived={moment: exact}, seconds=time.perf_counter() - start,
                        steps=_moment_steps(derived[key], problem, moment) + _domain_steps(problem) + tuple(defined))
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                    {"exact moment": _shown_moment(exact), "note": "the difference does not cancel to 0 as a rational "
                     "function (a counterexample needs a point; see the enumeration)", **notes},
                    seconds=time.perf_counter() - start)


#: most nodes of a derived moment shown in the evidence (printing a larger one takes longer than deriving it)
SHOWN_NODES = 5_000


def _shown_moment(exact: sympy.Basic) -> str:
    nodes = 0
    for _ in sympy.preorder_traversal(exact):
        nodes += 1
        if nodes > SHOWN_NODES:
            return f"(an expression of more than {SHOWN_NODES} nodes, not shown)"
    return str(exact)


def decision_domain(problem: MomentProblem) -> Domain:
    """Where a proof of ``problem`` must hold: the stated domain, or with none every parameter value at which
    the mechanism's entries and the data are non-negative; with n >= 1 an integer (user coordinates)."""
    n = sympy.Symbol("n", real=True)  # a plain symbol: the paper's n is positive, and n >= 1 must be stated
    if problem.domain is not None:
        conditions = list(problem.domain.conditions)
        integers = set(problem.domain.integers)
    else:
        model = problem.model
        entries = [e for row in model.mechanism.matrix for e in row] + list(model.data.entries())
        conditions = [sympy.Ge(user_coordinates(problem, e), 0) for e in entries if not e.is_number]
        conditions = [c for c in conditions if c is not sympy.true]
        integers = set()
    conditions.append(sympy.Ge(n, 1))
    if isinstance(problem.model.data, Counts):
        integers |= set(problem.respondents)
    text = problem.domain.text if problem.domain is not None else "where the mechanism and the data are valid"
    kept = tuple(dict.fromkeys(c for c in conditions if c is not sympy.true))
    named = {s.name for c in kept for s in c.free_symbols}
    return Domain(text, kept, frozenset((integers | {"n"}) & named))


def _undefined_on_domain(problem: MomentProblem, derived: sympy.Basic, steps: list[Step] | None = None) -> Any:
    """The first denominator of the statistic or of the claimed form that can vanish on the domain of the
    proof (:func:`decision_domain`), or ``None``; ``steps`` receives the proofs that they do not."""
    formulas = {"statistic": user_coordinates(problem, problem.statistic.expression),
                "claimed form": user_coordinates(problem, problem.form)}
    return undefined_at(formulas, decision_domain(problem), steps=steps)


def _domain_steps(problem: MomentProblem) -> tuple[Step, ...]:
    """A point of the stated domain, checked (the proof is not vacuous); ``()`` without a stated domain."""
    if problem.domain is None:
        return ()
    domain = decision_domain(problem)
    status = emptiness(domain)
    if not status.point:
        return ()
    point = {k: sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v
             for k, v in status.point.items()}
    try:
        step = Holds("the stated domain has a point (" + ", ".join(f"{k} = {v}" for k, v in point.items())
                     + "): the proof is not vacuous", sympy.And(*domain.conditions), point,
                     tuple(sorted(n for n in domain.integers if n in point)))
    except InvalidArgument:
        return ()
    return (step,) if step.check() else ()




def _moment_steps(exact: sympy.Basic, problem: MomentProblem, moment: str) -> tuple[Step, ...]:
    """For a proof certificate: the moment re-derived from the mechanism by the generating function
    (:func:`proofs.engines.moment_steps.derivation_steps`), else the derived moment equals the claimed form
    (a sympy identity) with the derivation stated. Both sides are in the charted coordinates (t =
    exp(eps/m)) where they are rational functions; the chart is stated."""
    charts = tuple(Stated(f"the symbol named {chart.coordinate!r} stands for {chart.coordinate}, a change of "
                          "variable under which both sides are rational functions") for chart in problem.charts.values())
    try:
        derived = derivation_steps(problem, moment)
    except SYMPY_FAILURES:
        derived = ()
    if derived:
        return (*derived, *charts)
    form = problem.form
    how = next((h for h in ("cancel", "expand", "simplify") if stepcheck.is_zero(exact - form, h)), None)
    if how is None:
        return ()
    return (Identity(f"the {moment} derived from the generating function equals the claimed form", exact, form, how),
            Stated(f"the {moment} of a polynomial statistic P(Y)/D of the counts is E[P]/D (and E[P^2]/D^2), with "
                   "E[Π_y Y_y^a_y] = Π_y (z_y ∂/∂z_y)^a_y G at z = 1 for the generating function G of the counts "
                   "(derived by the toolkit)"),
            *(Stated(f"the symbol named {chart.coordinate!r} stands for {chart.coordinate}, a change of variable "
                     "under which both sides are rational functions") for chart in problem.charts.values()))


@honours_timeout(Method.ENUMERATION, Method.SYMBOLIC)
def check_moment(statistic: ExprLike, claimed: ExprLike, *, moment: str = "mean", given: ExprLike | None = None,
                 n_values: Sequence[int] | None = None, points: Sequence[Values] | None = None,
                 dps: int = 50, mechanism: Any = None, prior: Sequence[ExprLike] | None = None, counts: Sequence[ExprLike] | None = None,
                 domain: DomainLike = None, timeout: float | None = None, holds_when: str | None = None) -> MomentVerdict:
    """Is ``claimed`` the ``moment`` of ``statistic`` (conditional on ``given``)? Enumerates every outcome
    over ``n_values`` x the points (``points``, or drawn from the stated ``domain``) at ``dps`` digits and,
    for a polynomial statistic without a condition, derives the moment symbolically; returns a
    :class:`MomentVerdict` (``.status``, ``.counterexample``, ``.worst_discrepancy``).

    The survey Q_{2x3} (003 §3.1; claimed in p, q, pi, n, q1, q2, q3)::

        check_moment("(N2*q - N1*p)/((N1+N2)*(q-p))", "pi", given="N1+N2 > 0",
                     mechanism=GENERALIZED_WARNER_SURVEY).status   # supported

    Any finite mechanism, i.i.d. inputs or a fixed dataset (004 §2.2; claimed in the parameters and n)::

        check_moment("(Y0/n - (1-p))/(2*p - 1)", "pi", mechanism=[["p", "1-p"], ["1-p", "p"]],
                     prior=["pi", "1-pi"], moment="mean", domain="0 <= p <= 1, p != 1/2, 0 <= pi <= 1")

    A mechanism family at any domain size (C0 counts the reports toward value 0; p, q, d, eps are the
    family's named probabilities and parameters)::

        G = M.randomized_response(d="d", epsilon="eps")
        check_moment("(C0 - n*q)/(p - q)", "c0", mechanism=G, counts={"0": "c0"}, moment="mean",
                     domain="eps > 0, d >= 2, 0 <= c0 <= n")                              # proved

    ``holds_when``: where the author says a claim that fails in general holds (``"c0 == 0"``); checked by
    :mod:`proofs.engines.holds_when` (it must hold there and fail outside it), else reported as stated by
    the author, not checked.

    A law with continuous output (:mod:`proofs.continuous`) is handed to
    :mod:`proofs.engines.density_moments`: ``statistic`` is ``"output"`` (one report) or ``"mean"`` (the mean
    of n reports), ``moment`` ``"mean"``, ``"variance"`` or ``"second"``.
    """
    if (continuous := dispatch_moment(mechanism, claimed, statistic=statistic, moment=moment, domain=domain)) is not None:
        return continuous
    if holds_when is not None:
        common = dict(moment=moment, given=given, n_values=n_values, points=None, dps=dps, mechanism=mechanism,
                      prior=prior, counts=counts, timeout=timeout)
        whole = check_moment(statistic, claimed, domain=domain, **{**common, "points": points})
        return with_region(whole, holds_when, lambda c: check_moment(statistic, claimed, domain=joined(domain, c),
                                                                     **common), MomentVerdict)
    start = time.perf_counter()
    ns = _validate(moment, DEFAULT_N if n_values is None else n_values, dps, timeout)
    deadline = None if timeout is None else time.monotonic() + timeout
    problem = _prepared(statistic, claimed, given, mechanism, prior, counts, domain)
    target = problem.lumped if isinstance(problem, FamilyProblem) else problem
    status = None
    if target.domain is not None:
        status = emptiness(decision_domain(target))
        if status.empty:
            return MomentVerdict(vacuous_evidence((Method.ENUMERATION, Method.SYMBOLIC), target.domain, status))
    if isinstance(problem, FamilyProblem):
        verdict = _family_verdict(problem, moment, ns, points, dps, timeout, start, deadline)
        return _with_refutation_steps(_shown_nonempty(verdict, status), problem, moment)
    evidence = [enumeration_evidence(problem, moment, ns, points, dps, timeout=timeout, start=start)]
    symbolic = symbolic_evidence(problem, moment, deadline=deadline)
    if symbolic is not None:
        evidence.append(symbolic)
    return _with_refutation_steps(_shown_nonempty(MomentVerdict(tuple(evidence)), status), problem, moment)


def _with_refutation_steps(verdict: MomentVerdict, problem: MomentProblem | FamilyProblem,
                           moment: str) -> MomentVerdict:
    """Each counterexample of the verdict with the steps a certificate re-checks
    (:func:`proofs.engines.moment_steps.refutation_steps`): the moment from its definition at the point, the
    claimed form there, and the point in the domain."""
    if not any(e.outcome is Outcome.COUNTEREXAMPLE and not e.steps for e in verdict.evidence):
        return verdict
    out = []
    for e in verdict.evidence:
        if e.outcome is Outcome.COUNTEREXAMPLE and not e.steps:
            try:
                steps = _refutation_steps(problem, dict(e.counterexample or {}), moment)
            except InvalidArgument:
                steps = ()
            except SYMPY_FAILURES:
                steps = ()
            if steps:
                e = replace(e, steps=steps)
        out.append(e)
    return MomentVerdict(tuple(out))


def _refutation_steps(problem: MomentProblem | FamilyProblem, counterexample: dict, moment: str) -> tuple[Step, ...]:
    if not isinstance(problem, FamilyProblem):
        return refutation_steps(problem, counterexample, moment, decision_domain(problem))
    family = problem.family
    if problem.explicit is None or family.input_variables or any(n not in counterexample for n in family.sizes):
        return ()
    sizes = {name: int(Fraction(str(counterexample[name]))) for name in family.sizes}
    try:
        explicit = problem.explicit(sizes)
    except InvalidArgument:  # the explicit matrix at the counterexample's sizes is beyond its limit: no steps
        return ()
    spread = [name for name in explicit.parameters if name.startswith("other_")]
    point = {**counterexample, **{name: counterexample.get(name, 0) for name in spread}}
    shown = ", ".join(f"{k} = {v}" for k, v in sizes.items())
    return refutation_steps(explicit, point, moment, decision_domain(explicit),
                            explicit=f"the exact side is summed over the explicit matrix of {family.name}"
                                     + (f" at {shown}" if shown else "") + ", the users outside the tracked values "
                                     "spread as " + (", ".join(f"{k} = {point[k]}" for k in spread) or "the data say")
                                     + " (the claim is about every spread)")


def _shown_nonempty(verdict: MomentVerdict, status: Any) -> MomentVerdict:
    """A proof on a stated domain that the decider could not show to have a point stands only if the
    enumeration checked a point inside it (an interior, non-degenerate case)."""
    if status is None or status.kind != "unknown":
        return verdict
    if any(e.method is Method.ENUMERATION and (e.interior_cases or 0) > 0 for e in verdict.evidence):
        return verdict
    evidence = tuple(replace(e, outcome=Outcome.INCONCLUSIVE, steps=(),
                             detail={**e.detail, "domain not shown non-empty": status.how,
                                     "note": "proved at every point of the domain, but the domain was not shown "
                                             "to have a point"})
                     if e.outcome is Outcome.PROVED else e for e in verdict.evidence)
    return MomentVerdict(evidence)


def _prepared(statistic: ExprLike, claimed: ExprLike, given: ExprLike | None, mechanism: Any, prior: Sequence[ExprLike] | None, counts: Sequence[ExprLike] | None,
              domain: DomainLike) -> MomentProblem | FamilyProblem:
    """The problem ``check_moment`` enumerates: a family lumped by value, or one finite model."""
    if isinstance(mechanism, Family) and not _as_matrix(mechanism, prior, counts):
        return prepare_family(mechanism, statistic, claimed, given=given, prior=prior, counts=counts, domain=domain)
    if isinstance(mechanism, Family):
        mechanism, domain = _matrix_of(mechanism, domain)
    return prepare(statistic, claimed, given=given, mechanism=mechanism, prior=prior, counts=counts, domain=domain)


def validate_moment(statistic: ExprLike, claimed: ExprLike, *, moment: str = "mean", given: ExprLike | None = None,
                    n_values: Sequence[int] | None = None, points: Sequence[Values] | None = None,
                    dps: int = 50, mechanism: Any = None, prior: Sequence[ExprLike] | None = None, counts: Sequence[ExprLike] | None = None,
                    domain: DomainLike = None, timeout: float | None = None) -> None:
    """Everything :func:`check_moment` reads and refuses before its work, without the work: the moment, the
    sample sizes (each within the enumeration's limits for this statistic), the precision, the statistic, the
    claimed form, the mechanism, its data, the stated domain and the user's points; a one-line
    :class:`~core.errors.InvalidArgument` otherwise. A short declaration calls it when it is declared."""
    ns = _validate(moment, DEFAULT_N if n_values is None else n_values, dps, timeout)
    problem = _prepared(statistic, claimed, given, mechanism, prior, counts, domain)
    target = problem.lumped if isinstance(problem, FamilyProblem) else problem
    if n_values is not None:
        _check_sizes(_Comparison(target, moment, dps, None, None), ns)
    if points is not None and not any(target.user_cases(points, ns).values()):
        raise invalid("points", points, "needs at least one point")


def _as_matrix(family: Family, prior: Sequence[ExprLike] | None, counts: Sequence[ExprLike] | None) -> bool:
    """A family given lists (one entry per input) is enumerated as its explicit matrix."""
    return not isinstance(prior if prior is not None else counts, Mapping)


def _matrix_of(family: Family, domain: DomainLike) -> tuple[FiniteMechanism, Any]:
    if family.sizes or family.input_variables:
        raise invalid("mechanism", family.name, "has a symbolic size or a continuous input, so prior=[...] and "
                      "counts=[...] (one entry per input) do not apply",
                      "name the tracked values: counts={\"0\": \"c0\"} or prior={\"0\": \"f0\"}")
    stated = family.domain if domain is None else (family.domain & domain if isinstance(domain, Domain)
                                                   else family.domain & _parse_domain(domain, family))
    return family.matrix({}), (stated if stated.conditions else None)


def _parse_domain(domain: DomainLike, family: Family) -> Domain:
    if not isinstance(domain, (str, list, tuple)):
        raise invalid("domain", domain, "must be a string such as 'eps > 0, 0 <= f <= 1'")
    names = set(family.parameters) | {"n"}
    parsed = Domain.parse(domain, symbols={name: symbol(name) for name in names})
    return Domain(parsed.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                     for c in parsed.conditions), parsed.integers)


def _family_verdict(family: FamilyProblem, moment: str, ns: list[int], points: Any, dps: int,
                    timeout: float | None, start: float, deadline: float | None) -> MomentVerdict:
    """The three pieces of evidence of :mod:`proofs.engines.moment_family`."""
    size = ", ".join(family.family.sizes) or None
    evidence = [enumeration_evidence(family.lumped, moment, ns, points, dps, timeout=timeout, start=start,
                                     what="lumped by value" + (f", every {size} drawn from the domain" if size else ""))]
    small = [n for n in ns if n <= FULL_MAX_N] or ns[:1]
    for sizes, problem in family.full:
        shown = ", ".join(f"{k} = {v}" for k, v in sizes.items())
        run = _Comparison(problem, moment, dps, None, None)
        fits = [n for n in small if _fits(run, n)]
        if not fits:
            continue  # even the smallest n is beyond the explicit matrix's limits (2^d outputs, a dataset's table)
        left = None if deadline is None else max(deadline - time.monotonic(), 1e-3)
        evidence.append(enumeration_evidence(problem, moment, fits, _at_size(points, sizes), dps, timeout=left,
                                             what=f"the explicit matrix at {shown} (cross-check of the lumping)"))
    if family.lumping_exact:
        symbolic = symbolic_evidence(family.lumped, moment, deadline=deadline,
                                     what="lumped by value" + (f", every {size}" if size else ""))
        if symbolic is not None:
            evidence.append(replace(symbolic, detail={**symbolic.detail, "lumping": family.lumping}))
    else:
        evidence.append(Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, "every n and every size (withheld)",
                                 {"note": "the lumping is not exact, so no derivation rests on it",
                                  "lumping": family.lumping}))
    return MomentVerdict(tuple(evidence))


def _fits(run: _Comparison, n: int) -> bool:
    """Whether the explicit-matrix cross-check at this n is within :data:`FULL_MAX_TABLE`."""
    model = run.statistic.model
    if not model.is_iid and (n + 1) ** (model.mechanism.outputs - 1) > FULL_MAX_TABLE:
        return False
    try:
        check_work(run.statistic, n, "arb", run.strategy_for(n))
    except InvalidArgument:
        return False
    return cells_of(run, n) <= FULL_MAX_TABLE


def cells_of(run: _Comparison, n: int) -> int:
    return outcome_count(n, len(run.statistic.plan(run.strategy_for(n)).cells))


def _at_size(points: Any, sizes: Mapping[str, int]) -> Any:
    """The user's points at one explicit size: those with that size (without it), or ``None`` (drawn)."""
    if points is None:
        return None
    kept = [{k: v for k, v in p.items() if k not in sizes} for p in points
            if all(k in p and Fraction(str(p[k])) == v for k, v in sizes.items())]
    return kept or None
