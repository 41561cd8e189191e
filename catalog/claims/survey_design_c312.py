"""Claims of 003 §3.1 on the optimal mechanisms for a fixed budget: Corollary 3.12 (Q_GWRR is the optimal
ε-LDP mechanism for fixed p + q = c), the text after it (C3.12.p: p and q solved from c and ε) and Example 3.7
after Eq. (1) (Q_WRR is optimal within budget ε).

Decided and checked as every claim of :mod:`catalog.claims.survey_design` (z3 on the whole domain, then an
exact rational grid or a symbolic identity), with the same reading of "the variance"; every formula comes from
:mod:`catalog.derivations.privacy_accuracy`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import sympy

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Outcome
from proofs.base.registry import check, define
from catalog.engines.exact_grid import exact_function, loss_ratios, proportions, small_sizes
from proofs.engines.methods import exhaustive, identity, rational_grid
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import c, eps, p, q
from catalog.claims.survey_design import HALF, LOSS_RATIO, decision


# ======================================================================================================
# Corollary 3.12 and the text after it
# ======================================================================================================
TRUTH_AT_LOSS, LIE_AT_LOSS = LOSS_RATIO * c / (LOSS_RATIO + 1), c / (LOSS_RATIO + 1)
LDP_FAMILY = ["0 < c <= 1", "eps > 0", "0 < p < c", "p > c - p", "p/(c-p) <= exp(eps)", "0 <= pi <= 1"]
LDP_TEXT = (r"$0 < c \le 1$, $\epsilon > 0$; $Q_{2\times 3}(p, q)$ with $q = c - p > 0$, $q < p$, $\ln(p/q) \le "
            r"\epsilon$, $p > 1/2$; $\pi \in [0, 1]$")
#: (c, ε, p, π, n): Q_{2x3}(2/3, 1/3) has loss ln 2 <= ln 3
LDP_WITNESS = {"c": 1, "eps": "log(3)", "p": "2/3", "pi": "1/2", "n": 1}

define(Claim(
    id="C3.12", title=r"Corollary 3.12: $Q_{GWRR}$ is the optimal $\epsilon$-LDP mechanism for fixed $p+q = c$",
    printed=(r"Q_{GWRR}=\left(\begin{array}[]{ccc}\frac{e^{\epsilon}}{e^{\epsilon}+1}c&\frac{1}{e^{\epsilon}+1"
             r"}c&1-c",),
    source="003 Corollary 3.12",
    statement=(r"Fix $p+q=c$. The optimal $\epsilon$-LDP mechanism is "
               r"$Q_{GWRR}=\left(\begin{array}{ccc}\frac{e^{\epsilon}}{e^{\epsilon}+1}c&\frac{1}{e^{\epsilon}+1}c"
               r"&1-c\\ "
               r"\frac{1}{e^{\epsilon}+1}c&\frac{e^{\epsilon}}{e^{\epsilon}+1}c&1-c\end{array}\right)$"),
    domain=(r"$0 < c \le 1$, $\epsilon > 0$; $Q_{2\times 3}(p, q)$ with $q = c - p > 0$, $q < p$, $\ln(p/q) \le "
            r"\epsilon$, $p > 1/2$; $\pi \in [0, 1]$; $n \ge 1$ integer"),
    assumptions=((r"the competitors are the $Q_{2\times 3}(p, q)$ with $p + q = c$, $q < p$, $p > 1/2$ (the "
                  "paper's assumption)"),
                 (r"$\epsilon$-LDP means $\epsilon^S(p, q) = \ln(p/q) \le \epsilon$ (the SLDP loss of $Q_{2\times "
                  "3}$, 003 §3.2)")),
    interpretation=(r"$Q_{GWRR}$ ($p = e^{\epsilon} c/(e^{\epsilon}+1)$, $q = c/(e^{\epsilon}+1)$) is $\epsilon$-LDP "
                    r"with $p + q = c$, and its error $\operatorname{Var}(\hat{\pi} \mid N_1+N_2 \ne 0)$ of Theorem "
                    r"3.10, $[-(\pi-1/2)^2 + \frac14((p+q)/(p-q))^2] \cdot A$, is $\le$ that of every competitor; "
                    "$A$ depends on $n$ and $q_3 = 1 - c$ only and is $> 0$, so it cancels (this also covers its "
                    "approximation $1/((n+1)c-1)$ and the exact conditional variance, which is $A/(1-q_3^n)$ times "
                    "the same bracket)"),
    readings=("approximate A", "nu^S as printed", "without p > 1/2"),
    premise=(r"$Q_{2\times 3}(p, q)$ with $p + q = c$ is $\epsilon$-LDP ($\ln(p/q) \le \epsilon$), $p > 1/2$"),
    definitions=("SLDP",),
    related={"C3.12.p": "the text after it solves for $p$", "Fig2.warner-optimal": "compares the optimum across $c$"},
))


@check("C3.12", "decision")
def _c312_decided(budget: Budget) -> Iterable[Evidence]:
    competitors = LDP_FAMILY + ["p > 1/2"]
    sized = competitors + ["n >= 1"]
    bracket_gap = pa.numerator_t310(p, c - p) - pa.numerator_t310(TRUTH_AT_LOSS, LIE_AT_LOSS)
    yield decision(bracket_gap, competitors, budget, sign=">=0", witnesses=[LDP_WITNESS])
    yield decision(bracket_gap, LDP_FAMILY, budget, sign=">=0", reading="without p > 1/2", witnesses=[LDP_WITNESS])
    yield decision(pa.variance_t310_approx(p, c - p) - pa.variance_t310_approx(TRUTH_AT_LOSS, LIE_AT_LOSS),
                   sized, budget, sign=">=0", integers=["n"], reading="approximate A", witnesses=[LDP_WITNESS])
    yield decision(pa.nu_s_printed(p, c - p) - pa.nu_s_printed(TRUTH_AT_LOSS, LIE_AT_LOSS), sized, budget,
                   sign=">=0", integers=["n"], reading="nu^S as printed", witnesses=[LDP_WITNESS])


def _ratio(top: sympy.Expr, bottom: sympy.Expr) -> sympy.Expr:
    """``top / bottom`` as written, the quotient of two entries of a matrix, kept unevaluated (sympy would
    cancel it on construction, leaving the identity nothing to check). The bound names are plain symbols, not
    dummies, so the step prints the same in every run (the check is deterministic)."""
    x, y = sympy.Symbol("numerator"), sympy.Symbol("denominator")
    return sympy.Subs(x / y, (x, y), (top, bottom))


@check("C3.12", "symbolic")
def _c312_gwrr_is_in_the_family(budget: Budget) -> Iterable[Evidence]:
    """Q_GWRR has p + q = c, loss exactly ε, rows summing to 1."""
    matrix = pa.q_gwrr_matrix()
    yield identity(matrix[0, 0] + matrix[0, 1], c, domain="eps real, c in (0, 1]")
    yield identity(_ratio(matrix[0, 0], matrix[0, 1]), LOSS_RATIO, domain="eps real, c in (0, 1]")
    yield identity(sum(matrix.row(0)), 1, domain="eps real, c in (0, 1]")


@check("C3.12", "enumeration")
def _c312_grid(budget: Budget) -> Evidence:
    k = budget.grid
    bracket = exact_function(pa.numerator_t310(p, q), ["p", "q", "pi"])
    ts, pis = loss_ratios(k), proportions(k)
    cases = ({"c": total, "exp(eps)": t, "p": x, "pi": z}
             for total, t in itertools.product([*rational_grid(HALF, 1, k), Fraction(1)], ts)
             for x in rational_grid(total / 2, total, k) for z in pis)

    def within_budget(case: dict[str, Any]) -> bool:
        return case["p"] > HALF and case["p"] / (case["c"] - case["p"]) <= case["exp(eps)"]

    def no_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        total, t, x, z = case["c"], case["exp(eps)"], case["p"], case["pi"]
        mine, best = bracket(x, total - x, z), bracket(t * total / (t + 1), total / (t + 1), z)
        return mine >= best, {"competitor bracket": mine, "Q_GWRR bracket": best}

    return exhaustive(cases, no_better, premise=within_budget,
                      domain=f"exact rational grid: c in {k + 1} points of (1/2, 1], e^eps in {len(ts)} rationals "
                             f"in (1, 9], p in {k} points of (c/2, c), pi in {len(pis)} points; the premise: "
                             "p > 1/2 and p/(c-p) <= e^eps",
                      detail={"compared": "the bracket -(pi-1/2)^2 + 1/4((p+q)/(p-q))^2 (A > 0 is common)"})


define(Claim(
    id="C3.12.p", title=r"$p$ in terms of $\epsilon$ and $c$ after Corollary 3.12", source="003 after Corollary 3.12",
    printed=(r"e^{\epsilon}=\frac{p}{q}=\frac{p}{1-c-p}", r"p=\frac{1-c}{e^{-\epsilon}+1}",),
    statement=(r"Let $p+q=c$ and $e^{\epsilon}=\frac{p}{q}=\frac{p}{1-c-p}$. So we get "
                r"$p=\frac{1-c}{e^{-\epsilon}+1}$"),
    domain=r"$0 < c \le 1$, $\epsilon > 0$, $q > 0$",
    interpretation=(r"for every $c$ and $\epsilon$, the $p$ with $p + q = c$ and $p/q = e^{\epsilon}$ equals "
                     r"$(1-c)/(e^{-\epsilon}+1)$"),
    readings=("c is the don't-know probability",),
    premise=r"$p + q = c$ and $p/q = e^{\epsilon}$",
    definitions=("SLDP",),
    related={"C3.12": r"the corollary whose $Q_{GWRR}$ has $p = e^{\epsilon} c/(e^{\epsilon}+1)$"},
))

C312P_DOMAIN = ["p + q == c", "p == exp(eps)*q", "q > 0", "eps > 0", "0 < c <= 1"]
#: p + q = 1, p/q = 3
C312P_WITNESS = {"c": 1, "eps": "log(3)", "p": "3/4", "q": "1/4"}


def _c312p_correction(budget: Budget) -> Correction:
    proof = decision(p - c / (sympy.exp(-eps) + 1), C312P_DOMAIN, budget, sign="==0", witnesses=[C312P_WITNESS])
    return Correction(statement=(r"$p=\frac{c}{e^{-\epsilon}+1}=\frac{e^{\epsilon}c}{e^{\epsilon}+1}$ (the $p$ of "
                                  r"$Q_{GWRR}$; the printed $(1-c)/(e^{-\epsilon}+1)$ is right only for $c = 1/2$, "
                                  "or when $c$ is the probability $1-p-q$ of \"don't know\")"),
                      evidence=(proof,))


@check("C3.12.p", "decision")
def _c312p_decided(budget: Budget) -> Iterable[Evidence]:
    found = decision(p - pa.p_printed_after_c312(), C312P_DOMAIN, budget, sign="==0",
                     holds_when_candidates=["c == 1/2"], witnesses=[C312P_WITNESS])
    if found.outcome is Outcome.COUNTEREXAMPLE:
        found = dataclasses.replace(found, corrected=_c312p_correction(budget))
    yield found
    dont_know = ["q == 1 - c - p", "p == exp(eps)*q", "q > 0", "eps > 0", "0 <= c < 1"]
    yield decision(p - pa.p_printed_after_c312(), dont_know, budget, sign="==0",
                   reading="c is the don't-know probability",
                   witnesses=[{"c": 0, "eps": "log(3)", "p": "3/4", "q": "1/4"}])


@check("C3.12.p", "symbolic")
def _c312p_solved(budget: Budget) -> Evidence:
    ratio = sympy.Symbol("t", positive=True)
    solution = sympy.solve([p + q - c, p - ratio * q], [p, q], dict=True)[0][p]
    points = [{"c": total, "t": t} for total in (Fraction(1), Fraction(3, 4), Fraction(1, 4)) for t in (2, 3)]
    found = identity(solution, pa.p_printed_after_c312().subs(sympy.exp(-eps), 1 / ratio),
                     domain="t = e^eps > 1, 0 < c <= 1 (the premise solved for p)", points=points)
    return dataclasses.replace(found, premise_cases=1, detail={
        **found.detail, "premise": f"p + q = c, p = t q solved by sympy: p = {solution} at every (c, t)"})


# ======================================================================================================
# Example 3.7 (after Eq. (1)): Q_WRR is optimal within budget ε
# ======================================================================================================
WRR_TRUTH = LOSS_RATIO / (LOSS_RATIO + 1)
WARNER_LDP = ["0 < p < 1", "p != 1/2", "eps > 0", "p/(1-p) <= exp(eps)", "(1-p)/p <= exp(eps)", "0 <= pi <= 1",
              "n >= 1"]
#: Warner's mechanism with p = 2/3 has loss ln 2 <= ln 3
WARNER_WITNESS = {"p": "2/3", "eps": "log(3)", "pi": "1/2", "n": 1}

define(Claim(
    id="Ex3.7.optimal", title=r"$Q_{WRR}$ is the optimal mechanism within budget $\epsilon$", source=("003 after "
                                                                                                      "Eq. (1)"),
    printed=(r"Q_{WRR}=\frac{1}{e^{\epsilon}+1}\left(\begin{array}[]{cc}e^{\epsilon}&1\\ 1&e^{\epsilon}\end{ar"
             r"ray}\right)",),
    statement=(r"Within the privacy budget of $\epsilon$, the optimal privacy mechanism is "
                r"$Q_{WRR}=\frac{1}{e^{\epsilon}+1}\left(\begin{array}{cc}e^{\epsilon}&1\\ "
                r"1&e^{\epsilon}\end{array}\right)$."),
    domain=(r"$\epsilon > 0$; Warner mechanisms $[[p, 1-p], [1-p, p]]$ with $p \in (0, 1)$, $p \ne 1/2$, "
            r"$\epsilon$-LDP ($p/(1-p) \le e^{\epsilon}$ and $(1-p)/p \le e^{\epsilon}$); $\pi \in [0, 1]$, $n \ge "
            "1$ integer"),
    interpretation=(r"$Q_{WRR}$ is $\epsilon$-LDP and its variance Eq. (1) is $\le$ that of every $\epsilon$-LDP "
                    "Warner mechanism; Eq. (1) decreases in $p$ on $(1/2, 1)$"),
    readings=("all binary mechanisms", "Eq. (1) decreasing in p"),
    premise=r"the Warner mechanism with truth probability $p$ is $\epsilon$-LDP",
    related={"Eq1": "the variance compared", "C3.12": "its generalisation with 'don't know'"},
))


@check("Ex3.7.optimal", "decision")
def _ex37_decided(budget: Budget) -> Iterable[Evidence]:
    yield decision(pa.warner_variance_printed(p) - pa.warner_variance_printed(WRR_TRUTH), WARNER_LDP, budget,
                   sign=">=0", integers=["n"], witnesses=[WARNER_WITNESS])
    yield decision(sympy.diff(pa.warner_variance_printed(p), p), ["1/2 < p < 1", "0 <= pi <= 1", "n >= 1"], budget,
                   sign="<0", integers=["n"], reading="Eq. (1) decreasing in p")
    truth, lie = sympy.symbols("a b", real=True)
    binary = ["0 <= b < a <= 1", "a <= exp(eps)*b", "1 - b <= exp(eps)*(1 - a)", "eps > 0", "0 <= pi <= 1", "n >= 1"]
    yield decision(pa.binary_variance(truth, lie) - pa.binary_variance(WRR_TRUTH, 1 - WRR_TRUTH), binary, budget,
                   sign=">=0", integers=["n"], symbols=["a", "b"], reading="all binary mechanisms",
                   witnesses=[{"a": "2/3", "b": "1/3", "eps": "log(3)", "pi": "1/2", "n": 1}])


@check("Ex3.7.optimal", "symbolic")
def _ex37_wrr_loss(budget: Budget) -> Iterable[Evidence]:
    matrix = pa.q_wrr_matrix()
    yield identity(_ratio(matrix[0, 0], matrix[1, 0]), LOSS_RATIO, domain="eps real")
    yield identity(matrix[0, 0] + matrix[0, 1], 1, domain="eps real")


@check("Ex3.7.optimal", "enumeration")
def _ex37_grid(budget: Budget) -> Evidence:
    k = budget.grid
    variance = exact_function(pa.warner_variance_printed(p), ["p", "pi", "n"])
    ts, pis, sizes = loss_ratios(k), proportions(k), small_sizes(budget)
    cases = ({"exp(eps)": t, "p": x, "pi": z, "n": size} for t in ts for x in rational_grid(0, 1, 2 * k + 1)
             if x != HALF for z in pis for size in sizes)

    def within_budget(case: dict[str, Any]) -> bool:
        x, t = case["p"], case["exp(eps)"]
        return x / (1 - x) <= t and (1 - x) / x <= t

    def no_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, x, z, size = case["exp(eps)"], case["p"], case["pi"], case["n"]
        mine, best = variance(x, z, size), variance(t / (t + 1), z, size)
        return mine >= best, {"Var": mine, "Var(Q_WRR)": best}

    return exhaustive(cases, no_better, premise=within_budget,
                      domain=f"exact rational grid: e^eps in {len(ts)} rationals, p in {2 * k + 1} points of (0, 1), "
                             f"pi in {len(pis)} points, n = 1..{sizes[-1]}; the premise: p within the budget")
