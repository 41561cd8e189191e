"""Scaffolded claims written ready to run: an identity or an inequality as sign_claim, a privacy statement
naming a known family as ldp_claim, a moment of a declared mechanism as moment_claim; the domain the text
states (or none, said in a comment); definitions substituted; everything else pending with its reason; hints
that name only an engine that holds the object; and nothing from the paper ever written as code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.formula import parse_formula

from proofs.base import registry
from proofs.reading import scaffold
from proofs.userclaims import load_claims_file

MARKER = "ran-injected-code"


def _paper(tmp_path: Path, body: str, preamble: str = "") -> Path:
    folder = tmp_path / "paper"
    folder.mkdir(exist_ok=True)
    path = folder / "note.tex"
    path.write_text("\\documentclass{article}\n\\newtheorem{theorem}{Theorem}\n\\newtheorem{lemma}[theorem]{Lemma}\n"
                    + preamble + "\\begin{document}\n" + body + "\n\\end{document}\n", encoding="utf-8")
    return path


def _written(tmp_path: Path, body: str, preamble: str = "") -> tuple[str, dict[str, ast.Call]]:
    """The claims file scaffolded from ``body`` and its top-level declaration calls by claim id."""
    output = tmp_path / "claims.py"
    scaffold(_paper(tmp_path, body, preamble), output)
    text = output.read_text(encoding="utf-8")
    calls: dict[str, ast.Call] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            call = node.value
            if call.args and isinstance(call.args[0], ast.Constant):
                calls[call.args[0].value] = call
            elif call.args and isinstance(call.args[0], ast.Call):  # pending(Claim(id=...), ...)
                ident = next(k.value.value for k in call.args[0].keywords if k.arg == "id")
                calls[ident] = call
    return text, calls


def _name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ast.unparse(call.func)


def _keyword(call: ast.Call, name: str):
    return next(ast.literal_eval(k.value) for k in call.keywords if k.arg == name)


def _statuses(path: Path) -> dict[str, str]:
    from proofs.runner import run_claim

    before = {claim.id for claim in registry.claims()}  # the catalog loaded first: only what follows is forgotten
    try:
        ids = load_claims_file(path)
        return {i: run_claim(i, "quick").status.value for i in ids}
    finally:
        registry.forget([i for i in registry.ids() if i not in before])


@pytest.mark.parametrize("latex, sign, expr", [
    (r"(a + b)^2 = a^2 + 2ab + b^2", "==0", "((a + b)**2) - (a**2 + 2*a*b + b**2)"),
    (r"a^2 + b^2 \ge 2ab", ">=0", "(a**2 + b**2) - (2*a*b)"),
    (r"x^2 + 1 > 0", ">0", "(x**2 + 1) - (0)"),
    (r"-x^2 - 1 < 0", "<0", "(-x**2 - 1) - (0)"),
    (r"x^2 \le 4", "<=0", "(x**2) - (4)"),
], ids=["identity", "ge", "gt", "lt", "le"])
def test_a_relation_between_read_formulas_is_a_sign_claim_with_its_sign(tmp_path, latex, sign, expr):
    text, calls = _written(tmp_path, f"\\begin{{equation}}\n{latex}\n\\end{{equation}}")
    call = calls["note.Eq1"]
    assert _name(call) == "sign_claim"
    assert (_keyword(call, "sign"), _keyword(call, "domain")) == (sign, None)
    assert parse_formula(_keyword(call, "expr")) == parse_formula(expr)
    assert "# Domain: none stated; the claim is read as printed, on the formula's natural domain" in text


def test_scaffolded_sign_claims_give_verdicts_as_written(tmp_path):
    body = ("\\begin{equation}\n(a + b)^2 = a^2 + 2ab + b^2\n\\end{equation}\n"
            "\\begin{equation}\na^2 + b^2 \\ge 2ab\n\\end{equation}\n"
            "\\begin{lemma}\nFor $x > 0$ we have $x^2 > x$.\n\\end{lemma}\n")
    text, calls = _written(tmp_path, body)
    assert _keyword(calls["note.Lem1"], "domain") == "x > 0"
    assert "# Domain: x > 0, as the text states it." in text
    assert _statuses(tmp_path / "claims.py") == {"note.Eq1": "proved", "note.Eq2": "proved",
                                                 "note.Lem1": "refuted"}


def test_a_definition_is_substituted_into_the_claims_that_use_it(tmp_path):
    body = ("Let\n\\begin{equation}\\label{eq:q}\nq = \\frac{1}{1 + e^{\\varepsilon}}\n\\end{equation}\n"
            "\\begin{lemma}\nFor every $\\varepsilon > 0$, $2q < 1$.\n\\end{lemma}\n")
    text, calls = _written(tmp_path, body)
    call = calls["note.Lem1"]
    assert _name(call) == "sign_claim" and "exp(eps)" in _keyword(call, "expr") and "q" not in _keyword(call, "expr")
    assert "# Read: q replaced by its definition, Eq. (1)." in text
    assert _statuses(tmp_path / "claims.py") == {"note.Lem1": "proved"}


@pytest.mark.parametrize("latex, reason", [
    (r"a^2 = b = c", "a chain of 2 relations: one declaration checks one relation"),
    (r"f(x) \le 1", "it applies f, a function the paper does not define as a formula"),
    (r"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}", "a sum whose bounds hold n, and no domain stated"),
    (r"x \approx y", "an approximation (≈)"),
    (r"\hat{\pi} = \frac{a}{a + b}", "it names pi_hat (pi_hat = ...): a definition, with nothing to check"),
    (r"\frac{a}{b - c} + 1 = \frac{a + b - c}{b - c}", "no domain stated, and its denominator b - c can vanish"),
], ids=["chain", "undefined-function", "sum-without-domain", "approximation", "naming", "vanishing-denominator"])
def test_what_no_declaration_holds_stays_pending_with_its_reason(tmp_path, latex, reason):
    preamble = "\\newcommand{\\unused}{}\n"
    text, calls = _written(tmp_path, f"We use $f(t)$.\n\\begin{{equation}}\n{latex}\n\\end{{equation}}", preamble)
    call = calls["note.Eq1"]
    assert _name(call) == "pending"
    assert f"Pending: {reason}" in text.replace("\n# ", " ")
    assert _statuses(tmp_path / "claims.py") == {"note.Eq1": "inconclusive"}


RR_NOTE = ("Each respondent holds a bit and reports it by randomized response.\n"
           "\\begin{theorem}\nRandomized response is $\\varepsilon$-LDP for every $\\varepsilon > 0$.\n"
           "\\end{theorem}\n")


def test_a_privacy_statement_naming_a_family_and_its_epsilon_is_an_ldp_claim(tmp_path):
    text, calls = _written(tmp_path, RR_NOTE)
    call = calls["note.Thm1"]
    assert _name(call) == "ldp_claim"
    assert (ast.unparse(next(k.value for k in call.keywords if k.arg == "mechanism")), _keyword(call, "epsilon"),
            _keyword(call, "domain")) == ("MECHANISM", "eps", "eps > 0")
    assert 'MECHANISM = M.randomized_response(d=2, epsilon="eps")' in text
    assert _statuses(tmp_path / "claims.py") == {"note.Thm1": "proved"}


def test_a_family_whose_probability_the_paper_defines_otherwise_is_pending(tmp_path):
    body = ("Each respondent reports a bit truthfully with probability\n\\begin{equation}\np = \\frac{e^{\\varepsilon}}"
            "{2 + e^{\\varepsilon}}\n\\end{equation}\n\\begin{theorem}\nRandomized response is $\\varepsilon$-LDP.\n"
            "\\end{theorem}\n")
    text, calls = _written(tmp_path, body.replace("probability\n", "probability, where\n"))
    assert _name(calls["note.Thm1"]) == "pending"
    assert "the paper defines p (Eq. (1)) otherwise than randomized response does" in text.replace("\n# ", " ")


@pytest.mark.parametrize("family, module", [("Laplace mechanism", "proofs.continuous"),
                                            ("Gaussian mechanism", "proofs.continuous")])
def test_a_hint_for_a_law_with_continuous_output_names_proofs_continuous(tmp_path, family, module):
    body = (f"We add noise by the {family}.\n\\begin{{theorem}}\nThe {family} is $\\varepsilon$-differentially "
            "private.\n\\end{theorem}\n\\begin{equation}\n\\mathbb{E}[Z] = 0\n\\end{equation}\n")
    text, calls = _written(tmp_path, body)
    assert _name(calls["note.Thm1"]) == "pending" and _name(calls["note.Eq1"]) == "pending"
    flat = text.replace("\n# ", " ")
    assert f"Once checked: ldp_claim(id, ..., mechanism={module}.<family>(...)" in flat
    assert f"Once checked: {module}.density_moment_claim(" in flat
    assert "proofs.mechanisms.<family>" not in flat


def test_a_moment_without_a_declared_mechanism_is_pending_with_the_reason(tmp_path):
    text, calls = _written(tmp_path, "\\begin{equation}\n\\operatorname{Var}[X] = \\sigma^2\n\\end{equation}\n")
    assert _name(calls["note.Eq1"]) == "pending"
    assert "# Pending: no mechanism is declared" in text


def test_a_moment_of_a_declared_mechanism_is_a_moment_claim(tmp_path):
    body = (RR_NOTE + "Each of the $n$ respondents holds a one with probability $\\theta$; $Y$ counts the reported "
            "ones. Let $T = Y/n$.\n\\begin{equation}\n\\mathbb{E}[T] = \\theta\n\\end{equation}\n")
    text, calls = _written(tmp_path, body)
    call = calls["note.Eq1"]
    assert _name(call) == "moment_claim"
    assert (_keyword(call, "statistic"), _keyword(call, "claimed"), _keyword(call, "moment"), _keyword(call, "prior"),
            _keyword(call, "domain")) == ("C1/n", "theta", "mean", {"1": "theta"}, "0 <= theta <= 1")
    assert _statuses(tmp_path / "claims.py")["note.Eq1"] == "refuted"  # E[Y/n] is the rate of reported ones


@pytest.mark.parametrize("formula", [
    r"\_\_import\_\_('os').system('touch ran-injected-code') = 0",
    r"\operatorname{\_\_import\_\_}(x) \le 1",
    r"\mathrm{\_\_import\_\_}('os') = 1",
    "x = 1 \\text{\")\nimport os; os.system('touch ran-injected-code') #}",
], ids=["call", "operator-name", "mathrm", "text-break"])
def test_a_hostile_formula_is_never_a_declaration_that_runs_it(tmp_path, monkeypatch, formula):
    monkeypatch.chdir(tmp_path)
    text, calls = _written(tmp_path, f"\\begin{{equation}}\n{formula}\n\\end{{equation}}\n" + RR_NOTE)
    tree = ast.parse(text)
    allowed = {"pending", "Claim", "Formula", "sign_claim", "ldp_claim", "moment_claim", "M.randomized_response"}
    assert {_name(n) for n in ast.walk(tree) if isinstance(n, ast.Call)} <= allowed
    assert not any(isinstance(n, ast.Import) and n.names[0].name == "os" for n in ast.walk(tree))
    for call in calls.values():
        if _name(call) == "sign_claim":
            assert "import" not in _keyword(call, "expr")
    _statuses(tmp_path / "claims.py")
    assert not (tmp_path / MARKER).exists()


def test_a_displayed_equivalence_with_a_threshold_is_a_sign_claim_with_iff(tmp_path):
    body = ("\\begin{equation}\ne^{\\varepsilon} - 2 > 0 \\iff \\varepsilon > \\ln 2\n\\end{equation}\n"
            "\\begin{equation}\ne^{\\varepsilon} - 3 > 0 \\quad \\text{if and only if} \\quad \\varepsilon > 1\n"
            "\\end{equation}\n\\begin{equation}\na > 0 \\iff b > c\n\\end{equation}\n")
    text, calls = _written(tmp_path, body)
    assert [(_name(calls[i]), _keyword(calls[i], "iff")) for i in ("note.Eq1", "note.Eq2")] == [
        ("sign_claim", "eps > log(2)"), ("sign_claim", "eps > 1")]
    assert _name(calls["note.Eq3"]) == "pending"
    assert "Pending: an equivalence: its right side is not a threshold on one name" in text.replace("\n# ", " ")
    assert _statuses(tmp_path / "claims.py") == {"note.Eq1": "proved", "note.Eq2": "refuted",
                                                 "note.Eq3": "inconclusive"}


def test_a_name_applied_in_one_place_and_bare_in_another_is_reported(tmp_path):
    body = ("The rate $r(t)$ decays.\n\\begin{equation}\nr^2 \\ge 0\n\\end{equation}\n")
    text, calls = _written(tmp_path, body)
    assert ("Read: r is applied elsewhere in the paper (r(...)) and written bare here: read as two objects, the "
            "function r and a value named r.") in text.replace("\n# ", " ")
    assert _name(calls["note.Eq1"]) == "sign_claim"
