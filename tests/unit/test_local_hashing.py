"""Local hashing (Wang, Blocki, Li, Jha, USENIX Security 2017, §4.4) as a family, and sums over every value of
a symmetric family for a symbolic d (:mod:`proofs.engines.value_sums`)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.errors import InvalidArgument
from numeric import local_hashing as LH
from numeric.finite_mechanism import symbol
from proofs import check_ldp, check_moment, check_sign, mechanisms as M, sum_over_values
from proofs.engines.moment_family import indicator

EPS, G, D = symbol("eps"), symbol("g"), symbol("d")
T = sympy.exp(EPS)
ESTIMATE = "(C0/n - q)/(p - q)"
DATASET = "eps > 0, d >= 2, g >= 2, 0 <= c0 <= n"
PER_USER = "q*(1-q)/(n*(p-q)**2) + c0*(1-p-q)/(n**2*(p-q))"
FAMILY = LH.local_hashing()
VALIDATED = M.local_hashing()


def _zero(expr) -> bool:
    return sympy.simplify(expr) == 0


# ------------------------------------------------------------------------------------------ the family
def test_support_probabilities_are_those_of_the_paper():
    assert _zero(FAMILY.named["p"] - T / (T + G - 1))
    assert FAMILY.named["q"] == 1 / G          # derived from P[h(u) = h(v)] = 1/g, not typed
    assert LH.blh().named["q"] == sympy.Rational(1, 2)


@pytest.mark.parametrize("d,g", [(2, 2), (3, 2), (2, 3), (3, 3)])
def test_the_explicit_matrix_supports_the_input_with_p_and_another_value_with_one_over_g(d, g):
    point = {"d": d, "g": g, "eps": "log(5/2)"}
    matrix = FAMILY.entries(point)
    columns = FAMILY.output_labels(point)
    assert len(columns) == g ** d * g
    p, q = Fraction(5, 2) / (Fraction(5, 2) + g - 1), Fraction(1, g)
    for x, row in enumerate(matrix):
        assert sympy.nsimplify(sum(row)) == 1
        for v in range(d):
            support = sum((e for e, y in zip(row, columns) if y.supports(v)), sympy.Integer(0))
            assert sympy.nsimplify(support) == sympy.Rational(*((p if v == x else q).as_integer_ratio()))


def test_a_report_counts_toward_every_value_it_supports():
    report = LH.HashReport((0, 1, 0), 0)
    assert indicator(report, ["0", "1", "2"]) == (1, 0, 1)
    assert str(report) == "<h = (0, 1, 0), y = 0>"


@pytest.mark.parametrize("eps,g", [("log(2)", 3), ("log(3)", 4), ("log(5/2)", 4), ("0", 2)])
def test_olh_rounds_e_to_the_eps_plus_one(eps, g):
    assert LH.olh("d", eps).width == g


def test_olh_with_a_symbolic_eps_states_the_rounding_in_its_domain():
    family = M.olh()
    assert "exp(eps) + 1/2 < g" in family.domain.text and "g <= exp(eps) + 3/2" in family.domain.text


@pytest.mark.parametrize("build,match", [
    (lambda: LH.local_hashing(d=1), r"^d=1: must be a name"),
    (lambda: LH.local_hashing(g=1), r"^g=1: must be a name"),
    (lambda: LH.local_hashing(epsilon="-1"), r"^epsilon='-1': is outside"),
    (lambda: LH.olh("d", "-1"), r"^epsilon='-1': is outside"),
    (lambda: LH.olh("d", "eps", g=3), r"^g=3: with a symbolic eps"),
    (lambda: LH.HashReport((), 0), r"^table=\(\): a hash function"),
    (lambda: FAMILY.output_labels({"d": 9, "g": 4, "eps": 1}), r"^d=9: local hashing over 9 values"),
], ids=["d=1", "g=1", "negative eps", "olh negative eps", "olh concrete g", "empty table", "too many outputs"])
def test_invalid_arguments_are_refused_in_one_line(build, match):
    with pytest.raises(InvalidArgument, match=match):
        build()


# ------------------------------------------------------------------------------------------ privacy
@pytest.mark.parametrize("family,domain", [
    (VALIDATED, "eps > 0, d >= 2, g >= 2"), (M.blh(), "eps > 0, d >= 2"), (M.olh(), "eps > 0, d >= 2"),
], ids=["LH any g", "BLH", "OLH (g tied to eps by its domain)"])
def test_local_hashing_is_eps_ldp_for_every_d_and_g(family, domain):
    v = check_ldp(family, "eps", domain=domain)
    assert v.status.value == "proved", v.reason
    decision, enumeration = v.evidence
    assert decision.detail["privacy loss"] == "eps"
    assert enumeration.outcome.value == "holds" and enumeration.interior_cases > 0


def test_half_the_budget_is_refuted_at_an_exact_report():
    v = check_ldp(VALIDATED, "eps/2", domain="eps > 0, d >= 2, g >= 2")
    assert v.status.value == "refuted"
    ce = v.counterexample
    assert ce["case"] == "y = h(x) ≠ h(x')" and ce["y"].startswith("<h = (")
    assert Fraction(ce["lhs"]) > Fraction(ce["rhs"])


# ------------------------------------------------------------------------------------------ moments
@pytest.mark.parametrize("claimed,moment", [("c0/n", "mean"), (PER_USER, "variance")], ids=["unbiased", "variance"])
def test_the_frequency_estimate_moments_are_proved_for_every_d_g_and_n(claimed, moment):
    v = check_moment(ESTIMATE, claimed, mechanism=VALIDATED, counts={"0": "c0"}, moment=moment, domain=DATASET,
                     n_values=[1, 3, 5])
    assert v.status.value == "proved", v.reason
    symbolic = v.evidence[-1]
    assert symbolic.outcome.value == "proved"
    assert "checked exactly against the explicit matrix at d = 2, g = 2; d = 2, g = 3" in symbolic.detail["lumping"]


def test_the_count_variance_of_the_paper_holds_only_where_no_user_holds_the_value():
    v = check_moment(ESTIMATE, "q*(1-q)/(n*(p-q)**2)", mechanism=VALIDATED, counts={"0": "c0"}, moment="variance",
                     domain=DATASET, n_values=[1, 3])
    assert v.status.value == "refuted"
    assert v.counterexample["c0"] != 0 and v.counterexample["eps"].startswith("log(")


def test_two_tracked_values_are_lumped_and_checked_against_every_hash_function():
    v = check_moment("(C0 - C1)/(n*(p - q))", "(c0 - c1)/n", mechanism=VALIDATED, counts={"0": "c0", "1": "c1"},
                     domain="eps > 0, c0 >= 0, c1 >= 0, c0 + c1 <= n", n_values=[1, 3])
    assert v.status.value == "proved", v.reason
    assert "independent" in v.evidence[-1].detail["lumping"]


# ------------------------------------------------------------------------------------------ the optimal g
def test_the_leading_variance_and_its_optimal_g_are_derived():
    leading = LH.leading_variance(FAMILY)
    assert _zero(leading - (T + G - 1) ** 2 / ((T - 1) ** 2 * (G - 1)))
    best = LH.optimal_width(FAMILY)
    assert _zero(best - (T + 1))
    assert _zero(leading.subs(G, best) - 4 * T / (T - 1) ** 2)        # OLH's variance, that of OUE
    assert _zero(LH.leading_variance(LH.blh()) - (T + 1) ** 2 / (T - 1) ** 2)


def test_the_optimal_g_is_the_minimum_over_every_g():
    leading = LH.leading_variance(FAMILY)
    gap = sympy.sstr(leading - leading.subs(G, LH.optimal_width(FAMILY)))
    assert check_sign(gap, "eps > 0, g > 1", sign=">=0").status.value == "proved"
    wrong = sympy.sstr(leading - leading.subs(G, T))                 # g = e^eps is not the minimum
    assert check_sign(wrong, "eps > 0, g > 1", sign=">=0").status.value == "refuted"


# ------------------------------------------------------------------------------------------ sums over the values
KRR, OUE = M.randomized_response(), M.optimized_unary_encoding()


@pytest.mark.parametrize("family,claimed", [
    (KRR, "d*q*(1-q)/(n*(p-q)**2) + (1-p-q)/(n*(p-q))"),
    (OUE, "4*d*exp(eps)/(n*(exp(eps)-1)**2) + 1/n"),
    (VALIDATED, "d*q*(1-q)/(n*(p-q)**2) + (1-p-q)/(n*(p-q))"),
], ids=["k-RR", "OUE", "LH"])
def test_the_total_squared_error_over_every_value_is_proved_for_every_d(family, claimed):
    v = sum_over_values(ESTIMATE, mechanism=family, target="c0/n", counts={"0": "c0"}, claimed=claimed)
    assert v.status.value == "proved", v.reason
    symbolic, enumeration = v.evidence
    assert symbolic.outcome.value == "proved" and enumeration.outcome.value == "holds"
    assert enumeration.interior_cases > 0 and v.power_sums == {}


def test_iid_inputs_need_the_sum_of_squared_frequencies():
    v = sum_over_values(ESTIMATE, mechanism=KRR, target="f0", prior={"0": "f0"})
    assert v.status.value == "proved", v.reason
    assert v.power_sums == {"S2": "Σ_v f_v^2"}
    p, q = KRR.named["p"], KRR.named["q"]
    # Σ_v s_v(1 - s_v)/(n(p - q)²), s_v = q + f_v(p - q): Σ_v s_v = p + (d - 1)q,
    # Σ_v s_v² = dq² + 2q(p - q) + (p - q)² S2
    expected = ((p + (D - 1) * q - (D * q ** 2 + 2 * q * (p - q) + (p - q) ** 2 * symbol("S2")))
                / (symbol("n") * (p - q) ** 2))
    assert _zero(v.total - expected)


def test_a_planted_total_is_refuted_at_an_exact_point():
    v = sum_over_values(ESTIMATE, mechanism=KRR, target="c0/n", counts={"0": "c0"},
                        claimed="d*q*(1-q)/(n*(p-q)**2)")                 # the f_v terms dropped
    assert v.status.value == "refuted"
    ce = v.counterexample
    assert ce["eps"] in ("log(2)", "log(3)") and ce["enumerated"] != ce["closed form"]


@pytest.mark.parametrize("kwargs,match", [
    ({"moment": "median", "counts": {"0": "c0"}}, r"^moment='median'"),
    ({"counts": {"0": "c0"}, "target": None}, r"^target=None: give target="),
    ({"counts": {"1": "c1"}}, r"^prior/counts=\{'1': 'c1'\}"),
    ({"counts": {"0": "c0"}, "n_values": [9]}, r"^n_values=\[9\]"),
    ({"counts": {"0": "c0"}, "claimed": "x + 1"}, r"^claimed='x \+ 1': uses 'x'"),
], ids=["moment", "no target", "not value 0", "n too large", "unknown name"])
def test_sum_over_values_refuses_in_one_line(kwargs, match):
    kwargs = {"target": "c0/n", **kwargs}
    with pytest.raises(InvalidArgument, match=match):
        sum_over_values(ESTIMATE, mechanism=KRR, **kwargs)
