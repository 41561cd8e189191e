"""The shapes the SLDP and WLDP lemmas share, with the loss as a parameter (003 §3.1 Lemmas 3.3, 3.4;
§3.2 Lemmas 3.15, 3.16), and the search and grid helpers of the belief-function claims.

* composition (Lemmas 3.3 and 3.15): r(Q_{1,2}) <= r(Q1) r(Q2), Q_{1,2}(x) = (Q1(x), Q2(x)) the product of
  independent random sets (:meth:`numeric.mechanisms.Mechanism.compose`);
* post-processing (Lemmas 3.4 and 3.16): r(f∘Q) <= r(Q), f a data-independent mixture of deterministic maps
  (:meth:`~numeric.mechanisms.Mechanism.post_process_mixture`) or a kernel K(z|y) applied to each element
  (:meth:`~numeric.mechanisms.Mechanism.post_process_kernel`).

The loss is a reading of :mod:`numeric.definitions.ldp` (``"SLDP"``, ``"WLDP"``, ``"WLDP: distinct pairs"``).
"Q is ε-private" is checked at the mechanism's own loss ε = ln r(Q) (the smallest admissible budget; the
conclusions are closed inequalities in ε, so this covers every admissible ε > 0; r = 1 is the limit
ε -> 0+). The premise holds exactly when the loss is finite; evidence counts those cases
(``premise_cases``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from numeric import grids
from numeric.definitions import ldp
from numeric.mechanisms import Mechanism
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Outcome
from proofs.engines.argument import all_conditions
from proofs.engines.methods import exhaustive, property_search, rational_grid

if TYPE_CHECKING:
    import sympy

__all__ = [
    "CONVENTION", "BUDGET_RULE", "shown", "search", "cross_check_examples", "reading_examples",
    "finite", "composition_case", "composition_premise", "post_processing_case", "post_processing_premise",
    "post_processed", "describe_pair", "describe_post", "composition_grid", "post_processing_grid",
    "composition_evidence", "post_processing_evidence",
    "Q23_DOMAIN", "NO_HALF", "q2x3_case", "q2x3_evidence", "q2x3_decision", "mass_function_grid",
]

CONVENTION = (r"ratios are read multiplicatively ($a/b \le e^{\epsilon}$ as $a \le e^{\epsilon} b$): $0/0$ places no "
              r"constraint, $c/0 = +\infty$ for $c > 0$; zero masses are allowed (the paper's 'all subsets are focal' "
              "is the sub-domain of positive masses)")
BUDGET_RULE = (r"'$Q$ is $\epsilon$-private' is checked at the smallest budget $\epsilon = \ln r(Q)$ of $Q$; the "
               r"conclusions are closed inequalities in $\epsilon$, so this covers every admissible $\epsilon > 0$; "
               "the premise holds iff $r(Q)$ is finite")


_T = TypeVar("_T")


def shown(r: _T) -> _T | str:
    """A ratio for a report: ``"oo"`` for an infinite one."""
    return "oo" if r == math.inf or str(r) == "oo" else r


def finite(r: object) -> bool:
    return not (r == math.inf or str(r) == "oo")


def reading_examples(budget: Budget) -> int:
    """Examples for an alternative reading's search (reported beside the verdict, never deciding it): a
    fiftieth of the budget's examples, at least 50."""
    return max(50, budget.examples // 50)


def cross_check_examples(budget: Budget) -> int:
    """Examples for the random search of a claim that also has a proof (or a decision) covering the search's
    domain: a tenth of the budget's examples, at least 50 and at most 1000. The search then cross-checks the
    implementation against the argument rather than deciding the claim, so it stops growing with the budget."""
    return min(1000, max(50, budget.examples // 10))


def search(strategy: Any, prop: Callable[[Any], tuple[bool, dict]], budget: Budget, domain: str, *,
           examples: int | None = None, reading: str | None = None, describe: Callable[[Any], Mapping] | None = None,
           premise: Callable[[Any], bool] | None = None, detail: Mapping | None = None) -> Evidence:
    """A property search for a counterexample to ``prop`` (returning (ok, info)), re-checked exactly: seeded
    random draws from the sampler of a :mod:`numeric.strategies` strategy (same domain, same evidence), shrunk
    deterministically; ``premise`` marks the examples an implication applies to."""
    return property_search(
        strategy, lambda value: prop(value)[0], examples=examples or budget.examples, domain=domain,
        recheck=prop, describe=describe or (lambda v: {"Q": v.to_json()} if isinstance(v, Mechanism)
                                            else {"example": repr(v)}),
        reading=reading, premise=premise, detail={"conventions": CONVENTION, **(detail or {})},
    )


# --- composition ------------------------------------------------------------------------------------------------
def describe_pair(pair: tuple[Mechanism, Mechanism]) -> dict:
    return {"Q1": pair[0].to_json(), "Q2": pair[1].to_json()}


def composition_premise(pair: tuple[Mechanism, Mechanism], reading: str) -> bool:
    """Q1 and Q2 are private for some finite ε1, ε2 (their own losses)."""
    return all(finite(ldp.worst(q, reading).ratio) for q in pair)


def composition_case(pair: tuple[Mechanism, Mechanism], reading: str, *, vertices: bool = False) -> tuple[bool, dict]:
    """r(Q_{1,2}) <= r(Q1) r(Q2) under ``reading``, exactly; with ``vertices``, for the Walley loss on a product
    frame of at most 4 labels, r(Q_{1,2}) is also computed over credal vertices and must agree (an internal
    cross-check of Definition 3.13 against max pl/bel on non-product credal sets)."""
    q1, q2 = pair
    r1, r2 = ldp.worst(q1, reading).ratio, ldp.worst(q2, reading).ratio
    composed = q1.compose(q2)
    worst = ldp.worst(composed, reading)
    info = {"r(Q1)": shown(r1), "r(Q2)": shown(r2), "r(Q12)": shown(worst.ratio),
            "worst event": sorted(map(str, worst.event))}
    item = ldp.loss(reading)
    if vertices and item.reading.notion == "WLDP" and len(composed.frame) <= 4:
        by_vertices = composed.ratio_walley_vertices(item.pairs)
        if by_vertices != worst.ratio:
            raise AssertionError(f"r^W of {composed!r}: pl/bel gives {worst.ratio}, vertices {by_vertices}")
    if not (finite(r1) and finite(r2)):
        return True, info
    return worst.ratio != math.inf and worst.ratio <= r1 * r2, info


def composition_grid(budget: Budget, *, positive_singletons: bool) -> tuple[list[tuple[Mechanism, Mechanism]], str]:
    """Pairs of 2-input mechanisms on 2-label frames with masses multiples of 1/d, d = 2 + grid // 16
    (2 at the quick and standard budgets, 3 at thorough; 4 with positive singletons, 5 at thorough); every
    pair at grid >= 9, every other mechanism below."""
    d = (4 if positive_singletons else 2) + budget.grid // 16
    mechs = grids.mechanisms(2, d, positive_singletons=positive_singletons)
    step = 1 if budget.grid >= 9 else 2
    mechs = mechs[::step]
    pairs = [(a, b) for a in mechs for b in mechs]
    text = (f"every pair (Q1, Q2) of 2-input mechanisms on 2-label frames with masses in multiples of 1/{d}"
            + (" and every singleton mass positive" if positive_singletons else "")
            + (f" (every {step}nd mechanism of that grid at this budget)" if step > 1 else "")
            + f": {len(pairs)} pairs, products on 4-label frames, all 15 non-empty events; exact")
    return pairs, text


def _search_and_grid(holds: Callable[..., tuple[bool, dict]], premise: Callable[[Any], bool], budget: Budget, *,
                     strategy: Any, strategy_text: str, examples: int, describe: Callable, cases: list,
                     text: str, grid_holds: Callable[[Any], tuple[bool, dict]] | None = None) -> Iterable[Evidence]:
    """A random search and an exhaustive grid of the same property (premise counted in both)."""
    yield search(strategy, holds, budget, strategy_text, examples=examples, describe=describe, premise=premise)
    check = grid_holds or holds
    yield exhaustive(({"case": c} for c in cases), lambda c: check(c["case"]), domain=text,
                     premise=lambda c: premise(c["case"]))


def composition_evidence(reading: str, budget: Budget, *, strategy: Any, strategy_text: str, examples: int,
                         positive_singletons: bool) -> Iterable[Evidence]:
    """Random search and exhaustive grid for composition under ``reading`` (premise counted); on the grid r^W
    of each product is also computed over its credal vertices."""
    pairs, text = composition_grid(budget, positive_singletons=positive_singletons)
    return _search_and_grid(lambda p: composition_case(p, reading), lambda p: composition_premise(p, reading), budget,
                            strategy=strategy, strategy_text=strategy_text, examples=examples, describe=describe_pair,
                            cases=pairs, text=text + "; r^W of each product also over its credal vertices (must agree)",
                            grid_holds=lambda p: composition_case(p, reading, vertices=True))


# --- post-processing --------------------------------------------------------------------------------------------
def post_processed(Q: Mechanism, f: Any, codomain: tuple) -> Mechanism:
    """f∘Q for f a kernel {y: {z: K(z|y)}} or a mixture [(w, map)]."""
    return Q.post_process_kernel(f, codomain) if isinstance(f, dict) else Q.post_process_mixture(f, codomain)


def describe_post(case: tuple) -> dict:
    Q, f, codomain = case
    text = {str(y): {str(z): w for z, w in row.items()} for y, row in f.items()} if isinstance(f, dict) \
        else [{"weight": w, "f": {str(y): z for y, z in fm.items()}} for w, fm in f]
    return {"Q": Q.to_json(), "f": text, "Z": list(codomain)}


def post_processing_premise(case: tuple, reading: str) -> bool:
    return finite(ldp.worst(case[0], reading).ratio)


def post_processing_case(case: tuple, reading: str) -> tuple[bool, dict]:
    """r(f∘Q) <= r(Q) under ``reading``, exactly."""
    Q, f, codomain = case
    r, rf = ldp.worst(Q, reading).ratio, ldp.worst(post_processed(Q, f, codomain), reading).ratio
    info = {"r(Q)": shown(r), "r(f∘Q)": shown(rf)}
    return (True if not finite(r) else finite(rf) and rf <= r), info


def post_processing_grid(budget: Budget, *, positive_singletons: bool) -> tuple[list[tuple], str]:
    """Mechanisms on 2-label frames (masses multiples of 1/d2) and every 4th on 3-label frames (1/d3), each
    with every deterministic map into {z0, z1} and two mixtures of two maps (weights 1/2-1/2, 1/3-2/3);
    d2 = 2 + grid // 4, d3 = 1 + grid // 16 (positive singletons: d2 + 1, d3 + 2)."""
    d2 = 2 + budget.grid // 4 + (1 if positive_singletons else 0)
    d3 = 1 + budget.grid // 16 + (2 if positive_singletons else 0)
    two = grids.mechanisms(2, d2, positive_singletons=positive_singletons)
    three = grids.mechanisms(3, d3, positive_singletons=positive_singletons)[::4]
    cases = []
    codomain = ("z0", "z1")
    for Q in two + three:
        maps = grids.maps(Q.frame, codomain)
        cases += [(Q, [(Fraction(1), f)], codomain) for f in maps]
        cases.append((Q, [(Fraction(1, 2), maps[0]), (Fraction(1, 2), maps[1])], codomain))
        cases.append((Q, [(Fraction(1, 3), maps[1]), (Fraction(2, 3), maps[-2])], codomain))
    text = (f"every 2-input mechanism on a 2-label frame with masses in multiples of 1/{d2} ({len(two)}) and every "
            f"4th on a 3-label frame with multiples of 1/{d3} ({len(three)})"
            + (", every singleton mass positive" if positive_singletons else "")
            + "; every deterministic f: Y -> {z0, z1} and two fixed mixtures of two maps (weights 1/2-1/2, "
            f"1/3-2/3): {len(cases)} cases; exact")
    return cases, text


def post_processing_evidence(reading: str, budget: Budget, *, strategy: Any, strategy_text: str, examples: int,
                             positive_singletons: bool) -> Iterable[Evidence]:
    """Random search and exhaustive grid for post-processing under ``reading`` (premise counted)."""
    cases, text = post_processing_grid(budget, positive_singletons=positive_singletons)
    return _search_and_grid(lambda c: post_processing_case(c, reading), lambda c: post_processing_premise(c, reading),
                            budget, strategy=strategy, strategy_text=strategy_text, examples=examples,
                            describe=describe_post, cases=cases, text=text)


def mass_function_grid(budget: Budget) -> tuple[list[dict], str]:
    """Every mass function on frames of 1-4 labels with masses multiples of 1, 1/d2, 1/d3, 1/d4 (d2 = 2 + grid // 2,
    d3 = 1 + grid // 4, d4 = 1 + grid // 16), as cases {"m": ...}, with the grid in words."""
    d2, d3, d4 = 2 + budget.grid // 2, 1 + budget.grid // 4, 1 + budget.grid // 16
    cases = [{"m": m} for n, d in ((1, 1), (2, d2), (3, d3), (4, d4)) for m in grids.mass_functions(n, d)]
    return cases, (f"every mass function on frames of 1, 2, 3, 4 labels with masses multiples of 1, 1/{d2}, 1/{d3}, "
                   f"1/{d4} ({len(cases)} mass functions), every event; exact")


# --- closed forms of the losses of Q_{2x3} (epsS, epsW) ------------------------------------------------------------
Q23_DOMAIN = r"$p > 1/2$, $q \in [0, 1]$, $p + q \le 1$ (003 §3.1: $p, q \in [0, 1]$ and 'we may assume $p > 1/2$')"
NO_HALF = "p, q ∈ [0, 1], p + q <= 1, without the assumption p > 1/2"


def q2x3_case(p: Fraction, q: Fraction, ratios: Callable[[Fraction, Fraction], Mapping[str, object]],
              closed_form: Callable[[Fraction, Fraction], object]) -> tuple[bool, dict]:
    """Every ratio computed by ``ratios`` at (p, q) equals the closed form (``math.inf`` where it is c/0)."""
    expected = closed_form(p, q)
    got = {name: (math.inf if not finite(value) else value) for name, value in ratios(p, q).items()}
    return all(v == expected for v in got.values()), {"expected ratio": shown(expected),
                                                      **{k: shown(v) for k, v in got.items()}}


def q2x3_evidence(budget: Budget, ratios: Callable[[Fraction, Fraction], Mapping[str, object]],
                  closed_form: Callable[[Fraction, Fraction], object], strategy: Any) -> Iterable[Evidence]:
    """The exact grid on the paper's domain (boundaries included), the same grid without p > 1/2 (the
    reading ``NO_HALF``, reported beside) and a random search (a cross-check of the decision)."""
    def case(c: Mapping) -> tuple[bool, dict]:
        return q2x3_case(c["p"], c["q"], ratios, closed_form)

    ps = rational_grid(Fraction(1, 2), 1, budget.grid) + [Fraction(1)]
    qs = [Fraction(0)] + rational_grid(0, 1, budget.grid) + [Fraction(1, 2)]
    cases = [{"p": p, "q": q} for p in ps for q in qs if p + q <= 1]
    yield exhaustive(cases, case, domain=(f"{Q23_DOMAIN}: exact grid p ∈ {{1/2 + i/(2({budget.grid}+1))}} ∪ {{1}}, q ∈ "
                                          f"{{0, i/({budget.grid}+1), 1/2}}, p + q <= 1 ({len(cases)} points), "
                                          "boundaries included"))
    grid = [Fraction(0)] + rational_grid(0, 1, budget.grid)
    wide = [{"p": p, "q": q} for p in grid for q in grid if p + q <= 1 and (p, q) != (0, 0)]
    yield exhaustive(wide, case, reading=NO_HALF,
                     domain=f"{NO_HALF}: exact grid p, q ∈ {{0, i/({budget.grid}+1)}} ({len(wide)} points)")
    yield search(strategy, lambda pq: q2x3_case(*pq, ratios, closed_form), budget,
                 f"{Q23_DOMAIN}: random exact p, q with denominators 2..60", examples=cross_check_examples(budget),
                 describe=lambda pq: {"p": pq[0], "q": pq[1]})


def q2x3_decision(budget: Budget, conditions: list[tuple[str, sympy.Expr]], *, boundary: tuple[str, sympy.Expr],
                  attained: bool, attained_text: str, extra_hypotheses: Iterable[str | sympy.Basic] = (), symbols: Iterable[str] = ("p", "q")) -> Evidence:
    """One decision for a closed-form loss of Q_{2x3}: every ``condition`` (a ratio bounded by the closed form,
    cross-multiplied, >= 0) decided by z3 on p > 1/2, q > 0, p + q <= 1 (and ``extra_hypotheses``); the
    boundary q = 0, where the ratio is c/0 = +∞, by z3 on ``boundary`` = (name, c > 0); and the attainment, an
    exact identity computed by the caller. ``proved`` when all three are, else the first part that is not."""
    hypotheses = ["p > 1/2", "q > 0", "p + q <= 1", *extra_hypotheses]
    bound = all_conditions(conditions, hypotheses=hypotheses, domain=Q23_DOMAIN + " with q > 0",
                           timeout=budget.timeout, symbols=tuple(symbols))
    edge = all_conditions([boundary], hypotheses=["p > 1/2", "p <= 1", "q == 0"], sign=">0", domain="q = 0",
                          timeout=budget.timeout, symbols=("p", "q"))
    for part in (bound, edge):
        if part.outcome is not Outcome.PROVED:
            return part
    detail = {**bound.detail, "attained": f"{attained_text}: {'shown' if attained else 'NOT shown'}",
              "q = 0": f"{boundary[0]}: proved on p > 1/2, p <= 1, q = 0 (the ratio is c/0 = +∞ = the closed form)",
              "cases": "every x, x' (equal included) and every non-empty E ⊆ {yes, no}"}
    return replace(bound, domain=Q23_DOMAIN + ": the whole domain (q > 0 and q = 0 decided by z3)", detail=detail,
                   outcome=Outcome.PROVED if attained else Outcome.INCONCLUSIVE)
