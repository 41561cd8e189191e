"""The LaTeX and Markdown export (proofs/export.py) and its CLI (`check --latex`, `export --from`)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
import sympy

from proofs.base import registry
from proofs.cli import main
from proofs.report.export import latex_files, markdown, safe_id, statement_kind, statement_tex
from proofs.report.render import claim_json
from proofs.runner import ClaimResult
from proofs.base.verdict import Verdict
from symbolic.symbols import n1, n2, p, pi, q

#: Two cheap claims with symbolic derivations (003/004 appendix), run at the quick budget.
QUICK_IDS = ["R.rr-eps", "R.warner-mle"]

#: Statements that must not break the report, with how they are shown (``math`` only when the guard in
#: proofs/export.py accepts them; unicode translated, unknown characters shown as U+XXXX).
TRICKY_STATEMENTS = [
    pytest.param("E[π̂ | N1+N2 ≠ 0] = π and ε² ≤ 1/4 · q₁", "math", id="unicode-stub"),
    pytest.param("50% & #1 $x costs ~ {unbalanced", "text", id="specials-unbalanced"),
    pytest.param(r"\frac{1}{", "text", id="missing-argument"),
    pytest.param(r"x_1_2 = 0", "text", id="double-subscript"),
    pytest.param(r"\undefinedmacro{x} = 1", "text", id="unknown-command"),
    pytest.param(r"\left( x \right", "text", id="unbalanced-left-right"),
    pytest.param(r"that $\hat{\pi}$ is unbiased", "mixed", id="text-with-math"),
    pytest.param(r"a \\ b & c", "text", id="alignment-outside-environment"),
    pytest.param("ν^S(p,q) ≈ 1/((n+1)(p+q) − 1) 𝔼 ∮", "math", id="unmapped-unicode"),
]


@pytest.mark.parametrize("claim_id, safe", [
    pytest.param("Eq2", "Eq2", id="plain"),
    pytest.param("T3.10.form2@000", "T3_10_form2__000", id="dots-and-at"),
    pytest.param("R.warner-mle", "R_warner-mle", id="dash"),
    pytest.param("a b/c", "a-x0020-b-x002f-c", id="anything-else"),
])
def test_safe_id_for_file_names_and_labels(claim_id, safe):
    assert safe_id(claim_id) == safe


def test_safe_ids_of_every_registered_claim_are_distinct():
    ids = [c.id for c in registry.claims()]
    assert len({safe_id(i) for i in ids}) == len(ids)


@pytest.mark.parametrize("statement, kind", [
    pytest.param(r"\hat{\pi} = \frac{n_2 q - n_1 p}{(n_1+n_2)(q-p)}", "math", id="latex-formula"),
    pytest.param(r"\operatorname{Var}[\hat\nu] = \sum_{i=1}^T m_i^2 \ \text{(indep.)}", "math", id="latex-with-text"),
    pytest.param("q1 = πp+(1-π)(1-p)", "math", id="unicode-formula"),
    pytest.param("the MLE is π̂ = (p-1)/(2p-1)", "text", id="prose-stub"),
    *TRICKY_STATEMENTS,
])
def test_statement_kind(statement, kind):
    assert statement_kind(statement) == kind


def _synthetic_claim(claim_id: str, statement: str, status: str = "inconclusive") -> dict:
    return {"id": claim_id, "title": f"synthetic {claim_id}", "source": "003 test", "statement_latex": statement,
            "status": status, "reason": "synthetic, for the compile test", "methods": []}


def _refuted_with_correction() -> dict:
    mle = (n2 * q - n1 * p) / ((n1 + n2) * (q - p))
    return {
        **_synthetic_claim("X.refuted@000", r"\hat{\pi} = \frac{n_2 q - n_1 p}{(n_1+n_2)(q-p)} + 1", "refuted"),
        "methods": [{"method": "enumeration", "outcome": "counterexample", "domain": "n <= 4, p, q in {k/8}",
                     "detail": {"cases": 12, "recheck": "exact", "traceback": "x" * 500}},
                    {"method": "symbolic", "outcome": "holds", "domain": "reading 'b' only",
                     "detail": {"reading": "b"}}],
        "counterexample": {"p": "3/5", "q": "-1/5", "pi": "1/2", "n1": 2, "lhs": 0.25,
                           "m({a,b})": {"x": [1, "2/3"]}, "note": "π̂ ≠ π & 50%"},
        "holds_when": "p + q = 1 (π̂ ≤ 1)",
        "derived": [{"name": "pihat", "srepr": sympy.srepr(sympy.Eq(sympy.Symbol("pihat"), mle)),
                     "method": "symbolic", "reading": None},
                    {"name": "broken", "srepr": "not srepr at all (", "method": "symbolic", "reading": None}],
        "correction": {"statement": r"\hat{\pi} = \frac{n_2 q - n_1 p}{(n_1+n_2)(q-p)}", "status": "proved",
                       "derived": [{"name": "Var", "srepr": sympy.srepr(sympy.Function("Var")(pi) + sympy.pi)}],
                       "methods": []},
    }


def _compile_report(report: dict, directory) -> None:
    from proofs.report.export import write_latex

    write_latex(report, directory)
    proc = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
                          cwd=directory, capture_output=True, text=True, timeout=120)
    log = (directory / "report.log").read_text(errors="replace") if (directory / "report.log").exists() else ""
    errors = [line for line in log.splitlines() if line.startswith("!")]
    assert proc.returncode == 0 and not errors, errors or proc.stdout[-2000:]
    assert (directory / "report.pdf").stat().st_size > 0


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    """`check QUICK_IDS --latex DIR --format json --output report.json` once, for the tests below."""
    root = tmp_path_factory.mktemp("quick")
    code = main(["check", *QUICK_IDS, "--budget", "quick", "--jobs", "1", "--no-progress",
                 "--latex", str(root / "tex"), "--format", "json", "--output", str(root / "report.json")])
    assert code == 0
    return root


def test_check_latex_writes_one_fragment_per_claim_and_the_report(quick_run):
    report = json.loads((quick_run / "report.json").read_text())
    tex = quick_run / "tex"
    assert sorted(p.name for p in (tex / "claims").iterdir()) == sorted(f"{safe_id(i)}.tex" for i in QUICK_IDS)
    text = (tex / "report.tex").read_text()
    for needed in (r"\documentclass", r"\usepackage{amsmath,amssymb,booktabs", r"\toprule", r"\section{Errata}"):
        assert needed in text
    assert all(c["derived"] for c in report["claims"]), "these claims' symbolic checks derive expressions"
    fragment = (tex / "claims" / f"{safe_id('R.warner-mle')}.tex").read_text()
    assert "Derived expressions" in fragment and r"\[" in fragment


def test_export_from_json_gives_the_same_files_without_rerunning(quick_run, tmp_path):
    assert main(["export", "--from", str(quick_run / "report.json"), "--latex", str(tmp_path / "again")]) == 0
    for path in (quick_run / "tex").rglob("*.tex"):
        assert (tmp_path / "again" / path.relative_to(quick_run / "tex")).read_text() == path.read_text()


def test_export_markdown_has_dollar_math_and_every_id(quick_run, capsys):
    assert main(["export", "--from", str(quick_run / "report.json"), "--format", "markdown"]) == 0
    text = capsys.readouterr().out
    assert all(f"`{i}`" in text for i in QUICK_IDS)
    assert text.count("$") >= 4 and "## Errata" in text


def test_markdown_of_a_refuted_claim_shows_counterexample_and_correction():
    text = markdown({"budget": "quick", "summary": {"refuted": 1}, "claims": [_refuted_with_correction()]})
    assert r"$p = \frac{3}{5}" in text and "corrected (proved)" in text
    assert r"\left(n_{1} + n_{2}\right)" in text  # the derived MLE, factored


def test_every_registered_statement_becomes_compilable_tex():
    for claim in registry.claims():
        tex = statement_tex(claim.statement)
        assert tex.isascii(), claim.id


def _bad_report_cases(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "shape.json").write_text('{"claims": [{"id": "x"}]}')
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "ok.json").write_text(json.dumps({"claims": [_synthetic_claim("Eq2", "x")]}))
    return [
        (["export", "--from", str(tmp_path / "missing.json"), "--latex", str(tmp_path / "o1")],
         r"--from=.*missing.json.: no such file", "o1"),
        (["export", "--from", str(tmp_path / "bad.json"), "--latex", str(tmp_path / "o2")],
         r"--from=.*: not valid JSON \(.* at line 1 column 2\)", "o2"),
        (["export", "--from", str(tmp_path / "shape.json"), "--latex", str(tmp_path / "o3")],
         r"--from=.*: claims\[0\] lacks title", "o3"),
        (["export", "--from", str(tmp_path / "ok.json"), "--latex", str(tmp_path / "a-file")],
         r"--latex=.*a-file.: is a file, not a directory", None),
        (["check", "Eq2", "--latex", str(tmp_path / "a-file")], r"--latex=.*: is a file, not a directory", None),
        (["export", "--from", str(tmp_path / "ok.json")], r"export needs --latex DIR or --format", None),
    ]


def test_bad_input_exits_2_with_one_line_and_writes_nothing(tmp_path, capsys):
    import re

    for argv, message, out_dir in _bad_report_cases(tmp_path):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and re.search(message, err[0]), (argv, err)
        if out_dir:
            assert not (tmp_path / out_dir).exists()
    assert (tmp_path / "a-file").read_text() == "x"


@pytest.mark.skipif(shutil.which("latexmk") is None,
                    reason="latexmk is not installed (apt-get install latexmk texlive-latex-recommended; .ci/run does)")
def test_report_compiles_with_latexmk_and_holds_every_registered_id(quick_run, tmp_path):
    """Every registered claim's statement as printed (stubs with unicode included), the quick run's
    derived expressions, a refuted claim with counterexample and correction, and hostile statements."""
    report = json.loads((quick_run / "report.json").read_text())
    run_ids = {c["id"] for c in report["claims"]}
    for claim in registry.claims():  # not run here: shown with no evidence, the statement is what matters
        if claim.id not in run_ids:
            report["claims"].append(claim_json(ClaimResult(claim, Verdict(()), 0.0)))
    report["claims"].append(_refuted_with_correction())
    report["claims"] += [_synthetic_claim(f"X.tricky{k}", s.values[0]) for k, s in enumerate(TRICKY_STATEMENTS)]
    files = latex_files(report)
    assert all(text.isascii() for text in files.values())
    _compile_report(report, tmp_path)
    text = (tmp_path / "report.tex").read_text()
    for claim in registry.claims():
        assert rf"\texttt{{{claim.id}}}" in text
    assert r"\subsection*{\texttt{X.refuted@000}" in text  # the errata section
