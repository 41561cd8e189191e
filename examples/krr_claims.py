"""A worked claims file: four claims about 3-ary randomized response, checked like the paper's.

Run it beside the built-in catalog, or alone::

    python -m proofs check --claims examples/krr_claims.py --only-user
    python -m proofs show KRR.variance --claims examples/krr_claims.py

The mechanism (k-ary randomized response with k = 3, in terms of r = e^ε > 1): a respondent whose value
is x reports x with probability p = r/(r+2) and each other value with probability q = 1/(r+2). With
n respondents drawn i.i.d. from the prior (π0, π1, 1-π0-π1), Y0 counts the reports of value 0, and
f0 = (Y0/n - q)/(p - q) estimates π0.

The claims, as a short note might print them:

* ``KRR.ldp``: the mechanism is ε-LDP (proved: a decision procedure, and exact losses at rational r);
* ``KRR.unbiased``: f0 is unbiased (proved for every n by a symbolic derivation; every outcome enumerated
  for small n);
* ``KRR.variance``: Var[f0] = q(1-q)/(n(p-q)^2) — as printed this is refuted (it holds only when π0 = 0);
  the corrected variance s(1-s)/(n(p-q)^2), s = π0 p + (1-π0) q, is proved;
* ``KRR.advantage``: the advantage p - q = (e^ε - 1)/(e^ε + 2) is at most ε/2 (proved by the sign
  decider on a condition with exp, and certified on a grid with arb balls).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from proofs import (Claim, Correction, Evidence, arb, check, check_moment, define, exhaustive, identity,
                    rational_grid)
from proofs.engines.sign import sign_evidence
from numeric.finite_mechanism import pure_ldp_epsilon

SOURCE = "Notes on k-ary randomized response"

#: The mechanism, rows = true values 0, 1, 2; columns = reported values; r = e^ε.
KRR = [["r/(r+2)", "1/(r+2)", "1/(r+2)"],
       ["1/(r+2)", "r/(r+2)", "1/(r+2)"],
       ["1/(r+2)", "1/(r+2)", "r/(r+2)"]]
PRIOR = ["pi0", "pi1", "1-pi0-pi1"]
ESTIMATE = "(Y0/n - 1/(r+2))/((r-1)/(r+2))"
#: Points of the parameters used by the enumerations (r = e^ε rational; priors inside the simplex).
POINTS = [{"r": r, "pi0": a, "pi1": b} for r in ("2", "3", "10") for a, b in (("0", "1/2"), ("1/5", "1/2"),
                                                                                ("1/2", "1/4"), ("1", "0"))]
N_VALUES = (1, 2, 5, 12)


def _by_method(verdict, method: str) -> list[Evidence]:
    return [e for e in verdict.evidence if e.method.value == method]


# ---------------------------------------------------------------------------------------------- LDP
define(Claim(
    id="KRR.ldp", title="3-ary randomized response is ε-LDP", source=f"{SOURCE}, Lemma 1",
    statement=r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\epsilon} \text{ for all } x, x', y",
    domain="r = e^eps > 1", premise="",
))


@check("KRR.ldp", "decision")
def _ldp_decided(budget):
    """The two kinds of ratio, r and 1/r, are at most r when r >= 1 (z3, every real r >= 1)."""
    return [sign_evidence("r*(1/(r+2)) - r/(r+2)", ["r >= 1"], sign=">=0", timeout=budget.timeout,
                          symbols=["r"], domain_text="r >= 1: the ratio p/q = r"),
            sign_evidence("r*(r/(r+2)) - 1/(r+2)", ["r >= 1"], sign=">=0", timeout=budget.timeout,
                          symbols=["r"], domain_text="r >= 1: the ratio q/p = 1/r")]


@check("KRR.ldp", "enumeration")
def _ldp_exact(budget):
    """The pure-LDP loss of the matrix, exactly, equals ln r at rational r."""
    rs = [Fraction(k, 2) for k in range(3, 3 + budget.grid)]

    def holds(case):
        loss = pure_ldp_epsilon(KRR, {"r": case["r"]})
        return loss == sympy.log(sympy.Rational(case["r"].numerator, case["r"].denominator)), {"loss": str(loss)}

    return exhaustive(({"r": r} for r in rs), holds, domain=f"r in {[str(r) for r in rs]}, exact logarithms")


# ------------------------------------------------------------------------------------- unbiasedness
define(Claim(
    id="KRR.unbiased", title="the frequency estimate is unbiased", source=f"{SOURCE}, Lemma 2",
    statement=r"\mathbb{E}\left[\frac{Y_0/n - q}{p - q}\right] = \pi_0",
    domain="r > 1, (pi0, pi1, 1 - pi0 - pi1) a distribution, n >= 1",
))


@check("KRR.unbiased", "symbolic")
def _unbiased_symbolic(budget):
    """The mean derived from the generating function of the counts, for every n."""
    return _by_method(check_moment(ESTIMATE, "pi0", mechanism=KRR, prior=PRIOR, points=POINTS,
                                   n_values=N_VALUES), "symbolic")


@check("KRR.unbiased", "enumeration")
def _unbiased_enumerated(budget):
    """Every multinomial outcome, for small n, at the points of POINTS."""
    return _by_method(check_moment(ESTIMATE, "pi0", mechanism=KRR, prior=PRIOR, points=POINTS,
                                   n_values=N_VALUES), "enumeration")


# ---------------------------------------------------------------------------------------- variance
PRINTED_VARIANCE = "(1/(r+2))*(1 - 1/(r+2))/(n*((r-1)/(r+2))**2)"
S = "(pi0*r/(r+2) + (1-pi0)/(r+2))"
TRUE_VARIANCE = f"{S}*(1 - {S})/(n*((r-1)/(r+2))**2)"

define(Claim(
    id="KRR.variance", title="the variance of the frequency estimate, as printed", source=f"{SOURCE}, Eq. (3)",
    statement=r"\mathrm{Var}[\hat f_0] = \frac{q(1-q)}{n(p-q)^2}",
    domain="r > 1, (pi0, pi1, 1 - pi0 - pi1) a distribution, n >= 1",
    interpretation="the printed formula as an exact statement for every prior",
))


def _variance_correction() -> Correction:
    verdict = check_moment(ESTIMATE, TRUE_VARIANCE, mechanism=KRR, prior=PRIOR, moment="variance",
                           points=POINTS, n_values=N_VALUES)
    return Correction(r"\mathrm{Var}[\hat f_0] = \frac{s(1-s)}{n(p-q)^2},\ s = \pi_0 p + (1 - \pi_0) q",
                      verdict.evidence)


@check("KRR.variance", "enumeration")
def _variance_enumerated(budget):
    """Every outcome enumerated: the printed form differs from the variance where π0 > 0."""
    from dataclasses import replace

    verdict = check_moment(ESTIMATE, PRINTED_VARIANCE, mechanism=KRR, prior=PRIOR, moment="variance",
                           points=POINTS, n_values=N_VALUES)
    found = _by_method(verdict, "enumeration")
    return [replace(e, holds_when="pi0 = 0", corrected=_variance_correction()) for e in found]


@check("KRR.variance", "symbolic")
def _variance_symbolic(budget):
    """The printed form against the variance s(1-s)/(n(p-q)^2) of a binomial count, symbolically."""
    return identity(PRINTED_VARIANCE.replace("^", "**"), TRUE_VARIANCE, domain="r > 1, pi0 in [0, 1], n >= 1",
                    points=[{"r": 2, "pi0": Fraction(1, 2), "n": 1}, {"r": 3, "pi0": 1, "n": 2}])


# --------------------------------------------------------------------------------------- advantage
define(Claim(
    id="KRR.advantage", title="the advantage of the mechanism is at most ε/2", source=f"{SOURCE}, Lemma 3",
    statement=r"p - q = \frac{e^{\epsilon} - 1}{e^{\epsilon} + 2} \le \frac{\epsilon}{2}",
    domain="eps > 0",
))


@check("KRR.advantage", "decision")
def _advantage_decided(budget):
    """A condition with exp: decided by validated intervals and derivative signs, cross-checked."""
    return sign_evidence("(exp(eps)-1)/(exp(eps)+2) - eps/2", ["eps > 0"], sign="<=0", timeout=budget.timeout)


@check("KRR.advantage", "interval")
def _advantage_certified(budget):
    """Certified arb enclosures at rational ε: the bound holds with room at every grid point."""
    grid = rational_grid(0, 8, 4 * budget.grid)
    ctx = arb(50)

    def holds(case):
        gap = ctx.evaluate("eps/2 - (exp(eps)-1)/(exp(eps)+2)", case)
        return bool(gap > 0), {"gap": gap.mid().str(10, radius=False)}

    return exhaustive(({"eps": e} for e in grid), holds, domain=f"{len(grid)} rational eps in (0, 8), arb at 50 digits",
                      method="interval", recheck="two-precisions")
