"""Moments at any domain size: mechanism families lumped by value, the lumping checked against the explicit
matrix, the explicit matrix enumerated at small d as a cross-check, and fixed datasets and i.i.d. inputs as
the texts state them (counts={"0": "c0"}, prior={"0": "f0"})."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from core.errors import InvalidArgument
from numeric import families as F
from numeric.count_points import Case
from proofs import check_moment
from proofs.engines.moment_family import prepare_family
from proofs.engines.moments import compare_moment

KRR = F.randomized_response(d="d", epsilon="eps")
OUE = F.optimized_unary_encoding("d", "eps")
ESTIMATE = "(C0 - n*q)/(p - q)"
DATASET = "eps > 0, d >= 2, 0 <= c0 <= n"
IID = "eps > 0, d >= 2, 0 <= f0 <= 1"
VAR_DATASET = "(c0*p*(1-p) + (n-c0)*q*(1-q))/(p-q)**2"
VAR_IID = "n*(f0*p + (1-f0)*q)*(1 - f0*p - (1-f0)*q)/(p-q)**2"


def _methods(verdict):
    return [(e.method.value, e.outcome.value) for e in verdict.evidence]


@pytest.mark.parametrize("family,data,moment,claimed,domain", [
    (KRR, {"counts": {"0": "c0"}}, "mean", "c0", DATASET),
    (KRR, {"counts": {"0": "c0"}}, "variance", VAR_DATASET, DATASET),
    (KRR, {"prior": {"0": "f0"}}, "mean", "n*f0", IID),
    (KRR, {"prior": {"0": "f0"}}, "variance", VAR_IID, IID),
    (OUE, {"counts": {"0": "c0"}}, "variance", VAR_DATASET, "eps > 0, 0 <= c0 <= n"),
], ids=["kRR-mean-dataset", "kRR-variance-dataset", "kRR-mean-iid", "kRR-variance-iid", "OUE-variance-dataset"])
def test_count_estimator_moments_are_proved_for_every_d(family, data, moment, claimed, domain):
    v = check_moment(ESTIMATE, claimed, mechanism=family, moment=moment, domain=domain, n_values=[1, 3, 6], **data)
    assert v.status.value == "proved", v.reason
    lumped, *full, symbolic = v.evidence
    assert lumped.outcome.value == "holds" and lumped.interior_cases > 0
    assert {e.outcome.value for e in full} == {"holds"} and any(e.interior_cases for e in full)  # d = 3 is interior
    assert "checked exactly against the explicit matrix at d = 2; d = 3; d = 4" in symbolic.detail["lumping"]
    assert symbolic.outcome.value == "proved"


def test_the_call_form_of_the_brief():
    v = check_moment("(C0 - n*q)/(p - q)", "c0", mechanism=KRR, counts={"0": "c0"}, moment="mean",
                     domain="eps > 0, d >= 2, 0 <= c0 <= n")
    assert v.status.value == "proved", v.reason
    assert v.evidence[0].detail["n values"] == [1, 2, 3, 4, 6, 10, 25]


def test_a_planted_error_is_refuted_inside_the_domain():
    # the variance of the fixed-dataset estimator with q(1-q) for every user: right only when c0 = 0
    v = check_moment(ESTIMATE, "n*q*(1-q)/(p-q)**2", mechanism=KRR, counts={"0": "c0"}, moment="variance",
                     domain=DATASET, n_values=[2, 5])
    assert v.status.value == "refuted"
    ce = v.counterexample
    assert ce["c0"] != 0 and ce["eps"].startswith("log(") and int(ce["d"]) >= 2
    assert all(e.outcome.value != "proved" for e in v.evidence)


def test_two_tracked_values_of_a_unary_encoding():
    v = check_moment("(C0 - C1)/(p - q)", "c0 - c1", mechanism=OUE, counts={"0": "c0", "1": "c1"},
                     domain="eps > 0, c0 >= 0, c1 >= 0, c0 + c1 <= n", n_values=[1, 3, 5])
    assert v.status.value == "proved", v.reason
    assert "d - 2 inputs in 'other'" in v.evidence[0].detail["classes"]


def test_a_statistic_may_use_the_size_even_where_the_lumped_law_does_not():
    v = check_moment("d*C0", "d*(c0*p + (n-c0)*q)", mechanism=OUE, counts={"0": "c0"}, domain="eps > 0, 0 <= c0 <= n",
                     n_values=[2, 4])
    assert v.status.value == "proved", v.reason


@dataclass(frozen=True, repr=False)
class _WrongLumping(F.RandomizedResponse):
    """A family whose lumping says 'other' reports the tracked value with probability p (it is q)."""

    def lumped(self, values):
        right = super().lumped(values)
        law = dict(right.law)
        law["other"] = dict(right.law[right.values[0]])
        return F.Lumped(right.values, right.classes, right.outcomes, law, right.others, "wrongly stated",
                        right.requires)


def test_a_lumping_that_is_not_exact_withholds_the_derivation_and_the_matrix_refutes():
    wrong = _WrongLumping(**{f: getattr(KRR, f) for f in ("name", "source", "parameters", "domain", "named", "inputs",
                                                          "outputs", "size", "keep", "other")})
    # under the wrong lumping every user reports value 0 with probability p: E[C0] = n p
    v = check_moment("C0", "n*p", mechanism=wrong, counts={"0": "c0"}, domain=DATASET, n_values=[1, 3])
    symbolic = v.evidence[-1]
    assert symbolic.outcome.value == "inconclusive" and "input 1 (class 'other')" in symbolic.detail["lumping"]
    assert v.status.value in ("refuted", "error")
    assert any(e.outcome.value == "counterexample" and "explicit matrix" in e.domain for e in v.evidence)


def test_duchi_one_bit_estimate_mean_and_variance():
    duchi = F.duchi("eps")
    mean = check_moment("B*(Y0 - Y1)/n", "x", mechanism=duchi, counts={"x": "n"}, domain="eps > 0", n_values=[1, 4])
    assert mean.status.value == "proved", mean.reason
    assert mean.evidence[0].interior_cases > 0
    two = check_moment("B*(Y0 - Y1)/n", "(k*(B**2 - x1**2) + (n-k)*(B**2 - x2**2))/n**2", mechanism=duchi,
                       counts={"x1": "k", "x2": "n-k"}, moment="variance", domain="eps > 0, 0 <= k <= n",
                       n_values=[1, 3])
    assert two.status.value == "proved", two.reason
    wrong = check_moment("B*(Y0 - Y1)/n", "B**2/n", mechanism=duchi, counts={"x": "n"}, moment="variance",
                         domain="eps > 0", n_values=[1, 2])
    assert wrong.status.value == "refuted" and Fraction(wrong.counterexample["x"]) != 0


def test_duchi_at_eps_zero_is_degenerate():
    duchi = F.duchi("eps", domain="eps < 1")
    problem = prepare_family(duchi, "Y0", "n*(1/2 + x*(exp(eps)-1)/(2*(exp(eps)+1)))", given=None, prior=None,
                             counts={"x": "n"}, domain=None)
    chart = problem.lumped.charts["eps"]
    case = Case({chart.coordinate: Fraction(1), "x": Fraction(1, 2)}, {}, True)
    assert problem.lumped.degenerate(case)


def test_compare_moment_takes_a_family():
    ev = compare_moment(ESTIMATE, "c0", mechanism=KRR, counts={"0": "c0"}, domain=DATASET, n_values=[2])
    assert ev.outcome.value == "holds" and ev.interior_cases > 0


BAD = [
    (dict(counts={"a": "c0"}), r"counts=\{'a': 'c0'\}: 'a' is not a value 0, 1"),
    (dict(counts=["c0", "n-c0"]), r"has a symbolic size or a continuous input"),
    (dict(statistic="C1"), r"statistic='C1': unknown name 'C1'"),
    (dict(counts={"0": "c0"}, prior={"0": "f0"}), r"give exactly one"),
    (dict(domain="eps > 0, z > 1"), r"names \['z'\], which are not parameters"),
    (dict(points=[{"eps": 1, "d": 3, "c0": 1}]), r"eps=1: makes exp\(eps\) irrational"),
    (dict(points=[{"eps": "log(2)", "d": "5/2", "c0": 1}]), r"d"),
]


@pytest.mark.parametrize("change,match", BAD, ids=[m[:30] for _, m in BAD])
def test_bad_family_input_is_one_line(change, match):
    args = dict(statistic=ESTIMATE, claimed="c0", mechanism=KRR, counts={"0": "c0"}, domain=DATASET,
                n_values=[2]) | change
    if "prior" in change and "counts" in change:
        args["counts"] = change["counts"]
    with pytest.raises(InvalidArgument, match=match) as refused:
        check_moment(args.pop("statistic"), args.pop("claimed"), **args)
    assert "\n" not in str(refused.value)


def test_the_lumped_symbolic_moment_reads_in_the_users_parameters():
    v = check_moment(ESTIMATE, "c0 + 1", mechanism=KRR, counts={"0": "c0"}, domain=DATASET, n_values=[1])
    assert v.status.value == "refuted"
    symbolic = v.evidence[-1]
    assert symbolic.outcome.value == "inconclusive" and "exp(eps)" in symbolic.detail["exact moment"]


def test_tracked_counts_are_drawn_where_a_dataset_exists():
    # c0 and c5 are numbers of users: points are drawn with c0, c5 >= 0 and c0 + c5 <= n
    v = check_moment("C0", "c0*p + (n-c0)*q", mechanism=KRR, counts={"0": "c0", "5": "c5"}, domain="eps > 0",
                     n_values=[2, 5])
    assert v.status.value == "proved" and v.evidence[0].interior_cases > 0
