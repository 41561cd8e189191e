"""``check_moment``: is a claimed closed form the mean (or variance) of a statistic of the Q_{2x3} survey?

The claimed form (a sympy expression or string in p, q, pi, n, and q1, q2, q3 which are replaced by
the model of 003 §3.1; it may hold a finite ``Sum`` such as A) is compared with exhaustive enumeration
of every multinomial outcome (:func:`numeric.enumeration.moments`, python-flint balls at ``dps``
digits) over a grid of n and (p, q, π). The tolerance follows the working precision:
|enumerated - claimed| <= 10^-(dps-10) max(1, |claimed|). A point beyond it is re-checked in exact
rational arithmetic (``Fraction`` enumeration against the exact value of the claimed form) when n is
small and the form is rational there, otherwise at two precisions (dps and 2 dps); only a confirmed
point becomes a counterexample.

The default grid has small n (1, 2, 3, 4, 6, 10, 25), "don't know" rates q3 = 1-p-q at 0, near 0,
in between and near its maximum 1/2 (p > 1/2 as in the paper), and π at 0, 3/10, 1/2, 1.
"""

from __future__ import annotations


import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from numeric.enumeration import Survey, moments, parse_statistic
from proofs.errors import invalid
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.base.verdict import Verdict
from symbolic import symbols as S
from symbolic.model import q2x3

__all__ = ["check_moment", "compare_moment", "MomentVerdict", "DEFAULT_N", "DEFAULT_POINTS", "claimed_value",
           "parse_claimed", "EXACT_N_MAX", "MOMENTS"]

DEFAULT_N = (1, 2, 3, 4, 6, 10, 25)
#: (p, q) pairs: q3 = 0, 1/1000, 1/8, 1/4, 0.499 (its maximum is < 1/2 when p > 1/2); then π values
_PQ = [("3/4", "1/4"), ("7/10", "299/1000"), ("3/4", "1/8"), ("2/3", "1/12"), ("3/4", "0"), ("501/1000", "0"),
       ("1", "0"), ("9/10", "1/20")]
_PI = ("0", "3/10", "1/2", "1")
DEFAULT_POINTS = tuple({"p": Fraction(a), "q": Fraction(b), "pi": Fraction(c)} for a, b in _PQ for c in _PI)
#: largest n re-checked by exact Fraction enumeration
EXACT_N_MAX = 60
_CLAIMED_NAMES = ("p", "q", "pi", "n", "q1", "q2", "q3")


@dataclass(frozen=True)
class MomentVerdict(Verdict):
    """A :class:`~proofs.base.verdict.Verdict` that also reports the worst discrepancy found."""

    @property
    def worst_discrepancy(self) -> str | None:
        return next((e.detail.get("worst discrepancy") for e in self.evidence if "worst discrepancy" in e.detail), None)


def parse_claimed(claimed: Any) -> sympy.Basic:
    """The claimed closed form, symbols matched by name (p, q, pi, n, q1, q2, q3)."""
    return parse_statistic(claimed, name="claimed", allowed=_CLAIMED_NAMES)


def claimed_value(claimed: sympy.Basic, survey: Survey) -> sympy.Basic:
    """The claimed form at one survey, exactly (a sympy number; ``zoo``/``nan`` when undefined)."""
    model = q2x3()
    values = {S.p: sympy.Rational(survey.p), S.q: sympy.Rational(survey.q), S.pi: sympy.Rational(survey.pi),
              S.n: sympy.Integer(survey.n)}
    expr = claimed.xreplace(model).xreplace(values)
    return sympy.nsimplify(expr.doit()) if expr.has(sympy.Float) else sympy.simplify(expr.doit())


def _fraction(value: sympy.Basic) -> Fraction | None:
    if value.is_Rational:
        return Fraction(int(value.p), int(value.q))
    return None


MOMENTS = ("mean", "variance", "mean_on", "square_on")


def _moment(m: Any, which: str) -> Any:
    """``mean``/``variance`` (conditional on ``given``); ``mean_on`` = E[X 1{given}] and ``square_on`` =
    E[X^2 1{given}] (outcomes outside the event counted as 0, as in Lemmas 4.1 and 4.6)."""
    if which == "mean":
        return m.mean
    if which == "variance":
        return m.variance
    if which == "mean_on":
        return m.mean * m.probability
    return (m.variance + m.mean * m.mean) * m.probability


def _validate(moment: str, n_values: Iterable[int], points: Iterable[Mapping[str, Any]], dps: int
              ) -> tuple[list[int], list[dict[str, Fraction]]]:
    if moment not in MOMENTS:
        raise invalid("moment", moment, f"must be one of {list(MOMENTS)}")
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 15:
        raise invalid("dps", dps, "must be an integer >= 15")
    ns = []
    for value in n_values:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise invalid("n", value, "the sample size must be an integer >= 1")
        ns.append(value)
    if not ns:
        raise invalid("n_values", n_values, "needs at least one n")
    pts = []
    for point in points:
        missing = {"p", "q", "pi"} - set(point)
        if missing:
            raise invalid("points", dict(point), f"missing {sorted(missing)}")
        survey = Survey(1, point["p"], point["q"], point["pi"])
        if survey.p == survey.q:
            raise invalid("q", point["q"], f"equals p={point['p']}: the MLE π̂ is undefined when p = q")
        pts.append({"p": survey.p, "q": survey.q, "pi": survey.pi})
    if not pts:
        raise invalid("points", points, "needs at least one point")
    return ns, pts


def compare_moment(statistic: Any, claimed: Any, *, moment: str = "mean", given: Any = None,
                   n_values: Sequence[int] = DEFAULT_N, points: Sequence[Mapping[str, Any]] = DEFAULT_POINTS,
                   dps: int = 50, reading: str | None = None, domain: str | None = None,
                   label: str | None = None) -> Evidence:
    """Enumeration evidence that ``claimed`` is the ``moment`` of ``statistic`` (given ``given``) at every
    n of ``n_values`` and every (p, q, π) of ``points``; see the module docstring for the tolerance and
    the re-check of a discrepancy."""
    start = time.perf_counter()
    ns, pts = _validate(moment, n_values, points, dps)
    stat = parse_statistic(statistic)
    form = parse_claimed(claimed)
    tolerance_exp = dps - 10
    worst = (-1.0, None)
    cases = 0
    for n in ns:
        for point in pts:
            survey = Survey(n, point["p"], point["q"], point["pi"])
            cases += 1
            claim_at = claimed_value(form, survey)
            where = {"n": n, "p": survey.p, "q": survey.q, "pi": survey.pi}
            enumerated = moments(stat, n, survey.p, survey.q, survey.pi, given=given, dps=dps, mode="arb")
            value = _moment(enumerated, moment)
            if claim_at.has(sympy.zoo, sympy.nan, sympy.oo) or not claim_at.is_real:
                exact = _exact_or_two_precisions(stat, given, survey, moment, dps)
                return _refuted(where, exact[0], "undefined", exact[1], moment, ns, pts, dps, cases, reading,
                                domain, label, start)
            discrepancy, tol = _discrepancy(value, claim_at, tolerance_exp)
            if discrepancy > worst[0]:
                worst = (discrepancy, where)
            if discrepancy > tol:
                exact_value, recheck = _exact_or_two_precisions(stat, given, survey, moment, dps)
                confirmed, shown = _confirm(exact_value, recheck, claim_at, tolerance_exp)
                if confirmed:
                    return _refuted(where, exact_value, shown, recheck, moment, ns, pts, dps, cases, reading,
                                    domain, label, start)
    detail = {
        "cases": cases, "n values": ns, "points (p, q, pi)": len(pts), "moment": moment,
        "given": str(given) if given is not None else None, "precision": f"{dps} digits (python-flint arb balls)",
        "tolerance": f"|enumerated - claimed| <= 1e-{tolerance_exp} * max(1, |claimed|)",
        "worst discrepancy": f"{worst[0]:.3e}", "worst at": worst[1],
    }
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, domain or _domain(ns, pts, given, label), detail,
                    reading=reading, seconds=time.perf_counter() - start)


def _domain(ns: Sequence[int], pts: Sequence[Mapping[str, Fraction]], given: Any, label: str | None) -> str:
    pq = sorted({(str(x["p"]), str(x["q"])) for x in pts})
    pis = sorted({str(x["pi"]) for x in pts}, key=Fraction)
    what = f"{label}: " if label else ""
    cond = f", conditional on {given}" if given is not None else ""
    return (f"{what}every multinomial outcome for n in {list(ns)}; (p, q) in {pq}; pi in {pis}{cond}")


def _discrepancy(ball: Any, claimed: sympy.Basic, tolerance_exp: int) -> tuple[float, float]:
    """Relative-or-absolute distance between the ball's midpoint and the claimed value, computed at
    about three times the compared precision (the claimed value is exact or evaluated to 3x digits)."""
    from flint import arb, ctx, fmpq

    digits = 3 * tolerance_exp + 30
    with ctx.workprec(int(digits * 3.33)):
        if claimed.is_Rational:
            c = arb(fmpq(int(claimed.p), int(claimed.q)))
        else:
            c = arb(str(sympy.N(claimed, digits)))
        diff = abs(ball.mid() - c)
        scale = max(1.0, abs(float(c.mid())))
        d = float(diff.mid()) if diff.mid() != 0 else 0.0
    return d / scale, 10.0 ** (-tolerance_exp)


def _exact_or_two_precisions(stat: Any, given: Any, survey: Survey, moment: str, dps: int) -> tuple[Any, Recheck]:
    if survey.n <= EXACT_N_MAX:
        m = moments(stat, survey.n, survey.p, survey.q, survey.pi, given=given, mode="exact")
        return _moment(m, moment), Recheck.EXACT
    first = _moment(moments(stat, survey.n, survey.p, survey.q, survey.pi, given=given, dps=dps, mode="arb"), moment)
    second = _moment(moments(stat, survey.n, survey.p, survey.q, survey.pi, given=given, dps=2 * dps, mode="arb"),
                     moment)
    return (first, second), Recheck.TWO_PRECISIONS


def _confirm(value: Any, recheck: Recheck, claimed: sympy.Basic, tolerance_exp: int) -> tuple[bool, Any]:
    if recheck is Recheck.EXACT:
        exact = _fraction(claimed)
        if exact is not None:
            return value != exact, exact
        d, tol = _discrepancy(_fraction_ball(value), claimed, tolerance_exp)
        return d > tol, str(sympy.N(claimed, 30))
    first, second = value
    both = [_discrepancy(v, claimed, tolerance_exp) for v in (first, second)]
    return all(d > tol for d, tol in both), str(sympy.N(claimed, 30))


def _fraction_ball(value: Fraction) -> Any:
    from flint import arb, ctx, fmpq

    with ctx.workprec(4096):
        return arb(fmpq(value.numerator, value.denominator))


def _refuted(where: dict, value: Any, claimed: Any, recheck: Recheck, moment: str, ns: Sequence[int],
             pts: Sequence[Mapping[str, Fraction]], dps: int, cases: int, reading: str | None, domain: str | None,
             label: str | None, start: float) -> Evidence:
    if isinstance(value, tuple):
        enumerated = [v.mid().str(30, radius=False) for v in value]
        shown = {"enumerated (dps)": enumerated[0], "enumerated (2 dps)": enumerated[1]}
    else:
        shown = {"enumerated": value}
        if isinstance(claimed, Fraction):
            shown["difference"] = value - claimed
    return Evidence(
        Method.ENUMERATION, Outcome.COUNTEREXAMPLE, domain or _domain(ns, pts, None, label),
        {"cases checked": cases, "moment": moment, "precision": f"{dps} digits, re-checked {recheck.value}"},
        counterexample={**where, "moment": moment, **shown, "claimed": claimed},
        recheck=recheck, reading=reading, seconds=time.perf_counter() - start,
    )


def check_moment(statistic: Any, claimed: Any, *, moment: str = "mean", given: Any = None,
                 n_values: Sequence[int] | None = None, points: Sequence[Mapping[str, Any]] | None = None,
                 dps: int = 50) -> MomentVerdict:
    """Is ``claimed`` (in p, q, pi, n; q1, q2, q3 as in 003 §3.1) the ``moment`` of ``statistic`` (in N1,
    N2, N3, p, q, pi, n) for the Q_{2x3} survey, conditional on ``given``? Enumerates every outcome over
    ``n_values`` x ``points`` (defaults: :data:`DEFAULT_N`, :data:`DEFAULT_POINTS`) at ``dps`` digits and
    returns a :class:`MomentVerdict` (``.status``, ``.counterexample``, ``.worst_discrepancy``).

    Example::

        check_moment("(N2*q - N1*p)/((N1+N2)*(q-p))", "pi", given="N1+N2 > 0").status   # supported
    """
    ns = DEFAULT_N if n_values is None else tuple(n_values)
    pts = DEFAULT_POINTS if points is None else tuple(points)
    evidence = compare_moment(statistic, claimed, moment=moment, given=given, n_values=ns, points=pts, dps=dps)
    return MomentVerdict((evidence,))


