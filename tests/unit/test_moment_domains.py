"""No verdict without a domain: check_moment and check_approximation decide that the stated domain has a point
and that every formula is defined on it before they prove or refute, and validate a list mechanism and a prior
as proofs.mechanisms validates a printed matrix."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs.engines.approximation import check_approximation
from proofs.engines.moments import check_moment, validate_moment

WARNER = [["p", "1-p"], ["1-p", "p"]]
ESTIMATOR = "(Y0/n - (1-p))/(2*p - 1)"


@pytest.mark.parametrize("domain", ["p > 1, p < 0, 0 <= pi <= 1", "0 <= p <= 1, p != 1/2, pi > 1, pi < 0"])
def test_check_moment_refuses_an_empty_domain(domain):
    v = check_moment(ESTIMATOR, "pi", mechanism=WARNER, prior=["pi", "1-pi"], domain=domain)
    assert v.status.value == "inconclusive"
    assert v.reason.startswith("vacuous: the stated domain is empty")
    assert v.counterexample is None


def test_check_moment_does_not_refute_on_an_empty_domain():
    v = check_moment(ESTIMATOR, "pi + 1", mechanism=WARNER, prior=["pi", "1-pi"], domain="p > 1, p < 0, 0 <= pi <= 1")
    assert v.status.value == "inconclusive" and "empty" in v.reason


def test_check_moment_does_not_prove_where_the_estimator_divides_by_zero():
    v = check_moment(ESTIMATOR, "pi", mechanism=WARNER, prior=["pi", "1-pi"],
                     domain="p >= 1/2, p <= 1/2, 0 <= pi <= 1")
    assert v.status.value != "proved"
    symbolic = next(e for e in v.evidence if e.method.value == "symbolic")
    assert symbolic.detail["undefined"] == "undefined at p = 1/2: the statistic divides by 2*p - 1"


def test_check_moment_without_a_domain_does_not_prove_an_estimator_undefined_at_p_one_half():
    v = check_moment(ESTIMATOR, "pi", mechanism=WARNER, prior=["pi", "1-pi"])
    assert v.status.value == "supported", v.reason
    assert "undefined at p = 1/2" in next(e for e in v.evidence if e.method.value == "symbolic").detail["note"]


def test_check_moment_proves_the_estimator_where_it_is_defined():
    v = check_moment(ESTIMATOR, "pi", mechanism=WARNER, prior=["pi", "1-pi"], domain="0 <= p <= 1, p != 1/2, 0 <= pi <= 1")
    assert v.status.value == "proved", v.reason


def test_check_moment_does_not_prove_a_claimed_form_that_divides_by_zero_on_the_domain():
    v = check_moment("Y0/n", "p*pi + (1-p)*(1-pi) + (p - p**2)/(1 - p) - p", mechanism=WARNER,
                     prior=["pi", "1-pi"], domain="0 <= p <= 1, 0 <= pi <= 1")
    symbolic = next(e for e in v.evidence if e.method.value == "symbolic")
    assert v.status.value != "proved"
    assert symbolic.detail["undefined"].startswith("undefined at p = 1") and "the claimed form divides by" in \
        symbolic.detail["undefined"]


def test_check_moment_refuses_a_row_summing_to_2p():
    with pytest.raises(InvalidArgument, match=r"mechanism row 0=\['p', 'p'\]: sums to 2\*p, not 1; at p = 1 it is 2"):
        check_moment("Y0/n", "p", mechanism=[["p", "p"], ["1-p", "p"]], prior=["pi", "1-pi"],
                     domain="0 <= p <= 1, 0 <= pi <= 1")


def test_check_moment_refuses_a_prior_summing_to_2pi():
    with pytest.raises(InvalidArgument, match=r"prior=\['pi', 'pi'\]: sums to 2\*pi, not 1; at pi = 1 it is 2"):
        check_moment("Y0/n", "p", mechanism=WARNER, prior=["pi", "pi"], domain="0 <= p <= 1, 0 <= pi <= 1")


def test_check_moment_refuses_a_row_summing_to_2p_without_a_domain():
    with pytest.raises(InvalidArgument, match=r"mechanism row 0=.*sums to 2\*p, not 1"):
        check_moment("Y0/n", "p", mechanism=[["p", "p"], ["1-p", "p"]], prior=["pi", "1-pi"])


def test_check_moment_refuses_an_entry_outside_0_1_on_the_stated_domain():
    with pytest.raises(InvalidArgument, match=r"mechanism\[0\]\[0\]='p': is above 1 at p = 3/2 \(it is 3/2\)"):
        check_moment("Y0/n", "p", mechanism=WARNER, prior=["pi", "1-pi"], domain="0 <= p <= 2, 0 <= pi <= 1")


def test_validate_moment_refuses_a_row_summing_to_2p_as_check_moment_does():
    with pytest.raises(InvalidArgument, match=r"mechanism row 0=\['p', 'p'\]: sums to 2\*p"):
        validate_moment("Y0/n", "p", mechanism=[["p", "p"], ["1-p", "p"]], prior=["pi", "1-pi"],
                        domain="0 <= p <= 1, 0 <= pi <= 1")


@pytest.mark.parametrize("exact,approx,regime,domain", [
    ("c0 + c0**2", "c0", "c0 -> 0", "c0 > 1, c0 < 0"),
    ("c0 + 1", "c0", "c0 -> 0", "c0 > 1, c0 < 0"),
    ("n + 1", "n", "n -> oo", "n >= 5, n <= 2"),
    ("2*n + 1", "n", "n -> oo", "n >= 5, n <= 2"),
], ids=["true-c0", "false-c0", "true-n", "false-n"])
def test_check_approximation_refuses_an_empty_domain(exact, approx, regime, domain):
    v = check_approximation(exact, approx, regime=regime, domain=domain)
    assert v.status.value == "inconclusive" and v.reason.startswith("vacuous: the stated domain is empty")


def test_check_approximation_does_not_prove_where_the_exact_side_divides_by_zero():
    v = check_approximation("c0 + c0**2/(c0 - 1/2)", "c0", regime="c0 -> 0", domain="0 <= c0 <= 1")
    assert v.status.value != "proved"
    assert v.evidence[0].detail["undefined"] == "undefined at c0 = 1/2: the exact side divides by c0 - 1/2"


def test_check_approximation_refutes_only_at_a_point_whose_domain_reaches_the_regime():
    v = check_approximation("c0*(1+q)/(p-q)", "c0/(p-q)", regime="c0 -> 0", domain="1/2 <= c0 <= 1, 0 <= q < p <= 1")
    assert v.status.value != "refuted"
    w = check_approximation("c0*(1+q)/(p-q)", "c0/(p-q)", regime="c0 -> 0", domain="0 <= c0 <= 1, 0 <= q < p <= 1")
    assert w.status.value == "refuted" and {"p", "q"} <= set(w.counterexample)
