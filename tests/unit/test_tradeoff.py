"""numeric.tradeoff, numeric.tradeoff_bounds, numeric.tradeoff_pl: errors of tests, trade-off functions,
the bound functions of 003 Theorems 3.5, 3.18 and Corollaries 3.6, 3.19, the appendix's mass table."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from numeric.belief import MassFunction
from numeric.mechanisms import evidential_q2x3, evidential_warner
from numeric.strategies import mechanisms
from numeric.tradeoff import (TestErrors, TestingProblem, count_no, q2x3_square_table, tradeoff_figure_data)
from numeric.tradeoff_bounds import BOUNDS, U, U2, U2_corrected, f2_op, f2_pe, f_op, f_pe, kinks, lines, u, u2
from numeric.tradeoff_pl import PiecewiseLinear, lower_hull, upper_hull
from core.errors import InvalidArgument

Q = evidential_q2x3(F(3, 5), F(1, 5))
PROBLEM = TestingProblem.of(Q, "x", "x'")

# --- bound functions ----------------------------------------------------------------------------------------------

BOUND_VALUES = [
    # (function, alpha, r, expected) -- hand-computed from the printed formulas
    (u, F(1, 2), F(2), F(1, 4)),
    (U, F(1, 2), F(2), F(3, 4)),
    (u, F(0), F(3), F(1)),
    (u2, F(0), F(2), F(1)),
    (u2, F(1, 9), F(2), F(2, 3) - F(1, 9)),          # the middle term -alpha + 2/(r+1)
    (U2, F(0), F(2), F(11, 12)),                     # (3 - 1/4)/3 < 1: the trivial test breaks it
    (U2, F(0), F(3), F(13, 18)),
    (U2_corrected, F(0), F(2), F(1)),
    (U2_corrected, F(8, 9), F(2), F(4, 9)),          # the vertex (1-(1-p)^2, p^2) of Warner squared, p = 2/3
    (f_pe, F(1, 2), F(2), F(1, 4)),
    (f_pe, F(1), F(2), F(0)),
    (f_op, F(1), F(4), F(0)),
    (f_op, F(1, 2), F(2), F(3, 4)),
    (f2_pe, F(0), F(2), F(1)),
    (f2_op, F(0), F(4), F(47, 80)),
]


@pytest.mark.parametrize("bound, alpha, r, expected", BOUND_VALUES,
                         ids=[f"{b.__name__}({a},r={r})" for b, a, r, _ in BOUND_VALUES])
def test_bounds_printed_values(bound, alpha, r, expected):
    assert bound(alpha, r) == expected


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_bounds_are_the_max_or_min_of_their_lines(name):
    for r in (F(1), F(6, 5), F(2), F(7)):
        for alpha in [F(i, 24) for i in range(25)] + list(kinks(name, r)):
            values = [s * alpha + c for s, c in lines(name, r)]
            expected = max(values) if name in ("u", "u2", "f_pe", "f2_pe") else min(values)
            assert BOUNDS[name](alpha, r) == expected


@pytest.mark.parametrize("r", [F(11, 10), F(3, 2), F(2), F(5)])
def test_U2_printed_intercept_below_the_composition_intercept(r):
    """(3 - r^-2)/(r+1) < 2r/(r+1) for r > 1: the difference is (r-1)^2(2r+1)/(r^2(r+1))."""
    gap = 2 * r / (r + 1) - (3 - 1 / r**2) / (r + 1)
    assert gap == (r - 1) ** 2 * (2 * r + 1) / (r**2 * (r + 1)) > 0


def test_bounds_accept_floats_for_plotting():
    assert abs(u2(0.25, 2.0) - float(u2(F(1, 4), F(2)))) < 1e-12


# --- piecewise-linear envelopes -------------------------------------------------------------------------------------

def test_hulls_and_evaluation():
    points = [(F(0), F(1)), (F(1, 2), F(1, 2)), (F(1, 4), F(1)), (F(1), F(0)), (F(1, 2), F(1, 5))]
    assert lower_hull(points) == [(F(0), F(1)), (F(1, 2), F(1, 5)), (F(1), F(0))]
    assert upper_hull(points) == [(F(0), F(1)), (F(1, 4), F(1)), (F(1), F(0))]
    f = PiecewiseLinear(((F(0), F(1)), (F(1, 2), F(1, 5)), (F(1), F(0))))
    assert f(F(1, 4)) == F(3, 5) and f(F(3, 4)) == F(1, 10) and f.breakpoints() == (F(0), F(1, 2), F(1))


# --- errors of tests ------------------------------------------------------------------------------------------------

def test_errors_of_every_region_of_q2x3():
    """Q_2x3(3/5, 1/5): alpha = [bel_x(R), pl_x(R)], beta = [bel_x'(R^c), pl_x'(R^c)]."""
    table = {frozenset(): (0, 0, 1, 1), frozenset({"yes"}): (F(3, 5), F(4, 5), F(3, 5), F(4, 5)),
             frozenset({"no"}): (F(1, 5), F(2, 5), F(1, 5), F(2, 5)), frozenset({"yes", "no"}): (1, 1, 0, 0)}
    got = {region: (e.alpha_lower, e.alpha_upper, e.beta_lower, e.beta_upper) for region, e in PROBLEM.deterministic}
    assert got == table


@given(mechanisms(min_inputs=2, max_inputs=2, max_labels=3, positive_singletons=None),
       st.lists(st.integers(0, 5), min_size=3, max_size=3))
def test_choquet_errors_equal_level_set_mixtures(mech, values):
    """The Choquet expectations of numeric.belief and the level-set decomposition agree on every test."""
    problem = TestingProblem.of(mech, 0, 1)
    phi = {y: F(v, 5) for y, v in zip(problem.frame, values)}
    assert problem.errors_randomized(phi) == problem.errors_by_levels(phi)


@given(mechanisms(min_inputs=2, max_inputs=2, max_labels=3, positive_singletons=None))
def test_integer_points_are_the_points(mech):
    """The integer form the exhaustive checks compare is the exact (alpha, beta) of every region."""
    problem = TestingProblem.of(mech, 0, 1)
    for reading in ("printed", "op", "interval-lower", "interval-upper"):
        integers, d_alpha, d_beta = problem.integer_points(reading)
        assert [(F(a, d_alpha), F(b, d_beta)) for a, b in integers] == problem.points(reading)


# --- trade-off functions ------------------------------------------------------------------------------------------

def test_tradeoff_functions_of_q2x3():
    assert PROBLEM.tradeoff_pe().vertices == ((0, 1), (F(2, 5), F(2, 5)), (1, 0))
    assert PROBLEM.tradeoff_op("printed").vertices == ((0, 1), (1, 1))  # phi = 0: beta^op = 1 at alpha^op = 0
    assert PROBLEM.tradeoff_op("upper-boundary").vertices == ((0, 1), (F(3, 5), F(3, 5)), (1, 0))
    # inf{beta^op : alpha^op <= alpha}: the chain {no} then Y reaches (1/5, 1/5) and (1, 0)
    assert PROBLEM.tradeoff_op("inf").vertices == ((0, 1), (F(1, 5), F(1, 5)), (1, 0))


def _over_chains(problem, reading):
    """T^pe (reading "pe") or T^op: sup (reading "op") as the minimum / maximum over chains of regions."""
    from numeric.tradeoff_pl import pointwise_min, prefix_min, suffix_max

    errors = dict(problem.deterministic)
    functions = []
    for chain in problem.chains():
        points = [errors[region].pair(reading) for region in chain]
        if reading == "pe":
            functions.append(PiecewiseLinear(tuple(prefix_min(lower_hull(points)))))
        else:
            functions.append(PiecewiseLinear(tuple((x, -y) for x, y in suffix_max(upper_hull(points)))))
    low = pointwise_min(functions)
    return low if reading == "pe" else PiecewiseLinear(tuple((x, -y) for x, y in low.vertices))


@given(mechanisms(min_inputs=2, max_inputs=2, max_labels=3, positive_singletons=None))
def test_envelopes_of_all_regions_equal_the_chains(mech):
    """The achievable errors of tests lie on chains of regions; the envelopes of all regions are nevertheless
    exact (pl is 2-alternating, bel 2-monotone)."""
    problem = TestingProblem.of(mech, 0, 1)
    for reading, envelope in (("pe", problem.tradeoff_pe()), ("op", problem.tradeoff_op("upper-boundary"))):
        chains = _over_chains(problem, reading)
        assert all(chains(a) == envelope(a) for a in set(chains.xs) | set(envelope.xs))


@given(mechanisms(min_inputs=2, max_inputs=2, max_labels=3, positive_singletons=None),
       st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_inf_reading_lies_below_every_test_and_below_one_minus_alpha(mech, values):
    problem = TestingProblem.of(mech, 0, 1)
    T = problem.tradeoff_op("inf")
    e = problem.errors_randomized({y: F(v, 4) for y, v in zip(problem.frame, values)})
    assert T(e.alpha_lower) <= e.beta_lower
    assert all(T(F(i, 8)) <= 1 - F(i, 8) for i in range(9))  # the constant test phi = alpha


def test_pointwise_min_adds_the_crossings():
    from numeric.tradeoff_pl import pointwise_min

    rising = PiecewiseLinear(((F(0), F(0)), (F(1), F(1))))
    falling = PiecewiseLinear(((F(0), F(1)), (F(1), F(0))))
    assert pointwise_min([rising, falling]).vertices == ((0, 0), (F(1, 2), F(1, 2)), (1, 0))


@pytest.mark.parametrize("p", [F(3, 5), F(2, 3), F(9, 10)])
def test_tradeoff_of_warner_is_the_classical_f_eps(p):
    """Bayesian rows: T^pe is f^pe at r = p/(1-p), and T^pe of the square is f^{2,pe} (the composition bound is tight)."""
    problem = TestingProblem.of(evidential_warner(p), "x", "x'")
    r = p / (1 - p)
    for T, bound in ((problem.tradeoff_pe(), f_pe), (problem.square().tradeoff_pe(), f2_pe)):
        for alpha in [F(i, 60) for i in range(61)] + list(T.breakpoints()):
            assert T(alpha) == bound(alpha, r)


@given(mechanisms(min_inputs=2, max_inputs=2, max_labels=3, positive_singletons=None),
       st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_every_test_lies_in_the_region_between_the_envelopes(mech, values):
    problem = TestingProblem.of(mech, 0, 1)
    e = problem.errors_randomized({y: F(v, 4) for y, v in zip(problem.frame, values)})
    assert e.beta_upper >= problem.tradeoff_pe()(e.alpha_upper)
    assert e.beta_lower <= problem.tradeoff_op("upper-boundary")(e.alpha_lower)


# --- the two-fold composition and the appendix's table --------------------------------------------------------------

@pytest.mark.parametrize("p, q", [(F(3, 5), F(1, 5)), (F(2, 3), F(1, 3)), (F(3, 4), F(0)), (F(1), F(0))],
                         ids=lambda v: str(v))
def test_C3_6_table_is_the_image_of_the_product_under_count_no(p, q):
    square = TestingProblem.of(evidential_q2x3(p, q), "x", "x'").square()
    table = q2x3_square_table(p, q)
    assert square.null.image(count_no, (0, 1, 2)) == table.null
    assert square.alternative.image(count_no, (0, 1, 2)) == table.alternative
    assert square.tradeoff_pe().vertices == table.tradeoff_pe().vertices
    assert square.tradeoff_op("upper-boundary").vertices == table.tradeoff_op("upper-boundary").vertices


def test_square_is_the_mechanism_composition():
    composed = Q.compose(Q)
    square = PROBLEM.square()
    assert square.null == composed["x"] and square.alternative == composed["x'"]


def test_figure_data_for_figures_1_and_4():
    data = tradeoff_figure_data(points=11)
    assert data["r_shafer"] == 3 and data["r_walley"] == 4 and len(data["alpha"]) == 11
    assert len(data["sldp"]["tests"]) == 4 and len(data["sldp"]["tests2"]) == 16
    assert data["sldp"]["U2"][0] == pytest.approx(13 / 18)
    assert data["wldp"]["T_op"]["values"] == [1.0] * 11
    assert data["wldp"]["T_pe"]["exact"] == [(0, 1), (F(2, 5), F(2, 5)), (1, 0)]


# --- invalid arguments ----------------------------------------------------------------------------------------------

_OTHER = MassFunction(("a", "b"), {frozenset({"a"}): 1})

INVALID = [
    (lambda: u(F(3, 2), F(2)), r"alpha=Fraction\(3, 2\)"),
    (lambda: U(F(1, 2), F(1, 2)), r"r=Fraction\(1, 2\)"),
    (lambda: lines("v", F(2)), r"name='v'"),
    (lambda: TestErrors(F(1, 2), F(1, 4), 0, 0), r"alpha_lower=Fraction\(1, 2\): exceeds alpha_upper"),
    (lambda: TestErrors(0, F(3, 2), 0, 0), r"alpha_upper=Fraction\(3, 2\)"),
    (lambda: TestingProblem(Q["x"], _OTHER), r"alternative=\['a', 'b'\]: frame differs"),
    (lambda: TestingProblem.of(Q, "z", "x'"), r"x='z': not an input"),
    (lambda: PROBLEM.errors_randomized({"yes": 2, "no": 0}), r"phi\['yes'\]=2"),
    (lambda: PROBLEM.tradeoff_op("sideways"), r"reading='sideways'"),
    (lambda: PROBLEM.integer_points("sideways"), r"reading='sideways'"),
    (lambda: TestingProblem(*(MassFunction.vacuous(tuple("abcdefg")),) * 2).tradeoff_op("inf"), r"frame='<7 labels>'"),
    (lambda: PROBLEM.deterministic[0][1].pair("both"), r"reading='both'"),
    (lambda: PiecewiseLinear(((F(1), F(0)), (F(0), F(1)))), r"vertices=.*x must increase"),
    (lambda: tradeoff_figure_data(points=1), r"points=1"),
]


@pytest.mark.parametrize("call, message", INVALID, ids=[m.split("=")[0].strip("\\") for _, m in INVALID])
def test_invalid_arguments_are_refused_with_name_and_value(call, message):
    with pytest.raises(InvalidArgument, match=message):
        call()
