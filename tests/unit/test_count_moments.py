"""The exact symbolic moments of a polynomial statistic of the counts (numeric.count_moments), read from the
factorial moments of G(1 + t), agree with the exact enumeration of every outcome at rational points."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from numeric.count_moments import symbolic_moments
from numeric.enumeration import moments
from proofs.engines.moment_problem import prepare

THREE = [["p", "(1-p)/2", "(1-p)/2"], ["(1-p)/2", "p", "(1-p)/2"], ["(1-p)/2", "(1-p)/2", "p"]]
STATISTICS = ["Y0", "Y0*Y1 - 2*Y2**2/n", "(Y0 - Y1)**2*Y2/n**2", "Y0**2*Y1**2/(3*p + 1)"]


@pytest.mark.parametrize("statistic", STATISTICS)
@pytest.mark.parametrize("data", [dict(prior=["a", "b", "1-a-b"]), dict(counts=["k", "m", "n-k-m"])],
                         ids=["iid", "dataset"])
def test_symbolic_moments_agree_with_exact_enumeration(statistic, data):
    problem = prepare(statistic, "0", mechanism=THREE, **data)
    derived = symbolic_moments(problem.statistic)
    point = {"p": Fraction(3, 5), "a": Fraction(1, 4), "b": Fraction(1, 3), "k": 1, "m": 2}
    for n in (3, 4):
        values = {k: v for k, v in point.items() if k in problem.parameters}
        exact = moments(statistic, n, mechanism=THREE, values=values, mode="exact", **data)
        subs = {s: sympy.Rational(str(values[s.name])) if s.name in values else n
                for s in set().union(*(e.free_symbols for e in derived.values()))}
        assert sympy.cancel(derived["mean"].xreplace(subs)) == sympy.Rational(str(exact.mean))
        assert sympy.cancel(derived["variance"].xreplace(subs)) == sympy.Rational(str(exact.variance))
