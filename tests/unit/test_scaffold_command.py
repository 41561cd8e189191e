"""The scaffold command end to end: a claims file that loads as it is and reports every claim inconclusive,
deterministic bytes, an edited file never overwritten, one-line errors; pending claims and the loader;
coverage --paper on a LaTeX paper; the example's scaffold kept in examples/paper/ up to date."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from core.errors import InvalidArgument
from proofs.base import registry
from proofs.base.claim import Claim
from proofs.reading.coverage import coverage
from proofs.reading import Formula, is_pending, pending, scaffold, todo_of
from proofs.userclaims import load_claims_file
from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "paper"
LAPLACE = Path(__file__).parent / "scaffold_papers" / "laplace"


def _cli(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return commands.run(argv, timeout=600, cwd=cwd)


@pytest.fixture
def laplace(tmp_path):
    folder = tmp_path / "laplace"
    shutil.copytree(LAPLACE, folder)
    return folder / "main.tex"


# --------------------------------------------------------------------------------------- pending
def test_pending_claims_load_with_no_check_and_are_inconclusive(tmp_path):
    from proofs.runner import run_claim

    path = tmp_path / "pending_only.py"
    path.write_text("from proofs import Claim\nfrom proofs.reading import Formula, pending\n"
                    "pending(Claim(id='PendingOnly.a', title='t', source='x.tex Lemma 1', statement='$a = b$', "
                    "domain='d'), engine='identity', formulas=(Formula(('=',), (\"Symbol('a')\", \"Symbol('b')\")),))\n")
    try:
        assert load_claims_file(path) == ("PendingOnly.a",)
        assert is_pending("PendingOnly.a") and todo_of("PendingOnly.a").engine == "identity"
        assert todo_of("PendingOnly.a").formulas[0].expressions()[0].name == "a"
        result = run_claim("PendingOnly.a", "quick")
        assert (result.status.value, result.verdict.reason) == ("inconclusive", "no check implemented yet")
    finally:
        registry.forget(["PendingOnly.a"])


def test_a_pending_claim_with_checks_is_refused_in_one_line(tmp_path):
    path = tmp_path / "pending_checked.py"
    path.write_text("from proofs import Claim, check, Evidence\nfrom proofs.reading import pending\n"
                    "pending(Claim(id='PendingChecked.a', title='t', source='s', statement='$a$', domain='d'), "
                    "engine='identity')\n"
                    "@check('PendingChecked.a', 'symbolic')\ndef _c(budget):\n    return []\n")
    with pytest.raises(InvalidArgument, match=r"claim 'PendingChecked.a' is pending \(no check yet\) but has checks "
                                              r"\['symbolic'\]; once its checks are written, replace pending"):
        load_claims_file(path)
    assert "PendingChecked.a" not in registry.ids()


@pytest.mark.parametrize("call, message", [
    (lambda: Formula(("=",), ("Symbol('a')",)), r"relations=\('=',\): one fewer than the sides"),
    (lambda: Formula(("~",), ("Symbol('a')", "Symbol('b')")), r"relations=\('~',\)"),
    (lambda: Formula((), ()), r"sides=\(\): must be sympy srepr strings"),
    (lambda: pending(Claim(id="P.x", title="t", source="s", statement="s", domain="d"), engine="magic"),
     r"engine='magic': not one of"),
    (lambda: pending("not a claim", engine="identity"), r"claim='not a claim': must be a Claim"),
], ids=["sides-and-relations", "unknown-relation", "no-side", "unknown-engine", "not-a-claim"])
def test_pending_data_is_validated(call, message):
    with pytest.raises(InvalidArgument, match=message):
        call()


# --------------------------------------------------------------------------------------- writing
def test_the_scaffold_of_an_unseen_paper_loads_runs_and_is_covered(laplace, tmp_path):
    output = tmp_path / "laplace_claims.py"
    proc = _cli("scaffold", str(laplace), "--output", str(output))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "main.tex: 6 numbered results, 11 displayed formulas (from 2 files)",
        f"wrote {output}: 12 claims, 0 ready to run and 12 pending (9 with a formula read into sympy, 2 formulas "
        "not read), "
        "2 definitions or notation",
        "note: \\cond (main.tex line 18) is not expanded: its body uses \\ifx"]
    run = _cli("check", "--claims", str(output), "--only-user", "--format", "json", "--no-progress", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    statuses = {c["id"]: (c["status"], c["reason"]) for c in json.loads(run.stdout)["claims"]}
    assert len(statuses) == 12
    assert set(statuses.values()) == {("inconclusive", "no check implemented yet")}
    report = _cli("coverage", "--paper", str(laplace), "--claims", str(output), "--format", "json")
    assert report.returncode == 0, report.stderr
    paper = json.loads(report.stdout)["papers"]["main.tex"]
    assert (paper["entries_total"], paper["covered"], paper["definitions"], paper["notation"], paper["open"]) == \
        (17, 0, 2, 0, 15)
    pending_ = "pending: no check yet"
    assert {e["label"]: (e["status"], tuple(e["claims"]), e["reason"]) for e in paper["entries"]} == {
        "Definition 1": ("definition", (), "a definition"),
        "display, line 29": ("definition", (), "it defines (:=); introduces f_b(z)"),
        "Theorem 1.1": ("open", ("main.Thm1.1",), pending_),
        "Eq. (1.1)": ("open", ("main.Thm1.1",), pending_),
        "display, line 42": ("open", ("main.Display.L42",), pending_),
        "Eq. (2.1)": ("open", ("main.Eq2.1",), pending_),
        "Eq. (2.2)": ("open", ("main.Eq2.2",), pending_),
        "display, sections/moments.tex line 9": ("open", ("main.Display.moments.L9",), pending_),
        "Eq. (V)": ("open", ("main.EqV",), pending_),
        "Eq. (2.3)": ("open", ("main.Eq2.3",), pending_),
        "Proposition 2.1": ("open", ("main.Prop2.1",), pending_),
        "Eq. (2.4)": ("open", ("main.Prop2.1",), pending_),
        "Lemma 2.2": ("open", ("main.Lem2.2",), pending_),
        "display, sections/moments.tex line 27": ("open", ("main.Lem2.2",), pending_),
        "Lemma A.1": ("open", ("main.LemA.1",), pending_),
        "Remark, line 57": ("open", ("main.Rem.L57",), pending_),
        "display, line 61": ("open", ("main.Display.L61",), pending_)}


def test_output_is_deterministic_and_an_untouched_scaffold_is_replaced(laplace, tmp_path):
    output = tmp_path / "c.py"
    first = scaffold(laplace, output)
    text = output.read_bytes()
    again = scaffold(laplace, output)
    assert (first.result.action, again.result.action) == ("written", "unchanged")
    assert output.read_bytes() == text
    elsewhere = tmp_path / "copy"
    shutil.copytree(laplace.parent, elsewhere)
    scaffold(elsewhere / "main.tex", tmp_path / "d.py")
    assert (tmp_path / "d.py").read_bytes().replace(b"d.py", b"c.py") == text, "the text depends on the folder"
    laplace.write_text(laplace.read_text().replace("The bound is tight.", "The bound is tight: $a = a$."))
    assert scaffold(laplace, output).result.action == "replaced"


def test_an_edited_claims_file_is_never_overwritten(laplace, tmp_path):
    output = tmp_path / "c.py"
    scaffold(laplace, output)
    edited = output.read_text().replace('domain="not written yet: state the assumptions the paper makes here"',
                                        'domain="b > 0"', 1)
    output.write_text(edited)
    assert scaffold(laplace, output).result.action == "no new entries"
    assert output.read_text() == edited and not (tmp_path / "c.new.py").exists()
    laplace.write_text(laplace.read_text().replace("\\end{document}", "\\begin{lem}\\[ b^2 \\ge 0 \\]\\end{lem}\n"
                                                   "\\end{document}"))
    run = scaffold(laplace, output)
    assert (run.result.action, run.result.claims, run.result.path) == ("new entries", 1, tmp_path / "c.new.py")
    assert output.read_text() == edited
    new = (tmp_path / "c.new.py").read_text()
    assert new.count("sign_claim(\n") == 1 and '    "main.LemA.2",' in new
    # the catalog loaded first: loading a claims file loads it, and the cleanup below must forget only the
    # file's claims (taken before the catalog loaded, the catalog's claims would be forgotten too, and a later
    # test in the same process would find a registry without them)
    registry_before = {claim.id for claim in registry.claims()}
    try:
        assert load_claims_file(output) and load_claims_file(tmp_path / "c.new.py") == ("main.LemA.2",)
    finally:
        registry.forget([i for i in registry.ids() if i not in registry_before])
    (tmp_path / "c.new.py").write_text(new + "# my notes\n")
    with pytest.raises(InvalidArgument, match=r"c.new.py': holds edits of its own and would be overwritten"):
        scaffold(laplace, output)


@pytest.mark.parametrize("argv, message", [
    (["scaffold", "missing.tex"], "paper='missing.tex': no such file"),
    (["scaffold", "{paper}", "--output", "{tmp}/claims.txt"], "a claims file is a Python file ending in .py"),
    (["scaffold", "{paper}", "--output", "{tmp}/nowhere/claims.py"], "does not exist"),
    (["scaffold", "{binary}"], "is not a text file"),
    (["coverage", "--paper", "005"], "coverage is reported for ['003', '004'] or a LaTeX file (.tex)"),
], ids=["missing-paper", "not-python", "missing-folder", "binary", "unknown-text"])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, laplace, argv, message):
    binary = tmp_path / "figure.tex"
    binary.write_bytes(b"\x89PNG\x00\x00")
    argv = [a.format(paper=laplace, tmp=tmp_path, binary=binary) for a in argv]
    before = sorted(p.name for p in tmp_path.iterdir())
    proc = _cli(*argv, cwd=tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_coverage_of_003_is_unchanged_by_latex_papers():
    report = coverage(papers=("003",))
    assert [p.paper for p in report.papers] == ["003"]
    counts = {status: report.papers[0].count(status) for status in ("covered", "definition", "notation", "open")}
    assert counts == {"covered": 36, "definition": 3, "notation": 7, "open": 2}


def test_coverage_html_is_one_page(laplace, tmp_path):
    scaffold(laplace, tmp_path / "c.py")
    page = tmp_path / "coverage.html"
    proc = _cli("coverage", "--paper", str(laplace), "--claims", str(tmp_path / "c.py"), "--html", str(page),
                "--format", "json")
    assert proc.returncode == 0, proc.stderr
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "Coverage of main.tex" in text and "<script" not in text
    assert "pending: no check yet" in text


# --------------------------------------------------------------------------------------- example
def test_the_example_scaffold_is_what_the_scaffold_writes(tmp_path):
    """examples/paper/claims_scaffold.py is regenerated and compared: run the scaffold again when this fails."""
    shutil.copy(EXAMPLE / "rr_paper.tex", tmp_path / "rr_paper.tex")
    scaffold(tmp_path / "rr_paper.tex", tmp_path / "claims_scaffold.py")
    assert (tmp_path / "claims_scaffold.py").read_text() == (EXAMPLE / "claims_scaffold.py").read_text()


def test_the_completed_example_holds_every_entry_of_its_paper(tmp_path):
    """A file written with short declarations (ldp_claim, moment_claim) and define() holds its entries: a
    scaffold run on it writes nothing."""
    shutil.copy(EXAMPLE / "rr_paper.tex", tmp_path / "rr_paper.tex")
    shutil.copy(EXAMPLE / "claims.py", tmp_path / "claims.py")
    before = (tmp_path / "claims.py").read_text()
    run = scaffold(tmp_path / "rr_paper.tex", tmp_path / "claims.py")
    assert (run.result.action, run.result.path) == ("no new entries", None)
    assert (tmp_path / "claims.py").read_text() == before and not (tmp_path / "claims.new.py").exists()


def test_each_claim_of_the_example_is_its_engines_declaration_or_a_todo_naming_it():
    text = (EXAMPLE / "claims_scaffold.py").read_text()
    for engine, declaration in [("check_ldp", "ldp_claim"), ("check_moment", "moment_claim"),
                                ("identity", "sign_claim")]:
        assert f"# Ready to run: {declaration} ({engine}:" in text
    block = text.split("# TODO check_approximation:")[1].split("pending(")[0]
    assert "Once checked: approximation_claim(" in block.replace("\n# ", " ")


def test_a_claims_file_scaffolded_by_0_3_0_still_imports_its_names():
    import proofs.reading as reading
    import proofs.scaffold as old

    assert (old.pending, old.Formula, old.is_pending) == (reading.pending, reading.Formula, reading.is_pending)
