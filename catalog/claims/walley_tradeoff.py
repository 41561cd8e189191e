"""Claims of 003 §3.2 on the privacy-accuracy trade-off in Walley's semantics: the privacy loss of Q_λ,
Figure 5's rectangle, Corollary 3.20 and the comparison after it.

Q_λ = [[a, b], [b, a]] with a = p + λ(1-p-q), b = 1 - a is Warner's mechanism with truth probability a; its
loss is ln(a/(1-a)) and its variance Eq. (1) at a. ε^W(p, q) = ln((1-q)/q) is the WLDP loss of Q_{2x3}
(Definition 3.13: the largest pl_x(E)/bel_x'(E) is (1-q)/q), ν^W(p, q) the variance of Q_0. Every formula
comes from :mod:`catalog.derivations.privacy_accuracy`. Each claim is decided on its whole domain by z3
(:func:`proofs.engines.sign.sign_evidence`) and checked again on an exact rational grid, where a loss is
compared through e^{loss}, exactly (ln is increasing).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import sympy

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base.registry import check, define
from catalog.engines.exact_grid import exact_function, proportions, small_sizes
from proofs.engines.methods import exhaustive, identity, rational_grid
from catalog.engines.witness import decide_with_witnesses
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import lam, n, p, pi, q

HALF = Fraction(1, 2)


def _decision(expr: Any, domain: list[str], budget: Budget, **kwargs: Any) -> Evidence:
    """z3 evidence on the whole domain (``witnesses=``: exact points of an implication's premise); a refuted
    condition's region is not searched (none is refuted here)."""
    return decide_with_witnesses(expr, domain, timeout=budget.timeout, search_region=False, **kwargs)


# ======================================================================================================
# Q_λ: its privacy loss
# ======================================================================================================
LAMBDA_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "0 <= lam <= 1"]
LAMBDA_TEXT = r"$p > 1/2$, $q > 0$ (so that $\epsilon^W$ is finite), $p + q \le 1$, $\lambda \in [0, 1]$"
LOSS = pa.loss_q_lambda()

define(Claim(
    id="Qlambda.loss", title=(r"the privacy loss of $Q_\lambda$ is largest at $\lambda = 1$ and smallest at $\lambda "
                              "= 0$"), source="003 §3.2",
    printed=('the associated privacy loss is the largest and is the same as according to Definition 3.13',),
    statement=(r"When $\lambda=1$, the associated privacy loss is the largest and is the same as according to "
                r"Definition 3.13. [...] when $\lambda=0$, the associated privacy loss is the smallest."),
    domain=r"$p > 1/2$, $q > 0$ (so that $\epsilon^W$ is finite), $p + q \le 1$, $\lambda \in [0, 1]$",
    interpretation=(r"the loss of $Q_\lambda = [[a, b], [b, a]]$ ($a = p+\lambda(1-p-q)$, $b = "
                    r"q+(1-\lambda)(1-p-q)$) is $\max |\ln(a/b)| = \ln(a/b)$ ($a \ge b$ is decided); "
                    r"$\operatorname{loss}(1) \ge \operatorname{loss}(\lambda) \ge \operatorname{loss}(0)$ for "
                    r"all $\lambda \in [0, 1]$, and $\operatorname{loss}(1) = \epsilon^W = \ln((1-q)/q)$, the "
                    r"WLDP loss of $Q_{2\times 3}$ (Definition 3.13)"),
    readings=("strictly increasing in lambda",),
    definitions=("WLDP",),
    related={"Qlambda.var": r"the other end: the variance is largest at $\lambda = 0$",
             "Fig5.rectangle": "the trade-offs"},
))


@check("Qlambda.loss", "decision")
def _qlambda_decided(budget: Budget) -> Iterable[Evidence]:
    truth = pa.q_lambda_truth()
    yield _decision(truth - (1 - truth), LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(pa.loss_q_lambda(1) - LOSS, LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(LOSS - pa.loss_q_lambda(0), LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(pa.loss_q_lambda(1) - pa.eps_w(), LAMBDA_DOMAIN, budget, sign="==0")
    yield _decision(sympy.diff(LOSS, lam), LAMBDA_DOMAIN + ["p + q < 1"], budget, sign=">0",
                    reading="strictly increasing in lambda")


@check("Qlambda.loss", "enumeration")
def _qlambda_grid(budget: Budget) -> Evidence:
    k = budget.grid
    odds = exact_function(pa.q_lambda_truth() / (1 - pa.q_lambda_truth()), ["p", "q", "lam"])  # e^{loss}
    weights = [Fraction(0), *rational_grid(0, 1, k), Fraction(1)]
    cases = ({"p": x, "q": y, "lam": weight} for x in rational_grid(HALF, 1, k)
             for y in [*rational_grid(0, 1 - x, k), 1 - x] for weight in weights)

    def ordered(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        x, y, weight = case["p"], case["q"], case["lam"]
        here, smallest, largest = odds(x, y, weight), odds(x, y, Fraction(0)), odds(x, y, Fraction(1))
        return here >= 1 and smallest <= here <= largest and largest == (1 - y) / y, {"e^loss": here}

    return exhaustive(cases, ordered, domain=f"exact rational grid: p in {k} points of (1/2, 1), q in {k + 1} points "
                      f"of (0, 1-p], lam in {k + 2} points of [0, 1]",
                      detail={"compared": "e^{loss} = a/(1-a) exactly (ln is increasing)"})


# ======================================================================================================
# Figure 5: the rectangle of the trade-offs of all Q_λ
# ======================================================================================================
define(Claim(
    id="Fig5.rectangle", title=r"Figure 5: the rectangle of the trade-offs of all $Q_\lambda$", source=("003 §3.2, "
                                                                                                        "Figure 5"),
    printed=('consists of exactly the trade-offs between privacy and accuracy',),
    statement=("The rectangle shown in the figure consists of exactly the trade-offs between privacy and accuracy "
                r"for all possible $Q_{\lambda}$ with $(\epsilon^{W}(p,q),\nu^{W}(p,q))$ as the worst and "
                r"$(\epsilon^{O}(p,q),\nu^{O}(p,q))$ as the best."),
    domain=r"$p > 1/2$, $q > 0$, $p + q \le 1$, $\pi \in [0, 1]$, $n \ge 1$ integer; $\lambda \in [0, 1]$",
    assumptions=((r"$Q_\lambda$ is Warner's mechanism with truth probability $a = p + \lambda(1-p-q)$; its loss is "
                  r"$\ln(a/(1-a))$ and its variance Eq. (1) at $a$ (003 §3.2)"),
                 (r"$\epsilon^O = \ln(p/(1-p))$ ($\lambda = 0$) and $\nu^O$ = Eq. (1) at $a = 1-q$ ($\lambda = "
                  r"1$): the smallest loss and variance among the $Q_\lambda$")),
    interpretation=(r"the set $\{(\operatorname{loss}(Q_\lambda), \operatorname{Var}(Q_\lambda)) : \lambda \in "
                    r"[0, 1]\}$ equals the rectangle $[\epsilon^O, \epsilon^W] \times [\nu^O, \nu^W]$"),
    definitions=("WLDP",),
    related={"Qlambda.loss": "the loss axis", "Qlambda.var": "the variance axis", "C3.20": "how the corners move"},
))

FIG5_DOMAIN = ["p > 1/2", "q > 0", "p + q < 1", "0 <= lam <= 1", "0 <= pi <= 1", "n >= 1"]
FIG5_POINT = {"p": Fraction(3, 5), "q": Fraction(1, 5), "pi": HALF, "n": 1}
FIG5_EXACT = {p: sympy.Rational(3, 5), q: sympy.Rational(1, 5), pi: sympy.Rational(1, 2), n: 1}
FIG5_TEXT = "p = 3/5, q = 1/5, pi = 1/2, n = 1"


def _fig5_correction(budget: Budget) -> Correction:
    evidence = (
        _decision(sympy.diff(LOSS, lam), FIG5_DOMAIN, budget, integers=["n"]),
        _decision(sympy.diff(pa.variance_q_lambda(), lam), FIG5_DOMAIN, budget, sign="<0", integers=["n"]),
        identity(pa.variance_q_lambda(0), pa.nu_w(), domain="p > 1/2, n >= 1"),
        identity(pa.loss_q_lambda(1), pa.eps_w(), domain="0 < q < 1"),
    )
    return Correction(
        statement=(r"the trade-offs $(\epsilon_\lambda, \nu_\lambda)$ of the $Q_\lambda$, $\lambda\in[0,1]$, form a "
                    r"curve: $\epsilon_\lambda = \ln\frac{a}{1-a}$ strictly increases and $\nu_\lambda = "
                    r"\frac{-(\pi-1/2)^2 + 1/(4(2a-1)^2)}{n}$ strictly decreases with $a = p+\lambda(1-p-q)$, from "
                    r"$(\epsilon^O, \nu^W)$ at $\lambda=0$ to $(\epsilon^W, \nu^O)$ at $\lambda=1$: one diagonal "
                    r"of the rectangle $[\epsilon^O,\epsilon^W]\times[\nu^O,\nu^W]$, which does not contain its "
                    r"corners $(\epsilon^W,\nu^W)$ and $(\epsilon^O,\nu^O)$ when $p+q<1$ (they coincide only when "
                    "$p+q=1$)"),
        evidence=evidence)


def _corner() -> tuple[str, sympy.Expr]:
    """The rectangle's corner (ε^W, ν^W) at :data:`FIG5_POINT`, exactly."""
    return str(pa.eps_w().subs(FIG5_EXACT)), sympy.simplify(pa.nu_w().subs(FIG5_EXACT))


@check("Fig5.rectangle", "decision")
def _fig5_decided(budget: Budget) -> Evidence:
    """At p = 3/5, q = 1/5: every Q_λ with loss ε^W has a variance below ν^W, so the corner (ε^W, ν^W) of the
    rectangle is no trade-off of any Q_λ."""
    instance = [f"{name} == {value}" for name, value in FIG5_POINT.items()] + ["0 <= lam <= 1"]
    at_loss = instance + [f"{pa.q_lambda_truth()} == 1 - q"]    # loss(λ) = ε^W <=> a/(1-a) = (1-q)/q <=> a = 1-q
    proof = _decision(pa.variance_q_lambda() - pa.nu_w(), at_loss, budget, sign="!=0",
                      witnesses=[{**FIG5_POINT, "lam": 1}])
    detail = {**proof.detail, "what was decided": "no lam in [0, 1] with loss(Q_lam) = eps^W has Var(Q_lam) = nu^W"}
    if proof.outcome is not Outcome.PROVED:
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, proof.domain, detail, seconds=proof.seconds)
    only = (str(pa.loss_q_lambda(1).subs(FIG5_EXACT)), sympy.simplify(pa.variance_q_lambda(1).subs(FIG5_EXACT)))
    return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, "the rectangle's corner (eps^W, nu^W) at " + FIG5_TEXT,
                    detail, counterexample={**FIG5_POINT, "corner (eps^W, nu^W)": list(_corner()),
                                            "trade-off of Q_1 (the only Q_lam with loss eps^W)": list(only)},
                    recheck=Recheck.EXACT, corrected=_fig5_correction(budget), seconds=proof.seconds)


@check("Fig5.rectangle", "symbolic")
def _fig5_solved(budget: Budget) -> Evidence:
    """Solve loss(λ) = ε^W for λ exactly, then compare the variance with ν^W at the same point."""
    truth = pa.q_lambda_truth().subs(FIG5_EXACT)
    solutions = sympy.solve(sympy.Eq(truth / (1 - truth), ((1 - q) / q).subs(FIG5_EXACT)), lam)
    inside = [s for s in solutions if 0 <= s <= 1]
    variances = [sympy.simplify(pa.variance_q_lambda(s).subs(FIG5_EXACT)) for s in inside]
    corner = _corner()
    detail = {"lam with loss eps^W": [str(s) for s in solutions], "their variances": variances, "nu^W": corner[1]}
    if corner[1] in variances:
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, FIG5_TEXT, detail)
    return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, FIG5_TEXT, detail,
                    counterexample={**FIG5_POINT, "corner (eps^W, nu^W)": list(corner)}, recheck=Recheck.EXACT)


# ======================================================================================================
# Corollary 3.20 and the comparison after it
# ======================================================================================================
WALLEY_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "0 <= pi <= 1", "n >= 1"]
WALLEY_TEXT = r"$p > 1/2, q > 0$ ($\epsilon^{W}$ finite), $p + q \le 1, \pi \in [0, 1], n \ge 1$ integer"

define(Claim(
    id="C3.20", title=r"Corollary 3.20: $\epsilon^W$ decreases in $q$, $\nu^W$ decreases in $p$", source=("003 "
                                                                                                          "Corollary "
                                                                                                          "3.20"),
    printed=(r"\epsilon^{W}(p,q) is decreasing with respect to q",),
    statement=(r"$\epsilon^{W}(p,q)$ is decreasing with respect to $q$ and $\nu^{W}(p,q)$ is decreasing with "
                "respect to $p$."),
    domain=r"$p > 1/2$, $q > 0$ ($\epsilon^W$ finite), $p + q \le 1$, $\pi \in [0, 1]$, $n \ge 1$ integer",
    interpretation=(r"strictly decreasing: $\partial \epsilon^W/\partial q < 0$ and $\partial \nu^W/\partial p < 0$ "
                    r"on the whole domain, $\epsilon^W = \ln((1-q)/q)$ the WLDP loss of $Q_{2\times 3}$ and $\nu^W$ "
                    "the variance of $Q_0$"),
    definitions=("WLDP",),
    related={"C3.20.compare": "the comparison it is used for", "epsW": "the loss", "nuW": "the accuracy"},
))


@check("C3.20", "decision")
def _c320_decided(budget: Budget) -> Iterable[Evidence]:
    yield _decision(sympy.diff(pa.eps_w(), q), WALLEY_DOMAIN, budget, sign="<0", integers=["n"])
    yield _decision(sympy.diff(pa.nu_w(), p), WALLEY_DOMAIN, budget, sign="<0", integers=["n"])


@check("C3.20", "enumeration")
def _c320_grid(budget: Budget) -> Iterable[Evidence]:
    k = budget.grid
    qs = rational_grid(0, HALF, 2 * k)
    yield exhaustive(({"q": a, "q'": b} for a, b in itertools.combinations(qs, 2)),
                     lambda cs: (((1 - cs["q"]) / cs["q"]) > ((1 - cs["q'"]) / cs["q'"]), {}),
                     domain=f"exact rational grid: pairs q < q' of {2 * k} points of (0, 1/2)",
                     detail={"compared": "e^{eps^W} = (1-q)/q exactly (ln is increasing)"})
    accuracy = exact_function(pa.nu_w(), ["p", "pi", "n"])
    ps, pis, sizes = rational_grid(HALF, 1, 2 * k), proportions(k), small_sizes(budget)
    yield exhaustive(({"p": a, "p'": b, "pi": z, "n": size} for a, b in itertools.combinations(ps, 2)
                      for z in pis for size in sizes),
                     lambda cs: (accuracy(cs["p"], cs["pi"], cs["n"]) > accuracy(cs["p'"], cs["pi"], cs["n"]), {}),
                     domain=f"exact rational grid: pairs p < p' of {2 * k} points of (1/2, 1), pi in "
                            f"{len(pis)} points, n = 1..{sizes[-1]}")


COMPARE_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "pp > 1/2", "qq > 0", "pp + qq <= 1", "p >= pp", "q >= qq",
                  "0 <= pi <= 1", "n >= 1"]
#: (p, q) = (3/5, 1/4) against (p', q') = (11/20, 1/5)
COMPARE_WITNESS = {"p": "3/5", "q": "1/4", "pp": "11/20", "qq": "1/5", "pi": "1/2", "n": 1}

define(Claim(
    id="C3.20.compare", title=r"comparing $Q_{2\times 3}(p,q)$ with $Q_{2\times 3}(p',q')$ after Corollary 3.20",
    printed=(
        r"\epsilon^{W}(p,q)\leq\epsilon^{W}(p^{\prime},q^{\prime})",
        r"\nu^{W}(p,q)\leq\nu^{W}(p^{\prime},q^{\prime})",
    ),
    source="003 after Corollary 3.20",
    statement=(r"If $p\geq p^{\prime}$ and $q\geq q^{\prime}$, then "
                r"$\epsilon^{W}(p,q)\leq\epsilon^{W}(p^{\prime},q^{\prime})$ and "
                r"$\nu^{W}(p,q)\leq\nu^{W}(p^{\prime},q^{\prime})$."),
    domain=(r"$(p, q)$ and $(p', q')$ both with $p > 1/2$, $q > 0$, $p + q \le 1$; $\pi \in [0, 1]$, $n \ge 1$ "
            "integer (pp, qq stand for $p'$, $q'$)"),
    interpretation=(r"both inequalities at every pair of points of the domain with $p \ge p'$, $q \ge q'$ "
                    r"($\epsilon^W$ the WLDP loss, $\nu^W$ the variance of $Q_0$)"),
    premise=r"$p \ge p'$ and $q \ge q'$",
    definitions=("WLDP",),
    related={"C3.20": "the monotonicity it follows from"},
))


@check("C3.20.compare", "decision")
def _c320_compare_decided(budget: Budget) -> Iterable[Evidence]:
    before, after = sympy.symbols("pp qq", real=True)
    for difference in (pa.eps_w(p, q) - pa.eps_w(before, after), pa.nu_w(p, q) - pa.nu_w(before, after)):
        yield _decision(difference, COMPARE_DOMAIN, budget, sign="<=0", integers=["n"], symbols=["pp", "qq"],
                        witnesses=[COMPARE_WITNESS])


@check("C3.20.compare", "enumeration")
def _c320_compare_grid(budget: Budget) -> Evidence:
    k = budget.grid
    accuracy = exact_function(pa.nu_w(), ["p", "pi", "n"])
    points = [(a, b) for a in rational_grid(HALF, 1, k) for b in [*rational_grid(0, 1 - a, k - 1), 1 - a]]
    cases = ({"p": a, "q": b, "p'": a2, "q'": b2, "pi": z, "n": size}
             for (a, b), (a2, b2) in itertools.product(points, repeat=2)
             for z in (Fraction(0), HALF) for size in (1, 2))

    def ordered(cs: dict[str, Any]) -> bool:
        return cs["p"] >= cs["p'"] and cs["q"] >= cs["q'"]

    def both(cs: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        loss_ok = (1 - cs["q"]) / cs["q"] <= (1 - cs["q'"]) / cs["q'"]
        accuracy_ok = accuracy(cs["p"], cs["pi"], cs["n"]) <= accuracy(cs["p'"], cs["pi"], cs["n"])
        return loss_ok and accuracy_ok, {}

    return exhaustive(cases, both, premise=ordered,
                      domain=f"exact rational grid: all ordered pairs of {len(points)} points (p, q), "
                             "pi in {0, 1/2}, n in {1, 2}; the premise: p >= p' and q >= q'",
                      detail={"compared": "e^{eps^W} = (1-q)/q exactly (ln is increasing) and nu^W exactly"})
