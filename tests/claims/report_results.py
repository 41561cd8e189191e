"""The claims of the report 004 run once per test session at the quick budget (through
:mod:`tests.claims.quick_results`, shared with every claim test and the README's commands), shared by the
tests of its three sections, and the checks every one of them keeps (status as computed, two independent methods on
the primary reading, no error, a verified correction for each refutation)."""

from __future__ import annotations

from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from tests.claims.quick_results import quick as result


def assert_status(claim_id: str, status: str) -> None:
    r = result(claim_id)
    assert r.status.value == status, r.verdict.reason
    assert len({e.method for e in r.evidence if e.reading is None}) >= 2
    assert all(e.outcome is not Outcome.ERROR for e in r.evidence)
    if status == "refuted":
        verdict = r.verdict
        assert verdict.counterexample and verdict.corrected is not None
        assert correction_status(verdict.correction) in (Status.PROVED, Status.SUPPORTED)
