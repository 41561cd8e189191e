"""The notions of the mean-estimation report (004): global sensitivity (§2.1), the data model of §2.2
and of §3.2, and the mechanism of §3.1; their one definition, with every reading named.

Source: ``004_7922466618fe9fb7.txt``. Printed means printed (:mod:`numeric.definitions`): a well-formed
definition is read as printed, a repair of it is a correction.

* **Global sensitivity.** §2.1 prints GS(f) = max_{D~D'} ‖f(D) - f(D')‖² (a squared norm) and calibrates
  σ² = 2 ln(2/δ) GS(f)²/ε². The definition is well-formed, so it is read as printed (primary,
  ``"GS: squared"``). §3.1 then computes GS(f) = 2(R + σ√(2 ln(2n/δ))), the *width* of the range of X_i
  (unsquared), and Dwork–Roth [5], which §2.1 cites for the proof, use the ℓ2 norm unsquared: the ℓ2
  sensitivity (``"GS: l2"``) is the *correction* of §2.1's definition, checked beside the verdict.
* **Data of §2.2.** "D ∈ U^n" is a fixed dataset; only the answers are random (primary). The
  alternative draws the inputs i.i.d. (the text does not say how D arises: a genuine ambiguity).
* **Data of §3.2.** "we collect n samples of a random variable X_i following an unknown distribution":
  the individuals are i.i.d. from the binned law Θ (primary); the alternative fixes the dataset.
* **The mechanism of §3.1, as specified.** It "will stop and return nothing if a value of X_i is sampled
  outside of our bound" [-B, B], B = R + σ√(2 ln(2n/δ)): what it releases, Z_i = X_i + Y_i, has the law of
  the draws conditional on no stop (primary, one model in every claim about the mechanism; computed by
  :mod:`catalog.models.meanest_gaussian`). The report's derivation, Z_i ~ N(μ, σ² + σ̃²) with X_i unrestricted,
  drops the stop rule: it is the derivation's simplification, checked beside the verdict; clipping X_i to
  the bound is another alternative.
"""

from __future__ import annotations

from fractions import Fraction

from core.errors import invalid
from core.exact import as_fraction
from numeric.definitions.registry import Reading, register

__all__ = ["GS_SQUARED", "GS_L2", "global_sensitivity", "SECTION22_FIXED", "SECTION22_SAMPLED",
           "SECTION32_SAMPLED", "SECTION32_FIXED", "RELEASE_UNCONDITIONAL", "RELEASE_NO_STOP",
           "RELEASE_CLIPPED", "DP_004"]

DP_004 = register(Reading(
    name="(eps, delta)-DP (004 Definition 2)", notion="DP (004)", source="004 Definition 2", primary=True,
    text=(r"$\Pr[A(D) \in S] \le e^{\epsilon} \Pr[A(D') \in S] + \delta$ for all neighbours $D \sim D'$ and events "
          r"$S$; for the Gaussian mechanism decided by the exact curve $\delta(\epsilon)$ of Balle and Wang (2018)"),
))

GS_SQUARED = register(Reading(
    name="GS: squared", notion="global sensitivity (004)", source="004 §2.1 as printed", primary=True,
    text="$GS(f) = \\max_{D \\sim D'} \\|f(D) - f(D')\\|^2$, the squared norm as printed in §2.1 (well-formed, so "
         "read as printed)",
))

GS_L2 = register(Reading(
    name="GS: l2", notion="global sensitivity (004)", source="004 §3.1's use and Dwork–Roth [5] (a correction)",
    text="a correction of §2.1's definition, not a reading of it: $GS(f) = \\max_{D \\sim D'} \\|f(D) - f(D')\\|_2$ "
         "(unsquared), the width $2(R + \\sigma t)$ that §3.1 uses and the sensitivity of Dwork–Roth, whom §2.1 cites",
))

SECTION22_FIXED = register(Reading(
    name="§2.2 data: fixed dataset", notion="data model (004 §2.2)", source="004 §2.2", primary=True,
    text=r"$D \in \{0,1\}^n$ is fixed ($\theta_1 = k/n$); only the randomized answers are random",
))

SECTION22_SAMPLED = register(Reading(
    name="§2.2 data: i.i.d. inputs", notion="data model (004 §2.2)", source="004 §2.2",
    text=r"the $n$ inputs are i.i.d. Bernoulli($\theta_1$), then randomized",
))

SECTION32_SAMPLED = register(Reading(
    name="§3.2 data: i.i.d. sample", notion="data model (004 §3.2)", source="004 §3.2", primary=True,
    text=(r"the $n$ individuals are i.i.d. from the distribution of $X$; type $i$ with probability $\theta_i$ (the "
          "multinomial model of §3.2)"),
))

SECTION32_FIXED = register(Reading(
    name="§3.2 data: fixed dataset", notion="data model (004 §3.2)", source="004 §3.2",
    text=r"the $n$ values are fixed; $\nu$ is the binned mean of the dataset, only the answers are random",
))

RELEASE_NO_STOP = register(Reading(
    name="§3.1 release: conditional on no stop", notion="release (004 §3.1)", source="004 §3.1", primary=True,
    text="the mechanism as specified: it 'will stop and return nothing if a value of $X_i$ is sampled outside of our "
         "bound', so it releases only when every $X_i$ lies in $[-B, B]$, $B = R + \\sigma t$, "
         "$t = \\sqrt{2 \\ln(2n/\\delta)}$, and what it releases has the law conditional on that event",
))

RELEASE_UNCONDITIONAL = register(Reading(
    name="§3.1 release: as derived", notion="release (004 §3.1)", source="004 §3.1 (the derivation)",
    text="the derivation's simplification, not the mechanism: $Z_i = X_i + Y_i$ with $X_i \\sim N(\\mu, \\sigma^2)$ "
         "unrestricted, as the report derives $Z_i \\sim N(\\mu, \\sigma^2 + \\tilde\\sigma^2)$ (the stop rule "
         "left out)",
))

RELEASE_CLIPPED = register(Reading(
    name="§3.1 release: clipped", notion="release (004 §3.1)", source="004 §3.1",
    text="$X_i$ is clipped to $[-B, B]$ before the noise is added (not the mechanism as specified)",
))


def global_sensitivity(l2_sensitivity: Fraction | int | str, reading: str = GS_SQUARED.name) -> Fraction:
    """GS(f) of a query whose largest change over neighbours has ℓ2 norm ``l2_sensitivity`` = Δ > 0:
    Δ² under ``"GS: squared"`` (as printed in 004 §2.1, primary), Δ under ``"GS: l2"`` (the correction)."""
    value = as_fraction("sensitivity", l2_sensitivity)
    if not value > 0:
        raise invalid("sensitivity", l2_sensitivity, "an l2 sensitivity is positive")
    if reading == GS_SQUARED.name:
        return value ** 2
    if reading == GS_L2.name:
        return value
    raise invalid("reading", reading, f"not one of {[GS_SQUARED.name, GS_L2.name]}")
