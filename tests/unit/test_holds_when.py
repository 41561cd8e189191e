"""A holds_when that is checked: the claim must hold on the region the condition names and fail outside it;
otherwise the report says the condition is stated by the author, not checked (terminal and JSON)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from core.errors import InvalidArgument
from proofs import Evidence, check_moment, mechanisms as M
from proofs.base.evidence import HOLDS_WHEN_UNCHECKED
from proofs.base.verdict import Verdict
from proofs.report.schema import ClaimReport
from proofs.report.terminal import render_claim

G = M.randomized_response(d="d", epsilon="eps")
ESTIMATE = "(C0 - n*q)/(p - q)"
PRINTED = "n*q*(1-q)/(p-q)**2"   # the variance every user would have if none held value 0
DOMAIN = "eps > 0, d >= 2, 0 <= c0 <= n"


@pytest.mark.parametrize("condition,checked", [("c0 == 0", True), ("eps > 1", False), ("c0 <= n", False)],
                         ids=["right-region", "wrong-region", "the-whole-domain"])
def test_the_authors_condition_is_checked(condition, checked):
    v = check_moment(ESTIMATE, PRINTED, mechanism=G, counts={"0": "c0"}, moment="variance", domain=DOMAIN,
                     n_values=[2, 4], holds_when=condition)
    assert v.status.value == "refuted"
    assert v.holds_when == condition and v.holds_when_checked is checked
    why = next(e.detail["holds_when"] for e in v.evidence if "holds_when" in e.detail)
    assert why.startswith("checked" if checked else "not checked")
    assert any(e.reading and "holds_when" in e.reading for e in v.evidence)  # the region's own evidence, apart


def test_a_condition_on_a_claim_that_holds_is_not_checked():
    v = check_moment(ESTIMATE, "c0", mechanism=G, counts={"0": "c0"}, domain=DOMAIN, n_values=[2], holds_when="c0 == 0")
    assert v.status.value == "proved" and v.holds_when_checked is False


def _claim_report(checked):
    from proofs import Claim
    from proofs.runner import ClaimResult

    claim = Claim(id="X.hw", title="t", source="My notes", statement="s", domain="d")
    evidence = Evidence("enumeration", "counterexample", "somewhere", counterexample={"p": "1/2"}, recheck="exact",
                        holds_when="p == 0", holds_when_checked=checked)
    return ClaimReport.from_result(ClaimResult(claim, Verdict((evidence,)), 0.1))


@pytest.mark.parametrize("checked,shown", [(True, False), (False, True), (None, True)], ids=["checked", "unchecked",
                                                                                              "unknown"])
def test_terminal_and_json_say_when_a_condition_is_not_checked(checked, shown):
    report = _claim_report(checked)
    data = report.to_json()
    assert data["holds_when_checked"] is (checked is True)
    assert data["methods"][0]["holds_when_checked"] is (checked is True)
    console = Console(file=io.StringIO(), width=120)
    render_claim(report, console)
    text = console.file.getvalue()
    assert ("holds when" in text) and ((HOLDS_WHEN_UNCHECKED in text) is shown)


def test_holds_when_checked_needs_a_condition():
    with pytest.raises(InvalidArgument, match="holds_when_checked=True: given without holds_when"):
        Evidence("enumeration", "holds", "somewhere", holds_when_checked=True)
