"""Claims of 003 §3.2 on WLDP itself (Definition 3.13, Lemmas 3.14-3.16)."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="L3.14.converse", title="Lemma 3.14 as a characterization: the pl/bel bounds imply ε-WLDP",
    source="003 before Lemma 3.14",
    statement=r"e^{-\epsilon} \le \frac{pl_x(E)}{bel_{x'}(E)} \le e^{\epsilon}\ \forall x, x', E "
              r"\implies Q \text{ is } \epsilon\text{-WLDP} \quad (\epsilon^W(Q) = \max \ln "
              r"\frac{pl_x(E)}{bel_{x'}(E)})",
    domain="evidential mechanisms on finite alphabets, epsilon > 0",
    interpretation="'Lemmas 3.2 and 3.14 provide a simple mathematical characterization' read as the converse "
                   "of Lemma 3.14",
    definitions=("WLDP",),
    premise="e^-ε ≤ pl_x(E)/bel_x'(E) ≤ e^ε for all x, x', E",
    related={"L3.14": "the lemma whose converse this is"},
))

define(Claim(
    id="L3.16.proof.credal-pushforward",
    title="proof of Lemma 3.16: deterministic maps suffice and the Walley ratio cannot grow",
    source="003 proof of Lemma 3.16",
    statement=r"r_W^{f \circ Q} = \max \frac{p_x(f^{-1}E)}{p_{x'}(f^{-1}E)} \le r_W^Q "
              r"\text{ (by the weak von-Neumann--Birkhoff Lemma only deterministic } f \text{ are needed)}",
    domain="evidential mechanisms Q on finite alphabets, post-processing maps f: Y -> Z",
    interpretation="two steps: (a) the credal set of f∘Q(x) is the push-forward of the credal set of Q(x), so "
                   "its Walley ratio is a maximum over preimages f^{-1}E; (b) a randomized f is a mixture of "
                   "deterministic maps, and the bound for deterministic f gives it for mixtures",
    definitions=("WLDP",),
    related={"L3.16": "the lemma this step proves"},
))
