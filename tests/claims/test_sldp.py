"""The SLDP claims of 003 §3.1 (Lemmas 3.2-3.4, the push-forward step, D3.1.bayesian, epsS) at the quick
budget: statuses computed by the toolkit from evidence, the premise counts, the refuted proof step with its
exact counterexample and its verified correction."""

from __future__ import annotations

from fractions import Fraction

import pytest

from numeric.mechanisms import Mechanism
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from tests.claims.quick_results import quick as result

IMPLICATIONS = ["L3.2", "L3.3", "L3.4", "D3.1.bayesian"]


@pytest.mark.parametrize("claim_id", IMPLICATIONS)
def test_implications_count_the_cases_where_the_premise_held(claim_id):
    r = result(claim_id)
    assert r.claim.premise
    for e in r.evidence:
        unconditional = e.domain.startswith("part (b)")  # D3.1.bayesian (b) holds for every Q: no premise
        if e.reading is None and e.outcome in (Outcome.HOLDS, Outcome.PROVED) and not unconditional:
            assert e.premise_cases and e.premise_cases > 0, (e.method, e.domain)


def test_L3_2_premise_holds_for_a_good_share_of_the_grid():
    grid = next(e for e in result("L3.2").evidence if e.method.value == "enumeration")
    assert grid.premise_cases >= grid.detail["cases checked"] // 10


@pytest.mark.parametrize("claim_id", ["L3.2", "L3.2.remark", "L3.3", "L3.4", "D3.1.bayesian"])
def test_whole_domain_arguments_decide_every_step(claim_id):
    decision = next(e for e in result(claim_id).evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED
    assert all(s["result"] in ("valid", "proved", "identity", "true") for s in decision.detail["steps"])


def test_L3_2_remark_witness_is_q2x3_three_fifths_one_fifth():
    enumeration = next(e for e in result("L3.2.remark").evidence if e.method.value == "enumeration")
    assert enumeration.detail["witness Q_{2x3}(3/5, 1/5)"] == {"eps_pl": "log(2)", "eps_S": "log(3)"}


def test_L3_4_proof_pushforward_counterexample_lies_in_the_domain_and_is_rechecked():
    """The printed m^{f∘Q}_x(E) = m_x(f^{-1}(E)) fails: recompute both sides exactly from the reported case."""
    r = result("L3.4.proof.pushforward")
    assert r.status is Status.REFUTED
    for e in r.evidence:
        if e.reading is None and e.outcome is Outcome.COUNTEREXAMPLE:
            ce = e.counterexample
            assert e.recheck.value == "exact"
            Q = Mechanism.from_json(ce["Q"])
            f, codomain = ce["f"], tuple(ce["Z"])
            assert set(f) == set(Q.frame) and set(f.values()) <= set(codomain)  # a deterministic f: Y -> Z
            x, event = str(ce["x"]), frozenset(ce["E"])
            preimage = frozenset(y for y in Q.frame if f[y] in event)
            lhs = Q.post_process(f, codomain)[x].m(event)
            rhs = Q[x].m(preimage) if preimage else Fraction(0)
            assert lhs != rhs and (lhs, rhs) == (Fraction(ce["lhs"]), Fraction(ce["rhs"]))


def test_L3_4_proof_pushforward_first_counterexample_has_every_subset_focal():
    """003 §2 assumes 'all subsets are focal' without further notice: the reported counterexample lies there."""
    Q = Mechanism.from_json(result("L3.4.proof.pushforward").verdict.counterexample["Q"])
    assert all(len(Q[x].focal_sets()) == (1 << len(Q.frame)) - 1 for x in Q.inputs)


def test_L3_4_proof_pushforward_correction_is_verified_and_the_set_map_reading_holds():
    r = result("L3.4.proof.pushforward")
    assert r.verdict.corrected and "f(B)=E" in r.verdict.corrected
    assert correction_status(r.verdict.correction) is Status.PROVED
    reading = next(e for e in r.evidence if e.reading is not None)
    assert reading.outcome is Outcome.HOLDS


def test_L3_4_alternative_readings_are_checked_beside_the_verdict():
    readings = [e for e in result("L3.4").evidence if e.reading is not None]
    assert len(readings) == 2 and all(e.outcome is Outcome.HOLDS for e in readings)


def test_epsS_decided_by_z3_on_the_whole_domain_with_the_boundary():
    decision = next(e for e in result("epsS").evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED and "whole domain" in decision.domain
    assert "shown" in decision.detail["attained"] and "q = 0" in decision.detail


def test_epsS_without_p_above_one_half_fails_outside_the_papers_domain():
    reading = next(e for e in result("epsS").evidence if e.reading is not None)
    assert reading.outcome is Outcome.COUNTEREXAMPLE
    ce = reading.counterexample
    assert Fraction(ce["p"]) <= Fraction(1, 2)  # the paper assumes p > 1/2: not a counterexample to epsS
    assert ce["r_S"] != ce["expected ratio"]
