"""The claims of issue 6 (003 Theorems 3.5, 3.18, Corollaries 3.6, 3.19), run at the ``quick`` budget.

Statuses are asserted only because the toolkit computed them; each counterexample is re-checked here from
its reported values, independently of the check that found it.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from numeric.belief import MassFunction
from numeric.mechanisms import q2x3
from numeric.tradeoff import TestingProblem
from numeric.tradeoff_bounds import BOUNDS
from proofs.base import registry
from proofs.base.evidence import Outcome
from proofs.runner import run_claim
from proofs.base.verdict import Status

IDS = ["T3.5.forward", "T3.5.converse", "C3.6.lower", "C3.6.upper",
       "T3.18.forward", "T3.18.converse", "C3.19.pe", "C3.19.op"]


@pytest.fixture(scope="module")
def results():
    return {cid: run_claim(cid, "quick") for cid in IDS}


EXPECTED = [
    # (claim, status computed at the quick budget, alternative readings and their outcomes)
    ("T3.5.forward", Status.REFUTED, {"interval": Outcome.HOLDS}),
    ("T3.5.converse", Status.REFUTED, {"interval": Outcome.COUNTEREXAMPLE, "message-space": Outcome.HOLDS}),
    ("C3.6.lower", Status.SUPPORTED, {"interval": Outcome.HOLDS, "table": Outcome.HOLDS,
                                      "table = product": Outcome.HOLDS,
                                      "proof step: eps-SLDP => e^-eps <= (1-q)/q, (1-p)/p <= e^eps":
                                          Outcome.COUNTEREXAMPLE}),
    ("C3.6.upper", Status.REFUTED, {"interval": Outcome.COUNTEREXAMPLE, "table": Outcome.COUNTEREXAMPLE}),
    ("T3.18.forward", Status.REFUTED, {"upper-boundary": Outcome.HOLDS}),
    ("T3.18.converse", Status.PROVED, {"upper-boundary": Outcome.COUNTEREXAMPLE}),
    ("C3.19.pe", Status.SUPPORTED, {}),
    ("C3.19.op", Status.REFUTED, {"upper-boundary": Outcome.COUNTEREXAMPLE}),
]


@pytest.mark.parametrize("claim_id, status, readings", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_tradeoff_claims_status_and_readings(results, claim_id, status, readings):
    result = results[claim_id]
    assert result.status is status, result.verdict.reason
    for reading, outcome in readings.items():
        found = {e.outcome for e in result.evidence if e.reading == reading}
        assert found == {outcome}, (reading, found)


@pytest.mark.parametrize("claim_id", IDS)
def test_tradeoff_claims_are_fully_encoded(claim_id):
    claim = registry.get(claim_id)
    assert claim.interpretation and claim.domain != "as printed; not yet encoded"
    assert len({c.method for c in registry.checks_for(claim_id)}) >= 2


@pytest.mark.parametrize("claim_id", ["T3.5.forward", "T3.5.converse", "C3.6.upper", "T3.18.forward", "C3.19.op"])
def test_refuted_tradeoff_claims_carry_a_verified_correction(results, claim_id):
    verdict = results[claim_id].verdict
    assert verdict.corrected is not None, "the correction's own evidence must earn proved or supported"


def _problem(cx: dict) -> TestingProblem:
    def row(masses: dict) -> MassFunction:
        labels = sorted({y for key in masses for y in key.strip("{}").split(",")})
        frame = ("yes", "no") if set(labels) <= {"yes", "no"} else tuple(labels)
        return MassFunction(frame, {frozenset(k.strip("{}").split(",")): F(v) for k, v in masses.items()})

    return TestingProblem(row(cx["m_x"]), row(cx["m_x'"]))


def test_T3_5_forward_counterexample_rechecked(results):
    """Q_2x3(3/5, 1/5), R = {yes}: alpha_phi = pl_x(R) = 4/5, beta_phi = pl_x'(R^c) = 4/5 > U(4/5) = 3/5 at e^eps = 3."""
    cx = results["T3.5.forward"].verdict.counterexample
    problem = _problem(cx)
    errors = problem.errors(frozenset({"yes"}))
    assert (errors.alpha_upper, errors.beta_upper) == (F(cx["type I error"]), F(cx["type II error"])) == (F(4, 5), F(4, 5))
    assert problem.ratio("shafer") == 3 == F(cx["r = e^eps"])
    assert BOUNDS["U"](F(4, 5), F(3)) == F(3, 5) < F(4, 5)


def test_C3_6_upper_counterexample_rechecked(results):
    """The test that never rejects (alpha^2 = 0, beta^2 = 1) exceeds U^2(0) = (3 - e^{-2 eps})/(e^eps + 1) < 1."""
    cx = results["C3.6.upper"].verdict.counterexample
    r = F(cx["r = e^eps"])
    assert (F(cx["type I error"]), F(cx["type II error"])) == (0, 1)
    assert BOUNDS["U2"](F(0), r) == F(cx["bound value"]) < 1
    assert _problem(cx).ratio("shafer") <= r


def test_T3_5_converse_counterexample_rechecked(results):
    """Statement 2 holds at r (both orders, every region) but the Shafer loss exceeds r."""
    cx = results["T3.5.converse"].verdict.counterexample
    problem, r = _problem(cx), F(cx["r = e^eps"])
    for p in (problem, problem.swapped()):
        for _, e in p.deterministic:
            assert BOUNDS["u"](e.alpha_upper, r) <= e.beta_upper <= BOUNDS["U"](e.alpha_upper, r)
    assert not problem.ratio("shafer") <= r


def test_T3_18_forward_printed_T_op_is_identically_one():
    problem = TestingProblem.of(q2x3(F(3, 5), F(1, 5)), "x", "x'")
    T = problem.tradeoff_op("printed")
    assert all(T(F(i, 10)) == 1 for i in range(11)) and BOUNDS["f_op"](F(1), F(4)) == 0
