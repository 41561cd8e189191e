"""The terminal: a summary first, a compact table that fits 120 columns with no LaTeX source, and
``show ID`` with the other readings set apart."""

from __future__ import annotations

import io
import re

from rich.cells import cell_len
from rich.console import Console

from proofs.cli import main
from proofs.report.terminal import render_claim, render_report

LATEX_SOURCE = re.compile(r"\\[A-Za-z]+|\$")


def _table(report, width=120) -> list[str]:
    buffer = io.StringIO()
    render_report(report, Console(file=buffer, width=width, color_system=None))
    return buffer.getvalue().splitlines()


def test_table_fits_120_columns_without_latex_source(synthetic_report):
    lines = _table(synthetic_report)
    assert max(cell_len(line) for line in lines) <= 120
    leaked = [line for line in lines if LATEX_SOURCE.search(line)]
    assert not leaked, leaked[:3]
    ids = [c.id for c in synthetic_report.claims]
    assert all(any(line.startswith(i + " ") for line in lines) for i in ids), "one row per claim"


def test_summary_comes_first_with_counts_then_refuted_claims_with_their_correction(synthetic_report):
    lines = _table(synthetic_report)
    assert lines[0].startswith("ldp-belief-proofs —")
    assert re.match(r"refuted \d+ · vacuous \d+ · error \d+ · inconclusive \d+ · supported \d+ · proved \d+", lines[1])
    refuted = [c for c in synthetic_report.claims if c.status.value == "refuted"]
    start = lines.index(f"Refuted ({len(refuted)}):")
    first = refuted[0]
    assert re.match(rf"{re.escape(first.id)} +fails at θ̂₁ = −1/2, π = 1/3", lines[start + 1].strip())
    assert lines[start + 2].strip().startswith("corrected (proved):")


def test_show_sets_the_other_readings_apart(synthetic_report):
    claim = next(c for c in synthetic_report.claims if c.other_readings)
    buffer = io.StringIO()
    render_claim(claim, Console(file=buffer, width=120, color_system=None))
    text = buffer.getvalue()
    primary, _, other = text.partition("Other readings (not part of the verdict):")
    assert "Evidence (primary reading):" in primary and other
    assert "[the maximiser over pi in [0, 1]]" in other and "counterexample" in other
    assert "standard error: 0.0008" in primary and "z: 1.25" in primary


def test_show_lists_definitions_and_related_claims(synthetic_report):
    claim = next(c for c in synthetic_report.claims if c.definitions and c.related)
    buffer = io.StringIO()
    render_claim(claim, Console(file=buffer, width=120, color_system=None))
    text = buffer.getvalue()
    assert "definitions used:" in text and "related claims:" in text
    assert claim.definitions[0].name in text and claim.related[0].id in text


def test_the_command_fits_120_columns(quick_run, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["export", "--from", str(quick_run / "report.json"), "--format", "table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and max(cell_len(line) for line in lines) <= 120
    assert not [line for line in lines if LATEX_SOURCE.search(line)]


def test_below_100_columns_each_reason_gets_a_line_of_its_own(synthetic_report):
    lines = _table(synthetic_report, width=80)
    assert max(cell_len(line) for line in lines) <= 80
    refuted = next(c for c in synthetic_report.claims if c.status.value == "refuted")
    row = next(k for k, line in enumerate(lines) if line.startswith(refuted.id + " "))
    assert lines[row].rstrip().endswith("refuted")
    assert lines[row + 1].startswith("    fails at θ̂₁ = −1/2, π = 1/3, ε = log(2)"), lines[row + 1]


def test_one_claim_is_one_claim(synthetic_report):
    from proofs.report.schema import Report

    lines = _table(Report(synthetic_report.claims[:1], "quick", "x"))
    assert lines[0] == "ldp-belief-proofs — 1 claim, budget quick"


def test_below_100_columns_a_long_reason_wraps_and_is_never_cut(synthetic_report):
    from dataclasses import replace

    from proofs.report.schema import Report

    reason = "the sign decider left three cases open after every solver ran out of time on the whole domain"
    claim = replace(next(c for c in synthetic_report.claims if c.status.value == "inconclusive"), reason=reason)
    lines = _table(Report((claim,), "quick", "x"), width=40)
    below = lines[lines.index(next(line for line in lines if line.startswith(claim.id + " "))) + 1:]
    assert max(cell_len(line) for line in lines) <= 40 and "…" not in "".join(below)
    assert " ".join(line.strip() for line in below).strip() == reason
    assert all(line.startswith("    ") for line in below if line.strip())


def test_a_holds_when_not_checked_says_so_and_a_checked_one_does_not(synthetic_report):
    from dataclasses import replace

    claim = next(c for c in synthetic_report.claims if c.holds_when)
    for checked, note in ((False, True), (True, False)):
        buffer = io.StringIO()
        render_claim(replace(claim, holds_when_checked=checked), Console(file=buffer, width=200, color_system=None))
        text = buffer.getvalue()
        line = next(line for line in text.splitlines() if line.startswith("│ holds when: "))
        assert ("q₃ = 0 (p+q = 1) (stated by the author, not checked)" in line) is note, line
        assert "q₃ = 0 (p+q = 1)" in line


def test_summary_lists_the_vacuous_claims_with_their_correction_after_the_refuted_ones(synthetic_report):
    lines = _table(synthetic_report)
    vacuous = synthetic_report.vacuous
    start = lines.index(f"Vacuous ({len(vacuous)}):")
    assert start > lines.index(f"Refuted ({len(synthetic_report.refuted)}):")
    assert lines[start + 1].strip().startswith(vacuous[0].id)
    assert "the premise never holds on the whole domain" in lines[start + 1]
    assert lines[start + 2].strip().startswith("proposed correction (refuted): ")
