"""numeric.meanest (report 004): mechanisms, exact laws, estimators, Gaussian curve, simulation."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numeric import meanest as me
from numeric import meanest_gaussian as mg
from proofs.errors import InvalidArgument

ps = st.fractions(min_value=F(1, 100), max_value=F(49, 100))


@pytest.mark.parametrize(("call", "match"), [
    (lambda: me.RandomizedResponse(F(1, 2)), r"p=Fraction\(1, 2\): randomized response needs 0 < p < 1/2"),
    (lambda: me.RandomizedResponse(0), r"p=0: "),
    (lambda: me.RandomizedResponse(-1), r"p=-1: "),
    (lambda: me.OneHotRR(F(1, 4), 0), r"T=0: the number of types"),
    (lambda: me.Binning(0, 10, 3), r"c=3: must divide U - L = 10"),
    (lambda: me.Binning(0, 10, 0), r"c=0: an interval width is positive"),
    (lambda: me.Binning(1, 1, 1), r"U=1: must exceed L=1"),
    (lambda: mg.check_delta(1), r"delta=1: a failure probability"),
    (lambda: mg.check_delta(0), r"delta=0: "),
    (lambda: mg.gaussian_sigma(1, F(3, 2), 1), r"delta=Fraction\(3, 2\): "),
    (lambda: mg.GaussianBaseline(1, 1, 10, 1, 2), r"delta=2: "),
    (lambda: me.check_theta([F(1, 2), F(1, 3)]), r"theta=.*sum to 1"),
    (lambda: me.z_quantile(0), r"alpha=0: "),
    (lambda: me.lambda_sq(me.Binning(0, 2, 1), [F(1, 2)] * 2, 1), r"n=1: .*n >= 2"),
    (lambda: mg.tail_interval(0, 1, 1, F(1, 2), reading="wide"), r"reading='wide': "),
], ids=["p=1/2", "p=0", "p<0", "T=0", "c-not-dividing", "c=0", "U=L", "delta=1", "delta=0", "sigma-delta",
        "baseline-delta", "theta-sum", "alpha=0", "lambda-n=1", "tail-reading"])
def test_invalid_arguments_name_the_value(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()


def test_invalid_argument_is_a_value_error():
    with pytest.raises(ValueError):
        me.RandomizedResponse(1)


@given(ps)
def test_R_rr_eps_ratio_is_one_plus_printed_epsilon(p):
    rr = me.RandomizedResponse(p)
    assert rr.ratio == 1 + rr.epsilon_printed
    assert float(rr.epsilon_exact(20)) < float(rr.epsilon_printed)


@pytest.mark.parametrize("n", [1, 2, 5])
@pytest.mark.parametrize("p", [F(1, 10), F(1, 4), F(9, 20)], ids=str)
def test_R_warner_var_count_laws_have_the_printed_variance(p, n):
    rr = me.RandomizedResponse(p)
    for k in range(n + 1):
        law = rr.count_law_fixed(k, n)
        assert sum(law) == 1
        mean, var = me.exact_count_law(law)
        assert (mean / n - rr.flip) / (2 * p) == F(k, n)
        assert var / (4 * p * p * n * n) == rr.variance_printed(n)
    _, var = me.exact_count_law(rr.count_law_sampled(F(1, 3), n))
    assert var / (4 * p * p * n * n) == rr.variance_sampled(F(1, 3), n)


def test_R_bassily_smith_max_ratio_is_r_squared():
    for T in (2, 3):
        mech = me.OneHotRR(F(1, 5), T)
        assert mech.max_ratio() == mech.rr.ratio ** 2
        assert sum(mech.pmf(b, 0) for b in mech.outputs()) == 1
    assert me.OneHotRR(F(1, 5), 1).max_ratio() == 1


def test_binning_midpoints_and_bins():
    b = me.Binning(-75, 75, 75)
    assert b.T == 2 and b.midpoints == (F(-75, 2), F(75, 2))
    assert [b.bin_of(x) for x in (-75, 0, 75)] == [0, 1, 1]
    assert list(b.bins_of(np.array([-100.0, -1.0, 0.0, 80.0]))) == [0, 0, 1, 1]


def _brute_sampled(p, theta, n):
    mech = me.OneHotRR(p, len(theta))
    law = {}
    for types in itertools.product(range(len(theta)), repeat=n):
        for reports in itertools.product(mech.outputs(), repeat=n):
            w = F(1)
            for t, b in zip(types, reports):
                w *= theta[t] * mech.pmf(b, t)
            key = tuple(sum(b[i] for b in reports) for i in range(len(theta)))
            law[key] = law.get(key, 0) + w
    return {k: v for k, v in law.items() if v}


@pytest.mark.parametrize(("theta", "n"), [((F(1, 2), F(1, 2)), 2), ((F(1, 5), F(4, 5)), 3),
                                          ((F(1, 3), F(1, 6), F(1, 2)), 2)], ids=["T2n2", "T2n3", "T3n2"])
def test_R_independence_convolution_engine_matches_brute_force(theta, n):
    assert me.joint_counts_sampled(F(1, 4), theta, n) == _brute_sampled(F(1, 4), theta, n)


def test_R_independence_fixed_law_is_a_product_and_sums_to_one():
    law = me.joint_counts_fixed(F(1, 3), (2, 1))
    assert sum(law.values()) == 1 and len(law) == 16


def test_R_nu_unbiased_from_the_exact_law():
    b = me.Binning(0, 3, 1)
    theta = (F(1, 6), F(1, 3), F(1, 2))
    law = me.joint_counts_sampled(F(3, 10), theta, 4)
    mean = sum(w * me.nu_hat(b, s, 4, F(3, 10)) for s, w in law.items())
    var = sum(w * (me.nu_hat(b, s, 4, F(3, 10)) - mean) ** 2 for s, w in law.items())
    assert mean == me.binned_mean(b, theta)
    assert var == me.variance_nu_sampled(b, theta, F(3, 10), 4) > me.variance_nu_printed(b, F(3, 10), 4)


def test_R_negative_variance_witness():
    b = me.Binning(0, 2, 1)
    assert me.lambda_sq(b, me.theta_hat((0, 2), 2, F(1, 10)), 2) == -12


@pytest.mark.parametrize(("eps", "delta", "sens", "gs"), [
    (F(1, 2), F(1, 10 ** 5), F(1, 4), F(1, 16)), (F(20), F(1, 10 ** 5), F(1), F(1)), (F(1, 2), F(1, 10), F(1), F(1)),
], ids=["printed-eps-half", "eps-20", "usual-eps-half"])
def test_R_gaussian_curve_mpmath_agrees_with_arb_and_quadrature(eps, delta, sens, gs):
    sigma = mg.gaussian_sigma(eps, delta, gs, 40)
    value = mg.gaussian_delta(eps, sigma, sens, 40)
    ball = mg.gaussian_delta_arb(eps, delta, sens, gs)
    assert abs(float(ball.mid()) - float(value)) <= 1e-15 * max(1.0, abs(float(value)))
    with mpmath.workdps(30):  # the hockey-stick divergence, integrated directly
        s, d, e = mpmath.mpf(sigma), mpmath.mpf(sens.numerator) / sens.denominator, mpmath.mpf(eps.numerator) / eps.denominator
        x0 = d / 2 + e * s * s / d  # density ratio equals e^eps at x0
        tail = mpmath.quad(lambda x: mpmath.npdf(x, 0, s) - mpmath.exp(e) * mpmath.npdf(x, d, s), [-mpmath.inf, -x0 + d, 0])
        direct = mpmath.quad(lambda x: mpmath.npdf(x, d, s) - mpmath.exp(e) * mpmath.npdf(x, 0, s), [x0, mpmath.inf])
        assert abs(direct - value) < mpmath.mpf(10) ** -20
        del tail


def test_R_tail_printed_interval_is_empty_for_very_negative_mu():
    lo, hi = mg.tail_interval(-2, F(1, 2), 1, F(1, 100))
    assert lo > hi and mg.tail_probability(-2, F(1, 2), 1, F(1, 100)) == 0
    assert mg.tail_probability(-1, 1, 3, F(1, 10), "centred") >= 0.9


def test_R_ci_rr_simulation_agrees_with_the_exact_coverage():
    b, theta, p, n = me.Binning(0, 2, 1), (F(1, 2), F(1, 2)), F(2, 5), 12
    law = me.joint_counts_sampled(p, theta, n)
    exact, _ = me.exact_ci_rr_coverage(b, law, me.binned_mean(b, theta), p, n, F(1, 20))
    cov = me.simulate_ci_rr(b, theta, p, n, F(1, 20), 20_000, 7)
    lo, hi = cov.interval()
    assert lo <= float(exact) <= hi
    # the counts-only path draws the same law
    fast = me._simulate_counts_binomial(float(p), [0.5, 0.5], n, 20_000, np.random.default_rng(7), None)
    slow = me.simulate_counts(float(p), [0.5, 0.5], n, 20_000, np.random.default_rng(7))
    assert abs(fast.mean() - slow.mean()) < 0.05 and fast.shape == slow.shape


def test_R_ci_gauss_baseline_simulation_is_seeded():
    base = mg.GaussianBaseline(1, 1, 5, 1, F(1, 100))
    a = mg.simulate_ci_gauss(base, 0, F(1, 10), 5_000, 3)
    b = mg.simulate_ci_gauss(base, 0, F(1, 10), 5_000, 3)
    assert a == b and a.interval()[0] < 0.9 < a.interval()[1]
    with pytest.raises(InvalidArgument, match=r"mu=2: "):
        mg.simulate_ci_gauss(base, 2, F(1, 10), 10, 3)
