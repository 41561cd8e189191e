"""numeric/simulate.py: seeded, vectorised, and consistent with the exact moments."""

from __future__ import annotations

import numpy as np
import pytest

from numeric.simulate import levels_at_privacy, simulate_q2x3, simulate_qlambda, simulate_warner
from core.errors import InvalidArgument


def test_simulation_is_seeded_and_vectorised():
    p, q = levels_at_privacy(np.linspace(0.5, 3, 50), 0.9)
    a = simulate_q2x3(1000, p, q, 0.3, seed=7)
    b = simulate_q2x3(1000, p, q, 0.3, seed=7)
    assert a.estimates.shape == (1000, 50) and np.array_equal(a.estimates, b.estimates)
    assert np.all(np.abs(a.mean - 0.3) < 6 * a.mean_se)


def test_T3_10_simulated_variance_matches_enumeration():
    from numeric.enumeration import moments

    exact = float(moments("(N2*q - N1*p)/((N1+N2)*(q-p))", 3, "3/4", "1/8", "1/3", given="N1+N2>0").variance)
    sim = simulate_q2x3(3, 0.75, 0.125, 1 / 3, replicates=100_000, seed=1)
    assert abs(sim.variance[0] - exact) < 6 * sim.variance_se[0]


def test_Qlambda_unbiased_and_warner():
    assert abs(simulate_qlambda(50, 0.7, 0.1, 0.5, 0.2, replicates=50_000).mean[0] - 0.2) < 0.005
    assert abs(simulate_warner(50, 0.8, 0.6, replicates=50_000).mean[0] - 0.6) < 0.005


@pytest.mark.parametrize("args,match", [((0, 0.7, 0.1, 0.5), "n=0"), ((5, 0.7, 0.7, 0.5), r"p\+q"),
                                        ((5, 0.4, 0.4, 0.5), "equals p"), ((5, 0.7, 0.1, 1.5), "pi")],
                         ids=["n", "p+q", "p=q", "pi"])
def test_bad_input_is_named(args, match):
    with pytest.raises(InvalidArgument, match=match):
        simulate_q2x3(*args)
