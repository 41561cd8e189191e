"""Claims of the report 004 §3.2: the binned mean estimated with randomized response."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="R.ci-mu", title="the worst-case interval for μ",
    source="004 §3.2",
    statement=r"\mu \in \Big[\hat\nu - \frac{c}{2} - z_{\alpha/2}\sqrt{V},\ \hat\nu + \frac{c}{2} + "
              r"z_{\alpha/2}\sqrt{V}\Big],\ V = \sum_i m_i^2 \frac{n/4 - np^2}{4p^2n^2} "
              r"\text{ is a } (1-\alpha) \text{ confidence interval for } \mu \text{ in the worst case}",
    domain="bins of width c with midpoints m_i, 0 < p < 1/2, n >= 1, alpha in (0, 1)",
    interpretation="coverage P(μ in the interval) >= 1 - α for every distribution of the data, in the limit n -> ∞ "
                   "and at finite n",
    related={"R.bias": "the c/2 term", "R.ci-rr": "the interval for ν it widens",
             "R.independence": "the variance V it uses"},
))

define(Claim(
    id="R.example-bias", title="the worked example of the binning bias",
    source="004 §3.2",
    statement=r"X \sim \mathcal{N}(50, 2^2),\ L = -75,\ U = 75,\ c = 75:\ (-75, 0], (0, 75],\ "
              r"\text{midpoints } \pm 37.5,\ \nu = 37.5,\ \text{error } 12.5",
    domain="the printed numbers",
    related={"R.bias": "the bound |ν - μ| <= c/2 it illustrates"},
))
