"""numeric.strategies: usable from a plain pytest file under Hypothesis' default settings, an explicit public
API, valid draws (row-stochastic matrices, post-processings, Q_{2x3} parameters), arguments refused by name."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

import numeric.strategies
from numeric import strategies as S
from proofs.base.evidence import Outcome
from proofs.engines.methods import property_search
from core.errors import InvalidArgument


# --- the user's example, under Hypothesis' default deadline (not the project's profile) -------------------------
@settings(deadline=200)
@given(numeric.strategies.mechanisms())
def test_pl_loss_at_most_shafer(m):
    assert m.epsilon_pl() <= m.epsilon_shafer()


@settings(deadline=200)
@given(numeric.strategies.mechanisms(max_labels=4, positive_singletons=None))
def test_walley_loss_at_default_deadline(m):
    assert m.epsilon_walley() >= 0


# --- the public API -------------------------------------------------------------------------------------------------
def test_all_is_the_documented_public_api():
    public = {name for name in dir(numeric.strategies) if not name.startswith("_")}
    assert public == set(numeric.strategies.__all__)
    assert not public & {"Any", "Fraction", "lru_cache", "st", "annotations", "MassFunction", "Mechanism"}


@pytest.mark.parametrize("name", [n for n in numeric.strategies.__all__ if n not in ("LABELS", "KINDS", "hard_mechanisms")])
def test_every_strategy_is_documented(name):
    assert getattr(numeric.strategies, name).__doc__


# --- row-stochastic matrices ----------------------------------------------------------------------------------------
@given(S.row_stochastic_matrices(min_rows=2, max_rows=3, min_columns=1, max_columns=5))
def test_row_stochastic_matrices_are_exact_and_within_the_shape_ranges(matrix):
    assert 2 <= len(matrix) <= 3
    widths = {len(row) for row in matrix}
    assert len(widths) == 1 and 1 <= widths.pop() <= 5
    for row in matrix:
        assert all(isinstance(v, Fraction) and v >= 0 for v in row) and sum(row) == 1


# --- the other draws --------------------------------------------------------------------------------------------------
@given(S.q2x3_parameters())
def test_q2x3_parameters_lie_in_the_papers_domain(pq):
    p, q = pq
    assert p > Fraction(1, 2) and q >= 0 and p + q <= 1


@given(S.post_processings(kind="kernel"))
def test_kernels_are_markov(case):
    Q, kernel, codomain = case
    assert set(kernel) == set(Q.frame)
    assert all(sum(row.values()) == 1 and set(row) == set(codomain) for row in kernel.values())


@given(S.mechanisms(all_focal=True, max_labels=3))
def test_all_focal_mechanisms_have_finite_shafer_loss(Q):
    assert all(Q[x].m(Q.frame_subset(mask)) > 0 for x in Q.inputs for mask in range(1, 1 << len(Q.frame)))


def test_strategies_shrink_a_false_property_to_a_minimal_exact_counterexample():
    """'ε_W >= ε_S' is false (Shafer counts the message {a,b} the Walley loss does not see); the search must
    shrink to a two-label mechanism and re-check the two exact ratios."""
    def prop(Q):
        return Q.ratio_walley() >= Q.ratio_shafer(), {"r_S": str(Q.ratio_shafer()), "r_W": str(Q.ratio_walley())}

    evidence = property_search(S.mechanisms(max_labels=3, positive_singletons=True), lambda Q: prop(Q)[0],
                               examples=300, domain="test", recheck=prop, describe=lambda Q: {"Q": Q.to_json()})
    assert evidence.outcome is Outcome.COUNTEREXAMPLE
    ce = evidence.counterexample
    assert len(ce["Q"]["frame"]) == 2 and len(ce["Q"]["rows"]) == 2
    assert ce["r_S"] == "inf"


INVALID = [
    ("labels above six", lambda: S.frames(1, 7), r"max_labels=7: must be an integer in 1\.\.6"),
    ("min above max", lambda: S.mechanisms(min_labels=3, max_labels=2), r"max_labels=2: must be >= min_labels=3"),
    ("unknown kind", lambda: S.mass_functions(kind="dense"), r"kind='dense': not one of"),
    ("zero weight", lambda: S.mechanisms(max_weight=0), r"max_weight=0: must be a positive integer"),
    ("no inputs", lambda: S.mechanisms(min_inputs=0), r"min_inputs=0: must be an integer >= 1"),
    ("bayesian and all focal", lambda: S.mechanisms(kind="bayesian", all_focal=True), r"all_focal=True: contradicts"),
    ("empty matrices", lambda: S.row_stochastic_matrices(max_columns=0), r"max_columns=0: must be an integer >= 1"),
    ("unknown post-processing", lambda: S.post_processings(kind="channel"), r"kind='channel': not one of"),
]


@pytest.mark.parametrize("make,match", [(m, r) for _, m, r in INVALID], ids=[i for i, _, _ in INVALID])
def test_invalid_strategy_arguments_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()
