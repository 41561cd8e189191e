"""Mechanism families (numeric/families.py): constructions, the explicit matrix and its limit, ratio cases
cross-checked against the explicit matrix at small d, lumping cross-checked against the matrix, and the
one-line errors."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from core.errors import InvalidArgument
from core.formula import parse_formula
from numeric import families as F
from numeric.finite_mechanism import FiniteMechanism

LOG3 = "log(3)"  # e^eps = 3: every entry of the eps families is rational there


def exact(expr):
    value = sympy.simplify(expr)
    assert value.is_Rational, f"{expr} is not rational at the point"
    return Fraction(int(value.p), int(value.q))


FAMILIES = {
    "k-RR": (F.randomized_response("d", "eps"), [{"d": 2, "eps": LOG3}, {"d": 3, "eps": LOG3}, {"d": 5, "eps": "log(2)"}]),
    "k-RR p=": (F.randomized_response("d", p="p", domain="0 <= p <= 1"), [{"d": 4, "p": "3/5"}]),
    "warner": (F.warner(), [{"p": "2/3"}]),
    "OUE": (F.optimized_unary_encoding(), [{"d": 2, "eps": LOG3}, {"d": 4, "eps": LOG3}]),
    "SUE": (F.symmetric_unary_encoding(), [{"d": 3, "eps": "log(9)"}]),
    "UE(p, q)": (F.unary_encoding("d", "p", "q", domain="0 <= q <= p <= 1"), [{"d": 3, "p": "3/4", "q": "1/5"}]),
    "bassily-smith": (F.bassily_smith(), [{"T": 3, "p": "1/5"}]),
    "004 RR": (F.report_randomized_response(), [{"p": "1/5"}]),
    "Q2x3": (F.q2x3(), [{"p": "3/5", "q": "1/5"}]),
    "Q_WRR": (F.q_wrr(), [{"eps": LOG3}]),
    "Q_GWRR": (F.q_gwrr(), [{"c": "1/2", "eps": LOG3}]),
    "Q_lambda": (F.q_lambda(), [{"p": "3/5", "q": "1/5", "lam": "1/3"}]),
    "matrix": (F.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"], ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]],
                        domain="eps > 0"), [{"eps": LOG3}]),
    "product RR x OUE": (F.product(F.randomized_response("d", "eps"), F.optimized_unary_encoding("d", "eps")),
                         [{"d": 3, "eps": LOG3}]),
    "product matrix x RR": (F.product(F.matrix([["1/2", "1/2"], ["1/4", "3/4"], ["1/3", "2/3"]]),
                                      F.randomized_response(3, "eps")), [{"eps": LOG3}]),
    "post-processed": (F.post_process(F.randomized_response(3, "eps"), [[1, 0], [0, 1], ["1/2", "1/2"]]),
                       [{"eps": LOG3}]),
}


def case_applies(case, family, point) -> bool:
    for condition in case.where:
        relation = parse_formula(condition, relational=True)
        if relation.free_symbols - set(family.point(point)):
            continue  # a condition on x, x_prime: the witness picks them
        if not bool(relation.xreplace(family.point(point))):
            return False
    return True


@pytest.mark.parametrize("name", list(FAMILIES))
def test_ratio_cases_match_the_explicit_matrix(name):
    """Every ratio P(y|x)/P(y|x') of the explicit matrix is the ratio of a case of the same kind (x = x' or
    not), and every case that occurs at the point is realised by its witness with its own ratio."""
    family, points = FAMILIES[name]
    cases = family.ratio_cases()
    assert cases and family.exhaustive
    for point in points:
        matrix = family.matrix(point)
        rows, columns = family.input_labels(point), family.output_labels(point)
        values = [[exact(family.substitute(e, point)) for e in row] for row in matrix.matrix]
        case_ratios = {}
        for case in cases:
            if not case_applies(case, family, point):
                continue
            num, den = exact(family.substitute(case.numerator, point)), exact(family.substitute(case.denominator, point))
            case_ratios.setdefault(case.same_input, set()).add(num / den)
            x, x_prime, y = family.witness(case, point)
            assert (x == x_prime) == case.same_input
            top = values[rows.index(x)][columns.index(y)]
            bottom = values[rows.index(x_prime)][columns.index(y)]
            assert top / bottom == num / den, (case.pattern, point)
        for i, j in itertools.product(range(len(rows)), repeat=2):
            for k in range(len(columns)):
                a, b = values[i][k], values[j][k]
                if a == b == 0:
                    continue
                assert a / b in case_ratios[i == j], (name, point, rows[i], rows[j], columns[k])


@pytest.mark.parametrize("name", list(FAMILIES))
def test_explicit_matrix_is_row_stochastic(name):
    family, points = FAMILIES[name]
    for point in points:
        matrix = family.matrix(point)
        assert isinstance(matrix, FiniteMechanism)
        for row in matrix.matrix:
            values = [exact(family.substitute(e, point)) for e in row]
            assert sum(values) == 1 and all(0 <= v <= 1 for v in values)


def test_duchi_ratio_cases_match_the_explicit_matrix():
    family = F.duchi()
    inputs = ("-1", "-1/3", "1/2", "1")
    point = {"eps": LOG3}
    matrix = family.matrix(point, inputs=inputs)
    values = [[exact(e) for e in row] for row in matrix.matrix]
    assert values[0] == [Fraction(1, 4), Fraction(3, 4)] and values[-1] == [Fraction(3, 4), Fraction(1, 4)]
    for case in family.ratio_cases():
        for a, b in itertools.product(range(len(inputs)), repeat=2):
            if case.same_input and a != b:
                continue
            at = {**point, "x": inputs[a], "x_prime": inputs[b]}
            x, x_prime, y = family.witness(case, at)
            k = family.output_labels().index(y)
            found = values[a][k] / values[b if not case.same_input else a][k]
            assert found == exact(family.substitute(case.ratio, at))
            assert x == Fraction(inputs[a])


def test_one_bit_report_B_is_unbiased_for_x():
    family = F.duchi()
    t = sympy.exp(F.expression("eps", "eps"))
    B = family.named["B"]
    mean = B * family.plus - B * (1 - family.plus)
    assert sympy.simplify(mean - F.expression("x", "x")) == 0
    assert sympy.simplify(B - (t + 1) / (t - 1)) == 0
    assert family.parameters == ("eps",) and family.input_variables == ("x",)


@pytest.mark.parametrize("name,values,size", [
    ("k-RR", ["0"], 5), ("k-RR", ["0", "2"], 4), ("OUE", ["0"], 3), ("OUE", ["1", "0"], 4),
    ("matrix", ["0"], 2), ("Q_WRR", ["1"], 2),
])
def test_lumped_law_matches_the_explicit_matrix(name, values, size):
    """The law of the indicators of each input, summed from the explicit matrix, is the law of its class."""
    family = FAMILIES[name][0]
    point = {"eps": LOG3}
    if family.sizes:
        point[family.sizes[0]] = size
    lumped = family.lumped(values)
    assert lumped.classes == (*lumped.values, "other")
    assert family.substitute(lumped.others, point) == len(family.input_labels(point)) - len(values)
    rows, columns = family.input_labels(point), family.output_labels(point)
    for x in rows:
        cls = str(x) if str(x) in lumped.values else "other"
        summed = {o: Fraction(0) for o in lumped.outcomes}
        for y in columns:
            if isinstance(y, tuple):
                indicator = tuple(y[int(v)] for v in lumped.values)
            else:
                indicator = tuple(int(str(y) == v) for v in lumped.values)
            summed[indicator] += exact(family.probability(x, y, point))
        law = {o: exact(family.substitute(e, point)) for o, e in lumped.law[cls].items()}
        assert summed == law, (x, cls)
    assert lumped.as_finite_mechanism().inputs == len(lumped.classes)


def test_unary_encoding_is_d_bits_not_2_to_the_d_columns():
    family = F.optimized_unary_encoding("d", "eps")
    assert len(family.ratio_cases()) == 6                       # whatever d is
    lumped = family.lumped(["0", "1"])
    assert len(lumped.outcomes) == 4 and lumped.others == F.expression("d", "d") - 2
    assert len(family.matrix({"d": 3}).matrix[0]) == 8


def test_product_cases_are_products_of_the_parts_cases():
    rr, oue = F.randomized_response("d", "eps"), F.optimized_unary_encoding("d", "eps")
    product = F.product(rr, oue)
    distinct = [c for c in product.ratio_cases() if not c.same_input]
    assert len(distinct) == 3 * 4
    assert sympy.simplify(distinct[0].ratio - sympy.exp(2 * F.expression("eps", "eps"))) == 0
    assert product.named.keys() == {"p_1", "q_1", "p_2", "q_2"}


def test_families_are_hashable_values():
    assert F.randomized_response("d", "eps") == F.randomized_response("d", "eps")
    assert len({F.randomized_response("d", "eps"), F.randomized_response("d", "eps")}) == 1
    assert F.randomized_response("d", "eps") != F.randomized_response("k", "eps")


def test_size_parameter_is_an_integer_of_the_domain():
    family = F.randomized_response("d", "eps")
    assert family.sizes == ("d",) and "d" in family.domain.integers
    assert family.parameters == ("d", "eps")
    assert family.named["p"] == F.expression("exp(eps)/(exp(eps)+d-1)", "p")


def test_paper_mechanisms_as_families():
    assert F.q_wrr().matrix({"eps": LOG3}).matrix == ((sympy.Rational(3, 4), sympy.Rational(1, 4)),
                                                     (sympy.Rational(1, 4), sympy.Rational(3, 4)))
    q2x3 = F.q2x3()
    assert q2x3.row_labels == ("x", "x'") and q2x3.column_labels == ("yes", "no", "don't know")
    assert F.report_randomized_response().named["p"] == sympy.Rational(1, 2) + F.expression("p", "p")
    assert F.bassily_smith().named["q"] == sympy.Rational(1, 2) - F.expression("p", "p")


BAD = [
    ("nan epsilon", lambda: F.randomized_response("d", "nan"), r"epsilon='nan': is not a number"),
    ("inf epsilon", lambda: F.randomized_response("d", "inf"), r"epsilon='inf': is not a number"),
    ("float nan", lambda: F.randomized_response("d", float("nan")), r"epsilon=nan: is not a number"),
    ("sympy oo", lambda: F.randomized_response("d", sympy.oo), r"epsilon=oo: contains NaN or an infinity"),
    ("inf inside", lambda: F.unary_encoding("d", "1/2", "1/(inf+1)"), r"q='1/\(inf\+1\)': uses 'inf'"),
    ("1/0", lambda: F.matrix([["1/0", "0"]]), r"mechanism\[0\]\[0\]='1/0': contains NaN or an infinity"),
    ("d one", lambda: F.randomized_response(1, "eps"), r"d=1: must be a name .* or an integer >= 2"),
    ("d fraction", lambda: F.randomized_response("5/2", "eps"), r"d='5/2': must be a name"),
    ("both eps and p", lambda: F.randomized_response("d", "eps", p="p"), r"give exactly one of epsilon= and p="),
    ("n reserved", lambda: F.warner("n/(n+1)"), r"uses 'n', the number of users"),
    ("ragged", lambda: F.matrix([["1", "0"], ["1"]]), r"rows have different lengths"),
    ("no rows", lambda: F.matrix([]), r"must be a non-empty list of rows"),
    ("boolean entry", lambda: F.matrix([[True, 0]]), r"is not an expression or a number"),
    ("matrix too large", lambda: F.optimized_unary_encoding().matrix({"d": 13}),
     r"at d = 13 the explicit matrix .* has 106496 entries, more than MAX_MATRIX_ENTRIES = 65536"),
    ("huge d", lambda: F.optimized_unary_encoding().matrix({"d": 10**9}), r"more than MAX_MATRIX_ENTRIES"),
    ("no size", lambda: F.randomized_response().matrix({"eps": 1}), r"gives no value for the size 'd'"),
    ("size not integer", lambda: F.randomized_response().matrix({"d": "5/2"}), r"d='5/2': is a size"),
    ("unknown value", lambda: F.randomized_response().matrix({"d": 3, "k": 1}), r"'k' is not a parameter"),
    ("product inputs", lambda: F.product(F.randomized_response("d", "eps"), F.randomized_response("k", "eps")),
     r"the parts must act on the same inputs"),
    ("product of one", lambda: F.product(F.warner()), r"a product needs at least two mechanisms"),
    ("post-process symbolic d", lambda: F.post_process(F.randomized_response("d", "eps"), [[1]]),
     r"needs a fixed, finite set of inputs and outputs"),
    ("kernel rows", lambda: F.post_process(F.randomized_response(3, "eps"), [[1, 0]]),
     r"needs one row per output of the mechanism \(3"),
    ("lumped bad value", lambda: F.randomized_response().lumped(["a"]), r"'a' is not a value 0, 1, 2"),
    ("lumped twice", lambda: F.randomized_response().lumped(["0", "0"]), r"lists a value twice"),
    ("lumped out of range", lambda: F.randomized_response(3, "eps").lumped(["3"]), r"outside 0, …, 2"),
    ("lumped duchi", lambda: F.duchi().lumped(["0"]), r"has no lumping by value"),
    ("lumped rows differ", lambda: F.matrix([["1", "0", "0"], ["1/2", "1/2", "0"], ["0", "0", "1"]]).lumped(["0"]),
     r"inputs '1' and '2' give the tracked values different probabilities"),
    ("duchi input outside", lambda: F.duchi().matrix({"eps": 1}, inputs=["2"]), r"2 lies outside \[-1, 1\]"),
    ("d substituted below the domain", lambda: F.randomized_response(d="d").matrix({"d": 1}),
     r"^values=\{'d': 1\}: at d = 1 the condition d >= 2 of the domain of k-ary randomized response fails"),
    ("eps substituted below the domain", lambda: F.randomized_response(d=3).matrix({"eps": -1}),
     r"^values=\{'eps': -1\}: at eps = -1 the condition eps >= 0 of the domain"),
    ("c substituted outside the domain", lambda: F.q_gwrr().matrix({"c": 2, "eps": 1}),
     r"^values=\{'c': 2\}: at c = 2 the condition c <= 1 of the domain of Q_GWRR fails"),
]


@pytest.mark.parametrize("call,match", [(c, m) for _, c, m in BAD], ids=[i for i, _, _ in BAD])
def test_invalid_arguments_are_one_line_errors(call, match):
    with pytest.raises(InvalidArgument, match=match) as info:
        call()
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text,value", [("0.25", Fraction(1, 4)), ("3/4", Fraction(3, 4)), (" -1e-3 ", Fraction(-1, 1000)),
                                        ("1e3", Fraction(1000)), (".5", Fraction(1, 2))])
def test_a_number_literal_is_read_exactly_by_the_bounded_parser(text, value):
    assert F.expression(text, "p") == sympy.Rational(value.numerator, value.denominator)


@pytest.mark.parametrize("text", ["1e999999999", "1e-999999", "-1e999999999"])
def test_a_number_literal_with_a_huge_exponent_is_refused_not_built(text):
    """Sympy's parser would build the million-digit integer (or never finish); the bounded parser refuses
    an exponent beyond ±1000 in one line."""
    with pytest.raises(InvalidArgument, match=rf"^epsilon='{text}': .*exponent") as info:
        F.q_wrr(text)
    assert "\n" not in str(info.value)


OUTSIDE = [
    ("rr negative eps", lambda: F.randomized_response(d=3, epsilon=-1), r"^epsilon=-1: is outside the family's domain epsilon >= 0"),
    ("q_wrr negative eps", lambda: F.q_wrr(-1), r"^epsilon=-1: is outside the family's domain epsilon >= 0"),
    ("q_gwrr c above 1", lambda: F.q_gwrr(2, 1), r"^c=2: is outside the family's domain 0 <= c <= 1"),
    ("q_gwrr c below 0", lambda: F.q_gwrr("-1/2", 1), r"^c='-1/2': is outside the family's domain 0 <= c <= 1"),
    ("q_gwrr negative eps", lambda: F.q_gwrr("c", -1), r"^epsilon=-1: is outside"),
    ("q_lambda lam above 1", lambda: F.q_lambda("1/2", "1/4", 2), r"^lam=2: is outside the family's domain 0 <= lam <= 1"),
    ("q_lambda p + q above 1", lambda: F.q_lambda("3/4", "1/2", "lam"),
     r"^p \+ q=\('3/4', '1/2'\): is outside the family's domain p \+ q <= 1"),
    ("q2x3 negative q", lambda: F.q2x3("p", -1), r"^q=-1: is outside the family's domain q >= 0"),
    ("warner p above 1", lambda: F.warner("3/2"), r"^p='3/2': is outside the family's domain 0 <= p <= 1"),
    ("report rr p above 1/2", lambda: F.report_randomized_response(1), r"^p=1: is outside the family's domain 0 <= p <= 1/2"),
    ("bassily smith negative p", lambda: F.bassily_smith(3, "-1/4"), r"^p='-1/4': is outside"),
    ("sue negative eps", lambda: F.symmetric_unary_encoding(3, -2), r"^epsilon=-2: is outside"),
    ("oue negative eps", lambda: F.optimized_unary_encoding("d", "-1/2"), r"^epsilon='-1/2': is outside"),
    ("duchi eps zero", lambda: F.duchi(0), r"^epsilon=0: is outside the family's domain epsilon > 0"),
]


@pytest.mark.parametrize("call,match", [(c, m) for _, c, m in OUTSIDE], ids=[i for i, _, _ in OUTSIDE])
def test_a_number_outside_a_family_domain_is_refused_at_construction(call, match):
    """A structural condition of a family is decided at once when its parameter is a number, exactly as it is
    stated in the domain when the parameter has a name."""
    with pytest.raises(InvalidArgument, match=match) as info:
        call()
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("call", [lambda: F.q_gwrr(0, 1), lambda: F.q_gwrr(1, 0), lambda: F.randomized_response(3, 0),
                                  lambda: F.q_lambda(0, 0, 1), lambda: F.report_randomized_response("1/2"),
                                  lambda: F.unary_encoding(3, "1/3", "1/3")],
                         ids=["c = 0 (003 Corollary 3.12: p + q = c)", "c = 1, eps = 0", "eps = 0", "lam = 1",
                              "p = 1/2", "unary encoding p = q"])
def test_numbers_on_the_edge_of_a_family_domain_are_accepted(call):
    assert call().domain.conditions == () or call().parameters
