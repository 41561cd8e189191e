"""Peers side by side: the toolkit's exact δ(ε) of the Laplace and Gaussian mechanisms against Google's
``dp_accounting`` (``pld.privacy_loss_mechanism``), sensitivity 1, on a grid of ε: they agree to 1e-10.

The toolkit's δ(ε) is the hockey-stick divergence sup_{t, t'} ∫ (f(y | t) − e^ε f(y | t'))₊ dy that
``check_ldp(..., delta=...)`` decides (:mod:`proofs.engines.density_ldp`): certified integration of the
density as printed (``hockey_stick``, an arb ball) for both mechanisms, and the Gaussian's closed form
Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ) (``gaussian_delta``, Balle and Wang 2018). ``dp_accounting``
computes δ(ε) from its own analytic privacy-loss distributions (Laplace: Koskela et al.'s closed form;
Gaussian: the same Φ formula through scipy), a separate implementation. The inputs are t = 0 and t' = 1
(sensitivity 1), where the supremum over the interval [0, 1] is attained.

ε and the scales are dyadic rationals, exact in binary, so both sides see the same numbers.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from proofs import check_ldp, continuous as C
from proofs.engines.density_ldp import gaussian_delta, hockey_stick

dp_accounting = pytest.importorskip("dp_accounting", reason="the peer comparison needs dp-accounting (the 'test' "
                                    "extra installs it: pip install -e '.[test]')")
from dp_accounting.pld import privacy_loss_mechanism  # noqa: E402  (after the import check)

EPSILONS = ("0", "1/8", "1/2", "1", "3/2", "2", "3")
SCALES = ("1/2", "1", "2")
TOLERANCE = 1e-10


def _float(ball) -> float:
    """The midpoint of an arb ball whose radius is far below the tolerance."""
    assert float(ball.rad()) < 1e-30, ball
    return float(ball.mid())


@pytest.mark.parametrize("scale", SCALES, ids=[f"b={b}" for b in SCALES])
@pytest.mark.parametrize("eps", EPSILONS, ids=[f"eps={e}" for e in EPSILONS])
def test_laplace_delta_agrees_with_dp_accounting(eps, scale):
    law = C.laplace(scale, interval=(0, 1))
    ours = _float(hockey_stick(law, eps, sympy.Integer(0), sympy.Integer(1), {}))
    theirs = privacy_loss_mechanism.LaplacePrivacyLoss(float(Fraction(scale)), sensitivity=1.0) \
        .get_delta_for_epsilon(float(Fraction(eps)))
    assert abs(ours - theirs) <= TOLERANCE, (ours, theirs)


@pytest.mark.parametrize("sigma", SCALES, ids=[f"sigma={s}" for s in SCALES])
@pytest.mark.parametrize("eps", EPSILONS, ids=[f"eps={e}" for e in EPSILONS])
def test_gaussian_delta_agrees_with_dp_accounting(eps, sigma):
    law = C.gaussian(sigma, interval=(0, 1))
    integrated = _float(hockey_stick(law, eps, sympy.Integer(0), sympy.Integer(1), {}))
    closed = float(sympy.N(gaussian_delta(sympy.Rational(sigma) ** 2, 1, sympy.Rational(eps)), 40))
    theirs = privacy_loss_mechanism.GaussianPrivacyLoss(float(Fraction(sigma)), sensitivity=1.0) \
        .get_delta_for_epsilon(float(Fraction(eps)))
    assert abs(integrated - theirs) <= TOLERANCE, (integrated, theirs)
    assert abs(closed - theirs) <= TOLERANCE, (closed, theirs)


def test_the_decision_agrees_with_dp_accounting_on_either_side_of_delta():
    """check_ldp's (ε, δ) verdict for σ = 1 at ε = 1 is 'proved' just above dp_accounting's δ(1) and 'refuted'
    just below it."""
    theirs = privacy_loss_mechanism.GaussianPrivacyLoss(1.0, sensitivity=1.0).get_delta_for_epsilon(1.0)
    law = C.gaussian("1", interval=(0, 1))
    above = Fraction(theirs + 1e-6).limit_denominator(10 ** 9)
    below = Fraction(theirs - 1e-6).limit_denominator(10 ** 9)
    assert check_ldp(law, "1", delta=str(above)).status.value == "proved"
    assert check_ldp(law, "1", delta=str(below)).status.value == "refuted"
