"""sign_claim takes every sign check_sign takes (==0, !=0), a threshold claim (iff=, read as printed), and never drops a
holds_when: each candidate is decided on the domain with it, or refused in one line."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs import check_sign, declare
from proofs.base import registry
from proofs.runner import run_claim

PM_WORST = "1/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)"
DUCHI_WORST = "((exp(eps) + 1)/(exp(eps) - 1))**2"


@pytest.fixture
def fresh():
    before = {claim.id for claim in registry.claims()}  # the catalog loaded first: only what follows is forgotten
    yield
    registry.forget([i for i in registry.ids() if i not in before])


def test_an_identity_is_declared_with_sign_eq_0(fresh):
    declare.sign_claim("T.sign-eq", title="t", source="test", statement=r"$\frac{e^\epsilon}{1} - e^\epsilon = 0$",
                       expr="(exp(eps)/(exp(eps)+d-1)) / (1/(exp(eps)+d-1)) - exp(eps)", sign="==0",
                       domain="eps > 0, d >= 2 integer")
    result = run_claim("T.sign-eq", "quick")
    assert result.status.value == "proved"


def test_a_holds_when_in_eps_is_decided_not_dropped():
    (evidence, *_) = check_sign(f"{DUCHI_WORST} - ({PM_WORST})", "eps > 0", holds_when=["eps > 1.29"]).evidence
    assert evidence.holds_when == "eps > 1.29" and evidence.holds_when_checked is True


def test_candidates_that_do_not_hold_are_listed_with_their_outcome():
    (evidence, *_) = check_sign(f"{DUCHI_WORST} - ({PM_WORST})", "eps > 0", holds_when=["eps > 1.28"]).evidence
    assert evidence.holds_when is None
    assert evidence.detail["holds_when candidates (none proved)"] == ["eps > 1.28: counterexample"]


def test_a_threshold_claim_is_declared_read_as_printed_and_corrected(fresh):
    declare.sign_claim("T.sign-iff", title="t", source="test", statement=r"PM beats Duchi iff $\epsilon > 1.29$",
                       expr=f"({PM_WORST}) - {DUCHI_WORST}", sign="<0", domain="eps > 0", iff="eps > 1.29")
    result = run_claim("T.sign-iff", "quick")
    assert result.status.value == "refuted"
    assert result.verdict.corrected is not None and "1.289784" in result.verdict.corrected
    assert [(e.method.value, e.outcome.value) for e in result.evidence if e.reading] == [("decision", "proved")]


def test_a_threshold_claim_with_a_holds_when_is_refused_in_one_line(fresh):
    with pytest.raises(InvalidArgument, match="states its own region"):
        declare.sign_claim("T.sign-both", title="t", source="test", statement="s", expr="exp(eps) - 3", sign=">0",
                           domain="eps > 0", iff="eps > 1.1", holds_when=["eps > 2"])
    assert "T.sign-both" not in registry.ids()
