"""check_moment: closed forms wrong only at small n or only when q3 > 0 are refuted, right ones supported or
proved; the precision of mean_on/square_on (Lemmas 4.1, 4.6) beyond the exact re-check; any finite
mechanism with i.i.d. inputs (003 §3.1) or a fixed dataset (004 §2.2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import InvalidArgument
from numeric.enumeration import moments
from numeric.finite_mechanism import FiniteMechanism
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs import check_moment
from proofs.engines.moments import EXACT_N_MAX, compare_moment

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"
NS = (1, 2, 3, 6)
RR_004 = [["1/2+p", "1/2-p"], ["1/2-p", "1/2+p"]]
WARNER = [["p", "1-p"], ["1-p", "p"]]
L41_POINT = [{"p": Fraction(3, 4), "q": Fraction(1, 8), "pi": Fraction(1)}]


@pytest.mark.parametrize("statistic,claimed,moment,status", [
    ("N1", "n*q1", "mean", "proved"),
    ("N3", "n*q3*(1-q3)", "variance", "proved"),
    ("N1*(N1-1)", "n*(n-1)*q1**2", "mean", "proved"),
    (PI_HAT, "pi", "mean", "supported"),
], ids=["E[N1]", "Var[N3]", "factorial-moment", "T3_9-mean"])
def test_right_forms_are_supported_or_proved(statistic, claimed, moment, status):
    given = "N1+N2 > 0" if statistic == PI_HAT else None
    v = check_moment(statistic, claimed, mechanism=SURVEY_Q2X3, moment=moment, given=given, n_values=NS)
    assert v.status.value == status, v.reason
    assert float(v.worst_discrepancy) < 1e-40


def test_wrong_only_at_small_n_is_refuted():
    # E[N1 (N1 - 1)] = n(n-1) q1^2; the extra term 0**(n-1) q1^2/7 is nonzero only at n = 1
    v = check_moment("N1*(N1-1)", "n*(n-1)*q1**2 + 0**(n-1)*q1**2/7", mechanism=SURVEY_Q2X3, n_values=NS)
    assert v.status.value == "refuted" and v.counterexample["n"] == 1
    assert v.evidence[0].recheck.value == "exact"


def test_wrong_only_when_q3_positive_is_refuted():
    # E[N1 + N2] = n(1 - q3); the form n is right exactly when q3 = 0
    v = check_moment("N1 + N2", "n", mechanism=SURVEY_Q2X3, n_values=NS)
    assert v.status.value == "refuted"
    assert Fraction(v.counterexample["p"]) + Fraction(v.counterexample["q"]) < 1
    at_q3_zero = [{"p": "3/4", "q": "1/4", "pi": "1/3"}, {"p": "1", "q": "0", "pi": "1/2"}]
    assert check_moment("N1 + N2", "n", mechanism=SURVEY_Q2X3, n_values=NS, points=at_q3_zero).status.value == "supported"


@pytest.mark.parametrize("n", [40, 61, 120], ids=["n40-exact-recheck", "n61", "n120"])
def test_L4_1_mean_on_is_computed_at_the_working_precision(n):
    """mean_on = E[X 1{N1+N2>0}] was once a 53-bit product: 6/7 came out 0.857142857142857095..."""
    v = check_moment("N1/(N1+N2)", "q1/(q1+q2)*(1-q3**n)", mechanism=SURVEY_Q2X3, moment="mean_on", given="N1+N2 > 0", n_values=[n],
                     points=L41_POINT)
    assert v.status.value == "supported", v.reason
    assert float(v.worst_discrepancy) < 1e-45


def test_L4_6_square_on_at_n61():
    a = "Sum(q3**k*(1-q3)**(n-k)*binomial(n, k)/(n-k), (k, 0, n-1))"
    claimed = f"q1*q2/(q1+q2)**2*{a} + q1**2/(q1+q2)**2*(1-q3**n)"
    v = check_moment("N1/(N1+N2)", claimed, mechanism=SURVEY_Q2X3, moment="square_on", given="N1+N2 > 0", n_values=[61],
                     points=[{"p": "3/4", "q": "1/8", "pi": "1/3"}])
    assert v.status.value == "supported" and float(v.worst_discrepancy) < 1e-45


def test_beyond_the_exact_recheck_two_precisions_confirm():
    n = EXACT_N_MAX + 1
    v = check_moment("N1/(N1+N2)", "q1/(q1+q2)*(1-q3**n) + 10**(-30)", mechanism=SURVEY_Q2X3, moment="mean_on", given="N1+N2 > 0",
                     n_values=[n], points=L41_POINT)
    assert v.status.value == "refuted" and v.evidence[0].recheck.value == "two-precisions"
    assert v.counterexample["n"] == n
    shown = [value for key, value in v.counterexample.items() if key.startswith("enumerated")]
    assert len(shown) == 2 and all(value.startswith("0.8571428571428571428571428") for value in shown)


def test_004_examples_from_the_brief():
    mean = check_moment("(Y0/n - (1-p))/(2*p - 1)", "pi", mechanism=WARNER, prior=["pi", "1-pi"], moment="mean",
                        domain="0 <= p <= 1, p != 1/2, 0 <= pi <= 1")
    assert mean.status.value == "proved", mean.reason
    variance = check_moment("(Y0/n - (1/2 - p))/(2*p)", "(n/4 - n*p**2)/(4*p**2*n**2)", mechanism=RR_004,
                            counts=["k", "n-k"], moment="variance", points=[{"p": "1/4", "k": 1}, {"p": "1/10", "k": 3}],
                            n_values=[3, 5, 8], domain="0 < p <= 1/2, 0 <= k <= n")
    assert variance.status.value == "proved", variance.reason
    assert variance.evidence[0].outcome.value == "holds" and variance.evidence[0].detail["cases"] == 6


def test_004_wrong_variance_is_refuted_exactly_inside_the_domain():
    v = check_moment("(Y0/n - (1/2 - p))/(2*p)", "(n/4 - n*p**2)/(4*p*n**2)", mechanism=RR_004,
                     counts=["k", "n-k"], moment="variance", points=[{"p": "1/4", "k": 1}], n_values=[3, 5])
    assert v.status.value == "refuted" and v.evidence[0].recheck.value == "exact"
    ce = v.counterexample
    FiniteMechanism(RR_004).at({"p": ce["p"]})  # inside the domain: a valid mechanism
    assert 0 <= ce["k"] <= ce["n"]
    exact = moments("(Y0/n - (1/2 - p))/(2*p)", ce["n"], mechanism=RR_004, counts=["k", "n-k"],
                    values={"p": ce["p"], "k": ce["k"]}, mode="exact").variance
    assert Fraction(ce["enumerated"]) == exact != Fraction(ce["claimed"])


def test_counts_that_do_not_fit_n_are_skipped_and_counted():
    ev = compare_moment("Y0", "k*(1/2+p) + (n-k)*(1/2-p)", mechanism=RR_004, counts=["k", "n-k"],
                        points=[{"p": "1/4", "k": 3}], n_values=[1, 2, 3, 5])
    assert ev.outcome.value == "holds" and ev.detail["cases"] == 2
    assert ev.detail["skipped (counts not non-negative integers summing to n)"] == 2
    none = compare_moment("Y0", "k", mechanism=RR_004, counts=["k", "n-k"], points=[{"p": "1/4", "k": 9}],
                          n_values=[1, 2])
    assert none.outcome.value == "inconclusive"


def test_default_grid_lies_in_the_mechanism_domain():
    ev = compare_moment("Y0", "n*(pi*p + (1-pi)*(1-p))", mechanism=WARNER, prior=["pi", "1-pi"], n_values=[1, 4])
    assert ev.outcome.value == "holds" and ev.detail["cases"] > 10
    dataset = compare_moment("Y0", "k*(1/2+p) + (n-k)*(1/2-p)", mechanism=RR_004, counts=["k", "n-k"], n_values=[2, 3])
    assert dataset.outcome.value == "holds" and dataset.detail["cases"] > 0


def test_claimed_form_undefined_inside_the_domain_is_refuted():
    v = check_moment("N1", "n*q1/(q1 - q2)", mechanism=SURVEY_Q2X3, n_values=[1], points=[{"p": "3/4", "q": "1/4", "pi": "1/2"}])
    assert v.status.value == "refuted" and v.counterexample["claimed"] == "undefined"


BAD = [(dict(moment="skew"), "moment='skew'"), (dict(n_values=[0]), "n=0"),
       (dict(points=[{"p": "1/3", "q": "1/3", "pi": "1/2"}]), "equals p"),
       (dict(points=[{"p": "3/4", "q": "1/2", "pi": "1/2"}]), r"p\+q"),
       (dict(points=[{"p": "3/4", "q": "0", "pi": "2"}]), "pi"),
       (dict(points=[{"p": "3/4", "q": "0"}]), r"missing \['pi'\]"),
       (dict(claimed="pi*x"), r"claimed='pi\*x': unknown name 'x'"),
       (dict(claimed="__import__('os').system('true')"), r"name '__import__' is not accepted"),
       (dict(dps=10), "dps=10"),
       (dict(mechanism=WARNER, prior=["pi", "1-pi"], claimed="pi", points=[{"p": "2", "pi": "1/2"}]),
        r"mechanism\[0\]\[0\]='2': is outside \[0, 1\] at p=2"),
       (dict(mechanism=WARNER, prior=["pi", "1-pi"], claimed="pi", points=[{"p": "1/3", "pi": "1/2", "s": 1}]),
        r"names \['s'\] are not parameters"),
       (dict(mechanism=WARNER, prior=["pi", "1-pi"], claimed="pi*q1"), r"claimed='pi\*q1': unknown name 'q1'"),
       (dict(mechanism=[["1/2", "1/4"], ["1/2", "1/2"]], prior=["1", "0"], claimed="1"), r"mechanism row 0"),
       ]


@pytest.mark.parametrize("change,match", BAD, ids=[m[:40] for _, m in BAD])
def test_bad_input_is_named(change, match):
    statistic = "Y0" if "mechanism" in change else PI_HAT
    args = dict(claimed="pi", mechanism=SURVEY_Q2X3, given=None if "mechanism" in change else "N1+N2>0") | change
    with pytest.raises(InvalidArgument, match=match):
        check_moment(statistic, args.pop("claimed"), **args)


# ------------------------------------------------------------------------------------------ stated domains
WARNER_EPS = [["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"], ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]]
WARNER_EPS_ESTIMATE = "(Y0/n - 1/(exp(eps)+1))*(exp(eps)+1)/(exp(eps)-1)"


def test_mechanism_printed_in_eps_is_enumerated_at_exact_points_of_the_stated_domain():
    v = check_moment(WARNER_EPS_ESTIMATE, "f", mechanism=WARNER_EPS, prior=["f", "1-f"],
                     domain="eps > 0, 0 <= f <= 1", n_values=[1, 3, 6])
    assert v.status.value == "proved", v.reason
    enumeration = v.evidence[0]
    assert enumeration.outcome.value == "holds" and enumeration.interior_cases > 10
    assert enumeration.detail["boundary cases (checked, earn nothing)"] > 0  # f = 0 and f = 1, checked apart
    assert "eps = log(t)" in enumeration.detail["exact points"]
    assert str(enumeration.detail["worst at"]["eps"]).startswith("log(")


def test_a_wrong_form_in_eps_is_refuted_at_an_exact_interior_point():
    v = check_moment(WARNER_EPS_ESTIMATE, "f + eps/1000", mechanism=WARNER_EPS, prior=["f", "1-f"],
                     domain="eps > 0, 0 <= f <= 1", n_values=[1, 3])
    assert v.status.value == "refuted"
    ce = v.counterexample
    assert ce["eps"].startswith("log(") and "interior" in v.evidence[0].detail["counterexample lies"]


def test_support_only_where_the_mechanism_is_degenerate_is_vacuous():
    # at p = 1/2 the output does not depend on the input: E[Y0] = n/2 whatever pi is
    v = check_moment("Y0", "n/2", mechanism=WARNER, prior=["pi", "1-pi"], points=[{"p": "1/2", "pi": "1/3"}],
                     n_values=[1, 4])
    enumeration = v.evidence[0]
    assert enumeration.outcome.value == "holds" and enumeration.interior_cases == 0 and enumeration.vacuous
    assert v.status.value == "inconclusive" and "vacuous" in v.reason


def test_support_only_on_the_boundary_is_vacuous():
    v = compare_moment("Y0", "n*(pi*p + (1-pi)*(1-p))", mechanism=WARNER, prior=["pi", "1-pi"],
                       domain="0 <= p <= 1, 0 <= pi <= 1", points=[{"p": "1", "pi": "1/3"}, {"p": "3/4", "pi": "0"}],
                       n_values=[2])
    assert v.outcome.value == "holds" and v.interior_cases == 0 and v.vacuous


def test_fixed_dataset_domain_with_n_draws_counts_that_fit_every_n():
    v = compare_moment("Y0", "k*(1/2+p) + (n-k)*(1/2-p)", mechanism=RR_004, counts=["k", "n-k"],
                       domain="0 < p < 1/2, 0 <= k <= n", n_values=[1, 4, 9])
    assert v.outcome.value == "holds" and v.interior_cases > 0
    assert "skipped (counts not non-negative integers summing to n)" not in v.detail


def test_timeout_is_an_inconclusive_that_says_how_far_it_got():
    v = compare_moment("N1*N2*N3", "n*(n-1)*(n-2)*q1*q2*q3", mechanism=SURVEY_Q2X3, n_values=[2500], points=L41_POINT, strategy="full",
                       timeout=0.5)
    assert v.outcome.value == "inconclusive" and "timed out" in v.detail


DOMAIN_BAD = [
    (dict(points=[{"eps": 1, "f": "1/2"}]), r"eps=1: makes exp\(eps\) irrational.*'log\(3/2\)'"),
    (dict(points=[{"eps": "log(1/2)", "f": "1/2"}]), r"lies outside the stated domain 'eps > 0, 0 <= f <= 1'"),
    (dict(domain="eps > 0, x > 1"), r"domain='eps > 0, x > 1': names \['x'\], which are not parameters"),
    (dict(n_values=5), r"n_values=5: must be a list of sample sizes; write n_values=\[5\]"),
    (dict(n_values=[10 ** 9]), r"n=1000000000: is beyond the largest sample size enumerated, 1000000"),
    (dict(statistic="Y0**10**10"), r"raises Y0 to the power 10000000000, beyond 64"),
    (dict(claimed="f**(10**9)"), r"claimed='f\*\*\(10\*\*9\)': has the exponent 1000000000, beyond 10000"),
    (dict(timeout="abc"), r"timeout='abc': must be a positive number"),
    (dict(counts={"0": "c0"}, prior=None), r"counts=\{'0': 'c0'\}: names values of a mechanism family"),
]


@pytest.mark.parametrize("change,match", DOMAIN_BAD, ids=[m[:30] for _, m in DOMAIN_BAD])
def test_bad_domain_input_is_one_line(change, match):
    args = dict(statistic=WARNER_EPS_ESTIMATE, claimed="f", mechanism=WARNER_EPS, prior=["f", "1-f"],
                domain="eps > 0, 0 <= f <= 1", n_values=[1, 2]) | change
    with pytest.raises(InvalidArgument, match=match) as refused:
        check_moment(args.pop("statistic"), args.pop("claimed"), **args)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("call", [
    lambda: check_moment("N1", "n*q1", n_values=[1]),
    lambda: compare_moment("N1", "n*q1", n_values=[1]),
    lambda: check_moment("Y0", "n*p", prior=["pi", "1-pi"], n_values=[1]),
], ids=["check_moment", "compare_moment", "prior-without-mechanism"])
def test_no_mechanism_is_one_line_naming_it(call):
    """No moment is taken under a mechanism chosen for you: none given is an error naming ``mechanism``."""
    with pytest.raises(InvalidArgument, match=r"^mechanism=None: a moment is taken under a mechanism") as refused:
        call()
    assert "\n" not in str(refused.value)


def test_a_statistic_that_cannot_be_enumerated_anywhere_is_one_line():
    with pytest.raises(InvalidArgument, match=r"only rational functions of the counts.*at every point tried") as refused:
        check_moment("Abs(Y0 - 1)", "1", mechanism=WARNER, prior=["pi", "1-pi"], n_values=[2])
    assert "\n" not in str(refused.value)
