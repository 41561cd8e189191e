"""Claims of 003 §3.2 on hypothesis testing under WLDP (Definition 3.17, Theorem 3.18, Corollary 3.19)."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="D3.17.pe-equals-SLDP", title="the pessimistic errors are the SLDP errors",
    source="003 before Definition 3.17",
    statement=r"\alpha^{pe}_\varphi = \sup_{pr \in \mathcal{P}_{bel_x}} \mathbb{E}_{pr}(\varphi),\ "
              r"\beta^{pe}_\varphi = \sup_{pr \in \mathcal{P}_{bel_{x'}}} \mathbb{E}_{pr}(1-\varphi) "
              r"\text{ are actually the same as those errors in } \epsilon\text{-SLDP}",
    domain="evidential mechanisms on finite alphabets; tests phi: Y -> [0, 1]",
    interpretation="the SLDP errors are those of Theorem 3.5: α_φ = sup_{P_x} E φ and β_φ = 1 - inf_{P_x'} E φ; "
                   "the claim is α^pe = α_φ and β^pe = β_φ for every φ",
    definitions=("T3.5 errors", "T^pe"),
    related={"T3.18.forward": "uses the pessimistic errors", "T3.5.forward": "defines the SLDP errors"},
))

define(Claim(
    id="T3.18.proof.op", title="proof of Theorem 3.18, item 2 (optimistic errors)",
    source="003 proof of Theorem 3.18",
    statement=r"\text{Assume } pl_x(R^c) \ge \alpha \ldots\ \alpha \le pl_{x'}(R^c) \le e^{\epsilon}(1 - pl_x(R))."
              r"\text{ It follows that } pl_{x'}(R) \le 1 - e^{-\epsilon}\alpha",
    domain="epsilon-WLDP evidential mechanisms on finite alphabets, regions R, alpha in [0, 1]",
    interpretation="the printed chain, each inequality checked under its stated assumption",
    definitions=("WLDP",),
    premise="Q is ε-WLDP and pl_x(R^c) ≥ α",
    related={"T3.18.forward": "the theorem this step proves (its optimistic half)"},
))

define(Claim(
    id="T3.18@000", title="Theorem 3.18 with 000's error definitions (all four under x')",
    source="000 §3.2 Theorem 3.18",
    statement=r"Q \text{ is } \epsilon\text{-WLDP} \iff T^{pe}(\alpha) \ge f^{pe}_\epsilon(\alpha),\ "
              r"T^{op}(\alpha) \le f^{op}_\epsilon(\alpha)\ \forall \alpha, \text{ with } "
              r"\alpha^{pe} = \sup_{\mathcal{P}_{bel_{x'}}} \mathbb{E}(\varphi),\ "
              r"\beta^{pe} = \sup_{\mathcal{P}_{bel_{x'}}} \mathbb{E}(1-\varphi),\ "
              r"\alpha^{op}, \beta^{op} = \inf_{\mathcal{P}_{bel_{x'}}}",
    domain="evidential mechanisms on finite alphabets, epsilon > 0, alpha in [0, 1]",
    interpretation="000 defines all four errors under x'; both directions of the equivalence are checked",
    definitions=("WLDP", "T^pe", "T^op"),
    premise="Q is ε-WLDP (forward); the trade-off condition (converse)",
    related={"T3.18.forward": "the 003 statement", "T3.18.converse": "the 003 statement"},
))
