"""Claims of the report 004 §3.1 on what the Gaussian baseline releases: the mean of the private
responses Z_i (R.zbar-unbiased) and the confidence interval built on it (R.ci-gauss).

Readings as in :mod:`catalog.claims.report_gaussian`: the mechanism is the one specified, stop rule included,
so what it releases has the law of the draws conditional on every X_i in [-B, B]; the report's derivation
(X_i unrestricted) and X_i clipped to the bound are checked beside the verdicts.
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb, mpf
from catalog.models import meanest_gaussian as gaussian
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome
from proofs.base.registry import check, define
from proofs.kernel.steps import FiniteCheck, PointClaim, Stated, TwoPrecisions
from catalog.claims.report_common import SEEDS, simulation_outcome
from proofs.engines.certified import certified_exhaustive
from proofs.engines.composite import chain
from proofs.engines.methods import exhaustive, identity, rational_grid
from catalog.engines.notation import paper_sign_evidence
from catalog.derivations import meanest as derivations


# ===================================================================================== R.zbar-unbiased
define(Claim(
    id="R.zbar-unbiased", title=r"$\bar{Z}$ is unbiased for $\mu$",
    printed=(r"\bar{Z}",),
    source="004 §3.1",
    statement=(r"$Z_i = (X_i + Y_i) \sim \mathcal{N}(\mu, \sigma^2 + \tilde\sigma^2),\ \bar Z$ is an unbiased "
               r"estimator of $\mu$"),
    domain="$X_i \\sim N(\\mu, \\sigma^2)$ i.i.d., $\\mu \\in [-R, R]$, $Y_i \\sim N(0, \\tilde\\sigma^2)$ independent, "
           "$n \\ge 1$, $0 < \\delta < 1$; the mechanism of §3.1 as specified",
    interpretation="The mechanism as specified: it 'will stop and return nothing if a value of $X_i$ is sampled "
                   "outside of our bound' $[-B, B]$, $B = R + \\sigma\\sqrt{2\\ln(2n/\\delta)}$, so what it releases "
                   "has the law conditional on every $X_i \\in [-B, B]$ (one model in every claim about it). Then "
                   "$Z_i$ is not normal and $\\mathbb E[\\bar Z] = \\mathbb E[X \\mid -B \\le X \\le B]$, which differs "
                   "from $\\mu$ unless $\\mu = 0$. The report's derivation leaves the stop rule out ($X_i$ "
                   "unrestricted, $Z_i \\sim N(\\mu, \\sigma^2 + \\tilde\\sigma^2)$ exactly, $\\mathbb E[\\bar Z] = \\mu$): "
                   "that simplification, and $X_i$ clipped to the bound, are checked beside the verdict.",
    readings=("§3.1 release: as derived", "§3.1 release: clipped"),
    definitions=("§3.1 release: conditional on no stop", "§3.1 release: as derived", "§3.1 release: clipped"),
    related={"R.tail": "the bound the release relies on", "R.ci-gauss": "the interval built on Z̄",
             "R.gs-identity": r"the sensitivity that sets $\tilde{\sigma}$"},
))

_ZBAR_CORRECTED = ("For the mechanism as specified (it releases only when every $X_i \\in [-B, B]$), "
                   "$\\mathbb E[\\bar Z] = \\mu + \\sigma\\,\\frac{\\varphi(a) - \\varphi(b)}{\\Phi(b) - \\Phi(a)}$ with "
                   "$a = \\frac{-B - \\mu}{\\sigma}$, $b = \\frac{B - \\mu}{\\sigma}$: the bias has the sign of $-\\mu$, "
                   "so $\\bar Z$ is unbiased exactly when $\\mu = 0$")
#: the two points of the review: (μ = R = 1, σ = 1, n = 1, δ = 1/2) and (μ = R = 1, σ = 1, n = 100, δ = 1/20)
_BIASED = [{"mu": Fraction(1), "R": Fraction(1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)},
           {"mu": Fraction(1), "R": Fraction(1), "sigma": Fraction(1), "n": 100, "delta": Fraction(1, 20)}]
_BIASED_TEXT = ("mu = R = 1, sigma = 1 at (n, delta) = (1, 1/2) (B = 1 + sqrt(2 ln 4)) and (100, 1/20) "
                "(B = 1 + sqrt(2 ln 4000)); E[Z bar | release] - mu")
_RELEASE = {"R": Fraction(1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}
_AS_DERIVED = "§3.1 release: as derived"


def _released_bias(mean_of):
    def bias(case, ctx):
        return mean_of(case["mu"], case["R"], case["sigma"], case["n"], case["delta"], ctx) - ctx.number(case["mu"])
    return bias


def _zbar_sign_argument(budget: Budget) -> Evidence:
    """E[X | -B <= X <= B] = μ + σ(φ(a) - φ(b))/(Φ(b) - Φ(a)) (integrated by sympy); φ(a)/φ(b) = e^{-u} with
    u = 2Bμ/σ²; e^{-u} - 1 has the sign of -u (decided), so the bias is 0 exactly when μ = 0."""
    truncated = derivations.truncated_normal_mean()
    mu, sigma = truncated["mu"], truncated["sigma"]
    B = sympy.Symbol("B", positive=True)

    def pdf(x):
        return sympy.exp(-x ** 2 / 2) / sympy.sqrt(2 * sympy.pi)

    a, b = (-B - mu) / sigma, (B - mu) / sigma
    ratio = identity(pdf(a) / pdf(b), sympy.exp(-2 * B * mu / sigma ** 2),
                     domain="every mu, sigma > 0, B > 0 (a = (-B - mu)/sigma, b = (B - mu)/sigma)")
    steps = [("E[X | a <= Z <= b] in closed form", identity(truncated["integrated"], truncated["closed form"],
                                                            domain="every mu, sigma > 0, a < b (standardised bounds)")),
             ("phi(a)/phi(b) = e^{-u}, u = 2 B mu / sigma^2", ratio),
             ("u > 0 when mu > 0", paper_sign_evidence("2*B*mu/sigma**2", ["B > 0", "sigma > 0", "mu > 0"], sign=">0",
                                                 symbols=["B", "mu", "sigma"], timeout=budget.timeout)),
             ("u < 0 when mu < 0", paper_sign_evidence("2*B*mu/sigma**2", ["B > 0", "sigma > 0", "mu < 0"], sign="<0",
                                                 symbols=["B", "mu", "sigma"], timeout=budget.timeout)),
             ("e^{-u} - 1 < 0 for u > 0", paper_sign_evidence("exp(-u) - 1", ["u > 0"], sign="<0", symbols=["u"],
                                                        timeout=budget.timeout)),
             ("e^{-u} - 1 > 0 for u < 0", paper_sign_evidence("exp(-u) - 1", ["u < 0"], sign=">0", symbols=["u"],
                                                        timeout=budget.timeout))]
    return chain(steps, conclusion="bias = sigma phi(b) (e^{-u} - 1)/(Phi(b) - Phi(a)), with phi(b) > 0 and Phi(b) > "
                                   "Phi(a) (Phi increases, b > a): the sign of -mu, zero exactly at mu = 0",
                 domain="every mu in [-R, R], sigma > 0, B > 0 (every R > 0, n >= 1, 0 < delta < 1)")


def _zbar_correction(budget: Budget) -> Correction:
    mus = [Fraction(1), Fraction(1, 2), Fraction(0), Fraction(-1, 2)]

    def against_quadrature(case, ctx):
        return (gaussian.released_mean(case["mu"], case["R"], case["sigma"], case["n"], case["delta"], ctx)
                - gaussian.released_mean_quadrature(case["mu"], case["R"], case["sigma"], case["n"], case["delta"], ctx))

    quadrature = certified_exhaustive([{**_RELEASE, "mu": mu} for mu in mus] + _BIASED[1:], against_quadrature,
                                      sign="==0", ctx=mpf(50),
                                      domain="R = 1, sigma = 1, (n, delta) = (1, 1/2) at mu in {1, 1/2, 0, -1/2} and "
                                             "(100, 1/20) at mu = 1: the closed form = quadrature of the truncated law")
    return Correction(_ZBAR_CORRECTED, (_zbar_sign_argument(budget), quadrature))


@check("R.zbar-unbiased", "interval")
def _zbar_interval(budget: Budget):
    """Certified (arb balls, two precisions): E[Z̄ | release] - μ = -0.104 at n = 1, δ = 1/2 and -1.0e-4 at n = 100,
    δ = 1/20 (μ = R = 1, σ = 1): the mechanism as specified is biased."""
    ev = certified_exhaustive(_BIASED, _released_bias(gaussian.released_mean), sign="==0", ctx=arb(50),
                              names=("E[Z bar] - mu", "E[Z bar] - mu (second precision)"), domain=_BIASED_TEXT,
                              claim=_released_claim())
    glue = (Stated("Z_i = X_i + Y_i with Y_i ~ N(0, tilde sigma^2) independent of the X_j, and the mechanism releases "
                   "only when every |X_j| <= B, the X_j independent: so E[Z bar | release] = E[X | -B <= X <= B]"),)
    yield replace(ev, holds_when="$\\mu = 0$ (symmetric truncation)", corrected=_zbar_correction(budget),
                  steps=ev.steps + glue if ev.steps else ())


def _released_claim() -> PointClaim:
    """R.zbar-unbiased for the mechanism as specified, as sympy (for a proof certificate): E[Z̄ | release] =
    E[X | -B <= X <= B] = μ + σ(φ(a) - φ(b))/(Φ(b) - Φ(a)), a = (-B - μ)/σ, b = (B - μ)/σ, B = R + σ√(2 ln(2n/δ)),
    claimed equal to μ."""
    mu, big_r, sigma, delta = sympy.symbols("mu R sigma delta", real=True)
    size = sympy.Symbol("n", integer=True, positive=True)
    bound = big_r + sigma * sympy.sqrt(2 * sympy.log(2 * size / delta))
    a, b = (-bound - mu) / sigma, (bound - mu) / sigma
    cdf = lambda x: (1 + sympy.erf(x / sympy.sqrt(2))) / 2  # noqa: E731 - Φ
    density = lambda x: sympy.exp(-x ** 2 / 2) / sympy.sqrt(2 * sympy.pi)  # noqa: E731 - φ
    released = mu + sigma * (density(a) - density(b)) / (cdf(b) - cdf(a))
    return PointClaim(released, mu, "==", domain="R > 0, -R <= mu <= R, sigma > 0, n >= 1 integer, 0 < delta < 1",
                      printed_says="E[Z bar | release] = E[X | -B <= X <= B] for the mechanism as specified")


@check("R.zbar-unbiased", "enumeration")
def _zbar_enumeration(budget: Budget):
    """The same bias by quadrature of the truncated density (mpmath, two precisions), independent of the closed
    form; beside the verdict: the derivation's simplification (the moments of X + Y, exact, equal those of
    N(μ, σ² + τ²)) and the clipped release."""
    yield certified_exhaustive(_BIASED, _released_bias(gaussian.released_mean_quadrature), sign="==0", ctx=mpf(50),
                               names=("E[Z bar] - mu", "E[Z bar] - mu (second precision)"),
                               domain=_BIASED_TEXT + " by quadrature")
    values = rational_grid(-2, 2, budget.grid)
    variances = rational_grid(0, 4, budget.grid)
    configs = [{"mu": mu, "sigma^2": s, "tau^2": t, "k": k} for mu in values for s in variances[::2]
               for t in variances[1::2] for k in range(1, 9)]
    yield exhaustive(configs, lambda c: gaussian.sum_moment(c["k"], c["mu"], c["sigma^2"], c["tau^2"])
                     == gaussian.normal_moment(c["k"], c["mu"], c["sigma^2"] + c["tau^2"]), reading=_AS_DERIVED,
                     domain=f"X_i unrestricted: mu on a {budget.grid}-point grid of (-2, 2), sigma^2 and tau^2 on grids "
                            "of (0, 4), moments k = 1..8 (k = 1: E[Z_i] = mu, so E[Z bar] = mu); exact rationals")
    mus = [Fraction(1), Fraction(1, 2), Fraction(0), Fraction(-1, 2)]

    def clipped_bias(case, ctx):
        bound = gaussian.release_bound(case["R"], case["sigma"], case["n"], case["delta"], ctx)
        return gaussian.clipped_mean(case["mu"], case["sigma"], -bound, bound, ctx) - ctx.number(case["mu"])

    ev = certified_exhaustive([{**_RELEASE, "mu": mu} for mu in mus], clipped_bias, sign="==0", ctx=arb(50),
                              reading="§3.1 release: clipped", names=("E[X_i] - mu", "E[X_i] - mu (second precision)"),
                              domain="R = 1, sigma = 1, n = 1, delta = 1/2 (B = 1 + sqrt(2 ln 4)), mu in {1, 1/2, 0, -1/2}")
    yield replace(ev, holds_when="$\\mu = 0$ (symmetric clipping)")


@check("R.zbar-unbiased", "symbolic")
def _zbar_symbolic(budget: Budget):
    """The derivation's simplification (X_i unrestricted): Z_i ~ N(μ, σ² + σ̃²) by the MGFs and E[Z̄] = μ,
    proved, reported beside the verdict (the mechanism as specified is the correction's argument)."""
    facts = derivations.normal_sum_mgf()
    yield chain([("M_X M_Y = M of N(mu, sigma^2 + tau^2)", identity(facts["M_X M_Y"], facts["M_N(mu, sigma^2 + tau^2)"],
                                                                    domain="every t, mu, sigma, tau > 0")),
                 ("E[Z_i] = M'(0) = mu", identity(facts["E[Z]"], facts["mu"], domain="every mu"))],
                conclusion="with X_i unrestricted, Z_i ~ N(mu, sigma^2 + tilde sigma^2) (an MGF determines the law) "
                           "and, by linearity, E[Z bar] = mu",
                domain="every mu, sigma > 0, tilde sigma > 0, n >= 1 (X_i unrestricted)", reading=_AS_DERIVED)


# ===================================================================================== R.ci-gauss
define(Claim(
    id="R.ci-gauss", title="the Gaussian baseline confidence interval", source="004 §3.1",
    printed=(r"\mu \in \left[\bar{Z} - z_{\frac{\alpha}{2}}^* \sqrt{\frac{\sigma^2 + \tilde{\sigma}^2}{n}}",),
    statement=(r"$\mu \in \left[\bar Z - z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}},\ \bar Z + "
               r"z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}}\right]$ is a $(1-\alpha)\%$ confidence "
               "interval"),
    domain="$X_i \\sim N(\\mu, \\sigma^2)$ i.i.d., $\\mu \\in [-R, R]$, $Y_i \\sim N(0, \\tilde\\sigma^2)$, "
           "$\\tilde\\sigma^2 = 2\\ln(2/\\delta) GS^2/\\epsilon^2$, $GS = 2(R + \\sigma\\sqrt{2\\ln(2n/\\delta)})$ as §3.1 "
           "prints it, $0 < \\alpha < 1$; the mechanism of §3.1 as specified",
    interpretation="'$(1-\\alpha)\\%$' (malformed: a level written as a percentage) read as level $1 - \\alpha$: the "
                   "coverage $\\Pr(\\mu \\in \\text{interval})$ is at least $1 - \\alpha$ for every $\\mu \\in [-R, R]$, "
                   "$z^*_{\\alpha/2} = \\Phi^{-1}(1 - \\alpha/2)$. The mechanism as specified: it releases only when "
                   "every $X_i \\in [-B, B]$ (the stop rule), and coverage is conditional on a release (one model in "
                   "every claim about it). The derivation's simplification ($X_i$ unrestricted, $Z_i$ exactly normal, "
                   "coverage exactly $1 - \\alpha$) is checked beside the verdict.",
    readings=("§3.1 release: as derived",),
    definitions=("§3.1 release: conditional on no stop", "§3.1 release: as derived"),
    related={"R.zbar-unbiased": "the law of Z̄ it rests on", "R.gaussian": "the noise calibration"},
))

_GAUSS_CI_CONFIGS = [
    {"R": Fraction(1), "sigma": Fraction(1), "n": 20, "eps": Fraction(1, 2), "delta": Fraction(1, 100),
     "mu": Fraction(3, 10), "alpha": Fraction(1, 20)},
    {"R": Fraction(5), "sigma": Fraction(2), "n": 10, "eps": Fraction(2), "delta": Fraction(1, 1000),
     "mu": Fraction(-5), "alpha": Fraction(1, 10)},
]
#: (R, σ, ε, δ) of the exact coverage at n = 1: the simulated configurations and two with little noise (large ε)
_ONE_CONFIGS = [(Fraction(1), Fraction(1), Fraction(1, 2), Fraction(1, 100)), (Fraction(5), Fraction(2), Fraction(2),
                                                                               Fraction(1, 1000)),
                (Fraction(1), Fraction(1), Fraction(10), Fraction(1, 2)), (Fraction(1), Fraction(1), Fraction(100),
                                                                           Fraction(1, 2))]


@check("R.ci-gauss", "enumeration")
def _ci_gauss_one(budget: Budget):
    """The coverage at n = 1 for the mechanism as specified (X conditioned on [-B, B]), by certified
    integration (python-flint balls enclosing the exact coverage) at two precisions, against 1 - α, over four
    (R, σ, ε, δ) and μ in {-R, 0, R} (also ±R/2 at the thorough budget: each case is an integral at 30 and
    60 digits)."""
    halves = (-2, 0, 2) if budget.grid < 17 else (-2, -1, 0, 1, 2)
    cases = [{"R": R, "sigma": s, "eps": e, "delta": d, "mu": R * k / 2, "alpha": Fraction(1, 20)}
             for R, s, e, d in _ONE_CONFIGS for k in halves]

    def margin(case, ctx):
        coverage = gaussian.released_coverage_one(case["mu"], case["R"], case["sigma"], case["eps"], case["delta"],
                                                  case["alpha"], ctx)
        return coverage - ctx.number(1 - case["alpha"])

    ev = certified_exhaustive(cases, margin, sign=">=0", ctx=arb(30), method=Method.ENUMERATION,
                              names=("coverage - (1 - alpha)", "coverage - (1 - alpha) (second precision)"),
                              domain="n = 1, (R, sigma, eps, delta) in {(1, 1, 1/2, 1/100), (5, 2, 2, 1/1000), "
                                     f"(1, 1, 10, 1/2), (1, 1, 100, 1/2)}}, mu = R k/2 for k in {list(halves)}, "
                                     "alpha = 1/20; coverage conditional on a release, by certified integration")
    yield replace(ev, steps=ev.steps + _coverage_one_steps(cases)) if ev.outcome is Outcome.HOLDS else ev


def _domain_of_cases(mu: sympy.Symbol) -> sympy.Boolean:
    """R.ci-gauss's domain at n = 1 as a condition on the cases, in symbols without assumptions (on the positive
    symbols of the coverage, sympy would decide R > 0 true as written, whatever value a case gives R)."""
    R, sigma, eps, delta, alpha = sympy.symbols("R sigma eps delta alpha", real=True)
    return sympy.And(R > 0, sigma > 0, eps > 0, delta > 0, delta < 1, mu >= -R, mu <= R, alpha > 0, alpha < 1)


def _coverage_one_steps(cases: list[dict]) -> tuple:
    """The finite support of the coverage at n = 1, for a certificate: the coverage as the integral
    ``released_coverage_one`` computes, in closed form with erf, at every case, at 30 and 60 digits."""
    x, mu = sympy.Symbol("x", real=True), sympy.Symbol("mu", real=True)
    R, sigma, eps, delta, alpha = sympy.symbols("R sigma eps delta alpha", positive=True)
    B, noise, h = sympy.symbols("B tilde_sigma h", positive=True)

    def Phi(t):
        return (1 + sympy.erf(t / sympy.sqrt(2))) / 2

    density = sympy.exp(-(x - mu) ** 2 / (2 * sigma ** 2)) / (sigma * sympy.sqrt(2 * sympy.pi))
    covered = density * (Phi((h - x + mu) / noise) - Phi((-h - x + mu) / noise))
    coverage = ((sympy.Integral(covered, (x, -B, mu)) + sympy.Integral(covered, (x, mu, B)))
                / (Phi((B - mu) / sigma) - Phi((-B - mu) / sigma)))
    names = ("R", "sigma", "eps", "delta", "mu", "alpha")
    where = (("B", R + sigma * sympy.sqrt(2 * sympy.log(2 / delta))),
             ("tilde_sigma", sympy.sqrt(2 * sympy.log(2 / delta)) * 2 * B / eps),
             ("h", sympy.sqrt(2) * sympy.erfinv(1 - alpha) * sympy.sqrt(sigma ** 2 + noise ** 2)))
    return (Stated("at n = 1 the mechanism releases Z = X + Y only when X is in [-B, B], "
                   "B = R + sigma sqrt(2 ln(2/delta)); given a release X has the density of N(mu, sigma^2) on [-B, B] divided by Phi(b) - Phi(a), and "
                   "Y ~ N(0, tilde_sigma^2), tilde_sigma = sqrt(2 ln(2/delta)) GS/eps with GS = 2B as printed"),
            Stated("mu is covered iff |Z - mu| <= h, h = z*_{alpha/2} sqrt(sigma^2 + tilde_sigma^2) with "
                   "z*_{alpha/2} = Phi^{-1}(1 - alpha/2) = sqrt(2) erfinv(1 - alpha): given X = x, with probability "
                   "Phi((h - x + mu)/tilde_sigma) - Phi((-h - x + mu)/tilde_sigma), Phi(t) = (1 + erf(t/sqrt(2)))/2; "
                   "the coverage is its mean over the conditioned X (the integral split at mu)"),
            FiniteCheck("every case lies in the claim's domain: R > 0, sigma > 0, eps > 0, 0 < delta < 1, "
                        "mu in [-R, R], 0 < alpha < 1",
                        _domain_of_cases(mu),
                        len(cases), names=names, points=tuple(tuple(case[n] for n in names) for case in cases)),
            TwoPrecisions("coverage - (1 - alpha) >= 0 at every case of the finite set", coverage - (1 - alpha), ">=0",
                          names, tuple(tuple(case[n] for n in names) for case in cases), 30, where),
            Stated("numerical support at these finitely many cases, each at two precisions; not a proof for every "
                   "(R, sigma, eps, delta, mu, alpha)"))


@check("R.ci-gauss", "symbolic")
def _ci_gauss_symbolic(budget: Budget) -> Evidence:
    """The derivation's simplification: Z̄ ~ N(μ, (σ² + σ̃²)/n) exactly, so Pr(|Z̄ - μ| <= z s) = erf(z/√2) with
    z = √2 erfinv(1 - α): 1 - α (reported beside the verdict)."""
    start = time.perf_counter()
    alpha = sympy.Symbol("alpha", positive=True)
    coverage = sympy.erf(sympy.sqrt(2) * sympy.erfinv(1 - alpha) / sympy.sqrt(2))
    ok = sympy.simplify(coverage - (1 - alpha)) == 0
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every n >= 1, mu, sigma, sigma-tilde > 0, 0 < alpha < 1 (X_i unrestricted, Z_i normal, as the "
                    "report derives)",
                    {"coverage": str(coverage), "simplified": str(sympy.simplify(coverage))},
                    derived={"coverage": coverage}, seconds=time.perf_counter() - start,
                    reading="§3.1 release: as derived")


@check("R.ci-gauss", "simulation")
def _ci_gauss_simulation(budget: Budget):
    for condition, reading in ((True, None), (False, "§3.1 release: as derived")):
        groups = [[gaussian.simulate_ci_gauss(
            gaussian.GaussianBaseline(cfg["R"], cfg["sigma"], cfg["n"], cfg["eps"], cfg["delta"]), cfg["mu"],
            cfg["alpha"], budget.replicates, seed, condition_on_no_stop=condition) for seed in SEEDS]
            for cfg in _GAUSS_CI_CONFIGS]
        runs = [(cfg, coverage) for cfg, group in zip(_GAUSS_CI_CONFIGS, groups) for coverage in group]
        outcome = simulation_outcome(groups)
        yield Evidence(Method.SIMULATION, Outcome.INCONCLUSIVE if outcome is Outcome.COUNTEREXAMPLE else outcome,
                       f"{len(_GAUSS_CI_CONFIGS)} configurations x seeds {SEEDS}, {budget.replicates} replicates each "
                       + ("(runs where the mechanism stopped are left out: it returns nothing)" if condition else
                          "(every run, the stop rule ignored)")
                       + "; numpy default_rng; Wilson 99.9% interval of the coverage",
                       {"runs": [{**cfg, **coverage.to_detail()} for cfg, coverage in runs],
                        "standard": "holds unless, for some configuration, every seed's interval lies strictly below "
                                    "1 - alpha; a simulation alone never refutes (report_common)"}, reading=reading)
