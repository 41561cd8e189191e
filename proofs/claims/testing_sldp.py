"""Claims of 003 §3.1 on hypothesis testing under SLDP (Theorem 3.5, Corollary 3.6) and their proofs."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="T3.5.proof.choquet", title="proofs of Theorems 3.5 and 3.18: rejection regions suffice",
    source="003 proofs of Theorems 3.5, 3.18",
    statement=r"\text{tests } \varphi: Y \to [0,1] \text{ replaced by rejection regions } R:\ "
              r"\alpha = pl_x(R),\ \beta = 1 - bel_{x'}(R)",
    domain="evidential mechanisms on finite alphabets; tests phi: Y -> [0, 1]",
    interpretation="the extension from indicator tests to all φ: for every φ the pair (sup_{P_x} E φ, "
                   "1 - inf_{P_x'} E φ) is dominated by, or is a mixture of, pairs of rejection regions, so "
                   "bounds proved for regions hold for all tests",
    definitions=("T3.5 errors",),
    related={"T3.5.forward": "the theorem whose proof uses this step",
             "T3.18.forward": "the theorem whose proof uses this step"},
))

define(Claim(
    id="T3.5.proof.upper", title="proof of Theorem 3.5, item 2",
    source="003 proof of Theorem 3.5",
    statement=r"bel_x(R) \le \alpha' \Rightarrow pl_x(R^c) \le 1 - \alpha'; \quad "
              r"bel_{x'}(R) \ge e^{-\epsilon} bel_x(R) \ge \alpha' e^{-\epsilon}",
    domain="epsilon-SLDP evidential mechanisms on finite alphabets, regions R, alpha' in [0, 1]",
    interpretation="the two printed implications of item 2 of the proof, each checked as written",
    definitions=("SLDP",),
    premise="Q is ε-SLDP and the stated bound on bel_x(R) holds",
    related={"T3.5.forward": "the theorem this step proves (its upper bound U)"},
))

define(Claim(
    id="C3.6.proof.ratio", title="proof of Corollary 3.6: ε-SLDP bounds (1-q)/q and (1-p)/p",
    source="003 proof of Corollary 3.6",
    statement=r"\text{Since } Q \text{ is } \epsilon\text{-SLDP, } e^{-\epsilon} \le \frac{1-q}{q}, "
              r"\frac{1-p}{p} \le e^{\epsilon}",
    domain="Q_{2x3}(p, q), p > 1/2, q > 0, p + q <= 1, epsilon >= eps^S = ln(p/q)",
    definitions=("SLDP",),
    premise="Q_{2x3}(p, q) is ε-SLDP",
    related={"C3.6.upper": "the corollary this step proves", "C3.6.lower": "the corollary this step proves"},
))

define(Claim(
    id="C3.6.proof.chain", title="proof of Corollary 3.6: the chain of inequalities in p",
    source="003 proof of Corollary 3.6",
    statement=r"p \ge \frac{2 - e^{\epsilon}}{e^{\epsilon}+1},\quad (2-p)p \le e^{2\epsilon}(1-p^2),\quad "
              r"p^2 \le 1 - e^{-2\epsilon}[1-(1-p)^2] \le 1 - (1-x)e^{-2\epsilon}",
    domain="Q_{2x3}(p, q), p > 1/2, q > 0, p + q <= 1, epsilon-SLDP; x in [0, 1] (printed x for alpha)",
    interpretation="each of the three printed steps checked separately, under the corollary's hypotheses",
    definitions=("SLDP",),
    premise="Q_{2x3}(p, q) is ε-SLDP",
    related={"C3.6.lower": "the corollary this chain proves", "C3.6.upper": "the corollary this chain proves"},
))
