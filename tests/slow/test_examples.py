"""The worked claims file of ``examples/`` runs from the command line, as the README's "Check your own
paper" section shows, with the verdicts its docstring promises."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "krr_claims.py"
ANY_K = ROOT / "examples" / "any_k_claims.py"
HASHING = ROOT / "examples" / "local_hashing_claims.py"


def _run(*argv: str) -> subprocess.CompletedProcess:
    return commands.run(argv, timeout=600, cwd=ROOT)


def test_the_example_claims_file_earns_its_verdicts():
    proc = _run("check", "--claims", str(EXAMPLE), "--only-user", "--budget", "quick", "--format", "json",
                "--no-progress")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    statuses = {c["id"]: c["status"] for c in report["claims"]}
    assert statuses == {"KRR.ldp": "proved", "KRR.unbiased": "proved", "KRR.variance": "refuted",
                        "KRR.advantage": "proved"}
    variance = next(c for c in report["claims"] if c["id"] == "KRR.variance")
    assert variance["corrected_status"] == "proved"
    assert variance["counterexample"]["pi0"] != 0, "the printed variance holds at pi0 = 0"
    assert variance["holds_when"] == "pi0 == 0" and variance["holds_when_checked"] is True


def test_the_any_k_example_proves_for_every_d_and_refutes_the_planted_error():
    proc = _run("check", "--claims", str(ANY_K), "--only-user", "--budget", "quick", "--format", "json",
                "--no-progress")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    statuses = {c["id"]: c["status"] for c in report["claims"]}
    assert statuses == {"KRRd.ldp": "proved", "KRRd.unbiased": "proved", "KRRd.variance": "proved",
                        "KRRd.variance-iid": "proved", "KRRd.variance-planted": "refuted",
                        "KRRd.variance-small": "proved", "Duchi.ldp": "proved", "Duchi.variance": "proved"}
    planted = next(c for c in report["claims"] if c["id"] == "KRRd.variance-planted")
    assert int(planted["counterexample"]["d"]) >= 2 and planted["counterexample"]["eps"].startswith("log(")
    unbiased = next(c for c in report["claims"] if c["id"] == "KRRd.unbiased")
    assert {m["method"] for m in unbiased["methods"]} == {"enumeration", "symbolic"}


def test_the_local_hashing_example_proves_for_every_d_and_g_and_refutes_the_planted_error():
    proc = _run("check", "--claims", str(HASHING), "--only-user", "--budget", "quick", "--format", "json",
                "--no-progress")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    statuses = {c["id"]: c["status"] for c in report["claims"]}
    assert statuses == {"LH.ldp": "proved", "LH.unbiased": "proved", "LH.variance": "proved",
                        "LH.variance-planted": "refuted", "LH.optimal-g": "proved", "LH.total-mse": "proved"}
    planted = next(c for c in report["claims"] if c["id"] == "LH.variance-planted")
    assert int(planted["counterexample"]["c0"]) != 0 and planted["counterexample"]["eps"].startswith("log(")
    assert planted["holds_when"] == "c0 == 0" and planted["holds_when_checked"] is True


def test_a_clashing_id_is_one_line_naming_the_file(tmp_path):
    clash = tmp_path / "clash.py"
    clash.write_text(EXAMPLE.read_text().replace('id="KRR.ldp"', 'id="L3.2"').replace('"KRR.ldp"', '"L3.2"'))
    proc = _run("check", "--claims", str(clash), "--only-user", "--budget", "quick", "--no-progress")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(clash) in lines[0] and "'L3.2' is already registered" in lines[0], lines
