"""The worked example of examples/paper/: the scaffold's file runs as written and refutes the wrong variance
(its ≈ the one claim still pending), and the completed file's checks earn the verdicts its docstring
promises — the wrong variance of Theorem 4 refuted, its correction proved — with every checkable entry of
the note covered."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "paper"


def _run(*argv: str) -> subprocess.CompletedProcess:
    return commands.run(argv, timeout=900, cwd=ROOT)


def test_the_scaffolded_example_runs_as_written_and_finds_the_error():
    proc = _run("check", "--claims", str(EXAMPLE / "claims_scaffold.py"), "--only-user", "--format", "json",
                "--no-progress", "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    claims = {c["id"]: c for c in json.loads(proc.stdout)["claims"]}
    assert {i: c["status"] for i, c in claims.items()} == {
        "rr_paper.Thm2": "proved", "rr_paper.Eq2": "proved", "rr_paper.Lem3": "supported",
        "rr_paper.Thm4": "refuted", "rr_paper.Cor5": "inconclusive"}
    assert claims["rr_paper.Cor5"]["reason"] == "no check implemented yet"
    assert claims["rr_paper.Thm4"]["counterexample"]["pi_"] not in ("0", "1", 0, 1), \
        "the printed variance holds at pi = 0 and 1"


def test_the_completed_example_finds_the_error():
    proc = _run("check", "--claims", str(EXAMPLE / "claims.py"), "--only-user", "--budget", "quick", "--format",
                "json", "--no-progress")
    assert proc.returncode == 0, proc.stderr
    claims = {c["id"]: c for c in json.loads(proc.stdout)["claims"]}
    assert {i: c["status"] for i, c in claims.items()} == {
        "rr_paper.Thm2": "proved", "rr_paper.Eq2": "proved", "rr_paper.Lem3": "proved",
        "rr_paper.Thm4": "refuted", "rr_paper.Cor5": "proved"}
    variance = claims["rr_paper.Thm4"]
    assert variance["corrected_status"] == "proved"
    assert variance["counterexample"]["f1"] not in ("0", "1", 0, 1), "the printed variance holds at pi = 0 and 1"


def test_the_completed_example_covers_the_note():
    proc = _run("coverage", "--paper", str(EXAMPLE / "rr_paper.tex"), "--claims", str(EXAMPLE / "claims.py"),
                "--format", "json")
    assert proc.returncode == 0, proc.stderr
    paper = json.loads(proc.stdout)["papers"]["rr_paper.tex"]
    assert {e["label"]: e["status"] for e in paper["entries"]} == {
        "Definition 1": "definition", "Eq. (1)": "definition", "Theorem 2": "covered", "display, line 39": "covered",
        "Eq. (2)": "covered", "Lemma 3": "covered", "Eq. (3)": "covered", "Theorem 4": "covered",
        "Eq. (4)": "covered", "Corollary 5": "covered", "display, line 69": "covered"}
    printed = json.loads(proc.stdout)["printed"]
    assert {i: c["status"] for i, c in printed.items() if i.startswith("rr_paper.")} == dict.fromkeys(
        ["rr_paper.Thm2", "rr_paper.Eq2", "rr_paper.Lem3", "rr_paper.Thm4", "rr_paper.Cor5"], "found")
