"""Proof certificates (proofs.certificates): each kind of step printed as standalone Python, the paper's symbols
and exact numbers, a certificate that runs without the toolkit and fails when any machine-checked step is
changed, and no certificate for a verdict without machine-checked steps."""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from proofs.base.evidence import Evidence
from proofs.kernel.steps import (
    Boxes, Enumeration, ExactValue, FiniteCheck, Holds, Identity, SmtQuery, Stated, TwoPrecisions,
)
from proofs.certificates import NoCertificate, Subject, certificate_source, file_name, write_certificates
from proofs.certificates.expressions import Names, paper_name, print_expression, python_numbers
from proofs.certificates.prelude import prelude
from symbolic.symbols import eps, lam, n, n1, p, pi, q, q3
from tests.certificate_runner import run_certificate

HALF = sympy.Rational(1, 2)
UNSAT = "(declare-fun x () Real)\n(assert (< (* x x) 0.0))\n(check-sat)\n"
x = sympy.Symbol("x", real=True)
C = sympy.Symbol("c", positive=True)

EVERY_KIND = (
    SmtQuery("x^2 >= 0", UNSAT, "unsat"),
    Identity("the binomial mean", sympy.Sum(sympy.Symbol("k", integer=True) * sympy.binomial(n, sympy.Symbol(
        "k", integer=True)), (sympy.Symbol("k", integer=True), 0, n)), n * 2 ** (n - 1), "simplify"),
    Identity("a derivative", sympy.Derivative(sympy.exp(eps * x), x), eps * sympy.exp(eps * x), "cancel"),
    ExactValue("the printed formula", (n1 / n - (1 - p)) / (2 * p - 1), {"n": 2, "n1": 1, "p": Fraction(3, 4)}, HALF),
    Holds("the point lies in the domain", sympy.And(p > HALF, p <= 1, q3 >= 0), {"p": Fraction(3, 4), "q3": 0}),
    Holds("pi is a symbol here, and the constant is S.Pi", pi < sympy.pi, {"pi": HALF}),
    Boxes("e^lam > lam", sympy.exp(lam) - lam, ">0", ({"lam": (0, HALF)}, {"lam": (HALF, 1)}, {"lam": (1, 2)})),
    FiniteCheck("q <= p on a grid", q <= p, 3, grid={"p": (HALF, 1), "q": (0, HALF)}, where=q < p),
    FiniteCheck("q <= p at listed points", q <= p, 3, names=("p", "q"), points=((HALF, 0), (1, HALF), (1, 0)),
                premise=q > 0, premise_cases=1),
    TwoPrecisions("int_0^c e^(-x^2) dx > p at c = sqrt(p)", sympy.Integral(sympy.exp(-x**2), (x, 0, C)) - p, ">0",
                  ("p",), ((Fraction(1, 4),), (HALF,)), 20, (("c", sympy.sqrt(p)),)),
    Enumeration("the chains of Q_2x3(3/5, 1/5) give its trade-off functions", "choquet_pairs",
                {"q2x3": [["3/5", "1/5"]], "grids": []}, 1),
    Stated("exchange the two finite sums"),
)


def _subject(*steps, status="proved", outcome="proved", method="decision") -> Subject:
    extra = {"counterexample": {"x": 1}, "recheck": "exact"} if outcome == "counterexample" else {}
    evidence = Evidence(method, outcome, "a stated domain", steps=tuple(steps), **extra)
    return Subject("T9.9", "a test claim", "a test source", r"\frac{a}{b}", status, "proved by decision", (evidence,))


def _write(tmp_path: Path, subject: Subject) -> Path:
    path = tmp_path / file_name(subject.id)
    path.write_text(certificate_source(subject), encoding="utf-8")
    return path


def test_a_certificate_with_every_kind_of_step_runs_without_the_toolkit(tmp_path):
    done = run_certificate(_write(tmp_path, _subject(*EVERY_KIND)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("[ok]") == 11 and "[FAIL]" not in done.stdout
    assert "Stated, not machine-checked:\n  - exchange the two finite sums" in done.stdout
    assert "11 of 11 machine-checked steps check; 1 stated." in done.stdout


def test_the_certificate_speaks_the_papers_symbols_with_exact_numbers(tmp_path):
    source = certificate_source(_subject(*EVERY_KIND))
    for declaration in ("epsilon = Symbol('epsilon', real=True)", "lamda = Symbol('lamda', real=True)",
                        "n_1 = Symbol('n_1', integer=True, nonnegative=True)", "q_3 = Symbol('q_3', real=True)",
                        "pi = Symbol('pi', real=True)"):
        assert declaration in source
    assert "Lt(pi, S.Pi)" in source and "Rational(3, 4)" in source
    python = re.sub(r'QUERY_\d+ = r"""(.|\n)*?"""', "", source.split("# ---", 3)[-1])  # SMT-LIB has its own reals
    assert not re.search(r"(?<![\w.])\d+\.\d+(?![\w.])", python), "a float literal"
    assert "import proofs" not in source and "from proofs" not in source


def test_only_the_helpers_a_certificate_uses_go_into_it():
    source = certificate_source(_subject(SmtQuery("x^2 >= 0", UNSAT, "unsat")))
    assert "def check_smt" in source and "def smt_answer" in source
    assert "def arb_value" not in source and "def check_identity" not in source and "import itertools" not in source
    assert "def choquet_pairs" not in source and "import fractions" not in source


def test_an_enumeration_with_long_arguments_prints_them_over_lines(tmp_path):
    points = [[f"{k}/{k + 40}", "1/100"] for k in range(1, 31)]
    step = Enumeration("the chains of thirty Q_2x3", "choquet_pairs", {"q2x3": points, "grids": [[2, 1]]}, 30 + 9)
    source = certificate_source(_subject(step))
    assert "    'q2x3': (\n        ('1/41', '1/100'), " in source and max(map(len, source.splitlines()[-20:])) <= 110
    done = run_certificate(_write(tmp_path, _subject(step)))
    assert done.returncode == 0 and "39 cases" in done.stdout, done.stdout + done.stderr


def test_an_enumeration_copies_its_procedure_and_only_the_helpers_it_calls():
    source = certificate_source(_subject(EVERY_KIND[-2]))
    for needed in ("def check_enumeration", "def choquet_pairs", "def chains_agree", "def lowest_below", "def bel",
                   "def pl", "def mass_grid", "def q2x3_rows", "import fractions", "import itertools"):
        assert needed in source
    assert "def choquet_rows" not in source and "def credal_vertices" not in source
    assert "check_enumeration(choquet_pairs, arguments_1, 1)" in source


@pytest.mark.parametrize("name, step", [(type(s).__name__ + str(i), s) for i, s in enumerate(EVERY_KIND[:-1])],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_each_printer_alone_gives_a_certificate_that_checks(tmp_path, name, step):
    done = run_certificate(_write(tmp_path, _subject(step)))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_certificate_with_a_false_step_exits_non_zero_and_says_which(tmp_path):
    wrong = ExactValue("the printed formula", p / (1 - q), {"p": HALF, "q": 0}, sympy.Rational(2, 3))
    done = run_certificate(_write(tmp_path, _subject(SmtQuery("x^2 >= 0", UNSAT, "unsat"), wrong)))
    assert done.returncode == 1
    assert "[FAIL] 2. exact value: the printed formula" in done.stdout and "CERTIFICATE FAILS" in done.stdout


def test_a_verdict_without_machine_checked_steps_gets_no_certificate():
    with pytest.raises(NoCertificate, match=r"no certificate for T9\.9: the proved verdict rests on evidence "
                                            r"without machine-checked steps \(decision\)"):
        certificate_source(_subject(Stated("only prose")))
    with pytest.raises(NoCertificate, match="an inconclusive verdict certifies nothing"):
        certificate_source(_subject(SmtQuery("q", UNSAT), status="inconclusive", outcome="inconclusive"))


def test_writing_refuses_nothing_half_way(tmp_path):
    good = _subject(SmtQuery("x^2 >= 0", UNSAT, "unsat"))
    bare = Subject("T9.8", "t", "s", "a", "proved", "r", (Evidence("decision", "proved", "d"),))
    written, refused = write_certificates([good, bare], tmp_path / "out")
    assert [p.name for p in written] == ["T9_9.py"] and refused == [
        "no certificate for T9.8: the proved verdict rests on evidence without machine-checked steps (decision)"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["T9_9.py"]
    assert os.access(written[0], os.X_OK), "a certificate is a script: executable"
    assert write_certificates([bare], tmp_path / "none") == ([], refused) and not (tmp_path / "none").exists()


def test_writing_into_an_existing_directory_replaces_the_certificates_and_keeps_the_rest(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "T9_9.py").write_text("an old certificate")
    (out / "notes.txt").write_text("the user's")
    written, _ = write_certificates([_subject(SmtQuery("x^2 >= 0", UNSAT, "unsat"))], out)
    assert written == [out / "T9_9.py"] and "an old certificate" not in written[0].read_text()
    assert (out / "notes.txt").read_text() == "the user's"
    assert sorted(p.name for p in out.iterdir()) == ["T9_9.py", "notes.txt"], "no temporary file left"


# ---------------------------------------------------------------------------------------- expressions
@pytest.mark.parametrize("name, paper", [("eps", "epsilon"), ("lam", "lamda"), ("q3", "q_3"), ("n1", "n_1"),
                                         ("N2", "N_2"), ("pi", "pi"), ("p", "p")])
def test_paper_names(name, paper):
    assert paper_name(name) == paper


EXPRESSIONS = [
    sympy.Pow(2, -1, evaluate=False) * p,
    p ** sympy.Rational(1, 3) + sympy.sqrt(q) - 1 / sympy.sqrt(p),
    sympy.exp(-eps) * pi + sympy.pi,
    sympy.Sum(n1 ** 2, (n1, 0, n)),
    sympy.Piecewise((p, p > q), (q, True)),
    sympy.And(p < 1, sympy.Or(q >= 0, sympy.Not(sympy.Eq(p, q)))),
    sympy.binomial(n, 2) * sympy.Rational(-3, 4) + sympy.E,
    sympy.erf(lam / sympy.sqrt(2)) + sympy.Abs(q - p),
]


@pytest.mark.parametrize("expr", EXPRESSIONS, ids=lambda e: sympy.srepr(e)[:40])
def test_printed_expressions_build_the_same_sympy_object(expr):
    names = Names(expr.atoms(sympy.Symbol), reserved={"S", "Rational", "Symbol"})
    renamed = names.rename(expr)
    source = print_expression(renamed, names)
    assert not python_numbers(source)
    namespace = {k: getattr(sympy, k) for k in dir(sympy) if not k.startswith("_")}
    exec("\n".join(names.declarations()), namespace)  # the test runs printed code; the toolkit never does
    assert eval(source, namespace) == renamed  # noqa: S307 - the printer's own output, in a test


def test_a_symbol_named_like_a_function_the_script_calls_is_renamed():
    gamma = sympy.Symbol("gamma", real=True)
    names = Names({gamma}, reserved={"gamma"})
    assert names.identifiers[names.renamed[gamma]] == "gamma_"


def test_the_prelude_is_closed_under_what_each_helper_calls():
    source = prelude(["check_holds"])
    for needed in ("def check_holds", "def truth", "def sign_of", "def arb_value", "def is_zero", "def value_at",
                   "def step", "def finish"):
        assert needed in source
