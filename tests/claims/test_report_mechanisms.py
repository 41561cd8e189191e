"""The claims of the report 004 §2 (the Gaussian mechanism, randomized response, Bassily–Smith) at the quick
budget: statuses computed by the toolkit from its evidence, counterexamples inside each claim's domain and
re-checked here independently, corrections verified, premises counted."""

from __future__ import annotations

from fractions import Fraction
import pytest

from core.context import arb
from catalog.models import meanest as mechanisms
from catalog.models import meanest_gaussian as gaussian
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status
from tests.claims.report_results import assert_status, result

EXPECTED = [("R.gaussian", "refuted"), ("R.rr-eps", "proved"), ("R.warner-mle", "proved"), ("R.warner-var", "proved"),
            ("R.bassily-smith", "proved"), ("R.bassily-smith.ratio", "refuted")]



@pytest.mark.parametrize("claim_id,status", EXPECTED, ids=[c for c, _ in EXPECTED])
def test_R_section2_claim_status(claim_id, status):
    assert_status(claim_id, status)


@pytest.mark.parametrize("claim_id", ["R.gaussian", "R.rr-eps", "R.bassily-smith"])
def test_R_implications_count_their_premise(claim_id):
    assert result(claim_id).claim.premise
    primary = [e for e in result(claim_id).evidence if e.reading is None]
    assert primary and all(e.premise_cases for e in primary)


def test_R_gaussian_counterexample_eps_10_delta_1e5_is_certified():
    cx = result("R.gaussian").verdict.counterexample
    eps, delta, sensitivity = Fraction(cx["eps"]), Fraction(cx["delta"]), Fraction(cx["sensitivity"])
    assert (eps, delta, sensitivity) == (10, Fraction(1, 10 ** 5), 1)
    assert eps > 0 and 0 < delta < 1 and sensitivity > 0          # inside the claim's domain
    assert gaussian.gs_printed(sensitivity) == gaussian.gs_usual(sensitivity)     # Δ = 1: Δ² = Δ
    for ctx in arb(50).confirmations():                             # re-checked here, GS = Δ² as printed
        with ctx.active():
            value = gaussian.calibrated_delta(eps, delta, sensitivity, gaussian.gs_printed(sensitivity), ctx)
            assert value > ctx.number(delta)
            reference = ctx.number(Fraction("0.0000136441033672984829617991"))
            assert abs(value - reference) < ctx.number(Fraction(1, 10 ** 25))


def test_R_gaussian_reads_GS_as_printed_holds_for_delta_at_least_1_up_to_4_ln_2():
    r = result("R.gaussian")
    assert r.claim.definitions[0] == "GS: squared" and r.claim.readings == ("GS: l2",)
    assert "4 \\ln 2" in r.verdict.holds_when and "\\Delta \\ge 1" in r.verdict.holds_when
    primary = [e for e in r.evidence if e.reading is None]
    assert any(e.detail.get("where it holds, the argument") == "proved" for e in primary)
    proof = r.verdict.correction.evidence[0]
    assert proof.outcome is Outcome.PROVED and proof.premise_cases == 1
    small = [e for e in primary if e.counterexample and Fraction(e.counterexample["sensitivity"]) < 1]
    assert small and all(Fraction(e.counterexample["eps"]) < 1 for e in small)   # Δ < 1 fails at small ε too
    l2 = [e for e in r.evidence if e.reading == "GS: l2"]
    assert l2 and all(e.outcome is Outcome.COUNTEREXAMPLE for e in l2)        # the correction needs ε <= 4 ln 2


def test_R_bassily_smith_ratio_counterexample_is_exact():
    cx = result("R.bassily-smith.ratio").verdict.counterexample
    p = Fraction(cx["p"])
    mech = mechanisms.OneHotRR(p, 2)
    b = (0, 0)                                                      # b_t = b_t' = 0: the ratio is 1, not r^2
    assert (Fraction(cx["lhs"]), Fraction(cx["rhs"])) == (mech.pmf(b, 0) / mech.pmf(b, 1), mech.rr.ratio ** 2)
    assert cx["lhs"] != cx["rhs"] and 0 < p < Fraction(1, 2)
    bound = [e for e in result("R.bassily-smith.ratio").evidence if e.reading == "as an upper bound"]
    assert {e.outcome for e in bound} == {Outcome.PROVED, Outcome.HOLDS}


def test_R_rr_eps_and_warner_readings_are_reported_beside_the_verdict():
    mle = [e for e in result("R.warner-mle").evidence if e.reading]
    assert [e.outcome for e in mle] == [Outcome.COUNTEREXAMPLE]
    var = {e.reading: {x.outcome for x in result("R.warner-var").evidence if x.reading == e.reading}
           for e in result("R.warner-var").evidence if e.reading}
    assert var == {"§2.2 data: i.i.d. inputs": {Outcome.COUNTEREXAMPLE},
                   "'∼ N': exactly normal": {Outcome.COUNTEREXAMPLE}}


def test_R_warner_var_reads_N_as_the_large_sample_law():
    """'θ̂₁ ∼ N(θ₁, V)' reports Warner's large-sample result: mean θ₁ and variance V exactly (sympy for every n, k,
    p; exact laws on a grid) and the Berry–Esseen distance tending to 0 (proved, a limit the certificate re-runs);
    that the discrete θ̂₁ is never exactly normal (two atoms at n = 1) is another reading, not the verdict."""
    from proofs.base.evidence import Method
    from proofs.kernel.steps import Identity

    r = result("R.warner-var")
    assert r.status is Status.PROVED and r.claim.definitions[2] == "'∼ N': the large-sample law"
    primary = [e for e in r.evidence if e.reading is None]
    assert not any(e.outcome is Outcome.COUNTEREXAMPLE for e in primary)
    (proof,) = [e for e in primary if e.outcome is Outcome.PROVED]
    assert proof.method is Method.SYMBOLIC and set(proof.detail["steps"]) == {
        "E[theta_hat] = k/n = theta_1", "Var[theta_hat] is the printed variance", "the Berry-Esseen bound -> 0"}
    assert all(step["outcome"] == "proved" for step in proof.detail["steps"].values())
    limits = [s for s in proof.steps if isinstance(s, Identity) and "tends to 0" in s.says]
    assert limits and all(s.check() for s in proof.steps if s.machine_checked)
    assert Method.ENUMERATION in {e.method for e in primary if e.outcome is Outcome.HOLDS}
    (exactly,) = [e for e in r.evidence if e.reading == "'∼ N': exactly normal" and e.method is Method.ENUMERATION]
    cx = exactly.counterexample
    p, n, k = Fraction(cx["p"]), int(cx["n"]), int(cx["k"])
    rr = mechanisms.WarnerRR(p)
    assert 0 < p < Fraction(1, 2) and 0 <= k <= n and all(w > 0 for w in rr.count_law_fixed(k, n))
