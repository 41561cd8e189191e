"""The rule that turns evidence into a status, and the validation of evidence itself."""

from __future__ import annotations

import pytest

from proofs.base.evidence import Correction, Evidence
from proofs.base.verdict import Status, Verdict, decide

D = "test domain"
PROVED = Evidence("symbolic", "proved", D)
DECIDED = Evidence("decision", "proved", D)
HOLDS = Evidence("enumeration", "holds", D, {"cases checked": 10})
HOLDS_PROP = Evidence("property", "holds", D, {"examples": 2000})
CEX = Evidence("enumeration", "counterexample", D, counterexample={"n": 1, "p": "3/5"}, recheck="exact")
CEX_OTHER_READING = Evidence("enumeration", "counterexample", D, counterexample={"n": 1}, recheck="exact",
                             reading="errors as a pair")
UNKNOWN = Evidence("decision", "inconclusive", D, {"z3": "unknown"})
CRASH = Evidence("property", "error", "(check did not complete)", {"exception": "ZeroDivisionError"})


@pytest.mark.parametrize(
    "evidence, status",
    [
        pytest.param([], Status.INCONCLUSIVE, id="no-evidence"),
        pytest.param([PROVED, HOLDS], Status.PROVED, id="proof-and-grid"),
        pytest.param([DECIDED, UNKNOWN], Status.PROVED, id="proof-and-timeout"),
        pytest.param([HOLDS, HOLDS_PROP], Status.SUPPORTED, id="grid-and-search"),
        pytest.param([HOLDS, UNKNOWN], Status.SUPPORTED, id="grid-and-timeout"),
        pytest.param([HOLDS, CEX], Status.REFUTED, id="counterexample-beats-grid"),
        pytest.param([PROVED, CEX], Status.ERROR, id="proof-contradicts-counterexample"),
        pytest.param([PROVED, CRASH], Status.ERROR, id="crash"),
        pytest.param([UNKNOWN], Status.INCONCLUSIVE, id="only-timeout"),
        pytest.param([HOLDS, CEX_OTHER_READING], Status.SUPPORTED, id="other-reading-does-not-decide"),
        pytest.param([CEX_OTHER_READING], Status.INCONCLUSIVE, id="only-other-reading"),
    ],
)
def test_status_is_computed_from_evidence(evidence, status):
    assert decide(evidence).status is status


def test_contradiction_names_the_methods():
    assert "symbolic proved" in decide([PROVED, CEX]).reason and "enumeration" in decide([PROVED, CEX]).reason


def test_verdict_exposes_counterexample_and_unverified_corrections_are_hidden():
    unverified = Correction("x = 1", (UNKNOWN,))
    verified = Correction("x = 2", (PROVED,))
    v = Verdict((HOLDS, Evidence("enumeration", "counterexample", D, counterexample={"n": 2}, recheck="exact",
                                 corrected=unverified)))
    assert v.status is Status.REFUTED and v.counterexample == {"n": 2} and v.corrected is None
    v2 = Verdict((Evidence("enumeration", "counterexample", D, counterexample={"n": 2}, recheck="exact",
                           corrected=verified),))
    assert v2.corrected == "x = 2"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        pytest.param(dict(method="guess", outcome="holds", domain=D), r"method='guess'", id="unknown-method"),
        pytest.param(dict(method="symbolic", outcome="maybe", domain=D), r"outcome='maybe'", id="unknown-outcome"),
        pytest.param(dict(method="enumeration", outcome="proved", domain=D), r"cannot prove", id="grid-cannot-prove"),
        pytest.param(dict(method="property", outcome="proved", domain=D), r"cannot prove", id="search-cannot-prove"),
        pytest.param(dict(method="enumeration", outcome="counterexample", domain=D), r"needs the point",
                     id="counterexample-without-point"),
        pytest.param(dict(method="enumeration", outcome="counterexample", domain=D, counterexample={"n": 1}),
                     r"re-checked", id="counterexample-not-rechecked"),
        pytest.param(dict(method="enumeration", outcome="holds", domain=""), r"domain=''", id="no-domain"),
    ],
)
def test_invalid_evidence_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Evidence(**kwargs)


def test_counterexamples_are_stored_exactly():
    from fractions import Fraction

    import sympy

    e = Evidence("enumeration", "counterexample", D, recheck="exact",
                 counterexample={"p": Fraction(3, 5), "q": sympy.Rational(1, 5), "n": sympy.Integer(3)})
    assert e.counterexample == {"p": "3/5", "q": "1/5", "n": 3}


# ------------------------------------------------------------------------------------------ vacuity
VACUOUS_GRID = Evidence("enumeration", "holds", D, {"cases checked": 40}, premise_cases=0)
VACUOUS_PROOF = Evidence("decision", "proved", D, premise_cases=0)
WITNESSED_GRID = Evidence("enumeration", "holds", D, {"cases checked": 40}, premise_cases=12)


@pytest.mark.parametrize(
    "evidence, status",
    [
        pytest.param([VACUOUS_GRID], Status.INCONCLUSIVE, id="grid-over-no-premise-case"),
        pytest.param([VACUOUS_PROOF, VACUOUS_GRID], Status.INCONCLUSIVE, id="proof-of-an-unsatisfiable-premise"),
        pytest.param([VACUOUS_PROOF, CEX], Status.REFUTED, id="vacuous-proof-beside-a-counterexample"),
        pytest.param([VACUOUS_GRID, WITNESSED_GRID], Status.SUPPORTED, id="one-grid-met-the-premise"),
        pytest.param([VACUOUS_PROOF, HOLDS], Status.SUPPORTED, id="vacuous-proof-is-no-proof"),
    ],
)
def test_vacuous_support_earns_nothing(evidence, status):
    decision = decide(evidence)
    assert decision.status is status
    if status is Status.INCONCLUSIVE:
        assert decision.reason.startswith("vacuous")


# ------------------------------------------------------------------------------- status vacuous
NEVER = Evidence("decision", "proved", D, {"why the premise never holds": "T^op(1) = 1 > 0 = f_op(1)"},
                 premise_cases=0, premise_never_holds=True)
NEVER_SYMBOLIC = Evidence("symbolic", "proved", D, premise_cases=0, premise_never_holds=True)
WITNESSED_PROOF = Evidence("decision", "proved", D, premise_cases=1)


@pytest.mark.parametrize(
    "evidence, status",
    [
        pytest.param([NEVER], Status.VACUOUS, id="premise-proved-never-to-hold"),
        pytest.param([NEVER_SYMBOLIC, VACUOUS_GRID], Status.VACUOUS, id="symbolic-proof-and-a-grid-without-premise"),
        pytest.param([NEVER, CEX_OTHER_READING], Status.VACUOUS, id="other-reading-does-not-decide"),
        pytest.param([NEVER, PROVED], Status.VACUOUS, id="vacuity-outranks-a-proof-of-the-conclusion"),
        pytest.param([NEVER, CEX], Status.ERROR, id="a-counterexample-needs-the-premise"),
        pytest.param([NEVER, WITNESSED_GRID], Status.ERROR, id="a-checked-case-where-the-premise-held"),
        pytest.param([NEVER, WITNESSED_PROOF], Status.ERROR, id="a-proof-with-a-premise-witness"),
        pytest.param([NEVER, CRASH], Status.ERROR, id="crash-first"),
        pytest.param([VACUOUS_PROOF, VACUOUS_GRID], Status.INCONCLUSIVE, id="no-premise-case-is-not-vacuous"),
    ],
)
def test_decide_vacuous_only_from_a_proof_that_the_premise_never_holds(evidence, status):
    assert decide(evidence).status is status


def test_decide_vacuous_reason_says_the_premise_never_holds_on_the_whole_domain():
    reason = decide([NEVER]).reason
    assert reason == ("the premise never holds on the whole domain, proved by decision: T^op(1) = 1 > 0 = f_op(1)")
    assert "proved the premise never holds but enumeration found a counterexample" in decide([NEVER, CEX]).reason


def test_decide_vacuous_shows_the_correction_beside_it():
    verified = Correction("the repaired statement", (PROVED,))
    v = Verdict((Evidence("decision", "proved", D, premise_cases=0, premise_never_holds=True, corrected=verified),))
    assert v.status is Status.VACUOUS and v.corrected == "the repaired statement"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        pytest.param(dict(method="enumeration", outcome="holds", premise_cases=0), r"premise_never_holds=True.*"
                     r"method=enumeration", id="a-grid-cannot-show-it"),
        pytest.param(dict(method="decision", outcome="inconclusive"), r"premise_never_holds=True.*outcome=inconclusive",
                     id="only-a-proof"),
        pytest.param(dict(method="decision", outcome="proved", premise_cases=3), r"premise_cases=3",
                     id="with-premise-cases"),
        pytest.param(dict(method="decision", outcome="proved"), r"premise_cases=None", id="without-premise-cases"),
    ],
)
def test_decide_vacuous_evidence_is_validated(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Evidence(domain=D, premise_never_holds=True, **kwargs)
    with pytest.raises(ValueError, match=r"premise_never_holds='yes'"):
        Evidence("decision", "proved", D, premise_cases=0, premise_never_holds="yes")


def test_exhaustive_counts_the_cases_where_the_premise_held():
    from proofs.engines.methods import exhaustive

    cases = [{"k": k} for k in range(10)]
    evidence = exhaustive(cases, lambda c: c["k"] % 2 == 0, domain="k < 10", premise=lambda c: c["k"] % 2 == 0)
    assert evidence.outcome.value == "holds" and evidence.premise_cases == 5
    never = exhaustive(cases, lambda c: False, domain="k < 10", premise=lambda c: c["k"] > 10)
    assert never.premise_cases == 0 and never.vacuous


@pytest.mark.parametrize(
    "counterexample",
    [
        pytest.param({"n": 1, "lhs": 0, "rhs": 0}, id="lhs-equals-rhs"),
        pytest.param({"n": 1, "claimed": "1/2", "exact": "1/2"}, id="claimed-equals-exact"),
        pytest.param({"n": 1, "claimed": 3, "enumerated": "3"}, id="same-value-spelled-twice"),
    ],
)
def test_a_counterexample_whose_sides_agree_is_refused(counterexample):
    with pytest.raises(ValueError, match=r"its two sides .* are equal"):
        Evidence("enumeration", "counterexample", D, counterexample=counterexample, recheck="exact")


def test_equal_sides_are_a_counterexample_to_a_strict_inequality():
    evidence = Evidence("decision", "counterexample", D, counterexample={"q": 0, "lhs": 0, "rhs": 0,
                                                                          "relation": "lhs < rhs"}, recheck="exact")
    assert evidence.counterexample["relation"] == "lhs < rhs"
