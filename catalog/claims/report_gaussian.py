"""Claims of the report 004 §3.1: the Gaussian baseline for a bounded mean — the tail interval and the
global sensitivity of the bounded X_i. The private responses Z_i, their mean and the confidence interval are
in :mod:`catalog.claims.report_gaussian_release`.

Readings (:mod:`numeric.definitions.report`), printed means printed: GS(f) is §2.1's squared norm as printed
(the ℓ2 sensitivity is its correction); the mechanism of §3.1 is the one specified, stop rule included: it
"will stop and return nothing if a value of X_i is sampled outside of our bound", so what it releases has
the law of the draws conditional on every X_i in [-B, B] (one model in every claim about it). The report's
derivation, which leaves the stop rule out (X_i unrestricted), and X_i clipped to the bound are checked
beside the verdicts.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import sympy

from core.context import arb, mpf
from core.formula import parse_formula
from catalog.models import meanest_gaussian as gaussian
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence, Method
from proofs.base.registry import check, define
from proofs.kernel.steps import PointClaim, Stated
from catalog.claims.report_common import tail_bound_evidence
from proofs.engines.certified import certified_exhaustive
from proofs.engines.composite import chain, premise_witnessed
from proofs.engines.methods import exhaustive, identity, rational_grid
from catalog.engines.notation import paper_sign_evidence

# ===================================================================================== R.tail
_TAIL_CORRECTED = (r"$\Pr\Big(\forall i \le n:\ X_i \in \Big[\mu - \sigma\sqrt{2\ln\tfrac{2n}{\delta}},\ "
                   r"\mu + \sigma\sqrt{2\ln\tfrac{2n}{\delta}}\Big]\Big) \ge 1 - \delta$")

define(Claim(
    id="R.tail", title="the Gaussian tail interval of §3.1", source="004 §3.1",
    printed=(r"X_i \in \left[-\mu - \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)}, \mu + \sigma \sqrt{2 "
             r"\ln \left(\frac{2n}{\delta} \right)} \right]",),
    statement=(r"with probability $\ge (1-\delta),\ X_i \in \left[-\mu - "
                r"\sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)}, \mu + "
                r"\sigma\sqrt{2\ln\left(\frac{2n}{\delta}\right)}\right]$"),
    domain=(r"$X_1, \dots, X_n$ i.i.d. $N(\mu, \sigma^2)$, $\mu \in \mathbb{R}$, $\sigma > 0$, $n \ge 1$, $0 < "
            r"\delta < 1$"),
    interpretation=(r"as printed (lower end $-\mu - \sigma\sqrt{\dots}$), for all $X_1, \dots, X_n$ simultaneously "
                    r"(the $2n/\delta$ is a union bound over the $n$ draws)."),
    readings=("centred",),
    premise=r"$X_{1}, \dots, X_{n}$ i.i.d. $N(\mu, \sigma^{2})$",
    related={"R.gs-identity": "the range of $X_i$ it gives", "R.zbar-unbiased": "the stop rule built on it"},
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
    yield replace(ev, holds_when=(r"$\mu \ge 0$ (the printed interval then contains the centred one, which is "
                                   "proved)"),
                  corrected=Correction(_TAIL_CORRECTED, (centred, _tail_proof())),
                  detail={**ev.detail, "printed reading on the mu >= 0 part of the grid": nonnegative.outcome.value})
    yield replace(centred, reading="centred")


def _tail_claim() -> PointClaim:
    """R.tail as printed, as sympy (for a proof certificate): Pr(every X_i in [A, B]) >= 1 - δ, where the
    probability is (Φ((B-μ)/σ) - Φ((A-μ)/σ))^n for B >= A."""
    mu, sigma, delta = sympy.symbols("mu sigma delta", real=True)
    size = sympy.Symbol("n", integer=True, positive=True)
    a = sympy.sqrt(2 * sympy.log(2 * size / delta))
    lo, hi = -mu - sigma * a, mu + sigma * a
    cdf = lambda x: (1 + sympy.erf(x / sympy.sqrt(2))) / 2  # noqa: E731 - Φ, the normal distribution function
    return PointClaim((cdf((hi - mu) / sigma) - cdf((lo - mu) / sigma)) ** size, 1 - delta, ">=",
                      domain="sigma > 0, n >= 1 integer, 0 < delta < 1", premise=hi >= lo,
                      printed_says="the probability that every X_i lies in the printed interval")


@check("R.tail", "interval")
def _tail_interval(budget: Budget):
    """Certified (arb balls at two precisions) probability at mu = -1, sigma = 1, n = 1, delta = 1/2: the
    printed interval [1 - sqrt(2 ln 4), -1 + sqrt(2 ln 4)] holds X with probability below 1/2."""
    case = {"mu": Fraction(-1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}
    yield certified_exhaustive([case], _tail_margin("printed"), sign=">=0", ctx=arb(50), premise=_normal_model,
                               names=("Pr - (1 - delta)", "Pr - (1 - delta) (second precision)"),
                               claim=_tail_claim(),
                               domain="mu = -1, sigma = 1, n = 1, delta = 1/2 (interval [1 - sqrt(2 ln 4), "
                                      "-1 + sqrt(2 ln 4)])")
    yield replace(_tail_proof(), reading="centred")


# ===================================================================================== R.gs-identity
define(Claim(
    id="R.gs-identity", title="the global sensitivity of the bounded $X_i$",
    printed=(r"GS(f) = 2 \left(R + \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)} \right)",
             r"X_i \in \left[-R - \sigma \sqrt{2 \ln \left(\frac{2n}{\delta} \right)}"),
    source="004 §3.1",
    statement=(r"$GS(f) = 2\left(R + \sigma\sqrt{2\ln(2n/\delta)}\right)$ against §2.1's $GS(f) = \max_{D \sim D'} "
               r"\|f(D) - f(D')\|^2$"),
    domain="$f$ the identity on one record, $X_i \\in [-B, B]$ with $B = R + \\sigma t$, "
           "$t = \\sqrt{2 \\ln(2n/\\delta)}$, $R > 0$, $\\sigma > 0$, $n \\ge 1$, $0 < \\delta < 1$ (every $B > 0$ occurs)",
    interpretation="As printed: $GS$ is §2.1's definition, the squared norm $\\max_{D \\sim D'} \\|f(D) - f(D')\\|^2$ "
                   "(well-formed, so read as printed). For the identity on $[-B, B]$ it is "
                   "$\\max (x - x')^2 = (2B)^2$, which equals the printed $2B$ only when $B = 1/2$. With the unsquared "
                   "$\\ell_2$ sensitivity (the correction of §2.1's definition, which §3.1's width and Dwork–Roth "
                   "use) $GS = 2B$, the printed value: that is the corrected statement.",
    readings=("GS: l2",),
    definitions=("GS: squared", "GS: l2"),
    related={"R.gaussian": "the definition of GS in §2.1", "R.tail": "the bound that gives the range"},
))

_BOX = ["R > 0", "sigma > 0", "t > 0", "x >= -(R + sigma*t)", "x <= R + sigma*t", "y >= -(R + sigma*t)",
        "y <= R + sigma*t"]
_GS_CORRECTED = ("With the unsquared $\\ell_2$ sensitivity $GS(f) = \\max_{D \\sim D'} \\|f(D) - f(D')\\|_2$ (not "
                 "§2.1's squared norm), the identity on $X_i \\in [-B, B]$ has $GS(f) = 2B = 2\\left(R + \\sigma"
                 "\\sqrt{2\\ln(2n/\\delta)}\\right)$; with §2.1's squared norm it has $GS(f) = (2B)^2$")
_GS_POINT = {"R": Fraction(1), "sigma": Fraction(1), "n": 1, "delta": Fraction(1, 2)}


def _gs_l2_proof(budget: Budget, reading: str | None = None) -> Evidence:
    """z3: |x - x'| <= 2B on the box, attained at x = B, x' = -B: the ℓ2 sensitivity is 2B."""
    bound = parse_formula("2*(R + sigma*t)")
    steps = [(f"{side} <= 2B on the box", paper_sign_evidence(f"2*(R + sigma*t) - ({side})", _BOX, sign=">=0",
                                                       symbols=["R", "sigma", "t", "x", "y"], timeout=budget.timeout))
             for side in ("x - y", "y - x")]
    steps.append(("attained at x = B, y = -B", identity(parse_formula("(R + sigma*t) - (-(R + sigma*t))"), bound,
                                                         domain="x = B, y = -B")))
    return chain(steps, conclusion="max over x, x' in [-B, B] of |x - x'| = 2(R + sigma t): the printed value is the "
                                   "unsquared l2 sensitivity", method=Method.DECISION, reading=reading,
                 domain="every R > 0, sigma > 0, t > 0 (t = sqrt(2 ln(2n/delta)) > 0)")


def _gs_squared_proof(budget: Budget) -> Evidence:
    """z3: (x - x')² <= (2B)² on the box, attained at x = B, x' = -B: §2.1's squared GS is (2B)²."""
    steps = [("(x - y)^2 <= (2B)^2 on the box", paper_sign_evidence("(2*(R + sigma*t))**2 - (x - y)**2", _BOX, sign=">=0",
                                                             symbols=["R", "sigma", "t", "x", "y"],
                                                             timeout=budget.timeout)),
             ("attained at x = B, y = -B", identity(parse_formula("((R + sigma*t) - (-(R + sigma*t)))**2"),
                                                    parse_formula("(2*(R + sigma*t))**2"), domain="x = B, y = -B"))]
    return chain(steps, conclusion="max over x, x' in [-B, B] of (x - x')^2 = (2B)^2", method=Method.DECISION,
                 domain="every R > 0, sigma > 0, t > 0")


def _gs_grid(budget: Budget) -> list[dict]:
    return [{"B": bound, "grid points": 2 * budget.grid + 1} for bound in rational_grid(0, 10, budget.grid)]


def _points(case: dict) -> list[Fraction]:
    """The grid of [-B, B] with both ends: B (j - k)/k, j = 0..2k."""
    k = (case["grid points"] - 1) // 2
    return [case["B"] * Fraction(j - k, k) for j in range(2 * k + 1)]


def _gs_grid_text(budget: Budget) -> str:
    return (f"B = R + sigma t on a {budget.grid}-point grid of (0, 10); x, x' on the {2 * budget.grid + 1}-point grid of "
            "[-B, B] with both ends; exact rationals")


def _gs_correction(budget: Budget) -> Correction:
    def widest(case):
        value = max(abs(x - y) for x in _points(case) for y in _points(case))
        return value == 2 * case["B"], {"max |x - x'| over the grid / 2B": value / (2 * case["B"])}

    return Correction(_GS_CORRECTED, (_gs_l2_proof(budget), exhaustive(_gs_grid(budget), widest,
                                                                       domain=_gs_grid_text(budget))))


@check("R.gs-identity", "decision")
def _gs_decision(budget: Budget):
    """As printed (squared norm): z3 finds an exact B > 0 with (2B)² != 2B, after proving GS = (2B)² on the
    box; under the correction (the ℓ2 norm) z3 proves GS = 2B (reported beside the verdict)."""
    squared = _gs_squared_proof(budget)
    ev = paper_sign_evidence("4*B**2 - 2*B", ["B > 0"], sign="==0", symbols=["B"], timeout=budget.timeout,
                       search_region=False)
    if ev.counterexample:  # z3's exact B, with the two sides it separates
        bound = Fraction(ev.counterexample["B"])
        ev = replace(ev, counterexample={"B": bound, "GS as printed, (2B)^2": (2 * bound) ** 2, "printed value, 2B": 2 * bound})
    yield replace(ev, holds_when="$B = R + \\sigma\\sqrt{2 \\ln(2n/\\delta)} = 1/2$ (the roots of $4B^2 = 2B$ are $0$ and "
                                 "$1/2$)",
                  detail={**ev.detail, "GS as printed (squared) on [-B, B]": squared.outcome.value,
                          "GS as printed, the steps": squared.detail.get(Detail.STEPS)},
                  corrected=_gs_correction(budget))
    yield _gs_l2_proof(budget, reading="GS: l2")


@check("R.gs-identity", "enumeration")
def _gs_enumeration(budget: Budget):
    """Every pair x, x' on a grid of [-B, B] with both ends (exact rationals): the squared GS, max (x - x')², is
    (2B)², against the printed 2B; the ℓ2 GS, max |x - x'|, is 2B (reported beside)."""
    cases = _gs_grid(budget)

    def squared(case):
        value = max((x - y) ** 2 for x in _points(case) for y in _points(case))
        return value == 2 * case["B"], {"GS (squared, grid)": value, "printed 2B": 2 * case["B"]}

    def unsquared(case):
        value = max(abs(x - y) for x in _points(case) for y in _points(case))
        return value == 2 * case["B"], {"max |x - x'| over the grid / 2B": value / (2 * case["B"])}

    yield exhaustive(cases, squared, domain=_gs_grid_text(budget))
    yield exhaustive(cases, unsquared, domain=_gs_grid_text(budget), reading="GS: l2")


@check("R.gs-identity", "interval")
def _gs_interval(budget: Budget):
    """Certified (arb, two precisions) at R = 1, σ = 1, n = 1, δ = 1/2, B = 1 + √(2 ln 4): (2B)² - 2B != 0."""
    def squared_minus_printed(c, ctx):
        width = 2 * gaussian.release_bound(c["R"], c["sigma"], c["n"], c["delta"], ctx)
        return width * width - width

    big_r, sigma, delta = sympy.symbols("R sigma delta", real=True)
    size = sympy.Symbol("n", integer=True, positive=True)
    width = 2 * (big_r + sigma * sympy.sqrt(2 * sympy.log(2 * size / delta)))
    claim = PointClaim(width ** 2, width, "==", domain="R > 0, sigma > 0, n >= 1 integer, 0 < delta < 1",
                       printed_says="GS as §2.1 prints it (the squared norm), (2B)^2",
                       exact_says="the printed GS, 2B = 2(R + sigma sqrt(2 ln(2n/delta)))")
    found = certified_exhaustive([_GS_POINT], squared_minus_printed, sign="==0", ctx=arb(50), claim=claim,
                                 names=("(2B)^2 - 2B", "(2B)^2 - 2B (second precision)"),
                                 domain="R = 1, sigma = 1, n = 1, delta = 1/2: B = 1 + sqrt(2 ln 4)")
    glue = (Stated("with X_i in [-B, B], GS = max over neighbours of |x - x'|^2 (the squared norm of §2.1) is (2B)^2, "
                   "attained at x = B, x' = -B"),)
    yield replace(found, steps=found.steps + glue) if found.steps else found
