"""Claims of 003 §3.2 on the Q_λ family and the accuracies ν^S, ν^W.

Q_λ = [[a, b], [b, a]] with a = p + λ(1-p-q), b = q + (1-λ)(1-p-q) moves the "don't know" mass of Q_{2x3}
to yes/no; it is Warner's survey with truth probability a (:mod:`symbolic.model`). ν^S is Theorem 3.10's
variance with A approximated (its bracket printed inverted, (p-q)/(p+q) for (p+q)/(p-q)); ν^W is the
variance of the MLE of Q0 = Q_λ at λ = 0, which is Warner's MLE (the corrected estimate of Example 3.7,
:mod:`catalog.claims.warner`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import EXACT
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence, Method, Outcome
from proofs.base.registry import check, define
from catalog.claims.survey_variance import variance_counterexample_steps
from catalog.claims.warner import WARNER_STATISTIC
from proofs.engines.methods import exhaustive, identity, inequality_steps
from proofs.engines.moments import compare_moment
from catalog.engines.simulation import GIVEN, exact_moment, simulation_witness
from catalog.engines.survey_grids import (PAPER, identity_points, pq_grid, replicates, sample_sizes, survey_points,
                                         warner_points)
from catalog.derivations import printed as P
from catalog.derivations.likelihood import mle_qlambda
from symbolic.model import qlambda
from catalog.derivations.moments import A, A_in_q, conditional_variance_q2x3, qlambda_variance, warner_variance
from symbolic.symbols import N1, lam, n, n1, p, pi, q, q1

_QL = (r"$p > 1/2$, $q \ge 0$, $p + q \le 1$, $\lambda \in [0, 1]$ (so $a - b = p - q + (2 \lambda - 1)(1 - p "
       r"- q) \ge 2p - 1 > 0$)")
_TWO_LAMBDA = "the printed '(2λ-)' read as 2λ"
_QL_STATISTIC = P.QLAMBDA_MLE.xreplace({n1: N1})


def _ql_levels(budget: Budget) -> list[dict]:
    return [{"p": x, "q": y, "lam": z} for (x, y) in pq_grid(budget)[::2]
            for z in (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(1, 3))]


def _stationary(formula: sympy.Expr, budget: Budget, reading: str | None = None) -> Evidence:
    """Exact: the score of n1 log q1 + (n-n1) log q2 for Q_λ vanishes at ``formula`` for interior n1."""
    cases = [{**c, "n": m, "n1": k} for c in _ql_levels(budget) for m in (2, 3, 7) for k in range(1, m)]

    def holds(case: dict) -> tuple[bool, dict]:
        a = case["p"] + case["lam"] * (1 - case["p"] - case["q"])
        estimate = EXACT.evaluate(formula, case)
        first = estimate * a + (1 - estimate) * (1 - a)
        score = (case["n1"] * (2 * a - 1) / first - (case["n"] - case["n1"]) * (2 * a - 1) / (1 - first)
                 if 0 < first < 1 else None)
        return score == 0, {"pi_hat": estimate, "score": score if score is not None else "q1 outside (0, 1)"}

    return exhaustive(cases, holds, reading=reading, domain=f"{len(cases)} exact cases: (p, q) grid, lam in "
                      "{0, 1/3, 1/2, 1}, n in {2, 3, 7}, 1 <= n1 <= n-1: the exact score vanishes at pi-hat")


# ---------------------------------------------------------------------------------------------- Q_λ MLE

define(Claim(
    id="Qlambda.mle", title=r"the MLE of $Q_\lambda$", source="003 §3.2",
    printed=(r"\hat{\pi}=\frac{\frac{n_{1}}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-)(1-p-q)}",),
    statement=r"$Q_\lambda=\begin{pmatrix}p+\lambda(1-p-q)&q+(1-\lambda)(1-p-q)\\q+(1-\lambda)(1-p-q)&p+\lambda(1-p-q)"
              r"\end{pmatrix}:\ \hat{\pi}=\frac{\frac{n_1}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-)(1-p-q)}$",
    domain=_QL + r", $n \ge 1, 0 \le n_{1} \le n$",
    interpretation=(r"the printed '$(2\lambda-)$' read as $(2\lambda-1)$: the denominator is $a - b$, the "
                     r"difference of the entries of $Q_{\lambda}$; the MLE is the stationary point of "
                    r"$n_1 \log q_1 + (n-n_1) \log q_2$"),
    readings=(_TWO_LAMBDA,),
))


@check("Qlambda.mle", "symbolic")
def _ql_mle_symbolic(budget: Budget) -> list[Evidence]:
    derived = mle_qlambda()
    points = [{"p": Fraction(3, 4), "q": Fraction(1, 8), "lam": Fraction(1, 2), "n": 4, "n1": k} for k in range(5)]
    evidence = identity(P.QLAMBDA_MLE, derived, domain=_QL + " (symbolic)")
    return [replace(evidence, derived={**evidence.derived, "derived MLE": sympy.srepr(derived)}),
            identity(P.QLAMBDA_MLE_2LAM, derived, domain=_QL + " (symbolic)", points=points, reading=_TWO_LAMBDA)]


@check("Qlambda.mle", "enumeration")
def _ql_mle_exact(budget: Budget) -> list[Evidence]:
    return [_stationary(P.QLAMBDA_MLE, budget), _stationary(P.QLAMBDA_MLE_2LAM, budget, reading=_TWO_LAMBDA)]


define(Claim(
    id="Qlambda.mle@000", title=r"the MLE of $Q_\lambda$ in 000", source="000 §3.2",
    statement=r"$\hat{\pi}=\frac{n_1-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-1)(1-p-q)}$",
    domain=_QL + r", $n \ge 1, 0 \le n_{1} \le n$",
    interpretation=(r"the MLE is the stationary point of $n_1 \log q_1 + (n-n_1) \log q_2$ ($n_1$ is a count, not "
                    "$n_1/n$)"),
))


_QL000_HOLDS = ("$n_1 = 0$ or $n = 1$ (the printed estimate exceeds the MLE by $\\frac{n_1 (n - 1)}{n (a - b)}$, "
                "$a - b > 0$)")


def _ql000_where_it_holds(budget: Budget) -> tuple[Evidence, Evidence]:
    """Where 000's formula is the MLE: printed - MLE = n1 (n - 1)/(n (a - b)) identically (sympy), zero exactly
    when n1 = 0 or n = 1; and, exactly on a grid, equality holds at a case iff n1 = 0 or n = 1."""
    a_minus_b = p - q + (2 * lam - 1) * (1 - p - q)
    gap = identity(P.QLAMBDA_MLE_000 - mle_qlambda(), n1 * (n - 1) / (n * a_minus_b), domain=_QL + " (symbolic)")
    cases = [{**c, "n": m, "n1": k} for c in _ql_levels(budget) for m in (1, 2, 3, 7) for k in range(m + 1)]

    def iff(case: dict) -> tuple[bool, dict]:
        same = EXACT.evaluate(P.QLAMBDA_MLE_000, case) == EXACT.evaluate(P.QLAMBDA_MLE, case)
        return same == (case["n1"] == 0 or case["n"] == 1), {"printed equals the MLE": same}

    return gap, exhaustive(cases, iff, domain=f"{len(cases)} exact cases: (p, q) grid, lam in {{0, 1/3, 1/2, 1}}, "
                           "n in {1, 2, 3, 7}, every n1: the printed estimate equals the MLE iff n1 = 0 or n = 1")


@check("Qlambda.mle@000", "symbolic")
def _ql000_symbolic(budget: Budget) -> Evidence:
    points = [{"p": Fraction(3, 4), "q": Fraction(1, 8), "lam": Fraction(1, 2), "n": 4, "n1": k} for k in range(5)]
    evidence = identity(P.QLAMBDA_MLE_000, mle_qlambda(), domain=_QL + " (symbolic)", points=points,
                        within="p > 1/2, q >= 0, p + q <= 1, 0 <= lam <= 1, n >= 1 integer, 0 <= n1 <= n integer")
    fix = Correction(r"$\hat{\pi}=\frac{\frac{n_1}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-1)(1-p-q)}$",
                     (identity(P.QLAMBDA_MLE, mle_qlambda(), domain=_QL + " (symbolic)"),
                      _stationary(P.QLAMBDA_MLE, budget)))
    gap, grid = _ql000_where_it_holds(budget)
    return replace(evidence, corrected=fix, holds_when=_QL000_HOLDS,
                   detail={**evidence.detail, "where it holds: printed - MLE = n1 (n - 1)/(n (a - b))": gap.outcome.value,
                           "where it holds: equality iff n1 = 0 or n = 1 on the grid": grid.outcome.value,
                           "where it holds: cases checked": grid.detail.get(Detail.CASES_CHECKED)})


@check("Qlambda.mle@000", "enumeration")
def _ql000_exact(budget: Budget) -> Evidence:
    return _stationary(P.QLAMBDA_MLE_000, budget)


# --------------------------------------------------------------------------------- Q_λ mean and variance

define(Claim(
    id="Qlambda.unbiased", title=r"the $Q_\lambda$ estimate is unbiased", source="003 §3.2",
    printed=(
        r"\hat{\pi}=\frac{\frac{n_{1}}{n}-(1-\lambda)(1-p-q)-q}{p-q+(2\lambda-)(1-p-q)}",
        'is an unbiased estimate of',
    ),
    statement=r"$\hat{\pi}$ is an unbiased estimate of $\pi$",
    domain=_QL + r", $n \ge 1, \pi \in [0, 1]$",
    interpretation=r"$\hat{\pi}$ is the MLE of Qlambda.mle with $(2\lambda-1)$: $E[\hat{\pi}] = \pi$",
))


@check("Qlambda.unbiased", "symbolic")
def _qlu_symbolic(budget: Budget) -> Evidence:
    return identity(P.QLAMBDA_MLE.xreplace({n1: n * qlambda()[q1]}), pi,
                    domain=_QL + " (symbolic: pi-hat is affine in n1, E[n1] = n q1)")


def _ql_enumeration(budget: Budget, verdict: Callable[[dict, Fraction], tuple[bool, dict]], moment: str) -> Evidence:
    """Exact binomial enumeration of the Q_λ estimate at every case (Q_λ is Warner's survey with truth
    probability a)."""
    top = min(budget.n_max, 20)
    cases = [{**c, "pi": z, "n": m} for c in _ql_levels(budget) for z in (Fraction(0), Fraction(1, 3), Fraction(1))
             for m in sorted({1, 2, 5, top})]
    return exhaustive(cases, lambda c: verdict(c, exact_moment(_QL_STATISTIC, c, survey="qlambda", moment=moment)),
                      domain=f"{len(cases)} exact binomial enumerations: (p, q) grid, lam in {{0, 1/3, 1/2, 1}}, pi in "
                             f"{{0, 1/3, 1}}, n in {sorted({1, 2, 5, top})}")


@check("Qlambda.unbiased", "enumeration")
def _qlu_enumeration(budget: Budget) -> Evidence:
    return _ql_enumeration(budget, lambda c, mean: (mean == c["pi"], {"enumerated": mean, "claimed": c["pi"]}), "mean")


@check("Qlambda.unbiased", "simulation")
def _qlu_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 10, "p": Fraction(3, 4), "q": Fraction(1, 8), "lam": Fraction(1, 2), "pi": Fraction(3, 10)},
             {"n": 50, "p": Fraction(2, 3), "q": Fraction(0), "lam": Fraction(0), "pi": Fraction(9, 10)}]
    return simulation_witness(_QL_STATISTIC, pi, moment="mean", cases=cases, survey="qlambda",
                              replicates=replicates(budget))


define(Claim(
    id="Qlambda.var", title=r"the $Q_\lambda$ variance is largest at $\lambda = 0$", source="003 §3.2",
    printed=(r"Var(\hat{\pi})(=\frac{-(\pi-1/2)^{2}+\frac{1}{4(2p-1)^{2}}}{n})",),
    statement=r"$\lambda=0:\ Var(\hat{\pi})=\frac{-(\pi-1/2)^2+\frac{1}{4(2p-1)^2}}{n}$ is the largest",
    domain=_QL + r", $n \ge 1, \pi \in [0, 1]$",
    interpretation=(r"(i) at $\lambda = 0$ the variance of the $Q_{\lambda}$ MLE equals the printed "
                     r"expression; (ii) it is the largest over $\lambda \in [0, 1]$"),
))


@check("Qlambda.var", "symbolic")
def _qlv_symbolic(budget: Budget) -> list[Evidence]:
    variance = qlambda_variance()
    at_zero = identity(variance.xreplace({lam: 0}), P.QLAMBDA_VAR0, domain=_QL + " (symbolic: value at lam = 0)")
    start = time.perf_counter()
    e, s, t = sympy.symbols("e s t", positive=True)  # p = 1/2 + e, r = 1 - p - q = s, lam = t
    difference = (P.QLAMBDA_VAR0 - variance).xreplace({q: 1 - p - s}).xreplace(
        {p: sympy.Rational(1, 2) + e}).xreplace({lam: t})
    gap = sympy.factor(sympy.simplify(difference))
    nonnegative = bool(gap.is_nonnegative)
    largest = Evidence(
        Method.SYMBOLIC, Outcome.PROVED if nonnegative else Outcome.INCONCLUSIVE,
        "p = 1/2 + e, 1 - p - q = s, lam = t with e, s, t > 0 (the boundary s = 0 or t = 0 gives equality); n >= 1",
        {"Var(0) - Var(lam), factored": str(gap), "sympy: nonnegative": nonnegative},
        derived={"Var(lam)": variance, "Var(0) - Var(lam)": gap}, seconds=time.perf_counter() - start,
        steps=inequality_steps(difference, 0, "Var(0) - Var(λ) >= 0 with p = 1/2 + e, 1 - p - q = s, λ = t (e, s, t > 0)",
                               because="p = 1/2 + e, 1 - p - q = s, λ = t with e, s, t > 0 cover the domain's "
                                       "interior; on its boundary (s = 0 or t = 0) the two variances are equal")
        if nonnegative else ())
    return [at_zero, largest]


@check("Qlambda.var", "enumeration")
def _qlv_enumeration(budget: Budget) -> Evidence:
    def verdict(case: dict, variance: Fraction) -> tuple[bool, dict]:
        at_zero = EXACT.evaluate(P.QLAMBDA_VAR0, case)
        if case["lam"] == 0:
            return variance == at_zero, {"variance": variance, "printed": at_zero}
        return variance <= at_zero, {"variance": variance, "at lam = 0": at_zero}

    return _ql_enumeration(budget, verdict, "variance")


# ------------------------------------------------------------------------------------------ ν^S and ν^W

_NUS_READING = "Theorem 3.10 (second form) as printed with A replaced by 1/((n+1)(p+q)-1)"

define(Claim(
    id="nuS", title=r"the accuracy $\nu^{S}$ of $Q_{2\times 3}$", source="003 §3.2",
    printed=(r"\nu^{S}(p,q)=Var(\hat{\pi}|N_{1}+N_{2}\neq 0)=\frac{-(\pi-\frac{1}{2})^{2}+\frac{(p-q)^{2}}{4(p"
             r"+q)^{2}}}{(n+1)(p+q)-1}",),
    statement=(r"$\nu^S(p,q)=Var(\hat{\pi}\mid "
                r"N_1+N_2\neq0)=\frac{-(\pi-\frac12)^2+\frac{(p-q)^2}{4(p+q)^2}}{(n+1)(p+q)-1}$ (Thm. (3.10))"),
    domain=PAPER + r", $n \ge 1, (n+1)(p+q) > 1$",
    interpretation=(r"$\nu^{S}$ equals the exact conditional variance $\operatorname{Var}(\hat{\pi} | N_{1} + "
                     r"N_{2} \ne 0)$; its bracket is that of Theorem 3.10's second form with $(p+q)/(p-q)$ "
                     "inverted, so it can be negative"),
    readings=(_NUS_READING,),
    related={"T3.10": "the theorem it cites, whose bracket it inverts", "A.approx": "the approximation of $A$ it uses"},
))

_NUS_CORRECTED = (r"$Var(\hat{\pi}\mid N_1+N_2\neq0)=\Big[-(\pi-\tfrac12)^2+\frac{(p+q)^2}{4(p-q)^2}\Big]"
                  r"\frac{A}{1-q_3^n}\approx\frac{-(\pi-\frac12)^2+\frac{(p+q)^2}{4(p-q)^2}}{(n+1)(p+q)-1}$")
_BRACKET_PRINTED = -(pi - P.HALF) ** 2 + (p - q) ** 2 / (4 * (p + q) ** 2)
_BRACKET_T310 = -(pi - P.HALF) ** 2 + (p + q) ** 2 / (4 * (p - q) ** 2)


def _nus_points(budget: Budget) -> list[dict]:
    return [x for x in survey_points(budget) if 2 * (x["p"] + x["q"]) > 1]


def _nus_correction(budget: Budget) -> Correction:
    exact = _BRACKET_T310 * sympy.Symbol("A", positive=True) / (1 - (1 - p - q) ** n)
    return Correction(_NUS_CORRECTED, (
        identity(exact, conditional_variance_q2x3(), domain=PAPER + " (symbolic)"),
        compare_moment(P.PI_HAT, _BRACKET_T310 * A_in_q() / (1 - (1 - p - q) ** n), mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                       n_values=sample_sizes(budget), points=_nus_points(budget))),
        derived={"exact": exact, "approximate": _BRACKET_T310 * P.A_APPROX})


@check("nuS", "symbolic")
def _nus_symbolic(budget: Budget) -> list[Evidence]:
    points = identity_points()
    primary = identity(P.NU_S, conditional_variance_q2x3(), domain=PAPER + " (symbolic; exact A at the points)",
                       points=points)
    if primary.outcome is Outcome.COUNTEREXAMPLE:
        primary = replace(primary, steps=variance_counterexample_steps(P.NU_S, primary))
    if primary.counterexample is not None:       # show what fails: the bracket, inverted and negative
        at = {k: v for k, v in primary.counterexample.items() if k in ("n", "p", "q", "pi")}
        brackets = {"printed bracket": EXACT.evaluate(_BRACKET_PRINTED, at),
                    "bracket of Theorem 3.10": EXACT.evaluate(_BRACKET_T310, at)}
        primary = replace(primary, counterexample={**primary.counterexample, **brackets},
                          detail={**primary.detail, "note": "(p-q)^2/(4(p+q)^2) is Theorem 3.10's (p+q)^2/(4(p-q)^2) "
                                  "inverted: the printed nu^S is negative here, and no variance is"})
    reading = identity(P.NU_S, P.T310_FORM2.xreplace({A(): P.A_APPROX}), domain=PAPER + " (symbolic)", points=points,
                       reading=_NUS_READING)
    return [replace(primary, corrected=_nus_correction(budget)), reading]


@check("nuS", "enumeration")
def _nus_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.NU_S, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN, n_values=sample_sizes(budget),
                          points=_nus_points(budget))


@check("nuS", "simulation")
def _nus_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 30, "p": Fraction(3, 4), "q": Fraction(1, 8), "pi": Fraction(1, 2)}]
    return simulation_witness(P.PI_HAT, P.NU_S, moment="variance", cases=cases, replicates=replicates(budget))


define(Claim(
    id="nuW", title=r"the accuracy $\nu^{W}$ of $Q_{0}$", source="003 §3.2",
    printed=(r"\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4(2p-1)^{2}}}{n}", 'is exactly the accuracy for the matrix',),
    statement=(r"$\nu^W(p,q)=\frac{-(\pi-\frac12)^2+\frac{1}{4(2p-1)^2}}{n}$ is the accuracy of "
                r"$Q_0=\begin{pmatrix}p&1-p\\1-p&p\end{pmatrix}$"),
    domain=r"$p > 1/2$ ($p \ne 1/2$), $n \ge 1$, $\pi \in [0, 1]$",
    interpretation="the accuracy of a mechanism is the variance of its MLE (§3.2 defines the accuracy of $Q_{2\\times 3}$ "
                   "according to Walley as $Var(\\hat\\pi)$ of the $Q_\\lambda$ MLE); $Q_0$ is $Q_\\lambda$ at "
                   "$\\lambda = 0$, whose MLE (Qlambda.mle) is Warner's $\\frac{n_1/n - (1-p)}{2p-1}$: the sentence "
                   "names no formula of Example 3.7",
))


@check("nuW", "symbolic")
def _nuw_symbolic(budget: Budget) -> Evidence:
    return identity(P.NU_W, warner_variance(), domain="p != 1/2, n >= 1 (symbolic)")


@check("nuW", "enumeration")
def _nuw_enumeration(budget: Budget) -> Evidence:
    points = [x for x in warner_points(budget) if x["p"] > Fraction(1, 2)]
    return compare_moment(WARNER_STATISTIC, P.NU_W, mechanism=SURVEY_Q2X3, moment="variance", n_values=sample_sizes(budget), points=points,
                          label="Q0 (Warner, q = 1 - p)")
