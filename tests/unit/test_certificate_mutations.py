"""A certificate fails when what it checks is changed: sample certificates of real verdicts, each mutated in
one machine-checked step (a counterexample's value, an expected SMT answer, an identity's right-hand side, an
enumeration's number of cases or one of the helpers it copies), exit non-zero; unchanged, they exit 0."""

from __future__ import annotations

import re

import pytest

from proofs.certificates import certificate_source, file_name
from tests.certificate_runner import run_certificate
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
    assert run_certificate(original).returncode == 0
    mutated = tmp_path / ("mutated_" + file_name(claim_id))
    mutated.write_text(mutate(source), encoding="utf-8")
    done = run_certificate(mutated)
    assert done.returncode == 1, f"changing the {what} did not make the certificate fail:\n{done.stdout}"
    assert "[FAIL]" in done.stdout and "CERTIFICATE FAILS" in done.stdout
