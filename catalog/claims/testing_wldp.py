"""Claims of 003 §3.2 on hypothesis testing under WLDP: the errors and trade-off functions of Definition 3.17,
Theorem 3.18, Corollary 3.19, a step of the theorem's proof, and 000's variant of the theorem. Sources
``003_c07100d0f17e2eef.txt``, ``000_15dfbb6255c67df8.txt``.

Readings (:mod:`numeric.definitions`): ``WLDP`` (Definition 3.13, primary: all ordered pairs (x, x'), x = x'
included; statement 2 ranges over the same pairs), ``Definition 3.17 errors`` (and 000's ``@000``), ``T^pe``,
and ``T^op: as printed`` = sup{β^op : α^op ≤ α}, which is identically 1 (the test φ ≡ 0). Printed means
printed: the repaired definition ``T^op: repaired`` = sup{β^op : α^op ≥ α} (what the proof and Figure 4 use)
is the *correction* of the claims that use T^op, each with its own evidence; ``T^op: inf`` is checked beside.

What the checks find: as printed, the optimistic half of Theorem 3.18 fails for every mechanism
(T^op(1/2) = 1 > f^op(1/2) = 3/4 at e^ε = 2), statement 2 never holds (T^op(1) = 1 > f^op(1) = 0), so the
converse is vacuous, and Corollary 3.19's T_2^op ≡ 1 fails too. Under the repaired definition the forward
direction is proved (z3 on one region, extended to every test); statement 2 is then not ε-WLDP but
"bel_x(E) <= e^ε pl_x'(E) for all x, x', E" (Q_2x3(3/5, 1/5) at e^ε = 3/2 satisfies it without being
ε-WLDP); and the two-fold optimistic bound has the same wrong intercept as Corollary 3.6 and fails at α = 0
for every mechanism. Corollary 3.19's pessimistic bound is proved by the randomized-response reduction
applied to products of credal-set members.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Detail, Evidence, Method
from proofs.base.registry import check, define
from catalog.engines.tradeoff import (WITNESS, TradeoffBound, RegionInequality, TradeoffStatement, converse, converse_witness,
                                     errors_agree, errors_identity, forward, never_holds_decision,
                                     printed_op_decision, product_credal_proof, realized, region_decision, region_enumeration,
                                     region_premise, region_statement, search, warner_at, with_correction)

PRINTED, REPAIRED, INF = "T^op: as printed", "T^op: repaired", "T^op: inf"
DISTINCT = "WLDP: distinct pairs"
ERRORS_000 = "Definition 3.17 errors@000"
TRADEOFF_TEXT = (r"$T^{pe}(\alpha):=inf\{\beta^{pe}_\varphi:\alpha^{pe}_\varphi\le\alpha\},\ "
                 r"T^{op}(\alpha):=sup\{\beta^{op}_\varphi:\alpha^{op}_\varphi\le\alpha\}$")
BOUNDS_TEXT = (r"$f^{pe}_{\epsilon}(\alpha)=max\{1-\alpha e^{\epsilon},0,e^{-\epsilon}(1-\alpha)\},\ "
               r"f^{op}_{\epsilon}(\alpha)=min\{1-\alpha e^{-\epsilon},e^{\epsilon}(1-\alpha)\}$")
STATEMENT_TEXT = (r"\forall\alpha\in[0,1]:\ T^{pe}(Q(x),Q(x'))(\alpha)\ge f^{pe}_\epsilon(\alpha),\ "
                  r"T^{op}(Q(x),Q(x'))(\alpha)\le f^{op}_\epsilon(\alpha)")
WLDP_DOMAIN = (r"evidential mechanisms $Q$, every ordered pair $(x, x')$ of inputs ($x = x'$ included, as Definition "
               r"3.13 ranges), $\epsilon > 0$, $\alpha \in [0, 1]$, tests $\varphi: Y \to [0, 1]$")


def theorem(op: str, errors: str = "Definition 3.17 errors") -> TradeoffStatement:
    """Statement 2 of Theorem 3.18 with the T^op definition ``op`` and the errors reading ``errors``."""
    return TradeoffStatement((TradeoffBound("f_pe", "lower", "T^pe", "tradeoff"), TradeoffBound("f_op", "upper", op, "tradeoff")),
                     pairs="WLDP", errors=errors)


# === Definition 3.17 ================================================================================================
define(Claim(
    id="D3.17.pe-equals-SLDP", title="the pessimistic errors are the SLDP errors",
    source="003 before Definition 3.17",
    statement=(r"$\alpha^{pe}_\varphi = \sup_{pr \in \mathcal{P}_{bel_x}} \mathbb{E}_{pr}(\varphi),\ "
               r"\beta^{pe}_\varphi = \sup_{pr \in \mathcal{P}_{bel_{x'}}} \mathbb{E}_{pr}(1-\varphi)$ are actually "
               r"the same as those errors in $\epsilon$-SLDP"),
    domain=r"evidential mechanisms on finite alphabets, every pair $(x, x')$; tests $\varphi: Y \to [0, 1]$",
    interpretation=(r"the SLDP errors are those printed before Theorem 3.5: $\alpha_\varphi = \sup_{P_x} \mathbb{E} "
                    r"\varphi$ and $\beta_\varphi = 1 - \inf_{P_{x'}} \mathbb{E} \varphi$; the claim is $\alpha^{pe} "
                    r"= \alpha_\varphi$ and $\beta^{pe} = \beta_\varphi$ for every $\varphi$"),
    readings=(f"{ERRORS_000}: 000's pessimistic errors, both under x'",),
    definitions=("T3.5 errors", "Definition 3.17 errors", ERRORS_000),
    related={"T3.18.forward": "uses the pessimistic errors", "T3.5.forward": "defines the SLDP errors",
             "T3.18@000": "000's errors, where the two differ"},
    printed=("They are actually the same as those errors in",),
))


@check("D3.17.pe-equals-SLDP", Method.SYMBOLIC)
def _pe_identity(budget: Budget) -> Evidence:
    return errors_identity()


@check("D3.17.pe-equals-SLDP", Method.ENUMERATION)
def _pe_exhaustive(budget: Budget) -> list[Evidence]:
    return [errors_agree(budget, errors="Definition 3.17 errors", reading=None),
            errors_agree(budget, errors=ERRORS_000, reading=ERRORS_000)]


# === Theorem 3.18 ===================================================================================================
define(Claim(
    id="T3.18.forward", title="Theorem 3.18 (1⇒2)", source="003 Theorem 3.18 (1⇒2)",
    statement=(r"$Q\ \epsilon$-WLDP $\Rightarrow " + STATEMENT_TEXT + "$, " + BOUNDS_TEXT + "; " + TRADEOFF_TEXT),
    domain=WLDP_DOMAIN,
    interpretation=("Definition 3.17 as printed: $T^{op}(\\alpha) = \\sup\\{\\beta^{op}_\\varphi : \\alpha^{op}_\\varphi "
                    "\\le \\alpha\\}$, which is identically 1 (the test $\\varphi \\equiv 0$); statement 2 for every "
                    "pair $(x, x')$ of the definition"),
    readings=(f"{INF}: $\\inf\\{{\\beta^{{op}} : \\alpha^{{op}} \\le \\alpha\\}}$ (sup changed into inf, checked beside)",),
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP", "Definition 3.17 errors", "T^pe", PRINTED, REPAIRED, INF),
    related={"T3.18.proof.op": "a step of its proof", "T3.5.proof.choquet": "regions suffice",
             "D3.17.pe-equals-SLDP": "the pessimistic errors"},
    printed=(r"f^{pe}_{\epsilon}(\alpha)=max\{1-\alpha e^{\epsilon},0,e^{-\epsilon}(1-\alpha)\}",
             r"f^{op}_{\epsilon}(\alpha)=min\{1-\alpha e^{-\epsilon},e^{\epsilon}(1-\alpha)\}"),
))

_T318F_CORRECTED = (r"With $T^{op}(\alpha) := \sup\{\beta^{op}_\varphi : \alpha^{op}_\varphi \ge \alpha\}$ (Definition "
                    r"3.17 with $\le$ changed into $\ge$), if $Q$ is $\epsilon$-WLDP then $T^{pe}(\alpha) \ge "
                    r"f^{pe}_\epsilon(\alpha)$ and $T^{op}(\alpha) \le f^{op}_\epsilon(\alpha)$ for every $\alpha \in "
                    r"[0, 1]$ and every pair $(x, x')$")


def _t318_repaired_decision(budget: Budget) -> Evidence:
    """T^pe >= f^pe and the repaired T^op <= f^op at every region, for every pair, from the coarsened WLDP premise;
    f^pe is convex and f^op concave, both non-increasing, and the envelopes are exact: every test follows."""
    return region_decision(region_premise("WLDP"), region_statement(theorem(REPAIRED)), budget=budget, witness=WITNESS,
                           describe=realized, domain="every evidential mechanism, every pair (x, x') of the definition, "
                           "every region R (coarsened), every r = e^eps > 1 with Q eps-WLDP; every test by level sets")


@check("T3.18.forward", Method.DECISION)
def _t318_forward_decision(budget: Budget) -> Evidence:
    """As printed T^op ≡ 1, so T^op ≤ f^op fails wherever f^op < 1 (z3, every mechanism at once). The correction
    (the repaired definition) is proved on regions by z3 and checked on the grid and by a random search."""
    printed = printed_op_decision(budget, "f_op", domain="every eps-WLDP mechanism, every pair (x, x'), every r = "
                                  "e^eps > 1 and alpha in [0, 1]: T^op as printed is identically 1")
    return with_correction(printed, _T318F_CORRECTED, _t318_repaired_decision(budget),
                           forward(budget, statement=theorem(REPAIRED), premise="WLDP", reading=None),
                           search(budget, statement=theorem(REPAIRED), notion_name="WLDP", direction="forward",
                                  reading=None, max_labels=3))


@check("T3.18.forward", Method.ENUMERATION)
def _t318_forward_exhaustive(budget: Budget) -> list[Evidence]:
    return [forward(budget, statement=theorem(PRINTED), premise="WLDP", reading=None),
            forward(budget, statement=theorem(INF), premise="WLDP", reading=INF, small=True)]


@check("T3.18.forward", Method.PROPERTY)
def _t318_forward_search(budget: Budget) -> Evidence:
    return search(budget, statement=theorem(PRINTED), notion_name="WLDP", direction="forward", reading=None,
                  max_labels=3)


define(Claim(
    id="T3.18.converse", title="Theorem 3.18 (2⇒1)", source="003 Theorem 3.18 (2⇒1)",
    statement=("$" + STATEMENT_TEXT + r" \Rightarrow Q\ \epsilon$-WLDP; " + BOUNDS_TEXT + "; " + TRADEOFF_TEXT),
    domain=WLDP_DOMAIN.replace(r"$\alpha \in [0, 1]$", r"statement 2 for every $\alpha \in [0, 1]$"),
    interpretation=("Definition 3.17 as printed ($T^{op} \\equiv 1$), statement 2 for every pair $(x, x')$ of the "
                    "definition ($x = x'$ included), statement 1: $r^W \\le e^\\epsilon$ (Definition 3.13, primary "
                    "reading). As printed, statement 2 never holds ($T^{op}(1) = 1 > f^{op}_\\epsilon(1) = 0$): the "
                    "implication is vacuous"),
    readings=(f"{INF}: the optimistic half of statement 2 holds for every mechanism",
              f"{DISTINCT}: statement 1 and statement 2 both over the pairs $x \\ne x'$ only (with {REPAIRED})"),
    premise=r"statement 2 (both trade-off bounds) holds at $e^{\epsilon}$ for every pair $(x, x')$",
    definitions=("WLDP", DISTINCT, "Definition 3.17 errors", "T^pe", PRINTED, REPAIRED, INF),
    related={"T3.18.forward": "the other direction", "T3.18.proof.op": "a step of the proof of this theorem",
             "T3.5.converse": "the SLDP converse fails the same way (statement 2 is a weaker condition)"},
    printed=(r"f^{pe}_{\epsilon}(\alpha)=max\{1-\alpha e^{\epsilon},0,e^{-\epsilon}(1-\alpha)\}",
             r"f^{op}_{\epsilon}(\alpha)=min\{1-\alpha e^{-\epsilon},e^{\epsilon}(1-\alpha)\}"),
))

_T318C_CORRECTED = (r"With $T^{op}(\alpha) := \sup\{\beta^{op}_\varphi : \alpha^{op}_\varphi \ge \alpha\}$ (Definition "
                    r"3.17 with $\le$ changed into $\ge$), statement 2 implies that $Q$ is $\epsilon$-WLDP")
_NEVER_DOMAIN = "every evidential mechanism, every pair (x, x'), every r = e^eps > 1: statement 2 at alpha = 1"
_NEVER = {Detail.WHY_NEVER_HOLDS: "as printed T^op is identically 1 (the test phi = 0) and f^op(1) = 0: "
                                         "statement 2 fails at alpha = 1 for every mechanism (decided by z3 in the "
                                         "decision evidence)"}


@check("T3.18.converse", Method.DECISION)
def _t318_converse_decision(budget: Budget) -> Evidence:
    """As printed statement 2 never holds (z3: T^op(1) = 1 > f^op(1) for every r > 1): the converse is vacuous. Its
    correction, the converse with Definition 3.17 repaired, is checked on its own and fails: Q_2x3(3/5, 1/5) at
    e^eps = 3/2 meets statement 2 and is not eps-WLDP (its own exhaustive check and random search)."""
    return with_correction(never_holds_decision(budget, "f_op", domain=_NEVER_DOMAIN), _T318C_CORRECTED,
                           converse(budget, statement=theorem(REPAIRED), conclusion="WLDP", reading=None),
                           search(budget, statement=theorem(REPAIRED), notion_name="WLDP", direction="converse",
                                  reading=None, max_labels=3))


@check("T3.18.converse", Method.ENUMERATION)
def _t318_converse_exhaustive(budget: Budget) -> list[Evidence]:
    distinct = TradeoffStatement(theorem(REPAIRED).bounds, pairs=DISTINCT)
    return [converse(budget, statement=theorem(PRINTED), conclusion="WLDP", reading=None, small=True, detail=_NEVER),
            converse(budget, statement=theorem(REPAIRED), conclusion="WLDP", reading=REPAIRED),
            converse(budget, statement=theorem(INF), conclusion="WLDP", reading=INF, small=True),
            converse(budget, statement=distinct, conclusion=DISTINCT, reading=f"{DISTINCT}, {REPAIRED}", small=True)]


@check("T3.18.converse", Method.PROPERTY)
def _t318_converse_search(budget: Budget) -> Evidence:
    """Statement 2 never holds as printed, so the search is run on the repaired definition (beside the verdict)."""
    return search(budget, statement=theorem(REPAIRED), notion_name="WLDP", direction="converse", reading=REPAIRED,
                  max_labels=3)


define(Claim(
    id="T3.18.proof.op", title="proof of Theorem 3.18, item 2 (optimistic errors)",
    source="003 proof of Theorem 3.18",
    statement=(r"Assume $pl_x(R^c) \ge \alpha \ldots\ \alpha \le pl_{x'}(R^c) \le e^{\epsilon}(1 - pl_x(R))$. It "
               r"follows that $pl_{x'}(R) \le 1 - e^{-\epsilon}\alpha$"),
    domain=(r"$\epsilon$-WLDP evidential mechanisms on finite alphabets, every pair $(x, x')$, regions $R$, $\alpha "
            r"\in [0, 1]$"),
    interpretation="the printed chain: each of its three inequalities checked under the item's assumption",
    premise=r"$Q$ is $\epsilon$-WLDP and $pl_x(R^c) \ge \alpha$",
    definitions=("WLDP",),
    related={"T3.18.forward": "the theorem this step proves (its optimistic half): the conclusion is right and "
                              r"bounds $T^{op}$ under the repaired definition (sup over $\alpha^{op} \ge \alpha$), not "
                              "the printed one; the middle step is wrong"},
    printed=(r"\alpha\leq pl_{x^{\prime}}^{Q}(R^{c})\leq e^{\epsilon}bel_{x}^{Q}(R^{c})=e^{\epsilon}(1-pl_{x}^{Q}(R))",
             r"pl_{x^{\prime}}^{Q}(R)\leq 1-e^{-\epsilon}\alpha"),
))

_STEP_OP = {
    "alpha <= pl_x'(R^c)": ("(1 - a2) - al", lambda v: v["al"] <= 1 - v["a2"]),
    "pl_x'(R^c) <= e^eps (1 - pl_x(R))": ("r*b1 - (1 - a2)", lambda v: 1 - v["a2"] <= v["r"] * v["b1"]),
    "pl_x'(R) <= 1 - e^-eps alpha": ("(1 - al/r) - (1 - b2)", lambda v: 1 - v["b2"] <= 1 - v["al"] / v["r"]),
}
_STEP_OP_CORRECTED = {
    "pl_x'(R) = 1 - bel_x'(R^c) <= 1 - e^-eps pl_x(R^c)": ("(1 - (1 - a1)/r) - (1 - b2)",
                                                          lambda v: 1 - v["b2"] <= 1 - (1 - v["a1"]) / v["r"]),
    "1 - e^-eps pl_x(R^c) <= 1 - e^-eps alpha": ("(1 - al/r) - (1 - (1 - a1)/r)", lambda v: v["al"] <= 1 - v["a1"]),
}
_OP_CORRECTED_TEXT = (r"$pl_x(R^c) \ge \alpha \Rightarrow pl_{x'}(R) = 1 - bel_{x'}(R^c) \le 1 - e^{-\epsilon} "
                      r"pl_x(R^c) \le 1 - e^{-\epsilon}\alpha$ (WLDP: $pl_x(R^c) \le e^{\epsilon} bel_{x'}(R^c)$)")


def _op_step(budget: Budget, steps: dict, method: Method) -> Evidence:
    if method is Method.DECISION:
        return region_decision(region_premise("WLDP") + ["al >= 0", "al <= 1", "1 - a1 >= al"],
                               [RegionInequality(name, expr) for name, (expr, _) in steps.items()], budget=budget,
                               witness={**WITNESS, "al": Fraction(1, 5)}, describe=realized,
                               symbols=("a1", "b1", "a2", "b2", "r", "al"),
                               domain="every eps-WLDP mechanism, pair and region (coarsened), alpha in [0, 1], r > 1")
    return region_enumeration(budget, premise="WLDP", extra={"al": [Fraction(i, 4) for i in range(5)]},
                              assumption=lambda v: 1 - v["a1"] >= v["al"],
                              conclusions={name: test for name, (_, test) in steps.items()})


@check("T3.18.proof.op", Method.DECISION)
def _op_decision(budget: Budget) -> Evidence:
    return with_correction(_op_step(budget, _STEP_OP, Method.DECISION), _OP_CORRECTED_TEXT,
                           _op_step(budget, _STEP_OP_CORRECTED, Method.DECISION),
                           _op_step(budget, _STEP_OP_CORRECTED, Method.ENUMERATION))


@check("T3.18.proof.op", Method.ENUMERATION)
def _op_exhaustive(budget: Budget) -> Evidence:
    return _op_step(budget, _STEP_OP, Method.ENUMERATION)


define(Claim(
    id="T3.18@000", title="Theorem 3.18 with 000's error definitions (all four under $x'$)",
    source="000 §3.2 Theorem 3.18",
    statement=(r"$Q$ is $\epsilon$-WLDP $\iff T^{pe}(\alpha) \ge f^{pe}_\epsilon(\alpha),\ T^{op}(\alpha) \le "
               r"f^{op}_\epsilon(\alpha)\ \forall \alpha$, with $\alpha^{pe} = \sup_{\mathcal{P}_{bel_{x'}}} "
               r"\mathbb{E}(\varphi),\ \beta^{pe} = \sup_{\mathcal{P}_{bel_{x'}}} \mathbb{E}(1-\varphi),\ "
               r"\alpha^{op}, \beta^{op} = \inf_{\mathcal{P}_{bel_{x'}}}$"),
    domain=WLDP_DOMAIN,
    interpretation=("000 defines all four errors under $x'$: they depend on $Q(x')$ only; Definition 3.17 as "
                    "printed ($T^{op} \\equiv 1$, the test $\\varphi \\equiv 0$), so statement 2 never holds "
                    "($T^{op}(1) = 1 > f^{op}_\\epsilon(1) = 0$): $1 \\Rightarrow 2$ fails for every mechanism and "
                    "$2 \\Rightarrow 1$ is vacuous; both directions of the equivalence are checked"),
    readings=(f"{REPAIRED}: statement 2 then holds for every mechanism ($pl(R) + pl(R^c) \\ge 1 \\ge bel(R) + "
              "bel(R^c)$), so $2 \\Rightarrow 1$ fails",),
    premise=r"$Q$ is $\epsilon$-WLDP ($1 \Rightarrow 2$); statement 2 with 000's errors ($2 \Rightarrow 1$)",
    definitions=("WLDP", ERRORS_000, "T^pe", PRINTED, REPAIRED),
    related={"T3.18.forward": "the 003 statement", "T3.18.converse": "the 003 statement",
             "D3.17.pe-equals-SLDP": "000's errors are not the SLDP errors"},
    printed=(r"\alpha_\phi^{pe} = \sup_{pr \in \mathcal{P}_{bel_{x'}}} \mathbb{E}_{pr}(\phi)",),
))

_T318_000_CORRECTED = (r"With $T^{op}(\alpha) := \sup\{\beta^{op}_\varphi : \alpha^{op}_\varphi \ge \alpha\}$ "
                       r"(Definition 3.17 with $\le$ changed into $\ge$) and 000's errors, statement 2 holds for every "
                       r"evidential mechanism and every $\epsilon > 0$: $1 \Rightarrow 2$ holds trivially, and statement 2 "
                       r"says nothing about $Q$")


def _always_000(budget: Budget) -> Evidence:
    """Statement 2 with 000's errors and the repaired T^op at every region for every mechanism (premise: the simplex
    only)."""
    return region_decision(region_premise("simplex"), region_statement(theorem(REPAIRED, ERRORS_000)), budget=budget,
                           witness=WITNESS, describe=realized,
                           domain="every evidential mechanism, pair and region (coarsened), every r > 1")


@check("T3.18@000", Method.DECISION)
def _t318_000_decision(budget: Budget) -> list[Evidence]:
    """As printed T^op ≡ 1 with 000's errors too, so 1 ⇒ 2 fails (z3, every mechanism at once). Under the repaired
    definition statement 2 holds for every mechanism (the correction) and 2 ⇒ 1 fails (beside the verdict)."""
    always = _always_000(budget)
    printed = printed_op_decision(budget, "f_op", errors=ERRORS_000, domain="every eps-WLDP mechanism, every pair "
                                  "(x, x'), every r = e^eps > 1 and alpha in [0, 1]: T^op as printed is identically 1")
    repaired = replace(converse_witness(always, theorem(REPAIRED, ERRORS_000)), reading=REPAIRED)
    return [with_correction(printed, _T318_000_CORRECTED, always,
                            forward(budget, statement=theorem(REPAIRED, ERRORS_000), premise="WLDP", reading=None,
                                    small=True)),
            repaired]


@check("T3.18@000", Method.ENUMERATION)
def _t318_000_exhaustive(budget: Budget) -> list[Evidence]:
    return [forward(budget, statement=theorem(PRINTED, ERRORS_000), premise="WLDP", reading=None),
            converse(budget, statement=theorem(PRINTED, ERRORS_000), conclusion="WLDP", reading=None, small=True,
                     detail=_NEVER),
            converse(budget, statement=theorem(REPAIRED, ERRORS_000), conclusion="WLDP", reading=REPAIRED)]


# === Corollary 3.19 =================================================================================================
C319_DOMAIN = (r"$Q$ $\epsilon$-WLDP ($\epsilon > 0$), every ordered pair $(x, x')$ of inputs ($x = x'$ included); "
               r"product of independent mass functions on $Y \times Y$; $\alpha \in [0, 1]$; tests "
               r"$\varphi: Y \times Y \to [0, 1]$")
T2_TEXT = (r"$T_2^{pe}(\alpha):=inf\{\beta^{2,pe}_\varphi:\alpha^{2,pe}_\varphi\le\alpha\},\ "
           r"T_2^{op}(\alpha):=sup\{\beta^{2,op}_\varphi:\alpha^{2,op}_\varphi\le\alpha\}$")


def corollary(bound: str, function: str) -> TradeoffStatement:
    return TradeoffStatement((TradeoffBound(bound, "lower" if function == "T^pe" else "upper", function, "tradeoff"),), pairs="WLDP",
                     composed=True)


define(Claim(
    id="C3.19.pe", title="Corollary 3.19 (pessimistic)", source="003 Corollary 3.19",
    statement=(r"$\forall\alpha\in[0,1]:\ T_{2}^{pe}(Q(x)\times Q(x),Q(x')\times Q(x'))(\alpha)\ge f^{2,pe}_{\epsilon}"
               r"(\alpha)=max\{1-\alpha e^{2\epsilon},-\alpha+\frac{2}{e^{\epsilon}+1},e^{-2\epsilon}(1-\alpha)\}$; "
               + T2_TEXT),
    domain=C319_DOMAIN,
    assumptions=((r"the corollary does not restate its hypothesis; read as: $Q$ is $\epsilon$-WLDP (the setting "
                  "of Theorem 3.18)"),),
    interpretation="pessimistic errors of the product (sup over its credal sets), $T_2^{pe}$ as in Definition 3.17",
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP", "Definition 3.17 errors", "T^pe"),
    related={"C3.6.lower": "the same bound under SLDP; its randomized-response reduction proves this one too, applied "
                           "to products of credal-set members",
             "T3.18.forward": "the one-use statement"},
    printed=(
        r"f^{2,pe}_{\epsilon}(\alpha)=max\{1-\alpha e^{2\epsilon},-\alpha+\frac{2}{e^{\epsilon}+1},e^{-2\epsilon}(1-\alpha)\}",
    ),
))


@check("C3.19.pe", Method.SYMBOLIC)
def _c319_pe_proof(budget: Budget) -> Evidence:
    """Products of credal-set members lie in the product's credal sets; WLDP makes them an eps-DP pair, and the
    randomized-response bound of Corollary 3.6 applies (:func:`catalog.engines.tradeoff.product_credal_proof`)."""
    return product_credal_proof(budget, domain="every eps-WLDP evidential mechanism on a finite frame, every pair "
                                "(x, x') of the definition, every eps > 0, every alpha in [0, 1], every test phi: "
                                "Y x Y -> [0, 1]")


@check("C3.19.pe", Method.ENUMERATION)
def _c319_pe_exhaustive(budget: Budget) -> Evidence:
    return forward(budget, statement=corollary("f2_pe", "T^pe"), premise="WLDP", reading=None)


@check("C3.19.pe", Method.PROPERTY)
def _c319_pe_search(budget: Budget) -> Evidence:
    return search(budget, statement=corollary("f2_pe", "T^pe"), notion_name="WLDP", direction="forward", reading=None,
                  max_labels=3)


define(Claim(
    id="C3.19.op", title="Corollary 3.19 (optimistic)", source="003 Corollary 3.19",
    statement=(r"$\forall\alpha\in[0,1]:\ T_{2}^{op}(Q(x)\times Q(x),Q(x')\times Q(x'))(\alpha)\le f^{2,op}_{\epsilon}"
               r"(\alpha)=min\{1-\alpha e^{-2\epsilon},e^{2\epsilon}(1-\alpha),-\alpha+\frac{3-e^{-2\epsilon}}"
               r"{e^{\epsilon}+1}\}$; " + T2_TEXT),
    domain=C319_DOMAIN,
    assumptions=(r"read as: $Q$ is $\epsilon$-WLDP (the setting of Theorem 3.18)",),
    interpretation=("Definition 3.17 as printed: $T_2^{op}(\\alpha) = \\sup\\{\\beta^{2,op}_\\varphi : "
                    "\\alpha^{2,op}_\\varphi \\le \\alpha\\}$, identically 1 (the test $\\varphi \\equiv 0$)"),
    readings=(f"{REPAIRED}: $\\sup\\{{\\beta^{{2,op}} : \\alpha^{{2,op}} \\ge \\alpha\\}}$ with the printed intercept",
              f"{INF}: $\\inf\\{{\\beta^{{2,op}} : \\alpha^{{2,op}} \\le \\alpha\\}}$"),
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP", "Definition 3.17 errors", PRINTED, REPAIRED, INF),
    related={"C3.6.upper": r"the same intercept $(3 - e^{-2\epsilon})/(e^{\epsilon} + 1)$, refuted there too",
             "T3.18.forward": "the one-use statement"},
    printed=(
        r"f^{2,op}_{\epsilon}(\alpha)=min\{1-\alpha e^{-2\epsilon},e^{2\epsilon}(1-\alpha),-\alpha+\frac{3-e^{-2\epsilon}}{e^{\epsilon}+1}\}",
    ),
))

_C319_CORRECTED = (r"With $T_2^{op}(\alpha) := \sup\{\beta^{2,op}_\varphi : \alpha^{2,op}_\varphi \ge \alpha\}$ "
                   r"(Definition 3.17 with $\le$ changed into $\ge$) and the intercept $\frac{2e^{\epsilon}}{e^{\epsilon}+1}$: "
                   r"$T_2^{op}(\alpha)\le\min\{1-\alpha e^{-2\epsilon},e^{2\epsilon}(1-\alpha),"
                   r"-\alpha+\frac{2e^{\epsilon}}{e^{\epsilon}+1}\}$")
_C319_CORRECTED_READING = f"corrected: {REPAIRED}, intercept 2e^eps/(e^eps+1)"


@check("C3.19.op", Method.ENUMERATION)
def _c319_op_exhaustive(budget: Budget) -> list[Evidence]:
    printed = forward(budget, statement=corollary("f2_op", PRINTED), premise="WLDP", reading=None)
    corrected = forward(budget, statement=corollary("f2_op_corrected", REPAIRED), premise="WLDP",
                        reading=_C319_CORRECTED_READING)
    corrected_search = search(budget, statement=corollary("f2_op_corrected", REPAIRED), notion_name="WLDP",
                              direction="forward", reading=_C319_CORRECTED_READING, max_labels=2)
    return [with_correction(printed, _C319_CORRECTED, corrected, corrected_search), corrected,
            forward(budget, statement=corollary("f2_op", REPAIRED), premise="WLDP", reading=REPAIRED),
            forward(budget, statement=corollary("f2_op", INF), premise="WLDP", reading=INF, small=True)]


@check("C3.19.op", Method.DECISION)
def _c319_op_decision(budget: Budget) -> Evidence:
    """phi = 0 has alpha^{2,op} = 0 and beta^{2,op} = 1 for every mechanism, so T_2^op(0) = 1 (as printed, and under
    every other definition checked), while f^{2,op}(0) = (3 - e^{-2 eps})/(e^eps + 1) < 1 for every eps > 0: z3
    gives an exact r."""
    return region_decision(["r > 1"], [RegionInequality("T_2^op(0) = 1 <= f^{2,op}(0)", "(3 - 1/r**2)/(r + 1) - 1")],
                           budget=budget, witness={"r": Fraction(3)}, symbols=("r",), describe=warner_at,
                           domain="every eps-WLDP mechanism and the test phi = 0 (alpha^{2,op} = 0, beta^{2,op} = 1), r > 1")


@check("C3.19.op", Method.PROPERTY)
def _c319_op_search(budget: Budget) -> Evidence:
    return search(budget, statement=corollary("f2_op", PRINTED), notion_name="WLDP", direction="forward", reading=None,
                  max_labels=2)
