"""numeric.mechanisms: the privacy losses of evidential mechanisms (003 §3.1, §3.2), exact and float,
the two computations of the Walley loss, the constructors, composition and post-processing."""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
import sympy
from hypothesis import example, given

from numeric import strategies as S
from numeric.belief import MassFunction
from numeric.mechanisms import Mechanism, compose, evidential_q2x3, evidential_randomized_response, evidential_q_lambda, evidential_q_wrr, quotient, evidential_warner
from core.errors import InvalidArgument

LN = sympy.log


# --- done when: Q_{2x3}(3/5, 1/5) has ε_S = ln 3 and ε_W = ln 4 ------------------------------------------
def test_epsS_epsW_of_q2x3_are_exact_logs():
    Q = evidential_q2x3(F(3, 5), F(1, 5))
    assert Q.epsilon_shafer() == LN(3)
    assert Q.epsilon_walley() == LN(4)
    assert Q.epsilon_walley(method="vertices") == LN(4)


def test_epsS_epsW_of_q2x3_in_floats_to_machine_precision():
    Q = evidential_q2x3(0.6, 0.2)
    assert Q.epsilon_shafer() == pytest.approx(math.log(3), rel=4 * 2.0**-52)
    assert Q.epsilon_walley() == pytest.approx(math.log(4), rel=4 * 2.0**-52)


LOSSES = [  # (name, mechanism, ε_S, ε_bel, ε_pl, ε_W)
    ("evidential_q2x3(3/5,1/5)", lambda: evidential_q2x3(F(3, 5), F(1, 5)), LN(3), LN(3), LN(2), LN(4)),
    ("evidential_q2x3(7/10,3/10) no don't-know", lambda: evidential_q2x3(F(7, 10), F(3, 10)), LN(F(7, 3)), LN(F(7, 3)), LN(F(7, 3)), LN(F(7, 3))),
    ("evidential_warner(3/4)", lambda: evidential_warner(F(3, 4)), LN(3), LN(3), LN(3), LN(3)),
    ("evidential_q_wrr(ln 3)", lambda: evidential_q_wrr(sympy.log(3)), LN(3), LN(3), LN(3), LN(3)),
    ("evidential_randomized_response(3, ln 2)", lambda: evidential_randomized_response(3, sympy.log(2)), LN(2), LN(2), LN(2), LN(2)),
    ("evidential_q_lambda(3/5,1/5,1) = Q_1", lambda: evidential_q_lambda(F(3, 5), F(1, 5), 1), LN(4), LN(4), LN(4), LN(4)),
    ("evidential_q_lambda(3/5,1/5,0) = Q_0", lambda: evidential_q_lambda(F(3, 5), F(1, 5), 0), LN(F(3, 2)), LN(F(3, 2)), LN(F(3, 2)), LN(F(3, 2))),
    ("evidential_q2x3(1,0): infinite", lambda: evidential_q2x3(1, 0), sympy.oo, sympy.oo, sympy.oo, sympy.oo),
]


@pytest.mark.parametrize("make,eps_s,eps_bel,eps_pl,eps_w", [row[1:] for row in LOSSES], ids=[r[0] for r in LOSSES])
def test_privacy_losses_table(make, eps_s, eps_bel, eps_pl, eps_w):
    Q = make()
    assert (Q.epsilon_shafer(), Q.epsilon_bel(), Q.epsilon_pl(), Q.epsilon_walley()) == (eps_s, eps_bel, eps_pl, eps_w)


def test_infinite_loss_of_a_float_mechanism_is_an_exact_infinity():
    Q = evidential_q2x3(0.9, 0.0)
    assert Q.epsilon_shafer() == math.inf and Q.epsilon_walley() == math.inf
    assert Q.ratio_shafer() == math.inf


@pytest.mark.parametrize("num,den,expected", [(0, 0, None), (F(1, 2), 0, math.inf), (F(1, 2), F(1, 4), F(2)),
                                              (0.5, 0.25, 2.0)], ids=["0/0", "c/0", "exact", "float"])
def test_ratio_convention(num, den, expected):
    assert quotient(num, den) == expected


def _pin_hard_cases(test):
    """Pin every case of numeric.strategies.hard_mechanisms (each says why it is hard)."""
    for _, mechanism in S.hard_mechanisms():
        test = example(mechanism)(test)
    return test


@given(S.mechanisms(max_labels=4, positive_singletons=None))
@_pin_hard_cases
@example(Mechanism({0: MassFunction.vacuous("ab"), 1: MassFunction.bayesian("ab", {"a": F(1, 2), "b": F(1, 2)})}))  # vacuous vs precise: x = x' matters
def test_epsW_pl_bel_formula_agrees_with_credal_vertex_optimisation(Q):
    for pairs in ("all", "distinct"):
        assert Q.ratio_walley(pairs) == Q.ratio_walley_vertices(pairs)


@given(S.mechanisms(max_labels=4, positive_singletons=None))
@_pin_hard_cases
def test_L3_2_bel_and_pl_losses_below_the_shafer_loss(Q):
    assert Q.ratio_bel() <= Q.ratio_shafer() and Q.ratio_pl() <= Q.ratio_shafer()


def test_shafer_and_walley_losses_are_not_ordered():
    precise_vs_dont_know = Mechanism({0: MassFunction.bayesian("ab", {"a": F(1, 2), "b": F(1, 2)}),
                                      1: MassFunction("ab", {"a": F(1, 3), "b": F(1, 3), ("a", "b"): F(1, 3)})})
    assert precise_vs_dont_know.ratio_shafer() == math.inf > precise_vs_dont_know.ratio_walley() == 2
    assert evidential_q2x3(F(3, 5), F(1, 5)).ratio_shafer() == 3 < evidential_q2x3(F(3, 5), F(1, 5)).ratio_walley() == 4


def test_walley_loss_depends_on_whether_x_equals_x_prime():
    Q = Mechanism({0: MassFunction.bayesian("ab", {"a": F(1, 2), "b": F(1, 2)}),
                   1: MassFunction("ab", {"a": F(1, 3), "b": F(1, 3), ("a", "b"): F(1, 3)})})
    assert Q.ratio_walley("distinct") == F(3, 2)
    assert Q.ratio_walley("all") == F(2)  # pl_1({a}) / bel_1({a}) = (2/3) / (1/3)
    worst = Q.worst_walley("all")
    assert (worst.x, worst.x_prime, worst.event) == (1, 1, frozenset("a"))


def test_float_and_exact_mechanisms_agree():
    exact, floats = evidential_q2x3(F(2, 3), F(1, 6)), evidential_q2x3(2 / 3, 1 / 6)
    assert float(exact.ratio_walley()) == pytest.approx(floats.ratio_walley(), rel=1e-14)
    assert float(exact.ratio_shafer()) == pytest.approx(floats.ratio_shafer(), rel=1e-14)


# --- composition and post-processing (L3.3, L3.4, L3.15, L3.16 on the paper's mechanism) -------------------
def test_L3_3_L3_15_composition_of_q2x3_adds_losses():
    Q = evidential_q2x3(F(3, 5), F(1, 5))
    QQ = compose(Q, Q)
    assert QQ.epsilon_shafer() == LN(9) and QQ.epsilon_walley() == LN(16)
    assert QQ.ratio_walley_vertices() == 16
    assert len(QQ.frame) == 4 and QQ["x"].m({("yes", "no")}) == F(3, 25)


def test_L3_4_L3_16_post_processing_of_q2x3():
    Q = evidential_q2x3(F(3, 5), F(1, 5))
    assert Q.post_process({"yes": "z", "no": "z"}).ratio_walley() == 1  # a constant map forgets everything
    swap = Q.post_process({"yes": "no", "no": "yes"})
    assert swap.ratio_shafer() == 3 and swap.ratio_walley() == 4
    mixed = Q.post_process_mixture([(F(1, 2), {"yes": "yes", "no": "no"}), (F(1, 2), {"yes": "no", "no": "yes"})],
                                   ("yes", "no"))
    # the fair mixture of identity and swap makes both rows equal: no Shafer loss, but the Walley loss
    # with x = x' is the imprecision pl/bel = (3/5)/(2/5) of the common row
    assert mixed.ratio_shafer() == 1 and mixed.ratio_walley() == F(3, 2) == mixed.ratio_walley("distinct")
    kernel = Q.post_process_kernel({"yes": {"yes": F(1), "no": F(0)}, "no": {"yes": F(0), "no": F(1)}}, ("yes", "no"))
    assert kernel.ratio_shafer() == 3


INVALID = [
    ("p + q > 1", lambda: evidential_q2x3(F(7, 10), F(1, 2)), r"p \+ q=Fraction\(6, 5\): must be <= 1"),
    ("p outside [0, 1]", lambda: evidential_q2x3(F(3, 2), 0), r"p=Fraction\(3, 2\): must lie in \[0, 1\]"),
    ("q not a number", lambda: evidential_q2x3(F(1, 2), "x"), r"q='x': not a number"),
    ("rows on different frames", lambda: Mechanism({0: MassFunction.vacuous("ab"), 1: MassFunction.vacuous("abc")}),
     r"rows=.*rows must share one output frame"),
    ("no rows", lambda: Mechanism({}), r"rows=\{\}: a mechanism needs"),
    ("row not a mass function", lambda: Mechanism({0: {"a": 1}}), r"rows\[0\]=\{'a': 1\}: not a MassFunction"),
    ("unknown pairs", lambda: evidential_warner(F(3, 4)).ratio_shafer("some"), r"pairs='some': not one of"),
    ("one input has no distinct pairs", lambda: Mechanism({0: MassFunction.vacuous("ab")}).ratio_walley("distinct"),
     r"pairs='distinct': a mechanism with one input has no distinct pairs"),
    ("unknown Walley method", lambda: evidential_warner(F(3, 4)).epsilon_walley(method="lp"), r"method='lp': not one of"),
    ("gwrr with one category", lambda: evidential_randomized_response(1, 1.0), r"c=1: must be an integer >= 2"),
    ("negative eps", lambda: evidential_q_wrr(-1.0), r"eps=-1\.0: must be a finite number >= 0"),
    ("compose different inputs", lambda: evidential_warner(F(3, 4)).compose(evidential_randomized_response(3, 1.0)), r"other.inputs=.*must equal the inputs"),
]


@pytest.mark.parametrize("make,match", [(m, r) for _, m, r in INVALID], ids=[i for i, _, _ in INVALID])
def test_invalid_mechanism_arguments_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()


# --- constructors: every exact number form, limits before work ---------------------------------------------
EXACT_FORMS = [
    ("strings", lambda: evidential_q2x3("1/2", "1/4"), evidential_q2x3(F(1, 2), F(1, 4))),
    ("decimal strings", lambda: evidential_q2x3("0.5", "0.25"), evidential_q2x3(F(1, 2), F(1, 4))),
    ("sympy rationals", lambda: evidential_q2x3(sympy.Rational(1, 2), sympy.Rational(1, 4)), evidential_q2x3(F(1, 2), F(1, 4))),
    ("evidential_warner string", lambda: evidential_warner("2/3"), evidential_warner(F(2, 3))),
    ("evidential_q_lambda strings", lambda: evidential_q_lambda("3/5", "1/5", "1/2"), evidential_q_lambda(F(3, 5), F(1, 5), F(1, 2))),
    ("eps as a formula", lambda: evidential_q_wrr("log(3)"), evidential_q_wrr(sympy.log(3))),
    ("c as a string", lambda: evidential_randomized_response("3", "log(2)"), evidential_randomized_response(3, sympy.log(2))),
]


@pytest.mark.parametrize("make,expected", [(m, e) for _, m, e in EXACT_FORMS], ids=[i for i, _, _ in EXACT_FORMS])
def test_constructors_accept_every_exact_number_form(make, expected):
    Q = make()
    assert Q.exact and Q.to_json() == expected.to_json()


def test_constructors_take_their_rows_from_the_families():
    """evidential_randomized_response(c, ε) is k-ary randomized response at d = c, Q_{2×3} the family of 003 §3.1."""
    from numeric import families

    Q = evidential_randomized_response(4, sympy.log(5))
    rows = families.randomized_response(4, "eps").entries({"eps": sympy.log(5)})
    assert [[Q[x].m({y}) for y in range(4)] for x in range(4)] == [[F(int(e.p), int(e.q)) for e in r] for r in rows]
    assert evidential_q_wrr(0.5).exact is False and evidential_q_wrr(1).exact is False     # e^ε irrational: a float (sweep) mechanism


LIMITS = [
    ("evidential_q_wrr(10**9)", lambda: evidential_q_wrr(10**9), r"eps=1000000000: is above MAX_EPSILON = 700"),
    ("evidential_randomized_response(10**9, 1)", lambda: evidential_randomized_response(10**9, 1), r"c=1000000000: is above MAX_CATEGORIES = 20"),
    ("evidential_q_wrr('inf')", lambda: evidential_q_wrr("inf"), r"eps='inf': is not a number \(NaN and infinities are refused\)"),
    ("evidential_q_wrr('nan')", lambda: evidential_q_wrr("nan"), r"eps='nan': is not a number"),
    ("evidential_q_wrr(nan)", lambda: evidential_q_wrr(float("nan")), r"eps=nan: must be a finite number >= 0"),
    ("evidential_q_wrr(oo)", lambda: evidential_q_wrr(sympy.oo), r"eps=oo: contains NaN or an infinity"),
    ("evidential_q_wrr(-1)", lambda: evidential_q_wrr(-1), r"eps=-1: must be a real number >= 0"),
    ("evidential_q_wrr('eps')", lambda: evidential_q_wrr("eps"), r"eps='eps': must be a number, not an expression with names"),
    ("evidential_q_wrr(exp(10**4))", lambda: evidential_q_wrr("exp(10000)"), r"is above MAX_EPSILON"),
    ("evidential_q2x3(inf, 0)", lambda: evidential_q2x3(float("inf"), 0), r"p=inf: not a number \(NaN and infinities are refused\)"),
    ("evidential_warner('nan')", lambda: evidential_warner("nan"), r"p='nan': not a number"),
    ("evidential_randomized_response(21, 1)", lambda: evidential_randomized_response(21, 1), r"c=21: is above MAX_CATEGORIES = 20"),
    ("evidential_randomized_response(5/2, 1)", lambda: evidential_randomized_response("5/2", 1), r"c='5/2': must be an integer >= 2"),
]


@pytest.mark.parametrize("make,match", [(m, r) for _, m, r in LIMITS], ids=[i for i, _, _ in LIMITS])
def test_limits_are_checked_before_work(make, match):
    with pytest.raises(InvalidArgument, match=match) as info:
        make()
    assert "\n" not in str(info.value)


# --- messages (D3.1.bayesian), JSON round trip, symbolic tables ------------------------------------------------
def test_messages_reads_every_non_empty_subset_as_one_output():
    from numeric.mechanisms import messages

    Q = evidential_q2x3(F(3, 5), F(1, 5))
    M = messages(Q)
    assert len(M.frame) == 3 and all(M[x].is_bayesian() for x in M.inputs)
    assert M["x"].m({frozenset(["yes", "no"])}) == F(1, 5) and M.ratio_shafer() == Q.ratio_shafer() == 3


@given(S.mechanisms(max_labels=3, positive_singletons=None))
def test_json_round_trip_keeps_every_loss(Q):
    R = Mechanism.from_json(Q.to_json())
    assert (R.ratio_shafer(), R.ratio_walley(), R.ratio_pl()) == (Q.ratio_shafer(), Q.ratio_walley(), Q.ratio_pl())


def test_symbolic_tables_match_the_constructors():
    from numeric.mechanisms import q2x3_masses, q_lambda_masses

    p, q, lam = F(3, 5), F(1, 5), F(1, 3)
    for table, Q in ((q2x3_masses(p, q), evidential_q2x3(p, q)), (q_lambda_masses(p, q, lam), evidential_q_lambda(p, q, lam))):
        for x, row in table.items():
            assert {Q.frame_subset(mask): v for mask, v in row.items() if v} == dict(Q[x].masses)


def test_from_json_refuses_what_to_json_never_writes():
    with pytest.raises(InvalidArgument, match=r"data=.*not a mechanism in the form of Mechanism.to_json"):
        Mechanism.from_json({"frame": ["a"], "rows": {"0": {"a": 1}}})
