"""003 §3.1, Figures 2 and 3 (catalog/claims/survey_figures.py) at the quick budget: statuses as the toolkit
computes them, the conditions under which Figure 2 holds, and the readings of Figure 3."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.context import EXACT
from proofs.base.evidence import Outcome
from catalog.claims import survey_figures as figures
from catalog.derivations import privacy_accuracy as pa
from tests.claims.quick_results import quick, status_message

STATUS = [
    pytest.param("Fig2.warner-optimal", "proved", id="Fig2_warner_optimal"),
    pytest.param("Fig3.sample-size", "proved", id="Fig3_sample_size"),
]


def by_reading(claim_id: str, reading: str | None):
    return [e for e in quick(claim_id).evidence if e.reading == reading]


@pytest.mark.parametrize(("claim_id", "status"), STATUS)
def test_survey_figure_status_at_quick(claim_id, status):
    found, reason = status_message(claim_id)
    assert found == status, reason


def test_Fig2_warner_optimal_holds_when_names_both_readings():
    holds_when = quick("Fig2.warner-optimal").verdict.holds_when
    assert "approximated error" in holds_when and r"every $n \ge 1$" in holds_when
    assert "exact conditional variance" in holds_when and r"$n \ge 2$" in holds_when


def test_Fig2_exact_conditional_variance_ties_at_n1_and_decreases_from_n2():
    exact = {e.method.value: e for e in by_reading("Fig2.warner-optimal", "exact conditional variance")}
    decided = exact["decision"]
    assert decided.outcome is Outcome.COUNTEREXAMPLE and int(decided.counterexample["n"]) == 1
    assert Fraction(decided.counterexample["value"]) == 0          # n = 1: every c gives the same variance
    assert decided.holds_when.startswith("2 <= n")
    assert exact["symbolic"].outcome is Outcome.PROVED              # E[1/M | M > 0] = 1 at n = 1
    crosschecks = [e for e in by_reading("Fig2.warner-optimal", "exact conditional variance")
                   if e.method.value == "enumeration"]
    assert crosschecks and all(e.outcome is Outcome.HOLDS for e in crosschecks)


def test_Fig2_exact_A_as_printed_fails():
    (printed,) = by_reading("Fig2.warner-optimal", "exact A as printed")
    assert printed.outcome is Outcome.COUNTEREXAMPLE and int(printed.counterexample["n"]) == 1


@pytest.mark.parametrize("reading", [None, "Theorem 3.10 as printed", "approximate A"],
                         ids=["exact_conditional_variance", "printed", "approximate_A"])
def test_Fig3_sample_size_both_parts_proved_for_each_form(reading):
    decided = [e for e in by_reading("Fig3.sample-size", reading) if e.method.value == "decision"]
    assert len(decided) == 4 and all(e.outcome is Outcome.PROVED for e in decided)


def test_Fig3_relative_spread_does_not_shrink():
    """Var(n = 10)/Var(n = 1000) does not depend on ε: the curves are proportional."""
    (evidence,) = by_reading("Fig3.sample-size", "relative spread")
    assert evidence.outcome is Outcome.COUNTEREXAMPLE and Fraction(evidence.counterexample["value"]) == 0
    ratio = figures._fig3_variance(10, None) / figures._fig3_variance(1000, None)
    assert sympy.simplify(sympy.diff(ratio, figures.RATIO)) == 0


def test_Fig3_variances_are_exact_and_ordered():
    values = {"t": Fraction(2), "pi": Fraction(1, 2)}
    variances = [EXACT.evaluate(figures._fig3_variance(size, None), values) for size in figures.FIG3_SIZES]
    assert all(a > b for a, b in zip(variances, variances[1:]))
    assert pa.variance_factor(10, Fraction(1, 10)) == sympy.Rational(35007131899, 311111111080)
    crosschecks = by_reading("Fig3.sample-size", "enumerated conditional variance")
    assert len(crosschecks) == 4 and all(e.outcome is Outcome.HOLDS for e in crosschecks)
