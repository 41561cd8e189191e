"""A certificate fails when what it checks is changed: sample certificates of real verdicts, each mutated in
one machine-checked step (a counterexample's value, an expected SMT answer, an identity's right-hand side, an
enumeration's number of cases or one of the helpers it copies), exit non-zero; unchanged, they exit 0. So do
certificates whose point is moved outside the claim's domain, whose derived quantity (A of Theorem 3.10) is
given another value, whose exact side is replaced by a formula with the same value at the point, or from which
a step is deleted; a condition true as written is stated, never counted as a machine-checked step."""

from __future__ import annotations

import re

import pytest

from proofs.certificates import certificate_source, file_name
from tests.certificate_runner import run_certificate, run_certificate_once
from tests.claims.quick_results import quick


def _value(source: str) -> str:
    """The first exact value a counterexample step compares with, plus one."""
    mutated, count = re.subn(r"(check_value\(expr_\d+, point_\d+, )([^)]*\)?)\)", r"\1(\2) + 1)", source, count=1)
    assert count == 1
    return mutated


def _answer(source: str) -> str:
    """The first expected SMT answer, flipped."""
    mutated, count = re.subn(r"(check_smt\(QUERY_\d+, 'z3', )'unsat'\)", r"\1'sat')", source, count=1)
    assert count == 1
    return mutated


def _right_hand_side(source: str) -> str:
    """The first identity's right-hand side, plus one (a line added after its definition)."""
    match = re.search(r"^step\((\d+), '(identity|summation|derivative)'", source, flags=re.M)
    assert match
    number = match.group(1)
    return source.replace(f"step({number}, '{match.group(2)}'", f"rhs_{number} = rhs_{number} + 1\nstep({number}, "
                          f"'{match.group(2)}'", 1)


def _cases(source: str) -> str:
    """The first enumeration's stated number of cases, plus one (a case dropped from the regenerated grid)."""
    mutated, count = re.subn(r"(check_enumeration\(\w+, arguments_\d+, )(\d+)\)",
                             lambda m: f"{m.group(1)}{int(m.group(2)) + 1})", source, count=1)
    assert count == 1
    return mutated


def _helper(old: str, new: str):
    """A helper of the enumerations broken: ``old`` (once in the script) replaced by ``new``."""
    def mutate(source: str) -> str:
        assert source.count(old) == 1
        return source.replace(old, new)
    return mutate


SAMPLES = [("Ex3.7.mle", "counterexample value", _value), ("L3.2", "expected SMT answer", _answer),
           ("T3.9", "identity right-hand side", _right_hand_side),
           ("T3.5.proof.choquet", "enumeration case count", _cases),
           ("T3.5.proof.choquet", "upper Choquet integral", _helper("m[a] * max(on[a])", "m[a] * min(on[a])")),
           ("T3.5.proof.choquet", "envelope of a chain", _helper("low < best", "low > best"))]


@pytest.mark.parametrize("claim_id, what, mutate", SAMPLES, ids=[s[1] for s in SAMPLES])
def test_a_mutated_certificate_fails(tmp_path, claim_id, what, mutate):
    source = certificate_source(quick(claim_id))
    original = tmp_path / file_name(claim_id)
    original.write_text(source, encoding="utf-8")
    assert run_certificate_once(original).returncode == 0  # the unchanged script passes (run once per session)
    mutated = tmp_path / ("mutated_" + file_name(claim_id))
    mutated.write_text(mutate(source), encoding="utf-8")
    done = run_certificate(mutated)
    assert done.returncode == 1, f"changing the {what} did not make the certificate fail:\n{done.stdout}"
    assert "[FAIL]" in done.stdout and "CERTIFICATE FAILS" in done.stdout


# ------------------------------------------------------------------ mutations a referee would try next
def _point_value(name: str, new: str):
    """The value of ``name`` in the first point of the script replaced by ``new`` (the point moved)."""
    def mutate(source: str) -> str:
        pattern = rf"(^point_1 = \{{.*?\b{name}: )(Rational\(-?\d+, \d+\)|-?\d+)"
        mutated, count = re.subn(pattern, rf"\g<1>{new}", source, count=1, flags=re.M)
        assert count == 1
        return mutated
    return mutate


def _delete_last_step(source: str) -> str:
    """The last machine-checked step's call deleted (its lambda on the next line, if it has one)."""
    lines = source.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("step("))
    end = start + 1 if lines[start + 1].startswith("     lambda:") else start
    return "\n".join(lines[:start] + lines[end + 1:]) + "\n"


def _exact_side_as_its_value(source: str) -> str:
    """The exact side of the refutation replaced by another formula with its value at the point (a constant)."""
    match = re.search(r"'exact value', 'the exact [^']*',\n\s+lambda: check_value\((lhs_\d+), point_\d+, (.*)\)\)$",
                      source, flags=re.M)
    assert match, "no exact side named by an identity"
    name, value = match.groups()
    rhs = "rhs_" + name.split("_")[1]
    assert source.count(f"\n{rhs} = ") == 1
    return source.replace(f"\n{rhs} = ", f"\n{name} = {value}\n{rhs} = ", 1)


DOMAIN_STEP = "condition at a point: the point lies in the claim's domain"
MUTATIONS = [
    ("T3.10", "point moved outside the domain (p < 1/2)", _point_value("p", "Rational(2, 5)"), DOMAIN_STEP),
    ("R.zbar-unbiased", "point moved outside the domain (|mu| > R)", _point_value("R", "Rational(1, 2)"),
     DOMAIN_STEP),
    ("Qlambda.mle@000", "point moved outside the domain (lambda > 1)", _point_value("lamda", "2"), DOMAIN_STEP),
    ("Ex3.7.mle", "point moved outside the domain (n1 > n)", _point_value("n_1", "2"), DOMAIN_STEP),
    ("Ex3.7.mle", "point moved outside the domain (n1 < 0, a bound the symbol's assumptions imply)",
     _point_value("n_1", "-1"), DOMAIN_STEP),
    ("T3.5.converse", "budget moved outside the domain (eps = 0)", _point_value("r", "1"),
     "condition at a point: the budget lies in the claim's domain: r = e^eps > 1, i.e. eps > 0"),
    ("L3.4.proof.pushforward", "map moved outside the domain (f(a) not in Z)", _point_value("f_a", "2"),
     "condition at a point: f maps every label of Y into Z"),
    ("T3.10", "derived quantity A given another value", _point_value("A", "Rational(5, 7)"),
     "condition at a point: A at the point is its defining sum"),
    ("T3.10", "exact side replaced by a formula equal at the point", _exact_side_as_its_value,
     "summation: the exact side at n = 1"),
    ("nuS", "exact side replaced by a formula equal at the point", _exact_side_as_its_value,
     "summation: the exact side at n = 1"),
    ("T3.10", "a step of a refutation deleted", _delete_last_step, None),
    ("L3.15", "a step of a proof deleted", _delete_last_step, None),
    ("R.ci-gauss", "a step of a finite support deleted", _delete_last_step, None),
]


@pytest.mark.parametrize("claim_id, what, mutate, failing", MUTATIONS, ids=[f"{m[0]}: {m[1]}" for m in MUTATIONS])
def test_a_certificate_fails_when_what_it_rests_on_is_changed(tmp_path, claim_id, what, mutate, failing):
    source = certificate_source(quick(claim_id))
    original = tmp_path / file_name(claim_id)
    original.write_text(source, encoding="utf-8")
    assert run_certificate_once(original).returncode == 0  # the unchanged script passes (run once per session)
    mutated = tmp_path / ("mutated_" + file_name(claim_id))
    mutated.write_text(mutate(source), encoding="utf-8")
    done = run_certificate(mutated)
    assert done.returncode == 1, f"{what} did not make the certificate fail:\n{done.stdout}"
    assert "CERTIFICATE FAILS" in done.stdout
    if failing is None:
        assert re.search(r"This certificate must run machine-checked steps 1 to \d+, each once; it ran \d+ "
                         r"\(missing: \[\d+\]\)", done.stdout), done.stdout
    else:
        assert re.search(rf"^\[FAIL\] \d+\. {re.escape(failing)}", done.stdout, flags=re.M), done.stdout


def test_a_condition_true_as_written_is_listed_as_stated_and_certifies_nothing_alone():
    import sympy

    from proofs.base.evidence import Evidence
    from proofs.kernel.steps import ExactValue, Holds
    from proofs.certificates import NoCertificate, Subject

    always = Holds("a number below another", sympy.erfc(25) < sympy.Rational(1, 10**100), {})
    alone = Subject("X.1", "a claim", "here", "a statement", "supported", "finite",
                    (Evidence("enumeration", "holds", "one point", steps=(always,)),))
    with pytest.raises(NoCertificate, match="^no certificate for X.1: the supported verdict rests on evidence "
                                            "without machine-checked steps"):
        certificate_source(alone)
    value = ExactValue("p/2 at p = 1", sympy.Symbol("p") / 2, {"p": 1}, sympy.Rational(1, 2))
    beside = Subject("X.1", "a claim", "here", "a statement", "supported", "finite",
                     (Evidence("enumeration", "holds", "one point", steps=(always, value)),))
    source = certificate_source(beside)
    assert "finish([\n    ('a number below another (not machine-checked: its condition is true as written" in source
    assert "expected=1)" in source and source.count("\nstep(") == 1
