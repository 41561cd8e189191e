"""proofs.check_sign on stated domains: an empty domain earns nothing, the three forms of ``domain=``
(list, string, core.domain.Domain) read alike, integer symbols from the domain, and the constants' names
(pi and E are constants, e and I are refused unless declared)."""

from __future__ import annotations

import pytest

from core.domain import Domain
from proofs import check_sign
from proofs.base.evidence import Outcome
from proofs.engines.sign.decide import sign_evidence
from core.errors import InvalidArgument

# ---------------------------------------------------------------------------------------- empty domains
EMPTY = [
    pytest.param("x", ["x > 1", "x < 0"], "<0", "z3", id="polynomial-bounds-contradict"),
    pytest.param("p - q", ["p + q > 1", "p < 0", "q < 0"], ">0", "z3", id="polynomial-no-point"),
    pytest.param("exp(x) - x", ["x > 1", "x < 0"], ">0", "z3", id="transcendental-condition-polynomial-domain"),
    pytest.param("exp(x) - x", ["log(x) > 1", "x < 2"], ">0", "cvc5", id="transcendental-domain"),
    pytest.param("sqrt(x) - x", ["exp(x) + x > 10", "x < 1"], ">=0", "cvc5", id="transcendental-domain-with-exp"),
]


@pytest.mark.parametrize(("expr", "domain", "sign", "solver"), EMPTY)
def test_an_empty_domain_earns_nothing(expr, domain, sign, solver):
    verdict = check_sign(expr, domain, sign=sign, symbols=["x"], timeout=20)
    assert verdict.status.value == "inconclusive"
    assert "the domain is empty" in verdict.reason and solver in verdict.reason
    for evidence in verdict.evidence:
        assert evidence.premise_cases == 0 and evidence.vacuous
        assert evidence.detail["domain"] == "empty"


def test_an_empty_domain_is_decided_before_the_condition():
    # the condition would be undefined (a vanishing denominator) on a non-empty domain: nothing is asked
    verdict = check_sign("1/(p - q)", ["p > 1", "p < 0", "0 < q < 1"], timeout=20)
    assert verdict.status.value == "inconclusive" and "empty" in verdict.reason


def test_the_empty_domain_query_is_recorded():
    evidence = sign_evidence("x", ["x > 1", "x < 0"], sign="<0", symbols=["x"], timeout=20)
    (query,) = evidence.detail["queries"]
    assert query["expected"] == "unsat" and "the domain is empty" in query["says"]
    assert "(assert" in query["smtlib"] and "(check-sat)" in query["smtlib"]


def test_a_domain_not_shown_to_have_a_point_does_not_carry_a_proof():
    # no integer lies in (0, 1): z3 finds a real point but no integer one, and says so
    evidence = sign_evidence("n", ["0 < n < 1"], integers=["n"], timeout=20)
    assert evidence.outcome is Outcome.INCONCLUSIVE
    assert "not shown" in evidence.detail["note"] and "integer point" in evidence.detail["domain not shown non-empty"]


def test_a_proof_states_a_point_of_its_domain():
    evidence = sign_evidence("p - q", ["q < p"], timeout=20)
    assert evidence.outcome is Outcome.PROVED and evidence.premise_cases is None
    point = evidence.detail["domain point"]
    assert set(point) == {"p", "q"}


# ---------------------------------------------------------------------------------------- domain= forms
FORMS = [
    pytest.param(["eps > 0", "d >= 2"], {"integers": ["d"]}, id="list"),
    pytest.param("eps > 0, d >= 2 integer", {}, id="string"),
    pytest.param(Domain.parse("eps > 0, d >= 2 integer"), {}, id="core-domain"),
    pytest.param(["eps > 0", "d >= 2 integer"], {}, id="list-with-an-integer-declaration"),
    pytest.param("eps > 0; d >= 2", {"integers": ["d"]}, id="string-integers-argument"),
]


@pytest.mark.parametrize(("domain", "options"), FORMS)
def test_domain_forms_read_alike(domain, options):
    ratio = "(exp(eps)/(exp(eps)+d-1)) / (1/(exp(eps)+d-1)) - exp(eps)"
    verdict = check_sign(ratio, domain=domain, sign="==0", timeout=20, **options)
    assert verdict.status.value == "proved"
    (evidence,) = verdict.evidence
    assert "integers: d" in evidence.domain and evidence.detail["domain point"]["d"] >= 2


def test_domain_is_positional_or_a_keyword_and_may_be_left_out():
    assert check_sign("p - q", ["q < p"]).status.value == "proved"
    assert check_sign("p - q", domain=["q < p"]).status.value == "proved"
    assert check_sign("p**2 + 1").status.value == "proved"


def test_integer_symbols_of_a_string_domain_give_integer_counterexamples():
    verdict = check_sign("n*p - 2", "n >= 1 integer, 0 < p < 1", timeout=20)
    assert verdict.status.value == "refuted" and isinstance(verdict.counterexample["n"], int)


def test_an_interval_in_a_string_domain():
    assert check_sign("p - 1/2", "p in (1/2, 1]", timeout=20).status.value == "proved"
    assert check_sign("p - 1/2", "p in [1/2, 1]", timeout=20).status.value == "refuted"


def test_a_string_domain_declares_its_names():
    # c0 and n are not the paper's names: a stated domain declares them (the list form does not)
    assert check_sign("n - c0", "0 <= c0 <= n", sign=">=0", timeout=20).status.value == "proved"
    with pytest.raises(InvalidArgument, match=r"unknown symbol\(s\) \['c0'"):
        check_sign("n - 1", ["0 <= c0 <= n"], timeout=20)


def test_constraints_on_other_variables_are_set_apart_from_a_transcendental_condition():
    verdict = check_sign("exp(eps/2) - eps/2 - 1", "eps > 0, d >= 2 integer", timeout=20)
    assert verdict.status.value == "proved"
    interval = sign_evidence("exp(eps/2) - eps/2 - 1", "eps > 0, d >= 2 integer", timeout=20, solver="interval")
    assert "d >= 2" in interval.detail["constraints apart"]
    refuted = check_sign("exp(eps/2) - eps - 1", "eps > 0, d >= 2 integer", timeout=20)
    assert refuted.status.value == "refuted" and refuted.counterexample["d"] >= 2


BAD_DOMAINS = [
    pytest.param("p > 0 and", r"domain='p > 0 and': does not parse", id="unparseable-string"),
    pytest.param(42, r"domain=42: must be a list of constraints, a string", id="a-number"),
    pytest.param("p = 1/2", r"uses '='", id="single-equals-in-a-string"),
]


@pytest.mark.parametrize(("domain", "message"), BAD_DOMAINS)
def test_bad_domains_are_refused_in_one_line(domain, message):
    with pytest.raises(InvalidArgument, match=message):
        check_sign("p", domain, timeout=5)


# ---------------------------------------------------------------------------------------- constants
def test_pi_is_the_constant_when_not_declared():
    verdict = check_sign("pi - 355/113", [], timeout=10)            # pi = 3.14159265... < 355/113 = 3.14159292...
    assert verdict.status.value == "refuted"
    assert set(verdict.counterexample) == {"value", "value (exact form)"}    # no variable: the constant's value
    assert check_sign("pi - 333/106", [], timeout=10).status.value == "proved"


def test_E_is_eulers_number():
    assert check_sign("E - 271/100", [], timeout=10).status.value == "proved"
    assert check_sign("x - E", ["x > 3"], symbols=["x"], timeout=10).status.value == "proved"


def test_the_readme_example_declares_e_by_its_domain():
    verdict = check_sign("(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], sign="<=0")
    assert verdict.status.value == "proved"
    assert "e is a variable here, not Euler's number" in verdict.evidence[0].detail["names"]


DECLARED = [
    pytest.param("pi*(1 - pi)", ["0 < pi < 1"], {}, "pi is a variable here, not the constant π", id="pi-by-its-domain"),
    pytest.param("pi*(1 - pi)", "pi in (0, 1)", {}, "pi is a variable here", id="pi-by-a-string-domain"),
    pytest.param("exp(e) - 1", ["e > 0"], {}, "e is a variable here", id="e-by-its-domain"),
    pytest.param("e**2 + 1", [], {"symbols": ["e"]}, "e is a variable here", id="e-by-symbols"),
    pytest.param("I**2 + 1", [], {"symbols": ["I"]}, "I is a variable here, not the imaginary unit", id="I-by-symbols"),
    pytest.param("E + 1", ["E > 0"], {}, "E is a variable here, not Euler's number", id="E-by-its-domain"),
]


@pytest.mark.parametrize(("expr", "domain", "options", "note"), DECLARED)
def test_a_declared_constants_name_is_stated_as_a_variable(expr, domain, options, note):
    verdict = check_sign(expr, domain, timeout=10, **options)
    assert verdict.status.value == "proved"
    assert any(note in n for n in verdict.evidence[0].detail["names"])


def test_pi_constrained_with_another_name_stays_the_constant():
    verdict = check_sign("x - pi", ["0 < x < 2*pi"], sign="<0", symbols=["x"], timeout=20)
    assert verdict.status.value == "refuted" and 3 < verdict.counterexample["x"] < 7
    assert "names" not in verdict.evidence[0].detail


REFUSED = [
    pytest.param("exp(e) - 1", [], {}, r"the name 'e' is not Euler's number here", id="e-undeclared"),
    pytest.param("x - e", ["x > 3"], {"symbols": ["x"]}, r"Euler's number is E", id="e-in-a-joint-constraint"),
    pytest.param("I*x", ["x > 3"], {"symbols": ["x"]}, r"the name 'I' is not the imaginary unit here",
                 id="I-undeclared"),
]


@pytest.mark.parametrize(("expr", "domain", "options", "message"), REFUSED)
def test_e_and_I_are_refused_unless_declared(expr, domain, options, message):
    with pytest.raises(InvalidArgument, match=message):
        check_sign(expr, domain, timeout=10, **options)
