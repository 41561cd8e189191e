"""Claims of 003 Example 3.7 and Eq. (1): Warner's survey Q_W = [[p, 1-p], [1-p, p]], its MLE, its
unbiasedness and its variance.

Example 3.7 names its estimator, "the maximum likelihood estimation of π" (citing Warner [35, 16]), prints a
formula for it, π̂ = (p-1)/(2p-1) + n1/((p-1)n), and goes on: "this distribution estimation π̂ is unbiased and
its ... variance is" Eq. (1). A name denotes its object, and a formula printed for it is a claim about it
(:mod:`numeric.definitions.estimators`). The formula is wrong: it is not the stationary point of the
likelihood (Ex3.7.mle, refuted there, once, and corrected to the denominator (2p-1)n). The two claims that
use π̂ are judged on the estimator the text names, Warner's MLE, derived by sympy from the likelihood
(:func:`catalog.derivations.likelihood.mle_warner`), never typed: it is unbiased (Ex3.7.unbiased) and Eq. (1) is its
variance (Eq1), each proved symbolically and checked by exact enumeration, each linking Ex3.7.mle. What the
printed formula would give (it is biased, its variance is q1(1-q1)/((p-1)² n)) is checked beside the
verdicts, as another reading. nuW's π̂ is the MLE of Q0 in §3.2's Q_λ family (:mod:`catalog.claims.qlambda`),
Warner's MLE, with no formula of Example 3.7 involved.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import EXACT
from numeric.definitions.estimators import EX37_MLE, EX37_PRINTED
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence
from proofs.base.registry import check, define
from proofs.kernel.steps import Identity, Stated
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import compare_moment
from catalog.engines.simulation import simulation_witness
from catalog.engines.survey_grids import replicates, sample_sizes, warner_points
from catalog.derivations import printed as P
from catalog.derivations.likelihood import mle_warner
from catalog.derivations.moments import warner_variance
from symbolic.symbols import N1, n, n1, p, pi

__all__ = ["PRINTED_EX37", "NAMED_MLE", "WARNER_MLE", "WARNER_STATISTIC", "PRINTED_STATISTIC", "warner_mean",
           "derived_mle"]

#: π̂ as the MLE Example 3.7 names (the primary reading of Ex3.7.unbiased and Eq1), and the formula printed for it
#: (checked beside their verdicts): :mod:`numeric.definitions.estimators`
NAMED_MLE, PRINTED_EX37 = EX37_MLE.name, EX37_PRINTED.name
#: Warner's MLE [35] (the correction of Ex3.7.mle), as a function of the observed n1 and of the count N1
WARNER_MLE = (n1 / n - (1 - p)) / (2 * p - 1)
WARNER_STATISTIC = (N1 / n - (1 - p)) / (2 * p - 1)
PRINTED_STATISTIC = P.EX37_MLE.xreplace({n1: N1})
_WARNER_DOMAIN = r"Warner's $Q_W = [[p, 1-p], [1-p, p]]$, $p \in [0, 1]$, $p \ne 1/2$"
# The claims' stated domains as conditions, so that a counterexample is shown to lie in them by a step
_MLE_WITHIN = "0 <= p <= 1, p != 1/2, n >= 1 integer, 0 <= n1 <= n integer"
_NAMED_WITHIN = "0 <= p <= 1, p != 1/2, n >= 1 integer, 0 <= pi <= 1"
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
    return compare_moment(statistic, pi, mechanism=SURVEY_Q2X3, moment="mean", n_values=sample_sizes(budget), points=points, reading=reading,
                          label=_LABEL)


# ------------------------------------------------------------------------------------------ Example 3.7

define(Claim(
    id="Ex3.7.mle", title="Example 3.7: the MLE of Warner's survey", source="003 Example 3.7",
    printed=(r"\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_{1}}{(p-1)n}",),
    statement=r"$q_1=\pi p+(1-\pi)(1-p);\quad \hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(p-1)n}$",
    domain=_WARNER_DOMAIN + r"; $n \ge 1, 0 \le n_{1} \le n$",
    interpretation=(r"the MLE is the stationary point in $\pi$ of $n_1 \log q_1 + (n - n_1) \log(1 - q_1)$ (as in "
                    "the paper, not truncated to $[0, 1]$); the printed formula must equal it for every $n_1$"),
    definitions=(NAMED_MLE, PRINTED_EX37),
    related={"Ex3.7.unbiased": "uses the estimator this formula is printed for, and is judged on the MLE the text "
                               "names, not on this formula",
             "Eq1": "the variance of the estimator this formula is printed for, judged on the MLE the text names"},
))


@check("Ex3.7.mle", "symbolic")
def _ex37_mle_symbolic(budget: Budget) -> Evidence:
    derived = mle_warner()
    evidence = identity(P.EX37_MLE, derived, domain="p != 1/2, p != 1, n >= 1, 0 <= n1 <= n (symbolic)",
                        points=[{"p": x, "n": m, "n1": k} for x in (Fraction(3, 4), Fraction(2, 3)) for m in (1, 2, 5)
                                for k in range(m + 1)],
                        within=_MLE_WITHIN)
    correction = Correction(r"$\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_1}{(2p-1)n}$",
                            (identity(WARNER_MLE, derived, domain="p != 1/2, n >= 1 (symbolic)"),
                             _stationary(WARNER_MLE, budget)), derived={"Warner MLE": derived})
    return replace(evidence, corrected=correction, derived={**evidence.derived, "derived MLE": sympy.srepr(derived)})


@check("Ex3.7.mle", "enumeration")
def _ex37_mle_exact(budget: Budget) -> Evidence:
    return _stationary(P.EX37_MLE, budget)


_NAMED_DOMAIN = ("Warner's $Q_W = \\begin{pmatrix}p & 1-p\\\\ 1-p & p\\end{pmatrix}$, $p \\in [0, 1]$, $p \\ne 1/2$, "
                 "$n \\ge 1$, $\\pi \\in [0, 1]$; $n_1 \\sim \\mathrm{Binomial}(n, q_1)$, $q_1 = \\pi p + (1-\\pi)(1-p)$")
_NAMED = ("'this distribution estimation $\\hat\\pi$' is the estimator the example names, 'the maximum likelihood "
          "estimation of $\\pi$' in Warner's survey [35, 16]. A name denotes its object; the formula printed for it, "
          "$\\hat\\pi = \\frac{p-1}{2p-1} + \\frac{n_1}{(p-1)n}$, is a claim about it, refuted where it sits "
          "(Ex3.7.mle). So $\\hat\\pi$ is Warner's MLE, the stationary point of $n_1 \\log q_1 + (n - n_1) "
          "\\log(1 - q_1)$ derived by sympy (not typed), $\\frac{p-1}{2p-1} + \\frac{n_1}{(2p-1)n}$.")
_PRINTED_NOTE = ("What the printed formula would give is checked beside the verdict (another reading; it divides by "
                 "$(p - 1) n$, so $p \\ne 1$ there)")

define(Claim(
    id="Ex3.7.unbiased", title=r"Example 3.7: the MLE $\hat{\pi}$ is unbiased", source="003 Example 3.7",
    printed=(r"\hat{\pi}=\frac{p-1}{2p-1}+\frac{n_{1}}{(p-1)n}", 'this distribution estimation',),
    statement=r"$\hat{\pi}$ is unbiased",
    domain=_NAMED_DOMAIN,
    interpretation=_NAMED + " The claim is $\\mathbb E[\\hat\\pi] = \\pi$ for every $\\pi$. " + _PRINTED_NOTE
                   + ": it is biased.",
    readings=(PRINTED_EX37,),
    definitions=(NAMED_MLE, PRINTED_EX37),
    related={"Ex3.7.mle": "the formula printed for this estimator is wrong (denominator $(p-1)n$): refuted there, "
                          "once; this claim is judged on the MLE the text names",
             "Eq1": "the same sentence, the same estimator"},
))


def derived_mle() -> sympy.Expr:
    """The π̂ Example 3.7 names: Warner's MLE, the stationary point of the log-likelihood, derived by sympy
    (:func:`catalog.derivations.likelihood.mle_warner`); refused unless affine in n1, which :func:`_expectation` and
    :func:`_variance` use."""
    derived = mle_warner()
    if sympy.simplify(sympy.diff(derived, n1, 2)) != 0:
        raise AssertionError(f"the derived MLE {derived} should be affine in n1")
    return derived


def _expectation(formula: sympy.Expr) -> sympy.Expr:
    """E[formula] for n1 ~ Binomial(n, q1), formula affine in n1: E[n1] = n q1."""
    return sympy.simplify(formula.xreplace({n1: n * (pi * p + (1 - pi) * (1 - p))}))


def _variance(formula: sympy.Expr) -> sympy.Expr:
    """Var[formula] for n1 ~ Binomial(n, q1), formula affine in n1: (coefficient of n1)² n q1 (1 - q1)."""
    q1 = pi * p + (1 - pi) * (1 - p)
    return sympy.simplify(sympy.diff(formula, n1) ** 2 * n * q1 * (1 - q1))


def _mle_steps(derived: sympy.Expr) -> tuple:
    """For a proof certificate: π̂ is the stationary point of the Warner log-likelihood (its score, the
    derivative in π, vanishes there) and is affine in n1, so its moments follow from those of n1."""
    q1 = pi * p + (1 - pi) * (1 - p)
    loglik = n1 * sympy.log(q1) + (n - n1) * sympy.log(1 - q1)
    score = n1 * (2 * p - 1) / q1 - (n - n1) * (2 * p - 1) / (1 - q1)
    return (Identity("the score of the Warner log-likelihood n1 log q1 + (n - n1) log(1 - q1), q1 = pi p + (1 - pi)"
                     "(1 - p), is its derivative in pi", sympy.Derivative(loglik, pi), score),
            Identity("the score vanishes at pi-hat, the MLE Example 3.7 names (derived by sympy): pi-hat is the "
                     "stationary point", score.xreplace({pi: derived}), 0, "cancel"),
            Identity("pi-hat is affine in n1 (its second derivative in n1 is 0)", sympy.Derivative(derived, (n1, 2)), 0),
            Stated("n1 ~ Binomial(n, q1): E[n1] = n q1 and Var[n1] = n q1 (1 - q1), so an affine a + b n1 has mean "
                   "a + b n q1 and variance b^2 n q1 (1 - q1)"))


_POINTS = [{"p": x, "n": 3, "pi": y} for x in (Fraction(3, 4), Fraction(2, 3)) for y in (Fraction(0), Fraction(1, 2))]
_DERIVED = "the MLE derived by sympy (the stationary point of the Warner log-likelihood)"


@check("Ex3.7.unbiased", "symbolic")
def _ex37_unbiased_symbolic(budget: Budget):
    """E[π̂] of the derived MLE (affine in n1, E[n1] = n q1) against π; beside the verdict, the same for the
    printed formula (an exact point where they differ)."""
    derived = derived_mle()
    evidence = identity(_expectation(derived), pi, domain=f"p != 1/2, n >= 1: {_DERIVED}; E[n1] = n q1 (symbolic)")
    q1 = pi * p + (1 - pi) * (1 - p)
    mean = Identity("E[pi-hat] = pi-hat at n1 = n q1 is pi", derived.xreplace({n1: n * q1}), pi, "cancel")
    steps = (*_mle_steps(derived), mean) if evidence.outcome.value == "proved" else evidence.steps
    yield replace(evidence, derived={**evidence.derived, "Warner MLE (derived)": sympy.srepr(derived)}, steps=steps)
    yield identity(_expectation(P.EX37_MLE), pi, domain="p != 1/2, 1; n >= 1 (symbolic, E[n1] = n q1)",
                   points=_POINTS, reading=PRINTED_EX37, within=_NAMED_WITHIN)


@check("Ex3.7.unbiased", "enumeration")
def _ex37_unbiased_enumeration(budget: Budget):
    yield warner_mean(derived_mle().xreplace({n1: N1}), budget)
    yield warner_mean(PRINTED_STATISTIC, budget, without_p_one=True, reading=PRINTED_EX37)


# ---------------------------------------------------------------------------------------------- Eq. (1)

define(Claim(
    id="Eq1", title=r"Eq. (1): the variance of the MLE $\hat{\pi}$", source="003 Eq. (1)",
    printed=(r"\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}}{n}+\frac{\frac{1}{4(2p-1)^{2}}-\frac{1}{4}}{n}",),
    statement=r"$Var[\hat{\pi}]=\frac{-(\pi-\frac12)^2+\frac14}{n}+\frac{\frac{1}{4(2p-1)^2}-\frac14}{n}$",
    domain=_NAMED_DOMAIN,
    interpretation=_NAMED + " The claim is that Eq. (1) is $\\operatorname{Var}[\\hat\\pi]$ for every $p$, $n$, "
                   "$\\pi$ (Warner's variance $\\frac{q_1(1-q_1)}{(2p-1)^2 n}$). " + _PRINTED_NOTE
                   + ": its variance is $\\frac{q_1(1-q_1)}{(p-1)^2 n}$.",
    readings=(PRINTED_EX37,),
    definitions=(NAMED_MLE, PRINTED_EX37),
    related={"Ex3.7.mle": "the formula printed for this estimator is wrong (denominator $(p-1)n$): refuted there, "
                          "once; this claim is judged on the MLE the text names",
             "Ex3.7.unbiased": "the same sentence, the same estimator"},
))


@check("Eq1", "symbolic")
def _eq1_symbolic(budget: Budget):
    """Var of the derived MLE, (coefficient of n1)² n q1 (1 - q1), against Eq. (1), and Warner's form
    q1(1-q1)/(n(2p-1)²) of it; beside the verdict, the printed formula's variance q1(1 - q1)/((p - 1)² n)."""
    derived = derived_mle()
    evidence = identity(_variance(derived), P.EQ1, domain=f"p != 1/2, n >= 1: {_DERIVED}; n1 ~ Binomial(n, q1) "
                        "(symbolic)")
    q1 = pi * p + (1 - pi) * (1 - p)
    variance = Identity("Var[pi-hat] = (d pi-hat / d n1)^2 n q1 (1 - q1) is Eq. (1)",
                        sympy.Derivative(derived, n1) ** 2 * n * q1 * (1 - q1), P.EQ1, "cancel")
    steps = (*_mle_steps(derived), variance) if evidence.outcome.value == "proved" else evidence.steps
    yield replace(evidence, derived={**evidence.derived, "Warner MLE (derived)": sympy.srepr(derived)}, steps=steps)
    yield identity(P.EQ1, warner_variance(), domain="p != 1/2, n >= 1: Eq. (1) = q1(1-q1)/(n(2p-1)^2), Warner's "
                   "form (symbolic)")
    yield identity(_variance(P.EX37_MLE), P.EQ1, domain="p != 1/2, 1; n >= 1 (symbolic: n1 ~ Binomial(n, q1))",
                   points=_POINTS, reading=PRINTED_EX37, within=_NAMED_WITHIN)


@check("Eq1", "enumeration")
def _eq1_enumeration(budget: Budget):
    yield compare_moment(derived_mle().xreplace({n1: N1}), P.EQ1, mechanism=SURVEY_Q2X3, moment="variance", n_values=sample_sizes(budget),
                         points=warner_points(budget), label=_LABEL)
    yield compare_moment(PRINTED_STATISTIC, P.EQ1, mechanism=SURVEY_Q2X3, moment="variance", n_values=sample_sizes(budget),
                         points=[x for x in warner_points(budget) if x["p"] != 1], label=_LABEL, reading=PRINTED_EX37)


@check("Eq1", "simulation")
def _eq1_simulation(budget: Budget) -> Evidence:
    """A simulation of Warner's survey (Q_λ with q = 1 - p: no 'don't know' mass to move), whose simulated
    estimator is the MLE, against Eq. (1)."""
    cases = [{"n": m, "p": x, "q": 1 - x, "lam": Fraction(0), "pi": y}
             for m, x, y in ((5, Fraction(3, 4), Fraction(3, 10)), (20, Fraction(2, 3), Fraction(1, 2)),
                             (50, Fraction(9, 10), Fraction(1, 10)))]
    return simulation_witness(derived_mle().xreplace({n1: N1}), P.EQ1, moment="variance", cases=cases,
                              survey="qlambda", replicates=replicates(budget))
