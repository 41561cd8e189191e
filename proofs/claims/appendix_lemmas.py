"""Claims of 003's appendix: Lemmas 4.1-4.6 (moments of N1/(N1+N2)) and the steps of their proofs."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="L4.1.proof.range", title="proof of Lemma 4.1: the range of the sums and the binomial step",
    source="003 proof of Lemma 4.1",
    statement=r"\sum_{1 \le n_3 \le n-1} \ldots (q_1+q_2)^{n_1+n_2-1} \ldots = "
              r"\frac{q_1}{q_1+q_2}\big[(q_1+q_2+q_3)^n - q_3^n\big]",
    domain="Q_{2x3}: q1, q2 >= 0, q1 + q2 > 0, q3 = 1 - q1 - q2, n >= 1",
    interpretation="the proof's sum of E[N1/(N1+N2) 1{N1+N2 != 0}] as printed, over 1 <= n3 <= n-1, against "
                   "the printed closed form; the full range 0 <= n3 <= n-1 is the alternative reading",
    related={"L4.1": "the lemma this step proves"},
))
