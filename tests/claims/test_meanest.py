"""The 12 R.* claims of the report (004), run at the quick budget: the statuses asserted here are the ones
the toolkit computes from its evidence, together with the figures that earn them."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from proofs.runner import run_claim

EXPECTED = {
    "R.rr-eps": "proved", "R.warner-mle": "proved", "R.warner-var": "proved", "R.bassily-smith": "proved",
    "R.independence": "refuted", "R.nu-unbiased": "proved", "R.bias": "proved", "R.gaussian": "refuted",
    "R.tail": "refuted", "R.ci-gauss": "proved", "R.ci-rr": "refuted", "R.negative-variance": "proved",
}


@pytest.fixture(scope="module")
def results():
    return {cid: run_claim(cid, "quick") for cid in EXPECTED}


@pytest.mark.parametrize("claim_id", list(EXPECTED))
def test_R_claim_status_is_computed(results, claim_id):
    result = results[claim_id]
    assert result.status.value == EXPECTED[claim_id], result.verdict.reason
    assert len({e.method for e in result.evidence}) >= 2
    assert all(e.outcome.value != "error" for e in result.evidence)


@pytest.mark.parametrize("claim_id", [c for c, s in EXPECTED.items() if s == "refuted"])
def test_R_refuted_claims_carry_a_verified_correction(results, claim_id):
    verdict = results[claim_id].verdict
    assert verdict.corrected is not None
    assert verdict.counterexample


def test_R_independence_counterexample_is_the_negative_covariance(results):
    cx = results["R.independence"].verdict.counterexample
    assert F(cx["Cov"]) == -F(1, 4)  # -theta_1 theta_2 / n at theta = (1/2, 1/2), n = 1
    assert F(cx["Var[nu_hat] exact (bins [0,1],[1,2])"]) - F(cx["printed"]) == F(1, 4)


def test_R_ci_rr_exact_coverage_is_below_nominal(results):
    ev = [e for e in results["R.ci-rr"].evidence if e.method.value == "enumeration" and e.reading is None][0]
    assert F(ev.counterexample["exact coverage"]) < F(19, 20) - F(5, 100)


def test_R_gaussian_fails_below_eps_one_as_printed(results):
    cx = results["R.gaussian"].verdict.counterexample
    assert F(cx["eps"]) < 1 and F(cx["sensitivity"]) < 1


def test_R_simulations_state_replicates_and_seeds(results):
    sims = [e for cid in ("R.ci-gauss", "R.ci-rr") for e in results[cid].evidence if e.method.value == "simulation"]
    assert sims and all(e.outcome.value != "proved" for e in sims)
    for e in sims:
        for run in e.detail["runs"]:
            assert run["replicates"] > 0 and "seed" in run and "coverage interval (Wilson, 99.9%)" in run
