"""The belief-function claims at the quick budget: statuses computed by the toolkit from evidence, and the
figures behind them (examples searched, frames covered, witnesses, the alternative readings)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from numeric import strategies as S
from proofs.base.evidence import Outcome
from proofs.engines.methods import property_search
from proofs.runner import run_claim

EXPECTED = [("D2.mobius", "supported"), ("L3.2", "supported"), ("L3.2.remark", "supported"), ("L3.3", "supported"),
            ("L3.4", "supported"), ("L3.14", "supported"), ("L3.14@000", "supported"),
            ("L3.14.proof", "supported"), ("L3.15", "supported"), ("L3.16", "supported"),
            ("epsS", "proved"), ("epsW", "proved")]


@lru_cache(maxsize=None)
def result(claim_id: str):
    return run_claim(claim_id, "quick")


@pytest.mark.parametrize("claim_id,status", EXPECTED, ids=[c for c, _ in EXPECTED])
def test_belief_claim_status(claim_id, status):
    r = result(claim_id)
    assert r.status.value == status, r.verdict.reason
    methods = {e.method.value for e in r.evidence if e.reading is None}
    assert len(methods) >= 2, methods
    searches = [e for e in r.evidence if e.method.value == "property" and e.reading is None]
    assert searches and all(e.detail["examples"] >= e.detail["requested examples"] == 200 for e in searches)


@pytest.mark.parametrize("claim_id", ["epsS", "epsW"])
def test_epsS_epsW_decided_by_z3_on_the_whole_domain(claim_id):
    decision = next(e for e in result(claim_id).evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED
    assert [v for k, v in decision.detail.items() if k.startswith(("bound query", "attainment query"))] == ["unsat"] * 2
    assert "q = 0" in decision.detail["boundary"]


def test_L3_2_remark_witness_is_q2x3_three_fifths_one_fifth():
    enumeration = next(e for e in result("L3.2.remark").evidence if e.method.value == "enumeration")
    assert enumeration.detail["witness Q_{2x3}(3/5, 1/5)"] == {"eps_pl": "log(2)", "eps_S": "log(3)"}


def test_L3_14_fails_when_walley_pairs_are_distinct_but_the_conclusion_takes_x_equal_x_prime():
    r = result("L3.14")
    reading = next(e for e in r.evidence if e.reading == "x != x' in r^W, conclusion for all x, x' as printed")
    assert reading.outcome is Outcome.COUNTEREXAMPLE and reading.recheck.value == "exact"
    ce = reading.counterexample
    assert ce["x"] == ce["x'"] and ce["r^W (vertices)"] == "3/2" and ce["ratio"] == 2
    both = next(e for e in r.evidence if e.reading == "x != x' both in r^W and in the conclusion")
    assert both.outcome is Outcome.HOLDS


def test_L3_15_covers_non_rectangular_events_of_the_product_frame():
    r = result("L3.15")
    assert "every event of Y1 × Y2" in r.evidence[0].domain
    assert "ALL subsets" in r.claim.interpretation


@pytest.mark.parametrize("claim_id,readings", [("L3.4", 2), ("L3.16", 2)])
def test_post_processing_readings_are_all_checked(claim_id, readings):
    r = result(claim_id)
    checked = [e for e in r.evidence if e.reading is not None]
    assert len(checked) == readings and all(e.outcome is Outcome.HOLDS for e in checked)


def test_strategies_shrink_a_false_property_to_a_minimal_exact_counterexample():
    """'ε_W >= ε_S' is false (Shafer counts the message {a,b} the Walley loss does not see); the search
    must shrink to a two-label mechanism and re-check the two exact ratios."""
    def prop(Q):
        return Q.ratio_walley() >= Q.ratio_shafer(), {"r_S": str(Q.ratio_shafer()), "r_W": str(Q.ratio_walley())}

    evidence = property_search(S.mechanisms(max_labels=3, positive_singletons=True), lambda Q: prop(Q)[0],
                               examples=300, domain="test", recheck=prop, describe=lambda Q: {"Q": Q.to_json()})
    assert evidence.outcome is Outcome.COUNTEREXAMPLE
    ce = evidence.counterexample
    assert len(ce["Q"]["frame"]) == 2 and len(ce["Q"]["rows"]) == 2
    assert ce["r_S"] == "inf"
