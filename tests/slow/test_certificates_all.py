"""The certificate of every registered claim's verdict, from a quick-budget run, runs without the toolkit and
exits 0; a verdict that rests on evidence without machine-checked steps (or with a step a machine decided
that no certificate re-runs) fails here, naming what is missing."""

from __future__ import annotations

import pytest

from proofs.base import registry
from proofs.base.steps import all_steps, certified, complete
from proofs.certificates import certificate_source, file_name
from tests.certificate_runner import run_certificate
from tests.claims.quick_results import quick

CLAIMS = [claim.id for claim in registry.claims()]


def _missing(result) -> str:
    covered, missing = certified(result.status, result.evidence)
    gaps = [s.says for e in covered for s in all_steps(e) if getattr(s, "unchecked", False)]
    return (f"{result.claim.id} is {result.status.value}; deciding evidence without steps: "
            f"{[e.method.value for e in missing]}; steps decided but not re-checked: {gaps}")


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", CLAIMS)
def test_the_certificate_of_every_verdict_runs_standalone(tmp_path, claim_id):
    result = quick(claim_id)
    assert complete(result.status, result.evidence), _missing(result)
    path = tmp_path / file_name(claim_id)
    path.write_text(certificate_source(result), encoding="utf-8")
    done = run_certificate(path)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert len(path.read_text().splitlines()) <= 600, "a certificate should stay short enough to read"
