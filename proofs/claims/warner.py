"""Claims of 003 Example 3.7 and Eq. (1): Warner's survey Q_W = [[p, 1-p], [1-p, p]], its MLE, its
unbiasedness and its variance.

One sentence of Example 3.7 prints the MLE, π̂ = (p-1)/(2p-1) + n1/((p-1)n), and the next says "this
distribution estimation π̂ is unbiased and its ... variance is" Eq. (1), citing Warner [35]. The printed
formula is well-formed, so it is read as printed wherever the text says π̂: it is not the stationary point
of the likelihood (Ex3.7.mle, corrected to the denominator (2p-1)n), it is not unbiased (Ex3.7.unbiased)
and Eq. (1) is not its variance (Eq1). Warner's MLE, (n1/n - (1-p))/(2p-1), the correction of Ex3.7.mle,
is unbiased with variance Eq. (1): those are the corrected statements, each proved. nuW's π̂ is the MLE of
Q0 in §3.2's Q_λ family (:mod:`proofs.claims.qlambda`), Warner's MLE, with no formula of Example 3.7
involved.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import EXACT
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence
from proofs.base.registry import check, define
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import compare_moment
from proofs.engines.simulation import simulation_witness
from proofs.engines.survey_grids import replicates, sample_sizes, warner_points
from symbolic import printed as P
from symbolic.likelihood import mle_warner
from symbolic.moments import warner_variance
from symbolic.symbols import N1, n, n1, p, pi

__all__ = ["PRINTED_EX37", "WARNER_MLE", "WARNER_STATISTIC", "PRINTED_STATISTIC", "warner_mean"]

#: π̂ as printed in Example 3.7 (the estimate of Ex3.7.unbiased and Eq1)
PRINTED_EX37 = "pi-hat as printed in Example 3.7, (p-1)/(2p-1) + n1/((p-1)n)"
#: Warner's MLE [35] (the correction of Ex3.7.mle), as a function of the observed n1 and of the count N1
WARNER_MLE = (n1 / n - (1 - p)) / (2 * p - 1)
WARNER_STATISTIC = (N1 / n - (1 - p)) / (2 * p - 1)
PRINTED_STATISTIC = P.EX37_MLE.xreplace({n1: N1})
_WARNER_DOMAIN = r"Warner's $Q_W = [[p, 1-p], [1-p, p]]$, $p \in [0, 1]$, $p \ne 1/2$"
_LABEL = "Warner survey (q = 1 - p, no 'don't know')"


def _stationary(formula: sympy.Expr, budget: Budget, reading: str | None = None) -> Evidence:
    """Exact: the score n1 (2p-1)/q1 - (n-n1)(2p-1)/(1-q1) of the Warner log-likelihood vanishes at
    ``formula`` for every interior n1 (003 Example 3.7)."""
    top = min(budget.n_max, 12)
    cases = [{"p": x, "n": m, "n1": k} for x in (Fraction(3, 5), Fraction(2, 3), Fraction(3, 4), Fraction(9, 10),
                                                 Fraction(1, 5)) for m in range(2, top + 1) for k in range(1, m)]

    def holds(case: dict) -> tuple[bool, dict]:
        x, m, k = case["p"], case["n"], case["n1"]
        estimate = EXACT.evaluate(formula, case)
        q1 = estimate * x + (1 - estimate) * (1 - x)
        score = k * (2 * x - 1) / q1 - (m - k) * (2 * x - 1) / (1 - q1) if 0 < q1 < 1 else None
        return score == 0, {"pi_hat": estimate, "score at pi_hat": score if score is not None else "q1 outside (0, 1)"}

    return exhaustive(cases, holds, domain=f"p in {{3/5, 2/3, 3/4, 9/10, 1/5}}, 2 <= n <= {top}, 1 <= n1 <= n-1: "
                      "the exact score of the Warner log-likelihood at pi-hat", reading=reading)


def warner_mean(statistic: sympy.Expr, budget: Budget, *, reading: str | None = None,
                without_p_one: bool = False) -> Evidence:
    """Exact enumeration: E[statistic] = π for Warner's survey (``without_p_one`` for the printed formula,
    whose denominator (p-1)n vanishes at p = 1)."""
    points = [x for x in warner_points(budget) if not (without_p_one and x["p"] == 1)]
    return compare_moment(statistic, pi, moment="mean", n_values=sample_sizes(budget), points=points, reading=reading,
                          label=_LABEL)


# ------------------------------------------------------------------------------------------ Example 3.7

define(Claim(
    id="Ex3.7.mle", title="Example 3.7: the MLE of Warner's survey", source="003 Example 3.7",
    printed=(r"\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_{1}}{(p-1)n}",),
    statement=r"$q_1=\pi p+(1-\pi)(1-p);\quad \hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(p-1)n}$",
    domain=_WARNER_DOMAIN + r"; $n \ge 1, 0 \le n_{1} \le n$",
    interpretation=(r"the MLE is the stationary point in $\pi$ of $n_1 \log q_1 + (n - n_1) \log(1 - q_1)$ (as in "
                    "the paper, not truncated to $[0, 1]$); the printed formula must equal it for every $n_1$"),
))


@check("Ex3.7.mle", "symbolic")
def _ex37_mle_symbolic(budget: Budget) -> Evidence:
    derived = mle_warner()
    evidence = identity(P.EX37_MLE, derived, domain="p != 1/2, p != 1, n >= 1, 0 <= n1 <= n (symbolic)",
                        points=[{"p": x, "n": m, "n1": k} for x in (Fraction(3, 4), Fraction(2, 3)) for m in (1, 2, 5)
                                for k in range(m + 1)])
    correction = Correction(r"$\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(2p-1)n}$",
                            (identity(WARNER_MLE, derived, domain="p != 1/2, n >= 1 (symbolic)"),
                             _stationary(WARNER_MLE, budget)), derived={"Warner MLE": derived})
    return replace(evidence, corrected=correction, derived={**evidence.derived, "derived MLE": sympy.srepr(derived)})


@check("Ex3.7.mle", "enumeration")
def _ex37_mle_exact(budget: Budget) -> Evidence:
    return _stationary(P.EX37_MLE, budget)


_PRINTED_DOMAIN = ("Warner's $Q_W = \\begin{pmatrix}p & 1-p\\\\ 1-p & p\\end{pmatrix}$, $p \\in [0, 1]$, $p \\ne 1/2$, "
                   "$p \\ne 1$ (the printed estimate divides by $(p - 1) n$), $n \\ge 1$, $\\pi \\in [0, 1]$")
_WARNER_UNBIASED = ("Warner's MLE $\\hat\\pi = \\frac{p-1}{2p-1} + \\frac{n_1}{(2p-1)n}$ (the corrected estimate of "
                    "Example 3.7) is unbiased: $\\mathbb E[\\hat\\pi] = \\pi$ for every $\\pi$")
_WARNER_EQ1 = ("Eq. (1) is the variance of Warner's MLE $\\hat\\pi = \\frac{p-1}{2p-1} + \\frac{n_1}{(2p-1)n}$ (the "
               "corrected estimate of Example 3.7); the printed estimate has variance "
               "$\\frac{q_1(1-q_1)}{(p-1)^2 n}$")

define(Claim(
    id="Ex3.7.unbiased", title="Example 3.7: the printed estimate is unbiased", source="003 Example 3.7",
    printed=(r"\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_{1}}{(p-1)n}", 'this distribution estimation',),
    statement=r"$\hat{\pi}$ is unbiased",
    domain=_PRINTED_DOMAIN,
    interpretation="As printed: 'this distribution estimation $\\hat\\pi$' is the estimate printed just before, "
                   "$\\hat\\pi = \\frac{p-1}{2p-1} + \\frac{n_1}{(p-1)n}$ (well-formed, so read as printed), and the "
                   "claim is $\\mathbb E[\\hat\\pi] = \\pi$ for every $\\pi$. Warner's MLE of [35], the corrected "
                   "estimate of Ex3.7.mle, is unbiased: that is the corrected statement.",
    related={"Ex3.7.mle": "the printed estimate and its correction", "Eq1": "the same sentence, the same estimate"},
))


def _expectation(formula: sympy.Expr) -> sympy.Expr:
    """E[formula] for n1 ~ Binomial(n, q1), formula affine in n1: E[n1] = n q1."""
    return sympy.simplify(formula.xreplace({n1: n * (pi * p + (1 - pi) * (1 - p))}))


def _variance(formula: sympy.Expr) -> sympy.Expr:
    """Var[formula] for n1 ~ Binomial(n, q1), formula affine in n1: (coefficient of n1)² n q1 (1 - q1)."""
    q1 = pi * p + (1 - pi) * (1 - p)
    return sympy.simplify(sympy.diff(formula, n1) ** 2 * n * q1 * (1 - q1))


_POINTS = [{"p": x, "n": 3, "pi": y} for x in (Fraction(3, 4), Fraction(2, 3)) for y in (Fraction(0), Fraction(1, 2))]


def _unbiased_correction(budget: Budget) -> Correction:
    return Correction(_WARNER_UNBIASED, (
        identity(_expectation(WARNER_MLE), pi, domain="p != 1/2, n >= 1 (symbolic: pi-hat is affine in n1, "
                 "E[n1] = n q1)"),
        warner_mean(WARNER_STATISTIC, budget)))


@check("Ex3.7.unbiased", "symbolic")
def _ex37_unbiased_symbolic(budget: Budget) -> Evidence:
    """E[π̂] of the printed estimate (affine in n1, E[n1] = n q1) against π: an exact point where they differ."""
    evidence = identity(_expectation(P.EX37_MLE), pi, domain="p != 1/2, 1; n >= 1 (symbolic, E[n1] = n q1)",
                        points=_POINTS)
    return replace(evidence, corrected=_unbiased_correction(budget))


@check("Ex3.7.unbiased", "enumeration")
def _ex37_unbiased_enumeration(budget: Budget) -> Evidence:
    return warner_mean(PRINTED_STATISTIC, budget, without_p_one=True)


# ---------------------------------------------------------------------------------------------- Eq. (1)

define(Claim(
    id="Eq1", title="Eq. (1): the variance of the printed estimate", source="003 Eq. (1)",
    printed=(r"\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}}{n}+\frac{\frac{1}{4(2p-1)^{2}}-\frac{1}{4}}{n}",),
    statement=r"$Var[\hat{\pi}]=\frac{-(\pi-\frac12)^2+\frac14}{n}+\frac{\frac{1}{4(2p-1)^2}-\frac14}{n}$",
    domain=_PRINTED_DOMAIN,
    interpretation="As printed: $\\hat\\pi$ is 'this distribution estimation' of Example 3.7, "
                   "$\\frac{p-1}{2p-1} + \\frac{n_1}{(p-1)n}$ (well-formed, so read as printed). Eq. (1) is the "
                   "variance of Warner's MLE of [35], the corrected estimate of Ex3.7.mle: that is the corrected "
                   "statement.",
    related={"Ex3.7.unbiased": "the same sentence, the same estimate", "Ex3.7.mle": "the estimate and its correction"},
))


def _eq1_correction(budget: Budget) -> Correction:
    """Eq. (1) for Warner's MLE: sympy, exact enumeration, and a simulation of Warner's survey (Q_λ with
    q = 1 - p: no 'don't know' mass to move), whose simulated estimator is Warner's MLE."""
    points = warner_points(budget)
    cases = [{"n": m, "p": x, "q": 1 - x, "lam": Fraction(0), "pi": y}
             for m, x, y in ((5, Fraction(3, 4), Fraction(3, 10)), (20, Fraction(2, 3), Fraction(1, 2)),
                             (50, Fraction(9, 10), Fraction(1, 10)))]
    return Correction(_WARNER_EQ1, (
        identity(P.EQ1, warner_variance(), domain="p != 1/2, n >= 1: Var = q1(1-q1)/(n(2p-1)^2) (symbolic)"),
        compare_moment(WARNER_STATISTIC, P.EQ1, moment="variance", n_values=sample_sizes(budget), points=points,
                       label=_LABEL),
        simulation_witness(WARNER_STATISTIC, P.EQ1, moment="variance", cases=cases, survey="qlambda",
                           replicates=replicates(budget))))


@check("Eq1", "symbolic")
def _eq1_symbolic(budget: Budget) -> Evidence:
    """Var of the printed estimate, (coefficient of n1)² n q1 (1 - q1) = q1(1 - q1)/((p - 1)² n), against Eq. (1)."""
    evidence = identity(_variance(P.EX37_MLE), P.EQ1, domain="p != 1/2, 1; n >= 1 (symbolic: n1 ~ Binomial(n, q1))",
                        points=_POINTS)
    return replace(evidence, corrected=_eq1_correction(budget))


@check("Eq1", "enumeration")
def _eq1_enumeration(budget: Budget) -> Evidence:
    points = [x for x in warner_points(budget) if x["p"] != 1]
    return compare_moment(PRINTED_STATISTIC, P.EQ1, moment="variance", n_values=sample_sizes(budget), points=points,
                          label=_LABEL)


