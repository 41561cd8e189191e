"""The command line: exit codes, one-line usage errors, and the JSON vocabulary."""

from __future__ import annotations

import json
import re

import pytest

from proofs.base import registry
from proofs.cli import COMMANDS, OPTIONS, _UsageError, main, parse
from proofs.userclaims import _LOADED
from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

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
    proc = commands.run(argv, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
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


# --- options before or after the command ------------------------------------------------------------------
#: A value for each option (None: a flag without value) and the positional arguments of each command.
SAMPLE = {"--format": "json", "--output": "o.json", "--budget": "quick", "--fail-on": "refuted", "--jobs": "3",
          "--no-progress": None, "--scheduler": "local", "--claims": "mine.py", "--only-user": None, "--latex": "tex",
          "--html": "r.html", "--no-figures": None, "--from": "r.json", "--paper": "004", "--certificates": "certs",
          "--root": "papers", "--force": None}
POSITIONAL = {"check": ["L3.2"], "show": ["L3.2"], "figures": ["figs"], "scaffold": ["paper.tex"],
              "certificate": ["L3.2"]}


def _given(option) -> list[str]:
    return [option.flag] + ([] if SAMPLE[option.flag] is None else [SAMPLE[option.flag]])


def test_every_option_has_a_sample_value():
    assert set(SAMPLE) == {o.flag for o in OPTIONS}


TAKEN = [pytest.param(o, c, id=f"{c}{o.flag}") for o in OPTIONS for c in COMMANDS if c in o.commands]
NOT_TAKEN = [pytest.param(o, c, id=f"{c}{o.flag}") for o in OPTIONS for c in COMMANDS if c not in o.commands]


@pytest.mark.parametrize("option, command", TAKEN)
def test_an_option_means_the_same_before_and_after_the_command(option, command):
    after = parse([command, *POSITIONAL.get(command, []), *_given(option)])
    before = parse([*_given(option), command, *POSITIONAL.get(command, [])])
    assert before == after
    value = getattr(after[1], option.dest)
    assert value == ([SAMPLE[option.flag]] if option.repeated else 3 if option.flag == "--jobs"
                     else True if SAMPLE[option.flag] is None else SAMPLE[option.flag])


@pytest.mark.parametrize("option", [pytest.param(o, id=o.flag) for o in OPTIONS if "check" in o.commands])
def test_without_a_command_options_belong_to_check(option):
    assert parse(_given(option))[1] == parse(["check", *_given(option)])[1]


@pytest.mark.parametrize("option, command", NOT_TAKEN)
@pytest.mark.parametrize("where", ["before", "after"])
def test_an_option_the_command_does_not_take_is_refused_either_side(option, command, where):
    argv = ([*_given(option), command, *POSITIONAL.get(command, [])] if where == "before"
            else [command, *POSITIONAL.get(command, []), *_given(option)])
    with pytest.raises(_UsageError, match=rf"{option.flag} does not apply to `{command}`"):
        parse(argv)


def test_repeated_options_collect_from_both_sides():
    _, args = parse(["--claims", "a.py", "check", "--claims", "b.py", "--fail-on", "refuted"])
    assert args.claims == ["a.py", "b.py"] and args.fail_on == ["refuted"]


@pytest.mark.parametrize("command", ["check", "list", "show", "export"])
def test_html_is_a_format_of_coverage_only(command):
    with pytest.raises(_UsageError, match=rf"--format html applies to coverage, not to `{command}`"):
        parse([command, *POSITIONAL.get(command, []), "--format", "html"])


def test_scaffold_takes_its_paper_and_output_either_side():
    assert parse(["--output", "c.py", "scaffold", "p.tex"]) == parse(["scaffold", "p.tex", "--output", "c.py"])
    assert parse(["scaffold", "p.tex"])[1].tex == "p.tex"


def test_defaults_are_those_of_the_command():
    assert parse(["export", "--from", "r.json"])[1].format is None
    assert parse(["list"])[1].format == "table"
    assert parse([])[1].budget == "standard" and parse([])[0] == "check"


@pytest.mark.parametrize("argv, message", [
    pytest.param(["--jobs", "0"], r"argument --jobs: invalid value 0: between 1 and 512", id="jobs-0"),
    pytest.param(["--jobs", "-1"], r"argument --jobs: invalid value -1", id="jobs-negative"),
    pytest.param(["--jobs", "two"], r"argument --jobs: invalid value 'two'", id="jobs-not-a-number"),
    pytest.param(["--jobs", "100000"], r"invalid value 100000: between 1 and 512", id="jobs-huge"),
    pytest.param(["--output", ""], r"argument --output: an empty path", id="output-empty"),
    pytest.param(["--html", " "], r"argument --html: an empty path", id="html-blank"),
    pytest.param(["check", "--latex", ""], r"argument --latex: an empty path", id="latex-empty"),
    pytest.param(["list", "--claims", ""], r"argument --claims: an empty path", id="claims-empty"),
    pytest.param(["export", "--from", ""], r"argument --from: an empty path", id="from-empty"),
    pytest.param(["figures", ""], r"argument DIR: an empty path", id="figures-empty"),
    pytest.param(["--scheduler", ""], r"argument --scheduler: empty", id="scheduler-empty"),
    pytest.param(["--format", "json", "check", "--format", "table"], r"--format given twice: 'json' before `check` "
                 r"and 'table' after it", id="two-values"),
    pytest.param(["--budget", "quick", "show", "L3.2", "--budget", "thorough"], r"--budget given twice", id="two-budgets"),
])
def test_bad_values_are_usage_errors(argv, message):
    with pytest.raises(_UsageError, match=message):
        parse(argv)


def test_options_before_the_command_are_honoured_in_a_run(capsys):
    """`--format json --budget quick check ID` printed a table at budget standard: the subcommand's defaults
    overwrote the options given before it."""
    assert main(["--format", "json", "--budget", "quick", "check", "R.warner-mle"]) in (0, 1)
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["budget"] == "quick" and [c["id"] for c in report["claims"]] == ["R.warner-mle"]
    assert re.search(r"^\[1/1\] R\.warner-mle: \w+ \(\d+\.\d s\)$", err, flags=re.M), "progress lines on a non-terminal"


def test_an_unwritable_output_is_refused_before_the_run(capsys):
    assert main(["check", "R.warner-mle", "--budget", "quick", "--output", "/proc/version"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ldp-proofs: error: --output='/proc/version': cannot write into /proc") and "[1/1]" not in err


def test_an_unreachable_scheduler_is_one_line(capsys):
    pytest.importorskip("distributed")
    from proofs.execution.cluster import CONNECT_TIMEOUT

    assert main(["check", "Eq2", "--budget", "quick", "--no-progress", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "--scheduler='tcp://127.0.0.1:9': no Dask scheduler answered within" in lines[0], lines
    assert f"within {CONNECT_TIMEOUT} s" in lines[0], lines


def test_claims_help_says_the_file_is_run(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "its code runs with your permissions" in " ".join(capsys.readouterr().out.split())


def test_a_claims_file_that_exits_is_a_usage_error(tmp_path):
    exits = tmp_path / "exits.py"
    exits.write_text("import sys\nsys.exit(0)\n")
    proc = commands.run(["list", "--claims", str(exits)], timeout=300)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and f"claims='{exits}': the file called sys.exit(0)" in lines[0], lines


def test_a_long_claim_id_makes_bounded_file_names(tmp_path):
    long_id = "Mine." + "long" * 70
    mine = tmp_path / "long.py"
    mine.write_text(f'''
from proofs import Claim, Evidence, check, define
define(Claim(id={long_id!r}, title="a claim with a long id", source="notes", statement="x", domain="none"))
check({long_id!r}, "symbolic")(lambda budget: Evidence("symbolic", "inconclusive", "none"))
check({long_id!r}, "enumeration")(lambda budget: Evidence("enumeration", "inconclusive", "none"))
''')
    try:
        code = main(["check", "--claims", str(mine), "--only-user", "--no-progress", "--jobs", "1",
                     "--format", "json", "--output", str(tmp_path / "r.json"), "--latex", str(tmp_path / "tex")])
    finally:  # the file's claim leaves the registry of this test process with the test
        registry.forget(list(_LOADED.pop(str(mine.resolve()), ())))
    assert code == 0
    fragments = list((tmp_path / "tex" / "claims").iterdir())
    assert len(fragments) == 1 and len(fragments[0].name) < 120
    # the same report read back and exported again
    assert main(["export", "--from", str(tmp_path / "r.json"), "--latex", str(tmp_path / "again")]) == 0
    assert [p.name for p in (tmp_path / "again" / "claims").iterdir()] == [fragments[0].name]


def test_fail_on_vacuous(tmp_path, capsys):
    """``--fail-on vacuous`` exits 1 when a claim's premise is proved never to hold; ``--fail-on refuted`` alone
    does not (a vacuous claim is not refuted), and the summary lists it among the defects."""
    mine = tmp_path / "never.py"
    mine.write_text('''
from proofs import Claim, Evidence, check, define
define(Claim(id="Mine.never", title="an implication whose premise is x < 0 on x >= 0", source="notes",
             statement="$x < 0 \\\\Rightarrow x = 1$", domain="$x \\\\ge 0$", premise="$x < 0$"))
check("Mine.never", "decision")(lambda budget: Evidence("decision", "proved", "every x >= 0", premise_cases=0,
                                                        premise_never_holds=True,
                                                        detail={"why the premise never holds": "x >= 0"}))
check("Mine.never", "enumeration")(lambda budget: Evidence("enumeration", "holds", "x in 0..9", premise_cases=0))
''')
    try:
        runs = {flags: main(["check", "--claims", str(mine), "--only-user", "--no-progress", "--jobs", "1",
                             *[f for flag in flags for f in ("--fail-on", flag)]])
                for flags in ((), ("refuted",), ("vacuous",), ("refuted", "vacuous"))}
    finally:  # the file's claim leaves the registry of this test process with the test
        registry.forget(list(_LOADED.pop(str(mine.resolve()), ())))
    assert runs == {(): 0, ("refuted",): 0, ("vacuous",): 1, ("refuted", "vacuous"): 1}
    out = capsys.readouterr().out
    assert "Vacuous (1):" in out and "Mine.never" in out and "vacuous 1" in out
    assert "the premise never holds on the whole domain, proved by decision: x >= 0" in out
