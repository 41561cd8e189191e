"""The coverage report: the entries of the texts, how claims link to them, the printed-statement check."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs.base.claim import Claim
from proofs.reading.coverage import coverage, paper_coverage, printed_check
from proofs.reading.texts import display_sources, load, normalise

RESULTS_003 = (
    ["Definition 3.1", "Lemma 3.2", "Lemma 3.3", "Lemma 3.4", "Theorem 3.5", "Corollary 3.6", "Example 3.7",
     "Remark 3.8", "Theorem 3.9", "Theorem 3.10", "Corollary 3.11", "Corollary 3.12", "Definition 3.13",
     "Lemma 3.14", "Lemma 3.15", "Lemma 3.16", "Definition 3.17", "Theorem 3.18", "Corollary 3.19",
     "Corollary 3.20"] + [f"Lemma 4.{k}" for k in range(1, 7)]
)


def _claim(**fields) -> Claim:
    base = dict(id="Probe.x", title="probe", source="003 Lemma 3.2", statement="x", domain="none")
    return Claim(**{**base, **fields})


def test_every_numbered_result_of_003_is_an_entry():
    labels = [e.label for e in load("003").entries if e.kind == "result"]
    assert labels == RESULTS_003


def test_the_numbered_equations_of_003_are_displays():
    numbers = sorted(e.number for e in load("003").entries if e.kind == "display" and e.number)
    assert numbers == ["1", "2", "3", "4"]


def test_every_display_of_004_is_an_entry():
    text = load("004")
    displays = [e for e in text.entries if e.kind == "display"]
    assert len(displays) == sum(1 for line in text.lines if line.strip().startswith("$$"))
    assert [e.label for e in text.entries if e.kind == "result"] == ["Definition 1", "Definition 2"]


@pytest.mark.parametrize(
    "left, right",
    [
        pytest.param(r"q_{1}+q_{2}", r"q_1 + q_2", id="braces-and-spaces"),
        pytest.param(r"\left(\frac{1}{2}\right)", r"(\frac{1}{2})", id="sizing"),
        pytest.param(r"a \leq b \neq c", r"a\le b\ne c", id="synonyms"),
        pytest.param(r"\displaystyle\varepsilon", r"\epsilon", id="displaystyle-varepsilon"),
    ],
)
def test_normalise_unifies_trivial_spelling(left, right):
    assert normalise(left) == normalise(right)


def test_a_claim_is_linked_by_its_source_not_by_prose_around_the_result():
    lemma = _claim(id="Probe.lemma", source="003 Lemma 3.2")
    after = _claim(id="Probe.after", source="003 after Lemma 3.2")
    proof = _claim(id="Probe.proof", source="003 proof of Lemma 3.2")
    entry = next(e for e in paper_coverage("003", [lemma, after, proof]).entries if e.entry.label == "Lemma 3.2")
    assert entry.claims == ("Probe.lemma",)


def test_a_claim_is_linked_by_its_printed_fragment():
    claim = _claim(id="Probe.wrr", source="003 after Eq. (1)",
                   printed=(r"Q_{WRR}=\frac{1}{e^{\epsilon}+1}",))
    entry = next(e for e in paper_coverage("003", [claim]).entries if e.entry.line == 91)
    assert entry.status == "covered" and entry.claims == ("Probe.wrr",)


def test_uncovered_entries_are_definitions_notation_or_open():
    report = paper_coverage("003", [])
    statuses = {e.entry.label: e.status for e in report.entries}
    assert statuses["Definition 3.1"] == "definition"
    assert statuses["display, line 95"] == "notation"
    assert statuses["Lemma 3.2"] == "open"
    assert report.count("covered") == 0 and report.percent == 0.0


@pytest.mark.parametrize(
    "fragment, status",
    [
        pytest.param(r"\frac{n_{2}q-n_{1}p}{(n_{1}+n_{2})(q-p)}", "found", id="eq2-found"),
        pytest.param(r"\frac{n_2 q - n_1 p}{(n_1 + n_2)(q - p)}", "found", id="eq2-respelled"),
        pytest.param(r"\frac{n_2 q + n_1 p}{(n_1 + n_2)(q - p)}", "not found", id="eq2-altered"),
    ],
)
def test_printed_check_finds_the_statement_as_printed(fragment, status):
    check = printed_check(_claim(printed=(fragment,)))
    assert check.status == status
    if status == "found":
        assert 109 in check.lines


def test_printed_check_of_another_text_is_not_looked_up():
    assert printed_check(_claim(source="My paper, Lemma 2")).status == "not looked up"


def test_coverage_of_the_registry_reports_both_texts():
    report = coverage()
    assert [p.paper for p in report.papers] == ["003", "004"]
    data = report.to_json()
    assert set(data["papers"]) == {"003", "004"}
    assert 0 <= data["papers"]["003"]["percent"] <= 100


def _display(label):
    text = load("003")
    return text, next(e for e in text.entries if e.label == label)


@pytest.mark.parametrize("label, sources", [
    ("display (2)", [r"\hat{\pi} =\frac{n_{2}q-n_{1}p}{(n_{1}+n_{2})(q-p)}."]),
    ("display, line 313", [r"e^{-\epsilon}\leq\frac{1-q}{q},\frac{1-p}{p}\leq e^{\epsilon}."]),
], ids=["one-cell", "a-list-in-a-relation"])
def test_display_sources_of_003_are_the_authors_latex(label, sources):
    assert display_sources(*_display(label)) == sources


def test_display_sources_of_an_aligned_display_are_its_lines():
    lines = display_sources(*_display("display, line 388"))
    assert len(lines) == 8 and lines[0].startswith(r"Var[\hat{\pi}|N_{1}+N_{2}\neq 0] =Var[")
    assert lines[-1] == r"=\frac{1}{(q-p)^{2}}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A"


def test_display_sources_refuses_a_result_in_one_line():
    text = load("003")
    result = next(e for e in text.entries if e.kind != "display")
    with pytest.raises(InvalidArgument, match=r"entry='Definition 3.1': display_sources reads the displays of 003"):
        display_sources(text, result)


EXAMPLE_PAPER = __import__("pathlib").Path(__file__).resolve().parents[2] / "examples" / "paper" / "rr_paper.tex"


def test_a_claim_whose_formula_equals_an_entrys_covers_it_without_copying_the_latex():
    """The statement writes p(1 - p) as p - p^2: no printed fragment, no entry named, the same formula."""
    mine = _claim(id="rr_paper.variance", source="rr_paper.tex", printed=(),
                  statement=r"The variance is $\operatorname{Var}[\hat{\pi}] = \frac{p - p^2}{n(2p-1)^2}$.")
    report = coverage([mine], papers=[str(EXAMPLE_PAPER)]).papers[0]
    covered = {e.entry.label for e in report.entries if e.status == "covered"}
    assert covered == {"Theorem 4", "Eq. (4)"}


def test_a_coverage_run_on_a_paper_of_your_own_says_nothing_about_claims_of_other_texts():
    other = _claim(id="Probe.other", source="003 Lemma 3.2", printed=("not in the paper",))
    report = coverage([other], papers=[str(EXAMPLE_PAPER)])
    assert report.printed == ()
