"""The engine helpers of the survey-design and trade-off claims: premise witnesses (catalog/engines/witness.py),
per-n decisions (catalog/engines/each_size.py), exact grids (catalog/engines/exact_grid.py), and the formulas
they read from catalog/derivations/privacy_accuracy.py."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from proofs.base.budget import Budget
from proofs.base.evidence import Outcome
from proofs.base.verdict import VACUOUS, Status, decide
from catalog.engines.each_size import decide_each_size
from catalog.engines.exact_grid import decided_sizes, exact_function, loss_ratios, proportions
from proofs.engines.sign import sign_evidence
from catalog.engines.witness import decide_with_witnesses, satisfies, with_witnesses
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import c, n, p, pi, q


def _budget(n_max: int) -> Budget:
    return Budget("custom", examples=10, n_max=n_max, grid=3, replicates=100, timeout=10.0)


# ----------------------------------------------------------------------------------------- witnesses
def test_witness_counts_premise_cases():
    proof = decide_with_witnesses("p - q", ["q < p", "p + q == 1"], timeout=10,
                                  witnesses=[{"p": "3/4", "q": "1/4"}, {"p": "1/4", "q": "3/4"}])
    assert proof.outcome is Outcome.PROVED and proof.premise_cases == 1
    assert proof.detail["points given that are not in the premise"] == [{"p": "1/4", "q": "3/4"}]


def test_witness_with_no_point_in_the_premise_is_vacuous():
    proof = sign_evidence("p - q", ["q < p"], timeout=10)
    vacuous = with_witnesses(proof, ["q < p"], [{"p": 0, "q": 1}])
    assert vacuous.premise_cases == 0 and vacuous.vacuous
    decision = decide([vacuous])
    assert decision.status is Status.INCONCLUSIVE and VACUOUS in decision.reason


def test_witness_values_may_be_exact_expressions():
    assert satisfies(["p == exp(eps)*q", "eps > 0"], {"p": "3/4", "q": "1/4", "eps": "log(3)"})
    assert not satisfies(["p == exp(eps)*q"], {"p": "3/4", "q": "1/4", "eps": "log(2)"})


@pytest.mark.parametrize(("function", "args", "message"), [
    (satisfies, (["p > 1/2"], {"p": True}), "p=True: is a truth value"),
    (satisfies, (["p > 1/2"], {"p": 0.5}), "must be an exact number"),
    (satisfies, (["p > q"], {"p": "1/2"}), r"has no value for \['q'\]"),
    (satisfies, (["p > 1/2"], {"p": "q + 1"}), "must be a number, not a formula"),
    (with_witnesses, (sign_evidence("p", ["p > 0"], timeout=10), ["p > 0"], []), "name at least one point"),
], ids=["truth_value", "float", "missing_symbol", "formula", "no_witness"])
def test_witness_invalid_arguments(function, args, message):
    with pytest.raises(ValueError, match=message):
        function(*args)


# ----------------------------------------------------------------------------------- per-n decisions
def test_each_size_holds_for_every_size():
    found = decide_each_size(lambda size: sympy.diff(pa.inverse_moment(size, c), c), ["1/2 < c <= 1"], [2, 3],
                             sign="<0", timeout=10, what="d/dc h_n")
    assert found.outcome is Outcome.HOLDS and found.detail["n decided"] == [2, 3]


def test_each_size_counterexample_at_first_failing_n_with_the_decided_tail():
    found = decide_each_size(lambda size: sympy.diff(pa.inverse_moment(size, c), c), ["1/2 < c <= 1"], [1, 2, 3],
                             sign="<0", timeout=10, what="d/dc h_n")
    assert found.outcome is Outcome.COUNTEREXAMPLE and found.counterexample["n"] == 1
    assert found.holds_when == "2 <= n <= 3 (each n decided; larger n not decided)"


@pytest.mark.parametrize("sizes", [[], [0], [True]], ids=["empty", "zero", "bool"])
def test_each_size_invalid_sizes(sizes):
    with pytest.raises(ValueError, match="sizes=.*must be sample sizes"):
        decide_each_size(lambda size: c, ["c > 0"], sizes, sign=">0", timeout=10, what="c")


# ---------------------------------------------------------------------------------------- exact grids
@given(st.fractions(min_value=Fraction(1, 2), max_value=1), st.fractions(min_value=0, max_value=Fraction(1, 3)),
       st.fractions(min_value=0, max_value=1))
def test_exact_function_is_exact(x, y, z):
    expr = pa.variance_t310_approx()
    function = exact_function(expr, ["n", "p", "q", "pi"])
    value = function(3, x, y, z)
    assert isinstance(value, Fraction)
    assert sympy.Rational(value.numerator, value.denominator) == expr.subs({n: 3, p: x, q: y, pi: z})


@pytest.mark.parametrize(("expr", "message"), [(sympy.exp(p), "not a rational function"),
                                               (p + sympy.Symbol("x"), r"symbols \['x'\]")],
                         ids=["exp", "unknown_symbol"])
def test_exact_function_invalid(expr, message):
    with pytest.raises(ValueError, match=message):
        exact_function(expr, ["p"])


@pytest.mark.parametrize(("n_max", "sizes"), [(3, [1, 2]), (12, [1, 2]), (40, list(range(1, 7))),
                                              (120, list(range(1, 21))), (600, list(range(1, 21)))],
                         ids=["tiny", "quick", "standard", "thorough", "capped"])
def test_decided_sizes_follow_n_max(n_max, sizes):
    assert decided_sizes(_budget(n_max)) == sizes


def test_grid_axes_are_exact_and_inside_their_ranges():
    assert all(isinstance(x, Fraction) and 0 <= x <= 1 for x in proportions(4))
    assert all(isinstance(t, Fraction) and t > 1 for t in loss_ratios(4))


# ------------------------------------------------------------------------------------------ formulas
@pytest.mark.parametrize("size", [1, 2, 5], ids=lambda s: f"n{s}")
def test_conditional_variance_exact_is_the_derived_one(size):
    difference = pa.conditional_variance_exact(size) - pa.conditional_variance_derived(size)
    assert sympy.cancel(sympy.together(difference)) == 0


def test_inverse_moment_is_one_at_n1_and_spread_rewrites_pi():
    assert pa.inverse_moment(1, c) == 1
    rewritten = pa.in_spread(pa.numerator_t310())
    assert pi not in rewritten.free_symbols and pa.SPREAD in rewritten.free_symbols


@pytest.mark.parametrize(("call", "message"), [
    (lambda: pa.inverse_moment(0), "size=0: the sample size"),
    (lambda: pa.variance_factor(3, Fraction(1, 10), "other"), "form='other': not one of"),
    (lambda: pa.in_spread(pi * p), "depends on pi otherwise than through"),
], ids=["size", "form", "spread"])
def test_privacy_accuracy_invalid_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()
