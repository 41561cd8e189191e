"""The errata PDF (``--latex DIR`` then ``latexmk -pdf``): every registered statement and a counterexample
in the paper's symbols compile, and the text of the PDF holds no LaTeX command and no Python repr."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata

import pytest

from proofs.report.latex_doc import write_latex
from proofs.report.schema import ClaimReport, Report
from tests.report.conftest import build_synthetic_report

pytestmark = pytest.mark.skipif(
    shutil.which("latexmk") is None or shutil.which("pdftotext") is None,
    reason="latexmk or pdftotext is not installed (apt-get install latexmk texlive-latex-recommended poppler-utils; "
           ".ci/run does)")

#: Statements that must not break the report (a stub with Unicode, specials, a formula that does not
#: compile, text with $ math, an unmapped character).
TRICKY_STATEMENTS = [
    "E[π̂ | N1+N2 ≠ 0] = π and ε² ≤ 1/4 · q₁",
    "50% & #1 $x costs ~ {unbalanced",
    r"\frac{1}{",
    r"x_1_2 = 0",
    r"\undefinedmacro{x} = 1",
    r"\left( x \right",
    r"that $\hat{\pi}$ is unbiased",
    r"a \\ b & c",
    "ν^S(p,q) ≈ 1/((n+1)(p+q) − 1) 𝔼 ∮",
]

LEAKS = re.compile(r"\\[a-zA-Z]+|\[\"|\{'|theta_hat_1|pi_hat")


def _compile(directory) -> str:
    """Compile ``report.tex``; no error and no overfull box (a formula or a word that runs into the margin)."""
    proc = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
                          cwd=directory, capture_output=True, text=True, timeout=300)
    log = (directory / "report.log").read_text(errors="replace") if (directory / "report.log").exists() else ""
    errors = [line for line in log.splitlines() if line.startswith("!")]
    assert proc.returncode == 0 and not errors, errors or proc.stdout[-2000:]
    overfull = [line for line in log.splitlines() if line.startswith("Overfull")]
    assert not overfull, overfull[:5]
    return subprocess.run(["pdftotext", "-layout", str(directory / "report.pdf"), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout


def test_every_statement_and_counterexample_compiles_without_leaks(tmp_path):
    synthetic = build_synthetic_report()
    tricky = tuple(ClaimReport(id=f"X.tricky{k}", title="a hostile statement", source="test", statement=text,
                               status="inconclusive", domain="any") for k, text in enumerate(TRICKY_STATEMENTS))
    naive = ClaimReport(id="X.a-very-long-identifier-of-a-claim.with-many.parts@000", title="a naïve Möbius test",
                        source="test", statement="$x$", status="refuted", domain="any",
                        counterexample={"al": "1/2", "fails": "pl_x(R^c) <= 1 - alpha'"})
    report = Report(synthetic.claims + tricky + (naive,), "synthetic", "test")
    write_latex(report, tmp_path)
    text = _compile(tmp_path)
    leaked = sorted(set(LEAKS.findall(text)))
    assert not leaked, leaked
    for claim in report.claims:
        assert claim.id in text
    assert "θ" in text or "θ̂" in text, "the paper's symbols, typeset"
    shown = unicodedata.normalize("NFC", text.replace("ı", "i"))  # pdftotext gives ı + ◌̈ for OT1's \"\i
    assert "naïve Möbius" in shown and "U+00EF" not in text, "letters with diacritics stay letters"
    assert re.search(r"α\s*=\s*1/2", text) and "al =" not in text and "fails =" not in text
    assert text.index("Errata") < text.index("Summary"), "the errata come first"


def test_a_real_run_compiles(quick_run_directory):
    text = _compile(quick_run_directory / "tex")
    assert not LEAKS.findall(text)


@pytest.fixture(scope="module")
def quick_run_directory(tmp_path_factory):
    from proofs.cli import main
    from tests.report.conftest import QUICK_IDS

    root = tmp_path_factory.mktemp("quick")
    assert main(["check", *QUICK_IDS, "--budget", "quick", "--jobs", "1", "--no-progress",
                 "--latex", str(root / "tex")]) in (0, 1)
    return root
