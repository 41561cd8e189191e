"""Claims of the report 004 §3.2 on inference for the binned mean estimated with randomized response: the
two confidence intervals (for ν, R.ci-rr, and for μ, R.ci-mu) and the plug-in variance estimate
(R.negative-variance). The estimator and the binning bias they rest on are in
:mod:`catalog.claims.report_binned`, with the same readings (i.i.d. draws primary, a fixed dataset the
alternative) and the simulation standard of :mod:`catalog.claims.report_common`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb
from catalog.models import meanest as binned
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence, Method, Outcome
from proofs.base.registry import check, define
from proofs.kernel.steps import PointClaim, Stated
from catalog.claims.report_common import (HALF, RR, RR_N, SEEDS, coverage_evidence, exact_coverage, limit_coverage,
                                         p_grid, simulated, simulation_evidence, simulation_outcome)
from proofs.engines.certified import certified_exhaustive
from proofs.engines.composite import chain, witness
from proofs.engines.methods import identity
from catalog.engines.notation import paper_sign_evidence
from catalog.derivations import meanest as derivations
from catalog.claims.report_binned import FIXED, SAMPLED, TWO_BINS


# ===================================================================================== R.ci-rr
_CI_RR_CORRECTED = (r"$\hat\nu \pm z^*_{\alpha/2}\sqrt{\frac{\sum_i m_i^2}{4p^2n^2}\Big(\frac n4 - np^2\Big) + "
                    r"\frac1n\Big(\sum_i m_i^2\theta_i - \nu^2\Big)}$ has asymptotic coverage $1 - \alpha$")

define(Claim(
    id="R.ci-rr", title=r"the randomized-response confidence interval for $\nu$", source="004 §3.2",
    printed=(r"\nu \in \left[\hat{\nu} - z_{\frac{\alpha}{2}}^* \sqrt{\frac{\sum_{i=1}^T m_i^2}{4p^2 n^2} \lef"
             r"t(\frac{n}{4} - np^2 \right)}",),
    statement=(r"$\nu \in \left[\hat\nu - z^*_{\frac\alpha2}\sqrt{\frac{\sum_{i=1}^T m_i^2}{4p^2n^2}\left(\frac n4 "
               r"- np^2\right)},\ \hat\nu + z^*_{\frac\alpha2}\sqrt{\frac{\sum_{i=1}^T m_i^2}{4p^2n^2}\left(\frac "
               r"n4 - np^2\right)}\right]$"),
    domain=(r"§3.2 sampling model (individuals i.i.d. from $\Theta$), $T \ge 1$, $0 < p < 1/2$, $0 < \alpha < 1$"),
    interpretation=(r"a $(1-\alpha)$ confidence interval for $\nu$ in the normal limit (the report derives it from "
                    r"$\hat{\nu} \sim N(\nu, V)$, $V$ the printed variance); the simulation standard of the 004 "
                    "claims."),
    readings=(FIXED,),
    definitions=(SAMPLED, FIXED),
    related={"R.independence": "the variance it uses", "R.ci-mu": r"the interval for $\mu$ that widens it"},
))


def _ci_rr_correction(budget: Budget) -> Correction:
    symbolic = derivations.onehot_moments(3)
    exact_var = identity(symbolic["Var[nu_hat]"], symbolic["corrected Var[nu_hat]"],
                         domain="sampling model, T = 3: the corrected variance is the exact Var[nu_hat]; with an "
                                "i.i.d. sum of bounded terms the CLT gives coverage -> 1 - alpha")
    bins = binned.Binning(RR["L"], RR["U"], RR["c"])
    n = 2000
    runs = simulated(RR, n, budget, variance=binned.variance_nu_sampled(bins, RR["theta"], RR["p"], n))
    simulation = Evidence(Method.SIMULATION, simulation_outcome([runs]),
                          f"n = {n}, seeds {SEEDS}, {budget.replicates} replicates, corrected variance",
                          {"runs": [r.to_detail() for r in runs]})
    return Correction(_CI_RR_CORRECTED, (exact_var, simulation))


@check("R.ci-rr", "interval")
def _ci_rr_interval(budget: Budget):
    """The limiting coverage 2Φ(z √(v_printed/v_true)) - 1 (certified, two precisions) below 1 - α."""
    ev = certified_exhaustive([dict(RR)], limit_coverage(RR, one_sided=False), sign=">=0", ctx=arb(50),
                              names=("limiting coverage - (1 - alpha)", "limiting coverage - (1 - alpha) (second)"),
                              domain="normal limit n -> oo of the printed interval, sampling model")
    yield replace(ev, corrected=_ci_rr_correction(budget),
                  steps=_limit_coverage_steps(one_sided=False) if ev.counterexample else ())


def _limit_coverage_steps(*, one_sided: bool) -> tuple:
    """The limiting coverage at the configuration ``RR`` as sympy, for a proof certificate: erf(erfinv(1 - α) √ρ)
    (R.ci-rr: both sides), or (1 + erf(erfinv(1 - α) √ρ))/2 (R.ci-mu at the largest bias: one side binds),
    ρ = v_printed/v_true, with the variances per respondent from the bins' midpoints m_i and the types θ_i."""
    p, alpha, theta1 = sympy.symbols("p alpha theta1", real=True)
    middles = [sympy.Rational(m.numerator, m.denominator) for m in binned.Binning(RR["L"], RR["U"], RR["c"]).midpoints]
    theta = [theta1, 1 - theta1]
    printed = sum(m ** 2 for m in middles) * (sympy.Rational(1, 4) - p ** 2) / (4 * p ** 2)
    true = printed + sum(m ** 2 * t for m, t in zip(middles, theta)) - sum(m * t for m, t in zip(middles, theta)) ** 2
    both = sympy.erf(sympy.erfinv(1 - alpha) * sympy.sqrt(printed / true))
    claim = PointClaim((1 + both) / 2 if one_sided else both, 1 - alpha, ">=",
                       domain="0 < p < 1/2, 0 < alpha < 1, 0 <= theta1 <= 1",
                       printed_says="the limiting coverage of the printed interval")
    point = {"p": RR["p"], "alpha": RR["alpha"], "theta1": RR["theta"][0]}
    how = ("at the largest bias |nu - mu| = c/2 the interval nu_hat ± (c/2 + z sqrt(v_printed/n)) covers mu iff "
           "nu_hat - nu >= -z sqrt(v_printed/n) on the side that binds, with probability tending to Phi(z "
           "sqrt(v_printed/v_true)) = (1 + erf(erfinv(1 - alpha) sqrt(v_printed/v_true)))/2" if one_sided else
           "nu_hat ± z sqrt(v_printed/n) covers nu with probability tending to 2 Phi(z sqrt(v_printed/v_true)) - 1 = "
           "erf(erfinv(1 - alpha) sqrt(v_printed/v_true))")
    return claim.counterexample(point) + (Stated(
        f"as n -> oo, (nu_hat - nu)/sqrt(v_true/n) -> N(0, 1), with z = sqrt(2) erfinv(1 - alpha); {how}; per "
        "respondent v_printed = Σ m_i^2 (1/4 - p^2)/(4p^2), and v_true adds Σ m_i^2 theta_i - nu^2 (the sampling of "
        f"the types); the bins are those of the configuration {dict(RR, theta=[str(t) for t in RR['theta']])}"),)


@check("R.ci-rr", "symbolic")
def _ci_rr_symbolic(budget: Budget):
    """Fixed dataset: each coordinate's count is a sum of independent Bernoullis, so the printed variance is
    exact and the limiting coverage is 1 - α."""
    yield identity(derivations.warner_fixed()["Var[theta_hat]"], derivations.printed_variance(), reading=FIXED,
                   domain="fixed dataset: coordinates independent, Var[nu_hat] is the printed one")


@check("R.ci-rr", "enumeration")
def _ci_rr_enumeration(budget: Budget):
    """The exact coverage (an exact rational) of the printed interval at n = 20, from the exact joint law."""
    bins = binned.Binning(RR["L"], RR["U"], RR["c"])
    target = binned.binned_mean(bins, RR["theta"])
    yield coverage_evidence(RR, binned.joint_counts_sampled(RR["p"], RR["theta"], RR_N), target, RR_N,
                             domain=f"n = {RR_N}, exact joint law of the counts (sampling model)")
    fixed = coverage_evidence(RR, binned.joint_counts_fixed(RR["p"], (RR_N // 2, RR_N // 2)), target, RR_N,
                               reading=FIXED, domain=f"fixed dataset, {RR_N // 2} of each type, n = {RR_N}")
    yield fixed if fixed.outcome is not Outcome.COUNTEREXAMPLE else replace(
        fixed, outcome=Outcome.INCONCLUSIVE, counterexample=None, recheck=None,
        detail={**fixed.detail, "note": "at finite n the normal approximation is not exact: reported only"})


@check("R.ci-rr", "simulation")
def _ci_rr_simulation(budget: Budget):
    yield simulation_evidence(RR, RR_N, budget)
    n_big = 400
    fixed = simulated(RR, n_big, budget, fixed_types=[0] * (n_big // 2) + [1] * (n_big // 2))
    yield Evidence(Method.SIMULATION, simulation_outcome([fixed]),
                   f"fixed dataset, n = {n_big} (half of each type), seeds {SEEDS}, {budget.replicates} replicates",
                   {"runs": [r.to_detail() for r in fixed]}, reading=FIXED)


# ===================================================================================== R.ci-mu
define(Claim(
    id="R.ci-mu", title=r"the interval for $\mu$ 'in the worst case'",
    printed=(r"\mu \in \left[\hat{\nu} - \frac{c}{2} - z_{\frac{\alpha}{2}}^* \sqrt{\frac{\sum_{i=1}^T m_i^2}{"
             r"4p^2 n^2} \left(\frac{n}{4} - np^2 \right)}",),
    source="004 §3.2",
    statement=(r"$\mu \in \Big[\hat\nu - \frac{c}{2} - z_{\alpha/2}\sqrt{V},\ \hat\nu + \frac{c}{2} + "
                r"z_{\alpha/2}\sqrt{V}\Big],\ V = \frac{\sum_i m_i^2}{4p^2n^2}\Big(\frac n4 - np^2\Big)$ is a "
                r"$(1-\alpha)$ confidence interval for $\mu$ in the worst case"),
    domain="$X \\in [L, U]$ with any distribution (the §3.2 sampling model), bins of width $c$ with midpoints $m_i$, "
           "$0 < p < 1/2$, $n \\ge 1$, $0 < \\alpha < 1$",
    interpretation="'In the worst case': the coverage $\\Pr(\\mu \\in \\text{interval})$ is at least $1 - \\alpha$ for "
                   "every distribution of $X$ on $[L, U]$, in the normal limit $n \\to \\infty$ (as the report derives "
                   "it) and at finite $n$. The worst case the text means is the largest bias, $|\\nu - \\mu| = c/2$ "
                   "(R.bias), attained with $X$ at the upper edges of the bins (the report's $(a, b]$ intervals), e.g. "
                   "$X \\in \\{1, 2\\}$ with probability $1/2$ each for bins $(0, 1], (1, 2]$ ($\\mu = 3/2$, $\\nu = 1$). "
                   "The coverage is optimised over the whole domain: its infimum is $1/2$ in the normal limit "
                   "(approached as $p \\to 1/2$, never attained) and $0$ at finite $n$.",
    readings=(FIXED,),
    definitions=(SAMPLED, FIXED),
    related={"R.bias": "the $c/2$ term", "R.ci-rr": r"the interval for $\nu$ it widens",
             "R.independence": "the variance $V$ it uses"},
))

_MU_CORRECTED = (r"$\mu \in \Big[\hat\nu - \frac c2 - z_{\alpha/2}\sqrt{V'},\ \hat\nu + \frac c2 + "
                 r"z_{\alpha/2}\sqrt{V'}\Big],\ V' = V + \frac1n\Big(\sum_i m_i^2\theta_i - \nu^2\Big)$ has "
                 r"asymptotic coverage $\ge 1 - \alpha$ for every distribution on $[L, U]$")
#: the largest bias: X in {1, 2} with probability 1/2 each, bins (0, 1], (1, 2]: μ = 3/2, ν = 1
_LARGEST_BIAS_MU = Fraction(3, 2)
#: centred bins [-1, 0], [0, 1] (the placement with the smallest Σ m_i²), θ = (1/2, 1/2): the limiting coverage at
#: these p approaches the infimum 1/2
_CENTRED = {"L": -1, "U": 1, "c": 1, "theta": (HALF, HALF), "alpha": Fraction(1, 20)}
_TOWARDS_HALF = (Fraction(2, 5), Fraction(49, 100), Fraction(499, 1000), Fraction(4999, 10000))
#: n = 1, bins (0, 1], (1, 2], X = 1 w.p. 1 - t, X = 2 w.p. t (bias c/2): the exact coverage approaches 0
_TOWARDS_ZERO = ((Fraction(1, 10), Fraction(4999, 10000)), (Fraction(1, 100), HALF - Fraction(1, 200000)),
                 (Fraction(1, 1000), HALF - Fraction(1, 10 ** 8)))


def _limit_infimum() -> Evidence:
    """The limiting coverage, optimised over the whole domain. At a distribution with |ν - μ| < c/2 the
    half-width tends to c/2 and ν̂ to ν, so the coverage tends to 1; at |ν - μ| = c/2 it tends to Φ(zρ) (one
    side binds), ρ² = κ/(κ + s²) with κ = nV = Σm²(1/4 - p²)/(4p²) > 0 and s² = Σ m_i²θ_i - ν² >= 0. So
    Φ(zρ) > Φ(0) = 1/2, and κ -> 0 as p -> 1/2: the infimum is 1/2, approached and never attained."""
    p, M = sympy.Symbol("p", positive=True), sympy.Symbol("M", positive=True)
    x = sympy.Symbol("x", real=True)
    kappa = M * (sympy.Rational(1, 4) - p ** 2) / (4 * p ** 2)
    cdf = (1 + sympy.erf(x / sympy.sqrt(2))) / 2
    steps = [("kappa = n V > 0 for 0 < p < 1/2", paper_sign_evidence("M*(1/4 - p**2)/(4*p**2)", ["M > 0", "p > 0", "p < 1/2"],
                                                               sign=">0", symbols=["M", "p"])),
             ("rho^2 = kappa/(kappa + s^2) lies in (0, 1]",
              paper_sign_evidence("kappa/(kappa + s2)", ["kappa > 0", "s2 >= 0"], sign=">0", symbols=["kappa", "s2"])),
             ("rho^2 <= 1", paper_sign_evidence("1 - kappa/(kappa + s2)", ["kappa > 0", "s2 >= 0"], sign=">=0",
                                         symbols=["kappa", "s2"])),
             ("kappa -> 0 as p -> 1/2", identity(sympy.limit(kappa, p, HALF, "-"), 0, domain="p -> 1/2 from below")),
             ("Phi(0) = 1/2", identity(cdf.subs(x, 0), HALF, domain="x = 0")),
             ("Phi' = phi > 0: Phi increases", identity(sympy.diff(cdf, x), sympy.exp(-x ** 2 / 2) / sympy.sqrt(2 * sympy.pi),
                                                        domain="every x"))]
    return chain(steps, conclusion="the limiting coverage is 1 where |nu - mu| < c/2 and Phi(z rho) > 1/2 where "
                                   "|nu - mu| = c/2; rho -> 0 as p -> 1/2 (s^2 > 0): the infimum over the domain is 1/2, "
                                   "not attained", domain="every distribution on [L, U], bins, 0 < p < 1/2, 0 < alpha < 1")


def _finite_infimum() -> Evidence:
    """At n = 1, bins (0, 1], (1, 2], X = 1 w.p. 1 - t and 2 w.p. t (μ = 1 + t = ν + c/2): the report b = (1, 0) of
    a type-1 individual gives ν̂ = 1 - 1/(4p), outside the interval once z√V < t; so the coverage is at most
    1 - (1 - t)(1/2 + p)², which tends to t as p -> 1/2 (V -> 0), and t -> 0: the infimum at finite n is 0."""
    p, t = sympy.Symbol("p", positive=True), sympy.Symbol("t", positive=True)
    theta1, theta2 = (1 - (HALF - p)) / (2 * p), (0 - (HALF - p)) / (2 * p)
    nu_hat = HALF * theta1 + sympy.Rational(3, 2) * theta2
    variance = (sympy.Rational(1, 4) + sympy.Rational(9, 4)) * (sympy.Rational(1, 4) - p ** 2) / (4 * p ** 2)
    steps = [("nu_hat at the report (1, 0), n = 1", identity(nu_hat, 1 - 1 / (4 * p), domain="0 < p < 1/2")),
             ("|nu_hat - mu| = t + 1/(4p) exceeds 1/2 + w once w < t",
              paper_sign_evidence("t + 1/(4*p) - (1/2 + w)", ["t > w", "w >= 0", "p > 0", "p < 1/2"], sign=">0",
                            symbols=["t", "p", "w"])),
             ("V -> 0 as p -> 1/2, so w = z sqrt(V) < t near 1/2",
              identity(sympy.limit(variance, p, HALF, "-"), 0, domain="p -> 1/2 from below")),
             ("the bound 1 - (1 - t)(1/2 + p)^2 -> t", identity(sympy.limit(1 - (1 - t) * (HALF + p) ** 2, p, HALF, "-"),
                                                               t, domain="p -> 1/2 from below"))]
    return chain(steps, conclusion="coverage <= 1 - (1 - t)(1/2 + p)^2 -> t as p -> 1/2, for every t in (0, 1): the "
                                   "infimum over the domain at finite n is 0 (coverage >= 0 trivially)",
                 domain="n = 1, bins (0, 1], (1, 2], X in {1, 2}, 0 < p < 1/2 (inside the claim's domain)")


def _infimum_detail() -> dict:
    """The coverage optimised over the claim's whole domain: the two arguments and the points approaching."""
    towards_half = {}
    for p in _TOWARDS_HALF:
        cfg = {**_CENTRED, "p": p}
        ctx = arb(30)
        with ctx.active():
            value = limit_coverage(cfg, one_sided=True)(cfg, ctx)[0] + ctx.number(1 - cfg["alpha"])
            towards_half[f"p = {p}"] = value.str(12, radius=False)
    towards_zero = {}
    bins = binned.Binning(0, 2, 1)
    for t, p in _TOWARDS_ZERO:
        cfg = {"L": 0, "U": 2, "c": 1, "theta": (1 - t, t), "p": p, "alpha": Fraction(1, 20)}
        target = binned.binned_mean(bins, cfg["theta"]) + HALF
        coverage, _ = exact_coverage(cfg, binned.joint_counts_sampled(p, cfg["theta"], 1), target, 1, slack=HALF)
        towards_zero[f"t = {t}, p = {p}"] = coverage
    limit, finite = _limit_infimum(), _finite_infimum()
    return {"infimum of the limiting coverage over the domain": "1/2 (not attained: approached as p -> 1/2)",
            "the limiting infimum, argument": limit.outcome.value, "the limiting infimum, steps": limit.detail[Detail.STEPS],
            "limiting coverage at centred bins [-1, 0], [0, 1], theta = (1/2, 1/2), approaching 1/2": towards_half,
            "infimum of the exact coverage at finite n over the domain": "0 (not attained)",
            "the finite-n infimum, argument": finite.outcome.value, "the finite-n infimum, steps": finite.detail[Detail.STEPS],
            "exact coverage at n = 1, X in {1, 2} w.p. (1 - t, t), approaching 0": towards_zero}


def _ci_mu_correction(budget: Budget) -> Correction:
    """Containment (z3): |b| <= c/2 and |D| <= w imply -c/2 - b - w <= D <= c/2 - b + w (D = ν̂ - ν,
    b = ν - μ); the exact variance of ν̂ is V' (sympy, T = 3), so Pr(|D| <= z√V') -> 1 - α by the CLT."""
    symbolic = derivations.onehot_moments(3)
    box = ["c > 0", "w >= 0", "b <= c/2", "-b <= c/2", "D <= w", "-D <= w"]
    steps = [(f"{side} holds on the box", paper_sign_evidence(side, box, sign=">=0", symbols=["b", "w", "D"],
                                                         timeout=budget.timeout))
             for side in ("c/2 - b + w - D", "D + c/2 + b + w")]
    steps.append(("Var[nu_hat] = V'", identity(symbolic["Var[nu_hat]"], symbolic["corrected Var[nu_hat]"],
                                                domain="sampling model, T = 3, symbolic m, theta, p, n")))
    proof = chain(steps, conclusion="the interval contains {|nu_hat - nu| <= z sqrt(V')}, whose probability -> "
                                    "1 - alpha (CLT for the i.i.d. bounded summands)", method=Method.DECISION,
                  domain="every distribution on [L, U], every 0 < p < 1/2, n -> oo")
    bins = binned.Binning(RR["L"], RR["U"], RR["c"])
    law = binned.joint_counts_sampled(RR["p"], RR["theta"], RR_N)
    finite = coverage_evidence(RR, law, _LARGEST_BIAS_MU, RR_N, slack=HALF,
                                variance=binned.variance_nu_sampled(bins, RR["theta"], RR["p"], RR_N),
                                domain=f"the largest bias |nu - mu| = c/2, n = {RR_N}, with V' (exact law, certified "
                                       "membership)")
    return Correction(_MU_CORRECTED, (proof, finite))


@check("R.ci-mu", "interval")
def _ci_mu_interval(budget: Budget):
    """At the largest bias |ν - μ| = c/2 the interval covers iff ν̂ - ν >= -z√V on the side that binds: the
    coverage tends to Φ(z √(V/V_true)) (certified, two precisions), below 1 - α at p = 2/5. The coverage is
    then optimised over the whole domain (its infimum, with the arguments and the points approaching it)."""
    ev = certified_exhaustive([{**RR, "mu": _LARGEST_BIAS_MU}], limit_coverage(RR, one_sided=True), sign=">=0",
                              ctx=arb(50), names=("limiting coverage - (1 - alpha)", "(second precision)"),
                              domain="normal limit n -> oo at one point: the largest bias |nu - mu| = c/2, X in {1, 2} "
                                     "w.p. 1/2 (bins (0,1], (1,2]), p = 2/5, alpha = 1/20 (not the infimum: see the "
                                     "infimum over the domain)")
    yield replace(ev, corrected=_ci_mu_correction(budget), detail={**ev.detail, **_infimum_detail()},
                  steps=_limit_coverage_steps(one_sided=True) if ev.counterexample else ())


@check("R.ci-mu", "enumeration")
def _ci_mu_enumeration(budget: Budget):
    """The exact coverage of μ (an exact rational, membership certified) at n = 20 and n = budget.n_max, at the
    largest bias."""
    for n in sorted({RR_N, budget.n_max}):
        yield coverage_evidence(RR, binned.joint_counts_sampled(RR["p"], RR["theta"], n), _LARGEST_BIAS_MU, n, slack=HALF,
                                 domain=f"n = {n}, largest bias: X in {{1, 2}} w.p. 1/2, p = 2/5, exact joint law of the "
                                        "counts")
    yield coverage_evidence(RR, binned.joint_counts_fixed(RR["p"], (RR_N // 2, RR_N // 2)), _LARGEST_BIAS_MU, RR_N,
                             slack=HALF, reading=FIXED,
                             domain=f"fixed dataset: {RR_N // 2} values 1 and {RR_N // 2} values 2, n = {RR_N}")


@check("R.ci-mu", "simulation")
def _ci_mu_simulation(budget: Budget):
    """Simulated coverage of μ at the largest bias; a refutation also needs the exact coverage below 1 - α."""
    yield simulation_evidence(RR, RR_N, budget, target=_LARGEST_BIAS_MU, slack=HALF)


# ===================================================================================== R.negative-variance
define(Claim(
    id="R.negative-variance", title="the plug-in variance estimate can be negative", source="004 §3.2",
    printed=('negative',),
    statement=(r"$\lambda^2 = \frac{1}{n-1}\sum_{i=1}^T n\theta_i (m_i - \nu)^2$ with $\hat\theta_i, \hat\nu$ "
                "plugged in can take negative values"),
    domain=r"$n \ge 2, T \ge 2, 0 < p < 1/2$, any binning",
    interpretation=r"there is a report of positive probability for which the plug-in $\hat{\lambda}^2 < 0$.",
    definitions=(SAMPLED,),
    related={"R.nu-unbiased": "the estimators plugged in"},
))

_NEG_WITNESS = {"p": Fraction(1, 10), "n": 2}


@check("R.negative-variance", "decision")
def _neg_decision(budget: Budget) -> Evidence:
    """z3 finds integer counts S_1, S_2 in [0, n] with λ̂² < 0 (n = 2, p = 1/10, midpoints 1/2, 3/2); the
    witness is re-evaluated exactly and its probability is positive (every report has probability > 0)."""
    p, n = _NEG_WITNESS["p"], _NEG_WITNESS["n"]
    counts = sympy.symbols("S1 S2")
    theta = [(s / n - (HALF - p)) / (2 * p) for s in counts]
    nu = sum(m * t for m, t in zip(TWO_BINS.midpoints, theta))
    plug_in = sum(n * t * (m - nu) ** 2 for m, t in zip(TWO_BINS.midpoints, theta)) / (n - 1)
    law = binned.joint_counts_sampled(p, (HALF, HALF), n)

    def confirm(point):
        found = (int(point["S1"]), int(point["S2"]))
        exact = binned.lambda_sq(TWO_BINS, binned.theta_hat(found, n, p), n)
        return exact < 0 and law[found] > 0, {"lambda_hat^2 (exact)": exact,
                                               "probability under theta = (1/2, 1/2)": law[found]}

    return witness(plug_in, ["S1 >= 0", f"S1 <= {n}", "S2 >= 0", f"S2 <= {n}"], sign="<0", integers=["S1", "S2"],
                   timeout=budget.timeout, describe="lambda_hat^2 < 0 (n = 2, p = 1/10, bins [0,1], [1,2])",
                   confirm=confirm)


@check("R.negative-variance", "enumeration")
def _neg_enumeration(budget: Budget):
    """Exact probability that λ̂² < 0 over the exact joint law, n = 2..6, p on a grid, θ = (1/2, 1/2)."""
    cases = [{"p": p, "n": n} for p in p_grid(budget) for n in range(2, 7)]
    probabilities = {}
    for case in cases:
        law = binned.joint_counts_sampled(case["p"], (HALF, HALF), case["n"])
        probabilities[f"p={case['p']}, n={case['n']}"] = sum(
            w for s, w in law.items() if binned.lambda_sq(TWO_BINS, binned.theta_hat(s, case["n"], case["p"]),
                                                         case["n"]) < 0)
    positive = [key for key, value in probabilities.items() if value > 0]
    return Evidence(Method.ENUMERATION, Outcome.HOLDS if positive else Outcome.INCONCLUSIVE,
                    "bins [0,1], [1,2], theta = (1/2, 1/2), n = 2..6, p on a grid; exact law",
                    {"cases": len(cases), "Pr(lambda_hat^2 < 0) (exact)": probabilities,
                     "cases with positive probability": len(positive)})
