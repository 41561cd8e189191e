"""Claims of 003 §3.1 on SLDP itself: Lemma 3.2 and the remark after it, Lemmas 3.3 (composition) and 3.4
(post-processing) with the push-forward step of its proof. The reduction to standard LDP (D3.1.bayesian) is
in :mod:`catalog.claims.sldp_bayesian`, the SLDP loss of Q_{2×3} (epsS, stated in §3.2) in
:mod:`catalog.claims.sldp_loss`.

Source: ``003_c07100d0f17e2eef.txt``. Every notion is read from :mod:`numeric.definitions.ldp` (readings
``SLDP``, ``bel loss``, ``pl loss``, ``LDP``); the shared shapes (termwise lemma, composition,
post-processing, Q_{2×3} closed forms) from :mod:`catalog.engines.privacy_lemmas`; whole-domain arguments
from :mod:`proofs.engines.argument`. Conventions for every claim here: ratios read multiplicatively
(0/0 no constraint, c/0 = +∞), zero masses allowed, "Q is ε-SLDP" checked at Q's own loss (see
:data:`catalog.engines.privacy_lemmas.BUDGET_RULE`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction


from numeric import grids, strategies
from numeric.definitions import ldp
from numeric.mechanisms import Mechanism, evidential_q2x3
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Correction, Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas
from catalog.engines.belief_steps import PULLBACK, mixture_coefficient_step, termwise_step
from catalog.engines.mass_steps import pushforward_steps
from proofs.engines.argument import argument, arithmetic, sets
from proofs.engines.methods import exhaustive

_SLDP_PREMISE = "the premise gives a_B = m_x(B) <= r m_x'(B) = r b_B for every focal set B (Q ε-SLDP, r = e^ε)"
_PAPER_Q = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))  # 003 §3.2's example: r_S = 3, r_pl = 2, r^W = 4


def _mechanism_grid(budget: Budget) -> tuple[list[Mechanism], str]:
    """2-input mechanisms on 2 labels (masses multiples of 1/d2) and on 3 labels (1/d3), zeros allowed, and
    those with every subset focal (the paper's assumption; finite losses) on 2 and 3 labels."""
    d2, d3, f3 = 2 + budget.grid // 4, 1 + budget.grid // 16, 7 + budget.grid // 8
    two, three = grids.mechanisms(2, d2), grids.mechanisms(3, d3)
    focal = grids.mechanisms(2, 5, all_focal=True) + grids.mechanisms(3, f3, all_focal=True)
    return two + three + focal, (
        f"every 2-input mechanism on a 2-label frame with masses in multiples of 1/{d2} ({len(two)}) and on a 3-label "
        f"frame with multiples of 1/{d3} ({len(three)}), zero masses allowed; and every one with all subsets focal "
        f"on 2 labels (multiples of 1/5) and 3 labels (1/{f3}) ({len(focal)}); exact")


_RANDOM = strategies.mechanisms(max_labels=4, all_focal=None)
_RANDOM_TEXT = ("random exact mechanisms: 2-3 inputs, frames of 1-4 labels, rows generic/sparse/Bayesian/vacuous; "
                "in three of four every subset focal (the paper's assumption)")


def _sldp_premise(Q: Mechanism) -> bool:
    return lemmas.finite(ldp.worst(Q, "SLDP").ratio)


# ==========================================================================================================
# L3.2 and the remark after it
# ==========================================================================================================
define(Claim(
    id="L3.2", title="SLDP bounds the bel and pl losses", source="003 Lemma 3.2",
    printed=(r"-\epsilon\leq\epsilon^{Q}_{bel,S}\leq\epsilon",),
    statement=(r"If privacy mechanism $Q$ is $\epsilon$-SLDP, then "
               r"$-\epsilon\leq\epsilon^{Q}_{bel,S}\leq\epsilon$ and "
               r"$-\epsilon\leq\epsilon^{Q}_{pl,S}\leq\epsilon$"),
    domain=r"evidential mechanisms $Q$ with finitely many inputs and a finite output frame; $\epsilon > 0$",
    assumptions=("zero masses allowed (the paper's 'all subsets are focal' is a sub-domain)",),
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    r". Checked: $e^{-\epsilon_S} \le r_{bel} \le e^{\epsilon_S}$, same for $r_{pl}$"),
    premise=r"$Q$ is $\epsilon$-SLDP",
    definitions=("SLDP", "bel loss", "pl loss"),
))

_BEL_STEP = termwise_step("bel_x(E)", "[B ⊆ E]", _SLDP_PREMISE)
_PL_STEP = termwise_step("pl_x(E)", "[B ∩ E ≠ ∅]", _SLDP_PREMISE)
_WHOLE_FRAME = (
    sets("every focal set lies in Ω and meets Ω", "implies(B != {}, B <= (A | ~A) and B & (A | ~A) != {})",
         declare={"A": "set Y", "B": "set Y"},
         because="so bel_x(Ω) = pl_x(Ω) = Σ_B m_x(B) = 1 for every x: the ratios at E = Ω are 1, r_bel, r_pl >= 1 "
                 "and ε_bel, ε_pl >= 0 >= -ε (the lower bounds)"),
)


def _l3_2_holds(Q: Mechanism) -> tuple[bool, dict]:
    r_s, r_bel, r_pl = (ldp.worst(Q, name).ratio for name in ("SLDP", "bel loss", "pl loss"))
    info = {"r_S": lemmas.shown(r_s), "r_bel": lemmas.shown(r_bel), "r_pl": lemmas.shown(r_pl)}
    if not lemmas.finite(r_s):
        return True, info
    return all(1 <= r_s * r for r in (r_bel, r_pl)) and r_bel <= r_s and r_pl <= r_s, info


@check("L3.2", "decision")
def _l3_2_argument(budget: Budget) -> Evidence:
    """bel_x(E) and pl_x(E) are sums of masses with 0/1 coefficients that do not depend on x, so SLDP's
    termwise bound m_x(B) <= e^ε m_x'(B) passes to them (upper bounds); E = Ω gives the ratio 1 (lower bounds)."""
    return argument((_BEL_STEP, _PL_STEP) + _WHOLE_FRAME, timeout=budget.timeout,
                    facts=[("Q_{2x3}(3/5, 1/5) is ln 3-SLDP (the premise can hold)", ldp.is_sldp(_PAPER_Q, 3))],
                    premise_cases=1, domain="every evidential mechanism on every finite frame, every ε > 0")


@check("L3.2", "enumeration")
def _l3_2_grid(budget: Budget) -> Evidence:
    """1/r_S <= r_bel, r_pl <= r_S on every grid mechanism where r_S is finite (the premise at ε = ε_S)."""
    mechs, text = _mechanism_grid(budget)
    return exhaustive(({"Q": Q} for Q in mechs), lambda c: _l3_2_holds(c["Q"]), domain=text,
                      premise=lambda c: _sldp_premise(c["Q"]))


@check("L3.2", "property")
def _l3_2_random(budget: Budget) -> Evidence:
    """The same on random mechanisms (a cross-check of numeric.definitions.ldp against the argument)."""
    return lemmas.search(_RANDOM, _l3_2_holds, budget, _RANDOM_TEXT, examples=lemmas.cross_check_examples(budget),
                         premise=_sldp_premise)


define(Claim(
    id="L3.2.remark", title=r"$\epsilon_S \ge \epsilon_{pl}$, and not conversely", source="003 after Lemma 3.2",
    printed=(r"\epsilon^{Q}_{pl,S}\geq\epsilon^{Q}_{S}",),
    statement=(r"$\epsilon^{Q}_{S}\geq\epsilon^{Q}_{pl,S}$. But generally we don't have the converse that "
               r"$\epsilon^{Q}_{pl,S}\geq\epsilon^{Q}_{S}$"),
    domain="evidential mechanisms $Q$ (finite inputs and outputs)",
    interpretation=(lemmas.CONVENTION +
                    r". Two parts: (i) $r_{pl} \le r_S$ for every $Q$; (ii) there is a $Q$ with $r_{pl} < r_S$ (a "
                     "witness is exhibited and re-checked exactly)"),
    definitions=("SLDP", "pl loss"),
    related={"L3.2": r"part (i) is Lemma 3.2's pl bound at $\epsilon = \epsilon_S$"},
))


def _remark_holds(Q: Mechanism) -> tuple[bool, dict]:
    r_s, r_pl = ldp.worst(Q, "SLDP").ratio, ldp.worst(Q, "pl loss").ratio
    return (not lemmas.finite(r_s)) or r_pl <= r_s, {"r_S": lemmas.shown(r_s), "r_pl": lemmas.shown(r_pl)}


@check("L3.2.remark", "decision")
def _remark_argument(budget: Budget) -> Evidence:
    """Part (i) by Lemma 3.2's termwise argument at r = r_S; part (ii) by the exact witness Q_{2x3}(3/5, 1/5)."""
    r_pl, r_s = ldp.pl_ratio(_PAPER_Q), ldp.sldp_ratio(_PAPER_Q)
    return argument((_PL_STEP,), timeout=budget.timeout,
                    facts=[(f"Q_{{2x3}}(3/5, 1/5): r_pl = {r_pl} < {r_s} = r_S (part ii)", r_pl < r_s)],
                    domain="part (i): every evidential mechanism on every finite frame; part (ii): the witness")


@check("L3.2.remark", "enumeration")
def _remark_grid(budget: Budget) -> Evidence:
    """Part (i) on the grid; part (ii): the first grid mechanism with ε_pl < ε_S."""
    mechs, text = _mechanism_grid(budget)
    evidence = exhaustive(({"Q": Q} for Q in mechs), lambda c: _remark_holds(c["Q"]), domain=text)
    witness = next((Q for Q in mechs if lemmas.finite(Q.ratio_shafer()) and Q.ratio_pl() < Q.ratio_shafer()), None)
    shown = {"Q": witness.to_json(), "eps_pl": str(witness.epsilon_pl()), "eps_S": str(witness.epsilon_shafer())} \
        if witness is not None else "none on this grid"
    return replace(evidence, detail={**evidence.detail, "witness (first found)": shown,
                                     "witness Q_{2x3}(3/5, 1/5)": {"eps_pl": str(_PAPER_Q.epsilon_pl()),
                                                                   "eps_S": str(_PAPER_Q.epsilon_shafer())},
                                     "note": "for Q_{2x3}: r_pl = (1-q)/(1-p) < p/q = r_S iff (p-q)(1-p-q) > 0"})


@check("L3.2.remark", "property")
def _remark_random(budget: Budget) -> Evidence:
    """Part (i), r_pl <= r_S, on random mechanisms (a cross-check of the argument)."""
    return lemmas.search(_RANDOM, _remark_holds, budget, "part (i): " + _RANDOM_TEXT,
                         examples=lemmas.cross_check_examples(budget))


# ==========================================================================================================
# L3.3, L3.4: composition and post-processing
# ==========================================================================================================
define(Claim(
    id="L3.3", title="SLDP composition", source="003 Lemma 3.3",
    printed=(r"\epsilon_{1}+\epsilon_{2}-SLDP",),
    statement=(r"$Q_{1}\ \epsilon_{1}$-SLDP, $Q_{2}\ \epsilon_{2}$-SLDP $\Rightarrow Q_{1,2}(x)=(Q_{1}(x),Q_{2}(x))$ "
               r"is $\epsilon_{1}+\epsilon_{2}$-SLDP"),
    domain=(r"pairs of evidential mechanisms on the same inputs $X$, outputs $Y_1$, $Y_2$ finite; $\epsilon_1, "
            r"\epsilon_2 > 0$"),
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    r". $Q_{1,2}(x)$ is the product of the independent random sets: focal sets $E_1 \times E_2$ "
                     r"with mass $m^1_x(E_1)\, m^2_x(E_2)$ (the identity in the appendix proof); $r_S$ of $Q_{1,2}$ "
                     r"is taken over all subsets of $Y_1 \times Y_2$ (non-rectangles have mass 0 in every row, "
                     r"$0/0$). Checked: $r_S(Q_{1,2}) \le r_S(Q_1)\, r_S(Q_2)$"),
    premise=r"$Q_1$ is $\epsilon_1$-SLDP and $Q_2$ is $\epsilon_2$-SLDP",
    definitions=("SLDP",),
))

_PRODUCT_SETS = {"E1": "set Y1", "F1": "set Y1", "E2": "set Y2", "F2": "set Y2", "G": "set Y1"}


@check("L3.3", "decision")
def _l3_3_argument(budget: Budget) -> Evidence:
    """A rectangle with non-empty sides determines its sides, so the product row's mass on E1 × E2 is exactly
    m1_x(E1) m2_x(E2) (and 0 off rectangles, a 0/0 ratio); the product of the two termwise bounds bounds it."""
    steps = (
        sets("a rectangle E1 × E2 with non-empty sides determines E1 and E2",
             "implies(E1 != {} and E2 != {}, iff(product(E1, E2) == product(F1, F2), E1 == F1 and E2 == F2))",
             declare=_PRODUCT_SETS,
             because="so each focal set of Q_{1,2}(x) comes from one pair (E1, E2): m^{12}_x(E1 × E2) = m1_x(E1) "
                     "m2_x(E2); every other subset of Y1 × Y2 has mass 0 in every row (no constraint)"),
        arithmetic("the product of the two bounds: a1 a2 <= r1 r2 b1 b2",
                   "r1*r2*b1*b2 - a1*a2", hypotheses=["a1 >= 0", "a2 >= 0", "b1 >= 0", "b2 >= 0",
                                                       "r1*b1 - a1 >= 0", "r2*b2 - a2 >= 0"],
                   symbols=("a1", "a2", "b1", "b2", "r1", "r2"),
                   because="a_i = m_i,x(E_i) <= r_i m_i,x'(E_i) = r_i b_i (Q_i ε_i-SLDP, r_i = e^ε_i); "
                           "so r_S(Q_{1,2}) <= r1 r2 = e^(ε1+ε2)"),
    )
    return argument(steps, timeout=budget.timeout, premise_cases=1,
                    facts=[("Q_{2x3}(3/5, 1/5) is ln 3-SLDP, so (Q, Q) satisfies the premise", ldp.is_sldp(_PAPER_Q, 3))],
                    domain="every pair of evidential mechanisms on every pair of finite frames, every ε1, ε2 > 0")


@check("L3.3", "enumeration")
def _l3_3_cases(budget: Budget) -> Iterable[Evidence]:
    """r_S(Q_{1,2}) <= r_S(Q1) r_S(Q2), the products built by Mechanism.compose, on random pairs and on the pair
    grid (a cross-check of the argument on the toolkit's product of random sets)."""
    return lemmas.composition_evidence(
        "SLDP", budget, positive_singletons=False, examples=lemmas.cross_check_examples(budget),
        strategy=strategies.mechanism_pairs(max_labels=3, max_product_labels=6, positive_singletons=False, all_focal=None),
        strategy_text="random exact pairs (Q1, Q2): 2-3 inputs, |Y1|, |Y2| <= 3, |Y1||Y2| <= 6, in three of four "
                      "every subset focal")


define(Claim(
    id="L3.4", title="SLDP post-processing", source="003 Lemma 3.4",
    printed=(r"\epsilon-SLDP mechanism from X",),
    statement=(r"$Q\ \epsilon$-SLDP, $f$ a randomized algorithm from $Y$ to $Z \Rightarrow f\circ Q$ is an "
               r"$\epsilon$-SLDP mechanism from $X$ to $Z$"),
    domain=r"evidential mechanisms $Q$ (finite), maps $f: Y \to Z$ with $Z$ finite; $\epsilon > 0$",
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    r". $f\circ Q$ sends each row's random set $B$ to its image: deterministic $f$ gives $f(B)$, "
                     r"$m^{f\circ Q}_x(F) = \sum_{f(B)=F} m_x(B)$; a randomized $f$ is a data-independent mixture of "
                     "deterministic maps (primary reading; a kernel applied to each element is the mixture with "
                     r"weights $\prod_y K(f(y) \mid y)$, so the proof covers it). Checked: $r_S(f\circ Q) \le r_S(Q)$"),
    readings=("deterministic f only (the case the appendix proves)",
              "per-element randomization: each y in E sent independently by a kernel K(z|y)"),
    premise=r"$Q$ is $\epsilon$-SLDP",
    definitions=("SLDP",),
    related={"L3.4.proof.pushforward": "the proof's first step, which misstates the push-forward"},
))


@check("L3.4", "decision")
def _l3_4_argument(budget: Budget) -> Evidence:
    """m^{f∘Q}_x(F) = Σ_B c_B m_x(B) with c_B = Σ_k w_k [f_k(B) = F] >= 0, the same for every input: the
    termwise lemma gives m^{f∘Q}_x(F) <= e^ε m^{f∘Q}_x'(F)."""
    steps = (mixture_coefficient_step("c_B = Σ_k w_k [f_k(B) = F]"),
             termwise_step("m^{f∘Q}_x(F)", "Σ_k w_k [f_k(B) = F]", _SLDP_PREMISE))
    return argument(steps, timeout=budget.timeout, premise_cases=1,
                    facts=[("Q_{2x3}(3/5, 1/5) is ln 3-SLDP (the premise can hold)", ldp.is_sldp(_PAPER_Q, 3))],
                    domain="every evidential mechanism on every finite frame, every data-independent mixture of maps "
                           "into every finite Z (deterministic maps and per-element kernels included), every ε > 0")


@check("L3.4", "enumeration")
def _l3_4_cases(budget: Budget) -> Iterable[Evidence]:
    """r_S(f∘Q) <= r_S(Q) for mixtures of maps (random and grid), and the two alternative readings (one
    deterministic map; a kernel per element) by random search, reported beside the verdict."""
    yield from lemmas.post_processing_evidence(
        "SLDP", budget, positive_singletons=False, examples=lemmas.cross_check_examples(budget),
        strategy=strategies.post_processings(all_focal=None), strategy_text=(
            "random exact mechanisms (2-3 inputs, |Y| <= 4, in three of four every subset focal) and mixtures of 1-3 "
            "deterministic maps into Z of 1-3 labels"))
    few = lemmas.reading_examples(budget)
    for kind, name in (("map", "deterministic f only (the case the appendix proves)"),
                       ("kernel", "per-element randomization: each y in E sent independently by a kernel K(z|y)")):
        yield replace(lemmas.search(strategies.post_processings(kind=kind, all_focal=None),
                                    lambda c: lemmas.post_processing_case(c, "SLDP"),
                                    budget, f"random exact mechanisms and {kind}s into Z of 1-3 labels", examples=few,
                                    describe=lemmas.describe_post,
                                    premise=lambda c: lemmas.post_processing_premise(c, "SLDP")), reading=name)


define(Claim(
    id="L3.4.proof.pushforward", title=(r"proof of Lemma 3.4: the mass of $f\circ Q$ is the push-forward of the mass "
                                        "of $Q$"),
    printed=(r"m_{x}^{f\circ Q}(E)=m_{x}^{Q}(f^{-1}(E))",),
    source="003 proof of Lemma 3.4",
    statement=r"$m_x^{f \circ Q}(E) = m_x^Q(f^{-1}(E))$",
    domain=(r"evidential mechanisms $Q: X \to 2^Y$, deterministic maps $f: Y \to Z$ (the case the proof treats), $E "
            r"\subseteq Z$"),
    interpretation=(r"$f^{-1}(E) = \{y \in Y : f(y) \in E\} \subseteq Y$, the preimage of an event, as in the "
                    r"probabilistic proof the text follows (Dwork and Roth, Proposition 2.1: $P^{f\circ Q}(E) = "
                    r"P^Q(f^{-1}(E))$); $f\circ Q$ carries the focal set $B$ to its image $f(B)$, so $m^{f\circ "
                    r"Q}_x(E) = \sum_{B: f(B) = E} m^Q_x(B)$ (the image of a mass function in numeric.belief)"),
    readings=("f^{-1}(E) = {B ⊆ Y : f(B) = E}, the preimage under the induced set map, m summed over it",),
    definitions=("SLDP",),
    related={"L3.4": "the lemma this step proves"},
))

_SET_MAP = "f^{-1}(E) = {B ⊆ Y : f(B) = E}, the preimage under the induced set map, m summed over it"


def _pushforward_case(Q: Mechanism, f: dict, codomain: tuple) -> tuple[bool, dict]:
    """m^{f∘Q}_x(E) against m_x(f^{-1}(E)) for every input x and event E ⊆ Z (exact)."""
    image = Q.post_process(f, codomain)
    for x in Q.inputs:
        for mask in range(1, 1 << len(codomain)):
            event = image.frame_subset(mask)
            preimage = frozenset(y for y in Q.frame if f[y] in event)
            lhs, rhs = image[x].m(event), (Q[x].m(preimage) if preimage else Fraction(0))
            if lhs != rhs:
                return False, {"Q": Q.to_json(), "f": {str(y): z for y, z in f.items()}, "Z": list(codomain), "x": x,
                               "E": sorted(map(str, event)), "f^{-1}(E)": sorted(map(str, preimage)),
                               "lhs": lhs, "rhs": rhs}
    return True, {}


def _set_map_case(Q: Mechanism, f: dict, codomain: tuple) -> tuple[bool, dict]:
    """The alternative reading (and the corrected step): Σ_{B: f(B) = E} m_x(B), summed naively, equals
    m^{f∘Q}_x(E), and bel, pl of f∘Q pull back: bel^{f∘Q}_x(E) = bel_x(f^{-1}E), pl likewise."""
    image = Q.post_process(f, codomain)
    for x in Q.inputs:
        for mask in range(1, 1 << len(codomain)):
            event = image.frame_subset(mask)
            preimage = frozenset(y for y in Q.frame if f[y] in event)
            summed = sum((v for B, v in Q[x].masses.items() if frozenset(f[y] for y in B) == event), Fraction(0))
            pulled = (Q[x].bel(preimage), Q[x].pl(preimage)) if preimage else (Fraction(0), Fraction(0))
            if summed != image[x].m(event) or pulled != (image[x].bel(event), image[x].pl(event)):
                return False, {"x": x, "E": sorted(map(str, event)), "lhs": image[x].m(event), "rhs": summed}
    return True, {}


def _all_focal(Q: Mechanism) -> bool:
    """Every non-empty subset of the frame has positive mass in every row (003 §2: 'all subsets are focal')."""
    return all(len(Q[x].focal_sets()) == (1 << len(Q.frame)) - 1 for x in Q.inputs)


def _pushforward_grid(budget: Budget) -> list[dict]:
    """The grid, mechanisms with every subset focal first: 003 §2 assumes it 'without further notice', so the
    first counterexample lies in that printed domain (zero masses are the wider domain of the claim)."""
    d2, d3 = 2 + budget.grid // 4, 1 + budget.grid // 16
    mechanisms = grids.mechanisms(2, d2) + grids.mechanisms(3, d3)[::4]
    out = []
    for Q in sorted(mechanisms, key=lambda Q: not _all_focal(Q)):
        out += [{"Q": Q, "f": f, "Z": ("z0", "z1")} for f in grids.maps(Q.frame, ("z0", "z1"))]
    return out


def _correction(budget: Budget) -> Correction:
    """m^{f∘Q}_x(E) = Σ_{B: f(B)=E} m_x(B); bel and pl pull back along f^{-1}; the lemma's inequality follows
    termwise. Evidence: the set steps decided by z3 and the termwise lemma (decision); the grid (enumeration)."""
    argument_steps = PULLBACK + (termwise_step("Σ_{B: f(B)=E} m_x(B)", "[f(B) = E]", _SLDP_PREMISE),)
    cases = _pushforward_grid(budget)
    return Correction(
        statement=(r"$m_x^{f\circ Q}(E)=\sum_{B\subseteq Y:\ f(B)=E} m_x^Q(B)$ (so $bel_x^{f\circ Q}(E)="
                   r"bel_x^Q(f^{-1}(E))$, $pl_x^{f\circ Q}(E)=pl_x^Q(f^{-1}(E))$) $\le e^{\epsilon}\sum_{f(B)=E} "
                   r"m_{x'}^Q(B)=e^{\epsilon} m_{x'}^{f\circ Q}(E)$"),
        evidence=(argument(argument_steps, timeout=budget.timeout, domain="every mechanism, every deterministic f: Y -> Z, "
                                                                  "every finite Y, Z"),
                  exhaustive(cases, lambda c: _set_map_case(c["Q"], c["f"], c["Z"]),
                             domain=f"the grid of the refutation ({len(cases)} cases); exact")))


@check("L3.4.proof.pushforward", "enumeration")
def _pushforward_grid_check(budget: Budget) -> Iterable[Evidence]:
    """The printed identity on every grid mechanism and every map into {z0, z1}; the first failure is the
    counterexample (a constant map: the image of every focal set is {z0}, so m^{f∘Q}_x(Z) = 0, while
    f^{-1}(Z) = Y has mass m_x(Y) > 0 when every subset is focal)."""
    cases = _pushforward_grid(budget)
    text = f"2-input grid mechanisms on 2 and 3 labels, every map f: Y -> {{z0, z1}} ({len(cases)} cases), every E; exact"
    failing: list[tuple[dict, dict]] = []

    def case(c: dict) -> tuple[bool, dict]:
        ok, info = _pushforward_case(c["Q"], c["f"], c["Z"])
        failing.extend([] if ok else [(c, info)])
        return ok, info

    refuted = exhaustive(cases, case, domain=text)
    if failing:  # for a proof certificate: both sides from the counterexample's masses
        (c, info), = failing
        refuted = replace(refuted, steps=pushforward_steps(c["Q"], c["f"], info["x"], info["E"], c["Z"]))
    yield replace(refuted, corrected=_correction(budget)) if refuted.counterexample else refuted
    yield exhaustive(cases, lambda c: _set_map_case(c["Q"], c["f"], c["Z"]), domain=text, reading=_SET_MAP)


@check("L3.4.proof.pushforward", "property")
def _pushforward_random(budget: Budget) -> Evidence:
    """The printed identity on random mechanisms and deterministic maps: the search shrinks to a minimal
    exact counterexample."""
    return lemmas.search(strategies.post_processings(kind="map"), lambda c: _pushforward_case(c[0], c[1][0][1], c[2]),
                         budget, "random exact mechanisms (2-3 inputs, |Y| <= 4) and deterministic maps into Z of 1-3 "
                         "labels",
                         describe=lambda c: {})
