"""Claims of 003 §3.1 on its figures: Figure 2 (Warner's mechanism is optimal at equal SLDP loss) and Figure 3
(the effect of the sample size).

The readings of "the variance" are those of :mod:`catalog.claims.survey_design` (same domains, same
formulas from :mod:`catalog.derivations.privacy_accuracy`): Figure 2 plots the paper's formula, Theorem 3.10 with the
approximation of A it adopts, so that is its primary reading; Figure 3 reports experiments, which estimate
the exact conditional variance Var(π̂ | N1+N2 ≠ 0), so that is its primary reading. Each figure's claim is
decided by z3 and checked on an exact rational grid; the exact variance is also compared with the variance
summed over every multinomial outcome (:func:`proofs.engines.moments.compare_moment`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import sympy

from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.claims.survey_design import (APPROX_AT_LOSS, AT_LOSS, HALF, LOSS_RATIO, RATIO,
                                         approx_decreasing_in_c, decision)
from catalog.engines.each_size import decide_each_size
from catalog.engines.exact_grid import decided_sizes, exact_function, loss_ratios, proportions, small_sizes
from proofs.engines.methods import exhaustive, identity, rational_grid
from proofs.engines.moments import compare_moment
from catalog.derivations import privacy_accuracy as pa
from catalog.derivations.printed import PI_HAT
from symbolic.symbols import c, pi

# ======================================================================================================
# Figure 2: Warner (c = 1) is optimal at equal ε^S
# ======================================================================================================
define(Claim(
    id="Fig2.warner-optimal", title=r"Figure 2: Warner's mechanism ($c = 1$) is optimal at equal $\epsilon^S$",
    printed=('tells us that Warner’s model is optimal among those generalized',),
    source="003 §3.1, Figure 2",
    statement=("When the constant $c$ gets smaller or the probability of “don’t know” gets larger, the curve "
                "moves further away from that for Warner’s model. Figure 2 tells us that Warner’s model is optimal "
                r"among those generalized $Q_{2\times 3}$-mechanisms."),
    domain=(r"$\epsilon > 0$, $c = p + q \in (0, 1]$ with $p = e^{\epsilon} c/(e^{\epsilon}+1) > 1/2$ (the paper's "
            r"$p > 1/2$), $\pi \in [0, 1]$, $n \ge 1$ integer"),
    assumptions=((r"at loss $\epsilon^S = \epsilon$ and $p + q = c$, $p = e^{\epsilon} c/(e^{\epsilon}+1)$ and "
                  r"$q = c/(e^{\epsilon}+1)$ (Corollary 3.12)"),),
    interpretation=(r"the error the figure plots, Theorem 3.10's with the approximation $A \approx 1/((n+1)(p+q)-1)$ "
                    r"the paper adopts (its 'error formula in terms of the privacy loss'), at fixed $\epsilon$, is "
                    "strictly decreasing in $c$: every $c < 1$ is worse than Warner's $c = 1$"),
    readings=("exact A as printed", "exact conditional variance", "nu^S as printed", "bracket independent of c"),
    definitions=("SLDP",),
    related={"C3.12": "the curves are those of $Q_{GWRR}$", "C3.11.interpretation": ("the sentence this figure "
                                                                                     "contradicts"),
             "Fig3.sample-size": "the next figure (the effect of $n$)"},
))


def _fig2_holds_when(budget: Budget) -> str:
    sizes = decided_sizes(budget)
    return (r"for the approximated error (the curve plotted, $A \approx 1/((n+1)c - 1)$) at every $n \ge 1$; for the "
            r"exact conditional variance $\operatorname{Var}(\hat{\pi} \mid N_1+N_2 \ne 0)$ only for $n \ge 2$ (each "
            f"$n = 2, \\dots, {sizes[-1]}$ decided): at $n = 1$ it is the bracket alone, the same for every $c$")


@check("Fig2.warner-optimal", "decision")
def _fig2_decided(budget: Budget) -> Iterable[Evidence]:
    yield dataclasses.replace(approx_decreasing_in_c(budget), holds_when=_fig2_holds_when(budget))
    yield decision(APPROX_AT_LOSS - APPROX_AT_LOSS.subs(c, 1), AT_LOSS + ["c < 1"], budget, sign=">0",
                   integers=["n"])
    yield decision(sympy.diff(pa.at_loss(pa.nu_s_printed()), c), AT_LOSS, budget, sign="<0", integers=["n"],
                   reading="nu^S as printed")
    # At fixed ε the bracket does not depend on c ((p+q)/(p-q) = (e^ε+1)/(e^ε-1)) and is > 0, so the curves
    # order as A (printed) or A/(1 - q3^n) (exact conditional variance) do, as functions of c.
    sizes = decided_sizes(budget)
    yield decide_each_size(lambda size: sympy.diff(pa.a_exact(size, c), c), ["1/2 < c <= 1"], sizes, sign="<0",
                           timeout=budget.timeout, reading="exact A as printed", what="d/dc A_n(c)")
    yield decide_each_size(lambda size: sympy.diff(pa.inverse_moment(size, c), c), ["1/2 < c <= 1"], sizes,
                           sign="<0", timeout=budget.timeout, reading="exact conditional variance",
                           what="d/dc E[1/M | M > 0], M ~ Binomial(n, c)",
                           note="E[1/M | M > 0] strictly decreasing in c for every n >= 2: the law of M given "
                                "M > 0 increases with c in the likelihood-ratio order and 1/m is strictly "
                                "decreasing, an argument over all n that no per-n decision gives")


@check("Fig2.warner-optimal", "symbolic")
def _fig2_bracket_free_of_c(budget: Budget) -> Iterable[Evidence]:
    """At loss ε the bracket -(π-1/2)² + 1/4((p+q)/(p-q))² is the same for every c; at n = 1 the exact
    conditional variance is that bracket (E[1/M | M > 0] = 1), so every c ties."""
    yield identity(pa.at_loss(pa.numerator_t310()), -(pi - HALF) ** 2 + ((LOSS_RATIO + 1) / (LOSS_RATIO - 1)) ** 2 / 4,
                   domain="eps > 0, c in (0, 1]", reading="bracket independent of c")
    yield identity(pa.inverse_moment(1, c), 1, domain="n = 1, c in (0, 1]", reading="exact conditional variance")


@check("Fig2.warner-optimal", "enumeration")
def _fig2_grid(budget: Budget) -> Iterable[Evidence]:
    k = budget.grid
    error = exact_function(APPROX_AT_LOSS.subs(LOSS_RATIO, RATIO), ["t", "c", "pi", "n"])
    ts, pis, sizes = loss_ratios(k), proportions(k), small_sizes(budget)
    cases = ({"exp(eps)": t, "c": total, "pi": z, "n": size} for t in ts for total in rational_grid(HALF, 1, k)
             if t * total / (t + 1) > HALF for z in pis for size in sizes)

    def warner_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, total, z, size = case["exp(eps)"], case["c"], case["pi"], case["n"]
        here, warner = error(t, total, z, size), error(t, Fraction(1), z, size)
        return here > warner, {"error at c": here, "error at c = 1": warner}

    yield exhaustive(cases, warner_better,
                     domain=f"exact rational grid: e^eps in {len(ts)} rationals, c in {k} points of (1/2, 1) with "
                            f"p > 1/2, pi in {len(pis)} points, n = 1..{sizes[-1]}",
                     detail={"error": "Theorem 3.10 second form with A ≈ 1/((n+1)c - 1)"})
    levels = ((Fraction(3, 5), Fraction(1, 5)), (Fraction(7, 10), Fraction(0)), (Fraction(2, 3), Fraction(1, 3)))
    points = [{"p": x, "q": y, "pi": z} for x, y in levels for z in (Fraction(0), Fraction(1, 3))]
    for size in (1, 2, 5):
        yield compare_moment(PI_HAT, pa.conditional_variance_exact(size), mechanism=SURVEY_Q2X3, moment="variance",
                             given="N1+N2 > 0",
                             n_values=(size,), points=points, reading="exact conditional variance",
                             label="Theorem 3.10 corrected against the enumerated conditional variance")


# ======================================================================================================
# Figure 3: the effect of the sample size
# ======================================================================================================
FIG3_SIZES = (10, 100, 500, 1000)
FIG3_DONT_KNOW = Fraction(1, 10)
FIG3_DOMAIN = ["t > 1", "0 <= pi <= 1"]
FIG3_TEXT = (r"$q_3 = 1/10$: $p = \frac{9}{10} t/(t+1)$, $q = \frac{9}{10}/(t+1)$ with $t = e^{\epsilon} > 1$ (every "
             r"$\epsilon > 0$; the paper's $p > 1/2$ is $t > 5/4$), $\pi \in [0, 1]$, $n \in \{10, 100, 500, 1000\}$")
#: the readings of "the variance" (None: the primary one) by the factor in front of Theorem 3.10's bracket
FIG3_READINGS = {None: pa.VARIANCE_FORMS[0], "Theorem 3.10 as printed": pa.VARIANCE_FORMS[1],
                 "approximate A": pa.VARIANCE_FORMS[2]}

define(Claim(
    id="Fig3.sample-size", title="Figure 3: the effect of the sample size",
    printed=('different sample sizes can achieve similar estimations',),
    source="003 §3.1 Figure 3",
    statement=(r"$q_3 = 0.1,\ n \in \{10, 100, 500, 1000\}$: when the privacy loss is relatively large, different "
                "sample sizes can achieve similar estimations. However, when the privacy budget is relatively "
                "small, with the increase of the sample size, the estimation variance gets smaller and smaller"),
    domain=(r"$q_3 = 1/10$: $p = \frac{9}{10} t/(t+1)$, $q = \frac{9}{10}/(t+1)$ with $t = e^{\epsilon} > 1$ (every "
            r"$\epsilon > 0$; the paper's $p > 1/2$ is $t > 5/4$), $\pi \in [0, 1]$, $n \in \{10, 100, 500, 1000\}$"),
    assumptions=((r"the figure's $Q_{2\times 3}$ at loss $\epsilon$ has $p = (1-q_3) "
                  r"e^{\epsilon}/(e^{\epsilon}+1)$, $q = (1-q_3)/(e^{\epsilon}+1)$ (Corollary 3.12)"),),
    interpretation=(r"qualitative, no threshold stated, none imposed: (a) $\operatorname{Var}(\hat{\pi} \mid N_1+N_2 "
                    r"\ne 0)$ (what the experiments estimate) strictly decreases in $n$ at every $\epsilon$; (b) the "
                    r"spread $\operatorname{Var}(n = 10) - \operatorname{Var}(n = 1000)$ across the sample sizes "
                    r"strictly shrinks as $\epsilon$ grows"),
    readings=("Theorem 3.10 as printed", "approximate A", "relative spread", "enumerated conditional variance"),
    definitions=("SLDP",),
    related={"T3.10": "the variance plotted (corrected by $1/(1 - q_{3}^{n})$)", "Fig2.warner-optimal": ("the "
                                                                                                         "figure "
                                                                                                         "before")},
))


@functools.lru_cache(maxsize=16)
def _fig3_variance(size: int, reading: str | None) -> sympy.Expr:
    """The variance at n = ``size`` in t = e^ε and π, for ``reading`` (None: the exact conditional one)."""
    bracket = pa.at_loss(pa.numerator_t310(), 1 - sympy.Rational(FIG3_DONT_KNOW)).subs(LOSS_RATIO, RATIO)
    return bracket * pa.variance_factor(size, FIG3_DONT_KNOW, FIG3_READINGS[reading])


@check("Fig3.sample-size", "decision")
def _fig3_decided(budget: Budget) -> Iterable[Evidence]:
    for reading in FIG3_READINGS:
        for smaller, larger in itertools.pairwise(FIG3_SIZES):
            yield decision(_fig3_variance(smaller, reading) - _fig3_variance(larger, reading), FIG3_DOMAIN, budget,
                           symbols=["t"], reading=reading, search_region=False,
                           domain_text=f"{FIG3_TEXT}: Var(n = {smaller}) > Var(n = {larger}) at every t > 1, pi")
        spread = _fig3_variance(FIG3_SIZES[0], reading) - _fig3_variance(FIG3_SIZES[-1], reading)
        yield decision(sympy.diff(spread, RATIO), FIG3_DOMAIN, budget, sign="<0", symbols=["t"], reading=reading,
                       search_region=False,
                       domain_text=f"{FIG3_TEXT}: d/dt [Var(n = 10) - Var(n = 1000)] < 0 (t = e^eps grows with eps)")
    ratio = _fig3_variance(FIG3_SIZES[0], None) / _fig3_variance(FIG3_SIZES[-1], None)
    yield decision(sympy.diff(ratio, RATIO), FIG3_DOMAIN, budget, sign="<0", symbols=["t"], search_region=False,
                   reading="relative spread",
                   domain_text=f"{FIG3_TEXT}: d/dt [Var(n = 10)/Var(n = 1000)] < 0 (it is a constant: the curves "
                                "are proportional)")


@check("Fig3.sample-size", "enumeration")
def _fig3_grid(budget: Budget) -> Iterable[Evidence]:
    """Both readings on an exact grid of t = e^ε and π, and the plotted variance against multinomial
    enumeration at each n of the figure."""
    k = budget.grid
    variances = {size: exact_function(_fig3_variance(size, None), ["t", "pi"]) for size in FIG3_SIZES}
    ts, pis = loss_ratios(k), proportions(k // 2)
    cases = ({"exp(eps)": t, "exp(eps) next": later, "pi": z} for t, later in itertools.pairwise(ts) for z in pis)

    def both(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, later, z = case["exp(eps)"], case["exp(eps) next"], case["pi"]
        here = [variances[size](t, z) for size in FIG3_SIZES]
        next_spread = variances[FIG3_SIZES[0]](later, z) - variances[FIG3_SIZES[-1]](later, z)
        decreasing = all(a > b for a, b in itertools.pairwise(here))
        shrinking = here[0] - here[-1] > next_spread
        return decreasing and shrinking, {"Var at n = 10, 100, 500, 1000": here, "spread here": here[0] - here[-1],
                                          "spread at the next e^eps": next_spread}

    yield exhaustive(cases, both, domain=f"exact rational grid: consecutive e^eps of {len(ts)} rationals in (1, 9], "
                     f"pi in {len(pis)} points, n in {list(FIG3_SIZES)}: (a) Var decreasing in n, (b) the spread "
                     "Var(10) - Var(1000) smaller at the next e^eps",
                     detail={"variance": "bracket · A/(1 - q3^n), A exact "
                                         "(catalog.derivations.privacy_accuracy.variance_factor)"})
    points = [{"p": (1 - FIG3_DONT_KNOW) * t / (t + 1), "q": (1 - FIG3_DONT_KNOW) / (t + 1), "pi": Fraction(3, 10)}
              for t in (Fraction(3, 2), Fraction(9))]
    for size in FIG3_SIZES:
        yield compare_moment(PI_HAT, pa.numerator_t310() * pa.variance_factor(size, FIG3_DONT_KNOW),
                             mechanism=SURVEY_Q2X3, moment="variance",
                             given="N1+N2 > 0", n_values=(size,), points=points,
                             reading="enumerated conditional variance",
                             label="the variance plotted against every multinomial outcome")
