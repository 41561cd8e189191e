"""The engines the survey claims use: exact per-n identities with a counterexample search inside the
reading's domain (catalog/engines/polynomial.py), derivations checked step by step
(catalog/engines/derivation.py), the simulation witness (catalog/engines/simulation.py) and the budget grids
(catalog/engines/survey_grids.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.context import EXACT
from proofs.base.budget import BUDGETS, Budget
from proofs.base.evidence import Outcome
from catalog.engines import survey_grids
from catalog.engines.derivation import derivation
from catalog.engines.polynomial import box_points, polynomial_identity, simplex_points
from catalog.engines.simulation import simulation_witness
from core.errors import InvalidArgument
from catalog.derivations import printed as P
from symbolic.steps import DerivationStep
from symbolic.symbols import n, pi, q1, q2, q3

ON_SIMPLEX = {"q3": 1 - q1 - q2}


def _lemma_4_4(**kwargs):
    return polynomial_identity(lambda m: (P.L44_LHS.xreplace({n: m}), P.L44_RHS.xreplace({n: m})),
                               n_values=range(1, 6), domain="Lemma 4.4", **kwargs)


def test_L4_4_identity_holds_on_the_simplex():
    evidence = _lemma_4_4(variables=("q1", "q2"), substitute=ON_SIMPLEX, points=simplex_points)
    assert evidence.outcome is Outcome.HOLDS


def test_L4_4_with_q3_free_gets_a_counterexample_where_the_sides_differ():
    evidence = _lemma_4_4(variables=("q1", "q2", "q3"), points=box_points(("q1", "q2", "q3")))
    point = evidence.counterexample
    values = {"n": int(point["n"]), **{k: Fraction(point[k]) for k in ("q1", "q2", "q3")}}
    left, right = EXACT.evaluate(P.L44_LHS, values), EXACT.evaluate(P.L44_RHS, values)
    assert evidence.outcome is Outcome.COUNTEREXAMPLE and left != right
    assert (Fraction(point["lhs"]), Fraction(point["rhs"])) == (left, right)


def test_the_search_skips_points_where_the_sides_agree():
    """(q1+q2+q3)^2 and 1 agree on the whole simplex, so every simplex point fails to separate them; with q3
    free the search must leave the simplex (the old fixed point 1/5, 1/3, 7/15 lies on it)."""
    sides = lambda m: ((q1 + q2 + q3) ** 2, sympy.Integer(1))  # noqa: E731
    on = polynomial_identity(sides, n_values=[1], variables=("q1", "q2"), substitute=ON_SIMPLEX,
                             points=simplex_points, domain="simplex")
    on_simplex = {"q1": Fraction(1, 5), "q2": Fraction(1, 3), "q3": Fraction(7, 15)}
    free_points = lambda degree: iter([on_simplex, *box_points(("q1", "q2", "q3"))(degree)])  # noqa: E731
    off = polynomial_identity(sides, n_values=[1], variables=("q1", "q2", "q3"), points=free_points, domain="free")
    assert on.outcome is Outcome.HOLDS
    assert off.outcome is Outcome.COUNTEREXAMPLE and off.counterexample["lhs"] != off.counterexample["rhs"]
    assert sum(Fraction(off.counterexample[k]) for k in ("q1", "q2", "q3")) != 1


@pytest.mark.parametrize("expr,match", [(q1 ** sympy.Rational(1, 2), "integer"), (sympy.Symbol("z"), "symbol z"),
                                        (sympy.sin(q1), "sin")], ids=["half-power", "unknown-symbol", "function"])
def test_non_rational_sides_are_named(expr, match):
    with pytest.raises(InvalidArgument, match=match):
        polynomial_identity(lambda m: (expr, q1), n_values=[1], variables=("q1", "q2"), points=simplex_points,
                            domain="x")


def test_derivation_is_proved_only_when_every_step_is_checked():
    x = sympy.Symbol("x", positive=True)
    good = derivation([DerivationStep("square", (x + 1) ** 2, x ** 2 + 2 * x + 1)], domain="x > 0", conclusion="c")
    bad = derivation([DerivationStep("square", (x + 1) ** 2, x ** 2 + 2 * x + 1),
                      DerivationStep("wrong", (x + 1) ** 2, x ** 2 + 1)],
                     domain="x > 0", conclusion="c")
    assert good.outcome is Outcome.PROVED
    assert bad.outcome is Outcome.INCONCLUSIVE and bad.detail["step not checked"].startswith("2. wrong")
    with pytest.raises(InvalidArgument, match="steps"):
        derivation([], domain="x", conclusion="c")


CASE = {"n": 3, "p": Fraction(3, 4), "q": Fraction(1, 8), "pi": Fraction(3, 10)}


def test_T3_9_simulation_witness_holds_and_is_seeded():
    first = simulation_witness(P.PI_HAT, P.T39_MEAN, moment="mean", cases=[CASE], replicates=20_000)
    again = simulation_witness(P.PI_HAT, P.T39_MEAN, moment="mean", cases=[CASE], replicates=20_000)
    assert first.outcome is Outcome.HOLDS and first.detail == again.detail


def test_T3_9_simulation_witness_counterexample_is_rechecked_exactly():
    wrong = pi + sympy.Rational(1, 10)
    evidence = simulation_witness(P.PI_HAT, wrong, moment="mean", cases=[CASE], replicates=20_000)
    assert evidence.outcome is Outcome.COUNTEREXAMPLE and evidence.recheck.value == "exact"
    assert Fraction(evidence.counterexample["exact"]) == Fraction(3, 10)
    assert Fraction(evidence.counterexample["claimed"]) == Fraction(2, 5)


@pytest.mark.parametrize("kwargs,match", [({"moment": "median"}, "moment='median'"),
                                          ({"survey": "q3x3"}, "survey='q3x3'"), ({"cases": []}, "cases")],
                         ids=["moment", "survey", "cases"])
def test_simulation_witness_bad_arguments_are_named(kwargs, match):
    arguments = {"moment": "mean", "cases": [CASE], "replicates": 100, **kwargs}
    with pytest.raises(InvalidArgument, match=match):
        simulation_witness(P.PI_HAT, pi, **arguments)


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_survey_grids_follow_the_budget_sizes(name):
    budget = BUDGETS[name]
    renamed = Budget("renamed", budget.examples, budget.n_max, budget.grid, budget.replicates, budget.timeout)
    for grid in (survey_grids.sample_sizes, survey_grids.survey_points, survey_grids.warner_points,
                 survey_grids.pq_grid, survey_grids.pis, survey_grids.identity_sizes, survey_grids.replicates):
        assert grid(budget) == grid(renamed)
    assert survey_grids.sample_sizes(budget)[-1] == budget.n_max
