"""Claims of 003 §3.1 on hypothesis testing under SLDP: Theorem 3.5, Corollary 3.6, and the steps of their
proofs in the appendix. Source ``003_c07100d0f17e2eef.txt``.

Readings (:mod:`numeric.definitions`): ``SLDP`` (Definition 3.1; all ordered pairs (x, x'), x = x' included,
and statement 2 ranges over the same pairs); ``T3.5 errors`` (primary: α_φ = sup_{P_x} E φ, β_φ =
1 - inf_{P_x'} E φ, as printed before the theorem) and ``T3.5 errors: interval`` (the appendix proof pairs
pl_x(R) with bel_x'(R^c) and bel_x(R) with pl_x'(R^c)). Budgets are r = e^ε, exact rationals.

What the checks find: the lower halves hold and are proved (message-space argument of
:func:`catalog.engines.tradeoff.message_space_proof`); the printed upper halves fail, because the
proof bounds β through bel_x(R), the *lower* type I error (``T3.5.proof.upper``), and Corollary 3.6's
intercept (3 - e^{-2ε})/(e^ε + 1) is below the true 2e^ε/(e^ε + 1). The converse fails: statement 2 is
ε-WLDP, not ε-SLDP.
"""

from __future__ import annotations

from fractions import Fraction

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Method
from proofs.base.registry import check, define
from catalog.engines.tradeoff import (WITNESS, TradeoffBound, RegionInequality, TradeoffStatement, choquet_exhaustive, choquet_search,
                                     converse, converse_certified, equivalence_decision, forward, implication_both_ways,
                                     message_space_case, message_space_proof, q2x3_enumeration, q2x3_premise, realized,
                                     region_decision, region_enumeration, region_premise, region_statement, search,
                                     table_agrees, table_cases, warner_at, with_correction, witness_holds)

SLDP_DOMAIN = (r"evidential mechanisms $Q$ (rows: mass functions on a finite $Y$), every ordered pair $(x, x')$ of "
               r"inputs ($x = x'$ included, as Definition 3.1 ranges), budgets $\epsilon > 0$ with $Q$ "
               r"$\epsilon$-SLDP, tests $\varphi: Y \to [0, 1]$")
INTERVAL = "T3.5 errors: interval"
ERRORS_TEXT = (r"$\alpha_\varphi = \sup_{pr\in\mathcal{P}^Q_x}\mathbb{E}_{pr}(\varphi),\ "
               r"\beta_\varphi = 1-\inf_{pr\in\mathcal{P}^Q_{x'}}\mathbb{E}_{pr}(\varphi)$")
BOUNDS_TEXT = (r"$u(\alpha):=max\{e^{-\epsilon}(1-\alpha),1-\alpha e^{\epsilon}\},\ "
               r"U(\alpha):=min\{e^{\epsilon}(1-\alpha),1-\alpha e^{-\epsilon}\}$")

PRINTED = TradeoffStatement((TradeoffBound("u", "lower", "printed"), TradeoffBound("U", "upper", "printed")), pairs="SLDP")
INTERVAL_STATEMENT = TradeoffStatement((TradeoffBound("u", "lower", "interval-lower"), TradeoffBound("U", "upper", "interval-upper")),
                               pairs="SLDP")


def _proof(k: int, conclusions: tuple[str, ...], reading: str | None, note: str | None = None) -> Evidence:
    return message_space_proof(k, witness=lambda: witness_holds("SLDP"), conclusions=conclusions, reading=reading,
                               note=note, domain="every evidential mechanism on a finite frame, every pair $(x, x')$, "
                               r"every $\epsilon > 0$ with $Q$ $\epsilon$-SLDP, every test "
                               f"$\\varphi: Y^{k} \\to [0, 1]$"
                               + (" (two-fold product)" if k == 2 else ""))


# === Theorem 3.5 ===================================================================================================
define(Claim(
    id="T3.5.forward", title="Theorem 3.5 (1⇒2)", source="003 Theorem 3.5 (1⇒2)",
    statement=(r"$Q\ \epsilon$-SLDP $\Rightarrow$ if type I error $\alpha_\varphi\in[l,L]$ then type II error "
               r"$\beta_\varphi\in[u(L),U(l)]$, " + BOUNDS_TEXT + "; " + ERRORS_TEXT),
    domain=SLDP_DOMAIN,
    assumptions=(("$u$ and $U$ are non-increasing, so the condition for every $[l, L]$ containing "
                  r"$\alpha_\varphi$ is the condition at $l = L = \alpha_\varphi$"),),
    interpretation=(r"errors as printed before the theorem (T3.5 errors): for a region $R$, $\alpha = pl_x(R)$, "
                    r"$\beta = pl_{x'}(R^c)$; randomized tests reduce to regions (level sets; $u$ convex, $U$ "
                    "concave)"),
    readings=(f"{INTERVAL}: [bel_x(R), pl_x(R)] in [l, L] => [bel_x'(R^c), pl_x'(R^c)] in [u(L), U(l)]",),
    premise=r"$Q$ is $\epsilon$-SLDP",
    definitions=("SLDP", "T3.5 errors", INTERVAL),
    related={"T3.5.proof.upper": (r"item 2 of the proof bounds $\beta$ through $bel_x(R)$: it proves the interval "
                                  "reading, not the printed pairing of $pl_x(R)$ with $U$"),
             "T3.5.proof.choquet": "extends the bounds from regions to every test",
             "C3.6.lower": "the two-fold version of the lower bound"},
    printed=(r"u(\alpha):=max\{e^{-\epsilon}(1-\alpha),1-\alpha e^{\epsilon}\}",
             r"U(\alpha):=min\{e^{\epsilon}(1-\alpha),1-\alpha e^{-\epsilon}\}"),
))

_T35_CORRECTED = (r"with $\alpha_\varphi, \beta_\varphi$ the intervals "
                  r"$[\inf_{\mathcal{P}_x}\mathbb{E}\varphi, \sup_{\mathcal{P}_x}\mathbb{E}\varphi]$, "
                  r"$[\inf_{\mathcal{P}_{x'}}\mathbb{E}(1-\varphi), \sup_{\mathcal{P}_{x'}}\mathbb{E}(1-\varphi)]$: "
                  r"$\alpha_\varphi\subseteq[l,L] \Rightarrow \beta_\varphi\subseteq[u(L),U(l)]$")


@check("T3.5.forward", Method.ENUMERATION)
def _t35_forward_exhaustive(budget: Budget) -> list[Evidence]:
    printed = forward(budget, statement=PRINTED, premise="SLDP", reading=None)
    interval = forward(budget, statement=INTERVAL_STATEMENT, premise="SLDP", reading=INTERVAL)
    proof = _proof(1, ("lower", "upper"), INTERVAL, note="[alpha_lower, alpha_upper] in [l, L] and u, U non-increasing: "
                   "beta_lower >= u(alpha_upper) >= u(L) and beta_upper <= U(alpha_lower) <= U(l)")
    return [with_correction(printed, _T35_CORRECTED, proof, interval), interval, proof]


@check("T3.5.forward", Method.DECISION)
def _t35_forward_decision(budget: Budget) -> Evidence:
    return region_decision(region_premise("SLDP"), region_statement(PRINTED), budget=budget, witness=WITNESS,
                           describe=realized, domain="every evidential mechanism, pair and region R (coarsened to "
                           "bel_x(R), bel_x(R^c), bel_x'(R), bel_x'(R^c)), every r = e^eps > 1 with Q eps-SLDP")


@check("T3.5.forward", Method.PROPERTY)
def _t35_forward_search(budget: Budget) -> list[Evidence]:
    return [search(budget, statement=PRINTED, notion_name="SLDP", direction="forward", reading=None, max_labels=3),
            search(budget, statement=INTERVAL_STATEMENT, notion_name="SLDP", direction="forward", reading=INTERVAL,
                   max_labels=3)]


define(Claim(
    id="T3.5.converse", title="Theorem 3.5 (2⇒1)", source="003 Theorem 3.5 (2⇒1)",
    statement=(r"If type I error $\alpha_\varphi\in[l,L]$ then type II error $\beta_\varphi\in[u(L),U(l)]$ (for all "
               r"tests $\varphi$) $\Rightarrow Q\ \epsilon$-SLDP; " + ERRORS_TEXT),
    domain=("evidential mechanisms $Q$, every ordered pair $(x, x')$ of inputs ($x = x'$ included, the pairs of "
            r"Definition 3.1), budgets $\epsilon > 0$, tests $\varphi: Y \to [0, 1]$"),
    interpretation=("statement 2 with the errors printed before the theorem, for every test and every pair $(x, x')$ "
                    r"of the definition; statement 1: $r_S \le e^{\epsilon}$ (Definition 3.1)"),
    readings=(f"{INTERVAL}: the appendix proof's [lower, upper] errors",
              "message-space: tests on the messages 2^Y \\ {∅} (each row a probability on messages)"),
    premise=r"statement 2 holds at $e^{\epsilon}$ for every test and every pair $(x, x')$",
    definitions=("SLDP", "WLDP", "T3.5 errors", INTERVAL),
    related={"T3.5.forward": "the other direction", "L3.14.converse": "the corrected converse characterizes WLDP"},
    printed=(r"u(\alpha):=max\{e^{-\epsilon}(1-\alpha),1-\alpha e^{\epsilon}\}",
             r"U(\alpha):=min\{e^{\epsilon}(1-\alpha),1-\alpha e^{-\epsilon}\}"),
))

_T35C_CORRECTED = (r"statement 2 (printed errors, every pair $(x, x')$, $x = x'$ included) holds iff "
                   r"$pl_x(E) \le e^{\epsilon} bel_{x'}(E)$ for all $x, x', E$, i.e. iff $Q$ is $\epsilon$-WLDP")


@check("T3.5.converse", Method.ENUMERATION)
def _t35_converse_exhaustive(budget: Budget) -> list[Evidence]:
    printed = converse_certified(converse(budget, statement=PRINTED, conclusion="SLDP", reading=None), PRINTED, "SLDP")
    support = implication_both_ways(budget, statement=PRINTED, notion_name="WLDP", reading=None)
    return [
        with_correction(printed, _T35C_CORRECTED, *support, *equivalence_decision(budget, PRINTED, "WLDP")),
        converse(budget, statement=INTERVAL_STATEMENT, conclusion="SLDP", reading=INTERVAL),
        converse(budget, statement=PRINTED, conclusion="SLDP", reading="message-space", transform=message_space_case,
                 small=True, domain_note="; tests on the message space 2^Y \\ {∅} of the rows on at most 2 labels "
                 "and of Q_2x3 (the rows on 3 labels left out)"),
    ]


@check("T3.5.converse", Method.PROPERTY)
def _t35_converse_search(budget: Budget) -> Evidence:
    return search(budget, statement=PRINTED, notion_name="SLDP", direction="converse", reading=None, max_labels=3)


# === Corollary 3.6 =================================================================================================
COMPOSITION = r"two-fold composition: $Q(x)\times Q(x)$ against $Q(x')\times Q(x')$, "
COMPOSED_DOMAIN = (r"$Q$ $\epsilon$-SLDP ($\epsilon > 0$), every ordered pair $(x, x')$ of inputs ($x = x'$ included); "
                   r"the composition is the product of independent mass functions (focal sets $E_1 \times E_2$) on "
                   r"$Y \times Y$; tests $\varphi: Y \times Y \to [0, 1]$")
TABLE_DOMAIN = ("Q_2x3(p, q) on exact grids, the appendix's mass table of its square on {0, 1, 2} (every pair, every "
                "region of {0, 1, 2}); budgets from the own SLDP ratio of Q_2x3 (x {1, 3/2, 3})")
LOWER2 = TradeoffStatement((TradeoffBound("u2", "lower", "printed"),), pairs="SLDP", composed=True)
UPPER2 = TradeoffStatement((TradeoffBound("U2", "upper", "printed"),), pairs="SLDP", composed=True)
UPPER2_CORRECTED = TradeoffStatement((TradeoffBound("U2_corrected", "upper", "interval-upper"),), pairs="SLDP", composed=True)

define(Claim(
    id="C3.6.lower", title="Corollary 3.6 (lower bound)", source="003 Corollary 3.6",
    statement=(COMPOSITION + (r"$\alpha^2_\varphi\in[l,L] \Rightarrow \beta^2_\varphi \ge u^2(L),\ "
                              r"u^{2}(\alpha):=max\{e^{-2\epsilon}(1-\alpha),-\alpha+\frac{2}{e^{\epsilon}+1},1-\alpha "
                              r"e^{2\epsilon}\}$")),
    domain=COMPOSED_DOMAIN,
    assumptions=((r"the corollary is read for every $\epsilon$-SLDP mechanism (its text does not restrict $Q$); "
                  r"the appendix proof's $Q_{2\times 3}$ ($p > 1/2$) is part of the grid"),),
    interpretation=(r"$\alpha^2$, $\beta^2$ defined 'similarly' to Theorem 3.5: sup over the product's credal set, 1 "
                    "- inf"),
    readings=(f"{INTERVAL}: beta^2 the lower error inf E(1-phi) (the appendix proof's pairing)",
              "table: the appendix's mass table of Q_2x3 squared on the frame {0,1,2}",
              "table = product: the table is the image of the product under the number of 'no' answers"),
    premise=r"$Q$ is $\epsilon$-SLDP",
    definitions=("SLDP", "T3.5 errors", INTERVAL),
    related={"C3.6.proof.ratio": "a step of the appendix proof", "C3.6.proof.chain": "the proof's chain in $p$",
             "T3.5.forward": "the one-use statement"},
    printed=(
        r"u^{2}(\alpha):=max\{e^{-2\epsilon}(1-\alpha),-\alpha+\frac{2}{e^{\epsilon}+1},1-\alpha e^{2\epsilon}\}",
        r"m^{\otimes 2}_{x}", r"m^{\otimes 2}_{x^{\prime}}",  # the appendix's mass tables (the "table" reading)
    ),
))


@check("C3.6.lower", Method.SYMBOLIC)
def _c36_lower_proof(budget: Budget) -> Evidence:
    """beta^2 = beta_upper >= beta_lower >= u2(alpha_upper) >= u2(L): the two-fold message-space proof."""
    return _proof(2, ("lower",), None, note="the printed beta^2 = 1 - inf E(phi) is beta_upper >= beta_lower >= "
                  "u2(alpha_upper), and u2 is non-increasing: alpha^2 <= L gives beta^2 >= u2(L)")


@check("C3.6.lower", Method.ENUMERATION)
def _c36_lower_exhaustive(budget: Budget) -> list[Evidence]:
    table = TradeoffStatement(LOWER2.bounds, pairs="SLDP")
    return [
        forward(budget, statement=LOWER2, premise="SLDP", reading=None),
        forward(budget, statement=TradeoffStatement((TradeoffBound("u2", "lower", "interval-lower"),), pairs="SLDP", composed=True),
                premise="SLDP", reading=INTERVAL),
        forward(budget, statement=table, premise="SLDP", reading="table", items=table_cases(budget), domain=TABLE_DOMAIN),
        table_agrees(budget, reading="table = product"),
    ]


@check("C3.6.lower", Method.PROPERTY)
def _c36_lower_search(budget: Budget) -> Evidence:
    return search(budget, statement=LOWER2, notion_name="SLDP", direction="forward", reading=None, max_labels=2)


define(Claim(
    id="C3.6.upper", title="Corollary 3.6 (upper bound)", source="003 Corollary 3.6",
    statement=(COMPOSITION + r"$\alpha^2_\varphi\in[l,L] \Rightarrow \beta^2_\varphi \le U^2(l),\ "
               r"U^{2}(\alpha):=min\{e^{2\epsilon}(1-\alpha),1-\alpha e^{-2\epsilon},-\alpha+\frac{3-e^{-2\epsilon}}"
               r"{e^{\epsilon}+1}\}$"),
    domain=COMPOSED_DOMAIN,
    assumptions=((r"read for every $\epsilon$-SLDP mechanism; $Q_{2\times 3}$ with $p > 1/2$ (the proof's case) "
                  "is part of the grid"),),
    interpretation=(r"$\alpha^2$ = sup over the product's credal set of $\mathbb{E}(\varphi)$, $\beta^2$ = 1 - inf "
                    "over the other's"),
    readings=(f"{INTERVAL}: beta^2 the upper error bounded by U^2 of the lower type I error (the proof's pairing)",
              "table: the appendix's mass table on {0,1,2}"),
    premise=r"$Q$ is $\epsilon$-SLDP",
    definitions=("SLDP", "T3.5 errors", INTERVAL),
    related={"C3.6.lower": "the other half", "C3.19.op": (r"the same intercept $(3 - e^{-2\epsilon})/(e^{\epsilon} + "
                                                          "1)$")},
    printed=(
        r"U^{2}(\alpha):=min\{e^{2\epsilon}(1-\alpha),1-\alpha e^{-2\epsilon},-\alpha+\frac{3-e^{-2\epsilon}}{e^{\epsilon}+1}\}",
    ),
))

_C36_UPPER_CORRECTED = (r"with $\beta^2 = \sup_{\mathcal{P}_{x'x'}}\mathbb{E}(1-\varphi)$ and $l \le "
                        r"\inf_{\mathcal{P}_{xx}}\mathbb{E}\varphi$: $\beta^2_\varphi \le "
                        r"\min\{e^{2\epsilon}(1-l), 1-l e^{-2\epsilon}, -l+\frac{2e^{\epsilon}}{e^{\epsilon}+1}\} "
                        "= 1-u^2(1-l)$")


@check("C3.6.upper", Method.ENUMERATION)
def _c36_upper_exhaustive(budget: Budget) -> list[Evidence]:
    printed = forward(budget, statement=UPPER2, premise="SLDP", reading=None)
    corrected = forward(budget, statement=UPPER2_CORRECTED, premise="SLDP", reading="corrected: interval errors, "
                        "intercept 2e^eps/(e^eps+1)")
    return [
        with_correction(printed, _C36_UPPER_CORRECTED, _proof(2, ("upper",), None), corrected), corrected,
        forward(budget, statement=TradeoffStatement((TradeoffBound("U2", "upper", "interval-upper"),), pairs="SLDP", composed=True),
                premise="SLDP", reading=INTERVAL),
        forward(budget, statement=TradeoffStatement(UPPER2.bounds, pairs="SLDP"), premise="SLDP", reading="table",
                items=table_cases(budget), domain=TABLE_DOMAIN),
    ]


@check("C3.6.upper", Method.DECISION)
def _c36_upper_decision(budget: Budget) -> Evidence:
    """The test that never rejects (phi = 0) has alpha^2 = 0 and beta^2 = 1 for every mechanism, and
    U^2(0) = (3 - e^{-2 eps})/(e^eps + 1) < 1 for every eps > 0: z3 gives an exact r."""
    return region_decision(["r > 1"], [RegionInequality("beta^2(phi = 0) = 1 <= U^2(0)", "(3 - 1/r**2)/(r + 1) - 1")],
                           budget=budget, witness={"r": Fraction(3)}, symbols=("r",), describe=warner_at,
                           domain="every eps-SLDP mechanism and the test phi = 0 (alpha^2 = 0, beta^2 = 1), every r > 1")


@check("C3.6.upper", Method.PROPERTY)
def _c36_upper_search(budget: Budget) -> Evidence:
    return search(budget, statement=UPPER2, notion_name="SLDP", direction="forward", reading=None, max_labels=2)


# === proof steps (appendix) ========================================================================================
define(Claim(
    id="T3.5.proof.choquet", title="proofs of Theorems 3.5 and 3.18: rejection regions suffice",
    source="003 proofs of Theorems 3.5, 3.18",
    statement=(r"tests $\varphi: Y \to [0,1]$ replaced by rejection regions $R$: $\alpha = pl_x(R),\ \beta = 1 - "
               "bel_{x'}(R)$"),
    domain=r"evidential mechanisms on finite alphabets; tests $\varphi: Y \to [0, 1]$",
    interpretation=(r"for a region $R$: $\sup_{pr \in P_x} pr(R) = pl_x(R)$ and $1 - \inf_{pr \in P_{x'}} pr(R) = "
                    r"1 - bel_{x'}(R)$; for every test $\varphi$ the errors are the convex combination of those of its "
                    r"level sets (so bounds convex or concave in $\alpha$ extend from regions to all tests), and the "
                    r"trade-off functions of Definition 3.17 ($T^{pe}$, $T^{op}$ as printed, and the repaired $T^{op}$ of "
                    r"the corrections) are determined by the region points, as the chains of regions give them"),
    definitions=("T3.5 errors", "Definition 3.17 errors", "T^pe", "T^op: as printed", "T^op: repaired"),
    related={"T3.5.forward": "the theorem whose proof uses this step", "T3.18.forward": "the theorem whose proof "
             "uses this step", "D3.17.pe-equals-SLDP": ("the pessimistic errors of a region are $(pl_x(R), "
                                                        "pl_{x'}(R^c))$")},
    printed=("Let’s assume that the rejection region for the hypothesis testing problem is",),
))


@check("T3.5.proof.choquet", Method.ENUMERATION)
def _choquet_exhaustive(budget: Budget) -> Evidence:
    return choquet_exhaustive(budget)


@check("T3.5.proof.choquet", Method.PROPERTY)
def _choquet_search(budget: Budget) -> Evidence:
    return choquet_search(budget)


define(Claim(
    id="T3.5.proof.upper", title="proof of Theorem 3.5, item 2", source="003 proof of Theorem 3.5",
    statement=(r"$bel_x(R) \le \alpha' \Rightarrow pl_x(R^c) \le 1 - \alpha'; \quad bel_{x'}(R) \ge e^{-\epsilon} "
               r"bel_x(R) \ge \alpha' e^{-\epsilon}$"),
    domain=(r"$\epsilon$-SLDP evidential mechanisms on finite alphabets, every pair $(x, x')$, regions $R$, $\alpha' "
            r"\in [0, 1]$"),
    interpretation="the printed implications of item 2, each inequality checked under the item's assumption",
    premise=r"$Q$ is $\epsilon$-SLDP and $bel_x(R) \le \alpha'$",
    definitions=("SLDP",),
    related={"T3.5.forward": (r"the theorem this step proves (its upper bound $U$): with $bel_x(R) \ge \alpha'$ it "
                              "proves the interval reading, which is the corrected theorem")},
    printed=(r"bel_{x^{\prime}}^{Q}(R)\geq e^{-\epsilon}bel_{x}^{Q}(R)\geq\alpha^{\prime}e^{-\epsilon}",),
))

_STEP_UPPER = {
    "pl_x(R^c) <= 1 - alpha'": ("(1 - al) - (1 - a1)", lambda v: 1 - v["a1"] <= 1 - v["al"]),
    "bel_x'(R) >= e^-eps bel_x(R)": ("a2 - a1/r", lambda v: v["a2"] >= v["a1"] / v["r"]),
    "e^-eps bel_x(R) >= alpha' e^-eps": ("a1/r - al/r", lambda v: v["a1"] >= v["al"]),
}
_UPPER_CORRECTED = (r"$bel_x(R) \ge \alpha' \Rightarrow pl_x(R^c) \le 1 - \alpha'$ and "
                    r"$bel_{x'}(R) \ge e^{-\epsilon} bel_x(R) \ge \alpha' e^{-\epsilon}$")
_ALPHA_GRID = [Fraction(i, 4) for i in range(5)]


def _upper_step(budget: Budget, assumption: str, method: Method, reading: str | None) -> Evidence:
    """Item 2 with the assumption ``"<="`` (printed: bel_x(R) <= alpha') or ``">="`` (corrected)."""
    if method is Method.DECISION:
        extra = ["al >= 0", "al <= 1", "a1 <= al" if assumption == "<=" else "a1 >= al"]
        return region_decision(region_premise("SLDP") + extra,
                               [RegionInequality(name, expr) for name, (expr, _) in _STEP_UPPER.items()],
                               budget=budget, witness={**WITNESS, "al": Fraction(3, 5)}, describe=realized,
                               symbols=("a1", "b1", "a2", "b2", "r", "al"), reading=reading,
                               domain="every eps-SLDP mechanism, pair and region (coarsened), alpha' in [0, 1], r > 1")
    return region_enumeration(budget, premise="SLDP", extra={"al": _ALPHA_GRID}, reading=reading,
                              assumption=(lambda v: v["a1"] <= v["al"]) if assumption == "<=" else (lambda v: v["a1"] >= v["al"]),
                              conclusions={name: test for name, (_, test) in _STEP_UPPER.items()})


@check("T3.5.proof.upper", Method.DECISION)
def _upper_decision(budget: Budget) -> Evidence:
    return with_correction(_upper_step(budget, "<=", Method.DECISION, None), _UPPER_CORRECTED,
                           _upper_step(budget, ">=", Method.DECISION, None), _upper_step(budget, ">=", Method.ENUMERATION, None))


@check("T3.5.proof.upper", Method.ENUMERATION)
def _upper_exhaustive(budget: Budget) -> Evidence:
    return _upper_step(budget, "<=", Method.ENUMERATION, None)


define(Claim(
    id="C3.6.proof.ratio", title=r"proof of Corollary 3.6: $\epsilon$-SLDP bounds $(1-q)/q$ and $(1-p)/p$",
    source="003 proof of Corollary 3.6",
    statement=r"Since $Q$ is $\epsilon$-SLDP, $e^{-\epsilon} \le \frac{1-q}{q}, \frac{1-p}{p} \le e^{\epsilon}$",
    domain=(r"$Q_{2\times 3}(p, q)$, $p > 1/2$, $q > 0$, $p + q \le 1$, $\epsilon > 0$ with $Q_{2\times 3}$ "
            r"$\epsilon$-SLDP"),
    interpretation=r"the four printed inequalities, for every budget at which $Q_{2\times 3}$ is $\epsilon$-SLDP",
    premise=r"$Q_{2\times 3}(p, q)$ is $\epsilon$-SLDP",
    definitions=("SLDP", "WLDP"),
    related={"C3.6.lower": "the corollary this step proves", "C3.6.upper": "the corollary this step proves",
             "epsW": r"$(1-q)/q$ is the WLDP ratio of $Q_{2\times 3}$"},
    printed=(r"e^{-\epsilon}\leq\frac{1-q}{q},\frac{1-p}{p}\leq e^{\epsilon}",),
))

_RATIO = {
    "e^-eps <= (1-q)/q": ("(1 - q)/q - 1/r", lambda v: (1 - v["q"]) / v["q"] >= 1 / v["r"]),
    "(1-q)/q <= e^eps": ("r - (1 - q)/q", lambda v: (1 - v["q"]) / v["q"] <= v["r"]),
    "e^-eps <= (1-p)/p": ("(1 - p)/p - 1/r", lambda v: (1 - v["p"]) / v["p"] >= 1 / v["r"]),
    "(1-p)/p <= e^eps": ("r - (1 - p)/p", lambda v: (1 - v["p"]) / v["p"] <= v["r"]),
}
_RATIO_CORRECTED = (r"if $Q_{2\times 3}$ is $\epsilon$-WLDP (not SLDP): $e^{-\epsilon} \le \frac{1-q}{q}, "
                    r"\frac{1-p}{p} \le e^{\epsilon}$; $\epsilon$-SLDP gives $e^{-\epsilon} \le \frac{p}{q} \le "
                    r"e^{\epsilon}$")


def _q2x3_premise(notion: str) -> list[str]:
    """Q_2x3(p, q) is the two-label mechanism of the coarsening with R = {yes}: a1 = p, b1 = q, a2 = q, b2 = p."""
    return q2x3_premise(notion) + ["p > 1/2", "q > 0"]


def _ratio_step(budget: Budget, notion: str, method: Method) -> Evidence:
    if method is Method.DECISION:
        return region_decision(_q2x3_premise(notion), [RegionInequality(n, e) for n, (e, _) in _RATIO.items()], budget=budget,
                               witness={"p": Fraction(3, 5), "q": Fraction(1, 5), "r": Fraction(4)}, symbols=("p", "q", "r"),
                               domain=f"Q_2x3(p, q), p > 1/2, q > 0, p + q <= 1, every r > 1 with Q_2x3 eps-{notion}")
    return q2x3_enumeration(budget, premise=notion, assumption=lambda v: v["p"] > Fraction(1, 2), extra={},
                            conclusions={n: test for n, (_, test) in _RATIO.items()})


@check("C3.6.proof.ratio", Method.DECISION)
def _ratio_decision(budget: Budget) -> Evidence:
    return with_correction(_ratio_step(budget, "SLDP", Method.DECISION), _RATIO_CORRECTED,
                           _ratio_step(budget, "WLDP", Method.DECISION), _ratio_step(budget, "WLDP", Method.ENUMERATION))


@check("C3.6.proof.ratio", Method.ENUMERATION)
def _ratio_exhaustive(budget: Budget) -> Evidence:
    return _ratio_step(budget, "SLDP", Method.ENUMERATION)


define(Claim(
    id="C3.6.proof.chain", title="proof of Corollary 3.6: the chain of inequalities in $p$",
    source="003 proof of Corollary 3.6",
    statement=(r"$p \ge \frac{2 - e^{\epsilon}}{e^{\epsilon}+1},\quad (2-p)p \le e^{2\epsilon}(1-p^2),\quad p^2 \le "
               r"1 - e^{-2\epsilon}[1-(1-p)^2] \le 1 - (1-x)e^{-2\epsilon}$"),
    domain=(r"$Q_{2\times 3}(p, q)$, $p > 1/2$, $q > 0$, $p + q \le 1$, $Q_{2\times 3}$ $\epsilon$-SLDP; $x \in [0, "
            r"1]$ (printed $x$ for $\alpha$)"),
    interpretation=("each printed step checked separately under the corollary's hypotheses and the proof's case "
                    r"assumption $(1-p)^2 \le \alpha$ ('If $(1-p)^2 \le \alpha$, then ...'), $x$ read as $\alpha$"),
    premise=r"$Q_{2\times 3}(p, q)$ is $\epsilon$-SLDP and $(1-p)^2 \le \alpha$",
    definitions=("SLDP",),
    related={"C3.6.lower": "the corollary this chain proves", "C3.6.upper": "the corollary this chain proves"},
    printed=(r"p\geq\frac{2-e^{\epsilon}}{e^{\epsilon}+1}",
             r"(2-p)p\leq e^{2\epsilon}(1-p^{2})",
             r"p^{2}\leq 1-e^{-2\epsilon}[1-(1-p)^{2}]"),
))

_CHAIN = {
    "p >= (2 - e^eps)/(e^eps + 1)": ("p - (2 - r)/(r + 1)", lambda v: v["p"] >= (2 - v["r"]) / (v["r"] + 1)),
    "(2 - p)p <= e^2eps (1 - p^2)": ("r**2*(1 - p**2) - (2 - p)*p",
                                     lambda v: (2 - v["p"]) * v["p"] <= v["r"] ** 2 * (1 - v["p"] ** 2)),
    "p^2 <= 1 - e^-2eps [1 - (1-p)^2]": ("1 - (1 - (1 - p)**2)/r**2 - p**2",
                                         lambda v: v["p"] ** 2 <= 1 - (1 - (1 - v["p"]) ** 2) / v["r"] ** 2),
    "1 - e^-2eps [1 - (1-p)^2] <= 1 - (1 - x)e^-2eps": ("(1 - (1 - x)/r**2) - (1 - (1 - (1 - p)**2)/r**2)",
                                                        lambda v: 1 - (1 - (1 - v["p"]) ** 2) / v["r"] ** 2
                                                        <= 1 - (1 - v["x"]) / v["r"] ** 2),
}


@check("C3.6.proof.chain", Method.DECISION)
def _chain_decision(budget: Budget) -> Evidence:
    return region_decision(_q2x3_premise("SLDP") + ["x >= 0", "x <= 1", "(1 - p)**2 <= x"],
                           [RegionInequality(n, e) for n, (e, _) in _CHAIN.items()], budget=budget,
                           witness={"p": Fraction(3, 5), "q": Fraction(1, 5), "r": Fraction(4), "x": Fraction(1, 2)},
                           symbols=("p", "q", "r", "x"),
                           domain="Q_2x3(p, q), p > 1/2, q > 0, p + q <= 1, every r > 1 with Q_2x3 eps-SLDP, "
                                  "x in [0, 1] with (1-p)^2 <= x")


@check("C3.6.proof.chain", Method.ENUMERATION)
def _chain_exhaustive(budget: Budget) -> Evidence:
    return q2x3_enumeration(budget, premise="SLDP", extra={"x": [Fraction(i, 8) for i in range(9)]},
                            assumption=lambda v: v["p"] > Fraction(1, 2) and (1 - v["p"]) ** 2 <= v["x"],
                            conclusions={n: test for n, (_, test) in _CHAIN.items()})
