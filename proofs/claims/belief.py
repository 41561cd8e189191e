"""Belief functions and evidential mechanisms: paper 003 §2 (Möbius inversion), §3.1 (Lemmas 3.2-3.4),
§3.2 (Lemmas 3.14-3.16) and the privacy losses ε^S, ε^W of Q_{2×3}.

Source text: ``003_c07100d0f17e2eef.txt`` (the variant ``L3.14@000`` from ``000_15dfbb6255c67df8.txt``).
Computations live in :mod:`numeric.belief` and :mod:`numeric.mechanisms`; the random inputs are the
public strategies of :mod:`numeric.strategies`.

Conventions used by every claim here (stated in each claim's interpretation):

* zero masses are allowed (the paper assumes "all subsets are focal", i.e. positive masses; that is a
  sub-domain of ours, so a counterexample with zeros is reported only if it survives there too, and
  the convention is what decides the zero cases): a ratio a/b is read multiplicatively,
  a <= e^ε b, so 0/0 places no constraint and c/0 = +∞ for c > 0;
* "ε-SLDP" (Definition 3.1) with ε > 0 means r_S <= e^ε, so "Q ε-SLDP ⇒ P(ε)" for inequalities P that
  are closed in ε is checked as P(ε_S) (the smallest admissible budget; ε_S = 0 is the limit ε → 0+);
  likewise for WLDP with ε^W;
* pairs (x, x') range over all inputs including x = x' (as printed for r_S); the reading "x ≠ x'" is
  checked beside it where it matters (the Walley losses).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
from hypothesis import strategies as st

from numeric import strategies as S
from numeric.belief import MassFunction
from numeric.mechanisms import Mechanism, q2x3, q_lambda
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Method, Outcome
from proofs.engines.methods import exhaustive, property_search, rational_grid
from proofs.base.registry import check, define

_CONVENTION = ("ratios are read multiplicatively (a/b <= e^ε as a <= e^ε b): 0/0 places no constraint, "
               "c/0 = +∞ for c > 0; zero masses are allowed (the paper's 'all subsets are focal' is the "
               "sub-domain of positive masses)")
_PAIRS = "x, x' range over all inputs, x = x' included (as printed for r_S in 003 §3.1)"
_BUDGET_RULE = ("'Q is ε-SLDP (ε-WLDP)' is checked at the smallest budget ε = ε_S (ε^W) of Q; the conclusions "
                "are closed inequalities in ε, so this covers every admissible ε > 0")


# --- exact, naive helpers (independent of the bitmask transforms of numeric.belief) -----------------------
def _subsets(frame: tuple) -> list[frozenset]:
    return [frozenset(c) for k in range(len(frame) + 1) for c in itertools.combinations(frame, k)]


def _naive_bel(m: MassFunction, a: frozenset) -> Fraction:
    return sum((v for b, v in m.masses.items() if b <= a), Fraction(0))


def _naive_pl(m: MassFunction, a: frozenset) -> Fraction:
    return sum((v for e, v in m.masses.items() if e & a), Fraction(0))


def _le(a: Any, r: Any, b: Any) -> bool:
    """a <= r·b, where r is a privacy-loss ratio used as the budget e^ε. r = +∞ means the mechanism is not
    ε-private for any finite ε > 0: the lemma's hypothesis fails and the conclusion is not required."""
    if r == math.inf:
        return True
    return a <= r * b


def _times(a: Any, b: Any) -> Any:
    return math.inf if math.inf in (a, b) else a * b


def _show_ratio(r: Any) -> Any:
    return "oo" if r == math.inf else r


def _pairs(Q: Mechanism, pairs: str = "all") -> Iterator[tuple[Any, Any]]:
    for x in Q.inputs:
        for y in Q.inputs:
            if pairs == "all" or x != y:
                yield x, y


# --- small exact grids ----------------------------------------------------------------------------------------
def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    for cut in itertools.combinations(range(total + parts - 1), parts - 1):
        bounds = (-1,) + cut + (total + parts - 1,)
        yield tuple(bounds[i + 1] - bounds[i] - 1 for i in range(parts))


def _grid_masses(n: int, d: int, *, positive_singletons: bool = False) -> list[MassFunction]:
    """Every mass function on the frame a.. (n labels) with masses k/d on the 2^n - 1 non-empty subsets."""
    frame = S.LABELS[:n]
    out = []
    for weights in _compositions(d, (1 << n) - 1):
        if positive_singletons and any(weights[(1 << i) - 1] == 0 for i in range(n)):
            continue
        out.append(MassFunction.from_vector(frame, [Fraction(0)] + [Fraction(w, d) for w in weights]))
    return out


def _grid_mechanisms(n: int, d: int, *, positive_singletons: bool = False) -> list[Mechanism]:
    rows = _grid_masses(n, d, positive_singletons=positive_singletons)
    return [Mechanism({0: a, 1: b}) for a in rows for b in rows]


def _reading_examples(budget: Budget) -> int:
    """Examples for an alternative reading's search (reported, not deciding): a twentieth of the budget
    (at least 50), to keep the area's standard run near one minute of CPU."""
    return max(50, budget.examples // 20)


def _grid_d(budget: Budget) -> int:
    """Denominator of the exact mass grids: 3 (quick), 4 (standard), 8 (thorough)."""
    return max(3, budget.grid // 2)


def _mech_grid(budget: Budget) -> tuple[list[Mechanism], str]:
    d = _grid_d(budget)
    mechs = _grid_mechanisms(2, d) + _grid_mechanisms(3, 2)
    return mechs, (f"every 2-input mechanism on a 2-label frame with masses in {{0, 1/{d}, .., 1}} on its 3 "
                   f"non-empty subsets ({len(_grid_masses(2, d))}^2 mechanisms) and on a 3-label frame with "
                   f"masses in {{0, 1/2, 1}} ({len(_grid_masses(3, 2))}^2); exact rationals")


def _wldp_grid(budget: Budget) -> tuple[list[Mechanism], str]:
    """Mechanisms whose rows put mass on every singleton (so r^W is finite and WLDP is not vacuous)."""
    d = _grid_d(budget)
    two = _grid_mechanisms(2, 2 * d, positive_singletons=True)
    three = _grid_mechanisms(3, d + 1, positive_singletons=True)
    return two + three, (f"every 2-input mechanism whose rows put positive mass on every singleton: on a 2-label "
                         f"frame with masses in multiples of 1/{2 * d} ({len(two)} mechanisms) and on a 3-label "
                         f"frame with masses in multiples of 1/{d + 1} ({len(three)}); finite r^W; exact")


def _search(strategy: Any, prop: Any, budget: Budget, domain: str, *, reading: str | None = None,
            examples: int | None = None, describe: Any = None, detail: dict | None = None) -> Evidence:
    return property_search(
        strategy, lambda value: prop(value)[0], examples=examples or budget.examples, domain=domain,
        recheck=prop, describe=describe or (lambda v: {"Q": v.to_json()} if isinstance(v, Mechanism)
                                            else {"example": repr(v)}),
        reading=reading, detail={"conventions": _CONVENTION, **(detail or {})},
    )


# ==========================================================================================================
# D2.mobius
# ==========================================================================================================
define(Claim(
    id="D2.mobius", title="bel, m and pl determine each other (Möbius inversion)", source="003 §2",
    statement=(r"bel(A)=\sum_{B\subseteq A}m(B);\quad m(A)=\sum_{B\subseteq A}(-1)^{|A\setminus B|}bel(B)"
               r"\text{ for all }A\in\mathcal{A};\quad pl_{m}(A)=\sum_{E\cap A\neq\emptyset}m(E);\quad"
               r"\text{for }m,bel\text{ and }pl\text{, if we know any one of them, then we can determine the other two}"),
    domain="normal mass functions m on finite frames (m(∅) = 0, m >= 0, Σ m = 1), every subset A of the frame",
    interpretation=("bel and pl are computed from m by the fast (bitmask) zeta transform of numeric.belief and "
                    "compared with the printed sums evaluated naively; m is recovered from bel by the printed "
                    "Möbius formula (naive) and by MassFunction.from_bel, and from pl via bel(A) = 1 - pl(Ω∖A) "
                    "(MassFunction.from_pl); all exact"),
))


def _mobius_holds(m: MassFunction) -> tuple[bool, dict]:
    """The printed sums, evaluated naively over bitmasks on the integer numerators (over m.denominator),
    against the zeta/Möbius transforms of numeric.belief, and the round trips m -> bel -> m, m -> pl -> m."""
    n, full = m.n, (1 << m.n) - 1
    masses = [int(v) for v in m.raw("m")]
    focal = [b for b in range(1, full + 1) if masses[b]]
    bel = [sum(masses[b] for b in focal if b & ~a == 0) for a in range(full + 1)]
    pl = [sum(masses[e] for e in focal if e & a) for a in range(full + 1)]
    fast_bel, fast_pl = [int(v) for v in m.raw("bel")], [int(v) for v in m.raw("pl")]
    for a in range(full + 1):
        if bel[a] != fast_bel[a] or pl[a] != fast_pl[a]:
            return False, {"A": sorted(m.subset(a)), "bel (zeta)": m.bel(m.subset(a)),
                           "bel (sum)": Fraction(bel[a], m.denominator), "pl (zeta)": m.pl(m.subset(a)),
                           "pl (sum)": Fraction(pl[a], m.denominator)}
        # subsets b of a by the standard sub-mask walk; sign (-1)^{|a \ b|}
        total, b = 0, a
        while True:
            total += (-1) ** bin(a & ~b).count("1") * bel[b]
            if b == 0:
                break
            b = (b - 1) & a
        if total != masses[a]:
            return False, {"A": sorted(m.subset(a)), "m(A)": m.m(m.subset(a)),
                           "Möbius of bel": Fraction(total, m.denominator)}
    from_bel, from_pl = MassFunction.from_bel(m.frame, m.bel_vector()), MassFunction.from_pl(m.frame, m.pl_vector())
    if from_bel != m or from_pl != m:
        return False, {"m": m.to_json(), "from bel": from_bel.to_json(), "from pl": from_pl.to_json()}
    return True, {}


@check("D2.mobius", "property")
def _d2_mobius_random(budget: Budget) -> Evidence:
    strategy = S.mass_functions(min_labels=1, max_labels=5)
    return _search(strategy, _mobius_holds, budget,
                   "random exact mass functions on frames of 1-5 labels (generic, sparse, Bayesian, vacuous; "
                   "rational masses with weights 0..6), every subset A",
                   describe=lambda m: {"m": m.to_json(), "frame": list(m.frame)})


@check("D2.mobius", "enumeration")
def _d2_mobius_grid(budget: Budget) -> Evidence:
    d = _grid_d(budget)
    cases = ([{"m": m} for n, dd in ((1, 1), (2, 2 * d), (3, d)) for m in _grid_masses(n, dd)])
    return exhaustive(cases, lambda c: _mobius_holds(c["m"]),
                      domain=(f"every mass function on frames of 1, 2, 3 labels with masses multiples of 1, "
                              f"1/{2 * d}, 1/{d} respectively (all non-empty subsets), exact"),
                      detail={"frames": [1, 2, 3], "denominators": [1, 2 * d, d]})


# ==========================================================================================================
# L3.2 and the remark after it
# ==========================================================================================================
define(Claim(
    id="L3.2", title="SLDP bounds the bel and pl losses", source="003 Lemma 3.2",
    statement=(r"\text{If privacy mechanism } Q \text{ is } \epsilon\text{-}SLDP\text{, then } "
               r"-\epsilon\leq\epsilon^{Q}_{bel,S}\leq\epsilon \text{ and } -\epsilon\leq\epsilon^{Q}_{pl,S}\leq\epsilon"),
    domain="evidential mechanisms Q with finitely many inputs and a finite output frame; ε > 0",
    assumptions=("zero masses allowed (see interpretation)",),
    interpretation=f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}. Checked: e^(-ε_S) <= r_bel <= e^(ε_S) and the same for r_pl",
))


def _l3_2_holds(Q: Mechanism) -> tuple[bool, dict]:
    r_s, r_bel, r_pl = Q.ratio_shafer(), Q.ratio_bel(), Q.ratio_pl()
    info = {"r_S": _show_ratio(r_s), "r_bel": _show_ratio(r_bel), "r_pl": _show_ratio(r_pl)}
    ok = all(_le(1, r_s, r) and _le(r, r_s, 1) for r in (r_bel, r_pl))
    return ok, info


@check("L3.2", "property")
def _l3_2_random(budget: Budget) -> Evidence:
    return _search(S.mechanisms(max_labels=4, positive_singletons=None), _l3_2_holds, budget,
                   "random exact mechanisms: 2-3 inputs, frames of 1-4 labels, rows generic/sparse/Bayesian/vacuous")


@check("L3.2", "enumeration")
def _l3_2_grid(budget: Budget) -> Evidence:
    mechs, text = _mech_grid(budget)
    return exhaustive(({"Q": Q} for Q in mechs), lambda c: _l3_2_holds(c["Q"]), domain=text)


define(Claim(
    id="L3.2.remark", title="ε_S >= ε_pl, and not conversely", source="003 after Lemma 3.2",
    statement=(r"\epsilon^{Q}_{S}\geq\epsilon^{Q}_{pl,S}\text{. But generally we don't have the converse that }"
               r"\epsilon^{Q}_{pl,S}\geq\epsilon^{Q}_{S}"),
    domain="evidential mechanisms Q (finite inputs and outputs)",
    interpretation=(f"{_CONVENTION}; {_PAIRS}. Two parts: (i) r_pl <= r_S for every Q; (ii) there is a Q with "
                    "r_pl < r_S (a witness is exhibited and re-checked exactly)"),
))


def _remark_holds(Q: Mechanism) -> tuple[bool, dict]:
    r_s, r_pl = Q.ratio_shafer(), Q.ratio_pl()
    return _le(r_pl, 1, r_s) if r_s != math.inf else True, {"r_S": _show_ratio(r_s), "r_pl": _show_ratio(r_pl)}


@check("L3.2.remark", "property")
def _remark_random(budget: Budget) -> Evidence:
    return _search(S.mechanisms(max_labels=4, positive_singletons=None), _remark_holds, budget,
                   "part (i) on random exact mechanisms: 2-3 inputs, frames of 1-4 labels")


@check("L3.2.remark", "enumeration")
def _remark_witness(budget: Budget) -> Evidence:
    """Part (i) on the grid, part (ii) by a witness: the first grid mechanism (Q_{2x3} grid first) with
    ε_pl < ε_S."""
    start = time.perf_counter()
    mechs, text = _mech_grid(budget)
    family = [q2x3(p, q) for p in rational_grid(Fraction(1, 2), 1, budget.grid)
              for q in rational_grid(0, 1, budget.grid) if p + q <= 1]
    inner = exhaustive(({"Q": Q} for Q in family + mechs), lambda c: _remark_holds(c["Q"]),
                       domain=text + "; and Q_{2x3}(p, q) on the grid p, q of the budget")
    if inner.outcome is not Outcome.HOLDS:
        return inner
    witness = next((Q for Q in family + mechs if Q.ratio_pl() < Q.ratio_shafer()), None)
    paper = q2x3(Fraction(3, 5), Fraction(1, 5))
    if witness is None:
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, inner.domain,
                        {**inner.detail, "witness": "none found for part (ii) on this grid"},
                        seconds=time.perf_counter() - start)
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, inner.domain, {
        **inner.detail,
        "witness (first found)": {"Q": witness.to_json(), "eps_pl": str(witness.epsilon_pl()),
                                  "eps_S": str(witness.epsilon_shafer())},
        "witness Q_{2x3}(3/5, 1/5)": {"eps_pl": str(paper.epsilon_pl()), "eps_S": str(paper.epsilon_shafer())},
        "note": "for Q_{2x3}: r_pl = (1-q)/(1-p) < p/q = r_S iff (p-q)(1-p-q) > 0",
    }, seconds=time.perf_counter() - start)


# ==========================================================================================================
# L3.3 and L3.4: SLDP composition and post-processing
# ==========================================================================================================
define(Claim(
    id="L3.3", title="SLDP composition", source="003 Lemma 3.3",
    statement=(r"Q_{1}\ \epsilon_{1}\text{-}SLDP,\ Q_{2}\ \epsilon_{2}\text{-}SLDP \Rightarrow Q_{1,2}(x)=(Q_{1}(x),Q_{2}(x))"
               r"\text{ is }\epsilon_{1}+\epsilon_{2}\text{-}SLDP"),
    domain="pairs of evidential mechanisms on the same inputs X, outputs Y1, Y2 finite; ε1, ε2 > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}. Q_{{1,2}}(x) is the product of the independent "
                    "random sets: focal sets E1 × E2 with mass m1_x(E1) m2_x(E2) (the identity in the appendix "
                    "proof); r_S of Q_{1,2} is taken over all subsets of Y1 × Y2 (non-rectangles have mass 0 "
                    "in every row, 0/0). Checked: r_S(Q_{1,2}) <= r_S(Q1) r_S(Q2)"),
))


def _l3_3_holds(pair: tuple[Mechanism, Mechanism]) -> tuple[bool, dict]:
    q1, q2 = pair
    r1, r2, r12 = q1.ratio_shafer(), q2.ratio_shafer(), q1.compose(q2).ratio_shafer()
    return _le(r12, 1, _times(r1, r2)) if _times(r1, r2) != math.inf else True, {
        "r_S(Q1)": _show_ratio(r1), "r_S(Q2)": _show_ratio(r2), "r_S(Q12)": _show_ratio(r12)}


def _describe_pair(pair: tuple[Mechanism, Mechanism]) -> dict:
    return {"Q1": pair[0].to_json(), "Q2": pair[1].to_json()}


@check("L3.3", "property")
def _l3_3_random(budget: Budget) -> Evidence:
    return _search(S.mechanism_pairs(max_labels=3, max_product_labels=6), _l3_3_holds, budget,
                   "random exact pairs (Q1, Q2): 2-3 inputs, |Y1|, |Y2| <= 3, |Y1||Y2| <= 6",
                   describe=_describe_pair)


def _pair_grid(budget: Budget, *, positive_singletons: bool) -> tuple[list[tuple[Mechanism, Mechanism]], str]:
    d = 4 if positive_singletons else 2
    mechs = _grid_mechanisms(2, d, positive_singletons=positive_singletons)
    if budget.grid < 9:
        mechs = mechs[::2]
    pairs = [(a, b) for a in mechs for b in mechs]
    text = (f"every pair (Q1, Q2) of 2-input mechanisms on 2-label frames with masses in multiples of 1/{d}"
            + (" and every singleton mass positive" if positive_singletons else "")
            + (" (every other mechanism of that grid at this budget)" if budget.grid < 9 else "")
            + f": {len(pairs)} pairs, products on 4-label frames, all 15 non-empty events; exact")
    return pairs, text


@check("L3.3", "enumeration")
def _l3_3_grid(budget: Budget) -> Evidence:
    pairs, text = _pair_grid(budget, positive_singletons=False)
    return exhaustive(({"pair": p} for p in pairs), lambda c: _l3_3_holds(c["pair"]), domain=text)


define(Claim(
    id="L3.4", title="SLDP post-processing", source="003 Lemma 3.4",
    statement=(r"Q\ \epsilon\text{-}SLDP,\ f \text{ a randomized algorithm from } Y \text{ to } Z "
               r"\Rightarrow f\circ Q \text{ is an } \epsilon\text{-}SLDP \text{ mechanism from } X \text{ to } Z"),
    domain="evidential mechanisms Q (finite), maps f: Y -> Z with Z finite; ε > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}. f∘Q sends each row's random set E to its image: "
                    "deterministic f gives f(E) (m^{f∘Q}_x(F) = Σ_{f(E)=F} m_x(E), the appendix's m(f^{-1}(E))); "
                    "a randomized f is a data-independent mixture of deterministic maps (primary reading). "
                    "Checked: r_S(f∘Q) <= r_S(Q)"),
    readings=("deterministic f only (the case the appendix proves)",
              "per-element randomization: each y in E sent independently by a kernel K(z|y)"),
))


_MECHANISMS = S.mechanisms(max_labels=4, positive_singletons=None)
_CODOMAIN_SIZE = st.integers(1, 3)


@st.composite
def _mech_and_mixture(draw: Any, kind: str = "mixture") -> tuple[Mechanism, Any, tuple]:
    Q = draw(_MECHANISMS)
    codomain = ("z0", "z1", "z2")[:draw(_CODOMAIN_SIZE)]
    if kind == "map":
        return Q, [(Fraction(1), draw(S.maps(Q.frame, codomain)))], codomain
    if kind == "kernel":
        return Q, draw(S.kernels(Q.frame, codomain)), codomain
    return Q, draw(S.mixtures(Q.frame, codomain)), codomain


def _post(Q: Mechanism, f: Any, codomain: tuple) -> Mechanism:
    return Q.post_process_kernel(f, codomain) if isinstance(f, dict) else Q.post_process_mixture(f, codomain)


def _describe_post(case: tuple) -> dict:
    Q, f, codomain = case
    shown = {str(y): {str(z): w for z, w in row.items()} for y, row in f.items()} if isinstance(f, dict) \
        else [{"weight": w, "f": {str(y): z for y, z in fm.items()}} for w, fm in f]
    return {"Q": Q.to_json(), "f": shown, "Z": list(codomain)}


def _l3_4_holds(case: tuple) -> tuple[bool, dict]:
    Q, f, codomain = case
    r, rf = Q.ratio_shafer(), _post(Q, f, codomain).ratio_shafer()
    return (_le(rf, 1, r) if r != math.inf else True), {"r_S(Q)": _show_ratio(r), "r_S(f∘Q)": _show_ratio(rf)}


_POST_DOMAIN = ("random exact mechanisms (2-3 inputs, |Y| <= 4) and {} into Z of 1-3 labels; "
                "exact rational weights")


@check("L3.4", "property")
def _l3_4_random(budget: Budget) -> Iterable[Evidence]:
    yield _search(_mech_and_mixture(), _l3_4_holds, budget,
                  _POST_DOMAIN.format("mixtures of 1-3 deterministic maps"), describe=_describe_post)
    few = _reading_examples(budget)
    yield _search(_mech_and_mixture("map"), _l3_4_holds, budget, _POST_DOMAIN.format("deterministic maps"),
                  reading="deterministic f only (the case the appendix proves)", examples=few,
                  describe=_describe_post)
    yield _search(_mech_and_mixture("kernel"), _l3_4_holds, budget, _POST_DOMAIN.format("kernels K(z|y)"),
                  reading="per-element randomization: each y in E sent independently by a kernel K(z|y)",
                  examples=few, describe=_describe_post)


def _post_grid(budget: Budget, *, walley: bool = False) -> tuple[list[tuple], str]:
    d = _grid_d(budget)
    if walley:
        mechs, text = _wldp_grid(budget)
        mechs = mechs[::4]
        text = "every 4th mechanism of: " + text
    else:
        three = _grid_mechanisms(3, 2)
        mechs = _grid_mechanisms(2, d) + three[::4]
        text = (f"every 2-input mechanism on a 2-label frame with masses in {{0, 1/{d}, .., 1}} "
                f"({len(_grid_masses(2, d))}^2 mechanisms) and every 4th of the {len(three)} on a 3-label frame "
                f"with masses in {{0, 1/2, 1}}; exact rationals")
    cases = []
    for Q in mechs:
        maps = [dict(zip(Q.frame, values)) for values in itertools.product(("z0", "z1"), repeat=len(Q.frame))]
        for f in maps:
            cases.append((Q, [(Fraction(1), f)], ("z0", "z1")))
        cases.append((Q, [(Fraction(1, 2), maps[0]), (Fraction(1, 2), maps[1])], ("z0", "z1")))
        cases.append((Q, [(Fraction(1, 3), maps[1]), (Fraction(2, 3), maps[-2])], ("z0", "z1")))
    return cases, (text + "; every deterministic f: Y -> {z0, z1} and two fixed mixtures of two maps "
                   "(weights 1/2-1/2 and 1/3-2/3)")


@check("L3.4", "enumeration")
def _l3_4_grid(budget: Budget) -> Evidence:
    cases, text = _post_grid(budget)
    return exhaustive(({"case": c} for c in cases), lambda c: _l3_4_holds(c["case"]), domain=text)


# ==========================================================================================================
# L3.14, its 000 variant and its proof
# ==========================================================================================================
_WALLEY = ("r^W = max over x, x', E and pr_x in P_{bel_x}, pr_x' in P_{bel_x'} of pr_x(E)/pr_x'(E) is computed "
           "from Definition 3.13 by optimisation over credal-set vertices (Mechanism.ratio_walley_vertices), "
           "independently of the pl/bel formula")

define(Claim(
    id="L3.14", title="WLDP: pl_x / bel_x' between e^{-ε} and e^{ε}", source="003 Lemma 3.14",
    statement=(r"\text{If privacy mechanism } Q \text{ is } \epsilon\text{-}WLDP\text{, then, for all } x,x'\in X "
               r"\text{ and } E\subseteq Y: e^{-\epsilon}\leq\frac{pl_{x}(E)}{bel_{x'}(E)}\leq e^{\epsilon}"),
    domain="evidential mechanisms Q (finite); ε > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS} (both in r^W and in the conclusion); {_BUDGET_RULE}; {_WALLEY}. "
                    "Checked: bel_x'(E) <= r^W pl_x(E) and pl_x(E) <= r^W bel_x'(E) for all x, x', E"),
    readings=("x != x' in r^W, conclusion for all x, x' as printed",
              "x != x' both in r^W and in the conclusion"),
))


def _l3_14_holds(Q: Mechanism, *, top: str = "pl", r_pairs: str = "all", concl_pairs: str = "all") -> tuple[bool, dict]:
    """bel_x'(E) <= r pl_x(E) and pl_x(E) <= r bel_x'(E) (``top="pl"``, 003) or the same with pl_x'(E)
    in place of bel_x'(E) (``top="plpl"``, 000), r = r^W from the credal vertices, exact integers."""
    r = Q.ratio_walley_vertices(r_pairs)
    if r == math.inf:
        return True, {"r^W": "oo", "note": "not ε-WLDP for any finite ε: the hypothesis fails"}
    u, v = r.numerator, r.denominator
    num = Q.table("pl")[0].astype(object)[:, None, :]
    den = Q.table("pl" if top == "plpl" else "bel")[0].astype(object)[None, :, :]
    allowed = Q.pair_mask(concl_pairs)[:, :, None]
    bad = allowed & ((num * v > den * u) | (den * v > num * u))
    if not bad.any():
        return True, {"r^W": r}
    i, j, mask = map(int, np.argwhere(bad)[0])
    x, y = Q.inputs[i], Q.inputs[j]
    e = Q.frame_subset(mask)
    a = _naive_pl(Q[x], e)
    b = _naive_pl(Q[y], e) if top == "plpl" else _naive_bel(Q[y], e)
    return False, {"x": x, "x'": y, "E": sorted(e), "numerator": a, "denominator": b,
                   "ratio": _show_ratio(math.inf if b == 0 else a / b), "r^W (vertices)": r,
                   "eps^W": str(Q.epsilon_walley(r_pairs))}


_WLDP_STRATEGY = S.mechanisms(max_labels=4, positive_singletons=None)
_WLDP_DOMAIN = ("random exact mechanisms: 2-3 inputs, frames of 1-4 labels, rows generic/sparse/Bayesian/vacuous; "
                "half of them with every singleton mass positive (finite r^W)")


@check("L3.14", "property")
def _l3_14_random(budget: Budget) -> Iterable[Evidence]:
    yield _search(_WLDP_STRATEGY, _l3_14_holds, budget, _WLDP_DOMAIN)
    few = _reading_examples(budget)
    yield _search(_WLDP_STRATEGY, lambda Q: _l3_14_holds(Q, r_pairs="distinct"), budget, _WLDP_DOMAIN,
                  reading="x != x' in r^W, conclusion for all x, x' as printed", examples=few)
    yield _search(_WLDP_STRATEGY, lambda Q: _l3_14_holds(Q, r_pairs="distinct", concl_pairs="distinct"), budget,
                  _WLDP_DOMAIN, reading="x != x' both in r^W and in the conclusion", examples=few)


@check("L3.14", "enumeration")
def _l3_14_grid(budget: Budget) -> Evidence:
    mechs, text = _wldp_grid(budget)
    return exhaustive(({"Q": Q} for Q in mechs), lambda c: _l3_14_holds(c["Q"]), domain=text)


define(Claim(
    id="L3.14@000", title="WLDP: pl_x / pl_x' between e^{-ε} and e^{ε} (000)", source="000 Lemma 3.14",
    statement=(r"\text{If privacy mechanism } Q \text{ is } \epsilon\text{-}WLDP\text{, then, for all } x,x'\in X "
               r"\text{ and } E\subseteq Y: e^{-\epsilon}\leq\frac{pl_x(E)}{pl_{x'}(E)}\leq e^\epsilon"),
    domain="evidential mechanisms Q (finite); ε > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}; {_WALLEY}. Checked: pl_x(E) <= r^W pl_x'(E) "
                    "(and symmetrically) for all x, x', E"),
))


@check("L3.14@000", "property")
def _l3_14_000_random(budget: Budget) -> Evidence:
    return _search(_WLDP_STRATEGY, lambda Q: _l3_14_holds(Q, top="plpl"), budget, _WLDP_DOMAIN)


@check("L3.14@000", "enumeration")
def _l3_14_000_grid(budget: Budget) -> Evidence:
    mechs, text = _wldp_grid(budget)
    return exhaustive(({"Q": Q} for Q in mechs), lambda c: _l3_14_holds(c["Q"], top="plpl"), domain=text)


define(Claim(
    id="L3.14.proof", title="pl and bel are attained in the credal set", source="003 proof of Lemma 3.14",
    statement=(r"\text{For a given } E\subseteq Y \text{ we can always find a } pr_{x}\in\mathcal{P}_{bel_{x}} "
               r"\text{ such that } pr_{x}(E)=pl_{x}(E) \text{ and a } pr_{x'} \text{ such that } pr_{x'}(E)=bel_{x'}(E)"),
    domain="normal mass functions on finite frames, every E ⊆ Y",
    interpretation=("P_bel = {pr : pr(A) >= bel(A) for all A}. Witnesses: the credal vertex for an ordering that "
                    "lists E last (pr(E) = pl(E)) and one that lists E first (pr(E) = bel(E)); membership in P_bel "
                    "is verified on all 2^n subsets exactly, and the values compared with the naive pl, bel sums"),
))


def _attained(m: MassFunction) -> tuple[bool, dict]:
    members: dict[tuple, bool] = {}
    for e in _subsets(m.frame):
        rest = [y for y in m.frame if y not in e]
        inside = [y for y in m.frame if y in e]
        # the vertex for σ gives every prefix {σ_1..σ_i} its bel value: E first -> bel(E), E last -> pl(E)
        upper, lower = m.vertex(rest + inside), m.vertex(inside + rest)
        for pr, target, name in ((upper, _naive_pl(m, e), "pl"), (lower, _naive_bel(m, e), "bel")):
            value = sum((pr[y] for y in e), Fraction(0))
            key = tuple(pr[y] for y in m.frame)
            if key not in members:
                members[key] = m.in_credal_set(pr)
            if not members[key] or value != target:
                return False, {"E": sorted(e), "pr": {str(k): v for k, v in pr.items()}, f"{name}(E)": target,
                               "pr(E)": value, "in credal set": members[key]}
    return True, {}


def _attained_by_vertices(m: MassFunction) -> tuple[bool, dict]:
    """Max and min of pr(E) over all credal vertices (every ordering) equal pl(E) and bel(E)."""
    vertices = m.credal_vertices()
    for e in _subsets(m.frame):
        values = [sum((v[y] for y in e), Fraction(0)) for v in vertices]
        if max(values) != _naive_pl(m, e) or min(values) != _naive_bel(m, e):
            return False, {"E": sorted(e), "max pr(E)": max(values), "pl(E)": _naive_pl(m, e),
                           "min pr(E)": min(values), "bel(E)": _naive_bel(m, e)}
    return True, {"worst vertices": len(vertices)}


@check("L3.14.proof", "property")
def _l3_14_proof_random(budget: Budget) -> Evidence:
    return _search(S.mass_functions(min_labels=1, max_labels=4), _attained, budget,
                   "random exact mass functions on frames of 1-4 labels, every E",
                   describe=lambda m: {"m": m.to_json()})


@check("L3.14.proof", "enumeration")
def _l3_14_proof_grid(budget: Budget) -> Evidence:
    d = _grid_d(budget)
    cases = [{"m": m} for n, dd in ((1, 1), (2, 2 * d), (3, d)) for m in _grid_masses(n, dd)]
    return exhaustive(cases, lambda c: _attained_by_vertices(c["m"]),
                      domain=(f"every mass function on frames of 1, 2, 3 labels with masses multiples of 1, "
                              f"1/{2 * d}, 1/{d}; every E; max/min of pr(E) over all credal vertices (all orderings)"))


# ==========================================================================================================
# L3.15, L3.16: WLDP composition and post-processing
# ==========================================================================================================
define(Claim(
    id="L3.15", title="WLDP composition", source="003 Lemma 3.15",
    statement=(r"Q_{1}\ \epsilon_{1}\text{-}WLDP,\ Q_{2}\ \epsilon_{2}\text{-}WLDP \Rightarrow Q_{1,2}(x)=(Q_{1}(x),Q_{2}(x))"
               r"\text{ is }\epsilon_{1}+\epsilon_{2}\text{-}WLDP"),
    domain="pairs of evidential mechanisms on the same inputs X, outputs Y1, Y2 finite; ε1, ε2 > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}. Q_{{1,2}}(x) is the product of independent random "
                    "sets (focal sets E1 × E2, mass m1_x(E1) m2_x(E2), as in the proof of Lemma 3.3); its credal "
                    "set is that of this mass function on Y1 × Y2 (it contains non-product distributions), and "
                    "r^W(Q_{1,2}) is the max of pl/bel over ALL subsets of Y1 × Y2, not only rectangles (on a "
                    "rectangle pl and bel factor and the bound is immediate). Checked: r^W(Q_{1,2}) <= "
                    "r^W(Q1) r^W(Q2), and r^W by the vertex optimisation agrees where the product frame has <= 4 labels"),
    readings=("x != x' in every r^W",),
))


def _l3_15_holds(pair: tuple[Mechanism, Mechanism], pairs: str = "all") -> tuple[bool, dict]:
    q1, q2 = pair
    r1, r2 = q1.ratio_walley(pairs), q2.ratio_walley(pairs)
    composed = q1.compose(q2)
    worst = composed.worst_walley(pairs)
    info = {"r^W(Q1)": _show_ratio(r1), "r^W(Q2)": _show_ratio(r2), "r^W(Q12)": _show_ratio(worst.ratio),
            "worst event": sorted(map(str, worst.event))}
    if len(composed.frame) <= 4:
        by_vertices = composed.ratio_walley_vertices(pairs)
        if by_vertices != worst.ratio:
            raise AssertionError(f"r^W of {composed!r}: pl/bel gives {worst.ratio}, vertices {by_vertices}")
    bound = _times(r1, r2)
    return (True if bound == math.inf else _le(worst.ratio, 1, bound)), info


@check("L3.15", "property")
def _l3_15_random(budget: Budget) -> Iterable[Evidence]:
    strategy = S.mechanism_pairs(max_labels=3, max_product_labels=6, positive_singletons=None)
    text = ("random exact pairs (Q1, Q2): 2-3 inputs, |Y1|, |Y2| <= 3, |Y1||Y2| <= 6, half with positive singleton "
            "masses (finite losses); every event of Y1 × Y2")
    yield _search(strategy, _l3_15_holds, budget, text, describe=_describe_pair)
    yield _search(strategy, lambda p: _l3_15_holds(p, "distinct"), budget, text, reading="x != x' in every r^W",
                  examples=_reading_examples(budget), describe=_describe_pair)


@check("L3.15", "enumeration")
def _l3_15_grid(budget: Budget) -> Evidence:
    pairs, text = _pair_grid(budget, positive_singletons=True)
    return exhaustive(({"pair": p} for p in pairs), lambda c: _l3_15_holds(c["pair"]), domain=text)


define(Claim(
    id="L3.16", title="WLDP post-processing", source="003 Lemma 3.16",
    statement=(r"Q\ \epsilon\text{-}WLDP,\ f \text{ a data-independent randomized algorithm from } Y \text{ to } Z "
               r"\Rightarrow f\circ Q \text{ is an } \epsilon\text{-}WLDP \text{ mechanism from } X \text{ to } Z"),
    domain="evidential mechanisms Q (finite), data-independent randomized f: Y -> Z, Z finite; ε > 0",
    interpretation=(f"{_CONVENTION}; {_PAIRS}; {_BUDGET_RULE}. Primary reading: f is a data-independent mixture "
                    "of deterministic maps, each sending a focal set E to its image f(E) (the appendix reduces to "
                    "deterministic f). Checked: r^W(f∘Q) <= r^W(Q)"),
    readings=("per-element randomization: each y in E sent independently by a kernel K(z|y)",
              "credal image: the credal set of f∘Q(x) is {pr K : pr in P_{bel_x}}, r = max_F upper E_x[K(F|.)] / "
              "lower E_x'[K(F|.)] (Choquet)"),
))


def _l3_16_holds(case: tuple) -> tuple[bool, dict]:
    Q, f, codomain = case
    r, rf = Q.ratio_walley(), _post(Q, f, codomain).ratio_walley()
    return (True if r == math.inf else _le(rf, 1, r)), {"r^W(Q)": _show_ratio(r), "r^W(f∘Q)": _show_ratio(rf)}


def _credal_image_holds(case: tuple) -> tuple[bool, dict]:
    Q, kernel, codomain = case
    r = Q.ratio_walley()
    best: Any = 0
    for f_set in _subsets(codomain)[1:]:
        g = {y: sum((kernel[y][z] for z in f_set), Fraction(0)) for y in Q.frame}
        for x, y in _pairs(Q):
            upper, lower = Q[x].upper_expectation(g), Q[y].lower_expectation(g)
            if lower == 0:
                value = math.inf if upper > 0 else None
            else:
                value = Fraction(upper) / Fraction(lower)
            if value is not None and value > best:
                best = value
    return (True if r == math.inf else _le(best, 1, r)), {"r^W(Q)": _show_ratio(r), "r (credal image)": _show_ratio(best)}


@check("L3.16", "property")
def _l3_16_random(budget: Budget) -> Iterable[Evidence]:
    yield _search(_mech_and_mixture(), _l3_16_holds, budget,
                  _POST_DOMAIN.format("mixtures of 1-3 deterministic maps"), describe=_describe_post)
    few = _reading_examples(budget)
    yield _search(_mech_and_mixture("kernel"), _l3_16_holds, budget, _POST_DOMAIN.format("kernels K(z|y)"),
                  reading="per-element randomization: each y in E sent independently by a kernel K(z|y)",
                  examples=few, describe=_describe_post)
    yield _search(_mech_and_mixture("kernel"), _credal_image_holds, budget, _POST_DOMAIN.format("kernels K(z|y)"),
                  reading=("credal image: the credal set of f∘Q(x) is {pr K : pr in P_{bel_x}}, r = max_F upper "
                           "E_x[K(F|.)] / lower E_x'[K(F|.)] (Choquet)"),
                  examples=few, describe=_describe_post)


@check("L3.16", "enumeration")
def _l3_16_grid(budget: Budget) -> Evidence:
    cases, text = _post_grid(budget, walley=True)
    return exhaustive(({"case": c} for c in cases), lambda c: _l3_16_holds(c["case"]), domain=text)


# ==========================================================================================================
# epsS, epsW: the losses of Q_{2x3}
# ==========================================================================================================
_NO_HALF = "p, q ∈ (0, 1), p + q <= 1, without the assumption p > 1/2"
_Q23_DOMAIN = "p > 1/2, q ∈ [0, 1], p + q <= 1 (003 §3.1: p, q ∈ [0, 1] and 'we may assume p > 1/2')"

define(Claim(
    id="epsS", title="SLDP loss of Q_{2x3}", source="003 §3.2",
    statement=(r"\text{According to Shafer's semantics, the privacy loss for the mechanism } Q_{2\times 3} "
               r"\text{ is defined as } \epsilon^{S}(p,q)=ln(\frac{p}{q})"),
    domain=_Q23_DOMAIN,
    interpretation=(f"{_CONVENTION}; {_PAIRS}. Checked: the loss ε_S of Definition 3.1, computed from the mass "
                    "table of Q_{2x3} over all x, x', E, equals ln(p/q); at q = 0 both are +∞; at p + q = 1 the "
                    "'don't know' column is 0/0 (no constraint)"),
    readings=(_NO_HALF,),
))

define(Claim(
    id="epsW", title="WLDP loss of Q_{2x3}", source="003 §3.2",
    statement=(r"\text{according to Walley's semantics, the privacy loss for } Q_{2\times 3} \text{ is defined as } "
               r"ln(\frac{1-q}{q})\text{, which is denoted as } \epsilon^{W}(p,q) \text{ and is equal to the privacy "
               r"loss of the associated matrix } Q_{1} \text{ in Warner's model}"),
    domain=_Q23_DOMAIN,
    interpretation=(f"{_CONVENTION}; {_PAIRS}. Checked: the loss of Definition 3.13 (credal sets) of Q_{{2x3}} equals "
                    "ln((1-q)/q), and so does the (standard = Shafer = Walley, Bayesian rows) loss of "
                    "Q_1 = [[1-q, q], [q, 1-q]] (Q_λ at λ = 1); at q = 0 all are +∞"),
    readings=(_NO_HALF,),
))


def _q23_table(p: Any, q: Any) -> dict[str, dict[int, Any]]:
    """Masses of Q_{2x3} by bitmask on the frame (yes, no): 1 = {yes}, 2 = {no}, 3 = {yes, no}."""
    r = 1 - p - q
    return {"x": {1: p, 2: q, 3: r}, "x'": {1: q, 2: p, 3: r}}


def _bel(row: dict[int, Any], e: int) -> Any:
    return sum(v for mask, v in row.items() if mask & ~e == 0)


def _pl(row: dict[int, Any], e: int) -> Any:
    return sum(v for mask, v in row.items() if mask & e)


def _z3_unsat(constraints: list, negated: list, timeout: float) -> tuple[str, float]:
    import z3

    solver = z3.SolverFor("QF_NRA")
    solver.set("timeout", int(timeout * 1000))
    solver.add(*constraints)
    solver.add(z3.Or(*negated))
    start = time.perf_counter()
    answer = solver.check()
    return str(answer), time.perf_counter() - start


def _q23_decision(kind: str, budget: Budget) -> Evidence:
    import z3

    start = time.perf_counter()
    p, q, a, b = z3.Reals("p q a b")
    interior = [p > z3.Q(1, 2), q > 0, p + q <= 1]
    table = _q23_table(p, q)
    negated, attained = [], []
    if kind == "S":
        # r_S <= p/q: q m_x(E) <= p m_x'(E) for every x, x', E (cross-multiplied, q > 0: also covers 0/0)
        for x, y in itertools.product(table, repeat=2):
            for e in (1, 2, 3):
                negated.append(q * table[x][e] > p * table[y][e])
        attained = [q * table["x"][1] != p * table["x'"][1], table["x'"][1] <= 0]
        target = "p/q"
        boundary = "q = 0: m_x({yes}) = p > 0 = m_x'({yes}), so r_S = +∞ = p/0 and ε_S = ln(p/0) = +∞"
    else:
        # r^W <= (1-q)/q from Definition 3.13: every pr in the credal set of a row (m1, m2, m12) on {yes, no}
        # is (m1 + t m12, m2 + (1-t) m12), t in [0, 1]; x uses t = a, x' uses t = b.
        def pr(row: dict[int, Any], t: Any, e: int) -> Any:
            yes, no = row[1] + t * row[3], row[2] + (1 - t) * row[3]
            return {1: yes, 2: no, 3: yes + no}[e]
        interior += [a >= 0, a <= 1, b >= 0, b <= 1]
        for x, y in itertools.product(table, repeat=2):
            for e in (1, 2, 3):
                negated.append(q * pr(table[x], a, e) > (1 - q) * pr(table[y], b, e))
                negated.append(q * _pl(table[x], e) > (1 - q) * _bel(table[y], e))
        q1 = {"x": {1: 1 - q, 2: q}, "x'": {1: q, 2: 1 - q}}
        for x, y in itertools.product(q1, repeat=2):
            for e in (1, 2, 3):
                negated.append(q * _bel(q1[x], e) > (1 - q) * _bel(q1[y], e))
        attained = [q * _pl(table["x"], 1) != (1 - q) * _bel(table["x'"], 1),
                    q * pr(table["x"], 1, 1) != (1 - q) * pr(table["x'"], 0, 1),
                    q * q1["x"][1] != (1 - q) * q1["x'"][1], table["x'"][1] <= 0]
        target = "(1-q)/q"
        boundary = ("q = 0: pl_x({yes}) = 1 > 0 = bel_x'({yes}) and Q_1 has 1 vs 0 on {yes}, so every loss is +∞ = "
                    "ln(1/0)")
    bound, t1 = _z3_unsat(interior, negated, budget.timeout)
    reached, t2 = _z3_unsat(interior, attained, budget.timeout)
    detail = {"solver": f"z3 {z3.get_version_string()} QF_NRA (nlsat)", "queries": 2,
              "bound query (a ratio above " + target + ")": bound,
              "attainment query (the ratio at x, x', {yes} differs from " + target + " or has a zero denominator)": reached,
              "boundary": boundary, "z3 seconds": round(t1 + t2, 3),
              "cases": "every x, x' ∈ {x, x'} (equal included) and E ∈ {{yes}, {no}, {yes, no}}; ∅ is 0/0"}
    domain = _Q23_DOMAIN + ("; the whole domain: z3 on q > 0, the boundary q = 0 by the exact argument in detail"
                            + ("; credal sets parametrised exactly (t ∈ [0, 1])" if kind == "W" else ""))
    outcome = Outcome.PROVED if bound == "unsat" and reached == "unsat" else Outcome.INCONCLUSIVE
    return Evidence(Method.DECISION, outcome, domain, detail, seconds=time.perf_counter() - start)


def _q23_value(p: Fraction, q: Fraction, kind: str) -> tuple[bool, dict]:
    Q = q2x3(p, q)
    if kind == "S":
        expected = math.inf if q == 0 else p / q
        got = {"r_S": Q.ratio_shafer()}
    else:
        expected = math.inf if q == 0 else (1 - q) / q
        q1 = q_lambda(p, q, 1)
        got = {"r^W (pl/bel)": Q.ratio_walley(), "r^W (vertices)": Q.ratio_walley_vertices(),
               "r of Q_1 (Shafer)": q1.ratio_shafer(), "r of Q_1 (Walley)": q1.ratio_walley()}
    ok = all(v == expected for v in got.values())
    return ok, {"expected ratio": _show_ratio(expected), **{k: _show_ratio(v) for k, v in got.items()}}


def _q23_grid_without_half(budget: Budget, kind: str) -> Evidence:
    grid = rational_grid(0, 1, budget.grid)
    cases = [{"p": p, "q": q} for p in grid for q in grid if p + q <= 1]
    return exhaustive(cases, lambda c: _q23_value(c["p"], c["q"], kind), reading=_NO_HALF,
                      domain=f"{_NO_HALF}: exact grid p, q ∈ {{i/({budget.grid}+1)}} ({len(cases)} points)")


def _q23_grid(budget: Budget, kind: str) -> Evidence:
    ps = rational_grid(Fraction(1, 2), 1, budget.grid) + [Fraction(1)]
    qs = [Fraction(0)] + rational_grid(0, 1, budget.grid) + [Fraction(1, 2)]
    cases = [{"p": p, "q": q} for p in ps for q in qs if p + q <= 1]
    return exhaustive(cases, lambda c: _q23_value(c["p"], c["q"], kind),
                      domain=(f"{_Q23_DOMAIN}: exact grid p ∈ {{1/2 + i/(2({budget.grid}+1))}} ∪ {{1}}, q ∈ "
                              f"{{0, i/({budget.grid}+1), 1/2}}, p + q <= 1 ({len(cases)} points), boundaries included"))


@st.composite
def _pq(draw: Any) -> tuple[Fraction, Fraction]:
    den = draw(_ints(2, 60))
    top = draw(_ints(den // 2 + 1, den))
    return Fraction(top, den), Fraction(draw(_ints(0, den - top)), den)


@lru_cache(maxsize=None)
def _ints(lo: int, hi: int) -> Any:
    return st.integers(lo, hi)


_PQ_DOMAIN = f"{_Q23_DOMAIN}: random exact p, q with denominators 2..60"


def _register_q23_checks(claim_id: str, kind: str) -> None:
    """The three methods for ε_S (kind "S") or ε^W (kind "W") of Q_{2x3}: z3, exact grids, random search."""

    def decision(budget: Budget) -> Evidence:
        return _q23_decision(kind, budget)

    def grid(budget: Budget) -> Iterable[Evidence]:
        yield _q23_grid(budget, kind)
        yield _q23_grid_without_half(budget, kind)

    def search(budget: Budget) -> Evidence:
        return _search(_pq(), lambda pq: _q23_value(*pq, kind), budget, _PQ_DOMAIN,
                       describe=lambda pq: {"p": pq[0], "q": pq[1]})

    for method, function in (("decision", decision), ("enumeration", grid), ("property", search)):
        function.__qualname__ = f"_{claim_id}_{function.__name__}"
        check(claim_id, method)(function)


_register_q23_checks("epsS", "S")
_register_q23_checks("epsW", "W")
