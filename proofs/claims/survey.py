"""The survey model: Warner (Example 3.7, Eq. 1), Q_{2x3} (Eq. 2, Theorems 3.9, 3.10), the appendix
Lemmas 4.1-4.6, and the Q_lambda family (section 3.2).

Methods: ``symbolic`` (sympy derives the MLEs from the score equations, the means and variances from
the binomial probability generating function, and compares with the printed forms of
:mod:`symbolic.printed`); ``enumeration`` (every multinomial outcome at 50 digits with python-flint
balls, discrepancies re-checked exactly with ``Fraction``; exact rational grids for identities);
``interval`` (certified arb enclosures of A and its approximation); ``simulation`` (a seeded numpy Monte
Carlo of the survey, :mod:`numeric.simulate`; never more than ``holds``, and a disagreement counts
only once re-checked by exact enumeration).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import sympy

from numeric.enumeration import Survey, moments
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import DEFAULT_POINTS, claimed_value, compare_moment, parse_claimed
from proofs.base.registry import check, define
from symbolic import printed as P
from symbolic.likelihood import log_likelihood, mle_q2x3, mle_qlambda, mle_warner, score
from symbolic.model import q2x3, qlambda, qlambda_entries
from symbolic.moments import A as A_sum
from symbolic.moments import (M, binomial_fraction_moments, conditional_mean_q2x3, conditional_variance_in_q,
                              conditional_variance_q2x3, qlambda_variance, r, warner_variance)
from symbolic.symbols import N1, N2, lam, n, n1, n2, n3, p, pi, q, q1, q2, q3

R = sympy.Rational
F = Fraction
GIVEN = "N1 + N2 > 0"
PAPER = "p, q in [0, 1], p + q <= 1, p > 1/2 (so q < p), pi in [0, 1]"
A_SYM = sympy.Symbol("A", positive=True)
WARNER_MLE = (n1 / n - (1 - p)) / (2 * p - 1)
WARNER_STAT = (N1 / n - (1 - p)) / (2 * p - 1)
EX37_STAT = P.EX37_MLE.xreplace({n1: N1})


# ------------------------------------------------------------------------------------------ helpers

def _ns(budget: Budget) -> list[int]:
    """Sample sizes of the 50-digit enumerations: all small n and the budget's largest."""
    return sorted({1, 2, 3, 4, 6, 10, budget.n_max} if budget.name != "quick" else {1, 2, 3, 5, budget.n_max})


def _points(budget: Budget) -> list[dict[str, Fraction]]:
    return list(DEFAULT_POINTS if budget.name != "quick" else DEFAULT_POINTS[::2])


def _warner_points(budget: Budget) -> list[dict[str, Fraction]]:
    ps = [F(3, 5), F(2, 3), F(3, 4), F(9, 10), F(1)] + ([F(1, 4), F(2, 5)] if budget.name != "quick" else [])
    return [{"p": x, "q": 1 - x, "pi": y} for x in ps for y in (F(0), F(3, 10), F(1, 2), F(1))]


def _poly_n(budget: Budget) -> int:
    """Largest n of the exact polynomial identities (sympy expansions)."""
    return min(budget.n_max, max(4, budget.grid - 2))


def _pq_grid(budget: Budget) -> list[tuple[Fraction, Fraction]]:
    """Rational (p, q) with p > 1/2, q in [0, 1-p] (q3 from 1 - p down to 0)."""
    k = max(2, budget.grid // 3)
    ps = [F(1, 2) + F(1, 2) * i / (k + 1) for i in range(1, k + 1)] + [F(1)]
    return [(x, (1 - x) * j / k) for x in ps for j in range(k + 1)]


def _pis(budget: Budget) -> list[Fraction]:
    k = max(1, budget.grid // 3)
    return [F(0), F(1)] + [F(i, k + 1) for i in range(1, k + 1)]


def _A_exact(nn: int, qq3: Fraction) -> Fraction:
    """A = Σ_{0≤k<n} 1/(n-k) C(n,k) (1-q3)^{n-k} q3^k exactly (003 Theorem 3.10)."""
    return sum((F(math.comb(nn, k), nn - k) * (1 - qq3) ** (nn - k) * qq3 ** k for k in range(nn)), F(0))


def _value(expr: sympy.Basic, **values: Any) -> sympy.Basic:
    subs = {sympy.Symbol(k) if not isinstance(k, sympy.Symbol) else k: v for k, v in values.items()}
    by_name = {s.name: s for s in expr.free_symbols}
    return sympy.simplify(expr.xreplace({by_name[k.name]: sympy.Rational(v) for k, v in subs.items()
                                         if k.name in by_name}).doit())


def _symbolic_points(extra: Callable[[dict], dict] | None = None, ns: Iterable[int] = (1, 2, 3, 5)) -> list[dict]:
    """Exact points for :func:`proofs.engines.methods.identity` to separate two sides (A filled in exactly)."""
    out = []
    for nn in ns:
        for (x, y) in ((F(3, 4), F(0)), (F(2, 3), F(1, 6)), (F(3, 4), F(1, 4)), (F(9, 10), F(1, 20))):
            for z in (F(0), F(1, 3), F(1)):
                point = {"n": nn, "p": x, "q": y, "pi": z, "A": _A_exact(nn, 1 - x - y)}
                out.append(extra(point) if extra else point)
    return out


def _simulation(statistic: sympy.Basic, claimed: sympy.Basic, *, moment: str, budget: Budget,
                cases: Sequence[dict], given: str | None = GIVEN, qlam: dict | None = None,
                reading: str | None = None, z_max: float = 6.0) -> Evidence:
    """The statistical witness: simulated mean/variance of the survey at each case against the claimed
    value; |z| > z_max is re-checked by exact enumeration before it may count as a counterexample."""
    import numpy as np

    from numeric.simulate import simulate_q2x3, simulate_qlambda

    replicates = min(budget.replicates, 200_000)
    worst = 0.0
    for i, case in enumerate(cases):
        nn = case["n"]
        if qlam is not None:
            sim = simulate_qlambda(nn, float(case["p"]), float(case["q"]), float(case["lam"]), float(case["pi"]),
                                   replicates=replicates, seed=1000 + i)
        else:
            sim = simulate_q2x3(nn, float(case["p"]), float(case["q"]), float(case["pi"]),
                                replicates=replicates, seed=1000 + i)
        if qlam is None:
            value = claimed_value(parse_claimed(claimed), Survey(nn, case["p"], case["q"], case["pi"]))
        else:
            value = _value(claimed, **case)
        target = float(value)
        got, se = (sim.mean[0], sim.mean_se[0]) if moment == "mean" else (sim.variance[0], sim.variance_se[0])
        z = abs(got - target) / se if se > 0 else (0.0 if np.isclose(got, target) else math.inf)
        worst = max(worst, z)
        if z > z_max:
            exact = _exact_moment(statistic, case, moment, given, qlam)
            if exact != F(int(value.p), int(value.q)):
                return Evidence(
                    Method.SIMULATION, Outcome.COUNTEREXAMPLE, _sim_domain(cases, replicates, z_max),
                    {"z": round(z, 2), "simulated": float(got), "standard error": float(se), "replicates": replicates},
                    counterexample={**case, "moment": moment, "exact (enumeration)": exact, "claimed": value},
                    recheck=Recheck.EXACT, reading=reading)
    return Evidence(Method.SIMULATION, Outcome.HOLDS, _sim_domain(cases, replicates, z_max),
                    {"worst |z|": round(worst, 3), "replicates": replicates, "seeds": f"1000..{999 + len(cases)}"},
                    reading=reading)


def _sim_domain(cases: Sequence[dict], replicates: int, z_max: float) -> str:
    shown = "; ".join(",".join(f"{k}={v}" for k, v in c.items()) for c in cases)
    return f"{replicates} seeded replicates at each of {len(cases)} points ({shown}); |z| <= {z_max}"


def _exact_moment(statistic: sympy.Basic, case: dict, moment: str, given: str | None, qlam: dict | None) -> Fraction:
    if qlam is not None:
        a = case["p"] + case["lam"] * (1 - case["p"] - case["q"])
        stat = statistic.xreplace({p: R(case["p"]), q: R(case["q"]), lam: R(case["lam"])})
        m = moments(stat, case["n"], a, 1 - a, case["pi"], mode="exact")
    else:
        m = moments(statistic, case["n"], case["p"], case["q"], case["pi"], given=given, mode="exact")
    return m.mean if moment == "mean" else m.variance


def _q_model(expr: sympy.Basic) -> sympy.Basic:
    return expr.xreplace(q2x3())


def _poly_identity(lhs_of_n: Callable[[int], sympy.Expr], rhs_of_n: Callable[[int], sympy.Expr], *,
                   n_max: int, domain: str, constraint: bool, reading: str | None = None,
                   n_min: int = 1) -> Evidence:
    """For each n in n_min..n_max, ``lhs(n) - rhs(n)`` cancels to 0 as a rational function of q1, q2 (with
    q3 = 1 - q1 - q2 when ``constraint``); the first n where it does not is a counterexample with the
    exact value at q1 = 1/5, q2 = 1/3 (an exact re-check)."""
    import time

    start = time.perf_counter()
    sub = {q3: 1 - q1 - q2} if constraint else {}
    for nn in range(n_min, n_max + 1):
        difference = sympy.cancel(sympy.together((lhs_of_n(nn) - rhs_of_n(nn)).xreplace(sub).doit()))
        if difference != 0:
            point = {q1: R(1, 5), q2: R(1, 3), q3: R(7, 15)}
            left = sympy.nsimplify(lhs_of_n(nn).xreplace(sub).doit().xreplace(point))
            right = sympy.nsimplify(rhs_of_n(nn).xreplace(sub).doit().xreplace(point))
            return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, domain, {"n checked": nn},
                            counterexample={"n": nn, "q1": "1/5", "q2": "1/3", "lhs": left, "rhs": right},
                            recheck=Recheck.EXACT, reading=reading, seconds=time.perf_counter() - start)
    return Evidence(Method.SYMBOLIC, Outcome.HOLDS, domain,
                    {"identities": f"exact polynomial identities in q1, q2 for every n in {n_min}..{n_max}",
                     "q3": "1 - q1 - q2" if constraint else "free"},
                    reading=reading, seconds=time.perf_counter() - start)


def _outcome_sum(nn: int, term: Callable[[int, int, int], sympy.Expr]) -> sympy.Expr:
    """Σ over n1 + n2 + n3 = n of term(n1, n2, n3) times the multinomial probability (symbolic q's)."""
    total = sympy.Integer(0)
    for k in range(nn + 1):
        for a in range(nn - k + 1):
            b = nn - k - a
            total += term(a, b, k) * math.comb(nn, k) * math.comb(nn - k, a) * q1 ** a * q2 ** b * q3 ** k
    return total


def _A_poly(nn: int) -> sympy.Expr:
    return A_sum(sympy.Integer(nn), q3).doit()


# ---------------------------------------------------------------------------------- Example 3.7, Eq. (1)

define(Claim(
    id="Ex3.7.mle", title="Example 3.7: the MLE of Warner's survey", source="003 Example 3.7",
    statement=r"q_1=\pi p+(1-\pi)(1-p);\quad \hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(p-1)n}",
    domain="Warner's Q_W = [[p, 1-p], [1-p, p]], p in [0, 1], p != 1/2; n >= 1, 0 <= n1 <= n",
    interpretation="the MLE is the stationary point in pi of n1 log q1 + (n - n1) log(1 - q1) (as in the "
                   "paper, not truncated to [0, 1]); the printed formula must equal it for every n1",
))


@check("Ex3.7.mle", "symbolic")
def _ex37_mle_symbolic(budget: Budget) -> Evidence:
    derived = mle_warner()
    ev = identity(P.EX37_MLE, derived, domain="p != 1/2, p != 1, n >= 1, 0 <= n1 <= n (symbolic)",
                  points=[{"p": x, "n": m, "n1": k} for x in (F(3, 4), F(2, 3)) for m in (1, 2, 5)
                          for k in range(m + 1)])
    corrected = WARNER_MLE
    correction = Correction(
        r"\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(2p-1)n}",
        (identity(corrected, derived, domain="p != 1/2, n >= 1 (symbolic)"), _warner_stationary(corrected, budget)),
        derived={"Warner MLE": derived},
    )
    from dataclasses import replace

    return replace(ev, corrected=correction, derived={**ev.derived, "derived MLE": sympy.srepr(derived)})


def _warner_stationary(formula: sympy.Expr, budget: Budget, reading: str | None = None) -> Evidence:
    """Exact: the score of the Warner log-likelihood vanishes at ``formula`` for every interior n1."""
    cases = [{"p": x, "n": m, "n1": k} for x in (F(3, 5), F(2, 3), F(3, 4), F(9, 10), F(1, 5))
             for m in range(2, min(budget.n_max, 12) + 1) for k in range(1, m)]

    def holds(c: dict) -> tuple[bool, dict]:
        x, m, k = c["p"], c["n"], c["n1"]
        est = _value(formula, p=x, n=m, n1=k)
        est = F(int(est.p), int(est.q))
        qq1 = est * x + (1 - est) * (1 - x)
        s = k * (2 * x - 1) / qq1 - (m - k) * (2 * x - 1) / (1 - qq1) if 0 < qq1 < 1 else None
        return s == 0, {"pi_hat": est, "score at pi_hat": s if s is not None else "q1 outside (0, 1)"}

    return exhaustive(cases, holds, domain="p in {3/5, 2/3, 3/4, 9/10, 1/5}, 2 <= n <= "
                      f"{min(budget.n_max, 12)}, 1 <= n1 <= n-1: exact score of the Warner log-likelihood",
                      reading=reading)


@check("Ex3.7.mle", "enumeration")
def _ex37_mle_exact(budget: Budget) -> Evidence:
    return _warner_stationary(P.EX37_MLE, budget)


define(Claim(
    id="Ex3.7.unbiased", title="Example 3.7: the Warner estimate is unbiased", source="003 Example 3.7",
    statement=r"\hat{\pi}\ \text{is unbiased}",
    domain="Warner's Q_W, p in [0, 1], p != 1/2, p != 1, n >= 1, pi in [0, 1]",
    interpretation="pi-hat is the formula printed just before, (p-1)/(2p-1) + n1/((p-1)n): E[pi-hat] = pi "
                   "for every pi",
    readings=("the true Warner MLE (p-1)/(2p-1) + n1/((2p-1)n)",),
))

_TRUE_WARNER = "the true Warner MLE (p-1)/(2p-1) + n1/((2p-1)n)"


def _expectation_binomial(formula: sympy.Expr) -> sympy.Expr:
    """E[formula] for n1 ~ Binomial(n, q1), formula affine in n1."""
    qq1 = pi * p + (1 - pi) * (1 - p)
    return sympy.simplify(formula.xreplace({n1: n * qq1}))


@check("Ex3.7.unbiased", "symbolic")
def _ex37_unbiased_symbolic(budget: Budget) -> list[Evidence]:
    pts = [{"p": x, "n": 3, "pi": y} for x in (F(3, 4), F(2, 3)) for y in (F(1, 2), F(0), F(1))]
    primary = identity(_expectation_binomial(P.EX37_MLE), pi, domain="p != 1/2, 1; n >= 1 (symbolic, E[n1] = n q1)",
                       points=pts)
    other = identity(_expectation_binomial(WARNER_MLE), pi, domain="p != 1/2; n >= 1 (symbolic)",
                     reading=_TRUE_WARNER)
    from dataclasses import replace

    correction = Correction(r"\frac{p-1}{2p-1}+\frac{n_1}{(2p-1)n}\ \text{is unbiased}",
                            (replace(other, reading=None), _warner_mean(WARNER_STAT, budget)))
    return [replace(primary, corrected=correction), other]


def _warner_mean(stat: sympy.Expr, budget: Budget, reading: str | None = None) -> Evidence:
    return compare_moment(stat, pi, moment="mean", n_values=_ns(budget), points=_warner_points(budget),
                          reading=reading, label="Warner survey (q = 1 - p, no don't know)")


@check("Ex3.7.unbiased", "enumeration")
def _ex37_unbiased_enumeration(budget: Budget) -> list[Evidence]:
    pts = [x for x in _warner_points(budget) if x["p"] != 1]
    primary = compare_moment(EX37_STAT, pi, moment="mean", n_values=_ns(budget), points=pts,
                             label="Warner survey (q = 1 - p)")
    return [primary, _warner_mean(WARNER_STAT, budget, reading=_TRUE_WARNER)]


define(Claim(
    id="Eq1", title="Eq. (1): the variance of Warner's estimate", source="003 Eq. (1)",
    statement=r"Var[\hat{\pi}]=\frac{-(\pi-\frac12)^2+\frac14}{n}+\frac{\frac{1}{4(2p-1)^2}-\frac14}{n}",
    domain="Warner's Q_W, p in [0, 1], p != 1/2, n >= 1, pi in [0, 1]",
    interpretation="pi-hat is the Warner MLE (n1/n - (1-p))/(2p-1) (the estimate of [35]; the formula printed "
                   "in Example 3.7 is a typo, see Ex3.7.mle)",
    readings=("pi-hat as printed in Example 3.7",),
))


@check("Eq1", "symbolic")
def _eq1_symbolic(budget: Budget) -> Evidence:
    return identity(P.EQ1, warner_variance(), domain="p != 1/2, n >= 1: Var = q1(1-q1)/(n(2p-1)^2) (symbolic)")


@check("Eq1", "enumeration")
def _eq1_enumeration(budget: Budget) -> list[Evidence]:
    pts = [x for x in _warner_points(budget) if x["p"] != 1]
    return [compare_moment(WARNER_STAT, P.EQ1, moment="variance", n_values=_ns(budget), points=_warner_points(budget),
                           label="Warner survey (q = 1 - p)"),
            compare_moment(EX37_STAT, P.EQ1, moment="variance", n_values=_ns(budget), points=pts,
                           label="Warner survey (q = 1 - p)", reading="pi-hat as printed in Example 3.7")]


@check("Eq1", "simulation")
def _eq1_simulation(budget: Budget) -> Evidence:
    cases = [{"n": m, "p": x, "q": 1 - x, "pi": y} for m, x, y in ((5, F(3, 4), F(3, 10)), (20, F(2, 3), F(1, 2)),
                                                                  (50, F(9, 10), F(1, 10)))]
    # Warner's survey is Q_lambda with q = 1 - p (no "don't know" mass to move)
    return _simulation(WARNER_STAT, P.EQ1, moment="variance", budget=budget,
                       cases=[{**c, "lam": F(0)} for c in cases], qlam={})


# ------------------------------------------------------------------------------------ Eq. (2) and score

define(Claim(
    id="Eq2.score", title="the score equation of Q_{2x3}", source="003 before Eq. (2)",
    statement=r"L(\pi)=q_1^{n_1}q_2^{n_2}q_3^{n_3};\ \frac{d}{d\pi}\log L=0 \iff \frac{n_1}{q_1}-\frac{n_2}{q_2}=0",
    domain=PAPER + "; q1, q2 > 0 (where the log-likelihood is defined)",
    interpretation="d/dpi log L = (p - q)(n1/q1 - n2/q2), so with p != q (implied by p > 1/2 >= q) the "
                   "derivative vanishes exactly when n1/q1 - n2/q2 = 0",
))


@check("Eq2.score", "symbolic")
def _eq2_score_symbolic(budget: Budget) -> Evidence:
    derived = score(q2x3())
    from dataclasses import replace

    ev = identity(derived, (p - q) * _q_model(P.EQ2_SCORE), domain=PAPER + "; q1, q2 > 0 (symbolic)")
    return replace(ev, derived={**ev.derived, "log-likelihood": sympy.srepr(log_likelihood(q2x3())),
                                "score": sympy.srepr(derived)})


@check("Eq2.score", "enumeration")
def _eq2_score_numeric(budget: Budget) -> Evidence:
    """Independent of sympy's differentiation: a central difference of the exact log-likelihood at 60
    digits against (p-q)(n1/q1 - n2/q2), on a grid of counts and rational parameters."""
    import mpmath

    grid = _pq_grid(budget)
    cases = [{"p": x, "q": y, "pi": z, "n1": a, "n2": b, "n3": c}
             for (x, y) in grid[:: max(1, len(grid) // 6)] for z in (F(1, 5), F(1, 2), F(4, 5))
             for (a, b, c) in ((1, 2, 0), (3, 0, 2), (0, 4, 1), (5, 5, 5), (7, 2, 0))]

    def holds(case: dict) -> tuple[bool, dict]:
        x, y, z = case["p"], case["q"], case["pi"]
        with mpmath.workdps(60):
            def ll(t: Any) -> Any:
                a1 = t * x + (1 - t) * y
                a2 = t * y + (1 - t) * x
                return case["n1"] * mpmath.log(a1) + case["n2"] * mpmath.log(a2)
            h = mpmath.mpf(10) ** -20
            zz = mpmath.mpf(z.numerator) / z.denominator
            numeric = (ll(zz + h) - ll(zz - h)) / (2 * h)
            qq1 = z * x + (1 - z) * y
            qq2 = z * y + (1 - z) * x
            printed = (x - y) * (F(case["n1"]) / qq1 - F(case["n2"]) / qq2)
            gap = abs(numeric - mpmath.mpf(printed.numerator) / printed.denominator)
            return gap < mpmath.mpf(10) ** -30, {"worst gap": float(gap)}

    return exhaustive(cases, holds, domain=f"{len(cases)} (p, q, pi, n1, n2, n3) on a rational grid: central "
                      "difference (h = 1e-20) of the log-likelihood at 60 digits vs (p-q)(n1/q1 - n2/q2); "
                      "tolerance 1e-30", recheck=Recheck.TWO_PRECISIONS)


define(Claim(
    id="Eq2", title="Eq. (2): the MLE of the Q_{2x3} survey", source="003 Eq. (2)",
    statement=r"\hat{\pi}=\frac{n_2q-n_1p}{(n_1+n_2)(q-p)}",
    domain=PAPER + "; n1 + n2 > 0",
    interpretation="pi-hat maximises the log-likelihood over the pi where q1, q2 > 0 (an interval containing "
                   "[0, 1]), as the paper does by setting the derivative to zero: for n1, n2 >= 1 it is the "
                   "unique stationary point and a maximum; for n1 = 0 or n2 = 0 the likelihood is monotone and "
                   "pi-hat is the endpoint where its supremum is approached",
    readings=("the maximiser over pi in [0, 1]",),
))


@check("Eq2", "symbolic")
def _eq2_symbolic(budget: Budget) -> Evidence:
    derived = mle_q2x3()
    from dataclasses import replace

    ev = identity(P.EQ2, derived, domain=PAPER + "; n1 + n2 > 0 (symbolic: the root of the score equation)")
    second = sympy.simplify(sympy.diff(score(q2x3()), pi))
    return replace(ev, derived={**ev.derived, "MLE (solved)": sympy.srepr(derived),
                                "second derivative": sympy.srepr(second)},
                   detail={**ev.detail, "second derivative": str(second) + " < 0 wherever q1, q2 > 0"})


def _eq2_cases(budget: Budget) -> list[dict]:
    top = min(budget.n_max, 8)
    return [{"p": x, "q": y, "n1": a, "n2": b, "n3": c} for (x, y) in _pq_grid(budget)
            for a in range(top + 1) for b in range(top + 1 - a) for c in (0, 1) if a + b > 0]


@check("Eq2", "enumeration")
def _eq2_exact(budget: Budget) -> list[Evidence]:
    cases = _eq2_cases(budget)

    def holds(c: dict) -> tuple[bool, dict]:
        x, y, a, b = c["p"], c["q"], c["n1"], c["n2"]
        est = F(b) * y - F(a) * x
        est /= (a + b) * (y - x)
        lo, hi = -y / (x - y), x / (x - y)          # where q1 > 0, resp. q2 > 0

        def s(t: Fraction) -> Fraction:             # (p-q)(n1 q2 - n2 q1), the score times q1 q2
            return (x - y) * (a * (t * y + (1 - t) * x) - b * (t * x + (1 - t) * y))

        slope = s(F(1)) - s(F(0))
        if a and b:
            inside = lo < est < hi
            ll = lambda t: (t * x + (1 - t) * y) ** a * (t * y + (1 - t) * x) ** b  # noqa: E731
            d = min(est - lo, hi - est) / 7
            ok = inside and s(est) == 0 and slope < 0 and ll(est) > ll(est - d) and ll(est) > ll(est + d)
            return ok, {"pi_hat": est, "score": s(est)}
        end = lo if a == 0 else hi
        ok = est == end and all((s(t) <= 0) if a == 0 else (s(t) >= 0) for t in (lo + (hi - lo) * i / 4 for i in range(5)))
        return ok, {"pi_hat": est, "endpoint": end}

    primary = exhaustive(cases, holds, domain=f"{len(cases)} exact cases: (p, q) on the rational grid "
                         f"{[(str(x), str(y)) for x, y in _pq_grid(budget)]}, n1 + n2 <= {min(budget.n_max, 8)}, "
                         "n3 in {0, 1}: score zero exactly at pi-hat, linear score numerator with negative slope "
                         "(uniqueness), L(pi-hat) > L(pi-hat +- d)")

    def in_unit(c: dict) -> tuple[bool, dict]:
        x, y, a, b = c["p"], c["q"], c["n1"], c["n2"]
        est = (F(b) * y - F(a) * x) / ((a + b) * (y - x))
        return 0 <= est <= 1, {"pi_hat": est}

    other = exhaustive(cases, in_unit, domain="the same cases: is pi-hat in [0, 1]?",
                       reading="the maximiser over pi in [0, 1]")
    return [primary, other]


# ---------------------------------------------------------------------------------- Theorems 3.9, 3.10

define(Claim(
    id="T3.9", title="Theorem 3.9: conditional unbiasedness", source="003 Theorem 3.9",
    statement=r"\mathbb{E}\Big[\frac{N_2q-N_1p}{(N_1+N_2)(q-p)}\,\Big|\,N_1+N_2\neq 0\Big]=\pi",
    domain=PAPER + "; n >= 1",
))


@check("T3.9", "symbolic")
def _t39_symbolic(budget: Budget) -> Evidence:
    from dataclasses import replace

    ev = identity(conditional_mean_q2x3(), pi, domain=PAPER + "; n >= 1 (symbolic: E[pi-hat | N1+N2 = m] = pi "
                  "for every m >= 1, from the binomial pgf)")
    mean_f, var_f = binomial_fraction_moments()
    return replace(ev, derived={**ev.derived, "E[N1/m]": sympy.srepr(mean_f), "Var(N1/m)": sympy.srepr(var_f)})


@check("T3.9", "enumeration")
def _t39_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.T39_MEAN, moment="mean", given=GIVEN, n_values=_ns(budget),
                          points=_points(budget))


@check("T3.9", "simulation")
def _t39_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 3, "p": F(3, 4), "q": F(0), "pi": F(3, 10)}, {"n": 10, "p": F(2, 3), "q": F(1, 12), "pi": F(1, 2)},
             {"n": 40, "p": F(3, 5), "q": F(1, 5), "pi": F(9, 10)}]
    return _simulation(P.PI_HAT, P.T39_MEAN, moment="mean", budget=budget, cases=cases)


define(Claim(
    id="T3.9.proof", title="proof of Theorem 3.9: the unconditional sum", source="003 proof of Theorem 3.9",
    statement=r"\mathbb{E}\Big[\frac{N_2q-N_1p}{(N_1+N_2)(q-p)}\Big]=\pi(1-q_3^n)",
    domain=PAPER + "; n >= 1",
    interpretation="the expectation runs over all outcomes with the term N1 + N2 = 0 counted as 0 (as in "
                   "the proof of Lemma 4.1)",
))


@check("T3.9.proof", "symbolic")
def _t39p_symbolic(budget: Budget) -> Evidence:
    lhs = conditional_mean_q2x3() * (1 - (1 - p - q) ** n)   # E[pi-hat | M > 0] P(M > 0)
    return identity(lhs, P.T39_PROOF.xreplace({q3: 1 - p - q}),
                    domain=PAPER + "; n >= 1 (symbolic: E[pi-hat; M > 0] = E[pi-hat | M > 0] (1 - q3^n))")


@check("T3.9.proof", "enumeration")
def _t39p_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.T39_PROOF, moment="mean_on", given=GIVEN, n_values=_ns(budget),
                          points=_points(budget))


define(Claim(
    id="T3.10", title="Theorem 3.10: the conditional variance of the MLE", source="003 Theorem 3.10",
    statement=r"Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A,\ "
              r"A=\sum_{0\le N_3<n}\frac{1}{n-N_3}\binom{n}{N_3}(1-q_3)^{n-N_3}q_3^{N_3}",
    domain=PAPER + "; n >= 1",
    interpretation="the variance of pi-hat under the conditional law given N1 + N2 != 0",
))

_T310_CORRECTED = (r"Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{[\pi p+(1-\pi)q][\pi q+(1-\pi)p]}{(q-p)^2}"
                   r"\cdot\frac{A}{1-q_3^{\,n}}")


def _t310_correction(budget: Budget) -> Correction:
    corrected = conditional_variance_in_q()
    derived = conditional_variance_q2x3().xreplace({A_SYM: sympy.Symbol("A", positive=True)})
    sym = identity(_q_model(corrected.xreplace({A_sum(): A_SYM})), derived,
                   domain=PAPER + "; n >= 1 (symbolic: law of total variance given M = N1 + N2)")
    enum = compare_moment(P.PI_HAT, corrected, moment="variance", given=GIVEN, n_values=_ns(budget),
                          points=_points(budget))
    return Correction(_T310_CORRECTED, (sym, enum), derived={"Var(pi-hat | M > 0)": derived})


@check("T3.10", "symbolic")
def _t310_symbolic(budget: Budget) -> Evidence:
    from dataclasses import replace

    derived = conditional_variance_q2x3()
    printed = P.T310.xreplace({A_sum(): A_SYM})
    ev = identity(printed, derived, domain=PAPER + "; n >= 1 (symbolic, A as a symbol, exact A at the points)",
                  points=[pt for pt in _symbolic_points() if 1 - pt["p"] - pt["q"] > 0])
    return replace(ev, corrected=_t310_correction(budget), holds_when="q3 = 0 (p + q = 1), where 1 - q3^n = 1")


@check("T3.10", "enumeration")
def _t310_enumeration(budget: Budget) -> list[Evidence]:
    from dataclasses import replace

    ev = compare_moment(P.PI_HAT, P.T310, moment="variance", given=GIVEN, n_values=_ns(budget),
                        points=_points(budget))
    at_zero = compare_moment(P.PI_HAT, P.T310, moment="variance", given=GIVEN, n_values=_ns(budget),
                             points=[x for x in _points(budget) if x["p"] + x["q"] == 1],
                             reading="restricted to q3 = 0 (p + q = 1)")
    return [replace(ev, holds_when="q3 = 0 (p + q = 1)"), at_zero]


@check("T3.10", "simulation")
def _t310_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 2, "p": F(3, 4), "q": F(0), "pi": F(1, 2)}, {"n": 10, "p": F(2, 3), "q": F(1, 12), "pi": F(3, 10)}]
    return _simulation(P.PI_HAT, P.T310, moment="variance", budget=budget, cases=cases)


define(Claim(
    id="T3.10.form2", title="Theorem 3.10: the second form", source="003 Theorem 3.10",
    statement=r"\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A=[-(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A",
    domain=PAPER + "; n >= 1 (any A)",
))


def _form2_exact(rhs: sympy.Expr, budget: Budget) -> Evidence:
    lhs = P.T310.xreplace({A_sum(): A_SYM})
    rhs = rhs.xreplace({A_sum(): A_SYM})
    cases = [{"p": x, "q": y, "pi": z, "A": F(1, 3)} for (x, y) in _pq_grid(budget) for z in _pis(budget)]

    def holds(c: dict) -> tuple[bool, dict]:
        left, right = _value(lhs, **c), _value(rhs, **c)
        return left == right, {"lhs": left, "rhs": right}

    return exhaustive(cases, holds, domain=f"{len(cases)} exact points: (p, q) grid x pi in "
                      f"{[str(z) for z in _pis(budget)]}, A = 1/3 (A is a common factor)")


@check("T3.10.form2", "symbolic")
def _form2_symbolic(budget: Budget) -> Evidence:
    return identity(P.T310.xreplace({A_sum(): A_SYM}), P.T310_FORM2.xreplace({A_sum(): A_SYM}),
                    domain="p != q, any A (symbolic)")


@check("T3.10.form2", "enumeration")
def _form2_enumeration(budget: Budget) -> Evidence:
    return _form2_exact(P.T310_FORM2, budget)


define(Claim(
    id="T3.10.form2@000", title="Theorem 3.10 in 000: the second form", source="000 Theorem 3.10",
    statement=r"\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A=[-\frac14(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A",
    domain=PAPER + "; n >= 1 (any A > 0)",
))


@check("T3.10.form2@000", "symbolic")
def _form2_000_symbolic(budget: Budget) -> Evidence:
    from dataclasses import replace

    ev = identity(P.T310.xreplace({A_sum(): A_SYM}), P.T310_FORM2_000.xreplace({A_sum(): A_SYM}),
                  domain="p != q, A > 0 (symbolic)",
                  points=[{"p": F(3, 4), "q": F(0), "pi": z, "A": F(1)} for z in (F(1, 2), F(0), F(1))])
    fix = Correction(r"[-(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A\ \text{(the form printed in 003)}",
                     (_form2_symbolic(budget), _form2_enumeration(budget)))
    return replace(ev, corrected=fix, holds_when="pi = 1/2")


@check("T3.10.form2@000", "enumeration")
def _form2_000_enumeration(budget: Budget) -> Evidence:
    return _form2_exact(P.T310_FORM2_000, budget)


# ----------------------------------------------------------------------------- A and its approximation

_A_NS = (10, 100, 500, 1000)
_A_Q3 = tuple(F(i, 20) for i in range(0, 10)) + (F(49, 100),)
_A_TOL = F(1, 100)

define(Claim(
    id="A.approx", title="the Grab-Savage approximation of A", source="003 after Theorem 3.10",
    statement=r"A\approx\frac{1}{(n+1)(p+q)-1}\ \text{(a good approximation)}",
    domain="n in {10, 100, 500, 1000} (the sample sizes of Figures 2-3), q3 = 1 - p - q in {0, 0.05, ..., 0.45, "
           "0.49} (p > 1/2 forces q3 < 1/2)",
    interpretation="'a good approximation' read as: relative error |approx - A| / A <= 1% at every point of the "
                   "domain (the paper's plotted sample sizes and don't-know rates)",
    readings=("approximation of E[1/(N1+N2) | N1+N2 > 0] = A/(1 - q3^n) (the positive-binomial mean that Grab and "
              "Savage tabulate)", "all n from 1 to 9"),
))


def _a_relative(nn: int, qq3: Fraction, conditional: bool = False) -> Fraction:
    a = _A_exact(nn, qq3)
    if conditional:
        a = a / (1 - qq3 ** nn)
    approx = F(1) / ((nn + 1) * (1 - qq3) - 1)
    return abs(approx - a) / a


@check("A.approx", "enumeration")
def _a_approx_exact(budget: Budget) -> list[Evidence]:
    """Exact rational A against the approximation over the whole grid; the worst point is the
    counterexample when it exceeds the threshold, and every relative error is reported."""
    ns = [m for m in _A_NS if m <= max(100, budget.n_max)]
    out = []
    for reading, conditional, grid in ((None, False, ns), (_A_READINGS[0], True, ns),
                                       (_A_READINGS[1], False, range(1, 10))):
        table, worst, worst_at, per_n = {}, F(-1), None, {}
        for m in grid:
            for x in _A_Q3:
                if (m + 1) * (1 - x) <= 1:
                    continue
                rel = _a_relative(m, x, conditional)
                table[f"n={m}, q3={x}"] = f"{float(rel):.3e}"
                per_n[m] = max(per_n.get(m, 0.0), float(rel))
                if rel > worst:
                    worst, worst_at = rel, {"n": m, "q3": x}
        domain = (f"exact rational A (Fraction) at n in {list(grid)}, q3 in {[str(x) for x in _A_Q3]}; "
                  "threshold 1% relative error")
        detail = {"worst relative error": f"{float(worst):.4e}", "worst relative error by n":
                  {k: f"{v:.3e}" for k, v in per_n.items()}, "relative errors": table, "cases checked": len(table)}
        good = [m for m in per_n if all(per_n[k] <= _A_TOL for k in per_n if k >= m)]
        if worst > _A_TOL:
            out.append(Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, domain, detail,
                                counterexample={**worst_at, "relative error": worst, "A": _A_exact(worst_at["n"],
                                                worst_at["q3"]), "approximation": F(1) / ((worst_at["n"] + 1) *
                                                                                        (1 - worst_at["q3"]) - 1)},
                                recheck=Recheck.EXACT, reading=reading,
                                holds_when=f"n >= {min(good)} on this q3 grid" if good else None,
                                derived={"A": A_sum(), "approximation": P.A_APPROX}))
        else:
            out.append(Evidence(Method.ENUMERATION, Outcome.HOLDS, domain, detail, reading=reading))
    return out


_A_READINGS = ("approximation of E[1/(N1+N2) | N1+N2 > 0] = A/(1 - q3^n) (the positive-binomial mean that Grab and "
               "Savage tabulate)", "all n from 1 to 9")


@check("A.approx", "interval")
def _a_approx_interval(budget: Budget) -> Evidence:
    """Certified: arb balls for A (a sum of n terms, terms by recurrence) at n up to 1000, and the ratio;
    a violation is confirmed at 200 and 400 bits."""
    first = _a_interval(200)
    if first.outcome is Outcome.COUNTEREXAMPLE:
        second = _a_interval(400)
        if second.outcome is not Outcome.COUNTEREXAMPLE or second.counterexample["n"] != first.counterexample["n"]:
            return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, _A_DOMAIN, {"note": "200 and 400 bits disagree"})
    return first


def _a_interval(bits: int) -> Evidence:
    from flint import arb, ctx, fmpq

    worst = (arb(0), None)
    rows = {}
    with ctx.workprec(bits):
        for nn in _A_NS:
            for x in _A_Q3:
                x3 = arb(fmpq(x.numerator, x.denominator))
                s = 1 - x3
                term = s ** nn           # k = 0: C(n,0) s^n q3^0
                total = term / nn
                for k in range(1, nn):
                    term = term * (nn - k + 1) / k * x3 / s
                    total += term / (nn - k)
                rel = abs(1 / ((nn + 1) * s - 1) - total) / total
                rows[f"n={nn}, q3={x}"] = rel.str(5)
                if rel > worst[0] or worst[1] is None:
                    worst = (rel, {"n": nn, "q3": x})
        detail = {"worst relative error": worst[0].str(10), "worst at": worst[1], "relative errors": rows,
                  "precision": f"{bits}-bit arb balls"}
        if worst[0] > arb(fmpq(1, 100)):
            return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, _A_DOMAIN, detail,
                            counterexample={**worst[1], "relative error": worst[0].str(20)},
                            recheck=Recheck.TWO_PRECISIONS)
        if worst[0] <= arb(fmpq(1, 100)):
            return Evidence(Method.INTERVAL, Outcome.HOLDS, _A_DOMAIN, detail)
    return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, _A_DOMAIN, detail)


_A_DOMAIN = "certified arb enclosures of A and of |approx - A|/A at n in {10, 100, 500, 1000}, q3 in {0, 0.05, ..., 0.45, 0.49}; threshold 1%"


define(Claim(
    id="A.approx.warner", title="the approximation at p + q = 1 gives Eq. (1)", source="003 after Theorem 3.10",
    statement=r"p+q=1:\ Var[\hat{\pi}\mid N_1+N_2\neq0]=\frac{-(\pi-\frac12)^2+\frac14\frac{1}{(2p-1)^2}}{n}\ "
              r"\text{(exactly Eq. (1))}",
    domain="p + q = 1, p > 1/2, pi in [0, 1], n >= 1",
    interpretation="with p + q = 1 (q3 = 0) the approximation 1/((n+1)(p+q)-1) = 1/n equals A exactly, and the "
                   "conditional variance equals the printed expression, which equals Eq. (1)",
))


@check("A.approx.warner", "symbolic")
def _aw_symbolic(budget: Budget) -> list[Evidence]:
    sub = {q: 1 - p}
    first = identity((P.T310.xreplace({A_sum(): P.A_APPROX})).xreplace(sub), P.A_APPROX_WARNER,
                     domain="p + q = 1, p != 1/2 (symbolic: Theorem 3.10 with A -> 1/n)")
    second = identity(P.A_APPROX_WARNER, P.EQ1, domain="p != 1/2 (symbolic: the same as Eq. (1))")
    approx = identity(P.A_APPROX.xreplace(sub), 1 / n, domain="p + q = 1 (symbolic: the approximation is 1/n)")
    return [first, second, approx]


@check("A.approx.warner", "enumeration")
def _aw_enumeration(budget: Budget) -> Evidence:
    pts = [x for x in _warner_points(budget) if x["p"] > F(1, 2)]
    return compare_moment(P.PI_HAT, P.A_APPROX_WARNER, moment="variance", given=GIVEN, n_values=_ns(budget),
                          points=pts, label="p + q = 1")


# ------------------------------------------------------------------------------------- Lemmas 4.1-4.6

define(Claim(
    id="L4.1", title="Lemma 4.1", source="003 Lemma 4.1",
    statement=r"\mathbb{E}[\frac{N_1}{N_1+N_2}]=\frac{q_1}{q_1+q_2}(1-q_3^n),\ "
              r"\mathbb{E}[\frac{N_2}{N_1+N_2}]=\frac{q_2}{q_1+q_2}(1-q_3^n)",
    domain="q1, q2, q3 >= 0, q1 + q2 + q3 = 1, q1 + q2 > 0, n >= 1",
    interpretation="expectations over all outcomes with the term N1 + N2 = 0 counted as 0 (the proof's sums "
                   "run over n1 + n2 != 0)",
))


@check("L4.1", "symbolic")
def _l41_symbolic(budget: Budget) -> list[Evidence]:
    mean_f, _ = binomial_fraction_moments()
    s = q1 + q2
    proof1 = identity(mean_f.xreplace({r: q1 / s}) * (1 - q3 ** n), P.L41_N1,
                      domain="q1 + q2 > 0, every n >= 1 (symbolic: E[N1/M | M = m] = r for m >= 1, P(M > 0) = 1 - q3^n)")
    proof2 = identity((1 - mean_f.xreplace({r: q1 / s})) * (1 - q3 ** n), P.L41_N2,
                      domain="q1 + q2 > 0, every n >= 1 (symbolic, N2 part)")
    polys = _poly_identity(
        lambda m: _outcome_sum(m, lambda a, b, k: sympy.Rational(a, a + b) if a + b else 0)
        + _outcome_sum(m, lambda a, b, k: sympy.Rational(b, a + b) if a + b else 0) * sympy.Symbol("t"),
        lambda m: P.L41_N1.xreplace({n: m}) + P.L41_N2.xreplace({n: m}) * sympy.Symbol("t"),
        n_max=_poly_n(budget), constraint=True,
        domain=f"both parts, q3 = 1 - q1 - q2, every n in 1..{_poly_n(budget)} (exact polynomial identities)")
    return [proof1, proof2, polys]


@check("L4.1", "enumeration")
def _l41_enumeration(budget: Budget) -> list[Evidence]:
    return [compare_moment(N1 / (N1 + N2), P.L41_N1, moment="mean_on", given=GIVEN, n_values=_ns(budget),
                           points=_points(budget), label="E[N1/(N1+N2)]"),
            compare_moment(N2 / (N1 + N2), P.L41_N2, moment="mean_on", given=GIVEN, n_values=_ns(budget),
                           points=_points(budget), label="E[N2/(N1+N2)]")]


define(Claim(
    id="L4.2", title="Lemma 4.2", source="003 Lemma 4.2",
    statement=r"f(q_1,n_3)=\sum_{n_1+n_2=n-n_3,n_1\neq0}n_1\binom{n_1+n_2-1}{n_1-1}q_1^{n_1-1}q_2^{n_2}="
              r"\begin{cases}1& n_3=n-1\\(q_1+q_2)^{n-n_3-1}+(n-n_3-1)q_1(q_1+q_2)^{n-n_3-2}&n_3\le n-2\end{cases}",
    domain="q1, q2 any (a polynomial identity; no constraint on q3 needed), n >= 1, 0 <= n3 <= n - 1",
))


def _l42_lhs(k: int) -> sympy.Expr:
    return sum((j * math.comb(k - 1, j - 1) * q1 ** (j - 1) * q2 ** (k - j) for j in range(1, k + 1)), sympy.Integer(0))


def _l42_rhs(k: int) -> sympy.Expr:
    return sympy.Integer(1) if k == 1 else (q1 + q2) ** (k - 1) + (k - 1) * q1 * (q1 + q2) ** (k - 2)


@check("L4.2", "symbolic")
def _l42_symbolic(budget: Budget) -> Evidence:
    bound = 3 * _poly_n(budget)
    return _poly_identity(_l42_lhs, _l42_rhs, n_max=bound, constraint=False,
                          domain=f"k = n - n3 in 1..{bound} (exact polynomial identities in q1, q2)")


@check("L4.2", "enumeration")
def _l42_enumeration(budget: Budget) -> Evidence:
    vals = [F(0), F(1, 3), F(3, 4), F(2), F(-1, 2)]
    cases = [{"k": k, "q1": a, "q2": b} for k in range(1, budget.n_max + 1) for a in vals for b in vals]

    def holds(c: dict) -> tuple[bool, dict]:
        k, a, b = c["k"], c["q1"], c["q2"]
        lhs = sum((j * math.comb(k - 1, j - 1) * a ** (j - 1) * b ** (k - j) for j in range(1, k + 1)), F(0))
        rhs = F(1) if k == 1 else (a + b) ** (k - 1) + (k - 1) * a * (a + b) ** (k - 2)
        return lhs == rhs, {"lhs": lhs, "rhs": rhs}

    return exhaustive(cases, holds, domain=f"k = n - n3 in 1..{budget.n_max}, q1, q2 in {{0, 1/3, 3/4, 2, -1/2}} "
                      "(exact Fractions; the identity is polynomial so any rationals are admissible)")


_CONSTRAINT = "q1, q2 >= 0, q1 + q2 > 0, q3 = 1 - q1 - q2 (needed: A is defined with 1 - q3)"

define(Claim(
    id="L4.3", title="Lemma 4.3", source="003 Lemma 4.3",
    statement=r"\sum_{0\le n_3\le n-1}\frac{1}{n-n_3}(q_1+q_2)^{n-n_3-1}\binom{n}{n_3}q_3^{n_3}=\frac{A}{q_1+q_2}",
    domain=_CONSTRAINT + ", n >= 1",
))


def _termwise(lhs: sympy.Expr, rhs: sympy.Expr, domain: str) -> Evidence:
    """Symbolic proof for every n: the two sums run over the same k and their terms agree."""
    lt, rt = lhs.function, rhs.function
    return identity(lt.xreplace({q3: 1 - q1 - q2}), rt.xreplace({q3: 1 - q1 - q2}), domain=domain,
                    simplify=lambda e: sympy.simplify(sympy.powsimp(sympy.expand_power_base(
                        sympy.powdenest(sympy.simplify(e), force=True), force=True), force=True)))


@check("L4.3", "symbolic")
def _l43_symbolic(budget: Budget) -> list[Evidence]:
    s = q1 + q2
    proof = _termwise(P.L43_LHS, sympy.Sum(A_sum().function / s, A_sum().limits[0]),
                      "q3 = 1 - q1 - q2, every n >= 1 (symbolic: the k-th terms agree)")
    polys = _poly_identity(lambda m: P.L43_LHS.xreplace({n: m}), lambda m: _A_poly(m) / s, n_max=_poly_n(budget),
                           constraint=True, domain=f"q3 = 1 - q1 - q2, every n in 1..{_poly_n(budget)}")
    return [proof, polys]


def _lemma_grid(budget: Budget, lhs: sympy.Expr, rhs: sympy.Expr, n_min: int = 1) -> Evidence:
    vals = [(F(1, 5), F(1, 3)), (F(1, 2), F(1, 2)), (F(1, 10), F(0)), (F(0), F(3, 4)), (F(2, 5), F(1, 2))]
    cases = [{"n": m, "q1": a, "q2": b} for m in range(n_min, min(budget.n_max, 25) + 1) for a, b in vals]

    def holds(c: dict) -> tuple[bool, dict]:
        vals_ = {"n": c["n"], "q1": c["q1"], "q2": c["q2"], "q3": 1 - c["q1"] - c["q2"]}
        left, right = _value(lhs, **vals_), _value(rhs, **vals_)
        return left == right, {"lhs": left, "rhs": right}

    return exhaustive(cases, holds, domain=f"exact rationals: n in {n_min}..{min(budget.n_max, 25)}, (q1, q2) in "
                      f"{[(str(a), str(b)) for a, b in vals]}, q3 = 1 - q1 - q2")


@check("L4.3", "enumeration")
def _l43_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L43_LHS, P.L43_RHS)


define(Claim(
    id="L4.4", title="Lemma 4.4", source="003 Lemma 4.4",
    statement=r"\sum_{0\le n_3\le n-2}(q_1+q_2)^{n-n_3-2}\binom{n}{n_3}q_3^{n_3}=\frac{1-q_3^n-n(q_1+q_2)q_3^{n-1}}{(q_1+q_2)^2}",
    domain=_CONSTRAINT.replace(" (needed: A is defined with 1 - q3)", " (needed: the proof expands (q1+q2+q3)^n = 1)")
    + ", n >= 1 (the sum is empty at n = 1)",
))


@check("L4.4", "symbolic")
def _l44_symbolic(budget: Budget) -> list[Evidence]:
    bound = _poly_n(budget)
    holds = _poly_identity(lambda m: P.L44_LHS.xreplace({n: m}), lambda m: P.L44_RHS.xreplace({n: m}),
                           n_max=bound, constraint=True,
                           domain=f"q3 = 1 - q1 - q2, every n in 1..{bound} (exact polynomial identities)")
    free = _poly_identity(lambda m: P.L44_LHS.xreplace({n: m}), lambda m: P.L44_RHS.xreplace({n: m}),
                          n_max=3, constraint=False, reading="q3 free (without q1 + q2 + q3 = 1)",
                          domain="q1, q2, q3 free, n in 1..3")
    return [holds, free]


@check("L4.4", "enumeration")
def _l44_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L44_LHS, P.L44_RHS)


define(Claim(
    id="L4.5", title="Lemma 4.5", source="003 Lemma 4.5",
    statement=r"\sum_{0\le n_3\le n-2}\frac{1}{n-n_3}(q_1+q_2)^{n-n_3-2}\binom{n}{n_3}q_3^{n_3}=\frac{A-n(q_1+q_2)q_3^{n-1}}{(q_1+q_2)^2}",
    domain=_CONSTRAINT + ", n >= 1",
))


@check("L4.5", "symbolic")
def _l45_symbolic(budget: Budget) -> list[Evidence]:
    s = q1 + q2
    k = A_sum().limits[0][0]
    a_term = A_sum().function
    termwise = _termwise(P.L45_LHS, sympy.Sum(a_term / s ** 2, (k, 0, n - 2)),
                         "q3 = 1 - q1 - q2, every n >= 2 (symbolic: terms k <= n-2 of A/(q1+q2)^2 agree)")
    last = identity(a_term.xreplace({k: n - 1}).xreplace({q3: 1 - q1 - q2}),
                    (n * s * q3 ** (n - 1)).xreplace({q3: 1 - q1 - q2}),
                    domain="every n >= 1 (symbolic: the k = n-1 term of A is n (q1+q2) q3^(n-1))",
                    simplify=lambda e: sympy.simplify(sympy.expand_func(e)))
    polys = _poly_identity(lambda m: P.L45_LHS.xreplace({n: m}), lambda m: P.L45_RHS.xreplace({A_sum(): _A_poly(m)}
                                                                                               ).xreplace({n: m}),
                           n_max=_poly_n(budget), constraint=True,
                           domain=f"q3 = 1 - q1 - q2, every n in 1..{_poly_n(budget)}")
    return [termwise, last, polys]


@check("L4.5", "enumeration")
def _l45_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L45_LHS, P.L45_RHS)


define(Claim(
    id="L4.6", title="Lemma 4.6", source="003 Lemma 4.6",
    statement=r"\mathbb{E}[(\frac{N_1}{N_1+N_2})^2]=\frac{q_1q_2}{(q_1+q_2)^2}A+\frac{q_1^2}{(q_1+q_2)^2}(1-q_3^n),\ "
              r"\mathbb{E}[(\frac{N_2}{N_1+N_2})^2]=\frac{q_1q_2}{(q_1+q_2)^2}A+\frac{q_2^2}{(q_1+q_2)^2}(1-q_3^n)",
    domain=_CONSTRAINT + ", n >= 1",
    interpretation="expectations over all outcomes with the term N1 + N2 = 0 counted as 0 (the proof's sums run "
                   "over n1 != 0); these are not the conditional moments given N1 + N2 != 0",
))


@check("L4.6", "symbolic")
def _l46_symbolic(budget: Budget) -> list[Evidence]:
    mean_f, var_f = binomial_fraction_moments()
    s = q1 + q2
    # E[(N1/M)^2; M > 0] = E[r(1-r)/M; M > 0] + r^2 P(M > 0) = r(1-r) A + r^2 (1 - q3^n)
    second = (var_f * M).xreplace({r: q1 / s}) * A_SYM + mean_f.xreplace({r: q1 / s}) ** 2 * (1 - q3 ** n)
    second2 = (var_f * M).xreplace({r: q2 / s}) * A_SYM + mean_f.xreplace({r: q2 / s}) ** 2 * (1 - q3 ** n)
    proof = identity(second + sympy.Symbol("t") * second2,
                     (P.L46_N1 + sympy.Symbol("t") * P.L46_N2).xreplace({A_sum(): A_SYM}),
                     domain="q1 + q2 > 0, every n >= 1 (symbolic: binomial pgf given M = m, A = E[1/M; M > 0])")
    polys = _poly_identity(
        lambda m: _outcome_sum(m, lambda a, b, k: sympy.Rational(a * a, (a + b) ** 2) if a + b else 0),
        lambda m: P.L46_N1.xreplace({A_sum(): _A_poly(m)}).xreplace({n: m}),
        n_max=_poly_n(budget), constraint=True,
        domain=f"N1 part, q3 = 1 - q1 - q2, every n in 1..{_poly_n(budget)} (exact polynomial identities)")
    return [proof, polys]


@check("L4.6", "enumeration")
def _l46_enumeration(budget: Budget) -> list[Evidence]:
    return [compare_moment(N1 / (N1 + N2), P.L46_N1, moment="square_on", given=GIVEN, n_values=_ns(budget),
                           points=_points(budget), label="E[(N1/(N1+N2))^2]"),
            compare_moment(N2 / (N1 + N2), P.L46_N2, moment="square_on", given=GIVEN, n_values=_ns(budget),
                           points=_points(budget), label="E[(N2/(N1+N2))^2]")]


# ---------------------------------------------------------------------------------------------- Q_lambda

_QL = "p > 1/2, q >= 0, p + q <= 1, lam in [0, 1] (so a - b = p - q + (2 lam - 1)(1 - p - q) >= 2p - 1 > 0)"
_QL_READING = ("the printed '(2λ-)' read as (2λ-1): the denominator is a - b, the difference of the entries of Q_λ")


def _ql_cases(budget: Budget) -> list[dict]:
    lams = [F(0), F(1, 2), F(1), F(1, 3)]
    return [{"p": x, "q": y, "lam": z} for (x, y) in _pq_grid(budget) for z in lams]


define(Claim(
    id="Qlambda.mle", title="the MLE of Q_lambda", source="003 §3.2",
    statement=r"Q_\lambda=\begin{pmatrix}p+\lambda(1-p-q)&q+(1-\lambda)(1-p-q)\\q+(1-\lambda)(1-p-q)&p+\lambda(1-p-q)"
              r"\end{pmatrix}:\ \hat{\pi}=\frac{\frac{n_1}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-)(1-p-q)}",
    domain=_QL + ", n >= 1, 0 <= n1 <= n",
    interpretation=_QL_READING + "; the MLE is the stationary point of n1 log q1 + (n-n1) log q2",
    readings=("the printed '(2λ-)' read as 2λ",),
))


def _ql_stationary(formula: sympy.Expr, budget: Budget, reading: str | None = None) -> Evidence:
    cases = [{**c, "n": m, "n1": k} for c in _ql_cases(budget)[::2] for m in (2, 3, 7) for k in range(1, m)]

    def holds(c: dict) -> tuple[bool, dict]:
        a = c["p"] + c["lam"] * (1 - c["p"] - c["q"])
        b = 1 - a
        est = _value(formula, p=c["p"], q=c["q"], lam=c["lam"], n=c["n"], n1=c["n1"])
        if not est.is_Rational:
            return False, {"pi_hat": str(est)}
        est = F(int(est.p), int(est.q))
        x1 = est * a + (1 - est) * b
        s = c["n1"] * (a - b) / x1 - (c["n"] - c["n1"]) * (a - b) / (1 - x1) if 0 < x1 < 1 else None
        return s == 0, {"pi_hat": est, "score": s if s is not None else "q1 outside (0, 1)"}

    return exhaustive(cases, holds, domain=f"{len(cases)} exact cases: (p, q) grid, lam in {{0, 1/3, 1/2, 1}}, n in "
                      "{2, 3, 7}, 1 <= n1 <= n-1: the exact score vanishes at pi-hat", reading=reading)


@check("Qlambda.mle", "symbolic")
def _ql_mle_symbolic(budget: Budget) -> list[Evidence]:
    derived = mle_qlambda()
    pts = [{"p": F(3, 4), "q": F(1, 8), "lam": F(1, 2), "n": 4, "n1": k} for k in range(5)]
    from dataclasses import replace

    ev = identity(P.QLAMBDA_MLE, derived, domain=_QL + " (symbolic)")
    return [replace(ev, derived={**ev.derived, "derived MLE": sympy.srepr(derived)}),
            identity(P.QLAMBDA_MLE_2LAM, derived, domain=_QL + " (symbolic)", points=pts,
                     reading="the printed '(2λ-)' read as 2λ")]


@check("Qlambda.mle", "enumeration")
def _ql_mle_exact(budget: Budget) -> list[Evidence]:
    return [_ql_stationary(P.QLAMBDA_MLE, budget),
            _ql_stationary(P.QLAMBDA_MLE_2LAM, budget, reading="the printed '(2λ-)' read as 2λ")]


define(Claim(
    id="Qlambda.mle@000", title="the MLE of Q_lambda in 000", source="000 §3.2",
    statement=r"\hat{\pi}=\frac{n_1-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-1)(1-p-q)}",
    domain=_QL + ", n >= 1, 0 <= n1 <= n",
    interpretation="the MLE is the stationary point of n1 log q1 + (n-n1) log q2 (n1 is a count, not n1/n)",
))


@check("Qlambda.mle@000", "symbolic")
def _ql000_symbolic(budget: Budget) -> Evidence:
    from dataclasses import replace

    pts = [{"p": F(3, 4), "q": F(1, 8), "lam": F(1, 2), "n": 4, "n1": k} for k in range(5)]
    ev = identity(P.QLAMBDA_MLE_000, mle_qlambda(), domain=_QL + " (symbolic)", points=pts)
    fix = Correction(r"\hat{\pi}=\frac{\frac{n_1}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-1)(1-p-q)}",
                     (identity(P.QLAMBDA_MLE, mle_qlambda(), domain=_QL + " (symbolic)"),
                      _ql_stationary(P.QLAMBDA_MLE, budget)))
    return replace(ev, corrected=fix, holds_when="n = 1")


@check("Qlambda.mle@000", "enumeration")
def _ql000_exact(budget: Budget) -> Evidence:
    return _ql_stationary(P.QLAMBDA_MLE_000, budget)


define(Claim(
    id="Qlambda.unbiased", title="the Q_lambda estimate is unbiased", source="003 §3.2",
    statement=r"\hat{\pi}\ \text{is an unbiased estimate of}\ \pi",
    domain=_QL + ", n >= 1, pi in [0, 1]",
    interpretation="pi-hat is the MLE of Qlambda.mle with (2λ-1): E[pi-hat] = pi",
))


def _ql_stat() -> sympy.Expr:
    return P.QLAMBDA_MLE.xreplace({n1: N1})


@check("Qlambda.unbiased", "symbolic")
def _qlu_symbolic(budget: Budget) -> Evidence:
    ql = qlambda()
    return identity(P.QLAMBDA_MLE.xreplace({n1: n * ql[q1]}), pi,
                    domain=_QL + " (symbolic: pi-hat is affine in n1, E[n1] = n q1)")


def _ql_moment(claimed: sympy.Expr, moment: str, budget: Budget, check_value: Callable | None = None) -> Evidence:
    """Exact binomial enumeration of the Q_λ estimate: Q_λ is Warner's survey with truth probability a."""
    cases = [{**c, "pi": z, "n": m} for c in _ql_cases(budget)[::2] for z in (F(0), F(1, 3), F(1))
             for m in (1, 2, 5, min(budget.n_max, 20))]

    def holds(c: dict) -> tuple[bool, dict]:
        a = c["p"] + c["lam"] * (1 - c["p"] - c["q"])
        stat = _ql_stat().xreplace({p: R(c["p"]), q: R(c["q"]), lam: R(c["lam"])})
        m = moments(stat, c["n"], a, 1 - a, c["pi"], mode="exact")
        got = m.mean if moment == "mean" else m.variance
        if check_value is not None:
            return check_value(c, got)
        want = _value(claimed, p=c["p"], q=c["q"], lam=c["lam"], pi=c["pi"], n=c["n"])
        return got == F(int(want.p), int(want.q)), {"enumerated": got, "claimed": want}

    return exhaustive(cases, holds, domain=f"{len(cases)} exact binomial enumerations: (p, q) grid, lam in "
                      "{0, 1/3, 1/2, 1}, pi in {0, 1/3, 1}, n in {1, 2, 5, " + f"{min(budget.n_max, 20)}}}")


@check("Qlambda.unbiased", "enumeration")
def _qlu_enumeration(budget: Budget) -> Evidence:
    return _ql_moment(pi, "mean", budget)


@check("Qlambda.unbiased", "simulation")
def _qlu_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 10, "p": F(3, 4), "q": F(1, 8), "lam": F(1, 2), "pi": F(3, 10)},
             {"n": 50, "p": F(2, 3), "q": F(0), "lam": F(0), "pi": F(9, 10)}]
    return _simulation(_ql_stat(), pi, moment="mean", budget=budget, cases=cases, qlam={})


define(Claim(
    id="Qlambda.var", title="the Q_lambda variance is largest at lambda = 0", source="003 §3.2",
    statement=r"\lambda=0:\ Var(\hat{\pi})=\frac{-(\pi-1/2)^2+\frac{1}{4(2p-1)^2}}{n}\ \text{is the largest}",
    domain=_QL + ", n >= 1, pi in [0, 1]",
    interpretation="(i) at lam = 0 the variance of the Q_λ MLE equals the printed expression; (ii) it is the "
                   "largest over lam in [0, 1]",
))


@check("Qlambda.var", "symbolic")
def _qlv_symbolic(budget: Budget) -> list[Evidence]:
    var = qlambda_variance()
    at0 = identity(var.xreplace({lam: 0}), P.QLAMBDA_VAR0, domain=_QL + " (symbolic: value at lam = 0)")
    import time

    start = time.perf_counter()
    e, s, t = sympy.symbols("e s t", positive=True)  # p = 1/2 + e, r = 1 - p - q = s, lam = t
    gap = sympy.factor(sympy.simplify((P.QLAMBDA_VAR0 - var).xreplace({q: 1 - p - s}).xreplace(
        {p: sympy.Rational(1, 2) + e}).xreplace({lam: t})))
    nonneg = bool(gap.is_nonnegative)
    largest = Evidence(
        Method.SYMBOLIC, Outcome.PROVED if nonneg else Outcome.INCONCLUSIVE,
        "p = 1/2 + e, 1 - p - q = s, lam = t with e, s, t > 0 (the boundary s = 0 or t = 0 gives equality); n >= 1",
        {"Var(0) - Var(lam), factored": str(gap), "sympy: nonnegative": nonneg},
        derived={"Var(lam)": var, "Var(0) - Var(lam)": gap}, seconds=time.perf_counter() - start)
    return [at0, largest]


@check("Qlambda.var", "enumeration")
def _qlv_enumeration(budget: Budget) -> Evidence:
    def check_value(c: dict, got: Fraction) -> tuple[bool, dict]:
        v0 = _value(P.QLAMBDA_VAR0, p=c["p"], pi=c["pi"], n=c["n"])
        v0 = F(int(v0.p), int(v0.q))
        if c["lam"] == 0:
            return got == v0, {"variance": got, "printed": v0}
        return got <= v0, {"variance": got, "at lam = 0": v0}

    return _ql_moment(P.QLAMBDA_VAR0, "variance", budget, check_value=check_value)


# --------------------------------------------------------------------------------------------- nu^S, nu^W

define(Claim(
    id="nuS", title="the accuracy nu^S of Q_{2x3}", source="003 §3.2",
    statement=r"\nu^S(p,q)=Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{-(\pi-\frac12)^2+\frac{(p-q)^2}{4(p+q)^2}}{(n+1)(p+q)-1}"
              r"\ \text{(Thm. (3.10))}",
    domain=PAPER + ", n >= 1, (n+1)(p+q) > 1",
    interpretation="nu^S equals the exact conditional variance Var(pi-hat | N1 + N2 != 0)",
    readings=("Theorem 3.10 (second form) as printed with A replaced by 1/((n+1)(p+q)-1)",),
))

_NUS_CORRECTED = (r"Var(\hat{\pi}\mid N_1+N_2\neq0)=\Big[-(\pi-\tfrac12)^2+\frac{(p+q)^2}{4(p-q)^2}\Big]\frac{A}{1-q_3^n}"
                  r"\approx\frac{-(\pi-\frac12)^2+\frac{(p+q)^2}{4(p-q)^2}}{(n+1)(p+q)-1}")


def _nus_grid(budget: Budget) -> list[dict]:
    return [x for x in _points(budget) if (2) * (x["p"] + x["q"]) > 1]


@check("nuS", "symbolic")
def _nus_symbolic(budget: Budget) -> list[Evidence]:
    from dataclasses import replace

    exact = conditional_variance_q2x3()
    pts = [pt for pt in _symbolic_points()]
    primary = identity(P.NU_S, exact, domain=PAPER + " (symbolic; exact A at the points)", points=pts)
    reading = identity(P.NU_S, P.T310_FORM2.xreplace({A_sum(): P.A_APPROX}), domain=PAPER + " (symbolic)",
                       points=pts, reading=_NUS_READING)
    corrected_exact = (-(pi - P.HALF) ** 2 + (p + q) ** 2 / (4 * (p - q) ** 2)) * A_SYM / (1 - (1 - p - q) ** n)
    fix = Correction(_NUS_CORRECTED, (
        identity(corrected_exact, exact, domain=PAPER + " (symbolic)"),
        compare_moment(P.PI_HAT, corrected_exact.xreplace({A_SYM: A_sum(n, 1 - p - q)}), moment="variance",
                       given=GIVEN, n_values=_ns(budget), points=_nus_grid(budget))),
        derived={"exact": corrected_exact, "approximate": P.T310_FORM2.xreplace({A_sum(): P.A_APPROX})})
    return [replace(primary, corrected=fix), reading]


_NUS_READING = "Theorem 3.10 (second form) as printed with A replaced by 1/((n+1)(p+q)-1)"


@check("nuS", "enumeration")
def _nus_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.NU_S, moment="variance", given=GIVEN, n_values=_ns(budget),
                          points=_nus_grid(budget))


@check("nuS", "simulation")
def _nus_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 30, "p": F(3, 4), "q": F(1, 8), "pi": F(1, 2)}]
    return _simulation(P.PI_HAT, P.NU_S, moment="variance", budget=budget, cases=cases)


define(Claim(
    id="nuW", title="the accuracy nu^W of Q0", source="003 §3.2",
    statement=r"\nu^W(p,q)=\frac{-(\pi-\frac12)^2+\frac{1}{4(2p-1)^2}}{n}\ \text{is the accuracy of}\ "
              r"Q_0=\begin{pmatrix}p&1-p\\1-p&p\end{pmatrix}",
    domain="p > 1/2 (p != 1/2), n >= 1, pi in [0, 1]",
    interpretation="the accuracy of Q0 is the variance of its (Warner) MLE",
))


@check("nuW", "symbolic")
def _nuw_symbolic(budget: Budget) -> Evidence:
    return identity(P.NU_W, warner_variance(), domain="p != 1/2, n >= 1 (symbolic)")


@check("nuW", "enumeration")
def _nuw_enumeration(budget: Budget) -> Evidence:
    pts = [x for x in _warner_points(budget) if x["p"] > F(1, 2)]
    return compare_moment(WARNER_STAT, P.NU_W, moment="variance", n_values=_ns(budget), points=pts,
                          label="Q0 (Warner, q = 1 - p)")


_ = (Sequence, claimed_value, n2, n3, qlambda_entries, mle_warner)
