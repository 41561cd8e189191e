"""Claims of 003 §2 (Dempster-Shafer theory): Möbius inversion between m, bel and pl (D2.mobius), and
what makes a set function a belief function (D2.belief-iff).

Source: ``003_c07100d0f17e2eef.txt`` §2. Computations: :mod:`numeric.belief` (bitmask zeta and Möbius
transforms, the literal definition of total monotonicity); grids: :mod:`numeric.grids`; random inputs:
:mod:`numeric.strategies`; the whole-domain argument: :mod:`proofs.engines.argument`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from numeric import strategies
from numeric.belief import MassFunction, is_belief_function, mobius_subsets, monotonicity_rows, zeta_subsets
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.base.registry import check, define
from proofs.engines.argument import argument, identity_step, implied, sets
from proofs.engines.methods import exhaustive
from catalog.engines.privacy_lemmas import cross_check_examples, mass_function_grid, search

# ==========================================================================================================
# D2.mobius
# ==========================================================================================================
define(Claim(
    id="D2.mobius", title="bel, $m$ and pl determine each other (Möbius inversion)", source="003 §2",
    printed=(r"bel(A)=\sum_{B\subseteq A}m(B)",),
    statement=(r"$bel(A)=\sum_{B\subseteq A}m(B);\quad m(A)=\sum_{B\subseteq A}(-1)^{|A\setminus B|}bel(B)$ for "
               r"all $A\in\mathcal{A};\quad pl_{m}(A)=\sum_{E\cap A\neq\emptyset}m(E)$; for $m,bel$ and $pl$, if "
               "we know any one of them, then we can determine the other two"),
    domain=(r"normal mass functions $m$ on finite frames ($m(\emptyset) = 0$, $m \ge 0$, $\sum m = 1$), every "
            "subset $A$ of the frame"),
    interpretation=(r"bel and pl are defined from $m$ by the printed sums; the claim is that the printed Möbius "
                    r"sum recovers $m$ from bel, and that pl and bel determine each other ($pl(A) = 1 - "
                    r"bel(\Omega \setminus A)$), so each of $m$, bel, pl determines the other two. The implementation "
                    "(the bitmask zeta and Möbius transforms of numeric.belief, the mass function read back from bel "
                    "or pl) is compared with the printed sums evaluated naively; all exact"),
))

_D2_SETS = {"A": "set Y", "B": "set Y", "C": "set Y", "D": "set Y", "E": "set Y"}
_MOBIUS_STEPS = (
    sets("B ↦ A∖B maps the sets B with C ⊆ B ⊆ A into the subsets of A∖C, and back",
         "implies(C <= B and B <= A, A - B <= A - C and A - (A - B) == B)", declare=_D2_SETS,
         because="insert bel(B) = Σ_{C⊆B} m(C) into the printed Möbius sum and exchange the two finite sums: "
                 "m(C) is multiplied by Σ over C ⊆ B ⊆ A of (-1)^{|A∖B|}; re-index by D = A∖B"),
    sets("... and D ↦ A∖D is its inverse on the subsets of A∖C",
         "implies(C <= A and D <= A - C, C <= A - D and A - D <= A and A - (A - D) == D)", declare=_D2_SETS,
         because="so the re-indexing is a bijection and the inner sum is Σ_{D ⊆ A∖C} (-1)^{|D|}"),
    identity_step("grouping the subsets D of a j-set by size: Σ_k C(j, k) (-1)^k = 0 for every j >= 1",
             "Sum((-1)**k*binomial(j, k), (k, 0, j))", "0", integers=("j",),
             because="binomial theorem (1 - 1)^j; for j = 0 the inner sum is 1"),
    sets("the inner sum is 1 exactly when C = A", "implies(C <= A, iff(A - C == {}, C == A))", declare=_D2_SETS,
         because="so the printed Möbius sum equals Σ_{C⊆A} m(C) [C = A] = m(A): bel determines m"),
    sets("E meets A iff E is not inside Ω∖A", "iff(E & A != {}, not (E <= ~A))", declare=_D2_SETS,
         because="pl(A) = Σ_E m(E) [E∩A≠∅] = Σ_E m(E) - Σ_{E ⊆ Ω∖A} m(E) = 1 - bel(Ω∖A) (Σ m = 1): bel determines pl"),
    sets("complementing twice is the identity", "~(~A) == A", declare=_D2_SETS,
         because="so bel(A) = 1 - pl(Ω∖A): pl determines bel, hence m; and m determines bel by definition"),
)


@check("D2.mobius", "decision")
def _d2_mobius_argument(budget: Budget) -> Evidence:
    """The textbook proof of Möbius inversion, every set-theoretic step decided by z3 for sets of an arbitrary
    sort (any frame), the binomial identity by sympy for a symbolic j: evidence on the whole domain."""
    return argument(_MOBIUS_STEPS, timeout=budget.timeout,
                    domain="every normal mass function on every finite frame (z3 decides each set step for sets of "
                           "an arbitrary sort; sympy the binomial identity for every j >= 1)")


def _symbolic_frame(n: int) -> bool:
    """The printed sums with symbolic masses on a frame of n labels, against numeric.belief's transforms."""
    masses = [sympy.Integer(0)] + [sympy.Symbol(f"m{mask}", nonnegative=True) for mask in range(1, 1 << n)]
    full = (1 << n) - 1
    bel = [sum((masses[b] for b in range(1 << n) if b & ~a == 0), sympy.Integer(0)) for a in range(1 << n)]
    pl = [sum((masses[e] for e in range(1 << n) if e & a), sympy.Integer(0)) for a in range(1 << n)]
    normal = {masses[full]: 1 - sum(masses[1:full], sympy.Integer(0))}
    fast_bel = zeta_subsets(np.array(masses, dtype=object), n)
    fast_m = mobius_subsets(np.array(bel, dtype=object), n)
    for a in range(1 << n):
        subsets = [b for b in range(1 << n) if b & ~a == 0]
        printed_m = sum(((-1) ** bin(a & ~b).count("1") * bel[b] for b in subsets), sympy.Integer(0))
        if sympy.expand(printed_m - masses[a]) != 0 or sympy.expand(fast_bel[a] - bel[a]) != 0 \
                or sympy.expand(fast_m[a] - masses[a]) != 0:
            return False
        if sympy.expand((pl[a] - (1 - bel[full & ~a])).xreplace(normal)) != 0:
            return False
    return True


@check("D2.mobius", "symbolic")
def _d2_mobius_symbolic(budget: Budget) -> Evidence:
    """Every mass function on frames of 1..4 labels at once: one symbol per non-empty subset; the printed
    Möbius sum of the printed bel is expanded to m, pl to 1 - bel(Ω∖A) (with Σ m = 1), and the fast
    transforms of numeric.belief agree with the printed sums term by term."""
    return exhaustive(({"labels": n} for n in range(1, 5)), lambda c: _symbolic_frame(c["labels"]),
                      method=Method.SYMBOLIC,
                      domain="every normal mass function on frames of 1, 2, 3, 4 labels (symbolic masses, sympy)")


def _mobius_holds(m: MassFunction) -> tuple[bool, dict]:
    """The printed sums over integer numerators (over m.denominator), naively over bitmasks, against the
    transforms of numeric.belief, and the round trips m -> bel -> m, m -> pl -> m."""
    full = (1 << m.n) - 1
    masses = [int(v) for v in m.raw("m")]
    focal = [b for b in range(1, full + 1) if masses[b]]
    bel = [sum(masses[b] for b in focal if b & ~a == 0) for a in range(full + 1)]
    pl = [sum(masses[e] for e in focal if e & a) for a in range(full + 1)]
    if bel != [int(v) for v in m.raw("bel")] or pl != [int(v) for v in m.raw("pl")]:
        return False, {"m": m.to_json(), "bel (printed)": bel, "pl (printed)": pl, "denominator": m.denominator}
    for a in range(full + 1):
        total, b = 0, a
        while True:  # the sub-masks b of a, sign (-1)^{|a \ b|}
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


@check("D2.mobius", "enumeration")
def _d2_mobius_grid(budget: Budget) -> Evidence:
    """Every mass function on exact grids of frames of 1-4 labels."""
    cases, text = mass_function_grid(budget)
    return exhaustive(cases, lambda c: _mobius_holds(c["m"]), domain=text)


@check("D2.mobius", "property")
def _d2_mobius_random(budget: Budget) -> Evidence:
    """Random mass functions on up to 5 labels (a cross-check of the implementation; the argument covers
    every frame)."""
    return search(strategies.mass_functions(min_labels=1, max_labels=5), _mobius_holds, budget,
                  "random exact mass functions on frames of 1-5 labels (generic, sparse, Bayesian, vacuous), every A",
                  examples=cross_check_examples(budget), describe=lambda m: {"m": m.to_json()})


# ==========================================================================================================
# D2.belief-iff
# ==========================================================================================================
_NOT_NORMAL = "mass assignment as the sentence defines it (m >= 0, Σ m = 1; m(∅) = 0 not required)"

define(Claim(
    id="D2.belief-iff", title="belief functions are exactly the Möbius transforms of mass assignments",
    printed=('is a belief function if and',),
    source="003 §2",
    statement=(r"$f$ is a belief function $\iff m_f(A) = \sum_{B \subseteq A} (-1)^{|A \setminus B|} f(B) \ge 0,\ "
                r"\sum_A m_f(A) = 1,\ m_f(\emptyset) = 0$"),
    domain=r"set functions $f: 2^{\Omega} \to [0, 1]$ on finite frames $\Omega$",
    interpretation=(r"'belief function' as 003 §2 defines it: $bel(\emptyset) = 0$, $bel(\Omega) = 1$ and total "
                    r"monotonicity $bel(\bigcup A_i) \ge \sum_{\emptyset \ne I} (-1)^{|I|+1} bel(\bigcap_{i \in "
                    "I} A_i)$ for every finite family (checked literally, by the belief-function test of "
                    r"numeric.belief); 'mass assignment' normal ($m(\emptyset) = 0$), by the paper's standing "
                    "convention 'all mass functions in this paper are assumed to be normal' and as the catalog "
                    "states it. The claim is Shafer's theorem (1976, Theorem 2.1)"),
    readings=(_NOT_NORMAL,),
    premise="$f$ is a belief function (forward); $m_f$ is a mass assignment (converse)",
    related={"D2.mobius": "the Möbius inversion it rests on"},
))


def _set_function_symbols(n: int) -> list[Any]:
    return [sympy.Symbol(f"f{mask}", real=True) for mask in range(1 << n)]


def _systems(n: int, *, normal: bool = True) -> tuple[list, list, list]:
    """(domain, belief-function conditions, Möbius conditions) for a symbolic set function on n labels."""
    f = _set_function_symbols(n)
    size, full = 1 << n, (1 << n) - 1
    domain = [v >= 0 for v in f] + [v <= 1 for v in f]
    belief = [sympy.Eq(f[0], 0), sympy.Eq(f[full], 1)]
    belief += [sum((int(c) * f[a] for a, c in enumerate(row) if c), sympy.Integer(0)) >= 0
               for row in monotonicity_rows(n)]
    mobius = [sum(((-1) ** bin(a & ~b).count("1") * f[b] for b in range(size) if b & ~a == 0), sympy.Integer(0))
              for a in range(size)]
    masses = [m >= 0 for m in mobius] + [sympy.Eq(sum(mobius, sympy.Integer(0)), 1)]
    masses += [sympy.Eq(mobius[0], 0)] if normal else [m <= 1 for m in mobius]
    return domain, [b for b in belief if b is not sympy.true], masses


def _named(relations: list) -> list[tuple[str, Any]]:
    return [(str(r), r) for r in relations]


def _equivalence_on_frame(n: int, timeout: float, *, normal: bool = True, record: list | None = None) -> dict[str, Any]:
    domain, belief, masses = _systems(n, normal=normal)
    forward = implied(domain + belief, _named(masses), timeout=timeout, record=record)
    converse = implied(domain + masses, _named(belief), timeout=timeout, record=record)
    return {"labels": n, "forward": forward, "converse": converse}


@check("D2.belief-iff", "decision")
def _belief_iff_per_frame(budget: Budget) -> Iterable[Evidence]:
    """For frames of 1, 2, 3 labels the two descriptions are systems of linear conditions on the 2^n values
    of f; z3 decides that each system implies every condition of the other: the equivalence on the whole
    continuum of set functions on those frames. (A proof for every frame needs Shafer's argument: Möbius
    inversion plus the inclusion-exclusion identity Σ_{∅≠I⊆J} (-1)^{|I|+1} = [J ≠ ∅].)"""
    import time

    start = time.perf_counter()
    queries: list = []  # z3's queries, for a proof certificate
    frames = [_equivalence_on_frame(n, budget.timeout, record=queries) for n in (1, 2, 3)]
    verdicts = [r[side]["implied"] for r in frames for side in ("forward", "converse")]
    outcome = Outcome.HOLDS if all(v is True for v in verdicts) else Outcome.INCONCLUSIVE
    yield Evidence(Method.DECISION, outcome,
                   "every set function f: 2^Ω -> [0, 1] on frames of 1, 2, 3 labels (the continuum; z3, exact); "
                   "a proof for larger frames would need Shafer's inclusion-exclusion argument",
                   {"frames": [{"labels": r["labels"], "belief => Möbius mass assignment": r["forward"],
                                "Möbius mass assignment => belief": r["converse"]} for r in frames],
                    "monotonicity inequalities (distinct after removing repeats)": [len(monotonicity_rows(n)) for n in (1, 2, 3)]},
                   seconds=time.perf_counter() - start, premise_cases=len(frames), steps=tuple(queries))
    # the alternative reading: a non-normal mass assignment (m(∅) > 0) is not the Möbius transform of a belief
    # function; z3's point is re-checked exactly with numeric.belief
    reading = _equivalence_on_frame(1, budget.timeout, normal=False)
    point = reading["converse"].get("point")
    if point is None:
        yield Evidence(Method.DECISION, Outcome.HOLDS, "set functions on a frame of 1 label", {"result": reading},
                       reading=_NOT_NORMAL, premise_cases=1)
        return
    values = [point[f"f{mask}"] for mask in range(2)]
    mobius = [values[0], values[1] - values[0]]
    if is_belief_function(values, 1) or not all(0 <= m <= 1 for m in mobius) or sum(mobius) != 1:
        yield Evidence(Method.DECISION, Outcome.INCONCLUSIVE, "set functions on a frame of 1 label",
                       {"z3 point not confirmed exactly": {k: str(v) for k, v in point.items()}}, reading=_NOT_NORMAL)
        return
    yield Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, "set functions f: 2^Ω -> [0, 1] on a frame of 1 label",
                   {"failing": reading["converse"]["failing"]},
                   counterexample={"f(∅)": values[0], "f(Ω)": values[1], "Möbius m(∅)": mobius[0],
                                   "Möbius m(Ω)": mobius[1], "belief function": False},
                   recheck=Recheck.EXACT, reading=_NOT_NORMAL, premise_cases=1)


def _iff_case(values: list, n: int) -> tuple[bool, dict]:
    belief = is_belief_function(values, n)
    mobius = list(mobius_subsets(np.array(values, dtype=object), n))
    mass = all(m >= 0 for m in mobius) and sum(mobius) == 1 and mobius[0] == 0
    return belief == mass, {"f": [str(v) for v in values], "belief function": belief,
                            "Möbius is a mass assignment": mass}


def _either_side(values: list, n: int) -> bool:
    info = _iff_case(values, n)[1]
    return info["belief function"] or info["Möbius is a mass assignment"]


@check("D2.belief-iff", "enumeration")
def _belief_iff_grid(budget: Budget) -> Evidence:
    """Every set function with values k/d on frames of 1, 2, 3 labels: the literal definition against the
    Möbius test; the premise counts the functions on which either side holds."""
    import itertools

    d1, d2, d3 = 4, 2 + budget.grid // 8, 1 + budget.grid // 16
    cases = [{"n": n, "f": [Fraction(k, d) for k in ks]} for n, d in ((1, d1), (2, d2), (3, d3))
             for ks in itertools.product(range(d + 1), repeat=1 << n)]
    return exhaustive(cases, lambda c: _iff_case(c["f"], c["n"]), premise=lambda c: _either_side(c["f"], c["n"]),
                      domain=(f"every set function with values in {{0, 1/d, ..., 1}} on every subset: frames of 1, 2, 3 "
                              f"labels with d = {d1}, {d2}, {d3} ({len(cases)} set functions); exact"))


@check("D2.belief-iff", "property")
def _belief_iff_random(budget: Budget) -> Evidence:
    """Random belief functions (bel of a random mass function on 1-3 labels) with one value moved by ±1/den or
    not: the definition and the Möbius test must agree."""
    from hypothesis import strategies as st

    @st.composite
    def set_functions(draw: Any) -> tuple[list, int]:
        m = draw(strategies.mass_functions(min_labels=1, max_labels=3))
        values = m.bel_vector()
        where = draw(st.integers(-1, len(values) - 1))
        if where >= 0:
            shift = Fraction(draw(st.sampled_from([-1, 1])), m.denominator * draw(st.integers(1, 3)))
            values[where] = min(max(values[where] + shift, Fraction(0)), Fraction(1))
        return values, m.n

    return search(set_functions(), lambda c: _iff_case(*c), budget,
                  "random set functions on frames of 1-3 labels: bel of a random exact mass function, one value "
                  "moved by ±1/(k·den) (k = 1..3, clipped to [0, 1]) or not (a cross-check of the implementation: "
                  "the decision covers every set function on these frames)", examples=cross_check_examples(budget),
                  describe=lambda c: {"f": [str(v) for v in c[0]], "labels": c[1]},
                  premise=lambda c: _either_side(*c))
