"""Claims of the report 004 §2: the Gaussian mechanism (§2.1) and the privacy loss of randomized
response (§2.2). Warner's estimator is in :mod:`catalog.claims.report_warner`, the Bassily–Smith extension to
T types in :mod:`catalog.claims.report_bassily_smith`.

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

from core.context import mpf
from numeric import density
from catalog.models import meanest as mechanisms
from catalog.models import meanest_gaussian as gaussian
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence, Method, Outcome
from proofs.base.registry import check, define
from proofs.kernel.steps import ExactValue, Identity, PointClaim, Stated
from catalog.claims.report_common import HALF, p_grid, tail_bound_evidence
from proofs.engines.certified import certified_exhaustive, number_text
from proofs.engines.composite import chain, premise_witnessed
from proofs.engines.ldp import check_ldp
from proofs.engines.methods import exhaustive, identity, inequality_steps, rational_grid
from catalog.engines.notation import paper_sign_evidence
from catalog.derivations import meanest as derivations
from symbolic.symbols import p as p_symbol

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


def _privacy_margin(gs_of, curve=gaussian.gaussian_delta_in):
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
         paper_sign_evidence(steps["x >= 0"], interval, sign=">=0", symbols=["delta", "w"], timeout=budget.timeout)),
        ("x^2 >= a^2 - 2h", paper_sign_evidence(steps["square"], ["a > 0", "h > 0"], sign=">=0", symbols=["a", "h"],
                                          timeout=budget.timeout)),
        ("e^{-a^2/2} = δ/2", identity(steps["e^{-a^2/2}"], sympy.Symbol("delta", positive=True) / 2,
                                      domain="0 < δ < 1")),
        ("δ w/4 <= δ for w <= 4", paper_sign_evidence(steps["last"], interval, sign=">=0", symbols=["delta", "w"],
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
                   paper_sign_evidence("a*D/e - a/e", ["a > 0", "e > 0", "D >= 1"], sign=">=0", symbols=["a", "D", "e"],
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



@check("R.gaussian", "decision")
def _gaussian_public_law(budget: Budget):
    """The named point (ε, δ, Δ) = (10, 10^-5, 1) through the public Gaussian law: :func:`numeric.density.gaussian`
    with σ = √(2 ln(2/δ)) GS/ε, GS = Δ² as printed, decided by the toolkit's ``check_ldp(law, ε, delta=δ)`` (the
    exact curve of Balle & Wang, and the hockey-stick divergence by certified integration), independently of
    :mod:`catalog.models.meanest_gaussian`."""
    point = _GAUSS_POINT
    gs = point["sensitivity"] ** 2
    eps, delta = sympy.Rational(point["eps"]), sympy.Rational(point["delta"])
    sigma = sympy.sqrt(2 * sympy.log(2 / delta)) * sympy.Rational(gs) / eps
    law = density.gaussian(sigma, sensitivity=sympy.Rational(point["sensitivity"]))
    verdict = check_ldp(law, eps, delta=delta, timeout=budget.timeout)
    named = {name: str(value) for name, value in point.items()}
    for evidence in verdict.evidence:
        evidence = premise_witnessed(evidence, named, _calibrated(point))   # σ is set by the calibration: one case
        yield replace(evidence, domain=(f"(ε, δ, Δ) = (10, 10^-5, 1), σ = √(2 ln(2/δ)) Δ²/ε as printed, the public "
                                        f"Gaussian law and check_ldp(delta=δ): {evidence.domain}"),
                      counterexample=(None if evidence.counterexample is None
                                      else {**named, **evidence.counterexample}))

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
                   ("h'(p) > 0 on 0 < p < 1/2", paper_sign_evidence(gap["h'"], ["p > 0", "p < 1/2"], sign=">0",
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
        rr, n = mechanisms.WarnerRR(case["p"]), case["n"]
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
