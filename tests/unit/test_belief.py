"""numeric.belief: mass functions, bel / pl / commonality, Möbius inversion (003 §2, claim D2.mobius),
credal sets and Choquet expectations, products and images."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import numpy as np
import pytest
import sympy
from hypothesis import example, given, strategies as st

from numeric import grids, strategies as S
from numeric.belief import MassFunction, kernel_as_mixture, mass_product
from core.errors import InvalidArgument

AB = ("a", "b")
ABC = ("a", "b", "c")

# m({a}) = 1/2, m({b, c}) = 1/3, m({a, b, c}) = 1/6: a small mass function with every kind of focal set
M = MassFunction(ABC, {frozenset("a"): F(1, 2), frozenset("bc"): F(1, 3), frozenset(ABC): F(1, 6)})


# --- invalid arguments: one table, one body ----------------------------------------------------------------
INVALID = [
    ("negative mass", lambda: MassFunction(AB, {"a": F(3, 2), "b": F(-1, 2)}), r"masses\[\{b\}\]=Fraction\(-1, 2\): negative mass"),
    ("sum not one", lambda: MassFunction(AB, {"a": F(1, 2), "b": F(1, 3)}), r"sum\(masses\)=Fraction\(5, 6\): masses must sum to one"),
    ("mass on the empty set", lambda: MassFunction(AB, {frozenset(): F(1, 2), "a": F(1, 2)}), r"masses\[\{\}\]=.*mass on the empty set"),
    ("focal set outside the frame", lambda: MassFunction(AB, {("a", "z"): 1}), r"masses\[\{a,z\}\]=1: subset has labels \['z'\] outside the frame"),
    ("float sum off", lambda: MassFunction(AB, {"a": 0.5, "b": 0.4}), r"sum\(masses\)=0\.9.*float tolerance"),
    ("float negative", lambda: MassFunction(AB, {"a": 1.1, "b": -0.1}), r"masses\[\{b\}\]=-0\.1: negative mass"),
    ("not a number", lambda: MassFunction(AB, {"a": "half", "b": F(1, 2)}), r"masses\[\{a\}\]='half': not a number"),
    ("duplicate labels", lambda: MassFunction(("a", "a"), {"a": 1}), r"frame=\('a', 'a'\): labels must be distinct"),
    ("empty frame", lambda: MassFunction((), {}), r"frame=\(\): a frame needs at least one label"),
    ("event outside the frame", lambda: M.bel({"a", "q"}), r"E='\{a,q\}': labels \['q'\] are outside the frame"),
    ("integers: negative", lambda: MassFunction.from_integers(AB, [0, 2, -1, 0], 1), r"masses\[\{b\}\]=Fraction\(-1, 1\): negative mass"),
    ("integers: empty set", lambda: MassFunction.from_integers(AB, [1, 0, 0, 0], 1), r"masses\[\{\}\]=.*mass on the empty set"),
    ("not a belief function", lambda: MassFunction.from_bel(AB, [0, F(1, 2), F(1, 2), F(1, 2)]), r"masses\[\{a,b\}\]=Fraction\(-1, 2\): negative mass"),
    ("ordering not a permutation", lambda: M.vertex(["a", "b"]), r"ordering=\['a', 'b'\]: must be a permutation"),
    ("credal vertices of a big frame", lambda: MassFunction.vacuous(range(10)).credal_vertices(),
     r"frame='<10 labels>': credal vertices enumerate n! orderings"),
    ("map outside the codomain", lambda: M.image({"a": "x", "b": "y", "c": "w"}, ("x", "y")), r"values \['w'\] are outside the codomain"),
    ("mixture weights", lambda: M.mixture_image([(F(1, 2), {"a": 0, "b": 0, "c": 0})], (0,)), r"weights must sum to one"),
    ("NaN mass", lambda: MassFunction(AB, {"a": float("nan"), "b": 0.5}), r"masses\[\{a\}\]=nan: NaN and infinities"),
    ("infinite mass", lambda: MassFunction(AB, {"a": "inf", "b": 0}), r"masses\[\{a\}\]='inf': NaN and infinities"),
    ("boolean mass", lambda: MassFunction(AB, {"a": True}), r"masses\[\{a\}\]=True: not a number"),
    ("runaway exponent", lambda: MassFunction(AB, {"a": "1e-999999", "b": 1}), r"exponent -999999 is out of range"),
    ("string not a number in bel", lambda: MassFunction.from_bel(AB, [0, "x", 0, 1]), r"bel\[1\]='x': not a number"),
    ("NaN probability", lambda: M.in_credal_set({"a": float("nan")}), r"probabilities\['a'\]=nan: NaN"),
    ("NaN weight", lambda: M.mixture_image([(float("nan"), {"a": 0, "b": 0, "c": 0})], (0,)), r"weight=nan: NaN"),
    ("NaN in g", lambda: M.lower_expectation({"a": 1, "b": float("nan"), "c": 0}), r"g\['b'\]=nan: NaN"),
    ("None in g", lambda: M.lower_expectation({"a": None, "b": 0, "c": 0}), r"g\['a'\]=None: not a number"),
    ("boolean in g", lambda: M.upper_expectation({"a": True, "b": 0, "c": 0}), r"g\['a'\]=True: not a number"),
    ("list in g", lambda: M.lower_expectation({"a": [1], "b": 0, "c": 0}), r"g\['a'\]=\[1\]: not a number"),
    ("complex in g", lambda: M.lower_expectation({"a": 1j, "b": 0, "c": 0}), r"g\['a'\]=1j: not a number"),
    ("sympy oo in g", lambda: M.lower_expectation({"a": sympy.oo, "b": 0, "c": 0}), r"g\['a'\]=oo: NaN and infinities"),
    ("sympy nan in g", lambda: M.upper_expectation({"a": sympy.nan, "b": 0, "c": 0}), r"g\['a'\]=nan: NaN and infinities"),
]


@pytest.mark.parametrize("make,match", [(m, r) for _, m, r in INVALID], ids=[i for i, _, _ in INVALID])
def test_invalid_arguments_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()


NUMBER_FORMS = [
    pytest.param({"a": "1/2", "b": "1/2"}, id="a/b-strings"),
    pytest.param({"a": "0.5", "b": F(1, 2)}, id="decimal-string-and-Fraction"),
    pytest.param({"a": sympy.Rational(1, 2), "b": "1/2"}, id="sympy-Rational"),
    pytest.param({"a": np.int64(1), "b": 0}, id="numpy-int"),
]


@pytest.mark.parametrize("masses", NUMBER_FORMS)
def test_mass_functions_take_every_exact_number_form(masses):
    """The one input convention (core.exact.as_fraction): "1/2" is a number here as in check_moment."""
    m = MassFunction(AB, masses)
    assert m.exact and sum(m.masses.values()) == 1


def test_number_strings_are_read_exactly_everywhere():
    assert MassFunction.from_bel(AB, [0, "1/2", "1/4", 1]) == MassFunction(AB, {"a": F(1, 2), "b": F(1, 4), ("a", "b"): F(1, 4)})
    assert MassFunction.from_pl(AB, [0, "3/4", "1/2", 1]) == MassFunction.from_bel(AB, [0, F(1, 2), F(1, 4), 1])
    assert M.in_credal_set({"a": "1/2", "b": "1/4", "c": "1/4"})
    assert M.lower_expectation({"a": "10", "b": "9", "c": "2"}) == F(1, 2) * 10 + F(1, 3) * 2 + F(1, 6) * 2
    image = M.mixture_image([("1/2", {"a": 0, "b": 0, "c": 1}), ("1/2", {"a": 1, "b": 1, "c": 1})], (0, 1))
    assert image.exact and sum(image.masses.values()) == 1


def test_a_symbolic_g_has_a_symbolic_expectation():
    """min and max over a focal set of a g in a symbol are sympy's Min and Max, not a comparison that fails."""
    x = sympy.Symbol("x")
    vacuous = MassFunction.vacuous(AB)
    assert vacuous.lower_expectation({"a": x, "b": 0}) == sympy.Min(0, x)
    assert vacuous.upper_expectation({"a": sympy.sqrt(2), "b": "1/2"}) == sympy.sqrt(2)


def test_invalid_argument_is_a_value_error():
    with pytest.raises(ValueError):
        MassFunction(AB, {"a": 2, "b": -1})


# --- D2.mobius: the printed formulas ------------------------------------------------------------------------
TABLE = [  # (E, bel, pl, commonality) for M
    ("", 0, 0, 1), ("a", F(1, 2), F(2, 3), F(2, 3)), ("b", 0, F(1, 2), F(1, 2)), ("bc", F(1, 3), F(1, 2), F(1, 2)),
    ("ab", F(1, 2), 1, F(1, 6)), ("abc", 1, 1, F(1, 6)),
]


@pytest.mark.parametrize("event,bel,pl,q", TABLE, ids=[t[0] or "empty" for t in TABLE])
def test_D2_mobius_bel_pl_commonality_table(event, bel, pl, q):
    e = frozenset(event)
    assert (M.bel(e), M.pl(e), M.commonality(e)) == (bel, pl, q)


@pytest.mark.parametrize("kind", ["from_bel", "from_pl"])
def test_D2_mobius_any_one_determines_the_others(kind):
    vector = M.bel_vector() if kind == "from_bel" else M.pl_vector()
    assert getattr(MassFunction, kind)(ABC, vector) == M


@given(S.mass_functions(max_labels=5))
@example(MassFunction.vacuous(ABC))  # all mass on the frame: bel is 0 below the frame, pl is 1 above ∅
@example(MassFunction.bayesian(AB, {"a": F(1), "b": F(0)}))  # a zero singleton mass (not focal)
def test_D2_mobius_printed_sums_match_the_fast_transforms(m):
    subsets = [frozenset(c) for k in range(m.n + 1) for c in itertools.combinations(m.frame, k)]
    for a in subsets:
        assert m.bel(a) == sum((v for b, v in m.masses.items() if b <= a), F(0))
        assert m.pl(a) == sum((v for e, v in m.masses.items() if e & a), F(0))
        assert m.commonality(a) == sum((v for e, v in m.masses.items() if a <= e), F(0))
        assert m.m(a) == sum((F((-1) ** len(a - b)) * m.bel(b) for b in subsets if b <= a), F(0))
        assert m.pl(a) == 1 - m.bel(frozenset(m.frame) - a)


@pytest.mark.parametrize("kind", ["fraction", "sympy", "int", "float"])
def test_masses_may_be_fractions_sympy_ints_or_floats(kind):
    half = {"fraction": F(1, 2), "sympy": sympy.Rational(1, 2), "int": None, "float": 0.5}[kind]
    m = MassFunction.vacuous(AB) if kind == "int" else MassFunction(AB, {"a": half, ("a", "b"): half})
    assert m.exact is (kind != "float")
    assert m.pl("b") == (1 if kind == "int" else F(1, 2))


def test_float_masses_within_tolerance_are_accepted():
    m = MassFunction(AB, {"a": 0.1 + 0.2, "b": 0.7})
    assert not m.exact and abs(m.bel(AB) - 1) < 1e-12


# --- credal sets and Choquet expectations -------------------------------------------------------------------
def test_credal_vertices_of_a_q2x3_row():
    m = MassFunction(("yes", "no"), {"yes": F(3, 5), "no": F(1, 5), ("yes", "no"): F(1, 5)})
    assert m.credal_vertices() == [{"yes": F(3, 5), "no": F(2, 5)}, {"yes": F(4, 5), "no": F(1, 5)}]


@given(S.mass_functions(max_labels=4), st.lists(st.integers(-5, 5), min_size=4, max_size=4))
@example(MassFunction.vacuous(ABC), [1, -2, 3, 0])  # the vacuous credal set is the whole simplex
def test_choquet_expectations_are_the_extremes_over_credal_vertices(m, values):
    g = {y: F(v) for y, v in zip(m.frame, values)}
    vertices = m.credal_vertices()
    expectations = [sum((pr[y] * g[y] for y in m.frame), F(0)) for pr in vertices]
    assert m.lower_expectation(g) == min(expectations)
    assert m.upper_expectation(g) == max(expectations)
    assert all(m.in_credal_set(pr) for pr in vertices)


def test_in_credal_set_refuses_distributions_below_bel():
    assert not M.in_credal_set({"a": F(1, 3), "b": F(1, 3), "c": F(1, 3)})  # pr({a}) < bel({a}) = 1/2
    assert M.in_credal_set({"a": F(1, 2), "b": F(1, 2)})


# --- products, images, randomized maps ----------------------------------------------------------------------
@given(S.mass_functions(max_labels=3), S.mass_functions(max_labels=2))
def test_product_factorises_on_rectangles(m1, m2):
    pm = mass_product(m1, m2)
    for e1 in [frozenset(c) for k in range(1, m1.n + 1) for c in itertools.combinations(m1.frame, k)]:
        for e2 in [frozenset(c) for k in range(1, m2.n + 1) for c in itertools.combinations(m2.frame, k)]:
            rect = frozenset(itertools.product(e1, e2))
            assert pm.m(rect) == m1.m(e1) * m2.m(e2)
            assert pm.bel(rect) == m1.bel(e1) * m2.bel(e2)
            assert pm.pl(rect) == m1.pl(e1) * m2.pl(e2)


@given(st.data())
def test_image_under_a_map_pulls_bel_and_pl_back(data):
    m = data.draw(S.mass_functions(max_labels=4))
    f = data.draw(S.maps(m.frame, ("x", "y", "z")))
    image = m.image(f, ("x", "y", "z"))
    for target in [frozenset(c) for k in range(4) for c in itertools.combinations(("x", "y", "z"), k)]:
        preimage = frozenset(y for y in m.frame if f[y] in target)
        assert image.bel(target) == m.bel(preimage)
        assert image.pl(target) == m.pl(preimage)


def test_kernel_as_mixture_weights_are_products_summing_to_one():
    kernel = {"a": {0: F(1, 3), 1: F(2, 3)}, "b": {0: F(1), 1: F(0)}}
    mixture = kernel_as_mixture(kernel)
    assert sum(w for w, _ in mixture) == 1
    assert sorted((w, tuple(sorted(f.items()))) for w, f in mixture) == [(F(1, 3), (("a", 0), ("b", 0))),
                                                                         (F(2, 3), (("a", 1), ("b", 0)))]


def test_ten_label_frame_is_exact_and_vectorised():
    frame = tuple(range(10))
    rng = np.random.default_rng(7)
    weights = rng.integers(0, 5, size=1 << 10)
    weights[0] = 0
    m = MassFunction.from_integers(frame, weights, int(weights.sum()))
    assert m.bel(frame) == 1 and m.pl(()) == 0
    assert MassFunction.from_bel(frame, m.bel_vector()) == m


def test_mixture_with_huge_exact_denominators_stays_exact():
    """Weights whose common denominator exceeds int64 fall back to exact Python integers (this used to
    overflow inside numpy before the bound was checked)."""
    m = MassFunction("ab", {("a",): F(1, 2), ("a", "b"): F(1, 2)})
    w = F(1, 2**64)
    out = m.mixture_image([(w, lambda y: "x"), (1 - w, lambda y: y)], codomain=("a", "b", "x"))
    assert out.masses == {frozenset({"a"}): (1 - w) / 2, frozenset({"a", "b"}): (1 - w) / 2, frozenset({"x"}): w}


# --- D2.belief-iff: the literal definition of a belief function (003 §2) -----------------------------------
@pytest.mark.parametrize("n,rows", [(1, 0), (2, 1), (3, 11)], ids=["1 label", "2 labels", "3 labels"])
def test_total_monotonicity_rows_after_removing_repeats(n, rows):
    from numeric.belief import monotonicity_rows

    assert monotonicity_rows(n).shape == (rows, 1 << n)


@given(S.mass_functions(min_labels=1, max_labels=3))
def test_D2_belief_iff_bel_of_a_mass_function_is_a_belief_function(m):
    from numeric.belief import is_belief_function

    assert is_belief_function(m.bel_vector(), m.n)


@pytest.mark.parametrize("values,expected", [
    ([0, 1], True), ([F(1, 2), 1], False), ([0, 0, 0, 1], True), ([0, 1, 1, 1], False),
    ([0, F(1, 2), F(1, 2), 1], True), ([0, F(1, 2), F(1, 2), F(3, 4)], False),
], ids=["one label", "f(∅) > 0", "vacuous", "not 2-monotone", "bayesian", "f(Ω) < 1"])
def test_D2_belief_iff_definition_table(values, expected):
    from numeric.belief import is_belief_function

    assert is_belief_function(values, len(values).bit_length() - 1) is expected


# --- numeric.grids ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,d,count", [(1, 3, 1), (2, 2, 6), (2, 4, 15), (3, 2, 28)], ids=lambda v: str(v))
def test_grids_hold_every_mass_function_with_masses_k_over_d(n, d, count):
    rows = grids.mass_functions(n, d)
    assert len(rows) == count == grids.count_mass_functions(n, d)
    assert len({tuple(m.mass_vector()) for m in rows}) == count
    assert all(all((v * d).denominator == 1 for v in m.mass_vector()) for m in rows)


def test_grids_filters_and_mechanisms():
    assert all(m.m({y}) > 0 for m in grids.mass_functions(2, 4, positive_singletons=True) for y in m.frame)
    assert len(grids.mass_functions(2, 5, all_focal=True)) == 6
    assert len(grids.mechanisms(2, 2)) == 36 and len(grids.mechanisms(2, 2, inputs=3, step=2)) == 27
    assert len(grids.maps(("a", "b"), ("z0", "z1", "z2"))) == 9


@pytest.mark.parametrize("make,match", [
    (lambda: grids.mass_functions(7, 2), r"frame_size=7: must be an integer in 1\.\.6"),
    (lambda: grids.mass_functions(2, 0), r"d=0: must be a positive integer"),
    (lambda: grids.mass_functions(4, 9), r"d=9: the grid on 4 labels would hold"),
    (lambda: grids.mechanisms(2, 2, inputs=0), r"inputs=0: must be a positive integer"),
    (lambda: list(grids.compositions(3, 0)), r"parts=0: must be a positive integer"),
], ids=["frame too large", "zero denominator", "grid too large", "no inputs", "no parts"])
def test_invalid_grid_arguments_are_refused_by_name(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()
