"""003 §3.1-3.2 hypothesis testing (catalog/claims/testing_sldp.py, testing_wldp.py) at the quick budget: every
claim's status as the toolkit computes it, the outcomes of its alternative readings, its encoding (two methods,
named readings, related claims), the premise counts of its implications and the corrections of the refuted ones.
The counterexamples are re-checked in test_testing_sldp.py and test_testing_wldp.py."""

from __future__ import annotations

import pytest

from numeric.definitions import READINGS
from proofs.base import registry
from proofs.base.evidence import Method, Outcome
from proofs.kernel.grounds import certified, complete
from proofs.base.verdict import Status, correction_status
from tests.claims.quick_results import quick

STATUS = [
    # (claim, status at quick, {alternative reading: outcomes of its evidence})
    ("T3.5.forward", Status.REFUTED, {"T3.5 errors: interval": {Outcome.HOLDS, Outcome.PROVED}}),
    ("T3.5.converse", Status.REFUTED, {"T3.5 errors: interval": {Outcome.COUNTEREXAMPLE},
                                       "message-space": {Outcome.HOLDS}}),
    ("C3.6.lower", Status.PROVED, {"T3.5 errors: interval": {Outcome.HOLDS}, "table": {Outcome.HOLDS},
                                   "table = product": {Outcome.HOLDS}}),
    ("C3.6.upper", Status.REFUTED, {"T3.5 errors: interval": {Outcome.COUNTEREXAMPLE},
                                    "table": {Outcome.COUNTEREXAMPLE}}),
    ("T3.5.proof.choquet", Status.SUPPORTED, {}),
    ("T3.5.proof.upper", Status.REFUTED, {}),
    ("C3.6.proof.ratio", Status.REFUTED, {}),
    ("C3.6.proof.chain", Status.PROVED, {}),
    ("D3.17.pe-equals-SLDP", Status.PROVED, {"Definition 3.17 errors@000": {Outcome.COUNTEREXAMPLE}}),
    ("T3.18.forward", Status.REFUTED, {"T^op: inf": {Outcome.HOLDS}}),
    ("T3.18.converse", Status.VACUOUS, {"T^op: repaired": {Outcome.COUNTEREXAMPLE},
                                             "T^op: inf": {Outcome.COUNTEREXAMPLE},
                                             "WLDP: distinct pairs, T^op: repaired": {Outcome.COUNTEREXAMPLE}}),
    ("T3.18.proof.op", Status.REFUTED, {}),
    ("T3.18@000", Status.REFUTED, {"T^op: repaired": {Outcome.COUNTEREXAMPLE}}),
    ("C3.19.pe", Status.PROVED, {}),
    ("C3.19.op", Status.REFUTED, {"T^op: repaired": {Outcome.COUNTEREXAMPLE}, "T^op: inf": {Outcome.COUNTEREXAMPLE}}),
]
IDS = [s[0] for s in STATUS]
REFUTED = [s[0] for s in STATUS if s[1] is Status.REFUTED]
#: Implications whose premise never holds as printed: vacuous by the printed text, not by a thin grid.
VACUOUS = ["T3.18.converse"]
IMPLICATIONS = [i for i in IDS if registry.get(i).premise and i not in VACUOUS]


@pytest.mark.parametrize("claim_id, status, readings", STATUS, ids=IDS)
def test_testing_claims_status_and_readings(claim_id, status, readings):
    result = quick(claim_id)
    assert result.status is status, result.verdict.reason
    for reading, outcomes in readings.items():
        assert {e.outcome for e in result.evidence if e.reading == reading} == outcomes, reading


@pytest.mark.parametrize("claim_id", IDS)
def test_testing_claims_are_encoded_with_two_methods_and_named_readings(claim_id):
    claim = registry.get(claim_id)
    assert claim.interpretation and len({c.method for c in registry.checks_for(claim_id)}) >= 2
    assert claim.definitions and all(d in READINGS for d in claim.definitions)
    assert all(registry.get(other) for other, _ in claim.related)


@pytest.mark.parametrize("claim_id", IMPLICATIONS)
def test_implication_evidence_counts_its_premise_and_is_not_vacuous(claim_id):
    primary = [e for e in quick(claim_id).evidence if e.reading is None]
    assert all(e.premise_cases is not None for e in primary), [e.method.value for e in primary]
    vacuous = [e for e in primary if e.outcome in (Outcome.HOLDS, Outcome.PROVED) and e.premise_cases == 0]
    assert all("why the premise never holds" in e.detail for e in vacuous), "vacuous support must say why"


@pytest.mark.parametrize("claim_id", VACUOUS)
def test_vacuous_testing_claims_say_why_and_carry_a_checked_correction(claim_id):
    result = quick(claim_id)
    assert result.status is Status.VACUOUS
    assert result.verdict.reason.startswith("the premise never holds on the whole domain, proved by decision")
    primary = [e for e in result.evidence if e.reading is None]
    assert primary and all(e.vacuous for e in primary)
    assert any(e.premise_never_holds and "why the premise never holds" in e.detail for e in primary)
    correction = result.verdict.correction  # its status is its own evidence's (the repaired converse fails)
    assert correction is not None and correction_status(correction) is not Status.INCONCLUSIVE


@pytest.mark.parametrize("claim_id", REFUTED)
def test_refuted_testing_claims_carry_a_verified_correction(claim_id):
    assert quick(claim_id).verdict.corrected is not None, "the correction's own evidence must earn proved or supported"


def test_T3_5_proof_choquet_support_is_certified_by_its_regenerated_grid():
    """The supported verdict rests on the enumeration, whose steps regenerate its whole grid (rows with their
    tests, ordered pairs) standalone; the random search is left uncovered, as the certificate says."""
    result = quick("T3.5.proof.choquet")
    covered, missing = certified(result.status, result.evidence)
    assert complete(result.status, result.evidence)
    assert [e.method for e in covered] == [Method.ENUMERATION] and [e.method for e in missing] == [Method.PROPERTY]
    steps = [s for s in covered[0].steps if s.machine_checked]
    assert [s.procedure for s in steps] == ["choquet_rows", "choquet_pairs"]
    assert sum(s.cases for s in steps) == covered[0].detail["cases checked"] and all(s.check() for s in steps)
