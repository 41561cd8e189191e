"""003 §3.2 on the trade-off in Walley's semantics (catalog/claims/walley_tradeoff.py) at the quick budget: the
loss of Q_λ, Figure 5's rectangle, Corollary 3.20 and the comparison after it."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from proofs.base.evidence import Outcome
from proofs.base.verdict import Status, correction_status
from catalog.derivations import privacy_accuracy as pa
from symbolic.symbols import n, p, pi, q
from tests.claims.quick_results import quick, status_message

STATUS = [
    pytest.param("Qlambda.loss", "proved", id="Qlambda_loss"),
    pytest.param("Fig5.rectangle", "refuted", id="Fig5_rectangle"),
    pytest.param("C3.20", "proved", id="C3_20"),
    pytest.param("C3.20.compare", "proved", id="C3_20_compare"),
]


@pytest.mark.parametrize(("claim_id", "status"), STATUS)
def test_walley_tradeoff_claim_status_at_quick(claim_id, status):
    found, reason = status_message(claim_id)
    assert found == status, reason


def test_C3_20_compare_is_not_vacuous():
    primary = [e for e in quick("C3.20.compare").evidence if e.reading is None]
    assert primary and all(e.premise_cases and e.premise_cases >= 1 for e in primary)


def test_Qlambda_loss_strictly_increasing_when_there_is_dont_know():
    (evidence,) = [e for e in quick("Qlambda.loss").evidence if e.reading == "strictly increasing in lambda"]
    assert evidence.outcome is Outcome.PROVED


def test_Fig5_rectangle_corner_is_not_a_trade_off():
    verdict = quick("Fig5.rectangle").verdict
    point = verdict.counterexample
    values = {p: Fraction(point["p"]), q: Fraction(point["q"]), pi: Fraction(point["pi"]), n: int(point["n"])}
    assert values[p] > Fraction(1, 2) and values[q] > 0 and values[p] + values[q] < 1
    assert point["corner (eps^W, nu^W)"] == ["log(4)", "25/4"]
    assert point["trade-off of Q_1 (the only Q_lam with loss eps^W)"] == ["log(4)", "25/36"]
    assert sympy.simplify(pa.nu_w().subs(values)) == sympy.Rational(25, 4)
    assert sympy.simplify(pa.variance_q_lambda(1).subs(values)) == sympy.Rational(25, 36)
    assert verdict.corrected is not None and "curve" in verdict.corrected
    assert correction_status(verdict.correction) is Status.PROVED
