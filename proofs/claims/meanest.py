"""The mean-estimation report (004 = 004_7922466618fe9fb7.txt): randomized response, Bassily–Smith,
the binned mean, the Gaussian mechanism and the two confidence intervals.

Models. §2.2 fixes a dataset D ∈ {0,1}^n and randomizes only the answers; §3.2 draws the n individuals
i.i.d. from a distribution whose binned law is Θ = (θ_1..θ_T) ("the multinomial distribution ... with
probability vector Θ"). Claims of §2.2 are read in the fixed-dataset model, claims of §3.2 in the
sampling model; the other model is always checked as an alternative reading.

Simulation standard (R.ci-gauss, R.ci-rr). The report derives both intervals from a normal
approximation, so "is a (1-α) confidence interval" is read as: coverage 1-α in the normal limit. A
simulated coverage is reported with its Wilson 99.9 % interval (numpy ``default_rng(seed)``, seeds
20180422 and 20180423, ``budget.replicates`` replicates). Simulation gives ``holds`` at most. A
counterexample needs (i) the limiting coverage in closed form below 1-α (two precisions), (ii) the exact
finite-n coverage (enumeration, an exact rational) below 1-α, and (iii) both seeds' intervals strictly
below 1-α.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import replace
from fractions import Fraction

import mpmath
import sympy

from numeric import meanest as me
from numeric import meanest_gaussian as mg
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.engines.methods import exhaustive, identity, rational_grid
from proofs.base.registry import check, define
from symbolic import meanest as sm
from symbolic.symbols import n as n_sym, p as p_sym

F = Fraction
SEEDS = (20180422, 20180423)
DPS = (30, 60)
HALF = F(1, 2)


def _tol(dps: int) -> mpmath.mpf:
    return mpmath.mpf(10) ** (-(dps - 5))


def _two_precisions(f, *args) -> tuple[mpmath.mpf, mpmath.mpf, bool]:
    """f(*args, dps) at DPS[0] and DPS[1]; agree within 10^-(dps_low - 5)."""
    lo, hi = f(*args, dps=DPS[0]), f(*args, dps=DPS[1])
    with mpmath.workdps(DPS[1]):
        return lo, hi, abs(lo - hi) <= _tol(DPS[0]) * max(1, abs(hi))


def _p_grid(budget: Budget) -> list[Fraction]:
    return rational_grid(0, HALF, budget.grid)


# --- brute-force exact laws (independent of the convolution engine in numeric.meanest) --------------

def _brute_law(p: Fraction, theta, n: int, *, fixed_types=None):
    """Exact joint law of (θ̂_1..θ̂_T) by enumerating every type assignment and every report vector."""
    T = len(theta)
    mech = me.OneHotRR(p, T)
    law: dict[tuple[int, ...], Fraction] = {}
    assignments = [(tuple(fixed_types), F(1))] if fixed_types is not None else [
        (ts, _prod(theta[t] for t in ts)) for ts in itertools.product(range(T), repeat=n)]
    outputs = mech.outputs()
    pmf = {(b, t): mech.pmf(b, t) for b in outputs for t in range(T)}
    for types, w_types in assignments:
        if not w_types:
            continue
        for reports in itertools.product(outputs, repeat=n):
            w = w_types * _prod(pmf[b, t] for b, t in zip(reports, types))
            counts = tuple(sum(b[i] for b in reports) for i in range(T))
            law[counts] = law.get(counts, F(0)) + w
    return law


def _prod(values) -> Fraction:
    out = F(1)
    for v in values:
        out *= v
    return out


def _moments(law, fn):
    mean = sum(w * fn(s) for s, w in law.items())
    return mean, sum(w * (fn(s) - mean) ** 2 for s, w in law.items())


# ===================================================================================== R.rr-eps
define(Claim(
    id="R.rr-eps", title="randomized response is (4p/(1-2p))-DP", source="004 §2.2",
    statement=r"\Pr(b_i = x) = \tfrac12 + p \ (x = D_i),\ \tfrac12 - p \ (x = 1 - D_i),\ p < \tfrac12"
              r"\ \Longrightarrow\ \text{randomized response is } \left(\frac{4p}{1-2p}\right)\text{-differentially private, } \delta = 0",
    domain=r"0 < p < 1/2; datasets D \in \{0,1\}^n, neighbours differ in one entry; \delta = 0",
    assumptions=("p > 0 (at p = 0 the answers are pure noise and the bound 0 is also right, but the estimator "
                 "of Eq. (1) divides by p)",),
    interpretation="ε-DP with ε = 4p/(1-2p): the exact loss ln((1+2p)/(1-2p)) is at most 4p/(1-2p).",
))


@check("R.rr-eps", "symbolic")
def _rr_eps_symbolic(budget: Budget) -> Evidence:
    """(1+2p)/(1-2p) = 1 + y with y = 4p/(1-2p) > 0, and ln(1+y) ≤ y; also h = y - ln(1+y) has h(0) = 0, h' > 0."""
    start = time.perf_counter()
    y = 4 * p_sym / (1 - 2 * p_sym)
    same = sympy.simplify((1 + 2 * p_sym) / (1 - 2 * p_sym) - (1 + y)) == 0
    gap = sm.rr_eps_gap()
    s = sympy.Symbol("s", positive=True)  # p = s/(2(1+s)) maps s in (0, oo) onto p in (0, 1/2)
    dh_on_domain = sympy.simplify(gap["h'"].subs(p_sym, s / (2 * (1 + s))))
    positive = dh_on_domain.is_positive is True
    ok = same and gap["h(0)"] == 0 and positive
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "0 < p < 1/2 (whole domain)",
                    {"argument": "e^{eps*} = (1+2p)/(1-2p) = 1 + 4p/(1-2p) and ln(1+y) <= y; equivalently "
                                 "h(p) = 4p/(1-2p) - ln((1+2p)/(1-2p)) has h(0) = 0 and h'(p) > 0 on (0, 1/2)",
                     "h'(p)": str(gap["h'"]), "h'(s/(2(1+s)))": str(dh_on_domain),
                     "ratio is 1 + 4p/(1-2p)": same, "h(0)": str(gap["h(0)"])},
                    derived={"h": gap["h"], "h'": gap["h'"]}, seconds=time.perf_counter() - start)


@check("R.rr-eps", "decision")
def _rr_eps_decision(budget: Budget) -> Evidence:
    """z3: no p in (0, 1/2) makes h'(p) = 16p/((2p-1)²(2p+1)) ≤ 0; with h(0) = 0, h > 0 on (0, 1/2)."""
    import z3

    start = time.perf_counter()
    x = z3.Real("p")
    solver = z3.Solver()
    solver.set("timeout", int(budget.timeout * 1000))
    solver.add(x > 0, x < z3.RealVal("1/2"), 16 * x <= 0 * ((2 * x - 1) ** 2 * (2 * x + 1)))
    # h' has positive denominator on the domain, so h' <= 0 iff its numerator 16p <= 0
    solver.push()
    solver.add((2 * x - 1) ** 2 * (2 * x + 1) <= 0)
    den_sign = solver.check()
    solver.pop()
    num_sign = solver.check()
    ok = den_sign == z3.unsat and num_sign == z3.unsat and sm.rr_eps_gap()["h(0)"] == 0
    return Evidence(Method.DECISION, Outcome.PROVED if ok else Outcome.INCONCLUSIVE, "0 < p < 1/2 (whole domain)",
                    {"solver": f"z3 {z3.get_version_string()}", "query": "exists p in (0,1/2): 16p <= 0 or "
                     "(2p-1)^2(2p+1) <= 0", "results": [str(num_sign), str(den_sign)],
                     "conclusion": "h'(p) > 0 on (0,1/2) and h(0) = 0 (sympy), so eps* < 4p/(1-2p)"},
                    seconds=time.perf_counter() - start)


@check("R.rr-eps", "enumeration")
def _rr_eps_enumeration(budget: Budget) -> Evidence:
    """Every neighbouring pair of datasets D ~ D' in {0,1}^n (n ≤ 3) and every output vector: the ratio
    Pr(RR(D) = b)/Pr(RR(D') = b) is at most 1 + y < 1 + y + y²/2 < e^y, y = 4p/(1-2p) (exact rationals)."""
    cases = [{"p": p, "n": n} for p in _p_grid(budget) for n in (1, 2, 3)]

    def holds(case):
        rr, n = me.RandomizedResponse(case["p"]), case["n"]
        worst = F(0)
        for D in itertools.product((0, 1), repeat=n):
            for i in range(n):
                D2 = D[:i] + (1 - D[i],) + D[i + 1:]
                for b in itertools.product((0, 1), repeat=n):
                    num = _prod(rr.pmf(bj, dj) for bj, dj in zip(b, D))
                    den = _prod(rr.pmf(bj, dj) for bj, dj in zip(b, D2))
                    worst = max(worst, num / den)
        y = rr.epsilon_printed
        ok = worst == 1 + y and worst < 1 + y + y * y / 2
        return ok, {"worst ratio/(1+y+y^2/2)": float(worst / (1 + y + y * y / 2)),
                    "worst eps*/eps_printed": float(rr.epsilon_exact(15)) / float(y)}

    return exhaustive(cases, holds, domain=f"p on a {budget.grid}-point rational grid of (0,1/2), all datasets "
                      "in {0,1}^n, n = 1..3, all neighbours and outputs (exact rationals; e^y > 1 + y + y^2/2)",
                      detail={"note": "the max ratio is exactly (1+2p)/(1-2p) = 1 + 4p/(1-2p); the printed eps "
                                      "is never tight: eps*/eps_printed -> 1 as p -> 0 and -> 0 as p -> 1/2"})


# ===================================================================================== R.warner-mle
define(Claim(
    id="R.warner-mle", title="Warner's estimator of the proportion of 1's is unbiased", source="004 §2.2, Eq. (1)",
    statement=r"\hat{\theta}_1 = \frac{1}{2p}\left(\frac{\text{Number of 1's in } RR(D)}{n} - \left(\frac12 - p\right)\right)",
    domain=r"0 < p < 1/2, n \ge 1; D fixed with k ones (\theta_1 = k/n), or i.i.d. Bernoulli(\theta_1)",
    interpretation="E[θ̂₁] = θ₁ (catalog: 'estimates the proportion of 1's without bias'), in both models; "
                   "θ̂₁ is the stationary point of the binomial likelihood (the unconstrained MLE).",
    readings=("MLE over θ ∈ [0,1]",),
))


@check("R.warner-mle", "symbolic")
def _warner_mle_symbolic(budget: Budget):
    fixed, sampled = sm.warner_fixed(), sm.warner_sampled()
    yield identity(fixed["E[theta_hat]"], sm.k / n_sym, domain="fixed dataset with k ones, all n >= 1, 0 < p < 1/2")
    yield identity(sampled["E[theta_hat]"], sm.theta,
                   domain="inputs i.i.d. Bernoulli(theta), all n >= 1, 0 < p < 1/2")
    yield identity(sm.warner_mle(), (sympy.Symbol("N1", nonnegative=True) / n_sym - (HALF - p_sym)) / (2 * p_sym),
                   domain="stationary point of N1 ln(lam) + (n - N1) ln(1 - lam), lam = 1/2 - p + 2p theta")


@check("R.warner-mle", "enumeration")
def _warner_mle_enumeration(budget: Budget):
    n_top = min(budget.n_max, 12)
    cases = [{"p": p, "n": n, "k": k} for p in _p_grid(budget) for n in range(1, n_top + 1) for k in range(n + 1)]

    def holds(case):
        rr = me.RandomizedResponse(case["p"])
        law = rr.count_law_fixed(case["k"], case["n"])
        mean = sum(w * rr.estimate(j, case["n"]) for j, w in enumerate(law))
        return mean == F(case["k"], case["n"]), {}

    yield exhaustive(cases, holds, domain=f"fixed datasets: n = 1..{n_top}, every k, p on a {budget.grid}-point "
                     "grid; exact law of #1's (Poisson binomial), exact rationals")
    thetas = rational_grid(0, 1, budget.grid)
    cases2 = [{"p": p, "n": n, "theta": t} for p in _p_grid(budget) for n in (1, 2, 5, n_top) for t in thetas]

    def holds2(case):
        rr = me.RandomizedResponse(case["p"])
        law = rr.count_law_sampled(case["theta"], case["n"])
        return sum(w * rr.estimate(j, case["n"]) for j, w in enumerate(law)) == case["theta"], {}

    yield exhaustive(cases2, holds2, domain=f"i.i.d. Bernoulli(theta) inputs, theta on a {budget.grid}-point grid, "
                     f"n in (1, 2, 5, {n_top}); exact binomial law")
    # reading: the MLE over theta in [0, 1] is clip(theta_hat, 0, 1); theta_hat leaves [0, 1] with positive probability
    rr = me.RandomizedResponse(F(1, 4))
    est = rr.estimate(0, 1)
    prob = rr.count_law_fixed(1, 1)[0]
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "n = 1, p = 1/4, one input equal to 1",
                   {"note": "the likelihood restricted to theta in [0,1] is maximised at 0 when theta_hat < 0"},
                   counterexample={"p": F(1, 4), "n": 1, "ones reported": 0, "theta_hat": est,
                                   "MLE on [0,1]": 0, "probability of this report": prob},
                   recheck=Recheck.EXACT, reading="MLE over θ ∈ [0,1]",
                   holds_when="the report's theta_hat lies in [0, 1]")


# ===================================================================================== R.warner-var
_WARNER_VAR_CORRECTED = (r"\text{inputs i.i.d. Bernoulli}(\theta_1):\ \operatorname{Var}\hat\theta_1 = "
                         r"\frac{1}{4p^2n^2}\left(\frac n4 - np^2\right) + \frac{\theta_1(1-\theta_1)}{n}")

define(Claim(
    id="R.warner-var", title="θ̂₁ is normal with the printed variance", source="004 §2.2",
    statement=r"\hat{\theta}_1 \sim \mathcal{N}\left(\theta_1, \frac{1}{4p^2n^2}\left(\frac{n}{4} - np^2\right)\right)",
    domain=r"0 < p < 1/2, n \ge 1, a fixed dataset D \in \{0,1\}^n with k ones, \theta_1 = k/n (§2.2)",
    interpretation="§2.2's model (D fixed, only the answers random): E θ̂₁ = θ₁ and Var θ̂₁ equal the printed "
                   "values exactly, and θ̂₁ is normal in the limit (Berry–Esseen distance -> 0). θ̂₁ is discrete, "
                   "so '~ N' is read as the normal approximation Warner gives.",
    readings=("sampled", "exactly normal"),
))


@check("R.warner-var", "symbolic")
def _warner_var_symbolic(budget: Budget):
    fixed = sm.warner_fixed()
    yield identity(fixed["Var[theta_hat]"], sm.printed_variance(),
                   domain="fixed dataset with k ones: every n >= 1, 0 <= k <= n, 0 < p < 1/2")
    # Berry–Esseen for independent, non-identical summands (Shevtsova 2010: C0 = 0.5600): every summand is
    # Bernoulli(1/2 ± p), variance 1/4 - p², third absolute central moment (1/4 - p²)(1/2 + 2p²)
    start = time.perf_counter()
    v1 = sympy.Rational(1, 4) - p_sym ** 2
    bound = sympy.Rational(56, 100) * n_sym * v1 * (HALF + 2 * p_sym ** 2) / (n_sym * v1) ** sympy.Rational(3, 2)
    limit = sympy.limit(bound, n_sym, sympy.oo)
    yield Evidence(Method.SYMBOLIC, Outcome.PROVED if limit == 0 else Outcome.INCONCLUSIVE,
                   "every 0 < p < 1/2, n -> oo (normal limit)",
                   {"Berry-Esseen bound sup|F - Phi|": str(sympy.simplify(bound)), "limit n -> oo": str(limit),
                    "constant": "C0 = 0.5600 (Shevtsova 2010, non-identical summands)"}, derived={"bound": bound},
                   seconds=time.perf_counter() - start)
    sampled = sm.warner_sampled()
    ev = identity(sampled["Var[theta_hat]"], sm.printed_variance(), reading="sampled",
                  domain="inputs i.i.d. Bernoulli(theta), 0 < theta < 1",
                  points=[{"p": F(1, 4), "n": 2, "theta": F(1, 2)}])
    corr = identity(sampled["Var[theta_hat]"], sm.printed_variance() + sm.theta * (1 - sm.theta) / n_sym,
                    domain="inputs i.i.d. Bernoulli(theta), every theta in [0,1], n >= 1, 0 < p < 1/2")
    yield replace(ev, corrected=Correction(_WARNER_VAR_CORRECTED, (corr,)))


@check("R.warner-var", "enumeration")
def _warner_var_enumeration(budget: Budget):
    n_top = min(budget.n_max, 12)
    cases = [{"p": p, "n": n, "k": k} for p in _p_grid(budget) for n in range(1, n_top + 1) for k in range(n + 1)]
    cases += [{"p": p, "n": budget.n_max, "k": k} for p in _p_grid(budget)[::4]
              for k in (0, budget.n_max // 3, budget.n_max)]

    def holds(case):
        rr = me.RandomizedResponse(case["p"])
        law = rr.count_law_fixed(case["k"], case["n"])
        mean, var = _moments(dict(enumerate(law)), lambda j: rr.estimate(j, case["n"]))
        return mean == F(case["k"], case["n"]) and var == rr.variance_printed(case["n"]), {}

    yield exhaustive(cases, holds, domain=f"fixed datasets: n = 1..{n_top} every k, and n = {budget.n_max} with "
                     f"k in (0, n/3, n); p on a {budget.grid}-point grid; exact law of #1's, exact mean and variance")

    # normal approximation: exact Kolmogorov distance against the Berry–Esseen bound
    def kolmogorov(case):
        rr, n = me.RandomizedResponse(case["p"]), case["n"]
        law = rr.count_law_fixed(case["k"], n)
        with mpmath.workdps(30):
            sd = mpmath.sqrt(mpmath.mpf(rr.variance_printed(n).numerator) / rr.variance_printed(n).denominator)
            th = mpmath.mpf(case["k"]) / n
            cdf, dist = mpmath.mpf(0), mpmath.mpf(0)
            for j, w in enumerate(law):
                phi = mpmath.ncdf((mpmath.mpf(rr.estimate(j, n).numerator) / rr.estimate(j, n).denominator - th) / sd)
                dist = max(dist, abs(cdf - phi))
                cdf += mpmath.mpf(w.numerator) / w.denominator
                dist = max(dist, abs(cdf - phi))
            p = mpmath.mpf(case["p"].numerator) / case["p"].denominator
            bound = mpmath.mpf("0.56") * (mpmath.mpf(1) / 2 + 2 * p * p) / mpmath.sqrt(n * (mpmath.mpf(1) / 4 - p * p))
            return dist <= bound, {"worst distance/bound": float(dist / bound)}

    kcases = [{"p": p, "n": n, "k": k} for p in _p_grid(budget)[::2] for n in (10, budget.n_max)
              for k in (0, n // 2)]
    yield exhaustive(kcases, kolmogorov, method=Method.ENUMERATION, recheck=Recheck.TWO_PRECISIONS,
                     domain="Kolmogorov distance of the exact law of theta_hat to N(theta_1, printed variance) vs "
                            f"the Berry-Esseen bound, n in (10, {budget.n_max}), mpmath 30 digits")
    # reading "sampled": exact binomial law gives a larger variance; reading "exactly normal": a discrete law
    rr, n, theta = me.RandomizedResponse(F(1, 4)), 2, F(1, 2)
    _, var = _moments(dict(enumerate(rr.count_law_sampled(theta, n))), lambda j: rr.estimate(j, n))
    corr_cases = [{"p": p, "n": m, "theta": t} for p in _p_grid(budget) for m in (1, 2, 7)
                  for t in rational_grid(0, 1, budget.grid)]

    def corrected(case):
        r = me.RandomizedResponse(case["p"])
        _, v = _moments(dict(enumerate(r.count_law_sampled(case["theta"], case["n"]))),
                        lambda j: r.estimate(j, case["n"]))
        return v == r.variance_printed(case["n"]) + case["theta"] * (1 - case["theta"]) / case["n"], {}

    correction = Correction(_WARNER_VAR_CORRECTED, (exhaustive(
        corr_cases, corrected, domain="exact binomial law, n in (1,2,7), p and theta on rational grids"),))
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "inputs i.i.d. Bernoulli(theta)",
                   counterexample={"p": F(1, 4), "n": n, "theta": theta, "exact Var": var,
                                   "printed": rr.variance_printed(n)},
                   recheck=Recheck.EXACT, reading="sampled", corrected=correction)
    law = rr.count_law_fixed(1, 1)
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "n = 1, p = 1/4, D = (1)",
                   counterexample={"support": [str(rr.estimate(0, 1)), str(rr.estimate(1, 1))],
                                   "masses": [law[0], law[1]], "note": "a two-point law is not normal"},
                   recheck=Recheck.EXACT, reading="exactly normal")


# ===================================================================================== R.bassily-smith
define(Claim(
    id="R.bassily-smith", title="per-coordinate randomized response on one-hot vectors is ε-DP",
    source="004 §2.2",
    statement=r"\frac{\frac12+p}{\frac12-p} \le e^{\epsilon/2} \Longrightarrow "
              r"\frac{\Pr(\mathcal M(i) = b \mid t)}{\Pr(\mathcal M(i) = b \mid t')} = "
              r"\frac{\frac12+p}{\frac12-p}\cdot\frac{\frac12+p}{\frac12-p} \le e^{\epsilon}",
    domain=r"0 < p < 1/2, T \ge 1 types, \epsilon \ge 2\ln\frac{1/2+p}{1/2-p}, one-hot inputs, b \in \{0,1\}^T",
    interpretation="pure ε-DP of the one-individual mechanism (and of n individuals, neighbours differing in one "
                   "individual's type). The printed middle equality holds only for b_t = 1, b_t' = 0; for other b "
                   "the ratio is 1 or r^{-2}, so the conclusion (≤ e^ε) is what is checked.",
))


@check("R.bassily-smith", "symbolic")
def _bs_symbolic(budget: Budget) -> Evidence:
    start = time.perf_counter()
    r = (HALF + p_sym) / (HALF - p_sym)
    keep, flip = HALF + p_sym, HALF - p_sym
    ratios = {}
    for bt, bt2 in itertools.product((0, 1), repeat=2):  # other coordinates cancel
        num = (keep if bt == 1 else flip) * (keep if bt2 == 0 else flip)
        den = (keep if bt == 0 else flip) * (keep if bt2 == 1 else flip)
        ratios[(bt, bt2)] = sympy.simplify(num / den / r ** (2 * (bt - bt2)))
    ok = all(v == 1 for v in ratios.values())
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every 0 < p < 1/2, T >= 2, t != t', b in {0,1}^T (T = 1: one input, nothing to compare)",
                    {"ratio": "Pr(b|t)/Pr(b|t') = r^(2(b_t - b_t')), r = (1/2+p)/(1/2-p) > 1: max r^2 <= e^eps "
                              "when r <= e^(eps/2)",
                     "ratio / r^(2(b_t - b_t')) for (b_t, b_t')": {str(k): str(v) for k, v in ratios.items()},
                     "n individuals": "the other individuals' factors cancel"}, seconds=time.perf_counter() - start)


@check("R.bassily-smith", "enumeration")
def _bs_enumeration(budget: Budget) -> Evidence:
    cases = [{"p": p, "T": T} for p in _p_grid(budget) for T in (1, 2, 3, 4)]

    def holds(case):
        mech = me.OneHotRR(case["p"], case["T"])
        r = mech.rr.ratio
        worst = mech.max_ratio()
        bound = r * r  # = e^eps at the smallest allowed eps = 2 ln r; larger eps only loosen it
        return worst <= bound, {"worst ratio/r^2": float(worst / bound)}

    return exhaustive(cases, holds, domain=f"T = 1..4, every output b and types t, t'; p on a {budget.grid}-point "
                      "grid; eps = 2 ln r (the tightest allowed), exact rationals",
                      detail={"note": "max ratio = r^2 for T >= 2 (tight: the privacy loss is exactly eps there)"})


# ===================================================================================== R.independence
_VAR_NU_CORRECTED = (r"\operatorname{Cov}(\hat\theta_i, \hat\theta_j) = -\frac{\theta_i\theta_j}{n}\ (i \ne j),\quad "
                     r"\operatorname{Var}[\hat\nu] = \frac{\sum_i m_i^2}{4p^2n^2}\left(\frac n4 - np^2\right) + "
                     r"\frac{1}{n}\Big(\sum_i m_i^2\theta_i - \nu^2\Big)")

define(Claim(
    id="R.independence", title="the per-type estimators are independent; Var[ν̂] = Σ m_i² Var[θ̂_i]",
    source="004 §3.2",
    statement=r"\operatorname{Var}[\hat\nu] = \sum_{i=1}^T m_i^2 \operatorname{Var}[\hat\theta_i] "
              r"\ \text{(Independence of the } \hat\theta_i\text{'s)} = \frac{\sum_{i=1}^T m_i^2}{4p^2 n^2}\left(\frac n4 - np^2\right)",
    domain=r"§3.2 sampling model: n individuals i.i.d., type i with probability \theta_i, T \ge 2, 0 < p < 1/2",
    interpretation="§3.2 draws the individuals from the binned distribution Θ and contrasts with the dependent "
                   "multinomial estimators; the claim is unconditional independence of θ̂_1..θ̂_T and the "
                   "printed Var[ν̂].",
    readings=("fixed dataset",),
))


@check("R.independence", "enumeration")
def _independence_enumeration(budget: Budget):
    p, theta, n = F(1, 4), (HALF, HALF), 1
    law = _brute_law(p, theta, n)
    th = lambda s, i: me.RandomizedResponse(p).estimate(s[i], n)  # noqa: E731
    joint = {(th(s, 0), th(s, 1)): w for s, w in law.items()}
    m1 = {}
    m2 = {}
    for (a, b), w in joint.items():
        m1[a] = m1.get(a, 0) + w
        m2[b] = m2.get(b, 0) + w
    cell = next((ab, w) for ab, w in joint.items() if w != m1[ab[0]] * m2[ab[1]])
    binning = me.Binning(0, 2, 1)
    _, var = _moments(law, lambda s: me.nu_hat(binning, s, n, p))
    cov = sum(w * th(s, 0) * th(s, 1) for s, w in law.items()) - theta[0] * theta[1]

    cases = [{"p": q, "n": m, "theta": t, "L": 0, "U": len(t), "c": 1}
             for q in _p_grid(budget)[::2] for m in (1, 2, 3)
             for t in ((F(1, 2), F(1, 2)), (F(1, 5), F(4, 5)), (F(1, 3), F(1, 6), F(1, 2)))]

    def corrected(case):
        bins = me.Binning(case["L"], case["U"], case["c"])
        lw = _brute_law(case["p"], case["theta"], case["n"])
        _, v = _moments(lw, lambda s: me.nu_hat(bins, s, case["n"], case["p"]))
        rr = me.RandomizedResponse(case["p"])
        e0, _ = _moments(lw, lambda s: rr.estimate(s[0], case["n"]))
        e1, _ = _moments(lw, lambda s: rr.estimate(s[1], case["n"]))
        c = sum(w * rr.estimate(s[0], case["n"]) * rr.estimate(s[1], case["n"]) for s, w in lw.items()) - e0 * e1
        return (v == me.variance_nu_sampled(bins, case["theta"], case["p"], case["n"])
                and c == -case["theta"][0] * case["theta"][1] / case["n"]), {}

    correction = Correction(_VAR_NU_CORRECTED, (exhaustive(
        cases, corrected, domain="brute-force exact law (every type assignment and report), n = 1..3, T = 2, 3, "
                                 "p on a grid; exact Var[nu_hat] and Cov(theta_hat_1, theta_hat_2)"),))
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE,
                   "brute-force exact joint law, sampling model", {"joint law": {f"{k[0]},{k[1]}": v for k, v in joint.items()}},
                   counterexample={"p": p, "n": n, "theta": theta, "cell (theta_hat_1, theta_hat_2)": cell[0],
                                   "joint": cell[1], "product of marginals": m1[cell[0][0]] * m2[cell[0][1]],
                                   "Cov": cov, "Var[nu_hat] exact (bins [0,1],[1,2])": var,
                                   "printed": me.variance_nu_printed(binning, p, n)},
                   recheck=Recheck.EXACT, corrected=correction)
    # reading: a fixed dataset (only the answers random): the joint law factorises
    fcases = [{"p": q, "types": ts} for q in _p_grid(budget)[::2] for ts in ((0,), (0, 1), (0, 0, 1), (0, 1, 2))]

    def factorises(case):
        T = max(case["types"]) + 1 if max(case["types"]) > 0 else 2
        lw = _brute_law(case["p"], (F(1, T),) * T, len(case["types"]), fixed_types=case["types"])
        margs = [{} for _ in range(T)]
        for s, w in lw.items():
            for i in range(T):
                margs[i][s[i]] = margs[i].get(s[i], 0) + w
        ok = all(w == _prod(margs[i][s[i]] for i in range(T)) for s, w in lw.items())
        return ok, {}

    yield exhaustive(fcases, factorises, reading="fixed dataset",
                     domain="brute-force exact joint law for fixed type assignments (n <= 3, T <= 3)")


@check("R.independence", "symbolic")
def _independence_symbolic(budget: Budget):
    out = sm.onehot_moments(3)
    th1, th2 = sympy.symbols("theta1 theta2", real=True)
    point = {"p": F(1, 4), "n": 1, "theta1": F(1, 2), "theta2": F(1, 4), "m1": F(1, 2), "m2": F(3, 2), "m3": F(5, 2)}
    cov = identity(out["Cov(theta_hat_1, theta_hat_2)"], 0, points=[point],
                   domain="sampling model, T = 3, symbolic theta, p, n")
    corr = (identity(out["Var[nu_hat]"], out["corrected Var[nu_hat]"],
                     domain="sampling model, T = 3, symbolic m, theta, p, n"),
            identity(out["Cov(theta_hat_1, theta_hat_2)"], -th1 * th2 / n_sym,
                     domain="sampling model, T = 3, symbolic theta, p, n"))
    yield replace(cov, corrected=Correction(_VAR_NU_CORRECTED, corr))
    yield identity(out["Var[nu_hat]"], out["printed Var[nu_hat]"], points=[point],
                   domain="sampling model, T = 3, symbolic m, theta, p, n")


# ===================================================================================== R.nu-unbiased
define(Claim(
    id="R.nu-unbiased", title="ν̂ is unbiased for ν", source="004 §3.2",
    statement=r"\mathbb E[\hat\nu] = \sum_{i=1}^T m_i \mathbb E[\hat\theta_i] = \sum_{i=1}^T m_i\theta_i = \nu",
    domain=r"§3.2 sampling model, T \ge 1, 0 < p < 1/2, n \ge 1, any midpoints",
    interpretation="unconditional expectation under the sampling model; the fixed-dataset model (ν = the "
                   "empirical binned mean) is checked too.",
    readings=("fixed dataset",),
))


@check("R.nu-unbiased", "symbolic")
def _nu_symbolic(budget: Budget):
    for T in (1, 2, 3):
        out = sm.onehot_moments(T)
        yield identity(out["E[nu_hat]"], out["nu"], domain=f"sampling model, T = {T}, symbolic m, theta, p")


@check("R.nu-unbiased", "enumeration")
def _nu_enumeration(budget: Budget):
    cases = [{"p": q, "n": m, "theta": t} for q in _p_grid(budget)[::2] for m in (1, 2, 3)
             for t in ((F(1),), (F(1, 2), F(1, 2)), (F(1, 5), F(4, 5)), (F(1, 3), F(1, 6), F(1, 2)))]

    def holds(case):
        bins = me.Binning(-1, len(case["theta"]) * 2 - 1, 2)
        lw = _brute_law(case["p"], case["theta"], case["n"])
        mean, _ = _moments(lw, lambda s: me.nu_hat(bins, s, case["n"], case["p"]))
        return mean == me.binned_mean(bins, case["theta"]), {}

    yield exhaustive(cases, holds, domain="brute-force exact law, n = 1..3, T = 1..3, p on a grid, bins of width 2 "
                                          "from -1")
    fcases = [{"p": q, "types": ts} for q in _p_grid(budget)[::2] for ts in ((0,), (0, 1), (1, 1, 0), (0, 2, 1))]

    def holds_fixed(case):
        T = max(max(case["types"]) + 1, 2)
        n = len(case["types"])
        bins = me.Binning(0, T, 1)
        lw = _brute_law(case["p"], (F(1, T),) * T, n, fixed_types=case["types"])
        mean, _ = _moments(lw, lambda s: me.nu_hat(bins, s, n, case["p"]))
        emp = [F(case["types"].count(t), n) for t in range(T)]
        return mean == me.binned_mean(bins, emp), {}

    yield exhaustive(fcases, holds_fixed, reading="fixed dataset",
                     domain="brute-force exact law for fixed type assignments, target = empirical binned mean")


# ===================================================================================== R.bias
define(Claim(
    id="R.bias", title="the binned mean is within half an interval of the mean", source="004 §3.2",
    statement=r"\text{this bias cannot be more than half the interval size, that is } \frac{\epsilon}{2}"
              r"\quad(\text{and later: } \nu \text{ differs from } \mu \text{ by at most } \tfrac c2)",
    domain=r"X \in [L, U] with any distribution, \mu = E[X] (the truncated mean), c | (U - L), "
           r"\nu = \sum m_i \theta_i, \theta_i = \Pr(X \in \text{interval } i)",
    interpretation="|ν - μ| ≤ c/2 (the 'ε/2' is a typo for c/2, corrected by the report itself later in §3.2).",
    readings=("printed ε/2", "untruncated mean"),
))


@check("R.bias", "decision")
def _bias_decision(budget: Budget) -> Evidence:
    """z3: every x in interval i is within c/2 of its midpoint (all L, c > 0, integer i >= 0); and for a
    3-atom distribution the weighted average of such deviations is within c/2. Expectation preserves a
    pointwise bound, so |ν - μ| = |E[m(X) - X]| ≤ c/2 for every distribution on [L, U]."""
    import z3

    start = time.perf_counter()
    L, c, x = z3.Reals("L c x")
    i = z3.Int("i")
    s = z3.Solver()
    s.set("timeout", int(budget.timeout * 1000))
    m = L + (z3.ToReal(i) + z3.RealVal("1/2")) * c
    s.add(c > 0, i >= 0, x >= L + z3.ToReal(i) * c, x <= L + (z3.ToReal(i) + 1) * c,
          z3.Or(x - m > c / 2, m - x > c / 2))
    pointwise = s.check()
    s2 = z3.Solver()
    s2.set("timeout", int(budget.timeout * 1000))
    w = z3.Reals("w1 w2 w3")
    d = z3.Reals("d1 d2 d3")
    s2.add(c > 0, *[wi >= 0 for wi in w], sum(w) == 1, *[z3.And(di <= c / 2, -di <= c / 2) for di in d])
    avg = sum(wi * di for wi, di in zip(w, d))
    s2.add(z3.Or(avg > c / 2, -avg > c / 2))
    averaged = s2.check()
    ok = pointwise == z3.unsat and averaged == z3.unsat
    return Evidence(Method.DECISION, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every L, c > 0, T, and every distribution on [L, U] (pointwise bound + expectation)",
                    {"solver": f"z3 {z3.get_version_string()}",
                     "pointwise |x - m_i| > c/2 for x in interval i": str(pointwise),
                     "3-atom average of deviations > c/2": str(averaged)}, seconds=time.perf_counter() - start)


def _clamped_normal_bias(mu0, sigma, L, U, c, dps):
    """(ν, μ_truncated) for X = clamp(N(μ0, σ²), L, U), at dps digits."""
    with mpmath.workdps(dps):
        mu0, sigma, L, U, c = (mpmath.mpf(v.numerator) / v.denominator if isinstance(v, Fraction) else mpmath.mpf(v)
                               for v in (mu0, sigma, L, U, c))
        T = int(mpmath.nint((U - L) / c))
        cdf = lambda x: mpmath.ncdf((x - mu0) / sigma)  # noqa: E731
        nu = 0
        for i in range(T):
            lo = -mpmath.inf if i == 0 else L + i * c
            hi = mpmath.inf if i == T - 1 else L + (i + 1) * c
            nu += (L + (i + mpmath.mpf(1) / 2) * c) * (cdf(hi) - cdf(lo))
        pdf = lambda x: mpmath.npdf(x, mu0, sigma)  # noqa: E731
        inner = mu0 * (cdf(U) - cdf(L)) - sigma ** 2 * (pdf(U) - pdf(L))
        mu = L * cdf(L) + inner + U * (1 - cdf(U))
        return +nu, +mu


@check("R.bias", "enumeration")
def _bias_enumeration(budget: Budget):
    bins = [(0, 2, 1), (-3, 3, 2), (0, 1, F(1, 4)), (-75, 75, 75)]
    cases = []
    for L, U, c in bins:
        b = me.Binning(L, U, c)
        atoms = [b.L + (b.U - b.L) * F(j, 2 * b.T) for j in range(2 * b.T + 1)] + [b.L + c * F(1, 3)]
        for a, bb in itertools.combinations(atoms, 2):
            for w in (F(1), F(1, 3), F(1, 2)):
                cases.append({"L": b.L, "U": b.U, "c": b.c, "atoms": (a, bb), "weights": (w, 1 - w)})

    def holds(case):
        b = me.Binning(case["L"], case["U"], case["c"])
        mu = sum(w * a for a, w in zip(case["atoms"], case["weights"]))
        nu = sum(w * b.midpoints[b.bin_of(a)] for a, w in zip(case["atoms"], case["weights"]))
        return abs(nu - mu) <= b.c / 2, {"worst |nu - mu|/(c/2)": abs(nu - mu) / (b.c / 2)}

    nu, mu = _clamped_normal_bias(50, 2, -75, 75, 75, 30)
    yield exhaustive(cases, holds, domain="two-atom distributions at the interval edges, midpoints and thirds of 4 "
                     "binnings (incl. the report's [-75, 75], c = 75), exact rationals",
                     detail={"report's example N(50, 2^2), [-75,75], c = 75": {"nu": mpmath.nstr(nu, 12),
                             "mu (truncated)": mpmath.nstr(mu, 12), "|nu - mu|": mpmath.nstr(abs(nu - mu), 12)},
                             "tight": "a point mass at L gives |nu - mu| = c/2 exactly"})
    # reading "printed eps/2": eps is the privacy level, unrelated to c
    b = me.Binning(0, 2, 2)
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "point mass at L, eps = 1",
                   counterexample={"L": 0, "U": 2, "c": 2, "eps": 1, "X": 0, "nu": b.midpoints[0], "mu": 0,
                                   "|nu - mu|": b.midpoints[0], "eps/2": HALF},
                   recheck=Recheck.EXACT, reading="printed ε/2")
    # reading "untruncated mean": X ~ N(100, 1) clamped to [-75, 75], mu = 100
    lo, hi = (_clamped_normal_bias(100, 1, -75, 75, 75, d)[0] for d in DPS)
    yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "X = clamp(N(100, 1), -75, 75), c = 75",
                   {"dps": list(DPS)},
                   counterexample={"mu0": 100, "sigma": 1, "L": -75, "U": 75, "c": 75,
                                   "nu": mpmath.nstr(lo, 20), "nu (60 digits)": mpmath.nstr(hi, 20),
                                   "|nu - mu0|": mpmath.nstr(abs(lo - 100), 20), "c/2": F(75, 2)},
                   recheck=Recheck.TWO_PRECISIONS, reading="untruncated mean")


# ===================================================================================== R.gaussian
_GAUSS_CORRECTED = (r"\text{with } GS(f) = \max_{D\sim D'}\|f(D) - f(D')\|_2 \text{ (not squared) and } 0 < \epsilon \le 1,"
                    r"\ \sigma^2 = \frac{2\ln(2/\delta)}{\epsilon^2} GS(f)^2 \text{ gives } (\epsilon, \delta)\text{-DP}")

define(Claim(
    id="R.gaussian", title="the Gaussian mechanism calibration of §2.1", source="004 §2.1",
    statement=r"GS(f) = \max_{D \sim D'} \|f(D) - f(D')\|^2,\quad X_i \sim \mathcal N(0, \sigma^2),\ "
              r"\sigma^2 = \frac{2\ln(\frac{2}{\delta})}{\epsilon^2} GS(f)^2 \ \Longrightarrow\ (\epsilon, \delta)\text{-DP}",
    domain=r"\epsilon > 0, 0 < \delta < 1 (Definition 2), query of \ell_2 sensitivity \Delta > 0",
    interpretation="GS(f) exactly as printed: the SQUARED norm, GS = Δ² (so σ = √(2 ln(2/δ)) Δ²/ε). Privacy is "
                   "decided by the exact curve δ(ε) = Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ) ≤ δ "
                   "(Balle & Wang 2018), which depends on σ/Δ only and is the same in every dimension d.",
    readings=("usual ℓ2 sensitivity",),
))

_GAUSS_GRID = {"eps": (F(1, 10), F(1, 2), F(9, 10), F(2), F(5), F(20)),
               "delta": (F(1, 10), F(1, 1000), F(1, 10 ** 5)),
               "sensitivity": (F(1, 4), F(1), F(4))}


def _gauss_cases(eps_values=_GAUSS_GRID["eps"]):
    return [{"sensitivity": s, "eps": e, "delta": d} for s in _GAUSS_GRID["sensitivity"]
            for e in eps_values for d in _GAUSS_GRID["delta"]]


def _gauss_delta(case, gs_of, dps):
    gs = gs_of(case["sensitivity"])
    return mg.gaussian_delta(case["eps"], mg.gaussian_sigma(case["eps"], case["delta"], gs, dps),
                             case["sensitivity"], dps)


def _gauss_holds(gs_of):
    def holds(case):
        lo, hi, agree = _two_precisions(lambda c, dps: _gauss_delta(c, gs_of, dps), case)
        if not agree:
            raise AssertionError(f"delta(eps) disagrees between {DPS} digits at {case}")
        with mpmath.workdps(DPS[1]):
            delta = mpmath.mpf(case["delta"].numerator) / case["delta"].denominator
            return hi <= delta, {"exact delta(eps)": mpmath.nstr(hi, 15), "worst delta(eps)/delta": float(hi / delta)}
    return holds


_GAUSS_DOMAIN = ("grid eps in {1/10, 1/2, 9/10, 2, 5, 20}, delta in {1/10, 10^-3, 10^-5}, Delta in {1/4, 1, 4}; "
                 "exact curve with mpmath at 30 and 60 digits (agreement within 10^-25 relative)")


def _gauss_correction(budget: Budget) -> Correction:
    eps = rational_grid(0, 1, budget.grid) + [F(1)]
    deltas = (F(99, 100), F(1, 2), F(1, 10), F(1, 1000), F(1, 10 ** 5), F(1, 10 ** 10))
    cases = [{"sensitivity": F(1), "eps": e, "delta": d} for e in eps for d in deltas]
    grid = exhaustive(cases, _gauss_holds(mg.gs_usual), recheck=Recheck.TWO_PRECISIONS,
                      domain=f"eps on a {budget.grid}-point grid of (0,1] plus 1, delta in {{99/100, 1/2, 10^-1, "
                             "10^-3, 10^-5, 10^-10}, Delta = 1 (delta(eps) depends on sigma/Delta only); mpmath "
                             "30/60 digits")

    def certified(case):
        ball = mg.gaussian_delta_arb(case["eps"], case["delta"], 1, 1)
        return bool(ball < mg_arb(case["delta"])), {}  # arb: True only if the whole ball lies below

    arb = exhaustive(cases, certified, method=Method.INTERVAL, recheck=Recheck.TWO_PRECISIONS,
                     domain="same grid, python-flint arb balls at 200 bits: certified delta(eps) < delta")
    return Correction(_GAUSS_CORRECTED, (grid, arb))


def mg_arb(x: Fraction):
    import flint

    return flint.arb(x.numerator) / x.denominator


@check("R.gaussian", "enumeration")
def _gaussian_enumeration(budget: Budget):
    ev = exhaustive(_gauss_cases(), _gauss_holds(mg.gs_printed), recheck=Recheck.TWO_PRECISIONS,
                    domain=_GAUSS_DOMAIN)
    yield replace(ev, corrected=_gauss_correction(budget))
    usual = exhaustive(_gauss_cases(), _gauss_holds(mg.gs_usual), recheck=Recheck.TWO_PRECISIONS,
                       domain=_GAUSS_DOMAIN, reading="usual ℓ2 sensitivity")
    yield replace(usual, holds_when="eps <= 1 (Dwork-Roth Theorem A.1 condition); on the grid the first failure "
                                    "is at eps between 5 and 20")


@check("R.gaussian", "interval")
def _gaussian_interval(budget: Budget):
    """Certified arb enclosures at 200 and 400 bits of δ(ε) at one point with ε < 1 and one with ε > 1."""
    out = []
    for reading, gs_of, points in (
            (None, mg.gs_printed, ({"sensitivity": F(1, 4), "eps": F(1, 2), "delta": F(1, 10 ** 5)},
                                   {"sensitivity": F(1), "eps": F(20), "delta": F(1, 10 ** 5)})),
            ("usual ℓ2 sensitivity", mg.gs_usual, ({"sensitivity": F(1), "eps": F(20), "delta": F(1, 10 ** 5)},))):
        for case in points:
            gs = gs_of(case["sensitivity"])
            balls = [mg.gaussian_delta_arb(case["eps"], case["delta"], case["sensitivity"], gs, prec)
                     for prec in (200, 400)]
            fails = all(b > mg_arb(case["delta"]) for b in balls)
            if not fails:
                raise AssertionError(f"arb does not certify delta(eps) > delta at {case}")
            out.append(Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE,
                                "python-flint arb balls at 200 and 400 bits",
                                counterexample={**case, "GS": gs, "delta(eps) enclosure (200 bits)": str(balls[0]),
                                                "delta(eps) enclosure (400 bits)": str(balls[1])},
                                recheck=Recheck.TWO_PRECISIONS, reading=reading))
    return out


# ===================================================================================== R.tail
_TAIL_CORRECTED = (r"\Pr\Big(\forall i \le n:\ X_i \in \Big[\mu - \sigma\sqrt{2\ln\tfrac{2n}{\delta}},\ "
                   r"\mu + \sigma\sqrt{2\ln\tfrac{2n}{\delta}}\Big]\Big) \ge 1 - \delta")

define(Claim(
    id="R.tail", title="the Gaussian tail interval of §3.1", source="004 §3.1",
    statement=r"\text{with probability} \ge (1-\delta),\ X_i \in \left[-\mu - \sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)},"
              r" \mu + \sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)}\right]",
    domain=r"X_1..X_n i.i.d. N(\mu, \sigma^2), \mu \in \mathbb R, \sigma > 0, n \ge 1, 0 < \delta < 1",
    interpretation="as printed (lower end -μ - σ√...), for all X_1..X_n simultaneously (the 2n/δ is a union "
                   "bound over the n draws).",
    readings=("centred",),
))

_TAIL_GRID = [{"mu": mu, "sigma": s, "n": n, "delta": d} for mu in (F(-2), F(-1), F(-1, 2), F(0), F(1, 2), F(1))
              for s in (F(1, 2), F(1), F(2)) for n in (1, 5, 20) for d in (F(1, 100), F(1, 10), F(1, 2))]


def _tail_holds(reading):
    def holds(case):
        lo, hi, agree = _two_precisions(
            lambda c, dps: mg.tail_probability(c["mu"], c["sigma"], c["n"], c["delta"], reading, dps), case)
        if not agree:
            raise AssertionError(f"tail probability disagrees between {DPS} digits at {case}")
        target = 1 - case["delta"]
        return hi >= mpmath.mpf(target.numerator) / target.denominator, {
            "probability": mpmath.nstr(hi, 15), "1 - delta": target}
    return holds


_TAIL_DOMAIN = ("mu in {-2,-1,-1/2,0,1/2,1} x sigma in {1/2,1,2} x n in {1,5,20} x delta in {1/100,1/10,1/2}; "
                "Pr = (Phi((B-mu)/sigma) - Phi((A-mu)/sigma))^n with mpmath at 30 and 60 digits")


@check("R.tail", "enumeration")
def _tail_enumeration(budget: Budget):
    centred = exhaustive(_TAIL_GRID, _tail_holds("centred"), recheck=Recheck.TWO_PRECISIONS, domain=_TAIL_DOMAIN)
    nonneg = exhaustive([c for c in _TAIL_GRID if c["mu"] >= 0], _tail_holds("printed"),
                        recheck=Recheck.TWO_PRECISIONS, domain=_TAIL_DOMAIN + ", mu >= 0 only")
    ev = exhaustive(_TAIL_GRID, _tail_holds("printed"), recheck=Recheck.TWO_PRECISIONS, domain=_TAIL_DOMAIN)
    yield replace(ev, holds_when="mu >= 0 (then the printed interval contains the centred one)",
                  corrected=Correction(_TAIL_CORRECTED, (centred, _tail_symbolic_proof())),
                  detail={**ev.detail, "printed reading on the mu >= 0 part of the grid": nonneg.outcome.value})
    yield replace(centred, reading="centred")


def _tail_symbolic_proof() -> Evidence:
    """Union bound: Pr(some X_i outside) ≤ 2n Q(a), a = √(2 ln(2n/δ)); Q(a) ≤ ½ e^{-a²/2} for a ≥ 0
    (g = ½e^{-a²/2} - Q has g(0) = 0, g' = e^{-a²/2}(1/√(2π) - a/2) changes sign once from + to -, g(∞) = 0);
    so the failure probability is ≤ n e^{-a²/2} = δ/2 ≤ δ."""
    start = time.perf_counter()
    a = sympy.Symbol("a", nonnegative=True)
    n, d = sympy.Symbol("n", positive=True, integer=True), sympy.Symbol("delta", positive=True)
    Q = sympy.erfc(a / sympy.sqrt(2)) / 2
    g = sympy.exp(-a ** 2 / 2) / 2 - Q
    g0 = sympy.simplify(g.subs(a, 0))
    ginf = sympy.limit(g, a, sympy.oo)
    dg = sympy.simplify(sympy.diff(g, a) * sympy.exp(a ** 2 / 2))
    root = sympy.solve(sympy.Eq(dg, 0), a)
    at_a = sympy.simplify((n * sympy.exp(-a ** 2 / 2)).subs(a, sympy.sqrt(2 * sympy.log(2 * n / d))))
    ok = (g0 == 0 and ginf == 0 and len(root) == 1 and sympy.simplify(dg.subs(a, 0)) > 0
          and sympy.simplify(at_a - d / 2) == 0)
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every mu, sigma > 0, n >= 1, 0 < delta < 1 (centred interval)",
                    {"g(0)": str(g0), "g(oo)": str(ginf), "g'(a) e^{a^2/2}": str(dg), "sign change of g'": str(root),
                     "n e^{-a^2/2} at a = sqrt(2 ln(2n/delta))": str(at_a),
                     "conclusion": "Pr(some X_i outside) <= 2n Q(a) <= n e^{-a^2/2} = delta/2"},
                    seconds=time.perf_counter() - start)


@check("R.tail", "interval")
def _tail_interval(budget: Budget):
    """Certified (arb, 200 and 400 bits) probability at mu = -1, sigma = 1, n = 1, delta = 1/2."""
    import flint

    case = {"mu": F(-1), "sigma": F(1), "n": 1, "delta": HALF}
    balls = []
    for prec in (200, 400):
        old = flint.ctx.prec
        flint.ctx.prec = prec
        try:
            a = (2 * (flint.arb(2 * case["n"]) / mg_arb(case["delta"])).log()).sqrt()
            mu = mg_arb(case["mu"])
            lo, hi = -mu - a, mu + a  # printed interval, sigma = 1
            phi = lambda x: (-(x - mu) / flint.arb(2).sqrt()).erfc() / 2  # noqa: E731
            balls.append(phi(hi) - phi(lo))
        finally:
            flint.ctx.prec = old
    if not all(b < mg_arb(1 - case["delta"]) for b in balls):
        raise AssertionError("arb does not certify the tail counterexample")
    yield Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, "python-flint arb balls at 200 and 400 bits",
                   counterexample={**case, "interval": "[1 - sqrt(2 ln 4), -1 + sqrt(2 ln 4)]",
                                   "probability (200 bits)": str(balls[0]), "probability (400 bits)": str(balls[1]),
                                   "1 - delta": 1 - case["delta"]},
                   recheck=Recheck.TWO_PRECISIONS)
    yield replace(_tail_symbolic_proof(), reading="centred")


# ===================================================================================== R.ci-gauss
define(Claim(
    id="R.ci-gauss", title="the Gaussian baseline confidence interval", source="004 §3.1",
    statement=r"\mu \in \left[\bar Z - z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}},\ "
              r"\bar Z + z^*_{\frac\alpha2}\sqrt{\frac{\sigma^2 + \tilde\sigma^2}{n}}\right]\ \text{is a } (1-\alpha)\% \text{ confidence interval}",
    domain=r"X_i \sim N(\mu, \sigma^2) i.i.d., \mu \in [-R, R], Y_i \sim N(0, \tilde\sigma^2), "
           r"\tilde\sigma^2 = 2\ln(2/\delta) GS^2/\epsilon^2, GS = 2(R + \sigma\sqrt{2\ln(2n/\delta)}), 0 < \alpha < 1",
    interpretation="coverage of μ equal to 1-α ('(1-α)%' read as level 1-α), z*_{α/2} = Φ^{-1}(1-α/2), Z_i = "
                   "X_i + Y_i ~ N(μ, σ² + σ̃²) as the report states (the stop rule ignored, as the report does).",
    readings=("conditional on no stop",),
))

_GAUSS_CI_CONFIGS = [
    {"R": F(1), "sigma": F(1), "n": 20, "eps": F(1, 2), "delta": F(1, 100), "mu": F(3, 10), "alpha": F(1, 20)},
    {"R": F(5), "sigma": F(2), "n": 10, "eps": F(2), "delta": F(1, 1000), "mu": F(-5), "alpha": F(1, 10)},
]


@check("R.ci-gauss", "symbolic")
def _ci_gauss_symbolic(budget: Budget) -> Evidence:
    """Z̄ ~ N(μ, (σ² + σ̃²)/n) exactly, so Pr(|Z̄ - μ| ≤ z s) = erf(z/√2) with z = √2 erfinv(1 - α): 1 - α."""
    start = time.perf_counter()
    alpha = sympy.Symbol("alpha", positive=True)
    z = sympy.sqrt(2) * sympy.erfinv(1 - alpha)
    coverage = sympy.erf(z / sympy.sqrt(2))
    ok = sympy.simplify(coverage - (1 - alpha)) == 0
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every n >= 1, mu, sigma, sigma-tilde > 0, 0 < alpha < 1 (Z_i normal, as the report states)",
                    {"coverage": str(coverage), "simplified": str(sympy.simplify(coverage))},
                    derived={"coverage": coverage}, seconds=time.perf_counter() - start)


@check("R.ci-gauss", "simulation")
def _ci_gauss_simulation(budget: Budget):
    def run(condition: bool):
        results = []
        for cfg in _GAUSS_CI_CONFIGS:
            base = mg.GaussianBaseline(cfg["R"], cfg["sigma"], cfg["n"], cfg["eps"], cfg["delta"])
            for seed in SEEDS:
                results.append((cfg, mg.simulate_ci_gauss(base, cfg["mu"], cfg["alpha"], budget.replicates, seed,
                                                          condition_on_no_stop=condition)))
        return results

    for condition, reading in ((False, None), (True, "conditional on no stop")):
        results = run(condition)
        below = [cfg for cfg, cov in results if cov.below_nominal()]
        confirmed = [cfg for cfg in _GAUSS_CI_CONFIGS
                     if all(cov.below_nominal() for c, cov in results if c is cfg)]
        outcome = Outcome.INCONCLUSIVE if confirmed else Outcome.HOLDS
        yield Evidence(Method.SIMULATION, outcome,
                       f"{len(_GAUSS_CI_CONFIGS)} configurations x seeds {SEEDS}, {budget.replicates} replicates each; "
                       "numpy default_rng; Wilson 99.9% interval of the coverage",
                       {"runs": [{**{k: v for k, v in cfg.items()}, **cov.to_detail()} for cfg, cov in results],
                        "intervals strictly below 1 - alpha": len(below),
                        "standard": "holds unless, for some configuration, both seeds' intervals lie strictly below "
                                    "1 - alpha (then inconclusive: a simulation alone never refutes; an exact "
                                    "computation would be needed)"}, reading=reading)


# ===================================================================================== R.ci-rr
_CI_RR_CORRECTED = (r"\hat\nu \pm z^*_{\alpha/2}\sqrt{\frac{\sum_i m_i^2}{4p^2n^2}\Big(\frac n4 - np^2\Big) + "
                    r"\frac1n\Big(\sum_i m_i^2\theta_i - \nu^2\Big)}\ \text{has asymptotic coverage } 1 - \alpha")

define(Claim(
    id="R.ci-rr", title="the randomized-response confidence interval for ν", source="004 §3.2",
    statement=r"\nu \in \left[\hat\nu - z^*_{\frac\alpha2}\sqrt{\frac{\sum_{i=1}^T m_i^2}{4p^2n^2}\left(\frac n4 - np^2\right)},\ "
              r"\hat\nu + z^*_{\frac\alpha2}\sqrt{\frac{\sum_{i=1}^T m_i^2}{4p^2n^2}\left(\frac n4 - np^2\right)}\right]",
    domain=r"§3.2 sampling model (individuals i.i.d. from \Theta), T \ge 1, 0 < p < 1/2, 0 < \alpha < 1",
    interpretation="a (1-α) confidence interval for ν in the normal limit (the report derives it from "
                   "ν̂ ~ N(ν, printed variance)); see the module docstring for the simulation standard.",
    readings=("fixed dataset",),
))

_RR_CFG = {"L": 0, "U": 2, "c": 1, "theta": (HALF, HALF), "p": F(2, 5), "alpha": F(1, 20)}


def _limit_coverage(cfg, dps):
    """2Φ(z √(v_printed / v_true)) - 1: the coverage as n -> oo (the ratio does not depend on n)."""
    b = me.Binning(cfg["L"], cfg["U"], cfg["c"])
    ratio = me.variance_nu_printed(b, cfg["p"], 1) / me.variance_nu_sampled(b, cfg["theta"], cfg["p"], 1)
    with mpmath.workdps(dps):
        z = me.z_quantile(cfg["alpha"], dps)
        return +(2 * mpmath.ncdf(z * mpmath.sqrt(mpmath.mpf(ratio.numerator) / ratio.denominator)) - 1)


@check("R.ci-rr", "symbolic")
def _ci_rr_symbolic(budget: Budget):
    lo, hi, agree = _two_precisions(_limit_coverage, _RR_CFG)
    target = 1 - _RR_CFG["alpha"]
    if not agree:
        raise AssertionError("limiting coverage disagrees between precisions")
    outcome = Outcome.COUNTEREXAMPLE if hi < mpmath.mpf(target.numerator) / target.denominator else Outcome.HOLDS
    corrected = _ci_rr_corrected(budget)
    yield Evidence(Method.SYMBOLIC, outcome, "normal limit n -> oo of the printed interval, sampling model",
                   {"formula": "2 Phi(z sqrt(v_printed / v_true)) - 1, v_true = printed + (sum m^2 theta - nu^2)/n",
                    "dps": list(DPS)},
                   counterexample={**_RR_CFG, "limiting coverage": mpmath.nstr(lo, 15),
                                   "limiting coverage (60 digits)": mpmath.nstr(hi, 15), "1 - alpha": target}
                   if outcome is Outcome.COUNTEREXAMPLE else None,
                   recheck=Recheck.TWO_PRECISIONS if outcome is Outcome.COUNTEREXAMPLE else None,
                   corrected=corrected)
    # reading "fixed dataset": the printed variance is the exact variance, so the limit coverage is 1 - alpha
    yield replace(identity(sm.warner_fixed()["Var[theta_hat]"], sm.printed_variance(),
                           domain="fixed dataset: each coordinate's count is a sum of independent Bernoullis with "
                                  "variance 1/4 - p^2; coordinates independent, so Var[nu_hat] is the printed one "
                                  "and the limit coverage is 1 - alpha"), reading="fixed dataset")


def _ci_rr_corrected(budget: Budget) -> Correction:
    symbolic = sm.onehot_moments(3)
    exact_var = identity(symbolic["Var[nu_hat]"], symbolic["corrected Var[nu_hat]"],
                         domain="sampling model, T = 3: the corrected variance is the exact Var[nu_hat]; with an "
                                "i.i.d. sum of bounded terms the CLT gives coverage -> 1 - alpha")
    b = me.Binning(_RR_CFG["L"], _RR_CFG["U"], _RR_CFG["c"])
    n = 2000
    runs = [me.simulate_ci_rr(b, _RR_CFG["theta"], _RR_CFG["p"], n, _RR_CFG["alpha"], budget.replicates, seed,
                              variance=me.variance_nu_sampled(b, _RR_CFG["theta"], _RR_CFG["p"], n))
            for seed in SEEDS]
    sim = Evidence(Method.SIMULATION,
                   Outcome.HOLDS if all(r.consistent_with_nominal() for r in runs) else Outcome.INCONCLUSIVE,
                   f"n = {n}, seeds {SEEDS}, {budget.replicates} replicates, corrected variance",
                   {"runs": [r.to_detail() for r in runs]})
    return Correction(_CI_RR_CORRECTED, (exact_var, sim))


@check("R.ci-rr", "enumeration")
def _ci_rr_enumeration(budget: Budget):
    """Exact coverage (an exact rational) of the printed interval at n = 20, from the exact joint law of the
    counts; membership decided at 30 and 60 digits, with the smallest gap to the boundary reported."""
    cfg, n = _RR_CFG, 20
    b = me.Binning(cfg["L"], cfg["U"], cfg["c"])
    law = me.joint_counts_sampled(cfg["p"], cfg["theta"], n)
    target = me.binned_mean(b, cfg["theta"])
    covs = [me.exact_ci_rr_coverage(b, law, target, cfg["p"], n, cfg["alpha"], dps=d) for d in DPS]
    if covs[0][0] != covs[1][0]:
        raise AssertionError("exact coverage depends on the precision of z")
    cov = covs[0][0]
    nominal = 1 - cfg["alpha"]
    if cov < nominal:
        yield Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, f"n = {n}, exact joint law of the counts",
                       {"boundary gaps": [c[1] for c in covs]},
                       counterexample={**cfg, "n": n, "exact coverage": cov, "coverage (float)": float(cov),
                                       "1 - alpha": nominal}, recheck=Recheck.EXACT)
    else:
        yield Evidence(Method.ENUMERATION, Outcome.HOLDS, f"n = {n}", {"exact coverage": cov})
    # reading "fixed dataset": exact coverage of the empirical binned mean, 10 of each type
    law_f = me.joint_counts_fixed(cfg["p"], (n // 2, n // 2))
    cov_f, gap = me.exact_ci_rr_coverage(b, law_f, me.binned_mean(b, cfg["theta"]), cfg["p"], n, cfg["alpha"])
    yield Evidence(Method.ENUMERATION, Outcome.HOLDS, f"fixed dataset, {n // 2} of each type, n = {n}",
                   {"exact coverage": cov_f, "coverage (float)": float(cov_f), "boundary gap": gap,
                    "note": "reported only: at finite n the normal approximation is not exact"},
                   reading="fixed dataset")


@check("R.ci-rr", "simulation")
def _ci_rr_simulation(budget: Budget):
    b = me.Binning(_RR_CFG["L"], _RR_CFG["U"], _RR_CFG["c"])
    n = 20
    runs = [me.simulate_ci_rr(b, _RR_CFG["theta"], _RR_CFG["p"], n, _RR_CFG["alpha"], budget.replicates, seed)
            for seed in SEEDS]
    law = me.joint_counts_sampled(_RR_CFG["p"], _RR_CFG["theta"], n)
    exact, _ = me.exact_ci_rr_coverage(b, law, me.binned_mean(b, _RR_CFG["theta"]), _RR_CFG["p"], n,
                                       _RR_CFG["alpha"])
    domain = f"n = {n}, seeds {SEEDS}, {budget.replicates} replicates each (per-individual simulation)"
    if all(r.below_nominal() for r in runs) and exact < 1 - _RR_CFG["alpha"]:
        yield Evidence(Method.SIMULATION, Outcome.COUNTEREXAMPLE, domain,
                       {"runs": [r.to_detail() for r in runs],
                        "standard": "both seeds' Wilson 99.9% intervals strictly below 1 - alpha, re-checked by the "
                                    "exact coverage at the same point (enumeration of the exact count law)"},
                       counterexample={**_RR_CFG, "n": n, "exact coverage": exact, "1 - alpha": 1 - _RR_CFG["alpha"]},
                       recheck=Recheck.EXACT)
    elif any(r.below_nominal() for r in runs):
        yield Evidence(Method.SIMULATION, Outcome.INCONCLUSIVE, domain,
                       {"runs": [r.to_detail() for r in runs], "exact coverage": exact})
    else:
        yield Evidence(Method.SIMULATION, Outcome.HOLDS, f"n = {n}, seeds {SEEDS}, {budget.replicates} replicates",
                       {"runs": [r.to_detail() for r in runs]})
    n_big = 400
    fixed = [me.simulate_ci_rr(b, _RR_CFG["theta"], _RR_CFG["p"], n_big, _RR_CFG["alpha"], budget.replicates, seed,
                               fixed_types=[0] * (n_big // 2) + [1] * (n_big // 2)) for seed in SEEDS]
    yield Evidence(Method.SIMULATION,
                   Outcome.HOLDS if all(r.consistent_with_nominal() for r in fixed) else Outcome.INCONCLUSIVE,
                   f"fixed dataset, n = {n_big} (half of each type), seeds {SEEDS}, {budget.replicates} replicates",
                   {"runs": [r.to_detail() for r in fixed]}, reading="fixed dataset")


# ===================================================================================== R.negative-variance
define(Claim(
    id="R.negative-variance", title="the plug-in variance estimate can be negative", source="004 §3.2",
    statement=r"\lambda^2 = \frac{1}{n-1}\sum_{i=1}^T n\theta_i (m_i - \nu)^2 \text{ with } \hat\theta_i, \hat\nu "
              r"\text{ plugged in can take negative values}",
    domain=r"n \ge 2, T \ge 2, 0 < p < 1/2, any binning",
    interpretation="there is a report of positive probability for which the plug-in λ̂² < 0.",
))

_NEG_WITNESS = {"L": 0, "U": 2, "c": 1, "p": F(1, 10), "n": 2, "counts": (0, 2)}


@check("R.negative-variance", "decision")
def _neg_decision(budget: Budget) -> Evidence:
    """z3 finds integer counts S_1, S_2 in [0, n] with λ̂² < 0 (n = 2, p = 1/10, midpoints 1/2, 3/2);
    the model is re-evaluated in exact rationals and its probability is positive (every report has
    probability > 0 when 0 < p < 1/2)."""
    import z3

    start = time.perf_counter()
    w = _NEG_WITNESS
    b = me.Binning(w["L"], w["U"], w["c"])
    S = z3.Ints("S1 S2")
    p, n = z3.RealVal(str(w["p"])), w["n"]
    th = [(z3.ToReal(s) / n - (z3.RealVal("1/2") - p)) / (2 * p) for s in S]
    m = [z3.RealVal(str(x)) for x in b.midpoints]
    nu = sum(mi * ti for mi, ti in zip(m, th))
    lam = sum(n * ti * (mi - nu) ** 2 for mi, ti in zip(m, th)) / (n - 1)
    s = z3.Solver()
    s.set("timeout", int(budget.timeout * 1000))
    s.add(*[z3.And(x >= 0, x <= n) for x in S], lam < 0)
    result = s.check()
    if result != z3.sat:
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, "n = 2, p = 1/10", {"z3": str(result)})
    counts = tuple(s.model()[x].as_long() for x in S)
    exact = me.lambda_sq(b, me.theta_hat(counts, n, w["p"]), n)
    prob = me.joint_counts_sampled(w["p"], (HALF, HALF), n)[counts]
    ok = exact < 0 and prob > 0
    return Evidence(Method.DECISION, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "existence: one report of positive probability suffices",
                    {"solver": f"z3 {z3.get_version_string()}", "model counts": list(counts),
                     "lambda_hat^2 (exact)": exact, "probability under theta = (1/2, 1/2)": prob,
                     "witness": {**w, "counts": list(counts)}}, seconds=time.perf_counter() - start)


@check("R.negative-variance", "enumeration")
def _neg_enumeration(budget: Budget):
    """Exact probability that λ̂² < 0 over the exact joint law, n = 2..6, p on a grid, θ = (1/2, 1/2)."""
    b = me.Binning(0, 2, 1)
    cases = [{"p": p, "n": n} for p in _p_grid(budget) for n in range(2, 7)]
    probs = {}

    def holds(case):
        law = me.joint_counts_sampled(case["p"], (HALF, HALF), case["n"])
        pr = sum(w for s, w in law.items() if me.lambda_sq(b, me.theta_hat(s, case["n"], case["p"]), case["n"]) < 0)
        probs[f"p={case['p']}, n={case['n']}"] = float(pr)
        return True, {}

    ev = exhaustive(cases, holds, domain="bins [0,1],[1,2], theta = (1/2,1/2), n = 2..6, p on a grid; exact law")
    w = _NEG_WITNESS
    witness = me.lambda_sq(b, me.theta_hat(w["counts"], w["n"], w["p"]), w["n"])
    positive = [k for k, v in probs.items() if v > 0]
    outcome = Outcome.HOLDS if witness < 0 and positive else Outcome.INCONCLUSIVE
    return replace(ev, outcome=outcome, detail={**ev.detail, "Pr(lambda_hat^2 < 0)": probs,
                                                 "witness": {**w, "lambda_hat^2": witness}})
