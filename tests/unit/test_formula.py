"""Hostile formula strings at every entry point a user reaches: each is refused with a one-line message
naming what was refused, and nothing in it is ever run.

Entry points: :func:`core.formula.parse_formula`, :func:`core.formula.parse_srepr`, ``proofs.check_sign``
(expression and domain), ``proofs.check_moment`` (statistic, claimed, ``given=``),
``numeric.enumeration.moments`` (statistic), ``python -m proofs export --from`` with a hostile ``derived``
string in the JSON report, through :func:`proofs.cli.main` and as a subprocess (the command line takes
no other formula).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from core.errors import InvalidArgument
from core.formula import MAX_DEPTH, MAX_LENGTH, MAX_SREPR_LENGTH, parse_formula, parse_srepr
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3

#: A file a hostile string would create if it were ever executed (the tests check it does not exist).
MARKER = "ran-hostile-code"

#: id -> (text, what parse_formula says, what parse_srepr says); ``{marker}`` is a path in tmp_path.
HOSTILE = {
    "attribute-access": ("p.real", r"attribute access '\.real' is not accepted", r"unexpected syntax Attribute"),
    "dunder-attribute": ("p.__class__", r"attribute access '\.__class__' is not accepted",
                         r"unexpected syntax Attribute"),
    "dunder-name": ("__builtins__", r"name '__builtins__' is not accepted", r"unexpected syntax Name"),
    "import-and-system": ("__import__('os').system('touch {marker}')", r"name '__import__' is not accepted",
                          r"unexpected syntax Attribute"),
    "open-a-file": ("open('{marker}', 'w')", r"function 'open' is not accepted", r"'open' is not a sympy class"),
    "eval": ("eval('1')", r"function 'eval' is not accepted", r"'eval' is not a sympy class"),
    "lambda": ("(lambda: 1)()", r"Lambda is not accepted", r"unexpected syntax Lambda"),
    "list-comprehension": ("[p for p in range(3)]", r"ListComp is not accepted", r"unexpected syntax ListComp"),
    "generator-in-a-call": ("exp(p for p in (1, 2))", r"GeneratorExp is not accepted",
                            r"unexpected syntax GeneratorExp"),
    "subscript": ("p[0]", r"Subscript is not accepted", r"unexpected syntax Subscript"),
    "f-string": ("f'{{p}}'", r"JoinedStr is not accepted", r"unexpected syntax JoinedStr"),
    "walrus": ("(y := 3)", r"NamedExpr is not accepted", r"unexpected syntax NamedExpr"),
    "starred": ("exp(*[1])", r"Starred is not accepted", r"unexpected syntax Starred"),
    "keyword-argument": ("exp(x=1)", r"keyword is not accepted", r"exp takes no keyword argument"),
    "non-whitelisted-call": ("getattr(p, 'x')", r"function 'getattr' is not accepted", r"'getattr' is not a sympy"),
    "string-literal": ("'abc'", r"a str literal is not a number", r"a string is accepted only as the name"),
    "bytes-literal": ("b'abc'", r"a bytes literal is not a number", r"unexpected syntax Constant"),
    "bool-literal": ("True", r"a bool literal is not a number", r"it reads as a bool"),
    "statement-after-semicolon": ("p; import os", r"does not parse", r"invalid syntax"),
    "very-long": ("p+" * 110_000 + "p", rf"characters long; at most {MAX_LENGTH} are accepted",
                  rf"characters long; at most {MAX_SREPR_LENGTH}"),
    "deep-nesting": ("-" * 300 + "p", rf"levels deep; at most {MAX_DEPTH} are accepted", r"too deeply nested"),
    "huge-power": ("10**10**10", r"a numeric power with exponent above", r"unexpected syntax BinOp"),
    "huge-tower": ("((10**4)**(10**4))**(10**4)", r"or a result above", r"unexpected syntax BinOp"),
    "huge-factorial": ("factorial(10**6)", r"factorial of a number above", r"unexpected syntax BinOp"),
}
SREPR_ONLY = {
    "srepr-huge-power": ("Pow(Integer(10), Integer(10000000000))", r"a numeric power above"),
    "srepr-huge-factorial": ("factorial(Integer(10000000))", r"factorial of a number above"),
    "srepr-python-literal": ("None", r"it reads as a NoneType"),
}


def _text(key: str, tmp_path: Path) -> str:
    return HOSTILE[key][0].format(marker=tmp_path / MARKER)


@pytest.fixture(autouse=True)
def _nothing_ran(tmp_path):
    yield
    assert not (tmp_path / MARKER).exists(), "a hostile formula was executed"


def _one_line(error: pytest.ExceptionInfo) -> None:
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("key", list(HOSTILE))
def test_parse_formula_refuses(key, tmp_path):
    with pytest.raises(InvalidArgument, match=HOSTILE[key][1]) as error:
        parse_formula(_text(key, tmp_path), relational=True)
    _one_line(error)


@pytest.mark.parametrize("key", list(HOSTILE))
def test_parse_srepr_refuses(key, tmp_path):
    with pytest.raises(InvalidArgument, match=r"derived=.*" + HOSTILE[key][2]) as error:
        parse_srepr(_text(key, tmp_path))
    _one_line(error)


@pytest.mark.parametrize(("text", "message"), list(SREPR_ONLY.values()), ids=list(SREPR_ONLY))
def test_parse_srepr_refuses_costly_numbers_and_non_expressions(text, message):
    with pytest.raises(InvalidArgument, match=message):
        parse_srepr(text)


def _check_sign_expr(text):
    from proofs import check_sign

    return check_sign(text, ["p > 0"], timeout=5)


def _check_sign_domain(text):
    from proofs import check_sign

    return check_sign("p", ["p > 0", f"{text} > 0"], timeout=5)


def _check_moment_statistic(text):
    from proofs import check_moment

    return check_moment(text, "pi", mechanism=SURVEY_Q2X3, n_values=[1])


def _check_moment_claimed(text):
    from proofs import check_moment

    return check_moment("N1", text, mechanism=SURVEY_Q2X3, n_values=[1])


def _check_moment_given(text):
    from proofs import check_moment

    return check_moment("N1", "pi", mechanism=SURVEY_Q2X3, given=text, n_values=[1])


def _moments(text):
    from numeric.enumeration import moments

    return moments(text, 2, Fraction(3, 5), Fraction(1, 5), Fraction(1, 2))


ENTRY_POINTS = {
    "check_sign-expr": (_check_sign_expr, "expr"),
    "check_sign-domain": (_check_sign_domain, "domain"),
    "check_moment-statistic": (_check_moment_statistic, "statistic"),
    "check_moment-claimed": (_check_moment_claimed, "claimed"),
    "check_moment-given": (_check_moment_given, "given"),
    "enumeration-moments": (_moments, "statistic"),
}


@pytest.mark.parametrize("key", list(HOSTILE))
@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_every_entry_point_refuses(entry, key, tmp_path):
    function, name = ENTRY_POINTS[entry]
    with pytest.raises(InvalidArgument, match=rf"^{name}=.*{HOSTILE[key][1]}") as error:
        function(_text(key, tmp_path))
    _one_line(error)


# ------------------------------------------------------------------------------------- export --from
def _report(tmp_path: Path, derived: str) -> Path:
    claim = {"id": "C3.11", "title": "t", "source": "003 Corollary 3.11", "statement_latex": "f'(q) > 0",
             "status": "proved", "reason": "r", "domain": "d", "interpretation": "i", "methods": [],
             "counterexample": None, "holds_when": None, "corrected": None, "corrected_status": None,
             "seconds": 0.1, "derived": [{"name": "f", "srepr": derived, "method": "symbolic"}], "correction": None}
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"toolkit_version": "0", "budget": "quick", "claims": [claim],
                                "summary": {"proved": 1}}), encoding="utf-8")
    return path


@pytest.mark.parametrize("key", ["import-and-system", "open-a-file", "lambda"])
def test_export_from_refuses_a_hostile_derived_string(key, tmp_path, capsys):
    from proofs.cli import main

    source = _report(tmp_path, _text(key, tmp_path))
    out = tmp_path / "latex"
    code = main(["export", "--from", str(source), "--latex", str(out)])
    error = capsys.readouterr().err.strip()
    assert code == 2 and error.count("\n") == 0 and "derived" in error
    assert not out.exists()


def test_the_cli_refuses_a_hostile_derived_string_in_one_line(tmp_path):
    """``python -m proofs export --from`` in a subprocess: exit 2, one line on stderr, nothing on stdout,
    and the string never executed (the autouse fixture)."""
    source = _report(tmp_path, _text("import-and-system", tmp_path))
    run = subprocess.run([sys.executable, "-m", "proofs", "export", "--from", str(source), "--format", "markdown"],
                         capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().count("\n") == 0 and "derived" in run.stderr


# --- constants: pi and E are the constants, e and I are refused unless declared --------------------------
import sympy  # noqa: E402 - the constants tests below

CONSTANTS = [
    pytest.param("pi - 355/113", {}, sympy.pi - sympy.Rational(355, 113), id="pi-is-the-constant"),
    pytest.param("E + 1", {}, sympy.E + 1, id="E-is-Euler's-number"),
    pytest.param("exp(1)", {}, sympy.E, id="exp-1"),
    pytest.param("pi", {"allowed": ["pi"]}, sympy.Symbol("pi", real=True), id="pi-declared-in-allowed"),
    pytest.param("pi", {"symbols": {"pi": sympy.Symbol("pi", positive=True)}}, sympy.Symbol("pi", positive=True),
                 id="pi-mapped-in-symbols"),
    pytest.param("e + 1", {"allowed": ["e"]}, sympy.Symbol("e", real=True) + 1, id="e-declared-in-allowed"),
    pytest.param("e*I", {"symbols": {"e": sympy.Integer(2), "I": sympy.Integer(3)}}, sympy.Integer(6),
                 id="e-and-I-mapped"),
    pytest.param("0 < e < 1", {"relational": True, "declares": True},
                 sympy.And(sympy.Lt(0, sympy.Symbol("e", real=True)), sympy.Lt(sympy.Symbol("e", real=True), 1)),
                 id="a-domain-declares-e"),
    pytest.param("x < pi", {"relational": True, "declares": True}, sympy.Lt(sympy.Symbol("x", real=True), sympy.pi),
                 id="a-domain-keeps-pi-the-constant"),
]


@pytest.mark.parametrize("text, options, expected", CONSTANTS)
def test_constants_and_declared_names(text, options, expected):
    assert parse_formula(text, **options) == expected


@pytest.mark.parametrize("text, message", [
    pytest.param("(exp(e)-1)/(exp(e)+1) - e/2", r"the name 'e' is not Euler's number here \(Euler's number is E\): write E or exp\(1\) for Euler's number, "
                 r"or declare e as a variable", id="e"),
    pytest.param("1 + I", r"the name 'I' is not the imaginary unit here: complex numbers are not accepted", id="I"),
    pytest.param("x + e", r"the name 'e' is not Euler's number here", id="e-with-allowed-x"),
])
def test_e_and_I_are_refused_unless_declared(text, message):
    options = {"allowed": ["x"]} if "x" in text else {}
    with pytest.raises(InvalidArgument, match=message) as caught:
        parse_formula(text, **options)
    assert "\n" not in str(caught.value)


def test_the_survey_proportion_stays_a_variable_where_the_paper_symbols_are_passed():
    """``numeric.finite_mechanism`` maps pi to the paper's proportion on purpose: a prior in pi is a
    distribution in a variable, never in 3.14159."""
    from numeric.finite_mechanism import as_expression
    from symbolic.symbols import pi

    assert as_expression("pi*(1-pi)", "prior") == pi * (1 - pi)
    assert as_expression("pi", "prior", allowed=["pi"]).free_symbols == {pi}
