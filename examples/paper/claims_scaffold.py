"""Claims of rr_paper.tex, scaffolded by `python -m proofs scaffold rr_paper.tex` (ldp-belief-proofs 0.4.0).

Every claim below is pending: located in the paper, its formulas read into sympy where they parse,
and no check yet, so `python -m proofs check --claims claims_scaffold.py --only-user` reports each
inconclusive ("no check implemented yet"). To check one, write two checks of different methods for
it (the TODO above it names the engine that fits; examples/paper/claims.py is a completed file), and
replace its `pending(` by `define(` (`from proofs import define`); write its domain. Or replace the
whole call by the short declaration its TODO names (`from proofs import ldp_claim, moment_claim,
sign_claim, approximation_claim`), which registers the engine's checks itself. A formula's
sides are sympy.srepr strings: `Formula.expressions()` reads them back as sympy expressions.

Running the scaffold again never overwrites this file once it is edited: it writes the paper's new
entries to a separate .new.py file.
"""
# scaffold-digest: b30e22512f6d25ae9b5a3a09e81b6a04ecdd8463a13ac6b92df3a993e4a9ac13

from proofs import Claim
from proofs.reading import Formula, pending

PAPER = r"rr_paper.tex"

# rr_paper.tex: 5 numbered results and 6 displayed formulas; 5 claims pending (5 with a formula read
# into sympy), 2 definitions or notation, 4 displays that are part of a result.

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
# TODO check_ldp: a ratio bounded by an exponential (privacy of a mechanism).
# Once checked: ldp_claim(id, ..., mechanism=proofs.mechanisms.<family>(...), epsilon="eps",
# domain=...).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
pending(Claim(
    id="rr_paper.Thm2",
    title=r"Theorem 2",
    source=r"rr_paper.tex Theorem 2",
    statement=r"Randomized response with $p$ as in (1) is $\varepsilon$-LDP for every $\varepsilon > 0$: $\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y$.",
    domain="not written yet: state the assumptions the paper makes here",
    printed=(r"Randomized response with $p$ as in \eqref{eq:p} is $\varepsilon$-LDP for every $\varepsilon > 0$: \[ \frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y. \]", r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y."),
), engine="check_ldp", why=r"a ratio bounded by an exponential (privacy of a mechanism)", formulas=(
    Formula(relations=("<=",), sides=("Mul(Function('Q')(Symbol('y'), Symbol('x')), Pow(Function('Q')(Symbol('y'), Symbol('x_prime')), Integer(-1)))", "exp(Symbol('eps'))"), condition=r"for all x, x', y", latex=r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\varepsilon} \quad \text{for all } x, x', y."),
))


# ---- Eq. (2) (line 48, 2 Estimating a proportion) ------------------------------------------------
# TODO identity: an equality of two expressions.
# Once checked: define() it with two checks: proofs.identity(lhs, rhs, domain=...) and exact points
# (proofs.exhaustive).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
pending(Claim(
    id="rr_paper.Eq2",
    title=r"Eq. (2)",
    source=r"rr_paper.tex Eq. (2)",
    statement=r"$\begin{aligned}s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p\end{aligned}$.",
    domain="not written yet: state the assumptions the paper makes here",
    printed=(r"s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p.",),
), engine="identity", why=r"an equality of two expressions", formulas=(
    Formula(relations=("=", "="), sides=("Symbol('s')", "Add(Mul(Symbol('p'), Symbol('pi')), Mul(Add(Integer(1), Mul(Integer(-1), Symbol('p'))), Add(Integer(1), Mul(Integer(-1), Symbol('pi')))))", "Add(Mul(Integer(-1), Symbol('p')), Mul(Symbol('pi'), Add(Mul(Integer(2), Symbol('p')), Integer(-1))), Integer(1))"), latex=r"s &= \pi p + (1 - \pi)(1 - p) \\ &= (2p - 1)\pi + 1 - p."),
))


# ---- Lemma 3 (line 53, 2 Estimating a proportion) ------------------------------------------------
# TODO check_moment: a moment (E, Var) or a probability of a statistic.
# Once checked: moment_claim(id, ..., statistic=..., claimed=..., moment="mean" or "variance",
# mechanism=..., counts= or prior=, domain=...).
pending(Claim(
    id="rr_paper.Lem3",
    title=r"Lemma 3 (Unbiased estimate)",
    source=r"rr_paper.tex Lemma 3",
    statement=r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: $\mathbb{E}[\hat{\pi}] = \pi$.",
    domain="not written yet: state the assumptions the paper makes here",
    printed=(r"The estimate $\hat{\pi} = \frac{Y/n - (1 - p)}{2p - 1}$ is unbiased: \begin{equation} \mathbb{E}[\hat{\pi}] = \pi. \end{equation}", r"\mathbb{E}[\hat{\pi}] = \pi."),
), engine="check_moment", why=r"a moment (E, Var) or a probability of a statistic", formulas=(
    Formula(relations=("=",), sides=("Function('E')(Symbol('pi_hat'))", "Symbol('pi')"), latex=r"\mathbb{E}[\hat{\pi}] = \pi."),
))


# ---- Theorem 4 (line 60, 2 Estimating a proportion) ----------------------------------------------
# TODO check_moment: a moment (E, Var) or a probability of a statistic.
# Once checked: moment_claim(id, ..., statistic=..., claimed=..., moment="mean" or "variance",
# mechanism=..., counts= or prior=, domain=...).
# Read: p(...) read as the product of p and the parentheses: the paper never applies p to a name
# (write p(t) somewhere, or define it with :=, to read it as a function).
# Read: n(...) read as the product of n and the parentheses: the paper never applies n to a name
# (write n(t) somewhere, or define it with :=, to read it as a function).
# Uses the definitions of Eq. (1) (see DEFINITIONS).
pending(Claim(
    id="rr_paper.Thm4",
    title=r"Theorem 4",
    source=r"rr_paper.tex Theorem 4",
    statement=r"The variance of the estimate is $\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}$.",
    domain="not written yet: state the assumptions the paper makes here",
    printed=(r"The variance of the estimate is \begin{equation} \operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}. \end{equation}", r"\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}."),
), engine="check_moment", why=r"a moment (E, Var) or a probability of a statistic", formulas=(
    Formula(relations=("=",), sides=("Function('Var')(Symbol('pi_hat'))", "Mul(Pow(Symbol('n'), Integer(-1)), Symbol('p'), Add(Integer(1), Mul(Integer(-1), Symbol('p'))), Pow(Add(Mul(Integer(2), Symbol('p')), Integer(-1)), Integer(-2)))"), latex=r"\operatorname{Var}[\hat{\pi}] = \frac{p(1 - p)}{n(2p - 1)^2}."),
))


# ---- Corollary 5 (line 67, 2 Estimating a proportion) --------------------------------------------
# TODO check_approximation: it states an approximation (≈).
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
