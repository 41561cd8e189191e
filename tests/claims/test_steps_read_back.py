"""Every claim's evidence reads back as itself, at the quick budget: from a pickle (how the results of a run's
worker processes, of Dask's workers and of kept runs arrive) and, step by step, from its JSON form (how
``export --from`` reads a report).

A step that came back as something else would change what the report says a machine checked: 004's Gaussian
mechanism (R.gaussian) records ``delta(eps) > delta`` between two numbers, both sides enclosed in balls, and
sympy's own rebuilding decided it into ``true``, a step that cannot fail, which the report then shows as stated.
"""

from __future__ import annotations

import pickle

import pytest

from proofs.base import registry
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import step_from_json
from tests.claims.quick_results import quick

CLAIMS = [claim.id for claim in registry.claims()]


@pytest.mark.parametrize("claim_id", CLAIMS)
def test_the_evidence_of_every_claim_reads_back_as_itself(claim_id):
    result = quick(claim_id)
    again = pickle.loads(pickle.dumps(result))
    assert [e.to_json() for e in again.evidence] == [e.to_json() for e in result.evidence]
    for evidence in result.evidence:
        for step in evidence.steps or ():
            assert step_from_json(step.to_json()) == step, f"{claim_id}: {step.says}"
        read = [s.to_json() for s in all_steps(evidence)]
        assert [s.to_json() for s in all_steps(pickle.loads(pickle.dumps(evidence)))] == read, claim_id
