"""sympy derivations for the mean-estimation report (004): moments of the randomized-response estimators
and their covariance under the sampling model (§2.2, §3.2), the privacy-loss gap of §2.2, the
Bassily–Smith likelihood ratio (§2.2), the Gaussian tail bound behind §3.1 and the calibration of §2.1,
and the laws of the §3.1 release (sum of normals; normal conditioned on an interval).

Every function returns sympy expressions in the symbols of :mod:`symbolic.symbols` (p, n, eps, alpha) and
local ones (θ_i as ``theta1..``, midpoints ``m1..``, k = number of 1's of a fixed dataset).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy

from symbolic.symbols import n, p

__all__ = ["k", "theta", "rr_eps_gap", "warner_fixed", "warner_sampled", "warner_mle", "onehot_moments",
           "per_type_law", "printed_variance", "bassily_smith_ratios", "gaussian_tail_bound",
           "gaussian_calibration_steps", "normal_sum_mgf", "truncated_normal_mean"]

k = sympy.Symbol("k", integer=True, nonnegative=True)
theta = sympy.Symbol("theta", real=True)
half = sympy.Rational(1, 2)


def printed_variance() -> sympy.Expr:
    """(1/(4p²n²))(n/4 - np²), §2.2."""
    return (n / 4 - n * p ** 2) / (4 * p ** 2 * n ** 2)


def rr_eps_gap() -> dict[str, sympy.Expr]:
    """h(p) = 4p/(1-2p) - ln((1+2p)/(1-2p)) (printed minus exact loss), h(0) and h'(p) (together)."""
    h = 4 * p / (1 - 2 * p) - sympy.log((1 + 2 * p) / (1 - 2 * p))
    dh = sympy.factor(sympy.together(sympy.diff(h, p)))
    return {"h": h, "h(0)": sympy.simplify(h.subs(p, 0)), "h'": dh}


def warner_fixed() -> dict[str, sympy.Expr]:
    """Mean and variance of θ̂₁ for a fixed dataset with k ones among n (θ₁ = k/n): #1's is a sum of k
    Bernoulli(1/2 + p) and n - k Bernoulli(1/2 - p), independent."""
    mean_count = k * (half + p) + (n - k) * (half - p)
    var_count = k * (half + p) * (half - p) + (n - k) * (half - p) * (half + p)
    mean = (mean_count / n - (half - p)) / (2 * p)
    var = var_count / (4 * p ** 2 * n ** 2)
    return {"E[theta_hat]": sympy.simplify(mean), "Var[theta_hat]": sympy.simplify(var)}


def warner_sampled() -> dict[str, sympy.Expr]:
    """Mean and variance of θ̂₁ when the inputs are i.i.d. Bernoulli(θ): #1's ~ Bin(n, λ), λ = 1/2 - p + 2pθ."""
    lam = half - p + 2 * p * theta
    mean = (lam - (half - p)) / (2 * p)
    var = n * lam * (1 - lam) / (4 * p ** 2 * n ** 2)
    return {"lambda": lam, "E[theta_hat]": sympy.simplify(mean), "Var[theta_hat]": sympy.factor(var)}


def warner_mle() -> sympy.Expr:
    """The stationary point in θ of the binomial log-likelihood N₁ ln λ + (n - N₁) ln(1 - λ), λ = 1/2 - p + 2pθ."""
    N1 = sympy.Symbol("N1", nonnegative=True)
    lam = half - p + 2 * p * theta
    score = sympy.diff(N1 * sympy.log(lam) + (n - N1) * sympy.log(1 - lam), theta)
    (sol,) = sympy.solve(sympy.together(score), theta)
    return sympy.simplify(sol)


@lru_cache(maxsize=None)
def per_type_law(T: int):
    """Symbols θ₁..θ_T (θ_T = 1 - the others), and the law of one individual's report b ∈ {0,1}^T under
    the §3.2 sampling model: Σ_t θ_t Π_i Pr(b_i | x_i = [i = t])."""
    th = list(sympy.symbols(f"theta1:{T}", real=True))
    th.append(1 - sum(th))
    law = {}
    for b in itertools.product((0, 1), repeat=T):
        total = 0
        for t in range(T):
            prob = 1
            for i, bit in enumerate(b):
                x = int(i == t)
                prob *= (half + p) if bit == x else (half - p)
            total += th[t] * prob
        law[b] = sympy.expand(total)
    return th, law


@lru_cache(maxsize=None)
def onehot_moments(T: int) -> dict[str, sympy.Expr]:
    """Under the sampling model with n individuals and midpoints m₁..m_T: E[θ̂_i], Cov(θ̂_1, θ̂_2),
    E[ν̂] and Var[ν̂], derived from the one-individual law (n i.i.d. individuals: Cov scales by 1/n)."""
    th, law = per_type_law(T)
    m = sympy.symbols(f"m1:{T + 1}", real=True)
    # one individual's contribution to θ̂_i: (b_i - (1/2 - p))/(2p); θ̂_i is the mean over n individuals
    y = [{b: (b[i] - (half - p)) / (2 * p) for b in law} for i in range(T)]
    E = [sympy.simplify(sum(law[b] * y[i][b] for b in law)) for i in range(T)]
    out: dict[str, sympy.Expr] = {f"E[theta_hat_{i + 1}]": E[i] for i in range(T)}
    if T >= 2:
        cov1 = sum(law[b] * y[0][b] * y[1][b] for b in law) - E[0] * E[1]
        out["Cov(theta_hat_1, theta_hat_2)"] = sympy.factor(sympy.simplify(cov1 / n))
    nu_one = {b: sum(m[i] * y[i][b] for i in range(T)) for b in law}
    mean = sympy.simplify(sum(law[b] * nu_one[b] for b in law))
    var1 = sum(law[b] * nu_one[b] ** 2 for b in law) - mean ** 2
    out["E[nu_hat]"] = mean
    out["nu"] = sum(mi * ti for mi, ti in zip(m, th))
    out["Var[nu_hat]"] = sympy.expand(var1 / n)
    out["printed Var[nu_hat]"] = sum(mi ** 2 for mi in m) * printed_variance()
    spread = sum(mi ** 2 * ti for mi, ti in zip(m, th)) - out["nu"] ** 2
    out["corrected Var[nu_hat]"] = out["printed Var[nu_hat]"] + spread / n
    return out


def bassily_smith_ratios() -> tuple[sympy.Expr, dict[tuple[int, int], sympy.Expr]]:
    """r = (1/2 + p)/(1/2 - p) and, for each (b_t, b_t'), the ratio Pr(M(i) = b | t)/Pr(M(i) = b | t') of
    004 §2.2 = Pr[RR(1) = b_t] Pr[RR(0) = b_t'] / (Pr[RR(0) = b_t] Pr[RR(1) = b_t']) (the other
    coordinates of b have the same law under t and t' and cancel)."""
    def rr(x: int, b: int) -> sympy.Expr:
        return half + p if b == x else half - p

    ratios = {(bt, bt2): sympy.simplify(rr(1, bt) * rr(0, bt2) / (rr(0, bt) * rr(1, bt2)))
              for bt, bt2 in itertools.product((0, 1), repeat=2)}
    return (half + p) / (half - p), ratios


def gaussian_tail_bound() -> dict[str, sympy.Expr]:
    """Q(a) <= e^{-a²/2}/2 for a >= 0, Q(a) = erfc(a/√2)/2 the upper normal tail: with
    g(a) = e^{-a²/2}/2 - Q(a), g(0) = 0, g(∞) = 0 and g'(a) e^{a²/2} = 1/√(2π) - a/2 has one root, where it
    changes sign from + to -; so g rises from 0 then falls to 0, and g >= 0 on [0, ∞)."""
    a = sympy.Symbol("a", nonnegative=True)
    tail = sympy.erfc(a / sympy.sqrt(2)) / 2
    g = sympy.exp(-a ** 2 / 2) / 2 - tail
    slope = sympy.simplify(sympy.diff(g, a) * sympy.exp(a ** 2 / 2))
    return {"a": a, "Q": tail, "g": g, "g(0)": sympy.simplify(g.subs(a, 0)), "g(oo)": sympy.limit(g, a, sympy.oo),
            "g'(a) e^{a^2/2}": slope, "roots of g'": sympy.solve(sympy.Eq(slope, 0), a),
            "g'(0) e^0": sympy.simplify(slope.subs(a, 0))}


def gaussian_calibration_steps() -> dict[str, sympy.Expr]:
    """The steps of δ(ε) <= δ for the 004 §2.1 calibration σ = √(2 ln(2/δ)) Δ/ε, in a = εσ/Δ =
    √(2 ln(2/δ)), h = ε/2 and w = e^h:

    * δ(ε) = Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(·) <= Q(x) with x = a - h/a (Δ/(2σ) = h/a);
    * x >= 0: a² = 2 ln(2/δ) >= h = ln w, i.e. (2/δ)² >= w (condition ``x >= 0``);
    * x² >= a² - 2h (condition ``square``: x² - a² + 2h = h²/a² >= 0);
    * Q(x) <= e^{-x²/2}/2 <= e^{-a²/2} e^h/2 = (δ/2) w/2 (``e^{-a^2/2}`` simplifies to δ/2);
    * δ w/4 <= δ iff w <= 4 (condition ``last``), i.e. ε <= 4 ln 2."""
    a, h, w, delta = sympy.symbols("a h w delta", positive=True)
    x = a - h / a
    return {"x": x, "x >= 0": 2 * sympy.log(2 / delta) - sympy.log(w), "square": x ** 2 - a ** 2 + 2 * h,
            "e^{-a^2/2}": sympy.simplify(sympy.exp(-(sympy.sqrt(2 * sympy.log(2 / delta))) ** 2 / 2)),
            "last": delta - delta * w / 4}


def normal_sum_mgf() -> dict[str, sympy.Expr]:
    """MGFs of X ~ N(μ, σ²), Y ~ N(0, τ²) and N(μ, σ² + τ²): independent X, Y have M_{X+Y} = M_X M_Y, so
    X + Y ~ N(μ, σ² + τ²) iff the product equals the third MGF; and E[Z̄] = M'(0) = μ."""
    t, mu = sympy.symbols("t mu", real=True)
    sigma, tau = sympy.symbols("sigma tau", positive=True)

    def mgf(mean: sympy.Expr, var: sympy.Expr) -> sympy.Expr:
        return sympy.exp(mean * t + var * t ** 2 / 2)

    product = mgf(mu, sigma ** 2) * mgf(0, tau ** 2)
    target = mgf(mu, sigma ** 2 + tau ** 2)
    return {"M_X M_Y": product, "M_N(mu, sigma^2 + tau^2)": target,
            "E[Z]": sympy.diff(target, t).subs(t, 0), "mu": mu}


def truncated_normal_mean() -> dict[str, sympy.Expr]:
    """E[X | l <= X <= u] for X = μ + σZ ~ N(μ, σ²): μ + σ ∫_a^b z φ(z) dz / ∫_a^b φ(z) dz with
    a = (l - μ)/σ, b = (u - μ)/σ (integrated by sympy), against the closed form
    μ + σ(φ(a) - φ(b))/(Φ(b) - Φ(a))."""
    z, a, b, mu = sympy.symbols("z a b mu", real=True)
    sigma = sympy.Symbol("sigma", positive=True)

    def pdf(x: sympy.Expr) -> sympy.Expr:
        return sympy.exp(-x ** 2 / 2) / sympy.sqrt(2 * sympy.pi)

    def cdf(x: sympy.Expr) -> sympy.Expr:
        return (1 + sympy.erf(x / sympy.sqrt(2))) / 2

    integrated = mu + sigma * sympy.integrate(z * pdf(z), (z, a, b)) / sympy.integrate(pdf(z), (z, a, b))
    closed = mu + sigma * (pdf(a) - pdf(b)) / (cdf(b) - cdf(a))
    return {"integrated": integrated, "closed form": closed, "mu": mu, "a": a, "b": b, "sigma": sigma,
            "at mu = 0, a = -b": closed.subs(mu, 0).subs(a, -b)}
