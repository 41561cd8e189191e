"""Claims of the report 004 §3.1: the Gaussian baseline for a bounded mean — the tail interval, the global
sensitivity of the bounded X_i, the private responses Z_i and their mean, and the confidence interval.

Readings (:mod:`numeric.definitions.report`): GS(f) is the ℓ2 sensitivity (primary, as in R.gaussian);
the release of §3.1 is read as the report derives it (X_i unrestricted, the stop rule being the
probability-δ catastrophe left out of the analysis), with the release conditioned on no stop, or clipped
to the bound, as the alternatives.
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb, mpf
from core.formula import parse_formula
from numeric import meanest_gaussian as gaussian
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome
from proofs.base.registry import check, define
from proofs.claims.report_common import SEEDS, simulation_outcome, tail_bound_evidence
from proofs.engines.certified import certified_exhaustive
from proofs.engines.composite import chain, premise_witnessed
from proofs.engines.methods import exhaustive, identity, rational_grid
from proofs.engines.sign import sign_evidence
from symbolic import meanest as derivations

# ===================================================================================== R.tail
_TAIL_CORRECTED = (r"\Pr\Big(\forall i \le n:\ X_i \in \Big[\mu - \sigma\sqrt{2\ln\tfrac{2n}{\delta}},\ "
                   r"\mu + \sigma\sqrt{2\ln\tfrac{2n}{\delta}}\Big]\Big) \ge 1 - \delta")

define(Claim(
    id="R.tail", title="the Gaussian tail interval of §3.1", source="004 §3.1",
    printed=(r"X_i \in \left[-\mu - \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)}, \mu + \sigma \sqrt{2 "
             r"\ln \left(\frac{2n}{\delta} \right)} \right]",),
    statement=r"\text{with probability} \ge (1-\delta),\ X_i \in \left[-\mu - \sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)},"
              r" \mu + \sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)}\right]",
    domain=r"X_1..X_n i.i.d. N(\mu, \sigma^2), \mu \in \mathbb R, \sigma > 0, n \ge 1, 0 < \delta < 1",
    interpretation="as printed (lower end -μ - σ√...), for all X_1..X_n simultaneously (the 2n/δ is a union "
                   "bound over the n draws).",
    readings=("centred",),
    premise="X_1, ..., X_n i.i.d. N(μ, σ²)",
    related={"R.gs-identity": "the range of X_i it gives", "R.zbar-unbiased": "the stop rule built on it"},
))


def _tail_cases(budget: Budget):
    mus = sorted(set(rational_grid(-2, 2, budget.grid)) | {Fraction(0)})
    return [{"mu": mu, "sigma": s, "n": n, "delta": d} for mu in mus for s in (Fraction(1, 2), Fraction(1), Fraction(2))
            for n in (1, 5, 20) for d in (Fraction(1, 100), Fraction(1, 10), Fraction(1, 2))]


def _tail_margin(reading: str):
    def margin(case, ctx):
        probability = gaussian.tail_probability(case["mu"], case["sigma"], case["n"], case["delta"], reading, ctx)
        return probability - ctx.number(1 - case["delta"])
    return margin


def _normal_model(case) -> bool:
    return case["sigma"] > 0 and case["n"] >= 1


def _tail_proof() -> Evidence:
    """Union bound: Pr(some X_i outside [μ - σa, μ + σa]) <= n · 2Q(a) <= n e^{-a²/2} = δ/2 at
    a = √(2 ln(2n/δ)), by the Gaussian tail bound."""
    a = sympy.Symbol("a", nonnegative=True)
    n, delta = sympy.Symbol("n", positive=True, integer=True), sympy.Symbol("delta", positive=True)
    outside = 1 - (sympy.erf(a / sympy.sqrt(2)) + 1) / 2 + (sympy.erf(-a / sympy.sqrt(2)) + 1) / 2
    at_a = (n * sympy.exp(-a ** 2 / 2)).subs(a, sympy.sqrt(2 * sympy.log(2 * n / delta)))
    proof = chain([("Pr(|X - μ| > σa) = 2Q(a)", identity(outside, sympy.erfc(a / sympy.sqrt(2)),
                                                           domain="a >= 0 (standardised draw)",
                                                           simplify=lambda e: sympy.simplify(e.rewrite(sympy.erf)))),
                   ("Q(a) <= e^{-a^2/2}/2", tail_bound_evidence()),
                   ("n e^{-a^2/2} = δ/2 at a = sqrt(2 ln(2n/δ))",
                    identity(at_a, delta / 2, domain="n >= 1, 0 < δ < 1"))],
                  conclusion="Pr(some X_i outside) <= n 2Q(a) <= n e^{-a^2/2} = δ/2 <= δ (union bound over the n "
                             "draws)",
                  domain="every μ, σ > 0, n >= 1, 0 < δ < 1 (centred interval)")
    return premise_witnessed(proof, {"mu": 0, "sigma": 1, "n": 1}, True)


@check("R.tail", "enumeration")
def _tail_enumeration(budget: Budget):
    cases = _tail_cases(budget)
    where = (f"mu on a {budget.grid}-point grid of (-2, 2) plus 0, sigma in {{1/2, 1, 2}}, n in {{1, 5, 20}}, "
             "delta in {1/100, 1/10, 1/2}; Pr = (Phi((B-mu)/sigma) - Phi((A-mu)/sigma))_+^n")
    centred = certified_exhaustive(cases, _tail_margin("centred"), sign=">=0", ctx=mpf(50), premise=_normal_model,
                                   domain=where)
    nonnegative = certified_exhaustive([c for c in cases if c["mu"] >= 0], _tail_margin("printed"), sign=">=0",
                                       ctx=mpf(50), premise=_normal_model, domain=where + ", mu >= 0 only")
    ev = certified_exhaustive(cases, _tail_margin("printed"), sign=">=0", ctx=mpf(50), premise=_normal_model,
                              domain=where, names=("Pr - (1 - delta)", "Pr - (1 - delta) (second precision)"))
    yield replace(ev, holds_when="mu >= 0 (the printed interval then contains the centred one, which is proved)",
                  corrected=Correction(_TAIL_CORRECTED, (centred, _tail_proof())),
                  detail={**ev.detail, "printed reading on the mu >= 0 part of the grid": nonnegative.outcome.value})
    yield replace(centred, reading="centred")


@check("R.tail", "interval")
def _tail_interval(budget: Budget):
    """Certified (arb balls at two precisions) probability at mu = -1, sigma = 1, n = 1, delta = 1/2: the
    printed interval [1 - sqrt(2 ln 4), -1 + sqrt(2 ln 4)] holds X with probability below 1/2."""
    case = {"mu": Fraction(-1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}
    yield certified_exhaustive([case], _tail_margin("printed"), sign=">=0", ctx=arb(50), premise=_normal_model,
                               names=("Pr - (1 - delta)", "Pr - (1 - delta) (second precision)"),
                               domain="mu = -1, sigma = 1, n = 1, delta = 1/2 (interval [1 - sqrt(2 ln 4), "
                                      "-1 + sqrt(2 ln 4)])")
    yield replace(_tail_proof(), reading="centred")


# ===================================================================================== R.gs-identity
define(Claim(
    id="R.gs-identity", title="the global sensitivity of the bounded X_i",
    printed=(r"GS(f) = 2 \left(R + \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)} \right)",
             r"X_i \in \left[-R - \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)}"),
    source="004 §3.1",
    statement=r"GS(f) = 2\left(R + \sigma\sqrt{2\ln(2n/\delta)}\right) \text{ against §2.1's } "
              r"GS(f) = \max_{D \sim D'} \|f(D) - f(D')\|^2",
    domain="f the identity on one record, X_i in [-B, B] with B = R + sigma t, t = sqrt(2 ln(2n/delta)), R > 0, "
           "sigma > 0, n >= 1, 0 < delta < 1 (every B > 0 occurs)",
    interpretation="GS read as the ℓ2 sensitivity, the primary reading of R.gaussian: max over x, x' in [-B, B] "
                   "of |x - x'| = 2B, the printed value. Under §2.1's squared norm (the alternative) GS = (2B)², "
                   "which equals 2B only when B = 1/2: the identity satisfies the unsquared definition.",
    readings=("GS: squared",),
    definitions=("GS: l2", "GS: squared"),
    related={"R.gaussian": "the definition of GS in §2.1", "R.tail": "the bound that gives the range"},
))

_BOX = ["R > 0", "sigma > 0", "t > 0", "x >= -(R + sigma*t)", "x <= R + sigma*t", "y >= -(R + sigma*t)",
        "y <= R + sigma*t"]


@check("R.gs-identity", "decision")
def _gs_decision(budget: Budget) -> Evidence:
    bound = parse_formula("2*(R + sigma*t)")
    steps = [(f"{side} <= 2B on the box", sign_evidence(f"2*(R + sigma*t) - ({side})", _BOX, sign=">=0",
                                                       symbols=["R", "sigma", "t", "x", "y"], timeout=budget.timeout))
             for side in ("x - y", "y - x")]
    steps.append(("attained at x = B, y = -B", identity(parse_formula("(R + sigma*t) - (-(R + sigma*t))"), bound,
                                                         domain="x = B, y = -B")))
    return chain(steps, conclusion="max over x, x' in [-B, B] of |x - x'| = 2(R + sigma t): GS(f) as printed, "
                                   "under the l2 reading", method=Method.DECISION,
                 domain="every R > 0, sigma > 0, t > 0 (t = sqrt(2 ln(2n/delta)) > 0)")


@check("R.gs-identity", "enumeration")
def _gs_enumeration(budget: Budget):
    """Every pair x, x' on a grid of [-B, B] with both ends (exact rationals): |x - x'| <= 2B, and the largest
    value found is 2B (at x = B, x' = -B)."""
    cases = []
    for bound in rational_grid(0, 10, budget.grid):
        points = [bound * Fraction(j - budget.grid, budget.grid) for j in range(2 * budget.grid + 1)]
        cases.append({"B": bound, "points": points})

    def holds(case):
        widest = max(abs(x - y) for x in case["points"] for y in case["points"])
        return widest == 2 * case["B"], {"worst max|x - x'|/2B": widest / (2 * case["B"])}

    yield exhaustive(cases, holds, domain=f"B = R + sigma t on a {budget.grid}-point grid of (0, 10); x, x' on the "
                                          f"{2 * budget.grid + 1}-point grid of [-B, B] with both ends; exact rationals")
    case = {"R": Fraction(1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}

    def squared_minus_printed(c, ctx):
        width = 2 * gaussian.release_bound(c["R"], c["sigma"], c["n"], c["delta"], ctx)
        return width * width - width

    yield certified_exhaustive([case], squared_minus_printed, sign="==0", ctx=arb(50), reading="GS: squared",
                               names=("(2B)^2 - 2B", "(2B)^2 - 2B (second precision)"),
                               domain="R = 1, sigma = 1, n = 1, delta = 1/2: B = 1 + sqrt(2 ln 4)")
    yield replace(sign_evidence("4*B**2 - 2*B", ["B > 0"], sign="==0", symbols=["B"], timeout=budget.timeout,
                                search_region=False, reading="GS: squared"),
                  holds_when="R + sigma sqrt(2 ln(2n/delta)) = 1/2 (the roots of 4B^2 = 2B are 0 and 1/2)")


# ===================================================================================== R.zbar-unbiased
define(Claim(
    id="R.zbar-unbiased", title="Z̄ is unbiased for μ",
    printed=(r"\bar{Z}",),
    source="004 §3.1",
    statement=r"Z_i = (X_i + Y_i) \sim \mathcal{N}(\mu, \sigma^2 + \tilde\sigma^2),\ \bar Z \text{ is an unbiased "
              r"estimator of } \mu",
    domain="X_i ~ N(mu, sigma^2) i.i.d., mu in [-R, R], Y_i ~ N(0, tilde sigma^2) independent, n >= 1, 0 < delta < 1",
    interpretation="as the report derives it: X_i unrestricted (the stop rule is the probability-δ catastrophe left "
                   "out of the analysis, as in R.ci-gauss); then Z_i is exactly N(μ, σ² + σ̃²) and E[Z̄] = μ. "
                   "Alternatives: the release conditioned on every X_i in [-B, B], B = R + σ√(2 ln(2n/δ)) (the "
                   "mechanism stops otherwise), or X_i clipped to [-B, B]: then Z_i is not normal and "
                   "E[Z̄] = E[X | -B <= X <= B] (resp. E[clip X]) differs from μ unless μ = 0.",
    readings=("§3.1 release: conditional on no stop", "§3.1 release: clipped"),
    definitions=("§3.1 release: as derived", "§3.1 release: conditional on no stop", "§3.1 release: clipped"),
    related={"R.tail": "the bound the release relies on", "R.ci-gauss": "the interval built on Z̄",
             "R.gs-identity": "the sensitivity that sets σ̃"},
))

_ZBAR_CORRECTED = (r"\text{if the mechanism releases only when every } X_i \in [-B, B]:\ \mathbb E[\bar Z] = \mu + "
                   r"\sigma\,\frac{\varphi(a) - \varphi(b)}{\Phi(b) - \Phi(a)},\ a = \frac{-B - \mu}{\sigma},\ "
                   r"b = \frac{B - \mu}{\sigma}\ (= \mu \text{ iff } \mu = 0)")
_RELEASE = {"R": Fraction(1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}


@check("R.zbar-unbiased", "symbolic")
def _zbar_symbolic(budget: Budget):
    facts = derivations.normal_sum_mgf()
    yield chain([("M_X M_Y = M of N(mu, sigma^2 + tau^2)", identity(facts["M_X M_Y"], facts["M_N(mu, sigma^2 + tau^2)"],
                                                                    domain="every t, mu, sigma, tau > 0")),
                 ("E[Z_i] = M'(0) = mu", identity(facts["E[Z]"], facts["mu"], domain="every mu"))],
                conclusion="Z_i ~ N(mu, sigma^2 + tilde sigma^2) (an MGF determines the law) and, by linearity, "
                           "E[Z bar] = mu",
                domain="every mu, sigma > 0, tilde sigma > 0, n >= 1 (X_i unrestricted)")
    truncated = derivations.truncated_normal_mean()
    yield replace(identity(truncated["integrated"], truncated["closed form"],
                           domain="every mu, sigma > 0, a < b (standardised bounds)"),
                  reading="§3.1 release: conditional on no stop")


def _bias(mean_of):
    def bias(case, ctx):
        bound = gaussian.release_bound(case["R"], case["sigma"], case["n"], case["delta"], ctx)
        return mean_of(case["mu"], case["sigma"], -bound, bound, ctx) - ctx.number(case["mu"])
    return bias


@check("R.zbar-unbiased", "enumeration")
def _zbar_enumeration(budget: Budget):
    """The moments of X + Y, from those of X and Y by the binomial expansion (exact rationals), equal the
    moments of N(mu, sigma^2 + tau^2) up to order 8 (the normal law is determined by its moments)."""
    values = rational_grid(-2, 2, budget.grid)
    variances = rational_grid(0, 4, budget.grid)
    configs = [{"mu": mu, "sigma^2": s, "tau^2": t, "k": k} for mu in values for s in variances[::2]
               for t in variances[1::2] for k in range(1, 9)]
    yield exhaustive(configs, lambda c: gaussian.sum_moment(c["k"], c["mu"], c["sigma^2"], c["tau^2"])
                     == gaussian.normal_moment(c["k"], c["mu"], c["sigma^2"] + c["tau^2"]),
                     domain=f"mu on a {budget.grid}-point grid of (-2, 2), sigma^2 and tau^2 on grids of (0, 4), "
                            "moments k = 1..8 (k = 1: E[Z_i] = mu, so E[Z bar] = mu); exact rationals")
    mus = [Fraction(1), Fraction(1, 2), Fraction(0), Fraction(-1, 2)]

    def against_quadrature(case, ctx):
        bound = gaussian.release_bound(case["R"], case["sigma"], case["n"], case["delta"], ctx)
        return (gaussian.truncated_mean(case["mu"], case["sigma"], -bound, bound, ctx)
                - gaussian.truncated_mean_quadrature(case["mu"], case["sigma"], -bound, bound, ctx))

    quadrature = certified_exhaustive([{**_RELEASE, "mu": mu} for mu in mus[:2]], against_quadrature, sign="==0",
                                      ctx=mpf(50), domain="R = 1, sigma = 1, n = 1, delta = 1/2, mu in {1, 1/2}: the "
                                                          "closed-form truncated mean = quadrature")
    for reading, mean_of in (("§3.1 release: conditional on no stop", gaussian.truncated_mean),
                             ("§3.1 release: clipped", gaussian.clipped_mean)):
        ev = certified_exhaustive([{**_RELEASE, "mu": mu} for mu in mus], _bias(mean_of), sign="==0", ctx=arb(50),
                                  reading=reading, names=("E[X_i] - mu", "E[X_i] - mu (second precision)"),
                                  domain="R = 1, sigma = 1, n = 1, delta = 1/2 (B = 1 + sqrt(2 ln 4)), "
                                         "mu in {1, 1/2, 0, -1/2}")
        yield replace(ev, holds_when="mu = 0 (symmetric truncation)",
                      corrected=Correction(_ZBAR_CORRECTED, (quadrature,)) if mean_of is gaussian.truncated_mean
                      else None)


# ===================================================================================== R.ci-gauss
define(Claim(
    id="R.ci-gauss", title="the Gaussian baseline confidence interval", source="004 §3.1",
    printed=(r"\mu \in \left[\bar{Z} - z_{\frac{\alpha}{2}}^* \sqrt{\frac{\sigma^2 + \tilde{\sigma}^2}{n}}",),
    statement=r"\mu \in \left[\bar Z - z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}},\ "
              r"\bar Z + z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}}\right]\ \text{is a } (1-\alpha)\% \text{ confidence interval}",
    domain=r"X_i \sim N(\mu, \sigma^2) i.i.d., \mu \in [-R, R], Y_i \sim N(0, \tilde\sigma^2), "
           r"\tilde\sigma^2 = 2\ln(2/\delta) GS^2/\epsilon^2, GS = 2(R + \sigma\sqrt{2\ln(2n/\delta)}), 0 < \alpha < 1",
    interpretation="coverage of μ equal to 1-α ('(1-α)%' read as level 1-α), z*_{α/2} = Φ^{-1}(1-α/2), Z_i = "
                   "X_i + Y_i ~ N(μ, σ² + σ̃²) as the report derives it (the release as derived; R.zbar-unbiased).",
    readings=("§3.1 release: conditional on no stop",),
    definitions=("§3.1 release: as derived", "§3.1 release: conditional on no stop", "GS: l2"),
    related={"R.zbar-unbiased": "the law of Z̄ it rests on", "R.gaussian": "the noise calibration"},
))

_GAUSS_CI_CONFIGS = [
    {"R": Fraction(1), "sigma": Fraction(1), "n": 20, "eps": Fraction(1, 2), "delta": Fraction(1, 100),
     "mu": Fraction(3, 10), "alpha": Fraction(1, 20)},
    {"R": Fraction(5), "sigma": Fraction(2), "n": 10, "eps": Fraction(2), "delta": Fraction(1, 1000),
     "mu": Fraction(-5), "alpha": Fraction(1, 10)},
]


@check("R.ci-gauss", "symbolic")
def _ci_gauss_symbolic(budget: Budget) -> Evidence:
    """Z̄ ~ N(μ, (σ² + σ̃²)/n) exactly, so Pr(|Z̄ - μ| <= z s) = erf(z/√2) with z = √2 erfinv(1 - α): 1 - α."""
    start = time.perf_counter()
    alpha = sympy.Symbol("alpha", positive=True)
    coverage = sympy.erf(sympy.sqrt(2) * sympy.erfinv(1 - alpha) / sympy.sqrt(2))
    ok = sympy.simplify(coverage - (1 - alpha)) == 0
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every n >= 1, mu, sigma, sigma-tilde > 0, 0 < alpha < 1 (Z_i normal, as the report derives)",
                    {"coverage": str(coverage), "simplified": str(sympy.simplify(coverage))},
                    derived={"coverage": coverage}, seconds=time.perf_counter() - start)


@check("R.ci-gauss", "simulation")
def _ci_gauss_simulation(budget: Budget):
    for condition, reading in ((False, None), (True, "§3.1 release: conditional on no stop")):
        groups = [[gaussian.simulate_ci_gauss(
            gaussian.GaussianBaseline(cfg["R"], cfg["sigma"], cfg["n"], cfg["eps"], cfg["delta"]), cfg["mu"],
            cfg["alpha"], budget.replicates, seed, condition_on_no_stop=condition) for seed in SEEDS]
            for cfg in _GAUSS_CI_CONFIGS]
        runs = [(cfg, coverage) for cfg, group in zip(_GAUSS_CI_CONFIGS, groups) for coverage in group]
        outcome = simulation_outcome(groups)
        yield Evidence(Method.SIMULATION, Outcome.INCONCLUSIVE if outcome is Outcome.COUNTEREXAMPLE else outcome,
                       f"{len(_GAUSS_CI_CONFIGS)} configurations x seeds {SEEDS}, {budget.replicates} replicates each; "
                       "numpy default_rng; Wilson 99.9% interval of the coverage",
                       {"runs": [{**cfg, **coverage.to_detail()} for cfg, coverage in runs],
                        "standard": "holds unless, for some configuration, every seed's interval lies strictly below "
                                    "1 - alpha; a simulation alone never refutes (report_common)"}, reading=reading)
