"""symbolic/: the derived MLEs and moments of the survey (003 §3.1-3.2), the printed forms, and the
general-n derivations of the appendix (the WZ certificate, Lemmas 4.1, 4.2, 4.4, the approximation of A)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, strategies as st

from core.context import EXACT
from catalog.derivations import appendix, grab_savage
from catalog.derivations import printed as P
from symbolic.binomial import binomial_theorem
from catalog.derivations.likelihood import mle_q2x3, mle_qlambda, mle_warner
from catalog.derivations.moments import A, conditional_mean_q2x3, exact_A, warner_variance
from symbolic.steps import DerivationStep, checked
from symbolic.symbols import n, n1, p
from core.errors import InvalidArgument


def test_Eq2_mle_is_derived():
    assert sympy.simplify(mle_q2x3() - P.EQ2) == 0


def test_Ex3_7_mle_printed_differs_from_the_derived_one():
    assert sympy.simplify(mle_warner() - ((p - 1) / (2 * p - 1) + n1 / ((2 * p - 1) * n))) == 0
    assert sympy.simplify(mle_warner() - P.EX37_MLE) != 0


def test_Qlambda_mle_reading_2lambda_minus_1():
    assert sympy.simplify(mle_qlambda() - P.QLAMBDA_MLE) == 0


def test_T3_9_conditional_mean_and_Eq1():
    assert conditional_mean_q2x3() == sympy.Symbol("pi", real=True)
    assert sympy.simplify(warner_variance() - P.EQ1) == 0


DERIVATIONS = [("binomial-theorem-WZ", binomial_theorem), ("L4.2", appendix.lemma_4_2), ("L4.4", appendix.lemma_4_4),
               ("L4.1-last-step", appendix.lemma_4_1_last_step),
               ("L4.1-printed-range", appendix.lemma_4_1_printed_range),
               ("A.approx-sandwich", grab_savage.sandwich_steps), ("A.approx-limits", grab_savage.limit_steps)]


@pytest.mark.parametrize("steps", [d for _, d in DERIVATIONS], ids=[name for name, _ in DERIVATIONS])
def test_every_step_of_the_general_n_derivations_is_checked_by_sympy(steps):
    unchecked = [(step.says, checked(step)[1]) for step in steps() if not checked(step)[0]]
    assert not unchecked


def test_a_false_step_is_not_checked():
    assert checked(DerivationStep("1/m >= 1/(m-1)?", 1 / sympy.Symbol("m", positive=True), 1, ">="))[0] is False
    x = sympy.Symbol("x")
    assert checked(DerivationStep("(x+1)^2 = x^2 + 1?", (x + 1) ** 2, x ** 2 + 1))[0] is False


@pytest.mark.parametrize("kwargs,match", [({"says": " ", "lhs": 1, "rhs": 1}, "says"),
                                          ({"says": "x", "lhs": 1, "rhs": 1, "relation": "<"}, "relation")],
                         ids=["no-reason", "bad-relation"])
def test_bad_step_is_named(kwargs, match):
    with pytest.raises(InvalidArgument, match=match):
        DerivationStep(**kwargs)


@given(st.integers(1, 30), st.fractions(0, 1, max_denominator=12))
def test_exact_A_is_the_printed_sum(size, rate):
    assert exact_A(size, rate) == EXACT.evaluate(A(), {"n": size, "q3": rate})


def test_A_sandwich_contains_A_exactly():
    for size, rate in ((1, Fraction(1, 4)), (10, Fraction(1, 10)), (50, Fraction(49, 100))):
        values = {"n": size, "s": 1 - rate}
        lower = EXACT.evaluate(grab_savage.lower_bound(), values)
        upper = EXACT.evaluate(grab_savage.upper_bound(), values)
        assert lower <= exact_A(size, rate) <= upper


def test_T3_10_proof_line_keeps_only_the_A_term():
    """The printed line of the proof of Theorem 3.10: its last two terms cancel, as the proof's next line says."""
    from symbolic.symbols import q, q1, q2

    expected = (p + q) ** 2 / (q - p) ** 2 * q1 * q2 / (q1 + q2) ** 2 * A()
    assert sympy.simplify(P.T310_PROOF_CONDITIONING - expected) == 0
