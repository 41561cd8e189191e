"""A worked claims file: four claims about 3-ary randomized response, each declared in a few lines.

Run it beside the built-in catalog, or alone::

    python -m proofs check --claims examples/krr_claims.py --only-user
    python -m proofs show KRR.variance --claims examples/krr_claims.py

The mechanism: a respondent whose value is x in {0, 1, 2} reports x with probability p = e^ε/(e^ε + 2) and
each other value with probability q = 1/(e^ε + 2). With n respondents drawn i.i.d., a fraction π0 of them
holding value 0, C0 counts the reports of value 0 and f0 = (C0/n − q)/(p − q) estimates π0.

The claims, as a short note might print them:

* ``KRR.ldp``: the mechanism is ε-LDP (proved: every ratio case decided, and exact losses at interior points);
* ``KRR.unbiased``: f0 is unbiased (proved for every n by the generating function of the counts; every
  outcome enumerated for small n, of the lumped counts and of the explicit 3 x 3 matrix);
* ``KRR.variance``: Var[f0] = q(1−q)/(n(p−q)²) — as printed this is refuted; the author's remark that it
  holds when π0 = 0 is checked (it holds there and fails elsewhere), and the corrected variance
  s(1−s)/(n(p−q)²), s = π0 p + (1−π0) q, is proved;
* ``KRR.advantage``: the advantage p − q = (e^ε − 1)/(e^ε + 2) is at most ε/2 (decided with exp, and
  certified at exact points of the domain).
"""

from __future__ import annotations

from proofs import mechanisms as M
from proofs import ldp_claim, moment_claim, sign_claim

SOURCE = "Notes on k-ary randomized response"
KRR = M.randomized_response(d=3, epsilon="eps")
ESTIMATE = "(C0/n - q)/(p - q)"
DOMAIN = "eps > 0, 0 <= pi0 <= 1"

ldp_claim("KRR.ldp", title=r"3-ary randomized response is $\epsilon$-LDP", source=f"{SOURCE}, Lemma 1",
          statement=r"$\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\epsilon}$ for all $x, x', y$",
          mechanism=KRR, epsilon="eps", domain="eps > 0")

moment_claim("KRR.unbiased", title="the frequency estimate is unbiased", source=f"{SOURCE}, Lemma 2",
             statement=r"$\mathbb{E}\left[\frac{C_0/n - q}{p - q}\right] = \pi_0$",
             statistic=ESTIMATE, claimed="pi0", mechanism=KRR, prior={"0": "pi0"}, domain=DOMAIN)

moment_claim("KRR.variance", title="the variance of the frequency estimate, as printed", source=f"{SOURCE}, Eq. (3)",
             statement=r"$\mathrm{Var}[\hat f_0] = \frac{q(1-q)}{n(p-q)^2}$",
             statistic=ESTIMATE, claimed="q*(1-q)/(n*(p-q)**2)", moment="variance", mechanism=KRR,
             prior={"0": "pi0"}, domain=DOMAIN, holds_when="pi0 == 0",
             interpretation="the printed formula as an exact statement for every prior",
             corrected=(r"$\mathrm{Var}[\hat f_0] = \frac{s(1-s)}{n(p-q)^2}$, $s = \pi_0 p + (1 - \pi_0) q$",
                        "(pi0*p + (1-pi0)*q)*(1 - pi0*p - (1-pi0)*q)/(n*(p-q)**2)"))

sign_claim("KRR.advantage", title=r"the advantage of the mechanism is at most $\epsilon/2$",
           source=f"{SOURCE}, Lemma 3",
           statement=r"$p - q = \frac{e^{\epsilon} - 1}{e^{\epsilon} + 2} \le \frac{\epsilon}{2}$",
           expr="(exp(eps)-1)/(exp(eps)+2) - eps/2", sign="<=0", domain="eps > 0")
