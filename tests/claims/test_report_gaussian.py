"""The claims of the report 004 §3.1 (the Gaussian baseline) at the quick budget: statuses, the tail
counterexample re-checked with certified balls, GS as printed (squared) against the printed identity and its
ℓ2 correction, and the mechanism as specified (stop rule included) against the derivation's simplification."""

from __future__ import annotations

from fractions import Fraction
import pytest

from core.context import arb, mpf
from catalog.models import meanest_gaussian as gaussian
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from tests.claims.report_results import assert_status, result

EXPECTED = [("R.tail", "refuted"), ("R.gs-identity", "refuted"), ("R.zbar-unbiased", "refuted"),
            ("R.ci-gauss", "supported")]



@pytest.mark.parametrize("claim_id,status", EXPECTED, ids=[c for c, _ in EXPECTED])
def test_R_section31_claim_status(claim_id, status):
    assert_status(claim_id, status)


def test_R_tail_counterexample_lies_in_the_domain_and_is_certified():
    r = result("R.tail")
    cx = r.verdict.counterexample
    mu, sigma, n, delta = Fraction(cx["mu"]), Fraction(cx["sigma"]), int(cx["n"]), Fraction(cx["delta"])
    assert sigma > 0 and n >= 1 and 0 < delta < 1
    for ctx in arb(50).confirmations():
        with ctx.active():
            assert gaussian.tail_probability(mu, sigma, n, delta, "printed", ctx) < ctx.number(1 - delta)
            assert gaussian.tail_probability(mu, sigma, n, delta, "centred", ctx) >= ctx.number(1 - delta)
    assert r.verdict.holds_when.startswith(r"$\mu \ge 0$") and r.verdict.corrected is not None
    assert all(e.premise_cases for e in r.evidence if e.reading is None)


def test_R_gs_identity_as_printed_is_2B_squared_and_its_l2_correction_is_proved():
    r = result("R.gs-identity")
    assert r.claim.definitions[0] == "GS: squared" and "GS: l2" in r.claim.readings
    cx = r.verdict.counterexample
    bound = Fraction(cx["B"])
    assert bound > 0 and (2 * bound) ** 2 != 2 * bound                  # every B > 0 occurs in the domain
    for ctx in arb(50).confirmations():                 # R = 1, sigma = 1, n = 1, delta = 1/2: (2B)^2 != 2B
        with ctx.active():
            width = 2 * gaussian.release_bound(1, 1, 1, Fraction(1, 2), ctx)
            assert width * width - width > 0
    assert "1/2" in r.verdict.holds_when
    assert "unsquared" in r.verdict.corrected and correction_status(r.verdict.correction) is Status.PROVED
    l2 = [e for e in r.evidence if e.reading == "GS: l2"]
    assert l2 and all(e.outcome in (Outcome.PROVED, Outcome.HOLDS) for e in l2)


@pytest.mark.parametrize("point,bias", [((1, Fraction(1, 2)), Fraction(-104264, 10 ** 6)),
                                        ((100, Fraction(1, 20)), Fraction(-99734, 10 ** 9))],
                         ids=["n1-delta-half", "n100-delta-0.05"])
def test_R_zbar_unbiased_is_biased_for_the_mechanism_as_specified(point, bias):
    """mu = R = 1, sigma = 1: E[Z bar | release] - mu, certified, is -0.104 (n = 1, delta = 1/2) and -1.0e-4
    (n = 100, delta = 1/20); the closed form agrees with quadrature."""
    n, delta = point
    for ctx in arb(50).confirmations():
        with ctx.active():
            value = gaussian.released_mean(1, 1, 1, n, delta, ctx) - 1
            assert abs(value - ctx.number(bias)) < ctx.number(Fraction(1, 10 ** 6) * abs(bias) * 10)
    ctx = mpf(50)
    with ctx.active():
        assert abs(gaussian.released_mean(1, 1, 1, n, delta, ctx)
                   - gaussian.released_mean_quadrature(1, 1, 1, n, delta, ctx)) < ctx.number(Fraction(1, 10 ** 30))


def test_R_zbar_unbiased_refuted_with_its_exact_bias_proved_and_the_derivation_beside():
    r = result("R.zbar-unbiased")
    assert r.claim.definitions[0] == "§3.1 release: conditional on no stop"
    cx = r.verdict.counterexample
    assert -Fraction(cx["R"]) <= Fraction(cx["mu"]) <= Fraction(cx["R"]) and int(cx["n"]) >= 1
    assert 0 < Fraction(cx["delta"]) < 1
    assert r.verdict.holds_when.startswith("$\\mu = 0$") and correction_status(r.verdict.correction) is Status.PROVED
    derived = [e for e in r.evidence if e.reading == "§3.1 release: as derived"]
    assert derived and {e.outcome for e in derived} <= {Outcome.PROVED, Outcome.HOLDS}


def test_R_zbar_unbiased_clipped_release_is_biased_unless_mu_is_0():
    evidence = next(e for e in result("R.zbar-unbiased").evidence if e.reading == "§3.1 release: clipped")
    assert evidence.outcome is Outcome.COUNTEREXAMPLE and evidence.holds_when.startswith("$\\mu = 0$")
    ctx = arb(50)
    with ctx.active():
        bound = gaussian.release_bound(1, 1, 1, Fraction(1, 2), ctx)
        assert gaussian.clipped_mean(1, 1, -bound, bound, ctx) < 1                 # pulled towards 0
        assert gaussian.clipped_mean(0, 1, -bound, bound, ctx).contains(0)


def test_R_ci_gauss_covers_at_n_1_for_the_mechanism_as_specified():
    r = result("R.ci-gauss")
    assert r.claim.definitions[0] == "§3.1 release: conditional on no stop"
    exact = next(e for e in r.evidence if e.reading is None and e.method.value == "enumeration")
    assert exact.outcome is Outcome.HOLDS and exact.detail["cases checked"] >= 12
    ctx = mpf(30)
    with ctx.active():                                  # the stop rule lifts the coverage above 1 - alpha here
        coverage = gaussian.released_coverage_one(1, 1, 1, 100, Fraction(1, 2), Fraction(1, 20), ctx)
        assert coverage > ctx.number(Fraction(97, 100))
    derived = [e for e in r.evidence if e.reading == "§3.1 release: as derived"]
    assert any(e.outcome is Outcome.PROVED for e in derived)


def test_R_ci_gauss_simulations_state_replicates_and_seeds():
    sims = [e for e in result("R.ci-gauss").evidence if e.method.value == "simulation"]
    assert sims and all(e.outcome is not Outcome.PROVED for e in sims)
    for e in sims:
        for run in e.detail["runs"]:
            assert run["replicates"] > 0 and "seed" in run and "coverage interval (Wilson, 99.9%)" in run
