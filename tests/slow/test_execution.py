"""Running claims: interrupts stop everything at once, a dying worker costs only its claim, and a Dask
LocalCluster gives the same statuses as the local processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from proofs.base import registry
from proofs.base.budget import BUDGETS
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence
from proofs.execution import Interrupted
from proofs.execution.local import run_local

#: Claims slow enough at budget thorough that a run is still going a few seconds after it starts.
SLOW_RUN = ["check", "L3.16", "L3.4", "L3.15", "--budget", "thorough", "--no-progress"]


@pytest.fixture()
def probe_claims():
    """Two probe claims registered for one test: one whose worker kills itself, one that is quick."""
    added = []

    def add(claim_id, function):
        registry.define(Claim(id=claim_id, title="probe", source="test", statement="x", domain="none"))
        registry.check(claim_id, "symbolic")(function)
        added.append(claim_id)

    add("Probe.dies", lambda budget: os.kill(os.getpid(), signal.SIGKILL))
    add("Probe.quick", lambda budget: Evidence("symbolic", "inconclusive", "none"))
    yield
    for claim_id in added:
        registry._CLAIMS.pop(claim_id)
        registry._CHECKS.pop(claim_id)


def test_a_worker_that_dies_costs_only_its_claim(probe_claims):
    results = run_local(["Probe.dies", "Probe.quick"], BUDGETS["quick"], jobs=2)
    assert results["Probe.dies"].status.value == "error"
    assert "killed by SIGKILL" in results["Probe.dies"].verdict.reason
    assert results["Probe.quick"].status.value == "inconclusive"


def _start(tmp_path: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "proofs", *SLOW_RUN, "--format", "json",
                             "--output", str(tmp_path / "report.json"), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _group_alive(pgid: int) -> list[int]:
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    alive.append(int(entry.name))
            except ProcessLookupError:
                pass
    return alive


@pytest.mark.parametrize(
    "signum, to_group, code",
    [
        pytest.param(signal.SIGINT, True, 130, id="ctrl-c-to-the-process-group"),
        pytest.param(signal.SIGINT, False, 130, id="sigint-to-the-main-process"),
        pytest.param(signal.SIGTERM, False, 143, id="sigterm-to-the-main-process"),
    ],
)
def test_a_signal_stops_the_run_at_once(tmp_path, signum, to_group, code):
    process = _start(tmp_path)
    time.sleep(4)
    assert process.poll() is None, "the run ended before it could be interrupted"
    sent = time.monotonic()
    if to_group:
        os.killpg(process.pid, signum)
    else:
        os.kill(process.pid, signum)
    _, stderr = process.communicate(timeout=10)
    waited = time.monotonic() - sent
    assert process.returncode == code
    assert waited < 3, f"took {waited:.1f} s to stop"
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].startswith(f"ldp-proofs: interrupted by {signal.Signals(signum).name}:"), lines[0]
    assert "of 3 claims had finished" in lines[0]
    assert not (tmp_path / "report.json").exists(), "a half-run must not write its output"
    time.sleep(0.5)
    assert not _group_alive(process.pid), "workers outlived the run"


def test_an_existing_output_survives_an_interrupt(tmp_path):
    (tmp_path / "report.json").write_text("previous report\n")
    process = _start(tmp_path)
    time.sleep(4)
    os.killpg(process.pid, signal.SIGINT)
    process.communicate(timeout=10)
    assert (tmp_path / "report.json").read_text() == "previous report\n"


def test_interrupted_names_what_finished():
    stop = Interrupted(signal.SIGTERM, 3, 87)
    assert stop.exit_code == 143
    assert str(stop) == "interrupted by SIGTERM: 3 of 87 claims had finished; nothing was written"


def test_a_local_dask_cluster_gives_the_same_statuses(tmp_path):
    pytest.importorskip("distributed")
    from proofs.runner import run

    claims = registry.resolve(["Eq2", "T3.9", "L4.3"])
    here = [r.status for r in run(claims, "quick", jobs=2)]
    there = [r.status for r in run(claims, "quick", jobs=2, scheduler="local")]
    assert there == here
