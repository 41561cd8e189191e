"""The claims of the report 004 §3.1 (the Gaussian baseline) at the quick budget: statuses, the tail
counterexample re-checked with certified balls, the two definitions of GS against the printed identity,
and the readings of the release."""

from __future__ import annotations

from fractions import Fraction
import pytest

from core.context import arb
from numeric import meanest_gaussian as gaussian
from proofs.base.evidence import Outcome
from tests.claims.report_results import assert_status, result

EXPECTED = [("R.tail", "refuted"), ("R.gs-identity", "proved"), ("R.zbar-unbiased", "proved"),
            ("R.ci-gauss", "proved")]



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
    assert r.verdict.holds_when.startswith("mu >= 0") and r.verdict.corrected is not None
    assert all(e.premise_cases for e in r.evidence if e.reading is None)


def test_R_gs_identity_satisfies_the_l2_definition_not_the_squared_one():
    r = result("R.gs-identity")
    squared = [e for e in r.evidence if e.reading == "GS: squared"]
    assert squared and all(e.outcome is Outcome.COUNTEREXAMPLE for e in squared)
    for ctx in arb(50).confirmations():                 # R = 1, sigma = 1, n = 1, delta = 1/2: (2B)^2 != 2B
        with ctx.active():
            width = 2 * gaussian.release_bound(1, 1, 1, Fraction(1, 2), ctx)
            assert width * width - width > 0
    assert any("1/2" in (e.holds_when or "") for e in squared)


@pytest.mark.parametrize("reading,mean_of", [("§3.1 release: conditional on no stop", gaussian.truncated_mean),
                                             ("§3.1 release: clipped", gaussian.clipped_mean)],
                         ids=["conditional", "clipped"])
def test_R_zbar_unbiased_is_biased_when_the_release_is_bounded_unless_mu_is_0(reading, mean_of):
    evidence = next(e for e in result("R.zbar-unbiased").evidence if e.reading == reading and
                    e.outcome is Outcome.COUNTEREXAMPLE)
    assert evidence.holds_when.startswith("mu = 0")
    ctx = arb(50)
    with ctx.active():
        bound = gaussian.release_bound(1, 1, 1, Fraction(1, 2), ctx)
        assert mean_of(1, 1, -bound, bound, ctx) < 1                 # pulled towards 0
        assert mean_of(0, 1, -bound, bound, ctx).contains(0)


def test_R_ci_gauss_simulations_state_replicates_and_seeds():
    sims = [e for e in result("R.ci-gauss").evidence if e.method.value == "simulation"]
    assert sims and all(e.outcome is not Outcome.PROVED for e in sims)
    for e in sims:
        for run in e.detail["runs"]:
            assert run["replicates"] > 0 and "seed" in run and "coverage interval (Wilson, 99.9%)" in run
