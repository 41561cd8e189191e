"""The steps a verdict rests on (proofs.kernel.steps): each kind validated on construction, re-checked by the
helpers a certificate copies, written to JSON and read back; the counterexample steps of a point claim; the
canonical SMT-LIB text; which evidence a certificate covers."""

from __future__ import annotations

import ast
import inspect
import pickle
import pickletools
import re
from fractions import Fraction

import pytest
import sympy
import z3

from proofs.kernel import enumerations, stepcheck
from proofs.base.evidence import Evidence
from proofs.kernel.grounds import certified, certified_steps, complete, step_counts
from proofs.kernel.record import recorded_steps
from proofs.kernel.steps import (
    Boxes, Enumeration, ExactValue, FiniteCheck, Holds, Identity, Inequality, PointClaim, SmtQuery, Stated,
    TwoPrecisions, attach, cannot_fail, settled, step_key, trivial_query,
    counterexample_steps, normalised_smtlib, step_from_json,
)
from core.errors import InvalidArgument
from core.formula import parse_srepr

p, q, x = sympy.symbols("p q x", real=True)
n = sympy.Symbol("n", integer=True, positive=True)
k = sympy.Symbol("k", integer=True, nonnegative=True)
HALF = sympy.Rational(1, 2)
UNSAT = "(declare-fun x () Real)\n(assert (< (* x x) 0.0))\n(check-sat)\n"
SAT = "(declare-fun x () Real)\n(assert (> (* x x) 1.0))\n(check-sat)\n"

GOOD = {
    "smt-unsat": SmtQuery("x^2 >= 0", UNSAT, "unsat"),
    "smt-sat": SmtQuery("x^2 > 1 somewhere", SAT, "sat"),
    "smt-cvc5": SmtQuery("x^2 >= 0 (cvc5)", "(set-logic QF_NRA)\n" + UNSAT, "unsat", "cvc5"),
    "identity": Identity("(p+q)^2", (p + q) ** 2, p**2 + 2 * p * q + q**2, "expand"),
    "summation": Identity("sum of k", sympy.Sum(k, (k, 0, n)), n * (n + 1) / 2, "simplify"),
    "derivative": Identity("d/dx x^3", sympy.Derivative(x**3, x), 3 * x**2, "cancel"),
    "value": ExactValue("p/(1-q) at a point", p / (1 - q), {"p": HALF, "q": Fraction(1, 3)}, sympy.Rational(3, 4)),
    "irrational-value": ExactValue("exp(p) at 1/2", sympy.exp(p), {"p": HALF}, sympy.sqrt(sympy.E)),
    "holds": Holds("p < q", p < q, {"p": 0, "q": HALF}),
    "holds-irrational": Holds("e^p > 1 + p", sympy.exp(p) > 1 + p, {"p": HALF}),
    "holds-integer": Holds("n >= 2", n >= 2, {"n": 3}, integers=("n",)),
    "holds-between-numbers": Holds("erf(1)/2 > 1/10^5, both sides in balls",
                                   sympy.StrictGreaterThan(sympy.erf(1) / 2, sympy.Rational(1, 10**5),
                                                           evaluate=False), {}),
    "boxes": Boxes("1 + x^2 > 0", 1 + x**2, ">0", ({"x": (-1, 1)}, {"x": (1, 2)})),
    "grid": FiniteCheck("p q <= 1", p * q <= 1, 4, grid={"p": (0, HALF), "q": (0, 1)}),
    "points": FiniteCheck("p <= q", p <= q, 2, names=("p", "q"), points=((0, 1), (HALF, HALF))),
    "premise": FiniteCheck("q <= 1 where p <= q", q <= 1, 4, grid={"p": (0, 1), "q": (0, 1)}, premise=p <= q,
                           premise_cases=3),
    "inequality": Inequality("(p - q)^2 >= 0", (p - q) ** 2 + p**2, p**2, "factor"),
    "inequality-gamma": Inequality("binomial >= 0", sympy.binomial(n + k, k), 0, "gamma"),
    "two-precisions": TwoPrecisions("int_0^1 e^(-x^2) dx > p", sympy.Integral(sympy.exp(-x**2), (x, 0, 1)) - p, ">0",
                                    ("p",), ((0,), (Fraction(7, 10),)), 20),
    "two-precisions-where": TwoPrecisions("erf(c) > p at c = 2 p", sympy.erf(q) - p, ">=0", ("p",), ((HALF,),), 20,
                                          (("q", 2 * p),)),
    "enumeration": Enumeration("Choquet integrals on Q_2x3(3/5, 1/5) and every row on 2 labels in (1/2)Z",
                               "choquet_rows", {"q2x3": [["3/5", "1/5"]], "grids": [[2, 2]]}, 2 * 9 + 6 * 9),
}
BAD = {
    "identity": Identity("p = q", p, q, "simplify"),
    "value": ExactValue("p/(1-q) at a point", p / (1 - q), {"p": HALF, "q": Fraction(1, 3)}, sympy.Rational(2, 3)),
    "holds": Holds("p > q", p > q, {"p": 0, "q": HALF}),
    "holds-integer": Holds("n >= 2 with n = 5/2", n >= 2, {"n": sympy.Rational(5, 2)}, integers=("n",)),
    "smt": SmtQuery("x^2 >= 0, expecting sat", UNSAT, "sat"),
    "boxes": Boxes("x > 0 on [-1, 1]", x, ">0", ({"x": (-1, 1)},)),
    "grid": FiniteCheck("p q < 1/4", p * q < sympy.Rational(1, 4), 4, grid={"p": (0, HALF), "q": (0, 1)}),
    "grid-count": FiniteCheck("p q <= 1 over 5 cases", p * q <= 1, 5, grid={"p": (0, HALF), "q": (0, 1)}),
    "inequality": Inequality("p >= q", p, q, "factor"),
    "two-precisions": TwoPrecisions("int_0^1 e^(-x^2) dx > p", sympy.Integral(sympy.exp(-x**2), (x, 0, 1)) - p, ">0",
                                    ("p",), ((0,), (Fraction(3, 4),)), 20),
    "two-precisions-zero": TwoPrecisions("sin(pi) > 0", sympy.sin(sympy.pi * p), ">=0", ("p",), ((1,),), 20),
    "enumeration-count": Enumeration("the chains of Q_2x3(3/5, 1/5), stated over 2 cases", "choquet_pairs",
                                     {"q2x3": (("3/5", "1/5"),), "grids": ()}, 2),
}


@pytest.mark.parametrize("name", sorted(GOOD))
def test_a_true_step_checks(name):
    assert GOOD[name].check() is True


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_false_step_does_not_check(name):
    assert BAD[name].check() is False


@pytest.mark.parametrize("name", sorted(GOOD))
def test_a_step_survives_json(name):
    step = GOOD[name]
    again = step_from_json(step.to_json())
    assert again == step and type(again) is type(step)


@pytest.mark.parametrize("name", sorted(GOOD))
def test_a_step_survives_pickling(name):
    """Results cross processes pickled (a run's worker processes, Dask's workers, kept results)."""
    step = GOOD[name]
    again = pickle.loads(pickle.dumps(step))
    assert again == step and again.to_json() == step.to_json() and cannot_fail(again) == cannot_fail(step)


def test_a_relation_between_numbers_is_read_back_as_the_relation_not_as_true():
    """sympy rebuilds a relation by calling its class, which decides ``erf(1)/2 > 1/10^5`` and gives ``true``: the
    step would then check nothing. Read back from JSON or from a pickle, it is the relation the re-check decides;
    the pickle names only sympy and the standard library, so a process without the toolkit reads it too."""
    step = GOOD["holds-between-numbers"]
    assert cannot_fail(step) is None
    for again in (step_from_json(step.to_json()), pickle.loads(pickle.dumps(step))):
        assert isinstance(again.condition, sympy.StrictGreaterThan) and cannot_fail(again) is None and again.check()
    names = {arg for _, arg, _ in pickletools.genops(pickle.dumps(step.condition)) if isinstance(arg, str)}
    assert "functools" in names and not any(n.startswith(("core", "proofs")) for n in names), names


@pytest.mark.parametrize("relation", [sympy.Eq, sympy.Ne, sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge],
                         ids=lambda r: r.__name__)
def test_every_relation_between_numbers_reads_back_unevaluated(relation):
    """Each of sympy's six relations, between two numbers it can decide, comes back from a pickle and from its
    ``srepr`` as the same relation (sympy's own rebuilding gives ``true`` or ``false``)."""
    written = relation(sympy.erf(1) / 2, sympy.Rational(1, 10**5), evaluate=False)
    assert relation(*written.args) in (sympy.true, sympy.false)  # what sympy's rebuilding would give
    for again in (pickle.loads(pickle.dumps(written)), parse_srepr(sympy.srepr(written))):
        assert type(again) is type(written) and again.args == written.args


def test_identity_labels_say_what_is_evaluated():
    assert [GOOD[k].label for k in ("identity", "summation", "derivative")] == ["identity", "summation", "derivative"]


def test_a_stated_step_is_not_machine_checked():
    stated = Stated("exchange the two finite sums")
    assert not stated.machine_checked and step_from_json(stated.to_json()) == stated
    with pytest.raises(TypeError, match="prose"):
        stated.check()


@pytest.mark.parametrize("build, match", [
    (lambda: SmtQuery("", UNSAT), r"says='': must be a non-empty string"),
    (lambda: SmtQuery("q", UNSAT, "valid"), r"expected='valid': must be 'sat' or 'unsat'"),
    (lambda: SmtQuery("q", UNSAT, "unsat", "yices"), r"solver='yices'"),
    (lambda: SmtQuery("q", "(assert true)"), r"has no \(check-sat\) command"),
    (lambda: Identity("i", 0.5 * p, p / 2), r"contains a floating-point number"),
    (lambda: Identity("i", p, p, "guess"), r"how='guess': not one of"),
    (lambda: Identity("i", "not an srepr", p), r"not a sympy srepr string"),
    (lambda: ExactValue("v", p, {"p": 0.5}, HALF), r"must be exact .* not a float"),
    (lambda: ExactValue("v", p, {}, HALF), r"point=\{\}: must map symbol names to exact values"),
    (lambda: ExactValue("v", p, {"p": HALF}, q), r"must be a number, not an expression in symbols"),
    (lambda: Holds("h", p + q, {"p": 0, "q": 0}), r"must be a condition"),
    (lambda: Holds("h", p < q, {"p": 0}), r"gives no value for \['q'\]"),
    (lambda: Boxes("b", x, "positive", ({"x": (0, 1)},)), r"sign='positive'"),
    (lambda: Boxes("b", x, ">0", ({"x": (1, 0)},)), r"each side is an interval \[lo, hi\]"),
    (lambda: Boxes("b", x, ">0", ()), r"needs at least one box"),
    (lambda: FiniteCheck("f", p < 1, 0, grid={"p": (0,)}), r"cases=0: must be a count >= 1"),
    (lambda: FiniteCheck("f", p < 1, 1), r"give either a grid .* or points"),
    (lambda: FiniteCheck("f", p < 1, 1, grid={"p": ()}), r"grid='p': has no values"),
    (lambda: FiniteCheck("f", p < 1, 1, names=("p", "q"), points=((0,),)), r"one value per name"),
    (lambda: TwoPrecisions("t", p - q, ">0", ("p",), ((1,),)), r"has symbols \['q'\] that neither names nor where"),
    (lambda: TwoPrecisions("t", p, ">0", ("p",), ((sympy.sqrt(2),),)), r"each value is a rational"),
    (lambda: TwoPrecisions("t", p, ">0", ("p",), ((1,),), 10), r"dps=10: must be an integer number of digits"),
    (lambda: Enumeration("e", "choquet_everything", {}, 1), r"procedure='choquet_everything': not one of"),
    (lambda: Enumeration("e", "choquet_rows", {"q2x3": [[0.5, 0]], "grids": []}, 1),
     r"arguments\[q2x3\]\[0\]\[0\]=0.5: must be an integer, a rational written as text"),
    (lambda: Enumeration("e", "choquet_rows", {"q2x3": [["a half", "0"]], "grids": []}, 1),
     r"is not a rational written as text"),
    (lambda: Enumeration("e", "choquet_rows", {"q2x3": []}, 1), r"do not fit choquet_rows"),
    (lambda: Enumeration("e", "choquet_rows", {"q2x3": [], "grids": []}, 0), r"cases=0: must be a count >= 1"),
    (lambda: step_from_json({"kind": "magic"}), r"step='magic': not a step"),
    (lambda: step_from_json({"kind": "smt", "says": "q"}), r"has unexpected or missing fields"),
], ids=["says", "expected", "solver", "check-sat", "float", "how", "srepr", "float-point", "empty-point",
        "symbolic-value", "not-a-condition", "missing-value", "sign", "interval", "no-box", "no-case",
        "no-set", "empty-axis", "ragged", "two-precisions-symbols", "two-precisions-irrational", "two-precisions-dps",
        "enumeration-procedure", "enumeration-float", "enumeration-text", "enumeration-signature",
        "enumeration-no-case", "unknown-kind", "missing-field"])
def test_invalid_steps_are_refused_in_one_line(build, match):
    with pytest.raises(InvalidArgument, match=match) as error:
        build()
    assert "\n" not in str(error.value)


# ------------------------------------------------------------------------------------ point claims
def test_counterexample_steps_recompute_both_sides_and_the_domain():
    steps = counterexample_steps(printed=p / (1 - q), exact=p, point={"p": HALF, "q": "1/3"},
                                 domain="0 < p < 1, 0 <= q < 1")
    assert [type(s).__name__ for s in steps] == ["ExactValue", "ExactValue", "Holds", "Holds"]
    assert [s.value for s in steps[:2]] == [sympy.Rational(3, 4), HALF]
    assert all(s.check() for s in steps)


def test_a_point_where_the_claim_holds_is_refused():
    with pytest.raises(InvalidArgument, match="its step does not check: the claimed relation"):
        counterexample_steps(printed=p * (1 - q), exact=p - p * q, point={"p": HALF, "q": HALF}, domain=None)


def test_a_point_outside_the_domain_is_refused():
    with pytest.raises(InvalidArgument, match="its step does not check: the point lies in the claim's domain"):
        counterexample_steps(printed=p, exact=q, point={"p": 2, "q": 0}, domain="0 < p < 1")


def test_an_inequality_counterexample_with_irrational_sides_is_decided_by_balls():
    steps = counterexample_steps(printed=sympy.exp(p), exact=1 + p + p**2 / 2, point={"p": HALF}, domain="0 < p < 1",
                                 relation="<=")
    assert [type(s).__name__ for s in steps] == ["ExactValue", "Holds", "Holds"]  # e^p has no exact value step
    assert steps[1].condition == sympy.Gt(sympy.exp(p), 1 + p + p**2 / 2)


def test_a_premise_is_shown_at_the_counterexample_and_counted_in_the_support():
    claim = PointClaim(q, 1, "<=", domain="0 <= p <= 2, 0 <= q <= 2", premise=p <= q)
    assert [s.says for s in claim.counterexample({"p": 1, "q": 2})][2] == "the premise holds at the point"
    support = PointClaim(q, 2, "<=", premise=p <= q).support([{"p": a, "q": b} for a in (0, 1) for b in (0, 1)], "s")
    assert support.grid is not None and support.premise_cases == 3 and support.check()


def test_support_over_scattered_cases_lists_the_points():
    support = PointClaim(p, q, "<=").support([{"p": 0, "q": 1}, {"p": 1, "q": 1}, {"p": 1, "q": 2}], "s")
    assert support.grid is None and support.names == ("p", "q") and len(support.points) == 3


def test_support_that_does_not_hold_does_not_check():
    assert PointClaim(p, q, "<=").support([{"p": 2, "q": 1}], "s").check() is False


def test_attach_reads_the_point_from_the_evidence():
    evidence = Evidence("enumeration", "counterexample", "0 < p < 1", counterexample={"p": "1/2", "lhs": 1, "rhs": 0},
                        recheck="exact")
    attached = attach(evidence, PointClaim(p + HALF, 0, domain="0 < p < 1"))
    assert len(attached.steps) == 4 and attached.steps[0].point == {"p": HALF}


# ------------------------------------------------------------------------------------ SMT-LIB text
def _query(shared: bool) -> str:
    a, b = z3.Reals("a b")
    keep = [a * b + 1 for _ in range(3)] if shared else []
    solver = z3.Solver()
    solver.add(a * b + 1 > 0, z3.Not(a * b + 1 > 0), z3.ForAll([z3.FreshConst(z3.RealSort())], a > b))
    text = solver.to_smt2()
    del keep
    return text


def test_smtlib_is_canonical_whatever_the_context_holds():
    first, second = normalised_smtlib(_query(False)), normalised_smtlib(_query(True))
    assert first == second
    assert "let" not in first.split() and "benchmark" not in first and "!0" in first
    assert stepcheck.smt_answer(first) == "unsat"


def test_sign_records_in_a_detail_become_steps():
    detail = {"steps": {"one": {"queries": [
        {"smtlib": "(set-logic QF_NRA)\n" + UNSAT, "expected": "unsat", "says": "unsat: x^2 >= 0"},
        {"smtlib": "(set-logic QF_NRAT)\n" + UNSAT, "expected": "unsat", "says": "unsat: x^2 >= 0 (cvc5)"}]}},
        "boxes": [{"box": {"x": ["-1", "1"]}, "expression": "x**2 + 1", "enclosure": "natural", "sign": "> 0"},
                  {"box": {"x": ["1/2", "1/2"]}, "expression": "exp(x)", "enclosure": "arb", "sign": "in [1, 2] (a0)"},
                  {"box": {}, "expression": "E - 2", "enclosure": "arb", "sign": "> 0"},
                  {"box": {"x": ["1", "oo"]}, "expression": "1/x", "enclosure": "natural", "sign": ">= 0"},
                  {"box": {"x": ["0", "1"]}, "expression": "1/x", "enclosure": "natural", "sign": "nonsense"}],
        "arguments": [{"states": "exp(x) - 1 - x >= 0 on [0, 1]", "because": "its derivative is >= 0"}]}
    found = recorded_steps(detail)
    assert [type(s).__name__ for s in found] == ["SmtQuery", "SmtQuery", "Boxes", "Boxes", "Boxes", "Boxes", "Boxes",
                                                 "Stated", "Stated"]
    assert found[-2].unchecked and not found[-1].unchecked  # a record not understood, then an argument
    assert [s.solver for s in found[:2]] == ["z3", "cvc5"]
    assert all(s.check() for s in found if s.machine_checked)


# ------------------------------------------------------------------------------ what a verdict rests on
PROOF = Evidence("symbolic", "proved", "all p", steps=(GOOD["identity"], Stated("glue")))
BARE_PROOF = Evidence("decision", "proved", "all p")
OTHER_READING = Evidence("symbolic", "proved", "all p", reading="another", steps=(GOOD["identity"],))
HOLDS = Evidence("enumeration", "holds", "a grid", steps=(GOOD["grid"],))
NEVER = Evidence("decision", "proved", "statement 2 at alpha = 1", premise_cases=0, steps=(GOOD["smt-unsat"],))


@pytest.mark.parametrize("status, evidence, covered, missing, done", [
    ("proved", [PROOF, OTHER_READING], 1, 0, True),
    ("proved", [PROOF, BARE_PROOF], 1, 1, False),
    ("proved", [BARE_PROOF], 0, 1, False),
    ("supported", [HOLDS, PROOF], 1, 0, True),
    ("inconclusive", [PROOF], 0, 0, False),
    ("inconclusive", [PROOF, NEVER], 1, 0, True),
], ids=["proved", "proof-without-steps", "no-steps", "supported", "inconclusive", "vacuous"])
def test_a_certificate_covers_the_deciding_evidence_of_the_primary_reading(status, evidence, covered, missing, done):
    found = certified(status, evidence)
    assert (len(found[0]), len(found[1])) == (covered, missing)
    assert complete(status, evidence) is done


def test_step_counts_count_machine_checked_and_stated():
    assert step_counts("proved", [PROOF, BARE_PROOF]) == {"machine_checked": 1, "stated": 1, "uncovered": 1,
                                                          "unchecked": 0}


def test_a_step_decided_in_the_toolkit_but_not_recorded_leaves_the_certificate_incomplete():
    gap = Evidence("decision", "proved", "all p",
                   steps=(GOOD["identity"], Stated("h' > 0: decided by z3", unchecked=True)))
    assert not complete("proved", [gap]) and step_counts("proved", [gap])["unchecked"] == 1
    assert step_from_json(gap.steps[1].to_json()).unchecked
    assert step_counts("error", [PROOF]) is None


# ------------------------------------------------------------------------------ the helpers stand alone
ALLOWED = {"itertools", "re", "sympy", "z3", "cvc5", "flint", "mpmath", "__future__"}


@pytest.mark.parametrize("module, allowed", [(stepcheck, ALLOWED), (enumerations, {"fractions", "itertools",
                                                                                 "__future__"})],
                         ids=["stepcheck", "enumerations"])
def test_the_helpers_import_only_what_a_certificate_may(module, allowed):
    tree = ast.parse(inspect.getsource(module))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= allowed, imported - allowed


@pytest.mark.parametrize("module", [stepcheck, enumerations], ids=["stepcheck", "enumerations"])
def test_every_helper_names_what_it_calls_and_the_modules_it_uses(module):
    for name in module.NEEDS:
        source = inspect.getsource(getattr(module, name))
        called = {other for other in module.NEEDS if other != name and f"{other}(" in source}
        assert called <= set(module.NEEDS[name]), (name, called)
        used = {stdlib for stdlib in ("itertools", "fractions", "re") if re.search(rf"\b{stdlib}\.", source)}
        assert used <= set(module.STDLIB.get(name, ())), (name, used)


def test_the_procedures_are_helpers_a_certificate_can_copy():
    assert set(enumerations.PROCEDURES) <= set(enumerations.NEEDS)
    assert not set(enumerations.NEEDS) & set(stepcheck.NEEDS)


# ------------------------------------------------------------------ steps that cannot fail, repeated steps
_HYPOTHESIS_AS_GOAL = ("(declare-fun q () Real)\n(assert (< 0.0 q))\n(assert (<= q 1.0))\n"
                       "(assert (not (< 0.0 q)))\n(check-sat)\n")
_FALSE_AS_WRITTEN = "(declare-fun p () Real)\n(assert (< 0.0 p))\n(assert (<= 1.0 0.0))\n(check-sat)\n"
_IMPLICATION = ("(declare-fun q () Real)\n(assert (< 0.0 q))\n"
                "(assert (not (=> (<= q 1.0) (and (< 0.0 q) (<= q 1.0)))))\n(check-sat)\n")

CANNOT_FAIL = {
    "identity with the same sides": Identity("pi = pi", sympy.Symbol("pi"), sympy.Symbol("pi")),
    "inequality with the same sides": Inequality("p >= p", p, p),
    "condition true as written": Holds("Phi(-25) < 10^-100", sympy.erfc(25) < sympy.Rational(1, 10**100), {}),
    "finite check of true": FiniteCheck("true on a grid", sympy.true, 2, grid={"p": (0, 1)}),
    "value of the number itself": ExactValue("3/2 is 3/2", sympy.Rational(3, 2), {"p": 1}, sympy.Rational(3, 2)),
    "query negating a hypothesis": SmtQuery("q > 0 where q > 0", _HYPOTHESIS_AS_GOAL),
    "query asserting 1 <= 0": SmtQuery("1 > 0 after a stated reduction", _FALSE_AS_WRITTEN),
    "query negating an implication of its hypotheses": SmtQuery("q in (0, 1] where q > 0 and q <= 1", _IMPLICATION),
}


@pytest.mark.parametrize("name", sorted(CANNOT_FAIL))
def test_a_step_that_cannot_fail_is_stated_not_machine_checked(name):
    step = CANNOT_FAIL[name]
    assert cannot_fail(step) is not None
    (kept,) = settled([step])
    assert isinstance(kept, Stated) and not kept.machine_checked
    assert kept.says.startswith(step.says) and "no check of it could fail" in kept.says


@pytest.mark.parametrize("name", sorted(GOOD))
def test_every_step_that_can_fail_stays_machine_checked(name):
    assert cannot_fail(GOOD[name]) is None
    assert settled([GOOD[name]]) == (GOOD[name],)


def test_a_condition_true_as_written_that_asks_for_integers_still_checks_them():
    step = Holds("n is an integer", sympy.true, {"n": 2}, ("n",))
    assert cannot_fail(step) is None and step.check()
    assert not Holds("n is an integer", sympy.true, {"n": HALF}, ("n",)).check()


def test_a_query_whose_goal_is_not_a_hypothesis_is_not_trivial():
    assert trivial_query(UNSAT) is None
    assert trivial_query(_HYPOTHESIS_AS_GOAL, "sat") is None
    assert trivial_query(_HYPOTHESIS_AS_GOAL.replace("(assert (< 0.0 q))\n", "")) is None


def test_a_repeated_step_is_kept_once_whatever_it_says():
    first = Identity("(p+q)^2", (p + q) ** 2, p**2 + 2 * p * q + q**2, "expand")
    again = Identity("the square again", (p + q) ** 2, p**2 + 2 * p * q + q**2, "expand")
    assert step_key(first) == step_key(again)
    assert settled([first, again, GOOD["smt-unsat"], GOOD["smt-unsat"]]) == (first, GOOD["smt-unsat"])


def test_steps_repeated_across_evidence_are_run_and_counted_once():
    step = GOOD["identity"]
    one = Evidence("symbolic", "proved", "all p, q", steps=(step, GOOD["derivative"]))
    two = Evidence("decision", "proved", "all p, q", steps=(step, CANNOT_FAIL["identity with the same sides"]))
    kept = certified_steps([one, two])
    assert kept[0][1] == (step, GOOD["derivative"]) and len(kept[1][1]) == 1 and not kept[1][1][0].machine_checked
    assert step_counts("proved", [one, two])["machine_checked"] == 2


def test_evidence_whose_only_step_cannot_fail_is_not_covered():
    empty = Evidence("symbolic", "proved", "all pi", steps=(CANNOT_FAIL["identity with the same sides"],))
    assert certified("proved", [empty]) == ([], [empty])


# A box that one enclosure cannot show is cut into parts, each shown by its own enclosure: x(1 - x) on
# [1/3, 2/3] encloses to [1/9, 4/9] as a whole (its true least value is 2/9), so "> 1/5" needs the parts; a
# decider that closed such a box with its mean-value form leaves a certificate that re-checks it this way.
@pytest.mark.parametrize("expr, sign, box, holds", [
    (x * (1 - x) - sympy.Rational(1, 5), ">0", {"x": (sympy.Rational(1, 3), sympy.Rational(2, 3))}, True),
    (x * (1 - x) - sympy.Rational(1, 4), ">0", {"x": (0, 1)}, False),           # 0 at x = 1/2: never shown
    (x * (1 - x) - sympy.Rational(1, 4), "<=0", {"x": (0, 1)}, False),          # true, but only at one point
    (1 / x, ">0", {"x": (-1, 1)}, False),                                        # a pole: no part shows it
], ids=["true-by-parts", "false-at-the-centre", "touching-zero", "pole"])
def test_a_box_is_shown_by_its_parts_when_one_enclosure_does_not(expr, sign, box, holds):
    assert stepcheck.enclosure(expr, box)[0] <= 0 or not holds   # the whole box's enclosure alone does not show it
    assert stepcheck.box_sign_holds(expr, sign, box) is holds
    assert stepcheck.box_sign_holds(expr, sign, box, parts=1) is False           # one enclosure alone: not shown
    assert Boxes("by parts", expr, sign, (box,)).check() is holds
