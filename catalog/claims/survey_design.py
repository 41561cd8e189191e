"""Claims of 003 §3.1 on designing the survey: Corollary 3.11 (its proof, its interpretation). Corollary
3.12, the text after it and the optimal Warner mechanism after Eq. (1) are in
:mod:`catalog.claims.survey_design_c312`; Figures 2 and 3 of the same section are in
:mod:`catalog.claims.survey_figures`. Both share this module's domains and readings.

Each claim is decided on its whole domain by z3 (:func:`proofs.engines.sign.sign_evidence`, method
``decision``: proved on unsat, or an exact counterexample re-checked with sympy; an implication's decision
also re-checks exact points of its premise, :mod:`catalog.engines.witness`) and checked a second,
independent way: an exact rational grid (``enumeration``; Fractions throughout, ε entering only through
t = e^ε taken rational) or a symbolic identity. Every formula comes from :mod:`catalog.derivations.privacy_accuracy`.

"The variance", read the same way in every claim of §3.1. Primary where the text analyses it: the paper's
approximate variance, Theorem 3.10's second form with A ≈ 1/((n+1)(p+q)-1), which the paper "adopt[s]"
after Theorem 3.10, which is Corollary 3.11's f, and which Figure 2 plots ("substitute this formula into
the error formula in Theorem 3.10 ... a formula of estimation error in terms of the privacy loss").
Primary where the text reports experiments (Figure 3: "from the experimental results"): the exact
conditional variance Var(π̂ | N1+N2 ≠ 0) = bracket · A/(1 - q3^n) (Theorem 3.10 corrected), which the
simulations estimate. The other forms are checked as alternative readings. The exact variance is a
polynomial only for a concrete n, so its readings are decided for each n of a range set by the budget
(:func:`catalog.engines.exact_grid.decided_sizes`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import sympy

from numeric.enumeration import moments
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Outcome
from proofs.base.registry import check, define
from catalog.engines.each_size import decide_each_size
from catalog.engines.exact_grid import decided_sizes, exact_function, loss_ratios, proportions, small_sizes
from proofs.engines.methods import exhaustive, identity, rational_grid
from catalog.engines.witness import decide_with_witnesses
from catalog.derivations import privacy_accuracy as pa
from catalog.derivations.printed import PI_HAT
from symbolic.symbols import c, eps, p, q

HALF = Fraction(1, 2)
LOSS_RATIO = sympy.exp(eps)
#: t = e^ε as a plain symbol, where a condition is differentiated in the loss (t is increasing in ε)
RATIO = sympy.Symbol("t", real=True)
#: the paper's standing assumptions for Q_{2x3} (003 §3.1: p, q in [0, 1], "we may assume p > 1/2")
SURVEY = ["p > 1/2", "q >= 0", "p + q <= 1", "0 <= pi <= 1", "n >= 1"]
SURVEY_TEXT = r"$p > 1/2$, $q \ge 0$, $p + q \le 1$ (so $q < p$), $\pi \in [0, 1]$, $n \ge 1$ integer"
#: the same survey domain in (p, c = p + q, s = (π-1/2)²): its image, where the exact variance is decided
SPREAD_SURVEY = ["p > 1/2", "p <= c", "c <= 1", "0 <= s <= 1/4"]
#: a Q_{2x3} at SLDP loss ε with p + q = c (Corollary 3.12), and p > 1/2 as the paper assumes
AT_LOSS = ["eps > 0", "0 < c <= 1", "exp(eps)*c/(exp(eps)+1) > 1/2", "0 <= pi <= 1", "n >= 1"]
AT_LOSS_TEXT = (r"$\epsilon > 0$, $c = p + q \in (0, 1]$ with $p = e^{\epsilon} c/(e^{\epsilon}+1) > 1/2$ "
                r"(the paper's $p > 1/2$), $\pi \in [0, 1]$, $n \ge 1$ integer")
#: the approximate variance at loss ε and p + q = c
APPROX_AT_LOSS = pa.at_loss(pa.variance_t310_approx())
#: Corollary 3.11's f(q) and its derivative in q
F_OF_Q = pa.variance_t310_approx()
F_PRIME = sympy.diff(F_OF_Q, q)
EXACT_NOTE = ("with h_n(c) = E[1/M | M > 0], M ~ Binomial(n, c): the derivative is affine in (pi-1/2)^2 and, at "
              "pi = 1/2, affine in p, so it suffices that h_n' <= 0, 4 h_n + c h_n' > 0 and 2 h_n + c(1-c) h_n' >= 0 "
              "on (1/2, 1] for every n: inequalities on the inverse moments of the binomial law, uniform in n, "
              "which a polynomial decision for one n at a time cannot give")


def decision(expr: Any, domain: list[str], budget: Budget, **kwargs: Any) -> Evidence:
    """z3 evidence (``witnesses=`` exact points of the domain, for an implication whose premise the domain
    holds); the region where a refuted condition holds is searched for the primary reading only."""
    kwargs.setdefault("search_region", kwargs.get("reading") is None)
    return decide_with_witnesses(expr, domain, timeout=budget.timeout, **kwargs)


def _cancel(expr: sympy.Expr) -> sympy.Expr:
    return sympy.cancel(sympy.together(expr))


def _as_reading(evidence: Evidence, reading: str) -> Evidence:
    return dataclasses.replace(evidence, reading=reading)


# ======================================================================================================
# Corollary 3.11, its proof and its interpretation
# ======================================================================================================
define(Claim(
    id="C3.11", title="Corollary 3.11: the approximate variance $f(q)$ increases with $q$",
    printed=(
        r"f(q)=\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}(\frac{p+q}{p-q})^{2}}{(n+1)(p+q)-1}",
        r"f^{\prime}(q)>0",
    ),
    source="003 Corollary 3.11",
    statement=(r"$f(q)=\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}(\frac{p+q}{p-q})^{2}}{(n+1)(p+q)-1}$. Then "
                r"$f^{\prime}(q)>0$. In other words, $Var(\hat{\pi})$ is increasing with respect to $q$."),
    domain=r"$p > 1/2$, $q \ge 0$, $p + q \le 1$ (so $q < p$), $\pi \in [0, 1]$, $n \ge 1$ integer",
    assumptions=(r"$q < p$, needed for $f$ to be a variance, follows from $p > 1/2$ and $p + q \le 1$",),
    interpretation=("$f'(q) > 0$ at every point of the domain, with $f$ as printed (Theorem 3.10's second form with "
                    r"the approximation $A \approx 1/((n+1)(p+q)-1)$); $n$ is the sample size, an integer $\ge 1$"),
    readings=("exact conditional variance", "without p > 1/2"),
    related={"C3.11.derivative": "the derivative its proof prints",
             "C3.11.interpretation": "the sentence that interprets it",
             "T3.10": "the variance whose approximation $f$ is"},
))


def _c311_correction(budget: Budget) -> Correction:
    proof = decision(F_PRIME, SURVEY + ["n >= 2"], budget, integers=["n"])
    return Correction(statement=(r"$f^{\prime}(q)>0$ for every sample size $n \geq 2$ (at $n = 1$ it fails, e.g. "
                                  r"at $p = 3/5$, $q = 0$, $\pi = 1/2$)"), evidence=(proof,))


@functools.lru_cache(maxsize=8)
def _f_prime_decided(budget: Budget) -> Evidence:
    """f'(q) > 0 on the survey domain (shared with reading (b) of C3.11.interpretation)."""
    found = decision(F_PRIME, SURVEY, budget, integers=["n"])
    if found.outcome is Outcome.COUNTEREXAMPLE:
        found = dataclasses.replace(found, corrected=_c311_correction(budget))
    return found


def _exact_q_derivative(size: int) -> sympy.Expr:
    """d/dq Var(π̂ | N1+N2 ≠ 0) at sample size ``size``, written in (p, c = p + q, s = (π-1/2)²)."""
    return pa.in_spread(sympy.diff(pa.conditional_variance_exact(size), q)).xreplace({q: c - p})


@functools.lru_cache(maxsize=8)
def _exact_increasing_in_q(budget: Budget) -> Evidence:
    """The exact conditional variance increases with q at fixed p, for each n of the budget's range (three
    variables p, c, s: n up to 12, where one decision takes about a second)."""
    return decide_each_size(_exact_q_derivative, SPREAD_SURVEY, decided_sizes(budget, cap=12), sign=">0",
                            timeout=budget.timeout, symbols=["s"], reading="exact conditional variance",
                            what="d/dq Var(pi-hat | N1+N2 != 0) at fixed p, in (p, c = p + q, s = (pi-1/2)^2)",
                            note=EXACT_NOTE)


@check("C3.11", "decision")
def _c311_decided(budget: Budget) -> Iterable[Evidence]:
    yield _f_prime_decided(budget)
    yield decision(F_PRIME, ["0 <= q < p", "p + q <= 1", "(n+1)*(p+q) > 1", "0 <= pi <= 1", "n >= 1"], budget,
                   integers=["n"], reading="without p > 1/2")
    yield _exact_increasing_in_q(budget)


@check("C3.11", "enumeration")
def _c311_grid(budget: Budget) -> Evidence:
    k = budget.grid
    derivative = exact_function(F_PRIME, ["n", "p", "q", "pi"])
    sizes, pis = small_sizes(budget), proportions(k)
    cases = ({"n": size, "p": x, "q": y, "pi": z} for size in sizes for x in rational_grid(HALF, 1, k)
             for y in [Fraction(0), *rational_grid(0, 1 - x, k)] for z in pis)

    def positive(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        value = derivative(case["n"], case["p"], case["q"], case["pi"])
        return value > 0, {"f'(q)": value}

    return exhaustive(cases, positive, domain=f"exact rational grid: n = 1..{sizes[-1]}, p in {k} points of "
                      f"(1/2, 1), q = 0 and {k} points of (0, 1-p), pi in {len(pis)} points",
                      detail={"arithmetic": "fractions.Fraction (exact)"})


define(Claim(
    id="C3.11.derivative", title="the derivative printed in the proof of Corollary 3.11",
    printed=(r"f^{\prime}(q)=\frac{(n+1)(q+3p)+(\pi-1/2)(p+q)}{(p-q)^{3}(n+1)}>0",),
    source="003 proof of Corollary 3.11",
    statement=r"$f^{\prime}(q)=\frac{(n+1)(q+3p)+(\pi-1/2)(p+q)}{(p-q)^{3}(n+1)}>0$",
    domain=r"$p > 1/2$, $q \ge 0$, $p + q \le 1$ (so $q < p$), $\pi \in [0, 1]$, $n \ge 1$ integer",
    interpretation="the printed expression equals $df/dq$ identically on the domain ($f$ as in Corollary 3.11)",
    readings=("the printed expression is > 0",),
    related={"C3.11": "the corollary this step proves"},
))


@check("C3.11.derivative", "symbolic")
def _c311_derivative_identity(budget: Budget) -> Evidence:
    points = [{"n": size, "p": x, "q": y, "pi": z} for size in (1, 2, 5) for x in (Fraction(3, 5), Fraction(3, 4))
              for y in (Fraction(0), Fraction(1, 5)) for z in (Fraction(0), HALF)]
    found = identity(F_PRIME, pa.f_prime_printed(), domain=SURVEY_TEXT, points=points, simplify=_cancel,
                     within="p > 1/2, q >= 0, p + q <= 1, 0 <= pi <= 1, n >= 1 integer")
    if found.outcome is not Outcome.COUNTEREXAMPLE:
        return found
    proof = identity(F_PRIME, pa.f_prime_derived(), domain="p != q, (n+1)(p+q) != 1", simplify=_cancel)
    correction = Correction(statement=r"$f^{\prime}(q)=" + sympy.latex(pa.f_prime_derived()) + "$", evidence=(proof,),
                            derived={"f'(q)": pa.f_prime_derived()})
    return dataclasses.replace(found, corrected=correction)


@check("C3.11.derivative", "decision")
def _c311_derivative_decided(budget: Budget) -> Iterable[Evidence]:
    yield decision(F_PRIME - pa.f_prime_printed(), SURVEY, budget, sign="==0", integers=["n"])
    yield decision(pa.f_prime_printed(), SURVEY, budget, integers=["n"], reading="the printed expression is > 0")


define(Claim(
    id="C3.11.interpretation", title="say 'I don't know' instead of lying",
    printed=('as much as possible instead of lying',),
    source="003 after Corollary 3.11",
    statement=(r"This proposition tells us that, within the privacy budget of $\epsilon$, one can increase the "
                "estimation accuracy by saying “I don't know” as much as possible instead of lying"),
    domain=(r"$\epsilon > 0$, $c = p + q \in (0, 1]$ with $p = e^{\epsilon} c/(e^{\epsilon}+1) > 1/2$ (the paper's "
            r"$p > 1/2$), $\pi \in [0, 1]$, $n \ge 1$ integer (reading (a)); $p > 1/2$, $q \ge 0$, $p + q \le 1$ (so "
            r"$q < p$), $\pi \in [0, 1]$, $n \ge 1$ integer (reading (b))"),
    assumptions=((r"'within the privacy budget of $\epsilon$' holds the SLDP loss $\epsilon^{S} = \ln (p/q)$ of "
                   r"$Q_{2\times 3}$ at $\epsilon$, so $p = e^{\epsilon} c/(e^{\epsilon}+1)$ and $q = "
                   r"c/(e^{\epsilon}+1)$ with $c = p + q$ (Corollary 3.12)"),),
    interpretation=(r"(a), primary, as the sentence says 'within the privacy budget of $\epsilon$': at a fixed "
                    r"$\epsilon$, less $c$ (more 'don't know') gives a smaller variance, i.e. the variance at loss "
                    r"$\epsilon$ increases with $c$; the variance is Corollary 3.11's $f$ (the approximate variance "
                    "the proposition is about)"),
    readings=("(a) exact conditional variance", "(b) p fixed, q varying: f",
              "(b) p fixed, q varying: exact conditional variance"),
    definitions=("SLDP",),
    related={"C3.11": (r"the corollary it interprets (its $f'(q) > 0$ is reading (b), which moves $\epsilon$ too)"),
             "Fig2.warner-optimal": "the figure that compares $c$ at equal loss (the opposite of reading (a))",
             "C3.12": r"the optimal mechanism at fixed $p + q = c$ and loss $\epsilon$"},
))

INTERPRETATION_CORRECTION = (r"Within a privacy budget $\epsilon$ (SLDP loss $\ln(p/q) = \epsilon$), more “don’t "
                             "know” (a smaller $c = p + q$) gives a larger approximate variance "
                             r"$\frac{-(\pi-1/2)^2 + \frac14(\frac{e^\epsilon+1}{e^\epsilon-1})^2}{(n+1)c-1}$: "
                             "the best is $c = 1$ (Warner, Figure 2). Only at a fixed truth probability $p$ does "
                             r"lying less (a smaller $q$, so more “don’t know” and a larger $\epsilon$) lower it, "
                             r"for $n \ge 2$")


@functools.lru_cache(maxsize=8)
def approx_decreasing_in_c(budget: Budget) -> Evidence:
    """At loss ε the approximate variance strictly decreases as c grows (shared with Figure 2)."""
    return decision(sympy.diff(APPROX_AT_LOSS, c), AT_LOSS, budget, sign="<0", integers=["n"])


@check("C3.11.interpretation", "decision")
def _interpretation_decided(budget: Budget) -> Iterable[Evidence]:
    found = decision(sympy.diff(APPROX_AT_LOSS, c), AT_LOSS, budget, sign=">0", integers=["n"],
                     search_region=False)
    if found.outcome is Outcome.COUNTEREXAMPLE:
        found = dataclasses.replace(
            found, corrected=Correction(INTERPRETATION_CORRECTION, (approx_decreasing_in_c(budget),)),
            holds_when=(r"nowhere at a fixed $\epsilon$ (the opposite is proved on the whole domain); the "
                         r"sentence holds only when $p$, not $\epsilon$, is held fixed (reading (b)): with $f$ "
                         r"for $n \ge 2$, with the exact conditional variance for each $n$ decided"))
    yield found
    yield _as_reading(_f_prime_decided(budget), "(b) p fixed, q varying: f")
    yield _as_reading(_exact_increasing_in_q(budget), "(b) p fixed, q varying: exact conditional variance")


@check("C3.11.interpretation", "enumeration")
def _interpretation_grid(budget: Budget) -> Iterable[Evidence]:
    """Reading (a) on an exact grid (f), and with the exact conditional variance computed from every
    multinomial outcome (no formula: :func:`numeric.enumeration.moments`, exact Fractions)."""
    k = budget.grid
    variance = exact_function(APPROX_AT_LOSS.subs(LOSS_RATIO, RATIO), ["t", "c", "pi", "n"])
    cs, pis, ts = [*rational_grid(HALF, 1, k), Fraction(1)], proportions(k), loss_ratios(k)
    cases = ({"exp(eps)": t, "c": big, "c'": small, "pi": z, "n": size} for t in ts
             for small, big in itertools.combinations(cs, 2) if t * small / (t + 1) > HALF
             for z in pis for size in small_sizes(budget))

    def less_dont_know_is_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, big, small, z, size = case["exp(eps)"], case["c"], case["c'"], case["pi"], case["n"]
        more, fewer = variance(t, small, z, size), variance(t, big, z, size)
        return more < fewer, {"f at c' (more don't know)": more, "f at c": fewer, "relation": "f(c') < f(c)"}

    yield exhaustive(cases, less_dont_know_is_better,
                     domain=f"exact rational grid: e^eps in {len(ts)} rationals, pairs c' < c of {len(cs)} points of "
                            f"(1/2, 1] with p > 1/2 at c', pi in {len(pis)} points, n = 1..{small_sizes(budget)[-1]}",
                     detail={"compared": "f at loss eps: the approximate variance with p = e^eps c/(e^eps+1)"})
    yield _exact_interpretation_enumerated(budget)


def _exact_interpretation_enumerated(budget: Budget) -> Evidence:
    """Reading (a) with Var(π̂ | N1+N2 ≠ 0) summed over every multinomial outcome, exactly."""
    ratio = Fraction(3)
    sizes = [*small_sizes(budget, cap=4)[1:], 1]        # n = 1 last: there every c gives the same variance
    cases = [{"exp(eps)": ratio, "c": Fraction(1), "c'": Fraction(3, 4), "pi": z, "n": size}
             for size in sizes for z in (HALF, Fraction(0))]

    def enumerated(total: Fraction, z: Fraction, size: int) -> Fraction:
        return moments(PI_HAT, size, ratio * total / (ratio + 1), total / (ratio + 1), z, given="N1+N2 > 0",
                       mode="exact").variance

    def less_dont_know_is_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        more = enumerated(case["c'"], case["pi"], case["n"])
        fewer = enumerated(case["c"], case["pi"], case["n"])
        return more < fewer, {"Var at c' (more don't know)": more, "Var at c": fewer,
                              "relation": "Var(c') < Var(c)"}

    return exhaustive(cases, less_dont_know_is_better, reading="(a) exact conditional variance",
                      domain=f"e^eps = 3, c in {{1, 3/4}}, pi in {{0, 1/2}}, n in {sorted(sizes)}: every "
                             "multinomial outcome, exact Fractions",
                      detail={"computed": "Var(pi-hat | N1+N2 > 0) by numeric.enumeration.moments(mode='exact')"})
