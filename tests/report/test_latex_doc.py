"""The LaTeX export (proofs/report/latex_doc.py): one fragment per claim and report.tex, ASCII, words
escaped and formulas in math mode, never source shown as text. Compiling it: tests/slow/test_report_pdf.py."""

from __future__ import annotations

import re

import pytest

from proofs.base import registry
from proofs.cli import main
from proofs.files import safe_id
from proofs.report.latex_doc import latex_files
from proofs.report.tex import text_tex


@pytest.mark.parametrize("claim_id, safe", [
    pytest.param("Eq2", "Eq2", id="plain"),
    pytest.param("T3.10.form2@000", "T3_10_form2__000", id="dots-and-at"),
    pytest.param("R.warner-mle", "R_warner-mle", id="dash"),
    pytest.param("a b/c", "a-x0020-b-x002f-c", id="anything-else"),
])
def test_safe_id_for_file_names_labels_and_anchors(claim_id, safe):
    assert safe_id(claim_id) == safe


def test_safe_ids_of_every_registered_claim_are_distinct():
    ids = [c.id for c in registry.claims()]
    assert len({safe_id(i) for i in ids}) == len(ids)


@pytest.mark.parametrize("text, tex", [
    pytest.param("50% & #1 $x ~ {a}_b^c", r"50\% \& \#1 \$x \~{} \{a\}\_b\^{}c", id="specials"),
    pytest.param("§3.1 – “don’t”", r"\S{}3.1 -- ``don't''", id="typography"),
    pytest.param("ε ≤ θ̂", r"\ensuremath{\epsilon} \ensuremath{\le} \ensuremath{\hat{\theta}}", id="math-symbols"),
    pytest.param("𝔼 ∮ 日", r"\ensuremath{\mathbb{E}} \ensuremath{\oint} U+65E5", id="unknown-named"),
    pytest.param("naïve Möbius Łódź ǅ", r'na{\"\i}ve M\"obius {\L}\'od\'z D\v{z}', id="every-letter-with-accents"),
    pytest.param("𝒞 √x ∖", r"C \ensuremath{\surd}x \ensuremath{\smallsetminus}", id="no-package-the-report-lacks"),
    pytest.param("eᵋ ɛ ϒ", r"e\ensuremath{\varepsilon} \ensuremath{\varepsilon} \ensuremath{\Upsilon}",
                 id="math-letters-pylatexenc-writes-bare"),
])
def test_text_tex(text, tex):
    assert text_tex(text) == tex


def _words(tex: str) -> str:
    """The text of LaTeX source outside math mode, with the commands the export itself writes removed."""
    tex = re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]|\\ensuremath\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", "", tex, flags=re.S)
    return tex


def test_statements_and_counterexamples_are_math_or_escaped_words(synthetic_report):
    files = latex_files(synthetic_report)
    assert all(text.isascii() for text in files.values())
    assert set(files) == {"report.tex", *(f"claims/{safe_id(c.id)}.tex" for c in synthetic_report.claims)}
    for name, text in files.items():
        words = _words(text)
        for bad in (r"\textbackslash", "theta_hat", '["', "{'"):
            assert bad not in words, (name, bad)
    fragment = files[f"claims/{safe_id(synthetic_report.refuted[0].id)}.tex"]
    assert r"\hat{\theta}_{1} = -1/2" in fragment


def test_summary_table_keeps_other_readings_apart(synthetic_report):
    report = latex_files(synthetic_report)["report.tex"]
    assert "primary reading & other readings (not part of the verdict)" in report
    assert "(concerns another reading)" in report


def test_check_latex_and_export_give_the_same_files(quick_run, tmp_path):
    assert main(["export", "--from", str(quick_run / "report.json"), "--latex", str(tmp_path / "again")]) == 0
    for path in (quick_run / "tex").rglob("*.tex"):
        assert (tmp_path / "again" / path.relative_to(quick_run / "tex")).read_text() == path.read_text()


def test_a_bad_target_is_refused_before_anything_runs(tmp_path, capsys):
    (tmp_path / "a-file").write_text("x")
    for argv, message in [
        (["check", "Eq2", "--latex", str(tmp_path / "a-file")], r"--latex=.*a-file.: is a file, not a directory"),
        (["check", "Eq2", "--html", str(tmp_path)], r"--html=.*: is a directory, not a file"),
        (["export", "--from", str(tmp_path / "a-file")], r"export needs --latex DIR, --html FILE or --format"),
    ]:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and re.search(message, err[0]), (argv, err)
    assert (tmp_path / "a-file").read_text() == "x"


def test_vacuous_claims_are_errata_in_the_pdf(synthetic_report):
    report = latex_files(synthetic_report)["report.tex"]
    errata = report[report.index(r"\section{Errata}"):]
    assert all(_id_in(errata, c.id) for c in synthetic_report.vacuous)
    assert r"\noindent Vacuous: the premise never holds on the whole domain" in errata
    assert r"\textbf{vacuous} (the premise provably never holds" in report


def _id_in(tex: str, claim_id: str) -> bool:
    return f"claim:{safe_id(claim_id)}" in tex
