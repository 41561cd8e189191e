"""Claims of rr_paper.tex, scaffolded by `python -m proofs scaffold rr_paper.tex` (ldp-belief-proofs 0.6.1).

A claim whose formula fits an engine is written ready to run, as that engine's short declaration
(sign_claim, ldp_claim, moment_claim) with the domain the text states (none stated: the formula's
natural domain), so `python -m proofs check --claims claims_scaffold.py --only-user` gives its
verdict; the comment above it says how it was read. Every other claim is pending, with the reason:
located in the paper, its formulas read into sympy where they parse, and reported inconclusive
("no check implemented yet"). To check one, write two checks of different methods for it (the TODO
above it names the engine that fits; examples/paper/claims.py is a completed file), and replace its
`pending(` by `define(` (`from proofs import define`); write its domain. Or replace the whole call by
the short declaration its TODO names, which registers the engine's checks itself. A formula's
sides are sympy.srepr strings: `Formula.expressions()` reads them back as sympy expressions.

Running the scaffold again never overwrites this file once it is edited: it writes the paper's new
entries to a separate .new.py file.
"""
# scaffold-digest: 9edcc7c7a9fce8439ded412372cfc4bc90fc4c2bbf597f14d4491da5382efcaa

from proofs import Claim, ldp_claim, moment_claim, sign_claim
from proofs import mechanisms as M
from proofs.reading import Formula, pending

PAPER = r"rr_paper.tex"

# The mechanism the paper names: randomized response with ε written eps, over two values: the paper
# speaks of bits ({0, 1}).
MECHANISM = M.randomized_response(d=2, epsilon="eps")

# rr_paper.tex: 5 numbered results and 6 displayed formulas; 5 claims, 4 ready to run and 1 pending
# (5 with a formula read into sympy), 2 definitions or notation, 4 displays that are part of a
# result.

#: Definitions and notation of the paper: not claims. What each introduces, and why it is one.
DEFINITIONS = (
    {"entry": r"Definition 1", "line": 26, "kind": "definition", "labels": (r"def:ldp",),
     "introduces": (r"$\varepsilon$-locally differentially private",), "why": r"a definition",
     "latex": r"A mechanism $Q$ from $\{0, 1\}$ to $\{0, 1\}$ is \emph{$\varepsilon$-locally differentially private} if $Q(y \mid x) \le e^{\varepsilon} Q(y \mid x')$ for all $x, x', y$."},
    {"entry": r"Eq. (1)", "line": 33, "kind": "definition", "labels": (r"eq:p",),
     "introduces": (r"p",), "why": r"introduced by 'where'",
     "latex": r"p = \frac{e^{\varepsilon}}{1 + e^{\varepsilon}}."},
)


# ---- Theorem 2 (line 37, 1 The mechanism) --------------------------------------------------------
# Ready to run: ldp_claim (check_ldp: a ratio bounded by an exponential (privacy of a mechanism)).
# Read: the mechanism: randomized response with ε written eps, over two values: the paper speaks of
# bits ({0, 1}).
# Read: p as the paper defines it (Eq. (1)) is the family's p.
# Domain: eps > 0, as the text states it.
# Uses the definitions of Eq. (1) (see DEFINITIONS).
ldp_claim(
    "rr_paper.Thm2",
    title=r"Theorem 2",
    source=r"rr_paper.tex Theorem 2",
    statement=r"Randomized response with $p$ as in (1) is $\varepsilon$-LDP for every $\varepsilon > 0$: $\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y$.",
    mechanism=MECHANISM,
    epsilon="eps",
    domain="eps > 0",
    printed=(r"Randomized response with $p$ as in \eqref{eq:p} is $\varepsilon$-LDP for every $\varepsilon > 0$: \[ \frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y. \]", r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y."),
)


# ---- Eq. (2) (line 48, 2 Estimating a proportion) ------------------------------------------------
# Ready to run: sign_claim (identity: an equality of two expressions).
# Read: the identity read as ((1 - pi_)*(1 - exp(eps)/(1 + exp(eps))) + pi_*exp(eps)/(1 + exp(eps)))
# - (1 + pi_*(-1 + 2*exp(eps)/(1 + exp(eps))) - exp(eps)/(1 + exp(eps))) == 0.
# Read: the chain's first equality names s; the check is of the rest of the chain.
# Read: p replaced by its definition, Eq. (1).
# Read: pi is written pi_ (in a formula string pi is a constant or a function).
# Domain: none stated; the claim is read as printed, on the formula's natural domain (every real
# value of its symbols, or the mechanism's own domain).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
sign_claim(
    "rr_paper.Eq2",
    title=r"Eq. (2)",
    source=r"rr_paper.tex Eq. (2)",
    statement=r"$\begin{aligned}s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p\end{aligned}$.",
    expr="((1 - pi_)*(1 - exp(eps)/(1 + exp(eps))) + pi_*exp(eps)/(1 + exp(eps))) - (1 + pi_*(-1 + 2*exp(eps)/(1 + exp(eps))) - exp(eps)/(1 + exp(eps)))",
    sign="==0",
    domain=None,
    printed=(r"s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p.",),
)


# ---- Lemma 3 (line 53, 2 Estimating a proportion) ------------------------------------------------
# Ready to run: moment_claim (check_moment: a moment (E, Var) or a probability of a statistic).
# Read: E[pi_hat] = pi_, the mean of pi_hat under the declared mechanism.
# Read: the mechanism: randomized response with ε written eps, over two values: the paper speaks of
# bits ({0, 1}).
# Read: pi_hat = (Y/n + p - 1)/(2*p - 1), Y the count of reports of 1 (C1).
# Read: p is the mechanism's named probability p (Eq. (1) defines it so).
# Read: pi is written pi_ (in a formula string pi is a constant or a function).
# Read: the inputs: a 1 with probability pi_ (a probability: 0 <= pi_ <= 1).
# Domain: 0 <= pi_ <= 1, as the text states it.
moment_claim(
    "rr_paper.Lem3",
    title=r"Lemma 3 (Unbiased estimate)",
    source=r"rr_paper.tex Lemma 3",
    statement=r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: $\mathbb{E}[\hat{\pi}] = \pi$.",
    mechanism=MECHANISM,
    statistic="(-1 + p + C1/n)/(-1 + 2*p)",
    claimed="pi_",
    moment="mean",
    prior={"1": "pi_"},
    domain="0 <= pi_ <= 1",
    printed=(r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: \begin{equation} \mathbb{E}[\hat{\pi}] = \pi. \end{equation}", r"\mathbb{E}[\hat{\pi}] = \pi."),
)


# ---- Theorem 4 (line 60, 2 Estimating a proportion) ----------------------------------------------
# Ready to run: moment_claim (check_moment: a moment (E, Var) or a probability of a statistic).
# Read: Var[pi_hat] = p*(1 - p)/(n*(-1 + 2*p)**2), the variance of pi_hat under the declared
# mechanism.
# Read: the mechanism: randomized response with ε written eps, over two values: the paper speaks of
# bits ({0, 1}).
# Read: pi_hat = (Y/n + p - 1)/(2*p - 1), Y the count of reports of 1 (C1).
# Read: p is the mechanism's named probability p (Eq. (1) defines it so).
# Read: pi is written pi_ (in a formula string pi is a constant or a function).
# Read: the inputs: a 1 with probability pi_ (a probability: 0 <= pi_ <= 1).
# Domain: 0 <= pi_ <= 1, as the text states it.
# Read: p(...) read as the product of p and the parentheses: the paper never applies p to a name
# (write p(t) somewhere, or define it with :=, to read it as a function).
# Read: n(...) read as the product of n and the parentheses: the paper never applies n to a name
# (write n(t) somewhere, or define it with :=, to read it as a function).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
moment_claim(
    "rr_paper.Thm4",
    title=r"Theorem 4",
    source=r"rr_paper.tex Theorem 4",
    statement=r"The variance of the estimate is $\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}$.",
    mechanism=MECHANISM,
    statistic="(-1 + p + C1/n)/(-1 + 2*p)",
    claimed="p*(1 - p)/(n*(-1 + 2*p)**2)",
    moment="variance",
    prior={"1": "pi_"},
    domain="0 <= pi_ <= 1",
    printed=(r"The variance of the estimate is \begin{equation} \operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}. \end{equation}", r"\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}."),
)


# ---- Corollary 5 (line 67, 2 Estimating a proportion) --------------------------------------------
# TODO check_approximation: it states an approximation (≈).
# Pending: an approximation (≈): approximation_claim needs its regime (v -> a), which the scaffold
# does not read; a chain with an equality needs define() and the identity's check too.
# Once checked: approximation_claim(id, ..., exact=..., approx=..., regime="v -> a", domain=...).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
pending(Claim(
    id="rr_paper.Cor5",
    title=r"Corollary 5",
    source=r"rr_paper.tex Corollary 5",
    statement=r"For small $\varepsilon$ the advantage of a truthful report is about half the budget: $2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}$.",
    domain="not written yet: state the assumptions the paper makes here",
    printed=(r"For small $\varepsilon$ the advantage of a truthful report is about half the budget: \[ 2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}. \]", r"2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}."),
), engine="check_approximation", why=r"it states an approximation (≈)", formulas=(
    Formula(relations=("=", "≈"), sides=("Add(Mul(Integer(2), Symbol('p')), Integer(-1))", "Mul(Add(exp(Symbol('eps')), Integer(-1)), Pow(Add(exp(Symbol('eps')), Integer(1)), Integer(-1)))", "Mul(Rational(1, 2), Symbol('eps'))"), latex=r"2p - 1 = \frac{e^{\varepsilon} - 1}{e^{\varepsilon} + 1} \approx \frac{\varepsilon}{2}."),
))
