"""``python -m proofs certificate ID ... --output DIR`` and ``--certificates DIR``: one certificate per verdict,
one-line errors before any work (unknown id, unwritable output), nothing half-written, and exit 1 when a
verdict has no machine-checked step to certify."""

from __future__ import annotations

import subprocess
import textwrap

import pytest

from tests.certificate_runner import run_certificate
from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

#: A claims file of two claims: one whose evidence records an identity, one whose proof records nothing.
CLAIMS = textwrap.dedent('''
    from proofs import Claim, Evidence, check, define, identity

    define(Claim(id="Mine.square", title="a square", source="a note", statement="(p+q)^2 = p^2 + 2pq + q^2",
                 domain="p, q real"))

    @check("Mine.square", "symbolic")
    def _square(budget):
        return identity("(p+q)**2", "p**2 + 2*p*q + q**2", domain="p, q real")

    @check("Mine.square", "decision")
    def _square_again(budget):
        return identity("(p+q)**2 - q**2", "p**2 + 2*p*q", domain="p, q real")

    define(Claim(id="Mine.bare", title="a proof with no record", source="a note", statement="1 = 1",
                 domain="none"))

    @check("Mine.bare", "decision")
    def _bare(budget):
        return Evidence("decision", "proved", "none")

    @check("Mine.bare", "symbolic")
    def _bare_again(budget):
        return Evidence("symbolic", "proved", "none")
''')


def _cli(*argv: str, cwd=None) -> subprocess.CompletedProcess:
    return commands.run(argv, timeout=300, cwd=cwd)


@pytest.fixture()
def claims_file(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(CLAIMS, encoding="utf-8")
    return path


@pytest.mark.parametrize("argv, message", [
    (["certificate", "Eq22", "--output", "{out}"], r"unknown claim id 'Eq22'; did you mean 'Eq2'"),
    (["certificate", "Eq1", "--output", "/proc/certificates"], r"output='/proc/certificates': cannot write into /proc"),
    (["certificate", "Eq1", "--output", "{file}"], r"exists and is not a directory"),
    (["certificate", "--output", "{out}"], r"the following arguments are required: ID"),
    (["check", "Eq1", "--certificates", "/proc/certificates"], r"output='/proc/certificates': cannot write into /proc"),
], ids=["unknown-id", "unwritable", "a-file", "no-id", "whole-run-unwritable"])
def test_bad_requests_stop_before_any_work_with_one_line(tmp_path, argv, message):
    import re

    a_file = tmp_path / "plain.txt"
    a_file.write_text("x")
    argv = [a.format(out=tmp_path / "out", file=a_file) for a in argv]
    done = _cli(*argv)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert re.search(message, lines[0]), lines[0]
    assert not (tmp_path / "out").exists()


def test_certificates_are_written_for_verdicts_with_steps_and_refused_for_the_others(tmp_path, claims_file):
    out = tmp_path / "certs"
    done = _cli("certificate", "Mine.square", "Mine.bare", "--claims", str(claims_file), "--only-user",
                "--output", str(out), "--budget", "quick", "--jobs", "1")
    assert done.returncode == 1, done.stderr
    assert "wrote 1 certificate into" in done.stderr
    assert ("no certificate for Mine.bare: the proved verdict rests on evidence without machine-checked steps "
            "(decision, symbolic)") in done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["Mine_square.py"]
    ran = run_certificate(out / "Mine_square.py")
    assert ran.returncode == 0 and "2 of 2 machine-checked steps check" in ran.stdout


def test_nothing_is_written_when_no_verdict_can_be_certified(tmp_path, claims_file):
    out = tmp_path / "certs"
    done = _cli("certificate", "Mine.bare", "--claims", str(claims_file), "--only-user", "--output", str(out),
                "--budget", "quick", "--jobs", "1")
    assert done.returncode == 1 and not out.exists()


def test_a_whole_run_writes_its_certificates_beside_the_report(tmp_path, claims_file):
    out = tmp_path / "certs"
    done = _cli("check", "--claims", str(claims_file), "--only-user", "--certificates", str(out), "--budget",
                "quick", "--jobs", "1", "--format", "json", "--output", str(tmp_path / "report.json"))
    assert done.returncode == 0, done.stderr
    assert (out / "Mine_square.py").exists() and "no certificate for Mine.bare" in done.stderr
    import json

    report = json.loads((tmp_path / "report.json").read_text())
    steps = {c["id"]: c["steps"] for c in report["claims"]}
    assert steps["Mine.square"] == {"machine_checked": 2, "stated": 0, "uncovered": 0, "unchecked": 0}
    assert steps["Mine.bare"]["machine_checked"] == 0 and steps["Mine.bare"]["uncovered"] == 2
    from proofs.report.markdown import render_markdown
    from proofs.report.schema import Report

    read = {c.id: c for c in Report.from_json(report).claims}  # steps are read as a field, not kept as extra
    square = read["Mine.square"]
    assert square.steps == steps["Mine.square"] and not square.extra and not square.evidence[0].extra
    assert sum(len(e.steps) for e in square.evidence) == 2 and square.steps_line == "2 machine-checked steps, 0 stated"
    assert "(2 machine-checked steps, 0 stated)" in render_markdown(Report.from_json(report))
