"""proofs.engines.certified and proofs.engines.composite: signs decided at two precisions, exhaustive checks
on them, confirmed exact results, proofs in steps, witnesses and premises."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.context import EXACT, arb, mpf
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.engines.certified import certified_exhaustive, certified_sign, confirmed
from proofs.engines.composite import chain, premise_witnessed, witness
from proofs.engines.methods import identity
from core.errors import InvalidArgument


def _log2_minus(x):
    return lambda ctx: ctx.log(ctx.number(2)) - ctx.number(x)


@pytest.mark.parametrize("ctx", [arb(30), mpf(30)], ids=["arb", "mpf"])
@pytest.mark.parametrize(("value", "sign"), [(Fraction(69, 100), 1), (Fraction(7, 10), -1)], ids=["above", "below"])
def test_certified_sign_of_log2_minus_a_rational(ctx, value, sign):
    found = certified_sign(_log2_minus(value), ctx)
    assert found.sign == sign and not found.zero and len(found.values) == 2


@pytest.mark.parametrize("ctx", [arb(30), mpf(30)], ids=["arb", "mpf"])
def test_a_cancelling_difference_is_zero_not_a_sign(ctx):
    found = certified_sign(lambda c: c.exp(c.log(c.number(3))) - c.number(3), ctx)
    assert found.sign is None and found.zero
    assert found.satisfies("==0") is True and found.satisfies(">=0") is None


def test_certified_exhaustive_finds_the_first_failure_and_counts_the_premise():
    cases = [{"x": Fraction(k, 10)} for k in range(5, 9)]
    ev = certified_exhaustive(cases, lambda case, ctx: _log2_minus(case["x"])(ctx), sign=">0", domain="x grid",
                              premise=lambda case: case["x"] != Fraction(6, 10))
    assert ev.outcome is Outcome.COUNTEREXAMPLE and ev.method is Method.INTERVAL
    assert ev.recheck is Recheck.TWO_PRECISIONS and ev.counterexample["x"] == "7/10"
    assert ev.premise_cases == 2


def test_certified_exhaustive_holds_and_reports_undecided_cases():
    ev = certified_exhaustive([{"x": Fraction(1, 2)}], lambda case, ctx: _log2_minus(case["x"])(ctx), sign=">0",
                              domain="one point", ctx=mpf(30))
    assert ev.outcome is Outcome.HOLDS and ev.method is Method.ENUMERATION
    undecided = certified_exhaustive([{"x": 0}], lambda case, ctx: ctx.number(0), sign=">0", domain="zero")
    assert undecided.outcome is Outcome.INCONCLUSIVE and "undecided case" in undecided.detail


def test_confirmed_keeps_a_result_only_when_both_precisions_agree():
    assert confirmed(lambda ctx: (Fraction(1, 3), {}))[0] == Fraction(1, 3)
    assert confirmed(lambda ctx: (None, {"undecided": 1}))[0] is None
    flips = iter([1, 2])
    value, infos = confirmed(lambda ctx: (next(flips), {}))
    assert value is None and len(infos) == 2


def test_chain_proves_only_when_every_step_is_proved():
    good = identity("(p + 1)**2", "p**2 + 2*p + 1", domain="all p")
    bad = Evidence(Method.DECISION, Outcome.INCONCLUSIVE, "time-out")
    assert chain([("square", good)], conclusion="c", domain="d").outcome is Outcome.PROVED
    failed = chain([("square", good), ("solver", bad)], conclusion="c", domain="d")
    assert failed.outcome is Outcome.INCONCLUSIVE and failed.detail["steps not proved"] == ["solver"]


def test_witness_proves_existence_from_an_exact_point():
    ev = witness("p - 1/3", ["p > 0", "p < 1"], sign="<0", describe="p below 1/3")
    assert ev.outcome is Outcome.PROVED and Fraction(ev.detail["witness"]["p"]) < Fraction(1, 3)
    none = witness("p", ["p > 0"], sign="<0", describe="a negative p")
    assert none.outcome is Outcome.INCONCLUSIVE and "no such point" in none.detail["note"]


def test_premise_witnessed_counts_one_case_or_none():
    proof = identity("p", "p", domain="all p")
    assert premise_witnessed(proof, {"p": 1}, True).premise_cases == 1
    assert premise_witnessed(proof, {"p": 1}, False).vacuous


@pytest.mark.parametrize(("call", "match"), [
    (lambda: certified_sign(lambda c: 0, EXACT), r"ctx=EXACT: an exact value needs no confirmation"),
    (lambda: certified_exhaustive([{}], lambda c, x: 0, sign="<>0", domain="d"), r"sign='<>0': not one of"),
    (lambda: chain([], conclusion="c", domain="d"), r"steps=\[\]: a proof has at least one step"),
    (lambda: chain([("s", identity("p", "p", domain="d"))], conclusion="c", domain="d", method="interval"),
     r"method='interval': only a symbolic argument or a decision procedure proves"),
    (lambda: witness("p", ["p > 0"], sign="~0", describe="x"), r"sign='~0': not one of"),
], ids=["exact-context", "bad-sign", "empty-chain", "chain-method", "witness-sign"])
def test_invalid_arguments_name_the_value(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()
