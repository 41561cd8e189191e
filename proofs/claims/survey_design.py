"""Claims of 003 §3.1 on designing the survey: Corollaries 3.11, 3.12, Figures 2 and 3."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="C3.11.interpretation", title="say 'I don't know' instead of lying",
    source="003 after Corollary 3.11",
    statement=r"\text{within the privacy budget of } \epsilon\text{, one can increase the estimation accuracy by "
              r"saying ``I don't know'' as much as possible instead of lying}",
    domain="Q_{2x3}: p > 1/2, q > 0, p + q <= 1, n >= 1, pi in [0, 1]",
    interpretation="two readings: (a) ε = ln(p/q) fixed, c = p + q varying (more 'don't know' at the same budget "
                   "lowers the variance?); (b) p fixed, q varying (Corollary 3.11's own f'(q) > 0); each "
                   "checked with the approximate variance f and with the exact conditional variance",
    related={"C3.11": "the corollary it interprets", "Fig2.warner-optimal": "the figure that compares c"},
))

define(Claim(
    id="Fig3.sample-size", title="Figure 3: the effect of the sample size",
    source="003 §3.1 Figure 3",
    statement=r"q_3 = 0.1,\ n \in \{10, 100, 500, 1000\}: \text{for large } \epsilon \text{ the variances are "
              r"similar; for small } \epsilon \text{ the variance gets smaller and smaller as } n \text{ grows}",
    domain="Q_{2x3} with q3 = 1/10, p = 9/10 e^eps/(e^eps + 1), q = 9/10/(e^eps + 1), n in {10, 100, 500, 1000}",
    interpretation="qualitative: (a) Var(π̂ | N1+N2 ≠ 0) decreases in n at every ε; (b) the spread across n "
                   "shrinks as ε grows; no threshold is stated, so none is imposed",
    related={"T3.10": "the variance plotted"},
))
