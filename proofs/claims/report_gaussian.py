"""Claims of the report 004 §3.1: the Gaussian baseline for a bounded mean."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="R.zbar-unbiased", title="Z̄ is unbiased for μ",
    source="004 §3.1",
    statement=r"Z_i \sim \mathcal{N}(\mu, \sigma^2 + \tilde\sigma^2),\ \bar Z \text{ is an unbiased estimator of } \mu",
    domain="X_i ~ N(mu, sigma^2), Gaussian noise of variance tilde sigma^2, n >= 1, delta in (0, 1)",
    interpretation="the release is conditioned on (or clipped to) the bound of §3.1; both readings: as printed "
                   "(no bound: unbiased) and with X_i released only inside [mu - sigma t, mu + sigma t]",
    related={"R.tail": "the bound the release relies on", "R.ci-gauss": "the interval built on Z̄"},
))

define(Claim(
    id="R.gs-identity", title="the global sensitivity of the bounded X_i",
    source="004 §3.1",
    statement=r"GS(f) = 2\left(R + \sigma\sqrt{2\ln(2n/\delta)}\right) \text{ against §2.1's } "
              r"GS(f) = \max_{D \sim D'} \|f(D) - f(D')\|^2",
    domain="X_i in [-R - sigma t, R + sigma t], t = sqrt(2 ln(2n/delta)), one record changed",
    interpretation="f the identity on one record; the range width is 2(R + σt); §2.1 defines GS with a "
                   "squared norm, which gives the square of that width",
    related={"R.gaussian": "the definition of GS in §2.1", "R.tail": "the bound that gives the range"},
))
