"""The public face of mechanisms with a continuous output (proofs.continuous): validated families, the
checks, the short declarations with their two methods, and the dispatch hooks for the general checks."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs import continuous as C
from proofs import check_ldp, check_moment
from proofs import mechanisms as M
from proofs.base.budget import BUDGETS

from proofs.base.registry import checks_for, forget


def test_a_mistyped_law_is_refused_at_construction_with_one_line():
    with pytest.raises(InvalidArgument, match=r"law='a density': at eps=.* the law integrates to"):
        C.density([("(exp(eps) - exp(eps/2))/(2*exp(eps/2) + 2)", -1, 1)], domain="eps > 0")


def test_families_are_validated_laws():
    for law in (C.laplace("b"), C.gaussian("sigma"), C.piecewise("eps"), C.duchi_two_point("eps"), C.hybrid("eps")):
        assert C.is_continuous(law)
    assert not C.is_continuous(M.duchi(epsilon="eps"))


def test_dispatch_hooks_take_only_laws_with_continuous_output():
    assert C.dispatch_ldp(M.duchi(epsilon="eps"), "eps", "eps > 0") is None
    assert C.dispatch_moment(M.duchi(epsilon="eps"), "t") is None
    verdict = C.dispatch_moment(C.gaussian("sigma"), "sigma**2", moment="variance", points=2)
    assert verdict.status.value == "proved"


def test_moment_claim_registers_two_methods_that_share_one_run():
    claim = C.density_moment_claim("Density.test-laplace-variance", title="Laplace variance", source="test",
                           statement=r"$2b^2$", mechanism=C.laplace("b"), moment="variance", claimed="2*b**2")
    try:
        checks = checks_for(claim.id)
        assert {c.method.value for c in checks} == {"symbolic", "interval"}
        outcomes = {c.method.value: [e.outcome.value for e in c.function(BUDGETS["quick"])] for c in checks}
        assert outcomes == {"symbolic": ["proved"], "interval": ["holds"]}
    finally:
        forget([claim.id])


def test_a_declaration_refuses_a_finite_mechanism_and_a_bad_moment():
    with pytest.raises(InvalidArgument, match="not a law with continuous output"):
        C.density_ldp_claim("Density.bad", title="x", source="x", statement="x", mechanism=M.duchi(epsilon="eps"),
                    epsilon="eps")
    with pytest.raises(InvalidArgument, match="moment='median'"):
        C.density_moment_claim("Density.bad2", title="x", source="x", statement="x", mechanism=C.laplace("b"),
                       moment="median", claimed="t")


def test_budget_sets_the_number_of_points():
    assert C._points(BUDGETS["quick"]) >= 2


def test_dispatch_refuses_delta_for_a_finite_mechanism():
    with pytest.raises(InvalidArgument, match="delta='1/10'"):
        C.dispatch_ldp(M.duchi(epsilon="eps"), "eps", "eps > 0", delta="1/10")


@pytest.mark.parametrize("call", [
    lambda: check_ldp(C.piecewise(epsilon="eps"), "eps", domain="eps > 1, eps < 0"),
    lambda: check_moment("output", "t", mechanism=C.piecewise(epsilon="eps"), moment="mean", domain="eps > 1, eps < 0"),
    lambda: check_ldp(C.gaussian(sigma="sigma"), "1", delta="1/5", domain="sigma > 3, sigma < 2"),
], ids=["PM privacy", "PM mean", "Gaussian (eps, delta)"])
def test_a_density_check_on_an_empty_domain_earns_no_verdict(call):
    """No proof and no refutation where no parameter point satisfies the stated domain: the verdict is
    inconclusive and says the domain is empty (as for finite mechanisms)."""
    verdict = call()
    assert verdict.status.value == "inconclusive"
    assert "the stated domain is empty" in verdict.reason
