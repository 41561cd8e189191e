"""003 §3.1 on designing the survey (catalog/claims/survey_design.py and survey_design_c312.py) at the quick
budget: Corollaries 3.11 and 3.12, the text after them, and the optimal Warner mechanism after Eq. (1).
Statuses as the toolkit computes them; every counterexample lies in its claim's domain and is re-checked here
exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.context import EXACT
from numeric.enumeration import moments
from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from catalog.claims import survey_design as design
from catalog.derivations import printed as P
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import c, eps
from tests.claims.quick_results import quick, status_message

STATUS = [
    pytest.param("C3.11", "refuted", id="C3_11"),
    pytest.param("C3.11.derivative", "refuted", id="C3_11_derivative"),
    pytest.param("C3.11.interpretation", "refuted", id="C3_11_interpretation"),
    pytest.param("C3.12", "proved", id="C3_12"),
    pytest.param("C3.12.p", "refuted", id="C3_12_p"),
    pytest.param("Ex3.7.optimal", "proved", id="Ex3_7_optimal"),
]
#: implications: every primary decision and grid counts the cases where the premise held (at least one)
IMPLICATIONS = ["C3.12", "C3.12.p", "Ex3.7.optimal"]
HALF = Fraction(1, 2)


def by_reading(claim_id: str, reading: str | None):
    return [e for e in quick(claim_id).evidence if e.reading == reading]


def exact_point(point: dict) -> dict:
    return {k: Fraction(v) for k, v in point.items() if k in ("n", "p", "q", "pi", "c")}


@pytest.mark.parametrize(("claim_id", "status"), STATUS)
def test_survey_design_claim_status_at_quick(claim_id, status):
    found, reason = status_message(claim_id)
    assert found == status, reason


@pytest.mark.parametrize("claim_id", IMPLICATIONS, ids=lambda i: i.replace(".", "_"))
def test_survey_design_implications_are_not_vacuous(claim_id):
    counted = [e for e in by_reading(claim_id, None) if e.premise_cases is not None]
    assert counted, claim_id
    assert all(e.premise_cases >= 1 and not e.vacuous for e in counted)
    assert all(e.premise_cases is not None for e in by_reading(claim_id, None)
               if e.method.value in ("decision", "enumeration"))


def test_C3_11_fails_at_n1_and_holds_from_n2():
    verdict = quick("C3.11").verdict
    point = exact_point(verdict.counterexample)
    assert point["n"] == 1 and point["p"] > HALF and point["q"] >= 0 and point["p"] + point["q"] <= 1
    assert 0 <= point["pi"] <= 1
    value = EXACT.evaluate(design.F_PRIME, point)
    assert value <= 0 and value == Fraction(verdict.counterexample["value"])
    assert verdict.holds_when == "n >= 2"
    assert verdict.corrected is not None and "n \\geq 2" in verdict.corrected


def test_C3_11_exact_conditional_variance_increases_in_q_for_each_decided_n():
    (evidence,) = by_reading("C3.11", "exact conditional variance")
    assert evidence.outcome is Outcome.HOLDS and evidence.detail["fails for n"] == []
    assert "a proof for every n would need" in evidence.detail


def test_C3_11_derivative_printed_form_differs_from_the_derivative():
    verdict = quick("C3.11.derivative").verdict
    point = verdict.counterexample
    values = exact_point(point)
    assert values["p"] > HALF and values["q"] >= 0 and values["p"] + values["q"] <= 1
    derivative, printed = EXACT.evaluate(design.F_PRIME, values), EXACT.evaluate(pa.f_prime_printed(), values)
    assert {Fraction(point["lhs"]), Fraction(point["rhs"])} == {derivative, printed} and derivative != printed
    assert verdict.corrected is not None and correction_status(verdict.correction) is Status.PROVED


def test_C3_11_interpretation_more_dont_know_is_worse_at_fixed_eps():
    verdict = quick("C3.11.interpretation").verdict
    point = verdict.counterexample
    ratio, total = Fraction(point["exp(eps)"]), Fraction(point["c"])
    assert sympy.exp(sympy.sympify(point["eps"])) == ratio and ratio > 1
    assert 0 < total <= 1 and ratio * total / (ratio + 1) > HALF
    values = {"t": ratio, "c": total, "pi": Fraction(point["pi"]), "n": int(point["n"])}
    derivative = sympy.diff(design.APPROX_AT_LOSS, c).subs(sympy.exp(eps), sympy.Symbol("t"))
    assert EXACT.evaluate(derivative, values) == Fraction(point["value"]) < 0
    assert r"nowhere at a fixed $\epsilon$" in verdict.holds_when
    assert verdict.corrected is not None and correction_status(verdict.correction) is Status.PROVED


def test_C3_11_interpretation_grid_counterexample_is_exact():
    (grid,) = [e for e in by_reading("C3.11.interpretation", None) if e.method.value == "enumeration"]
    point = grid.counterexample
    ratio, big, small = Fraction(point["exp(eps)"]), Fraction(point["c"]), Fraction(point["c'"])
    values = {"pi": Fraction(point["pi"]), "n": int(point["n"]), "t": ratio}
    variance = design.APPROX_AT_LOSS.subs(sympy.exp(eps), sympy.Symbol("t"))
    more, fewer = EXACT.evaluate(variance, {**values, "c": small}), EXACT.evaluate(variance, {**values, "c": big})
    assert small < big and ratio * small / (ratio + 1) > HALF
    assert more >= fewer and (Fraction(point["f at c' (more don't know)"]), Fraction(point["f at c"])) == (more, fewer)


def test_C3_11_interpretation_exact_variance_from_enumeration():
    """At n = 2, e^ε = 3 and π = 1/2, c = 3/4 has a larger exact conditional variance than c = 1."""
    (evidence,) = [e for e in by_reading("C3.11.interpretation", "(a) exact conditional variance")]
    point = evidence.counterexample
    assert evidence.outcome is Outcome.COUNTEREXAMPLE and int(point["n"]) == 2 and Fraction(point["pi"]) == HALF
    at = {total: moments(P.PI_HAT, 2, 3 * total / 4, total / 4, HALF, given="N1+N2 > 0", mode="exact").variance
          for total in (Fraction(3, 4), Fraction(1))}
    assert at[Fraction(3, 4)] > at[Fraction(1)]
    assert (Fraction(point["Var at c' (more don't know)"]), Fraction(point["Var at c"])) == (at[Fraction(3, 4)],
                                                                                            at[Fraction(1)])


def test_C3_11_interpretation_reading_b_is_corollary_3_11():
    (approximate,) = by_reading("C3.11.interpretation", "(b) p fixed, q varying: f")
    assert approximate.outcome is Outcome.COUNTEREXAMPLE and approximate.holds_when == "n >= 2"
    (exact,) = by_reading("C3.11.interpretation", "(b) p fixed, q varying: exact conditional variance")
    assert exact.outcome is Outcome.HOLDS


def test_C3_12_printed_nu_s_would_make_Q_GWRR_worst():
    assert by_reading("C3.12", "nu^S as printed")[0].outcome is Outcome.COUNTEREXAMPLE
    assert by_reading("C3.12", "approximate A")[0].outcome is Outcome.PROVED


def test_C3_12_p_holds_only_for_c_one_half():
    verdict = quick("C3.12.p").verdict
    point = verdict.counterexample
    total, truth, lie = Fraction(point["c"]), Fraction(point["p"]), Fraction(point["q"])
    ratio = Fraction(point["exp(eps)"])
    assert truth + lie == total and truth == ratio * lie and lie > 0 and 0 < total <= 1 and ratio > 1
    printed = EXACT.evaluate(pa.p_printed_after_c312().subs(sympy.exp(-eps), 1 / sympy.Symbol("t")),
                             {"c": total, "t": ratio})
    assert printed != truth and total != HALF
    assert verdict.holds_when == "c == 1/2"
    assert "e^{\\epsilon}c" in verdict.corrected
    assert by_reading("C3.12.p", "c is the don't-know probability")[0].outcome is Outcome.PROVED


def test_Ex3_7_optimal_also_among_all_binary_mechanisms():
    (evidence,) = by_reading("Ex3.7.optimal", "all binary mechanisms")
    assert evidence.outcome is Outcome.PROVED and evidence.premise_cases == 1
