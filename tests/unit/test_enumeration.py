"""The enumeration engine (numeric/enumeration.py and its parts) against exact values, the plain mpmath
loop, and itself: every outcome one by one versus the counts summed in closed form (003 §3.1)."""

from __future__ import annotations

from fractions import Fraction as F

import mpmath
import pytest
import sympy

from core.errors import InvalidArgument
from numeric.count_statistic import CountStatistic
from numeric.data_model import survey_model
from numeric.enumeration import moments, outcomes, reference_moments
from numeric.multinomial import batches, composition_table, outcome_count
from symbolic.symbols import N1

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"  # 003 Theorem 3.9


def test_outcomes_cover_the_simplex():
    n1, n2, n3 = outcomes(5)
    assert len(n1) == 21 and ((n1 + n2 + n3) == 5).all() and len(set(zip(n1, n2, n3))) == 21


@pytest.mark.parametrize("n,parts,size", [(7, 3, 5), (6, 4, 10), (9, 2, 4), (4, 1, 3)],
                         ids=["m3", "m4", "m2-chunks", "m1"])
def test_batches_stream_every_composition_once(n, parts, size):
    seen = [tuple(col) for block in batches(n, parts, size) for col in block.T]
    assert len(seen) == len(set(seen)) == outcome_count(n, parts)
    assert all(sum(c) == n for c in seen)
    assert sorted(seen) == sorted(tuple(col) for col in composition_table(n, parts).T)


@pytest.mark.parametrize("n,p,q,pi", [(1, F(3, 4), F(0), F(1, 2)), (4, F(2, 3), F(1, 6), F(1, 3)),
                                      (7, F(9, 10), F(1, 10), F(0))], ids=["n1", "n4", "n7-q3zero"])
def test_T3_9_modes_agree_with_exact(n, p, q, pi):
    exact = moments(PI_HAT, n, p, q, pi, given="N1+N2 > 0", mode="exact")
    assert exact.mean == pi
    ball = moments(PI_HAT, n, p, q, pi, given="N1+N2 > 0", mode="arb")
    hi = moments(PI_HAT, n, p, q, pi, given="N1+N2 != 0", dps=60)
    with mpmath.workdps(70):
        assert abs(hi.variance - mpmath.mpf(exact.variance.numerator) / exact.variance.denominator) < mpmath.mpf(10) ** -58
    from flint import arb, ctx, fmpq

    with ctx.workprec(400):
        for name in ("mean", "variance", "mean_on", "square_on", "probability"):
            value = getattr(exact, name)
            assert getattr(ball, name).contains(arb(fmpq(value.numerator, value.denominator))), name


def test_engine_matches_the_plain_mpmath_loop():
    fast = moments("N1*N2/(1+N3)", 9, "3/4", "1/8", "1/5")
    slow = reference_moments("N1*N2/(1+N3)", 9, "3/4", "1/8", "1/5")
    assert abs(fast.mean - slow.mean) < mpmath.mpf(10) ** -45
    assert abs(fast.variance - slow.variance) < mpmath.mpf(10) ** -45


#: (statistic, given, grouped?): the closed-form sum over counts must equal the outcome-by-outcome sum
REDUCIBLE = [
    (PI_HAT, "N1+N2 > 0", True),
    ("N1/(N1+N2)", "N1+N2 > 0", True),          # Lemma 4.1
    ("(N1/(N1+N2))**2", "N1+N2 > 0", True),     # Lemma 4.6
    ("N1*N2/(1+N3)", None, True),
    ("N1**3 - 2*N2*N3 + n", None, True),
    ("N1/(n - N3)", "N3 < n", True),
    ("N3/(N1+N2+1) + N1*q", "N1 + N2 >= 1", True),
    ("N1/(N2+1)", None, True),                  # groups {N1, N3} and {N2}
    ("N1/(N2+1) + N3/(N1+1)", None, False),
    (PI_HAT, "N1 > 0", False),                  # the event splits the group
]


@pytest.mark.parametrize("statistic,given,grouped", REDUCIBLE, ids=[f"{s}|{g}" for s, g, _ in REDUCIBLE])
@pytest.mark.parametrize("point", [("3/4", "1/8", "1/3"), ("1", "0", "1/2"), ("2/3", "1/3", "0")],
                         ids=["q3pos", "q3zero-pneq", "q3zero-pi0"])
def test_grouped_sums_equal_every_outcome(statistic, given, grouped, point):
    plan = CountStatistic(survey_model(), statistic, given).plan("auto")
    assert plan.grouped is grouped
    for n in (1, 2, 5):
        try:
            full = moments(statistic, n, *point, given=given, mode="exact", strategy="full")
        except InvalidArgument:  # undefined at an outcome, or an empty event: both ways must refuse it
            with pytest.raises(InvalidArgument):
                moments(statistic, n, *point, given=given, mode="exact", strategy="auto")
            continue
        fast = moments(statistic, n, *point, given=given, mode="exact", strategy="auto")
        for name in ("mean", "variance", "mean_on", "square_on", "probability", "outcomes"):
            assert getattr(fast, name) == getattr(full, name), (name, n)


def test_grouped_plan_is_certified_at_large_n():
    ball = moments(PI_HAT, 3000, "3/4", "1/8", "1/3", given="N1+N2 > 0", mode="arb")
    assert ball.outcomes == outcome_count(3000, 3) - 1 and "group sums" in ball.method
    from flint import ctx

    with ctx.workprec(400):
        assert float(ball.variance.rad().mid()) < 1e-55 * float(ball.variance.mid())


BAD = [
    (dict(n=0), "n=0"),
    (dict(p="3/4", q="1/2"), r"p\+q"),
    (dict(p="1/3", q="1/3"), r"divides by zero at n=3, p=1/3, pi=1/2, q=1/3"),
    (dict(pi="3/2"), "pi"),
    (dict(statistic="N1*x"), r"statistic='N1\*x': unknown name 'x'"),
    (dict(given=None), r"undefined \(a division by zero in .*\) at the outcome \{'N1\+N2': 0, 'N3': 3\}"),
    (dict(given="N1 + N2 < 0"), r"has probability 0"),
    (dict(given="N1 + N2"), r"given='N1 \+ N2': is not a condition"),
    (dict(statistic="N1 > 0"), r"statistic='N1 > 0': a comparison is not accepted here"),
    (dict(statistic="sqrt(N1)"), r"a power with a non-integer exponent cannot be enumerated"),
    (dict(statistic="log(N1 + 1)"), r"only rational functions of the counts"),
    (dict(statistic="__import__('os').system('echo pwned')"), r"name '__import__' is not accepted"),
    (dict(mode="float"), r"mode='float'"),
    (dict(dps=15), r"dps=15: must be an integer >= 20"),
    (dict(strategy="fast"), r"strategy='fast'"),
]


@pytest.mark.parametrize("change,match", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_named(change, match):
    args = dict(statistic=PI_HAT, n=3, p="3/4", q="1/8", pi="1/2", given="N1+N2>0") | change
    with pytest.raises(InvalidArgument, match=match):
        moments(args.pop("statistic"), args.pop("n"), args.pop("p"), args.pop("q"), args.pop("pi"), **args)


def test_hostile_string_never_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InvalidArgument, match="__import__"):
        moments("__import__('os').system('touch pwned')", 5, "0.6", "0.2", "0.3")
    assert not (tmp_path / "pwned").exists()


#: sizes refused before any work, each with the value and the limit in one line
LIMITS = [
    (dict(n=10 ** 9, statistic="N1", given=None), r"n=1000000000: is beyond the largest sample size enumerated, 1000000"),
    (dict(n=10 ** 5, statistic=PI_HAT, strategy="full"), r"n=100000: the enumeration visits 5000150001 values .* more "
                                                          r"than 10000000"),
    (dict(n=1000, statistic=PI_HAT, mode="exact", strategy="full"), r"exact rational enumeration .* beyond 200000000"),
    (dict(statistic="N1**10**10", given=None), r"raises N1 to the power 10000000000, beyond 64"),
    (dict(statistic="N1**n", given=None, n=100), r"raises the counts to the power 100, beyond 64"),
    (dict(statistic=sympy.Mul(*[N1 + i for i in range(1000)]), given=None), r"more than 2000 nodes"),
    (dict(dps=10 ** 5), r"dps=100000: must be at most 2000"),
]


@pytest.mark.parametrize("change,match", LIMITS, ids=["n-1e9", "cells", "exact-work", "exponent", "exponent-n", "nodes",
                                                      "dps"])
def test_limits_are_checked_before_work(change, match):
    args = dict(statistic=PI_HAT, n=3, p="3/4", q="1/8", pi="1/2", given="N1+N2>0") | change
    with pytest.raises(InvalidArgument, match=match) as refused:
        moments(args.pop("statistic"), args.pop("n"), args.pop("p"), args.pop("q"), args.pop("pi"), **args)
    assert "\n" not in str(refused.value)
