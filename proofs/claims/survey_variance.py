"""Claims of 003 §3.1 on the variance of the MLE (Theorem 3.10, its proof, and the approximation of A)."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="T3.10.proof.conditioning", title="proof of Theorem 3.10: unconditional moments used as conditional ones",
    source="003 proof of Theorem 3.10",
    statement=r"Var(\hat\pi \mid N_1+N_2 \ne 0) = \frac{(p+q)^2}{(q-p)^2}\Big[\frac{q_1 q_2}{(q_1+q_2)^2} A "
              r"+ \frac{q_2^2}{(q_1+q_2)^2} - \frac{q_2^2}{(q_1+q_2)^2}\Big] \quad \text{(Lemma 0.6)}",
    domain="Q_{2x3}: p > 1/2, q >= 0, p + q <= 1, pi in [0, 1], n >= 1",
    interpretation="the proof's line as printed, with q1, q2, q3 and A as in 003 §3.1; the step replaces "
                   "E[(N_i/(N1+N2))^k | N1+N2 != 0] by the unconditional E[(N_i/(N1+N2))^k 1{N1+N2 != 0}] of "
                   "Lemmas 4.1 and 4.6",
    related={"T3.10": "the theorem this step proves; the step explains its missing factor 1/(1 - q3^n)",
             "L4.1": "the unconditional first moments used", "L4.6": "the unconditional second moments used"},
))
