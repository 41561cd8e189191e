"""Claims of the report 004 §2: the Gaussian mechanism (§2.1), randomized response and Warner's estimator,
and the Bassily–Smith extension to T types with its proof step (§2.2).

Readings (one definition each, :mod:`numeric.definitions.report`), printed means printed: GS(f) is §2.1's
squared norm as printed (primary); the ℓ2 sensitivity, which §3.1 uses unsquared, is its correction, checked
beside the verdict; §2.2's data are a fixed dataset D ∈ {0,1}^n (primary), i.i.d. inputs the alternative.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb, mpf
from numeric.definitions.estimators import NORMAL_EXACT, NORMAL_LARGE_SAMPLE
from catalog.models import meanest as mechanisms
from catalog.models import meanest_gaussian as gaussian
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence, Method, Outcome, Recheck
from proofs.base.registry import check, define
from proofs.kernel.steps import ExactValue, Holds, Identity, PointClaim, Stated
from catalog.claims.report_common import HALF, p_grid, tail_bound_evidence
from proofs.engines.certified import certified_exhaustive, number_text
from proofs.engines.composite import chain, premise_witnessed
from proofs.engines.methods import exhaustive, identity, inequality_steps, rational_grid
from catalog.engines.notation import sign_evidence
from catalog.derivations import meanest as derivations
from symbolic.symbols import n as n_symbol, p as p_symbol

HALF_SYMBOLIC = sympy.Rational(1, 2)

# ===================================================================================== R.gaussian
define(Claim(
    id="R.gaussian", title="the Gaussian mechanism calibration of §2.1", source="004 §2.1",
    printed=(r"GS(f) = \max_{D \sim D'} \|f(D) - f(D')\|^2",),
    statement=(r"$GS(f) = \max_{D \sim D'} \|f(D) - f(D')\|^2,\quad X_i \sim \mathcal N(0, \sigma^2),\ \sigma^2 = "
               r"\frac{2\ln(\frac{2}{\delta})}{\epsilon^2} GS(f)^2 \ \Longrightarrow\ (\epsilon, \delta)$-DP"),
    domain=(r"$\epsilon > 0$, $0 < \delta < 1$ (Definition 2 takes $\epsilon, \delta > 0$), a query of $\ell_2$ "
            r"sensitivity $\Delta > 0$"),
    interpretation="$GS(f)$ as printed in §2.1, the squared norm: for a query of $\\ell_2$ sensitivity $\\Delta$, "
                   "$GS = \\Delta^2$ and $\\sigma = \\sqrt{2\\ln(2/\\delta)}\\,\\Delta^2/\\epsilon$. Privacy is decided "
                   "by the exact curve $\\delta(\\epsilon) = \\Phi(\\Delta/(2\\sigma) - \\epsilon\\sigma/\\Delta) - "
                   "e^{\\epsilon}\\Phi(-\\Delta/(2\\sigma) - \\epsilon\\sigma/\\Delta) \\le \\delta$ (Balle & Wang 2018), "
                   "which depends on $\\sigma/\\Delta$ only and is the same in every dimension $d$. No range of "
                   "$\\epsilon$ is printed, so every $\\epsilon > 0$ is in the domain. The unsquared $\\ell_2$ "
                   "sensitivity ($GS = \\Delta$: §3.1 applies the calibration with a width, and Dwork–Roth [5], cited "
                   "for the proof, use the $\\ell_2$ norm) is the correction of §2.1's definition, checked beside.",
    readings=("GS: l2",),
    premise=(r"$X_i \sim N(0, \sigma^2)$ i.i.d. added to $f(D)$, with $\sigma^2 = 2 \ln(2/\delta)\, "
             r"GS(f)^2/\epsilon^2$"),
    definitions=("GS: squared", "GS: l2", "(eps, delta)-DP (004 Definition 2)"),
    related={"R.gs-identity": "the GS(f) of §3.1 it is applied with",
             "R.ci-gauss": r"the noise variance $\tilde{\sigma}^2$ of the §3.1 baseline"},
))

_GAUSS_CORRECTED = (r"$0 < \epsilon \le 4\ln 2\ (\approx 2.77),\ 0 < \delta < 1,\ GS(f) = \max_{D\sim D'}\|f(D) - "
                    r"f(D')\|_2:\ \sigma^2 = \frac{2\ln(2/\delta)}{\epsilon^2} GS(f)^2$ gives $(\epsilon, \delta)$-DP")
_GAUSS_HOLDS = ("$\\Delta \\ge 1$ and $\\epsilon \\le 4 \\ln 2$ (about 2.77), for every $\\delta \\in (0, 1)$: then "
                "$\\Delta^2 \\ge \\Delta$, at least the noise of the $\\ell_2$ calibration, which is proved private there, "
                "and $\\delta(\\epsilon)$ decreases in $\\sigma/\\Delta$")
_GAUSS_POINT = {"sensitivity": Fraction(1), "eps": Fraction(10), "delta": Fraction(1, 10 ** 5)}
_DELTAS = (Fraction(1, 2), Fraction(1, 10), Fraction(1, 1000), Fraction(1, 10 ** 5), Fraction(1, 10 ** 10))
_EPS_TOP = Fraction(277, 100)  # below 4 ln 2 = 2.7725...


def _privacy_margin(gs_of, curve=gaussian.gaussian_delta):
    """δ - δ(ε) at a case (>= 0 iff the calibration is (ε, δ)-DP there) in a numbers context; ``curve`` is
    the closed form or the hockey-stick quadrature."""
    def margin(case, ctx):
        sensitivity, eps, delta = case["sensitivity"], case["eps"], case["delta"]
        sigma = gaussian.gaussian_sigma(eps, delta, gs_of(sensitivity), ctx)
        value = curve(eps, sigma, sensitivity, ctx)
        return ctx.number(delta) - value, {"delta(eps)": number_text(value), "GS": gs_of(sensitivity)}
    return margin


def _calibrated(case) -> bool:
    """Every case sets σ by the calibration: the premise holds in each (counted, never assumed silently)."""
    return case["eps"] > 0 and 0 < case["delta"] < 1


def _gauss_cases(eps_values, deltas=_DELTAS, sensitivities=(Fraction(1),)):
    return [{"sensitivity": s, "eps": e, "delta": d} for d in deltas for e in eps_values for s in sensitivities]


def _gauss_correction(budget: Budget) -> Correction:
    """ε ≤ 4 ln 2: δ(ε) ≤ Q(x) ≤ e^{-x²/2}/2 ≤ e^{-a²/2} e^{ε/2}/2 = δ e^{ε/2}/4 ≤ δ, with a = √(2 ln(2/δ)),
    x = a - ε/(2a) >= 0 (:func:`catalog.derivations.meanest.gaussian_calibration_steps`); and a certified grid."""
    steps = derivations.gaussian_calibration_steps()
    a, h = sympy.symbols("a h", positive=True)
    sigma_over_delta = a / (2 * h)                       # σ/Δ = a/ε with ε = 2h
    argument = 1 / (2 * sigma_over_delta) - 2 * h * sigma_over_delta
    interval = ["w > 1", "w <= 4", "delta > 0", "delta < 1"]
    proof = chain([
        ("Δ/(2σ) - εσ/Δ = -x (so δ(ε) <= Φ(-x) = Q(x): the term subtracted is positive)",
         identity(argument, -steps["x"], domain="a > 0, h = ε/2 > 0")),
        ("Q(x) <= e^{-x^2/2}/2 for x >= 0", tail_bound_evidence()),
        ("x >= 0: 2 ln(2/δ) >= ln w, w = e^{ε/2} <= 4",
         sign_evidence(steps["x >= 0"], interval, sign=">=0", symbols=["delta", "w"], timeout=budget.timeout)),
        ("x^2 >= a^2 - 2h", sign_evidence(steps["square"], ["a > 0", "h > 0"], sign=">=0", symbols=["a", "h"],
                                          timeout=budget.timeout)),
        ("e^{-a^2/2} = δ/2", identity(steps["e^{-a^2/2}"], sympy.Symbol("delta", positive=True) / 2,
                                      domain="0 < δ < 1")),
        ("δ w/4 <= δ for w <= 4", sign_evidence(steps["last"], interval, sign=">=0", symbols=["delta", "w"],
                                                timeout=budget.timeout)),
    ], conclusion="δ(ε) <= δ for 0 < ε <= 4 ln 2 and every 0 < δ < 1", method=Method.SYMBOLIC,
        domain="every 0 < ε <= 4 ln 2, 0 < δ < 1, Δ > 0 (the curve depends on σ/Δ only)")
    proof = premise_witnessed(proof, {"eps": 1, "delta": Fraction(1, 10)}, True)
    eps_values = rational_grid(0, _EPS_TOP, budget.grid) + [_EPS_TOP]
    grid = certified_exhaustive(_gauss_cases(eps_values, (Fraction(99, 100),) + _DELTAS),
                                _privacy_margin(gaussian.gs_usual), sign=">=0", premise=_calibrated,
                                domain=f"ε on a {budget.grid}-point grid of (0, 277/100] plus 277/100, δ in "
                                       "{99/100, 1/2, 1/10, 10^-3, 10^-5, 10^-10}, Δ = 1")
    return Correction(_GAUSS_CORRECTED, (proof, grid))


def _holds_when_argument(budget: Budget) -> Evidence:
    """Where the printed calibration holds: for Δ >= 1 its σ/Δ = √(2 ln(2/δ)) Δ/ε is at least the ℓ2 one, and
    δ(ε) = Φ(1/(2s) - εs) - e^ε Φ(-1/(2s) - εs) decreases in s = σ/Δ (dδ/ds = -φ(1/(2s) - εs)/s² < 0, sympy);
    the ℓ2 calibration is private for ε <= 4 ln 2 (the correction)."""
    s, e = sympy.symbols("s epsilon", positive=True)

    def cdf(x):
        return (1 + sympy.erf(x / sympy.sqrt(2))) / 2

    u, v = 1 / (2 * s) - e * s, -1 / (2 * s) - e * s
    curve = cdf(u) - sympy.exp(e) * cdf(v)
    slope = -sympy.exp(-u ** 2 / 2) / sympy.sqrt(2 * sympy.pi) / s ** 2
    return chain([("d delta(eps)/ds = -phi(1/(2s) - eps s)/s^2 < 0", identity(sympy.diff(curve, s), slope,
                                                                               domain="every s = sigma/Delta > 0, eps > 0")),
                  ("the printed s is at least the l2 one when Delta >= 1",
                   sign_evidence("a*D/e - a/e", ["a > 0", "e > 0", "D >= 1"], sign=">=0", symbols=["a", "D", "e"],
                                 timeout=budget.timeout))],
                 conclusion="for Delta >= 1 the printed calibration adds at least the noise of the l2 one, so its "
                            "delta(eps) is at most the l2 one's, which is <= delta for eps <= 4 ln 2 (the correction)",
                 domain="Delta >= 1, every eps > 0, 0 < delta < 1")


def _gauss_claim() -> PointClaim:
    """R.gaussian as printed, as sympy (for a proof certificate): δ(ε) <= δ for the calibration σ = √(2 ln(2/δ))
    GS/ε with GS = Δ² (§2.1's squared norm), where δ(ε) = Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ) for a query
    of ℓ2 sensitivity Δ (Balle & Wang 2018)."""
    eps, delta, sensitivity = sympy.symbols("eps delta sensitivity", real=True)
    sigma = sympy.sqrt(2 * sympy.log(2 / delta)) * sensitivity ** 2 / eps
    cdf = lambda x: (1 + sympy.erf(x / sympy.sqrt(2))) / 2  # noqa: E731 - Φ, the normal distribution function
    curve = cdf(sensitivity / (2 * sigma) - eps * sigma / sensitivity) - sympy.exp(eps) * cdf(
        -sensitivity / (2 * sigma) - eps * sigma / sensitivity)
    return PointClaim(curve, delta, "<=", domain="eps > 0, 0 < delta < 1, sensitivity > 0",
                      printed_says="δ(ε) of the Gaussian mechanism calibrated as printed")


@check("R.gaussian", "interval")
def _gaussian_interval(budget: Budget):
    """Certified δ(ε) (arb balls at two precisions), GS as printed (Δ²): the named point ε = 10, δ = 10^-5,
    Δ = 1 first, then a grid with Δ in {1, 1/4, 4}; beside the verdict, the ℓ2 calibration (the correction)
    on the grid with Δ = 1."""
    eps_values = rational_grid(0, 20, budget.grid)
    cases = [_GAUSS_POINT] + _gauss_cases(eps_values, sensitivities=(Fraction(1), Fraction(1, 4), Fraction(4)))
    ev = certified_exhaustive(cases, _privacy_margin(gaussian.gs_printed), sign=">=0", premise=_calibrated,
                              names=("delta - delta(eps)", "delta - delta(eps) (second precision)"),
                              claim=_gauss_claim(),
                              domain=f"(ε, δ, Δ) = (10, 10^-5, 1), then ε on a {budget.grid}-point grid of (0, 20) x δ "
                                     "in {1/2, 1/10, 10^-3, 10^-5, 10^-10} x Δ in {1, 1/4, 4}; GS = Δ² as printed; "
                                     "exact curve")
    argument = _holds_when_argument(budget)
    yield replace(ev, corrected=_gauss_correction(budget), holds_when=_GAUSS_HOLDS,
                  detail={**ev.detail, "where it holds, the argument": argument.outcome.value,
                          "where it holds, the steps": argument.detail.get(Detail.STEPS)})
    yield certified_exhaustive([_GAUSS_POINT] + _gauss_cases(eps_values), _privacy_margin(gaussian.gs_usual), sign=">=0",
                               premise=_calibrated, reading="GS: l2",
                               domain=f"(ε, δ, Δ) = (10, 10^-5, 1), then ε on a {budget.grid}-point grid of (0, 20) x "
                                      "δ in {1/2, 1/10, 10^-3, 10^-5, 10^-10}, Δ = 1; GS = Δ (the correction)")
    small = [{"sensitivity": Fraction(1, 4), "eps": e, "delta": d} for e in (Fraction(1, 10), Fraction(1, 2))
             for d in (Fraction(1, 1000), Fraction(1, 10 ** 5))]
    below = certified_exhaustive(small, _privacy_margin(gaussian.gs_printed), sign=">=0", premise=_calibrated,
                                 domain="Δ = 1/4 x ε in {1/10, 1/2} x δ in {10^-3, 10^-5}; GS = Δ² (as printed): Δ < 1 "
                                        "makes σ too small by the factor Δ")
    yield replace(below, detail={**below.detail, "note": "the printed calibration also fails at small ε when Δ < 1"})


@check("R.gaussian", "enumeration")
def _gaussian_enumeration(budget: Budget):
    """The hockey-stick divergence ∫ (p - e^ε q)₊ integrated numerically (mpmath quadrature at 50 and 100
    digits), independent of the closed-form curve."""
    eps_values = rational_grid(0, 20, budget.grid)
    cases = [_GAUSS_POINT] + _gauss_cases(eps_values, (Fraction(1, 10 ** 5), Fraction(1, 10)))
    yield certified_exhaustive(cases, _privacy_margin(gaussian.gs_printed, gaussian.hockey_stick_delta), sign=">=0",
                               ctx=mpf(50), premise=_calibrated,
                               names=("delta - delta(eps)", "delta - delta(eps) (second precision)"),
                               domain=f"(ε, δ, Δ) = (10, 10^-5, 1), then δ in {{10^-5, 1/10}} x ε on a {budget.grid}-"
                                      "point grid of (0, 20), Δ = 1; hockey-stick integral by quadrature")
    yield certified_exhaustive([{"sensitivity": Fraction(1, 4), "eps": Fraction(1, 10), "delta": Fraction(1, 1000)}],
                               _privacy_margin(gaussian.gs_printed, gaussian.hockey_stick_delta), sign=">=0",
                               ctx=mpf(50), premise=_calibrated,
                               domain="Δ = 1/4, ε = 1/10, δ = 10^-3, GS = Δ² as printed; hockey-stick integral by "
                                      "quadrature")


# ===================================================================================== R.rr-eps
define(Claim(
    id="R.rr-eps", title="randomized response is $(4p/(1-2p))$-DP", source="004 §2.2",
    printed=(r"\frac{4p}{1-2p}",),
    statement=(r"$\Pr(b_i = x) = \tfrac12 + p \ (x = D_i),\ \tfrac12 - p \ (x = 1 - D_i),\ p < \tfrac12\ "
                r"\Longrightarrow$ randomized response is $\left(\frac{4p}{1-2p}\right)$-differentially private, "
                r"$\delta = 0$"),
    domain=r"$0 < p < 1/2$; datasets $D \in \{0,1\}^n$, neighbours differ in one entry; $\delta = 0$",
    assumptions=(("$p > 0$ (at $p = 0$ the answers are pure noise and the bound 0 is also right, but the "
                   "estimator of Eq. (1) divides by $p$)"),),
    interpretation=(r"$\epsilon$-DP with $\epsilon = 4p/(1-2p)$: the exact loss $\ln ((1+2p)/(1-2p))$ is at most "
                     "$4p/(1-2p)$."),
    premise=(r"every $b_i$ is drawn independently with $\Pr(b_i = D_i) = 1/2 + p$, $\Pr(b_i = 1 - D_i) = 1/2 - p$, "
             "$0 < p < 1/2$"),
    definitions=("(eps, delta)-DP (004 Definition 2)", "§2.2 data: fixed dataset"),
    related={"R.bassily-smith": "the same randomized response, per coordinate"},
))

_RR_WITNESS = {"p": Fraction(1, 4)}


def _in_unit_half(case) -> bool:
    return 0 < case["p"] < HALF


@check("R.rr-eps", "symbolic")
def _rr_eps_symbolic(budget: Budget) -> Evidence:
    """(1+2p)/(1-2p) = 1 + y with y = 4p/(1-2p) > 0; h = y - ln(1+y) has h(0) = 0 and h' > 0 (sympy
    decides the sign of h' after p = s/(2(1+s)) maps s > 0 onto (0, 1/2))."""
    start = time.perf_counter()
    y = 4 * p_symbol / (1 - 2 * p_symbol)
    same = sympy.simplify((1 + 2 * p_symbol) / (1 - 2 * p_symbol) - (1 + y)) == 0
    gap = derivations.rr_eps_gap()
    s = sympy.Symbol("s", positive=True)
    slope_on_domain = sympy.simplify(gap["h'"].subs(p_symbol, s / (2 * (1 + s))))
    ok = same and gap["h(0)"] == 0 and slope_on_domain.is_positive is True
    ev = Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE, "0 < p < 1/2 (whole domain)",
                  {"argument": "e^{eps*} = (1+2p)/(1-2p) = 1 + 4p/(1-2p) and h(p) = 4p/(1-2p) - ln((1+2p)/(1-2p)) "
                               "has h(0) = 0 and h'(p) > 0 on (0, 1/2)",
                   "h'(p)": str(gap["h'"]), "h'(s/(2(1+s)))": str(slope_on_domain),
                   "ratio is 1 + 4p/(1-2p)": same, "h(0)": str(gap["h(0)"])},
                  derived={"h": gap["h"], "h'": gap["h'"]}, seconds=time.perf_counter() - start,
                  steps=_rr_eps_steps(y, gap, s, slope_on_domain) if ok else ())
    return premise_witnessed(ev, _RR_WITNESS, _in_unit_half(_RR_WITNESS))


def _rr_eps_steps(y: sympy.Expr, gap: dict, s: sympy.Symbol, slope: sympy.Expr) -> tuple:
    """The steps of the symbolic argument, for a proof certificate."""
    return (Identity("the loss ratio (1+2p)/(1-2p) is 1 + 4p/(1-2p)", (1 + 2 * p_symbol) / (1 - 2 * p_symbol), 1 + y,
                     "cancel"),
            ExactValue("h(0) = 0", gap["h"], {"p": 0}, 0),
            Identity("h'(p), by differentiating h", sympy.Derivative(gap["h"], p_symbol), gap["h'"], "simplify"),
            Identity("h'(s/(2(1+s)))", gap["h'"].subs(p_symbol, s / (2 * (1 + s))), slope, "simplify"),
            *inequality_steps(slope, 0, "h'(s/(2(1+s))) >= 0 for s > 0"),
            Stated("p = s/(2(1+s)) maps s > 0 onto 0 < p < 1/2, so h' >= 0 there; with h(0) = 0 the mean value "
                   "theorem gives h(p) >= 0: the exact loss ln((1+2p)/(1-2p)) is at most 4p/(1-2p)"))


@check("R.rr-eps", "decision")
def _rr_eps_decision(budget: Budget) -> Evidence:
    """z3 (through the sign decider): h'(p) = 16p/((2p-1)²(2p+1)) > 0 on (0, 1/2); with h(0) = 0, the
    exact loss is below 4p/(1-2p)."""
    gap = derivations.rr_eps_gap()
    proof = chain([("h(0) = 0", identity(sympy.Subs(gap["h"], p_symbol, 0), 0, domain="p = 0")),
                   ("h'(p) > 0 on 0 < p < 1/2", sign_evidence(gap["h'"], ["p > 0", "p < 1/2"], sign=">0",
                                                             timeout=budget.timeout))],
                  conclusion="h(p) = 4p/(1-2p) - ln((1+2p)/(1-2p)) > 0 on (0, 1/2): eps* < 4p/(1-2p)",
                  method=Method.DECISION, domain="0 < p < 1/2 (whole domain)")
    return premise_witnessed(proof, _RR_WITNESS, _in_unit_half(_RR_WITNESS))


@check("R.rr-eps", "enumeration")
def _rr_eps_enumeration(budget: Budget) -> Evidence:
    """Every neighbouring pair D ~ D' in {0,1}^n (n <= 3) and every output vector: the ratio
    Pr(RR(D) = b)/Pr(RR(D') = b) is at most 1 + y < 1 + y + y²/2 < e^y, y = 4p/(1-2p) (exact rationals)."""
    cases = [{"p": p, "n": n} for p in p_grid(budget) for n in (1, 2, 3)]

    def holds(case):
        rr, n = mechanisms.RandomizedResponse(case["p"]), case["n"]
        worst = Fraction(0)
        for dataset in itertools.product((0, 1), repeat=n):
            for i in range(n):
                neighbour = dataset[:i] + (1 - dataset[i],) + dataset[i + 1:]
                for b in itertools.product((0, 1), repeat=n):
                    ratio = math.prod(rr.pmf(bj, dj) for bj, dj in zip(b, dataset)) / math.prod(
                        rr.pmf(bj, dj) for bj, dj in zip(b, neighbour))
                    worst = max(worst, ratio)
        y = rr.epsilon_printed
        return worst == 1 + y and worst < 1 + y + y * y / 2, {"worst ratio/(1+y+y^2/2)": worst / (1 + y + y * y / 2)}

    return exhaustive(cases, holds, premise=_in_unit_half,
                      domain=f"p on a {budget.grid}-point rational grid of (0,1/2), all datasets in {{0,1}}^n, "
                             "n = 1..3, all neighbours and outputs (exact rationals; e^y > 1 + y + y^2/2)",
                      detail={"note": "the max ratio is exactly (1+2p)/(1-2p) = 1 + 4p/(1-2p); the printed eps "
                                      "is never tight: eps*/eps_printed -> 1 as p -> 0 and -> 0 as p -> 1/2"})


# ===================================================================================== R.warner-mle
define(Claim(
    id="R.warner-mle", title="Warner's estimator of the proportion of 1's is unbiased", source="004 §2.2, Eq. (1)",
    printed=(r"\hat{\theta}_1 = \frac{1}{2p} \left(\frac{\text{Number of 1's in } RR(D)}{n} - \left(\frac{1}{2"
             r"} - p\right) \right)",),
    statement=(r"$\hat{\theta}_1 = \frac{1}{2p}\left(\frac{\text{Number of 1's in } RR(D)}{n} - \left(\frac12 - "
               r"p\right)\right)$"),
    domain=(r"$0 < p < 1/2$, $n \ge 1$; $D$ fixed with $k$ ones ($\theta_1 = k/n$), or i.i.d. Bernoulli($\theta_1$)"),
    interpretation=(r"$E[\hat{\theta}_1] = \theta_1$ (catalog: 'estimates the proportion of 1's without bias'), in "
                    r"both data models (unbiased either way); $\hat{\theta}_1$ is the stationary point of the "
                    "binomial likelihood (the unconstrained MLE)."),
    readings=("MLE over θ ∈ [0,1]",),
    definitions=("§2.2 data: fixed dataset", "§2.2 data: i.i.d. inputs"),
    related={"R.warner-var": "the variance of the same estimator", "R.nu-unbiased": "applied per coordinate"},
))


@check("R.warner-mle", "symbolic")
def _warner_mle_symbolic(budget: Budget):
    half, k, theta, t = HALF_SYMBOLIC, derivations.k, derivations.theta, sympy.Symbol("t")
    # E[#1's] = k (1/2 + p) + (n - k)(1/2 - p) (k Bernoulli(1/2 + p), n - k Bernoulli(1/2 - p)), unbiased by θ̂
    ones_fixed = k * (half + p_symbol) + (n_symbol - k) * (half - p_symbol)
    yield identity((ones_fixed / n_symbol - (half - p_symbol)) / (2 * p_symbol), k / n_symbol,
                   domain="fixed dataset with k ones, all n >= 1, 0 < p < 1/2")
    # #1's ~ Binomial(n, lam), lam = 1/2 - p + 2p theta: E[#1's] = G'(1), G(t) = (1 - lam + lam t)^n
    lam = half - p_symbol + 2 * p_symbol * theta
    ones_sampled = sympy.Subs(sympy.Derivative((1 - lam + lam * t) ** n_symbol, t), t, 1)
    yield identity((ones_sampled / n_symbol - (half - p_symbol)) / (2 * p_symbol), theta,
                   domain="inputs i.i.d. Bernoulli(theta), all n >= 1, 0 < p < 1/2",
                   simplify=lambda e: sympy.simplify(sympy.together(e.doit())))
    ones = sympy.Symbol("N1", nonnegative=True)
    yield identity(derivations.warner_mle(), (ones / n_symbol - (HALF - p_symbol)) / (2 * p_symbol),
                   domain="stationary point of N1 ln(lam) + (n - N1) ln(1 - lam), lam = 1/2 - p + 2p theta")


@check("R.warner-mle", "enumeration")
def _warner_mle_enumeration(budget: Budget):
    n_top = min(budget.n_max, 12)
    cases = [{"p": p, "n": n, "k": k} for p in p_grid(budget) for n in range(1, n_top + 1) for k in range(n + 1)]

    def holds(case):
        rr = mechanisms.RandomizedResponse(case["p"])
        law = rr.count_law_fixed(case["k"], case["n"])
        return sum(w * rr.estimate(j, case["n"]) for j, w in enumerate(law)) == Fraction(case["k"], case["n"])

    yield exhaustive(cases, holds, domain=f"fixed datasets: n = 1..{n_top}, every k, p on a {budget.grid}-point "
                     "grid; exact law of #1's (Poisson binomial), exact rationals")
    thetas = rational_grid(0, 1, budget.grid)
    sampled = [{"p": p, "n": n, "theta": t} for p in p_grid(budget) for n in (1, 2, 5, n_top) for t in thetas]

    def holds_sampled(case):
        rr = mechanisms.RandomizedResponse(case["p"])
        law = rr.count_law_sampled(case["theta"], case["n"])
        return sum(w * rr.estimate(j, case["n"]) for j, w in enumerate(law)) == case["theta"]

    yield exhaustive(sampled, holds_sampled, domain=f"i.i.d. Bernoulli(theta) inputs, theta on a {budget.grid}-point "
                     f"grid, n in (1, 2, 5, {n_top}); exact binomial law")
    # reading: the MLE over theta in [0, 1] is clip(theta_hat, 0, 1); theta_hat leaves [0, 1] with positive probability
    rr = mechanisms.RandomizedResponse(Fraction(1, 4))
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "n = 1, p = 1/4, one input equal to 1",
                   {"note": "the likelihood restricted to theta in [0,1] is maximised at 0 when theta_hat < 0"},
                   counterexample={"p": Fraction(1, 4), "n": 1, "ones reported": 0, "theta_hat": rr.estimate(0, 1),
                                   "MLE on [0,1]": 0, "probability of this report": rr.count_law_fixed(1, 1)[0]},
                   recheck=Recheck.EXACT, reading="MLE over θ ∈ [0,1]",
                   holds_when=r"the report's $\hat{\theta}$ lies in $[0, 1]$")


# ===================================================================================== R.warner-var
_WARNER_VAR_CORRECTED = (r"inputs i.i.d. Bernoulli($\theta_1$): $\operatorname{Var}\hat\theta_1 = "
                         r"\frac{1}{4p^2n^2}\left(\frac n4 - np^2\right) + \frac{\theta_1(1-\theta_1)}{n}$")
_NOT_NORMAL = {"p": Fraction(1, 4), "n": 1, "k": 1}

define(Claim(
    id="R.warner-var", title=r"$\hat{\theta}_1$ is asymptotically normal with mean $\theta_1$ and the printed variance", source="004 §2.2",
    printed=(r"\frac{1}{4p^2n^2}",),
    statement=(r"$\hat{\theta}_1 \sim \mathcal{N}\left(\theta_1, \frac{1}{4p^2n^2}\left(\frac{n}{4} - "
               r"np^2\right)\right)$"),
    domain="$0 < p < 1/2$, $n \\ge 1$, a fixed dataset $D \\in \\{0,1\\}^n$ with $k$ ones, $\\theta_1 = k/n$ (§2.2)",
    interpretation="'Warner went on to show that $\\hat\\theta_1 \\sim \\mathcal N(\\ldots)$' reports Warner's "
                   "large-sample result, which is what '$\\sim \\mathcal N$' denotes there: $\\mathbb E\\hat\\theta_1 = "
                   "\\theta_1$ and $\\operatorname{Var}\\hat\\theta_1 = \\frac{1}{4p^2n^2}\\left(\\frac n4 - "
                   "np^2\\right)$ exactly (both checked exactly), and $\\hat\\theta_1$ asymptotically normal with "
                   "these moments (the cited law: its Berry–Esseen distance to that normal law tends to 0), in §2.2's "
                   "model ($D$ fixed, only the answers random). That a discrete $\\hat\\theta_1$ is never exactly "
                   "normal is checked beside the verdict, as another reading.",
    readings=(NORMAL_EXACT.name, "§2.2 data: i.i.d. inputs"),
    definitions=("§2.2 data: fixed dataset", "§2.2 data: i.i.d. inputs", NORMAL_LARGE_SAMPLE.name, NORMAL_EXACT.name),
    related={"R.warner-mle": "the estimator", "R.independence": "the per-type variance it feeds"},
))


def _sampled_variance(p: Fraction, n: int, theta: Fraction) -> Fraction:
    rr = mechanisms.RandomizedResponse(p)
    law = dict(enumerate(rr.count_law_sampled(theta, n)))
    return mechanisms.law_moments(law, lambda j: rr.estimate(j, n))[1]


def _berry_esseen_limit() -> Evidence:
    """The Berry–Esseen bound of θ̂₁ (a sum of n independent answers, each Bernoulli(1/2 ± p)) tends to 0 as
    n → ∞ (sympy; the limit is a step a certificate re-runs); the theorem with its constant is cited."""
    start = time.perf_counter()
    spread = sympy.Rational(1, 4) - p_symbol ** 2
    bound = sympy.Rational(56, 100) * (HALF + 2 * p_symbol ** 2) / sympy.sqrt(n_symbol * spread)
    limit = sympy.limit(bound, n_symbol, sympy.oo)
    steps = (Stated("Berry–Esseen for independent, non-identical summands (Shevtsova 2010, C0 = 0.5600): the "
                    "Kolmogorov distance between the law of a standardized sum and N(0, 1) is at most C0 times the "
                    "sum of the third absolute central moments over the variance to the power 3/2; each answer is "
                    "Bernoulli(1/2 ± p), variance 1/4 - p^2, third absolute central moment (1/4 - p^2)(1/2 + 2p^2), "
                    "so the distance is at most the bound below (cited, not machine-checked)"),
             Identity("the Berry–Esseen bound 0.56 (1/2 + 2p^2)/sqrt(n (1/4 - p^2)) tends to 0 as n -> oo",
                      sympy.Limit(bound, n_symbol, sympy.oo), 0))
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if limit == 0 else Outcome.INCONCLUSIVE,
                    "every 0 < p < 1/2, n -> oo (normal limit)",
                    {"Berry-Esseen bound sup|F - Phi|": str(bound), "limit n -> oo": str(limit),
                     "constant": "C0 = 0.5600 (Shevtsova 2010, non-identical summands); every answer is Bernoulli"
                                 "(1/2 ± p), variance 1/4 - p^2, third absolute central moment (1/4 - p^2)(1/2 + 2p^2)"},
                    derived={"bound": bound}, seconds=time.perf_counter() - start, steps=steps)


def _fixed_moments(budget: Budget) -> Evidence:
    n_top = min(budget.n_max, 12)
    cases = [{"p": p, "n": n, "k": k} for p in p_grid(budget) for n in range(1, n_top + 1) for k in range(n + 1)]
    cases += [{"p": p, "n": budget.n_max, "k": k} for p in p_grid(budget)[::4]
              for k in (0, budget.n_max // 3, budget.n_max)]

    def holds(case):
        rr, n = mechanisms.RandomizedResponse(case["p"]), case["n"]
        mean, var = mechanisms.law_moments(dict(enumerate(rr.count_law_fixed(case["k"], n))),
                                           lambda j: rr.estimate(j, n))
        return mean == Fraction(case["k"], n) and var == rr.variance_printed(n)

    return exhaustive(cases, holds, domain=f"fixed datasets: n = 1..{n_top} every k, and n = {budget.n_max} with "
                      f"k in (0, n/3, n); p on a {budget.grid}-point grid; exact law of #1's, exact mean and variance")


def _kolmogorov_within_bound(budget: Budget) -> Evidence:
    def below_bound(case, ctx):
        rr = mechanisms.RandomizedResponse(case["p"])
        return rr.berry_esseen_bound(case["n"], ctx) - rr.kolmogorov_distance(case["k"], case["n"], ctx)

    kolmogorov = [{"p": p, "n": n, "k": k} for p in p_grid(budget)[::2] for n in (10, budget.n_max)
                  for k in (0, n // 2)]
    return certified_exhaustive(kolmogorov, below_bound, sign=">=0", ctx=mpf(50),
                                domain="Kolmogorov distance of the exact law of theta_hat to N(theta_1, printed "
                                       f"variance) against the Berry-Esseen bound, n in (10, {budget.n_max})")


@check("R.warner-var", "symbolic")
def _warner_var_symbolic(budget: Budget):
    """Warner's large-sample result: E θ̂₁ = θ₁ and Var θ̂₁ = the printed V exactly (sympy, fixed dataset), and
    the Berry–Esseen distance to N(θ₁, V) tends to 0. Beside the verdict: with i.i.d. inputs the variance is not
    the printed one (sympy, exact point)."""
    fixed = derivations.warner_fixed()
    # E[theta_hat] from its definition, not the simplified mean: #1's is a sum of k Bernoulli(1/2 + p) and
    # n - k Bernoulli(1/2 - p), and theta_hat = (#1's / n - (1/2 - p)) / (2p)
    k = derivations.k
    ones = k * (HALF + p_symbol) + (n_symbol - k) * (HALF - p_symbol)
    mean = identity((ones / n_symbol - (HALF - p_symbol)) / (2 * p_symbol), k / n_symbol,
                    domain="fixed dataset with k ones: every n >= 1, 0 <= k <= n, 0 < p < 1/2")
    moments = identity(fixed["Var[theta_hat]"], derivations.printed_variance(),
                       domain="fixed dataset with k ones: every n >= 1, 0 <= k <= n, 0 < p < 1/2")
    yield chain([("E[theta_hat] = k/n = theta_1", mean), ("Var[theta_hat] is the printed variance", moments),
                 ("the Berry-Esseen bound -> 0", _berry_esseen_limit())],
                conclusion="theta_hat_1 has mean theta_1 and the printed variance exactly, and is asymptotically "
                           "normal with them: N(theta_1, V) is its large-sample law",
                domain="every 0 < p < 1/2, n >= 1, fixed D")
    sampled = derivations.warner_sampled()["Var[theta_hat]"]
    ev = identity(sampled, derivations.printed_variance(), reading="§2.2 data: i.i.d. inputs",
                  domain="inputs i.i.d. Bernoulli(theta), 0 < theta < 1",
                  points=[{"p": Fraction(1, 4), "n": 2, "theta": HALF}],
                  within="0 < p < 1/2, n >= 1 integer, 0 <= theta <= 1")
    spread = derivations.theta * (1 - derivations.theta) / n_symbol
    corrected = identity(sampled, derivations.printed_variance() + spread,
                         domain="inputs i.i.d. Bernoulli(theta), every theta in [0,1], n >= 1, 0 < p < 1/2")
    yield replace(ev, corrected=Correction(_WARNER_VAR_CORRECTED, (corrected,)))


@check("R.warner-var", "enumeration")
def _warner_var_enumeration(budget: Budget):
    """The exact law of θ̂₁ on a grid of fixed datasets: mean θ₁ and the printed variance, exactly. Beside the
    verdict: read word for word, at n = 1, p = 1/4, D = (1), θ̂₁ takes two values with positive probability, and
    a normal law has no atoms; and with i.i.d. inputs the printed variance misses θ₁(1 - θ₁)/n."""
    yield _fixed_moments(budget)
    rr = mechanisms.RandomizedResponse(_NOT_NORMAL["p"])
    law = rr.count_law_fixed(_NOT_NORMAL["k"], _NOT_NORMAL["n"])
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "n = 1, p = 1/4, D = (1): the exact law of theta_hat",
                   counterexample={**_NOT_NORMAL, "support": [str(rr.estimate(0, 1)), str(rr.estimate(1, 1))],
                                   "masses": [law[0], law[1]], "note": "a two-point law is not normal (no atoms)"},
                   recheck=Recheck.EXACT, reading=NORMAL_EXACT.name)
    p, n, theta = Fraction(1, 4), 2, HALF
    corr_cases = [{"p": q, "n": m, "theta": t} for q in p_grid(budget) for m in (1, 2, 7)
                  for t in rational_grid(0, 1, budget.grid)]
    correction = Correction(_WARNER_VAR_CORRECTED, (exhaustive(
        corr_cases, lambda c: _sampled_variance(c["p"], c["n"], c["theta"]) == mechanisms.RandomizedResponse(
            c["p"]).variance_printed(c["n"]) + c["theta"] * (1 - c["theta"]) / c["n"],
        domain="exact binomial law, n in (1,2,7), p and theta on rational grids"),))
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "inputs i.i.d. Bernoulli(theta)",
                   counterexample={"p": p, "n": n, "theta": theta, "exact": _sampled_variance(p, n, theta),
                                   "printed": mechanisms.RandomizedResponse(p).variance_printed(n)},
                   recheck=Recheck.EXACT, reading="§2.2 data: i.i.d. inputs", corrected=correction)


@check("R.warner-var", "interval")
def _warner_var_interval(budget: Budget):
    """The Kolmogorov distance between the exact law of θ̂₁ and N(θ₁, printed V) is within the Berry–Esseen bound
    (certified, at n = 10 and the budget's largest n). Beside the verdict, read word for word: that distance is
    positive (certified, arb balls at two precisions) at n = 1 and n = 10, so θ̂₁ is not exactly normal."""
    yield _kolmogorov_within_bound(budget)
    cases = [_NOT_NORMAL, {"p": Fraction(1, 4), "n": 10, "k": 5}]

    def distance(case, ctx):
        return mechanisms.RandomizedResponse(case["p"]).kolmogorov_distance(case["k"], case["n"], ctx)

    found = certified_exhaustive(cases, distance, sign="==0", ctx=arb(50), reading=NORMAL_EXACT.name,
                                 names=("Kolmogorov distance", "Kolmogorov distance (second precision)"),
                                 domain="p = 1/4, (n, k) in {(1, 1), (10, 5)}: sup |F - Phi| between the exact law of "
                                        "theta_hat and N(theta_1, printed variance)")
    at_first = found.counterexample is not None and str(found.counterexample.get("n")) == str(_NOT_NORMAL["n"])
    yield replace(found, steps=_not_normal_steps()) if at_first else found


def _not_normal_steps() -> tuple:
    """For a proof certificate, at n = 1, D = (1): the answer is 0 with probability 1/2 - p, where θ̂₁ =
    (0 - (1/2 - p))/(2p); so F(θ̂₁) >= 1/2 - p there, while the printed normal law N(1, v) gives that point
    Φ((θ̂₁ - 1)/√v): the two distribution functions differ, and the Kolmogorov distance is positive."""
    low = (0 - (HALF - p_symbol)) / (2 * p_symbol)
    variance = derivations.printed_variance().xreplace({n_symbol: 1})
    normal = (1 + sympy.erf((low - 1) / sympy.sqrt(2 * variance))) / 2
    point = {"p": _NOT_NORMAL["p"]}
    at = {**point, "n": _NOT_NORMAL["n"], "k": _NOT_NORMAL["k"]}
    k = derivations.k
    domain = sympy.And(p_symbol > 0, p_symbol < HALF, n_symbol >= 1, k >= 0, k <= n_symbol)
    return (Holds("the point (p, n, k) = (1/4, 1, 1) lies in the claim's domain 0 < p < 1/2, n >= 1, 0 <= k <= n",
                  domain, at, ("n", "k")),
            ExactValue("θ̂₁ when the answer is 0, at n = 1", low, point, sympy.Rational(-1, 2)),
            Holds("the exact law puts 1/2 - p on that point, more than the printed normal law puts below it",
                  HALF - p_symbol - normal > 0, point),
            Stated("F(θ̂₁) >= Pr(answer 0) = 1/2 - p at that point, so sup_x |F(x) - Φ((x - θ₁)/√v)| >= "
                   "1/2 - p - Φ((θ̂₁ - θ₁)/√v) > 0 with θ₁ = 1 and v the printed variance at n = 1"))


# ===================================================================================== R.bassily-smith
define(Claim(
    id="R.bassily-smith", title=r"per-coordinate randomized response on one-hot vectors is $\epsilon$-DP",
    printed=(r"\leq e^{\frac{\epsilon}{2}} \cdot e^{\frac{\epsilon}{2}}",),
    source="004 §2.2",
    statement=r"$\frac{\frac12+p}{\frac12-p} \le e^{\epsilon/2} \Longrightarrow "
              r"\frac{\Pr(\mathcal M(i) = b \mid t)}{\Pr(\mathcal M(i) = b \mid t')} = "
              r"\frac{\frac12+p}{\frac12-p}\cdot\frac{\frac12+p}{\frac12-p} \le e^{\epsilon}$",
    domain=r"$0 < p < 1/2$, $\epsilon > 0$, $T \ge 1$ types, one-hot inputs, $b \in \{0,1\}^T$",
    interpretation=(r"pure $\epsilon$-DP of the one-individual mechanism (and of $n$ individuals, neighbours "
                    r"differing in one individual's type): the conclusion (ratio $\le e^{\epsilon}$ for every $b$) "
                    "is what is checked; the middle equality is the proof step R.bassily-smith.ratio."),
    premise=r"$(1/2 + p)/(1/2 - p) \le e^{\epsilon/2}$",
    definitions=("(eps, delta)-DP (004 Definition 2)",),
    related={"R.bassily-smith.ratio": "the proof step (the ratio for any $b$)", "R.rr-eps": "the two-type case"},
))


def _ratio_bound(budget: Budget) -> Evidence:
    """With s = e^{ε/2} > 0 (a monotone substitution): r <= s ⇒ r² <= s² on 0 < p < 1/2 (z3)."""
    r = (HALF + p_symbol) / (HALF - p_symbol)
    return sign_evidence(sympy.Symbol("s") ** 2 - r ** 2, ["p > 0", "p < 1/2", "s > 0", f"s - ({r}) >= 0"],
                         sign=">=0", symbols=["s"], timeout=budget.timeout)


def _bs_ratio(bt: int, bt2: int) -> sympy.Expr:
    """Pr[RR(1) = b_t] Pr[RR(0) = b_t'] / (Pr[RR(0) = b_t] Pr[RR(1) = b_t']) as written (004 §2.2), from
    Pr[RR(x) = b] = 1/2 + p if b = x else 1/2 - p (sympy would cancel equal factors on construction)."""
    def rr(x: int, b: int) -> sympy.Expr:
        return HALF_SYMBOLIC + p_symbol if b == x else HALF_SYMBOLIC - p_symbol

    w, x, y, z = sympy.symbols("factor1:5")  # bound names; plain symbols print the same in every run
    return sympy.Subs(w * x / (y * z), (w, x, y, z), (rr(1, bt), rr(0, bt2), rr(0, bt), rr(1, bt2)))


@check("R.bassily-smith", "decision")
def _bs_decision(budget: Budget) -> Evidence:
    r, ratios = derivations.bassily_smith_ratios()
    steps = [(f"ratio at (b_t, b_t') = {key} is r^{2 * (key[0] - key[1])}",
              identity(_bs_ratio(*key), r ** (2 * (key[0] - key[1])), domain="0 < p < 1/2",
                       simplify=lambda e: sympy.cancel(sympy.together(e.doit()))))
             for key in ratios]
    steps.append(("r <= e^{ε/2} ⇒ r^2 <= e^ε (s = e^{ε/2})", _ratio_bound(budget)))
    proof = chain(steps, conclusion="max over b of the ratio is r^2 <= e^ε; the other coordinates and the other "
                                    "individuals have the same law under t and t' and cancel",
                  method=Method.DECISION, domain="every 0 < p < 1/2, ε with r <= e^{ε/2}, T >= 2 (T = 1: one "
                                                 "input, nothing to compare)")
    point = {"p": Fraction(1, 4), "e^(eps/2)": 3}
    return premise_witnessed(proof, point, mechanisms.RandomizedResponse(point["p"]).ratio <= point["e^(eps/2)"])


@check("R.bassily-smith", "enumeration")
def _bs_enumeration(budget: Budget) -> Evidence:
    """Exact max ratio over every b and t ≠ t' for T = 1..4, against s² with s = e^{ε/2} on a grid around r:
    the cases with r <= s satisfy the premise (counted), the others are skipped."""
    cases = []
    for p in p_grid(budget):
        r = mechanisms.RandomizedResponse(p).ratio
        for s in (r, r * Fraction(11, 10), r * Fraction(9, 10), 2 * r):
            cases += [{"p": p, "T": T, "e^(eps/2)": s} for T in (1, 2, 3, 4)]

    def holds(case):
        worst = mechanisms.OneHotRR(case["p"], case["T"]).max_ratio()
        return worst <= case["e^(eps/2)"] ** 2, {"worst ratio/e^eps": worst / case["e^(eps/2)"] ** 2}

    return exhaustive(cases, holds, premise=lambda c: mechanisms.RandomizedResponse(c["p"]).ratio <= c["e^(eps/2)"],
                      domain=f"T = 1..4, every output b and types t, t'; p on a {budget.grid}-point grid; e^(eps/2) in "
                             "{r, 11r/10, 9r/10, 2r} (exact rationals; 9r/10 violates the premise)",
                      detail={"note": "max ratio = r^2 for T >= 2: at e^(eps/2) = r the loss is exactly eps"})


# ===================================================================================== R.bassily-smith.ratio
define(Claim(
    id="R.bassily-smith.ratio", title="Bassily-Smith proof: the ratio for any response vector",
    printed=(r"&= \frac{\frac{1}{2} + p}{\frac{1}{2} - p} \cdot \frac{\frac{1}{2} + p}{\frac{1}{2} - p}",),
    source="004 §2.2",
    statement=(r"for any vector $b \in \{0,1\}^T:\ \frac{\Pr[RR(1) = b_t]\Pr[RR(0) = b_{t'}]}{\Pr[RR(0) = "
                r"b_t]\Pr[RR(1) = b_{t'}]} = \frac{\frac12 + p}{\frac12 - p}\cdot\frac{\frac12 + p}{\frac12 - p}$"),
    domain=(r"one-hot inputs of types $t \ne t'$ among $T \ge 2$, $0 < p < 1/2$, every response vector $b \in \{0, "
            r"1\}^T$"),
    interpretation=("the printed equality for every $b$ (the proof says 'for any vector $b$'); the weaker bound "
                    r"$\le ((1/2+p)/(1/2-p))^2$, which is all the proof needs, is the alternative reading"),
    readings=("as an upper bound",),
    related={"R.bassily-smith": "the claim this step proves"},
))

_RATIO_CORRECTED = (r"$\frac{\Pr(\mathcal M(i) = b \mid t)}{\Pr(\mathcal M(i) = b \mid t')} = "
                    r"\Big(\frac{\frac12+p}{\frac12-p}\Big)^{2(b_t - b_{t'})} \le "
                    r"\Big(\frac{\frac12+p}{\frac12-p}\Big)^2$, with equality iff $b_t = 1, b_{t'} = 0$")


def _ratio_cases(budget: Budget):
    return [{"p": p, "T": T, "b": b, "t": t, "t'": u} for p in p_grid(budget)[::2] for T in (2, 3)
            for b in itertools.product((0, 1), repeat=T) for t in range(T) for u in range(T) if t != u]


def _ratio_at(case) -> tuple[Fraction, Fraction]:
    mech = mechanisms.OneHotRR(case["p"], case["T"])
    return mech.pmf(case["b"], case["t"]) / mech.pmf(case["b"], case["t'"]), mech.rr.ratio ** 2


@check("R.bassily-smith.ratio", "symbolic")
def _bs_ratio_symbolic(budget: Budget):
    r, ratios = derivations.bassily_smith_ratios()
    exact = [identity(value, r ** (2 * (key[0] - key[1])), domain=f"(b_t, b_t') = {key}, every 0 < p < 1/2")
             for key, value in ratios.items()]
    correction = Correction(_RATIO_CORRECTED, tuple(exact))
    ev = identity(ratios[(0, 0)], r * r, points=[{"p": Fraction(1, 4), "b_t": 0, "b_t'": 0}],
                  domain="(b_t, b_t') = (0, 0): b agrees with neither input at the two coordinates",
                  within="0 < p < 1/2")
    yield replace(ev, corrected=correction, holds_when="$b_t = 1$ and $b_{t'} = 0$")
    def at_most(value):
        gap = sympy.simplify(r ** 2 - value)
        if gap == 0:
            return identity(value, r ** 2, domain="every 0 < p < 1/2")
        return sign_evidence(gap, ["p > 0", "p < 1/2"], sign=">=0", timeout=budget.timeout)

    yield chain([(f"(b_t, b_t') = {key}", at_most(value)) for key, value in ratios.items()],
                conclusion="the ratio is at most r^2 for every b", method=Method.DECISION,
                domain="every 0 < p < 1/2 and every b", reading="as an upper bound")


@check("R.bassily-smith.ratio", "enumeration")
def _bs_ratio_enumeration(budget: Budget):
    cases = _ratio_cases(budget)

    def equal(case):
        lhs, rhs = _ratio_at(case)
        return lhs == rhs, {"lhs": lhs, "rhs": rhs}

    attained = sum(1 for case in cases if _ratio_at(case)[0] == _ratio_at(case)[1])
    ev = exhaustive(cases, equal, domain="T in (2, 3), every b, t != t', p on a grid of (0, 1/2); exact rationals",
                    detail={"cases where the printed value is attained": attained, "cases": len(cases)})
    corrected = exhaustive(cases, lambda c: _ratio_at(c)[0] == mechanisms.RandomizedResponse(c["p"]).ratio ** (
        2 * (c["b"][c["t"]] - c["b"][c["t'"]])), domain="the same cases: the ratio is r^(2(b_t - b_t'))")
    yield replace(ev, corrected=Correction(_RATIO_CORRECTED, (corrected,)))
    yield exhaustive(cases, lambda c: _ratio_at(c)[0] <= _ratio_at(c)[1], reading="as an upper bound",
                     domain="the same cases: ratio <= r^2")
