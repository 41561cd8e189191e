"""Every claim's evidence reads back as itself: from a pickle (how the results of a run's worker processes, of
Dask's workers and of kept runs arrive) and, step by step, from its JSON form (how ``export --from`` reads a
report).

004's Gaussian mechanism (R.gaussian) records ``delta(eps) > delta`` between two numbers, both sides enclosed in
balls; sympy's own rebuilding decided it into ``true``, a step that cannot fail, which the report then showed as
stated. That claim is computed here, in this process, so that its relation has never crossed a process before
the test pickles it. The other claims' quick results are the session's shared ones, which may already have
crossed a process: for them the test shows that reading back changes nothing more.
"""

from __future__ import annotations

import pickle

import pytest

from proofs.base import registry
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import Holds, cannot_fail, step_from_json
from proofs.runner import run_claim
from tests.claims.quick_results import quick

CLAIMS = [claim.id for claim in registry.claims()]


def _reads_back(claim_id, result):
    again = pickle.loads(pickle.dumps(result))
    assert [e.to_json() for e in again.evidence] == [e.to_json() for e in result.evidence]
    for evidence in result.evidence:
        for step in evidence.steps or ():
            assert step_from_json(step.to_json()) == step, f"{claim_id}: {step.says}"
        read = [s.to_json() for s in all_steps(evidence)]
        assert [s.to_json() for s in all_steps(pickle.loads(pickle.dumps(evidence)))] == read, claim_id


@pytest.mark.parametrize("claim_id", CLAIMS)
def test_the_evidence_of_every_claim_reads_back_as_itself(claim_id):
    _reads_back(claim_id, quick(claim_id))


def test_R_gaussian_relation_between_numbers_reads_back_from_a_result_computed_here():
    result = run_claim("R.gaussian", "quick")
    between_numbers = [s for e in result.evidence for s in e.steps or ()
                       if isinstance(s, Holds) and s.condition.is_Relational and not s.condition.free_symbols]
    assert between_numbers and all(cannot_fail(s) is None for s in between_numbers), "no relation between numbers"
    _reads_back("R.gaussian", result)
