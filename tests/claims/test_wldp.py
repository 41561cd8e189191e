"""The WLDP claims of 003 §3.2 (Lemma 3.14 with its variant, proof step and converse, Lemmas 3.15-3.16 with
the push-forward step, epsW) at the quick budget: statuses computed by the toolkit, premise counts, and the
counterexample of the distinct-pairs reading re-checked exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest

from numeric.definitions import ldp
from numeric.mechanisms import Mechanism
from proofs.base.evidence import Outcome
from tests.claims.quick_results import quick as result

IMPLICATIONS = ["L3.14", "L3.14@000", "L3.14.converse", "L3.15", "L3.16"]


@pytest.mark.parametrize("claim_id", ["L3.14", "L3.14@000", "L3.14.converse", "L3.15", "L3.16",
                                      "L3.16.proof.credal-pushforward", "epsW"])
def test_every_wldp_claim_names_the_primary_reading(claim_id):
    assert "WLDP" in result(claim_id).claim.definitions


@pytest.mark.parametrize("claim_id", IMPLICATIONS)
def test_implications_count_the_cases_where_the_premise_held(claim_id):
    r = result(claim_id)
    assert r.claim.premise
    for e in r.evidence:
        if e.reading is None and e.outcome in (Outcome.HOLDS, Outcome.PROVED):
            assert e.premise_cases and e.premise_cases > 0, (e.method, e.domain)


def test_L3_14_random_search_premise_holds_for_most_examples():
    search = next(e for e in result("L3.14").evidence if e.method.value == "property" and e.reading is None)
    assert search.premise_cases >= search.detail["examples"] // 2


def test_L3_14_fails_when_walley_pairs_are_distinct_but_the_conclusion_takes_x_equal_x_prime():
    """The counterexample of the reading 'distinct pairs in r^W' is at x = x' and re-checks exactly."""
    r = result("L3.14")
    reading = next(e for e in r.evidence if e.reading == "WLDP: distinct pairs in r^W, conclusion for all x, x' as printed")
    assert reading.outcome is Outcome.COUNTEREXAMPLE and reading.recheck.value == "exact"
    ce = reading.counterexample
    assert ce["x"] == ce["x'"]
    Q = Mechanism.from_json(ce["Q"])
    r_distinct = Q.ratio_walley_vertices("distinct")
    assert r_distinct == Fraction(ce["r^W (vertices)"]) == ldp.wldp_ratio(Q, "WLDP: distinct pairs")
    row, event = Q[str(ce["x"])], frozenset(ce["E"])
    assert row.pl(event) > r_distinct * row.bel(event)
    both = next(e for e in r.evidence if e.reading == "WLDP: distinct pairs in r^W and in the conclusion")
    assert both.outcome is Outcome.HOLDS


@pytest.mark.parametrize("claim_id", ["L3.14", "L3.14@000", "L3.14.proof", "L3.14.converse", "L3.15", "L3.16",
                                      "L3.16.proof.credal-pushforward"])
def test_whole_domain_arguments_decide_every_step(claim_id):
    decision = next(e for e in result(claim_id).evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED
    assert all(s["result"] in ("valid", "proved", "identity", "true") for s in decision.detail["steps"])


def test_L3_15_proved_through_singleton_ratios_with_its_finite_evidence_as_cross_checks():
    """r^W is the largest pl_x({y})/m_x'({y}) (mediant inequality, attained at G = {y}) and pl, m of a singleton
    of Y1 × Y2 factorise: proved for every frame; the grid and the random search, over every event of Y1 × Y2,
    stay as cross-checks."""
    r = result("L3.15")
    decision = next(e for e in r.evidence if e.method.value == "decision")
    says = [s["step"] for s in decision.detail["steps"]]
    assert any("mediant inequality" in s for s in says) and any("both sides meet" in s for s in says)
    assert decision.premise_cases == 1
    assert any("every event of Y1 × Y2" in e.domain for e in r.evidence if e.method.value != "decision")
    assert "all subsets" in r.claim.interpretation and "A proof would need" not in r.claim.interpretation


def test_L3_16_proof_states_only_what_is_proved_of_the_credal_sets():
    r = result("L3.16.proof.credal-pushforward")
    assert "one inclusion" in next(s["because"] for s in next(
        e for e in r.evidence if e.method.value == "decision").detail["steps"] if "push-forward" in s.get("step", ""))
    assert "checked on finite cases only" in r.claim.interpretation


def test_L3_16_credal_image_reading_is_reported_beside_the_verdict():
    readings = [e for e in result("L3.16").evidence if e.reading is not None]
    assert len(readings) == 1 and readings[0].outcome is Outcome.HOLDS


def test_epsW_decided_from_definition_3_13_on_the_whole_domain():
    decision = next(e for e in result("epsW").evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED and "whole domain" in decision.domain
    assert any(h.startswith("pr0_0 >= p") for h in decision.detail["hypotheses"])  # the credal set, literally
