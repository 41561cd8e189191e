"""Each notion of the paper is defined once (:mod:`numeric.definitions`), and every claim reads it there.

* every reading a claim names is registered, and each notion has exactly one primary reading;
* a claim whose statement or domain speaks of SLDP, WLDP or the trade-off functions of Definition 3.17
  names the readings it uses;
* no claim module defines its own variant: a claim module never divides a belief, plausibility or mass
  value by another (that is how a loss ratio is defined), and never defines which pairs (x, x') count;
  those live in ``numeric``, never in ``catalog/claims``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from numeric.definitions import READINGS
from proofs.base import registry

CLAIMS_DIR = Path(__file__).resolve().parents[2] / "catalog" / "claims"

NOTIONS = {
    "SLDP": re.compile(r"SLDP"),
    "WLDP": re.compile(r"WLDP"),
    "T^pe": re.compile(r"T\^\{?pe\}?|T\^\{pe\}|pessimistic trade-off"),
    "T^op": re.compile(r"T\^\{?op\}?|optimistic trade-off"),
}
#: Names of functions that would define again which pairs (x, x') count.
OWN_PAIRS = re.compile(r"(^|_)pairs$")
#: Set-function values of a mass function; a quotient of two of them is a privacy ratio.
SET_FUNCTIONS = {"bel", "pl", "mass", "commonality"}


def test_every_named_reading_is_registered():
    unknown = sorted({(c.id, d) for c in registry.claims() for d in c.definitions if d not in READINGS})
    assert not unknown, f"claims naming unregistered readings: {unknown}"


def test_each_notion_has_one_primary_reading():
    notions = {r.notion for r in READINGS.values()}
    for notion in notions:
        primaries = [r.name for r in READINGS.values() if r.notion == notion and r.primary]
        assert len(primaries) == 1, f"notion {notion!r}: primary readings {primaries}"


@pytest.mark.parametrize("notion", sorted(NOTIONS))
def test_claims_that_use_a_notion_name_its_reading(notion):
    pattern = NOTIONS[notion]
    silent = [c.id for c in registry.claims()
              if pattern.search(c.statement + " " + c.domain + " " + c.premise)
              and not any(notion in READINGS[d].notion or d == notion for d in c.definitions if d in READINGS)]
    assert not silent, f"claims using {notion} without naming the reading they use: {silent}"


def _calls_set_function(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in SET_FUNCTIONS
               for n in ast.walk(node))


@pytest.mark.parametrize("path", sorted(CLAIMS_DIR.glob("*.py")), ids=lambda p: p.stem)
def test_no_claim_module_defines_its_own_variant(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pairs = [f"{node.name} (line {node.lineno})" for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and OWN_PAIRS.search(node.name)]
    ratios = [f"line {node.lineno}" for node in ast.walk(tree)
              if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
              and _calls_set_function(node.left) and _calls_set_function(node.right)]
    assert not pairs, f"{path.name} defines which pairs (x, x') count: {pairs}; use numeric.definitions"
    assert not ratios, f"{path.name} divides belief/plausibility/mass values itself at {ratios}; use numeric.definitions"
