"""Claims of the report 004 §2: the Gaussian mechanism, randomized response and Bassily-Smith."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="R.bassily-smith.ratio", title="Bassily-Smith proof: the ratio for any response vector",
    source="004 §2.2",
    statement=r"\frac{\Pr[b \mid D]}{\Pr[b \mid D']} = \frac{1/2+p}{1/2-p} \cdot \frac{1/2+p}{1/2-p}",
    domain="one-hot inputs D != D' on k >= 2 types, 0 < p < 1/2, every response vector b in {0, 1}^k",
    interpretation="the printed equality for every b, and the weaker bound <= ((1/2+p)/(1/2-p))^2 the proof needs",
    related={"R.bassily-smith": "the claim this step proves"},
))
