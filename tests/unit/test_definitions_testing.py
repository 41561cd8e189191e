"""numeric.definitions.testing: the errors of tests and the trade-off functions of 003 Definition 3.17, each
reading once, checked on the examples of the review (exact values) and against numeric.definitions.ldp."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from numeric.belief import MassFunction
from numeric.definitions import READINGS, ldp, primary, testing
from numeric.mechanisms import Mechanism, evidential_q2x3
from numeric.tradeoff import TestingProblem
from numeric.tradeoff_bounds import f_op, f_pe
from core.errors import InvalidArgument

Q23 = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))
PROBLEM = TestingProblem.of(Q23, "x", "x'")
YES, NO = frozenset({"yes"}), frozenset({"no"})
AB = ("a", "b")
PRECISE = MassFunction.bayesian(AB, {"a": Fraction(1, 2), "b": Fraction(1, 2)})
DONT_KNOW = MassFunction(AB, {frozenset("a"): Fraction(1, 3), frozenset("b"): Fraction(1, 3), frozenset(AB): Fraction(1, 3)})
REVIEW_2 = Mechanism({"x": PRECISE, "x'": DONT_KNOW})


# --- the registry --------------------------------------------------------------------------------------------------
READING_TABLE = [
    # (name, notion, primary)
    ("T3.5 errors", "SLDP test errors", True),
    ("T3.5 errors: interval", "SLDP test errors", False),
    ("Definition 3.17 errors", "Definition 3.17 errors", True),
    ("Definition 3.17 errors@000", "Definition 3.17 errors", False),
    ("T^pe", "T^pe", True),
    ("T^op: as printed", "T^op", True),   # printed means printed: well-formed, so read as printed
    ("T^op: repaired", "T^op", False),    # sup over alpha^op >= alpha: the corrections' definition
    ("T^op: inf", "T^op", False),
]


@pytest.mark.parametrize("name, notion, is_primary", READING_TABLE, ids=[r[0] for r in READING_TABLE])
def test_readings_are_registered_once_with_their_notion(name, notion, is_primary):
    reading = READINGS[name]
    assert reading.notion == notion and reading.primary is is_primary
    assert primary(notion).name == next(n for n, k, p in READING_TABLE if k == notion and p)


def test_every_T_op_reading_has_a_function():
    assert set(testing.T_OP_READINGS) == {r.name for r in READINGS.values() if r.notion == "T^op"}


# --- the review's first example: Q_2x3(3/5, 1/5) at e^eps = 3/2 ---------------------------------------------------
ERRORS = [
    # (function, region, expected (alpha, beta)) -- bel/pl of Q_2x3(3/5, 1/5) by hand
    (testing.sldp_errors, YES, (Fraction(4, 5), Fraction(4, 5))),
    (testing.sldp_errors, NO, (Fraction(2, 5), Fraction(2, 5))),
    (testing.pessimistic_errors, YES, (Fraction(4, 5), Fraction(4, 5))),
    (testing.pessimistic_errors, NO, (Fraction(2, 5), Fraction(2, 5))),
    (testing.optimistic_errors, YES, (Fraction(3, 5), Fraction(3, 5))),
    (testing.optimistic_errors, NO, (Fraction(1, 5), Fraction(1, 5))),
]


@pytest.mark.parametrize("function, region, expected", ERRORS,
                         ids=[f"{f.__name__}-{sorted(r)[0]}" for f, r, _ in ERRORS])
def test_T3_18_review_example_errors_of_q2x3(function, region, expected):
    assert function(PROBLEM, region) == expected


def test_T3_18_review_example_points_against_the_bounds_at_three_halves():
    """The pessimistic points lie on or above f^pe, the optimistic ones on or below f^op, at r = 3/2."""
    r = Fraction(3, 2)
    for region in (YES, NO):
        alpha, beta = testing.pessimistic_errors(PROBLEM, region)
        assert beta >= f_pe(alpha, r)
        alpha, beta = testing.optimistic_errors(PROBLEM, region)
        assert beta <= f_op(alpha, r)
    assert testing.pessimistic_errors(PROBLEM, NO) == (Fraction(2, 5), f_pe(Fraction(2, 5), r))  # on the bound
    assert testing.optimistic_errors(PROBLEM, YES) == (Fraction(3, 5), f_op(Fraction(3, 5), r))  # on the bound


def test_T3_18_review_example_is_not_wldp_at_three_halves():
    """pl_x(yes) / bel_x'(yes) = (4/5) / (1/5) = 4 > 3/2, while bel_x(E) <= (3/2) pl_x'(E) for every E."""
    assert Fraction(ldp.wldp_ratio(Q23)) == 4 and not ldp.is_wldp(Q23, Fraction(3, 2))
    assert testing.bel_pl_ratio(Q23) == Fraction(3, 2)


TRADEOFFS = [
    # (reading, vertices of T^op on Q_2x3(3/5, 1/5))
    ("T^op: as printed", ((0, 1), (1, 1))),
    ("T^op: repaired", ((0, 1), (Fraction(3, 5), Fraction(3, 5)), (1, 0))),
    ("T^op: inf", ((0, 1), (Fraction(1, 5), Fraction(1, 5)), (1, 0))),
]


@pytest.mark.parametrize("reading, vertices", TRADEOFFS, ids=[t[0] for t in TRADEOFFS])
def test_T_op_readings_of_q2x3(reading, vertices):
    assert testing.tradeoff_op(PROBLEM, reading).vertices == vertices


def test_T_op_as_printed_is_the_default_and_identically_one():
    """Definition 3.17 as printed: the test phi = 0 has alpha^op = 0 and beta^op = 1, so sup{beta^op : alpha^op <= alpha}
    is 1 at every alpha, for every mechanism (here also the review's second example)."""
    for problem in (PROBLEM, TestingProblem.of(REVIEW_2, "x", "x'")):
        assert testing.tradeoff_op(problem).vertices == ((0, 1), (1, 1))


def test_the_printed_rule_is_written_in_the_definitions():
    assert "Printed means printed" in testing.__doc__ and "never a reading" in testing.__doc__


def test_T_pe_of_q2x3():
    assert testing.tradeoff_pe(PROBLEM).vertices == ((0, 1), (Fraction(2, 5), Fraction(2, 5)), (1, 0))


def test_errors_of_000_are_those_of_x_prime_alone():
    """000: all four errors under x': alpha^pe = pl_x'(R), beta^pe = pl_x'(R^c)."""
    assert testing.pessimistic_errors(PROBLEM, YES, errors="Definition 3.17 errors@000") == (Fraction(2, 5), Fraction(4, 5))
    assert testing.optimistic_errors(PROBLEM, YES, errors="Definition 3.17 errors@000") == (Fraction(1, 5), Fraction(3, 5))
    assert testing.tradeoff_pe(PROBLEM, errors="Definition 3.17 errors@000").vertices == ((0, 1), (1, 0))


def test_interval_errors_of_q2x3():
    assert testing.sldp_interval_errors(PROBLEM, YES) == ((Fraction(3, 5), Fraction(4, 5)), (Fraction(3, 5), Fraction(4, 5)))


def test_randomized_test_errors_are_choquet_integrals():
    phi = {"yes": Fraction(1, 2), "no": 0}
    assert testing.sldp_errors(PROBLEM, phi) == (Fraction(2, 5), 1 - Fraction(1, 10))  # (1/2) pl_x(yes), 1 - (1/2) bel_x'(yes)


# --- the review's second example: precise against "don't know" ---------------------------------------------------
def test_T3_5_review_example_two_within_pairs_x_ne_x_prime_not_within_x_prime_x_prime():
    """At r = 3/2 statement 2 of Theorem 3.5 holds for (x, x') and (x', x) but not for (x', x'):
    pl_x'(a) / bel_x'(a) = 2, the WLDP ratio (x = x' included); over x != x' it is 3/2."""
    assert Fraction(ldp.wldp_ratio(REVIEW_2)) == 2 and Fraction(ldp.wldp_ratio(REVIEW_2, "WLDP: distinct pairs")) == Fraction(3, 2)
    assert ldp.counted_pairs(REVIEW_2.inputs, "SLDP") == [("x", "x"), ("x", "x'"), ("x'", "x"), ("x'", "x'")]
    from numeric.tradeoff_bounds import U, u

    def statement_2(x, x_prime, r):
        problem = TestingProblem.of(REVIEW_2, x, x_prime)
        return all(u(a, r) <= b <= U(a, r) for a, b in (testing.sldp_errors(problem, R) for R, _ in problem.deterministic))

    assert statement_2("x", "x'", Fraction(3, 2)) and statement_2("x'", "x", Fraction(3, 2))
    assert not statement_2("x'", "x'", Fraction(3, 2)) and statement_2("x'", "x'", Fraction(2))


# --- the coarsening to one region -----------------------------------------------------------------------------------
def _holds(constraints, values):
    from catalog.engines.tradeoff import premise_holds_at

    return premise_holds_at(constraints, values)


@st.composite
def coarsened_points(draw):
    weights = [draw(st.lists(st.integers(0, 4), min_size=3, max_size=3).filter(any)) for _ in range(2)]
    a1, b1 = (Fraction(w, sum(weights[0])) for w in weights[0][:2])
    a2, b2 = (Fraction(w, sum(weights[1])) for w in weights[1][:2])
    r = Fraction(draw(st.integers(5, 40)), 4)
    return {"a1": a1, "b1": b1, "a2": a2, "b2": b2, "r": r}


@given(coarsened_points())
def test_region_constraints_are_the_definitions_on_two_labels(point):
    mechanism = testing.realize(point)
    r = point["r"]
    assert _holds(testing.region_constraints("SLDP"), point) is ldp.is_sldp(mechanism, r)
    assert _holds(testing.region_constraints("WLDP"), point) is ldp.is_wldp(mechanism, r)
    distinct = testing.region_constraints("WLDP", reading="WLDP: distinct pairs")
    assert _holds(distinct, point) is ldp.is_wldp(mechanism, r, "WLDP: distinct pairs")
    assert _holds(testing.region_constraints("bel/pl"), point) is (testing.bel_pl_ratio(mechanism) <= r)


def test_realize_gives_q2x3_for_the_region_yes():
    mechanism = testing.realize({"a1": Fraction(3, 5), "b1": Fraction(1, 5), "a2": Fraction(1, 5), "b2": Fraction(3, 5)})
    assert mechanism["x"].mass_vector() == Q23["x"].mass_vector()


# --- invalid arguments --------------------------------------------------------------------------------------------
INVALID = [
    (lambda: testing.tradeoff_op(PROBLEM, "T^op: sideways"), r"reading='T\^op: sideways'"),
    (lambda: testing.errors_problem(PROBLEM, "Definition 3.17 errors@001"), r"errors='Definition 3.17 errors@001'"),
    (lambda: testing.region_constraints("Renyi"), r"notion='Renyi'"),
    (lambda: testing.realize({"a1": Fraction(3, 4), "b1": Fraction(1, 2), "a2": 0, "b2": 0}), r"a1, b1=\(Fraction\(3, 4\)"),
    (lambda: testing.sldp_errors(PROBLEM, {"maybe"}), r"region=\['maybe'\]: labels \['maybe'\] are outside"),
    (lambda: testing.bel_pl_ratio(Mechanism({"x": MassFunction.bayesian(AB, {"a": 0.5, "b": 0.5}),
                                             "x'": MassFunction.bayesian(AB, {"a": 0.5, "b": 0.5})})),
     r"mechanism=.*exact masses"),
]


@pytest.mark.parametrize("call, message", INVALID, ids=["reading", "errors", "notion", "realize", "region", "float"])
def test_invalid_arguments_are_refused_with_name_and_value(call, message):
    with pytest.raises(InvalidArgument, match=message):
        call()
