"""003's appendix, Lemmas 4.1-4.6 and the proof of Lemma 4.1 (catalog/claims/appendix_lemmas.py), at the
quick budget: proofs for every n, and counterexamples re-checked inside the domains (the statuses are
pinned in test_survey_statuses)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.context import EXACT
from proofs.base.evidence import Method, Outcome
from catalog.derivations import printed as P
from tests.claims.quick_results import quick


@pytest.mark.parametrize("claim_id", ["L4.2", "L4.4"])
def test_L4_2_and_L4_4_are_proved_for_every_n(claim_id):
    (proof,) = [e for e in quick(claim_id).evidence if e.outcome is Outcome.PROVED]
    assert proof.method is Method.SYMBOLIC and "every n >= 1" in proof.domain
    assert any("WZ" in step for step in proof.detail["steps checked by sympy"])


def test_L4_1_proof_range_counterexample_is_in_the_domain_and_exact():
    verdict = quick("L4.1.proof.range").verdict
    point = verdict.counterexample
    values = {"n": int(point["n"]), **{k: Fraction(point[k]) for k in ("q1", "q2", "q3")}}
    assert values["q1"] >= 0 and values["q2"] >= 0 and values["q1"] + values["q2"] > 0
    assert values["q1"] + values["q2"] + values["q3"] == 1 and values["n"] >= 1
    printed_sum, closed = EXACT.evaluate(P.L41_PROOF_SUM, values), EXACT.evaluate(P.L41_PROOF_CLOSED, values)
    assert printed_sum != closed and (Fraction(point["lhs"]), Fraction(point["rhs"])) == (printed_sum, closed)
    assert verdict.corrected is not None and "0\\le n_3" in verdict.corrected


def test_L4_1_proof_range_full_range_reading_is_proved():
    other = [e for e in quick("L4.1.proof.range").evidence if e.reading and e.outcome is Outcome.PROVED]
    assert other and "0 <= n3 <= n-1" in other[0].reading


def test_L4_4_q3_free_counterexample_lies_off_the_simplex_where_the_sides_differ():
    (free,) = [e for e in quick("L4.4").evidence if e.reading == "q3 free (without q1 + q2 + q3 = 1)"]
    point = free.counterexample
    values = {"n": int(point["n"]), **{k: Fraction(point[k]) for k in ("q1", "q2", "q3")}}
    assert values["q1"] + values["q2"] + values["q3"] != 1 and values["q1"] + values["q2"] > 0
    left, right = EXACT.evaluate(P.L44_LHS, values), EXACT.evaluate(P.L44_RHS, values)
    assert left != right and (Fraction(point["lhs"]), Fraction(point["rhs"])) == (left, right)
