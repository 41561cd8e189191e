"""The claims of examples/paper/rr_paper.tex, completed: the scaffold's file (claims_scaffold.py, written by
``python -m proofs scaffold examples/paper/rr_paper.tex --output examples/paper/claims_scaffold.py``) with
each ``pending(...)`` replaced by the short declaration its TODO names (``ldp_claim``, ``moment_claim``), or
by ``define(...)`` and two checks of different methods where no short declaration fits (an identity, and a
chain of an equality and an approximation).

Run it::

    python -m proofs check --claims examples/paper/claims.py --only-user
    python -m proofs coverage --paper examples/paper/rr_paper.tex --claims examples/paper/claims.py

The mechanism is binary randomized response in eps, as the note's Eq. (1) writes it: a respondent reports
their bit with probability p = e^eps/(1 + e^eps) (``proofs.mechanisms.randomized_response(d=2,
epsilon="eps")``, whose named probability is that p). Each of n respondents holds a one with probability
pi, independently (written ``f1`` below: in formula strings ``pi`` is the constant π); C1 counts the
reports of 1 (the note's Y) and pi_hat = (Y/n - (1 - p))/(2p - 1) estimates pi.

What the checks find: Theorem 2 (privacy) proved for every eps > 0; Eq. (2) proved; Lemma 3 (unbiased)
proved for every n; Corollary 5 proved, its ≈ read as every approximation is (the relative error tends to
0 as eps -> 0); and **Theorem 4 refuted**: the printed variance p(1-p)/(n(2p-1)^2) leaves out pi(1-pi)/n
(it holds only where pi is 0 or 1), at an exact point inside the domain; its correction,
pi(1-pi)/n + p(1-p)/(n(2p-1)^2), is proved for every n.
"""

from __future__ import annotations

from proofs import (
    Claim, check, check_approximation, define, exhaustive, identity, ldp_claim, moment_claim, rational_grid,
)
from proofs import mechanisms as M

#: The note's mechanism, Eq. (1): binary randomized response with p = e^eps/(1 + e^eps).
RR = M.randomized_response(d=2, epsilon="eps")
#: pi_hat as a statistic of C1, the count of reports of 1.
ESTIMATE = "(C1/n - (1-p))/(2*p - 1)"
#: Each respondent holds a one with probability f1 (the note's pi), independently.
PRIOR = {"1": "f1"}
DOMAIN = "eps > 0, 0 <= f1 <= 1"
PRINTED_VARIANCE = "p*(1-p)/(n*(2*p-1)**2)"
TRUE_VARIANCE = "f1*(1-f1)/n + p*(1-p)/(n*(2*p-1)**2)"


# ---- Theorem 2 (line 37, 1 The mechanism) --------------------------------------------------------
ldp_claim(
    "rr_paper.Thm2",
    title="Theorem 2",
    source="rr_paper.tex Theorem 2",
    statement=r"Randomized response with $p$ as in (1) is $\varepsilon$-LDP for every $\varepsilon > 0$: "
              r"$\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y$.",
    mechanism=RR, epsilon="eps", domain="eps > 0",
    printed=(r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y.",),
)


# ---- Eq. (2) (line 48, 2 Estimating a proportion) ------------------------------------------------
define(Claim(
    id="rr_paper.Eq2",
    title="Eq. (2)",
    source="rr_paper.tex Eq. (2)",
    statement=r"$\begin{aligned}s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p\end{aligned}$.",
    domain="p, f1 real",
    printed=(r"s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p.",),
))


@check("rr_paper.Eq2", "symbolic")
def _eq2_symbolic(budget):
    """The two sides of the chain's second equality, expanded."""
    return identity("f1*p + (1 - f1)*(1 - p)", "(2*p - 1)*f1 + 1 - p", domain="p, f1 real")


@check("rr_paper.Eq2", "enumeration")
def _eq2_exact(budget):
    """Both sides at exact rational points of a grid."""
    grid = rational_grid(0, 1, budget.grid)

    def holds(case):
        p, a = case["p"], case["f1"]
        return a * p + (1 - a) * (1 - p) == (2 * p - 1) * a + 1 - p, {}

    cases = [{"p": p, "f1": a} for p in grid for a in grid]
    return exhaustive(cases, holds, domain=f"{len(cases)} exact points (p, f1) of a rational grid of [0, 1]^2")


# ---- Lemma 3 (line 53, 2 Estimating a proportion) ------------------------------------------------
moment_claim(
    "rr_paper.Lem3",
    title="Lemma 3 (Unbiased estimate)",
    source="rr_paper.tex Lemma 3",
    statement=r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: $\mathbb{E}[\hat{\pi}] = \pi$.",
    statistic=ESTIMATE, claimed="f1", mechanism=RR, prior=PRIOR, domain=DOMAIN,
    printed=(r"\mathbb{E}[\hat{\pi}] = \pi.",),
)


# ---- Theorem 4 (line 60, 2 Estimating a proportion) ----------------------------------------------
moment_claim(
    "rr_paper.Thm4",
    title="Theorem 4",
    source="rr_paper.tex Theorem 4",
    statement=r"The variance of the estimate is $\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}$.",
    statistic=ESTIMATE, claimed=PRINTED_VARIANCE, moment="variance", mechanism=RR, prior=PRIOR, domain=DOMAIN,
    interpretation=r"the printed formula as an exact statement for every $\pi$ in $[0, 1]$",
    corrected=(r"$\operatorname{Var}[\hat{\pi}] = \frac{\pi(1-\pi)}{n} + \frac{p(1 - p)}{n(2p - 1)^2}$",
               TRUE_VARIANCE),
    printed=(r"\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}.",),
)


# ---- Corollary 5 (line 67, 2 Estimating a proportion) --------------------------------------------
# A chain of an equality (p as in Eq. (1)) and an approximation: define() with the identity and
# check_approximation's two methods (approximation_claim alone would check only the "≈").
define(Claim(
    id="rr_paper.Cor5",
    title="Corollary 5",
    source="rr_paper.tex Corollary 5",
    statement=r"For small $\varepsilon$ the advantage of a truthful report is about half the budget: "
              r"$2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}$.",
    domain=r"$\varepsilon > 0$, $p = e^{\varepsilon}/(1+e^{\varepsilon})$",
    interpretation=r"the equality with $p = \frac{e^{\varepsilon}}{1+e^{\varepsilon}}$ (Eq. (1)), and "
                   r"$\approx$ read as an approximation as $\varepsilon \to 0$: the relative error "
                   r"$(\frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} - \frac{\varepsilon}{2}) / "
                   r"\frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1}$ tends to $0$",
    printed=(r"2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}.",),
))

_APPROXIMATION = {}


def _approximation(budget):
    """check_approximation's verdict, computed once per budget for both checks."""
    if budget.name not in _APPROXIMATION:
        _APPROXIMATION[budget.name] = check_approximation(
            "(exp(eps) - 1)/(exp(eps) + 1)", "eps/2", regime="eps -> 0", domain="eps > 0", timeout=budget.timeout)
    return _APPROXIMATION[budget.name]


@check("rr_paper.Cor5", "symbolic")
def _cor5_symbolic(budget):
    """The equality, and the relative error's limit decided symbolically."""
    return [identity("2*exp(eps)/(1 + exp(eps)) - 1", "(exp(eps) - 1)/(exp(eps) + 1)", domain="eps > 0"),
            *(e for e in _approximation(budget).evidence if e.method.value == "symbolic")]


@check("rr_paper.Cor5", "interval")
def _cor5_certified(budget):
    """The relative error in certified balls along eps -> 0."""
    return [e for e in _approximation(budget).evidence if e.method.value == "interval"]
