"""The command line: exit codes, one-line usage errors, and the JSON vocabulary."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from proofs.cli import main

CLAIM_KEYS = {"id", "title", "source", "statement_latex", "status", "methods", "counterexample", "holds_when",
              "corrected", "seconds"}


def test_list_json_has_every_id(capsys, catalog_ids):
    assert main(["list", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in listed} == set(catalog_ids)
    assert all(set(c) == {"id", "title", "source"} for c in listed)


@pytest.mark.parametrize(
    "argv, message",
    [
        pytest.param(["check", "Eq22"], r"unknown claim id 'Eq22'; did you mean 'Eq2'", id="unknown-id"),
        pytest.param(["show", "nope"], r"unknown claim id 'nope'", id="unknown-id-show"),
        pytest.param(["--budget", "huge"], r"argument --budget: invalid choice: 'huge'", id="bad-budget"),
        pytest.param(["--bogus"], r"unrecognized arguments: --bogus", id="bad-option"),
    ],
)
def test_usage_errors_exit_2_with_one_line(argv, message):
    proc = subprocess.run([sys.executable, "-m", "proofs", *argv], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    import re

    assert re.search(message, lines[0]), lines[0]


def test_check_json_vocabulary(capsys):
    assert main(["check", "Eq2", "L3.2", "--budget", "quick", "--format", "json", "--jobs", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"toolkit_version", "budget", "claims", "summary"}
    assert report["budget"] == "quick"
    for claim in report["claims"]:
        assert CLAIM_KEYS <= set(claim)
        for method in claim["methods"]:
            assert set(method) == {"method", "outcome", "domain", "detail"}
    assert sum(report["summary"].values()) == 2


def test_output_file_is_written(tmp_path):
    out = tmp_path / "r.md"
    assert main(["check", "Eq2", "--budget", "quick", "--format", "markdown", "--output", str(out), "--jobs", "1"]) == 0
    assert "`Eq2`" in out.read_text()
