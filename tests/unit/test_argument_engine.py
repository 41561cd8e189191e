"""proofs.engines.argument and catalog.engines.privacy_lemmas: set steps decided for every frame, arithmetic and
identity steps, an argument with a false step is inconclusive (never proved), condition lists, implications
between systems, and the shared composition / post-processing cases."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from numeric.mechanisms import evidential_q2x3, evidential_warner
from proofs.base.budget import Budget
from proofs.base.evidence import Outcome
from proofs.engines.argument import all_conditions, argument, arithmetic, identity_step, implied, sets
from catalog.engines import privacy_lemmas as lemmas
from core.errors import InvalidArgument

SETS = {"A": "set Y", "B": "set Y", "E": "set Y", "a": "element Y", "F": "set Z", "f": "map Y Z",
        "E1": "set Y", "E2": "set Z", "F1": "set Y", "F2": "set Z"}
STEPS = [  # (statement, valid for sets of every sort)
    ("iff(B & E == {}, B <= ~E)", True),
    ("iff(image(f, B) <= F, B <= preimage(f, F))", True),
    ("image(f, B) == F", False),
    ("implies(B != {}, exists(a, a in B and implies(B & E != {}, a in E)))", True),
    ("implies(E1 != {} and E2 != {}, iff(product(E1, E2) == product(F1, F2), E1 == F1 and E2 == F2))", True),
    ("product(E1, E2) == product(F1, F2)", False),
    ("B <= E", False),
]


@pytest.mark.parametrize("statement,valid", STEPS, ids=[s for s, _ in STEPS])
def test_set_steps_are_decided_for_sets_of_every_sort(statement, valid):
    evidence = argument([sets("step", statement, declare=SETS, because="test")], domain="test")
    assert (evidence.outcome is Outcome.PROVED) is valid


def test_an_argument_with_one_false_step_is_inconclusive_and_names_it():
    steps = [arithmetic("fine", "r*b - a", hypotheses=["a <= r*b"], symbols=("a", "b", "r"), because="x"),
             arithmetic("wrong", "a - b", hypotheses=["a >= 0", "b >= 0"], symbols=("a", "b"), because="x")]
    evidence = argument(steps, domain="test")
    assert evidence.outcome is Outcome.INCONCLUSIVE and evidence.detail["not shown"].startswith("2. wrong")


def test_identity_steps_use_symbolic_integers():
    evidence = argument([identity_step("binomial", "Sum((-1)**k*binomial(j, k), (k, 0, j))", "0", integers=("j",),
                                  because="(1 - 1)^j")], domain="test")
    assert evidence.outcome is Outcome.PROVED


def test_exact_facts_must_hold():
    evidence = argument([], domain="test", facts=[("3 < 2", False)])
    assert evidence.outcome is Outcome.INCONCLUSIVE


def test_all_conditions_proves_clears_denominators_and_refutes_exactly():
    p, q = sympy.symbols("p q", real=True)
    proved = all_conditions([("p/q >= 1", p / q - 1)], hypotheses=["q > 0", "p >= q"], domain="test", symbols=("p", "q"))
    assert proved.outcome is Outcome.PROVED
    refuted = all_conditions([("p >= 2q", p - 2 * q)], hypotheses=["q > 0", "p >= q"], domain="test", symbols=("p", "q"))
    assert refuted.outcome is Outcome.COUNTEREXAMPLE and refuted.recheck.value == "exact"


def test_implied_returns_an_exact_point_where_a_conclusion_fails():
    x, y = sympy.symbols("x y")
    assert implied([x >= 0, y >= x], [("y >= 0", y >= 0)])["implied"] is True
    found = implied([x >= 0], [("x >= 1", x >= 1)])
    assert found["implied"] is False and 0 <= found["point"]["x"] < 1


@pytest.mark.parametrize("make,match", [
    (lambda: sets("s", "A <= B", declare={"A": "bag Y"}, because="x"), r"declare\['A'\]='bag Y': must be"),
    (lambda: argument([sets("s", "A <= C", declare={"A": "set Y"}, because="x")], domain="t"), r"statement='A <= C'"),
    (lambda: argument([sets("s", "A < B", declare={"A": "set Y", "B": "set Y"}, because="x")], domain="t"),
     r"comparison Lt is not in the set language"),
], ids=["unknown sort kind", "undeclared name", "strict subset"])
def test_malformed_steps_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()


# --- privacy_lemmas: the shared cases -------------------------------------------------------------------------------
def test_composition_case_multiplies_the_losses_of_q2x3():
    Q = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))
    ok, info = lemmas.composition_case((Q, Q), "WLDP", vertices=True)
    assert ok and info["r(Q12)"] == 16 and info["r(Q1)"] == 4
    ok, info = lemmas.composition_case((Q, Q), "SLDP")
    assert ok and info["r(Q12)"] == 9


def test_post_processing_case_with_a_swap_keeps_the_loss():
    Q = evidential_warner(Fraction(3, 4))
    ok, info = lemmas.post_processing_case((Q, [(Fraction(1), {"yes": "no", "no": "yes"})], ("yes", "no")), "SLDP")
    assert ok and info == {"r(Q)": 3, "r(f∘Q)": 3}


@pytest.mark.parametrize("grid", [2, 5, 9])
def test_grids_depend_on_the_budget_sizes_not_its_name(grid):
    budget = Budget("any name", examples=10, n_max=3, grid=grid, replicates=2_000, timeout=10.0)
    pairs, text = lemmas.composition_grid(budget, positive_singletons=False)
    assert pairs and f"{len(pairs)} pairs" in text
    cases, text = lemmas.post_processing_grid(budget, positive_singletons=True)
    assert cases and f"{len(cases)} cases" in text
