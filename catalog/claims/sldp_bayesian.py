"""Claim of 003 §3.1 (after Definition 3.1): with Bayesian rows, ε-SLDP is standard ε-LDP
(D3.1.bayesian). Readings and conventions as in :mod:`catalog.claims.sldp`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any


from numeric import grids, strategies
from numeric.definitions import ldp
from numeric.mechanisms import Mechanism, messages, evidential_q2x3
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas
from catalog.engines.belief_steps import termwise_step
from proofs.engines.argument import argument
from proofs.engines.methods import exhaustive


# ==========================================================================================================
# D3.1.bayesian
# ==========================================================================================================
define(Claim(
    id="D3.1.bayesian", title=r"with Bayesian rows, $\epsilon$-SLDP is standard $\epsilon$-LDP",
    printed=('is Bayesian, then', 'is simply the standard local differential private mechanism',),
    source="003 §3.1",
    statement=(r"if each row of $Q$ is Bayesian, $\epsilon$-SLDP is just the standard $\epsilon$-LDP; with $2^Y "
                r"\setminus \{\emptyset\}$ as output alphabet, $Q$ is simply the standard LDP mechanism"),
    domain="evidential mechanisms on finite input and output alphabets",
    interpretation=("two statements: (a) when every $m_x$ has only singleton focal sets, $r_S$ (Definition 3.1) "
                    r"equals the standard LDP ratio, the max over $x, x'$ and events $E \subseteq Y$ of "
                    "$P_x(E)/P_{x'}(E)$; (b) $Q$ read as a probabilistic mechanism on the output alphabet $2^Y "
                    r"\setminus \{\emptyset\}$ (the messages of numeric.mechanisms) has standard LDP ratio (over "
                    "every set of messages) equal to $r_S(Q)$"),
    definitions=("SLDP", "LDP"),
    premise="every row of $Q$ is Bayesian (part a)",
    related={"L3.2": "the same termwise argument (a probability of an event is a sum of output probabilities)"},
))


def _bayesian_case(Q: Mechanism) -> tuple[bool, dict]:
    """(a) for Bayesian rows r_S = r_LDP(Q); (b) r_S = r_LDP(messages(Q)), on frames of at most 3 labels (the
    message frame has 2^|Y| - 1 labels and 2^(2^|Y| - 1) events)."""
    r_s = ldp.sldp_ratio(Q)
    info: dict[str, Any] = {"r_S": lemmas.shown(r_s)}
    ok = True
    if len(Q.frame) <= 3:
        info["r_LDP(messages)"] = lemmas.shown(ldp.ldp_ratio(messages(Q)))
        ok = info["r_LDP(messages)"] == info["r_S"]
    if all(Q[x].is_bayesian() for x in Q.inputs):
        info["r_LDP(Q)"] = lemmas.shown(ldp.ldp_ratio(Q))
        ok = ok and info["r_LDP(Q)"] == info["r_S"]
    return ok, info


@check("D3.1.bayesian", "decision")
def _bayesian_argument(budget: Budget) -> Evidence:
    """P_x(E) = Σ_{y∈E} m_x({y}) (a), P_x(𝒞) = Σ_{B∈𝒞} m_x(B) (b): sums with coefficients independent of x, so
    the termwise lemma gives r_LDP <= r_S. Conversely every single output (message) is an event, and for
    Bayesian rows every non-singleton mass is 0 in every row (0/0, no constraint), so r_S <= r_LDP."""
    premise = "the mass ratio of every single output (message) is at most r = r_S"
    steps = (termwise_step("P_x(E) (a)", "[y ∈ E]", premise),
             termwise_step("P_x(𝒞) for a set 𝒞 of messages (b)", "[B ∈ 𝒞]", premise))
    warner = evidential_q2x3(Fraction(3, 4), Fraction(1, 4))
    return argument(steps, timeout=budget.timeout, premise_cases=1,
                    facts=[("Warner's Q_{2x3}(3/4, 1/4) has Bayesian rows (the premise of part a can hold)",
                            all(warner[x].is_bayesian() for x in warner.inputs))],
                    detail={"r_S <= r_LDP": "the LDP maximum ranges over the single outputs (messages) too"},
                    domain="every evidential mechanism on every finite frame")


@check("D3.1.bayesian", "enumeration")
def _bayesian_grid(budget: Budget) -> Evidence:
    """(b) r_LDP(messages(Q)) = r_S(Q) on grid mechanisms; (a) r_LDP(Q) = r_S(Q) on those with Bayesian rows
    (the premise), computed from output probabilities over every event."""
    d2, d3 = 2 + budget.grid // 4, 1 + budget.grid // 16
    mechs = grids.mechanisms(2, d2) + grids.mechanisms(3, d3)[::2]
    rows = [m for m in grids.mass_functions(3, 2 + budget.grid // 4) if m.is_bayesian()]
    bayes = [Mechanism({0: a, 1: b}) for a in rows for b in rows]
    return exhaustive(({"Q": Q} for Q in mechs + bayes), lambda c: _bayesian_case(c["Q"]),
                      premise=lambda c: all(c["Q"][x].is_bayesian() for x in c["Q"].inputs),
                      domain=(f"part (b): every 2-input mechanism on 2 labels (masses k/{d2}) and every other on 3 labels "
                              f"(k/{d3}); part (a): those with Bayesian rows and every Bayesian 2-input mechanism on 3 "
                              f"labels with masses k/{2 + budget.grid // 4} ({len(bayes)}); exact"))


@check("D3.1.bayesian", "property")
def _bayesian_random(budget: Budget) -> Iterable[Evidence]:
    """(a) on random Bayesian mechanisms, (b) on random mechanisms of 1-3 labels (cross-checks)."""
    examples = lemmas.cross_check_examples(budget) // 2
    yield lemmas.search(strategies.mechanisms(max_labels=4, kind="bayesian"), _bayesian_case, budget,
                        "part (a): random exact mechanisms with Bayesian rows, 2-3 inputs, 1-4 labels",
                        examples=examples, premise=lambda Q: True)
    yield lemmas.search(strategies.mechanisms(max_labels=3, all_focal=None), _bayesian_case, budget,
                        "part (b): random exact mechanisms, 2-3 inputs, 1-3 labels (message frames of up to 7 labels), in "
                        "three of four every subset focal", examples=examples)
