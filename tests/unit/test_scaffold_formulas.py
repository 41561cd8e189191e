"""LaTeX formulas read into sympy, one reading per notion, or a reason naming what was not read."""

from __future__ import annotations

import pytest
import sympy

from proofs.reading.latexmath import Unread, declared_functions, read_formula

S = sympy.Symbol
F = sympy.Function
eps, p, q, n, pi, x, y = (S(name) for name in ("eps", "p", "q", "n", "pi", "x", "y"))


def _read(latex, **kwargs):
    found = read_formula(latex, **kwargs)
    assert not isinstance(found, Unread), found.reason
    return found


@pytest.mark.parametrize("latex, sides, relations", [
    (r"p = \frac{e^{\varepsilon}}{1 + e^{\varepsilon}}.", (p, sympy.exp(eps) / (1 + sympy.exp(eps))), ("=",)),
    (r"n(p-q) \le 2p", (n * (p - q), 2 * p), ("<=",)),
    (r"f(x) \geq 0", (F("f")(x), 0), (">=",)),
    (r"n_{1} + N_2 \neq 0", (S("n1") + S("N2"), 0), ("!=",)),
    (r"\hat{\pi} = \bar{x}", (S("pi_hat"), S("x_bar")), ("=",)),
    (r"Q_{WRR} < x'", (S("Q_WRR"), S("x_prime")), ("<",)),
    (r"\lambda \approx \frac{\epsilon}{2}", (S("lam"), eps / 2), ("≈",)),
    (r"a \le b \le c", (S("a"), S("b"), S("c")), ("<=", "<=")),
    (r"u(\alpha) := 1 - \alpha", (F("u")(S("alpha")), 1 - S("alpha")), (":=",)),
    (r"\mathbb{E}[\hat{\pi}] = \pi", (F("E")(S("pi_hat")), pi), ("=",)),
    (r"\operatorname{Var}(X \mid N \ne 0) = 1", (F("Var")(S("X"), sympy.Ne(S("N"), 0)), 1), ("=",)),
    (r"Var[\hat{\pi}|N_{1}+N_{2}\neq 0] = 1", (F("Var")(S("pi_hat"), sympy.Ne(S("N1") + S("N2"), 0)), 1), ("=",)),
    (r"\Pr[Y = 1 \mid X = 0] = 1 - p", (F("Pr")(sympy.Eq(S("Y"), 1), sympy.Eq(S("X"), 0)), 1 - p), ("=",)),
    (r"\frac{Q(y \mid x)}{Q(y \mid x')} \le e^{\epsilon}", (F("Q")(y, x) / F("Q")(y, S("x_prime")), sympy.exp(eps)),
     ("<=",)),
    (r"\sum_{i=1}^{n} x_i = n", (sympy.Sum(S("x_i"), (S("i"), 1, n)), n), ("=",)),
    (r"\sum_{0 \le k < n} k = 1", (sympy.Sum(S("k"), (S("k"), 0, n - 1)), 1), ("=",)),
    (r"\prod_{i=1}^{n} 2 = 2^n", (sympy.Product(2, (S("i"), 1, n)), 2 ** n), ("=",)),
    (r"\int_{0}^{1} t \, dt = \frac{1}{2}", (sympy.Integral(S("t"), (S("t"), 0, 1)), sympy.Rational(1, 2)), ("=",)),
    (r"\binom{n}{2} = {n \choose 2}", (sympy.binomial(n, 2), sympy.binomial(n, 2)), ("=",)),
    (r"\sqrt[3]{x} + |y| = \max\{x, y\}", (sympy.root(x, 3) + sympy.Abs(y), sympy.Max(x, y)), ("=",)),
    (r"\ln(1 + x) \le x", (sympy.log(1 + x), x), ("<=",)),
    (r"0.25 x = \infty", (x / 4, sympy.oo), ("=",)),
    (r"Q = \begin{pmatrix} p & 1-p \\ 1-p & p \end{pmatrix}", (S("Q"), sympy.ImmutableMatrix([[p, 1 - p], [1 - p, p]])),
     ("=",)),
    (r"f(x) = \begin{cases} 1 & \text{if } x > 0 \\ 0 & \text{otherwise} \end{cases}",
     (F("f")(x), sympy.Piecewise((1, x > 0), (0, True))), ("=",)),
    (r"\epsilon^{Q}_{S} \le T^{pe}", (S("eps^Q_S"), S("T^pe")), ("<=",)),
    (r"s &= \pi p \\ &= p\pi", (S("s"), pi * p, pi * p), ("=", "=")),
    (r"Q_{2\times 3} = Q_{A \otimes B} + f_{g \circ h}", (S("Q_2x3"), S("Q_AoxB") + S("f_goh")), ("=",)),
], ids=lambda v: v if isinstance(v, str) else None)
def test_formulas_are_read_into_sympy(latex, sides, relations):
    (statement,) = _read(latex)
    assert statement.relations == relations
    assert statement.sides == sides


def test_a_condition_in_words_is_kept_beside_the_formula():
    (statement,) = _read(r"\frac{a}{b} \le 1 \quad \text{for all } a \le b.")
    assert statement.relations == ("<=",) and statement.condition == "for all a \\le b"


@pytest.mark.parametrize("latex", [r"a = b, \quad c \le d", r"a = b \quad \text{and} \quad c \le d", r"a = b; c \le d"])
def test_a_quad_or_and_between_complete_relations_separates_statements(latex):
    first, second = _read(latex)
    assert (first.relations, second.relations) == (("=",), ("<=",))


def test_a_letter_defined_as_a_function_is_applied_elsewhere():
    (plain,) = _read(r"u(x + 1) = 0")
    (declared,) = _read(r"u(x + 1) = 0", functions={"u"})
    assert plain.sides[0] == S("u") * (x + 1) and declared.sides[0] == F("u")(x + 1)


def test_a_product_that_could_be_an_application_is_reported():
    (plain,) = _read(r"u(x + 1) = 0")
    assert any("u(...) read as the product" in r for r in plain.readings)
    (declared,) = _read(r"u(x + 1) = 0", functions={"u"})
    assert declared.readings == ()


def test_a_name_the_paper_applies_anywhere_is_a_function_everywhere():
    paper = r"The piecewise mechanism has density $p$ on $[\ell(t), r(t)]$ and $f(y \mid t)$; $\Pr[\cdot]$."
    functions = declared_functions(paper)
    assert {"l", "r", "f", "Pr"} <= functions and "p" not in functions
    (statement,) = _read(r"\ell(t - 1) + r(2t) = 0", functions=functions)
    t = S("t")
    assert statement.sides[0] == F("l")(t - 1) + F("r")(2 * t)


def test_a_subscripted_function_leaves_its_bare_letter_a_value():
    functions = declared_functions(r"$p_{x}(E) \le 1$")
    (statement,) = _read(r"p_{x}(E) = p(1 - p)", functions=functions)
    assert statement.sides == (F("p_x")(S("E")), p * (1 - p))


def test_a_function_without_its_parentheses_is_applied_and_reported():
    functions = declared_functions(r"$p_{x}(E)$")
    (statement,) = _read(r"r = \frac{p_{x}f^{-1}(E)}{p_{x'}f^{-1}(E)}", functions=functions)
    inverse = F("f^-1")(S("E"))
    assert statement.sides[1] == F("p_x")(inverse) / F("p_x_prime")(inverse)
    assert any("applied to f^-1(E)" in r for r in statement.readings)


@pytest.mark.parametrize("latex, name", [
    (r"t^{*} = 1", "t^*"), (r"\hat\theta = 1", "theta_hat"), (r"\bar Z = 1", "Z_bar"), (r"t' = 1", "t_prime"),
    (r"t^{\star} = 1", "t^*"),
])
def test_decorated_symbols_are_names(latex, name):
    (statement,) = _read(latex)
    assert statement.sides[0] == S(name)


def test_a_complement_is_a_name_not_a_power():
    (statement,) = _read(r"bel_{x}(R^{c}) \le 1")
    assert statement.sides[0] == F("bel_x")(S("R^c")) and any("complement" in r for r in statement.readings)


def test_a_label_superscript_before_parentheses_names_the_function():
    (statement,) = _read(r"pl_{x}^{Q}(R) \le 1")
    assert statement.sides[0] == F("pl_x^Q")(S("R"))


def test_bounds_on_a_list_of_terms_are_one_statement_per_term_and_reported():
    a, b = S("a"), S("b")
    first, second = _read(r"e^{-\epsilon} \le a, b \le e^{\epsilon}")
    assert first.sides == (sympy.exp(-eps), a, sympy.exp(eps)) and second.sides == (sympy.exp(-eps), b, sympy.exp(eps))
    assert first.relations == ("<=", "<=") and "bound on each term" in first.readings[0]


@pytest.mark.parametrize("latex, side", [
    (r"\max_{x \in [0, 1]} f(x) = 1", F("MaxOver")(F("f")(x), sympy.Tuple(x), sympy.Tuple(
        sympy.Contains(x, sympy.Interval(0, 1), evaluate=False)))),
    (r"\sup_x f = 1", F("SupOver")(S("f"), sympy.Tuple(x), sympy.Tuple())),
    (r"\inf_{t \in (0, 1]} g(t) = 1", F("InfOver")(F("g")(S("t")), sympy.Tuple(S("t")), sympy.Tuple(
        sympy.Contains(S("t"), sympy.Interval.Lopen(0, 1), evaluate=False)))),
    (r"\min_{x, y \in S, x \ne y} |x - y| = 1", F("MinOver")(sympy.Abs(x - y), sympy.Tuple(x, y), sympy.Tuple(
        F("In")(x, S("S")), F("In")(y, S("S")), sympy.Ne(x, y)))),
    (r"\sum_{n_1+n_2=n, n_1 \neq 0} a = 1", F("SumOver")(S("a"), sympy.Tuple(S("n1"), S("n2")), sympy.Tuple(
        sympy.Eq(S("n1") + S("n2"), n), sympy.Ne(S("n1"), 0)))),
    (r"\sum_{y \in \{0, 1\}} y = 1", F("SumOver")(y, sympy.Tuple(y), sympy.Tuple(
        sympy.Contains(y, sympy.FiniteSet(0, 1), evaluate=False)))),
    (r"\sum_{x \in \mathbb{R}} x = 1", F("SumOver")(x, sympy.Tuple(x), sympy.Tuple(
        sympy.Contains(x, sympy.S.Reals, evaluate=False)))),
], ids=lambda v: v if isinstance(v, str) else None)
def test_sums_and_optima_over_a_set_keep_their_indices_and_conditions(latex, side):
    (statement,) = _read(latex)
    assert statement.sides[0] == side


def test_a_probability_of_a_membership_is_an_event():
    (statement,) = _read(r"\Pr[M(x) \in S] \le 1", functions={"M"})
    assert statement.sides[0] == F("Pr")(F("In")(F("M")(x), S("S")))


@pytest.mark.parametrize("latex, reason", [
    (r"x \in [0, 1]", "set membership (\\in) is not read"),
    (r"a \le b \quad \text{if and only if} \quad c, d \le e", "an equivalence of two relations (if and only if) "
     "whose sides are not each one relation read (a list of terms separated by commas inside a relation "
     "(a, b \\le c))"),
    (r"x \le a, b", "a list of terms separated by commas inside a relation (a, b \\le c)"),
    (r"a < b, c > d", "a list of terms separated by commas inside a relation (a, b \\le c)"),
    (r"\sum_{x \in S}^{n} x = 1", "a \\sum over a set with an upper bound"),
    (r"a_1 + \cdots + a_n = 1", "an ellipsis (\\cdots) is not read"),
    (r"\{0, 1\} = S", "a set (\\{a, b\\}) is not read"),
    (r"S = \{x : x > 0\}", "a set-builder (\\{x : ...\\} or \\{x \\mid ...\\}) is not read"),
    (r"S = \{x \in \mathbb{R} \mid x^2 < 1\}", "a set-builder (\\{x : ...\\} or \\{x \\mid ...\\}) is not read"),
    (r"S = \{x | |x| < 1\}", "a set-builder (\\{x : ...\\} or \\{x \\mid ...\\}) is not read"),
    (r"\lim_{n \to \infty} a_n = 0", "a limit (\\lim) is not read"),
    (r"\frac{d}{dx} f(x) = 0", "a derivative (\\frac{d}{dx}) is not read"),
    (r"X \sim \mathcal{N}(0, 1)", "\\sim (distributed as) is not read"),
    (r"\|x\|_2 \le 1", "a norm (\\|) is not read"),
    (r"a \pm b = c", "\\pm (two formulas in one) is not read"),
    (r"\text{Number of 1's in } RR(D) = n", "no formula before the words"),
    (r"a = b, c = d", "a list of terms separated by commas inside a relation (a, b \\le c)"),
    (r"\foo{x} = 1", "\\foo is not read"),
    (r"T(Q(x), Q(x')) = 1", "a list in parentheses (a tuple, or a function of several arguments the paper does not "
                            "define with :=)"),
], ids=lambda v: v[:30])
def test_what_is_not_read_says_why(latex, reason):
    found = read_formula(latex)
    assert isinstance(found, Unread) and found.reason == reason and found.latex == latex


@pytest.mark.parametrize("latex", [
    r"a \le b \quad \text{if and only if} \quad c \le d",
    r"a \le b \iff c \le d",
    r"a \le b \Longleftrightarrow c \le d",
], ids=["words", "iff", "long-arrow"])
def test_an_equivalence_is_its_left_relation_with_the_right_one_as_its_condition(latex):
    (statement,) = _read(latex)
    assert (statement.relations, statement.condition) == (("<=",), r"if and only if c \le d")
    assert any("read as an equivalence" in r for r in statement.readings)


def test_reading_never_evaluates_the_text():
    found = read_formula(r"\_\_import\_\_('os') = 1")
    assert isinstance(found, Unread)
