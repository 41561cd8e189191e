"""The report's one schema (proofs/report/schema.py): typed, round-tripped, validated on the way in,
backward-readable, and the same keys the README documents."""

from __future__ import annotations

import json
import re

import pytest
import sympy

from proofs.base.evidence import Method, Outcome
from proofs.base.verdict import Status
from proofs.cli import main
from core.errors import InvalidArgument
from proofs.report.schema import SCHEMA_VERSION, ClaimReport, CoverageReport, Report, load_report, section_of

README_CLAIM_KEYS = {"id", "title", "source", "statement_latex", "status", "methods", "counterexample", "holds_when",
                     "corrected", "seconds"}
README_METHOD_KEYS = {"method", "outcome", "domain", "detail"}

#: A report as the toolkit wrote it before the schema had a number: reading, premise cases and the
#: counterexample of an evidence sat inside its detail; no definitions, related claims or sections.
OLD_REPORT = {
    "toolkit_version": "0.1.0", "budget": "quick", "summary": {"refuted": 1},
    "claims": [{
        "id": "T3.10", "title": "variance", "source": "003 Theorem 3.10", "statement_latex": r"Var(\hat{\pi}) = A",
        "status": "refuted", "reason": "counterexample from symbolic, re-checked exact", "domain": "p > 1/2",
        "interpretation": None,
        "methods": [{"method": "symbolic", "outcome": "counterexample", "domain": "p > 1/2",
                     "detail": {"counterexample": {"p": "3/4"}, "recheck": "exact", "seconds": 0.1}},
                    {"method": "enumeration", "outcome": "holds", "domain": "grid",
                     "detail": {"reading": "q3 = 0", "premise_cases": 4, "cases": 12}}],
        "counterexample": {"p": "3/4"}, "holds_when": "q3 = 0", "corrected": r"Var = \frac{A}{1-q_3^n}",
        "corrected_status": "proved", "seconds": 1.5,
        "derived": [{"name": "mle", "srepr": "(n2*q - n1*p)/((n1 + n2)*(q - p))", "method": "symbolic",
                     "reading": None}],
    }],
}


def test_report_round_trips_through_its_json(synthetic_report):
    again = Report.from_json(json.loads(synthetic_report.dumps()))
    assert again.to_json() == synthetic_report.to_json()
    assert [c.status for c in again.claims] == [c.status for c in synthetic_report.claims]


def test_json_keeps_the_keys_the_readme_documents(synthetic_report):
    data = synthetic_report.to_json()
    assert {"toolkit_version", "budget", "claims", "summary", "schema"} <= set(data)
    assert data["schema"] == SCHEMA_VERSION
    for claim in data["claims"]:
        assert README_CLAIM_KEYS <= set(claim)
        assert {"definitions", "related", "premise", "readings", "section"} <= set(claim)
        for method in claim["methods"]:
            assert README_METHOD_KEYS <= set(method)
            assert {"reading", "premise_cases", "vacuous"} <= set(method)
    assert sum(data["summary"].values()) == len(data["claims"])
    assert set(data["summary"]) == {s.value for s in Status}


def test_statuses_are_the_enums_of_the_verdict(synthetic_report):
    assert all(isinstance(c.status, Status) for c in synthetic_report.claims)
    assert all(isinstance(e.method, Method) and isinstance(e.outcome, Outcome)
               for c in synthetic_report.claims for e in c.evidence)


def test_vacuous_evidence_is_flagged_and_alternative_readings_are_apart(synthetic_report):
    flagged = [e for c in synthetic_report.claims for e in c.evidence if e.vacuous]
    assert flagged and all(e.premise_cases == 0 for e in flagged)
    mixed = [c for c in synthetic_report.claims if c.other_readings]
    assert mixed and all(e.reading for c in mixed for e in c.other_readings)
    assert all(e.reading is None for c in mixed for e in c.primary_evidence)


def test_a_vacuous_claim_round_trips_with_the_proof_that_its_premise_never_holds(synthetic_report):
    vacuous = synthetic_report.vacuous
    assert vacuous and all(c.status is Status.VACUOUS for c in vacuous)
    again = Report.from_json(json.loads(synthetic_report.dumps()))
    assert [c.id for c in again.vacuous] == [c.id for c in vacuous]
    never = [e for c in again.vacuous for e in c.evidence if e.premise_never_holds]
    assert never and all(e.premise_cases == 0 and e.vacuous for e in never)
    assert again.defects == again.refuted + again.vacuous


def test_an_old_report_reads_premise_never_holds_as_false():
    assert not any(e.premise_never_holds for c in Report.from_json(OLD_REPORT).claims for e in c.evidence)


def test_related_claims_carry_their_status_when_in_the_same_report(synthetic_report):
    statuses = {c.id: c.status for c in synthetic_report.claims}
    related = [r for c in synthetic_report.claims for r in c.related]
    assert related, "the registry's claims name related claims"
    assert all(r.status is statuses.get(r.id) for r in related)


def test_definitions_carry_the_text_of_their_reading(synthetic_report):
    from numeric.definitions import READINGS

    used = [d for c in synthetic_report.claims for d in c.definitions]
    assert used and all(d.text == READINGS[d.name].text for d in used if d.name in READINGS)


def test_an_old_report_is_read_with_defaults():
    report = Report.from_json(OLD_REPORT)
    claim = report.claims[0]
    assert claim.status is Status.REFUTED and claim.definitions == () and claim.related == ()
    symbolic, enumeration = claim.evidence
    assert symbolic.counterexample == {"p": "3/4"} and symbolic.recheck.value == "exact" and symbolic.seconds == 0.1
    assert enumeration.reading == "q3 = 0" and enumeration.premise_cases == 4 and enumeration.detail == {"cases": 12}
    assert claim.corrected == r"$Var = \frac{A}{1-q_3^n}$" and claim.correction.status is Status.PROVED  # a formula
    from symbolic.symbols import n1, n2, p, q

    assert sympy.simplify(claim.derived[0].expression - (n2 * q - n1 * p) / ((n1 + n2) * (q - p))) == 0


def test_coverage_is_optional_and_kept(synthetic_report):
    coverage = {"papers": {"003": {"percent": 63.2, "entries": [
        {"label": "Lemma 3.2", "kind": "result", "line": 120, "section": "3.1", "status": "covered", "claims": ["L3.2"]},
        {"label": "Eq. (9)", "kind": "equation", "line": 400, "section": "3.2", "status": "open", "claims": []}]}}}
    report = Report(synthetic_report.claims, "synthetic", "x", CoverageReport.of(coverage))
    again = Report.from_json(json.loads(report.dumps()))
    assert again.coverage.papers[0].percent == 63.2 and again.coverage.papers[0].count("open") == 1


def test_coverage_object_with_to_json_is_accepted():
    class Coverage:
        def to_json(self):
            return {"papers": {"004": {"percent": 11.1, "entries": []}}, "printed": {}}

    assert CoverageReport.of(Coverage()).papers[0].paper == "004"


@pytest.mark.parametrize("source, section", [
    pytest.param("003 Lemma 3.2", "§3", id="lemma"),
    pytest.param("004 §2.1", "§2.1", id="section"),
    pytest.param("003 proof of Theorem 3.10", "§3", id="proof"),
    pytest.param("003 Eq. (2)", "equations", id="equation"),
    pytest.param("My paper", "other", id="own"),
])
def test_section_of_a_source(source, section):
    assert section_of(source) == section


def _claim(**changes) -> dict:
    claim = json.loads(json.dumps(OLD_REPORT["claims"][0]))
    claim.update(changes)
    return claim


#: (what is wrong, the report, the message naming key and value)
BAD_REPORTS = [
    pytest.param({"claims": "x"}, r'no "claims" list', id="no-claims-list"),
    pytest.param({"claims": [_claim(status="bogus")]}, r"report\.claims\[0\]\.status='bogus': is not one of",
                 id="unknown-status"),
    pytest.param({"claims": [{k: v for k, v in _claim().items() if k != "title"}]},
                 r"report\.claims\[0\]=.*: lacks title", id="missing-key"),
    pytest.param({"claims": [_claim(derived=[{"name": "x", "srepr": '__import__("os").system("true")'}])]},
                 r"report\.claims\[0\]\.derived\[0\]\.srepr=.*__import__.*: is not a derived expression", id="hostile-derived"),
    pytest.param({"claims": [_claim(methods=[{"method": "guess", "outcome": "holds", "domain": "x"}])]},
                 r"report\.claims\[0\]\.methods\[0\]\.method='guess'", id="unknown-method"),
    pytest.param({"claims": [_claim(methods=[{"method": "symbolic", "outcome": "holds", "domain": "x",
                                              "premise_cases": -1}])]},
                 r"premise_cases=-1: is not a count", id="negative-premise-cases"),
    pytest.param({"claims": [_claim(), _claim()]}, r"claims=\['T3\.10'\]: two claims have the same id", id="duplicate-ids"),
    pytest.param({"claims": [_claim(methods=[{"method": "decision", "outcome": "proved", "domain": "x",
                                              "premise_cases": 0, "premise_never_holds": "yes"}])]},
                 r"premise_never_holds='yes': must be true or false", id="premise-never-holds-not-a-boolean"),
    pytest.param({"schema": 99, "claims": []}, r"report\.schema=99", id="future-schema"),
]


@pytest.mark.parametrize("data, message", BAD_REPORTS)
def test_from_json_names_the_bad_key_and_value(data, message):
    with pytest.raises(InvalidArgument, match=message):
        Report.from_json(data)


@pytest.mark.parametrize("data, message", BAD_REPORTS)
def test_export_of_a_bad_report_exits_2_with_one_line_and_writes_nothing(tmp_path, capsys, data, message):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(data))
    targets = ["--latex", str(tmp_path / "tex"), "--html", str(tmp_path / "r.html"), "--format", "markdown",
               "--output", str(tmp_path / "r.md")]
    assert main(["export", "--from", str(source), *targets]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and re.search(message, err[0]) and err[0].startswith("ldp-proofs: error: --from="), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


@pytest.mark.parametrize("content, message", [
    pytest.param("{not json", r"not valid JSON \(.* at line 1 column 2\)", id="bad-json"),
    pytest.param("[" * 100_000, r"not valid JSON", id="nested-too-deeply"),
    pytest.param(None, r"no such file", id="missing-file"),
])
def test_unreadable_files_give_one_line(tmp_path, content, message):
    source = tmp_path / "r.json"
    if content is not None:
        source.write_text(content)
    with pytest.raises(InvalidArgument, match=message):
        load_report(source)


def test_claim_report_of_a_run_names_its_definitions(quick_report):
    assert all(isinstance(c, ClaimReport) for c in quick_report.claims)
    assert {c.id for c in quick_report.claims} >= {"T3.10.form2", "R.warner-mle"}


def test_a_schema_2_report_reads_its_statements_as_formulas():
    """Before schema 3 a statement (and a corrected statement) was math-mode LaTeX without dollars."""
    claim = {"id": "X", "title": "t", "source": "003 Lemma 3.2", "statement_latex": r"\hat{\pi}=\frac{1}{2}",
             "status": "refuted", "methods": [], "domain": "p in [0, 1]",
             "correction": {"statement": r"\hat{\pi}=1", "status": "proved"}}
    old = Report.from_json({"schema": 2, "claims": [claim]}).claims[0]
    assert old.statement == r"$\hat{\pi}=\frac{1}{2}$" and old.correction.statement == r"$\hat{\pi}=1$"
    assert old.domain == "p in [0, 1]"
    new = Report.from_json({"schema": SCHEMA_VERSION, "claims": [claim]}).claims[0]
    assert new.statement == claim["statement_latex"]


def test_a_report_that_predates_the_checked_record_leaves_holds_when_unknown(synthetic_report):
    """Without ``holds_when_checked`` nothing is known either way: neither note is shown."""
    from proofs.report import view
    from proofs.report.mathtext import plain_text

    data = synthetic_report.to_json()
    claim = next(c for c in data["claims"] if c["holds_when"])
    claim.pop("holds_when_checked")
    read = next(c for c in Report.from_json(data).claims if c.id == claim["id"])
    assert read.holds_when_checked is None
    assert "not checked" not in plain_text(view.holds_when(read.holds_when, read.holds_when_checked))
    assert "not checked" in plain_text(view.holds_when(read.holds_when, False))


def test_a_key_added_by_a_later_version_is_kept_written_back_and_shown(synthetic_report):
    """The schema is open: a claim's or an evidence's key this version does not read (counts of solver
    calls, say) survives ``export`` and is shown as a row of figures in every format."""
    from proofs.report import view
    from proofs.report.markdown import render_markdown
    from proofs.report.mathtext import plain_text

    data = synthetic_report.to_json()
    claim = next(c for c in data["claims"] if c["methods"])
    claim["solvers"] = {"queries": 12, "boxes": 2}
    claim["methods"][0]["solvers"] = {"queries": 12}
    read = next(c for c in Report.from_json(data).claims if c.id == claim["id"])
    again = next(c for c in Report.from_json(Report.from_json(data).to_json()).claims if c.id == claim["id"])
    assert again.extra == {"solvers": {"queries": 12, "boxes": 2}}
    assert again.evidence[0].extra == {"solvers": {"queries": 12}}
    shown = {f.label: plain_text(f.content) for f in view.claim_fields(read)}
    assert shown["solvers"] == "queries = 12, boxes = 2", shown
    assert "solvers" in render_markdown(Report((read,), "quick", "x"))


#: (what is wrong, the report's text, the message naming the field and its value)
BAD_REPORT_TEXTS = [
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": 1e999999}}',
                 r"report\.summary\.proved=1e999999: is not a number a report holds", id="count-beyond-the-doubles"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": NaN}}', r"report\.summary\.proved=NaN",
                 id="count-nan"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": -Infinity}}', r"report\.summary\.proved=-Infinity",
                 id="count-infinity"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": ' + "9" * 5000 + '}}',
                 r"report\.summary\.proved=<a number of 5000 characters>: .*more than 4300 digits", id="count-of-5000-digits"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": 1.0}}',
                 r"report\.summary\.proved=1\.0: is not a count", id="count-a-float"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": -1}}',
                 r"report\.summary\.proved=-1: is not a count", id="count-negative"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": true}}',
                 r"report\.summary\.proved=True: is not a count", id="count-a-boolean"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"proved": 2}}',
                 r"report\.summary\.proved=2: disagrees with the claims listed: 0", id="count-disagrees"),
    pytest.param('{"schema": 2, "claims": [], "summary": {"sort-of": 0}}',
                 r"report\.summary\.sort-of=0: 'sort-of' is not a status", id="unknown-status-counted"),
    pytest.param('{"schema": 2, "claims": [], "summary": [1]}', r"report\.summary=\[1\]: is not a JSON object",
                 id="summary-a-list"),
    pytest.param(json.dumps({**OLD_REPORT, "summary": {}}), r"report\.summary=\{\}: does not count the 1 refuted",
                 id="summary-leaves-a-claim-out"),
    pytest.param(json.dumps({**OLD_REPORT, "claims": [{**OLD_REPORT["claims"][0], "seconds": "x"}]}).replace(
        '"x"', "1e400"), r"report\.claims\[0\]\.seconds=1e400", id="seconds-beyond-the-doubles"),
]


@pytest.mark.parametrize("text, message", BAD_REPORT_TEXTS)
def test_a_report_that_cannot_be_one_is_refused_in_one_line_naming_field_and_value(tmp_path, capsys, text, message):
    source = tmp_path / "bad.json"
    source.write_text(text)
    with pytest.raises(InvalidArgument, match=message) as refused:
        load_report(source)
    assert "\n" not in str(refused.value)
    assert main(["export", "--from", str(source), "--latex", str(tmp_path / "tex"), "--html",
                 str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and re.search(message, err[0]), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"], "nothing is written"


def test_a_summary_that_counts_its_claims_is_read_whether_it_lists_every_status_or_not(synthetic_report):
    every = json.loads(synthetic_report.dumps())
    assert set(every["summary"]) == {s.value for s in Status}
    assert Report.from_json(every).to_json() == synthetic_report.to_json()
    assert Report.from_json(OLD_REPORT).summary[Status.REFUTED] == 1  # only the statuses it had


def test_a_file_larger_than_any_report_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    from proofs.report import schema

    monkeypatch.setattr(schema, "MAX_REPORT_BYTES", 1000)
    source = tmp_path / "big.json"
    source.write_text(json.dumps(OLD_REPORT) + " " * 1000)
    with pytest.raises(InvalidArgument, match=r"--from=.*big\.json.*: is larger than"):
        load_report(source)
