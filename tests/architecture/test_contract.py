"""The contract every registered check keeps (as every accountant of dp_accounting inherits one test):
it returns Evidence with a stated domain, never prints, and returns the same evidence when run twice.

The checks run at a tiny custom budget: a Budget's sizes, never its name, decide the grids, so this also
shows that a custom budget is honoured.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from proofs.base import registry
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence

TINY = Budget("contract", examples=10, n_max=3, grid=2, replicates=2_000, timeout=10.0)

CHECKS = [check for claim in registry.claims() for check in registry.checks_for(claim.id)]

#: Detail keys that measure time, not mathematics.
_TIMING = ("second", "time", "elapsed")


def _run(check) -> tuple[list[Evidence], str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        produced = check.function(TINY)
    items = [produced] if isinstance(produced, Evidence) else list(produced)
    return items, out.getvalue() + err.getvalue()


def _comparable(evidence: Evidence) -> str:
    data = evidence.to_json()
    data["detail"] = {k: v for k, v in data["detail"].items() if not any(t in k for t in _TIMING)}
    return json.dumps(data, sort_keys=True, default=str)


def test_the_contract_sees_every_claim():
    checked = {c.claim_id for c in CHECKS}
    assert len(checked) >= 66, len(checked)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: f"{c.claim_id}-{c.function.__name__}")
def test_check_keeps_the_contract(check):
    first, printed = _run(check)
    assert not printed, f"{check.name} printed: {printed[:200]!r}"
    assert first, f"{check.name} returned no evidence"
    for item in first:
        assert isinstance(item, Evidence), f"{check.name} returned {type(item).__name__}"
        assert item.domain.strip()
    again, _ = _run(check)
    assert [_comparable(e) for e in again] == [_comparable(e) for e in first], f"{check.name} is not deterministic"
