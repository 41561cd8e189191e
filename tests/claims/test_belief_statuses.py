"""The status of every belief-function claim (003 §2, §3.1 Lemmas 3.2-3.4, §3.2 Lemmas 3.14-3.16, epsS, epsW) as
the toolkit computes it at the quick budget, each earned by at least two independent methods."""

from __future__ import annotations

import pytest

from tests.claims.quick_results import quick

STATUS = [
    ("D2.mobius", "proved"), ("D2.belief-iff", "supported"),
    ("L3.2", "proved"), ("L3.2.remark", "proved"), ("L3.3", "proved"), ("L3.4", "proved"),
    ("L3.4.proof.pushforward", "refuted"), ("D3.1.bayesian", "proved"), ("epsS", "proved"),
    ("L3.14", "proved"), ("L3.14@000", "proved"), ("L3.14.proof", "proved"), ("L3.14.converse", "proved"),
    ("L3.15", "proved"), ("L3.16", "proved"), ("L3.16.proof.credal-pushforward", "proved"), ("epsW", "proved"),
]


@pytest.mark.parametrize("claim_id,status", STATUS, ids=[c for c, _ in STATUS])
def test_status_at_quick_budget(claim_id, status):
    result = quick(claim_id)
    assert result.status.value == status, result.verdict.reason
    assert len({e.method for e in result.evidence if e.reading is None}) >= 2


@pytest.mark.parametrize("claim_id", [c for c, s in STATUS if s == "supported"])
def test_supported_claims_say_what_a_proof_would_need(claim_id):
    result = quick(claim_id)
    text = result.claim.interpretation + " ".join(e.domain for e in result.evidence)
    assert "proof would need" in text or "proof for larger frames would need" in text
