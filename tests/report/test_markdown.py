"""Markdown (proofs/report/markdown.py): the structure of the HTML report, math between $ signs."""

from __future__ import annotations

import re

from proofs.cli import main
from proofs.report.markdown import render_markdown


def test_same_structure_as_the_html_report(synthetic_report):
    text = render_markdown(synthetic_report)
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[:4] == ["## Errata", "## All claims", "## Notation", "## Every claim"]
    for claim in synthetic_report.claims:
        assert f"### `{claim.id}`" in text
    assert "#### Other readings (not part of the verdict)" in text


def test_math_between_dollars_and_no_source_in_the_words(synthetic_report):
    text = render_markdown(synthetic_report)
    assert text.count("$") > 200 and text.count("$") % 2 == 0
    words = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", "", text.replace(r"\$", ""))
    leaked = re.findall(r"(?<!\\)\\[A-Za-z]{2,}", words)
    assert not leaked, leaked[:5]
    assert r"$\hat{\theta}_{1} = -1/2$" in text


def test_export_markdown_to_a_file(quick_run, tmp_path):
    target = tmp_path / "r.md"
    assert main(["export", "--from", str(quick_run / "report.json"), "--format", "markdown", "--output", str(target)]) == 0
    assert "## Errata" in target.read_text()


def test_a_holds_when_stated_by_the_author_says_it_was_not_checked(synthetic_report):
    from dataclasses import replace

    from proofs.report.schema import Report

    claim = next(c for c in synthetic_report.claims if c.holds_when)
    for checked in (False, True):
        text = render_markdown(Report((replace(claim, holds_when_checked=checked),), "quick", "x"))
        errata = next(line for line in text.splitlines() if line.startswith("  - holds when "))
        assert ("(stated by the author, not checked)" in errata) is not checked, errata


def test_vacuous_claims_are_errata_with_why_and_their_correction(synthetic_report):
    text = render_markdown(synthetic_report)
    errata = text[text.index("## Errata"):text.index("## All claims")]
    for claim in synthetic_report.vacuous:
        assert f"[`{claim.id}`]" in errata
    assert "  - vacuous: the premise never holds on the whole domain" in errata
    assert "| **vacuous** |" in text
