"""The claims of the report 004 §3.2 (the binned mean with randomized response) at the quick budget:
statuses, exact counterexamples re-checked here, the coverage of the interval for μ at its largest bias and
its infimum over the whole domain, and the worked example's printed numbers."""

from __future__ import annotations

from fractions import Fraction
import pytest

from core.context import arb
from catalog.models import meanest as binned
from proofs.base.evidence import Outcome
from tests.claims.report_results import assert_status, result

EXPECTED = [("R.independence", "refuted"), ("R.nu-unbiased", "proved"), ("R.bias", "proved"),
            ("R.example-bias", "supported"), ("R.ci-rr", "refuted"), ("R.ci-mu", "refuted"),
            ("R.negative-variance", "proved")]
BINS = binned.Binning(0, 2, 1)
HALF = Fraction(1, 2)



@pytest.mark.parametrize("claim_id,status", EXPECTED, ids=[c for c, _ in EXPECTED])
def test_R_section32_claim_status(claim_id, status):
    assert_status(claim_id, status)


def test_R_independence_counterexample_is_the_negative_covariance():
    cx = result("R.independence").verdict.counterexample
    assert Fraction(cx["Cov"]) == -Fraction(1, 4)      # -theta_1 theta_2 / n at theta = (1/2, 1/2), n = 1
    assert Fraction(cx["exact"]) - Fraction(cx["printed"]) == Fraction(1, 4)


def _exact_coverage(n, target, slack):
    law = binned.joint_counts_sampled(Fraction(2, 5), (HALF, HALF), n)
    found = [binned.exact_ci_rr_coverage(BINS, law, target, Fraction(2, 5), n, Fraction(1, 20), slack=slack, ctx=ctx)
             for ctx in arb(50).confirmations()]
    (coverage, undecided), = {(c, info["undecided"]) for c, info in found}
    assert undecided == 0
    return coverage


def test_R_ci_rr_exact_coverage_is_below_nominal():
    ev = next(e for e in result("R.ci-rr").evidence if e.method.value == "enumeration" and e.reading is None)
    assert Fraction(ev.counterexample["exact coverage"]) == _exact_coverage(20, Fraction(1), 0) < Fraction(9, 10)


def test_R_ci_mu_largest_bias_lies_in_the_domain_and_undercovers():
    r = result("R.ci-mu")
    cx = next(e.counterexample for e in r.evidence if e.method.value == "enumeration" and e.reading is None)
    n, mu = int(cx["n"]), Fraction(cx["target"])
    # X in {1, 2} w.p. 1/2 with bins (0, 1], (1, 2]: theta = (1/2, 1/2), nu = 1, mu = 3/2 = nu + c/2 (|nu - mu| <= c/2)
    assert mu == Fraction(3, 2) and binned.binned_mean(BINS, (HALF, HALF)) == 1
    assert Fraction(cx["exact coverage"]) == _exact_coverage(n, mu, HALF) < Fraction(19, 20)
    assert r.verdict.corrected is not None


def test_R_ci_mu_reports_the_infimum_of_the_coverage_over_the_domain():
    """The coverage is optimised over the whole domain: 1/2 in the normal limit (proved, approached at centred
    bins as p -> 1/2), 0 at finite n (proved, approached at n = 1); no point value is called the worst."""
    detail = next(e.detail for e in result("R.ci-mu").evidence if e.method.value == "interval")
    assert detail["infimum of the limiting coverage over the domain"].startswith("1/2")
    assert detail["the limiting infimum, argument"] == "proved"
    towards_half = [float(v) for v in detail["limiting coverage at centred bins [-1, 0], [0, 1], theta = (1/2, 1/2), "
                                               "approaching 1/2"].values()]
    assert towards_half == sorted(towards_half, reverse=True) and 0.5 < towards_half[-1] < 0.52
    assert detail["infimum of the exact coverage at finite n over the domain"].startswith("0")
    assert detail["the finite-n infimum, argument"] == "proved"
    towards_zero = detail["exact coverage at n = 1, X in {1, 2} w.p. (1 - t, t), approaching 0"]
    for key, value in towards_zero.items():            # re-checked: exact coverage below t + (1/2 - p)
        t, p = (Fraction(part.split(" = ")[1]) for part in key.split(", "))
        theta = (1 - t, t)
        law = binned.joint_counts_sampled(p, theta, 1)
        found = {binned.exact_ci_rr_coverage(BINS, law, binned.binned_mean(BINS, theta) + HALF, p, 1, Fraction(1, 20),
                                             slack=HALF, ctx=ctx)[0] for ctx in arb(50).confirmations()}
        assert found == {Fraction(value)} and Fraction(value) <= 1 - (1 - t) * (HALF + p) ** 2
    text = result("R.ci-mu").claim.interpretation
    assert "infimum" in text and "worst case the text means is the largest bias" in text


def test_R_example_bias_printed_numbers_hold_only_approximately():
    r = result("R.example-bias")
    exact = [e for e in r.evidence if e.reading == "exact values"]
    assert [e.outcome for e in exact] == [Outcome.COUNTEREXAMPLE]
    ctx = arb(200)
    with ctx.active():
        theta, nu, mu = binned.clamped_normal_binned(50, 2, binned.Binning(-75, 75, 75), ctx)
        half_width = ctx.number(Fraction(75, 2))
        assert nu < half_width and half_width - nu < ctx.number(Fraction(1, 10 ** 130))
        assert abs(abs(nu - mu) - ctx.number(Fraction(25, 2))) < ctx.number(Fraction(1, 10 ** 30))


def test_R_negative_variance_witness_has_positive_probability():
    decision = next(e for e in result("R.negative-variance").evidence if e.method.value == "decision")
    witness = decision.detail["witness"]
    counts = (int(witness["S1"]), int(witness["S2"]))
    assert binned.lambda_sq(BINS, binned.theta_hat(counts, 2, Fraction(1, 10)), 2) < 0
    assert binned.joint_counts_sampled(Fraction(1, 10), (HALF, HALF), 2)[counts] > 0


def test_R_bias_readings_are_refuted_beside_a_proved_claim():
    readings = {e.reading: e.outcome for e in result("R.bias").evidence if e.reading}
    assert readings == {"printed ε/2": Outcome.COUNTEREXAMPLE, "untruncated mean": Outcome.COUNTEREXAMPLE}
