"""Any finite mechanism (numeric/finite_mechanism.py, numeric/data_model.py): validation, the pure LDP loss,
and the enumerated moments of both data models against a brute force over every respondent's answer."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st

from core.errors import InvalidArgument
from numeric.data_model import Counts, FiniteModel, Prior, survey_model
from numeric.enumeration import moments, reference_moments
from numeric.finite_mechanism import FiniteMechanism, pure_ldp_epsilon, survey_mechanism

RR_004 = [["1/2+p", "1/2-p"], ["1/2-p", "1/2+p"]]  # randomized response, 004 §2.2
WARNER = [["p", "1-p"], ["1-p", "p"]]


def brute_force(statistic, mechanism, inputs_law, n):
    """(E[X], Var[X]) by summing over every respondent's input and answer (exact; tiny n only).

    ``inputs_law``: a list of (probability, tuple of the n inputs)."""
    matrix = [[Fraction(v) for v in row] for row in mechanism]
    m = len(matrix[0])
    mean = square = Fraction(0)
    for weight, inputs in inputs_law:
        for answers in itertools.product(range(m), repeat=n):
            prob = weight
            for x, y in zip(inputs, answers):
                prob *= matrix[x][y]
            if prob:
                counts = [answers.count(y) for y in range(m)]
                value = statistic(counts, n)
                mean += prob * value
                square += prob * value * value
    return mean, square - mean * mean


def iid_inputs(prior, n):
    return [(sympy.prod([Fraction(prior[x]) for x in xs]), xs) for xs in itertools.product(range(len(prior)), repeat=n)]


@st.composite
def mechanisms(draw, inputs=st.integers(2, 3), outputs=st.integers(2, 3)):
    """A k x m row-stochastic matrix with entries in {0, 1/6, ..., 1}."""
    k, m = draw(inputs), draw(outputs)
    rows = []
    for _ in range(k):
        cuts = sorted(draw(st.lists(st.integers(0, 6), min_size=m - 1, max_size=m - 1)))
        bounds = [0] + cuts + [6]
        rows.append([Fraction(bounds[j + 1] - bounds[j], 6) for j in range(m)])
    return rows


@settings(max_examples=25, deadline=None)
@given(mechanisms(), st.integers(1, 3), st.data())
@example([[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]], 2, None)  # deterministic rows: zero cells
def test_dataset_moments_match_brute_force(mechanism, n, data):
    k = len(mechanism)
    counts = data.draw(st.lists(st.integers(0, n), min_size=k, max_size=k).filter(lambda c: sum(c) == n)) \
        if data is not None else [1, n - 1]
    stat = "Y0*Y1 + 2*Y0 - n" if len(mechanism[0]) > 1 else "Y0"
    found = moments(stat, n, mechanism=mechanism, counts=counts, mode="exact")
    inputs = tuple(x for x, c in enumerate(counts) for _ in range(c))
    mean, variance = brute_force(lambda c, size: Fraction(c[0] * c[1] + 2 * c[0] - size), mechanism, [(1, inputs)], n)
    assert (found.mean, found.variance) == (mean, variance)


@settings(max_examples=20, deadline=None)
@given(mechanisms(inputs=st.just(2)), st.integers(1, 3), st.sampled_from(["1/3", "0", "1"]))
def test_iid_moments_match_brute_force(mechanism, n, first):
    prior = [Fraction(first), 1 - Fraction(first)]
    found = moments("Y0/(Y1+1) - Y0**2", n, mechanism=mechanism, prior=prior, mode="exact")
    mean, variance = brute_force(lambda c, size: Fraction(c[0], c[1] + 1) - c[0] ** 2, mechanism,
                                 iid_inputs(prior, n), n)
    assert (found.mean, found.variance) == (mean, variance)


def test_004_randomized_response_variance_on_a_fixed_dataset():
    # 004 §2.2: θ̂ = (ones/n - (1/2 - p))/(2p) has variance (n/4 - n p^2)/(4 p^2 n^2) for every dataset
    for n, k, p in ((3, 1, "1/4"), (5, 2, "1/10"), (8, 8, "3/8")):
        found = moments("(Y0/n - (1/2 - p))/(2*p)", n, mechanism=RR_004, counts=["k", "n-k"],
                        values={"p": p, "k": k}, mode="exact")
        pv = Fraction(p)
        assert found.mean == Fraction(k, n)
        assert found.variance == (Fraction(n, 4) - n * pv ** 2) / (4 * pv ** 2 * n ** 2)


def test_general_mechanism_matches_the_plain_loop():
    args = dict(mechanism=[["a", "b", "1-a-b"], ["1/3", "1/3", "1/3"]], prior=["1/4", "3/4"],
                values={"a": "1/5", "b": "1/2"})
    fast = moments("Y0*Y1/(1+Y2)", 9, **args)
    slow = reference_moments("Y0*Y1/(1+Y2)", 9, **args)
    assert abs(fast.mean - slow.mean) < 1e-45 and abs(fast.variance - slow.variance) < 1e-45


def test_survey_is_the_Q2x3_instance():
    model = survey_model()
    assert model.mechanism == survey_mechanism() and model.names == ("N1", "N2", "N3")
    q = model.output_probabilities({"p": Fraction(3, 4), "q": Fraction(1, 8), "pi": Fraction(1, 3)})
    assert q == (Fraction(1, 3) * Fraction(3, 4) + Fraction(2, 3) * Fraction(1, 8),
                 Fraction(1, 3) * Fraction(1, 8) + Fraction(2, 3) * Fraction(3, 4), Fraction(1, 8))
    via_matrix = moments("Y0 - Y1", 6, mechanism=survey_mechanism().matrix, prior=["pi", "1-pi"],
                         values={"p": "3/4", "q": "1/8", "pi": "1/3"}, mode="exact")
    assert via_matrix.mean == moments("N1 - N2", 6, "3/4", "1/8", "1/3", mode="exact").mean


EPSILON = [
    (WARNER, {"p": "3/4"}, sympy.log(3)),
    (RR_004, {"p": "1/4"}, sympy.log(3)),
    ([["p", "q", "1-p-q"], ["q", "p", "1-p-q"]], {"p": "3/5", "q": "1/5"}, sympy.log(3)),
    ([["1", "0"], ["1/2", "1/2"]], None, sympy.oo),
    ([["1/2", "1/2"], ["1/2", "1/2"]], None, sympy.Integer(0)),
    ([["1/2", "1/2", "0"], ["1/4", "3/4", "0"]], None, sympy.log(2)),
]


@pytest.mark.parametrize("matrix,values,expected", EPSILON,
                         ids=["warner", "rr-004", "q2x3", "infinite", "constant", "zero-column"])
def test_pure_ldp_epsilon_is_exact(matrix, values, expected):
    assert pure_ldp_epsilon(matrix, values) == expected


def test_pure_ldp_epsilon_is_symbolic_in_the_parameters():
    eps = pure_ldp_epsilon([["r/(1+r)", "1/(1+r)"], ["1/(1+r)", "r/(1+r)"]])
    r = sympy.Symbol("r", real=True)
    assert eps == sympy.log(sympy.Max(r, 1 / r))
    q2x3 = pure_ldp_epsilon(survey_mechanism())
    assert q2x3.subs({sympy.Symbol("p", real=True): sympy.Rational(3, 5),
                      sympy.Symbol("q", real=True): sympy.Rational(1, 5)}) == sympy.log(3)


BAD = [
    (lambda: FiniteMechanism([["1/2", "1/4"], ["1/2", "1/2"]]), r"mechanism row 0=\['1/2', '1/4'\]: sums to 3/4"),
    (lambda: FiniteMechanism([["3/2", "-1/2"], ["1/2", "1/2"]]), r"mechanism\[0\]\[0\]='3/2'"),
    (lambda: FiniteMechanism(WARNER).at({"p": "2"}), r"mechanism\[0\]\[0\]='2': is outside \[0, 1\] at p=2"),
    (lambda: FiniteMechanism([["p", "q"], ["1/2", "1/2"]]).at({"p": "1/2", "q": "1/3"}),
     r"mechanism row 0=\['1/2', '1/3'\]: sums to 5/6, not 1, at p=1/2, q=1/3"),
    (lambda: FiniteMechanism([["p", "1-p"], ["1"]]), r"rows have different lengths"),
    (lambda: FiniteMechanism("p"), r"mechanism='p': must be a non-empty list of rows"),
    (lambda: FiniteMechanism([["n/10", "1-n/10"]]), r"uses the sample size 'n'"),
    (lambda: FiniteMechanism([["__import__('os').system('true')", "1"]]), r"name '__import__' is not accepted"),
    (lambda: FiniteMechanism(WARNER).at({}), r"gives no value for 'p'"),
    (lambda: Prior(["1/2", "1/3"]), r"prior=\[.*\]: sums to 5/6, not 1"),
    (lambda: Prior(["3/2", "-1/2"]), r"prior\[0\]='3/2'"),
    (lambda: Counts(["-1", "n+1"]), r"counts\[0\]='-1'"),
    (lambda: FiniteModel(FiniteMechanism(WARNER), Prior(["1"])), r"gives 1 entries but the mechanism has 2 inputs"),
    (lambda: moments("Y0", 3, mechanism=WARNER, counts=["k", "1"], values={"p": "1/3", "k": 1}),
     r"counts=\['k', '1'\]: are not non-negative integers summing to n=3"),
    (lambda: moments("Y0", 3, mechanism=WARNER, counts=["k/2", "n-k/2"], values={"p": "1/3", "k": 1}),
     r"are not non-negative integers summing to n=3"),
    (lambda: Counts(["1/2", "n-1/2"]), r"counts\[0\]='1/2': a number of respondents must be an integer >= 0"),
    (lambda: moments("Y0 + Y7", 3, mechanism=WARNER, prior=["1/2", "1/2"], values={"p": "1/3"}),
     r"statistic='Y0 \+ Y7': unknown name 'Y7'"),
    (lambda: moments("N1", 3, mechanism=WARNER, prior=["1/2", "1/2"], values={"p": "1/3"}), r"unknown name 'N1'"),
    (lambda: moments("Y0", 3, mechanism=WARNER, prior=["1/2", "1/2"], values={"p": "1/3"}, given="Y9 > 0"),
     r"given='Y9 > 0': unknown name 'Y9'"),
    (lambda: moments("Y0", 3, mechanism=WARNER, prior=["1/2", "1/2"], values={"p": "1/3", "s": 1}),
     r"names \['s'\] are not parameters"),
    (lambda: moments("Y0", 3, mechanism=WARNER, values={"p": "1/3"}), r"give exactly one"),
    (lambda: moments("Y0", 3, "1/2", mechanism=WARNER, prior=["1/2", "1/2"]), r"are the survey's parameters"),
    (lambda: moments("Y0", 3, mechanism=WARNER, prior=["1/2", "1/2"], values={"p": "1/3"},
                     given="__import__('os').system('true') > 0"), r"given=.*name '__import__' is not accepted"),
]


@pytest.mark.parametrize("call,match", BAD, ids=[m[:40] for _, m in BAD])
def test_bad_input_is_named(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()
