"""Math for readers: LaTeX read and checked (latex_text), shown as Unicode (unicode_math), split from the
words around it (segments), values and names in the paper's symbols (values, symbols), derived expressions
in the paper's notation (notation)."""

from __future__ import annotations

import pytest
import sympy

from proofs.base import registry
from proofs.report import mathtext, values
from proofs.report.latex import paper_form, to_latex
from proofs.report.latex_text import is_math, parse_math
from proofs.report.tex import KNOWN_COMMANDS
from proofs.report.html import to_mathml
from proofs.report.tex import symbol_latex
from proofs.report.unicode_math import to_unicode
from proofs.report.view import plain_text, statement

UNICODE = [
    pytest.param(r"\beta^2_\varphi \le \min\{e^{2\epsilon}(1-l), 1\}", "βᵩ² ≤ min{e²ᵋ(1−l), 1}", id="C3.6-bound"),
    pytest.param(r"\hat{\theta}_{1}", "θ̂₁", id="theta-hat-1"),
    pytest.param(r"\operatorname{Var}\left(\hat{\pi}\mid N_1+N_2\neq0\right)", "Var(π̂ | N₁+N₂ ≠ 0)", id="Var-given"),
    pytest.param(r"\frac{A}{1-q_3^{\,n}}", "A/(1−q₃ⁿ)", id="fraction-with-sum-below"),
    pytest.param(r"\frac{1}{4p^2n^2}", "1/(4p²n²)", id="product-below"),
    pytest.param(r"\frac{n_1}{(2p-1)n}", "n₁/((2p−1)n)", id="Ex3.7-corrected"),
    pytest.param(r"\sqrt{2\ln(2n/\delta)}", "√(2 ln(2n/δ))", id="sqrt"),
    pytest.param(r"\binom{n}{N_3}", "C(n, N₃)", id="binomial"),
    pytest.param(r"\mathbb{E}_{pr}(\varphi)", "𝔼ₚᵣ(φ)", id="blackboard-E"),
    pytest.param(r"\epsilon_\lambda = \ln\frac{a}{1-a}", "ε_λ = ln(a/(1−a))", id="log-of-fraction"),
    pytest.param(r"f^{\prime}(q)>0", "f′(q) > 0", id="prime"),
    pytest.param(r"\uppi \pi", "ππ", id="both-pis"),
    pytest.param(r"\undefinedmacro{x} = 1", "undefinedmacrox = 1", id="unknown-command-without-backslash"),
    pytest.param(r"\left| x - y \right| \le \left\{ 1 \right.", "|x−y| ≤ {1", id="bars-as-fences"),
]


@pytest.mark.parametrize("latex, text", UNICODE)
def test_latex_reads_as_unicode(latex, text):
    assert to_unicode(latex) == text


@pytest.mark.parametrize("latex, ok", [
    pytest.param(r"\hat{\pi} = \frac{n_2 q - n_1 p}{(n_1+n_2)(q-p)}", True, id="Eq2"),
    pytest.param(r"\left(\begin{array}{cc}e^{\epsilon}&1\\ 1&e^{\epsilon}\end{array}\right)", True, id="matrix"),
    pytest.param(r"\frac{1}{", False, id="missing-argument"),
    pytest.param(r"x_1_2 = 0", False, id="double-subscript"),
    pytest.param(r"\undefinedmacro{x} = 1", False, id="unknown-command"),
    pytest.param(r"\left( x \right", False, id="unbalanced-left-right"),
    pytest.param(r"a \\ b & c", False, id="alignment-outside-environment"),
    pytest.param("50% & #1", False, id="specials"),
    pytest.param("ν 𝔼", False, id="unicode-not-translated"),
])
def test_is_math_accepts_only_what_compiles(latex, ok):
    assert is_math(latex) is ok


@pytest.mark.parametrize("command", sorted(KNOWN_COMMANDS - {"begin", "end", "left", "right", "middle", "big", "Big",
                                                              "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
                                                              "biggl", "biggr", "bigm", "Bigm"}))
def test_every_known_command_becomes_mathml_without_source(command):
    """What parse_math accepts, latex2mathml renders (or the report shows its Unicode reading)."""
    from proofs.report.tex import ACCENTS, FONTS, TEXT_COMMANDS, TWO_ARGUMENTS

    latex = (rf"\{command}{{x}}{{y}}" if command in TWO_ARGUMENTS else rf"\{command}{{x}}"
             if command in ACCENTS | FONTS | TEXT_COMMANDS | {"sqrt", "not", "pmod"} else rf"a \{command} b")
    assert is_math(latex), latex
    mathml = to_mathml(latex)
    shown = mathml if mathml is not None else to_unicode(latex)
    assert "\\" not in shown.replace("\\\\", ""), (latex, shown)


def _shape(rich: mathtext.MathText) -> str:
    return "".join(s.content if s.kind == "text" else f"⟦{s.content}⟧" for s in rich.segments)


@pytest.mark.parametrize("source, shape", [
    pytest.param(r"$f^{\prime}(q)>0$ for every sample size $n \geq 2$ (at $n = 1$ it fails)",
                 r"⟦f^{\prime}(q)>0⟧ for every sample size ⟦n \geq 2⟧ (at ⟦n = 1⟧ it fails)", id="C3.11-corrected"),
    pytest.param(r"If $Q$ is $\epsilon$-SLDP", r"If ⟦Q⟧ is ⟦\epsilon⟧-SLDP", id="prose-outside-the-dollars"),
    pytest.param(r"costs \$5 and $x$", r"costs $5 and ⟦x⟧", id="escaped-dollar"),
    pytest.param(r"one $ sign", r"one $ sign", id="odd-dollar-is-a-sign"),
    pytest.param(r"$\frac{1}{$ and words", "1/ and words", id="formula-that-does-not-compile-is-unicode"),
    pytest.param("p, q in [0, 1], p + q <= 1", "p, q in [0, 1], p + q <= 1", id="no-dollars-no-math"),
])
def test_text_is_split_at_its_dollars_and_nowhere_else(source, shape):
    assert _shape(mathtext.parse(source)) == shape


def test_no_registered_text_is_shown_as_source():
    """Every statement as printed, domain and interpretation becomes words and formulas that compile; none
    keeps a raw command in its words."""
    for claim in registry.claims():
        for text in (claim.statement, claim.domain, claim.interpretation, claim.title):
            rich = statement(text)
            for s in rich.segments:
                if s.kind == "math":
                    parse_math(s.content)
                else:
                    assert "\\" not in s.content, (claim.id, s.content)


@pytest.mark.parametrize("source, shape", [
    pytest.param("pl_x(R^c) <= 1 - alpha'", r"⟦pl_{x}(R^{c}) \le 1 - \alpha'⟧", id="a-check's-condition"),
    pytest.param("T_2^op(0) = 1 <= f^{2,op}(0)", r"⟦T_{2}^{\mathrm{op}}(0) = 1 \le f^{2,\mathrm{op}}(0)⟧",
                 id="labels-in-scripts"),
    pytest.param("a two-point law is not normal", "a two-point law is not normal", id="words-stay-words"),
])
def test_values_that_are_whole_formulas_are_typeset(source, shape):
    assert _shape(values.value(source)) == shape


@pytest.mark.parametrize("name, latex", [
    pytest.param("theta_hat_1", r"\hat{\theta}_{1}", id="theta-hat-1"),
    pytest.param("pi", r"\pi", id="pi"),
    pytest.param("pihat", r"\hat{\pi}", id="pihat"),
    pytest.param("eps", r"\epsilon", id="eps"),
    pytest.param("q3", "q_{3}", id="q3"),
    pytest.param("eps_pl", r"\epsilon_{pl}", id="subscript-word"),
    pytest.param("Q_2x3", r"Q_{2\times 3}", id="Q2x3"),
    pytest.param("mechanism", None, id="word"),
])
def test_symbol_table(name, latex):
    assert symbol_latex(name) == latex


def test_sympy_printer_uses_the_symbol_table():
    assert to_latex(sympy.Symbol("theta_hat_1") + sympy.Symbol("q3")) == r"q_{3} + \hat{\theta}_{1}"


@pytest.mark.parametrize("item, shown", [
    pytest.param("3/5", "3/5", id="fraction"),
    pytest.param(["1/2", "1/2"], "(1/2, 1/2)", id="vector"),
    pytest.param("log(2)", "log(2)", id="formula"),
    pytest.param("oo", "∞", id="infinity"),
    pytest.param({"x": [1, "2/3"]}, "{x = (1, 2/3)}", id="nested"),
    pytest.param("0.00941858959355066", "0.00941858959355066", id="decimal"),
])
def test_values_as_math(item, shown):
    assert plain_text(values.value(item)) == shown


def test_counterexample_uses_the_papers_symbols():
    rich = values.assignment({"theta_hat_1": "-1/2", "cell (theta_hat_1, theta_hat_2)": ["-1/2", "1/2"], "q3": "1/10"})
    assert plain_text(rich) == "θ̂₁ = −1/2, cell (θ̂₁, θ̂₂) = (−1/2, 1/2), q₃ = 1/10"
    assert any(s.kind == "math" and r"-1/2" in s.content for s in rich.segments)


def test_T3_10_variance_in_the_papers_notation():
    """003 Theorem 3.10: A (pπ − p − πq)(pπ − πq + q)/((p − q)²((1 − p − q)ⁿ − 1)) is A q₁ q₂/((p − q)²(1 − q₃ⁿ))."""
    from symbolic.symbols import n, p, pi, q

    big_a = sympy.Symbol("A", positive=True)
    derived = big_a * (p * pi - p - pi * q) * (p * pi - pi * q + q) / ((p - q) ** 2 * ((1 - p - q) ** n - 1))
    form = paper_form(derived)
    assert form is not None and set(form.used) == {"q1", "q2", "q3"}
    latex = to_latex(form.expression)
    assert "q_{1} q_{2}" in latex and r"1 - q_{3}^{n}" in latex and "-" not in latex.split("frac")[0]
    q1, q2, q3 = sympy.symbols("q1 q2 q3", real=True)
    back = form.expression.subs({q1: pi * p + (1 - pi) * q, q2: pi * q + (1 - pi) * p, q3: 1 - p - q})
    assert sympy.simplify(back - derived) == 0


def test_paper_form_leaves_what_it_cannot_shorten():
    from symbolic.symbols import p, q

    assert paper_form(p + q) is None
    assert paper_form(sympy.Symbol("x") ** 2) is None
