"""catalog.models.meanest (report 004): mechanisms, exact laws, estimators, Gaussian curve, simulation."""

from __future__ import annotations

from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.context import EXACT, arb, mpf
from catalog.models import meanest as me
from catalog.models import meanest_gaussian as mg
from numeric.definitions.report import global_sensitivity as gs_reading
from core.errors import InvalidArgument

ps = st.fractions(min_value=Fraction(1, 100), max_value=Fraction(49, 100))


@pytest.mark.parametrize(("call", "match"), [
    (lambda: me.WarnerRR(Fraction(1, 2)), r"p=Fraction\(1, 2\): randomized response needs 0 < p < 1/2"),
    (lambda: me.WarnerRR(0), r"p=0: "),
    (lambda: me.WarnerRR(-1), r"p=-1: "),
    (lambda: me.OneHotRR(Fraction(1, 4), 0), r"T=0: the number of types"),
    (lambda: me.Binning(0, 10, 3), r"c=3: must divide U - L = 10"),
    (lambda: me.Binning(0, 10, 0), r"c=0: an interval width is positive"),
    (lambda: me.Binning(1, 1, 1), r"U=1: must exceed L=1"),
    (lambda: mg.check_delta(1), r"delta=1: a failure probability"),
    (lambda: mg.check_delta(0), r"delta=0: "),
    (lambda: mg.gaussian_sigma(1, Fraction(3, 2), 1), r"delta=Fraction\(3, 2\): "),
    (lambda: mg.GaussianBaseline(1, 1, 10, 1, 2), r"delta=2: "),
    (lambda: me.check_theta([Fraction(1, 2), Fraction(1, 3)]), r"theta=.*sum to 1"),
    (lambda: me.z_quantile(0), r"alpha=0: "),
    (lambda: me.lambda_sq(me.Binning(0, 2, 1), [Fraction(1, 2)] * 2, 1), r"n=1: .*n >= 2"),
    (lambda: mg.tail_interval(0, 1, 1, Fraction(1, 2), reading="wide"), r"reading='wide': "),
    (lambda: mg.gaussian_sigma(1, Fraction(1, 2), 1, EXACT), r"ctx=EXACT: the normal law has no exact rational values"),
    (lambda: mg.hockey_stick_delta(1, 1, 1, arb(30)), r"ctx=arb\(30\): quadrature needs an mpf context"),
    (lambda: mg.truncated_mean(0, 1, 1, -1), r"upper=-1: must exceed lower=1"),
    (lambda: mg.normal_moment(-1, 0, 1), r"k=-1: a moment order"),
    (lambda: gs_reading(1, "GS: cubed"), r"reading='GS: cubed': not one of"),
    (lambda: gs_reading(0), r"sensitivity=0: an l2 sensitivity is positive"),
    (lambda: me.enumerate_counts_law(Fraction(1, 4), (Fraction(1, 2),) * 2, 2, fixed_types=(0,)),
     r"fixed_types=\(0,\): "),
], ids=["p=1/2", "p=0", "p<0", "T=0", "c-not-dividing", "c=0", "U=L", "delta=1", "delta=0", "sigma-delta",
        "baseline-delta", "theta-sum", "alpha=0", "lambda-n=1", "tail-reading", "exact-context", "quadrature-arb",
        "truncation-order", "moment-order", "gs-reading", "gs-zero", "fixed-types-length"])
def test_invalid_arguments_name_the_value(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()


def test_invalid_argument_is_a_value_error():
    with pytest.raises(ValueError):
        me.WarnerRR(1)


@given(ps)
def test_R_rr_eps_ratio_is_one_plus_printed_epsilon(p):
    rr = me.WarnerRR(p)
    assert rr.ratio == 1 + rr.epsilon_printed
    assert rr.epsilon_exact() < mpf(50).number(rr.epsilon_printed)


@pytest.mark.parametrize("n", [1, 2, 5])
@pytest.mark.parametrize("p", [Fraction(1, 10), Fraction(1, 4), Fraction(9, 20)], ids=str)
def test_R_warner_var_count_laws_have_the_printed_variance(p, n):
    rr = me.WarnerRR(p)
    for k in range(n + 1):
        law = rr.count_law_fixed(k, n)
        assert sum(law) == 1
        mean, var = me.exact_count_law(law)
        assert (mean / n - rr.flip) / (2 * p) == Fraction(k, n)
        assert var / (4 * p * p * n * n) == rr.variance_printed(n)
    _, var = me.exact_count_law(rr.count_law_sampled(Fraction(1, 3), n))
    assert var / (4 * p * p * n * n) == rr.variance_sampled(Fraction(1, 3), n)


def test_R_bassily_smith_max_ratio_is_r_squared():
    for T in (2, 3):
        mech = me.OneHotRR(Fraction(1, 5), T)
        assert mech.max_ratio() == mech.rr.ratio ** 2
        assert sum(mech.pmf(b, 0) for b in mech.outputs()) == 1
    assert me.OneHotRR(Fraction(1, 5), 1).max_ratio() == 1


def test_binning_midpoints_and_bins():
    b = me.Binning(-75, 75, 75)
    assert b.T == 2 and b.midpoints == (Fraction(-75, 2), Fraction(75, 2))
    assert [b.bin_of(x) for x in (-75, 0, 75)] == [0, 1, 1]
    assert list(b.bins_of(np.array([-100.0, -1.0, 0.0, 80.0]))) == [0, 0, 1, 1]


@pytest.mark.parametrize(("theta", "n"), [((Fraction(1, 2), Fraction(1, 2)), 2), ((Fraction(1, 5), Fraction(4, 5)), 3),
                                          ((Fraction(1, 3), Fraction(1, 6), Fraction(1, 2)), 2)],
                         ids=["T2n2", "T2n3", "T3n2"])
def test_R_independence_convolution_engine_matches_brute_force(theta, n):
    assert me.joint_counts_sampled(Fraction(1, 4), theta, n) == me.enumerate_counts_law(Fraction(1, 4), theta, n)
    fixed = tuple(i % len(theta) for i in range(n))
    counts = tuple(fixed.count(t) for t in range(len(theta)))
    if len(theta) == 2:
        brute = me.enumerate_counts_law(Fraction(1, 4), theta, n, fixed_types=fixed)
        assert me.joint_counts_fixed(Fraction(1, 4), counts) == brute


def test_R_independence_fixed_law_is_a_product_and_sums_to_one():
    law = me.joint_counts_fixed(Fraction(1, 3), (2, 1))
    assert sum(law.values()) == 1 and len(law) == 16


def test_R_nu_unbiased_from_the_exact_law():
    b = me.Binning(0, 3, 1)
    theta = (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))
    law = me.joint_counts_sampled(Fraction(3, 10), theta, 4)
    mean = sum(w * me.nu_hat(b, s, 4, Fraction(3, 10)) for s, w in law.items())
    var = sum(w * (me.nu_hat(b, s, 4, Fraction(3, 10)) - mean) ** 2 for s, w in law.items())
    assert mean == me.binned_mean(b, theta)
    assert var == me.variance_nu_sampled(b, theta, Fraction(3, 10), 4) > me.variance_nu_printed(b, Fraction(3, 10), 4)


def test_R_negative_variance_witness():
    b = me.Binning(0, 2, 1)
    assert me.lambda_sq(b, me.theta_hat((0, 2), 2, Fraction(1, 10)), 2) == -12


@pytest.mark.parametrize(("eps", "delta", "sens", "gs"), [
    (Fraction(1, 2), Fraction(1, 10 ** 5), Fraction(1, 4), Fraction(1, 16)),
    (Fraction(10), Fraction(1, 10 ** 5), Fraction(1), Fraction(1)),
    (Fraction(1, 2), Fraction(1, 10), Fraction(1), Fraction(1)),
], ids=["squared-eps-half", "l2-eps-10", "l2-eps-half"])
def test_R_gaussian_curve_mpf_arb_and_quadrature_agree(eps, delta, sens, gs):
    ctx = mpf(50)
    value = mg.calibrated_delta(eps, delta, sens, gs, ctx)
    ball = mg.calibrated_delta(eps, delta, sens, gs, arb(50))
    with ctx.active():
        mid = mpmath.mpf(ball.mid().str(45, radius=False))
        assert abs(mid - value) < mpmath.mpf(10) ** -40 * max(1, abs(value))
        direct = mg.hockey_stick_delta(eps, mg.gaussian_sigma(eps, delta, gs, ctx), sens, ctx)
        assert abs(direct - value) < mpmath.mpf(10) ** -40 * max(1, abs(value))


def test_R_gaussian_reference_value_at_eps_10():
    """δ(10) for δ = 10^-5 and GS = Δ: 1.3644103367298482961799100333...e-5 (mpmath at 60 digits, Balle–Wang)."""
    value = mg.calibrated_delta(10, Fraction(1, 10 ** 5), 1, 1, mpf(60))
    with mpmath.workdps(60):
        assert abs(value - mpmath.mpf("1.36441033672984829617991003336e-5")) < mpmath.mpf(10) ** -33


def test_R_zbar_moments_of_the_sum_are_normal():
    for k in range(1, 9):
        expected = mg.normal_moment(k, Fraction(1, 3), Fraction(2) + Fraction(5, 7))
        assert mg.sum_moment(k, Fraction(1, 3), Fraction(2), Fraction(5, 7)) == expected
    assert [mg.normal_moment(k, 0, 1) for k in range(7)] == [1, 0, 1, 0, 3, 0, 15]


def test_R_zbar_truncated_and_clipped_means_against_quadrature():
    ctx = mpf(50)
    with ctx.active():
        exact = mg.truncated_mean(1, 2, -1, 3, ctx)
        assert abs(exact - mg.truncated_mean_quadrature(1, 2, -1, 3, ctx)) < mpmath.mpf(10) ** -40
        clipped = mg.clipped_mean(1, 2, -1, 3, ctx)
        x = mpmath.quad(lambda t: min(max(t, -1), 3) * mpmath.npdf(t, 1, 2), [-mpmath.inf, -1, 3, mpmath.inf])
        assert abs(clipped - x) < mpmath.mpf(10) ** -40
        assert mg.truncated_mean(0, 1, -2, 2, ctx) == 0


def test_R_tail_printed_interval_is_empty_for_very_negative_mu():
    lo, hi = mg.tail_interval(-2, Fraction(1, 2), 1, Fraction(1, 100))
    assert lo > hi and mg.tail_probability(-2, Fraction(1, 2), 1, Fraction(1, 100)) == 0
    assert mg.tail_probability(-1, 1, 3, Fraction(1, 10), "centred") >= mpmath.mpf("0.9")


def test_R_ci_rr_simulation_agrees_with_the_exact_coverage():
    b, theta, p, n = me.Binning(0, 2, 1), (Fraction(1, 2), Fraction(1, 2)), Fraction(2, 5), 12
    law = me.joint_counts_sampled(p, theta, n)
    exact, info = me.exact_ci_rr_coverage(b, law, me.binned_mean(b, theta), p, n, Fraction(1, 20), ctx=arb(50))
    assert info["undecided"] == 0
    cov = me.simulate_ci_rr(b, theta, p, n, Fraction(1, 20), 20_000, 7)
    lo, hi = cov.interval()
    assert lo <= float(exact) <= hi
    # the counts-only path draws the same law
    fast = me._simulate_counts_binomial(float(p), [0.5, 0.5], n, 20_000, np.random.default_rng(7), None)
    slow = me.simulate_counts(float(p), [0.5, 0.5], n, 20_000, np.random.default_rng(7))
    assert abs(fast.mean() - slow.mean()) < 0.05 and fast.shape == slow.shape


def test_R_ci_gauss_baseline_simulation_is_seeded():
    base = mg.GaussianBaseline(1, 1, 5, 1, Fraction(1, 100))
    a = mg.simulate_ci_gauss(base, 0, Fraction(1, 10), 5_000, 3)
    b = mg.simulate_ci_gauss(base, 0, Fraction(1, 10), 5_000, 3)
    assert a == b and a.interval()[0] < 0.9 < a.interval()[1]
    with pytest.raises(InvalidArgument, match=r"mu=2: "):
        mg.simulate_ci_gauss(base, 2, Fraction(1, 10), 10, 3)


def test_R_ci_mu_slack_widens_the_interval_and_target_moves_it():
    b, theta, p, n = me.Binning(0, 2, 1), (Fraction(1, 2), Fraction(1, 2)), Fraction(2, 5), 10
    law = me.joint_counts_sampled(p, theta, n)
    narrow, _ = me.exact_ci_rr_coverage(b, law, Fraction(3, 2), p, n, Fraction(1, 20), ctx=arb(50))
    wide, _ = me.exact_ci_rr_coverage(b, law, Fraction(3, 2), p, n, Fraction(1, 20), slack=Fraction(1, 2), ctx=arb(50))
    assert narrow < wide < 1
    cov = me.simulate_ci_rr(b, theta, p, n, Fraction(1, 20), 20_000, 7, target=Fraction(3, 2), slack=Fraction(1, 2))
    lo, hi = cov.interval()
    assert lo <= float(wide) <= hi


def test_R_warner_var_kolmogorov_distance_is_below_berry_esseen():
    rr = me.WarnerRR(Fraction(1, 4))
    for n, k in ((10, 0), (10, 5), (30, 15)):
        assert rr.kolmogorov_distance(k, n) < rr.berry_esseen_bound(n)
    assert rr.kolmogorov_distance(1, 1, arb(30)) > 0


def test_R_example_bias_binned_normal():
    theta, nu, mu = me.clamped_normal_binned(50, 2, me.Binning(-75, 75, 75), mpf(50))
    with mpmath.workdps(50):
        assert theta[0] < mpmath.mpf(10) ** -137 and abs(mu - 50) < mpmath.mpf(10) ** -30
        assert abs(nu - mpmath.mpf(75) / 2) < mpmath.mpf(10) ** -40


@pytest.mark.parametrize(("reading", "expected"), [("GS: l2", Fraction(3, 2)), ("GS: squared", Fraction(9, 4))],
                         ids=["l2", "squared"])
def test_global_sensitivity_readings(reading, expected):
    assert gs_reading(Fraction(3, 2), reading) == expected
    assert mg.gs_usual(Fraction(3, 2)) == Fraction(3, 2) and mg.gs_printed(Fraction(3, 2)) == Fraction(9, 4)


@pytest.mark.parametrize("mu, R, sigma, eps, delta", [
    (Fraction(-1), 1, 1, 100, Fraction(1, 2)),      # little noise: Φ jumps inside [-B, B]
    (0, 5, 2, 2, Fraction(1, 1000)),
    (Fraction(1, 2), 1, 1, 10, Fraction(1, 2)),
], ids=["eps-100", "eps-2", "eps-10"])
def test_R_ci_gauss_certified_coverage_encloses_the_quadrature(mu, R, sigma, eps, delta):
    """The coverage at n = 1 (004 §3.1, the mechanism as specified): python-flint's certified integral is a
    ball holding mpmath's 60-digit quadrature, and is tight (radius below 1e-25 at 30 digits)."""
    ball = mg.released_coverage_one(mu, R, sigma, eps, delta, Fraction(1, 20), arb(30))
    quadrature = mg.released_coverage_one(mu, R, sigma, eps, delta, Fraction(1, 20), mpf(60))
    with arb(60).active():
        assert ball.overlaps(flint.arb(mpmath.nstr(quadrature, 58)))
    assert ball.rad() < flint.arb("1e-25")


def test_R_ci_gauss_coverage_refuses_an_exact_context():
    with pytest.raises(InvalidArgument, match="ctx="):
        mg.released_coverage_one(0, 1, 1, 1, Fraction(1, 2), Fraction(1, 20), EXACT)
