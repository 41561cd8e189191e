"""Code hidden in what the toolkit reads is never run: injection payloads at every depth of an srepr, through
every reader of outside text (:func:`core.formula.parse_srepr`, ``export --from`` in all four formats, the
formula strings of a declaration, ``given=``, ``scaffold`` and the claims file it writes).

Each payload would create a marker file if it ran; every test checks that no marker appears and that the
refusal is one line naming what was refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InvalidArgument
from core.formula import parse_srepr
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3

MARKER = "ran-injected-code"

#: Code that would create ``{marker}`` if anything ran it.
PAYLOADS = {
    "import-system": "__import__('os').system('touch {marker}')",
    "exec": "exec(\"open('{marker}', 'w')\")",
    "lambda": "(lambda: __import__('os').system('touch {marker}'))()",
    "attribute-access": "().__class__.__base__.__subclasses__()",
    "open": "open('{marker}', 'w')",
}

X = "Symbol('x', real=True)"
#: Where a payload may hide in an srepr: ``{p}`` is the payload, as a string literal or as bare code.
CONTAINERS = {
    "top-level": "{p}",
    "Tuple": "Tuple(({p},))",
    "Tuple-direct": "Tuple({p})",
    "Tuple-in-Tuple": "Tuple(Tuple(({p},)))",
    "Function": "Function('f')(({p},))",
    "Function-direct": "Function('f')({p})",
    "Function-name": "Function({p})",
    "ImmutableMatrix": "ImmutableMatrix([[{p}]])",
    "ImmutableDenseMatrix": "ImmutableDenseMatrix([[" + X + ", {p}]])",
    "FiniteSet": "FiniteSet(({p},))",
    "Interval": "Interval(Integer(0), ({p},))",
    "Add": "Add(" + X + ", ({p},))",
    "Add-direct": "Add({p}, Integer(1))",
    "Lambda-body": "Lambda(Tuple(" + X + "), ({p},))",
    "Lambda-variables": "Lambda(({p},), " + X + ")",
    "Sum-term": "Sum(({p},), Tuple(" + X + ", Integer(1), Integer(2)))",
    "Sum-bounds": "Sum(" + X + ", (" + X + ", {p}, Integer(2)))",
    "Piecewise": "Piecewise(({p}, true))",
    "Piecewise-condition": "Piecewise((" + X + ", {p}))",
    "Symbol-name": "Symbol({p})",
    "Symbol-assumption": "Symbol('x', real={p})",
    "Dummy-index": "Dummy('x', dummy_index={p})",
    "Integer": "Integer({p})",
    "Rational": "Rational(Integer(1), {p})",
    "Rational-text": "Rational({p})",
    "Float": "Float({p})",
    "Float-precision": "Float('1.5', precision={p})",
    "Equality": "Equality(({p},), Integer(1))",
    "keyword": "Add(" + X + ", evaluate={p})",
}


def _payload(key: str, tmp_path: Path, quoted: bool) -> str:
    code = PAYLOADS[key].format(marker=tmp_path / MARKER)
    return repr(code) if quoted else code


@pytest.fixture(autouse=True)
def _nothing_ran(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a payload with a relative path would land here
    yield
    assert not (tmp_path / MARKER).exists(), "injected code was run"
    assert not Path(tmp_path, MARKER).with_name(MARKER).exists()


def _one_line(error: pytest.ExceptionInfo) -> None:
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("quoted", [True, False], ids=["as-string", "as-code"])
@pytest.mark.parametrize("payload", list(PAYLOADS))
@pytest.mark.parametrize("container", list(CONTAINERS))
def test_parse_srepr_runs_no_payload_at_any_depth(container, payload, quoted, tmp_path):
    text = CONTAINERS[container].format(p=_payload(payload, tmp_path, quoted))
    with pytest.raises(InvalidArgument, match=r"^derived=.*not a sympy srepr string") as error:
        parse_srepr(text)
    _one_line(error)


@pytest.mark.parametrize("text", [
    "Rational('1/0')", "Rational(1, 0)", "Rational(Integer(3), Integer(0))", "Rational('1/2/3')", "Rational('a/b')",
    "Integer('12x')", "Integer(1.5)", "Integer('')", "Float('nan!')", "Float('0x10')", "Float('1e99999999999')",
    "Float('1.0', precision=0)", "Float('1.0', precision=10**9)", "Float('1.0', dps=15)",
])
def test_parse_srepr_refuses_a_malformed_number_in_one_line(text):
    with pytest.raises(InvalidArgument, match=r"^derived=.*not a sympy srepr string") as error:
        parse_srepr(text)
    _one_line(error)


@pytest.mark.parametrize("name", ["<img>", "x<y", "a&b", "a`b", "1x", "", " x", "x ", "x" * 201, "a'b\"c", "x\ny",
                                  "x\x1b[31m", "(x)"])
def test_parse_srepr_refuses_a_name_that_is_not_a_name(name):
    with pytest.raises(InvalidArgument, match=r"not a sympy srepr string"):
        parse_srepr(f"Symbol({name!r})")


def test_parse_srepr_reads_back_what_sympy_writes():
    """What the toolkit writes still reads back: names, numbers, containers, functions and relations."""
    import sympy

    x, k = sympy.Symbol("x", real=True), sympy.Symbol("k", integer=True)
    f = sympy.Function("f")
    exprs = [sympy.Tuple(x, 1), f(x), sympy.ImmutableMatrix([[x, 1], [2, 3]]), sympy.FiniteSet(x, 1),
             sympy.Interval(0, x), sympy.Lambda((x,), x ** 2), sympy.Sum(x ** k, (k, 1, sympy.oo)),
             sympy.Piecewise((x, x > 0), (0, True)), sympy.Float("0.3"), sympy.Rational(-1, 3), sympy.Integer(-5),
             sympy.Eq(x, 1), sympy.And(x > 0, x < 1), sympy.Symbol("q_{1}"), sympy.Symbol("ε", positive=True),
             sympy.Symbol("x_{i,j}"), sympy.Symbol("y^{\\ast}"), sympy.Symbol("x_{i + 1}"),
             sympy.MatrixSymbol("A", 2, 2), sympy.Float("-1e-30", 100), sympy.zoo, x * sympy.pi + sympy.E,
             sympy.Limit(1 / x, x, 0, "-"), sympy.Limit(1 / x, x, 0, "+-")]
    for expr in exprs:
        assert parse_srepr(sympy.srepr(expr)) == expr
    dummy = sympy.Dummy("d")
    assert parse_srepr(sympy.srepr(dummy)) == dummy


# ------------------------------------------------------------------------------------- export --from
def _report(tmp_path: Path, derived: str) -> Path:
    claim = {"id": "C3.11", "title": "t", "source": "003 Corollary 3.11", "statement_latex": "$f'(q) > 0$",
             "status": "proved", "reason": "r", "domain": "d", "interpretation": "i", "methods": [],
             "counterexample": None, "holds_when": None, "corrected": None, "corrected_status": None,
             "seconds": 0.1, "derived": [{"name": "f", "srepr": derived, "method": "symbolic"}], "correction": None}
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"schema": 3, "toolkit_version": "0", "budget": "quick", "claims": [claim],
                                "summary": {"proved": 1}}), encoding="utf-8")
    return path


EXPORTS = {
    "table": ["--format", "table"],
    "markdown": ["--format", "markdown"],
    "html": ["--html", "{out}/page.html"],
    "latex": ["--latex", "{out}/latex"],
}


@pytest.mark.parametrize("container", ["Tuple", "Function", "ImmutableMatrix", "FiniteSet", "Interval", "Add",
                                       "Lambda-body", "Sum-term", "Piecewise"])
@pytest.mark.parametrize("export", list(EXPORTS))
def test_export_from_runs_no_payload_in_a_derived_srepr(export, container, tmp_path, capsys):
    from proofs.cli import main

    derived = CONTAINERS[container].format(p=_payload("import-system", tmp_path, True))
    source = _report(tmp_path, derived)
    out = tmp_path / "out"
    out.mkdir()
    code = main(["export", "--from", str(source), *(a.format(out=out) for a in EXPORTS[export])])
    captured = capsys.readouterr()
    error = captured.err.strip()
    assert code == 2 and error.count("\n") == 0 and "derived" in error and "srepr" in error
    assert captured.out == "" and not any(out.iterdir())


# ------------------------------------------------------------------------- declarations and given=
@pytest.mark.parametrize("payload", list(PAYLOADS))
def test_a_declarations_formula_strings_run_no_payload(payload, tmp_path):
    from proofs import declare

    text = _payload(payload, tmp_path, False)
    with pytest.raises(InvalidArgument, match=r"^expr=") as error:
        declare.sign_claim("U.inj", title="t", source="s", statement="$x > 0$", expr=text, domain="0 < x")
    _one_line(error)
    with pytest.raises(InvalidArgument, match=r"^(statistic|formula)=") as error:
        declare.moment_claim("U.inj2", title="t", source="s", statement="$x$", statistic=text, claimed="pi",
                             mechanism=SURVEY_Q2X3)
    _one_line(error)


@pytest.mark.parametrize("payload", list(PAYLOADS))
def test_given_runs_no_payload(payload, tmp_path):
    from proofs import check_moment

    with pytest.raises(InvalidArgument, match=r"^given=") as error:
        check_moment("N1", "pi", mechanism=SURVEY_Q2X3, given=_payload(payload, tmp_path, False), n_values=[1])
    _one_line(error)


# ------------------------------------------------------------------------------------------ scaffold
def _hostile_paper(code: str) -> str:
    """A paper whose titles, labels, tags, notes, text and formulas each hold ``code`` after a line break (so
    that a comment line of the claims file it were copied into would end, and ``code`` run)."""
    return "\n".join([
        r"\documentclass{article}",
        r"\newtheorem{theorem}{Theorem",
        f"{code} #}}",
        r"\begin{document}",
        r"\section{Intro",
        f"{code} #}}",
        r"\begin{theorem}[note",
        f"{code} #]",
        r"\label{lab",
        f"{code} #}}",
        rf'$x > 0$ and \text{{"""; {code} #}}',
        r"\end{theorem}",
        r"\begin{equation}",
        rf'x = \text{{{code}}} + \operatorname{{{code}}}(y) + \mathrm{{"""{code}}}',
        r"\end{equation}",
        r"\begin{equation}",
        r"f(x) = \frac{1}{2} \tag{1",
        f"{code} #}}",
        r"\end{equation}",
        r"\end{document}", ""])


@pytest.mark.parametrize("payload", ["import-system", "exec", "open"])
def test_scaffold_writes_a_claims_file_that_runs_no_payload(payload, tmp_path, capsys):
    """The claims file the scaffold writes is Python, loaded (run) by ``check --claims``: nothing the paper
    holds may end a comment or a string in it. The file name and the output name are hostile too."""
    import ast

    from proofs.cli import main

    code = _payload(payload, tmp_path, False)
    folder = tmp_path / "paper"
    folder.mkdir()
    from proofs.base import registry

    before = {claim.id for claim in registry.claims()}  # the catalog loaded first: only what follows is forgotten
    try:
        for name in ("paper.tex", f'x"""; {code} #.tex'.replace("/", "_")):
            paper = folder / name
            paper.write_text(_hostile_paper(code), encoding="utf-8")
            output = folder / ("claims.py" if name == "paper.tex" else 'claims"""x.py')
            assert main(["scaffold", str(paper), "--output", str(output)]) == 0
            ast.parse(output.read_text(encoding="utf-8"))
            assert main(["list", "--claims", str(output), "--only-user"]) == 0, capsys.readouterr().err
            assert not (tmp_path / MARKER).exists(), f"loading the claims file of {name} ran the payload"
            registry.forget([i for i in registry.ids() if i not in before])
    finally:
        registry.forget([i for i in registry.ids() if i not in before])
    capsys.readouterr()
