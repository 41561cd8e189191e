"""Claims of the report 004 §3.2: the binned mean estimated with randomized response — the independence
of the estimated proportions, the estimator ν̂, the binning bias and its worked example. The confidence
intervals and the plug-in variance estimate of the same section are in :mod:`catalog.claims.report_binned_ci`.

Readings (:mod:`numeric.definitions.report`): §3.2 draws the n individuals i.i.d. from the distribution of
X ("we collect n samples of a random variable X_i following an unknown distribution ... a multinomial
distribution with T types"), the primary data model; a fixed dataset is the alternative. The simulation
standard is the one of :mod:`catalog.claims.report_common`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb
from catalog.models import meanest as binned
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base.registry import check, define
from proofs.kernel.steps import Holds, Stated
from catalog.claims.report_common import (HALF, p_grid)
from proofs.engines.certified import certified_exhaustive
from proofs.engines.composite import chain
from proofs.engines.methods import exhaustive, identity
from catalog.engines.notation import paper_sign_evidence
from catalog.derivations import meanest as derivations
from symbolic.symbols import n as n_symbol

SAMPLED, FIXED = "§3.2 data: i.i.d. sample", "§3.2 data: fixed dataset"
TWO_BINS = binned.Binning(0, 2, 1)


def _estimator_moments(law, n, p, binning=TWO_BINS):
    return binned.law_moments(law, lambda counts: binned.nu_hat(binning, counts, n, p))


# ===================================================================================== R.independence
_VAR_NU_CORRECTED = (r"$\operatorname{Cov}(\hat\theta_i, \hat\theta_j) = -\frac{\theta_i\theta_j}{n}\ (i \ne j),\quad "
                     r"\operatorname{Var}[\hat\nu] = \frac{\sum_i m_i^2}{4p^2n^2}\left(\frac n4 - np^2\right) + "
                     r"\frac{1}{n}\Big(\sum_i m_i^2\theta_i - \nu^2\Big)$")

define(Claim(
    id="R.independence", title=(r"the per-type estimators are independent; $\operatorname{Var}[\hat{\nu}] = \sum "
                                r"m_i^2 \operatorname{Var}[\hat{\theta}_i]$"),
    printed=(r"\text{Var}[\hat{\nu}] &= \text{Var} \left[\sum_{i=1}^T m_i \hat{\theta}_i \right]",),
    source="004 §3.2",
    statement=(r"$\operatorname{Var}[\hat\nu] = \sum_{i=1}^T m_i^2 \operatorname{Var}[\hat\theta_i]$ "
                r"(Independence of the $\hat\theta_i$'s) $= \frac{\sum_{i=1}^T m_i^2}{4p^2 n^2}\left(\frac n4 - "
                r"np^2\right)$"),
    domain=(r"§3.2 sampling model: $n$ individuals i.i.d., type $i$ with probability $\theta_i$, $T \ge 2$, $0 < p < "
            "1/2$"),
    interpretation=(r"§3.2 draws the individuals from the binned distribution $\Theta$ and contrasts with the "
                    r"dependent multinomial estimators; the claim is unconditional independence of $\hat{\theta}_1, "
                    r"\dots, \hat{\theta}_T$ and the printed $\operatorname{Var}[\hat{\nu}]$."),
    readings=(FIXED,),
    definitions=(SAMPLED, FIXED),
    related={"R.warner-var": "the per-type variance", "R.ci-rr": "the interval built on this variance"},
))


def _independence_counterexample() -> dict:
    p, theta, n = Fraction(1, 4), (HALF, HALF), 1
    law = binned.enumerate_counts_law(p, theta, n)
    rr = binned.WarnerRR(p)
    joint: dict[tuple[Fraction, Fraction], Fraction] = {}
    for counts, w in law.items():
        key = (rr.estimate(counts[0], n), rr.estimate(counts[1], n))
        joint[key] = joint.get(key, Fraction(0)) + w
    first = {a: sum(w for (x, _), w in joint.items() if x == a) for a, _ in joint}
    second = {b: sum(w for (_, y), w in joint.items() if y == b) for _, b in joint}
    cell = next(key for key, w in joint.items() if w != first[key[0]] * second[key[1]])
    covariance = sum(w * a * b for (a, b), w in joint.items()) - theta[0] * theta[1]
    return {"p": p, "n": n, "theta": theta, "cell (theta_hat_1, theta_hat_2)": cell, "joint": joint[cell],
            "product of marginals": first[cell[0]] * second[cell[1]], "Cov": covariance,
            "exact": _estimator_moments(law, n, p)[1], "printed": binned.variance_nu_printed(TWO_BINS, p, n)}


@check("R.independence", "enumeration")
def _independence_enumeration(budget: Budget):
    cases = [{"p": q, "n": m, "theta": t} for q in p_grid(budget)[::2] for m in (1, 2, 3)
             for t in ((HALF, HALF), (Fraction(1, 5), Fraction(4, 5)), (Fraction(1, 3), Fraction(1, 6), HALF))]

    def corrected(case):
        bins = binned.Binning(0, len(case["theta"]), 1)
        law = binned.enumerate_counts_law(case["p"], case["theta"], case["n"])
        rr = binned.WarnerRR(case["p"])
        e0, _ = binned.law_moments(law, lambda s: rr.estimate(s[0], case["n"]))
        e1, _ = binned.law_moments(law, lambda s: rr.estimate(s[1], case["n"]))
        cov = sum(w * rr.estimate(s[0], case["n"]) * rr.estimate(s[1], case["n"]) for s, w in law.items()) - e0 * e1
        return (_estimator_moments(law, case["n"], case["p"], bins)[1]
                == binned.variance_nu_sampled(bins, case["theta"], case["p"], case["n"])
                and cov == -case["theta"][0] * case["theta"][1] / case["n"])

    correction = Correction(_VAR_NU_CORRECTED, (exhaustive(
        cases, corrected, domain="brute-force exact law (every type assignment and report), n = 1..3, T = 2, 3, "
                                 "p on a grid; exact Var[nu_hat] and Cov(theta_hat_1, theta_hat_2)"),))
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "brute-force exact joint law, sampling model, bins "
                   "[0,1], [1,2]", counterexample=_independence_counterexample(), recheck=Recheck.EXACT,
                   corrected=correction)
    fixed = [{"p": q, "types": ts} for q in p_grid(budget)[::2] for ts in ((0,), (0, 1), (0, 0, 1), (0, 1, 2))]

    def factorises(case):
        T = max(max(case["types"]) + 1, 2)
        law = binned.enumerate_counts_law(case["p"], (Fraction(1, T),) * T, len(case["types"]),
                                          fixed_types=case["types"])
        margins = [{} for _ in range(T)]
        for s, w in law.items():
            for i in range(T):
                margins[i][s[i]] = margins[i].get(s[i], 0) + w
        return all(w == math.prod((margins[i][s[i]] for i in range(T)), start=Fraction(1)) for s, w in law.items())

    yield exhaustive(fixed, factorises, reading=FIXED,
                     domain="brute-force exact joint law for fixed type assignments (n <= 3, T <= 3)")


@check("R.independence", "symbolic")
def _independence_symbolic(budget: Budget):
    out = derivations.onehot_moments(3)
    th1, th2 = sympy.symbols("theta1 theta2", real=True)
    point = {"p": Fraction(1, 4), "n": 1, "theta1": HALF, "theta2": Fraction(1, 4), "m1": HALF, "m2": Fraction(3, 2),
             "m3": Fraction(5, 2)}
    cov = identity(out["Cov(theta_hat_1, theta_hat_2)"], 0, points=[point],
                   domain="sampling model, T = 3, symbolic theta, p, n", within=_SAMPLING_DOMAIN)
    corrections = (identity(out["Var[nu_hat]"], out["corrected Var[nu_hat]"],
                            domain="sampling model, T = 3, symbolic m, theta, p, n"),
                   identity(out["Cov(theta_hat_1, theta_hat_2)"], -th1 * th2 / n_symbol,
                            domain="sampling model, T = 3, symbolic theta, p, n"))
    yield replace(cov, corrected=Correction(_VAR_NU_CORRECTED, corrections))
    yield identity(out["Var[nu_hat]"], out["printed Var[nu_hat]"], points=[point],
                   domain="sampling model, T = 3, symbolic m, theta, p, n", within=_SAMPLING_DOMAIN)


#: The sampling model at T = 3 as conditions: 0 < p < 1/2, n >= 1, type probabilities theta1, theta2 and
#: theta3 = 1 - theta1 - theta2 in [0, 1].
_SAMPLING_DOMAIN = "0 < p < 1/2, n >= 1 integer, theta1 >= 0, theta2 >= 0, theta1 + theta2 <= 1"


# ===================================================================================== R.nu-unbiased
define(Claim(
    id="R.nu-unbiased", title=r"$\hat{\nu}$ is unbiased for $\nu$", source="004 §3.2",
    printed=(r"\mathbb{E}[\hat{\nu}] &= \mathbb{E} \left[\sum_{i=1}^T m_i \hat{\theta}_i \right]",),
    statement=r"$\mathbb E[\hat\nu] = \sum_{i=1}^T m_i \mathbb E[\hat\theta_i] = \sum_{i=1}^T m_i\theta_i = \nu$",
    domain=r"§3.2 sampling model, $T \ge 1$, $0 < p < 1/2$, $n \ge 1$, any midpoints",
    interpretation=(r"unconditional expectation under the sampling model; the fixed-dataset model ($\nu$ = the "
                     "empirical binned mean) is checked too."),
    readings=(FIXED,),
    definitions=(SAMPLED, FIXED),
    related={"R.warner-mle": r"the unbiasedness of each $\hat{\theta}_{i}$", "R.ci-rr": ("the interval centred at "
                                                                                         r"$\hat{\nu}$")},
))


@check("R.nu-unbiased", "symbolic")
def _nu_symbolic(budget: Budget):
    for T in (1, 2, 3):
        out = derivations.onehot_moments(T)
        yield identity(_nu_hat_mean(T), out["nu"], domain=f"sampling model, T = {T}, symbolic m, theta, p")


def _nu_hat_mean(T: int) -> sympy.Expr:
    """E[ν̂] for one individual as the sum over its reports b ∈ {0,1}^T of Pr(b) Σ_i m_i (b_i - (1/2 - p))/(2p)
    (004 §3.2; n individuals average to the same mean), unsimplified: the definition the identity checks."""
    _, law = derivations.per_type_law(T)
    p, half = derivations.p, sympy.Rational(1, 2)
    m = sympy.symbols(f"m1:{T + 1}", real=True)
    return sympy.Add(*(law[b] * sympy.Add(*(m[i] * (b[i] - (half - p)) / (2 * p) for i in range(T))) for b in law))


@check("R.nu-unbiased", "enumeration")
def _nu_enumeration(budget: Budget):
    cases = [{"p": q, "n": m, "theta": t} for q in p_grid(budget)[::2] for m in (1, 2, 3)
             for t in ((Fraction(1),), (HALF, HALF), (Fraction(1, 5), Fraction(4, 5)),
                       (Fraction(1, 3), Fraction(1, 6), HALF))]

    def holds(case):
        bins = binned.Binning(-1, len(case["theta"]) * 2 - 1, 2)
        law = binned.enumerate_counts_law(case["p"], case["theta"], case["n"])
        return _estimator_moments(law, case["n"], case["p"], bins)[0] == binned.binned_mean(bins, case["theta"])

    yield exhaustive(cases, holds, domain="brute-force exact law, n = 1..3, T = 1..3, p on a grid, bins of width 2 "
                                          "from -1")
    fixed = [{"p": q, "types": ts} for q in p_grid(budget)[::2] for ts in ((0,), (0, 1), (1, 1, 0), (0, 2, 1))]

    def holds_fixed(case):
        T, n = max(max(case["types"]) + 1, 2), len(case["types"])
        bins = binned.Binning(0, T, 1)
        law = binned.enumerate_counts_law(case["p"], (Fraction(1, T),) * T, n, fixed_types=case["types"])
        empirical = [Fraction(case["types"].count(t), n) for t in range(T)]
        return _estimator_moments(law, n, case["p"], bins)[0] == binned.binned_mean(bins, empirical)

    yield exhaustive(fixed, holds_fixed, reading=FIXED,
                     domain="brute-force exact law for fixed type assignments, target = empirical binned mean")


# ===================================================================================== R.bias
define(Claim(
    id="R.bias", title="the binned mean is within half an interval of the mean", source="004 §3.2",
    printed=(r"\frac{c}{2}",),
    statement=(r"this bias cannot be more than half the interval size, that is $\frac{\epsilon}{2}$ (and later: "
               r"$\nu$ differs from $\mu$ by at most $\tfrac c2$)"),
    domain=(r"$X \in [L, U]$ with any distribution, $\mu = E[X]$ (the truncated mean), $c \mid (U - L)$, $\nu = \sum "
            r"m_i \theta_i$, $\theta_i = \Pr(X \in \text{interval } i)$"),
    interpretation=(r"$|\nu - \mu| \le c/2$ (the '$\epsilon/2$' is a typo for $c/2$, corrected by the report itself "
                    "later in §3.2)."),
    readings=("printed ε/2", "untruncated mean"),
    related={"R.ci-mu": r"the $c/2$ term of the interval for $\mu$", "R.example-bias": "the example it generalises"},
))


@check("R.bias", "decision")
def _bias_decision(budget: Budget) -> Evidence:
    """z3: every x in interval i (integer i >= 0) lies within c/2 of its midpoint m_i = L + (i + 1/2)c; and an
    average of deviations within c/2 stays within c/2 (three atoms). Expectation preserves a pointwise
    bound, so |ν - μ| = |E[m(X) - X]| <= c/2 for every distribution on [L, U]."""
    interval = ["c > 0", "i >= 0", "x >= L + i*c", "x <= L + (i + 1)*c"]
    names = ["L", "x", "i"]
    weights = ["w1 >= 0", "w2 >= 0", "w3 >= 0", "w1 + w2 + w3 - 1 == 0", "c > 0"]
    deviations = [f"{side}{d} <= c/2" for d in ("d1", "d2", "d3") for side in ("", "-")]
    average_names = ["w1", "w2", "w3", "d1", "d2", "d3"]
    steps = [(f"c/2 {sign} (x - m_i) >= 0", paper_sign_evidence(f"c/2 {sign} (x - (L + (i + 1/2)*c))", interval, sign=">=0",
                                                         integers=["i"], symbols=names, timeout=budget.timeout))
             for sign in ("-", "+")]
    steps += [(f"c/2 {sign} (w1 d1 + w2 d2 + w3 d3) >= 0",
               paper_sign_evidence(f"c/2 {sign} (w1*d1 + w2*d2 + w3*d3)", weights + deviations, sign=">=0",
                             symbols=average_names, timeout=budget.timeout)) for sign in ("-", "+")]
    return chain(steps, conclusion="|nu - mu| = |E[m(X) - X]| <= E|m(X) - X| <= c/2", method=Method.DECISION,
                 domain="every L, c > 0, T, and every distribution on [L, U] (pointwise bound + expectation)")


def _clamped_gap(case, ctx):
    """c/2 - |ν - μ0| for X = clamp(N(μ0, σ²), L, U): the untruncated reading's margin."""
    _, nu, _ = binned.clamped_normal_binned(case["mu0"], case["sigma"], binned.Binning(case["L"], case["U"], case["c"]),
                                            ctx)
    return ctx.number(case["c"] / 2) - abs(nu - ctx.number(case["mu0"]))


@check("R.bias", "enumeration")
def _bias_enumeration(budget: Budget):
    cases = []
    for L, U, c in ((0, 2, 1), (-3, 3, 2), (0, 1, Fraction(1, 4)), (-75, 75, 75)):
        b = binned.Binning(L, U, c)
        atoms = [b.L + (b.U - b.L) * Fraction(j, 2 * b.T) for j in range(2 * b.T + 1)] + [b.L + b.c / 3]
        cases += [{"L": b.L, "U": b.U, "c": b.c, "atoms": pair, "weights": (w, 1 - w)}
                  for pair in itertools.combinations(atoms, 2) for w in (Fraction(1), Fraction(1, 3), HALF)]

    def holds(case):
        b = binned.Binning(case["L"], case["U"], case["c"])
        mu = sum(w * a for a, w in zip(case["atoms"], case["weights"]))
        nu = sum(w * b.midpoints[b.bin_of(a)] for a, w in zip(case["atoms"], case["weights"]))
        return abs(nu - mu) <= b.c / 2, {"worst |nu - mu|/(c/2)": abs(nu - mu) / (b.c / 2)}

    yield exhaustive(cases, holds, domain="two-atom distributions at the interval edges, midpoints and thirds of 4 "
                     "binnings (incl. the report's [-75, 75], c = 75), exact rationals",
                     detail={"tight": "a point mass at L gives |nu - mu| = c/2 exactly"})
    b = binned.Binning(0, 2, 2)
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "point mass at L, eps = 1",
                   counterexample={"L": 0, "U": 2, "c": 2, "eps": 1, "X": 0, "nu": b.midpoints[0], "mu": 0,
                                   "|nu - mu|": b.midpoints[0], "eps/2": HALF},
                   recheck=Recheck.EXACT, reading="printed ε/2")
    yield certified_exhaustive([{"mu0": 100, "sigma": 1, "L": -75, "U": 75, "c": 75}], _clamped_gap, sign=">=0",
                               ctx=arb(50), reading="untruncated mean",
                               names=("c/2 - |nu - mu0|", "c/2 - |nu - mu0| (second precision)"),
                               domain="X = clamp(N(100, 1), -75, 75), c = 75: mu0 = 100 is the mean before truncation")


# ===================================================================================== R.example-bias
define(Claim(
    id="R.example-bias", title="the worked example of the binning bias",
    printed=('37.5',),
    source="004 §3.2",
    statement=(r"$X \sim \mathcal{N}(50, 2^2),\ L = -75,\ U = 75,\ c = 75:\ (-75, 0], (0, 75]$, midpoints $\pm "
                r"37.5,\ \nu = -37.5 \cdot 0 + 37.5 \cdot 1 = 37.5$, error $12.5$"),
    domain="the printed numbers; $X$ truncated to $[L, U]$ as §3.2 says (values beyond $U$ reported as $U$)",
    interpretation=(r"$T = (U - L)/c$, the intervals, the midpoints and the arithmetic are exact; $\nu$ is $E$ over "
                    r"the binned distribution, which the text computes with $\theta = (0, 1)$ because 'nearly all "
                    r"density will be in the second interval': read as that approximation ($\theta_1 = \Phi(-25)$, "
                    r"certified below $10^{-100}$), so $\nu = 37.5$ and the error $|\nu - \mu| = 12.5$ hold to "
                    r"$10^{-30}$. The alternative reads $\nu = 37.5$ exactly."),
    readings=("exact values",),
    definitions=(SAMPLED,),
    related={"R.bias": r"the bound $|\nu - \mu| \le c/2$ it illustrates"},
))

_EXAMPLE = binned.Binning(-75, 75, 75)


@check("R.example-bias", "enumeration")
def _example_enumeration(budget: Budget):
    """Every printed number that is exact, in exact rationals."""
    b = _EXAMPLE
    intervals = [(b.L + i * b.c, b.L + (i + 1) * b.c) for i in range(b.T)]
    printed = {"T": (b.T, 2), "intervals": (intervals, [(-75, 0), (0, 75)]),
               "midpoints": (list(b.midpoints), [Fraction(-75, 2), Fraction(75, 2)]),
               "nu with theta = (0, 1)": (binned.binned_mean(b, (0, 1)), Fraction(75, 2)),
               "-37.5 * 0 + 37.5 * 1": (Fraction(-75, 2) * 0 + Fraction(75, 2) * 1, Fraction(75, 2)),
               "error 50 - 37.5": (50 - binned.binned_mean(b, (0, 1)), Fraction(25, 2))}
    cases = [{"quantity": name, "exact": exact, "claimed": claimed} for name, (exact, claimed) in printed.items()]
    return exhaustive(cases, lambda c: c["exact"] == c["claimed"],
                      domain="the printed T, intervals (a, b], midpoints, the printed arithmetic of nu and the error "
                             "(exact rationals)")


#: ν differs from 37.5 by 75 Φ(-25) ≈ 2.3e-136: the balls must be far narrower than that.
_FINE = arb(200)


def _example_values(ctx):
    return binned.clamped_normal_binned(50, 2, _EXAMPLE, ctx)


@check("R.example-bias", "interval")
def _example_interval(budget: Budget):
    """Certified (arb, two precisions): θ_1 = Φ(-25) < 10^-100, |ν - 37.5| < 10^-100, and the error |ν - μ|
    within 10^-30 of 12.5, μ the mean after truncation."""
    tiny, small = Fraction(1, 10 ** 100), Fraction(1, 10 ** 30)
    checks = [{"quantity": "theta_1 - 10^-100"}, {"quantity": "|nu - 37.5| - 10^-100"},
              {"quantity": "||nu - mu| - 12.5| - 10^-30"}]

    def value(case, ctx):
        theta, nu, mu = _example_values(ctx)
        printed_nu, printed_error = ctx.number(Fraction(75, 2)), ctx.number(Fraction(25, 2))
        return {"theta_1 - 10^-100": lambda: theta[0] - ctx.number(tiny),
                "|nu - 37.5| - 10^-100": lambda: abs(nu - printed_nu) - ctx.number(tiny),
                "||nu - mu| - 12.5| - 10^-30": lambda: abs(abs(nu - mu) - printed_error) - ctx.number(small),
                }[case["quantity"]]()

    found = certified_exhaustive(checks, value, sign="<0", ctx=_FINE,
                                 domain="X = clamp(N(50, 4), -75, 75), bins (-75, 0], (0, 75]: theta_1 = Phi(-25)")
    yield replace(found, steps=_example_steps()) if found.outcome is Outcome.HOLDS else found
    yield certified_exhaustive([{"quantity": "nu - 37.5"}],
                               lambda case, ctx: _example_values(ctx)[1] - ctx.number(Fraction(75, 2)), sign="==0",
                               ctx=_FINE, reading="exact values", names=("nu - 37.5", "nu - 37.5 (second precision)"),
                               domain="nu = 37.5 - 75 Phi(-25) exactly")


def _example_steps() -> tuple:
    """The three certified facts of the example as sympy, for a proof certificate, in the example's symbols
    at its point (m = 50, s = 2, L = -75, U = 75): Φ(-x) = erfc(x/√2)/2 (no cancellation), θ_1 = Φ(-m/s),
    ν = 37.5 - 75 θ_1 and the clamped mean μ = L Φ(α) + U (1 - Φ(β)) + m (Φ(β) - Φ(α)) + s (φ(α) - φ(β)),
    α = (L - m)/s = -62.5, β = (U - m)/s = 12.5."""
    tail = lambda x: sympy.erfc(x / sympy.sqrt(2)) / 2  # noqa: E731 - Φ(-x)
    density = lambda x: sympy.exp(-x ** 2 / 2) / sympy.sqrt(2 * sympy.pi)  # noqa: E731 - φ(x)
    m, s = sympy.Symbol("m", real=True), sympy.Symbol("s", positive=True)
    low, high = sympy.Symbol("L", real=True), sympy.Symbol("U", real=True)
    point = {"m": 50, "s": 2, "L": -75, "U": 75}
    alpha, beta = (low - m) / s, (high - m) / s
    theta = tail(m / s)
    nu = sympy.Rational(75, 2) - 75 * theta
    mu = (low * tail(-alpha) + high * tail(beta) + m * (1 - tail(beta) - tail(-alpha))
          + s * (density(alpha) - density(beta)))
    tiny, small = sympy.Rational(1, 10 ** 100), sympy.Rational(1, 10 ** 30)
    example = sympy.And(sympy.Eq(m, 50), sympy.Eq(s ** 2, 4), sympy.Eq(low, -75), sympy.Eq(high, 75))
    return (Holds("the point lies in the claim's domain, the printed numbers: X ~ N(50, 2^2), L = -75, U = 75",
                  example, point),
            Holds("theta_1 = Phi(-m/s) < 10^-100", theta < tiny, point),
            Holds("|nu - 37.5| < 10^-100, with nu = -37.5 theta_1 + 37.5 (1 - theta_1)",
                  sympy.Abs(nu - sympy.Rational(75, 2)) < tiny, point),
            Holds("the error |nu - mu| is within 10^-30 of 12.5 (mu the mean of X after clamping to [L, U])",
                  sympy.Abs(sympy.Abs(nu - mu) - sympy.Rational(25, 2)) < small, point),
            Stated("X = clamp(N(m, s^2), L, U) has theta_1 = Pr(X <= 0) = Phi(-m/s), and E[clamp(X)] = "
                   "L Phi(alpha) + U (1 - Phi(beta)) + m (Phi(beta) - Phi(alpha)) + s (phi(alpha) - phi(beta))"))
