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


def test_check_json_vocabulary(quick_run):
    report = json.loads((quick_run / "report.json").read_text())
    assert {"toolkit_version", "budget", "claims", "summary", "schema"} <= set(report)
    assert report["budget"] == "quick"
    for claim in report["claims"]:
        assert CLAIM_KEYS <= set(claim)
        for method in claim["methods"]:
            assert {"method", "outcome", "domain", "detail"} <= set(method)
    assert sum(report["summary"].values()) == len(report["claims"])


def test_show_json_is_one_claim_of_the_schema(capsys):
    assert main(["show", "R.warner-mle", "--budget", "quick", "--format", "json"]) in (0, 1)
    claim = json.loads(capsys.readouterr().out)
    assert claim["id"] == "R.warner-mle" and CLAIM_KEYS <= set(claim)


def test_output_file_is_written(quick_run, tmp_path):
    out = tmp_path / "r.txt"
    assert main(["export", "--from", str(quick_run / "report.json"), "--format", "table", "--output", str(out)]) == 0
    assert "T3.10.form2" in out.read_text() and "\x1b[" not in out.read_text()


def test_coverage_only_for_a_run_of_the_whole_catalog():
    from proofs.report import outputs
    from proofs.report.schema import CoverageReport

    assert outputs.coverage(whole_catalog=False) is None
    coverage = CoverageReport.of(outputs.coverage(whole_catalog=True))
    assert {p.paper for p in coverage.papers} >= {"003"} and all(0 <= p.percent <= 100 for p in coverage.papers)
