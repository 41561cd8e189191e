"""The steps that whole-domain arguments about belief functions share (003 §2; the proofs of Lemmas 3.2-3.4 and
3.14-3.16), as :mod:`proofs.engines.argument` steps: each is decided by a machine for every frame.

* :func:`termwise_step`, :func:`mixture_coefficient_step`: the termwise lemma (a sum of masses with coefficients
  that do not depend on the input inherits a termwise bound) and non-negative mixture coefficients;
* :data:`ATTAINMENT`: for every event E, allocating each focal set's mass to one of its elements (inside E when
  possible, or outside) gives probabilities in P_bel with pr(E) = pl(E), resp. bel(E) (the proof of Lemma 3.14
  cites specialization matrices for this);
* :data:`ENVELOPE`: every pr ∈ P_bel has bel(E) <= pr(E) <= pl(E);
* :data:`WLDP_UPPER`, :data:`WLDP_LOWER`, :data:`WLDP_CHAIN`: Lemma 3.14 and its converse from those two;
* :data:`PULLBACK`: for a map f, f(B) ⊆ F iff B ⊆ f^{-1}(F), and f(B) meets F iff B meets f^{-1}(F), so bel and
  pl of the image random set pull back along f^{-1}.
"""

from __future__ import annotations

from proofs.engines.argument import ArgumentStep, arithmetic, sets

__all__ = [
    "termwise_step", "mixture_coefficient_step", "ALLOCATION", "MONOTONE", "ATTAINMENT", "ATTAINMENT_NOTE",
    "ENVELOPE", "WLDP_UPPER", "WLDP_LOWER", "WLDP_CHAIN", "IMAGE", "PULLBACK",
]


def termwise_step(total: str, coefficient: str, premise: str) -> ArgumentStep:
    """The induction step of the termwise lemma for ``total`` = Σ_B c_B a_B against Σ_B c_B b_B: if every term
    satisfies a_B <= r b_B (``premise``) and c_B = ``coefficient`` >= 0 is the same on both sides, then adding
    one more term keeps Σ c a <= r Σ c b; with the empty sum (0 <= r·0) this covers sums of any length."""
    return arithmetic(
        f"{total}: adding one more term keeps Σ c a <= r Σ c b",
        "r*(Sb + c*b) - (Sa + c*a)", hypotheses=["r*Sb - Sa >= 0", "c >= 0", "r*b - a >= 0"],
        symbols=("r", "Sa", "Sb", "a", "b", "c"),
        because=(f"{total} = Σ c_B a_B with c_B = {coefficient} >= 0, the same coefficient on both sides; "
                 f"{premise}; induction on the number of terms from the empty sum 0 <= r·0"))


def mixture_coefficient_step(what: str) -> ArgumentStep:
    """A coefficient Σ_k w_k i_k with weights w_k >= 0 and indicators i_k ∈ {0, 1} is >= 0 (induction on k)."""
    return arithmetic(
        f"{what} is >= 0", "S + w*i", hypotheses=["S >= 0", "w >= 0", "i >= 0"], symbols=("S", "w", "i"),
        because="a data-independent mixture has weights w_k >= 0 and each indicator is 0 or 1; induction on the "
                "number of maps from the empty sum 0")


ALLOCATION = {"A": "set Y", "B": "set Y", "E": "set Y", "a": "element Y"}
MONOTONE = arithmetic(
    "a sum of masses with larger 0/1 coefficients is larger: Σ m(B) c1_B >= Σ m(B) c0_B",
    "(S1 + m*c1) - (S0 + m*c0)", hypotheses=["S1 - S0 >= 0", "m >= 0", "c1 - c0 >= 0"], symbols=("S1", "S0", "m", "c1", "c0"),
    because="masses are >= 0; induction on the number of focal sets from the empty sum")
ATTAINMENT = (
    sets("every focal set B (non-empty) has an element a_B, inside E whenever B meets E",
         "implies(B != {}, exists(a, a in B and implies(B & E != {}, a in E)))", declare=ALLOCATION,
         because="allocate m(B) to a_B: pr = Σ_B m(B) δ_{a_B} is a probability on Y (m >= 0, Σ m = 1)"),
    sets("with that choice a_B ∈ E iff B meets E", "implies(a in B and implies(B & E != {}, a in E), iff(a in E, B & E != {}))",
         declare=ALLOCATION, because="so pr(E) = Σ_B m(B) [a_B ∈ E] = Σ_B m(B) [B ∩ E ≠ ∅] = pl(E)"),
    sets("every focal set B has an element a_B outside E unless B ⊆ E",
         "implies(B != {}, exists(a, a in B and implies(not (B <= E), not (a in E))))", declare=ALLOCATION,
         because="a second allocation"),
    sets("with that choice a_B ∈ E iff B ⊆ E", "implies(a in B and implies(not (B <= E), not (a in E)), iff(a in E, B <= E))",
         declare=ALLOCATION, because="so its pr(E) = Σ_B m(B) [B ⊆ E] = bel(E)"),
    sets("any allocation puts B's mass inside every A ⊇ B", "implies(a in B and B <= A, a in A)", declare=ALLOCATION,
         because="[B ⊆ A] <= [a_B ∈ A] for every focal set B and event A"),
    MONOTONE,
)
ATTAINMENT_NOTE = "… so pr(A) = Σ m(B)[a_B ∈ A] >= Σ m(B)[B ⊆ A] = bel(A) for every A: both allocations lie in P_bel"
ENVELOPE = (
    sets("E meets B iff B is not inside Ω∖E", "iff(B & E != {}, not (B <= ~E))", declare=ALLOCATION,
         because="pl(E) = Σ m(B) - Σ_{B ⊆ Ω∖E} m(B) = 1 - bel(Ω∖E) (003 §2)"),
    arithmetic("every pr ∈ P_bel has pr(E) <= pl(E)", "plE - prE",
               hypotheses=["prE + prEc == 1", "plE + belEc == 1", "prEc - belEc >= 0"],
               symbols=("plE", "prE", "prEc", "belEc"),
               because="pr(E) + pr(Ω∖E) = 1 and pr(Ω∖E) >= bel(Ω∖E) (pr ∈ P_bel); pr(E) >= bel(E) by definition"),
)
WLDP_UPPER = arithmetic(
    "Lemma 3.14's upper bound: pl_x(E) <= r bel_x'(E)", "r*b - a",
    hypotheses=["r*prb - pra >= 0", "pra - a == 0", "prb - b == 0"], symbols=("r", "a", "b", "pra", "prb"),
    because="ε-WLDP at the pair (x, x'): pr_x(E) <= r pr_x'(E) for all credal pairs, r = e^ε; take pr_x with "
            "pr_x(E) = pl_x(E) = a and pr_x' with pr_x'(E) = bel_x'(E) = b (attainment)")
WLDP_LOWER = arithmetic(
    "Lemma 3.14's lower bound: bel_x'(E) <= r pl_x(E)", "r*a - b",
    hypotheses=["r*pra - prb >= 0", "pra - a == 0", "prb - b == 0"], symbols=("r", "a", "b", "pra", "prb"),
    because="ε-WLDP at the pair (x', x) (every ordered pair counts): pr_x'(E) <= r pr_x(E); take pr_x' attaining "
            "bel_x'(E) = b and pr_x attaining pl_x(E) = a")
WLDP_CHAIN = arithmetic(
    "pr_x(E) <= pl_x(E) <= r bel_x'(E) <= r pr_x'(E)", "r*prb - pra",
    hypotheses=["pl - pra >= 0", "r*bel - pl >= 0", "prb - bel >= 0", "r >= 0"], symbols=("r", "pl", "bel", "pra", "prb"),
    because="the envelope (pr_x(E) <= pl_x(E), pr_x'(E) >= bel_x'(E)) and the assumed bound pl_x(E) <= e^ε bel_x'(E)")


IMAGE = {"B": "set Y", "F": "set Z", "f": "map Y Z"}
PULLBACK = (
    sets("f(B) ⊆ F iff B ⊆ f^{-1}(F)", "iff(image(f, B) <= F, B <= preimage(f, F))", declare=IMAGE,
         because="so bel^{f∘Q}_x(F) = Σ_B m_x(B) [f(B) ⊆ F] = bel_x(f^{-1}(F)) for a deterministic f"),
    sets("f(B) meets F iff B meets f^{-1}(F)", "iff(image(f, B) & F != {}, B & preimage(f, F) != {})", declare=IMAGE,
         because="so pl^{f∘Q}_x(F) = pl_x(f^{-1}(F))"),
)
