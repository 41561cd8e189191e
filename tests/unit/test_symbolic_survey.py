"""symbolic/: the derived MLEs and moments of the survey (003 §3.1-3.2)."""

from __future__ import annotations

import sympy

from symbolic import printed as P
from symbolic.likelihood import mle_q2x3, mle_qlambda, mle_warner
from symbolic.moments import conditional_mean_q2x3, warner_variance
from symbolic.symbols import n, n1, p


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
