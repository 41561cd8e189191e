"""The mean-estimation claims file (``examples/mean_estimation_claims.py``) runs from the command line and earns
the verdicts its docstring promises: 13 claims proved; the four planted errors refuted, and the threshold
"iff eps > 1.29" read as printed refuted, with its exact threshold as a proved correction."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mean_estimation_claims.py"
PLANTED = {"ME.pm-variance-planted", "ME.gaussian-planted", "ME.pm-beats-duchi-planted",
           "ME.pm-beats-laplace-planted"}
#: refuted as printed: the exact threshold is 1.289784..., not 129/100
AS_PRINTED = {"ME.pm-beats-duchi"}


def test_mean_estimation_example_proves_its_claims_and_refutes_the_planted_errors_and_the_printed_threshold():
    proc = commands.run(["check", "--claims", str(EXAMPLE), "--only-user", "--budget", "quick", "--format", "json",
                         "--no-progress"], timeout=1200, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    statuses = {c["id"]: c["status"] for c in report["claims"]}
    assert len(statuses) == 18
    assert {k for k, v in statuses.items() if v == "refuted"} == PLANTED | AS_PRINTED
    assert all(v == "proved" for k, v in statuses.items() if k not in PLANTED | AS_PRINTED), statuses
    assert sum(v == "proved" for v in statuses.values()) == 13
    for claim in report["claims"]:
        assert len({m["method"] for m in claim["methods"]}) == 2, claim["id"]
    variance = next(c for c in report["claims"] if c["id"] == "ME.pm-variance-planted")
    assert {"eps", "t"} <= set(variance["counterexample"])
    threshold = next(c for c in report["claims"] if c["id"] == "ME.pm-beats-duchi-planted")
    assert set(threshold["counterexample"]) >= {"eps", "exp(eps/2)"}
    printed = next(c for c in report["claims"] if c["id"] == "ME.pm-beats-duchi")
    assert set(printed["counterexample"]) >= {"eps", "exp(eps/2)"}
    assert printed["corrected_status"] == "proved" and "1.289784" in printed["corrected"]
