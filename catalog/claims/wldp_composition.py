"""Claims of 003 §3.2 on composing WLDP mechanisms: Lemma 3.15 (composition) and Lemma 3.16
(post-processing) with the credal push-forward step of its proof.

Readings and conventions as in :mod:`catalog.claims.wldp` (primary reading ``WLDP`` over every ordered pair,
``WLDP: distinct pairs`` beside it; ratios read multiplicatively; "Q is ε-WLDP" checked at Q's own loss).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction


from numeric import strategies
from numeric.definitions import ldp
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas
from catalog.engines.belief_steps import (ATTAINMENT, ATTAINMENT_NOTE, ENVELOPE, MONOTONE, PULLBACK,
                                         WLDP_CHAIN, WLDP_LOWER, WLDP_UPPER, mixture_coefficient_step, termwise_step)
from proofs.engines.argument import argument, arithmetic, sets
from proofs.engines.methods import exhaustive
from numeric.belief import kernel_as_mixture
from catalog.claims.wldp import DISTINCT, PAPER_Q, WITNESS, wldp_premise


# ==========================================================================================================
# L3.15, L3.16: composition and post-processing
# ==========================================================================================================
define(Claim(
    id="L3.15", title="WLDP composition", source="003 Lemma 3.15",
    printed=(r"\epsilon_{1}+\epsilon_{2}-WLDP",),
    statement=(r"$Q_{1}\ \epsilon_{1}$-WLDP, $Q_{2}\ \epsilon_{2}$-WLDP $\Rightarrow Q_{1,2}(x)=(Q_{1}(x),Q_{2}(x))$ "
               r"is $\epsilon_{1}+\epsilon_{2}$-WLDP"),
    domain=(r"pairs of evidential mechanisms on the same inputs $X$, outputs $Y_1$, $Y_2$ finite; $\epsilon_1, "
            r"\epsilon_2 > 0$"),
    interpretation=(f"{lemmas.CONVENTION}; {lemmas.BUDGET_RULE}. $Q_{{1,2}}(x)$ is the product of independent random "
                    "sets (focal sets $E_1 \\times E_2$, mass $m^1_x(E_1) m^2_x(E_2)$, as in the proof of Lemma 3.3); "
                    "its credal set is that of this mass function on $Y_1 \\times Y_2$ (it contains non-product "
                    "distributions), and $r^W(Q_{1,2})$ is the max of $pl/bel$ over all subsets of $Y_1 \\times Y_2$, "
                    "not only rectangles. Checked: $r^W(Q_{1,2}) \\le r^W(Q_1) r^W(Q_2)$. The proof: $r^W(Q)$ is the "
                    "largest $pl_x(\\{y\\})/m_{x'}(\\{y\\})$ over $x, x'$ and outputs $y$ ($pl_x(G) \\le \\sum_{y \\in G} "
                    "pl_x(\\{y\\})$, $\\sum_{y \\in G} m_{x'}(\\{y\\}) \\le bel_{x'}(G)$, the mediant inequality, and "
                    "$G = \\{y\\}$ attains it), and $pl$ and $m$ of a singleton $\\{(y_1, y_2)\\}$ factorise over the "
                    "product"),
    readings=(DISTINCT,),
    premise=r"$Q_1$ is $\epsilon_1$-WLDP and $Q_2$ is $\epsilon_2$-WLDP",
    definitions=("WLDP", DISTINCT),
    related={"L3.3": "the SLDP composition whose proof the appendix calls similar"},
))

_PAIRS = strategies.mechanism_pairs(max_labels=3, max_product_labels=6, positive_singletons=None)
_PAIRS_TEXT = ("random exact pairs (Q1, Q2): 2-3 inputs, |Y1|, |Y2| <= 3, |Y1||Y2| <= 6, half with positive singleton "
               "masses (finite losses); every event of Y1 × Y2")


_SINGLETON_SETS = {"B": "set Y", "G": "set Y", "S": "set Y", "a": "element Y", "b": "element Y", "c": "element Y"}
_RECTANGLES = {"A1": "set Y1", "E1": "set Y1", "A2": "set Y2", "E2": "set Y2"}
_SINGLETON_BOUND = "pl_x({y}) <= r m_x'({y}) for every output y (and every counted pair)"
#: r^W(Q) is the largest pl_x({y})/m_x'({y}): the steps, valid on every frame (their sets have arbitrary sorts)
SINGLETONS = (
    sets("B meets G iff some element of G lies in B", "iff(B & G != {}, exists(a, a in G and a in B))",
         declare=_SINGLETON_SETS,
         because="so [B ∩ G ≠ ∅] <= Σ_{y ∈ G} [y ∈ B] (the sum counts such an element at least once); summed "
                 "against m_x(B) >= 0 (the monotone-sum step), pl_x(G) <= Σ_{y ∈ G} pl_x({y})"),
    sets("the set {a} of an element a of G lies inside G", "implies(forall(b, iff(b in S, b == a)) and a in G, S <= G)",
         declare=_SINGLETON_SETS, because="every singleton {y}, y ∈ G, is one of the B ⊆ G that bel_x'(G) sums over"),
    sets("{a} = {c} only if a = c", "implies(forall(b, iff(b in S, b == a)) and forall(b, iff(b in S, b == c)), a == c)",
         declare=_SINGLETON_SETS,
         because="distinct y give distinct singletons, so Σ_{y ∈ G} m_x'({y}) <= Σ_{B ⊆ G} m_x'(B) = bel_x'(G) "
                 "(masses >= 0: the monotone-sum step)"),
    MONOTONE,
    termwise_step("Σ_{y ∈ G} pl_x({y}) against Σ_{y ∈ G} m_x'({y})", "1", _SINGLETON_BOUND),
    arithmetic("the mediant inequality: pl_x(G) <= r bel_x'(G) for every event G", "r*belG - plG",
               hypotheses=["Spl - plG >= 0", "r*Sm - Spl >= 0", "belG - Sm >= 0", "r >= 0"],
               symbols=("r", "plG", "Spl", "Sm", "belG"),
               because="pl_x(G) <= Σ_{y ∈ G} pl_x({y}) <= r Σ_{y ∈ G} m_x'({y}) <= r bel_x'(G): the bound on "
                       "singletons gives it on every event, so r^W(Q) <= r (the converse of Lemma 3.14)"),
    sets("the only non-empty subset of {a} is {a}", "implies(forall(b, iff(b in S, b == a)) and B != {} and B <= S, B == S)",
         declare=_SINGLETON_SETS,
         because="bel_x'({y}) = m_x'({y}) (normal mass functions: m(∅) = 0), so G = {y} attains: r^W(Q) is the largest "
                 "pl_x({y})/m_x'({y}), and Q_i ε_i-WLDP gives pl_i,x({y}) <= r_i m_i,x'({y}) (Lemma 3.14 at G = {y})"),
)
PRODUCT_SINGLETONS = (
    sets("a focal rectangle E1 × E2 meets the rectangle A1 × A2 iff both sides meet",
         "iff(product(A1, A2) & product(E1, E2) != {}, A1 & E1 != {} and A2 & E2 != {})", declare=_RECTANGLES,
         because="the singleton {(y1, y2)} is the rectangle {y1} × {y2}, so pl^{12}_x({(y1, y2)}) = Σ_{E1, E2} "
                 "m1_x(E1) m2_x(E2) [y1 ∈ E1] [y2 ∈ E2] = pl1_x({y1}) pl2_x({y2}) (a product of two finite sums)"),
    sets("a rectangle with non-empty sides lies inside A1 × A2 iff each side does",
         "implies(E1 != {} and E2 != {}, iff(product(E1, E2) <= product(A1, A2), E1 <= A1 and E2 <= A2))",
         declare=_RECTANGLES,
         because="so bel^{12}_x'({y1} × {y2}) = bel1_x'({y1}) bel2_x'({y2}) = m1_x'({y1}) m2_x'({y2}) = "
                 "m^{12}_x'({(y1, y2)})"),
    arithmetic("the product of the two singleton bounds: a1 a2 <= r1 r2 b1 b2", "r1*r2*b1*b2 - a1*a2",
               hypotheses=["a1 >= 0", "a2 >= 0", "b1 >= 0", "b2 >= 0", "r1*b1 - a1 >= 0", "r2*b2 - a2 >= 0"],
               symbols=("a1", "a2", "b1", "b2", "r1", "r2"),
               because="a_i = pl_i,x({y_i}) <= r_i m_i,x'({y_i}) = r_i b_i (Q_i ε_i-WLDP, r_i = e^ε_i): every singleton "
                       "of Y1 × Y2 satisfies pl^{12}_x <= r1 r2 m^{12}_x', so r^W(Q_{1,2}) <= r1 r2 = e^(ε1+ε2) by the "
                       "mediant steps on the frame Y1 × Y2"),
)


@check("L3.15", "decision")
def _l3_15_argument(budget: Budget) -> Evidence:
    """r^W as the largest singleton ratio pl_x({y})/m_x'({y}) (envelope and attainment for Definition 3.13, the
    mediant inequality, G = {y} attaining it), and pl, m of a singleton of Y1 × Y2 factorise over the product."""
    steps = ENVELOPE + (WLDP_CHAIN,) + ATTAINMENT + (WLDP_UPPER,) + SINGLETONS + PRODUCT_SINGLETONS
    return argument(steps, timeout=budget.timeout, premise_cases=1,
                    facts=[("Q_{2x3}(3/5, 1/5) is ln 4-WLDP, so (Q, Q) satisfies the premise", ldp.is_wldp(PAPER_Q, 4))],
                    detail={"allocations": ATTAINMENT_NOTE},
                    domain="every pair of evidential mechanisms on every pair of finite frames, every ε1, ε2 > 0 "
                           "(reading WLDP: every ordered pair)")


@check("L3.15", "enumeration")
def _l3_15_cases(budget: Budget) -> Iterable[Evidence]:
    """r^W(Q_{1,2}) <= r^W(Q1) r^W(Q2) over every event of Y1 × Y2, on random pairs and on the grid of pairs
    (there r^W also over credal vertices): cross-checks of the argument."""
    yield from lemmas.composition_evidence("WLDP", budget, strategy=_PAIRS, strategy_text=_PAIRS_TEXT,
                                           examples=lemmas.cross_check_examples(budget), positive_singletons=True)


@check("L3.15", "property")
def _l3_15_distinct(budget: Budget) -> Evidence:
    """The same under the distinct-pairs reading (reported beside the verdict)."""
    evidence = lemmas.search(_PAIRS, lambda p: lemmas.composition_case(p, DISTINCT), budget, _PAIRS_TEXT,
                             examples=lemmas.reading_examples(budget), describe=lemmas.describe_pair,
                             premise=lambda p: lemmas.composition_premise(p, DISTINCT))
    return replace(evidence, reading=DISTINCT)


define(Claim(
    id="L3.16", title="WLDP post-processing", source="003 Lemma 3.16",
    printed=(r"\epsilon-WLDP mechanism from X",),
    statement=(r"$Q\ \epsilon$-WLDP, $f$ a data-independent randomized algorithm from $Y$ to $Z \Rightarrow f\circ "
               r"Q$ is an $\epsilon$-WLDP mechanism from $X$ to $Z$"),
    domain=(r"evidential mechanisms $Q$ (finite), data-independent randomized $f: Y \to Z$, $Z$ finite; $\epsilon > "
            "0$"),
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    ". Primary reading: $f$ is a data-independent mixture of deterministic maps, each sending a "
                     "focal set $B$ to its image $f(B)$ (the appendix reduces to deterministic $f$; a kernel applied "
                     r"to each element is such a mixture). Checked: $r^W(f\circ Q) \le r^W(Q)$"),
    readings=("credal image: the credal set of f∘Q(x) is {pr K : pr in P_{bel_x}}, r = max_F upper E_x[K(F|.)] / "
              "lower E_x'[K(F|.)] (Choquet)",),
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP",),
    related={"L3.16.proof.credal-pushforward": "the proof's reduction and push-forward step", "L3.14": "used"},
))

_CREDAL_IMAGE = ("credal image: the credal set of f∘Q(x) is {pr K : pr in P_{bel_x}}, r = max_F upper E_x[K(F|.)] / "
                 "lower E_x'[K(F|.)] (Choquet)")
_MIXTURE = termwise_step(
    "pl^{f∘Q}_x(F) = Σ_k w_k pl_x(f_k^{-1}F) against Σ_k w_k bel_x'(f_k^{-1}F)", "w_k",
    "Lemma 3.14 (steps above) gives a_k = pl_x(f_k^{-1}F) <= r bel_x'(f_k^{-1}F) = r b_k: f_k^{-1}F is an event of Y")


def _credal_image_holds(case: tuple) -> tuple[bool, dict]:
    """The reading 'credal image': for every F ⊆ Z and counted pair, the upper expectation of K(F|.) under x is
    at most r^W(Q) times the lower expectation under x' (Choquet integrals; multiplicative, so 0/0 is free)."""
    Q, kernel, codomain = case
    r = ldp.worst(Q, "WLDP").ratio
    if not lemmas.finite(r):
        return True, {"r^W(Q)": "oo"}
    for mask in range(1, 1 << len(codomain)):
        chosen = [z for i, z in enumerate(codomain) if mask >> i & 1]
        g = {y: sum((kernel[y][z] for z in chosen), Fraction(0)) for y in Q.frame}
        for x, y in ldp.counted_pairs(Q.inputs, "WLDP"):
            upper, lower = Fraction(Q[x].upper_expectation(g)), Fraction(Q[y].lower_expectation(g))
            if upper > r * lower:
                return False, {"F": chosen, "x": x, "x'": y, "upper E_x": upper, "lower E_x'": lower, "r^W(Q)": r}
    return True, {"r^W(Q)": r}


@check("L3.16", "decision")
def _l3_16_argument(budget: Budget) -> Evidence:
    """For each deterministic component pl and bel pull back along f_k^{-1}; Lemma 3.14 bounds each pulled-back
    ratio; the mixture weights combine them termwise; the converse of Lemma 3.14 turns the bounds into WLDP."""
    steps = PULLBACK + ATTAINMENT + (WLDP_UPPER, WLDP_LOWER, mixture_coefficient_step("a weight w_k"), _MIXTURE) \
        + ENVELOPE + (WLDP_CHAIN,)
    return argument(steps, timeout=budget.timeout, facts=WITNESS, premise_cases=1,
                    domain="every evidential mechanism on every finite frame, every data-independent mixture of maps "
                           "into every finite Z (per-element kernels included), every ε > 0")


@check("L3.16", "enumeration")
def _l3_16_cases(budget: Budget) -> Iterable[Evidence]:
    """r^W(f∘Q) <= r^W(Q) for mixtures of maps (random and grid), and the credal-image reading of a kernel
    (Choquet upper/lower expectations) by random search, reported beside the verdict."""
    yield from lemmas.post_processing_evidence(
        "WLDP", budget, positive_singletons=True, examples=lemmas.cross_check_examples(budget),
        strategy=strategies.post_processings(), strategy_text="random exact mechanisms (2-3 inputs, |Y| <= 4) and "
        "mixtures of 1-3 deterministic maps into Z of 1-3 labels")
    kernels = strategies.post_processings(kind="kernel")
    evidence = lemmas.search(kernels, _credal_image_holds, budget, "random exact mechanisms and kernels K(z|y)",
                             examples=lemmas.reading_examples(budget), describe=lemmas.describe_post,
                             premise=lambda c: wldp_premise(c[0]))
    yield replace(evidence, reading=_CREDAL_IMAGE)


define(Claim(
    id="L3.16.proof.credal-pushforward",
    printed=(
        'weak von-Neumann-Birkhoff Lemma',
        r"r^{Q}_{W}=\frac{p_{x}(E)}{p_{x^{\prime}}(E)}",
        r"=max_{x,x^{\prime}\in X,E\subseteq Z}\frac{p_{x}f^{-1}(E)}{p_{x^{\prime}}f^{-1}(E)}",
        r"\leq max_{x,x^{\prime}\in X,E\subseteq Z}\frac{p_{x}(E)}{p_{x^{\prime}}(E)}",
    ),
    title="proof of Lemma 3.16: deterministic maps suffice and the Walley ratio cannot grow",
    source="003 proof of Lemma 3.16",
    statement=(r"$r_W^{f \circ Q} = \max \frac{p_x(f^{-1}E)}{p_{x'}(f^{-1}E)} \le r_W^Q$ (by the weak "
               "von-Neumann–Birkhoff Lemma only deterministic $f$ are needed)"),
    domain=r"evidential mechanisms $Q$ on finite alphabets, post-processing maps $f: Y \to Z$",
    interpretation="Three steps: (a) a kernel $K(z|y)$ is the mixture of the deterministic maps $f$ with weights "
                   "$\\prod_y K(f(y)|y)$ (the 'weak von Neumann-Birkhoff lemma'), and the bound for deterministic $f$ "
                   "gives it for mixtures; (b) for deterministic $f$, $bel$ and $pl$ of $f \\circ Q(x)$ pull back along "
                   "$f^{-1}$, so by the envelope and attainment (on $Q$ and on $f \\circ Q$) $r_W^{f \\circ Q}$ is the "
                   "maximum over $x, x'$, $E \\subseteq Z$ and credal pairs of $Q$ of "
                   "$p_x(f^{-1}E)/p_{x'}(f^{-1}E)$; (c) that is $\\le r_W^Q$ since $f^{-1}E$ is an event of $Y$. "
                   "$p_x, p_{x'}$ range over the credal sets (the catalog's reading; the printed proof fixes them as "
                   "the maximisers of its Eq. (3) and writes $E \\subseteq Z$ in the middle term, where "
                   "$E \\subseteq Y$ is meant). What is proved of the credal sets: the push-forward "
                   "$\\{pr \\circ f^{-1}\\}$ of $\\mathcal P_{bel_x}$ lies inside the credal set of $f \\circ Q(x)$; that it "
                   "is all of it (the equality the proof asserts) is checked on finite cases only, and the proof of "
                   "(b) does not need it.",
    definitions=("WLDP",),
    related={"L3.16": "the lemma this step proves", "L3.14.converse": "$r^W$ as max pl/bel, used in (b)"},
))


def _pushforward_holds(case: tuple) -> tuple[bool, dict]:
    """(b) every credal vertex of f∘Q(x) is the push-forward of a credal vertex of Q(x), and every push-forward
    lies in the credal set of f∘Q(x) (the equality of the credal sets, checked here on finite cases only);
    r^W(f∘Q) = max over F ⊆ Z of pl_x(f^{-1}F)/bel_x'(f^{-1}F) computed on Q; (c) it is <= r^W(Q)."""
    Q, mixture, codomain = case
    f = mixture[0][1]
    image = Q.post_process(f, codomain)
    for x in Q.inputs:
        pushed = {tuple(sum((v[y] for y in Q.frame if f[y] == z), Fraction(0)) for z in codomain)
                  for v in Q[x].credal_vertices()}
        targets = {tuple(v[z] for z in codomain) for v in image[x].credal_vertices()}
        if not targets <= pushed or not all(image[x].in_credal_set(dict(zip(codomain, p))) for p in pushed):
            return False, {"x": x, "vertices of f∘Q(x)": sorted(map(str, targets)),
                           "push-forwards": sorted(map(str, pushed))}
    r_image, r = ldp.worst(image, "WLDP").ratio, ldp.worst(Q, "WLDP").ratio
    bounded, attained = True, False
    for x, y in ldp.counted_pairs(Q.inputs, "WLDP"):
        for mask in range(1, 1 << len(codomain)):
            preimage = frozenset(v for v in Q.frame if f[v] in image.frame_subset(mask))
            a, b = (Q[x].pl(preimage), Q[y].bel(preimage)) if preimage else (Fraction(0), Fraction(0))
            if lemmas.finite(r_image):
                bounded = bounded and a <= r_image * b
                attained = attained or (a == r_image * b and b > 0)
            else:
                attained = attained or (a > 0 and b == 0)
    info = {"r^W(f∘Q)": lemmas.shown(r_image), "r^W(Q)": lemmas.shown(r),
            "r^W(f∘Q) bounds and is attained by pl_x(f^-1 F) against bel_x'(f^-1 F)": bounded and attained}
    return bounded and attained and (not lemmas.finite(r) or (lemmas.finite(r_image) and r_image <= r)), info


def _kernel_is_mixture(case: tuple) -> tuple[bool, dict]:
    Q, kernel, codomain = case
    mixture = kernel_as_mixture(kernel)
    rebuilt = {y: {z: sum((w for w, f in mixture if f[y] == z), Fraction(0)) for z in codomain} for y in kernel}
    return rebuilt == kernel and sum(w for w, _ in mixture) == 1, {"maps": len(mixture)}


_PUSHED_INSIDE = arithmetic(
    "a push-forward pr∘f^{-1} of pr ∈ P_{bel_x} lies in the credal set of f∘Q(x)", "push - belimg",
    hypotheses=["prpre - belpre >= 0", "push - prpre == 0", "belimg - belpre == 0"],
    symbols=("push", "prpre", "belpre", "belimg"),
    because="(pr∘f^{-1})(F) = pr(f^{-1}F) >= bel_x(f^{-1}F) = bel^{f∘Q}_x(F) for every F ⊆ Z (pr ∈ P_{bel_x}, and the "
            "pull-back above): one inclusion of the two credal sets; the other is not needed")


@check("L3.16.proof.credal-pushforward", "decision")
def _credal_pushforward_argument(budget: Budget) -> Evidence:
    """(b) pl, bel pull back along f^{-1}; the envelope with attainment, on Q and (the converse of Lemma 3.14) on
    f∘Q, makes r^W(f∘Q) = max over the credal pairs of Q of p_x(f^{-1}E)/p_x'(f^{-1}E), and push-forwards of
    credal members are credal members of f∘Q(x); (c) f^{-1}E ⊆ Y, so it is <= r^W(Q); (a) a mixture is handled
    termwise."""
    steps = PULLBACK + ENVELOPE + (WLDP_CHAIN,) + ATTAINMENT + (_PUSHED_INSIDE, WLDP_UPPER,
                                                                mixture_coefficient_step("a weight w_k"), _MIXTURE)
    return argument(steps, timeout=budget.timeout, domain="every evidential mechanism, every map f: Y -> Z and every "
                                                          "mixture of maps, every finite Y, Z")


@check("L3.16.proof.credal-pushforward", "enumeration")
def _credal_pushforward_grid(budget: Budget) -> Evidence:
    """(b) and (c) for every deterministic map of the post-processing grid (see :func:`_pushforward_holds`)."""
    cases, text = lemmas.post_processing_grid(budget, positive_singletons=True)
    deterministic = [c for c in cases if len(c[1]) == 1]
    return exhaustive(({"case": c} for c in deterministic), lambda c: _pushforward_holds(c["case"]),
                      domain="the deterministic maps of: " + text)


@check("L3.16.proof.credal-pushforward", "property")
def _credal_pushforward_random(budget: Budget) -> Iterable[Evidence]:
    """(b), (c) on random mechanisms and maps; (a) on random kernels: kernel_as_mixture reproduces K exactly."""
    examples = lemmas.cross_check_examples(budget) // 2
    yield lemmas.search(strategies.post_processings(kind="map", max_labels=3), _pushforward_holds, budget,
                        "random exact mechanisms (|Y| <= 3) and deterministic maps into Z of 1-3 labels",
                        examples=examples, describe=lemmas.describe_post)
    yield lemmas.search(strategies.post_processings(kind="kernel", max_labels=3), _kernel_is_mixture, budget,
                        "(a) random exact kernels K(z|y), |Y| <= 3, |Z| <= 3: the mixture Π_y K(f(y)|y) reproduces K",
                        examples=examples, describe=lemmas.describe_post)
