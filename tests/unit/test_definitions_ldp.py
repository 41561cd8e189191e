"""numeric.definitions.ldp: the one definition of SLDP (003 Definition 3.1), the bel and pl losses (before
Lemma 3.2), WLDP (Definition 3.13, two readings of which pairs count) and standard LDP, on small exact cases."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy
from hypothesis import given

from numeric import strategies as S
from numeric.belief import MassFunction
from numeric.definitions import READINGS, ldp, primary
from numeric.mechanisms import Mechanism, messages, evidential_q2x3, q2x3_masses, evidential_q_lambda, evidential_warner
from core.errors import InvalidArgument

AB = ("a", "b")
PRECISE = MassFunction.bayesian(AB, {"a": Fraction(1, 2), "b": Fraction(1, 2)})
DONT_KNOW = MassFunction(AB, {"a": Fraction(1, 3), "b": Fraction(1, 3), AB: Fraction(1, 3)})


def test_every_reading_is_registered_with_one_primary_per_notion():
    for name in ("SLDP", "bel loss", "pl loss", "WLDP", "WLDP: distinct pairs", "LDP"):
        assert name in READINGS
    assert primary("WLDP").name == "WLDP" and not READINGS["WLDP: distinct pairs"].primary
    for notion in {r.notion for r in READINGS.values()}:
        assert sum(r.primary for r in READINGS.values() if r.notion == notion) == 1, notion


def test_the_primary_wldp_reading_counts_x_equal_x_prime_and_says_why():
    text = READINGS["WLDP"].text
    assert "$x = x'$ included" in text and "Lemma 3.14" in text
    assert ldp.LOSSES["WLDP"].pairs == "all" and ldp.LOSSES["WLDP: distinct pairs"].pairs == "distinct"


RATIOS = [  # (name, mechanism, r_S, r_bel, r_pl, r^W, r^W distinct)
    ("evidential_q2x3(3/5,1/5)", lambda: evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), 3, 3, 2, 4, 4),
    ("evidential_warner(3/4)", lambda: evidential_warner(Fraction(3, 4)), 3, 3, 3, 3, 3),
    ("precise vs don't know", lambda: Mechanism({0: PRECISE, 1: DONT_KNOW}), sympy.oo, Fraction(3, 2), Fraction(4, 3),
     2, Fraction(3, 2)),
    ("don't know twice", lambda: Mechanism({0: DONT_KNOW, 1: DONT_KNOW}), 1, 1, 1, 2, 2),
    ("disjoint", lambda: Mechanism({0: MassFunction.bayesian(AB, {"a": 1}), 1: MassFunction.bayesian(AB, {"b": 1})}),
     sympy.oo, sympy.oo, sympy.oo, sympy.oo, sympy.oo),
]


@pytest.mark.parametrize("make,r_s,r_bel,r_pl,r_w,r_w_distinct", [r[1:] for r in RATIOS], ids=[r[0] for r in RATIOS])
def test_ratios_on_small_exact_mechanisms(make, r_s, r_bel, r_pl, r_w, r_w_distinct):
    Q = make()
    assert (ldp.sldp_ratio(Q), ldp.bel_ratio(Q), ldp.pl_ratio(Q)) == (r_s, r_bel, r_pl)
    assert ldp.wldp_ratio(Q) == r_w and ldp.wldp_ratio(Q, "WLDP: distinct pairs") == r_w_distinct


def test_x_equal_x_prime_is_what_separates_the_two_wldp_readings():
    """Precise vs 'don't know': pl_1({a})/bel_1({a}) = (2/3)/(1/3) = 2 counts only when x = x' does."""
    Q = Mechanism({0: PRECISE, 1: DONT_KNOW})
    worst = ldp.worst(Q, "WLDP")
    assert (worst.x, worst.x_prime, worst.event, worst.ratio) == (1, 1, frozenset("a"), 2)
    assert ldp.wldp_pairs(Q) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert ldp.wldp_pairs(Q, "WLDP: distinct pairs") == [(0, 1), (1, 0)]
    assert ldp.is_wldp(Q, Fraction(3, 2), "WLDP: distinct pairs") and not ldp.is_wldp(Q, Fraction(3, 2))


@given(S.mechanisms(max_labels=3, positive_singletons=None))
def test_sldp_bel_pl_do_not_depend_on_which_pairs_count(Q):
    for reading in ("SLDP", "bel loss", "pl loss"):
        item = ldp.loss(reading)
        assert Q.max_ratio(item.numerator, item.denominator, "all").ratio == \
            Q.max_ratio(item.numerator, item.denominator, "distinct").ratio


@given(S.mechanisms(max_labels=3, positive_singletons=None))
def test_mechanism_methods_delegate_to_the_definitions(Q):
    assert Q.ratio_shafer() == ldp.worst(Q, "SLDP").ratio
    assert Q.ratio_walley("distinct") == ldp.worst(Q, "WLDP: distinct pairs").ratio
    assert Q.ratio_walley() == Q.ratio_walley_vertices()  # Definition 3.13 over credal vertices, independently


@pytest.mark.parametrize("r,expected", [(3, True), (Fraction(29, 10), False), (sympy.E, False), (sympy.Integer(4), True)],
                         ids=["r=3", "r=2.9", "r=e", "r=4 sympy"])
def test_is_sldp_and_is_wldp_with_exact_budgets(r, expected):
    Q = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))  # r_S = 3, r^W = 4
    assert ldp.is_sldp(Q, r) is expected
    assert ldp.is_wldp(Q, r) is bool(r >= 4)


def test_r_equal_to_one_is_the_limit_of_small_budgets():
    same = Mechanism({0: PRECISE, 1: PRECISE})
    assert ldp.is_sldp(same, 1) and ldp.is_wldp(same, 1)


def test_ldp_of_bayesian_rows_and_of_the_message_mechanism():
    Q = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))
    assert ldp.ldp_ratio(messages(Q)) == ldp.sldp_ratio(Q) == 3
    assert ldp.ldp_ratio(evidential_q_lambda(Fraction(3, 5), Fraction(1, 5), 1)) == 4


def test_symbolic_conditions_of_q2x3_reduce_to_the_numbers():
    p, q = sympy.symbols("p q", positive=True)
    conditions = ldp.loss_conditions(q2x3_masses(p, q), 2, "SLDP", p / q)
    assert len(conditions) == 4 * 3  # every ordered pair (x = x' included) and every non-empty event
    point = {p: sympy.Rational(3, 5), q: sympy.Rational(1, 5)}
    assert all(expr.xreplace(point) >= 0 for *_, expr in conditions)
    credal, constraints, symbols = ldp.credal_conditions(q2x3_masses(p, q), 2, (1 - q) / q)
    assert len(credal) == 12 and len(symbols) == 4 and len(constraints) == 2 * (2 + 1 + 2)


INVALID = [
    ("unknown reading", lambda: ldp.ratio(evidential_warner(Fraction(3, 4)), "Walley"), r"reading='Walley': not one of"),
    ("wldp reading of sldp", lambda: ldp.wldp_ratio(evidential_warner(Fraction(3, 4)), "SLDP"), r"reading='SLDP': not a reading of WLDP"),
    ("budget below one", lambda: ldp.is_sldp(evidential_warner(Fraction(3, 4)), Fraction(1, 2)), r"r=Fraction\(1, 2\): must be >= 1"),
    ("float budget", lambda: ldp.is_sldp(evidential_warner(Fraction(3, 4)), 2.5), r"r=2\.5: must be an exact real number"),
    ("infinite budget", lambda: ldp.is_wldp(evidential_warner(Fraction(3, 4)), sympy.oo), r"r=oo: must be finite"),
    ("ldp of a non-bayesian row", lambda: ldp.ldp_ratio(Mechanism({0: DONT_KNOW})), r"Q\[0\]=.*not Bayesian"),
    ("distinct pairs of one input", lambda: ldp.wldp_pairs(Mechanism({0: DONT_KNOW}), "WLDP: distinct pairs"),
     r"pairs='distinct': a mechanism with one input has no distinct pairs"),
]


@pytest.mark.parametrize("make,match", [(m, r) for _, m, r in INVALID], ids=[i for i, _, _ in INVALID])
def test_invalid_arguments_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()


def test_infinite_ratio_is_sympy_infinity():
    Q = Mechanism({0: PRECISE, 1: DONT_KNOW})
    assert ldp.sldp_ratio(Q) is sympy.oo and Q.ratio_shafer() == math.inf
