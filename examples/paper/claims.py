"""The claims of examples/paper/rr_paper.tex, completed: the scaffold's file (claims_scaffold.py, written by
``python -m proofs scaffold examples/paper/rr_paper.tex --output examples/paper/claims_scaffold.py``) with a
domain and two checks of different methods for every claim, and ``pending(`` replaced by ``define(``.

Run it::

    python -m proofs check --claims examples/paper/claims.py --only-user
    python -m proofs coverage --paper examples/paper/rr_paper.tex --claims examples/paper/claims.py

The mechanism is binary randomized response, in terms of eps: a respondent reports their bit with
probability p = e^eps/(1 + e^eps) (the note's Eq. (1)). With n respondents whose bits are ones with
probability pi, Y counts the reported ones and pi_hat = (Y/n - (1 - p))/(2p - 1) estimates pi.

What the checks find: Theorem 2 (privacy) proved; Eq. (2) proved; Lemma 3 (unbiased) proved for every n;
Corollary 5 proved in the reading stated below; and **Theorem 4 refuted**: the printed variance
p(1-p)/(n(2p-1)^2) leaves out pi(1-pi)/n, so it holds only where pi is 0 or 1; its correction,
pi(1-pi)/n + p(1-p)/(n(2p-1)^2), is proved.

Where the engines being built would shorten this file: ``check_approximation`` would replace the two
checks of Corollary 5 (an ≈ read as a bound on the remainder, decided and certified); the families of
``proofs.mechanisms`` already give Theorem 2 in one call; a ``check_moment`` that takes the estimate as a
function of ``p`` with ``p`` given as e^eps/(1+e^eps) would let Lemma 3 and Theorem 4 be stated in eps.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from proofs import Claim, Correction, arb, check, check_ldp, check_moment, define, exhaustive, identity, rational_grid
from proofs import mechanisms as M
from proofs.engines.sign import sign_evidence

PAPER = "rr_paper.tex"
#: The mechanism in p (rows: the true bit 0, 1; columns: the report 0, 1) and the prior of the bit.
RR = [["p", "1-p"], ["1-p", "p"]]
PRIOR = ["1-pi", "pi"]
#: pi_hat as a statistic of the count of reported ones (Y1, the count of column 1).
ESTIMATE = "(Y1/n - (1-p))/(2*p - 1)"
PRINTED_VARIANCE = "p*(1-p)/(n*(2*p-1)**2)"
TRUE_VARIANCE = "pi*(1-pi)/n + p*(1-p)/(n*(2*p-1)**2)"
DOMAIN = "1/2 < p < 1 (p = e^eps/(1+e^eps), eps > 0), 0 <= pi <= 1, n >= 1"
#: Exact points of (p, pi): p = e^eps/(1+e^eps) > 1/2 rational, pi in [0, 1] (both ends included).
POINTS = [{"p": p, "pi": a} for p in ("3/5", "2/3", "9/10") for a in ("0", "1/5", "1/2", "1")]
N_VALUES = (1, 2, 5, 9)


def _by_method(verdict, method: str):
    return [e for e in verdict.evidence if e.method.value == method]


# ---- Theorem 2 (line 37, 1 The mechanism) --------------------------------------------------------
define(Claim(
    id="rr_paper.Thm2",
    title="Theorem 2",
    source="rr_paper.tex Theorem 2",
    statement=r"Randomized response with $p$ as in (1) is $\varepsilon$-LDP for every $\varepsilon > 0$: "
              r"$\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y$.",
    domain="eps > 0",
    printed=(r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y.",),
))


@check("rr_paper.Thm2", "decision")
def _thm2_decided(budget):
    """Every ratio of the matrix in eps, decided on the whole domain eps > 0."""
    verdict = check_ldp(M.randomized_response(d=2, epsilon="eps"), "eps", domain="eps > 0")
    return _by_method(verdict, "decision")


@check("rr_paper.Thm2", "enumeration")
def _thm2_enumerated(budget):
    """The same ratios at exact interior points of the domain."""
    verdict = check_ldp(M.randomized_response(d=2, epsilon="eps"), "eps", domain="eps > 0")
    return _by_method(verdict, "enumeration")


# ---- Eq. (2) (line 48, 2 Estimating a proportion) ------------------------------------------------
define(Claim(
    id="rr_paper.Eq2",
    title="Eq. (2)",
    source="rr_paper.tex Eq. (2)",
    statement=r"$\begin{aligned}s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p\end{aligned}$.",
    domain="p, pi real",
    printed=(r"s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p.",),
))


@check("rr_paper.Eq2", "symbolic")
def _eq2_symbolic(budget):
    """The two sides of the chain's second equality, expanded."""
    return identity("pi*p + (1 - pi)*(1 - p)", "(2*p - 1)*pi + 1 - p", domain="p, pi real")


@check("rr_paper.Eq2", "enumeration")
def _eq2_exact(budget):
    """Both sides at exact rational points of a grid."""
    grid = rational_grid(0, 1, budget.grid)

    def holds(case):
        p, a = case["p"], case["pi"]
        return a * p + (1 - a) * (1 - p) == (2 * p - 1) * a + 1 - p, {}

    cases = [{"p": p, "pi": a} for p in grid for a in grid]
    return exhaustive(cases, holds, domain=f"{len(cases)} exact points (p, pi) of a rational grid of [0, 1]^2")


# ---- Lemma 3 (line 53, 2 Estimating a proportion) ------------------------------------------------
define(Claim(
    id="rr_paper.Lem3",
    title="Lemma 3 (Unbiased estimate)",
    source="rr_paper.tex Lemma 3",
    statement=r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: $\mathbb{E}[\hat{\pi}] = \pi$.",
    domain=DOMAIN,
    printed=(r"\mathbb{E}[\hat{\pi}] = \pi.",),
))


@check("rr_paper.Lem3", "symbolic")
def _lem3_symbolic(budget):
    """The mean derived from the generating function of the counts, for every n."""
    return _by_method(check_moment(ESTIMATE, "pi", mechanism=RR, prior=PRIOR, points=POINTS, n_values=N_VALUES),
                      "symbolic")


@check("rr_paper.Lem3", "enumeration")
def _lem3_enumerated(budget):
    """Every outcome, exactly, for small n at the points of POINTS."""
    return _by_method(check_moment(ESTIMATE, "pi", mechanism=RR, prior=PRIOR, points=POINTS, n_values=N_VALUES),
                      "enumeration")


# ---- Theorem 4 (line 60, 2 Estimating a proportion) ----------------------------------------------
define(Claim(
    id="rr_paper.Thm4",
    title="Theorem 4",
    source="rr_paper.tex Theorem 4",
    statement=r"The variance of the estimate is $\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}$.",
    domain=DOMAIN,
    interpretation="the printed formula as an exact statement for every pi in [0, 1]",
    printed=(r"\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}.",),
))


def _variance_correction() -> Correction:
    verdict = check_moment(ESTIMATE, TRUE_VARIANCE, mechanism=RR, prior=PRIOR, moment="variance", points=POINTS,
                           n_values=N_VALUES)
    return Correction(r"$\operatorname{Var}[\hat{\pi}] = \frac{\pi(1-\pi)}{n} + \frac{p(1 - p)}{n(2p - 1)^2}$",
                      verdict.evidence)


@check("rr_paper.Thm4", "enumeration")
def _thm4_enumerated(budget):
    """Every outcome enumerated: the printed variance differs from the variance wherever 0 < pi < 1."""
    verdict = check_moment(ESTIMATE, PRINTED_VARIANCE, mechanism=RR, prior=PRIOR, moment="variance",
                           points=POINTS, n_values=N_VALUES)
    return [replace(e, holds_when="pi = 0 or pi = 1", corrected=_variance_correction())
            for e in _by_method(verdict, "enumeration")]


@check("rr_paper.Thm4", "symbolic")
def _thm4_symbolic(budget):
    """The printed form against the variance of a binomial count, pi(1-pi)/n + p(1-p)/(n(2p-1)^2)."""
    return identity(PRINTED_VARIANCE, TRUE_VARIANCE, domain=DOMAIN,
                    points=[{"p": Fraction(2, 3), "pi": Fraction(1, 2), "n": 1}, {"p": Fraction(3, 5), "pi": 0, "n": 2}])


# ---- Corollary 5 (line 67, 2 Estimating a proportion) --------------------------------------------
define(Claim(
    id="rr_paper.Cor5",
    title="Corollary 5",
    source="rr_paper.tex Corollary 5",
    statement=r"For small $\varepsilon$ the advantage of a truthful report is about half the budget: "
              r"$2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}$.",
    domain="eps > 0, p = e^eps/(1+e^eps)",
    interpretation=r"the equality with $p = \frac{e^{\varepsilon}}{1+e^{\varepsilon}}$, and "
                   r"$\approx$ read as: the remainder $\frac{\varepsilon}{2} - \frac{e^{\varepsilon} - 1}"
                   r"{e^{\varepsilon} + 1}$ lies in $[0, \frac{\varepsilon^3}{24}]$ for every $\varepsilon > 0$ "
                   r"(it vanishes to third order as $\varepsilon \to 0$)",
    printed=(r"2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}.",),
))

_GAP = "eps/2 - (exp(eps) - 1)/(exp(eps) + 1)"


@check("rr_paper.Cor5", "decision")
def _cor5_decided(budget):
    """The equality, then both bounds on the remainder, decided for every eps > 0 (exp: validated
    intervals and derivative signs)."""
    return [identity("2*exp(eps)/(1 + exp(eps)) - 1", "(exp(eps) - 1)/(exp(eps) + 1)", domain="eps > 0"),
            sign_evidence(_GAP, ["eps > 0"], sign=">=0", timeout=budget.timeout),
            sign_evidence(f"{_GAP} - eps**3/24", ["eps > 0"], sign="<=0", timeout=budget.timeout)]


@check("rr_paper.Cor5", "interval")
def _cor5_certified(budget):
    """arb enclosures of the remainder at rational eps: 0 <= remainder <= eps^3/24 at every grid point."""
    grid = [e for e in rational_grid(0, 6, 4 * budget.grid) if e > 0]
    ctx = arb(60)

    def holds(case):
        gap = ctx.evaluate(_GAP, case)
        room = ctx.evaluate(f"eps**3/24 - ({_GAP})", case)
        return bool(gap >= 0 and room >= 0), {"remainder": gap.mid().str(10, radius=False)}

    return exhaustive(({"eps": e} for e in grid), holds, domain=f"{len(grid)} rational eps in (0, 6], arb at 60 digits",
                      method="interval", recheck="two-precisions")
