"""sympy derivations for the mean-estimation report (004 §2.2, §3.2): moments of the randomized-response
estimators, their covariance under the sampling model, and the privacy-loss gap of §2.2.

Every function returns sympy expressions in the symbols of :mod:`symbolic.symbols` (p, n, eps, alpha) and
local ones (θ_i as ``theta1..``, midpoints ``m1..``, k = number of 1's of a fixed dataset).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import sympy

from symbolic.symbols import n, p

__all__ = ["k", "theta", "rr_eps_gap", "warner_fixed", "warner_sampled", "warner_mle", "onehot_moments",
           "per_type_law", "printed_variance"]

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
