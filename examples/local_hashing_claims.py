"""A worked claims file for frequency estimation by local hashing, for every number of values d, every number of
buckets g and every number of users n.

Run it::

    python -m proofs check --claims examples/local_hashing_claims.py --only-user

Local hashing (Wang, Blocki, Li, Jha, "Locally Differentially Private Protocols for Frequency Estimation",
USENIX Security 2017, §4.4; the estimator and its variance are those of the paper's pure protocols, §3): a user
holding v draws a hash h : {0, …, d − 1} → {0, …, g − 1} and reports
⟨h, y⟩, y = h(v) with probability e^ε/(e^ε + g − 1) and each other bucket with 1/(e^ε + g − 1). The report
supports the input with p = e^ε/(e^ε + g − 1) and any other value with q = 1/g (the hash family's
universality; the toolkit derives q and checks it against the explicit matrix of every hash function at small
d and g). Of n users, c0 hold value 0; C0 counts the reports that support it and f̂0 = (C0/n − q)/(p − q)
estimates its frequency f0 = c0/n.

The claims:

* ``LH.ldp`` — local hashing is ε-LDP for every d and g (proved);
* ``LH.unbiased`` — E[f̂0] = c0/n (proved, every n, d, g);
* ``LH.variance`` — Var[f̂0] = q(1 − q)/(n(p − q)²) + f0(1 − p − q)/(n(p − q)) (proved);
* ``LH.variance-planted`` — a planted error, the variance without its f0 term (refuted at an exact point; it
  holds when c0 = 0, checked);
* ``LH.optimal-g`` — g = e^ε + 1 minimises the leading term q(1 − q)/(p − q)² over every g > 1 (proved: the
  term and its stationary point derived by sympy, the minimum decided by check_sign);
* ``LH.total-mse`` — the total squared error Σ_v E[(f̂_v − f_v)²] over the d values, for every d (proved: the
  symmetric reduction, and exact enumeration of the sum over every value at small d and g).
"""

from __future__ import annotations

import sympy

from numeric.local_hashing import leading_variance, optimal_width
from proofs import ldp_claim, mechanisms as M, moment_claim, sign_claim, value_sum_claim

SOURCE = "Wang, Blocki, Li, Jha, USENIX Security 2017"
LH = M.local_hashing(d="d", g="g", epsilon="eps")
ESTIMATE = "(C0/n - q)/(p - q)"
DATASET = "eps > 0, d >= 2, g >= 2, 0 <= c0 <= n"
VARIANCE = "q*(1-q)/(n*(p-q)**2) + c0*(1-p-q)/(n**2*(p-q))"
LEADING = leading_variance(LH)                       # q(1-q)/(p-q)^2 in eps and g, from the family's p and q
BEST = optimal_width(LH)                             # its stationary point g > 1, solved by sympy: exp(eps) + 1

ldp_claim("LH.ldp", title=r"local hashing is $\epsilon$-LDP for every $d$ and $g$", source=f"{SOURCE}, §4.4",
          statement=r"$P(\langle h, y\rangle \mid v) \le e^{\epsilon} P(\langle h, y\rangle \mid v')$ "
                    r"for all $v, v', h, y$",
          mechanism=LH, epsilon="eps", domain="eps > 0, d >= 2, g >= 2")

moment_claim("LH.unbiased", title="the frequency estimate is unbiased",
             source=f"{SOURCE}, §3 (pure protocols: unbiasedness)",
             statement=r"$\mathbb{E}[\hat f_0] = f_0$, $\hat f_0 = \frac{C_0/n - q}{p - q}$",
             statistic=ESTIMATE, claimed="c0/n", mechanism=LH, counts={"0": "c0"}, domain=DATASET)

moment_claim("LH.variance", title="its variance", source=f"{SOURCE}, §3 (the variance of a pure protocol)",
             statement=r"$\mathrm{Var}[\hat f_0] = \frac{q(1-q)}{n(p-q)^2} + \frac{f_0(1-p-q)}{n(p-q)}$",
             statistic=ESTIMATE, claimed=VARIANCE, moment="variance", mechanism=LH, counts={"0": "c0"}, domain=DATASET)

moment_claim("LH.variance-planted", title=r"a planted error: the variance without its $f_0$ term",
             source=f"{SOURCE}, §3, the approximate variance taken as exact (planted)",
             statement=r"$\mathrm{Var}[\hat f_0] = \frac{q(1-q)}{n(p-q)^2}$", statistic=ESTIMATE,
             claimed="q*(1-q)/(n*(p-q)**2)", moment="variance", mechanism=LH, counts={"0": "c0"}, domain=DATASET,
             holds_when="c0 == 0")

sign_claim("LH.optimal-g", title=r"$g = e^{\epsilon} + 1$ minimises the leading variance term",
           source=f"{SOURCE}, §4.4 (OLH)",
           statement=r"$\frac{q(1-q)}{(p-q)^2}\Big|_{g} \ge \frac{q(1-q)}{(p-q)^2}\Big|_{g = e^{\epsilon}+1}$ "
                     r"for every $g > 1$",
           expr=sympy.sstr(LEADING - LEADING.subs(LH.width, BEST)), sign=">=0", domain="eps > 0, g > 1")

value_sum_claim("LH.total-mse", title="the total squared error over the d values", source=f"{SOURCE}, §4 (total MSE)",
                statement=r"$\sum_v \mathbb{E}[(\hat f_v - f_v)^2] = "
                          r"\frac{d\,q(1-q)}{n(p-q)^2} + \frac{1-p-q}{n(p-q)}$",
                statistic=ESTIMATE, target="c0/n", mechanism=LH, counts={"0": "c0"},
                claimed="d*q*(1-q)/(n*(p-q)**2) + (1-p-q)/(n*(p-q))", domain="eps > 0")
