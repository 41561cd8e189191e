"""The sign claims of 003 §3.1–3.2 at the quick budget: statuses as computed by the toolkit, and their figures."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from proofs.runner import run_claim

_CACHE: dict[str, object] = {}


def result(claim_id: str):
    if claim_id not in _CACHE:
        _CACHE[claim_id] = run_claim(claim_id, "quick")
    return _CACHE[claim_id]


def by_reading(claim_id: str, reading: str | None):
    return [e for e in result(claim_id).evidence if e.reading == reading]


STATUSES = [
    pytest.param("C3.11", "refuted", id="C3_11"),
    pytest.param("C3.11.derivative", "refuted", id="C3_11_derivative"),
    pytest.param("C3.12", "proved", id="C3_12"),
    pytest.param("C3.12.p", "refuted", id="C3_12_p"),
    pytest.param("C3.20", "proved", id="C3_20"),
    pytest.param("C3.20.compare", "proved", id="C3_20_compare"),
    pytest.param("Qlambda.loss", "proved", id="Qlambda_loss"),
    pytest.param("Fig2.warner-optimal", "proved", id="Fig2_warner_optimal"),
    pytest.param("Ex3.7.optimal", "proved", id="Ex3_7_optimal"),
    pytest.param("Fig5.rectangle", "refuted", id="Fig5_rectangle"),
]


@pytest.mark.parametrize(("claim_id", "status"), STATUSES)
def test_sign_claims_computed_status(claim_id, status):
    outcome = result(claim_id)
    assert outcome.status.value == status, outcome.verdict.reason
    methods = {e.method.value for e in outcome.evidence}
    assert "decision" in methods and len(methods) >= 2
    for evidence in outcome.evidence:
        if evidence.method.value == "decision" and "z3 outcome" in evidence.detail:
            assert evidence.detail["z3 outcome"] in ("sat", "unsat")


def test_C3_11_fails_at_n1_and_holds_from_n2():
    verdict = result("C3.11").verdict
    point = verdict.counterexample
    n, p, q, pi = point["n"], Fraction(point["p"]), Fraction(point["q"]), Fraction(point["pi"])
    assert n == 1 and p > Fraction(1, 2) and q >= 0 and p + q <= 1
    from symbolic import symbols as S

    f = (-(S.pi - sympy.Rational(1, 2)) ** 2 + ((S.p + S.q) / (S.p - S.q)) ** 2 / 4) / ((S.n + 1) * (S.p + S.q) - 1)
    derivative = sympy.diff(f, S.q).subs({S.n: n, S.p: sympy.Rational(p), S.q: sympy.Rational(q),
                                          S.pi: sympy.Rational(pi)})
    assert derivative <= 0 and derivative == sympy.Rational(point["value"])
    assert verdict.holds_when == "n >= 2"
    assert verdict.corrected is not None and "n \\geq 2" in verdict.corrected


def test_C3_11_exact_conditional_variance_increases_for_small_n():
    readings = by_reading("C3.11", "exact conditional variance")
    assert readings and all(e.outcome.value == "proved" for e in readings)


def test_C3_11_derivative_printed_form_differs_from_sympy():
    verdict = result("C3.11.derivative").verdict
    point = verdict.counterexample
    assert point["lhs"] != point["rhs"]
    assert verdict.corrected is not None


def test_C3_12_p_holds_only_for_c_one_half():
    verdict = result("C3.12.p").verdict
    point = verdict.counterexample
    assert point["c"] != "1/2"
    assert verdict.holds_when == "c == 1/2"
    assert "e^{\\epsilon}c" in verdict.corrected
    assert by_reading("C3.12.p", "c is the don't-know probability")[0].outcome.value == "proved"


def test_C3_12_printed_nu_s_would_make_Q_GWRR_worst():
    assert by_reading("C3.12", "nu^S as printed")[0].outcome.value == "counterexample"
    assert by_reading("C3.12", "approximate A")[0].outcome.value == "proved"


def test_Fig2_readings_exact_A_fails_at_n1():
    printed = by_reading("Fig2.warner-optimal", "exact A as printed")[0]
    assert printed.outcome.value == "counterexample" and printed.counterexample["n"] == 1
    exact = [e for e in by_reading("Fig2.warner-optimal", "exact conditional variance") if e.method.value == "decision"]
    assert exact[0].counterexample["n"] == 1          # n = 1: the conditional variance does not depend on c
    crosscheck = [e for e in by_reading("Fig2.warner-optimal", "exact conditional variance")
                  if e.method.value == "enumeration"]
    assert crosscheck and crosscheck[0].outcome.value == "holds"


def test_Fig5_rectangle_corner_is_not_a_trade_off():
    verdict = result("Fig5.rectangle").verdict
    point = verdict.counterexample
    assert point["corner (eps^W, nu^W)"] == ["log(4)", "25/4"]
    assert point["trade-off of Q_1 (the only Q_lam with loss eps^W)"] == ["log(4)", "25/36"]
    assert verdict.corrected is not None and "curve" in verdict.corrected


def test_Ex3_7_optimal_also_among_all_binary_mechanisms():
    assert by_reading("Ex3.7.optimal", "all binary mechanisms")[0].outcome.value == "proved"
