"""core.domain: one reading of a stated domain for every engine, its interior and its boundary, and the rule
that finite support on the boundary alone earns nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.domain import Domain
from core.errors import InvalidArgument
from proofs.base.evidence import Evidence
from proofs.base.verdict import Status, decide


@pytest.mark.parametrize("text, names, integers", [
    ("eps > 0, d >= 2 integer, 0 <= c0 <= n", {"eps", "d", "c0", "n"}, {"d"}),
    ("eps > 0; n >= 1 integer", {"eps", "n"}, {"n"}),
    ("0 <= c0 <= n integer", {"c0", "n"}, {"c0", "n"}),
    ("x in [-1, 1], eps > 0", {"x", "eps"}, set()),
    ("p ≤ 1/2, q ≥ 0, p ≠ q", {"p", "q"}, set()),
    ("n, k integers, 0 <= k <= n", {"n", "k"}, {"n", "k"}),
], ids=["paper-style", "semicolons", "integer-part", "interval", "unicode", "declaration"])
def test_parse_reads_names_and_integers(text, names, integers):
    domain = Domain.parse(text)
    assert domain.names == names
    assert domain.integers == integers


def test_list_form_of_check_sign_is_the_same_domain():
    assert Domain.parse(["0 < x < 1", "p + q <= 1"]).conditions == Domain.parse("0 < x < 1, p + q <= 1").conditions


def test_interval_ends_open_and_closed():
    domain = Domain.parse("x in (0, 1]")
    assert not domain.contains({"x": 0}) and domain.contains({"x": 1}) and domain.on_boundary({"x": 1})


def test_interior_and_boundary_points():
    domain = Domain.parse("eps > 0, d >= 2 integer, 0 <= c0 <= n, n integer")
    assert domain.interior({"eps": 1, "d": 3, "c0": 1, "n": 3})
    assert domain.on_boundary({"eps": 1, "d": 2, "c0": 1, "n": 3}), "d = 2 is the edge of d >= 2"
    assert domain.on_boundary({"eps": 1, "d": 3, "c0": 0, "n": 3})
    assert not domain.contains({"eps": 1, "d": Fraction(5, 2), "c0": 0, "n": 3}), "d must be an integer"


def test_samples_are_interior_exact_and_deterministic():
    domain = Domain.parse("eps > 0, d >= 2 integer, 0 <= f0 <= 1")
    points = domain.sample(10, seed=3)
    assert len(points) == 10 and points == domain.sample(10, seed=3)
    assert all(domain.interior(p) for p in points)
    assert all(isinstance(v, Fraction) for p in points for v in p.values())
    edges = domain.boundary_sample(5)
    assert edges and all(domain.on_boundary(p) for p in edges)


@pytest.mark.parametrize("text, match", [
    ("x = 1", "write '==' for an equality"),
    ("x +", "does not parse"),
    ("__import__('os')", "may not start with '_'"),
    ("3", "is not a condition"),
    ("x > 1, 1 < 0", "always false"),
], ids=["single-equals", "syntax", "hostile", "not-a-condition", "false-part"])
def test_bad_domains_are_one_line_errors(text, match):
    with pytest.raises(InvalidArgument, match=match):
        Domain.parse(text)


def test_a_point_missing_a_name_is_refused():
    with pytest.raises(InvalidArgument, match=r"gives no value for \['d'\]"):
        Domain.parse("d >= 2").contains({"x": 1})


def test_support_only_on_the_boundary_is_vacuous():
    """A grid that held only r = 0 (a boundary of r >= 0) showed nothing about the rest of the domain."""
    boundary_only = Evidence("enumeration", "holds", "r = 0 only", interior_cases=0)
    assert boundary_only.vacuous
    decision = decide([boundary_only])
    assert decision.status is Status.INCONCLUSIVE and "boundary" in decision.reason
    interior = Evidence("enumeration", "holds", "r in {0, 1/2}", interior_cases=1)
    assert decide([interior]).status is Status.SUPPORTED


def test_a_counterexample_on_the_boundary_still_refutes():
    found = Evidence("enumeration", "counterexample", "r = 0", counterexample={"r": 0, "lhs": 1, "rhs": 2},
                     recheck="exact", interior_cases=0)
    assert decide([found]).status is Status.REFUTED


def test_sympy_relations_are_accepted_as_parts():
    x = sympy.Symbol("x", real=True)
    assert Domain.parse([x > 0]).contains({"x": 1})


@pytest.mark.parametrize("payload", [5, 1.5, object(), b"x > 0", {"x": 1}], ids=["int", "float", "object", "bytes",
                                                                              "mapping"])
def test_a_payload_that_is_not_a_domain_is_a_one_line_error(payload):
    with pytest.raises(InvalidArgument, match=r"^domain=.*is not a domain") as info:
        Domain.parse(payload)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("args, match", [(("x", 5), "domain conditions=5"), ((5, ()), "domain text=5"),
                                         (("x", (), 5), "domain integers=5"), (("x", (), [1]), "must be names")],
                         ids=["conditions", "text", "integers", "integer-names"])
def test_a_domain_built_from_bad_parts_is_a_one_line_error(args, match):
    with pytest.raises(InvalidArgument, match=match):
        Domain(*args)
