"""proofs.check_sign on transcendental conditions that take seconds: an unbounded tail through x = 1/t,
and a condition tight along a face (two variables) that the interval decider leaves open and cvc5 proves."""

from __future__ import annotations

from proofs import check_sign
from proofs.base.evidence import Outcome
from proofs.engines.sign.decide import sign_evidence


def test_an_unbounded_tail_through_the_substitution_x_equals_one_over_t():
    evidence = sign_evidence("log(x) - sqrt(x)", ["x > 0"], sign="<0", symbols=["x"], timeout=60)
    assert evidence.outcome is Outcome.PROVED
    assert any("with x = 1/x_inverse" in a for a in evidence.detail["monotonicity arguments"])
    assert "x unbounded" in evidence.domain


def test_a_face_where_the_condition_is_tight_is_left_open_and_cvc5_decides():
    # p occurs inside and outside exp: check_sign's first method now proves it by certified bounds on the
    # logarithm, so the interval decider and cvc5 are asked for by name
    domain = ["0 < p < 1", "0 < q < 1"]
    interval = sign_evidence("exp(p) - 1 - p*q", domain, sign=">0", solver="interval", timeout=3)
    assert interval.outcome is Outcome.INCONCLUSIVE and interval.detail["open measure"] > 0
    crosscheck = sign_evidence("exp(p) - 1 - p*q", domain, sign=">0", solver="cvc5", timeout=60)
    assert crosscheck.outcome is Outcome.PROVED and crosscheck.detail["cvc5"] == "unsat"
    assert check_sign("exp(p) - 1 - p*q", domain, sign=">0", timeout=60).status.value == "proved"
