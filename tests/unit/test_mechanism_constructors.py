"""proofs.mechanisms: every constructor validates its family on the whole stated domain (entries in [0, 1],
rows summing to 1), so a mistyped mechanism is refused in one line whatever grid a later check would use."""

from __future__ import annotations

import pytest
import sympy

from core.errors import InvalidArgument
from numeric import families as F
from proofs import mechanisms as M
from proofs.engines import validity

CONSTRUCTIONS = [
    ("k-ary randomized response", lambda: M.randomized_response(d="d", epsilon="eps")),
    ("randomized response at d = 3", lambda: M.randomized_response(d=3, epsilon="eps")),
    ("randomized response with p", lambda: M.randomized_response(d="d", p="p", domain="1/2 <= p <= 1")),
    ("unary encoding as printed", lambda: M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)")),
    ("unary encoding (p, q)", lambda: M.unary_encoding(d="d", p="p", q="q", domain="0 <= q <= p <= 1")),
    ("symmetric unary encoding", lambda: M.symmetric_unary_encoding(d="d", epsilon="eps")),
    ("optimized unary encoding", lambda: M.optimized_unary_encoding(d="d", epsilon="eps")),
    ("warner", lambda: M.warner(p="p")),
    ("duchi", lambda: M.duchi(epsilon="eps")),
    ("numeric input", lambda: M.continuous(["(1 + x)/2", "(1 - x)/2"], interval=(-1, 1))),
    ("printed matrix", lambda: M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                                         ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0")),
    ("product", lambda: M.product(M.randomized_response(d="d", epsilon="eps"),
                                  M.optimized_unary_encoding(d="d", epsilon="eps"))),
    ("post-processing", lambda: M.post_process(M.randomized_response(d=3, epsilon="eps"),
                                               [[1, 0], [0, 1], ["a", "1-a"]], domain="0 <= a <= 1")),
    ("Q_2x3 (003)", lambda: M.q2x3()),
    ("Q_WRR (003)", lambda: M.q_wrr()),
    ("Q_GWRR (003)", lambda: M.q_gwrr()),
    ("Q_lambda (003)", lambda: M.q_lambda()),
    ("randomized response (004)", lambda: M.report_randomized_response()),
    ("Bassily and Smith (004)", lambda: M.bassily_smith()),
    ("Q_GWRR at c = 0 (003 Corollary 3.12: c = p + q)", lambda: M.q_gwrr(0, 1)),
    ("uninformative unary encoding p = q", lambda: M.unary_encoding(d=3, p="1/3", q="1/3")),
    ("Q_WRR at a decimal epsilon", lambda: M.q_wrr("0.25")),
]


@pytest.mark.parametrize("make", [m for _, m in CONSTRUCTIONS], ids=[i for i, _ in CONSTRUCTIONS])
def test_every_construction_is_a_validated_family(make):
    family = make()
    assert isinstance(family, F.Family)
    assert family in validity._VALIDATED
    assert family.ratio_cases() and family.exhaustive and family.source


def test_size_is_an_integer_of_the_family_domain():
    G = M.randomized_response(d="d", epsilon="eps")
    assert G.sizes == ("d",) and "d" in G.domain.integers
    assert str(G.domain) == "d >= 2 integer, eps >= 0"


def test_mistyped_row_is_refused_whatever_grid_a_check_would_use():
    """The row sums to 1 only at r = 0 (the one point a default grid held): refused on the whole domain."""
    with pytest.raises(InvalidArgument, match=r"mechanism row 1=\['r/\(r \+ 1\)', 'r\*\*2 \+ 1/\(r \+ 1\)'\]: "
                                              r"sums to r\*\*2 \+ 1, not 1; at r = 1 it is 2$"):
        M.matrix([["r/(r+1)", "1/(r+1)"], ["r/(r+1)", "1/(r+1) + r**2"]], domain="r >= 0")


def test_a_mechanism_valid_only_on_its_domain_is_accepted_there():
    M.matrix([["p", "1-p"], ["1-p", "p"]], domain="0 <= p <= 1")
    with pytest.raises(InvalidArgument, match=r"mechanism\[0\]\[0\]='p': is above 1 at p = 2"):
        M.matrix([["p", "1-p"], ["1-p", "p"]], domain="p >= 0")


BAD = [
    ("row sum", lambda: M.matrix([["r/(r+1)", "1/(r+1)"], ["r/(r+2)", "1/(r+2)"]], domain="r >= 0"),
     r"^mechanism row 1=\['r/\(r \+ 2\)', '1/\(r \+ 2\)'\]: sums to \(r \+ 1\)/\(r \+ 2\), not 1; at r = 1 it is 2/3$"),
    ("entry below 0", lambda: M.matrix([["1 - r", "r"], ["1/2", "1/2"]], domain="r >= 0"),
     r"^mechanism\[0\]\[0\]='1 - r': is below 0 at r = .* \(it is .*\); an entry must lie in \[0, 1\] on the domain"),
    ("entry above 1 with an input", lambda: M.unary_encoding(d="d", p="2*q", q="q", domain="0 <= q <= 1"),
     r"^p='2\*q': is above 1 at q = .*"),
    ("unconstrained p", lambda: M.unary_encoding(d="d", p="p", q="q"),
     r"^p='p': is below 0 at p = .*; an entry must lie in \[0, 1\] on the domain 'd >= 2 integer'"),
    ("p bounded on one side", lambda: M.randomized_response(d="d", p="p", domain="p <= 1"), r"^p='p': is below 0 at p = "),
    ("kernel entry", lambda: M.post_process(M.randomized_response(d=3, epsilon="eps"), [[1, 0], [0, 1], ["a", "1-a"]]),
     r"^kernel\[2\]\[0\]='a': is below 0"),
    ("kernel row", lambda: M.post_process(M.randomized_response(d=3, epsilon="eps"), [[1, 0], [0, 1], [1, 1]]),
     r"^kernel row 2=\['1', '1'\]: sums to 2, not 1"),
    ("undecidable", lambda: M.matrix([["sin(x)**2", "cos(x)**2"], ["1/2", "1/2"]], domain="0 <= x <= 1"),
     r"cannot be shown to (sum to 1|lie in \[0, 1\])"),
    ("numeric input outside [0, 1]", lambda: M.continuous(["x", "1 - x"]),
     r"^P\(0 \| x\)='x': is below 0 at x = -1 \(it is -1\)"),
    ("numeric input row sum", lambda: M.continuous(["x", "x"], interval=(0, 1)), r"^row=\['x', 'x'\]: sums to 2\*x, not 1"),
    ("interval reversed", lambda: M.continuous(["1"], interval=(1, 0)), r"^interval=\(1, 0\): needs low < high"),
    ("nan entry", lambda: M.matrix([["nan", "0"], ["0", "1"]]), r"^mechanism\[0\]\[0\]='nan': is not a number"),
    ("inf entry", lambda: M.matrix([[float("inf"), 0], [0, 1]]), r"^mechanism\[0\]\[0\]=inf: is not a number"),
    ("oo entry", lambda: M.matrix([[sympy.oo, 0], [0, 1]]), r"^mechanism\[0\]\[0\]=oo: contains NaN or an infinity"),
    ("nan epsilon", lambda: M.randomized_response(d="d", epsilon="nan"), r"^epsilon='nan': is not a number"),
    ("inf in q", lambda: M.unary_encoding(d="d", p="1/2", q="1/(inf+1)"), r"^q='1/\(inf\+1\)': uses 'inf'"),
    ("not a family", lambda: validity.validate("rr"), r"^mechanism='rr': is not a mechanism family"),
    ("negative epsilon", lambda: M.randomized_response(d=3, epsilon=-1),
     r"^epsilon=-1: is outside the family's domain epsilon >= 0$"),
    ("Q_WRR negative epsilon", lambda: M.q_wrr(-1), r"^epsilon=-1: is outside the family's domain epsilon >= 0$"),
    ("Q_GWRR c above 1", lambda: M.q_gwrr(2, 1), r"^c=2: is outside the family's domain 0 <= c <= 1$"),
    ("Q_lambda lam above 1", lambda: M.q_lambda("1/2", "1/4", 2), r"^lam=2: is outside the family's domain 0 <= lam <= 1$"),
    ("Q_WRR tiny exponent", lambda: M.q_wrr("1e-999999"), r"^epsilon='1e-999999': .*exponent"),
    ("Q_WRR huge exponent", lambda: M.q_wrr("1e999999999"), r"^epsilon='1e999999999': .*exponent"),
]


@pytest.mark.parametrize("call,match", [(c, m) for _, c, m in BAD], ids=[i for i, _, _ in BAD])
def test_invalid_mechanisms_are_one_line_errors(call, match):
    with pytest.raises(InvalidArgument, match=match) as info:
        call()
    assert "\n" not in str(info.value)


def test_a_counterexample_found_with_integers_relaxed_counts_only_on_integers():
    """When the decider refuses integer symbols and the question is asked again over the reals, a proof covers
    every integer, but a failing point between integers says nothing about the integer domain."""
    from proofs.base.evidence import Evidence
    from proofs.base.verdict import Verdict
    from proofs.engines.validity import _relaxed

    def refuted_at(d):
        return Verdict((Evidence("decision", "counterexample", "d >= 2", counterexample={"d": d, "value": -1},
                                 recheck="exact"),))

    assert _relaxed(refuted_at("5/2"), ["d"]).outcome == "inconclusive"
    assert _relaxed(refuted_at(3), ["d"]).outcome == "counterexample"
    assert _relaxed(Verdict((Evidence("decision", "proved", "d >= 2"),)), ["d"]).outcome == "proved"
