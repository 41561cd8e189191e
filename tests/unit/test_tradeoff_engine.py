"""catalog.engines.tradeoff and numeric.tradeoff_bounds: bounds are sympy expressions substituted with xreplace
(never text), statements and cases are typed and refuse what they cannot mean, and caches hold weak keys."""

from __future__ import annotations

import ast
import gc
from fractions import Fraction as F
from pathlib import Path

import pytest
import sympy

from numeric.definitions import testing
from numeric.definitions.testing import A1, A2, B1, B2
from numeric.mechanisms import Mechanism, evidential_q2x3
from numeric.tradeoff_bounds import ALPHA, BOUNDS, EXPRESSIONS, R, PiecewiseBound, lines, pieces
from catalog.engines import tradeoff
from catalog.engines.tradeoff import (TradeoffBound, TradeoffCase, RegionInequality, TradeoffStatement,
                                     bound_inequalities, privacy, q2x3_premise, premise_holds_at, region_statement)
from catalog.engines.tradeoff.statements import _RATIOS
from core.errors import InvalidArgument

PACKAGE = Path(tradeoff.__file__).parent


# --- bounds as expressions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(EXPRESSIONS))
def test_each_bound_function_is_its_expression(name):
    """The exact function equals the max/min of its sympy pieces, evaluated by substitution, at rational points."""
    kind, lines_ = pieces(name)
    for r in (F(5, 4), F(2), F(7, 2)):
        for alpha in (F(0), F(1, 7), F(1, 2), F(5, 6), F(1)):
            values = [line.xreplace({ALPHA: sympy.Rational(alpha.numerator, alpha.denominator),
                                     R: sympy.Rational(r.numerator, r.denominator)}) for line in lines_]
            expected = max(values) if kind == "max" else min(values)
            assert BOUNDS[name](alpha, r) == F(int(expected.p), int(expected.q))


def test_pieces_substitute_into_the_tree():
    kind, found = pieces("f_op", alpha=1 - B1, r=R)
    assert kind == "min" and {s for line in found for s in line.free_symbols} == {B1, R}
    assert found == (1 - (1 - B1) / R, R * B1)


def test_lines_are_slopes_and_intercepts_of_the_pieces():
    assert lines("u", F(2)) == [(F(-1, 2), F(1, 2)), (F(-2), F(1))]
    assert lines("u", 2.0) == [(-0.5, 0.5), (-2.0, 1.0)]


def test_bound_inequalities_are_sympy_expressions():
    found = bound_inequalities("f_op", "upper", 1 - B1, 1 - A2)
    assert [i.expr for i in found] == [1 - (1 - B1) / R - (1 - A2), R * B1 - (1 - A2)]


def test_region_statement_and_premise_are_relations_in_the_coarsened_symbols():
    statement = TradeoffStatement((TradeoffBound("f_pe", "lower", testing.T_PE.name, "tradeoff"),), pairs="WLDP")
    assert all(isinstance(i.expr, sympy.Expr) and i.expr.free_symbols <= {A1, B1, A2, B2, R}
               for i in region_statement(statement))
    premise = q2x3_premise("SLDP")
    assert all(isinstance(c, sympy.core.relational.Relational) for c in premise)
    assert len(premise) == len(set(premise))


def test_no_text_is_assembled_or_substituted_by_regex():
    """The package never imports re, and never calls eval/exec/sympify on text."""
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        calls = {node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                 for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, (ast.Name, ast.Attribute))}
        assert "re" not in names and not calls & {"eval", "exec", "parse_expr"}, path.name


# --- typed statements and cases -------------------------------------------------------------------------------
INVALID = [
    (lambda: TradeoffBound("v", "lower", "printed"), r"bound='v'"),
    (lambda: TradeoffBound("u", "sideways", "printed"), r"side='sideways'"),
    (lambda: TradeoffBound("u", "lower", "T^op: as printed"), r"errors='T\^op: as printed': for on='tests'"),
    (lambda: TradeoffBound("f_op", "upper", "op", "tradeoff"), r"errors='op': for on='tradeoff'"),
    (lambda: TradeoffStatement((), pairs="WLDP"), r"bounds=\(\): a statement is a non-empty tuple"),
    (lambda: TradeoffStatement((TradeoffBound("u", "lower", "printed"),), pairs="LDP"), r"pairs='LDP'"),
    (lambda: TradeoffStatement((TradeoffBound("u", "lower", "printed"),), pairs="SLDP", errors="T3.5 errors"),
     r"errors='T3.5 errors'"),
    (lambda: TradeoffCase("", evidential_q2x3(F(3, 5), F(1, 5))), r"label=''"),
    (lambda: TradeoffCase("Q", "not a mechanism"), r"mechanism='not a mechanism': not a Mechanism"),
    (lambda: privacy("Renyi"), r"privacy='Renyi'"),
    (lambda: RegionInequality("x", "1 +"), r"expr="),
    (lambda: RegionInequality("x", "a1", sign="~0"), r"sign='~0'"),
    (lambda: PiecewiseBound("w", "max", (ALPHA**2,), "nowhere"), r"lines='alpha\*\*2'"),
    (lambda: pieces("w"), r"name='w'"),
]


@pytest.mark.parametrize("call, message", INVALID, ids=[
    "bound", "side", "test-errors", "tradeoff-errors", "no-bounds", "pairs", "errors-reading", "label", "mechanism",
    "privacy", "expr", "sign", "nonlinear-piece", "pieces-name"])
def test_invalid_statements_and_cases_are_refused(call, message):
    with pytest.raises(InvalidArgument, match=message):
        call()


def test_constraint_text_is_read_by_the_safe_parser():
    assert RegionInequality("step", "(1 - a2) - al").expr == 1 - A2 - sympy.Symbol("al", real=True)
    assert premise_holds_at(["a1 <= 1", sympy.Le(B1, 1)], {"a1": F(1, 2), "b1": F(1, 3)})


def test_ratio_cache_holds_weak_keys():
    mechanism = evidential_q2x3(F(3, 5), F(1, 5))
    assert privacy("WLDP").ratio(mechanism) == 4 and mechanism in _RATIOS
    before = len(_RATIOS)
    del mechanism
    gc.collect()
    assert len(_RATIOS) == before - 1


def test_case_reports_its_two_rows():
    law = evidential_q2x3(F(3, 5), F(1, 5))
    case = TradeoffCase("Q", Mechanism({"x": law["x"], "x'": law["x'"]}))
    assert set(case.to_json()) == {"mechanism", "m_x", "m_x'"} and case.statement_mechanism is case.mechanism
