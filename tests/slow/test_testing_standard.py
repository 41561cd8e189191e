"""The two equivalences of 003 §3.1-3.2 (Theorems 3.5 and 3.18) at the standard budget: the statuses the
toolkit computes there are those pinned at quick in tests/claims/test_testing_claims.py, and the larger grids
still count premise cases for every implication (support over no premise case would be vacuous), except where
the printed premise never holds (``VACUOUS``: there every primary piece of evidence is vacuous and says why)."""

from __future__ import annotations

import pytest

from proofs.base.evidence import Outcome
from proofs.runner import run_claim
from tests.claims.test_testing_claims import STATUS, VACUOUS
from tests.shared_results import shared_claim

pytestmark = pytest.mark.slow


EQUIVALENCES = [s for s in STATUS if s[0].startswith(("T3.5.forward", "T3.5.converse", "T3.18.forward",
                                                     "T3.18.converse"))]


@pytest.mark.parametrize("claim_id, status, readings", EQUIVALENCES, ids=[s[0] for s in EQUIVALENCES])
def test_testing_claim_at_standard(claim_id, status, readings):
    result = shared_claim(claim_id, "standard", lambda: run_claim(claim_id, "standard"))  # the README's run shares it
    assert result.status is status, result.verdict.reason
    primary = [e for e in result.evidence if e.reading is None and e.outcome in (Outcome.HOLDS, Outcome.PROVED)]
    if claim_id in VACUOUS:
        assert primary and all(e.vacuous for e in primary)
    else:
        assert all(e.premise_cases != 0 for e in primary)
