"""The record of what the machine checked in a sign decision (for proof certificates): every z3/cvc5 query
that decided a step, as SMT-LIB text that a fresh solver answers as recorded; every box the interval
decider closed, re-checked here with mpmath's interval arithmetic; every mean-value argument with what it
states. The record is deterministic and has no duplicates."""

from __future__ import annotations

import json

import mpmath
import pytest
import sympy
import z3

from proofs.base.evidence import Outcome
from proofs.engines.sign.decide import sign_evidence
from proofs.kernel.record import Transcript


def _rerun_z3(smtlib: str) -> str:
    solver = z3.SolverFor("QF_NRA")
    solver.set("timeout", 20_000)
    solver.from_string(smtlib)
    return str(solver.check())


def _rerun_cvc5(smtlib: str) -> str:
    import cvc5  # optional heavy dependency, as in the engine

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("tlimit-per", "20000")
    symbols = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, smtlib, "record")
    answer = ""
    while True:
        command = parser.nextCommand()
        if command.isNull():
            return answer
        answer = command.invoke(solver, symbols).strip() or answer


def _rerun(smtlib: str) -> str:
    return _rerun_cvc5(smtlib) if "QF_NRAT" in smtlib else _rerun_z3(smtlib)


RECORDED = [
    pytest.param("p - q", ["q < p"], ">0", {}, "proved", id="polynomial-proof"),
    pytest.param("4*p*(1-p) - 1", ["0 < p < 1"], ">0", {}, "counterexample", id="polynomial-refutation-with-region"),
    pytest.param("log(p/q)", ["0 < q < p"], ">0", {}, "proved", id="logarithm"),
    pytest.param("1/(p - q)", ["0 < q < p <= 1"], ">0", {}, "proved", id="denominator-sign"),
    pytest.param("exp(eps/2) - 1", "eps > 0", ">0", {}, "proved", id="exp-substitution"),
    pytest.param("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", "<0", {}, "proved", id="mean-value-z3"),
    pytest.param("exp(x) - 1 - x", [], ">=0", {"symbols": ["x"], "solver": "cvc5"}, "proved", id="cvc5-and-taylor"),
]


@pytest.mark.parametrize(("expr", "domain", "sign", "options", "outcome"), RECORDED)
def test_every_recorded_query_answers_as_recorded(expr, domain, sign, options, outcome):
    evidence = sign_evidence(expr, domain, sign=sign, timeout=30, **options)
    assert evidence.outcome.value == outcome
    queries = evidence.detail["queries"]
    assert queries
    for query in queries:
        assert set(query) == {"smtlib", "expected", "says"}
        assert query["says"].startswith(query["expected"] + ":")
        assert _rerun(query["smtlib"]) == query["expected"], query


def test_a_proof_records_the_query_that_proves_it():
    evidence = sign_evidence("p - q", ["q < p"], timeout=30)
    proving = [q for q in evidence.detail["queries"] if q["expected"] == "unsat"]
    assert any("no point of the domain violates" in q["says"] for q in proving)
    assert any(q["says"] == "sat: the domain has a point" for q in evidence.detail["queries"])


def test_the_region_of_a_refuted_condition_is_recorded_with_its_proof():
    evidence = sign_evidence("p - 1/3", ["0 < p < 1"], timeout=30)
    assert evidence.holds_when == "p > 1/3"
    assert any(q["says"].startswith("unsat: [with p > 1/3] no point") for q in evidence.detail["queries"])


def test_the_record_is_deterministic_and_has_no_duplicates():
    runs = [sign_evidence("(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], sign="<=0", timeout=30) for _ in range(2)]
    keys = ("queries", "boxes", "arguments")
    first, second = ({k: e.detail.get(k) for k in keys} for e in runs)
    assert first == second
    for key in keys:
        items = [json.dumps(item, sort_keys=True) for item in first.get(key) or []]
        assert len(items) == len(set(items)), key


def _iv_value(expression: str, box: dict[str, list[str]]) -> mpmath.iv.mpf:
    expr = sympy.sympify(expression)         # the record's own text (written by the engine, not by a user)
    values = {sympy.Symbol(name): sympy.Symbol(name) for name in box}
    function = sympy.lambdify(list(values), expr, modules=[{"exp": mpmath.iv.exp, "log": mpmath.iv.log,
                                                             "sqrt": mpmath.iv.sqrt, "E": mpmath.iv.e,
                                                             "pi": mpmath.iv.pi, "mpf": mpmath.iv.mpf}, "mpmath"])
    ends = [mpmath.iv.mpf([lo.replace("oo", "inf"), hi.replace("oo", "inf")]) for lo, hi in box.values()]
    return function(*ends)                   # outward rounded at iv's own precision: wider, never wrong


def _mean_value(expression: str, box: dict[str, list[str]], centre: dict[str, str]) -> mpmath.iv.mpf:
    """f(m) + sum f_i'(B) (B_i - m_i), in mpmath's interval arithmetic."""
    expr = sympy.sympify(expression)
    total = _iv_value(str(expr.subs({sympy.Symbol(n): sympy.Rational(m) for n, m in centre.items()})), {})
    for name, (lo, hi) in box.items():
        m = sympy.Rational(centre[name])
        slope = _iv_value(str(sympy.diff(expr, sympy.Symbol(name))), box)
        total += slope * mpmath.iv.mpf([str(sympy.Rational(lo) - m), str(sympy.Rational(hi) - m)])
    return total


def test_every_closed_box_is_closed_by_an_independent_enclosure():
    evidence = sign_evidence("exp(x) - x - 1/2", ["0 <= x <= 3"], sign=">0", symbols=["x"], timeout=30,
                             solver="interval")
    assert evidence.outcome is Outcome.PROVED
    boxes = evidence.detail["boxes"]
    covered = sorted((sympy.Rational(b["box"]["x"][0]), sympy.Rational(b["box"]["x"][1])) for b in boxes)
    assert covered[0][0] == 0 and covered[-1][1] == 3
    assert all(a[1] == b[0] for a, b in zip(covered, covered[1:])), "the boxes tile the domain"
    kinds = set()
    for box in boxes:
        assert box["sign"] == "> 0"
        if box["enclosure"] == "natural interval extension":
            kinds.add("natural")
            assert _iv_value(box["expression"], box["box"]).a > 0, box
        else:
            assert box["enclosure"].startswith("mean-value form") and "centre" in box
            kinds.add("mean-value")
            assert _mean_value(box["expression"], box["box"], box["centre"]).a > 0, box
    assert kinds == {"natural", "mean-value"}


def test_a_mean_value_argument_states_what_it_shows():
    evidence = sign_evidence("log(x) - x + 1", ["x > 0"], sign="<=0", symbols=["x"], timeout=30)
    arguments = evidence.detail["arguments"]
    assert arguments and all({"states", "because", "expression"} <= set(a) for a in arguments)
    assert any("mean value theorem" in a["because"] for a in arguments)


def test_a_transcript_merges_without_duplicates():
    record, other = Transcript(), Transcript()
    record.query("(check-sat)", "sat", "sat: the domain has a point")
    other.query("(check-sat)", "sat", "sat: the domain has a point")
    other.box(["x"], ((None, 1),), "x - 2", "natural interval extension", "< 0")
    record.extend(other)
    record.extend(other)
    assert len(record.queries) == 1 and record.boxes == [{"box": {"x": ["-oo", "1"]}, "expression": "x - 2",
                                                          "enclosure": "natural interval extension", "sign": "< 0"}]
