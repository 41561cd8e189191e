"""Arguments about the errors of tests on the whole domain (003 §3.1-3.2) that are not one region's decision,
each listing what a machine checked apart from what is stated (the glue).

* :func:`message_space_proof`: ε-SLDP says the masses m_x, m_x' are ε-DP distributions on the messages
  M = 2^Y ∖ {∅} (003 §3.1). For a test φ on Y^k (k-fold composition, focal sets E_1 × ... × E_k), the
  upper errors are E_{m_x^k} ψ with ψ(E) = max_E φ, the lower ones use χ(E) = min_E φ (upper and lower
  expectations of a belief function), so (α_upper, β_lower) and (α_lower, β_upper) are the classical
  errors of the tests ψ and χ between m_x^k and m_x'^k on M^k. Any ε-DP pair (P, P') is a post-processing
  of randomized response RR_ε by the kernel K_1 = (rP - P')/(r - 1), K_0 = (rP' - P)/(r - 1) (Kairouz, Oh
  and Viswanath's dominance; sympy checks the identities, the pull-back of tests is stated), so every test
  on M^k pulls back to a test on {0, 1}^k with the same errors, and there every region's errors satisfy
  β >= u^k(α) (checked for all r > 1). Complementing regions gives the upper edge β <= 1 - u^k(1 - α).
* :func:`product_credal_proof`: Corollary 3.19 (pessimistic) through products of credal-set members.
* :func:`printed_op_decision`, :func:`never_holds_decision`: Definition 3.17 as printed makes T^op ≡ 1.
* :func:`errors_identity`, :func:`converse_witness`: the errors before Definition 3.17, and a converse refuted
  by a statement that holds for every mechanism.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sympy

from numeric.definitions import ldp, testing
from numeric.definitions.testing import A1, A2, B1, B2
from numeric.mechanisms import Mechanism, evidential_q2x3, evidential_warner
from numeric.tradeoff import TestingProblem
from numeric.tradeoff_bounds import ALPHA, BOUNDS, R, pieces
from proofs.base.budget import Budget
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import Boxes, ExactValue, Holds, Identity, Stated, Step
from proofs.kernel.steps import Inequality as NonNegative
from catalog.engines.mass_steps import fails_steps, row_steps, mass_symbol
from catalog.engines.tradeoff.checks import statement_violation
from catalog.engines.tradeoff.regions import RegionInequality, region_decision, region_statement
from catalog.engines.tradeoff.statements import TradeoffCase, TradeoffStatement
from core.errors import InvalidArgument, invalid

__all__ = ["message_space_proof", "product_credal_proof", "printed_op_decision", "never_holds_decision", "phi_zero_steps",
           "errors_identity", "converse_witness", "warner_at", "witness_holds", "converse_certified"]



# --- the message-space proof for eps-SLDP ---------------------------------------------------------------------
def _nonnegative_for_r_above_1(expr: sympy.Expr) -> bool | None:
    """True if the rational function ``expr`` of r is >= 0 for every r > 1 by a certificate (with r = 1 + s:
    numerator and denominator polynomials in s with coefficients of one sign), None if no certificate."""
    numerator, denominator = sympy.fraction(sympy.cancel(expr))
    signs = []
    for part in (numerator, denominator):
        coefficients = sympy.Poly(part, R).shift(1).all_coeffs()  # the polynomial at r = 1 + s, in s
        if all(c >= 0 for c in coefficients):
            signs.append(1)
        elif all(c <= 0 for c in coefficients):
            signs.append(-1)
        else:
            return None
    return signs[0] == signs[1] or numerator == 0


def _randomized_response_points(k: int) -> list[tuple[sympy.Expr, sympy.Expr, tuple]]:
    """(α, β, region) of every region S of {0, 1}^k for RR_ε^k: α = P(S) under x (p = r/(1+r) on 1), β = 1 - P'(S)."""
    p, q = R / (1 + R), 1 / (1 + R)
    outcomes = list(itertools.product((0, 1), repeat=k))
    under_x = {w: sympy.Mul(*[p if bit else q for bit in w]) for w in outcomes}
    under_x_prime = {w: sympy.Mul(*[q if bit else p for bit in w]) for w in outcomes}
    out = []
    for size in range(len(outcomes) + 1):
        for region in itertools.combinations(outcomes, size):
            out.append((sympy.Add(*[under_x[w] for w in region]), 1 - sympy.Add(*[under_x_prime[w] for w in region]),
                        region))
    return out


def _kernel_identities() -> dict[str, Any]:
    """sympy: P = p K_1 + q K_0, P' = q K_1 + p K_0, and K_1, K_0 sum to 1 (given ΣP = ΣP' = 1)."""
    P, P_prime, total, total_prime = sympy.symbols("P P_prime total total_prime", real=True)
    p, q = R / (1 + R), 1 / (1 + R)
    k1, k0 = (R * P - P_prime) / (R - 1), (R * P_prime - P) / (R - 1)
    checks = {
        "P = p K1 + q K0": sympy.cancel(p * k1 + q * k0 - P),
        "P' = q K1 + p K0": sympy.cancel(q * k1 + p * k0 - P_prime),
        "sum K1 = 1": sympy.cancel(((R * total - total_prime) / (R - 1) - 1).xreplace({total: 1, total_prime: 1})),
        "sum K0 = 1": sympy.cancel(((R * total_prime - total) / (R - 1) - 1).xreplace({total: 1, total_prime: 1})),
    }
    return {"checks": checks, "K1": k1, "K0": k0}


@lru_cache(maxsize=None)
def _message_space_core(k: int) -> dict[str, Any]:
    """The machine-checked parts of :func:`message_space_proof` for k (computed once per process)."""
    name, reflected = ("u", "U") if k == 1 else ("u2", "U2_corrected")
    kernel = _kernel_identities()
    lines = pieces(name)[1]
    failed, certified = [], 0
    for a, b, region in _randomized_response_points(k):
        for line in lines:
            if _nonnegative_for_r_above_1(b - line.xreplace({ALPHA: a})):
                certified += 1
            else:
                failed.append({"region": [list(w) for w in region], "line": str(line)})
    mirrored = [1 - line.xreplace({ALPHA: 1 - ALPHA}) for line in lines]
    printed = pieces(reflected)[1]
    reflection_ok = len(mirrored) == len(printed) and all(any(sympy.cancel(a - b) == 0 for b in printed)
                                                          for a in mirrored)
    ok = all(v == 0 for v in kernel["checks"].values()) and not failed and reflection_ok
    return {"name": name, "reflected": reflected, "kernel": kernel, "failed": failed, "certified": certified,
            "reflection": reflection_ok, "ok": ok,
            "steps": _message_space_steps(k, name, reflected, lines, mirrored, printed) if ok else ()}


def _message_space_steps(k: int, name: str, reflected: str, lines: Sequence[sympy.Expr], mirrored: Sequence[sympy.Expr],
                         printed: Sequence[sympy.Expr]) -> tuple[Step, ...]:
    """For a proof certificate: the kernel identities, every region inequality of RR^k (with r = 1 + s, s > 0:
    a rational function of s sympy shows >= 0) and the reflection of the lower bound onto the upper, joined by
    the argument's prose."""
    s = sympy.Symbol("s", positive=True)
    P, P_prime = sympy.symbols("P P_prime", real=True)
    p, q = R / (1 + R), 1 / (1 + R)
    k1, k0 = (R * P - P_prime) / (R - 1), (R * P_prime - P) / (R - 1)
    steps: list[Step] = [
        Stated("upper and lower expectations of a belief function: sup_P E phi = sum_E m(E) max_E phi and inf_P E phi "
               "= sum_E m(E) min_E phi; for the k-fold product the focal sets are E_1 x ... x E_k with mass "
               "prod m(E_i)"),
        Stated("so (alpha_upper, beta_lower) and (alpha_lower, beta_upper) are the classical errors of the tests "
               "psi = max_E phi and chi = min_E phi between m_x^k and m_x'^k on the messages M^k"),
        Stated("eps-SLDP (r = e^eps > 1): m_x <= r m_x' and m_x' <= r m_x on M, so K1 = (r m_x - m_x')/(r - 1) and "
               "K0 = (r m_x' - m_x)/(r - 1) are nonnegative; with P = m_x(E), P' = m_x'(E):"),
        Identity("P = p K1 + q K0 with p = r/(1+r), q = 1/(1+r)", p * k1 + q * k0, P, "cancel"),
        Identity("P' = q K1 + p K0", q * k1 + p * k0, P_prime, "cancel"),
        Identity("K1 and K0 each sum to 1 when P and P' do: (r - 1)/(r - 1) = 1", (R - 1) / (R - 1), 1, "cancel"),
        Stated(f"so a test on M^{k} pulls back through K^{k} to a test on {{0,1}}^{k} with the same errors under "
               f"randomized response RR^{k} (p = r/(1+r) on 1 under x, on 0 under x')"),
    ]
    for a, b, region in _randomized_response_points(k):
        for line in lines:
            gap = (b - line.xreplace({ALPHA: a})).xreplace({R: 1 + s})
            steps.append(NonNegative(f"the region {sorted(region)} of {{0,1}}^{k}: beta - ({line} at its alpha) >= 0 "
                                     "for r = 1 + s, s > 0", gap, 0, "cancel"))
    steps.append(Stated(f"randomized tests are mixtures of regions and {name} is convex (a max of lines): beta >= "
                        f"{name}(alpha) for every test on {{0,1}}^{k}, hence on M^{k}"))
    for line in mirrored:
        match = next(piece for piece in printed if sympy.cancel(line - piece) == 0)
        steps.append(Identity(f"complementing a region maps (alpha, beta) to (1 - alpha, 1 - beta): 1 - {name}(1 - "
                              f"alpha) has the piece {match} of {reflected}", line, match, "cancel"))
    return tuple(steps)


def message_space_proof(k: int, *, witness: Callable[[], bool], domain: str, reading: str | None = None,
                        conclusions: Sequence[str] = ("lower", "upper"), note: str | None = None) -> Evidence:
    """Symbolic proof that for every ε-SLDP mechanism, every pair, every test on Y^k (k = 1, 2):
    β_lower >= u^k(α_upper) (``"lower"``) and β_upper <= 1 - u^k(1 - α_lower) (``"upper"``; this is U for k = 1
    and U2_corrected for k = 2, checked piece by piece). ``witness()`` shows the premise satisfiable;
    ``note`` says how the claim follows from the conclusions proved."""
    if k not in (1, 2):
        raise invalid("k", k, "the toolkit proves the one-use (k=1) and two-fold (k=2) statements")
    start = time.perf_counter()
    core = _message_space_core(k)
    name, reflected = core["name"], core["reflected"]
    detail = {
        "argument": [
            "upper/lower expectations of a belief function: sup_P E phi = sum_E m(E) max_E phi, inf = sum m(E) min_E phi;"
            " for the k-fold product the focal sets are E_1 x ... x E_k with mass prod m(E_i)",
            "so (alpha_upper, beta_lower) and (alpha_lower, beta_upper) are classical errors of the tests psi = max_E phi"
            " and chi = min_E phi between m_x^k and m_x'^k on the messages M^k",
            "eps-SLDP: m_x <= r m_x' and m_x' <= r m_x on M, so K1 = (r m_x - m_x')/(r - 1) and K0 = (r m_x' - m_x)/(r - 1)"
            " are probabilities and m_x = p K1 + q K0, m_x' = q K1 + p K0 with p = r/(1+r), q = 1/(1+r)",
            f"a test on M^{k} pulls back through K^{k} to a test on {{0,1}}^{k} with the same errors under RR^{k}",
            f"every region of {{0,1}}^{k} has beta >= {name}(alpha) for all r > 1; randomized tests are mixtures of"
            f" regions and {name} is convex: beta >= {name}(alpha) for every test",
            f"complement regions give (1 - alpha, 1 - beta): beta <= 1 - {name}(1 - alpha) = {reflected}(alpha)",
        ] + ([note] if note else []),
        Detail.STATED: [
            "the upper and lower expectations of a belief function and of its k-fold product as sums over focal sets",
            "the reduction of an eps-DP pair to randomized response: every test on the messages pulls back through the "
            "kernel K to a test on {0,1}^k with the same errors (the kernel identities below are checked, the "
            "pull-back is not)",
            "randomized tests are mixtures of regions, and the bound is convex and non-increasing",
        ],
        "kernel identities (sympy, simplified to 0)": {key: str(v) for key, v in core["kernel"]["checks"].items()},
        "region inequalities certified (r = 1 + s, coefficients of one sign)": core["certified"],
        "region inequalities without certificate": core["failed"],
        f"1 - {name}(1 - alpha) equals {reflected}(alpha) piece by piece": core["reflection"],
        "conclusions": {"lower": f"beta_lower >= {name}(alpha_upper)", "upper": f"beta_upper <= {reflected}(alpha_lower)"},
        "proved here": list(conclusions),
    }
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if core["ok"] else Outcome.INCONCLUSIVE, domain, detail,
                    reading=reading, seconds=time.perf_counter() - start,
                    derived={"K1": core["kernel"]["K1"], "K0": core["kernel"]["K0"]},
                    premise_cases=1 if witness() else 0,
                    steps=(*core["steps"], *((Stated(note),) if note else ())))


# --- Corollary 3.19 (pessimistic): products of credal-set members --------------------------------------------
#: The eps-DP lemma for credal members, in the variables a = pr_x(E), c = bel_x(E^c), v = bel_x'(E), b = pr_x'(E):
#: pr_x in P_x gives pr_x(E^c) >= bel_x(E^c), i.e. a <= 1 - c = pl_x(E); WLDP gives pl_x(E) <= r bel_x'(E); pr_x' in
#: P_x' gives bel_x'(E) <= pr_x'(E).
_a, _b, _c, _v = sympy.symbols("a b c v", real=True)
_CREDAL_PREMISE = (sympy.Gt(R, 1), sympy.Ge(_a, 0), sympy.Ge(_c, 0), sympy.Le(_c, 1 - _a), sympy.Le(1 - _c, R * _v),
                   sympy.Ge(_v, 0), sympy.Le(_v, _b), sympy.Le(_b, 1))
_CREDAL_WITNESS = {"r": Fraction(4), "a": Fraction(3, 5), "c": Fraction(1, 5), "v": Fraction(1, 5), "b": Fraction(1, 5)}


def _product_allocation_identity() -> tuple[bool, str]:
    """sympy: an allocation a_1..a_n1 of E1 times an allocation b_1..b_n2 of E2 has total mass
    Σ_i Σ_j a_i b_j = (Σ_i a_i)(Σ_j b_j) = 1 (n1, n2 symbolic)."""
    n1, n2 = sympy.symbols("n1 n2", integer=True, positive=True)
    i, j = sympy.symbols("i j", integer=True)
    a, b = sympy.IndexedBase("a"), sympy.IndexedBase("b")
    total_a, total_b = sympy.Sum(a[i], (i, 1, n1)), sympy.Sum(b[j], (j, 1, n2))
    double = sympy.Sum(sympy.factor_terms(sympy.Sum(a[i] * b[j], (j, 1, n2))), (i, 1, n1))
    difference = sympy.factor_terms(double) - total_a * total_b
    normalized = (total_a * total_b).xreplace({total_a: 1, total_b: 1})
    return difference == 0 and normalized == 1, str(difference)


def _f2_pe_is_u2_and_non_increasing() -> tuple[bool, dict[str, Any]]:
    """sympy: f^{2,pe} (Corollary 3.19) has the same linear pieces as u^2 (Corollary 3.6), and every piece has a
    slope <= 0 in α for every r > 1 (certificate with r = 1 + s)."""
    f2, u2 = pieces("f2_pe")[1], pieces("u2")[1]
    same = len(f2) == len(u2) and all(any(sympy.cancel(x - y) == 0 for y in u2) for x in f2)
    slopes = [sympy.diff(piece, ALPHA) for piece in f2]
    falling = all(_nonnegative_for_r_above_1(-slope) for slope in slopes)
    return same and falling, {"f2_pe and u2 have the same pieces": same,
                              "slopes in alpha": [str(v) for v in slopes], "every slope <= 0 for r > 1": falling}


def product_credal_proof(budget: Budget, *, domain: str) -> Evidence:
    """Corollary 3.19 (pessimistic): Q ε-WLDP ⇒ T_2^pe(α) ≥ f^{2,pe}_ε(α) for every pair (x, x') and every α.

    For pr ∈ P_x and pr' ∈ P_x', pr⊗pr lies in the credal set of m_x ⊗ m_x and pr'⊗pr' in that of m_x' ⊗ m_x'
    (allocate each m(E1)m(E2) by the product of the allocations of E1 and E2), so for every test φ on Y × Y
    α^{2,pe}_φ ≥ E_{pr⊗pr} φ and β^{2,pe}_φ ≥ E_{pr'⊗pr'}(1 - φ). WLDP makes (pr, pr') an ε-DP pair, and the
    randomized-response reduction of Corollary 3.6 gives E_{pr'⊗pr'}(1 - φ) ≥ u²(E_{pr⊗pr} φ); u² = f^{2,pe} is
    non-increasing, so β^{2,pe}_φ ≥ f^{2,pe}(α^{2,pe}_φ), and the infimum over the tests with α^{2,pe}_φ ≤ α
    (φ ≡ 0 is one) is at least f^{2,pe}(α).

    Machine-checked: the ε-DP lemma for credal members (z3), the total mass of a product allocation (sympy,
    symbolic sizes), the two-fold randomized-response bound and the kernel identities (sympy, shared with
    Corollary 3.6), and f^{2,pe} = u² non-increasing (sympy). The rest is glue, listed as stated."""
    start = time.perf_counter()
    lemma = region_decision(list(_CREDAL_PREMISE), [RegionInequality("pr_x(E) <= e^eps pr_x'(E)", R * _b - _a)],
                            budget=budget, witness=_CREDAL_WITNESS, symbols=("a", "b", "c", "v", "r"),
                            domain="every r > 1 and every value of pr_x(E), bel_x(E^c), bel_x'(E), pr_x'(E) allowed "
                                   "by pr_x in P_x, pr_x' in P_x' and eps-WLDP at the pair (x, x')")
    allocation, allocation_difference = _product_allocation_identity()
    core = _message_space_core(2)
    bound, bound_detail = _f2_pe_is_u2_and_non_increasing()
    checked = {
        "credal members are an eps-DP pair: pr_x(E) <= pl_x(E) <= e^eps bel_x'(E) <= e^eps pr_x'(E) (z3)":
            lemma.outcome.value,
        "a product of allocations has total mass (sum a_i)(sum b_j) = 1 (sympy, sizes symbolic)":
            "proved" if allocation else f"not shown: {allocation_difference}",
        "kernel identities of the randomized-response reduction (sympy)":
            {key: str(v) for key, v in core["kernel"]["checks"].items()},
        "every region of {0,1}^2 under RR_eps^2 has beta >= u2(alpha), for all r > 1 (sympy certificates)":
            f"{core['certified']} certified, {len(core['failed'])} without certificate",
        "f2_pe has the pieces of u2 and is non-increasing in alpha (sympy)": bound_detail,
    }
    ok = lemma.outcome is Outcome.PROVED and allocation and core["ok"] and bound
    detail = {
        "machine-checked": checked,
        Detail.STATED: [
            "P_x is non-empty (e.g. the allocation of each m_x(E) to one point of E) and its members are the "
            "probabilities pr with pr >= bel_x on every event (Dempster's allocation form)",
            "pr ⊗ pr lies in the credal set of m_x ⊗ m_x: allocating each m_x(E1) m_x(E2) by the product of the "
            "allocations of E1 and E2 puts all of it in A whenever E1 x E2 is inside A, so (pr ⊗ pr)(A) >= "
            "bel_(x,x)(A); the same for x'",
            "so alpha^{2,pe}_phi >= E_{pr ⊗ pr} phi and beta^{2,pe}_phi >= E_{pr' ⊗ pr'}(1 - phi): sups over sets "
            "that contain these products",
            "the pair (x', x) is counted by the definition too, so the lemma gives pr_x'(E) <= e^eps pr_x(E) as well",
            "the reduction of an eps-DP pair to randomized response (as in Corollary 3.6): every test on Y x Y pulls "
            "back through the kernel to a test on {0,1}^2 with the same errors, and mixtures of regions keep "
            "beta >= u2(alpha) since u2 is convex",
            "u2 non-increasing: beta^{2,pe}_phi >= u2(E_{pr ⊗ pr} phi) >= u2(alpha^{2,pe}_phi); the infimum over the "
            "tests with alpha^{2,pe}_phi <= alpha (phi = 0 is one) is at least f2_pe(alpha)",
        ],
        "z3 lemma": {"premise": [str(c) for c in _CREDAL_PREMISE], "queries": lemma.detail.get(Detail.Z3_QUERIES)},
    }
    steps: tuple[Step, ...] = ()
    if ok:  # for a proof certificate: the lemma's z3 records, the two-fold bound's steps, f2_pe = u2 falling
        s = sympy.Symbol("s", positive=True)
        f2, u2 = pieces("f2_pe")[1], pieces("u2")[1]
        steps = (Stated("credal members are an eps-DP pair: pr_x(E) <= pl_x(E) <= e^eps bel_x'(E) <= e^eps pr_x'(E), "
                        "in a = pr_x(E), c = bel_x(E^c), v = bel_x'(E), b = pr_x'(E):"), *all_steps(lemma),
                 Stated("a product of allocations a_1..a_n1 of E1 and b_1..b_n2 of E2 has total mass "
                        "sum_i sum_j a_i b_j = (sum_i a_i)(sum_j b_j) = 1 (a finite double sum of products factors)"),
                 *detail[Detail.STATED][:4],
                 *core["steps"],
                 *(Identity(f"the piece {piece} of f2_pe is a piece of u2", piece,
                            next(other for other in u2 if sympy.cancel(piece - other) == 0), "cancel") for piece in f2),
                 *(NonNegative(f"the piece {piece} of f2_pe is non-increasing in alpha for r = 1 + s, s > 0",
                               -sympy.diff(piece, ALPHA).xreplace({R: 1 + s}), 0, "cancel") for piece in f2),
                 Stated(detail[Detail.STATED][-1]))
        steps = tuple(Stated(x) if isinstance(x, str) else x for x in steps)
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE, domain, detail,
                    seconds=time.perf_counter() - start, derived={"K1": core["kernel"]["K1"], "K0": core["kernel"]["K0"]},
                    premise_cases=1 if witness_holds("WLDP") else 0, steps=steps)


# --- T^op as printed ------------------------------------------------------------------------------------------
def _printed_op_at(bound: str, composed: bool, errors: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A model (r, al) of "T^op(al) = 1 > bound(al)" re-checked exactly on Warner's mechanism at r: T^op as printed
    computed by :func:`numeric.definitions.testing.tradeoff_op` (of the square when ``composed``), the bound by
    :data:`numeric.tradeoff_bounds.BOUNDS`."""

    def describe(point: Mapping[str, Any]) -> dict[str, Any]:
        r, alpha = Fraction(point["r"]), Fraction(point["alpha"])
        problem = TestingProblem.of(evidential_warner(r / (r + 1)), "x", "x'")
        problem = problem.square() if composed else problem
        value = testing.tradeoff_op(problem, testing.T_OP_PRINTED.name, errors=errors)(alpha)
        bound_value = BOUNDS[bound](alpha, r)
        if not value > bound_value:
            raise AssertionError(f"T^op as printed should exceed {bound} at r={r}, alpha={alpha}")
        return {**warner_at(point), "test": "phi = 0 (never reject): alpha^op = 0 <= alpha, beta^op = 1",
                "alpha": alpha, "T(alpha)": value, "bound": bound, "bound value": bound_value,
                "relation": "T > bound"}

    return describe


def printed_op_decision(budget: Budget, bound: str, *, domain: str, composed: bool = False,
                        errors: str = testing.ERRORS_317.name) -> Evidence:
    """``T^op: as printed`` ≤ ``bound`` on [0, 1], decided by z3 for every mechanism at once: as printed T^op ≡ 1 (the
    test φ ≡ 0 has α^op = 0 ≤ α and β^op = 1, and β^op ≤ 1 for every test), so the bound holds iff 1 ≤ each of
    its linear pieces at every α in [0, 1] and every r = e^ε > 1. A model is re-checked exactly on Warner's
    randomized response at r (ε-WLDP there), with T^op computed from the definition; the counterexample's steps
    check the errors of φ ≡ 0 first (:func:`phi_zero_steps`)."""
    kind, lines = pieces(bound, alpha=ALPHA)
    if kind != "min":
        raise invalid("bound", bound, "is not an upper bound (a min of lines)")
    found = region_decision([sympy.Gt(R, 1), sympy.Ge(ALPHA, 0), sympy.Le(ALPHA, 1)],
                            [RegionInequality(f"T^op(alpha) = 1 <= {line} (a piece of {bound})", line - 1) for line in lines],
                            budget=budget, witness={"r": Fraction(2), "alpha": Fraction(1, 2)},
                            symbols=("r", "alpha"), describe=_printed_op_at(bound, composed, errors), domain=domain,
                            detail={"T^op as printed": "identically 1: phi = 0 has alpha^op = 0, beta^op = 1",
                                    "symbols": "alpha, beta: the errors of a test; r = e^eps"})
    if found.outcome is Outcome.COUNTEREXAMPLE and found.steps:
        found = replace(found, steps=(*phi_zero_steps(), *found.steps))
    return found


def never_holds_decision(budget: Budget, bound: str, *, domain: str) -> Evidence:
    """Statement 2 with ``T^op: as printed`` never holds: T^op(1) = 1 while ``bound``(1) ≤ its piece that vanishes
    at α = 1 (e^{kε}(1 - α) in every op bound of 003), decided by z3 for every r = e^ε > 1. The evidence is a
    proof that the premise of a converse never holds on the whole domain (``premise_never_holds``, with
    ``premise_cases`` = 0): the converse is ``vacuous``, and the evidence says why."""
    kind, lines = pieces(bound, alpha=ALPHA)
    zero = [line for line in lines if sympy.cancel(line.xreplace({ALPHA: 1})) == 0]
    if kind != "min" or not zero:
        raise invalid("bound", bound, "needs a piece that vanishes at alpha = 1 (a min of lines)")
    found = region_decision([sympy.Gt(R, 1), sympy.Eq(ALPHA, 1)],
                            [RegionInequality(f"T^op(1) = 1 > {zero[0]} at alpha = 1, and {zero[0]} >= {bound}(1)",
                                        1 - zero[0], sign=">0")],
                            budget=budget, witness=None, symbols=("r", "alpha"), domain=domain,
                            detail={"symbols": "alpha, beta: the errors of a test; r = e^eps"})
    why = (f"T^op(1) = 1 > 0 = {bound}(1) for every mechanism and every eps (as printed T^op is identically 1: the "
           "test phi = 0 has alpha^op = 0, beta^op = 1)")
    if found.outcome is not Outcome.PROVED:
        return replace(found, premise_cases=0, detail={**found.detail, Detail.WHY_NEVER_HOLDS: why})
    return replace(found, premise_cases=0, premise_never_holds=True,
                   detail={**found.detail, Detail.WHY_NEVER_HOLDS: why},
                   steps=_never_holds_steps(bound, lines) + found.steps)


def phi_zero_steps() -> tuple[Step, ...]:
    """Why Definition 3.17 as printed makes T^op ≡ 1, as steps: a constant test φ ≡ c has E_pr(φ) = c and
    E_pr(1 - φ) = 1 - c for every probability pr on a frame of n labels (n symbolic, the last mass
    1 - Σ_{i<n} pr_i), so φ ≡ 0 has α^op = 0 and β^op = 1 (an inf or a sup of a constant over a credal set);
    α^op = 0 ≤ α puts φ ≡ 0 among the tests of the sup, and β^op ≤ 1 for every test."""
    n, i = sympy.Symbol("n", integer=True, positive=True), sympy.Symbol("i", integer=True)
    c = sympy.Symbol("c", real=True)
    pr = sympy.IndexedBase("pr")
    last = 1 - sympy.Sum(pr[i], (i, 1, n - 1))
    return (Identity("a constant test phi = c has E_pr(phi) = sum_{i<n} pr_i c + pr_n c = c for every probability pr "
                     "on n labels (pr_n = 1 - sum_{i<n} pr_i)", sympy.Sum(pr[i] * c, (i, 1, n - 1)) + last * c, c),
            Identity("and E_pr(1 - phi) = sum_{i<n} pr_i (1 - c) + pr_n (1 - c) = 1 - c",
                     sympy.Sum(pr[i] * (1 - c), (i, 1, n - 1)) + last * (1 - c), 1 - c),
            ExactValue("the test phi = 0 (never reject): alpha^op = E_pr(phi) = c = 0", c, {"c": 0}, 0),
            ExactValue("the test phi = 0 (never reject): beta^op = E_pr(1 - phi) = 1 - c = 1", 1 - c, {"c": 0}, 1),
            Stated("an inf or a sup of a constant over a non-empty credal set is that constant, so phi = 0 has "
                   "alpha^op = 0 and beta^op = 1; alpha^op = 0 <= alpha puts phi = 0 among the tests of the sup "
                   "defining T^op(alpha) (Definition 3.17 as printed), and beta^op <= 1 for every test, so "
                   "T^op(alpha) = 1 for every alpha in [0, 1]"))


def _never_holds_steps(bound: str, lines: Sequence[sympy.Basic]) -> tuple[Step, ...]:
    """Why statement 2 never holds, as steps in ε (r = e^ε): T^op ≡ 1 (:func:`phi_zero_steps`); ``bound``(1) is
    the min of its pieces at α = 1, which is ≤ 0 (one piece vanishes) and = 0 (the others are ≥ 0 for ε ≥ 0,
    interval boxes)."""
    eps = sympy.Symbol("epsilon", positive=True)
    at_one = [line.xreplace({ALPHA: 1, R: sympy.exp(eps)}) for line in lines]
    value = sympy.Min(*at_one)
    return (*phi_zero_steps(),
            NonNegative(f"{bound}(1) = min of its pieces at alpha = 1 with r = e^eps, one of them 0: {bound}(1) <= 0",
                        sympy.S(0), value, "simplify"),
            *(Boxes(f"the piece {piece} of {bound}(1) is >= 0 for every eps >= 0, so {bound}(1) = 0", piece, ">=0",
                    ({"epsilon": (0, sympy.oo)},)) for piece in at_one if piece != 0),
            Stated(f"statement 2 at alpha = 1 asks T^op(1) <= {bound}(1), i.e. 1 <= 0: it fails for every mechanism, "
                   "every pair (x, x') and every eps > 0, so the premise of the converse never holds on the whole "
                   "domain and the implication is vacuous, neither proved nor refuted"))


# --- witnesses ------------------------------------------------------------------------------------------------
def witness_holds(notion: str) -> bool:
    """Q_2x3(3/5, 1/5) is ε-``notion`` at e^ε = 4 (r_S = 3, r^W = 4), read from :mod:`numeric.definitions.ldp`:
    the premise of every forward statement can hold."""
    mechanism = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))
    return ldp.is_sldp(mechanism, 4) if notion == "SLDP" else ldp.is_wldp(mechanism, 4, notion)


def warner_at(point: Mapping[str, Any]) -> dict[str, Any]:
    """Warner's randomized response at the budget r of ``point`` (ε-SLDP and ε-WLDP at r, checked): a mechanism
    inside the domain for a counterexample that holds for every mechanism."""
    r = Fraction(point["r"])
    mechanism = evidential_warner(r / (r + 1))
    if not (ldp.is_sldp(mechanism, r) and ldp.is_wldp(mechanism, r)):
        raise AssertionError(f"Warner's mechanism at r={r} should be eps-private")
    return {"mechanism": f"Warner's randomized response, p = r/(r+1) = {r / (r + 1)} (any eps-private mechanism fails "
                         "the same way)", "m_x": mechanism["x"].to_json(), "m_x'": mechanism["x'"].to_json(),
            "test": "phi = 0 (never reject)"}


def errors_identity() -> Evidence:
    """003 before Definition 3.17: β^pe = sup_{P_x'} E(1 - φ) equals β_φ = 1 - inf_{P_x'} E(φ) for every set of
    probabilities, because E_pr(1 - φ) = 1 - E_pr(φ) for each pr (sympy, on a frame of n labels, n symbolic),
    and sup(1 - X) = 1 - inf X; α^pe and α_φ are the same expression."""
    start = time.perf_counter()
    n = sympy.Symbol("n", integer=True, positive=True)
    i = sympy.Symbol("i", integer=True)
    pr, phi = sympy.IndexedBase("pr"), sympy.IndexedBase("phi")
    total = sympy.Sum(pr[i], (i, 1, n))
    difference = sympy.Sum(pr[i] * (1 - phi[i]), (i, 1, n)) - (total - sympy.Sum(pr[i] * phi[i], (i, 1, n)))
    simplified = sympy.simplify(sympy.expand(difference).doit())
    linear = sympy.simplify(sympy.Sum(sympy.expand(pr[i] * (1 - phi[i])), (i, 1, n)).doit()
                             - total.doit() + sympy.Sum(pr[i] * phi[i], (i, 1, n)).doit())
    ok = simplified == 0 and linear == 0
    steps = (Identity("E_pr(1 - phi) = sum pr_i - E_pr(phi) on a frame of n labels (n symbolic)",
                      sympy.Sum(pr[i] * (1 - phi[i]), (i, 1, n)), total - sympy.Sum(pr[i] * phi[i], (i, 1, n))),
             Stated("sum pr_i = 1 for a probability pr, so E_pr(1 - phi) = 1 - E_pr(phi) for each pr in P_x'"),
             Stated("so sup over P_x' of E(1 - phi) = 1 - inf over P_x' of E(phi): beta^pe = beta_phi; alpha^pe = sup "
                    "over P_x of E(phi) = alpha_phi by definition")) if ok else ()
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
                    "every evidential mechanism on a finite frame (n labels, n symbolic), every pair, every test phi",
                    {"argument": ["E_pr(1 - phi) = sum pr_i (1 - phi_i) = sum pr_i - sum pr_i phi_i = 1 - E_pr(phi) "
                                  "since sum pr_i = 1 (sympy, symbolic n)",
                                  "so sup over P_x' of E(1 - phi) = 1 - inf over P_x' of E(phi): beta^pe = beta_phi",
                                  "alpha^pe = sup over P_x of E(phi) = alpha_phi by definition"],
                     "sum identity (simplified)": str(simplified), "termwise identity (simplified)": str(linear)},
                    derived={"E(1 - phi) - (sum pr - E(phi))": difference}, seconds=time.perf_counter() - start,
                    steps=steps)


def converse_witness(always: Evidence, statement: TradeoffStatement) -> Evidence:
    """With ``always`` proving that ``statement`` holds for every mechanism, Q_2x3(3/5, 1/5) at e^ε = 3/2
    (r^W = 4) refutes "statement ⇒ ε-WLDP": statement 2 re-checked exactly on it, WLDP read from the
    definitions."""
    domain = "every evidential mechanism: statement 2 holds for all of them (proved), so any Q not eps-WLDP refutes 2 => 1"
    if always.outcome is not Outcome.PROVED:
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, domain, {"reason": "statement 2 was not proved universal"})
    case = TradeoffCase("Q_2x3(p=3/5, q=1/5)", evidential_q2x3(Fraction(3, 5), Fraction(1, 5)))
    r = Fraction(3, 2)
    found = statement_violation(case, r, statement)
    if found is not None or ldp.is_wldp(case.mechanism, r):
        raise AssertionError(f"the witness of the converse should satisfy statement 2 and not WLDP: {found}")
    steps = all_steps(always)
    if steps:
        steps += (Stated("statement 2 holds for every evidential mechanism (the decision above), so for the one below"),
                  *fails_steps(case.mechanism, r, "WLDP"))
    return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, domain,
                    {"statement 2": "proved for every mechanism (z3, coarsened regions)", "z3": always.detail},
                    steps=steps,
                    counterexample={**case.to_json(), "r = e^eps": r, "WLDP ratio": Fraction(ldp.wldp_ratio(case.mechanism)),
                                    "statement 2": "holds (re-checked exactly at every region of every pair)",
                                    "statement 1": "fails: r^W = 4 > 3/2"},
                    recheck=Recheck.EXACT, premise_cases=1, seconds=always.seconds)


# --- steps of a converse's counterexample, for a proof certificate -----------------------------------------
def _statement_steps(mechanism: Mechanism, r: Any, statement: TradeoffStatement) -> tuple[Step, ...]:
    """Statement 2 (one use, :func:`region_statement`) holds for the two-input ``mechanism`` (inputs ``x`` and
    ``x'``) at e^ε = ``r``: its inequalities at every region R of the frame, with bel_x(R), bel_x(R^c),
    bel_x'(R), bel_x'(R^c) written as sums of the rows' masses; empty when the mechanism is not of that shape
    or the regions do not decide the statement."""
    if set(map(str, mechanism.inputs)) != {"x", "x'"} or statement.composed:
        return ()
    try:
        inequalities = region_statement(statement)
    except InvalidArgument:  # a trade-off function the regions do not decide: no steps, the check stands alone
        return ()
    x, x_prime = sorted(mechanism.inputs, key=str)
    frame = list(mechanism.frame)
    focal, point, rows = row_steps(mechanism, (x, x_prime))
    r_symbol = sympy.Symbol("r", positive=True)
    conditions = []
    for size in range(len(frame) + 1):
        for region in map(frozenset, itertools.combinations(frame, size)):
            rest = frozenset(frame) - region

            def bel(row: Any, event: frozenset) -> sympy.Expr:
                return sympy.Add(*[mass_symbol(row, a) for a in focal[row] if a <= event])

            values = {A1: bel(x, region), B1: bel(x, rest), A2: bel(x_prime, region), B2: bel(x_prime, rest),
                      R: r_symbol}
            conditions += [item.expr.xreplace(values) >= 0 for item in inequalities]
    return (Stated("statement 2 for every test phi reduces to its inequalities at every rejection region R and its "
                   "complement (randomized tests are mixtures of level sets, the lower bounds are convex and the upper "
                   "concave, and a trade-off function is the envelope of the regions' error points), in a1 = bel_x(R), "
                   "b1 = bel_x(R^c), a2 = bel_x'(R), b2 = bel_x'(R^c)"),
            *rows,
            Holds(f"statement 2 holds at every region of {{{', '.join(map(str, frame))}}} at r = e^eps = {r}",
                  sympy.And(*conditions), {**point, "r": Fraction(r)}))


def converse_certified(found: Evidence, statement: TradeoffStatement, notion: str) -> Evidence:
    """``found`` (a :func:`~catalog.engines.tradeoff.checks.converse` counterexample: a mechanism at which
    statement 2 holds and Q is not ε-``notion``) with the steps a proof certificate re-checks: statement 2 at
    every region of the mechanism and the pair and set where ``notion`` fails, both from the rows' masses as the
    counterexample prints them. Unchanged when it is not such a counterexample."""
    point = found.counterexample or {}
    if found.outcome is not Outcome.COUNTEREXAMPLE or not {"m_x", "m_x'", "r = e^eps"} <= set(point):
        return found
    rows = {"x": point["m_x"], "x'": point["m_x'"]}
    labels = sorted({label.strip() for row in rows.values() for key in row for label in key.strip("{}").split(",")})
    mechanism = Mechanism.from_json({"frame": labels, "rows": rows})
    r = Fraction(str(point["r = e^eps"]))
    shown, fails = _statement_steps(mechanism, r, statement), fails_steps(mechanism, r, notion, rows_shown=True)
    budget = Holds("the budget lies in the claim's domain: r = e^eps > 1, i.e. eps > 0",
                   sympy.Symbol("r", positive=True) > 1, {"r": r})
    return replace(found, steps=(budget,) + shown + fails) if shown and fails else found
