"""numeric.sampling and the seeded path of proofs.engines.methods.property_search: the public strategies of
numeric.strategies carry a sampler drawn from a seeded generator, the same seed gives the same evidence, a
failing draw is shrunk deterministically, premise cases are counted, and any other strategy still runs on
Hypothesis."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import strategies as st

import numeric.strategies as S
from numeric.sampling import Sampler, sampler_of
from proofs.base.evidence import Outcome
from proofs.engines.methods import property_search
from core.errors import InvalidArgument

PUBLIC = [
    pytest.param(lambda: S.frames(), id="frames"),
    pytest.param(lambda: S.mass_functions(max_labels=3), id="mass_functions"),
    pytest.param(lambda: S.mechanisms(positive_singletons=None, all_focal=None), id="mechanisms"),
    pytest.param(lambda: S.mechanism_pairs(), id="mechanism_pairs"),
    pytest.param(lambda: S.row_stochastic_matrices(), id="row_stochastic_matrices"),
    pytest.param(lambda: S.maps(("a", "b"), ("z0", "z1")), id="maps"),
    pytest.param(lambda: S.mixtures(("a", "b"), ("z0", "z1")), id="mixtures"),
    pytest.param(lambda: S.kernels(("a", "b"), ("z0", "z1")), id="kernels"),
    pytest.param(lambda: S.post_processings(kind="kernel"), id="post_processings"),
    pytest.param(lambda: S.q2x3_parameters(), id="q2x3_parameters"),
    pytest.param(lambda: S.positive_rationals(), id="positive_rationals"),
]


@pytest.mark.parametrize("make", PUBLIC)
def test_every_public_strategy_has_a_sampler_that_replays_its_draws(make):
    sampler = S.sampler(make())
    rng = random.Random(7)
    for _ in range(20):
        drawn = sampler.draw(rng)
        again = sampler.replay(drawn.choices)
        assert again.choices == drawn.choices and repr(again.value) == repr(drawn.value)
        assert all(lo <= c <= hi for c, (lo, hi) in zip(drawn.choices, drawn.bounds))


def test_the_same_seed_draws_the_same_values():
    sampler = S.sampler(S.mechanisms())
    one, two = random.Random(3), random.Random(3)
    assert [repr(sampler.draw(one).value) for _ in range(10)] == [repr(sampler.draw(two).value) for _ in range(10)]


def test_draws_reach_the_ends_of_their_ranges():
    """Zero masses and vacuous rows are drawn often (the ends of a range are favoured, as Hypothesis does)."""
    sampler = S.sampler(S.mass_functions(min_labels=2, max_labels=2, kind="generic"))
    rng = random.Random(0)
    rows = [sampler.draw(rng).value for _ in range(400)]
    assert any(row.m(frozenset("ab")) == 1 for row in rows)  # every weight 0: the vacuous row
    assert any(row.m(frozenset("a")) == 0 for row in rows)


def _loss_order(Q):
    """'r_W >= r_S' is false (Shafer counts the message {a,b} the Walley loss does not see)."""
    return Q.ratio_walley() >= Q.ratio_shafer(), {"r_S": str(Q.ratio_shafer()), "r_W": str(Q.ratio_walley())}


def _search(strategy, **options):
    return property_search(strategy, lambda Q: _loss_order(Q)[0], examples=200, domain="test", recheck=_loss_order,
                           describe=lambda Q: {"Q": Q.to_json()}, **options)


def test_seeded_search_is_deterministic_and_shrinks_to_a_minimal_counterexample():
    strategy = S.mechanisms(max_labels=3, positive_singletons=True)
    first, second = _search(strategy), _search(strategy)
    assert first.outcome is Outcome.COUNTEREXAMPLE and first.counterexample == second.counterexample
    assert first.detail == {**second.detail} and first.detail["search"].startswith("seeded random draws")
    assert len(first.counterexample["Q"]["frame"]) == 2 and len(first.counterexample["Q"]["rows"]) == 2
    assert _search(strategy, seed=11).counterexample["Q"]["frame"] == ["a", "b"]


def test_seeded_search_counts_premise_cases():
    evidence = property_search(S.mechanisms(), lambda Q: True, examples=50, domain="premise", recheck=lambda Q: True,
                               premise=lambda Q: len(Q.frame) >= 2)
    assert evidence.outcome is Outcome.HOLDS and evidence.detail["examples"] == 50
    assert 0 < evidence.premise_cases < 50 == evidence.detail["requested examples"]


def test_a_sampler_can_be_searched_directly():
    pairs = Sampler(lambda choose: (choose(0, 9), choose(0, 9)), "pairs")
    evidence = property_search(pairs, lambda p: p[0] + p[1] < 15, examples=200, domain="sums",
                               recheck=lambda p: (p[0] + p[1] < 15, {"sum": p[0] + p[1]}), describe=lambda p: {"p": p})
    assert evidence.counterexample["p"] in ([6, 9], (6, 9)) and evidence.counterexample["sum"] == 15


def test_other_strategies_still_run_on_hypothesis():
    @st.composite
    def weights(draw):
        return Fraction(draw(st.integers(0, 6)), 6)

    assert sampler_of(weights()) is None
    evidence = property_search(weights(), lambda w: w <= 1, examples=20, domain="weights", recheck=lambda w: True)
    assert evidence.outcome is Outcome.HOLDS and evidence.detail["search"].startswith("hypothesis")


def test_sampler_of_something_else_is_refused():
    with pytest.raises(InvalidArgument, match=r"strategy=.*not a strategy of numeric.strategies"):
        S.sampler(st.integers())
