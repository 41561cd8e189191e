"""A worked claims file for any number of values k (written d) and any number of users n: k-ary randomized
response and Duchi et al.'s one-bit mechanism, each claim declared in a few lines.

Run it::

    python -m proofs check --claims examples/any_k_claims.py --only-user

k-ary randomized response (Kairouz, Oh, Viswanath 2014) over d values reports the true value with
p = e^ε/(e^ε + d − 1) and each other value with q = 1/(e^ε + d − 1). Of n users, c0 hold value 0 (a fixed
dataset), or each holds it with probability f0 (i.i.d. inputs); C0 counts the reports of value 0 and
ĉ0 = (C0 − nq)/(p − q) estimates the number holding it. The toolkit lumps the other d − 1 values into one
class (and checks that lumping against the explicit matrix at d = 2, 3, 4), so every moment below is proved
for every d and every n, and cross-checked by enumerating the explicit matrix at d = 2 and 3.

Duchi, Jordan and Wainwright's one-bit mechanism (FOCS 2013) reports ±B, B = (e^ε + 1)/(e^ε − 1), with
P(+B | x) = 1/2 + x(e^ε − 1)/(2(e^ε + 1)) for x in [−1, 1]; the mean of the n reports estimates the mean
input. Two groups of users, k with input x1 and n − k with input x2, make the variance statement general.

The claims:

* ``KRRd.ldp`` — k-RR is ε-LDP for every d (proved);
* ``KRRd.unbiased`` — E[ĉ0] = c0 (proved);
* ``KRRd.variance`` — Var[ĉ0] = (c0 p(1−p) + (n−c0) q(1−q))/(p−q)² for a fixed dataset (proved);
* ``KRRd.variance-iid`` — Var[ĉ0] = n s(1−s)/(p−q)², s = f0 p + (1−f0) q, for i.i.d. inputs (proved);
* ``KRRd.variance-planted`` — a planted error, n p(1−p)/(p−q)² for a fixed dataset (refuted at an exact
  point);
* ``KRRd.variance-small`` — Var[ĉ0] ≈ n(d − 2 + e^ε)/(e^ε − 1)² when c0 is small (proved as an
  approximation: the relative error tends to 0 as c0 → 0);
* ``Duchi.ldp`` — the one-bit mechanism is ε-LDP (proved);
* ``Duchi.variance`` — the variance of the mean report is (k(B² − x1²) + (n − k)(B² − x2²))/n² (proved).
"""

from __future__ import annotations

from proofs import mechanisms as M
from proofs import approximation_claim, ldp_claim, moment_claim

SOURCE = "Notes on frequency and mean estimation under local privacy"
KRR = M.randomized_response(d="d", epsilon="eps")
ESTIMATE = "(C0 - n*q)/(p - q)"
DATASET = "eps > 0, d >= 2, 0 <= c0 <= n"
VARIANCE = "(c0*p*(1-p) + (n-c0)*q*(1-q))/(p-q)**2"

ldp_claim("KRRd.ldp", title=r"$k$-ary randomized response is $\epsilon$-LDP for every $d$",
          source=f"{SOURCE}, Lemma 1",
          statement=r"$\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\epsilon}$ for all $d \ge 2$ and $x, x', y$",
          mechanism=KRR, epsilon="eps", domain="eps > 0, d >= 2")

moment_claim("KRRd.unbiased", title="the count estimate is unbiased", source=f"{SOURCE}, Lemma 2",
             statement=r"$\mathbb{E}[\hat c_0] = c_0$, $\hat c_0 = \frac{C_0 - nq}{p - q}$",
             statistic=ESTIMATE, claimed="c0", mechanism=KRR, counts={"0": "c0"}, domain=DATASET)

moment_claim("KRRd.variance", title="its variance for a fixed dataset", source=f"{SOURCE}, Lemma 3",
             statement=r"$\mathrm{Var}[\hat c_0] = \frac{c_0 p(1-p) + (n - c_0) q(1-q)}{(p-q)^2}$",
             statistic=ESTIMATE, claimed=VARIANCE, moment="variance", mechanism=KRR, counts={"0": "c0"},
             domain=DATASET)

moment_claim("KRRd.variance-iid", title="its variance for i.i.d. inputs", source=f"{SOURCE}, Lemma 4",
             statement=r"$\mathrm{Var}[\hat c_0] = \frac{n s(1-s)}{(p-q)^2}$, $s = f_0 p + (1 - f_0) q$",
             statistic=ESTIMATE, claimed="n*(f0*p + (1-f0)*q)*(1 - f0*p - (1-f0)*q)/(p-q)**2", moment="variance",
             mechanism=KRR, prior={"0": "f0"}, domain="eps > 0, d >= 2, 0 <= f0 <= 1")

moment_claim("KRRd.variance-planted", title=r"a planted error: every user's variance taken as $p(1-p)$",
             source=f"{SOURCE}, Eq. (5) (planted)", statement=r"$\mathrm{Var}[\hat c_0] = \frac{n p(1-p)}{(p-q)^2}$",
             statistic=ESTIMATE, claimed="n*p*(1-p)/(p-q)**2", moment="variance", mechanism=KRR,
             counts={"0": "c0"}, domain=DATASET)

approximation_claim("KRRd.variance-small", title="the variance when few users hold the value", source=f"{SOURCE}, Eq. (6)",
                    statement=r"$\mathrm{Var}[\hat c_0] \approx \frac{n(d - 2 + e^{\epsilon})}{(e^{\epsilon} - 1)^2}$ "
                              r"when $c_0$ is small",
                    exact=VARIANCE, approx="n*(d - 2 + exp(eps))/(exp(eps) - 1)**2", regime="c0 -> 0",
                    mechanism=KRR, domain="eps > 0, d >= 2, 0 <= c0 <= n, n >= 1")

DUCHI = M.duchi(epsilon="eps")

ldp_claim("Duchi.ldp", title=r"the one-bit mechanism is $\epsilon$-LDP", source=f"{SOURCE}, Lemma 5",
          statement=r"$\frac{P(y \mid x)}{P(y \mid x')} \le e^{\epsilon}$ for all $x, x' \in [-1, 1]$, $y = \pm B$",
          mechanism=DUCHI, epsilon="eps", domain="eps > 0")

moment_claim("Duchi.variance", title="the variance of the mean of the one-bit reports", source=f"{SOURCE}, Lemma 6",
             statement=r"$\mathrm{Var}\left[\frac{B(Y_{+} - Y_{-})}{n}\right] = "
                       r"\frac{k(B^2 - x_1^2) + (n-k)(B^2 - x_2^2)}{n^2}$",
             statistic="B*(Y0 - Y1)/n", claimed="(k*(B**2 - x1**2) + (n-k)*(B**2 - x2**2))/n**2", moment="variance",
             mechanism=DUCHI, counts={"x1": "k", "x2": "n-k"}, domain="eps > 0, 0 <= k <= n")
