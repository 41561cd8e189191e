"""The procedures an enumeration step re-runs (proofs.kernel.enumerations): written from the definitions, they agree
with the toolkit's own computations, regenerate exactly the cases of the check they certify, and find a failure
when there is one."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from numeric.grids import mass_functions
from proofs.kernel import enumerations
from proofs.base.budget import budget
from proofs.kernel.steps import Enumeration
from catalog.engines.tradeoff.levels import _grid, choquet_exhaustive, vertex_rows

HALF = Fraction(1, 2)


@pytest.mark.parametrize("labels, d", [(1, 1), (2, 6), (3, 2)], ids=["1-label", "2-labels-sixths", "3-labels-halves"])
def test_credal_vertices_from_the_definition_are_the_toolkits(labels, d):
    for row in mass_functions(labels, d):
        mine = enumerations.credal_vertices(tuple(row.mass_vector()))
        assert mine == sorted(tuple(v) for v in vertex_rows(row)), row.to_json()


def test_the_vacuous_row_has_every_point_mass_as_a_vertex():
    vacuous = (0, 0, 0, 0, 0, 0, 0, Fraction(1))
    assert enumerations.credal_vertices(vacuous) == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]


@pytest.mark.parametrize("name", ["quick", "standard"])
def test_the_steps_regenerate_exactly_the_cases_of_the_check(name):
    """Same rows and pairs (as multisets of mass vectors by bitmask), same counts as the evidence."""
    sizes = budget(name)
    rows, pairs, _ = _grid(sizes)
    evidence = choquet_exhaustive(sizes)
    steps = {s.procedure: s for s in evidence.steps if isinstance(s, Enumeration)}
    assert set(steps) == {"choquet_rows", "choquet_pairs"}

    def regenerated(arguments):
        q2x3 = [enumerations.q2x3_rows(p, q) for p, q in arguments["q2x3"]]
        return q2x3, [enumerations.mass_grid(n, d) for n, d in arguments["grids"]]

    q2x3, grids = regenerated(steps["choquet_rows"].arguments)
    mine = [row for pair in q2x3 for row in pair] + [row for grid in grids for row in grid]
    assert Counter(mine) == Counter(tuple(row.mass_vector()) for row in rows)
    q2x3, grids = regenerated(steps["choquet_pairs"].arguments)
    mine = q2x3 + [pair for grid in grids for pair in itertools.product(grid, repeat=2)]
    assert Counter(mine) == Counter((tuple(a.mass_vector()), tuple(b.mass_vector())) for a, b in pairs)
    assert steps["choquet_rows"].cases + steps["choquet_pairs"].cases == evidence.detail["cases checked"]
    assert all(s.check() for s in steps.values())


def test_lowest_below_is_the_lower_envelope_cut_at_t():
    points = [(0, 1), (HALF, 0), (1, 1)]
    assert [enumerations.lowest_below(points, t) for t in (-1, 0, Fraction(1, 4), HALF, 1)] == [
        None, 1, HALF, 0, 0]


def test_chains_agree_only_when_every_edge_of_the_envelope_lies_on_one_chain():
    chains = [[0, 1, 3], [0, 2, 3]]
    nested = {0: (0, 1), 1: (Fraction(1, 4), Fraction(1, 4)), 2: (Fraction(3, 4), Fraction(3, 4)), 3: (1, 0)}
    assert enumerations.chains_agree(nested, chains)
    # the envelope's edge from {a} to {b} joins regions on no common chain: tests do not reach it
    across = {0: (0, 1), 1: (Fraction(1, 4), Fraction(1, 4)), 2: (Fraction(3, 4), 0), 3: (1, 1)}
    assert not enumerations.chains_agree(across, chains)


def test_a_row_that_is_no_mechanism_is_refused():
    with pytest.raises(ValueError, match=r"Q_2x3\(p=3/5, q=3/5\) is not a mechanism"):
        enumerations.choquet_rows([("3/5", "3/5")], [])


def test_the_procedures_report_the_first_failing_case(monkeypatch):
    monkeypatch.setattr(enumerations, "pl", enumerations.bel)  # upper errors read as lower ones
    checked, failed = enumerations.choquet_rows([("3/5", "1/5")], [])
    assert checked == 2 and failed["m"] == ["0", "3/5", "1/5", "1/5"] and failed["phi"] == ["0", "1/2"]
    assert not Enumeration("the rows", "choquet_rows", {"q2x3": [["3/5", "1/5"]], "grids": []}, 18).check()


def test_a_broken_envelope_fails_the_pairs(monkeypatch):
    monkeypatch.setattr(enumerations, "lowest_below", lambda points, t: max(y for x, y in points if x <= t))
    checked, failed = enumerations.choquet_pairs([("3/5", "1/5")], [])
    assert checked == 1 and failed["function"] == "T^op: as printed"
