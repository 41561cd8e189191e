"""check_ldp: privacy in one call. The call forms as written, proofs for every d, a planted error refuted at
an exact point per family, the exact privacy loss in closed form, boundary-only support vacuous, evidential
mechanisms (SLDP, WLDP), and the one-line errors."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from core.errors import InvalidArgument
from core.formula import parse_formula
from numeric import mechanisms as evidential
from proofs import check_ldp, mechanisms as M
from proofs.base.evidence import Outcome
from proofs.engines import ldp as engine
from proofs.engines.validity import SignAnswer


F_EPS = sympy.Symbol("eps", real=True)


def by_method(verdict, method):
    return next(e for e in verdict.evidence if e.method.value == method)


# --- the call forms, exactly as written ------------------------------------------------------------------------
def test_call_form_randomized_response_proved_for_every_d():
    from proofs import check_ldp, mechanisms as M

    G = M.randomized_response(d="d", epsilon="eps")            # p = e^eps/(e^eps+d-1), q = 1/(e^eps+d-1)
    verdict = check_ldp(G, "eps", domain="eps > 0, d >= 2")     # proved for every d >= 2 and eps > 0
    assert verdict.status == "proved", verdict.reason
    decision = by_method(verdict, "decision")
    assert decision.outcome is Outcome.PROVED and decision.detail["privacy loss"] == "eps"
    assert decision.detail["privacy loss (named probabilities)"] == "log(p/q)"
    assert "d >= 2 integer" in decision.domain                # the family's integer size, merged
    enumeration = by_method(verdict, "enumeration")
    assert enumeration.outcome is Outcome.HOLDS and enumeration.interior_cases >= 3


def test_call_form_unary_encoding_proved_with_its_closed_form_loss():
    U = M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)")   # d independent bits
    verdict = check_ldp(U, "eps", domain="eps > 0, d >= 2")
    assert verdict.status == "proved", verdict.reason
    decision = by_method(verdict, "decision")
    assert decision.detail["privacy loss (named probabilities)"] == "log(p*(1 - q)/(q*(1 - p)))"
    assert decision.detail["privacy loss"] == "eps"
    assert "independence of the bits" in decision.detail["cases exhaustive"]


def test_call_form_printed_matrix():
    W = M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                  ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0")    # any printed matrix
    verdict = check_ldp(W, "eps")
    assert verdict.status == "proved" and by_method(verdict, "enumeration").interior_cases > 0


# --- a planted error refuted per family, at an exact re-checked point -------------------------------------------
PLANTED = [
    ("randomized response", lambda: M.randomized_response(d="d", epsilon="eps"), "eps/2", "eps > 0, d >= 2"),
    ("optimized unary encoding", lambda: M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)"), "eps/2",
     "eps > 0, d >= 2"),
    ("symmetric unary encoding", lambda: M.symmetric_unary_encoding(d="d", epsilon="eps"), "eps/2", "eps > 0"),
    ("duchi", lambda: M.duchi(epsilon="eps"), "eps/2", None),
    ("printed matrix", lambda: M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                                         ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0"), "eps/2", None),
    ("product", lambda: M.product(M.randomized_response(d="d", epsilon="eps"),
                                  M.randomized_response(d="d", epsilon="eps")), "eps", "eps > 0"),
    ("warner at a number", lambda: M.warner(p="3/4"), "1", None),
    ("Q_2x3 without p > q", lambda: M.q2x3(), "log(p/q)", "p > 0, q > 0"),
]


@pytest.mark.parametrize("make,epsilon,domain", [row[1:] for row in PLANTED], ids=[r[0] for r in PLANTED])
def test_planted_error_is_refuted_at_an_exact_point(make, epsilon, domain):
    verdict = check_ldp(make(), epsilon, domain=domain)
    assert verdict.status == "refuted", verdict.reason
    point = verdict.counterexample
    for key in ("x", "x'", "y", "P(y | x)", "P(y | x')", "e^ε", "lhs", "rhs"):
        assert key in point, (key, point)
    refutations = [e for e in verdict.evidence if e.outcome is Outcome.COUNTEREXAMPLE]
    assert all(e.recheck is not None for e in refutations)


def test_refuted_point_is_concrete_and_rechecks_by_hand():
    G = M.randomized_response(d="d", epsilon="eps")
    verdict = check_ldp(G, "eps/2", domain="eps > 0, d >= 2")
    decision = by_method(verdict, "decision")
    point = decision.counterexample
    d, x, x_prime, y = int(point["d"]), point["x"], point["x'"], point["y"]
    eps = parse_formula(str(point["eps"]))              # exact: e.g. 2*log(2), so that e^eps is rational
    t = sympy.exp(eps)
    p, q = t / (t + d - 1), 1 / (t + d - 1)
    top, bottom = (p if y == x else q), (p if y == x_prime else q)
    assert d >= 2 and x != x_prime
    assert sympy.N(top - sympy.exp(eps / 2) * bottom, 50) > 0


def test_Q2x3_loss_is_log_p_over_q_when_p_exceeds_q():
    verdict = check_ldp(M.q2x3(), "log(p/q)", domain="p > q, q > 0")
    assert verdict.status == "proved", verdict.reason
    assert by_method(verdict, "decision").detail["privacy loss"] == "log(p/q)"


def test_bassily_smith_as_printed_in_004_is_eps_private():
    """004 §2.2: per-coordinate randomized response on one-hot vectors with (1/2+p)/(1/2-p) <= e^{eps/2} is
    eps-DP, for every number of types T."""
    vectors = M.bassily_smith(d="T", p="p")
    printed = "0 <= p < 1/2, (1/2+p)/(1/2-p) <= exp(eps/2)"
    assert check_ldp(vectors, "eps", domain=printed).status == "proved"
    planted = check_ldp(vectors, "eps/2", domain=printed)
    assert planted.status == "refuted" and {"T", "p", "eps"} <= set(planted.counterexample)


def test_product_of_two_randomized_responses_is_two_eps_private():
    both = M.product(M.randomized_response(d="d", epsilon="eps"), M.randomized_response(d="d", epsilon="eps"))
    verdict = check_ldp(both, "2*eps", domain="eps > 0")
    assert verdict.status == "proved", verdict.reason
    assert by_method(verdict, "decision").detail["privacy loss"] == "2*eps"


def test_post_processing_keeps_privacy():
    merged = M.post_process(M.randomized_response(d=3, epsilon="eps"), [[1, 0], [0, 1], [0, 1]])
    assert check_ldp(merged, "eps", domain="eps > 0").status == "proved"


def test_duchi_loss_takes_the_inputs_at_their_extremes():
    verdict = check_ldp(M.duchi(epsilon="eps"), "eps")
    assert verdict.status == "proved", verdict.reason
    decision = by_method(verdict, "decision")
    assert decision.detail["privacy loss"] == "eps"
    assert "largest at the ends of [-1, 1]" in decision.detail["privacy loss decided by"]


def test_a_mechanism_on_a_numeric_input_as_printed():
    row = ["1/2 + x*(exp(eps)-1)/(2*(exp(eps)+1))", "1/2 - x*(exp(eps)-1)/(2*(exp(eps)+1))"]
    D = M.continuous(row, interval=(-1, 1), outputs=["+B", "-B"], domain="eps > 0")
    verdict = check_ldp(D, "eps")
    assert verdict.status == "proved" and by_method(verdict, "decision").detail["privacy loss"] == "eps"
    assert check_ldp(D, "eps/2").status == "refuted"


def test_cases_that_miss_a_ratio_of_the_explicit_matrix_prove_nothing(monkeypatch):
    """The ratio cases are a stated argument; the enumeration compares the largest ratio of the explicit
    matrix with the closed form at every point, and a larger one withdraws the proof."""
    from numeric import families

    original = families.RandomizedResponse.ratio_cases

    def missing_a_case(self):
        cases = original(self)
        fake = families.RatioCase(sympy.exp(F_EPS / 2) * cases[0].denominator, cases[0].denominator,
                                  "a wrong case", False, key="x")
        return (fake, *cases[1:])

    monkeypatch.setattr(families.RandomizedResponse, "ratio_cases", missing_a_case)
    verdict = check_ldp(M.randomized_response(d="d", epsilon="eps"), "eps", domain="eps > 0")
    decision = by_method(verdict, "decision")
    assert verdict.status != "proved" and decision.outcome is Outcome.INCONCLUSIVE
    assert "has a ratio larger than every case" in decision.detail["not exhaustive"]


def test_epsilon_may_be_a_number():
    W = M.warner(p="3/4")
    assert check_ldp(W, sympy.log(3)).status == "proved"
    assert check_ldp(W, "log(3)").status == "proved"
    assert check_ldp(W, 2).status == "proved"


# --- vacuity ----------------------------------------------------------------------------------------------------
def test_boundary_only_enumeration_earns_nothing():
    """A domain with no interior point: the enumeration checks a boundary point only, and its support is vacuous."""
    verdict = check_ldp(M.warner(p="p"), "log(3)", domain="p >= 3/4, p <= 3/4")
    enumeration = by_method(verdict, "enumeration")
    assert enumeration.outcome is Outcome.HOLDS and enumeration.interior_cases == 0 and enumeration.vacuous


def test_degenerate_points_earn_nothing(monkeypatch):
    """At eps = 0 randomized response does not depend on its input: support there is no support; with the
    decision made undecided, the verdict is inconclusive and says why."""
    monkeypatch.setattr(engine, "decide_sign", lambda *a, **k: SignAnswer("inconclusive", None, "stub"))
    verdict = check_ldp(M.randomized_response(d="d", epsilon="eps"), "eps", domain="eps == 0")
    enumeration = by_method(verdict, "enumeration")
    assert enumeration.interior_cases == 0 and all("degenerate" in p for p in enumeration.detail["points"])
    assert verdict.status == "inconclusive" and "vacuous" in verdict.reason


# --- evidential mechanisms (003): SLDP and WLDP -----------------------------------------------------------------
EVIDENTIAL = [
    ("Q2x3 SLDP ln 3", lambda: evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), sympy.log(3), "SLDP", "proved"),
    ("Q2x3 WLDP ln 3", lambda: evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), sympy.log(3), "WLDP", "refuted"),
    ("Q2x3 WLDP ln 4", lambda: evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), sympy.log(4), "WLDP", "proved"),
    ("Q2x3 SLDP at 1", lambda: evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), 1, "SLDP", "refuted"),
    ("Warner LDP ln 3", lambda: evidential.evidential_warner(Fraction(3, 4)), "log(3)", "LDP", "proved"),
    ("Warner LDP below ln 3", lambda: evidential.evidential_warner(Fraction(3, 4)), "log(3) - 1/1000", "LDP", "refuted"),
]


@pytest.mark.parametrize("make,epsilon,notion,status", [r[1:] for r in EVIDENTIAL], ids=[r[0] for r in EVIDENTIAL])
def test_evidential_mechanisms_take_the_same_call(make, epsilon, notion, status):
    verdict = check_ldp(make(), epsilon, notion=notion)
    assert verdict.status == status, verdict.reason
    assert {e.method.value for e in verdict.evidence} == {"decision", "enumeration"}


def test_wldp_counterexample_names_the_inputs_and_the_event():
    verdict = check_ldp(evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), sympy.log(3), notion="WLDP")
    point = verdict.counterexample
    assert point["ratio"] == 4 and point["e^ε"] == 3 and point["E"] == "{yes}"


# --- one-line errors --------------------------------------------------------------------------------------------
G = M.randomized_response(d="d", epsilon="eps")
BAD = [
    ("unknown notion", lambda: check_ldp(G, "eps", notion="CDP"), r"^notion='CDP': not one of"),
    ("SLDP of a family", lambda: check_ldp(G, "eps", notion="SLDP"), r"^notion='SLDP': SLDP and WLDP are notions of"),
    ("nan epsilon", lambda: check_ldp(G, "nan"), r"^epsilon='nan': is not a number"),
    ("inf epsilon", lambda: check_ldp(G, float("inf")), r"^epsilon=inf: is not a number"),
    ("oo epsilon", lambda: check_ldp(G, sympy.oo), r"^epsilon=oo: contains NaN or an infinity"),
    ("stray epsilon name", lambda: check_ldp(G, "eps2"), r"^epsilon='eps2': names 'eps2', which is neither"),
    ("stray domain name", lambda: check_ldp(G, "eps", domain="k >= 2"), r"^domain='k >= 2': names 'k'"),
    ("not a mechanism", lambda: check_ldp("rr", "eps"), r"^mechanism='rr': is not a mechanism"),
    ("evidential with a domain", lambda: check_ldp(evidential.evidential_warner(Fraction(3, 4)), 1, domain="eps > 0"),
     r"^domain='eps > 0': an evidential mechanism has no parameters"),
    ("evidential symbolic eps", lambda: check_ldp(evidential.evidential_warner(Fraction(3, 4)), "eps"),
     r"^epsilon='eps': an evidential mechanism is checked at a number"),
    ("evidential negative eps", lambda: check_ldp(evidential.evidential_warner(Fraction(3, 4)), -1), r"^epsilon=-1: must be"),
    ("evidential floats", lambda: check_ldp(evidential.evidential_warner(0.75), 1), r"has float masses"),
    ("LDP of a non-Bayesian row", lambda: check_ldp(evidential.evidential_q2x3(Fraction(3, 5), Fraction(1, 5)), 1),
     r"LDP is defined for probabilistic mechanisms"),
    ("timeout", lambda: check_ldp(G, "eps", timeout="abc"), r"^timeout='abc': must be a number of seconds"),
    ("points", lambda: check_ldp(G, "eps", points=-1), r"^points=-1: must be a positive integer"),
    ("no points", lambda: check_ldp(G, "eps", points=0), r"^points=0: must be a positive integer"),
    ("mistyped printed matrix", lambda: check_ldp([["r/(r+1)", "1/(r+1)"], ["r/(r+2)", "1/(r+2)"]], "log(r)",
                                                  domain="r > 0"), r"^mechanism row 1=.*sums to"),
]


@pytest.mark.parametrize("call,match", [(c, m) for _, c, m in BAD], ids=[i for i, _, _ in BAD])
def test_invalid_arguments_are_one_line_errors(call, match):
    with pytest.raises(InvalidArgument, match=match) as info:
        call()
    assert "\n" not in str(info.value)


# --- interrupts are never verdicts ------------------------------------------------------------------------------
def test_an_interrupt_inside_the_sign_decider_propagates(monkeypatch):
    from proofs.engines import validity

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(validity, "_check", interrupted)
    with pytest.raises(KeyboardInterrupt):
        check_ldp(M.randomized_response(d="d", epsilon="eps"), "eps/3", domain="eps > 0")


def test_a_crash_inside_the_sign_decider_leaves_the_case_undecided(monkeypatch):
    from proofs.engines import validity

    def crashed(*args, **kwargs):
        raise ZeroDivisionError("inside the decider")

    monkeypatch.setattr(validity, "_check", crashed)
    verdict = check_ldp(M.randomized_response(d="d", epsilon="eps"), "eps/3", domain="eps > 0")
    decision = by_method(verdict, "decision")
    assert decision.outcome is Outcome.INCONCLUSIVE
    assert any("ZeroDivisionError: inside the decider" in row["decided"] for row in decision.detail["cases"])
    assert verdict.status == "refuted"          # the enumeration still finds the exact point


# --- zero entries: an infinite loss is refuted, never a crash ----------------------------------------------------
def test_a_zero_opposite_a_positive_entry_refutes_every_finite_epsilon():
    verdict = check_ldp([[1, 0], [0, 1]], 10)
    assert verdict.status == "refuted", verdict.reason
    point = verdict.counterexample
    assert (point["x"], point["x'"], point["y"]) == (0, 1, 0) and point["P(y | x')"] == 0 and point["P(y | x)"] == 1
    assert by_method(verdict, "decision").detail["privacy loss"] == "oo"


def test_a_column_of_zeros_costs_nothing():
    verdict = check_ldp([["1/2", 0, "1/2"], ["1/4", 0, "3/4"]], "log(2)")
    assert verdict.status == "proved", verdict.reason
    assert by_method(verdict, "decision").detail["privacy loss"] == "log(2)"


def test_a_numeric_input_with_an_infinite_loss_is_refuted():
    verdict = check_ldp(M.continuous(["(1+x)/2", "(1-x)/2"]), "eps", domain="eps > 0")
    assert verdict.status == "refuted", verdict.reason
    assert verdict.counterexample["P(y | x')"] == 0


def test_a_zero_entry_in_a_parametric_matrix_is_refuted():
    verdict = check_ldp([["p", "1-p"], [0, 1]], "eps", domain="eps > 0, 0 < p < 1")
    assert verdict.status == "refuted", verdict.reason


# --- near misses are refuted, not decided for minutes -------------------------------------------------------------
@pytest.mark.parametrize("epsilon", ["eps*0.9999", "eps - 1/10**6", "eps*(1 - 1/10**12)"])
def test_a_bound_short_by_a_tiny_amount_is_refuted(epsilon):
    verdict = check_ldp(M.randomized_response(d="d", epsilon="eps"), epsilon, domain="eps > 0, d >= 2")
    assert verdict.status == "refuted", verdict.reason


def test_a_near_miss_on_a_printed_matrix_is_refuted():
    W = M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                  ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0")
    assert check_ldp(W, "0.9999*eps").status == "refuted"


def test_the_exact_identity_test_is_not_run_on_huge_powers():
    value = sympy.exp(sympy.Rational(999999, 1000000)) - sympy.exp(sympy.Rational(1, 3))
    assert engine._identity_zero(value) is False            # degree 3 * 10^6: not expanded (the balls decide signs)
    assert engine.sign_at_point(value)[0] == 1
    assert engine.sign_at_point(sympy.exp(sympy.Rational(9999, 10000)) - sympy.E)[0] == -1


# --- timeout= bounds the whole call -------------------------------------------------------------------------------
def test_a_tiny_timeout_is_an_inconclusive_time_out():
    verdict = check_ldp(M.randomized_response(d="d", epsilon="eps"), "eps - 1/10**6", domain="eps > 0, d >= 2",
                        timeout=0.01)
    assert verdict.status == "inconclusive" and "time-out" in verdict.reason
    assert all("time-out" in e.detail for e in verdict.evidence)


# --- sizes: a huge d is decided symbolically, the explicit matrix counted before it is written --------------------
@pytest.mark.parametrize("make", [lambda d: M.randomized_response(d=d, epsilon="eps"),
                                  lambda d: M.unary_encoding(d=d, p="1/2", q="1/(exp(eps)+1)")],
                         ids=["randomized response", "unary encoding"])
@pytest.mark.parametrize("d", [10**9, 10**100], ids=["1e9", "1e100"])
def test_a_huge_concrete_d_is_decided_without_writing_the_matrix(make, d):
    verdict = check_ldp(make(d), "eps", domain="eps > 0")
    assert verdict.status == "proved", verdict.reason
    enumeration = by_method(verdict, "enumeration")
    assert enumeration.outcome is Outcome.INCONCLUSIVE and "ENUMERATION_ENTRIES" in enumeration.detail["not written"]


def test_a_planted_error_at_a_huge_d_is_refuted_at_an_exact_point():
    verdict = check_ldp(M.randomized_response(d=10**9, epsilon="eps"), "eps/2", domain="eps > 0")
    assert verdict.status == "refuted", verdict.reason
    assert by_method(verdict, "decision").outcome is Outcome.COUNTEREXAMPLE


# --- printed matrices beyond 16 x 16 -----------------------------------------------------------------------------
def test_a_printed_matrix_beyond_16_by_16_is_checked():
    k = 17
    rows = [["exp(eps)/(exp(eps)+16)" if i == j else "1/(exp(eps)+16)" for j in range(k)] for i in range(k)]
    assert check_ldp(M.matrix(rows, domain="eps > 0"), "eps").status == "proved"
    cyclic = [["1/2" if j in (i, (i + 1) % k) else 0 for j in range(k)] for i in range(k)]
    assert check_ldp(cyclic, "log(2)").status == "refuted"


def test_too_many_distinct_ratio_cases_are_refused_before_work():
    k = 70                                   # every entry of a column distinct: 70 * 70^2 pairs of entries
    rows = [[sympy.Rational(1 + i + j, 1) for j in range(k)] for i in range(k)]
    rows = [[e / sum(row) for e in row] for row in rows]
    with pytest.raises(InvalidArgument, match="MAX_CASES") as info:
        check_ldp(rows, 1)
    assert "\n" not in str(info.value)
