"""Claims of 003 §3.2 on WLDP itself: Lemma 3.14 (its 000 variant, its proof step and its converse).
Lemmas 3.15 and 3.16 are in :mod:`catalog.claims.wldp_composition`, the WLDP loss of Q_{2×3} (epsW) in
:mod:`catalog.claims.wldp_loss`; they share this module's readings, premise and example mechanism.

Source: ``003_c07100d0f17e2eef.txt`` (``L3.14@000`` from ``000_15dfbb6255c67df8.txt``). Every claim reads
WLDP from :mod:`numeric.definitions.ldp`: the primary reading ``WLDP`` counts every ordered pair (x, x'),
x = x' included (the module docstring there gives the reasons: r_S's max_{x,x'}, Lemma 3.14's 'for all
x, x' ∈ X', the proof of Lemma 3.16); ``WLDP: distinct pairs`` is checked beside it where the two differ.
Conventions: ratios read multiplicatively (0/0 no constraint, c/0 = +∞), zero masses allowed, "Q is
ε-WLDP" checked at Q's own loss (:data:`catalog.engines.privacy_lemmas.BUDGET_RULE`).

The whole-domain arguments share two pieces: *attainment* (for every event E some pr ∈ P_bel has
pr(E) = pl(E), another pr(E) = bel(E): allocate each focal set's mass to one of its elements) and the
*envelope* (every pr ∈ P_bel has bel(E) <= pr(E) <= pl(E)); together they make r^W = max pl_x(E)/bel_x'(E).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any


from numeric import grids, strategies
from numeric.definitions import ldp
from numeric.mechanisms import Mechanism, evidential_q2x3
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas
from catalog.engines.belief_steps import (ALLOCATION, ATTAINMENT, ATTAINMENT_NOTE, ENVELOPE, WLDP_CHAIN, WLDP_LOWER, WLDP_UPPER)
from proofs.engines.argument import argument, arithmetic, sets
from proofs.engines.methods import exhaustive

DISTINCT = "WLDP: distinct pairs"
PAPER_Q = evidential_q2x3(Fraction(3, 5), Fraction(1, 5))  # r^W = 4 (003 §3.2)
WITNESS = [("Q_{2x3}(3/5, 1/5) is ln 4-WLDP (the premise can hold)", ldp.is_wldp(PAPER_Q, 4))]


def wldp_premise(Q: Mechanism, reading: str = "WLDP") -> bool:
    return lemmas.finite(ldp.worst(Q, reading).ratio)


def _wldp_grid(budget: Budget) -> tuple[list[Mechanism], str]:
    """2-input mechanisms whose rows put mass on every singleton (finite r^W: the premise holds) and, to test
    the premise's bookkeeping, the plain 2-label grid with zeros."""
    d2, d3, d0 = 3 + budget.grid // 4, 3 + budget.grid // 8, 2 + budget.grid // 8
    two = grids.mechanisms(2, d2, positive_singletons=True)
    three = grids.mechanisms(3, d3, positive_singletons=True)
    zeros = grids.mechanisms(2, d0)
    return two + three + zeros, (
        f"every 2-input mechanism with positive singleton masses on 2 labels (multiples of 1/{d2}, {len(two)}) and "
        f"3 labels (1/{d3}, {len(three)}), and every one on 2 labels with multiples of 1/{d0} ({len(zeros)}, zeros "
        "allowed); exact")


_RANDOM = strategies.mechanisms(max_labels=4, positive_singletons=None)
_RANDOM_TEXT = ("random exact mechanisms: 2-3 inputs, frames of 1-4 labels, rows generic/sparse/Bayesian/vacuous, "
                "half with every singleton mass positive (finite r^W)")


def _mechanism_checks(claim_id: str, holds: Any, reading: str = "WLDP") -> None:
    """Register the grid and the random search of a claim about one mechanism (premise: Q is ε-WLDP)."""

    def grid(budget: Budget) -> Evidence:
        """The claim on every grid mechanism; the premise (finite r^W) counted."""
        mechs, text = _wldp_grid(budget)
        return exhaustive(({"Q": Q} for Q in mechs), lambda c: holds(c["Q"]), domain=text,
                          premise=lambda c: wldp_premise(c["Q"], reading))

    def search(budget: Budget) -> Evidence:
        """The claim on random mechanisms (a cross-check of the whole-domain argument)."""
        return lemmas.search(_RANDOM, holds, budget, _RANDOM_TEXT, examples=lemmas.cross_check_examples(budget),
                             premise=lambda Q: wldp_premise(Q, reading))

    for method, function in (("enumeration", grid), ("property", search)):
        function.__qualname__ = f"_{claim_id.replace('.', '_').replace('@', '_')}_{function.__name__}"
        check(claim_id, method)(function)


# ==========================================================================================================
# L3.14, its 000 variant, its proof step and its converse
# ==========================================================================================================
define(Claim(
    id="L3.14", title=r"WLDP: $pl_x / bel_{x'}$ between $e^{-\epsilon}$ and $e^{\epsilon}$", source="003 Lemma 3.14",
    printed=(r"e^{-\epsilon}\leq\frac{pl_{x}(E)}{bel_{x^{\prime}}(E)}\leq e^{\epsilon}",),
    statement=(r"If privacy mechanism $Q$ is $\epsilon$-WLDP, then, for all $x,x'\in X$ and $E\subseteq Y$: "
               r"$e^{-\epsilon}\leq\frac{pl_{x}(E)}{bel_{x'}(E)}\leq e^{\epsilon}$"),
    domain=r"evidential mechanisms $Q$ (finite); $\epsilon > 0$",
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    ". $r^W$ computed from Definition 3.13 over credal vertices (the vertex ratio of a mechanism in "
                     r"numeric.mechanisms), independently of pl/bel. Checked: $bel_{x'}(E) \le r^W pl_x(E)$ and "
                     r"$pl_x(E) \le r^W bel_{x'}(E)$ for all $x, x'$ ($x = x'$ included, as printed) and $E$"),
    readings=("WLDP: distinct pairs in r^W, conclusion for all x, x' as printed",
              "WLDP: distinct pairs in r^W and in the conclusion"),
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP", DISTINCT),
    related={"L3.14.proof": "the attainment step of its proof", "L3.14.converse": "its converse"},
))


def _l3_14_holds(Q: Mechanism, *, top: str = "bel", reading: str = "WLDP", conclusion: str = "WLDP") -> tuple[bool, dict]:
    """bel_x'(E) <= r pl_x(E) and pl_x(E) <= r top_x'(E) (top = bel, 003; pl, 000) over the pairs of
    ``conclusion``, r = r^W of ``reading`` from the credal vertices; exact."""
    r = Q.ratio_walley_vertices(ldp.loss(reading).pairs)
    if not lemmas.finite(r):
        return True, {"r^W (vertices)": "oo"}
    for x, y in ldp.counted_pairs(Q.inputs, conclusion):
        for mask in range(1, 1 << len(Q.frame)):
            event = Q.frame_subset(mask)
            a, b = Q[x].pl(event), (Q[y].bel(event) if top == "bel" else Q[y].pl(event))
            if a > r * b or b > r * a:
                return False, {"x": x, "x'": y, "E": sorted(map(str, event)), "numerator": a, "denominator": b,
                               "r^W (vertices)": r}
    return True, {"r^W (vertices)": r}


@check("L3.14", "decision")
def _l3_14_argument(budget: Budget) -> Evidence:
    """Attainment (allocations) puts pl_x(E) and bel_x'(E) in the credal sets; WLDP at (x, x') and at (x', x)
    bounds them."""
    return argument(ATTAINMENT + (WLDP_UPPER, WLDP_LOWER), timeout=budget.timeout, facts=WITNESS, premise_cases=1,
                    detail={"allocations": ATTAINMENT_NOTE},
                    domain="every evidential mechanism on every finite frame, every ε > 0 (reading WLDP: every "
                           "ordered pair)")


_mechanism_checks("L3.14", _l3_14_holds)


@check("L3.14", "property")
def _l3_14_readings(budget: Budget) -> Iterable[Evidence]:
    """The distinct-pairs reading of r^W breaks the conclusion at x = x' as printed; with distinct pairs in both
    it holds (reported beside the verdict)."""
    few = lemmas.reading_examples(budget)
    for name, conclusion in (("WLDP: distinct pairs in r^W, conclusion for all x, x' as printed", "WLDP"),
                             ("WLDP: distinct pairs in r^W and in the conclusion", DISTINCT)):
        evidence = lemmas.search(_RANDOM, lambda Q, c=conclusion: _l3_14_holds(Q, reading=DISTINCT, conclusion=c),
                                 budget, _RANDOM_TEXT, examples=few, premise=lambda Q: wldp_premise(Q, DISTINCT))
        yield replace(evidence, reading=name)


define(Claim(
    id="L3.14@000", title=r"WLDP: $pl_x / pl_{x'}$ between $e^{-\epsilon}$ and $e^{\epsilon}$ (000)", source=("000 "
                                                                                                              "Lemma "
                                                                                                              "3.14"),
    statement=(r"If privacy mechanism $Q$ is $\epsilon$-WLDP, then, for all $x,x'\in X$ and $E\subseteq Y$: "
               r"$e^{-\epsilon}\leq\frac{pl_x(E)}{pl_{x'}(E)}\leq e^\epsilon$"),
    domain=r"evidential mechanisms $Q$ (finite); $\epsilon > 0$",
    interpretation=(lemmas.CONVENTION + "; " + lemmas.BUDGET_RULE +
                    r"; $r^W$ from the credal vertices. Checked: $pl_x(E) \le r^W pl_{x'}(E)$ for all $x, x'$ ($x = "
                     "x'$ included) and $E$"),
    premise=r"$Q$ is $\epsilon$-WLDP",
    definitions=("WLDP",),
    related={"L3.14": r"the 003 version (pl over bel), which implies this one since $bel \le pl$"},
))


@check("L3.14@000", "decision")
def _l3_14_000_argument(budget: Budget) -> Evidence:
    """Lemma 3.14's argument, then bel <= pl (a focal set inside E meets E): pl_x(E) <= r bel_x'(E) <= r pl_x'(E)."""
    steps = ATTAINMENT + (WLDP_UPPER,) + (
        sets("a non-empty focal set inside E meets E", "implies(B != {} and B <= E, B & E != {})", declare=ALLOCATION,
             because="so [B ⊆ E] <= [B ∩ E ≠ ∅] and, with the monotone-sum step, bel(E) <= pl(E)"),
        arithmetic("pl_x(E) <= r bel_x'(E) <= r pl_x'(E)", "r*c - a", hypotheses=["r*b - a >= 0", "c - b >= 0", "r >= 0"],
                   symbols=("r", "a", "b", "c"),
                   because="the upper bound of Lemma 3.14 and bel_x'(E) <= pl_x'(E); the lower bound is the same "
                           "at (x', x)"),
    )
    return argument(steps, timeout=budget.timeout, facts=WITNESS, premise_cases=1,
                    domain="every evidential mechanism on every finite frame, every ε > 0")


_mechanism_checks("L3.14@000", lambda Q: _l3_14_holds(Q, top="pl"))

define(Claim(
    id="L3.14.proof", title="pl and bel are attained in the credal set", source="003 proof of Lemma 3.14",
    printed=('pr_{x}(E)=pl_{x}(E)', r"pr_{x^{\prime}}(E)=bel_{x^{\prime}}(E)",),
    statement=(r"For a given $E\subseteq Y$ we can always find a $pr_{x}\in\mathcal{P}_{bel_{x}}$ such that "
               "$pr_{x}(E)=pl_{x}(E)$ and a $pr_{x'}$ such that $pr_{x'}(E)=bel_{x'}(E)$"),
    domain=r"normal mass functions on finite frames, every $E \subseteq Y$",
    interpretation=(r"$P_{bel} = \{pr : pr(A) \ge bel(A) \text{ for all } A\}$ (003 §2). Witnesses: the credal "
                    "vertex for an ordering that lists $E$ last ($pr(E) = pl(E)$) and one that lists $E$ first "
                    "($pr(E) = bel(E)$); membership in $P_{bel}$ is verified on all $2^n$ subsets exactly, the "
                    "values against pl, bel"),
    related={"L3.14": "the lemma this step proves"},
))


@check("L3.14.proof", "decision")
def _attainment_argument(budget: Budget) -> Evidence:
    """Allocate each focal set's mass to one of its elements, inside E when possible (pl) or outside E when
    possible (bel); every allocation dominates bel."""
    return argument(ATTAINMENT, timeout=budget.timeout, detail={"allocations": ATTAINMENT_NOTE},
                    domain="every normal mass function on every finite frame, every E")


def _attained(m: Any) -> tuple[bool, dict]:
    """The vertices for 'E last' and 'E first' lie in P_bel (all 2^n events, exactly) and give pl(E), bel(E)."""
    members: dict[tuple, bool] = {}
    for mask in range(1 << m.n):
        event = m.subset(mask)
        inside, rest = [y for y in m.frame if y in event], [y for y in m.frame if y not in event]
        extremes = ((m.vertex(rest + inside), m.pl(event), "pl"), (m.vertex(inside + rest), m.bel(event), "bel"))
        for pr, target, name in extremes:
            value = sum((pr[y] for y in inside), Fraction(0))
            key = tuple(pr[y] for y in m.frame)
            if key not in members:
                members[key] = m.in_credal_set(pr)
            if not members[key] or value != target:
                return False, {"E": sorted(map(str, event)), "pr": {str(k): v for k, v in pr.items()},
                               f"{name}(E)": target, "pr(E)": value, "in credal set": members[key]}
    return True, {}


@check("L3.14.proof", "enumeration")
def _attainment_grid(budget: Budget) -> Evidence:
    cases, text = lemmas.mass_function_grid(budget)
    return exhaustive(cases, lambda c: _attained(c["m"]), domain=text)


@check("L3.14.proof", "property")
def _attainment_random(budget: Budget) -> Evidence:
    """The two vertices on random mass functions of up to 5 labels (a cross-check of the allocation argument)."""
    return lemmas.search(strategies.mass_functions(min_labels=1, max_labels=5), _attained, budget,
                         "random exact mass functions on frames of 1-5 labels, every E",
                         examples=lemmas.cross_check_examples(budget), describe=lambda m: {"m": m.to_json()})


define(Claim(
    id="L3.14.converse", title=r"Lemma 3.14 as a characterization: the pl/bel bounds imply $\epsilon$-WLDP",
    printed=('provide a simple mathematical characterization of SLDP and WLDP',),
    source="003 before Lemma 3.14",
    statement=(r"$e^{-\epsilon} \le \frac{pl_x(E)}{bel_{x'}(E)} \le e^{\epsilon}\ \forall x, x', E \implies Q$ is "
                r"$\epsilon$-WLDP $(\epsilon^W(Q) = \max \ln \frac{pl_x(E)}{bel_{x'}(E)})$"),
    domain=r"evidential mechanisms on finite alphabets, $\epsilon > 0$",
    interpretation=("'Lemmas 3.2 and 3.14 provide a simple mathematical characterization' read as the converse of "
                    "Lemma 3.14. Checked: $r^W$ computed from Definition 3.13 over credal vertices is at most "
                    r"$e^{\epsilon}$ = the largest $pl_x(E)/bel_{x'}(E)$ (the premise at its smallest $\epsilon$), "
                    "and equals it"),
    definitions=("WLDP",),
    premise=r"$e^{-\epsilon} \le pl_x(E)/bel_{x'}(E) \le e^{\epsilon}$ for all $x, x', E$",
    related={"L3.14": "the lemma whose converse this is"},
))


def _converse_holds(Q: Mechanism) -> tuple[bool, dict]:
    by_vertices, by_formula = Q.ratio_walley_vertices(), ldp.worst(Q, "WLDP").ratio
    return by_vertices == by_formula, {"r^W (credal vertices)": lemmas.shown(by_vertices),
                                       "max pl/bel": lemmas.shown(by_formula)}


@check("L3.14.converse", "decision")
def _converse_argument(budget: Budget) -> Evidence:
    """The envelope gives pr_x(E)/pr_x'(E) <= pl_x(E)/bel_x'(E) for every credal pair, so the bounds imply
    ε-WLDP; attainment shows the maximum is reached, so ε^W(Q) = max ln pl_x(E)/bel_x'(E)."""
    return argument(ENVELOPE + (WLDP_CHAIN,) + ATTAINMENT, timeout=budget.timeout, premise_cases=1,
                    facts=[("Q_{2x3}(3/5, 1/5): max pl_x(E)/bel_x'(E) = 4 is finite (the premise holds at ε = ln 4)",
                            ldp.wldp_ratio(PAPER_Q) == 4)],
                    domain="every evidential mechanism on every finite frame, every ε > 0")


_mechanism_checks("L3.14.converse", _converse_holds)
