"""What a claims file or a check does cannot spoil the command line's output or end it: prints go to stderr
(stdout stays the report), a check that kills or ends its process costs only its claim, a claims file that
ends the process while it loads is a one-line error naming it; and the command line keeps its word: an
existing certificate is replaced only with --force, each command's help offers only what it takes, list
shows titles' math as the report does, and a missing extra is named in one line."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import textwrap

import pytest

from proofs.cli import main

#: Checks that print (Python's print and a raw write to descriptor 1), one that kills its own process, one
#: that ends it, and a quiet one.
CLAIMS = textwrap.dedent('''
    import os, signal
    from proofs import Claim, Evidence, check, define

    print("the claims file prints while it loads")

    def claim(claim_id, first):
        define(Claim(id=claim_id, title="a probe", source="test", statement="x", domain="none"))
        check(claim_id, "symbolic")(first)
        check(claim_id, "enumeration")(lambda budget: Evidence("enumeration", "inconclusive", "none"))

    def prints(budget):
        print("a check prints")
        os.write(1, b"a check writes to descriptor 1\\n")
        return Evidence("symbolic", "inconclusive", "none")

    claim("Probe.prints", prints)
    claim("Probe.kills", lambda budget: os.kill(os.getpid(), signal.SIGKILL))
    claim("Probe.exits", lambda budget: os._exit(0))
    claim("Probe.quiet", lambda budget: Evidence("symbolic", "inconclusive", "none"))
''')


def _cli(*argv: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "proofs", *argv], capture_output=True, text=True, timeout=600,
                          cwd=cwd)


@pytest.fixture()
def probes(tmp_path):
    path = tmp_path / "probes.py"
    path.write_text(CLAIMS)
    return path


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["one-worker", "two-workers"])
def test_prints_go_to_stderr_and_a_dying_check_costs_only_its_claim(probes, jobs):
    done = _cli("check", "--claims", str(probes), "--only-user", "--format", "json", "--jobs", jobs,
                "--budget", "quick", "--no-progress")
    assert done.returncode == 1, done.stderr  # the two claims whose worker died are errors
    report = json.loads(done.stdout)  # stdout is the report alone
    status = {c["id"]: (c["status"], c["reason"]) for c in report["claims"]}
    assert status["Probe.prints"][0] == status["Probe.quiet"][0] == "inconclusive"
    assert status["Probe.kills"][0] == "error" and "killed by SIGKILL" in status["Probe.kills"][1]
    assert status["Probe.exits"][0] == "error" and "exited with code 0" in status["Probe.exits"][1]
    for line in ("the claims file prints while it loads", "a check prints", "a check writes to descriptor 1"):
        assert line in done.stderr


def test_show_of_a_check_that_kills_its_process_is_an_error_of_that_claim(probes):
    done = _cli("show", "Probe.kills", "--claims", str(probes), "--format", "json", "--budget", "quick")
    assert done.returncode == 1, done.stderr
    claim = json.loads(done.stdout)
    assert claim["status"] == "error" and "SIGKILL" in claim["reason"]


@pytest.mark.parametrize("body, how", [
    pytest.param("import os\nos._exit(0)\n", "exit code 0", id="os-exit"),
    pytest.param("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "killed by SIGKILL", id="sigkill"),
])
def test_a_claims_file_that_ends_the_process_is_a_usage_error(tmp_path, body, how):
    path = tmp_path / "ends.py"
    path.write_text(body)
    done = _cli("list", "--claims", str(path), "--format", "json")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout)
    assert len(lines) == 1 and f"claims='{path}': the file ended the process while it was loaded ({how})" in lines[0]


def test_an_existing_certificate_is_replaced_only_with_force(tmp_path, capsys):
    out = tmp_path / "certs"
    out.mkdir()
    (out / "Eq2.py").write_text("mine\n")
    assert main(["certificate", "Eq2", "--budget", "quick", "--output", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"ldp-proofs: error: --output='{out / 'Eq2.py'}': a certificate is already there; add --force "
                   "to replace it"]
    assert (out / "Eq2.py").read_text() == "mine\n" and sorted(p.name for p in out.iterdir()) == ["Eq2.py"]
    assert main(["certificate", "Eq2", "--budget", "quick", "--output", str(out), "--force"]) == 0
    assert (out / "Eq2.py").read_text() != "mine\n"


@pytest.mark.parametrize("command", ["check", "list", "show", "export", "coverage"])
def test_help_offers_the_formats_the_command_takes(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    offered = " ".join(capsys.readouterr().out.split())
    assert ("html" in offered.split("--format {")[1].split("}")[0]) == (command == "coverage"), offered


def test_list_shows_titles_math_as_unicode(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["list"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if "L3.2.remark" in line)
    assert "ε_S ≥ εₚₗ, and not conversely" in line and "$" not in line and "\\" not in line


@pytest.mark.parametrize("argv, message", [
    pytest.param(["figures", "{tmp}/figures"], r"figures='.*': drawing the figures needs matplotlib, which is not "
                 r"installed \(the 'figures' extra\); pip install 'ldp-belief-proofs\[figures\]'", id="figures"),
    pytest.param(["check", "Eq2", "--html", "{tmp}/r.html"], r"--html='.*r.html': drawing the page's figures needs "
                 r"matplotlib, .*\[figures\]' or add --no-figures", id="html"),
    pytest.param(["check", "Eq2", "--scheduler", "local"], r"--scheduler='local': running the claims on a Dask "
                 r"scheduler needs distributed, .*\[cluster\]'", id="scheduler"),
])
def test_a_missing_extra_is_named_in_one_line_before_any_work(argv, message, tmp_path, capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name in ("matplotlib", "distributed") else real(name, *rest))
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and re.search(message, err[0]), err
    assert list(tmp_path.iterdir()) == []
